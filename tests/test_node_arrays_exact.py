"""A tree held as columns routes every row to the leaf its nodes would, at every depth.

``dtlearn.grow.fast.node_arrays``: a "caterpillar" tree (each inner node peels one value
off to a leaf) puts the rows x = 0, 1, 2, ... at leaves of every depth, so routing drops
rows at a leaf between its passes while the others go on: each row's leaf is known by
hand (x = k < D ends at pre-order position 2k + 1, the rest at 2D). Also the made nodes,
their labels under a cost matrix, changes that hand prediction back to the nodes, and
the refusals of ``from_root``.
"""

import pickle

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.grow.fast import node_arrays
from dtlearn.grow.fast.node_arrays import NodeArrays, ThresholdSplits
from dtlearn.splits import ThresholdSplit
from dtlearn.tree import Node

D = 20  # inner nodes: leaves at depths 1..20


def caterpillar(cost=None, counts=False):
    n = 2 * D + 1
    feature, threshold = np.full(n, -1), np.zeros(n)
    left, right, depth = np.full(n, -1), np.full(n, -1), np.zeros(n, dtype=np.int64)
    for d in range(D):
        p = 2 * d
        feature[p], threshold[p], left[p], right[p] = 0, d + 0.5, p + 1, p + 2
        depth[p + 1] = depth[p + 2] = d + 1
    if counts:
        value = np.tile([[0.7, 0.3]], (n, 1))
        value[1::2] = [0.2, 0.8]
        class_counts = value * 10
    else:
        value, class_counts = np.arange(n, dtype=float)[:, None], None
    return NodeArrays(
        np.arange(n),
        depth,
        np.ones(n),
        np.zeros(n),
        value,
        class_counts,
        feature,
        threshold,
        left,
        right,
        cost,
    )


X = np.arange(D + 3, dtype=float)[:, None]
EXPECTED = [2 * k + 1 for k in range(D)] + [2 * D] * 3


@pytest.mark.parametrize("block", [node_arrays.BLOCK, 5, 1])
def test_every_row_reaches_its_leaf_at_every_depth(monkeypatch, block):
    monkeypatch.setattr(node_arrays, "BLOCK", block)
    nodes = caterpillar()
    assert nodes.apply(X).tolist() == EXPECTED
    assert nodes.predict_values(X).ravel().tolist() == [float(p) for p in EXPECTED]
    labels = np.arange(2 * D + 1) * 10
    assert nodes.predict_labels(X, labels).tolist() == [10 * p for p in EXPECTED]
    assert nodes.apply(X[::-1]).tolist() == EXPECTED[::-1]  # any order of rows


def test_settling_less_often_routes_the_same(monkeypatch):
    monkeypatch.setattr(node_arrays, "SETTLE", 1)
    assert caterpillar().apply(X).tolist() == EXPECTED
    monkeypatch.setattr(node_arrays, "SETTLE", 64)
    assert caterpillar().apply(X).tolist() == EXPECTED


def test_no_rows_and_a_missing_value():
    nodes = caterpillar()
    assert nodes.apply(np.empty((0, 1))).tolist() == []
    assert nodes.apply(np.array([[np.nan]])) is None
    assert nodes.predict_values(np.array([[1.0], [np.nan]])) is None
    assert nodes.apply(np.array([[np.inf], [-np.inf]])).tolist() == [2 * D, 1]


def test_made_nodes_are_the_columns():
    nodes = caterpillar()
    root = nodes.root()
    assert root is nodes.root() and len(nodes) == 2 * D + 1
    assert root.split == ThresholdSplit(0, 0.5) and root.children[0].value.tolist() == [1.0]
    deepest, node = 0, root
    while node.children:
        node, deepest = node.children[1], deepest + 1
    assert deepest == D and node.node_id == 2 * D and node.depth == D
    assert root.counts is None and root.label is None
    node_id, parent, n_samples, impurity = nodes.columns()
    assert parent.tolist()[:5] == [-1, 0, 0, 2, 2] and node_id.tolist() == list(range(2 * D + 1))


def test_a_cost_matrix_labels_each_made_node():
    # value [0.7, 0.3]: predicting 0 costs 0.3 · 5 = 1.5, predicting 1 costs 0.7 · 1
    nodes = caterpillar(cost=np.array([[0.0, 1.0], [5.0, 0.0]]), counts=True)
    root = nodes.root()
    assert root.label == 1 and root.children[0].label == 1
    assert root.counts.tolist() == [7.0, 3.0]
    plain = caterpillar(counts=True).root()
    assert plain.label is None and plain.counts.tolist() == [7.0, 3.0]


@pytest.mark.parametrize(
    "change",
    [
        lambda root: setattr(root, "value", np.array([9.0])),
        lambda root: setattr(root, "split", ThresholdSplit(0, 3.5)),
        lambda root: root.children.pop(),
        lambda root: root.children.append(root),
        lambda root: root.children.reverse(),
    ],
)
def test_a_changed_made_node_hands_prediction_to_the_nodes(change):
    nodes = caterpillar()
    change(nodes.root())
    assert nodes.changed and nodes.apply(X) is None and nodes.predict_values(X) is None


def test_setting_a_field_no_route_reads_leaves_the_columns_in_charge():
    nodes = caterpillar()
    nodes.root().n_samples = 5.0
    assert not nodes.changed and nodes.apply(X).tolist() == EXPECTED


def test_a_saved_tree_keeps_its_columns_or_its_changed_nodes():
    nodes = caterpillar()
    nodes.root()
    loaded = pickle.loads(pickle.dumps(nodes))
    assert loaded._root is None and loaded.apply(X).tolist() == EXPECTED
    nodes.root().children.reverse()
    changed = pickle.loads(pickle.dumps(nodes))
    assert changed.changed and changed._root is not None
    assert type(changed.root().children) is list


def test_a_saved_tree_with_made_nodes_keeps_the_same_fields_and_a_writeable_value():
    nodes = caterpillar()
    nodes.root()  # the nodes' values are views: the column is made read-only
    assert not nodes.value.flags.writeable
    loaded = pickle.loads(pickle.dumps(nodes))
    assert sorted(vars(loaded)) == sorted(vars(nodes))
    assert loaded.value.flags.writeable and loaded.value.tolist() == nodes.value.tolist()


def test_threshold_splits_read_as_splits():
    splits = ThresholdSplits(np.array([1, -1, 0]), np.array([2.5, 0.0, -1.0]))
    assert len(splits) == 3
    assert splits[0] == ThresholdSplit(1, 2.5) and splits[1] is None
    assert splits[1:] == [None, ThresholdSplit(0, -1.0)]
    loaded = pickle.loads(pickle.dumps(splits))
    assert list(loaded) == list(splits)


def test_from_root_refuses_what_columns_cannot_hold():
    X, y = dt.load_play_tennis()
    id3 = dt.ID3Classifier().fit(X, y).tree_.root  # three-way splits
    with pytest.raises(ValueError) as err:
        NodeArrays.from_root(id3)
    assert str(err.value) == (
        "root: node 0 is not a binary threshold split; NodeArrays holds only those"
    )
    leaf = Node(0, 0, 2.0, 0.0, np.array([1.0, 0.0]), np.array([2.0, 0.0]))
    leaf.label = 1
    with pytest.raises(ValueError) as err:
        NodeArrays.from_root(leaf)
    assert str(err.value) == "root: nodes with a label or branch weights do not fit in NodeArrays"
    plain = Node(0, 0, 2.0, 0.0, np.array([1.0, 0.0]), np.array([2.0, 0.0]))
    nodes = NodeArrays.from_root(plain)
    assert nodes.feature.tolist() == [-1] and nodes.apply(np.array([[3.0]])).tolist() == [0]


def test_a_tree_saved_before_changes_were_tracked_loads_unchanged():
    nodes = caterpillar()
    state = nodes.__getstate__()
    for key in ("changed", "_tables", "_value"):
        del state[key]
    loaded = NodeArrays.__new__(NodeArrays)
    loaded.__setstate__(state)
    assert loaded.changed is False and loaded._tables is None and loaded._value is None
    assert loaded.apply(X).tolist() == EXPECTED
