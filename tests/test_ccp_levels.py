"""The level-by-level weakest-link path must be the heap loop's path, float for float.

``cost_complexity_path`` works the whole path of a large tree out level by level
(``dtlearn.pruning.weakest_link_levels``, forced here with ``levels=True``); the heap loop
(``levels=False``) collapses one node at a time as scikit-learn does and stays as the oracle (``tests/test_ccp_fast.py``
checks it against the plain loop). Both must log the same collapses, alphas, risks and
counts, bit for bit, on random trees with many equal alphas (integer features with few
values, small leaves, weights), multiway and regression trees, and on scikit-learn's own
trees, whose path then equals ``cost_complexity_pruning_path`` exactly.
"""

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

import dtlearn as dt
from dtlearn.pruning.cost_complexity import _weakest_links, cost_complexity_path
from dtlearn.pruning.weakest_link_levels import level_path


def assert_levels_are_the_loop(tree):
    fast = _weakest_links(tree, levels=True)
    loop = _weakest_links(tree, levels=False)
    assert [list(c) for c in fast[0].log] == [list(c) for c in loop[0].log]
    for a, b in zip(fast[1:], loop[1:]):
        assert a.tolist() == b.tolist() and a.dtype == b.dtype
    arrays = fast[0]
    log = level_path(
        arrays.parent, arrays.leaf, arrays.r_node, arrays.r_branch, arrays.n_leaves, arrays.end
    )
    assert log is not None  # the level pass did the work, not the fallback
    return fast


def _data(seed, n, d, levels, noise):
    rng = np.random.default_rng(seed)
    X = rng.integers(0, levels, size=(n, d)).astype(float)  # repeated values: equal alphas
    y = ((X[:, 0] + X[:, 1 % d]) % 3 == 0).astype(int)
    flip = rng.random(n) < noise
    y[flip] = rng.integers(0, 3, int(flip.sum()))
    return X, y, rng


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 100_000),
    n=st.integers(2, 400),
    d=st.integers(1, 5),
    levels=st.integers(2, 6),
    noise=st.floats(0, 0.8),
    weights=st.booleans(),
    criterion=st.sampled_from(["gini", "entropy"]),
)
def test_classifier_levels_are_the_heap_loop(seed, n, d, levels, noise, weights, criterion):
    X, y, rng = _data(seed, n, d, levels, noise)
    w = rng.integers(1, 4, n).astype(float) if weights else None
    tree = dt.CARTClassifier(criterion=criterion).fit(X, y, sample_weight=w).tree_
    assert_levels_are_the_loop(tree)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 100_000),
    n=st.integers(2, 250),
    d=st.integers(1, 4),
    levels=st.integers(2, 5),
    noise=st.floats(0, 0.8),
)
def test_multiway_and_regression_levels_are_the_heap_loop(seed, n, d, levels, noise):
    X, y, rng = _data(seed, n, d, levels, noise)
    frame = pd.DataFrame(X.astype(int).astype(str), columns=[f"a{j}" for j in range(d)])
    assert_levels_are_the_loop(dt.ID3Classifier().fit(frame, y).tree_)
    target = np.round(X[:, 0] * 2.0 + rng.normal(size=n) * noise, 1)  # repeated targets
    assert_levels_are_the_loop(dt.CARTRegressor().fit(X, target).tree_)


@pytest.mark.parametrize("seed", range(4))
def test_scikit_learn_trees_give_scikit_learns_path_exactly(seed):
    # a noisy tree of about 600 nodes, imported: the same tree, the same floats
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 8, size=(2000, 6)).astype(float)
    y = (X[:, 0] + rng.integers(0, 3, 2000) > 5).astype(int)
    sk = DecisionTreeClassifier(random_state=seed).fit(X, y)
    tree = dt.from_sklearn(sk, X, y).tree_
    path = assert_levels_are_the_loop(tree)
    expected = sk.cost_complexity_pruning_path(X, y)
    assert path[1].tolist() == expected.ccp_alphas.tolist()
    assert path[2].tolist() == expected.impurities.tolist()
    target = X @ rng.normal(size=6) + rng.integers(0, 4, 2000)
    skr = DecisionTreeRegressor(random_state=seed, max_leaf_nodes=300).fit(X, target)
    tree = dt.from_sklearn(skr, X, target).tree_
    path = assert_levels_are_the_loop(tree)
    expected = skr.cost_complexity_pruning_path(X, target)
    np.testing.assert_allclose(path[1], expected.ccp_alphas, rtol=1e-12, atol=1e-12)


def test_a_single_leaf_and_a_stump():
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    leaf = dt.CARTClassifier().fit(X, [1, 1, 1, 1]).tree_
    assert_levels_are_the_loop(leaf)
    assert cost_complexity_path(leaf).ccp_alphas.tolist() == [0.0]
    stump = dt.CARTClassifier().fit(X, [0, 0, 1, 1]).tree_
    path = assert_levels_are_the_loop(stump)
    assert path[1].tolist() == [0.0, 0.5] and path[2].tolist() == [0.0, 0.5]


def test_the_level_pass_gives_up_where_the_loop_must_decide():
    # a non-finite risk (a tree read from JSON may carry one): the heap loop runs
    X, y = dt.load_play_tennis(numeric=True)
    arrays = _weakest_links(dt.CARTClassifier().fit(X, y).tree_, levels=False)[0]
    r_node = arrays.r_node.copy()
    r_node[1] = np.inf
    args = (arrays.parent, arrays.leaf, r_node, arrays.r_branch, arrays.n_leaves, arrays.end)
    assert level_path(*args) is None
    one_leaf = arrays.n_leaves.copy()
    one_leaf[0] = 1  # an inner node over a single leaf: an alpha of x / 0
    args = (arrays.parent, arrays.leaf, arrays.r_node, arrays.r_branch, one_leaf, arrays.end)
    assert level_path(*args) is None
