"""from_sklearn's leaf reasons, whole texts, each tried on both sides of its boundary.

The data sets are a few rows each, so every number in a reason is worked out here by
hand: Gini of 3 ``a`` and 1 ``b`` is ``1 - (3/4)² - (1/4)² = 0.375`` and the pure split
``x0 <= 2.5`` removes all of it, so its weighted decrease (and the cost-complexity alpha
of that split, ``(0.375 - 0) / (2 - 1)``) is 0.375. scikit-learn's own stopping rules
decide which side of each boundary splits: the reasons must name the rule that stopped it.
"""

import numpy as np
import pytest

import dtlearn as dt

pytest.importorskip("sklearn")
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer
from sklearn.tree import DecisionTreeClassifier

THREE_ONE_X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 0.0]])
THREE_ONE_Y = np.array(list("aaab"))


def _reasons(X, y, **params):
    sk = DecisionTreeClassifier(random_state=0, **params).fit(X, y)
    model = dt.from_sklearn(sk, X, y)
    return [(s.node_id, s.stop_reason) for s in model.steps_]


def test_twice_min_samples_leaf_rows_are_not_fewer_than_twice_min_samples_leaf():
    # a constant column: no cut at all; 12 rows = 2 × 6 is not "fewer than" 2 × 6
    X, y = np.zeros((12, 1)), np.array(["a"] * 6 + ["b"] * 6)
    assert _reasons(X, y, min_samples_leaf=6) == [(0, "no attribute can split these rows")]
    assert _reasons(X, y, min_samples_leaf=7) == [(0, "fewer than 2 × min_samples_leaf=7 rows")]


def test_min_samples_split_rows_may_split_one_more_may_not():
    X, y = np.arange(12.0).reshape(-1, 1), np.array(["a"] * 6 + ["b"] * 6)
    assert _reasons(X, y, min_samples_split=12) == [
        (0, None),
        (1, "pure node"),
        (2, "pure node"),
    ]
    assert _reasons(X, y, min_samples_split=13) == [(0, "fewer than min_samples_split=13 rows")]


def test_max_depth_is_reached_at_its_depth_not_above():
    X, y = np.arange(12.0).reshape(-1, 1), np.array(list("aabbaabbaabb"))
    sk = DecisionTreeClassifier(max_depth=1, random_state=0).fit(X, y)
    steps = dt.from_sklearn(sk, X, y).steps_
    assert [(s.depth, s.stop_reason) for s in steps] == [
        (0, None),
        (1, "pure node"),  # x0 <= 1.5: a, a
        (1, "max_depth=1 reached"),
    ]


def test_weighted_decrease_below_min_impurity_decrease_names_both_numbers():
    X, y = THREE_ONE_X[:, :1], THREE_ONE_Y
    # at the boundary scikit-learn still splits (it stops only on decrease < the limit)
    assert _reasons(X, y, min_impurity_decrease=0.375) == [
        (0, None),
        (1, "pure node"),
        (2, "pure node"),
    ]
    assert _reasons(X, y, min_impurity_decrease=0.4) == [
        (0, "weighted impurity decrease 0.375 < min_impurity_decrease=0.4")
    ]


def test_cost_complexity_pruning_is_named_with_its_alpha():
    X, y = THREE_ONE_X[:, :1], THREE_ONE_Y
    pruned = "cost-complexity pruning (ccp_alpha={}) removed the subtree scikit-learn grew here"
    # alpha_eff = 0.375: scikit-learn prunes at alpha >= alpha_eff
    assert _reasons(X, y, ccp_alpha=0.375) == [(0, pruned.format("0.375"))]
    assert _reasons(X, y, ccp_alpha=0.37) == [(0, None), (1, "pure node"), (2, "pure node")]


def test_weight_below_twice_min_weight_fraction_leaf():
    X, y = np.arange(12.0).reshape(-1, 1), np.array(list("aaabbbaabbba"))
    text = "weight below 2 × min_weight_fraction_leaf={} of the total"
    # 0.3 of 12 rows: a node needs weight 7.2 to split; the root's children have 4 and 8
    assert _reasons(X, y, min_weight_fraction_leaf=0.3) == [
        (0, None),
        (1, text.format(0.3)),
        (2, None),
        (3, text.format(0.3)),
        (4, text.format(0.3)),
    ]


def test_max_leaf_nodes_reason_whole_text():
    X, y = np.arange(12.0).reshape(-1, 1), np.array(list("aaabbbaabbba"))
    assert _reasons(X, y, max_leaf_nodes=3) == [
        (0, None),
        (1, "pure node"),
        (2, None),
        (3, "pure node"),
        (
            4,
            "max_leaf_nodes=3 reached (scikit-learn grows best-first: it split the "
            "leaves of larger weighted decrease first)",
        ),
    ]


def test_a_leaf_dtlearn_could_split_names_the_split():
    # max_features=1 and random_state=2 draw x0, whose only cut leaves one row alone
    # (min_samples_leaf=2): scikit-learn stops; dtlearn's scan finds x1 <= 0.5
    X = np.array([[0.0, 0], [0, 0], [0, 1], [1, 1], [0, 1], [0, 0]])
    y = np.array(list("aaabbb"))
    sk = DecisionTreeClassifier(max_features=1, min_samples_leaf=2, random_state=2).fit(X, y)
    steps = dt.from_sklearn(sk, X, y).steps_
    assert [s.stop_reason for s in steps] == [
        "scikit-learn made this node a leaf, though x1 <= 0.5 can still split it"
    ]


def test_a_pipeline_step_without_output_names_gives_x0_x1():
    # FunctionTransformer() has no get_feature_names_out: names fall back to x0, x1
    X, y = THREE_ONE_X, THREE_ONE_Y
    pipe = make_pipeline(FunctionTransformer(), DecisionTreeClassifier(random_state=0))
    model = dt.from_sklearn(pipe.fit(X, y), X, y)
    assert model.tree_.schema.names == ("x0", "x1")
    assert [s.condition for s in model.steps_] == [None, "x0 <= 2.5", "x0 > 2.5"]


def test_a_leaf_without_candidates_refuses_to_explain_and_a_split_explains_its_own():
    X, y = THREE_ONE_X[:, :1], THREE_ONE_Y
    root, left, right = dt.from_sklearn(DecisionTreeClassifier().fit(X, y), X, y).steps_
    assert (left.stop_reason, left.candidates) == ("pure node", ())
    with pytest.raises(ValueError) as info:
        left.explain()
    assert str(info.value) == "node 1 is a leaf (pure node): no attribute was scored here"
    # the split's explanation is its candidate table's, of scikit-learn's split by default
    assert root.chosen.conditions == ("x0 <= 2.5", "x0 > 2.5")
    assert str(root.explain()) == str(root.table().explain("x0"))
    assert str(root.explain()) == str(root.explain("x0"))
