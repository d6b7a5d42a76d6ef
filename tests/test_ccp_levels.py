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
    # finite risks whose difference overflows: an alpha of inf, worked out inside the pass
    r_node, r_branch = arrays.r_node.copy(), arrays.r_branch.copy()
    r_node[0], r_branch[0] = 1e308, -1e308
    args = (arrays.parent, arrays.leaf, r_node, r_branch, arrays.n_leaves, arrays.end)
    with np.errstate(over="ignore"):
        assert level_path(*args) is None
    r_node[0], r_branch[0] = 1e307, -1e307  # the same tree, finite: the pass decides
    assert level_path(*args) is not None


def _wide_level_over_a_chain(depth, chain, seed):
    """Pre-order arrays of a full tree of ``depth`` whose first node at that depth sits on a
    chain of ``chain`` inner nodes (each over one leaf) collapsing bottom-up (alpha ``h/64``
    at height ``h`` once the chain below is a leaf): one row of that level has a long run
    below it, the other rows none, so the level is split into tables of similar rows."""
    rng = np.random.default_rng(seed)
    parent, on_chain = [], []

    def grow(p, d):
        parent.append(p)
        i = len(parent) - 1
        if d == depth and not on_chain:
            on_chain.append(i + 1)
            grow(i, -chain)
            grow(i, None)
        elif d is not None and d < 0:  # the chain's next node first, then its own leaf
            grow(i, d + 1 if d < -1 else None)
            grow(i, None)
        elif d is not None and d <= depth:
            grow(i, d + 1 if d < depth else None)
            grow(i, d + 1 if d < depth else None)

    grow(-1, 0)
    parent = np.array(parent)
    m = len(parent)
    leaf = np.bincount(parent[1:], minlength=m) == 0
    size = np.ones(m, dtype=np.int64)
    for i in range(m - 1, 0, -1):
        size[parent[i]] += size[i]
    end = np.arange(m) + size
    n_leaves = np.array([int(leaf[i : end[i]].sum()) for i in range(m)]) * ~leaf
    r_node = np.where(leaf, rng.integers(0, 8, m) / 1024, 0.0)
    r_branch = r_node.copy()
    top = on_chain[0]
    for i in range(m - 1, -1, -1):
        if not leaf[i]:
            r_branch[i] = sum(r_node[j] for j in range(i, end[i]) if leaf[j])
            if top <= i < end[top]:  # r(t) = r(next chain node) + r(own leaf) + h / 64
                r_node[i] = r_node[i + 1] + r_node[end[i] - 1] + (n_leaves[i] - 1) / 64
            else:
                r_node[i] = r_branch[i] + rng.integers(1, 64) / 256 * (n_leaves[i] - 1)
    return parent, leaf, r_node, r_branch, n_leaves, end


@pytest.mark.parametrize("seed", range(3))
def test_a_level_split_into_several_tables_is_the_heap_loop(seed, monkeypatch):
    # 64 nodes at depth 6, one over a chain of 40 collapses: 64 x 41 cells > 2048, so the
    # level's rows go to tables by run length and their runs are joined again
    from types import SimpleNamespace

    from dtlearn.pruning import weakest_link_levels
    from dtlearn.pruning.cost_complexity import _heap_links

    args = _wide_level_over_a_chain(6, 40, seed)
    tables = []
    real = weakest_link_levels._row_groups
    monkeypatch.setattr(
        weakest_link_levels,
        "_row_groups",
        lambda *a: tables.append(len(out := real(*a))) or out,
    )
    log = level_path(*args)
    assert max(tables) >= 2  # the several-tables branch ran
    names = ("parent", "leaf", "r_node", "r_branch", "n_leaves", "end")
    loop = _heap_links(SimpleNamespace(**dict(zip(names, args))), np.inf)
    assert [list(c) for c in log] == [list(c) for c in loop]
    assert sorted(log[0]) == sorted(set(log[0])) and 0 in log[0]


def test_the_level_pass_runs_from_levels_from_inner_nodes_on(monkeypatch):
    # LEVELS_FROM is the first count of inner nodes worked out level by level (the tennis
    # tree has 4): the threshold is "from", not "above"
    from dtlearn.pruning import cost_complexity

    tree = dt.CARTClassifier().fit(*dt.load_play_tennis(numeric=True)).tree_
    calls = []
    real = cost_complexity.level_path
    monkeypatch.setattr(cost_complexity, "level_path", lambda *a: calls.append(1) or real(*a))
    for start, expected in [(4, 1), (5, 0), (3, 1)]:
        monkeypatch.setattr(cost_complexity, "LEVELS_FROM", start)
        calls.clear()
        alphas = cost_complexity_path(tree).ccp_alphas.tolist()
        assert len(calls) == expected
        assert alphas == _weakest_links(tree, levels=False)[1].tolist()
    # a path cut at a finite alpha always runs the loop (the level pass does whole paths)
    calls.clear()
    assert cost_complexity.collapses_at(tree, [0.115]).tolist() == [2]
    assert calls == []
