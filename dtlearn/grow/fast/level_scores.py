"""A scan's cuts scored together: the arrays a candidate table reads.

A :class:`~dtlearn.grow.scoring.ThresholdScan` holds a level's numeric candidates as
arrays. :class:`ScanScores` scores all its admissible cuts at once when a table or a
candidate is first read: the criterion's scores (:func:`split_scores_of_cuts`), the
textbook columns (:func:`textbook_scores_of_cuts`) and the thresholds' text, each the
same float (and text) a candidate scored alone gets — the scalar forms' operations along a
leading axis, each sum over the same numbers in the same order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ... import criteria
from ...formatting import format_number
from ...splits import ThresholdSplit
from ..records import Candidate

if TYPE_CHECKING:
    from ..scoring import CandidateBuilder, ThresholdScan

TEXTBOOK = (
    "entropy",
    "mean_info",
    "information_gain",
    "split_info",
    "gain_ratio",
    "gini_gain",
    "misclassification_gain",
)
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
    return np.stack(
        [
            entropies[:, 0],
            mean_info,
            gain,
            split_info,
            ratio_of(gain, split_info),
            ginis[:, 0] - (weights * ginis[:, 1:]).sum(axis=-1),
            errors[:, 0] - (weights * errors[:, 1:]).sum(axis=-1),
        ],
        axis=1,
    )


def branch_means(sums: np.ndarray, centre: Any = 0.0) -> np.ndarray:
    """``centre + Σwd/Σw`` of each row of sums ``[Σw, Σwd, Σwd²]`` (0 where there is no weight).

    Examples
    --------
    >>> branch_means(np.array([[2.0, -1.0, 1.0], [0.0, 0.0, 0.0]]), 1e9).tolist()
    [999999999.5, 0.0]
    """
    w = sums[..., 0]
    return np.where(w > 0, centre + sums[..., 1] / np.where(w > 0, w, 1.0), 0.0)


def ratio_of(gain: np.ndarray, split_info: np.ndarray) -> np.ndarray:
    """Gain over split info where split info is positive, else 0 (as the scalar forms).

    Examples
    --------
    >>> ratio_of(np.array([0.5, 0.5]), np.array([2.0, 0.0])).tolist()
    [0.25, 0.0]
    """
    out = np.zeros_like(gain)
    np.divide(gain, split_info, out=out, where=split_info > 0)
    return out


def split_scores_of_cuts(rule: Any, child: np.ndarray, config: Any) -> dict | None:
    """``rule.split_scores`` of every ``child[c]`` (branches x classes), as arrays.

    The same keys in the same order as :meth:`~dtlearn.criteria.Criterion.split_scores`,
    the same operations along a leading axis (each sum over the same numbers in the
    same order), so the same floats. ``None`` for a criterion whose impurity takes a cost
    matrix: its ``einsum`` may sum in another order for another shape.

    Examples
    --------
    >>> rule = criteria.get("gain_ratio")
    >>> child = np.array([[[4.0, 0.0], [5.0, 5.0]]])
    >>> from dtlearn.grow import GrowthConfig
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
    imp = rule.node_impurity(stacked, config)
    decrease = imp[:, 0] - (sizes / n[:, None] * imp[:, 1:]).sum(axis=-1)
    scores = {"impurity_decrease": decrease, "score": decrease}
    if rule.score == "ratio":
        split_info = criteria.entropy_of_counts(sizes, config.base)
        scores.update(
            information_gain=decrease,
            split_info=split_info,
            gain_ratio=ratio_of(decrease, split_info),
        )
        scores["score"] = scores["gain_ratio"]
    elif rule.score == "distance":
        scores["score"] = rule.distance(child)
    scores[rule.score_key] = scores["score"]
    return scores


def scores_one_by_one(rule: Any, child: np.ndarray, config: Any) -> dict:
    """``rule.split_scores`` of each ``child[c]`` in turn, as :func:`split_scores_of_cuts` gives them.

    For the criteria that function leaves out: the scalar form itself, so the same floats.

    Examples
    --------
    >>> from dtlearn.grow import GrowthConfig
    >>> config = GrowthConfig(criterion="cost_gini", cost_matrix=[[0, 1], [4, 0]])
    >>> got = scores_one_by_one(config.rule, np.array([[[4.0, 0.0], [5.0, 5.0]]]), config)
    >>> list(got), got["score"].tolist() == [got["cost_gini_gain"][0]]
    (['impurity_decrease', 'score', 'cost_gini_gain'], True)
    """
    rows = [rule.split_scores(c, config) for c in child]
    keys = rows[0] if rows else rule.split_scores(np.ones(child.shape[1:]), config)
    return {key: np.array([row[key] for row in rows], dtype=float) for key in keys}


class ScanScores:
    """The admissible cuts of a :class:`ThresholdScan`, scored together, as arrays.

    Cell ``(j, c)`` (node ``j``, column ``c``) is row ``position[j, c]`` of the arrays
    (-1: no admissible cut; :meth:`ThresholdBlock.build` says why). ``child`` holds each
    cut's branches as its Candidate does (class counts; regression ``[n, mean,
    impurity]``), ``eager`` the scores a Candidate has at once (criteria with a cost matrix
    scored cut by cut, :func:`scores_one_by_one`); the textbook columns and the thresholds'
    text are worked out for the whole scan when first read. Every value is the one
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
        n_cuts = scan.n_cuts.ravel()[cells]
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
        if eager is None:  # a cost matrix: the criterion's own scalar form, cut by cut
            eager = scores_one_by_one(rule, sides, config)
        flat = sides.reshape(len(cells), 2 * sides.shape[-1])  # as child.sum() adds them
        eager["weighted_decrease"] = (
            flat.sum(axis=1) / builder.total_weight * eager["impurity_decrease"]
        )
        eager["n_cuts"] = n_cuts
        self.eager = eager

    def _regression(self, sums: np.ndarray, n_cuts: np.ndarray) -> tuple:
        # CandidateBuilder.regression_of_sums along a leading axis
        rule = self.builder.config.rule
        w = sums[..., 0]
        centre = self.scan.centre
        centre = 0.0 if centre is None else centre[self.cells // self.scan.index.shape[1], None]
        child = np.stack([w, branch_means(sums, centre), rule.of_sums(sums)], axis=-1)
        parent = rule.of_sums(sums.sum(axis=1))
        total = child[..., 0].sum(axis=1)
        child_impurity = (child[..., 0] * child[..., 2]).sum(axis=1) / total
        decrease = parent - child_impurity
        return child, {
            "impurity_decrease": decrease,
            "child_impurity": child_impurity,
            "weighted_decrease": total / self.builder.total_weight * decrease,
            "score": decrease,
            "n_cuts": n_cuts,
        }

    def textbook(self) -> np.ndarray:
        """:func:`textbook_scores_of_cuts` of every cell (classification)."""
        if self._textbook is None:
            self._textbook = textbook_scores_of_cuts(self.child, self.builder.config.base)
        return self._textbook

    def thresholds(self) -> tuple[np.ndarray, list[str]]:
        """Every cell's threshold, and its text as the split's conditions print it."""
        if self._tests is None:
            values = self.scan.threshold.ravel()[self.cells]
            self._tests = (values, list(map(format_number, values.tolist())))
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
        if start == end:
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
            values = [[next(it) if there else "—" for there in present] for it in map(iter, values)]
        return {
            c: (names[c], test, *v)
            for c, test, v in zip(
                self._columns[start:end],
                ["<= " + t for t in self.thresholds()[1][start:end]],
                values,
            )
        }

    def candidate(self, p: int, feature: int) -> Candidate:
        """The Candidate of cell ``p`` (admissible), a cut of attribute ``feature``.

        Its scores are a plain dict, the textbook measures already in: the level's are
        worked out (a table or every candidate is being read), so a lazy part would only
        cost two more objects per candidate.
        """
        if self._eager_rows is None:
            keys = tuple(self.eager)
            self._eager_rows = (
                keys,
                np.stack([np.asarray(v, dtype=float) for v in self.eager.values()], axis=1),
                self.eager["n_cuts"].tolist(),
            )
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
        split = ThresholdSplit(feature, float(thresholds[p]))
        # ThresholdSplit.conditions of a numeric column, its threshold printed for the level
        conditions = (f"{name} <= {texts[p]}", f"{name} > {texts[p]}")
        if self.statistic is not None:  # regression
            return Candidate(
                feature,
                name,
                split,
                conditions,
                child,
                scores,
                scores["score"],
                statistic=self.statistic,
                criterion=config.criterion,
                context=builder.context,
            )
        for key, value in zip(TEXTBOOK, self.textbook()[p].tolist()):
            scores.setdefault(key, value)  # after the criterion's own, as Scores merges them
        return Candidate(
            feature,
            name,
            split,
            conditions,
            child,
            scores,
            scores["score"],
            criterion=config.criterion,
            context=builder.context,
        )


__all__ = [
    "ScanScores",
    "TEXTBOOK",
    "branch_means",
    "ratio_of",
    "scores_one_by_one",
    "split_scores_of_cuts",
    "textbook_scores_of_cuts",
]
