"""A size parameter of whole numbers gets whole-number ticks on the curve's x axis.

``max_depth`` 1, 2, 3 ticks at 1, 2, 3, not at 1.2, 1.4, ... (matplotlib's default for
a range of 2); ``min_samples_leaf`` is drawn on a log axis instead.
"""

import pytest

pytest.importorskip("anywidget")

import dtlearn as dt
from dtlearn.widgets import OverfittingExplorer


def test_depth_ticks_are_whole_numbers():
    X, y = dt.load_play_tennis(numeric=True)
    app = OverfittingExplorer(
        X,
        y,
        values={"max_depth": [1, 2, 3], "min_samples_leaf": [1, 2]},
        noise_levels=(0.0,),
        precompute=False,
    )
    [ax] = [a for a in app.figure.figure.axes if a.get_visible()]
    assert ax.get_xscale() == "linear"
    assert ax.xaxis.get_major_locator().tick_values(1, 3).tolist() == [1.0, 2.0, 3.0]
    ticks = [t for t in ax.get_xticks() if 1 <= t <= 3]
    assert ticks == [1.0, 2.0, 3.0]
    app.param = "min_samples_leaf"
    [ax] = [a for a in app.figure.figure.axes if a.get_visible()]
    assert ax.get_xscale() == "log"
