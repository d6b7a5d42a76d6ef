"""The homework checks' own formulas: entropy, Gini and information gain from counts.

Written apart from :mod:`dtlearn.measures` on purpose: the checks compare the student's
numbers with these textbook formulas (and with the plausible wrong numbers built from
them), so a bug in the library's measures cannot slip into a grade unnoticed.

Examples
--------
>>> round(entropy_bits([9, 5]), 4), round(gini_index([9, 5]), 4)
(0.9403, 0.4592)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

__all__ = ["contingency", "entropy_bits", "gain_parts", "gini_index"]


def entropy_bits(counts: Sequence[float], log: Callable[[float], float] = math.log2) -> float:
    """The entropy ``-Σ p_k log p_k`` of class counts (0·log 0 = 0), in bits by default.

    Parameters
    ----------
    counts : sequence of float
        Class counts (weights allowed), not all zero.
    log : callable, default math.log2
        The logarithm (``math.log`` gives nats).

    Returns
    -------
    float

    Examples
    --------
    >>> entropy_bits([7, 7]), entropy_bits([14, 0])
    (1.0, 0.0)
    """
    total = float(sum(counts))
    return -sum(c / total * log(c / total) for c in counts if c > 0) + 0.0


def gini_index(counts: Sequence[float]) -> float:
    """The Gini index ``1 - Σ p_k²`` of class counts.

    Parameters
    ----------
    counts : sequence of float
        Class counts, not all zero.

    Returns
    -------
    float

    Examples
    --------
    >>> gini_index([7, 7]), gini_index([14, 0])
    (0.5, 0.0)
    """
    total = float(sum(counts))
    return 1.0 - sum((c / total) ** 2 for c in counts)


def contingency(feature: pd.Series, labels: pd.Series) -> np.ndarray:
    """Contingency counts: one row per value that occurs, one column per class that occurs.

    Parameters
    ----------
    feature, labels : pandas.Series
        One attribute's values and the class labels, row by row (the index is ignored).

    Returns
    -------
    numpy.ndarray of float

    Examples
    --------
    >>> contingency(pd.Series(list("aab")), pd.Series(["+", "-", "+"]))
    array([[1., 1.],
           [1., 0.]])
    """
    f = pd.Series(np.asarray(feature, dtype=object))
    y = pd.Series(np.asarray(labels, dtype=object))
    return pd.crosstab(f, y).to_numpy(dtype=float)


def gain_parts(table: np.ndarray) -> dict[str, float]:
    """Information gain and the numbers a wrong gain is usually made of.

    Parameters
    ----------
    table : numpy.ndarray
        A contingency table (:func:`contingency`): rows are values, columns classes.

    Returns
    -------
    dict
        ``gain``, ``parent`` (the labels' entropy), ``mean`` (the weighted entropy of the
        children), ``split`` (split information), ``ratio`` (gain ratio), ``gini`` (Gini
        gain) and ``unweighted`` (the gain with unweighted children), in bits.

    Examples
    --------
    >>> from dtlearn import load_play_tennis
    >>> X, y = load_play_tennis()
    >>> round(float(gain_parts(contingency(X["outlook"], y))["gain"]), 4)
    0.2467
    """
    parent = entropy_bits(table.sum(axis=0))
    sizes = table.sum(axis=1)
    weights = sizes / sizes.sum()
    children = [entropy_bits(row) for row in table]
    mean = float(np.dot(weights, children))
    gain = parent - mean
    split = entropy_bits(sizes)
    gini = gini_index(table.sum(axis=0)) - float(np.dot(weights, [gini_index(r) for r in table]))
    return {
        "gain": gain + 0.0,
        "parent": parent,
        "mean": mean,
        "split": split,
        "ratio": gain / split if split > 0 else 0.0,
        "gini": gini,
        "unweighted": parent - float(np.mean(children)),
    }
