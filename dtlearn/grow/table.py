"""The candidate table of a node: every attribute's best split, scored, the choice marked."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import criteria
from ..splits import MultiwaySplit
from .scanners import first_best

if TYPE_CHECKING:
    from .records import Candidate

DEFAULT_SETTINGS = SimpleNamespace(base=2.0, cost_matrix=None)
"""A criterion's settings when a table has none: a :class:`~dtlearn.grow.records.GrowthConfig`'s
defaults (entropy in bits, no cost matrix). The table stays below the engine's records."""

TABLE_SCORES = {
    "classification": ("mean_info", "information_gain", "split_info", "gain_ratio", "gini_gain"),
    "regression": ("child_impurity", "impurity_decrease"),
}
"""The textbook columns of a candidate table; the criterion's own ranking score (its
registry entry's ``score_key``: misclassification decrease, cost-weighted Gini decrease,
Hellinger distance) is added when it is not one of them."""


def score_columns(kind: str, criterion_names: Any) -> tuple:
    """The score columns of a table whose candidates were ranked by ``criterion_names``.

    The textbook columns, then every criterion's ranking score (from the registry) that
    is not already among them.

    Examples
    --------
    >>> score_columns("classification", ["misclassification"])[-1]
    'misclassification_gain'
    >>> score_columns("regression", ["mse"])
    ('child_impurity', 'impurity_decrease')
    """
    columns = TABLE_SCORES[kind]
    own = []
    for name in criterion_names:
        key = criteria.get(name).score_key
        if key not in columns and key not in own:
            own.append(key)
    return columns + tuple(own)


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
    return text[len(c.feature_name) :].strip() if text.startswith(c.feature_name + " ") else text


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


def node_scale(candidates: Any, config: Any = None) -> float:
    """The tie scale of the node that ``candidates`` split (0 without an admissible one).

    Its :meth:`~dtlearn.criteria.Criterion.tie_scale`, the scale of the tie rule
    (:data:`~dtlearn.grow.scanners.TIE_TOLERANCE`), worked out from the first admissible
    candidate, so the same candidates always give the same scale.
    ``config`` (a :class:`~dtlearn.grow.records.GrowthConfig`) gives the criterion's
    settings (base, cost matrix); without it :data:`DEFAULT_SETTINGS`.

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
        if rule.is_regression:  # [n, centre, impurity] per branch: Σw|y| or Σwd² per Σw
            n, centre, impurity = np.asarray(c.child_counts, dtype=float).T
            if rule.leaf_statistic == "median":
                size = np.abs(centre)
            else:  # about the node's mean, as the scans' sums (sums.centred_terms)
                size = (centre - (n * centre).sum() / n.sum()) ** 2
            return float((n * (impurity + size)).sum() / n.sum())
        if config is None:
            if rule.needs_cost_matrix:
                return 0.0
            config = DEFAULT_SETTINGS
        else:
            rule = config.rule
        counts = np.asarray(c.child_counts, dtype=float).sum(axis=0)
        return float(rule.node_impurity(counts, config))
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
    if hasattr(candidates, "best"):  # a CandidateList: the tie scale of its scan
        return candidates.best()
    scores = [c.score if c.admissible else -np.inf for c in candidates]
    if not scores:
        return None
    index = first_best(scores, scale=node_scale(candidates))
    return None if index < 0 else candidates[index]


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
        return best_candidate(self.candidates)

    def row(self, feature: Any) -> Candidate:
        """The candidate of ``feature`` (name or column index)."""
        for c in self.candidates:
            if feature in (c.feature_name, c.feature):
                return c
        raise ValueError(
            f"feature {feature!r} is not in this table; "
            f"attributes: {[c.feature_name for c in self.candidates]}"
        )

    def explain(self, feature: Any = None) -> Any:
        """Worked scores of ``feature`` (default: the best attribute)."""
        candidate = self.best if feature is None else self.row(feature)
        if candidate is None:
            raise ValueError("no attribute can split this node")
        return candidate.explain(self.classes, self.target_name)

    def to_table(self) -> Any:
        """The table as a :class:`dtlearn.explain.ResultTable`."""
        from ..explain import ResultTable

        candidates = self.candidates
        arrays = hasattr(candidates, "table_rows")  # a CandidateList: rows from its scan
        textbook, names = (
            candidates.shown()
            if arrays
            else (
                any("information_gain" in c.scores for c in candidates),
                [c.criterion for c in candidates if c.admissible],
            )
        )
        scores = score_columns("classification" if textbook else "regression", names)
        best = self.best
        mark = (
            candidates.position_of(best)
            if arrays
            else next((i for i, c in enumerate(candidates) if c is best), None)
        )
        rows = (
            candidates.table_rows(scores)
            if arrays
            else [candidate_row(c, scores) for c in candidates]
        )
        columns = ("attribute", "test") + tuple(s.replace("_", " ") for s in scores)
        return ResultTable(columns, tuple(rows), caption=self.caption, highlight_row=mark)

    @property
    def columns(self) -> tuple:
        """The column names, as :class:`~dtlearn.result_table.ResultTable` has them."""
        return self.to_table().columns

    @property
    def rows(self) -> tuple:
        """The rows, as :class:`~dtlearn.result_table.ResultTable` has them."""
        return self.to_table().rows

    def to_frame(self) -> Any:
        """The table as a pandas DataFrame."""
        return self.to_table().to_frame()

    def __repr__(self) -> str:
        return repr(self.to_table())

    def _repr_html_(self) -> str:
        return self.to_table()._repr_html_()

    def _repr_markdown_(self) -> str:
        return self.to_table()._repr_markdown_()


__all__ = [
    "DEFAULT_SETTINGS",
    "SplitTable",
    "TABLE_SCORES",
    "best_candidate",
    "branch_test",
    "candidate_row",
    "node_scale",
    "score_columns",
]
