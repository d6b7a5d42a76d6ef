"""Splits, label noise, complexity and pruning curves, and their figures."""

import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.pruning.cost_complexity import cost_complexity_path
from dtlearn.pruning.curves import (
    ComplexityCurve,
    add_label_noise,
    complexity_curve,
    pruning_curve,
    train_validation_test_split,
)
from dtlearn.pruning.reduced_error import reduced_error_prune


def _car():
    X, y = dt.load_car()
    return train_validation_test_split(X, y, random_state=0)


def test_split_is_deterministic_stratified_and_disjoint():
    X, y = dt.load_car()
    a = train_validation_test_split(X, y, random_state=3)
    b = train_validation_test_split(X, y, random_state=3)
    c = train_validation_test_split(X, y, random_state=4)
    for p, q in zip(a, b):
        assert p.index.equals(q.index)
    assert not a[0].index.equals(c[0].index)
    idx = [set(p.index) for p in a[:3]]
    assert not (idx[0] & idx[1]) and not (idx[0] & idx[2]) and not (idx[1] & idx[2])
    assert sum(map(len, idx)) == len(X)
    share = y.value_counts(normalize=True)
    for part in a[3:]:
        assert (part.value_counts(normalize=True) - share).abs().max() < 0.01
    assert [len(p) for p in a[:3]] == [1037, 345, 346]


def test_split_keeps_types_and_checks_sizes():
    X = np.arange(20.0).reshape(10, 2)
    y = list("ababababab")
    X_tr, X_va, X_te, y_tr, y_va, y_te = train_validation_test_split(X, y, (0.5, 0.3, 0.2))
    assert isinstance(X_tr, np.ndarray) and isinstance(y_tr, list)
    assert (len(X_tr), len(X_va), len(X_te)) == (5, 3, 2)
    with pytest.raises(ValueError, match="sizes"):
        train_validation_test_split(X, y, (0.5, 0.5))
    with pytest.raises(ValueError, match="sizes"):
        train_validation_test_split(X, y, (0.9, 0.2, -0.1))
    with pytest.raises(ValueError, match="y has 3 labels"):
        train_validation_test_split(X, y[:3])
    with pytest.raises(ValueError, match="empty"):
        train_validation_test_split(X[:2], y[:2], (0.8, 0.1, 0.1))


def test_label_noise_changes_exactly_the_rate():
    _, y = dt.load_car()
    noisy = add_label_noise(y, 0.1, random_state=0)
    assert isinstance(noisy, pd.Series) and noisy.dtype == y.dtype
    assert int((noisy != y).sum()) == round(0.1 * len(y))
    assert noisy.equals(add_label_noise(y, 0.1, random_state=0))
    assert add_label_noise(y, 0.0).equals(y)
    with pytest.raises(ValueError, match="rate"):
        add_label_noise(y, 1.5)


def test_complexity_curve_depth():
    X_tr, X_va, X_te, y_tr, y_va, y_te = _car()
    learner = dt.CARTClassifier(min_samples_leaf=2)
    curve = complexity_curve(learner, X_tr, y_tr, X_va, y_va, X_te, y_te)
    assert learner.max_depth is None  # the template is not changed
    assert curve.values == tuple(range(1, len(curve.values) + 1))
    assert list(curve.n_nodes) == sorted(curve.n_nodes)
    assert curve.train[-1] >= curve.train[0]
    frame = curve.to_frame()
    assert list(frame.columns) == [
        "max_depth",
        "n_nodes",
        "n_leaves",
        "depth",
        "train",
        "validation",
        "test",
    ]
    assert curve.best_value == curve.values[int(np.argmax(curve.validation))]
    assert "*" in repr(curve)  # best row marked
    assert curve.to_dict()["metric"] == "accuracy"


def test_complexity_curve_other_parameters_and_errors():
    X_tr, X_va, _, y_tr, y_va, _ = _car()
    curve = complexity_curve(dt.CARTClassifier(), X_tr, y_tr, X_va, y_va, param="min_samples_leaf")
    assert curve.test is None and list(curve.n_leaves) == sorted(curve.n_leaves, reverse=True)
    curve = complexity_curve(
        dt.CARTClassifier(), X_tr, y_tr, param="max_leaf_nodes", values=[2, 4, 8]
    )
    assert curve.n_leaves == (2, 4, 8) and curve.validation is None
    with pytest.raises(ValueError, match="no parameter 'depth'"):
        complexity_curve(dt.CARTClassifier(), X_tr, y_tr, param="depth")
    with pytest.raises(ValueError, match="values"):
        complexity_curve(dt.CARTClassifier(), X_tr, y_tr, param="min_impurity_decrease")
    with pytest.raises(ValueError, match="X_val has columns"):
        complexity_curve(dt.CARTClassifier(), X_tr, y_tr, X_va.iloc[:, :2], y_va, values=[1])


def test_complexity_curve_regression_uses_r2():
    rng = np.random.default_rng(0)
    X = rng.uniform(size=(200, 1))
    y = np.sin(6 * X[:, 0]) + rng.normal(0, 0.3, 200)
    X_tr, X_va, _, y_tr, y_va, _ = train_validation_test_split(X, y, stratify=False)
    curve = complexity_curve(dt.CARTRegressor(), X_tr, y_tr, X_va, y_va, values=[1, 3, 12])
    assert curve.metric == "R2" and curve.train[-1] > curve.validation[-1]


def test_pruning_curves():
    X_tr, X_va, X_te, y_tr, y_va, y_te = _car()
    model = dt.CARTClassifier().fit(X_tr, y_tr)
    curve = pruning_curve(model, X_tr, y_tr, X_va, y_va, X_te, y_te)
    path = cost_complexity_path(model)
    assert curve.values == tuple(path.ccp_alphas) and curve.n_leaves == tuple(path.n_leaves)
    assert curve.train[0] == model.score(X_tr, y_tr)
    rep = pruning_curve(model, X_tr, y_tr, X_va, y_va, method="reduced_error")
    result = reduced_error_prune(model, X_va, y_va)
    assert len(rep.values) == len(result.pruned_nodes) + 1
    assert list(rep.validation) == sorted(rep.validation)  # never worse on validation
    with pytest.raises(ValueError, match="X_val"):
        pruning_curve(model, X_tr, y_tr, method="reduced_error")
    with pytest.raises(ValueError, match="method"):
        pruning_curve(model, X_tr, y_tr, method="magic")


def test_figures_draw_results():
    from dtlearn.plot.curves import plot_ccp_path, plot_complexity_curve, plot_prune_steps

    curve = ComplexityCurve(
        "max_depth",
        (1, 2, 3),
        (3, 7, 15),
        (2, 4, 8),
        (1, 2, 3),
        (0.7, 0.8, 0.95),
        (0.68, 0.75, 0.7),
        (0.66, 0.74, 0.69),
    )
    ax = plot_complexity_curve(curve)
    assert [line.get_label() for line in ax.get_lines()] == ["train", "validation", "test"]
    assert ax.get_xlabel() == "size of tree (number of nodes)"
    assert list(ax.get_lines()[0].get_xdata()) == [3, 7, 15]
    assert plot_complexity_curve(curve, x="value", ax=ax) is ax
    with pytest.raises(ValueError, match="x must be"):
        plot_complexity_curve(curve, x="colour")
    X, y = dt.load_play_tennis(numeric=True)
    model = dt.CARTClassifier().fit(X, y)
    assert len(plot_ccp_path(cost_complexity_path(model)).texts) == 4
    result = reduced_error_prune(
        dt.ID3Classifier().fit(*dt.load_play_tennis()), *dt.load_play_tennis()
    )
    assert plot_prune_steps(result).get_ylabel() == "validation errors"


def test_core_modules_do_not_import_matplotlib():
    code = (
        "import sys, dtlearn.pruning.reduced_error, dtlearn.pruning.rule_post_pruning, dtlearn.pruning.curves; "
        "bad = [m for m in ('matplotlib', 'ipywidgets', 'anywidget', 'IPython') "
        "if m in sys.modules]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_pruning_curve_local_updates_match_rebuilt_trees():
    X_tr, X_va, X_te, y_tr, y_va, y_te = _car()
    noisy = add_label_noise(y_tr, 0.2, random_state=0)
    model = dt.ID3Classifier().fit(X_tr, noisy)
    curve = pruning_curve(model, X_tr, noisy, X_va, y_va, X_te, y_te, method="reduced_error")
    cuts = list(reduced_error_prune(model, X_va, y_va).pruned_nodes)
    for i in (0, 1, len(cuts) // 2, len(cuts)):
        tree = model.tree_.with_leaves_at(cuts[:i])
        assert (curve.n_nodes[i], curve.n_leaves[i], curve.depth[i]) == (
            tree.n_nodes,
            tree.n_leaves,
            tree.depth,
        )
        for X, y, score in ((X_tr, noisy, curve.train), (X_te, y_te, curve.test)):
            assert score[i] == pytest.approx(np.mean(tree.predict(X) == np.asarray(y)))


@pytest.mark.parametrize("seed", range(12))
def test_stratified_split_gives_each_class_its_nearest_share(seed):
    # Proportional allocation by hand, sizes (0.2, 0.6, 0.2) of 5 rows = parts of 1, 3, 1:
    # the class of 1 row owes 0.2 / 0.6 / 0.2 rows to the parts, nearest 0 / 1 / 0;
    # the class of 4 rows owes 0.8 / 2.4 / 0.8, nearest 1 / 2 / 1.  Each class spread over
    # its own span, centred, meets both for every shuffle.
    y = ["rare", "common", "common", "common", "common"]
    parts = train_validation_test_split(
        np.zeros((5, 1)), y, (0.2, 0.6, 0.2), random_state=seed, stratify=True
    )
    counts = [(part.count("rare"), part.count("common")) for part in parts[3:]]
    assert counts == [(0, 1), (1, 2), (0, 1)]
