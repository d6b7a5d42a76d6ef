"""A homework check's machinery at its boundaries: units, tolerances, groups, verdicts.

- :func:`calibrate` takes a unit only within 1e-6 of its factor (a value just inside and
  just outside), :func:`judge_number` accepts within ``ABS_TOL`` (1e-6) of the answer.
- :func:`task`'s argument checks and :class:`Task`'s groups, seals and seeds.
- :func:`grade`'s verdict for each outcome: a forbidden call (whose implementation), an
  error with its advice, a call that stops the group, a sealed case, the hidden group
  without a secret; run on a stand-in grading child (a ``RemoteFunction`` whose jail
  answers what the test says).
"""

import math

import numpy as np
import pytest

from dtlearn.exercises.homework.jail_client import Budget, RemoteFunction
from dtlearn.exercises.homework.trial_grading import (
    GRADED_LATER,
    SEALED_CALL,
    Task,
    Trial,
    calibrate,
    grade,
    grading_secret,
    in_unit,
    judge_number,
    task,
)
from dtlearn.exercises.library_guard import Forbidden, LibraryGuard
from dtlearn.exercises.results import Case

GUARD = LibraryGuard(Forbidden("the entropy"))
LN2, LG2 = math.log(2), math.log10(2)


def constant(value):
    return lambda *args: value


@pytest.mark.parametrize(
    "got,unit",
    [
        (1.0, (1.0, "bits")),
        (1.0 + 0.9e-6, (1.0, "bits")),
        (LN2, (LN2, "nats (natural log)")),
        (LN2 + 0.9e-6, (LN2, "nats (natural log)")),
        (LN2 - 0.9e-6, (LN2, "nats (natural log)")),
        (LN2 + 1.1e-6, (1.0, "bits")),
        (LN2 - 1.1e-6, (1.0, "bits")),
        (LG2 + 0.9e-6, (LG2, "log10 units")),
        (LG2 + 1.1e-6, (1.0, "bits")),
        (0.5, (1.0, "bits")),
        (-LN2, (1.0, "bits")),
    ],
)
def test_the_unit_is_read_within_a_millionth_of_its_factor(got, unit):
    assert calibrate(constant(got), ([7, 7],), 1.0, GUARD) == unit


def test_the_unit_is_read_as_a_ratio_to_the_right_answer():
    # want 2: the ratio, not the difference, is compared (2 ln 2 is nats)
    assert calibrate(constant(2 * LN2), ([1, 1, 1, 1],), 2.0, GUARD) == (LN2, "nats (natural log)")
    assert calibrate(constant(2 * LN2 + 1.5e-6), ((),), 2.0, GUARD)[1] == "nats (natural log)"
    assert calibrate(constant(2 * LN2 + 2.5e-6), ((),), 2.0, GUARD)[1] == "bits"


def test_no_unit_from_a_failing_call_a_non_number_or_a_zero_answer():
    def broken(counts):
        raise ValueError("no")

    assert calibrate(broken, ([7, 7],), 1.0, GUARD) == (1.0, "bits")
    assert calibrate(constant("0.69"), ([7, 7],), 1.0, GUARD) == (1.0, "bits")
    assert calibrate(constant(LN2), ([7, 7],), 0.0, GUARD) == (1.0, "bits")


def test_a_number_within_a_millionth_is_right():
    judge = judge_number("entropy", 0.5, lambda got: "hint")
    assert judge(0.5 + 0.9e-6) == (True, "0.500001")
    assert judge(0.5 - 0.9e-6)[0]
    assert judge(0.5 + 1.1e-6) == (False, "gave 0.500001 — hint")
    assert judge(np.float64(0.5)) == (True, "0.5")
    assert judge(None)[0] is False and judge([0.5])[0] is False


def test_other_ways_of_being_right_are_tried_in_order():
    first = judge_number("f", 1.0, lambda got: "h", lambda got: "", lambda got: "second")
    assert first(2.0) == (True, "second")
    judge = judge_number("f", 1.0, lambda got: f"hint for {got}", in_unit(1.0, LN2, "nats"))
    assert judge(LN2) == (True, "0.6931 (right, in nats)")
    assert judge(LN2 + 1.1e-6) == (False, f"gave 0.693148 — hint for {LN2 + 1.1e-6}")


def test_a_unit_accepts_within_a_millionth_and_bits_accept_nothing_more():
    accept = in_unit(2.0, LN2, "nats (natural log)", "; say so")
    assert accept(2 * LN2) == "1.3863 (right, in nats (natural log); say so)"
    assert accept(2 * LN2 + 0.9e-6) != ""
    assert accept(2 * LN2 + 1.1e-6) == ""
    assert in_unit(2.0, 1.0, "bits")(2.0) == ""


# ------------------------------------------------------------------- task
@pytest.mark.parametrize("seed", [True, np.bool_(False), 1.0, "3"])
def test_a_seed_must_be_an_int_or_none(seed):
    with pytest.raises(TypeError) as caught:
        task("check_x", len, "all", ("a",), seed, default_name="f")
    assert str(caught.value) == f"seed must be an int or None, got {seed!r}"


def test_which_must_be_all_visible_or_sealed():
    for which in ("all", "visible", "sealed"):
        assert task("c", len, "a", ("a",), 1, default_name="f", which=which).which == which
    with pytest.raises(ValueError) as caught:
        task("c", len, "a", ("a",), 1, default_name="f", which="hidden")
    assert str(caught.value) == "which must be 'all', 'visible' or 'sealed', got 'hidden'"


def test_a_task_s_title_groups_seed_and_name(monkeypatch):
    monkeypatch.delenv("DTLEARN_GRADING_SECRET", raising=False)
    job = task("check_x", object(), "b", ("a", "b", "hidden"), np.int64(4), default_name="g")
    assert job == Task("check_x (b)", ("b",), 4, "g", None, None, "all")
    job = task("c", len, "all", ("a", "hidden", "b"), 4, default_name="g", everything=("b",))
    assert (job.title, job.groups, job.name) == ("c", ("b",), "len")
    assert task("c", len, "all", ("a", "hidden", "b"), 4, default_name="g").groups == ("a", "b")
    assert task("c", len, "hidden", ("a", "hidden"), 4, default_name="g").groups == ("hidden",)


def test_the_secret_comes_from_the_environment_stripped(monkeypatch):
    monkeypatch.setenv("DTLEARN_GRADING_SECRET", "  s3  ")
    assert grading_secret() == "s3"
    monkeypatch.setenv("DTLEARN_GRADING_SECRET", "   ")
    assert grading_secret() is None
    monkeypatch.delenv("DTLEARN_GRADING_SECRET")
    assert grading_secret() is None


def _sha_seed(text):
    """The first four bytes of the SHA-256 of ``text``, big-endian, modulo 2**31."""
    import hashlib

    return int(hashlib.sha256(text.encode()).hexdigest()[:8], 16) % 2**31


def test_the_hidden_and_fresh_seeds_hash_the_secret_and_the_student_s_seed(monkeypatch):
    from dtlearn.exercises.homework.trial_grading import hidden_seed

    monkeypatch.delenv("DTLEARN_GRADING_SECRET", raising=False)
    seeds = [hidden_seed(seed, secret) for seed in range(6) for secret in ("s1", "s2")]
    assert seeds == [
        _sha_seed(f"dtlearn hidden cases\0{secret}\0{seed}")
        for seed in range(6)
        for secret in ("s1", "s2")
    ]
    assert all(0 <= s < 2**31 for s in seeds) and max(seeds) >= 2**30  # the top bit is cut
    job = task("check_entropy", len, "hidden", ("bits", "hidden"), 5, default_name="e", secret="k")
    assert job.hidden == _sha_seed(f"dtlearn hidden cases\0k\0{5}")
    assert job.fresh == _sha_seed(f"dtlearn hidden cases\0fresh\0k\0{5}")
    # a visible part graded: sealed cases but no hidden seed
    job = task("check_entropy", len, "bits", ("bits", "hidden"), 5, default_name="e", secret="k")
    assert (job.hidden, job.fresh) == (None, _sha_seed(f"dtlearn hidden cases\0fresh\0k\0{5}"))
    # the secret from the environment draws hidden cases but no sealed ones
    monkeypatch.setenv("DTLEARN_GRADING_SECRET", "k")
    job = task("check_entropy", len, "hidden", ("bits", "hidden"), 5, default_name="e")
    assert (job.hidden, job.fresh) == (_sha_seed(f"dtlearn hidden cases\0k\0{5}"), None)


def test_which_cases_a_run_shows_seals_and_seeds():
    visible = Task("t", ("a", "hidden"), 3, "f", hidden=11, fresh=12, which="visible")
    closed = Task("t", ("a", "hidden"), 3, "f", hidden=11, fresh=12, which="sealed")
    every = Task("t", ("a", "hidden"), 3, "f", hidden=11, fresh=12)
    assert [visible.shows(g) for g in ("a", "hidden")] == [True, True]
    assert [closed.shows(g) for g in ("a", "hidden")] == [False, True]
    assert [visible.seals(g) for g in ("a", "hidden")] == [False, False]
    assert [closed.seals(g) for g in ("a", "hidden")] == [True, False]
    assert [every.seals(g) for g in ("a", "hidden")] == [True, False]
    unsealed = Task("t", ("a",), 3, "f", which="sealed")
    assert not unsealed.seals("a")
    assert (every.seed_for("a"), every.seed_for("hidden")) == (3, 11)
    assert Task("t", ("hidden",), 3, "f").seed_for("hidden") == 3


# ------------------------------------------------------------------- grade
class StandIn:
    """A grading child that answers every call with the next answer of its list."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.whole = Budget(120)
        self.calls = []

    def call(self, name, args):
        self.calls.append(args)
        return self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]


def remote(*answers, name="entropy"):
    return RemoteFunction(StandIn(*answers), name)


def value(v):
    return {"kind": "value", "value": {"t": "number", "v": float(v), "type": "float"}}


def trials(*args, judge=None, advice=None):
    judge = judge or (lambda v: (v == 1.0, f"gave {v}"))
    return lambda group: [Trial(f"f({a})", (a,), judge, advice or {}) for a in args]


JOB = Task("check_entropy", ("bits",), 3, "entropy")


@pytest.mark.parametrize(
    "message,summary",
    [
        ("calls scipy.stats.entropy, a library's implementation of x", "uses a library's "),
        ("calls dt.entropy, dtlearn's own implementation of x", "uses dtlearn's own "),
    ],
)
def test_a_forbidden_call_fails_the_whole_check_and_says_whose(message, summary):
    fn = remote(value(1), {"kind": "ended", "why": "forbidden\t/f.py\tentropy\tran"})
    fn.words = lambda filename, qualname: message
    result = grade(JOB, fn, GUARD, trials(1, 2, 3))
    assert (result.status, result.summary) == ("failed", summary + "implementation")
    assert result.cases == (Case("f(2)", False, f"entropy {message}"),)
    assert len(fn.jail.calls) == 2


def test_an_error_gets_its_advice_and_a_stopping_one_ends_the_group():
    fn = remote(
        {"kind": "error", "message": "raised KeyError"},
        value(1),
        {"kind": "recursion", "message": "looped"},
        value(1),
    )
    advice = {"error": " (error advice)", "recursion": " (recursion advice)"}
    result = grade(JOB, fn, GUARD, trials(1, 2, 3, 4, advice=advice))
    assert result.cases == (
        Case("f(1)", False, "raised KeyError (error advice)"),
        Case("f(2)", True, "gave 1.0"),
        Case("f(3)", False, "looped (recursion advice)"),
    )
    assert len(fn.jail.calls) == 3


def test_a_timeout_stops_the_group_but_not_the_next():
    timeout = {"kind": "ended", "why": "timeout\twhile your function ran"}
    job = Task("c", ("a", "b"), 3, "entropy")
    fn = remote(timeout, value(1), value(1))
    fn.jail.answers = [timeout, value(1)]
    result = grade(job, fn, GUARD, trials(1, 2))
    assert [c.passed for c in result.cases] == [False, True, True]
    assert result.cases[0].message.startswith("did not finish in time")


def test_a_stub_is_not_yet_at_its_first_call():
    fn = remote(value(1), {"kind": "not yet", "message": "entropy raises NotImplementedError"})
    result = grade(JOB, fn, GUARD, trials(1, 2, 3))
    assert (result.status, result.summary, result.cases) == (
        "not yet",
        "entropy raises NotImplementedError",
        (),
    )


def test_a_sealed_case_says_right_or_wrong_only():
    fn = remote(value(1), value(2), {"kind": "error", "message": "raised KeyError: 'secret'"})
    cases = lambda group: [  # noqa: E731
        Trial(SEALED_CALL, (a,), lambda v: (v == 1.0, f"gave {v}"), {}, True) for a in (1, 2, 3)
    ]
    result = grade(JOB, fn, GUARD, cases)
    assert result.cases == (
        Case(SEALED_CALL, True, "right"),
        Case(SEALED_CALL, False, "wrong (it stays hidden)"),
        Case(SEALED_CALL, False, "wrong (it stays hidden)"),
    )


def test_the_hidden_group_without_a_secret_only_asks_whether_it_is_a_stub():
    job = Task("check_entropy (hidden)", ("hidden",), 3, "entropy")
    stub = remote({"kind": "not yet", "message": "m"})
    result = grade(job, stub, GUARD, trials(1, 2))
    assert (result.status, result.summary) == (
        "not yet",
        "entropy raises NotImplementedError: replace `raise NotImplementedError()` with your code",
    )
    done = remote(value(5))
    result = grade(job, done, GUARD, trials(1, 2))
    assert (result.status, result.summary, result.cases) == ("graded later", GRADED_LATER, ())
    assert done.jail.calls == [(1,)]  # one probe, never judged
    nothing = remote(value(5))
    assert grade(job, nothing, GUARD, lambda group: []).status == "graded later"
    assert nothing.jail.calls == []
    assert GRADED_LATER == (
        "the hidden cases run only when your work is graded: they are drawn from a secret "
        "that only the grading machine has, so this notebook cannot generate, show or check "
        "them (this cell checks nothing here)"
    )


def test_a_tree_the_child_saw_changed_is_marked_on_the_value():
    import dtlearn as dt

    tree = dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_
    answer = {"kind": "value", "value": {"t": "tree", "v": tree.to_json()}, "changed_inputs": [0]}
    seen = []
    judge = lambda v: (seen.append(v.__dict__.get("_dtlearn_input_changed")) or True, "")  # noqa: E731
    grade(JOB, remote(answer), GUARD, trials(1, judge=judge))
    answer = dict(answer, changed_inputs=[])
    grade(JOB, remote(answer), GUARD, trials(1, judge=judge))
    assert seen == [True, None]
