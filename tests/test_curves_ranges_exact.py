"""Complexity and pruning curves: default ranges, every tree of a sequence, exact rows.

Independent expectations: the defaults the docstring promises (depths 1 .. the full tree's
depth, leaf counts 2 .. its leaves, ``min_samples_leaf`` from 0 % to 30 % of the rows, here
worked out by hand for 14 rows), and each tree of a pruning sequence scored by predicting
with that tree (``Tree.predict``), not by the curve's own bookkeeping.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.pruning.curves import complexity_curve, pruning_curve
from dtlearn.pruning.methods import (
    PruningMethod,
    PruningSequence,
    pruning_method,
    pruning_methods,
    register,
)


@pytest.fixture(scope="module")
def tennis():
    return dt.load_play_tennis(numeric=True)


def _accuracy(tree, X, y):
    return float(np.mean(np.asarray(tree.predict(X), dtype=object) == np.asarray(y, dtype=object)))


# ------------------------------------------------------------------ default values
def test_default_leaf_counts_run_from_two_to_the_full_trees_leaves(tennis):
    X, y = tennis
    full = dt.CARTClassifier().fit(X, y).tree_
    assert full.n_leaves == 5
    curve = complexity_curve(dt.CARTClassifier(), X, y, param="max_leaf_nodes")
    assert curve.values == (2, 3, 4, 5)
    assert curve.n_leaves == (2, 3, 4, 5)
    assert repr(curve) == (
        "CARTClassifier: accuracy against max_leaf_nodes\n"
        "  max_leaf_nodes | nodes | leaves | depth | train accuracy\n"
        "               2 |     3 |      2 |     1 |          0.643\n"
        "               3 |     5 |      3 |     2 |          0.857\n"
        "               4 |     7 |      4 |     3 |          0.929\n"
        "               5 |     9 |      5 |     3 |          1.000"
    )


def test_default_min_samples_leaf_are_the_rounded_shares_of_the_rows(tennis):
    X, y = tennis
    # 14 rows x (0, .005, .01, .02, .05, .1, .2, .3) = 0, .07, .14, .28, .7, 1.4, 2.8, 4.2
    # rounded 0 0 0 0 1 1 3 4, at least 1: {1, 3, 4}
    curve = complexity_curve(dt.CARTClassifier(), X, y, param="min_samples_leaf")
    assert curve.values == (1, 3, 4)


def test_default_depths_of_a_single_leaf_tree_are_one():
    X = np.array([[0.0], [1.0], [2.0]])
    curve = complexity_curve(dt.CARTClassifier(), X, ["a", "a", "a"], param="max_depth")
    assert curve.values == (1,) and curve.n_leaves == (1,) and curve.depth == (0,)


def test_a_parameter_without_defaults_asks_for_values(tennis):
    X, y = tennis
    with pytest.raises(ValueError) as info:
        complexity_curve(dt.CARTClassifier(), X, y, param="ccp_alpha")
    assert str(info.value) == (
        "values: give the values of 'ccp_alpha' to try (defaults exist only for "
        "max_depth, max_leaf_nodes and min_samples_leaf)"
    )


def test_curve_arguments_are_checked_with_their_names(tennis):
    X, y = tennis
    cases = [
        (
            dict(learner=dt.CARTClassifier),
            TypeError,
            "learner must be a dtlearn estimator, got "
            "the class CARTClassifier; use CARTClassifier()",
        ),
        (dict(learner="tree"), TypeError, "learner must be a dtlearn estimator, got str"),
        (dict(X_val=X), ValueError, "give X_val with y_val and X_test with y_test"),
        (dict(y_test=y), ValueError, "give X_val with y_val and X_test with y_test"),
        (dict(values=3), TypeError, "values must be a list of max_depth values, got 3"),
        (dict(values="12"), TypeError, "values must be a list of max_depth values, got '12'"),
        (dict(values=[]), ValueError, "values: give at least one value"),
    ]
    for extra, error, message in cases:
        args = dict(learner=dt.CARTClassifier(), X_train=X, y_train=y) | extra
        with pytest.raises(error) as info:
            complexity_curve(**args)
        assert str(info.value) == message, extra
    with pytest.raises(ValueError) as info:
        complexity_curve(dt.ID3Classifier(), X, y, param="max_leaf_nodes")
    assert str(info.value).startswith(
        "param: ID3Classifier has no parameter 'max_leaf_nodes'; parameters: ["
    )


def test_a_value_of_none_shows_as_none_and_the_best_row_is_marked(tennis):
    X, y = tennis
    curve = complexity_curve(dt.CARTClassifier(), X, y, X, y, param="max_depth", values=[1, None])
    assert repr(curve) == (
        "CARTClassifier: accuracy against max_depth\n"
        "  max_depth | nodes | leaves | depth | train accuracy | validation accuracy\n"
        "  1         |     3 |      2 |     1 |          0.643 |               0.643\n"
        "* None      |     9 |      5 |     3 |          1.000 |               1.000"
    )
    assert (curve.best_index, curve.best_value) == (1, None)
    assert curve.table().rows[1][0] == "None"
    assert curve.to_dict() == {
        "param": "max_depth",
        "values": [1, None],
        "n_nodes": [3, 9],
        "n_leaves": [2, 5],
        "depth": [1, 3],
        "train": [9 / 14, 1.0],
        "validation": [9 / 14, 1.0],
        "test": None,
        "metric": "accuracy",
        "learner": "CARTClassifier",
    }
    frame = curve.to_frame()
    assert list(frame.columns) == [
        "max_depth",
        "n_nodes",
        "n_leaves",
        "depth",
        "train",
        "validation",
    ]


def test_test_scores_get_their_own_column_and_no_row_is_marked(tennis):
    X, y = tennis
    curve = complexity_curve(dt.CARTClassifier(), X, y, X_test=X, y_test=y, values=[1, 2])
    assert curve.validation is None and curve.test == (9 / 14, 12 / 14)
    assert curve.table().columns[-1] == "test accuracy"
    assert curve.table().highlight_row is None
    assert list(curve.to_frame().columns)[-1] == "test"
    assert curve.best_index == 1  # the training score decides without validation


# ------------------------------------------------------------------ pruning sequences
@pytest.fixture(scope="module")
def vote_halves():
    X, y = dt.load_vote()
    return X[::2], y[::2], X[1::2], y[1::2]


def test_reduced_error_curve_of_a_c45_tree_scores_every_state(vote_halves):
    X_tr, y_tr, X_va, y_va = vote_halves
    model = dt.C45Classifier(prune=False).fit(X_tr, y_tr)
    assert model.tree_.missing == "distribute"
    result = pruning_method("reduced_error").run(model, X_va, y_va)
    cuts = result.pruned_nodes
    assert len(cuts) >= 2
    curve = pruning_curve(model, X_tr, y_tr, X_va, y_va, method="reduced_error")
    trees = [model.tree_.with_leaves_at(cuts[:i]) for i in range(len(cuts) + 1)]
    assert curve.values == tuple(range(len(cuts) + 1))
    assert curve.n_leaves == tuple(t.n_leaves for t in trees)
    assert curve.n_leaves[-1] == result.tree.n_leaves
    assert curve.n_nodes == tuple(t.n_nodes for t in trees)
    assert curve.train == pytest.approx([_accuracy(t, X_tr, y_tr) for t in trees], abs=1e-12)
    assert curve.validation == pytest.approx([_accuracy(t, X_va, y_va) for t in trees], abs=1e-12)


def test_cost_complexity_curve_of_a_regressor_scores_every_tree_of_the_path():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(40, 2))
    y = X[:, 0] * 3 + rng.normal(size=40)
    model = dt.CARTRegressor(max_depth=3).fit(X, y)
    path = dt.cost_complexity_path(model)
    curve = pruning_curve(model, X, y)
    assert curve.param == "ccp_alpha" and curve.metric == "R2"
    assert curve.values == tuple(path.ccp_alphas.tolist())
    assert curve.n_leaves == tuple(path.n_leaves.tolist())
    residual = [float(((y - t.predict(X)) ** 2).sum()) for t in path.trees]
    spread = float(((y - y.mean()) ** 2).sum())
    assert curve.train == pytest.approx([1 - r / spread for r in residual], abs=1e-12)
    assert curve.train[-1] == pytest.approx(0.0, abs=1e-12)  # the root predicts the mean


def test_pruning_curve_names_what_a_method_cannot_do(vote_halves):
    X_tr, y_tr, *_ = vote_halves
    model = dt.C45Classifier(prune=False).fit(X_tr, y_tr)
    with pytest.raises(ValueError) as info:
        pruning_curve(model, X_tr, y_tr, method="rules")
    assert str(info.value) == (
        "method 'rules': rule post-pruning does not pass through a sequence of trees; "
        "choose one of ['reduced_error', 'cost_complexity', 'pessimistic']"
    )
    with pytest.raises(ValueError) as info:
        pruning_curve(model, X_tr, y_tr, method="reduced_error")
    assert str(info.value) == "X_val, y_val: reduced-error pruning needs validation data"


# ------------------------------------------------------------------ the method registry
def test_the_registry_lists_each_method_with_its_label_and_needs():
    assert [
        (m.name, m.label, m.needs_validation, m.sequence is not None) for m in pruning_methods()
    ][:4] == [
        ("reduced_error", "reduced-error pruning", True, True),
        ("rules", "rule post-pruning", True, False),
        ("cost_complexity", "cost-complexity path", False, True),
        ("pessimistic", "C4.5 pessimistic pruning", False, True),
    ]


def test_registry_and_sequence_errors_are_exact():
    with pytest.raises(ValueError) as info:
        pruning_method("magic")
    assert str(info.value).startswith(
        "method must be one of ['reduced_error', 'rules', 'cost_complexity', 'pessimistic'"
    )
    assert str(info.value).endswith("], got 'magic'")
    with pytest.raises(TypeError) as info:
        register("x")
    assert str(info.value) == "method must be a PruningMethod, not str"
    with pytest.raises(ValueError) as info:
        register(PruningMethod("rules", "again", False, print))
    assert str(info.value) == "pruning method 'rules' is already registered"
    tree = dt.CARTClassifier().fit([[0.0], [1.0]], ["a", "b"]).tree_
    for kwargs in ({}, {"cuts": (1,), "positions": (0, 1)}):
        with pytest.raises(ValueError) as info:
            PruningSequence("p", (0, 1), tree, **kwargs)
        assert str(info.value) == "a PruningSequence has either cuts or positions"
    with pytest.raises(ValueError) as info:
        PruningSequence("p", (0,), tree, cuts=(1,))
    assert str(info.value) == "values: 1 values for 2 trees"
    with pytest.raises(ValueError) as info:
        PruningSequence("p", (0,), tree, positions=(0, 3))
    assert str(info.value) == "values: 1 values for 2 trees"
    assert PruningSequence("p", (0, 1), tree, cuts=(1,)).positions is None


def test_the_pessimistic_method_prunes_other_trees_on_their_own_counts(vote_halves):
    X_tr, y_tr, *_ = vote_halves
    method = pruning_method("pessimistic")
    c45 = dt.C45Classifier(prune=False).fit(X_tr, y_tr)
    assert method.run(c45).tree.to_text() == dt.C45Classifier().fit(X_tr, y_tr).tree_.to_text()
    X, y = dt.load_tic_tac_toe()
    id3 = dt.ID3Classifier().fit(X[::4], y[::4])
    alone = method.run(id3)
    assert alone.subtree_raising is False
    with_data = method.run(id3, None, None, X[::4], y[::4])
    assert with_data.subtree_raising is True
    sequence = method.sequence(alone)
    changed = [k + 1 for k, s in enumerate(alone.steps) if s.decision != "kept"]
    assert sequence.positions == (0, *changed) == sequence.values


# ------------------------------------------------------------------ data preparation
def test_split_and_noise_arguments_are_named_exactly():
    from dtlearn.pruning.curves import add_label_noise, train_validation_test_split

    X, y = list(range(10)), ["a"] * 5 + ["b"] * 5
    cases = [
        (lambda: train_validation_test_split(X, y[:3]), ValueError,
         "y has 3 labels but X has 10 rows"),
        (lambda: train_validation_test_split(3, y), TypeError,
         "X must be a table or sequence, got int"),
        (lambda: train_validation_test_split(X, y, sizes=("a", 1, 2)), TypeError,
         "sizes must be three numbers"),
        (lambda: train_validation_test_split(X, y, sizes=(0.5, 0.5)), ValueError,
         "sizes must be three positive fractions summing to 1, got (0.5, 0.5)"),
        (lambda: train_validation_test_split(X, y, sizes=(0.5, 0.5, 0)), ValueError,
         "sizes must be three positive fractions summing to 1, got (0.5, 0.5, 0)"),
        (lambda: train_validation_test_split(X, y, sizes=(0.6, 0.3, 0.2)), ValueError,
         "sizes must be three positive fractions summing to 1, got (0.6, 0.3, 0.2)"),
        (lambda: train_validation_test_split(X[:2], y[:2]), ValueError,
         "sizes: the test part would be empty with 2 rows"),
        (lambda: add_label_noise(y, 1.5), ValueError,
         "rate must be a fraction between 0 and 1, got 1.5"),
        (lambda: add_label_noise(y, True), ValueError,
         "rate must be a fraction between 0 and 1, got True"),
        (lambda: add_label_noise(y, -0.1), ValueError,
         "rate must be a fraction between 0 and 1, got -0.1"),
    ]  # fmt: skip
    for call, error, message in cases:
        with pytest.raises(error) as info:
            call()
        assert str(info.value) == message


def test_split_sizes_round_the_cumulative_shares_and_keep_the_class_mix():
    from dtlearn.pruning.curves import train_validation_test_split

    X, y = list(range(10)), ["a"] * 5 + ["b"] * 5
    # cuts at floor(10 * (0.8, 0.9, 1.0) + 0.5) = 8, 9, 10
    parts = train_validation_test_split(X, y, sizes=(0.8, 0.1, 0.1))
    assert [len(p) for p in parts] == [8, 1, 1, 8, 1, 1]
    assert sorted(parts[3]) == ["a"] * 4 + ["b"] * 4
    assert sorted(parts[0] + parts[1] + parts[2]) == X
    # default 60/20/20: 6, 2, 2, each class in every part
    parts = train_validation_test_split(np.arange(10), np.array(y))
    assert [len(p) for p in parts[:3]] == [6, 2, 2]
    assert [sorted(p.tolist()) for p in parts[3:]] == [
        ["a"] * 3 + ["b"] * 3,
        ["a", "b"],
        ["a", "b"],
    ]
    # shares summing to 1 up to rounding are accepted
    assert len(train_validation_test_split(X, y, sizes=(0.7, 0.2, 0.1 + 1e-12))[0]) == 7


def test_label_noise_at_the_ends_of_its_range():
    from dtlearn.pruning.curves import add_label_noise

    y = ["a"] * 5 + ["b"] * 5
    assert add_label_noise(y, 0) == y
    assert add_label_noise(y, 1) == ["b"] * 5 + ["a"] * 5  # two classes: each flips
    series = pd.Series(y, dtype="category", name="c", index=range(10, 20))
    noisy = add_label_noise(series, 0.5)
    assert (noisy.dtype, noisy.name, noisy.index.tolist()) == (
        series.dtype,
        "c",
        list(range(10, 20)),
    )
    assert int((noisy != series).sum()) == 5
    arr = add_label_noise(np.array(y), 0.2)
    assert arr.dtype == np.array(y).dtype and int((arr != np.array(y)).sum()) == 2
