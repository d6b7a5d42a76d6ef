"""Growth steps as saved: each inner step keeps only the rows none of its children got."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np


class PackedSteps:
    """Growth steps as saved: each inner step's rows are its children's plus a remainder.

    A step's ``rows`` are the training rows that reached the node; kept as they are, a
    record of ``depth`` levels holds every row ``depth`` times. Saved, an inner node keeps
    only the rows none of its children received, and :meth:`unpack` rebuilds the rest
    exactly (rows are ascending row numbers; a step whose rows are not is kept whole).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> steps = tuple(ID3Classifier().fit(*load_play_tennis()).steps_)  # GrowthSteps
    >>> packed = PackedSteps.pack(steps)
    >>> [s.rows.tolist() for s in packed.unpack()] == [s.rows.tolist() for s in steps]
    True
    """

    def __init__(self, steps: tuple, rest: list, derived: list):
        self.steps = steps
        self.rest = rest
        self.derived = derived

    @classmethod
    def pack(cls, steps: Sequence) -> Any:
        """Pack ``steps`` (a tuple of :class:`GrowthStep`).

        A :class:`~dtlearn.grow.fast.arrays.GrowthRecord` is already packed (each row once):
        it is returned as it is, and saved as its arrays.
        """
        from .fast.arrays import GrowthRecord

        if isinstance(steps, GrowthRecord):
            return steps
        steps = tuple(steps)
        index = {s.node_id: i for i, s in enumerate(steps)}
        kids: dict[int, list[int]] = {}
        for i, s in enumerate(steps):
            if s.parent_id is not None and s.parent_id in index:
                kids.setdefault(index[s.parent_id], []).append(i)
        size = 1 + max(
            (int(np.max(s.rows)) for s in steps if s.rows is not None and np.size(s.rows)),
            default=0,
        )
        inside = np.zeros(size, dtype=bool)
        rest, derived = [], []
        for i, s in enumerate(steps):
            rows = np.asarray(s.rows)
            below = kids.get(i)
            ascending = (
                rows.ndim == 1
                and rows.dtype.kind in "iu"
                and (len(rows) < 2 or bool((rows[1:] > rows[:-1]).all()))
            )
            if below and ascending:
                inside[rows] = True
                if all(inside[np.asarray(steps[k].rows)].all() for k in below):
                    for k in below:
                        inside[np.asarray(steps[k].rows)] = False
                    rest.append(small_ints(rows[inside[rows]]))
                    derived.append((below, rows.dtype.str))
                    inside[rows] = False
                    continue
                inside[rows] = False
            rest.append(rows)
            derived.append(None)
        return cls(tuple(replace(s, rows=None) for s in steps), rest, derived)

    def unpack(self) -> tuple:
        """The steps, rows rebuilt."""
        rows: list = [None] * len(self.steps)
        for i in reversed(range(len(self.steps))):  # children come after their parent
            how = self.derived[i]
            if how is None:
                rows[i] = self.rest[i]
            else:
                below, dtype = how
                merged = np.sort(
                    np.concatenate([rows[k] for k in below] + [self.rest[i]]).astype(
                        np.dtype(dtype)
                    ),
                    kind="stable",
                )  # merges sorted runs
                if len(merged) > 1:  # a row sent down several branches (C4.5) counts once
                    merged = merged[np.r_[True, merged[1:] != merged[:-1]]]
                rows[i] = merged
        return tuple(replace(s, rows=r) for s, r in zip(self.steps, rows))


def small_ints(values: np.ndarray) -> np.ndarray:
    """Row numbers in 32 bits when they fit (halves a saved record).

    Examples
    --------
    >>> small_ints(np.arange(3, dtype=np.int64)).dtype
    dtype('int32')
    """
    if len(values) == 0 or values.max() < 2**31:
        return values.astype(np.int32)
    return values


__all__ = ["PackedSteps", "small_ints"]
