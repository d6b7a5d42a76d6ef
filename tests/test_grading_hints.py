"""Hints for a near miss and the grading lock on dtlearn's own files, pinned exactly.

Each hint is checked on both sides of its threshold: a number within 0.005 of the right
one is "close", one 0.0097 away is not; a whole number that is the right one rounded is
"rounded to 0 decimals"; a slip (a wrong sign, nats) is never matched when the right value
is 0; a plausible wrong value within the tolerance of the right one never gives its hint.
The lock refuses every mode that can write, on the package's own files too.
"""

import math

import pytest

from dtlearn.exercises.compare import compare_number
from dtlearn.exercises.homework.autograde import forbidden_files
from dtlearn.exercises.homework.jail_client import Jail, RemoteFunction
from dtlearn.exercises.homework.trial_grading import near_miss, scaled_slip

CLOSE = (
    "close, but not exact: compute it exactly — no small constant added to avoid "
    "log(0), no approximation"
)


def rounded(digits):
    return (
        f"looks rounded to {digits} decimal{'s' if digits != 1 else ''}: do not round "
        f"inside the function (round only when you print)"
    )


@pytest.mark.parametrize(
    "got, want, hint",
    [
        (0.94, 0.9402859586706311, rounded(2)),
        (0.9, 0.9402859586706311, rounded(1)),
        (0.9403, 0.9402859586706311, rounded(4)),
        (3.0, 2.9998, rounded(0)),  # a whole number: the answer rounded to 0 decimals
        (1.0, 0.9999999, CLOSE),  # 1.0 is within 5e-3 but not a rounding (is_close)
        (0.944, 0.9403, CLOSE),  # 0.0037 away: close
        (0.9452, 0.9403, CLOSE),  # 0.0049 away: still close
        (0.95, 0.9403, ""),  # 0.0097 away: not a near miss
        (0.99, 0.9403, ""),
        (0.5, 0.94, ""),
    ],
)
def test_near_miss_thresholds(got, want, hint):
    assert near_miss(got, want) == hint


def test_scaled_slips_never_match_a_right_value_of_zero():
    slips = [(-1.0, "wrong sign"), (math.log(2), "nats")]
    assert scaled_slip(0.0, 0.0, slips) == ""
    assert scaled_slip(-0.0, 0.0, slips) == ""
    assert scaled_slip(-0.94, 0.94, slips) == "wrong sign"
    assert scaled_slip(0.94 * math.log(2), 0.94, slips) == "nats"
    assert scaled_slip(0.5, 0.94, slips) == ""


def test_a_wrong_value_near_the_right_one_gives_no_hint():
    # 1.009 is within tol of the right value: a student near it is not told "hint"
    result = compare_number(1.018, 1.0, what="X", tol=0.01, wrong={1.009: "hint"})
    assert str(result) == "X: failed — not yet right\n  ✗ your answer: 1.018 is not X"
    result = compare_number(1.05, 1.0, what="X", tol=0.01, wrong={1.045: "hint"})
    assert str(result) == "X: failed — not yet right\n  ✗ your answer: 1.05 — hint"


def test_the_nearest_wrong_value_wins():
    result = compare_number(2.004, 1.0, what="X", tol=0.01, wrong={2.0: "far", 2.005: "near"})
    assert str(result).endswith("✗ your answer: 2.004 — near")


@pytest.mark.parametrize(
    "got, want, hint",
    [
        (0.94, 0.9449, "close, but rounded too early: keep at least three decimals"),  # 2 dp
        (0.9, 0.9449, "close, but rounded too early: keep at least three decimals"),  # 1 dp
        (0.95, 0.9449, ""),  # not a rounding
        (1.0, 0.9449, ""),  # whole: no
    ],
)
def test_rounded_too_early_to_one_or_two_decimals(got, want, hint):
    result = compare_number(got, want, what="X", tol=0.001)
    expected = f"{got:g} — {hint}" if hint else f"{got:g} is not X"
    assert str(result) == f"X: failed — not yet right\n  ✗ your answer: {expected}"


def test_an_answer_rounded_to_two_decimals_gets_the_rounding_hint():
    from scipy.stats import entropy

    h = entropy([9, 5], base=2)  # 0.9403
    for rounded in (round(h, 1), round(h, 2)):  # 0.9 and 0.94, both outside tol=1e-4
        result = compare_number(rounded, h, what="H", tol=1e-4)
        assert result.status == "failed"
        assert "rounded too early" in str(result), (rounded, str(result))
    assert "rounded too early" not in str(compare_number(0.93, h, what="H", tol=1e-4))


# ------------------------------------------------------------------ the lock
def _outcome(body):
    with Jail([f"def f(counts):\n    {body}\n"], forbidden_files("hw1")) as jail:
        return RemoteFunction(jail, "f").remote_call([9, 5])


@pytest.mark.parametrize("mode", ["r+", "rb+", "a", "w", "x", "r+b"])
def test_the_lock_refuses_writing_modes_on_dtlearns_own_files(mode):
    outcome = _outcome(f"open(dt.formatting.__file__, {mode!r})\n    return 0.0")
    assert outcome.kind == "error" and "writing files" in outcome.message, outcome


def test_the_lock_refuses_os_open_for_writing_on_dtlearns_own_files():
    outcome = _outcome("import os\n    os.open(dt.formatting.__file__, os.O_RDWR)\n    return 0.0")
    assert outcome.kind == "error" and "writing files" in outcome.message, outcome


def test_the_lock_lets_a_data_file_of_dtlearn_be_read():
    outcome = _outcome(
        "import dtlearn.datasets as d, os\n"
        "    folder = os.path.join(os.path.dirname(d.__file__), 'data')\n"
        "    name = sorted(n for n in os.listdir(folder) if n.endswith('.csv'))[0]\n"
        "    return float(len(open(os.path.join(folder, name)).read()) > 0)"
    )
    assert outcome.kind == "value" and outcome.value == 1.0, outcome
