import json

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.drawing.layout import describe, pruned_view, tree_view_data
from dtlearn.pruning.cost_complexity import cost_complexity_prune
from dtlearn.pruning.curves import complexity_curve, train_validation_test_split
from dtlearn.pruning.reduced_error import reduced_error_prune
from dtlearn.pruning.rule_post_pruning import rule_post_prune
from dtlearn.widgets import (
    BoundaryExplorer,
    CostComplexityExplorer,
    CriteriaExplorer,
    ID3Builder,
    OverfittingExplorer,
    PruningStepper,
    TreeView,
)
from dtlearn.widgets.base import LiveFigure

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def tennis_data():
    return dt.load_play_tennis()


def _ids(view):
    return [n["id"] for n in view.data["nodes"]]


def test_tree_view_traitlets_and_static_fallback(tennis_data):
    model = dt.ID3Classifier().fit(*tennis_data)
    view = TreeView(model)
    json.dumps(view.data)
    assert _ids(view) == [0, 1, 4, 5, 2, 3, 6, 7]
    view.select(1)
    assert view.selected == 1 and "humidity" in view.explanation()
    with pytest.raises(ValueError):
        view.select(99)
    view.collapsed = [1]  # what a click on the JS toggle sends
    assert _ids(view) == [0, 1, 2, 3, 6, 7]
    view.collapsed = []
    path = view.show_path({"outlook": "rainy", "windy": "FALSE"})
    assert view.highlight == [0, 3, 7] and str(path).endswith("predict 'yes'")
    data, _ = view._repr_mimebundle_()
    assert (
        data["text/plain"] == "TreeView: tree of play: 8 nodes, 5 leaves, depth 2, classes yes, no"
    )
    # inline SVG does not survive JupyterLab's sanitiser (untrusted notebooks): an <img>
    # it says it is a picture, then shows it
    note, _, rest = data["text/html"].partition("</p>")
    assert note.endswith("static picture — run the cell to explore</em>")
    assert rest.startswith("<p>TreeView: tree of play: 8 nodes")  # its caption, then it
    assert rest.partition("</p>")[2].startswith('<img alt="TreeView: tree of play')
    assert "data:image/svg+xml;base64," in data["text/html"] and "<svg" not in data["text/html"]
    assert data["image/svg+xml"].startswith("<svg") and "▶" in data["image/svg+xml"]
    assert WIDGET_MIME in data
    assert "export default" in view._esm and ".dtlearn-tv-node" in view._css
    # the view constants are defined in Python only and sent to the browser
    from dtlearn.widgets.tree_view import STATIC, VIEW_CONSTANTS

    assert (
        view.constants
        == VIEW_CONSTANTS
        == {"drawing_px": 11, "readable_px": 13, "presenter_scale": 18 / 13, "max_scale": 3}
    )
    for name in ("tree_view.js", "tree_view_math.js"):
        source = (STATIC / name).read_text()
        assert not any(k in source for k in ("READABLE_PX =", "DRAWING_PX =", "= 18 / 13")), name
    assert repr(TreeView()) == "TreeView: (empty)"


def test_tree_view_update_drops_stale_state(tennis_data):
    model = dt.ID3Classifier().fit(*tennis_data)
    view = TreeView(model)
    view.select(5)
    view.collapsed = [1]
    view.update(model.tree_.with_leaves_at([1]))
    assert view.collapsed == [] and view.selected is None


def test_id3_builder_state_machine(tennis_data):
    X, y = tennis_data
    app = ID3Builder(X, y, X.iloc[:7], y.iloc[:7], predict_first=False)
    assert app.selected_leaf == 0 and app.tree.n_leaves == 1
    assert (
        app.status == "your tree: 1 leaf, 64% training, 57% test — greedy ID3: 5 leaves, 100%, 100%"
    )
    assert app.view.data["nodes"][0]["open"]
    assert app.hint() == "outlook"
    assert app.attribute.options == ("outlook", "temperature", "humidity", "windy")
    assert app.attribute.value is None  # nothing is chosen for the student
    assert "0.247" in app.table_html.value
    # choose by the dropdown + button, as a student would
    app.attribute.value = "temperature"
    app.buttons["split"].click()
    assert app.history == [[[0, "temperature"]]]
    assert len(app.view.data["nodes"]) == 4 and app.view.data["nodes"][0]["label"] == "temperature"
    assert app.selected_leaf == 1 and app.view.selected == 1
    # the next split needs a new choice: a double press does not split again
    assert app.attribute.value is None
    assert app.attribute.options == ("outlook", "humidity", "windy")  # valid there only
    app.buttons["split"].click()
    assert app.history == [[[0, "temperature"]]] and app.message.startswith("cannot do that")
    # an inner node clicked in the view stays selected, and Split says it cannot act
    app.view.selected = 0
    assert app.selected_leaf is None and app.view.selected == 0
    assert "inner node" in app.message and app.buttons["split"].disabled
    with pytest.raises(ValueError, match="open leaf"):
        app.choose("outlook")
    app.view.selected = 1
    assert app.selected_leaf == 1 and not app.buttons["split"].disabled
    step_text = app.view.explanation(0)
    assert "chosen by person: temperature" in step_text
    # undo rebuilds and replays
    app.buttons["undo"].click()
    assert app.history == [] and len(app.view.data["nodes"]) == 1
    app.choose("outlook")
    # clicking an open leaf in the view selects it for the next split
    app.view.selected = 3
    assert app.selected_leaf == 3
    app.choose("windy")
    assert app.tree.n_leaves == 4
    assert [e["condition"] for e in app.view.data["edges"]][-2:] == [
        "windy = TRUE",
        "windy = FALSE",
    ]
    app.buttons["finish"].click()
    assert app.tree.n_leaves == 5 and app.selected_leaf is None
    assert app.status.startswith("your tree: 5 leaves, 100% training, 100% test")
    assert app.tree.to_text() == dt.ID3Classifier().fit(X, y).tree_.to_text()
    app.undo()  # takes back the whole greedy finish
    assert app.tree.n_leaves == 4 and len(app.history) == 2
    app.buttons["reset"].click()
    assert app.history == [] and app.tree.n_leaves == 1


def test_id3_builder_reports_bad_choices(tennis_data):
    app = ID3Builder(*tennis_data)
    app.choose("outlook")
    app._safely(app.choose, "outlook")  # already used on this path
    assert app.message.startswith("cannot do that")
    app.buttons["hint"].click()
    assert "hint: greedy ID3 would split node 1 on humidity" in app.message
    data, _ = app._repr_mimebundle_()
    assert data["text/plain"].startswith("ID3Builder: your tree: 3 leaves")
    assert "data:image/svg+xml;base64," in data["text/html"] and "<svg" not in data["text/html"]


def test_id3_builder_table_is_the_engines_step_table(tennis_data):
    X, y = tennis_data
    app = ID3Builder(X, y, predict_first=False)
    engine = dt.ID3Classifier().make_grower(X, y)
    for node, choice in [(0, "outlook"), (1, None)]:
        step = engine.expand(node)  # what greedy ID3 records (and TreeView shows) there
        shown = app.leaf_table(node).to_table()
        expected = step.table().to_table()
        assert (shown.columns, shown.rows, shown.highlight_row) == (
            expected.columns,
            expected.rows,
            expected.highlight_row,
        )
        assert app.table_html.value.endswith(app.leaf_table(node)._repr_html_())
        if choice:
            app.choose(choice)
    # the root row of gains is the textbook one (DESIGN.md)
    root = dt.split_table(X, y).to_table()
    gains = [round(r[root.columns.index("information gain")], 3) for r in root.rows]
    assert gains == [0.247, 0.029, 0.152, 0.048]
    with pytest.raises(ValueError, match="not an open leaf"):
        app.leaf_table(0)


def _builder_dom(app):
    """Every text the builder sends to the browser: its HTML widgets and the view's JSON."""
    import json

    htmls = [app.table_html, app.comparison_html, app.rows_html, app.message_html, app.status_html]
    return "".join(h.value for h in htmls) + json.dumps(app.view.data)


def test_id3_builder_predict_first_hides_every_score_until_the_choice(tennis_data):
    X, y = tennis_data
    app = ID3Builder(X, y)  # predict first is the default
    assert app.predict_first
    # the open root: its attributes and tests, no score, no marked row, no greedy choice
    dom = _builder_dom(app)
    assert not any(
        word in dom
        for word in ("gain", "ratio", "info", "dtlearn-winner", "0.247", "0.029", "outlook =")
    ), dom
    assert [
        f"<td>{a}</td>" in app.table_html.value
        for a in ("outlook", "temperature", "humidity", "windy")
    ] == [True] * 4
    assert app.comparison == {} and app.comparison_html.value == ""
    # the student's choice, then both side by side with the engine's scores
    app.choose("temperature")
    c = app.comparison
    assert (c["node"], c["yours"], c["greedy"]) == (0, "temperature", "outlook")
    table = dt.split_table(X, y)
    for name in ("temperature", "outlook"):
        assert c["scores"][name]["information gain"] == pytest.approx(
            table.row(name).scores["information_gain"]
        )
    assert round(c["scores"]["outlook"]["information gain"], 3) == 0.247
    assert round(c["scores"]["temperature"]["information gain"], 3) == 0.029
    html = app.comparison_html.value
    assert "your choice: temperature" in html and "greedy ID3: outlook" in html
    assert html.index("0.029") < html.index("0.247")  # your column first, greedy's second
    # the next open leaf is again unscored
    assert "gain" not in app.table_html.value and "dtlearn-winner" not in app.table_html.value
    # the same choice as greedy: one column says so
    app.undo()
    app.choose("outlook")
    assert "your choice = greedy ID3: outlook" in app.comparison_html.value
    # switching the mode shows the engine's table at once
    app.predict_first = False
    assert "information gain" in app.table_html.value and "dtlearn-winner" in app.table_html.value
    with pytest.raises(TypeError, match="predict_first"):
        ID3Builder(X, y, predict_first="yes")


def test_id3_builder_leaves_closed_by_hand_look_closed(tennis_data):
    X, y = tennis_data
    app = ID3Builder(X, y)
    app.choose("outlook")
    app.view.selected = 3  # rainy
    app.choose("windy")
    app.view.selected = 1  # sunny
    app.choose("humidity")
    # every leaf is pure: 100 % training accuracy, none open, nothing selected to split
    assert app.status.startswith("your tree: 5 leaves, 100% training")
    assert [n["open"] for n in app.view.data["nodes"]] == [False] * 8
    assert not any("(open)" in " ".join(n["label_lines"]) for n in app.view.data["nodes"])
    assert app.selected_leaf is None and app.buttons["split"].disabled
    assert "finished" in app.table_html.value
    # a pure leaf clicked says why it is closed
    pure = next(n["id"] for n in app.view.data["nodes"] if n["is_leaf"])
    app.view.selected = pure
    assert "is closed (pure node)" in app.message and app.selected_leaf is None
    # a half-built tree: only the impure leaves are open
    app.reset()
    app.choose("outlook")
    assert [n["id"] for n in app.view.data["nodes"] if n["open"]] == [1, 3]


def test_id3_builder_rows_of_a_leaf_are_the_trees_apply(tennis_data):
    X, y = tennis_data
    app = ID3Builder(X, y)
    app.choose("outlook")
    app.selected_leaf = 2  # overcast: rows 2, 6, 11, 12 of the textbook table
    assert app.rows_html.value.count("<tr>") == 4  # body rows (the header row has a style)
    assert all(f"<th>{i}</th>" in app.rows_html.value for i in (2, 6, 11, 12))


def test_id3_builder_suggests_the_engines_choice_on_a_tie():
    import pandas as pd

    # zeta and alpha split the 8 rows differently with the same class counts (3:1 | 1:3):
    # equal gains, so the engine's tie rule (first column) decides, not the name
    X = pd.DataFrame({"zeta": list("aaaabbbb"), "alpha": list("ccddccdd")})
    y = list("YYYNYNNN")
    scores = dt.split_table(X, y).candidates
    assert scores[0].score == scores[1].score
    app = ID3Builder(X, y)
    engine_choice = dt.ID3Classifier().make_grower(X, y).expand(0).chosen.feature_name
    assert app.hint() == engine_choice == "zeta"
    app.finish()
    assert app.tree.to_text() == dt.ID3Classifier().fit(X, y).tree_.to_text()


def test_criteria_explorer():
    app = CriteriaExplorer()
    png = app.image.value
    app.slider.value = 0.5
    assert app.p == 0.5 and app.image.value != png
    assert app.values_text.startswith(
        "p = 0.50: entropy/2 = 0.500, Gini = 0.500, misclassification = 0.500"
    )
    assert "tie" in app.example_html.value
    app.chooser.value = "restaurant"
    assert app.picks.rows[0][:2] == ("entropy", "Patrons")
    assert app._repr_mimebundle_()[0]["text/plain"].startswith("CriteriaExplorer: p = 0.50")
    # the package's catalogue of classification data sets, in its order
    from dtlearn.datasets.entries import catalogue

    assert [name for _, name in app.chooser.options] == [
        e.name for e in catalogue("classification")
    ]
    assert ("contact lenses", "contact_lenses") in app.chooser.options
    app.chooser.value = "vote"  # ID3 cannot route missing votes: complete rows only
    assert "203 of 435 rows with missing values left out" in app.picks.caption
    assert app.picks.rows[0][:2] == ("entropy", "physician-fee-freeze")
    # one row per classification criterion of the registry, named and labelled by it
    from dtlearn import criteria

    assert [r[0] for r in app.picks.rows] == [c.name for c in criteria.for_task("classification")]
    # a score that is a decrease of an impurity is called a gain, never the impurity
    for row, c in zip(app.picks.rows, criteria.for_task("classification")):
        assert ("gain" in row[3]) == (c.score == "decrease" or "gain" in c.label), row
        assert row[3] not in ("Gini impurity", "misclassification rate")
    with pytest.raises(Exception, match="dataset must be one of"):
        app.dataset = "iris"


def test_boundary_explorer():
    rng = np.random.default_rng(0)
    X = rng.uniform(size=(100, 2))
    y = np.where(X[:, 0] + X[:, 1] > 1, "a", "b")
    app = BoundaryExplorer(X, y)
    first = app.image.value
    app.slider.value = 4
    assert app.depth == 4 and app.image.value != first
    assert app.summary.startswith("axis-aligned, max depth 4:")
    app.kind.value = True
    assert app.summary.startswith("oblique, max depth 4:")
    assert "<img" in app._repr_mimebundle_()[0]["text/html"]


def test_app_images_are_shown_at_their_pixel_size():
    app = CriteriaExplorer()
    assert app.image.width == str(app.figure.width_px) == "660"  # legend beside the axes
    assert app.image.value[1:4] == b"PNG"
    import io

    from PIL import Image

    assert Image.open(io.BytesIO(app.image.value)).size == (660, 350)
    assert 'width="660"' in app.static_html()


def test_live_figure_redraws_only_animated_artists():
    fig = LiveFigure((2.0, 1.5), dpi=50)
    built = []
    ax = fig.page("a", lambda f: built.append(1) or f.add_axes((0.1, 0.1, 0.8, 0.8)))
    assert fig.page("a", lambda f: built.append(2)) is ax and built == [1]
    ax.plot([0, 1], [0, 1])
    (marker,) = ax.plot([0.2], [0.2], "o", animated=True)
    first = fig.render("a", [marker])
    marker.set_data([0.8], [0.8])
    assert fig.render("a", [marker]) != first
    marker.set_data([0.2], [0.2])
    assert fig.render("a", [marker]) == first
    with pytest.raises(KeyError):
        fig.render("b")


@pytest.fixture(scope="module")
def vote():
    X, y = dt.load_vote()
    keep = X.notna().all(axis=1)
    return X[keep], y[keep]


def test_overfitting_explorer_sliders_and_marker(vote):
    X, y = vote
    app = OverfittingExplorer(X, y, noise_levels=(0.0, 0.2), random_state=0)
    # the curve is the core's, on the seeded split
    X_tr, X_va, X_te, y_tr, y_va, y_te = train_validation_test_split(X, y, random_state=0)
    expected = complexity_curve(dt.ID3Classifier(), X_tr, y_tr, X_va, y_va, X_te, y_te)
    assert app.curve == expected
    assert app.value == expected.best_value and app.value_slider.value == app.value
    png = app.image.value
    app.value_slider.value = expected.values[-1]  # what the browser slider sends
    assert app.value == expected.values[-1] and app.image.value != png
    assert app.marker["index"] == len(expected.values) - 1
    assert app.marker["train"] == expected.train[-1] and app.marker["test"] == expected.test[-1]
    assert app.marker["n_nodes"] == expected.n_nodes[-1] == app.tree.n_nodes
    json.dumps(app.marker)
    # every depth: the tree drawn is the tree the learner grows with that max_depth
    for depth in expected.values[:3]:
        app.value = depth
        refit = dt.ID3Classifier(max_depth=depth).fit(X_tr, y_tr).tree_
        assert app.tree.to_text() == refit.to_text()
        assert app.view.data["n_nodes"] == refit.n_nodes
    # label noise: training labels only, seeded, so the numbers repeat
    app.noise_slider.value = 0.2
    assert app.noise == 0.2 and app.summary.split(",")[1].strip().startswith("label noise 20%")
    noisy = app.data[3]
    assert (noisy != y_tr).sum() == round(0.2 * len(y_tr)) and app.data[4].equals(y_va)
    again = OverfittingExplorer(X, y, noise_levels=(0.0, 0.2), precompute=False)
    again.noise = 0.2
    again.value = app.value
    assert again.marker == app.marker and again.image.value == app.image.value
    # switching the parameter re-labels the slider and keeps a valid value
    app.param_buttons.value = "min_samples_leaf"
    assert app.param == "min_samples_leaf"
    assert [v for _, v in app.value_slider.options] == list(app.curve.values)
    assert app.marker["param"] == "min_samples_leaf"
    app.value = app.curve.values[-1]
    assert app.tree.n_leaves <= 4
    data, _ = app._repr_mimebundle_()
    assert data["text/plain"].startswith("OverfittingExplorer: min samples per leaf = ")
    assert "data:image/png;base64," in data["text/html"]
    assert "data:image/svg+xml;base64," in data["text/html"] and "<svg" not in data["text/html"]
    assert WIDGET_MIME in data
    with pytest.raises(ValueError):
        OverfittingExplorer(X, y, params=("no_such_param",))


def test_overfitting_explorer_folds_deep_trees(vote):
    X, y = vote
    app = OverfittingExplorer(X, y, noise_levels=(0.3,), view_depth=2)
    app.value = app.curve.values[-1]
    assert app.tree.depth > 2
    assert app.view.collapsed and all(n["depth"] <= 2 for n in app.view.data["nodes"])


def test_pruning_stepper_replays_reduced_error_steps(vote):
    X, y = vote
    X_tr, X_va, _, y_tr, y_va, _ = train_validation_test_split(X, y, random_state=0)
    model = dt.ID3Classifier().fit(X_tr, y_tr)
    result = reduced_error_prune(model, X_va, y_va)
    app = PruningStepper(model, X_va, y_va)
    assert app.steps == result.steps and app.n_steps == len(result.steps)
    # the slider reads the step the status names ("step 1 of n" at position 0)
    assert (app.slider.min, app.slider.max, app.slider.value) == (1, app.n_steps + 1, 1)
    assert app.buttons["previous"].disabled and not app.buttons["next"].disabled
    first = result.steps[0]
    assert app.current == first and app.view.selected == first.node_id
    assert app.view.highlight[-1] == first.node_id and app.view.highlight[0] == 0
    assert f"validation errors {first.errors_before} → {first.errors_after}" in app.status
    assert app.view.shown_data()["n_nodes"] == model.tree_.n_nodes
    laid_out = app.view.data  # the whole tree, laid out once for every step
    assert laid_out["n_nodes"] == model.tree_.n_nodes and app.view.pruned == []
    # step forward: every decision is applied exactly as the core made it
    for k in range(app.n_steps):
        assert app.position == k
        cut = [s.node_id for s in result.steps[:k] if s.pruned]
        state = model.tree_.with_leaves_at(cut)
        shown = app.view.shown_data()
        assert shown["n_nodes"] == state.n_nodes and shown["n_leaves"] == state.n_leaves
        # the view shows the state: its nodes, a node pruned so far drawn as its leaf
        assert [n["id"] for n in shown["nodes"]] == [n.node_id for n in state.nodes()]
        assert [n["is_leaf"] for n in shown["nodes"]] == [n.is_leaf for n in state.nodes()]
        assert sorted(app.view.pruned) == sorted(
            i for i in cut if i in {n.node_id for n in state.nodes()}
        )
        assert app.view.data is laid_out
        app.buttons["next"].click()
    assert app.position == app.n_steps and app.current is None
    assert app.status.startswith("done: reduced-error pruning:")
    assert app.view.shown_data()["n_nodes"] == result.tree.n_nodes
    assert app.view.highlight == []
    assert repr(app.view) == f"TreeView: {describe(tree_view_data(result.tree))}"
    assert app.buttons["next"].disabled
    app.next()  # clipped at the end
    assert app.position == app.n_steps
    app.buttons["previous"].click()
    assert app.position == app.n_steps - 1 and app.current == result.steps[-1]
    app.slider.value = 3  # the slider moves the same state
    assert app.position == 2 and app.status.startswith(f"step 3 of {app.n_steps}:")
    app.play.value = True  # no event loop here: playing stops at once, the step is kept
    assert not app.play.value and app.position == 2 and app.play.description == "▶ Play"
    app.buttons["first"].click()
    assert app.position == 0
    app.position = -5
    assert app.position == 0
    assert app._repr_mimebundle_()[0]["text/plain"].startswith(
        "PruningStepper: reduced-error pruning, step 1 of"
    )


def test_pruning_stepper_play_pauses_without_resetting(tennis_data):
    import asyncio

    X, y = tennis_data
    app = PruningStepper(dt.ID3Classifier().fit(X, y), X[::2], y[::2], interval=1)

    async def play_then_pause():
        app.play.value = True
        assert app.play.description == "⏸ Pause"
        while app.position < 2:
            await asyncio.sleep(0.001)
        app.play.value = False  # pause
        await asyncio.sleep(0.02)
        return app.position

    paused_at = asyncio.run(play_then_pause())
    assert paused_at >= 2 and app.position == paused_at  # pausing keeps the step
    assert app.slider.value == app.position + 1


def test_pruning_stepper_replays_rule_post_pruning(tennis_data):
    X, y = tennis_data
    model = dt.ID3Classifier().fit(X, y)
    result = rule_post_prune(model, X[::2], y[::2])
    app = PruningStepper(model, X[::2], y[::2], method="rules")
    assert [str(s) for s in app.steps] == [str(s) for s in result.steps]  # nan != nan
    assert app.position == 0
    assert app.rules_state[0]["current"] and app.view.layout.display == "none"
    drops = [k for k, s in enumerate(result.steps) if s.dropped]
    k = drops[0]
    app.goto(k)
    step = result.steps[k]
    assert f"drop '{step.dropped}'" in app.status
    current = [r for r in app.rules_state if r["current"]]
    assert current == [{"number": step.rule_number, "text": step.rule.text, "current": True}]
    assert "dtlearn-winner" in app.rules_html.value  # the rule being pruned is marked
    app.next()  # the drop is applied: the rule is the new Rule value
    texts = {r["number"]: r["text"] for r in app.rules_state}
    assert texts[step.rule_number] == result.steps[k + 1].rule.text == step.rule_after.text
    assert step.dropped not in texts[step.rule_number]
    app.goto(app.n_steps)
    assert [r["text"] for r in app.rules_state] == [r.text for r in result.ruleset.rules]
    app.method_buttons.value = "reduced_error"
    assert app.method == "reduced_error" and app.position == 0
    assert app.view.layout.display is None
    with pytest.raises(ValueError):
        PruningStepper(model, X, y, method="nope")


def test_pruned_view_shows_what_a_layout_of_the_pruned_tree_shows(vote):
    # a pruned node drawn from the whole tree's data reads as the pruned tree's own leaf
    X, y = vote
    tree = dt.ID3Classifier().fit(X, y).tree_
    inner = [n.node_id for n in tree.nodes() if not n.is_leaf]
    cut = inner[1::3]
    state = tree.with_leaves_at(cut)
    shown = pruned_view(tree_view_data(tree, leaf_overlays=True, explain=False), cut)
    alone = tree_view_data(state, explain=False)
    fields = (
        "id",
        "label",
        "summary",
        "impurity_text",
        "is_leaf",
        "prediction",
        "prediction_index",
        "branches",
        "depth",
        "collapsed",
        "stub",
    )
    assert [[n[f] for f in fields] for n in shown["nodes"]] == [
        [n[f] for f in fields] for n in alone["nodes"]
    ]
    assert [(e["parent"], e["child"], e["label"]) for e in shown["edges"]] == [
        (e["parent"], e["child"], e["label"]) for e in alone["edges"]
    ]
    assert {k: shown[k] for k in ("n_nodes", "n_leaves", "depth")} == {
        k: alone[k] for k in ("n_nodes", "n_leaves", "depth")
    }


def test_pruned_view_is_cropped_to_the_nodes_it_shows(vote):
    X, y = vote
    tree = dt.ID3Classifier().fit(X, y).tree_
    whole = tree_view_data(tree, leaf_overlays=True, explain=False)
    g = whole["geometry"]
    # pruned to its root: one box between two margins, one level high
    root = pruned_view(whole, [0])
    assert [n["px"] for n in root["nodes"]] == [g["margin"]]
    assert root["geometry"]["width"] == g["node_width"] + 2 * g["margin"]
    assert root["geometry"]["height"] == g["node_height"] + 2 * g["margin"]
    # a cut below the root: every kept node moves by the same amount, and the picture
    # still holds every box and branch label with a margin to spare
    inner = [n.node_id for n in tree.nodes() if not n.is_leaf]
    shown = pruned_view(whole, inner[1:2])
    before = {n["id"]: n["px"] for n in whole["nodes"]}
    shifts = {before[n["id"]] - n["px"] for n in shown["nodes"]}
    assert len(shifts) == 1 and shifts.pop() >= 0
    sg = shown["geometry"]
    assert min(n["px"] for n in shown["nodes"]) >= sg["margin"] - 1e-9
    assert max(n["px"] for n in shown["nodes"]) + sg["node_width"] <= sg["width"]
    assert all(0 <= e["box"][0] and e["box"][2] <= sg["width"] for e in shown["edges"])
    assert sg["width"] <= g["width"] and sg["height"] <= g["height"]
    assert whole["geometry"] == g and whole["nodes"][0]["px"] == before[0]


def test_cost_complexity_explorer_looks_up_the_path(vote):
    X, y = vote
    app = CostComplexityExplorer(X, y, X_test=X.iloc[:50], y_test=y.iloc[:50], cv=3)
    path = app.path
    assert list(app.alphas) == sorted(set(path.ccp_alphas.tolist()))
    assert app.index == 0 and app.entry["n_leaves"] == app.view.shown_data()["n_leaves"]
    png = app.image.value
    computed = (app.cv_mean.copy(), app.cv_std.copy())
    for i, alpha in enumerate(app.alphas):
        app.slider.value = i
        tree = cost_complexity_prune(path.tree, float(alpha))
        assert app.tree.to_text() == tree.to_text()
        assert app.entry["n_leaves"] == tree.n_leaves == app.view.shown_data()["n_leaves"]
        assert app.entry["R_alpha"] == pytest.approx(app.entry["R"] + alpha * tree.n_leaves)
        assert (f"{tree.n_leaves} leaves," if tree.n_leaves > 1 else "1 leaf,") in app.summary
    assert app.entry["n_leaves"] == 1 and app.image.value != png
    assert "cross-validated" in app.summary and ", test " in app.summary
    json.dumps(app.entry)
    # the slider only looks up: nothing is recomputed
    assert app.cv_mean.tolist() == computed[0].tolist()
    app.index = 1
    lit = app.view.highlight
    assert lit and lit[-1] == path.steps[app.entry["path_entry"] - 1].node_id
    assert "Next weakest link" in app.detail_html.value
    data, _ = app._repr_mimebundle_()
    assert data["text/plain"].startswith("CostComplexityExplorer: α = ")


def test_id3_builder_counts_the_branches_that_have_rows():
    X, y = dt.load_play_tennis()
    X = X.copy()
    X["id"] = [f"d{i}" for i in range(len(X))]  # 14 values, 5 of them at the sunny leaf
    app = ID3Builder(X, y)
    root = {r[0]: r[1] for r in app.leaf_table(0).rows}
    assert root["id"] == "14-way" and root["outlook"] == "3-way"
    app.choose("outlook")
    sunny = (X["outlook"] == "sunny").sum()
    tests = {r[0]: r[1] for r in app.leaf_table(1).rows}
    assert tests["id"] == f"{sunny}-way ({sunny} of 14 values present)"
    assert tests["humidity"] == "2-way"


def test_stepper_names_a_node_the_same_way_in_status_and_detail():
    X, y = dt.load_play_tennis()
    app = PruningStepper(dt.ID3Classifier().fit(X, y), X[::2], y[::2])
    for k in range(app.n_steps):
        app.goto(k)
        named = app.status.split(": ", 1)[1].split(":")[0]  # "node 1 [outlook = sunny]"
        assert named.startswith("node ") and "[" in named
        assert named in app.detail_html.value.replace("&#x27;", "'")


def test_presenter_mode_reaches_views_and_apps(tennis_data):
    from dtlearn.widgets import presenter
    from dtlearn.widgets.tree_view import PRESENTER_SCALE, fold_width

    model = dt.ID3Classifier().fit(*tennis_data)
    view, app = TreeView(model), PruningStepper(model, *tennis_data)
    try:
        assert view.font_scale == 1 and "dtlearn-presenter" not in app._dom_classes
        presenter(True)  # one call: every view and app shown so far, and the next ones
        assert view.font_scale == app.font_scale == app.view.font_scale == PRESENTER_SCALE
        assert "dtlearn-presenter" in app._dom_classes
        assert TreeView(model).font_scale == PRESENTER_SCALE
        presenter(False)
        assert view.font_scale == app.view.font_scale == 1
        assert "dtlearn-presenter" not in app._dom_classes
        # a view's own button (it sets font_scale) switches its whole app
        app.view.font_scale = PRESENTER_SCALE
        assert app.font_scale == PRESENTER_SCALE and "dtlearn-presenter" in app._dom_classes
        assert TreeView(model, presenter=True).font_scale == PRESENTER_SCALE
        assert TreeView(model, font_scale=1.2).font_scale == 1.2
        with pytest.raises(ValueError, match="font_scale"):
            TreeView(model, font_scale=9)
        with pytest.raises(TypeError, match="presenter"):
            presenter("yes")
        # larger text folds sooner: the folded car tree is narrower in presenter mode
        assert fold_width(PRESENTER_SCALE) < fold_width(1.0) * 1.1
    finally:
        presenter(False)


def test_static_fallback_says_it_is_static(tennis_data):
    app = PruningStepper(dt.ID3Classifier().fit(*tennis_data), *tennis_data)
    data, _ = app._repr_mimebundle_()
    assert "static picture — run the cell to explore" in data["text/html"].split("<img")[0]
    with app.working():
        assert "dtlearn-busy" in app._dom_classes
    assert "dtlearn-busy" not in app._dom_classes


def test_pruning_stepper_without_validation_data_offers_only_training_count_methods():
    from dtlearn.widgets.pruning_stepper import PruningStepper

    X, y = dt.load_labor()
    model = dt.C45Classifier(prune=False).fit(X, y)
    app = PruningStepper(model, method="pessimistic")
    from dtlearn.pruning.methods import pruning_methods

    offered = [key for _, key in app.method_buttons.options]
    assert offered == [m.name for m in pruning_methods() if not m.needs_validation]
    assert {"cost_complexity", "pessimistic"} <= set(offered)
    assert not {"reduced_error", "rules"} & set(offered)
    assert app.n_steps == len(dt.pessimistic_prune(model).steps)
    with pytest.raises(ValueError, match="judges the tree on validation data"):
        PruningStepper(model)
    with pytest.raises(ValueError, match="X_val and y_val go together"):
        PruningStepper(model, X, None, method="pessimistic")


def test_a_step_lays_the_tree_out_once(monkeypatch):
    """A stepper step or an α move lays nothing out (the run's tree was laid out once, each
    state sends the ids it prunes); a tree-size move makes one layout, not one per trait."""
    from dtlearn.widgets import tree_view

    calls = []
    real = tree_view.tree_view_data
    monkeypatch.setattr(
        tree_view, "tree_view_data", lambda *a, **k: calls.append(1) or real(*a, **k)
    )
    X, y = dt.load_play_tennis()
    stepper = PruningStepper(dt.ID3Classifier().fit(X, y), X[::2], y[::2])
    before = len(calls)
    sent = stepper.view.data
    stepper.next()
    assert len(calls) - before == 0 and stepper.view.data is sent
    assert stepper.view.highlight == [0, 3] and stepper.view.selected == 3
    ccp = CostComplexityExplorer(X, y, cv=2)
    before, sent = len(calls), ccp.view.data
    ccp.index = len(ccp.alphas) - 1
    assert len(calls) - before == 0 and ccp.view.data is sent
    assert ccp.view.shown_data()["n_nodes"] == 1
    Xv, yv = dt.load_vote()
    keep = Xv.notna().all(axis=1)
    over = OverfittingExplorer(Xv[keep], yv[keep], noise_levels=(0.0,), precompute=False)
    before = len(calls)
    over.value = over.curve.values[-1]
    assert len(calls) - before == 1
    deep = [n["id"] for n in over.view.data["nodes"] if n["collapsed"]]
    assert deep and all(over.tree.node(i).depth == 4 for i in deep)  # folded at view_depth


def _outside_the_figure(app):
    """The visible axes whose drawn extent (labels, ticks, title, legend) leaves the figure."""
    figure = app.figure.figure
    app.figure.canvas.draw()
    renderer = app.figure.canvas.get_renderer()
    bounds = figure.bbox
    return [
        (ax.get_title(), [round(v) for v in ax.get_tightbbox(renderer).extents])
        for ax in figure.axes
        if ax.get_visible()
        and not (
            ax.get_tightbbox(renderer).x0 >= 0
            and ax.get_tightbbox(renderer).y0 >= 0
            and ax.get_tightbbox(renderer).x1 <= bounds.x1
            and ax.get_tightbbox(renderer).y1 <= bounds.y1
        )
    ]


def test_every_apps_figure_keeps_its_labels_inside_the_picture(vote, tennis_data):
    # a label cut at the picture's edge was seen at 1366 px (NB09's axis titles)
    X, y = vote
    rng = np.random.default_rng(0)
    points = rng.uniform(size=(100, 2))
    apps = [
        CostComplexityExplorer(X, y, X_test=X.iloc[:50], y_test=y.iloc[:50], cv=3),
        OverfittingExplorer(*tennis_data, noise_levels=(0.0, 0.2)),
        CriteriaExplorer(),
        BoundaryExplorer(points, np.where(points.sum(axis=1) > 1, "a", "b")),
    ]
    assert {type(app).__name__: _outside_the_figure(app) for app in apps} == {
        type(app).__name__: [] for app in apps
    }
