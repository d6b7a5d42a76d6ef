"""from_sklearn's learner parameters and split scores, against scikit-learn's definitions.

scikit-learn turns a fractional ``min_samples_leaf`` into ``ceil(f · n)`` and a fractional
``min_samples_split`` into ``max(2, ceil(f · n))``; its ``min_impurity_decrease`` compares
``N_t / N · (impurity - N_tR / N_t · right_impurity - N_tL / N_t · left_impurity)`` with the
weighted node sizes ``N`` of ``tree_.weighted_n_node_samples``. Both are worked out here
from scikit-learn's own arrays.
"""

import math

import numpy as np
import pytest

import dtlearn as dt

pytest.importorskip("sklearn")
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor


def _data(seed=0, n=60):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 3))
    y = np.where(X[:, 0] - 0.7 * X[:, 2] + 0.5 * rng.normal(size=n) > 0, "a", "b")
    return X, y


@pytest.mark.parametrize("leaf, split", [(0.05, 0.01), (0.1, 0.25)])
def test_fractional_min_samples_become_sklearns_counts(leaf, split):
    X, y = _data(n=30)
    sk = DecisionTreeClassifier(min_samples_leaf=leaf, min_samples_split=split, random_state=0).fit(
        X, y
    )
    params = dt.from_sklearn(sk, X, y).get_params()
    assert params["min_samples_leaf"] == math.ceil(leaf * 30)  # 0.05·30 = 1.5 -> 2; 3
    assert params["min_samples_split"] == max(2, math.ceil(split * 30))  # 0.3 -> 2; 7.5 -> 8


def _sk_weighted_decrease(t, j):
    n, left, right = t.weighted_n_node_samples, t.children_left[j], t.children_right[j]
    return (
        n[j]
        / n[0]
        * (t.impurity[j] - n[right] / n[j] * t.impurity[right] - n[left] / n[j] * t.impurity[left])
    )


@pytest.mark.parametrize("weighted", [False, True])
def test_the_chosen_splits_weighted_decrease_is_sklearns(weighted):
    X, y = _data(2)
    w = np.random.default_rng(5).integers(1, 4, size=len(y)).astype(float) if weighted else None
    sk = DecisionTreeClassifier(max_depth=3, class_weight={"a": 2.0, "b": 1.0}, random_state=0).fit(
        X, y, sample_weight=w
    )
    model = dt.from_sklearn(sk, X, y, sample_weight=w)
    t = sk.tree_
    checked = 0
    for step in model.steps_:
        if not step.is_split:
            continue
        assert step.chosen.scores["weighted_decrease"] == pytest.approx(
            _sk_weighted_decrease(t, step.node_id), rel=1e-9, abs=1e-12
        )
        checked += step.node_id > 0
    assert checked >= 2  # below the root N_t / N < 1 matters


def test_regression_weighted_decrease_is_sklearns():
    rng = np.random.default_rng(4)
    X = rng.uniform(size=(50, 2))
    y = 3 * (X[:, 0] > 0.4) + X[:, 1]
    sk = DecisionTreeRegressor(max_depth=3, random_state=0).fit(X, y)
    model = dt.from_sklearn(sk, X, y)
    for step in model.steps_:
        if step.is_split:
            assert step.chosen.scores["weighted_decrease"] == pytest.approx(
                _sk_weighted_decrease(sk.tree_, step.node_id), rel=1e-7, abs=1e-12
            )


@pytest.mark.parametrize("bad", [-1.0, np.nan, np.inf])
def test_a_negative_or_non_finite_sample_weight_is_refused(bad):
    X, y = _data(n=30)
    sk = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X, y)
    w = np.ones(30)
    w[4] = bad
    with pytest.raises(ValueError, match=r"sample_weight must be 30 finite numbers >= 0"):
        dt.from_sklearn(sk, X, y, sample_weight=w)
