"""Every guard of ``split_from_dict`` at its edge: the last value it accepts, the first it refuses.

A tree read from JSON is only as trustworthy as these checks (a hand-edited or truncated
file must fail with a ``ValueError`` that says what is wrong, never build a split that routes
rows to a branch that does not exist). The schema below is written by hand: a numeric
column, a nominal column with 3 categories and an ordinal one with 3.
"""

import pytest

from dtlearn.data import Schema
from dtlearn.splits import (
    MultiwaySplit,
    ObliqueSplit,
    SubsetSplit,
    ThresholdSplit,
    split_from_dict,
)

SCHEMA = Schema(
    ("x", "colour", "size"),
    ("numeric", "categorical", "categorical"),
    (None, ("red", "green", "blue"), ("S", "M", "L")),
    (False, False, True),
)


@pytest.mark.parametrize(
    ("data", "want"),
    [
        ({"kind": "multiway", "feature": 1, "n_categories": 3}, MultiwaySplit(1, 3)),
        ({"kind": "threshold", "feature": 0, "threshold": -2.5}, ThresholdSplit(0, -2.5)),
        # an ordinal threshold may be any code from 0 up to (not including) the last
        ({"kind": "threshold", "feature": 2, "threshold": 0}, ThresholdSplit(2, 0.0)),
        ({"kind": "threshold", "feature": 2, "threshold": 2.9}, ThresholdSplit(2, 2.9)),
        (
            {"kind": "threshold", "feature": 0, "threshold": 1, "tolerance": 0.0},
            ThresholdSplit(0, 1.0),
        ),
        (
            {"kind": "threshold", "feature": 0, "threshold": 1, "tolerance": 0.999},
            ThresholdSplit(0, 1.0, tolerance=0.999),
        ),
        (
            {"kind": "subset", "feature": 1, "left": [0], "right": [1, 2]},
            SubsetSplit(1, (0,), (1, 2)),
        ),
        (
            {"kind": "subset", "feature": 1, "left": [2, 0], "right": [1]},
            SubsetSplit(1, (2, 0), (1,)),
        ),
        (
            {"kind": "oblique", "columns": [0], "weights": [1.5], "bias": -3},
            ObliqueSplit((0,), (1.5,), -3.0),
        ),
    ],
)
def test_the_edge_values_each_guard_accepts(data, want):
    assert split_from_dict(data, SCHEMA) == want


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "fork", "feature": 0}, "expected a dict with kind"),
        ([("kind", "threshold")], "expected a dict with kind"),
        # feature indices: 0 .. 2, ints only (a bool is not an index)
        ({"kind": "threshold", "feature": 3, "threshold": 1}, "feature index 3 out of range"),
        ({"kind": "threshold", "feature": -1, "threshold": 1}, "feature index -1 out of range"),
        ({"kind": "threshold", "feature": True, "threshold": 1}, "feature index True"),
        ({"kind": "threshold", "feature": 1.0, "threshold": 1}, "feature index 1.0"),
        # the kind of column each split needs
        ({"kind": "multiway", "feature": 0, "n_categories": 3}, "wrong kind for a multiway"),
        ({"kind": "subset", "feature": 0, "left": [0], "right": [1]}, "wrong kind for a subset"),
        (
            {"kind": "oblique", "columns": [1], "weights": [1.0], "bias": 0},
            "wrong kind for an oblique",
        ),
        # multiway: exactly the schema's number of categories
        ({"kind": "multiway", "feature": 1, "n_categories": 2}, "n_categories does not match"),
        ({"kind": "multiway", "feature": 1, "n_categories": 4}, "n_categories does not match"),
        # thresholds: finite; on a categorical column only an ordinal one, codes 0 <= t < 3
        ({"kind": "threshold", "feature": 0, "threshold": float("inf")}, "must be finite"),
        ({"kind": "threshold", "feature": 0, "threshold": float("nan")}, "must be finite"),
        ({"kind": "threshold", "feature": 1, "threshold": 0}, "needs an ordinal feature"),
        ({"kind": "threshold", "feature": 2, "threshold": 3}, "needs an ordinal feature"),
        ({"kind": "threshold", "feature": 2, "threshold": -0.5}, "needs an ordinal feature"),
        # tolerance in [0, 1)
        (
            {"kind": "threshold", "feature": 0, "threshold": 1, "tolerance": 1.0},
            "tolerance must be a number in",
        ),
        (
            {"kind": "threshold", "feature": 0, "threshold": 1, "tolerance": -1e-9},
            "tolerance must be a number in",
        ),
        # subsets: non-empty lists of distinct codes 0 .. 2, no code on both sides
        ({"kind": "subset", "feature": 1, "left": [], "right": [0]}, "bad category codes"),
        ({"kind": "subset", "feature": 1, "left": [0, 0], "right": [1]}, "bad category codes"),
        ({"kind": "subset", "feature": 1, "left": [0], "right": [3]}, "bad category codes"),
        ({"kind": "subset", "feature": 1, "left": [-1], "right": [1]}, "bad category codes"),
        ({"kind": "subset", "feature": 1, "left": [False], "right": [1]}, "bad category codes"),
        ({"kind": "subset", "feature": 1, "left": (0,), "right": [1]}, "bad category codes"),
        ({"kind": "subset", "feature": 1, "left": [0, 1], "right": [1]}, "on both sides"),
        # oblique: as many finite weights as columns, at least one, a finite bias
        ({"kind": "oblique", "columns": [], "weights": [], "bias": 0}, "differ in length"),
        ({"kind": "oblique", "columns": [0], "weights": [1.0, 2.0], "bias": 0}, "differ in length"),
        (
            {"kind": "oblique", "columns": [0], "weights": [float("inf")], "bias": 0},
            "must be finite",
        ),
        (
            {"kind": "oblique", "columns": [0], "weights": [1.0], "bias": float("nan")},
            "must be finite",
        ),
        # a missing key names the kind
        ({"kind": "threshold", "feature": 0}, "malformed threshold split"),
        ({"kind": "subset", "feature": 1, "left": [0]}, "malformed subset split"),
    ],
)
def test_the_first_values_each_guard_refuses(data, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        split_from_dict(data, SCHEMA)
