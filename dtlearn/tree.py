# About 620 logical lines: one idea, the Tree value: nodes (made when first read), traversal, prediction, copies and the one-line export delegates a notebook calls on it.
"""The Tree value: nodes with counts and splits, traversal and prediction.

A :class:`Tree` is plain data: nodes hold their (weighted) class counts or regression
statistics, their impurity, their split and their children. All traversals are iterative,
so a tree thousands of levels deep predicts and exports without ``RecursionError``.
Every export (text, Weka text, rules, DOT, Python, JSON) lives in :mod:`dtlearn.exports`;
the ``Tree.to_*`` methods call what it registered with :func:`register_export` (the exports
read the tree, so the tree does not import them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from . import criteria
from .data import Schema, encode
from .formatting import fmt_g, format_value, plural
from .splits import UNKNOWN, Split

if TYPE_CHECKING:
    from .exports.path import DecisionPath, PathStep

# DecisionPath, PathStep, format_value and plural live in dtlearn.exports; kept importable here.
__all__ = [
    "MISSING_STRATEGIES",
    "DecisionPath",
    "Node",
    "PathStep",
    "Tree",
    "as_tree",
    "format_value",
    "plural",
    "register_export",
]

MISSING_STRATEGIES = ("majority", "distribute")


@dataclass(eq=False, slots=True)  # thousands per tree: no __dict__ each
class Node:
    """One node of a decision tree.

    Parameters
    ----------
    node_id : int
        Identifier, unique within its tree (growth order; stable under pruning).
    depth : int
        Number of tests above the node (the root has depth 0).
    n_samples : float
        (Weighted) number of training instances that reached the node.
    impurity : float
        The growing criterion's impurity of the node.
    value : numpy.ndarray
        Classification: the class distribution used to predict (sums to 1; an empty node
        carries its parent's). Regression: a one-element array with the predicted value
        (the mean of the node's targets, or their median for an MAE tree).
    counts : numpy.ndarray or None
        Classification: (weighted) class counts of the training instances; regression: None.
    split : Split or None
        The test of an inner node; ``None`` for a leaf.
    children : list of Node
        One child per branch of ``split``.
    branch_weights : numpy.ndarray or None
        Fractions of the known training weight that took each branch; used to send an
        instance whose test value is unknown down every branch (C4.5). ``None``: use the
        children's ``n_samples``.
    label : int or None
        Index of the predicted class when it is not the most frequent one (a cost matrix
        makes the cheapest class the prediction); ``None``: the most frequent class.
    """

    node_id: int
    depth: int
    n_samples: float
    impurity: float
    value: np.ndarray
    counts: np.ndarray | None = None
    split: Split | None = None
    children: list[Node] = field(default_factory=list)
    branch_weights: np.ndarray | None = None
    label: int | None = None

    @property
    def is_leaf(self) -> bool:
        """Whether the node has no children."""
        return not self.children

    @property
    def predicted_index(self) -> int:
        """Index of the predicted class (first class on ties); regression: 0."""
        return int(np.argmax(self.value)) if self.label is None else self.label

    @property
    def errors(self) -> float:
        """Training weight the node's prediction gets wrong (classification)."""
        if self.counts is None:
            return 0.0
        return float(self.counts.sum() - self.counts[self.predicted_index])

    def __repr__(self) -> str:
        what = (
            "leaf"
            if self.is_leaf
            else f"split={self.split!r}, children={[c.node_id for c in self.children]}"
        )
        return (
            f"Node(node_id={self.node_id}, depth={self.depth}, "
            f"n_samples={fmt_g(self.n_samples)}, {what})"
        )

    def __reduce__(self) -> tuple:
        """Pickle (and deep-copy) the subtree as a flat table: no recursion at any depth."""
        records = []
        index: dict[int, int] = {}
        order = []
        stack = [self]
        while stack:
            node = stack.pop()
            index[id(node)] = len(order)
            order.append(node)
            stack.extend(reversed(node.children))
        for node in order:
            records.append(
                (
                    node.node_id,
                    node.depth,
                    node.n_samples,
                    node.impurity,
                    node.value,
                    node.counts,
                    node.split,
                    [index[id(c)] for c in node.children],
                    node.branch_weights,
                    node.label,
                )
            )
        return (_nodes_from_records, (records,))

    def child_weights(self) -> np.ndarray:
        """Fractions used to mix the children for an instance with an unknown test value."""
        if self.branch_weights is not None:
            return np.asarray(self.branch_weights, dtype=float)
        sizes = np.array([c.n_samples for c in self.children], dtype=float)
        total = sizes.sum()
        return sizes / total if total > 0 else np.full(len(sizes), 1.0 / len(sizes))


@dataclass(eq=False)
class Tree:
    """A fitted decision tree.

    Parameters
    ----------
    root : Node
        The root node.
    schema : Schema
        Names, kinds and categories of the features the tree was grown on.
    classes : tuple or None
        Class labels in order (classification) or ``None`` (regression).
    target_name : str
        Name of the predicted attribute (used in exports).
    missing : {"majority", "distribute"}
        What prediction does when a test cannot be answered (a missing value or a category
        unseen during fitting): ``"majority"`` stops at that node and predicts its
        distribution; ``"distribute"`` sends the instance down every branch weighted by the
        branch's share of training weight, as C4.5 does.
    flavour : str
        Which kind of learner made the tree, ``"id3"`` or ``"j48"`` (kept in JSON); the
        Weka layout ``to_text(style="weka")`` uses unless given ``layout=``.
    cost_matrix : numpy.ndarray or None
        ``cost_matrix[i, j]``: cost of predicting class j for an instance of class i.
        When given, predictions minimise the expected cost instead of maximising the
        probability.
    criterion : str or None
        The growing criterion (``"entropy"``, ``"gini"``, ``"mse"``, ``"mae"``, ...), which
        names the impurity in printed trees and says what a regression leaf predicts (the
        median for ``"mae"``, else the mean). ``None``: not recorded.
    refuses_missing : bool
        ``True`` for a tree grown by a learner that refuses missing values at fit (ID3,
        CART, oblique): ``predict`` and ``apply`` then refuse them too (a ``ValueError``
        naming the column) instead of answering at the node where they stop. A category
        unseen at fit is not a missing value: it stops at its node as ``missing`` says.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> tree = ID3Classifier().fit(X, y).tree_
    >>> tree.n_leaves, tree.depth
    (5, 2)
    >>> print(tree.to_rules().splitlines()[2])  # every export: see dtlearn.exports
    IF outlook = overcast THEN play = yes
    """

    root: Node  # or a source of nodes made when first read (see Tree.root below)
    schema: Schema
    classes: tuple | None = None
    target_name: str = "class"
    missing: str = "majority"
    flavour: str = "id3"
    cost_matrix: np.ndarray | None = None
    criterion: str | None = None
    refuses_missing: bool = False

    def __post_init__(self) -> None:
        if self.missing not in MISSING_STRATEGIES:
            raise ValueError(f"missing must be one of {MISSING_STRATEGIES}, got {self.missing!r}")

    # ------------------------------------------------------------------ structure
    @property
    def is_classifier(self) -> bool:
        """Whether the tree predicts classes (else numbers)."""
        return self.classes is not None

    @property
    def leaf_statistic(self) -> str | None:
        """What a regression leaf predicts: ``"median"`` (MAE trees) or ``"mean"``.

        ``None`` for a classification tree.

        Examples
        --------
        >>> import numpy as np
        >>> from dtlearn import CARTRegressor
        >>> X, y = np.arange(4.0).reshape(-1, 1), [1.0, 2.0, 10.0, 11.0]
        >>> CARTRegressor(criterion="mae", max_depth=1).fit(X, y).tree_.leaf_statistic
        'median'
        """
        if self.is_classifier:
            return None
        return criteria.get(self.criterion).leaf_statistic if self.criterion else "mean"

    @property
    def impurity_name(self) -> str:
        """Name of the node impurity (``"entropy"``, ``"Gini"``, ``"MSE"``, ...).

        It comes from the criterion registry; ``"impurity"`` for a tree of no criterion.
        """
        return criteria.get(self.criterion).impurity_name if self.criterion else "impurity"

    def nodes(self) -> Iterator[Node]:
        """All nodes in pre-order (parent before children, branches in order)."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def nodes_and_parents(self) -> tuple[list[Node], np.ndarray]:
        """The nodes in pre-order and each one's parent position (-1 for the root).

        One walk reads each node's children once and notes its parent's position on the
        way down (the recorded depths are not read: a tree read from JSON may carry any).
        Pruners number their nodes this way.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> nodes, parent = ID3Classifier().fit(*load_play_tennis()).tree_.nodes_and_parents()
        >>> nodes[0].depth, parent.tolist()
        (0, [-1, 0, 1, 1, 0, 0, 5, 5])
        """
        nodes: list[Node] = []
        parents: list[int] = []
        stack, above = [self.root], [-1]
        pop, pop_above = stack.pop, above.pop
        append, append_parent = nodes.append, parents.append
        extend, extend_above = stack.extend, above.extend
        while stack:
            node = pop()
            append_parent(pop_above())
            children = node.children
            if children:
                extend_above([len(nodes)] * len(children))
                extend(children[::-1])
            append(node)
        return nodes, np.array(parents, dtype=np.int64)

    def preorder_columns(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(node_id, parent, n_samples, impurity)`` of every node, in pre-order.

        ``parent`` holds the parent's position (-1 for the root), as in
        :meth:`nodes_and_parents`. A tree whose nodes are still arrays (a level-wise fit,
        :func:`dtlearn.from_sklearn`) answers from them without making the Node objects:
        what a pruner reads of a large tree.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> ids, parent, n, impurity = ID3Classifier().fit(*load_play_tennis()).tree_.preorder_columns()
        >>> parent.tolist(), n[:2].tolist()
        ([-1, 0, 1, 1, 0, 0, 5, 5], [14.0, 5.0])
        """
        source = self.__dict__["root"]
        if not isinstance(source, Node):
            return source.columns()
        nodes, parents = self.nodes_and_parents()
        return (
            np.array([n.node_id for n in nodes], dtype=np.int64),
            parents,
            np.array([n.n_samples for n in nodes], dtype=float),
            np.array([n.impurity for n in nodes], dtype=float),
        )

    def nodes_with_depth_first_parents(self) -> Iterator[tuple[Node, Node | None, int]]:
        """``(node, parent, branch index)`` for every node in pre-order."""
        stack: list[tuple[Node, Node | None, int]] = [(self.root, None, -1)]
        while stack:
            node, parent, branch = stack.pop()
            yield node, parent, branch
            stack.extend((c, node, b) for b, c in reversed(list(enumerate(node.children))))

    def leaves(self) -> list[Node]:
        """The leaves, left to right."""
        return [n for n in self.nodes() if n.is_leaf]

    def node(self, node_id: int) -> Node:
        """The node with id ``node_id``."""
        for n in self.nodes():
            if n.node_id == node_id:
                return n
        raise ValueError(f"node_id {node_id} is not in this tree")

    @property
    def n_nodes(self) -> int:
        """Number of nodes (inner nodes and leaves); nodes kept as arrays stay arrays."""
        source = self.__dict__["root"]
        if not isinstance(source, Node) and not source.changed:
            return len(source)
        return sum(1 for _ in self.nodes())

    @property
    def n_leaves(self) -> int:
        """Number of leaves; nodes kept as arrays stay arrays."""
        source = self.__dict__["root"]
        if not isinstance(source, Node) and not source.changed:
            return int((source.feature < 0).sum())
        return sum(1 for n in self.nodes() if n.is_leaf)

    @property
    def depth(self) -> int:
        """Length of the longest root-to-leaf path, in tests; nodes kept as arrays stay arrays."""
        source = self.__dict__["root"]
        if not isinstance(source, Node) and not source.changed:
            return int(source.depth.max())
        return max(n.depth for n in self.nodes())

    def copy(self) -> Tree:
        """A deep copy (node ids kept), safe to prune without touching the original."""
        return self.with_leaves_at(())

    def with_leaves_at(self, node_ids: Any) -> Tree:
        """A copy in which the nodes ``node_ids`` become leaves (their subtrees removed).

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
        >>> tree.with_leaves_at([tree.root.node_id]).n_nodes
        1
        """
        try:
            cut = set(node_ids)
        except TypeError:
            raise TypeError(f"node_ids must be a list of node ids, got {node_ids!r}") from None
        unknown = cut - {n.node_id for n in self.nodes()}
        if unknown:
            raise ValueError(
                f"node_ids: {sorted(map(repr, unknown))} are not node ids of this tree"
            )
        new_root = _clone_node(self.root, cut)
        stack = [(self.root, new_root)]
        while stack:
            old, new = stack.pop()
            if old.node_id in cut:
                continue
            for child in old.children:
                new_child = _clone_node(child, cut)
                new.children.append(new_child)
                stack.append((child, new_child))
            if not new.children:
                new.split = None
        return Tree(
            new_root,
            self.schema,
            self.classes,
            self.target_name,
            self.missing,
            self.flavour,
            self.cost_matrix,
            self.criterion,
            self.refuses_missing,
        )

    # ------------------------------------------------------------------ prediction
    def _encode(self, X: Any) -> np.ndarray:
        if (
            isinstance(X, np.ndarray)
            and X.dtype.kind == "f"
            and X.ndim == 2
            and X.shape[1] == self.schema.n_features
            and not any(self.schema.is_categorical(j) for j in range(self.schema.n_features))
        ):
            if np.isinf(X).any():
                raise ValueError("X holds infinite values")
            Xe = X
        else:
            Xe = encode(X, self.schema)
        if self.refuses_missing:
            refuse_missing(X, Xe, self.schema, "this tree")
        return Xe

    def predict_values(self, X: Any, encoded: bool = False) -> np.ndarray:
        """Class distributions (n × k) or regression means (n,) for the rows of ``X``.

        ``encoded=True`` skips encoding when ``X`` is already the float matrix of
        :func:`dtlearn.data.encode`.
        """
        Xe = X if encoded else self._encode(X)
        source = self._arrays()
        if source is not None:  # nodes kept as arrays (made or not): route through them
            routed = source.predict_values(Xe)
            if routed is not None:
                return routed if self.is_classifier else routed[:, 0]
        width = len(self.root.value)
        out = np.zeros((Xe.shape[0], width))
        stack = [(self.root, np.arange(Xe.shape[0]), np.ones(Xe.shape[0]))]
        while stack:
            node, rows, weight = stack.pop()
            if rows.size == 0:
                continue
            if node.is_leaf:
                out[rows] += weight[:, None] * node.value
                continue
            branch = node.split.route(Xe[rows])
            for b, child in enumerate(node.children):
                mask = branch == b
                stack.append((child, rows[mask], weight[mask]))
            unknown = branch == UNKNOWN
            if unknown.any():
                if self.missing == "distribute":
                    for child, share in zip(node.children, node.child_weights()):
                        stack.append((child, rows[unknown], weight[unknown] * share))
                else:
                    out[rows[unknown]] += weight[unknown][:, None] * node.value
        return out if self.is_classifier else out[:, 0]

    def _arrays(self) -> Any:
        """The nodes' arrays (:mod:`dtlearn.grow.fast.node_arrays`) while they route as the nodes.

        A level-wise fit or :func:`dtlearn.from_sklearn` holds its nodes as arrays; the
        Node objects made from them when read keep them (and mark them changed when one of
        them is changed). ``None``: route through the nodes.
        """
        source = self.__dict__["root"]
        if isinstance(source, Node):
            source = getattr(source, "_arrays", None)
        return None if source is None or source.changed else source

    def predict(self, X: Any) -> np.ndarray:
        """Predicted class labels (first class on ties) or regression values."""
        if not self.is_classifier:
            return self.predict_values(X)
        indices = self.predict_label_indices(X)
        labels = np.empty(len(indices), dtype=object)
        labels[:] = [self.classes[i] for i in indices]
        return labels

    def predict_label_indices(self, X: Any, encoded: bool = False) -> np.ndarray:
        """Index (in ``classes``) of each row's predicted class: what :meth:`predict` names.

        ``label_indices(predict_values(X))``; while the nodes are arrays (and no cost
        matrix), each leaf's label is chosen once and each row takes its leaf's (no row of
        values per row).
        ``encoded=True`` as for :meth:`predict_values`.

        Examples
        --------
        >>> from dtlearn import CARTClassifier, load_play_tennis
        >>> X, y = load_play_tennis(numeric=True)
        >>> tree = CARTClassifier().fit(X, y).tree_
        >>> (tree.predict_label_indices(X) == tree.label_indices(tree.predict_values(X))).all()
        np.True_
        """
        Xe = X if encoded else self._encode(X)
        source = self._arrays()
        if source is not None and self.is_classifier and self.cost_matrix is None:
            # argmax row by row: a leaf's label is the one its rows' values give (a cost
            # matrix's product could round otherwise for a block of rows than for one)
            at = source.predict_labels(Xe, self.label_indices(source.value + 0.0))
            if at is not None:
                return at
        return self.label_indices(self.predict_values(Xe, encoded=True))

    def label_indices(self, proba: np.ndarray) -> np.ndarray:
        """Predicted class index for each row of class probabilities.

        The most probable class (first on ties), or with a cost matrix the class of least
        expected cost ``sum_i p_i cost[i, j]``.
        """
        if self.cost_matrix is None:
            return proba.argmax(axis=1)
        return (proba @ self.cost_matrix).argmin(axis=1)

    def apply(self, X: Any) -> np.ndarray:
        """Id of the leaf each row ends in (or of the node where an unknown value stopped it)."""
        Xe = self._encode(X)
        source = self._arrays()
        if source is not None:
            at = source.apply(Xe)
            if at is not None:
                return np.asarray(source.node_id, dtype=np.int64)[at]
        out = np.empty(Xe.shape[0], dtype=np.int64)
        stack = [(self.root, np.arange(Xe.shape[0]))]
        while stack:
            node, rows = stack.pop()
            if rows.size == 0:
                continue
            if node.is_leaf:
                out[rows] = node.node_id
                continue
            branch = node.split.route(Xe[rows])
            out[rows[branch == UNKNOWN]] = node.node_id
            for b, child in enumerate(node.children):
                stack.append((child, rows[branch == b]))
        return out

    def decision_path(self, x: Any) -> DecisionPath:
        """The tests one instance passes: :func:`dtlearn.exports.path.decision_path`.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
        >>> print(tree.decision_path({"outlook": "overcast"}))
        outlook = overcast -> predict 'yes'
        """
        return _exporter("decision_path")(self, x)

    def label_of(self, node: Node) -> Any:
        """What ``node`` predicts: a class label, or the regression value as a float.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
        >>> tree.label_of(tree.root), tree.label_of(tree.leaves()[0])
        ('yes', 'no')
        """
        if self.is_classifier:
            return self.classes[node.predicted_index]
        return float(node.value[0])

    def leaf_paths(self) -> Iterator[tuple[Node, list[tuple[Node, int]]]]:
        """Every leaf with the ``(node, branch)`` tests above it, left to right."""
        stack: list[tuple[Node, list[tuple[Node, int]]]] = [(self.root, [])]
        while stack:
            node, path = stack.pop()
            if node.is_leaf:
                yield node, path
                continue
            for b in reversed(range(len(node.children))):
                stack.append((node.children[b], path + [(node, b)]))

    # ------------------------------------------------------------------ exports
    # One-line delegates to the functions dtlearn.exports registered (one module per
    # format), which carry the full documentation.
    def to_text(self, style: str = "friendly", layout: str | None = None) -> str:
        """The tree as indented text: :func:`dtlearn.exports.text.tree_text`.

        ``style``: ``"friendly"`` (box drawing, counts at every node) or ``"weka"`` (Weka
        3.6's tree lines). ``layout``: for ``"weka"``, ``"id3"`` or ``"j48"``; ``None``
        prints in the layout of the learner that made the tree (:attr:`flavour`).

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
        >>> tree.to_text(style="weka").splitlines()[1]
        '|  humidity = high: no'
        >>> tree.to_text(style="weka", layout="j48").splitlines()[1]
        '|   humidity = high: no (3.0)'
        """
        return _exporter("to_text")(self, style, layout)

    def to_rules(self, unseen: bool = True) -> str:
        """One ``IF ... THEN ...`` line per leaf: :func:`dtlearn.exports.rule_text.rules_text`.

        ``unseen=True`` adds the rules of the nodes where a value the tree never saw stops.
        """
        return _exporter("to_rules")(self, unseen=unseen)

    def to_dot(self) -> str:
        """Graphviz DOT source: :func:`dtlearn.exports.dot.dot_source`."""
        return _exporter("to_dot")(self)

    def to_python(self, function_name: str = "predict") -> str:
        """Source of ``predict(row)``: :func:`dtlearn.exports.python_code.python_source`."""
        return _exporter("to_python")(self, function_name)

    def to_dict(self) -> dict:
        """Plain JSON-ready form: :func:`dtlearn.exports.json_io.tree_to_dict`."""
        return _exporter("to_dict")(self)

    def to_json(self, indent: int | None = None) -> str:
        """JSON text of :meth:`to_dict`: :func:`dtlearn.exports.json_io.tree_to_json`."""
        return _exporter("to_json")(self, indent)

    @classmethod
    def from_json(cls, text: str) -> Tree:
        """Tree from :meth:`to_json`, ValueError if malformed: ``exports.json_io.tree_from_json``."""
        return _exporter("from_json")(text)

    @classmethod
    def from_dict(cls, data: Any) -> Tree:
        """Tree from :meth:`to_dict`, every field validated: ``exports.json_io.tree_from_dict``."""
        return _exporter("from_dict")(data)

    def __repr__(self) -> str:
        return self.to_text()

    def __str__(self) -> str:
        return self.to_text()


def as_tree(model_or_tree: Any, arg: str = "model_or_tree") -> Tree:
    """The :class:`Tree` itself, or a fitted dtlearn model's ``tree_``: the one normaliser.

    Every function that takes "a fitted model or a tree" (pruners, curves, layouts,
    plots, checks) reads the tree through this, so all raise the same errors.

    Parameters
    ----------
    model_or_tree : Tree or fitted estimator
        A dtlearn :class:`Tree`, or a fitted dtlearn model (anything whose ``tree_`` is one).
    arg : str
        The argument's name in the caller, for the error message.

    Raises
    ------
    ValueError
        An estimator that is not fitted yet.
    TypeError
        Neither a dtlearn model nor a Tree.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> model = ID3Classifier().fit(*load_play_tennis())
    >>> as_tree(model) is model.tree_ is as_tree(model.tree_)
    True
    >>> as_tree(ID3Classifier(), arg="model")
    Traceback (most recent call last):
    ...
    ValueError: model: this ID3Classifier is not fitted yet; call fit(X, y) first
    >>> as_tree("outlook", arg="tree")
    Traceback (most recent call last):
    ...
    TypeError: tree must be a fitted dtlearn model or a dtlearn Tree, got str
    """
    if isinstance(model_or_tree, Tree):
        return model_or_tree
    tree = getattr(model_or_tree, "tree_", None)
    if isinstance(tree, Tree):
        return tree
    if hasattr(model_or_tree, "get_params"):
        raise ValueError(
            f"{arg}: this {type(model_or_tree).__name__} is not fitted yet; call fit(X, y) first"
        )
    raise TypeError(
        f"{arg} must be a fitted dtlearn model or a dtlearn Tree, got "
        f"{type(model_or_tree).__name__}"
    )


def refuse_missing(X: Any, Xe: np.ndarray, schema: Schema, who: str) -> None:
    """Raise a ``ValueError`` naming the first column of ``X`` that holds a missing value.

    ``Xe`` is ``X`` encoded (:func:`dtlearn.data.encode`), where a missing value and a
    category unseen at fit are both ``NaN``; only the first is refused (an unseen category
    stops at its node, and the rules cover it). ``who`` names the model in the message.

    Examples
    --------
    >>> from dtlearn.data import infer_schema
    >>> X = [["sunny", 1.0], ["foggy", 2.0]]
    >>> schema = infer_schema([["sunny", 0.5]])
    >>> refuse_missing(X, encode(X, schema), schema, "CARTClassifier")  # foggy: unseen
    >>> X = [["sunny", None]]
    >>> refuse_missing(X, encode(X, schema), schema, "CARTClassifier")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: X: column 'x1' has a missing value (NaN) in row 0; CARTClassifier was ...
    """
    with np.errstate(over="ignore", invalid="ignore"):  # a NaN sum: a NaN, or inf - inf
        if not np.isnan(np.add.reduce(Xe, axis=None)):  # one pass over the whole table
            return
        suspects = np.flatnonzero(np.isnan(Xe.sum(axis=0)))
    for j in suspects:
        rows = np.flatnonzero(np.isnan(Xe[:, j]))
        if not len(rows):
            continue
        if schema.is_categorical(j):
            raw = _raw_column(X, schema, j)
            rows = [i for i in rows if _missing_value(raw[i])]
            if not rows:
                continue  # categories unseen at fit, not missing values
        raise ValueError(
            f"X: column {schema.names[j]!r} has a missing value (NaN) in row {int(rows[0])}; "
            f"{who} was fitted without missing values and does not answer them: fill them "
            f"in (sklearn.impute.SimpleImputer), or fit C45Classifier, which handles them "
            f"as J48 does (or set tree.refuses_missing = False: the tree then answers them "
            f"at the node where they stop, missing='majority')"
        )


def _raw_column(X: Any, schema: Schema, j: int) -> list:
    """Column ``j`` of the table ``X`` as given (before encoding), as a list."""
    name = schema.names[j]
    if isinstance(X, pd.DataFrame):
        named = {str(c): c for c in X.columns}
        return list(X[named[name]] if name in named else X.iloc[:, j])
    if isinstance(X, (list, tuple)) and X and isinstance(X[0], dict):
        return [row.get(name) for row in X]
    return list(np.asarray(X, dtype=object)[:, j])


def _missing_value(value: Any) -> bool:
    return value is None or (np.ndim(value) == 0 and bool(pd.isna(value)))


def _read_root(tree: Tree) -> Node:
    root = tree.__dict__["root"]
    if not isinstance(root, Node):  # a source (dtlearn.grow.fast.node_arrays): make the nodes
        root = tree.__dict__["root"] = root.root()
    return root


def _write_root(tree: Tree, root: Any) -> None:
    tree.__dict__["root"] = root


# A level-wise fit gives its Tree the nodes as arrays (an object with ``root()``, the Node
# it makes once, and ``predict_values(X)``, None when it cannot route X): the Node objects
# cost more than the fit, and a tree that is only scored never needs them. Reading
# ``tree.root`` makes them; a pickle before that holds the arrays, after it the nodes.
Tree.root = property(_read_root, _write_root, doc="The root node (made when first read).")


# What each Tree method calls: dtlearn.exports fills this when imported (dtlearn imports it)
_EXPORTS: dict[str, Callable[..., Any]] = {}


def register_export(method: str, function: Callable[..., Any]) -> None:
    """Make ``Tree.<method>`` (``to_text``, ``to_json``, ``decision_path``...) call ``function``.

    :mod:`dtlearn.exports` registers every format when imported, and ``import dtlearn``
    imports it: the tree calls its exports without importing the modules that read it.

    Examples
    --------
    >>> import dtlearn
    >>> from dtlearn.exports import rules_text
    >>> _EXPORTS["to_rules"] is rules_text
    True
    """
    if not callable(function):
        raise TypeError(f"register_export: function must be callable, got {function!r}")
    _EXPORTS[method] = function


def _exporter(method: str) -> Callable[..., Any]:
    try:
        return _EXPORTS[method]
    except KeyError:
        raise RuntimeError(
            f"Tree.{method} has no export registered: import dtlearn.exports "
            f"first (import dtlearn does)"
        ) from None


def __getattr__(name: str) -> Any:
    # the old home of the decision-path values, read from dtlearn.exports on first use
    if name in ("DecisionPath", "PathStep"):
        from .exports import path

        return getattr(path, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _nodes_from_records(records: list) -> Node:
    """Inverse of :meth:`Node.__reduce__`: the subtree's root, children linked."""
    nodes = [Node(r[0], r[1], r[2], r[3], r[4], r[5], r[6], [], r[8], r[9]) for r in records]
    for node, record in zip(nodes, records):
        node.children = [nodes[i] for i in record[7]]
    return nodes[0]


def _clone_node(node: Node, cut: set) -> Node:
    return Node(
        node.node_id,
        node.depth,
        node.n_samples,
        node.impurity,
        node.value.copy(),
        None if node.counts is None else node.counts.copy(),
        None if node.node_id in cut else node.split,
        [],
        None if node.node_id in cut or node.branch_weights is None else node.branch_weights.copy(),
        node.label,
    )
