"""The pruning stepper's buttons, slider and status at every position, for every method.

At position k (k decisions applied, of n): Start and Previous are enabled exactly when
k > 0, Next and End exactly when k < n; the slider shows k + 1 and the status "step k + 1
of n" (or "done" at n). Rules are numbered from 1 as the core numbers them.
"""

import pytest

pytest.importorskip("ipywidgets")

import dtlearn as dt
from dtlearn.widgets import PruningStepper
from dtlearn.widgets.tree_view import font_scale_from


@pytest.fixture(scope="module")
def tennis():
    return dt.load_play_tennis()


def _states(app):
    return {name: not button.disabled for name, button in app.buttons.items()}


@pytest.mark.parametrize("method", ["reduced_error", "rules", "pessimistic"])
def test_buttons_at_every_position(tennis, method):
    X, y = tennis
    model = (
        dt.C45Classifier(prune=False, min_samples_leaf=1).fit(X, y)
        if method == "pessimistic"
        else dt.ID3Classifier().fit(X, y)
    )
    app = PruningStepper(model, X[::2], y[::2], method=method)
    n = app.n_steps
    assert n >= 2
    for k in list(range(n + 1)) + list(range(n, -1, -1)):
        app.goto(k)
        assert app.position == k
        assert _states(app) == {"first": k > 0, "previous": k > 0, "next": k < n, "last": k < n}, (
            method,
            k,
        )
        assert app.slider.value == k + 1
        if k < n:
            assert app.status.startswith(f"step {k + 1} of {n}: "), app.status
        else:
            assert app.status.startswith("done: ")


def test_previous_from_step_two_enables_nothing_wrong(tennis):
    X, y = tennis
    app = PruningStepper(dt.ID3Classifier().fit(X, y), X[::2], y[::2])
    app.goto(2)
    app.buttons["previous"].click()
    assert app.position == 1 and _states(app)["previous"] and _states(app)["first"]
    app.buttons["previous"].click()
    assert app.position == 0 and not _states(app)["previous"] and not _states(app)["first"]
    app.buttons["last"].click()
    assert app.position == app.n_steps and not _states(app)["next"] and _states(app)["first"]


def test_rules_are_numbered_from_one(tennis):
    X, y = tennis
    model = dt.ID3Classifier().fit(X, y)
    app = PruningStepper(model, X[::2], y[::2], method="rules")
    for k in (0, app.n_steps):
        app.goto(k)
        assert [r["number"] for r in app.rules_state] == list(range(1, len(app.rules_state) + 1))
    result = dt.rule_post_prune(model, X[::2], y[::2])
    app.goto(app.n_steps)
    assert [r["text"] for r in app.rules_state] == [r.text for r in result.ruleset.rules]


@pytest.mark.parametrize("scale", [0.5, 1, 2.5, 4])
def test_font_scale_bounds_are_inclusive(scale):
    assert font_scale_from(None, scale) == scale


@pytest.mark.parametrize("scale", [0.49, 4.01, 0])
def test_font_scale_outside_the_bounds_is_refused(scale):
    with pytest.raises(ValueError, match="font_scale"):
        font_scale_from(None, scale)


@pytest.mark.parametrize("start", [7, 3, 0])
def test_a_method_switch_shows_only_the_new_method_s_first_step(tennis, start):
    # rules has 7 steps, reduced-error 5: from "done" (slider 8) the slider's maximum
    # drops to 6, yet the status goes straight to reduced-error's first step, never
    # through an intermediate state (its "done", or a step of the old method)
    X, y = tennis
    app = PruningStepper(dt.ID3Classifier().fit(X, y), X[::2], y[::2], method="rules")
    assert app.n_steps == 7
    app.goto(start)
    seen, draws = [], []
    app.observe(lambda change: seen.append(change["new"]), names="status")
    draw = app._draw
    app._draw = lambda: (draws.append(app.position), draw())[1]
    app.method = "reduced_error"
    first = "step 1 of 5: node 1 [outlook = sunny]: kept — validation errors 0 → 2 with a leaf 'no'"
    assert seen == [first]
    assert draws == [0]
    assert (app.n_steps, app.position, app.slider.value, app.slider.max) == (5, 0, 1, 6)
    assert _states(app) == {"first": False, "previous": False, "next": True, "last": True}
