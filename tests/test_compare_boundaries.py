"""compare_number's rules at their boundaries, with binary fractions (exact distances).

Each rule's edge is tried on both sides: the tolerance, a near miss at exactly ``tol`` from
the answer and from the right value, the sign hint at exactly ``tol`` from ``-want``, the
order in which the hints are tried (near miss, sign, rounding), and the argument checks.
"""

import pytest

from dtlearn.exercises.compare import ROUNDING_TOL, compare_choice, compare_number

TINY = 2**-20


def message(result):
    (case,) = result.cases
    return case.message


def test_the_sign_hint_holds_up_to_exactly_the_tolerance():
    # -0.75 + 0.5 = -0.25: exactly tol away from -want
    assert message(compare_number(-0.75, 0.5, what="x", tol=0.25)) == "-0.75 — the sign is wrong"
    assert message(compare_number(-0.25, 0.5, what="x", tol=0.25)) == "-0.25 — the sign is wrong"
    assert message(compare_number(-0.75 - TINY, 0.5, what="x", tol=0.25)) == (
        "-0.75 is not x"  # shown to 4 decimals
    )
    # at tol 0 only the exact negative
    assert message(compare_number(-3, 3, what="n", tol=0)) == "-3 — the sign is wrong"
    assert message(compare_number(-2, 3, what="n", tol=0)) == "-2 is not n"


def test_a_near_miss_counts_up_to_exactly_the_tolerance():
    wrong = {2.0: "doubled"}
    assert message(compare_number(1.75, 1.0, what="x", tol=0.25, wrong=wrong)) == ("1.75 — doubled")
    assert message(compare_number(2.25, 1.0, what="x", tol=0.25, wrong=wrong)) == ("2.25 — doubled")
    assert message(compare_number(2.25 + TINY, 1.0, what="x", tol=0.25, wrong=wrong)) == (
        "2.25 is not x"
    )
    # a wrong value exactly tol from the right one could be a right answer: never a hint
    assert message(compare_number(1.5, 1.0, what="x", tol=0.25, wrong={1.25: "no"})) == (
        "1.5 is not x"
    )
    # just past tol from the right one it is a near miss again
    assert message(compare_number(1.5, 1.0, what="x", tol=0.25, wrong={1.25 + TINY: "yes"})) == (
        "1.5 — yes"
    )


def test_the_hints_are_tried_near_miss_then_sign_then_rounding():
    # -0.5 is both the negated answer and a listed near miss: the near miss speaks
    assert message(compare_number(-0.5, 0.5, what="x", tol=0.125, wrong={-0.5: "listed"})) == (
        "-0.5 — listed"
    )
    # 0.9 is the answer rounded to one decimal and a near miss: the near miss speaks
    assert message(
        compare_number(0.9, 0.9403, what="x", tol=0.001, wrong={0.9: "a listed slip"})
    ) == ("0.9 — a listed slip")
    # -0.05 is the negated answer and its rounding to two decimals' negation: the sign
    assert message(compare_number(-0.05, 0.05, what="x", tol=0.001)) == (
        "-0.05 — the sign is wrong"
    )


def test_rounding_to_one_or_two_decimals_only_and_never_inside_the_tolerance():
    hint = "close, but rounded too early: keep at least three decimals"
    assert message(compare_number(0.95, 0.9462, what="x", tol=0.001)) == f"0.95 — {hint}"
    assert message(compare_number(0.9, 0.9462, what="x", tol=0.001)) == f"0.9 — {hint}"
    # three decimals, or a neighbour of the two-decimal rounding: no rounding hint
    assert message(compare_number(0.946, 0.94621, what="x", tol=1e-4)) == "0.946 is not x"
    assert message(compare_number(0.94, 0.9462, what="x", tol=0.001)) == "0.94 is not x"
    # rounded to two decimals but within the default tolerance: right
    assert compare_number(0.95, 0.9462, what="x").passed
    assert ROUNDING_TOL == 0.005
    # from 0 the distance is the answer itself, exactly
    assert compare_number(0.005, 0, what="x").passed
    assert not compare_number(0.005 + 1e-12, 0, what="x").passed


def test_argument_checks_name_the_argument():
    with pytest.raises(TypeError, match=r"^expected must be a number, got 'x'$"):
        compare_number(1, "x", what="p")
    with pytest.raises(TypeError, match=r"^expected must be a number, got True$"):
        compare_number(1, True, what="p")
    with pytest.raises(ValueError, match=r"^expected must be a finite number, got nan$"):
        compare_number(1, float("nan"), what="p")
    with pytest.raises(ValueError, match=r"^tol must be a finite number >= 0, got -0.001$"):
        compare_number(1, 1, what="p", tol=-0.001)
    assert compare_number(1, 1, what="p", tol=0.0).passed  # 0 is allowed
    with pytest.raises(TypeError, match=r"^what must be a non-empty str, got ' '$"):
        compare_number(1, 1, what=" ")
    with pytest.raises(TypeError, match=r"^wrong must map numbers to hints, got the key 'a'$"):
        compare_number(1, 1, what="p", wrong={"a": "h"})
    with pytest.raises(TypeError, match=r"^wrong must map numbers to hints, got the key False$"):
        compare_number(1, 1, what="p", wrong={False: "h"})
    with pytest.raises(TypeError, match=r"^what must be a non-empty str, got ''$"):
        compare_choice("a", "a", what="", options=["a"])
    with pytest.raises(
        TypeError, match=r"^options must be a list of admissible answers, got 'ab'$"
    ):
        compare_choice("a", "a", what="w", options="ab")
    with pytest.raises(ValueError, match=r"^options must not be empty$"):
        compare_choice("a", "a", what="w", options=[])
    with pytest.raises(ValueError, match=r"^expected must be one of the options, got 'c'$"):
        compare_choice("a", "c", what="w", options=["a", "b"])


def test_choices_words():
    options = ["yes", "no"]
    right = compare_choice(" YES ", "yes", what="w", options=options)
    assert (right.status, right.summary, message(right)) == ("passed", "right", "' YES '")
    hinted = compare_choice("no", "yes", what="w", options=options, wrong={"NO": "flip it"})
    assert (hinted.summary, message(hinted)) == ("not yet right", "'no' — flip it")
    plain = compare_choice("no", "yes", what="w", options=options)
    assert message(plain) == "'no' is not w"
    tied = compare_choice("no", {"yes", "no"}, what="w", options=options)
    assert tied.passed
    unhashable = compare_choice(["yes"], "yes", what="w", options=options)
    assert (unhashable.summary, message(unhashable)) == (
        "not one of the options",
        "['yes'] — choose one of: 'yes', 'no'",
    )
    waiting = compare_choice(..., "yes", what="w", options=options)
    assert (waiting.status, waiting.summary, waiting.cases) == (
        "not yet",
        "put your answer in place of None",
        (),
    )


def test_a_rounding_counts_up_to_float_noise_of_1e_12_and_no_further():
    # an answer computed as 0.95 with float noise (9.5 / 10, a sum of rounded terms) is
    # still the two-decimal rounding of 0.9462; one 2e-12 away is a different number
    hint = "close, but rounded too early: keep at least three decimals"
    for noisy in (0.95 + 5e-13, 0.95 - 5e-13, 0.95 + 9e-13):
        assert message(compare_number(noisy, 0.9462, what="x", tol=0.001)) == f"0.95 — {hint}"
    for other in (0.95 + 2e-12, 0.95 - 2e-12):
        assert message(compare_number(other, 0.9462, what="x", tol=0.001)) == "0.95 is not x"
