"""A derivation line's LaTeX alignment where its LaTeX form starts with the relation.

``latex_aligned`` puts ``&`` before the first ``=`` of the LaTeX form of an equation
``lhs = rhs``; when that ``=`` is the form's first character the left side is empty.
"""

import pytest

from dtlearn.explain import DerivationLine


@pytest.mark.parametrize(
    "line, latex",
    [
        # an equation whose LaTeX form starts at its relation: nothing left of the &
        (DerivationLine("x = 1", r"= 1"), r" &= 1"),
        (DerivationLine("x = 1", r"=1"), r" &=1"),
        # the first = decides, not a later one
        (DerivationLine("x = 1", r"x = y = 1"), r"x &= y = 1"),
        (DerivationLine("x = 1", r"x\,=1"), r"x\, &=1"),
    ],
)
def test_the_ampersand_goes_before_the_first_equals_sign(line, latex):
    assert line.latex_aligned() == latex
