"""The pieces of text the measures' derivations share: symbols, logarithm names, sums.

Each returns plain text (and its LaTeX twin where a line has one), so a derivation reads
the same whichever measure prints it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..explain import DerivationLine, ResultTable, latex_class, latex_fraction, latex_text
from ..formatting import fmt, fmt_count, fmt_fraction

__all__ = [
    "child_table",
    "clamp",
    "class_summary",
    "entropy_lines",
    "instances_comment",
    "latex_sym",
    "log_names",
    "rounding_note",
    "signed_sum",
    "sym",
    "weighted_sum_text",
    "zero_note",
]


def log_names(base: float) -> tuple[str, str, str]:
    r"""(text name, LaTeX name, unit) of the logarithm to ``base``.

    Parameters
    ----------
    base : float
        The logarithm's base.

    Returns
    -------
    tuple of str

    Examples
    --------
    >>> log_names(2), log_names(3)
    (('log2', '\\log_2', 'bits'), ('log_3', '\\log_{3}', ''))
    """
    if base == 2:
        return "log2", r"\log_2", "bits"
    if math.isclose(base, math.e):
        return "ln", r"\ln", "nats"
    if base == 10:
        return "log10", r"\log_{10}", "hartleys"
    b = fmt_count(base)
    return f"log_{b}", rf"\log_{{{b}}}", ""


def sym(fn: str, arg: str) -> str:
    """A measure's symbol in text, ``fn(arg)``.

    Parameters
    ----------
    fn, arg : str
        The function's and the argument's names.

    Returns
    -------
    str

    Examples
    --------
    >>> sym("IG", "outlook")
    'IG(outlook)'
    """
    return f"{fn}({arg})"


def latex_sym(fn: str, arg: str) -> str:
    r"""A measure's symbol in LaTeX; names longer than a letter are set upright.

    Parameters
    ----------
    fn, arg : str
        The function's and the argument's names.

    Returns
    -------
    str

    Examples
    --------
    >>> print(latex_sym("H", "S"), latex_sym("Gini", "S"))
    H(\text{S}) \mathrm{Gini}(\text{S})
    """
    head = fn if len(fn) == 1 else rf"\mathrm{{{fn}}}"
    return rf"{head}({latex_text(arg)})"


def instances_comment(counts: np.ndarray, names: Sequence[str], coloured: bool) -> tuple[str, str]:
    """The ``with 14 instances: yes 9, no 5`` comment of a formula's first line.

    Parameters
    ----------
    counts : numpy.ndarray
        Counts per class (or value).
    names : sequence of str
        Their names.
    coloured : bool
        Whether the LaTeX colours class names (values are not coloured).

    Returns
    -------
    tuple of str
        The text and the LaTeX.

    Examples
    --------
    >>> instances_comment(np.array([9.0, 5.0]), ["yes", "no"], True)[0]
    'with 14 instances: yes 9, no 5'
    """
    total = fmt_count(counts.sum())
    noun = "instance" if total == "1" else "instances"
    text = f"with {total} {noun}: " + ", ".join(
        f"{n} {fmt_count(c)}" for n, c in zip(names, counts)
    )
    latex = latex_text(f"with {total} {noun}: ") + r",\ ".join(
        (latex_class(n, i) if coloured else latex_text(n)) + rf"\ {fmt_count(c)}"
        for i, (n, c) in enumerate(zip(names, counts))
    )
    return text, latex


def signed_sum(terms: Sequence[float]) -> str:
    """Terms joined by ``+`` and ``-`` as a textbook writes them (no ``+ -0.5``).

    Parameters
    ----------
    terms : sequence of float

    Returns
    -------
    str

    Examples
    --------
    >>> signed_sum([-0.41, -0.531, 0.2])
    '-0.410 - 0.531 + 0.200'
    """
    out = ""
    for i, t in enumerate(terms):
        s = fmt(t)
        if i == 0:
            out = s
        elif s.startswith("-"):
            out += f" - {s[1:]}"
        else:
            out += f" + {s}"
    return out


def entropy_lines(
    counts: np.ndarray,
    names: Sequence[str],
    symbol: str,
    symbol_latex: str,
    value: float,
    base: float,
    coloured: bool,
    index: str = "k",
) -> list[DerivationLine]:
    """The worked lines of ``-sum p log p`` (entropy of classes, split info of values).

    Parameters
    ----------
    counts : numpy.ndarray
        Counts per class or value.
    names : sequence of str
        Their names.
    symbol, symbol_latex : str
        The left-hand side in text and LaTeX.
    value : float
        The result.
    base : float
        The logarithm's base.
    coloured : bool
        Whether the LaTeX colours the names (classes) or not (values).
    index : str, optional
        The summation index (``k`` for classes, ``v`` for values).

    Returns
    -------
    list of DerivationLine

    Examples
    --------
    >>> lines = entropy_lines(np.array([1.0, 1.0]), ["a", "b"], "H(S)", "H(S)", 1.0, 2, True)
    >>> [line.text for line in lines][-1]
    '= 1.000 bits'
    """
    log, log_tex, unit = log_names(base)
    total = counts.sum()
    nz = [i for i in range(len(counts)) if counts[i] > 0]
    p = counts / total
    logs = [math.log(p[i]) / math.log(base) for i in nz]
    prods = [p[i] * lg for i, lg in zip(nz, logs)]
    comment, comment_tex = instances_comment(counts, names, coloured)
    fr = [fmt_fraction(counts[i], total) for i in nz]
    fr_tex = [latex_fraction(counts[i], total) for i in nz]
    return [
        DerivationLine(
            f"{symbol} = -sum_{index} p_{index} {log} p_{index}",
            rf"{symbol_latex} = -\sum_{index} p_{index} {log_tex} p_{index}",
            comment,
            comment_tex,
        ),
        DerivationLine(
            "= -(" + " + ".join(f"{f} · {log}({f})" for f in fr) + ")",
            r"= -\left(" + " + ".join(f"{f}{log_tex}{f}" for f in fr_tex) + r"\right)",
        ),
        DerivationLine(
            "= -(" + " + ".join(f"{fmt(p[i])} · {fmt(lg)}" for i, lg in zip(nz, logs)) + ")",
            r"= -\left("
            + " + ".join(rf"{fmt(p[i])} \cdot ({fmt(lg)})" for i, lg in zip(nz, logs))
            + r"\right)",
        ),
        DerivationLine(f"= -({signed_sum(prods)})", rf"= -\left({signed_sum(prods)}\right)"),
        DerivationLine(
            f"= {fmt(value)} {unit}".rstrip(),
            rf"= {fmt(value)}\ \text{{{unit}}}" if unit else f"= {fmt(value)}",
        ),
    ]


def zero_note(counts: np.ndarray, names: Sequence[str], what: str = "classes") -> str:
    """A note naming the empty classes (or values), which add nothing to ``-sum p log p``.

    Parameters
    ----------
    counts : numpy.ndarray
    names : sequence of str
    what : str, optional
        ``"classes"`` or ``"values"``.

    Returns
    -------
    str
        Empty when none is empty.

    Examples
    --------
    >>> zero_note(np.array([3.0, 0.0]), ["yes", "no"])
    'classes with no instances (no) contribute nothing (0 · log 0 is taken as 0)'
    """
    empty = [n for n, c in zip(names, counts) if c == 0]
    if not empty:
        return ""
    return (
        f"{what} with no instances ({', '.join(empty)}) contribute nothing "
        f"(0 · log 0 is taken as 0)"
    )


def child_table(
    table: np.ndarray,
    values: Sequence[str],
    classes: Sequence[str],
    fname: str,
    child: np.ndarray,
    child_col: str,
) -> ResultTable:
    """The table of a split's children: counts, weight and impurity of each value.

    Parameters
    ----------
    table : numpy.ndarray
        Contingency table (rows: values, columns: classes).
    values, classes : sequence of str
        Row and column names.
    fname : str
        The attribute's name (first column's header).
    child : numpy.ndarray
        Each child's impurity.
    child_col : str
        Header of the impurity column (``H(child)``).

    Returns
    -------
    ResultTable

    Examples
    --------
    >>> t = child_table(np.array([[2.0, 3.0]]), ["sunny"], ["yes", "no"], "outlook",
    ...                 np.array([0.971]), "H(child)")
    >>> t.columns
    ('outlook', 'n', 'yes', 'no', 'weight', 'H(child)')
    """
    total = table.sum()

    def num(x: float) -> Any:
        return int(round(x)) if float(x) == round(float(x)) else float(x)

    rows = [
        (v, num(row.sum()), *(num(c) for c in row), fmt_fraction(row.sum(), total), float(h))
        for v, row, h in zip(values, table, child)
    ]
    return ResultTable.build(
        [fname, "n", *classes, "weight", child_col], rows, class_columns=classes
    )


def weighted_sum_text(table: np.ndarray, child: np.ndarray) -> tuple[str, str]:
    """``5/14·0.971 + 4/14·0.000 + ...``: children's impurities weighted by their share.

    Parameters
    ----------
    table : numpy.ndarray
        Contingency table (rows: values, columns: classes).
    child : numpy.ndarray
        Each child's impurity.

    Returns
    -------
    tuple of str
        The text and the LaTeX.

    Examples
    --------
    >>> weighted_sum_text(np.array([[2.0, 3.0], [4.0, 0.0]]), np.array([0.971, 0.0]))[0]
    '5/9·0.971 + 4/9·0.000'
    """
    total = table.sum()
    n = table.sum(axis=1)
    text = " + ".join(f"{fmt_fraction(n_v, total)}·{fmt(h)}" for n_v, h in zip(n, child))
    latex = " + ".join(rf"{latex_fraction(n_v, total)}\cdot {fmt(h)}" for n_v, h in zip(n, child))
    return text, latex


def clamp(value: float, scale: float = 1.0) -> float:
    """``value``, or 0 when it is rounding noise (``|value| < 1e-12 · |scale|``).

    Parameters
    ----------
    value : float
        A difference, such as an impurity decrease.
    scale : float, optional
        The size of what was subtracted (the parent's impurity): noise is relative to it,
        so a decrease of 1e-13 in a node of impurity 1e-12 is kept.

    Returns
    -------
    float

    Examples
    --------
    >>> clamp(1e-15), clamp(0.25), clamp(1e-15, 1e-12)
    (0.0, 0.25, 1e-15)
    """
    return 0.0 if abs(value) < 1e-12 * abs(scale) else value


def class_summary(counts: np.ndarray, names: Sequence[str]) -> str:
    """``(9 yes / 5 no)``: a class distribution in a few words.

    Parameters
    ----------
    counts : numpy.ndarray
    names : sequence of str

    Returns
    -------
    str

    Examples
    --------
    >>> class_summary(np.array([9.0, 5.0]), ["yes", "no"])
    '(9 yes / 5 no)'
    """
    return "(" + " / ".join(f"{fmt_count(c)} {n}" for n, c in zip(names, counts)) + ")"


def rounding_note(a: float, b: float, result: float) -> str:
    """A note when ``a - b`` shown rounded differs from the rounded difference.

    Parameters
    ----------
    a, b : float
        The unrounded terms.
    result : float
        ``a - b`` (as the measure reports it).

    Returns
    -------
    str
        Empty when the shown numbers agree.

    Examples
    --------
    >>> rounding_note(0.94029, 0.69354, 0.24675)[:45]
    'values are shown rounded; unrounded 0.94029 -'
    >>> rounding_note(0.5, 0.25, 0.25)
    ''
    """
    shown = float(fmt(a)) - float(fmt(b))
    if fmt(shown) == fmt(result):
        return ""
    return (
        f"values are shown rounded; unrounded {fmt(a, 5)} - {fmt(b, 5)} = {fmt(result, 5)}. "
        f"Subtracting the rounded values gives {fmt(shown)}, which is why texts that "
        f"round intermediate results can differ in the last digit"
    )
