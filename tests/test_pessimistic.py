"""Pessimistic error estimate and J48's collapse / prune / subtree-raising steps."""

import sys
from pathlib import Path

import numpy as np
import pytest

from dtlearn import load_play_tennis
from dtlearn.datasets import read_arff
from dtlearn.learners.c45 import C45Classifier
from dtlearn.pruning.pessimistic import collapse, pessimistic_errors, pessimistic_prune

FIXTURES = Path(__file__).resolve().parent / "fixtures"
sys.path.insert(0, str(FIXTURES))
import weka_output as wo  # noqa: E402


@pytest.mark.parametrize("n,e,rate", [(6, 0, 0.206299), (16, 1, 0.154732), (14, 5, 0.482937)])
def test_upper_error_rate_table(n, e, rate):
    extra = pessimistic_errors(n, e)
    assert (e + extra) / n == pytest.approx(rate, abs=5e-7)


def test_quinlan_book_example_with_weka_z():
    subtree = sum(e + pessimistic_errors(n, e) for n, e in [(6, 0), (9, 0), (1, 0)])
    assert subtree == pytest.approx(3.273, abs=1e-3)
    leaf = 1 + pessimistic_errors(16, 1)
    assert leaf == pytest.approx(16 * 0.154732, abs=1e-4)
    assert leaf < subtree  # so the subtree is pruned


def test_special_cases():
    assert pessimistic_errors(3, 3) == 0.0  # E + 0.5 >= N: max(N - E, 0)
    assert pessimistic_errors(4, 3.6) == pytest.approx(0.4)
    base, one = pessimistic_errors(10, 0), pessimistic_errors(10, 1)
    assert pessimistic_errors(10, 0.5) == pytest.approx(base + 0.5 * (one - base))
    assert pessimistic_errors(10, 2, confidence=0.1) > pessimistic_errors(10, 2)


def test_explain_shows_formula_and_numbers():
    text = str(pessimistic_errors(14, 5).explain())
    assert "Φ⁻¹(0.75) = 0.674490" in text and "0.482937" in text and "1.761120" in text
    assert "N·(1 − CF^(1/N))" in str(pessimistic_errors(6, 0).explain())


@pytest.mark.parametrize("n,e", [(0, 0), (5, 6), (-1, 0)])
def test_bad_counts(n, e):
    with pytest.raises(ValueError):
        pessimistic_errors(n, e)


def test_steps_in_j48_order_and_explained():
    X, y = read_arff(wo.data_path("vote"))
    model = C45Classifier().fit(X, y)
    steps = model.pruning_.steps
    phases = [s.phase for s in steps]
    assert phases == sorted(phases)  # every collapse step before every prune step
    decisions = {s.decision.split(" ")[0] for s in steps}
    assert {"kept", "pruned", "raised"} & decisions
    pruned = next(s for s in steps if s.decision == "pruned to leaf")
    assert pruned.leaf_estimate <= pruned.subtree_estimate + 0.1 + 1e-6
    text = str(pruned.explain())
    assert "addErrs" in text and "leaves of the subtree" in text and "pruned to leaf" in text
    assert "estimated errors" in str(pruned)
    assert model.pruning_.to_dict()["steps"][0]["phase"] == "collapse"
    assert "decision" in repr(model.pruning_)


@pytest.mark.parametrize("name", ["labor", "credit-g", "tic-tac-toe", "soybean"])
def test_subtree_raising_redistributes_instances(name):
    X, y = read_arff(wo.data_path(name))
    model = C45Classifier().fit(X, y)
    raised = [s for s in model.pruning_.steps if s.decision.startswith("raised")]
    assert raised, f"{name} raises a branch"
    step = raised[0]
    assert step.branch_estimate <= step.subtree_estimate + 0.1 + 1e-6
    assert step.leaf_estimate > step.branch_estimate + 0.1
    ids = {n.node_id for n in model.tree_.nodes()}
    if step.raised_node_id in ids:  # it may be pruned further afterwards
        # the raised node now holds all the instances of the node it replaced
        assert model.tree_.node(step.raised_node_id).n_samples == pytest.approx(step.n_samples)
    lines = wo.tree_lines(wo.read_output(name, "J48"), "J48")
    assert model.tree_.to_text(style="weka").splitlines() == lines
    no_raise = C45Classifier(subtree_raising=False).fit(X, y)
    assert not any(s.decision.startswith("raised") for s in no_raise.pruning_.steps)


def test_prune_a_fitted_unpruned_model_and_a_bare_tree():
    X, y = read_arff(wo.data_path("vote"))
    unpruned = C45Classifier(prune=False).fit(X, y)
    result = pessimistic_prune(unpruned)
    expected = wo.tree_lines(wo.read_output("vote", "J48"), "J48")
    assert result.tree.to_text(style="weka").splitlines() == expected
    bare = pessimistic_prune(unpruned.grown_tree_, X=X, y=y)
    assert bare.tree.to_text(style="weka").splitlines() == expected
    no_raise = pessimistic_prune(unpruned.grown_tree_, subtree_raising=False)
    assert no_raise.tree.n_leaves <= unpruned.tree_.n_leaves
    with pytest.raises(ValueError, match="X and y"):
        pessimistic_prune(unpruned.grown_tree_)
    with pytest.raises(TypeError):
        pessimistic_prune("tree")
    with pytest.raises(ValueError, match="confidence"):
        pessimistic_prune(unpruned, confidence=0)


def test_collapse_alone_is_j48_unpruned():
    X, y = read_arff(wo.data_path("vote"))
    model = C45Classifier(prune=False).fit(X, y)
    lines = wo.tree_lines(wo.read_output("vote", "J48-U"), "J48-U")
    assert collapse(model).tree.to_text(style="weka").splitlines() == lines


def test_lower_confidence_prunes_more():
    X, y = read_arff(wo.data_path("credit-g"))
    sizes = [C45Classifier(confidence=c).fit(X, y).tree_.n_leaves for c in (0.5, 0.25, 0.05)]
    assert sizes[0] >= sizes[1] >= sizes[2]


def test_predictions_after_pruning_use_updated_branch_weights():
    X, y = load_play_tennis(numeric=True)
    model = C45Classifier().fit(X, y)
    proba = model.predict_proba(X.iloc[:3])
    np.testing.assert_allclose(proba.sum(axis=1), 1)


def _leaf_errors(node):
    """Training errors of the leaves under ``node``, recounted from the replayed tree."""
    stack, total = [node], 0.0
    while stack:
        n = stack.pop()
        if n.children:
            stack.extend(n.children)
        else:
            total += float(np.sum(n.counts) - np.max(n.counts))
    return total


@pytest.mark.parametrize("name", ["labor", "tic-tac-toe"])
def test_state_after_replays_collapse_prune_and_raising(name):
    X, y = read_arff(wo.data_path(name))
    result = pessimistic_prune(C45Classifier(prune=False).fit(X, y))
    steps = result.steps
    assert any(s.decision.startswith("raised") for s in steps)
    assert result.state_after(len(steps)).to_json() == result.tree.to_json()
    before = result.state_after(0)
    for k, step in enumerate(steps):
        node = before.node(step.node_id)
        # the numbers the step was decided on are those of the tree replayed so far
        assert node.n_samples == pytest.approx(step.n_samples)
        assert _leaf_errors(node) == pytest.approx(step.subtree_errors_train, abs=1e-6)
        after = result.state_after(k + 1)
        ids = {n.node_id for n in after.nodes()}
        if step.decision == "kept":
            assert after.to_json() == before.to_json()
        elif step.decision.startswith("raised"):
            assert step.node_id not in ids and step.raised_node_id in ids
            assert after.node(step.raised_node_id).n_samples == pytest.approx(step.n_samples)
        else:
            assert after.to_json() == before.with_leaves_at([step.node_id]).to_json()
        before = after
    assert result.summary().endswith(f"{result.tree.n_leaves} leaves")
    with pytest.raises(ValueError, match="k must be"):
        result.state_after(len(steps) + 1)


def test_pruning_curve_and_stepper_replay_c45_pruning():
    from dtlearn.pruning.curves import pruning_curve
    from dtlearn.pruning.methods import pruning_methods
    from dtlearn.widgets import PruningStepper

    X, y = read_arff(wo.data_path("labor"))
    model = C45Classifier().fit(X, y)
    result = pessimistic_prune(model)
    curve = pruning_curve(model, X, y, method="pessimistic")
    changed = [k + 1 for k, s in enumerate(result.steps) if s.decision != "kept"]
    assert curve.values == (0, *changed)
    assert curve.n_leaves[0] == model.grown_tree_.n_leaves
    assert curve.n_leaves[-1] == model.tree_.n_leaves  # J48's tree
    assert "pessimistic" in [m.name for m in pruning_methods()]
    app = PruningStepper(model, X, y, method="pessimistic")
    assert app.n_steps == len(result.steps)
    raised = next(k for k, s in enumerate(result.steps) if s.decision.startswith("raised"))
    app.goto(raised + 1)
    assert app.view.data["n_leaves"] == result.state_after(raised + 1).n_leaves
    app.goto(app.n_steps)
    assert app.status == f"done: {result.summary()}"
    assert app.view.data["n_leaves"] == model.tree_.n_leaves


def test_pruning_snapshots_are_replayed_when_read_and_pickled_as_made():
    import pickle

    X, y = read_arff(wo.data_path("labor"))
    model = C45Classifier().fit(X, y)
    result = model.pruning_
    raised = [k + 1 for k, s in enumerate(result.steps) if s.decision.startswith("raised")]
    assert raised
    model.fit(*load_play_tennis())  # a refit leaves the recorded run alone
    assert [k for k, _ in result.snapshots] == [0, *raised]
    states = [result.state_after(k).to_json() for k in range(len(result.steps) + 1)]
    assert states[-1] == result.tree.to_json()
    copy = pickle.loads(pickle.dumps(result))
    assert isinstance(copy.snapshots, tuple)
    assert [copy.state_after(k).to_json() for k in range(len(result.steps) + 1)] == states
