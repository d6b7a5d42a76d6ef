"""Running weighted medians: every cut's absolute error estimated in ``O(n log n)``.

An absolute-error (MAE) scan scores a cut by each side's ``Σ w|y - median|``; worked out
cut by cut that is ``O(n²)`` per column. :func:`running_median_errors` follows the two
sides' medians with two heaps each, one row at a time, and says how far its estimate may
be from the exact figure; :func:`dtlearn.grow.scanners.near_best_median_cuts` keeps only
the cuts the estimate cannot rule out, and the criterion scores those exactly.
"""

from __future__ import annotations

import bisect
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
    y_list, w_list = ys.tolist(), w.tolist()  # the loops read Python floats
    side_errors = _side_errors
    if 0 < n <= SORTED_LIST_ROWS and w_list.count(w_list[0]) == n:
        side_errors = _equal_weight_errors
    left, history_l = side_errors(y_list, w_list)
    right, history_r = side_errors(y_list[::-1], w_list[::-1])
    total = float(w.sum())
    estimate = (np.array(left[:-1]) + np.array(right[-2::-1])) / total
    size = float(np.abs(ys).max(initial=0.0))
    ops = 8 * (n + 2)  # additions into one running sum, a generous count
    bound = (
        4
        * ops
        * np.finfo(float).eps
        * (history_l[0] + history_r[0] + size * (history_l[1] + history_r[1]))
        / total
    )
    return estimate, float(bound)


SORTED_LIST_ROWS = 4096
"""Up to this many rows, equal weights (no ``sample_weight``) keep each side's rows in a
sorted list (:func:`_equal_weight_errors`): about twice as fast as the heaps, until
inserting into a long list costs more than a heap's push."""


def _equal_weight_errors(ys: list, w: list) -> tuple[np.ndarray, tuple[float, float]]:
    """:func:`_side_errors` when every weight is ``w[0]``: a sorted list, no heaps.

    With equal weights the lower weighted median of ``i + 1`` rows is the one of rank
    ``i // 2``; ``low`` sums the ranks up to it, updated as a row is inserted below it
    or it moves up one rank.
    """
    weight = w[0]
    ordered: list = []
    out: list = []
    append = out.append
    low = total = 0.0
    insert = bisect.bisect_right
    rows = iter(ys)
    k = 0  # the median's rank
    for y in rows:  # row i = 2k: the median moves up a rank
        at = insert(ordered, y)
        ordered.insert(at, y)
        total += y
        if at < k:  # below the median of the rows before
            low += y - ordered[k]
        low += ordered[k]
        median = ordered[k]
        append((median * (k + 1) - low) + ((total - low) - median * k))
        y = next(rows, None)
        if y is None:
            break
        at = insert(ordered, y)  # row i = 2k + 1: the median keeps its rank
        ordered.insert(at, y)
        total += y
        if at <= k:
            low += y - ordered[k + 1]
        median = ordered[k]
        append((median * (k + 1) - low) + ((total - low) - median * (k + 1)))
        k += 1
    errors = np.array(out) * weight if weight != 1.0 else np.array(out)
    size = max(map(abs, ys), default=0.0)
    n = len(ys)
    # every number added into a running sum is a y (at most three a row), and the
    # weights enter as exact counts and one final product
    return errors, (weight * 4 * n * size, weight * n)


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
            w_low, w_high, y_low, y_high = (
                w_low + tw,
                w_high - tw,
                y_low + tw * top,
                y_high - tw * top,
            )
            moved_y += abs(tw * top)
            moved_w += tw
        while len(low) > 1 and w_low - low[0][1] >= total / 2:
            top, tw = heapq.heappop(low)
            heapq.heappush(high, (-top, tw))
            w_low, w_high, y_low, y_high = (
                w_low - tw,
                w_high + tw,
                y_low + tw * top,
                y_high - tw * top,
            )
            moved_y += abs(tw * top)
            moved_w += tw
        median = -low[0][0]
        out.append((median * w_low - y_low) + (y_high - median * w_high))
    return out, (moved_y, moved_w)


__all__ = ["running_median_errors"]
