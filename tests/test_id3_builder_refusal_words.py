"""The builder's words when a button has nothing to act on, each message in full.

Split with no attribute chosen, Split and Hint once no open leaf is left, and the panel
shown while an inner node (not a leaf) is selected. The button goes through the app's
guard, which shows the refusal instead of raising it.
"""

import pytest

import dtlearn as dt
from dtlearn.widgets import ID3Builder


@pytest.fixture
def app():
    return ID3Builder(*dt.load_play_tennis())


def test_split_without_an_attribute_says_to_pick_one(app):
    assert app.attribute.value is None and app.selected_leaf == 0
    app.buttons["split"].click()
    assert app.message == "cannot do that: choose: pick an attribute first"
    assert app.message_html.value == "<i>cannot do that: choose: pick an attribute first</i>"
    assert app.history == [] and app.open_leaves() == [0]


def test_split_and_hint_once_the_tree_is_finished(app):
    app.buttons["finish"].click()
    assert app.message == "finished greedily" and app.selected_leaf is None
    assert app.buttons["split"].disabled
    assert app.table_html.value == "<p>No open leaf: the tree is finished.</p>"
    assert app.rows_html.value == ""
    app.buttons["split"].click()
    assert app.message == "cannot do that: choose: no open leaf is left"
    app.buttons["hint"].click()
    assert app.message == "hint: greedy ID3 would stop here (no open leaf)"


def test_an_inner_node_selected_leaves_the_panel_asking_for_a_leaf(app):
    app.attribute.value = "outlook"
    app.buttons["split"].click()
    assert app.message == "split node 0 on outlook"
    assert (app.open_leaves(), app.selected_leaf) == ([1, 2, 3], 1)
    app.view.selected = 0  # a click on the root, split already
    assert app.selected_leaf is None and app.view.selected == 0
    assert app.buttons["split"].disabled
    assert app.attribute.options == () and app.attribute.value is None
    assert app.table_html.value == "<p>Select an open (dashed) leaf to split it.</p>"
    assert app.rows_html.value == ""
    app.view.selected = 3
    assert app.message == "leaf 3 selected" and app.selected_leaf == 3
    assert not app.buttons["split"].disabled
    app.buttons["hint"].click()
    assert app.message == "hint: greedy ID3 would split node 3 on windy (score 0.971)"
