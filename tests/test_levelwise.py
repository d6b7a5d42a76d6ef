"""Level-wise growth (dtlearn.grow.fast.levels) grows exactly what node-by-node growth grows."""

from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from same_growth import assert_same_growth

import dtlearn as dt
from dtlearn import criteria
from dtlearn.grow import GrowthConfig, scanners
from dtlearn.grow.fast import levels
from dtlearn.grow.scanners import flat_cuts, segment_cuts, threshold_cuts, whole_weights

CLASSIFICATION = criteria.names("classification")


def both_ways(make):
    """Grow two fresh growers, level-wise and node by node; return them."""
    fast, slow = make(), make()
    assert levels.applies(fast)
    fast.run()
    slow.run(level_wise=False)
    return fast, slow


@st.composite
def problems(draw):
    n = draw(st.integers(2, 50))
    d = draw(st.integers(1, 3))
    k = draw(st.integers(2, 4))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    levels_per_column = draw(st.sampled_from([2, 4, 50]))  # few values: many ties
    X = pd.DataFrame(
        rng.integers(0, levels_per_column, size=(n, d)).astype(float),
        columns=[f"x{j}" for j in range(d)],
    )
    if draw(st.booleans()):
        X["colour"] = rng.choice(["red", "green", "blue", "grey"], size=n)
    y = rng.integers(0, k, size=n)
    weights = draw(st.sampled_from(["none", "integers", "floats"]))
    w = None
    if weights == "integers":
        w = rng.integers(0, 4, size=n).astype(float)
    elif weights == "floats":
        w = rng.uniform(0.0, 2.0, size=n) * (rng.uniform(size=n) > 0.15)
    if w is not None and not (w > 0).any():
        w[0] = 1.0
    return X, y, w


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    problem=problems(),
    criterion=st.sampled_from(CLASSIFICATION + ("cost_gini",)),
    leaf=st.integers(1, 3),
    depth=st.sampled_from([None, 1, 2, 4]),
    decrease=st.sampled_from([0.0, 0.0, 0.01, 0.1]),
)
def test_cart_level_wise_grows_the_node_by_node_tree_and_steps(
    problem, criterion, leaf, depth, decrease
):
    X, y, w = problem
    k = len(np.unique(y))
    cost = None
    if criterion == "cost_gini":
        if k < 2:
            return
        cost = np.ones((k, k)) - np.eye(k)
        cost[0, -1] = 3.0
        criterion = "gini"
    model = dt.CARTClassifier(
        criterion=criterion,
        min_samples_leaf=leaf,
        max_depth=depth,
        min_impurity_decrease=decrease,
        cost_matrix=cost,
    )
    assert_same_growth(*both_ways(lambda: model.make_grower(X, y, w)))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    problem=problems(),
    leaf=st.integers(1, 3),
    depth=st.sampled_from([None, 1, 2, 4]),
    decrease=st.sampled_from([0.0, 0.0, 0.01, 0.3]),
    target=st.sampled_from(["ties", "noise"]),
)
def test_regression_level_wise_grows_the_node_by_node_tree_and_steps(
    problem, leaf, depth, decrease, target
):
    X, codes, w = problem
    rng = np.random.default_rng(len(codes))
    y = codes.astype(float) if target == "ties" else codes + rng.normal(size=len(codes))
    model = dt.CARTRegressor(min_samples_leaf=leaf, max_depth=depth, min_impurity_decrease=decrease)
    assert_same_growth(*both_ways(lambda: model.make_grower(X, y, w)))


def test_regression_level_wise_matches_scikit_learn_on_the_training_rows():
    from sklearn.tree import DecisionTreeRegressor

    rng = np.random.default_rng(3)
    X = rng.normal(size=(2000, 4)).astype(np.float32).astype(float)
    y = X[:, 0] + X[:, 1] * X[:, 2] + 0.3 * rng.normal(size=2000)
    ours = dt.CARTRegressor(min_samples_leaf=3).fit(X, y)
    assert levels.applies(ours.make_grower(X, y))
    theirs = DecisionTreeRegressor(min_samples_leaf=3, random_state=0).fit(X, y)
    assert ours.tree_.n_nodes == theirs.tree_.node_count
    np.testing.assert_allclose(ours.predict(X), theirs.predict(X), rtol=1e-12)
    assert ours.tree_.root.split.threshold == theirs.tree_.threshold[0]


@pytest.mark.parametrize("criterion", CLASSIFICATION)
@pytest.mark.parametrize("seed", range(6))
def test_a_limit_at_a_splits_own_decrease_is_decided_as_node_by_node(criterion, seed):
    # level-wise growth decides most nodes from the scan's decrease, which may differ from
    # a built candidate's in the last bits: at a limit it must defer to the candidate
    rng = np.random.default_rng(seed)
    X = pd.DataFrame(rng.integers(0, 30, size=(60, 2)).astype(float), columns=["a", "b"])
    y = rng.integers(0, 3, size=60)
    w = rng.integers(1, 4, size=60).astype(float) if seed % 2 else None
    grown = dt.CARTClassifier(criterion=criterion).make_grower(X, y, w)
    grown.run(level_wise=False)
    decreases = [s.chosen.scores["weighted_decrease"] for s in grown.steps if s.chosen][:6]
    for limit in decreases:
        for nudge in (-1e-12, 0.0, 1e-12):
            model = dt.CARTClassifier(
                criterion=criterion, min_impurity_decrease=max(limit + nudge, 0.0)
            )
            assert_same_growth(*both_ways(lambda: model.make_grower(X, y, w)))


def test_a_node_at_the_limit_builds_its_candidate_and_a_clear_one_does_not():
    X, y = dt.load_play_tennis(numeric=True)
    X = X[["temperature", "humidity"]]  # numeric columns only: the scan decides every node
    root_gain = dt.CARTClassifier().fit(X, y).steps_[0].chosen.scores["weighted_decrease"]
    at_limit = dt.CARTClassifier(min_impurity_decrease=root_gain).make_grower(X, y)
    clear = dt.CARTClassifier(min_impurity_decrease=root_gain / 2).make_grower(X, y)
    assert not levels.clearly_splits(at_limit, 14.0, root_gain)
    assert levels.clearly_splits(clear, 14.0, root_gain)
    at_limit.run(), clear.run()
    assert isinstance(at_limit.steps[0].choice, dt.grow.Candidate)  # built: the exact rule
    assert isinstance(clear.steps[0].choice, int)  # decided from the scan, built when read
    assert clear.steps[0].chosen == clear.steps[0].candidates[clear.steps[0].choice]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=problems(), criterion=st.sampled_from(CLASSIFICATION), zero_gain=st.booleans())
def test_id3_level_wise_grows_the_node_by_node_tree(problem, criterion, zero_gain):
    X, y, w = problem  # categorical columns split multiway: a feature leaves the path
    model = dt.ID3Classifier(criterion=criterion, stop_at_zero_gain=zero_gain)
    assert_same_growth(*both_ways(lambda: model.make_grower(X, y, w)))


@settings(max_examples=60, deadline=None)
@given(
    sizes=st.lists(st.integers(2, 30), min_size=1, max_size=6),
    f=st.integers(1, 3),
    k=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    criterion=st.sampled_from(CLASSIFICATION),
    leaf=st.integers(1, 4),
)
def test_a_level_scan_equals_each_node_scanned_alone(sizes, f, k, seed, criterion, leaf):
    rng = np.random.default_rng(seed)
    width = max(sizes)
    xs = np.zeros((len(sizes), width, f))
    onehot = np.zeros((len(sizes), width, f, k))
    alone = []
    for j, n in enumerate(sizes):
        x = np.sort(rng.integers(0, 5, size=(n, f)).astype(float), axis=0)
        o = np.zeros((n, f, k))
        o[np.arange(n)[:, None], np.arange(f)[None, :], rng.integers(0, k, size=(n, f))] = (
            rng.uniform(0.1, 2.0, size=(n, f))
        )
        o[:, 1:] = o[:, :1]  # every column holds the node's same rows, in its own order
        xs[j, :n], onehot[j, :n] = x, o
        xs[j, n:], onehot[j, n:] = 99.0, 7.0  # padding must not matter
        alone.append(
            threshold_cuts(
                x,
                o,
                criteria.get(criterion),
                GrowthConfig(criterion=criterion, min_samples_leaf=leaf),
            )
        )
    cuts = segment_cuts(
        xs,
        onehot,
        np.array(sizes),
        criteria.get(criterion),
        GrowthConfig(criterion=criterion, min_samples_leaf=leaf),
    )
    for j, one in enumerate(alone):
        np.testing.assert_array_equal(cuts.index[j], one.index)
        np.testing.assert_array_equal(cuts.n_cuts[j], one.n_cuts)
        chosen = one.index >= 0
        np.testing.assert_array_equal(cuts.score[j][chosen], one.score[chosen])
        np.testing.assert_array_equal(cuts.left[j][chosen], one.left[chosen])


@settings(max_examples=80, deadline=None)
@given(
    sizes=st.lists(st.integers(2, 30), min_size=1, max_size=8),
    f=st.integers(1, 3),
    k=st.integers(2, 7),
    seed=st.integers(0, 2**32 - 1),
    criterion=st.sampled_from(CLASSIFICATION),
    leaf=st.integers(1, 4),
    weight=st.sampled_from([1, 3]),
)
def test_a_level_scanned_end_to_end_equals_each_node_scanned_alone(
    sizes, f, k, seed, criterion, leaf, weight
):
    # whole-number weights: the unpadded scan's running sums are each node's own, exactly
    rng = np.random.default_rng(seed)
    settings_ = GrowthConfig(criterion=criterion, min_samples_leaf=leaf)
    xs, onehot, alone = [], [], []
    for n in sizes:
        x = np.sort(rng.integers(0, 5, size=(n, f)).astype(float), axis=0)
        o = np.zeros((n, f, k))
        o[np.arange(n)[:, None], np.arange(f)[None, :], rng.integers(0, k, size=(n, f))] = (
            rng.integers(1, weight + 1, size=(n, f))
        )
        o[:, 1:] = o[:, :1]  # every column holds the node's same rows, in its own order
        xs.append(x)
        onehot.append(o)
        alone.append(threshold_cuts(x, o, criteria.get(criterion), settings_))
    weighted = np.moveaxis(np.concatenate(onehot), -1, 0).copy()
    assert whole_weights(weighted)
    cuts = flat_cuts(
        np.concatenate(xs), weighted, np.array(sizes), criteria.get(criterion), settings_
    )
    # as the level scan hands them over: each column's rows along memory, the weights as
    # integers, and each node's counts and impurity known
    again = flat_cuts(
        np.ascontiguousarray(np.concatenate(xs).T).T,
        np.ascontiguousarray(np.moveaxis(np.concatenate(onehot), -1, 0).swapaxes(1, 2))
        .astype(np.int64)
        .swapaxes(1, 2),
        np.array(sizes),
        criteria.get(criterion),
        settings_,
        cuts.first,
    )
    for name in ("index", "score", "decrease", "n_cuts", "low", "high", "left", "right"):
        np.testing.assert_array_equal(getattr(again, name), getattr(cuts, name))
    for j, one in enumerate(alone):
        np.testing.assert_array_equal(cuts.index[j], one.index)
        np.testing.assert_array_equal(cuts.n_cuts[j], one.n_cuts)
        np.testing.assert_array_equal(cuts.score[j], one.score)
        np.testing.assert_array_equal(cuts.decrease[j], one.decrease)
        np.testing.assert_array_equal(cuts.left[j], one.left)
        np.testing.assert_array_equal(cuts.right[j], one.right)
        np.testing.assert_array_equal(cuts.low[j], one.low)
        np.testing.assert_array_equal(cuts.high[j], one.high)
        np.testing.assert_array_equal(cuts.first[0][j], one.first[0])
        np.testing.assert_array_equal(cuts.first[1][j], one.first[1])


def test_whole_weights_are_whole_numbers_with_an_exact_sum():
    assert whole_weights(np.array([[0.0, 1.0, 3.0]]))
    assert not whole_weights(np.array([[0.0, 1.5]]))
    assert not whole_weights(np.array([2.0**53]))


def test_fit_grows_level_wise_and_matches_scikit_learn():
    sklearn_tree = pytest.importorskip("sklearn.tree")
    rng = np.random.default_rng(3)
    # continuous and float32 (scikit-learn's precision): no ties between values
    X = rng.normal(size=(2000, 4)).astype(np.float32).astype(float)
    y = (X[:, 0] + X[:, 1] * X[:, 2] + 0.3 * rng.normal(size=2000) > 0).astype(int)
    # small nodes deep down tie between features, which scikit-learn breaks at random
    ours = dt.CARTClassifier(max_depth=6).fit(X, y)
    theirs = sklearn_tree.DecisionTreeClassifier(max_depth=6, random_state=0).fit(X, y)
    assert ours.tree_.n_nodes == theirs.tree_.node_count
    internal = theirs.tree_.children_left >= 0
    np.testing.assert_allclose(
        sorted(n.split.threshold for n in ours.tree_.nodes() if n.split is not None),
        sorted(theirs.tree_.threshold[internal]),
    )
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))
    # the steps fit recorded are those growth one node at a time takes
    slow = [s.node_id for s in dt.CARTClassifier(max_depth=6).grow_steps(X, y)]
    assert [s.node_id for s in ours.steps_] == slow


def with_missing(grower):
    grower.X = grower.X.copy()  # encode lent the caller's array, read-only
    grower.X[0, 1] = np.nan  # as a learner that accepts missing values would encode it
    return grower


@pytest.mark.parametrize(
    "make",
    [
        lambda X, y: dt.CARTClassifier(max_leaf_nodes=5).make_grower(X, y),
        lambda X, y: dt.C45Classifier().make_grower(X, y),
        lambda X, y: dt.CARTRegressor(criterion="mae").make_grower(X, y.astype(float)),
        lambda X, y: dt.ObliqueTreeClassifier().make_grower(X, y),
        lambda X, y: with_missing(dt.CARTClassifier().make_grower(X, y)),
    ],
)
def test_level_wise_stays_out_where_it_would_change_the_result(make):
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(60, 3)), rng.integers(0, 2, size=60)
    grower = make(X, y)
    assert not levels.applies(grower)
    with pytest.raises(ValueError, match="grower"):
        levels.grow(grower)


def test_reference_scanner_and_hand_driven_growth_stay_node_by_node():
    X, y = dt.load_play_tennis(numeric=True)
    grower = dt.CARTClassifier().make_grower(X, y)
    grower.expand(grower.root.node_id, "outlook")  # a person chose: no level-wise finish
    assert not levels.applies(grower)
    reference = dt.CARTClassifier().make_grower(X, y)
    object.__setattr__(
        reference,
        "config",
        GrowthConfig(criterion="gini", categorical_split="subset", scanner="reference"),
    )
    assert not levels.applies(reference)


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(4, 80),
    v=st.integers(2, 40),
    seed=st.integers(0, 2**32 - 1),
    leaf=st.integers(1, 3),
)
def test_regression_subset_split_is_the_best_category_partition(n, v, seed, leaf):
    rng = np.random.default_rng(seed)
    codes = rng.integers(0, v, n)
    X = pd.DataFrame({"cat": [f"c{c:02d}" for c in codes]})
    y = rng.normal(size=v)[codes] + rng.normal(size=n)
    grower = dt.CARTRegressor(min_samples_leaf=leaf).make_grower(X, y)
    best = grower.candidates(grower.root.node_id)[0]
    # brute force (Breiman: the best subset is a prefix of the categories ordered by mean)
    present = np.unique(codes)
    means = np.array([y[codes == c].mean() for c in present])
    ordered = present[np.argsort(means, kind="stable")]
    sse = lambda part: ((part - part.mean()) ** 2).sum() if len(part) else 0.0  # noqa: E731
    decreases = []
    for i in range(1, len(ordered)):
        left = np.isin(codes, ordered[:i])
        if min(left.sum(), (~left).sum()) >= leaf:
            decreases.append((sse(y) - sse(y[left]) - sse(y[~left])) / n)
    if not decreases:
        assert not best.admissible
        return
    assert best.admissible
    assert best.scores["impurity_decrease"] == pytest.approx(max(decreases), rel=1e-9, abs=1e-12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    problem=problems(),
    criterion=st.sampled_from(CLASSIFICATION),
    leaf=st.integers(1, 3),
    flat=st.sampled_from([0, levels.FLAT_BYTES]),
)
def test_a_level_scanned_one_node_and_one_column_at_a_time_grows_the_same_tree(
    problem, criterion, leaf, flat
):
    # no working budget: every node group holds one node, every column chunk one column
    # (flat=0: the padded scan, whatever the weights; else whole weights scan end to end)
    X, y, w = problem
    model = dt.CARTClassifier(criterion=criterion, min_samples_leaf=leaf)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(levels, "MIN_CHUNK_BYTES", 0)
        patch.setattr(levels, "FLAT_BYTES", flat)
        assert_same_growth(*both_ways(lambda: model.make_grower(X, y, w)))


@settings(max_examples=100, deadline=None)
@given(
    n=st.integers(1, 60),
    f=st.integers(1, 4),
    nodes=st.integers(1, 5),
    seed=st.integers(0, 2**32 - 1),
    small=st.sampled_from([0, levels.SMALL_ORDER]),
)
def test_filtered_orders_are_each_nodes_rows_sorted_afresh(n, f, nodes, seed, small):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(levels, "SMALL_ORDER", small)  # 0: column by column, in place
        check_filtered_orders(n, f, nodes, seed)


def check_filtered_orders(n, f, nodes, seed):
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 4, size=(n, f)).astype(float)  # few values: many ties
    order = levels.sorted_orders(X, np.arange(n), np.arange(f))
    for c in range(f):  # the sort is numpy's stable one, column by column
        np.testing.assert_array_equal(order[:, c], np.argsort(X[:, c], kind="stable"))
    dest = rng.integers(-1, nodes, size=n)  # -1: the row goes to no scanned node
    following = [
        levels.Pending(SimpleNamespace(rows=np.flatnonzero(dest == j))) for j in range(nodes)
    ]
    out = levels.filter_orders(order, following, n)
    offset = 0
    for p in following:
        rows = p.state.rows  # ascending, as the engine keeps them
        for c in range(f):
            expected = rows[np.argsort(X[rows, c], kind="stable")]
            np.testing.assert_array_equal(out[offset : offset + len(rows), c], expected)
        offset += len(rows)
    assert offset == len(out)


@given(
    lengths=st.lists(st.integers(1, 3000), min_size=1, max_size=40),
    k=st.integers(2, 5),
    budget=st.integers(0, 2**16),
)
def test_node_groups_hold_every_node_once_within_one_size_class_and_the_budget(lengths, k, budget):
    lengths = np.array(lengths)
    groups = levels.node_groups(lengths, k, budget)
    assert sorted(np.concatenate(groups).tolist()) == list(range(len(lengths)))
    classes = levels.size_classes(lengths)
    for g in groups:
        assert len(set(classes[g].tolist())) == 1
        padded = len(g) * int(lengths[g].max()) * k * 8
        assert len(g) == 1 or padded <= budget


@settings(max_examples=150, deadline=None)
@given(
    lengths=st.lists(
        st.sampled_from(
            [0, 1, 2, 5, 7, 8, 9, 15, 16, 17, 127, 128, 129, 130, 255, 256, 300, 1000, 3001]
        ),
        min_size=1,
        max_size=8,
    ),
    seed=st.integers(0, 2**32 - 1),
    kind=st.sampled_from(["normal", "rounded", "zeros"]),
)
def test_segment_sums_are_numpys_own_sums_bit_for_bit(lengths, seed, kind):
    from dtlearn.grow.fast.sums import segment_sums

    rng = np.random.default_rng(seed)
    n = sum(lengths)
    a = rng.normal(size=(2, n)) * 10.0 ** rng.integers(-8, 8, size=n)
    if kind == "rounded":  # few distinct values: sums that cancel exactly
        a = np.round(a / np.abs(a).max(initial=1.0), 1)
    elif kind == "zeros":  # signed zeros: -0.0 + -0.0 keeps its sign, numpy's sum does not
        a[:, rng.uniform(size=n) < 0.7] = -0.0
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
    got = segment_sums(a, starts, np.array(lengths))
    for j, (s, m) in enumerate(zip(starts, lengths)):
        for r in range(2):
            expected = a[r, s : s + m].copy().sum()  # what Grower._stats sums
            assert got[r, j] == expected and np.signbit(got[r, j]) == np.signbit(expected)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=problems(), offset=st.sampled_from([0.0, 0.1, 1e6]), leaf=st.integers(1, 3))
def test_regression_node_statistics_of_a_level_are_each_nodes_own(problem, offset, leaf):
    # means and squared errors summed for a whole level are the floats _stats gives a
    # node alone (an offset target: the squared error is tiny against the mean square)
    X, codes, w = problem
    y = offset + codes / 3.0
    grower = dt.CARTRegressor(min_samples_leaf=leaf).make_grower(X, y, w)
    assert levels.sums_stats(grower)
    rng = np.random.default_rng(len(y))
    rows = np.flatnonzero(grower.scan_weights[0] > 0)
    weights = grower.scan_weights[0][rows]
    cut = np.sort(rng.integers(0, len(rows) + 1, size=3))
    parts = [(rows[a:b], weights[a:b]) for a, b in zip(np.r_[0, cut], np.r_[cut, len(rows)])]
    for (rows_, weights_), (stats, impurity) in zip(parts, levels.regression_stats(grower, parts)):
        if len(rows_):
            alone, alone_impurity = grower._stats(rows_, weights_)
            np.testing.assert_array_equal(stats, alone)
            assert impurity == alone_impurity


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=problems(), leaf=st.integers(1, 3), offset=st.sampled_from([0.0, 1e6]))
def test_regression_level_scanned_one_node_and_one_column_at_a_time_grows_the_same_tree(
    problem, leaf, offset
):
    X, codes, w = problem
    y = offset + codes + np.random.default_rng(len(codes)).normal(size=len(codes))
    model = dt.CARTRegressor(min_samples_leaf=leaf)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(levels, "MIN_CHUNK_BYTES", 0)
        assert_same_growth(*both_ways(lambda: model.make_grower(X, y, w)))


@pytest.mark.parametrize("offset", [0.0, 1e4])
@pytest.mark.parametrize("seed", range(4))
def test_a_regression_limit_at_a_splits_own_decrease_is_decided_as_node_by_node(offset, seed):
    # the margin of a decision left unbuilt is relative to the node's mean square: with an
    # offset target the scan's and the candidate's decreases differ by far more than 1e-15
    rng = np.random.default_rng(seed)
    X = pd.DataFrame(rng.integers(0, 30, size=(60, 2)).astype(float), columns=["a", "b"])
    y = offset + rng.normal(size=60)
    w = rng.integers(1, 4, size=60).astype(float) if seed % 2 else None
    grown = dt.CARTRegressor().make_grower(X, y, w)
    grown.run(level_wise=False)
    decreases = [s.chosen.scores["weighted_decrease"] for s in grown.steps if s.chosen][:6]
    for limit in decreases:
        for nudge in (-1e-12, 0.0, 1e-12):
            model = dt.CARTRegressor(min_impurity_decrease=max(limit * (1 + nudge), 0.0))
            assert_same_growth(*both_ways(lambda: model.make_grower(X, y, w)))


@settings(max_examples=80, deadline=None)
@given(
    n=st.integers(2, 60),
    f=st.integers(1, 3),
    seed=st.integers(0, 2**32 - 1),
    offset=st.sampled_from([0.0, 1e-6, 1e6]),
    weighted=st.booleans(),
)
def test_squared_error_scan_scores_are_the_criterions_own_floats(n, f, seed, offset, weighted):
    from dtlearn.grow.scanners import squared_error_scores

    rng = np.random.default_rng(seed)
    y = offset + rng.normal(size=n) * rng.choice([1e-3, 1.0, 1e3])
    w = rng.uniform(0.01, 3.0, size=n) if weighted else np.ones(n)
    order = np.stack([rng.permutation(n) for _ in range(f)], axis=1)  # the node's rows, by column
    y, w = y[order], w[order]
    cum = np.cumsum(np.stack([w, w * y, w * y * y], axis=-1), axis=0)[None]
    left, total = cum[:, :-1], cum[:, -1, 0]
    rule = criteria.get("mse")
    parent = rule.node_impurity(total, None)
    valid = np.ones(left.shape[:3], bool)
    fast = squared_error_scores(left, total, parent, valid)
    generic = rule.cut_scores(left, total[:, None, None] - left, None, parent[:, None, None])
    np.testing.assert_array_equal(fast[valid], generic[valid])
    assert valid.all()  # every side holds weight here


@settings(max_examples=300, deadline=None)
@given(
    n=st.integers(2, 80),
    seed=st.integers(0, 2**32 - 1),
    target=st.sampled_from(["noise", "ties", "offset", "tiny"]),
    weights=st.sampled_from(["none", "equal", "integers", "floats"]),
    heaps=st.booleans(),
)
def test_running_median_errors_stay_within_their_bound_of_the_exact_errors(
    n, seed, target, weights, heaps
):
    from dtlearn.criteria import absolute_error_cuts
    from dtlearn.grow import medians

    rng = np.random.default_rng(seed)
    ys = rng.normal(size=n)
    ys = {"noise": ys, "ties": np.round(ys), "offset": 1e6 + ys, "tiny": ys * 1e-9}[target]
    w = {
        "none": np.ones(n),
        "equal": np.full(n, 0.3),
        "integers": rng.integers(1, 4, size=n).astype(float),
        "floats": rng.uniform(0.01, 3.0, size=n),
    }[weights]
    with pytest.MonkeyPatch.context() as patch:
        if heaps:  # equal weights too: the heaps, not the sorted lists
            patch.setattr(medians, "SORTED_LIST_ROWS", 0)
        estimate, bound = medians.running_median_errors(ys, w)
    exact = absolute_error_cuts(ys, w, np.ones(n - 1, bool))
    assert np.all(np.abs(estimate - exact) <= bound)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    problem=problems(),
    leaf=st.integers(1, 3),
    target=st.sampled_from(["ties", "noise", "offset"]),
    equal=st.booleans(),
)
def test_mae_growth_with_running_medians_grows_the_tree_scoring_every_cut_grows(
    problem, leaf, target, equal
):
    # the running medians only rule cuts out; the cut chosen is the exact scan's
    from dtlearn.grow import scanners

    X, codes, w = problem
    if equal:  # every node takes the sorted lists of equal weights
        w = np.full(len(codes), 0.7)
    noise = np.random.default_rng(len(codes)).normal(size=len(codes))
    y = {"ties": codes.astype(float), "noise": codes + noise, "offset": 1e6 + codes + noise}[target]
    model = dt.CARTRegressor(criterion="mae", min_samples_leaf=leaf)
    fast = model.make_grower(X, y, w)
    fast.run()
    slow = model.make_grower(X, y, w)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(scanners, "near_best_median_cuts", lambda ys, w, valid, scale: valid)
        slow.run()
    assert fast.tree().to_json() == slow.tree().to_json()
    assert [s.to_dict() for s in fast.steps] == [s.to_dict() for s in slow.steps]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    problem=problems(),
    criterion=st.sampled_from(CLASSIFICATION + ("cost_gini",)),
    block=st.integers(1, 40),
)
def test_a_scan_scored_a_block_of_cuts_at_a_time_grows_the_same_tree(problem, criterion, block):
    # a large node's cuts are scored in blocks of positions (peak memory): the same floats
    X, y, w = problem
    cost = None
    if criterion == "cost_gini":
        k = len(np.unique(y))
        if k < 2:
            return
        cost, criterion = np.ones((k, k)) - np.eye(k), "gini"
    model = dt.CARTClassifier(criterion=criterion, cost_matrix=cost)
    whole, blocks = model.make_grower(X, y, w), model.make_grower(X, y, w)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(levels, "FLAT_BYTES", 0)  # every level by the padded scan
        whole.run()
        patch.setattr(scanners, "BLOCK_CUTS", block)
        blocks.run()
    assert_same_growth(blocks, whole)
