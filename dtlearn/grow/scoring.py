"""From a scanner's cut to a Candidate: scores per the criterion, built only when read.

A :class:`CandidateBuilder` knows what scoring needs of a grower (schema, settings, the
total weight) and nothing of its training data. A :class:`CandidateList` holds the
candidates of one node in column order; an item may still be a column of the node's
:class:`ThresholdBlock` (its row of the fast scan's arrays), built into a Candidate when
something reads it. Saving a list saves the scan's arrays, not the grower.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from .. import criteria
from ..data import Schema
from ..formatting import format_number
from ..splits import MultiwaySplit, Split, ThresholdSplit
from .records import (
    Candidate,
    ExplainContext,
    GrowthConfig,
    Scores,
    inadmissible,
    textbook_scores,
)
from .scanners import first_best


@dataclass(frozen=True)
class CandidateBuilder:
    """Scores a split from its branches' counts (what a grower's settings make of it).

    Examples
    --------
    >>> from dtlearn import load_play_tennis
    >>> from dtlearn.data import infer_schema
    >>> from dtlearn.splits import MultiwaySplit
    >>> builder = CandidateBuilder(infer_schema(load_play_tennis()[0]), GrowthConfig(), 14.0)
    >>> c = builder.classification(0, MultiwaySplit(0, 3), np.array([[2, 3], [4, 0], [3, 2]]),
    ...                            np.array([5, 4, 5]))
    >>> c.conditions[1], round(c.score, 3)
    ('outlook = overcast', 0.247)
    """

    schema: Schema
    config: GrowthConfig
    total_weight: float
    context: ExplainContext | None = None

    def feature_name(self, feature: int) -> str:
        """The attribute's name; one past the last column is the oblique combination."""
        return self.schema.names[feature] if feature < self.schema.n_features else \
            "linear combination"

    def _admissible(self, feature: int, conditions: tuple, child: np.ndarray,
                    rows_per_branch: np.ndarray) -> Candidate | None:
        """An inadmissible candidate saying why, or None when the split may be made."""
        nonempty = rows_per_branch[rows_per_branch > 0]
        name = self.feature_name(feature)
        if len(nonempty) < 2:
            return inadmissible(feature, name, "all rows take the same branch", conditions,
                                child, self.config.criterion)
        leaf = self.config.min_samples_leaf
        if nonempty.min() < leaf:
            return inadmissible(feature, name,
                                f"a branch would hold fewer than min_samples_leaf={leaf} rows",
                                conditions, child, self.config.criterion)
        return None

    def classification(self, feature: int, split: Split, child: np.ndarray,
                       rows_per_branch: np.ndarray, n_cuts: int | None = None,
                       textbook: Any = None) -> Candidate:
        """The candidate of a classification split given its branches' class counts.

        ``textbook``: what works out its textbook scores when read (default
        :func:`~dtlearn.grow.records.textbook_scores` of ``child``).
        """
        conditions = tuple(split.conditions(self.schema))
        refused = self._admissible(feature, conditions, child, rows_per_branch)
        if refused is not None:
            return refused
        config = self.config
        eager = config.rule.split_scores(child, config)
        eager["weighted_decrease"] = child.sum() / self.total_weight * eager["impurity_decrease"]
        if n_cuts is not None:
            eager["n_cuts"] = int(n_cuts)
        lazy = partial(textbook_scores, child, config.base) if textbook is None else textbook
        return Candidate(feature, self.feature_name(feature), split, conditions, child,
                         Scores(eager, lazy),
                         eager["score"], criterion=config.criterion, context=self.context)

    def regression(self, feature: int, split: Split, ys: np.ndarray, w: np.ndarray,
                   branch: np.ndarray, parent_impurity: float, n_cuts: int | None = None
                   ) -> Candidate:
        """The candidate of a regression split: each branch's size, centre and impurity."""
        rule = self.config.rule
        conditions = tuple(split.conditions(self.schema))
        k = split.n_branches
        child = np.zeros((k, 3))
        for b in range(k):
            mask = branch == b
            if mask.any():
                child[b] = [w[mask].sum(), rule.centre(ys[mask], w[mask]),
                            rule.impurity(ys[mask], w[mask])]
        return self._regression_of_branches(feature, split, conditions, child,
                                            np.bincount(branch, minlength=k), parent_impurity,
                                            n_cuts)

    def regression_of_sums(self, feature: int, split: Split, sums: np.ndarray,
                           rows_per_branch: np.ndarray, n_cuts: int | None = None
                           ) -> Candidate:
        """The candidate of a regression split given each branch's ``[Σw, Σwy, Σwy²]``.

        What the fast scans keep: branch means and impurities come from the sums, the
        node's impurity from their total (:attr:`~dtlearn.criteria.Criterion.of_sums`).
        """
        rule = self.config.rule
        sums = np.asarray(sums, dtype=float)
        w = sums[:, 0]
        child = np.column_stack([w, sums[:, 1] / np.where(w > 0, w, 1.0), rule.of_sums(sums)])
        parent = float(rule.of_sums(sums.sum(axis=0)))
        return self._regression_of_branches(feature, split, tuple(split.conditions(self.schema)),
                                            child, rows_per_branch, parent, n_cuts)

    def _regression_of_branches(self, feature: int, split: Split, conditions: tuple,
                                child: np.ndarray, rows_per_branch: np.ndarray,
                                parent_impurity: float, n_cuts: int | None) -> Candidate:
        rule = self.config.rule
        refused = self._admissible(feature, conditions, child, rows_per_branch)
        if refused is not None:
            return refused
        total = child[:, 0].sum()
        child_impurity = float((child[:, 0] * child[:, 2]).sum() / total)
        decrease = parent_impurity - child_impurity
        scores = {"impurity_decrease": decrease, "child_impurity": child_impurity,
                  "weighted_decrease": total / self.total_weight * decrease, "score": decrease}
        if n_cuts is not None:
            scores["n_cuts"] = int(n_cuts)
        return Candidate(feature, self.feature_name(feature), split, conditions, child, scores,
                         decrease, statistic=rule.leaf_statistic, criterion=self.config.criterion,
                         context=self.context)


@dataclass(frozen=True)
class ThresholdScan:
    """What the fast scan found for the numeric columns of one or more nodes, as arrays.

    Row ``j``, column ``c``: attribute ``features[c]`` at node ``j`` is best cut after
    sorted position ``index[j, c]`` (-1: none), at ``threshold[j, c]`` (a midpoint: no
    training value is kept), with ranking ``score[j, c]``, ``left[j, c]`` class counts
    (regression: sums ``[Σw, Σwy, Σwy²]``) on the left (``total[j] - left[j, c]`` on the
    right) and ``n_cuts[j, c]`` admissible
    cuts; ``constant[j, c]`` says whether the column took one value at the node, whose
    ``n[j]`` rows were scanned. A level of nodes shares one scan: its nodes' candidate
    lists stay a few arrays in memory and in a saved model.
    """

    features: np.ndarray
    index: np.ndarray
    score: np.ndarray
    threshold: np.ndarray
    n_cuts: np.ndarray
    left: np.ndarray
    total: np.ndarray
    constant: np.ndarray
    n: np.ndarray

    def scored(self, builder: CandidateBuilder) -> "ScanScores":
        """Every admissible cut of the scan scored at once (kept; not saved with the scan)."""
        cached = self.__dict__.get("_scored")
        if cached is None or cached.builder is not builder:
            cached = ScanScores(self, builder)
            object.__setattr__(self, "_scored", cached)
        return cached

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("_scored", None)  # worked out again when read: a saved model stays small
        return state


@dataclass(frozen=True, slots=True)  # one per scanned node
class ThresholdBlock:
    """One node's row of a :class:`ThresholdScan`: its numeric candidates, built when read.

    Examples
    --------
    >>> from dtlearn import load_play_tennis
    >>> from dtlearn.data import infer_schema
    >>> X, _ = load_play_tennis(numeric=True)
    >>> scan = ThresholdScan(np.array([1]), np.array([[3]]), np.array([[0.1]]),
    ...                      np.array([[70.5]]), np.array([[7]]), np.array([[[4.0, 0.0]]]),
    ...                      np.array([[9.0, 5.0]]), np.array([[False]]), np.array([14]))
    >>> builder = CandidateBuilder(infer_schema(X), GrowthConfig(criterion="gini"), 14.0)
    >>> c = ThresholdBlock(scan, 0).build(0, builder)
    >>> c.conditions, c.child_counts.tolist(), c.scores["n_cuts"]
    (('temperature <= 70.5', 'temperature > 70.5'), [[4.0, 0.0], [5.0, 5.0]], 7)
    """

    scan: ThresholdScan
    row: int

    @property
    def features(self) -> np.ndarray:
        """The attributes of the block's columns."""
        return self.scan.features

    def score_of(self, column: int) -> float:
        """The ranking score of column ``column`` (minus infinity when it cannot split)."""
        scan, j = self.scan, self.row
        return float(scan.score[j, column]) if scan.index[j, column] >= 0 else -np.inf

    def split(self, column: int) -> ThresholdSplit:
        """The test of column ``column``'s best cut (it must have one)."""
        return ThresholdSplit(int(self.scan.features[column]),
                              float(self.scan.threshold[self.row, column]))

    def candidate(self, column: int, builder: CandidateBuilder) -> Candidate:
        """The Candidate of column ``column``, from the level's scores when worked out.

        The same Candidate as :meth:`build`, which makes it alone (and says why a column
        cannot split); growth reads one candidate here and there, a table all of them.
        """
        scored = self.scan.__dict__.get("_scored")
        if scored is None or scored.builder is not builder:
            return self.build(column, builder, from_level=True)
        p = int(scored.position[self.row, column])
        if p < 0 or scored.eager is None:
            return self.build(column, builder, from_level=True)
        return scored.candidate(p, int(self.scan.features[column]),
                                _Textbook(self, column, builder))

    def rows(self, keys: tuple, builder: CandidateBuilder) -> dict:
        """Table rows of the block's columns, from the level's arrays: ``{column: row}``.

        A row is ``(attribute, test, *scores[keys])`` as :func:`candidate_row` makes it
        of the built Candidate; a column the arrays cannot give (no admissible cut, or a
        criterion scored one by one) is left out.
        """
        return self.scan.scored(builder).node_rows(self.row, keys)

    def build(self, column: int, builder: CandidateBuilder, from_level: bool = False
              ) -> Candidate:
        """The Candidate of column ``column`` (inadmissible, saying why, when it has no cut).

        Made alone; with ``from_level`` its textbook scores, when read, are the level's
        (:meth:`ScanScores.textbook`: the whole scan's at once, the same floats).
        """
        scan, j = self.scan, self.row
        feature = int(scan.features[column])
        i = int(scan.index[j, column])
        if i < 0:
            reason = "the attribute is constant here" if scan.constant[j, column] else \
                f"no threshold leaves min_samples_leaf={builder.config.min_samples_leaf} " \
                "rows a side"
            return inadmissible(feature, builder.feature_name(feature), reason,
                                criterion=builder.config.criterion)
        left = scan.left[j, column]
        n = int(scan.n[j])
        sides = np.array([left.tolist(), (scan.total[j] - left).tolist()], dtype=float)
        if builder.config.is_regression:
            return builder.regression_of_sums(feature, self.split(column), sides,
                                              np.array([i + 1, n - i - 1]),
                                              int(scan.n_cuts[j, column]))
        return builder.classification(feature, self.split(column), sides,
                                      np.array([i + 1, n - i - 1]),
                                      int(scan.n_cuts[j, column]),
                                      _Textbook(self, column, builder, sides) if from_level
                                      else None)


TEXTBOOK = ("entropy", "mean_info", "information_gain", "split_info", "gain_ratio",
            "gini_gain", "misclassification_gain")
"""The keys of :func:`~dtlearn.grow.records.textbook_scores`, in its order."""


def textbook_scores_of_cuts(child: np.ndarray, base: float) -> np.ndarray:
    """:func:`~dtlearn.grow.records.textbook_scores` of every ``child[c]`` at once.

    ``child[c, b, k]``: class ``k``'s count in branch ``b`` of split ``c``. Returns one
    row per split, one column per :data:`TEXTBOOK` key: the same operations along a
    leading axis (each sum over the same numbers in the same order), so the same floats.

    Examples
    --------
    >>> from dtlearn.grow.records import textbook_scores
    >>> child = np.array([[[4.0, 0.0], [5.0, 5.0]], [[2.0, 3.0], [7.0, 2.0]]])
    >>> textbook_scores_of_cuts(child, 2.0)[1].tolist() == list(
    ...     textbook_scores(child[1], 2.0).values())
    True
    """
    child = np.asarray(child, dtype=float)
    sizes = child.sum(axis=-1)
    weights = sizes / sizes.sum(axis=-1, keepdims=True)
    stacked = np.concatenate([child.sum(axis=-2)[:, None, :], child], axis=1)
    entropies = criteria.entropy_of_counts(stacked, base)
    ginis = criteria.gini_of_counts(stacked)
    errors = criteria.misclassification_of_counts(stacked)
    mean_info = (weights * entropies[:, 1:]).sum(axis=-1)
    gain = entropies[:, 0] - mean_info
    split_info = criteria.entropy_of_counts(sizes, base)
    return np.stack([entropies[:, 0], mean_info, gain, split_info, _ratio(gain, split_info),
                     ginis[:, 0] - (weights * ginis[:, 1:]).sum(axis=-1),
                     errors[:, 0] - (weights * errors[:, 1:]).sum(axis=-1)], axis=1)


def _ratio(gain: np.ndarray, split_info: np.ndarray) -> np.ndarray:
    # gain / split info where split info is positive, else 0 (as the scalar forms have it)
    out = np.zeros_like(gain)
    np.divide(gain, split_info, out=out, where=split_info > 0)
    return out


def split_scores_of_cuts(rule: Any, child: np.ndarray, settings: Any) -> dict | None:
    """``rule.split_scores`` of every ``child[c]`` (branches x classes), as arrays.

    The same keys in the same order as :meth:`~dtlearn.criteria.Criterion.split_scores`,
    the same operations along a leading axis (each sum over the same numbers in the
    same order), so the same floats. ``None`` for a criterion whose impurity takes a cost
    matrix: its ``einsum`` may sum in another order for another shape.

    Examples
    --------
    >>> rule = criteria.get("gain_ratio")
    >>> child = np.array([[[4.0, 0.0], [5.0, 5.0]]])
    >>> got = split_scores_of_cuts(rule, child, GrowthConfig(criterion="gain_ratio"))
    >>> {k: float(v[0]) for k, v in got.items()} == rule.split_scores(child[0], GrowthConfig())
    True
    """
    if rule.needs_cost_matrix or rule.is_regression:
        return None
    child = np.asarray(child, dtype=float)
    sizes = child.sum(axis=-1)
    n = sizes.sum(axis=-1)
    stacked = np.concatenate([child.sum(axis=-2)[:, None, :], child], axis=1)
    imp = rule.node_impurity(stacked, settings)
    decrease = imp[:, 0] - (sizes / n[:, None] * imp[:, 1:]).sum(axis=-1)
    scores = {"impurity_decrease": decrease, "score": decrease}
    if rule.score == "ratio":
        split_info = criteria.entropy_of_counts(sizes, settings.base)
        scores.update(information_gain=decrease, split_info=split_info,
                      gain_ratio=_ratio(decrease, split_info))
        scores["score"] = scores["gain_ratio"]
    elif rule.score == "distance":
        scores["score"] = rule.distance(child)
    scores[rule.score_key] = scores["score"]
    return scores


class _Textbook:
    """A block candidate's lazy textbook scores: its row of the level's, saved as its own."""

    __slots__ = ("block", "column", "builder", "child")

    def __init__(self, block: ThresholdBlock, column: int, builder: CandidateBuilder,
                 child: np.ndarray | None = None):
        self.block, self.column, self.builder, self.child = block, column, builder, child

    def __call__(self) -> dict:
        scored = self.block.scan.scored(self.builder)
        return dict(zip(TEXTBOOK, scored.textbook()[
            scored.position[self.block.row, self.column]].tolist()))

    def __reduce__(self) -> tuple:
        # saved without the level: the candidate's own counts, worked out when read
        return (partial, (textbook_scores, self.child, self.builder.config.base))


class ScanScores:
    """The admissible cuts of a :class:`ThresholdScan`, scored together, as arrays.

    Cell ``(j, c)`` (node ``j``, column ``c``) is row ``position[j, c]`` of the arrays
    (-1: no admissible cut; :meth:`ThresholdBlock.build` says why). ``child`` holds each
    cut's branches as its Candidate does (class counts; regression ``[n, mean,
    impurity]``), ``eager`` the scores a Candidate has at once (``None``: the criterion is
    scored one candidate at a time); the textbook columns and the tests' text are worked
    out for the whole scan when first read. Every value is the one
    :meth:`ThresholdBlock.build` gives the cell alone (tests/test_tables_batched.py).
    """

    def __init__(self, scan: ThresholdScan, builder: CandidateBuilder):
        self.builder, self.scan = builder, scan
        config = builder.config
        rule = config.rule
        m, f = scan.index.shape
        index = scan.index.astype(np.int64)
        left_rows, right_rows = index + 1, scan.n.astype(np.int64)[:, None] - index - 1
        leaf = config.min_samples_leaf  # as CandidateBuilder._admissible refuses
        ok = (index >= 0) & (right_rows > 0) & ~(left_rows < leaf) & ~(right_rows < leaf)
        cells = np.flatnonzero(ok)
        position = np.full(m * f, -1, dtype=np.int64)
        position[cells] = np.arange(len(cells))
        self.position = position.reshape(m, f)
        self.cells = cells
        left = np.asarray(scan.left.reshape(m * f, -1)[cells], dtype=float)
        sides = np.stack([left, scan.total[cells // f] - left], axis=1)
        n_cuts = scan.n_cuts.reshape(-1)[cells]
        self._textbook = None
        self._tests = None
        self._columns = (cells % f).tolist()
        self._bounds = np.searchsorted(cells, np.arange(m + 1) * f).tolist()  # node j: a run
        self._tables: dict = {}
        self._eager_rows = None
        self.statistic = rule.leaf_statistic if config.is_regression else None
        if config.is_regression:
            self.child, self.eager = self._regression(sides, n_cuts)
            return
        self.child = sides
        eager = split_scores_of_cuts(rule, sides, config)
        if eager is not None:
            flat = sides.reshape(len(cells), 2 * sides.shape[-1])  # as child.sum() adds them
            eager["weighted_decrease"] = (flat.sum(axis=1)
                                          / builder.total_weight * eager["impurity_decrease"])
            eager["n_cuts"] = n_cuts
        self.eager = eager

    def _regression(self, sums: np.ndarray, n_cuts: np.ndarray) -> tuple:
        # CandidateBuilder.regression_of_sums along a leading axis
        rule = self.builder.config.rule
        w = sums[..., 0]
        child = np.stack([w, sums[..., 1] / np.where(w > 0, w, 1.0), rule.of_sums(sums)],
                         axis=-1)
        parent = rule.of_sums(sums.sum(axis=1))
        total = child[..., 0].sum(axis=1)
        child_impurity = (child[..., 0] * child[..., 2]).sum(axis=1) / total
        decrease = parent - child_impurity
        return child, {"impurity_decrease": decrease, "child_impurity": child_impurity,
                       "weighted_decrease": total / self.builder.total_weight * decrease,
                       "score": decrease, "n_cuts": n_cuts}

    def textbook(self) -> np.ndarray:
        """:func:`textbook_scores_of_cuts` of every cell (classification)."""
        if self._textbook is None:
            self._textbook = textbook_scores_of_cuts(self.child, self.builder.config.base)
        return self._textbook

    def thresholds(self) -> tuple[list[float], list[str]]:
        """Every cell's threshold, and its text as the split's conditions print it."""
        if self._tests is None:
            values = self.scan.threshold.reshape(-1)[self.cells].tolist()
            self._tests = (values, list(map(format_number, values)))
        return self._tests

    def column(self, key: str) -> np.ndarray | None:
        """The score ``key`` of every cell (``None`` when a Candidate would not have it)."""
        if key in self.eager:
            return self.eager[key]
        if self.builder.config.is_regression or key not in TEXTBOOK:
            return None
        return self.textbook()[:, TEXTBOOK.index(key)]

    def node_rows(self, j: int, keys: tuple) -> dict:
        """``{column: (attribute, test, *scores[keys])}`` of node ``j``'s admissible cells."""
        start, end = self._bounds[j], self._bounds[j + 1]
        if self.eager is None or start == end:
            return {}
        if keys not in self._tables:  # the level's values of these columns, once
            present = [self.column(key) for key in keys]
            found = [v for v in present if v is not None]
            names = [self.builder.feature_name(int(f)) for f in self.scan.features]
            matrix = np.stack(found, axis=1) if found else np.empty((len(self.cells), 0))
            self._tables[keys] = (names, matrix, [v is not None for v in present])
        names, matrix, present = self._tables[keys]
        values = matrix[start:end].tolist()
        if not all(present):  # "—" where a Candidate has no such score
            values = [[next(it) if there else "—" for there in present]
                      for it in map(iter, values)]
        return {c: (names[c], test, *v) for c, test, v
                in zip(self._columns[start:end],
                       ["<= " + t for t in self.thresholds()[1][start:end]], values)}

    def candidate(self, p: int, feature: int, textbook: Any) -> Candidate:
        """The Candidate of cell ``p`` (admissible), a cut of attribute ``feature``.

        ``textbook``: the :class:`_Textbook` of the cell, which reads this level's.
        """
        if self._eager_rows is None:
            keys = tuple(self.eager)
            self._eager_rows = (keys, np.stack([np.asarray(v, dtype=float) for v in
                                                self.eager.values()], axis=1),
                                self.eager["n_cuts"].tolist())
        keys, matrix, n_cuts = self._eager_rows
        scores = dict(zip(keys, matrix[p].tolist()))
        # each score with the type a Candidate built alone has: the weighted decrease a
        # numpy float (as child.sum() makes it), the number of cuts an int
        scores["weighted_decrease"] = self.eager["weighted_decrease"][p]
        scores["n_cuts"] = n_cuts[p]
        child = self.child[p].copy()
        builder, config = self.builder, self.builder.config
        name = builder.feature_name(feature)
        thresholds, texts = self.thresholds()
        split = ThresholdSplit(feature, thresholds[p])
        # ThresholdSplit.conditions of a numeric column, its threshold printed for the level
        conditions = (f"{name} <= {texts[p]}", f"{name} > {texts[p]}")
        if self.statistic is not None:  # regression
            return Candidate(feature, name, split, conditions, child, scores, scores["score"],
                             statistic=self.statistic, criterion=config.criterion,
                             context=builder.context)
        textbook.child = child
        return Candidate(feature, name, split, conditions, child, Scores(scores, textbook),
                         scores["score"], criterion=config.criterion, context=builder.context)


class CandidateList(Sequence):
    """The candidates of one node, in column order, each made when first read.

    Items are Candidates, ints (column ``i`` of the node's :class:`ThresholdBlock`, built
    with ``builder`` when read), or ``(score, make)`` pairs where ``make()`` returns the
    Candidate (learners with their own scanners, such as C4.5, use these). Only the winner
    needs building to grow.
    """

    __slots__ = ("_items", "_builder", "_block")  # one per scanned node, kept in its step

    def __init__(self, items: list, builder: CandidateBuilder | None = None,
                 block: ThresholdBlock | None = None):
        self._items = list(items)
        self._builder = builder
        self._block = block

    def score_of(self, i: int) -> float:
        """The ranking score of item ``i``, built or not."""
        item = self._items[i]
        if isinstance(item, int):
            return self._block.score_of(item)
        return item[0] if isinstance(item, tuple) else item.score

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        item = self._items[i]
        if isinstance(item, int):
            item = self._items[i] = self._block.candidate(item, self._builder)
        elif isinstance(item, tuple):
            item = self._items[i] = item[1]()
        return item

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Any:
        if any(type(item) is int for item in self._items):  # read all: score the level at once
            self._block.scan.scored(self._builder)
        return (self[i] for i in range(len(self)))

    def table_rows(self, keys: tuple) -> list[tuple]:
        """The candidates' rows of a table with score columns ``keys`` (:func:`candidate_row`).

        Unbuilt block columns take theirs from the level's arrays (the same values as
        their Candidates': tests/test_tables_batched.py), so a table is read without
        building its candidates.
        """
        items = self._items
        unbuilt = any(type(item) is int for item in items)
        arrays = self._block.rows(keys, self._builder) if unbuilt else {}
        return [arrays[item] if type(item) is int and item in arrays
                else candidate_row(self[k], keys) for k, item in enumerate(items)]

    def shown(self) -> tuple[bool, list[str]]:
        """What a table's columns depend on, as ``(textbook, criteria)``.

        Whether some candidate has the textbook scores (a classification table), and the
        criteria of the admissible ones, in order.
        """
        items = self._items
        if any(type(item) is int for item in items):
            scored = self._block.scan.scored(self._builder)
            config = self._builder.config
            admissible = scored.position[self._block.row] >= 0
        textbook, names, built = False, [], []
        for k, item in enumerate(items):
            if type(item) is int:
                if admissible[item]:
                    textbook = textbook or not config.is_regression
                    names.append(config.criterion)
                continue
            c = self[k]
            built.append(c)
            if c.admissible:
                names.append(c.criterion)
        # a built candidate's textbook scores are worked out only when no cell tells
        textbook = textbook or any("information_gain" in c.scores for c in built)
        return textbook, names

    def position_of(self, candidate: Any) -> int | None:
        """Where ``candidate`` (this very object) is in the list, or ``None``."""
        return next((k for k, item in enumerate(self._items) if item is candidate), None)

    def __reduce__(self) -> tuple:
        # saved without the grower (which holds the training data): block columns stay
        # columns, any other lazy item is built first
        items = [self[k] if isinstance(item, tuple) else item
                 for k, item in enumerate(self._items)]
        return (CandidateList, (items, self._builder, self._block))

    def best(self) -> Candidate | None:
        """The first candidate whose score ties with the best (:func:`first_best`)."""
        if not len(self):
            return None
        scores = [self.score_of(i) for i in range(len(self))]
        if self._block is not None and self._builder is not None:
            # the node's impurity as the level scan has it (its columns' summed total)
            scan, j = self._block.scan, self._block.row
            config = self._builder.config
            scale = float(config.rule.tie_scale(scan.total[j], config))
        else:
            config = None if self._builder is None else self._builder.config
            scale = node_scale((self[i] for i in range(len(self)) if np.isfinite(scores[i])),
                               config)
        index = first_best(scores, scale=scale)
        return None if index < 0 else self[index]

    def __add__(self, other: Any) -> "CandidateList":
        return CandidateList(self._items + list(other), self._builder, self._block)

    def __eq__(self, other: Any) -> bool:
        return tuple(self) == tuple(other)

    def __repr__(self) -> str:
        return repr(tuple(self))


def branch_test(c: Candidate) -> str:
    """The test column of a candidate table: "3-way", "<= 72.5", or why no split."""
    if c.split is None:
        return c.reason or "no split"
    if isinstance(c.split, MultiwaySplit):
        # "4-way" counts the branches that get rows; a value absent at the node says so
        n = c.split.n_branches
        counts = np.asarray(c.child_counts, dtype=float)
        if counts.ndim == 2 and len(counts) == n:
            regression = criteria.get(c.criterion).task == "regression"
            rows = counts[:, 0] if regression else counts.sum(1)
            present = int(np.count_nonzero(rows > 0))
            if present < n:
                return f"{present}-way ({present} of {n} values present)"
        return f"{n}-way"
    text = c.conditions[0]  # drop the attribute's name (which may hold spaces)
    return text[len(c.feature_name):].strip() if text.startswith(c.feature_name + " ") else text


def candidate_row(c: Candidate, keys: tuple) -> tuple:
    """A candidate's row of a table: attribute, test, then each score of ``keys`` ("—": none).

    Examples
    --------
    >>> from dtlearn import load_play_tennis, split_table
    >>> c = split_table(*load_play_tennis()).row("windy")
    >>> candidate_row(c, ("split_info", "hellinger_distance"))[:2]
    ('windy', '2-way')
    """
    scores = c.scores
    return (c.feature_name, branch_test(c), *[scores[s] if s in scores else "—" for s in keys])


def node_scale(candidates: Any, config: GrowthConfig | None = None) -> float:
    """The tie scale of the node that ``candidates`` split (0 without an admissible one).

    Its :meth:`~dtlearn.criteria.Criterion.tie_scale`, the scale of the tie rule
    (:data:`~dtlearn.grow.scanners.TIE_TOLERANCE`), worked out from the first admissible
    candidate, so the same candidates always give the same scale.
    ``config`` gives the criterion's settings (base, cost matrix); without it the default
    settings of the candidate's criterion are used.

    Examples
    --------
    >>> from dtlearn import load_play_tennis, split_table
    >>> round(node_scale(split_table(*load_play_tennis()).candidates), 3)
    0.94
    """
    for c in candidates:
        if not c.admissible:
            continue
        rule = criteria.get(c.criterion)
        if rule.is_regression:  # [n, centre, impurity] per branch: Σw|y| or Σwy² per Σw
            n, centre, impurity = np.asarray(c.child_counts, dtype=float).T
            size = np.abs(centre) if rule.leaf_statistic == "median" else centre * centre
            return float((n * (impurity + size)).sum() / n.sum())
        if config is None:
            if rule.needs_cost_matrix:
                return 0.0
            config = GrowthConfig(criterion=rule.name)
        counts = np.asarray(c.child_counts, dtype=float).sum(axis=0)
        return float(config.rule.node_impurity(counts, config))
    return 0.0


def best_candidate(candidates: Sequence) -> Candidate | None:
    """The engine's choice among ``candidates`` (the one tie rule, applied to candidates).

    The first admissible candidate that ties with the best score (column order breaks
    ties), or ``None`` when none can split.

    Examples
    --------
    >>> from dtlearn import load_play_tennis, split_table
    >>> best_candidate(split_table(*load_play_tennis()).candidates).feature_name
    'outlook'
    """
    if isinstance(candidates, CandidateList):
        return candidates.best()
    scores = [c.score if c.admissible else -np.inf for c in candidates]
    index = first_best(scores, scale=node_scale(candidates)) if scores else -1
    return None if index < 0 else candidates[index]


__all__ = ["CandidateBuilder", "CandidateList", "ScanScores", "TEXTBOOK", "ThresholdBlock",
           "ThresholdScan", "best_candidate", "branch_test", "candidate_row",
           "split_scores_of_cuts", "textbook_scores_of_cuts"]
