"""The fast scans' sum forms against the textbook formulas, and when the flat scan is used.

:func:`dtlearn.criteria.squared_error_of_sums` turns running sums ``[Σw, Σwy, Σwy²]`` into
a weighted mean squared error: by hand, ``Σ w (y - ȳ)² / Σ w`` with ``ȳ`` the weighted
mean, and 0 (without a division by zero, which the test run turns into an error) where
there is no weight. :func:`dtlearn.grow.fast.levels.flat_scan_applies` says the flat
scan's exact class sums apply: fewer than 8 classes, whole-number weights, every node of at
least two rows (its documented rule, checked on every combination around its edges).
"""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.criteria import squared_error_of_sums
from dtlearn.grow.fast.levels import flat_scan_applies


def by_hand(y, w):
    """Weighted MSE about the weighted mean (0 without weight)."""
    total = sum(w)
    if total == 0:
        return 0.0
    mean = sum(wi * yi for wi, yi in zip(w, y)) / total
    return sum(wi * (yi - mean) ** 2 for wi, yi in zip(w, y)) / total


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(-20, 20).map(float),
            st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.0]),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_running_sums_give_the_weighted_mse_of_every_prefix(rows):
    y = np.array([r[0] for r in rows])
    w = np.array([r[1] for r in rows])
    sums = np.cumsum(np.stack([w, w * y, w * y * y], axis=1), axis=0)
    got = squared_error_of_sums(sums)
    want = [by_hand(y[: i + 1], w[: i + 1]) for i in range(len(y))]
    assert got.shape == (len(y),)
    np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-9)


def test_rows_without_weight_are_zero_with_no_division():
    sums = np.array([[0.0, 0.0, 0.0], [2.0, 4.0, 10.0], [0.0, 0.0, 0.0], [4.0, 0.0, 16.0]])
    # [2, 4, 10]: mean 2, 10/2 - 2² = 1; [4, 0, 16]: mean 0, 16/4 = 4
    assert squared_error_of_sums(sums).tolist() == [0.0, 1.0, 0.0, 4.0]
    assert squared_error_of_sums(np.zeros((2, 3, 3))).tolist() == [[0.0] * 3] * 2


def test_rounding_below_zero_is_clamped():
    # one value 0.1 of weight 3: Σwy² - (Σwy)²/Σw may round below 0
    w, y = 3.0, 0.1
    sums = np.array([w, w * y, w * y * y])
    assert float(squared_error_of_sums(sums)) == max((w * y * y - (w * y) ** 2 / w) / w, 0.0)
    assert float(squared_error_of_sums(sums)) >= 0.0


def grower(k, weights):
    rng = np.random.default_rng(k)
    n = 4 * k
    X = pd.DataFrame({"x": rng.normal(size=n)})
    y = np.arange(n) % k
    w = {
        "none": None,
        "whole": rng.integers(1, 4, size=n).astype(float),
        "half": np.full(n, 0.5),
    }[weights]
    return dt.CARTClassifier().make_grower(X, y, w)


@pytest.mark.parametrize("k", [2, 3, 7, 8, 9])
@pytest.mark.parametrize("weights", ["none", "whole", "half"])
@pytest.mark.parametrize("lengths", [[40], [2, 2], [2, 1], [1, 30], [5, 6, 7]])
def test_flat_scan_applies_by_its_rule(k, weights, lengths):
    g = grower(k, weights)
    want = k < 8 and weights != "half" and min(lengths) >= 2
    assert bool(flat_scan_applies(g, lengths)) == want


def test_flat_scan_does_not_apply_to_regression():
    X = pd.DataFrame({"x": np.arange(6.0)})
    assert not flat_scan_applies(dt.CARTRegressor().make_grower(X, np.arange(6.0)), [6])
