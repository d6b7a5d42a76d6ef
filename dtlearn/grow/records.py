"""The engine's values: GrowthConfig and Candidate (with its Scores).

What a learner asks of the engine and what one attribute offers at a node; what was
decided there is a :class:`~dtlearn.grow.growth_step.GrowthStep`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import criteria
from ..splits import MultiwaySplit, Split
from ..steps import jsonable as _jsonable

ZERO_GAIN = 1e-6
"""Weka's ``Utils.eq`` tolerance: ID3 stops when the best gain is below this."""


@dataclass(frozen=True)
class GrowthConfig:
    """What a learner asks of the engine.

    Parameters
    ----------
    criterion : str
        A name from the criterion registry (:func:`dtlearn.criteria.names`), e.g.
        ``"entropy"``, ``"gini"``, ``"gain_ratio"`` (information gain divided by split
        info) or, for regression, ``"mse"``; ``"cost_gini"`` needs ``cost_matrix``.
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
    scanner : {"fast", "reference"}
        How numeric columns are scanned: all at once, vectorised, or one cut at a time
        (slow; for tests that check the two agree).
    average_gain : bool
        C4.5's safeguard for a ratio criterion (CART's gain ratio sets it): each attribute's
        cut is the one of most information gain, and only attributes whose gain is at
        least the average of the node's admissible attributes, less 0.001, compete on gain
        ratio (:func:`~dtlearn.grow.average_gain.at_least_average_gain`).

    Examples
    --------
    >>> GrowthConfig(criterion="hellinger").rule.score
    'distance'
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
    scanner: str = "fast"
    average_gain: bool = False

    def __post_init__(self) -> None:
        rule = criteria.get(self.criterion)  # unknown names fail here, naming the argument
        if rule.needs_cost_matrix and self.cost_matrix is None:
            raise ValueError(f"criterion={self.criterion!r} needs a cost_matrix")
        if self.scanner not in ("fast", "reference"):
            raise ValueError(f"scanner must be 'fast' or 'reference', not {self.scanner!r}")

    @property
    def rule(self) -> criteria.Criterion:
        """The registry's :class:`~dtlearn.criteria.Criterion` for ``criterion``."""
        return criteria.get(self.criterion)

    @property
    def is_regression(self) -> bool:
        """Whether the criterion is a regression one."""
        return self.rule.is_regression


class Scores(MutableMapping):
    """A candidate's scores: the criterion's own at once, the textbook measures when read.

    Growing a large tree scores thousands of candidates but shows few; ``lazy`` (a
    function returning a dict) is called the first time a key outside ``eager`` is read,
    or when the scores are compared, listed or printed. Comparison is by content, so it
    does not change after the first read.

    Examples
    --------
    >>> s = Scores({"score": 0.5}, lambda: {"gini_gain": 0.25})
    >>> s.computed, s["gini_gain"], s.computed
    (False, 0.25, True)
    >>> s == {"score": 0.5, "gini_gain": 0.25}
    True
    """

    __slots__ = ("_values", "_lazy")  # one per built candidate

    def __init__(self, eager: dict, lazy: Callable[[], dict] | None = None):
        self._values = dict(eager)
        self._lazy = lazy

    @property
    def computed(self) -> bool:
        """Whether the lazy part has been worked out."""
        return self._lazy is None

    def _compute(self) -> dict:
        if self._lazy is not None:
            lazy, self._lazy = self._lazy, None
            for key, value in lazy().items():
                self._values.setdefault(key, value)
        return self._values

    def __getitem__(self, key: Any) -> Any:
        if key in self._values:
            return self._values[key]
        return self._compute()[key]

    def __setitem__(self, key: Any, value: Any) -> None:
        self._values[key] = value

    def __delitem__(self, key: Any) -> None:
        del self._compute()[key]

    def __contains__(self, key: Any) -> bool:
        return key in self._values or key in self._compute()

    def __iter__(self) -> Iterator:
        return iter(self._compute())

    def __len__(self) -> int:
        return len(self._compute())

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, (Scores, dict)):
            return NotImplemented
        return self._compute() == (other._compute() if isinstance(other, Scores) else other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._compute())

    def __reduce__(self) -> Any:
        return (Scores, (dict(self._values), self._lazy))  # still lazy once loaded


def textbook_scores(child: np.ndarray, base: float) -> dict:
    """Every textbook measure of a classification split from its branches' class counts.

    Examples
    --------
    >>> s = textbook_scores(np.array([[2, 3], [4, 0], [3, 2]]), 2.0)
    >>> round(s["information_gain"], 3), round(s["gain_ratio"], 3)
    (0.247, 0.156)
    """
    child = np.asarray(child, dtype=float)
    sizes = child.sum(axis=1)
    weights = sizes / sizes.sum()
    stacked = np.vstack([child.sum(axis=0), child])
    entropies = criteria.entropy_of_counts(stacked, base)
    ginis = criteria.gini_of_counts(stacked)
    errors = criteria.misclassification_of_counts(stacked)
    mean_info = float((weights * entropies[1:]).sum())
    gain = float(entropies[0]) - mean_info
    split_info = float(criteria.entropy_of_counts(sizes, base))
    return {
        "entropy": float(entropies[0]),
        "mean_info": mean_info,
        "information_gain": gain,
        "split_info": split_info,
        "gain_ratio": gain / split_info if split_info > 0 else 0.0,
        "gini_gain": float(ginis[0] - (weights * ginis[1:]).sum()),
        "misclassification_gain": float(errors[0] - (weights * errors[1:]).sum()),
    }


@dataclass(frozen=True)
class ExplainContext:
    """What a candidate's :meth:`~Candidate.explain` needs of the grower that scored it.

    The class names and target name (so a step's working reads "9 yes / 5 no", as the data
    has it) and the criterion's settings (the logarithm's base, the cost matrix).
    """

    classes: tuple | None = None
    target_name: str = "S"
    base: float = 2.0
    cost_matrix: Any = None


@dataclass(frozen=True)
class Candidate:
    """The best split of one attribute at one node, with every score worked out.

    ``child_counts`` has one row per branch: class counts (classification) or
    ``[n, centre, impurity]`` (regression; the centre is the branch's mean, or its median
    when ``statistic`` is ``"median"``, as in an MAE tree). ``scores`` holds the textbook measures
    (``information_gain``, ``mean_info``, ``split_info``, ``gain_ratio``, ``gini_gain``,
    ``impurity_decrease``, ...); ``score`` is the one the criterion ranks by.
    ``split`` is ``None`` when the attribute offers no admissible split; ``reason`` says why.
    ``criterion`` names the registry entry that scored it.
    """

    feature: int
    feature_name: str
    split: Split | None
    conditions: tuple[str, ...]
    child_counts: np.ndarray
    scores: Any
    score: float
    reason: str = ""
    statistic: str = "mean"
    criterion: str = "entropy"
    context: ExplainContext | None = field(default=None, compare=False, repr=False)

    @property
    def admissible(self) -> bool:
        """Whether the attribute can split the node."""
        return self.split is not None

    def explain(self, classes: Any = None, target_name: str | None = None) -> Any:
        """The worked derivation of this candidate's score, with the actual counts.

        Classification: the criterion's own measure from :mod:`dtlearn.measures`, whose
        last line is the score the criterion ranks by (information gain, gain ratio, Gini
        gain, misclassification or cost-weighted Gini decrease, Hellinger distance).
        Regression: the variance (or absolute deviation) of each branch and the decrease.
        Classes are named as the data names them (``classes``, else the grower's).

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> step = ID3Classifier().fit(*load_play_tennis()).steps_[0]
        >>> print(str(step.chosen.explain()).splitlines()[0])
        H(play) = 0.940 bits   (9 yes / 5 no)
        """
        import inspect

        import pandas as pd

        from .. import measures
        from ..explain import Derivation, ResultTable
        from ..formatting import fmt, fmt_count

        if not self.admissible:
            return Derivation.build(f"{self.feature_name}: no split", [], note=self.reason)
        context = self.context or ExplainContext()
        classes = context.classes if classes is None else classes
        target_name = target_name or context.target_name
        prefix = f"{self.feature_name} = "  # a value as the data names it (spaces and all)
        values = pd.Index(
            [
                c[len(prefix) :]
                if isinstance(self.split, MultiwaySplit) and c.startswith(prefix)
                else c
                for c in self.conditions
            ],
            name=self.feature_name,
        )
        counts = np.asarray(self.child_counts, dtype=float)
        rule = criteria.get(self.criterion)
        if not rule.is_regression:
            names = (
                None if classes is None else pd.Index([str(c) for c in classes], name=target_name)
            )
            measure = getattr(measures, rule.measure)
            accepts = inspect.signature(measure).parameters
            extra = {
                key: value
                for key, value in (("base", context.base), ("cost_matrix", context.cost_matrix))
                if key in accepts and value is not None
            }
            return measure(counts=counts, values=values, classes=names, **extra).explain()
        rows = [
            (v, fmt_count(n), fmt(centre), fmt(imp)) for v, (n, centre, imp) in zip(values, counts)
        ]
        table = ResultTable(("branch", "n", self.statistic, rule.impurity_name), tuple(rows))
        total = counts[:, 0].sum()
        terms = " + ".join(f"{fmt_count(n)}/{fmt_count(total)}·{fmt(imp)}" for n, _, imp in counts)
        child = self.scores["child_impurity"]
        parent = child + self.scores["impurity_decrease"]
        return Derivation.build(
            f"split on {self.feature_name}",
            [
                (f"{rule.impurity_name} after = {terms} = {fmt(child)}", ""),
                (
                    f"decrease = {fmt(parent)} - {fmt(child)} = "
                    f"{fmt(self.scores['impurity_decrease'])}",
                    "",
                ),
            ],
            table=table,
        )

    def to_dict(self) -> dict:
        """The candidate as JSON-ready data (scores included, worked out).

        Examples
        --------
        >>> from dtlearn import load_play_tennis, split_table
        >>> d = split_table(*load_play_tennis()).row("outlook").to_dict()
        >>> d["feature_name"], d["conditions"][0], round(d["scores"]["information_gain"], 3)
        ('outlook', 'outlook = sunny', 0.247)
        """
        return {
            "feature": int(self.feature),
            "feature_name": self.feature_name,
            "split": None if self.split is None else self.split.to_dict(),
            "conditions": list(self.conditions),
            "child_counts": _jsonable(np.asarray(self.child_counts)),
            "scores": _jsonable(self.scores),
            "score": _jsonable(self.score),
            "reason": self.reason,
            "statistic": self.statistic,
            "criterion": self.criterion,
        }


def inadmissible(
    feature: int,
    name: str,
    reason: str,
    conditions: tuple = (),
    child: Any = None,
    criterion: str = "entropy",
) -> Candidate:
    """A candidate that cannot split the node, saying why.

    Examples
    --------
    >>> inadmissible(2, "humidity", "the attribute is constant here").admissible
    False
    """
    child = np.zeros((1, 1)) if child is None else child
    return Candidate(
        feature, name, None, conditions, child, {}, -np.inf, reason, criterion=criterion
    )


__all__ = [
    "Candidate",
    "ExplainContext",
    "GrowthConfig",
    "Scores",
    "ZERO_GAIN",
    "inadmissible",
    "textbook_scores",
]
