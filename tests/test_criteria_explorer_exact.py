"""CriteriaExplorer: the values at p, the marker, and the root picks on data with missing
values, each against a hand computation (entropy, Gini, information gain on the rows
without a missing value)."""

import math

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("ipywidgets")

from dtlearn import load_vote
from dtlearn.widgets.criteria_explorer import CriteriaExplorer, criterion_picks


def entropy_bits(counts):
    p = np.asarray(counts, dtype=float)
    p = p[p > 0] / p.sum()
    return float(-(p * np.log2(p)).sum())


def gini(counts):
    p = np.asarray(counts, dtype=float) / np.sum(counts)
    return float(1 - (p**2).sum())


def best_gain(X, y, impurity):
    base = impurity(y.value_counts().to_numpy())
    gains = {}
    for a in X:
        after = sum(
            len(part) / len(y) * impurity(part.value_counts().to_numpy())
            for _, part in y.groupby(X[a].astype(str), observed=True)
        )
        gains[a] = base - after
    best = max(gains, key=gains.get)
    return best, gains[best]


def test_picks_on_vote_leave_out_rows_with_missing_values():
    X, y = load_vote()
    complete = X.notna().all(axis=1)
    assert int((~complete).sum()) == 203
    table = criterion_picks(X, y)
    assert table.caption == (
        "attribute chosen at the root by each criterion (203 of 435 rows with missing "
        "values left out)"
    )
    assert list(table.columns) == ["criterion", "root split", "score", "score is"]
    picks = {row[0]: row[1:] for row in table.rows}
    Xc, yc = X[complete].reset_index(drop=True), y[complete].reset_index(drop=True)
    name, gain = best_gain(Xc, yc, entropy_bits)
    assert picks["entropy"][0] == name == "physician-fee-freeze"
    assert picks["entropy"][1] == pytest.approx(gain, abs=1e-12)
    assert picks["entropy"][2] == "information gain (decrease of entropy)"
    name, gain = best_gain(Xc, yc, gini)
    assert picks["gini"][:2] == (name, pytest.approx(gain, abs=1e-12))
    assert all(row[1] in X.columns for row in table.rows)


def test_values_text_and_marker_after_moving_p():
    app = CriteriaExplorer()
    slider = app.slider
    assert (slider.min, slider.max, slider.step, slider.value) == (0.0, 1.0, 0.01, 0.3)
    assert slider.continuous_update is False  # one redraw per release, not per pixel
    app.slider.value = 0.2
    assert app.p == 0.2
    h = -(0.2 * math.log2(0.2) + 0.8 * math.log2(0.8))
    assert app.values_text.startswith(f"p = 0.20: entropy/2 = {h / 2:.3f}, Gini = {0.32:.3f}")
    assert app.values_html.value == app.values_text
    fig = app.figure.figure
    ax = fig.axes[0]
    legend = ax.get_legend()
    assert legend.get_frame_on() is False
    marker = [ln for ln in ax.lines if ln.get_animated() and ln.get_marker() == "o"][0]
    assert set(marker.get_xdata()) == {0.2}
    assert marker.get_ydata()[0] == pytest.approx(h / 2)
    assert app.describe().startswith(app.values_text + "; data set ")


def test_your_data_comes_first_and_picks_follow_the_dropdown():
    X = pd.DataFrame({"a": ["x", "x", "y", "y"], "b": ["u", "v", "u", "v"]})
    y = pd.Series(["p", "p", "q", "q"])
    app = CriteriaExplorer(X, y)
    assert app.chooser.options[0] == ("your data", "your data")
    assert app.dataset == "your data"
    picks = {row[0]: row[1] for row in app.picks.rows}
    assert set(picks.values()) == {"a"}  # a separates the classes, b tells nothing
    app.chooser.value = "restaurant"
    assert app.dataset == "restaurant"
    assert {row[0]: row[1] for row in app.picks.rows}["entropy"] == "Patrons"


def test_picks_use_only_the_data_s_columns():
    """Seven complete rows of eight: a = u holds p 2, q 2; a = v holds p 2, q 1.
    H = H(4/7, 3/7) = 0.98523; after the split 4/7 · 1 + 3/7 · H(2/3) = 0.96498;
    gain 0.02024. The row order (classes sorted) must not become an attribute."""
    X = pd.DataFrame({"a": ["u", "v", "u", "v", "u", None, "v", "u"]})
    y = pd.Series(["p", "p", "p", "p", "q", "q", "q", "q"])
    table = criterion_picks(X, y)
    assert table.caption.endswith("(1 of 8 rows with missing values left out)")
    assert {row[1] for row in table.rows} == {"a"}
    picks = {row[0]: row[2] for row in table.rows}
    h = entropy_bits([4, 3])
    assert h == pytest.approx(0.98523, abs=1e-5)
    assert picks["entropy"] == pytest.approx(h - (4 / 7 * 1 + 3 / 7 * entropy_bits([2, 1])))
    assert picks["entropy"] == pytest.approx(0.02024, abs=1e-5)
    assert picks["gini"] == pytest.approx(gini([4, 3]) - (4 / 7 * 0.5 + 3 / 7 * gini([2, 1])))
