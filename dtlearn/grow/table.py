"""The candidate table of a node: every attribute's best split, scored, the choice marked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import criteria
from .records import Candidate
from .scoring import CandidateList, best_candidate, branch_test

TABLE_SCORES = {"classification": ("mean_info", "information_gain", "split_info",
                                     "gain_ratio", "gini_gain"),
                "regression": ("child_impurity", "impurity_decrease")}
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
        from ..explain import ResultTable

        candidates = self.candidates
        if not isinstance(candidates, CandidateList):
            candidates = CandidateList(candidates)
        textbook, names = candidates.shown()
        scores = score_columns("classification" if textbook else "regression", names)
        mark = candidates.position_of(self.best)
        rows = candidates.table_rows(scores)
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


__all__ = ["SplitTable", "TABLE_SCORES", "branch_test", "score_columns"]
