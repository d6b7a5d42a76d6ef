# About 880 logical lines: one idea, J48's pruning (estimate, weighted routing, working tree, steps, the two passes), kept whole to read against Weka's source.
"""C4.5's pessimistic error pruning, as Weka's J48 does it, one recorded step per decision.

C4.5 prunes with the training data alone. A leaf holding ``N`` (weighted) training
instances, ``E`` of them misclassified, is assumed to err on future data as often as the
upper limit of a confidence interval for ``E/N`` says (:func:`pessimistic_errors`; J48's
``Stats.addErrs``). Working bottom-up, a subtree is replaced

* by a leaf, if the leaf's estimate is no more than 0.1 above the subtree's and the
  largest branch's;
* by its largest branch ("subtree raising"), if that branch's estimate is no more than
  0.1 above the subtree's. The node's training instances are then re-distributed into the
  raised branch, and the raised branch is pruned again.

Before pruning J48 *collapses* every subtree whose leaves together make no fewer training
errors than the subtree's root would make as a leaf (this also happens with ``-U``).
Every decision is a :class:`PessimisticStep`; :func:`pessimistic_prune` returns them in J48's
order together with the pruned tree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import partial
from statistics import NormalDist
from typing import Any

import numpy as np

from ..explain import Derivation, Measure, ResultTable
from ..formatting import fmt, fmt_float, fmt_g, fmt_whole_or_g
from ..splits import UNKNOWN, MultiwaySplit, Split, ThresholdSplit
from ..steps import StepDefaults
from ..tree import Node, Tree
from ..weka_arithmetic import (
    SMALL,
    entropy,
    eq,
    gr,
    gr_or_eq,
    max_class,
    sm_or_eq,
)

__all__ = [
    "LevelParts",
    "PessimisticPruneResult",
    "PessimisticStep",
    "SMALL",
    "collapse",
    "level_branches",
    "level_parts",
    "pessimistic_errors",
    "pessimistic_prune",
    "route_rows",
    "split_weighted",
]


def _java_float(confidence: float) -> float:
    """J48 keeps the confidence in a Java ``float``; arithmetic then widens it."""
    return float(np.float32(confidence))


# ---------------------------------------------------------------------- the error estimate
def _add_errs(n: float, e: float, cf: float) -> float:
    if cf > 0.5:
        return 0.0
    if e < 1:
        base = n * (1 - math.pow(cf, 1 / n))
        if e == 0:
            return base
        return base + e * (_add_errs(n, 1, cf) - base)
    if e + 0.5 >= n:
        return max(n - e, 0.0)
    z = _z(cf)
    f = (e + 0.5) / n
    r = (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (
        1 + z * z / n
    )
    return r * n - e


_Z: dict = {}


def _z(cf: float) -> float:
    """``Φ⁻¹(1 − cf)``, worked out once per confidence."""
    z = _Z.get(cf)
    if z is None:
        z = _Z[cf] = NormalDist().inv_cdf(1 - cf)
    return z


def pessimistic_errors(n: float, e: float, confidence: float = 0.25) -> Measure:
    """Extra errors C4.5 expects from a leaf with ``n`` instances and ``e`` errors.

    This is Weka's ``Stats.addErrs(N, E, CF)``: the upper limit ``U`` of a one-sided
    ``confidence`` interval for the error rate, times ``N``, minus ``E`` (the predicted
    errors of the leaf are ``E + pessimistic_errors(N, E)``). With ``E = 0`` it is
    ``N·(1 − CF^(1/N))``; for ``0 < E < 1`` interpolated linearly; for ``E + 0.5 >= N`` it is
    ``N − E``; otherwise the normal approximation with continuity correction,
    ``f = (E + 0.5)/N`` and ``z = Φ⁻¹(1 − CF)``.

    Parameters
    ----------
    n : float
        (Weighted) number of training instances at the leaf.
    e : float
        (Weighted) number of them the leaf misclassifies.
    confidence : float
        J48's ``-C`` (0.25 by default); smaller means more pruning. Above 0.5 Weka does not
        modify the estimate (returns 0).

    Returns
    -------
    Measure
        The extra errors; ``.explain()`` shows the formula with the numbers.

    Examples
    --------
    The upper limit of the error rate is ``U = (E + extra) / N``; Quinlan's leaves (6, 0)
    and (16, 1) and Witten & Frank's (14, 5):

    >>> [round((e + pessimistic_errors(n, e)) / n, 6) for n, e in [(6, 0), (16, 1), (14, 5)]]
    [0.206299, 0.154732, 0.482937]
    >>> print(pessimistic_errors(14, 5).explain())  # doctest: +NORMALIZE_WHITESPACE
    pessimistic errors (N = 14, E = 5, CF = 0.25)
    z = Φ⁻¹(1 − CF) = Φ⁻¹(0.75) = 0.674490
    f = (E + 0.5)/N = 5.5/14 = 0.392857
    U = (f + z²/2N + z·sqrt(f/N − f²/N + z²/4N²)) / (1 + z²/N) = 0.482937
    extra errors = U·N − E = 6.761120 − 5 = 1.761120
    note: predicted errors of the leaf: E + extra = 6.761
    """
    for arg, number in (("n", n), ("e", e), ("confidence", confidence)):
        if isinstance(number, (bool, np.bool_)) or not isinstance(
            number, (int, float, np.integer, np.floating)
        ):
            raise TypeError(f"pessimistic_errors: {arg} must be a number, got {number!r}")
    n, e = float(n), float(e)
    if not (np.isfinite(n) and np.isfinite(e)) or n <= 0 or e < 0 or e > n + SMALL:
        raise ValueError(f"pessimistic_errors: need n > 0 and 0 <= e <= n, got n={n}, e={e}")
    if not 0 < confidence <= 1:
        raise ValueError(f"confidence must be in (0, 1], got {confidence!r}")
    cf = _java_float(confidence)
    value = _add_errs(n, e, cf)
    return Measure(
        value,
        "pessimistic extra errors",
        symbol=f"addErrs({fmt(n, 2)}, {fmt(e, 2)})",
        derivation=lambda: _explain_errs(n, e, cf, value, confidence),
    )


def _explain_errs(n: float, e: float, cf: float, value: float, confidence: float) -> Derivation:
    big_n, big_e, six = fmt_whole_or_g(n), fmt_whole_or_g(e), partial(fmt_float, spec=".6f")
    title = f"pessimistic errors (N = {big_n}, E = {big_e}, CF = {fmt_g(confidence)})"
    note = f"predicted errors of the leaf: E + extra = {fmt(e + value)}"
    if cf > 0.5:
        return Derivation.build(
            title, ["extra errors = 0"], note="CF > 0.5: Weka leaves the estimate unchanged"
        )
    if e < 1:
        base = n * (1 - math.pow(cf, 1 / n))
        lines = [
            f"extra errors(E = 0) = N·(1 − CF^(1/N)) = {big_n}·(1 − {fmt_g(confidence)}^(1/"
            f"{big_n})) = {six(base)}"
        ]
        if e > 0:
            one = _add_errs(n, 1, cf)
            lines.append(f"extra errors(E = 1) = {six(one)}")
            lines.append(
                f"extra errors = {six(base)} + E·({six(one)} − {six(base)}) = {six(value)}"
            )
        lines.append(f"U = (E + extra errors)/N = {six((e + value) / n)}")
        return Derivation.build(title, lines, note=note)
    if e + 0.5 >= n:
        return Derivation.build(
            title, [f"extra errors = max(N − E, 0) = {six(value)}"], note="E + 0.5 >= N: " + note
        )
    z = NormalDist().inv_cdf(1 - cf)
    f = (e + 0.5) / n
    u = (value + e) / n
    return Derivation.build(
        title,
        [
            f"z = Φ⁻¹(1 − CF) = Φ⁻¹({fmt_g(1 - cf)}) = {six(z)}",
            f"f = (E + 0.5)/N = {fmt_whole_or_g(e + 0.5)}/{big_n} = {six(f)}",
            f"U = (f + z²/2N + z·sqrt(f/N − f²/N + z²/4N²)) / (1 + z²/N) = {six(u)}",
            f"extra errors = U·N − E = {six(u * n)} − {big_e} = {six(value)}",
        ],
        note=note,
    )


def _estimated_errors(counts: np.ndarray, cf: float) -> float:
    """Weka's ``getEstimatedErrorsForDistribution``."""
    values = counts.tolist()  # numpy's sum and num_incorrect, on plain floats
    total = _ordered_sum(values)
    if eq(total, 0):
        return 0.0
    wrong = total - values[max_class(values)]
    return wrong + _add_errs(total, wrong, cf)


# ---------------------------------------------------------------------- routing training data
def split_weighted(
    split: Split,
    X: np.ndarray,
    y: np.ndarray,
    n_classes: int,
    rows: np.ndarray,
    weights: np.ndarray,
    branch: np.ndarray | None = None,
) -> tuple[list[tuple[np.ndarray, np.ndarray]], np.ndarray]:
    """Send weighted rows down a split as C4.5 does; returns the parts and the fractions.

    Rows with a known test value take their branch. A row whose value is unknown goes down
    every branch ``j`` with its weight times ``fraction[j]``, the share of the known weight
    that took branch ``j`` (uniform when no weight is known), as Weka's ``C45Split.split``.
    ``branch``: each row's branch (``UNKNOWN`` for a missing value), when already routed.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn.splits import MultiwaySplit
    >>> X = np.array([[0.0], [0.0], [1.0], [np.nan]])
    >>> parts, fractions = split_weighted(MultiwaySplit(0, 2), X, np.zeros(4, int), 1,
    ...                                   np.arange(4), np.ones(4))
    >>> fractions.round(3), [w.round(3).tolist() for _, w in parts]
    (array([0.667, 0.333]), [[1.0, 1.0, 0.667], [1.0, 0.333]])
    """
    if branch is None:
        branch = route_rows(split, X, rows)
    k = split.n_branches
    known = branch != UNKNOWN
    if known.all():
        bag = np.bincount(branch, weights=weights, minlength=k)[:k]
        total = float(bag.sum())
        fractions = np.full(k, 1.0 / k) if eq(total, 0) else bag / total
        return [(rows[mask], weights[mask]) for mask in (branch == b for b in range(k))], fractions
    bag = np.bincount(branch[known], weights=weights[known], minlength=k)[:k]
    total = float(bag.sum())
    fractions = np.full(k, 1.0 / k) if eq(total, 0) else bag / total
    unknown_rows, unknown_w = rows[~known], weights[~known]
    parts = []
    for b in range(k):
        mask = branch == b
        if gr(float(fractions[b]), 0):
            parts.append(
                (
                    np.concatenate([rows[mask], unknown_rows]),
                    np.concatenate([weights[mask], unknown_w * fractions[b]]),
                )
            )
        else:
            parts.append((rows[mask], weights[mask]))
    return parts, fractions


def route_rows(split: Split, X: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``split.route(X[rows])``, reading only the tested column where the split allows.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn.splits import ThresholdSplit
    >>> X = np.array([[1.0], [2.0], [np.nan]])
    >>> route_rows(ThresholdSplit(0, 1.5), X, np.array([2, 1, 0]))
    array([-1,  1,  0])
    """
    if type(split) is ThresholdSplit:
        column = X[rows, split.feature]
        right = column > split.threshold
        if split.tolerance:  # J48 sends x - t < 1e-6 left
            right &= column - split.threshold >= split.tolerance
        out = right.astype(np.int64)
        out[np.isnan(column)] = UNKNOWN
        return out
    if type(split) is MultiwaySplit:
        column = X[rows, split.feature]
        missing = np.isnan(column)
        if missing.any():
            return np.where(missing, UNKNOWN, np.where(missing, 0, column).astype(np.int64))
        return column.astype(np.int64)
    return split.route(X[rows])


def level_branches(
    X: np.ndarray,
    rows: np.ndarray,
    node_of: np.ndarray,
    features: np.ndarray,
    thresholds: np.ndarray,
    tolerance: float,
) -> np.ndarray:
    """Each row's branch at its node, for the nodes of a level at once (``-1``: unknown).

    ``rows``: the nodes' rows one after another, ``node_of`` the node of each;
    ``features`` and ``thresholds`` (``nan`` for a multiway split) per node. A row goes
    right of a cut at ``t`` when ``x > t`` and ``x - t >= tolerance`` (J48's ``smOrEq``), as
    :func:`route_rows` routes one node.

    Examples
    --------
    >>> X = np.array([[1.0, 0.0], [2.0, 2.0], [np.nan, 1.0]])
    >>> level_branches(X, np.array([0, 1, 2, 0, 1, 2]), np.array([0, 0, 0, 1, 1, 1]),
    ...                np.array([0, 1]), np.array([1.5, np.nan]), 1e-6).tolist()
    [0, 1, -1, 0, 2, 1]
    """
    column = X[rows, features[node_of]]
    t = thresholds[node_of]
    missing = np.isnan(column)
    right = (column > t) & (column - t >= tolerance)
    nominal = np.isnan(t)
    # a numeric column's values are never codes: zero them before the cast (huge ones overflow)
    out = np.where(nominal, np.where(missing | ~nominal, 0, column).astype(np.int64), right)
    out = out.astype(np.int64, copy=False)
    out[missing] = -1
    return out


@dataclass(frozen=True)
class LevelParts:
    """The children of a level's split nodes, as C4.5 sends weighted rows down splits.

    ``rows``/``weights``: every child's rows one child after another (child ``c`` holds
    ``rows[starts[c]:starts[c + 1]]``); ``counts`` ``(children, k)``: their class weights;
    ``fractions`` per child: its share of its parent's known weight.
    """

    rows: np.ndarray
    weights: np.ndarray
    starts: np.ndarray
    counts: np.ndarray
    fractions: np.ndarray


def level_parts(
    rows: np.ndarray,
    weights: np.ndarray,
    y: np.ndarray,
    node_of: np.ndarray,
    branch: np.ndarray,
    n_branches: np.ndarray,
    k: int,
) -> LevelParts:
    """Send the rows of a level's split nodes down their splits, all nodes in one pass.

    The same numbers, bit for bit, as :func:`split_weighted`
    node by node: a row with a known branch goes there; an unknown one goes down every
    branch whose fraction of the known weight exceeds Weka's ``SMALL``, its weight times
    that fraction, after the branch's known rows. Sums run in each node's row order.

    Examples
    --------
    >>> parts = level_parts(np.array([0, 1, 2, 3]), np.ones(4), np.array([0, 1, 1, 0]),
    ...                     np.array([0, 0, 0, 0]), np.array([0, 0, 1, -1]), np.array([2]), 2)
    >>> parts.rows.tolist(), parts.weights.round(3).tolist(), parts.starts.tolist()
    ([0, 1, 3, 2, 3], [1.0, 1.0, 0.667, 1.0, 0.333], [0, 3, 5])
    >>> parts.counts.round(3).tolist(), parts.fractions.round(3).tolist()
    ([[1.667, 1.0], [0.333, 1.0]], [0.667, 0.333])
    """
    n_children = int(np.add.reduce(n_branches))
    base = np.zeros(len(n_branches), dtype=np.int64)
    np.cumsum(n_branches[:-1], out=base[1:])
    known = branch >= 0
    child = base[node_of] + branch
    all_known = bool(known.all())
    if all_known:
        bags = np.bincount(child, weights=weights, minlength=n_children)
    else:
        bags = np.bincount(child[known], weights=weights[known], minlength=n_children)
    fractions = np.empty(n_children)
    bag_list = bags.tolist()
    for b0, nb in zip(base.tolist(), n_branches.tolist()):
        total = _ordered_sum(bag_list[b0 : b0 + nb])
        if eq(total, 0):
            fractions[b0 : b0 + nb] = 1.0 / nb
        else:
            fractions[b0 : b0 + nb] = bags[b0 : b0 + nb] / total
    if all_known:
        key = child
        out_rows, out_w, out_child = rows, weights, child
    else:
        unknown = np.flatnonzero(~known)
        positive = fractions > SMALL  # Weka's gr(fraction, 0)
        n_pos = np.bincount(
            np.repeat(np.arange(len(n_branches)), n_branches)[positive], minlength=len(n_branches)
        )
        pos_children = np.flatnonzero(positive)
        pos_start = np.zeros(len(n_branches), dtype=np.int64)
        np.cumsum(n_pos[:-1], out=pos_start[1:])
        node_u = node_of[unknown]
        copies = n_pos[node_u]
        rep = np.repeat(unknown, copies)
        first = np.repeat(np.cumsum(copies) - copies, copies)
        offset = np.arange(len(rep)) - first
        child_u = pos_children[pos_start[node_of[rep]] + offset]
        k_rows = np.flatnonzero(known)
        out_child = np.concatenate([child[k_rows], child_u])
        out_rows = np.concatenate([rows[k_rows], rows[rep]])
        out_w = np.concatenate([weights[k_rows], weights[rep] * fractions[child_u]])
        key = np.concatenate([2 * child[k_rows], 2 * child_u + 1])
    order = np.argsort(key, kind="stable")
    out_rows, out_w, out_child = out_rows[order], out_w[order], out_child[order]
    sizes = np.bincount(out_child, minlength=n_children)
    starts = np.zeros(n_children + 1, dtype=np.int64)
    np.cumsum(sizes, out=starts[1:])
    counts = np.bincount(
        out_child * k + y[out_rows], weights=out_w, minlength=n_children * k
    ).reshape(n_children, k)
    return LevelParts(out_rows, out_w, starts, counts, fractions)


def _ordered_sum(values: list) -> float:
    """Sum as numpy sums a short 1-d array: left to right below 8 values, else numpy's."""
    if len(values) >= 8:
        return float(np.add.reduce(np.asarray(values, dtype=float)))
    total = 0.0
    for v in values:
        total += v
    return total


# ---------------------------------------------------------------------- mutable working tree
@dataclass(eq=False)
class _Work:
    node_id: int
    split: Split | None
    children: list
    rows: np.ndarray
    weights: np.ndarray
    counts: np.ndarray
    fractions: np.ndarray | None = None
    _errors: tuple | None = None  # (counts they came from, N, E)
    _estimate: tuple | None = None  # (counts it came from, cf, E + addErrs(N, E))
    _leaf_list: list | None = None  # leaves under the node when pruning last decided it
    _info: tuple | None = None  # (counts it came from, (node id, cf), info tuple)

    @property
    def is_leaf(self) -> bool:
        return not self.children

    def errors(self) -> tuple[float, float]:
        """``(N, E)``: training weight and training errors as a leaf (kept until counts change)."""
        cached = self._errors
        if cached is not None and cached[0] is self.counts:
            return cached[1], cached[2]
        values = self.counts.tolist()  # num_incorrect's arithmetic on plain floats
        n = _ordered_sum(values)
        e = n - values[max_class(values)]
        self._errors = (self.counts, n, e)
        return n, e

    def info(self, cf: float) -> tuple:
        """``(node_id, N, E, estimate)`` of a leaf (kept until its id or counts change)."""
        cached = self._info
        if cached is not None and cached[0] is self.counts and cached[1] == (self.node_id, cf):
            return cached[2]
        info = (self.node_id, *self.errors(), self.estimate(cf))
        self._info = (self.counts, (self.node_id, cf), info)
        return info

    def estimate(self, cf: float) -> float:
        """Weka's ``getEstimatedErrorsForDistribution`` of the node's counts."""
        cached = self._estimate
        if cached is not None and cached[0] is self.counts and cached[1] == cf:
            return cached[2]
        n, e = self.errors()
        value = 0.0 if eq(n, 0) else e + _add_errs(n, e, cf)
        self._estimate = (self.counts, cf, value)
        return value


class _Data:
    def __init__(self, X: np.ndarray, y: np.ndarray, w: np.ndarray, n_classes: int):
        self.X, self.y, self.w, self.k = X, y, w, n_classes

    def counts(self, rows: np.ndarray, weights: np.ndarray) -> np.ndarray:
        return np.bincount(self.y[rows], weights=weights, minlength=self.k).astype(float)

    def split(self, split: Split, rows: np.ndarray, weights: np.ndarray):
        return split_weighted(split, self.X, self.y, self.k, rows, weights)


def _work_tree(tree: Tree, data: _Data | None, parts: dict | None = None) -> _Work:
    """Mirror ``tree`` with the training rows that reach every node (growth's routing).

    ``parts`` (node id -> rows, weights), when growth recorded them, saves routing the
    training data again: the counts and branch fractions are then the tree's own.
    """
    if data is not None and parts is not None:
        return _work_tree_from_parts(tree, parts)

    def make(node: Node, rows, weights) -> _Work:
        counts = node.counts.copy() if data is None else data.counts(rows, weights)
        return _Work(
            node.node_id,
            node.split,
            [],
            rows,
            weights,
            counts,
            None if node.branch_weights is None else node.branch_weights.copy(),
        )

    empty = np.zeros(0, dtype=np.int64)
    if data is None:
        root = make(tree.root, empty, np.zeros(0))
    else:
        root = make(tree.root, np.arange(len(data.y)), data.w.copy())
    stack = [(tree.root, root)]
    while stack:
        node, work = stack.pop()
        if node.is_leaf:
            continue
        if data is None:
            parts_ = [(empty, np.zeros(0))] * len(node.children)
        else:
            parts_, work.fractions = data.split(node.split, work.rows, work.weights)
        for child, (rows, weights) in zip(node.children, parts_):
            cw = make(child, rows, weights)
            work.children.append(cw)
            stack.append((child, cw))
    return root


def _work_tree_from_parts(tree: Tree, parts: dict) -> _Work:
    def make(node: Node) -> _Work:
        rows, weights = parts[node.node_id]
        return _Work(
            node.node_id,
            node.split,
            [],
            rows,
            weights,
            node.counts,  # pruning replaces a node's counts and fractions, never writes in them
            node.branch_weights,
        )

    root = make(tree.root)
    stack = [(tree.root, root)]
    while stack:
        node, work = stack.pop()
        for child in node.children:
            cw = make(child)
            work.children.append(cw)
            stack.append((child, cw))
    return root


def _leaf_spans(root: _Work) -> tuple[dict, list]:
    """Where every inner node's leaves lie among all leaves, and the leaves' errors.

    ``id(node) -> (start, end)`` into the list of all leaves, left to right, and that
    list's training errors, in one pass.
    """
    spans: dict = {}
    errors: list = []
    stack = [(root, False)]
    while stack:
        w, done = stack.pop()
        if not w.children:
            errors.append(w.errors()[1])
            continue
        if done:
            spans[id(w)] = (spans[id(w)], len(errors))
            continue
        spans[id(w)] = len(errors)
        stack.append((w, True))
        stack.extend((c, False) for c in reversed(w.children))
    return spans, errors


def _current_leaves(work: _Work) -> list[_Work]:
    """Leaves under ``work`` from its children's lists (children are decided first)."""
    out: list = []
    for c in work.children:
        if not c.children:
            out.append(c)
        else:
            out.extend(c._leaf_list if c._leaf_list is not None else _leaves(c))
    return out


def _leaves(work: _Work) -> list[_Work]:
    out, stack = [], [work]
    while stack:
        w = stack.pop()
        if not w.children:
            out.append(w)
        else:
            stack.extend(reversed(w.children))
    return out


def _freeze(root: _Work) -> tuple:
    """The work tree as it stands, as nested ``(node_id, split, counts, fractions, children)``.

    Pruning replaces a node's counts, fractions and children (it never writes into them),
    so holding the references keeps this state: a snapshot costs a tuple per node.
    """

    def row(w: _Work) -> list:
        return [
            w.node_id,
            None if not w.children else w.split,
            w.counts,
            None if not w.children else w.fractions,
            [],
        ]

    frozen = row(root)
    stack = [(root, frozen)]
    while stack:
        w, out = stack.pop()
        for cw in w.children:
            child = row(cw)
            out[4].append(child)
            stack.append((cw, child))
    return frozen


def _to_tree(root: _Work | list, template: Tree) -> Tree:
    frozen = _freeze(root) if isinstance(root, _Work) else root

    def make(f: list, depth: int, parent: Node | None) -> Node:
        node_id, split, counts, fractions, _ = f
        total = float(counts.sum())
        value = (
            counts / total
            if total > 0
            else (
                parent.value.copy() if parent is not None else np.full(len(counts), 1 / len(counts))
            )
        )
        return Node(
            node_id,
            depth,
            total,
            entropy(counts),
            value,
            counts.copy(),
            split,  # None at a leaf, as _freeze wrote it, and so are its fractions
            [],
            None if fractions is None else fractions.copy(),
        )

    new_root = make(frozen, 0, None)
    stack = [(frozen, new_root)]
    while stack:
        f, node = stack.pop()
        for cf in f[4]:
            child = make(cf, node.depth + 1, node)
            node.children.append(child)
            stack.append((cf, child))
    return Tree(
        new_root,
        template.schema,
        template.classes,
        template.target_name,
        "distribute",
        template.flavour,
        criterion=template.criterion,
    )


class _Snapshot:
    """A tree the pruning passed through, made into a :class:`Tree` when first read.

    A fit prunes without reading its intermediate trees; the stepper reads a few. A pickle
    holds the made tree.
    """

    __slots__ = ("_frozen", "_template", "_tree")

    def __init__(self, root: _Work, template: Tree):
        self._frozen, self._template, self._tree = _freeze(root), template, None

    def tree(self) -> Tree:
        if self._tree is None:
            self._tree = _to_tree(self._frozen, self._template)
            self._frozen = self._template = None
        return self._tree

    def __reduce__(self) -> tuple:
        return (_as_is, (self.tree(),))


def _as_is(tree: Tree) -> Tree:
    return tree


class _Replay:
    """The snapshots of a pruning run, recorded by running the pruning again when first read.

    A fit never reads its intermediate trees; freezing the whole tree after every subtree
    raising cost a walk over all nodes each time. The run is deterministic, so replaying it
    on a fresh working tree passes through the same states. Reads like the tuple of
    ``(k, snapshot)`` it stands for; a pickle holds that tuple.
    """

    __slots__ = ("_args", "_items")

    def __init__(
        self,
        tree: Tree,
        data: _Data | None,
        parts: dict | None,
        cf: float,
        raising: bool,
        confidence: float,
        collapse_first: bool,
    ):
        self._args: tuple | None = (tree, data, parts, cf, raising, confidence, collapse_first)
        self._items: tuple | None = None

    def _made(self) -> tuple:
        if self._items is None:
            assert self._args is not None
            tree, data, parts, cf, raising, confidence, collapse_first = self._args
            root = _work_tree(tree, data, parts)
            snapshots = [(0, _Snapshot(root, tree))]
            steps: list = []
            if collapse_first:
                _collapse(root, steps)
            _prune(root, data, cf, raising, confidence, steps, snapshots, tree)
            self._items, self._args = tuple(snapshots), None
        return self._items

    def __len__(self) -> int:
        return len(self._made())

    def __bool__(self) -> bool:
        return True

    def __iter__(self) -> Any:
        return iter(self._made())

    def __getitem__(self, i: Any) -> Any:
        return self._made()[i]

    def __reduce__(self) -> tuple:
        return (tuple, (self._made(),))


def _snapshot_tree(snapshot: Any) -> Tree:
    """The Tree of a recorded state (a :class:`_Snapshot`, or a Tree from an older pickle)."""
    return snapshot.tree() if isinstance(snapshot, _Snapshot) else snapshot


# ---------------------------------------------------------------------- steps and result
@dataclass(frozen=True)
class PessimisticStep(StepDefaults):
    """One decision of C4.5's pruning at one node (a :class:`~dtlearn.steps.Step`).

    Attributes
    ----------
    node_id : int
        The node decided on.
    phase : {"collapse", "prune"}
        J48 first collapses (training errors only), then prunes (pessimistic estimates).
    decision : str
        ``"kept"``, ``"collapsed"``, ``"pruned to leaf"`` or ``"raised branch k"``.
    n_samples : float
        Training weight at the node when it was decided.
    leaf_errors_train, subtree_errors_train : float
        Training errors of the node as a leaf and of its subtree's leaves.
    leaf_estimate, subtree_estimate, branch_estimate : float
        Predicted errors (training errors + :func:`pessimistic_errors`) of the node as a
        leaf, of its subtree, and of its largest branch with all the node's instances
        (``inf`` without subtree raising, ``nan`` in the collapse phase).
    largest_branch : int
        Index of the largest branch (``-1`` in the collapse phase).
    raised_node_id : int or None
        Id of the node whose subtree replaced this one (subtree raising).
    leaves : tuple
        ``(node_id, N, E, estimate)`` of every leaf of the subtree.
    leaf_counts : tuple
        Class counts of the node.
    confidence : float
        The ``confidence`` used.
    """

    node_id: int
    phase: str
    decision: str
    n_samples: float
    leaf_errors_train: float
    subtree_errors_train: float
    leaf_estimate: float = float("nan")
    subtree_estimate: float = float("nan")
    branch_estimate: float = float("nan")
    largest_branch: int = -1
    raised_node_id: int | None = None
    leaves: tuple = ()
    leaf_counts: tuple = ()
    confidence: float = 0.25

    kind = "pessimistic"

    @property
    def action(self) -> str:
        """``"kept"``, ``"collapsed"``, ``"pruned"`` (to a leaf) or ``"raised"``."""
        return self.decision.split(" ")[0]

    @property
    def reason(self) -> str:
        """Why, in words: the comparison of training errors or of estimates that decided.

        Examples
        --------
        >>> from dtlearn import C45Classifier, load_play_tennis
        >>> C45Classifier().fit(*load_play_tennis()).pruning_.steps[-1].reason
        'estimates: leaf 6.761 > subtree 5.392 + 0.1, largest branch 7.695 > subtree + 0.1'
        """
        if self.phase == "collapse":
            sign = ">=" if self.action == "collapsed" else "<"
            return (
                f"training errors: subtree {fmt(self.subtree_errors_train)} {sign} "
                f"leaf {fmt(self.leaf_errors_train)} - 0.001"
            )
        leaf, sub = fmt(self.leaf_estimate), fmt(self.subtree_estimate)
        branch = fmt(self.branch_estimate) if np.isfinite(self.branch_estimate) else "—"
        if self.action == "pruned":
            return f"estimates: leaf {leaf} <= subtree {sub} + 0.1 and <= branch {branch} + 0.1"
        if self.action == "raised":
            return f"estimates: largest branch {branch} <= subtree {sub} + 0.1 (leaf {leaf} is not)"
        return (
            f"estimates: leaf {leaf} > subtree {sub} + 0.1, largest branch {branch} > subtree + 0.1"
        )

    @property
    def before(self) -> dict:
        """Training weight, training errors and (in the prune phase) the subtree's estimate."""
        out = {"n_samples": self.n_samples, "training_errors": self.subtree_errors_train}
        if self.phase == "prune":
            out["estimated_errors"] = self.subtree_estimate
        return out

    @property
    def after(self) -> dict:
        """The same numbers for what the node became (unchanged when kept)."""
        if self.action == "kept":
            return dict(self.before)
        if self.action == "collapsed":
            return {"n_samples": self.n_samples, "training_errors": self.leaf_errors_train}
        estimate = self.leaf_estimate if self.action == "pruned" else self.branch_estimate
        return {
            "n_samples": self.n_samples,
            "training_errors": self.leaf_errors_train if self.action == "pruned" else float("nan"),
            "estimated_errors": estimate,
        }

    def explain(self) -> Derivation:
        """Show the estimates with formula and numbers, and the rule that decided.

        Examples
        --------
        >>> from dtlearn import C45Classifier, load_play_tennis
        >>> model = C45Classifier().fit(*load_play_tennis())
        >>> print(model.pruning_.steps[-1].explain().lines[0].text)
        leaf: N = 14, E = 5, estimate = E + addErrs(N, E) = 5 + 1.761 = 6.761
        """
        if self.phase == "collapse":
            return Derivation.build(
                f"node {self.node_id}: collapse check — {self.decision}",
                [
                    f"training errors as a leaf = {fmt(self.leaf_errors_train)}",
                    f"training errors of the subtree's leaves = {fmt(self.subtree_errors_train)}",
                ],
                note="J48 collapses a subtree whose leaves do not make fewer training errors "
                "than the node alone (subtree >= leaf − 0.001)",
            )
        n, e = self.n_samples, self.leaf_errors_train
        extra = self.leaf_estimate - e
        lines = [
            f"leaf: N = {fmt_whole_or_g(n)}, E = {fmt_whole_or_g(e)}, estimate = E + addErrs(N, E) = "
            f"{fmt_whole_or_g(e)} + {fmt(extra)} = {fmt(self.leaf_estimate)}",
            pessimistic_errors(n, e, self.confidence).explain()
            if n > 0
            else "empty node: estimate 0",
        ]
        rows = [(f"node {i}", fmt(ln, 2), fmt(le, 2), le_est) for i, ln, le, le_est in self.leaves]
        table = ResultTable(
            ("leaf", "N", "E", "estimate"), tuple(rows), caption="leaves of the subtree"
        )
        lines.append(table)
        lines.append(f"subtree: sum of leaf estimates = {fmt(self.subtree_estimate)}")
        if np.isfinite(self.branch_estimate):
            lines.append(
                f"largest branch (branch {self.largest_branch}) with all {fmt_whole_or_g(n)} "
                f"instances = {fmt(self.branch_estimate)}"
            )
        else:
            lines.append("largest branch: not considered (subtree raising off)")
        rule = (
            "prune to a leaf if leaf <= subtree + 0.1 and leaf <= branch + 0.1; "
            "else raise the largest branch if branch <= subtree + 0.1; else keep"
        )
        return Derivation.build(f"node {self.node_id}: {self.decision}", lines, note=rule)

    def __str__(self) -> str:
        """One line: node, decision and the estimates."""
        if self.phase == "collapse":
            return (
                f"node {self.node_id}: {self.decision} (collapse check: training errors "
                f"leaf {fmt(self.leaf_errors_train)}, subtree "
                f"{fmt(self.subtree_errors_train)})"
            )
        branch = fmt(self.branch_estimate) if np.isfinite(self.branch_estimate) else "—"
        return (
            f"node {self.node_id}: {self.decision} (estimated errors: leaf "
            f"{fmt(self.leaf_estimate)}, subtree {fmt(self.subtree_estimate)}, largest "
            f"branch {branch})"
        )

    __repr__ = __str__

    def details(self) -> dict:
        """The J48 numbers added to :meth:`to_dict` (``None`` for an estimate not made)."""

        def number(x: float) -> float | None:
            return float(x) if np.isfinite(x) else None

        return {
            "phase": self.phase,
            "decision": self.decision,
            "n_samples": self.n_samples,
            "leaf_errors_train": self.leaf_errors_train,
            "subtree_errors_train": self.subtree_errors_train,
            "leaf_estimate": number(self.leaf_estimate),
            "subtree_estimate": number(self.subtree_estimate),
            "branch_estimate": number(self.branch_estimate),
            "largest_branch": self.largest_branch,
            "raised_node_id": self.raised_node_id,
        }


@dataclass(frozen=True)
class PessimisticPruneResult:
    """The pruned tree and every collapse and pruning decision, in J48's order.

    Examples
    --------
    >>> from dtlearn import C45Classifier, load_play_tennis
    >>> result = C45Classifier().fit(*load_play_tennis()).pruning_
    >>> result.tree.n_leaves, result.steps[-1].decision
    (5, 'kept')
    >>> result.state_after(0).n_leaves, result.summary()
    (5, 'C4.5 pruning (confidence 0.25, subtree raising): 6 decisions, none changed the tree; 5 leaves')
    """

    tree: Tree
    steps: tuple = field(default_factory=tuple)
    confidence: float = 0.25
    subtree_raising: bool = True
    #: ``(k, tree)``: the tree after the first ``k`` steps, kept before the first step and
    #: after every subtree raising (a raise re-distributes rows, so later counts change);
    #: the states in between cut leaves into these (:meth:`state_after`); after a fit, recorded
    #: by replaying the pruning when first read
    snapshots: Any = field(default_factory=tuple, repr=False, compare=False)

    def state_after(self, k: int) -> Tree:
        """The tree after the first ``k`` decisions (``k = len(steps)``: the result).

        Collapses and prunings to a leaf cut the latest recorded tree; a subtree raising
        shows the tree recorded right after it, its rows re-distributed.

        Examples
        --------
        >>> from dtlearn import C45Classifier, load_play_tennis
        >>> result = C45Classifier(prune=False).fit(*load_play_tennis()).pruning_
        >>> result.state_after(len(result.steps)).to_json() == result.tree.to_json()
        True
        """
        if (
            isinstance(k, (bool, np.bool_))
            or not isinstance(k, (int, np.integer))
            or not 0 <= k <= len(self.steps)
        ):
            raise ValueError(f"k must be an integer in 0..{len(self.steps)}, got {k!r}")
        if k == len(self.steps) or not self.snapshots:
            if k == len(self.steps):
                return self.tree
            raise ValueError("state_after: this result records no intermediate trees")
        start, tree = 0, self.snapshots[0][1]
        for at, snapshot in self.snapshots:
            if at <= k:
                start, tree = at, snapshot
        tree = _snapshot_tree(tree)
        cut = [
            s.node_id for s in self.steps[start:k] if s.decision in ("collapsed", "pruned to leaf")
        ]
        return tree.with_leaves_at(cut) if cut else tree

    def summary(self) -> str:
        """One line: how many decisions of each kind, leaves before and after.

        Examples
        --------
        >>> from dtlearn import C45Classifier
        >>> from dtlearn.datasets import load_dataset
        >>> pessimistic_prune(C45Classifier(prune=False).fit(*load_dataset("labor"))).summary()
        'C4.5 pruning (confidence 0.25, subtree raising): 20 decisions, 5 pruned to leaf, 1 raised; 13 → 3 leaves'
        """
        kinds = {"collapsed": 0, "pruned to leaf": 0, "raised": 0}
        for s in self.steps:
            key = "raised" if s.decision.startswith("raised") else s.decision
            if key in kinds:
                kinds[key] += 1
        made = ", ".join(f"{n} {k}" for k, n in kinds.items() if n)
        head = (
            "C4.5 collapse"
            if not np.isfinite(self.confidence)
            else f"C4.5 pruning (confidence {fmt_g(self.confidence)}"
            f"{', subtree raising' if self.subtree_raising else ''})"
        )
        start = _snapshot_tree(self.snapshots[0][1]).n_leaves if self.snapshots else None
        leaves = (
            f"{self.tree.n_leaves} leaves"
            if start in (None, self.tree.n_leaves)
            else f"{start} \u2192 {self.tree.n_leaves} leaves"
        )
        return (
            f"{head}: {len(self.steps)} decision{'s' if len(self.steps) != 1 else ''}, "
            f"{made or 'none changed the tree'}; {leaves}"
        )

    def table(self) -> ResultTable:
        """Return the steps as a table."""
        rows = []
        for s in self.steps:
            cells = [
                v if np.isfinite(v) else "—"
                for v in (s.leaf_estimate, s.subtree_estimate, s.branch_estimate)
            ]
            rows.append((s.node_id, s.phase, s.decision, s.n_samples, *cells))
        return ResultTable(
            ("node", "phase", "decision", "N", "leaf est.", "subtree est.", "branch est."),
            tuple(rows),
            caption=f"C4.5 pruning (confidence {fmt_g(self.confidence)})",
        )

    def __repr__(self) -> str:
        """Return the steps table as text."""
        return repr(self.table())

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def to_dict(self) -> dict:
        """Plain JSON-ready form."""
        return {
            "tree": self.tree.to_dict(),
            "steps": [s.to_dict() for s in self.steps],
            "confidence": self.confidence,
            "subtree_raising": self.subtree_raising,
        }


# ---------------------------------------------------------------------- collapse and prune
def _collapse(root: _Work, steps: list) -> None:
    # top-down: a node's subtree is intact when it is decided, and its leaves are a run of
    # the tree's leaves, left to right (summed in that order, as before)
    spans, errors = _leaf_spans(root)
    stack = [root]
    while stack:
        w = stack.pop()
        if not w.children:
            continue
        start, end = spans[id(w)]
        subtree = sum(errors[start:end])
        n, own = w.errors()
        if subtree >= own - 1e-3:
            w.children, w.fractions = [], None
            steps.append(PessimisticStep(w.node_id, "collapse", "collapsed", n, own, subtree))
        else:
            steps.append(PessimisticStep(w.node_id, "collapse", "kept", n, own, subtree))
            stack.extend(reversed(w.children))


def _branch_estimate(work: _Work, rows, weights, data: _Data, cf: float) -> float:
    """Estimated errors of the subtree ``work`` with ``rows`` and ``weights`` sent down it."""
    total, stack = 0.0, [(work, rows, weights)]
    while stack:
        w, r, wt = stack.pop()
        if not w.children:
            total += _estimated_errors(data.counts(r, wt), cf)
        elif all(not c.children for c in w.children):  # popped next, last child first
            for counts in reversed(_leaf_counts(w.split, r, wt, data)):
                total += _estimated_errors(counts, cf)
        else:
            parts, _ = data.split(w.split, r, wt)
            stack.extend((c, pr, pw) for c, (pr, pw) in zip(w.children, parts))
    return total


def _leaf_counts(
    split: Split | None, rows: np.ndarray, weights: np.ndarray, data: _Data
) -> np.ndarray:
    """The class counts :func:`split_weighted` gives each branch, in one ``bincount``.

    Per branch, the known rows in order, then the unknown ones (weight times the
    branch's fraction): the order in which each branch's own ``bincount`` sums them.
    """
    assert split is not None  # an inner node's
    branch = route_rows(split, data.X, rows)
    nb, k = split.n_branches, data.k
    known = branch != UNKNOWN
    if known.all():
        index = branch * k + data.y[rows]
        return np.bincount(index, weights=weights, minlength=nb * k).reshape(nb, k)
    bag = np.bincount(branch[known], weights=weights[known], minlength=nb)[:nb]
    total = float(bag.sum())
    fractions = np.full(nb, 1.0 / nb) if eq(total, 0) else bag / total
    classes = data.y[rows]
    index, extra = [branch[known] * k + classes[known]], [weights[known]]
    unknown_classes, unknown_w = classes[~known], weights[~known]
    for b in range(nb):
        if gr(float(fractions[b]), 0):
            index.append(b * k + unknown_classes)
            extra.append(unknown_w * fractions[b])
    return np.bincount(
        np.concatenate(index), weights=np.concatenate(extra), minlength=nb * k
    ).reshape(nb, k)


def _new_distribution(work: _Work, rows, weights, data: _Data) -> None:
    stack = [(work, rows, weights)]
    while stack:
        w, r, wt = stack.pop()
        w.rows, w.weights, w.counts = r, wt, data.counts(r, wt)
        if w.children:
            parts, w.fractions = data.split(w.split, r, wt)
            stack.extend((c, pr, pw) for c, (pr, pw) in zip(w.children, parts))


def _max_bag(work: _Work) -> int:
    best, index = 0.0, -1
    for b, child in enumerate(work.children):
        size = child.errors()[0]
        if gr_or_eq(size, best):
            best, index = size, b
    return index


def _prune(
    root: _Work,
    data: _Data | None,
    cf: float,
    raising: bool,
    confidence: float,
    steps: list,
    snapshots: list | None = None,
    template: Tree | None = None,
) -> None:
    stack = [(root, 0)]
    while stack:
        w, phase = stack.pop()
        if not w.children:
            continue
        if phase == 0:
            stack.append((w, 1))
            stack.extend((c, 0) for c in reversed(w.children))
            continue
        largest = _max_bag(w)
        n, own = w.errors()
        if not raising:
            branch = float("inf")
        elif not w.children[largest].children:  # the node's own rows at one leaf: its own estimate
            branch = w.estimate(cf)
        else:
            branch = _branch_estimate(w.children[largest], w.rows, w.weights, data, cf)
        leaf = w.estimate(cf)
        leaves = _current_leaves(w)
        leaf_info = tuple(lf.info(cf) for lf in leaves)
        subtree = sum(item[3] for item in leaf_info)
        common = dict(
            n_samples=n,
            leaf_errors_train=own,
            subtree_errors_train=sum(item[2] for item in leaf_info),
            leaf_estimate=leaf,
            subtree_estimate=subtree,
            branch_estimate=branch,
            largest_branch=largest,
            leaves=leaf_info,
            leaf_counts=tuple(w.counts.tolist()),
            confidence=confidence,
        )
        if sm_or_eq(leaf, subtree + 0.1) and sm_or_eq(leaf, branch + 0.1):
            steps.append(PessimisticStep(w.node_id, "prune", "pruned to leaf", **common))
            w.children, w.fractions, w._leaf_list = [], None, None
            continue
        if sm_or_eq(branch, subtree + 0.1):
            child = w.children[largest]
            steps.append(
                PessimisticStep(
                    w.node_id,
                    "prune",
                    f"raised branch {largest}",
                    raised_node_id=child.node_id,
                    **common,
                )
            )
            w.node_id, w.split, w.children = child.node_id, child.split, child.children
            w._leaf_list = None
            _new_distribution(w, w.rows, w.weights, data)
            if snapshots is not None:  # the replay needs the re-distributed counts
                snapshots.append((len(steps), _Snapshot(root, template)))
            stack.append((w, 0))
            continue
        steps.append(PessimisticStep(w.node_id, "prune", "kept", **common))
        w._leaf_list = leaves


def collapse(
    model_or_tree: Any, X: Any = None, y: Any = None, sample_weight: Any = None
) -> PessimisticPruneResult:
    """Only J48's collapse step (what ``J48 -U`` does after growing).

    Examples
    --------
    >>> from dtlearn import C45Classifier, load_play_tennis
    >>> model = C45Classifier(prune=False).fit(*load_play_tennis())
    >>> collapse(model).tree.n_leaves
    5
    """
    tree, data, parts = _inputs(model_or_tree, X, y, sample_weight, need_data=False)
    root = _work_tree(tree, data, parts)
    steps: list = []
    start = _Snapshot(root, tree)
    _collapse(root, steps)
    return PessimisticPruneResult(
        _to_tree(root, tree), tuple(steps), float("nan"), False, ((0, start),)
    )


def pessimistic_prune(
    model_or_tree: Any,
    confidence: float = 0.25,
    subtree_raising: bool = True,
    X: Any = None,
    y: Any = None,
    sample_weight: Any = None,
    collapse_first: bool = True,
) -> PessimisticPruneResult:
    """Prune a C4.5 tree as J48 does: collapse, then pessimistic pruning bottom-up.

    Parameters
    ----------
    model_or_tree : C45Classifier or Tree
        A fitted :class:`~dtlearn.learners.c45.C45Classifier` (its grown tree and training data are
        used; set ``prune=False`` to keep its own tree unpruned), or a :class:`Tree`.
    confidence : float
        J48's ``-C``: smaller prunes more.
    subtree_raising : bool
        Also consider replacing a node by its largest branch (J48's default).
    X, y, sample_weight : optional
        Training data, needed with a bare :class:`Tree` when ``subtree_raising`` is on (the
        node's instances must be re-distributed into the raised branch).
    collapse_first : bool
        Run J48's collapse step first (J48 always does).

    Returns
    -------
    PessimisticPruneResult
        ``tree`` (a new tree; node ids kept, a raised subtree keeps its ids) and ``steps``.

    Examples
    --------
    >>> from dtlearn import C45Classifier, load_play_tennis
    >>> model = C45Classifier(prune=False).fit(*load_play_tennis(numeric=True))
    >>> result = pessimistic_prune(model)
    >>> [str(s).split(" (")[0] for s in result.steps if s.phase == "prune"]
    ['node 1: kept', 'node 3: kept', 'node 0: kept']
    >>> print(result.tree.to_text(style="weka"))
    outlook = sunny
    |   humidity <= 75: yes (2.0)
    |   humidity > 75: no (3.0)
    outlook = overcast: yes (4.0)
    outlook = rainy
    |   windy = TRUE: no (2.0)
    |   windy = FALSE: yes (3.0)
    """
    if isinstance(confidence, (bool, np.bool_)) or not (
        isinstance(confidence, (int, float)) and 0 < confidence <= 1
    ):
        raise ValueError(f"confidence must be a number in (0, 1], got {confidence!r}")
    tree, data, parts = _inputs(model_or_tree, X, y, sample_weight, need_data=bool(subtree_raising))
    root = _work_tree(tree, data, parts)
    steps: list = []
    cf, raising = _java_float(confidence), bool(subtree_raising)
    if collapse_first:
        _collapse(root, steps)
    _prune(root, data, cf, raising, float(confidence), steps)
    # the intermediate trees are recorded only when read (the stepper): by a replay
    replay = _Replay(tree, data, parts, cf, raising, float(confidence), bool(collapse_first))
    return PessimisticPruneResult(
        _to_tree(root, tree), tuple(steps), float(confidence), raising, replay
    )


def _inputs(
    model_or_tree: Any, X: Any, y: Any, sample_weight: Any, need_data: bool
) -> tuple[Tree, _Data | None, dict | None]:
    from ..data import encode, encode_target

    if isinstance(model_or_tree, Tree):
        tree = model_or_tree
        if not tree.is_classifier:
            raise ValueError("model_or_tree: pessimistic pruning needs a classification tree")
        if X is None or y is None:
            if need_data:
                raise ValueError(
                    "X and y are needed to prune a bare Tree with subtree "
                    "raising (pass subtree_raising=False to prune with the "
                    "tree's own counts)"
                )
            return tree, None, None
        Xe = encode(X, tree.schema)
        codes, _ = encode_target(y, Xe.shape[0], classes=tree.classes)
        w = np.ones(len(codes)) if sample_weight is None else np.asarray(sample_weight, dtype=float)
        return tree, _Data(Xe, codes, w, len(tree.classes)), None
    grown = getattr(model_or_tree, "grown_tree_", None)
    train = getattr(model_or_tree, "_train_data", None)
    if grown is not None and train is None:
        raise ValueError(
            "model_or_tree: this C45Classifier holds no training data (a model "
            "loaded from a file keeps none); prune its grown_tree_ with X and y "
            "instead: pessimistic_prune(model.grown_tree_, X=X, y=y)"
        )
    if grown is None or train is None:
        raise TypeError(
            "model_or_tree must be a fitted C45Classifier or a Tree, got "
            f"{type(model_or_tree).__name__}"
        )
    Xe, codes, w = train
    # the rows and weights growth sent to every node (C45Classifier records them)
    parts = getattr(model_or_tree, "_grown_parts", None)
    return grown, _Data(Xe, codes, w, len(grown.classes)), parts
