"""numpy's own sum of many segments at once, bit for bit.

A node's mean and squared error are sums over its rows (:func:`dtlearn.criteria.weighted_mean`,
:func:`dtlearn.criteria.squared_error_of`: ``ndarray.sum``). numpy adds a float64 array
*pairwise*: runs of up to 128 numbers with eight accumulators, longer runs halved at a
multiple of eight (``pairwise_sum`` in numpy's ``loops_utils.h.src``). Summed another way the
same numbers round differently in the last bits. :func:`segment_sums` follows numpy's order
for every segment of a level at once, so level-wise growth gives each node the very floats
that summing the node's own rows gives (``tests/test_levelwise.py`` checks it against
``ndarray.sum``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

BLOCK = 128
"""numpy's ``PW_BLOCKSIZE``: runs up to this long are summed with eight accumulators."""

UNROLL = 8
"""The accumulators of one run (numpy unrolls its loop eight times)."""


def segment_sums(values: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """``values[..., s:s + n].sum(axis=-1)`` for every segment ``(s, n)``, as numpy sums it.

    Parameters
    ----------
    values : numpy.ndarray, shape (..., N)
        float64; segments run along the last axis.
    starts, lengths : numpy.ndarray, shape (m,)
        Where each segment starts and how many numbers it holds (0 gives 0.0).

    Returns
    -------
    numpy.ndarray, shape (..., m)

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> a = rng.normal(size=1000) * 1e3
    >>> sums = segment_sums(a, np.array([0, 3, 500]), np.array([3, 497, 500]))
    >>> bool(sums[1] == a[3:500].sum()), bool(sums[2] == a[500:].sum())
    (True, True)
    """
    values = np.asarray(values, dtype=float)
    shape = values.shape[:-1]
    a = values.reshape(int(np.prod(shape)), values.shape[-1])
    # one -0.0 past the end: gathers beyond a run read it, and x + -0.0 is x for every x
    a = np.concatenate([a, np.full((a.shape[0], 1), -0.0)], axis=1)
    pad = a.shape[1] - 1
    start = np.asarray(starts, dtype=np.int64)
    n = np.asarray(lengths, dtype=np.int64)
    # numpy's recursion, unrolled: each round halves the runs longer than BLOCK
    rounds = []
    while True:
        long = n > BLOCK
        rounds.append((start, n, long))
        if not long.any():
            break
        half = n[long] // 2
        half -= half % UNROLL
        start = np.concatenate([start[long], start[long] + half])
        n = np.concatenate([half, n[long] - half])
    sums = None
    for start, n, long in reversed(rounds):
        out = np.empty((a.shape[0], len(n)))
        leaf = ~long
        out[:, leaf] = _runs(a, pad, start[leaf], n[leaf])
        if sums is not None:  # the halves of the long runs, summed in the round below
            k = int(long.sum())
            out[:, long] = sums[:, :k] + sums[:, k:]
        sums = out
    # numpy adds the pairwise total to the sum's identity, 0.0 (all -0.0 sums to 0.0)
    return (sums + 0.0).reshape(shape + (len(lengths),))


def _runs(a: np.ndarray, pad: int, start: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Sums of runs of at most :data:`BLOCK` numbers, in numpy's order."""
    out = np.empty((a.shape[0], len(n)))
    short = n < UNROLL
    if short.any():  # one accumulator, from -0.0
        s, m = start[short], n[short]
        width = int(m.max())
        at = np.arange(width)
        run = a[:, np.where(at < m[:, None], s[:, None] + at, pad)]
        total = np.full((a.shape[0], len(s)), -0.0)
        for i in range(width):
            total = total + run[..., i]
        out[:, short] = total
    if not short.all():
        s, m = start[~short], n[~short]
        whole = m // UNROLL * UNROLL  # the accumulators take these; the rest comes after
        # runs by length, longest first: each step of eight adds into the runs still going,
        # a prefix (no padding to the longest run)
        by_length = np.argsort(-whole, kind="stable")
        back = np.empty_like(by_length)
        back[by_length] = np.arange(len(by_length))
        going = np.searchsorted(-whole[by_length], -np.arange(UNROLL, int(whole.max()), UNROLL))
        eight = s[by_length, None] + np.arange(UNROLL)
        acc = a[:, eight]  # the eight accumulators start at the first eight
        for step, count in enumerate(going.tolist(), start=1):
            acc[:, :count] += a[:, eight[:count] + step * UNROLL]
        acc = acc[:, back]
        r = [acc[..., j] for j in range(UNROLL)]
        total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        at = np.arange(UNROLL - 1)
        rest = a[:, np.where(at < (m - whole)[:, None], (s + whole)[:, None] + at, pad)]
        for i in range(UNROLL - 1):  # one by one after the accumulators
            total = total + rest[..., i]
        out[:, ~short] = total
    return out


def centred_terms(w: Any, y: np.ndarray, centre: Any) -> np.ndarray:
    """Each row's ``[w, w d, w d²]`` with ``d = y - centre``: what a squared-error scan sums.

    ``centre`` is the node's mean (broadcast against ``y``; one per node of a level). Summed
    about it, ``Σw d² - (Σw d)²/Σw`` is a difference of numbers of the size of the node's
    squared error, not of ``Σw y²``: adding a constant to every target changes no score by
    more than its own rounding (docs/ALGORITHMS.md, "Regression at a large offset").
    ``w`` may be the scalar 1.0 (unit weights: ``1.0 · d`` is ``d``, the same floats).
    Returned with the terms on the last axis of a class-major array, as
    :func:`~dtlearn.grow.scanners.segment_cuts` reads them fastest.

    Examples
    --------
    >>> centred_terms(np.array([1.0, 2.0]), np.array([1e9 + 1.0, 1e9 + 4.0]), 1e9 + 3.0).tolist()
    [[1.0, -2.0, 4.0], [2.0, 2.0, 2.0]]
    """
    y = np.asarray(y, dtype=float)
    out = np.empty((3,) + np.broadcast_shapes(y.shape, np.shape(centre), np.shape(w)))
    out[0] = w
    if isinstance(w, float) and w == 1.0:
        d = np.subtract(y, centre, out=out[1])
    else:
        d = np.subtract(y, centre, out=out[2])
        np.multiply(w, d, out=out[1])
    np.multiply(out[1], d, out=out[2])
    return np.moveaxis(out, 0, -1)


__all__ = ["BLOCK", "UNROLL", "centred_terms", "segment_sums"]
