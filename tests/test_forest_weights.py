"""Trees of forests open with the user's sample_weight and ExtraTrees' class weights (issue 41).

scikit-learn 1.9 grows each tree of a bootstrapped forest on the counts of a sample drawn in
proportion to the forest's row weights (the user's ``sample_weight`` times the "balanced"
class weights, themselves computed on the weighted classes), and each tree of a forest
without bootstrap (ExtraTrees) on those row weights themselves. scikit-learn 1.8 (the declared
floor) drew the sample uniformly, weighed each draw by the user's ``sample_weight`` and the
"balanced" class weights of the *unweighted* classes. ``dt.from_sklearn`` redraws the sample
from the tree's ``random_state`` as ``_generate_sample_indices`` does, both ways, so the opened
tree predicts what scikit-learn's predicts on every row at either version.
"""

import numpy as np
import pytest

import dtlearn as dt

ensemble = pytest.importorskip("sklearn.ensemble")
sklearn = pytest.importorskip("sklearn")


def _data():
    rng = np.random.default_rng(41)
    X = rng.normal(size=(120, 3))
    y = (X[:, 0] + rng.normal(size=120) > 0.3).astype(int)
    return X, y, X[:, 0] * 2 + rng.normal(size=120), rng.uniform(0.5, 2.0, 120)


@pytest.mark.parametrize(
    "forest, weighted",
    [
        (lambda: ensemble.RandomForestClassifier(n_estimators=3, random_state=0), True),
        (
            lambda: ensemble.RandomForestClassifier(
                n_estimators=3, random_state=0, class_weight="balanced"
            ),
            True,
        ),
        (
            lambda: ensemble.RandomForestClassifier(
                n_estimators=3, random_state=0, class_weight="balanced_subsample"
            ),
            True,
        ),
        (
            lambda: ensemble.ExtraTreesClassifier(
                n_estimators=3, random_state=0, class_weight="balanced"
            ),
            False,
        ),
        (
            lambda: ensemble.ExtraTreesClassifier(
                n_estimators=3, random_state=0, class_weight="balanced"
            ),
            True,
        ),
        (lambda: ensemble.RandomForestRegressor(n_estimators=3, random_state=0), True),
    ],
    ids=[
        "rf",
        "rf-balanced",
        "rf-balanced-subsample",
        "extra-balanced",
        "extra-balanced-weighted",
        "rf-regressor",
    ],
)
def test_every_tree_of_the_forest_opens_and_predicts_as_scikit_learn(forest, weighted):
    X, y, target, w = _data()
    model = forest()
    is_regressor = isinstance(model, ensemble.RandomForestRegressor)
    y = target if is_regressor else y
    weights = {"sample_weight": w} if weighted else {}
    model.fit(X, y, **weights)
    for tree in model.estimators_:
        opened = dt.from_sklearn(tree, X, y, **weights)
        assert opened.tree_.n_nodes == tree.tree_.node_count
        if is_regressor:
            np.testing.assert_allclose(opened.predict(X), tree.predict(X), rtol=1e-12)
        else:
            np.testing.assert_allclose(
                opened.predict_proba(X), tree.predict_proba(X), rtol=1e-9, atol=1e-12
            )
