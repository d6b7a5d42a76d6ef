# About 380 logical lines: one idea, every number formatter of the package in one place, so that a number reads the same wherever it is shown.
"""How dtlearn writes numbers: the one number-formatting module of the package.

Every view, export, explanation and message imports its number formatters from here, so a
number reads the same wherever it is shown. The module imports nothing from dtlearn, so every
layer (core computation, exports, views, exercises) may import it.

Most formatters are for people (:func:`fmt`, :func:`fmt_count`, :func:`fmt_fraction`,
:func:`fmt_float`, :func:`fmt_cell`, :func:`fmt_g`, :func:`fmt_whole_or_g`, :func:`percent`,
:func:`plural`, :func:`format_value`, :func:`answer_number`, :func:`show_exact`). A few
deliberately differ because the text must match another program or be read back exactly:

* :func:`format_number`: Weka's ``Utils.doubleToString`` (round half away from zero), for
  the thresholds and weights that the Weka-parity fixtures compare character by character;
* :func:`java_double`: Java's ``Double.toString`` (``2.0``, not ``2``), for J48's leaf counts;
* :func:`exact_number` and :func:`python_literal`: the shortest text that reads back as the
  same value, for rules and generated code that must route every row as the tree does;
* :func:`float32_text`: 7 significant digits, the precision of scikit-learn's 32-bit
  thresholds.

Examples
--------
>>> fmt(0.940285958), format_number(0.940285958), exact_number(0.1 + 0.2)
('0.940', '0.940286', '0.30000000000000004')
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

__all__ = [
    "answer_number",
    "exact_number",
    "float32_text",
    "fmt",
    "fmt_cell",
    "fmt_count",
    "fmt_float",
    "fmt_fraction",
    "fmt_g",
    "fmt_whole_or_g",
    "format_number",
    "format_value",
    "java_double",
    "percent",
    "plural",
    "python_literal",
    "show_exact",
]


# ---------------------------------------------------------------------------------- for people
def fmt_float(number: float, spec: str = ".3f") -> str:
    """A float in the format ``spec`` (as :func:`format`), never as a negative zero.

    The one rule every table and explanation shares: a value that rounds to zero is shown
    as ``0.000``, not ``-0.000``.

    Parameters
    ----------
    number : float
        The number.
    spec : str, default ".3f"
        A format specification, as for :func:`format`.

    Returns
    -------
    str

    Examples
    --------
    >>> fmt_float(0.94028595), fmt_float(-0.0001), fmt_float(-0.0, ".3g"), fmt_float(2.5, ".0%")
    ('0.940', '0.000', '0', '250%')
    """
    text = format(float(number), spec)
    if text.startswith("-") and text.strip("-0.") == "":
        text = text[1:]
    return text


def fmt(value: Any, decimals: int = 3) -> str:
    """Format a number for display: floats with ``decimals`` decimals, integers as they are.

    ``-0.000`` is shown as ``0.000``; strings pass through unchanged; anything that is not a
    number is shown with ``str``.

    Parameters
    ----------
    value : Any
        A number (Python or numpy), or any other value.
    decimals : int, default 3
        Decimals of a float.

    Returns
    -------
    str

    Examples
    --------
    >>> fmt(0.94028595), fmt(14), fmt(-0.0001), fmt("sunny"), fmt(float("-inf"))
    ('0.940', '14', '0.000', 'sunny', '-inf')
    """
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int) or (
        hasattr(value, "dtype") and getattr(value.dtype, "kind", "") in "iu"
    ):
        return str(int(value))
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    if math.isnan(number):
        return "nan"
    return fmt_float(number, f".{decimals}f")


def fmt_cell(value: Any, spec: str = ".3f") -> str:
    """Text of one table cell: floats in the format ``spec``, everything else with ``str``.

    Unlike :func:`fmt`, an empty cell (``None``) is empty text and only floats (Python or
    numpy) are formatted as numbers.

    Parameters
    ----------
    value : Any
        The cell's value.
    spec : str, default ".3f"
        The format specification of floats, as for :func:`format`.

    Returns
    -------
    str

    Examples
    --------
    >>> fmt_cell(0.5), fmt_cell(3), fmt_cell(None), fmt_cell(-1e-9, ".4g"), fmt_cell(True)
    ('0.500', '3', '', '-1e-09', 'True')
    """
    if value is None:
        return ""
    if isinstance(value, (str, bool)):
        return str(value)
    if isinstance(value, int) or (hasattr(value, "dtype") and value.dtype.kind in "iu"):
        return str(int(value))
    if isinstance(value, float) or hasattr(value, "dtype"):
        return fmt_float(value, spec)
    return str(value)


def fmt_count(value: float) -> str:
    """Format a (possibly fractional) instance count: ``9`` or ``2.35`` (two decimals).

    Parameters
    ----------
    value : float
        The count.

    Returns
    -------
    str

    Examples
    --------
    >>> fmt_count(9.0), fmt_count(2.35), fmt_count(13.6)
    ('9', '2.35', '13.60')
    """
    number = float(value)
    if number == round(number) and abs(number) < 1e15:
        return str(int(round(number)))
    return fmt(number, 2)


def fmt_fraction(numerator: float, denominator: float) -> str:
    """Format a ratio of counts as text, e.g. ``9/14``.

    Parameters
    ----------
    numerator, denominator : float
        The two counts, each written by :func:`fmt_count`.

    Returns
    -------
    str

    Examples
    --------
    >>> fmt_fraction(9, 14), fmt_fraction(2.5, 13.6)
    ('9/14', '2.50/13.60')
    """
    return f"{fmt_count(numerator)}/{fmt_count(denominator)}"


def fmt_g(x: float, digits: int = 6) -> str:
    """A number with ``digits`` significant digits (``%g``), never ``-0``.

    Parameters
    ----------
    x : float
        The number.
    digits : int, default 6
        Significant digits.

    Returns
    -------
    str

    Examples
    --------
    >>> fmt_g(2 / 3), fmt_g(14.0), fmt_g(0.000123456, 3), fmt_g(-0.0, 3)
    ('0.666667', '14', '0.000123', '0')
    """
    return fmt_float(x, f".{digits}g")


def fmt_whole_or_g(x: float, digits: int = 4) -> str:
    """A whole number as it is (up to 6 digits), any other with ``digits`` significant digits.

    How pessimistic pruning writes counts and errors: ``14`` and ``5.5``, but ``0.2746``.

    Parameters
    ----------
    x : float
        The number.
    digits : int, default 4
        Significant digits of a number that is not whole.

    Returns
    -------
    str

    Examples
    --------
    >>> fmt_whole_or_g(14.0), fmt_whole_or_g(12345.0), fmt_whole_or_g(0.27464), fmt_whole_or_g(5.5)
    ('14', '12345', '0.2746', '5.5')
    """
    return fmt_g(x) if float(x).is_integer() else fmt_g(x, digits)


def percent(x: float | None, of: float | None = None) -> str:
    """A proportion as a whole percentage, ``–`` when there is none.

    Parameters
    ----------
    x : float or None
        The proportion (``0.857`` for 86 %), or with ``of`` a count.
    of : float, optional
        The total ``x`` is a part of; ``–`` when it is 0. ``100 * x / of`` is computed
        as one division (``percent(23 / 40)`` rounds ``57.49999...`` down, ``percent(23, 40)``
        rounds 57.5 to even).

    Returns
    -------
    str

    Examples
    --------
    >>> percent(0.857), percent(None), percent(6, 7), percent(0, 0)
    ('86%', '–', '86%', '–')
    """
    if x is None or (of is not None and of == 0):
        return "–"
    return f"{100 * x:.0f}%" if of is None else f"{100 * x / of:.0f}%"


def plural(n: float, word: str, words: str | None = None) -> str:
    """``n`` followed by ``word`` in the singular for exactly 1, else in the plural.

    Fractional counts (C4.5's weights) are formatted with up to 2 decimals.

    Parameters
    ----------
    n : float
        The count.
    word : str
        The singular.
    words : str, optional
        The plural; ``word + "s"`` by default.

    Returns
    -------
    str

    Examples
    --------
    >>> plural(1, "row"), plural(3, "leaf", "leaves"), plural(2.5, "row")
    ('1 row', '3 leaves', '2.5 rows')
    """
    shown = format_number(n, 2)
    return f"{shown} {word if shown == '1' else (words or word + 's')}"


def format_value(value: float) -> str:
    """A regression value as the course prints it: 3 decimals, 3 significant digits if tiny.

    Parameters
    ----------
    value : float
        The value.

    Returns
    -------
    str

    Examples
    --------
    >>> format_value(0.5941252504116743), format_value(-12.0), format_value(0.00012345)
    ('0.594', '-12', '0.000123')
    """
    value = float(value)
    if value != 0 and abs(value) < 0.01:
        return f"{value:.3g}"
    return format_number(value, 3)


def answer_number(x: float, decimals: int = 4) -> str:
    """A number in a message to a student: ``decimals`` decimals at most, never ``-0``.

    Unlike :func:`format_number` (Weka's rounding, for Weka parity) this rounds as Python
    does and switches to significant digits from a million on, so that a student's huge or
    wrong number stays short in a feedback message.

    Parameters
    ----------
    x : float
        The number.
    decimals : int, default 4
        The most decimals shown (and significant digits from a million on).

    Returns
    -------
    str

    Examples
    --------
    >>> answer_number(-0.00001), answer_number(2.5), answer_number(float("-inf"))
    ('0', '2.5', '-inf')
    >>> answer_number(1234567.891), answer_number(0.1234567, decimals=6)
    ('1.235e+06', '0.123457')
    """
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    text = f"{x:.{decimals}f}".rstrip("0").rstrip(".") if abs(x) < 1e6 else f"{x:.{decimals}g}"
    return "0" if text in ("-0", "0", "") else text


def show_exact(x: float) -> str:
    """A student's number with six decimals (enough to see a rounding), never ``-0``.

    Parameters
    ----------
    x : float
        The number.

    Returns
    -------
    str

    Examples
    --------
    >>> show_exact(0.94), show_exact(-1e-9), show_exact(float("nan"))
    ('0.94', '0', 'nan')
    """
    return answer_number(x, decimals=6)


# ------------------------------------------------------ for other programs and for reading back
def format_number(value: float, digits: int = 6) -> str:
    """Format a threshold the way Weka prints it: up to ``digits`` decimals, no trailing zeros.

    Distinct from :func:`answer_number`: Weka's ``Utils.doubleToString`` rounds half away
    from zero (Python rounds the binary value), and the Weka-parity fixtures compare the
    printed trees character by character.

    Parameters
    ----------
    value : float
        The number.
    digits : int, default 6
        The most decimals shown.

    Returns
    -------
    str

    Examples
    --------
    >>> format_number(75.0), format_number(2.5), format_number(0.1 + 0.2)
    ('75', '2.5', '0.3')
    """
    temp = float(value) * 10.0**digits  # Weka's Utils.doubleToString: round half away from 0
    if not abs(temp) < 2.0**63:
        text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    units = int(temp + 0.5) if temp > 0 else -int(abs(temp) + 0.5)
    whole, frac = divmod(abs(units), 10**digits)
    text = f"{whole}.{frac:0{digits}d}".rstrip("0").rstrip(".") if digits else str(whole)
    return "0" if units == 0 else ("-" if units < 0 else "") + text


def java_double(value: float) -> str:
    """Java's ``Double.toString`` for the rounded counts Weka prints.

    Distinct from :func:`exact_number`: Java always writes a decimal point (``2.0``), and
    J48's leaves print their weights that way. Python's shortest round-trip ``repr`` of a
    float agrees with Java's on these numbers.

    Parameters
    ----------
    value : float
        The number.

    Returns
    -------
    str

    Examples
    --------
    >>> java_double(2), java_double(253.41)
    ('2.0', '253.41')
    """
    return repr(float(value))


def exact_number(value: float) -> str:
    """The shortest text that reads back as exactly ``value`` (``repr``, without ``.0``).

    What rules print, so that a row lying on a threshold is covered by the rule the tree
    sends it to (:meth:`dtlearn.splits.Split.conditions` with ``exact=True``).

    Parameters
    ----------
    value : float
        The number.

    Returns
    -------
    str

    Examples
    --------
    >>> exact_number(75.0), exact_number(0.1 + 0.2), exact_number(1e-7)
    ('75', '0.30000000000000004', '1e-07')
    >>> float(exact_number(0.1 + 0.2)) == 0.1 + 0.2
    True
    """
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def python_literal(value: Any) -> str:
    """A number, category or label as a Python literal, numpy scalars made plain first.

    Distinct from :func:`exact_number`: generated code keeps the type of the value (``75.0``
    stays a float, ``'a'`` a string), so the code compares exactly what the tree compares.

    Parameters
    ----------
    value : Any
        A Python or numpy scalar.

    Returns
    -------
    str

    Examples
    --------
    >>> python_literal(np.int64(3)), python_literal(np.str_("a")), python_literal(0.1 + 0.2)
    ('3', "'a'", '0.30000000000000004')
    """
    return repr(value.item() if isinstance(value, np.generic) else value)


def float32_text(value: float) -> str:
    """A threshold to the precision of a 32-bit float: 7 significant digits, no trailing zeros.

    How scikit-learn's thresholds print (``16.795``, not ``16.795000076293945``): its
    thresholds are float32 midpoints stored as float64, so only numbers a 32-bit float cannot
    tell from the threshold read differently.

    Parameters
    ----------
    value : float
        The threshold.

    Returns
    -------
    str

    Examples
    --------
    >>> float32_text(16.795000076293945), float32_text(2.450000047683716), float32_text(3.0)
    ('16.795', '2.45', '3')
    """
    return np.format_float_positional(
        float(value), precision=7, unique=False, fractional=False, trim="-"
    )
