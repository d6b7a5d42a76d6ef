"""The step protocol: every recorded decision answers the same questions, consistently."""

import json
import math
from dataclasses import dataclass

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.pruning import methods
from dtlearn.pruning.cost_complexity import cost_complexity_path
from dtlearn.pruning.methods import PruningMethod, PruningSequence, pruning_methods
from dtlearn.pruning.pessimistic import pessimistic_prune
from dtlearn.pruning.reduced_error import reduced_error_prune
from dtlearn.pruning.rule_post_pruning import rule_post_prune
from dtlearn.steps import Step, StepDefaults, before_after_table, step_dict
from dtlearn.weka_arithmetic import eq, gr, sm_or_eq


@pytest.fixture(scope="module")
def tennis():
    return dt.load_play_tennis()


@pytest.fixture(scope="module")
def cart_runs():
    """Every registered pruning method run on one CART tree (play tennis, numbers)."""
    X, y = dt.load_play_tennis(numeric=True)
    model = dt.CARTClassifier().fit(X, y)
    return model, X, y, {m.name: m.run(model, X[::2], y[::2], X, y) for m in pruning_methods()}


def test_every_kind_of_step_satisfies_the_protocol(tennis, cart_runs):
    runs = cart_runs[3]
    every = {
        "growth": dt.ID3Classifier().fit(*tennis).steps_,
        **{name: result.steps for name, result in runs.items()},
    }
    for name, steps in every.items():
        assert steps, name
        kind = steps[0].kind
        for step in steps:
            assert isinstance(step, Step) and step.kind == kind
            assert isinstance(step.action, str) and step.action
            assert isinstance(step.reason, str) and step.reason
            d = step.to_dict()
            json.dumps(d, allow_nan=True)  # JSON-ready: plain Python values only
            assert (d["kind"], d["action"], d["reason"]) == (kind, step.action, step.reason)
            assert str(step.table()) and step.table()._repr_html_() and str(step.explain())


def test_every_registered_method_replays_its_steps(cart_runs):
    model, _, _, runs = cart_runs
    assert {"reduced_error", "rules", "cost_complexity", "pessimistic"} <= set(runs)
    for name, result in runs.items():
        n = len(result.steps)
        states = [result.state_after(k) for k in range(n + 1)]
        assert isinstance(result.summary(), str) and result.summary(), name
        assert result.table()._repr_html_(), name
        if isinstance(states[0], dt.Tree):
            assert states[0].n_leaves == model.tree_.n_leaves, name  # the full tree first
            leaves = [t.n_leaves for t in states]
            assert leaves == sorted(leaves, reverse=True), name  # pruning never adds a leaf
        else:
            assert all(len(s) for s in states), name  # a list of rules, never empty


def test_methods_without_validation_ignore_validation_data(cart_runs):
    model, X, y, runs = cart_runs
    for m in pruning_methods():
        if m.needs_validation:
            continue
        alone = m.run(model, None, None, X, y)
        assert [s.to_dict() for s in alone.steps] == [s.to_dict() for s in runs[m.name].steps]


def test_a_pruning_sequence_passes_through_the_replayed_states(cart_runs):
    for m in pruning_methods():
        if m.sequence is None:
            continue
        result = cart_runs[3][m.name]
        seq = m.sequence(result)
        trees = (
            [seq.tree.with_leaves_at(seq.cuts[:i]) for i in range(len(seq.cuts) + 1)]
            if seq.cuts is not None
            else [result.state_after(k) for k in seq.positions]
        )
        states = [result.state_after(k).to_json() for k in range(len(result.steps) + 1)]
        # every tree of the curve is a replayed state, in replay order, first to last
        found = [states.index(t.to_json()) for t in trees]
        assert found == sorted(found) and found[0] == 0, m.name
        assert trees[-1].to_json() == states[-1], m.name
        assert len(seq.values) == len(trees)


def test_reduced_error_before_after_are_the_whole_tree_validation_errors(tennis):
    X, y = tennis
    model = dt.ID3Classifier().fit(X, y)
    result = reduced_error_prune(model, X[::2], y[::2])
    for k, step in enumerate(result.steps):
        tree = result.state_after(k)
        # independent count: the tree as replayed, scored on the validation rows
        wrong = int((tree.predict(X[::2]) != np.asarray(y[::2])).sum())
        assert step.before["errors"] == wrong
        made_leaf = tree.with_leaves_at([step.node_id])
        assert step.after["errors"] == int((made_leaf.predict(X[::2]) != np.asarray(y[::2])).sum())
        assert step.action == (
            "pruned" if step.after["errors"] <= step.before["errors"] else "kept"
        )
    assert result.state_after(len(result.steps)).to_json() == result.tree.to_json()


def test_rule_steps_hold_rule_values_and_replay_without_text_surgery(tennis):
    X, y = tennis
    result = rule_post_prune(dt.ID3Classifier().fit(X, y), X[::2], y[::2])
    for k, step in enumerate(result.steps):
        assert step.subject == "rule" and step.node_id == step.rule_number
        state = result.state_after(k)
        if k + 1 < len(result.steps):
            assert state[step.rule_number - 1] == step.rule
        if step.dropped_index is None:
            assert step.rule_after == step.rule and step.action == "final"
        else:
            after = step.rule_after
            assert len(after.conditions) == len(step.rule.conditions) - 1
            assert step.dropped not in [c.text for c in after.conditions]
            # the after numbers are the new rule's own counts on the validation data
            assert after.accuracy(X[::2], y[::2]) == (step.correct_after, step.covered_after)
    assert result.state_after(len(result.steps)) == result.ruleset


def test_cost_complexity_before_after_follow_the_path():
    path = cost_complexity_path(dt.CARTClassifier().fit(*dt.load_play_tennis(numeric=True)))
    for step in path.steps:
        i = step.index
        assert step.before["R(T)"] == pytest.approx(path.impurities[i - 1], abs=1e-12)
        assert step.after["R(T)"] == pytest.approx(path.impurities[i], abs=1e-12)
        assert (step.before["leaves"], step.after["leaves"]) == (
            path.n_leaves[i - 1],
            path.n_leaves[i],
        )
    # shown rounded (4 significant digits), kept whole in the data
    shown = str(path.steps[0].table())
    assert "0.1143" in shown and "0.114286" not in shown
    assert path.steps[0].to_dict()["alpha"] == path.ccp_alphas[1]


def test_pessimistic_steps_say_what_weka_decided():
    X, y = dt.load_play_tennis(numeric=True)
    steps = pessimistic_prune(dt.C45Classifier(prune=False).fit(X, y)).steps
    for step in steps:
        assert step.action in {"kept", "collapsed", "pruned", "raised"}
        if step.phase == "prune" and step.action == "kept":
            # J48's rule: neither a leaf nor the largest branch is within 0.1 of the subtree
            assert not sm_or_eq(step.leaf_estimate, step.subtree_estimate + 0.1) or not sm_or_eq(
                step.leaf_estimate, step.branch_estimate + 0.1
            )
            assert not sm_or_eq(step.branch_estimate, step.subtree_estimate + 0.1)
    d = steps[-1].to_dict()
    assert d["decision"] == steps[-1].decision and d["kind"] == "pessimistic"


def test_defaults_give_a_new_method_table_and_json():
    @dataclass(frozen=True)
    class Halve(StepDefaults):
        node_id: int
        kind = "halving"
        action = "pruned"
        reason = "half the leaves"

        @property
        def before(self):
            return {"leaves": np.int64(8), "errors": 1.5}

        @property
        def after(self):
            return {"leaves": 4, "errors": 2.0}

    step = Halve(3)
    assert isinstance(step, Step)
    assert step.table().rows == (("leaves", 8, 4), ("errors", 1.5, 2.0))
    assert step.to_dict() == {
        "kind": "halving",
        "subject": "node",
        "node_id": 3,
        "action": "pruned",
        "reason": "half the leaves",
        "before": {"leaves": 8, "errors": 1.5},
        "after": {"leaves": 4, "errors": 2.0},
    }
    assert type(step.to_dict()["before"]["leaves"]) is int
    assert before_after_table(step, caption="x").caption == "x"
    assert step_dict(step, extra=np.float64(0.5))["extra"] == 0.5


def test_weka_comparisons_use_the_tolerance():
    assert eq(0.1 + 0.2, 0.3) and not eq(0.3, 0.3 + 2e-6)
    assert gr(1.0 + 2e-6, 1.0) and not gr(1.0 + 1e-7, 1.0)
    assert math.isclose(dt.pessimistic_errors(14, 5) + 5, 6.761, abs_tol=5e-4)  # Quinlan's


def test_stepper_replays_a_method_it_has_no_code_for(tennis, monkeypatch):
    pytest.importorskip("ipywidgets")
    from dtlearn.widgets import pruning_stepper as pruning

    X, y = tennis
    model = dt.ID3Classifier().fit(X, y)
    # a method the widget has never heard of: only its result's replay protocol is given
    base = reduced_error_prune(model, X[::2], y[::2])

    @dataclass(frozen=True)
    class Halving:
        steps: tuple

        def state_after(self, k):
            return base.state_after(k)

        def summary(self):
            return "halving: done"

        def table(self):
            return base.table()

    cuts = reduced_error_prune(model, X[::2], y[::2]).pruned_nodes
    entry = PruningMethod(
        "halving",
        "halving",
        True,
        lambda m, a, b, c, d: Halving(base.steps),
        lambda r: PruningSequence(
            "halving step", tuple(range(len(cuts) + 1)), model.tree_, cuts=cuts
        ),
    )
    monkeypatch.setitem(methods._REGISTRY, "halving", entry)
    app = pruning.PruningStepper(model, X[::2], y[::2], method="halving")
    assert ("halving", "halving") in app.method_buttons.options
    assert app.status == f"step 1 of {len(base.steps)}: {base.steps[0].summary()}"
    assert app.view.selected == base.steps[0].node_id
    app.goto(app.n_steps)
    assert app.status == "done: halving: done"
    # the curve reads the same entry: its trees are the reduced-error ones
    from dtlearn.pruning.curves import pruning_curve

    curve = pruning_curve(model, X, y, X[::2], y[::2], method="halving")
    same = pruning_curve(model, X, y, X[::2], y[::2], method="reduced_error")
    assert curve.param == "halving step" and curve.n_leaves == same.n_leaves
    assert curve.validation == same.validation


def test_stepper_explanations_use_one_prose_font(tennis):
    pytest.importorskip("ipywidgets")
    from dtlearn.widgets.pruning_stepper import PruningStepper

    X, y = tennis
    app = PruningStepper(dt.CARTClassifier().fit(X, y), X[::2], y[::2], method="cost_complexity")
    html = app.detail_html.value
    assert "$" not in html and "\\begin" not in html  # no MathJax (serif) typesetting
    assert 'class="dtlearn-formula"' in html and "white-space:pre-wrap" in html
    assert app.view.selected == app.steps[0].node_id
    assert app.status.startswith("step 1 of") and "weakest link" in app.status
