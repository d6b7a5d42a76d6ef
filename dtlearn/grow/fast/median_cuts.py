# About 435 logical lines: one idea, every cut's absolute error at once (the wavelet matrix of ranks, its queries, the estimates with their rounding bounds, and the exact and close errors those bounds call for), each part read against the others' rounding.
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
from .scratch import Scratch
from .sums import segment_sums

EPS = float(np.finfo(float).eps)


NARROW_BELOW = 2**30
"""Rows below which :class:`RankSums` keeps its counts and descends in int32, not int64.

A descent step reaches twice the rows (``2 * zeros - n_zeros``), so twice the rows must fit
an int32. Half the bytes per gather and per pass: a third less time per bit on 200k
queries, 4-9% of a 2k-row MAE fit and 9-10% of a 10k one (CPU, interleaved, load 18-23). The
partition while building stays int64 (a fancy assignment by int32 indices is twice as slow).
"""


class RankSums:
    """A wavelet matrix over ranks: the ``k``-th smallest of any range in one pass per bit.

    ``ranks`` are distinct within any range that is queried (ranks of the targets within
    their node), ``values`` what :meth:`kth_values` reads (targets less their node's median:
    small sums round less), ``targets`` the targets themselves (what a query's median reads).
    ``ends``: where consecutive slices end (the last is the array's length; default one
    slice), a query's range lying within one slice. A slice takes the bits of its own
    largest rank, so the slices must come by bits, most first: a bit's pass then reads only
    the slices that use it, a prefix of the array (and of the queries, taken slice by slice).
    The matrix counts only (no running sums of the values ride it): :func:`cut_errors` sums
    each side's lower half from its running medians.

    Examples
    --------
    >>> y = np.array([5.0, 1.0, 4.0, 2.0])
    >>> sums = RankSums(np.argsort(np.argsort(y)), y, y)
    >>> sums.kth_values(np.array([0, 1]), np.array([3, 4]), np.array([1, 1])).tolist()
    [4.0, 2.0]
    """

    def __init__(
        self,
        ranks: np.ndarray,
        values: np.ndarray,
        targets: np.ndarray,
        ends: np.ndarray | None = None,
        scratch: Scratch | None = None,
    ):
        n = len(ranks)
        self.scratch = space = Scratch() if scratch is None else scratch
        # the partition in int64 (a fancy assignment by int64 indices runs several times faster)
        v: np.ndarray = np.array(ranks, dtype=np.int64)  # a copy: partitioned in place
        self.ends = np.array([n] if ends is None else ends, dtype=np.int64)
        starts = np.concatenate([[0], self.ends[:-1]])
        top = np.maximum.reduceat(v, starts) if n else np.zeros(1, np.int64)
        self.slice_bits = np.maximum(1, np.frexp(top.astype(float))[1])  # bit_length
        if (np.diff(self.slice_bits) > 0).any():
            raise ValueError("ends: the slices must come by bits of their largest rank, most first")
        self.bits = int(self.slice_bits[0]) if n else 1
        # the counts and the descent in int32 when they fit (see NARROW_BELOW)
        self.small = np.int32 if n < NARROW_BELOW else np.int64
        index: np.ndarray = np.arange(n)  # where each row started
        # the partition writes into the other copy (whose rows past the active ones, not
        # yet moved, are the same); every pass writes into a buffer: new arrays of this
        # size cost page faults
        other = (space.copy("v", v), space.copy("index", index))
        places = np.arange(n)
        work = space.get("work", 2 * n, np.int64).reshape(2, n)
        zero_of = space.get("zero", n, np.bool_)
        self.levels = []
        for b in range(self.bits - 1, -1, -1):
            active = int(np.count_nonzero(self.slice_bits > b))  # slices that use bit b
            m = int(self.ends[active - 1]) if n else 0
            dest, spare = work[0, :m], work[1, :m]
            np.bitwise_and(v[:m], 1 << b, out=dest)
            zero = np.equal(dest, 0, out=zero_of[:m])
            zeros = space.get(("zeros", b), m + 1, self.small)
            zeros[0] = 0
            np.cumsum(zero, out=zeros[1:], dtype=self.small)
            n_zeros = int(zeros[-1])
            self.levels.append((zeros, n_zeros, active))
            # a stable partition, zeros first: a zero goes to zeros[i], a one to
            # n_zeros + i - zeros[i]
            np.subtract(places[:m], zeros[:m], out=dest)
            dest += n_zeros
            np.subtract(zeros[:m], dest, out=spare)
            spare *= zero
            dest += spare
            (v_to, index_to), other = other, (v, index)
            if b:  # no bit reads the ranks after the last
                v_to[dest] = v[:m]
            index_to[dest] = index[:m]
            v, index = v_to, index_to
        self.row = index.copy()  # the row each final position holds
        self.values = np.asarray(values, dtype=float)
        self.targets = np.asarray(targets, dtype=float)

    def _queries(self, lo, hi, k) -> tuple:
        """The queries in slice order, the order's inverse, and each bit's count.

        ``k`` is a copy (the descent updates it in place); ``lo`` and ``hi`` are only read.
        """
        lo, hi = np.asarray(lo, dtype=np.int64), np.asarray(hi, dtype=np.int64)
        k = self.scratch.copy("k", k, self.small)
        back = None
        if len(self.ends) == 1:
            return lo, hi, k, back, [len(lo)] * len(self.levels)
        where = np.searchsorted(self.ends, lo, side="right")
        if (np.diff(where) < 0).any():
            order = np.argsort(where, kind="stable")
            lo, hi, k, where = lo[order], hi[order], k[order], where[order]
            back = np.empty_like(order)
            back[order] = np.arange(len(order))
        counts = np.searchsorted(where, [level[2] for level in self.levels]).tolist()
        return lo, hi, k, back, counts

    def _rows(self, lo: np.ndarray, hi: np.ndarray, k: np.ndarray) -> np.ndarray:
        """The row (position in the arrays given) of the ``k``-th smallest of each range."""
        lo, hi, k, back, counts = self._queries(lo, hi, k)
        n = len(lo)
        # both ends of every range in one array (one call per step for both): every pass
        # writes into kept arrays
        ints = self.scratch.get("ints", 6 * n, self.small).reshape(6, n)
        ends, at, work, z = ints[0:2], ints[2:4], ints[4:6], ints[4]
        ends[0], ends[1] = lo, hi
        right_of = self.scratch.get("right", n, np.bool_)
        take = np.take
        for (zeros, n_zeros, _), q in zip(self.levels, counts):
            e, c, right, a, w = ends[:, :q], k[:q], right_of[:q], at[:, :q], work[:, :q]
            take(zeros, e, out=a, mode="clip")  # zeros before each end
            np.subtract(a[1], a[0], out=z[:q])  # the range's zeros
            np.greater_equal(c, z[:q], out=right)  # the k-th is a one
            np.multiply(z[:q], right, out=z[:q])
            np.subtract(c, z[:q], out=c)
            # a zero's end goes to zeros[i], a one's to i - zeros[i] + n_zeros: without
            # np.where (slower) or new arrays
            np.multiply(a, 2, out=w)
            np.subtract(w, n_zeros, out=w)
            np.subtract(e, w, out=e)
            np.multiply(e, right, out=e)
            np.add(e, a, out=e)
        rows = take(self.row, ends[0])
        return rows if back is None else rows[back]

    def kth_values(self, lo: np.ndarray, hi: np.ndarray, k: np.ndarray) -> np.ndarray:
        """The value (of ``values``) whose target is the ``k``-th smallest of ``[lo, hi)``."""
        return np.take(self.values, self._rows(lo, hi, k))

    def kth(self, lo: np.ndarray, hi: np.ndarray, k: np.ndarray) -> np.ndarray:
        """The ``k``-th smallest target (from 0) of each range ``[lo, hi)``.

        Examples
        --------
        >>> y = np.array([5.0, 1.0, 4.0, 2.0])
        >>> RankSums(np.argsort(np.argsort(y)), y, y).kth(np.array([0, 1]), np.array([4, 3]),
        ...                                               np.array([3, 0])).tolist()
        [5.0, 1.0]
        """
        return np.take(self.targets, self._rows(lo, hi, k))

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
        both = self.kth(
            np.concatenate([lo, lo]),
            np.concatenate([hi, hi]),
            np.concatenate([half, np.maximum(half - 1, 0)]),
        )
        m = len(count)
        return median_of_sorted(both[m:], both[:m], (count % 2).astype(bool))


class GroupedRankSums(RankSums):
    """:class:`RankSums` of consecutive slices in any order of their bits.

    ``ends`` are where the slices end (the last is the array's length); a query's range
    lies within one slice. The slices are laid out again by bits, most first (not at all
    when they come so), and each query's positions moved with its slice.

    Examples
    --------
    >>> y = np.array([5.0, 1.0, 4.0, 2.0, 7.0, 3.0])
    >>> ranks = np.array([1, 0, 2, 0, 3, 1])  # within [5, 1] and [4, 2, 7, 3]
    >>> sums = GroupedRankSums(ranks, y, y, np.array([2, 6]))
    >>> sums.kth(np.array([0, 2, 3]), np.array([2, 6, 6]), np.array([1, 1, 2])).tolist()
    [5.0, 3.0, 7.0]
    """

    def __init__(
        self,
        ranks: np.ndarray,
        values: np.ndarray,
        targets: np.ndarray,
        ends: np.ndarray,
        scratch: Scratch | None = None,
    ):
        ends = np.asarray(ends, dtype=np.int64)
        starts = np.concatenate([[0], ends[:-1]])
        lengths = ends - starts
        top = np.maximum.reduceat(np.asarray(ranks), starts)
        bits = np.maximum(1, np.frexp(top.astype(float))[1])
        order = np.argsort(-bits, kind="stable")
        self.old_ends = ends
        self.shift = None
        if (order != np.arange(len(order))).any():
            placed = np.cumsum(lengths[order]) - lengths[order]
            self.shift = np.empty(len(order), dtype=np.int64)
            self.shift[order] = placed - starts[order]
            rows = np.concatenate([np.arange(starts[g], ends[g]) for g in order.tolist()])
            ranks, values, targets = ranks[rows], values[rows], targets[rows]
            ends = placed + lengths[order]
        super().__init__(ranks, values, targets, ends, scratch)

    def _moved(self, lo, hi) -> tuple:
        if self.shift is None:
            return lo, hi
        by = self.shift[np.searchsorted(self.old_ends, lo, side="right")]
        return np.asarray(lo) + by, np.asarray(hi) + by

    def _rows(self, lo: np.ndarray, hi: np.ndarray, k: np.ndarray) -> np.ndarray:
        """:meth:`RankSums._rows` of ranges of the whole array."""
        at, to = self._moved(lo, hi)
        return super()._rows(at, to, k)


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


def cut_errors(
    sums: RankSums | GroupedRankSums, values: np.ndarray, lengths: np.ndarray
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
    ([7.0, 6.0, 8.0], True)
    """
    lengths = np.asarray(lengths, dtype=np.int64)
    values = np.asarray(values, dtype=float)
    starts, segment = segment_bounds(lengths)
    n_cuts = len(segment)
    first = np.cumsum(np.maximum(lengths - 1, 0)) - np.maximum(lengths - 1, 0)
    at = starts[segment]
    end = at + lengths[segment]
    p = np.arange(1, n_cuts + 1) - first[segment]  # rows left
    q = lengths[segment] - p  # rows right
    # each side's lower median, the left and right side of a cut one after the other (the
    # queries come slice by slice)
    lo, hi, k = (np.empty(2 * n_cuts, dtype=np.int64) for _ in range(3))
    lo[0::2], lo[1::2] = at, at + p
    hi[0::2], hi[1::2] = lo[1::2], end
    np.subtract(p, 1, out=k[0::2])
    np.subtract(q, 1, out=k[1::2])
    k >>= 1
    middle = sums.kth_values(lo, hi, k)
    left_m, right_m = middle[0::2], middle[1::2]
    # a side's error is its sum less twice the sum of its lower half (less its median for
    # an odd count). A row joining a side of c rows whose lower median is m adds
    # min(y - m, 0) (c even) or min(y, m) (c odd) to that sum: running sums of those give
    # every prefix's and suffix's lower half
    joins = np.take(values, at + p)  # the row a prefix of p rows takes next
    step = np.where(p & 1, np.minimum(joins, left_m), np.minimum(joins - left_m, 0.0))
    left_low = np.zeros(n_cuts + 1)
    np.cumsum(step, out=left_low[1:])
    joins = np.take(values, at + p - 1)  # the row a suffix of q rows takes next
    step = np.where(q & 1, np.minimum(joins, right_m), np.minimum(joins - right_m, 0.0))
    right_low = np.zeros(n_cuts + 1)
    np.cumsum(step, out=right_low[1:])
    running = np.zeros(len(values) + 1)
    np.cumsum(values, out=running[1:])
    cuts = np.arange(n_cuts)
    last = first[segment] + lengths[segment] - 1  # one past the segment's last cut
    left = running[at + p] - running[at]
    left -= 2 * (left_low[cuts] - left_low[first[segment]])
    left -= left_m * (p & 1)
    right = running[end] - running[at + p]
    right -= 2 * (right_low[last] - right_low[cuts + 1])
    right -= right_m * (q & 1)
    # a bound for every cut of a segment: the running sums' rounding (of the values and
    # of the lower halves' steps, each step's own), the last few operations', and the
    # values' own (targets less their node's median, rounded: the sums are of those)
    n = lengths.astype(float)
    size = float(np.abs(running).max(initial=0.0))
    size_low = float(max(np.abs(left_low).max(), np.abs(right_low).max()))
    if len(starts):
        absolute = np.add.reduceat(np.abs(values), starts)
        largest = np.maximum.reduceat(np.abs(values), starts)
    else:
        absolute = largest = n
    side = 2 * ((n + 2) * size_low + n * largest) + (n + 2) * size + 15 * absolute
    return left + right, (2 * EPS * side)[segment]


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


def sorted_middles(values: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
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


def side_spreads(
    values: np.ndarray, starts: np.ndarray, lengths: np.ndarray, medians: np.ndarray
) -> np.ndarray:
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
        int(lengths.sum())
    )
    terms = np.abs(values[index] - medians[segment])
    return segment_sums(terms, np.cumsum(lengths) - lengths, lengths)


def exact_cut_errors(
    values: np.ndarray,
    starts: np.ndarray,
    lengths: np.ndarray,
    cut: np.ndarray,
    sums: RankSums | GroupedRankSums | None = None,
    medians: np.ndarray | None = None,
) -> np.ndarray:
    """:func:`dtlearn.criteria.absolute_error_cuts` of the listed cuts, its floats, unit weights.

    Cut ``cut[j]`` of the segment ``values[starts[j]:starts[j] + lengths[j]]`` keeps its
    first ``cut[j] + 1`` values left. ``sums``: a :class:`RankSums` over ``values`` that
    gives the sides' medians (otherwise each side is sorted); ``medians``: the sides'
    medians when the caller has them, every left side's, then every right side's.

    Examples
    --------
    >>> from dtlearn.criteria import absolute_error_cuts
    >>> y = np.array([1.0, 2.0, 9.0, 4.0])
    >>> exact_cut_errors(y, np.array([0, 0]), np.array([4, 4]), np.array([0, 2])).tolist()
    [1.75, 2.0]
    >>> absolute_error_cuts(y, np.ones(4), np.array([True, False, True]))[[0, 2]].tolist()
    [1.75, 2.0]
    """
    starts = np.asarray(starts, dtype=np.int64)
    lengths = np.asarray(lengths, dtype=np.int64)
    left = np.asarray(cut, dtype=np.int64) + 1
    side_start = np.concatenate([starts, starts + left])
    side_length = np.concatenate([left, lengths - left])
    if medians is not None:
        medians = np.asarray(medians, dtype=float)
    elif sums is None:
        medians = sorted_middles(values, side_start, side_length)
    else:
        medians = sums.medians(side_start, side_start + side_length)
    spread = side_spreads(values, side_start, side_length, medians)
    q = side_length.astype(float)
    terms = spread / q * q  # absolute_error_of(...) * w.sum()
    m = len(starts)
    return (terms[:m] + terms[m:]) / lengths.astype(float)


EPS_EXTENDED = float(np.finfo(np.longdouble).eps)
"""The precision :func:`close_cut_errors` sums in (``EPS`` where ``longdouble`` is double)."""


def close_cut_errors(
    values: np.ndarray,
    starts: np.ndarray,
    lengths: np.ndarray,
    cut: np.ndarray,
    medians: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`exact_cut_errors` to within a bound of its floats, summed in extended precision.

    The same terms ``|y - median|`` of each side (``medians``: every left side's, then
    every right side's), added in ``longdouble`` in one call rather than in numpy's
    pairwise order; returns ``(errors, bound)`` with ``|errors - exact_cut_errors(...)|
    <= bound``: the reference's pairwise sums round by at most ``(log2 n + 26) ε`` of the
    sum, its last four operations ``4 ε``, these sums ``n ε'`` (``ε'`` the extended
    precision's), each bound doubled.

    Examples
    --------
    >>> y = np.array([1.0, 2.0, 9.0, 4.0])
    >>> errors, bound = close_cut_errors(y, np.array([0, 0]), np.array([4, 4]),
    ...                                  np.array([0, 2]), np.array([1.0, 2.0, 4.0, 4.0]))
    >>> errors.tolist(), exact_cut_errors(y, np.array([0, 0]), np.array([4, 4]),
    ...                                   np.array([0, 2])).tolist(), bool((bound < 1e-13).all())
    ([1.75, 2.0], [1.75, 2.0], True)
    """
    starts = np.asarray(starts, dtype=np.int64)
    lengths = np.asarray(lengths, dtype=np.int64)
    left = np.asarray(cut, dtype=np.int64) + 1
    side_start = np.concatenate([starts, starts + left])
    side_length = np.concatenate([left, lengths - left])  # every side holds a row
    placed = np.cumsum(side_length) - side_length
    side = np.repeat(np.arange(len(side_length)), side_length)
    index = np.repeat(side_start - placed, side_length) + np.arange(int(side_length.sum()))
    terms = np.abs(np.asarray(values, dtype=float)[index] - np.asarray(medians)[side])
    total = np.add.reduceat(terms.astype(np.longdouble), placed) if len(placed) else terms
    k = len(starts)
    n = lengths.astype(float)
    errors = ((total[:k] + total[k:]) / n).astype(float)
    rounding = 2 * ((np.log2(n + 1) + 34) * EPS + 2 * n * EPS_EXTENDED) * errors
    return errors, rounding


def near_best_cuts(
    errors: np.ndarray,
    bound: np.ndarray,
    valid: np.ndarray,
    segment: np.ndarray,
    lengths: np.ndarray,
    scale: np.ndarray,
) -> np.ndarray:
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


__all__ = [
    "EPS_EXTENDED",
    "GroupedRankSums",
    "RankSums",
    "close_cut_errors",
    "cut_errors",
    "exact_cut_errors",
    "median_of_sorted",
    "near_best_cuts",
    "segment_bounds",
    "side_spreads",
    "sorted_middles",
]
