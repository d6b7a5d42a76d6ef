"""The course exercises' checks: a registry, per-student numbers and ``check("06.2", ...)``.

A lecture notebook's check cell is one line, ``dt.exercises.check("06.2", gap=gap)``. The
check registered under ``"06.2"`` (in a module of :mod:`dtlearn.exercises.lectures`, found
automatically) recomputes the expected value with dtlearn and compares it with the
student's answer using :func:`~dtlearn.exercises.compare.compare_number` or
:func:`~dtlearn.exercises.compare.compare_choice`. The result shows "passed", "not yet"
or a hint that names the mistake; it never shows the expected value and never raises.

Per-student numbers: ``register(..., data=make_data)`` attaches a function ``seed -> dict``;
the notebook reads its numbers with :func:`data`, and the check gets the same ``seed``
(:func:`student_seed`), so every student can have their own numbers.

Examples
--------
>>> print(check("99.0", x=1))
Exercise 99.0: check error — there is no exercise '99.0'
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import os
import pkgutil
import re
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from .compare import unanswered
from .results import CheckResult

__all__ = ["Exercise", "check", "data", "register", "registered", "student_seed"]


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


def register(
    exercise_id: str, *, title: str, data: Callable[[int], dict] | None = None
) -> Callable[[Callable[..., CheckResult]], Callable[..., CheckResult]]:
    """Register the check of exercise ``exercise_id`` (a decorator).

    The decorated function takes the student's answers by keyword (its parameters name
    them) and, if it has a ``seed`` parameter, the student's seed; it recomputes the
    expected value and returns :func:`~dtlearn.exercises.compare.compare_number` /
    :func:`~dtlearn.exercises.compare.compare_choice`.

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
    >>> from dtlearn.exercises.compare import compare_number
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
            exercise_id,
            title.strip(),
            function,
            data,
            tuple(p.name for p in names if p.default is inspect.Parameter.empty),
            tuple(p.name for p in names if p.default is not inspect.Parameter.empty),
        )
        old = _REGISTRY.get(exercise_id)
        if old is not None and (old.function.__module__, old.function.__qualname__) != (
            function.__module__,
            function.__qualname__,
        ):
            raise ValueError(
                f"exercise {exercise_id} is registered twice: by "
                f"{old.function.__module__}.{old.function.__qualname__} and "
                f"{function.__module__}.{function.__qualname__}"
            )
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
    broken = [
        f"{name.rsplit('.', 1)[1]} ({error})"
        for name, error in _LOAD_ERRORS.items()
        if name.rsplit(".", 1)[1].startswith(f"n{prefix}_")
    ]
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
            return int(explicit) % (2**31)  # numpy wants a seed >= 0
        except ValueError:
            return hash_seed(explicit)
    user = os.environ.get("JUPYTERHUB_USER", "").strip()
    return hash_seed(user) if user else 0


def hash_seed(text: str) -> int:
    """A seed in ``[0, 2**31)`` from a text (a user name): the same on every machine.

    Examples
    --------
    >>> hash_seed("ada") == hash_seed("ada"), 0 <= hash_seed("ada") < 2 ** 31
    (True, True)
    """
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") % (2**31)


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
    >>> from dtlearn.exercises.compare import compare_number
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
        raise TypeError(
            f"the data of exercise {exercise_id} must be a dict, got {type(numbers_).__name__}"
        )
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
    >>> from dtlearn.exercises.compare import compare_number
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
        takes = (
            f"the answer{'s' if len(exercise.answers) > 1 else ''} {', '.join(exercise.answers)}"
        )
        text = f"this check takes {takes}"
        if extra:
            text += f", not {', '.join(extra)}"
        return CheckResult(name, "check error", text)
    empty = [a for a in known if a in answers and unanswered(answers[a])]
    if empty:
        return CheckResult(name, "not yet", f"put your answer in place of None: {', '.join(empty)}")
    kwargs = dict(answers)
    if exercise.takes_seed:
        kwargs["seed"] = student_seed()
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            result = exercise.function(**kwargs)
    except Exception as exc:  # noqa: BLE001 - a bug in a check must not show a traceback
        return CheckResult(
            name,
            "check error",
            f"the check itself failed ({type(exc).__name__}); please tell your instructor",
        )
    if not isinstance(result, CheckResult):
        return CheckResult(
            name, "check error", f"the check returned a {type(result).__name__}, not a CheckResult"
        )
    return replace(result, name=name)
