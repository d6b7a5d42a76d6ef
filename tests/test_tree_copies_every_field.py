"""Every field of a Tree and of each Node survives copy, with_leaves_at and pickle.

The tree is made by hand with a value other than the default in every field (a cost
matrix, ``missing="distribute"``, ``flavour="j48"``, a criterion, ``refuses_missing``;
branch weights and a cost-chosen label on a node), so a copy that drops or resets one
field shows. The fields are read from the dataclasses: a field added later is checked too.
"""

import copy
import dataclasses
import pickle

import numpy as np
import pytest

from dtlearn.data import Schema
from dtlearn.splits import ThresholdSplit
from dtlearn.tree import Node, Tree


def _same(a, b):
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and np.array_equal(a, b)
    return a == b


def _tree():
    left = Node(1, 1, 3.0, 0.0, np.array([1.0, 0.0]), np.array([3.0, 0.0]), label=1)
    right = Node(2, 1, 1.0, 0.0, np.array([0.0, 1.0]), np.array([0.0, 1.0]))
    root = Node(
        0,
        0,
        4.0,
        0.811,
        np.array([0.75, 0.25]),
        np.array([3.0, 1.0]),
        ThresholdSplit(0, 0.5),
        [left, right],
        branch_weights=np.array([0.6, 0.4]),
    )
    return Tree(
        root,
        Schema(("x",), ("numeric",), (None,)),
        classes=("a", "b"),
        target_name="label",
        missing="distribute",
        flavour="j48",
        cost_matrix=np.array([[0.0, 1.0], [5.0, 0.0]]),
        criterion="gini",
        refuses_missing=True,
    )


def _tree_fields(tree):
    return {f.name: getattr(tree, f.name) for f in dataclasses.fields(Tree) if f.name != "root"}


def _node_fields(node):
    return {f.name: getattr(node, f.name) for f in dataclasses.fields(Node) if f.name != "children"}


def _assert_same_tree(got, want):
    fields_got, fields_want = _tree_fields(got), _tree_fields(want)
    assert fields_got.keys() == fields_want.keys()
    for name in fields_want:
        assert _same(fields_got[name], fields_want[name]), name
    pairs = list(zip(got.nodes(), want.nodes(), strict=True))
    for a, b in pairs:
        assert [c.node_id for c in a.children] == [c.node_id for c in b.children]
        for name, value in _node_fields(b).items():
            assert _same(getattr(a, name), value), (b.node_id, name)


def test_the_hand_made_tree_differs_from_every_default():
    tree = _tree()
    defaults = {f.name: f.default for f in dataclasses.fields(Tree) if f.name != "root"}
    for name in ("classes", "target_name", "missing", "flavour", "criterion", "refuses_missing"):
        assert getattr(tree, name) != defaults[name], name
    assert tree.cost_matrix is not None and defaults["cost_matrix"] is None


@pytest.mark.parametrize(
    "how",
    [
        lambda t: t.copy(),
        lambda t: t.with_leaves_at([]),
        lambda t: pickle.loads(pickle.dumps(t)),
        copy.deepcopy,
    ],
    ids=["copy", "with_leaves_at", "pickle", "deepcopy"],
)
def test_every_field_survives(how):
    tree = _tree()
    copied = how(tree)
    _assert_same_tree(copied, tree)
    # a copy, not the same arrays: pruning the copy leaves the original alone
    if copied is not tree:
        assert copied.root is not tree.root
        assert copied.root.value is not tree.root.value


def test_the_copy_owns_its_arrays():
    tree = _tree()
    copied = tree.copy()
    copied.root.value[0] = 9.0
    copied.root.counts[0] = 9.0
    copied.root.branch_weights[0] = 9.0
    assert tree.root.value.tolist() == [0.75, 0.25]
    assert tree.root.counts.tolist() == [3.0, 1.0]
    assert tree.root.branch_weights.tolist() == [0.6, 0.4]


def test_a_node_made_a_leaf_loses_its_split_children_and_branch_weights_only():
    tree = _tree()
    cut = tree.with_leaves_at([0])
    root = cut.root
    assert (root.split, root.children, root.branch_weights) == (None, [], None)
    assert (root.node_id, root.depth, root.n_samples, root.impurity) == (0, 0, 4.0, 0.811)
    assert root.value.tolist() == [0.75, 0.25] and root.counts.tolist() == [3.0, 1.0]
    assert root.label is None
    assert _tree_fields(cut)["missing"] == "distribute" and cut.refuses_missing is True
    # the original keeps its subtree
    assert [c.node_id for c in tree.root.children] == [1, 2]
    assert tree.root.branch_weights.tolist() == [0.6, 0.4]


def test_a_leaf_keeps_its_cost_chosen_label_through_a_cut_below_nothing():
    cut = _tree().with_leaves_at([1])
    left = cut.root.children[0]
    assert left.label == 1 and left.predicted_index == 1
    assert cut.label_of(left) == "b"
