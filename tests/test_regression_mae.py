"""MAE regression trees: leaf values are (weighted) medians, and shifting y shifts them.

A leaf predicts the median of its rows (numpy's, for equal weights); with weights, the
smallest value whose cumulative weight reaches half the total, or the midpoint with the
next value when it reaches exactly half (scikit-learn's weighted median, whose weighted
trees these equal). Adding a whole number to every target, exactly representable, leaves
the tree unchanged and adds that number to every leaf.
"""

import numpy as np
import pytest

import dtlearn as dt


def weighted_median(values, weights):
    order = np.argsort(values, kind="stable")
    v, c = np.asarray(values)[order], np.cumsum(np.asarray(weights)[order])
    half = c[-1] / 2
    i = int(np.searchsorted(c, half))
    return (v[i] + v[i + 1]) / 2 if c[i] == half and i + 1 < len(v) else v[i]


def _data(seed):
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 5, size=(40, 2)).astype(float)
    y = rng.integers(0, 10, size=40).astype(float)
    w = rng.integers(1, 4, size=40).astype(float)
    return X, y, w


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mae_leaves_are_medians_of_their_rows(seed):
    X, y, w = _data(seed)
    tree = dt.CARTRegressor(criterion="mae", max_depth=3).fit(X, y).tree_
    leaf = tree.apply(X)
    for node_id in np.unique(leaf):
        assert tree.node(node_id).value[0] == np.median(y[leaf == node_id])
    weighted = dt.CARTRegressor(criterion="mae", max_depth=3).fit(X, y, sample_weight=w).tree_
    leaf = weighted.apply(X)
    for node_id in np.unique(leaf):
        rows = leaf == node_id
        assert weighted.node(node_id).value[0] == weighted_median(y[rows], w[rows])
    assert weighted.root.value[0] == weighted_median(y, w)


def test_a_weighted_median_at_exactly_half_the_weight_is_a_midpoint():
    X = np.zeros((4, 1))
    y = np.array([1.0, 2.0, 4.0, 8.0])
    tree = dt.CARTRegressor(criterion="mae").fit(X, y, sample_weight=[1, 1, 1, 1]).tree_
    assert tree.root.value[0] == 3.0  # cumulative weight 2 of 4 at y = 2: (2 + 4) / 2
    tree = dt.CARTRegressor(criterion="mae").fit(X, y, sample_weight=[1, 2, 1, 1]).tree_
    assert tree.root.value[0] == 2.0  # 3 of 5 at y = 2, past half: y = 2


@pytest.mark.parametrize("shift", [1, 3, -7, 1000])
@pytest.mark.parametrize("weighted", [False, True])
def test_shifting_the_targets_by_a_whole_number_shifts_the_leaves(shift, weighted):
    X, y, w = _data(4)
    kw = {"sample_weight": w} if weighted else {}
    base = dt.CARTRegressor(criterion="mae", max_depth=3).fit(X, y, **kw).tree_
    moved = dt.CARTRegressor(criterion="mae", max_depth=3).fit(X, y + shift, **kw).tree_
    assert [n.node_id for n in moved.nodes()] == [n.node_id for n in base.nodes()]
    for a, b in zip(base.nodes(), moved.nodes()):
        assert (a.split is None) == (b.split is None)
        if a.split is not None:
            assert a.split.conditions(base.schema) == b.split.conditions(moved.schema)
        assert b.value[0] == a.value[0] + shift
        assert b.impurity == pytest.approx(a.impurity, abs=1e-9)


def test_weighted_mae_trees_predict_as_scikit_learns():
    pytest.importorskip("sklearn")
    from sklearn.tree import DecisionTreeRegressor

    X, y, w = _data(0)
    ours = dt.CARTRegressor(criterion="mae", max_depth=3).fit(X, y, sample_weight=w)
    theirs = DecisionTreeRegressor(criterion="absolute_error", max_depth=3, random_state=0)
    theirs.fit(X, y, sample_weight=w)
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))
