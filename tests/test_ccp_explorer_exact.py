"""CostComplexityExplorer's state at each α against scikit-learn's pruning path.

The α values, R(T) and leaf counts come from ``DecisionTreeClassifier``'s
``cost_complexity_pruning_path`` and from trees refit with each ``ccp_alpha``; the
summary, the slider labels (three significant digits) and the symbol key are written out
here in full.
"""

import numpy as np
import pytest
from sklearn.tree import DecisionTreeClassifier

from dtlearn.widgets.cost_complexity_explorer import CostComplexityExplorer, ccp_key_html


def data():
    rng = np.random.default_rng(1)
    X = np.round(rng.uniform(size=(40, 2)), 2)
    y = np.where(X[:, 0] + 0.3 * rng.normal(size=40) > 0.5, "a", "b")
    return X, y


@pytest.fixture(scope="module")
def app():
    return CostComplexityExplorer(*data(), cv=3)


def g3(x):
    return f"{x:.3g}"


def test_alphas_and_slider_labels_follow_sklearn(app):
    assert (app.index, app.slider.value, app.alpha) == (0, 0, 0.0)  # the full tree first
    assert app.summary.startswith("α = 0: 14 leaves, R(T) = 0, ")
    X, y = data()
    path = DecisionTreeClassifier(random_state=0).cost_complexity_pruning_path(X, y)
    assert app.alphas == pytest.approx(path.ccp_alphas)
    assert [label for label, _ in app.slider.options] == [
        "0",
        "0.0169",
        "0.02",
        "0.0308",
        "0.0669",
        "0.174",
    ]
    assert [label for label, _ in app.slider.options] == [g3(a) for a in path.ccp_alphas]
    assert [i for _, i in app.slider.options] == list(range(6))


@pytest.mark.parametrize("index", [0, 2, 5])
def test_summary_at_each_alpha(app, index):
    X, y = data()
    path = DecisionTreeClassifier(random_state=0).cost_complexity_pruning_path(X, y)
    app.slider.value = index
    assert app.index == index
    a, risk = path.ccp_alphas[index], path.impurities[index]
    sk = DecisionTreeClassifier(random_state=0, ccp_alpha=a).fit(X, y)
    leaves = sk.get_n_leaves()
    word = "leaf" if leaves == 1 else "leaves"
    cv_mean, cv_std = app.cv_mean[index], app.cv_std[index]
    assert app.summary == (
        f"α = {g3(a)}: {leaves} {word}, R(T) = {g3(risk)}, R_α(T) = {g3(risk)} + {g3(a)} × "
        f"{leaves} = {g3(risk + a * leaves)}; this tree: training accuracy "
        f"{sk.score(X, y):.3f}; cross-validated {cv_mean:.3f} ± {cv_std:.3f} (the learner "
        "refit with this α on each of 3 folds, not this tree)"
    )
    assert app.entry == {
        "index": index,
        "alpha": pytest.approx(a),
        "path_entry": index,
        "n_leaves": leaves,
        "n_nodes": sk.tree_.node_count,
        "R": pytest.approx(risk),
        "R_alpha": pytest.approx(risk + a * leaves),
        "train": sk.score(X, y),
        "cv_mean": cv_mean,
        "cv_std": cv_std,
    }
    best = int(np.argmax(app.cv_mean))
    best_leaves = DecisionTreeClassifier(random_state=0, ccp_alpha=path.ccp_alphas[best])
    n_best = best_leaves.fit(X, y).get_n_leaves()
    assert app.summary_html.value == (
        f'<span class="dtlearn-app-status">{app.summary.replace("&", "&amp;")}</span><br>'
        f"<i>best cross-validated accuracy {app.cv_mean[best]:.3f} at α = "
        f"{g3(path.ccp_alphas[best])} (the tree shown has {n_best} "
        f"{'leaf' if n_best == 1 else 'leaves'} at that α)</i>"
    )
    # the view shows the full tree laid out once, the pruned nodes as leaves
    assert app.view.data["n_nodes"] == 27
    assert len(app.view.shown_data()["nodes"]) == sk.tree_.node_count
    if index + 1 < len(path.ccp_alphas):
        assert app.detail_html.value.split("</p>")[-2].endswith(
            f"at α = {g3(path.ccp_alphas[index + 1])}"
        )
    else:
        assert "Next weakest link" not in app.detail_html.value
    assert app.detail_html.value.startswith("<p>Last collapse: ") == (index > 0)


def test_marks_follow_the_slider(app):
    app.slider.value = 3
    fig = app.figure.figure
    left, right = fig.axes[:2]
    a = float(app.alphas[3])
    lines = [ln for ln in left.lines + right.lines if ln.get_animated()]
    xs = sorted({float(np.asarray(ln.get_xdata()).ravel()[0]) for ln in lines})
    assert xs == [pytest.approx(a)]
    points = [ln for ln in right.lines if ln.get_animated() and ln.get_marker() == "o"][0]
    assert list(points.get_ydata()) == pytest.approx([app.train_accuracy[3], app.cv_mean[3]])


def test_symbol_key_in_full():
    rows = [
        ("α", "the complexity parameter: the price of one leaf"),
        ("R(T)", "the tree's total leaf risk: the sum of r(t) over its leaves"),
        ("|T|", "the number of leaves of the tree"),
        ("R_α(T)", "R(T) + α·|T|, the cost-complexity that pruning at α minimises"),
        ("r(t)", "the risk of node t were it a leaf: its rows' share × its impurity I(t)"),
        ("R(T_t)", "the summed risk of the leaves of the subtree under t"),
        ("|T_t|", "the leaves of the subtree under t"),
        (
            "alpha_eff",
            "(r(t) − R(T_t)) / (|T_t| − 1): the α at which collapsing t pays; the smallest "
            "is the weakest link, collapsed next",
        ),
    ]
    body = "".join(
        f'<tr><th scope="row"><code>{s}</code></th><td>{t.replace(chr(39), "&#x27;")}</td></tr>'
        for s, t in rows
    )
    assert ccp_key_html() == (
        '<details class="dtlearn-key"><summary>key to the symbols</summary>'
        f'<table class="dtlearn-key-list"><tbody>{body}</tbody></table></details>'
    )
