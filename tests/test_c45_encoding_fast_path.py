"""C4.5's fast encoding of a frame of Categoricals is ``data.encode``'s, or steps aside.

``C45Classifier`` reads the codes of pandas Categoricals directly (the ARFF reader's
frames) instead of going through the general encoder; the result must be the general
encoder's to the bit (missing values as NaN), and anything else must fall back (``None``).
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from dtlearn.data import encode, encode_target, infer_schema
from dtlearn.datasets.arffio import read_arff
from dtlearn.learners.c45 import _encode_categorical_frame, _encode_categorical_target

WEKA_DATA = Path(__file__).parent / "fixtures" / "weka" / "data"


@pytest.mark.parametrize("name", ["breast-cancer", "labor", "vote", "weather.numeric", "soybean"])
def test_the_fast_codes_are_the_general_encoders(name):
    X, y = read_arff(WEKA_DATA / f"{name}.arff")
    schema = infer_schema(X, None, arg="X")
    fast = _encode_categorical_frame(X, schema)
    assert fast is not None
    np.testing.assert_array_equal(fast, encode(X, schema, allow_missing=True))
    codes, classes = _encode_categorical_target(y, len(y))
    general_codes, general_classes = encode_target(y, len(y))
    assert classes == general_classes and codes.tolist() == general_codes.tolist()


def test_anything_else_falls_back_to_the_general_encoder():
    X = pd.DataFrame(
        {"c": pd.Categorical(["p", "q", None], categories=["q", "p"]), "x": [1.0, 2.0, 3.0]}
    )
    schema = infer_schema(X, None, arg="X")
    fast = _encode_categorical_frame(X, schema)
    np.testing.assert_array_equal(fast, [[1.0, 1.0], [0.0, 2.0], [np.nan, 3.0]])
    assert _encode_categorical_frame(X.to_numpy(), schema) is None  # not a frame
    assert _encode_categorical_frame(X.iloc[:0], schema) is None  # no rows
    assert _encode_categorical_frame(X[["c"]], schema) is None  # other columns
    assert _encode_categorical_frame(X.assign(c=["p", "q", None]), schema) is None  # objects
    other = X.assign(c=pd.Categorical(["p", "q", None], categories=["p", "q"]))
    assert _encode_categorical_frame(other, schema) is None  # other category order
    assert _encode_categorical_frame(X.assign(x=[1.0, np.inf, 3.0]), schema) is None
    assert _encode_categorical_frame(X.assign(x=["1", "2", "3"]), schema) is None
    ints = _encode_categorical_frame(X.assign(x=[1, 2, 3]), schema)
    np.testing.assert_array_equal(ints, fast)
    y = pd.Series(pd.Categorical(["b", "a", "b"], categories=["b", "a", "z"]))
    codes, classes = _encode_categorical_target(y, 3)
    assert codes.tolist() == [0, 1, 0] and classes == ("b", "a", "z")
    assert _encode_categorical_target(y, 4) is None  # another length
    assert _encode_categorical_target(y.astype(str), 3) is None  # not a Categorical
    assert _encode_categorical_target(y.iloc[:0], 0) is None  # no labels
    missing = pd.Series(pd.Categorical(["b", None, "b"], categories=["b", "a"]))
    assert _encode_categorical_target(missing, 3) is None  # a missing label
