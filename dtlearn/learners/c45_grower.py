# About 810 logical lines: one idea, J48's split search in the growth engine, node by node and level by level (a level's scans, choices and routing); its vectorised nominal and numeric scans belong together.
"""J48's split search plugged into the growth engine: C45Grower and its candidates.

What J48 decides at a node (the average-gain filter, gain ratio, numeric thresholds with
the MDL correction, fractional instances for missing values) is documented in
:mod:`dtlearn.learners.c45`; this module is how: :class:`C45Grower` overrides the engine's hooks
(``candidates``, ``_score_feature``, ``_partition``, ``_partition_sorted``, ``stop_reason``)
and scans every attribute of a node with J48's arithmetic (Weka's ``Utils`` comparisons).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from ..explain import Derivation, ResultTable
from ..formatting import fmt, format_number
from ..grow import Candidate, CandidateList, Grower, GrowthStep, OpenLeaf
from ..pruning.pessimistic import level_branches, level_parts, route_rows, split_weighted
from ..splits import MultiwaySplit, Split, ThresholdSplit, midpoint
from ..tree import Node, Tree
from ..weka_arithmetic import SMALL, entropy, eq, gr, sm, sm_or_eq
from .c45_scan import (
    NumericScan,
    first_best_columns,
    numeric_scan,
    sum_last,
)
from .c45_scan import xlogx as _xlogx

_LOG2 = math.log(2.0)

_BATCH_ROWS = 1 << 13
"""How many rows (padded) :meth:`C45Grower._scan_level` stacks in one scan, at most."""

J48_TOLERANCE = 1e-6
"""J48 routes ``x`` left of a cut at ``t`` when ``x - t < 1e-6`` (Weka's ``Utils.smOrEq``),
in growing, pruning and prediction alike."""


def _xlogx1(x: float) -> float:
    """:func:`_xlogx` of one float."""
    return 0.0 if x < 1e-6 else x * math.log(x) / _LOG2


def _sum(values: Any) -> float:
    """Sum from left to right, as numpy sums fewer than 8 values (pairwise from 8 on)."""
    if len(values) >= 8:
        return float(np.add.reduce(np.asarray(values, dtype=float)))
    return _running(values)


def _running(values: Any) -> float:
    """Sum from left to right (numpy's sum down the rows of a 2-d array)."""
    total = 0.0
    for v in values:
        total += v
    return total


class _C45Candidates(CandidateList):
    """A node's candidates in column order, each built when first read.

    ``build(i)`` makes candidate ``i``; J48's choice (``best_index``, -1 for none) is made
    from the scores, so growing builds only the winner.
    """

    def __init__(
        self,
        scores: list,
        build: Any,
        best_index: int,
        any_admissible: bool,
        split_of: Any = None,
    ):
        self._items = [None] * len(scores)
        self._scores = scores
        self._build = build
        self._split_of = split_of
        self.best_index = best_index
        self.any_admissible = any_admissible

    def split_of(self, i: int) -> Split:
        """The split of candidate ``i`` (admissible), without building the candidate."""
        item = self._items[i]
        if item is not None or self._split_of is None:
            return self[i].split
        return self._split_of(i)

    def score_of(self, i: int) -> float:
        return self._scores[i]

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        item = self._items[i]
        if item is None:
            item = self._items[i] = self._build(range(len(self._items))[i])
        return item

    def __add__(self, other: Any) -> CandidateList:
        return CandidateList(list(self) + list(other))

    def __reduce__(self) -> tuple:
        # saved with every candidate built: the builder closes over the grower (and its data)
        return (_built_candidates, (list(self), self._scores, self.best_index, self.any_admissible))


def _built_candidates(
    items: list, scores: list, best_index: int, any_admissible: bool
) -> _C45Candidates:
    out = _C45Candidates(scores, None, best_index, any_admissible)
    out._items = list(items)
    return out


@dataclass(frozen=True)
class C45Candidate(Candidate):
    """A J48 candidate split: gain on known values, correction, split info, gain ratio.

    ``scores`` holds ``information_gain`` (after the numeric correction),
    ``gain_known`` (gain on the known values), ``known_fraction``, ``mdl_correction``,
    ``n_cuts``, ``split_info`` (unknowns as an extra branch), ``gain_ratio``,
    ``average_gain``, ``in_average``, ``passes_average`` and, for numeric attributes,
    ``midpoint`` and ``threshold``.
    """

    criterion: str = "gain_ratio"

    def explain(self, classes: Any = None, target_name: str = "S") -> Derivation:
        """Work out this candidate's scores as J48 computes them.

        Examples
        --------
        >>> from dtlearn import C45Classifier, load_play_tennis
        >>> model = C45Classifier().fit(*load_play_tennis(numeric=True))
        >>> humidity = model.steps_[1].candidates[1]
        >>> print(humidity.explain().lines[-2].text)
        threshold: best cut at midpoint 77.5, stored as the largest training value <= it: 75
        """
        if not self.admissible:
            return Derivation.build(f"{self.feature_name}: no split", [], note=self.reason)
        s = self.scores
        counts = np.asarray(self.child_counts, dtype=float)
        if classes is None and self.context is not None:  # the grower's class names
            classes = self.context.classes
        names = (
            [str(c) for c in classes]
            if classes is not None
            else [f"class {j}" for j in range(counts.shape[1])]
        )
        rows = [
            tuple([cond] + [fmt(v, 2) for v in row] + [fmt(row.sum(), 2)])
            for cond, row in zip(self.conditions, counts)
        ]
        if s["unknown_weight"] > 0:
            rows.append(tuple(["(unknown)"] + [""] * len(names) + [fmt(s["unknown_weight"], 2)]))
        table = ResultTable(tuple(["branch"] + names + ["n"]), tuple(rows))
        total = s["total_weight"]
        known = total - s["unknown_weight"]
        lines: list[Any] = [
            table,
            f"H(known) = {fmt(s['entropy_known'])} bits, mean info = {fmt(s['mean_info'])} bits",
            f"gain = known fraction · (H(known) − mean info) = {fmt(known, 2)}/"
            f"{fmt(total, 2)} · ({fmt(s['entropy_known'])} − "
            f"{fmt(s['mean_info'])}) = {fmt(s['gain_known'])}",
        ]
        if s.get("n_cuts", 0):
            lines.append(
                f"corrected gain = gain − log2(cuts tried)/N = {fmt(s['gain_known'])} − "
                f"log2({s['n_cuts']})/{fmt(total, 2)} = {fmt(s['information_gain'])}"
            )
        lines.append(
            f"split info = {fmt(s['split_info'])} bits"
            + (" (unknowns counted as an extra branch)" if s["unknown_weight"] else "")
        )
        lines.append(
            f"gain ratio = {fmt(s['information_gain'])} / {fmt(s['split_info'])} = "
            f"{fmt(s['gain_ratio'])}"
        )
        if "midpoint" in s:
            lines.append(
                f"threshold: best cut at midpoint {format_number(s['midpoint'])}, stored "
                f"as the largest training value <= it: {format_number(s['threshold'])}"
            )
        if "average_gain" in s:
            verdict = "passes" if s["passes_average"] else "fails"
            lines.append(
                f"average-gain filter: gain {fmt(s['information_gain'])} vs average "
                f"{fmt(s['average_gain'])} − 0.001: {verdict}"
            )
        else:
            lines.append("average-gain filter: not computed")
        return Derivation.build(f"{self.feature_name} (C4.5 / J48)", lines)


class C45Grower(Grower):
    """The growth engine with J48's attribute choice, numeric cuts and missing values.

    Parameters are those of :class:`~dtlearn.grow.Grower`; ``config.min_samples_leaf``
    is J48's ``-M``. Made by :meth:`C45Classifier.make_grower`.

    Every attribute of a node is scored in one vectorised pass: the nominal ones with a
    single weighted ``bincount`` over (attribute value, class) codes, the numeric ones
    with one cumulative sum over per-attribute sort orders computed once at the root and
    filtered down the tree. Candidates are built only when read (the winner, or a table).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        n = self.X.shape[0]
        names = self.schema.names
        k = len(self.classes)
        self._k, self._m = k, self.config.min_samples_leaf
        # an ordinal attribute is cut like a numeric one, over its category codes
        nominal = [
            self.schema.is_categorical(j) and not self.schema.is_ordinal(j)
            for j in range(len(names))
        ]
        self._multi_value = [
            nominal[j] and not len(self.schema.categories[j]) < 0.3 * n for j in range(len(names))
        ]
        self._all_multi = all(self._multi_value) if names else False
        self._sorted_values = {}
        weighted = self._open[self.root.node_id].rows  # rows of weight 0 place no threshold
        self._weighted_rows = weighted
        for j in range(len(names)):
            if not nominal[j]:
                col = self.X[weighted, j]
                self._sorted_values[j] = np.unique(col[~np.isnan(col)])
        self._nominal = np.array([j for j in range(len(names)) if nominal[j]], dtype=np.intp)
        self._numeric = np.array([j for j in range(len(names)) if not nominal[j]], dtype=np.intp)
        # nominal attributes: bin (offset + value) · k + class; missing values go to a sink bin
        n_bins = [max(len(self.schema.categories[j]), 1) for j in self._nominal]
        self._nom_offsets = np.concatenate([[0], np.cumsum(n_bins)[:-1]]).astype(np.intp)
        self._nom_bins = int(sum(n_bins))
        if len(self._nominal):
            codes = self.X[:, self._nominal]
            missing = np.isnan(codes)
            codes = np.where(
                missing,
                self._nom_bins,
                np.where(missing, 0, codes).astype(np.intp) + self._nom_offsets[None, :],
            )
            self._nom_index = (codes * k + self.y[:, None]).astype(np.intp)
        self._nom_position = {int(j): i for i, j in enumerate(self._nominal)}
        self._position = dict(self._nom_position)
        self._position.update({int(j): i for i, j in enumerate(self._numeric)})
        # where each attribute's scores sit in [nominal scan, numeric scan]
        self._scan_index = np.array(
            [
                self._position[j] + (0 if j in self._nom_position else len(self._nominal))
                for j in range(len(names))
            ],
            dtype=np.intp,
        )
        self._counts_in_average = np.array(
            [self._all_multi or not self._multi_value[j] for j in range(len(names))], dtype=bool
        )
        self._feature_order: dict = {}
        self._feature_lists: dict = {}
        self._masks: dict = {}
        self._numeric_key = tuple(int(j) for j in self._numeric)
        self._numeric_cols = np.arange(len(self._numeric))
        self._range = np.arange(0)
        self._scratch_w = np.zeros(n)
        self._stamp = np.zeros(n, dtype=np.int64)
        self._branch_of = np.zeros(n, dtype=np.int8)
        self._stamp_id = 0
        # public, read by C45Classifier for re-pruning: node id -> (rows, weights)
        self.node_data: dict = {}
        # the encoded training data, set by C45Classifier, kept on the fitted model
        self.train: tuple | None = None
        root = self._open[self.root.node_id]
        self.node_data[self.root.node_id] = (root.rows, root.weights)

    # ------------------------------------------------------------------ node statistics
    def _stats(self, rows: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, float]:
        counts = np.bincount(self.y[rows], weights=weights, minlength=len(self.classes))
        return counts.astype(float), entropy(counts)

    def _make_node(
        self, rows: np.ndarray, weights: np.ndarray, depth: int, parent: Any, stats: Any = None
    ) -> Any:
        node = super()._make_node(rows, weights, depth, parent, stats)
        if hasattr(self, "node_data"):
            self.node_data[node.node_id] = (rows, weights)
        return node

    # ------------------------------------------------------------------ scoring
    def candidates(self, node_id: int) -> tuple[Candidate, ...]:
        """Score every attribute (J48 scores none at a pure or too small node)."""
        state = self._state(node_id)
        if state.candidates is not None:
            return state.candidates
        if self._trivial(state) is not None:
            state.candidates = ()
            return ()
        features = self._feature_order.get(state.available)
        if features is None:
            self._feature_lists[state.available] = sorted(state.available)
            features = self._feature_order[state.available] = np.array(
                sorted(state.available), dtype=np.intp
            )
        decided = getattr(state, "_decided", None)
        if decided is not None:  # _scan_level decided the node with its batch (plain lists)
            nominal = getattr(state, "_nominal_scan", None)
            numeric = getattr(state, "_numeric_scan", None)
            admissible, scores, valid, passes, average, column = decided
            keep = self._feature_lists[state.available]
            if len(keep) < len(admissible):
                admissible, scores = [admissible[c] for c in keep], [scores[c] for c in keep]
                valid, passes = [valid[c] for c in keep], [passes[c] for c in keep]
            best = -1 if column < 0 else keep.index(column)
            any_admissible = any(admissible)
        else:
            total = float(np.add.reduce(state.weights))
            with np.errstate(divide="ignore", invalid="ignore"):
                nominal = self._scan_nominal(state, total)
                numeric = self._scan_numeric(state, total)
            if nominal is None or numeric is None:
                admissible, gains, ratios = (nominal or numeric)[:3]
            else:
                admissible, gains, ratios = (
                    np.concatenate([nominal[i], numeric[i]]) for i in range(3)
                )
            where = self._scan_index[features]
            admissible, gains, ratios = admissible[where], gains[where], ratios[where]
            average, passes, best, valid = self._decide(features, admissible, gains, ratios)
            scores = np.where(admissible, ratios, -np.inf).tolist()
            any_admissible = bool(np.any(admissible))

        context = (features, admissible, valid, passes, average, nominal, numeric)
        build = partial(self._candidate_at, context)
        split_of = partial(self._split_at, context)
        result = _C45Candidates(scores, build, best, any_admissible, split_of)
        state.candidates = result
        return result

    def _candidate_at(self, context: tuple, i: int) -> Candidate:
        """Candidate ``i`` of a node's list (``context``: what :meth:`candidates` found)."""
        features, admissible, valid, passes, average, nominal, numeric = context
        feature = int(features[i])
        extra = {}
        if admissible[i] and average is not None:
            extra = {
                "average_gain": average,
                "in_average": bool(valid[i]),
                "passes_average": bool(passes[i]),
            }
        scan = nominal if feature in self._nom_position else numeric
        return scan[3](self._position[feature], feature, extra)

    def _split_at(self, context: tuple, i: int) -> Split:
        """The split of admissible candidate ``i``, without building the candidate."""
        features, numeric = context[0], context[6]
        feature = int(features[i])
        if feature in self._nom_position:
            return MultiwaySplit(feature, len(self.schema.categories[feature]))
        return numeric[4](self._position[feature], feature)

    def _decide(self, features: np.ndarray, admissible: Any, gains: Any, ratios: Any) -> tuple:
        """``(average gain or None, passes, best position or -1, valid)`` of one node."""
        valid = admissible & self._counts_in_average[features]
        n_valid = int(np.count_nonzero(valid))
        average, passes, best = None, valid, -1
        if n_valid:
            average = sum(gains[valid].tolist()) / n_valid
            passes = admissible & (gains >= average - 1e-3)
            best_ratio = 0.0
            for i in np.flatnonzero(passes).tolist():
                if gr(float(ratios[i]), best_ratio):
                    best, best_ratio = i, float(ratios[i])
        return average, passes, best, valid

    def _score_feature(self, state: OpenLeaf, feature: int) -> Candidate:
        """The candidate of one attribute, without the average-gain fields."""
        total = float(np.add.reduce(state.weights))
        with np.errstate(divide="ignore", invalid="ignore"):
            if feature in self._nom_position:
                build = self._scan_nominal(state, total)[3]
            else:
                build = self._scan_numeric(state, total)[3]
        return build(self._position[feature], feature, {})

    def _finish_c45(
        self,
        feature: int,
        split: Split,
        bags: np.ndarray,
        total: float,
        gain_known: float,
        gain: float,
        split_ent: float,
        ratio: float,
        scores: dict,
    ) -> Candidate:
        rows = bags.tolist()  # a few counts: plain floats, summed in numpy's order
        sizes = [_sum(row) for row in rows]
        known = _sum(sizes)
        h = mean_info = 0.0
        if known > 0:  # _old_ent(class totals) and _new_ent(bags)
            parent = [_running(column) for column in zip(*rows)]
            h = (_xlogx1(_sum(parent)) - _sum([_xlogx1(c) for c in parent])) / known
            mean_info = (
                _sum(
                    [
                        _xlogx1(size) - _sum([_xlogx1(c) for c in row])
                        for size, row in zip(sizes, rows)
                    ]
                )
                / known
            )
        base = {
            "entropy_known": h,
            "mean_info": mean_info,
            "gain_known": gain_known,
            "known_fraction": known / total,
            "unknown_weight": total - known,
            "total_weight": total,
        }
        base.update(scores)
        base.update(
            {
                "information_gain": gain,
                "split_info": split_ent / total,
                "gain_ratio": ratio,
                "score": ratio,
                "impurity_decrease": gain,
                "weighted_decrease": total / self.total_weight * gain,
            }
        )
        return C45Candidate(
            feature,
            self.schema.names[feature],
            split,
            tuple(split.conditions(self.schema)),
            bags,
            base,
            ratio,
            context=self.builder.context,
        )

    def _inadmissible(self, feature: int, reason: str, extra: dict | None = None) -> Candidate:
        return C45Candidate(
            feature, self.schema.names[feature], None, (), np.zeros((1, 1)), {}, -np.inf, reason
        )

    def _scan_nominal(self, state: OpenLeaf, total: float) -> tuple | None:
        """Score every nominal attribute at once (call under ``np.errstate``).

        Returns ``(admissible, gain, gain ratio, build)``, one entry per nominal attribute;
        ``build(position, feature, extra)`` makes the attribute's candidate. A level of
        :meth:`run` scans its nodes together (:meth:`_scan_level`) and leaves the result here.
        """
        if not len(self._nominal):
            return None
        scanned = getattr(state, "_nominal_scan", None)
        if scanned is not None:
            return scanned
        return self._scan_nominal_nodes([state], [total])[0]

    def _scan_nominal_nodes(self, states: list, totals: list) -> list:
        """:meth:`_scan_nominal` of many nodes: one weighted ``bincount`` for them all."""
        k, m = self._k, self._m
        n_bins, offsets, n_nom = self._nom_bins, self._nom_offsets, len(self._nom_offsets)
        J, width = len(states), (self._nom_bins + 1) * k
        if J == 1:
            index, weights = self._nom_index[states[0].rows], states[0].weights
        else:
            lengths = [len(state.rows) for state in states]
            rows = np.concatenate([state.rows for state in states])
            weights = np.concatenate([state.weights for state in states])
            node = np.repeat(np.arange(J) * width, lengths)
            index = self._nom_index[rows] + node[:, None]  # each node its own bins
        counts2 = np.bincount(
            index.ravel(), weights=np.repeat(weights, n_nom), minlength=J * width
        ).reshape(J, n_bins + 1, k)[:, :n_bins]
        t = np.array(totals, dtype=float)[:, None]
        sizes = np.add.reduce(counts2, axis=2)
        known = np.add.reduceat(sizes, offsets, axis=1)
        parent = np.add.reduceat(counts2, offsets, axis=1)
        # one xlogx call for every count: cells, values, class totals, known, unknown, total
        xl = _xlogx(
            np.concatenate(
                [
                    counts2.ravel(),
                    sizes.ravel(),
                    parent.ravel(),
                    np.add.reduce(parent, axis=2).ravel(),
                    (t - known).ravel(),
                    t[:, 0],
                ]
            )
        )
        a = J * n_bins * k
        b = a + J * n_bins
        c = b + J * n_nom * k
        d = c + J * n_nom
        xl_counts, xl_sizes = xl[:a].reshape(J, n_bins, k), xl[a:b].reshape(J, n_bins)
        xl_parent, xl_known = xl[b:c].reshape(J, n_nom, k), xl[c:d].reshape(J, n_nom)
        xl_unknown, xl_total = xl[d : d + J * n_nom].reshape(J, n_nom), xl[d + J * n_nom :]
        new = np.add.reduceat(xl_sizes - np.add.reduce(xl_counts, axis=2), offsets, axis=1)
        old = xl_known - np.add.reduce(xl_parent, axis=2)
        numer = (1 - (t - known) / t) * (old - new)
        gains = np.where(np.abs(numer) < SMALL, 0.0, numer / known)
        # no "known > SMALL" guard: an attribute unknown at a node holds no two values of
        # min_samples_leaf >= 1, so it is not admissible and its split info is never read
        split_ent = -np.add.reduceat(xl_sizes, offsets, axis=1) - xl_unknown + xl_total[:, None]
        ratios = np.where(np.abs(split_ent) < SMALL, 0.0, gains / (split_ent / t))
        big = ((m - sizes) < SMALL) | (sizes >= m)
        admissible = np.add.reduceat(big.astype(np.intp), offsets, axis=1) >= 2
        batch = (admissible, gains, split_ent, ratios, counts2)
        self._batch_scores = (admissible, gains, ratios)
        return [
            (admissible[j], gains[j], ratios[j], partial(self._nominal_at, batch, j, total))
            for j, total in enumerate(totals)
        ]

    def _nominal_at(
        self, batch: tuple, j: int, total: float, pos: int, feature: int, extra: dict
    ) -> Candidate:
        """The nominal candidate ``pos`` of node ``j`` of a scanned batch."""
        m, offsets = self._m, self._nom_offsets
        admissible, gains, split_ent, ratios, counts2 = (a[j] for a in batch)
        if not admissible[pos]:
            return self._inadmissible(
                feature, f"fewer than two values hold min_samples_leaf={m} instances"
            )
        v = len(self.schema.categories[feature])
        start = offsets[pos]
        scores = {"n_cuts": 0}
        scores.update(extra)
        gain = float(gains[pos])
        return self._finish_c45(
            feature,
            MultiwaySplit(feature, v),
            counts2[start : start + v].copy(),
            total,
            gain,
            gain,
            float(split_ent[pos]),
            float(ratios[pos]),
            scores,
        )

    def _sorted_rows(self, state: OpenLeaf) -> np.ndarray:
        """The node's rows sorted by every numeric attribute (missing values last)."""
        sorted_rows = state.sorted_rows
        if sorted_rows is None or state.sorted_features != self._numeric_key:
            Xn = self.X[np.ix_(state.rows, self._numeric)]
            sorted_rows = state.rows[np.argsort(Xn, axis=0, kind="stable")]
            state.sorted_rows, state.sorted_features = sorted_rows, self._numeric_key
        return sorted_rows

    def _scan_numeric(self, state: OpenLeaf, total: float) -> tuple | None:
        """Best cut of every numeric attribute at once (call under ``np.errstate``).

        Rows are walked in each attribute's sorted order (missing values last); cumulative
        weighted class counts give both sides of every cut of every attribute. Returns
        ``(admissible, gain, gain ratio, build)`` like :meth:`_scan_nominal`. A level of
        :meth:`run` scans its nodes together (:meth:`_scan_level`) and leaves the result here.
        """
        if not len(self._numeric):
            return None
        scanned = getattr(state, "_numeric_scan", None)
        if scanned is not None:
            return scanned
        return self._scan_numeric_nodes([state], [total])[0]

    def _scan_numeric_nodes(self, states: list, totals: list) -> list:
        """:meth:`_scan_numeric` of many nodes, stacked (:func:`~.c45_scan.numeric_scan`)."""
        sorted_rows = [self._sorted_rows(state) for state in states]
        f, scratch = len(self._numeric), self._scratch_w
        if len(states) == 1:
            S = sorted_rows[0][None]
            scratch[states[0].rows] = states[0].weights
            W = scratch[S]
            xs = self.X[S, self._numeric]
        else:
            lengths = np.array([len(rows) for rows in sorted_rows])
            L = int(lengths.max())
            S = np.zeros((len(states), L, f), dtype=np.intp)
            W = np.zeros((len(states), L, f))
            for j, (rows, state) in enumerate(zip(sorted_rows, states)):
                scratch[state.rows] = state.weights
                S[j, : len(rows)] = rows
                W[j, : len(rows)] = scratch[rows]
            xs = self.X[S, self._numeric]
            xs[np.arange(L)[None, :] >= lengths[:, None]] = np.nan  # pads: missing, weight 0
        scan = numeric_scan(xs, W, self.y[S], np.array(totals, dtype=float), self._k, self._m)
        self._batch_scores = (scan.admissible, scan.gain, scan.ratios)
        return [
            (
                scan.admissible[j],
                scan.gain[j],
                scan.ratios[j],
                partial(self._numeric_at, scan, j, t),
                partial(self._numeric_split, scan, j),
            )
            for j, t in enumerate(totals)
        ]

    def _numeric_split(self, scan: NumericScan, j: int, pos: int, feature: int) -> Split:
        """The split of node ``j``'s admissible cut of attribute ``pos`` (as its candidate's)."""
        cut = midpoint(float(scan.lows[j, pos]), float(scan.highs[j, pos]))
        return ThresholdSplit(feature, self._split_point(feature, cut), tolerance=J48_TOLERANCE)

    def _numeric_at(
        self, scan: NumericScan, j: int, total: float, pos: int, feature: int, extra: dict
    ) -> Candidate:
        """The numeric candidate ``pos`` of node ``j`` of ``scan``."""
        k, m = self._k, self._m

        def shown_min_split(pos: int) -> Any:
            shown = 0.1 * float(scan.known[j, pos]) / k  # as J48 keeps it: -M when clamped
            if sm_or_eq(shown, m):
                return m
            return 25.0 if gr(shown, 25) else shown

        if scan.admissible[j, pos]:
            # the engine's midpoint; J48 then stores the largest training value <= it
            cut = midpoint(float(scan.lows[j, pos]), float(scan.highs[j, pos]))
            return self._build_numeric(
                feature,
                scan.bags[:, j, pos].copy(),
                total,
                float(scan.gain_known[j, pos]),
                float(scan.gain[j, pos]),
                float(scan.split_ent[j, pos]),
                float(scan.ratios[j, pos]),
                int(scan.n_cuts[j, pos]),
                shown_min_split(pos),
                cut,
                extra,
            )
        if scan.too_few[j, pos]:
            return self._inadmissible(
                feature, f"fewer than 2 × {fmt(shown_min_split(pos), 2)} known values"
            )
        cuts = int(scan.n_cuts[j, pos])
        if cuts == 0:
            return self._inadmissible(
                feature, f"no cut leaves {fmt(shown_min_split(pos), 2)} instances on each side"
            )
        return self._no_gain(feature, float(scan.gain_known[j, pos]), cuts, total)

    def _arange(self, n: int) -> np.ndarray:
        if len(self._range) < n:
            self._range = np.arange(max(n, 2 * len(self._range)))
        return self._range[:n]

    def _no_gain(self, feature: int, gain_known: float, n_cuts: int, total: float) -> Candidate:
        return C45Candidate(
            feature,
            self.schema.names[feature],
            None,
            (),
            np.zeros((1, 1)),
            {
                "gain_known": gain_known,
                "n_cuts": n_cuts,
                "mdl_correction": math.log2(n_cuts) / total,
            },
            -np.inf,
            f"gain {fmt(gain_known)} − log2({n_cuts})/{fmt(total, 2)} <= 0",
        )

    def _build_numeric(
        self,
        feature: int,
        bags: np.ndarray,
        total: float,
        gain_known: float,
        gain: float,
        split_ent: float,
        ratio: float,
        n_cuts: int,
        min_split: float,
        midpoint: float,
        extra: dict,
    ) -> Candidate:
        threshold = self._split_point(feature, midpoint)
        scores = {
            "n_cuts": n_cuts,
            "mdl_correction": math.log2(n_cuts) / total,
            "min_split": min_split,
            "midpoint": midpoint,
            "threshold": threshold,
        }
        scores.update(extra)
        split = ThresholdSplit(feature, threshold, tolerance=J48_TOLERANCE)
        return self._finish_c45(
            feature, split, bags, total, gain_known, gain, split_ent, ratio, scores
        )

    def _split_point(self, feature: int, midpoint: float) -> float:
        """Weka's ``setSplitPoint``: the largest training value <= the midpoint.

        Weka scans all training values in data order and moves to a value only if it is
        more than 1e-6 above the current one; that matters only where training values lie
        within 1e-6 of each other, and only then is the scan done here.
        """
        uniq = self._sorted_values[feature]
        ok = (uniq - midpoint < 1e-6) | (uniq <= midpoint)
        pos = int(ok.sum()) - 1
        if pos < 0:
            return midpoint
        if pos == 0 or uniq[pos] - uniq[pos - 1] > 2e-6:
            return float(uniq[pos])
        column = self.X[self._weighted_rows, feature]
        values = column[~np.isnan(column)]
        values = values[(values - midpoint < 1e-6) | (values <= midpoint)]
        best = -np.finfo(float).max
        running = np.maximum.accumulate(np.concatenate([[best], values]))[:-1]
        for v in values[values > running]:
            if gr(float(v), best):
                best = float(v)
        return best

    # ------------------------------------------------------------------ level by level
    def run(self, level_wise: bool = True) -> Tree:
        """Grow until no leaf is open; return the tree (the tree and steps of node-by-node growth).

        A fresh grower grows level by level: the nodes of a level are scored together
        (:meth:`_scan_level`), then expanded in turn; the node ids and the order of the
        steps are then those depth-first growth gives (:meth:`_number_depth_first`).
        With ``level_wise=False``, or once a node has been expanded, one node at a time.

        Examples
        --------
        >>> from dtlearn import C45Classifier, load_play_tennis
        >>> grower = C45Classifier().make_grower(*load_play_tennis(numeric=True))
        >>> print(grower.run().to_text(style="weka").splitlines()[0])
        outlook = sunny
        >>> [step.node_id for step in grower.steps]  # depth first, as node by node
        [0, 1, 4, 5, 2, 3, 6, 7]
        """
        if not level_wise or self.steps or len(self._open) != 1:
            return super().run(level_wise)
        level = list(self._open)
        while level:
            self._scan_level([self._open[node_id] for node_id in level])
            self._expand_level(level)
            level = sorted(self._open)
        self._number_depth_first()
        return self.tree()

    def _expand_level(self, level: list) -> None:
        """:meth:`expand` every node of ``level`` (in order), its rows routed in one pass.

        Each node is decided as :meth:`stop_reason` decides it; the chosen candidate stays
        unbuilt in its step (built when read). The split nodes' rows go down their splits
        together (:func:`~.c45_scan.level_parts`), and their children are made from that.
        """
        depth = self.config.max_depth
        decided: list = []  # (state, candidates, reason, best index, split)
        for node_id in level:
            state = self._open[node_id]
            reason = self._trivial(state)
            candidates: Any = ()
            best, split = None, None
            if reason is None and depth is not None and state.node.depth >= depth:
                reason = f"max_depth={depth} reached"
            if reason is None:
                candidates = self.candidates(node_id)
                if not candidates.any_admissible:
                    reason = "no attribute can split these instances"
                elif candidates.best_index < 0:
                    reason = "no attribute with at least average gain has a positive gain ratio"
                else:
                    best = candidates.best_index
                    split = candidates.split_of(best)
            decided.append([state, candidates, reason, best, split])
        splitting = [d for d in decided if d[4] is not None]
        routed = self._route_level(splitting) if splitting else None
        for d in decided:
            state, candidates, reason, best, _ = d
            self.steps.append(
                GrowthStep(
                    state.node.node_id,
                    state.parent_id,
                    state.node.depth,
                    state.condition,
                    state.rows,
                    state.node.n_samples,
                    self._node_counts(state),
                    state.node.impurity,
                    candidates,
                    None if reason else best,
                    reason,
                    "greedy",
                    self.classes,
                    self.target_name,
                )
            )
            del self._open[state.node.node_id]
        self._order = []
        if routed is not None:
            self._open_level(routed)
        for d in decided:
            d[0].sorted_rows = None  # kept steps must not hold the sort orders

    def _route_level(self, splitting: list) -> tuple:
        """Route the rows of the nodes that would split, all in one pass.

        A node whose stored cut sends every known row one way closes instead (as in
        :meth:`stop_reason`).
        """
        lengths = np.array([len(d[0].rows) for d in splitting])
        node_of = np.repeat(np.arange(len(splitting)), lengths)
        rows = np.concatenate([d[0].rows for d in splitting])
        features = np.array([d[4].feature for d in splitting], dtype=np.intp)
        thresholds = np.array(
            [d[4].threshold if type(d[4]) is ThresholdSplit else np.nan for d in splitting]
        )
        branch = level_branches(self.X, rows, node_of, features, thresholds, J48_TOLERANCE)
        n_branches = np.array([d[4].n_branches for d in splitting], dtype=np.int64)
        known = branch >= 0
        width = int(n_branches.max())
        seen = np.bincount(node_of[known] * width + branch[known], minlength=len(splitting) * width)
        one_way = np.add.reduce(seen.reshape(-1, width) > 0, axis=1) == 1
        if one_way.any():
            for j in np.flatnonzero(one_way).tolist():
                d = splitting[j]
                d[2], d[4] = (
                    "the stored cut sends every instance one way (J48 would never stop)",
                    None,
                )
            keep = ~one_way[node_of]
            splitting = [d for d in splitting if d[4] is not None]
            if not splitting:
                return None
            rows, branch = rows[keep], branch[keep]
            node_of = np.repeat(np.arange(len(splitting)), lengths[~one_way])
            n_branches = n_branches[~one_way]
        weights = np.concatenate([d[0].weights for d in splitting])
        parts = level_parts(rows, weights, self.y, node_of, branch, n_branches, self._k)
        return splitting, parts, branch

    def _open_level(self, routed: tuple) -> None:
        """Make the children of a level's split nodes from :meth:`_route_level`'s parts.

        The nodes, their statistics and open leaves are those :meth:`open_children` makes
        (``Grower._make_node``'s arithmetic: counts summed in numpy's order, the class
        distribution ``counts / total``, J48's entropy).
        """
        splitting, parts, branch = routed
        starts = parts.starts.tolist()
        at = 0  # where each split node's rows start in ``branch``
        counts2 = parts.counts
        totals = sum_last(counts2)
        with np.errstate(divide="ignore", invalid="ignore"):
            values = counts2 / totals[:, None]
        count_rows, total_list = counts2.tolist(), totals.tolist()
        rows, weights, data = parts.rows, parts.weights, self.node_data
        c = 0
        for state, _, _, _, split in splitting:
            node = state.node
            nb = split.n_branches
            node.split = split
            node.branch_weights = parts.fractions[c : c + nb]
            available = state.available
            if type(split) is MultiwaySplit:
                available = available - {split.feature}
            conditions = split.conditions(self.schema)
            depth = node.depth + 1
            children, pieces, needs = [], [], []
            for b in range(c, c + nb):
                piece = (rows[starts[b] : starts[b + 1]], weights[starts[b] : starts[b + 1]])
                total = total_list[b]
                value = values[b] if total > 0 else node.value.copy()
                child = Node(self._next_id, depth, total, entropy(count_rows[b]), value, counts2[b])
                self._next_id += 1
                data[child.node_id] = piece
                node.children.append(child)
                open_leaf = OpenLeaf(
                    child, piece[0], piece[1], available, node.node_id, conditions[b - c]
                )
                trivial = self._trivial_list(count_rows[b])
                open_leaf._trivial = trivial  # type: ignore[attr-defined]
                children.append(open_leaf)
                pieces.append(piece)
                needs.append(trivial is None)
            c += nb
            own = branch[at : at + len(state.rows)]
            at += len(state.rows)
            for child_state, sorted_rows in zip(
                children, self._children_sorted(state, pieces, needs, own)
            ):
                child_state.sorted_rows = sorted_rows
                child_state.sorted_features = state.sorted_features
            for child_state in children:
                self._open[child_state.node.node_id] = child_state
            self._order.extend(child.node.node_id for child in reversed(children))

    def _children_sorted(
        self, state: OpenLeaf, parts: list, needs: list, branch: np.ndarray
    ) -> list:
        """:meth:`_partition_sorted` for the children that ``needs`` marks (``None`` else).

        ``branch``: each of the node's rows' branch. Where every row has one, every
        attribute's sort order is grouped by branch in one stable sort (small integers:
        a radix sort), each child's orders then a run of the result.
        """
        sorted_rows = state.sorted_rows
        if sorted_rows is None:
            return []
        state.sorted_rows = None
        if not any(needs):
            return [None] * len(parts)
        if len(parts) < 128 and not (branch < 0).any():
            self._branch_of[state.rows] = branch
            order = np.argsort(self._branch_of[sorted_rows], axis=0, kind="stable")
            grouped = np.take_along_axis(sorted_rows, order, axis=0)
            out: list = []
            start = 0
            for (rows, _), need in zip(parts, needs):
                end = start + len(rows)
                out.append(grouped[start:end] if need else None)
                start = end
            return out
        return self._filtered_orders(sorted_rows, parts, needs)

    def _scan_level(self, states: list) -> None:
        """Score the attributes of every node of a level that will be scored.

        Nodes of alike sizes (up to a power of two) are stacked, a few thousand rows at a
        time; each keeps its result for :meth:`_scan_numeric`.
        """
        depth = self.config.max_depth
        todo = [
            s
            for s in states
            if s.candidates is None
            and self._trivial(s) is None
            and (depth is None or s.node.depth < depth)
        ]
        if not todo:
            return
        groups: dict = {}
        for state in todo:
            groups.setdefault((len(state.rows) - 1).bit_length(), []).append(state)
        for size, group in groups.items():
            per_batch = max(1, _BATCH_ROWS >> size)
            for start in range(0, len(group), per_batch):
                batch = group[start : start + per_batch]
                totals = [float(np.add.reduce(state.weights)) for state in batch]
                scans = []
                with np.errstate(divide="ignore", invalid="ignore"):
                    if len(self._nominal):
                        found = self._scan_nominal_nodes(batch, totals)
                        for state, scan in zip(batch, found):
                            state._nominal_scan = scan  # type: ignore[attr-defined]
                        scans.append(self._batch_scores)
                    if len(self._numeric):
                        found = self._scan_numeric_nodes(batch, totals)
                        for state, scan in zip(batch, found):
                            state._numeric_scan = scan  # type: ignore[attr-defined]
                        scans.append(self._batch_scores)
                    self._decide_batch(batch, scans)

    def _decide_batch(self, batch: list, scans: list) -> None:
        """J48's attribute choice at every node of a scanned batch, all at once.

        As :meth:`candidates` makes it node by node: the average gain, the filter, the
        first best gain ratio.
        """
        adm, gains, ratios = (
            np.concatenate([arrays[j] for arrays in scans], axis=1)[:, self._scan_index]
            for j in range(3)
        )
        available = np.array([self._available_mask(state.available) for state in batch])
        valid = adm & self._counts_in_average[None, :] & available
        n_valid = np.add.reduce(valid, axis=1)
        # a sum from left to right, as ``sum`` of the valid gains in column order
        summed = np.cumsum(np.where(valid, gains, 0.0), axis=1)[:, -1]
        average = summed / np.maximum(n_valid, 1)
        passes = adm & available & (gains >= (average - 1e-3)[:, None])
        passes &= (n_valid > 0)[:, None]
        marked = np.where(passes & ~np.isnan(ratios), ratios, -np.inf)
        best = first_best_columns(marked.T, np.add.reduce(passes, axis=1)).tolist()
        scores = np.where(adm, ratios, -np.inf).tolist()
        columns = zip(adm.tolist(), scores, valid.tolist(), passes.tolist())
        averages = np.where(n_valid > 0, average, np.nan).tolist()
        for state, (a, r, v, p), mean, b in zip(batch, columns, averages, best):
            mean = None if mean != mean else mean  # nan: no valid attribute
            state._decided = (a, r, v, p, mean, b)  # type: ignore[attr-defined]

    def _available_mask(self, available: frozenset) -> np.ndarray:
        mask = self._masks.get(available)
        if mask is None:
            mask = self._masks[available] = np.zeros(len(self.schema.names), dtype=bool)
            mask[list(available)] = True
        return mask

    def _number_depth_first(self) -> None:
        """Renumber the nodes and reorder the steps as depth-first growth makes them.

        Depth-first growth expands the top of a stack and numbers a split node's children
        in branch order as it pushes them (first child on top).
        """
        root = self.root
        new_id = {root.node_id: 0}
        order, stack = [], [root]
        while stack:
            node = stack.pop()
            order.append(node.node_id)
            for child in node.children:
                new_id[child.node_id] = len(new_id)
            stack.extend(reversed(node.children))
        step_of = {step.node_id: step for step in self.steps}
        self.steps = [step_of[old] for old in order]
        for step in self.steps:  # this run's own steps, not yet handed out: set in place
            parent = step.parent_id
            object.__setattr__(step, "node_id", new_id[step.node_id])
            object.__setattr__(step, "parent_id", None if parent is None else new_id[parent])
        stack = [root]
        while stack:
            node = stack.pop()
            node.node_id = new_id[node.node_id]
            stack.extend(node.children)
        self.node_data = {new_id[old]: data for old, data in self.node_data.items()}

    # ------------------------------------------------------------------ decisions
    def _best(self, candidates: tuple[Candidate, ...], node_id: int) -> Candidate | None:
        if isinstance(candidates, _C45Candidates):
            return None if candidates.best_index < 0 else candidates[candidates.best_index]
        best, ratio = None, 0.0
        for c in candidates:
            if (
                c.admissible
                and c.scores.get("passes_average", False)
                and gr(c.scores["gain_ratio"], ratio)
            ):
                best, ratio = c, c.scores["gain_ratio"]
        return best

    def _trivial(self, state: OpenLeaf) -> str | None:
        cached = getattr(state, "_trivial", False)
        if cached is not False:
            return cached
        reason = self._trivial_counts(state.node.counts)
        state._trivial = reason  # type: ignore[attr-defined]
        return reason

    def _trivial_counts(self, node_counts: np.ndarray) -> str | None:
        """Why J48 scores no attribute at a node of these class counts (pure, too small)."""
        return self._trivial_list(node_counts.tolist())

    def _trivial_list(self, counts: list) -> str | None:
        """:meth:`_trivial_counts` of the counts as a list."""
        total = _sum(counts)
        m = self._m
        if sm(total, 2 * m):
            return f"less than 2 × min_samples_leaf={m} instances"
        if eq(total, max(counts)):
            return "pure node"
        return None

    def stop_reason(self, node_id: int) -> str | None:
        """Why J48 makes ``node_id`` a leaf, or ``None`` if it splits."""
        state = self._state(node_id)
        reason = self._trivial(state)
        if reason is not None:
            return reason
        depth = self.config.max_depth
        if depth is not None and state.node.depth >= depth:
            return f"max_depth={depth} reached"
        candidates = self.candidates(node_id)
        admissible = (
            candidates.any_admissible
            if isinstance(candidates, _C45Candidates)
            else any(c.admissible for c in candidates)
        )
        if not admissible:
            return "no attribute can split these instances"
        best = self._best(candidates, node_id)
        if best is None:
            return "no attribute with at least average gain has a positive gain ratio"
        # J48 stores the cut as the largest training value <= the midpoint, found in steps of
        # more than 1e-6, and routes x left when x - cut < 1e-6: a value exactly 1e-6 above a
        # smaller training value is scored left but sent right. Where that sends all of a
        # node's instances one way, J48 recurses until its stack overflows; here it is a leaf.
        branch = route_rows(best.split, self.X, state.rows)
        state._route = (best.split, branch)  # type: ignore[attr-defined]  # _partition's
        known = branch[branch >= 0]
        if known.size and (known == known[0]).all():
            return "the stored cut sends every instance one way (J48 would never stop)"
        return None

    # ------------------------------------------------------------------ splitting
    def _partition(self, state: OpenLeaf, split: Split) -> list[tuple[np.ndarray, np.ndarray]]:
        routed = getattr(state, "_route", None)  # stop_reason routed the rows already
        branch = routed[1] if routed is not None and routed[0] is split else None
        parts, fractions = split_weighted(
            split, self.X, self.y, len(self.classes), state.rows, state.weights, branch=branch
        )
        state.node.branch_weights = fractions
        return parts

    def _partition_sorted(self, state: OpenLeaf, parts: list) -> list:
        """Children's per-attribute sort orders, filtered from the parent's.

        A row whose test value is unknown goes down every branch, so each child is
        filtered on its own (rows are marked with a stamp, no array is cleared). A child
        J48 will not score (pure, too small: most of them) gets none (``None``).
        """
        sorted_rows = state.sorted_rows
        if sorted_rows is None:
            return []
        state.sorted_rows = None  # the parent no longer needs it: free the memory
        # open_children made the children: one J48 will not score needs no order
        needs = [self._trivial_counts(child.counts) is None for child in state.node.children]
        return self._filtered_orders(sorted_rows, parts, needs)

    def _filtered_orders(self, sorted_rows: np.ndarray, parts: list, needs: list) -> list:
        """Each needed part's rows in the parent's per-attribute order (else ``None``).

        A part's rows are marked with a stamp, so no array is cleared between parts.
        """
        columns = sorted_rows.T
        n_features = sorted_rows.shape[1]
        out: list = []
        for (rows, _), need in zip(parts, needs):
            if not need:
                out.append(None)
                continue
            self._stamp_id += 1
            self._stamp[rows] = self._stamp_id
            keep = self._stamp[columns] == self._stamp_id
            out.append(columns[keep].reshape(n_features, -1).T)
        return out


__all__ = ["C45Candidate", "C45Grower", "J48_TOLERANCE"]
