"""What a student reads when the call of their function goes wrong, sentence by sentence.

Each student function is written here; the expected sentence follows from the function
(where it raised, how many lines the budget allowed).
"""

import sys

import pytest

from dtlearn.exercises.student_call import (
    ForbiddenCall,
    Outcome,
    _is_student_file,
    _millions,
    run_student,
)


def inverse(x):
    return 1 / x


def outer(x):
    return inverse(x) + 1


def loop():
    n = 0
    while True:
        n += 1


def test_an_error_names_the_students_innermost_function_and_its_line():
    out = run_student(outer, 0)
    assert (out.kind, out.message) == (
        "error",
        "raised ZeroDivisionError: division by zero (in inverse, at `return 1 / x`)",
    )


def test_only_the_first_line_of_a_long_error_message_is_shown():
    def wordy():
        raise ValueError("first line\nsecond line")

    assert run_student(wordy).message == (
        'raised ValueError: first line (in wordy, at `raise ValueError("first line\\nsecond '
        'line")`)'
    )
    assert run_student(lambda: (_ for _ in ()).throw(KeyError())).message.startswith(
        "raised KeyError"
    )


@pytest.mark.parametrize("limit, words", [(10, "10"), (12_345, "12,345"), (1_000_000, "1 million")])
def test_the_step_budget_stops_an_endless_loop_after_exactly_its_steps(limit, words):
    out = run_student(loop, step_limit=limit)
    assert (out.kind, out.steps) == ("timeout", limit)
    assert out.message == (
        f"did not finish: your code ran {words} steps (lines) without "
        f"returning — is there a loop that never ends?"
    )
    assert _millions(limit) == words
    assert (_millions(999_999), _millions(2_500_000)) == ("999,999", "2.5 million")


def test_a_short_function_reports_the_lines_it_ran():
    def two_lines():
        a = 1
        return a + 1

    out = run_student(two_lines, step_limit=5)
    assert (out.kind, out.value, out.steps) == ("value", 2, 2)


def test_the_wall_clock_cap_names_its_seconds():
    import time

    out = run_student(time.sleep, 5, time_limit=0.2)
    assert (out.kind, out.message) == (
        "timeout",
        "did not finish within 0.2 s — is there a loop that never ends?",
    )


@pytest.mark.parametrize("kwargs", [{"step_limit": 0}, {"time_limit": 0}, {"step_limit": -1}])
def test_limits_must_be_positive(kwargs):
    with pytest.raises(ValueError, match="time_limit and step_limit must be positive"):
        run_student(inverse, 1, **kwargs)


def test_stub_exit_and_recursion_in_words():
    def stub():
        raise NotImplementedError()

    def forever(n):
        return forever(n + 1)

    assert run_student(stub).message == (
        "stub raises NotImplementedError: replace `raise NotImplementedError()` with your code"
    )
    assert run_student(stub).kind == "not yet"
    assert run_student(exit).message == "called exit() (SystemExit): return a value instead"
    assert run_student(forever, 0).kind == "recursion"


@pytest.mark.parametrize(
    "filename, counts",
    [
        ("<frozen importlib._bootstrap>", False),
        ("<doctest x[0]>", True),
        ("<string>", True),
        ("/tmp/ipykernel_123/456.py", True),
        (__file__, True),
        (pytest.__file__, False),
    ],
)
def test_whose_lines_count_against_the_budget(filename, counts):
    assert _is_student_file(filename) is counts


def test_packages_installed_for_the_user_are_library_code(monkeypatch):
    # pip install --user puts pandas below ~/.local: its lines must not use up the budget
    import site

    from dtlearn.exercises import student_call

    user = "/home/student/.local/lib/python3.11/site-packages"
    monkeypatch.setattr(site, "getusersitepackages", lambda: user)
    monkeypatch.setattr(site, "ENABLE_USER_SITE", True)
    assert user + "/" in student_call._library_roots()
    monkeypatch.setattr(site, "ENABLE_USER_SITE", False)
    assert user + "/" not in student_call._library_roots()


def test_outcomes_that_ran_no_line_report_zero_steps():
    def stub():
        raise NotImplementedError()

    assert Outcome("value", 0.94) == Outcome("value", 0.94, "", 0)
    assert Outcome("value").steps == 0 and Outcome("value").message == ""
    out = run_student(stub)
    assert (out.kind, out.value, out.steps) == ("not yet", None, 0)


class RefusesAtOnce:
    """A guard that forbids the call before the student's code starts."""

    def __enter__(self):
        raise ForbiddenCall("no calls of fit here")

    def __exit__(self, *exc):
        return False


def test_a_guard_refusing_before_the_call_leaves_the_limits_untouched():
    import sys

    before = sys.gettrace()
    out = run_student(loop, forbidden=RefusesAtOnce())
    assert out == Outcome("forbidden", None, "no calls of fit here", 0)
    assert sys.gettrace() is before


def test_recursion_is_explained_whole():
    def forever(n):
        return forever(n + 1)

    out = run_student(forever, 0)
    assert (out.kind, out.value) == ("recursion", None)
    assert out.message == (
        "called itself too many times (RecursionError) — does every "
        "call get closer to a stopping case?"
    )
    assert 0 < out.steps < 100_000


def test_a_collection_while_time_is_up_gets_no_stop_raised_in_its_callback():
    import gc
    import time

    calls, swallowed = [], []

    def note(phase, info):
        calls.append(phase)

    hook, threshold = sys.unraisablehook, gc.get_threshold()
    sys.unraisablehook = swallowed.append
    gc.callbacks.append(note)
    gc.set_threshold(1, 1, 1)  # every allocation may start a collection
    try:
        out = run_student(time.sleep, 5, time_limit=0.2)
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(note)
        sys.unraisablehook = hook
    assert out.kind == "timeout" and calls
    assert swallowed == []  # before: the stop raised inside the callback, swallowed by gc
