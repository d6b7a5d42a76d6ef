"""A grown tree's nodes as arrays: :class:`~dtlearn.tree.Node` objects made when first read.

A fully grown tree has about as many nodes as it has training rows; one Python object per
node (with its value and counts arrays) costs more time and memory than growing it.
Level-wise growth (:mod:`dtlearn.grow.fast.level_arrays`) keeps the nodes of a tree of
threshold splits as a few columns, :class:`NodeArrays`, which a
:class:`~dtlearn.tree.Tree` holds in place of its root: the nodes are made the first time
the tree's ``root`` is read (a view, an export, a pruner), and prediction routes rows
through the arrays without making them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...splits import ThresholdSplit
from ...tree import Node


class ThresholdSplits(Sequence):
    """Position ``i``: node ``i``'s :class:`ThresholdSplit`, or ``None`` (``feature[i] < 0``).

    Examples
    --------
    >>> splits = ThresholdSplits(np.array([1, -1]), np.array([2.5, 0.0]))
    >>> splits[0], splits[1]
    (ThresholdSplit(feature=1, threshold=2.5), None)
    """

    __slots__ = ("feature", "threshold")

    def __init__(self, feature: np.ndarray, threshold: np.ndarray):
        self.feature, self.threshold = feature, threshold

    def __len__(self) -> int:
        return len(self.feature)

    def __getitem__(self, i: Any) -> ThresholdSplit | None:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        feature = int(self.feature[i])
        return None if feature < 0 else ThresholdSplit(feature, float(self.threshold[i]))

    def __reduce__(self) -> tuple:
        return (ThresholdSplits, (self.feature, self.threshold))


BLOCK = 32_768
"""Rows routed together by :meth:`NodeArrays.apply` (their temporaries stay in the cache).

Five temporaries of this many rows are about 1.3 MB, a core's L2 cache here: on 100k
rows, 36 levels deep, 32k blocks routed in 0.89 of the time 8k blocks took (fewer numpy
calls per level, load 10).
"""

SETTLE = 8
"""Levels :meth:`NodeArrays.apply` goes down between two looks for rows at a leaf."""

_set = object.__setattr__
_ROUTED = frozenset(("children", "split", "value"))


class _Children(list):
    """A made node's children: changing the list marks its :class:`NodeArrays` changed."""

    __slots__ = ("_arrays",)

    def __init__(self, items: Any, arrays: NodeArrays):
        super().__init__(items)
        self._arrays = arrays

    def __reduce__(self) -> tuple:
        return (list, (list(self),))


def _noting_change(name: str) -> Any:
    method = getattr(list, name)

    def changed(self: _Children, *args: Any) -> Any:
        self._arrays.changed = True
        return method(self, *args)

    changed.__name__ = name
    return changed


for _name in (
    "append",
    "extend",
    "insert",
    "pop",
    "remove",
    "clear",
    "sort",
    "reverse",
    "__setitem__",
    "__delitem__",
    "__iadd__",
    "__imul__",
):
    setattr(_Children, _name, _noting_change(_name))


class _ArrayNode(Node):
    """A :class:`~dtlearn.tree.Node` made from :class:`NodeArrays`, which it keeps current.

    Setting its children, split or value (or changing its children list) marks the arrays
    :attr:`~NodeArrays.changed`: prediction then routes through the nodes, which decide.
    Its value is a read-only row of the arrays'. It pickles and copies as a plain Node.
    """

    __slots__ = ("_arrays",)

    def made(
        self,
        arrays: NodeArrays,
        node_id: int,
        depth: int,
        n_samples: float,
        impurity: float,
        value: np.ndarray,
        counts: np.ndarray | None,
    ) -> None:
        """Fill a new node's fields (no change noted)."""
        _set(self, "_arrays", arrays)
        _set(self, "node_id", node_id)
        _set(self, "depth", depth)
        _set(self, "n_samples", n_samples)
        _set(self, "impurity", impurity)
        _set(self, "value", value)
        _set(self, "counts", counts)
        _set(self, "split", None)
        _set(self, "children", _Children((), arrays))
        _set(self, "branch_weights", None)
        _set(self, "label", None)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _ROUTED:
            self._arrays.changed = True
        _set(self, name, value)


class NodeArrays:
    """The nodes of a tree of binary threshold splits, in pre-order, as columns.

    Position ``i`` (pre-order) holds the node of id ``node_id[i]``: ``depth``, ``n_samples``, ``impurity``,
    ``value`` (one row per node), ``counts`` (class counts; ``None`` for regression),
    ``feature`` and ``threshold`` of its split (``feature`` -1: a leaf), ``left`` and
    ``right`` (its children's positions). ``cost_matrix`` (or ``None``) picks a
    classification node's label as :class:`~dtlearn.grow.Grower` does. ``splits``
    (position ``i``: node ``i``'s split or ``None``) gives the split objects when they are
    not plain :class:`~dtlearn.splits.ThresholdSplit` (:func:`dtlearn.from_sklearn`'s);
    ``feature`` and ``threshold`` must route as they do.
    :meth:`root` makes the Node objects once and keeps them; they stay one source of truth
    with the columns: prediction routes through the columns until a made node is changed
    (:attr:`changed`), then through the nodes.

    Examples
    --------
    >>> nodes = NodeArrays(node_id=np.arange(3), depth=np.array([0, 1, 1]),
    ...                    n_samples=np.array([3.0, 1.0, 2.0]), impurity=np.array([0.5, 0, 0]),
    ...                    value=np.array([[2.0], [1.0], [2.5]]), counts=None,
    ...                    feature=np.array([0, -1, -1]), threshold=np.array([0.5, 0, 0]),
    ...                    left=np.array([1, -1, -1]), right=np.array([2, -1, -1]))
    >>> nodes.predict_values(np.array([[0.0], [1.0]])).tolist()
    [[1.0], [2.5]]
    >>> nodes.root().children[1].value.tolist(), nodes.predict_values(np.array([[0.0]]))
    ([2.5], array([[1.]]))
    >>> nodes.root().children = []  # a made node changed: the nodes decide from now on
    >>> nodes.changed, nodes.predict_values(np.array([[0.0]]))
    (True, None)
    """

    def __init__(
        self,
        node_id: np.ndarray,
        depth: np.ndarray,
        n_samples: np.ndarray,
        impurity: np.ndarray,
        value: np.ndarray,
        counts: np.ndarray | None,
        feature: np.ndarray,
        threshold: np.ndarray,
        left: np.ndarray,
        right: np.ndarray,
        cost_matrix: np.ndarray | None = None,
        splits: Sequence | None = None,
    ):
        self.node_id, self.depth = node_id, depth
        self.n_samples, self.impurity = n_samples, impurity
        self.value, self.counts = value, counts
        self.feature, self.threshold, self.left, self.right = feature, threshold, left, right
        self.cost_matrix = cost_matrix
        self.splits = ThresholdSplits(feature, threshold) if splits is None else splits
        self._root: Node | None = None
        self._tables: tuple | None = None
        self._value: np.ndarray | None = None
        self.changed = False
        """Whether a made node has been changed (a field set, its children list changed)."""

    @classmethod
    def from_root(cls, root: Node) -> NodeArrays:
        """The columns of a linked tree of binary threshold splits, its split objects kept.

        The nodes are made again, the same, when :meth:`root` is first called.

        Examples
        --------
        >>> from dtlearn import CARTClassifier
        >>> X, y = np.array([[1.0], [2.0], [3.0], [4.0]]), ["a", "a", "b", "a"]
        >>> root = CARTClassifier().fit(X, y).tree_.root
        >>> nodes = NodeArrays.from_root(root)
        >>> nodes.node_id.tolist(), nodes.left.tolist(), nodes.right.tolist()
        ([0, 1, 2, 3, 4], [1, -1, 3, -1, -1], [2, -1, 4, -1, -1])
        >>> nodes.root().children[1].split == root.children[1].split
        True
        """
        order: list[Node] = []
        stack = [root]
        while stack:
            node = stack.pop()
            order.append(node)
            if node.children:
                if len(node.children) != 2 or not isinstance(node.split, ThresholdSplit):
                    raise ValueError(
                        f"root: node {node.node_id} is not a binary threshold "
                        f"split; NodeArrays holds only those"
                    )
                stack.extend(node.children[::-1])
        if any(n.label is not None or n.branch_weights is not None for n in order):
            raise ValueError("root: nodes with a label or branch weights do not fit in NodeArrays")
        at = {id(node): i for i, node in enumerate(order)}
        left = np.array([at[id(n.children[0])] if n.children else -1 for n in order])
        right = np.array([at[id(n.children[1])] if n.children else -1 for n in order])
        feature = np.array([n.split.feature if n.children else -1 for n in order])
        threshold = np.array([n.split.threshold if n.children else 0.0 for n in order])
        counts = None if root.counts is None else np.array([n.counts for n in order], dtype=float)
        return cls(
            np.array([n.node_id for n in order]),
            np.array([n.depth for n in order]),
            np.array([n.n_samples for n in order], dtype=float),
            np.array([n.impurity for n in order], dtype=float),
            np.array([n.value for n in order], dtype=float),
            counts,
            feature,
            threshold,
            left,
            right,
            None,
            [n.split for n in order],
        )

    def columns(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(node_id, parent, n_samples, impurity)`` in pre-order; ``parent`` -1 at the root.

        What :meth:`dtlearn.tree.Tree.preorder_columns` reads before the nodes are made.
        """
        parent = np.full(len(self.depth), -1, dtype=np.int64)
        inner = np.flatnonzero(self.feature >= 0)
        parent[self.left[inner]] = inner
        parent[self.right[inner]] = inner
        return (
            np.asarray(self.node_id),
            parent,
            np.asarray(self.n_samples, dtype=float),
            np.asarray(self.impurity, dtype=float),
        )

    def __len__(self) -> int:
        return len(self.depth)

    def root(self) -> Node:
        """The root Node, its subtree linked (made on the first call, then kept)."""
        if self._root is None:
            self._root = self._make()
        return self._root

    def _make(self) -> Node:
        value, counts, cost = self.value, self.counts, self.cost_matrix
        value.flags.writeable = False  # a node's value is a view: the arrays route with it
        new, init = _ArrayNode.__new__, _ArrayNode.made
        nodes = []
        for i, (node_id, d, n, imp) in enumerate(
            zip(
                self.node_id.tolist(),
                self.depth.tolist(),
                self.n_samples.tolist(),
                self.impurity.tolist(),
            )
        ):
            node = new(_ArrayNode)
            init(node, self, node_id, d, n, imp, value[i], None if counts is None else counts[i])
            nodes.append(node)
        if cost is not None:  # as Grower._make_node: the class of least expected cost
            for node in nodes:
                _set(node, "label", int((node.value @ cost).argmin()))
        splits = self.splits
        left, right = self.left, self.right
        for i in np.flatnonzero(self.feature >= 0).tolist():
            node = nodes[i]
            _set(node, "split", splits[i])
            _set(node, "children", _Children((nodes[int(left[i])], nodes[int(right[i])]), self))
        return nodes[0]

    def _routing(self) -> tuple:
        """The route's tables, made once, by *slot*: nodes laid out level by level.

        Slot 0 is the root; the children of a depth's inner nodes take the next slots in
        their parents' order, left then right, so a node's right child sits one slot after
        its left one and the nodes a level's rows can reach lie close together (the tables
        a pass reads stay in the cache). By slot: ``feature``, ``threshold`` and ``child``
        (the left child's slot); a leaf tests column 0 against +inf and its ``child`` is
        itself, so a row that reached a leaf stays there while the others go on down.
        ``position`` is each slot's pre-order position.
        """
        if self._tables is None:
            leaf = self.feature < 0
            left, right = self.left, self.right
            slot = np.zeros(len(leaf), dtype=np.intp)  # the root's is 0
            level = np.zeros(1, dtype=np.intp)
            order, taken = [level], 1
            while level.size:
                inner = level[~leaf[level]]
                kids = np.empty(2 * len(inner), dtype=np.intp)
                kids[0::2], kids[1::2] = left[inner], right[inner]
                slot[kids] = np.arange(taken, taken + len(kids))
                taken += len(kids)
                order.append(kids)
                level = kids
            position = np.concatenate(order)
            at_leaf = leaf[position]
            feature = np.where(at_leaf, 0, self.feature[position]).astype(np.intp)
            threshold = np.where(at_leaf, np.inf, self.threshold[position]).astype(float)
            child = np.where(
                at_leaf, np.arange(len(leaf)), slot[np.where(leaf, 0, left)][position]
            ).astype(np.intp)
            depth = self.depth - self.depth[0]
            self._tables = (
                feature,
                threshold,
                child,
                at_leaf,
                position,
                int(depth.max()),
                int(depth[leaf].min()),
            )
        return self._tables

    def _slots(self, X: np.ndarray) -> np.ndarray | None:
        """Each row's leaf *slot* (:meth:`_routing`), or ``None`` (a NaN, or changed nodes)."""
        if self.changed:
            return None
        with np.errstate(
            invalid="ignore", over="ignore"
        ):  # one pass: NaN only if a NaN (or inf - inf)
            suspect = not np.isfinite(np.add.reduce(X, axis=None))
        if suspect and np.isnan(X).any():
            return None
        feature, threshold, child, leaf, _, levels, first_leaf = self._routing()
        n, d = X.shape
        out = np.zeros(n, dtype=np.intp)
        if not levels or not n:
            return out
        flat = np.ascontiguousarray(X, dtype=float).ravel()
        take, greater, add = np.take, np.greater, np.add
        size = min(n, BLOCK)
        buffers = (
            np.empty(size, dtype=np.intp),
            np.empty(size),
            np.empty(size),
            np.empty(size, dtype=bool),
            np.empty(size, dtype=np.intp),
        )
        for start in range(0, n, BLOCK):
            stop = min(n, start + BLOCK)
            rows = np.arange(start, stop, dtype=np.intp)
            base = rows * d
            state = np.zeros(stop - start, dtype=np.intp)
            column, value, bound, right, next_ = (b[: len(state)] for b in buffers)
            depth = 0
            while depth < levels:
                # no row is at a leaf above the shallowest leaf: drop none there
                steps = min(levels, max(depth + SETTLE, first_leaf)) - depth
                for _ in range(steps):
                    take(feature, state, out=column, mode="clip")
                    column += base
                    take(flat, column, out=value, mode="clip")
                    take(threshold, state, out=bound, mode="clip")
                    greater(value, bound, out=right)
                    take(child, state, out=next_, mode="clip")
                    add(next_, right, out=state)
                depth += steps
                if depth >= levels:
                    break
                done = take(leaf, state)
                if done.sum() * 4 >= len(done):  # drop them once they are a quarter
                    out[rows[done]] = state[done]
                    going = ~done
                    rows, state, base = rows[going], state[going], base[going]
                    if not rows.size:
                        break
                    column, value, bound, right, next_ = (b[: len(state)] for b in buffers)
            out[rows] = state
        return out

    def apply(self, X: np.ndarray) -> np.ndarray | None:
        """Each row's leaf position (pre-order) for rows without missing values, else ``None``.

        ``None`` also once a made node has been changed (:attr:`changed`): the nodes decide.
        Rows go down in blocks of :data:`BLOCK` (their temporaries stay in the cache), all
        of a block's rows one level per pass (a row at a leaf stays there), through tables
        laid out level by level (:meth:`_routing`); every :data:`SETTLE` levels, the rows at
        a leaf are dropped once they are a quarter.

        Examples
        --------
        >>> nodes = NodeArrays(node_id=np.arange(3), depth=np.array([0, 1, 1]),
        ...                    n_samples=np.array([3.0, 1.0, 2.0]), impurity=np.zeros(3),
        ...                    value=np.array([[2.0], [1.0], [2.5]]), counts=None,
        ...                    feature=np.array([0, -1, -1]), threshold=np.array([0.5, 0, 0]),
        ...                    left=np.array([1, -1, -1]), right=np.array([2, -1, -1]))
        >>> nodes.apply(np.array([[0.0], [0.5], [0.7]])).tolist()
        [1, 1, 2]
        """
        slots = self._slots(X)
        return None if slots is None else self._routing()[4][slots]

    def predict_values(self, X: np.ndarray) -> np.ndarray | None:
        """Each row's leaf value (rows × value width), as :meth:`Tree.predict_values` adds it.

        ``None`` when a value is missing (NaN): :meth:`Tree.predict_values` then routes
        through the nodes, whose missing-value strategy decides; ``None`` too once a made
        node has been changed (:attr:`changed`): the nodes decide.
        """
        slots = self._slots(X)
        if slots is None:
            return None
        if self._value is None:  # by slot; 0 + v: the floats Tree.predict_values adds
            self._value = (self.value + 0.0)[self._routing()[4]]
        return np.take(self._value, slots, axis=0)

    def predict_labels(self, X: np.ndarray, labels: np.ndarray) -> np.ndarray | None:
        """``labels[i]`` (one entry per node, in pre-order) of each row's leaf ``i``.

        What :meth:`predict_values` and a choice of label per row give, without a row of
        values per row: ``None`` as for :meth:`predict_values`.

        Examples
        --------
        >>> nodes = NodeArrays(node_id=np.arange(3), depth=np.array([0, 1, 1]),
        ...                    n_samples=np.array([3.0, 1.0, 2.0]), impurity=np.zeros(3),
        ...                    value=np.array([[.5, .5], [1, 0], [0, 1]]), counts=None,
        ...                    feature=np.array([0, -1, -1]), threshold=np.array([0.5, 0, 0]),
        ...                    left=np.array([1, -1, -1]), right=np.array([2, -1, -1]))
        >>> nodes.predict_labels(np.array([[0.0], [0.7]]), np.array([0, 0, 1])).tolist()
        [0, 1]
        """
        slots = self._slots(X)
        if slots is None:
            return None
        return np.take(np.take(labels, self._routing()[4]), slots)

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        if not self.changed:  # saved as columns; the nodes are made again when read
            state["_root"] = None
        state["_tables"] = state["_value"] = None
        if not state["value"].flags.writeable:
            state["value"] = state["value"].copy()
        return state

    def __setstate__(self, state: dict) -> None:
        state.setdefault("changed", False)  # a pickle made before these were kept
        state.setdefault("_tables", None)
        state.setdefault("_value", None)
        self.__dict__.update(state)


__all__ = ["NodeArrays", "ThresholdSplits"]
