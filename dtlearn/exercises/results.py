"""What a check returns: one :class:`Case` per answer or call, one :class:`CheckResult`.

A result says "passed", "failed", "not yet" or "check error" in one line, lists the cases
that explain it, shows itself as text (what nbval and graders compare) and as a small
coloured table in Jupyter, gives plain data to graders (``to_dict``) and, in an nbgrader
grade cell, raises :class:`CheckFailed` unless it passed (``assert_ok``).

Examples
--------
>>> print(summarize("check_entropy", [Case("entropy([9, 5])", True, "0.940286"),
...                                   Case("entropy([14, 0])", False, "raised ValueError")]))
check_entropy: failed — 1 of 2 cases wrong
  ✗ entropy([14, 0]): raised ValueError
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = ["Case", "CheckFailed", "CheckResult", "not_yet", "summarize"]


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
    still raises ``NotImplementedError``), ``"graded later"`` (hidden homework cases, which
    only the grading machine can run; :meth:`assert_ok` lets it pass in a student's
    notebook and fails it in a kernel nbgrader autogrades in) or ``"check error"`` (the check itself could not
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
        if self.status in ("not yet", "check error", "graded later"):
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
        if self.status not in ("not yet", "check error", "graded later"):
            shown = self.failed_cases if self.failed_cases else self.cases
            lines += [f"  {c}" for c in shown]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = _COLOURS.get(self.status, "#9a6700")
        head = (
            f"<p><b>{html.escape(self.name)}</b>: <b style='color:{colour}'>"
            f"{html.escape(self.status)}</b> — {html.escape(self.summary)}</p>"
        )
        if self.status in ("not yet", "check error", "graded later") or not self.cases:
            return head
        rows = "".join(
            f"<tr><td style='color:{_COLOURS['passed'] if c.passed else _COLOURS['failed']}'>"
            f"{'✓' if c.passed else '✗'}</td><td><code>{html.escape(c.call)}</code></td>"
            f"<td style='text-align:left'>{html.escape(c.message)}</td></tr>"
            for c in self.cases
        )
        return head + f"<table>{rows}</table>"

    def to_dict(self) -> dict:
        """Plain data for graders.

        Examples
        --------
        >>> CheckResult("demo", "passed", "right").to_dict()["status"]
        'passed'
        """
        return {
            "name": self.name,
            "status": self.status,
            "summary": self.summary,
            "score": self.score,
            "cases": [
                {"call": c.call, "passed": c.passed, "message": c.message} for c in self.cases
            ],
        }

    def assert_ok(self) -> None:
        """Raise ``AssertionError`` with the report unless every case passed.

        Use it in nbgrader grade cells. It returns ``None``, so a passing grade cell has no
        output (nbgrader warns when a grade cell's output is a value).

        Examples
        --------
        >>> CheckResult("demo", "passed", "right").assert_ok()
        >>> CheckResult("demo", "not yet", "put your answer in place of None").assert_ok()
        Traceback (most recent call last):
        dtlearn.exercises.results.CheckFailed: demo: not yet — put your answer in place of None
        """
        if self.status == "graded later" and os.environ.get("NBGRADER_EXECUTION") != "autograde":
            return  # nothing to check in the student's notebook; see GRADED_LATER
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


def summarize(name: str, cases: Sequence[Case]) -> CheckResult:
    """The verdict on a list of cases: all right, some wrong, or stopped by a call.

    A last case whose call did not come back (an endless loop or runaway recursion, see
    :func:`~dtlearn.exercises.student_call.run_student`) is named as the reason the check
    stopped.

    Parameters
    ----------
    name : str
        The check's title.
    cases : sequence of Case
        The cases in the order they were checked.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> summarize("demo", [Case("f(1)", True, "1"), Case("f(2)", True, "2")]).summary
    'all 2 cases right'
    >>> summarize("demo", [Case("f(1)", False, "did not finish: ...")]).summary
    'stopped at case 1: the call did not come back'
    """
    failed = sum(not c.passed for c in cases)
    if (
        cases
        and cases[-1].message
        and not cases[-1].passed
        and ("did not finish" in cases[-1].message or "RecursionError" in cases[-1].message)
    ):
        return CheckResult(
            name,
            "failed",
            f"stopped at case {len(cases)}: the call did not come back",
            tuple(cases),
        )
    if failed == 0:
        return CheckResult(name, "passed", f"all {len(cases)} cases right", tuple(cases))
    return CheckResult(name, "failed", f"{failed} of {len(cases)} cases wrong", tuple(cases))


def not_yet(name: str, message: str) -> CheckResult:
    """The result of a check with no answer yet (``None``, or a stub still raising).

    Parameters
    ----------
    name : str
        The check's title.
    message : str
        What to do, e.g. "put your answer in place of None".

    Returns
    -------
    CheckResult
        Status ``"not yet"``, no cases, score 0.

    Examples
    --------
    >>> print(not_yet("H", "put your answer in place of None"))
    H: not yet — put your answer in place of None
    """
    return CheckResult(name, "not yet", message, ())
