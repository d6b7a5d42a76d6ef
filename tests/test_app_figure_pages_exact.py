"""The figures of the cost-complexity and region explorers, read back from the artists.

Where each axes sits, titles and their size, every series' step style, marker, size,
colour and label, the CV band, the legend beside the axes, the symlog scale whose
linear part ends at the smallest positive alpha, the animated marks; the region
explorer's animated image and points; the summaries in words.
"""

import numpy as np
import pytest

pytest.importorskip("anywidget")

from matplotlib.colors import to_hex

import dtlearn as dt
from dtlearn.formatting import percent
from dtlearn.widgets import BoundaryExplorer, CostComplexityExplorer


def series(ax):
    return [
        (
            ln.get_label(),
            ln.get_drawstyle(),
            ln.get_marker(),
            ln.get_markersize(),
            to_hex(ln.get_color()),
            ln.get_linestyle(),
        )
        for ln in ax.lines
        if not ln.get_animated()
    ]


def test_cost_complexity_page():
    X, y = dt.load_play_tennis(numeric=True)
    app = CostComplexityExplorer(X, y, X_test=X.iloc[:6], y_test=y.iloc[:6], cv=3)
    left, right = app.figure.figure.axes[:2]
    assert left.get_position().bounds == pytest.approx((0.09, 0.2, 0.36, 0.66))
    assert right.get_position().bounds == pytest.approx((0.57, 0.2, 0.25, 0.66))
    assert (left.get_title(), left.title.get_fontsize()) == ("R(T) along the path", 10.0)
    assert (right.get_title(), right.title.get_fontsize()) == ("accuracy against alpha", 10.0)
    assert left.get_xlabel() == "effective alpha (symlog scale)"
    assert (right.get_xlabel(), right.get_ylabel()) == ("alpha (symlog scale)", "accuracy")
    smallest = float(app.alphas[app.alphas > 0].min())
    for ax in (left, right):
        scale = ax.xaxis.get_transform()
        assert ax.get_xscale() == "symlog"
        assert (scale.linthresh, scale.linscale) == (pytest.approx(smallest), 1.0)
    assert series(right) == [
        ("training", "steps-post", "o", 3.0, "#0072b2", "-"),
        ("3-fold CV", "steps-post", "s", 3.0, "#e69f00", "-"),
        ("test", "steps-post", "^", 4.0, "#009e73", ":"),
    ]
    [band] = right.collections
    assert [to_hex(c) for c in band.get_facecolors()] == ["#e69f00"] and band.get_alpha() == 0.2
    legend = right.get_legend()
    anchor = legend.get_bbox_to_anchor().transformed(right.transAxes.inverted())
    assert legend._loc == 2 and (anchor.x0, anchor.y0) == pytest.approx((1.02, 1.0))
    assert [t.get_text() for t in legend.get_texts()] == ["training", "3-fold CV", "test"]
    assert {t.get_fontsize() for t in legend.get_texts()} == {8.0}
    for ax in (left, right):
        line, points = [ln for ln in ax.lines if ln.get_animated()]
        assert (to_hex(line.get_color()), line.get_linestyle(), line.get_linewidth()) == (
            "#333333",
            "--",
            1.0,
        )
        assert (points.get_marker(), points.get_markersize(), points.get_markeredgewidth()) == (
            "o",
            9.0,
            1.5,
        )
        assert points.get_markerfacecolor() == "none"
        assert to_hex(points.get_markeredgecolor()) == "#000000"


def test_region_explorer_page_and_words():
    X = np.random.default_rng(0).uniform(size=(30, 2))
    y = np.array(["a", "b"] * 15)
    app = BoundaryExplorer(X, y, resolution=10)
    ax = app.figure.figure.axes[0]
    assert ax.get_position().bounds == pytest.approx((0.11, 0.12, 0.66, 0.84))
    [image] = ax.images
    assert (image.get_zorder(), image.get_interpolation(), image.get_animated()) == (
        0,
        "nearest",
        True,
    )
    assert [c.get_animated() for c in ax.collections] == [True, True]
    for oblique, kind, learner in [
        (False, "axis-aligned", dt.CARTClassifier),
        (True, "oblique", dt.ObliqueTreeClassifier),
    ]:
        app.oblique = oblique
        model = learner(max_depth=2).fit(X, y)
        words = (
            f"{kind}, max depth 2: {model.tree_.n_leaves} leaves, training accuracy "
            f"{percent(model.score(X, y))}"
        )
        assert app.summary == words == app.describe()
        assert app.summary_html.value == words
        assert app.model.tree_.n_leaves == model.tree_.n_leaves
