"""Tests that kill the mutants the rest of the suite let survive (``tools/mutate.py``).

Each test names the mutant it catches; each checks the behaviour against an expectation
found without the code under test (scipy, float arithmetic, Weka J48's output, the
documented folding rule, a plain ``x <= t``).
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import weka_output as wo
from scipy.stats import entropy

import dtlearn as dt
from dtlearn import ID3Classifier, load_car
from dtlearn.datasets.arffio import read_arff
from dtlearn.drawing.layout import fold_to_fit, tree_view_data
from dtlearn.grow import levels
from dtlearn.learners.c45 import C45Classifier
from dtlearn.measures.impurity import kl_divergence
from dtlearn.pruning.reduced_error import reduced_error_prune
from dtlearn.splits import ObliqueSplit, ThresholdSplit, midpoint

MARGIN = Path(__file__).parent / "fixtures" / "weka_margin"


# --- kl_divergence must use its base (mutant: always bits) ------------------------------

@pytest.mark.parametrize("base, unit", [(np.e, "nats"), (10, "hartleys"), (2, "bits")])
def test_kl_divergence_uses_its_base(base, unit):
    p, q = [0.5, 0.5], [0.25, 0.75]
    d = kl_divergence(p, q, base=base)
    assert float(d) == pytest.approx(entropy(p, q, base=base), rel=1e-12)
    assert d.unit == unit
    assert f"{float(d):.3f} {unit}" in str(d.explain())


def test_kl_divergence_in_nats_by_hand():
    # 0.5 ln(0.5/0.25) + 0.5 ln(0.5/0.75) = 0.5 ln(4/3)
    d = kl_divergence([1, 1], [1, 3], base=np.e)
    assert float(d) == pytest.approx(0.5 * np.log(4 / 3), rel=1e-12)
    assert round(float(d), 4) == 0.1438


# --- midpoint: the rounding guard is ``>=`` (mutant: ``>``) ------------------------------

def test_midpoint_rounding_up_to_high_returns_low():
    low, high = np.nextafter(1.0, 0.0), 1.0
    assert low / 2 + high / 2 == high  # halfway between neighbours rounds to the even one
    assert midpoint(low, high) == low < high
    out = midpoint(np.array([low, 70.0]), np.array([high, 75.0]))
    assert out.tolist() == [low, 72.5]


def test_midpoint_is_strictly_below_high_for_neighbours():
    for low in (np.nextafter(1.0, 0.0), 1.0, 0.3, 1e300, -2.0, 5e-324):
        high = np.nextafter(low, np.inf)
        t = midpoint(low, high)
        assert low <= t < high  # x <= t still separates the two values


# --- J48 prunes to a leaf within 0.1 of the largest branch (mutant: no margin) -----------

def test_j48_prunes_to_leaf_within_the_branch_margin():
    X, y = read_arff(MARGIN / "margin.arff")
    model = C45Classifier().fit(X, y)
    near = [s for s in model.pruning_.steps if s.phase == "prune"
            and s.branch_estimate < s.leaf_estimate <= s.branch_estimate + 0.1]
    # the fixture still has the node (a2 = p: leaf 5.618, branch 5.525, subtree 6.286)
    assert [s.decision for s in near if s.leaf_estimate <= s.subtree_estimate + 0.1] == \
        ["pruned to leaf"]
    weka = (MARGIN / "margin.J48.txt").read_text()
    assert model.tree_.to_text(style="weka").splitlines() == wo.tree_lines(weka, "J48")
    assert model.tree_.n_leaves == wo.leaf_count(weka) == 5


def test_j48_margin_table_predictions_match_weka():
    X, y = read_arff(MARGIN / "margin.arff")
    model = C45Classifier().fit(X, y)
    classes = list(model.classes_)
    weka = wo.predictions((MARGIN / "margin.J48.pred.txt").read_text(), classes)
    assert model.predict(X).tolist() == [p.predicted for p in weka]
    np.testing.assert_allclose(model.predict_proba(X), [p.distribution for p in weka],
                               atol=5e-4)


# --- fold_to_fit tries every inner level, the deepest included (mutant: not the deepest) --

def _inner_by_depth(tree):
    inner = {}
    for node in tree.nodes():
        if not node.is_leaf:
            inner.setdefault(node.depth, []).append(node.node_id)
    return inner


def _width(tree, folded):
    return tree_view_data(tree, collapsed=folded, explain=False)["geometry"]["width"]


def test_fold_to_fit_can_fold_the_deepest_inner_level():
    car = ID3Classifier().fit(*load_car()).tree_
    inner = _inner_by_depth(car)
    deepest = max(inner)
    assert deepest == 5
    # wide enough for the tree with its deepest inner nodes folded, not for the whole tree
    assert _width(car, inner[deepest]) <= 35000 < _width(car, [])
    assert sorted(fold_to_fit(car, 35000)) == sorted(inner[deepest])


def test_fold_to_fit_follows_the_rule_at_every_width():
    # the documented rule, as a plain loop: the deepest level d (from 1) such that folding
    # every level 2..d would fit; nothing when the whole tree fits
    car = ID3Classifier().fit(*load_car()).tree_
    inner = _inner_by_depth(car)
    widths = {d: _width(car, ids) for d, ids in inner.items()}
    full = _width(car, [])
    for width in (500, 960, 2000, 5000, 13284, 20000, 30618, 35000, 43671, full, 60000):
        if full <= width:
            expected = []
        else:
            depth = 1
            while depth + 1 in inner and widths[depth + 1] <= width:
                depth += 1
            expected = inner[depth]
        assert sorted(fold_to_fit(car, width)) == sorted(expected), width


# --- level-wise growth routes x == threshold to the left (mutant: ``<``) ----------------

UP = np.nextafter(1.0, 2.0)  # midpoint(1.0, UP) == 1.0: the cut equals the lower value


def test_level_wise_routes_rows_equal_to_the_threshold_left():
    X = pd.DataFrame({"x": [1.0, UP, 1.0, UP, 0.0]})
    y = ["a", "b", "a", "b", "a"]
    grower = dt.CARTClassifier(max_depth=3).make_grower(X, y)
    assert levels.applies(grower)
    tree = grower.run()
    root = tree.root
    assert root.split.threshold == 1.0
    left, right = root.children
    assert (left.n_samples, right.n_samples) == (3.0, 2.0)
    assert left.is_leaf and right.is_leaf
    assert tree.n_leaves == 2
    # the rows each step holds are the ones a plain x <= t sends there
    x = X["x"].to_numpy()
    for step in grower.steps[1:]:
        side = x[step.rows] <= 1.0
        assert side.all() if step.node_id == left.node_id else not side.any()


def test_level_wise_routing_matches_a_plain_comparison_on_ties():
    # columns made of neighbouring doubles, so many cuts land exactly on a value
    rng = np.random.default_rng(7)
    base = np.array([0.0, 1.0, UP, np.nextafter(UP, 2.0), 2.0])
    X = pd.DataFrame({"x0": rng.choice(base, 80), "x1": rng.choice(base, 80)})
    y = rng.choice(["a", "b", "c"], 80)
    grower = dt.CARTClassifier(max_depth=6).make_grower(X, y)
    assert levels.applies(grower)
    tree = grower.run()
    Xa = X.to_numpy()
    parent_rows = {0: np.arange(len(X))}
    for node in tree.nodes():
        rows = parent_rows[node.node_id]
        assert node.n_samples == len(rows)
        if not node.is_leaf:
            left = Xa[rows, node.split.feature] <= node.split.threshold
            parent_rows[node.children[0].node_id] = rows[left]
            parent_rows[node.children[1].node_id] = rows[~left]
            assert left.any() and not left.all()  # every split separates something


# --- survivors of tools/mutate.py's own run ----------------------------------------------

def test_kl_divergence_skips_classes_absent_from_both():
    # p_k = q_k = 0 adds 0 · log(0/0) := 0: the same divergence as without the class
    with_zero = kl_divergence([1, 1, 0], [1, 3, 0])
    assert float(with_zero) == pytest.approx(0.5 * np.log2(4 / 3), rel=1e-12)
    assert float(with_zero) == pytest.approx(entropy([1, 1, 0], [1, 3, 0], base=2), rel=1e-12)
    with pytest.raises(ValueError, match="infinite"):
        kl_divergence([1, 1], [1, 0])


def test_threshold_split_sends_values_equal_to_the_cut_left():
    split = ThresholdSplit(0, 1.0)
    X = np.array([[0.5], [1.0], [UP], [np.nan]])
    assert split.route(X).tolist() == [0, 0, 1, -1]
    # a grown tree predicts the training row that equals its cut as it counted it
    data = pd.DataFrame({"x": [1.0, UP, 1.0, UP]})
    model = dt.CARTClassifier().fit(data, ["a", "b", "a", "b"])
    assert model.tree_.root.split.threshold == 1.0
    assert model.predict(pd.DataFrame({"x": [1.0, UP]})).tolist() == ["a", "b"]


def test_oblique_split_sends_points_on_the_line_left():
    split = ObliqueSplit((0, 1), (1.0, 1.0), -1.0)
    X = np.array([[0.5, 0.5], [0.25, 0.75], [0.5, 0.5 + 1e-9], [0.0, 0.0]])
    by_hand = [0 if x0 + x1 - 1.0 <= 0 else 1 for x0, x1 in X]
    assert by_hand == [0, 0, 1, 0]  # the first two lie exactly on x0 + x1 = 1
    assert split.route(X).tolist() == by_hand


def test_an_answer_rounded_to_two_decimals_gets_the_rounding_hint():
    from dtlearn.exercises.compare import compare_number

    h = entropy([9, 5], base=2)  # 0.9403
    for rounded in (round(h, 1), round(h, 2)):  # 0.9 and 0.94, both outside tol=1e-4
        result = compare_number(rounded, h, what="H", tol=1e-4)
        assert result.status == "failed"
        assert "rounded too early" in str(result), (rounded, str(result))
    assert "rounded too early" not in str(compare_number(0.93, h, what="H", tol=1e-4))


def test_j48_smallest_branch_is_capped_at_25_instances():
    # 0.1 · 500 / 2 = 25: the pure cut at 21.5 (22 instances left) is refused, J48 cuts at 24
    X, y = read_arff(MARGIN / "min-split.arff")
    model = C45Classifier().fit(X, y)
    weka = (MARGIN / "min-split.J48.txt").read_text()
    lines = wo.tree_lines(weka, "J48")
    assert lines[0] == "x <= 24"
    assert model.tree_.to_text(style="weka").splitlines() == lines


def test_j48_leaves_a_many_valued_attribute_out_of_the_average_gain():
    # 10 values on 28 rows (>= 0.3 · 28): J48 does not count `many` in the average gain
    X, y = read_arff(MARGIN / "multi-valued.arff")
    assert len(X) == 28 and X["many"].cat.categories.size == 10
    model = C45Classifier().fit(X, y)
    weka = (MARGIN / "multi-valued.J48.txt").read_text()
    assert model.tree_.to_text(style="weka").splitlines() == wo.tree_lines(weka, "J48")


def test_reduced_error_pruning_with_unknown_values_prunes_on_ties():
    # a C4.5 tree sends unknown values down every branch, so each candidate tree is scored
    # whole; a node whose leaf makes no more validation errors is pruned (ties included)
    X, y = read_arff(wo.data_path("vote"))
    model = C45Classifier(prune=False).fit(X.iloc[:300], y.iloc[:300])
    X_val, y_val = X.iloc[300:], y.iloc[300:]
    assert model.tree_.missing == "distribute" and X_val.isna().any().any()
    result = reduced_error_prune(model, X_val, y_val)
    steps = result.steps
    assert any(s.errors_after == s.errors_before for s in steps)  # the data has ties
    assert all(s.pruned == (s.errors_after <= s.errors_before) for s in steps)
    # the pruned tree's validation errors, counted by predicting with it
    wrong = int((result.tree.predict(X_val) != y_val.to_numpy()).sum())
    final = steps[-1].errors_after if steps[-1].pruned else steps[-1].errors_before
    assert wrong == final
