"""The teaching apps at their edges: first and last positions, ties, one-leaf trees, bad input.

Every expectation is worked out by hand from the data (play-tennis, Quinlan's 14 rows:
9 yes, 5 no) or is an invariant the app must keep (the numbers it prints are those of the
tree it shows), never read off the app's current output.
"""

import re

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("ipywidgets")

import dtlearn as dt
from dtlearn.widgets import CostComplexityExplorer, PruningStepper


@pytest.fixture(scope="module")
def tennis():
    return dt.load_play_tennis()


# ------------------------------------------------------------------ PruningStepper
def test_a_one_leaf_tree_has_one_rule_that_always_fires():
    # every row is class p: ID3 makes one leaf, its rule has no condition ("IF TRUE");
    # the table writes the empty IF as "(always)" and counts all 4 rows, all correct
    X = pd.DataFrame({"a": ["x", "y", "x", "y"]})
    y = ["p"] * 4
    app = PruningStepper(dt.ID3Classifier().fit(X, y), X, y, method="rules")
    assert app.n_steps == 1 and app.position == 0
    assert app.rules_state == [{"number": 1, "text": "IF TRUE THEN class = p", "current": True}]
    row = (
        '<tr class="dtlearn-winner"><td class="dtlearn-num">1</td><td>(always)</td>'
        '<td>class = p</td><td class="dtlearn-num">4</td><td class="dtlearn-num">4</td>'
        '<td class="dtlearn-num">100%</td></tr>'
    )
    assert row in app.rules_html.value
    app.next()
    assert app.rules_html.value.startswith("<p><b>the result: 1 rules</b></p>")
    assert "(always)" in app.rules_html.value


@pytest.mark.parametrize("given", ["X_val", "y_val"])
def test_validation_rows_without_their_labels_are_refused(tennis, given):
    X, y = tennis
    model = dt.ID3Classifier().fit(X, y)
    args = {"X_val": X, "y_val": None} if given == "X_val" else {"X_val": None, "y_val": y}
    with pytest.raises(ValueError, match="X_val and y_val go together: pass both or neither"):
        PruningStepper(model, method="pessimistic", **args)


# ------------------------------------------------------------------ CostComplexityExplorer
def _gini_risk(tree, n_total):
    """R(T) by hand: the sum over the leaves of n_t/N times the leaf's Gini index."""
    total = 0.0
    for node in tree.nodes():
        if node.is_leaf:
            p = np.asarray(node.counts, dtype=float) / node.n_samples
            total += node.n_samples / n_total * (1.0 - (p**2).sum())
    return total


@pytest.fixture(scope="module")
def ccp(tennis):
    X, y = tennis
    return CostComplexityExplorer(X, y, cv=2)


def test_every_position_prints_the_numbers_of_the_tree_it_shows(ccp):
    # CART on play-tennis collapses node 3 and node 4 at the same alpha (2/35): the slider
    # has one position for that alpha, showing the tree after both collapses
    alphas = [float(a) for a in ccp.path.ccp_alphas]
    assert len(set(alphas)) == len(ccp.alphas) < len(alphas)  # a repeated alpha
    for i in range(len(ccp.alphas)):
        ccp.index = i
        tree = ccp.tree
        assert ccp.entry["n_leaves"] == tree.n_leaves
        assert ccp.entry["n_nodes"] == tree.n_nodes
        assert ccp.entry["R"] == pytest.approx(_gini_risk(tree, 14))
        assert ccp.entry["R_alpha"] == pytest.approx(
            _gini_risk(tree, 14) + ccp.alpha * tree.n_leaves
        )
    # the root alone: 9 yes, 5 no, R = 1 - (81 + 25) / 196 = 90/196, one leaf (singular)
    assert ccp.entry["R"] == pytest.approx(90 / 196)
    assert re.match(r"α = [0-9.]+: 1 leaf, R\(T\) = 0\.459,", ccp.summary)


def test_the_detail_names_the_last_collapse_and_the_next_weakest_link(ccp):
    steps = ccp.path.steps
    last = len(ccp.alphas) - 1
    for i in range(last + 1):
        ccp.index = i
        entry = ccp.entry["path_entry"]
        detail = ccp.detail_html.value
        # nothing collapsed yet at the full tree; nothing left to collapse at the root
        assert ("Last collapse" in detail) == (i > 0)
        assert ("Next weakest link" in detail) == (i < last)
        if i < last:
            assert f"Next weakest link: node {steps[entry].node_id} at" in detail
        if i == 0:
            assert ccp.view.highlight == []


def test_a_learner_with_an_alpha_still_gets_the_whole_path(tennis):
    X, y = tennis
    full = CostComplexityExplorer(X, y, cv=2)
    pruned_learner = CostComplexityExplorer(X, y, learner=dt.CARTClassifier(ccp_alpha=0.1), cv=2)
    assert pruned_learner.path.tree.n_leaves == full.path.tree.n_leaves == 7
    assert list(pruned_learner.alphas) == list(full.alphas)


# ------------------------------------------------------------------ CriteriaExplorer
def test_rows_with_missing_values_are_counted_in_the_caption(tennis):
    from dtlearn.widgets.criteria_explorer import criterion_picks

    X, y = tennis
    X = X.astype(object)
    X.iloc[0, 0] = None  # two rows of 14 lose a value
    X.iloc[5, 1] = None
    caption = criterion_picks(X, y).caption
    assert caption.endswith(" (2 of 14 rows with missing values left out)")


def test_your_data_comes_first_and_unknown_data_sets_are_refused(tennis):
    import traitlets

    from dtlearn.widgets import CriteriaExplorer

    app = CriteriaExplorer(*tennis)
    assert app.dataset == "your data"
    assert app.chooser.options[0] == ("your data", "your data")
    with pytest.raises(traitlets.TraitError, match="dataset must be one of .*'nope'"):
        app.dataset = "nope"
    assert app.dataset == "your data"


# ------------------------------------------------------------------ ID3Builder
def test_twelve_rows_are_all_shown_and_fourteen_say_two_more(tennis):
    from dtlearn.widgets import ID3Builder

    X, y = tennis
    twelve = ID3Builder(X.iloc[:12], y[:12]).rows_html.value
    assert "its training rows (12)" in twelve and "more rows" not in twelve
    fourteen = ID3Builder(X, y).rows_html.value
    assert "its training rows (14)" in fourteen and "<p>… 2 more rows</p>" in fourteen


def test_splitting_another_leaf_keeps_the_students_selection(tennis):
    from dtlearn.widgets import ID3Builder

    X, y = tennis
    app = ID3Builder(X, y)
    app.choose("outlook")  # leaves 1 sunny, 2 overcast (pure: closed), 3 rainy
    app.selected_leaf = 3
    app.choose("temperature", 1)  # sunny: mild stays mixed, yet the selection stays on 3
    assert app.selected_leaf == 3
    assert not app.buttons["split"].disabled


def test_finishing_twice_adds_no_empty_action_and_hints_say_why(tennis):
    from dtlearn.widgets import ID3Builder

    X, y = tennis
    app = ID3Builder(X, y)
    app.finish()
    history = [list(g) for g in app.history]
    assert len(history) == 1
    app.finish()  # nothing left to grow: nothing to undo either
    assert app.history == history
    app._show_hint()
    assert app.message == "hint: greedy ID3 would stop here (no open leaf)"
    app.undo()
    assert app.history == [] and app.tree.n_nodes == 1


def test_predict_first_must_be_a_bool(tennis):
    from dtlearn.widgets import ID3Builder

    with pytest.raises(TypeError, match="predict_first must be True or False, got 'yes'"):
        ID3Builder(*tennis, predict_first="yes")


# ------------------------------------------------------------------ TreeView, App
def _one_level_tree(n_values):
    """ID3 on one attribute with ``n_values`` values, each value one row: a root and
    ``n_values`` pure leaves, ``n_values + 1`` nodes."""
    X = pd.DataFrame({"v": [f"c{i:02d}" for i in range(n_values)]})
    y = ["a" if i % 2 else "b" for i in range(n_values)]
    return dt.ID3Classifier().fit(X, y)


def test_trees_of_up_to_80_nodes_carry_every_explanation():
    from dtlearn.widgets import TreeView
    from dtlearn.widgets.tree_view import EXPLAIN_ALL_UP_TO

    assert EXPLAIN_ALL_UP_TO == 80
    at = TreeView(_one_level_tree(79), fold=False)
    assert at.data["n_nodes"] == 80
    assert all(n["explanation"] is not None for n in at.data["nodes"])
    over = TreeView(_one_level_tree(80), fold=False)
    assert over.data["n_nodes"] == 81
    assert all(n["explanation"] is None for n in over.data["nodes"])


def test_fold_to_fit_from_the_browser(tennis):
    from dtlearn.drawing.layout import fold_to_fit
    from dtlearn.widgets import TreeView

    # the play-tennis tree is 712 px wide at full size: it fits the default 762 px
    view = TreeView(dt.ID3Classifier().fit(*tennis), fold=False)
    assert view.data["geometry"]["width"] == 712
    view._on_message(view, {"fold": "fit", "width": 0}, [])  # no width: the default
    assert view.collapsed == []
    view._on_message(view, {"fold": "fit", "width": 150}, [])  # below 200 px: 200 px
    assert view.collapsed == [1, 3] == fold_to_fit(view.tree, 200)
    view._on_message(view, {"fold": "fit", "width": -5}, [])
    assert view.collapsed == []
    # a lone leaf (190 px) has nothing to fold, however narrow the view
    X = pd.DataFrame({"a": ["x", "y"]})
    leaf = dt.ID3Classifier().fit(X, ["p", "p"])
    assert fold_to_fit(leaf.tree_, 100) == []
    small = TreeView(leaf)
    small._on_message(small, {"fold": "fit", "width": 50}, [])
    assert small.collapsed == []


def test_an_app_at_scale_one_is_not_in_presenter_mode():
    import ipywidgets as w

    from dtlearn.widgets.base import App, img_html

    app = App([w.HTML("hi")], font_scale=1.0)
    assert "dtlearn-presenter" not in app._dom_classes
    app.font_scale = 1.01
    assert "dtlearn-presenter" in app._dom_classes
    assert img_html(b"", "x", 0) == '<img alt="x" width="0" src="data:image/png;base64,"/>'


@pytest.mark.parametrize("scale", [0.5, 4])
def test_a_view_accepts_the_bounds_of_font_scale(scale):
    from dtlearn.widgets import TreeView

    assert TreeView(font_scale=scale).font_scale == scale


def test_boundary_depth_slider_starts_at_one():
    from dtlearn.widgets import BoundaryExplorer

    rng = np.random.default_rng(0)
    X = rng.uniform(size=(30, 2))
    app = BoundaryExplorer(X, np.where(X[:, 0] > 0.5, "a", "b"), max_depth=3, resolution=10)
    assert (app.slider.min, app.slider.max, app.slider.value) == (1, 3, 2)
    app.oblique = True
    assert app.summary.startswith("oblique, max depth 2: ")


def test_ties_in_cross_validation_pick_the_smallest_alpha(tennis):
    X, y = tennis
    app = CostComplexityExplorer(X, y, cv=3, random_state=0)
    assert len(set(np.round(app.cv_mean, 12))) == 1  # three folds: every alpha scores alike
    # a tie: the first alpha of the path, 0, whose tree is the full tree of 7 leaves
    assert "at α = 0 (the tree shown has 7 leaves at that α)" in app.summary_html.value


# ------------------------------------------------------------------ OverfittingExplorer
def test_a_new_parameter_starts_at_its_best_validation_value():
    from dtlearn.widgets import OverfittingExplorer

    X, y = dt.load_vote()
    keep = X.notna().all(axis=1)
    app = OverfittingExplorer(
        X[keep],
        y[keep],
        learner=dt.CARTClassifier(),
        params=("max_leaf_nodes", "min_samples_leaf"),
        values={"max_leaf_nodes": [2, 3], "min_samples_leaf": [1, 3, 7, 14, 28, 42]},
        noise_levels=(0.3,),
        precompute=False,
    )
    assert app.param_buttons.options == (
        ("max leaves", "max_leaf_nodes"),
        ("min samples per leaf", "min_samples_leaf"),
    )
    assert app.value_slider.description == "max leaves"
    app.param = "min_samples_leaf"  # the value 2 or 3 is not among its values
    validation = list(app.curve.validation)
    best = validation.index(max(validation))
    assert best > 0  # with 30 % label noise small leaves do worse than large ones
    assert app.value == app.curve.values[best] == app.marker["best_value"]
    assert app.value_slider.description == "min samples per leaf"


def test_the_explorer_needs_a_noise_level(tennis):
    from dtlearn.widgets import OverfittingExplorer

    with pytest.raises(ValueError, match="noise_levels: give at least one noise level"):
        OverfittingExplorer(*tennis, noise_levels=())
    with pytest.raises(ValueError, match="params: give at least one parameter"):
        OverfittingExplorer(*tennis, params=())


def test_a_state_whose_impurity_changed_is_not_a_pruned_copy(tennis):
    from dtlearn.exports.json_io import tree_from_dict, tree_to_dict
    from dtlearn.widgets.tree_view import pruned_ids

    tree = dt.ID3Classifier().fit(*tennis).tree_
    base = {
        n.node_id: (tuple(c.node_id for c in n.children), n.n_samples, n.impurity)
        for n in tree.nodes()
    }
    assert pruned_ids(base, tree_from_dict(tree_to_dict(tree))) == []
    data = tree_to_dict(tree)
    data["nodes"][1]["impurity"] = 0.5  # same rows, another impurity: laid out anew
    assert pruned_ids(base, tree_from_dict(data)) is None


def test_ccp_explorer_says_one_leaf_in_the_singular():
    # labels with no pattern in x: every split found on one half errs on the other, so the
    # root leaf cross-validates best (0.5 against 0.438 for the two bigger trees)
    X = pd.DataFrame({"x": np.arange(16.0)})
    y = pd.Series(list("aabbaaaaaaababab"))
    app = CostComplexityExplorer(X, y, cv=2)
    best = int(np.argmax(app.cv_mean))
    assert int(app.path.n_leaves[app._entries[best]]) == 1
    assert "has 1 leaf at that α" in app.summary_html.value
