"""``Tree.apply`` on unknown values: the id of the node where the row stopped (majority trees)."""

from __future__ import annotations

import dtlearn as dt


def test_apply_names_the_node_an_unknown_value_stops_at():
    X, y = dt.load_play_tennis()
    tree = dt.ID3Classifier().fit(X, y).tree_
    tree.refuses_missing = False  # answer unknown values where they stop
    root = tree.root
    assert tree.schema.names[root.split.features[0]] == "outlook"
    sunny = root.children[tree.schema.categories[0].index("sunny")]
    assert tree.schema.names[sunny.split.features[0]] == "humidity"
    X = X.astype(object)
    X.loc[0, "outlook"] = None  # stops at the root
    X.loc[1, "humidity"] = None  # sunny (row 1), then stops at the humidity test
    at = tree.apply(X)
    assert at[0] == root.node_id and at[1] == sunny.node_id
    # the other rows reach leaves, as for the complete data
    full = tree.apply(dt.load_play_tennis()[0])
    assert at[2:].tolist() == full[2:].tolist()
    assert all(tree.node(int(i)).is_leaf for i in full)


def test_a_node_made_a_leaf_loses_its_test():
    X, y = dt.load_play_tennis()
    tree = dt.ID3Classifier().fit(X, y).tree_
    inner = [n.node_id for n in tree.nodes() if not n.is_leaf and n is not tree.root]
    cut = tree.with_leaves_at(inner)
    for node_id in inner:
        node = cut.node(node_id)
        assert node.is_leaf and node.split is None and node.children == []
    assert cut.n_leaves == tree.n_leaves - sum(len(tree.node(i).children) - 1 for i in inner)
    assert tree.node(inner[0]).split is not None  # the original keeps its tests
