"""A Tree's and a Node's defaults, as their docstrings give them, and child weights by hand."""

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.data import Schema
from dtlearn.splits import ThresholdSplit
from dtlearn.tree import Node, Tree


def leaf(node_id, n, counts=None):
    counts = None if counts is None else np.array(counts, dtype=float)
    value = np.array([1.0]) if counts is None else counts / max(counts.sum(), 1.0)
    return Node(node_id, 1, n, 0.0, value, counts)


def test_a_tree_made_with_root_and_schema_only():
    tree = Tree(leaf(0, 2.0, [1, 1]), Schema(("x",), ("numeric",), (None,)))
    assert tree.classes is None and tree.is_classifier is False
    assert tree.target_name == "class"
    assert tree.missing == "majority"
    assert tree.flavour == "id3"
    assert tree.cost_matrix is None and tree.criterion is None
    assert tree.refuses_missing is False
    assert tree.leaf_statistic == "mean" and tree.impurity_name == "impurity"
    with pytest.raises(ValueError) as err:
        Tree(tree.root, tree.schema, missing="vote")
    assert str(err.value) == "missing must be one of ('majority', 'distribute'), got 'vote'"


def test_a_node_made_with_its_five_numbers_only():
    node = Node(3, 2, 4.0, 0.5, np.array([0.5, 0.5]))
    assert (node.counts, node.split, node.children) == (None, None, [])
    assert (node.branch_weights, node.label) == (None, None)
    assert node.is_leaf and node.errors == 0.0


def test_child_weights_by_hand():
    parent = leaf(0, 4.0, [2, 2])
    parent.split = ThresholdSplit(0, 0.5)
    parent.children = [leaf(1, 3.0, [2, 1]), leaf(2, 1.0, [0, 1])]
    assert parent.child_weights().tolist() == [0.75, 0.25]
    parent.branch_weights = np.array([0.4, 0.6])
    assert parent.child_weights().tolist() == [0.4, 0.6]
    # children of no weight (an empty branch after pruning): an even share each
    parent.branch_weights = None
    parent.children = [leaf(1, 0.0, [0, 0]), leaf(2, 0.0, [0, 0])]
    assert parent.child_weights().tolist() == [0.5, 0.5]
    # errors: the weight outside the predicted (most frequent) class
    assert leaf(5, 7.0, [2, 5]).errors == 2.0


def test_a_fitted_trees_fields():
    X, y = dt.load_play_tennis()
    tree = dt.ID3Classifier().fit(X, y).tree_
    assert (tree.target_name, tree.classes, tree.flavour) == ("play", ("yes", "no"), "id3")
    assert (tree.missing, tree.criterion, tree.refuses_missing) == ("majority", "entropy", True)
    j48 = dt.C45Classifier().fit(X, y).tree_
    assert (j48.flavour, j48.missing, j48.refuses_missing) == ("j48", "distribute", False)


def test_a_level_wise_tree_routes_a_missing_value_through_its_nodes():
    # CART keeps its nodes as arrays, which cannot route NaN: the nodes then do, and with
    # missing="majority" a row missing the root's feature stops at the root
    X = np.array([[1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]])
    y = np.array(["a", "a", "a", "b", "b", "b", "b", "a"])
    tree = dt.CARTClassifier(max_depth=1).fit(X, y).tree_
    assert tree._arrays() is not None
    tree.refuses_missing = False
    got = tree.predict_values(np.array([[np.nan], [1.0], [8.0]]))
    root = tree.root
    assert got.tolist() == [
        [0.5, 0.5],  # the root: a 4, b 4
        root.children[0].value.tolist(),
        root.children[1].value.tolist(),
    ]
    assert root.children[0].value.tolist() == [1.0, 0.0]  # x <= 3.5: a a a
    assert root.children[1].value.tolist() == [0.2, 0.8]  # x > 3.5: b b b b a
    reg = dt.CARTRegressor(max_depth=1).fit(X, np.arange(8.0)).tree_
    reg.refuses_missing = False
    assert reg.predict_values(np.array([[np.nan], [1.0]])).tolist() == [3.5, 1.5]
