"""Every field of a tree view's JSON node and edge, for Mitchell's play-tennis tree.

The browser widget reads these fields by name (``tree_view.js``); a field misnamed or
dropped draws nothing without an error, so each node and edge is compared whole. By hand:
the root holds 9 yes and 5 no (entropy H(9, 5) = 0.940); the tidy layout puts it at x 1.5
over the leaves 0..3; boxes are 150 px wide (the longest text, "n = 14: yes 9, no 5", needs
19 × 6.4 + 16 = 137.6 px), 174 px apart, 114 px between levels, with a 20 px margin.
"""

import pytest
from lecture_hints import H

import dtlearn as dt
from dtlearn.drawing.layout import FORMAT, tree_view_data


@pytest.fixture(scope="module")
def data():
    model = dt.ID3Classifier().fit(*dt.load_play_tennis())
    return tree_view_data(model, explain=False, leaf_overlays=True)


def test_the_view_s_own_fields(data):
    assert {k: v for k, v in data.items() if k not in ("nodes", "edges", "geometry")} == {
        "format": FORMAT,
        "target_name": "play",
        "is_classifier": True,
        "classes": ["yes", "no"],
        "colours": ["#E69F00", "#56B4E9"],
        "n_nodes": 8,
        "n_leaves": 5,
        "depth": 2,
        "highlight": [],
    }
    assert FORMAT == "dtlearn.treeview/1"


def test_the_root_entry_whole(data):
    root = data["nodes"][0]
    assert root == {
        "id": 0,
        "x": 1.5,
        "y": 0.0,
        "depth": 0,
        "label": "outlook",
        "summary": "n = 14: yes 9, no 5",
        "counts": [9.0, 5.0],
        "n": 14.0,
        "impurity": pytest.approx(H([9, 5]), abs=1e-12),
        "impurity_text": "entropy 0.940",
        "is_leaf": False,
        "prediction": "yes",
        "prediction_index": 0,
        "collapsed": False,
        "hidden_nodes": 0,
        "stub": "",
        "branches": ["= sunny", "= overcast", "= rainy"],
        "open": False,
        "highlighted": False,
        "explanation": None,
        "as_leaf": {
            "label": "play = yes",
            "summary": "n = 14: yes 9, no 5",
            "impurity_text": "entropy 0.940",
            "is_leaf": True,
            "prediction": "yes",
            "prediction_index": 0,
            "branches": [],
            "collapsed": False,
            "hidden_nodes": 0,
            "stub": "",
            "open": False,
            "highlighted": False,
            "label_lines": ["play = yes"],
            "summary_lines": ["n = 14: yes 9, no 5"],
        },
        "label_lines": ["outlook"],
        "summary_lines": ["n = 14: yes 9, no 5"],
        "px": 20 + 1.5 * 174,
        "py": 20.0,
    }
    assert type(root["impurity"]) is float and type(root["n"]) is float


def test_a_leaf_entry_whole(data):
    leaf = next(n for n in data["nodes"] if n["id"] == 4)  # sunny, high humidity
    assert leaf == {
        "id": 4,
        "x": 0.0,
        "y": 2.0,
        "depth": 2,
        "label": "play = no",
        "summary": "n = 3: yes 0, no 3",
        "counts": [0.0, 3.0],
        "n": 3.0,
        "impurity": 0.0,
        "impurity_text": "entropy 0.000",
        "is_leaf": True,
        "prediction": "no",
        "prediction_index": 1,
        "collapsed": False,
        "hidden_nodes": 0,
        "stub": "",
        "branches": [],
        "open": False,
        "highlighted": False,
        "explanation": None,
        "label_lines": ["play = no"],
        "summary_lines": ["n = 3: yes 0, no 3"],
        "px": 20.0,
        "py": 20.0 + 2 * 114,
    }


def test_an_edge_whole(data):
    # sunny's child lies left of the root: its label ends 4 px left of the child's middle
    # (20 + 75 = 95), its text 7 x 6.4 + 2 x 3 = 50.8 px wide; bottom 3 px above the child
    assert data["edges"][0] == {
        "parent": 0,
        "child": 1,
        "condition": "outlook = sunny",
        "branch": "= sunny",
        "label": "= sunny",
        "box": [round(20 + 0.5 * 174 + 75 - 4 - 50.8, 1), 116.0, 20 + 0.5 * 174 + 75 - 4, 131.0],
        "tx": 20 + 0.5 * 174 + 75 - 4 - 3,
        "ty": 127.0,
        "anchor": "end",
    }
    assert [(e["parent"], e["child"], e["condition"]) for e in data["edges"]] == [
        (0, 1, "outlook = sunny"),
        (1, 4, "humidity = high"),
        (1, 5, "humidity = normal"),
        (0, 2, "outlook = overcast"),
        (0, 3, "outlook = rainy"),
        (3, 6, "windy = TRUE"),
        (3, 7, "windy = FALSE"),
    ]


def test_a_regression_view_has_no_classes_and_no_class_index():
    X = [[0.0], [1.0], [2.0], [3.0]]
    model = dt.CARTRegressor(max_depth=1).fit(X, [1.0, 1.0, 5.0, 5.0])
    view = tree_view_data(model, explain=False)
    assert (view["classes"], view["colours"], view["is_classifier"]) == ([], [], False)
    leaf = view["nodes"][1]
    assert (leaf["prediction"], leaf["prediction_index"], leaf["counts"]) == (1.0, None, None)
