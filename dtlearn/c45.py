"""C4.5 as Weka's J48 grows it: gain ratio, numeric thresholds, missing values, pruning.

:class:`C45Classifier` grows with the same engine as every other learner
(:class:`~dtlearn.grow.Grower`), with J48's rules plugged in (:class:`C45Grower`):

* **Attribute choice.** Among the attributes that can split the node, those whose
  information gain is at least the average gain (minus 0.001) compete on gain ratio; the
  first with the highest wins. Nominal attributes with at least 0.3·N values (N: all
  training instances) are left out of the average, unless every attribute is such.
* **Numeric attributes.** Binary ``x <= t``. Cuts lie between adjacent known values that
  differ by more than 1e-5, and each side must keep at least
  ``clamp(0.1 · known weight / #classes, min_samples_leaf, 25)``. The best cut's gain is
  reduced by ``log2(#cuts tried) / N`` (N: all weight at the node). The threshold found at
  a midpoint becomes the largest training value not above it (``humidity <= 75``).
* **Missing values.** Gain is computed on the known values and multiplied by their share;
  split info counts the unknowns as one more branch; an instance whose test value is
  unknown goes down every branch with weight proportional to the branch's known weight
  (leaf counts become fractional: ``(253.41/3.75)``); prediction mixes the branches.
* **A node stays a leaf** when it is pure, holds less than ``2 · min_samples_leaf``
  weight, or no attribute has a positive gain ratio among those with average gain.

After growing, J48 collapses subtrees that do not reduce training error and then prunes
pessimistically (:mod:`dtlearn.pessimistic`). Every decision is recorded: growth in
``steps_``, pruning in ``pruning_``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .explain import Derivation, ResultTable, fmt
from .grow import Candidate, Grower, GrowthConfig, GrowthStep, _Open
from .learners import _check_bool, _check_float, _check_int, _Classifier, _TreeLearner, _weights
from .pessimistic import (
    PessimisticPruneResult,
    _eq,
    _gr,
    _gr_or_eq,
    _sm,
    _sm_or_eq,
    collapse,
    pessimistic_prune,
    split_weighted,
)
from .splits import MultiwaySplit, Split, ThresholdSplit, format_number
from .tree import Tree

__all__ = ["C45Candidate", "C45Classifier", "C45Grower"]

_LOG2 = math.log(2.0)


def _xlogx(x: np.ndarray) -> np.ndarray:
    """Weka's ``logFunc``: ``x·log2(x)``, 0 below 1e-6."""
    x = np.asarray(x, dtype=float)
    safe = np.where(x < 1e-6, 1.0, x)
    return np.where(x < 1e-6, 0.0, x * np.log(safe) / _LOG2)


def _old_ent(counts: np.ndarray) -> float:
    return float(_xlogx(counts.sum()) - _xlogx(counts).sum())


def _new_ent(bags: np.ndarray) -> np.ndarray:
    """Σ over bags of (n_b·log n_b − Σ_j n_bj·log n_bj); bags on the second-last axis."""
    return (_xlogx(bags.sum(axis=-1)) - _xlogx(bags).sum(axis=-1)).sum(axis=-1)


def _split_ent(sizes: np.ndarray, total: float) -> float:
    known = float(sizes.sum())
    if not _gr(known, 0):
        return 0.0
    return float(-_xlogx(sizes).sum() - _xlogx(total - known) + _xlogx(total))


def _gain_from(numerator: float, known: float, total: float) -> float:
    """InfoGainSplitCrit.splitCritValue: (1 − unknown rate)·(oldEnt − newEnt)/known."""
    numerator = (1 - (total - known) / total) * numerator
    if _eq(numerator, 0):
        return 0.0
    return numerator / known


def _first_best(values: np.ndarray) -> int:
    """Weka's scan ``if (gr(v, best)) best = v`` from 0; -1 when nothing beats 0."""
    best, index = 0.0, -1
    running = np.maximum.accumulate(np.concatenate([[0.0], values]))[:-1]
    for i in np.flatnonzero(values > running):  # only record-breakers can win
        if _gr(float(values[i]), best):
            best, index = float(values[i]), int(i)
    return index


@dataclass(frozen=True)
class C45Candidate(Candidate):
    """A J48 candidate split: gain on known values, correction, split info, gain ratio.

    ``scores`` holds ``information_gain`` (after the numeric correction),
    ``gain_known`` (gain on the known values), ``known_fraction``, ``mdl_correction``,
    ``n_cuts``, ``split_info`` (unknowns as an extra branch), ``gain_ratio``,
    ``average_gain``, ``in_average``, ``passes_average`` and, for numeric attributes,
    ``midpoint`` and ``threshold``.
    """

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
        names = [str(c) for c in classes] if classes is not None else \
            [f"class {j}" for j in range(counts.shape[1])]
        rows = [tuple([cond] + [fmt(v, 2) for v in row] + [fmt(row.sum(), 2)])
                for cond, row in zip(self.conditions, counts)]
        if s["unknown_weight"] > 0:
            rows.append(tuple(["(unknown)"] + [""] * len(names) + [fmt(s["unknown_weight"], 2)]))
        table = ResultTable(tuple(["branch"] + names + ["n"]), tuple(rows))
        total = s["total_weight"]
        known = total - s["unknown_weight"]
        lines: list[Any] = [table,
                            f"H(known) = {fmt(s['entropy_known'])} bits, mean info = "
                            f"{fmt(s['mean_info'])} bits",
                            f"gain = known fraction · (H(known) − mean info) = {fmt(known, 2)}/"
                            f"{fmt(total, 2)} · ({fmt(s['entropy_known'])} − "
                            f"{fmt(s['mean_info'])}) = {fmt(s['gain_known'])}"]
        if s.get("n_cuts", 0):
            lines.append(f"corrected gain = gain − log2(cuts tried)/N = {fmt(s['gain_known'])} − "
                         f"log2({s['n_cuts']})/{fmt(total, 2)} = {fmt(s['information_gain'])}")
        lines.append(f"split info = {fmt(s['split_info'])} bits"
                     + (" (unknowns counted as an extra branch)" if s["unknown_weight"] else ""))
        lines.append(f"gain ratio = {fmt(s['information_gain'])} / {fmt(s['split_info'])} = "
                     f"{fmt(s['gain_ratio'])}")
        if "midpoint" in s:
            lines.append(f"threshold: best cut at midpoint {format_number(s['midpoint'])}, stored "
                         f"as the largest training value <= it: {format_number(s['threshold'])}")
        if "average_gain" in s:
            verdict = "passes" if s["passes_average"] else "fails"
            lines.append(f"average-gain filter: gain {fmt(s['information_gain'])} vs average "
                         f"{fmt(s['average_gain'])} − 0.001: {verdict}")
        else:
            lines.append("average-gain filter: not computed")
        return Derivation.build(f"{self.feature_name} (C4.5 / J48)", lines)


class C45Grower(Grower):
    """The growth engine with J48's attribute choice, numeric cuts and missing values.

    Parameters are those of :class:`~dtlearn.grow.Grower`; ``config.min_samples_leaf``
    is J48's ``-M``. Made by :meth:`C45Classifier.make_grower`.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        n = self.X.shape[0]
        names = self.schema.names
        self._multi_value = [self.schema.is_categorical(j) and
                             not len(self.schema.categories[j]) < 0.3 * n
                             for j in range(len(names))]
        self._all_multi = all(self._multi_value) if names else False
        self._sorted_values = {}
        for j in range(len(names)):
            if not self.schema.is_categorical(j):
                col = self.X[:, j]
                self._sorted_values[j] = np.unique(col[~np.isnan(col)])

    # ------------------------------------------------------------------ scoring
    def candidates(self, node_id: int) -> tuple[Candidate, ...]:
        """Score every attribute (J48 scores none at a pure or too small node)."""
        state = self._state(node_id)
        cached = getattr(state, "_candidates", None)
        if cached is not None:
            return cached
        if self._trivial(state) is not None:
            state._candidates = ()  # type: ignore[attr-defined]
            return ()
        result = tuple(self._score_feature(state, j) for j in sorted(state.available))
        valid = [c for c in result if c.admissible and
                 (self._all_multi or not self._multi_value[c.feature])]
        if valid:
            average = sum(c.scores["information_gain"] for c in valid) / len(valid)
            for c in result:
                if c.admissible:
                    c.scores["average_gain"] = average
                    c.scores["in_average"] = any(c is v for v in valid)
                    c.scores["passes_average"] = c.scores["information_gain"] >= average - 1e-3
        state._candidates = result  # type: ignore[attr-defined]
        return result

    def _score_feature(self, state: _Open, feature: int) -> Candidate:
        if self.schema.is_categorical(feature):
            return self._score_nominal(state, feature)
        return self._score_numeric(state, feature)

    def _base_scores(self, state: _Open, bags: np.ndarray, gain_known: float,
                     total: float) -> dict:
        sizes = bags.sum(axis=1)
        known = float(sizes.sum())
        parent = bags.sum(axis=0)
        h = _old_ent(parent) / known if known > 0 else 0.0
        mean_info = float(_new_ent(bags)) / known if known > 0 else 0.0
        return {"entropy_known": h, "mean_info": mean_info, "gain_known": gain_known,
                "known_fraction": known / total, "unknown_weight": total - known,
                "total_weight": total}

    def _finish_c45(self, state: _Open, feature: int, split: Split, bags: np.ndarray,
                    gain: float, scores: dict) -> Candidate:
        total = scores["total_weight"]
        split_ent = _split_ent(bags.sum(axis=1), total)
        ratio = 0.0 if _eq(split_ent, 0) else gain / (split_ent / total)
        scores.update({"information_gain": gain, "split_info": split_ent / total,
                       "gain_ratio": ratio, "score": ratio,
                       "impurity_decrease": gain,
                       "weighted_decrease": total / self.total_weight * gain})
        return C45Candidate(feature, self.schema.names[feature], split,
                            tuple(split.conditions(self.schema)), bags, scores, ratio)

    def _inadmissible(self, feature: int, reason: str) -> Candidate:
        return C45Candidate(feature, self.schema.names[feature], None, (), np.zeros((1, 1)),
                            {}, -np.inf, reason)

    def _score_nominal(self, state: _Open, feature: int) -> Candidate:
        column = self.X[state.rows, feature]
        known = ~np.isnan(column)
        v = len(self.schema.categories[feature])
        codes = column[known].astype(np.int64)
        bags = np.zeros((v, len(self.classes)))
        np.add.at(bags, codes, self._onehot[state.rows[known]] * state.weights[known, None])
        m = self.config.min_samples_leaf
        if sum(1 for size in bags.sum(axis=1) if _gr_or_eq(float(size), m)) < 2:
            return self._inadmissible(feature, f"fewer than two values hold "
                                               f"min_samples_leaf={m} instances")
        total = float(state.weights.sum())
        known_w = float(bags.sum())
        gain = _gain_from(_old_ent(bags.sum(axis=0)) - float(_new_ent(bags)), known_w, total)
        scores = self._base_scores(state, bags, gain, total)
        scores["n_cuts"] = 0
        return self._finish_c45(state, feature, MultiwaySplit(feature, v), bags, gain, scores)

    def _score_numeric(self, state: _Open, feature: int) -> Candidate:
        column = self.X[state.rows, feature]
        known = ~np.isnan(column)
        values = column[known]
        order = np.argsort(values, kind="stable")
        xs = values[order]
        w = state.weights[known][order]
        onehot = self._onehot[state.rows[known][order]] * w[:, None]
        k = len(self.classes)
        total = float(state.weights.sum())
        known_w = float(w.sum())
        min_split = 0.1 * known_w / k
        m = self.config.min_samples_leaf
        if _sm_or_eq(min_split, m):
            min_split = m
        elif _gr(min_split, 25):
            min_split = 25.0
        n = len(xs)
        if _sm(float(n), 2 * min_split):
            return self._inadmissible(feature, f"fewer than 2 × {fmt(min_split, 2)} known values")
        cut = np.flatnonzero(xs[:-1] + 1e-5 < xs[1:])  # cut after sorted position cut[i]
        left = np.cumsum(onehot, axis=0)[cut]
        parent = onehot.sum(axis=0)
        right = parent - left
        nl, nr = left.sum(axis=1), right.sum(axis=1)
        enough = (((min_split - nl) < 1e-6) | (nl >= min_split)) & \
                 (((min_split - nr) < 1e-6) | (nr >= min_split))
        cut, left, right = cut[enough], left[enough], right[enough]
        n_cuts = len(cut)
        if n_cuts == 0:
            return self._inadmissible(feature, f"no cut leaves {fmt(min_split, 2)} instances "
                                               f"on each side")
        old = _old_ent(parent)
        numer = old - _new_ent(np.stack([left, right], axis=1))
        numer = (1 - (total - known_w) / total) * numer
        gains = np.where(np.abs(numer) < 1e-6, 0.0, numer / known_w)
        best = _first_best(gains)
        gain_known = float(gains[best]) if best >= 0 else 0.0
        gain = gain_known - math.log2(n_cuts) / total
        if _sm_or_eq(gain, 0):
            return C45Candidate(feature, self.schema.names[feature], None, (), np.zeros((1, 1)),
                                {"gain_known": gain_known, "n_cuts": n_cuts,
                                 "mdl_correction": math.log2(n_cuts) / total}, -np.inf,
                                f"gain {fmt(gain_known)} − log2({n_cuts})/{fmt(total, 2)} <= 0")
        i = int(cut[best])
        midpoint = (xs[i] + xs[i + 1]) / 2
        if midpoint == xs[i + 1]:
            midpoint = xs[i]
        threshold = self._split_point(feature, float(midpoint))
        bags = np.stack([left[best], right[best]])
        scores = self._base_scores(state, bags, gain_known, total)
        scores.update({"n_cuts": n_cuts, "mdl_correction": math.log2(n_cuts) / total,
                       "min_split": min_split, "midpoint": float(midpoint),
                       "threshold": threshold})
        return self._finish_c45(state, feature, ThresholdSplit(feature, threshold), bags, gain,
                                scores)

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
        column = self.X[:, feature]
        values = column[~np.isnan(column)]
        values = values[(values - midpoint < 1e-6) | (values <= midpoint)]
        best = -np.finfo(float).max
        running = np.maximum.accumulate(np.concatenate([[best], values]))[:-1]
        for v in values[values > running]:
            if _gr(float(v), best):
                best = float(v)
        return best

    # ------------------------------------------------------------------ decisions
    def _best(self, candidates: tuple[Candidate, ...], node_id: int) -> Candidate | None:
        best, ratio = None, 0.0
        for c in candidates:
            if c.admissible and c.scores.get("passes_average", False) and \
                    _gr(c.scores["gain_ratio"], ratio):
                best, ratio = c, c.scores["gain_ratio"]
        return best

    def _trivial(self, state: _Open) -> str | None:
        counts = state.node.counts
        total = float(counts.sum())
        m = self.config.min_samples_leaf
        if _sm(total, 2 * m):
            return f"less than 2 × min_samples_leaf={m} instances"
        if _eq(total, float(counts.max())):
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
        if not any(c.admissible for c in candidates):
            return "no attribute can split these instances"
        if self._best(candidates, node_id) is None:
            return "no attribute with at least average gain has a positive gain ratio"
        return None

    # ------------------------------------------------------------------ splitting
    def _partition(self, state: _Open, split: Split) -> list[tuple[np.ndarray, np.ndarray]]:
        parts, fractions = split_weighted(split, self.X, self.y, len(self.classes), state.rows,
                                          state.weights)
        state.node.branch_weights = fractions
        return parts

    def _split(self, state: _Open, chosen: Candidate) -> None:
        super()._split(state, chosen)
        if isinstance(chosen.split, MultiwaySplit):
            # J48 keeps a used nominal attribute available; it can never split again
            # (all known values agree), so leaving it out changes no tree.
            pass


class C45Classifier(_TreeLearner, _Classifier):
    """C4.5 decision tree with the defaults and output of Weka's J48.

    Parameters
    ----------
    confidence : float
        J48's ``-C``: confidence of the pessimistic error estimate; smaller prunes more.
    min_samples_leaf : int
        J48's ``-M``: a split needs at least two branches with this many instances; a node
        with less than twice this weight stays a leaf.
    prune : bool
        Pessimistic pruning (``False`` is J48's ``-U``; the tree is still collapsed).
    subtree_raising : bool
        Consider raising the largest branch while pruning (J48's ``-S`` turns it off).
    max_depth : int or None
        Stop growing at this depth (not in J48; for teaching).
    categorical : list or None
        Columns to treat as categorical (default: every non-numeric column).

    Attributes
    ----------
    tree_ : Tree
        The final tree (``flavour="j48"``, ``missing="distribute"``).
    grown_tree_ : Tree
        The tree as grown, before collapsing and pruning.
    steps_ : tuple of GrowthStep
        Every growth decision with its candidate table.
    pruning_ : PessimisticPruneResult
        Every collapse and pruning decision (collapse only when ``prune=False``).

    Examples
    --------
    >>> from dtlearn import C45Classifier, load_play_tennis
    >>> model = C45Classifier().fit(*load_play_tennis(numeric=True))
    >>> print(model.tree_.to_text(style="weka"))
    outlook = sunny
    |   humidity <= 75: yes (2.0)
    |   humidity > 75: no (3.0)
    outlook = overcast: yes (4.0)
    outlook = rainy
    |   windy = TRUE: no (2.0)
    |   windy = FALSE: yes (3.0)
    >>> model.steps_[0].chosen.feature_name
    'outlook'
    """

    _handles_missing = True
    _flavour = "j48"

    def __init__(self, confidence: float = 0.25, min_samples_leaf: int = 2, prune: bool = True,
                 subtree_raising: bool = True, max_depth: int | None = None,
                 categorical: Any = None) -> None:
        self.confidence = confidence
        self.min_samples_leaf = min_samples_leaf
        self.prune = prune
        self.subtree_raising = subtree_raising
        self.max_depth = max_depth
        self.categorical = categorical

    def _check_params(self) -> None:
        _check_float("confidence", self.confidence)
        if not 0 < self.confidence <= 0.5:
            raise ValueError(f"confidence must be in (0, 0.5], got {self.confidence}")
        _check_int("min_samples_leaf", self.min_samples_leaf, 1)
        _check_int("max_depth", self.max_depth, 1, allow_none=True)
        _check_bool("prune", self.prune)
        _check_bool("subtree_raising", self.subtree_raising)

    def _config(self, n_classes: int | None) -> GrowthConfig:
        return GrowthConfig(criterion="gain_ratio", categorical_split="multiway",
                            max_depth=self.max_depth, min_samples_leaf=self.min_samples_leaf)

    def make_grower(self, X: Any, y: Any, sample_weight: Any = None) -> C45Grower:
        """Make a :class:`C45Grower` on ``(X, y)``: drive it by hand or call ``run()``.

        Raises
        ------
        ValueError
            When ``y`` has missing labels or the sample weights are all zero.

        Examples
        --------
        >>> from dtlearn import C45Classifier, load_play_tennis
        >>> grower = C45Classifier().make_grower(*load_play_tennis())
        >>> grower.expand(0).chosen.feature_name
        'outlook'
        """
        from .data import encode, encode_target, infer_schema
        from .learners import _target_name

        self._check_params()
        schema = infer_schema(X, self.categorical, arg="X")
        Xe = encode(X, schema, allow_missing=True)
        codes, classes = encode_target(y, Xe.shape[0])
        w = _weights(sample_weight, Xe.shape[0])
        grower = C45Grower(Xe, codes, schema, self._config(len(classes)), classes, w,
                           _target_name(y), flavour="j48", missing="distribute")
        grower._train = (Xe, codes, w)  # type: ignore[attr-defined]
        return grower

    def _post_process(self, tree: Tree, grower: Grower) -> Tree:
        self.grown_tree_ = tree.copy()
        self._train_data = grower._train  # type: ignore[attr-defined]
        if self.prune:
            result = pessimistic_prune(self, self.confidence, self.subtree_raising)
        else:
            result = collapse(self)
        self.pruning_: PessimisticPruneResult = result
        return result.tree

    def explain_node(self, node_id: int) -> Derivation:
        """Why the grown tree split (or did not split) node ``node_id``.

        The candidate table: information gain (corrected for numeric attributes), split
        info, gain ratio, whether the attribute counted in the average gain and passed the
        filter, the chosen attribute marked; then a pruning line if a pruning step decided
        the node.

        Examples
        --------
        >>> from dtlearn import C45Classifier, load_play_tennis
        >>> model = C45Classifier().fit(*load_play_tennis(numeric=True))
        >>> print(model.explain_node(0).lines[0])  # doctest: +NORMALIZE_WHITESPACE
        node 0 (root): split on outlook — average gain 0.147
          attribute   | test                            | known | gain  | correction | split info | gain ratio | in avg | >= avg − 0.001
        * outlook     | 3-way                           | 1.000 | 0.247 | 0.000      | 1.577      | 0.156      | yes    | yes
          temperature | gain 0.045 − log2(9)/14.00 <= 0 | —     | —     | —          | —          | —          | —      | —
          humidity    | gain 0.152 − log2(7)/14.00 <= 0 | —     | —     | —          | —          | —          | —      | —
          windy       | 2-way                           | 1.000 | 0.048 | 0.000      | 0.985      | 0.049      | yes    | no
        """
        self._check_fitted()
        step = next((s for s in self.steps_ if s.node_id == node_id), None)
        if step is None:
            raise ValueError(f"node_id {node_id} is not a node of the grown tree")
        lines: list[Any] = [c45_table(step)]
        for p in self.pruning_.steps:
            if p.node_id == node_id:
                lines.append(p.explain())
        return Derivation.build(f"node {node_id}", lines)


def c45_table(step: GrowthStep) -> ResultTable:
    """Tabulate a growth step's J48 candidates, with the average-gain filter.

    Examples
    --------
    >>> from dtlearn import C45Classifier, load_play_tennis
    >>> model = C45Classifier().fit(*load_play_tennis())
    >>> c45_table(model.steps_[0]).rows[0][:2]
    ('outlook', '3-way')
    """
    rows, mark, average = [], None, None
    for i, c in enumerate(step.candidates):
        if not c.admissible:
            rows.append((c.feature_name, c.reason, "—", "—", "—", "—", "—", "—", "—"))
            continue
        s = c.scores
        average = s.get("average_gain", average)
        test = f"{len(c.conditions)}-way" if isinstance(c.split, MultiwaySplit) else \
            f"<= {format_number(c.split.threshold)}"
        rows.append((c.feature_name, test, fmt(s["known_fraction"]), fmt(s["information_gain"]),
                     fmt(s.get("mdl_correction", 0.0)), s["split_info"], s["gain_ratio"],
                     "yes" if s.get("in_average") else "no",
                     "yes" if s.get("passes_average") else "no"))
        if c is step.chosen:
            mark = i
    what = f"split on {step.chosen.feature_name}" if step.chosen else f"leaf ({step.stop_reason})"
    caption = f"node {step.node_id} ({step.condition or 'root'}): {what}"
    if average is not None:
        caption += f" — average gain {fmt(average)}"
    return ResultTable(("attribute", "test", "known", "gain", "correction", "split info",
                        "gain ratio", "in avg", ">= avg − 0.001"), tuple(rows), caption=caption,
                       highlight_row=mark)
