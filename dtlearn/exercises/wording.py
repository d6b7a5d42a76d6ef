"""Numbers in a student's words: reading an answer as a number, writing it back as text.

Shared by the course-exercise comparisons (:mod:`dtlearn.exercises.compare`) and the
homework checks (:mod:`dtlearn.exercises.homework`), so that a number reads the same in
every message.

Examples
--------
>>> format_number(0.940285958), show_exact(0.940285958)
('0.9403', '0.940286')
>>> read_number("0.94", "entropy")
(None, "entropy returned the text '0.94'; return a number, not a string")
"""

from __future__ import annotations

import math
import numbers
from decimal import Decimal
from typing import Any

import numpy as np
import pandas as pd

from ..formatting import answer_number as format_number
from ..formatting import show_exact

__all__ = ["ABS_TOL", "format_number", "is_close", "read_number", "show_exact"]

ABS_TOL = 1e-6
"""The distance under which a student's function's number counts as exact."""


def is_close(a: float, b: float, tol: float = ABS_TOL) -> bool:
    """Whether ``a`` is finite and within ``tol`` of ``b``.

    Parameters
    ----------
    a : float
        The student's number (a ``nan`` or infinite one is never close).
    b : float
        The number it is compared with.
    tol : float, default :data:`ABS_TOL`
        The largest accepted distance.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_close(0.9402859, 0.9402860), is_close(float("nan"), 0.94)
    (True, False)
    """
    return math.isfinite(a) and abs(a - b) <= tol


def read_number(value: Any, fn_name: str) -> tuple[float | None, str]:
    """The answer as a float, or ``(None, what is wrong with its type)``.

    Accepts ints, floats, :class:`~fractions.Fraction`, :class:`~decimal.Decimal`, numpy
    scalars and 0-d arrays.

    Parameters
    ----------
    value : object
        What the student's function returned.
    fn_name : str
        How the message names the function (``"entropy"``).

    Returns
    -------
    tuple of (float or None, str)
        The number and ``""``, or ``None`` and a sentence for the student.

    Examples
    --------
    >>> from fractions import Fraction
    >>> read_number(Fraction(1, 4), "f")
    (0.25, '')
    >>> read_number([0.5, 0.5], "entropy")[1]
    'entropy returned list of 2 values; return one number (did you forget to add the terms up?)'
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
            return None, (
                f"{fn_name} returned an integer too large for a float ({len(str(value))} digits)"
            )
    if isinstance(value, str):
        return None, f"{fn_name} returned the text {value!r}; return a number, not a string"
    if isinstance(value, (list, tuple, pd.Series)) or (
        isinstance(value, np.ndarray) and value.ndim > 0
    ):
        n = len(value)
        return None, (
            f"{fn_name} returned {type(value).__name__} of {n} values; return one "
            f"number (did you forget to add the terms up?)"
        )
    if isinstance(value, (complex, np.complexfloating)):
        return None, f"{fn_name} returned a complex number; the log of a negative number?"
    return None, f"{fn_name} returned a {type(value).__name__}; return a number"
