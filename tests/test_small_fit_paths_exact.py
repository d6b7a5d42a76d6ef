"""The small-fit shortcuts of level-wise growth (issue 42) against the paths they stand for.

A fit of a thousand rows is bound by per-level numpy calls and passes, so level-wise growth
takes a few shortcuts there: the root's sorted orders from numpy's default sort with each
run of equal values put back in position order (``levels.stable_argsort``), one-byte keys
for the radix sorts that route rows and filter orders when a level has few nodes, the scan
weights gathered from an integer copy (``Grower.whole_scan_counts``), the no-NaN check of
``levels.applies`` as one sum, and the levels of no leaf scanned without selecting their
nodes. Each must give the bits of the way it replaces: numpy's stable sort, the filter of
the wider keys, the cast-as-gathered weights and node-by-node growth.
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from same_growth import assert_same_growth

import dtlearn as dt
from dtlearn.grow import loop
from dtlearn.grow.fast import levels


@settings(max_examples=300, deadline=None)
@given(
    n=st.integers(0, 400),
    distinct=st.sampled_from([1, 2, 5, 40, 10_000]),
    signed_zeros=st.booleans(),
    infinities=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_stable_argsort_is_numpys_stable_sort(n, distinct, signed_zeros, infinities, seed):
    # few distinct values: many long runs (the stable sort itself); many: a few short runs
    rng = np.random.default_rng(seed)
    values = rng.integers(0, distinct, size=n).astype(float) - distinct // 2
    if signed_zeros:  # -0.0 == 0.0: one run, in position order
        values[rng.uniform(size=n) < 0.2] = -0.0
    if infinities:
        values[rng.uniform(size=n) < 0.1] = rng.choice([-np.inf, np.inf])
    got = levels.stable_argsort(values)
    np.testing.assert_array_equal(got, np.argsort(values, kind="stable"))
    assert got.dtype == np.argsort(values, kind="stable").dtype


def test_stable_argsort_of_distinct_values_and_of_a_few_ties():
    values = np.array([0.5, -1.0, 2.0, 0.25])
    assert levels.stable_argsort(values).tolist() == [1, 3, 0, 2]
    values = np.linspace(0.0, 1.0, 100)[::-1].copy()
    values[[10, 50, 90]] = 0.5  # one run of four equal values, far apart
    np.testing.assert_array_equal(levels.stable_argsort(values), np.argsort(values, kind="stable"))


@pytest.mark.parametrize("nodes", [1, 2, 126, 127, 128, 300])
def test_filtered_orders_with_one_and_two_byte_keys_are_each_nodes_rows_sorted(nodes):
    # up to 126 next nodes the filter's keys are one byte, then two: the same rows
    rng = np.random.default_rng(nodes)
    n, f = 1500, 3
    X = rng.integers(0, 30, size=(n, f)).astype(float)  # ties: the order within them counts
    order = levels.sorted_orders(X, np.arange(n), np.arange(f))
    dest = rng.integers(-1, nodes, size=n)
    rows = [np.flatnonzero(dest == j) for j in range(nodes)]
    for small in (0, levels.SMALL_ORDER, n * f):  # column by column, one call
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(levels, "SMALL_ORDER", small)
            out = levels.filter_orders_by(
                order.copy(), np.concatenate(rows), np.array([len(r) for r in rows]), n
            )
        offset = 0
        for own in rows:
            for c in range(f):
                expected = own[np.argsort(X[own, c], kind="stable")]
                np.testing.assert_array_equal(out[offset : offset + len(own), c], expected)
            offset += len(own)
        assert offset == len(out)


def test_whole_scan_counts_are_the_weights_as_integers_up_to_their_limit():
    X, y = np.arange(20.0).reshape(-1, 1), np.arange(20) % 3
    grower = dt.CARTClassifier().make_grower(X, y, np.arange(20) % 4)
    counts = grower.whole_scan_counts
    assert counts.dtype == np.int64
    np.testing.assert_array_equal(counts, grower.scan_weights)
    assert dt.CARTClassifier().make_grower(X, y, np.full(20, 0.5)).whole_scan_counts is None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(loop, "WHOLE_COUNTS_MAX", 3 * 20 - 1)  # one entry too many
        assert dt.CARTClassifier().make_grower(X, y).whole_scan_counts is None
        patch.setattr(loop, "WHOLE_COUNTS_MAX", 3 * 20)
        assert dt.CARTClassifier().make_grower(X, y).whole_scan_counts is not None


def noisy(n, d, seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)).astype(np.float32).astype(float)  # float32: some ties
    y = (X[:, 0] + X[:, 1] * X[:, 2] + 0.5 * rng.normal(size=n) > 0).astype(int)
    return X, y


@pytest.mark.parametrize("limit", [0, loop.WHOLE_COUNTS_MAX])
def test_a_fit_gathers_its_weights_from_integers_or_floats_alike(limit):
    X, y = noisy(600, 4, 3)
    w = np.random.default_rng(4).integers(1, 4, size=len(y)).astype(float)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(loop, "WHOLE_COUNTS_MAX", limit)
        a = dt.CARTClassifier().fit(X, y, sample_weight=w)
    b = dt.CARTClassifier().fit(X, y, sample_weight=w)
    assert a.tree_.to_json() == b.tree_.to_json()
    assert [s.to_dict() for s in a.steps_] == [s.to_dict() for s in b.steps_]


def test_wide_levels_route_with_two_byte_keys_as_node_by_node_growth():
    # a level of 64 or more splitting nodes routes with two-byte keys, of fewer with one
    X, y = noisy(6000, 3, 0)
    model = dt.CARTClassifier()
    fast, slow = model.make_grower(X, y), model.make_grower(X, y)
    fast.run()
    slow.run(level_wise=False)
    widths = np.bincount([s.depth for s in fast.steps if s.chosen is not None])
    assert widths.max() >= 64 and widths.min() < 64  # both key widths were used
    assert_same_growth(fast, slow)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(2, 80),
    d=st.integers(1, 3),
    k=st.integers(2, 4),
    distinct=st.sampled_from([2, 5, 1000]),
    depth=st.sampled_from([None, 1, 3]),
    seed=st.integers(0, 2**32 - 1),
)
def test_levels_with_and_without_leaves_grow_the_node_by_node_tree(n, d, k, distinct, depth, seed):
    # pure children, one-row children and max_depth make levels where some nodes are
    # leaves (their scan selects nodes) and levels where none is (it takes them all)
    rng = np.random.default_rng(seed)
    X = rng.integers(0, distinct, size=(n, d)).astype(float)
    y = rng.integers(0, k, size=n)
    model = dt.CARTClassifier(max_depth=depth)
    fast, slow = model.make_grower(X, y), model.make_grower(X, y)
    assert levels.applies(fast)
    fast.run()
    slow.run(level_wise=False)
    assert_same_growth(fast, slow)


@pytest.mark.parametrize(
    ("value", "applies"), [(np.nan, False), (1e308, True), (-1e308, True), (5.0, True)]
)
def test_level_wise_growth_refuses_nan_and_only_nan(value, applies):
    # the check is one sum when it is finite; an infinite one (large values whose sum
    # overflows) looks for NaN column by column. NaN as a learner that accepts missing
    # values would encode it (CART refuses it at fit)
    grower = dt.CARTClassifier().make_grower(np.arange(24.0).reshape(8, 3), np.arange(8) % 2)
    grower.X = grower.X.copy()  # encode lent the caller's array, read-only
    grower.X[[2, 5], 1] = value  # 1e308 twice: the sum overflows
    assert levels.applies(grower) is applies
