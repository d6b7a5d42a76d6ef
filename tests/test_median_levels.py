"""Level-wise MAE growth (dtlearn.grow.fast.median_levels) grows what node-by-node growth grows.

The oracle is node-by-node growth (``Grower.run(level_wise=False)``), whose columns are
scanned by the reference running medians (``scanners.regression_cut``); its cuts' floats
are :func:`dtlearn.criteria.absolute_error_cuts`'.
"""

import gc
import pickle

import numpy as np
import pandas as pd
import same_growth
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.criteria import absolute_error_cuts
from dtlearn.grow.fast import median_levels
from dtlearn.grow.fast.median_cuts import (
    GroupedRankSums,
    RankSums,
    cut_errors,
    exact_cut_errors,
    segment_bounds,
)
from dtlearn.grow.fast.scratch import Scratch


def assert_same_growth(fast, slow):
    same_growth.assert_same_growth(fast, slow)
    for a, b in zip(fast.steps, slow.steps):
        # the unbuilt scores the fast path ranks by are the built candidates' own
        assert [a.candidates.score_of(i) for i in range(len(a.candidates))] == [
            c.score for c in b.candidates
        ]


@st.composite
def problems(draw):
    n = draw(st.integers(2, 60))
    d = draw(st.integers(1, 3))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    x_values = draw(st.sampled_from([2, 4, 60]))  # few values: ties in x
    X = pd.DataFrame(
        rng.integers(0, x_values, size=(n, d)).astype(float), columns=[f"x{j}" for j in range(d)]
    )
    kind = draw(st.sampled_from(["few", "many", "floats", "offset", "constant", "shifted"]))
    if kind == "few":  # ties in y: many cuts of equal error
        y = rng.integers(0, 3, size=n).astype(float)
    elif kind == "constant":  # every cut of error 0: the root stays a leaf
        y = np.full(n, draw(st.sampled_from([0.0, -2.5, 1e12])))
    elif kind == "shifted":  # floats far from 0: each side's lower half rounds at that scale
        y = -3e7 + rng.normal(size=n)
    elif kind == "many":
        y = rng.integers(0, 1000, size=n).astype(float)
    elif kind == "floats":
        y = rng.normal(size=n) * 10.0 ** draw(st.integers(-3, 3))
    else:  # a large offset: the sums' rounding matters
        y = 1e9 + rng.integers(0, 5, size=n) * 0.25
    return X, y


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    problem=problems(),
    leaf=st.integers(1, 3),
    depth=st.sampled_from([None, 1, 2, 4]),
    split=st.sampled_from([2, 5]),
    decrease=st.sampled_from([0.0, 0.01, 0.3]),
)
def test_level_wise_mae_grows_the_reference_tree_and_steps(problem, leaf, depth, split, decrease):
    X, y = problem
    params = dict(
        criterion="mae",
        min_samples_leaf=leaf,
        max_depth=depth,
        min_samples_split=split,
        min_impurity_decrease=decrease,
    )
    fast = dt.CARTRegressor(**params).make_grower(X, y)
    slow = dt.CARTRegressor(**params).make_grower(X, y)
    assert median_levels.applies(fast)
    fast.run()
    slow.run(level_wise=False)
    assert_same_growth(fast, slow)


def test_the_fit_grows_level_wise_and_predicts_as_the_reference():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(300, 4)).round(1)
    y = X[:, 0] + rng.integers(0, 4, size=300)
    model = dt.CARTRegressor(criterion="mae").fit(X, y)
    slow = dt.CARTRegressor(criterion="mae").make_grower(X, y)
    slow.run(level_wise=False)
    assert model.tree_.to_dict()["nodes"] == slow.tree().to_dict()["nodes"]
    np.testing.assert_array_equal(model.predict(X), slow.tree().predict_values(X).ravel())


def test_a_saved_mae_model_keeps_its_steps_without_the_grower():
    # a level's candidates are one MedianScan (the grower's copy and the level's rows);
    # saved, every candidate is built and the scan becomes the built lists
    rng = np.random.default_rng(5)
    X = rng.normal(size=(80, 3)).round(1)
    y = rng.integers(0, 5, size=80).astype(float)
    model = dt.CARTRegressor(criterion="mae", min_impurity_decrease=0.01).fit(X, y)
    slow = dt.CARTRegressor(criterion="mae", min_impurity_decrease=0.01).make_grower(X, y)
    slow.run(level_wise=False)
    assert {type(scan).__name__ for scan in model.steps_.scans} == {"MedianScan"}
    saved = pickle.dumps(model)
    assert b"MedianScan" not in saved and b"Grower" not in saved
    loaded = pickle.loads(saved)
    assert {type(scan).__name__ for scan in loaded.steps_.scans} == {"BuiltScan"}
    for fitted in (model, loaded):
        assert fitted.tree_.to_dict()["nodes"] == slow.tree().to_dict()["nodes"]
        assert tuple(fitted.steps_) == tuple(slow.steps)


def test_a_fitted_mae_model_is_freed_by_reference_counting():
    # its steps' candidates hold a copy of the grower without the steps: no cycle, so the
    # cycle collector finds nothing once the model goes
    rng = np.random.default_rng(6)
    X, y = rng.normal(size=(200, 3)), rng.normal(size=200)
    model = dt.CARTRegressor(criterion="mae").fit(X, y)
    model.steps_[0].candidates[0]  # a step and a candidate made
    collecting = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        del model
        assert gc.collect() == 0
    finally:
        if collecting:
            gc.enable()


def test_weights_and_categories_take_the_node_by_node_path():
    X = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0], "b": ["u", "v", "u", "v"]})
    y = np.array([1.0, 2.0, 5.0, 9.0])
    mae = dt.CARTRegressor(criterion="mae")
    assert not median_levels.applies(mae.make_grower(X, y))  # a categorical column
    numeric = X[["a"]]
    assert median_levels.applies(mae.make_grower(numeric, y))
    assert not median_levels.applies(mae.make_grower(numeric, y, np.array([1.0, 2, 1, 1])))
    assert not median_levels.applies(dt.CARTRegressor().make_grower(numeric, y))  # mse


@st.composite
def segments(draw):
    lengths = draw(st.lists(st.integers(2, 40), min_size=1, max_size=5))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    scale = 10.0 ** draw(st.integers(-2, 6))
    offset = draw(st.sampled_from([0.0, 1e6]))
    parts = [
        offset + scale * rng.integers(0, draw(st.sampled_from([1, 2, 5, 1000])), size=n)
        for n in lengths
    ]
    return [p.astype(float) for p in parts]


def local_ranks(parts):
    return np.concatenate([np.argsort(np.argsort(p, kind="stable"), kind="stable") for p in parts])


@settings(max_examples=150, deadline=None)
@given(parts=segments(), grouped=st.booleans())
def test_running_medians_estimate_every_cut_within_their_bound(parts, grouped):
    y = np.concatenate(parts)
    lengths = np.array([len(p) for p in parts])
    centre = np.repeat([np.median(p) for p in parts], lengths)
    ranks = local_ranks(parts)
    if grouped:  # each segment its own matrix
        sums = GroupedRankSums(ranks, y - centre, y, np.cumsum(lengths))
    else:
        sums = RankSums(ranks, y - centre, y)
    errors, bound = cut_errors(sums, y - centre, lengths)
    exact = np.concatenate(
        [absolute_error_cuts(p, np.ones(len(p)), np.ones(len(p) - 1, bool)) * len(p) for p in parts]
    )
    # the reference's floats are within a few units in the last place of the true sums
    assert (np.abs(errors - exact) <= bound + 1e-13 * np.abs(exact)).all()
    starts, segment = segment_bounds(lengths)
    cut = np.concatenate([np.arange(n - 1) for n in lengths])
    medians = sums.medians(starts, starts + lengths)
    np.testing.assert_array_equal(medians, [np.median(p) for p in parts])
    by_sorting = exact_cut_errors(y, starts[segment], lengths[segment], cut)
    by_ranks = exact_cut_errors(y, starts[segment], lengths[segment], cut, sums)
    reference = np.concatenate(
        [absolute_error_cuts(p, np.ones(len(p)), np.ones(len(p) - 1, bool)) for p in parts]
    )
    assert by_sorting.tolist() == reference.tolist()  # the very floats
    assert by_ranks.tolist() == reference.tolist()


def test_the_kth_smallest_of_ranges_by_hand():
    y = np.array([5.0, 1.0, 4.0, 2.0, 3.0])
    sums = RankSums(np.array([4, 0, 3, 1, 2]), y - 3.0, y)
    lo, hi, k = np.array([0, 1, 2, 0]), np.array([5, 4, 5, 1]), np.array([2, 1, 0, 0])
    # [5 1 4 2 3]: the 3rd smallest 3; [1 4 2]: the 2nd 2; [4 2 3]: the 1st 2; [5]: 5
    assert sums.kth(lo, hi, k).tolist() == [3.0, 2.0, 2.0, 5.0]
    assert sums.kth_values(lo, hi, k).tolist() == [0.0, -1.0, -1.0, 2.0]


def test_cut_errors_by_hand_with_ties_and_odd_and_even_sides():
    # y = [3, 1, 3, 3, 0] (ranks break the ties by position); cut after 2 rows: [3 1] has
    # median 2, error 2; [3 3 0] median 3, error 3: 5 in all
    y = np.array([3.0, 1.0, 3.0, 3.0, 0.0])
    sums = RankSums(np.array([2, 1, 3, 4, 0]), y, y)
    errors, bound = cut_errors(sums, y, np.array([5]))
    # [3] | [1 3 3 0]: 0 + 5; [3 1] | [3 3 0]: 2 + 3; [3 1 3] | [3 0]: 2 + 3; [3 1 3 3] | [0]: 2
    assert errors.tolist() == [5.0, 5.0, 5.0, 2.0]
    assert (bound < 1e-12).all()


@settings(max_examples=60, deadline=None)
@given(parts=segments(), first=segments(), seed=st.integers(0, 2**32 - 1))
def test_a_scratch_written_by_an_earlier_level_answers_as_new_arrays(parts, first, seed):
    # one Scratch for two levels: the second level's answers are the ranges' own sorted values
    scratch = Scratch()
    GroupedRankSums(
        local_ranks(first),
        np.concatenate(first),
        np.concatenate(first),
        np.cumsum([len(p) for p in first]),
        scratch,
    )
    y = np.concatenate(parts)
    ends = np.cumsum([len(p) for p in parts])
    sums = GroupedRankSums(local_ranks(parts), y, y, ends, scratch)
    rng = np.random.default_rng(seed)
    slice_of = rng.integers(0, len(parts), size=20)  # queries in any order of the slices
    starts = ends - [len(p) for p in parts]
    lo = starts[slice_of] + rng.integers(0, 2, size=20) * (ends[slice_of] - starts[slice_of]) // 2
    hi = np.maximum(lo + 1, ends[slice_of] - rng.integers(0, 2, size=20))
    k = rng.integers(0, hi - lo)
    ordered = [np.sort(y[a:b]) for a, b in zip(lo, hi)]
    assert sums.kth(lo, hi, k).tolist() == [o[j] for o, j in zip(ordered, k)]
    assert sums.kth_values(lo, hi, k).tolist() == [o[j] for o, j in zip(ordered, k)]


@settings(max_examples=60, deadline=None)
@given(parts=segments(), seed=st.integers(0, 2**32 - 1))
def test_int32_and_int64_counts_give_the_same_answers(parts, seed):
    # RankSums descends in int32 below median_cuts.NARROW_BELOW rows, in int64 above: both
    # widths answer every query alike, and the seam does switch the width
    import dtlearn.grow.fast.median_cuts as median_cuts

    y = np.concatenate(parts)
    ends = np.cumsum([len(p) for p in parts])
    starts = ends - [len(p) for p in parts]
    rng = np.random.default_rng(seed)
    slice_of = rng.integers(0, len(parts), size=30)
    lo = starts[slice_of] + rng.integers(0, 2, size=30) * (ends[slice_of] - starts[slice_of]) // 2
    hi = np.maximum(lo + 1, ends[slice_of] - rng.integers(0, 2, size=30))
    k = rng.integers(0, hi - lo)
    answers, widths = [], []
    saved = median_cuts.NARROW_BELOW
    for below in (saved, 0):
        median_cuts.NARROW_BELOW = below
        try:
            sums = GroupedRankSums(local_ranks(parts), y, y, ends)
        finally:
            median_cuts.NARROW_BELOW = saved
        widths.append({zeros.dtype for zeros, _, _ in sums.levels})
        answers.append((sums.kth(lo, hi, k).tolist(), sums.medians(starts, ends).tolist()))
    assert widths == [{np.dtype(np.int32)}, {np.dtype(np.int64)}]
    ordered = [np.sort(y[a:b]) for a, b in zip(lo, hi)]
    assert answers[0] == answers[1]
    assert answers[0][0] == [o[j] for o, j in zip(ordered, k)]
    assert answers[0][1] == [float(np.median(p)) for p in parts]
