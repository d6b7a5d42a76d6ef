"""Calling a student's function safely: a step budget, a last-resort clock, words for errors.

Student functions (homework) are called through :func:`run_student`, which turns any
failure into words and stops an endless loop after a budget of executed lines (not a short
wall clock, so a busy machine does not make a slow but correct function look endless). A
guard (:class:`~dtlearn.exercises.library_guard.LibraryGuard`) passed as ``forbidden=`` stops
calls into code the exercise forbids.

Examples
--------
>>> def entropy(counts):
...     raise NotImplementedError()
>>> run_student(entropy, [9, 5]).kind
'not yet'
"""

from __future__ import annotations

import os
import signal
import site
import sys
import sysconfig
import threading
import time
import traceback
import warnings
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["STEP_LIMIT", "TIME_LIMIT", "ForbiddenCall", "Outcome", "run_student"]

STEP_LIMIT = 20_000_000
"""Lines of the student's own code one call may execute before it is called endless.

Counting lines, not seconds, makes the verdict independent of the machine's load: a correct
function takes as many steps on a busy hub as on an idle laptop. Twenty million lines is
several seconds of pure Python even on a fast machine, far more than any exercise needs.
"""

TIME_LIMIT = 120.0
"""Wall-clock seconds after which a call is stopped anyway (last resort, e.g. a loop that
swallows the step-budget signal with a bare ``except:``)."""


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
    # pip install --user puts pandas in ~/.local: still a library, not the student's code
    user_site = site.getusersitepackages() if site.ENABLE_USER_SITE else None
    if user_site:
        roots.add(os.path.abspath(user_site))
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

    def __init__(self, steps: int, deadline: float | None, limits: _Limits) -> None:
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
            if (
                self.deadline is not None
                and not self.left & 0xFFFF
                and time.monotonic() > self.deadline
            ):
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

    def __enter__(self) -> _Limits:
        self.outer = sys._getframe(1)  # run_student's frame: the walk up the stack stops here
        self.alarm = (
            hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        )
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
        if frame.f_code in _LEAVING or frame.f_code in _gc_callback_codes():
            # a collection may start at any allocation: a stop raised in its callback is
            # swallowed there (an "unraisable" exception), so it is raised in the call's
            # own frames only (the repeating alarm comes back if the call goes on)
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


def _gc_callback_codes() -> set:
    """The code of every Python function in ``gc.callbacks`` (hypothesis adds one, say).

    Examples
    --------
    >>> import gc
    >>> def note(phase, info):
    ...     pass
    >>> gc.callbacks.append(note)
    >>> note.__code__ in _gc_callback_codes()
    True
    >>> gc.callbacks.remove(note)
    """
    import gc

    return {code for code in (getattr(f, "__code__", None) for f in gc.callbacks) if code}


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


def run_student(
    fn: Callable,
    *args: Any,
    time_limit: float | None = None,
    step_limit: int | None = None,
    forbidden: Any = None,
    **kwargs: Any,
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
        raise ValueError(
            f"time_limit and step_limit must be positive, got {time_limit!r}, {step_limit!r}"
        )
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
        return Outcome(
            "not yet",
            message=f"{name} raises NotImplementedError: replace "
            f"`raise NotImplementedError()` with your code",
        )
    except _OutOfSteps:
        return Outcome(
            "timeout",
            steps=limits.steps_used,
            message=f"did not finish: your code ran {_millions(steps)} steps "
            f"(lines) without returning — is there a loop that never ends?",
        )
    except _TimeUp:
        return Outcome(
            "timeout",
            steps=limits.steps_used,
            message=f"did not finish within {seconds:g} s — is there a loop that never ends?",
        )
    except SystemExit:
        return Outcome(
            "error",
            message="called exit() (SystemExit): return a value instead",
            steps=limits.steps_used,
        )
    except RecursionError:
        return Outcome(
            "recursion",
            steps=limits.steps_used,
            message="called itself too many times (RecursionError) — does every "
            "call get closer to a stopping case?",
        )
    except Exception as exc:  # noqa: BLE001 - the point is to report any error in words
        text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        detail = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
        return Outcome(
            "error", message=f"raised {detail}{_where(exc, fn)}", steps=limits.steps_used
        )
    return Outcome("value", value=value, steps=limits.steps_used)
