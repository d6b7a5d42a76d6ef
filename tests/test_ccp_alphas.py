"""scikit-learn's own alphas prune to scikit-learn's trees; alpha 0 prunes nothing (issue 41, item 4).

An alpha read off scikit-learn's ``cost_complexity_pruning_path`` is the float scikit-learn
computed for a link; dtlearn computes the same link's alpha a few units in the last place
apart (sums added in another order), and comparing ``alpha_eff <= alpha`` bit for bit kept
the link at about one path alpha in six. ``cost_complexity_prune`` now counts a link as
``<= alpha`` up to ``ALPHA_ULPS`` units in the last place of the link's risk scale
(docs/ALGORITHMS.md). ``alpha = 0`` prunes nothing, as ``ccp_alpha=0`` does in
scikit-learn, unless ``zero_gain=True`` asks for the zero-gain collapses.
"""

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.pruning.cost_complexity import (
    ALPHA_ULPS,
    collapses_at,
    cost_complexity_path,
    cost_complexity_prune,
)

sklearn = pytest.importorskip("sklearn")
from sklearn import datasets  # noqa: E402
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor  # noqa: E402


def _problems():
    rng = np.random.default_rng(41)
    cancer = datasets.load_breast_cancer()
    X = (rng.integers(0, 10, size=(150, 3)) * 0.37).astype(np.float32).astype(float)
    y = X @ rng.normal(size=3) + rng.normal(size=150)
    return {
        "breast-cancer": (cancer.data.astype(np.float32).astype(float), cancer.target, False),
        "regression": (X, y, True),
        "classification": (X, (y > np.median(y)).astype(int), False),
    }


@pytest.mark.parametrize("name", sorted(_problems()))
def test_scikit_learns_path_alphas_give_scikit_learns_trees(name):
    X, y, regression = _problems()[name]
    make, ours = (
        (DecisionTreeRegressor, dt.CARTRegressor)
        if regression
        else (DecisionTreeClassifier, dt.CARTClassifier)
    )
    full = ours().fit(X, y)
    sk = make(random_state=0).fit(X, y)
    assert full.tree_.n_nodes == sk.tree_.node_count  # the same tree to start from
    np.testing.assert_allclose(
        full.predict(X).astype(float), sk.predict(X).astype(float), rtol=1e-12, atol=0
    )
    alphas = np.unique(sk.cost_complexity_pruning_path(X, y).ccp_alphas)[1:]
    assert len(alphas) > 5
    for alpha in alphas[np.linspace(0, len(alphas) - 1, 12).astype(int)]:
        theirs = make(random_state=0, ccp_alpha=alpha).fit(X, y)
        pruned = cost_complexity_prune(full.tree_, alpha)
        assert pruned.n_nodes == theirs.tree_.node_count, alpha
        np.testing.assert_allclose(
            pruned.predict(X).astype(float),  # leaf means: last bits
            theirs.predict(X).astype(float),
            rtol=1e-12,
            atol=0,
        )
    assert ours(ccp_alpha=alpha).fit(X, y).tree_.n_nodes == pruned.n_nodes  # the learner too


def test_the_tolerance_is_a_few_units_in_the_last_place_of_the_risk_scale():
    # one link, scale 1: its alpha minus half the tolerance prunes it, minus 4 tolerances not
    X = np.array([[0.0], [1.0], [2.0], [3.0], [4.0]])
    tree = dt.CARTClassifier(max_depth=1).fit(X, [0, 0, 0, 0, 1]).tree_
    alpha = float(cost_complexity_path(tree).ccp_alphas[1])
    scale = 1.0  # w_root / w_root times max(1, log2 2)
    eps = np.finfo(float).eps
    assert cost_complexity_prune(tree, alpha - ALPHA_ULPS * eps * scale / 2).n_leaves == 1
    assert cost_complexity_prune(tree, alpha - 4 * ALPHA_ULPS * eps * scale).n_leaves == 2


def test_alpha_zero_prunes_nothing_unless_zero_gain_is_asked_for():
    X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
    y = [0, 1, 1, 0]  # XOR: the root's split gains nothing
    sk = DecisionTreeClassifier(max_depth=1, random_state=0).fit(X, y)
    tree = dt.CARTClassifier(max_depth=1).fit(X, y).tree_
    assert (
        cost_complexity_path(tree).ccp_alphas.tolist()
        == sk.cost_complexity_pruning_path(X, y).ccp_alphas.tolist()
        == [0.0, 0.0]
    )
    assert cost_complexity_prune(tree, 0.0).n_nodes == sk.tree_.node_count == 3
    assert cost_complexity_prune(tree, 0.0, zero_gain=True).n_nodes == 1
    assert cost_complexity_path(tree).tree_at(0.0).n_nodes == 3
    with pytest.raises(TypeError, match="zero_gain"):
        cost_complexity_prune(tree, 0.0, zero_gain="yes")


def test_cross_validated_ccp_scores_the_trees_cost_complexity_prune_gives(monkeypatch):
    # each fold's score at alpha is the held-out accuracy of cost_complexity_prune(tree,
    # alpha), alphas a few ulps below a link's (as scikit-learn's may be) included: a
    # bit-for-bit comparison took those as the entry before
    from dtlearn.pruning import curves

    rng = np.random.default_rng(7)
    X = rng.integers(0, 2, size=(120, 3)).astype(float)
    y = (X[:, 0] != X[:, 1]).astype(int) ^ (rng.uniform(size=120) < 0.1)
    folds = []
    real = curves.pruning_curve

    def recording(model, X_tr, y_tr, X_te, y_te):
        folds.append((model.tree_, X_te, np.asarray(y_te)))
        return real(model, X_tr, y_tr, X_te, y_te)

    monkeypatch.setattr(curves, "pruning_curve", recording)
    curves.cross_validated_ccp(dt.CARTClassifier(), X, y, [0.0], cv=4)  # the folds' trees
    exact = sorted(
        {float(a) for tree, _, _ in folds for a in cost_complexity_path(tree).ccp_alphas}
    )
    below = [a - 8 * float(np.spacing(a)) for a in exact if a > 0]
    alphas = [*exact, *below]
    # those alphas fall below links' alphas: bit-for-bit entries would differ
    assert any(
        (
            np.searchsorted(cost_complexity_path(tree).ccp_alphas[1:], below, side="right")
            != collapses_at(tree, below)
        ).any()
        for tree, _, _ in folds
    )
    folds.clear()
    mean, std = curves.cross_validated_ccp(dt.CARTClassifier(), X, y, alphas, cv=4)
    assert len(folds) == 4
    expected = np.array(
        [
            [np.mean(cost_complexity_prune(tree, a).predict(X_te) == y_te) for a in alphas]
            for tree, X_te, y_te in folds
        ]
    )
    np.testing.assert_array_equal(mean, expected.mean(axis=0))
    np.testing.assert_array_equal(std, expected.std(axis=0))


def test_collapses_at_alpha_zero_is_none_unless_zero_gain():
    X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
    tree = dt.CARTClassifier(max_depth=1).fit(X, [0, 1, 1, 0]).tree_  # XOR: a zero-gain link
    assert collapses_at(tree, [0.0, 0.0, 1.0]).tolist() == [0, 0, 1]
    assert collapses_at(tree, [0.0], zero_gain=True).tolist() == [1]
    with pytest.raises(ValueError, match="alpha"):
        collapses_at(tree, [-1.0])
