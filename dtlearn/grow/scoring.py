"""From a scanner's cut to a Candidate: scores per the criterion, built only when read.

A :class:`CandidateBuilder` knows what scoring needs of a grower (schema, settings, the
total weight) and nothing of its training data. A :class:`CandidateList` holds the
candidates of one node in column order; an item may still be a column of the node's
:class:`ThresholdBlock` (its row of the fast scan's arrays), built into a Candidate when
something reads it. Saving a list saves the scan's arrays, not the grower.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from ..data import Schema
from ..splits import Split, ThresholdSplit
from .average_gain import at_least_average_gain, ranks_by_gain
from .fast.level_scores import TEXTBOOK, ScanScores, branch_means
from .records import (
    Candidate,
    ExplainContext,
    GrowthConfig,
    Scores,
    inadmissible,
    textbook_scores,
)
from .scanners import first_best
from .table import best_candidate, candidate_row, node_scale


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
        return (
            self.schema.names[feature] if feature < self.schema.n_features else "linear combination"
        )

    def _admissible(
        self, feature: int, conditions: tuple, child: np.ndarray, rows_per_branch: np.ndarray
    ) -> Candidate | None:
        """An inadmissible candidate saying why, or None when the split may be made."""
        nonempty = rows_per_branch[rows_per_branch > 0]
        name = self.feature_name(feature)
        if len(nonempty) < 2:
            return inadmissible(
                feature,
                name,
                "all rows take the same branch",
                conditions,
                child,
                self.config.criterion,
            )
        leaf = self.config.min_samples_leaf
        if nonempty.min() < leaf:
            return inadmissible(
                feature,
                name,
                f"a branch would hold fewer than min_samples_leaf={leaf} rows",
                conditions,
                child,
                self.config.criterion,
            )
        return None

    def classification(
        self,
        feature: int,
        split: Split,
        child: np.ndarray,
        rows_per_branch: np.ndarray,
        n_cuts: int | None = None,
        textbook: Any = None,
    ) -> Candidate:
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
        return Candidate(
            feature,
            self.feature_name(feature),
            split,
            conditions,
            child,
            Scores(eager, lazy),
            eager["score"],
            criterion=config.criterion,
            context=self.context,
        )

    def regression(
        self,
        feature: int,
        split: Split,
        ys: np.ndarray,
        w: np.ndarray,
        branch: np.ndarray,
        parent_impurity: float,
        n_cuts: int | None = None,
    ) -> Candidate:
        """The candidate of a regression split: each branch's size, centre and impurity."""
        rule = self.config.rule
        conditions = tuple(split.conditions(self.schema))
        k = split.n_branches
        child = np.zeros((k, 3))
        for b in range(k):
            mask = branch == b
            if mask.any():
                ys_b, w_b = ys[mask], w[mask]
                child[b] = [w_b.sum(), *rule.centre_and_impurity(ys_b, w_b)]
        return self._regression_of_branches(
            feature,
            split,
            conditions,
            child,
            np.bincount(branch, minlength=k),
            parent_impurity,
            n_cuts,
        )

    def regression_of_sums(
        self,
        feature: int,
        split: Split,
        sums: np.ndarray,
        rows_per_branch: np.ndarray,
        n_cuts: int | None = None,
        centre: float = 0.0,
    ) -> Candidate:
        """The candidate of a regression split given each branch's ``[Σw, Σwd, Σwd²]``.

        What the fast scans keep, ``d = y - centre`` (the node's mean:
        :func:`~dtlearn.grow.fast.sums.centred_terms`): branch means (``centre`` added back)
        and impurities come from the sums, the node's impurity from their total
        (:attr:`~dtlearn.criteria.Criterion.of_sums`).
        """
        rule = self.config.rule
        sums = np.asarray(sums, dtype=float)
        w = sums[:, 0]
        child = np.column_stack([w, branch_means(sums, centre), rule.of_sums(sums)])
        parent = float(rule.of_sums(sums.sum(axis=0)))
        return self._regression_of_branches(
            feature,
            split,
            tuple(split.conditions(self.schema)),
            child,
            rows_per_branch,
            parent,
            n_cuts,
        )

    def _regression_of_branches(
        self,
        feature: int,
        split: Split,
        conditions: tuple,
        child: np.ndarray,
        rows_per_branch: np.ndarray,
        parent_impurity: float,
        n_cuts: int | None,
    ) -> Candidate:
        rule = self.config.rule
        refused = self._admissible(feature, conditions, child, rows_per_branch)
        if refused is not None:
            return refused
        total = child[:, 0].sum()
        child_impurity = float((child[:, 0] * child[:, 2]).sum() / total)
        decrease = parent_impurity - child_impurity
        scores = {
            "impurity_decrease": decrease,
            "child_impurity": child_impurity,
            "weighted_decrease": total / self.total_weight * decrease,
            "score": decrease,
        }
        if n_cuts is not None:
            scores["n_cuts"] = int(n_cuts)
        return Candidate(
            feature,
            self.feature_name(feature),
            split,
            conditions,
            child,
            scores,
            decrease,
            statistic=rule.leaf_statistic,
            criterion=self.config.criterion,
            context=self.context,
        )


@dataclass(frozen=True)
class ThresholdScan:
    """What the fast scan found for the numeric columns of one or more nodes, as arrays.

    Row ``j``, column ``c``: attribute ``features[c]`` at node ``j`` is best cut after
    sorted position ``index[j, c]`` (-1: none), at ``threshold[j, c]`` (a midpoint: no
    training value is kept), with ranking ``score[j, c]``, ``left[j, c]`` class counts
    (regression: sums ``[Σw, Σwd, Σwd²]`` of ``d = y - centre[j]``, the node's mean) on the
    left (``total[j] - left[j, c]`` on the right) and ``n_cuts[j, c]`` admissible
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
    centre: Any = None  # regression: each node's mean, which the sums are taken about

    def scored(self, builder: CandidateBuilder) -> ScanScores:
        """Every admissible cut of the scan scored at once (kept; not saved with the scan)."""
        cached = self.__dict__.get("_scored")
        if cached is None or cached.builder is not builder:
            cached = ScanScores(self, builder)
            object.__setattr__(self, "_scored", cached)
        return cached

    def candidate_list(self, row: int, builder: CandidateBuilder) -> CandidateList:
        """Node ``row``'s numeric candidates, in column order, each built when first read."""
        return CandidateList(range(len(self.features)), builder, ThresholdBlock(self, row))

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
        return ThresholdSplit(
            int(self.scan.features[column]), float(self.scan.threshold[self.row, column])
        )

    def candidate(self, column: int, builder: CandidateBuilder) -> Candidate:
        """The Candidate of column ``column``, from the level's scores when worked out.

        The same Candidate as :meth:`build`, which makes it alone (and says why a column
        cannot split); growth reads one candidate here and there, a table all of them.
        """
        scored = self.scan.__dict__.get("_scored")
        if scored is None or scored.builder is not builder:
            return self.build(column, builder, from_level=True)
        p = int(scored.position[self.row, column])
        if p < 0:
            return self.build(column, builder, from_level=True)
        return scored.candidate(p, int(self.scan.features[column]))

    def rows(self, keys: tuple, builder: CandidateBuilder) -> dict:
        """Table rows of the block's columns, from the level's arrays: ``{column: row}``.

        A row is ``(attribute, test, *scores[keys])`` as :func:`candidate_row` makes it
        of the built Candidate; a column without an admissible cut (its Candidate says
        why) is left out.
        """
        return self.scan.scored(builder).node_rows(self.row, keys)

    def build(self, column: int, builder: CandidateBuilder, from_level: bool = False) -> Candidate:
        """The Candidate of column ``column`` (inadmissible, saying why, when it has no cut).

        Made alone; with ``from_level`` its textbook scores, when read, are the level's
        (:meth:`ScanScores.textbook`: the whole scan's at once, the same floats).
        """
        scan, j = self.scan, self.row
        feature = int(scan.features[column])
        i = int(scan.index[j, column])
        if i < 0:
            reason = (
                "the attribute is constant here"
                if scan.constant[j, column]
                else f"no threshold leaves min_samples_leaf={builder.config.min_samples_leaf} "
                "rows a side"
            )
            return inadmissible(
                feature, builder.feature_name(feature), reason, criterion=builder.config.criterion
            )
        left = scan.left[j, column]
        n = int(scan.n[j])
        sides = np.array([left.tolist(), (scan.total[j] - left).tolist()], dtype=float)
        if builder.config.is_regression:
            return builder.regression_of_sums(
                feature,
                self.split(column),
                sides,
                np.array([i + 1, n - i - 1]),
                int(scan.n_cuts[j, column]),
                0.0 if scan.centre is None else scan.centre[j],
            )
        return builder.classification(
            feature,
            self.split(column),
            sides,
            np.array([i + 1, n - i - 1]),
            int(scan.n_cuts[j, column]),
            _Textbook(self, column, builder, sides) if from_level else None,
        )


class _Textbook:
    """A block candidate's lazy textbook scores: its row of the level's, saved as its own."""

    __slots__ = ("block", "column", "builder", "child")

    def __init__(
        self, block: ThresholdBlock, column: int, builder: CandidateBuilder, child: np.ndarray
    ):
        self.block, self.column, self.builder, self.child = block, column, builder, child

    def __call__(self) -> dict:
        scored = self.block.scan.scored(self.builder)
        return dict(
            zip(TEXTBOOK, scored.textbook()[scored.position[self.block.row, self.column]].tolist())
        )

    def __reduce__(self) -> tuple:
        # saved without the level: the candidate's own counts, worked out when read
        return (partial, (textbook_scores, self.child, self.builder.config.base))


class CandidateList(Sequence):
    """The candidates of one node, in column order, each made when first read.

    Items are Candidates, ints (column ``i`` of the node's :class:`ThresholdBlock`, built
    with ``builder`` when read), or ``(score, make)`` pairs where ``make()`` returns the
    Candidate (learners with their own scanners, such as C4.5, use these). Only the winner
    needs building to grow.
    """

    __slots__ = ("_items", "_builder", "_block")  # one per scanned node, kept in its step

    def __init__(
        self,
        items: Iterable,
        builder: CandidateBuilder | None = None,
        block: ThresholdBlock | None = None,
    ):
        self._items = list(items)
        self._builder = builder
        self._block = block

    def plain_block(self, builder: CandidateBuilder) -> ThresholdBlock | None:
        """The block this list is a plain, unbuilt view of, or ``None``.

        Plain: every item is still column ``i`` of the block, in order (nothing built,
        nothing added) and the builder is ``builder``; then the block's scan row alone
        stands for the list (the growth record keeps only that).

        Examples
        --------
        >>> CandidateList([]).plain_block(None) is None
        True
        """
        block, items = self._block, self._items
        if block is None or self._builder is not builder or len(items) != len(block.features):
            return None
        if any(type(item) is not int or item != c for c, item in enumerate(items)):
            return None
        return block

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
        if int in map(type, self._items):  # reading all: score the level at once
            self._block.scan.scored(self._builder)
        return (self[i] for i in range(len(self)))

    def table_rows(self, keys: tuple) -> list[tuple]:
        """The candidates' rows of a table with score columns ``keys`` (:func:`candidate_row`).

        Unbuilt block columns take theirs from the level's arrays (the same values as
        their Candidates': tests/test_tables_batched.py), so a table is read without
        building its candidates.
        """
        items = self._items
        arrays = self._block.rows(keys, self._builder) if int in map(type, items) else {}
        return [
            arrays[item] if type(item) is int and item in arrays else candidate_row(self[k], keys)
            for k, item in enumerate(items)
        ]

    def shown(self) -> tuple[bool, list[str]]:
        """What a table's columns depend on, as ``(textbook, criteria)``.

        Whether some candidate has the textbook scores (a classification table), and the
        criteria of the admissible ones, in order.
        """
        items = self._items
        if int in map(type, items):
            scored = self._block.scan.scored(self._builder)
            config = self._builder.config
            admissible = (scored.position[self._block.row] >= 0).tolist()
            textbook_cells = not config.is_regression
        textbook, names, built = False, [], []
        for k, item in enumerate(items):
            if type(item) is int:
                if admissible[item]:
                    textbook = textbook or textbook_cells
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
        items = [self[k] if isinstance(item, tuple) else item for k, item in enumerate(self._items)]
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
            scale = node_scale(
                (self[i] for i in range(len(self)) if np.isfinite(scores[i])), config
            )
        if config is not None and ranks_by_gain(config.rule, config):
            scores = at_least_average_gain(scores, [self.gain_of(i) for i in range(len(self))])
        index = first_best(scores, scale=scale)
        return None if index < 0 else self[index]

    def gain_of(self, i: int) -> float:
        """The impurity decrease (information gain) of item ``i``, built or not."""
        item = self._items[i]
        if isinstance(item, int):  # as the scan works it out (segment_cuts' decrease)
            scan, j, config = self._block.scan, self._block.row, self._builder.config
            left, total = scan.left[j, item], scan.total[j]
            return float(
                config.rule.node_impurity(total, config)
                - config.rule.children_impurity(left, total - left, config)
            )
        c = self[i]
        return float(c.scores["impurity_decrease"]) if c.admissible else 0.0

    def __add__(self, other: Any) -> CandidateList:
        return CandidateList(self._items + list(other), self._builder, self._block)

    def __eq__(self, other: Any) -> bool:
        return tuple(self) == tuple(other)

    def __repr__(self) -> str:
        return repr(tuple(self))


__all__ = ["CandidateBuilder", "CandidateList", "ThresholdBlock", "ThresholdScan", "best_candidate"]
