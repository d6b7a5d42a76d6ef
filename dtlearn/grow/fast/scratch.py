"""Arrays kept from one level of a tree to the next: no new memory for every pass.

A level-wise scan makes many arrays of the level's size (megabytes at 10k rows and ten
columns). Each new one is fresh memory from the system whose first writes page fault, a
fifth of an MAE fit's time (:mod:`dtlearn.grow.fast.median_cuts`); a :class:`Scratch`
hands out views of arrays it keeps, so the next level writes into memory already mapped.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import DTypeLike


class Scratch:
    """Arrays kept from one level of a tree to the next, handed out as views.

    Fresh numpy arrays of a level's size (megabytes) are new memory from the system, and
    their first writes page faults; a :class:`~dtlearn.grow.fast.median_cuts.RankSums` built with
    a ``Scratch`` writes into
    the same memory level after level. A view handed out stays valid until the same name
    is asked for again.

    Examples
    --------
    >>> scratch = Scratch()
    >>> a = scratch.get("x", 3, np.int64)
    >>> scratch.get("x", 2, np.int64).base is a.base, len(scratch.get("x", 5, np.int64))
    (True, 5)
    """

    def __init__(self) -> None:
        self.arrays: dict = {}

    def get(self, name: object, size: int, dtype: DTypeLike = float) -> np.ndarray:
        """A view of ``size`` items of the array kept under ``name`` (grown when short)."""
        kept = self.arrays.get(name)
        if kept is None or len(kept) < size or kept.dtype != np.dtype(dtype):
            kept = np.empty(max(size, 16), dtype=dtype)
            self.arrays[name] = kept
        return kept[:size]

    def copy(self, name: object, array: np.ndarray, dtype: DTypeLike | None = None) -> np.ndarray:
        """A copy of ``array`` (as ``dtype``) in the array kept under ``name``.

        Examples
        --------
        >>> Scratch().copy("y", np.array([1, 2]), float).tolist()
        [1.0, 2.0]
        """
        array = np.asarray(array)
        out = self.get(name, len(array), array.dtype if dtype is None else dtype)
        out[:] = array
        return out


MMAP_MAX_BYTES = 30 * 2**20
"""Largest block :func:`keep_freed_memory` frees: glibc raises its thresholds only for a freed
block of at most 32 MiB (``DEFAULT_MMAP_THRESHOLD_MAX`` on 64-bit systems)."""


def keep_freed_memory(nbytes: int) -> None:
    """Let the C allocator keep freed blocks of up to ``nbytes`` for reuse (glibc's malloc).

    glibc serves a block above its *mmap threshold* (128 KiB at first) with fresh pages
    from the system, whose first writes page fault (one fault per 4 KiB), and gives the top
    of its heap back to the system once more than twice the threshold is free there. When
    a block served so is freed, glibc raises the threshold to that block's size (up to
    32 MiB). A level-wise MAE scan makes and frees dozens of arrays of a level's size,
    megabytes at 10k rows, level after level; freeing one block of ``nbytes`` (made and
    freed unwritten: no page is touched) first raises the threshold as the process's own
    frees would, so those arrays come from memory already mapped. Measured on a 2k x 10
    fit: 4,400 page faults and 10 ms of system time per fit, none after; 10k x 10: 30,000
    faults and 70 ms. Elsewhere (another allocator) it only makes and frees an array.

    Examples
    --------
    >>> keep_freed_memory(2**20)
    """
    np.empty(min(int(nbytes), MMAP_MAX_BYTES), dtype=np.uint8)


__all__ = ["MMAP_MAX_BYTES", "Scratch", "keep_freed_memory"]
