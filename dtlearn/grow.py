"""The greedy growth engine: one loop for every learner, one step value per node.

A :class:`Grower` holds a partly grown tree and its *frontier* (leaves still open). At an
open leaf it scores every attribute (:meth:`Grower.candidates`), then either splits on the
best one, on one a person picked, or closes the leaf with the reason growth stopped there.
Each of these decisions is recorded as a :class:`GrowthStep`, which views replay.
Learners are configurations (:class:`GrowthConfig`); the ID3 builder widget is a Grower
driven by a student. Growth is iterative: no recursion, whatever the depth.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from .criteria import CLASSIFICATION_KERNELS, cost_gini_of_counts, entropy_of_counts
from .data import Schema
from .splits import (
    MultiwaySplit,
    ObliqueSplit,
    Split,
    SubsetSplit,
    ThresholdSplit,
    linear_sum,
)
from .tree import Node, Tree

TIE_TOLERANCE = 1e-12
"""Scores within this relative distance of the best are ties; ties go to the first
attribute in column order (then the lowest threshold) — see ALGORITHMS.md."""

ZERO_GAIN = 1e-6
"""Weka's ``Utils.eq`` tolerance: ID3 stops when the best gain is below this."""

MAX_EXHAUSTIVE_CATEGORIES = 10
"""Above this many categories, multi-class subset splits use an ordering heuristic
instead of trying all 2^(v-1)-1 partitions."""


@dataclass(frozen=True)
class GrowthConfig:
    """What a learner asks of the engine.

    Parameters
    ----------
    criterion : str
        Classification: ``"entropy"``, ``"gini"``, ``"misclassification"``,
        ``"gain_ratio"`` (information gain divided by split info) or ``"cost_gini"``
        (needs ``cost_matrix``). Regression: ``"mse"`` or ``"mae"``.
    categorical_split : {"multiway", "subset"}
        One branch per category (ID3, C4.5) or a binary partition of the categories (CART).
    max_depth, min_samples_split, min_samples_leaf, min_impurity_decrease, max_leaf_nodes
        Pre-pruning rules with scikit-learn's meaning (``min_impurity_decrease`` compares
        ``N_t / N * (I - N_L/N_t I_L - N_R/N_t I_R)``).
    stop_at_zero_gain : bool
        Make a leaf when the best score is 0 (Weka's Id3 does); ``False`` keeps splitting
        on a zero-gain attribute that still separates the rows (the XOR lesson).
    oblique : bool
        Also offer one linear split ``w·x + w0 <= 0`` over all numeric features at every
        node (direction from Fisher's linear discriminant, offset by the usual threshold
        scan on the projection).
    cost_matrix : array or None
        ``cost_matrix[i][j]``: cost of predicting class j when the truth is class i.
    base : float
        Logarithm base of entropy-based criteria.
    """

    criterion: str = "entropy"
    categorical_split: str = "multiway"
    max_depth: int | None = None
    min_samples_split: int = 2
    min_samples_leaf: int = 1
    min_impurity_decrease: float = 0.0
    max_leaf_nodes: int | None = None
    stop_at_zero_gain: bool = False
    oblique: bool = False
    cost_matrix: Any = None
    base: float = 2.0

    @property
    def is_regression(self) -> bool:
        """Whether the criterion is a regression one."""
        return self.criterion in ("mse", "mae")


@dataclass(frozen=True)
class Candidate:
    """The best split of one attribute at one node, with every score worked out.

    ``child_counts`` has one row per branch: class counts (classification) or
    ``[n, centre, impurity]`` (regression; the centre is the branch's mean, or its median
    when ``statistic`` is ``"median"``, as in an MAE tree). ``scores`` holds the textbook measures
    (``information_gain``, ``mean_info``, ``split_info``, ``gain_ratio``, ``gini_gain``,
    ``impurity_decrease``, ...); ``score`` is the one the criterion ranks by.
    ``split`` is ``None`` when the attribute offers no admissible split; ``reason`` says why.
    """

    feature: int
    feature_name: str
    split: Split | None
    conditions: tuple[str, ...]
    child_counts: np.ndarray
    scores: dict
    score: float
    reason: str = ""
    statistic: str = "mean"

    @property
    def admissible(self) -> bool:
        """Whether the attribute can split the node."""
        return self.split is not None

    def explain(self, classes: Any = None, target_name: str = "S") -> Any:
        """The worked derivation of this candidate's scores, with the actual counts.

        Classification: the information-gain table and sums, then split info and gain
        ratio (:func:`dtlearn.measures.gain_ratio`). Regression: the variance (or absolute
        deviation) of each branch and the decrease.
        """
        import pandas as pd

        from . import measures
        from .explain import Derivation, ResultTable, fmt, fmt_count

        if not self.admissible:
            return Derivation.build(f"{self.feature_name}: no split", [], note=self.reason)
        values = pd.Index([c.split(" ", 2)[-1] if isinstance(self.split, MultiwaySplit) else c
                           for c in self.conditions], name=self.feature_name)
        counts = np.asarray(self.child_counts, dtype=float)
        if "information_gain" in self.scores:
            names = None if classes is None else pd.Index([str(c) for c in classes],
                                                           name=target_name)
            return measures.gain_ratio(counts=counts, values=values, classes=names).explain()
        rows = [(v, fmt_count(n), fmt(centre), fmt(imp))
                for v, (n, centre, imp) in zip(values, counts)]
        impurity = "MAE" if self.statistic == "median" else "MSE"
        table = ResultTable(("branch", "n", self.statistic, impurity), tuple(rows))
        total = counts[:, 0].sum()
        terms = " + ".join(f"{fmt_count(n)}/{fmt_count(total)}·{fmt(imp)}" for n, _, imp in counts)
        child = self.scores["child_impurity"]
        parent = child + self.scores["impurity_decrease"]
        return Derivation.build(f"split on {self.feature_name}", [
            (f"{impurity} after = {terms} = {fmt(child)}", ""),
            (f"decrease = {fmt(parent)} - {fmt(child)} = "
             f"{fmt(self.scores['impurity_decrease'])}", ""),
        ], table=table)


@dataclass(frozen=True)
class GrowthStep:
    """One decision of the engine at one node.

    Attributes
    ----------
    node_id, parent_id, depth : int
        Where the node sits (``parent_id`` is ``None`` at the root).
    condition : str or None
        The test on the branch that leads here (``None`` at the root).
    rows : numpy.ndarray
        Indices of the training rows that reached the node.
    n_samples : float
        Their (weighted) number.
    counts : numpy.ndarray
        Class counts (classification) or ``[n, mean]`` (regression).
    impurity : float
        The criterion's impurity of the node.
    candidates : tuple of Candidate
        One per attribute still available, in column order.
    chosen : Candidate or None
        The split made; ``None`` when the node became a leaf.
    stop_reason : str or None
        Why the node became a leaf.
    by : str
        ``"greedy"`` or ``"person"`` (a student's choice in the ID3 builder).
    """

    node_id: int
    parent_id: int | None
    depth: int
    condition: str | None
    rows: np.ndarray
    n_samples: float
    counts: np.ndarray
    impurity: float
    candidates: tuple
    chosen: Candidate | None
    stop_reason: str | None
    by: str = "greedy"
    classes: tuple | None = None
    target_name: str = "S"

    @property
    def is_split(self) -> bool:
        """Whether the step split the node."""
        return self.chosen is not None

    def table(self) -> "SplitTable":
        """The candidate table of the node (one row per attribute, the choice marked)."""
        caption = (f"node {self.node_id} ({self.condition or 'root'}): "
                   + (f"split on {self.chosen.feature_name}" if self.chosen
                      else f"leaf — {self.stop_reason}"))
        return SplitTable(self.candidates, self.chosen, caption, self.classes, self.target_name)

    def __str__(self) -> str:
        where = self.condition or "root"
        what = f"split on {self.chosen.feature_name}" if self.chosen else \
            f"leaf ({self.stop_reason})"
        return f"node {self.node_id} [{where}] n={self.n_samples:g}: {what}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()


_TABLE_SCORES = {"classification": ("mean_info", "information_gain", "split_info",
                                      "gain_ratio", "gini_gain"),
                 "regression": ("child_impurity", "impurity_decrease")}


def _test_summary(c: Candidate) -> str:
    if c.split is None:
        return c.reason or "no split"
    if isinstance(c.split, MultiwaySplit):
        return f"{c.split.n_branches}-way"
    text = c.conditions[0]  # drop the attribute's name (which may hold spaces)
    return text[len(c.feature_name):].strip() if text.startswith(c.feature_name + " ") else text


@dataclass(frozen=True)
class SplitTable:
    """Every attribute's best split at one node, scored — what "ID3 by hand" shows.

    Shows as a table (text in ``repr``, HTML in Jupyter), with the chosen or best
    attribute marked; :meth:`explain` works out any row.

    Examples
    --------
    >>> from dtlearn import load_play_tennis, split_table
    >>> table = split_table(*load_play_tennis())
    >>> table.best.feature_name, round(table.row("humidity").scores["gain_ratio"], 3)
    ('outlook', 0.152)
    """

    candidates: tuple
    chosen: Candidate | None = None
    caption: str = ""
    classes: Any = None
    target_name: str = "S"

    @property
    def best(self) -> Candidate | None:
        """The chosen candidate, else the best-scoring admissible one."""
        if self.chosen is not None:
            return self.chosen
        admissible = [c for c in self.candidates if c.admissible]
        if not admissible:
            return None
        top = max(c.score for c in admissible)
        return next(c for c in admissible if c.score >= top - TIE_TOLERANCE * max(1, abs(top)))

    def row(self, feature: Any) -> Candidate:
        """The candidate of ``feature`` (name or column index)."""
        for c in self.candidates:
            if feature in (c.feature_name, c.feature):
                return c
        raise ValueError(f"feature {feature!r} is not in this table; "
                         f"attributes: {[c.feature_name for c in self.candidates]}")

    def explain(self, feature: Any = None) -> Any:
        """Worked scores of ``feature`` (default: the best attribute)."""
        candidate = self.best if feature is None else self.row(feature)
        if candidate is None:
            raise ValueError("no attribute can split this node")
        return candidate.explain(self.classes, self.target_name)

    def to_table(self) -> Any:
        """The table as a :class:`dtlearn.explain.ResultTable`."""
        from .explain import ResultTable

        kind = "classification" if any("information_gain" in c.scores
                                       for c in self.candidates) else "regression"
        scores = _TABLE_SCORES[kind]
        best = self.best
        rows, mark = [], None
        for i, c in enumerate(self.candidates):
            rows.append(tuple([c.feature_name, _test_summary(c)]
                              + [c.scores[s] if s in c.scores else "—" for s in scores]))
            if c is best:
                mark = i
        columns = ("attribute", "test") + tuple(s.replace("_", " ") for s in scores)
        return ResultTable(columns, tuple(rows), caption=self.caption, highlight_row=mark)

    def to_frame(self) -> Any:
        """The table as a pandas DataFrame."""
        return self.to_table().to_frame()

    def __repr__(self) -> str:
        return repr(self.to_table())

    def _repr_html_(self) -> str:
        return self.to_table()._repr_html_()

    def _repr_markdown_(self) -> str:
        return self.to_table()._repr_markdown_()


def split_table(X: Any, y: Any, criterion: str = "entropy", categorical: Any = None
                ) -> SplitTable:
    """Score every attribute of a data set at once (the root's candidate table).

    Categorical attributes are split one branch per value; numeric attributes at their
    best binary threshold. Columns: mean info, information gain, split info, gain ratio
    and Gini gain, the winner (by ``criterion``) marked.

    Examples
    --------
    >>> from dtlearn import load_play_tennis, split_table
    >>> print(split_table(*load_play_tennis()))  # doctest: +NORMALIZE_WHITESPACE
      attribute   | test  | mean info | information gain | split info | gain ratio | gini gain
    * outlook     | 3-way |     0.694 |            0.247 |      1.577 |      0.156 |     0.116
      temperature | 3-way |     0.911 |            0.029 |      1.557 |      0.019 |     0.019
      humidity    | 2-way |     0.788 |            0.152 |      1.000 |      0.152 |     0.092
      windy       | 2-way |     0.892 |            0.048 |      0.985 |      0.049 |     0.031
    """
    from .learners import ID3Classifier

    grower = ID3Classifier(criterion=criterion, categorical=categorical).make_grower(X, y)
    return SplitTable(grower.candidates(grower.root.node_id), None, "", grower.classes,
                      grower.target_name)


@dataclass
class _Open:
    node: Node
    rows: np.ndarray
    weights: np.ndarray
    available: frozenset
    parent_id: int | None
    condition: str | None
    sorted_rows: np.ndarray | None = None  # rows sorted by each numeric feature (fast path)
    sorted_features: tuple = ()


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

    def __init__(self, X: np.ndarray, y: np.ndarray, schema: Schema, config: GrowthConfig,
                 classes: tuple | None = None, sample_weight: np.ndarray | None = None,
                 target_name: str = "class", flavour: str = "id3", missing: str = "majority"):
        self.X = X
        self.y = y
        self.schema = schema
        self.config = config
        self.classes = classes
        self.target_name = target_name
        self.flavour = flavour
        self.missing = missing
        self.steps: list[GrowthStep] = []
        n = X.shape[0]
        weights = np.ones(n) if sample_weight is None else np.asarray(sample_weight, float)
        self.total_weight = float(weights.sum())
        if classes is not None:
            self._onehot = np.zeros((n, len(classes)))
            self._onehot[np.arange(n), y] = 1.0
            self._weighted_onehot = self._onehot * weights[:, None]
        self._next_id = 0
        # rows of weight 0 take no part (as in scikit-learn): they place no threshold and
        # do not count toward min_samples_leaf / min_samples_split
        root_rows = np.arange(n) if (weights > 0).all() else np.flatnonzero(weights > 0)
        root = self._make_node(root_rows, weights[root_rows], 0, None)
        self.root = root
        self._open: dict[int, _Open] = {
            root.node_id: _Open(root, root_rows, weights[root_rows],
                                frozenset(range(schema.n_features)), None, None)}
        self._order: list = []  # stack (depth first) or heap (best first)
        self._push(root.node_id)

    # ------------------------------------------------------------------ node statistics
    def _stats(self, rows: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, float]:
        if self.classes is not None:
            counts = (self._onehot[rows] * weights[:, None]).sum(axis=0)
            return counts, float(self._impurity(counts[None, :])[0])
        values = self.y[rows]
        w = weights
        total = w.sum()
        if total <= 0:
            prediction = 0.0
        elif self.config.criterion == "mae":  # the median minimises absolute error
            prediction = _weighted_median(values, w)
        else:
            prediction = float((values * w).sum() / total)
        return np.array([total, prediction]), float(_regression_impurity(values, w,
                                                                        self.config.criterion))

    def _impurity(self, counts: np.ndarray) -> np.ndarray:
        crit = self.config.criterion
        if crit == "gain_ratio":
            return entropy_of_counts(counts, self.config.base)
        if crit == "entropy":
            return entropy_of_counts(counts, self.config.base)
        if crit == "cost_gini":
            return cost_gini_of_counts(counts, self.config.cost_matrix)
        return CLASSIFICATION_KERNELS[crit](counts)

    def _make_node(self, rows: np.ndarray, weights: np.ndarray, depth: int,
                   parent: Node | None) -> Node:
        stats, impurity = self._stats(rows, weights)
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

    # ------------------------------------------------------------------ scoring
    def candidates(self, node_id: int) -> tuple[Candidate, ...]:
        """Score every attribute still available at the open leaf ``node_id``."""
        state = self._state(node_id)
        cached = getattr(state, "_candidates", None)
        if cached is not None:
            return cached
        features = sorted(state.available)
        block = self._numeric_block(state, features) if self._block_scan_applies() else {}
        items = [block.get(j) or self._score_feature(state, j) for j in features]
        if self.config.oblique:
            items.append(self._score_oblique(state))
        result = _CandidateList(items)
        state._candidates = result  # type: ignore[attr-defined]
        return result

    def _block_scan_applies(self) -> bool:
        """Whether numeric features can be scanned all at once (the fast path)."""
        return (self.classes is not None and type(self)._score_feature is Grower._score_feature
                and self.config.criterion != "gain_ratio")

    def _numeric_block(self, state: _Open, features: list[int]) -> dict:
        """Best threshold of every numeric feature in one vectorised pass.

        Returns ``feature -> (score, build)`` where ``build()`` makes the Candidate: the
        same one :meth:`_score_threshold` would, made only when something reads it.
        """
        numeric = [j for j in features if not self.schema.is_categorical(j)]
        rows = state.rows
        n = len(rows)
        if not numeric or n < 2:
            return {}
        sorted_rows = getattr(state, "sorted_rows", None)
        if sorted_rows is None or state.sorted_features != tuple(numeric):
            Xn = self.X[np.ix_(rows, numeric)]
            sorted_rows = rows[np.argsort(Xn, axis=0, kind="stable")]
            state.sorted_rows, state.sorted_features = sorted_rows, tuple(numeric)
        xs = self.X[sorted_rows, np.array(numeric)[None, :]]
        if np.isnan(xs).any():
            return {}
        cum = np.cumsum(self._weighted_onehot[sorted_rows], axis=0)
        total = cum[-1, 0]
        left = cum[:-1]
        nl = left.sum(axis=2)
        nr = total.sum() - nl
        if self.config.criterion == "gini":
            # n·Gini = n - sum c²/n on both sides, with sum r² = sum t² - 2 l·t + sum l²:
            # no array of right-hand counts is needed
            squares = np.einsum("ijk,ijk->ij", left, left)
            right_squares = total @ total - 2.0 * (left @ total) + squares
            with np.errstate(divide="ignore", invalid="ignore"):
                child_imp = np.maximum(nl - squares / nl + nr - right_squares / nr, 0.0) / \
                    (nl + nr)
        else:
            child_imp = self._children_impurity(left, total - left, nl, nr)
        leaf = self.config.min_samples_leaf
        pos = np.arange(1, n)[:, None]
        # a side holding only zero-weight rows is no split (bootstrap weights make them)
        valid = (xs[1:] > xs[:-1]) & (pos >= leaf) & (n - pos >= leaf) & (nl > 0) & (nr > 0)
        rank = np.where(valid, -child_imp, -np.inf)
        best = rank.max(axis=0)
        tol = TIE_TOLERANCE * np.maximum(1.0, np.abs(np.where(np.isfinite(best), best, 0)))
        index = np.argmax(rank >= (best - tol)[None, :], axis=0)
        parent_imp = float(self._impurity(total[None, :])[0])
        cols = np.arange(len(numeric))
        left_best = left[index, cols]  # a copy, not a view of the big array
        right_best = total - left_best
        lows, highs = xs[index, cols], xs[index + 1, cols]
        decrease = parent_imp - child_imp[index, cols]
        has_valid = valid.any(axis=0)
        n_cuts = np.count_nonzero(valid, axis=0)
        constant = xs[0] == xs[-1]
        out = {}
        for col, feature in enumerate(numeric):
            if has_valid[col]:
                out[feature] = (float(decrease[col]),
                                partial(self._threshold_candidate, state, feature, lows[col],
                                        highs[col], left_best[col], right_best[col],
                                        int(index[col]), n, int(n_cuts[col])))
            else:
                reason = "the attribute is constant here" if constant[col] else \
                    f"no threshold leaves min_samples_leaf={leaf} rows a side"
                out[feature] = _inadmissible(feature, self.schema.names[feature], (),
                                             np.zeros((1, 1)), reason)
        return out

    def _children_impurity(self, left: np.ndarray, right: np.ndarray, nl: np.ndarray,
                           nr: np.ndarray) -> np.ndarray:
        """Size-weighted mean impurity of the two sides of every cut (last axis: classes).

        Gini and entropy use the identities ``n·Gini = n - sum c²/n`` and
        ``n·H = n log n - sum c log c``, which save the per-class proportions.
        """
        crit = self.config.criterion
        with np.errstate(divide="ignore", invalid="ignore"):
            if crit == "gini":
                total = (nl - (left * left).sum(axis=2) / nl) + \
                    (nr - (right * right).sum(axis=2) / nr)
            elif crit == "entropy":
                def xlogx(c: np.ndarray) -> np.ndarray:
                    return np.where(c > 0, c * np.log(np.where(c > 0, c, 1.0)), 0.0)

                total = (xlogx(nl) - xlogx(left).sum(axis=2) + xlogx(nr)
                         - xlogx(right).sum(axis=2)) / np.log(self.config.base)
            else:
                return (nl * self._impurity(left) + nr * self._impurity(right)) / (nl + nr)
        return np.maximum(total, 0.0) / (nl + nr)

    def _threshold_candidate(self, state: _Open, feature: int, low: float, high: float,
                             left: np.ndarray, right: np.ndarray, i: int, n: int,
                             n_cuts: int) -> Candidate:
        threshold = low / 2.0 + high / 2.0
        if threshold >= high:  # rounding reached the upper value (scikit-learn's rule)
            threshold = low
        candidate = self._finish(state, feature, ThresholdSplit(feature, float(threshold)),
                                 np.stack([left, right]), np.array([i + 1, n - i - 1]))
        if candidate.admissible:
            candidate.scores["n_cuts"] = n_cuts
        return candidate

    def _state(self, node_id: int) -> _Open:
        if node_id not in self._open:
            raise ValueError(f"node {node_id} is not an open leaf; open leaves: {self.frontier()}")
        return self._open[node_id]

    def _score_feature(self, state: _Open, feature: int) -> Candidate:
        rows, weights = state.rows, state.weights
        column = self.X[rows, feature]
        name = self.schema.names[feature]
        if self.schema.is_categorical(feature):
            if self.config.categorical_split == "multiway":
                return self._score_multiway(state, feature, column)
            if self.schema.is_ordinal(feature):  # k - 1 cuts over the declared order
                return self._score_threshold(state, feature, column, name, weights,
                                             partial(_ordinal_split, feature, column))
            return self._score_subset(state, feature, column)
        return self._score_threshold(state, feature, column, name, weights,
                                     lambda t: ThresholdSplit(feature, t))

    def _feature_name(self, feature: int) -> str:
        return self.schema.names[feature] if feature < self.schema.n_features else \
            "linear combination"

    def _finish(self, state: _Open, feature: int, split: Split, child: np.ndarray,
                child_rows_n: np.ndarray) -> Candidate:
        """Scores of a classification split given its child class counts."""
        name = self._feature_name(feature)
        conditions = tuple(split.conditions(self.schema))
        parent = child.sum(axis=0)
        n = parent.sum()
        sizes = child.sum(axis=1)
        leaf = self.config.min_samples_leaf
        nonempty = child_rows_n[child_rows_n > 0]
        if len(nonempty) < 2:
            return _inadmissible(feature, name, conditions, child,
                                 "all rows take the same branch")
        if nonempty.min() < leaf:
            return _inadmissible(feature, name, conditions, child,
                                 f"a branch would hold fewer than min_samples_leaf={leaf} rows")
        scores = _classification_scores(parent, child, sizes, n, self.config)
        scores["weighted_decrease"] = n / self.total_weight * scores["impurity_decrease"]
        return Candidate(feature, name, split, conditions, child, scores, scores["score"])

    def _score_multiway(self, state: _Open, feature: int, column: np.ndarray) -> Candidate:
        v = len(self.schema.categories[feature])
        known = ~np.isnan(column)
        codes = column[known].astype(np.int64)
        split = MultiwaySplit(feature, v)
        if self.classes is None:
            return self._regression_partition(state, feature, split, codes, known)
        child = np.zeros((v, len(self.classes)))
        np.add.at(child, codes, self._onehot[state.rows[known]] * state.weights[known, None])
        rows_n = np.bincount(codes, minlength=v)
        return self._finish(state, feature, split, child, rows_n)

    def _score_subset(self, state: _Open, feature: int, column: np.ndarray) -> Candidate:
        name = self.schema.names[feature]
        known = ~np.isnan(column)
        codes = column[known].astype(np.int64)
        present = np.unique(codes)
        if len(present) < 2:
            return _inadmissible(feature, name, (), np.zeros((1, 1)),
                                 "only one category occurs at this node")
        v = len(self.schema.categories[feature])
        rows_n = np.bincount(codes, minlength=v)
        if self.classes is None:
            target = self.y[state.rows[known]]
            sums = np.bincount(codes, weights=target, minlength=v)
            order = present[np.argsort(sums[present] / rows_n[present], kind="stable")]
            partitions = [order[:i] for i in range(1, len(order))]
        else:
            per_cat = np.zeros((v, len(self.classes)))
            np.add.at(per_cat, codes, self._onehot[state.rows[known]] * state.weights[known, None])
            if len(self.classes) == 2 or len(present) > MAX_EXHAUSTIVE_CATEGORIES:
                # Breiman: for two classes, ordering by the class-1 share and cutting the
                # ordered list is optimal; with more classes it is our documented heuristic
                share = per_cat[present, -1] / per_cat[present].sum(axis=1) \
                    if len(self.classes) == 2 else \
                    per_cat[present, 0] / per_cat[present].sum(axis=1)
                order = present[np.argsort(share, kind="stable")]
                partitions = [order[:i] for i in range(1, len(order))]
            else:
                first, rest = present[0], present[1:]
                partitions = []
                for mask in range(2 ** len(rest) - 1):
                    partitions.append(np.array([first] + [c for b, c in enumerate(rest)
                                                          if mask >> b & 1]))
        n_partitions = len(partitions)  # how many the search scores
        if self.classes is not None:
            partitions = self._best_partition_first(partitions, per_cat, rows_n, v)
        best: Candidate | None = None
        for left in partitions:
            left_set = tuple(sorted(int(c) for c in left))
            in_left_set = frozenset(left_set)
            right_set = tuple(int(c) for c in present if c not in in_left_set)
            split = SubsetSplit(feature, left_set, right_set)
            in_left = np.isin(codes, left_set)
            if self.classes is None:
                cand = self._regression_partition(state, feature, split,
                                                  np.where(in_left, 0, 1), known)
            else:
                child = np.stack([per_cat[list(left_set)].sum(axis=0),
                                  per_cat[list(right_set)].sum(axis=0)])
                cand = self._finish(state, feature, split, child,
                                    np.array([in_left.sum(), (~in_left).sum()]))
            if cand.admissible and (best is None or _better(cand.score, best.score)):
                best = cand
        if best is not None:
            best.scores["n_cuts"] = n_partitions
        return best if best is not None else _inadmissible(
            feature, name, (), np.zeros((1, 1)),
            f"no partition leaves min_samples_leaf={self.config.min_samples_leaf} rows a side")

    def _best_partition_first(self, partitions: list, per_cat: np.ndarray,
                              rows_n: np.ndarray, v: int) -> list:
        """The admissible partition of least child impurity (first on ties), scored at once.

        Returns a one-item list (or ``[]`` when none is admissible), so only the winner
        becomes a Candidate.
        """
        membership = np.zeros((len(partitions), v))
        for i, left in enumerate(partitions):
            membership[i, left] = 1.0
        left = membership @ per_cat
        right = per_cat.sum(axis=0) - left
        n_left = membership @ rows_n
        n_right = rows_n.sum() - n_left
        leaf = self.config.min_samples_leaf
        valid = (n_left >= max(leaf, 1)) & (n_right >= max(leaf, 1)) & \
            (left.sum(axis=1) > 0) & (right.sum(axis=1) > 0)
        if not valid.any():
            return []
        imp = self._children_impurity(left[:, None, :], right[:, None, :],
                                      left.sum(axis=1)[:, None], right.sum(axis=1)[:, None])[:, 0]
        rank = np.where(valid, -imp, -np.inf)
        top = rank.max()
        return [partitions[int(np.argmax(rank >= top - TIE_TOLERANCE * max(1.0, abs(top))))]]

    def _score_threshold(self, state: _Open, feature: int, column: np.ndarray, name: str,
                         weights: np.ndarray, make_split: Any) -> Candidate:
        known = ~np.isnan(column)
        values = column[known]
        rows = state.rows[known]
        w = weights[known]
        order = np.argsort(values, kind="stable")
        xs = values[order]
        n = len(xs)
        leaf = self.config.min_samples_leaf
        pos = np.arange(1, n)  # cut after the first `pos` sorted rows
        valid = (xs[1:] > xs[:-1]) & (pos >= leaf) & (n - pos >= leaf)
        if not valid.any():
            reason = "the attribute is constant here" if n == 0 or xs[0] == xs[-1] else \
                f"no threshold leaves min_samples_leaf={leaf} rows a side"
            return _inadmissible(feature, name, (), np.zeros((1, 1)), reason)
        if self.classes is None:
            return self._regression_threshold(state, feature, rows[order], xs, w[order],
                                              valid, make_split)
        onehot = self._onehot[rows[order]] * w[order, None]
        left = np.cumsum(onehot, axis=0)[:-1]
        total = left[-1] + onehot[-1]
        right = total - left
        nl, nr = left.sum(axis=1), right.sum(axis=1)
        valid &= (nl > 0) & (nr > 0)  # a side of zero-weight rows only is no split
        ntot = nl + nr
        child_imp = (nl * self._impurity(left) + nr * self._impurity(right)) / ntot
        if self.config.criterion == "gain_ratio":
            parent_imp = self._impurity(total[None, :])[0]
            gain = parent_imp - child_imp
            split_info = entropy_of_counts(np.stack([nl, nr], axis=1), self.config.base)
            with np.errstate(divide="ignore", invalid="ignore"):
                rank = np.where(split_info > 0, gain / split_info, 0.0)
        else:
            rank = -child_imp
        rank = np.where(valid, rank, -np.inf)
        best_value = rank.max()
        i = int(np.argmax(rank >= best_value - TIE_TOLERANCE * max(1.0, abs(best_value))))
        threshold = xs[i] / 2.0 + xs[i + 1] / 2.0
        if threshold >= xs[i + 1]:  # rounding reached the upper value (scikit-learn's rule)
            threshold = xs[i]
        split = make_split(float(threshold))
        child = np.stack([left[i], right[i]])
        return _with_cuts(self._finish(state, feature, split, child,
                                       np.array([i + 1, n - i - 1])), valid)

    def _score_oblique(self, state: _Open) -> Candidate:
        """Fisher's discriminant direction on the numeric features, then a threshold scan."""
        feature = self.schema.n_features
        numeric = [j for j in range(self.schema.n_features) if not self.schema.is_categorical(j)]
        name = self._feature_name(feature)
        if len(numeric) < 2 or self.classes is None:
            return _inadmissible(feature, name, (), np.zeros((1, 1)),
                                 "needs two numeric features and a class target")
        Xn = self.X[np.ix_(state.rows, numeric)]
        labels = self.y[state.rows]
        target = int(np.argmax(state.node.counts))  # majority class against the rest
        inside = labels == target
        if inside.all() or not inside.any() or np.isnan(Xn).any():
            return _inadmissible(feature, name, (), np.zeros((1, 1)), "one class only here")
        w = state.weights  # weighted statistics: weight k counts as k copies of the row
        if not (w[inside].sum() > 0 and w[~inside].sum() > 0):
            return _inadmissible(feature, name, (), np.zeros((1, 1)), "one class only here")
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
            return _inadmissible(feature, name, (), np.zeros((1, 1)),
                                 "the classes have the same mean: no oblique direction")
        weights = weights / np.abs(weights).max()
        projection = linear_sum(Xn, weights)  # the order ObliqueSplit.route adds in
        return self._score_threshold(
            state, feature, projection, name, state.weights,
            lambda t: ObliqueSplit(tuple(numeric), tuple(float(w) for w in weights), -t))

    # ------------------------------------------------------------------ regression
    def _regression_threshold(self, state: _Open, feature: int, rows: np.ndarray,
                              xs: np.ndarray, w: np.ndarray, valid: np.ndarray,
                              make_split: Any) -> Candidate:
        ys = self.y[rows]
        n = len(ys)
        if self.config.criterion == "mse":
            cw = np.cumsum(w)[:-1]
            cy = np.cumsum(w * ys)[:-1]
            cyy = np.cumsum(w * ys * ys)[:-1]
            tw, ty, tyy = w.sum(), (w * ys).sum(), (w * ys * ys).sum()
            rw = tw - cw
            valid = valid & (cw > 0) & (rw > 0)
            with np.errstate(divide="ignore", invalid="ignore"):
                sse_l = cyy - cy * cy / cw
                sse_r = (tyy - cyy) - (ty - cy) ** 2 / rw
            child_imp = (sse_l + sse_r) / tw
        else:
            child_imp = np.full(n - 1, np.inf)
            for i in np.flatnonzero(valid):  # O(n^2): MAE is for small teaching data
                child_imp[i] = (_mae_sum(ys[:i + 1], w[:i + 1]) + _mae_sum(ys[i + 1:], w[i + 1:])
                                ) / w.sum()
        rank = np.where(valid, -child_imp, -np.inf)
        best_value = rank.max()
        i = int(np.argmax(rank >= best_value - TIE_TOLERANCE * max(1.0, abs(best_value))))
        threshold = xs[i] / 2.0 + xs[i + 1] / 2.0
        if threshold >= xs[i + 1]:
            threshold = xs[i]
        split = make_split(float(threshold))
        branch = np.where(np.arange(n) <= i, 0, 1)
        return _with_cuts(self._regression_candidate(state, feature, split, ys, w, branch),
                          valid)

    def _regression_partition(self, state: _Open, feature: int, split: Split,
                              branch: np.ndarray, known: np.ndarray) -> Candidate:
        return self._regression_candidate(state, feature, split, self.y[state.rows[known]],
                                          state.weights[known], branch)

    def _regression_candidate(self, state: _Open, feature: int, split: Split, ys: np.ndarray,
                              w: np.ndarray, branch: np.ndarray) -> Candidate:
        name = self._feature_name(feature)
        conditions = tuple(split.conditions(self.schema))
        k = split.n_branches
        child = np.zeros((k, 3))
        for b in range(k):
            mask = branch == b
            if mask.any():
                centre = _weighted_median(ys[mask], w[mask]) if self.config.criterion == "mae" \
                    else np.average(ys[mask], weights=w[mask])
                child[b] = [w[mask].sum(), centre,
                            _regression_impurity(ys[mask], w[mask], self.config.criterion)]
        sizes = np.bincount(branch, minlength=k)
        if (sizes > 0).sum() < 2:
            return _inadmissible(feature, name, conditions, child, "all rows take the same branch")
        if sizes[sizes > 0].min() < self.config.min_samples_leaf:
            return _inadmissible(feature, name, conditions, child,
                                 "a branch would hold fewer than min_samples_leaf rows")
        total = child[:, 0].sum()
        parent_imp = state.node.impurity
        child_imp = float((child[:, 0] * child[:, 2]).sum() / total)
        decrease = parent_imp - child_imp
        scores = {"impurity_decrease": decrease, "child_impurity": child_imp,
                  "weighted_decrease": total / self.total_weight * decrease, "score": decrease}
        return Candidate(feature, name, split, conditions, child, scores, decrease,
                         statistic="median" if self.config.criterion == "mae" else "mean")

    # ------------------------------------------------------------------ decisions
    def _best(self, candidates: tuple[Candidate, ...], node_id: int) -> Candidate | None:
        if isinstance(candidates, _CandidateList):
            return candidates.best()
        admissible = [c for c in candidates if c.admissible]
        if not admissible:
            return None
        best_score = max(c.score for c in admissible)
        tol = TIE_TOLERANCE * max(1.0, abs(best_score))
        return next(c for c in admissible if c.score >= best_score - tol)

    def stop_reason(self, node_id: int) -> str | None:
        """Why greedy growth would make ``node_id`` a leaf, or ``None`` if it would split."""
        state = self._state(node_id)
        node, cfg = state.node, self.config
        if node.impurity <= np.finfo(float).eps:
            return "pure node"
        if cfg.max_depth is not None and node.depth >= cfg.max_depth:
            return f"max_depth={cfg.max_depth} reached"
        n_rows = len(state.rows)
        if n_rows < cfg.min_samples_split:
            return f"fewer than min_samples_split={cfg.min_samples_split} rows"
        if n_rows < 2 * cfg.min_samples_leaf:
            return f"fewer than 2 × min_samples_leaf={cfg.min_samples_leaf} rows"
        if cfg.max_leaf_nodes is not None and self.n_leaves() >= cfg.max_leaf_nodes:
            return f"max_leaf_nodes={cfg.max_leaf_nodes} reached"
        if not state.available:
            return "no attribute left"
        best = self._best(self.candidates(node_id), node_id)
        if best is None:
            return "no attribute can split these rows"
        if cfg.stop_at_zero_gain and best.scores["impurity_decrease"] < ZERO_GAIN:
            return "best gain is 0"
        if best.scores["weighted_decrease"] + np.finfo(float).eps < cfg.min_impurity_decrease:
            return (f"weighted impurity decrease {best.scores['weighted_decrease']:.4g} < "
                    f"min_impurity_decrease={cfg.min_impurity_decrease}")
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
            scored = reason is None or getattr(state, "_candidates", None) is not None
            candidates = self.candidates(node_id) if scored else ()
            chosen = None if reason else self._best(candidates, node_id)
        else:
            by = "person"
            candidates = self.candidates(node_id)
            index = self._feature_index(feature)
            chosen = next((c for c in candidates if c.feature == index), None)
            if chosen is None:
                raise ValueError(f"feature {feature!r} is not available at node {node_id} "
                                 f"(already used on this path)")
            if not chosen.admissible:
                raise ValueError(f"feature {feature!r} cannot split node {node_id}: "
                                 f"{chosen.reason}")
            reason = None
        step = GrowthStep(node_id, state.parent_id, state.node.depth, state.condition,
                          state.rows, state.node.n_samples, self._node_counts(state),
                          state.node.impurity, candidates, chosen, reason, by, self.classes,
                          self.target_name)
        self.steps.append(step)
        del self._open[node_id]
        self._remove(node_id)
        if chosen is not None:
            self._split(state, chosen)
        state.sorted_rows = None  # kept steps must not hold the sort orders
        return step

    def _node_counts(self, state: _Open) -> np.ndarray:
        node = state.node
        if node.counts is not None:
            return node.counts.copy()
        return np.array([node.n_samples, float(node.value[0])])

    def _feature_index(self, feature: int | str) -> int:
        if isinstance(feature, str):
            if feature not in self.schema.names:
                raise ValueError(f"feature {feature!r} is not one of {list(self.schema.names)}")
            return self.schema.names.index(feature)
        if not 0 <= int(feature) < self.schema.n_features:
            raise ValueError(f"feature index {feature} out of range")
        return int(feature)

    def _partition(self, state: _Open, split: Split) -> list[tuple[np.ndarray, np.ndarray]]:
        """Rows and weights of each child. Rows the split cannot route stay behind."""
        branch = split.route(self.X[state.rows])
        return [(state.rows[branch == b], state.weights[branch == b])
                for b in range(split.n_branches)]

    def _split(self, state: _Open, chosen: Candidate) -> None:
        node = state.node
        split = chosen.split
        node.split = split
        available = state.available
        if isinstance(split, MultiwaySplit):
            available = available - {split.feature}
        conditions = split.conditions(self.schema)
        parts = self._partition(state, split)
        children_sorted = self._partition_sorted(state, parts)
        new_ids = []
        for b, (rows, weights) in enumerate(parts):
            child = self._make_node(rows, weights, node.depth + 1, node)
            node.children.append(child)
            child_state = _Open(child, rows, weights, available, node.node_id, conditions[b])
            if children_sorted:
                child_state.sorted_rows = children_sorted[b]
                child_state.sorted_features = state.sorted_features
            self._open[child.node_id] = child_state
            new_ids.append(child.node_id)
        for child_id in reversed(new_ids):
            self._push(child_id)

    def _partition_sorted(self, state: _Open, parts: list) -> list[np.ndarray]:
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

    def run(self) -> Tree:
        """Grow greedily until no leaf is open; return the tree."""
        while self._open:
            self.expand(self.frontier()[0])
        return self.tree()

    def finish_open_as_leaves(self, reason: str = "closed by hand") -> None:
        """Close every open leaf without splitting it."""
        for node_id in list(self._open):
            state = self._open.pop(node_id)
            self._remove(node_id)
            self.steps.append(GrowthStep(node_id, state.parent_id, state.node.depth,
                                         state.condition, state.rows, state.node.n_samples,
                                         self._node_counts(state), state.node.impurity, (),
                                         None, reason, "person", self.classes,
                                         self.target_name))

    def tree(self) -> Tree:
        """The tree as grown so far (open leaves are leaves)."""
        cost = None if self.config.cost_matrix is None else np.asarray(self.config.cost_matrix)
        return Tree(self.root, self.schema, self.classes, self.target_name, self.missing,
                    self.flavour, cost, self.config.criterion)


def _with_cuts(candidate: Candidate, valid: np.ndarray) -> Candidate:
    """Record how many cuts the threshold scan scored (``scores["n_cuts"]``)."""
    if candidate.admissible:
        candidate.scores["n_cuts"] = int(np.count_nonzero(valid))
    return candidate


def _ordinal_split(feature: int, column: np.ndarray, t: float) -> ThresholdSplit:
    """Threshold over category codes: the last code present at the node that goes left."""
    present = column[~np.isnan(column)]
    return ThresholdSplit(feature, float(present[present <= t].max()))


class PackedSteps:
    """Growth steps as saved: each inner step's rows are its children's plus a remainder.

    A step's ``rows`` are the training rows that reached the node; kept as they are, a
    record of ``depth`` levels holds every row ``depth`` times. Saved, an inner node keeps
    only the rows none of its children received, and :meth:`unpack` rebuilds the rest
    exactly (rows are ascending row numbers; a step whose rows are not is kept whole).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> steps = ID3Classifier().fit(*load_play_tennis()).steps_
    >>> packed = PackedSteps.pack(steps)
    >>> [s.rows.tolist() for s in packed.unpack()] == [s.rows.tolist() for s in steps]
    True
    """

    def __init__(self, steps: tuple, rest: list, derived: list):
        self.steps = steps
        self.rest = rest
        self.derived = derived

    @classmethod
    def pack(cls, steps: Sequence) -> "PackedSteps":
        """Pack ``steps`` (a tuple of :class:`GrowthStep`)."""
        from dataclasses import replace

        steps = tuple(steps)
        index = {s.node_id: i for i, s in enumerate(steps)}
        kids: dict[int, list[int]] = {}
        for i, s in enumerate(steps):
            if s.parent_id is not None and s.parent_id in index:
                kids.setdefault(index[s.parent_id], []).append(i)
        size = 1 + max((int(np.max(s.rows)) for s in steps
                        if s.rows is not None and np.size(s.rows)), default=0)
        inside = np.zeros(size, dtype=bool)
        rest, derived = [], []
        for i, s in enumerate(steps):
            rows = np.asarray(s.rows)
            below = kids.get(i)
            ascending = rows.ndim == 1 and rows.dtype.kind in "iu" and (
                len(rows) < 2 or bool((rows[1:] > rows[:-1]).all()))
            if below and ascending:
                inside[rows] = True
                if all(inside[np.asarray(steps[k].rows)].all() for k in below):
                    for k in below:
                        inside[np.asarray(steps[k].rows)] = False
                    rest.append(_small_ints(rows[inside[rows]]))
                    derived.append((below, rows.dtype.str))
                    inside[rows] = False
                    continue
                inside[rows] = False
            rest.append(rows)
            derived.append(None)
        return cls(tuple(replace(s, rows=None) for s in steps), rest, derived)

    def unpack(self) -> tuple:
        """The steps, rows rebuilt."""
        from dataclasses import replace

        rows: list = [None] * len(self.steps)
        for i in reversed(range(len(self.steps))):  # children come after their parent
            how = self.derived[i]
            if how is None:
                rows[i] = self.rest[i]
            else:
                below, dtype = how
                merged = np.sort(np.concatenate([rows[k] for k in below] + [self.rest[i]])
                                 .astype(np.dtype(dtype)), kind="stable")  # merges sorted runs
                if len(merged) > 1:  # a row sent down several branches (C4.5) counts once
                    merged = merged[np.r_[True, merged[1:] != merged[:-1]]]
                rows[i] = merged
        return tuple(replace(s, rows=r) for s, r in zip(self.steps, rows))


def _small_ints(values: np.ndarray) -> np.ndarray:
    if len(values) == 0 or values.max() < 2 ** 31:
        return values.astype(np.int32)
    return values


def _better(a: float, b: float) -> bool:
    return a > b + TIE_TOLERANCE * max(1.0, abs(b))


def _inadmissible(feature: int, name: str, conditions: tuple, child: np.ndarray,
                  reason: str) -> Candidate:
    return Candidate(feature, name, None, conditions, child, {}, -np.inf, reason)


class _CandidateList(Sequence):
    """The candidates of one node, in column order, each made when first read.

    Items are Candidates, or ``(score, build)`` pairs from the vectorised scan; only the
    winner needs to be built to grow the tree, the rest when a table shows them.
    """

    def __init__(self, items: list):
        self._items = list(items)

    def _score(self, i: int) -> float:
        item = self._items[i]
        return item[0] if isinstance(item, tuple) else item.score

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        item = self._items[i]
        if isinstance(item, tuple):
            item = self._items[i] = item[1]()
        return item

    def __len__(self) -> int:
        return len(self._items)

    def __reduce__(self) -> tuple:
        # Saved (and deep-copied) without the grower, which holds the training data: a
        # threshold candidate not built yet is saved as its recipe (a few numbers and the
        # grower's schema and settings), any other lazy item is built first.
        items = []
        for k, item in enumerate(self._items):
            if isinstance(item, tuple):
                recipe = _threshold_recipe(item[1])
                if recipe is not None:
                    items.append((item[0], recipe))
                    continue
                item = self[k]
            items.append(item)
        return (_CandidateList, (items,))

    def best(self) -> Candidate | None:
        """The first candidate whose score is within the tie tolerance of the best."""
        scores = [self._score(i) for i in range(len(self))]
        top = max(scores, default=-np.inf)
        if not np.isfinite(top):
            return None
        tol = TIE_TOLERANCE * max(1.0, abs(top))
        return self[next(i for i, v in enumerate(scores) if v >= top - tol)]

    def __add__(self, other: Any) -> "_CandidateList":
        return _CandidateList(self._items + list(other))

    def __eq__(self, other: Any) -> bool:
        return tuple(self) == tuple(other)

    def __repr__(self) -> str:
        return repr(tuple(self))


class _BuildContext:
    """What building a threshold candidate needs from its grower: schema and settings only."""

    def __init__(self, schema: Schema, config: GrowthConfig, total_weight: float):
        self.schema = schema
        self.config = config
        self.total_weight = total_weight

    _finish = Grower._finish
    _feature_name = Grower._feature_name
    _threshold_candidate = Grower._threshold_candidate


def _threshold_recipe(build: Any) -> Any:
    """A picklable stand-in for ``partial(grower._threshold_candidate, ...)``, or None."""
    func = getattr(build, "func", None)
    if not isinstance(build, partial) or getattr(func, "__func__", None) is not \
            Grower._threshold_candidate or not isinstance(func.__self__, Grower):
        return None
    grower = func.__self__
    context = grower.__dict__.get("_build_context")
    if context is None:
        context = grower._build_context = _BuildContext(grower.schema, grower.config,
                                                        grower.total_weight)
    args = [tuple(a.tolist()) if isinstance(a, np.ndarray) else
            a.item() if isinstance(a, np.generic) else a for a in build.args[1:]]
    # the two training values around the cut are not saved, only the cut between them
    # (t/2 + t/2 == t, so the candidate is rebuilt with the same threshold)
    low, high = float(args[1]), float(args[2])
    threshold = low / 2.0 + high / 2.0
    args[1] = args[2] = low if threshold >= high else threshold
    return partial(_build_threshold, context, *args)


def _build_threshold(context: _BuildContext, *args: Any) -> Candidate:
    # the state argument is not read when the candidate is built; arrays were saved as tuples
    return context._threshold_candidate(None, *(np.array(a, dtype=float)
                                                if isinstance(a, tuple) else a for a in args))


class _LazyScores(dict):
    """A scores dict whose textbook measures are worked out on first use.

    Growing a large tree scores thousands of candidates but displays few; the criterion's
    own score is computed at once, the rest (information gain, split info, gain ratio,
    Gini gain, ...) only when something reads them.
    """

    def __init__(self, eager: dict, compute: Any):
        super().__init__(eager)
        self._compute = compute

    def _fill(self) -> None:
        if self._compute is not None:
            compute, self._compute = self._compute, None
            for key, value in compute().items():
                self.setdefault(key, value)

    def __missing__(self, key: Any) -> Any:
        self._fill()
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        raise KeyError(key)

    def __contains__(self, key: Any) -> bool:
        if not dict.__contains__(self, key):
            self._fill()
        return dict.__contains__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:  # noqa: D102
        return self[key] if key in self else default

    def __iter__(self) -> Any:
        self._fill()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._fill()
        return dict.__len__(self)

    def keys(self) -> Any:  # noqa: D102
        self._fill()
        return dict.keys(self)

    def items(self) -> Any:  # noqa: D102
        self._fill()
        return dict.items(self)

    def values(self) -> Any:  # noqa: D102
        self._fill()
        return dict.values(self)

    def __repr__(self) -> str:
        self._fill()
        return dict.__repr__(self)

    def __reduce__(self) -> Any:
        if self._compute is None:
            return (dict, (dict.copy(self),))
        return (_LazyScores, (dict.copy(self), self._compute))  # still lazy once loaded


def _classification_scores(parent: np.ndarray, child: np.ndarray, sizes: np.ndarray, n: float,
                           config: GrowthConfig) -> dict:
    weights = sizes / n
    crit = config.criterion
    stacked = np.vstack([parent, child])
    if crit in ("entropy", "gain_ratio"):
        imp = entropy_of_counts(stacked, config.base)
    elif crit == "cost_gini":
        imp = cost_gini_of_counts(stacked, config.cost_matrix)
    else:
        imp = CLASSIFICATION_KERNELS[crit](stacked)
    decrease = float(imp[0] - (weights * imp[1:]).sum())
    eager = {"impurity_decrease": decrease, "score": decrease}
    if crit == "cost_gini":
        eager["cost_gini_gain"] = decrease
    if crit == "gain_ratio":
        split_info = float(entropy_of_counts(sizes, config.base))
        eager.update(information_gain=decrease, split_info=split_info,
                     gain_ratio=decrease / split_info if split_info > 0 else 0.0)
        eager["score"] = eager["gain_ratio"]
    return _LazyScores(eager, partial(_textbook_scores, parent, child, sizes, n, config.base))


def _textbook_scores(parent: np.ndarray, child: np.ndarray, sizes: np.ndarray, n: float,
                     base: float) -> dict:
    weights = sizes / n
    stacked = np.vstack([parent, child])
    entropies = entropy_of_counts(stacked, base)
    ginis = CLASSIFICATION_KERNELS["gini"](stacked)
    errors = CLASSIFICATION_KERNELS["misclassification"](stacked)
    mean_info = float((weights * entropies[1:]).sum())
    gain = float(entropies[0]) - mean_info
    split_info = float(entropy_of_counts(sizes, base))
    return {"entropy": float(entropies[0]), "mean_info": mean_info, "information_gain": gain,
            "split_info": split_info,
            "gain_ratio": gain / split_info if split_info > 0 else 0.0,
            "gini_gain": float(ginis[0] - (weights * ginis[1:]).sum()),
            "misclassification_gain": float(errors[0] - (weights * errors[1:]).sum())}


def _regression_impurity(values: np.ndarray, weights: np.ndarray, criterion: str) -> float:
    total = weights.sum()
    if total <= 0:
        return 0.0
    if criterion == "mse":
        mean = (values * weights).sum() / total
        return float((weights * (values - mean) ** 2).sum() / total)
    return _mae_sum(values, weights) / total


def _mae_sum(values: np.ndarray, weights: np.ndarray) -> float:
    median = _weighted_median(values, weights)
    return float((weights * np.abs(values - median)).sum())


def _weighted_median(values: np.ndarray, weights: np.ndarray) -> float:
    """Weighted median as scikit-learn's MAE criterion takes it.

    Zero weights are ignored; where the cumulative weight reaches exactly half at one
    value, the median is the mean of that value and the next.
    """
    positive = weights > 0
    if not positive.all():
        values, weights = values[positive], weights[positive]
    if np.all(weights == weights[0]):
        return float(np.median(values))
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    cw = np.cumsum(weights[order])
    i = int(np.searchsorted(cw, cw[-1] / 2.0))
    if cw[i] == cw[-1] / 2.0 and i + 1 < len(ordered):
        return float((ordered[i] + ordered[i + 1]) / 2.0)
    return float(ordered[i])


__all__ = ["Candidate", "GrowthConfig", "GrowthStep", "Grower", "PackedSteps", "SplitTable",
           "split_table"]
