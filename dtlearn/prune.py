"""Post-pruning, step by step: reduced-error pruning and cost-complexity (weakest-link) pruning.

Each pruner returns a frozen result holding the pruned model *and the decisions that made
it*, so that a notebook or a widget can replay them:

* :func:`reduced_error_prune` (Quinlan 1987; Mitchell ch. 3): visit the inner nodes bottom
  up and replace a subtree by a leaf (labelled with the subtree's training majority)
  whenever the validation error does not increase; repeat until a whole pass prunes
  nothing. Every visit is a :class:`PruneStep`.
* :func:`cost_complexity_path` (Breiman et al. 1984, scikit-learn's
  ``cost_complexity_pruning_path``): collapse the weakest link, the inner node with the
  smallest effective alpha, one node at a time, down to the root. Every collapse is a
  :class:`CCPStep` with the alpha of every candidate. :func:`cost_complexity_prune` cuts a
  tree at one alpha (``CARTClassifier(ccp_alpha=...)`` calls it).

The original model or tree is never changed: pruned trees are copies
(:meth:`dtlearn.tree.Tree.with_leaves_at`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from .data import encode, encode_numeric_target, encode_target, python_scalar
from .explain import Derivation, ResultTable, ShowsTable, fmt
from .splits import UNKNOWN
from .tree import Node, Tree, plural

__all__ = ["CCPStep", "CostComplexityPath", "PruneStep", "ReducedErrorPruning",
           "cost_complexity_path", "cost_complexity_prune", "reduced_error_prune"]


# ---------------------------------------------------------------------- shared helpers
def _split_model(model_or_tree: Any, arg: str = "model_or_tree") -> tuple[Tree, Any]:
    """``(tree, model)`` from a fitted dtlearn model (model set) or a Tree (model None)."""
    if isinstance(model_or_tree, Tree):
        return model_or_tree, None
    tree = getattr(model_or_tree, "tree_", None)
    if isinstance(tree, Tree):
        return tree, model_or_tree
    if hasattr(model_or_tree, "get_params"):
        raise ValueError(f"{arg}: this {type(model_or_tree).__name__} is not fitted yet; "
                         f"call fit(X, y) first")
    raise TypeError(f"{arg} must be a fitted dtlearn model or a dtlearn Tree, got "
                    f"{type(model_or_tree).__name__}")


def _with_tree(model: Any, tree: Tree) -> Any:
    """Return a copy of the fitted estimator ``model`` whose ``tree_`` is ``tree``."""
    new = type(model)(**model.get_params())
    for key, value in vars(model).items():
        if key.endswith("_") and not key.startswith("_"):
            setattr(new, key, value.copy() if isinstance(value, np.ndarray) else value)
    new.tree_ = tree
    return new


def _encode_X(tree: Tree, X: Any, arg: str) -> np.ndarray:
    """Encode validation features for ``tree`` (columns checked and put in order)."""
    return encode(X, tree.schema, arg=arg)


def _encode_y(tree: Tree, y: Any, n_rows: int, arg: str) -> np.ndarray:
    """Class codes in the tree's class order (unseen labels are a ValueError), or floats."""
    if tree.classes is None:
        return encode_numeric_target(y, n_rows, arg=arg)
    codes, _ = encode_target(y, n_rows, classes=tree.classes, arg=arg)
    return codes


def _validation(tree: Tree, X: Any, y: Any, xarg: str = "X_val", yarg: str = "y_val"
                ) -> tuple[np.ndarray, np.ndarray]:
    if X is None or y is None:
        raise ValueError(f"{xarg} and {yarg} are needed (validation data)")
    Xe = _encode_X(tree, X, xarg)
    return Xe, _encode_y(tree, y, Xe.shape[0], yarg)


def _paths(tree: Tree) -> dict[int, tuple[str, ...]]:
    """Conditions on the way from the root to every node."""
    out: dict[int, tuple[str, ...]] = {}
    for node, parent, branch in tree.nodes_with_depth_first_parents():
        if parent is None:
            out[node.node_id] = ()
        else:
            out[node.node_id] = out[parent.node_id] + (
                parent.split.conditions(tree.schema)[branch],)
    return out


def _test_text(node: Node, tree: Tree) -> str:
    """Short description of an inner node's test: ``humidity`` or ``petal <= 2.45``."""
    if node.split is None:
        return "leaf"
    if node.split.kind == "multiway":
        return tree.schema.names[node.split.features[0]]
    return node.split.conditions(tree.schema)[0]


def _postorder_inner(tree: Tree) -> list[Node]:
    """Inner nodes, children before parents, branches left to right."""
    out: list[Node] = []
    stack: list[tuple[Node, bool]] = [(tree.root, False)]
    while stack:
        node, done = stack.pop()
        if node.is_leaf:
            continue
        if done:
            out.append(node)
            continue
        stack.append((node, True))
        stack.extend((c, False) for c in reversed(node.children))
    return out


def _reach(tree: Tree, Xe: np.ndarray) -> dict[int, np.ndarray]:
    """Return, for every node, which rows of ``Xe`` reach it.

    An unknown test value stops a row at that node under ``missing="majority"`` and sends
    it down every branch otherwise.
    """
    out: dict[int, np.ndarray] = {}
    stack = [(tree.root, np.ones(Xe.shape[0], dtype=bool))]
    while stack:
        node, mask = stack.pop()
        out[node.node_id] = mask
        if node.is_leaf:
            continue
        branch = node.split.route(Xe)
        unknown = (branch == UNKNOWN) & mask if tree.missing == "distribute" else \
            np.zeros_like(mask)
        for b, child in enumerate(node.children):
            stack.append((child, (mask & (branch == b)) | unknown))
    return out


def _errors(tree: Tree, Xe: np.ndarray, codes: np.ndarray) -> int:
    """Rows the tree's own predictions get wrong (the cheapest class under a cost matrix)."""
    return int((tree.label_indices(tree.predict_values(Xe, encoded=True)) != codes).sum())


def _label(tree: Tree, node: Node) -> Any:
    return tree.classes[node.predicted_index] if tree.classes is not None \
        else float(node.value[0])


# ---------------------------------------------------------------------- reduced-error pruning
@dataclass(frozen=True)
class PruneStep:
    """One visit of reduced-error pruning to an inner node: prune it or keep it.

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

    @property
    def condition(self) -> str:
        """The test on the branch leading to the node (``"root"`` at the root)."""
        return self.path[-1] if self.path else "root"

    @property
    def decision(self) -> str:
        """``"pruned"`` or ``"kept"``."""
        return "pruned" if self.pruned else "kept"

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
        verdict = ("prune: the error does not increase" if self.pruned
                   else "keep: pruning would add errors")
        sign = "<=" if self.pruned else ">"
        return Derivation.build(
            f"node {self.node_id}: replace the test on {self.test} by a leaf "
            f"{self.leaf_label!r}?",
            [(f"validation rows reaching node {self.node_id} ({where}): {self.n_reaching}",
              "", "", "", True),
             (f"errors of the subtree = {self.subtree_errors}", "",
              f"its {self.n_subtree_leaves} leaves on those rows"),
             (f"errors of leaf {self.leaf_label!r} = {self.leaf_errors}", "",
              "training majority of the node"),
             (f"tree errors = {self.errors_before} / {self.n_validation} now", ""),
             (f"= {self.errors_after} / {self.n_validation} with the leaf", ""),
             (f"{self.errors_after} {sign} {self.errors_before}: {verdict}", "", "", "",
              True)])

    def __str__(self) -> str:
        """Plain text (what notebooks show as ``text/plain``)."""
        return (f"pass {self.pass_number}, node {self.node_id} [{self.condition}] "
                f"test {self.test}: validation errors {self.errors_before} -> "
                f"{self.errors_after} with leaf {self.leaf_label!r}: {self.decision}")

    __repr__ = __str__

    def _repr_markdown_(self) -> str:
        return self.explain()._repr_markdown_()

    def _repr_html_(self) -> str:
        return self.explain()._repr_html_()

    def to_dict(self) -> dict:
        """Plain JSON-ready form."""
        return {"pass": self.pass_number, "node_id": self.node_id, "path": list(self.path),
                "test": self.test, "leaf_label": python_scalar(self.leaf_label),
                "n_subtree_leaves": self.n_subtree_leaves, "n_reaching": self.n_reaching,
                "subtree_errors": self.subtree_errors, "leaf_errors": self.leaf_errors,
                "errors_before": self.errors_before, "errors_after": self.errors_after,
                "n_validation": self.n_validation, "decision": self.decision}


_STEP_COLUMNS = ("pass", "node", "condition", "test", "leaf", "rows", "subtree err",
                 "leaf err", "tree err before", "tree err after", "decision")


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
    steps : tuple of PruneStep
        Every visit, in order.
    errors_before, errors_after : int
        Validation errors of the original and of the pruned tree.
    n_validation : int
        Number of validation rows.
    """

    model: Any
    tree: Tree
    original: Tree
    steps: tuple[PruneStep, ...]
    errors_before: int
    errors_after: int
    n_validation: int

    @property
    def pruned_nodes(self) -> tuple[int, ...]:
        """Ids of the nodes made leaves, in pruning order."""
        return tuple(s.node_id for s in self.steps if s.pruned)

    def table(self, pruned_only: bool = False) -> ResultTable:
        """Return the steps as a :class:`~dtlearn.explain.ResultTable` (one row per visit)."""
        rows = [(s.pass_number, s.node_id, s.condition, s.test, str(s.leaf_label),
                 s.n_reaching, s.subtree_errors, s.leaf_errors, s.errors_before,
                 s.errors_after, s.decision)
                for s in self.steps if s.pruned or not pruned_only]
        return ResultTable(_STEP_COLUMNS, tuple(rows), caption=self.summary())

    def summary(self) -> str:
        """One line: sizes and validation errors before and after."""
        return (f"reduced-error pruning: {self.original.n_nodes} -> "
                f"{plural(self.tree.n_nodes, 'node')}, {self.original.n_leaves} -> "
                f"{plural(self.tree.n_leaves, 'leaf', 'leaves')}; validation errors "
                f"{self.errors_before} -> {self.errors_after} of {self.n_validation}")


    def to_dict(self) -> dict:
        """Plain JSON-ready form (the pruned tree as :meth:`Tree.to_dict`)."""
        return {"summary": self.summary(), "errors_before": self.errors_before,
                "errors_after": self.errors_after, "n_validation": self.n_validation,
                "steps": [s.to_dict() for s in self.steps], "tree": self.tree.to_dict()}


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
        ``.model`` (pruned copy), ``.tree``, ``.steps`` (one :class:`PruneStep` per visit).

    Raises
    ------
    ValueError
        Unknown columns in ``X_val``, labels in ``y_val`` the model does not know, empty
        validation data, or a regression tree.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_vote
    >>> from dtlearn.curves import train_validation_test_split
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
    >>> round(model.score(X_te, y_te), 3), round(result.model.score(X_te, y_te), 3)
    (0.935, 0.978)
    >>> model.tree_.n_nodes  # the original is unchanged
    19
    """
    tree, model = _split_model(model_or_tree)
    if tree.classes is None:
        raise ValueError("model_or_tree: reduced_error_prune needs a classification tree "
                         "(this one predicts numbers)")
    Xe, codes = _validation(tree, X_val, y_val)
    n = len(codes)
    paths, reach = _paths(tree), _reach(tree, Xe)
    by_id = {n.node_id: n for n in tree.nodes()}
    cut: list[int] = []
    current = tree.copy()
    errors = start = _errors(tree, Xe, codes)
    # With missing="majority" every row follows one path, so pruning a node changes the
    # predictions of exactly the rows reaching it: errors can be updated locally.
    fast = tree.missing == "majority"
    correct = tree.label_indices(tree.predict_values(Xe, encoded=True)) == codes
    steps: list[PruneStep] = []
    pass_number = 0
    while True:
        pass_number += 1
        changed = False
        for node in _postorder_inner(current):
            nid = node.node_id
            label_index = node.predicted_index
            leaf_errors = int((reach[nid] & (codes != label_index)).sum())
            if fast:  # only the rows reaching the node change their prediction
                after = errors - int((reach[nid] & ~correct).sum()) + leaf_errors
                candidate = None
            else:
                candidate = tree.with_leaves_at(cut + [nid])
                after = _errors(candidate, Xe, codes)
            prune = after <= errors
            steps.append(PruneStep(
                pass_number, nid, paths[nid], _test_text(node, tree), _label(tree, node),
                _leaves_below(by_id[nid], set(cut)), int(reach[nid].sum()),
                leaf_errors - (after - errors), leaf_errors, errors, after, n, prune))
            if prune:
                cut.append(nid)
                if fast:
                    correct[reach[nid]] = codes[reach[nid]] == label_index
                else:
                    current = candidate
                errors, changed = after, True
        if fast:
            current = tree.with_leaves_at(cut)
        if not changed:
            break
    pruned_model = current if model is None else _with_tree(model, current)
    return ReducedErrorPruning(pruned_model, current, tree, tuple(steps), start, errors, n)


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


# ---------------------------------------------------------------------- cost-complexity
@dataclass(frozen=True)
class CCPStep:
    """One collapse of the weakest link in cost-complexity pruning.

    Attributes
    ----------
    index : int
        Position in the path (1 for the first collapse; entry 0 is the full tree).
    node_id : int
        The node made a leaf.
    path : tuple of str
        Conditions from the root down to it.
    alpha : float
        Its effective alpha, ``(r(t) - R(T_t)) / (|T_t| - 1)`` — the smallest of all
        candidates.
    node_risk : float
        ``r(t) = w_t · I(t) / w_root``: the node's risk were it a leaf.
    branch_risk : float
        ``R(T_t)``: the sum of ``r`` over the subtree's leaves.
    n_leaves : int
        ``|T_t|``, leaves of the subtree.
    impurity_after : float
        ``R(T)`` of the whole tree after the collapse (scikit-learn's ``impurities``).
    n_leaves_after : int
        Leaves of the whole tree after the collapse.
    candidates : tuple of tuple
        ``(node_id, r(t), R(T_t), |T_t|, alpha_eff)`` for every inner node of the tree
        before the collapse, in node order (pre-order).
    """

    index: int
    node_id: int
    path: tuple[str, ...]
    alpha: float
    node_risk: float
    branch_risk: float
    n_leaves: int
    impurity_after: float
    n_leaves_after: int
    candidates: tuple[tuple[int, float, float, int, float], ...]

    def table(self) -> ResultTable:
        """Every candidate with its effective alpha; the weakest link highlighted."""
        rows = tuple((c[0], c[1], c[2], c[3], c[4]) for c in self.candidates)
        chosen = next(i for i, c in enumerate(self.candidates) if c[0] == self.node_id)
        return ResultTable(("node", "r(t)", "R(T_t)", "|T_t|", "alpha_eff"), rows,
                           caption=f"step {self.index}: candidates (weakest link marked)",
                           highlight_row=chosen, float_format=".6g")

    def explain(self) -> Derivation:
        """Work out the effective alpha of the collapsed node, with the candidate table.

        Examples
        --------
        >>> from dtlearn import CARTClassifier, load_play_tennis
        >>> path = cost_complexity_path(CARTClassifier().fit(*load_play_tennis()))
        >>> print(path.steps[-1].explain().lines[0].text)
        alpha_eff(node 0) = (r(t) - R(T_t)) / (|T_t| - 1)
        """
        where = " AND ".join(self.path) if self.path else "root"
        lines = [
            (f"alpha_eff(node {self.node_id}) = (r(t) - R(T_t)) / (|T_t| - 1)",
             rf"\alpha_{{\mathrm{{eff}}}}(t_{{{self.node_id}}}) = "
             r"\frac{r(t) - R(T_t)}{|T_t| - 1}"),
            (f"= ({fmt(self.node_risk, 6)} - {fmt(self.branch_risk, 6)}) / "
             f"({self.n_leaves} - 1)", ""),
            (f"= {fmt(self.alpha, 6)}", "", "the smallest: this node is the weakest link"),
            (f"R(T) after collapsing = {fmt(self.impurity_after, 6)}", "",
             f"{plural(self.n_leaves_after, 'leaf', 'leaves')} left"),
        ]
        return Derivation.build(f"step {self.index}: collapse node {self.node_id} ({where})",
                                lines, table=self.table())

    def __str__(self) -> str:
        """Plain text (what notebooks show as ``text/plain``)."""
        return (f"step {self.index}: collapse node {self.node_id} at alpha "
                f"{fmt(self.alpha, 6)} -> R(T) = {fmt(self.impurity_after, 6)}, "
                f"{plural(self.n_leaves_after, 'leaf', 'leaves')}")

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return self.explain()._repr_html_()

    def _repr_markdown_(self) -> str:
        return self.explain()._repr_markdown_()

    def to_dict(self) -> dict:
        """Plain JSON-ready form."""
        return {"index": self.index, "node_id": self.node_id, "path": list(self.path),
                "alpha": self.alpha, "node_risk": self.node_risk,
                "branch_risk": self.branch_risk, "n_leaves": self.n_leaves,
                "impurity_after": self.impurity_after, "n_leaves_after": self.n_leaves_after,
                "candidates": [list(c) for c in self.candidates]}


@dataclass(frozen=True, repr=False)
class CostComplexityPath(ShowsTable):
    """Result of :func:`cost_complexity_path`: the weakest-link pruning sequence.

    ``ccp_alphas`` and ``impurities`` mean what they mean in scikit-learn's
    ``cost_complexity_pruning_path``: entry 0 is the full tree (alpha 0); entry ``i`` is
    the tree after ``i`` collapses, with the effective alpha of the node collapsed and the
    total leaf risk ``R(T)``. The last entry is the root alone.

    Attributes
    ----------
    ccp_alphas, impurities : numpy.ndarray
        Effective alphas and total leaf risks ``R(T)``.
    n_leaves, n_nodes : numpy.ndarray
        Size of the tree at every entry.
    steps : tuple of CCPStep
        The collapses (``len(steps) == len(ccp_alphas) - 1``).
    tree : Tree
        The full tree the path starts from (not modified).
    """

    ccp_alphas: np.ndarray
    impurities: np.ndarray
    n_leaves: np.ndarray
    n_nodes: np.ndarray
    steps: tuple[CCPStep, ...]
    tree: Tree
    _cuts: tuple[int, ...] = field(default=(), repr=False)

    @cached_property
    def trees(self) -> tuple[Tree, ...]:
        """The pruned tree at every entry of the path (built on first access)."""
        return tuple(self.tree.with_leaves_at(self._cuts[:i]) for i in range(len(self.ccp_alphas)))

    def tree_at(self, alpha: float) -> Tree:
        """Return the pruned tree for ``ccp_alpha=alpha`` (same as :func:`cost_complexity_prune`)."""
        alpha = _check_alpha(alpha)
        k = 0
        while k < len(self.steps) and not alpha < self.steps[k].alpha:
            k += 1
        return self.tree.with_leaves_at(self._cuts[:k])

    def table(self) -> ResultTable:
        """One row per entry: alpha, node collapsed, R(T), leaves, nodes."""
        rows = [(0, float(self.ccp_alphas[0]), "(full tree)", float(self.impurities[0]),
                 int(self.n_leaves[0]), int(self.n_nodes[0]))]
        rows += [(s.index, s.alpha, str(s.node_id), s.impurity_after, int(self.n_leaves[s.index]),
                  int(self.n_nodes[s.index])) for s in self.steps]
        return ResultTable(("step", "alpha", "node collapsed", "R(T)", "leaves", "nodes"),
                           tuple(rows), caption="cost-complexity pruning path",
                           float_format=".6g")


    def to_dict(self) -> dict:
        """Plain JSON-ready form."""
        return {"ccp_alphas": self.ccp_alphas.tolist(), "impurities": self.impurities.tolist(),
                "n_leaves": self.n_leaves.tolist(), "n_nodes": self.n_nodes.tolist(),
                "steps": [s.to_dict() for s in self.steps]}


def _check_alpha(alpha: Any) -> float:
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float, np.integer, np.floating)):
        raise TypeError(f"alpha must be a number >= 0, got {alpha!r}")
    if math.isnan(float(alpha)) or alpha < 0:
        raise ValueError(f"alpha must be >= 0, got {alpha}")
    return float(alpha)


def _weakest_links(tree: Tree, alpha: float = np.inf, record: bool = False) -> tuple:
    """Collapse weakest links while their alpha is <= ``alpha``; scikit-learn's arithmetic.

    Nodes are numbered in pre-order (scikit-learn's node order for a depth-first tree);
    ties between equal effective alphas go to the first node in that order.
    Returns ``(cut node ids, alphas, impurities, leaves, steps)``.
    """
    nodes = list(tree.nodes())
    index = {n.node_id: i for i, n in enumerate(nodes)}
    m = len(nodes)
    parent = np.full(m, -1)
    for i, n in enumerate(nodes):
        for c in n.children:
            parent[index[c.node_id]] = i
    total = nodes[0].n_samples
    r_node = np.array([n.n_samples * n.impurity / total for n in nodes], dtype=float)
    leaf = np.array([n.is_leaf for n in nodes])
    r_branch = np.zeros(m)
    n_leaves = np.zeros(m, dtype=np.int64)
    for i in np.flatnonzero(leaf):
        r_branch[i] = r_node[i]
        current, j = r_node[i], i
        while j != 0:
            p = parent[j]
            r_branch[p] += current
            n_leaves[p] += 1
            j = p
    candidate = ~leaf
    alive = np.ones(m, dtype=bool)
    children = [[index[c.node_id] for c in n.children] for n in nodes]
    paths = _paths(tree) if record else {}
    cuts, alphas, risks, sizes, steps = [], [0.0], [float(r_branch[0])], [int(leaf.sum())], []
    nodes_alive = [m]
    while candidate[0]:
        inner = np.flatnonzero(candidate)
        with np.errstate(divide="ignore", invalid="ignore"):
            effective = (r_node[inner] - r_branch[inner]) / (n_leaves[inner] - 1)
        k = int(np.argmin(effective))  # first minimum: lowest pre-order index on ties
        best, eff = int(inner[k]), float(effective[k])
        if alpha < eff:
            break
        cand_rows = tuple((nodes[i].node_id, float(r_node[i]), float(r_branch[i]),
                           int(n_leaves[i]), float(e)) for i, e in zip(inner, effective)) \
            if record else ()
        stack = [best]
        while stack:
            i = stack.pop()
            if not alive[i]:
                continue
            candidate[i] = False
            alive[i] = False
            stack.extend(children[i])
        alive[best] = True
        pruned_leaves = n_leaves[best] - 1
        before_leaves, before_branch = int(n_leaves[best]), float(r_branch[best])
        n_leaves[best] = 0
        r_diff = r_node[best] - r_branch[best]
        r_branch[best] = r_node[best]
        j = parent[best]
        while j != -1:
            n_leaves[j] -= pruned_leaves
            r_branch[j] += r_diff
            j = parent[j]
        cuts.append(nodes[best].node_id)
        alphas.append(eff)
        risks.append(float(r_branch[0]))
        sizes.append(sizes[-1] - int(pruned_leaves))
        nodes_alive.append(int(alive.sum()))
        if record:
            steps.append(CCPStep(len(cuts), nodes[best].node_id, paths[nodes[best].node_id],
                                 eff, float(r_node[best]), before_branch, before_leaves,
                                 float(r_branch[0]), sizes[-1], cand_rows))
    return cuts, alphas, risks, sizes, nodes_alive, steps


def cost_complexity_path(model_or_tree: Any, X: Any = None, y: Any = None
                         ) -> CostComplexityPath:
    """Compute the cost-complexity (weakest-link) pruning path as scikit-learn does.

    The risk of a node ``t`` made a leaf is ``r(t) = w_t · I(t) / w_root`` with the growing
    criterion's impurity ``I`` (Gini, entropy in bits, or variance for regression) and
    ``w`` the (weighted) number of training rows; ``R(T_t)`` sums ``r`` over the leaves of
    the subtree at ``t``. The effective alpha of an inner node is
    ``(r(t) - R(T_t)) / (|T_t| - 1)``: the increase in total risk per leaf saved. The
    node with the smallest effective alpha (the first in pre-order on ties) is collapsed,
    the numbers of its ancestors are updated, and so on until the root is a leaf. Equal
    alphas are repeated, one entry per collapse, as in scikit-learn.

    Parameters
    ----------
    model_or_tree : estimator or Tree
        A fitted tree model or a Tree (then ``X`` and ``y`` must be ``None``). Given
        ``X`` and ``y``, a copy of the estimator is fitted on them with ``ccp_alpha=0``
        (as scikit-learn's ``cost_complexity_pruning_path(X, y)`` does).
    X, y : optional
        Training data for the fit.

    Returns
    -------
    CostComplexityPath
        ``.ccp_alphas``, ``.impurities``, ``.trees``, ``.steps``.

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_play_tennis
    >>> X, y = load_play_tennis(numeric=True)
    >>> path = cost_complexity_path(CARTClassifier(), X, y)
    >>> [round(float(a), 4) for a in path.ccp_alphas]
    [0.0, 0.1143, 0.1143, 0.1153]
    >>> path.n_leaves.tolist()
    [5, 4, 3, 1]
    >>> print(path.steps[0])
    step 1: collapse node 3 at alpha 0.114286 -> R(T) = 0.114286, 4 leaves
    """
    if isinstance(model_or_tree, Tree):
        if X is not None or y is not None:
            raise ValueError("X, y: give training data only with an estimator, not a Tree")
        tree = model_or_tree
    elif X is not None or y is not None:
        if X is None or y is None:
            raise ValueError("X and y: give both or neither")
        if not hasattr(model_or_tree, "get_params"):
            raise TypeError(f"model_or_tree must be a dtlearn estimator or a Tree, got "
                            f"{type(model_or_tree).__name__}")
        params = model_or_tree.get_params()
        if "ccp_alpha" in params:
            params["ccp_alpha"] = 0.0
        tree = type(model_or_tree)(**params).fit(X, y).tree_
    else:
        tree, _ = _split_model(model_or_tree)
    cuts, alphas, risks, sizes, counts, steps = _weakest_links(tree, record=True)
    return CostComplexityPath(np.array(alphas), np.array(risks), np.array(sizes),
                              np.array(counts), tuple(steps), tree, tuple(cuts))


def cost_complexity_prune(tree: Any, alpha: float) -> Tree:
    """Prune ``tree`` to the subtree scikit-learn keeps for ``ccp_alpha=alpha``.

    Weakest links are collapsed while their effective alpha is ``<= alpha`` (see
    :func:`cost_complexity_path`). ``alpha=0`` removes only splits that do not lower
    the total leaf impurity.

    Parameters
    ----------
    tree : Tree or fitted estimator
        The tree to prune (not modified).
    alpha : float
        Complexity parameter, >= 0.

    Returns
    -------
    Tree
        A pruned copy.

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_play_tennis
    >>> tree = CARTClassifier().fit(*load_play_tennis(numeric=True)).tree_
    >>> [cost_complexity_prune(tree, a).n_leaves for a in (0.0, 0.115, 0.2)]
    [5, 3, 1]
    """
    alpha = _check_alpha(alpha)
    tree, _ = _split_model(tree, arg="tree")
    cuts = _weakest_links(tree, alpha)[0]
    return tree.with_leaves_at(cuts)


