"""The tree as plain JSON data and back, validating every field on the way in.

Named ``json_io`` rather than ``json`` so that the module never shadows the standard
library's ``json`` when this folder is on ``sys.path``.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from .. import criteria
from ..data import Schema, python_scalar
from ..splits import split_from_dict
from ..tree import Node, Tree

FORMAT = "dtlearn.tree/1"
"""The ``format`` tag of :func:`tree_to_dict`; a new layout of the data gets a new tag."""


def tree_to_dict(tree: Tree) -> dict:
    """Plain JSON-ready form of ``tree``; :func:`tree_from_dict` reverses it.

    Nodes are listed in pre-order, each naming its children by id.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> data = tree_to_dict(ID3Classifier().fit(*load_play_tennis()).tree_)
    >>> data["format"], data["classes"], len(data["nodes"])
    ('dtlearn.tree/1', ['yes', 'no'], 8)
    """
    nodes = []
    for node in tree.nodes():
        nodes.append(
            {
                "id": node.node_id,
                "depth": node.depth,
                "n_samples": node.n_samples,
                "impurity": node.impurity,
                "value": [float(v) for v in node.value],
                "counts": None if node.counts is None else [float(c) for c in node.counts],
                "split": None if node.split is None else node.split.to_dict(),
                "children": [c.node_id for c in node.children],
                "branch_weights": None
                if node.branch_weights is None
                else [float(w) for w in node.branch_weights],
                "label": node.label,
            }
        )
    return {
        "format": FORMAT,
        "schema": tree.schema.to_dict(),
        "classes": None if tree.classes is None else [python_scalar(c) for c in tree.classes],
        "target_name": tree.target_name,
        "missing": tree.missing,
        "flavour": tree.flavour,
        "criterion": tree.criterion,
        "refuses_missing": tree.refuses_missing,
        "root": tree.root.node_id,
        "nodes": nodes,
        "cost_matrix": None if tree.cost_matrix is None else tree.cost_matrix.tolist(),
    }


def tree_to_json(tree: Tree, indent: int | None = None) -> str:
    """JSON text of :func:`tree_to_dict`.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> tree_from_json(tree_to_json(tree)).to_text() == tree.to_text()
    True
    """
    return json.dumps(tree_to_dict(tree), indent=indent)


def tree_from_json(text: str) -> Tree:
    """Rebuild a tree from :func:`tree_to_json`, rejecting malformed input with ValueError.

    Examples
    --------
    >>> tree_from_json("{nope")
    Traceback (most recent call last):
    ...
    ValueError: from_json: not valid JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))
    """
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as exc:
        raise ValueError(f"from_json: not valid JSON ({exc})") from None
    return tree_from_dict(data)


def tree_from_dict(data: Any) -> Tree:
    """Rebuild a tree from :func:`tree_to_dict`, validating every field.

    Raises ValueError (message starting ``tree:``) on a wrong format tag, malformed or
    non-finite node fields, a child reached twice, unreachable nodes or a split that
    does not fit the schema.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> tree = ID3Classifier().fit(X, y).tree_
    >>> list(tree_from_dict(tree_to_dict(tree)).predict(X)) == list(tree.predict(X))
    True
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"tree: expected a dict with format {FORMAT!r}")
    schema = Schema.from_dict(data.get("schema"))
    classes = _classes_from_dict(data)
    width = len(classes) if classes is not None else 1
    built = _nodes_from_dict(data, schema, width, classes is not None)
    root = _root_from_dict(data, built)
    try:
        cost, criterion, refuses = _fit_options(data, width)
        return Tree(
            root,
            schema,
            None if classes is None else tuple(classes),
            str(data.get("target_name", "class")),
            data.get("missing", "majority"),
            str(data.get("flavour", "id3")),
            cost,
            criterion,
            refuses,
        )
    except (ValueError, TypeError) as exc:
        raise ValueError(f"tree: {exc}") from None


def _classes_from_dict(data: dict) -> list | None:
    """The class labels (a non-empty list), ``None`` for a regression tree."""
    classes = data.get("classes")
    if classes is not None and (not isinstance(classes, list) or not classes):
        raise ValueError("tree: classes must be a non-empty list or null")
    return classes


def _nodes_from_dict(
    data: dict, schema: Schema, width: int, classification: bool
) -> dict[int, tuple[Node, list[int]]]:
    """Every node read (not yet linked), by id, with its children's ids; ids unique."""
    raw = data.get("nodes")
    if not isinstance(raw, list) or not raw:
        raise ValueError("tree: nodes must be a non-empty list")
    built: dict[int, tuple[Node, list[int]]] = {}
    for item in raw:
        node, children = _node_from_dict(item, schema, width, classification)
        if node.node_id in built:
            raise ValueError(f"tree: duplicate node id {node.node_id}")
        built[node.node_id] = (node, children)
    return built


def _root_from_dict(data: dict, built: dict[int, tuple[Node, list[int]]]) -> Node:
    """The root, every node linked below it (:func:`_link_children`)."""
    root_id = data.get("root")
    if not isinstance(root_id, int) or isinstance(root_id, bool) or root_id not in built:
        raise ValueError("tree: root id is not among the nodes")
    if not built[root_id][0].n_samples > 0:
        raise ValueError("tree: the root must have n_samples > 0")
    _link_children(built, root_id)
    return built[root_id][0]


def _fit_options(data: dict, width: int) -> tuple[np.ndarray | None, str | None, bool]:
    """The cost matrix, criterion name and missing-value refusal the tree was fitted with."""
    cost = data.get("cost_matrix")
    if cost is not None:
        cost = np.asarray(cost, dtype=float)
        if cost.shape != (width, width) or not np.isfinite(cost).all():
            raise ValueError("cost_matrix must be k × k finite numbers")
    criterion = data.get("criterion")
    if criterion is not None:
        criteria.get(criterion)  # an unknown name is a ValueError naming the known ones
    refuses = data.get("refuses_missing", False)  # absent before 0.3: answers them
    if not isinstance(refuses, bool):
        raise ValueError(f"refuses_missing must be true or false, not {refuses!r}")
    return cost, criterion, refuses


def _link_children(built: dict[int, tuple[Node, list[int]]], root_id: int) -> None:
    """Attach every node to its parent; each id reached once, every node reached."""
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


def _node_from_dict(
    item: Any, schema: Schema, width: int, classification: bool
) -> tuple[Node, list[int]]:
    """A node read from its dict (checked), and its children's ids."""
    node, children = _read_node(item, schema, width)
    _check_numbers(node, width, classification)
    _check_links(node, children)
    return node, children


def _read_node(item: Any, schema: Schema, width: int) -> tuple[Node, Any]:
    """The node's fields as written, each of the right kind, and its children's ids (unread)."""
    if not isinstance(item, dict):
        raise ValueError(f"tree: node must be a dict, got {type(item).__name__}")
    try:
        node_id, depth = item["id"], item["depth"]
        if (
            not isinstance(node_id, int)
            or not isinstance(depth, int)
            or depth < 0
            or isinstance(node_id, bool)
            or isinstance(depth, bool)
        ):
            raise ValueError("tree: node id and depth must be non-negative integers")
        n_samples, impurity = float(item["n_samples"]), float(item["impurity"])
        value = np.asarray(item["value"], dtype=float)
        counts = None if item["counts"] is None else np.asarray(item["counts"], dtype=float)
        children = item["children"]
        split = None if item["split"] is None else split_from_dict(item["split"], schema)
        bw = item.get("branch_weights")
        branch_weights = None if bw is None else np.asarray(bw, dtype=float)
        label = item.get("label")
        if label is not None and (
            not isinstance(label, int) or isinstance(label, bool) or not 0 <= label < width
        ):
            raise ValueError(f"tree: node {node_id} label must be a class index")
    except (KeyError, TypeError) as exc:
        raise ValueError(f"tree: malformed node ({exc})") from None
    node = Node(
        node_id, depth, n_samples, impurity, value, counts, split, [], branch_weights, label
    )
    return node, children


def _check_numbers(node: Node, width: int, classification: bool) -> None:
    """Value, counts, size and impurity: the shapes the tree's classes ask, finite."""
    node_id, value, counts = node.node_id, node.value, node.counts
    if value.shape != (width,) or not np.isfinite(value).all():
        raise ValueError(f"tree: node {node_id} value must be {width} finite numbers")
    if classification != (counts is not None) or (counts is not None and counts.shape != (width,)):
        raise ValueError(f"tree: node {node_id} counts do not match the classes")
    with np.errstate(over="ignore"):
        bad_counts = counts is not None and (not np.isfinite(counts.sum()) or (counts < 0).any())
    if bad_counts:
        raise ValueError(f"tree: node {node_id} counts must be finite numbers >= 0")
    if node.n_samples < 0 or not np.isfinite(node.n_samples):
        raise ValueError(f"tree: node {node_id} n_samples must be a finite number >= 0")
    if not np.isfinite(node.impurity):
        raise ValueError(f"tree: node {node_id} impurity must be a finite number")


def _check_links(node: Node, children: Any) -> None:
    """One child id per branch of the node's split (none for a leaf), branch weights to match."""
    node_id, split = node.node_id, node.split
    if not isinstance(children, list) or not all(
        isinstance(c, int) and not isinstance(c, bool) for c in children
    ):
        raise ValueError(f"tree: node {node_id} children must be a list of ids")
    if (split is None) != (not children) or (
        split is not None and len(children) != split.n_branches
    ):
        raise ValueError(f"tree: node {node_id} needs one child per branch of its split")
    if node.branch_weights is not None and node.branch_weights.shape != (len(children),):
        raise ValueError(f"tree: node {node_id} branch_weights do not match its children")
