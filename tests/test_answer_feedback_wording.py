"""Feedback on a by-hand answer, word for word: what is wrong with its type, the
tolerance's edge, the nearest near miss, the sign, rounding, and the choice answers."""

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pandas as pd

from dtlearn.exercises.compare import check_value, combine, compare_choice, compare_number
from dtlearn.exercises.wording import is_close, read_number


def message(result):
    assert len(result.cases) == 1
    return result.cases[0].message


def test_answers_that_are_not_numbers():
    cases = [
        ("0.5", "is the text '0.5': write a number, not a string"),
        (True, "is True (a bool): write a number"),
        (np.bool_(False), "is False (a bool): write a number"),
        ([0.5, 0.5], "is a list of 2 values: give one number"),
        ((1,), "is a tuple of 1 values: give one number"),
        (np.array([1.0, 2.0, 3.0]), "is a ndarray of 3 values: give one number"),
        (pd.Series([1.0]), "is a Series of 1 values: give one number"),
        (1 + 2j, "is a complex number: the log of a negative number?"),
        (10**400, "is an integer too large for a float (401 digits)"),
        ({"a": 1}, "is a dict: give a number"),
    ]
    for answer, text in cases:
        result = compare_number(answer, 0.5, what="p")
        assert result.status == "failed" and result.summary == "not a number", answer
        assert message(result) == text, answer


def test_what_a_student_function_returned():
    assert read_number(None, "f") == (None, "f returned None — did you forget `return`?")
    assert read_number(True, "f") == (None, "f returned True (a bool); return a number")
    assert read_number("1", "f") == (None, "f returned the text '1'; return a number, not a string")
    assert read_number([1, 2], "f") == (
        None,
        "f returned list of 2 values; return one number (did you forget to add the terms up?)",
    )
    assert read_number(1j, "f") == (
        None,
        "f returned a complex number; the log of a negative number?",
    )
    assert read_number(10**400, "f") == (
        None,
        "f returned an integer too large for a float (401 digits)",
    )
    assert read_number(object(), "f") == (None, "f returned a object; return a number")
    assert read_number(np.array(2.5), "f") == (2.5, "")
    assert read_number(np.array([2.5])[0], "f") == (2.5, "")
    assert read_number(Decimal("0.25"), "f") == (0.25, "")
    assert read_number(Fraction(1, 8), "f") == (0.125, "")
    assert read_number(np.array("x"), "f")[0] is None


def test_the_tolerance_is_inclusive():
    # binary fractions: the distances are exact
    assert compare_number(0.75, 0.5, what="p", tol=0.25).passed
    assert not compare_number(0.75 + 2**-20, 0.5, what="p", tol=0.25).passed
    assert compare_number(3, 3, what="n", tol=0).passed
    assert message(compare_number(4, 3, what="n", tol=0)) == "4 is not n"
    assert is_close(1.0, 1.0 + 2**-20) and not is_close(1.0, 1.0 + 2**-19, tol=2**-20)
    assert is_close(0.5, 0.5 + 2**-20, tol=2**-20)


def test_the_nearest_near_miss_wins_and_its_hint_is_shown():
    wrong = {0.30: "far one", 0.32: "near one", float("nan"): "never", float("inf"): "never"}
    result = compare_number(0.318, 0.9, what="p", tol=0.02, wrong=wrong)
    assert message(result) == "0.318 — near one"
    assert message(compare_number(0.301, 0.9, what="p", tol=0.02, wrong=wrong)) == (
        "0.301 — far one"
    )
    # a near miss within tolerance of the answer itself is no near miss
    assert compare_number(0.9, 0.9, what="p", tol=0.02, wrong={0.91: "x"}).passed
    assert message(compare_number(0.925, 0.9, what="p", tol=0.02, wrong={0.91: "x"})) == (
        "0.925 is not p"
    )


def test_sign_and_rounding_hints():
    assert message(compare_number(-0.94, 0.9403, what="H")) == "-0.94 — the sign is wrong"
    assert message(compare_number(0.0, 0.0, what="H")) == "0"
    assert message(compare_number(0.9, 0.9403, what="H", tol=0.001)) == (
        "0.9 — close, but rounded too early: keep at least three decimals"
    )
    assert message(compare_number(0.94, 0.9403, what="H", tol=0.0001)) == (
        "0.94 — close, but rounded too early: keep at least three decimals"
    )
    # a whole number is a wrong idea, not a rounding; three decimals are not "too early"
    assert message(compare_number(1.0, 1.2, what="H", tol=0.001)) == "1 is not H"
    assert message(compare_number(0.94, 0.94037, what="H", tol=0.00001)).endswith(
        "rounded too early: keep at least three decimals"
    )
    assert message(compare_number(0.9404, 0.94037, what="H", tol=0.00001)) == "0.9404 is not H"
    assert message(compare_number(float("inf"), 1.0, what="H")) == (
        "inf — a log of 0 or a division by 0 somewhere?"
    )


def test_choices_and_several_answers():
    options = ["outlook", "humidity", "windy"]
    result = compare_choice("wind", "outlook", what="root", options=options)
    assert result.summary == "not one of the options"
    assert message(result) == "'wind' — choose one of: 'outlook', 'humidity', 'windy'"
    assert message(compare_choice(["x"], "outlook", what="root", options=options)) == (
        "['x'] — choose one of: 'outlook', 'humidity', 'windy'"
    )
    assert message(compare_choice("Windy ", "outlook", what="root", options=options)) == (
        "'Windy ' is not root"
    )
    assert (
        message(
            compare_choice("windy", "outlook", what="root", options=options, wrong={"WINDY": "no"})
        )
        == "'windy' — no"
    )
    assert compare_choice("humidity", {"outlook", "humidity"}, what="root", options=options).passed
    both = combine([compare_number(1, 1, what="a"), compare_number(2, 1, what="b", tol=0)])
    assert (both.status, both.summary) == ("failed", "1 of 2 answers not yet right")
    waiting = combine([compare_number(None, 1, what="a"), compare_number(..., 1, what="b")])
    assert (waiting.status, waiting.summary) == (
        "not yet",
        "put your answer in place of None: a, b",
    )
    right = combine([compare_number(1, 1, what="a")] * 3)
    assert (right.status, right.summary) == ("passed", "all 3 answers right")


def test_check_value_adds_its_hint_to_a_wrong_answer_only():
    assert message(check_value(0.5, 0.994, "H", hint="count the heads")) == (
        "0.5 is not H — count the heads"
    )
    assert message(check_value(0.99, 0.994, "H", hint="count the heads")) == "0.99"


def test_a_zero_dimensional_array_that_is_no_number_is_named_not_measured():
    # len() of a 0-d array raises: the feedback must name its type instead
    assert read_number(np.array("x"), "f") == (None, "f returned a ndarray; return a number")
    assert message(compare_number(np.array("x"), 0.5, what="p")) == "is a ndarray: give a number"
    assert message(compare_number(np.array(1j), 0.5, what="p")) == "is a ndarray: give a number"
