"""OverfittingExplorer: how tree size and label noise move training, validation and test accuracy.

The numbers are :func:`dtlearn.pruning.curves.complexity_curve` values; this module only chooses
which curve to show and marks the current tree on it. Everything is seeded: the same data
and arguments give the same split, the same noisy labels and the same pictures.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w
import numpy as np
import traitlets

from ..data import python_scalar
from ..formatting import fmt, percent
from ..pruning.curves import add_label_noise, complexity_curve, train_validation_test_split
from .base import App, LiveFigure, img_html
from .tree_view import TreeView

__all__ = ["OverfittingExplorer"]

_LABELS = {
    "max_depth": "max depth",
    "min_samples_leaf": "min samples per leaf",
    "max_leaf_nodes": "max leaves",
}
_SHORT = {"max_depth": "depth", "min_samples_leaf": "min leaf", "max_leaf_nodes": "max leaves"}


class OverfittingExplorer(App):
    """Sliders for tree size and label noise; accuracy curves with the current tree marked.

    The data are split once (seeded, stratified) into training, validation and test
    parts; ``noise`` of the *training* labels are flipped (seeded), validation and test
    labels stay clean. For every noise level and parameter the curve of
    :func:`~dtlearn.pruning.curves.complexity_curve` is computed once (all of them at
    construction unless ``precompute=False``), so moving a slider only looks up a curve
    and a tree.

    Parameters
    ----------
    X, y : data (any form dtlearn learners accept)
    learner : dtlearn estimator, optional
        Template of the trees (default: ``CARTClassifier()`` on all-numeric data, else
        ``ID3Classifier()``).
    params : sequence of str
        Parameters offered (``"max_depth"``, ``"min_samples_leaf"``, ``"max_leaf_nodes"``).
    values : dict, optional
        Values to try per parameter (default: those of ``complexity_curve``).
    noise_levels : sequence of float
        Fractions of training labels flipped, offered on the noise slider.
    sizes : three fractions
        Shares of training, validation and test rows.
    random_state : int
        Seed of the split and of the label noise.
    precompute : bool
        Compute every curve at construction (else on first visit of a noise level).
    view_depth : int
        The tree view shows nodes down to this depth; deeper subtrees are folded
        (click ``[+]`` to open them).

    Examples
    --------
    >>> from dtlearn import load_vote
    >>> X, y = load_vote()
    >>> keep = X.notna().all(axis=1)
    >>> app = OverfittingExplorer(X[keep], y[keep], noise_levels=(0.0, 0.2))
    >>> app.value = 1; app.summary[:48]
    'max depth = 1, label noise 0%: 3 nodes, 2 leaves'
    >>> app.marker["train"], app.marker["validation"]
    (0.9568345323741008, 1.0)
    >>> app.noise = 0.2; app.value = app.curve.values[-1]; app.summary[:45]
    'max depth = 12, label noise 20%: 99 nodes, 50'
    """

    param = traitlets.Unicode("max_depth")
    value = traitlets.Any(None)
    noise = traitlets.Float(0.0)
    summary = traitlets.Unicode("")
    marker = traitlets.Dict()

    def __init__(
        self,
        X: Any,
        y: Any,
        learner: Any = None,
        params: Sequence[str] = ("max_depth", "min_samples_leaf"),
        values: dict | None = None,
        noise_levels: Sequence[float] = (0.0, 0.1, 0.2, 0.3),
        sizes: Sequence[float] = (0.6, 0.2, 0.2),
        random_state: int = 0,
        precompute: bool = True,
        view_depth: int = 4,
    ) -> None:
        if not params:
            raise ValueError("params: give at least one parameter")
        if not noise_levels:
            raise ValueError("noise_levels: give at least one noise level")
        self._learner = _default_learner(X) if learner is None else learner
        for p in params:
            if p not in self._learner.get_params():
                raise ValueError(f"params: {type(self._learner).__name__} has no parameter {p!r}")
        self._params = tuple(params)
        self._values = dict(values or {})
        self._levels = tuple(float(v) for v in noise_levels)
        self._seed = random_state
        self._view_depth = view_depth
        (self._X_train, self._X_val, self._X_test, self._y_train, self._y_val, self._y_test) = (
            train_validation_test_split(X, y, sizes, random_state=random_state)
        )
        self._noisy: dict[float, Any] = {}
        self._curves: dict[tuple[str, float], Any] = {}
        self._trees: dict[tuple[str, float, Any], Any] = {}
        self._full: dict[float, Any] = {}

        self.param_buttons = w.ToggleButtons(
            options=[(_LABELS.get(p, p), p) for p in self._params],
            value=self._params[0],
            style={"button_width": "auto"},
        )
        # "initial": the label takes the width its words need ("min samples per leaf")
        self.value_slider = w.SelectionSlider(
            options=[0],
            description="value",
            continuous_update=False,
            style={"description_width": "initial"},
            layout=w.Layout(width="420px"),
        )
        self.noise_slider = w.SelectionSlider(
            options=[(percent(v), v) for v in self._levels],
            value=self._levels[0],
            description="label noise",
            continuous_update=False,
            style={"description_width": "initial"},
            layout=w.Layout(width="420px"),
        )
        self.figure = LiveFigure((5.4, 3.1))
        self.image = self.figure.image(
            "training and test accuracy against tree size, the chosen size marked"
        )
        self.summary_html = w.HTML()
        self.view = TreeView()
        # one screen: the controls on two lines, then the figure and the tree side by side
        # where the cell is wide enough (the tree directly below otherwise), the numbers
        sliders = w.HBox([self.value_slider, self.noise_slider])
        sliders.add_class("dtlearn-app-controls")
        self.image.add_class("dtlearn-app-main")
        self.view.add_class("dtlearn-app-side")
        body = w.HBox([self.image, self.view])
        body.add_class("dtlearn-app-body")
        super().__init__(children=[self.param_buttons, sliders, body, self.summary_html])
        self.add_class("dtlearn-overfitting-explorer")
        if precompute:
            self.precompute()
        self._ready = False
        self.noise = self._levels[0]
        self.param = self._params[0]
        self._sync_slider()
        w.link((self.param_buttons, "value"), (self, "param"))
        w.link((self.noise_slider, "value"), (self, "noise"))
        w.link((self.value_slider, "value"), (self, "value"))
        self._ready = True
        self._draw()

    def precompute(self) -> None:
        """Compute every curve and tree, and render every curve's static picture, now."""
        for level in self._levels:
            for p in self._params:
                curve = self._curve(p, level)
                for v in curve.values:
                    self._tree(p, level, v)
                key = (p, level)
                art = self.figure.page(key, lambda fig, key=key: self._page(fig, *key))
                self.figure.render(key, ())
                del art

    # ------------------------------------------------------------------ core look-ups
    @property
    def curve(self) -> Any:
        """The :class:`~dtlearn.pruning.curves.ComplexityCurve` shown."""
        return self._curve(self.param, self.noise)

    @property
    def tree(self) -> Any:
        """The current tree (a :class:`~dtlearn.tree.Tree`)."""
        return self._tree(self.param, self.noise, self.value)

    @property
    def data(self) -> tuple:
        """``(X_train, X_val, X_test, y_train_noisy, y_val, y_test)`` for the current noise."""
        return (
            self._X_train,
            self._X_val,
            self._X_test,
            self._labels(self.noise),
            self._y_val,
            self._y_test,
        )

    def _labels(self, level: float) -> Any:
        if level not in self._noisy:
            self._noisy[level] = (
                add_label_noise(self._y_train, level, random_state=self._seed)
                if level > 0
                else self._y_train
            )
        return self._noisy[level]

    def _curve(self, param: str, level: float) -> Any:
        key = (param, level)
        if key not in self._curves:
            self._curves[key] = complexity_curve(
                self._learner,
                self._X_train,
                self._labels(level),
                self._X_val,
                self._y_val,
                self._X_test,
                self._y_test,
                param=param,
                values=self._values.get(param),
            )
        return self._curves[key]

    def _tree(self, param: str, level: float, value: Any) -> Any:
        key = (param, level, value)
        if key not in self._trees:
            curve = self._curve(param, level)
            i = list(curve.values).index(value)
            tree = None
            if param == "max_depth":
                # greedy growth does not look ahead: the tree grown to depth d is the full
                # tree cut at depth d (checked against the curve's sizes; else refit)
                full = self._full_tree(level)
                cut = full.with_leaves_at(
                    [
                        n.node_id
                        for n in full.nodes()
                        if value is not None and n.depth == value and not n.is_leaf
                    ]
                )
                if (cut.n_nodes, cut.n_leaves) == (curve.n_nodes[i], curve.n_leaves[i]):
                    tree = cut
            if tree is None:
                model = type(self._learner)(**self._learner.get_params())
                tree = (
                    model.set_params(**{param: value}).fit(self._X_train, self._labels(level)).tree_
                )
            self._trees[key] = tree
        return self._trees[key]

    def _full_tree(self, level: float) -> Any:
        if level not in self._full:
            model = type(self._learner)(**self._learner.get_params())
            self._full[level] = (
                model.set_params(max_depth=None).fit(self._X_train, self._labels(level)).tree_
            )
        return self._full[level]

    # ------------------------------------------------------------------ reactions
    @traitlets.observe("param", "noise")
    def _on_curve(self, change: dict) -> None:
        if getattr(self, "_ready", False):
            with self.working():
                self._sync_slider()
                self._draw()

    @traitlets.observe("value")
    def _on_value(self, change: dict) -> None:
        if getattr(self, "_ready", False):
            with self.working():
                self._draw()

    def _sync_slider(self) -> None:
        """Options of the value slider for the current parameter (value kept if possible)."""
        curve = self.curve
        options = list(curve.values)
        keep = self.value if self.value in options else options[curve.best_index]
        was, self._ready = self._ready, False
        try:
            self.value_slider.options = [(str(v), v) for v in options]
            self.value_slider.value = keep
            self.value_slider.description = _LABELS.get(self.param, self.param)
            self.value = keep
        finally:
            self._ready = was

    def _page(self, fig: Any, param: str, level: float) -> dict:
        from ..plot.curves import plot_complexity_curve

        curve = self._curve(param, level)
        ax = fig.add_axes((0.1, 0.17, 0.64, 0.73))
        plot_complexity_curve(
            curve, x="value", ax=ax, title=f"{curve.learner}, label noise {percent(level)}"
        )
        ax.get_legend().remove()
        _distinct_series(ax)
        ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8)
        if param == "min_samples_leaf" and min(curve.values) > 0:
            ax.set_xscale("log")
        elif all(isinstance(v, (int, np.integer)) for v in curve.values):
            from matplotlib.ticker import MaxNLocator

            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel(
            _LABELS.get(param, param) + ("" if param != "min_samples_leaf" else " (log scale)")
        )
        ax.set_ylim(min(0.5, *(min(s) for s in _series(curve))) - 0.02, 1.02)
        return {
            "line": ax.axvline(
                curve.values[0], color="#333", linewidth=1, linestyle="--", animated=True
            ),
            "points": ax.plot(
                [],
                [],
                "o",
                markersize=9,
                markerfacecolor="none",
                markeredgecolor="black",
                markeredgewidth=1.5,
                animated=True,
            )[0],
            "text": ax.text(
                1.03, 0.02, "", transform=ax.transAxes, fontsize=8, va="bottom", animated=True
            ),
        }

    def _draw(self) -> None:
        curve, tree = self.curve, self.tree
        i = list(curve.values).index(self.value)
        scores = {
            name: s[i]
            for name, s in (
                ("train", curve.train),
                ("validation", curve.validation),
                ("test", curve.test),
            )
            if s is not None
        }
        label = _LABELS.get(self.param, self.param)
        self.summary = (
            f"{label} = {self.value}, label noise {percent(self.noise)}: "
            f"{tree.n_nodes} nodes, {tree.n_leaves} leaves; accuracy "
            + ", ".join(f"{k} {fmt(v)}" for k, v in scores.items())
        )
        best = curve.best_value
        self.marker = {
            "param": self.param,
            "value": python_scalar(self.value),
            "noise": self.noise,
            "index": i,
            "n_nodes": int(tree.n_nodes),
            **scores,
            "best_value": python_scalar(best),
        }
        self.summary_html.value = (
            f'<span class="dtlearn-app-status">{html.escape(self.summary)}</span><br>'
            f"<i>best validation accuracy at {html.escape(label)} = {html.escape(str(best))}"
            f" ({fmt(curve.validation[curve.best_index])})</i>"
        )
        key = (self.param, self.noise)
        art = self.figure.page(key, lambda fig: self._page(fig, *key))
        art["line"].set_xdata([self.value, self.value])
        art["points"].set_data([self.value] * len(scores), list(scores.values()))
        art["text"].set_text(
            f"current tree\n{_SHORT.get(self.param, self.param)} = {self.value}\n{tree.n_leaves} leaves\n"
            + "\n".join(f"{k} {fmt(v)}" for k, v in scores.items())
        )
        self.image.value = self.figure.render(key, art.values())
        folded = [n.node_id for n in tree.nodes() if n.depth == self._view_depth and not n.is_leaf]
        with self.view.hold_sync():
            self.view.update(tree, keep_selection=False, collapsed=folded)

    def describe(self) -> str:
        """The current tree and its accuracies."""
        return self.summary

    def static_html(self) -> str:
        """The curve figure and the current tree."""
        return (
            img_html(self.image.value, self.summary, self.figure.width_px) + self.view.static_html()
        )


def _default_learner(X: Any) -> Any:
    from ..data import infer_schema
    from ..learners.tree_learner import CARTClassifier, ID3Classifier

    kinds = infer_schema(X).kinds
    return CARTClassifier() if all(k == "numeric" for k in kinds) else ID3Classifier()


#: colour, marker and line of each accuracy curve: told apart by hue, marker and dash, in
#: the light theme and in the dark one (which inverts the figure's lightness, not its hues)
SERIES_STYLE = {
    "train": ("#0072B2", "o", "-"),
    "validation": ("#E69F00", "s", "--"),
    "test": ("#009E73", "^", ":"),
}


def _distinct_series(ax: Any) -> None:
    for line in ax.get_lines():
        label = line.get_label().split()[0] if line.get_label() else ""
        key = next((k for k in SERIES_STYLE if label.startswith(k)), None)
        if key is not None:
            colour, marker, dash = SERIES_STYLE[key]
            line.set(color=colour, marker=marker, linestyle=dash, markersize=5)


def _series(curve: Any) -> list:
    return [s for s in (curve.train, curve.validation, curve.test) if s is not None]
