"""A check's result in every form, word for word: text, HTML, plain data, assert_ok.

Each status ("passed", "failed", "not yet", "check error", "graded later") is shown as the
module says: the one-line verdict, then the failed cases (or every case when none failed),
except for the statuses that checked nothing; the HTML colours each status and case; the
score counts passed cases; summarize names a call that did not come back.
"""

import pytest

from dtlearn.exercises.results import Case, CheckFailed, CheckResult, not_yet, summarize

RIGHT = Case("f(1)", True, "1 < 2")
WRONG = Case("f(2)", False, "gave <3>")


def test_text_of_each_status():
    assert str(CheckResult("f", "passed", "all 1 cases right", (RIGHT,))) == (
        "f: passed — all 1 cases right\n  ✓ f(1): 1 < 2"
    )
    assert str(CheckResult("f", "failed", "1 of 2 cases wrong", (RIGHT, WRONG))) == (
        "f: failed — 1 of 2 cases wrong\n  ✗ f(2): gave <3>"
    )
    for status in ("not yet", "check error", "graded later"):
        result = CheckResult("f", status, "why", (RIGHT, WRONG))
        assert str(result) == f"f: {status} — why"
        assert repr(result) == str(result)
        assert result.score == 0.0
    assert str(CheckResult("f", "passed", "right")) == "f: passed — right"


def test_html_of_each_status():
    both = CheckResult("f<x>", "failed", "1 of 2 <wrong>", (RIGHT, WRONG))
    assert both._repr_html_() == (
        "<p><b>f&lt;x&gt;</b>: <b style='color:#cf222e'>failed</b> — 1 of 2 &lt;wrong&gt;</p>"
        "<table>"
        "<tr><td style='color:#1a7f37'>✓</td><td><code>f(1)</code></td>"
        "<td style='text-align:left'>1 &lt; 2</td></tr>"
        "<tr><td style='color:#cf222e'>✗</td><td><code>f(2)</code></td>"
        "<td style='text-align:left'>gave &lt;3&gt;</td></tr>"
        "</table>"
    )
    assert (
        CheckResult("f", "passed", "right", (RIGHT,))
        ._repr_html_()
        .startswith("<p><b>f</b>: <b style='color:#1a7f37'>passed</b> — right</p><table>")
    )
    assert CheckResult("f", "check error", "bad", (RIGHT,))._repr_html_() == (
        "<p><b>f</b>: <b style='color:#8250df'>check error</b> — bad</p>"
    )
    for status in ("not yet", "graded later"):
        assert CheckResult("f", status, "later", (RIGHT,))._repr_html_() == (
            f"<p><b>f</b>: <b style='color:#9a6700'>{status}</b> — later</p>"
        )
    assert CheckResult("f", "failed", "no cases")._repr_html_() == (
        "<p><b>f</b>: <b style='color:#cf222e'>failed</b> — no cases</p>"
    )


def test_plain_data_and_cases():
    result = CheckResult("f", "failed", "1 of 2 cases wrong", (RIGHT, WRONG))
    assert result.to_dict() == {
        "name": "f",
        "status": "failed",
        "summary": "1 of 2 cases wrong",
        "score": 0.5,
        "cases": [
            {"call": "f(1)", "passed": True, "message": "1 < 2"},
            {"call": "f(2)", "passed": False, "message": "gave <3>"},
        ],
    }
    assert result.passed_cases == (RIGHT,) and result.failed_cases == (WRONG,)
    assert not result.passed and CheckResult("f", "passed", "right").passed
    assert str(RIGHT) == "✓ f(1): 1 < 2" and str(WRONG) == "✗ f(2): gave <3>"


def test_assert_ok_raises_the_report_unless_passed(monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    CheckResult("f", "passed", "right").assert_ok()
    later = CheckResult("f", "graded later", "hidden cases")
    later.assert_ok()  # nothing to check in a student's notebook
    with pytest.raises(CheckFailed) as failed:
        CheckResult("f", "failed", "1 of 2 cases wrong", (RIGHT, WRONG)).assert_ok()
    assert str(failed.value) == "f: failed — 1 of 2 cases wrong\n  ✗ f(2): gave <3>"
    assert failed.value._render_traceback_() == [
        "CheckFailed: f: failed — 1 of 2 cases wrong\n  ✗ f(2): gave <3>"
    ]
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    later.assert_ok()
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(CheckFailed, match="^f: graded later — hidden cases$"):
        later.assert_ok()


def test_not_yet_and_summarize():
    assert not_yet("H", "put it here") == CheckResult("H", "not yet", "put it here", ())
    assert summarize("f", []) == CheckResult("f", "passed", "all 0 cases right", ())
    # a call that did not come back stops the check only as the last, failed case
    stuck = Case("f(3)", False, "did not finish in 100000 steps")
    assert summarize("f", [RIGHT, stuck]).summary == "stopped at case 2: the call did not come back"
    assert summarize("f", [stuck, RIGHT]).summary == "1 of 2 cases wrong"
    passed_text = Case("f(4)", True, "did not finish is what it printed")
    assert summarize("f", [passed_text]).summary == "all 1 cases right"
    recursion = Case("f(5)", False, "raised RecursionError")
    assert summarize("f", [recursion]).summary == "stopped at case 1: the call did not come back"
    assert summarize("f", [Case("f(6)", False, "")]).summary == "1 of 1 cases wrong"
    assert summarize("f", [WRONG, RIGHT]) == CheckResult(
        "f", "failed", "1 of 2 cases wrong", (WRONG, RIGHT)
    )
