"""Learners at their edges: default parameters, unused classes and values, bounds, zero sums.

Each expectation is independent of dtlearn's code: scikit-learn's own defaults and
``r2_score``, Weka's ``J48``/``OneR`` conventions (``-C 0.25 -M 2``, an empty bucket
predicts the first class), or a count done by hand in the comment beside it.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt

sklearn = pytest.importorskip("sklearn")
from sklearn.metrics import r2_score  # noqa: E402
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor  # noqa: E402


# ------------------------------------------------------------------ default parameters
@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        (dt.CARTClassifier, DecisionTreeClassifier),
        (dt.CARTRegressor, DecisionTreeRegressor),
        (dt.ObliqueTreeClassifier, DecisionTreeClassifier),
    ],
)
def test_cart_defaults_are_scikit_learns(ours, theirs):
    mine, sk = ours().get_params(), theirs().get_params()
    shared = {"max_depth", "min_samples_split", "min_samples_leaf", "min_impurity_decrease"}
    shared |= {"max_leaf_nodes", "ccp_alpha"}
    for key in sorted(shared & mine.keys()):
        assert mine[key] == sk[key], key
    assert {"max_depth", "min_samples_split", "min_samples_leaf"} <= mine.keys()


def test_id3_and_c45_defaults_are_wekas():
    # Weka's Id3 stops at zero gain; J48's defaults are -C 0.25 -M 2, pruned, raising on
    id3 = dt.ID3Classifier().get_params()
    assert id3["stop_at_zero_gain"] is True and id3["criterion"] == "entropy"
    assert (id3["max_depth"], id3["min_samples_split"], id3["min_samples_leaf"]) == (None, 2, 1)
    c45 = dt.C45Classifier().get_params()
    assert (c45["confidence"], c45["min_samples_leaf"]) == (0.25, 2)
    assert c45["prune"] is True and c45["subtree_raising"] is True and c45["max_depth"] is None


def test_max_leaf_nodes_below_two_is_refused_as_in_scikit_learn():
    X, y = dt.load_play_tennis(numeric=True)
    with pytest.raises(ValueError, match="max_leaf_nodes"):
        dt.CARTClassifier(max_leaf_nodes=1).fit(X, y)
    assert dt.CARTClassifier(max_leaf_nodes=2).fit(X, y).tree_.n_leaves == 2


def test_c45_confidence_half_is_allowed_and_above_it_is_named():
    X, y = dt.load_play_tennis()
    dt.C45Classifier(confidence=0.5).fit(X, y)  # the bound itself is allowed: (0, 0.5]
    for bad in (0.5000001, 0.0):
        with pytest.raises(ValueError, match="confidence"):
            dt.C45Classifier(confidence=bad).fit(X, y)


# ------------------------------------------------------------------ unused classes, values
def _unused():
    X = pd.DataFrame({"a": pd.Categorical(["x", "x", "y", "y", "y"], categories=["x", "y", "z"])})
    y = pd.Series(pd.Categorical(list("BBAAB"), categories=["A", "B", "C"]), name="c")
    return X, y


def test_zero_r_keeps_a_declared_class_no_row_has():
    X, y = _unused()  # A 2, B 3, C 0
    model = dt.ZeroR().fit(X, y)
    assert list(model.classes_) == ["A", "B", "C"]
    np.testing.assert_allclose(model.predict_proba(X[:2]), [[0.4, 0.6, 0.0]] * 2)
    assert model.predict(X[:1]).tolist() == ["B"]


def test_one_r_empty_bucket_predicts_the_first_class_and_makes_no_error():
    X, y = _unused()
    # x: B 2 -> B; y: A 2, B 1 -> A (1 wrong); z: no row -> Weka's first class, A
    model = dt.OneR().fit(X, y)
    assert model.errors_ == {"a": 1.0}
    assert model.rule_text().splitlines() == ["a:", "\tx\t-> B", "\ty\t-> A", "\tz\t-> A"]
    empty = model.tree_.root.children[2]
    assert (empty.n_samples, empty.impurity) == (0.0, 0.0)
    new = pd.DataFrame({"a": pd.Categorical(["z"], categories=["x", "y", "z"])})
    np.testing.assert_allclose(model.predict_proba(new), [[1.0, 0.0, 0.0]])


# ------------------------------------------------------------------ scores and weights
def test_regressor_score_on_a_constant_target_is_scikit_learns_r2():
    X = np.arange(6.0).reshape(-1, 1)
    model = dt.CARTRegressor().fit(X, np.full(6, 3.0))
    assert model.score(X, np.full(6, 3.0)) == r2_score(np.full(6, 3.0), model.predict(X)) == 1.0
    other = np.full(6, 4.0)  # constant, but not what is predicted: 0 (scikit-learn's choice)
    assert model.score(X, other) == r2_score(other, model.predict(X)) == 0.0


def test_weighted_accuracy_counts_each_row_by_its_weight():
    X, y = dt.load_play_tennis()
    model = dt.ZeroR().fit(X, y)  # predicts "yes": right on 9 rows, wrong on 5
    w = np.where(y == "no", 2.0, 1.0)
    assert model.score(X, y, sample_weight=w) == pytest.approx(9 / (9 + 2 * 5))


def test_all_zero_sample_weights_are_refused_by_name():
    X, y = dt.load_play_tennis()
    for learner in (dt.ZeroR(), dt.ID3Classifier(), dt.CARTClassifier()):
        with pytest.raises(ValueError, match="sample_weight"):
            learner.fit(X, y, sample_weight=np.zeros(len(y)))


def test_a_single_leaf_has_no_feature_importance_as_in_scikit_learn():
    X = np.arange(8.0).reshape(-1, 2)
    y = ["a"] * 4
    sk = DecisionTreeClassifier().fit(X, y).feature_importances_
    np.testing.assert_array_equal(dt.CARTClassifier().fit(X, y).feature_importances_, sk)
    np.testing.assert_array_equal(sk, [0.0, 0.0])


def test_oblique_importances_share_the_decrease_by_absolute_weight():
    rng = np.random.default_rng(3)
    X = rng.uniform(size=(120, 2))
    y = np.where(X[:, 0] - X[:, 1] > 0, "above", "below")  # weights of opposite signs
    model = dt.ObliqueTreeClassifier(max_depth=1).fit(X, y)
    split = model.tree_.root.split
    assert split.kind == "oblique"
    w = np.abs(np.asarray(split.weights, dtype=float))
    np.testing.assert_allclose(model.feature_importances_, w / w.sum())
    assert (model.feature_importances_ >= 0).all()


# ------------------------------------------------------------------ gain ratio in CART
def test_cart_gain_ratio_keeps_two_rows_in_every_branch_and_more_when_asked():
    rng = np.random.default_rng(7)
    X = rng.normal(size=(60, 3))
    y = np.where(X[:, 0] + 0.3 * rng.normal(size=60) > 0, "p", "n")
    for leaf, least in ((1, 2), (3, 3)):
        model = dt.CARTClassifier(criterion="gain_ratio", min_samples_leaf=leaf).fit(X, y)
        sizes = [n.n_samples for n in model.tree_.nodes() if n.is_leaf]
        assert min(sizes) >= least
    plain = dt.CARTClassifier(criterion="entropy").fit(X, y)  # the bound is not vacuous
    assert min(n.n_samples for n in plain.tree_.nodes() if n.is_leaf) == 1


def test_a_regression_tree_names_its_target_target_unless_told():
    X = np.arange(4.0).reshape(-1, 1)
    assert dt.CARTRegressor().fit(X, [1.0, 1.0, 2.0, 2.0]).tree_.target_name == "target"
    named = pd.Series([1.0, 1.0, 2.0, 2.0], name="price")
    assert dt.CARTRegressor().fit(X, named).tree_.target_name == "price"
    assert dt.CARTClassifier().fit(X, ["a", "a", "b", "b"]).tree_.target_name == "class"


def test_a_cost_matrix_with_any_cost_on_its_diagonal_is_refused():
    X, y = dt.load_play_tennis(numeric=True)
    for bad in ([[0, 1], [1, 1]], [[2, 1], [1, 0]]):  # one right prediction costs something
        with pytest.raises(ValueError, match="cost_matrix must have a zero diagonal"):
            dt.CARTClassifier(cost_matrix=bad).fit(X, y)
    dt.CARTClassifier(cost_matrix=[[0, 1], [5, 0]]).fit(X, y)
