# About 580 logical lines: one idea, the criterion registry and the kernels its entries hold (class impurities, regression errors, vectorised child impurities and the bit-exact fast forms the scans use), which engine, tables and widgets all read.
"""The split criteria: impurity kernels and the registry every part of dtlearn reads.

A :class:`Criterion` is one value holding all a criterion means: the impurity of a node,
how a split is scored (an impurity *decrease*, a *ratio* of gain to split info, or a
*distance* between class distributions), the vectorised form the growth engine scans cuts
with, the measure of :mod:`dtlearn.measures` that explains the score, and the names shown
to people. Learners check their ``criterion=`` against :func:`for_task`, the engine and
the candidate tables read :func:`get`, the widgets list :func:`for_task`. Adding a
criterion is one :func:`register` call here (plus its explainable measure).

The kernels take arrays of (possibly fractional) class counts whose last axis runs over
the classes and return the impurity of every row, so the engine scores every cut of a node
in one call. Empty rows (total weight 0) have impurity 0. These are the fast, silent
versions; :mod:`dtlearn.measures` wraps them with checks and explanations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np


def _class_sum(a: np.ndarray, term: Callable | None = None) -> np.ndarray:
    # a.sum(axis=-1) (of term(a)) to the bit: numpy adds fewer than 8 terms one after the
    # other from +0.0, and a class at a time spares the scans a reduction over a short axis
    k = a.shape[-1]
    if k >= 8 or a.ndim < 2 or a.dtype != np.float64:
        return (a if term is None else term(a)).sum(axis=-1)
    out = np.zeros(a.shape[:-1])
    for j in range(k):
        out += a[..., j] if term is None else term(a[..., j])
    return out


def _proportions(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    counts = np.asarray(counts, dtype=float)
    totals = _class_sum(counts)[..., None]
    # the divisor is never 0, so no errstate (entering one costs more than this function)
    p = np.where(totals > 0, counts / np.where(totals > 0, totals, 1.0), 0.0)
    return p, totals[..., 0]


def entropy_of_counts(counts: np.ndarray, base: float = 2.0) -> np.ndarray:
    """Entropy ``-sum p log p`` of each row of counts (0 log 0 = 0).

    Examples
    --------
    >>> round(float(entropy_of_counts([9, 5])), 3)
    0.94
    """
    p, _ = _proportions(counts)
    with np.errstate(divide="ignore", invalid="ignore"):
        logs = np.where(p > 0, np.log(np.where(p > 0, p, 1.0)), 0.0)
    return np.maximum(-(p * logs).sum(axis=-1) / np.log(base), 0.0)


def gini_of_counts(counts: np.ndarray) -> np.ndarray:
    """Gini impurity ``1 - sum p^2`` of each row of counts.

    Examples
    --------
    >>> round(float(gini_of_counts([9, 5])), 3)
    0.459
    """
    counts = np.asarray(counts, dtype=float)
    if not _few_classes(counts):
        p, _ = _proportions(counts)
        return np.maximum(1.0 - _class_sum(p, np.square), 0.0)
    # _proportions and _class_sum's floats in fewer calls (a level's nodes at once): the
    # totals differ only when every count is -0.0, and then neither is > 0
    totals = counts[..., 0] + counts[..., 1]
    for j in range(2, counts.shape[-1]):
        totals += counts[..., j]
    if totals.size and totals.min() > 0:  # every row holds weight (a level's nodes): no 0/0
        p = counts / totals[..., None]
    else:
        positive = totals > 0
        p = counts / np.where(positive, totals, 1.0)[..., None]
        if not positive.all():
            p = np.where(positive[..., None], p, 0.0)
    squares = p[..., 0] * p[..., 0]
    for j in range(1, counts.shape[-1]):
        squares += p[..., j] * p[..., j]
    return np.maximum(1.0 - squares, 0.0)


def misclassification_of_counts(counts: np.ndarray) -> np.ndarray:
    """Misclassification rate ``1 - max p`` of each row of counts.

    Examples
    --------
    >>> round(float(misclassification_of_counts([9, 5])), 3)
    0.357
    """
    p, totals = _proportions(counts)
    return np.where(totals > 0, 1.0 - p.max(axis=-1), 0.0)


def cost_gini_of_counts(counts: np.ndarray, cost_matrix: np.ndarray) -> np.ndarray:
    """Cost-weighted Gini ``sum_{k != k'} L[k, k'] p_k p_k'`` of each row of counts.

    With all off-diagonal costs 1 this is the ordinary Gini impurity.

    Examples
    --------
    >>> float(cost_gini_of_counts([5, 5], [[0, 2], [2, 0]]))
    1.0
    """
    p, _ = _proportions(counts)
    L = np.asarray(cost_matrix, dtype=float).copy()
    np.fill_diagonal(L, 0.0)
    return np.einsum("...i,ij,...j->...", p, L, p)


def hellinger_of_counts(branch_counts: np.ndarray) -> np.ndarray:
    """Hellinger distance between the classes' distributions over the branches of a split.

    ``branch_counts[..., b, k]`` is the count of class ``k`` in branch ``b``. For two classes
    ``+`` and ``-`` the distance is ``sqrt(sum_b (sqrt(n_b+/N+) - sqrt(n_b-/N-))^2)``
    (Cieslak and Chawla, 2008): it compares where each class goes, not how pure the
    branches are, so it does not depend on how rare a class is. With more classes it is
    the largest distance of one class against the rest (our choice, as in the one-versus-all
    decomposition of Hellinger trees). A class absent from the node adds nothing. Range
    ``0`` (both classes spread alike) to ``sqrt(2)`` (no branch holds both).

    Examples
    --------
    >>> round(float(hellinger_of_counts([[10, 0], [0, 90]])), 4)  # perfect split, 10/90 skew
    1.4142
    >>> round(float(hellinger_of_counts([[5, 45], [5, 45]])), 4)  # both classes split alike
    0.0
    """
    # a side's counts are a total minus a cumulative sum: rounding may leave -1e-17
    counts = np.maximum(np.asarray(branch_counts, dtype=float), 0.0)
    per_class = _axis_sum(counts, -2)  # N_k over all branches
    rest_counts = _axis_sum(counts, -1) - counts  # class k against the others
    rest_totals = _axis_sum(rest_counts, -2)
    with np.errstate(divide="ignore", invalid="ignore"):
        p_in = np.where(per_class > 0, counts / np.where(per_class > 0, per_class, 1), 0.0)
        p_out = np.where(
            rest_totals > 0, rest_counts / np.where(rest_totals > 0, rest_totals, 1), 0.0
        )
    usable = (per_class > 0) & (rest_totals > 0)  # both sides of "k against the rest" exist
    squares = _axis_sum(np.where(usable, (np.sqrt(p_in) - np.sqrt(p_out)) ** 2, 0.0), -2)
    squares = squares[..., 0, :]
    return np.sqrt(
        squares.max(axis=-1) if squares.ndim < 2 or squares.shape[-1] >= 8 else _class_max(squares)
    )


def _axis_sum(a: np.ndarray, axis: int) -> np.ndarray:
    # a.sum(axis=axis, keepdims=True) to the bit (as _class_sum: fewer than 8 terms add in
    # order from +0.0), without a reduction over a short axis
    if a.shape[axis] >= 8 or a.ndim < 2:
        return a.sum(axis=axis, keepdims=True)
    parts = np.moveaxis(a, axis, 0)
    out = np.zeros(parts.shape[1:])
    for part in parts:
        out += part
    return np.expand_dims(out, axis)


# ------------------------------------------------------------------ regression kernels
def weighted_median(values: np.ndarray, weights: np.ndarray) -> float:
    """Weighted median as scikit-learn's absolute-error criterion takes it.

    Zero weights are ignored; where the cumulative weight reaches exactly half at one
    value, the median is the mean of that value and the next.

    Examples
    --------
    >>> weighted_median(np.array([1.0, 2.0, 10.0]), np.array([1.0, 1.0, 1.0]))
    2.0
    >>> weighted_median(np.array([1.0, 2.0]), np.array([1.0, 1.0]))
    1.5
    """
    if len(values) < SMALL:
        listed = values.tolist()
        w_list = weights.tolist()
        if (
            w_list[0] > 0
            and w_list.count(w_list[0]) == len(w_list)
            and not any(v != v for v in listed)
        ):  # no NaN, which sorted() cannot place
            return _median_of_list(listed)
    elif weights[0] > 0 and (weights == weights[0]).all():  # all positive too: one test
        return _median(values)
    positive = weights > 0
    if not positive.all():
        values, weights = values[positive], weights[positive]
    if (weights == weights[0]).all():
        return _median(values)
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    cw = np.cumsum(weights[order])
    i = int(np.searchsorted(cw, cw[-1] / 2.0))
    if cw[i] == cw[-1] / 2.0 and i + 1 < len(ordered):
        return float((ordered[i] + ordered[i + 1]) / 2.0)
    return float(ordered[i])


SMALL = 8
"""Below this many values numpy adds them one after the other from +0.0 (pairwise sums
start at 8), so Python's own arithmetic gives its floats without an array's overhead:
MAE growth takes a median and an error per branch of every candidate, mostly of tiny
nodes."""


def _median_of_list(listed: list) -> float:
    # _median of a short list; the sort may order -0.0 and 0.0 differently, but adding
    # them to +0.0 gives the same float either way
    ordered = sorted(listed)
    half = len(ordered) // 2
    if len(ordered) % 2:
        return (0.0 + ordered[half]) / 1.0
    return (0.0 + ordered[half - 1] + ordered[half]) / 2.0


def _median(values: np.ndarray) -> float:
    # np.median's float, bit for bit (the mean of the middle one or two of a sort, NaN
    # last), without its per-call overhead: MAE growth takes a median per branch of
    # every candidate
    ordered = np.sort(values)
    n = len(ordered)
    if ordered[-1] != ordered[-1]:
        return float("nan")
    half = n // 2
    if n % 2:
        return (0.0 + float(ordered[half])) / 1.0
    return (0.0 + float(ordered[half - 1]) + float(ordered[half])) / 2.0


def weighted_mean(values: np.ndarray, weights: np.ndarray) -> float:
    """The weighted mean (0 for no weight).

    Examples
    --------
    >>> weighted_mean(np.array([1.0, 3.0]), np.array([1.0, 3.0]))
    2.5
    """
    total = weights.sum()
    return float((values * weights).sum() / total) if total > 0 else 0.0


def squared_error_of(values: np.ndarray, weights: np.ndarray) -> float:
    """Weighted mean squared deviation from the weighted mean.

    Two passes, the second corrected (``Σw d² - (Σw d)²/Σw`` with ``d = y - mean``): the
    rounding of the mean adds nothing, so a constant added to ``values`` changes the
    result by no more than its own rounding of them (docs/ALGORITHMS.md, "Regression at a
    large offset").

    Examples
    --------
    >>> squared_error_of(np.array([1.0, 3.0]), np.ones(2))
    1.0
    >>> squared_error_of(np.array([1e9 + 0.5, 1e9 + 1.0]), np.ones(2))
    0.0625
    """
    total = weights.sum()
    if total <= 0:
        return 0.0
    mean = (values * weights).sum() / total
    d = values - mean
    wd = weights * d
    return float(max((wd * d).sum() - wd.sum() ** 2 / total, 0.0) / total)


def squared_error_of_sums(sums: np.ndarray) -> np.ndarray:
    """Weighted MSE of each row of sums ``[Σw, Σwy, Σwy²]`` (0 where there is no weight).

    The fast scans' form: the sums of a node, or of every cut's side, are cumulative sums
    of the sorted rows. ``Σwy² - (Σwy)²/Σw`` is clamped at 0 (rounding can dip below).

    Examples
    --------
    >>> float(squared_error_of_sums(np.array([2.0, 4.0, 10.0])))
    1.0
    """
    sums = np.asarray(sums, dtype=float)
    w = sums[..., 0]
    safe = np.where(w > 0, w, 1.0)
    return np.where(w > 0, np.maximum(sums[..., 2] - sums[..., 1] ** 2 / safe, 0.0) / safe, 0.0)


def absolute_error_of(values: np.ndarray, weights: np.ndarray) -> float:
    """Weighted mean absolute deviation from the weighted median.

    Examples
    --------
    >>> absolute_error_of(np.array([1.0, 2.0, 10.0]), np.ones(3))
    3.0
    """
    return absolute_error_about(values, weights, None)


def absolute_error_about(values: np.ndarray, weights: np.ndarray, median: float | None) -> float:
    """:func:`absolute_error_of` about a given weighted median (``None``: worked out).

    Examples
    --------
    >>> absolute_error_about(np.array([1.0, 2.0, 10.0]), np.ones(3), 2.0)
    3.0
    """
    if len(values) < SMALL:  # numpy's floats by Python's arithmetic (SMALL)
        w_list = weights.tolist()
        total = 0.0
        for w in w_list:
            total += w
        if total <= 0:
            return 0.0
        if median is None:
            median = weighted_median(values, weights)
        spread = 0.0
        for v, w in zip(values.tolist(), w_list):
            spread += w * abs(v - median)
        return spread / total
    total = weights.sum()
    if total <= 0:
        return 0.0
    if median is None:
        median = weighted_median(values, weights)
    return float((weights * np.abs(values - median)).sum() / total)


def squared_error_cuts(ys: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Weighted mean child MSE of every cut of sorted targets (cut ``i`` keeps ``ys[:i+1]`` left).

    Sums of ``w``, ``w y`` and ``w y²`` give every cut in one pass. A side of zero weight
    gives NaN or infinity: the scan marks such cuts invalid.

    Examples
    --------
    >>> squared_error_cuts(np.array([1.0, 1.0, 5.0]), np.ones(3)).tolist()
    [2.6666666666666665, 0.0]
    """
    cw = np.cumsum(w)[:-1]
    cy = np.cumsum(w * ys)[:-1]
    cyy = np.cumsum(w * ys * ys)[:-1]
    tw, ty, tyy = w.sum(), (w * ys).sum(), (w * ys * ys).sum()
    rw = tw - cw
    with np.errstate(divide="ignore", invalid="ignore"):
        sse_l = cyy - cy * cy / cw
        sse_r = (tyy - cyy) - (ty - cy) ** 2 / rw
    return (sse_l + sse_r) / tw


def absolute_error_cuts(ys: np.ndarray, w: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """Weighted mean child MAE of every valid cut of sorted targets (others: infinity).

    Each side's median is found anew: O(n²), as MAE trees are for small teaching data.

    Examples
    --------
    >>> absolute_error_cuts(np.array([1.0, 2.0, 9.0]), np.ones(3), np.ones(2, bool)).tolist()
    [2.3333333333333335, 0.3333333333333333]
    """
    out = np.full(len(ys) - 1, np.inf)
    total = w.sum()
    for i in np.flatnonzero(valid):
        out[i] = (
            absolute_error_of(ys[: i + 1], w[: i + 1]) * w[: i + 1].sum()
            + absolute_error_of(ys[i + 1 :], w[i + 1 :]) * w[i + 1 :].sum()
        ) / total
    return out


# ------------------------------------------------------------------ the registry
def _xlogx(c: np.ndarray) -> np.ndarray:
    return np.where(c > 0, c * np.log(np.where(c > 0, c, 1.0)), 0.0)


def _two_way_entropy(nl: np.ndarray, nr: np.ndarray, base: float) -> np.ndarray:
    # entropy_of_counts of the pairs (nl, nr), to the bit, without stacking them
    totals = nl + nr
    positive = totals > 0
    safe = np.where(positive, totals, 1.0)
    terms = 0.0
    for side in (nl, nr):
        p = np.where(positive, side / safe, 0.0)
        terms = terms + p * np.where(p > 0, np.log(np.where(p > 0, p, 1.0)), 0.0)
    return np.maximum(-terms / np.log(base), 0.0)


def _entropy_children(left: np.ndarray, right: np.ndarray, config: Any) -> np.ndarray:
    # n·H = n log n - sum c log c: no per-class proportions needed
    nl, nr = _class_sum(left), _class_sum(right)
    with np.errstate(divide="ignore", invalid="ignore"):
        total = (
            _xlogx(nl) - _class_sum(left, _xlogx) + _xlogx(nr) - _class_sum(right, _xlogx)
        ) / np.log(config.base)
        return np.maximum(total, 0.0) / (nl + nr)


def _entropy_children_of_whole(left: np.ndarray, totals: np.ndarray, config: Any) -> np.ndarray:
    # _entropy_children of whole-number counts held as integers, class-major (k, ...), the
    # right side being totals - left (totals broadcast against left: each cut's node), to
    # the bit: c log c of a whole number is looked up in a table of _xlogx's own floats, the
    # terms are added in _entropy_children's order (0 + a term is the term: none is -0.0),
    # and in place: a level's scan is bound by its passes over memory, not by arithmetic.
    # Counts of 8 classes or more, or a table larger than the cuts: _entropy_children.
    k = left.shape[0]
    nl = left.sum(axis=0)
    n = totals.sum(axis=0)
    top = int(n.max()) if n.size else 0
    if k >= 8 or top >= max(nl.size, WHOLE_TABLE_MIN):
        return _entropy_children(
            np.moveaxis(left, 0, -1) + 0.0, np.moveaxis(totals - left, 0, -1) + 0.0, config
        )
    table = _xlogx(np.arange(top + 1, dtype=float))
    out = table.take(nl)
    term = np.empty_like(out)
    part = np.empty_like(out)
    for right in (False, True):
        if right:  # n_r = n - n_l, exact
            np.subtract(n, nl, out=nl)
            out += table.take(nl, out=term)
        for j in range(k):
            counts = np.subtract(totals[j], left[j], out=nl) if right else left[j]
            table.take(counts, out=part if j == 0 else term)
            if j:
                part += term
        out -= part
    out /= np.log(config.base)
    np.maximum(out, 0.0, out=out)
    out /= n
    return out


WHOLE_TABLE_MIN = 1 << 16
""":func:`_entropy_children_of_whole` builds a table of ``c log c`` up to the largest count when
it holds fewer entries than this or than the cuts it scores."""


def _misclassification_children(left: np.ndarray, right: np.ndarray, config: Any) -> np.ndarray:
    # the generic size-weighted form, to the bit: max(c / n) is max(c) / n (a division by
    # n > 0 keeps the order), so each side takes one sum, one maximum and one division
    def error(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        n = _class_sum(counts)
        positive = n > 0
        largest = counts.max(axis=-1) if counts.shape[-1] >= 8 else _class_max(counts)
        return n, np.where(positive, 1.0 - largest / np.where(positive, n, 1.0), 0.0)

    (nl, el), (nr, er) = error(np.asarray(left, dtype=float)), error(np.asarray(right, dtype=float))
    with np.errstate(divide="ignore", invalid="ignore"):
        return (nl * el + nr * er) / (nl + nr)


def _class_max(a: np.ndarray) -> np.ndarray:
    # a.max(axis=-1) of a few classes without a reduction over a short axis (a maximum
    # does not round; only a NaN, which no count is, could come out otherwise)
    out = a[..., 0].copy()
    for j in range(1, a.shape[-1]):
        np.maximum(out, a[..., j], out=out)
    return out


def _gini_children(left: np.ndarray, right: np.ndarray, config: Any) -> np.ndarray:
    # n·Gini = n - sum c²/n on both sides
    left, right = np.asarray(left), np.asarray(right)
    if not _few_classes(left) or not _few_classes(right):
        nl, nr = _class_sum(left), _class_sum(right)
        with np.errstate(divide="ignore", invalid="ignore"):
            total = (nl - _class_sum(left, np.square) / nl) + (
                nr - _class_sum(right, np.square) / nr
            )
            return np.maximum(total, 0.0) / (nl + nr)
    # the same operations in place, a class at a time: the scans' cost is passes
    with np.errstate(divide="ignore", invalid="ignore"):
        nl, gl = _gini_side(left)
        nr, gr = _gini_side(right)
        np.add(gl, gr, out=gl)
        np.maximum(gl, 0.0, out=gl)
        np.add(nl, nr, out=nl)
        return np.divide(gl, nl, out=gl)


def _few_classes(a: np.ndarray) -> bool:
    # what _class_sum adds a class at a time (2 to 7 classes of 64-bit floats, cuts x classes)
    return 2 <= a.shape[-1] < 8 and a.ndim >= 2 and a.dtype == np.float64


def _gini_side(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    # n and n - sum c²/n of each row, _class_sum's floats: 0 + c0 + c1 + ... is c0 + c1 + ...
    # but when every c is -0.0 (then n is ±0, sum c² is +0 and n - 0/n is NaN either way),
    # and 0 + c0² is c0² (a square is never -0.0)
    first = counts[..., 0]
    n = np.add(first, counts[..., 1])
    squares = np.multiply(first, first)
    term = np.empty_like(squares)
    for j in range(1, counts.shape[-1]):
        if j > 1:
            np.add(n, counts[..., j], out=n)
        np.multiply(counts[..., j], counts[..., j], out=term)
        np.add(squares, term, out=squares)
    np.divide(squares, n, out=squares)
    return n, np.subtract(n, squares, out=squares)


@dataclass(frozen=True)
class Criterion:
    """Everything one split criterion means, in one value.

    Attributes
    ----------
    name : str
        What ``criterion=`` says (``"entropy"``, ``"gini"``, ``"hellinger"``, ``"mse"``, ...).
    label : str
        How widgets and tables name it.
    task : {"classification", "regression"}
    impurity_name : str
        The node impurity's name in printed trees and figures.
    score : {"decrease", "ratio", "distance"}
        How a split is scored: the decrease of the node impurity, information gain divided
        by split info, or a distance between the classes' distributions over the branches.
    score_key : str
        The key of the ranking score in a candidate's ``scores``.
    measure : str
        The function of :mod:`dtlearn.measures` that computes the score (the ranking score
        itself, not another) and whose ``explain()`` works it out; it takes ``counts=``,
        ``classes=``, ``values=`` and, when it has them, ``base=`` and ``cost_matrix=``.
    impurity : callable
        Classification: ``impurity(counts, config)`` over class counts (last axis classes).
        Regression: ``impurity(values, weights)``.
    children : callable or None
        Fast size-weighted child impurity of binary cuts, ``children(left, right, config)``
        (classification) or of every cut of sorted targets ``children(ys, w, valid)``
        (regression); ``None``: the generic form from ``impurity``.
    distance : callable or None
        For ``score="distance"``: ``distance(branch_counts)`` over ``(..., branches, classes)``.
    centre : callable or None
        Regression: the leaf value (mean or median) of ``(values, weights)``.
    of_sums : callable or None
        Regression criteria the fast scans handle: the impurity of each row of sums
        ``[Σw, Σwy, Σwy²]``; :meth:`node_impurity`, :meth:`cut_scores` and
        :meth:`children_impurity` then take such sums where a classification criterion
        takes class counts.
    needs_cost_matrix : bool
        Whether the learner must be given a cost matrix.
    note : str
        A sentence on where the criterion comes from or what it is for.
    curve_label : str
        Its node impurity's name in the two-class impurity figure
        (:func:`dtlearn.plot.impurity_curves`, the CriteriaExplorer and its example table);
        empty: not drawn, because its node impurity is another criterion's (gain ratio
        and Hellinger report entropy and Gini), needs a cost matrix, or is not one of
        class proportions (regression).
    about : callable or None
        Regression: the impurity about a centre already worked out,
        ``about(values, weights, centre)`` (the same float as ``impurity``); ``None``:
        :meth:`centre_and_impurity` lets ``impurity`` work the centre out again.
    whole_children : callable or None
        ``children`` of whole-number class counts held as integers, class-major:
        ``whole_children(left, totals, config)`` with ``left[k, ...]`` and each cut's node
        counts ``totals[k, ...]`` (broadcast; the right side is ``totals - left``): the same
        floats as ``children``, fewer passes and smaller temporaries; the scan of a level
        end to end (:func:`~dtlearn.grow.scanners.flat_cuts`) uses it when given.

    Examples
    --------
    >>> gini = get("gini")
    >>> gini.label, gini.score
    ('Gini impurity', 'decrease')
    >>> round(float(gini.split_scores([[40, 10], [10, 40]], None)["score"]), 3)
    0.18
    """

    name: str
    label: str
    task: str
    impurity_name: str
    score: str
    score_key: str
    measure: str
    impurity: Callable
    children: Callable | None = None
    distance: Callable | None = None
    centre: Callable | None = None
    of_sums: Callable | None = None
    needs_cost_matrix: bool = False
    note: str = ""
    curve_label: str = ""
    about: Callable | None = None
    whole_children: Callable | None = None

    @property
    def is_regression(self) -> bool:
        """Whether the criterion scores regression splits."""
        return self.task == "regression"

    @property
    def leaf_statistic(self) -> str:
        """What a regression leaf predicts: ``"median"`` or ``"mean"``."""
        return "median" if self.centre is weighted_median else "mean"

    @property
    def scans_sums(self) -> bool:
        """Whether the fast scans handle it: classification, or regression with sums."""
        return not self.is_regression or self.of_sums is not None

    def side_weight(self, sums: np.ndarray) -> np.ndarray:
        """The weight of each row of class counts (or of regression sums)."""
        return sums[..., 0] if self.is_regression else _class_sum(sums)

    def node_impurity(self, counts: np.ndarray, config: Any) -> np.ndarray:
        """The node impurity of each row of class counts (regression: of sums)."""
        if self.is_regression:
            return self.of_sums(counts)
        return self.impurity(np.asarray(counts, dtype=float), config)

    def tie_scale(self, counts: np.ndarray, config: Any) -> np.ndarray:
        """The size of the numbers a node's scores are differences of (the tie rule's scale).

        Classification: the node impurity of each row of class counts. Regression: the
        mean square ``Σwy²/Σw`` of each row of sums ``[Σw, Σwy, Σwy²]`` — a squared error
        is a difference of such sums, and rounds relative to them, not to itself.
        Scaling the target or the weights scales it as it scales the scores
        (:data:`dtlearn.grow.scanners.TIE_TOLERANCE`).

        Examples
        --------
        >>> round(float(get("gini").tie_scale(np.array([9.0, 5.0]), None)), 3)
        0.459
        >>> float(get("mse").tie_scale(np.array([2.0, 4.0, 10.0]), None))
        5.0
        """
        if not self.is_regression:
            return self.node_impurity(counts, config)
        sums = np.asarray(counts, dtype=float)
        w = sums[..., 0]
        return np.where(w > 0, sums[..., 2] / np.where(w > 0, w, 1.0), 0.0)

    def tie_scale_of(self, values: np.ndarray, weights: np.ndarray) -> float:
        """:meth:`tie_scale` of a regression node from its targets and weights.

        The mean square ``Σwy²/Σw``, or the mean absolute value ``Σw|y|/Σw`` for a criterion
        whose leaves predict the median (an absolute error rounds relative to ``|y|``).

        Examples
        --------
        >>> get("mse").tie_scale_of(np.array([1.0, 3.0]), np.ones(2))
        5.0
        >>> get("mae").tie_scale_of(np.array([1.0, -3.0]), np.ones(2))
        2.0
        """
        total = float(weights.sum())
        if total <= 0:
            return 0.0
        size = np.abs(values) if self.leaf_statistic == "median" else values * values
        return float((weights * size).sum() / total)

    def centre_and_impurity(self, values: np.ndarray, weights: np.ndarray) -> tuple[float, float]:
        """Regression: the leaf value and the impurity of ``(values, weights)``.

        The centre is worked out once when the criterion has ``about``.

        Examples
        --------
        >>> get("mae").centre_and_impurity(np.array([1.0, 2.0, 10.0]), np.ones(3))
        (2.0, 3.0)
        """
        centre = self.centre(values, weights)
        if self.about is None:
            return centre, float(self.impurity(values, weights))
        return centre, self.about(values, weights, centre)

    def cut_scores(
        self, left: np.ndarray, right: np.ndarray, config: Any, parent: Any = None
    ) -> np.ndarray:
        """The ranking score of binary cuts, one per row of ``left``/``right`` class counts.

        Higher is better. This is the engine's vectorised scan: every threshold of a
        column (or every subset of categories) is scored in one call. ``parent`` is the
        impurity of the node each cut splits (broadcast against the cuts; the scan of a
        level passes one per node); by default all cuts split the same node and it is
        worked out once from the first cut.
        """
        if self.score == "distance":
            return self.distance(np.stack([left, right], axis=-2))
        child = self.children_impurity(left, right, config)
        if parent is None:
            first = left.reshape(-1, left.shape[-1])[0] + right.reshape(-1, right.shape[-1])[0]
            parent = float(self.node_impurity(first, config))
        gain = parent - child
        if self.score == "decrease":
            return gain
        with np.errstate(divide="ignore", invalid="ignore"):
            split_info = _two_way_entropy(_class_sum(left), _class_sum(right), config.base)
            return np.where(split_info > 0, gain / split_info, 0.0)

    def children_impurity(self, left: np.ndarray, right: np.ndarray, config: Any) -> np.ndarray:
        """Size-weighted mean node impurity of the two sides of every cut."""
        if self.children is not None and not self.is_regression:  # regression: sums
            return self.children(left, right, config)
        nl, nr = self.side_weight(left), self.side_weight(right)
        with np.errstate(divide="ignore", invalid="ignore"):
            return (
                nl * self.node_impurity(left, config) + nr * self.node_impurity(right, config)
            ) / (nl + nr)

    def split_scores(self, child: np.ndarray, config: Any) -> dict:
        """Scores of one split from its branches' class counts (``child[b, k]``).

        Returns ``impurity_decrease``, ``score`` (what the criterion ranks by) and the
        criterion's own ``score_key``; for a ratio also ``information_gain`` and
        ``split_info``.
        """
        child = np.asarray(child, dtype=float)
        sizes = child.sum(axis=1)
        n = sizes.sum()
        stacked = np.vstack([child.sum(axis=0), child])
        imp = self.node_impurity(stacked, config)
        decrease = float(imp[0] - (sizes / n * imp[1:]).sum())
        scores = {"impurity_decrease": decrease, "score": decrease}
        if self.score == "ratio":
            split_info = float(entropy_of_counts(sizes, config.base))
            scores.update(
                information_gain=decrease,
                split_info=split_info,
                gain_ratio=decrease / split_info if split_info > 0 else 0.0,
            )
            scores["score"] = scores["gain_ratio"]
        elif self.score == "distance":
            scores["score"] = float(self.distance(child))
        scores[self.score_key] = scores["score"]
        return scores


_REGISTRY: dict[str, Criterion] = {}


def register(criterion: Criterion) -> Criterion:
    """Add ``criterion`` to the registry (its name must be new) and return it.

    Examples
    --------
    >>> get("entropy") is _REGISTRY["entropy"]
    True
    """
    if not isinstance(criterion, Criterion):
        raise TypeError(f"criterion must be a Criterion, not {type(criterion).__name__}")
    if criterion.name in _REGISTRY:
        raise ValueError(f"criterion {criterion.name!r} is already registered")
    _REGISTRY[criterion.name] = criterion
    return criterion


def get(name: Any) -> Criterion:
    """The registered criterion called ``name`` (a Criterion is returned as it is).

    Examples
    --------
    >>> get("hellinger").score
    'distance'
    >>> get("giny")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown criterion 'giny'; known: ..., gini, ...
    """
    if isinstance(name, Criterion):
        return name
    if not isinstance(name, str):
        raise TypeError(f"criterion must be a name (str), not {type(name).__name__}")
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ValueError(
            f"unknown criterion {name!r}; known: {', '.join(sorted(_REGISTRY))}"
        ) from None


def for_task(task: str, *, cost_matrix: bool = False) -> tuple[Criterion, ...]:
    """The criteria of ``task`` (``"classification"`` or ``"regression"``), in registry order.

    Criteria that need a cost matrix are left out unless ``cost_matrix=True``.

    Examples
    --------
    >>> [c.name for c in for_task("classification")][:3]
    ['entropy', 'gain_ratio', 'gini']
    >>> "cost_gini" in names("classification"), get("cost_gini") in for_task(
    ...     "classification", cost_matrix=True)
    (False, True)
    >>> {c.task for c in for_task("regression")}
    {'regression'}
    """
    if task not in ("classification", "regression"):
        raise ValueError(f"task must be 'classification' or 'regression', not {task!r}")
    return tuple(
        c for c in _REGISTRY.values() if c.task == task and (cost_matrix or not c.needs_cost_matrix)
    )


def with_curves() -> tuple[Criterion, ...]:
    """The criteria whose node impurity the two-class figures draw (a ``curve_label``).

    Examples
    --------
    >>> [c.curve_label for c in with_curves()][:3]
    ['entropy', 'Gini', 'misclassification']
    """
    return tuple(c for c in for_task("classification") if c.curve_label)


def names(task: str) -> tuple[str, ...]:
    """The names of :func:`for_task` — what a learner's ``criterion=`` accepts.

    Examples
    --------
    >>> names("regression")[:2]
    ('mse', 'mae')
    """
    return tuple(c.name for c in for_task(task))


register(
    Criterion(
        "entropy",
        "information gain (entropy)",
        "classification",
        "entropy",
        "decrease",
        "information_gain",
        "information_gain",
        lambda c, s: entropy_of_counts(c, s.base),
        children=_entropy_children,
        note="ID3 (Quinlan, 1986).",
        whole_children=_entropy_children_of_whole,
        curve_label="entropy",
    )
)
register(
    Criterion(
        "gain_ratio",
        "gain ratio",
        "classification",
        "entropy",
        "ratio",
        "gain_ratio",
        "gain_ratio",
        lambda c, s: entropy_of_counts(c, s.base),
        children=_entropy_children,
        note="C4.5 (Quinlan, 1993): information gain divided by split info.",
        whole_children=_entropy_children_of_whole,
    )
)
register(
    Criterion(
        "gini",
        "Gini impurity",
        "classification",
        "Gini",
        "decrease",
        "gini_gain",
        "gini_gain",
        lambda c, s: gini_of_counts(c),
        children=_gini_children,
        note="CART (Breiman et al., 1984).",
        curve_label="Gini",
    )
)
register(
    Criterion(
        "misclassification",
        "misclassification rate",
        "classification",
        "error",
        "decrease",
        "misclassification_gain",
        "misclassification_gain",
        lambda c, s: misclassification_of_counts(c),
        children=_misclassification_children,
        note="Too coarse to grow with; shown to compare.",
        curve_label="misclassification",
    )
)
register(
    Criterion(
        "cost_gini",
        "cost-weighted Gini",
        "classification",
        "cost-weighted Gini",
        "decrease",
        "cost_gini_gain",
        "cost_gini_gain",
        lambda c, s: cost_gini_of_counts(c, s.cost_matrix),
        needs_cost_matrix=True,
        note="CART with a loss matrix (Breiman et al., 1984).",
    )
)
register(
    Criterion(
        "hellinger",
        "Hellinger distance",
        "classification",
        "Gini",
        "distance",
        "hellinger_distance",
        "hellinger_distance",
        lambda c, s: gini_of_counts(c),
        distance=hellinger_of_counts,
        note="Cieslak and Chawla (2008), for imbalanced classes; nodes report Gini impurity.",
    )
)
register(
    Criterion(
        "mse",
        "squared error",
        "regression",
        "MSE",
        "decrease",
        "impurity_decrease",
        "mse",
        squared_error_of,
        children=lambda ys, w, valid: squared_error_cuts(ys, w),
        centre=weighted_mean,
        of_sums=squared_error_of_sums,
        note="CART regression: leaves predict the mean.",
    )
)
register(
    Criterion(
        "mae",
        "absolute error",
        "regression",
        "MAE",
        "decrease",
        "impurity_decrease",
        "mae",
        absolute_error_of,
        children=absolute_error_cuts,
        centre=weighted_median,
        about=absolute_error_about,
        note="Leaves predict the median.",
    )
)
