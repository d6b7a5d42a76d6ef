"""MAE level scans' rounding bounds, worked out by hand (``dtlearn.grow.fast.median_cuts``).

The bounds decide which cuts are worked out exactly: a bound too wide costs time, too
narrow a wrong tree, and neither shows in a tree grown on small data. So the figures
themselves are checked against the formulas the code states.

- :func:`cut_errors`: ``2 ε side`` with ``side = 2 ((n + 2) L + n a) + (n + 2) S + 15 A``
  (``L`` the largest running lower-half sum, ``a`` the largest ``|y|``, ``S`` the largest
  running sum, ``A`` the sum of ``|y|``), for y = 1, 2, 9, 4.
- :func:`near_best_cuts`: a cut is kept up to ``best + 2 slack + 2 tolerance(best + slack,
  2 scale)``, ``slack`` the largest ``bound / n + (40 + 2 log2(n + 1)) ε |estimate|``.
"""

import numpy as np
import pytest

from dtlearn.grow.fast.median_cuts import RankSums, cut_errors, near_best_cuts
from dtlearn.grow.scanners import TIE_TOLERANCE

EPS = np.finfo(float).eps


def test_cut_errors_bound_of_four_rows_by_hand():
    y = np.array([1.0, 2.0, 9.0, 4.0])
    errors, bound = cut_errors(RankSums(np.argsort(np.argsort(y)), y, y), y, np.array([4]))
    # cuts 1 | 2 9 4, 1 2 | 9 4, 1 2 9 | 4: medians 1 and 4, 1 (lower) and 4 (lower), 2 and 4:
    assert errors.tolist() == [0 + 7, 1 + 5, 8 + 0]
    # lower halves: a prefix of p rows with lower median m takes the next row r:
    # p = 1 (odd): min(r, m) = min(2, 1) = 1; p = 2: min(9 - 1, 0) = 0; p = 3: min(4, 2) = 2
    left_low = [0, 1, 1, 3]
    # a suffix of q rows: q = 3 (median 4) takes 1: min(1, 4) = 1; q = 2 (4) takes 2:
    # min(2 - 4, 0) = -2; q = 1 (4) takes 9: min(9, 4) = 4
    right_low = [0, 1, -1, 3]
    n, largest, absolute = 4, 9.0, 16.0
    size = 16.0  # running sums 0, 1, 3, 12, 16
    size_low = max(max(map(abs, left_low)), max(map(abs, right_low)))
    side = 2 * ((n + 2) * size_low + n * largest) + (n + 2) * size + 15 * absolute
    assert side == 444
    assert bound.tolist() == [2 * EPS * side] * 3


def test_cut_errors_bound_of_two_segments_is_each_segments_own():
    y = np.array([1.0, 2.0, 9.0, 4.0, -3.0, 5.0])
    ranks = np.array([0, 1, 3, 2, 0, 1])  # each segment's own ranks (as a node's)
    errors, bound = cut_errors(RankSums(ranks, y, y), y, np.array([4, 2]))
    assert errors.tolist() == [7.0, 6.0, 8.0, 0.0]
    # the running sums run on through the call (0, 1, 3, 12, 16, 13, 18): both segments
    # read the largest, 18, and the largest |lower half| (3, as above: the second
    # segment's steps, min(5, -3) and min(-3, 5), bring the sums back to 0); |y| sums
    # and the largest |y| are each segment's own
    first = 2 * ((4 + 2) * 3 + 4 * 9.0) + (4 + 2) * 18 + 15 * 16.0
    second = 2 * ((2 + 2) * 3 + 2 * 5.0) + (2 + 2) * 18 + 15 * 8.0
    assert (first, second) == (456, 236)
    assert bound.tolist() == [2 * EPS * first] * 3 + [2 * EPS * second]


def reach(estimates, bounds, n, scale):
    rounding = bounds / n + (40 + 2 * np.log2(n + 1)) * EPS * np.abs(estimates)
    best, slack = estimates.min(), rounding.max()
    return best + 2 * slack + 2 * TIE_TOLERANCE * max(abs(best + slack), abs(2 * scale))


@pytest.mark.parametrize("scale", [0.0, 1e3])
@pytest.mark.parametrize("bound", [0.0, 1e-9])
def test_near_best_cuts_keep_a_cut_up_to_their_reach_and_not_one_float_past(scale, bound):
    n = 4.0
    far = 2.0  # the largest estimate sets the slack
    limit = reach(np.array([1.0, far]), np.array([bound, bound]), n, scale)
    for x, kept in ((limit, True), (np.nextafter(limit, np.inf), False)):
        errors = np.array([4.0, 4.0 * x, 4.0 * far])  # times 4: exact
        got = near_best_cuts(
            errors, np.full(3, bound), np.ones(3, bool), np.zeros(3, int), np.array([4]), [scale]
        )
        assert got.tolist() == [True, kept, False]


def test_near_best_cuts_leave_out_invalid_cuts_and_read_each_segment_alone():
    errors = np.array([1.0, 5.0, 2.0, 9.0, 9.0])
    valid = np.array([False, True, True, True, True])
    segment = np.array([0, 0, 0, 1, 1])
    got = near_best_cuts(errors, np.zeros(5), valid, segment, np.array([4, 3]), [0.0, 0.0])
    # segment 0: the invalid 1.0 is not the best, 2.0 is; segment 1: both tie
    assert got.tolist() == [False, False, True, True, True]
