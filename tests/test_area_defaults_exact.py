"""Defaults and type checks of the drawing/widget/tree area, each at the value that tells.

Each test pins one behaviour that a single changed token would alter: the dark style's
legend colours read back from a drawn legend, the root's branch index in the depth-first
walk, a criterion table with no split to pick, ``predict_first``'s type check with a
truthy non-bool, and ``TreeView.update`` keeping the selection unless told not to.
"""

import math

import matplotlib
import pandas as pd
import pytest
from matplotlib.colors import to_hex

import dtlearn as dt
from dtlearn.plot.style import DARK_STYLE, dark_style

matplotlib.use("Agg")


def test_dark_style_legend_colours_read_back_from_a_legend():
    import matplotlib.pyplot as plt

    with dark_style():
        fig, ax = plt.subplots()
        ax.plot([0, 1], [0, 1], label="line")
        legend = ax.legend()
        frame = legend.get_frame()
        # JupyterLab Dark: legend paper #1f1f1f, its edge #555555, its text #e0e0e0
        assert to_hex(frame.get_edgecolor()) == "#555555"
        assert to_hex(frame.get_facecolor()) == "#1f1f1f"
        assert [to_hex(t.get_color()) for t in legend.get_texts()] == ["#e0e0e0"]
        assert to_hex(ax.spines["left"].get_edgecolor()) == "#9e9e9e"
        assert to_hex(fig.get_facecolor()) == "#111111"
        assert to_hex(ax.xaxis.get_ticklabels()[0].get_color()) == "#e0e0e0"
        assert to_hex(ax.yaxis.get_ticklabels()[0].get_color()) == "#e0e0e0"
        assert matplotlib.rcParams["grid.color"] == "#555555"
        assert matplotlib.rcParams["savefig.facecolor"] == "#111111"
        assert matplotlib.rcParams["patch.edgecolor"] == "#e0e0e0"
        assert matplotlib.rcParams["axes.labelcolor"] == "#e0e0e0"
    plt.close(fig)
    assert DARK_STYLE == {
        "figure.facecolor": "#111111",
        "axes.facecolor": "#111111",
        "savefig.facecolor": "#111111",
        "text.color": "#e0e0e0",
        "axes.labelcolor": "#e0e0e0",
        "axes.edgecolor": "#9e9e9e",
        "xtick.color": "#e0e0e0",
        "ytick.color": "#e0e0e0",
        "grid.color": "#555555",
        "legend.facecolor": "#1f1f1f",
        "legend.edgecolor": "#555555",
        "legend.labelcolor": "#e0e0e0",
        "patch.edgecolor": "#e0e0e0",
    }


def test_depth_first_parents_give_the_root_branch_minus_one():
    tree = dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_
    walk = [
        (n.node_id, None if p is None else p.node_id, b)
        for n, p, b in tree.nodes_with_depth_first_parents()
    ]
    # outlook: sunny (humidity: high, normal), overcast, rainy (windy: TRUE, FALSE)
    assert walk == [
        (0, None, -1),
        (1, 0, 0),
        (4, 1, 0),
        (5, 1, 1),
        (2, 0, 1),
        (3, 0, 2),
        (6, 3, 0),
        (7, 3, 1),
    ]


def test_criterion_picks_with_no_split_to_pick():
    from dtlearn.widgets.criteria_explorer import criterion_picks

    table = criterion_picks(pd.DataFrame({"a": ["x", "x", "x"]}), ["p", "n", "p"])
    assert [row[:2] for row in table.rows] == [
        ("entropy", "—"),
        ("gain_ratio", "—"),
        ("gini", "—"),
        ("misclassification", "—"),
        ("hellinger", "—"),
    ]
    assert all(math.isnan(row[2]) for row in table.rows)
    assert table.caption == "attribute chosen at the root by each criterion"


@pytest.mark.parametrize("value", [1, 0, None, 1.0])
def test_id3_builder_predict_first_refuses_a_non_bool(value):
    pytest.importorskip("anywidget")
    from dtlearn.widgets import ID3Builder

    with pytest.raises(TypeError) as err:
        ID3Builder(*dt.load_play_tennis(), predict_first=value)
    assert str(err.value) == f"predict_first must be True or False, got {value!r}"


def test_tree_view_update_keeps_the_selection_by_default():
    pytest.importorskip("anywidget")
    from dtlearn.widgets import TreeView

    X, y = dt.load_play_tennis()
    tree = dt.ID3Classifier().fit(X, y)
    view = TreeView(tree)
    view.select(4)
    view.update(tree)
    assert view.selected == 4
    view.update(tree, keep_selection=True)
    assert view.selected == 4
    view.update(tree, keep_selection=False)
    assert view.selected is None
    view.select(3)
    view.update(dt.ID3Classifier(max_depth=1).fit(X, y))  # node 3 is still shown
    assert view.selected == 3
    view.update(tree)
    view.select(5)
    view.update(dt.ID3Classifier(max_depth=1).fit(X, y))  # node 5 is gone
    assert view.selected is None


def test_view_data_carries_its_format_tag_and_keys():
    from dtlearn.drawing.layout import tree_view_data

    data = tree_view_data(dt.ID3Classifier().fit(*dt.load_play_tennis()))
    assert data["format"] == "dtlearn.treeview/1"
    assert (data["target_name"], data["is_classifier"], data["classes"]) == (
        "play",
        True,
        ["yes", "no"],
    )
    assert (data["n_nodes"], data["n_leaves"], data["depth"]) == (8, 5, 2)
    assert data["colours"] == ["#E69F00", "#56B4E9"]


def test_lazy_names_of_the_package_resolve_to_their_homes():
    import importlib

    assert dt.exercises is importlib.import_module("dtlearn.exercises")
    assert dt.plot is importlib.import_module("dtlearn.plot")
    assert dt.widgets is importlib.import_module("dtlearn.widgets")
    from dtlearn.learners.c45 import C45Classifier

    assert dt.C45Classifier is C45Classifier
    assert {"exercises", "plot", "widgets", "C45Classifier"} <= set(dir(dt)) & set(dt.__all__)
    with pytest.raises(AttributeError) as err:
        dt.no_such_name  # noqa: B018
    assert str(err.value) == "module 'dtlearn' has no attribute 'no_such_name'"
