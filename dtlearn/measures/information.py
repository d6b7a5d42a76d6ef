# About 370 logical lines: one idea, the split measures of one attribute (split info, mean info, the gains, gain ratio, Hellinger), sharing one reading of the contingency table and one explanation.
"""Split measures: how much an attribute tells about the class.

Split info, mean information, information gain (ID3), gain ratio (C4.5) and Gini gain
(CART) of a feature and labels, or of a contingency table by keyword (``counts=``: one row
per attribute value, one column per class). Each returns a
:class:`~dtlearn.explain.Measure` whose ``.explain()`` shows the child table and the sums.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ..criteria import (
    cost_gini_of_counts,
    entropy_of_counts,
    gini_of_counts,
    hellinger_of_counts,
    misclassification_of_counts,
)
from ..explain import Derivation, DerivationLine, Measure, ResultTable, latex_text
from ..formatting import fmt, fmt_count
from .formulas import (
    child_table,
    clamp,
    class_summary,
    entropy_lines,
    latex_sym,
    log_names,
    rounding_note,
    sym,
    weighted_sum_text,
    zero_note,
)
from .impurity import cost_gini
from .inputs import check_base, contingency, value_counts

__all__ = [
    "cost_gini_gain",
    "gain_ratio",
    "gini_gain",
    "hellinger_distance",
    "information_gain",
    "mean_info",
    "misclassification_gain",
    "split_info",
]


def split_info(
    feature: Any = None, *, counts: Any = None, base: float = 2, values: Sequence | None = None
) -> Measure:
    """Split information ``-sum_v |S_v|/|S| log |S_v|/|S|``: the entropy of the attribute.

    It is large for attributes with many evenly filled values, which is what the gain ratio
    divides by. A constant attribute has split info 0.

    Parameters
    ----------
    feature : sequence, optional
        Attribute values (list, numpy array or pandas Series).
    counts : sequence of float, optional
        Instances per attribute value, or a contingency table (rows are summed).
    base : float, optional
        Base of the logarithm, 2 (bits) by default.
    values : sequence, optional
        Names of the attribute values for ``counts``.

    Returns
    -------
    Measure
        The split information.

    Examples
    --------
    >>> s = split_info(counts=[5, 4, 5], values=["sunny", "overcast", "rainy"])
    >>> round(s, 3)
    1.577
    """
    b = check_base(base)
    array, names, fname = value_counts(feature, counts, values)
    value = float(entropy_of_counts(array, b))
    symbol = sym("SplitInfo", fname)

    def explain() -> Derivation:
        lines = entropy_lines(
            array, names, symbol, latex_sym("SplitInfo", fname), value, b, coloured=False, index="v"
        )
        note = zero_note(array, names, "values")
        if np.count_nonzero(array) <= 1:
            note = (
                f"{fname} takes a single value here, so splitting on it separates "
                f"nothing: its split info is 0"
            )
        return Derivation.build("", lines, note=note)

    return Measure(value, "split info", symbol=symbol, unit=log_names(b)[2], derivation=explain)


def _split_parts(feature, labels, counts, base, classes, values):
    b = check_base(base)
    table, vnames, cnames, fname, sname, known = contingency(
        feature, labels, counts, classes, values
    )
    weights = table.sum(axis=1) / table.sum()
    return b, table, vnames, cnames, fname, sname, weights


def mean_info(
    feature: Any = None,
    labels: Any = None,
    *,
    counts: Any = None,
    base: float = 2,
    classes: Sequence | None = None,
    values: Sequence | None = None,
) -> Measure:
    """Mean information (conditional entropy) ``sum_v |S_v|/|S| · H(S_v)``.

    The entropy left, on average, after splitting on the attribute.

    Parameters
    ----------
    feature : sequence, optional
        Attribute values (list, numpy array or pandas Series).
    labels : sequence, optional
        Class labels, same length as ``feature``.
    counts : 2-D array-like, optional
        Contingency table instead of ``feature`` and ``labels``: one row per attribute
        value, one column per class (may be fractional).
    base : float, optional
        Base of the logarithm, 2 (bits) by default.
    classes, values : sequence, optional
        Names of the classes (columns) and values (rows) of ``counts``; a named
        ``pandas.Index`` also names the set and the attribute in the explanation.

    Returns
    -------
    Measure
        The mean information; ``.explain()`` shows the child table and the weighted sum.

    Examples
    --------
    >>> m = mean_info(counts=[[2, 3], [4, 0], [3, 2]], values=["sunny", "overcast", "rainy"],
    ...               classes=["yes", "no"])
    >>> print(m.explain())
      A        | n | yes | no | weight | H(child)
      sunny    | 5 |   2 |  3 | 5/14   |    0.971
      overcast | 4 |   4 |  0 | 4/14   |    0.000
      rainy    | 5 |   3 |  2 | 5/14   |    0.971
    H(S | A) = sum_v |S_v|/|S| · H(S_v)
             = 5/14·0.971 + 4/14·0.000 + 5/14·0.971
             = 0.694 bits
    """
    b, table, vnames, cnames, fname, sname, weights = _split_parts(
        feature, labels, counts, base, classes, values
    )
    child = entropy_of_counts(table, b)
    value = float(np.dot(weights, child))
    unit = log_names(b)[2]
    symbol = f"H({sname} | {fname})"

    def explain() -> Derivation:
        text, latex = weighted_sum_text(table, child)
        return Derivation.build(
            "",
            [
                child_table(table, vnames, cnames, fname, child, "H(child)"),
                DerivationLine(
                    f"{symbol} = sum_v |S_v|/|S| · H(S_v)",
                    rf"H({latex_text(sname)} \mid {latex_text(fname)}) = "
                    r"\sum_v \frac{|S_v|}{|S|} H(S_v)",
                ),
                DerivationLine(f"= {text}", f"= {latex}"),
                DerivationLine(f"= {fmt(value)} {unit}".rstrip()),
            ],
        )

    return Measure(value, "mean info", symbol=symbol, unit=unit, derivation=explain)


@dataclass(frozen=True)
class _Decrease:
    """How the derivation of an impurity decrease names its impurity and its steps."""

    impurity: str
    impurity_latex: str
    mean: str
    gain: str


# Information gain and Gini gain are the same computation with another kernel; one
# function keeps their derivations from drifting apart.
def _impurity_decrease(
    table: np.ndarray,
    vnames: Sequence[str],
    cnames: Sequence[str],
    fname: str,
    sname: str,
    kernel: Callable[[np.ndarray], Any],
    words: _Decrease,
    unit: str = "",
    concave: bool = True,
) -> tuple[float, Callable[[], Derivation]]:
    totals = table.sum(axis=0)
    weights = table.sum(axis=1) / table.sum()
    parent = float(kernel(totals))
    child = kernel(table)
    mean = float(np.dot(weights, child))
    value = clamp(parent - mean, parent)
    if concave:  # a concave impurity never rises: below 0 or above the parent is rounding
        value = min(max(value, 0.0), parent)

    def explain() -> Derivation:
        text, latex = weighted_sum_text(table, child)
        u = rf"\ \text{{{unit}}}" if unit else ""
        return Derivation.build(
            "",
            [
                DerivationLine(
                    f"{words.impurity}({sname}) = {fmt(parent)} {unit}".rstrip(),
                    rf"{words.impurity_latex}({latex_text(sname)}) = {fmt(parent)}{u}",
                    class_summary(totals, cnames),
                ),
                child_table(table, vnames, cnames, fname, child, f"{words.impurity}(child)"),
                DerivationLine(
                    f"{words.mean} = {text} = {fmt(mean)}",
                    rf"\text{{{words.mean}}} = {latex} = {fmt(mean)}",
                ),
                DerivationLine(
                    f"{words.gain} = {fmt(parent)} - {fmt(mean)} = {fmt(value)} {unit}".rstrip(),
                    rf"\text{{{words.gain}}} = {fmt(parent)} - {fmt(mean)} = "
                    rf"{fmt(value)}{u}",
                ),
            ],
            note=rounding_note(parent, mean, value),
        )

    return value, explain


def information_gain(
    feature: Any = None,
    labels: Any = None,
    *,
    counts: Any = None,
    base: float = 2,
    classes: Sequence | None = None,
    values: Sequence | None = None,
) -> Measure:
    """Information gain ``H(S) - sum_v |S_v|/|S| · H(S_v)`` of splitting on an attribute.

    Parameters
    ----------
    feature : sequence, optional
        Attribute values (list, numpy array or pandas Series).
    labels : sequence, optional
        Class labels, same length as ``feature``.
    counts : 2-D array-like, optional
        Contingency table instead of ``feature`` and ``labels``: one row per attribute
        value, one column per class (may be fractional).
    base : float, optional
        Base of the logarithm, 2 (bits) by default.
    classes, values : sequence, optional
        Names of the classes (columns) and values (rows) of ``counts``; a named
        ``pandas.Index`` also names the set and the attribute in the explanation.

    Returns
    -------
    Measure
        The gain (``0 <= gain <= H(S)``); ``.explain()`` shows the table and the sums.

    Examples
    --------
    >>> g = information_gain(counts=[[2, 3], [4, 0], [3, 2]], classes=["yes", "no"],
    ...                      values=["sunny", "overcast", "rainy"])
    >>> round(g, 3)
    0.247
    >>> print(g.explain())  # doctest: +NORMALIZE_WHITESPACE
    H(S) = 0.940 bits   (9 yes / 5 no)
      A        | n | yes | no | weight | H(child)
      sunny    | 5 |   2 |  3 | 5/14   |    0.971
      overcast | 4 |   4 |  0 | 4/14   |    0.000
      rainy    | 5 |   3 |  2 | 5/14   |    0.971
    mean info = 5/14·0.971 + 4/14·0.000 + 5/14·0.971 = 0.694
    gain      = 0.940 - 0.694 = 0.247 bits
    note: values are shown rounded; unrounded 0.94029 - 0.69354 = 0.24675.
    Subtracting the rounded values gives 0.246, which is why texts that round
    intermediate results can differ in the last digit
    """
    b, table, vnames, cnames, fname, sname, weights = _split_parts(
        feature, labels, counts, base, classes, values
    )
    unit = log_names(b)[2]
    value, explain = _impurity_decrease(
        table,
        vnames,
        cnames,
        fname,
        sname,
        lambda c: entropy_of_counts(c, b),
        _Decrease("H", "H", "mean info", "gain"),
        unit,
    )
    return Measure(
        value, "information gain", symbol=sym("IG", fname), unit=unit, derivation=explain
    )


def gain_ratio(
    feature: Any = None,
    labels: Any = None,
    *,
    counts: Any = None,
    base: float = 2,
    classes: Sequence | None = None,
    values: Sequence | None = None,
) -> Measure:
    """Gain ratio ``information gain / split info`` (C4.5's criterion).

    A constant attribute has split info 0 and gain 0; its gain ratio is defined as 0.

    Parameters
    ----------
    feature : sequence, optional
        Attribute values (list, numpy array or pandas Series).
    labels : sequence, optional
        Class labels, same length as ``feature``.
    counts : 2-D array-like, optional
        Contingency table instead of ``feature`` and ``labels`` (rows: values, columns:
        classes; may be fractional).
    base : float, optional
        Base of the logarithm, 2 (bits) by default (the ratio does not depend on it).
    classes, values : sequence, optional
        Names of the classes (columns) and values (rows) of ``counts``; a named
        ``pandas.Index`` also names the set and the attribute in the explanation.

    Returns
    -------
    Measure
        The gain ratio; ``.explain()`` shows the gain, the split info and the ratio.

    Examples
    --------
    >>> r = gain_ratio(counts=[[2, 3], [4, 0], [3, 2]])
    >>> round(r, 3)
    0.156
    >>> print(r.explain().lines[-1].text)
    GainRatio(A) = gain / split info = 0.247 / 1.577 = 0.156
    """
    b, table, vnames, cnames, fname, sname, weights = _split_parts(
        feature, labels, counts, base, classes, values
    )
    named_values = pd.Index(vnames, name=fname)
    gain = information_gain(
        counts=table, base=b, classes=pd.Index(cnames, name=sname), values=named_values
    )
    split = split_info(counts=table.sum(axis=1), base=b, values=named_values)
    constant = float(split) <= 1e-12
    value = 0.0 if constant else float(gain) / float(split)
    symbol = sym("GainRatio", fname)

    def explain() -> Derivation:
        g = Derivation.build(
            f"information gain of {fname}", gain.explain().lines, note=gain.explain().note
        )
        s = Derivation.build(f"split info of {fname}", split.explain().lines)
        if constant:
            last = DerivationLine(
                f"{symbol} = 0", rf"\mathrm{{GainRatio}}({latex_text(fname)}) = 0"
            )
            note = (
                f"{fname} takes a single value here: split info is 0 (and so is the "
                f"gain), so the gain ratio is taken as 0 instead of dividing by zero"
            )
        else:
            last = DerivationLine(
                f"{symbol} = gain / split info = {fmt(float(gain))} / {fmt(float(split))} "
                f"= {fmt(value)}",
                rf"\mathrm{{GainRatio}}({latex_text(fname)}) = \frac{{\text{{gain}}}}"
                rf"{{\text{{split info}}}} = \frac{{{fmt(float(gain))}}}{{{fmt(float(split))}}}"
                rf" = {fmt(value)}",
            )
            note = ""
        return Derivation.build("", [g, s, last], note=note)

    return Measure(value, "gain ratio", symbol=symbol, derivation=explain)


def gini_gain(
    feature: Any = None,
    labels: Any = None,
    *,
    counts: Any = None,
    classes: Sequence | None = None,
    values: Sequence | None = None,
) -> Measure:
    """Decrease in Gini impurity ``Gini(S) - sum_v |S_v|/|S| · Gini(S_v)``.

    Parameters
    ----------
    feature : sequence, optional
        Attribute values (list, numpy array or pandas Series).
    labels : sequence, optional
        Class labels, same length as ``feature``.
    counts : 2-D array-like, optional
        Contingency table instead of ``feature`` and ``labels`` (rows: values or branches,
        columns: classes; may be fractional).
    classes, values : sequence, optional
        Names of the classes (columns) and values (rows) of ``counts``; a named
        ``pandas.Index`` also names the set and the attribute in the explanation.

    Returns
    -------
    Measure
        The Gini gain; ``.explain()`` shows the table and the sums.

    Examples
    --------
    >>> round(gini_gain(counts=[[10, 40], [40, 10]]), 3), round(gini_gain(counts=[[50, 20], [0, 30]]), 3)
    (0.18, 0.214)
    """
    table, vnames, cnames, fname, sname, known = contingency(
        feature, labels, counts, classes, values
    )
    value, explain = _impurity_decrease(
        table,
        vnames,
        cnames,
        fname,
        sname,
        gini_of_counts,
        _Decrease("Gini", r"\mathrm{Gini}", "mean Gini", "Gini gain"),
    )
    return Measure(value, "gini gain", symbol=sym("GiniGain", fname), derivation=explain)


def misclassification_gain(
    feature: Any = None,
    labels: Any = None,
    *,
    counts: Any = None,
    classes: Sequence | None = None,
    values: Sequence | None = None,
) -> Measure:
    """Decrease in misclassification rate ``Err(S) - sum_v |S_v|/|S| · Err(S_v)``.

    What ``criterion="misclassification"`` ranks splits by. It is often 0 for a split that
    does make the branches purer (when every branch keeps the parent's majority), which is
    why it is too coarse to grow trees with.

    Parameters
    ----------
    feature : sequence, optional
        Attribute values (list, numpy array or pandas Series).
    labels : sequence, optional
        Class labels, same length as ``feature``.
    counts : 2-D array-like, optional
        Contingency table instead of ``feature`` and ``labels`` (rows: values or branches,
        columns: classes; may be fractional).
    classes, values : sequence, optional
        Names of the classes (columns) and values (rows) of ``counts``; a named
        ``pandas.Index`` also names the set and the attribute in the explanation.

    Returns
    -------
    Measure
        The decrease; ``.explain()`` shows the table and the sums.

    Examples
    --------
    >>> round(misclassification_gain(counts=[[6, 2], [3, 3]]), 3)  # both keep the majority
    0.0
    >>> m = misclassification_gain(counts=[[10, 40], [40, 10]], classes=["yes", "no"])
    >>> print(m.explain().lines[-1].text)
    error decrease = 0.500 - 0.200 = 0.300
    """
    table, vnames, cnames, fname, sname, known = contingency(
        feature, labels, counts, classes, values
    )
    value, explain = _impurity_decrease(
        table,
        vnames,
        cnames,
        fname,
        sname,
        misclassification_of_counts,
        _Decrease("Err", r"\mathrm{Err}", "mean error", "error decrease"),
    )
    return Measure(
        value, "misclassification gain", symbol=sym("ErrGain", fname), derivation=explain
    )


def cost_gini_gain(
    feature: Any = None,
    labels: Any = None,
    cost_matrix: Any = None,
    *,
    counts: Any = None,
    classes: Sequence | None = None,
    values: Sequence | None = None,
) -> Measure:
    """Decrease in cost-weighted Gini ``Gini_L(S) - sum_v |S_v|/|S| · Gini_L(S_v)``.

    What ``criterion="cost_gini"`` ranks splits by (:func:`~dtlearn.measures.cost_gini`
    for the impurity). With an asymmetric cost matrix the impurity need not be concave,
    so the decrease may be negative.

    Parameters
    ----------
    feature : sequence, optional
        Attribute values (list, numpy array or pandas Series).
    labels : sequence, optional
        Class labels, same length as ``feature``.
    cost_matrix : array-like of shape (c, c)
        ``cost_matrix[k][k']``: the cost of predicting ``k'`` for an instance of class ``k``.
    counts : 2-D array-like, optional
        Contingency table instead of ``feature`` and ``labels`` (rows: values or branches,
        columns: classes; may be fractional).
    classes, values : sequence, optional
        Names of the classes (columns) and values (rows) of ``counts``.

    Returns
    -------
    Measure
        The decrease; ``.explain()`` shows the table and the sums.

    Examples
    --------
    >>> g = cost_gini_gain(counts=[[10, 40], [40, 10]], cost_matrix=[[0, 2], [2, 0]])
    >>> round(g, 3)
    0.36
    >>> print(g.explain().lines[-1].text)
    cost Gini gain = 1.000 - 0.640 = 0.360
    """
    table, vnames, cnames, fname, sname, known = contingency(
        feature, labels, counts, classes, values
    )
    if cost_matrix is None:
        raise TypeError("cost_matrix is required: a c x c table of misclassification costs")
    # the checks and messages of the impurity itself
    cost_gini(counts=table.sum(axis=0), cost_matrix=cost_matrix)
    L = np.asarray(cost_matrix, dtype=float)
    value, explain = _impurity_decrease(
        table,
        vnames,
        cnames,
        fname,
        sname,
        lambda c: cost_gini_of_counts(c, L),
        _Decrease("Gini_L", r"\mathrm{Gini}_L", "mean Gini_L", "cost Gini gain"),
        concave=False,
    )
    return Measure(
        value, "cost-weighted gini gain", symbol=sym("GiniGain_L", fname), derivation=explain
    )


def hellinger_distance(
    feature: Any = None,
    labels: Any = None,
    *,
    counts: Any = None,
    classes: Sequence | None = None,
    values: Sequence | None = None,
) -> Measure:
    """Hellinger distance between where the classes go: the split score of Hellinger trees.

    For two classes ``+`` and ``-``, with ``p(v)`` the share of the ``+`` instances that
    take value ``v`` and ``q(v)`` the share of the ``-`` instances,
    ``d = sqrt(sum_v (sqrt(p(v)) - sqrt(q(v)))²)`` (Cieslak and Chawla, 2008). It is 0 when
    both classes spread over the values alike and ``sqrt(2)`` when no value holds both;
    it does not change when one class is made more or less frequent, which is why it is
    used for imbalanced classes. With more classes: the largest distance of one class
    against all the others.

    Parameters
    ----------
    feature : sequence, optional
        Attribute values (list, numpy array or pandas Series).
    labels : sequence, optional
        Class labels, same length as ``feature``.
    counts : 2-D array-like, optional
        Contingency table instead of ``feature`` and ``labels`` (rows: values or branches,
        columns: classes; may be fractional).
    classes, values : sequence, optional
        Names of the classes (columns) and values (rows) of ``counts``.

    Returns
    -------
    Measure
        The distance (``0 <= d <= sqrt(2)``); ``.explain()`` shows both classes' shares per
        value and the sum.

    Examples
    --------
    >>> d = hellinger_distance(counts=[[2, 3], [4, 0], [3, 2]], classes=["yes", "no"],
    ...                        values=["sunny", "overcast", "rainy"])
    >>> round(d, 3)
    0.734
    >>> print(d.explain())  # doctest: +NORMALIZE_WHITESPACE
    A   | n(yes) | n(no) | p = share of yes | q = share of no | (√p - √q)²
    sunny    |      2 |     3 |            0.222 |           0.600 |      0.092
    overcast |      4 |     0 |            0.444 |           0.000 |      0.444
    rainy    |      3 |     2 |            0.333 |           0.400 |      0.003
    d(yes, no) = √(0.092 + 0.444 + 0.003) = 0.734
    """
    table, vnames, cnames, fname, sname, _ = contingency(feature, labels, counts, classes, values)
    value = float(hellinger_of_counts(table))
    symbol = sym("HD", fname)

    def one_against_rest(j: int) -> tuple[Derivation, float]:
        inside = table[:, j]
        rest = table.sum(axis=1) - inside
        name = cnames[j]
        other = cnames[1 - j] if table.shape[1] == 2 else f"not {name}"
        if inside.sum() == 0 or rest.sum() == 0:
            return Derivation.build(
                "",
                [DerivationLine(f"d({name}, {other}) = 0: one side holds no instance", prose=True)],
            ), 0.0
        p, q = inside / inside.sum(), rest / rest.sum()
        terms = (np.sqrt(p) - np.sqrt(q)) ** 2
        shares = ResultTable(
            (
                fname,
                f"n({name})",
                f"n({other})",
                f"p = share of {name}",
                f"q = share of {other}",
                "(√p - √q)²",
            ),
            tuple(
                (v, fmt_count(a), fmt_count(b), float(x), float(y), float(t))
                for v, a, b, x, y, t in zip(vnames, inside, rest, p, q, terms)
            ),
        )
        d = float(np.sqrt(terms.sum()))
        total = " + ".join(fmt(t) for t in terms)
        return Derivation.build(
            "",
            [
                shares,
                DerivationLine(
                    f"d({name}, {other}) = √({total}) = {fmt(d)}",
                    rf"d({latex_text(name)}, {latex_text(other)}) = "
                    rf"\sqrt{{{total}}} = {fmt(d)}",
                ),
            ],
        ), d

    def explain() -> Derivation:
        if table.shape[1] == 2:
            return one_against_rest(0)[0]
        parts = [one_against_rest(j) for j in range(table.shape[1])]
        best = ", ".join(fmt(d) for _, d in parts)
        return Derivation.build(
            "",
            [
                *(part for part, _ in parts),
                DerivationLine(
                    f"{symbol} = max({best}) = {fmt(value)}",
                    rf"\mathrm{{HD}} = \max({best}) = {fmt(value)}",
                ),
            ],
            note="with more than two classes: the largest distance of one class against the rest",
        )

    return Measure(value, "Hellinger distance", symbol=symbol, derivation=explain)
