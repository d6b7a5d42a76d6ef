# About 540 logical lines: one idea, growing an MAE tree a depth at a time (the level as arrays, every cut of every column scanned at once, the choices, the lazily built candidates); each step reads the one before.
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

import numpy as np

from ... import cycle_collector
from ...criteria import weighted_median
from ...splits import midpoint
from ...tree import Node, Tree
from ..loop import Grower, OpenLeaf, register_strategy
from ..records import ZERO_GAIN, Candidate
from ..scanners import TIE_TOLERANCE, first_best, tolerance
from ..scoring import CandidateBuilder, CandidateList
from .arrays import EMPTY, KEPT
from .level_arrays import Reasons, early_codes, level_entry, numbered, open_orders
from .levels import numeric_features, sorted_orders
from .median_cuts import (
    EPS,
    GroupedRankSums,
    close_cut_errors,
    cut_errors,
    exact_cut_errors,
    near_best_cuts,
    segment_bounds,
    side_spreads,
)
from .scratch import Scratch, keep_freed_memory
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
        raise ValueError(
            "grower: level-wise MAE growth does not apply to this grower "
            "(see dtlearn.grow.fast.median_levels.applies)"
        )
    # a level's temporaries from memory already mapped: 32 float arrays of the data's
    # size (sixteen left a quarter of the page faults at 2k rows, eight a fifth at 10k)
    keep_freed_memory(32 * 8 * grower.X.size)
    with cycle_collector.paused():
        nodes, record = grow_arrays(grower)
    grower.settle_grown(nodes, record)
    return grower.tree()


def grow_arrays(grower: Grower) -> tuple:
    """:func:`grow`'s levels as arrays: the tree's nodes and the growth record.

    A level is a few arrays, one entry per node (as
    :func:`dtlearn.grow.fast.level_arrays.grow_arrays` keeps a squared-error level): the
    rules of :meth:`Grower.reason_before_scoring` on every node at once
    (:func:`~dtlearn.grow.fast.level_arrays.early_codes`), each node's choice from
    :func:`median_scan`'s arrays, the rows routed to the children in one sort, the
    children's statistics those of the chosen cuts' sides. No object per node is made
    while growing (node objects, candidate lists, steps: when read), so the fit's Python
    is per level, not per node; only a node near a stopping rule's limit builds its
    best candidate and reads the rule from it, as node-by-node growth does.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn import CARTRegressor
    >>> X, y = np.arange(8.0).reshape(-1, 1), np.array([1, 1, 2, 2, 5, 5, 9, 9.0])
    >>> nodes, record = grow_arrays(CARTRegressor(criterion="mae").make_grower(X, y))
    >>> len(record), [step.action for step in record][:3]
    (7, ['split', 'split', 'split'])
    """
    X = grower.X
    numeric = numeric_features(grower)
    features = numeric.tolist()
    root = grower.root
    rows = grower.open_leaf(root.node_id).rows  # every row, weight 1 (applies)
    lengths = np.array([len(rows)], dtype=np.int64)
    n_samples, impurity = np.array([root.n_samples]), np.array([root.impurity])
    value = root.value[None, :]
    reasons = Reasons(grower)
    early = early_codes(grower, 0, n_samples, impurity, value, lengths)
    order = sorted_orders(X, rows, numeric) if early[0] < 0 else None
    rank = np.empty(len(grower.y), dtype=np.int64)
    rank[np.argsort(grower.y, kind="stable")] = np.arange(len(grower.y))
    scratch = Scratch()  # one level's arrays, written again by the next
    scorer = grower.scorer()  # what the record builds candidates with
    scans: list = []
    objects: dict = {}
    levels: list[dict] = []
    depth = 0
    while True:
        m = len(lengths)
        reason = reasons.early[early]
        scan_at = np.full(m, EMPTY, dtype=np.int32)
        scan_row = np.zeros(m, dtype=np.int32)
        choice = np.full(m, -1, dtype=np.int32)
        feature = np.full(m, -1, dtype=np.int32)
        threshold = np.zeros(m)
        scanned = np.flatnonzero(early < 0)
        if scanned.size:
            assert order is not None  # sorted while some node is scanned
            seen = rows[np.repeat(early < 0, lengths)]
            best, scores, sides = median_scan(
                grower,
                seen,
                lengths[scanned],
                value[scanned, 0],
                impurity[scanned],
                order,
                numeric,
                rank,
                scratch,
            )
            level = MedianScan(
                scorer, seen, lengths[scanned], impurity[scanned], value[scanned], features, scores
            )
            scan_at[scanned], scan_row[scanned] = len(scans), np.arange(len(scanned))
            scans.append(level)
            clear, column = clear_splits(grower, best, scores, sides[0])
            split_at = np.flatnonzero(clear)
            choice[scanned[split_at]] = column[split_at]
            feature[scanned[split_at]] = numeric[column[split_at]]
            threshold[scanned[split_at]] = sides[3][split_at, column[split_at]]
            for j in np.flatnonzero(~clear).tolist():  # the grower's rule on its candidate
                i, c = int(scanned[j]), int(best[j])
                candidates = level.candidate_list(j, grower.builder)
                why = grower.reason_after_scoring(candidates[c] if c >= 0 else None)
                reason[i] = reasons.code(why)
                if why is None:
                    scan_at[i], choice[i] = KEPT, KEPT
                    objects[(depth, i)] = (candidates, c)
                    feature[i], threshold[i] = numeric[c], sides[3][j, c]
        level_record = level_entry(
            rows,
            lengths=lengths,
            n_samples=n_samples,
            impurity=impurity,
            value=value,
            counts=None,
            reason=reason,
            scan_at=scan_at,
            scan_row=scan_row,
            choice=choice,
            feature=feature,
            threshold=threshold,
        )
        levels.append(level_record)
        splits = level_record["splits"]
        moving = splits.repeat(lengths)
        splitting = np.flatnonzero(splits)
        if not len(splitting):
            break
        # the children's statistics: the chosen cut's sides (Grower._stats' floats)
        at = np.searchsorted(scanned, splitting)
        pick = (at, feature_column(numeric, feature[splitting]))
        count, centre, error = (
            np.stack([a[0][pick], a[1][pick]], axis=1).ravel() for a in sides[:3]
        )
        # route: each splitting node's rows to its two children, in ascending order
        rows = rows[moving]
        sizes = lengths[splitting]
        right = ~(X[rows, feature[splitting].repeat(sizes)] <= threshold[splitting].repeat(sizes))
        kind = np.int16 if 2 * len(splitting) < 2**15 else np.int64
        key = np.arange(0, 2 * len(splitting), 2, dtype=kind).repeat(sizes)
        np.add(key, right, out=key)
        rows = rows.take(key.argsort(kind="stable"))
        lengths = np.bincount(key, minlength=2 * len(splitting)).astype(np.int64)
        n_samples, impurity, value = count, error, centre[:, None]
        depth += 1
        early = early_codes(grower, depth, n_samples, impurity, value, lengths)
        order = open_orders(order, rows, lengths, early, len(X))
    return numbered(grower, levels, scans, objects, reasons.texts)


def feature_column(numeric: np.ndarray, feature: np.ndarray) -> np.ndarray:
    """The column of ``numeric`` each of ``feature`` is (every feature is one of them).

    Examples
    --------
    >>> feature_column(np.array([0, 2, 5]), np.array([5, 0])).tolist()
    [2, 0]
    """
    return np.searchsorted(numeric, feature)


def clear_splits(
    grower: Grower, best: np.ndarray, scores: np.ndarray, count: tuple
) -> tuple[np.ndarray, np.ndarray]:
    """Which scanned nodes split on their best column by the scan's figures, and that column.

    ``best``, ``scores`` and ``count`` (the sides' rows) are :func:`median_scan`'s.

    :meth:`Grower.reason_after_scoring`'s rules on each node's best score (the candidate's
    own impurity decrease, so the same floats decide); a node with no cut is not clear,
    nor one a rule stops (its candidate is built and the rule read from it, with its text).

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn import CARTRegressor
    >>> X, y = np.arange(4.0).reshape(-1, 1), np.array([1.0, 1.0, 5.0, 5.0])
    >>> grower = CARTRegressor(criterion="mae", min_impurity_decrease=1.0).make_grower(X, y)
    >>> count = (np.array([[2.0], [2.0]]), np.array([[2.0], [2.0]]))
    >>> clear, column = clear_splits(grower, np.array([0, 0]), np.array([[2.0], [0.5]]), count)
    >>> clear.tolist(), column.tolist()  # 2.0 of 4 rows clears 1.0, 0.5 does not
    ([True, False], [0, 0])
    """
    config = grower.config
    m = len(best)
    column = np.maximum(best, 0)
    at = np.arange(m)
    decrease = scores[at, column]
    total = count[0][at, column] + count[1][at, column]
    clear = best >= 0
    decrease = np.where(clear, decrease, 0.0)
    if config.stop_at_zero_gain:
        clear &= ~(decrease < ZERO_GAIN)
    clear &= (
        total / grower.builder.total_weight * decrease + np.finfo(float).eps
        >= config.min_impurity_decrease
    )
    return clear, column


def candidate(grower: Grower, state: OpenLeaf, feature: int) -> Candidate:
    """The grower's own candidate of ``feature`` at ``state`` (built when a step is read)."""
    return grower.score_candidates(state, [feature], None)[0]


class MedianScan:
    """A level's candidates: each node's column scores, the candidates built when read.

    Node ``j`` of the scan holds ``lengths[j]`` rows of ``rows`` (ascending, after the
    nodes before it), its impurity and value; ``scores[j, c]`` is the score of column
    ``features[c]`` (what :func:`median_scan` found), its candidate :func:`candidate` of
    ``scorer`` (a :meth:`Grower.scorer <dtlearn.grow.Grower.scorer>`, so the record that
    keeps the scan makes no reference cycle) at an open leaf made of those figures. A
    level of thousands of nodes then makes no candidate list, state or ``partial`` per
    node and column.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn import CARTRegressor
    >>> X, y = np.arange(4.0).reshape(-1, 1), np.array([1.0, 1.0, 5.0, 5.0])
    >>> grower = CARTRegressor(criterion="mae").make_grower(X, y)
    >>> root = grower.root
    >>> scan = MedianScan(grower.scorer(), np.arange(4), np.array([4]),
    ...                   np.array([root.impurity]), root.value[None], [0], np.array([[2.0]]))
    >>> candidates = scan.candidate_list(0, grower.builder)
    >>> candidates.score_of(0), candidates[0].split.threshold
    (2.0, 1.5)
    """

    __slots__ = ("scorer", "rows", "starts", "lengths", "impurity", "value", "features", "scores")

    def __init__(
        self,
        scorer: Grower,
        rows: np.ndarray,
        lengths: np.ndarray,
        impurity: np.ndarray,
        value: np.ndarray,
        features: list,
        scores: np.ndarray,
    ):
        self.scorer, self.rows, self.lengths = scorer, rows, lengths
        self.starts = np.cumsum(lengths) - lengths
        self.impurity, self.value, self.features, self.scores = impurity, value, features, scores

    def state(self, row: int) -> OpenLeaf:
        """Node ``row`` as the open leaf node-by-node growth scores (rows, unit weights)."""
        start, n = int(self.starts[row]), int(self.lengths[row])
        node = Node(-1, 0, float(n), float(self.impurity[row]), self.value[row].copy(), None)
        every = frozenset(range(self.scorer.schema.n_features))
        return OpenLeaf(node, self.rows[start : start + n], np.ones(n), every, None, None)

    def candidate_list(self, row: int, builder: CandidateBuilder | None) -> CandidateList:
        """Node ``row``'s candidates, in column order, each built when first read."""
        scorer, state = self.scorer, self.state(row)
        makes = [partial(candidate, scorer, state, feature) for feature in self.features]
        return CandidateList(list(zip(self.scores[row].tolist(), makes)), builder)

    def __reduce__(self) -> tuple:
        # saved without the grower (its training data): every node's candidates built
        builder = self.scorer.builder
        lists = [self.candidate_list(j, builder) for j in range(len(self.lengths))]
        return (BuiltScan, (lists,))


class BuiltScan:
    """A saved :class:`MedianScan`: each node's candidates, built.

    Examples
    --------
    >>> BuiltScan([CandidateList([])]).candidate_list(0, None) == ()
    True
    """

    __slots__ = ("lists",)

    def __init__(self, lists: list):
        self.lists = lists

    def candidate_list(self, row: int, builder: CandidateBuilder | None) -> CandidateList:
        """Node ``row``'s candidates."""
        return self.lists[row]

    def __reduce__(self) -> tuple:
        return (BuiltScan, (self.lists,))


def median_scan(
    grower: Grower,
    rows: np.ndarray,
    lengths: np.ndarray,
    centres: np.ndarray,
    parent: np.ndarray,
    order: np.ndarray,
    numeric: np.ndarray,
    rank: np.ndarray,
    scratch: Scratch | None = None,
) -> tuple[np.ndarray, np.ndarray, tuple]:
    """Every column's best cut at every node of a level, and its candidate's figures.

    Node ``j`` holds ``lengths[j]`` rows of ``rows`` (ascending, after the nodes before
    it), its median ``centres[j]`` and impurity ``parent[j]``; ``order[off_j:off_j + n_j,
    c]`` are its rows sorted by column ``numeric[c]``, ``rank`` each row's rank by target,
    ``scratch`` the arrays the level may write into.
    Returns ``(best, scores, sides)``: each node's chosen column (-1: none can split),
    each column's candidate score (its impurity decrease; minus infinity when it cannot
    split) and ``sides = (count, centre, impurity, threshold)``, the first three pairs of
    ``(m, f)`` arrays for the left and right branch of each column's best cut.

    Nodes whose ranks take the same bits make a slice of one
    :class:`~dtlearn.grow.fast.median_cuts.RankSums` (:func:`size_groups`), the slices by
    bits, most first: a small node's ranks take few bits.
    """
    X, y = grower.X, grower.y
    m, f = len(lengths), len(numeric)
    lengths = np.asarray(lengths, dtype=np.int64)
    N = int(lengths.sum())
    offsets = np.cumsum(lengths) - lengths
    node_of = np.repeat(np.arange(m), lengths)
    local = np.empty(len(y), dtype=np.int64)  # rank by target within the node
    by_target = np.argsort(node_of * len(y) + rank[rows], kind="stable")
    local[rows[by_target]] = np.arange(N) - offsets[node_of]
    # segments: a group of nodes, then a column, then the group's nodes in order
    group = size_groups(lengths)
    nodes = np.argsort(-group, kind="stable")
    groups = np.unique(group)[::-1]  # most bits first (RankSums reads a prefix per bit)
    seg_node = np.concatenate([np.tile(nodes[group[nodes] == g], f) for g in groups])
    seg_feat = np.concatenate(
        [np.repeat(np.arange(f), int(np.count_nonzero(group == g))) for g in groups]
    )
    seg_lengths = lengths[seg_node]
    S, T = len(seg_node), f * N
    starts = np.cumsum(seg_lengths) - seg_lengths
    small = np.int32 if T < 2**31 - 1 else np.int64
    elem_seg = np.repeat(np.arange(S, dtype=small), seg_lengths)
    within = np.arange(T, dtype=small) - starts.astype(small)[elem_seg]  # place in the segment
    at_node = offsets.astype(small)[seg_node][elem_seg] + within  # place among the level's rows
    feature = seg_feat[elem_seg]
    rows_x = order[at_node, feature]  # the node's rows in the column's order
    xs = X[rows_x, numeric[feature]]
    ys = y[rows_x]
    shifted = ys - centres[seg_node][elem_seg]  # small sums round less
    group_ends = np.cumsum(f * np.bincount(group, weights=lengths)[groups]).astype(np.int64)
    sums = GroupedRankSums(local[rows_x], shifted, ys, group_ends, scratch)
    errors, bound = cut_errors(sums, shifted, seg_lengths)
    _, segment = segment_bounds(seg_lengths)
    first = np.cumsum(seg_lengths - 1) - (seg_lengths - 1)
    cut = np.arange(len(segment)) - first[segment]
    at = starts[segment] + cut
    leaf = grower.config.min_samples_leaf
    n_seg = seg_lengths[segment]
    valid = (xs[at + 1] > xs[at]) & (cut + 1 >= leaf) & (n_seg - cut - 1 >= leaf)
    # a bound on the reference's tie scale (Σ|y| / n over the column's sorted rows)
    running = np.zeros(T + 1)
    np.cumsum(np.abs(ys), out=running[1:])
    rough = (running[starts + seg_lengths] - running[starts]) / seg_lengths
    near = near_best_cuts(errors, bound, valid, segment, seg_lengths, rough)
    # rough's rounding: each running sum within T·ε of the level's total (the values are
    # >= 0), the segment's own pairwise sum within n·ε of its own; twice that
    rough_bound = 2 * EPS * ((2 * T + 4) * running[T] / seg_lengths + (seg_lengths + 4) * rough)
    chosen: list = []  # each segment's chosen cut's side medians, (2, S)
    index = best_cuts(
        ys, near, segment, cut, starts, seg_lengths, sums, (rough, rough_bound), chosen
    )
    # each column's best cut as a candidate: both sides' rows in the node's row order
    position = np.empty((N, f), dtype=small)  # each row's place in the column's order
    place = np.empty(len(y), dtype=np.int64)
    place[rows] = np.arange(N)
    position[place[order[:N]], np.arange(f)[None, :]] = (np.arange(N) - offsets[node_of])[:, None]
    flat_left = position[at_node, feature] <= index[elem_seg]
    # a stable partition of each segment, its left rows first (row order kept)
    n_left = np.add.reduceat(flat_left, starts).astype(np.int64)
    before = np.cumsum(flat_left) - flat_left  # left rows before, over the whole level
    left_before = before - before[starts][elem_seg]
    dest = np.where(
        flat_left,
        starts[elem_seg] + left_before,
        (starts + n_left)[elem_seg] + within - left_before,
    )
    values = np.empty(T)
    values[dest] = y[rows[at_node]]
    usable = index >= 0
    seg = np.flatnonzero(usable)
    side_start = np.concatenate([starts[seg], starts[seg] + n_left[seg]])
    side_length = np.concatenate([n_left[seg], seg_lengths[seg] - n_left[seg]])
    medians = chosen[0][:, seg].ravel()  # the sides' rows in x order: the same medians
    spread = side_spreads(values, side_start, side_length, medians)
    q = side_length.astype(float)
    side_impurity = spread / q
    k = len(seg)
    ql, qr, il, ir = q[:k], q[k:], side_impurity[:k], side_impurity[k:]
    child = (ql * il + qr * ir) / (ql + qr)
    where = (seg_node[seg], seg_feat[seg])
    scores = np.full((m, f), -np.inf)
    scores[where] = parent[seg_node[seg]] - child
    # node_scale of the first admissible candidate: Σ n (impurity + |median|) / Σ n
    sizes = np.zeros((m, f))
    sizes[where] = (ql * (il + np.abs(medians[:k])) + qr * (ir + np.abs(medians[k:]))) / (ql + qr)
    admissible = np.isfinite(scores)
    first_admissible = np.argmax(admissible, axis=1)
    node_scale = np.where(admissible.any(axis=1), sizes[np.arange(m), first_admissible], 0.0)
    best = np.atleast_1d(first_best(scores, axis=1, scale=node_scale))

    def per_column(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        left, right = np.zeros((m, f)), np.zeros((m, f))
        left[where], right[where] = a[:k], a[k:]
        return left, right

    low = starts[seg] + index[seg]
    threshold = np.full((m, f), np.nan)
    threshold[where] = midpoint(xs[low], xs[low + 1])
    return best, scores, (per_column(q), per_column(medians), per_column(side_impurity), threshold)


def size_groups(lengths: np.ndarray) -> np.ndarray:
    """The group of each node by size: the bits of its largest rank (``n - 1``), at least 1.

    Groups share a :class:`~dtlearn.grow.fast.median_cuts.RankSums` slice; a bit's pass
    reads only the groups that use it.

    Examples
    --------
    >>> size_groups(np.array([2, 3, 5, 16, 17, 100, 300, 5000])).tolist()
    [1, 2, 3, 4, 5, 7, 9, 13]
    """
    return np.maximum(1, np.frexp(np.maximum(np.asarray(lengths) - 1, 0).astype(float))[1])


def best_cuts(
    ys: np.ndarray,
    near: np.ndarray,
    segment: np.ndarray,
    cut: np.ndarray,
    starts: np.ndarray,
    lengths: np.ndarray,
    sums: GroupedRankSums | None = None,
    rough: tuple | None = None,
    medians: list | None = None,
) -> np.ndarray:
    """Each segment's best cut among its ``near`` ones (-1: none), as the reference picks it.

    One near cut wins unscored (as :func:`~dtlearn.grow.scanners.regression_cut` takes
    it); of several, the first whose exact error
    (:func:`~dtlearn.grow.fast.median_cuts.exact_cut_errors`) ties with the least
    (:func:`~dtlearn.grow.scanners.first_best`'s rule, on the segment's tie scale
    :meth:`~dtlearn.criteria.Criterion.tie_scale_of`, ``Σ|y| / n`` in the column's order).
    ``sums`` (a :class:`~dtlearn.grow.fast.median_cuts.RankSums` over ``ys``) gives medians.
    ``rough``: each segment's tie scale to within a bound, ``(scale, bound)``; where the
    winner is the same at both ends of that range (the floor of a tie moves monotonically
    with the scale), the exact scale (a pairwise sum of the segment) is not worked out.
    ``medians`` (a list, with ``sums``): filled with the medians of each segment's chosen
    cut's left and right side (NaN without one), from the same query as the near cuts'
    exact errors (one pass over the matrix fewer per level).

    Examples
    --------
    >>> ys = np.array([1.0, 2.0, 9.0, 10.0])
    >>> best_cuts(ys, np.array([False, True, True]), np.zeros(3, int), np.arange(3),
    ...           np.array([0]), np.array([4])).tolist()
    [1]
    """
    m = len(lengths)
    index = np.full(m, -1, dtype=np.int64)
    n_near = np.bincount(segment[near], minlength=m)
    one = near & (n_near[segment] == 1)
    index[segment[one]] = cut[one]
    many = near & (n_near[segment] > 1)
    sides = None
    if medians is not None and sums is not None:
        # one query for both sides of the near cuts of several and of the lone near cuts
        asked = np.concatenate([segment[many], segment[one]])
        left = np.concatenate([cut[many], cut[one]]) + 1
        side_start = np.concatenate([starts[asked], starts[asked] + left])
        side_end = np.concatenate([starts[asked] + left, starts[asked] + lengths[asked]])
        sides = sums.medians(side_start, side_end).reshape(2, -1)
        chosen = np.full((2, m), np.nan)
        chosen[:, segment[one]] = sides[:, int(np.count_nonzero(many)) :]
        medians[:] = [chosen]
    if many.any():
        near_cut, near_seg = cut[many], segment[many]
        exactly = np.ones(len(near_seg), dtype=bool)  # the near cuts worked out exactly
        if sides is not None and rough is not None:
            scored, won, counts = close_winners(
                ys, starts, lengths, near_seg, near_cut, sides[:, : len(near_seg)], rough
            )
            settled = won >= 0
            index[scored[settled]] = won[settled]
            exactly = np.repeat(~settled, counts)
        if exactly.any():
            seg, cuts = near_seg[exactly], near_cut[exactly]
            known = None if sides is None else sides[:, : len(near_seg)][:, exactly].ravel()
            exact = exact_cut_errors(ys, starts[seg], lengths[seg], cuts, sums, known)
            first = np.flatnonzero(np.r_[True, seg[1:] != seg[:-1]])  # seg ascends
            scored = seg[first]
            counts = np.diff(np.r_[first, len(seg)])
            top = np.maximum.reduceat(-exact, first)

            def winners(scale: np.ndarray) -> np.ndarray:
                floor = top - tolerance(top, scale)
                hit = np.where(-exact >= np.repeat(floor, counts), cuts, np.iinfo(np.int64).max)
                return np.minimum.reduceat(hit, first)

            def tie_scale(at: np.ndarray) -> np.ndarray:  # the reference's, of segments scored[at]
                kept = scored[at]
                return segment_sums(np.abs(ys), starts[kept], lengths[kept]) / lengths[kept].astype(
                    float
                )

            if rough is None:
                index[scored] = winners(tie_scale(np.arange(len(scored))))
            else:  # a larger scale, a lower floor: the reference's floor lies between these
                scale, bound = rough[0][scored], rough[1][scored]
                low = winners(scale + bound)
                open_ = (low != winners(np.maximum(scale - bound, 0.0))) | ~np.isfinite(
                    scale + bound
                )
                if open_.any():
                    scale = scale.copy()
                    scale[open_] = tie_scale(np.flatnonzero(open_))
                    low[open_] = winners(scale)[open_]
                index[scored] = low
        if sides is not None and medians is not None:
            won = near_cut == index[near_seg]  # one near cut a segment
            medians[0][:, near_seg[won]] = sides[:, : len(near_seg)][:, won]
    return index


def close_winners(
    ys: np.ndarray,
    starts: np.ndarray,
    lengths: np.ndarray,
    seg: np.ndarray,
    cut: np.ndarray,
    medians: np.ndarray,
    rough: tuple,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each segment's winner among its near cuts where errors close to the reference's decide.

    ``seg``/``cut``: the near cuts of segments with several (ascending by segment),
    ``medians`` their sides' medians (``(2, len(cut))``, left then right), ``rough`` each
    segment's tie scale within a bound (``(scale, bound)``). The reference
    (:func:`~dtlearn.grow.fast.median_cuts.exact_cut_errors`, then
    :func:`~dtlearn.grow.scanners.first_best`) sums each side's ``|y - median|`` in numpy's
    pairwise order; here the same terms are summed in extended precision
    (:func:`~dtlearn.grow.fast.median_cuts.close_cut_errors`), within a few units in the
    last place of the reference's floats, far inside the tie tolerance. Most segments'
    near cuts are exact ties (equal as real numbers) or clearly worse: when the first cut
    these errors cannot rule out is surely within the tolerance of the least, it is the
    reference's winner. Returns ``(segments, winner, counts)``: each segment of ``seg``
    once, its winning cut (-1: left for the exact errors) and its near cuts' count.

    Examples
    --------
    >>> ys = np.array([1.0, 2.0, 9.0, 10.0])  # cuts 0 and 2 tie exactly; cut 1 is best
    >>> medians = np.array([[1.0, 1.5, 2.0], [9.0, 9.5, 10.0]])
    >>> segments, won, counts = close_winners(ys, np.array([0]), np.array([4]),
    ...     np.zeros(3, int), np.arange(3), medians, (np.array([5.5]), np.array([0.0])))
    >>> won.tolist(), counts.tolist()
    ([1], [3])
    """
    close, rounding = close_cut_errors(ys, starts[seg], lengths[seg], cut, medians.ravel())
    first = np.flatnonzero(np.r_[True, seg[1:] != seg[:-1]])
    counts = np.diff(np.r_[first, len(seg)])
    scored = seg[first]
    low, high = close - rounding, close + rounding
    least_low = np.maximum(np.minimum.reduceat(low, first), 0.0)  # errors are >= 0
    least_high = np.minimum.reduceat(high, first)
    size, size_bound = np.abs(rough[0][scored]), rough[1][scored]
    tie_low = TIE_TOLERANCE * np.maximum(least_low, size - size_bound)
    tie_high = TIE_TOLERANCE * np.maximum(least_high, size + size_bound)
    slack = 16 * EPS * (least_high + tie_high)  # the reference's floor and these sums round
    surely_in = high <= np.repeat(least_low + tie_low - slack, counts)
    surely_out = low > np.repeat(least_high + tie_high + slack, counts)
    place = np.arange(len(seg))
    open_first = np.minimum.reduceat(np.where(surely_out, len(seg), place), first)
    trusted = np.isfinite(least_high + tie_high) & (least_high < 1e250)
    settled = trusted & (open_first < len(seg))
    settled[settled] = surely_in[open_first[settled]]
    won = np.full(len(scored), -1, dtype=np.int64)
    won[settled] = cut[open_first[settled]]
    return scored, won, counts


__all__ = [
    "BuiltScan",
    "MedianScan",
    "applies",
    "best_cuts",
    "candidate",
    "clear_splits",
    "close_winners",
    "feature_column",
    "grow",
    "grow_arrays",
    "median_scan",
    "size_groups",
]

register_strategy(applies, grow)  # Grower.run grows MAE trees level-wise where it applies
