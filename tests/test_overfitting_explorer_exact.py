"""OverfittingExplorer's texts, marker and figure after each move, read back exactly.

The numbers come from the curve the app shows (:func:`complexity_curve`, tested on its
own); what is pinned here is what the app makes of them: the summary's words, the
marker's fields, the status span, the curve page's styles (one hue, marker and dash per
series), the "current tree" box, the log axis of ``min_samples_leaf``, the fold depth.
"""

import pytest

pytest.importorskip("anywidget")

from matplotlib.colors import to_hex

import dtlearn as dt
from dtlearn.formatting import fmt
from dtlearn.widgets import OverfittingExplorer


@pytest.fixture(scope="module")
def app():
    X, y = dt.load_vote()
    keep = X.notna().all(axis=1)
    return OverfittingExplorer(
        X[keep],
        y[keep],
        values={"max_depth": [1, 2, 3], "min_samples_leaf": [1, 5, 20]},
        noise_levels=(0.0, 0.2),
        precompute=False,
        view_depth=1,
    )


def visible_axes(app):
    [ax] = [a for a in app.figure.figure.axes if a.get_visible()]
    return ax


def test_messages_of_bad_arguments():
    X, y = dt.load_play_tennis(numeric=True)
    for kwargs, text in [
        ({"params": ()}, "params: give at least one parameter"),
        ({"noise_levels": ()}, "noise_levels: give at least one noise level"),
        # outlook is categorical: the default learner is ID3
        ({"params": ("depth",)}, "params: ID3Classifier has no parameter 'depth'"),
    ]:
        with pytest.raises(ValueError) as err:
            OverfittingExplorer(X, y, precompute=False, **kwargs)
        assert str(err.value) == text
    numbers = X[["temperature", "humidity"]].to_numpy(dtype=float)
    with pytest.raises(ValueError) as err:  # numbers only: the default learner is CART
        OverfittingExplorer(numbers, y, precompute=False, params=("depth",))
    assert str(err.value) == "params: CARTClassifier has no parameter 'depth'"


def test_the_first_state_in_words(app):
    curve, tree = app.curve, app.tree
    assert (app.param, app.noise, app.value) == ("max_depth", 0.0, curve.best_value)
    i = list(curve.values).index(app.value)
    scores = {"train": curve.train[i], "validation": curve.validation[i], "test": curve.test[i]}
    assert app.summary == (
        f"max depth = {app.value}, label noise 0%: {tree.n_nodes} nodes, {tree.n_leaves} leaves; "
        f"accuracy train {fmt(scores['train'])}, validation {fmt(scores['validation'])}, "
        f"test {fmt(scores['test'])}"
    )
    assert app.marker == {
        "param": "max_depth",
        "value": app.value,
        "noise": 0.0,
        "index": i,
        "n_nodes": tree.n_nodes,
        **scores,
        "best_value": curve.best_value,
    }
    assert app.summary_html.value == (
        f'<span class="dtlearn-app-status">{app.summary}</span><br>'
        f"<i>best validation accuracy at max depth = {curve.best_value} "
        f"({fmt(curve.validation[curve.best_index])})</i>"
    )
    assert repr(app) == f"OverfittingExplorer: {app.summary}"


def test_the_curve_page(app):
    app.param, app.noise = "max_depth", 0.0
    ax = visible_axes(app)
    curve = app.curve
    assert ax.get_position().bounds == pytest.approx((0.1, 0.17, 0.64, 0.73))
    assert ax.get_title() == "ID3Classifier, label noise 0%"
    assert (ax.get_xlabel(), ax.get_xscale()) == ("max depth", "linear")
    low = min(min(curve.train), min(curve.validation), min(curve.test))
    assert ax.get_ylim() == pytest.approx((min(0.5, low) - 0.02, 1.02))
    series = [
        (
            ln.get_label(),
            to_hex(ln.get_color()),
            ln.get_marker(),
            ln.get_linestyle(),
            ln.get_markersize(),
        )
        for ln in ax.get_lines()
        if not ln.get_animated()
    ]
    assert series == [
        ("train", "#0072b2", "o", "-", 5.0),
        ("validation", "#e69f00", "s", "--", 5.0),
        ("test", "#009e73", "^", ":", 5.0),
    ]
    legend = ax.get_legend()
    assert legend._loc == 2  # upper left, outside the axes on the right
    assert [t.get_text() for t in legend.get_texts()] == ["train", "validation", "test"]
    assert {t.get_fontsize() for t in legend.get_texts()} == {8.0}
    line, points = [ln for ln in ax.get_lines() if ln.get_animated()]
    assert list(line.get_xdata()) == [app.value, app.value]
    assert (to_hex(line.get_color()), line.get_linestyle(), line.get_linewidth()) == (
        "#333333",
        "--",
        1.0,
    )
    assert list(points.get_xdata()) == [app.value] * 3
    assert list(points.get_ydata()) == [app.marker[k] for k in ("train", "validation", "test")]
    assert (points.get_markersize(), points.get_markeredgewidth()) == (9.0, 1.5)
    [box] = ax.texts
    assert box.get_text() == (
        f"current tree\ndepth = {app.value}\n{app.tree.n_leaves} leaves\n"
        f"train {fmt(app.marker['train'])}\nvalidation {fmt(app.marker['validation'])}\n"
        f"test {fmt(app.marker['test'])}"
    )
    assert (box.get_position(), box.get_fontsize(), box.get_va()) == ((1.03, 0.02), 8.0, "bottom")


def test_the_view_folds_below_view_depth(app):
    app.param, app.noise = "max_depth", 0.0
    app.value = app.curve.values[-1]
    deep = [n.node_id for n in app.tree.nodes() if n.depth == 1 and not n.is_leaf]
    assert deep and app.view.collapsed == deep
    assert app.view.tree is app.tree


def test_min_samples_leaf_is_on_a_log_axis(app):
    app.param = "min_samples_leaf"
    ax = visible_axes(app)
    assert (ax.get_xlabel(), ax.get_xscale()) == ("min samples per leaf (log scale)", "log")
    assert app.value_slider.description == "min samples per leaf"
    assert app.summary.startswith(f"min samples per leaf = {app.value}, label noise 0%: ")
    assert app.marker["param"] == "min_samples_leaf"
    app.noise = 0.2
    assert visible_axes(app).get_title() == "ID3Classifier, label noise 20%"
    assert app.summary.startswith(f"min samples per leaf = {app.value}, label noise 20%: ")
    [box] = visible_axes(app).texts
    assert box.get_text().startswith(f"current tree\nmin leaf = {app.value}\n")
    app.param, app.noise = "max_depth", 0.0
