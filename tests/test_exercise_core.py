"""The exercise framework (dtlearn.exercises.core and the modules it gathers): comparing answers without giving the
expected value away, the registry behind ``check("06.2", gap=gap)``, per-student seeds, and
``run_student``'s load-independent step budget."""

import math
import subprocess
import sys
import textwrap
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from dtlearn.exercises import core, lectures
from dtlearn.exercises import registry as registry_module
from dtlearn.exercises.core import (
    CheckResult,
    ForbiddenCall,
    check,
    compare_choice,
    compare_number,
    data,
    register,
    run_student,
    student_seed,
)
from dtlearn.exercises.wording import format_number

H_9_5 = -(9 / 14 * math.log2(9 / 14) + 5 / 14 * math.log2(5 / 14))  # 0.9403 bits


@pytest.fixture()
def registry(monkeypatch):
    """A registry that starts with whatever is loaded and forgets what the test adds."""
    # the lecture checks first: discovered inside the copy, they would be forgotten with it
    # while their modules stay imported (never discovered again by a later test)
    registry_module._discover()
    monkeypatch.setattr(registry_module, "_REGISTRY", dict(registry_module._REGISTRY))
    monkeypatch.setattr(registry_module, "_LOAD_ERRORS", dict(registry_module._LOAD_ERRORS))
    monkeypatch.delenv("DTLEARN_SEED", raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    return registry_module._REGISTRY


def shown(result):
    """Everything a student sees of a result: text and HTML."""
    return str(result) + result._repr_html_()


# ---------------------------------------------------------------- compare_number
@pytest.mark.parametrize(
    "answer",
    [
        0.9403,
        Fraction(9403, 10000),
        Decimal("0.9403"),
        np.float32(0.9403),
        np.float64(0.94),
        np.array(0.9403),
        0.944,
    ],
    ids=repr,
)
def test_number_kinds_accepted(answer):
    assert compare_number(answer, H_9_5, what="H").passed


def test_integer_answers_and_exact_tolerance():
    assert compare_number(np.int64(5), 5, what="leaves", tol=0).passed
    assert compare_number(5, 5.0, what="leaves", tol=0).passed
    assert not compare_number(6, 5, what="leaves", tol=0).passed


@pytest.mark.parametrize("answer", [None, ...])
def test_unanswered_is_not_yet(answer):
    result = compare_number(answer, H_9_5, what="H")
    assert result.status == "not yet" and result.score == 0
    assert "in place of None" in str(result)


@pytest.mark.parametrize(
    "answer, words",
    [
        ("0.94", "not a string"),
        ([0.6, 0.3], "list of 2 values"),
        (True, "a bool"),
        (1j, "complex"),
        (float("nan"), "log of 0"),
        (float("inf"), "log of 0"),
        (10**400, "too large"),
    ],
    ids=repr,
)
def test_non_numbers_are_explained(answer, words):
    result = compare_number(answer, H_9_5, what="H")
    assert result.status == "failed" and words in str(result)


def test_wrong_values_get_their_hint_and_never_the_expected_value():
    nats = H_9_5 * math.log(2)
    gini = 1 - (9 / 14) ** 2 - (5 / 14) ** 2
    wrong = {nats: "that is in nats: use log base 2", gini: "that is the Gini impurity"}
    for answer, hint in [
        (nats, "nats"),
        (gini, "Gini"),
        (-H_9_5, "sign is wrong"),
        (0.9, "rounded too early"),
        (0.5, "is not H"),
    ]:
        result = compare_number(answer, H_9_5, what="H", wrong=wrong)
        assert result.status == "failed" and hint in str(result), (answer, str(result))
        assert "expected" not in shown(result)
        if answer != -H_9_5:  # the student's own number is shown; -0.9403 is theirs
            assert "0.94" not in shown(result), (answer, shown(result))


def test_closeness_alone_is_not_called_rounding():
    # the audit's complaint: "close - do not round" for any answer near the expected value
    assert "round" not in str(compare_number(H_9_5 + 0.02, H_9_5, what="H"))
    assert "round" not in str(compare_number(0, 0.04, what="gain"))  # 0 is an idea, not rounding
    assert "round" in str(compare_number(0.9, H_9_5, what="H"))


def test_non_finite_wrong_values_are_ignored():
    result = compare_number(0.5, H_9_5, what="H", wrong={float("nan"): "x", float("inf"): "y"})
    assert result.status == "failed" and "is not H" in str(result)


def test_a_wrong_value_equal_to_the_expected_one_gives_no_false_hint():
    # with 50/50 counts the plain and weighted averages coincide: no hint may fire then
    result = compare_number(0.5, 0.5, what="x", wrong={0.5: "that is the plain average"})
    assert result.passed


def test_minus_zero_is_never_shown():
    result = compare_number(-0.00001, 0.5, what="gain")
    assert "-0" not in shown(result)
    assert format_number(-1e-9) == "0" and format_number(-0.0) == "0"


@pytest.mark.parametrize(
    "kwargs, name",
    [
        ({"expected": "x"}, "expected"),
        ({"expected": float("nan")}, "expected"),
        ({"tol": -1}, "tol"),
        ({"tol": "x"}, "tol"),
        ({"what": ""}, "what"),
        ({"wrong": {"x": "hint"}}, "wrong"),
    ],
    ids=repr,
)
def test_teacher_mistakes_raise_naming_the_argument(kwargs, name):
    args = {"answer": 0.5, "expected": 0.5, "what": "x", **kwargs}
    with pytest.raises((TypeError, ValueError), match=name):
        compare_number(**args)


# ---------------------------------------------------------------- compare_choice
OPTIONS = ["outlook", "temperature", "humidity", "windy"]


def test_choice_right_wrong_and_ties():
    assert compare_choice(" Outlook ", "outlook", what="root", options=OPTIONS).passed
    assert compare_choice("windy", {"outlook", "windy"}, what="root", options=OPTIONS).passed
    wrong = compare_choice(
        "humidity",
        "outlook",
        what="the root attribute",
        options=OPTIONS,
        wrong={"humidity": "that has the second largest gain"},
    )
    assert wrong.status == "failed" and "second largest" in str(wrong)
    assert "outlook" not in str(wrong)
    plain = compare_choice("windy", "outlook", what="the root attribute", options=OPTIONS)
    assert "'windy' is not the root attribute" in str(plain)


def test_choice_outside_the_options_lists_them():
    result = compare_choice(["outlook"], "outlook", what="root", options=OPTIONS)
    assert result.status == "failed" and "choose one of" in str(result)
    assert compare_choice(None, "outlook", what="root", options=OPTIONS).status == "not yet"


def test_choice_teacher_mistakes():
    with pytest.raises(ValueError, match="expected"):
        compare_choice("a", "z", what="x", options=["a", "b"])
    with pytest.raises(TypeError, match="options"):
        compare_choice("a", "a", what="x", options="ab")


# ---------------------------------------------------------------- CheckResult
def test_score_is_the_share_of_cases_passed():
    cases = tuple(core.Case(f"f({i})", i < 3, "") for i in range(4))
    assert CheckResult("f", "failed", "", cases).score == 0.75
    assert CheckResult("f", "not yet", "").score == 0
    assert CheckResult("f", "check error", "").score == 0
    assert CheckResult("f", "passed", "right").score == 1


def test_assert_ok_returns_none_or_raises_the_report():
    assert CheckResult("f", "passed", "right").assert_ok() is None
    with pytest.raises(AssertionError, match="f: failed — wrong"):
        CheckResult("f", "failed", "wrong").assert_ok()


# ---------------------------------------------------------------- register / check / data
def test_check_runs_the_registered_check_with_the_students_seed(registry, monkeypatch):
    seen = []

    @register("99.1", title="Demo", data=lambda seed: {"counts": [9 + seed, 5]})
    def check_demo(h, *, seed):
        seen.append(seed)
        counts = data("99.1", seed=seed)["counts"]
        n = sum(counts)
        want = -sum(c / n * math.log2(c / n) for c in counts)
        return compare_number(h, want, what="H")

    assert check("99.1", h=H_9_5).passed and seen == [0]
    assert data("99.1") == {"counts": [9, 5]}
    monkeypatch.setenv("DTLEARN_SEED", "3")
    assert data("99.1") == {"counts": [12, 5]}
    assert not check("99.1", h=H_9_5).passed and seen[-1] == 3  # another student's numbers
    result = check("99.1", h=None)
    assert result.status == "not yet" and result.name == "Exercise 99.1 (Demo)"


def test_check_reports_author_mistakes_as_check_errors(registry):
    @register("99.2", title="Two answers")
    def check_two(a, b, c=None):
        return compare_number(a + b, 3, what="a + b")

    assert check("99.2", a=1, b=2).passed
    assert check("99.2", a=1, b=2, c=3).passed  # optional answer
    missing = check("99.2", a=1)
    assert missing.status == "check error" and "takes the answers a, b" in str(missing)
    extra = check("99.2", a=1, b=2, z=3)
    assert extra.status == "check error" and "not z" in str(extra)
    unknown = check("99.7", x=1)
    assert unknown.status == "check error" and "99.2" in str(unknown)
    assert check("99.2", a=None, b=2).status == "not yet"


def test_a_bug_in_a_check_shows_its_type_not_a_traceback(registry):
    @register("99.3", title="Buggy")
    def check_buggy(x):
        return 1 / 0

    @register("99.4", title="Returns a bool")
    def check_bool(x):
        return True

    result = check("99.3", x=1)
    assert result.status == "check error" and "ZeroDivisionError" in str(result)
    assert "Traceback" not in shown(result)
    assert check("99.4", x=1).status == "check error"
    with pytest.raises(AssertionError):
        result.assert_ok()


def test_register_rejects_clashes_and_bad_ids(registry):
    @register("99.5", title="First")
    def check_first(x):
        return compare_number(x, 1, what="x")

    register("99.5", title="First again")(check_first)  # re-running a module is fine

    def check_other(x):
        return compare_number(x, 2, what="x")

    with pytest.raises(ValueError, match="registered twice"):
        register("99.5", title="Other")(check_other)
    for bad in ("6", "06 2", "", 6.2):
        with pytest.raises(ValueError, match="exercise_id"):
            register(bad, title="x")
    with pytest.raises(ValueError, match="no per-student data"):
        data("99.5")


def test_lecture_modules_are_discovered_and_a_broken_one_is_named(registry, tmp_path, monkeypatch):
    (tmp_path / "n98_demo.py").write_text(
        textwrap.dedent("""
        from dtlearn.exercises.core import register, compare_number

        @register("98.1", title="Discovered")
        def check_found(x):
            return compare_number(x, 2.5, what="x")
    """)
    )
    (tmp_path / "n97_broken.py").write_text("1 / 0\n")
    monkeypatch.setattr(lectures, "__path__", [*lectures.__path__, str(tmp_path)])
    for name in ("n98_demo", "n97_broken"):
        monkeypatch.delitem(sys.modules, f"dtlearn.exercises.lectures.{name}", raising=False)
    assert check("98.1", x=2.5).passed
    broken = check("97.1", x=1)
    assert broken.status == "check error"
    assert "n97_broken (ZeroDivisionError" in str(broken)
    assert "98.1" in core.registered()
    for name in ("n98_demo", "n97_broken"):
        sys.modules.pop(f"dtlearn.exercises.lectures.{name}", None)


def test_student_seed(monkeypatch):
    monkeypatch.delenv("DTLEARN_SEED", raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    assert student_seed() == 0
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    alice = student_seed()
    monkeypatch.setenv("JUPYTERHUB_USER", "bob")
    bob = student_seed()
    assert alice != bob and 0 <= alice < 2**31 and 0 <= bob < 2**31
    # stable across processes (no PYTHONHASHSEED dependence)
    other = subprocess.run(
        [sys.executable, "-c", "from dtlearn.exercises import student_seed;print(student_seed())"],
        capture_output=True,
        text=True,
        env={"JUPYTERHUB_USER": "bob", "PYTHONHASHSEED": "123", "PATH": ""},
        check=True,
    )
    assert int(other.stdout) == bob
    monkeypatch.setenv("DTLEARN_SEED", "7")
    assert student_seed() == 7
    monkeypatch.setenv("DTLEARN_SEED", "-1")
    assert student_seed() == 2**31 - 1
    monkeypatch.setenv("DTLEARN_SEED", "group A")
    assert 0 <= student_seed() < 2**31


# ---------------------------------------------------------------- run_student
def forever(x):
    while True:
        x += 1


def forever_swallowing(x):
    while True:
        try:
            while True:
                x += 1
        except BaseException:  # noqa: BLE001 - a student who catches everything
            pass


def recurse(n):
    return recurse(n + 1)


def slow_sum(n):
    total = 0
    for i in range(n):
        total += i * i
    return total


def test_endless_loop_is_reported_after_the_step_budget():
    outcome = run_student(forever, 0, step_limit=50_000)
    assert outcome.kind == "timeout" and outcome.steps == 50_000
    assert "did not finish" in outcome.message and "50,000 steps" in outcome.message


def nested_swallowing(x):
    for _ in range(3):
        try:
            forever_swallowing(x)
        except:  # noqa: E722 - a bare except, as students write it
            pass
    return "escaped"


@pytest.mark.parametrize("fn", [forever_swallowing, nested_swallowing])
def test_a_bare_except_cannot_swallow_the_stop(fn):
    import signal

    before = sys.gettrace()  # None, or coverage's tracer when the suite is measured
    outcome = run_student(fn, 0, step_limit=1_000)
    assert outcome.kind == "timeout" and "1,000 steps" in outcome.message
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, signal.default_int_handler)
    assert sys.gettrace() is before


def test_the_wall_clock_cap_stops_a_loop_that_swallows_everything():
    def sleepy():
        import time

        while True:
            try:
                time.sleep(10)  # no line of student code runs: only the cap can stop it
            except BaseException:  # noqa: BLE001
                pass

    outcome = run_student(sleepy, time_limit=0.3)
    assert outcome.kind == "timeout" and "within 0.3 s" in outcome.message


def test_runaway_recursion_gets_the_recursion_advice():
    outcome = run_student(recurse, 0)
    assert outcome.kind == "recursion"
    assert "called itself too many times" in outcome.message


def test_steps_count_student_lines_only():
    # two lines per iteration (the loop header and the body) + set-up and return
    assert run_student(slow_sum, 1000).steps == 2 * 1000 + 3
    # a long computation inside the library costs the student no steps
    outcome = run_student(lambda: int(np.sort(np.arange(10**6)[::-1])[0]), step_limit=10)
    assert outcome.ok and outcome.value == 0


def test_the_trace_of_the_caller_is_restored():
    def tracer(frame, event, arg):
        return None

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        run_student(forever, 0, step_limit=100)
        assert sys.gettrace() is tracer
    finally:
        sys.settrace(previous)


def test_slow_correct_function_under_load_is_not_called_endless():
    """Three busy processes compete for the cores: the verdict depends on steps, not time."""
    idle = run_student(slow_sum, 300_000)
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(3)]
    try:
        loaded = run_student(slow_sum, 300_000)
        recursion = run_student(recurse, 0)
        loop = run_student(forever, 0, step_limit=200_000)
    finally:
        for process in busy:
            process.kill()
            process.wait()
    assert loaded.ok and loaded.value == sum(i * i for i in range(300_000))
    assert loaded.steps == idle.steps  # the same budget used, whatever the load
    assert loaded.steps < core.STEP_LIMIT / 10
    assert recursion.kind == "recursion"
    assert loop.kind == "timeout" and loop.steps == 200_000


class Guard:
    """A guard as dtlearn.exercises.library_guard builds them: entered and left around the call."""

    def __init__(self, raise_on_exit=False):
        self.raise_on_exit = raise_on_exit
        self.events = []

    def __enter__(self):
        self.events.append("enter")
        return self

    def __exit__(self, *exc):
        self.events.append("exit")
        if self.raise_on_exit:
            raise ForbiddenCall("used dtlearn.entropy: compute the entropy yourself")
        return False


def test_forbidden_calls_are_reported_even_when_swallowed():
    def calls_library(counts):
        raise ForbiddenCall("used dtlearn.entropy: compute the entropy yourself")

    def swallows(counts):
        try:
            return 1.0
        except BaseException:  # noqa: BLE001
            return 0.0

    guard = Guard()
    outcome = run_student(calls_library, [9, 5], forbidden=guard)
    assert outcome.kind == "forbidden" and "compute the entropy yourself" in outcome.message
    assert guard.events == ["enter", "exit"]
    late = run_student(swallows, [9, 5], forbidden=Guard(raise_on_exit=True))
    assert late.kind == "forbidden"
    assert run_student(swallows, [9, 5], forbidden=Guard()).value == 1.0
