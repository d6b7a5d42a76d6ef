"""The Tree value: nodes with counts and splits, prediction, and every export.

A :class:`Tree` is plain data: nodes hold their (weighted) class counts or regression
statistics, their impurity, their split and their children. All traversals are iterative,
so a tree thousands of levels deep predicts and exports without ``RecursionError``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterator

import numpy as np

from .data import Schema, encode, python_scalar
from .splits import UNKNOWN, Split, format_number, split_from_dict

MISSING_STRATEGIES = ("majority", "distribute")

IMPURITY_NAMES = {"entropy": "entropy", "gain_ratio": "entropy", "gini": "Gini",
                  "cost_gini": "cost-weighted Gini", "misclassification": "error",
                  "mse": "MSE", "mae": "MAE"}
"""How each growing criterion's node impurity is named in printed trees and figures."""


def plural(n: float, word: str, words: str | None = None) -> str:
    """``n`` followed by ``word`` in the singular for exactly 1, else in the plural.

    Fractional counts (C4.5's weights) are formatted with up to 2 decimals.

    Examples
    --------
    >>> plural(1, "row"), plural(3, "leaf", "leaves"), plural(2.5, "row")
    ('1 row', '3 leaves', '2.5 rows')
    """
    shown = format_number(n, 2)
    return f"{shown} {word if shown == '1' else (words or word + 's')}"


def format_value(value: float) -> str:
    """A regression value as the course prints it: 3 decimals, 3 significant digits if tiny.

    Examples
    --------
    >>> format_value(0.5941252504116743), format_value(-12.0), format_value(0.00012345)
    ('0.594', '-12', '0.000123')
    """
    value = float(value)
    if value != 0 and abs(value) < 0.01:
        return f"{value:.3g}"
    return format_number(value, 3)


@dataclass(eq=False)
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
    children: list["Node"] = field(default_factory=list)
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
        what = "leaf" if self.is_leaf else f"split={self.split!r}, children=" \
            f"{[c.node_id for c in self.children]}"
        return (f"Node(node_id={self.node_id}, depth={self.depth}, "
                f"n_samples={self.n_samples:g}, {what})")

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
            records.append((node.node_id, node.depth, node.n_samples, node.impurity, node.value,
                            node.counts, node.split, [index[id(c)] for c in node.children],
                            node.branch_weights, node.label))
        return (_nodes_from_records, (records,))

    def child_weights(self) -> np.ndarray:
        """Fractions used to mix the children for an instance with an unknown test value."""
        if self.branch_weights is not None:
            return np.asarray(self.branch_weights, dtype=float)
        sizes = np.array([c.n_samples for c in self.children], dtype=float)
        total = sizes.sum()
        return sizes / total if total > 0 else np.full(len(sizes), 1.0 / len(sizes))


@dataclass(frozen=True)
class PathStep:
    """One test passed on the way down: the node, the branch taken and its condition."""

    node_id: int
    condition: str
    n_samples: float


@dataclass(frozen=True)
class DecisionPath:
    """The tests an instance passes from the root to its leaf, and the prediction there.

    ``str()`` reads like an explanation: ``outlook = sunny -> humidity = high -> no``.
    """

    steps: tuple[PathStep, ...]
    leaf_id: int
    prediction: Any
    stopped_early: bool = False

    def __str__(self) -> str:
        parts = [s.condition for s in self.steps]
        end = f"predict {self._shown()}"
        if self.stopped_early:
            end += " (value unknown at the last node: its majority is used)"
        return " -> ".join(parts + [end])

    __repr__ = __str__

    def _repr_markdown_(self) -> str:
        lines = [f"{i + 1}. `{s.condition}` ({plural(s.n_samples, 'training row')})"
                 for i, s in enumerate(self.steps)]
        return "\n".join(lines + [f"\n**prediction: {self._shown(quote=False)}** "
                                  f"(leaf {self.leaf_id})"])

    def _shown(self, quote: bool = True) -> str:
        """The prediction as printed: a number rounded (regression), a label quoted."""
        if isinstance(self.prediction, float):
            return format_value(self.prediction)
        return repr(self.prediction) if quote else str(self.prediction)


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
        Which Weka layout ``to_text(style="weka")`` follows: ``"id3"`` or ``"j48"``.
    cost_matrix : numpy.ndarray or None
        ``cost_matrix[i, j]``: cost of predicting class j for an instance of class i.
        When given, predictions minimise the expected cost instead of maximising the
        probability.
    criterion : str or None
        The growing criterion (``"entropy"``, ``"gini"``, ``"mse"``, ``"mae"``, ...), which
        names the impurity in printed trees and says what a regression leaf predicts (the
        median for ``"mae"``, else the mean). ``None``: not recorded.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> tree = ID3Classifier().fit(X, y).tree_
    >>> tree.n_leaves, tree.depth
    (5, 2)
    """

    root: Node
    schema: Schema
    classes: tuple | None = None
    target_name: str = "class"
    missing: str = "majority"
    flavour: str = "id3"
    cost_matrix: np.ndarray | None = None
    criterion: str | None = None

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
        return "median" if self.criterion == "mae" else "mean"

    @property
    def impurity_name(self) -> str:
        """Name of the node impurity (``"entropy"``, ``"Gini"``, ``"MSE"``, ...)."""
        return IMPURITY_NAMES.get(self.criterion or "", "impurity")

    def nodes(self) -> Iterator[Node]:
        """All nodes in pre-order (parent before children, branches in order)."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

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
        """Number of nodes (inner nodes and leaves)."""
        return sum(1 for _ in self.nodes())

    @property
    def n_leaves(self) -> int:
        """Number of leaves."""
        return sum(1 for n in self.nodes() if n.is_leaf)

    @property
    def depth(self) -> int:
        """Length of the longest root-to-leaf path, in tests."""
        return max(n.depth for n in self.nodes())

    def copy(self) -> "Tree":
        """A deep copy (node ids kept), safe to prune without touching the original."""
        return self.with_leaves_at(())

    def with_leaves_at(self, node_ids: Any) -> "Tree":
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
            raise ValueError(f"node_ids: {sorted(map(repr, unknown))} are not node ids of "
                             f"this tree")
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
        return Tree(new_root, self.schema, self.classes, self.target_name, self.missing,
                    self.flavour, self.cost_matrix, self.criterion)

    # ------------------------------------------------------------------ prediction
    def _encode(self, X: Any) -> np.ndarray:
        if isinstance(X, np.ndarray) and X.dtype.kind == "f" and X.ndim == 2 and \
                X.shape[1] == self.schema.n_features and not any(
                    self.schema.is_categorical(j) for j in range(self.schema.n_features)):
            if np.isinf(X).any():
                raise ValueError("X holds infinite values")
            return X
        return encode(X, self.schema)

    def predict_values(self, X: Any, encoded: bool = False) -> np.ndarray:
        """Class distributions (n × k) or regression means (n,) for the rows of ``X``.

        ``encoded=True`` skips encoding when ``X`` is already the float matrix of
        :func:`dtlearn.data.encode`.
        """
        Xe = X if encoded else self._encode(X)
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

    def predict(self, X: Any) -> np.ndarray:
        """Predicted class labels (first class on ties) or regression values."""
        values = self.predict_values(X)
        if not self.is_classifier:
            return values
        labels = np.empty(len(values), dtype=object)
        labels[:] = [self.classes[i] for i in self.label_indices(values)]
        return labels

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
        """The tests one instance passes, as a :class:`DecisionPath`.

        ``x`` may be a dict of feature values, a pandas Series, a 1-D sequence in column
        order, or a one-row table.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
        >>> print(tree.decision_path({"outlook": "sunny", "temperature": "hot",
        ...                           "humidity": "high", "windy": "FALSE"}))
        outlook = sunny -> humidity = high -> predict 'no'
        """
        Xe = encode(_one_row(x, self.schema), self.schema, arg="x")
        if Xe.shape[0] != 1:
            raise ValueError(f"x must be one instance; got {Xe.shape[0]} rows")
        node, steps = self.root, []
        while not node.is_leaf:
            branch = int(node.split.route(Xe)[0])
            if branch == UNKNOWN:
                return DecisionPath(tuple(steps), node.node_id, self._label(node), True)
            steps.append(PathStep(node.node_id, node.split.conditions(self.schema)[branch],
                                  node.n_samples))
            node = node.children[branch]
        return DecisionPath(tuple(steps), node.node_id, self._label(node))

    def _label(self, node: Node) -> Any:
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

    # ------------------------------------------------------------------ text exports
    def _label_text(self, node: Node) -> str:
        """The prediction of ``node`` as printed: a class name, or a rounded number."""
        if self.is_classifier:
            return str(self.classes[node.predicted_index])
        return format_value(node.value[0])

    def _leaf_text(self, node: Node, style: str) -> str:
        if not self.is_classifier:
            return f"{format_value(node.value[0])} ({format_number(node.n_samples, 2)})"
        label = self.classes[node.predicted_index]
        if style == "id3":
            return "null" if node.n_samples == 0 else str(label)
        # Weka: Utils.roundDouble(x, 2) = Math.rint(x * 100) / 100; errors shown when > 1e-6
        weight = _java_double(np.rint(node.n_samples * 100) / 100)
        errors = _java_double(np.rint(node.errors * 100) / 100)
        return f"{label} ({weight}/{errors})" if node.errors > 1e-6 else f"{label} ({weight})"

    def to_text(self, style: str = "friendly") -> str:
        """The tree as indented text.

        Parameters
        ----------
        style : {"friendly", "weka"}
            ``"friendly"``: box-drawing lines with the class counts at every node.
            ``"weka"``: exactly the tree lines Weka 3.6 prints (``Id3`` layout with
            ``|  `` for ID3 trees, ``J48`` layout with ``|   `` and ``(weight/errors)``
            for the others), without Weka's header and footer.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> print(ID3Classifier().fit(*load_play_tennis()).tree_.to_text(style="weka"))
        outlook = sunny
        |  humidity = high: no
        |  humidity = normal: yes
        outlook = overcast: yes
        outlook = rainy
        |  windy = TRUE: no
        |  windy = FALSE: yes
        """
        if style == "weka":
            return self._weka_text()
        if style != "friendly":
            raise ValueError(f"style must be 'friendly' or 'weka', got {style!r}")
        return "\n".join(self._friendly_lines())

    def _summary(self, node: Node) -> str:
        n = format_number(node.n_samples, 2)
        if not self.is_classifier:
            return f"({plural(node.n_samples, 'row')}, {self.leaf_statistic} " \
                f"{format_value(node.value[0])})"
        counts = ", ".join(f"{c} {format_number(v, 2)}" for c, v in zip(self.classes, node.counts))
        return f"({n}: {counts})"

    def _friendly_lines(self) -> list[str]:
        lines = [f"{self.target_name}?  {self._summary(self.root)}"]
        stack: list[tuple[Node, str, str, str]] = []

        def push_children(node: Node, prefix: str) -> None:
            conditions = node.split.conditions(self.schema)
            last = len(node.children) - 1
            for i in reversed(range(len(node.children))):
                stack.append((node.children[i], conditions[i], prefix,
                              "└─ " if i == last else "├─ "))

        if not self.root.is_leaf:
            push_children(self.root, "")
        while stack:
            node, cond, prefix, branch = stack.pop()
            outcome = f" → {self._label_text(node)}" if node.is_leaf else ""
            lines.append(f"{prefix}{branch}{cond}{outcome}  {self._summary(node)}")
            if not node.is_leaf:
                push_children(node, prefix + ("   " if branch == "└─ " else "│  "))
        return lines

    def _weka_text(self) -> str:
        style = "id3" if self.flavour == "id3" else "j48"
        bar = "|  " if style == "id3" else "|   "
        if self.root.is_leaf:
            return f": {self._leaf_text(self.root, style)}"
        return "\n".join(self._weka_block(self.root, 0, bar, style))

    def _weka_block(self, node: Node, level: int, bar: str, style: str) -> list[str]:
        lines: list[str] = []
        stack: list[tuple[Node, int, int]] = [(node, level, 0)]
        while stack:
            current, lvl, start = stack.pop()
            conditions = current.split.conditions(self.schema)
            for i in range(start, len(current.children)):
                child = current.children[i]
                text = bar * lvl + conditions[i]
                if child.is_leaf:
                    lines.append(f"{text}: {self._leaf_text(child, style)}")
                else:
                    lines.append(text)
                    stack.append((current, lvl, i + 1))
                    stack.append((child, lvl + 1, 0))
                    break
        return lines

    def to_rules(self) -> str:
        """One ``IF ... AND ... THEN ...`` rule per leaf, left to right.

        A regression rule says what its number is: ``(mean of 16 training rows)``, or the
        median for an MAE tree.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> print(ID3Classifier().fit(*load_play_tennis()).tree_.to_rules().splitlines()[0])
        IF outlook = sunny AND humidity = high THEN play = no
        """
        rules = []
        conditions = {n.node_id: n.split.conditions(self.schema)
                      for n in self.nodes() if not n.is_leaf}
        for leaf, path in self.leaf_paths():
            conds = [conditions[node.node_id][b] for node, b in path]
            head = "IF " + " AND ".join(conds) if conds else "IF TRUE"
            what = "" if self.is_classifier else \
                f"  ({self.leaf_statistic} of {plural(leaf.n_samples, 'training row')})"
            rules.append(f"{head} THEN {self.target_name} = {self._label_text(leaf)}{what}")
        return "\n".join(rules)

    def to_dot(self) -> str:
        """Graphviz DOT source (node boxes with counts, edges labelled with the test).

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> ID3Classifier().fit(*load_play_tennis()).tree_.to_dot().splitlines()[0]
        'digraph tree {'
        """
        out = ["digraph tree {", '  node [shape=box, style="rounded", fontname="Helvetica"];']
        for node, parent, branch in self.nodes_with_depth_first_parents():
            if node.is_leaf:
                head = f"{self.target_name} = {self._label_text(node)}"
            else:
                head = self.schema.names[node.split.features[0]] if len(node.split.features) == 1 \
                    else "linear test"
            label = f"{head}\\n{self._summary(node)}"
            out.append(f"  n{node.node_id} [label={_dot_string(label)}];")
            if parent is not None:
                cond = parent.split.conditions(self.schema)[branch]
                out.append(f"  n{parent.node_id} -> n{node.node_id} [label={_dot_string(cond)}];")
        out.append("}")
        return "\n".join(out)

    def to_python(self, function_name: str = "predict") -> str:
        """Source of a plain-Python function ``predict(row)`` reproducing the tree.

        ``row`` is a mapping from feature name to value. Names and labels are written as
        Python literals, so no name can break or inject code. Trees deeper than 80 levels
        are written as a loop over a node table instead of nested ``if`` statements
        (Python's parser limits nesting).

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> source = ID3Classifier().fit(*load_play_tennis()).tree_.to_python()
        >>> namespace = {}
        >>> exec(source, namespace)
        >>> namespace["predict"]({"outlook": "overcast"})
        'yes'
        """
        if not function_name.isidentifier():
            raise ValueError(f"function_name must be a Python identifier, got {function_name!r}")
        if self.depth > 80:
            return self._python_table(function_name)
        lines = [f"def {function_name}(row):"]
        stack: list[tuple[Any, int]] = [(self.root, 1)]
        while stack:
            item, indent = stack.pop()
            pad = "    " * indent
            if isinstance(item, str):  # a line already rendered
                lines.append(pad + item)
            elif item.is_leaf:
                lines.append(f"{pad}return {self._label(item)!r}")
            else:
                block: list[tuple[Any, int]] = []
                for i, (test, child) in enumerate(zip(self._python_tests(item), item.children)):
                    block.append((f"{'if' if i == 0 else 'elif'} {test}:", indent))
                    block.append((child, indent + 1))
                block.append((f"return {self._label(item)!r}", indent))
                stack.extend(reversed(block))
        return "\n".join(lines) + "\n"

    def _python_tests(self, node: Node) -> list[str]:
        split = node.split
        if split.kind == "oblique":
            names = [self.schema.names[c] for c in split.columns]
            terms = " + ".join(f"{float(w)!r} * row[{n!r}]" for n, w in zip(names, split.weights))
            known = " and ".join(f"row.get({n!r}) is not None" for n in names)
            expr = f"{terms} + {float(split.bias)!r}"
            return [f"{known} and {expr} <= 0", f"{known} and {expr} > 0"]
        name = self.schema.names[split.features[0]]
        value = f"row.get({name!r})"
        cats = self.schema.categories[split.features[0]]
        if split.kind == "threshold" and cats is not None:  # ordinal: list each side's categories
            left = split.left_categories(self.schema)
            right = tuple(c for c in cats if c not in left)
            return [f"{value} in ({''.join(_plain_literal(c) + ', ' for c in side)})"
                    for side in (left, right)]
        if split.kind == "threshold":
            t = float(split.threshold)
            if split.tolerance:  # C4.5: within the tolerance above t still goes left (J48)
                return [f"{value} is not None and ({value} <= {t!r} or {value} - {t!r} < "
                        f"{float(split.tolerance)!r})",
                        f"{value} is not None and {value} > {t!r} and {value} - {t!r} >= "
                        f"{float(split.tolerance)!r}"]
            return [f"{value} is not None and {value} <= {t!r}",
                    f"{value} is not None and {value} > {t!r}"]
        if split.kind == "multiway":
            return [f"{value} == {_plain_literal(cats[k])}" for k in range(split.n_branches)]
        return [f"{value} in ({', '.join(_plain_literal(cats[k]) for k in codes)},)"
                for codes in (split.left, split.right)]

    def _python_table(self, function_name: str) -> str:
        entries = []
        for node in self.nodes():
            if node.is_leaf:
                entries.append(f"    {node.node_id}: ({self._label(node)!r}, []),")
            else:
                tests = [f"(lambda row: {t}, {c.node_id})"
                         for t, c in zip(self._python_tests(node), node.children)]
                entries.append(f"    {node.node_id}: ({self._label(node)!r}, [{', '.join(tests)}]),")
        return "\n".join([
            "_NODES = {", *entries, "}", "", "",
            f"def {function_name}(row):",
            f"    node = {self.root.node_id}",
            "    while True:",
            "        label, tests = _NODES[node]",
            "        for test, child in tests:",
            "            if test(row):",
            "                node = child",
            "                break",
            "        else:",
            "            return label",
        ]) + "\n"

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict:
        """Plain JSON-ready form; :meth:`from_dict` reverses it."""
        nodes = []
        for node in self.nodes():
            nodes.append({
                "id": node.node_id, "depth": node.depth, "n_samples": node.n_samples,
                "impurity": node.impurity, "value": [float(v) for v in node.value],
                "counts": None if node.counts is None else [float(c) for c in node.counts],
                "split": None if node.split is None else node.split.to_dict(),
                "children": [c.node_id for c in node.children],
                "branch_weights": None if node.branch_weights is None
                else [float(w) for w in node.branch_weights],
                "label": node.label,
            })
        return {"format": "dtlearn.tree/1", "schema": self.schema.to_dict(),
                "classes": None if self.classes is None else [python_scalar(c) for c in self.classes],
                "target_name": self.target_name, "missing": self.missing,
                "flavour": self.flavour, "criterion": self.criterion,
                "root": self.root.node_id, "nodes": nodes,
                "cost_matrix": None if self.cost_matrix is None
                else self.cost_matrix.tolist()}

    def to_json(self, indent: int | None = None) -> str:
        """JSON text of :meth:`to_dict`.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
        >>> Tree.from_json(tree.to_json()).to_text() == tree.to_text()
        True
        """
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str) -> "Tree":
        """Rebuild a tree from :meth:`to_json`, rejecting malformed input with ValueError."""
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as exc:
            raise ValueError(f"from_json: not valid JSON ({exc})") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> "Tree":
        """Rebuild a tree from :meth:`to_dict`, validating every field."""
        if not isinstance(data, dict) or data.get("format") != "dtlearn.tree/1":
            raise ValueError("tree: expected a dict with format 'dtlearn.tree/1'")
        schema = Schema.from_dict(data.get("schema"))
        classes = data.get("classes")
        if classes is not None and (not isinstance(classes, list) or not classes):
            raise ValueError("tree: classes must be a non-empty list or null")
        width = len(classes) if classes is not None else 1
        raw = data.get("nodes")
        if not isinstance(raw, list) or not raw:
            raise ValueError("tree: nodes must be a non-empty list")
        built: dict[int, tuple[Node, list[int]]] = {}
        for item in raw:
            node, children = _node_from_dict(item, schema, width, classes is not None)
            if node.node_id in built:
                raise ValueError(f"tree: duplicate node id {node.node_id}")
            built[node.node_id] = (node, children)
        root_id = data.get("root")
        if not isinstance(root_id, int) or isinstance(root_id, bool) or root_id not in built:
            raise ValueError("tree: root id is not among the nodes")
        if not built[root_id][0].n_samples > 0:
            raise ValueError("tree: the root must have n_samples > 0")
        seen = {root_id}
        stack = [root_id]
        while stack:
            node, children = built[stack.pop()]
            for cid in children:
                if cid not in built or cid in seen:
                    raise ValueError(f"tree: child id {cid!r} is missing or reached twice")
                seen.add(cid)
                node.children.append(built[cid][0])
                stack.append(cid)
        if len(seen) != len(built):
            raise ValueError("tree: some nodes are not reachable from the root")
        try:
            cost = data.get("cost_matrix")
            if cost is not None:
                cost = np.asarray(cost, dtype=float)
                if cost.shape != (width, width) or not np.isfinite(cost).all():
                    raise ValueError("cost_matrix must be k × k finite numbers")
            criterion = data.get("criterion")
            if criterion is not None and criterion not in IMPURITY_NAMES:
                raise ValueError(f"unknown criterion {criterion!r}")
            return cls(built[root_id][0], schema, None if classes is None else tuple(classes),
                       str(data.get("target_name", "class")), data.get("missing", "majority"),
                       str(data.get("flavour", "id3")), cost, criterion)
        except (ValueError, TypeError) as exc:
            raise ValueError(f"tree: {exc}") from None

    def __repr__(self) -> str:
        return self.to_text()

    def __str__(self) -> str:
        return self.to_text()


def _nodes_from_records(records: list) -> Node:
    """Inverse of :meth:`Node.__reduce__`: the subtree's root, children linked."""
    nodes = [Node(r[0], r[1], r[2], r[3], r[4], r[5], r[6], [], r[8], r[9]) for r in records]
    for node, record in zip(nodes, records):
        node.children = [nodes[i] for i in record[7]]
    return nodes[0]


def _clone_node(node: Node, cut: set) -> Node:
    return Node(node.node_id, node.depth, node.n_samples, node.impurity, node.value.copy(),
                None if node.counts is None else node.counts.copy(),
                None if node.node_id in cut else node.split, [],
                None if node.node_id in cut or node.branch_weights is None
                else node.branch_weights.copy(), node.label)


def _node_from_dict(item: Any, schema: Schema, width: int, classification: bool
                    ) -> tuple[Node, list[int]]:
    if not isinstance(item, dict):
        raise ValueError(f"tree: node must be a dict, got {type(item).__name__}")
    try:
        node_id, depth = item["id"], item["depth"]
        if not isinstance(node_id, int) or not isinstance(depth, int) or depth < 0 or \
                isinstance(node_id, bool) or isinstance(depth, bool):
            raise ValueError("tree: node id and depth must be non-negative integers")
        n_samples, impurity = float(item["n_samples"]), float(item["impurity"])
        value = np.asarray(item["value"], dtype=float)
        counts = None if item["counts"] is None else np.asarray(item["counts"], dtype=float)
        children = item["children"]
        split = None if item["split"] is None else split_from_dict(item["split"], schema)
        bw = item.get("branch_weights")
        branch_weights = None if bw is None else np.asarray(bw, dtype=float)
        label = item.get("label")
        if label is not None and (not isinstance(label, int) or isinstance(label, bool)
                                  or not 0 <= label < width):
            raise ValueError(f"tree: node {node_id} label must be a class index")
    except (KeyError, TypeError) as exc:
        raise ValueError(f"tree: malformed node ({exc})") from None
    if value.shape != (width,) or not np.isfinite(value).all():
        raise ValueError(f"tree: node {node_id} value must be {width} finite numbers")
    if classification != (counts is not None) or (counts is not None and counts.shape != (width,)):
        raise ValueError(f"tree: node {node_id} counts do not match the classes")
    with np.errstate(over="ignore"):
        bad_counts = counts is not None and (not np.isfinite(counts.sum()) or (counts < 0).any())
    if bad_counts:
        raise ValueError(f"tree: node {node_id} counts must be finite numbers >= 0")
    if n_samples < 0 or not np.isfinite(n_samples):
        raise ValueError(f"tree: node {node_id} n_samples must be a finite number >= 0")
    if not np.isfinite(impurity):
        raise ValueError(f"tree: node {node_id} impurity must be a finite number")
    if not isinstance(children, list) or not all(
            isinstance(c, int) and not isinstance(c, bool) for c in children):
        raise ValueError(f"tree: node {node_id} children must be a list of ids")
    if (split is None) != (not children) or (split is not None and
                                             len(children) != split.n_branches):
        raise ValueError(f"tree: node {node_id} needs one child per branch of its split")
    if branch_weights is not None and branch_weights.shape != (len(children),):
        raise ValueError(f"tree: node {node_id} branch_weights do not match its children")
    node = Node(node_id, depth, n_samples, impurity, value, counts, split, [], branch_weights,
                label)
    return node, children


def _one_row(x: Any, schema: Schema) -> Any:
    import pandas as pd

    if isinstance(x, (dict, pd.Series)):
        keys = list(x.keys())
        unknown = [k for k in keys if str(k) not in schema.names]
        if unknown:
            raise ValueError(f"x names features the tree does not know: {unknown}; its "
                             f"features are {list(schema.names)}")
        values = {str(k): v for k, v in zip(keys, (x[k] for k in keys))}
        return pd.DataFrame([{name: values.get(name) for name in schema.names}])
    if isinstance(x, pd.DataFrame):
        return x
    array = np.asarray(x, dtype=object)
    return array.reshape(1, -1) if array.ndim == 1 else array


def _java_double(value: float) -> str:
    """Java's ``Double.toString`` for the rounded counts Weka prints (``2.0``, ``253.41``)."""
    return repr(float(value))


def _dot_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\\\\n", "\\n") + '"'


def _plain_literal(value: Any) -> str:
    return repr(python_scalar(value))



