"""``split_from_dict``'s refusals and ``left_categories``' error, whole messages.

``test_split_dict_boundaries.py`` finds each guard's edge; here each refusal's full text,
which a reader of a hand-edited or truncated JSON tree sees, is pinned word for word.
"""

import math

import pytest

from dtlearn.data import Schema
from dtlearn.splits import ThresholdSplit, split_from_dict

SCHEMA = Schema(
    ("x", "colour", "size"),
    ("numeric", "categorical", "categorical"),
    (None, ("red", "green", "blue"), ("S", "M", "L")),
    (False, False, True),
)
KINDS = "['multiway', 'oblique', 'subset', 'threshold']"
T = {"kind": "threshold", "feature": 0, "threshold": 1}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "fork"}, f"expected a dict with kind in {KINDS}, got {{'kind': 'fork'}}"),
        ("threshold", f"expected a dict with kind in {KINDS}, got 'threshold'"),
        ({**T, "feature": 3}, "feature index 3 out of range"),
        ({**T, "feature": True}, "feature index True out of range"),
        (
            {"kind": "multiway", "feature": 0, "n_categories": 3},
            "feature 'x' has the wrong kind for a multiway split",
        ),
        (
            {"kind": "subset", "feature": 0, "left": [0], "right": [1]},
            "feature 'x' has the wrong kind for a subset split",
        ),
        (
            {"kind": "oblique", "columns": [1], "weights": [1.0], "bias": 0},
            "feature 'colour' has the wrong kind for an oblique split",
        ),
        (
            {"kind": "multiway", "feature": 1, "n_categories": 2},
            "n_categories does not match the schema",
        ),
        ({**T, "threshold": math.inf}, "threshold must be finite"),
        (
            {**T, "feature": 1, "threshold": 0},
            "a threshold on 'colour' needs an ordinal feature and a category code",
        ),
        (
            {**T, "feature": 2, "threshold": 3},
            "a threshold on 'size' needs an ordinal feature and a category code",
        ),
        ({**T, "tolerance": 1.0}, "tolerance must be a number in [0, 1)"),
        ({**T, "tolerance": math.nan}, "tolerance must be a number in [0, 1)"),
        (
            {"kind": "subset", "feature": 1, "left": [0, 0], "right": [1]},
            "bad category codes [0, 0]",
        ),
        ({"kind": "subset", "feature": 1, "left": [0], "right": (1,)}, "bad category codes (1,)"),
        (
            {"kind": "subset", "feature": 1, "left": [0, 1], "right": [1]},
            "a category is on both sides of a subset split",
        ),
        (
            {"kind": "oblique", "columns": [0], "weights": [], "bias": 0},
            "oblique weights and columns differ in length",
        ),
        (
            {"kind": "oblique", "columns": [0], "weights": [1.0], "bias": math.inf},
            "oblique weights and bias must be finite",
        ),
        ({"kind": "threshold", "feature": 0}, "malformed threshold split ('threshold')"),
        ({"kind": "multiway", "feature": 1}, "malformed multiway split ('n_categories')"),
        ({"kind": "oblique", "columns": [0], "weights": [1.0]}, "malformed oblique split ('bias')"),
        ({"kind": "subset", "feature": 1, "left": [0]}, "malformed subset split ('right')"),
    ],
)
def test_each_refusal_says_what_is_wrong_in_full(data, message):
    with pytest.raises(ValueError) as info:
        split_from_dict(data, SCHEMA)
    assert str(info.value) == "split: " + message


def test_every_kind_round_trips_through_its_dict():
    for data in [
        {"kind": "multiway", "feature": 1, "n_categories": 3},
        {"kind": "threshold", "feature": 0, "threshold": 2.5},
        {"kind": "threshold", "feature": 0, "threshold": 2.5, "tolerance": 1e-6},
        {"kind": "threshold", "feature": 2, "threshold": 1.0},
        {"kind": "subset", "feature": 1, "left": [2], "right": [0, 1]},
    ]:
        assert split_from_dict(data, SCHEMA).to_dict() == data


def test_a_numeric_threshold_has_no_left_categories():
    with pytest.raises(ValueError) as info:
        ThresholdSplit(0, 1.0).left_categories(SCHEMA)
    assert str(info.value) == (
        "feature 'x' is numeric: its test is a number, not a set of categories"
    )
    assert ThresholdSplit(2, 1.0).left_categories(SCHEMA) == ("S", "M")
    assert ThresholdSplit(2, 0.0).left_categories(SCHEMA) == ("S",)
