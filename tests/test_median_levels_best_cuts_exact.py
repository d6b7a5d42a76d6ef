"""``median_levels.best_cuts``: each segment's best near cut, errors worked out by hand.

A cut ``c`` of a segment keeps its rows ``0..c`` left; its error is the sum of absolute
deviations from each side's median. Of several near cuts the first of least error wins
(ties within the tie rule's tolerance, which is 0 when every value is 0: a cut then
ties with itself); one near cut wins unscored; a segment without one gets -1.
"""

import statistics

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dtlearn.grow.fast.median_cuts import GroupedRankSums, close_cut_errors, exact_cut_errors
from dtlearn.grow.fast.median_levels import best_cuts

YS = np.array([1.0, 2.0, 9.0, 10.0, 5.0, 5.0, 6.0, 6.0])  # two segments of four rows
SEGMENT = np.array([0, 0, 0, 1, 1, 1])
CUT = np.array([0, 1, 2, 0, 1, 2])
STARTS, LENGTHS = np.array([0, 4]), np.array([4, 4])


def cut_error(values, cut):
    left, right = values[: cut + 1], values[cut + 1 :]
    return sum(
        sum(abs(v - statistics.median(side)) for v in side) for side in (left, right) if side
    )


def test_the_hand_errors():
    first, second = list(YS[:4]), list(YS[4:])
    assert [cut_error(first, c) for c in range(3)] == [8.0, 2.0, 8.0]
    assert [cut_error(second, c) for c in range(3)] == [1.0, 0.0, 1.0]


def test_the_least_error_wins_in_each_segment():
    near = np.ones(6, dtype=bool)
    assert best_cuts(YS, near, SEGMENT, CUT, STARTS, LENGTHS).tolist() == [1, 1]


def test_of_tied_errors_the_first_wins_and_a_lone_near_cut_wins_unscored():
    # segment 0: cuts 0 and 2 tie at 8; segment 1: only cut 2 is near (error 1, not 0)
    near = np.array([True, False, True, False, False, True])
    assert best_cuts(YS, near, SEGMENT, CUT, STARTS, LENGTHS).tolist() == [0, 2]


def test_a_segment_without_a_near_cut_gets_minus_one():
    near = np.array([False, False, False, True, True, False])
    assert best_cuts(YS, near, SEGMENT, CUT, STARTS, LENGTHS).tolist() == [-1, 1]


@pytest.mark.parametrize("n", [3, 4])
def test_all_zero_values_tie_every_cut_with_no_tolerance_and_the_first_wins(n):
    near = np.ones(n - 1, dtype=bool)
    index = best_cuts(
        np.zeros(n), near, np.zeros(n - 1, int), np.arange(n - 1), np.array([0]), np.array([n])
    )
    assert index.tolist() == [0]


@settings(max_examples=200, deadline=None)
@given(
    values=st.lists(st.integers(0, 6), min_size=2, max_size=12),
    offset=st.sampled_from([0.0, 1.0, 1e3, 1e9, -3e7]),
    step=st.sampled_from([1.0, 1e-9, 2.0**-40, 1e-12]),
    near_bits=st.integers(0, 2**11 - 1),
    slack=st.sampled_from([0.0, 1e-16, 1e-13, 1e-9, 0.5]),
    sign=st.sampled_from([-1.0, 1.0]),
)
def test_a_tie_scale_known_within_a_bound_picks_the_exact_scales_winner(
    values, offset, step, near_bits, slack, sign
):
    # the reference: the exact scale (a pairwise sum, rough=None); errors that differ by
    # about the tolerance of a scale far from 0 (an offset, small steps) are where the
    # scale decides; the rough scale is off by up to its bound, either way
    ys = offset + step * np.array(values, dtype=float)
    n = len(ys)
    near = np.array([(near_bits >> c) & 1 for c in range(n - 1)], dtype=bool)
    segment, cut = np.zeros(n - 1, dtype=np.int64), np.arange(n - 1)
    starts, lengths = np.array([0]), np.array([n])
    scale = np.abs(ys).sum() / n
    bound = np.array([slack * scale])
    rough = (np.array([scale + sign * bound[0] / 2]), bound)
    want = best_cuts(ys, near, segment, cut, starts, lengths)
    got = best_cuts(ys, near, segment, cut, starts, lengths, None, rough)
    assert got.tolist() == want.tolist()


@st.composite
def segments(draw):
    """One to three segments of tied, offset or scaled targets, and a near mask."""
    lengths = draw(st.lists(st.integers(2, 14), min_size=1, max_size=3))
    offset = draw(st.sampled_from([0.0, 1.0, 1e3, 1e9, -3e7]))
    # steps near a tie's tolerance at an offset of 1e9 (1e-3): a rough scale leaves those open
    step = draw(st.sampled_from([1.0, 0.25, 2.0**-9, 2.0**-10, 2.0**-11, 1e-9, 2.0**-40, 1e-12]))
    ys = np.concatenate(
        [
            offset + step * np.array(draw(st.lists(st.integers(0, 6), min_size=n, max_size=n)))
            for n in lengths
        ]
    ).astype(float)
    lengths = np.array(lengths)
    starts = np.cumsum(lengths) - lengths
    segment = np.repeat(np.arange(len(lengths)), lengths - 1)
    cut = np.concatenate([np.arange(n - 1) for n in lengths])
    near = np.array(draw(st.lists(st.booleans(), min_size=len(cut), max_size=len(cut))), bool)
    return ys, near, segment, cut, starts, lengths


def local_ranks(ys, starts, lengths):
    ranks = np.empty(len(ys), dtype=np.int64)
    for s, n in zip(starts.tolist(), lengths.tolist()):
        ranks[s : s + n] = np.argsort(np.argsort(ys[s : s + n], kind="stable"), kind="stable")
    return ranks


@settings(max_examples=300, deadline=None)
@given(problem=segments(), slack=st.sampled_from([0.0, 1e-9, 0.5]))
def test_close_errors_pick_what_the_exact_errors_pick(problem, slack):
    # the reference: every near cut of a segment of several worked out in the reference's
    # floats, the exact tie scale; the fast path settles ties from extended-precision sums
    # and a rough scale, working out exactly only what those leave open
    ys, near, segment, cut, starts, lengths = problem
    sums = GroupedRankSums(local_ranks(ys, starts, lengths), ys, ys, starts + lengths)
    scale = np.array([np.abs(ys[s : s + n]).sum() / n for s, n in zip(starts, lengths)])
    rough = (scale * (1 + slack / 2), scale * slack)
    chosen: list = []
    got = best_cuts(ys, near, segment, cut, starts, lengths, sums, rough, chosen)
    want = best_cuts(ys, near, segment, cut, starts, lengths)
    assert got.tolist() == want.tolist()
    for j in np.flatnonzero(want >= 0).tolist():  # the chosen cut's sides' medians
        left = ys[starts[j] : starts[j] + want[j] + 1]
        right = ys[starts[j] + want[j] + 1 : starts[j] + lengths[j]]
        assert chosen[0][:, j].tolist() == [float(np.median(left)), float(np.median(right))]


@settings(max_examples=200, deadline=None)
@given(problem=segments())
def test_close_cut_errors_lie_within_their_bound_of_the_exact_ones(problem):
    ys, _, segment, cut, starts, lengths = problem
    sums = GroupedRankSums(local_ranks(ys, starts, lengths), ys, ys, starts + lengths)
    at, n = starts[segment], lengths[segment]
    medians = sums.medians(np.r_[at, at + cut + 1], np.r_[at + cut + 1, at + n])
    close, bound = close_cut_errors(ys, at, n, cut, medians)
    exact = exact_cut_errors(ys, at, n, cut)
    assert (np.abs(close - exact) <= bound).all()
