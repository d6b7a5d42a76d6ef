"""BoundaryExplorer's region image: its grid, colours and place, with the default arguments.

By default the region image has 100 × 100 grid points (``resolution=100``), one colour per
class centred on its code (colour limits -0.5 .. n - 0.5), drawn at 30 % opacity with its
first row at the bottom, filling the axes exactly (limits = the grid's extent). Starting
with ``oblique=True`` selects the oblique learner on the toggle and in the words.
"""

import numpy as np
import pytest

pytest.importorskip("anywidget")

import dtlearn as dt
from dtlearn.plot.figures import region_grid
from dtlearn.widgets import BoundaryExplorer


@pytest.fixture(scope="module")
def data():
    X = np.random.default_rng(0).uniform(size=(30, 2))
    return X, np.array(["a", "b", "c"] * 10)


def test_the_default_region_image(data):
    X, y = data
    app = BoundaryExplorer(X, y)
    [ax] = app.figure.figure.axes
    [image] = ax.images
    extent, codes = region_grid(dt.CARTClassifier(max_depth=2).fit(X, y), X, 100)
    assert image.get_array().shape == (100, 100) == codes.shape
    assert np.array_equal(image.get_array(), codes)
    assert image.get_alpha() == 0.3
    assert image.get_clim() == (-0.5, 2.5) and image.get_cmap().N == 3
    assert image.origin == "lower" and ax.get_aspect() == "auto"
    assert image.get_extent() == pytest.approx(list(extent))
    assert (*ax.get_xlim(), *ax.get_ylim()) == pytest.approx(extent)
    assert (app.figure.width_px, app.figure.height_px) == (560, 400)
    assert (app.depth, app.slider.value, app.slider.min, app.slider.max) == (2, 2, 1, 10)


def test_starting_oblique(data):
    X, y = data
    app = BoundaryExplorer(X, y, oblique=True, resolution=10)
    assert app.oblique is True and app.kind.value is True
    model = dt.ObliqueTreeClassifier(max_depth=2).fit(X, y)
    assert isinstance(app.model, dt.ObliqueTreeClassifier)
    assert app.summary.startswith(f"oblique, max depth 2: {model.tree_.n_leaves} leaves")
    app.kind.value = False
    assert app.oblique is False and app.summary.startswith("axis-aligned, max depth 2: ")
    app.slider.value = 1
    assert app.depth == 1 and app.summary.startswith("axis-aligned, max depth 1: ")
