# About 590 logical lines: one idea, growing a whole depth at once (its scan, decisions, children, routing, statistics and sorted orders); each step needs the level's arrays of the one before.
"""Level-wise growth: every open node of one depth scanned together.

Greedy growth with no leaf budget decides each node from its own rows alone, so the order
in which nodes are decided does not change the tree. :func:`grow` decides a whole depth at
once: the rows of that depth's open nodes, sorted by each numeric column, sit in one
array (a segment per node, each node's order filtered from its parent's, never re-sorted);
nodes of about the same size are padded into one block and scanned with
:func:`~dtlearn.grow.scanners.segment_cuts`, whose cumulative sums run along each node's
own row — the same sums, in the same order, as a scan of that node alone. The Python cost
is per depth and per node size class, not per node and column.

Decisions are then replayed in the order :meth:`Grower.run` takes them (depth first, the
first branch first), so node ids, steps and their candidate tables are identical to the
node-by-node engine's: :func:`applies` says when this path may replace :meth:`Grower.run`
(greedy CART classification or regression with squared error, or ID3, with the fast scanner
and no ``max_leaf_nodes``, no missing numeric values). Categorical attributes are still
scored node by node by the Grower itself.

Most nodes are decided from the scan's arrays alone (:func:`clearly_splits`): the chosen
candidate stays a position in the node's candidate list, built when a step is read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ... import cycle_collector
from ...criteria import squared_error_of, weighted_mean
from ...splits import Split, ThresholdSplit, midpoint
from ...tree import Tree
from ..average_gain import at_least_average_gain, ranks_by_gain
from ..loop import Grower, OpenLeaf, register_strategy
from ..records import ZERO_GAIN, Candidate
from ..scanners import TIE_TOLERANCE, first_best, flat_cuts, segment_cuts
from ..scoring import CandidateList, ThresholdBlock, ThresholdScan
from .arrays import StepLog
from .sums import segment_sums

MIN_CHUNK_BYTES = 2**18
"""Smallest working array of a scan chunk; larger data gets an eighth of its size."""

PAD_ROWS = 128
"""Most padding rows a node class takes on to save a scan call (:func:`size_classes`).

A fully grown tree's deep levels hold hundreds of nodes of two to a few dozen rows and a
few larger ones; a scan call's fixed cost is much of the fit there. Measured on full-depth
regression (10 columns, 3k-30k rows): 64-192 fastest, 7-13% below one class per half
octave of sizes; 512 and more pad more than the calls they save."""


FLAT_BYTES = 2**24
"""Largest level (rows × columns × classes × 8 bytes) :func:`scan_arrays` scans end to end
(:func:`flat_scan_arrays`, columns chunked as the padded scan chunks them); past it the
padded scan by size class is as fast. Measured at 1k × 10 (one call a level instead of two
or three per level: 0.65× the time); with its gathers as ``np.take`` (issue 42), the flat
scan up to 16 MiB against 1 MiB: 0.96× the fit's time at 10k × 20, 0.85× at 30k × 10,
0.99× at 100k × 20 (CPU, interleaved)."""

SMALL_ORDER = 2**15
"""Most entries of a level's sorted rows :func:`filter_orders_by` filters in one call (above
it, column by column in place: no second copy of a large level), and of the root's that
:func:`sorted_orders` sorts in one call. The one call holds a 64-bit
sort order of the whole level beside two copies of it: at 2**18 entries that was the peak of
a 30k x 10 fit (2.8x the data traced; 2.5x at 2**15, the same fit time, issue 42)."""


def size_classes(lengths: np.ndarray) -> np.ndarray:
    """Classes of nodes scanned together (padded to their class's longest): a class label each.

    Sizes are taken in ascending order; the next size joins the class while padding the
    class's nodes to it takes at most :data:`PAD_ROWS` rows in all, otherwise it starts a class.

    Examples
    --------
    >>> size_classes(np.array([2, 30, 33, 2000, 45, 46, 1000, 2, 3])).tolist()
    [0, 0, 0, 3, 1, 1, 2, 0, 0]
    """
    lengths = np.asarray(lengths)
    sizes, counts = np.unique(lengths, return_counts=True)
    label = np.empty(len(sizes), dtype=np.int64)
    cls, members, rows = 0, 0, 0
    for i, (size, count) in enumerate(zip(sizes.tolist(), counts.tolist())):
        if members and members * size - rows > PAD_ROWS:
            cls, members, rows = cls + 1, 0, 0
        members, rows = members + count, rows + count * size
        label[i] = cls
    return label[np.searchsorted(sizes, lengths)]


@dataclass(eq=False, slots=True)
class Pending:
    """A node decided level-wise, waiting to be numbered and recorded as a step."""

    state: OpenLeaf
    candidates: Any = ()
    choice: Candidate | int | None = None  # an int: the candidate's position, still unbuilt
    split: Split | None = None
    reason: str | None = None
    children: list = field(default_factory=list)


def numeric_features(grower: Grower) -> np.ndarray:
    """The columns the fast scan handles: every non-categorical one.

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_play_tennis
    >>> grower = CARTClassifier().make_grower(*load_play_tennis(numeric=True))
    >>> numeric_features(grower).tolist()
    [1, 2]
    """
    schema = grower.schema
    return np.array(
        [j for j in range(schema.n_features) if not schema.is_categorical(j)], dtype=np.int64
    )


def applies(grower: Grower) -> bool:
    """Whether :func:`grow` grows exactly the tree ``grower.run()`` would.

    It does for a fresh plain :class:`Grower` whose criterion the fast scans handle
    (classification, or regression by squared error: not MAE, whose medians need every
    row) with the fast scanner, no ``max_leaf_nodes`` (best-first order depends on every
    node), no oblique candidate and no missing value in a numeric column.

    Examples
    --------
    >>> from dtlearn import C45Classifier, CARTClassifier, load_play_tennis
    >>> X, y = load_play_tennis(numeric=True)
    >>> applies(CARTClassifier().make_grower(X, y)), applies(C45Classifier().make_grower(X, y))
    (True, False)
    >>> applies(CARTClassifier(max_leaf_nodes=4).make_grower(X, y))
    False
    """
    config = grower.config
    if type(grower) is not Grower or not grower.rule.scans_sums or grower.steps:
        return False
    if config.max_leaf_nodes is not None or config.scanner != "fast" or config.oblique:
        return False
    if list(grower.frontier()) != [grower.root.node_id]:
        return False
    rows = grower.open_leaf(grower.root.node_id).rows
    X = grower.X
    every = len(rows) == len(X)  # no row of weight 0: the columns as they are, no copy
    if every and X.dtype.kind == "f":
        with np.errstate(over="ignore"):  # an overflow to inf: looked at column by column
            if np.isfinite(X.sum()):  # one pass, no temporary: no NaN anywhere
                return True
    return not any(
        np.isnan(X[:, j] if every else X[rows, j]).any() for j in numeric_features(grower).tolist()
    )


def grow(grower: Grower) -> Tree:
    """Grow ``grower`` to the end, one depth at a time; return its tree.

    Afterwards the grower is as :meth:`Grower.run` leaves it: same tree, same node ids,
    same ``steps`` in the same order. Check :func:`applies` first.

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_play_tennis
    >>> X, y = load_play_tennis(numeric=True)
    >>> a, b = CARTClassifier().make_grower(X, y), CARTClassifier().make_grower(X, y)
    >>> grow(a).to_json() == b.run().to_json()
    True
    >>> [(s.node_id, s.action) for s in a.steps[:3]] == [(s.node_id, s.action) for s in b.steps[:3]]
    True
    """
    if not applies(grower):
        raise ValueError(
            "grower: level-wise growth does not apply to this grower "
            "(see dtlearn.grow.fast.levels.applies)"
        )
    with cycle_collector.paused():
        return grow_levels(grower)


def grow_levels(grower: Grower) -> Tree:
    """:func:`grow`'s levels, one after the other (the cycle collector paused by :func:`grow`)."""
    numeric = numeric_features(grower)
    log = StepLog(grower)  # each level noted as decided, so its objects can go
    root = Pending(grower.open_leaf(grower.root.node_id))
    root.reason = grower.reason_before_scoring(root.state)
    scan = [] if root.reason else [root]
    order = None
    if scan and numeric.size:
        order = sorted_orders(grower.X, root.state.rows, numeric)
    if root.reason:
        log.settle([], [root])
    del root
    while scan:
        blocks, best, decrease, units = scan_level(
            grower,
            order,
            [len(p.state.rows) for p in scan],
            numeric,
            [p.state.node.value[0] for p in scan],
        )
        decide_level(grower, scan, blocks, best, decrease, units)
        open_level(grower, [p for p in scan if p.split is not None])
        children = [child for p in scan for child in p.children]
        for child in children:
            child.reason = grower.reason_before_scoring(child.state)
        following = [child for child in children if child.reason is None]
        for done in scan + [child for child in children if child.reason is not None]:
            done.state.weights = None  # decided: the record keeps a node's rows, not weights
        log.settle(scan, [child for child in children if child.reason is not None])
        if order is not None:
            order = filter_orders(order, following, len(grower.X))
        scan = following
    record(grower, log)
    return grower.tree()


def decide_level(
    grower: Grower,
    scan: list[Pending],
    blocks: list,
    best: list[int],
    decrease: list[float],
    units: list[float],
) -> None:
    """:func:`decide` every node of a level (the arguments are :func:`scan_level`'s).

    When every attribute is a numeric column of the scan, a node that clearly splits
    (:func:`clearly_splits`) takes its candidate list and split straight from its block,
    as :meth:`Grower.score_candidates` and :func:`decide` would make them.
    """
    plain = len(numeric_features(grower)) == grower.schema.n_features and not grower.config.oblique
    builder = grower.builder
    for p, block, column, gain, unit in zip(scan, blocks, best, decrease, units):
        if (
            plain
            and column >= 0
            and len(p.state.available) == len(block.features)
            and clearly_splits(grower, p.state.node.n_samples, gain, unit)
        ):
            p.candidates = CandidateList(list(range(len(block.features))), builder, block)
            p.choice, p.split = column, block.split(column)
        else:
            decide(grower, p, block, column, gain, unit)


def decide(
    grower: Grower,
    pending: Pending,
    block: ThresholdBlock | None,
    column: int,
    decrease: float = np.nan,
    unit: float = 1.0,
) -> None:
    """Score one scanned node and choose its split (or give the reason to stop).

    ``column`` is the block's best column (the level's tie rule, applied to all its
    nodes at once); it decides when every candidate of the node is a block column.
    ``decrease`` is that column's impurity decrease as the scan worked it out: when it
    is clearly past every stopping rule the node splits with its candidate left unbuilt
    (a position in the list, built when read); near a rule's limit the candidate is
    built and the rule applied to its own scores, as node-by-node growth does.
    ``unit`` is the size the node's impurities round relative to (:func:`clearly_splits`).
    """
    state = pending.state
    candidates = grower.score_candidates(state, sorted(state.available), block)
    pending.candidates = candidates
    if block is not None and len(block.features) == len(candidates):
        if column >= 0 and clearly_splits(grower, state.node.n_samples, decrease, unit):
            pending.choice, pending.split = column, block.split(column)
            return
        best = candidates[column] if column >= 0 else None
    else:
        best = grower.choose(candidates, state.node.node_id)
    pending.reason = grower.reason_after_scoring(best)
    if pending.reason is None:
        pending.choice, pending.split = best, best.split


EPS = float(np.finfo(float).eps)
"""``np.finfo(float).eps``, read once (each read makes an object; a level's decisions use it)."""

MARGIN = 1e-9
"""How far past a stopping rule's limit a scanned decrease must be to decide unbuilt,
relative to the size the node's impurities round relative to (``unit``).

The scan and a built candidate work the decrease out in different orders; they agree to
a few units in the last place of that size, far inside this margin. Class impurities are
differences of proportions (unit 1); a squared error is a difference of sums of ``y²``
(unit: the node's mean square, :meth:`~dtlearn.criteria.Criterion.tie_scale`), so a
target's scale changes which nodes are decided unbuilt no more than it changes the tree."""


def clearly_splits(grower: Grower, weight: float, decrease: float, unit: float = 1.0) -> bool:
    """Whether a split passes every stopping rule by more than :data:`MARGIN` ``· unit``.

    ``decrease`` is the scan's figure for a node of ``weight``; the rules are those of
    :meth:`Grower.reason_after_scoring`.

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_play_tennis
    >>> grower = CARTClassifier(min_impurity_decrease=0.1).make_grower(
    ...     *load_play_tennis(numeric=True))
    >>> clearly_splits(grower, 14.0, 0.2), clearly_splits(grower, 7.0, 0.2)
    (True, False)
    """
    config = grower.config
    if not decrease == decrease:  # NaN: not known
        return False
    if config.stop_at_zero_gain and decrease < ZERO_GAIN + MARGIN * unit:
        return False
    share = weight / grower.builder.total_weight
    return bool(
        share * decrease + np.finfo(float).eps
        >= config.min_impurity_decrease + MARGIN * unit * share
    )


def clearly_split(
    grower: Grower, weight: np.ndarray, decrease: np.ndarray, unit: np.ndarray
) -> np.ndarray:
    """:func:`clearly_splits` of many nodes at once (the same floats, element by element)."""
    config = grower.config
    # comparisons with NaN (no decrease) are False and warn of nothing: no errstate
    clear = decrease == decrease
    if config.stop_at_zero_gain:
        clear &= ~(decrease < ZERO_GAIN + MARGIN * unit)
    share = weight / grower.builder.total_weight
    clear &= share * decrease + EPS >= config.min_impurity_decrease + MARGIN * unit * share
    return clear


def open_level(grower: Grower, splitting: list[Pending]) -> None:
    """Open the children of a level's splitting nodes.

    Threshold splits of numeric columns are routed for the whole level at once (rows of
    each child kept in ascending order, as :meth:`Grower.partition` leaves them) and the
    children's class counts summed in padded blocks, row order kept; other splits go
    through the Grower node by node.
    """
    fast = [
        p
        for p in splitting
        if type(p.split) is ThresholdSplit
        and not grower.schema.is_categorical(p.split.feature)
        and not p.split.tolerance
    ]
    parts = route_level(grower, fast)
    stats = None
    if grower.classes is not None:
        stats = child_stats(grower, [rows for pair in parts for rows, _ in pair])
    elif sums_stats(grower):
        stats = regression_stats(grower, [part for pair in parts for part in pair])
    for j, p in enumerate(fast):
        conditions = p.choice.conditions if isinstance(p.choice, Candidate) else None
        children = grower.open_children(
            p.state,
            p.split,
            parts[j],
            None if stats is None else stats[2 * j : 2 * j + 2],
            conditions,
        )
        p.children = [Pending(child) for child in children]
    for p in splitting:
        if not p.children:
            split = p.split
            children = grower.open_children(p.state, split, grower.partition(p.state, split))
            p.children = [Pending(child) for child in children]


def route_level(grower: Grower, splitting: list[Pending]) -> list[list[tuple]]:
    """``[(left rows, weights), (right rows, weights)]`` of each threshold split, at once."""
    if not splitting:
        return []
    rows = np.concatenate([p.state.rows for p in splitting])
    weights = np.concatenate([p.state.weights for p in splitting])
    lengths = np.array([len(p.state.rows) for p in splitting])
    node = np.repeat(np.arange(len(splitting)), lengths)
    feature = np.array([p.split.feature for p in splitting])
    threshold = np.array([p.split.threshold for p in splitting])
    right = ~(grower.X[rows, feature[node]] <= threshold[node])
    key = 2 * node + right
    key = key.astype(np.int16 if 2 * len(splitting) < 2**15 else np.int64)
    moved = np.argsort(key, kind="stable")  # each child's rows stay ascending
    bounds = np.cumsum(np.bincount(key, minlength=2 * len(splitting)))[:-1]
    # plain slices: np.split would make each child's rows a view of a view (two objects)
    starts, ends = np.r_[0, bounds].tolist(), np.r_[bounds, len(rows)].tolist()
    rows, weights = rows[moved], weights[moved]
    child_rows = [rows[a:b] for a, b in zip(starts, ends)]
    child_weights = [weights[a:b] for a, b in zip(starts, ends)]
    return [
        [
            (child_rows[2 * j], child_weights[2 * j]),
            (child_rows[2 * j + 1], child_weights[2 * j + 1]),
        ]
        for j in range(len(splitting))
    ]


def child_stats(grower: Grower, parts: list[np.ndarray]) -> list[tuple]:
    """``(class counts, impurity)`` of each row set, as :meth:`Grower._stats` gives them.

    Rows are summed in their order along padded blocks (nodes of a size class side by
    side, zero rows after each node's end): the same sums, in the same order, as one
    node's ``sum(axis=0)``.
    """
    if not parts:
        return []
    lengths = np.array([len(rows) for rows in parts], dtype=np.int64)
    counts, impurity = class_sums(grower, np.concatenate(parts), lengths)
    return [(counts[j], float(impurity[j])) for j in range(len(parts))]


def class_sums(
    grower: Grower, rows: np.ndarray, lengths: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Class counts (nodes × classes) and impurity of the nodes whose rows are ``rows``.

    Node ``j``'s rows are the ``lengths[j]`` that follow the nodes before it; summed as
    :func:`child_stats` sums them.
    """
    k = len(grower.classes)
    if grower.whole_scan_weights and len(lengths) and lengths.min() > 0:
        # whole numbers: every sum is exact, so one pass over the nodes end to end
        starts = np.cumsum(lengths) - lengths
        counts = np.add.reduceat(np.take(grower.scan_weights, rows, axis=1), starts, axis=1).T
        return counts, grower.rule.node_impurity(counts, grower.config)
    weighted = np.zeros((len(grower.X) + 1, k))  # the last row is the padding's zero
    weighted[:-1] = grower.scan_weights.T
    offsets = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
    counts = np.empty((len(lengths), k))
    size_class = size_classes(lengths)
    for cls in np.unique(size_class):
        members = np.flatnonzero(size_class == cls)
        width = int(lengths[members].max())
        inside = np.arange(width)[None, :] < lengths[members, None]
        index = np.full((len(members), width), len(grower.X))
        index[inside] = rows[(offsets[members, None] + np.arange(width)[None, :])[inside]]
        counts[members] = weighted[index].sum(axis=1)
    return counts, grower.rule.node_impurity(counts, grower.config)


def sums_stats(grower: Grower) -> bool:
    """Whether :func:`regression_stats` gives ``grower``'s node statistics (mean, squared error).

    Examples
    --------
    >>> from dtlearn import CARTRegressor, load_play_tennis
    >>> X, _ = load_play_tennis(numeric=True)
    >>> y = X["temperature"].to_numpy(float)
    >>> X = X.drop(columns="temperature")
    >>> sums_stats(CARTRegressor().make_grower(X, y))
    True
    >>> sums_stats(CARTRegressor(criterion="mae").make_grower(X, y))
    False
    """
    rule = grower.rule
    return (
        grower.classes is None
        and rule.centre is weighted_mean
        and rule.impurity is squared_error_of
    )


def regression_stats(grower: Grower, parts: list[tuple]) -> list[tuple]:
    """``([weight, mean], squared error)`` of each ``(rows, weights)``, as :meth:`Grower._stats`.

    A level's nodes at once, each sum taken in numpy's own order
    (:func:`~dtlearn.grow.fast.sums.segment_sums`), so every float is the one
    :func:`~dtlearn.criteria.weighted_mean` and :func:`~dtlearn.criteria.squared_error_of`
    give a node alone.
    """
    if not parts:
        return []
    lengths = np.array([len(rows) for rows, _ in parts], dtype=np.int64)
    rows = np.concatenate([rows for rows, _ in parts])
    w = np.concatenate([weights for _, weights in parts])
    total, mean, impurity = regression_sums(grower, rows, w, lengths)
    return [
        (np.array([t, m]), float(i))
        for t, m, i in zip(total.tolist(), mean.tolist(), impurity.tolist())
    ]


def regression_sums(
    grower: Grower, rows: np.ndarray, w: np.ndarray | None, lengths: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Weight, mean (0 at no weight) and squared error of consecutive nodes' rows.

    Node ``j``'s rows (and weights ``w``) are the ``lengths[j]`` that follow the nodes
    before it; the floats are :func:`regression_stats`'. ``w=None``: every weight is 1
    (a sum of ones is exact and ``1.0 * x`` is ``x``, so the floats are the same).
    """
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    values = grower.y[rows]
    if w is None:
        total, weighted = lengths.astype(float), segment_sums(values, starts, lengths)
        w = 1.0
    else:
        total, weighted = segment_sums(np.stack([w, values * w]), starts, lengths)
    positive = total > 0
    safe = np.where(positive, total, 1.0)
    mean = np.where(positive, weighted / safe, 0.0)
    d = values - np.repeat(mean, lengths)
    wd = w * d  # squared_error_of's corrected second pass
    spread, first = segment_sums(np.stack([wd * d, wd]), starts, lengths)
    spread = np.maximum(spread - first**2 / safe, 0.0)
    return total, mean, np.where(positive, spread / safe, 0.0)


def scan_level(
    grower: Grower,
    order: np.ndarray | None,
    lengths: list[int],
    numeric: np.ndarray,
    centres: Any = None,
) -> tuple[list, list[int], list[float], list[float]]:
    """:func:`scan_arrays` with one :class:`ThresholdBlock` per node, the rest as lists."""
    m = len(lengths)
    if order is None:
        return [None] * m, [-1] * m, [np.nan] * m, [1.0] * m
    scan, best, gain, unit = scan_arrays(grower, order, lengths, numeric, centres)
    return (
        [ThresholdBlock(scan, j) for j in range(m)],
        best.tolist(),
        gain.tolist(),
        unit.tolist(),
    )


def scan_arrays(
    grower: Grower,
    order: np.ndarray,
    lengths: Any,
    numeric: np.ndarray,
    centres: Any = None,
    first: Any = None,
) -> tuple[ThresholdScan, np.ndarray, np.ndarray, np.ndarray]:
    """The fast scan of every numeric column of a level's nodes.

    Regression: ``centres[j]`` is node ``j``'s mean, which its sums are taken about
    (:meth:`Grower.centred_terms`, as a node scanned alone). Classification: ``first``
    may hold each node's class counts and impurity as :func:`class_sums` gave them (the
    same floats as the scan's own sums; :func:`~dtlearn.grow.scanners.flat_cuts` then
    need not sum them again).

    Returns the level's :class:`ThresholdScan` (row ``j``: node ``j``), each
    node's best block column (the tie rule :func:`first_best`; -1: none), that
    column's impurity decrease (NaN when there is none) and the size the node's
    impurities round relative to (the ``unit`` of :func:`clearly_splits`).

    ``order[off_j:off_j + lengths[j], c]`` are node ``j``'s rows sorted by column
    ``numeric[c]``. Nodes are grouped by size (:func:`size_classes`) and padded
    to the longest of their group (:func:`node_groups`); columns are taken in chunks so
    that no working array outgrows a thirty-second of the data (the scan holds about ten).
    """
    if (
        flat_scan_applies(grower, lengths)
        and int(np.sum(lengths)) * len(numeric) * len(grower.classes) * 8 <= FLAT_BYTES
    ):
        return flat_scan_arrays(grower, order, lengths, numeric, first)
    m = len(lengths)
    lengths_ = np.asarray(lengths, dtype=np.int64)
    offsets = np.concatenate([[0], np.cumsum(lengths_)[:-1]])
    regression = grower.classes is None
    f, k = len(numeric), 3 if regression else grower.scan_weights.shape[0]
    if regression:
        centres = np.asarray(centres, dtype=float)
    index = np.empty((m, f), dtype=np.int32)  # small: the level is kept in the steps
    n_cuts = np.empty((m, f), dtype=np.int32)
    score, threshold, decrease = np.empty((m, f)), np.empty((m, f)), np.empty((m, f))
    left, total = np.empty((m, f, k)), np.empty((m, k))
    constant = np.empty((m, f), dtype=bool)
    budget = max(MIN_CHUNK_BYTES, grower.X.nbytes // 32)
    # X[rows, columns] as one take from the flat matrix: a third of the fancy index's time
    X, flat = grower.X, None
    if X.flags.c_contiguous and X.size < 2**31:
        flat = X.ravel()
    for members in node_groups(lengths_, k, budget):
        n = lengths_[members]
        width = int(n.max())
        # 32-bit positions where they fit: the root's scan holds them beside its sums
        small = np.int32 if len(order) < 2**31 else np.int64
        positions = offsets[members, None].astype(small) + np.minimum(
            np.arange(width, dtype=small)[None, :], (n[:, None] - 1).astype(small)
        )
        step = max(1, budget // (len(members) * width * k * 8))
        first = None
        for start in range(0, f, step):
            cols = np.arange(start, min(start + step, f))
            rows = order[positions, start : start + len(cols)]
            xs = (
                X[rows, numeric[cols]]
                if flat is None
                else np.take(flat, rows * X.shape[1] + numeric[cols].astype(rows.dtype))
            )
            if regression:
                weighted = grower.centred_terms(rows, centres[members, None, None])
            else:
                weighted = np.moveaxis(np.take(grower.scan_weights, rows, axis=1), 0, -1)
            del rows  # read no more: the scan's peak is without it
            cuts = segment_cuts(
                xs, weighted, n, grower.rule, grower.config, first, overwrite=True
            )  # weighted: a new array, read no more
            first = cuts.first
            at = members if len(cols) == f else np.ix_(members, cols)  # rows: a cheaper index
            index[at], score[at], n_cuts[at] = cuts.index, cuts.score, cuts.n_cuts
            decrease[at] = cuts.decrease
            threshold[at], left[at] = midpoint(cuts.low, cuts.high), cuts.left
            constant[at] = xs[:, 0] == xs[np.arange(len(members)), n - 1]
        total[members] = first[0]
    ranked = np.where(index >= 0, score, -np.inf)
    if ranks_by_gain(grower.rule, grower.config):  # C4.5's filter, as CandidateList.best
        ranked = at_least_average_gain(ranked, decrease)
    best = first_best(
        ranked, axis=1, scale=grower.rule.tie_scale(total, grower.config)
    )  # as CandidateList.best
    scan = ThresholdScan(
        numeric,
        index,
        score,
        threshold,
        n_cuts,
        left,
        total,
        constant,
        lengths_,
        centres if regression else None,
    )
    gain = np.where(best >= 0, decrease[np.arange(m), np.maximum(best, 0)], np.nan)
    unit = grower.rule.tie_scale(total, grower.config) if grower.classes is None else np.ones(m)
    return scan, best, gain, unit


def flat_scan_applies(grower: Grower, lengths: Any) -> bool:
    """Whether :func:`flat_scan_arrays` scans a level of ``grower``: its exact sums apply.

    Classification with fewer than 8 classes (their kernels add class by class, whatever
    the memory layout) and whole-number weights (:func:`~dtlearn.grow.scanners.whole_weights`:
    plain counts, integer sample weights), every node of at least 2 rows.

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_play_tennis
    >>> grower = CARTClassifier().make_grower(*load_play_tennis(numeric=True))
    >>> flat_scan_applies(grower, [14]), flat_scan_applies(grower, [1, 13])
    (True, False)
    """
    return (
        grower.classes is not None
        and len(grower.classes) < 8
        and grower.whole_scan_weights
        and int(np.min(lengths)) >= 2
    )


def flat_scan_arrays(
    grower: Grower, order: np.ndarray, lengths: Any, numeric: np.ndarray, first: Any = None
) -> tuple[ThresholdScan, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`scan_arrays` with the level's nodes end to end, unpadded (:func:`~dtlearn.grow.scanners.flat_cuts`).

    The same arrays and floats as the padded scan; one call per chunk of columns, whatever
    the nodes' sizes. Columns are chunked as :func:`scan_arrays` chunks them. ``first``:
    each node's ``(class counts, impurity)``, or ``None`` (summed by the scan).
    """
    m = len(lengths)
    lengths_ = np.asarray(lengths, dtype=np.int64)
    N = int(lengths_.sum())
    f, k = len(numeric), grower.scan_weights.shape[0]
    X = grower.X
    step = max(1, max(MIN_CHUNK_BYTES, X.nbytes // 32) // (N * k * 8))
    flat = X.ravel() if X.flags.c_contiguous and X.size < 2**31 else None
    counts = grower.whole_scan_counts
    # each node's first and last row of each column of the (c, N) values below
    ends = lengths_.cumsum()
    at = (ends - lengths_)[:, None] + np.arange(0, min(step, f) * N, N)
    parts = []
    for start in range(0, f, step):
        cols = numeric[start : start + step, None]
        # each column's rows along memory, (c, N), and the class weights as integers,
        # (k, c, N): the layout flat_cuts runs its sums along
        rows = order[:N, start : start + len(cols)].T
        xs = (
            X[rows, cols]
            if flat is None
            else np.take(flat, rows * X.shape[1] + cols.astype(rows.dtype))
        )
        # the class weights as 64-bit integers (whole numbers: exact running sums): from
        # the grower's integer copy (a small fit), else cast as they are taken (no integer
        # copy of every row's weights lives through a large fit)
        weighted = (
            np.take(
                grower.scan_weights,
                rows,
                axis=1,
                out=np.empty((k, *rows.shape), np.int64),
                mode="clip",
            )
            if counts is None
            else np.take(counts, rows, axis=1)
        )
        del rows
        cuts = flat_cuts(xs.T, weighted.swapaxes(1, 2), lengths_, grower.rule, grower.config, first)
        first = cuts.first
        here = at[:, : len(cols)]
        parts.append((cuts, xs.take(here) == xs.take(here + (lengths_ - 1)[:, None])))
    if len(parts) == 1:
        ((cuts, constant),) = parts
        index, score, n_cuts, decrease = cuts.index, cuts.score, cuts.n_cuts, cuts.decrease
        threshold, left = midpoint(cuts.low, cuts.high), cuts.left
    else:

        def joined(name: str) -> np.ndarray:
            return np.concatenate([getattr(c, name) for c, _ in parts], axis=1)

        index, score, n_cuts, decrease = (
            joined(name) for name in ("index", "score", "n_cuts", "decrease")
        )
        threshold, left = midpoint(joined("low"), joined("high")), joined("left")
        constant = np.concatenate([c for _, c in parts], axis=1)
    total, parent = first  # a class impurity's tie scale: the node impurity
    ranked = np.where(index >= 0, score, -np.inf)
    if ranks_by_gain(grower.rule, grower.config):  # C4.5's filter, as CandidateList.best
        ranked = at_least_average_gain(ranked, decrease)
    # first_best(ranked, axis=1, scale=parent) in fewer calls: every entry is a score or
    # -inf (never +inf), so a node's floor is first_best's or -inf, and -1 marks no best
    top = ranked.max(axis=1)
    floor = np.maximum(np.abs(top), np.abs(parent))
    floor *= TIE_TOLERANCE
    np.subtract(top, floor, out=floor)
    best = np.where(np.isfinite(top), (ranked >= floor[:, None]).argmax(axis=1), -1)
    scan = ThresholdScan(
        numeric,
        index.astype(np.int32),
        score,
        threshold,
        n_cuts.astype(np.int32, order="C"),
        left,
        total,
        constant,
        lengths_,
    )
    gain = np.where(best >= 0, decrease[np.arange(m), np.maximum(best, 0)], np.nan)
    return scan, best, gain, np.ones(m)


def node_groups(lengths: np.ndarray, k: int, budget: int) -> list[np.ndarray]:
    """The nodes scanned together: size classes cut to fit ``budget`` bytes.

    A size class (:func:`size_classes`) is cut into pieces whose padded class-weight
    array (nodes x longest x ``k`` floats) fits ``budget``, shortest nodes first.

    Examples
    --------
    >>> [g.tolist() for g in node_groups(np.array([40, 2, 45, 3, 44]), 2, 2000)]
    [[1, 3], [0, 4], [2]]
    """
    size_class = size_classes(lengths)
    by_size = np.argsort(lengths, kind="stable")  # classes are runs of sizes
    groups = []
    for members in np.split(by_size, np.flatnonzero(np.diff(size_class[by_size])) + 1):
        per_node = int(lengths[members].max()) * k * 8
        size = max(1, budget // per_node)
        groups.extend(members[i : i + size] for i in range(0, len(members), size))
    return groups


def sorted_orders(X: np.ndarray, rows: np.ndarray, numeric: np.ndarray) -> np.ndarray:
    """``rows`` sorted by each column of ``numeric`` (stable; 32-bit row numbers when they fit).

    One column at a time, so the sort's working arrays are a column, not the matrix; a
    small matrix (at most :data:`SMALL_ORDER` entries) at once, each column's rows along
    memory (the transpose of an ``(f, n)`` array: what :func:`filter_orders_by` gives).

    Examples
    --------
    >>> X = np.array([[3.0, 0.0], [1.0, 0.0], [2.0, 1.0]])
    >>> sorted_orders(X, np.arange(3), np.array([0, 1])).tolist()
    [[1, 0], [2, 1], [0, 2]]
    """
    kind = np.int32 if len(X) < 2**31 else np.int64
    if len(rows) * len(numeric) > SMALL_ORDER:
        order = np.empty((len(rows), len(numeric)), kind)
        for c, j in enumerate(numeric):
            order[:, c] = rows[stable_argsort(X[rows, j])]
        return order
    # a small fit's cost is calls: every column sorted in one, stable_argsort's repair of
    # runs of equal values only for the columns that hold one
    values = X.take(rows, axis=0).take(numeric, axis=1).T.copy()
    at = values.argsort(axis=1)
    ranked = np.take_along_axis(values, at, axis=1)
    for c in np.flatnonzero((ranked[:, 1:] == ranked[:, :-1]).any(axis=1)).tolist():
        at[c] = stable_argsort(values[c])
    return rows.astype(kind, copy=False).take(at).T


def stable_argsort(values: np.ndarray) -> np.ndarray:
    """``np.argsort(values, kind="stable")`` of a 1-D float array without NaN, faster.

    numpy's default sort of floats takes half the stable sort's time or less; the two
    orders differ only within runs of equal values, which are few and short, so each run
    is put back in ascending position order afterwards (the stable order, exactly). Up to
    :data:`SMALL_ORDER` values (a small fit's columns; a larger column takes the stable
    sort, whose working arrays are smaller: the root's sort is near a fit's peak memory).

    Examples
    --------
    >>> stable_argsort(np.array([2.0, 1.0, 2.0, 0.0, -0.0, 1.0])).tolist()
    [3, 4, 1, 5, 0, 2]
    """
    if len(values) > SMALL_ORDER:  # a large column: its sorted copy would add to the peak
        return np.argsort(values, kind="stable")
    at = np.argsort(values)
    ranked = values[at]
    tied = ranked[1:] == ranked[:-1]  # -0.0 == 0.0: a run, as the stable sort sees it
    n_tied = int(np.count_nonzero(tied))
    if 8 * n_tied > len(at):  # many ties (few distinct values): the stable sort is faster
        return np.argsort(values, kind="stable")
    if n_tied:
        inside = np.zeros(len(at), dtype=bool)  # every member of a run of equal values
        inside[1:] = tied
        inside[:-1] |= tied
        where = np.flatnonzero(inside)
        run = np.cumsum(~np.concatenate([[False], tied]))[where]  # each member's run
        at[where] = at[where][np.lexsort((at[where], run))]
    return at


def filter_orders(order: np.ndarray, following: list[Pending], n_rows: int) -> np.ndarray | None:
    """The next level's sorted rows, filtered from this level's (no re-sorting).

    Each column's rows are grouped by the node they go to next (a stable sort on the
    node's number keeps their order by value); rows going to no scanned node drop out.
    ``order`` is overwritten, one column at a time, so the level needs no second copy
    of it; once fewer than half its rows remain they move to a smaller array.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> node = lambda rows: Pending(SimpleNamespace(rows=np.array(rows)))
    >>> order = np.array([[3, 0], [1, 1], [0, 2], [2, 3]], dtype=np.int32)
    >>> filter_orders(order, [node([0, 1]), node([3])], 4).tolist()
    [[1, 0], [0, 1], [3, 3]]
    """
    if not following:
        return None
    rows = np.concatenate([pending.state.rows for pending in following])
    return filter_orders_by(order, rows, np.array([len(p.state.rows) for p in following]), n_rows)


def filter_orders_by(
    order: np.ndarray, rows: np.ndarray, lengths: np.ndarray, n_rows: int
) -> np.ndarray:
    """:func:`filter_orders` for the next nodes given as their rows, one node after the other.

    Node ``j`` holds the ``lengths[j]`` rows after the nodes before it (at least one node).
    """
    # radix sort when small: one pass per byte of the key
    kind = (
        np.int8 if len(lengths) < 2**7 - 1 else np.int16 if len(lengths) < 2**15 - 1 else np.int32
    )
    dest = np.full(n_rows, -1, dtype=kind)
    dest[rows] = np.repeat(np.arange(len(lengths), dtype=kind), lengths)
    kept = len(order)
    if order.size <= SMALL_ORDER:  # one call for every column: a small level's cost is calls
        # each column's rows along memory, (f, N): the sort and the gathers run along rows
        # (the result is the transpose of such an array: its columns along memory, and
        # the next level's filter and scan read it without a copy)
        columns = order.T
        keys = np.take(dest, columns)  # np.take: fancy indexing's values, faster
        moved = keys.argsort(axis=1, kind="stable")[:, int(np.count_nonzero(keys[0] < 0)) :]
        moved += np.arange(0, columns.size, len(order))[:, None]
        return np.take(columns, moved).T
    for c in range(order.shape[1]):
        keys = np.take(dest, order[:, c])
        moved = np.argsort(keys, kind="stable")[int(np.count_nonzero(keys < 0)) :]
        kept = len(moved)
        order[:kept, c] = np.take(order[:, c], moved)  # a copy: safe in place
    base = order if order.base is None else order.base
    return order[:kept].copy() if 2 * kept < len(base) else order[:kept]


def record(grower: Grower, log: StepLog) -> None:
    """Number the nodes and keep the steps in the order :meth:`Grower.run` takes them.

    Depth first, first branch first; a node's children get the next ids when it splits.
    The steps are kept as arrays (:class:`~dtlearn.grow.fast.arrays.GrowthRecord`), each
    made when read.
    """
    steps = log.record(grower)  # renumbers the grower's nodes in place
    grower.settle_grown(grower.root, steps)


__all__ = [
    "EPS",
    "FLAT_BYTES",
    "MARGIN",
    "MIN_CHUNK_BYTES",
    "PAD_ROWS",
    "SMALL_ORDER",
    "Pending",
    "applies",
    "child_stats",
    "class_sums",
    "clearly_split",
    "clearly_splits",
    "decide",
    "decide_level",
    "filter_orders",
    "filter_orders_by",
    "flat_scan_applies",
    "flat_scan_arrays",
    "grow",
    "grow_levels",
    "node_groups",
    "numeric_features",
    "open_level",
    "record",
    "regression_stats",
    "regression_sums",
    "route_level",
    "scan_arrays",
    "scan_level",
    "size_classes",
    "sorted_orders",
    "stable_argsort",
    "sums_stats",
]

register_strategy(applies, grow)  # Grower.run grows level-wise where it applies
