"""Bad input is refused with an error that names the argument and the problem."""

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.data import as_ordinal, infer_schema
from dtlearn.learners.estimator import sample_weights
from dtlearn.splits import split_from_dict


def test_sample_weight_must_be_one_flat_weight_per_row():
    with pytest.raises(
        ValueError,
        match=r"sample_weight must have one weight per row \(3\); "
        r"got shape \(3, 1\)",
    ):
        sample_weights(np.ones((3, 1)), 3)
    assert sample_weights([1, 2, 3], 3).tolist() == [1.0, 2.0, 3.0]


@pytest.mark.parametrize("tolerance", [1.0, 1.5, -0.1])
def test_a_threshold_splits_tolerance_lies_in_zero_one(tolerance):
    X, _ = dt.load_play_tennis(numeric=True)
    schema = infer_schema(X)
    with pytest.raises(ValueError, match=r"tolerance must be a number in \[0, 1\)"):
        split_from_dict(
            {"kind": "threshold", "feature": 2, "threshold": 70.0, "tolerance": tolerance}, schema
        )
    ok = split_from_dict(
        {"kind": "threshold", "feature": 2, "threshold": 70.0, "tolerance": 0.999}, schema
    )
    assert ok.tolerance == 0.999


@pytest.mark.parametrize("n", [2, 4])
def test_a_multiway_split_has_one_branch_per_category(n):
    X, _ = dt.load_play_tennis()  # outlook has 3 categories
    with pytest.raises(ValueError, match="n_categories does not match the schema"):
        split_from_dict({"kind": "multiway", "feature": 0, "n_categories": n}, infer_schema(X))


def test_categorical_index_one_past_the_last_column_is_refused():
    X, _ = dt.load_play_tennis(numeric=True)
    with pytest.raises(
        ValueError,
        match=r"^categorical: column index 4 out of range for 4 "
        r"columns",
    ):
        infer_schema(X, categorical=[4])
    assert infer_schema(X, categorical=[0, 3]).is_categorical(3)


def test_an_ordinal_order_listing_a_value_twice_is_refused():
    X, _ = dt.load_play_tennis()
    with pytest.raises(
        ValueError,
        match=r"^columns: the order of 'outlook' must list each of "
        r"its values once",
    ):
        as_ordinal(X, {"outlook": ["sunny", "sunny", "overcast", "rainy"]})


def test_cost_gini_refuses_any_negative_cost():
    with pytest.raises(ValueError, match="cost_matrix must not contain negative costs"):
        dt.cost_gini(counts=[1, 1], cost_matrix=[[0, -0.5], [1, 0]])
