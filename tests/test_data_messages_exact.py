"""Every error of dtlearn.data, raised by the public functions, compared as a whole text.

The message is the specification a student reads: each case builds the one input that
breaks one rule and checks the exception type and the exact text (argument name,
column, counts). Boundaries are tried on both sides (a categorical index at the last
column and one past it; ``ordered`` of the right length but not bools).
"""

import numpy as np
import pandas as pd
import pytest
import scipy.sparse

from dtlearn.data import (
    Schema,
    as_ordinal,
    encode,
    encode_numeric_target,
    encode_target,
    infer_schema,
    table_shape,
)

TWO = infer_schema([["sunny", 85], ["rainy", 70]])  # x0 categorical, x1 numeric
ONE_NUMERIC = {"names": ["a"], "kinds": ["numeric"], "categories": [None]}

CASES = {
    "numeric has no categories": (
        lambda: TWO.category_name(1, 0),
        ValueError,
        "feature 'x1' is numeric and has no categories",
    ),
    "schema lacks a key": (
        lambda: Schema.from_dict({"names": ["a"]}),
        ValueError,
        "schema: malformed data ('kinds')",
    ),
    "schema lengths": (
        lambda: Schema.from_dict({"names": ["a", "b"], "kinds": ["numeric"], "categories": [None]}),
        ValueError,
        "schema: names, kinds and categories differ in length",
    ),
    "schema repeated name": (
        lambda: Schema.from_dict(
            {"names": ["a", "a"], "kinds": ["numeric"] * 2, "categories": [None, None]}
        ),
        ValueError,
        "schema: feature names must be distinct",
    ),
    "schema repeated category": (
        lambda: Schema.from_dict(
            {"names": ["a"], "kinds": ["categorical"], "categories": [["x", "x"]]}
        ),
        ValueError,
        "schema: categories must be distinct strings or numbers",
    ),
    "schema category a list": (
        lambda: Schema.from_dict(
            {"names": ["a"], "kinds": ["categorical"], "categories": [[["x"]]]}
        ),
        ValueError,
        "schema: categories must be distinct strings or numbers",
    ),
    "schema unknown kind": (
        lambda: Schema.from_dict({"names": ["a"], "kinds": ["ordinal"], "categories": [None]}),
        ValueError,
        "schema: unknown feature kind 'ordinal'",
    ),
    "schema categorical without categories": (
        lambda: Schema.from_dict({"names": ["a"], "kinds": ["categorical"], "categories": [None]}),
        ValueError,
        "schema: categories must be given exactly for categorical features",
    ),
    "schema numeric with categories": (
        lambda: Schema.from_dict({"names": ["a"], "kinds": ["numeric"], "categories": [["x"]]}),
        ValueError,
        "schema: categories must be given exactly for categorical features",
    ),
    "schema ordered too long": (
        lambda: Schema.from_dict({**ONE_NUMERIC, "ordered": [True, False]}),
        ValueError,
        "schema: ordered must be one true/false per feature",
    ),
    "schema ordered not bool": (
        lambda: Schema.from_dict({**ONE_NUMERIC, "ordered": [1]}),
        ValueError,
        "schema: ordered must be one true/false per feature",
    ),
    "sparse": (
        lambda: infer_schema(scipy.sparse.csr_matrix(np.eye(2)), arg="X_train"),
        TypeError,
        "X_train: sparse input is not supported; pass a dense array (X_train.toarray()) "
        "or a DataFrame",
    ),
    "complex": (
        lambda: infer_schema(np.array([[1j]])),
        ValueError,
        "X: Complex data not supported (X holds complex numbers); features must be real "
        "numbers or categories",
    ),
    "1-D array": (
        lambda: encode(np.array([1.0, 2.0]), TWO, arg="X_test"),
        ValueError,
        "X_test must be 2-D (rows x features); got 1-D input. Reshape your data: "
        ".reshape(-1, 1) for a single feature, .reshape(1, -1) for a single row",
    ),
    "3-D array": (
        lambda: table_shape(np.zeros((1, 1, 1))),
        ValueError,
        "X must be 2-D (rows x features); got 3-D input. Reshape your data: "
        ".reshape(-1, 1) for a single feature, .reshape(1, -1) for a single row",
    ),
    "series": (
        lambda: infer_schema(pd.Series([1, 2])),
        ValueError,
        "X must be 2-D (rows x features); got a pandas Series. Use a DataFrame, "
        "e.g. X.to_frame() for a single feature",
    ),
    "string": (
        lambda: infer_schema("abc"),
        TypeError,
        "X must be a table of rows, not a string",
    ),
    "not iterable": (
        lambda: infer_schema(5),
        TypeError,
        "X must be a DataFrame, 2-D array or list of rows; got int",
    ),
    "list of numbers": (
        lambda: infer_schema([1, 2, 3]),
        ValueError,
        "X must be 2-D (rows x features); got 1-D input. Reshape a single feature with "
        ".reshape(-1, 1)",
    ),
    "feature_names count": (
        lambda: infer_schema([[1, 2]], feature_names=["a"]),
        ValueError,
        "feature_names has 1 names but X has 2 columns",
    ),
    "no columns": (
        lambda: infer_schema(pd.DataFrame(index=[0, 1])),
        ValueError,
        "X has 0 feature(s) (shape=(2, 0)) while a minimum of 1 is required (it has no columns).",
    ),
    "duplicate columns": (
        lambda: infer_schema(pd.DataFrame([[1, 2, 3, 4]], columns=["b", "a", "b", "a"])),
        ValueError,
        "X has duplicate column names ['a', 'b']; every column needs its own name",
    ),
    "categorical not a list": (
        lambda: infer_schema([[1, 2]], categorical=5.5),
        TypeError,
        "categorical must be a list of column names or positions; got 5.5",
    ),
    "categorical index one past the end": (
        lambda: infer_schema([[1, 2]], categorical=[2]),
        ValueError,
        "categorical: column index 2 out of range for 2 columns",
    ),
    "categorical index negative": (
        lambda: infer_schema([[1, 2]], categorical=[-1]),
        ValueError,
        "categorical: column index -1 out of range for 2 columns",
    ),
    "categorical unknown name": (
        lambda: infer_schema([[1, 2]], categorical=["z"]),
        ValueError,
        "categorical: no column named 'z'; columns are ['x0', 'x1']",
    ),
    "categorical misses a text column": (
        lambda: infer_schema([["a", 2, "b"]], categorical=[2]),
        ValueError,
        "categorical: column 'x0' holds non-numeric values but is not listed; list every "
        "categorical column (listed: ['x2'])",
    ),
    "no rows": (
        lambda: encode(pd.DataFrame({"x0": [], "x1": []}), TWO),
        ValueError,
        "X is empty: it needs at least one row",
    ),
    "unknown column names": (
        lambda: encode(pd.DataFrame({"a": ["sunny"], "b": [1]}), TWO),
        ValueError,
        "X has columns ['a', 'b'] but the model was fitted on ['x0', 'x1']",
    ),
    "column count": (
        lambda: encode([["sunny"]], TWO),
        ValueError,
        "X has 1 columns but the model was fitted on 2 (x0, x1)",
    ),
    "complex column": (
        lambda: encode(pd.DataFrame({"x0": ["sunny"], "x1": [1j]}), TWO),
        ValueError,
        "X: column 'x1' holds complex numbers (Complex data not supported); features must "
        "be real numbers or categories",
    ),
    "text in a numeric column": (
        lambda: encode([["sunny", "hot"]], TWO),
        ValueError,
        "X: column 'x1' is numeric but holds non-numeric values",
    ),
    "infinite": (
        lambda: encode([["sunny", np.inf]], TWO),
        ValueError,
        "X: column 'x1' holds infinite values",
    ),
    "missing refused": (
        lambda: encode([["sunny", np.nan]], TWO, allow_missing=False),
        ValueError,
        "X: column 'x1' has missing values (NaN); this learner does not handle them "
        "(C45Classifier does)",
    ),
    "missing refused, array path": (
        lambda: encode(
            np.array([[1.0, np.nan]]),
            infer_schema(np.array([[1.0, 2.0]])),
            arg="X_test",
            allow_missing=False,
        ),
        ValueError,
        "X_test: column 'x1' has missing values (NaN); this learner does not handle them "
        "(C45Classifier does)",
    ),
    "as_ordinal of a list": (
        lambda: as_ordinal([[1]], ["a"]),
        TypeError,
        "X must be a pandas DataFrame, got list",
    ),
    "as_ordinal unknown column": (
        lambda: as_ordinal(pd.DataFrame({"a": ["x"]}), ["b"]),
        ValueError,
        "columns: no column named 'b'; columns are ['a']",
    ),
    "as_ordinal without an order": (
        lambda: as_ordinal(pd.DataFrame({"a": ["x"]}), "a"),
        ValueError,
        "columns: 'a' has no declared category order; give its categories from lowest to "
        "highest, e.g. {'a': [...]}",
    ),
    "as_ordinal order misses values": (
        lambda: as_ordinal(pd.DataFrame({"a": ["z", "x", "y"]}), {"a": ["x"]}),
        ValueError,
        "columns: the order of 'a' must list each of its values once; missing from it: ['y', 'z']",
    ),
    "as_ordinal order repeats": (
        lambda: as_ordinal(pd.DataFrame({"a": ["x"]}), {"a": ["x", "x"]}),
        ValueError,
        "columns: the order of 'a' must list each of its values once; missing from it: []",
    ),
    "labels count": (
        lambda: encode_target(["a", "b"], n_rows=3),
        ValueError,
        "y has 2 labels but X has 3 rows",
    ),
    "no labels": (
        lambda: encode_target([]),
        ValueError,
        "y is empty: it needs at least one label",
    ),
    "missing label": (
        lambda: encode_target(["a", None], arg="y_test"),
        ValueError,
        "y_test has missing labels; drop those rows first",
    ),
    "mixed labels": (
        lambda: encode_target(["a", 1]),
        TypeError,
        "y: labels of mixed types cannot be ordered",
    ),
    "classes a string": (
        lambda: encode_target(["a"], classes="ab"),
        TypeError,
        "classes must be a list of class names, not a string; got 'ab'",
    ),
    "classes not a list": (
        lambda: encode_target(["a"], classes=5),
        TypeError,
        "classes must be a list of class names; got int",
    ),
    "classes repeated": (
        lambda: encode_target(["a"], classes=["a", "a"]),
        ValueError,
        "classes names a class more than once: ['a', 'a']",
    ),
    "label not a class": (
        lambda: encode_target(["a", "c"], classes=["a", "b"]),
        ValueError,
        "y holds the label 'c', which is not one of the classes ['a', 'b']",
    ),
    "values count": (
        lambda: encode_numeric_target([1.0], n_rows=2),
        ValueError,
        "y has 1 values but X has 2 rows",
    ),
    "no values": (
        lambda: encode_numeric_target([]),
        ValueError,
        "y is empty: it needs at least one value",
    ),
    "complex target": (
        lambda: encode_numeric_target(np.array([1j])),
        ValueError,
        "y holds complex numbers; a regression target must be real",
    ),
    "complex in an object target": (
        lambda: encode_numeric_target([1.0, 1j]),
        ValueError,
        "y holds complex numbers; a regression target must be real",
    ),
    "text target": (
        lambda: encode_numeric_target(["a"]),
        ValueError,
        "y must be numeric for a regression tree",
    ),
    "NaN target": (
        lambda: encode_numeric_target([1.0, np.nan]),
        ValueError,
        "y has NaN or infinite values",
    ),
    "infinite target": (
        lambda: encode_numeric_target([np.inf]),
        ValueError,
        "y has NaN or infinite values",
    ),
    "two-column target frame": (
        lambda: encode_target(pd.DataFrame({"a": [1], "b": [2]})),
        ValueError,
        "y must be 1-D; got a DataFrame with 2 columns",
    ),
    "string target": (
        lambda: encode_target("abc"),
        TypeError,
        "y must be a sequence of labels, not a string",
    ),
    "2-D target": (
        lambda: encode_target([[1, 2], [3, 4]]),
        ValueError,
        "y must be 1-D; got shape (2, 2)",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_data_error_text(case):
    call, kind, text = CASES[case]
    with pytest.raises(kind) as err:
        call()
    assert type(err.value) is kind
    assert str(err.value) == text


def test_categorical_index_at_both_ends_is_accepted():
    assert infer_schema([[1, 2]], categorical=[0]).kinds == ("categorical", "numeric")
    assert infer_schema([[1, 2]], categorical=[1]).kinds == ("numeric", "categorical")
    assert infer_schema([[1, 2]], categorical=1).kinds == ("numeric", "categorical")
    assert infer_schema([[1, 2]], categorical=["x1"]).categories == (None, (2,))


def test_schema_round_trip_keeps_every_category_type():
    schema = Schema(
        ("a", "b", "c"),
        ("categorical", "numeric", "categorical"),
        (("x", 3, 2.5, True), None, ("lo", "hi")),
        (False, False, True),
    )
    data = schema.to_dict()
    assert data == {
        "names": ["a", "b", "c"],
        "kinds": ["categorical", "numeric", "categorical"],
        "categories": [["x", 3, 2.5, True], None, ["lo", "hi"]],
        "ordered": [False, False, True],
    }
    assert Schema.from_dict(data) == schema
    # no ordinal column: "ordered" comes back empty, as the constructor's default
    plain = Schema.from_dict({**data, "ordered": [False, False, False]})
    assert plain.ordered == () and plain.is_ordinal(2) is False


def test_table_shape_of_each_input_kind():
    assert table_shape([[1, 2, 3], [4, 5, 6]]) == (2, 3)
    assert table_shape(pd.DataFrame({"a": [1], "b": [2]})) == (1, 2)
    assert table_shape([{"a": 1}, {"a": 2}]) is None  # rows name their own columns
    assert table_shape([[1, 2], [3]]) is None  # ragged rows
    assert table_shape([]) is None


def test_only_an_ordered_categorical_column_is_ordinal():
    X = pd.DataFrame(
        {
            "size": pd.Categorical(["S", "L", "M"], categories=["S", "M", "L"], ordered=True),
            "colour": pd.Categorical(["red", "blue", "red"]),  # categories, no order
            "shape": ["round", "square", "round"],
            "weight": [1.0, 2.0, 3.0],
        }
    )
    schema = infer_schema(X)
    assert schema.kinds == ("categorical", "categorical", "categorical", "numeric")
    assert schema.ordered == (True, False, False, False)
    assert [schema.is_ordinal(j) for j in range(4)] == [True, False, False, False]
    assert schema.categories[0] == ("S", "M", "L")  # the declared order, not appearance
    assert schema.categories[1] == ("blue", "red")  # a Categorical's sorted categories
    assert schema.categories[2] == ("round", "square")  # first appearance
    plain = infer_schema(X[["colour", "shape", "weight"]])
    assert plain.ordered == ()  # no ordinal column: the constructor's default
    # listed by hand, the numbers column too: still only the ordered Categorical is ordinal
    listed = infer_schema(X, categorical=["size", "colour", "shape", "weight"])
    assert listed.kinds == ("categorical",) * 4
    assert listed.ordered == (True, False, False, False)
    assert listed.categories[3] == (1.0, 2.0, 3.0)
