"""``format_number`` rounds like Weka's ``Utils.doubleToString``: half away from zero.

A negative number is rounded on its absolute value and signed afterwards, so ``-x`` always
prints as ``x`` with a minus sign. Each value is worked out by hand at the cut: the digit
after the last one kept below 5 rounds toward zero, 5 or more away from it.
"""

import pytest

from dtlearn.formatting import format_number


@pytest.mark.parametrize(
    "value, digits, text",
    [
        (1.047, 1, "1"),  # 10.47 units of 0.1: 10 (the 0.47 is dropped)
        (-1.047, 1, "-1"),  # the same on the negative side: -10, not -11
        (-1.049, 1, "-1"),
        (-0.25, 1, "-0.3"),  # -2.5 units: half away from zero gives -3
        (-0.249, 1, "-0.2"),
        (-2.5, 0, "-3"),
        (-2.45, 0, "-2"),
        (-0.00000045, 6, "0"),  # -0.45 units: rounds to zero, printed without a sign
        (-0.0000005, 6, "-0.000001"),
    ],
)
def test_a_negative_number_rounds_half_away_from_zero_at_the_cut(value, digits, text):
    assert format_number(value, digits) == text


@pytest.mark.parametrize("value", [0.047, 1.047, 3.1449, 0.25, 12.35, 7.04999])
@pytest.mark.parametrize("digits", [0, 1, 2])
def test_minus_x_prints_as_x_with_a_minus_sign(value, digits):
    positive = format_number(value, digits)
    expected = positive if positive == "0" else "-" + positive
    assert format_number(-value, digits) == expected
