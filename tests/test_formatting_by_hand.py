"""Every formatter on the inputs where a rule changes, each expectation worked out by hand.

Binary-exact inputs are chosen where rounding matters (2.375, 57.5, -2.5), so the
expected text follows from the stated rule alone: Python's round-half-even for
:func:`fmt` and :func:`percent`, Weka's half-away-from-zero for :func:`format_number`.
"""

import math

import numpy as np
import pytest

from dtlearn.exercises.wording import is_close, read_number
from dtlearn.formatting import (
    answer_number,
    exact_number,
    float32_text,
    fmt,
    fmt_cell,
    fmt_count,
    fmt_fraction,
    fmt_g,
    fmt_whole_or_g,
    format_number,
    format_value,
    java_double,
    percent,
    plural,
    python_literal,
    show_exact,
)

CASES = [
    # fmt: bools as words (False is not 0), ints as they are, -0 shown as 0
    (fmt, (True,), "True"),
    (fmt, (False,), "False"),
    (fmt, (np.int64(14),), "14"),
    (fmt, (14,), "14"),
    (fmt, (-0.0001,), "0.000"),
    (fmt, (0.94,), "0.940"),
    (fmt, (2.25, 1), "2.2"),
    (fmt, ("sunny",), "sunny"),
    (fmt, (float("-inf"),), "-inf"),
    (fmt, (None,), "None"),
    # fmt_cell: None empty, bools and ints as words, floats in the spec
    (fmt_cell, (None,), ""),
    (fmt_cell, (True,), "True"),
    (fmt_cell, (False,), "False"),
    (fmt_cell, (np.int32(3),), "3"),
    (fmt_cell, (np.float64(0.5),), "0.500"),
    (fmt_cell, (0.5, ".1f"), "0.5"),
    (fmt_cell, (-0.0001,), "0.000"),
    # counts: whole numbers bare (however large), else two decimals
    (fmt_count, (9.0,), "9"),
    (fmt_count, (123456.0,), "123456"),
    (fmt_count, (2.375,), "2.38"),
    (fmt_count, (13.6,), "13.60"),
    (fmt_fraction, (9, 14.0), "9/14"),
    (fmt_fraction, (2.5, 13.6), "2.50/13.60"),
    # significant digits: 6 by default; whole numbers of up to 6 digits as they are
    (fmt_g, (2 / 3,), "0.666667"),
    (fmt_g, (-1e-20, 3), "-1e-20"),
    (fmt_whole_or_g, (14.0,), "14"),
    (fmt_whole_or_g, (123456.0,), "123456"),
    (fmt_whole_or_g, (0.274563,), "0.2746"),
    (fmt_whole_or_g, (5.5,), "5.5"),
    # percent: one division, rounded half to even; nothing out of nothing
    (percent, (0.857,), "86%"),
    (percent, (None,), "–"),
    (percent, (3, 0), "–"),
    (percent, (23, 40), "58%"),
    (percent, (0, 5), "0%"),
    # plural: singular exactly when the count prints as 1
    (plural, (1, "row"), "1 row"),
    (plural, (1.004, "row"), "1 row"),
    (plural, (0.5, "row"), "0.5 rows"),
    (plural, (0, "leaf", "leaves"), "0 leaves"),
    (plural, (2.345, "row"), "2.35 rows"),
    # regression values: 3 decimals (Weka's rounding), 3 significant digits under 0.01
    (format_value, (0.0015,), "0.0015"),
    (format_value, (0.005,), "0.005"),
    (format_value, (0.01,), "0.01"),
    (format_value, (0.0001234,), "0.000123"),
    (format_value, (2.5625,), "2.563"),
    (format_value, (-12.0,), "-12"),
    (format_value, (0.0,), "0"),
    (format_value, (-0.0015,), "-0.0015"),
    # answers to students: up to 4 decimals below a million, never -0
    (answer_number, (123456.7,), "123456.7"),
    (answer_number, (1234567.0,), "1.235e+06"),
    (answer_number, (-0.00001,), "0"),
    (answer_number, (float("-inf"),), "-inf"),
    (answer_number, (float("inf"),), "inf"),
    (answer_number, (float("nan"),), "nan"),
    (answer_number, (0.94028,), "0.9403"),
    (show_exact, (0.1234567,), "0.123457"),
    # Weka's rounding: half away from zero, the sign kept
    (format_number, (-2.5, 0), "-3"),
    (format_number, (2.5, 0), "3"),
    (format_number, (-1.25, 1), "-1.3"),
    (format_number, (-0.0005, 3), "-0.001"),
    (format_number, (-75.0,), "-75"),
    (format_number, (0.0000004,), "0"),
    # read back exactly
    (exact_number, (1e20,), "1e+20"),
    (exact_number, (1e-10,), "1e-10"),
    (exact_number, (75.0,), "75"),
    (exact_number, (0.1 + 0.2,), "0.30000000000000004"),
    (java_double, (2.0,), "2.0"),
    (python_literal, (np.float64(75.0),), "75.0"),
    (python_literal, (np.str_("a"),), "'a'"),
    (float32_text, (float(np.float32(1.234567)),), "1.234567"),
    (float32_text, (float(np.float32(16.795)),), "16.795"),
]


@pytest.mark.parametrize(
    "function, args, expected", CASES, ids=[f"{f.__name__}{a}" for f, a, _ in CASES]
)
def test_formatter_by_hand(function, args, expected):
    assert function(*args) == expected


@pytest.mark.parametrize(
    "value, number",
    [
        (np.array(3), 3.0),
        (np.array(2.5), 2.5),
        (np.int8(-4), -4.0),
        (0.25, 0.25),
        (7, 7.0),
        (np.float32(0.5), 0.5),
    ],
)
def test_read_number_reads_every_kind_of_number(value, number):
    assert read_number(value, "f") == (number, "")


def test_read_number_refuses_what_is_not_one_number_in_words():
    from decimal import Decimal
    from fractions import Fraction

    assert read_number(Decimal("0.125"), "f") == (0.125, "")
    assert read_number(Fraction(1, 8), "f") == (0.125, "")
    assert read_number(True, "entropy") == (None, "entropy returned True (a bool); return a number")
    assert read_number(np.bool_(False), "f") == (None, "f returned False (a bool); return a number")
    assert read_number(None, "f") == (None, "f returned None — did you forget `return`?")
    assert read_number([0.5, 0.25, 0.25], "f") == (
        None,
        "f returned list of 3 values; return one number (did you forget to add the terms up?)",
    )
    assert read_number(1j, "f") == (
        None,
        "f returned a complex number; the log of a negative number?",
    )
    assert read_number({"a": 1}, "f") == (None, "f returned a dict; return a number")
    assert read_number(10**400, "f") == (
        None,
        "f returned an integer too large for a float (401 digits)",
    )


def test_is_close_includes_its_tolerance_and_never_accepts_nan_or_infinity():
    assert is_close(1.0, 1.5, tol=0.5) and not is_close(1.0, 1.5, tol=0.25)
    assert is_close(0.0, 1e-6) and not is_close(0.0, 1.5e-6)
    assert not is_close(math.inf, 0.0, tol=math.inf)
    assert not is_close(math.nan, math.nan)
