"""The homework checks: right answers pass; wrong, raising, looping and wrongly typed
student functions get feedback in words (never a traceback), and "not yet" for stubs."""

import math
import threading

from dtlearn import exercises as ex
from dtlearn.exercises import student_call as sandbox


# ---------------------------------------------------------------- student functions
def entropy_nats(counts):
    total = sum(counts)
    return -sum(c / total * math.log(c / total) for c in counts if c > 0)


def entropy_raises(counts):
    return counts["yes"]  # treats the list as a dict


def entropy_loops(counts):
    while True:
        pass


def test_raising_entropy_reports_error_and_line_not_traceback():
    result = ex.check_entropy(entropy_raises)
    text = str(result)
    assert result.status == "failed"
    assert "raised TypeError" in text and 'at `return counts["yes"]' in text
    assert "Traceback" not in text and "File " not in text


def test_looping_entropy_is_stopped(monkeypatch):
    monkeypatch.setattr(sandbox, "STEP_LIMIT", 100_000)
    result = ex.check_entropy(entropy_loops)
    assert result.status == "failed"
    assert "did not finish: your code ran 100,000 steps" in str(result)


def test_time_limit_outside_main_thread_uses_trace(monkeypatch):
    monkeypatch.setattr(sandbox, "TIME_LIMIT", 0.2)
    found = {}
    thread = threading.Thread(target=lambda: found.update(r=ex.run_student(entropy_loops, [1])))
    thread.start()
    thread.join(10)
    assert found["r"].kind == "timeout"


def test_loop_does_not_leave_an_alarm_behind(monkeypatch):
    import signal

    monkeypatch.setattr(sandbox, "TIME_LIMIT", 0.1)
    ex.check_entropy(entropy_loops)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_result_renders_as_html_and_dict():
    result = ex.check_entropy(entropy_nats)
    assert "<table>" in result._repr_html_() and "nats" in result._repr_html_()
    data = result.to_dict()
    assert data["status"] == "failed" and len(data["cases"]) == len(result.cases)


def test_recursion_is_reported():
    def deep(counts):
        return deep(counts)

    assert "RecursionError" in str(ex.check_entropy(deep))


# ---------------------------------------------------------------- hand-computed answers
def test_check_value():
    assert ex.check_value(None, 0.99, "H").status == "not yet"
    assert ex.check_value(0.99, 0.994, "H").passed
    wrong = ex.check_value(0.5, 0.994, "H", hint="count the heads")
    assert "count the heads" in str(wrong) and "0.994" not in str(wrong)
    assert "not a string" in str(ex.check_value("0.99", 0.994, "H"))
