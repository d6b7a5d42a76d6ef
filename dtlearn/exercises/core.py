"""The exercise framework: self-explaining results, safe calls, course-exercise checks.

Results explain themselves, student code is called safely, and the exercises in the course
notebooks are checked.

A lecture notebook's check cell is one line, ``dt.exercises.check("06.2", gap=gap)``. The
check registered under ``"06.2"`` (in a module of :mod:`dtlearn.exercises.lectures`, found
automatically) recomputes the expected value with dtlearn and compares it with the
student's answer using :func:`compare_number` or :func:`compare_choice`. The result shows
"passed", "not yet" or a hint that names the mistake; it never shows the expected value
and never raises.

Per-student numbers: ``register(..., data=make_data)`` attaches a function ``seed -> dict``;
the notebook reads its numbers with :func:`data`, and the check gets the same ``seed``
(:func:`student_seed`), so every student can have their own numbers.

Student functions (homework) are called through :func:`run_student`, which turns any
failure into words and stops an endless loop after a budget of executed lines (not a short
wall clock, so a busy machine does not make a slow but correct function look endless).

Examples
--------
>>> from dtlearn.exercises.core import compare_number
>>> print(compare_number(0.94, 0.9403, what="H(9 yes, 5 no) in bits"))
H(9 yes, 5 no) in bits: passed — right
  ✓ your answer: 0.94
>>> print(compare_number(0.6518, 0.9403, what="H(9 yes, 5 no) in bits",
...                      wrong={0.9403 * 0.6931: "that is in nats: use log base 2"}))
H(9 yes, 5 no) in bits: failed — not yet right
  ✗ your answer: 0.6518 — that is in nats: use log base 2
"""

from __future__ import annotations

import hashlib
import html
import importlib
import inspect
import math
import numbers
import os
import pkgutil
import re
import signal
import sys
import sysconfig
import threading
import time
import traceback
import warnings
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Callable, Mapping, Sequence

import numpy as np
import pandas as pd

__all__ = [
    "STEP_LIMIT",
    "TIME_LIMIT",
    "Case",
    "CheckFailed",
    "CheckResult",
    "Exercise",
    "ForbiddenCall",
    "Outcome",
    "check",
    "check_value",
    "combine",
    "compare_choice",
    "compare_number",
    "data",
    "registered",
    "register",
    "run_student",
    "student_seed",
]

STEP_LIMIT = 20_000_000
"""Lines of the student's own code one call may execute before it is called endless.

Counting lines, not seconds, makes the verdict independent of the machine's load: a correct
function takes as many steps on a busy hub as on an idle laptop. Twenty million lines is
several seconds of pure Python even on a fast machine, far more than any exercise needs.
"""

TIME_LIMIT = 120.0
"""Wall-clock seconds after which a call is stopped anyway (last resort, e.g. a loop that
swallows the step-budget signal with a bare ``except:``)."""

_ABS_TOL = 1e-6
_ROUNDING_TOL = 5e-3


# --------------------------------------------------------------------------- numbers in words
def _f(x: float) -> str:
    """A number as a short text: four decimals at most, never ``-0``."""
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    text = f"{x:.4f}".rstrip("0").rstrip(".") if abs(x) < 1e6 else f"{x:.4g}"
    return "0" if text in ("-0", "0", "") else text


def _close(a: float, b: float, tol: float = _ABS_TOL) -> bool:
    return math.isfinite(a) and abs(a - b) <= tol


def _number(value: Any, fn_name: str) -> tuple[float | None, str]:
    """The answer as a float, or ``(None, what is wrong with its type)``.

    Accepts ints, floats, :class:`~fractions.Fraction`, :class:`~decimal.Decimal`, numpy
    scalars and 0-d arrays.
    """
    if value is None:
        return None, f"{fn_name} returned None — did you forget `return`?"
    if isinstance(value, (bool, np.bool_)):
        return None, f"{fn_name} returned {value} (a bool); return a number"
    if isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in "iuf":
        value = value[()]
    if isinstance(value, (numbers.Real, Decimal, np.integer, np.floating)):
        try:
            return float(value), ""
        except OverflowError:
            return None, (f"{fn_name} returned an integer too large for a float "
                          f"({len(str(value))} digits)")
    if isinstance(value, str):
        return None, f"{fn_name} returned the text {value!r}; return a number, not a string"
    if isinstance(value, (list, tuple, np.ndarray, pd.Series)):
        n = len(value)
        return None, (f"{fn_name} returned {type(value).__name__} of {n} values; return one "
                      f"number (did you forget to add the terms up?)")
    if isinstance(value, (complex, np.complexfloating)):
        return None, f"{fn_name} returned a complex number; the log of a negative number?"
    return None, f"{fn_name} returned a {type(value).__name__}; return a number"


# --------------------------------------------------------------------------- results
@dataclass(frozen=True)
class Case:
    """One answer (or one call of the student's function) and its verdict.

    Attributes
    ----------
    call : str
        What was checked, as a student would write it, e.g. ``"entropy([9, 5])"``.
    passed : bool
        Whether the answer was right.
    message : str
        The answer and, when wrong, what went wrong and a hint.

    Examples
    --------
    >>> print(Case("entropy([9, 5])", True, "0.9403"))
    ✓ entropy([9, 5]): 0.9403
    """

    call: str
    passed: bool
    message: str

    def __str__(self) -> str:
        return f"{'✓' if self.passed else '✗'} {self.call}: {self.message}"


_COLOURS = {"passed": "#1a7f37", "failed": "#cf222e", "check error": "#8250df"}


@dataclass(frozen=True)
class CheckResult:
    """The outcome of a check: the cases, and a one-line verdict.

    ``status`` is ``"passed"``, ``"failed"``, ``"not yet"`` (no answer yet, or the function
    still raises ``NotImplementedError``) or ``"check error"`` (the check itself could not
    run: an unknown exercise, wrong answer names, a bug in the check). Its text is
    deterministic, so notebooks that show it can be compared by nbval; in Jupyter it shows
    as a small coloured table.

    Examples
    --------
    >>> result = CheckResult("demo", "failed", "1 of 2 cases wrong",
    ...                      (Case("f(1)", True, "1"), Case("f(2)", False, "gave 3")))
    >>> result.passed, result.score
    (False, 0.5)
    >>> print(result)
    demo: failed — 1 of 2 cases wrong
      ✗ f(2): gave 3
    """

    name: str
    status: str
    summary: str
    cases: tuple[Case, ...] = field(default_factory=tuple)

    @property
    def passed(self) -> bool:
        """Whether every case passed."""
        return self.status == "passed"

    @property
    def score(self) -> float:
        """The share of cases passed, from 0 to 1 (partial credit); 0 unless checked."""
        if self.status in ("not yet", "check error"):
            return 0.0
        if not self.cases:
            return 1.0 if self.passed else 0.0
        return len(self.passed_cases) / len(self.cases)

    @property
    def passed_cases(self) -> tuple[Case, ...]:
        """The cases answered correctly."""
        return tuple(c for c in self.cases if c.passed)

    @property
    def failed_cases(self) -> tuple[Case, ...]:
        """The cases answered wrongly (or that raised, looped, ...)."""
        return tuple(c for c in self.cases if not c.passed)

    def __str__(self) -> str:
        lines = [f"{self.name}: {self.status} — {self.summary}"]
        if self.status not in ("not yet", "check error"):
            shown = self.failed_cases if self.failed_cases else self.cases
            lines += [f"  {c}" for c in shown]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = _COLOURS.get(self.status, "#9a6700")
        head = (f"<p><b>{html.escape(self.name)}</b>: <b style='color:{colour}'>"
                f"{html.escape(self.status)}</b> — {html.escape(self.summary)}</p>")
        if self.status in ("not yet", "check error") or not self.cases:
            return head
        rows = "".join(
            f"<tr><td style='color:{_COLOURS['passed'] if c.passed else _COLOURS['failed']}'>"
            f"{'✓' if c.passed else '✗'}</td><td><code>{html.escape(c.call)}</code></td>"
            f"<td style='text-align:left'>{html.escape(c.message)}</td></tr>"
            for c in self.cases)
        return head + f"<table>{rows}</table>"

    def to_dict(self) -> dict:
        """Plain data for graders.

        Examples
        --------
        >>> CheckResult("demo", "passed", "right").to_dict()["status"]
        'passed'
        """
        return {"name": self.name, "status": self.status, "summary": self.summary,
                "score": self.score,
                "cases": [{"call": c.call, "passed": c.passed, "message": c.message}
                          for c in self.cases]}

    def assert_ok(self) -> None:
        """Raise ``AssertionError`` with the report unless every case passed.

        Use it in nbgrader grade cells. It returns ``None``, so a passing grade cell has no
        output (nbgrader warns when a grade cell's output is a value).

        Examples
        --------
        >>> CheckResult("demo", "passed", "right").assert_ok()
        >>> CheckResult("demo", "not yet", "put your answer in place of None").assert_ok()
        Traceback (most recent call last):
        dtlearn.exercises.core.CheckFailed: demo: not yet — put your answer in place of None
        """
        if not self.passed:
            raise CheckFailed(str(self))


class CheckFailed(AssertionError):
    """The ``AssertionError`` of a check that did not pass: Jupyter shows its report alone.

    IPython renders an exception through ``_render_traceback_`` when it has one, so a
    failing grade cell shows the check's words and none of dtlearn's source lines; nbgrader
    still sees an error and withholds the points.

    Examples
    --------
    >>> CheckFailed("entropy: 1 of 5 cases wrong")._render_traceback_()
    ['CheckFailed: entropy: 1 of 5 cases wrong']
    >>> isinstance(CheckFailed("x"), AssertionError)
    True
    """

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


_STOPPING = ("timeout", "recursion", "forbidden")
"""Outcomes after which a check stops calling the function (the next call would fail too)."""


def _result(name: str, cases: list[Case]) -> CheckResult:
    failed = sum(not c.passed for c in cases)
    if cases and cases[-1].message and not cases[-1].passed and (
            "did not finish" in cases[-1].message or "RecursionError" in cases[-1].message):
        return CheckResult(name, "failed", f"stopped at case {len(cases)}: the call did not "
                                           f"come back", tuple(cases))
    if failed == 0:
        return CheckResult(name, "passed", f"all {len(cases)} cases right", tuple(cases))
    return CheckResult(name, "failed", f"{failed} of {len(cases)} cases wrong", tuple(cases))


def _not_yet(name: str, message: str) -> CheckResult:
    return CheckResult(name, "not yet", message, ())


# --------------------------------------------------------------------------- running code
class _OutOfSteps(BaseException):
    """Raised inside the student's code when the step budget is used up.

    A ``BaseException`` so that a student's ``except Exception:`` does not swallow it.
    """


class _TimeUp(BaseException):
    """Raised inside the student's code when the wall-clock cap is reached."""


class ForbiddenCall(BaseException):  # noqa: N818 - reads as what happened
    """Raised by a guard (see :func:`run_student`) when student code calls a forbidden function.

    E.g. dtlearn's own ``entropy`` in the entropy homework.

    Its message is shown to the student as it is, so it should say what to implement
    instead. A ``BaseException`` so that ``except Exception:`` in student code does not
    swallow it.

    Examples
    --------
    >>> def entropy(counts):
    ...     raise ForbiddenCall("calls dtlearn.entropy: compute -Σ p·log2 p yourself")
    >>> run_student(entropy, [9, 5]).kind
    'forbidden'
    """


def _library_roots() -> tuple[str, ...]:
    paths = sysconfig.get_paths()
    roots = {os.path.dirname(os.path.dirname(os.path.abspath(__file__)))}  # dtlearn itself
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        if paths.get(key):
            roots.add(os.path.abspath(paths[key]))
    for prefix in (sys.prefix, sys.base_prefix, sys.exec_prefix):
        roots.add(os.path.join(os.path.abspath(prefix), "lib"))
    return tuple(sorted(r.rstrip(os.sep) + os.sep for r in roots))


_LIBRARY_ROOTS = _library_roots()


def _is_student_file(filename: str) -> bool:
    """Whether code from ``filename`` counts against the step budget.

    Notebook cells (``/tmp/ipykernel_*/*.py``), doctests, scripts and test files count;
    the standard library, installed packages and dtlearn itself do not (a student's loop
    that calls pandas still counts one step per line of the loop).
    """
    if filename.startswith("<frozen"):
        return False
    if filename.startswith("<"):
        return True
    return not os.path.abspath(filename).startswith(_LIBRARY_ROOTS)


class _Budget:
    """A ``sys.settrace`` hook that counts the lines the student's code executes."""

    def __init__(self, steps: int, deadline: float | None, limits: "_Limits") -> None:
        self.left = steps
        self.deadline = deadline
        self.limits = limits
        self.own: dict[str, bool] = {}

    def on_call(self, frame: Any, event: str, arg: Any) -> Any:
        filename = frame.f_code.co_filename
        own = self.own.get(filename)
        if own is None:
            own = self.own[filename] = _is_student_file(filename)
        return self.on_line if own else None

    def on_line(self, frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            self.left -= 1
            if self.left <= 0:
                self.limits.expire(_OutOfSteps)
                raise _OutOfSteps()
            if (self.deadline is not None and not self.left & 0xFFFF
                    and time.monotonic() > self.deadline):
                self.limits.expire(_TimeUp)
                raise _TimeUp()
        return self.on_line


class _Limits:
    """Step budget (always) and wall-clock cap around one call.

    The cap is a SIGALRM timer in the main thread; elsewhere the step counter checks it.
    A student's bare ``except:`` can swallow the exception that stops the call (and Python
    switches tracing off after a trace function raised), so in the main thread, once the
    budget or the cap has run out, a fast repeating alarm re-arms tracing on the student's
    frames and raises again until the call has been left.
    """

    RETRY = 0.05

    def __init__(self, steps: int, seconds: float) -> None:
        self.steps = steps
        self.seconds = seconds
        self.active = False
        self.alarm = False
        self.reason: type[BaseException] | None = None
        self.budget = _Budget(steps, None, self)

    def __enter__(self) -> "_Limits":
        self.outer = sys._getframe(1)  # run_student's frame: the walk up the stack stops here
        self.alarm = (hasattr(signal, "setitimer")
                      and threading.current_thread() is threading.main_thread())
        if not self.alarm:
            self.budget.deadline = time.monotonic() + self.seconds
        self.previous_trace = sys.gettrace()
        self.active = True
        if self.alarm:
            self.previous_handler = signal.signal(signal.SIGALRM, self._on_alarm)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        sys.settrace(self.budget.on_call)
        return self

    def expire(self, reason: type[BaseException]) -> None:
        """The budget or the cap ran out: keep stopping the call until it is left."""
        self.reason = reason
        if self.alarm and self.active:
            signal.setitimer(signal.ITIMER_REAL, self.RETRY, self.RETRY)

    def _on_alarm(self, signum: int, frame: Any) -> None:
        if not self.active:
            return
        if self.reason is None:
            self.expire(_TimeUp)
        sys.settrace(self._dead_call)
        while frame is not None and frame is not self.outer:
            if frame.f_code not in _LEAVING:
                frame.f_trace = self._dead_line
            frame = frame.f_back
        raise self.reason()

    def _dead_call(self, frame: Any, event: str, arg: Any) -> Any:
        if frame.f_code in _LEAVING:
            return None
        return self._dead_line

    def _dead_line(self, frame: Any, event: str, arg: Any) -> Any:
        # only on "line": raising on the "exception" event would switch tracing off before
        # the student's except clause runs
        if event == "line" and self.active and self.reason is not None:
            raise self.reason()
        return self._dead_line

    def close(self) -> None:
        """Stop the alarm and the tracing (idempotent)."""
        if not self.active:
            return
        self.active = False
        if self.alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous_handler)
        sys.settrace(self.previous_trace)

    def __exit__(self, *exc: Any) -> None:
        self.close()

    @property
    def steps_used(self) -> int:
        return self.steps - self.budget.left


_LEAVING = frozenset({_Limits.__exit__.__code__, _Limits.close.__code__})
"""Code that must run untraced while a stopped call is being left."""


@dataclass(frozen=True)
class Outcome:
    """What happened when the student's function was called.

    ``kind`` is ``"value"`` (``value`` holds the answer), ``"not yet"``
    (NotImplementedError), ``"error"``, ``"recursion"``, ``"timeout"`` (the step budget or
    the wall-clock cap ran out) or ``"forbidden"`` (a guard caught a forbidden call);
    ``message`` describes the problem in words. ``steps`` is the number of lines of the
    student's code that ran.

    Examples
    --------
    >>> Outcome("value", 0.94).ok
    True
    """

    kind: str
    value: Any = None
    message: str = ""
    steps: int = 0

    @property
    def ok(self) -> bool:
        """Whether the function returned a value."""
        return self.kind == "value"


def _where(exc: BaseException, fn: Callable) -> str:
    code = getattr(fn, "__code__", None)
    filename = getattr(code, "co_filename", None)
    frames = traceback.extract_tb(exc.__traceback__)
    mine = [f for f in frames if filename is not None and f.filename == filename]
    if not mine:
        return ""
    last = mine[-1]
    where = last.name if not last.name.startswith("<") else getattr(fn, "__name__", "")
    text = f" (in {where}"
    if last.line:
        text += f", at `{last.line.strip()}`"
    return text + ")"


def _millions(n: int) -> str:
    return f"{n / 1e6:g} million" if n >= 1_000_000 else f"{n:,}"


def run_student(fn: Callable, *args: Any, time_limit: float | None = None,
                step_limit: int | None = None, forbidden: Any = None, **kwargs: Any
                ) -> Outcome:
    """Call ``fn(*args, **kwargs)`` with a step budget and turn any failure into words.

    The budget counts the lines of the student's own code that run (code in notebook cells,
    scripts and tests; not the standard library, installed packages or dtlearn), so the
    verdict "endless loop" does not depend on how busy the machine is. Runaway recursion
    is reported as such (``RecursionError``) whatever the load. A wall-clock cap stops the
    call as a last resort. In the main thread on Unix (where a Jupyter kernel runs cells) a
    student's bare ``except:`` cannot swallow the stop: a repeating ``SIGALRM`` raises it
    again until the call is left. Elsewhere (other threads, Windows) the budget and the cap
    are checked by the line counter, which such an ``except:`` can outlast.

    Parameters
    ----------
    fn : callable
        The student's function.
    *args, **kwargs
        Its arguments.
    time_limit : float, optional
        Wall-clock cap in seconds (default :data:`TIME_LIMIT`).
    step_limit : int, optional
        Lines of student code allowed (default :data:`STEP_LIMIT`).
    forbidden : context manager, optional
        A guard entered around the call (``__enter__`` / ``__exit__``). It stops calls the
        exercise forbids by raising :class:`ForbiddenCall`, from inside the call or from
        its ``__exit__`` (so a student's bare ``except:`` cannot hide the call); the
        outcome is then ``"forbidden"`` with the guard's message.

    Returns
    -------
    Outcome

    Examples
    --------
    >>> def inverse(x):
    ...     return 1 / x
    >>> run_student(inverse, 0).message
    'raised ZeroDivisionError: division by zero (in inverse, at `return 1 / x`)'
    >>> def forever(x):
    ...     while True:
    ...         x += 1
    >>> print(run_student(forever, 0, step_limit=10_000).message)
    did not finish: your code ran 10,000 steps (lines) without returning — is there a loop that never ends?
    """
    name = getattr(fn, "__name__", "your function")
    seconds = TIME_LIMIT if time_limit is None else float(time_limit)
    steps = STEP_LIMIT if step_limit is None else int(step_limit)
    if not (seconds > 0 and steps > 0):
        raise ValueError(f"time_limit and step_limit must be positive, got {time_limit!r}, "
                         f"{step_limit!r}")
    limits = _Limits(steps, seconds)
    guard = forbidden if forbidden is not None else nullcontext()
    try:
        # warnings (numpy's "divide by zero in log2") would be printed apart from the
        # feedback; the wrong value they lead to (nan, inf) is explained instead
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                with guard, limits:
                    value = fn(*args, **kwargs)
            finally:
                limits.close()
            if limits.reason is not None:  # the student's code swallowed the stop
                raise limits.reason()
    except ForbiddenCall as exc:
        return Outcome("forbidden", message=str(exc), steps=limits.steps_used)
    except NotImplementedError:
        return Outcome("not yet", message=f"{name} raises NotImplementedError: replace "
                                          f"`raise NotImplementedError()` with your code")
    except _OutOfSteps:
        return Outcome("timeout", steps=limits.steps_used,
                       message=f"did not finish: your code ran {_millions(steps)} steps "
                               f"(lines) without returning — is there a loop that never ends?")
    except _TimeUp:
        return Outcome("timeout", steps=limits.steps_used,
                       message=f"did not finish within {seconds:g} s — is there a loop "
                               f"that never ends?")
    except SystemExit:
        return Outcome("error", message="called exit() (SystemExit): return a value instead",
                       steps=limits.steps_used)
    except RecursionError:
        return Outcome("recursion", steps=limits.steps_used,
                       message="called itself too many times (RecursionError) — does every "
                               "call get closer to a stopping case?")
    except Exception as exc:  # noqa: BLE001 - the point is to report any error in words
        text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        detail = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
        return Outcome("error", message=f"raised {detail}{_where(exc, fn)}",
                       steps=limits.steps_used)
    return Outcome("value", value=value, steps=limits.steps_used)


# --------------------------------------------------------------------------- comparing answers
def _validate_number(arg: str, number: Any, *, nonnegative: bool = False) -> float:
    if isinstance(number, (bool, np.bool_)) or not isinstance(
            number, (numbers.Real, Decimal, np.integer, np.floating)):
        raise TypeError(f"{arg} must be a number, got {number!r}")
    value = float(number)
    if not math.isfinite(value) or (nonnegative and value < 0):
        raise ValueError(f"{arg} must be a finite number{' >= 0' if nonnegative else ''}, "
                         f"got {number!r}")
    return value


def _unanswered(answer: Any) -> bool:
    return answer is None or answer is Ellipsis


def _looks_rounded(got: float, want: float, tol: float) -> bool:
    """Whether ``got`` is ``want`` rounded to one or two decimals (and outside ``tol``).

    Whole numbers never count: 0 for an expected 0.04 is a wrong idea, not a rounding.
    """
    return (not float(got).is_integer() and abs(got - want) > tol
            and any(abs(got - round(want, d)) < 1e-12 for d in (1, 2)))


def _not_a_number(value: Any) -> str:
    """What is wrong with a by-hand answer that is not a number."""
    if isinstance(value, str):
        return f"is the text {value!r}: write a number, not a string"
    if isinstance(value, (bool, np.bool_)):
        return f"is {value} (a bool): write a number"
    if isinstance(value, (list, tuple, np.ndarray, pd.Series)):
        return f"is a {type(value).__name__} of {len(value)} values: give one number"
    if isinstance(value, (complex, np.complexfloating)):
        return "is a complex number: the log of a negative number?"
    if isinstance(value, (numbers.Integral, np.integer)):
        return f"is an integer too large for a float ({len(str(value))} digits)"
    return f"is a {type(value).__name__}: give a number"


def compare_number(answer: Any, expected: Any, *, what: str, tol: float = _ROUNDING_TOL,
                   wrong: Mapping[Any, str] | None = None) -> CheckResult:
    """Compare a number a student computed with the expected value, without showing it.

    Parameters
    ----------
    answer : number or None
        The student's answer (int, float, ``Fraction``, ``Decimal``, numpy scalar);
        ``None`` or ``...`` means "not done yet".
    expected : number
        The right value, recomputed by the check (never shown to the student).
    what : str
        What the number is, in words ("the information gain of outlook, in bits").
    tol : float, default 0.005
        Largest accepted distance from ``expected``.
    wrong : mapping, optional
        Plausible wrong values (computed by the check: nats instead of bits, unweighted
        children, ...) mapped to a hint that names the mistake. An answer within ``tol`` of
        one of them (and not of ``expected``) gets that hint; the nearest wins; ``nan`` or
        infinite wrong values are ignored.

    Returns
    -------
    CheckResult
        One case; the message shows the student's answer and a hint, never ``expected``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> compare_number(Fraction(1, 3), 0.3333, what="p(yes)").passed
    True
    >>> print(compare_number(-0.94, 0.9403, what="H"))
    H: failed — not yet right
      ✗ your answer: -0.94 — the sign is wrong
    >>> print(compare_number(None, 0.9403, what="H"))
    H: not yet — put your answer in place of None
    """
    want = _validate_number("expected", expected)
    tol = _validate_number("tol", tol, nonnegative=True)
    if not isinstance(what, str) or not what.strip():
        raise TypeError(f"what must be a non-empty str, got {what!r}")
    hints = []
    for value, hint in (wrong or {}).items():
        if isinstance(value, (bool, np.bool_)) or not isinstance(
                value, (numbers.Real, Decimal, np.integer, np.floating)):
            raise TypeError(f"wrong must map numbers to hints, got the key {value!r}")
        if math.isfinite(float(value)):  # a nan or inf wrong value can never be met
            hints.append((float(value), str(hint)))
    if _unanswered(answer):
        return _not_yet(what, "put your answer in place of None")
    got, problem = _number(answer, "your answer")
    if got is None:
        return CheckResult(what, "failed", "not a number",
                           (Case("your answer", False, _not_a_number(answer)),))
    if not math.isfinite(got):
        return CheckResult(what, "failed", "not a finite number",
                           (Case("your answer", False, f"{_f(got)} — a log of 0 or a "
                                                       f"division by 0 somewhere?"),))
    if abs(got - want) <= tol:
        return CheckResult(what, "passed", "right", (Case("your answer", True, _f(got)),))
    hint = ""
    near = [(abs(got - value), text) for value, text in hints
            if abs(got - value) <= tol and abs(value - want) > tol]
    if near:
        hint = min(near)[1]
    elif want != 0 and abs(got + want) <= tol:
        hint = "the sign is wrong"
    elif _looks_rounded(got, want, tol):
        hint = "close, but rounded too early: keep at least three decimals"
    message = _f(got) + (f" — {hint}" if hint else f" is not {what}")
    return CheckResult(what, "failed", "not yet right", (Case("your answer", False, message),))


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        return value.strip().casefold()
    if isinstance(value, np.generic):
        return value.item()
    return value


def combine(results: Sequence[CheckResult]) -> CheckResult:
    """One result for an exercise with several answers: one case per answer.

    Parameters
    ----------
    results : sequence of CheckResult
        One result per answer, e.g. from :func:`compare_number` and :func:`compare_choice`.

    Returns
    -------
    CheckResult
        "not yet" while any answer is missing, "passed" when every answer is right,
        otherwise "failed" with how many answers are not yet right.

    Examples
    --------
    >>> both = combine([compare_number(0.94, 0.9403, what="H"),
    ...                 compare_choice("outlook", "outlook", what="root", options=["outlook", "windy"])])
    >>> both.status, len(both.cases)
    ('passed', 2)
    """
    cases = tuple(Case(r.name, c.passed, c.message) for r in results for c in r.cases)
    waiting = [r.name for r in results if r.status == "not yet"]
    if waiting:
        return CheckResult("", "not yet", "put your answer in place of None: "
                           + ", ".join(waiting), cases)
    wrong = sum(not r.passed for r in results)
    if not wrong:
        return CheckResult("", "passed", f"all {len(results)} answers right", cases)
    return CheckResult("", "failed", f"{wrong} of {len(results)} answers not yet right", cases)


def compare_choice(answer: Any, expected: Any, *, what: str, options: Any,
                   wrong: Mapping[Any, str] | None = None) -> CheckResult:
    """Compare a categorical answer (an attribute name, a class, "yes"/"no").

    Parameters
    ----------
    answer : object or None
        The student's answer; ``None`` or ``...`` means "not done yet". Text is compared
        without regard to case or surrounding spaces.
    expected : object or set
        The right answer; a ``set``/``frozenset`` when several answers are right (ties).
    what : str
        What is asked, in words ("the attribute ID3 splits on at the root").
    options : iterable
        Every admissible answer; anything else gets the list of options.
    wrong : mapping, optional
        Wrong options mapped to a hint that names the mistake.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> print(compare_choice("Outlook", "outlook", what="the root attribute",
    ...                      options=["outlook", "temperature", "humidity", "windy"]))
    the root attribute: passed — right
      ✓ your answer: 'Outlook'
    >>> print(compare_choice("wind", "outlook", what="the root attribute",
    ...                      options=["outlook", "humidity", "windy"]))
    the root attribute: failed — not one of the options
      ✗ your answer: 'wind' — choose one of: 'outlook', 'humidity', 'windy'
    """
    if not isinstance(what, str) or not what.strip():
        raise TypeError(f"what must be a non-empty str, got {what!r}")
    if isinstance(options, (str, bytes)) or not hasattr(options, "__iter__"):
        raise TypeError(f"options must be a list of admissible answers, got {options!r}")
    options = list(options)
    if not options:
        raise ValueError("options must not be empty")
    allowed = {_norm(o) for o in options}
    right = expected if isinstance(expected, (set, frozenset)) else {expected}
    right = {_norm(r) for r in right}
    if not right <= allowed:
        raise ValueError(f"expected must be one of the options, got {expected!r}")
    hints = {_norm(k): str(v) for k, v in (wrong or {}).items()}
    if _unanswered(answer):
        return _not_yet(what, "put your answer in place of None")
    try:
        mine = _norm(answer)
        hash(mine)
    except TypeError:
        mine = None
    if mine is None or mine not in allowed:
        listed = ", ".join(repr(o) for o in options)
        return CheckResult(what, "failed", "not one of the options",
                           (Case("your answer", False, f"{answer!r} — choose one of: {listed}"),))
    if mine in right:
        return CheckResult(what, "passed", "right", (Case("your answer", True, repr(answer)),))
    hint = hints.get(mine, "")
    message = repr(answer) + (f" — {hint}" if hint else f" is not {what}")
    return CheckResult(what, "failed", "not yet right", (Case("your answer", False, message),))


def check_value(answer: Any, expected: float, what: str, tol: float = _ROUNDING_TOL,
                hint: str = "") -> CheckResult:
    """Check a number a student computed by hand, without showing the expected value.

    Kept for notebooks written before :func:`check`; new exercises register a check and
    call :func:`check`. ``hint`` is added to the feedback of a wrong answer.

    Examples
    --------
    >>> print(check_value(None, 0.99, "H(30 heads, 25 tails)"))
    H(30 heads, 25 tails): not yet — put your answer in place of None
    >>> print(check_value(0.5, 0.994, "H(30 heads, 25 tails)", hint="use 30/55 and 25/55"))
    H(30 heads, 25 tails): failed — not yet right
      ✗ your answer: 0.5 is not H(30 heads, 25 tails) — use 30/55 and 25/55
    """
    result = compare_number(answer, expected, what=what, tol=tol)
    if hint and result.status == "failed":
        case = result.cases[0]
        result = replace(result, cases=(replace(case, message=f"{case.message} — {hint}"),))
    return result


# --------------------------------------------------------------------------- the registry
@dataclass(frozen=True)
class Exercise:
    """A registered exercise: its id, title, check function and (optional) data maker.

    Attributes
    ----------
    exercise_id : str
        ``"<notebook number>.<exercise number>"``, e.g. ``"06.2"``.
    title : str
        A short title shown with the result.
    function : callable
        The check: takes the answers by keyword (and ``seed`` if it accepts it) and
        returns a :class:`CheckResult`.
    make_data : callable or None
        ``seed -> dict`` of per-student numbers, read in the notebook with :func:`data`.
    answers : tuple of str
        The answer names the check requires.
    optional : tuple of str
        Answer names the check accepts but does not require.
    """

    exercise_id: str
    title: str
    function: Callable[..., CheckResult]
    make_data: Callable[[int], dict] | None = None
    answers: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()

    @property
    def takes_seed(self) -> bool:
        """Whether the check function accepts the ``seed`` keyword."""
        return "seed" in inspect.signature(self.function).parameters


_REGISTRY: dict[str, Exercise] = {}
_LOAD_ERRORS: dict[str, str] = {}
_ID = re.compile(r"^[A-Za-z0-9]+(\.[A-Za-z0-9]+)+$")


def register(exercise_id: str, *, title: str, data: Callable[[int], dict] | None = None
             ) -> Callable[[Callable[..., CheckResult]], Callable[..., CheckResult]]:
    """Register the check of exercise ``exercise_id`` (a decorator).

    The decorated function takes the student's answers by keyword (its parameters name
    them) and, if it has a ``seed`` parameter, the student's seed; it recomputes the
    expected value and returns :func:`compare_number` / :func:`compare_choice`.

    Parameters
    ----------
    exercise_id : str
        ``"<notebook number>.<exercise number>"``, e.g. ``"06.2"``.
    title : str
        A short title shown with the result.
    data : callable, optional
        ``seed -> dict``: the exercise's per-student numbers, read with :func:`data`.

    Returns
    -------
    callable
        The decorator; it returns the function unchanged.

    Examples
    --------
    >>> @register("99.1", title="Entropy of a fair coin")
    ... def check_fair_coin(h, *, seed):
    ...     return compare_number(h, 1.0, what="the entropy of a fair coin, in bits")
    >>> print(check("99.1", h=1))
    Exercise 99.1 (Entropy of a fair coin): passed — right
      ✓ your answer: 1
    >>> _ = _REGISTRY.pop("99.1")
    """
    if not isinstance(exercise_id, str) or not _ID.match(exercise_id):
        raise ValueError(f"exercise_id must look like '06.2', got {exercise_id!r}")
    if not isinstance(title, str) or not title.strip():
        raise TypeError(f"title must be a non-empty str, got {title!r}")
    if data is not None and not callable(data):
        raise TypeError(f"data must be a function seed -> dict, got {data!r}")

    def decorate(function: Callable[..., CheckResult]) -> Callable[..., CheckResult]:
        if not callable(function):
            raise TypeError(f"register() decorates a function, got {function!r}")
        params = inspect.signature(function).parameters.values()
        kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
        names = [p for p in params if p.kind in kinds and p.name != "seed"]
        exercise = Exercise(
            exercise_id, title.strip(), function, data,
            tuple(p.name for p in names if p.default is inspect.Parameter.empty),
            tuple(p.name for p in names if p.default is not inspect.Parameter.empty))
        old = _REGISTRY.get(exercise_id)
        if old is not None and (old.function.__module__, old.function.__qualname__) != (
                function.__module__, function.__qualname__):
            raise ValueError(f"exercise {exercise_id} is registered twice: by "
                             f"{old.function.__module__}.{old.function.__qualname__} and "
                             f"{function.__module__}.{function.__qualname__}")
        _REGISTRY[exercise_id] = exercise
        return function

    return decorate


def _discover() -> None:
    """Import every module of :mod:`dtlearn.exercises.lectures` (registering its checks)."""
    from . import lectures

    for info in pkgutil.iter_modules(lectures.__path__, lectures.__name__ + "."):
        if info.name in sys.modules or info.name in _LOAD_ERRORS:
            continue
        try:
            importlib.import_module(info.name)
        except Exception as exc:  # noqa: BLE001 - one broken module must not break the rest
            _LOAD_ERRORS[info.name] = f"{type(exc).__name__}: {exc}"


def registered() -> dict[str, Exercise]:
    """Every registered exercise, by id (the lecture checks are loaded first).

    Examples
    --------
    >>> isinstance(registered(), dict)
    True
    """
    _discover()
    return dict(sorted(_REGISTRY.items()))


def _find(exercise_id: Any) -> tuple[Exercise | None, str]:
    if isinstance(exercise_id, str) and exercise_id in _REGISTRY:
        return _REGISTRY[exercise_id], ""
    _discover()
    if isinstance(exercise_id, str) and exercise_id in _REGISTRY:
        return _REGISTRY[exercise_id], ""
    prefix = str(exercise_id).split(".")[0]
    same = [k for k in sorted(_REGISTRY) if k.split(".")[0] == prefix]
    text = f"there is no exercise {exercise_id!r}"
    if same:
        text += f" (this notebook has {', '.join(same)})"
    broken = [f"{name.rsplit('.', 1)[1]} ({error})" for name, error in _LOAD_ERRORS.items()
              if name.rsplit(".", 1)[1].startswith(f"n{prefix}_")]
    if broken:
        text += f"; its checks could not be loaded: {'; '.join(broken)}"
    return None, text


def student_seed() -> int:
    """The seed of this student's numbers.

    ``DTLEARN_SEED`` from the environment if set (an integer modulo 2**31, or any text,
    hashed), else a stable hash of ``JUPYTERHUB_USER`` if set (so each hub user has their
    own numbers), else 0 (which keeps notebook outputs deterministic for nbval).

    Examples
    --------
    >>> import os
    >>> student_seed() if not ("DTLEARN_SEED" in os.environ or
    ...                        "JUPYTERHUB_USER" in os.environ) else 0
    0
    """
    explicit = os.environ.get("DTLEARN_SEED", "").strip()
    if explicit:
        try:
            return int(explicit) % (2 ** 31)  # numpy wants a seed >= 0
        except ValueError:
            return _hash_seed(explicit)
    user = os.environ.get("JUPYTERHUB_USER", "").strip()
    return _hash_seed(user) if user else 0


def _hash_seed(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") % (2 ** 31)


def data(exercise_id: str, *, seed: int | None = None) -> dict:
    """The numbers of a by-hand exercise for this student (see :func:`student_seed`).

    Parameters
    ----------
    exercise_id : str
        The exercise, e.g. ``"01.3"``; it must have been registered with ``data=``.
    seed : int, optional
        Override the student's seed.

    Returns
    -------
    dict

    Examples
    --------
    >>> @register("99.2", title="Demo", data=lambda seed: {"counts": [9 + seed, 5]})
    ... def check_demo(h, *, seed):
    ...     return compare_number(h, 1.0, what="h")
    >>> data("99.2", seed=0)
    {'counts': [9, 5]}
    >>> _ = _REGISTRY.pop("99.2")
    """
    exercise, problem = _find(exercise_id)
    if exercise is None:
        raise ValueError(problem)
    if exercise.make_data is None:
        raise ValueError(f"exercise {exercise_id} has no per-student data")
    numbers_ = exercise.make_data(student_seed() if seed is None else int(seed))
    if not isinstance(numbers_, dict):
        raise TypeError(f"the data of exercise {exercise_id} must be a dict, got "
                        f"{type(numbers_).__name__}")
    return numbers_


def check(exercise_id: str, **answers: Any) -> CheckResult:
    """Check the answers to a course exercise: ``check("06.2", gap=gap)``.

    Finds the check registered for ``exercise_id`` (loading the lecture checks on first
    use), reports answers still ``None`` (or ``...``) as "not yet", and otherwise runs it
    with the student's seed. Never raises: an unknown id, wrong answer names or a bug in the
    check give a result with status ``"check error"``. The result never shows the
    expected value.

    Parameters
    ----------
    exercise_id : str
        ``"<notebook number>.<exercise number>"``.
    **answers
        The student's answers, by the names the exercise uses.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> print(check("99.0", x=1))
    Exercise 99.0: check error — there is no exercise '99.0'
    >>> @register("99.3", title="A coin")
    ... def check_coin(h):
    ...     return compare_number(h, 1.0, what="the entropy of a fair coin, in bits")
    >>> print(check("99.3", h=None))
    Exercise 99.3 (A coin): not yet — put your answer in place of None: h
    >>> print(check("99.3", p=1))
    Exercise 99.3 (A coin): check error — this check takes the answer h, not p
    >>> _ = _REGISTRY.pop("99.3")
    """
    exercise, problem = _find(exercise_id)
    if exercise is None:
        return CheckResult(f"Exercise {exercise_id}", "check error", problem)
    name = f"Exercise {exercise.exercise_id} ({exercise.title})"
    known = exercise.answers + exercise.optional
    missing = [a for a in exercise.answers if a not in answers]
    extra = [a for a in answers if a not in known]
    if missing or extra:
        takes = f"the answer{'s' if len(exercise.answers) > 1 else ''} " \
                f"{', '.join(exercise.answers)}"
        text = f"this check takes {takes}"
        if extra:
            text += f", not {', '.join(extra)}"
        return CheckResult(name, "check error", text)
    empty = [a for a in known if a in answers and _unanswered(answers[a])]
    if empty:
        return CheckResult(name, "not yet", f"put your answer in place of None: "
                                            f"{', '.join(empty)}")
    kwargs = dict(answers)
    if exercise.takes_seed:
        kwargs["seed"] = student_seed()
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            result = exercise.function(**kwargs)
    except Exception as exc:  # noqa: BLE001 - a bug in a check must not show a traceback
        return CheckResult(name, "check error", f"the check itself failed "
                                                f"({type(exc).__name__}); please tell your "
                                                f"instructor")
    if not isinstance(result, CheckResult):
        return CheckResult(name, "check error", f"the check returned a "
                                                f"{type(result).__name__}, not a CheckResult")
    return replace(result, name=name)
