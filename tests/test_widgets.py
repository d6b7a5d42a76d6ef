import json

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.widgets import BoundaryExplorer, CriteriaExplorer, ID3Builder, TreeView

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def tennis_data():
    return dt.load_play_tennis()


def _ids(view):
    return [n["id"] for n in view.data["nodes"]]


def test_tree_view_traitlets_and_static_fallback(tennis_data):
    model = dt.ID3Classifier().fit(*tennis_data)
    view = TreeView(model)
    json.dumps(view.data)
    assert _ids(view) == [0, 1, 4, 5, 2, 3, 6, 7]
    view.select(1)
    assert view.selected == 1 and "humidity" in view.explanation()
    with pytest.raises(ValueError):
        view.select(99)
    view.collapsed = [1]  # what a click on the JS toggle sends
    assert _ids(view) == [0, 1, 2, 3, 6, 7]
    view.collapsed = []
    path = view.show_path({"outlook": "rainy", "windy": "FALSE"})
    assert view.highlight == [0, 3, 7] and str(path).endswith("predict 'yes'")
    data, _ = view._repr_mimebundle_()
    assert data["text/plain"] == "TreeView: tree of play: 8 nodes, 5 leaves, depth 2, classes yes, no"
    assert data["text/html"].startswith("<svg") and "▶" in data["text/html"]
    assert WIDGET_MIME in data
    assert "export default" in view._esm and ".dtlearn-tv-node" in view._css
    assert repr(TreeView()) == "TreeView: (empty)"


def test_tree_view_update_drops_stale_state(tennis_data):
    model = dt.ID3Classifier().fit(*tennis_data)
    view = TreeView(model)
    view.select(5)
    view.collapsed = [1]
    view.update(model.tree_.with_leaves_at([1]))
    assert view.collapsed == [] and view.selected is None


def test_id3_builder_state_machine(tennis_data):
    X, y = tennis_data
    app = ID3Builder(X, y, X.iloc[:7], y.iloc[:7])
    assert app.selected_leaf == 0 and app.tree.n_leaves == 1
    assert app.status == "your tree: 1 leaves, 64% training, 57% test — greedy ID3: 5 leaves, 100%, 100%"
    assert app.view.data["nodes"][0]["open"]
    assert app.hint() == "outlook"
    assert app.attribute.options == ("outlook", "temperature", "humidity", "windy")
    assert "0.247" in app.table_html.value
    # choose by the dropdown + button, as a student would
    app.attribute.value = "temperature"
    app.buttons["split"].click()
    assert app.history == [[[0, "temperature"]]]
    assert len(app.view.data["nodes"]) == 4 and app.view.data["nodes"][0]["label"] == "temperature"
    assert app.selected_leaf == 1 and app.view.selected == 1
    step_text = app.view.data["nodes"][0]["explanation"]["text"]
    assert "chosen by person: temperature" in step_text
    # undo rebuilds and replays
    app.buttons["undo"].click()
    assert app.history == [] and len(app.view.data["nodes"]) == 1
    app.choose("outlook")
    # clicking an open leaf in the view selects it for the next split
    app.view.selected = 3
    assert app.selected_leaf == 3
    app.choose("windy")
    assert app.tree.n_leaves == 4
    assert [e["condition"] for e in app.view.data["edges"]][-2:] == ["windy = TRUE", "windy = FALSE"]
    app.buttons["finish"].click()
    assert app.tree.n_leaves == 5 and app.selected_leaf is None
    assert app.status.startswith("your tree: 5 leaves, 100% training, 100% test")
    assert app.tree.to_text() == dt.ID3Classifier().fit(X, y).tree_.to_text()
    app.undo()  # takes back the whole greedy finish
    assert app.tree.n_leaves == 4 and len(app.history) == 2
    app.buttons["reset"].click()
    assert app.history == [] and app.tree.n_leaves == 1


def test_id3_builder_reports_bad_choices(tennis_data):
    app = ID3Builder(*tennis_data)
    app.choose("outlook")
    app._safely(app.choose, "outlook")  # already used on this path
    assert app.message.startswith("cannot do that")
    app.buttons["hint"].click()
    assert "hint: greedy ID3 would split node 1 on humidity" in app.message
    data, _ = app._repr_mimebundle_()
    assert data["text/plain"].startswith("ID3Builder: your tree: 3 leaves")
    assert "<svg" in data["text/html"]


def test_criteria_explorer():
    app = CriteriaExplorer()
    png = app.image.value
    app.slider.value = 0.5
    assert app.p == 0.5 and app.image.value != png
    assert app.values_text == "p = 0.50: entropy/2 = 0.500, Gini = 0.500, misclassification = 0.500"
    assert "tie" in app.example_html.value
    app.chooser.value = "restaurant"
    assert app.picks.rows[0][:2] == ("entropy", "Patrons")
    assert app._repr_mimebundle_()[0]["text/plain"].startswith("CriteriaExplorer: p = 0.50")


def test_boundary_explorer():
    rng = np.random.default_rng(0)
    X = rng.uniform(size=(100, 2))
    y = np.where(X[:, 0] + X[:, 1] > 1, "a", "b")
    app = BoundaryExplorer(X, y)
    first = app.image.value
    app.slider.value = 4
    assert app.depth == 4 and app.image.value != first
    assert app.summary.startswith("axis-aligned, max depth 4:")
    app.kind.value = True
    assert app.summary.startswith("oblique, max depth 4:")
    assert "<img" in app._repr_mimebundle_()[0]["text/html"]
