"""CheckResult's score and summarize's verdicts, counted by hand."""

import pytest

from dtlearn.exercises.results import Case, CheckResult, summarize


def test_score_without_cases_is_one_only_when_passed():
    assert CheckResult("x", "passed", "right").score == 1.0
    assert CheckResult("x", "failed", "wrong").score == 0.0
    assert CheckResult("x", "not yet", "put your answer").score == 0.0


def test_score_is_the_share_of_passed_cases():
    cases = (Case("a", True, ""), Case("b", False, "no"), Case("c", True, ""), Case("d", True, ""))
    assert CheckResult("x", "failed", "1 of 4", cases).score == 0.75


@pytest.mark.parametrize(
    "message", ["the call did not finish in 5 s", "raised RecursionError: maximum depth"]
)
def test_summarize_stops_at_a_call_that_did_not_come_back(message):
    result = summarize("f", [Case("a", True, ""), Case("b", False, message)])
    assert (result.status, result.summary) == (
        "failed",
        "stopped at case 2: the call did not come back",
    )


def test_summarize_counts_wrong_cases():
    result = summarize("f", [Case("a", False, "x"), Case("b", True, ""), Case("c", False, "y")])
    assert (result.status, result.summary) == ("failed", "2 of 3 cases wrong")
    assert summarize("f", [Case("a", True, "")]).summary == "all 1 cases right"
