"""Level-wise growth held as arrays: no object per node while growing.

When every attribute is a numeric column (no oblique candidate), each node of a level is a
segment of the level's rows and a row of a few arrays: its statistics, its scan, its
decision, its split. :func:`grow` decides a level with numpy (the rules of
:meth:`~dtlearn.grow.Grower.reason_before_scoring` and
:func:`~dtlearn.grow.fast.levels.clearly_splits` on every node at once), routes the splitting
nodes' rows to their children in one sort and sums the children's statistics in one pass
(:func:`~dtlearn.grow.fast.levels.class_sums`, :func:`~dtlearn.grow.fast.levels.regression_sums`).
Only a node near a stopping rule's limit builds its candidate, as
:func:`~dtlearn.grow.fast.levels.decide` does.

At the end the levels are numbered as :meth:`~dtlearn.grow.Grower.run` numbers nodes
(pre-order, first branch first) with subtree sizes, and become the tree's
:class:`~dtlearn.grow.fast.node_arrays.NodeArrays` (Node objects made when read) and the steps'
:class:`~dtlearn.grow.fast.arrays.GrowthRecord` (each step made when read): the same tree and
steps, bit for bit, as node-by-node growth (``tests/test_levelwise.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ... import cycle_collector
from ...tree import Tree
from ..loop import MEAN_ROUNDING, Grower, register_strategy
from ..scoring import CandidateList, ThresholdBlock
from .arrays import EMPTY, KEPT, GrowthRecord
from .levels import (
    EPS,
    class_sums,
    clearly_split,
    filter_orders_by,
    numeric_features,
    regression_sums,
    scan_arrays,
    sorted_orders,
)
from .levels import applies as levels_apply
from .node_arrays import NodeArrays, ThresholdSplits


def applies(grower: Grower) -> bool:
    """Whether :func:`grow` applies: :func:`dtlearn.grow.fast.levels.applies`, every column numeric.

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_play_tennis
    >>> applies(CARTClassifier().make_grower(*load_play_tennis(numeric=True)))
    False
    >>> X, y = load_play_tennis(numeric=True)
    >>> applies(CARTClassifier().make_grower(X[["temperature", "humidity"]], y))
    True
    """
    n = grower.schema.n_features
    return (
        n > 0
        and not grower.config.oblique
        and len(numeric_features(grower)) == n
        and levels_apply(grower)
    )


def grow(grower: Grower) -> Tree:
    """Grow ``grower`` to the end as arrays; the tree and steps :meth:`Grower.run` gives.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn import CARTRegressor
    >>> X, y = np.arange(8.0).reshape(-1, 1), np.array([1, 1, 2, 2, 5, 5, 9, 9.0])
    >>> a, b = CARTRegressor().make_grower(X, y), CARTRegressor().make_grower(X, y)
    >>> grow(a).to_json() == b.run(level_wise=False).to_json(), a.steps == b.steps
    (True, True)
    """
    if not applies(grower):
        raise ValueError(
            "grower: array growth does not apply to this grower "
            "(see dtlearn.grow.fast.level_arrays.applies)"
        )
    with cycle_collector.paused():
        nodes, record = grow_arrays(grower)
    grower.settle_grown(nodes, record)
    return grower.tree()


def early_codes(
    grower: Grower,
    depth: int,
    n_samples: np.ndarray,
    impurity: np.ndarray,
    value: np.ndarray,
    lengths: np.ndarray,
) -> np.ndarray:
    """Which rule of :meth:`Grower.reason_before_scoring` closes each node (-1: none).

    The same tests in the same order (a fresh grower: every attribute available, no leaf
    budget), so the same floats decide.
    """
    config = grower.config
    if grower.classes is None:  # as the Grower's purity scale
        centre = np.abs(value[:, 0])
        size = centre if grower.rule.leaf_statistic == "median" else MEAN_ROUNDING * centre * centre
        scale = impurity + size
    else:
        scale = 1.0
    if config.max_depth is not None and depth >= config.max_depth:
        code = np.ones(len(impurity), dtype=np.int32)
    else:
        # the last rule first, so that an earlier rule that also holds writes over it
        # (np.select's order); a row count is below min_samples_split, or else below
        # 2 x min_samples_leaf, or else neither: one pass per rule that can hold
        code = np.empty(len(impurity), dtype=np.int32)
        code.fill(-1)  # np.full's own calls, without its Python wrapper (a call a level)
        short = lengths.min()
        if short < 2 * config.min_samples_leaf:
            code[lengths < 2 * config.min_samples_leaf] = 3
        if short < config.min_samples_split:
            code[lengths < config.min_samples_split] = 2
    code[impurity <= EPS * scale] = 0
    return code


class Reasons:
    """Stop reasons as codes into one list of texts (a text's code: its first place)."""

    def __init__(self, grower: Grower):
        self.texts: list[str] = []
        self._at: dict[str, int] = {}
        self.early = np.array(
            [self.code(t) for t in grower.early_reasons()[:4]] + [-1], dtype=np.int32
        )  # early_codes' -1 reads the last: none

    def code(self, text: str | None) -> int:
        """The code of ``text`` (-1: ``None``)."""
        if text is None:
            return -1
        at = self._at.get(text)
        if at is None:
            at = self._at[text] = len(self.texts)
            self.texts.append(text)
        return at


def grow_arrays(grower: Grower) -> tuple[NodeArrays, GrowthRecord]:
    """Every level of ``grower``'s tree decided and opened as arrays; see the module docstring."""
    X, builder = grower.X, grower.builder
    numeric = numeric_features(grower)
    f = len(numeric)
    flat = X.ravel() if X.flags.c_contiguous and X.size < 2**31 else None
    root = grower.root
    state = grower.open_leaf(root.node_id)  # the root's rows and weights
    rows, w = state.rows, state.weights
    if (w == 1.0).all():
        w = None  # unit weights: nothing to route, sums of ones are counts
    lengths = np.array([len(rows)], dtype=np.int64)
    n_samples = np.array([root.n_samples])
    impurity = np.array([root.impurity])
    value = root.value[None, :]
    counts = None if root.counts is None else root.counts[None, :]
    reasons = Reasons(grower)
    early = early_codes(grower, 0, n_samples, impurity, value, lengths)
    order = sorted_orders(X, rows, numeric) if early[0] < 0 else None
    scans: list = []
    objects: dict = {}
    levels: list[dict] = []
    depth = 0
    while True:
        m = len(lengths)
        reason = reasons.early[early]
        # np.full and np.flatnonzero without their Python wrappers: a small level's cost is
        # its calls
        choice, feature = np.empty(m, dtype=np.int32), np.empty(m, dtype=np.int32)
        choice.fill(-1)
        feature.fill(-1)
        threshold = np.zeros(m)
        scanned = (early < 0).nonzero()[0]
        # every node scanned (a level of no leaf): the level's own arrays, no selection
        every = len(scanned) == m
        if every:
            scan_at = np.full(m, len(scans), dtype=np.int32)
            scan_row = np.arange(m, dtype=np.int32)
        else:
            scan_at = np.full(m, EMPTY, dtype=np.int32)
            scan_row = np.zeros(m, dtype=np.int32)
        if scanned.size:
            # below the root, the class counts and impurities class_sums gave (the scan's
            # own floats: whole-number sums, the same kernel)
            known = None if counts is None or not depth else (counts, impurity)
            node_lengths, centres, weight = lengths, value[:, 0], n_samples
            if not every:
                node_lengths, centres, weight = lengths[scanned], centres[scanned], weight[scanned]
                known = None if known is None else (counts[scanned], impurity[scanned])
                scan_at[scanned], scan_row[scanned] = len(scans), np.arange(len(scanned))
            scan, best, gain, unit = scan_arrays(
                grower, order, node_lengths, numeric, centres, known
            )
            scans.append(scan)
            clear = (best >= 0) & clearly_split(grower, weight, gain, unit)
            j = clear.nonzero()[0]
            column = best[j]
            node = j if every else scanned[j]
            choice[node] = column
            feature[node] = scan.features[column]
            threshold[node] = scan.threshold[j, column]
            near: list[int] = [] if len(j) == len(clear) else np.flatnonzero(~clear).tolist()
            for row in near:  # near a limit: as levels.decide
                i, best_column = int(scanned[row]), int(best[row])
                candidates = CandidateList(list(range(f)), builder, ThresholdBlock(scan, row))
                chosen = candidates[best_column] if best_column >= 0 else None
                why = grower.reason_after_scoring(chosen)
                reason[i] = reasons.code(why)
                if why is None:
                    scan_at[i], choice[i] = KEPT, KEPT
                    objects[(depth, i)] = (candidates, chosen)
                    feature[i], threshold[i] = chosen.split.feature, chosen.split.threshold
        level = level_entry(
            rows,
            lengths=lengths,
            n_samples=n_samples,
            impurity=impurity,
            value=value,
            counts=counts,
            reason=reason,
            scan_at=scan_at,
            scan_row=scan_row,
            choice=choice,
            feature=feature,
            threshold=threshold,
        )
        levels.append(level)
        splits, moving = level["splits"], level["splits"].repeat(lengths)
        splitting = splits.nonzero()[0]
        n_split = len(splitting)
        if not n_split:
            break
        # route: each splitting node's rows to its two children, in ascending order
        rows = rows[moving]
        sizes = lengths[splitting]
        tested = feature[splitting].repeat(sizes)
        if flat is None:
            values = X[rows, tested]
        else:  # X[rows, tested] as one take from the flat matrix: a third of the fancy index's time
            tested += rows * X.shape[1]
            values = flat.take(tested)
        right = ~(values <= threshold[splitting].repeat(sizes))
        del tested, values  # let go before the filter below: the fit's peak is near it
        # radix sort when small: one pass per byte of the key
        kind = np.int8 if 2 * n_split < 2**7 else np.int16 if 2 * n_split < 2**15 else np.int64
        key = np.arange(0, 2 * n_split, 2, dtype=kind).repeat(sizes)
        np.add(key, right, out=key)
        moved = key.argsort(kind="stable")
        rows = rows.take(moved)
        if w is not None:
            w = w[moving][moved]
        lengths = np.bincount(key, minlength=2 * n_split).astype(np.int64, copy=False)
        parent = splitting.repeat(2)
        if counts is not None and grower.whole_scan_weights:
            # each split's children's class counts: its cut's left side and the rest, as the
            # level's scan summed them (whole numbers: the exact sums class_sums would take
            # over the children's rows); every column is numeric, so a split's feature is its
            # column in the scan, KEPT nodes' candidates included
            at = scan_row[splitting]
            left_counts = scan.left[at, feature[splitting]]
            counts = np.empty((2 * n_split, left_counts.shape[1]))
            counts[0::2] = left_counts
            np.subtract(scan.total[at], left_counts, out=counts[1::2])
            impurity = grower.rule.node_impurity(counts, grower.config)
        elif counts is not None:
            counts, impurity = class_sums(grower, rows, lengths)
        if counts is not None:
            total = counts.sum(axis=1)
            if total.min() > 0:  # every child holds weight (rows of weight 0 take no part)
                value = counts / total[:, None]
            else:
                with np.errstate(invalid="ignore", divide="ignore"):
                    value = np.where((total > 0)[:, None], counts / total[:, None], value[parent])
        else:
            total, mean, impurity = regression_sums(grower, rows, w, lengths)
            value = np.where((total > 0)[:, None], mean[:, None], value[parent])
        n_samples = total
        depth += 1
        early = early_codes(grower, depth, n_samples, impurity, value, lengths)
        order = open_orders(order, rows, lengths, early, len(X))
    return numbered(grower, levels, scans, objects, reasons.texts)


def level_entry(rows: np.ndarray, **columns: Any) -> dict:
    """One level as :func:`numbered` reads it: ``columns`` per node, and what they imply.

    ``columns`` are ``lengths``, ``n_samples``, ``impurity``, ``value``, ``counts`` (None
    for regression), ``reason``, ``scan_at``, ``scan_row``, ``choice``, ``feature`` (-1: a
    leaf) and ``threshold``; ``rows`` holds each node's ``lengths[j]`` rows in turn. Adds
    ``splits`` (which nodes split) and ``leaf_rows`` (the rows of those that do not).

    Examples
    --------
    >>> entry = level_entry(np.array([4, 5, 6]), lengths=np.array([2, 1]),
    ...                     feature=np.array([-1, 0]))
    >>> entry["splits"].tolist(), entry["leaf_rows"].tolist()
    ([False, True], [4, 5])
    """
    splits = columns["feature"] >= 0
    leaf_rows = rows[~splits.repeat(columns["lengths"])]
    return {**columns, "splits": splits, "leaf_rows": leaf_rows}


def open_orders(
    order: np.ndarray | None, rows: np.ndarray, lengths: np.ndarray, early: np.ndarray, n: int
) -> np.ndarray | None:
    """The sorted orders of the nodes a level leaves open (``early < 0``), or None if none is.

    ``rows`` holds each node's ``lengths[j]`` rows in turn, ``order`` the level's sorted
    orders (:func:`~dtlearn.grow.fast.levels.filter_orders_by`), ``n`` the training rows.

    Examples
    --------
    >>> order = np.array([[1, 0], [0, 1], [2, 2]])
    >>> open_orders(order, np.array([0, 1, 2]), np.array([2, 1]), np.array([-1, 3]), 3).tolist()
    [[1, 0], [0, 1]]
    >>> open_orders(order, np.array([0, 1, 2]), np.array([2, 1]), np.array([0, 3]), 3) is None
    True
    """
    following = early < 0
    if order is None or not following.any():
        return None
    return filter_orders_by(order, rows[np.repeat(following, lengths)], lengths[following], n)


def numbered(
    grower: Grower, levels: list[dict], scans: list, objects: dict, reasons: list
) -> tuple[NodeArrays, GrowthRecord]:
    """The levels as pre-order columns: the tree's nodes and the growth record."""
    # steps in pre-order (Grower.run's depth first, first branch first): subtree sizes
    # bottom-up, then places top-down (left child: parent + 1; right child: parent + 1 +
    # the left subtree's size)
    sizes = [None] * len(levels)
    below = None
    for d in range(len(levels) - 1, -1, -1):
        size = np.ones(len(levels[d]["lengths"]), dtype=np.int64)
        if below is not None:
            size[levels[d]["splits"]] += below[0::2] + below[1::2]
        sizes[d] = below = size
    n = sum(len(level["lengths"]) for level in levels)
    # positions, ids and row offsets as 32-bit numbers when they fit: a fully grown tree
    # has about as many nodes as rows, and these columns outlive the fit
    small = np.int32 if max(n, int(levels[0]["lengths"].sum())) < 2**31 else np.int64
    left, right = np.full(n, -1, dtype=small), np.full(n, -1, dtype=small)
    ids = [np.zeros(1, dtype=np.int64)]
    parents = [np.full(1, -1, dtype=np.int64)]
    for d in range(len(levels) - 1):
        up = ids[d][levels[d]["splits"]]
        pair = (up + 1).repeat(2)  # left child: parent + 1; right: after the left subtree
        pair[1::2] += sizes[d + 1][0::2]
        left[up], right[up] = pair[0::2], pair[1::2]
        ids.append(pair)
        parents.append(up.repeat(2))
    position = np.concatenate(ids)
    # every level below the root holds pairs (left, right): branch 0, 1, 0, 1, ...
    branches = [np.full(1, -1, dtype=np.int32), np.arange(n - 1, dtype=np.int32) % 2]
    leaf_at = position[~np.concatenate([level["splits"] for level in levels])]  # level order

    # level order to pre-order: a take by the inverse of position (a take, not a scatter by
    # position: several times faster for the columns of class counts)
    inverse = np.empty(n, dtype=np.intp)
    inverse[position] = np.arange(n)

    def column(name: str) -> np.ndarray:
        # each level's array let go as its column is made: the fit's peak is here
        return np.concatenate([level.pop(name) for level in levels]).take(inverse, axis=0)

    depth = np.repeat(np.arange(len(levels), dtype=small), [len(i) for i in ids]).take(inverse)
    parent = np.concatenate(parents).astype(small, copy=False).take(inverse)
    branch = np.concatenate(branches).take(inverse)
    lengths, splits, value = column("lengths").astype(small), column("splits"), column("value")
    n_samples, impurity = column("n_samples"), column("impurity")
    counts = None if levels[0]["counts"] is None else column("counts")
    feature, threshold = column("feature"), column("threshold")
    # Grower.run numbers a node's children when it splits: the r-th split (in pre-order)
    # gives its children ids 2r + 1 and 2r + 2
    inner = np.flatnonzero(splits)
    node_id = np.zeros(n, dtype=small)
    node_id[left[inner]] = 2 * np.arange(len(inner)) + 1
    node_id[right[inner]] = 2 * np.arange(len(inner)) + 2
    # rows: each leaf's, in pre-order; a node's are those of the leaves below it
    own = np.where(splits, 0, lengths)
    start = (np.cumsum(own) - own).astype(small)
    kept = np.concatenate([level.pop("leaf_rows") for level in levels])
    leaf_len = lengths[leaf_at]
    source = np.cumsum(leaf_len) - leaf_len
    by_place = np.argsort(leaf_at, kind="stable")
    placed = start[leaf_at][by_place]
    perm = kept[
        np.repeat((source[by_place] - placed).astype(small), leaf_len[by_place])
        + np.arange(len(kept), dtype=small)
    ]
    cost = grower.config.cost_matrix
    nodes = NodeArrays(
        node_id,
        depth,
        n_samples,
        impurity,
        value,
        counts,
        feature,
        threshold,
        left,
        right,
        None if cost is None else np.asarray(cost),
    )
    steps = GrowthRecord(
        node_id=node_id,
        parent=parent,
        branch=branch,
        depth=depth,
        n_samples=n_samples,
        impurity=impurity,
        counts=counts if counts is not None else np.stack([n_samples, value[:, 0]], axis=1),
        splits=ThresholdSplits(feature, threshold),
        schema=grower.schema,
        perm=perm,
        start=start,
        end=start + lengths,
        scans=scans,
        scan_at=column("scan_at"),
        scan_row=column("scan_row"),
        choice=column("choice"),
        objects={int(ids[d][i]): kept_ for (d, i), kept_ in objects.items()},
        reasons=reasons,
        reason=column("reason"),
        builder=grower.builder,
        classes=grower.classes,
        target_name=grower.target_name,
    )
    return nodes, steps


__all__ = [
    "Reasons",
    "applies",
    "early_codes",
    "grow",
    "grow_arrays",
    "level_entry",
    "numbered",
    "open_orders",
]

register_strategy(applies, grow, first=True)  # before levels.grow, which it narrows
