"""Input handling: every form a student may pass, and clear errors for the rest."""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.data import encode, encode_target, infer_schema


def test_dataframe_array_rows_and_dicts_encode_alike():
    frame = pd.DataFrame({"outlook": ["sunny", "rainy"], "humidity": [85, 70]})
    rows = [["sunny", 85], ["rainy", 70]]
    dicts = [{"outlook": "sunny", "humidity": 85}, {"outlook": "rainy", "humidity": 70}]
    expected = np.array([[0.0, 85.0], [1.0, 70.0]])
    for X in (frame, rows, dicts, np.array(rows, dtype=object)):
        schema = infer_schema(X)
        assert schema.kinds == ("categorical", "numeric")
        np.testing.assert_array_equal(encode(X, schema), expected)


def test_categorical_order_and_override():
    X = pd.DataFrame({"size": pd.Categorical(["b", "a"], categories=["b", "a", "c"]), "n": [1, 2]})
    schema = infer_schema(X, categorical=["size", "n"])
    assert schema.categories == (("b", "a", "c"), (1, 2))
    with pytest.raises(ValueError, match="no column named 'colour'"):
        infer_schema(X, categorical=["colour"])


def test_target_order_follows_categorical_else_sorted():
    assert encode_target(pd.Series(pd.Categorical(["yes", "no"], ["yes", "no"])))[1] == (
        "yes",
        "no",
    )
    assert encode_target(["yes", "no"])[1] == ("no", "yes")


def test_missing_and_unseen_become_nan():
    schema = infer_schema([["a", 1.0], ["b", 2.0]])
    out = encode([[None, np.nan], ["zzz", 3.0]], schema)
    assert np.isnan(out[0]).all() and np.isnan(out[1, 0]) and out[1, 1] == 3.0


@pytest.mark.parametrize(
    "X,match",
    [
        ("abc", "string"),
        (pd.Series([1, 2]), "pandas Series"),
        (np.zeros(3), "2-D"),
        (42, "DataFrame, 2-D array or list of rows"),
    ],
)
def test_bad_tables(X, match):
    with pytest.raises((TypeError, ValueError), match=match):
        dt.CARTClassifier().fit(X, [0, 1])


def test_numeric_column_with_text_at_predict_time():
    model = dt.CARTClassifier().fit(pd.DataFrame({"x": [1.0, 2.0]}), ["a", "b"])
    with pytest.raises(ValueError, match="'x' is numeric"):
        model.predict(pd.DataFrame({"x": ["high"]}))


def test_regression_target_must_be_finite_numbers():
    with pytest.raises(ValueError, match="numeric"):
        dt.CARTRegressor().fit([[1.0], [2.0]], ["a", "b"])
    with pytest.raises(ValueError, match="NaN or infinite"):
        dt.CARTRegressor().fit([[1.0], [2.0]], [1.0, np.nan])


def test_sample_weight_checks():
    with pytest.raises(ValueError, match="sample_weight"):
        dt.CARTClassifier().fit([[1.0], [2.0]], ["a", "b"], sample_weight=[1.0])
    with pytest.raises(ValueError, match="not all zero"):
        dt.CARTClassifier().fit([[1.0], [2.0]], ["a", "b"], sample_weight=[0.0, 0.0])
