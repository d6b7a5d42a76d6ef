# About 630 logical lines: one idea, the Grower class, whose per-attribute scoring hooks C4.5 overrides one by one.
"""The growth loop: a frontier of open leaves, expanded one decision at a time.

A :class:`Grower` holds a partly grown tree and its *frontier* (leaves still open). At an
open leaf it scores every attribute (:meth:`Grower.candidates`, through the scanners),
then splits on the best one, on one a person picked, or closes the leaf with the reason
growth stopped there. Each decision is recorded as a
:class:`~dtlearn.grow.growth_step.GrowthStep`, which views replay. Growth is iterative: no
recursion, whatever the depth.

Subclasses (C4.5) change how a node is scored or partitioned by overriding the hooks
``_score_feature(state, feature)``, ``candidates(node_id)``, ``_partition(state, split)``,
``_partition_sorted(state, parts)``, ``_stats(rows, weights)`` and ``stop_reason``.
"""

from __future__ import annotations

import copy
import heapq
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any

import numpy as np

from ..data import Schema
from ..formatting import fmt_g
from ..splits import (
    MultiwaySplit,
    ObliqueSplit,
    Split,
    SubsetSplit,
    ThresholdSplit,
    linear_sum,
    midpoint,
)
from ..tree import Node, Tree
from . import scanners
from .fast.sums import centred_terms
from .growth_step import GrowthStep
from .packing import small_ints
from .records import (
    ZERO_GAIN,
    Candidate,
    ExplainContext,
    GrowthConfig,
    inadmissible,
)
from .scoring import (
    CandidateBuilder,
    CandidateList,
    ThresholdBlock,
    ThresholdScan,
    best_candidate,
)


@dataclass
class OpenLeaf:
    """An open leaf: its node, the rows (and weights) that reached it, what may split it."""

    node: Node
    rows: np.ndarray
    weights: np.ndarray
    available: frozenset
    parent_id: int | None
    condition: str | None
    sorted_rows: np.ndarray | None = None  # rows sorted by each numeric feature (fast scan)
    sorted_features: tuple = ()
    candidates: Any = None  # scored once, on first request


MEAN_ULPS = 64
"""How many units in the last place a node's computed mean may lie from targets that are all
equal (a rounded sum over its rows, over their weight)."""

MEAN_ROUNDING = MEAN_ULPS**2 * np.finfo(float).eps
"""A squared-error node is pure when its squared error is at most
``ε · (impurity + MEAN_ROUNDING · mean²)``: the ``(MEAN_ULPS · ε · mean)²`` a node of equal
targets computes. The squared error is taken about the mean (two passes), so it carries no
error of the size ``ε · mean²``, and an offset added to the targets leaves any spread above
this alone: ``y + c`` is pure where ``y`` is (docs/ALGORITHMS.md)."""

WHOLE_COUNTS_MAX = 2**15
"""Most scan weights (classes x rows) :attr:`Grower.whole_scan_counts` copies as integers:
16k rows of two classes, 256 KiB (a fit of that size is bound by its passes, not its memory)."""


STRATEGIES: list[tuple[Callable[[Any], bool], Callable[[Any], Tree]]] = []
"""``(applies, grow)`` pairs :meth:`Grower.run` tries first, in order of registration."""


def register_strategy(
    applies: Callable[[Any], bool], grow: Callable[[Any], Tree], first: bool = False
) -> None:
    """Let :meth:`Grower.run` grow a whole tree with ``grow(grower)`` where ``applies(grower)``.

    A strategy must grow exactly the tree and steps node-by-node growth would. Modules
    built on this one (level-wise growth) register here, so this module imports none of
    them. ``first``: tried before those registered so far (a narrower, faster strategy).

    Examples
    --------
    >>> from dtlearn.grow.fast import levels
    >>> (levels.applies, levels.grow) in STRATEGIES
    True
    """
    if (applies, grow) not in STRATEGIES:
        STRATEGIES.insert(0 if first else len(STRATEGIES), (applies, grow))


def ordinal_split(feature: int, column: np.ndarray, t: float) -> ThresholdSplit:
    """Threshold over category codes: the last code present at the node that goes left.

    Examples
    --------
    >>> ordinal_split(1, np.array([0.0, 2.0, np.nan]), 1.0).threshold
    0.0
    """
    present = column[~np.isnan(column)]
    return ThresholdSplit(feature, float(present[present <= t].max()))


class Grower:
    """A tree being grown, one node at a time.

    Parameters
    ----------
    X : numpy.ndarray
        Encoded feature matrix (:func:`dtlearn.data.encode`).
    y : numpy.ndarray
        Class codes ``0..k-1`` (classification) or float targets (regression).
    schema : Schema
        Feature names, kinds and categories.
    config : GrowthConfig
        The learner's choices.
    classes : tuple or None
        Class labels (classification) or ``None`` (regression).
    sample_weight : numpy.ndarray or None
        Instance weights (default 1).
    target_name : str
        Name of the predicted attribute.
    missing : {"majority", "distribute"}
        How the grown tree routes a missing value (recorded in the Tree).

    Examples
    --------
    >>> from dtlearn import load_play_tennis
    >>> from dtlearn.data import encode, encode_target, infer_schema
    >>> X, y = load_play_tennis()
    >>> schema = infer_schema(X)
    >>> codes, classes = encode_target(y)
    >>> grower = Grower(encode(X, schema), codes, schema, GrowthConfig(), classes)
    >>> step = grower.expand(grower.frontier()[0])
    >>> step.chosen.feature_name, round(step.chosen.scores["information_gain"], 3)
    ('outlook', 0.247)
    """

    def __init__(
        self,
        X: np.ndarray,
        y: np.ndarray,
        schema: Schema,
        config: GrowthConfig,
        classes: tuple | None = None,
        sample_weight: np.ndarray | None = None,
        target_name: str = "class",
        missing: str = "majority",
    ):
        self.X = X
        self.y = y
        self.schema = schema
        self.config = config
        self.rule = config.rule
        self.classes = classes
        self.target_name = target_name
        self.missing = missing
        self.steps: list[GrowthStep] = []
        n = X.shape[0]
        weights = np.ones(n) if sample_weight is None else np.asarray(sample_weight, float)
        self.total_weight = float(weights.sum())
        self.builder = CandidateBuilder(
            schema,
            config,
            self.total_weight,
            ExplainContext(
                None if classes is None else tuple(classes),
                target_name,
                config.base,
                config.cost_matrix,
            ),
        )
        if classes is not None:
            # class-major (k, n): the scans sum over classes along the outer axis, which
            # numpy does ten times faster than over a short inner axis
            # (one-hot times weight, transposed: the same floats, without an n x k temporary)
            self.scan_weights = np.zeros((len(classes), n))
            self.scan_weights[self.y, np.arange(n)] = weights
        elif self.rule.scans_sums:  # squared error: each row's [w, y], centred when scanned
            self.scan_weights = np.stack([weights, np.asarray(y, dtype=float)])
            self.unit_weights = bool((weights == 1.0).all())
        self._next_id = 0
        # rows of weight 0 take no part (as in scikit-learn): they place no threshold and
        # do not count toward min_samples_leaf / min_samples_split
        root_rows = np.arange(n) if (weights > 0).all() else np.flatnonzero(weights > 0)
        root_rows = small_ints(root_rows)  # every step keeps its rows: half the record
        root = self._make_node(root_rows, weights[root_rows], 0, None)
        self.__dict__.pop("_onehot", None)  # made again when needed (see _onehot)
        self.root = root
        self._open: dict[int, OpenLeaf] = {
            root.node_id: OpenLeaf(
                root, root_rows, weights[root_rows], frozenset(range(schema.n_features)), None, None
            )
        }
        self._order: list = []  # stack (depth first) or heap (best first)
        self._push(root.node_id)

    @property
    def root(self) -> Node:
        """The root node (a level-wise fit keeps the nodes as arrays until it is read)."""
        root = self._root
        if not isinstance(root, Node):
            root = self._root = root.root()
        return root

    @root.setter
    def root(self, root: Any) -> None:
        self._root = root  # a Node, or a source of nodes (dtlearn.grow.fast.node_arrays)

    @cached_property
    def whole_scan_weights(self) -> bool:
        """Whether every scan weight is a whole number with an exact sum (exact running sums).

        Examples
        --------
        >>> from dtlearn import CARTClassifier, load_play_tennis
        >>> X, y = load_play_tennis(numeric=True)
        >>> CARTClassifier().make_grower(X, y).whole_scan_weights
        True
        >>> CARTClassifier().make_grower(X, y, [0.5] * len(y)).whole_scan_weights
        False
        """
        return scanners.whole_weights(self.scan_weights)

    @cached_property
    def whole_scan_counts(self) -> np.ndarray | None:
        """:attr:`scan_weights` as 64-bit integers when they are whole and few, else ``None``.

        The flat level scan (:func:`~dtlearn.grow.fast.levels.flat_scan_arrays`) sums the
        weights as integers: gathering them from integers, not casting floats as they are
        gathered, halves that pass at each level. Up to :data:`WHOLE_COUNTS_MAX` entries
        only: a large fit keeps no second copy of its weights (its peak memory).

        Examples
        --------
        >>> from dtlearn import CARTClassifier, load_play_tennis
        >>> X, y = load_play_tennis(numeric=True)
        >>> CARTClassifier().make_grower(X, y).whole_scan_counts.dtype
        dtype('int64')
        >>> print(CARTClassifier().make_grower(X, y, [0.5] * len(y)).whole_scan_counts)
        None
        """
        weights = self.scan_weights
        if weights.size > WHOLE_COUNTS_MAX or not self.whole_scan_weights:
            return None
        return weights.astype(np.int64)

    @cached_property
    def _onehot(self) -> np.ndarray:
        # made when needed (node-by-node statistics, categorical columns): level-wise
        # growth of numeric columns needs it only for the root, so the fit's peak is
        # without it
        onehot = np.zeros((len(self.y), len(self.classes)))
        onehot[np.arange(len(self.y)), self.y] = 1.0
        return onehot

    # ------------------------------------------------------------------ node statistics
    def _stats(self, rows: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, float]:
        if self.classes is not None:
            if (weights == 1.0).all():  # sums of ones are counts: no rows x classes temporary
                counts = np.bincount(self.y[rows], minlength=len(self.classes)).astype(float)
            else:
                counts = (self._onehot[rows] * weights[:, None]).sum(axis=0)
            return counts, float(self.rule.node_impurity(counts, self.config))
        values = self.y[rows]
        total = weights.sum()
        prediction = self.rule.centre(values, weights) if total > 0 else 0.0
        return np.array([total, prediction]), float(self.rule.impurity(values, weights))

    def _make_node(
        self,
        rows: np.ndarray,
        weights: np.ndarray,
        depth: int,
        parent: Node | None,
        stats: tuple | None = None,
    ) -> Node:
        # stats: (counts, impurity) when the caller summed a level's nodes at once
        stats, impurity = self._stats(rows, weights) if stats is None else stats
        if self.classes is not None:
            total = stats.sum()
            value = stats / total if total > 0 else parent.value.copy()
            node = Node(self._next_id, depth, float(total), impurity, value, stats)
            if self.config.cost_matrix is not None:  # the class of least expected cost
                node.label = int((value @ np.asarray(self.config.cost_matrix)).argmin())
        else:
            value = np.array([stats[1]]) if stats[0] > 0 else parent.value.copy()
            node = Node(self._next_id, depth, float(stats[0]), impurity, value, None)
        self._next_id += 1
        return node

    # ------------------------------------------------------------------ frontier
    def frontier(self) -> list[int]:
        """Ids of the leaves still open for growth, in the order greedy growth takes them."""
        if self.config.max_leaf_nodes is not None:
            return [item[2] for item in sorted(self._order)]
        return list(reversed(self._order))

    def _push(self, node_id: int) -> None:
        if self.config.max_leaf_nodes is None:
            self._order.append(node_id)
            return
        best = self._best(self.candidates(node_id), node_id)
        gain = -np.inf if best is None else best.scores["weighted_decrease"]
        heapq.heappush(self._order, (-gain, node_id, node_id))

    def _remove(self, node_id: int) -> None:
        if self.config.max_leaf_nodes is None:
            self._order.remove(node_id)
        else:
            self._order = [item for item in self._order if item[2] != node_id]
            heapq.heapify(self._order)

    @property
    def done(self) -> bool:
        """Whether no leaf is open."""
        return not self._open

    def n_leaves(self) -> int:
        """Current number of leaves (open or closed)."""
        return sum(1 for n in self.tree().nodes() if n.is_leaf)

    def open_leaf(self, node_id: int) -> OpenLeaf:
        """The open leaf ``node_id``: its node, rows, weights and the attributes left to it.

        The public read of a leaf's state for whole-tree strategies
        (:func:`register_strategy`; the level-wise engine reads the root's rows here).

        Examples
        --------
        >>> from dtlearn import CARTClassifier, load_play_tennis
        >>> grower = CARTClassifier().make_grower(*load_play_tennis(numeric=True))
        >>> len(grower.open_leaf(grower.root.node_id).rows)
        14
        """
        return self._state(node_id)

    def _state(self, node_id: int) -> OpenLeaf:
        if node_id not in self._open:
            raise ValueError(f"node {node_id} is not an open leaf; open leaves: {self.frontier()}")
        return self._open[node_id]

    # ------------------------------------------------------------------ scoring
    def candidates(self, node_id: int) -> tuple[Candidate, ...]:
        """Score every attribute still available at the open leaf ``node_id``."""
        state = self._state(node_id)
        if state.candidates is not None:
            return state.candidates
        features = sorted(state.available)
        fast = (
            self.rule.scans_sums
            and self.config.scanner == "fast"
            and type(self)._score_feature is Grower._score_feature
        )
        block = self._scan_numeric_block(state, features) if fast else None
        state.candidates = self.score_candidates(state, features, block)
        return state.candidates

    def score_candidates(
        self, state: OpenLeaf, features: list[int], block: ThresholdBlock | None
    ) -> CandidateList:
        """The candidates of ``features`` at ``state``, in column order.

        Numeric columns are those of ``block`` (the fast scan, left lazy); every other
        attribute is scored here.
        """
        if block is not None and len(block.features) == len(features):  # all numeric
            items = list(range(len(features)))
        else:
            column = {} if block is None else {int(f): c for c, f in enumerate(block.features)}
            items = [column[j] if j in column else self._score_feature(state, j) for j in features]
        if self.config.oblique:
            items.append(self._score_oblique(state))
        return CandidateList(items, self.builder, block)

    def _scan_numeric_block(self, state: OpenLeaf, features: list[int]) -> ThresholdBlock | None:
        """Best threshold of every numeric feature, in one pass.

        ``None`` when a numeric value is missing at the node: each column then scans its
        known rows.
        """
        numeric = [j for j in features if not self.schema.is_categorical(j)]
        rows = state.rows
        if not numeric or len(rows) < 2:
            return None
        if state.sorted_rows is None or state.sorted_features != tuple(numeric):
            Xn = self.X[np.ix_(rows, numeric)]
            state.sorted_rows = rows[np.argsort(Xn, axis=0, kind="stable")]
            state.sorted_features = tuple(numeric)
        sorted_rows = state.sorted_rows
        xs = self.X[sorted_rows, np.array(numeric)[None, :]]
        if np.isnan(xs).any():
            return None
        centre = None
        if self.classes is None:  # squared error: the sums of the targets less the node's mean
            centre = np.array([state.node.value[0]])
            weighted = self.centred_terms(sorted_rows, centre[0])
        else:
            weighted = np.moveaxis(np.take(self.scan_weights, sorted_rows, axis=1), 0, -1)
        cuts = scanners.threshold_cuts(xs, weighted, self.rule, self.config)
        scan = ThresholdScan(
            np.array(numeric),
            cuts.index[None],
            cuts.score[None],
            midpoint(cuts.low, cuts.high)[None],
            cuts.n_cuts[None],
            cuts.left[None],
            cuts.first[0][None],
            (xs[0] == xs[-1])[None],
            np.array([len(rows)]),
            centre,
        )
        return ThresholdBlock(scan, 0)

    def centred_terms(self, rows: np.ndarray, centre: Any) -> np.ndarray:
        """Squared error: what the fast scan sums for ``rows`` (any shape), centred on ``centre``.

        Each row's ``[w, w d, w d²]`` (last axis) with ``d = y - centre``
        (:func:`~dtlearn.grow.fast.sums.centred_terms`); ``centre`` broadcasts against
        ``rows`` (a node's mean, or one per node of a level).
        """
        w = 1.0 if self.unit_weights else np.take(self.scan_weights[0], rows)
        return centred_terms(w, np.take(self.scan_weights[1], rows), centre)

    def _score_feature(self, state: OpenLeaf, feature: int) -> Candidate:
        column = self.X[state.rows, feature]
        if self.schema.is_categorical(feature):
            if self.config.categorical_split == "multiway":
                return self._score_multiway(state, feature, column)
            if self.schema.is_ordinal(feature):  # k - 1 cuts over the declared order
                return self._score_threshold(
                    state, feature, column, partial(ordinal_split, feature, column)
                )
            return self._score_subset(state, feature, column)
        return self._score_threshold(state, feature, column, partial(ThresholdSplit, feature))

    def _score_multiway(self, state: OpenLeaf, feature: int, column: np.ndarray) -> Candidate:
        v = len(self.schema.categories[feature])
        known = ~np.isnan(column)
        codes = column[known].astype(np.int64)
        split = MultiwaySplit(feature, v)
        if self.classes is None:
            return self._regression_candidate(state, feature, split, known, codes)
        child = np.zeros((v, len(self.classes)))
        np.add.at(child, codes, self._onehot[state.rows[known]] * state.weights[known, None])
        return self.builder.classification(feature, split, child, np.bincount(codes, minlength=v))

    def _score_subset(self, state: OpenLeaf, feature: int, column: np.ndarray) -> Candidate:
        name = self.schema.names[feature]
        known = ~np.isnan(column)
        codes = column[known].astype(np.int64)
        present = np.unique(codes)
        if len(present) < 2:
            return inadmissible(
                feature,
                name,
                "only one category occurs at this node",
                criterion=self.config.criterion,
            )
        v = len(self.schema.categories[feature])
        rows_n = np.bincount(codes, minlength=v)
        no_partition = inadmissible(
            feature,
            name,
            f"no partition leaves min_samples_leaf={self.config.min_samples_leaf} rows a side",
            criterion=self.config.criterion,
        )

        def subset(left: np.ndarray) -> SubsetSplit:
            left_set = tuple(sorted(int(c) for c in left))
            return SubsetSplit(
                feature, left_set, tuple(int(c) for c in present if c not in frozenset(left_set))
            )

        if self.classes is None:
            # Breiman: the best subset cuts the categories ordered by mean target, so each
            # cut is a threshold on a category's rank: one regression scan scores all v - 1
            sums = np.bincount(codes, weights=self.y[state.rows[known]], minlength=v)
            partitions = scanners.subset_partitions(None, present, sums[present] / rows_n[present])
            ordered = np.concatenate([partitions[-1], np.setdiff1d(present, partitions[-1])])
            rank = np.zeros(v, dtype=np.int64)
            rank[ordered] = np.arange(len(ordered))
            by_rank = np.argsort(rank[codes], kind="stable")
            xs = rank[codes][by_rank].astype(float)
            valid = scanners.admissible_cuts(xs, self.config.min_samples_leaf)
            ys = self._centred(state, self.y[state.rows[known]][by_rank])
            i = (
                scanners.regression_cut(ys, state.weights[known][by_rank], valid, self.rule)[0]
                if valid.any()
                else -1
            )
            if i < 0:
                return no_partition
            split = subset(partitions[int(xs[i])])
            branch = np.where(np.isin(codes, split.left), 0, 1)
            best = self._regression_candidate(state, feature, split, known, branch, len(partitions))
            return best if best.admissible else no_partition
        per_cat = np.zeros((v, len(self.classes)))
        np.add.at(per_cat, codes, self._onehot[state.rows[known]] * state.weights[known, None])
        partitions = scanners.subset_partitions(per_cat, present)
        index = scanners.best_partition(partitions, per_cat, rows_n, self.rule, self.config)
        if index < 0:
            return no_partition
        split = subset(partitions[index])
        child = np.stack(
            [per_cat[list(split.left)].sum(axis=0), per_cat[list(split.right)].sum(axis=0)]
        )
        in_left = np.isin(codes, split.left)
        return self.builder.classification(
            feature, split, child, np.array([in_left.sum(), (~in_left).sum()]), len(partitions)
        )

    def _score_threshold(
        self, state: OpenLeaf, feature: int, column: np.ndarray, make_split: Any
    ) -> Candidate:
        """Best binary threshold of one column (known rows only)."""
        known = ~np.isnan(column)
        order = np.argsort(column[known], kind="stable")
        xs = column[known][order]
        rows = state.rows[known][order]
        w = state.weights[known][order]
        n = len(xs)
        name = self.builder.feature_name(feature)
        valid = scanners.admissible_cuts(xs, self.config.min_samples_leaf)
        if not valid.any():
            reason = (
                "the attribute is constant here"
                if n == 0 or xs[0] == xs[-1]
                else f"no threshold leaves min_samples_leaf={self.config.min_samples_leaf} rows a side"
            )
            return inadmissible(feature, name, reason, criterion=self.config.criterion)
        if self.classes is None:
            i, n_cuts = scanners.regression_cut(
                self._centred(state, self.y[rows]), w, valid, self.rule
            )
            split = make_split(scanners.midpoint(xs[i], xs[i + 1]))
            return self._regression_candidate(
                state, feature, split, known, np.where(np.argsort(order) <= i, 0, 1), n_cuts
            )
        onehot = self._onehot[rows] * w[:, None]
        if self.config.scanner == "reference":
            cuts = scanners.reference_threshold_cut(xs, onehot, self.rule, self.config)
        else:
            cuts = scanners.threshold_cuts(xs[:, None], onehot[:, None, :], self.rule, self.config)
        i = int(cuts.index[0])
        if i < 0:
            return inadmissible(
                feature,
                name,
                "no threshold leaves rows of weight on both sides",
                criterion=self.config.criterion,
            )
        return self.builder.classification(
            feature,
            make_split(cuts.threshold(0)),
            np.stack([cuts.left[0], cuts.right[0]]),
            np.array([i + 1, n - i - 1]),
            int(cuts.n_cuts[0]),
        )

    def _score_oblique(self, state: OpenLeaf) -> Candidate:
        """Fisher's discriminant direction on the numeric features, then a threshold scan."""
        feature = self.schema.n_features
        numeric = [j for j in range(self.schema.n_features) if not self.schema.is_categorical(j)]
        name = self.builder.feature_name(feature)
        criterion = self.config.criterion
        if len(numeric) < 2 or self.classes is None:
            return inadmissible(
                feature, name, "needs two numeric features and a class target", criterion=criterion
            )
        Xn = self.X[np.ix_(state.rows, numeric)]
        labels = self.y[state.rows]
        target = int(np.argmax(state.node.counts))  # majority class against the rest
        inside = labels == target
        w = state.weights  # weighted statistics: weight k counts as k copies of the row
        if (
            inside.all()
            or not inside.any()
            or np.isnan(Xn).any()
            or not (w[inside].sum() > 0 and w[~inside].sum() > 0)
        ):
            return inadmissible(feature, name, "one class only here", criterion=criterion)
        mean = np.average(Xn, axis=0, weights=w)
        scale = np.sqrt(np.average((Xn - mean) ** 2, axis=0, weights=w))
        scale[scale == 0] = 1.0
        Z = Xn / scale

        def scatter(part: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            zp, wp = Z[part], w[part]
            centre = np.average(zp, axis=0, weights=wp)
            return ((zp - centre).T * wp) @ (zp - centre), centre

        (s_in, m_in), (s_out, m_out) = scatter(inside), scatter(~inside)
        direction = np.linalg.solve(s_in + s_out + 1e-6 * np.eye(len(numeric)), m_in - m_out)
        weights = direction / scale
        if not np.abs(weights).max() > 0:  # equal class means: Fisher gives no direction
            return inadmissible(
                feature,
                name,
                "the classes have the same mean: no oblique direction",
                criterion=criterion,
            )
        weights = weights / np.abs(weights).max()
        projection = linear_sum(Xn, weights)  # the order ObliqueSplit.route adds in
        return self._score_threshold(
            state,
            feature,
            projection,
            lambda t: ObliqueSplit(tuple(numeric), tuple(float(w) for w in weights), -t),
        )

    def _centred(self, state: OpenLeaf, ys: np.ndarray) -> np.ndarray:
        """Squared error: ``ys`` less the node's mean; other criteria: ``ys``.

        So a scan's sums of squares do not cancel (docs/ALGORITHMS.md, "Regression at a
        large offset").
        """
        if self.rule.leaf_statistic != "mean":
            return ys
        return ys - state.node.value[0]

    def _regression_candidate(
        self,
        state: OpenLeaf,
        feature: int,
        split: Split,
        known: np.ndarray,
        branch: np.ndarray,
        n_cuts: int | None = None,
    ) -> Candidate:
        """The candidate of a regression split whose rows go to ``branch``.

        Squared error is scored from each branch's sums about the node's mean, as the fast
        scans score it: a constant added to the targets then moves no decrease across 0 (a
        zero-gain cut is split or not whatever the offset).
        """
        ys, w = self.y[state.rows[known]], state.weights[known]
        if self.rule.of_sums is None:  # the median's absolute error has no sums
            return self.builder.regression(
                feature, split, ys, w, branch, state.node.impurity, n_cuts
            )
        k = split.n_branches
        centre = state.node.value[0]
        terms = centred_terms(w, ys, centre)
        sums = np.stack(
            [np.bincount(branch, weights=terms[:, t], minlength=k) for t in range(3)], axis=1
        )
        return self.builder.regression_of_sums(
            feature, split, sums, np.bincount(branch, minlength=k), n_cuts, centre
        )

    # ------------------------------------------------------------------ decisions
    def _best(self, candidates: tuple[Candidate, ...], node_id: int) -> Candidate | None:
        return best_candidate(candidates)

    def choose(self, candidates: Any, node_id: int) -> Candidate | None:
        """The candidate greedy growth would split ``node_id`` on (a subclass's rule), or ``None``.

        Examples
        --------
        >>> from dtlearn import CARTClassifier, load_play_tennis
        >>> grower = CARTClassifier().make_grower(*load_play_tennis(numeric=True))
        >>> root = grower.root.node_id
        >>> grower.choose(grower.candidates(root), root).feature_name
        'outlook'
        """
        return self._best(candidates, node_id)

    def stop_reason(self, node_id: int) -> str | None:
        """Why greedy growth would make ``node_id`` a leaf, or ``None`` if it would split."""
        state = self._state(node_id)
        reason = self.reason_before_scoring(state)
        if reason is not None:
            return reason
        return self.reason_after_scoring(self._best(self.candidates(node_id), node_id))

    def _purity_scale(self, node: Node) -> float:
        # regression: rounding relative to the targets' own size (scaling y changes no
        # decision); classification impurities are already free of scale
        if self.classes is not None:
            return 1.0
        centre = abs(float(node.value[0]))
        size = centre if self.rule.leaf_statistic == "median" else MEAN_ROUNDING * centre * centre
        return node.impurity + size

    def reason_before_scoring(self, state: OpenLeaf) -> str | None:
        """Why the open leaf ``state`` closes before any attribute is scored, or ``None``.

        Pure, too deep, too small or nothing left to split on.
        """
        node, config = state.node, self.config
        if node.impurity <= np.finfo(float).eps * self._purity_scale(node):
            return self.early_reasons()[0]
        if config.max_depth is not None and node.depth >= config.max_depth:
            return self.early_reasons()[1]
        n_rows = len(state.rows)
        if n_rows < config.min_samples_split:
            return self.early_reasons()[2]
        if n_rows < 2 * config.min_samples_leaf:
            return self.early_reasons()[3]
        if config.max_leaf_nodes is not None and self.n_leaves() >= config.max_leaf_nodes:
            return self.early_reasons()[4]
        if not state.available:
            return self.early_reasons()[5]
        return None

    def early_reasons(self) -> tuple[str, ...]:
        """The texts of :meth:`reason_before_scoring`'s rules, in the order it applies them."""
        config = self.config
        return (
            "pure node",
            f"max_depth={config.max_depth} reached",
            f"fewer than min_samples_split={config.min_samples_split} rows",
            f"fewer than 2 × min_samples_leaf={config.min_samples_leaf} rows",
            f"max_leaf_nodes={config.max_leaf_nodes} reached",
            "no attribute left",
        )

    def reason_after_scoring(self, best: Candidate | None) -> str | None:
        """Why a scored leaf whose best candidate is ``best`` closes, or ``None`` (split)."""
        config = self.config
        if best is None:
            return "no attribute can split these rows"
        if config.stop_at_zero_gain and best.scores["impurity_decrease"] < ZERO_GAIN:
            return "best gain is 0"
        if best.scores["weighted_decrease"] + np.finfo(float).eps < config.min_impurity_decrease:
            return (
                f"weighted impurity decrease {fmt_g(best.scores['weighted_decrease'], 4)} < "
                f"min_impurity_decrease={config.min_impurity_decrease}"
            )
        return None

    def expand(self, node_id: int, feature: int | str | None = None) -> GrowthStep:
        """Decide the open leaf ``node_id``: split it or close it, and record the step.

        With ``feature=None`` the greedy rules decide. With a feature (index or name) the
        node is split on that attribute's best test, whatever the stopping rules say —
        that is how a person builds a tree by hand.
        """
        state = self._state(node_id)
        by = "greedy"
        if feature is None:
            reason = self.stop_reason(node_id)
            # a node closed before any attribute was scored (pure, too deep, too small)
            # records no candidate table: there was no choice to make
            scored = reason is None or state.candidates is not None
            candidates = self.candidates(node_id) if scored else ()
            chosen = None if reason else self._best(candidates, node_id)
        else:
            by = "person"
            candidates = self.candidates(node_id)
            index = self._feature_index(feature)
            chosen = next((c for c in candidates if c.feature == index), None)
            if chosen is None:
                raise ValueError(
                    f"feature {feature!r} is not available at node {node_id} "
                    f"(already used on this path)"
                )
            if not chosen.admissible:
                raise ValueError(
                    f"feature {feature!r} cannot split node {node_id}: {chosen.reason}"
                )
            reason = None
        step = GrowthStep(
            node_id,
            state.parent_id,
            state.node.depth,
            state.condition,
            state.rows,
            state.node.n_samples,
            self._node_counts(state),
            state.node.impurity,
            candidates,
            chosen,
            reason,
            by,
            self.classes,
            self.target_name,
        )
        self.steps.append(step)
        del self._open[node_id]
        self._remove(node_id)
        if chosen is not None:
            self._split(state, chosen)
        state.sorted_rows = None  # kept steps must not hold the sort orders
        return step

    def _node_counts(self, state: OpenLeaf) -> np.ndarray:
        node = state.node
        if node.counts is not None:
            return node.counts  # shared: nothing changes a node's counts in place
        return np.array([node.n_samples, float(node.value[0])])

    def _feature_index(self, feature: int | str) -> int:
        if isinstance(feature, str):
            if feature not in self.schema.names:
                raise ValueError(f"feature {feature!r} is not one of {list(self.schema.names)}")
            return self.schema.names.index(feature)
        if not 0 <= int(feature) < self.schema.n_features:
            raise ValueError(f"feature index {feature} out of range")
        return int(feature)

    def partition(self, state: OpenLeaf, split: Split) -> list[tuple[np.ndarray, np.ndarray]]:
        """Rows and weights of each child of the open leaf ``state`` under ``split``.

        The grower's own routing (a subclass's, where it has one); rows the split cannot
        route stay behind.

        Examples
        --------
        >>> from dtlearn import CARTClassifier, load_play_tennis
        >>> from dtlearn.splits import ThresholdSplit
        >>> grower = CARTClassifier().make_grower(*load_play_tennis(numeric=True))
        >>> state = grower.open_leaf(grower.root.node_id)
        >>> [len(rows) for rows, _ in grower.partition(state, ThresholdSplit(1, 70.5))]
        [5, 9]
        """
        return self._partition(state, split)

    def _partition(self, state: OpenLeaf, split: Split) -> list[tuple[np.ndarray, np.ndarray]]:
        """Rows and weights of each child. Rows the split cannot route stay behind."""
        branch = split.route(self.X[state.rows])
        return [
            (state.rows[branch == b], state.weights[branch == b]) for b in range(split.n_branches)
        ]

    def _split(self, state: OpenLeaf, chosen: Candidate) -> None:
        parts = self._partition(state, chosen.split)
        children = self.open_children(state, chosen.split, parts)
        for child_state, sorted_rows in zip(children, self._partition_sorted(state, parts)):
            child_state.sorted_rows = sorted_rows
            child_state.sorted_features = state.sorted_features
        for child_state in children:
            self._open[child_state.node.node_id] = child_state
        for child_state in reversed(children):
            self._push(child_state.node.node_id)

    def open_children(
        self,
        state: OpenLeaf,
        split: Split,
        parts: list,
        stats: list | None = None,
        conditions: Any = None,
    ) -> list[OpenLeaf]:
        """Split ``state``'s node by ``split`` and return its children as open leaves.

        One new node per part of ``parts`` (rows, weights), numbered in branch order; they
        are not put on the frontier. ``stats`` may give each part's ``(counts, impurity)``
        as :meth:`_stats` would, ``conditions`` the split's branch texts.
        """
        node = state.node
        node.split = split
        available = state.available
        if isinstance(split, MultiwaySplit):
            available = available - {split.feature}
        conditions = split.conditions(self.schema) if conditions is None else conditions
        children = []
        for b, (rows, weights) in enumerate(parts):
            child = (
                self._make_node(rows, weights, node.depth + 1, node)
                if stats is None
                else self._make_node(rows, weights, node.depth + 1, node, stats[b])
            )
            node.children.append(child)
            children.append(OpenLeaf(child, rows, weights, available, node.node_id, conditions[b]))
        return children

    def _partition_sorted(self, state: OpenLeaf, parts: list) -> list[np.ndarray]:
        """Children's per-feature sorted rows, filtered from the parent's (no re-sorting)."""
        sorted_rows = state.sorted_rows
        if sorted_rows is None:
            return []
        state.sorted_rows = None  # the parent no longer needs it: free the memory
        member = np.full(self.X.shape[0], -1)
        for b, (rows, _) in enumerate(parts):
            member[rows] = b
        branch = member[sorted_rows].T
        columns = sorted_rows.T
        n_features = sorted_rows.shape[1]
        return [columns[branch == b].reshape(n_features, -1).T for b in range(len(parts))]

    def run(self, level_wise: bool = True) -> Tree:
        """Grow greedily until no leaf is open; return the tree.

        Where a registered whole-tree strategy applies (:func:`register_strategy`; the
        package registers :func:`dtlearn.grow.fast.levels.grow`) and ``level_wise`` is true,
        it grows the tree: the same tree and steps, faster. Otherwise, and with
        ``level_wise=False``, one node at a time.
        """
        if level_wise:
            for applies, grow in STRATEGIES:
                if applies(self):
                    return grow(self)
        while self._open:
            self.expand(self.frontier()[0])
        return self.tree()

    def scorer(self) -> Grower:
        """A copy that scores candidates as this grower does, without its frontier or steps.

        What a whole-tree strategy's record may keep to build a step's candidates when it
        is read: the grower holds its steps, so a record holding the grower would be a
        reference cycle, freed only by the cycle collector (with every object of the tree).

        Examples
        --------
        >>> from dtlearn import CARTRegressor
        >>> X, y = np.arange(4.0).reshape(-1, 1), np.array([1.0, 1.0, 5.0, 5.0])
        >>> grower = CARTRegressor(criterion="mae").make_grower(X, y)
        >>> state = grower.open_leaf(grower.root.node_id)
        >>> scorer = grower.scorer()
        >>> a, b = scorer.score_candidates(state, [0], None)[0], grower.candidates(0)[0]
        >>> a.split == b.split, a.scores == b.scores
        (True, True)
        >>> scorer.steps is grower.steps, scorer.frontier()
        (False, [])
        """
        scorer = copy.copy(self)
        scorer.steps, scorer._open, scorer._order = [], {}, []
        return scorer

    def settle_grown(self, root: Any, steps: Any) -> None:
        """Take a whole-tree strategy's result: every node decided, ``steps`` the record.

        ``root`` is the root Node or a source of nodes (:mod:`dtlearn.grow.fast.node_arrays`).
        """
        self.root = root
        self.steps = steps
        self._open.clear()
        self._order.clear()
        self._next_id = len(steps)

    def tree(self) -> Tree:
        """The tree as grown so far (open leaves are leaves)."""
        cost = None if self.config.cost_matrix is None else np.asarray(self.config.cost_matrix)
        return Tree(
            self._root,
            self.schema,
            self.classes,
            self.target_name,
            self.missing,
            cost_matrix=cost,
            criterion=self.config.criterion,
        )


__all__ = [
    "Grower",
    "MEAN_ROUNDING",
    "MEAN_ULPS",
    "OpenLeaf",
    "STRATEGIES",
    "WHOLE_COUNTS_MAX",
    "ordinal_split",
    "register_strategy",
]
