"""``table_shape`` of input that is not a table: a pandas Series is no list of rows.

``table_shape`` looks into a list or tuple only; a Series (whose truth value pandas
refuses) is passed on, and the estimator's check then names the real mistake.
"""

import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.data import table_shape

SERIES_MESSAGE = (
    "X must be 2-D (rows x features); got a pandas Series. Use a DataFrame, "
    "e.g. X.to_frame() for a single feature"
)


def test_a_series_has_no_table_shape():
    assert table_shape(pd.Series([1, 2])) is None
    assert table_shape(pd.Series(["a"])) is None


def test_predicting_a_series_names_the_series():
    X, y = dt.load_play_tennis()
    model = dt.ID3Classifier().fit(X, y)
    with pytest.raises(ValueError) as error:
        model.predict(X["outlook"])
    assert str(error.value) == SERIES_MESSAGE
