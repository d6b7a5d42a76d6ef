"""A missing value at predict is refused by the learners that refuse it at fit (issue 41, item 3).

ID3, CART and oblique trees are grown without missing values, so a ``NaN`` met at predict
has no training answer; it used to stop at a node and get that node's distribution,
silently. They now refuse it, as they do at fit, with a message naming the column and the
ways out; C4.5, 0-R and 1-R keep handling missing values. A category unseen at fit is not
a missing value: it still stops at its node. scikit-learn's contract is its own estimator
check ``check_estimators_nan_inf``: an estimator whose ``allow_nan`` tag is false must
raise on ``NaN`` at ``predict``.
"""

import warnings

import numpy as np
import pytest

import dtlearn as dt

REFUSING = {
    "id3": lambda: dt.ID3Classifier(),
    "cart": lambda: dt.CARTClassifier(),
    "cart-pruned": lambda: dt.CARTClassifier(ccp_alpha=0.01),
    "regressor": lambda: dt.CARTRegressor(),
    "oblique": lambda: dt.ObliqueTreeClassifier(),
}


def _data(name):
    X, y = dt.load_play_tennis(numeric=name != "id3")
    if name == "regressor":
        y = X["temperature"] * 0.5
        X = X.drop(columns="temperature")
    if name == "oblique":
        X = X[["temperature", "humidity"]]
    return X, y


@pytest.mark.parametrize("name", sorted(REFUSING))
def test_nan_at_predict_is_refused_naming_the_column(name):
    X, y = _data(name)
    model = REFUSING[name]().fit(X, y)
    hole = X.copy()
    column = X.columns[-1]
    hole[column] = hole[column].astype(object)
    hole.iloc[3, -1] = None if X[column].dtype == object else np.nan
    calls = [model.predict, model.tree_.predict, model.tree_.apply]
    if hasattr(model, "predict_proba"):
        calls.append(model.predict_proba)
    for call in calls:
        with pytest.raises(
            ValueError,
            match=rf"column '{column}' has a missing value .* row 3"
            r".*C45Classifier",
        ):
            call(hole)
    assert model.tree_.refuses_missing and model.tree_.copy().refuses_missing
    np.testing.assert_array_equal(model.predict(X), model.tree_.predict(X))  # complete rows


@pytest.mark.parametrize("name", sorted(REFUSING))
def test_a_saved_tree_still_refuses_missing_values(name):
    import pickle

    X, y = _data(name)
    tree = REFUSING[name]().fit(X, y).tree_
    hole = X.copy()
    hole[X.columns[-1]] = hole[X.columns[-1]].astype(object)
    hole.iloc[0, -1] = None
    for again in (dt.Tree.from_json(tree.to_json()), pickle.loads(pickle.dumps(tree))):
        assert again.refuses_missing
        with pytest.raises(ValueError, match="has a missing value"):
            again.predict(hole)
        np.testing.assert_array_equal(again.predict(X), tree.predict(X))


def test_json_without_the_field_answers_missing_values_and_a_bad_value_is_refused():
    import json

    X, y = dt.load_play_tennis()
    doc = json.loads(dt.C45Classifier().fit(X, y).tree_.to_json())
    assert doc.pop("refuses_missing") is False  # written as it is
    assert not dt.Tree.from_json(json.dumps(doc)).refuses_missing  # JSON from before 0.3
    doc["refuses_missing"] = "yes"
    with pytest.raises(ValueError, match="refuses_missing must be true or false"):
        dt.Tree.from_json(json.dumps(doc))


def test_an_unseen_category_is_not_a_missing_value():
    X, y = dt.load_play_tennis()
    model = dt.CARTClassifier().fit(X, y)
    foggy = X.iloc[[0]].copy()
    foggy["outlook"] = "foggy"
    stop = model.tree_.apply(foggy)[0]  # the root tests outlook: the row stops there
    assert stop == model.tree_.root.node_id
    np.testing.assert_array_equal(model.predict_proba(foggy)[0], model.tree_.root.value)


@pytest.mark.parametrize(
    "model", [dt.C45Classifier(), dt.OneR(), dt.ZeroR()], ids=lambda m: type(m).__name__
)
def test_learners_that_handle_missing_values_still_do(model):
    X, y = dt.load_play_tennis()
    hole = X.copy()
    hole.loc[0, "outlook"] = None
    model.fit(hole, y)
    assert len(model.predict(hole)) == len(X)
    assert not model.tree_.refuses_missing


@pytest.mark.parametrize(
    "model",
    [dt.ID3Classifier(), dt.CARTClassifier(), dt.CARTRegressor(), dt.ObliqueTreeClassifier()],
    ids=lambda m: type(m).__name__,
)
def test_scikit_learns_nan_check_passes_for_the_learners_that_refuse_nan(model):
    pytest.importorskip("sklearn")
    from sklearn.utils.estimator_checks import check_estimators_nan_inf

    assert not model.__sklearn_tags__().input_tags.allow_nan
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_estimators_nan_inf(type(model).__name__, model)  # raises if predict accepts NaN


def test_a_hand_made_tree_still_answers_at_the_node():
    X, y = dt.load_play_tennis(numeric=True)
    tree = dt.CARTClassifier().fit(X, y).tree_.copy()
    tree.refuses_missing = False
    hole = X.iloc[[0]].copy()
    hole["outlook"] = None
    assert tree.root.split.feature == list(X.columns).index("outlook")
    assert tree.apply(hole)[0] == tree.root.node_id
