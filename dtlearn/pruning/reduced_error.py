# About 380 logical lines: one idea, reduced-error pruning: its step and result values and the two passes that decide alike (rows routed once, or predicting).
"""Reduced-error pruning, step by step (Quinlan 1987; Mitchell 1997, ch. 3).

:func:`reduced_error_prune` visits the inner nodes bottom up and replaces a subtree by a
leaf (labelled with the subtree's training majority) whenever the validation error does
not increase; passes repeat until one prunes nothing. Every visit is a
:class:`ReducedErrorStep` (a :class:`~dtlearn.steps.Step`), so a notebook or a widget can
replay the decisions. Cost-complexity pruning lives in :mod:`dtlearn.pruning.cost_complexity` and
is re-exported here.

The original model or tree is never changed: pruned trees are copies
(:meth:`dtlearn.tree.Tree.with_leaves_at`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..data import python_scalar
from ..explain import Derivation, ResultTable, ShowsTable
from ..formatting import plural
from ..splits import UNKNOWN
from ..steps import StepDefaults
from ..tree import Node, Tree
from .cost_complexity import (
    CCPStep,
    CostComplexityPath,
    cost_complexity_path,
    cost_complexity_prune,
)
from .tree_access import (
    inner_nodes_bottom_up,
    root_paths,
    rows_reaching,
    tree_and_model,
    validation_arrays,
    with_tree,
)

__all__ = [
    "CCPStep",
    "CostComplexityPath",
    "ReducedErrorPruning",
    "ReducedErrorStep",
    "cost_complexity_path",
    "cost_complexity_prune",
    "reduced_error_prune",
]


def _test_text(node: Node, tree: Tree) -> str:
    """Short description of an inner node's test: ``humidity`` or ``petal <= 2.45``."""
    if node.split is None:
        return "leaf"
    if node.split.kind == "multiway":
        return tree.schema.names[node.split.features[0]]
    return node.split.conditions(tree.schema)[0]


def _errors(tree: Tree, Xe: np.ndarray, codes: np.ndarray) -> int:
    """Rows the tree's own predictions get wrong (the cheapest class under a cost matrix)."""
    return int((tree.label_indices(tree.predict_values(Xe, encoded=True)) != codes).sum())


def _label(tree: Tree, node: Node) -> Any:
    return tree.classes[node.predicted_index] if tree.classes is not None else float(node.value[0])


# ---------------------------------------------------------------------- reduced-error pruning
@dataclass(frozen=True)
class ReducedErrorStep(StepDefaults):
    """One visit of reduced-error pruning to an inner node: prune it or keep it (a Step).

    Attributes
    ----------
    pass_number : int
        Which bottom-up pass (1, 2, ...); the last pass prunes nothing.
    node_id : int
        The node visited.
    path : tuple of str
        Conditions from the root down to the node.
    test : str
        The node's own test (what pruning removes).
    leaf_label : object
        The training majority of the node: the label of the leaf that would replace it.
    n_subtree_leaves : int
        Leaves of the subtree at the time of the visit.
    n_reaching : int
        Validation rows that reach the node.
    subtree_errors, leaf_errors : int
        Errors on those rows of the subtree and of the replacing leaf.
    errors_before, errors_after : int
        Validation errors of the whole tree as it is, and with the node made a leaf.
    n_validation : int
        Number of validation rows.
    pruned : bool
        Whether the node was made a leaf (``errors_after <= errors_before``).
    """

    pass_number: int
    node_id: int
    path: tuple[str, ...]
    test: str
    leaf_label: Any
    n_subtree_leaves: int
    n_reaching: int
    subtree_errors: int
    leaf_errors: int
    errors_before: int
    errors_after: int
    n_validation: int
    pruned: bool

    kind = "reduced-error"

    @property
    def condition(self) -> str:
        """The test on the branch leading to the node (``"root"`` at the root)."""
        return self.path[-1] if self.path else "root"

    @property
    def decision(self) -> str:
        """``"pruned"`` or ``"kept"``."""
        return "pruned" if self.pruned else "kept"

    action = decision

    @property
    def reason(self) -> str:
        """The comparison that decided, in words.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> X, y = load_play_tennis()
        >>> reduced_error_prune(ID3Classifier().fit(X, y), X[::2], y[::2]).steps[0].reason
        "validation errors 0 → 2 with a leaf 'no'"
        """
        return (
            f"validation errors {self.errors_before} → {self.errors_after} with a leaf "
            f"{self.leaf_label!r}"
        )

    @property
    def before(self) -> dict:
        """Validation errors of the whole tree and leaves of the subtree, as it is."""
        return {"errors": self.errors_before, "subtree_leaves": self.n_subtree_leaves}

    @property
    def after(self) -> dict:
        """The same with the node made a leaf (what pruning would give)."""
        return {"errors": self.errors_after, "subtree_leaves": 1}

    def explain(self) -> Derivation:
        """Work out the comparison behind the decision, as a worked :class:`Derivation`.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> X, y = load_play_tennis()
        >>> model = ID3Classifier().fit(X, y)
        >>> step = reduced_error_prune(model, X[:7], y[:7]).steps[0]
        >>> print(step.explain().lines[0].text)
        validation rows reaching node 1 (outlook = sunny): 2
        """
        where = " AND ".join(self.path) if self.path else "the root"
        verdict = (
            "prune: the error does not increase"
            if self.pruned
            else "keep: pruning would add errors"
        )
        sign = "<=" if self.pruned else ">"
        # the node named as the stepper's status names it (step_summary): id [branch]
        named = f"node {self.node_id}" + (f" [{self.condition}]" if self.condition else "")
        return Derivation.build(
            f"{named}: replace the test on {self.test} by a leaf {self.leaf_label!r}?",
            [
                (
                    f"validation rows reaching node {self.node_id} ({where}): {self.n_reaching}",
                    "",
                    "",
                    "",
                    True,
                ),
                (
                    f"errors of the subtree = {self.subtree_errors}",
                    "",
                    f"its {self.n_subtree_leaves} leaves on those rows",
                ),
                (
                    f"errors of leaf {self.leaf_label!r} = {self.leaf_errors}",
                    "",
                    "training majority of the node",
                ),
                (f"tree errors = {self.errors_before} / {self.n_validation} now", ""),
                (f"= {self.errors_after} / {self.n_validation} with the leaf", ""),
                (f"{self.errors_after} {sign} {self.errors_before}: {verdict}", "", "", "", True),
            ],
        )

    def __str__(self) -> str:
        """Plain text (what notebooks show as ``text/plain``)."""
        return (
            f"pass {self.pass_number}, node {self.node_id} [{self.condition}] "
            f"test {self.test}: validation errors {self.errors_before} -> "
            f"{self.errors_after} with leaf {self.leaf_label!r}: {self.decision}"
        )

    __repr__ = __str__

    def _repr_markdown_(self) -> str:
        return self.explain()._repr_markdown_()

    def _repr_html_(self) -> str:
        return self.explain()._repr_html_()

    def details(self) -> dict:
        """The visit's own numbers, added to :meth:`to_dict`."""
        return {
            "pass": self.pass_number,
            "path": list(self.path),
            "test": self.test,
            "leaf_label": python_scalar(self.leaf_label),
            "n_subtree_leaves": self.n_subtree_leaves,
            "n_reaching": self.n_reaching,
            "subtree_errors": self.subtree_errors,
            "leaf_errors": self.leaf_errors,
            "errors_before": self.errors_before,
            "errors_after": self.errors_after,
            "n_validation": self.n_validation,
            "decision": self.decision,
        }


_STEP_COLUMNS = (
    "pass",
    "node",
    "condition",
    "test",
    "leaf",
    "rows",
    "subtree err",
    "leaf err",
    "tree err before",
    "tree err after",
    "decision",
)


@dataclass(frozen=True, repr=False)
class ReducedErrorPruning(ShowsTable):
    """Result of :func:`reduced_error_prune`.

    Attributes
    ----------
    model : estimator or Tree
        The pruned copy: an estimator of the same type as the one given (with the pruned
        ``tree_``), or a :class:`~dtlearn.tree.Tree` when a tree was given.
    tree : Tree
        The pruned tree.
    original : Tree
        The tree before pruning (not modified).
    steps : tuple of ReducedErrorStep
        Every visit, in order.
    errors_before, errors_after : int
        Validation errors of the original and of the pruned tree.
    n_validation : int
        Number of validation rows.
    """

    model: Any
    tree: Tree
    original: Tree
    steps: tuple[ReducedErrorStep, ...]
    errors_before: int
    errors_after: int
    n_validation: int

    def state_after(self, k: int) -> Tree:
        """The tree after the first ``k`` steps (``k = len(steps)``: the pruned tree).

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> X, y = load_play_tennis()
        >>> result = reduced_error_prune(ID3Classifier().fit(X, y), X[::2], y[::2])
        >>> [result.state_after(k).n_leaves for k in range(len(result.steps) + 1)]
        [5, 5, 4, 4, 4, 4]
        """
        return self.original.with_leaves_at([s.node_id for s in self.steps[:k] if s.pruned])

    @property
    def pruned_nodes(self) -> tuple[int, ...]:
        """Ids of the nodes made leaves, in pruning order."""
        return tuple(s.node_id for s in self.steps if s.pruned)

    def table(self, pruned_only: bool = False) -> ResultTable:
        """Return the steps as a :class:`~dtlearn.explain.ResultTable` (one row per visit)."""
        rows = [
            (
                s.pass_number,
                s.node_id,
                s.condition,
                s.test,
                str(s.leaf_label),
                s.n_reaching,
                s.subtree_errors,
                s.leaf_errors,
                s.errors_before,
                s.errors_after,
                s.decision,
            )
            for s in self.steps
            if s.pruned or not pruned_only
        ]
        return ResultTable(_STEP_COLUMNS, tuple(rows), caption=self.summary())

    def summary(self) -> str:
        """One line: sizes and validation errors before and after."""
        return (
            f"reduced-error pruning: {self.original.n_nodes} -> "
            f"{plural(self.tree.n_nodes, 'node')}, {self.original.n_leaves} -> "
            f"{plural(self.tree.n_leaves, 'leaf', 'leaves')}; validation errors "
            f"{self.errors_before} -> {self.errors_after} of {self.n_validation}"
        )

    def to_dict(self) -> dict:
        """Plain JSON-ready form (the pruned tree as :meth:`Tree.to_dict`)."""
        return {
            "summary": self.summary(),
            "errors_before": self.errors_before,
            "errors_after": self.errors_after,
            "n_validation": self.n_validation,
            "steps": [s.to_dict() for s in self.steps],
            "tree": self.tree.to_dict(),
        }


def reduced_error_prune(model_or_tree: Any, X_val: Any, y_val: Any) -> ReducedErrorPruning:
    """Reduced-error pruning with a validation set (Quinlan 1987; Mitchell 1997, ch. 3).

    Inner nodes are visited bottom up (children before parents, branches left to right).
    A node is replaced by a leaf labelled with its *training* majority whenever the
    validation error of the whole tree does not increase (``after <= before``; a subtree
    that no validation row reaches is therefore pruned). Passes repeat until one prunes
    nothing, so in the result pruning any remaining inner node would add errors.

    Parameters
    ----------
    model_or_tree : fitted classifier or Tree
        A fitted dtlearn classifier (its ``tree_`` is used) or a classification Tree.
        It is not modified.
    X_val : table
        Validation features, with the same columns as the training data.
    y_val : sequence
        Validation labels (every label must be one of the model's classes).

    Returns
    -------
    ReducedErrorPruning
        ``.model`` (pruned copy), ``.tree``, ``.steps`` (one :class:`ReducedErrorStep` per visit).

    Raises
    ------
    ValueError
        Unknown columns in ``X_val``, labels in ``y_val`` the model does not know, empty
        validation data, or a regression tree.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_vote
    >>> from dtlearn.pruning.curves import train_validation_test_split
    >>> X, y = load_vote()
    >>> keep = X.notna().all(axis=1)  # ID3 needs complete rows
    >>> X_tr, X_va, X_te, y_tr, y_va, y_te = train_validation_test_split(X[keep], y[keep])
    >>> model = ID3Classifier().fit(X_tr, y_tr)
    >>> result = reduced_error_prune(model, X_va, y_va)
    >>> result.summary()
    'reduced-error pruning: 19 -> 3 nodes, 10 -> 2 leaves; validation errors 1 -> 0 of 47'
    >>> print(result.tree.to_rules())
    IF physician-fee-freeze = n THEN Class = democrat
    IF physician-fee-freeze = y THEN Class = republican
    IF physician-fee-freeze not in {n, y} THEN Class = democrat
    >>> round(model.score(X_te, y_te), 3), round(result.model.score(X_te, y_te), 3)
    (0.935, 0.978)
    >>> model.tree_.n_nodes  # the original is unchanged
    19
    """
    tree, model = tree_and_model(model_or_tree)
    if tree.classes is None:
        raise ValueError(
            "model_or_tree: reduced_error_prune needs a classification tree "
            "(this one predicts numbers)"
        )
    Xe, codes = validation_arrays(tree, X_val, y_val)
    n = len(codes)
    if tree.missing == "majority":
        start, cut, steps, errors = _prune_routed_once(tree, Xe, codes)
        current = tree.with_leaves_at(cut)
    else:
        start = _errors(tree, Xe, codes)
        current, steps, errors = _prune_by_predicting(tree, Xe, codes, start)
    pruned_model = current if model is None else with_tree(model, current)
    return ReducedErrorPruning(pruned_model, current, tree, tuple(steps), start, errors, n)


def _prune_routed_once(tree: Tree, Xe: np.ndarray, codes: np.ndarray) -> tuple:
    """Reduced-error pruning when every row follows one path (``missing="majority"``).

    Each validation row is routed once, to the node where it stops. Nodes are numbered
    in pre-order, so a subtree is a range of positions and every count over the rows
    reaching a node (how many, how many of each class, how many the tree gets wrong) is a
    difference of two prefix sums. Pruning node t changes the predictions of exactly the
    rows reaching it, so the errors of t's subtree become its leaf errors and that
    difference is added to t's ancestors. Same visits, numbers and decisions as
    predicting with every candidate tree (a row's prediction is the distribution of the
    node it stops at). Returns ``(errors before, cut node ids, steps, errors after)``.
    """
    nodes, parent = tree.nodes_and_parents()
    m, k = len(nodes), len(tree.classes)
    first, order = _children_of(parent)
    end = np.empty(len(codes), dtype=np.int64)
    stack = [(0, np.arange(len(codes)))]
    while stack:
        i, rows = stack.pop()
        if not rows.size:
            continue
        if first[i] == first[i + 1]:
            end[rows] = i
            continue
        branch = nodes[i].split.route(Xe[rows])
        end[rows[branch == UNKNOWN]] = i
        for b, c in enumerate(order[first[i] : first[i + 1]]):
            stack.append((c, rows[branch == b]))
    size = [1] * m
    parents = parent.tolist()
    for i in range(m - 1, 0, -1):
        size[parents[i]] += size[i]
    lo = np.arange(m)
    hi = lo + np.array(size)

    def in_subtree(counts: np.ndarray) -> np.ndarray:
        total = np.concatenate(
            (np.zeros((1,) + counts.shape[1:], dtype=np.int64), np.cumsum(counts, axis=0))
        )
        return total[hi] - total[lo]

    values = np.array([n.value for n in nodes], dtype=float)
    correct = tree.label_indices(values)[end] == codes
    reach = in_subtree(np.bincount(end, minlength=m)).tolist()
    wrong = in_subtree(np.bincount(end[~correct], minlength=m)).tolist()
    by_class = in_subtree(np.bincount(end * k + codes, minlength=m * k).reshape(m, k))
    label = values.argmax(axis=1)  # Node.predicted_index
    for i, n in enumerate(nodes):
        if n.label is not None:
            label[i] = n.label
    leaf_errors = (np.array(reach) - by_class[lo, label]).tolist()
    leaves = in_subtree((np.array(size) == 1).astype(np.int64)).tolist()
    bottom_up = _post_order(first, order)
    conditions = {t: nodes[t].split.conditions(tree.schema) for t in bottom_up}
    paths: dict[int, tuple[str, ...]] = {0: ()}
    for t in sorted(bottom_up)[1:]:  # pre-order: a parent's path comes first
        p = parents[t]
        paths[t] = paths[p] + (conditions[p][order.index(t, first[p], first[p + 1]) - first[p]],)
    cut: list[int] = []
    gone = np.zeros(m, dtype=bool)  # made a leaf, or below one
    errors = start = int((~correct).sum())
    steps: list[ReducedErrorStep] = []
    texts: dict[int, tuple] = {}
    pass_number = 0
    while True:
        pass_number += 1
        changed = False
        for t in [t for t in bottom_up if not gone[t]]:
            node = nodes[t]
            nid = node.node_id
            if t not in texts:
                test = (
                    tree.schema.names[node.split.features[0]]
                    if node.split.kind == "multiway"
                    else conditions[t][0]
                )  # _test_text
                texts[t] = (paths[t], test, tree.classes[label[t]])
            after = errors - wrong[t] + leaf_errors[t]
            prune = after <= errors
            steps.append(
                ReducedErrorStep(
                    pass_number,
                    nid,
                    *texts[t],
                    leaves[t],
                    reach[t],
                    wrong[t],
                    leaf_errors[t],
                    errors,
                    after,
                    len(codes),
                    prune,
                )
            )
            if prune:
                cut.append(nid)
                gone[t : hi[t]] = True
                fewer, better = leaves[t] - 1, wrong[t] - leaf_errors[t]
                j = t
                while j != -1:
                    leaves[j] -= fewer
                    wrong[j] -= better
                    j = parents[j]
                errors, changed = after, True
        if not changed:
            return start, cut, steps, errors


def _children_of(parent: np.ndarray) -> tuple[list[int], list[int]]:
    """``(first, order)``: node ``i``'s children are ``order[first[i]:first[i + 1]]``."""
    order = np.argsort(parent[1:], kind="stable") + 1
    first = np.searchsorted(parent[order], np.arange(len(parent) + 1))
    return first.tolist(), order.tolist()


def _post_order(first: list[int], order: list[int]) -> list[int]:
    """Inner nodes, children before parents, branches left to right (pre-order positions)."""
    out: list[int] = []
    stack = [(0, False)]
    while stack:
        i, done = stack.pop()
        if first[i] == first[i + 1]:
            continue
        if done:
            out.append(i)
            continue
        stack.append((i, True))
        stack.extend((c, False) for c in reversed(order[first[i] : first[i + 1]]))
    return out


def _prune_by_predicting(tree: Tree, Xe: np.ndarray, codes: np.ndarray, start: int) -> tuple:
    """Reduced-error pruning by predicting with every candidate tree (``"distribute"``).

    A row with an unknown value goes down every branch, so pruning a node can change
    predictions of rows that reach it only in part: each candidate is scored whole.
    Returns ``(pruned tree, steps, errors)``.
    """
    n = len(codes)
    paths, reach = root_paths(tree), rows_reaching(tree, Xe)
    by_id = {n.node_id: n for n in tree.nodes()}
    cut: list[int] = []
    current = tree.copy()
    errors = start
    steps: list[ReducedErrorStep] = []
    pass_number = 0
    while True:
        pass_number += 1
        changed = False
        for node in inner_nodes_bottom_up(current):
            nid = node.node_id
            label_index = node.predicted_index
            leaf_errors = int((reach[nid] & (codes != label_index)).sum())
            candidate = tree.with_leaves_at(cut + [nid])
            after = _errors(candidate, Xe, codes)
            prune = after <= errors
            steps.append(
                ReducedErrorStep(
                    pass_number,
                    nid,
                    paths[nid],
                    _test_text(node, tree),
                    _label(tree, node),
                    _leaves_below(by_id[nid], set(cut)),
                    int(reach[nid].sum()),
                    leaf_errors - (after - errors),
                    leaf_errors,
                    errors,
                    after,
                    n,
                    prune,
                )
            )
            if prune:
                cut.append(nid)
                current = candidate
                errors, changed = after, True
        if not changed:
            return current, steps, errors


def _leaves_below(node: Node, cut: set) -> int:
    """Leaves of the subtree at ``node`` once the nodes in ``cut`` are leaves."""
    count, stack = 0, list(node.children)
    while stack:
        n = stack.pop()
        if n.is_leaf or n.node_id in cut:
            count += 1
        else:
            stack.extend(n.children)
    return count
