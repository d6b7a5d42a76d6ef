"""Reading ARFF text and the shipped data sets at their edges, against the ARFF format.

ARFF (Weka's format): ``?`` is a missing value of any type, ``%`` starts a comment except
inside a quoted value (single or double quotes), and a target position counts from either end.
"""

import math

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.datasets.arffio import read_arff
from dtlearn.datasets.entries import ENTRIES, DatasetEntry

TEXT = """@relation r
% a comment line
@attribute a numeric
@attribute b {p,q}
@attribute s string
@data
1.5,p,'x % y' % a trailing comment
?,q,"50% off"
"""


def test_a_question_mark_in_a_numeric_column_is_nan():
    frame = read_arff(TEXT, target=None)
    assert frame["a"].iloc[0] == 1.5 and math.isnan(frame["a"].iloc[1])
    assert frame["a"].dtype == np.float64


def test_percent_signs_inside_single_or_double_quotes_are_data():
    frame = read_arff(TEXT, target=None)
    assert frame["s"].tolist() == ["x % y", "50% off"]


@pytest.mark.parametrize(("target", "name"), [(-3, "a"), (-1, "s"), (0, "a"), (2, "s"), ("b", "b")])
def test_the_target_counts_from_either_end(target, name):
    X, y = read_arff(TEXT, target=target)
    assert y.name == name and name not in X.columns and X.shape == (2, 2)


@pytest.mark.parametrize("target", [-4, 3])
def test_a_target_position_past_either_end_is_refused(target):
    with pytest.raises(
        ValueError,
        match=rf"^target position {target} is out of range: the "
        r"file has 3 attributes$",
    ):
        read_arff(TEXT, target=target)


def test_the_aima_restaurant_differs_from_the_lectures_in_one_cell():
    lecture, y = dt.load_restaurant()
    aima, y_aima = dt.load_restaurant(variant="aima")
    differs = (lecture != aima).to_numpy()
    assert differs.sum() == 1 and differs[3, list(lecture.columns).index("Raining")]
    assert (lecture.loc[3, "Raining"], aima.loc[3, "Raining"]) == ("Yes", "No")
    assert y.equals(y_aima)


def test_a_data_set_entry_whose_class_counts_miss_rows_is_refused():
    good = next(e for e in ENTRIES if e.classes is not None)
    fields = {f: getattr(good, f) for f in DatasetEntry.__dataclass_fields__ if f != "_"}
    smaller = dict(good.classes)
    first = next(iter(smaller))
    smaller[first] -= 1
    with pytest.raises(ValueError):
        DatasetEntry(**{**fields, "classes": smaller})
    DatasetEntry(**fields)  # the entry as shipped is accepted
