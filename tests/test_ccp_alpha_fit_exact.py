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
from sklearn.tree import DecisionTreeClassifier  # noqa: E402


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
