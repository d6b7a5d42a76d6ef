"""C4.5 with ``max_depth``: the unlimited grown tree cut at that depth, nothing else.

Greedy growth decides each node from its own instances only, so stopping at depth ``d``
must give the full grown tree with every node at depth ``d`` made a leaf (an identity, not
a number copied from a run).
"""

import pytest

import dtlearn as dt


@pytest.mark.parametrize("name", ["labor", "vote"])
@pytest.mark.parametrize("depth", [1, 2])
def test_max_depth_grows_the_full_tree_cut_at_that_depth(name, depth):
    X, y = dt.load_dataset(name)
    full = dt.C45Classifier(prune=False).fit(X, y).grown_tree_
    assert full.depth > depth
    got = dt.C45Classifier(prune=False, max_depth=depth).fit(X, y).grown_tree_
    cut = full.with_leaves_at(
        [n.node_id for n in full.nodes() if n.depth == depth and not n.is_leaf]
    )
    assert got.depth == depth
    assert got.to_text() == cut.to_text()
