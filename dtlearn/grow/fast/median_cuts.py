"""Every cut's absolute error at once: running medians of many segments in a few numpy passes.

An absolute-error (MAE) scan needs, for every cut of every node and column, each side's
``Σ|y - median|``. With unit weights that is the sum of a side's upper half less the sum
of its lower half (less the median itself for an odd count): the sum of the ``k`` smallest
targets of a range of the sorted order, ``k`` half the range's rows. A *wavelet matrix*
over the targets' ranks answers that for every range at once: one stable partition per bit
of the ranks to build it, and one pass per bit over all the queries to descend it
(Claude, Navarro and Ordóñez, "The wavelet matrix", 2015), so a level of a tree costs
``O(rows · columns · log rows)`` in about a dozen numpy calls per bit.

The sums are running sums over the whole level, so each figure carries a rounding bound;
:func:`near_best_cuts` keeps every cut whose exact error may tie with the best (as
:func:`dtlearn.grow.scanners.near_best_median_cuts` does for one column) and
:func:`exact_cut_errors` works those out in the very floats of
:func:`dtlearn.criteria.absolute_error_cuts`, the reference.
"""

from __future__ import annotations

import numpy as np

from ..scanners import tolerance
from .sums import segment_sums

EPS = float(np.finfo(float).eps)


class RankSums:
    """A wavelet matrix over ranks, with running sums of the values at each bit.

    ``ranks`` are distinct within any range that is queried (ranks of the targets within
    their node), ``values`` the numbers summed (targets less their node's median: small
    sums round less), ``targets`` the targets themselves (what a query's median reads).

    Examples
    --------
    >>> y = np.array([5.0, 1.0, 4.0, 2.0])
    >>> sums = RankSums(np.argsort(np.argsort(y)), y, y)
    >>> total, value, bound = sums.smallest(np.array([0, 1]), np.array([3, 4]), np.array([1, 1]))
    >>> total.tolist(), value.tolist()
    [[1.0, 2.0], [4.0, 4.0]]
    """

    def __init__(self, ranks: np.ndarray, values: np.ndarray, targets: np.ndarray):
        top = int(ranks.max(initial=0))
        self.bits = max(1, top.bit_length())
        n = len(ranks)
        kind = np.int32 if n < 2 ** 31 - 1 else np.int64
        v = np.asarray(ranks, dtype=kind)
        vals = np.asarray(values, dtype=float)
        ys = np.asarray(targets, dtype=float)
        index = np.arange(n, dtype=kind)
        self.levels = []
        for b in range(self.bits - 1, -1, -1):
            one = ((v >> b) & 1).astype(bool)
            zeros = np.zeros(n + 1, dtype=kind)
            np.cumsum(~one, out=zeros[1:])
            sums = np.zeros(n + 1)
            np.cumsum(np.where(one, 0.0, vals), out=sums[1:])
            # a difference of two running sums is off by at most the rounding of the
            # additions between them, each at most ε/2 of the largest running sum
            size = max(float(sums.max()), -float(sums.min()))
            n_zeros = int(zeros[-1])
            before = zeros[:-1]
            # a stable partition, zeros first: each row's place at the next bit
            dest = np.where(one, index - before + n_zeros, before)
            self.levels.append((zeros, sums, n_zeros, size))
            v_next, vals_next, ys_next = np.empty_like(v), np.empty_like(vals), np.empty_like(ys)
            v_next[dest], vals_next[dest], ys_next[dest] = v, vals, ys
            v, vals, ys = v_next, vals_next, ys_next
        self.values, self.targets = vals, ys
        self.size = sum(level[3] for level in self.levels)

    def smallest(self, lo: np.ndarray, hi: np.ndarray, k: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For each range ``[lo, hi)``: the sum of its ``k`` smallest values, the ``k``-th.

        Returns ``(total, value, bound)``: ``total[0]`` the sum of the ``k`` smallest
        values, ``total[1]`` the ``k``-th smallest (from 0) of them; ``value`` the ``k``-th
        smallest's target (``[0]``) and value (``[1]``) again; ``bound`` a bound on the
        rounding of ``total[0]``. Needs ``k < hi - lo``.
        """
        kind = self.levels[0][0].dtype if self.levels else np.int64
        lo = np.asarray(lo, dtype=kind)
        hi = np.asarray(hi, dtype=kind)
        count = hi - lo
        k = np.asarray(k, dtype=kind)
        acc = np.zeros(len(lo))
        for zeros, sums, n_zeros, _ in self.levels:
            zl, zh = zeros[lo], zeros[hi]
            z = zh - zl
            right = k >= z
            acc += np.where(right, sums[hi] - sums[lo], 0.0)
            k -= np.where(right, z, 0)
            lo = np.where(right, lo - zl + n_zeros, zl)
            hi = np.where(right, hi - zh + n_zeros, zh)
        # each difference taken: the additions between its ends (at most the range's
        # rows) and its own rounding, each within ε of the largest running sum
        bound = ((count + 2.0) * self.size + (len(self.levels) + 1) * np.abs(acc)) * EPS
        return np.stack([acc, self.values[lo]]), np.stack([self.targets[lo], self.values[lo]]), \
            bound

    def kth(self, lo: np.ndarray, hi: np.ndarray, k: np.ndarray) -> np.ndarray:
        """The ``k``-th smallest target (from 0) of each range ``[lo, hi)``.

        Examples
        --------
        >>> y = np.array([5.0, 1.0, 4.0, 2.0])
        >>> RankSums(np.argsort(np.argsort(y)), y, y).kth(np.array([0, 1]), np.array([4, 3]),
        ...                                               np.array([3, 0])).tolist()
        [5.0, 1.0]
        """
        kind = self.levels[0][0].dtype if self.levels else np.int64
        lo = np.asarray(lo, dtype=kind)
        hi = np.asarray(hi, dtype=kind)
        k = np.asarray(k, dtype=kind)
        for zeros, _, n_zeros, _ in self.levels:
            zl, zh = zeros[lo], zeros[hi]
            z = zh - zl
            right = k >= z
            k -= np.where(right, z, 0)
            lo = np.where(right, lo - zl + n_zeros, zl)
            hi = np.where(right, hi - zh + n_zeros, zh)
        return self.targets[lo]

    def medians(self, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
        """The median of the targets of each range, in :func:`median_of_sorted`'s floats.

        Examples
        --------
        >>> y = np.array([5.0, 1.0, 4.0, 2.0])
        >>> RankSums(np.argsort(np.argsort(y)), y, y).medians(np.array([0, 0]),
        ...                                                   np.array([4, 3])).tolist()
        [3.0, 4.0]
        """
        count = np.asarray(hi) - np.asarray(lo)
        half = count // 2
        both = self.kth(np.concatenate([lo, lo]), np.concatenate([hi, hi]),
                        np.concatenate([half, np.maximum(half - 1, 0)]))
        m = len(count)
        return median_of_sorted(both[m:], both[:m], (count % 2).astype(bool))


class GroupedRankSums:
    """:class:`RankSums` of consecutive slices of one array, queried as one.

    ``ends`` are where the slices end (the last is the array's length); a query's range
    lies within one slice. Each slice's matrix takes the bits of its own largest rank.

    Examples
    --------
    >>> y = np.array([5.0, 1.0, 4.0, 2.0, 7.0, 3.0])
    >>> ranks = np.array([3, 0, 2, 1, 1, 0])
    >>> sums = GroupedRankSums(ranks, y, y, np.array([4, 6]))
    >>> sums.kth(np.array([0, 4]), np.array([4, 6]), np.array([1, 1])).tolist()
    [2.0, 7.0]
    """

    def __init__(self, ranks: np.ndarray, values: np.ndarray, targets: np.ndarray,
                 ends: np.ndarray):
        ends = np.asarray(ends, dtype=np.int64)
        self.starts = np.concatenate([[0], ends[:-1]]).astype(np.int64)
        self.ends = ends
        self.parts = [RankSums(ranks[a:b], values[a:b], targets[a:b])
                      for a, b in zip(self.starts.tolist(), ends.tolist())]

    def _each(self, lo: np.ndarray) -> list:
        if len(self.parts) == 1:
            return [(slice(None), 0, self.parts[0])]
        where = np.searchsorted(self.ends, lo, side="right")
        return [(np.flatnonzero(where == g), int(self.starts[g]), part)
                for g, part in enumerate(self.parts)]

    def smallest(self, lo: np.ndarray, hi: np.ndarray, k: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`RankSums.smallest` of ranges of the whole array."""
        total, value, bound = np.empty((2, len(lo))), np.empty((2, len(lo))), np.empty(len(lo))
        for at, start, part in self._each(lo):
            total[:, at], value[:, at], bound[at] = part.smallest(lo[at] - start,
                                                                  hi[at] - start, k[at])
        return total, value, bound

    def kth(self, lo: np.ndarray, hi: np.ndarray, k: np.ndarray) -> np.ndarray:
        """:meth:`RankSums.kth` of ranges of the whole array."""
        out = np.empty(len(lo))
        for at, start, part in self._each(lo):
            out[at] = part.kth(lo[at] - start, hi[at] - start, k[at])
        return out

    def medians(self, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
        """:meth:`RankSums.medians` of ranges of the whole array."""
        out = np.empty(len(lo))
        for at, start, part in self._each(lo):
            out[at] = part.medians(lo[at] - start, hi[at] - start)
        return out


def segment_bounds(lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Starts of segments laid end to end, and each cut's segment.

    Cut ``i`` of segment ``s`` (``0 <= i < lengths[s] - 1``) keeps its first ``i + 1``
    rows left; cuts are numbered segment after segment.

    Examples
    --------
    >>> starts, segment = segment_bounds(np.array([3, 2]))
    >>> starts.tolist(), segment.tolist()
    ([0, 3], [0, 0, 1])
    """
    lengths = np.asarray(lengths, dtype=np.int64)
    starts = np.cumsum(lengths) - lengths
    return starts, np.repeat(np.arange(len(lengths)), np.maximum(lengths - 1, 0))


def cut_errors(sums: RankSums | GroupedRankSums, values: np.ndarray, lengths: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:
    """``Σ|y - median|`` of both sides of every cut of every segment, and a rounding bound.

    ``values`` are the segments' values end to end (as ``sums`` holds them before its
    partitions); returns ``(errors, bound)``, each per cut (:func:`segment_bounds`'
    numbering): the sum over both sides, and how far it may be from the exact sum of the
    values given.

    Examples
    --------
    >>> y = np.array([1.0, 2.0, 9.0, 4.0])
    >>> sums = RankSums(np.argsort(np.argsort(y)), y, y)
    >>> errors, bound = cut_errors(sums, y, np.array([4]))
    >>> errors.tolist(), bool((bound < 1e-12).all())
    ([9.0, 6.0, 8.0], True)
    """
    starts, segment = segment_bounds(lengths)
    n_cuts = len(segment)
    first = np.cumsum(np.maximum(np.asarray(lengths) - 1, 0)) - np.maximum(
        np.asarray(lengths) - 1, 0)
    p = np.arange(1, n_cuts + 1) - first[segment]  # rows left of each cut
    at = starts[segment]
    ends = at + np.asarray(lengths, dtype=np.int64)[segment]
    lo = np.concatenate([at, at + p])
    hi = np.concatenate([at + p, ends])
    count = hi - lo
    total, _, bound = sums.smallest(lo, hi, count // 2)
    running = np.zeros(len(values) + 1)
    np.cumsum(values, out=running[1:])
    size = float(np.abs(running).max(initial=0.0))
    absolute = np.zeros(len(values) + 1)
    np.cumsum(np.abs(values), out=absolute[1:])
    whole = running[hi] - running[lo]
    odd = (count % 2).astype(bool)
    errors = whole - 2 * total[0] - np.where(odd, total[1], 0.0)
    # the running sums' rounding, the last few operations', and the values' own (each
    # target less its node's median, rounded: the sums are of those)
    bound = 2 * bound + ((count + 2) * size + 4 * (np.abs(whole) + np.abs(errors))
                         + 3 * (absolute[hi] - absolute[lo])) * EPS
    return errors[:n_cuts] + errors[n_cuts:], bound[:n_cuts] + bound[n_cuts:]


def median_of_sorted(lower: np.ndarray, upper: np.ndarray, odd: np.ndarray) -> np.ndarray:
    """Medians as :func:`dtlearn.criteria.weighted_median` takes them of unit weights.

    ``upper`` is the middle value (odd counts) or the upper of the two (``lower`` the
    other): the same floats, ``(0.0 + a) / 1.0`` or ``(0.0 + a + b) / 2.0``.

    Examples
    --------
    >>> median_of_sorted(np.array([1.0, 2.0]), np.array([2.0, 4.0]), np.array([True, False])).tolist()
    [2.0, 3.0]
    """
    return np.where(odd, (0.0 + upper) / 1.0, (0.0 + lower + upper) / 2.0)


def sorted_middles(values: np.ndarray, starts: np.ndarray, lengths: np.ndarray
                   ) -> np.ndarray:
    """The median of each segment of ``values`` (:func:`median_of_sorted`'s floats).

    Examples
    --------
    >>> sorted_middles(np.array([3.0, 1.0, 2.0, 5.0, 4.0]), np.array([0, 3]), np.array([3, 2])).tolist()
    [2.0, 4.5]
    """
    lengths = np.asarray(lengths, dtype=np.int64)
    segment = np.repeat(np.arange(len(lengths)), lengths)
    placed = np.cumsum(lengths) - lengths
    taken = values[np.repeat(np.asarray(starts) - placed, lengths) + np.arange(int(lengths.sum()))]
    ordered = taken[np.lexsort((taken, segment))]
    half = lengths // 2
    odd = (lengths % 2).astype(bool)
    upper = ordered[placed + half]
    lower = ordered[placed + np.maximum(half - 1, 0)]
    return median_of_sorted(lower, upper, odd)


def side_spreads(values: np.ndarray, starts: np.ndarray, lengths: np.ndarray,
                 medians: np.ndarray) -> np.ndarray:
    """``Σ|y - median|`` of each segment in numpy's order of summing (:func:`segment_sums`).

    The float :func:`dtlearn.criteria.absolute_error_about` multiplies out of unit
    weights (``1.0 · |y - m|`` is ``|y - m|``; below eight values Python adds them one by
    one from 0.0, numpy from -0.0: the same non-negative sum).

    Examples
    --------
    >>> side_spreads(np.array([1.0, 2.0, 9.0]), np.array([0, 1]), np.array([1, 2]),
    ...              np.array([1.0, 5.5])).tolist()
    [0.0, 7.0]
    """
    lengths = np.asarray(lengths, dtype=np.int64)
    segment = np.repeat(np.arange(len(lengths)), lengths)
    index = np.repeat(starts - (np.cumsum(lengths) - lengths), lengths) + np.arange(
        int(lengths.sum()))
    terms = np.abs(values[index] - medians[segment])
    return segment_sums(terms, np.cumsum(lengths) - lengths, lengths)


def exact_cut_errors(values: np.ndarray, starts: np.ndarray, lengths: np.ndarray,
                     cut: np.ndarray, sums: RankSums | GroupedRankSums | None = None) -> np.ndarray:
    """:func:`dtlearn.criteria.absolute_error_cuts` of the listed cuts, its floats, unit weights.

    Cut ``cut[j]`` of the segment ``values[starts[j]:starts[j] + lengths[j]]`` keeps its
    first ``cut[j] + 1`` values left. ``sums``: a :class:`RankSums` over ``values`` that
    gives the sides' medians (otherwise each side is sorted).

    Examples
    --------
    >>> from dtlearn.criteria import absolute_error_cuts
    >>> y = np.array([1.0, 2.0, 9.0, 4.0])
    >>> exact_cut_errors(y, np.array([0, 0]), np.array([4, 4]), np.array([0, 2])).tolist()
    [1.6666666666666667, 0.5]
    >>> absolute_error_cuts(y, np.ones(4), np.array([True, False, True]))[[0, 2]].tolist()
    [1.6666666666666667, 0.5]
    """
    starts = np.asarray(starts, dtype=np.int64)
    lengths = np.asarray(lengths, dtype=np.int64)
    left = np.asarray(cut, dtype=np.int64) + 1
    side_start = np.concatenate([starts, starts + left])
    side_length = np.concatenate([left, lengths - left])
    if sums is None:
        medians = sorted_middles(values, side_start, side_length)
    else:
        medians = sums.medians(side_start, side_start + side_length)
    spread = side_spreads(values, side_start, side_length, medians)
    q = side_length.astype(float)
    terms = spread / q * q  # absolute_error_of(...) * w.sum()
    m = len(starts)
    return (terms[:m] + terms[m:]) / lengths.astype(float)


def near_best_cuts(errors: np.ndarray, bound: np.ndarray, valid: np.ndarray,
                   segment: np.ndarray, lengths: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """The valid cuts whose exact error may tie with their segment's best (a mask).

    ``errors``/``bound`` are :func:`cut_errors`' (sums over both sides), ``segment`` each
    cut's segment, ``lengths`` the segments' rows, ``scale`` each segment's tie scale
    (:meth:`~dtlearn.criteria.Criterion.tie_scale_of`). A cut is kept when its estimate
    lies within the tie tolerance plus twice the largest error of the estimates and of
    the reference's own rounding of the segment's best.

    Examples
    --------
    >>> near_best_cuts(np.array([3.0, 1.0, 1.0 + 1e-14, 2.0]), np.full(4, 1e-15),
    ...                np.ones(4, bool), np.array([0, 0, 0, 0]), np.array([5]),
    ...                np.array([1.0])).tolist()
    [False, True, True, False]
    """
    n = np.asarray(lengths, dtype=float)[segment]
    estimate = np.where(valid, errors / n, np.inf)
    # the reference's floats: sums over at most n rows, pairwise or one by one (< 8)
    rounding = bound / n + (40 + 2 * np.log2(n + 1)) * EPS * np.abs(errors / n)
    # every segment has a cut (two rows or more) and its cuts are consecutive
    first = np.flatnonzero(np.r_[True, segment[1:] != segment[:-1]])
    best = np.minimum.reduceat(estimate, first)
    slack = np.maximum.reduceat(np.where(valid, rounding, 0.0), first)
    reach = best + 2 * slack + 2 * tolerance(best + slack, 2 * np.asarray(scale))
    return valid & (estimate <= reach[segment])


__all__ = ["GroupedRankSums", "RankSums", "cut_errors", "exact_cut_errors", "median_of_sorted",
           "near_best_cuts", "segment_bounds", "side_spreads", "sorted_middles"]
