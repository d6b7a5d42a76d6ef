"""J48's numeric split search as arrays: every numeric attribute of many nodes in one pass.

:class:`~dtlearn.learners.c45_grower.C45Grower` grows a tree level by level; the nodes of a
level whose sizes are alike are stacked along a leading axis (shorter ones padded with
missing values of weight 0, which place no cut and add nothing to a sum) and scored
together by :func:`numeric_scan`. Each node's numbers are those of a scan of that node
alone: sums run down each node's own rows, in its own order, so the pads change no bit.
What J48 decides (the minimum split, the MDL correction, gain ratio on known values) is
documented in :mod:`dtlearn.learners.c45`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..weka_arithmetic import SMALL

_LOG2 = math.log(2.0)


def xlogx(x: Any) -> Any:
    """Weka's ``logFunc``: ``x·log2(x)``, 0 below 1e-6.

    Examples
    --------
    >>> xlogx(np.array([0.0, 1.0, 4.0])).tolist()
    [0.0, 0.0, 8.0]
    """
    x = np.asarray(x, dtype=float)
    small = x < 1e-6
    out = x * np.log(np.where(small, 1.0, x)) / _LOG2
    if out.ndim:
        out[small] = 0.0
        return out
    return out.dtype.type(0.0) if small else out


def sum_last(a: np.ndarray) -> np.ndarray:
    """``np.add.reduce(a, axis=-1)``, bit for bit, faster for a short last axis.

    numpy adds fewer than 8 values one after another (8 or more pairwise): so do these
    whole-array additions, without a reduction over a short inner axis.

    Examples
    --------
    >>> a = np.array([[1e16, 1.0, 1.0], [0.1, 0.2, 0.3]])
    >>> (sum_last(a) == np.add.reduce(a, axis=-1)).all()
    np.True_
    """
    k = a.shape[-1]
    if k >= 8 or k == 0:
        return np.add.reduce(a, axis=-1)
    out = a[..., 0].copy()
    for i in range(1, k):
        out += a[..., i]
    return out


_LOG2_TABLE = np.zeros(1)


def _log2_table(n: int) -> np.ndarray:
    """``math.log2(x)`` for ``x`` in ``0..n`` (0 at ``x = 0``), kept between calls."""
    global _LOG2_TABLE
    if len(_LOG2_TABLE) <= n:
        size = max(n + 1, 2 * len(_LOG2_TABLE))
        _LOG2_TABLE = np.array([0.0] + [math.log2(x) for x in range(1, size)])
    return _LOG2_TABLE


def first_best_columns(gains: np.ndarray, n_cuts: np.ndarray) -> np.ndarray:
    """Weka's scan ``if (gr(v, best)) best = v`` from 0 down every column; -1: nothing beats 0.

    ``-inf`` marks a position that is no cut. A column whose best value has no other within
    2e-6 of it is decided by ``argmax``; the others are scanned over their record-breaking
    values only (a value at most the running maximum never beats Weka's running best).

    Examples
    --------
    >>> gains = np.array([[0.1, -np.inf], [0.1 + 1e-7, 0.0], [0.3, -np.inf]])
    >>> first_best_columns(gains, np.array([3, 1])).tolist()
    [2, -1]
    """
    top = np.maximum.reduce(gains, axis=0)
    near = np.add.reduce(gains >= top - 2 * SMALL, axis=0)
    simple = (near == 1) & (top > 2 * SMALL)
    best = np.where(simple, np.argmax(gains, axis=0), -1)
    hard = np.flatnonzero(~simple & (n_cuts > 0))
    if len(hard):
        sub = gains[:, hard]
        running = np.maximum.accumulate(
            np.concatenate([np.zeros((1, len(hard))), sub[:-1]]), axis=0
        )
        which, rows = np.nonzero((sub > running).T)  # record-breakers, column by column
        values = sub[rows, which].tolist()
        state: dict[int, tuple[float, int]] = {}  # column -> Weka's running (best, index)
        for h, i, v in zip(which.tolist(), rows.tolist(), values):
            value = state.get(h, (0.0, -1))[0]
            if v - value > SMALL:
                state[h] = (v, i)
        for h, col in enumerate(hard.tolist()):
            best[col] = state.get(h, (0.0, -1))[1]
    return best


@dataclass(frozen=True)
class NumericScan:
    """Every numeric attribute's best cut at each of ``J`` nodes: arrays of shape ``(J, f)``.

    ``known``: weight with a known value; ``too_few``: fewer than twice the minimum split
    known; ``n_cuts``: cuts that leave the minimum split on both sides; ``gain_known`` and
    ``gain`` (after the MDL correction) of the best cut; ``admissible``; ``split_ent`` (in
    bits times the node's weight) and ``ratios`` (meaningful where admissible); ``bags``
    ``(2, J, f, k)``: class weights left and right of the cut; ``lows``/``highs``: the
    values either side of it.
    """

    known: np.ndarray
    too_few: np.ndarray
    n_cuts: np.ndarray
    gain_known: np.ndarray
    gain: np.ndarray
    admissible: np.ndarray
    split_ent: np.ndarray
    ratios: np.ndarray
    bags: np.ndarray
    lows: np.ndarray
    highs: np.ndarray


def numeric_scan(
    xs: np.ndarray, W: np.ndarray, Y: np.ndarray, total: np.ndarray, k: int, m: int
) -> NumericScan:
    """Score the numeric attributes of ``J`` nodes at once (call under ``np.errstate``).

    ``xs``, ``W``, ``Y`` (``(J, L, f)``): each node's values, weights and class codes in
    every attribute's sorted order, missing values last, then pads (``nan``, weight 0);
    ``total`` (``J``): each node's weight; ``m``: J48's ``-M``.

    Examples
    --------
    >>> xs = np.array([[[1.0], [2.0], [3.0], [4.0]]])
    >>> scan = numeric_scan(xs, np.ones_like(xs), np.array([[[0], [0], [1], [1]]]),
    ...                     np.array([4.0]), 2, 1)
    >>> scan.n_cuts.tolist(), scan.lows.tolist(), scan.highs.tolist(), scan.gain.round(3).tolist()
    ([[3]], [[2.0]], [[3.0]], [[0.604]])
    """
    J, L, f = xs.shape
    cols = np.arange(f)
    jj = np.arange(J)[:, None]
    missing = np.isnan(xs)
    n_known = L - np.add.reduce(missing, axis=1)
    # summed down each node's rows in order (a reduction's order depends on the shape)
    known = np.cumsum(np.where(missing, 0.0, W), axis=1)[:, -1]
    min_split = 0.1 * known / k
    min_split = np.where(
        ((min_split - m) < SMALL) | (min_split <= m),
        float(m),
        np.where(min_split - 25 > SMALL, 25.0, min_split),
    )
    too_few = (2 * min_split - n_known) > SMALL
    A = np.zeros((J, L, f, k))
    A.reshape(-1, k)[np.arange(J * L * f), Y.ravel()] = W.ravel()
    cum = np.cumsum(A, axis=1)
    parent = cum[jj, n_known - 1, cols]  # (J, f, k); no known value: unused
    c = L - 1
    sides = np.empty((2, J, c, f, k))
    sides[0] = cum[:, :-1]
    np.subtract(parent[:, None], sides[0], out=sides[1])
    sizes = sum_last(sides)
    enough = ((min_split[:, None] - sizes) < SMALL) | (sizes >= min_split[:, None])
    valid = (xs[:, :-1] + 1e-5 < xs[:, 1:]) & enough[0] & enough[1]
    valid &= ~too_few[:, None]
    n_cuts = np.add.reduce(valid, axis=1)
    # one xlogx call for the counts of the valid cuts (both sides, their sizes) and the
    # parent's counts: a node with many equal values has far fewer cuts than rows
    at = np.nonzero(valid)
    nv, n_par = len(at[0]), J * f
    cells = sides[:, at[0], at[1], at[2]]  # (2, cuts, k)
    xl = xlogx(
        np.concatenate(
            [
                cells.ravel(),
                sizes[:, at[0], at[1], at[2]].ravel(),
                np.add.reduce(parent, axis=2).ravel(),
                parent.ravel(),
            ]
        )
    )
    xl_cells = sum_last(xl[: cells.size].reshape(cells.shape))
    xl_sizes = xl[cells.size : cells.size + 2 * nv].reshape(2, nv)
    p0 = cells.size + 2 * nv
    old = xl[p0 : p0 + n_par].reshape(J, f) - np.add.reduce(
        xl[p0 + n_par :].reshape(J, f, k), axis=2
    )
    new = (xl_sizes[0] - xl_cells[0]) + (xl_sizes[1] - xl_cells[1])
    t = total[:, None]
    numer = (1 - (t - known) / t)[at[0], at[2]] * (old[at[0], at[2]] - new)
    gains = np.full((J, c, f), -np.inf)
    gains[at] = np.where(np.abs(numer) < SMALL, 0.0, numer / known[at[0], at[2]])
    # one column per (node, attribute), cut positions down the rows
    best = first_best_columns(gains.transpose(1, 0, 2).reshape(c, J * f), n_cuts.ravel())
    best = best.reshape(J, f)
    has = best >= 0
    b = np.where(has, best, 0)
    gain_known = np.where(has, gains[jj, b, cols], 0.0)
    correction = np.where(n_cuts > 0, _log2_table(L)[n_cuts] / t, 0.0)  # math.log2(cuts) / N
    gain = gain_known - correction
    admissible = ~too_few & (n_cuts > 0) & (gain >= SMALL) & (gain > 0)
    bags = sides[:, jj, b, cols]  # (2, J, f, k): both sides of every attribute's cut
    nl_best, nr_best = sizes[:, jj, b, cols]
    known2 = nl_best + nr_best
    n = J * f
    xl = xlogx(np.concatenate([nl_best.ravel(), nr_best.ravel(), (t - known2).ravel(), total]))
    xl_l, xl_r = xl[:n].reshape(J, f), xl[n : 2 * n].reshape(J, f)
    xl_u, xl_t = xl[2 * n : 3 * n].reshape(J, f), xl[3 * n :][:, None]
    split_ent = np.where(known2 > SMALL, -(xl_l + xl_r) - xl_u + xl_t, 0.0)
    ratios = np.where(np.abs(split_ent) < SMALL, 0.0, gain / (split_ent / t))
    lows, highs = xs[jj, b, cols], xs[jj, b + 1, cols]
    return NumericScan(
        known, too_few, n_cuts, gain_known, gain, admissible, split_ent, ratios, bags, lows, highs
    )


__all__ = ["NumericScan", "first_best_columns", "numeric_scan", "sum_last", "xlogx"]
