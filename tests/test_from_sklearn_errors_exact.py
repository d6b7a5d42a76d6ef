"""from_sklearn's refusals in full, its criterion mapping, names and the SklearnTree wrapper.

Every message names the argument and what is wrong with it; the texts are the spec.
The mapping of scikit-learn's criteria onto dtlearn's follows their definitions:
``log_loss`` is entropy, ``friedman_mse`` and ``squared_error`` grow the same trees (MSE).
"""

import re
import sys
import warnings

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt

pytest.importorskip("sklearn")
from sklearn.ensemble import GradientBoostingRegressor, RandomForestClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

from dtlearn.learners.sklearn_import import SklearnTree

X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 0.0]])
Y = np.array(list("aaab"))
Y_VALUE = np.array([1.0, 1.0, 1.0, 3.0])


@pytest.fixture(scope="module")
def tree():
    return DecisionTreeClassifier(random_state=0).fit(X, Y)


def _raises(error, text, call):
    with pytest.raises(error, match="^" + re.escape(text) + "$"):
        call()


@pytest.mark.parametrize(
    ("sk_criterion", "ours"),
    [
        ("gini", "gini"),
        ("entropy", "entropy"),
        ("log_loss", "entropy"),
        ("squared_error", "mse"),
        ("friedman_mse", "mse"),
        ("absolute_error", "mae"),
    ],
)
def test_criteria_map_onto_dtlearn_s(sk_criterion, ours):
    regression = sk_criterion in ("squared_error", "friedman_mse", "absolute_error")
    make = DecisionTreeRegressor if regression else DecisionTreeClassifier
    y = Y_VALUE if regression else Y
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)  # friedman_mse is deprecated in 1.9
        try:
            sk = make(criterion=sk_criterion, random_state=0).fit(X, y)
        except ValueError:  # removed from scikit-learn 1.11 on: nothing to open
            pytest.skip(f"this scikit-learn has no criterion={sk_criterion!r}")
    model = dt.from_sklearn(sk, X, y)
    assert model.get_params()["criterion"] == ours
    assert model.tree_.criterion == ours
    assert type(model) is (dt.CARTRegressor if regression else dt.CARTClassifier)


def test_poisson_is_refused_by_name():
    sk = DecisionTreeRegressor(criterion="poisson").fit(X, Y_VALUE)
    _raises(
        ValueError,
        "from_sklearn: criterion='poisson' (half Poisson deviance) has no dtlearn "
        "counterpart: dtlearn scores regression splits by squared or absolute error only",
        lambda: dt.from_sklearn(sk, X, Y_VALUE),
    )


def test_estimator_refusals():
    _raises(
        dt.NotFittedError,
        "DecisionTreeClassifier is not fitted yet: call fit(X, y) on it first",
        lambda: dt.from_sklearn(DecisionTreeClassifier(), X, Y),
    )
    _raises(
        TypeError,
        "estimator must be a fitted scikit-learn DecisionTreeClassifier, "
        "DecisionTreeRegressor or a Pipeline ending in one; got StandardScaler",
        lambda: dt.from_sklearn(StandardScaler().fit(X), X, Y),
    )
    _raises(
        TypeError,
        "estimator: the last step of the Pipeline must be a decision tree, got StandardScaler",
        lambda: dt.from_sklearn(make_pipeline(StandardScaler(), StandardScaler()).fit(X), X, Y),
    )
    _raises(
        dt.NotFittedError,
        "the Pipeline's tree (DecisionTreeClassifier) is not fitted yet: call fit(X, y) on "
        "it first",
        lambda: dt.from_sklearn(make_pipeline(StandardScaler(), DecisionTreeClassifier()), X, Y),
    )
    forest = RandomForestClassifier(n_estimators=2, random_state=0).fit(X, Y)
    _raises(
        TypeError,
        "from_sklearn opens one decision tree; a RandomForestClassifier is an ensemble of "
        "them. Open one of its trees: dt.from_sklearn(model.estimators_[0], X, y)",
        lambda: dt.from_sklearn(forest, X, Y),
    )
    boosting = GradientBoostingRegressor(n_estimators=2, random_state=0).fit(X, Y_VALUE)
    _raises(
        TypeError,
        "from_sklearn opens one decision tree, and a GradientBoostingRegressor is many trees "
        "fitted to residuals (gradients), not to y; open one with "
        "dt.from_sklearn(model.estimators_[i, 0], X, residuals) only if you have those "
        "residuals",
        lambda: dt.from_sklearn(boosting, X, Y_VALUE),
    )
    two = DecisionTreeClassifier(random_state=0).fit(X, np.c_[Y, Y])
    _raises(
        ValueError,
        "from_sklearn opens single-output trees; this one predicts 2 targets",
        lambda: dt.from_sklearn(two, X, np.c_[Y, Y]),
    )


@pytest.mark.parametrize(
    ("bad_X", "text"),
    [
        (X[:, :1], "X has 1 features but the tree was fitted on 2"),
        (X[0], "X must be 2-D (rows x features); got 1-D input"),
        (
            np.where(X > 2, np.nan, X),
            "X has missing values; from_sklearn opens trees fitted without them "
            "(scikit-learn's missing-value routing has no dtlearn counterpart)",
        ),
        (np.where(X > 2, np.inf, X), "X holds infinite values"),
        ([["a", "b"]] * 4, "X must be numeric (the matrix the tree was fitted on)"),
    ],
)
def test_X_refusals(tree, bad_X, text):
    _raises(ValueError, text, lambda: dt.from_sklearn(tree, bad_X, Y))


def test_frame_refusals():
    frame = pd.DataFrame(X, columns=["p", "q"])
    sk = DecisionTreeClassifier(random_state=0).fit(frame, Y)
    _raises(
        ValueError,
        "X has columns ['r', 'q'] but the tree was fitted on ['p', 'q']",
        lambda: dt.from_sklearn(sk, frame.rename(columns={"p": "r"}), Y),
    )
    _raises(
        ValueError,
        "X: columns ['p'] are not numeric; scikit-learn trees need numbers (encode them in a "
        "Pipeline step)",
        lambda: dt.from_sklearn(sk, frame.assign(p=list("abcd")), Y),
    )
    # a frame's names, else the tree's feature_names_in_; the target's name, else "class"
    assert dt.from_sklearn(sk, frame, pd.Series(Y, name="lab")).tree_.schema.names == ("p", "q")
    opened = dt.from_sklearn(sk, X, Y)
    assert opened.tree_.schema.names == ("p", "q") and opened.tree_.target_name == "class"
    assert dt.from_sklearn(sk, X, pd.Series(Y, name="lab")).tree_.target_name == "lab"


@pytest.mark.parametrize("names", [["a"], "ab", ["a", "b", "c"]])
def test_feature_names_must_be_one_per_feature(tree, names):
    _raises(
        ValueError,
        "feature_names must be 2 names, one per feature",
        lambda: dt.from_sklearn(tree, X, Y, feature_names=names),
    )


def test_feature_names_must_be_distinct(tree):
    _raises(
        ValueError,
        "feature names must be distinct; pass feature_names=",
        lambda: dt.from_sklearn(tree, X, Y, feature_names=["a", "a"]),
    )
    assert dt.from_sklearn(tree, X, Y, feature_names=("u", 7)).tree_.schema.names == ("u", "7")


def test_y_and_weight_refusals(tree):
    _raises(
        ValueError,
        "y must hold one label per row of X (4); got shape (3,)",
        lambda: dt.from_sklearn(tree, X, Y[:3]),
    )
    _raises(
        ValueError,
        "y holds labels ['a', 'c'] but the tree's classes are ['a', 'b']",
        lambda: dt.from_sklearn(tree, X, np.array(list("aaac"))),
    )
    for weights in ([1, 1, 1], [1, 1, 1, -1], [1, 1, 1, np.nan]):
        _raises(
            ValueError,
            "sample_weight must be 4 finite numbers >= 0, one per row",
            lambda: dt.from_sklearn(tree, X, Y, sample_weight=weights),
        )
    _raises(
        ValueError,
        "X, y do not fit this tree: node 0 holds the same 4 rows in both, but weight 4 in "
        "scikit-learn against 5 here; the tree was grown with other row weights (pass "
        "sample_weight=, the weights of its fit, class weights included)",
        lambda: dt.from_sklearn(tree, X, Y, sample_weight=[1, 1, 1, 2]),
    )
    _raises(
        ValueError,
        "X, y do not fit this tree: the class counts at node 1 ([2.0, 1.0]) differ from "
        "scikit-learn's ([3.0, 0.0]); y must be the labels it was fitted on",
        lambda: dt.from_sklearn(tree, X, np.array(list("aaba"))),
    )


def test_regression_targets_must_be_the_fitted_ones():
    sk = DecisionTreeRegressor(random_state=0).fit(X, Y_VALUE)
    _raises(
        ValueError,
        "X, y do not fit this tree: the mean of y at node 0 is 2.5 but scikit-learn's node "
        "value is 1.5; y must be the targets the tree was fitted on (a gradient-boosting "
        "stage is fitted to the ensemble's pseudo-residuals, not to y or the class labels)",
        lambda: dt.from_sklearn(sk, X, Y_VALUE + 1),
    )


def test_without_sklearn_the_message_says_what_to_install(monkeypatch, tree):
    monkeypatch.setitem(sys.modules, "sklearn", None)
    _raises(
        ImportError,
        "from_sklearn opens scikit-learn trees, so it needs scikit-learn (pip install "
        "scikit-learn); the rest of dtlearn works without it",
        lambda: dt.from_sklearn(tree, X, Y),
    )


def test_sklearn_tree_wrapper():
    assert SklearnTree()._estimator_type == "classifier"
    assert SklearnTree(DecisionTreeRegressor())._estimator_type == "regressor"
    assert repr(SklearnTree()) == "SklearnTree()"
    assert repr(SklearnTree(DecisionTreeRegressor())) == "SklearnTree(DecisionTreeRegressor())"
    _raises(
        ValueError,
        "SklearnTree has no parameter 'foo'; valid parameters: ['estimator']",
        lambda: SklearnTree().set_params(foo=1),
    )
    _raises(
        dt.NotFittedError,
        "This SklearnTree is not fitted yet: call fit(X, y) first",
        lambda: SklearnTree().predict(X),
    )
    _raises(
        TypeError,
        "estimator must be a scikit-learn decision tree, got StandardScaler",
        lambda: SklearnTree(StandardScaler()).fit(X, Y),
    )
    fitted = SklearnTree().fit(X, Y)
    assert fitted.classes_.tolist() == ["a", "b"]
    assert fitted.predict(X).tolist() == list("aaab")
    assert fitted.score(X, Y) == 1.0
    np.testing.assert_array_equal(fitted.predict_proba(X), [[1, 0], [1, 0], [1, 0], [0, 1]])
    regressor = SklearnTree(DecisionTreeRegressor(random_state=0)).fit(X, Y_VALUE)
    assert not hasattr(regressor, "classes_")
    assert regressor.predict(X).tolist() == Y_VALUE.tolist()


def test_a_forest_regressor_s_tree_gets_its_bootstrap_counts_as_weights():
    # each tree of a forest was grown on a bootstrap sample: a row drawn k times weighs k
    from sklearn.ensemble import RandomForestRegressor

    rng = np.random.default_rng(0)
    Xf = rng.normal(size=(40, 3))
    yf = Xf[:, 0] * 2 + rng.normal(size=40)
    forest = RandomForestRegressor(n_estimators=2, max_depth=3, random_state=0).fit(Xf, yf)
    for est in forest.estimators_:
        model = dt.from_sklearn(est, Xf, yf)
        weights = [node.n_samples for node in model.tree_.nodes()]
        order = [node.node_id for node in model.tree_.nodes()]
        assert weights == est.tree_.weighted_n_node_samples[order].tolist()
        np.testing.assert_allclose(model.predict(Xf), est.predict(Xf), rtol=1e-12)


def test_y_as_a_column_and_the_regression_target_refusals(tree):
    column = dt.from_sklearn(tree, X, Y[:, None])  # a column vector is one label per row
    assert column.tree_.to_text() == dt.from_sklearn(tree, X, Y).tree_.to_text()
    _raises(
        ValueError,
        "y must hold one label per row of X (4); got shape (2, 2)",
        lambda: dt.from_sklearn(tree, X, Y.reshape(2, 2)),
    )
    forest = RandomForestClassifier(n_estimators=1, random_state=0).fit(X, Y)
    _raises(
        ValueError,
        "y: labels of mixed types cannot be ordered",
        lambda: dt.from_sklearn(forest.estimators_[0], X, np.array(["a", 1, "a", 1], object)),
    )
    sk = DecisionTreeRegressor(random_state=0).fit(X, Y_VALUE)
    opened = dt.from_sklearn(sk, X, Y_VALUE[:, None])
    assert opened.predict(X).tolist() == sk.predict(X).tolist()
    _raises(
        ValueError,
        "y must be numeric for a regression tree",
        lambda: dt.from_sklearn(sk, X, np.array(["a", "b", "c", "d"])),
    )
    _raises(
        ValueError,
        "y must hold one value per row of X (4); got shape (3,)",
        lambda: dt.from_sklearn(sk, X, Y_VALUE[:3]),
    )
