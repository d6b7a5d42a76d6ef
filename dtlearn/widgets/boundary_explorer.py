"""BoundaryExplorer: the decision regions of a tree on 2-D numeric data as its depth grows."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import traitlets

from ..formatting import percent
from ..learners.tree_learner import CARTClassifier, ObliqueTreeClassifier
from .base import App, LiveFigure, img_html

__all__ = ["BoundaryExplorer"]


class BoundaryExplorer(App):
    """Decision regions of a tree on 2-D numeric data as its depth grows.

    Each (learner, depth) is fitted once, on first visit, and kept: moving the slider
    back is a look-up. The axes, data points and legend are drawn once; a move only
    redraws the region image and the points over it.

    Parameters
    ----------
    X : array-like (n, 2) of numbers
    y : labels
    oblique : bool
        Start with the oblique learner instead of the axis-aligned one.
    max_depth : int
        Largest depth on the slider.
    resolution : int
        Grid points per axis of the region image.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> X = rng.uniform(size=(80, 2)); y = np.where(X.sum(axis=1) > 1, "a", "b")
    >>> app = BoundaryExplorer(X, y)
    >>> app.depth = 1; app.summary
    'axis-aligned, max depth 1: 2 leaves, training accuracy 78%'
    """

    depth = traitlets.Int(2)
    oblique = traitlets.Bool(False)
    summary = traitlets.Unicode("")

    def __init__(
        self, X: Any, y: Any, oblique: bool = False, max_depth: int = 10, resolution: int = 100
    ) -> None:
        self._X, self._y = X, y
        self._resolution = resolution
        self._fits: dict[tuple[bool, int], tuple] = {}
        self.slider = w.IntSlider(
            value=2, min=1, max=max_depth, description="max depth", continuous_update=False
        )
        self.kind = w.ToggleButtons(
            options=[("axis-aligned", False), ("oblique", True)], value=oblique
        )
        self.figure = LiveFigure((5.6, 4.0))
        self.image = self.figure.image(
            "the training points and the class regions the tree predicts over the plane"
        )
        self.summary_html = w.HTML()
        controls = w.HBox([self.slider, self.kind])
        controls.add_class("dtlearn-app-controls")
        super().__init__(children=[controls, self.summary_html, self.image])
        self.oblique = oblique
        self.add_class("dtlearn-boundary-explorer")
        w.link((self.slider, "value"), (self, "depth"))
        w.link((self.kind, "value"), (self, "oblique"))
        self._draw()

    @traitlets.observe("depth", "oblique")
    def _on_change(self, change: dict) -> None:
        if hasattr(self, "image"):
            with self.working():
                self._draw()

    def _fit(self) -> tuple:
        key = (self.oblique, self.depth)
        if key not in self._fits:
            from ..plot.figures import region_grid

            learner = ObliqueTreeClassifier if self.oblique else CARTClassifier
            model = learner(max_depth=self.depth).fit(self._X, self._y)
            kind = "oblique" if self.oblique else "axis-aligned"
            summary = (
                f"{kind}, max depth {self.depth}: {model.tree_.n_leaves} leaves, "
                f"training accuracy {percent(model.score(self._X, self._y))}"
            )
            self._fits[key] = (model, summary, region_grid(model, self._X, self._resolution))
        return self._fits[key]

    def _artists(self, fig: Any) -> dict:
        from ..plot.figures import decision_regions, region_colours

        ax = fig.add_axes((0.11, 0.12, 0.66, 0.84))
        model, _, (extent, codes) = self._fit()
        decision_regions(model, self._X, self._y, ax=ax, resolution=2, legend_outside=True)
        ax.images[0].remove()  # replaced by an animated image of the current depth
        points = list(ax.collections)
        n = len(model.classes_)
        image = ax.imshow(
            codes,
            origin="lower",
            extent=extent,
            cmap=region_colours(n),
            vmin=-0.5,
            vmax=n - 0.5,
            alpha=0.3,
            interpolation="nearest",
            aspect="auto",
            animated=True,
            zorder=0,
        )
        ax.set_xlim(extent[0], extent[1])
        ax.set_ylim(extent[2], extent[3])
        for artist in points:
            artist.set_animated(True)
        return {"image": image, "points": points, "spines": list(ax.spines.values())}

    def _draw(self) -> None:
        self.model, self.summary, (extent, codes) = self._fit()
        self.summary_html.value = html.escape(self.summary)
        art = self.figure.page("regions", self._artists)
        art["image"].set_data(codes)
        self.image.value = self.figure.render(
            "regions", [art["image"], *art["points"], *art["spines"]]
        )

    def describe(self) -> str:
        """Learner, depth, leaves and accuracy."""
        return self.summary

    def static_html(self) -> str:
        """The current figure."""
        return img_html(self.image.value, self.summary, self.figure.width_px)
