"""Widgets' kernel-side state after each action, pinned exactly.

The region explorer's image (colour limits, data, extent) and summary against
scikit-learn and a hand count; a tree view showing a pruned state: which changes lay the
tree out again (a fold does, a new highlight does not: the browser draws it).
"""

import numpy as np
import pytest
from matplotlib.colors import to_rgba
from sklearn.tree import DecisionTreeClassifier

from dtlearn import ID3Classifier, load_play_tennis
from dtlearn.widgets.boundary_explorer import BoundaryExplorer
from dtlearn.widgets.tree_view import TreeView


def three_bands():
    rng = np.random.default_rng(0)
    X = rng.uniform(size=(60, 2))
    y = np.where(X[:, 0] < 0.33, "a", np.where(X[:, 0] < 0.66, "b", "c"))
    return X, y


def test_boundary_explorer_image_maps_class_k_to_colour_k():
    X, y = three_bands()
    app = BoundaryExplorer(X, y, resolution=20)
    ax = app.figure.figure.axes[0]
    [image] = ax.images
    # three classes: codes 0, 1, 2 sit in the middle of the colour limits' three bins
    assert image.get_clim() == (-0.5, 2.5)
    okabe_ito = ["#E69F00", "#56B4E9", "#009E73"]  # orange, sky blue, bluish green
    for k in range(3):
        assert image.cmap(image.norm(k)) == pytest.approx(to_rgba(okabe_ito[k]))
    assert image.get_alpha() == 0.3
    # the image is the grid of predictions over the data's range padded by 5 %
    lo, hi = X.min(axis=0), X.max(axis=0)
    pad = (hi - lo) * 0.05
    assert image.get_extent() == pytest.approx(
        [lo[0] - pad[0], hi[0] + pad[0], lo[1] - pad[1], hi[1] + pad[1]]
    )
    gx = np.linspace(lo[0] - pad[0], hi[0] + pad[0], 20)
    gy = np.linspace(lo[1] - pad[1], hi[1] + pad[1], 20)
    xx, yy = np.meshgrid(gx, gy)
    sk = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X, y)
    want = np.searchsorted(sk.classes_, sk.predict(np.column_stack([xx.ravel(), yy.ravel()])))
    assert np.asarray(image.get_array()).tolist() == want.reshape(20, 20).tolist()
    assert ax.get_xlim() == pytest.approx((lo[0] - pad[0], hi[0] + pad[0]))
    assert ax.get_ylim() == pytest.approx((lo[1] - pad[1], hi[1] + pad[1]))


def test_boundary_explorer_summary_after_each_move():
    X, y = three_bands()
    app = BoundaryExplorer(X, y, resolution=10, max_depth=4)
    assert (app.slider.min, app.slider.max, app.slider.value) == (1, 4, 2)
    assert (app.depth, app.oblique) == (2, False)
    assert app.summary == "axis-aligned, max depth 2: 3 leaves, training accuracy 100%"
    app.slider.value = 1
    sk = DecisionTreeClassifier(max_depth=1, random_state=0).fit(X, y)
    assert app.depth == 1
    assert app.summary == (
        f"axis-aligned, max depth 1: 2 leaves, training accuracy {round(100 * sk.score(X, y))}%"
    )
    assert app.summary_html.value == app.summary == app.describe()
    app.kind.value = True
    assert app.oblique is True
    assert app.summary.startswith("oblique, max depth 1: 2 leaves, training accuracy ")
    started = BoundaryExplorer(X, y, oblique=True, resolution=10)
    assert (started.oblique, started.kind.value) == (True, True)
    assert started.summary.startswith("oblique, max depth 2: ")


def pruned_view():
    tree = ID3Classifier().fit(*load_play_tennis()).tree_
    view = TreeView(fold=False)
    inner = [n.node_id for n in tree.nodes() if not n.is_leaf and n.node_id != 0]
    state = tree.with_leaves_at([inner[0]])
    view.show_pruned(tree, state, highlight=[0, inner[0]], selected=inner[0])
    return tree, view, inner


def test_tree_view_pruned_state_traits():
    tree, view, inner = pruned_view()
    assert view.pruned == [inner[0]]
    assert view.highlight == [0, inner[0]]
    assert view.selected == inner[0]
    assert view.collapsed == []
    # the base tree is laid out whole, without a highlight (the browser draws it)
    assert view.data["n_nodes"] == tree.n_nodes == 8
    assert [n["highlighted"] for n in view.data["nodes"]] == [False] * 8
    # the pruned subtree's two leaves are hidden: the nodes shown are the state's
    state = tree.with_leaves_at([inner[0]])
    shown = view.shown_data()
    assert sorted(n["id"] for n in shown["nodes"]) == sorted(n.node_id for n in state.nodes())
    assert len(shown["nodes"]) == 6


def test_tree_view_pruned_state_highlight_is_not_laid_out_again():
    tree, view, inner = pruned_view()
    sent = []
    view.observe(lambda change: sent.append(change["new"]), names=["data"])
    view.highlight = [0, inner[1]]
    assert sent == []  # the browser moves the highlight; no new layout is sent
    assert [n["highlighted"] for n in view.data["nodes"]] == [False] * 8


def test_tree_view_pruned_state_fold_is_laid_out():
    tree, view, inner = pruned_view()
    view.collapsed = [inner[1]]
    folded = {n["id"]: n for n in view.data["nodes"]}
    assert folded[inner[1]]["collapsed"] is True
    assert folded[inner[1]]["stub"] == "+ 2 nodes"
    assert len(view.data["nodes"]) == 6  # two of the eight nodes folded away
    view.collapsed = []
    assert len(view.data["nodes"]) == 8


def test_app_sends_its_figure_s_alt_text_to_the_browser():
    from dtlearn.widgets.tree_view import AppStyle

    X, y = three_bands()
    app = BoundaryExplorer(X, y, resolution=10)
    [style] = [c for c in app.children if isinstance(c, AppStyle)]
    assert app.children[-1] is style and app.children[0] is app.busy_note
    state = style.get_state()
    assert state["figure_alt"] == (
        "the training points and the class regions the tree predicts over the plane"
    )
    assert "figure_alt" in style.keys
