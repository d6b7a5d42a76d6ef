"""Each static figure's look read back from its artists: the figure's size, the legend's
place, font sizes, line styles, markers and colours.

The numbers are the figure functions' documented design (a 6 x 4 inch figure unless the
picture needs another; the Okabe-Ito palette; legends where they cover no data), read
from the Figure, never by comparing images.
"""

import matplotlib
import numpy as np
import pytest
from matplotlib.colors import to_hex
from matplotlib.markers import MarkerStyle

import dtlearn as dt
from dtlearn.plot.curves import (
    plot_ccp_path,
    plot_complexity_curve,
    plot_prune_steps,
    plot_rule_accuracies,
)
from dtlearn.plot.figures import (
    decision_regions,
    impurity_curves,
    plot_tree,
    regression_fit,
    score_bars,
)

matplotlib.use("Agg")

ORANGE, SKY, GREEN, BLUE, VERMILION = "#e69f00", "#56b4e9", "#009e73", "#0072b2", "#d55e00"
UPPER_RIGHT, UPPER_LEFT, LOWER_LEFT = 1, 2, 3  # matplotlib's legend location codes


def legend_of(ax):
    legend = ax.get_legend()
    anchor = legend.get_bbox_to_anchor().transformed(ax.transAxes.inverted())
    return {
        "loc": legend._loc,
        "fontsizes": {t.get_fontsize() for t in legend.get_texts()},
        "labels": [t.get_text() for t in legend.get_texts()],
        "anchor": (round(float(anchor.x0), 6), round(float(anchor.y0), 6)),
        "frame": legend.get_frame_on(),
    }


def same_marker(collection, marker):
    style = MarkerStyle(marker)
    want = style.get_path().transformed(style.get_transform()).vertices
    return np.allclose(collection.get_paths()[0].vertices, want)


def test_impurity_curves_look():
    ax = impurity_curves(p=0.2)
    assert ax.figure.get_size_inches().tolist() == [6.0, 4.0]
    lines = [(ln.get_linestyle(), to_hex(ln.get_color()), ln.get_linewidth()) for ln in ax.lines]
    # one style and palette colour per criterion (colours from the third on), then the p line
    assert lines == [
        ("-", GREEN, 2.0),
        ("--", BLUE, 2.0),
        (":", VERMILION, 2.0),
        ("-", "#555555", 1.0),
    ]
    assert list(ax.lines[3].get_xdata()) == [0.2, 0.2]
    assert legend_of(ax) == {
        "loc": UPPER_RIGHT,
        "fontsizes": {9.0},
        "labels": ["entropy / 2", "Gini", "misclassification"],
        "anchor": (0.0, 0.0),
        "frame": True,
    }
    [box] = ax.texts
    assert box.get_position() == (0.02, 0.98) and box.get_fontsize() == 9.0
    assert box.get_va() == "top" and box.get_transform() == ax.transAxes
    assert to_hex(box.get_bbox_patch().get_edgecolor()) == "#999999"
    assert box.get_text() == "p = 0.20\nentropy/2 = 0.361\nGini = 0.320\nmisclassification = 0.200"
    assert ax.get_xlim() == (0.0, 1.0) and ax.get_ylim() == (0.0, 0.55)
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("p (proportion of class 1)", "impurity")
    assert len(ax.lines[0].get_xdata()) == 201  # p from 0 to 1 in steps of 0.005


def test_score_bars_look():
    step = dt.ID3Classifier().fit(*dt.load_play_tennis()).steps_[0]
    ax = score_bars(step)
    # 0.6 inch of legend plus 0.5 inch per attribute times the square root of 2 measures
    assert ax.figure.get_size_inches() == pytest.approx([6.0, 0.6 + 0.5 * 4 * 2**0.5])
    bars = [
        (p.get_hatch() or "", to_hex(p.get_facecolor()), p.get_y(), p.get_height())
        for p in ax.patches
    ]
    # two measures: bars 0.4 high, the first 0.4 above each attribute's line, the second on it
    assert bars == [("", SKY, pytest.approx(i - 0.4), pytest.approx(0.4)) for i in range(4)] + [
        ("//", GREEN, pytest.approx(i), pytest.approx(0.4)) for i in range(4)
    ]
    assert {to_hex(p.get_edgecolor()) for p in ax.patches} == {"#000000"}
    assert legend_of(ax) == {
        "loc": LOWER_LEFT,
        "fontsizes": {8.0},
        "labels": ["information gain", "gain ratio"],
        "anchor": (0.0, 1.01),
        "frame": False,
    }
    assert ax.get_legend()._ncols == 2
    assert {(t.get_fontsize(), t.xyann) for t in ax.texts} == {(8.0, (3, 0))}
    assert ax.margins() == (0.18, 0.05)
    assert [t.get_text() for t in ax.get_yticklabels()] == [
        "outlook ◀ chosen",
        "temperature",
        "humidity",
        "windy",
    ]
    assert ax.yaxis_inverted() and ax.get_xlabel() == "score"


def test_score_bars_of_one_measure_is_one_bar_high():
    step = dt.ID3Classifier().fit(*dt.load_play_tennis()).steps_[0]
    ax = score_bars(step, measures=["information_gain"])
    assert ax.figure.get_size_inches() == pytest.approx([6.0, 0.6 + 0.5 * 4])
    assert [(p.get_y(), p.get_height()) for p in ax.patches] == [
        (pytest.approx(i - 0.4), pytest.approx(0.8)) for i in range(4)
    ]
    assert ax.get_legend()._ncols == 1


def four_points():
    X = np.array([[0, 0], [0, 1], [1, 0], [1, 1.0]])
    y = np.array(["a", "b", "a", "b"])
    return dt.CARTClassifier().fit(X, y), X, y


def test_decision_regions_look():
    model, X, y = four_points()
    ax = decision_regions(model, X, y, resolution=5)
    assert ax.figure.get_size_inches().tolist() == [5.0, 4.5]
    a, b = ax.collections
    # each class its own points, palette colour and marker (circle, square)
    assert a.get_offsets().tolist() == [[0.0, 0.0], [1.0, 0.0]]
    assert b.get_offsets().tolist() == [[0.0, 1.0], [1.0, 1.0]]
    assert [to_hex(c.get_facecolors()[0]) for c in (a, b)] == [ORANGE, SKY]
    assert same_marker(a, "o") and same_marker(b, "s")
    for c in (a, b):
        assert c.get_sizes().tolist() == [28]
        assert [to_hex(e) for e in c.get_edgecolors()] == ["#000000"]
        assert c.get_linewidths().tolist() == [0.5]
    assert legend_of(ax) == {
        "loc": UPPER_RIGHT,
        "fontsizes": {8.0},
        "labels": ["a", "b"],
        "anchor": (0.0, 0.0),
        "frame": True,
    }
    outside = decision_regions(model, X, y, resolution=5, legend_outside=True)
    assert legend_of(outside) == {
        "loc": UPPER_LEFT,
        "fontsizes": {8.0},
        "labels": ["a", "b"],
        "anchor": (1.02, 1.0),
        "frame": True,
    }


def test_regression_fit_look():
    X = np.arange(8.0).reshape(-1, 1)
    y = np.array([1, 1, 1, 1, 5, 5, 5, 5.0])
    ax = regression_fit(dt.CARTRegressor(max_depth=1).fit(X, y), X, y)
    assert ax.figure.get_size_inches().tolist() == [6.0, 4.0]
    [line] = ax.lines
    assert (to_hex(line.get_color()), line.get_linewidth()) == (BLUE, 2.0)
    # the cut at 3.5 between 3 and 4: 1 on [0, 3.5], 5 on [3.5, 7]
    assert list(line.get_xdata()) == [0.0, 3.5, 3.5, 7.0]
    [points] = ax.collections
    assert [to_hex(c) for c in points.get_facecolors()] == [ORANGE]
    assert [to_hex(c) for c in points.get_edgecolors()] == ["#000000"]
    assert (points.get_sizes().tolist(), points.get_linewidths().tolist()) == ([14], [0.4])
    assert points.get_zorder() == 3
    assert legend_of(ax) == {
        "loc": UPPER_LEFT,
        "fontsizes": {8.0},
        "labels": ["tree (2 leaves)", "data"],
        "anchor": (0.0, 0.0),
        "frame": True,
    }
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("x0", "target")
    import pandas as pd

    named = regression_fit(dt.CARTRegressor(max_depth=1).fit(X, y), X, pd.Series(y, name="price"))
    assert named.get_ylabel() == "price"


def test_plot_tree_look():
    from matplotlib.patches import FancyBboxPatch

    ax = plot_tree(dt.ID3Classifier().fit(*dt.load_play_tennis()), highlight_path=[0])
    legend = ax.get_legend()
    assert legend_of(ax) == {
        "loc": UPPER_LEFT,
        "fontsizes": {7.0},
        "labels": ["yes", "no"],
        "anchor": (0.0, 0.0),
        "frame": True,
    }
    assert (legend.get_title().get_text(), legend.get_title().get_fontsize()) == ("play", 7.0)
    bold = [t for t in ax.texts if t.get_fontweight() == "bold"]
    plain = [t for t in ax.texts if t.get_fontweight() != "bold"]
    # node labels 7.5 pt bold; counts, impurities and branch labels 7 pt
    assert {t.get_fontsize() for t in bold} == {7.5} and len(bold) == 8
    assert {t.get_fontsize() for t in plain} == {7.0}
    assert {t.get_zorder() for t in ax.texts} == {3}
    boxes = [p for p in ax.patches if isinstance(p, FancyBboxPatch)]
    widths = [b.get_linewidth() for b in boxes]
    assert widths == [2.5] + [1.0] * 7  # the highlighted root is thick
    assert [to_hex(b.get_edgecolor()) for b in boxes] == ["#000000"] + ["#888888"] * 7
    edges = [ln for ln in ax.lines]
    assert {(to_hex(ln.get_color()), ln.get_linewidth(), ln.get_zorder()) for ln in edges} == {
        ("#767676", 1.0, 1)
    }
    assert not ax.axison


def test_curve_functions_refuse_the_wrong_object():
    cases = [
        (plot_complexity_curve, "curve must be a ComplexityCurve (from complexity_curve or "
         "pruning_curve), got str"),
        (plot_ccp_path, "path must be a CostComplexityPath (from cost_complexity_path), got str"),
        (plot_prune_steps, "result must be a ReducedErrorPruning (from reduced_error_prune), "
         "got str"),
        (plot_rule_accuracies, "ruleset must be a RuleSet (from rule_post_prune(...).ruleset), "
         "got str"),
    ]  # fmt: skip
    for function, message in cases:
        with pytest.raises(TypeError) as err:
            function("tree")
        assert str(err.value) == message


def test_plot_tree_folded_stub_look():
    ax = plot_tree(dt.ID3Classifier().fit(*dt.load_play_tennis()), max_depth=1)
    stubs = [t for t in ax.texts if t.get_text().startswith("+ ")]
    # sunny and rainy hide their two leaves each; overcast is a leaf
    assert [t.get_text() for t in stubs] == ["+ 2 nodes", "+ 2 nodes"]
    for t in stubs:
        patch = t.get_bbox_patch()
        assert (t.get_fontsize(), t.get_ha(), t.get_va(), t.get_zorder()) == (
            7.0,
            "center",
            "center",
            3,
        )
        assert to_hex(patch.get_facecolor()) == "#eeeeee"
        assert to_hex(patch.get_edgecolor()) == "#666666"


def test_score_bars_from_a_list_of_candidates_and_its_refusals():
    step = dt.ID3Classifier().fit(*dt.load_play_tennis()).steps_[0]
    ax = score_bars(step.candidates)  # no step: no row is marked chosen
    assert [t.get_text() for t in ax.get_yticklabels()] == [
        "outlook",
        "temperature",
        "humidity",
        "windy",
    ]
    # information gain by hand (Mitchell): 0.247, 0.029, 0.152, 0.048
    assert [t.get_text() for t in ax.texts][:4] == ["0.247", "0.029", "0.152", "0.048"]
    for bad in ([], [1, 2], "outlook"):
        with pytest.raises(TypeError) as err:
            score_bars(bad)
        assert str(err.value) == "step_or_table must be a GrowthStep, a ResultTable or candidates"
