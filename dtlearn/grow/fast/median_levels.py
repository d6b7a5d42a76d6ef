"""Level-wise growth of absolute-error (MAE) regression trees: every node of a depth at once.

Node-by-node MAE growth follows each column's running medians in Python
(:func:`dtlearn.grow.scanners.regression_cut`, :mod:`dtlearn.grow.medians`); here a whole
depth is scanned in numpy. Each node's rows, sorted by each column (filtered from the
parent's order, as :mod:`~dtlearn.grow.fast.levels` keeps them), are segments of one array;
:mod:`~dtlearn.grow.fast.median_cuts` estimates every cut's absolute error with a
rounding bound, works out exactly (the reference's floats) the cuts that may tie with a
column's best, and the best cut of each column is then the one scoring every cut exactly
would choose. Each column's candidate score, each child's median and error are worked out
in the floats :meth:`~dtlearn.grow.scoring.CandidateBuilder.regression` and
:meth:`Grower._stats <dtlearn.grow.Grower>` give (:func:`~dtlearn.grow.fast.sums.segment_sums`),
so the node's choice, its stop rules and its children are those of node-by-node growth.

Candidates stay unbuilt (built by the grower itself when a step is read), so the tree
and the steps equal :meth:`Grower.run(level_wise=False) <dtlearn.grow.Grower.run>`'s
(``tests/test_median_levels.py``). :func:`applies` says when: greedy CART with
``criterion="mae"``, unit weights, every column numeric with no missing value.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np

from ... import cycle_collector
from ...criteria import weighted_median
from ...splits import ThresholdSplit, midpoint
from ...tree import Tree
from ..loop import Grower, OpenLeaf, register_strategy
from ..records import ZERO_GAIN, Candidate
from ..scanners import first_best, tolerance
from ..scoring import CandidateList
from .arrays import StepLog
from .levels import Pending, filter_orders_by, numeric_features, route_level, sorted_orders
from .median_cuts import (
    RankSums,
    cut_errors,
    exact_cut_errors,
    near_best_cuts,
    segment_bounds,
    side_spreads,
    sorted_middles,
)
from .sums import segment_sums


def applies(grower: Grower) -> bool:
    """Whether :func:`grow` grows exactly the tree ``grower.run()`` would.

    A fresh plain :class:`Grower` whose leaves predict the median (``criterion="mae"``),
    with the fast scanner, no ``max_leaf_nodes``, no oblique candidate, unit weights and
    every column numeric without missing values.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn import CARTRegressor
    >>> X, y = np.arange(8.0).reshape(-1, 1), np.array([1, 1, 2, 2, 5, 5, 9, 9.0])
    >>> applies(CARTRegressor(criterion="mae").make_grower(X, y))
    True
    >>> applies(CARTRegressor(criterion="mae").make_grower(X, y, np.full(8, 2.0)))
    False
    """
    config = grower.config
    if type(grower) is not Grower or grower.classes is not None or grower.steps:
        return False
    if grower.rule.centre is not weighted_median or config.scanner != "fast":
        return False
    if config.max_leaf_nodes is not None or config.oblique:
        return False
    n = grower.schema.n_features
    if n == 0 or len(numeric_features(grower)) != n:
        return False
    if list(grower.frontier()) != [grower.root.node_id]:
        return False
    state = grower.open_leaf(grower.root.node_id)
    if len(state.rows) != len(grower.X) or not (state.weights == 1.0).all():
        return False
    return not np.isnan(grower.X).any() and bool(np.isfinite(grower.y).all())


def grow(grower: Grower) -> Tree:
    """Grow ``grower`` to the end, one depth at a time; return its tree.

    Afterwards the grower is as :meth:`Grower.run` leaves it: same tree, same node ids,
    same steps. Check :func:`applies` first.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn import CARTRegressor
    >>> X, y = np.arange(8.0).reshape(-1, 1), np.array([1, 1, 2, 2, 5, 5, 9, 9.0])
    >>> a = CARTRegressor(criterion="mae").make_grower(X, y)
    >>> b = CARTRegressor(criterion="mae").make_grower(X, y)
    >>> grow(a).to_json() == b.run(level_wise=False).to_json(), a.steps == b.steps
    (True, True)
    """
    if not applies(grower):
        raise ValueError("grower: level-wise MAE growth does not apply to this grower "
                         "(see dtlearn.grow.fast.median_levels.applies)")
    with cycle_collector.paused():
        log = grow_levels(grower)
        grower.settle_grown(grower.root, log.record(grower))
    return grower.tree()


def grow_levels(grower: Grower) -> StepLog:
    """:func:`grow`'s levels, one after the other; the steps noted in a :class:`StepLog`."""
    numeric = numeric_features(grower)
    log = StepLog(grower)
    root = Pending(grower.open_leaf(grower.root.node_id))
    root.reason = grower.reason_before_scoring(root.state)
    if root.reason:
        log.settle([], [root])
        return log
    scan = [root]
    order = sorted_orders(grower.X, root.state.rows, numeric)
    rank = np.empty(len(grower.y), dtype=np.int64)
    rank[np.argsort(grower.y, kind="stable")] = np.arange(len(grower.y))
    while scan:
        stats = decide_level(grower, scan, order, numeric, rank)
        splitting = [p for p in scan if p.split is not None]
        parts = route_level(grower, splitting)
        for p, pair, pair_stats in zip(splitting, parts, stats):
            children = grower.open_children(p.state, p.split, pair, pair_stats)
            p.children = [Pending(child) for child in children]
        children = [child for p in scan for child in p.children]
        for child in children:
            child.reason = grower.reason_before_scoring(child.state)
        following = [child for child in children if child.reason is None]
        log.settle(scan, [child for child in children if child.reason is not None])
        if following:
            rows = np.concatenate([p.state.rows for p in following])
            order = filter_orders_by(order, rows, np.array([len(p.state.rows)
                                                            for p in following]), len(grower.X))
        scan = following
    return log


def candidate(grower: Grower, state: OpenLeaf, feature: int) -> Candidate:
    """The grower's own candidate of ``feature`` at ``state`` (built when a step is read)."""
    return grower.score_candidates(state, [feature], None)[0]


def decide_level(grower: Grower, scan: list[Pending], order: np.ndarray, numeric: np.ndarray,
                 rank: np.ndarray) -> list[list[tuple]]:
    """Choose every node's split (or its reason to stop); the chosen children's statistics.

    ``order[off_j:off_j + n_j, c]`` are node ``j``'s rows sorted by column ``numeric[c]``,
    ``rank`` each row's rank by target. Returns, for each splitting node in turn, its two
    children's ``(statistics, impurity)`` as :meth:`Grower._stats` gives them.
    """
    best, scores, sides = median_scan(grower, scan, order, numeric, rank)
    count, centre, impurity, threshold = sides
    builder, config = grower.builder, grower.config
    m, f = scores.shape
    column = np.maximum(best, 0)
    at = np.arange(m)
    decrease = scores[at, column]
    total = count[0][at, column] + count[1][at, column]
    clear = best >= 0
    decrease = np.where(clear, decrease, 0.0)  # a node of no cut: -inf, built below
    if config.stop_at_zero_gain:
        clear &= ~(decrease < ZERO_GAIN)
    clear &= total / builder.total_weight * decrease + np.finfo(float).eps >= \
        config.min_impurity_decrease
    stats = []
    for j, p in enumerate(scan):
        state = p.state
        makes = [partial(candidate, grower, state, int(feature)) for feature in numeric.tolist()]
        p.candidates = CandidateList(list(zip(scores[j].tolist(), makes)), builder)
        c = int(best[j])
        if not clear[j]:  # the grower's own rule on the built candidate, with its text
            chosen = p.candidates[c] if c >= 0 else None
            p.reason = grower.reason_after_scoring(chosen)
            if p.reason is not None:
                continue
        p.choice = c
        p.split = ThresholdSplit(int(numeric[c]), float(threshold[j, c]))
        stats.append([(np.array([count[b][j, c], centre[b][j, c]]), float(impurity[b][j, c]))
                      for b in range(2)])
    return stats


def median_scan(grower: Grower, scan: list[Pending], order: np.ndarray, numeric: np.ndarray,
                rank: np.ndarray) -> tuple[np.ndarray, np.ndarray, tuple]:
    """Every column's best cut at every node of a level, and its candidate's figures.

    Returns ``(best, scores, sides)``: each node's chosen column (-1: none can split),
    each column's candidate score (its impurity decrease; minus infinity when it cannot
    split) and ``sides = (count, centre, impurity, threshold)``, the first three pairs of
    ``(m, f)`` arrays for the left and right branch of each column's best cut.
    """
    X, y = grower.X, grower.y
    m, f = len(scan), len(numeric)
    lengths = np.array([len(p.state.rows) for p in scan], dtype=np.int64)
    N = int(lengths.sum())
    offsets = np.cumsum(lengths) - lengths
    node_of = np.repeat(np.arange(m), lengths)
    # segment (c, j): node j's rows sorted by column c, at c·N + offsets[j] (column major)
    rows_x = np.ascontiguousarray(order[:N].T).reshape(-1)
    xs = X[rows_x, np.repeat(numeric, N)]
    ys = y[rows_x]
    centres = np.array([p.state.node.value[0] for p in scan])
    shifted = ys - np.tile(centres[node_of], f)  # small sums round less
    rows = np.concatenate([p.state.rows for p in scan])  # each node's rows ascending
    local = np.empty(len(y), dtype=np.int64)  # rank by target within the node
    by_target = np.argsort(node_of * len(y) + rank[rows], kind="stable")
    local[rows[by_target]] = np.arange(N) - offsets[node_of]
    seg_lengths = np.tile(lengths, f)
    sums = RankSums(local[rows_x], shifted, ys)
    errors, bound = cut_errors(sums, shifted, seg_lengths)
    del sums
    starts, segment = segment_bounds(seg_lengths)
    first = np.cumsum(seg_lengths - 1) - (seg_lengths - 1)
    cut = np.arange(len(segment)) - first[segment]
    at = starts[segment] + cut
    leaf = grower.config.min_samples_leaf
    n_seg = seg_lengths[segment]
    valid = (xs[at + 1] > xs[at]) & (cut + 1 >= leaf) & (n_seg - cut - 1 >= leaf)
    # the reference's tie scale: Σ|y| / n over the column's sorted rows (tie_scale_of)
    scale = segment_sums(np.abs(ys), starts, seg_lengths) / seg_lengths.astype(float)
    near = near_best_cuts(errors, bound, valid, segment, seg_lengths, scale)
    index = best_cuts(ys, near, segment, cut, starts, seg_lengths, scale)
    # each column's best cut as a candidate: both sides' rows in the node's row order
    index2 = index.reshape(f, m).T
    position = np.empty((N, f), dtype=np.int64)  # each row's place in the column's order
    place = np.empty(len(y), dtype=np.int64)
    place[rows] = np.arange(N)
    within = (np.arange(N) - offsets[node_of])[:, None]
    position[place[order[:N]], np.arange(f)[None, :]] = within
    left = position <= index2[node_of]  # (N, f): row-order element goes left
    flat_left = np.ascontiguousarray(left.T).reshape(-1)
    seg_of = np.repeat(np.arange(f * m), seg_lengths)
    moved = np.argsort(2 * seg_of + ~flat_left, kind="stable")
    values = np.tile(y[rows], f)[moved]
    n_left = np.bincount(seg_of, weights=flat_left, minlength=f * m).astype(np.int64)
    usable = index >= 0
    seg = np.flatnonzero(usable)
    side_start = np.concatenate([starts[seg], starts[seg] + n_left[seg]])
    side_length = np.concatenate([n_left[seg], seg_lengths[seg] - n_left[seg]])
    medians = sorted_middles(values, side_start, side_length)
    spread = side_spreads(values, side_start, side_length, medians)
    q = side_length.astype(float)
    side_impurity = spread / q
    k = len(seg)
    ql, qr, il, ir = q[:k], q[k:], side_impurity[:k], side_impurity[k:]
    child = (ql * il + qr * ir) / (ql + qr)
    parent = np.array([p.state.node.impurity for p in scan])
    node = seg % m
    score = np.full(f * m, -np.inf)
    score[seg] = parent[node] - child
    # node_scale of the first admissible candidate: Σ n (impurity + |median|) / Σ n
    size = np.full(f * m, np.inf)
    size[seg] = (ql * (il + np.abs(medians[:k])) + qr * (ir + np.abs(medians[k:]))) / (ql + qr)
    scores = score.reshape(f, m).T
    sizes = size.reshape(f, m).T
    admissible = np.isfinite(scores)
    first_admissible = np.argmax(admissible, axis=1)
    node_scale = np.where(admissible.any(axis=1), sizes[np.arange(m), first_admissible], 0.0)
    best = first_best(scores, axis=1, scale=node_scale)
    if np.ndim(best) == 0:
        best = np.array([best])

    def per_column(a: np.ndarray, fill: float) -> tuple[np.ndarray, np.ndarray]:
        out = np.full((2, f * m), fill)
        out[0, seg], out[1, seg] = a[:k], a[k:]
        return out[0].reshape(f, m).T, out[1].reshape(f, m).T

    count = per_column(q, 0.0)
    centre = per_column(medians, 0.0)
    impurity = per_column(side_impurity, 0.0)
    low = starts + np.maximum(index, 0)
    threshold = np.where(usable, midpoint(xs[low], xs[np.minimum(low + 1, len(xs) - 1)]),
                         np.nan).reshape(f, m).T
    return np.asarray(best), scores, (count, centre, impurity, threshold)


def best_cuts(ys: np.ndarray, near: np.ndarray, segment: np.ndarray, cut: np.ndarray,
              starts: np.ndarray, lengths: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """Each segment's best cut among its ``near`` ones (-1: none), as the reference picks it.

    One near cut wins unscored (as :func:`~dtlearn.grow.scanners.regression_cut` takes
    it); of several, the first whose exact error
    (:func:`~dtlearn.grow.fast.median_cuts.exact_cut_errors`) ties with the least
    (:func:`~dtlearn.grow.scanners.first_best`'s rule, on the segment's ``scale``).

    Examples
    --------
    >>> ys = np.array([1.0, 2.0, 9.0, 10.0])
    >>> best_cuts(ys, np.array([False, True, True]), np.zeros(3, int), np.arange(3),
    ...           np.array([0]), np.array([4]), np.array([5.5])).tolist()
    [1]
    """
    m = len(lengths)
    index = np.full(m, -1, dtype=np.int64)
    n_near = np.bincount(segment[near], minlength=m)
    one = near & (n_near[segment] == 1)
    index[segment[one]] = cut[one]
    many = near & (n_near[segment] > 1)
    if many.any():
        seg = segment[many]
        exact = exact_cut_errors(ys, starts[seg], lengths[seg], cut[many])
        top = np.full(m, -np.inf)
        np.maximum.at(top, seg, -exact)
        floor = top - tolerance(top, scale)
        hit = np.where(-exact >= floor[seg], cut[many], np.iinfo(np.int64).max)
        lowest = np.full(m, np.iinfo(np.int64).max)
        np.minimum.at(lowest, seg, hit)
        index = np.where(n_near > 1, lowest, index)
    return index


__all__ = ["applies", "best_cuts", "candidate", "decide_level", "grow", "grow_levels",
           "median_scan"]

register_strategy(applies, grow)  # Grower.run grows MAE trees level-wise where it applies
