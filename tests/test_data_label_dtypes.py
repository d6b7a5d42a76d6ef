"""Class labels of every dtype: their codes, classes and what a fitted model predicts.

Pandas' nullable labels (``Int64``, ``boolean``, ``string``) are encoded by their values;
a missing one is refused like any missing label. What ``predict`` returns for them is
pinned here on purpose: an object array of the exact labels (Python ints, bools). The
package keeps that rather than "following scikit-learn", because scikit-learn has no
dtype-preserving answer to follow: ``DecisionTreeClassifier`` casts ``Int64`` and
``boolean`` labels to float64 (``True`` comes back as ``1.0``), which is checked below so
that the test says so if scikit-learn changes.
"""

import numpy as np
import pandas as pd
import pytest
from sklearn.tree import DecisionTreeClassifier

from dtlearn import CARTClassifier, ID3Classifier
from dtlearn.data import encode_target

X4 = pd.DataFrame({"a": [0, 1, 2, 3]})


def test_integer_arrays_take_numpys_sorted_classes_and_codes():
    codes, classes = encode_target(np.array([3, 1, 3, 2]))
    assert codes.tolist() == [2, 0, 2, 1] and codes.dtype == np.dtype(int)
    assert classes == (1, 2, 3) and all(type(c) is int for c in classes)
    # two classes and two rows, three and three: the fast path must not unpack the classes
    assert encode_target(np.array([7, 5]))[0].tolist() == [1, 0]
    assert encode_target(np.array([7, 5]))[1] == (5, 7)
    codes, classes = encode_target(np.array([0, 9, 4], dtype=np.uint8), n_rows=3)
    assert (codes.tolist(), classes) == ([0, 2, 1], (0, 4, 9))
    with pytest.raises(ValueError) as err:
        encode_target(np.array([1, 2, 1]), n_rows=4)
    assert str(err.value) == "y has 3 labels but X has 4 rows"


def test_a_column_of_integer_labels_gives_one_code_a_row():
    codes, classes = encode_target(np.array([[3], [1], [3]]))
    assert codes.shape == (3,) and codes.tolist() == [1, 0, 1]
    assert classes == (1, 3)
    codes, classes = encode_target(np.array([[3.0], [1.0]]))
    assert codes.tolist() == [1, 0] and classes == (1.0, 3.0)
    with pytest.raises(ValueError) as err:
        encode_target(np.array([[1, 2], [2, 1]]))
    assert str(err.value) == "y must be 1-D; got shape (2, 2)"


@pytest.mark.parametrize(
    "y, codes, classes, kind",
    [
        (pd.Series([2, 1, 2, 1], dtype="Int64"), [1, 0, 1, 0], (1, 2), int),
        (pd.Series([True, False, True, False], dtype="boolean"), [1, 0, 1, 0], (False, True), bool),
        (pd.Series(["b", "a", "b", "a"], dtype="string"), [1, 0, 1, 0], ("a", "b"), str),
        (pd.Series([2.5, 1.5, 2.5, 1.5], dtype="Float64"), [1, 0, 1, 0], (1.5, 2.5), float),
    ],
    ids=["Int64", "boolean", "string", "Float64"],
)
def test_nullable_labels_are_encoded_by_their_values(y, codes, classes, kind):
    got_codes, got_classes = encode_target(y)
    assert got_codes.tolist() == codes
    assert got_classes == classes and all(type(c) is kind for c in got_classes)
    # a declared order is kept, as for plain labels
    got_codes, got_classes = encode_target(y, classes=classes[::-1])
    assert got_codes.tolist() == [1 - c for c in codes] and got_classes == classes[::-1]


@pytest.mark.parametrize(
    "y",
    [
        pd.Series([1, pd.NA, 2], dtype="Int64"),
        pd.Series([True, pd.NA, False], dtype="boolean"),
        pd.Series(["a", pd.NA, "b"], dtype="string"),
        pd.Series([1.5, pd.NA, 2.5], dtype="Float64"),
        pd.Series([1.5, np.nan, 2.5]),
        pd.Series(["a", None, "b"], dtype=object),
    ],
    ids=["Int64", "boolean", "string", "Float64", "float64", "object"],
)
def test_a_missing_label_of_any_dtype_is_refused(y):
    # Int64 and boolean used to pass as "cannot hold a missing value": <NA> became a
    # class nan (Int64) or a "mixed types" error (boolean)
    with pytest.raises(ValueError) as err:
        encode_target(y)
    assert str(err.value) == "y has missing labels; drop those rows first"
    with pytest.raises(ValueError) as err:
        encode_target(y, arg="labels")
    assert str(err.value) == "labels has missing labels; drop those rows first"


def test_numpy_integer_and_boolean_labels_never_count_as_missing():
    assert encode_target(pd.Series([1, 0, 1]))[1] == (0, 1)
    assert encode_target(pd.Series([True, False]))[1] == (False, True)


@pytest.mark.parametrize("learner", [CARTClassifier, ID3Classifier])
def test_predictions_of_nullable_labels_are_the_labels_themselves(learner):
    y = pd.Series([2, 1, 2, 1], dtype="Int64")
    X = X4.astype(str) if learner is ID3Classifier else X4
    model = learner().fit(X, y)
    pred = model.predict(X)
    assert pred.dtype == object and pred.tolist() == [2, 1, 2, 1]
    assert [type(v) for v in pred] == [int] * 4
    assert model.classes_.dtype == object and model.classes_.tolist() == [1, 2]
    b = pd.Series([True, False, True, False], dtype="boolean")
    pred = learner().fit(X, b).predict(X)
    assert pred.dtype == object and pred.tolist() == [True, False, True, False]
    assert [type(v) for v in pred] == [bool] * 4


def test_plain_numpy_labels_keep_their_dtype_as_in_scikit_learn():
    for y in (pd.Series([2, 1, 2, 1]), np.array([True, False, True, False])):
        ours = CARTClassifier().fit(X4, y).predict(X4)
        theirs = DecisionTreeClassifier().fit(X4, y).predict(X4)
        assert ours.dtype == theirs.dtype == np.asarray(y).dtype
        assert ours.tolist() == theirs.tolist()


def test_scikit_learn_turns_nullable_labels_into_floats():
    # why dtlearn does not copy it: True would come back as 1.0
    sk = DecisionTreeClassifier().fit(X4, pd.Series([True, False, True, False], dtype="boolean"))
    assert sk.predict(X4).dtype == np.float64
    assert sk.predict(X4).tolist() == [1.0, 0.0, 1.0, 0.0]
