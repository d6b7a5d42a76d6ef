"""Saved growth steps, running medians and scratch arrays, against hand-made expectations.

``dtlearn.grow.packing``: packing keeps each inner step's rows no child got and unpacking
is the identity (ID3 on play tennis; C4.5 sending a row with a missing value down every
branch; rows out of order kept whole). ``dtlearn.grow.medians``: the running estimate of
every cut's absolute error and the bound its docstring states, both row paths.
``dtlearn.grow.fast.scratch``: arrays kept by name, grown when short.
"""

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.criteria import absolute_error_cuts
from dtlearn.grow import medians
from dtlearn.grow.fast.scratch import Scratch
from dtlearn.grow.medians import running_median_errors
from dtlearn.grow.packing import PackedSteps, small_ints

EPS = np.finfo(float).eps


def rows_of(steps):
    return [None if s.rows is None else np.asarray(s.rows).tolist() for s in steps]


# ------------------------------------------------------------------ packed steps
def test_packing_keeps_only_what_no_child_got_and_unpacks_to_the_same_rows():
    steps = tuple(dt.ID3Classifier().fit(*dt.load_play_tennis()).steps_)
    packed = PackedSteps.pack(steps)
    assert all(s.rows is None for s in packed.steps)
    # the root's 14 rows all went to its three children: nothing of its own
    assert packed.rest[0].tolist() == [] and packed.rest[0].dtype == np.int32
    children = [i for i, s in enumerate(steps) if s.parent_id == 0]
    assert packed.derived[0] == (children, steps[0].rows.dtype.str)
    for i, s in enumerate(steps):
        if s.chosen is None:  # a leaf keeps its rows
            assert packed.derived[i] is None and packed.rest[i].tolist() == s.rows.tolist()
    unpacked = packed.unpack()
    assert rows_of(unpacked) == rows_of(steps)
    assert [u.rows.dtype for u in unpacked] == [s.rows.dtype for s in steps]
    assert [u.node_id for u in unpacked] == [s.node_id for s in steps]


def test_a_row_sent_down_several_branches_is_counted_once():
    # C4.5 sends the row whose outlook is missing down every branch
    X, y = dt.load_play_tennis()
    X = X.copy()
    X.loc[0, "outlook"] = np.nan
    steps = tuple(dt.C45Classifier(min_samples_leaf=1).fit(X, y).steps_)
    packed = PackedSteps.pack(steps)
    assert rows_of(packed.unpack()) == rows_of(steps)
    assert rows_of(steps)[0] == list(range(14))


def test_rows_out_of_order_are_kept_whole():
    steps = tuple(dt.ID3Classifier().fit(*dt.load_play_tennis()).steps_)
    shuffled = (
        steps[0].__class__(
            **{
                **{f: getattr(steps[0], f) for f in steps[0].__dataclass_fields__},
                "rows": steps[0].rows[::-1].copy(),
            }
        ),
    ) + steps[1:]
    packed = PackedSteps.pack(shuffled)
    assert packed.derived[0] is None and packed.rest[0].tolist() == list(range(13, -1, -1))
    assert rows_of(packed.unpack()) == rows_of(shuffled)


def test_a_growth_record_is_already_packed():
    X, y = dt.load_play_tennis(numeric=True)
    record = dt.CARTClassifier().fit(X[["temperature", "humidity"]], y).steps_
    assert PackedSteps.pack(record) is record


def test_small_ints_keep_64_bits_only_past_32():
    assert small_ints(np.array([2**31 - 1])).dtype == np.int32
    assert small_ints(np.array([2**31])).dtype == np.int64


# ------------------------------------------------------------------ running medians
def test_running_median_errors_by_hand_and_their_stated_bound():
    # y = 1 2 9 4, w = 1: cut 0: 1 | 2 9 4 (median 4: 2 + 0 + 5) = 7 / 4;
    # cut 1: 1 2 (median 1: 1) | 9 4 (median 4: 5) = 6 / 4; cut 2: 1 2 9 (median 2: 8) | 4
    ys = np.array([1.0, 2.0, 9.0, 4.0])
    estimate, bound = running_median_errors(ys, np.ones(4))
    assert estimate.tolist() == [7 / 4, 6 / 4, 8 / 4]
    # equal weights: each side adds at most 4 n |y|max of the y's and n weights;
    # ops 8 (n + 2), the bound 4 · ops · ε · (Σ|wy| + max|y| Σw) / Σw
    n, size = 4, 9.0
    history = 2 * (4 * n * size) + size * 2 * n
    assert bound == 4 * (8 * (n + 2)) * EPS * history / 4


def test_the_heaps_and_the_sorted_lists_give_the_same_estimates(monkeypatch):
    ys = np.array([3.0, -1.0, 4.0, 1.0, -5.0, 9.0, 2.0, 6.0, 5.0])
    exact = absolute_error_cuts(ys, np.ones(9), np.ones(8, bool))
    listed, listed_bound = running_median_errors(ys, np.ones(9))
    monkeypatch.setattr(medians, "SORTED_LIST_ROWS", 0)  # the heaps, whatever the weights
    heaped, heaped_bound = running_median_errors(ys, np.ones(9))
    assert medians.SORTED_LIST_ROWS == 0
    np.testing.assert_allclose(listed, exact, rtol=0, atol=listed_bound)
    np.testing.assert_allclose(heaped, exact, rtol=0, atol=heaped_bound)
    assert listed.tolist() == pytest.approx(heaped.tolist(), abs=1e-12)


def test_weighted_running_medians_match_the_exact_errors():
    ys = np.array([1.0, 2.0, 9.0, 4.0, 7.0])
    w = np.array([1.0, 2.0, 1.0, 1.0, 3.0])
    estimate, bound = running_median_errors(ys, w)
    exact = absolute_error_cuts(ys, w, np.ones(4, bool))
    assert bound > 0 and np.all(np.abs(estimate - exact) <= bound)
    # cut 0: 1 | 2 (w 2), 9, 4, 7 (w 3): of weight 7 the lower median is 7:
    # 2·5 + 2 + 3 + 0 over the whole weight 8
    assert estimate[0] == pytest.approx((0.0 + 2 * 5 + 1 * 3 + 0.0 + 1 * 2) / 8.0, abs=1e-12)
    equal = running_median_errors(ys, np.full(5, 2.0))
    plain = running_median_errors(ys, np.ones(5))
    assert equal[0].tolist() == pytest.approx(plain[0].tolist(), abs=1e-12)
    assert equal[1] == pytest.approx(plain[1], rel=1e-12)  # the weights cancel


# ------------------------------------------------------------------ scratch arrays
def test_scratch_hands_out_views_of_kept_arrays_grown_when_short():
    scratch = Scratch()
    a = scratch.get("x", 3, np.int64)
    assert len(a) == 3 and len(a.base) == 16  # at least 16 kept
    assert scratch.get("x", 16, np.int64).base is a.base
    grown = scratch.get("x", 17, np.int64)
    assert grown.base is not a.base and len(grown) == 17
    assert scratch.get("x", 4, float).dtype == np.float64  # another type: another array
    assert scratch.get("x", 4, float).base is scratch.arrays["x"]
    copied = scratch.copy("y", np.array([1, 2, 3]))
    assert copied.tolist() == [1, 2, 3] and copied.dtype == np.array([1]).dtype
    assert scratch.copy("y", np.array([1, 2]), float).tolist() == [1.0, 2.0]


def test_rows_that_are_not_whole_numbers_are_kept_whole():
    # ascending but of a float dtype (not row numbers): the step keeps them as they are
    steps = tuple(dt.ID3Classifier().fit(*dt.load_play_tennis()).steps_)
    fields = {f: getattr(steps[0], f) for f in steps[0].__dataclass_fields__}
    floats = (steps[0].__class__(**{**fields, "rows": steps[0].rows.astype(float)}),) + steps[1:]
    packed = PackedSteps.pack(floats)
    assert packed.derived[0] is None and packed.rest[0].dtype == np.float64
    assert packed.rest[0].tolist() == [float(r) for r in range(14)]
    assert rows_of(packed.unpack()) == rows_of(floats)


def test_running_median_errors_of_no_row_are_empty():
    with np.errstate(invalid="ignore"):  # no weight: the bound is 0 / 0
        estimate, bound = running_median_errors(np.array([]), np.array([]))
    assert estimate.shape == (0,) and np.isnan(bound)
