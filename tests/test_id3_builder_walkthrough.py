"""ID3Builder through a whole session on play-tennis, every state compared with the textbook.

Numbers by hand (Mitchell 1997, table 3.2): a one-leaf tree predicts yes, right on 9 of 14
rows (64 %); splitting the root on temperature leaves hot 2/2, mild 4/2, cool 3/1, still 9
right; on outlook sunny 2/3, overcast 4/0, rainy 3/2, 10 right (71 %); greedy ID3 grows 5
leaves, 100 %. Gain(outlook) = 0.2467, Gain(temperature) = 0.0292, and under sunny
Gain(humidity) = H(2, 3) = 0.971. The test rows are the first four, all labelled yes:
greedy's tree says no, no, yes, yes (50 %).
"""

import pytest

pytest.importorskip("ipywidgets")

import dtlearn as dt
from dtlearn.widgets import ID3Builder

ALL = ["outlook", "temperature", "humidity", "windy"]
GREEDY = "greedy ID3: 5 leaves, 100%, 50%"


@pytest.fixture()
def app():
    X, y = dt.load_play_tennis()
    return ID3Builder(X, y, X.iloc[:4], ["yes"] * 4)


def _state(app):
    return (
        app.selected_leaf,
        list(app.attribute.options),
        {k: not b.disabled for k, b in app.buttons.items()},
        app.history,
        app.message,
        app.status,
    )


ON = {"split": True, "hint": True, "undo": True, "finish": True, "reset": True}
START = (0, ALL, ON, [], "", f"your tree: 1 leaf, 64% training, 100% test — {GREEDY}")


def test_start_hint_and_a_split_greedy_would_not_make(app):
    assert _state(app) == START
    app.buttons["hint"].click()
    assert app.message == "hint: greedy ID3 would split node 0 on outlook (score 0.247)"
    app.attribute.value = "temperature"
    app.buttons["split"].click()
    assert _state(app) == (
        1,
        ["outlook", "humidity", "windy"],
        ON,
        [[[0, "temperature"]]],
        "split node 0 on temperature",
        f"your tree: 3 leaves, 64% training, 100% test — {GREEDY}",
    )
    c = app.comparison
    assert (c["node"], c["yours"], c["greedy"]) == (0, "temperature", "outlook")
    assert round(c["scores"]["temperature"]["information gain"], 4) == 0.0292
    assert round(c["scores"]["outlook"]["information gain"], 4) == 0.2467
    assert "(greedy ID3 would split on outlook)" in app.comparison_html.value


def test_undo_takes_back_one_action_and_then_has_nothing_to_undo(app):
    app.choose("temperature")
    app.buttons["undo"].click()
    assert _state(app)[:4] == START[:4] and app.message == "undone"
    app.buttons["undo"].click()
    assert _state(app)[:4] == START[:4] and app.message == "nothing to undo"


def test_greedys_own_choice_then_finish_then_nothing_left(app):
    app.choose("outlook")
    assert _state(app) == (
        1,
        ["temperature", "humidity", "windy"],
        ON,
        [[[0, "outlook"]]],
        "split node 0 on outlook",
        f"your tree: 3 leaves, 71% training, 50% test — {GREEDY}",
    )
    assert "(you chose as greedy ID3 does)" in app.comparison_html.value
    app.buttons["hint"].click()
    assert app.message == "hint: greedy ID3 would split node 1 on humidity (score 0.971)"
    # the first open leaf is selected (sunny, node 1), not the last (rainy, node 3)
    app.buttons["finish"].click()
    done = [
        [[0, "outlook"]],
        [[1, "humidity"], [4, None], [5, None], [2, None], [3, "windy"], [6, None], [7, None]],
    ]
    finished = (
        None,
        [],
        ON | {"split": False},
        done,
        "finished greedily",
        f"your tree: 5 leaves, 100% training, 50% test — {GREEDY}",
    )
    assert _state(app) == finished
    assert app.table_html.value == "<p>No open leaf: the tree is finished.</p>"
    app.buttons["finish"].click()  # nothing left: no empty group in the history
    assert _state(app) == finished
    app.buttons["reset"].click()
    assert _state(app)[:4] == START[:4] and app.message == "reset"


def test_the_selected_leaf_stays_selected_after_another_split(app):
    app.choose("outlook")
    app.selected_leaf = 3
    app.choose("windy")
    assert app.history == [[[0, "outlook"]], [[3, "windy"]]]
    assert app.selected_leaf == 1  # rainy is split; sunny is the first open leaf left
    app.selected_leaf = 1
    assert app.hint() == "humidity"


def test_clicking_an_inner_or_a_closed_node_says_why_it_cannot_be_split(app):
    app.choose("outlook")
    app._on_view_select({"new": 0})
    assert app.selected_leaf is None and app.buttons["split"].disabled
    assert app.message == (
        "node 0 is an inner node (split on outlook): it cannot be split "
        "again; click an open (dashed) leaf to split it"
    )
    app._on_view_select({"new": 2})
    assert app.message.startswith("leaf 2 is closed (")
    app._on_view_select({"new": 3})
    assert app.selected_leaf == 3 and app.message == "leaf 3 selected"
    assert not app.buttons["split"].disabled


@pytest.mark.parametrize("n, more", [(14, "<p>… 2 more rows</p>"), (12, "")])
def test_a_leafs_rows_show_twelve_then_say_how_many_more(n, more):
    X, y = dt.load_play_tennis()
    app = ID3Builder(X.iloc[:n], y[:n])
    assert f"its training rows ({n})" in app.rows_html.value
    assert app.rows_html.value.endswith(f"</table>{more}</details>")


def test_an_attribute_with_one_value_at_the_leaf_is_not_offered():
    X, y = dt.load_play_tennis()
    app = ID3Builder(X.iloc[:4], y[:4])  # humidity is high on all four rows
    assert list(app.attribute.options) == ["outlook", "temperature", "windy"]
    assert [(c.feature_name, c.admissible) for c in app.leaf_table(0).candidates] == [
        ("outlook", True),
        ("temperature", True),
        ("humidity", False),
        ("windy", True),
    ]


def test_splitting_a_leaf_greedy_would_close_says_so(app):
    app.choose("outlook")
    app.choose("windy", 2)  # overcast: 4 yes, pure; windy splits it 2 / 2
    c = app.comparison
    assert (c["node"], c["yours"], c["greedy"]) == (2, "windy", None)
    assert c["scores"]["windy"]["split info"] == 1.0
    assert c["scores"]["windy"]["information gain"] == 0.0
    assert "<i>(greedy ID3 would have stopped here)</i>" in app.comparison_html.value
