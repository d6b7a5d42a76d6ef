"""A check's result shown whole: text, HTML, plain data and the grade cell's verdict.

Expectations are written out by hand from the documented wording; the "graded later"
status is tried in a student's kernel and in nbgrader's autograde kernel (the environment
variable nbgrader sets there, ``NBGRADER_EXECUTION=autograde``).
"""

import pytest

from dtlearn.exams.question import Question, Table
from dtlearn.exercises.results import Case, CheckFailed, CheckResult, not_yet, summarize

RIGHT, WRONG = Case("f(1)", True, "gave 1"), Case("f(2)", False, "gave 3, not 4")


def test_text_of_a_failed_check_lists_only_the_wrong_cases():
    result = summarize("check_f", [RIGHT, WRONG])
    assert str(result) == "check_f: failed — 1 of 2 cases wrong\n  ✗ f(2): gave 3, not 4"
    assert result.score == 0.5


def test_text_of_a_passed_check_lists_every_case():
    result = summarize("check_f", [RIGHT, Case("f(3)", True, "gave 3")])
    assert str(result) == (
        "check_f: passed — all 2 cases right\n  ✓ f(1): gave 1\n  ✓ f(3): gave 3"
    )


@pytest.mark.parametrize("status", ["not yet", "check error", "graded later"])
def test_text_and_html_of_an_unchecked_result_show_no_cases(status):
    result = CheckResult("check_f", status, "why", (RIGHT, WRONG))
    assert str(result) == f"check_f: {status} — why"
    assert "<table>" not in result._repr_html_()
    assert result.score == 0.0


def test_html_colours_the_verdict_and_every_case():
    html = summarize("check_f", [RIGHT, WRONG])._repr_html_()
    assert html == (
        "<p><b>check_f</b>: <b style='color:#cf222e'>failed</b> — 1 of 2 cases wrong</p>"
        "<table><tr><td style='color:#1a7f37'>✓</td><td><code>f(1)</code></td>"
        "<td style='text-align:left'>gave 1</td></tr>"
        "<tr><td style='color:#cf222e'>✗</td><td><code>f(2)</code></td>"
        "<td style='text-align:left'>gave 3, not 4</td></tr></table>"
    )
    passed = CheckResult("c", "passed", "right")._repr_html_()
    assert passed == "<p><b>c</b>: <b style='color:#1a7f37'>passed</b> — right</p>"


def test_to_dict_gives_graders_the_partial_score():
    assert summarize("check_f", [RIGHT, WRONG, WRONG]).to_dict() == {
        "name": "check_f",
        "status": "failed",
        "summary": "2 of 3 cases wrong",
        "score": 1 / 3,
        "cases": [
            {"call": "f(1)", "passed": True, "message": "gave 1"},
            {"call": "f(2)", "passed": False, "message": "gave 3, not 4"},
            {"call": "f(2)", "passed": False, "message": "gave 3, not 4"},
        ],
    }


def test_a_result_without_cases_scores_by_its_status():
    assert CheckResult("c", "passed", "right").score == 1.0
    assert CheckResult("c", "failed", "wrong").score == 0.0
    assert not_yet("c", "put your answer in place of None").to_dict()["score"] == 0.0


def test_graded_later_passes_in_the_students_kernel_and_fails_in_autograde(monkeypatch):
    later = CheckResult("hidden", "graded later", "run by the grader")
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    assert later.assert_ok() is None
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    assert later.assert_ok() is None
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(CheckFailed, match="^hidden: graded later — run by the grader$"):
        later.assert_ok()


def test_assert_ok_raises_the_report_unless_passed(monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    assert summarize("f", [RIGHT]).assert_ok() is None
    with pytest.raises(CheckFailed) as info:
        summarize("f", [RIGHT, WRONG]).assert_ok()
    assert str(info.value) == "f: failed — 1 of 2 cases wrong\n  ✗ f(2): gave 3, not 4"
    assert info.value._render_traceback_() == [
        "CheckFailed: f: failed — 1 of 2 cases wrong\n  ✗ f(2): gave 3, not 4"
    ]


def test_a_call_that_did_not_finish_stops_the_check_only_when_it_is_last_and_failed():
    stop = Case("f(3)", False, "did not finish: your code ran 20 million steps")
    assert summarize("f", [RIGHT, stop]).summary == "stopped at case 2: the call did not come back"
    assert summarize("f", [stop, RIGHT]).summary == "1 of 2 cases wrong"
    assert (
        summarize("f", [Case("f(4)", False, "did not return a number")]).summary
        == "1 of 1 cases wrong"
    )
    assert summarize("f", []).summary == "all 0 cases right"


# ------------------------------------------------------------------ exam questions
def _numeric(answer=0.5, tolerance=0.01):
    return Question("entropy", "H", "compute H", answer=answer, tolerance=tolerance)


@pytest.mark.parametrize(
    "given, accepted",
    [
        (0.5, True),
        (0.51, True),
        (0.49, True),
        ("0.505", True),
        (0.5101, False),
        (0.4899, False),
        ("half", False),
        (None, False),
        ([0.5], False),
    ],
)
def test_numeric_question_accepts_within_its_tolerance_inclusive(given, accepted):
    assert _numeric().accepts(given) is accepted


def test_a_tolerance_of_zero_accepts_the_answer_itself_and_its_float_neighbours():
    q = _numeric(answer=0.1 + 0.2, tolerance=0.0)
    assert q.accepts(0.3) and q.accepts(0.1 + 0.2) and not q.accepts(0.3001)


def test_the_tolerance_stretches_by_float_noise_of_1e_12_and_no_further():
    # 0.51 computed with float noise is inside a tolerance of 0.01 around 0.5; 2e-12 beyond is not
    q = _numeric()
    assert q.accepts(0.51 + 5e-13) and q.accepts(0.49 - 5e-13) and q.accepts(0.51 + 9e-13)
    assert not q.accepts(0.51 + 2e-12) and not q.accepts(0.49 - 2e-12)


def test_choice_question_accepts_only_its_answer():
    q = Question("root", "root", "which?", answer="b", choices=("a", "b"))
    assert (q.accepts("b"), q.accepts("a"), q.accepts("B"), q.numeric) == (
        True,
        False,
        False,
        False,
    )
    assert Question("root", "root", "which?", answer="a", choices=("a", "b")).answer_text == "a"


def test_question_refuses_an_answer_outside_its_choices_and_a_negative_tolerance():
    with pytest.raises(ValueError, match="not one of the choices"):
        Question("k", "t", "p", answer="c", choices=("a", "b"))
    with pytest.raises(ValueError, match="tolerance must be >= 0"):
        _numeric(tolerance=-0.5)
    with pytest.raises(TypeError, match="needs a numeric answer"):
        Question("k", "t", "p", answer="a")
    with pytest.raises(ValueError, match="rows must each have 2 cells"):
        Table(("a", "b"), (("1",),))
    with pytest.raises(ValueError, match="rows must each have 2 cells"):
        Table(("a", "b"), (("1", "2", "3"),))


def test_answer_text_to_four_decimals_and_to_dict():
    q = _numeric(answer=0.940286, tolerance=0.005)
    assert q.answer_text == "0.9403"
    d = Question(
        "k",
        "t",
        "p",
        tables=(Table(("class", "n"), (("yes", "9"),), "counts"),),
        answer=2.0,
        tolerance=0.0,
    ).to_dict()
    assert d == {
        "kind": "k",
        "title": "t",
        "prompt": "p",
        "tables": [{"caption": "counts", "header": ["class", "n"], "rows": [["yes", "9"]]}],
        "answer": 2.0,
        "tolerance": 0.0,
        "choices": [],
        "solution": "",
        "picture_svg": None,
        "data": {},
    }
