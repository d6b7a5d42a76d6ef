"""Grading's limits at their edges: what an answer may carry, budgets, step counts in words.

- An answer's string travels whole up to ``1 << 20`` characters and as its type's name
  beyond; an int up to ``2**1000`` as a number, a larger one as its type's name.
- A submission's :class:`Budget` must be positive: 0 seconds would grade nothing.
- The step budget a student's call ran out of is written as a student reads it: commas
  below a million, "N million" from a million on.
"""

import pytest

from dtlearn.exercises.homework.jail_child import plain
from dtlearn.exercises.homework.jail_client import Budget
from dtlearn.exercises.student_call import _millions


def test_a_string_of_exactly_the_limit_travels_whole_one_more_does_not():
    at_limit = "x" * (1 << 20)
    assert plain(at_limit) == {"t": "str", "v": at_limit}
    assert plain(at_limit + "x") == {"t": "other", "type": "str (too long)"}


def test_an_int_up_to_two_to_the_thousand_is_a_number():
    assert plain(2**1000)["t"] == "number"
    assert plain(2**1000)["v"] == float(2**1000)
    assert plain(-(2**1000))["v"] == -float(2**1000)
    assert plain(2**1000 + 1) == {"t": "other", "type": "int (too large)"}


@pytest.mark.parametrize("seconds", [0, -1, 0.0])
def test_a_budget_of_no_time_is_refused(seconds):
    with pytest.raises(ValueError, match="seconds must be positive"):
        Budget(seconds)


def test_a_tiny_budget_is_a_budget():
    assert 0 < Budget(0.5).seconds == 0.5


@pytest.mark.parametrize(
    "steps,words",
    [
        (999_999, "999,999"),
        (100_000, "100,000"),
        (1_000_000, "1 million"),
        (20_000_000, "20 million"),
        (2_500_000, "2.5 million"),
    ],
)
def test_step_counts_in_words(steps, words):
    assert _millions(steps) == words
