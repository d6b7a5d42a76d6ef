import os

import matplotlib
import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn import plot


@pytest.fixture(scope="module")
def tennis():
    return dt.ID3Classifier().fit(*dt.load_play_tennis())


def _texts(ax):
    return [t.get_text() for t in ax.texts]


def _diagonal():
    rng = np.random.default_rng(1)
    X = pd.DataFrame(rng.uniform(size=(120, 2)), columns=["a", "b"])
    y = np.where(X["a"] + X["b"] > 1, "up", "down")
    return X, y


def test_public_functions_all_smoke(tennis, tmp_path):
    """Every public plot function runs, returns Axes, changes no rcParams, writes nothing."""
    before = dict(matplotlib.rcParams)
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        X, y = _diagonal()
        Xr = np.linspace(0, 1, 30).reshape(-1, 1)
        yr = np.where(Xr[:, 0] > 0.5, 2.0, 0.0)
        calls = {
            "impurity_curves": lambda: plot.impurity_curves(p=0.3),
            "score_bars": lambda: plot.score_bars(tennis.steps_[0]),
            "plot_tree": lambda: plot.plot_tree(tennis),
            "decision_regions": lambda: plot.decision_regions(
                dt.CARTClassifier(max_depth=3).fit(X, y), X, y, resolution=30
            ),
            "regression_fit": lambda: plot.regression_fit(
                dt.CARTRegressor(max_depth=2).fit(Xr, yr), Xr, yr
            ),
        }
        figures = {
            "decision_regions",
            "impurity_curves",
            "plot_tree",
            "regression_fit",
            "score_bars",
        }
        assert figures <= set(plot.__all__)
        for name in figures:
            ax = calls[name]()
            assert hasattr(ax, "figure"), name
        assert os.listdir(tmp_path) == []
    finally:
        os.chdir(cwd)
    assert dict(matplotlib.rcParams) == before


def test_impurity_curves_values():
    ax = plot.impurity_curves(p=0.5)
    lines = ax.get_lines()
    assert [line.get_label() for line in lines[:3]] == ["entropy / 2", "Gini", "misclassification"]
    for line in lines[:3]:
        assert max(line.get_ydata()) == pytest.approx(0.5)
    assert "Gini = 0.500" in _texts(ax)[0]
    with pytest.raises(ValueError, match="p must"):
        plot.impurity_curves(p=2)


def test_score_bars_reads_step_and_table(tennis):
    step = tennis.steps_[0]
    ax = plot.score_bars(step, measures=("information_gain",))
    assert _texts(ax) == ["0.247", "0.029", "0.152", "0.048"]
    assert ax.get_yticklabels()[0].get_text() == "outlook ◀ chosen"
    table = dt.explain.ResultTable.build(
        ["attribute", "gain"], [["a", 0.5], ["b", 0.25]], highlight_row=1
    )
    ax = plot.score_bars(table, measures=("gain",))
    assert _texts(ax) == ["0.500", "0.250"]
    with pytest.raises(ValueError, match="not columns"):
        plot.score_bars(table, measures=("nope",))


def test_plot_tree_texts(tennis):
    ax = plot.plot_tree(tennis)
    texts = _texts(ax)
    assert "outlook" in texts and "n = 14: yes 9, no 5" in texts
    assert "= sunny" in texts and texts.count("entropy 0.000") == 5  # branch beside edge
    assert texts.count("play = no") == 2
    path = tennis.tree_.decision_path({"outlook": "overcast"})
    assert "▶ play = yes" in _texts(plot.plot_tree(tennis.tree_, highlight_path=path))
    shallow = _texts(plot.plot_tree(tennis, max_depth=1))
    assert "humidity" in shallow and "+ 2 nodes" in shallow


def test_decision_regions_axis_aligned_and_oblique():
    X, y = _diagonal()
    for learner in (dt.CARTClassifier(max_depth=2), dt.ObliqueTreeClassifier(max_depth=1)):
        model = learner.fit(X, y)
        ax = plot.decision_regions(model, X, y, resolution=25)
        assert ax.get_xlabel() == "a" and ax.get_ylabel() == "b"
        legend = [t.get_text() for t in ax.get_legend().get_texts()]
        assert legend == [str(c) for c in model.classes_]
    with pytest.raises(ValueError, match="2 columns"):
        plot.decision_regions(model, np.zeros((3, 3)), ["a"] * 3)


def test_regression_fit_is_exact_steps():
    X = np.arange(8.0).reshape(-1, 1)
    y = np.array([1, 1, 1, 1, 5, 5, 5, 5.0])
    ax = plot.regression_fit(dt.CARTRegressor(max_depth=1).fit(X, y), X, y)
    line = ax.get_lines()[0]
    assert line.get_xdata().tolist() == [0.0, 3.5, 3.5, 7.0]
    assert line.get_label() == "tree (2 leaves)"


def test_impurity_values_are_the_textbook_numbers_and_the_figure_shows_them():
    import math

    p = 0.2
    entropy = -(p * math.log2(p) + (1 - p) * math.log2(1 - p))
    values = plot.impurity_values(p)
    # the course's three (a criterion registered with a curve_label adds its own after them)
    assert dict(list(values.items())[:3]) == pytest.approx(
        {"entropy/2": entropy / 2, "Gini": 2 * p * (1 - p), "misclassification": p}
    )
    assert _texts(plot.impurity_curves(p=p))[0].splitlines()[:4] == [
        "p = 0.20",
        "entropy/2 = 0.361",
        "Gini = 0.320",
        "misclassification = 0.200",
    ]
    with pytest.raises(ValueError, match="p must"):
        plot.impurity_values(-0.1)


def test_every_public_name_resolves():
    assert plot.__all__ == sorted(set(plot.__all__))
    for name in plot.__all__:
        assert callable(getattr(plot, name)), name


def test_dark_style_reaches_the_tree_drawing():
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex
    from matplotlib.patches import FancyBboxPatch

    from dtlearn.plot import dark_style, plot_tree
    from dtlearn.plot.style import DARK_STYLE

    model = dt.ID3Classifier().fit(*dt.load_play_tennis())
    with dark_style():
        ax = plot_tree(model)
    boxes = [p for p in ax.patches if isinstance(p, FancyBboxPatch)]
    assert boxes and {to_hex(b.get_facecolor()) for b in boxes} == {DARK_STYLE["axes.facecolor"]}
    texts = [t for t in ax.texts if t.get_text()]
    assert {to_hex(t.get_color()) for t in texts} == {DARK_STYLE["text.color"]}
    plt.close(ax.figure)
    ax = plot_tree(model)  # outside the context: the light paper again
    assert {to_hex(b.get_facecolor()) for b in ax.patches if isinstance(b, FancyBboxPatch)} == {
        "#ffffff"
    }
    plt.close(ax.figure)
