"""A fitted model's tree and data encoded for it: what every pruner and curve needs.

Pruning (reduced-error, rules, cost-complexity), the learning curves and the homework
checks all take "a fitted dtlearn model or a Tree" and validation data in the user's own
form. These small functions turn both into the tree and the encoded arrays the tree reads,
and say which rows reach which node.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..data import encode, encode_numeric_target, encode_target
from ..splits import UNKNOWN
from ..tree import Node, Tree, as_tree

__all__ = [
    "encode_features",
    "encode_labels",
    "inner_nodes_bottom_up",
    "root_paths",
    "rows_reaching",
    "tree_and_model",
    "validation_arrays",
    "with_tree",
]


def tree_and_model(model_or_tree: Any, arg: str = "model_or_tree") -> tuple[Tree, Any]:
    """Return ``(tree, model)`` from a fitted dtlearn model, or ``(tree, None)`` from a Tree.

    Raises
    ------
    ValueError
        The model is not fitted yet.
    TypeError
        Neither a dtlearn model nor a Tree.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> model = ID3Classifier().fit(*load_play_tennis())
    >>> tree, same = tree_and_model(model)
    >>> tree is model.tree_, same is model, tree_and_model(tree)[1]
    (True, True, None)
    """
    tree = as_tree(model_or_tree, arg)
    return tree, (None if tree is model_or_tree else model_or_tree)


def with_tree(model: Any, tree: Tree) -> Any:
    """Return a copy of the fitted estimator ``model`` whose ``tree_`` is ``tree``.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> model = ID3Classifier().fit(*load_play_tennis())
    >>> stump = with_tree(model, model.tree_.with_leaves_at([0]))
    >>> stump.tree_.n_leaves, model.tree_.n_leaves
    (1, 5)
    """
    new = type(model)(**model.get_params())
    for key, value in vars(model).items():
        if key.endswith("_") and not key.startswith("_"):
            setattr(new, key, value.copy() if isinstance(value, np.ndarray) else value)
    new.tree_ = tree
    return new


def encode_features(tree_or_schema_holder: Any, X: Any, arg: str = "X") -> np.ndarray:
    """Encode features for a tree (anything with a ``.schema``): columns checked and ordered.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> encode_features(ID3Classifier().fit(X, y).tree_, X[:2]).shape
    (2, 4)
    """
    return encode(X, tree_or_schema_holder.schema, arg=arg)


def encode_labels(tree: Tree, y: Any, n_rows: int, arg: str = "y") -> np.ndarray:
    """Class codes in the tree's class order (unseen labels are a ValueError), or floats.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> tree = ID3Classifier().fit(X, y).tree_
    >>> tree.classes, encode_labels(tree, ["yes", "no"], 2).tolist()
    (('yes', 'no'), [0, 1])
    """
    if tree.classes is None:
        return encode_numeric_target(y, n_rows, arg=arg)
    codes, _ = encode_target(y, n_rows, classes=tree.classes, arg=arg)
    return codes


def validation_arrays(
    tree: Tree, X: Any, y: Any, xarg: str = "X_val", yarg: str = "y_val"
) -> tuple[np.ndarray, np.ndarray]:
    """Encoded validation features and targets for ``tree``; both are required.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> Xe, codes = validation_arrays(ID3Classifier().fit(X, y).tree_, X[:3], y[:3])
    >>> Xe.shape, codes.tolist()
    ((3, 4), [1, 1, 0])
    """
    if X is None or y is None:
        raise ValueError(f"{xarg} and {yarg} are needed (validation data)")
    Xe = encode_features(tree, X, xarg)
    return Xe, encode_labels(tree, y, Xe.shape[0], yarg)


def inner_nodes_bottom_up(tree: Tree) -> list[Node]:
    """Inner nodes, children before parents, branches left to right (pruning's visit order).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> [n.node_id for n in inner_nodes_bottom_up(tree)]
    [1, 3, 0]
    """
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


def rows_reaching(tree: Tree, Xe: np.ndarray) -> dict[int, np.ndarray]:
    """Return, for every node id, a boolean mask of the rows of ``Xe`` that reach it.

    An unknown test value stops a row at that node under ``missing="majority"`` and sends
    it down every branch under ``missing="distribute"``.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> tree = ID3Classifier().fit(X, y).tree_
    >>> reach = rows_reaching(tree, encode_features(tree, X))
    >>> int(reach[0].sum()), int(reach[1].sum())
    (14, 5)
    """
    out: dict[int, np.ndarray] = {}
    stack = [(tree.root, np.ones(Xe.shape[0], dtype=bool))]
    while stack:
        node, mask = stack.pop()
        out[node.node_id] = mask
        if node.is_leaf:
            continue
        branch = node.split.route(Xe)
        unknown = (
            (branch == UNKNOWN) & mask if tree.missing == "distribute" else np.zeros_like(mask)
        )
        for b, child in enumerate(node.children):
            stack.append((child, (mask & (branch == b)) | unknown))
    return out


def root_paths(tree: Tree) -> dict[int, tuple[str, ...]]:
    """The branch conditions on the way from the root to every node, by node id.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> paths = root_paths(tree)
    >>> paths[0], paths[tree.root.children[0].children[0].node_id]
    ((), ('outlook = sunny', 'humidity = high'))
    """
    out: dict[int, tuple[str, ...]] = {}
    for node, parent, branch in tree.nodes_with_depth_first_parents():
        if parent is None:
            out[node.node_id] = ()
        else:
            out[node.node_id] = out[parent.node_id] + (
                parent.split.conditions(tree.schema)[branch],
            )
    return out
