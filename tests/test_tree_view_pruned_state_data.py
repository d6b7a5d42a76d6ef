"""A pruned state's data carries no node explanations; the selected node's comes alone.

``show_pruned`` lays out the whole base tree once and each state only sends the nodes it
makes leaves: its explanations would be those of the base tree's nodes, so none is sent
and the side panel's ``detail`` explains the selected node of the state shown (node 1,
sunny, made a leaf: 2 yes, 3 no, entropy 0.971, predicting "no").
"""

import pytest

pytest.importorskip("anywidget")

import dtlearn as dt
from dtlearn.widgets import TreeView


@pytest.fixture(scope="module")
def tree():
    return dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_


def test_a_small_tree_shown_as_itself_carries_every_explanation(tree):
    view = TreeView(tree, fold=False)
    assert len(view.data["nodes"]) == 8
    assert all(n["explanation"] is not None for n in view.data["nodes"])


def test_a_pruned_state_carries_none(tree):
    view = TreeView(fold=False)
    view.show_pruned(tree, tree.with_leaves_at([1]), [0, 1], 1)
    assert view.data["n_nodes"] == 8  # the base tree, laid out once
    assert [n["explanation"] for n in view.data["nodes"]] == [None] * 8
    assert (view.pruned, view.highlight, view.selected) == ([1], [0, 1], 1)
    assert view.detail["id"] == 1
    assert view.detail["text"] == "node 1: n = 5: yes 2, no 3; entropy 0.971\nleaf: predicts no"
