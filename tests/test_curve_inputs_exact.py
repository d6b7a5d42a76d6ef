"""The curves' data split and scores at their edges, by hand and against scikit-learn."""

from __future__ import annotations

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.pruning.curves import (
    complexity_curve,
    cross_validated_ccp,
    train_validation_test_split,
)


@pytest.mark.parametrize(
    "n, sizes, expected",
    [
        # cumulative shares 0.55, 0.85 of 10 rows: 5.5 and 8.5 round half up to 6 and 9
        (10, (0.55, 0.3, 0.15), (6, 3, 1)),
        # 0.6, 0.8 of 7 rows: 4.2 -> 4, 5.6 -> 6
        (7, (0.6, 0.2, 0.2), (4, 2, 1)),
    ],
)
def test_split_sizes_round_the_cumulative_shares(n, sizes, expected):
    X = np.arange(2 * n, dtype=float).reshape(n, 2)
    y = np.array(["a", "b"] * (n // 2) + ["a"] * (n % 2))
    parts = train_validation_test_split(X, y, sizes, stratify=False)
    assert tuple(len(p) for p in parts[3:]) == expected
    assert tuple(len(p) for p in parts[:3]) == expected
    # the three parts are a partition of the rows
    rows = np.concatenate([p[:, 0] for p in parts[:3]]) / 2
    assert sorted(rows.tolist()) == list(range(n))


def test_cross_validation_needs_two_folds():
    X, y = dt.load_play_tennis(numeric=True)
    with pytest.raises(ValueError, match="cv must be at least 2, got 1"):
        cross_validated_ccp(dt.CARTClassifier(), X, y, [0.0], cv=1)


def test_regression_curve_scores_are_sklearns_r2_for_a_constant_target():
    from sklearn.metrics import r2_score

    rng = np.random.default_rng(1)
    X = rng.uniform(size=(40, 2))
    y = 2 * (X[:, 0] > 0.5) + X[:, 1]
    flat = np.full(20, 1.0)
    curve = complexity_curve(
        dt.CARTRegressor(), X[:20], y[:20], X[20:], flat, param="max_depth", values=[1, 2]
    )
    for depth, score in zip((1, 2), curve.validation):
        predicted = dt.CARTRegressor(max_depth=depth).fit(X[:20], y[:20]).predict(X[20:])
        assert score == r2_score(flat, predicted) == 0.0
