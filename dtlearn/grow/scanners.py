# About 510 logical lines: one idea, the threshold scanners (one node, a padded level, a level end to end, the reference) and the tie and midpoint rules they all share.
"""Scanners: pure functions that find the best cut of a column, and the two rules they share.

A scanner takes what one node knows of one or more columns (sorted values, cumulative
class counts or targets, weights) and returns where the best cut lies and how many cuts
it scored. It never builds a :class:`~dtlearn.grow.records.Candidate`; the engine does
that for the winner only. Every scanner breaks ties with :func:`first_best` and places
thresholds with :func:`dtlearn.splits.midpoint`: the one tie rule and the one midpoint rule.

:func:`threshold_cuts` is the fast scan (every cut of every column in one vectorised
pass); :func:`reference_threshold_cut` scores one cut at a time through
:meth:`dtlearn.criteria.Criterion.split_scores` — slow and plain, so a test can check that
both choose the same trees.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..criteria import Criterion, squared_error_of_sums
from ..splits import midpoint
from .average_gain import ranks_by_gain
from .medians import running_median_errors

TIE_TOLERANCE = 1e-12
"""Two scores tie when they differ by at most ``TIE_TOLERANCE · max(|best|, I(node))``.

Relative, never absolute: ``|best|`` is the best score being compared, ``I(node)`` the
node's :meth:`~dtlearn.criteria.Criterion.tie_scale` — its impurity (classification) or
the mean square of its targets about the node's mean (regression: a squared error is a
difference of sums of squares, and rounds relative to them;
:func:`~dtlearn.grow.fast.sums.centred_terms`). The rounding of ``I(node) - I(children)`` is a
few units in the last place of that scale, however small the decrease. Scaling the target or
every weight by a constant scales both, so it never changes a tie. Ties go to the first attribute
in column order, then the lowest threshold (docs/ALGORITHMS.md)."""

MAX_EXHAUSTIVE_CATEGORIES = 10
"""Above this many categories, multi-class subset splits use an ordering heuristic
instead of trying all 2^(v-1)-1 partitions."""


def tolerance(best: Any, scale: Any = 0.0) -> Any:
    """How far below ``best`` a score may lie and still tie with it (elementwise).

    ``TIE_TOLERANCE · max(|best|, |scale|)``, where ``scale`` is the node's
    :meth:`~dtlearn.criteria.Criterion.tie_scale` (:data:`TIE_TOLERANCE`).

    Examples
    --------
    >>> float(tolerance(0.5)), float(tolerance(-2000.0)), float(tolerance(2e-12, 0.5))
    (5e-13, 2e-09, 5e-13)
    """
    return TIE_TOLERANCE * np.maximum(np.abs(best), np.abs(scale))


def is_better(a: float, b: float, scale: float = 0.0) -> bool:
    """Whether score ``a`` beats ``b`` by more than a tie (:func:`tolerance`).

    Examples
    --------
    >>> is_better(0.3, 0.3 - 1e-15), is_better(0.31, 0.3), is_better(3e-13, 2e-13)
    (False, True, True)
    """
    return bool(a > b + tolerance(b, scale))


def first_best(scores: Any, axis: int = 0, scale: Any = 0.0) -> Any:
    """Index of the first score that ties with the best along ``axis`` (-1 if none is finite).

    ``scale`` is the node's tie scale (broadcast against the best scores, that is
    ``scores`` without ``axis``): scores within :func:`tolerance` of the best tie.

    Examples
    --------
    >>> first_best([0.2, 0.5, 0.5 - 1e-14, 0.1])
    1
    >>> first_best([2e-13, 5e-13, 4e-13]), first_best([2e-13, 5e-13, 4e-13], scale=1.0)
    (1, 0)
    >>> first_best(np.array([[0.1, -np.inf], [0.1, -np.inf]])).tolist()
    [0, -1]
    """
    scores = np.asarray(scores, dtype=float)
    best = scores.max(axis=axis)
    finite = np.isfinite(best)
    floor = np.where(finite, best - tolerance(np.where(finite, best, 0.0), scale), np.inf)
    index = np.argmax(scores >= np.expand_dims(floor, axis), axis=axis)
    index = np.where(finite, index, -1)
    return int(index) if np.ndim(index) == 0 else index


@dataclass(frozen=True)
class Cuts:
    """The best cut of each scanned column (of each scanned node).

    ``index[..., c]`` is the position after which column ``c`` is cut (in its sorted order;
    -1: no admissible cut), ``score`` its ranking score, ``decrease`` its impurity
    decrease, ``n_cuts`` how many admissible cuts were scored, ``low``/``high`` the values
    on either side, ``left``/``right`` the class counts of the two sides. From
    :func:`threshold_cuts` the arrays hold one entry per column; from :func:`segment_cuts`
    a leading axis runs over the nodes and ``first`` holds each node's ``(total, parent)``:
    its class counts and impurity as the scan of its first column summed them.
    """

    index: np.ndarray
    score: np.ndarray
    decrease: np.ndarray
    n_cuts: np.ndarray
    low: np.ndarray
    high: np.ndarray
    left: np.ndarray
    right: np.ndarray
    first: Any = None

    def threshold(self, column: int) -> float:
        """The threshold of ``column``'s best cut (:func:`midpoint`)."""
        return midpoint(float(self.low[column]), float(self.high[column]))


def admissible_cuts(xs: np.ndarray, min_samples_leaf: int) -> np.ndarray:
    """Cuts between distinct sorted values that leave ``min_samples_leaf`` rows a side.

    ``xs`` is sorted along axis 0 (one column per feature); cut ``i`` keeps rows
    ``0..i`` left. Rows count as rows here, not by weight, as in scikit-learn.

    Examples
    --------
    >>> admissible_cuts(np.array([1.0, 1.0, 2.0, 3.0]), 1).tolist()
    [False, True, True]
    """
    n = xs.shape[0]
    pos = np.arange(1, n).reshape((-1,) + (1,) * (xs.ndim - 1))
    return (xs[1:] > xs[:-1]) & (pos >= min_samples_leaf) & (n - pos >= min_samples_leaf)


def segment_cuts(
    xs: np.ndarray,
    weighted_onehot: np.ndarray,
    lengths: np.ndarray,
    criterion: Criterion,
    config: Any,
    first: Any = None,
    overwrite: bool = False,
) -> Cuts:
    """The best threshold of every column of several nodes at once (the fast scan).

    Parameters
    ----------
    xs : numpy.ndarray, shape (m, L, f)
        Node ``j``'s values of each column, sorted, in ``xs[j, :lengths[j]]``; positions
        past a node's length are padding (any values: no cut reaches them).
    weighted_onehot : numpy.ndarray, shape (m, L, f, k)
        The class indicator of the row at each sorted position, times its weight (a
        regression criterion with :attr:`~dtlearn.criteria.Criterion.scans_sums`: ``k = 3``,
        the row's ``[w, w y, w y²]``). Fastest as a class-major view
        (``np.moveaxis(a, 0, -1)`` of a ``(k, m, L, f)`` array): sums over the classes
        then run along the outer axis.
    lengths : numpy.ndarray, shape (m,)
        Rows per node (at least 2).
    criterion : Criterion
        A criterion the fast scans handle (:attr:`~dtlearn.criteria.Criterion.scans_sums`).
    config : GrowthConfig
        ``min_samples_leaf``, ``base``, ``cost_matrix``.
    first : tuple or None
        ``(total, parent)`` per node from an earlier call on the node's first column (when
        columns are scanned in chunks); ``None``: taken from ``xs[:, :, 0]``.
    overwrite : bool
        Whether the running sums may be written over ``weighted_onehot`` (the caller reads
        it no more): a large node's scan then holds one such array, not two.

    Returns
    -------
    Cuts
        Arrays of shape ``(m, f)`` (``left``/``right``: ``(m, f, k)``).

    Notes
    -----
    Each node's cumulative sums run along its own row of a padded array: the same sums,
    in the same order, as a scan of that node alone, so a node gets bit-identical scores
    whether it is scanned alone or with its level, whatever its weights.

    Examples
    --------
    >>> from dtlearn.criteria import get
    >>> from dtlearn.grow import GrowthConfig
    >>> xs = np.array([[[64.0], [65.0], [68.0], [69.0]], [[1.0], [2.0], [2.0], [2.0]]])
    >>> onehot = np.array([[[[0, 1]], [[1, 0]], [[0, 1]], [[0, 1]]],
    ...                    [[[1, 0]], [[0, 1]], [[0, 1]], [[0, 1]]]], dtype=float)
    >>> cuts = segment_cuts(xs, onehot, np.array([4, 2]), get("gini"), GrowthConfig())
    >>> cuts.index.tolist(), cuts.low.tolist(), cuts.high.tolist()
    ([[1], [0]], [[65.0], [1.0]], [[68.0], [2.0]])
    """
    m, L, f = xs.shape
    nodes = np.arange(m)
    lengths = np.asarray(lengths)
    cum = running_sums(weighted_onehot, overwrite)
    left = cum[:, :-1]
    if first is None:
        total = cum[nodes, lengths - 1, 0]
        corner = left[:, 0, 0]
        parent = criterion.node_impurity(corner + (total - corner), config)
    else:
        total, parent = first
    pos = np.arange(1, L)[None, :, None]
    n = lengths[:, None, None]
    leaf = config.min_samples_leaf
    valid = (xs[:, 1:] > xs[:, :-1]) & (pos >= leaf) & (n - pos >= leaf)
    squared = criterion.of_sums is squared_error_of_sums and criterion.score == "decrease"
    by_gain = ranks_by_gain(criterion, config)
    with np.errstate(invalid="ignore", divide="ignore"):  # padding may give NaN: not valid
        if squared:
            scores = rank = squared_error_scores(left, total, parent, valid)
        else:
            node = total[:, None, None, :]

            def scored(part: slice) -> np.ndarray:
                left_, right = left[:, part], node - left[:, part]
                # a side holding only zero-weight rows is no split (bootstrap weights make them)
                valid[:, part] &= (criterion.side_weight(left_) > 0) & (
                    criterion.side_weight(right) > 0
                )
                if by_gain:  # C4.5: a column's cut of most gain; its ratio only at that cut
                    return parent[:, None, None] - criterion.children_impurity(left_, right, config)
                return criterion.cut_scores(left_, right, config, parent[:, None, None])

            scores = rank = by_blocks(scored, valid.shape)
    scale = criterion.tie_scale(total, config)[:, None]
    index = first_best(np.where(valid, rank, -np.inf), axis=1, scale=scale)
    at = np.maximum(index, 0)
    rows, cols = nodes[:, None], np.arange(f)[None, :]
    left_best = left[rows, at, cols]  # copies, not views of the big arrays
    right_best = total[:, None, :] - left_best
    if squared:
        # children_impurity's floats, both sides in one elementwise pass; a column with no
        # valid cut keeps the criterion's own figure at its first (cut_scores' "decrease":
        # parent - children)
        sides = squared_error_of_sums(np.stack([left_best, right_best]))
        lw, rw = left_best[..., 0], right_best[..., 0]
        with np.errstate(invalid="ignore", divide="ignore"):
            child = (lw * sides[0] + rw * sides[1]) / (lw + rw)
        best = parent[:, None] - child
    else:
        child = criterion.children_impurity(left_best, right_best, config)
        if by_gain:  # cut_scores' ratios, elementwise: the same floats
            with np.errstate(invalid="ignore", divide="ignore"):
                best = criterion.cut_scores(left_best, right_best, config, parent[:, None])
        else:
            best = scores[rows, at, cols]
    decrease = criterion.node_impurity(total, config)[:, None] - child
    return Cuts(
        index,
        best,
        decrease,
        np.count_nonzero(valid, axis=1),
        xs[rows, at, cols],
        xs[rows, np.minimum(at + 1, lengths[:, None] - 1), cols],
        left_best,
        right_best,
        (total, parent),
    )


BLOCK_CUTS = 2**17
"""Most cuts (nodes × positions × columns) :func:`by_blocks` scores in one kernel call."""


def by_blocks(score: Any, shape: tuple, dtype: Any = float) -> np.ndarray:
    """An array of ``shape`` made a block of axis 1 at a time: ``out[:, part] = score(part)``.

    Axis 1 runs over a padded scan's cut positions (``(m, positions, f)``);
    ``score(part)`` scores the cuts of the slice ``part`` of it. Every
    kernel is elementwise along the positions, so a block's values are the whole call's;
    the sides' arrays and the kernels' temporaries are a block's (at most
    :data:`BLOCK_CUTS` cuts), not a large node's — the peak memory of a large fit's first
    levels (issue 42), whose nodes are scanned a column at a time (a 300k x 10 fit's root:
    2.0x the data in peak RSS growth, 1.7x in blocks).

    Examples
    --------
    >>> left = np.arange(12.0).reshape(1, 6, 1, 2)
    >>> by_blocks(lambda part: left[:, part].sum(axis=-1), (1, 6, 1)).ravel().tolist()
    [1.0, 5.0, 9.0, 13.0, 17.0, 21.0]
    """
    n = shape[1]
    step = max(1, BLOCK_CUTS * n // max(1, int(np.prod(shape))))
    if n <= step:
        return score(slice(None))
    out = np.empty(shape, dtype=dtype)
    for start in range(0, n, step):
        part = slice(start, start + step)
        out[:, part] = score(part)
    return out


def flat_cuts(
    xs: np.ndarray,
    weighted_onehot: np.ndarray,
    lengths: np.ndarray,
    criterion: Criterion,
    config: Any,
    first: Any = None,
) -> Cuts:
    """:func:`segment_cuts` of nodes laid end to end, unpadded, for whole-number weights.

    Parameters
    ----------
    xs : numpy.ndarray, shape (N, f)
        Node ``j``'s sorted values of each column are the ``lengths[j]`` rows after the
        nodes before it (``N = lengths.sum()``). Fastest as the transpose of an ``(f, N)``
        array (``a.T``): each column's rows then run along memory.
    weighted_onehot : numpy.ndarray, shape (k, N, f)
        Class-major: class ``c``'s indicator at each row times its weight; every row's
        weight at least 1, every entry a whole number and their sum below 2**53 (then
        every running sum is exact: summed as integers, each node's running sums are its
        own, to the bit, whatever the order of the additions). Fastest as 64-bit integers
        laid out ``(k, f, N)`` (``np.swapaxes(a, 1, 2)``), which are then overwritten.
    lengths : numpy.ndarray, shape (m,)
        Rows per node (at least 2).
    criterion, config
        As for :func:`segment_cuts`: a classification criterion.
    first : tuple or None
        ``(total, parent)``: each node's class counts (floats, shape ``(m, k)``) and
        impurity, as the growth worked them out (the same whole numbers and floats);
        ``None``: summed here.

    Returns
    -------
    Cuts
        :func:`segment_cuts`' arrays (shape ``(m, f)``), the same floats: every score is an
        elementwise function of the same class counts, and each node's best is taken with
        :func:`first_best`'s rule over the node's own cuts.

    Notes
    -----
    A level of a fully grown tree holds hundreds of nodes of a few rows: padding them to a
    common length and scanning by size class costs a call per class and per column chunk;
    here a level is one pass over its rows, whatever their sizes. Each column's rows run
    along memory, and the running sums are integers (numpy's running sum of floats costs
    several times its running sum of integers): each node's start takes away the sum of
    the node before it, so one running sum per column is every node's own.

    Examples
    --------
    >>> from dtlearn.criteria import get
    >>> from dtlearn.grow import GrowthConfig
    >>> xs = np.array([[64.0], [65.0], [68.0], [69.0], [1.0], [2.0]])
    >>> onehot = np.array([[0, 1, 0, 0, 1, 0], [1, 0, 1, 1, 0, 1]], dtype=float)[..., None]
    >>> cuts = flat_cuts(xs, onehot, np.array([4, 2]), get("gini"), GrowthConfig())
    >>> cuts.index.tolist(), cuts.low.tolist(), cuts.high.tolist()
    ([[1], [0]], [[65.0], [1.0]], [[68.0], [2.0]])
    """
    k, N, f = weighted_onehot.shape
    lengths = np.asarray(lengths, dtype=np.int64)
    ends = lengths.cumsum()
    starts = ends - lengths
    x = np.ascontiguousarray(xs.T)  # (f, N): a view when xs is the transpose of one
    # (k, f, N) integers: a view when given so, else a copy (never the caller's floats)
    sums = np.ascontiguousarray(weighted_onehot.swapaxes(1, 2), dtype=np.int64)
    if first is None:
        counts = np.add.reduceat(sums[:, 0], starts, axis=1)  # (k, m): any column's
        total = counts.T.astype(float)
        parent = criterion.node_impurity(total, config)
    else:
        total, parent = first
        counts = total.T.astype(np.int64)  # whole numbers: exact
    # each node's running sums from its own start (nothing to take away from one node)
    sums[:, :, starts[1:]] -= counts[:, None, :-1]
    sums.cumsum(axis=2, out=sums)
    # cut r keeps rows start..r of its node left (a node's last row is no cut)
    by_gain = ranks_by_gain(criterion, config)
    # a criterion with a kernel of whole counts scores the integers themselves (its
    # children's floats), unless every cut's ratio is wanted
    whole = criterion.whole_children if criterion.score == "decrease" or by_gain else None
    if whole is None:
        # (f, N, k) views of class-major memory, as segment_cuts' sums: the same kernels, a
        # class a pass; the sums are ours to overwrite: floats in their own memory (exact)
        counted: np.ndarray = sums.view(np.float64)
        np.copyto(counted, sums, casting="unsafe")
        right = total.T.repeat(lengths, axis=1)[:, None, :]
        # exact; in place when the level is scanned a column at a time (a large level)
        right = np.subtract(right, counted, out=right) if f == 1 else right - counted
        left, right = counted.transpose(1, 2, 0), right.transpose(1, 2, 0)
    else:  # each cut's node counts: the right side is made a class at a time
        counted, node = sums, counts.repeat(lengths, axis=1)[:, None, :]
    valid = np.empty((f, N), dtype=bool)
    np.greater(x[:, 1:], x[:, :-1], out=valid[:, :-1])
    valid[:, ends - 1] = False
    leaf = config.min_samples_leaf
    if leaf > 1:  # every cut keeps at least one row a side
        pos = np.arange(1, N + 1) - starts.repeat(lengths)
        n = lengths.repeat(lengths)
        valid &= (pos >= leaf) & (n - pos >= leaf)
    # every row weighs at least 1 (the Grower leaves rows of weight 0 out): each side of a
    # cut holds weight, the check segment_cuts makes holds here without a pass
    with np.errstate(invalid="ignore", divide="ignore"):
        if whole is not None or by_gain or criterion.score == "decrease":
            # the decrease, or C4.5's gain (its ratio: below): cut_scores' parent - children,
            # in the children's memory
            child = (
                whole(counted, node, config)
                if whole is not None
                else criterion.children_impurity(left, right, config)
            )
            scores = rank = np.subtract(parent.repeat(lengths), child, out=child)
        else:
            scores = rank = criterion.cut_scores(left, right, config, parent.repeat(lengths))
    # first_best along each node's cuts: its floats, fewer passes (the best is -inf or a
    # number, so the floor is -inf or first_best's: no NaN arises where it has none)
    masked = np.where(valid, rank, -np.inf)
    top = np.maximum.reduceat(masked, starts, axis=1)  # (f, m)
    floor = np.maximum(np.abs(top), np.abs(parent))
    floor *= TIE_TOLERANCE
    np.subtract(top, floor, out=floor)
    # each node's first cut at its floor, (m, f) places in the (f, N) arrays: every node
    # has one (its best; with no cut, every entry is -inf and at its floor: the node's
    # first, as segment_cuts), so the first tie at or after the node's start is the node's
    ties = (masked >= floor.repeat(lengths, axis=1)).ravel().nonzero()[0]
    first_at = starts[:, None] + np.arange(0, f * N, N)
    at = ties.take(ties.searchsorted(first_at))
    index = np.where(np.isfinite(top.T), at - first_at, -1)
    best = scores.take(at)
    left_best = np.ascontiguousarray(
        counted.reshape(k, -1).take(at, axis=1).transpose(1, 2, 0), dtype=float
    )
    right_best = total[:, None, :] - left_best
    if criterion.score == "decrease":  # the score is parent - children: the decrease itself
        decrease = best
    elif by_gain:  # best holds the gains; cut_scores' ratios, elementwise: the same floats
        decrease = best
        with np.errstate(invalid="ignore", divide="ignore"):
            best = criterion.cut_scores(left_best, right_best, config, parent[:, None])
    else:
        decrease = parent[:, None] - criterion.children_impurity(left_best, right_best, config)
    return Cuts(
        index,
        best,
        decrease,
        np.add.reduceat(valid, starts, axis=1, dtype=np.int64).T,
        x.take(at),
        x.take(at + 1),
        left_best,
        right_best,
        (total, parent),
    )


def whole_weights(weights: np.ndarray) -> bool:
    """Whether every weight is a whole number and their sum is exact (:func:`flat_cuts`).

    Examples
    --------
    >>> whole_weights(np.array([[1.0, 0.0], [0.0, 2.0]])), whole_weights(np.array([0.5]))
    (True, False)
    """
    total = float(np.abs(weights).sum())
    return bool(total < 2.0**53 and (weights == np.round(weights)).all())


def running_sums(a: np.ndarray, overwrite: bool = False) -> np.ndarray:
    """``np.cumsum(a, axis=1)``, the same floats, one row addition at a time when rows are few.

    ``overwrite``: the sums may be written over ``a`` (its caller reads it no more).

    Each running sum adds the next row to the sum before it, as numpy's accumulate does;
    along a short axis of a large array numpy's accumulate costs several times as much as
    that many whole-row additions (a deep level's hundreds of nodes of a few rows each).

    Examples
    --------
    >>> a = np.random.default_rng(0).normal(size=(300, 4, 2, 3))
    >>> bool((running_sums(a) == np.cumsum(a, axis=1)).all())
    True
    >>> b = a.copy(); bool((running_sums(b, overwrite=True) == np.cumsum(a, axis=1)).all())
    True
    """
    n = a.shape[1]
    if n > SHORT_RUN or a.size < 512 * n:
        # in place: each sum adds the next value to the sum before it, as into a new array
        return np.cumsum(a, axis=1, out=a) if overwrite else np.cumsum(a, axis=1)
    out = a if overwrite else np.array(a, copy=True)  # in a's memory order, as cumsum's
    for i in range(1, n):
        np.add(out[:, i - 1], out[:, i], out=out[:, i])
    return out


SHORT_RUN = 16
"""Longest axis :func:`running_sums` adds row by row (measured: faster up to about 16)."""


def squared_error_scores(
    left: np.ndarray, total: np.ndarray, parent: np.ndarray, valid: np.ndarray
) -> np.ndarray:
    """Squared-error decreases of every cut (:meth:`Criterion.cut_scores`, fewer passes).

    ``left[..., k]`` are the cumulative sums ``[Σw, Σwy, Σwy²]`` of shape ``(m, L-1, f)``,
    ``total`` and ``parent`` each node's sums and impurity. On the cuts it keeps in
    ``valid`` (updated in place: both sides must hold weight) the floats are those of
    :func:`~dtlearn.criteria.squared_error_of_sums` through ``cut_scores``, the same
    operations in the same order without the guards a side of no weight needs; other
    cuts get any value.

    Examples
    --------
    >>> from dtlearn.criteria import get
    >>> from dtlearn.grow import GrowthConfig
    >>> y = np.array([1.0, 1.0, 5.0])
    >>> cum = np.cumsum(np.stack([np.ones(3), y, y * y], axis=-1), axis=0)
    >>> left, total = cum[None, :-1, None, :], cum[None, -1]
    >>> parent = get("mse").node_impurity(total, None)
    >>> valid = np.ones((1, 2, 1), bool)
    >>> fast = squared_error_scores(left, total, parent, valid)
    >>> generic = get("mse").cut_scores(left, total[:, None, None] - left, None,
    ...                                 parent[:, None, None])
    >>> bool((fast == generic).all()), fast.ravel().tolist()
    (True, [0.8888888888888893, 3.555555555555556])
    """
    lw, l1, l2 = left[..., 0], left[..., 1], left[..., 2]
    tw, t1, t2 = (total[:, None, None, i] for i in range(3))
    rw = tw - lw
    valid &= (lw > 0) & (rw > 0)
    left_error = np.maximum(l2 - l1**2 / lw, 0.0) / lw
    right_error = np.maximum((t2 - l2) - (t1 - l1) ** 2 / rw, 0.0) / rw
    return parent[:, None, None] - (lw * left_error + rw * right_error) / (lw + rw)


def threshold_cuts(
    xs: np.ndarray, weighted_onehot: np.ndarray, criterion: Criterion, config: Any
) -> Cuts:
    """The best threshold of every column of one node at once.

    :func:`segment_cuts` of one node.

    Parameters
    ----------
    xs : numpy.ndarray, shape (n, f)
        Each column's values, sorted.
    weighted_onehot : numpy.ndarray, shape (n, f, k)
        The class indicator of the row at each sorted position, times its weight.
    criterion : Criterion
        A classification criterion.
    config : GrowthConfig
        ``min_samples_leaf``, ``base``, ``cost_matrix``.

    Examples
    --------
    >>> from dtlearn.criteria import get
    >>> from dtlearn.grow import GrowthConfig
    >>> xs = np.array([[64.0], [65.0], [68.0], [69.0]])
    >>> onehot = np.array([[[0, 1]], [[1, 0]], [[0, 1]], [[0, 1]]], dtype=float)
    >>> cuts = threshold_cuts(xs, onehot, get("gini"), GrowthConfig())
    >>> int(cuts.index[0]), cuts.threshold(0), int(cuts.n_cuts[0])
    (1, 66.5, 3)
    """
    cuts = segment_cuts(xs[None], weighted_onehot[None], np.array([xs.shape[0]]), criterion, config)
    total, parent = cuts.first
    return Cuts(
        cuts.index[0],
        cuts.score[0],
        cuts.decrease[0],
        cuts.n_cuts[0],
        cuts.low[0],
        cuts.high[0],
        cuts.left[0],
        cuts.right[0],
        (total[0], parent[0]),
    )


def reference_threshold_cut(
    xs: np.ndarray, onehot: np.ndarray, criterion: Criterion, config: Any
) -> Cuts:
    """The best threshold of one column, scoring one cut at a time (the reference scan).

    Same answer as :func:`threshold_cuts` on ``xs[:, None]``, computed without any
    vectorised identity: each cut's class counts go through
    :meth:`~dtlearn.criteria.Criterion.split_scores`.

    Examples
    --------
    >>> from dtlearn.criteria import get
    >>> from dtlearn.grow import GrowthConfig
    >>> xs = np.array([64.0, 65.0, 68.0, 69.0])
    >>> onehot = np.array([[0, 1], [1, 0], [0, 1], [0, 1]], dtype=float)
    >>> reference_threshold_cut(xs, onehot, get("gini"), GrowthConfig()).threshold(0)
    66.5
    """
    n = len(xs)
    valid = admissible_cuts(xs, config.min_samples_leaf)
    scores = np.full(max(n - 1, 0), -np.inf)
    gains = scores.copy()
    total = onehot.sum(axis=0)
    for i in np.flatnonzero(valid):
        left = onehot[: i + 1].sum(axis=0)
        right = total - left
        if left.sum() > 0 and right.sum() > 0:
            scored = criterion.split_scores(np.stack([left, right]), config)
            scores[i], gains[i] = scored["score"], scored["impurity_decrease"]
    valid &= np.isfinite(scores)
    rank = gains if ranks_by_gain(criterion, config) else scores
    index = first_best(rank, scale=criterion.tie_scale(total, config)) if n > 1 else -1
    at = max(index, 0)
    left = onehot[: at + 1].sum(axis=0)
    decrease = (
        criterion.split_scores(np.stack([left, total - left]), config)["impurity_decrease"]
        if index >= 0
        else 0.0
    )
    return Cuts(
        np.array([index]),
        scores[at : at + 1],
        np.array([decrease]),
        np.array([np.count_nonzero(valid)]),
        xs[at : at + 1],
        xs[min(at + 1, n - 1) : min(at + 1, n - 1) + 1],
        left[None],
        (total - left)[None],
    )


def regression_cut(
    ys: np.ndarray, w: np.ndarray, valid: np.ndarray, criterion: Criterion
) -> tuple[int, int]:
    """Best cut of sorted regression targets: ``(index, n_cuts)``, index -1 if none.

    Examples
    --------
    >>> from dtlearn.criteria import get
    >>> regression_cut(np.array([1.0, 1.0, 5.0]), np.ones(3), np.ones(2, bool), get("mse"))
    (1, 2)
    """
    cw = np.cumsum(w)[:-1]
    scored = valid & (cw > 0) & (w.sum() - cw > 0)
    n_cuts = int(np.count_nonzero(scored))
    median = criterion.leaf_statistic == "median"
    if n_cuts == 0 or (n_cuts == 1 and median):
        # first_best's answer without scoring (the one cut in reach wins, as below)
        return (int(np.argmax(scored)) if n_cuts else -1), n_cuts
    scale = criterion.tie_scale_of(ys, w)
    if median:
        valid = near_best_median_cuts(ys, w, scored, scale)
        near = np.flatnonzero(valid)
        if len(near) == 1:  # the one cut in reach wins: no need to score it
            return int(near[0]), n_cuts
    child = criterion.children(ys, w, valid)
    return first_best(np.where(scored, -child, -np.inf), scale=scale), n_cuts


def near_best_median_cuts(
    ys: np.ndarray, w: np.ndarray, valid: np.ndarray, scale: float
) -> np.ndarray:
    """The cuts of ``valid`` whose absolute error may lie within a tie of the best.

    Running medians (:func:`~dtlearn.grow.medians.running_median_errors`) estimate every
    cut's error in ``O(n log n)`` with a bound on their rounding; the cuts the estimate cannot
    rule out (all those within the tie tolerance of :func:`first_best` plus twice the bound
    of the best estimate) are then worked out exactly by the criterion itself, one at a
    time, so the chosen cut is the one scoring every cut exactly would choose.

    Examples
    --------
    >>> ys = np.array([1.0, 2.0, 9.0, 9.5, 10.0, 30.0])
    >>> near_best_median_cuts(ys, np.ones(6), np.ones(5, bool), 10.0).tolist()
    [False, False, False, False, True]
    """
    estimate, bound = running_median_errors(ys, w)
    best = estimate[valid].min()
    reach = best + 2 * bound + 2 * tolerance(best + bound, scale)
    if not (np.isfinite(estimate[valid]).all() and reach < LARGE):
        return valid  # near overflow: no estimate to trust, every cut is worked out
    return valid & (estimate <= reach)


LARGE = 1e250
"""Estimates beyond this are not trusted (the exact sums may overflow where they did not)."""


def subset_partitions(
    per_category: np.ndarray, present: np.ndarray, regression_means: Any = None
) -> list[np.ndarray]:
    """The left-hand category sets a subset search tries (codes of ``present`` categories).

    Regression and two classes: cut the categories ordered by mean target or class-1
    share (Breiman: optimal). More classes: every partition with the first category on
    the left (2^(v-1) - 1), or above :data:`MAX_EXHAUSTIVE_CATEGORIES` categories the
    ordering by class-0 share (a documented heuristic).

    Examples
    --------
    >>> counts = np.array([[3, 1], [0, 4], [2, 2]], dtype=float)
    >>> [p.tolist() for p in subset_partitions(counts, np.arange(3))]
    [[0], [0, 2]]
    """
    if regression_means is not None:
        order = present[np.argsort(regression_means, kind="stable")]
        return [order[:i] for i in range(1, len(order))]
    k = per_category.shape[1]
    if k == 2 or len(present) > MAX_EXHAUSTIVE_CATEGORIES:
        column = -1 if k == 2 else 0
        share = per_category[present, column] / per_category[present].sum(axis=1)
        order = present[np.argsort(share, kind="stable")]
        return [order[:i] for i in range(1, len(order))]
    first, rest = present[0], present[1:]
    return [
        np.array([first] + [c for b, c in enumerate(rest) if mask >> b & 1])
        for mask in range(2 ** len(rest) - 1)
    ]


def best_partition(
    partitions: list,
    per_category: np.ndarray,
    rows_per_category: np.ndarray,
    criterion: Criterion,
    config: Any,
) -> int:
    """Index of the best admissible partition (first on ties), all scored at once; -1 if none.

    Examples
    --------
    >>> from dtlearn.criteria import get
    >>> from dtlearn.grow import GrowthConfig
    >>> counts = np.array([[3, 1], [0, 4], [2, 2]], dtype=float)
    >>> parts = subset_partitions(counts, np.arange(3))
    >>> best_partition(parts, counts, np.array([4, 4, 4]), get("gini"), GrowthConfig())
    1
    """
    v = per_category.shape[0]
    membership = np.zeros((len(partitions), v))
    for i, left in enumerate(partitions):
        membership[i, left] = 1.0
    left = membership @ per_category
    right = per_category.sum(axis=0) - left
    n_left = membership @ rows_per_category
    n_right = rows_per_category.sum() - n_left
    leaf = max(config.min_samples_leaf, 1)
    valid = (n_left >= leaf) & (n_right >= leaf) & (left.sum(axis=1) > 0) & (right.sum(axis=1) > 0)
    if not valid.any():
        return -1
    scores = criterion.cut_scores(left, right, config)
    if ranks_by_gain(criterion, config):  # C4.5: the partition of most gain
        scores = criterion.node_impurity(
            per_category.sum(axis=0), config
        ) - criterion.children_impurity(left, right, config)
    scale = criterion.tie_scale(per_category.sum(axis=0), config)
    return first_best(np.where(valid, scores, -np.inf), scale=scale)


__all__ = [
    "Cuts",
    "MAX_EXHAUSTIVE_CATEGORIES",
    "TIE_TOLERANCE",
    "admissible_cuts",
    "best_partition",
    "first_best",
    "is_better",
    "midpoint",
    "reference_threshold_cut",
    "near_best_median_cuts",
    "regression_cut",
    "running_sums",
    "segment_cuts",
    "squared_error_scores",
    "subset_partitions",
    "flat_cuts",
    "whole_weights",
    "threshold_cuts",
    "tolerance",
]
