"""Impurity and split measures that explain themselves.

Every function returns a :class:`~dtlearn.explain.Measure`: a float whose ``.explain()``
gives the worked derivation, as in a textbook. Class distributions are given either as
labels (a list, numpy array or pandas Series) or as class counts by keyword
(``entropy(counts=[9, 5])``); counts may be fractional weights (C4.5 splits instances with
missing values into fractions). Split measures take a feature and the labels, or a
contingency table by keyword (``information_gain(counts=[[2, 3], [4, 0], [3, 2]])``: one
row per attribute value, one column per class).

Names come from pandas Series names (``H(play)``, ``IG(outlook)``); otherwise the class
set is ``S``, the attribute ``A``, classes ``c1, c2, ...`` and values ``v1, v2, ...``
unless ``classes=`` / ``values=`` name them. Class order is the pandas ``Categorical``
order when there is one, else the sorted labels (as :func:`dtlearn.data.encode_target`);
attribute values keep their ``Categorical`` order, else the order of first appearance.

Missing values (``None``/``NaN``) in a feature or in the labels raise ``ValueError``:
C4.5's handling of missing values lives in the learner, which calls these functions with
fractional counts.

The arithmetic is done by the vectorised kernels of :mod:`dtlearn.criteria`.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np
import pandas as pd

from .criteria import (
    cost_gini_of_counts,
    entropy_of_counts,
    gini_of_counts,
    misclassification_of_counts,
)
from .data import encode_target
from .explain import (
    Derivation,
    DerivationLine,
    Measure,
    ResultTable,
    fmt,
    fmt_count,
    fmt_fraction,
    latex_class,
    latex_fraction,
    latex_text,
)

__all__ = [
    "cost_gini",
    "entropy",
    "gain_ratio",
    "gini",
    "gini_gain",
    "information_gain",
    "kl_divergence",
    "kl_to_uniform",
    "mae",
    "mean_info",
    "misclassification",
    "mse",
    "split_info",
]


# ---------------------------------------------------------------------------- input checks
def _check_base(base: Any) -> float:
    if isinstance(base, bool) or not isinstance(base, (int, float, np.integer, np.floating)):
        raise TypeError(f"base must be a number (2 for bits, math.e for nats); got {base!r}")
    value = float(base)
    if not math.isfinite(value) or value <= 0 or value == 1:
        raise ValueError(f"base must be positive and not 1 (2 for bits, math.e for nats); "
                         f"got {base!r}")
    return value


def _log_names(base: float) -> tuple[str, str, str]:
    """(text name, LaTeX name, unit) of the logarithm to ``base``."""
    if base == 2:
        return "log2", r"\log_2", "bits"
    if math.isclose(base, math.e):
        return "ln", r"\ln", "nats"
    if base == 10:
        return "log10", r"\log_{10}", "hartleys"
    b = fmt_count(base)
    return f"log_{b}", rf"\log_{{{b}}}", ""


def _check_counts(counts: Any, arg: str = "counts", ndim: int | None = 1) -> np.ndarray:
    if isinstance(counts, (str, bytes)):
        raise TypeError(f"{arg} must be numbers, not a string")
    try:
        array = np.asarray(counts, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{arg} must be numbers (instance counts or weights)") from None
    if ndim is not None and array.ndim != ndim:
        shape = "a 1-D list of class counts" if ndim == 1 else (
            "a 2-D table (one row per attribute value, one column per class)")
        raise ValueError(f"{arg} must be {shape}; got shape {array.shape}")
    if array.size == 0:
        raise ValueError(f"{arg} is empty")
    if np.isnan(array).any():
        raise ValueError(f"{arg} contains NaN")
    if np.isinf(array).any():
        raise ValueError(f"{arg} contains infinite values")
    if (array < 0).any():
        bad = tuple(int(i) for i in np.argwhere(array < 0)[0])
        where = bad[0] if len(bad) == 1 else bad
        raise ValueError(f"{arg} must not be negative; got {array[bad]:g} at position {where}")
    with np.errstate(over="ignore"):
        total = array.sum()
    if total <= 0:
        raise ValueError(f"{arg} are all zero: there are no instances")
    if not np.isfinite(total):
        raise ValueError(f"{arg} are too large: their total overflows a float")
    return array


def _names(given: Sequence | None, n: int, prefix: str, arg: str) -> tuple[str, ...]:
    if given is None:
        return tuple(f"{prefix}{i + 1}" for i in range(n))
    if isinstance(given, (str, bytes)):
        raise TypeError(f"{arg} must be a list of names, not a string; got {given!r}")
    try:
        given = list(given)
    except TypeError:
        raise TypeError(f"{arg} must be a list of names; got {type(given).__name__}") from None
    names = tuple(str(c) for c in given)
    if len(names) != n:
        raise ValueError(f"{arg} names {len(names)} items but the counts have {n}")
    return names


def _series_name(obj: Any, default: str) -> str:
    """Name of a pandas Series or Index (how a caller names the attribute or the set)."""
    name = getattr(obj, "name", None)
    return str(name) if isinstance(obj, (pd.Series, pd.Index)) and name is not None \
        else default


def _class_counts(labels: Any, counts: Any, classes: Sequence | None
                  ) -> tuple[np.ndarray, tuple[str, ...], str, bool]:
    """Return (counts, class names, set name, names known) from labels or counts."""
    if labels is not None and counts is not None:
        raise TypeError("give labels or counts=, not both")
    if counts is not None:
        array = _check_counts(counts, "counts")
        names = _names(classes, len(array), "c", "classes")
        return array, names, "S", classes is not None
    if labels is None:
        raise TypeError("give the labels, or class counts with counts=[...]")
    codes, found = encode_target(labels, classes=classes, arg="labels")
    array = np.bincount(codes, minlength=len(found)).astype(float)
    return array, tuple(str(c) for c in found), _series_name(labels, "S"), True


def _feature_values(feature: Any, arg: str = "feature") -> tuple[list, tuple, str]:
    """(values as a list, value order, name) of a 1-D feature; missing values rejected."""
    if isinstance(feature, (str, bytes)):
        raise TypeError(f"{arg} must be a sequence of values, not a string")
    name = _series_name(feature, "A")
    if isinstance(feature, pd.DataFrame):
        if feature.shape[1] != 1:
            raise ValueError(f"{arg} must be 1-D; got a DataFrame with {feature.shape[1]} columns")
        feature = feature.iloc[:, 0]
        name = str(feature.name)
    if isinstance(feature, pd.Series):
        series = feature.reset_index(drop=True)
    else:
        array = np.asarray(feature, dtype=object)
        if array.ndim != 1:
            raise ValueError(f"{arg} must be 1-D; got shape {array.shape}")
        series = pd.Series(array, dtype=object)
    if len(series) == 0:
        raise ValueError(f"{arg} is empty")
    if series.isna().any():
        raise ValueError(f"{arg} has missing values (None/NaN); drop those rows first "
                         f"(C45Classifier handles missing values with fractional counts)")
    values = list(series)
    if isinstance(series.dtype, pd.CategoricalDtype):
        present = set(values)
        order = tuple(c for c in series.cat.categories if c in present)
    else:
        order = tuple(dict.fromkeys(values))
    return values, order, name


def _contingency(feature: Any, labels: Any, counts: Any, classes: Sequence | None,
                 values: Sequence | None) -> tuple[np.ndarray, tuple[str, ...],
                                                   tuple[str, ...], str, str, bool]:
    """(table values x classes, value names, class names, feature name, set name, known)."""
    if counts is not None:
        if feature is not None or labels is not None:
            raise TypeError("give feature and labels, or counts=, not both")
        table = _check_counts(counts, "counts", ndim=2)
        return (table, _names(values, table.shape[0], "v", "values"),
                _names(classes, table.shape[1], "c", "classes"), _series_name(values, "A"),
                _series_name(classes, "S"), classes is not None)
    if feature is None or labels is None:
        raise TypeError("give both feature and labels, or a contingency table with counts=")
    items, order, fname = _feature_values(feature)
    codes, found = encode_target(labels, classes=classes, arg="labels")
    if len(codes) != len(items):
        raise ValueError(f"feature and labels differ in length: feature has {len(items)} "
                         f"values, labels has {len(codes)}")
    index = {v: i for i, v in enumerate(order)}
    table = np.zeros((len(order), len(found)))
    np.add.at(table, (np.array([index[v] for v in items]), codes), 1.0)
    return (table, tuple(str(v) for v in order), tuple(str(c) for c in found), fname,
            _series_name(labels, "S"), True)


def _value_counts(feature: Any, counts: Any, values: Sequence | None
                  ) -> tuple[np.ndarray, tuple[str, ...], str]:
    if feature is not None and counts is not None:
        raise TypeError("give feature or counts=, not both")
    if counts is not None:
        array = _check_counts(counts, "counts", ndim=None)
        if array.ndim == 2:
            array = array.sum(axis=1)
        elif array.ndim != 1:
            raise ValueError(f"counts must be 1-D (instances per value) or 2-D (a contingency "
                             f"table); got shape {array.shape}")
        return array, _names(values, len(array), "v", "values"), _series_name(values, "A")
    if feature is None:
        raise TypeError("give the feature values, or counts per value with counts=[...]")
    items, order, fname = _feature_values(feature)
    index = {v: i for i, v in enumerate(order)}
    array = np.bincount([index[v] for v in items], minlength=len(order)).astype(float)
    return array, tuple(str(v) for v in order), fname


# ---------------------------------------------------------------------------- helpers
def _sym(fn: str, arg: str) -> str:
    return f"{fn}({arg})"


def _latex_sym(fn: str, arg: str) -> str:
    head = fn if len(fn) == 1 else rf"\mathrm{{{fn}}}"
    return rf"{head}({latex_text(arg)})"


def _instances_comment(counts: np.ndarray, names: Sequence[str], coloured: bool
                       ) -> tuple[str, str]:
    total = fmt_count(counts.sum())
    noun = "instance" if total == "1" else "instances"
    text = f"with {total} {noun}: " + ", ".join(
        f"{n} {fmt_count(c)}" for n, c in zip(names, counts))
    latex = latex_text(f"with {total} {noun}: ") + r",\ ".join(
        (latex_class(n, i) if coloured else latex_text(n)) + rf"\ {fmt_count(c)}"
        for i, (n, c) in enumerate(zip(names, counts)))
    return text, latex


def _signed_sum(terms: Sequence[float]) -> str:
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


def _entropy_lines(counts: np.ndarray, names: Sequence[str], symbol: str, symbol_latex: str,
                   value: float, base: float, coloured: bool, index: str = "k"
                   ) -> list[DerivationLine]:
    log, log_tex, unit = _log_names(base)
    total = counts.sum()
    nz = [i for i in range(len(counts)) if counts[i] > 0]
    p = counts / total
    logs = [math.log(p[i]) / math.log(base) for i in nz]
    prods = [p[i] * lg for i, lg in zip(nz, logs)]
    comment, comment_tex = _instances_comment(counts, names, coloured)
    fr = [fmt_fraction(counts[i], total) for i in nz]
    fr_tex = [latex_fraction(counts[i], total) for i in nz]
    return [
        DerivationLine(f"{symbol} = -sum_{index} p_{index} {log} p_{index}",
                       rf"{symbol_latex} = -\sum_{index} p_{index} {log_tex} p_{index}",
                       comment, comment_tex),
        DerivationLine("= -(" + " + ".join(f"{f} · {log}({f})" for f in fr) + ")",
                       r"= -\left(" + " + ".join(f"{f}{log_tex}{f}" for f in fr_tex)
                       + r"\right)"),
        DerivationLine("= -(" + " + ".join(f"{fmt(p[i])} · {fmt(lg)}"
                                           for i, lg in zip(nz, logs)) + ")",
                       r"= -\left(" + " + ".join(
                           rf"{fmt(p[i])} \cdot ({fmt(lg)})" for i, lg in zip(nz, logs))
                       + r"\right)"),
        DerivationLine(f"= -({_signed_sum(prods)})", rf"= -\left({_signed_sum(prods)}\right)"),
        DerivationLine(f"= {fmt(value)} {unit}".rstrip(),
                       rf"= {fmt(value)}\ \text{{{unit}}}" if unit else f"= {fmt(value)}"),
    ]


def _zero_note(counts: np.ndarray, names: Sequence[str], what: str = "classes") -> str:
    empty = [n for n, c in zip(names, counts) if c == 0]
    if not empty:
        return ""
    return (f"{what} with no instances ({', '.join(empty)}) contribute nothing "
            f"(0 · log 0 is taken as 0)")


def _child_table(table: np.ndarray, values: Sequence[str], classes: Sequence[str],
                 fname: str, child: np.ndarray, child_col: str) -> ResultTable:
    total = table.sum()

    def num(x: float) -> Any:
        return int(round(x)) if float(x) == round(float(x)) else float(x)

    rows = [(v, num(row.sum()), *(num(c) for c in row), fmt_fraction(row.sum(), total),
             float(h)) for v, row, h in zip(values, table, child)]
    return ResultTable.build([fname, "n", *classes, "weight", child_col], rows,
                             class_columns=classes)


def _weighted_sum_text(table: np.ndarray, child: np.ndarray) -> tuple[str, str]:
    total = table.sum()
    n = table.sum(axis=1)
    text = " + ".join(f"{fmt_fraction(n_v, total)}·{fmt(h)}" for n_v, h in zip(n, child))
    latex = " + ".join(rf"{latex_fraction(n_v, total)}\cdot {fmt(h)}"
                       for n_v, h in zip(n, child))
    return text, latex


def _clamp(value: float) -> float:
    return 0.0 if abs(value) < 1e-12 else value


def _class_summary(counts: np.ndarray, names: Sequence[str]) -> str:
    return "(" + " / ".join(f"{fmt_count(c)} {n}" for n, c in zip(names, counts)) + ")"


# ---------------------------------------------------------------------------- impurity
def entropy(labels: Any = None, *, counts: Any = None, base: float = 2,
            classes: Sequence | None = None) -> Measure:
    r"""Entropy ``H(S) = -sum_k p_k log p_k`` of a class distribution.

    Parameters
    ----------
    labels : sequence, optional
        Class labels (list, numpy array or pandas Series).
    counts : sequence of float, optional
        Class counts instead of labels (may be fractional weights).
    base : float, optional
        Base of the logarithm: 2 (bits, the default), ``math.e`` (nats), ...
    classes : sequence, optional
        Class names for ``counts``, or the class order for ``labels``.

    Returns
    -------
    Measure
        The entropy; ``.explain()`` shows the worked formula.

    Examples
    --------
    >>> h = entropy(counts=[9, 5], classes=["yes", "no"])
    >>> round(h, 3)
    0.94
    >>> print(h.explain())
    H(S) = -sum_k p_k log2 p_k   with 14 instances: yes 9, no 5
         = -(9/14 · log2(9/14) + 5/14 · log2(5/14))
         = -(0.643 · -0.637 + 0.357 · -1.485)
         = -(-0.410 - 0.531)
         = 0.940 bits
    >>> coins = ["heads"] * 50 + ["tails"] * 5
    >>> entropy(coins), round(entropy(coins), 2)
    (H(S) = 0.439 bits, 0.44)
    """
    b = _check_base(base)
    array, names, set_name, known = _class_counts(labels, counts, classes)
    value = float(entropy_of_counts(array, b))
    symbol = _sym("H", set_name)
    unit = _log_names(b)[2]

    def explain() -> Derivation:
        lines = _entropy_lines(array, names, symbol, _latex_sym("H", set_name), value, b,
                               coloured=True)
        return Derivation.build("", lines, note=_zero_note(array, names))

    return Measure(value, "entropy", symbol=symbol, unit=unit, derivation=explain)


def gini(labels: Any = None, *, counts: Any = None, classes: Sequence | None = None) -> Measure:
    """Gini impurity ``Gini(S) = 1 - sum_k p_k^2`` of a class distribution.

    Parameters
    ----------
    labels : sequence, optional
        Class labels (list, numpy array or pandas Series).
    counts : sequence of float, optional
        Class counts instead of labels (may be fractional).
    classes : sequence, optional
        Class names for ``counts``, or the class order for ``labels``.

    Returns
    -------
    Measure
        The Gini impurity; ``.explain()`` shows the worked formula.

    Examples
    --------
    >>> g = gini(counts=[9, 5])
    >>> print(g.explain())
    Gini(S) = 1 - sum_k p_k^2   with 14 instances: c1 9, c2 5
            = 1 - ((9/14)^2 + (5/14)^2)
            = 1 - (0.413 + 0.128)
            = 0.459
    """
    array, names, set_name, known = _class_counts(labels, counts, classes)
    value = float(gini_of_counts(array))
    symbol = _sym("Gini", set_name)

    def explain() -> Derivation:
        total = array.sum()
        p = array / total
        comment, comment_tex = _instances_comment(array, names, True)
        return Derivation.build("", [
            DerivationLine(f"{symbol} = 1 - sum_k p_k^2",
                           rf"{_latex_sym('Gini', set_name)} = 1 - \sum_k p_k^2",
                           comment, comment_tex),
            DerivationLine("= 1 - (" + " + ".join(f"({fmt_fraction(c, total)})^2"
                                                  for c in array) + ")",
                           r"= 1 - \left(" + " + ".join(rf"\left({latex_fraction(c, total)}"
                                                       r"\right)^2" for c in array)
                           + r"\right)"),
            DerivationLine("= 1 - (" + " + ".join(fmt(x * x) for x in p) + ")",
                           r"= 1 - \left(" + " + ".join(fmt(x * x) for x in p) + r"\right)"),
            DerivationLine(f"= {fmt(value)}", f"= {fmt(value)}"),
        ])

    return Measure(value, "gini", symbol=symbol, derivation=explain)


def misclassification(labels: Any = None, *, counts: Any = None,
                      classes: Sequence | None = None) -> Measure:
    """Misclassification rate ``1 - max_k p_k``: the error of predicting the majority class.

    Parameters
    ----------
    labels : sequence, optional
        Class labels (list, numpy array or pandas Series).
    counts : sequence of float, optional
        Class counts instead of labels (may be fractional).
    classes : sequence, optional
        Class names for ``counts``, or the class order for ``labels``.

    Returns
    -------
    Measure
        The error rate; ``.explain()`` shows the worked formula.

    Examples
    --------
    >>> print(misclassification(counts=[9, 5], classes=["yes", "no"]).explain())
    Err(S) = 1 - max_k p_k   with 14 instances: yes 9, no 5
           = 1 - max(9/14, 5/14)
           = 1 - 9/14
           = 0.357
    note: the majority class is yes
    """
    array, names, set_name, known = _class_counts(labels, counts, classes)
    value = float(misclassification_of_counts(array))
    symbol = _sym("Err", set_name)

    def explain() -> Derivation:
        total = array.sum()
        k = int(np.argmax(array))
        comment, comment_tex = _instances_comment(array, names, True)
        return Derivation.build("", [
            DerivationLine(f"{symbol} = 1 - max_k p_k",
                           rf"{_latex_sym('Err', set_name)} = 1 - \max_k p_k",
                           comment, comment_tex),
            DerivationLine("= 1 - max(" + ", ".join(fmt_fraction(c, total) for c in array)
                           + ")",
                           r"= 1 - \max\left(" + ", ".join(latex_fraction(c, total)
                                                          for c in array) + r"\right)"),
            DerivationLine(f"= 1 - {fmt_fraction(array[k], total)}",
                           f"= 1 - {latex_fraction(array[k], total)}"),
            DerivationLine(f"= {fmt(value)}", f"= {fmt(value)}"),
        ], note=_majority_note(array, names))

    return Measure(value, "misclassification", symbol=symbol, derivation=explain)


def _majority_note(counts: np.ndarray, names: Sequence) -> str:
    """Which class is the majority, saying so when several tie and how the tie is broken."""
    top = counts.max()
    tied = [str(names[i]) for i in range(len(counts)) if np.isclose(counts[i], top)]
    if len(tied) == 1:
        return f"the majority class is {tied[0]}"
    return (f"no single majority: {', '.join(tied)} tie with {fmt_count(top)} each; "
            f"the error is the same whichever is predicted (ties go to the first, {tied[0]})")


def cost_gini(labels: Any = None, cost_matrix: Any = None, *, counts: Any = None,
              classes: Sequence | None = None) -> Measure:
    """Cost-weighted Gini impurity ``sum_{k != k'} L[k, k'] p_k p_k'``.

    ``L[k, k']`` is the cost of predicting ``k'`` for an instance of class ``k``; with all
    off-diagonal costs 1 this is the ordinary Gini impurity. The diagonal is ignored.

    Parameters
    ----------
    labels : sequence, optional
        Class labels (list, numpy array or pandas Series).
    cost_matrix : array-like of shape (c, c)
        Non-negative misclassification costs, rows and columns in class order.
    counts : sequence of float, optional
        Class counts instead of labels.
    classes : sequence, optional
        Class names for ``counts``, or the class order for ``labels``.

    Returns
    -------
    Measure
        The cost-weighted impurity; ``.explain()`` shows the terms.

    Examples
    --------
    >>> print(cost_gini(counts=[5, 5], cost_matrix=[[0, 2], [1, 0]]).explain())
    Gini_L(S) = sum_{k != k'} L[k,k'] p_k p_k'   with 10 instances: c1 5, c2 5
              = 2·(5/10)·(5/10) + 1·(5/10)·(5/10)
              = 0.500 + 0.250
              = 0.750
    """
    array, names, set_name, known = _class_counts(labels, counts, classes)
    if cost_matrix is None:
        raise TypeError("cost_matrix is required: a c x c table of misclassification costs")
    try:
        L = np.asarray(cost_matrix, dtype=float)
    except (TypeError, ValueError):
        raise TypeError("cost_matrix must be a square table of numbers") from None
    if L.ndim != 2 or L.shape[0] != L.shape[1]:
        raise ValueError(f"cost_matrix must be square (c x c); got shape {L.shape}")
    if L.shape[0] != len(array):
        raise ValueError(f"cost_matrix is {L.shape[0]} x {L.shape[1]} but there are "
                         f"{len(array)} classes")
    if not np.isfinite(L).all():
        raise ValueError("cost_matrix contains NaN or infinite costs")
    if (L < 0).any():
        raise ValueError("cost_matrix must not contain negative costs")
    value = float(cost_gini_of_counts(array, L))
    symbol = _sym("Gini_L", set_name)

    def explain() -> Derivation:
        total = array.sum()
        p = array / total
        pairs = [(i, j) for i in range(len(array)) for j in range(len(array))
                 if i != j and L[i, j] > 0 and array[i] > 0 and array[j] > 0]
        comment, comment_tex = _instances_comment(array, names, True)
        first = DerivationLine(
            f"{symbol} = sum_{{k != k'}} L[k,k'] p_k p_k'",
            rf"{_latex_sym('Gini_L', set_name)} = \sum_{{k \neq k'}} L_{{kk'}}"
            r" p_k p_{k'}", comment, comment_tex)
        if not pairs:
            lines = [first, DerivationLine("= 0", "= 0")]
        else:
            lines = [
                first,
                DerivationLine("= " + " + ".join(
                    f"{fmt_count(L[i, j])}·({fmt_fraction(array[i], total)})·"
                    f"({fmt_fraction(array[j], total)})" for i, j in pairs),
                    "= " + " + ".join(rf"{fmt_count(L[i, j])}\cdot {latex_fraction(array[i], total)}"
                                      rf"\cdot {latex_fraction(array[j], total)}"
                                      for i, j in pairs)),
                DerivationLine("= " + " + ".join(fmt(L[i, j] * p[i] * p[j]) for i, j in pairs)),
                DerivationLine(f"= {fmt(value)}"),
            ]
        note = ""
        if np.any(np.diag(L) != 0):
            note = "the diagonal of the cost matrix (correct predictions) is ignored"
        return Derivation.build("", lines, note=note)

    return Measure(value, "cost-weighted gini", symbol=symbol, derivation=explain)


def kl_divergence(p: Any, q: Any, *, base: float = 2, classes: Sequence | None = None
                  ) -> Measure:
    """Kullback-Leibler divergence ``KL(p || q) = sum_k p_k log(p_k / q_k)``.

    Parameters
    ----------
    p, q : sequence of float
        Two distributions over the same classes, as probabilities or as counts (each is
        divided by its sum).
    base : float, optional
        Base of the logarithm, 2 (bits) by default.
    classes : sequence, optional
        Class names, for the explanation.

    Returns
    -------
    Measure
        The divergence (``>= 0``, zero exactly when ``p == q``).

    Raises
    ------
    ValueError
        If the lengths differ, a distribution is negative, NaN or all zero, or ``q_k = 0``
        where ``p_k > 0`` (the divergence is then infinite).

    Examples
    --------
    >>> d = kl_divergence([0.5, 0.5], [0.25, 0.75])
    >>> print(d.explain())
    KL(p || q) = sum_k p_k log2(p_k / q_k)
               = 0.500 · log2(0.500/0.250) + 0.500 · log2(0.500/0.750)
               = 0.500 · 1.000 + 0.500 · -0.585
               = 0.500 - 0.292
               = 0.208 bits
    """
    b = _check_base(base)
    pa = _check_counts(p, "p")
    qa = _check_counts(q, "q")
    if len(pa) != len(qa):
        raise ValueError(f"p and q must have the same length; got {len(pa)} and {len(qa)}")
    names = _names(classes, len(pa), "c", "classes")
    pa = pa / pa.sum()
    qa = qa / qa.sum()
    bad = np.flatnonzero((qa == 0) & (pa > 0))
    if bad.size:
        k = int(bad[0])
        raise ValueError(f"q[{k}] is 0 where p[{k}] > 0, so KL(p || q) is infinite")
    nz = np.flatnonzero(pa > 0)
    logs = np.log(pa[nz] / qa[nz]) / math.log(b)
    value = max(float(np.sum(pa[nz] * logs)), 0.0)
    log, log_tex, unit = _log_names(b)

    def explain() -> Derivation:
        terms = pa[nz] * logs
        lines = [
            DerivationLine(f"KL(p || q) = sum_k p_k {log}(p_k / q_k)",
                           rf"\mathrm{{KL}}(p \,\|\, q) = \sum_k p_k {log_tex}\frac{{p_k}}{{q_k}}"),
            DerivationLine("= " + " + ".join(f"{fmt(pa[k])} · {log}({fmt(pa[k])}/{fmt(qa[k])})"
                                             for k in nz),
                           "= " + " + ".join(rf"{fmt(pa[k])}{log_tex}\frac{{{fmt(pa[k])}}}"
                                             rf"{{{fmt(qa[k])}}}" for k in nz)),
            DerivationLine("= " + " + ".join(f"{fmt(pa[k])} · {fmt(lg)}"
                                             for k, lg in zip(nz, logs))),
            DerivationLine(f"= {_signed_sum(terms)}"),
            DerivationLine(f"= {fmt(value)} {unit}".rstrip()),
        ]
        zero = [names[k] for k in range(len(pa)) if pa[k] == 0]
        note = (f"classes with p_k = 0 ({', '.join(zero)}) contribute nothing"
                if zero else "")
        return Derivation.build("", lines, note=note)

    return Measure(value, "KL divergence", symbol="KL(p || q)", unit=unit, derivation=explain)


def kl_to_uniform(labels: Any = None, *, counts: Any = None, base: float = 2,
                  classes: Sequence | None = None) -> Measure:
    """KL divergence from the uniform distribution: ``KL(p || u) = log c - H(p)``.

    ``c`` is the number of classes (with ``counts``, their length; with a ``Categorical``
    or ``classes=``, unobserved classes count too). It measures how far the node is from
    "knowing nothing": 0 at uniform, ``log c`` when pure.

    Parameters
    ----------
    labels : sequence, optional
        Class labels.
    counts : sequence of float, optional
        Class counts instead of labels.
    base : float, optional
        Base of the logarithm, 2 (bits) by default.
    classes : sequence, optional
        Class names for ``counts``, or the class order for ``labels``.

    Returns
    -------
    Measure
        The divergence.

    Examples
    --------
    >>> k = kl_to_uniform(counts=[9, 5])
    >>> round(k, 3)
    0.06
    >>> print(k.explain().lines[-1].text)
    = 0.060 bits
    """
    b = _check_base(base)
    array, names, set_name, known = _class_counts(labels, counts, classes)
    h = entropy(counts=array, base=b, classes=names)
    c = len(array)
    logc = math.log(c) / math.log(b)
    value = max(logc - float(h), 0.0)
    log, log_tex, unit = _log_names(b)
    symbol = f"KL(p_{set_name} || uniform)"

    def explain() -> Derivation:
        lines = [
            DerivationLine(f"{symbol} = {log} c - H({set_name})",
                           rf"\mathrm{{KL}}(p_{{{latex_text(set_name)}}} \,\|\, u) = "
                           rf"{log_tex} c - H({latex_text(set_name)})",
                           f"c = {c} classes"),
            DerivationLine(f"= {log} {c} - {fmt(float(h))}"),
            DerivationLine(f"= {fmt(logc)} - {fmt(float(h))}"),
            DerivationLine(f"= {fmt(value)} {unit}".rstrip()),
        ]
        return Derivation.build("", [Derivation.build(f"entropy of {set_name}",
                                                      h.explain().lines), *lines])

    return Measure(value, "KL to uniform", symbol=symbol, unit=unit, derivation=explain)


# ---------------------------------------------------------------------------- split measures
def split_info(feature: Any = None, *, counts: Any = None, base: float = 2,
               values: Sequence | None = None) -> Measure:
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
    b = _check_base(base)
    array, names, fname = _value_counts(feature, counts, values)
    value = float(entropy_of_counts(array, b))
    symbol = _sym("SplitInfo", fname)

    def explain() -> Derivation:
        lines = _entropy_lines(array, names, symbol, _latex_sym("SplitInfo", fname),
                               value, b, coloured=False, index="v")
        note = _zero_note(array, names, "values")
        if np.count_nonzero(array) <= 1:
            note = (f"{fname} takes a single value here, so splitting on it separates "
                    f"nothing: its split info is 0")
        return Derivation.build("", lines, note=note)

    return Measure(value, "split info", symbol=symbol, unit=_log_names(b)[2], derivation=explain)


def _split_parts(feature, labels, counts, base, classes, values):
    b = _check_base(base)
    table, vnames, cnames, fname, sname, known = _contingency(feature, labels, counts,
                                                              classes, values)
    totals = table.sum(axis=0)
    weights = table.sum(axis=1) / table.sum()
    return b, table, vnames, cnames, fname, sname, totals, weights


def mean_info(feature: Any = None, labels: Any = None, *, counts: Any = None, base: float = 2,
              classes: Sequence | None = None, values: Sequence | None = None) -> Measure:
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
    b, table, vnames, cnames, fname, sname, totals, weights = _split_parts(
        feature, labels, counts, base, classes, values)
    child = entropy_of_counts(table, b)
    value = float(np.dot(weights, child))
    unit = _log_names(b)[2]
    symbol = f"H({sname} | {fname})"

    def explain() -> Derivation:
        text, latex = _weighted_sum_text(table, child)
        return Derivation.build("", [
            _child_table(table, vnames, cnames, fname, child, "H(child)"),
            DerivationLine(f"{symbol} = sum_v |S_v|/|S| · H(S_v)",
                           rf"H({latex_text(sname)} \mid {latex_text(fname)}) = "
                           r"\sum_v \frac{|S_v|}{|S|} H(S_v)"),
            DerivationLine(f"= {text}", f"= {latex}"),
            DerivationLine(f"= {fmt(value)} {unit}".rstrip()),
        ])

    return Measure(value, "mean info", symbol=symbol, unit=unit, derivation=explain)


def _rounding_note(a: float, b: float, result: float) -> str:
    shown = float(fmt(a)) - float(fmt(b))
    if fmt(shown) == fmt(result):
        return ""
    return (f"values are shown rounded; unrounded {a:.5f} - {b:.5f} = {result:.5f}. "
            f"Subtracting the rounded values gives {fmt(shown)}, which is why texts that "
            f"round intermediate results can differ in the last digit")


def information_gain(feature: Any = None, labels: Any = None, *, counts: Any = None,
                     base: float = 2, classes: Sequence | None = None,
                     values: Sequence | None = None) -> Measure:
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
    b, table, vnames, cnames, fname, sname, totals, weights = _split_parts(
        feature, labels, counts, base, classes, values)
    parent = float(entropy_of_counts(totals, b))
    child = entropy_of_counts(table, b)
    mean = float(np.dot(weights, child))
    value = min(max(_clamp(parent - mean), 0.0), parent)
    unit = _log_names(b)[2]

    def explain() -> Derivation:
        text, latex = _weighted_sum_text(table, child)
        u = rf"\ \text{{{unit}}}" if unit else ""
        return Derivation.build("", [
            DerivationLine(f"H({sname}) = {fmt(parent)} {unit}".rstrip(),
                           rf"H({latex_text(sname)}) = {fmt(parent)}{u}",
                           _class_summary(totals, cnames)),
            _child_table(table, vnames, cnames, fname, child, "H(child)"),
            DerivationLine(f"mean info = {text} = {fmt(mean)}",
                           rf"\text{{mean info}} = {latex} = {fmt(mean)}"),
            DerivationLine(f"gain = {fmt(parent)} - {fmt(mean)} = {fmt(value)} {unit}".rstrip(),
                           rf"\text{{gain}} = {fmt(parent)} - {fmt(mean)} = {fmt(value)}{u}"),
        ], note=_rounding_note(parent, mean, value))

    return Measure(value, "information gain", symbol=_sym("IG", fname), unit=unit,
                   derivation=explain)


def gain_ratio(feature: Any = None, labels: Any = None, *, counts: Any = None,
               base: float = 2, classes: Sequence | None = None,
               values: Sequence | None = None) -> Measure:
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
    b, table, vnames, cnames, fname, sname, totals, weights = _split_parts(
        feature, labels, counts, base, classes, values)
    named_values = pd.Index(vnames, name=fname)
    gain = information_gain(counts=table, base=b, classes=pd.Index(cnames, name=sname),
                            values=named_values)
    split = split_info(counts=table.sum(axis=1), base=b, values=named_values)
    constant = float(split) <= 1e-12
    value = 0.0 if constant else float(gain) / float(split)
    symbol = _sym("GainRatio", fname)

    def explain() -> Derivation:
        g = Derivation.build(f"information gain of {fname}", gain.explain().lines,
                             note=gain.explain().note)
        s = Derivation.build(f"split info of {fname}", split.explain().lines)
        if constant:
            last = DerivationLine(f"{symbol} = 0",
                                  rf"\mathrm{{GainRatio}}({latex_text(fname)}) = 0")
            note = (f"{fname} takes a single value here: split info is 0 (and so is the "
                    f"gain), so the gain ratio is taken as 0 instead of dividing by zero")
        else:
            last = DerivationLine(
                f"{symbol} = gain / split info = {fmt(float(gain))} / {fmt(float(split))} "
                f"= {fmt(value)}",
                rf"\mathrm{{GainRatio}}({latex_text(fname)}) = \frac{{\text{{gain}}}}"
                rf"{{\text{{split info}}}} = \frac{{{fmt(float(gain))}}}{{{fmt(float(split))}}}"
                rf" = {fmt(value)}")
            note = ""
        return Derivation.build("", [g, s, last], note=note)

    return Measure(value, "gain ratio", symbol=symbol, derivation=explain)


def gini_gain(feature: Any = None, labels: Any = None, *, counts: Any = None,
              classes: Sequence | None = None, values: Sequence | None = None) -> Measure:
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
    table, vnames, cnames, fname, sname, known = _contingency(feature, labels, counts,
                                                              classes, values)
    totals = table.sum(axis=0)
    weights = table.sum(axis=1) / table.sum()
    parent = float(gini_of_counts(totals))
    child = gini_of_counts(table)
    mean = float(np.dot(weights, child))
    value = max(_clamp(parent - mean), 0.0)

    def explain() -> Derivation:
        text, latex = _weighted_sum_text(table, child)
        return Derivation.build("", [
            DerivationLine(f"Gini({sname}) = {fmt(parent)}",
                           rf"\mathrm{{Gini}}({latex_text(sname)}) = {fmt(parent)}",
                           _class_summary(totals, cnames)),
            _child_table(table, vnames, cnames, fname, child, "Gini(child)"),
            DerivationLine(f"mean Gini = {text} = {fmt(mean)}",
                           rf"\text{{mean Gini}} = {latex} = {fmt(mean)}"),
            DerivationLine(f"Gini gain = {fmt(parent)} - {fmt(mean)} = {fmt(value)}",
                           rf"\text{{Gini gain}} = {fmt(parent)} - {fmt(mean)} = {fmt(value)}"),
        ], note=_rounding_note(parent, mean, value))

    return Measure(value, "gini gain", symbol=_sym("GiniGain", fname), derivation=explain)


# ---------------------------------------------------------------------------- regression
def _numeric_values(values: Any) -> tuple[np.ndarray, str]:
    if isinstance(values, (str, bytes)):
        raise TypeError("values must be a sequence of numbers, not a string")
    name = _series_name(values, "S")
    try:
        array = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise TypeError("values must be numbers (a regression target)") from None
    if array.ndim != 1:
        raise ValueError(f"values must be 1-D; got shape {array.shape}")
    if array.size == 0:
        raise ValueError("values is empty")
    if not np.isfinite(array).all():
        raise ValueError("values contains NaN or infinite values")
    with np.errstate(over="ignore", invalid="ignore"):
        spread = np.sum((array - array.mean()) ** 2)
    if not np.isfinite(spread):
        raise ValueError("values are too large: their squared deviations overflow a float")
    return array, name


def _num(x: float) -> str:
    return f"{x:.6g}"


def _listing(terms: list[str], limit: int = 8) -> str:
    if len(terms) <= limit:
        return " + ".join(terms)
    return " + ".join(terms[:limit - 2]) + " + ... + " + terms[-1]


def mse(values: Any) -> Measure:
    """Mean squared error around the mean (the variance ``1/n sum (y_i - mean)^2``).

    This is the impurity of a regression node (CART's squared-error criterion).

    Parameters
    ----------
    values : sequence of float
        Target values at the node.

    Returns
    -------
    Measure
        The (population) variance; ``.explain()`` shows the sum.

    Examples
    --------
    >>> print(mse([1, 2, 6]).explain())
    mean   = (1 + 2 + 6)/3 = 3.000
    MSE(S) = 1/n sum_i (y_i - mean)^2
           = 1/3 · ((1 - 3)^2 + (2 - 3)^2 + (6 - 3)^2)
           = 1/3 · 14.000
           = 4.667
    """
    array, name = _numeric_values(values)
    n = len(array)
    mean = float(array.mean())
    value = float(np.mean((array - mean) ** 2))
    symbol = _sym("MSE", name)

    def explain() -> Derivation:
        ss = float(np.sum((array - mean) ** 2))
        return Derivation.build("", [
            DerivationLine(f"mean = ({_listing([_num(x) for x in array])})/{n} = {fmt(mean)}",
                           rf"\bar y = \frac{{1}}{{{n}}}\sum_i y_i = {fmt(mean)}"),
            DerivationLine(f"{symbol} = 1/n sum_i (y_i - mean)^2",
                           rf"\mathrm{{MSE}}({latex_text(name)}) = \frac{{1}}{{n}}\sum_i "
                           r"(y_i - \bar y)^2"),
            DerivationLine(f"= 1/{n} · ("
                           + _listing([f"({_num(x)} - {_num(mean)})^2" for x in array]) + ")"),
            DerivationLine(f"= 1/{n} · {fmt(ss)}", rf"= \frac{{1}}{{{n}}}\cdot {fmt(ss)}"),
            DerivationLine(f"= {fmt(value)}"),
        ])

    return Measure(value, "mse", symbol=symbol, derivation=explain)


def mae(values: Any) -> Measure:
    """Mean absolute deviation around the median, ``1/n sum |y_i - median|``.

    As in scikit-learn's ``absolute_error`` criterion, the deviations are taken from the
    median (the constant that minimises the absolute error), not from the mean.

    Parameters
    ----------
    values : sequence of float
        Target values at the node.

    Returns
    -------
    Measure
        The mean absolute deviation; ``.explain()`` shows the sum.

    Examples
    --------
    >>> print(mae([1, 2, 6]).explain())
    median = 2   (middle of the sorted values)
    MAE(S) = 1/n sum_i |y_i - median|
           = 1/3 · (|1 - 2| + |2 - 2| + |6 - 2|)
           = 1/3 · 5.000
           = 1.667
    """
    array, name = _numeric_values(values)
    n = len(array)
    median = float(np.median(array))
    value = float(np.mean(np.abs(array - median)))
    symbol = _sym("MAE", name)

    def explain() -> Derivation:
        sa = float(np.sum(np.abs(array - median)))
        return Derivation.build("", [
            DerivationLine(f"median = {_num(median)}", rf"\tilde y = {_num(median)}",
                           "" if n < 2 else "(middle of the sorted values)" if n % 2 else
                           "(mean of the two middle values)"),
            DerivationLine(f"{symbol} = 1/n sum_i |y_i - median|",
                           rf"\mathrm{{MAE}}({latex_text(name)}) = \frac{{1}}{{n}}\sum_i "
                           r"|y_i - \tilde y|"),
            DerivationLine(f"= 1/{n} · ("
                           + _listing([f"|{_num(x)} - {_num(median)}|" for x in array]) + ")"),
            DerivationLine(f"= 1/{n} · {fmt(sa)}", rf"= \frac{{1}}{{{n}}}\cdot {fmt(sa)}"),
            DerivationLine(f"= {fmt(value)}"),
        ])

    return Measure(value, "mae", symbol=symbol, derivation=explain)
