"""Learners inside scikit-learn's tools: labels keep their type, metrics and meta-estimators work."""

import numpy as np
import pandas as pd
import pytest

sklearn = pytest.importorskip("sklearn")

from sklearn.base import clone  # noqa: E402
from sklearn.datasets import load_breast_cancer, load_iris, load_wine  # noqa: E402
from sklearn.ensemble import (  # noqa: E402
    BaggingClassifier,
    StackingClassifier,
    VotingClassifier,
)
from sklearn.exceptions import NotFittedError as SklearnNotFitted  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import accuracy_score, f1_score  # noqa: E402
from sklearn.model_selection import GridSearchCV, cross_val_score  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor  # noqa: E402

import dtlearn as dt  # noqa: E402
from dtlearn.learners.c45 import C45Classifier  # noqa: E402

CLASSIFIERS = [
    dt.ZeroR,
    dt.OneR,
    dt.ID3Classifier,
    C45Classifier,
    dt.CARTClassifier,
    dt.ObliqueTreeClassifier,
]


def _cancer(kind):
    X, y = load_breast_cancer(return_X_y=True)
    X, y = X[::3], y[::3]  # 190 rows: quick, still both classes
    if kind == "int":
        return X, y
    if kind == "str":
        return X, np.array(["malignant", "benign"])[y]
    if kind == "bool":
        return X, y.astype(bool)
    if kind == "category":
        return X, pd.Series(pd.Categorical(np.array(["m", "b"])[y], categories=["m", "b"]))
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["int", "str", "bool"])
@pytest.mark.parametrize("learner", CLASSIFIERS, ids=lambda c: c.__name__)
def test_predictions_keep_the_labels_dtype(learner, kind):
    X, y = _cancer(kind)
    model = learner().fit(X, y)
    predicted = model.predict(X)
    assert predicted.dtype.kind == np.asarray(y).dtype.kind == model.classes_.dtype.kind
    assert set(np.unique(predicted)) <= set(np.unique(y))
    # scikit-learn's metrics accept them (object arrays made them "unknown" targets)
    assert accuracy_score(y, predicted) == pytest.approx(model.score(X, y))


def test_categorical_labels_give_their_categories():
    X, y = _cancer("category")
    model = dt.CARTClassifier(max_depth=2).fit(X, y)
    assert model.classes_.tolist() == ["m", "b"]  # the Categorical's order, not sorted
    assert set(model.predict(X)) <= {"m", "b"}


def test_int_labels_match_sklearn_tree_exactly():
    X, y = _cancer("int")
    ours = dt.CARTClassifier(max_depth=3).fit(X, y)
    theirs = DecisionTreeClassifier(max_depth=3, random_state=0).fit(X, y)
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))
    assert ours.predict(X).dtype == theirs.predict(X).dtype
    np.testing.assert_array_equal(ours.classes_, theirs.classes_)


@pytest.mark.parametrize(
    "scoring", ["accuracy", "f1_macro", "balanced_accuracy", "roc_auc", "neg_log_loss"]
)
@pytest.mark.parametrize("kind", ["int", "str"])
def test_cross_val_score_with_any_scoring(scoring, kind):
    X, y = _cancer(kind)
    scores = cross_val_score(
        dt.CARTClassifier(max_depth=3), X, y, cv=3, scoring=scoring, error_score="raise"
    )
    assert np.isfinite(scores).all()


@pytest.mark.parametrize("voting", ["hard", "soft"])
@pytest.mark.parametrize("kind", ["int", "str", "bool"])
def test_voting_classifier(voting, kind):
    X, y = _cancer(kind)
    vote = VotingClassifier(
        [
            ("cart", dt.CARTClassifier(max_depth=3)),
            ("c45", C45Classifier()),
            ("id3", dt.ID3Classifier(max_depth=2)),
        ],
        voting=voting,
    ).fit(X, y)
    assert accuracy_score(y, vote.predict(X)) > 0.9


@pytest.mark.parametrize("kind", ["int", "str"])
def test_stacking_bagging_pipeline_grid_search(kind):
    X, y = _cancer(kind)
    stack = StackingClassifier(
        [
            ("cart", dt.CARTClassifier(max_depth=2)),
            ("oblique", dt.ObliqueTreeClassifier(max_depth=2)),
        ],
        final_estimator=LogisticRegression(max_iter=1000),
        cv=3,
    )
    assert stack.fit(X, y).score(X, y) > 0.9
    bag = BaggingClassifier(dt.CARTClassifier(max_depth=3), n_estimators=5, random_state=0)
    assert bag.fit(X, y).score(X, y) > 0.9
    pipe = make_pipeline(StandardScaler(), dt.CARTClassifier(max_depth=2)).fit(X, y)
    assert f1_score(y, pipe.predict(X), average="macro") > 0.85
    grid = GridSearchCV(dt.CARTClassifier(), {"max_depth": [1, 3]}, cv=3).fit(X, y)
    assert grid.best_params_["max_depth"] in (1, 3)
    copy = clone(dt.CARTClassifier(max_depth=4, criterion="entropy"))
    assert copy.get_params()["max_depth"] == 4 and not hasattr(copy, "tree_")


def test_multiclass_sets_with_int_labels():
    for load in (load_iris, load_wine):
        X, y = load(return_X_y=True)
        model = C45Classifier().fit(X, y)
        assert model.predict(X).dtype == y.dtype
        assert accuracy_score(y, model.predict(X)) > 0.9


@pytest.mark.parametrize("learner", CLASSIFIERS + [dt.CARTRegressor], ids=lambda c: c.__name__)
def test_not_fitted_error_is_sklearns(learner):
    with pytest.raises(SklearnNotFitted, match="fit"):
        learner().predict([[1.0, 2.0]])
    with pytest.raises(dt.NotFittedError):
        learner().predict([[1.0, 2.0]])


@pytest.mark.parametrize("learner", CLASSIFIERS + [dt.CARTRegressor], ids=lambda c: c.__name__)
def test_same_clear_error_for_rows_without_columns(learner):
    X = np.empty((6, 0))
    y = [0, 1, 0, 1, 0, 1]
    with pytest.raises(ValueError, match=r"0 feature\(s\) \(shape=\(6, 0\)\)"):
        learner().fit(X, y)
    with pytest.raises(ValueError, match=r"0 feature\(s\)"):
        learner().fit(pd.DataFrame(index=range(6)), y)


@pytest.mark.parametrize("learner", CLASSIFIERS, ids=lambda c: c.__name__)
def test_continuous_and_infinite_labels_are_refused(learner):
    X = np.arange(12.0).reshape(-1, 2)
    with pytest.raises(ValueError, match="Unknown label type"):
        learner().fit(X, [0.5, 1.5, 0.25, 1, 2, 3])
    with pytest.raises(ValueError, match="infinite"):
        learner().fit(X, [0, 1, np.inf, 1, 0, 1])
    # integral floats are class labels, and keep their type
    model = learner().fit(X, [0.0, 1.0, 0.0, 1.0, 0.0, 1.0])
    assert model.predict(X).dtype == np.float64


def test_sparse_input_is_refused_clearly():
    scipy_sparse = pytest.importorskip("scipy.sparse")
    X = scipy_sparse.csr_matrix(np.eye(4))
    for learner in CLASSIFIERS:
        with pytest.raises(TypeError, match="sparse input is not supported"):
            learner().fit(X, [0, 1, 0, 1])
    model = dt.CARTClassifier().fit(np.eye(4), [0, 1, 0, 1])
    with pytest.raises(TypeError, match="sparse input is not supported"):
        model.predict(X)


@pytest.mark.parametrize(
    "learner",
    [dt.CARTClassifier, dt.ID3Classifier, C45Classifier, dt.ObliqueTreeClassifier],
    ids=lambda c: c.__name__,
)
def test_feature_importances_as_sklearn_defines_them(learner):
    X, y = _cancer("int")
    model = learner().fit(X, y)
    imp = model.feature_importances_
    assert imp.shape == (X.shape[1],) and imp.sum() == pytest.approx(1.0) and (imp >= 0).all()


def _untied(seed, n=300):
    # continuous features and continuous weights: no two splits score exactly alike (with
    # integer counts they can, and scikit-learn breaks such ties at random), so both
    # libraries grow the same tree; some weights are 0 (those rows must take no part)
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 5))
    signal = X[:, 0] + 0.5 * X[:, 1] - 0.3 * X[:, 2] + rng.normal(scale=0.5, size=n)
    w = rng.uniform(0.5, 1.5, size=n)
    w[rng.random(n) < 0.1] = 0.0
    return X, signal, w


@pytest.mark.parametrize("seed", range(4))
def test_classifier_importances_equal_sklearns_on_the_same_tree(seed):
    X, signal, w = _untied(seed)
    y = (signal > 0).astype(int)
    ours = dt.CARTClassifier(min_samples_leaf=5).fit(X, y, sample_weight=w)
    theirs = DecisionTreeClassifier(min_samples_leaf=5, random_state=0).fit(X, y, sample_weight=w)
    # the same tree, node for node (scikit-learn also splits a pure node whose Gini came
    # out as 3e-16 by rounding; that split changes nothing and is left out here)
    T = theirs.tree_
    real = (T.feature >= 0) & (T.impurity > 1e-12)
    assert [n.split.features[0] for n in ours.tree_.nodes() if n.split] == T.feature[real].tolist()
    np.testing.assert_allclose(
        [n.split.threshold for n in ours.tree_.nodes() if n.split], T.threshold[real], atol=1e-6
    )  # scikit-learn cuts in float32
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X), atol=1e-12)
    np.testing.assert_allclose(ours.feature_importances_, theirs.feature_importances_, atol=1e-12)


@pytest.mark.parametrize("criterion", ["mse", "mae"])
@pytest.mark.parametrize("seed", range(3))
def test_regressor_equals_sklearns_on_weighted_data(seed, criterion):
    X, signal, w = _untied(seed, n=120 if criterion == "mae" else 300)
    sk = {"mse": "squared_error", "mae": "absolute_error"}[criterion]
    ours = dt.CARTRegressor(criterion=criterion, min_samples_leaf=5).fit(X, signal, sample_weight=w)
    theirs = DecisionTreeRegressor(criterion=sk, min_samples_leaf=5, random_state=0).fit(
        X, signal, sample_weight=w
    )
    assert [n.split.features[0] for n in ours.tree_.nodes() if n.split] == [
        f for f in theirs.tree_.feature if f >= 0
    ]
    np.testing.assert_allclose(ours.predict(X), theirs.predict(X), atol=1e-12)
    np.testing.assert_allclose(ours.feature_importances_, theirs.feature_importances_, atol=1e-10)


def test_single_leaf_has_zero_importances():
    model = dt.ZeroR().fit([[1], [2]], ["a", "b"])
    assert model.feature_importances_.tolist() == [0.0]
