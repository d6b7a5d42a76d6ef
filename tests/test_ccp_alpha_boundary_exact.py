"""Cost-complexity pruning at the exact edge of its rounding allowance.

:func:`dtlearn.pruning.cost_complexity.cost_complexity_prune` collapses a link whose
effective alpha is at most ``alpha`` plus :data:`ALPHA_ULPS` units in the last place of
the link's risk scale (for a classifier's root: ``max(1, log2 k)``, over ``|T_t| - 1 = 1``
for a stump). "At most" includes equality: on a stump, for every float ``alpha`` near the
edge the tree keeps its split exactly when ``alpha + allowance < alpha_eff`` in IEEE
arithmetic, and each data set has an ``alpha`` where the two are equal. The stump's
effective alpha itself is scikit-learn's (its own ``cost_complexity_pruning_path``).
"""

import math

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer, load_iris, load_wine
from sklearn.tree import DecisionTreeClassifier

import dtlearn as dt
from dtlearn.pruning.cost_complexity import (
    ALPHA_ULPS,
    collapses_at,
    cost_complexity_path,
    cost_complexity_prune,
)


def data(name):
    if name == "play_tennis":
        X, y = dt.load_play_tennis(numeric=True)
        return X[["temperature", "humidity"]], y
    loader = {"iris": load_iris, "breast_cancer": load_breast_cancer, "wine": load_wine}[name]
    bunch = loader(as_frame=True)
    return bunch.data, bunch.target


def floats_around(x, n=40):
    """``x`` and the ``n`` floats on either side of it, ascending."""
    lo = hi = x
    out = [x]
    for _ in range(n):
        lo, hi = float(np.nextafter(lo, -np.inf)), float(np.nextafter(hi, np.inf))
        out += [lo, hi]
    return sorted(out)


@pytest.mark.parametrize("name", ["play_tennis", "iris", "breast_cancer", "wine"])
def test_stump_is_pruned_exactly_up_to_its_allowance(name):
    X, y = data(name)
    model = dt.CARTClassifier(max_depth=1).fit(X, y)
    path = cost_complexity_path(model)
    assert path.n_leaves.tolist() == [2, 1]
    eff = float(path.ccp_alphas[1])
    sk = DecisionTreeClassifier(max_depth=1, random_state=0).cost_complexity_pruning_path(X, y)
    assert eff == pytest.approx(float(sk.ccp_alphas[-1]), rel=1e-12)
    allowance = ALPHA_ULPS * np.finfo(float).eps * max(1.0, math.log2(len(model.classes_)))
    alphas = floats_around(eff - allowance)
    pruned = [a + allowance >= eff for a in alphas]
    assert any(a + allowance == eff for a in alphas)  # the edge itself is among them
    assert 0 < sum(pruned) < len(alphas)
    leaves = [cost_complexity_prune(model, a).n_leaves for a in alphas]
    assert leaves == [1 if p else 2 for p in pruned]
    assert collapses_at(model, alphas).tolist() == [int(p) for p in pruned]


def test_zero_alpha_prunes_nothing_and_large_alpha_everything():
    X, y = data("iris")
    model = dt.CARTClassifier().fit(X, y)
    path = cost_complexity_path(model)
    assert cost_complexity_prune(model, 0.0).n_leaves == path.n_leaves[0]
    assert cost_complexity_prune(model, float(path.ccp_alphas[-1]) * 2).n_leaves == 1
    # each entry's own alpha gives that entry's tree (ties collapse together)
    for alpha, n_leaves in zip(path.ccp_alphas[1:], path.n_leaves[1:]):
        later = path.n_leaves[1:][path.ccp_alphas[1:] == alpha]
        assert cost_complexity_prune(model, float(alpha)).n_leaves == later.min()
        assert n_leaves >= later.min()
