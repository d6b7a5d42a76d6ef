"""Every form of rule precondition reads back as the split, branch and rows worked out by hand.

:func:`dtlearn.pruning.rule_conditions.parse_condition` is the reader of what the rule
exports print. Each case below states the expected split, the branch the condition names
and which of a few hand-made rows satisfy it (worked out from the condition's own
arithmetic, not from dtlearn), and the exact text round trip through
:func:`~dtlearn.pruning.rule_conditions.exact_text` is the identity on the tests' texts.
"""

import numpy as np
import pytest

from dtlearn.data import Schema
from dtlearn.pruning.rule_conditions import exact_text, parse_condition
from dtlearn.splits import UNKNOWN, MultiwaySplit, ObliqueSplit, SubsetSplit, ThresholdSplit

SCHEMA = Schema(
    ("outlook", "size", "x0", "x1"),
    ("categorical", "categorical", "numeric", "numeric"),
    (("sunny", "overcast", "rainy"), ("small", "med", "big"), None, None),
    (False, True, False, False),
)
# encoded rows: outlook code, size code, x0, x1
ROWS = np.array(
    [
        [0.0, 0.0, 1.0, 2.0],
        [1.0, 1.0, -4.0, 0.0],
        [2.0, 2.0, 6.0, 20.0],
        [np.nan, np.nan, np.nan, 1.0],
    ]
)


def rows_holding(text):
    return parse_condition(text, SCHEMA).holds(ROWS).tolist()


@pytest.mark.parametrize(
    "text, split, branch, holds",
    [
        ("outlook = sunny", MultiwaySplit(0, 3), 0, [True, False, False, False]),
        ("outlook = rainy", MultiwaySplit(0, 3), 2, [False, False, True, False]),
        ("size <= med", ThresholdSplit(1, 1.0), 0, [True, True, False, False]),
        ("size > small", ThresholdSplit(1, 0.0), 1, [False, True, True, False]),
        ("x0 <= 1", ThresholdSplit(2, 1.0), 0, [True, True, False, False]),
        ("x0 > 1", ThresholdSplit(2, 1.0), 1, [False, False, True, False]),
        (
            "x0 <= 0.5 (tolerance 0.5)",
            ThresholdSplit(2, 0.5, tolerance=0.5),
            0,
            [False, True, False, False],  # 1.0 - 0.5 < 0.5 fails: Weka's smOrEq is strict
        ),
        (
            "outlook in {overcast, rainy}",
            SubsetSplit(0, (1, 2), (0,)),
            0,
            [False, True, True, False],
        ),
        ("x1 unknown", ThresholdSplit(3, 0.0), UNKNOWN, [False, False, False, False]),
        ("outlook unknown", MultiwaySplit(0, 3), UNKNOWN, [False, False, False, True]),
        ("outlook not in {sunny}", SubsetSplit(0, (0,), ()), UNKNOWN, [False, True, True, True]),
    ],
)
def test_each_form_reads_as_its_split_and_branch(text, split, branch, holds):
    c = parse_condition(text, SCHEMA)
    assert (c.split, c.branch) == (split, branch)
    if branch != UNKNOWN or isinstance(split, SubsetSplit):
        assert c.holds(ROWS).tolist() == holds
    if "tolerance" not in text:
        assert str(c) == text


def test_tolerance_sends_values_within_it_left():
    # J48's test (Weka's Utils.smOrEq): x <= t goes left, and so does x - t < tolerance
    rows = np.array([[0.0, 0.0, v, 0.0] for v in (0.25, 0.5, 0.875, 1.0, 1.125)])
    c = parse_condition("x0 <= 0.5 (tolerance 0.5)", SCHEMA)
    assert c.holds(rows).tolist() == [True, True, True, False, False]


@pytest.mark.parametrize("op, branch", [("<=", 0), (">", 1)])
def test_linear_condition_both_sides(op, branch):
    # 0.5·x0 - 0.25·x1 + 3: rows give 0.5 - 0.5 + 3 = 3, -2 - 0 + 3 = 1, 3 - 5 + 3 = 1,
    # nan; a row with 0.5·x0 - 0.25·x1 + 3 = 0 exactly (x0 = -6, x1 = 0) goes left
    text = f"0.5·x0 - 0.25·x1 + 3 {op} 0"
    c = parse_condition(text, SCHEMA)
    assert c.split == ObliqueSplit((2, 3), (0.5, -0.25), 3.0)
    assert c.branch == branch
    rows = np.vstack([ROWS, [[0.0, 0.0, -6.0, 0.0], [0.0, 0.0, -8.0, 0.0]]])
    left = [False, False, False, False, True, True]  # sums 3, 1, 1, nan, 0, -1
    right = [True, True, True, False, False, False]
    assert c.holds(rows).tolist() == (left if op == "<=" else right)
    assert str(c) == text


def test_linear_condition_with_negative_bias_and_three_terms():
    c = parse_condition("2·x0 + 1e-1·x1 - 0.5 > 0", SCHEMA)
    assert c.split == ObliqueSplit((2, 3), (2.0, 0.1), -0.5)
    assert c.branch == 1


@pytest.mark.parametrize("op, branch", [("<=", 0), (">", 1)])
def test_linear_condition_without_a_constant_has_bias_zero(op, branch):
    # 0.5·x0 - 0.25·x1 with no constant: rows give 0.5 - 0.5 = 0, -2, 3 - 5 = -2, nan;
    # (x0 = 0.25, x1 = 0) gives 0.125, (x0 = -0.25, x1 = 0) gives -0.125
    c = parse_condition(f"0.5·x0 - 0.25·x1 {op} 0", SCHEMA)
    assert c.split == ObliqueSplit((2, 3), (0.5, -0.25), 0.0)
    assert c.branch == branch
    rows = np.vstack([ROWS, [[0.0, 0.0, 0.25, 0.0], [0.0, 0.0, -0.25, 0.0]]])
    left = [True, True, True, False, False, True]
    right = [False, False, False, False, True, False]
    assert c.holds(rows).tolist() == (left if op == "<=" else right)
    # one term alone, and a constant of zero written out, read the same
    assert parse_condition("2·x1 > 0", SCHEMA).split == ObliqueSplit((3,), (2.0,), 0.0)
    assert parse_condition("2·x1 + 0 > 0", SCHEMA).split == ObliqueSplit((3,), (2.0,), 0.0)


@pytest.mark.parametrize(
    "text",
    [
        "outlook = overcast",
        "x0 <= 0.1",
        "x1 > 2.5",
        "size <= big",
        "outlook in {sunny, rainy}",
        "0.5·x0 - 0.25·x1 + 3 <= 0",
        "0.5·x0 - 0.25·x1 + 3 > 0",
        "x1 unknown",
        "x0 <= 0.5 (tolerance 1e-06)",
    ],
)
def test_exact_text_round_trip_is_identity(text):
    c = parse_condition(text, SCHEMA)
    assert exact_text(c, SCHEMA) == text
    again = parse_condition(exact_text(c, SCHEMA), SCHEMA)
    assert (again.split, again.branch) == (c.split, c.branch)


@pytest.mark.parametrize(
    "text, message",
    [
        ("wind = strong", "no attribute 'wind'"),
        ("outlook = foggy", "'foggy' is not a value of 'outlook'"),
        ("x0 = 3", "'x0' is numeric; use <= or >"),
        ("outlook <= 3", "'outlook' is categorical; use ="),
        ("size <= huge", "'huge' is not a level of 'size'"),
        ("x0 <= abc", "'abc' is not a number; 'x0' is numeric"),
        ("x0 in {a}", "'x0' is numeric; a set of values needs categories"),
        ("outlook in {sunny, foggy}", "['foggy'] are not values of 'outlook'"),
        ("x0 not in {a}", "'x0' is numeric; a set of values needs categories"),
        ("3 <= 0 ·", "cannot read the linear condition"),
        ("3·q + 1 <= 0", "no attribute 'q'"),
        ("x0 ~ 3", "cannot read the condition 'x0 ~ 3'"),
    ],
)
def test_bad_text_says_what_is_wrong(text, message):
    with pytest.raises(ValueError, match="text: " + __import__("re").escape(message)):
        parse_condition(text, SCHEMA)
