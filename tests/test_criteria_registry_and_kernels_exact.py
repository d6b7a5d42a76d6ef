"""The criteria registry's texts, and the regression kernels on both sides of ``SMALL``.

With whole-number weights a weighted statistic is the plain statistic of the values
repeated ``w`` times (a zero weight drops the value): numpy's ``median``, ``mean``,
``var`` and mean absolute deviation of the repeated list are the independent expectation
for :func:`weighted_median` and the error kernels, tried below 8 values (Python's own
arithmetic), at 8 and above (numpy's), with zero weights and with no weight at all.
"""

import re

import numpy as np
import pytest

from dtlearn import criteria
from dtlearn.criteria import (
    SMALL,
    absolute_error_about,
    absolute_error_of,
    get,
    squared_error_of,
    weighted_mean,
    weighted_median,
)

REGISTRY = [
    # name, label, task, impurity name, score, score key, measure, cost matrix, note, curve
    ("entropy", "information gain (entropy)", "classification", "entropy", "decrease",
     "information_gain", "information_gain", False, "ID3 (Quinlan, 1986).", "entropy"),
    ("gain_ratio", "gain ratio", "classification", "entropy", "ratio", "gain_ratio",
     "gain_ratio", False, "C4.5 (Quinlan, 1993): information gain divided by split info.", ""),
    ("gini", "Gini impurity", "classification", "Gini", "decrease", "gini_gain", "gini_gain",
     False, "CART (Breiman et al., 1984).", "Gini"),
    ("misclassification", "misclassification rate", "classification", "error", "decrease",
     "misclassification_gain", "misclassification_gain", False,
     "Too coarse to grow with; shown to compare.", "misclassification"),
    ("cost_gini", "cost-weighted Gini", "classification", "cost-weighted Gini", "decrease",
     "cost_gini_gain", "cost_gini_gain", True,
     "CART with a loss matrix (Breiman et al., 1984).", ""),
    ("hellinger", "Hellinger distance", "classification", "Gini", "distance",
     "hellinger_distance", "hellinger_distance", False,
     "Cieslak and Chawla (2008), for imbalanced classes; nodes report Gini impurity.", ""),
    ("mse", "squared error", "regression", "MSE", "decrease", "impurity_decrease", "mse",
     False, "CART regression: leaves predict the mean.", ""),
    ("mae", "absolute error", "regression", "MAE", "decrease", "impurity_decrease", "mae",
     False, "Leaves predict the median.", ""),
]  # fmt: skip


def test_registry_rows_whole():
    rows = [
        (
            c.name,
            c.label,
            c.task,
            c.impurity_name,
            c.score,
            c.score_key,
            c.measure,
            c.needs_cost_matrix,
            c.note,
            c.curve_label,
        )
        for c in criteria._REGISTRY.values()
    ]
    assert rows == REGISTRY
    assert criteria.names("classification") == (
        "entropy",
        "gain_ratio",
        "gini",
        "misclassification",
        "hellinger",
    )
    assert criteria.names("regression") == ("mse", "mae")
    assert [c.name for c in criteria.with_curves()] == ["entropy", "gini", "misclassification"]
    assert (get("mse").leaf_statistic, get("mae").leaf_statistic) == ("mean", "median")
    assert (get("mse").scans_sums, get("mae").scans_sums, get("gini").scans_sums) == (
        True,
        False,
        True,
    )


def test_registry_errors_whole():
    known = "cost_gini, entropy, gain_ratio, gini, hellinger, mae, misclassification, mse"
    with pytest.raises(ValueError, match=re.escape(f"unknown criterion 'giny'; known: {known}")):
        get("giny")
    with pytest.raises(TypeError, match=r"^criterion must be a name \(str\), not int$"):
        get(3)
    with pytest.raises(ValueError, match="^criterion 'gini' is already registered$"):
        criteria.register(get("gini"))
    with pytest.raises(TypeError, match="^criterion must be a Criterion, not str$"):
        criteria.register("gini")
    with pytest.raises(
        ValueError, match="^task must be 'classification' or 'regression', not 'ranking'$"
    ):
        criteria.for_task("ranking")


def _repeated(values, weights):
    return np.repeat(values, weights.astype(int))


@pytest.mark.parametrize("n", [1, 2, 3, SMALL - 1, SMALL, SMALL + 1, 20])
@pytest.mark.parametrize("seed", range(6))
def test_weighted_kernels_are_the_plain_statistics_of_repeated_values(n, seed):
    rng = np.random.default_rng(seed)
    values = rng.integers(-20, 20, size=n).astype(float)
    weights = rng.integers(0, 4, size=n).astype(float)
    weights[rng.integers(n)] = 2.0  # some weight
    if seed % 2:
        weights[:] = 3.0  # equal weights: the one-sort path
    flat = _repeated(values, weights)
    median = float(np.median(flat))
    assert weighted_median(values, weights) == median
    assert weighted_mean(values, weights) == pytest.approx(flat.mean(), rel=1e-12)
    assert squared_error_of(values, weights) == pytest.approx(flat.var(), rel=1e-12, abs=1e-12)
    mad = float(np.abs(flat - median).mean())
    assert absolute_error_of(values, weights) == pytest.approx(mad, rel=1e-12, abs=1e-12)
    assert absolute_error_about(values, weights, median) == pytest.approx(mad, abs=1e-12)
    assert get("mse").tie_scale_of(values, weights) == pytest.approx(np.mean(flat**2))
    assert get("mae").tie_scale_of(values, weights) == pytest.approx(np.abs(flat).mean())


@pytest.mark.parametrize("n", [3, SMALL, 12])
def test_no_weight_gives_zero_not_a_number(n):
    values, none = np.arange(1.0, n + 1), np.zeros(n)
    assert weighted_mean(values, none) == 0.0
    assert squared_error_of(values, none) == 0.0
    assert absolute_error_about(values, none, 2.0) == 0.0
    assert get("mse").tie_scale_of(values, none) == 0.0
    assert get("mae").tie_scale_of(values, none) == 0.0


def test_tie_scale_of_regression_sums_is_the_mean_square():
    # rows [Σw, Σwy, Σwy²]: 0.5 of y = 2 gives 2 / 0.5 = 4; no weight gives 0
    sums = np.array([[0.5, 1.0, 2.0], [2.0, 4.0, 10.0], [0.0, 0.0, 0.0]])
    assert get("mse").tie_scale(sums, None).tolist() == [4.0, 5.0, 0.0]


def test_gain_ratio_of_an_even_two_way_split_divides_by_one_bit():
    # [[3, 0], [0, 3]]: gain 1 bit, split info exactly 1 bit, ratio 1
    config = type("C", (), {"base": 2.0})()
    scores = get("gain_ratio").split_scores([[3, 0], [0, 3]], config)
    assert scores == {
        "impurity_decrease": 1.0,
        "score": 1.0,
        "gain_ratio": 1.0,
        "information_gain": 1.0,
        "split_info": 1.0,
    }
    # a 1 : 3 split: gain 0.811278 (H(1/4)), split info the same: ratio 1
    uneven = get("gain_ratio").split_scores([[1, 0], [0, 3]], config)
    h = -(0.25 * np.log2(0.25) + 0.75 * np.log2(0.75))
    assert uneven["split_info"] == pytest.approx(h)
    assert uneven["gain_ratio"] == pytest.approx(1.0)
