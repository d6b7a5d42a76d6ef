"""The exercise framework in one import: results, safe calls, comparisons, the registry.

Each idea lives in its own module; this one gathers their public names (the import path
notebooks, tests and older homework use):

- :mod:`~dtlearn.exercises.results` — :class:`Case`, :class:`CheckResult`,
  :class:`CheckFailed`: what every check returns, as text, HTML and plain data;
- :mod:`~dtlearn.exercises.student_call` — :func:`run_student` calls a student's function
  with a step budget (not a short wall clock, so a busy machine does not make a slow but
  correct function look endless) and turns any failure into an :class:`Outcome` in words;
- :mod:`~dtlearn.exercises.compare` — :func:`compare_number`, :func:`compare_choice`,
  :func:`combine`: a course exercise's answer against the expected value, never shown;
- :mod:`~dtlearn.exercises.registry` — :func:`register`, :func:`check`, :func:`data`,
  :func:`student_seed`: a lecture notebook's check cell is one line,
  ``dt.exercises.check("06.2", gap=gap)``, answered by the check registered under
  ``"06.2"`` in :mod:`dtlearn.exercises.lectures`, with per-student numbers.

Examples
--------
>>> from dtlearn.exercises.core import check, registered
>>> "01.1" in registered()
True
>>> print(check("01.1"))
Exercise 01.1 (Entropy of a coin): check error — this check takes the answer h_coin
"""

from .compare import check_value, combine, compare_choice, compare_number
from .registry import Exercise, check, data, register, registered, student_seed
from .results import Case, CheckFailed, CheckResult
from .student_call import STEP_LIMIT, TIME_LIMIT, ForbiddenCall, Outcome, run_student

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
