"""Comparing a course exercise's answer with the expected value, without showing it.

A lecture check recomputes the expected value with dtlearn and compares the student's
answer with :func:`compare_number` (a number) or :func:`compare_choice` (an attribute, a
class, yes or no), joining several answers with :func:`combine`. A wrong answer gets a
hint that names the mistake (nats instead of bits, the sign, rounding too early, or a
hint the check gives for a plausible wrong value); the result never shows the expected
value and never raises.

Examples
--------
>>> print(compare_number(0.94, 0.9403, what="H(9 yes, 5 no) in bits"))
H(9 yes, 5 no) in bits: passed — right
  ✓ your answer: 0.94
>>> print(compare_number(0.6518, 0.9403, what="H(9 yes, 5 no) in bits",
...                      wrong={0.9403 * 0.6931: "that is in nats: use log base 2"}))
H(9 yes, 5 no) in bits: failed — not yet right
  ✗ your answer: 0.6518 — that is in nats: use log base 2
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Any

import numpy as np
import pandas as pd

from .results import Case, CheckResult, not_yet
from .wording import format_number, read_number

__all__ = [
    "ROUNDING_TOL",
    "check_value",
    "combine",
    "compare_choice",
    "compare_number",
    "unanswered",
]

ROUNDING_TOL = 5e-3
"""The default distance a by-hand answer may be off: rounding to two decimals passes."""


def _validate_number(arg: str, number: Any, *, nonnegative: bool = False) -> float:
    if isinstance(number, (bool, np.bool_)) or not isinstance(
        number, (numbers.Real, Decimal, np.integer, np.floating)
    ):
        raise TypeError(f"{arg} must be a number, got {number!r}")
    value = float(number)
    if not math.isfinite(value) or (nonnegative and value < 0):
        raise ValueError(
            f"{arg} must be a finite number{' >= 0' if nonnegative else ''}, got {number!r}"
        )
    return value


def unanswered(answer: Any) -> bool:
    """Whether an answer is still the placeholder (``None`` or ``...``).

    Parameters
    ----------
    answer : object
        The student's answer.

    Returns
    -------
    bool

    Examples
    --------
    >>> unanswered(None), unanswered(...), unanswered(0)
    (True, True, False)
    """
    return answer is None or answer is Ellipsis


def _looks_rounded(got: float, want: float, tol: float) -> bool:
    """Whether ``got`` is ``want`` rounded to one or two decimals (and outside ``tol``).

    Whole numbers never count: 0 for an expected 0.04 is a wrong idea, not a rounding.
    """
    return (
        not float(got).is_integer()
        and abs(got - want) > tol
        and any(abs(got - round(want, d)) < 1e-12 for d in (1, 2))
    )


def _not_a_number(value: Any) -> str:
    """What is wrong with a by-hand answer that is not a number."""
    if isinstance(value, str):
        return f"is the text {value!r}: write a number, not a string"
    if isinstance(value, (bool, np.bool_)):
        return f"is {value} (a bool): write a number"
    if isinstance(value, (list, tuple, pd.Series)) or (
        isinstance(value, np.ndarray) and value.ndim > 0
    ):
        return f"is a {type(value).__name__} of {len(value)} values: give one number"
    if isinstance(value, (complex, np.complexfloating)):
        return "is a complex number: the log of a negative number?"
    if isinstance(value, (numbers.Integral, np.integer)):
        return f"is an integer too large for a float ({len(str(value))} digits)"
    return f"is a {type(value).__name__}: give a number"


def compare_number(
    answer: Any,
    expected: Any,
    *,
    what: str,
    tol: float = ROUNDING_TOL,
    wrong: Mapping[Any, str] | None = None,
) -> CheckResult:
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
            value, (numbers.Real, Decimal, np.integer, np.floating)
        ):
            raise TypeError(f"wrong must map numbers to hints, got the key {value!r}")
        if math.isfinite(float(value)):  # a nan or inf wrong value can never be met
            hints.append((float(value), str(hint)))
    if unanswered(answer):
        return not_yet(what, "put your answer in place of None")
    got, problem = read_number(answer, "your answer")
    if got is None:
        return CheckResult(
            what, "failed", "not a number", (Case("your answer", False, _not_a_number(answer)),)
        )
    if not math.isfinite(got):
        return CheckResult(
            what,
            "failed",
            "not a finite number",
            (
                Case(
                    "your answer",
                    False,
                    f"{format_number(got)} — a log of 0 or a division by 0 somewhere?",
                ),
            ),
        )
    if abs(got - want) <= tol:
        return CheckResult(
            what, "passed", "right", (Case("your answer", True, format_number(got)),)
        )
    hint = ""
    near = [
        (abs(got - value), text)
        for value, text in hints
        if abs(got - value) <= tol and abs(value - want) > tol
    ]
    if near:
        hint = min(near)[1]
    elif want != 0 and abs(got + want) <= tol:
        hint = "the sign is wrong"
    elif _looks_rounded(got, want, tol):
        hint = "close, but rounded too early: keep at least three decimals"
    message = format_number(got) + (f" — {hint}" if hint else f" is not {what}")
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
        return CheckResult(
            "", "not yet", "put your answer in place of None: " + ", ".join(waiting), cases
        )
    wrong = sum(not r.passed for r in results)
    if not wrong:
        return CheckResult("", "passed", f"all {len(results)} answers right", cases)
    return CheckResult("", "failed", f"{wrong} of {len(results)} answers not yet right", cases)


def compare_choice(
    answer: Any, expected: Any, *, what: str, options: Any, wrong: Mapping[Any, str] | None = None
) -> CheckResult:
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
    if unanswered(answer):
        return not_yet(what, "put your answer in place of None")
    try:
        mine = _norm(answer)
        hash(mine)
    except TypeError:
        mine = None
    if mine is None or mine not in allowed:
        listed = ", ".join(repr(o) for o in options)
        return CheckResult(
            what,
            "failed",
            "not one of the options",
            (Case("your answer", False, f"{answer!r} — choose one of: {listed}"),),
        )
    if mine in right:
        return CheckResult(what, "passed", "right", (Case("your answer", True, repr(answer)),))
    hint = hints.get(mine, "")
    message = repr(answer) + (f" — {hint}" if hint else f" is not {what}")
    return CheckResult(what, "failed", "not yet right", (Case("your answer", False, message),))


def check_value(
    answer: Any, expected: float, what: str, tol: float = ROUNDING_TOL, hint: str = ""
) -> CheckResult:
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
