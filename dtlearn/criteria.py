"""Vectorised impurity kernels shared by the measures and the growth engine.

Each kernel takes an array of (possibly fractional) class counts whose last axis runs over
the classes and returns the impurity of every row, so the engine can score every candidate
threshold of a node in one call. Empty rows (total weight 0) have impurity 0. These are the
fast, silent versions; :mod:`dtlearn.measures` wraps them with checks and explanations.
"""

from __future__ import annotations

import numpy as np


def _proportions(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    counts = np.asarray(counts, dtype=float)
    totals = counts.sum(axis=-1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
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
    p, _ = _proportions(counts)
    return np.maximum(1.0 - (p * p).sum(axis=-1), 0.0)


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


CLASSIFICATION_KERNELS = {
    "entropy": entropy_of_counts,
    "gini": gini_of_counts,
    "misclassification": misclassification_of_counts,
}
