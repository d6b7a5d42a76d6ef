"""compare_number, compare_choice and combine at their exact boundaries.

The tolerance is inclusive (``|got - want| <= tol``); a teacher's wrong value gives its
hint only when the answer is within ``tol`` of it and the wrong value itself is not right;
the sign hint needs a non-zero answer; the rounding hint covers one and two decimals.
"""

import math

import pytest

from dtlearn.exercises.compare import (
    ROUNDING_TOL,
    check_value,
    combine,
    compare_choice,
    compare_number,
)
from dtlearn.exercises.wording import is_close


def message(result):
    return result.cases[0].message


@pytest.mark.parametrize(
    "got, status",
    [
        (1.0 + 0.25, "passed"),
        (1.0 - 0.25, "passed"),  # exactly tol away: binary-exact
        (1.0 + 0.375, "failed"),
        (1.0 - 0.375, "failed"),
    ],
)
def test_tolerance_is_inclusive(got, status):
    assert compare_number(got, 1.0, what="x", tol=0.25).status == status


def test_default_tolerance_is_half_a_hundredth():
    assert ROUNDING_TOL == 0.005
    assert compare_number(0.94, 0.9402859586706311, what="the gain").passed
    assert not compare_number(0.93, 0.9402859586706311, what="the gain").passed


def test_right_answer_message_and_wrong_answer_message():
    right = compare_number(0.5, 0.5, what="the entropy")
    assert (right.status, right.summary, message(right)) == ("passed", "right", "0.5")
    wrong = compare_number(0.75, 0.5, what="the entropy")
    assert (wrong.status, wrong.summary, message(wrong)) == (
        "failed",
        "not yet right",
        "0.75 is not the entropy",
    )


def test_a_wrong_value_hint_needs_the_answer_within_tol_of_it():
    wrong = {2.0: "you used log base e"}
    assert (
        message(compare_number(2.25, 1.0, what="x", tol=0.25, wrong=wrong))
        == "2.25 — you used log base e"
    )
    assert message(compare_number(2.375, 1.0, what="x", tol=0.25, wrong=wrong)) == "2.375 is not x"


def test_a_wrong_value_within_tol_of_the_right_one_never_hints():
    # the answer is wrong (0.5 away from 1) but the "wrong" value 1.25 is right within tol
    result = compare_number(1.5, 1.0, what="x", tol=0.25, wrong={1.25: "too big"})
    assert message(result) == "1.5 is not x"


def test_the_sign_hint_needs_a_non_zero_right_value():
    assert message(compare_number(-0.5, 0.5, what="x")) == "-0.5 — the sign is wrong"
    # right value 0: a tiny wrong answer is not "the sign is wrong"
    assert message(compare_number(0.25, 0.0, what="x", tol=0.25 / 2)) == "0.25 is not x"


@pytest.mark.parametrize("got, want", [(0.9, 0.9402859586706311), (0.94, 0.9438)])
def test_rounded_to_one_or_two_decimals_gets_the_rounding_hint(got, want):
    assert message(compare_number(got, want, what="x", tol=1e-4)).endswith(
        "close, but rounded too early: keep at least three decimals"
    )


def test_rounded_to_three_decimals_is_not_called_rounding():
    assert message(compare_number(0.946, 0.94621, what="x", tol=1e-4)) == "0.946 is not x"


def test_not_finite_and_not_a_number():
    inf = compare_number(math.inf, 1.0, what="x")
    assert (inf.summary, message(inf)) == (
        "not a finite number",
        "inf — a log of 0 or a division by 0 somewhere?",
    )
    text = compare_number("0.5", 0.5, what="x")
    assert (text.summary, message(text)) == (
        "not a number",
        "is the text '0.5': write a number, not a string",
    )


def test_check_value_adds_its_hint_to_a_failure_only():
    assert message(check_value(0.75, 0.5, "p", hint="count again")) == "0.75 is not p — count again"
    assert message(check_value(0.5, 0.5, "p", hint="count again")) == "0.5"


def test_combine_counts_the_wrong_answers():
    ok = compare_number(1, 1, what="a")
    bad = compare_number(2, 1, what="b")
    waiting = compare_number(None, 1, what="c")
    assert combine([ok, ok]).summary == "all 2 answers right"
    assert combine([ok, bad, bad]).summary == "2 of 3 answers not yet right"
    assert combine([ok, bad]).status == "failed"
    both = combine([waiting, bad])
    assert (both.status, both.summary) == ("not yet", "put your answer in place of None: c")


def test_choice_needs_expected_among_the_options():
    with pytest.raises(ValueError, match="expected must be one of the options"):
        compare_choice("a", "z", what="w", options=["a", "b"])
    # every option right is allowed (the expected set may equal the options)
    assert compare_choice("B ", {"a", "b"}, what="w", options=["a", "b"]).passed


def test_choice_hint_and_plain_wrong():
    r = compare_choice(
        "b", "a", what="the root", options=["a", "b", "c"], wrong={"b": "b has the lowest gain"}
    )
    assert message(r) == "'b' — b has the lowest gain"
    assert (
        message(compare_choice("c", "a", what="the root", options=["a", "b", "c"]))
        == "'c' is not the root"
    )


@pytest.mark.parametrize(
    "a, b, close",
    [
        (1.0, 1.0 + 1e-6 / 2, True),
        (1.0, 1.0 + 2e-6, False),
        (math.nan, math.nan, False),
        (math.inf, math.inf, False),
        (-math.inf, 0.0, False),
    ],
)
def test_is_close_is_false_for_anything_not_finite(a, b, close):
    assert is_close(a, b) is close
