# About 590 logical lines: one idea, the weakest-link path and its steps; a step's table replays the path's own pre-order arrays, so they stay in one module.
"""Cost-complexity (weakest-link) pruning, as scikit-learn does it (Breiman et al. 1984).

:func:`cost_complexity_path` collapses the weakest link, the inner node with the smallest
effective alpha, one node at a time, down to the root; every collapse is a
:class:`CCPStep` (a :class:`~dtlearn.steps.Step`) with the alpha of every candidate.
:func:`cost_complexity_prune` cuts a tree at one alpha (``CARTClassifier(ccp_alpha=...)``
calls it). Numbers match scikit-learn's ``cost_complexity_pruning_path``.
"""

from __future__ import annotations

import heapq
import math
import struct
from array import array
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from ..explain import Derivation, ResultTable, ShowsTable
from ..formatting import fmt, plural
from ..steps import StepDefaults
from ..tree import Tree
from .tree_access import tree_and_model
from .weakest_link_levels import level_path

__all__ = [
    "CCPStep",
    "CostComplexityPath",
    "collapses_at",
    "cost_complexity_path",
    "cost_complexity_prune",
]


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
    n_candidates : int
        Inner nodes of the tree before the collapse.
    path : tuple of str
        Conditions from the root down to the node (worked out when read).
    candidates : tuple of tuple
        ``(node_id, r(t), R(T_t), |T_t|, alpha_eff)`` for every inner node of the tree
        before the collapse, in node order (pre-order); worked out when read, by replaying
        the collapses before this one (the same floats the path compared).
    """

    index: int
    node_id: int
    alpha: float
    node_risk: float
    branch_risk: float
    n_leaves: int
    impurity_after: float
    n_leaves_after: int
    n_candidates: int
    _source: Any = field(default=None, repr=False, compare=False)

    kind = "cost-complexity"
    action = "collapsed"

    @property
    def path(self) -> tuple[str, ...]:
        """Conditions from the root down to the collapsed node."""
        arrays, position = self._source
        return arrays.path_to(position)

    @property
    def candidates(self) -> tuple[tuple[int, float, float, int, float], ...]:
        """Every inner node before the collapse: ``(node_id, r(t), R(T_t), |T_t|, alpha)``."""
        arrays, _ = self._source
        return arrays.candidates(self.index - 1)

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
        return (
            f"weakest link: alpha_eff = {fmt(self.alpha, 4)}, the smallest of "
            f"{plural(self.n_candidates, 'inner node')}"
        )

    @property
    def before(self) -> dict:
        """Total leaf risk ``R(T)`` and leaves of the whole tree before the collapse."""
        return {
            "R(T)": self.impurity_after - (self.node_risk - self.branch_risk),
            "leaves": self.n_leaves_after + self.n_leaves - 1,
        }

    @property
    def after(self) -> dict:
        """``R(T)`` and leaves after the collapse."""
        return {"R(T)": self.impurity_after, "leaves": self.n_leaves_after}

    def table(self) -> ResultTable:
        """Every candidate with its effective alpha; the weakest link highlighted.

        Risks and alphas are shown with 4 significant digits (``to_dict`` keeps them whole).
        """
        rows = self.candidates
        chosen = next(i for i, c in enumerate(rows) if c[0] == self.node_id)
        return ResultTable(
            ("node", "r(t)", "R(T_t)", "|T_t|", "alpha_eff"),
            rows,
            caption=f"step {self.index}: candidates (weakest link marked)",
            highlight_row=chosen,
            float_format=".4g",
        )

    def explain(self) -> Derivation:
        """Work out the effective alpha of the collapsed node, with the candidate table.

        Examples
        --------
        >>> from dtlearn import CARTClassifier, load_play_tennis
        >>> path = cost_complexity_path(CARTClassifier().fit(*load_play_tennis()))
        >>> print(path.steps[-1].explain().lines[0].text)
        alpha_eff(node 0) = (r(t) - R(T_t)) / (|T_t| - 1)
        """
        path = self.path
        where = " AND ".join(path) if path else "root"
        lines = [
            (
                f"alpha_eff(node {self.node_id}) = (r(t) - R(T_t)) / (|T_t| - 1)",
                rf"\alpha_{{\mathrm{{eff}}}}(t_{{{self.node_id}}}) = "
                r"\frac{r(t) - R(T_t)}{|T_t| - 1}",
            ),
            (
                f"= ({fmt(self.node_risk, 6)} - {fmt(self.branch_risk, 6)}) / "
                f"({self.n_leaves} - 1)",
                "",
            ),
            (f"= {fmt(self.alpha, 6)}", "", "the smallest: this node is the weakest link"),
            (
                f"R(T) after collapsing = {fmt(self.impurity_after, 6)}",
                "",
                f"{plural(self.n_leaves_after, 'leaf', 'leaves')} left",
            ),
        ]
        return Derivation.build(
            f"step {self.index}: collapse node {self.node_id} ({where})", lines, table=self.table()
        )

    def __str__(self) -> str:
        """Plain text (what notebooks show as ``text/plain``)."""
        return (
            f"step {self.index}: collapse node {self.node_id} at alpha "
            f"{fmt(self.alpha, 6)} -> R(T) = {fmt(self.impurity_after, 6)}, "
            f"{plural(self.n_leaves_after, 'leaf', 'leaves')}"
        )

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return self.explain()._repr_html_()

    def _repr_markdown_(self) -> str:
        return self.explain()._repr_markdown_()

    def details(self) -> dict:
        """The collapse's own numbers, added to :meth:`to_dict`."""
        return {
            "index": self.index,
            "path": list(self.path),
            "alpha": self.alpha,
            "node_risk": self.node_risk,
            "branch_risk": self.branch_risk,
            "n_leaves": self.n_leaves,
            "impurity_after": self.impurity_after,
            "n_leaves_after": self.n_leaves_after,
            "candidates": [list(c) for c in self.candidates],
        }


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
    cuts : tuple of int
        The ids of the nodes collapsed, in order (entry ``i`` is the tree with the first
        ``i`` made leaves).
    """

    ccp_alphas: np.ndarray
    impurities: np.ndarray
    n_leaves: np.ndarray
    n_nodes: np.ndarray
    tree: Tree
    _arrays: Any = field(default=None, repr=False, compare=False)

    @cached_property
    def steps(self) -> tuple[CCPStep, ...]:
        """The collapses, one :class:`CCPStep` each (built on first access)."""
        return self._arrays.steps()

    @cached_property
    def cuts(self) -> tuple[int, ...]:
        """The ids of the nodes collapsed, in order (what ``trees`` cuts at)."""
        return tuple(self._arrays.node_ids[i] for i in self._arrays.cuts)

    @cached_property
    def trees(self) -> tuple[Tree, ...]:
        """The pruned tree at every entry of the path (built on first access)."""
        return tuple(self.tree.with_leaves_at(self.cuts[:i]) for i in range(len(self.ccp_alphas)))

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
        return (
            f"cost-complexity path: {len(self.steps)} collapses, "
            f"{int(self.n_leaves[0])} -> {plural(int(self.n_leaves[-1]), 'leaf', 'leaves')}"
        )

    def tree_at(self, alpha: float) -> Tree:
        """Return the pruned tree for ``ccp_alpha=alpha`` (same as :func:`cost_complexity_prune`)."""
        return cost_complexity_prune(self.tree, alpha)

    def table(self) -> ResultTable:
        """One row per entry: alpha, node collapsed, R(T), leaves, nodes."""
        rows = [
            (
                0,
                float(self.ccp_alphas[0]),
                "(full tree)",
                float(self.impurities[0]),
                int(self.n_leaves[0]),
                int(self.n_nodes[0]),
            )
        ]
        rows += [
            (
                s.index,
                s.alpha,
                str(s.node_id),
                s.impurity_after,
                int(self.n_leaves[s.index]),
                int(self.n_nodes[s.index]),
            )
            for s in self.steps
        ]
        return ResultTable(
            ("step", "alpha", "node collapsed", "R(T)", "leaves", "nodes"),
            tuple(rows),
            caption="cost-complexity pruning path",
            float_format=".6g",
        )

    def to_dict(self) -> dict:
        """Plain JSON-ready form."""
        return {
            "ccp_alphas": self.ccp_alphas.tolist(),
            "impurities": self.impurities.tolist(),
            "n_leaves": self.n_leaves.tolist(),
            "n_nodes": self.n_nodes.tolist(),
            "steps": [s.to_dict() for s in self.steps],
        }


def _check_alpha(alpha: Any) -> float:
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float, np.integer, np.floating)):
        raise TypeError(f"alpha must be a number >= 0, got {alpha!r}")
    if math.isnan(float(alpha)) or alpha < 0:
        raise ValueError(f"alpha must be >= 0, got {alpha}")
    return float(alpha)


class _TreeArrays:
    """The tree as pre-order arrays, the start of the path, and the path's collapses.

    Every number a step shows is read from here when asked for: the candidate table of
    collapse ``k`` replays the first ``k`` collapses (each a walk up the ancestors of the
    collapsed node, adding the same differences in the same order as the path did, so
    every float is the path's own), and a node's path of conditions is built from its
    ancestors. The last replayed state is kept, so reading the tables in order replays
    each collapse once.
    """

    def __init__(self, tree: Tree) -> None:
        # columns, not Node objects: a large tree's nodes are scattered in memory, and a
        # tree still held as arrays is read without making them
        ids, self.parent, weights, impurity = tree.preorder_columns()
        m = len(ids)
        self.tree = tree
        self._ids = ids
        self.leaf = np.bincount(self.parent[1:], minlength=m) == 0
        # a tree read from JSON may carry absurd impurities: overflow to inf, as Python floats do
        with np.errstate(over="ignore"):
            self.r_node = weights * impurity / weights[0]
        self.r_branch, self.n_leaves, self.end = self._branch_sums()
        self.cuts: list[int] = []
        self.log: tuple[list, ...] = ([],) * 7
        self._state: tuple | None = None

    @cached_property
    def nodes(self) -> list:
        """The Node objects in pre-order (made when a step's path is first read)."""
        return list(self.tree.nodes())

    @cached_property
    def node_ids(self) -> list[int]:
        """Node ids in pre-order."""
        return self._ids.tolist()

    def _branch_sums(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``R(T_t)``, ``|T_t|`` and the end of the subtree (pre-order) of every node.

        A subtree is a range of positions: counting ``1 - (number of children)`` from its
        root, the count first reaches 1 at its end (one sort finds where, for every node).
        ``R(T_t)`` is summed leaf by leaf as scikit-learn does: it walks up from each leaf
        in node order adding its risk to every ancestor; the same additions in the same
        order (one ``np.add.at`` over (node, leaf risk) pairs, each node's leaves in
        order) give the same floats. ``|T_t|`` counts the leaves in the range (0 at a leaf).
        """
        m = len(self.r_node)
        children = np.bincount(self.parent[1:], minlength=m)
        climb = np.concatenate(([0], np.cumsum(1 - children)))
        climb -= climb.min()
        code = climb * (m + 1) + np.arange(m + 1)
        ordered = np.sort(code)
        wanted = (climb[:m] + 1) * (m + 1) + np.arange(1, m + 1)
        end = ordered[np.searchsorted(ordered, wanted)] % (m + 1)
        leaves = np.flatnonzero(self.leaf)
        counted = np.concatenate(([0], np.cumsum(self.leaf)))
        first, n_leaves = counted[:m], counted[end] - counted[:m]
        n_leaves[leaves] = 0
        r_branch = np.zeros(m)
        r_branch[leaves] = self.r_node[leaves]
        inner = np.flatnonzero(~self.leaf)
        if len(inner):
            # pairs (inner node, leaf), the leaves of each node in pre-order
            span = n_leaves[inner]
            offset = np.cumsum(span) - span
            which = np.arange(int(span.sum())) - np.repeat(offset - first[inner], span)
            np.add.at(r_branch, np.repeat(inner, span), self.r_node[leaves[which]])
        return r_branch, n_leaves, end

    def path_to(self, i: int) -> tuple[str, ...]:
        """Conditions from the root down to node ``i`` (pre-order position)."""
        out = []
        while self.parent[i] >= 0:
            p = int(self.parent[i])
            parent = self.nodes[p]
            branch = next(b for b, c in enumerate(parent.children) if c is self.nodes[i])
            out.append(parent.split.conditions(self.tree.schema)[branch])
            i = p
        return tuple(reversed(out))

    def __getstate__(self) -> dict:
        # Node objects pickle as whole subtrees: keep only the tree; they are listed again
        state = {**self.__dict__, "_state": None}
        state.pop("nodes", None)
        return state

    def state_after(self, k: int) -> tuple:
        """``(candidate mask, R(T_t), |T_t|)`` after the first ``k`` collapses.

        ``R(T_t)`` and ``|T_t|`` are kept up to date for the candidates (the inner nodes
        left), the only nodes whose numbers are read.
        """
        if self._state is None or self._state[0] > k:
            self._state = (0, ~self.leaf, self.r_branch.tolist(), self.n_leaves.tolist())
        done, candidate, r_branch, n_leaves = self._state
        parent, r_node, end = self.parent, self.r_node, self.end
        for best in self.cuts[done:k]:
            candidate[best : end[best]] = False  # its subtree: a range of pre-order positions
            pruned = n_leaves[best] - 1
            r_diff = float(r_node[best]) - r_branch[best]
            j = int(parent[best])
            while j != -1:
                n_leaves[j] -= pruned
                r_branch[j] += r_diff
                j = int(parent[j])
        self._state = (k, candidate, r_branch, n_leaves)
        return candidate, r_branch, n_leaves

    def candidates(self, k: int) -> tuple[tuple[int, float, float, int, float], ...]:
        """The candidate rows before collapse ``k + 1``: every inner node, in pre-order."""
        candidate, r_branch, n_leaves = self.state_after(k)
        inner = np.flatnonzero(candidate)
        rb = np.array(r_branch)[inner]
        nl = np.array(n_leaves, dtype=np.int64)[inner]
        with np.errstate(divide="ignore", invalid="ignore"):
            effective = (self.r_node[inner] - rb) / (nl - 1)
        return tuple(
            (self.node_ids[i], float(self.r_node[i]), float(b), int(n), float(e))
            for i, b, n, e in zip(inner.tolist(), rb, nl, effective)
        )

    def steps(self) -> tuple[CCPStep, ...]:
        """The collapses as :class:`CCPStep` objects, from the path's log."""
        ids, r_node = self.node_ids, self.r_node
        n_inner, leaves = int((~self.leaf).sum()), int(self.leaf.sum())
        out = []
        for k, (best, eff, branch, n, risk, inner_removed, _) in enumerate(zip(*self.log), start=1):
            leaves -= n - 1
            out.append(
                CCPStep(
                    k,
                    ids[best],
                    eff,
                    float(r_node[best]),
                    branch,
                    n,
                    risk,
                    leaves,
                    n_inner,
                    (self, best),
                )
            )
            n_inner -= inner_removed
        return tuple(out)


_POSITION = (1 << 32) - 1
_FLIP = (1 << 63) - 1
_float_bytes = struct.Struct("<d").pack
_int64_of = struct.Struct("<q").unpack


def _heap_code(alpha: float, position: int) -> int:
    """One int ordered as ``(alpha, position)``: a heap of ints compares in one step.

    A float's bits read as a signed integer order the non-negative floats; flipping all
    but the sign bit of a negative one orders those too. ``-0.0`` counts as ``0.0``, as
    float comparison has it; every NaN sorts after ``inf``.
    """
    bits = _int64_of(_float_bytes(alpha + 0.0))[0]
    return ((bits ^ _FLIP if bits < 0 else bits) << 32) | position


LEVELS_FROM = 2_500
"""Inner nodes from which the whole path is worked out level by level, not one collapse at
a time: the level pass pays a few dozen numpy calls per level of the tree, which the heap
loop's per-collapse Python cost outgrows at about 2,500 inner nodes (5,000 nodes; measured
on ``bench/bench_prune.py``'s trees, CPU, loaded machine: level pass 1.6x the loop at 1.1k
nodes, 1.5x at 1.9k, 1.2x at 3.9k, 0.92x at 5.6k)."""


def _weakest_links(tree: Tree, alpha: float = np.inf, levels: bool | None = None) -> tuple:
    """The weakest links collapsed while their alpha is <= ``alpha``; scikit-learn's arithmetic.

    The whole path (``alpha = inf``) of a tree with at least :data:`LEVELS_FROM` inner
    nodes (or any tree, ``levels=True``) is worked out level by level
    (:func:`~dtlearn.pruning.weakest_link_levels.level_path`: the same floats); the heap
    loop (:func:`_heap_links`, always with ``levels=False``) runs otherwise and where the
    level pass gives up. Returns ``(arrays, alphas, impurities, leaves, nodes)``;
    ``arrays.cuts`` and ``arrays.log`` hold the collapses.
    """
    arrays = _TreeArrays(tree)
    log = None
    if levels is None:
        levels = int(np.count_nonzero(~arrays.leaf)) >= LEVELS_FROM
    if levels and alpha == np.inf:
        log = level_path(
            arrays.parent, arrays.leaf, arrays.r_node, arrays.r_branch, arrays.n_leaves, arrays.end
        )
    if log is None:
        log = _heap_links(arrays, alpha)
    arrays.log = log
    arrays.cuts = log[0]
    m = len(arrays.r_node)
    k = len(log[0])
    return (
        arrays,
        np.array([0.0] + log[1], dtype=float),
        np.array([float(arrays.r_branch[0])] + log[4], dtype=float),
        int(arrays.leaf.sum()) - np.cumsum([0] + log[3], dtype=np.int64) + np.arange(k + 1),
        m - np.cumsum([0] + log[6], dtype=np.int64),
    )


def _heap_links(arrays: _TreeArrays, alpha: float) -> tuple[list, ...]:
    """Collapse weakest links while their alpha is <= ``alpha``, one at a time (the oracle).

    Nodes are numbered in pre-order (scikit-learn's node order for a depth-first tree);
    ties between equal effective alphas go to the first node in that order. The inner
    nodes wait in a heap keyed by (effective alpha, position) (one int each, see
    :func:`_heap_code`), every key at most its node's alpha: a collapse changes only its
    ancestors' alphas, which (exactly) can only grow, so an ancestor is pushed again only
    if its alpha fell below its key (rounding) and an entry whose node's alpha has grown
    goes back in with that alpha when it comes to the top. A top entry equal to its node's
    alpha is then the first smallest alpha.

    Only inner nodes take part, numbered apart (a subtree's inner nodes are still a range
    of that numbering), and the floats the walk up from a collapse rewrites (``R(T_t)``
    and the keys) sit in plain lists: reading one does not make a float object, as a
    typed array's item does (the loop is 10-20% quicker on 1.1k to 5.6k nodes, and no
    slower on 18k, measured interleaved on a loaded machine). A collapse clears its
    subtree's inner nodes with one slice assignment to a byte array; the loop keeps to
    what choosing the next link needs (:func:`_heap_code` is inlined: a float's bits are
    read through a memoryview, not packed and unpacked), and what each collapse removes
    is read off that byte array before it is cleared: the inner nodes still in the
    subtree (one ``count``), and with the ``|T_t|`` leaves the nodes (no numpy pass at
    the end). Returns the log's seven columns (see
    :func:`~dtlearn.pruning.weakest_link_levels.level_path`).
    """
    inner = np.flatnonzero(~arrays.leaf)
    if not len(inner):
        return ([], [], [], [], [], [], [])
    number = np.full(len(arrays.r_node), -1, dtype=np.int64)
    number[inner] = np.arange(len(inner))
    up = arrays.parent[inner]
    leaves_minus_one = arrays.n_leaves[inner] - 1
    own = arrays.r_node[inner]
    with np.errstate(divide="ignore", invalid="ignore"):
        first = (own - arrays.r_branch[inner]) / leaves_minus_one
    r_node = own.tolist()
    r_branch = arrays.r_branch[inner].tolist()
    below = leaves_minus_one.tolist()  # |T_t| - 1
    parent = np.where(up >= 0, number[np.maximum(up, 0)], -1).tolist()
    key = first.tolist()
    inner_end = np.searchsorted(inner, arrays.end[inner]).tolist()
    candidate = bytearray(b"\x01") * len(inner)
    nothing = bytes(len(inner))
    # _heap_code of every inner node at once (the same bits, as numpy arrays); later codes
    # read a float's bits through ``scratch`` (one double seen as one int64)
    bits = (first + 0.0).view(np.int64)
    bits = np.where(bits < 0, bits ^ _FLIP, bits)
    heap = [(b << 32) | i for i, b in enumerate(bits.tolist())]
    code = heap[:]
    heapq.heapify(heap)
    heappop, heappush, heapreplace = heapq.heappop, heapq.heappush, heapq.heapreplace
    scratch = array("d", bytes(8))  # one double, written before each read
    scratch_bits = memoryview(scratch).cast("B").cast("q")
    flip = _FLIP
    # one list per column: thousands of tuples kept alive would wake the cycle collector
    cuts: list[int] = []
    add_cut = cuts.append
    log: tuple[list, ...] = (cuts, [], [], [], [], [], [])
    _, add_alpha, add_branch, add_leaves, add_risk, add_inner, add_nodes = (
        column.append for column in log
    )
    while candidate[0]:
        top = heap[0]
        best = top & _POSITION
        if not candidate[best] or top != code[best]:
            heappop(heap)
            continue
        eff = key[best]
        before_branch = r_branch[best]
        own_risk = r_node[best]
        pruned = below[best]
        e = (own_risk - before_branch) / pruned
        if e != eff:  # grown since pushed (or NaN: then equal codes go on)
            scratch[0] = e + 0.0
            b = scratch_bits[0]
            c = ((b ^ flip if b < 0 else b) << 32) | best
            if c != top:
                key[best], code[best] = e, c
                heapreplace(heap, c)
                continue
        if alpha < eff:
            break
        heappop(heap)
        end = inner_end[best]
        gone = candidate.count(1, best, end)  # inner nodes left in the subtree, itself too
        candidate[best:end] = nothing[: end - best]
        r_diff = own_risk - before_branch
        r_branch[best] = own_risk
        j = parent[best]
        while j != -1:
            leaves = below[j] = below[j] - pruned
            branch = r_branch[j] = r_branch[j] + r_diff
            e = (r_node[j] - branch) / leaves
            if e < key[j]:
                key[j] = e
                scratch[0] = e + 0.0
                b = scratch_bits[0]
                c = code[j] = ((b ^ flip if b < 0 else b) << 32) | j
                heappush(heap, c)
            j = parent[j]
        add_cut(best)
        add_alpha(eff)
        add_branch(before_branch)
        add_leaves(pruned + 1)
        add_risk(r_branch[0])
        add_inner(gone)
        add_nodes(gone + pruned)  # its other inner nodes and its pruned + 1 leaves
    return (inner[np.array(cuts, dtype=np.int64)].tolist(), *log[1:])


def cost_complexity_path(model_or_tree: Any, X: Any = None, y: Any = None) -> CostComplexityPath:
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
            raise TypeError(
                f"model_or_tree must be a dtlearn estimator or a Tree, got "
                f"{type(model_or_tree).__name__}"
            )
        params = model_or_tree.get_params()
        if "ccp_alpha" in params:
            params["ccp_alpha"] = 0.0
        tree = type(model_or_tree)(**params).fit(X, y).tree_
    else:
        tree, _ = tree_and_model(model_or_tree)
    arrays, alphas, risks, sizes, counts = _weakest_links(tree)
    return CostComplexityPath(alphas, risks, sizes, counts, tree, arrays)


ALPHA_ULPS = 64
"""How many units in the last place of a link's risk scale its alpha may lie above ``alpha``.

A link whose effective alpha is ``alpha`` up to that rounding is pruned at ``alpha``: an
alpha read off scikit-learn's ``cost_complexity_pruning_path`` then gives scikit-learn's
tree (see :func:`cost_complexity_prune`)."""


def cost_complexity_prune(tree: Any, alpha: float, zero_gain: bool = False) -> Tree:
    """Prune ``tree`` to the subtree scikit-learn keeps for ``ccp_alpha=alpha``.

    Weakest links are collapsed while their effective alpha is at most ``alpha`` (see
    :func:`cost_complexity_path`), up to rounding: a link's alpha
    ``(r(t) - R(T_t)) / (|T_t| - 1)`` is a difference of sums whose last bits depend on the
    order of the additions, so dtlearn and scikit-learn compute the same alpha a few units
    in the last place apart (relative differences up to 1e-8 of the alpha itself when the
    risks nearly cancel). A link counts as ``<= alpha`` when its alpha exceeds ``alpha`` by
    at most :data:`ALPHA_ULPS` units in the last place of its risk scale: ``s(t) / (|T_t| -
    1)``, where ``s(t) = w_t / w_root`` times ``max(1, log2 k)`` for ``k`` classes (no
    impurity exceeds it) or times the mean square of the targets at ``t`` for regression
    (the size a squared error rounds to). An alpha from scikit-learn's path then keeps
    scikit-learn's tree.

    ``alpha = 0`` prunes nothing, as scikit-learn's ``ccp_alpha=0``: a split that does not
    lower the total leaf impurity stays unless ``zero_gain=True`` asks to collapse those
    (up to the same rounding).

    Parameters
    ----------
    tree : Tree or fitted estimator
        The tree to prune (not modified).
    alpha : float
        Complexity parameter, >= 0.
    zero_gain : bool, default False
        With ``alpha = 0``, collapse the links whose alpha is 0 (no gain at all).

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
    if not isinstance(zero_gain, (bool, np.bool_)):
        raise TypeError(f"zero_gain must be True or False, got {zero_gain!r}")
    tree, _ = tree_and_model(tree, arg="tree")
    return tree.with_leaves_at(_cuts_at(tree, alpha, bool(zero_gain)))


def collapses_at(tree: Any, alphas: Any, zero_gain: bool = False) -> np.ndarray:
    """How many weakest links :func:`cost_complexity_prune` collapses at each of ``alphas``.

    The entry of :func:`cost_complexity_path` each alpha gives, with the same rule (alphas
    compared up to :data:`ALPHA_ULPS`, ``alpha = 0`` prunes nothing without ``zero_gain``),
    not by comparing the alphas bit for bit.

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_play_tennis
    >>> tree = CARTClassifier().fit(*load_play_tennis(numeric=True)).tree_
    >>> collapses_at(tree, [0.0, 0.115, 0.2]).tolist()
    [0, 2, 3]
    """
    tree, _ = tree_and_model(tree, arg="tree")
    values = [_check_alpha(a) for a in np.asarray(alphas, dtype=float).ravel().tolist()]
    counts = {a: len(_cuts_at(tree, a, bool(zero_gain))) for a in set(values)}
    return np.array([counts[a] for a in values], dtype=np.int64)


def _cuts_at(tree: Tree, alpha: float, zero_gain: bool) -> list[int]:
    """Ids of the weakest links collapsed at ``alpha`` (:func:`cost_complexity_prune`)."""
    if alpha == 0 and not zero_gain:
        return []
    _, _, weights, impurity = tree.preorder_columns()
    ulp = ALPHA_ULPS * np.finfo(float).eps
    if tree.is_classifier:
        ceiling = max(1.0, math.log2(max(len(tree.classes), 2)))
        scale = weights / weights[0] * ceiling
    else:  # a squared error rounds relative to the mean square, an absolute one to mean |y|
        centre = np.array([node.value[0] for node in tree.nodes_and_parents()[0]])
        size = np.abs(centre) if tree.leaf_statistic == "median" else centre * centre
        scale = weights / weights[0] * (impurity + size)
    arrays = _weakest_links(tree, alpha + ulp * float(scale.max()))[0]
    _, alphas, _, sizes = arrays.log[:4]
    kept = 0
    for i, eff, size in zip(arrays.cuts, alphas, sizes):
        if not eff <= alpha + ulp * scale[i] / (size - 1):
            break  # scikit-learn's AlphaPruner stops at the first link above alpha
        kept += 1
    return [arrays.node_ids[i] for i in arrays.cuts[:kept]]
