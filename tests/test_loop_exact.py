"""The growth loop's decisions, refusals and words, at each rule's boundary.

``dtlearn.grow.loop.Grower``: what hand-driven growth refuses and how it says so, why a
scored node closes (scikit-learn's ``min_impurity_decrease``: a split whose weighted
decrease equals the limit is made), the frontier's order (depth first; best first under a
leaf budget, as scikit-learn's ``max_leaf_nodes``), weighted node statistics, the cost
matrix's leaf label, and the oblique, subset and ordinal candidates' reasons.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.grow import GrowthConfig
from dtlearn.grow.loop import ordinal_split

EPS = np.finfo(float).eps
# x = 0..7, classes 0 0 1 1 0 0 1 1 (Gini 1/2 at the root; the best cut, x <= 1.5, leaves
# [2, 0] | [2, 4]: children 6/8 · 4/9 = 1/3, a decrease of 1/6)
X8 = np.arange(8.0).reshape(-1, 1)
Y8 = np.array([0, 0, 1, 1, 0, 0, 1, 1])


def message(call):
    with pytest.raises(ValueError) as err:
        call()
    return str(err.value)


# ------------------------------------------------------------------ hand-driven growth
def test_hand_driven_growth_refuses_with_the_reason():
    grower = dt.ID3Classifier().make_grower(*dt.load_play_tennis())
    assert message(lambda: grower.expand(99)) == "node 99 is not an open leaf; open leaves: [0]"
    assert message(lambda: grower.expand(0, "colour")) == (
        "feature 'colour' is not one of ['outlook', 'temperature', 'humidity', 'windy']"
    )
    assert message(lambda: grower.expand(0, 4)) == "feature index 4 out of range"
    assert message(lambda: grower.expand(0, -1)) == "feature index -1 out of range"
    assert grower.expand(0, 3).chosen.feature_name == "windy"  # the last index is in range
    assert grower.frontier() == [1, 2]
    assert message(lambda: grower.expand(1, "windy")) == (
        "feature 'windy' is not available at node 1 (already used on this path)"
    )
    constant = dt.CARTClassifier().make_grower(pd.DataFrame({"x": [1.0, 1.0, 1.0]}), [0, 1, 0])
    assert message(lambda: constant.expand(0, "x")) == (
        "feature 'x' cannot split node 0: the attribute is constant here"
    )


def test_a_grower_reports_its_state():
    grower = dt.ID3Classifier().make_grower(*dt.load_play_tennis())
    assert not grower.done and grower.n_leaves() == 1 and grower.frontier() == [0]
    assert len(grower.open_leaf(0).rows) == 14
    grower.expand(0)
    assert grower.n_leaves() == 3 and grower.frontier() == [1, 2, 3]
    assert message(lambda: grower.open_leaf(0)) == (
        "node 0 is not an open leaf; open leaves: [1, 2, 3]"
    )
    grower.run()
    assert grower.done and grower.n_leaves() == 5 and grower.frontier() == []


# ------------------------------------------------------------------ why a node closes
def test_a_split_whose_weighted_decrease_meets_the_limit_is_made():
    plain = dt.CARTClassifier().fit(X8, Y8)
    weighted = plain.steps_[0].chosen.scores["weighted_decrease"]
    assert weighted == pytest.approx(1 / 6, abs=1e-15)
    for limit in (weighted, weighted + EPS):  # within a rounding of the limit: made
        assert dt.CARTClassifier(min_impurity_decrease=limit).fit(X8, Y8).tree_.n_leaves > 1
    stopped = dt.CARTClassifier(min_impurity_decrease=0.2).fit(X8, Y8)
    assert stopped.tree_.n_leaves == 1
    assert stopped.steps_[0].reason == (
        "weighted impurity decrease 0.1667 < min_impurity_decrease=0.2"
    )


def test_the_early_reasons_name_their_settings():
    grower = dt.CARTClassifier(
        max_depth=2, min_samples_split=5, min_samples_leaf=3, max_leaf_nodes=7
    ).make_grower(X8, Y8)
    assert grower.early_reasons() == (
        "pure node",
        "max_depth=2 reached",
        "fewer than min_samples_split=5 rows",
        "fewer than 2 × min_samples_leaf=3 rows",
        "max_leaf_nodes=7 reached",
        "no attribute left",
    )


def test_id3_closes_a_node_with_no_attribute_left():
    # the same attribute values with both classes: after outlook, nothing separates them
    X = pd.DataFrame({"outlook": ["sunny", "sunny", "rainy", "rainy"]})
    steps = dt.ID3Classifier().fit(X, ["yes", "no", "yes", "yes"]).steps_
    assert [s.reason for s in steps] == [
        "split on outlook (best by greedy choice)",
        "no attribute left",
        "pure node",
    ]


def test_a_node_no_attribute_can_split_says_so():
    X = pd.DataFrame({"x": [1.0, 1.0, 1.0, 1.0]})
    assert dt.CARTClassifier().fit(X, [0, 1, 0, 1]).steps_[0].reason == (
        "no attribute can split these rows"
    )


def test_max_leaf_nodes_grows_the_best_leaf_first():
    # y separates 0..3 from 4..7 cleanly and then 4 5 | 6 7; 0..3 stay mixed
    y = np.array([0, 1, 0, 1, 2, 2, 3, 3])
    grower = dt.CARTClassifier(max_leaf_nodes=3).make_grower(X8, y)
    grower.expand(grower.frontier()[0])
    left, right = grower.frontier()[0], grower.frontier()[1]
    gains = [
        grower.choose(grower.candidates(n), n).scores["weighted_decrease"] for n in (left, right)
    ]
    assert gains[0] >= gains[1]
    assert sorted(grower.frontier()) == [1, 2]
    tree = grower.run()
    assert tree.n_leaves == 3
    assert "max_leaf_nodes=3 reached" in [s.reason for s in grower.steps]
    depth_first = dt.CARTClassifier().make_grower(X8, y)
    depth_first.expand(0)
    assert depth_first.frontier() == [1, 2]


# ------------------------------------------------------------------ node statistics
def test_weighted_node_counts_weigh_every_row():
    w = np.full(8, 2.0)
    root = dt.CARTClassifier().make_grower(X8, Y8, w).root
    assert root.counts.tolist() == [8.0, 8.0] and root.n_samples == 16.0
    w = np.array([1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.5])
    root = dt.CARTClassifier().make_grower(X8, Y8, w).root
    assert root.counts.tolist() == [4.0, 3.5] and root.value.tolist() == [4 / 7.5, 3.5 / 7.5]
    reg = dt.CARTRegressor().make_grower(X8, np.arange(8.0), np.full(8, 3.0)).root
    assert reg.n_samples == 24.0 and reg.value.tolist() == [3.5]
    assert reg.impurity == pytest.approx(5.25, abs=1e-12)  # (0..7 about 3.5)² / 8


def test_a_leaf_under_a_cost_matrix_predicts_the_class_of_least_expected_cost():
    # the root holds 6 of class 0 and 2 of class 1; a 1 taken for a 0 costs 5:
    # predicting 0 costs 2/8 · 5 = 1.25, predicting 1 costs 6/8 · 1 = 0.75
    X, y = np.zeros((8, 1)), np.array([0] * 6 + [1] * 2)
    cost = [[0.0, 1.0], [5.0, 0.0]]
    grower = dt.CARTClassifier(cost_matrix=cost).make_grower(X, y)
    assert grower.root.label == 1
    assert grower.tree().cost_matrix.tolist() == cost
    assert dt.CARTClassifier().make_grower(X, y).root.label is None


# ------------------------------------------------------------------ candidates' reasons
def test_oblique_candidates_say_why_they_cannot_split():
    X, y = dt.load_play_tennis(numeric=True)
    one = dt.ObliqueTreeClassifier().make_grower(X[["temperature"]], y)
    assert one.candidates(0)[-1].reason == "needs two numeric features and a class target"
    assert one.candidates(0)[-1].feature_name == "linear combination"
    same = pd.DataFrame({"a": [1.0, 1.0, 2.0, 2.0], "b": [1.0, 1.0, 2.0, 2.0]})
    grower = dt.ObliqueTreeClassifier().make_grower(same, [0, 1, 0, 1])
    assert grower.candidates(0)[-1].reason == (
        "the classes have the same mean: no oblique direction"
    )
    pure = dt.ObliqueTreeClassifier().make_grower(same, [1, 1, 1, 1])
    assert pure.candidates(0)[-1].reason == "one class only here"


def test_subset_candidates_say_why_they_cannot_split():
    one = pd.DataFrame({"c": ["r", "r", "r", "r"], "d": ["a", "b", "a", "b"]})
    grower = dt.CARTClassifier().make_grower(one, [0, 0, 1, 1])
    assert grower.candidates(0)[0].reason == "only one category occurs at this node"
    X = pd.DataFrame({"c": ["r", "r", "r", "b", "g", "g"]})
    grower = dt.CARTClassifier(min_samples_leaf=4).make_grower(X, [0, 0, 1, 1, 0, 1])
    assert grower.candidates(0)[0].reason == ("no partition leaves min_samples_leaf=4 rows a side")
    reg = dt.CARTRegressor(min_samples_leaf=4).make_grower(X, np.arange(6.0))
    assert reg.candidates(0)[0].reason == "no partition leaves min_samples_leaf=4 rows a side"


def test_a_regression_subset_split_cuts_the_categories_by_mean():
    # means: r 1, b 10, g 2: the best partition puts b alone
    X = pd.DataFrame({"c": ["r", "r", "b", "b", "g", "g"]})
    y = np.array([1.0, 1.0, 10.0, 10.0, 2.0, 2.0])
    c = dt.CARTRegressor().make_grower(X, y).candidates(0)[0]
    assert c.admissible and c.scores["n_cuts"] == 2
    left, right = c.split.left, c.split.right
    cats = list(dt.CARTRegressor().make_grower(X, y).schema.categories[0])
    assert {cats[i] for i in right} == {"b"} and {cats[i] for i in left} == {"g", "r"}
    # r, g (mean 1.5, spread 0.25) | b (pure): 11.5... node variance 4/6·... by hand:
    mean = y.mean()
    node = ((y - mean) ** 2).mean()
    assert c.scores["impurity_decrease"] == pytest.approx(node - 4 / 6 * 0.25, abs=1e-12)


def test_an_ordinal_split_keeps_the_last_present_code_on_the_left():
    column = np.array([0.0, 2.0, 5.0, np.nan, 2.0])
    assert ordinal_split(1, column, 1.0).threshold == 0.0
    assert ordinal_split(1, column, 2.0).threshold == 2.0  # a code at the cut goes left
    assert ordinal_split(1, column, 4.5).threshold == 2.0
    assert ordinal_split(1, column, 4.5).feature == 1


def test_partition_routes_rows_and_weights_together():
    w = np.linspace(1.0, 2.0, 8)
    grower = dt.CARTClassifier().make_grower(X8, Y8, w)
    parts = grower.partition(grower.open_leaf(0), dt.splits.ThresholdSplit(0, 2.5))
    assert [rows.tolist() for rows, _ in parts] == [[0, 1, 2], [3, 4, 5, 6, 7]]
    assert [weights.tolist() for _, weights in parts] == [w[:3].tolist(), w[3:].tolist()]


def test_an_oblique_split_finds_the_separating_line():
    # y = 1 where a + b > 3; a + b takes 0 2 2 4 2 4 4 6: by symmetry the direction is
    # a + b, scaled so its largest weight is 1, cut halfway between 2 and 4
    X = pd.DataFrame({"a": [0.0, 1, 2, 3, 0, 1, 2, 3], "b": [0.0, 1, 0, 1, 2, 3, 2, 3]})
    y = (X.a + X.b > 3).astype(int).tolist()
    step = dt.ObliqueTreeClassifier().fit(X, y).steps_[0]
    assert [c.feature_name for c in step.candidates] == ["a", "b", "linear combination"]
    chosen = step.chosen
    assert chosen.feature_name == "linear combination"
    assert chosen.split.columns == (0, 1)
    assert chosen.split.weights == (-1.0, -1.0) and chosen.split.bias == 3.0
    assert chosen.conditions == ("-1·a - 1·b + 3 <= 0", "-1·a - 1·b + 3 > 0")
    assert chosen.child_counts.tolist() == [[0.0, 4.0], [4.0, 0.0]]


def test_an_ordinal_attribute_is_cut_over_its_declared_order():
    size = pd.Categorical(["S", "L", "L", "S", "L"], categories=["S", "M", "L"], ordered=True)
    grower = dt.CARTClassifier().make_grower(pd.DataFrame({"size": size}), [0, 1, 1, 0, 1])
    c = grower.candidates(0)[0]
    # codes 0 and 2 present: the cut halfway (1.0) keeps the last present code, S, left
    assert c.split == dt.splits.ThresholdSplit(0, 0.0)
    assert c.conditions == ("size <= S", "size > S") and c.scores["n_cuts"] == 1
    assert c.child_counts.tolist() == [[2.0, 0.0], [0.0, 3.0]]


def test_a_multiway_regression_candidate_by_hand():
    from dtlearn.data import encode, infer_schema
    from dtlearn.grow import Grower, GrowthConfig

    X = pd.DataFrame({"c": ["r", "r", "b", "b", "g", "g"]})
    y = np.array([1.0, 3.0, 10.0, 10.0, 2.0, 2.0])
    schema = infer_schema(X)
    c = Grower(encode(X, schema), y, schema, GrowthConfig("mse")).candidates(0)[0]
    assert c.conditions == ("c = r", "c = b", "c = g")
    # r: mean 2, variance 1; b and g pure; the node: 218/6 - (28/6)² = 14.556
    assert c.child_counts.tolist() == [[2.0, 2.0, 1.0], [2.0, 10.0, 0.0], [2.0, 2.0, 0.0]]
    assert c.scores["child_impurity"] == pytest.approx(1 / 3, abs=1e-15)
    node = 218 / 6 - (28 / 6) ** 2
    assert c.scores["impurity_decrease"] == pytest.approx(node - 1 / 3, abs=1e-12)
    assert "n_cuts" not in c.scores


@pytest.mark.parametrize("scanner", ["fast", "reference"])
def test_a_constant_column_and_one_with_no_cut_for_the_leaf_say_which_they_are(scanner):
    # c is constant; b's only cut (5 rows | 1) leaves fewer than 3 rows a side
    X = pd.DataFrame({"c": [1.0] * 6, "b": [0, 0, 0, 0, 0, 1.0]})
    grower = dt.CARTClassifier(min_samples_leaf=3).make_grower(X, np.array([0, 1] * 3))
    config = GrowthConfig(criterion="gini", min_samples_leaf=3, scanner=scanner)
    object.__setattr__(grower, "config", config)
    reasons = [(c.feature_name, c.reason) for c in grower.candidates(grower.root.node_id)]
    assert reasons == [
        ("c", "the attribute is constant here"),
        ("b", "no threshold leaves min_samples_leaf=3 rows a side"),
    ]
