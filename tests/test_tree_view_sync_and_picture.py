"""What a TreeView sends to the browser, and the static picture of what it shows.

The browser draws from the synced traits: a pruned state reaches it only as ``pruned``
(ids made leaves), so that trait must be synced like the others. The static picture
(an SVG for a saved notebook) is the view's own data, folds included; a pruned state is
laid out on its own, its highlighted path marked.
"""

import pytest

import dtlearn as dt
from dtlearn.drawing.layout import tree_svg, tree_view_data
from dtlearn.widgets.tree_view import TreeView

SYNCED = {"constants", "data", "selected", "collapsed", "highlight", "pruned", "detail"}


@pytest.fixture(scope="module")
def tree():
    return dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_


def test_the_browser_receives_every_view_trait_including_pruned(tree):
    view = TreeView(fold=False)
    inner = [n.node_id for n in tree.nodes() if not n.is_leaf and n.node_id != 0]
    view.show_pruned(tree, tree.with_leaves_at([inner[0]]), highlight=[0, inner[0]])
    assert SYNCED | {"font_scale"} <= set(view.keys)
    state = view.get_state()
    assert state["pruned"] == [inner[0]]
    assert state["highlight"] == [0, inner[0]]
    assert state["selected"] is None and state["collapsed"] == []


def test_the_static_picture_of_a_folded_view_is_its_data(tree):
    view = TreeView(tree, fold=False)
    view.collapsed = [tree.root.children[0].node_id]
    assert view.static_html() == tree_svg(view.data)
    assert "+ 2 nodes" in view.static_html()
    assert view.static_html() != tree_svg(tree_view_data(tree, explain=False))


def test_the_static_picture_of_a_pruned_state_is_laid_out_on_its_own(tree):
    view = TreeView(fold=False)
    inner = [n.node_id for n in tree.nodes() if not n.is_leaf and n.node_id != 0]
    state = tree.with_leaves_at([inner[0]])
    view.show_pruned(tree, state, highlight=[0, inner[0]])
    assert view.static_html() == tree_svg(tree_view_data(state, None, [0, inner[0]], explain=False))
