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

import inspect

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


def _same_draw(got, random_state, n, draws, p=None):
    """``got`` is scikit-learn's own draw (``_generate_sample_indices``), uniform or by ``p``.

    Draws in proportion to weights came with scikit-learn 1.9 (a fourth argument): at the
    floors (1.8) only the uniform draw can be asked of scikit-learn, so a weighted one is
    compared where the installed version makes it.
    """
    from sklearn.ensemble._forest import _generate_sample_indices

    weighs = len(inspect.signature(_generate_sample_indices).parameters) > 3
    if p is not None and not weighs:
        return
    args = (random_state, n, draws, p) if weighs else (random_state, n, draws)
    np.testing.assert_array_equal(got, _generate_sample_indices(*args).astype(np.int64))


def test_the_bootstrap_draws_tried_are_scikit_learns_of_either_version():
    """Each draw ``from_sklearn`` tries, in order, against scikit-learn's own function.

    Unweighted: the uniform draw, weight 1. With the user's weights: 1.9's draw in
    proportion to them (weight 1), then 1.8's uniform draw weighed by them. With "balanced"
    class weights, last: the draw in proportion to them (times the user's weights).
    """
    from dtlearn.learners.sklearn_import import _balanced, _bootstrap_draws

    n, draws, seed = 12, 9, 7
    codes = np.array([0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 2, 0])
    user = np.linspace(0.5, 2.0, n)
    plain = list(_bootstrap_draws(seed, n, draws, None))
    assert len(plain) == 1
    _same_draw(plain[0][0], seed, n, draws)
    assert plain[0][1] == 1.0
    weighted = list(_bootstrap_draws(seed, n, draws, None, user))
    assert len(weighted) == 2
    _same_draw(weighted[0][0], seed, n, draws, user)
    assert weighted[0][1] == 1.0
    _same_draw(weighted[1][0], seed, n, draws)
    assert weighted[1][1] is user
    balanced = _balanced(codes, None)
    # n / (classes x class size): 12 / (3 x 8), 12 / (3 x 3), 12 / (3 x 1)
    assert balanced.tolist() == [[0.5, 4 / 3, 4.0][c] for c in codes]
    from sklearn.utils.class_weight import compute_class_weight

    of_weighted = compute_class_weight(
        "balanced", classes=np.arange(3), y=codes, sample_weight=user
    )
    np.testing.assert_allclose(_balanced(codes, user), of_weighted[codes], rtol=1e-14)
    both = list(_bootstrap_draws(seed, n, draws, balanced))
    assert len(both) == 2
    _same_draw(both[0][0], seed, n, draws)
    _same_draw(both[1][0], seed, n, draws, balanced)
    assert both[1][1] == 1.0
    every = list(_bootstrap_draws(seed, n, draws, balanced, user))
    assert len(every) == 3
    _same_draw(every[2][0], seed, n, draws, balanced * user)
    assert every[2][1] == 1.0
