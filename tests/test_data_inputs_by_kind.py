"""What ``dtlearn.data`` makes of each kind of input, worked out by hand.

Feature names replace a table's own, an object with ``__array__`` is read as its array,
a boolean column is categorical (categories in order of appearance), a category that
JSON cannot hold is written as its text, ``as_ordinal`` keeps a declared order and
marks it ordered, a one-column DataFrame is a label column, columns named as at fit
but in another order are put back in order, and rows numpy cannot stack have no shape.
"""

import datetime

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.data import Schema, as_ordinal, encode_target, infer_schema, table_shape


class _ArrayLike:
    """Not a list, array or DataFrame, but convertible to one (``__array__``)."""

    def __array__(self, dtype=None, copy=None):
        return np.array([[1.0, 2.0], [3.0, 4.0]])


def test_feature_names_replace_the_tables_own():
    schema = infer_schema([[1, "a"], [2, "b"]], feature_names=["n", "c"])
    assert schema.names == ("n", "c") and schema.kinds == ("numeric", "categorical")
    frame = pd.DataFrame({"a": [1], "b": ["x"]})
    assert infer_schema(frame, feature_names=["p", "q"]).names == ("p", "q")


def test_an_array_like_is_read_as_its_array():
    assert infer_schema(_ArrayLike()) == Schema(("x0", "x1"), ("numeric",) * 2, (None, None))
    assert table_shape(_ArrayLike()) == (2, 2)


def test_a_boolean_column_is_categorical_in_order_of_appearance():
    schema = infer_schema(pd.DataFrame({"b": [True, False, True]}))
    assert schema.kinds == ("categorical",) and schema.categories == ((True, False),)


def test_a_category_json_cannot_hold_is_written_as_its_text():
    schema = Schema(("d",), ("categorical",), ((datetime.date(2020, 1, 2), 3, "x", True, 1.5),))
    assert schema.to_dict() == {
        "names": ["d"],
        "kinds": ["categorical"],
        "categories": [["2020-01-02", 3, "x", True, 1.5]],
        "ordered": [False],
    }


def test_as_ordinal_keeps_a_declared_order_and_marks_it_ordered():
    X = pd.DataFrame({"size": pd.Categorical(["M", "S", "L"], categories=["S", "M", "L"])})
    out = as_ordinal(X, ["size"])
    assert out["size"].cat.ordered is True
    assert list(out["size"].cat.categories) == ["S", "M", "L"]
    assert infer_schema(out).ordered == (True,) and infer_schema(out).is_ordinal(0)
    assert X["size"].cat.ordered is False  # the input is left alone
    given = as_ordinal(pd.DataFrame({"size": ["M", "S", "L"]}), {"size": ["S", "M", "L"]})
    assert given["size"].cat.ordered is True
    assert given["size"].tolist() == ["M", "S", "L"]


def test_a_one_column_frame_of_labels_is_its_column():
    codes, classes = encode_target(pd.DataFrame({"play": ["no", "yes", "no"]}))
    assert codes.tolist() == [0, 1, 0] and classes == ("no", "yes")


def test_columns_in_another_order_are_put_back_in_order():
    X, y = dt.load_play_tennis()
    model = dt.ID3Classifier().fit(X, y)
    shuffled = X[["windy", "humidity", "outlook", "temperature"]]
    assert model.predict(shuffled).tolist() == model.predict(X).tolist() == list(y)


@pytest.mark.parametrize(
    "rows",
    [
        [np.zeros((2, 2)), np.zeros((2, 3))],  # numpy refuses to stack them (ValueError)
        [np.zeros(2), np.zeros(3)],  # stacked as two objects: 1-D
    ],
    ids=["unstackable", "ragged"],
)
def test_rows_numpy_cannot_stack_have_no_shape(rows):
    assert table_shape(rows) is None
