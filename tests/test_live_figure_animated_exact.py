"""Every app draws its moving parts as *animated* artists over a cached static page.

:class:`~dtlearn.widgets.base.LiveFigure` renders a page's static part once and keeps its
pixels; later renders only draw the artists they are given on top. An artist given to
``render`` that is not animated is also baked into that cached background at the first
render, so the old marker would stay in the picture after every move (a ghost). Each app
is driven through one move and every artist it hands to ``render`` must be animated.
"""

import numpy as np
import pytest
from matplotlib.spines import Spine

import dtlearn as dt
from dtlearn.widgets import (
    BoundaryExplorer,
    CostComplexityExplorer,
    CriteriaExplorer,
    OverfittingExplorer,
)
from dtlearn.widgets.base import LiveFigure


@pytest.fixture
def rendered(monkeypatch):
    seen = []
    original = LiveFigure.render

    def spy(self, key, animated=()):
        animated = list(animated)
        seen.append((key, animated))
        return original(self, key, animated)

    monkeypatch.setattr(LiveFigure, "render", spy)
    return seen


def _boundary():
    X = np.random.default_rng(0).uniform(size=(30, 2))
    app = BoundaryExplorer(X, np.array(["a", "b"] * 15), resolution=10)
    app.slider.value = 1


def _ccp():
    app = CostComplexityExplorer(*dt.load_play_tennis(numeric=True))
    app.index = 1


def _criteria():
    app = CriteriaExplorer()
    app.p = 0.7


def _overfitting():
    app = OverfittingExplorer(*dt.load_play_tennis(numeric=True), precompute=False)
    app.value = app.curve.values[-1]


@pytest.mark.parametrize(
    "move", [_boundary, _ccp, _criteria, _overfitting], ids=lambda f: f.__name__[1:]
)
def test_every_artist_an_app_renders_over_its_page_is_animated(rendered, move):
    move()
    artists = [a for _, arts in rendered for a in arts]
    assert len(rendered) >= 2 and artists  # the first picture and the one after the move
    # the region explorer redraws its axes' spines over the region image: they never move,
    # so drawing them in the background too is harmless
    moving = [a for a in artists if not isinstance(a, Spine)]
    assert moving and [a for a in moving if not a.get_animated()] == []


def test_the_overfitting_explorer_draws_once_a_move(rendered):
    # the value slider's options are swapped with the reactions off: switching the
    # parameter or the noise draws the picture once, not once per intermediate value
    # disjoint values: switching the parameter cannot keep the slider's value
    values = {"max_depth": [1, 2], "min_samples_leaf": [3, 4]}
    app = OverfittingExplorer(
        *dt.load_play_tennis(numeric=True),
        values=values,
        noise_levels=(0.0, 0.2),
        precompute=False,
    )
    del rendered[:]
    app.param = "min_samples_leaf"
    assert [key for key, _ in rendered] == [("min_samples_leaf", 0.0)]
    del rendered[:]
    app.noise = 0.2
    assert [key for key, _ in rendered] == [("min_samples_leaf", 0.2)]
    other = next(v for v in app.curve.values if v != app.value)
    del rendered[:]
    app.value = other
    assert [key for key, _ in rendered] == [("min_samples_leaf", 0.2)]
