"""The display helpers, checked against the Okabe-Ito palette and the escaping rules."""

import pytest

from dtlearn.display import (
    CLASS_COLOURS,
    class_colour,
    html_class,
    latex_class,
    latex_fraction,
    latex_text,
    md_escape,
)

OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#CC79A7", "#F0E442", "#000000")


def test_the_palette_is_okabe_ito_and_wraps_after_eight():
    assert CLASS_COLOURS == OKABE_ITO
    assert [class_colour(k) for k in range(10)] == [*OKABE_ITO, OKABE_ITO[0], OKABE_ITO[1]]
    assert class_colour(7) == "#000000"


@pytest.mark.parametrize(
    "text, latex",
    [
        ("a_b", r"\text{a\_b}"),
        ("50%", r"\text{50\%}"),
        ("x^2", r"\text{x\^{}2}"),
        ("~home", r"\text{\~{}home}"),
        ("a&b#c$d", r"\text{a\&b\#c\$d}"),
        ("{x}", r"\text{\{x\}}"),
        ("a\\b", r"\text{a\backslash b}"),
    ],
)
def test_latex_text_escapes_every_special_character(text, latex):
    assert latex_text(text) == latex


def test_latex_fraction_writes_counts_as_the_course_does():
    assert latex_fraction(3, 14) == r"\tfrac{3}{14}"
    assert latex_fraction(2.5, 7.0) == r"\tfrac{2.50}{7}"


def test_latex_and_html_class_names_take_their_colour():
    assert latex_class("yes", 1) == r"{\color{#56B4E9}{\text{yes}}}"
    assert html_class("<no>", 8) == (
        '<span class="dtlearn-class" style="color:#E69F00;font-weight:bold">&lt;no&gt;</span>'
    )


@pytest.mark.parametrize(
    "text, escaped",
    [
        ("a|b", r"a\|b"),
        ("*x*", r"\*x\*"),
        ("snake_case", r"snake\_case"),
        ("plain", "plain"),
    ],
)
def test_md_escape(text, escaped):
    assert md_escape(text) == escaped
