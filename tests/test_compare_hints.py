"""A by-hand answer's verdict and hint, and the homework checks' own formulas, by hand.

The formulas' expectations are worked out on the table [[3, 1], [0, 2], [1, 1]] (rows:
values, columns: classes): H(4, 4) = 1; children H(3, 1) = 0.811278, H(0, 2) = 0,
H(1, 1) = 1 with weights 1/2, 1/4, 1/4; split information H(4, 2, 2) = 1.5; Gini
0.5 - (0.5 · 0.375 + 0.25 · 0 + 0.25 · 0.5) = 0.1875.
"""

import math

import numpy as np
import pytest

from dtlearn.exercises.compare import check_value, combine, compare_choice, compare_number
from dtlearn.exercises.homework.check_formulas import entropy_bits, gain_parts, gini_index

H31 = -(0.75 * math.log2(0.75) + 0.25 * math.log2(0.25))


def _message(result):
    return result.cases[0].message if result.cases else result.summary


def test_the_nearest_plausible_wrong_value_gives_its_hint():
    wrong = {0.50: "far one", 0.504: "near one"}
    result = compare_number(0.503, 0.6, what="H", wrong=wrong)
    assert _message(result) == "0.503 — near one"
    assert _message(compare_number(0.5005, 0.6, what="H", wrong=wrong)) == "0.5005 — far one"


def test_a_wrong_value_equal_to_the_right_one_never_hints():
    result = compare_number(0.7, 0.6, what="H", tol=0.1, wrong={0.65: "nats"})
    assert result.status == "passed"
    result = compare_number(0.75, 0.6, what="H", tol=0.1, wrong={0.65: "nats"})
    assert _message(result) == "0.75 is not H"


def test_sign_and_rounding_hints():
    assert _message(compare_number(-0.94, 0.94, what="H")) == "-0.94 — the sign is wrong"
    assert _message(compare_number(0.0, 0.0, what="H")) == "0"
    assert _message(compare_number(0.001, 0.0, what="H", tol=1e-4)) == "0.001 is not H"
    rounded = "close, but rounded too early: keep at least three decimals"
    assert _message(compare_number(0.9, 0.9403, what="H", tol=1e-3)) == f"0.9 — {rounded}"
    assert _message(compare_number(0.94, 0.9403, what="H", tol=1e-4)) == f"0.94 — {rounded}"
    assert _message(compare_number(1.0, 0.96, what="H", tol=1e-3)) == "1 is not H"


def test_tolerance_must_be_finite_and_not_negative():
    with pytest.raises(ValueError, match="tol must be a finite number >= 0"):
        compare_number(0.5, 0.5, what="H", tol=-0.1)
    with pytest.raises(ValueError, match="expected must be a finite number, got"):
        compare_number(0.5, math.inf, what="H")


def test_placeholders_and_what_is_not_a_number():
    assert compare_number(..., 0.5, what="H").status == "not yet"
    assert compare_choice(..., "a", what="x", options=["a", "b"]).status == "not yet"
    assert (
        _message(compare_number([0.5, 0.5], 1.0, what="H"))
        == "is a list of 2 values: give one number"
    )
    assert (
        _message(compare_number("0.5", 0.5, what="H"))
        == "is the text '0.5': write a number, not a string"
    )
    assert _message(compare_number(True, 1.0, what="H")) == "is True (a bool): write a number"
    assert (
        _message(compare_number(math.inf, 1.0, what="H"))
        == "inf — a log of 0 or a division by 0 somewhere?"
    )


def test_combine_counts_answers_not_yet_right():
    right = compare_number(0.5, 0.5, what="a")
    wrong = compare_number(0.1, 0.5, what="b")
    assert combine([right, wrong, wrong]).summary == "2 of 3 answers not yet right"
    assert combine([right, right]).summary == "all 2 answers right"
    waiting = compare_number(None, 0.5, what="c")
    assert combine([right, waiting]).summary == "put your answer in place of None: c"


def test_choices_ignore_case_and_spaces_and_expected_must_be_an_option():
    assert (
        compare_choice("  OutLook ", "outlook", what="x", options=["outlook", "windy"]).status
        == "passed"
    )
    with pytest.raises(ValueError, match="expected must be one of the options"):
        compare_choice("a", {"a", "z"}, what="x", options=["a", "b"])
    tie = compare_choice("b", {"a", "b"}, what="x", options=["a", "b", "c"])
    assert tie.status == "passed"
    wrong = compare_choice(
        "c", {"a", "b"}, what="x", options=["a", "b", "c"], wrong={"C": "that is the last one"}
    )
    assert _message(wrong) == "'c' — that is the last one"


def test_check_value_adds_its_hint_to_a_wrong_answer_only():
    assert (
        check_value(None, 0.5, "H", hint="use 30/55").summary == "put your answer in place of None"
    )
    assert _message(check_value(0.4, 0.5, "H", hint="use 30/55")) == "0.4 is not H — use 30/55"
    assert _message(check_value(0.5, 0.5, "H", hint="use 30/55")) == "0.5"


# ------------------------------------------------------------------ the checks' formulas
def test_entropy_and_gini_of_counts_with_an_empty_class():
    assert entropy_bits([4, 0]) == 0.0 and entropy_bits([2, 2, 0]) == 1.0
    assert entropy_bits([1, 1], log=math.log) == pytest.approx(math.log(2))
    assert gini_index([3, 1]) == 0.375 and gini_index([2, 0]) == 0.0


def test_gain_parts_by_hand():
    parts = gain_parts(np.array([[3.0, 1.0], [0.0, 2.0], [1.0, 1.0]]))
    mean = 0.5 * H31 + 0.25
    assert parts == pytest.approx(
        {
            "gain": 1 - mean,
            "parent": 1.0,
            "mean": mean,
            "split": 1.5,
            "ratio": (1 - mean) / 1.5,
            "gini": 0.1875,
            "unweighted": 1 - (H31 + 1) / 3,
        }
    )


def test_gain_ratio_of_a_lopsided_split_divides_by_a_tiny_split_information():
    parts = gain_parts(np.array([[50000.0, 49999.0], [0.0, 1.0]]))
    assert 0 < parts["split"] < 1e-3
    assert parts["ratio"] == parts["gain"] / parts["split"] > 0
    assert gain_parts(np.array([[3.0, 1.0]]))["ratio"] == 0.0  # one value: no split
