# About 420 logical lines: one idea, how every homework check grades: tasks, trials, the grade loop and the number judges all checks share.
"""How every homework check grades: the student's function called on trials, one verdict each.

A check describes its cases as :class:`Trial` values (how the call reads, its arguments,
a judge of the returned value, advice for a failure) in named groups, the parts a grade
cell can ask for. :func:`grade` runs them all through
:func:`~dtlearn.exercises.student_call.run_student` under the check's guard, in the same way
for every check: a stub is "not yet", a forbidden call fails the whole check with the
guard's sentence, an error or an endless loop fails the case (and a call that did not
come back ends its group), and the judge decides the rest.

Examples
--------
>>> from dtlearn.exercises.library_guard import Forbidden, LibraryGuard
>>> job = task("check_double", lambda x: 2 * x, "all", ("easy", "hidden"), 0,
...            default_name="double")
>>> def trials(group):
...     for x in (1, 2.5):
...         yield Trial(f"double({x})", (x,), lambda got, x=x: (got == 2 * x, repr(got)))
>>> print(grade(job, lambda x: 2 * x, LibraryGuard(Forbidden("doubling")), trials))
check_double: passed — all 2 cases right
  ✓ double(1): 2
  ✓ double(2.5): 5.0
"""

from __future__ import annotations

import hashlib
import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..library_guard import LibraryGuard
from ..registry import student_seed
from ..results import Case, CheckResult, not_yet, summarize
from ..student_call import run_student
from ..wording import format_number, is_close, read_number, show_exact

__all__ = [
    "GRADED_LATER",
    "SEALED_CALL",
    "SECRET_VARIABLE",
    "Task",
    "Trial",
    "calibrate",
    "call_student",
    "grade",
    "grading_secret",
    "hidden_seed",
    "in_unit",
    "judge_number",
    "near_miss",
    "scaled_slip",
    "sealed",
    "task",
]

SECRET_VARIABLE = "DTLEARN_GRADING_SECRET"
"""The environment variable that holds the grading secret on the grading machine."""

GRADED_LATER = (
    "the hidden cases run only when your work is graded: they are drawn from a "
    "secret that only the grading machine has, so this notebook cannot "
    "generate, show or check them (this cell checks nothing here)"
)


def grading_secret() -> str | None:
    """The grading secret from ``DTLEARN_GRADING_SECRET``, or None (a student's machine).

    Examples
    --------
    >>> import os
    >>> grading_secret() == (os.environ.get("DTLEARN_GRADING_SECRET", "").strip() or None)
    True
    """
    return os.environ.get(SECRET_VARIABLE, "").strip() or None


def hidden_seed(seed: int, secret: str) -> int:
    """The seed of one student's hidden cases: a hash of the grading secret and their seed.

    Without the secret nobody can tell which cases are drawn; with it each student's
    hidden cases are their own.

    Examples
    --------
    >>> hidden_seed(0, "s1") == hidden_seed(0, "s1") != hidden_seed(0, "s2")
    True
    """
    digest = hashlib.sha256(f"dtlearn hidden cases\0{secret}\0{int(seed)}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % (2**31)


def call_student(fn: Callable, *args: Any, forbidden: LibraryGuard | None = None) -> Any:
    """Call the student's function here (under ``forbidden``) or in the grading child.

    In the grading child when ``fn`` is a
    :class:`~dtlearn.exercises.homework.jail_client.RemoteFunction`.

    Examples
    --------
    >>> call_student(lambda x: 2 * x, 21).value
    42
    """
    if _remote(fn):
        return fn.remote_call(*args)
    return run_student(fn, *args, forbidden=forbidden)


def _remote(fn: Any) -> bool:
    from .jail_client import RemoteFunction

    return type(fn) is RemoteFunction


_STOPPING = ("timeout", "recursion", "forbidden")
"""Outcomes after which a group stops calling the function (the next call would fail too)."""

Judge = Callable[[Any], "tuple[bool, str]"]


@dataclass(frozen=True)
class Task:
    """One run of a homework check: its title, the groups of cases, the seed, the name.

    Attributes
    ----------
    title : str
        ``"check_entropy"``, or ``"check_entropy (edge)"`` for one part.
    groups : tuple of str
        The groups of cases to run, in order.
    seed : int
        The seed of the random cases (the student's, unless given).
    name : str
        How the messages name the student's function.
    """

    title: str
    groups: tuple[str, ...]
    seed: int
    name: str
    hidden: int | None = None
    fresh: int | None = None
    which: str = "all"

    def shows(self, group: str) -> bool:
        """Whether this run calls the visible cases of ``group``."""
        return self.which != "sealed" or group == "hidden"

    def seals(self, group: str) -> bool:
        """Whether this run adds sealed cases to ``group`` (a visible group, when graded)."""
        return self.fresh is not None and group != "hidden" and self.which != "visible"

    def seed_for(self, group: str) -> int:
        """The seed of a group's random cases (the hidden seed for ``"hidden"``)."""
        return self.hidden if group == "hidden" and self.hidden is not None else self.seed


def task(
    check: str,
    fn: Callable,
    part: Any,
    groups: Sequence[str],
    seed: Any,
    *,
    default_name: str,
    everything: Sequence[str] | None = None,
    secret: str | None = None,
    which: str = "all",
) -> Task:
    """Read a check's arguments: which groups ``part`` stands for, the seed, the titles.

    Parameters
    ----------
    check : str
        The check's name, for the title and error messages.
    fn : callable
        The student's function (its ``__name__`` names it in the messages).
    part : str
        ``"all"`` or one of ``groups``.
    groups : sequence of str
        The check's groups; ``"hidden"`` is only run when asked for by name.
    seed : int or None
        ``None`` for :func:`~dtlearn.exercises.registry.student_seed`.
    default_name : str
        The name used when ``fn`` has none.
    everything : sequence of str, optional
        The groups ``"all"`` runs (default: every group but ``"hidden"``).
    secret : str, optional
        The grading secret (default :func:`grading_secret`); without one the hidden
        group is "graded later". Given explicitly (by the grader), visible groups also
        get sealed cases.
    which : {"all", "visible", "sealed"}
        The grader runs a visible part twice, in two processes: its visible cases (whose
        feedback the student sees) and its sealed cases (only right or wrong), so the
        student's code never holds a sealed input while its answers are shown.

    Returns
    -------
    Task

    Raises
    ------
    ValueError
        If ``part`` is not ``"all"`` or one of ``groups``.
    TypeError
        If ``seed`` is not an int or None.

    Examples
    --------
    >>> job = task("check_entropy", len, "all", ("bits", "edge", "hidden"), 3,
    ...            default_name="entropy")
    >>> job.title, job.groups, job.seed, job.name, job.hidden
    ('check_entropy', ('bits', 'edge'), 3, 'len', None)
    >>> task("check_entropy", len, "nats", ("bits",), 3, default_name="entropy")
    Traceback (most recent call last):
    ValueError: part must be 'all' or one of ['bits'] for check_entropy, got 'nats'
    """
    names = tuple(groups)
    if part == "all":
        chosen = (
            tuple(everything)
            if everything is not None
            else tuple(g for g in names if g != "hidden")
        )
    elif part in names:
        chosen = (part,)
    else:
        raise ValueError(f"part must be 'all' or one of {list(names)} for {check}, got {part!r}")
    if seed is None:
        seed = student_seed()
    elif isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an int or None, got {seed!r}")
    title = check if part == "all" else f"{check} ({part})"
    graded = secret is not None  # given by the grader, not read from the environment
    secret = secret if graded else grading_secret()
    hidden = hidden_seed(int(seed), secret) if secret and "hidden" in chosen else None
    fresh = hidden_seed(int(seed), f"fresh\0{secret}") if graded and secret else None
    if which not in ("all", "visible", "sealed"):
        raise ValueError(f"which must be 'all', 'visible' or 'sealed', got {which!r}")
    return Task(
        title, chosen, int(seed), getattr(fn, "__name__", default_name), hidden, fresh, which
    )


@dataclass(frozen=True)
class Trial:
    """One call of the student's function and how to judge what it returns.

    Attributes
    ----------
    call : str
        The call as a student would write it, e.g. ``"entropy([9, 5])"``.
    args : tuple
        The arguments (fresh copies: the student's function may change them).
    judge : callable
        ``value -> (passed, message)`` for a returned value.
    advice : mapping
        Outcome kind (``"error"``, ``"recursion"``, ...) to a text added to the message of
        a call that failed that way.
    """

    call: str
    args: tuple
    judge: Judge
    advice: Mapping[str, str] = field(default_factory=dict)
    sealed: bool = False


SEALED_CALL = "a further case drawn when graded"
"""How a sealed case reads in a verdict (its input stays hidden)."""


def sealed(trials: Iterable[Trial]) -> Iterable[Trial]:
    """The same trials, sealed: their verdicts say right or wrong and nothing else.

    The grader adds sealed cases of the same kind as a part's visible ones (drawn from the
    grading secret), so answers looked up for the visible inputs do not earn the part.

    Examples
    --------
    >>> [t.call for t in sealed([Trial("f(1)", (1,), lambda v: (v == 1, ""))])]
    ['a further case drawn when graded']
    """
    for trial in trials:
        yield Trial(SEALED_CALL, trial.args, trial.judge, {}, True)


def grade(
    job: Task, fn: Callable, guard: LibraryGuard, trials: Callable[[str], Iterable[Trial]]
) -> CheckResult:
    """Call ``fn`` on every trial of every group of ``job`` and sum up the verdicts.

    Parameters
    ----------
    job : Task
        The title, groups and name (from :func:`task`).
    fn : callable
        The student's function.
    guard : LibraryGuard
        Entered around every call; a forbidden call fails the whole check.
    trials : callable
        ``group -> iterable of Trial``; it is iterated lazily, so a group can first
        calibrate on the student's function (see :func:`calibrate`).

    Returns
    -------
    CheckResult
        "not yet" for a stub, "failed" with the guard's sentence for a forbidden call,
        otherwise one case per call (see :func:`~dtlearn.exercises.results.summarize`).

    Examples
    --------
    >>> from dtlearn.exercises.library_guard import Forbidden
    >>> def stub(x):
    ...     raise NotImplementedError()
    >>> job = task("check_stub", stub, "all", ("only",), 0, default_name="stub")
    >>> print(grade(job, stub, LibraryGuard(Forbidden("it")),
    ...             lambda group: [Trial("stub(1)", (1,), lambda v: (True, ""))]))
    check_stub: not yet — stub raises NotImplementedError: replace `raise NotImplementedError()` with your code
    """
    cases: list[Case] = []
    for group in job.groups:
        if group == "hidden" and job.hidden is None:
            # no secret: only ask whether the function is still a stub (on a case drawn
            # from the student's own seed, never shown), so an unfinished one is "not yet"
            probe = next(iter(trials(group)), None)
            if (
                probe is not None
                and call_student(fn, *probe.args, forbidden=guard).kind == "not yet"
            ):
                return not_yet(
                    job.title,
                    f"{job.name} raises NotImplementedError: replace "
                    f"`raise NotImplementedError()` with your code",
                )
            return CheckResult(job.title, "graded later", GRADED_LATER)
        for trial in trials(group):
            outcome = call_student(fn, *trial.args, forbidden=guard)
            if outcome.kind == "not yet":
                return not_yet(job.title, outcome.message)
            if outcome.kind == "forbidden":
                whose = (
                    "uses a library's implementation"
                    if "a library's" in outcome.message
                    else "uses dtlearn's own implementation"
                )
                return CheckResult(
                    job.title,
                    "failed",
                    whose,
                    (Case(trial.call, False, f"{job.name} {outcome.message}"),),
                )
            if not outcome.ok:
                cases.append(
                    Case(
                        trial.call,
                        False,
                        "wrong (it stays hidden)"
                        if trial.sealed
                        else outcome.message + trial.advice.get(outcome.kind, ""),
                    )
                )
                if outcome.kind in _STOPPING:
                    break
                continue
            value = outcome.value
            if _remote(fn) and fn.changed_inputs and hasattr(value, "__dict__"):
                value.__dict__["_dtlearn_input_changed"] = True  # seen in the grading child
            passed, message = trial.judge(value)
            if trial.sealed:
                message = "right" if passed else "wrong (it stays hidden)"
            cases.append(Case(trial.call, passed, message))
    return summarize(job.title, cases)


def judge_number(
    name: str, want: float, hint: Callable[[float], str], *also: Callable[[float], str]
) -> Judge:
    """A judge for a function that returns one number: exact, accepted otherwise, or a hint.

    Parameters
    ----------
    name : str
        The student's function's name, for a value that is not a number.
    want : float
        The right value (never shown).
    hint : callable
        ``got -> str``: what is wrong with a wrong number.
    *also : callable
        ``got -> str``: each accepts a number in its own way (another log base, the right
        formula applied to the student's own wrong entropy) by returning the message
        (``""`` to decline); tried in order.

    Returns
    -------
    callable
        ``value -> (passed, message)``.

    Examples
    --------
    >>> judge = judge_number("entropy", 1.0, lambda got: "use log base 2")
    >>> judge(1), judge(0.6931471805599453), judge("1")[0]
    ((True, '1'), (False, 'gave 0.693147 — use log base 2'), False)
    """

    def judge(value: Any) -> tuple[bool, str]:
        got, problem = read_number(value, name)
        if got is None:
            return False, problem
        if is_close(got, want):
            return True, show_exact(got)
        for accept in also:
            message = accept(got)
            if message:
                return True, message
        return False, f"gave {show_exact(got)} — {hint(got)}"

    return judge


def in_unit(want: float, factor: float, unit: str, note: str = "") -> Callable[[float], str]:
    """Accept an answer in bits times ``factor`` (a function consistently in ``unit``).

    Parameters
    ----------
    want : float
        The right value in bits.
    factor, unit : float, str
        The student's unit (from :func:`calibrate`); bits (factor 1) accept nothing more.
    note : str
        Added to the message after the unit.

    Returns
    -------
    callable
        ``got -> message`` (``""`` when ``got`` is not ``want`` in that unit).

    Examples
    --------
    >>> in_unit(1.0, math.log(2), "nats (natural log)")(0.6931471805599453)
    '0.6931 (right, in nats (natural log))'
    >>> in_unit(1.0, 1.0, "bits")(1.0)
    ''
    """

    def accept(got: float) -> str:
        if factor != 1.0 and is_close(got, want * factor):
            return f"{format_number(got)} (right, in {unit}{note})"
        return ""

    return accept


_UNITS = ((1.0, "bits"), (math.log(2), "nats (natural log)"), (math.log10(2), "log10 units"))


def calibrate(fn: Callable, args: tuple, want: float, guard: LibraryGuard) -> tuple[float, str]:
    """The log base the student's function works in, from one call with a known answer.

    Parameters
    ----------
    fn : callable
        The student's function.
    args : tuple
        A call whose answer in bits is ``want``.
    want : float
        That answer.
    guard : LibraryGuard
        Entered around the call.

    Returns
    -------
    tuple of (float, str)
        The factor from bits and the unit's name; ``(1.0, "bits")`` when the call fails or
        the unit is none of bits, nats and log10 units.

    Examples
    --------
    >>> from dtlearn.exercises.library_guard import Forbidden
    >>> calibrate(lambda c: 0.6931471805599453, ([7, 7],), 1.0,
    ...           LibraryGuard(Forbidden("the entropy")))
    (0.6931471805599453, 'nats (natural log)')
    """
    outcome = call_student(fn, *args, forbidden=guard)
    if not outcome.ok:
        return 1.0, "bits"
    got, _ = read_number(outcome.value, "f")
    if got is None or want == 0:
        return 1.0, "bits"
    for factor, name in _UNITS:
        if is_close(got / want, factor, 1e-6):
            return factor, name
    return 1.0, "bits"


def scaled_slip(got: float, want: float, slips: Sequence[tuple[float, str]]) -> str:
    """The hint of the first slip ``got`` matches: the right value times a factor.

    A wrong sign (factor -1) or another log base (``math.log(2)`` for nats) scales the
    whole answer, so it is recognised whatever the case; ``want`` 0 matches nothing.

    Parameters
    ----------
    got, want : float
        The student's number and the right one.
    slips : sequence of (float, str)
        Factors and their hints, tried in order.

    Returns
    -------
    str
        The hint, or ``""``.

    Examples
    --------
    >>> scaled_slip(-0.94, 0.94, [(-1.0, "wrong sign"), (math.log(2), "nats")])
    'wrong sign'
    """
    if want > 0:
        for factor, hint in slips:
            if is_close(got, want * factor):
                return hint
    return ""


def _rounded(got: float, want: float) -> int | None:
    """The number of decimals ``want`` was rounded to if ``got`` is that rounding.

    A 0 is never taken for a rounding: a function that returns 0 did not round.

    Examples
    --------
    >>> _rounded(1.0, 0.94), _rounded(0.0, 0.3), _rounded(0.0, 0.003)
    (0, None, None)
    """
    for digits in range(0, 5):
        rounded = round(want, digits)
        if rounded != 0 and abs(got - rounded) < 1e-12 and not is_close(got, want):
            return digits
    return None


def near_miss(got: float, want: float) -> str:
    """The hint for a number near the right one: rounding, or an inexact computation.

    Parameters
    ----------
    got, want : float
        The student's number and the right one.

    Returns
    -------
    str
        The hint, or ``""`` when ``got`` is not near ``want``.

    Examples
    --------
    >>> near_miss(0.94, 0.9402859586706311)
    'looks rounded to 2 decimals: do not round inside the function (round only when you print)'
    >>> near_miss(0.5, 0.94)
    ''
    """
    digits = _rounded(got, want)
    if digits is not None:
        return (
            f"looks rounded to {digits} decimal{'s' if digits != 1 else ''}: do not round "
            f"inside the function (round only when you print)"
        )
    if abs(got - want) <= 5e-3:
        return (
            "close, but not exact: compute it exactly — no small constant added to "
            "avoid log(0), no approximation"
        )
    return ""
