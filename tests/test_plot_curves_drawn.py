"""The pruning figures read back: the points drawn, their labels, the titles.

Play-tennis, every second row for validation. By hand: the ID3 tree has 8 nodes and 5
pure leaves; reduced-error pruning replaces only node 3 (rainy → windy) by a leaf, 0
validation errors before and after, leaving 6 nodes. The cost-complexity path has two
entries: the full tree (R = 0, 5 leaves) and the root (R = H(9, 5) = 0.940 at
α = 0.940 / (5 − 1) = 0.235). The pruned rules cover 5, 3, 1, 1 and 0 validation rows,
every covered row right.
"""

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.plot.curves import (
    plot_ccp_path,
    plot_complexity_curve,
    plot_prune_steps,
    plot_rule_accuracies,
    thin_point_labels,
)


@pytest.fixture(scope="module")
def tennis():
    X, y = dt.load_play_tennis()
    return X, y, dt.ID3Classifier().fit(X, y)


def test_prune_steps_draw_one_point_per_node_pruned(tennis):
    X, y, model = tennis
    ax = plot_prune_steps(dt.reduced_error_prune(model, X[::2], y[::2]))
    line = ax.lines[0]
    assert list(line.get_xdata()) == [0, 1] and list(line.get_ydata()) == [0, 0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["full", "node 3"]
    assert ax.get_title() == "reduced-error pruning: 8 -> 6 nodes"


def test_rule_accuracies_bars_labels_and_numbers(tennis):
    X, y, model = tennis
    ax = plot_rule_accuracies(dt.rule_post_prune(model, X[::2], y[::2]).ruleset)
    assert [p.get_width() for p in ax.patches] == [1.0, 1.0, 1.0, 1.0, 0.0]
    assert [t.get_text() for t in ax.texts] == ["5/5", "3/3", "1/1", "1/1", "0/0"]
    assert [t.get_text() for t in ax.get_yticklabels()] == [
        "1. yes",
        "2. yes",
        "3. no",
        "4. yes",
        "5. no",
    ]


def test_ccp_path_points_and_leaf_counts(tennis):
    ax = plot_ccp_path(dt.cost_complexity_path(tennis[2]))
    line = ax.lines[0]
    assert np.allclose(line.get_xdata(), [0.0, 0.940286 / 4], atol=1e-6)
    assert np.allclose(line.get_ydata(), [0.0, 0.940286], atol=1e-6)
    assert line.get_drawstyle() == "steps-post"
    assert [t.get_text() for t in ax.texts] == ["5", "1"]


def test_complexity_curve_steps_only_when_alpha_is_on_the_x_axis(tennis):
    X, y, _ = tennis
    from dtlearn.pruning.curves import complexity_curve

    curve = complexity_curve(
        dt.CARTClassifier(), X, y, X[::2], y[::2], param="ccp_alpha", values=[0.0, 0.1, 0.2]
    )
    by_value = plot_complexity_curve(curve, x="value")
    assert [line.get_drawstyle() for line in by_value.lines] == ["steps-post"] * 2
    assert by_value.get_xlabel() == "ccp_alpha"
    by_size = plot_complexity_curve(curve)
    assert [line.get_drawstyle() for line in by_size.lines] == ["default"] * 2
    assert by_size.get_xlabel() == "size of tree (number of nodes)"
    assert [line.get_label() for line in by_size.lines] == ["train", "validation"]


def test_thin_point_labels_removes_a_label_only_when_close_both_ways():
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(4, 4))
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    for text, xy in [
        ("a", (0.5, 0.1)),
        ("b", (0.5, 0.9)),
        ("c", (0.9, 0.1)),
        ("d", (0.501, 0.101)),
    ]:
        ax.annotate(text, xy)
    assert thin_point_labels(ax) == ["d"]
    assert [t.get_text() for t in ax.texts] == ["a", "b", "c"]
