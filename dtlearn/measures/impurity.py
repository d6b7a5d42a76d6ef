"""Impurity of one class distribution.

Entropy, Gini, misclassification, cost-weighted Gini and the Kullback-Leibler divergences.

Each takes class labels or ``counts=`` and returns a :class:`~dtlearn.explain.Measure`
whose ``.explain()`` works the formula out; the arithmetic is done by the kernels of
:mod:`dtlearn.criteria`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..criteria import (
    cost_gini_of_counts,
    entropy_of_counts,
    gini_of_counts,
    misclassification_of_counts,
)
from ..explain import Derivation, DerivationLine, Measure, latex_fraction, latex_text
from ..formatting import fmt, fmt_count, fmt_fraction
from .formulas import (
    entropy_lines,
    instances_comment,
    latex_sym,
    log_names,
    signed_sum,
    sym,
    zero_note,
)
from .inputs import check_base, check_counts, class_counts, item_names

__all__ = ["cost_gini", "entropy", "gini", "kl_divergence", "kl_to_uniform", "misclassification"]


def entropy(
    labels: Any = None, *, counts: Any = None, base: float = 2, classes: Sequence | None = None
) -> Measure:
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
    b = check_base(base)
    array, names, set_name, known = class_counts(labels, counts, classes)
    value = float(entropy_of_counts(array, b))
    symbol = sym("H", set_name)
    unit = log_names(b)[2]

    def explain() -> Derivation:
        lines = entropy_lines(
            array, names, symbol, latex_sym("H", set_name), value, b, coloured=True
        )
        return Derivation.build("", lines, note=zero_note(array, names))

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
    array, names, set_name, known = class_counts(labels, counts, classes)
    value = float(gini_of_counts(array))
    symbol = sym("Gini", set_name)

    def explain() -> Derivation:
        total = array.sum()
        p = array / total
        comment, comment_tex = instances_comment(array, names, True)
        return Derivation.build(
            "",
            [
                DerivationLine(
                    f"{symbol} = 1 - sum_k p_k^2",
                    rf"{latex_sym('Gini', set_name)} = 1 - \sum_k p_k^2",
                    comment,
                    comment_tex,
                ),
                DerivationLine(
                    "= 1 - (" + " + ".join(f"({fmt_fraction(c, total)})^2" for c in array) + ")",
                    r"= 1 - \left("
                    + " + ".join(
                        rf"\left({latex_fraction(c, total)}"
                        r"\right)^2"
                        for c in array
                    )
                    + r"\right)",
                ),
                DerivationLine(
                    "= 1 - (" + " + ".join(fmt(x * x) for x in p) + ")",
                    r"= 1 - \left(" + " + ".join(fmt(x * x) for x in p) + r"\right)",
                ),
                DerivationLine(f"= {fmt(value)}", f"= {fmt(value)}"),
            ],
        )

    return Measure(value, "gini", symbol=symbol, derivation=explain)


def misclassification(
    labels: Any = None, *, counts: Any = None, classes: Sequence | None = None
) -> Measure:
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
    array, names, set_name, known = class_counts(labels, counts, classes)
    value = float(misclassification_of_counts(array))
    symbol = sym("Err", set_name)

    def explain() -> Derivation:
        total = array.sum()
        k = int(np.argmax(array))
        comment, comment_tex = instances_comment(array, names, True)
        return Derivation.build(
            "",
            [
                DerivationLine(
                    f"{symbol} = 1 - max_k p_k",
                    rf"{latex_sym('Err', set_name)} = 1 - \max_k p_k",
                    comment,
                    comment_tex,
                ),
                DerivationLine(
                    "= 1 - max(" + ", ".join(fmt_fraction(c, total) for c in array) + ")",
                    r"= 1 - \max\left("
                    + ", ".join(latex_fraction(c, total) for c in array)
                    + r"\right)",
                ),
                DerivationLine(
                    f"= 1 - {fmt_fraction(array[k], total)}",
                    f"= 1 - {latex_fraction(array[k], total)}",
                ),
                DerivationLine(f"= {fmt(value)}", f"= {fmt(value)}"),
            ],
            note=_majority_note(array, names),
        )

    return Measure(value, "misclassification", symbol=symbol, derivation=explain)


def _majority_note(counts: np.ndarray, names: Sequence) -> str:
    """Which class is the majority, saying so when several tie and how the tie is broken."""
    top = counts.max()
    tied = [str(names[i]) for i in range(len(counts)) if np.isclose(counts[i], top)]
    if len(tied) == 1:
        return f"the majority class is {tied[0]}"
    return (
        f"no single majority: {', '.join(tied)} tie with {fmt_count(top)} each; "
        f"the error is the same whichever is predicted (ties go to the first, {tied[0]})"
    )


def cost_gini(
    labels: Any = None,
    cost_matrix: Any = None,
    *,
    counts: Any = None,
    classes: Sequence | None = None,
) -> Measure:
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
    array, names, set_name, known = class_counts(labels, counts, classes)
    if cost_matrix is None:
        raise TypeError("cost_matrix is required: a c x c table of misclassification costs")
    try:
        L = np.asarray(cost_matrix, dtype=float)
    except (TypeError, ValueError):
        raise TypeError("cost_matrix must be a square table of numbers") from None
    if L.ndim != 2 or L.shape[0] != L.shape[1]:
        raise ValueError(f"cost_matrix must be square (c x c); got shape {L.shape}")
    if L.shape[0] != len(array):
        raise ValueError(
            f"cost_matrix is {L.shape[0]} x {L.shape[1]} but there are {len(array)} classes"
        )
    if not np.isfinite(L).all():
        raise ValueError("cost_matrix contains NaN or infinite costs")
    if (L < 0).any():
        raise ValueError("cost_matrix must not contain negative costs")
    value = float(cost_gini_of_counts(array, L))
    symbol = sym("Gini_L", set_name)

    def explain() -> Derivation:
        total = array.sum()
        p = array / total
        pairs = [
            (i, j)
            for i in range(len(array))
            for j in range(len(array))
            if i != j and L[i, j] > 0 and array[i] > 0 and array[j] > 0
        ]
        comment, comment_tex = instances_comment(array, names, True)
        first = DerivationLine(
            f"{symbol} = sum_{{k != k'}} L[k,k'] p_k p_k'",
            rf"{latex_sym('Gini_L', set_name)} = \sum_{{k \neq k'}} L_{{kk'}}"
            r" p_k p_{k'}",
            comment,
            comment_tex,
        )
        if not pairs:
            lines = [first, DerivationLine("= 0", "= 0")]
        else:
            lines = [
                first,
                DerivationLine(
                    "= "
                    + " + ".join(
                        f"{fmt_count(L[i, j])}·({fmt_fraction(array[i], total)})·"
                        f"({fmt_fraction(array[j], total)})"
                        for i, j in pairs
                    ),
                    "= "
                    + " + ".join(
                        rf"{fmt_count(L[i, j])}\cdot {latex_fraction(array[i], total)}"
                        rf"\cdot {latex_fraction(array[j], total)}"
                        for i, j in pairs
                    ),
                ),
                DerivationLine("= " + " + ".join(fmt(L[i, j] * p[i] * p[j]) for i, j in pairs)),
                DerivationLine(f"= {fmt(value)}"),
            ]
        note = ""
        if np.any(np.diag(L) != 0):
            note = "the diagonal of the cost matrix (correct predictions) is ignored"
        return Derivation.build("", lines, note=note)

    return Measure(value, "cost-weighted gini", symbol=symbol, derivation=explain)


def kl_divergence(p: Any, q: Any, *, base: float = 2, classes: Sequence | None = None) -> Measure:
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
    b = check_base(base)
    pa = check_counts(p, "p")
    qa = check_counts(q, "q")
    if len(pa) != len(qa):
        raise ValueError(f"p and q must have the same length; got {len(pa)} and {len(qa)}")
    names = item_names(classes, len(pa), "c", "classes")
    pa = pa / pa.sum()
    qa = qa / qa.sum()
    bad = np.flatnonzero((qa == 0) & (pa > 0))
    if bad.size:
        k = int(bad[0])
        raise ValueError(f"q[{k}] is 0 where p[{k}] > 0, so KL(p || q) is infinite")
    nz = np.flatnonzero(pa > 0)
    logs = np.log(pa[nz] / qa[nz]) / math.log(b)
    value = max(float(np.sum(pa[nz] * logs)), 0.0)
    log, log_tex, unit = log_names(b)

    def explain() -> Derivation:
        terms = pa[nz] * logs
        lines = [
            DerivationLine(
                f"KL(p || q) = sum_k p_k {log}(p_k / q_k)",
                rf"\mathrm{{KL}}(p \,\|\, q) = \sum_k p_k {log_tex}\frac{{p_k}}{{q_k}}",
            ),
            DerivationLine(
                "= " + " + ".join(f"{fmt(pa[k])} · {log}({fmt(pa[k])}/{fmt(qa[k])})" for k in nz),
                "= "
                + " + ".join(
                    rf"{fmt(pa[k])}{log_tex}\frac{{{fmt(pa[k])}}}"
                    rf"{{{fmt(qa[k])}}}"
                    for k in nz
                ),
            ),
            DerivationLine(
                "= " + " + ".join(f"{fmt(pa[k])} · {fmt(lg)}" for k, lg in zip(nz, logs))
            ),
            DerivationLine(f"= {signed_sum(terms)}"),
            DerivationLine(f"= {fmt(value)} {unit}".rstrip()),
        ]
        zero = [names[k] for k in range(len(pa)) if pa[k] == 0]
        note = f"classes with p_k = 0 ({', '.join(zero)}) contribute nothing" if zero else ""
        return Derivation.build("", lines, note=note)

    return Measure(value, "KL divergence", symbol="KL(p || q)", unit=unit, derivation=explain)


def kl_to_uniform(
    labels: Any = None, *, counts: Any = None, base: float = 2, classes: Sequence | None = None
) -> Measure:
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
    b = check_base(base)
    array, names, set_name, known = class_counts(labels, counts, classes)
    h = entropy(counts=array, base=b, classes=names)
    c = len(array)
    logc = math.log(c) / math.log(b)
    value = max(logc - float(h), 0.0)
    log, log_tex, unit = log_names(b)
    symbol = f"KL(p_{set_name} || uniform)"

    def explain() -> Derivation:
        lines = [
            DerivationLine(
                f"{symbol} = {log} c - H({set_name})",
                rf"\mathrm{{KL}}(p_{{{latex_text(set_name)}}} \,\|\, u) = "
                rf"{log_tex} c - H({latex_text(set_name)})",
                f"c = {c} classes",
            ),
            DerivationLine(f"= {log} {c} - {fmt(float(h))}"),
            DerivationLine(f"= {fmt(logc)} - {fmt(float(h))}"),
            DerivationLine(f"= {fmt(value)} {unit}".rstrip()),
        ]
        return Derivation.build(
            "", [Derivation.build(f"entropy of {set_name}", h.explain().lines), *lines]
        )

    return Measure(value, "KL to uniform", symbol=symbol, unit=unit, derivation=explain)
