"""``ccp_alpha`` at fit time: the same tree as pruning afterwards, and scikit-learn's.

Small alphas matter: on 1200 noisy rows the weakest links cost less than 1e-3 of
impurity per leaf, and a fit with such an alpha must still prune them.
"""

from __future__ import annotations

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.pruning.cost_complexity import cost_complexity_prune

pytest.importorskip("sklearn")
from sklearn.tree import DecisionTreeClassifier


@pytest.fixture(scope="module")
def noisy():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(1200, 2))
    y = np.where(X[:, 0] + 0.8 * rng.normal(size=1200) > 0, "a", "b")
    return X, y


def test_small_ccp_alpha_at_fit_prunes_as_pruning_afterwards(noisy):
    X, y = noisy
    sk_full = DecisionTreeClassifier(random_state=0).fit(X, y)
    alphas = sk_full.cost_complexity_pruning_path(X, y).ccp_alphas
    small = [a for a in alphas if 0 < a < 1e-3]
    assert len(small) >= 3
    full = dt.CARTClassifier().fit(X, y).tree_
    imported = dt.from_sklearn(sk_full, X, y).tree_
    for alpha in (small[0], small[len(small) // 2]):
        fitted = dt.CARTClassifier(ccp_alpha=alpha).fit(X, y).tree_
        assert fitted.n_leaves == cost_complexity_prune(full, alpha).n_leaves < full.n_leaves
        # scikit-learn's own tree pruned at alpha has the leaves of its ccp_alpha fit
        sk = DecisionTreeClassifier(ccp_alpha=alpha, random_state=0).fit(X, y)
        assert cost_complexity_prune(imported, alpha).n_leaves == sk.get_n_leaves()


def test_the_alpha_tolerance_scales_with_log2_of_the_classes():
    # documented: a link counts as <= alpha when its alpha exceeds alpha by at most
    # ALPHA_ULPS units in the last place of s(t) / (|T_t| - 1), s(t) = w_t / w_root ·
    # max(1, log2 k): with 4 classes twice the unit u below, so 1.5 u below the link's own
    # alpha still cuts it and 2.5 u below does not
    from dtlearn.pruning.cost_complexity import ALPHA_ULPS, cost_complexity_path

    rng = np.random.default_rng(0)
    X = rng.normal(size=(200, 2))
    y = rng.integers(0, 4, size=200).astype(str)
    tree = dt.CARTClassifier(criterion="entropy", max_depth=4).fit(X, y).tree_
    path = cost_complexity_path(tree)
    link = path.steps[0]
    w = tree.node(link.node_id).n_samples / tree.root.n_samples
    u = ALPHA_ULPS * np.finfo(float).eps * w / (link.n_leaves - 1)
    full = tree.n_leaves
    cut = full - (link.n_leaves - 1)
    assert [cost_complexity_prune(tree, link.alpha - f * u).n_leaves for f in (0.0, 1.5, 2.5)] == [
        cut,
        cut,
        full,
    ]
