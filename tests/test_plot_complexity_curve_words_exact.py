"""``plot_complexity_curve``'s words and marks on a curve made by hand.

A curve of three trees (max_depth 3, 1, 2: listed out of order, as a pruning curve lists
its trees from the largest down) whose sizes, scores and names are chosen here: the lines
must follow the sizes in increasing order, carry the marker and colour of their score, and
the title, axis labels and legend must say what was measured.
"""

import matplotlib
import numpy as np
import pytest
from matplotlib.colors import to_hex

from dtlearn.plot.curves import plot_complexity_curve
from dtlearn.pruning.curves import ComplexityCurve

matplotlib.use("Agg")


def curve(**changes):
    fields = {
        "param": "max_depth",
        "values": (3, 1, 2),
        "n_nodes": (15, 3, 7),
        "n_leaves": (8, 2, 4),
        "depth": (3, 1, 2),
        "train": (0.95, 0.7, 0.8),
        "validation": (0.7, 0.68, 0.75),
        "test": (0.69, 0.66, 0.74),
        "metric": "accuracy",
        "learner": "CART",
    }
    return ComplexityCurve(**{**fields, **changes})


def test_the_default_title_names_learner_metric_and_parameter():
    ax = plot_complexity_curve(curve())
    assert ax.get_title() == "CART accuracy against max_depth"
    assert ax.get_ylabel() == "accuracy"
    assert ax.get_xlabel() == "size of tree (number of nodes)"


def test_a_curve_without_a_learner_name_has_no_leading_space():
    ax = plot_complexity_curve(curve(learner="", metric="R2", param="min_samples_leaf"))
    assert ax.get_title() == "R2 against min_samples_leaf"
    assert ax.get_ylabel() == "R2"


def test_a_given_title_is_kept_as_given():
    ax = plot_complexity_curve(curve(), title="Figure 8")
    assert ax.get_title() == "Figure 8"


def test_lines_follow_the_sizes_in_increasing_order():
    ax = plot_complexity_curve(curve())
    train, validation, test = ax.get_lines()
    assert train.get_xdata().tolist() == [3, 7, 15]
    assert train.get_ydata().tolist() == [0.7, 0.8, 0.95]
    assert validation.get_ydata().tolist() == [0.68, 0.75, 0.7]
    assert test.get_ydata().tolist() == [0.66, 0.74, 0.69]


@pytest.mark.parametrize(
    "x, label, xs",
    [
        ("n_nodes", "size of tree (number of nodes)", [3, 7, 15]),
        ("n_leaves", "number of leaves", [2, 4, 8]),
        ("depth", "depth of tree", [1, 2, 3]),
        ("value", "max_depth", [1, 2, 3]),
    ],
)
def test_each_x_axis_has_its_label(x, label, xs):
    ax = plot_complexity_curve(curve(), x=x)
    assert ax.get_xlabel() == label
    assert [line.get_xdata().tolist() for line in ax.get_lines()] == [xs] * 3
    assert [line.get_ydata().tolist()[0] for line in ax.get_lines()] == [0.7, 0.68, 0.66]


def test_equal_sizes_keep_their_listed_order():
    # two trees of 7 nodes: a stable sort keeps the first listed first
    ax = plot_complexity_curve(curve(n_nodes=(7, 3, 7)))
    assert ax.get_lines()[0].get_xdata().tolist() == [3, 7, 7]
    assert ax.get_lines()[0].get_ydata().tolist() == [0.7, 0.95, 0.8]


def test_markers_colours_and_names_of_the_three_scores():
    ax = plot_complexity_curve(curve())
    assert [
        (line.get_label(), line.get_marker(), line.get_markersize(), to_hex(line.get_color()))
        for line in ax.get_lines()
    ] == [
        ("train", "o", 4.0, "#0072b2"),
        ("validation", "s", 4.0, "#e69f00"),
        ("test", "^", 4.0, "#d55e00"),
    ]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["train", "validation", "test"]
    assert ax.get_legend()._loc == 0  # "best"


def test_only_the_scores_measured_are_drawn():
    ax = plot_complexity_curve(curve(validation=None))
    assert [line.get_label() for line in ax.get_lines()] == ["train", "test"]
    ax = plot_complexity_curve(curve(validation=None, test=None))
    assert [line.get_label() for line in ax.get_lines()] == ["train"]


def test_alpha_on_the_x_axis_is_drawn_as_steps_and_nothing_else_is():
    alphas = curve(param="ccp_alpha", values=(0.0, 0.02, 0.01))
    assert {line.get_drawstyle() for line in plot_complexity_curve(alphas, x="value").lines} == {
        "steps-post"
    }
    assert {line.get_drawstyle() for line in plot_complexity_curve(alphas).lines} == {"default"}
    by_depth = plot_complexity_curve(curve(), x="value")
    assert {line.get_drawstyle() for line in by_depth.lines} == {"default"}


def test_the_grid_is_faint():
    ax = plot_complexity_curve(curve())
    gridlines = ax.xaxis.get_gridlines()
    assert gridlines[0].get_visible() and gridlines[0].get_alpha() == 0.3


def test_a_new_figure_is_six_by_four_inches_and_given_axes_are_used():
    ax = plot_complexity_curve(curve())
    assert ax.figure.get_size_inches().tolist() == [6.0, 4.0]
    assert plot_complexity_curve(curve(), ax=ax) is ax


@pytest.mark.parametrize("x", ["size", "N_NODES", "values", ""])
def test_an_unknown_x_is_refused_by_name(x):
    with pytest.raises(ValueError) as err:
        plot_complexity_curve(curve(), x=x)
    assert str(err.value) == (f"x must be 'n_nodes', 'n_leaves', 'depth' or 'value', got {x!r}")


def test_ys_are_read_as_arrays_of_the_listed_scores():
    ax = plot_complexity_curve(curve(train=[0.9, 0.5, 0.6]))
    assert np.array_equal(ax.get_lines()[0].get_ydata(), [0.5, 0.6, 0.9])
