"""A tree fitted without missing values refuses one in a list of rows or of dicts.

The check reads the raw column to tell a missing value (``None``) from a category the
tree never saw (``"foggy"``): only the first is refused, naming the column and the row;
the unseen category stops at the root (outlook), which predicts its majority, "yes"
(9 of 14).
"""

import pytest

import dtlearn as dt

TAIL = (
    " was fitted without missing values and does not answer them: fill them in "
    "(sklearn.impute.SimpleImputer), or fit C45Classifier, which handles them as J48 does "
    "(or set tree.refuses_missing = False: the tree then answers them at the node where "
    "they stop, missing='majority')"
)
NAMES = ("outlook", "temperature", "humidity", "windy")


@pytest.fixture(scope="module")
def model():
    return dt.ID3Classifier().fit(*dt.load_play_tennis())


def _dicts(rows):
    return [dict(zip(NAMES, row)) for row in rows]


@pytest.mark.parametrize("as_dicts", [False, True], ids=["lists", "dicts"])
def test_a_missing_value_is_refused_by_column_and_row(model, as_dicts):
    rows = [["sunny", "hot", "high", "FALSE"], ["foggy", "hot", None, "FALSE"]]
    rows = _dicts(rows) if as_dicts else rows
    with pytest.raises(ValueError) as error:
        model.predict(rows)
    assert str(error.value) == (
        "X: column 'humidity' has a missing value (NaN) in row 1; ID3Classifier" + TAIL
    )
    with pytest.raises(ValueError) as error:
        model.tree_.predict(rows)
    assert str(error.value) == (
        "X: column 'humidity' has a missing value (NaN) in row 1; this tree" + TAIL
    )


@pytest.mark.parametrize("as_dicts", [False, True], ids=["lists", "dicts"])
def test_an_unseen_category_is_not_missing(model, as_dicts):
    rows = [["foggy", "hot", "high", "FALSE"], ["sunny", "hot", "high", "FALSE"]]
    rows = _dicts(rows) if as_dicts else rows
    assert model.predict(rows).tolist() == ["yes", "no"]
    assert model.tree_.apply(rows).tolist() == [0, 4]  # stopped at the root; sunny/high
