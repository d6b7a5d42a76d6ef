"""The growth record as arrays: steps kept as columns, each GrowthStep made when read.

A fully grown tree has thousands of nodes; one :class:`~dtlearn.grow.growth_step.GrowthStep`
object per node, with its rows, its candidate list and its condition, costs more memory
than the training data. Level-wise growth (:mod:`dtlearn.grow.fast.levels`) therefore notes
each level's decisions in a :class:`StepLog` as soon as the level is decided (so the
level's working objects can go), and ends with a :class:`GrowthRecord`: a read-only
sequence of the same steps, in the same order, held as a few arrays.

Rows are kept once: in the order of the steps (depth first, branches in order) each node
adds the rows none of its children received, so the rows of any node are one contiguous
run of a single array (sorted when read). A node's candidates are a row of its level's
:class:`~dtlearn.grow.scoring.ThresholdScan` (which the record shares with nothing else),
or the candidate list itself when some of it was built while growing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..growth_step import GrowthStep
from ..scoring import CandidateList, ThresholdBlock

EMPTY = -2
"""Candidate code of a node closed before any attribute was scored (no table)."""

KEPT = -1
"""Candidate or choice code of a node whose candidates (or choice) are kept as objects."""


def _plain_block(candidates: Any, builder: Any) -> ThresholdBlock | None:
    """The block a candidate list is a plain, unbuilt view of, or ``None``."""
    if type(candidates) is not CandidateList:
        return None
    return candidates.plain_block(builder)


class StepLog:
    """What level-wise growth decided, noted level by level (see the module docstring).

    Nodes are keyed by the id the grower gave them when it made them; :meth:`record`
    renumbers them as :meth:`~dtlearn.grow.loop.Grower.run` numbers them.
    """

    def __init__(self, grower: Any):
        self.builder = grower.builder
        self.scans: list = []
        self._scan_at: dict[int, int] = {}
        self.reasons: list = []
        self._reason_at: dict[Any, int] = {}
        self.objects: dict[int, tuple] = {}  # node: (candidates, choice) kept as they are
        self.levels: list[tuple] = []

    def _reason(self, reason: str | None) -> int:
        if reason is None:
            return -1
        at = self._reason_at.get(reason)
        if at is None:
            at = self._reason_at[reason] = len(self.reasons)
            self.reasons.append(reason)
        return at

    def _scan(self, scan: Any) -> int:
        at = self._scan_at.get(id(scan))
        if at is None:
            at = self._scan_at[id(scan)] = len(self.scans)
            self.scans.append(scan)
        return at

    def settle(self, decided: list, closed: list) -> None:
        """Note a level: ``decided`` nodes were scored, ``closed`` ones closed unscored.

        Both are :class:`~dtlearn.grow.fast.levels.Pending`; a decided node has its children
        opened. What a step needs is copied out, so the level's objects may go.
        """
        ids, scan_at, scan_row, choice, reason, pieces = [], [], [], [], [], []
        for pending in decided:
            state = pending.state
            cid = state.node.node_id
            ids.append(cid)
            block = _plain_block(pending.candidates, self.builder)
            pick = pending.choice
            if block is not None and (pick is None or type(pick) is int):
                scan_at.append(self._scan(block.scan))
                scan_row.append(block.row)
                choice.append(-1 if pick is None else pick)
            else:
                scan_at.append(KEPT)
                scan_row.append(0)
                choice.append(KEPT)
                self.objects[cid] = (pending.candidates, pick)
            reason.append(self._reason(pending.reason))
            pieces.append(_own_rows(state.rows, [c.state.rows for c in pending.children]))
        for pending in closed:
            ids.append(pending.state.node.node_id)
            scan_at.append(EMPTY)
            scan_row.append(0)
            choice.append(-1)
            reason.append(self._reason(pending.reason))
            pieces.append(pending.state.rows)
        if not ids:
            return
        lengths = np.array([len(p) for p in pieces], dtype=np.int32)
        kept = np.concatenate(pieces)
        self.levels.append(
            (
                np.array(ids, dtype=np.int32),
                np.array(scan_at, dtype=np.int32),
                np.array(scan_row, dtype=np.int32),
                np.array(choice, np.int32),
                np.array(reason, dtype=np.int32),
                lengths,
                kept,
            )
        )

    def record(self, grower: Any) -> GrowthRecord:
        """Number the nodes as :meth:`Grower.run` does and return the steps as a record.

        Depth first, first branch first; a node's children get the next ids when it is
        recorded. The grower's nodes are renumbered in place.
        """
        levels, self.levels = self.levels, []
        ids, scan_at, scan_row, choice, reason, lengths, kept = [
            np.concatenate(column) for column in zip(*levels)
        ]
        del levels
        n_steps = len(ids)
        at = np.full(int(ids.max()) + 1, -1, dtype=np.int64)
        at[ids] = np.arange(n_steps)
        # preorder, as Grower.run takes the nodes; arrays, not lists: a large tree is
        # numbered here, at the fit's peak of memory
        nodes: list = [None] * n_steps
        order = np.empty(n_steps, dtype=np.int64)  # step -> its place in the log
        parents = np.empty(n_steps, dtype=np.int64)
        branches = np.empty(n_steps, dtype=np.int32)
        root = grower.root
        stack = [(root, root.node_id, -1, -1)]
        root.node_id = next_id = 0
        next_id += 1
        position = 0
        while stack:
            node, cid, parent, branch = stack.pop()
            nodes[position] = node
            order[position], parents[position], branches[position] = at[cid], parent, branch
            below = [(child, child.node_id, position, b) for b, child in enumerate(node.children)]
            for child in node.children:
                child.node_id = next_id
                next_id += 1
            stack.extend(reversed(below))
            position += 1
        if position != n_steps or (order < 0).any():
            raise ValueError("grower: the tree's nodes and the step log disagree")
        own = lengths[order]
        placed = np.cumsum(own) - own  # where each step's own rows start
        source = np.concatenate([[0], np.cumsum(lengths)[:-1]])[order]
        small = np.int32 if len(kept) < 2**31 else np.int64
        perm = kept[
            np.repeat((source - placed).astype(small), own) + np.arange(int(own.sum()), dtype=small)
        ]
        del kept, source
        size = own.copy()
        for i in range(n_steps - 1, 0, -1):  # children come after their parent
            size[parents[i]] += size[i]
        step_of = np.empty(n_steps, dtype=np.int64)
        step_of[order] = np.arange(n_steps)
        objects = {int(step_of[at[cid]]): kept_ for cid, kept_ in self.objects.items()}
        classification = grower.classes is not None
        counts = np.empty((n_steps, len(grower.classes) if classification else 2))
        for i, n in enumerate(nodes):
            counts[i] = n.counts if classification else (n.n_samples, float(n.value[0]))
        return GrowthRecord(
            node_id=np.fromiter((n.node_id for n in nodes), np.int64, n_steps),
            parent=parents,
            branch=branches,
            depth=np.fromiter((n.depth for n in nodes), np.int64, n_steps),
            n_samples=np.fromiter((n.n_samples for n in nodes), float, n_steps),
            impurity=np.fromiter((n.impurity for n in nodes), float, n_steps),
            counts=counts,
            splits=[n.split for n in nodes],
            schema=grower.schema,
            perm=perm,
            start=placed,
            end=placed + size,
            scans=self.scans,
            scan_at=scan_at[order],
            scan_row=scan_row[order],
            choice=choice[order],
            objects=objects,
            reasons=self.reasons,
            reason=reason[order],
            builder=self.builder,
            classes=grower.classes,
            target_name=grower.target_name,
        )


def _own_rows(rows: np.ndarray, children: list) -> np.ndarray:
    """The rows of a node none of its children received (ascending, as ``rows``)."""
    if not children:
        return rows.copy()
    if sum(len(c) for c in children) == len(rows):
        return rows[:0].copy()
    inside = np.isin(rows, np.concatenate(children))
    return rows[~inside]


FIELDS = (
    "node_id",
    "parent",
    "branch",
    "depth",
    "n_samples",
    "impurity",
    "counts",
    "splits",
    "schema",
    "perm",
    "start",
    "end",
    "scans",
    "scan_at",
    "scan_row",
    "choice",
    "objects",
    "reasons",
    "reason",
    "builder",
    "classes",
    "target_name",
)


class GrowthRecord(Sequence):
    """The growth steps of a level-wise fit as arrays; each step made when first read.

    It reads as the tuple of :class:`~dtlearn.grow.growth_step.GrowthStep` it stands for:
    ``len``, indexing (a slice gives a tuple), iteration, ``==`` with any sequence of
    steps, ``repr``. A step, once made, is kept, so reading it twice gives the same object
    (and its candidates are built once). Saved (pickle, deep copy), only the arrays go.

    Position ``i`` holds step ``i``: ``node_id``, ``parent`` (a position, -1 at the
    root), ``branch`` (which branch of the parent's split leads here), ``depth``,
    ``n_samples``, ``impurity``, ``counts`` (class counts, or ``[n, mean]``), ``splits``
    (the node's own test, for its children's conditions), rows ``perm[start:end]``
    (sorted when read), candidates (row ``scan_row`` of ``scans[scan_at]``, made by the
    scan's ``candidate_list(row, builder)``: a
    :class:`~dtlearn.grow.scoring.ThresholdScan`, or MAE's
    :class:`~dtlearn.grow.fast.median_levels.MedianScan`; none at
    :data:`EMPTY`, or ``objects[i]`` at :data:`KEPT`), ``choice`` (a candidate's position,
    -1: a leaf) and ``reasons[reason]`` (-1: none).

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_play_tennis
    >>> steps = CARTClassifier().fit(*load_play_tennis(numeric=True)).steps_
    >>> type(steps).__name__, len(steps), str(steps[0])
    ('GrowthRecord', 9, 'node 0 [root] n=14: split on outlook')
    >>> steps[1] is steps[1], steps[:2] == tuple(steps)[:2]
    (True, True)
    """

    __slots__ = FIELDS + ("_made",)

    def __init__(self, **columns: Any):
        for name in FIELDS:
            object.__setattr__(self, name, columns[name])
        self._made: list = [None] * len(self.node_id)

    def __len__(self) -> int:
        return len(self.node_id)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        n = len(self)
        i = int(i)
        if not -n <= i < n:
            raise IndexError(f"step {i} out of range for {n} steps")
        i %= n
        step = self._made[i]
        if step is None:
            step = self._made[i] = self._make(i)
        return step

    def __iter__(self) -> Any:
        return (self[i] for i in range(len(self)))

    def _make(self, i: int) -> GrowthStep:
        parent = int(self.parent[i])
        condition = (
            None if parent < 0 else self.splits[parent].conditions(self.schema)[int(self.branch[i])]
        )
        code, pick = int(self.scan_at[i]), int(self.choice[i])
        candidates: Any
        if code >= 0:
            candidates = self.scans[code].candidate_list(int(self.scan_row[i]), self.builder)
            choice = None if pick < 0 else pick
        elif code == EMPTY:
            candidates, choice = (), None
        else:
            candidates, choice = self.objects[i]
        rows = np.sort(self.perm[int(self.start[i]) : int(self.end[i])], kind="stable")
        reason = int(self.reason[i])
        return GrowthStep(
            int(self.node_id[i]),
            None if parent < 0 else int(self.node_id[parent]),
            int(self.depth[i]),
            condition,
            rows,
            float(self.n_samples[i]),
            self.counts[i],
            float(self.impurity[i]),
            candidates,
            choice,
            None if reason < 0 else self.reasons[reason],
            "greedy",
            self.classes,
            self.target_name,
        )

    def __eq__(self, other: Any) -> bool:
        if other is self:
            return True
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return len(self) == len(other) and all(a is b or a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Any) -> tuple:
        return tuple(self) + tuple(other)

    def __radd__(self, other: Any) -> tuple:
        return tuple(other) + tuple(self)

    def __repr__(self) -> str:
        return repr(tuple(self))

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.pretty(tuple(self))  # IPython shows it as the tuple it stands for

    def __reduce__(self) -> tuple:
        return (_record_from, ({name: getattr(self, name) for name in FIELDS},))


def _record_from(columns: dict) -> GrowthRecord:
    return GrowthRecord(**columns)


def frozen_steps(steps: Any) -> Sequence:
    """A grower's steps as a fitted model keeps them: a record stays one, a list a tuple.

    Examples
    --------
    >>> frozen_steps([1, 2])
    (1, 2)
    """
    return steps if isinstance(steps, GrowthRecord) else tuple(steps)


__all__ = ["EMPTY", "GrowthRecord", "KEPT", "StepLog", "frozen_steps"]
