"""The budgets a student's call runs under: their documented values and where they are read.

``STEP_LIMIT`` is "twenty million lines" of the student's own code, ``TIME_LIMIT`` the
120-second wall-clock cap of last resort (the same 120 s docs/GRADING.md gives a
submission), and once a budget has run out a fast alarm re-raises every 50 ms until the
call has been left. A call without its own limits reads the module's values when it runs.
"""

import dtlearn.exercises.student_call as student_call
from dtlearn.exercises.core import STEP_LIMIT, TIME_LIMIT
from dtlearn.exercises.student_call import run_student


def test_the_documented_budgets():
    assert STEP_LIMIT == 20_000_000 and isinstance(STEP_LIMIT, int)
    assert TIME_LIMIT == 120.0 and isinstance(TIME_LIMIT, float)
    assert student_call._Limits.RETRY == 0.05
    assert (student_call.STEP_LIMIT, student_call.TIME_LIMIT) == (STEP_LIMIT, TIME_LIMIT)


def test_a_call_without_limits_reads_the_modules_step_budget_when_it_runs(monkeypatch):
    def spin():
        while True:
            pass

    monkeypatch.setattr(student_call, "STEP_LIMIT", 500)
    out = run_student(spin)
    assert (out.kind, out.steps) == ("timeout", 500)
    assert out.message == (
        "did not finish: your code ran 500 steps (lines) without returning — is there a loop "
        "that never ends?"
    )
