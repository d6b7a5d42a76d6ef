"""Weka's ``Utils`` comparisons and the counts arithmetic J48 shares between growing and pruning.

Weka compares doubles with a tolerance, ``Utils.SMALL = 1e-6``: two numbers closer than
that are equal, and "greater" means greater by more than that. J48's split search
(:mod:`dtlearn.learners.c45_grower`) and its pruning (:mod:`dtlearn.pruning.pessimistic`)
must use the same comparisons to make Weka's choices, so they live here, once, beside the
values: both packages read it and it imports nothing of dtlearn.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = [
    "SMALL",
    "entropy",
    "eq",
    "gr",
    "gr_or_eq",
    "max_class",
    "num_incorrect",
    "sm",
    "sm_or_eq",
]

SMALL = 1e-6
"""Weka's ``Utils.SMALL``: the tolerance of its comparisons."""

_LN2 = math.log(2.0)


def eq(a: float, b: float) -> bool:
    """Weka's ``Utils.eq``: ``a`` and ``b`` differ by less than :data:`SMALL`.

    Examples
    --------
    >>> eq(1.0, 1.0 + 1e-7), eq(1.0, 1.00001)
    (True, False)
    """
    return a == b or (a - b < SMALL and b - a < SMALL)


def gr(a: float, b: float) -> bool:
    """Weka's ``Utils.gr``: ``a`` is greater than ``b`` by more than :data:`SMALL`.

    Examples
    --------
    >>> gr(1.00001, 1.0), gr(1.0 + 1e-7, 1.0)
    (True, False)
    """
    return a - b > SMALL


def gr_or_eq(a: float, b: float) -> bool:
    """Weka's ``Utils.grOrEq``: ``a >= b`` up to :data:`SMALL`.

    Examples
    --------
    >>> gr_or_eq(1.0 - 1e-7, 1.0), gr_or_eq(0.9, 1.0)
    (True, False)
    """
    return b - a < SMALL or a >= b


def sm(a: float, b: float) -> bool:
    """Weka's ``Utils.sm``: ``a`` is smaller than ``b`` by more than :data:`SMALL`.

    Examples
    --------
    >>> sm(1.0, 1.00001), sm(1.0, 1.0 + 1e-7)
    (True, False)
    """
    return b - a > SMALL


def sm_or_eq(a: float, b: float) -> bool:
    """Weka's ``Utils.smOrEq``: ``a <= b`` up to :data:`SMALL`.

    Examples
    --------
    >>> sm_or_eq(1.0 + 1e-7, 1.0), sm_or_eq(1.1, 1.0)
    (True, False)
    """
    return a - b < SMALL or a <= b


def max_class(counts: np.ndarray) -> int:
    """Weka's ``Distribution.maxClass``: the first class beating the best so far by > SMALL.

    Examples
    --------
    >>> max_class([2.0, 5.0, 5.0 + 1e-7])
    1
    """
    best, index = 0.0, 0
    for j, c in enumerate(counts.tolist() if isinstance(counts, np.ndarray) else counts):
        if c - best > SMALL:
            best, index = c, j
    return index


def num_incorrect(counts: np.ndarray) -> float:
    """Weka's ``Distribution.numIncorrect``: the weight outside :func:`max_class`.

    Examples
    --------
    >>> num_incorrect(np.array([9.0, 5.0]))
    5.0
    """
    values = counts.tolist()
    return float(np.add.reduce(counts)) - values[max_class(values)]


def entropy(counts: np.ndarray) -> float:
    """Entropy in bits of one row of class counts (0 for an empty row).

    The same arithmetic as :func:`dtlearn.criteria.entropy_of_counts` with less overhead,
    for J48's many small count vectors: plain Python floats below 8 classes (numpy's calls
    cost more than the arithmetic there), summed in numpy's order.

    Examples
    --------
    >>> round(entropy(np.array([9.0, 5.0])), 6), entropy(np.array([0.0, 0.0]))
    (0.940286, 0.0)
    """
    values = counts.tolist() if isinstance(counts, np.ndarray) else list(counts)
    if len(values) >= 8:  # numpy sums 8 or more values pairwise: keep its rounding
        return _entropy_numpy(np.asarray(values, dtype=float))
    total = 0.0
    for c in values:  # numpy's order for fewer than 8 values: one after another
        total += c
    if not total > 0:
        return 0.0
    acc = 0.0
    for c in values:
        p = c / total
        if p > 0:
            acc += p * math.log(p)
    value = -acc / _LN2
    return value if value > 0.0 else 0.0


def _entropy_numpy(counts: np.ndarray) -> float:
    total = counts.sum()
    if not total > 0:
        return 0.0
    p = counts / total
    positive = p > 0
    logs = np.log(np.where(positive, p, 1.0))  # log 1 = 0: an empty class adds nothing
    value = float(-(p * logs).sum() / _LN2)
    return value if value > 0.0 else 0.0
