"""What the pruning stepper shows beside its buttons: rules, their counts, the marked node.

Play-tennis (Quinlan's 14 rows) with every second row for validation: rows 0, 2, ..., 12,
i.e. sunny/high/no, overcast/high/yes, rainy/normal/yes, overcast/normal/yes,
sunny/normal/yes, sunny/normal/yes, overcast/normal/yes. Each rule's validation rows are
counted by hand from that list (a rule counts every row it covers, whatever fires first).
"""

import re

import pytest

pytest.importorskip("ipywidgets")

import dtlearn as dt
from dtlearn.widgets import PruningStepper
from dtlearn.widgets.pruning_stepper import ancestor_ids


@pytest.fixture(scope="module")
def tennis():
    X, y = dt.load_play_tennis()
    return X, y, dt.ID3Classifier().fit(X, y)


def _rows(html):
    cells = re.findall(
        r"<tr[^>]*><td class=\"dtlearn-num\">(\d+)</td><td>(.*?)</td>"
        r"<td>(.*?)</td><td class=\"dtlearn-num\">(\d+)</td>"
        r"<td class=\"dtlearn-num\">(\d+)</td><td class=\"dtlearn-num\">(.*?)</td>",
        html,
    )
    return [
        (int(a), b.replace("<br>", " AND "), c, int(d), int(e), f) for a, b, c, d, e, f in cells
    ]


def test_the_pruned_rules_with_their_validation_counts(tennis):
    X, y, model = tennis
    app = PruningStepper(model, X[::2], y[::2], method="rules")
    app.goto(app.n_steps)
    assert app.status.startswith("done: ")
    assert app.rules_html.value.startswith("<p><b>the result: 5 rules</b></p>")
    assert _rows(app.rules_html.value) == [
        (1, "humidity = normal", "play = yes", 5, 5, "100%"),
        (2, "outlook = overcast", "play = yes", 3, 3, "100%"),
        (3, "outlook = sunny AND humidity = high", "play = no", 1, 1, "100%"),
        (4, "outlook = rainy", "play = yes", 1, 1, "100%"),
        (5, "outlook = rainy AND windy = TRUE", "play = no", 0, 0, "–"),
    ]
    assert [r["current"] for r in app.rules_state] == [False] * 5


def test_the_rule_a_step_names_is_the_one_marked(tennis):
    X, y, model = tennis
    app = PruningStepper(model, X[::2], y[::2], method="rules")
    for k in range(app.n_steps):
        app.goto(k)
        number = int(re.match(rf"step {k + 1} of {app.n_steps}: rule (\d+): ", app.status)[1])
        assert [r["number"] for r in app.rules_state if r["current"]] == [number]
        assert app.rules_html.value.startswith(
            f"<p><b>the rules as step {k + 1} finds them (rule {number} marked)</b></p>"
        )
        marked = re.findall(
            r'<tr class="dtlearn-winner"><td class="dtlearn-num">(\d+)<', app.rules_html.value
        )
        assert marked == [str(number)]


def test_ancestor_ids_run_from_the_root_down(tennis):
    tree = tennis[2].tree_
    # root 0 tests outlook; its third branch (rainy) is node 3, which tests windy
    assert tree.node(3).split.conditions(tree.schema)[0] == "windy = TRUE"
    assert ancestor_ids(tree, 6) == [0, 3, 6]
    assert ancestor_ids(tree, 0) == [0]
    assert ancestor_ids(tree, 4) == [0, 1, 4]


def test_the_node_decided_on_is_selected_with_its_path_highlighted(tennis):
    X, y, model = tennis
    app = PruningStepper(model, X[::2], y[::2], method="reduced_error")
    for k in range(app.n_steps):
        app.goto(k)
        node = app.steps[k].node_id
        assert app.view.selected == node
        assert app.view.highlight == ancestor_ids(app.result.state_after(k), node)
        assert app.view.highlight[0] == 0 and app.view.highlight[-1] == node
    app.goto(app.n_steps)
    assert app.view.selected is None and app.view.highlight == []


def test_without_validation_data_only_the_methods_that_need_none_are_offered(tennis):
    X, y, model = tennis
    bare = PruningStepper(model, method="pessimistic")
    assert [v for _, v in bare.method_buttons.options] == ["cost_complexity", "pessimistic"]
    full = PruningStepper(model, X[::2], y[::2])
    assert [v for _, v in full.method_buttons.options] == [
        "reduced_error",
        "rules",
        "cost_complexity",
        "pessimistic",
    ]
    with pytest.raises(ValueError, match="X_val and y_val go together"):
        PruningStepper(model, X[::2], None)


def test_play_at_the_end_starts_again_from_the_first_decision(tennis):
    import asyncio

    X, y, model = tennis
    app = PruningStepper(model, X[::2], y[::2], interval=1)

    async def press_play():
        app.goto(app.n_steps)
        app.play.value = True
        at_start = app.position
        assert app.play.description == "⏸ Pause"
        app.play.value = False
        await asyncio.sleep(0)
        return at_start

    assert asyncio.run(press_play()) == 0
    assert app.play.description == "▶ Play"


def test_play_without_an_event_loop_does_nothing(tennis):
    X, y, model = tennis
    app = PruningStepper(model, X[::2], y[::2])
    app.goto(2)
    app.play.value = True
    assert (app.play.value, app.position) == (False, 2)


@pytest.mark.parametrize("scale, presenter", [(1.0, False), (0.75, False), (1.25, True)])
def test_the_presenter_class_marks_apps_scaled_up_only(tennis, scale, presenter):
    from dtlearn.widgets.base import App, img_html

    app = App(font_scale=scale)
    assert ("dtlearn-presenter" in app._dom_classes) is presenter
    assert img_html(b"PNG", 'a "b"', 300) == (
        '<img alt="a &quot;b&quot;" width="300" src="data:image/png;base64,UE5H"/>'
    )
    assert img_html(b"", "x") == '<img alt="x" src="data:image/png;base64,"/>'
