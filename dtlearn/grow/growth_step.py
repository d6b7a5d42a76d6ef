"""GrowthStep: one decision of the growth engine at one node, with its candidate table.

Its own module because it shows itself as a :class:`~dtlearn.grow.table.SplitTable`,
which reads :mod:`~dtlearn.grow.records` values: kept beside them, the two modules would
import each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..formatting import fmt_g
from ..steps import jsonable as _jsonable
from .records import Candidate
from .table import SplitTable


@dataclass(frozen=True, slots=True, eq=False)  # one per node, kept by the model
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
    choice : Candidate, int or None
        The split made (``None`` when the node became a leaf), or its position in
        ``candidates`` when it is still unbuilt there (level-wise growth decides most nodes
        from the scan's arrays). Read it as :attr:`chosen`.
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
    choice: Candidate | int | None
    stop_reason: str | None
    by: str = "greedy"
    classes: tuple | None = None
    target_name: str = "S"

    kind = "growth"

    @property
    def chosen(self) -> Candidate | None:
        """The split made (built from the candidate table when first read), or ``None``."""
        if isinstance(self.choice, int):
            return self.candidates[self.choice]
        return self.choice

    def __eq__(self, other: Any) -> bool:
        # by content, not by how the choice is stored (built, or a position in candidates)
        if not isinstance(other, GrowthStep):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    @property
    def is_split(self) -> bool:
        """Whether the step split the node."""
        return self.chosen is not None

    @property
    def action(self) -> str:
        """What the step did: ``"split"`` or ``"leaf"``."""
        return "split" if self.chosen is not None else "leaf"

    @property
    def reason(self) -> str:
        """Why, in words: the attribute chosen and by whom, or why growth stopped."""
        if self.chosen is None:
            return str(self.stop_reason)
        who = "chosen by a person" if self.by == "person" else f"best by {self.by} choice"
        return f"split on {self.chosen.feature_name} ({who})"

    @property
    def before(self) -> dict:
        """The node's numbers before the decision: rows and impurity."""
        return {"n_samples": float(self.n_samples), "impurity": float(self.impurity)}

    @property
    def after(self) -> dict:
        """After: the branches' sizes and the impurity decrease (empty for a leaf)."""
        if self.chosen is None:
            return {}
        counts = np.asarray(self.chosen.child_counts, dtype=float)
        sizes = counts[:, 0] if "child_impurity" in self.chosen.scores else counts.sum(axis=1)
        return {
            "branch_sizes": sizes.tolist(),
            "impurity_decrease": float(self.chosen.scores["impurity_decrease"]),
        }

    def table(self) -> Any:
        """The candidate table of the node (one row per attribute, the choice marked)."""
        caption = f"node {self.node_id} ({self.condition or 'root'}): " + (
            f"split on {self.chosen.feature_name}" if self.chosen else f"leaf — {self.stop_reason}"
        )
        return SplitTable(self.candidates, self.chosen, caption, self.classes, self.target_name)

    def explain(self) -> Any:
        """The chosen split worked out, or the candidate table of a leaf."""
        if self.chosen is None:
            return self.table()
        return self.chosen.explain(self.classes, self.target_name)

    def to_dict(self) -> dict:
        """The step as JSON-ready data (its candidates' scores worked out).

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> d = ID3Classifier().fit(*load_play_tennis()).steps_[0].to_dict()
        >>> d["kind"], d["action"], d["chosen"]["feature_name"], len(d["candidates"])
        ('growth', 'split', 'outlook', 4)
        """
        return {
            "kind": self.kind,
            "node_id": int(self.node_id),
            "parent_id": None if self.parent_id is None else int(self.parent_id),
            "depth": int(self.depth),
            "condition": self.condition,
            "action": self.action,
            "reason": self.reason,
            "before": self.before,
            "after": _jsonable(self.after),
            "rows": None if self.rows is None else np.asarray(self.rows).tolist(),
            "counts": _jsonable(np.asarray(self.counts)),
            "candidates": [c.to_dict() for c in self.candidates],
            "chosen": None if self.chosen is None else self.chosen.to_dict(),
            "stop_reason": self.stop_reason,
            "by": self.by,
            "classes": None if self.classes is None else [_jsonable(c) for c in self.classes],
            "target_name": self.target_name,
        }

    def __str__(self) -> str:
        where = self.condition or "root"
        what = (
            f"split on {self.chosen.feature_name}" if self.chosen else f"leaf ({self.stop_reason})"
        )
        return f"node {self.node_id} [{where}] n={fmt_g(self.n_samples)}: {what}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()


__all__ = ["GrowthStep"]
