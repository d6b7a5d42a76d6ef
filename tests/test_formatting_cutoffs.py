"""The number formatters at their cut-offs, each value worked out by hand.

``format_value`` switches to 3 significant digits below 0.01 (not 0.001); counts keep two
decimals; ``plural`` is singular for exactly 1 only; ``answer_number`` keeps decimals below
a million; ``fmt_whole_or_g`` gives 4 significant digits to a number that is not whole.
"""

import pytest

from dtlearn.formatting import (
    answer_number,
    fmt_count,
    fmt_fraction,
    fmt_whole_or_g,
    format_value,
    percent,
    plural,
)


@pytest.mark.parametrize(
    "value, text",
    [
        (0.00512, "0.00512"),  # below 0.01: 3 significant digits
        (0.0099, "0.0099"),
        (-0.004567, "-0.00457"),
        (0.001234, "0.00123"),
        (0.0005, "0.0005"),
        (0.01, "0.01"),  # from 0.01 on: 3 decimals, trailing zeros dropped
        (0.01234, "0.012"),
        (0.5941252504116743, "0.594"),
        (-12.0, "-12"),
        (0.0, "0"),
    ],
)
def test_format_value_cut_off_between_one_thousandth_and_one_hundredth(value, text):
    assert format_value(value) == text


@pytest.mark.parametrize(
    "value, text",
    [
        (9.0, "9"),
        (2.25, "2.25"),
        (13.6, "13.60"),
        (249.66, "249.66"),
        (0.5, "0.50"),
        (3.75, "3.75"),
        (1e15 + 0.5, "1000000000000000.50"),
    ],
)
def test_fmt_count_gives_fractional_counts_two_decimals(value, text):
    assert fmt_count(value) == text


def test_fmt_fraction_writes_both_counts_alike():
    assert fmt_fraction(2.25, 13.6) == "2.25/13.60"
    assert fmt_fraction(9, 14) == "9/14"


@pytest.mark.parametrize(
    "n, text",
    [
        (0, "0 rows"),
        (1, "1 row"),
        (1.0, "1 row"),
        (2, "2 rows"),
        (0.5, "0.5 rows"),
        (2.25, "2.25 rows"),
        (1.5, "1.5 rows"),
        (133.45, "133.45 rows"),
    ],
)
def test_plural_is_singular_for_exactly_one(n, text):
    assert plural(n, "row") == text


def test_plural_with_an_irregular_plural():
    assert (plural(0, "leaf", "leaves"), plural(1, "leaf", "leaves")) == ("0 leaves", "1 leaf")


@pytest.mark.parametrize(
    "x, text",
    [
        (123456.789, "123456.789"),
        (999999.5, "999999.5"),
        (100000.0, "100000"),
        (1e6, "1e+06"),
        (1234567.891, "1.235e+06"),
        (-0.00001, "0"),
        (2.5, "2.5"),
        (0.123456, "0.1235"),
    ],
)
def test_answer_number_keeps_decimals_below_a_million(x, text):
    assert answer_number(x) == text


@pytest.mark.parametrize(
    "x, text",
    [
        (14.0, "14"),
        (0.27464, "0.2746"),
        (5.5, "5.5"),
        (12.34567, "12.35"),
        (0.5, "0.5"),
        (7.692307692, "7.692"),
    ],
)
def test_fmt_whole_or_g_four_significant_digits(x, text):
    assert fmt_whole_or_g(x) == text


def test_percent_of_a_total_is_one_division():
    # 100 * 23 / 40 = 57.5 exactly, rounded to even; 23 / 40 first is 0.575 - a little
    assert percent(23, 40) == "58%"
    assert percent(23 / 40) == "57%"
    assert percent(0, 0) == "–" and percent(None) == "–"


def test_answer_number_names_infinities_and_nan():
    assert [answer_number(x) for x in (float("inf"), float("-inf"), float("nan"))] == [
        "inf",
        "-inf",
        "nan",
    ]


@pytest.mark.parametrize(
    "value, digits, text",
    [
        (0.125, 2, "0.13"),
        (-0.125, 2, "-0.13"),  # half away from zero, both signs
        (2.5, 0, "3"),
        (-2.5, 0, "-3"),
        (1.005, 2, "1"),  # 1.005 is 1.00499... in binary
        (-0.001, 2, "0"),
        (12.5, 6, "12.5"),
        (1e20, 2, "100000000000000000000"),
    ],
)
def test_format_number_rounds_half_away_from_zero_like_weka(value, digits, text):
    from dtlearn.formatting import format_number

    assert format_number(value, digits) == text


@pytest.mark.parametrize(
    "value, text", [(3.0, "3"), (-2.0, "-2"), (0.1, "0.1"), (2.5e-7, "2.5e-07")]
)
def test_exact_number_drops_only_a_trailing_point_zero(value, text):
    from dtlearn.formatting import exact_number

    assert exact_number(value) == text


def test_fmt_float_never_prints_minus_zero():
    from dtlearn.formatting import fmt_float

    assert (fmt_float(-0.0001), fmt_float(-0.0006), fmt_float(-0.0, ".1f")) == (
        "0.000",
        "-0.001",
        "0.0",
    )


@pytest.mark.parametrize(
    "value, text", [(250000.0, "250000"), (1e14, "100000000000000"), (99999.0, "99999")]
)
def test_fmt_count_whole_numbers_print_without_decimals_up_to_1e15(value, text):
    assert fmt_count(value) == text
