"""Cost-complexity (weakest-link) pruning, as scikit-learn does it (Breiman et al. 1984).

:func:`cost_complexity_path` collapses the weakest link, the inner node with the smallest
effective alpha, one node at a time, down to the root; every collapse is a
:class:`CCPStep` (a :class:`~dtlearn.steps.Step`) with the alpha of every candidate.
:func:`cost_complexity_prune` cuts a tree at one alpha (``CARTClassifier(ccp_alpha=...)``
calls it). Numbers match scikit-learn's ``cost_complexity_pruning_path``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from .explain import Derivation, ResultTable, ShowsTable, fmt
from .steps import StepDefaults
from .tree import Tree, plural
from .tree_access import root_paths, tree_and_model

__all__ = ["CCPStep", "CostComplexityPath", "cost_complexity_path", "cost_complexity_prune"]


@dataclass(frozen=True)
class CCPStep(StepDefaults):
    """One collapse of the weakest link in cost-complexity pruning (a Step).

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

    kind = "cost-complexity"
    action = "collapsed"

    @property
    def condition(self) -> str:
        """The test on the branch leading to the node (``"root"`` at the root)."""
        return self.path[-1] if self.path else "root"

    @property
    def reason(self) -> str:
        """Why this node: its effective alpha is the smallest.

        Examples
        --------
        >>> from dtlearn import CARTClassifier, load_play_tennis
        >>> path = cost_complexity_path(CARTClassifier().fit(*load_play_tennis(numeric=True)))
        >>> path.steps[0].reason
        'weakest link: alpha_eff = 0.1143, the smallest of 4 inner nodes'
        """
        return (f"weakest link: alpha_eff = {fmt(self.alpha, 4)}, the smallest of "
                f"{plural(len(self.candidates), 'inner node')}")

    @property
    def before(self) -> dict:
        """Total leaf risk ``R(T)`` and leaves of the whole tree before the collapse."""
        return {"R(T)": self.impurity_after - (self.node_risk - self.branch_risk),
                "leaves": self.n_leaves_after + self.n_leaves - 1}

    @property
    def after(self) -> dict:
        """``R(T)`` and leaves after the collapse."""
        return {"R(T)": self.impurity_after, "leaves": self.n_leaves_after}

    def table(self) -> ResultTable:
        """Every candidate with its effective alpha; the weakest link highlighted.

        Risks and alphas are shown with 4 significant digits (``to_dict`` keeps them whole).
        """
        rows = tuple((c[0], c[1], c[2], c[3], c[4]) for c in self.candidates)
        chosen = next(i for i, c in enumerate(self.candidates) if c[0] == self.node_id)
        return ResultTable(("node", "r(t)", "R(T_t)", "|T_t|", "alpha_eff"), rows,
                           caption=f"step {self.index}: candidates (weakest link marked)",
                           highlight_row=chosen, float_format=".4g")

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

    def details(self) -> dict:
        """The collapse's own numbers, added to :meth:`to_dict`."""
        return {"index": self.index, "path": list(self.path), "alpha": self.alpha,
                "node_risk": self.node_risk, "branch_risk": self.branch_risk,
                "n_leaves": self.n_leaves, "impurity_after": self.impurity_after,
                "n_leaves_after": self.n_leaves_after,
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

    def state_after(self, k: int) -> Tree:
        """The tree after the first ``k`` collapses (the replay protocol's state).

        Examples
        --------
        >>> from dtlearn import CARTClassifier, load_play_tennis
        >>> path = cost_complexity_path(CARTClassifier().fit(*load_play_tennis(numeric=True)))
        >>> [path.state_after(k).n_leaves for k in range(len(path.steps) + 1)]
        [5, 4, 3, 1]
        """
        return self.trees[k]

    def summary(self) -> str:
        """One line: the path's length and sizes."""
        return (f"cost-complexity path: {len(self.steps)} collapses, "
                f"{int(self.n_leaves[0])} -> {plural(int(self.n_leaves[-1]), 'leaf', 'leaves')}")

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
    paths = root_paths(tree) if record else {}
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
        tree, _ = tree_and_model(model_or_tree)
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
    tree, _ = tree_and_model(tree, arg="tree")
    cuts = _weakest_links(tree, alpha)[0]
    return tree.with_leaves_at(cuts)


