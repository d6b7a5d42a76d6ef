"""``score`` of dtlearn's estimators equals scikit-learn's metrics, weights and edge cases included."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, r2_score

import dtlearn as dt


def _regression_data():
    rng = np.random.default_rng(3)
    X = rng.uniform(0, 10, size=(40, 2))
    y = np.where(X[:, 0] > 5, 3.0, -1.0) + 0.1 * X[:, 1]
    return X, y


@pytest.mark.parametrize("weighted", [False, True])
def test_regressor_score_is_sklearns_r2(weighted):
    X, y = _regression_data()
    model = dt.CARTRegressor(max_depth=2).fit(X, y)
    w = np.linspace(0.5, 2.0, len(y)) if weighted else None
    assert model.score(X, y, sample_weight=w) == pytest.approx(
        r2_score(y, model.predict(X), sample_weight=w), rel=1e-12
    )


def test_r2_of_a_constant_target_is_sklearns():
    # a constant y has no spread: scikit-learn's r2 is 1 for a perfect fit, 0 otherwise
    X, y = _regression_data()
    model = dt.CARTRegressor(max_depth=2).fit(X, y)
    constant = np.full(len(y), 7.0)
    assert model.score(X, constant) == r2_score(constant, model.predict(X)) == 0.0
    flat = dt.CARTRegressor().fit(X, constant)
    assert flat.score(X, constant) == r2_score(constant, flat.predict(X)) == 1.0


def test_classifier_score_is_sklearns_weighted_accuracy():
    X, y = dt.load_play_tennis()
    model = dt.ID3Classifier(max_depth=1).fit(X, y)
    w = np.arange(1.0, len(y) + 1)
    predicted = model.predict(X)
    assert model.score(X, y) == pytest.approx(accuracy_score(y, predicted), rel=1e-12)
    assert model.score(X, y, sample_weight=w) == pytest.approx(
        accuracy_score(y, predicted, sample_weight=w), rel=1e-12
    )
    # with these weights the two differ, so the weights are really used
    assert accuracy_score(y, predicted) != pytest.approx(
        accuracy_score(y, predicted, sample_weight=w)
    )
