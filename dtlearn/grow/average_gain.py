"""C4.5's safeguards for gain ratio, as CART's ``criterion="gain_ratio"`` applies them.

A cut that peels a few rows off has a split info near 0 and so a large gain ratio whatever
its gain. C4.5 (Quinlan 1993; Weka's J48) picks each attribute's cut by information gain
and lets only the attributes whose gain is at least the average compete on gain ratio
(docs/ALGORITHMS.md, "Gain ratio in CART"). The scanners rank a column's cuts by gain
(:func:`ranks_by_gain`); the level scan and the candidate lists filter the attributes
(:func:`at_least_average_gain`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

AVERAGE_GAIN_SLACK = 1e-3
"""How far below the average gain an attribute may lie and still pass C4.5's filter (J48's
``averageInfoGain - 1E-3``)."""


def ranks_by_gain(criterion: Any, config: Any) -> bool:
    """Whether a column's cuts are ranked by gain, not by ``criterion``'s score.

    C4.5 picks each attribute's threshold by information gain and compares attributes by
    gain ratio: so does a ratio criterion with ``config.average_gain``.

    Examples
    --------
    >>> from dtlearn.criteria import get
    >>> from dtlearn.grow import GrowthConfig
    >>> ranks_by_gain(get("gain_ratio"), GrowthConfig("gain_ratio", average_gain=True))
    True
    >>> ranks_by_gain(get("gain_ratio"), GrowthConfig("gain_ratio"))
    False
    """
    return criterion.score == "ratio" and bool(getattr(config, "average_gain", False))


def at_least_average_gain(scores: Any, gains: Any) -> np.ndarray:
    """``scores`` with -inf for the attributes whose gain is below the average (C4.5's filter).

    ``scores`` and ``gains`` hold one value per attribute of a node (along the last axis);
    an attribute with a finite score is admissible and counts towards the average. Only
    attributes whose information gain is at least the average gain of the admissible ones,
    less :data:`AVERAGE_GAIN_SLACK`, keep their score (gain ratio); the best gain always
    passes.

    Examples
    --------
    >>> at_least_average_gain([0.9, 0.4, 0.5, -np.inf], [0.01, 0.3, 0.2, 0.0]).tolist()
    [-inf, 0.4, 0.5, -inf]
    """
    scores = np.asarray(scores, dtype=float)
    gains = np.asarray(gains, dtype=float)
    admissible = np.isfinite(scores)
    count = np.count_nonzero(admissible, axis=-1, keepdims=True)
    # the admissible gains added one at a time, in column order: the same float however
    # the columns were scanned
    total = np.zeros(count.shape)
    for c in range(scores.shape[-1]):
        total = total + np.where(admissible[..., c : c + 1], gains[..., c : c + 1], 0.0)
    average = total / np.maximum(count, 1)
    passes = admissible & (gains >= average - AVERAGE_GAIN_SLACK)
    return np.where(passes, scores, -np.inf)


__all__ = ["AVERAGE_GAIN_SLACK", "at_least_average_gain", "ranks_by_gain"]
