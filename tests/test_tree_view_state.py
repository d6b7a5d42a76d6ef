"""TreeView's state after show_path and select, on Mitchell's play-tennis tree by hand.

Node ids are pre-order by level as ``Tree`` numbers them: root 0, sunny 1, overcast 2,
rainy 3, sunny/high 4, sunny/normal 5, rainy/TRUE 6, rainy/FALSE 7.
"""

import pytest

pytest.importorskip("anywidget")

import dtlearn as dt
from dtlearn.widgets import TreeView


@pytest.fixture(scope="module")
def view():
    X, y = dt.load_play_tennis()
    return TreeView(dt.ID3Classifier().fit(X, y))


@pytest.mark.parametrize(
    "row, highlight, label",
    [
        ({"outlook": "sunny", "humidity": "high", "windy": "FALSE"}, [0, 1, 4], "no"),
        ({"outlook": "sunny", "humidity": "normal", "windy": "TRUE"}, [0, 1, 5], "yes"),
        ({"outlook": "overcast", "humidity": "high", "windy": "TRUE"}, [0, 2], "yes"),
        ({"outlook": "rainy", "humidity": "high", "windy": "TRUE"}, [0, 3, 6], "no"),
        ({"outlook": "rainy", "humidity": "normal", "windy": "FALSE"}, [0, 3, 7], "yes"),
        ({"outlook": "rainy", "humidity": "normal"}, [0, 3], "yes"),  # windy unknown: stops
    ],
)
def test_show_path_highlights_the_nodes_passed(view, row, highlight, label):
    path = view.show_path({"temperature": "mild", **row})
    assert view.highlight == highlight
    assert path.leaf_id == highlight[-1] and path.prediction == label


def test_select_refuses_a_node_not_shown(view):
    view.select(4)
    assert view.selected == 4 and view.detail["id"] == 4
    assert view.explanation() == view.explanation(4) != ""
    with pytest.raises(ValueError, match="node_id 99 is not shown"):
        view.select(99)
    view.select(None)
    assert view.selected is None and view.explanation() == ""
