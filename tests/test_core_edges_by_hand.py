"""Core helpers at their edges, each against a hand computation or the rule they copy.

Weka's ``Utils``/``Distribution`` (``maxClass``: first class beating the best by more than
``1e-6``, 0 for no weight; ``smOrEq``: ``a - b < 1e-6``), scikit-learn's 32-bit thresholds,
the definition of the Kullback-Leibler divergence, ARFF's quoting, and counts by hand.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.consistent import consistent_tree_sizes, consistent_trees
from dtlearn.datasets import readers
from dtlearn.datasets.arffio import read_arff
from dtlearn.learners.sklearn_import import float32_boundary
from dtlearn.pruning.tree_access import validation_arrays
from dtlearn.splits import ThresholdSplit
from dtlearn.tree import Node
from dtlearn.weka_arithmetic import max_class, num_incorrect


# ------------------------------------------------------------------ measures
def test_kl_divergence_ignores_classes_p_does_not_have_and_normalises_both():
    assert float(dt.kl_divergence([0.5, 0.5, 0.0], [0.5, 0.5, 0.0])) == 0.0  # 0 log 0 = 0
    assert float(dt.kl_divergence([1, 1], [2, 2])) == 0.0  # counts: the same proportions
    # p = (1/4, 3/4), q = (1/2, 1/2): 1/4 log2(1/2) + 3/4 log2(3/2)
    expected = 0.25 * np.log2(0.5) + 0.75 * np.log2(1.5)
    assert float(dt.kl_divergence([1, 3], [5, 5])) == pytest.approx(expected, abs=1e-12)
    with pytest.raises(ValueError, match=r"q\[1\] is 0 where p\[1\] > 0"):
        dt.kl_divergence([1, 1], [1, 0])


def test_mse_lists_eight_values_and_shortens_nine():
    eight = dt.mse([1, 2, 3, 4, 5, 6, 7, 8]).explain().lines[0].text
    assert "(1 + 2 + 3 + 4 + 5 + 6 + 7 + 8)/8" in eight
    nine = dt.mse([1, 2, 3, 4, 5, 6, 7, 8, 9]).explain().lines[0].text
    assert "(1 + 2 + 3 + 4 + 5 + 6 + ... + 9)/9" in nine


def test_entropy_refuses_base_one_by_name():
    for bad in (1, 1.0, 0, -2):
        with pytest.raises(ValueError, match="base must be positive and not 1"):
            dt.entropy(["a", "b"], base=bad)


# ------------------------------------------------------------------ Weka's arithmetic
def test_max_class_is_the_first_beating_the_best_by_more_than_small():
    assert max_class(np.zeros(3)) == 0  # no weight: the first class
    assert max_class(np.array([1.0, 1.0 + 5e-7])) == 0  # a tie up to 1e-6
    assert max_class(np.array([1.0, 1.0 + 2e-6])) == 1
    assert num_incorrect(np.array([2.0, 2.0 + 5e-7, 1.0])) == pytest.approx(3.0 + 5e-7)


# ------------------------------------------------------------------ splits and trees
def test_j48s_tolerance_sends_values_less_than_1e6_above_the_cut_left():
    split = ThresholdSplit(0, 5.0, tolerance=1e-6)
    X = np.array([[5.0], [5.0 + 5e-7], [5.0 + 1.5e-6], [6.0], [np.nan]])
    assert split.route(X).tolist()[:4] == [0, 0, 1, 1]
    assert ThresholdSplit(0, 5.0).route(X).tolist()[:4] == [0, 1, 1, 1]


def test_child_weights_always_sum_to_one():
    def node(n, children=()):
        out = Node(0, 0, float(n), 0.0, np.array([0.5, 0.5]), np.array([n / 2, n / 2]))
        out.children = list(children)
        return out

    np.testing.assert_allclose(node(4, [node(1), node(3)]).child_weights(), [0.25, 0.75])
    np.testing.assert_allclose(node(0, [node(0), node(0)]).child_weights(), [0.5, 0.5])


def test_a_missing_value_is_spread_over_the_branches_by_their_training_weight():
    X, y = dt.load_play_tennis()
    model = dt.C45Classifier(prune=False).fit(X, y)
    root = model.tree_.root
    hole = X.iloc[[0]].copy()
    hole["outlook"] = None  # the root tests outlook: every branch, by its share of rows
    shares = np.array([c.n_samples for c in root.children]) / root.n_samples
    leaves = [model.predict_proba(X.iloc[[i]].assign(outlook=v))[0] for i, v in _each(root, X)]
    np.testing.assert_allclose(model.predict_proba(hole)[0], shares @ np.array(leaves))
    assert shares.tolist() == [5 / 14, 4 / 14, 5 / 14]


def _each(root, X):
    """One row per outlook branch: row 0 with outlook set to the branch's value."""
    names = list(X["outlook"].cat.categories) if hasattr(X["outlook"], "cat") else None
    values = names or ["sunny", "overcast", "rainy"]
    return [(0, v) for v in values[: len(root.children)]]


def test_a_missing_value_stops_at_the_node_under_the_majority_strategy():
    X, y = dt.load_play_tennis()
    tree = dt.ID3Classifier().fit(X, y).tree_
    assert tree.missing == "majority"
    hole = X.iloc[[0]].copy()  # sunny, then humidity: humidity missing stops at node sunny
    hole["humidity"] = None
    tree.refuses_missing = False
    sunny = tree.root.children[0]
    np.testing.assert_allclose(tree.predict_values(hole)[0], [2 / 5, 3 / 5])
    np.testing.assert_allclose(sunny.value, [2 / 5, 3 / 5])


# ------------------------------------------------------------------ data
def test_a_categorical_target_keeps_every_declared_class_in_order():
    X, y = dt.load_play_tennis()
    y3 = pd.Series(pd.Categorical(y, categories=["maybe", "yes", "no"]), name="play")
    model = dt.ID3Classifier().fit(X, y3)
    assert list(model.classes_) == ["maybe", "yes", "no"]
    assert model.predict_proba(X).shape == (14, 3) and (model.predict_proba(X)[:, 0] == 0).all()


def test_a_bad_line_is_named_by_its_number_in_the_file(monkeypatch):
    monkeypatch.setattr(readers, "data_text", lambda name: "a,b\n\na,b,c\n")
    with pytest.raises(ValueError, match=r"f\.data, line 3: 3 values, expected 2"):
        readers.read_table("f.data", {"x": ("a",), "y": ("b",)}, target="y")


def test_a_percent_sign_inside_a_quoted_value_with_an_escaped_quote_is_data():
    text = (
        "@relation r\n@attribute name {'it\\'s % here', other}\n@attribute class {yes, no}\n"
        "@data\n'it\\'s % here',yes % a comment\nother,no\n"
    )
    X, y = read_arff(text)
    assert X["name"].tolist() == ["it's % here", "other"] and y.tolist() == ["yes", "no"]


# ------------------------------------------------------------------ consistent trees
def test_consistent_trees_of_a_tiny_table_counted_by_hand():
    # a separates the classes; b splits nothing useful alone but b then a does
    X = pd.DataFrame({"a": ["0", "0", "1", "1"], "b": ["0", "1", "0", "1"]})
    y = ["n", "n", "y", "y"]
    # a alone: 2 leaves. b then a under both branches: 2 · 2 = 4 leaves.
    assert consistent_tree_sizes(X, y) == {2: 1, 4: 1}
    trees = list(consistent_trees(X, y))
    assert ("a", {"0": "n", "1": "y"}) in trees and len(trees) == 2
    constant = pd.DataFrame({"a": ["0", "0"], "b": ["0", "1"]})  # a never splits: b only
    assert consistent_tree_sizes(constant, ["n", "y"]) == {2: 1}
    # split_pure: a pure node may also split; a's leaves could split on b
    assert consistent_tree_sizes(X, y, split_pure=True)[4] > 1


# ------------------------------------------------------------------ imports and pruning inputs
def test_a_float32_threshold_routes_every_64_bit_number_as_scikit_learn():
    for threshold in (2.5, 2.450000047683716, 0.0, -1.25, 1e-30):
        t = float32_boundary(threshold)
        f = np.float32(threshold)
        near = [float(f), float(np.nextafter(f, np.float32(np.inf))), t, np.nextafter(t, np.inf)]
        near += [np.nextafter(t, -np.inf), float(np.nextafter(f, np.float32(-np.inf)))]
        for x in near:
            assert (x <= t) == (float(np.float32(x)) <= threshold), (threshold, x)


def test_validation_data_errors_name_the_arguments():
    tree = dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_
    with pytest.raises(ValueError, match="X_val and y_val are needed"):
        validation_arrays(tree, None, None)
    with pytest.raises(ValueError, match="X_test and y_test are needed"):
        validation_arrays(tree, None, None, "X_test", "y_test")


def test_cost_complexity_refuses_a_nan_alpha():
    from dtlearn.pruning.cost_complexity import cost_complexity_prune

    tree = dt.CARTClassifier().fit(*dt.load_play_tennis(numeric=True)).tree_
    with pytest.raises(ValueError, match="alpha must be >= 0, got nan"):
        cost_complexity_prune(tree, float("nan"))


def test_from_sklearn_leaves_out_rows_of_weight_zero_and_names_bad_weights():
    tree_module = pytest.importorskip("sklearn.tree")
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 2))
    y = np.where(X[:, 0] > 0, "p", "n")
    w = np.ones(30)
    w[:6] = 0.0  # scikit-learn drops these rows: 24 at the root
    sk = tree_module.DecisionTreeClassifier(random_state=0).fit(X, y, sample_weight=w)
    tree = dt.from_sklearn(sk, X, y, sample_weight=w).tree_
    sizes = [n.n_samples for n in tree.nodes()]
    assert sizes[0] == 24.0 and sorted(sizes) == sorted(sk.tree_.weighted_n_node_samples)
    with pytest.raises(ValueError, match="sample_weight must be 30 finite numbers >= 0"):
        dt.from_sklearn(sk, X, y, sample_weight=-w)
