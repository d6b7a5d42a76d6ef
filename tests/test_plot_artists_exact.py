"""Figures' artists against independent numbers: scikit-learn's predictions on the grid,
its regression step function, and rule counts recounted by hand."""

import matplotlib
import numpy as np
import pandas as pd
import pytest
from matplotlib.colors import to_rgba
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

import dtlearn as dt
from dtlearn.plot.curves import plot_rule_accuracies
from dtlearn.plot.figures import decision_regions, regression_fit
from dtlearn.pruning.rule_post_pruning import rule_post_prune

matplotlib.use("Agg")

OKABE_ITO = ["#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#CC79A7", "#F0E442"]


def test_decision_regions_default_grid_is_sklearn_s_predictions():
    rng = np.random.default_rng(3)
    X = rng.uniform(-1, 2, size=(50, 2))
    y = np.where(X[:, 1] > 0.5, "up", np.where(X[:, 0] > 0.5, "right", "left"))
    model = dt.CARTClassifier(max_depth=3).fit(X, y)
    ax = decision_regions(model, pd.DataFrame(X, columns=["u", "v"]), y)
    [image] = ax.images
    codes = np.asarray(image.get_array())
    assert codes.shape == (200, 200)  # the default resolution
    lo, hi = X.min(axis=0), X.max(axis=0)
    pad = (hi - lo) * 0.05
    xx, yy = np.meshgrid(
        np.linspace(lo[0] - pad[0], hi[0] + pad[0], 200),
        np.linspace(lo[1] - pad[1], hi[1] + pad[1], 200),
    )
    sk = DecisionTreeClassifier(max_depth=3, random_state=0).fit(X, y)
    want = np.searchsorted(sk.classes_, sk.predict(np.column_stack([xx.ravel(), yy.ravel()])))
    assert (codes == want.reshape(200, 200)).all()
    assert image.get_extent() == pytest.approx(
        [lo[0] - pad[0], hi[0] + pad[0], lo[1] - pad[1], hi[1] + pad[1]]
    )
    assert image.get_clim() == (-0.5, 2.5) and image.get_alpha() == 0.3
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("u", "v")
    # one scatter per class, in class order, each at its class's points and colour
    assert len(ax.collections) == 3
    for k, (c, points) in enumerate(zip(sk.classes_, ax.collections)):
        assert points.get_label() == c
        assert points.get_offsets().tolist() == X[y == c].tolist()
        assert tuple(points.get_facecolor()[0]) == pytest.approx(to_rgba(OKABE_ITO[k]))
    legend = ax.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == ["left", "right", "up"]
    assert legend._loc == 1  # upper right inside the axes


def test_regression_fit_draws_sklearn_s_step_function():
    X = np.array([[0.0], [1], [2], [3], [4], [5], [6], [7]])
    y = np.array([1.0, 1, 2, 2, 5, 5, 9, 9])
    ax = regression_fit(dt.CARTRegressor(max_depth=2).fit(X, y), X, y)
    line = ax.get_lines()[0]
    sk = DecisionTreeRegressor(max_depth=2, random_state=0).fit(X, y)
    cuts = sorted(t for t in sk.tree_.threshold if t > -2)
    assert cuts == [1.5, 3.5, 5.5]
    edges = [0.0, 1.5, 3.5, 5.5, 7.0]
    xs = [v for a, b in zip(edges[:-1], edges[1:]) for v in (a, b)]
    levels = sk.predict(np.array([[(a + b) / 2] for a, b in zip(edges[:-1], edges[1:])]))
    assert line.get_xdata().tolist() == xs
    assert line.get_ydata().tolist() == [v for level in levels for v in (level, level)]
    assert line.get_ydata().tolist() == [1, 1, 2, 2, 5, 5, 9, 9]
    assert line.get_label() == "tree (4 leaves)"
    assert ax.collections[0].get_offsets().tolist() == np.column_stack([X[:, 0], y]).tolist()


def test_regression_fit_of_a_stump_with_no_cut_inside_the_data():
    X = np.array([[2.0], [2.0], [2.0]])
    ax = regression_fit(dt.CARTRegressor().fit(X, [1.0, 2.0, 3.0]), X, [1.0, 2.0, 3.0])
    assert ax.get_lines()[0].get_xdata().tolist() == [2.0, 2.0]
    assert ax.get_lines()[0].get_ydata().tolist() == [2.0, 2.0]


def test_rule_accuracy_bars_by_hand():
    X, y = dt.load_play_tennis()
    result = rule_post_prune(dt.ID3Classifier().fit(X, y), X[::2], y[::2])
    ax = plot_rule_accuracies(result.ruleset)
    # five rules, validation counts 5/5, 3/3, 1/1, 1/1, 0/0 (recounted in
    # tests/test_pruning_stepper_rules_table.py); bars from the top down in firing order
    bars = ax.patches
    assert [b.get_width() for b in bars] == [1.0, 1.0, 1.0, 1.0, 0.0]
    assert [b.get_y() + b.get_height() / 2 for b in bars] == [4, 3, 2, 1, 0]
    assert [(t.get_position(), t.get_text()) for t in ax.texts] == [
        ((1.01, 4), "5/5"),
        ((1.01, 3), "3/3"),
        ((1.01, 2), "1/1"),
        ((1.01, 1), "1/1"),
        ((0.01, 0), "0/0"),
    ]
    assert [t.get_text() for t in ax.get_yticklabels()] == [
        "1. yes",
        "2. yes",
        "3. no",
        "4. yes",
        "5. no",
    ]
    assert list(ax.get_yticks()) == [4, 3, 2, 1, 0]
    assert ax.get_xlim() == (0, 1.15)
    assert ax.get_xlabel() == "validation accuracy of the rule (rows it covers)"
    assert ax.get_title() == "rules in firing order"
