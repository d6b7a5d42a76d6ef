"""The cost-complexity path equals scikit-learn's ``cost_complexity_pruning_path`` exactly.

scikit-learn's tree, fitted on random data (with and without ``sample_weight``, many equal
values so that many alphas tie), is opened with :func:`dtlearn.from_sklearn`; dtlearn's path
must give scikit-learn's ``ccp_alphas`` and ``impurities`` bit for bit, whichever way it is
worked out: the heap loop that collapses one node at a time, and the level pass
(``weakest_link_levels``) that ``cost_complexity_path`` uses from
``cost_complexity.LEVELS_FROM`` inner nodes on. The module constant is the seam: set to 0
every tree goes through the level pass, set above the tree's size through the loop. The
loop is itself checked against the plain one-scan-per-collapse loop in
``tests/test_ccp_fast.py``.
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

import dtlearn as dt
from dtlearn.pruning import cost_complexity


def paths_both_ways(tree):
    """The path worked out by the level pass and by the heap loop, through the public call."""
    saved = cost_complexity.LEVELS_FROM
    try:
        cost_complexity.LEVELS_FROM = 0
        levels = cost_complexity.cost_complexity_path(tree)
        cost_complexity.LEVELS_FROM = 10**9
        loop = cost_complexity.cost_complexity_path(tree)
    finally:
        cost_complexity.LEVELS_FROM = saved
    assert list(levels.cuts) == list(loop.cuts)
    assert levels.ccp_alphas.tolist() == loop.ccp_alphas.tolist()
    assert levels.impurities.tolist() == loop.impurities.tolist()
    assert levels.n_leaves.tolist() == loop.n_leaves.tolist()
    assert levels.n_nodes.tolist() == loop.n_nodes.tolist()
    return loop


def _data(seed, n, d, levels, weighted):
    rng = np.random.default_rng(seed)
    if levels:  # few distinct values: equal risks, equal alphas
        X = rng.integers(0, levels, size=(n, d)).astype(float)
    else:
        X = rng.normal(size=(n, d))
    w = None
    if weighted == "int":
        w = rng.integers(1, 4, n).astype(float)
    elif weighted == "float":
        w = rng.uniform(0.1, 3.0, n)
    return X, rng, w


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 100_000),
    n=st.integers(2, 400),
    d=st.integers(1, 5),
    levels=st.sampled_from([0, 2, 3, 5]),
    n_classes=st.integers(2, 4),
    noise=st.floats(0, 0.8),
    weighted=st.sampled_from([None, "int", "float"]),
    criterion=st.sampled_from(["gini", "entropy"]),
)
def test_classifier_path_is_scikit_learns(
    seed, n, d, levels, n_classes, noise, weighted, criterion
):
    X, rng, w = _data(seed, n, d, levels, weighted)
    y = (X[:, 0] > np.median(X[:, 0])).astype(int)
    flip = rng.random(n) < noise
    y[flip] = rng.integers(0, n_classes, int(flip.sum()))
    sk = DecisionTreeClassifier(criterion=criterion, random_state=seed).fit(X, y, sample_weight=w)
    tree = dt.from_sklearn(sk, X, y, sample_weight=w).tree_
    path = paths_both_ways(tree)
    expected = sk.cost_complexity_pruning_path(X, y, sample_weight=w)
    assert path.ccp_alphas.tolist() == expected.ccp_alphas.tolist()
    assert path.impurities.tolist() == expected.impurities.tolist()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 100_000),
    n=st.integers(2, 300),
    d=st.integers(1, 4),
    levels=st.sampled_from([0, 3, 5]),
    weighted=st.sampled_from([None, "int", "float"]),
)
def test_regressor_path_is_scikit_learns(seed, n, d, levels, weighted):
    X, rng, w = _data(seed, n, d, levels, weighted)
    y = np.round(X @ rng.normal(size=d) + rng.normal(size=n), 1)  # repeated targets
    sk = DecisionTreeRegressor(random_state=seed).fit(X, y, sample_weight=w)
    tree = dt.from_sklearn(sk, X, y, sample_weight=w).tree_
    path = paths_both_ways(tree)
    expected = sk.cost_complexity_pruning_path(X, y, sample_weight=w)
    assert len(path.ccp_alphas) == len(expected.ccp_alphas)
    # a squared error's impurity is rounded by each library its own way (docs/ALGORITHMS.md)
    np.testing.assert_allclose(path.ccp_alphas, expected.ccp_alphas, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(path.impurities, expected.impurities, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("rows", [2_000, 5_000])
def test_bench_sized_trees_give_scikit_learns_path(rows):
    # the trees bench/bench_prune.py times (about 480 and 1,100 nodes), weighted as well
    rng = np.random.default_rng(rows)
    X = rng.normal(size=(rows, 10)).astype(np.float32).astype(float)
    y = (X[:, 0] + X[:, 1] * X[:, 2] + 0.5 * rng.normal(size=rows) > 0).astype(int)
    for w in (None, rng.integers(1, 5, rows).astype(float)):
        sk = DecisionTreeClassifier(random_state=0).fit(X, y, sample_weight=w)
        tree = dt.from_sklearn(sk, X, y, sample_weight=w).tree_
        path = paths_both_ways(tree)
        expected = sk.cost_complexity_pruning_path(X, y, sample_weight=w)
        assert len(path.ccp_alphas) > 100
        assert path.ccp_alphas.tolist() == expected.ccp_alphas.tolist()
        assert path.impurities.tolist() == expected.impurities.tolist()
