"""Exercises and homework checks that answer in words a student understands.

- Course notebooks: ``dt.exercises.check("06.2", gap=gap)`` checks a by-hand or computed
  answer against the check registered for that exercise (in
  :mod:`dtlearn.exercises.lectures`); ``dt.exercises.data("01.3")`` gives the student's own
  numbers. See :mod:`dtlearn.exercises.core` (which gathers :mod:`~dtlearn.exercises.results`,
  :mod:`~dtlearn.exercises.student_call`, :mod:`~dtlearn.exercises.compare` and
  :mod:`~dtlearn.exercises.registry`).
- Homework (nbgrader): ``check_entropy(entropy).assert_ok()`` and friends call the
  student's function on many cases. See :mod:`dtlearn.exercises.homework`.

Examples
--------
>>> import dtlearn as dt
>>> def entropy(counts):
...     raise NotImplementedError()
>>> dt.exercises.check_entropy(entropy).status
'not yet'
"""

from .core import *  # noqa: F403 - the framework's names, listed once in core.__all__
from .core import __all__ as _framework
from .homework import (
    as_nested_dict,
    check_entropy,
    check_id3,
    check_information_gain,
    check_reduced_error_prune,
)

__all__ = [
    "as_nested_dict",
    "check_entropy",
    "check_id3",
    "check_information_gain",
    "check_reduced_error_prune",
]
__all__ += _framework
