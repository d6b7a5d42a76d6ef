"""How every view writes numbers and colours classes: formatting helpers and the palette.

Derivations, result tables, figures and widgets all format numbers with :func:`fmt` and
friends (defined in :mod:`dtlearn.formatting`, the one number-formatting module, and
re-exported here) and colour class ``k`` with colour ``k`` of :data:`CLASS_COLOURS`, so a
class looks the same everywhere. Pure string functions.
"""

from __future__ import annotations

import html
from typing import Any

from .formatting import fmt, fmt_count, fmt_fraction

__all__ = [
    "CLASS_COLOURS",
    "class_colour",
    "fmt",
    "fmt_count",
    "fmt_fraction",
    "html_class",
    "latex_class",
    "latex_fraction",
    "latex_text",
    "md_escape",
]

CLASS_COLOURS: tuple[str, ...] = (
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#F0E442",  # yellow (last: weak on white)
    "#000000",  # black
)
"""Okabe-Ito colour-blind-safe palette; class ``k`` (in class order) gets colour ``k``."""


def latex_fraction(numerator: float, denominator: float) -> str:
    r"""Format a ratio of counts as LaTeX, e.g. ``\tfrac{9}{14}``.

    Examples
    --------
    >>> latex_fraction(9, 14)
    '\\tfrac{9}{14}'
    """
    return rf"\tfrac{{{fmt_count(numerator)}}}{{{fmt_count(denominator)}}}"


_LATEX_ESCAPES = {
    "\\": r"\backslash ",
    "{": r"\{",
    "}": r"\}",
    "_": r"\_",
    "^": r"\^{}",
    "%": r"\%",
    "&": r"\&",
    "#": r"\#",
    "$": r"\$",
    "~": r"\~{}",
}


def latex_text(text: str) -> str:
    r"""Wrap plain text for use inside math: ``\text{...}`` with special characters escaped.

    Examples
    --------
    >>> latex_text("n_v & co")
    '\\text{n\\_v \\& co}'
    """
    escaped = "".join(_LATEX_ESCAPES.get(ch, ch) for ch in str(text))
    return rf"\text{{{escaped}}}"


def class_colour(index: int) -> str:
    """Colour of the class at position ``index`` in class order (cycles through the palette).

    Examples
    --------
    >>> class_colour(0), class_colour(len(CLASS_COLOURS))
    ('#E69F00', '#E69F00')
    """
    return CLASS_COLOURS[int(index) % len(CLASS_COLOURS)]


def latex_class(name: Any, index: int) -> str:
    r"""Return a class name as coloured LaTeX (works in MathJax and KaTeX).

    Examples
    --------
    >>> latex_class("yes", 0)
    '{\\color{#E69F00}{\\text{yes}}}'
    """
    return rf"{{\color{{{class_colour(index)}}}{{{latex_text(name)}}}}}"


def html_class(name: Any, index: int) -> str:
    """Return a class name as a coloured HTML ``<span>``.

    Examples
    --------
    >>> html_class("yes", 1)
    '<span class="dtlearn-class" style="color:#56B4E9;font-weight:bold">yes</span>'
    """
    return (
        f'<span class="dtlearn-class" style="color:{class_colour(index)};'
        f'font-weight:bold">{html.escape(str(name))}</span>'
    )


def md_escape(text: str) -> str:
    r"""Escape the characters Markdown would read as table bars or emphasis.

    Parameters
    ----------
    text : str

    Returns
    -------
    str

    Examples
    --------
    >>> print(md_escape("n_v | *x*"))
    n\_v \| \*x\*
    """
    return str(text).replace("|", r"\|").replace("*", r"\*").replace("_", r"\_")
