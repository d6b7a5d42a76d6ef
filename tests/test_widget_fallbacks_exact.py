"""The widgets' less travelled paths, exactly: a state that is not a pruned copy, the
comparison that tells one from the other, the base app's defaults, old import paths.
"""

import warnings

import pytest

pytest.importorskip("anywidget")

import ipywidgets as w

import dtlearn as dt
from dtlearn.widgets import TreeView
from dtlearn.widgets.base import App
from dtlearn.widgets.tree_view import pruned_ids


@pytest.fixture(scope="module")
def tennis_tree():
    return dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_


def _base(tree):
    return {
        n.node_id: (tuple(c.node_id for c in n.children), n.n_samples, n.impurity)
        for n in tree.nodes()
    }


def test_pruned_ids_tells_a_pruned_copy_from_another_tree(tennis_tree):
    base = _base(tennis_tree)
    assert pruned_ids(base, tennis_tree) == []
    assert pruned_ids(base, tennis_tree.with_leaves_at([3, 1])) == [1, 3]
    assert pruned_ids(base, tennis_tree.with_leaves_at([0])) == [0]
    other = tennis_tree.copy()
    other.node(4).n_samples = 2.0  # counts changed: not a pruned copy
    assert pruned_ids(base, other) is None
    other = tennis_tree.copy()
    other.node(6).impurity = 0.5
    assert pruned_ids(base, other) is None
    other = tennis_tree.copy()
    sunny = other.node(1)
    sunny.children = sunny.children[::-1]  # the same nodes in another order
    assert pruned_ids(base, other) is None
    unknown = tennis_tree.copy()
    unknown.root.node_id = 99  # the first node read is not in base
    assert pruned_ids(base, unknown) is None


def test_show_pruned_lays_out_a_state_that_is_not_a_pruned_copy(tennis_tree):
    view = TreeView(tennis_tree)
    view.select(4)
    raised = tennis_tree.copy()
    raised.node(4).n_samples = 2.0
    view.show_pruned(tennis_tree, raised, highlight=[0, 1], selected=1)
    assert view.tree is raised
    assert (view.pruned, view.highlight, view.selected) == ([], [0, 1], 1)
    assert view.detail["id"] == 1
    assert [n["id"] for n in view.data["nodes"]] == [0, 1, 4, 5, 2, 3, 6, 7]
    view.show_pruned(tennis_tree, tennis_tree.with_leaves_at([3]), highlight=[0])
    assert (view.pruned, view.highlight, view.selected) == ([3], [0], None)


def test_tree_view_refuses_a_non_bool_fold(tennis_tree):
    with pytest.raises(TypeError) as err:
        TreeView(tennis_tree, fold=1)
    assert str(err.value) == "fold must be True or False, got 1"


def test_the_base_app_s_defaults(monkeypatch):
    class Plain(App):
        pass

    app = Plain([w.HTML("hi")])
    assert app.describe() == "Plain"
    assert repr(app) == "Plain: Plain"
    assert app.static_html() == "<p>Plain</p>"
    published = []
    import IPython.display

    monkeypatch.setattr(
        IPython.display, "publish_display_data", lambda data, metadata=None: published.append(data)
    )
    app._ipython_display_()
    [live, picture] = published
    assert live["text/plain"] == "Plain: Plain" and live["text/html"] == ""
    assert "<p>Plain</p>" in picture["text/html"]


def test_old_import_paths_give_the_same_objects():
    from dtlearn.widgets import apps, base, boundary_explorer, criteria_explorer, id3_builder

    assert apps.LiveFigure is base.LiveFigure
    assert apps.BoundaryExplorer is boundary_explorer.BoundaryExplorer
    assert apps.CriteriaExplorer is criteria_explorer.CriteriaExplorer
    assert apps.criterion_picks is criteria_explorer.criterion_picks
    assert apps.criteria_example_table is criteria_explorer.criteria_example_table
    assert apps.ID3Builder is id3_builder.ID3Builder


def test_the_alpha_app_s_old_home_warns_and_answers():
    from dtlearn.widgets import cost_complexity_explorer, pruning_stepper

    for name in ("CostComplexityExplorer", "CCP_KEY", "ccp_key_html"):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            found = getattr(pruning_stepper, name)
        assert found is getattr(cost_complexity_explorer, name)
        [warning] = caught
        assert warning.category is DeprecationWarning
        assert str(warning.message) == (
            f"dtlearn.widgets.pruning.{name} moved to "
            f"dtlearn.widgets.cost_complexity_explorer.{name} in dtlearn 0.3.0; import it "
            f"from there (the old name goes in 0.4.0)"
        )
    with pytest.raises(AttributeError) as err:
        pruning_stepper.Nothing  # noqa: B018
    assert str(err.value) == "module 'dtlearn.widgets.pruning_stepper' has no attribute 'Nothing'"


def test_presenter_checks_its_arguments():
    from dtlearn.widgets.tree_view import default_font_scale, presenter

    for bad in ("yes", 1, None):
        with pytest.raises(TypeError) as err:
            presenter(bad)
        assert str(err.value) == f"presenter: on must be True or False, got {bad!r}"
    with pytest.raises(ValueError) as err:
        presenter(True, font_scale=5)
    assert str(err.value) == "font_scale must be between 0.5 and 4, got 5"
    assert presenter(True, font_scale=4) == 4.0 == default_font_scale()
    assert presenter(False, font_scale=9) == 1.0 == default_font_scale()  # off: scale 1


def test_the_rules_table_frame(tennis_tree):
    from dtlearn.widgets import PruningStepper

    X, y = dt.load_play_tennis()
    app = PruningStepper(dt.ID3Classifier().fit(X, y), X[::2], y[::2], method="rules")
    html = app.rules_html.value
    assert html.startswith(
        "<p><b>the rules as step 1 finds them (rule 1 marked)</b></p>"
        '<div class="dtlearn-rules-box" tabindex="0" role="region" '
        'aria-label="the rules, scrollable"><table class="dtlearn-rules">'
        "<thead><tr><th>#</th><th>IF (every line holds)</th><th>THEN</th>"
        "<th>validation rows covered</th><th>correct</th><th>accuracy</th></tr>"
        "</thead><tbody><tr"
    )
    assert html.endswith("</td></tr></tbody></table></div>")
