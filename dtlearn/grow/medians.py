"""Running weighted medians: every cut's absolute error estimated in ``O(n log n)``.

An absolute-error (MAE) scan scores a cut by each side's ``Σ w|y - median|``; worked out
cut by cut that is ``O(n²)`` per column. :func:`running_median_errors` follows the two
sides' medians with two heaps each, one row at a time, and says how far its estimate may
be from the exact figure; :func:`dtlearn.grow.scanners.near_best_median_cuts` keeps only
the cuts the estimate cannot rule out, and the criterion scores those exactly.
"""

from __future__ import annotations

import heapq

import numpy as np


def running_median_errors(ys: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, float]:
    """Estimated size-weighted mean absolute error of every cut, and a bound on its error.

    Cut ``i`` keeps ``ys[:i+1]`` left. Each side's weighted median comes from two heaps
    updated one row at a time, its error ``Σ w|y - median|`` from the heaps' running sums
    of ``w`` and ``w y`` (any point between the lower and upper weighted median gives the
    same sum). The bound covers the rounding of those running sums (every number ever
    added to them counts) and a median one row off at an exact half.

    Examples
    --------
    >>> from dtlearn.criteria import absolute_error_cuts
    >>> ys, w = np.array([1.0, 2.0, 9.0, 4.0]), np.array([1.0, 2.0, 1.0, 1.0])
    >>> estimate, bound = running_median_errors(ys, w)
    >>> exact = absolute_error_cuts(ys, w, np.ones(3, bool))
    >>> bool(np.all(np.abs(estimate - exact) <= bound)), estimate.round(6).tolist()
    (True, [1.8, 1.2, 1.6])
    """
    ys = np.asarray(ys, dtype=float)
    w = np.asarray(w, dtype=float)
    n = len(ys)
    left, history_l = _side_errors(ys.tolist(), w.tolist())
    right, history_r = _side_errors(ys[::-1].tolist(), w[::-1].tolist())
    total = float(w.sum())
    estimate = (np.array(left[:-1]) + np.array(right[:-1])[::-1]) / total
    size = float(np.abs(ys).max(initial=0.0))
    ops = 8 * (n + 2)  # additions into one running sum, a generous count
    bound = 4 * ops * np.finfo(float).eps * (history_l[0] + history_r[0]
                                             + size * (history_l[1] + history_r[1])) / total
    return estimate, float(bound)


def _side_errors(ys: list, w: list) -> tuple[list, tuple[float, float]]:
    """``Σ w|y - median|`` of every prefix, and the sums of every |w y| and w added."""
    low: list = []  # max-heap of the lower half: (-y, w)
    high: list = []  # min-heap of the upper half: (y, w)
    w_low = w_high = y_low = y_high = 0.0
    moved_y = moved_w = 0.0
    total = 0.0
    out = []
    for y, weight in zip(ys, w):
        total += weight
        wy = weight * y
        moved_y += abs(wy)
        moved_w += weight
        if low and y <= -low[0][0]:
            heapq.heappush(low, (-y, weight))
            w_low += weight
            y_low += wy
        else:
            heapq.heappush(high, (y, weight))
            w_high += weight
            y_high += wy
        # the lower weighted median tops the low heap: low holds half the weight or more,
        # and less without its top
        while high and w_low < total / 2:
            top, tw = heapq.heappop(high)
            heapq.heappush(low, (-top, tw))
            w_low, w_high, y_low, y_high = w_low + tw, w_high - tw, y_low + tw * top, \
                y_high - tw * top
            moved_y += abs(tw * top)
            moved_w += tw
        while len(low) > 1 and w_low - low[0][1] >= total / 2:
            top, tw = heapq.heappop(low)
            heapq.heappush(high, (-top, tw))
            w_low, w_high, y_low, y_high = w_low - tw, w_high + tw, y_low + tw * top, \
                y_high - tw * top
            moved_y += abs(tw * top)
            moved_w += tw
        median = -low[0][0]
        out.append((median * w_low - y_low) + (y_high - median * w_high))
    return out, (moved_y, moved_w)


__all__ = ["running_median_errors"]
