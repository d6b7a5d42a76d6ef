"""CriteriaExplorer: impurity curves, the classic split example, criteria compared on data.

The curves and values come from :mod:`dtlearn.plot.figures`, the root choices from the
growth engine (``Grower.candidates`` ranked by the engine's tie rule,
:attr:`dtlearn.grow.SplitTable.best`), the data sets from the package's catalogue
(:func:`dtlearn.datasets.entries.catalogue`).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import numpy as np
import traitlets

from .. import criteria
from ..datasets import load_dataset
from ..datasets.entries import catalogue
from ..explain import ResultTable
from ..formatting import fmt
from ..grow import GrowthConfig, SplitTable
from ..learners.tree_learner import ID3Classifier
from .base import App, LiveFigure, img_html

__all__ = ["CriteriaExplorer", "criteria_example_table", "criterion_picks"]

_EXAMPLE = {
    "A: (10,40) + (40,10)": [[10, 40], [40, 10]],
    "B: (50,20) + (0,30)": [[50, 20], [0, 30]],
}


def criteria_example_table() -> ResultTable:
    """The (50,50) node split two ways: misclassification ties, Gini and entropy prefer B.

    One row per node impurity of the impurity figure (:func:`dtlearn.criteria.with_curves`),
    the one that tells the two splits apart least first.

    Examples
    --------
    >>> table = criteria_example_table()
    >>> rows = {row[0]: row for row in table.rows}
    >>> [rows[name][-1] for name in ("misclassification", "Gini", "entropy")]
    ['tie', 'B', 'B']
    >>> [round(x, 3) for x in rows["entropy"][1:6]]
    [1.0, 0.722, 0.604, 0.278, 0.396]
    >>> table.rows[0][0]  # equal gains: misclassification cannot choose
    'misclassification'
    """
    parent = np.array([[50.0, 50.0]])
    rows = []
    for criterion in criteria.with_curves():
        config = GrowthConfig(criterion=criterion.name)

        def kernel(counts: np.ndarray) -> np.ndarray:  # called in this iteration only
            return criterion.node_impurity(counts, config)  # noqa: B023

        name = criterion.curve_label
        before = float(kernel(parent)[0])
        after = []
        for children in _EXAMPLE.values():
            c = np.asarray(children, dtype=float)
            sizes = c.sum(axis=1)
            after.append(float((sizes / sizes.sum() * kernel(c)).sum()))
        gains = [before - a for a in after]
        prefers = "tie" if abs(gains[0] - gains[1]) < 1e-12 else "AB"[int(gains[1] > gains[0])]
        rows.append((name, before, after[0], after[1], gains[0], gains[1], prefers))
    # the lesson reads down the table: from the impurity that tells A and B apart least
    rows.sort(key=lambda row: abs(row[5] - row[4]))
    return ResultTable.build(
        ["criterion", "parent", "after A", "after B", "gain A", "gain B", "prefers"],
        rows,
        caption="(50, 50) split into A: (10,40)+(40,10) or B: (50,20)+(0,30)",
    )


def criterion_picks(X: Any, y: Any) -> ResultTable:
    """Which attribute each criterion splits the root on (ID3's engine, multiway splits).

    One row per classification criterion of the registry
    (:func:`dtlearn.criteria.for_task`). Rows with a missing value are left out (ID3
    cannot route them); the caption says how many.

    Examples
    --------
    >>> from dtlearn import load_play_tennis
    >>> table = criterion_picks(*load_play_tennis())
    >>> len(table.rows) == len(criteria.for_task("classification"))
    True
    >>> picks = {row[0]: row[1] for row in table.rows}
    >>> picks["entropy"], picks["gini"], picks["hellinger"]
    ('outlook', 'outlook', 'outlook')
    """
    import pandas as pd

    caption = "attribute chosen at the root by each criterion"
    complete = pd.DataFrame(X).notna().all(axis=1).to_numpy()
    if not complete.all():
        caption += (
            f" ({int((~complete).sum())} of {len(complete)} rows with missing values left out)"
        )
        X = pd.DataFrame(X).reset_index(drop=True)[complete]
        y = pd.Series(y).reset_index(drop=True)[complete]
    rows = []
    for criterion in criteria.for_task("classification"):
        grower = ID3Classifier(criterion=criterion.name).make_grower(X, y)
        best = SplitTable(grower.candidates(0)).best
        rows.append(
            (
                criterion.name,
                "—" if best is None else best.feature_name,
                float("nan") if best is None else float(best.score),
                _score_name(criterion),
            )
        )
    return ResultTable.build(
        ["criterion", "root split", "score", "score is"], rows, caption=caption
    )


def _score_name(criterion: Any) -> str:
    """What a criterion's split score is: a gain (decrease of an impurity) or itself.

    Examples
    --------
    >>> from dtlearn import criteria
    >>> [_score_name(criteria.get(n)) for n in ("entropy", "gain_ratio", "gini")]
    ['information gain (decrease of entropy)', 'gain ratio', 'gain (decrease of Gini impurity)']
    """
    if criterion.score != "decrease":
        return criterion.label
    if criterion.label.startswith("information gain"):
        return "information gain (decrease of entropy)"
    return f"gain (decrease of {criterion.label})"


def _catalogue() -> dict[str, tuple[str, Callable]]:
    """Classification data sets of the package: name -> (label, loader)."""
    return {
        e.name: (e.name.replace("_", " "), lambda name=e.name: load_dataset(name))
        for e in catalogue("classification")
    }


class CriteriaExplorer(App):
    """Impurity curves for two classes, the classic split example, and criteria compared.

    The curves and the example table show the node impurities of
    :func:`dtlearn.criteria.with_curves` (the criteria the registry gives a ``curve_label``);
    the root choices compare every classification criterion.

    Parameters
    ----------
    X, y : optional
        Your own data, offered first in the data-set list (as ``"your data"``); the
        package's classification data sets follow.

    Examples
    --------
    >>> app = CriteriaExplorer()
    >>> app.p = 0.2
    >>> app.values_text.startswith("p = 0.20: entropy/2 = 0.361, Gini = 0.320")
    True
    >>> app.dataset = "restaurant"
    >>> dict(row[:2] for row in app.picks.rows)["entropy"]
    'Patrons'
    """

    p = traitlets.Float(0.3)
    dataset = traitlets.Unicode("play_tennis")
    values_text = traitlets.Unicode("")

    def __init__(self, X: Any = None, y: Any = None) -> None:
        self._data = _catalogue()
        self._picks: dict[str, ResultTable] = {}
        if X is not None:
            self._data = {"your data": ("your data", lambda: (X, y)), **self._data}
        self.slider = w.FloatSlider(
            value=self.p, min=0.0, max=1.0, step=0.01, description="p", continuous_update=False
        )
        self.chooser = w.Dropdown(
            options=[(label, name) for name, (label, _) in self._data.items()],
            description="data set",
        )
        self.figure = LiveFigure((6.6, 3.5))
        from ..plot import impurity_values

        *most, last = impurity_values(0.5)  # the names of the curves drawn
        self.image = self.figure.image(
            f"{', '.join(most)}{' and ' if most else ''}{last} of a "
            "two-class node against p, the marked values at the "
            "chosen p"
        )
        self.values_html = w.HTML()
        self.example_html = w.HTML(criteria_example_table()._repr_html_())
        self.picks_html = w.HTML()
        # two controls, each with what it changes: p with the curves and the example, the
        # data set with its picks (a group of its own: on one screen with its table)
        picks = w.VBox([self.chooser, self.picks_html])
        picks.add_class("dtlearn-app-group")
        super().__init__(
            children=[self.slider, self.values_html, self.image, self.example_html, picks]
        )
        self.add_class("dtlearn-criteria-explorer")
        w.link((self.slider, "value"), (self, "p"))
        w.link((self.chooser, "value"), (self, "dataset"))
        self.dataset = next(iter(self._data))
        self._draw()
        self._pick()

    @traitlets.validate("dataset")
    def _valid_dataset(self, proposal: dict) -> str:
        if hasattr(self, "_data") and proposal["value"] not in self._data:
            raise traitlets.TraitError(
                f"dataset must be one of {list(self._data)}, got {proposal['value']!r}"
            )
        return proposal["value"]

    @traitlets.observe("p")
    def _on_p(self, change: dict) -> None:
        if hasattr(self, "image"):
            self._draw()

    @traitlets.observe("dataset")
    def _on_dataset(self, change: dict) -> None:
        if hasattr(self, "picks_html"):
            with self.working():
                self._pick()

    def _artists(self, fig: Any) -> dict:
        """Static curves (drawn once) and the animated marker of ``p``."""
        from ..plot import impurity_curves

        # legend and value box beside the axes: nothing is drawn over the curves' markers
        ax = fig.add_axes((0.09, 0.14, 0.56, 0.82))
        impurity_curves(ax)
        ax.legend(loc="upper left", bbox_to_anchor=(1.03, 1.0), fontsize=9, frameon=False)
        return {
            "line": ax.axvline(0.0, color="#555", linewidth=1, animated=True),
            "points": ax.plot([], [], "o", color="black", markersize=4, animated=True)[0],
            "text": ax.text(
                1.04,
                0.55,
                "",
                transform=ax.transAxes,
                va="top",
                fontsize=9,
                bbox={"facecolor": "white", "edgecolor": "#999"},
                animated=True,
                clip_on=False,
            ),
        }

    def _draw(self) -> None:
        from ..plot import impurity_values

        values = impurity_values(self.p)
        named = [f"{k} = {fmt(v)}" for k, v in values.items()]
        self.values_text = f"p = {fmt(self.p, 2)}: " + ", ".join(named)
        self.values_html.value = html.escape(self.values_text)
        art = self.figure.page("curves", self._artists)
        art["line"].set_xdata([self.p, self.p])
        art["points"].set_data([self.p] * len(values), list(values.values()))
        art["text"].set_text("\n".join([f"p = {fmt(self.p, 2)}", *named]))
        self.image.value = self.figure.render("curves", art.values())

    def _pick(self) -> None:
        # data sets never change: a second visit is a look-up (mushroom takes ~0.5 s)
        if self.dataset not in self._picks:
            self._picks[self.dataset] = criterion_picks(*self._data[self.dataset][1]())
        self.picks = self._picks[self.dataset]
        self.picks_html.value = self.picks._repr_html_()

    def describe(self) -> str:
        """Current proportion and data set."""
        return f"{self.values_text}; data set {self._data[self.dataset][0]}"

    def static_html(self) -> str:
        """Figure, example table and picks."""
        return (
            img_html(self.image.value, "impurity curves", self.figure.width_px)
            + self.example_html.value
            + self.picks_html.value
        )
