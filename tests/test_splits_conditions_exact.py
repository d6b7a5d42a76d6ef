"""Each split family's conditions, routes and boundaries (``dtlearn.splits``), by hand.

Printed numbers follow Weka's ``Utils.doubleToString``: up to 6 decimals for a threshold
and 3 for an oblique test's weights and bias, rounded half away from zero, no trailing
zeros; ``exact=True`` prints the very numbers (and J48's tolerance). Routing sends a row
exactly on a test's boundary left (``<=``); a tolerance sends values strictly less than it
above the threshold left too; missing values go nowhere (-1).
"""

import numpy as np
import pytest

from dtlearn.data import Schema
from dtlearn.splits import (
    UNKNOWN,
    MultiwaySplit,
    ObliqueSplit,
    SubsetSplit,
    ThresholdSplit,
    midpoint,
)

SCHEMA = Schema(
    ("x", "colour", "y", "size"),
    ("numeric", "categorical", "numeric", "categorical"),
    (None, ("red", "green", "blue"), None, ("S", "M", "L")),
    (False, False, False, True),
)


def test_an_oblique_test_prints_three_decimals_and_folds_plus_minus():
    # 0.12345 -> 0.123, 1.23456 -> 1.235 (1234.56 rounds up), -2.0 prints as "- 2"
    split = ObliqueSplit((0, 2), (0.12345, -2.0), 1.23456)
    assert split.conditions(SCHEMA) == ["0.123·x - 2·y + 1.235 <= 0", "0.123·x - 2·y + 1.235 > 0"]
    assert split.conditions(SCHEMA, exact=True) == [
        "0.12345·x - 2·y + 1.23456 <= 0",
        "0.12345·x - 2·y + 1.23456 > 0",
    ]


def test_an_oblique_tests_halves_round_away_from_zero():
    # -0.5 thousandths -> -1 thousandth; -1.5 -> -2: Weka's rounding, not Python's
    split = ObliqueSplit((0,), (-0.0005,), -0.0015)
    assert split.conditions(SCHEMA) == ["-0.001·x - 0.002 <= 0", "-0.001·x - 0.002 > 0"]


def test_a_threshold_prints_six_decimals_unless_exact():
    split = ThresholdSplit(0, 72.1234565)
    assert split.conditions(SCHEMA) == ["x <= 72.123457", "x > 72.123457"]
    assert split.conditions(SCHEMA, exact=True) == ["x <= 72.1234565", "x > 72.1234565"]
    tolerant = ThresholdSplit(0, 72.1234565, tolerance=1e-6)
    assert tolerant.conditions(SCHEMA) == ["x <= 72.123457", "x > 72.123457"]
    assert tolerant.conditions(SCHEMA, exact=True) == [
        "x <= 72.1234565 (tolerance 1e-06)",
        "x > 72.1234565 (tolerance 1e-06)",
    ]


def test_an_ordinal_threshold_names_the_last_category_on_the_left():
    assert ThresholdSplit(3, 1.0).conditions(SCHEMA) == ["size <= M", "size > M"]
    assert ThresholdSplit(3, 1.5).conditions(SCHEMA, exact=True) == ["size <= M", "size > M"]
    assert ThresholdSplit(3, 1.0).left_categories(SCHEMA) == ("S", "M")
    assert ThresholdSplit(3, 0.0).left_categories(SCHEMA) == ("S",)


def test_a_tolerance_sends_values_strictly_within_it_left():
    X = np.array([[2.0], [2.25], [2.5], [2.75], [np.nan], [-np.inf]])
    assert ThresholdSplit(0, 2.0).route(X).tolist() == [0, 1, 1, 1, UNKNOWN, 0]
    tolerant = ThresholdSplit(0, 2.0, tolerance=0.5)
    assert tolerant.route(X).tolist() == [0, 0, 1, 1, UNKNOWN, 0]
    assert tolerant.to_dict() == {
        "kind": "threshold",
        "feature": 0,
        "threshold": 2.0,
        "tolerance": 0.5,
    }
    assert ThresholdSplit(0, 2.0).to_dict() == {"kind": "threshold", "feature": 0, "threshold": 2.0}


def test_an_oblique_route_sends_the_line_itself_left():
    # x - y + 0.5: 0 at (0.5, 1), -0.5 at (0, 1), 0.5 at (1, 1)
    split = ObliqueSplit((0, 1), (1.0, -1.0), 0.5)
    X = np.array([[0.5, 1.0], [0.0, 1.0], [1.0, 1.0], [np.nan, 1.0], [1.0, np.nan]])
    assert split.route(X).tolist() == [0, 0, 1, UNKNOWN, UNKNOWN]
    assert (split.n_branches, split.features) == (2, (0, 1))
    assert split.to_dict() == {
        "kind": "oblique",
        "columns": [0, 1],
        "weights": [1.0, -1.0],
        "bias": 0.5,
    }


def test_subset_and_multiway_tests_name_their_categories():
    subset = SubsetSplit(1, (0, 2), (1,))
    assert subset.conditions(SCHEMA) == ["colour in {red, blue}", "colour = green"]
    assert SubsetSplit(1, (1,), (0, 2)).conditions(SCHEMA) == [
        "colour = green",
        "colour in {red, blue}",
    ]
    assert (subset.n_branches, subset.features) == (2, (1,))
    X = np.array([[0.0, 0.0], [0.0, 1.0], [0.0, 2.0], [0.0, np.nan]])
    assert subset.route(X).tolist() == [0, 1, 0, UNKNOWN]
    multiway = MultiwaySplit(1, 3)
    assert multiway.conditions(SCHEMA) == ["colour = red", "colour = green", "colour = blue"]
    assert (multiway.n_branches, multiway.features) == (3, (1,))
    assert multiway.route(X).tolist() == [0, 1, 2, UNKNOWN]
    assert ThresholdSplit(2, 0.0).features == (2,) and ThresholdSplit(2, 0.0).n_branches == 2


@pytest.mark.parametrize(
    ("low", "high", "threshold"),
    [
        (70.0, 75.0, 72.5),
        (-3.0, -1.0, -2.0),
        (1.0, float(np.nextafter(1.0, 2.0)), 1.0),  # the midpoint would round to high
        (0.0, 5e-324, 0.0),  # halves of the smallest float are 0: below high
    ],
)
def test_midpoint_is_low_whenever_the_half_sum_reaches_high(low, high, threshold):
    assert midpoint(low, high) == threshold
    assert midpoint(np.array([low]), np.array([high])).tolist() == [threshold]
    assert midpoint(low, high) < high
