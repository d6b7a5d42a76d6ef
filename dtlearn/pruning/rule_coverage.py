"""Validation coverage of a rule and of its single drops, as bitsets.

Rule post-pruning (:mod:`dtlearn.pruning.rule_post_pruning`) asks, for a rule and for
every rule with one precondition dropped, how many validation rows it covers and how many
of them have its class (:class:`DropCounts`). :class:`Coverage` answers from one bit per
validation row and precondition, kept as the preconditions go.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..result_table import ResultTable

if TYPE_CHECKING:
    from .rule_post_pruning import Rule

__all__ = ["Coverage", "DropCounts", "coverage_of", "drop_counts"]


@dataclass(frozen=True, eq=False)
class DropCounts:
    """Validation counts of a rule and of every rule with one precondition dropped.

    Position 0 is the rule itself, position ``i + 1`` the rule without precondition ``i``:
    ``covered`` rows it covers and ``correct`` of them that have its class.

    Examples
    --------
    >>> counts = DropCounts(np.array([2, 5, 3]), np.array([2, 5, 1]))
    >>> counts.accuracy(0), counts.best_drop(), counts.should_drop()
    (1.0, 0, 0)
    """

    covered: np.ndarray
    correct: np.ndarray

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, DropCounts):
            return NotImplemented
        return bool(np.array_equal(self.covered, other.covered)
                    and np.array_equal(self.correct, other.correct))

    __hash__ = None  # type: ignore[assignment]

    def accuracy(self, position: int) -> float:
        """``correct / covered`` at ``position`` (``nan`` when it covers nothing)."""
        n = int(self.covered[position])
        return int(self.correct[position]) / n if n else float("nan")

    def best_drop(self) -> int | None:
        """The precondition whose drop is most accurate (the first on ties), or None."""
        # a few numbers per rule: a Python loop costs less than numpy calls
        best, most = None, -1.0  # below any accuracy
        for i, (n, right) in enumerate(zip(self.covered[1:].tolist(),
                                           self.correct[1:].tolist())):
            if n and right / n > most:
                best, most = i, right / n
        return best

    def should_drop(self) -> int | None:
        """The drop rule post-pruning makes: the best, if it is at least as accurate."""
        best = self.best_drop()
        if not self.covered[0] or best is None or self.accuracy(best + 1) < self.accuracy(0):
            return None
        return best

    def table(self, rule: Rule, caption: str, highlight: int | None = None) -> ResultTable:
        """The candidate table: drop, rule, covered, correct, accuracy (rule first)."""
        rows = [("(nothing)", rule.text, int(self.covered[0]), int(self.correct[0]),
                 self.accuracy(0))]
        rows += [(cond.text, rule.without(i).text, int(self.covered[i + 1]),
                  int(self.correct[i + 1]), self.accuracy(i + 1))
                 for i, cond in enumerate(rule.conditions)]
        return ResultTable(("drop", "rule", "covered", "correct", "accuracy"), tuple(rows),
                           caption=caption, highlight_row=highlight)


class Coverage:
    """Validation counts of a rule and of its single drops, kept as preconditions go.

    ``failing[k]`` holds, one bit per validation row (64 rows to a word), the rows that
    fail precondition ``k`` of the rule as it was first. A row is covered by the rule
    with one precondition dropped when it fails none, or only that one: one pass over the
    preconditions still there marks the rows failing at least one (``ones``) and at least
    two (``twos``), and the rows failing ``k`` outside ``twos`` are those it alone stops.
    Counting is a population count over a few hundred words per precondition, so every
    step recounts from the preconditions left.
    """

    def __init__(self, failing: np.ndarray, right: np.ndarray, valid: np.ndarray):
        self.failing = failing
        self.right = right
        self.valid = valid
        self.active = list(range(failing.shape[0]))  # original numbers still there

    def counts(self) -> DropCounts:
        """The current rule's counts and each single drop's."""
        f = self.failing if len(self.active) == len(self.failing) else \
            self.failing[self.active]
        d = len(f)
        rows = np.empty((2, d + 1, f.shape[1]), dtype=np.uint64)  # the rule, then drops
        if d:
            seen = np.bitwise_or.accumulate(f, axis=0)
            np.bitwise_and(self.valid, ~seen[-1], out=rows[0, 0])
            np.bitwise_and(f, ~np.bitwise_or.reduce(f[1:] & seen[:-1], axis=0), out=rows[0, 1:])
        else:
            rows[0, 0] = self.valid
        np.bitwise_and(rows[0], self.right, out=rows[1])
        n = _popcount(rows).sum(axis=2, dtype=np.int64)  # (covered, correct) x positions
        n[:, 1:] += n[:, :1]
        return DropCounts(n[0], n[1])

    def drop(self, i: int) -> None:
        """Drop the rule's precondition ``i`` (its place in the current rule)."""
        self.active.pop(i)


def _pack(rows: np.ndarray) -> np.ndarray:
    """Boolean rows as 64-bit words, one bit per column, zero padded."""
    rows = np.asarray(rows, dtype=bool)
    width = -(-rows.shape[-1] // 64) * 64
    padded = np.zeros(rows.shape[:-1] + (max(width, 64),), dtype=bool)
    padded[..., :rows.shape[-1]] = rows
    return np.packbits(padded, axis=-1, bitorder="little").view(np.uint64)


if hasattr(np, "bitwise_count"):  # numpy >= 2.0
    _popcount = np.bitwise_count
else:  # pragma: no cover - numpy 1.x
    _BITS = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)

    def _popcount(words: np.ndarray) -> np.ndarray:
        return _BITS[words.view(np.uint8)].reshape(words.shape + (8,)).sum(axis=-1)


def _rule_failing(rule: Rule, Xe: np.ndarray, packed: dict) -> np.ndarray:
    """``(preconditions, words)``: the rows failing each precondition of ``rule``, packed.

    ``packed`` caches each (split, branch): rules of one tree share their tests.
    """
    out = []
    for cond in rule.conditions:
        key = (id(cond.split), cond.branch)
        if key not in packed:  # the split kept in the values keeps its id alive
            if id(cond.split) not in packed:
                packed[id(cond.split)] = (cond.split, cond.split.route(Xe))
            packed[key] = (cond.split, _pack(packed[id(cond.split)][1] != cond.branch))
        out.append(packed[key][1])
    width = max(1, -(-Xe.shape[0] // 64))
    return np.concatenate(out).reshape(-1, width) if out else np.empty((0, width), np.uint64)


def coverage_of(rule: Rule, Xe: np.ndarray, truth: np.ndarray, packed: dict) -> Coverage:
    """The counts of ``rule``; ``packed`` also keeps the rows of each class and all rows.

    ``packed`` caches each test's packed rows: the rules of one tree share their tests,
    so one dict serves them all.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn.pruning.rule_conditions import Condition
    >>> from dtlearn.pruning.rule_post_pruning import Rule
    >>> from dtlearn.data import Schema
    >>> from dtlearn.splits import ThresholdSplit
    >>> schema = Schema(("x",), ("numeric",), (None,))
    >>> rule = Rule((Condition(ThresholdSplit(0, 0.5), 0, "x <= 0.5"),), "a", schema)
    >>> Xe, truth = np.array([[0.1], [0.2], [0.9]]), np.array(["a", "b", "a"], dtype=object)
    >>> coverage_of(rule, Xe, truth, {}).counts().covered.tolist()
    [2, 3]
    """
    if ("class", rule.label) not in packed:
        packed["class", rule.label] = _pack(truth == rule.label)
    if "rows" not in packed:
        packed["rows"] = _pack(np.ones(Xe.shape[0], dtype=bool))
    return Coverage(_rule_failing(rule, Xe, packed), packed["class", rule.label],
                     packed["rows"])


def drop_counts(rule: Rule, Xe: np.ndarray, truth: np.ndarray) -> DropCounts:
    """The rule's and every single drop's validation counts.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn.pruning.rule_conditions import Condition
    >>> from dtlearn.pruning.rule_post_pruning import Rule
    >>> from dtlearn.data import Schema
    >>> from dtlearn.splits import ThresholdSplit
    >>> schema = Schema(("x",), ("numeric",), (None,))
    >>> rule = Rule((Condition(ThresholdSplit(0, 0.5), 0, "x <= 0.5"),), "a", schema)
    >>> Xe, truth = np.array([[0.1], [0.2], [0.9]]), np.array(["a", "b", "a"], dtype=object)
    >>> drop_counts(rule, Xe, truth).correct.tolist()
    [1, 2]
    """
    return coverage_of(rule, Xe, truth, {}).counts()
