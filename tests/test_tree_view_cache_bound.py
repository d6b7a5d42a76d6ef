"""TreeView's reused node texts and explanations are dropped past 4 n + 64 entries.

A stepper or a growing tree reuses the texts of the nodes it showed before; the caches
grow with every state, so past ``4 * n_nodes + 64`` entries (n the nodes of the tree laid
out) they start again. On the play-tennis tree (8 nodes) that bound is 4·8 + 64 = 96: 96
old entries are kept beside the 8 new ones, 97 are dropped.
"""

import pytest

pytest.importorskip("anywidget")

import dtlearn as dt
from dtlearn.widgets import TreeView


@pytest.fixture(scope="module")
def tree():
    return dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_


def _filled(view, n):
    for cache in (view._texts, view._explained):
        cache.clear()
        cache.update({("old", i): "old" for i in range(n)})


def test_a_fresh_view_caches_one_text_and_one_explanation_per_node(tree):
    view = TreeView(tree, fold=False)
    assert (len(view._texts), len(view._explained)) == (8, 8)


@pytest.mark.parametrize("old, kept", [(95, 95 + 8), (96, 96 + 8), (97, 8)])
def test_the_caches_start_again_past_four_n_plus_64(tree, old, kept):
    view = TreeView(tree, fold=False)
    _filled(view, old)
    view.update(tree)
    assert (len(view._texts), len(view._explained)) == (kept, kept)
