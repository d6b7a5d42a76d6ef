# About 500 logical lines: one idea, the validation counts of a rule and of its single drops as bitsets; the per-rule Coverage is the reference the block rounds are checked against.
"""Validation coverage of a rule and of its single drops, as bitsets.

Rule post-pruning (:mod:`dtlearn.pruning.rule_post_pruning`) asks, for a rule and for
every rule with one precondition dropped, how many validation rows it covers and how many
of them have its class (:class:`DropCounts`). :class:`Coverage` answers from one bit per
validation row and precondition, kept as the preconditions go; :func:`drop_record`
steps many rules at once, with the rows grouped by class (:func:`class_layout`) and each
row's number of failed preconditions kept in binary digits, and is checked against it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..result_table import ResultTable
from ..splits import ThresholdSplit

if TYPE_CHECKING:
    from .rule_post_pruning import Rule

__all__ = ["Coverage", "DropCounts", "DropRecord", "coverage_of", "drop_counts", "drop_record"]


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
        return bool(
            np.array_equal(self.covered, other.covered)
            and np.array_equal(self.correct, other.correct)
        )

    __hash__ = None  # type: ignore[assignment]

    def accuracy(self, position: int) -> float:
        """``correct / covered`` at ``position`` (``nan`` when it covers nothing)."""
        n = int(self.covered[position])
        return int(self.correct[position]) / n if n else float("nan")

    def best_drop(self) -> int | None:
        """The precondition whose drop is most accurate (the first on ties), or None."""
        # a few numbers per rule: a Python loop costs less than numpy calls
        best, most = None, -1.0  # below any accuracy
        for i, (n, right) in enumerate(zip(self.covered[1:].tolist(), self.correct[1:].tolist())):
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
        rows = [
            ("(nothing)", rule.text, int(self.covered[0]), int(self.correct[0]), self.accuracy(0))
        ]
        rows += [
            (
                cond.text,
                rule.without(i).text,
                int(self.covered[i + 1]),
                int(self.correct[i + 1]),
                self.accuracy(i + 1),
            )
            for i, cond in enumerate(rule.conditions)
        ]
        return ResultTable(
            ("drop", "rule", "covered", "correct", "accuracy"),
            tuple(rows),
            caption=caption,
            highlight_row=highlight,
        )


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
        f = self.failing if len(self.active) == len(self.failing) else self.failing[self.active]
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
    padded[..., : rows.shape[-1]] = rows
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
    return Coverage(_rule_failing(rule, Xe, packed), packed["class", rule.label], packed["rows"])


def drop_counts(rule: Rule, Xe: np.ndarray, truth: np.ndarray) -> DropCounts:
    """The rule's and every single drop's validation counts (:func:`coverage_of`, alone).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> from dtlearn.pruning.rule_post_pruning import Rule
    >>> from dtlearn.pruning.tree_access import encode_features
    >>> X, y = load_play_tennis()
    >>> Xe = encode_features(ID3Classifier().fit(X, y).tree_, X, "X")
    >>> rule = Rule.from_text("IF outlook = sunny AND humidity = high THEN no", X, "play")
    >>> counts = drop_counts(rule, Xe, np.asarray(y, dtype=object))
    >>> counts.covered.tolist(), counts.correct.tolist()
    ([3, 7, 5], [3, 4, 3])
    """
    return coverage_of(rule, Xe, truth, {}).counts()


BLOCK_BYTES = 1 << 23
"""Bytes of failing bits :func:`drop_record` holds for one block of rules at a time."""


def class_layout(codes: np.ndarray, n_classes: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(rows, starts, valid)``: validation rows grouped by class, each class on whole words.

    With the rows of class ``c`` in the words ``starts[c]`` up to ``starts[c + 1]``, the
    rows of a rule's class among any bitset are a slice of its words: counting them needs
    no mask. Each class, and the rows of no class last, gets at least one word.

    Parameters
    ----------
    codes : int array
        Per validation row, its class's number; ``n_classes``: none of them.
    n_classes : int
        How many classes.

    Returns
    -------
    rows : int array
        Per bit (64 a word), the validation row it holds; ``-1``: padding.
    starts : int array
        The first word of each class, then of the rows of no class.
    valid : ndarray of uint64
        Packed: the bits that hold a row.

    Examples
    --------
    >>> rows, starts, valid = class_layout(np.array([1, 0, 1, 2]), 2)
    >>> rows[:2].tolist(), rows[64:67].tolist(), rows[128:130].tolist(), starts.tolist()
    ([1, -1], [0, 2, -1], [3, -1], [0, 1, 2])
    """
    sizes = np.bincount(codes, minlength=n_classes + 1)
    words = np.maximum(1, -(-sizes // 64))
    starts = np.concatenate([[0], np.cumsum(words)[:-1]])
    rows = np.full(int(words.sum()) * 64, -1, dtype=np.int64)
    order = np.argsort(codes, kind="stable")
    rank = np.arange(len(codes)) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    rows[starts[codes[order]] * 64 + rank] = order
    return rows, starts, _pack(rows >= 0)


@dataclass(frozen=True, eq=False)
class DropRecord:
    """Every rule's steps as arrays: what :func:`drop_record` returns.

    The steps of rule ``r`` are ``first[r]`` up to ``first[r + 1]``, in the order taken
    (every rule has at least one: its final decision). Step ``k`` drops the precondition
    at place ``dropped[k]`` of the rule as it then is (``-1``: the rule is final); its
    :class:`DropCounts` (:meth:`counts`) are ``covered`` and ``correct`` from ``bounds[k]``
    up to ``bounds[k + 1]``. Tens of thousands of steps are five arrays, not objects.

    Examples
    --------
    >>> record = DropRecord(np.array([0, 2]), np.array([0, -1]), np.array([0, 2, 3]),
    ...                     np.array([1, 2, 2]), np.array([1, 2, 2]))
    >>> record.counts(0).covered.tolist(), record.sequences()[0][1][1] is None
    ([1, 2], True)
    """

    first: np.ndarray
    dropped: np.ndarray
    bounds: np.ndarray
    covered: np.ndarray
    correct: np.ndarray

    def counts(self, k: int) -> DropCounts:
        """The :class:`DropCounts` of step ``k``."""
        lo, hi = int(self.bounds[k]), int(self.bounds[k + 1])
        return DropCounts(self.covered[lo:hi], self.correct[lo:hi])

    def sequences(self) -> list:
        """Per rule, its steps in order: ``(DropCounts, position dropped or None)``."""
        places = self.dropped.tolist()
        first = self.first.tolist()
        return [
            [(self.counts(k), None if places[k] < 0 else places[k]) for k in range(lo, hi)]
            for lo, hi in zip(first[:-1], first[1:])
        ]


def drop_sequences(
    failing: np.ndarray,
    conditions: list,
    labels: np.ndarray,
    starts: np.ndarray,
    valid: np.ndarray,
) -> list:
    """Every rule's drops as lists: ``drop_record(...).sequences()`` (:func:`drop_record`).

    Examples
    --------
    >>> f = _pack(np.array([[0, 1, 1, 0], [0, 0, 1, 1]], dtype=bool))
    >>> failing = np.vstack([f, np.zeros((1, 1), np.uint64)])
    >>> valid = _pack(np.ones(4, bool))  # one class, every row in it
    >>> steps = drop_sequences(failing, [np.array([0, 1])], np.array([0]), np.array([0]), valid)
    >>> [(c.covered.tolist(), c.correct.tolist(), drop) for c, drop in steps[0]]
    [([1, 2, 2], [1, 2, 2], 0), ([2, 4], [2, 4], 0), ([4], [4], None)]
    """
    return drop_record(failing, conditions, labels, starts, valid).sequences()


def drop_record(
    failing: np.ndarray,
    conditions: list,
    labels: np.ndarray,
    starts: np.ndarray,
    valid: np.ndarray,
) -> DropRecord:
    """Every rule's drops, all rules of a block stepped together, as arrays.

    Rule post-pruning generalises each rule on its own, so rules of similar length are
    stepped side by side: one round scores every rule of a block and every single drop
    of each with a few whole-array operations, then drops each rule's best precondition
    where :meth:`DropCounts.should_drop` would. A rule that stops leaves the block.

    Parameters
    ----------
    failing : ndarray of uint64, shape (tests + 1, words)
        Packed rows failing each test (a split's branch); the last row is all zero. The
        rows are grouped by class (:func:`class_layout`).
    conditions : list of int arrays
        Per rule, the rows of ``failing`` of its preconditions, in order.
    labels : int array
        Per rule, the number of its class.
    starts : int array
        The first word of each class's rows, then of the rows of no class.
    valid : ndarray of uint64
        Packed: the bits that hold a validation row.

    Returns
    -------
    DropRecord
        Every step of every rule (:meth:`DropRecord.sequences`: as lists).

    Examples
    --------
    >>> f = _pack(np.array([[0, 1, 1, 0], [0, 0, 1, 1]], dtype=bool))
    >>> failing = np.vstack([f, np.zeros((1, 1), np.uint64)])
    >>> valid = _pack(np.ones(4, bool))  # one class, every row in it
    >>> record = drop_record(failing, [np.array([0, 1])], np.array([0]), np.array([0]), valid)
    >>> record.first.tolist(), record.dropped.tolist(), record.covered.tolist()
    ([0, 3], [0, 0, -1], [1, 2, 2, 2, 4, 4])
    """
    lengths = np.array([len(c) for c in conditions], dtype=np.int64)
    order = np.argsort(lengths, kind="stable")  # similar lengths share a block
    words = failing.shape[1]
    pad = failing.shape[0] - 1
    rounds: list = []  # per round of a block: (rules, places, lengths, covered, correct)
    start = 0
    while start < len(order):
        size = max(1, BLOCK_BYTES // (max(1, int(lengths[order[start]])) * words * 8))
        depth = int(lengths[order[min(start + size, len(order)) - 1]])
        size = max(1, min(size, BLOCK_BYTES // (max(1, depth) * words * 8)))
        block = order[start : start + size]
        depth = int(lengths[block[-1]])
        index = np.full((len(block), depth), pad, dtype=np.int64)
        for r, rule in enumerate(block.tolist()):
            index[r, : lengths[rule]] = conditions[rule]
        for live, *rest in _block_steps(
            failing[index.T], index != pad, labels[block], starts, valid
        ):
            rounds.append((block[live], *rest))
        start += len(block)
    return _record(rounds, len(conditions))


def _record(rounds: list, n_rules: int) -> DropRecord:
    """The rounds of :func:`_block_steps` (rules of a round, then the next round) by rule."""
    if not rounds:
        empty = np.zeros(0, dtype=np.int64)
        return DropRecord(
            np.zeros(n_rules + 1, dtype=np.int64), empty, np.zeros(1, np.int64), empty, empty
        )
    rules, places, lengths, covered, correct = (np.concatenate(part) for part in zip(*rounds))
    order = np.argsort(rules, kind="stable")  # a rule's rounds stay in the order taken
    source = (np.cumsum(lengths) - lengths)[order]
    lengths = lengths[order]
    bounds = np.concatenate([[0], np.cumsum(lengths)])
    take = np.repeat(source - bounds[:-1], lengths) + np.arange(bounds[-1])
    first = np.searchsorted(rules[order], np.arange(n_rules + 1))
    return DropRecord(first, places[order], bounds, covered[take], correct[take])


def _tally(f: np.ndarray) -> np.ndarray:
    """``(digits, ...)``: per bit, how many of ``f``'s rows set it, in binary, one plane a digit."""
    planes = np.zeros((f.shape[0].bit_length(),) + f.shape[1:], dtype=np.uint64)
    carry, spare = np.empty(f.shape[1:], dtype=np.uint64), np.empty(f.shape[1:], dtype=np.uint64)
    for k in range(f.shape[0]):  # k rows added: k + 1 needs (k + 1).bit_length() digits
        np.copyto(carry, f[k])
        for plane in planes[: (k + 1).bit_length()]:
            np.bitwise_and(plane, carry, out=spare)
            np.bitwise_xor(plane, carry, out=plane)
            carry, spare = spare, carry
    return planes


def _untally(planes: np.ndarray, borrow: np.ndarray) -> None:
    """Take one from the count of every bit set in ``borrow`` (each such count is >= 1).

    ``borrow`` is overwritten.
    """
    for plane in planes:
        np.bitwise_xor(plane, borrow, out=plane)
        np.bitwise_and(borrow, plane, out=borrow)  # where the digit was 0: borrow on


def _block_steps(
    f: np.ndarray, active: np.ndarray, labels: np.ndarray, starts: np.ndarray, valid: np.ndarray
) -> list:
    """:func:`drop_record` for one block: ``f`` (places, rules, words), ``active`` (rules, places).

    Per row, the binary count of the preconditions it fails (:func:`_tally`) gives the rows
    failing none (the rule covers them) and exactly one (its drop would cover them); a drop
    takes its precondition's rows off the count, and the places still there move to the
    front, so each round reads only what is left.
    """
    n_rules, depth = active.shape
    rounds: list = []  # per round: (rules, places, lengths, covered, correct)
    planes = _tally(f)
    live = np.arange(n_rules)  # each rule's row in `steps`
    wide = np.uint16 if valid.size * 64 < 1 << 16 else np.int64  # a count fits
    while len(live):
        high = np.bitwise_or.reduce(planes[1:], axis=0, initial=0)  # fails two or more
        low = planes[0] if len(planes) else np.zeros_like(high)
        none = valid & ~(low | high)
        one = valid & low & ~high
        # per class: rows a drop would add (places, rules, classes), rows the rule covers
        added = np.add.reduceat(
            _popcount(np.bitwise_and(f, one)), starts, axis=-1, dtype=wide
        ).astype(np.int64)
        own = np.add.reduceat(_popcount(none), starts, axis=-1, dtype=wide).astype(np.int64)
        rows = np.arange(len(live))
        covered = np.empty((len(live), depth + 1), dtype=np.int64)
        correct = np.empty_like(covered)
        covered[:, 0] = own.sum(axis=-1)
        correct[:, 0] = own[rows, labels]
        covered[:, 1:] = added.sum(axis=-1).T
        correct[:, 1:] = added[:, rows, labels].T
        covered[:, 1:] += covered[:, :1]
        correct[:, 1:] += correct[:, :1]
        ok = active & (covered[:, 1:] > 0)
        with np.errstate(divide="ignore", invalid="ignore"):
            accuracy = np.where(ok, correct[:, 1:] / covered[:, 1:], -1.0)
            mine = correct[:, 0] / covered[:, 0]
        best = accuracy.argmax(axis=1) if depth else np.zeros(len(live), dtype=np.int64)
        drop = ok.any(axis=1) & (covered[:, 0] > 0)
        if depth:
            drop &= accuracy[rows, best] >= mine
        shown = np.concatenate([np.ones((len(live), 1), dtype=bool), active], axis=1)
        # a precondition's place in the current rule, -1: no drop
        place = (
            np.where(drop, (np.cumsum(active, axis=1) - 1)[rows, best], -1)
            if depth
            else np.full(len(live), -1, dtype=np.int64)
        )
        # every rule's counts in one array: each step's slice, rule after rule
        rounds.append((live, place, shown.sum(axis=1), covered[shown], correct[shown]))
        keep = np.flatnonzero(drop)
        if not len(keep):
            break
        gone = best[keep]
        flat = f.reshape(-1, f.shape[-1])  # (place, rule) -> place * rules + rule
        active = active[keep]
        active[np.arange(len(keep)), gone] = False
        depth = int(active.sum(axis=1).max())
        # a count is at most the preconditions left: the digits above go
        live, labels, planes = live[keep], labels[keep], planes[:, keep]
        _untally(planes, flat.take(gone * f.shape[1] + keep, axis=0))
        planes = planes[: depth.bit_length()]
        at = np.argsort(~active, axis=1, kind="stable")[:, :depth]  # places left, in order
        f = flat.take(at.T * f.shape[1] + keep, axis=0)
        active = np.take_along_axis(active, at, axis=1)
    return rounds


def failing_rows(rules: Any, Xe: np.ndarray) -> tuple[np.ndarray, list]:
    """``(failing, conditions)`` of :func:`drop_record` for ``rules`` on ``Xe``.

    Every split is routed once and every (split, branch) packed once: the rules of one
    tree share their tests.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> from dtlearn.pruning.rule_post_pruning import rules_from_tree
    >>> from dtlearn.pruning.tree_access import encode_features
    >>> X, y = load_play_tennis()
    >>> model = ID3Classifier().fit(X, y)
    >>> failing, conditions = failing_rows(rules_from_tree(model).rules,
    ...                                    encode_features(model.tree_, X, "X"))
    >>> failing.shape, [c.tolist() for c in conditions][:2]
    ((8, 1), [[0, 1], [0, 2]])
    """
    keys: dict = {}  # (id of split, branch) -> its row
    rows: dict = {}  # id of a Condition -> its row (the rules of a tree share them)
    tests: list = []  # (split, branch) per row
    conditions = []
    for rule in rules:
        index = list(map(rows.get, map(id, rule.conditions)))
        if None in index:  # a rule shares all but its last few with the rule before
            for k in [k for k, row in enumerate(index) if row is None]:
                cond = rule.conditions[k]
                key = (id(cond.split), cond.branch)
                if key not in keys:  # the rules keep the split (and its id) alive
                    keys[key] = len(tests)
                    tests.append((cond.split, cond.branch))
                rows[id(cond)] = index[k] = keys[key]
        conditions.append(np.array(index, dtype=np.int64))
    return _failing_tests(tests, Xe), conditions


def _plain_threshold(split: Any) -> bool:
    """A threshold split routing as :meth:`ThresholdSplit.route` does, no tolerance, no NaN."""
    return (
        isinstance(split, ThresholdSplit)
        and type(split).route is ThresholdSplit.route
        and not split.tolerance
        and split.threshold == split.threshold  # NaN sends nothing left: its own route
    )


def _left_bits(columns: np.ndarray, features: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
    """``(tests, words)``: the rows with ``columns[features[i]] <= thresholds[i]``, packed.

    The tests of a feature, sorted by threshold, send left ever more rows: each row is set
    in the word of the first test that sends it left (``searchsorted``; a missing value
    sorts after every threshold, so no test does), and an OR accumulated along the sorted
    tests gives every test's rows in one pass, instead of a comparison per test and row.
    """
    n = columns.shape[1]
    width = max(1, -(-n // 64))
    order = np.lexsort((thresholds, features))  # by feature, then threshold
    out = np.zeros((len(order) + 1, width), dtype=np.uint64)  # the last row: no test
    bits = np.left_shift(np.uint64(1), (np.arange(n) % 64).astype(np.uint64))
    words = np.arange(n) // 64
    lo = 0
    for feature, count in zip(*np.unique(features[order], return_counts=True)):
        first = lo + np.searchsorted(thresholds[order[lo : lo + count]], columns[feature])
        first[first == lo + count] = len(order)  # left of no test
        np.bitwise_or.at(out, (first, words), bits)
        np.bitwise_or.accumulate(out[lo : lo + count], axis=0, out=out[lo : lo + count])
        lo += count
    result = np.empty((len(order), width), dtype=np.uint64)
    result[order] = out[:-1]
    return result


def _failing_tests(tests: list, Xe: np.ndarray) -> np.ndarray:
    """``(tests + 1, words)``: the rows failing each (split, branch), packed; a zero row last.

    A plain numeric threshold is compared once per split, for all such splits at once,
    and both branches are read off the packed result (``x <= t`` goes left, ``x > t``
    right, a missing value neither: the split's own ``route``); any other split routes
    the rows itself.
    """
    n = Xe.shape[0]
    width = max(1, -(-n // 64))
    out = np.zeros((len(tests) + 1, width), dtype=np.uint64)
    splits: dict = {}  # id of a plain threshold split -> its place in `plain`
    plain: list = []
    rows, at, right = [], [], []  # tests read off `plain`: their row, split, branch
    routes: dict = {}
    for i, (split, branch) in enumerate(tests):
        key = id(split)
        if key not in splits and branch in (0, 1) and _plain_threshold(split):
            splits[key] = len(plain)
            plain.append(split)
        if key in splits and branch in (0, 1):
            rows.append(i)
            at.append(splits[key])
            right.append(branch)
            continue
        if key not in routes:
            routes[key] = split.route(Xe)
        out[i] = _pack(routes[key] != branch)
    if rows:
        columns = np.ascontiguousarray(Xe.T)  # one row per feature: each test reads a row
        features = np.array([s.feature for s in plain], dtype=np.int64)
        left = _left_bits(columns, features, np.array([s.threshold for s in plain], dtype=float))
        missing = _pack(np.isnan(columns))  # per feature
        valid = _pack(np.ones(n, dtype=bool))
        # fail left: not (x <= t), missing included; fail right: x <= t or missing
        fail = np.stack([~left & valid, left | missing[features]])
        which = np.array(right, dtype=np.int64) * len(plain) + np.array(at, dtype=np.int64)
        out[np.array(rows, dtype=np.int64)] = fail.reshape(-1, width).take(which, axis=0)
    return out
