"""C4.5's pessimistic pruning, every text and number it shows, against hand computations.

Independent expectations: Weka's ``Stats.addErrs`` worked by hand with the normal quantile
of the standard library (``z = Φ⁻¹(1 − CF)``), Quinlan's worked example (C4.5: Programs for
Machine Learning, §4.2: leaves of 6, 9 and 1 instances without errors against one leaf of 16
instances with one error; his 3.273 for the subtree), and the step protocol's texts, which
are the specification the stepper, the graders and the notebooks print.
"""

import math
from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn import C45Classifier, load_play_tennis
from dtlearn.pruning.pessimistic import (
    PessimisticStep,
    collapse,
    pessimistic_errors,
    pessimistic_prune,
)


def _upper(n, e, cf):
    """The upper confidence limit of the error rate, C4.5's normal approximation by hand."""
    z = NormalDist().inv_cdf(1 - cf)
    f = (e + 0.5) / n
    return (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (
        1 + z * z / n
    )


# ------------------------------------------------------------------ the estimate's derivation
def test_normal_approximation_derivation_is_written_out_whole():
    u = _upper(14, 5, 0.25)
    assert round(u, 6) == 0.482937
    m = pessimistic_errors(14, 5)
    assert float(m) == pytest.approx(u * 14 - 5, abs=1e-12)
    assert (m.name, m.symbol, repr(m)) == (
        "pessimistic extra errors",
        "addErrs(14.00, 5.00)",
        "addErrs(14.00, 5.00) = 1.761",
    )
    assert str(m.explain()) == (
        "pessimistic errors (N = 14, E = 5, CF = 0.25)\n"
        "z            = Φ⁻¹(1 − CF) = Φ⁻¹(0.75) = 0.674490\n"
        "f            = (E + 0.5)/N = 5.5/14 = 0.392857\n"
        "U            = (f + z²/2N + z·sqrt(f/N − f²/N + z²/4N²)) / (1 + z²/N) = 0.482937\n"
        "extra errors = U·N − E = 6.761120 − 5 = 1.761120\n"
        "note: predicted errors of the leaf: E + extra = 6.761"
    )


def test_no_error_derivation_is_n_times_one_minus_cf_root():
    extra = 6 * (1 - 0.25 ** (1 / 6))
    assert round(extra, 6) == 1.237797
    assert float(pessimistic_errors(6, 0)) == pytest.approx(extra, abs=1e-12)
    assert str(pessimistic_errors(6, 0).explain()) == (
        "pessimistic errors (N = 6, E = 0, CF = 0.25)\n"
        "extra errors(E = 0) = N·(1 − CF^(1/N)) = 6·(1 − 0.25^(1/6)) = 1.237797\n"
        "U              = (E + extra errors)/N = 0.206299\n"
        "note: predicted errors of the leaf: E + extra = 1.238"
    )


def test_fewer_than_one_error_interpolates_between_none_and_one():
    base = 10 * (1 - 0.25 ** (1 / 10))
    one = _upper(10, 1, 0.25) * 10 - 1
    extra = base + 0.5 * (one - base)
    assert (round(base, 6), round(one, 6), round(extra, 6)) == (1.294494, 1.412562, 1.353528)
    assert float(pessimistic_errors(10, 0.5)) == pytest.approx(extra, abs=1e-12)
    assert str(pessimistic_errors(10, 0.5).explain()) == (
        "pessimistic errors (N = 10, E = 0.5, CF = 0.25)\n"
        "extra errors(E = 0) = N·(1 − CF^(1/N)) = 10·(1 − 0.25^(1/10)) = 1.294494\n"
        "extra errors(E = 1) = 1.412562\n"
        "extra errors   = 1.294494 + E·(1.412562 − 1.294494) = 1.353528\n"
        "U              = (E + extra errors)/N = 0.185353\n"
        "note: predicted errors of the leaf: E + extra = 1.854"
    )


def test_all_but_half_an_instance_wrong_is_explained_at_the_tie():
    # E + 0.5 == N exactly: Weka's addErrs returns N - E, and says so
    assert float(pessimistic_errors(4, 3.5)) == 0.5
    assert str(pessimistic_errors(4, 3.5).explain()) == (
        "pessimistic errors (N = 4, E = 3.5, CF = 0.25)\n"
        "extra errors = max(N − E, 0) = 0.500000\n"
        "note: E + 0.5 >= N: predicted errors of the leaf: E + extra = 4.000"
    )
    assert str(pessimistic_errors(3, 3).explain()) == (
        "pessimistic errors (N = 3, E = 3, CF = 0.25)\n"
        "extra errors = max(N − E, 0) = 0.000000\n"
        "note: E + 0.5 >= N: predicted errors of the leaf: E + extra = 3.000"
    )


def test_just_below_the_tie_the_normal_approximation_is_used():
    u = _upper(4, 3.4, 0.25)
    assert float(pessimistic_errors(4, 3.4)) == pytest.approx(u * 4 - 3.4, abs=1e-12)
    lines = str(pessimistic_errors(4, 3.4).explain()).splitlines()
    assert lines[1:3] == [
        "z            = Φ⁻¹(1 − CF) = Φ⁻¹(0.75) = 0.674490",
        "f            = (E + 0.5)/N = 3.9/4 = 0.975000",
    ]
    assert lines[-1] == f"note: predicted errors of the leaf: E + extra = {4 * u:.3f}"


@pytest.mark.parametrize("confidence", [0.51, 0.55, 0.6, 1])
def test_above_one_half_weka_adds_nothing_and_says_why(confidence):
    m = pessimistic_errors(14, 5, confidence)
    assert float(m) == 0.0
    assert str(m.explain()) == (
        f"pessimistic errors (N = 14, E = 5, CF = {confidence:g})\n"
        "extra errors = 0\n"
        "note: CF > 0.5: Weka leaves the estimate unchanged"
    )


def test_at_one_half_z_is_zero_and_the_continuity_correction_remains():
    m = pessimistic_errors(2.5, 1, 0.5)
    assert float(m) == pytest.approx(0.5, abs=1e-12)
    assert str(m.explain()).splitlines()[1:3] == [
        "z            = Φ⁻¹(1 − CF) = Φ⁻¹(0.5) = 0.000000",
        "f            = (E + 0.5)/N = 1.5/2.5 = 0.600000",
    ]


@pytest.mark.parametrize(
    "args, error, message",
    [
        ((True, 1), TypeError, "pessimistic_errors: n must be a number, got True"),
        ((5, "1"), TypeError, "pessimistic_errors: e must be a number, got '1'"),
        ((5, 1, None), TypeError, "pessimistic_errors: confidence must be a number, got None"),
        ((0, 0), ValueError, "pessimistic_errors: need n > 0 and 0 <= e <= n, got n=0.0, e=0.0"),
        ((5, -1), ValueError, "pessimistic_errors: need n > 0 and 0 <= e <= n, got n=5.0, e=-1.0"),
        ((5, 6), ValueError, "pessimistic_errors: need n > 0 and 0 <= e <= n, got n=5.0, e=6.0"),
        ((5, 1, 0), ValueError, "confidence must be in (0, 1], got 0"),
        ((5, 1, 1.01), ValueError, "confidence must be in (0, 1], got 1.01"),
    ],
)
def test_bad_arguments_are_named_exactly(args, error, message):
    with pytest.raises(error) as info:
        pessimistic_errors(*args)
    assert str(info.value) == message


def test_the_argument_bounds_themselves_are_accepted():
    assert float(pessimistic_errors(5, 5)) == 0.0  # e == n
    assert float(pessimistic_errors(5, 1, 1)) == 0.0  # confidence == 1
    assert float(pessimistic_errors(1e-9, 0)) >= 0  # any n > 0


# ------------------------------------------------------------------ Quinlan's worked example
@pytest.fixture(scope="module")
def quinlan():
    """Leaves of 6, 9 and 1 instances, one class each; 16 instances, 1 error, as a leaf."""
    X = pd.DataFrame({"a": ["p"] * 6 + ["q"] * 9 + ["r"]})
    y = pd.Series(["X"] * 15 + ["Y"], name="c")
    return C45Classifier(prune=False, min_samples_leaf=1).fit(X, y)


def test_quinlans_subtree_is_pruned_to_a_leaf_with_every_number(quinlan):
    result = pessimistic_prune(quinlan)
    collapse_step, prune_step = result.steps
    leaf = 1 + _upper(16, 1, 0.25) * 16 - 1
    subtree = sum(n * (1 - 0.25 ** (1 / n)) for n in (6, 9, 1))
    assert round(subtree, 3) == 3.273  # Quinlan's number
    assert (collapse_step.phase, collapse_step.decision) == ("collapse", "kept")
    assert (collapse_step.leaf_errors_train, collapse_step.subtree_errors_train) == (1.0, 0.0)
    assert str(collapse_step) == (
        "node 0: kept (collapse check: training errors leaf 1.000, subtree 0.000)"
    )
    assert collapse_step.reason == "training errors: subtree 0.000 < leaf 1.000 - 0.001"
    assert (
        collapse_step.before
        == collapse_step.after
        == {
            "n_samples": 16.0,
            "training_errors": 0.0,
        }
    )
    assert (prune_step.phase, prune_step.decision, prune_step.action) == (
        "prune",
        "pruned to leaf",
        "pruned",
    )
    assert prune_step.leaf_estimate == pytest.approx(leaf, abs=1e-12)
    assert prune_step.subtree_estimate == pytest.approx(subtree, abs=1e-12)
    # the largest branch (q, 9 instances) is a leaf: all 16 instances there = the node's leaf
    assert prune_step.largest_branch == 1
    assert prune_step.branch_estimate == pytest.approx(leaf, abs=1e-12)
    assert prune_step.leaf_counts == (15.0, 1.0)
    assert [(i, n, e) for i, n, e, _ in prune_step.leaves] == [
        (1, 6.0, 0.0),
        (2, 9.0, 0.0),
        (3, 1.0, 0.0),
    ]
    np.testing.assert_allclose(
        [est for *_, est in prune_step.leaves],
        [n * (1 - 0.25 ** (1 / n)) for n in (6, 9, 1)],
        rtol=1e-12,
    )
    assert prune_step.reason == (
        "estimates: leaf 2.476 <= subtree 3.273 + 0.1 and <= branch 2.476 + 0.1"
    )
    assert str(prune_step) == (
        "node 0: pruned to leaf (estimated errors: leaf 2.476, subtree 3.273, largest branch 2.476)"
    )
    assert prune_step.before == {
        "n_samples": 16.0,
        "training_errors": 0.0,
        "estimated_errors": pytest.approx(subtree, abs=1e-12),
    }
    assert prune_step.after == {
        "n_samples": 16.0,
        "training_errors": 1.0,
        "estimated_errors": pytest.approx(leaf, abs=1e-12),
    }
    assert result.tree.n_leaves == 1 and result.tree.root.depth == 0
    assert result.tree.root.counts.tolist() == [15.0, 1.0]


def test_quinlans_prune_step_explains_itself_whole(quinlan):
    step = pessimistic_prune(quinlan).steps[-1]
    assert str(step.explain()) == (
        "node 0: pruned to leaf\n"
        "leaf: N = 16, E = 1, estimate = E + addErrs(N, E) = 1 + 1.476 = 2.476\n"
        "  pessimistic errors (N = 16, E = 1, CF = 0.25)\n"
        "  z            = Φ⁻¹(1 − CF) = Φ⁻¹(0.75) = 0.674490\n"
        "  f            = (E + 0.5)/N = 1.5/16 = 0.093750\n"
        "  U            = (f + z²/2N + z·sqrt(f/N − f²/N + z²/4N²)) / (1 + z²/N) = 0.154732\n"
        "  extra errors = U·N − E = 2.475715 − 1 = 1.475715\n"
        "  note: predicted errors of the leaf: E + extra = 2.476\n"
        "leaves of the subtree\n"
        "  leaf   | N    | E    | estimate\n"
        "  node 1 | 6.00 | 0.00 |    1.238\n"
        "  node 2 | 9.00 | 0.00 |    1.285\n"
        "  node 3 | 1.00 | 0.00 |    0.750\n"
        "subtree: sum of leaf estimates                  = 3.273\n"
        "largest branch (branch 1) with all 16 instances = 2.476\n"
        "note: prune to a leaf if leaf <= subtree + 0.1 and leaf <= branch + 0.1; else raise the\n"
        "      largest branch if branch <= subtree + 0.1; else keep"
    )


def test_quinlans_result_table_summary_and_dict(quinlan):
    result = pessimistic_prune(quinlan)
    assert result.summary() == (
        "C4.5 pruning (confidence 0.25, subtree raising): 2 decisions, 1 pruned to leaf; "
        "3 → 1 leaves"
    )
    assert repr(result) == (
        "C4.5 pruning (confidence 0.25)\n"
        "  node | phase    | decision       | N      | leaf est. | subtree est. | branch est.\n"
        "     0 | collapse | kept           | 16.000 | —         | —            | —\n"
        "     0 | prune    | pruned to leaf | 16.000 | 2.476     | 3.273        | 2.476"
    )
    frame = result.table().to_frame()
    assert list(frame.columns) == [
        "node",
        "phase",
        "decision",
        "N",
        "leaf est.",
        "subtree est.",
        "branch est.",
    ]
    assert frame.iloc[0].tolist() == [0, "collapse", "kept", 16.0, "—", "—", "—"]
    assert frame.iloc[1, :4].tolist() == [0, "prune", "pruned to leaf", 16.0]
    data = result.to_dict()
    assert (data["confidence"], data["subtree_raising"]) == (0.25, True)
    assert [s["phase"] for s in data["steps"]] == ["collapse", "prune"]
    assert data["steps"][0]["leaf_estimate"] is None  # no estimate in the collapse phase
    assert data["steps"][1]["largest_branch"] == 1
    assert data["steps"][1]["raised_node_id"] is None
    no_raise = pessimistic_prune(quinlan, subtree_raising=False)
    assert no_raise.summary().startswith("C4.5 pruning (confidence 0.25): 2 decisions")
    assert no_raise.steps[-1].branch_estimate == float("inf")
    assert "largest branch: not considered (subtree raising off)" in str(
        no_raise.steps[-1].explain()
    )
    assert no_raise.to_dict()["steps"][1]["branch_estimate"] is None


def test_collapse_of_a_bare_tree_needs_no_data(quinlan):
    result = collapse(quinlan.grown_tree_)
    assert result.summary() == "C4.5 collapse: 1 decision, none changed the tree; 3 leaves"
    assert [s.decision for s in result.steps] == ["kept"]
    assert result.tree.to_text() == quinlan.grown_tree_.to_text()


# ------------------------------------------------------------------ steps built by hand
def _step(decision, phase="prune", **kw):
    numbers = dict(
        n_samples=10.0,
        leaf_errors_train=4.0,
        subtree_errors_train=2.0,
        leaf_estimate=6.0,
        subtree_estimate=4.0,
        branch_estimate=4.05,
        largest_branch=1,
    )
    if phase == "collapse":
        numbers = {k: numbers[k] for k in ("n_samples", "leaf_errors_train")}
        numbers["subtree_errors_train"] = kw.pop("subtree", 2.0)
    numbers.update(kw)
    return PessimisticStep(7, phase, decision, **numbers)


def test_a_raised_step_says_which_branch_and_why():
    step = _step("raised branch 1", raised_node_id=9)
    assert step.action == "raised"
    assert (
        step.reason == "estimates: largest branch 4.050 <= subtree 4.000 + 0.1 (leaf 6.000 is not)"
    )
    assert step.before == {"n_samples": 10.0, "training_errors": 2.0, "estimated_errors": 4.0}
    after = step.after
    assert math.isnan(after.pop("training_errors"))
    assert after == {"n_samples": 10.0, "estimated_errors": 4.05}
    assert str(step) == (
        "node 7: raised branch 1 (estimated errors: leaf 6.000, subtree 4.000, largest branch 4.050)"
    )
    assert step.details()["raised_node_id"] == 9


def test_a_kept_step_keeps_its_numbers():
    step = _step("kept", branch_estimate=float("inf"))
    assert step.reason == (
        "estimates: leaf 6.000 > subtree 4.000 + 0.1, largest branch — > subtree + 0.1"
    )
    assert (
        step.after
        == step.before
        == {
            "n_samples": 10.0,
            "training_errors": 2.0,
            "estimated_errors": 4.0,
        }
    )
    assert str(step).endswith("largest branch —)")


def test_collapse_steps_compare_training_errors():
    collapsed = _step("collapsed", phase="collapse", subtree=4.0)
    assert collapsed.action == "collapsed"
    assert collapsed.reason == "training errors: subtree 4.000 >= leaf 4.000 - 0.001"
    assert collapsed.before == {"n_samples": 10.0, "training_errors": 4.0}
    assert collapsed.after == {"n_samples": 10.0, "training_errors": 4.0}
    kept = _step("kept", phase="collapse", subtree=1.5)
    assert kept.after == {"n_samples": 10.0, "training_errors": 1.5}
    assert str(collapsed.explain()) == (
        "node 7: collapse check — collapsed\n"
        "training errors as a leaf               = 4.000\n"
        "training errors of the subtree's leaves = 4.000\n"
        "note: J48 collapses a subtree whose leaves do not make fewer training errors than the\n"
        "      node alone (subtree >= leaf − 0.001)"
    )
    details = collapsed.details()
    assert details == {
        "phase": "collapse",
        "decision": "collapsed",
        "n_samples": 10.0,
        "leaf_errors_train": 4.0,
        "subtree_errors_train": 4.0,
        "leaf_estimate": None,
        "subtree_estimate": None,
        "branch_estimate": None,
        "largest_branch": -1,
        "raised_node_id": None,
    }


def test_an_empty_node_explains_an_estimate_of_zero():
    step = _step("pruned to leaf", n_samples=0.0, leaf_errors_train=0.0, leaf_estimate=0.0)
    assert step.explain().lines[1].text == "empty node: estimate 0"


# ------------------------------------------------------------------ the pruned tree itself
def test_pruned_trees_keep_depths_counts_and_ids():
    model = C45Classifier(prune=False).fit(*load_play_tennis())
    result = pessimistic_prune(model)
    grown = {n.node_id: (n.depth, n.counts.tolist()) for n in model.grown_tree_.nodes()}
    pruned = {n.node_id: (n.depth, n.counts.tolist()) for n in result.tree.nodes()}
    assert pruned == grown
    assert result.tree.missing == "distribute"
    for k in range(len(result.steps) + 1):
        state = result.state_after(k)
        assert {n.node_id: n.depth for n in state.nodes()} == {i: d for i, (d, _) in grown.items()}


# ------------------------------------------------------------------ arguments
def test_pruning_arguments_are_named_exactly(quinlan):
    import pickle

    regression = dt.CARTRegressor().fit([[0.0], [1.0]], [0.0, 1.0]).tree_
    loaded = pickle.loads(pickle.dumps(quinlan))
    cases = [
        (
            lambda: pessimistic_prune(regression, subtree_raising=False),
            ValueError,
            "model_or_tree: pessimistic pruning needs a classification tree",
        ),
        (
            lambda: pessimistic_prune(quinlan.grown_tree_),
            ValueError,
            "X and y are needed to prune a bare Tree with subtree raising (pass "
            "subtree_raising=False to prune with the tree's own counts)",
        ),
        (
            lambda: pessimistic_prune(3),
            TypeError,
            "model_or_tree must be a fitted C45Classifier or a Tree, got int",
        ),
        (
            lambda: pessimistic_prune(loaded),
            ValueError,
            "model_or_tree: this C45Classifier holds no training data (a model loaded from a "
            "file keeps none); prune its grown_tree_ with X and y instead: "
            "pessimistic_prune(model.grown_tree_, X=X, y=y)",
        ),
        (
            lambda: pessimistic_prune(quinlan, confidence=True),
            ValueError,
            "confidence must be a number in (0, 1], got True",
        ),
        (
            lambda: pessimistic_prune(quinlan, confidence=1.5),
            ValueError,
            "confidence must be a number in (0, 1], got 1.5",
        ),
    ]
    for call, error, message in cases:
        with pytest.raises(error) as info:
            call()
        assert str(info.value) == message
    assert pessimistic_prune(quinlan, confidence=1).steps[-1].decision == "kept"


def test_state_after_takes_a_step_count_and_nothing_else(quinlan):
    result = pessimistic_prune(quinlan)
    assert result.state_after(0).n_leaves == 3 and result.state_after(1).n_leaves == 3
    assert result.state_after(2) is result.tree
    for k in (3, -1, 1.0, True):
        with pytest.raises(ValueError) as info:
            result.state_after(k)
        assert str(info.value) == f"k must be an integer in 0..2, got {k!r}"


# ------------------------------------------------------------------ routing at its edges
def test_an_unknown_row_skips_a_branch_whose_share_is_exactly_weka_small():
    from dtlearn.pruning.pessimistic import level_parts, split_weighted
    from dtlearn.splits import MultiwaySplit

    # known weights 1 and 999999: shares 1e-6 (= SMALL, not above it) and 0.999999
    weights = np.array([1.0, 999999.0, 1.0])
    parts = level_parts(
        np.arange(3), weights, np.array([0, 1, 0]), np.zeros(3, dtype=np.int64),
        np.array([0, 1, -1]), np.array([2]), 2,
    )  # fmt: skip
    assert parts.fractions.tolist() == [1e-6, 0.999999]
    assert parts.rows.tolist() == [0, 1, 2] and parts.starts.tolist() == [0, 1, 3]
    assert parts.weights.tolist() == [1.0, 999999.0, 0.999999]
    one_by_one, fractions = split_weighted(
        MultiwaySplit(0, 2), np.array([[0.0], [1.0], [np.nan]]), np.array([0, 1, 0]), 2,
        np.arange(3), weights,
    )  # fmt: skip
    assert [r.tolist() for r, _ in one_by_one] == [[0], [1, 2]]
    assert fractions.tolist() == parts.fractions.tolist()


def test_recorded_states_keep_the_branch_shares_of_a_tree_with_missing_values():
    X, y = dt.load_vote()
    model = C45Classifier(prune=False).fit(X[::3], y[::3])
    first = pessimistic_prune(model).state_after(0)
    grown = model.grown_tree_
    shares = {n.node_id: n.branch_weights for n in grown.nodes()}
    for node in first.nodes():
        if node.is_leaf:
            assert node.branch_weights is None
        else:
            np.testing.assert_array_equal(node.branch_weights, shares[node.node_id])
    holes = X[X.isna().any(axis=1)]
    assert first.predict(holes).tolist() == grown.predict(holes).tolist()
