"""Every measure's bad-input messages, whole: the text is the specification.

A student calling ``dt.entropy()`` or ``dt.information_gain(feature)`` reads these words;
each public measure goes through the same checks, so each is tried here.
"""

import math

import numpy as np
import pytest

import dtlearn as dt

C = [[0, 1], [1, 0]]
IMPURITIES = {
    "entropy": dt.entropy,
    "gini": dt.gini,
    "misclassification": dt.misclassification,
    "kl_to_uniform": dt.kl_to_uniform,
    "cost_gini": lambda *a, **k: dt.cost_gini(*a, cost_matrix=C, **k),
}
SPLITS = {
    "information_gain": dt.information_gain,
    "gain_ratio": dt.gain_ratio,
    "gini_gain": dt.gini_gain,
    "misclassification_gain": dt.misclassification_gain,
    "mean_info": dt.mean_info,
    "hellinger_distance": dt.hellinger_distance,
    "cost_gini_gain": lambda *a, **k: dt.cost_gini_gain(*a, cost_matrix=C, **k),
}
MISSING_FEATURE = (
    "feature has missing values (None/NaN); drop those rows first "
    "(C45Classifier handles missing values with fractional counts)"
)


def _raises(kind, text, call, *args, **kwargs):
    with pytest.raises(kind) as info:
        call(*args, **kwargs)
    assert type(info.value) is kind and str(info.value) == text


@pytest.mark.parametrize("name", IMPURITIES)
def test_an_impurity_needs_labels_or_counts_not_both(name):
    f = IMPURITIES[name]
    _raises(TypeError, "give the labels, or class counts with counts=[...]", f)
    _raises(TypeError, "give labels or counts=, not both", f, ["a"], counts=[1, 2])
    _raises(ValueError, "labels is empty: it needs at least one label", f, [])
    _raises(ValueError, "labels has missing labels; drop those rows first", f, ["a", None])
    _raises(ValueError, "labels must be 1-D; got shape (2, 2)", f, np.ones((2, 2)))


@pytest.mark.parametrize("name", SPLITS)
def test_a_split_measure_needs_feature_and_labels_or_a_table(name):
    f = SPLITS[name]
    both = "give both feature and labels, or a contingency table with counts="
    _raises(TypeError, both, f)
    _raises(TypeError, both, f, ["x"])
    _raises(TypeError, both, f, labels=["a"])
    not_both = "give feature and labels, or counts=, not both"
    _raises(TypeError, not_both, f, ["x"], ["a"], counts=[[1, 2]])
    _raises(TypeError, not_both, f, ["x"], counts=[[1, 2]])
    _raises(TypeError, not_both, f, labels=["a"], counts=[[1, 2]])
    _raises(ValueError, MISSING_FEATURE, f, ["x", None], ["a", "b"])
    _raises(ValueError, MISSING_FEATURE, f, ["x", math.nan], ["a", "b"])
    missing = "labels has missing labels; drop those rows first"  # named as the argument
    _raises(ValueError, missing, f, ["x", "y"], ["a", None])
    _raises(
        ValueError,
        "feature and labels differ in length: feature has 2 values, labels has 1",
        f,
        ["x", "y"],
        ["a"],
    )


def test_split_info_needs_a_feature_or_counts():
    _raises(
        TypeError, "give the feature values, or counts per value with counts=[...]", dt.split_info
    )
    _raises(TypeError, "give feature or counts=, not both", dt.split_info, ["x"], counts=[1, 2])
    _raises(
        ValueError,
        "counts must be 1-D (instances per value) or 2-D (a contingency table); "
        "got shape (2, 2, 2)",
        dt.split_info,
        counts=np.ones((2, 2, 2)),
    )
    # a contingency table counts instances per value: its row sums
    assert float(dt.split_info(counts=[[1, 1], [2, 0]])) == float(dt.split_info(counts=[2, 2]))
    assert float(dt.split_info(counts=[[1, 1], [2, 0]])) == 1.0


@pytest.mark.parametrize("name", ["entropy", "information_gain", "split_info", "gain_ratio"])
def test_the_logarithm_base_is_checked(name):
    f = getattr(dt, name)
    counts = [1, 2] if name in ("entropy", "split_info") else [[1, 2], [2, 1]]
    for base, text in [(True, "True"), ("2", "'2'"), (None, "None")]:
        _raises(
            TypeError,
            f"base must be a number (2 for bits, math.e for nats); got {text}",
            f,
            counts=counts,
            base=base,
        )
    for base, text in [(1, "1"), (0, "0"), (-2, "-2"), (math.nan, "nan"), (1.0, "1.0")]:
        _raises(
            ValueError,
            f"base must be positive and not 1 (2 for bits, math.e for nats); got {text}",
            f,
            counts=counts,
            base=base,
        )
    # numpy numbers are numbers: base 4 halves the bits (a gain ratio has none to halve)
    ratio = 1 if name == "gain_ratio" else 2
    assert float(f(counts=counts, base=np.int64(4))) == pytest.approx(
        float(f(counts=counts)) / ratio, rel=1e-12
    )


@pytest.mark.parametrize("f", [dt.mse, dt.mae])
def test_a_regression_measure_needs_finite_numbers(f):
    _raises(TypeError, "values must be a sequence of numbers, not a string", f, "abc")
    _raises(TypeError, "values must be numbers (a regression target)", f, ["a", "b"])
    _raises(ValueError, "values contains NaN or infinite values", f, [1.0, math.nan])
    _raises(ValueError, "values contains NaN or infinite values", f, [1.0, -math.inf])


def test_mse_of_values_too_large_to_square_is_refused():
    _raises(
        ValueError,
        "values are too large: their squared deviations overflow a float",
        dt.mse,
        [1e200, -1e200],
    )


@pytest.mark.parametrize("f", [dt.cost_gini, dt.cost_gini_gain])
def test_the_cost_matrix_is_checked(f):
    counts = [1, 2] if f is dt.cost_gini else [[1, 2], [2, 1]]
    _raises(
        TypeError,
        "cost_matrix is required: a c x c table of misclassification costs",
        f,
        counts=counts,
    )
    _raises(
        ValueError,
        "cost_matrix must be square (c x c); got shape (2, 3)",
        f,
        counts=counts,
        cost_matrix=[[0, 1, 2], [1, 0, 2]],
    )
    _raises(
        TypeError,
        "cost_matrix must be a square table of numbers",
        f,
        counts=counts,
        cost_matrix=[["a", "b"], ["c", "d"]],
    )
    _raises(
        ValueError,
        "cost_matrix contains NaN or infinite costs",
        f,
        counts=counts,
        cost_matrix=[[0, math.nan], [1, 0]],
    )
    _raises(
        ValueError,
        "cost_matrix must not contain negative costs",
        f,
        counts=counts,
        cost_matrix=[[0, -1], [1, 0]],
    )
    _raises(
        ValueError,
        "cost_matrix is 3 x 3 but there are 2 classes",
        f,
        counts=counts,
        cost_matrix=np.ones((3, 3)),
    )
