"""The scanners' pure functions, each against a hand computation at its boundaries.

``dtlearn.grow.scanners`` and ``dtlearn.grow.average_gain``: the tie rule's tolerance, the
admissible cuts, one node's scan field by field (Gini worked out in the comments), the
subset partitions a search tries, the best partition, regression cuts, the running sums'
two paths and the block-wise scoring of a large node.
"""

import numpy as np
import pytest

from dtlearn.criteria import get
from dtlearn.grow import GrowthConfig, scanners
from dtlearn.grow.average_gain import AVERAGE_GAIN_SLACK, at_least_average_gain, ranks_by_gain
from dtlearn.grow.scanners import (
    MAX_EXHAUSTIVE_CATEGORIES,
    SHORT_RUN,
    TIE_TOLERANCE,
    admissible_cuts,
    best_partition,
    by_blocks,
    first_best,
    flat_cuts,
    is_better,
    near_best_median_cuts,
    reference_threshold_cut,
    regression_cut,
    running_sums,
    segment_cuts,
    squared_error_scores,
    subset_partitions,
    threshold_cuts,
    tolerance,
    whole_weights,
)


def bits_by_hand(counts):
    counts = np.asarray(counts, dtype=float)
    p = counts[counts > 0] / counts.sum()
    return float(-(p * np.log2(p)).sum())


# ------------------------------------------------------------------ the tie rule
def test_the_tie_tolerance_is_a_trillionth_of_the_larger_of_best_and_scale():
    assert TIE_TOLERANCE == 1e-12
    assert float(tolerance(0.1, -3.0)) == 1e-12 * 3.0  # the scale's size, whatever its sign
    assert float(tolerance(-4.0, 0.5)) == 1e-12 * 4.0
    assert tolerance(np.array([1.0, 2.0]), np.array([3.0, 0.0])).tolist() == [3e-12, 2e-12]


def test_is_better_needs_more_than_a_tie_and_reads_the_scale():
    assert not is_better(0.5, 0.5)
    assert is_better(2e-13, 1e-13)  # no scale: a trillionth of 1e-13 apart is enough
    assert not is_better(2e-13, 1e-13, scale=1.0)  # a node of impurity 1: a tie
    assert is_better(0.5 + 1e-9, 0.5, scale=1.0)
    b = 0.25
    assert not is_better(b + float(tolerance(b)), b)  # exactly the tolerance: a tie


def test_first_best_ties_at_exactly_the_tolerance_and_reads_each_rows_scale():
    top = 1.0
    at_the_edge = top - float(tolerance(top))
    assert first_best([at_the_edge, top]) == 0  # within the tolerance, inclusive
    assert first_best([top - 3 * float(tolerance(top)), top]) == 1
    scores = np.array([[2e-13, 5e-13, 4e-13], [0.5, 1.0, 1.0], [-np.inf, -np.inf, -np.inf]])
    assert first_best(scores, axis=1, scale=np.array([1.0, 0.0, 0.0])).tolist() == [0, 1, -1]
    assert first_best(scores.T, axis=0, scale=np.array([0.0, 0.0, 0.0])).tolist() == [1, 1, -1]
    assert first_best([-np.inf]) == -1 and type(first_best([0.0, 1.0])) is int


# ------------------------------------------------------------------ admissible cuts
def test_admissible_cuts_lie_between_distinct_values_with_enough_rows_a_side():
    xs = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    assert admissible_cuts(xs, 1).tolist() == [True, True, True, True]
    # five rows, two a side: only the cuts after the second and the third row
    assert admissible_cuts(xs, 2).tolist() == [False, True, True, False]
    assert admissible_cuts(xs, 3).tolist() == [False, False, False, False]
    columns = np.array([[1.0, 5.0], [2.0, 5.0], [2.0, 6.0], [3.0, 7.0]])
    assert admissible_cuts(columns, 1).tolist() == [[True, False], [False, True], [True, True]]


# ------------------------------------------------------------------ one node's scan
# x: 64 65 68 69, classes 1 0 1 1. Parent Gini: 1 - (1/4)² - (3/4)² = 0.375.
# cut after 64: left [0,1] (0), right [1,2] (4/9): children 3/4 · 4/9 = 1/3
# cut after 65: left [1,1] (1/2), right [0,2] (0): children 2/4 · 1/2 = 1/4  <- best
# cut after 68: left [1,2] (4/9), right [0,1] (0): children 1/3
XS = np.array([64.0, 65.0, 68.0, 69.0])
ONEHOT = np.array([[0.0, 1.0], [1.0, 0.0], [0.0, 1.0], [0.0, 1.0]])


def test_one_nodes_gini_scan_field_by_field():
    cuts = threshold_cuts(XS[:, None], ONEHOT[:, None, :], get("gini"), GrowthConfig("gini"))
    assert int(cuts.index[0]) == 1 and int(cuts.n_cuts[0]) == 3
    assert float(cuts.score[0]) == pytest.approx(0.375 - 0.25, abs=1e-15)
    assert float(cuts.decrease[0]) == pytest.approx(0.125, abs=1e-15)
    assert (float(cuts.low[0]), float(cuts.high[0]), cuts.threshold(0)) == (65.0, 68.0, 66.5)
    assert cuts.left.tolist() == [[1.0, 1.0]] and cuts.right.tolist() == [[0.0, 2.0]]
    total, parent = cuts.first
    assert total.tolist() == [1.0, 3.0] and float(parent) == pytest.approx(0.375, abs=1e-15)


def test_min_samples_leaf_leaves_one_cut_and_the_reference_scan_agrees():
    config = GrowthConfig("gini", min_samples_leaf=2)
    fast = threshold_cuts(XS[:, None], ONEHOT[:, None, :], get("gini"), config)
    slow = reference_threshold_cut(XS, ONEHOT, get("gini"), config)
    for cuts in (fast, slow):
        assert int(cuts.index[0]) == 1 and int(cuts.n_cuts[0]) == 1
        assert float(cuts.decrease[0]) == pytest.approx(0.125, abs=1e-15)
        assert cuts.threshold(0) == 66.5
        assert cuts.left.tolist() == [[1.0, 1.0]] and cuts.right.tolist() == [[0.0, 2.0]]
        # one entry per column in every array, the score that of the cut taken
        assert cuts.score.tolist() == [pytest.approx(0.125, abs=1e-15)]
        assert (cuts.low.tolist(), cuts.high.tolist()) == ([65.0], [68.0])
        arrays = (cuts.index, cuts.decrease, cuts.n_cuts, cuts.left, cuts.right)
        assert [len(a) for a in arrays] == [1] * 5
    # three a side of four rows: no cut at all
    config = GrowthConfig("gini", min_samples_leaf=3)
    for cuts in (
        threshold_cuts(XS[:, None], ONEHOT[:, None, :], get("gini"), config),
        reference_threshold_cut(XS, ONEHOT, get("gini"), config),
    ):
        assert int(cuts.index[0]) == -1 and int(cuts.n_cuts[0]) == 0


def test_weights_move_the_cut_and_a_side_of_weight_zero_is_no_cut():
    # weights 3 1 1 1: cut after 64 leaves [0,3] | [1,2]: children 3/6 · 4/9 = 2/9,
    # parent [1,5]: 1 - 1/36 - 25/36 = 10/36; cut after 65: [1,3] | [0,2]: 4/6 · 3/8 = 1/4
    w = np.array([3.0, 1.0, 1.0, 1.0])
    weighted = ONEHOT * w[:, None]
    config = GrowthConfig("gini")
    for cuts in (
        threshold_cuts(XS[:, None], weighted[:, None, :], get("gini"), config),
        reference_threshold_cut(XS, weighted, get("gini"), config),
    ):
        assert int(cuts.index[0]) == 0
        assert float(cuts.decrease[0]) == pytest.approx(10 / 36 - 2 / 9, abs=1e-15)
    # the first row weighs 0: the cut after it has no weight on the left
    weighted = ONEHOT * np.array([0.0, 1.0, 1.0, 1.0])[:, None]
    fast = threshold_cuts(XS[:, None], weighted[:, None, :], get("gini"), config)
    slow = reference_threshold_cut(XS, weighted, get("gini"), config)
    assert int(fast.n_cuts[0]) == int(slow.n_cuts[0]) == 2
    assert int(fast.index[0]) == int(slow.index[0]) == 1


def test_c45_ranks_a_columns_cuts_by_gain_and_reports_the_ratio_of_that_cut():
    # x 1..5, classes 0 0 1 0 1: most gain after x=2, most gain ratio after x=4
    xs = np.arange(1.0, 6.0)
    onehot = np.eye(2)[[0, 0, 1, 0, 1]]
    gains, ratios = [], []
    for i in range(4):
        left, right = onehot[: i + 1].sum(0), onehot[i + 1 :].sum(0)
        gain = bits_by_hand([3, 2]) - (
            (i + 1) / 5 * bits_by_hand(left) + (4 - i) / 5 * bits_by_hand(right)
        )
        gains.append(gain)
        ratios.append(gain / bits_by_hand([i + 1, 4 - i]))
    by_gain, by_ratio = int(np.argmax(gains)), int(np.argmax(ratios))
    assert (by_gain, by_ratio) == (1, 3)
    rule = get("gain_ratio")
    c45 = GrowthConfig("gain_ratio", average_gain=True)
    plain = GrowthConfig("gain_ratio")
    for cuts in (
        threshold_cuts(xs[:, None], onehot[:, None, :], rule, c45),
        reference_threshold_cut(xs, onehot, rule, c45),
    ):
        assert int(cuts.index[0]) == by_gain
        assert float(cuts.decrease[0]) == pytest.approx(gains[by_gain], abs=1e-12)
    fast = threshold_cuts(xs[:, None], onehot[:, None, :], rule, c45)
    assert float(fast.score[0]) == pytest.approx(ratios[by_gain], abs=1e-12)
    for cuts in (
        threshold_cuts(xs[:, None], onehot[:, None, :], rule, plain),
        reference_threshold_cut(xs, onehot, rule, plain),
    ):
        assert int(cuts.index[0]) == by_ratio
        assert float(cuts.score[0]) == pytest.approx(ratios[by_ratio], abs=1e-12)


def test_two_padded_nodes_and_the_same_nodes_end_to_end_give_the_same_cuts():
    # node 0: x0 as above; x1 = 1 2 2 2 with classes 0 1 1 1 (one cut, two pure sides).
    # node 1 (two rows, padded to four): x0 = 1 2, classes 0 1; x1 = 5 5 (constant)
    xs = np.array([[64.0, 1.0], [65.0, 2.0], [68.0, 2.0], [69.0, 2.0], [1.0, 5.0], [2.0, 5.0]])
    ys = np.array([[1, 0], [0, 1], [1, 1], [1, 1], [0, 1], [1, 0]])  # sorted rows' classes
    flat_onehot = np.stack([(ys == c).astype(float) for c in (0, 1)])  # (k, N, f)
    padded_x = np.stack([xs[:4], np.concatenate([xs[4:], xs[4:]])])
    padded_onehot = np.zeros((2, 4, 2, 2))
    padded_onehot[0] = flat_onehot[:, :4].transpose(1, 2, 0)
    padded_onehot[1, :2] = flat_onehot[:, 4:].transpose(1, 2, 0)
    lengths = np.array([4, 2])
    rule, config = get("gini"), GrowthConfig("gini")
    padded = segment_cuts(padded_x, padded_onehot, lengths, rule, config)
    flat = flat_cuts(xs, flat_onehot, lengths, rule, config)
    for cuts in (padded, flat):
        assert cuts.index.tolist() == [[1, 0], [0, -1]]
        assert cuts.n_cuts.tolist() == [[3, 1], [1, 0]]
        assert cuts.low[:, 0].tolist() == [65.0, 1.0] and cuts.high[:, 0].tolist() == [68.0, 2.0]
        assert cuts.low[0, 1] == 1.0 and cuts.high[0, 1] == 2.0
        assert cuts.left[:, 0].tolist() == [[1.0, 1.0], [1.0, 0.0]]
        assert cuts.left[0, 1].tolist() == [1.0, 0.0]
        assert cuts.right[:, 0].tolist() == [[0.0, 2.0], [0.0, 1.0]]
        assert cuts.right[0, 1].tolist() == [0.0, 3.0]
        np.testing.assert_allclose(cuts.decrease[0], [0.125, 0.375], atol=1e-15)
        assert float(cuts.decrease[1, 0]) == pytest.approx(0.5, abs=1e-15)
        total, parent = cuts.first
        assert np.asarray(total).tolist() == [[1.0, 3.0], [1.0, 1.0]]
        np.testing.assert_allclose(parent, [0.375, 0.5], atol=1e-15)
    for name in ("index", "score", "decrease", "n_cuts", "low", "high", "left", "right"):
        np.testing.assert_array_equal(getattr(padded, name), getattr(flat, name))


def test_flat_cuts_with_min_samples_leaf_count_each_nodes_own_positions():
    xs = np.array([[1.0], [2.0], [3.0], [4.0], [5.0], [1.0], [2.0], [3.0], [4.0]])
    classes = [0, 0, 1, 1, 1, 0, 1, 0, 1]
    onehot = np.eye(2)[classes].T[:, :, None]  # (k, N, 1)
    cuts = flat_cuts(xs, onehot, np.array([5, 4]), get("gini"), GrowthConfig(min_samples_leaf=2))
    # five rows: cuts after rows 2 and 3; four rows: only after row 2
    assert cuts.n_cuts.tolist() == [[2], [1]]
    assert cuts.index.tolist() == [[1], [1]]
    assert cuts.left.tolist() == [[[2.0, 0.0]], [[1.0, 1.0]]]


# ------------------------------------------------------------------ blocks and running sums
def test_by_blocks_scores_consecutive_slices_of_the_positions(monkeypatch):
    calls = []

    def score(part):
        calls.append((part.start, part.stop))
        return np.arange(24.0).reshape(1, 6, 4)[:, part] * 2

    whole = by_blocks(score, (1, 6, 4))
    assert calls == [(None, None)]
    monkeypatch.setattr(scanners, "BLOCK_CUTS", 8)  # 8 cuts: two positions of four columns
    calls.clear()
    blocks = by_blocks(score, (1, 6, 4))
    assert calls == [(0, 2), (2, 4), (4, 6)]
    assert blocks.tolist() == whole.tolist() == (np.arange(24.0).reshape(1, 6, 4) * 2).tolist()
    monkeypatch.setattr(scanners, "BLOCK_CUTS", 1)  # fewer than a position: one at a time
    calls.clear()
    by_blocks(score, (1, 6, 4))
    assert calls == [(i, i + 1) for i in range(6)]


@pytest.mark.parametrize("n", [SHORT_RUN, SHORT_RUN + 1, 3])
@pytest.mark.parametrize("overwrite", [False, True])
def test_running_sums_are_cumsum_and_overwrite_only_when_asked(n, overwrite):
    a = np.random.default_rng(n).normal(size=(600, n, 1))  # large enough for the row loop
    before = a.copy()
    got = running_sums(a, overwrite)
    np.testing.assert_array_equal(got, np.cumsum(before, axis=1))
    if overwrite:
        assert got is a or np.shares_memory(got, a)
    else:
        np.testing.assert_array_equal(a, before)
        assert not np.shares_memory(got, a)


def test_whole_weights_stop_just_below_two_to_the_53():
    assert whole_weights(np.array([2.0**52, 2.0**52 - 1]))
    assert not whole_weights(np.array([2.0**52, 2.0**52]))  # a sum of exactly 2**53
    assert whole_weights(np.array([[0.0, 3.0], [-2.0, 0.0]]))
    assert not whole_weights(np.array([1.0, 2.5]))


def test_squared_error_scores_drop_cuts_with_no_weight_on_a_side():
    # rows y = 2, 4, 9 of weights 0, 1, 1: the cut after the first row has no weight left
    w, y = np.array([0.0, 1.0, 1.0]), np.array([2.0, 4.0, 9.0])
    cum = np.cumsum(np.stack([w, w * y, w * y * y], axis=-1), axis=0)
    left, total = cum[None, :-1, None, :], cum[None, -1]
    parent = np.array([6.25])  # mean 6.5 of 4 and 9: ((2.5)² + (2.5)²) / 2
    valid = np.ones((1, 2, 1), bool)
    with np.errstate(invalid="ignore", divide="ignore"):  # 0/0 on the cut it drops
        scores = squared_error_scores(left, total, parent, valid)
    assert valid.ravel().tolist() == [False, True]
    assert float(scores[0, 1, 0]) == pytest.approx(6.25, abs=1e-12)  # two pure sides


# ------------------------------------------------------------------ regression cuts
def test_regression_cut_counts_cuts_with_weight_on_both_sides():
    ys, valid = np.array([1.0, 1.0, 5.0, 5.0]), np.ones(3, bool)
    assert regression_cut(ys, np.ones(4), valid, get("mse")) == (1, 3)
    assert regression_cut(ys, np.array([0.0, 1.0, 1.0, 1.0]), valid, get("mse")) == (1, 2)
    assert regression_cut(ys, np.ones(4), np.zeros(3, bool), get("mse")) == (-1, 0)
    # one cut in reach: the median criterion takes it without scoring
    assert regression_cut(ys, np.ones(4), np.array([False, False, True]), get("mae")) == (2, 1)
    assert regression_cut(ys, np.ones(4), valid, get("mae")) == (1, 3)
    # y 1 2 10 11 12: squared errors after each cut are 4.5 + ... ; the cut after 2 wins
    ys = np.array([1.0, 2.0, 10.0, 11.0, 12.0])
    assert regression_cut(ys, np.ones(5), np.ones(4, bool), get("mse")) == (1, 4)


def test_near_best_median_cuts_trust_no_estimate_near_overflow():
    ys = np.array([1.0, 2.0, 9.0, 9.5, 10.0, 30.0])
    valid = np.ones(5, bool)
    assert near_best_median_cuts(ys, np.ones(6), valid, 10.0).tolist() == [0, 0, 0, 0, 1]
    huge = near_best_median_cuts(ys * 1e252, np.ones(6), valid, 10.0 * 1e252)
    assert huge.tolist() == [True] * 5  # every cut is worked out exactly
    some = np.array([True, False, True, False, False])
    assert near_best_median_cuts(ys, np.ones(6), some, 10.0).tolist() == [0, 0, 1, 0, 0]


# ------------------------------------------------------------------ subset partitions
def test_subset_partitions_of_several_classes_keep_the_first_category_left():
    counts = np.array([[3, 1, 0], [0, 4, 1], [2, 2, 2], [1, 0, 5]], dtype=float)
    got = [p.tolist() for p in subset_partitions(counts, np.array([0, 1, 3]))]
    assert got == [[0], [0, 1], [0, 3]]  # 2**(3-1) - 1 partitions, never all three left
    every = [p.tolist() for p in subset_partitions(counts, np.arange(4))]
    assert every == [[0], [0, 1], [0, 2], [0, 1, 2], [0, 3], [0, 1, 3], [0, 2, 3]]


def test_two_classes_and_regression_cut_the_categories_in_order():
    counts = np.array([[3, 1], [0, 4], [2, 2]], dtype=float)  # class-1 shares 1/4, 1, 1/2
    assert [p.tolist() for p in subset_partitions(counts, np.arange(3))] == [[0], [0, 2]]
    means = np.array([5.0, 1.0, 5.0])  # categories 0, 2, 3: ordered 2, 0, 3 (stable)
    got = subset_partitions(None, np.array([0, 2, 3]), means)
    assert [p.tolist() for p in got] == [[2], [2, 0]]


def test_many_categories_of_several_classes_are_ordered_by_the_first_class_share():
    v = MAX_EXHAUSTIVE_CATEGORIES + 1
    assert MAX_EXHAUSTIVE_CATEGORIES == 10
    share = np.linspace(0.9, 0.1, v)  # class-0 share falls with the code
    counts = np.stack([share * 10, (1 - share) * 5, (1 - share) * 5], axis=1)
    got = subset_partitions(counts, np.arange(v))
    assert len(got) == v - 1
    assert got[0].tolist() == [v - 1] and got[-1].tolist() == list(range(v - 1, 0, -1))
    # exactly ten categories are still searched exhaustively
    ten = subset_partitions(counts[:10], np.arange(10))
    assert len(ten) == 2**9 - 1


def test_best_partition_by_hand_and_at_min_samples_leaf():
    # left {0}: [3,1] | [2,6]: 4/12·3/8 + 8/12·3/8 = 0.375
    # left {0,2}: [5,3] | [0,4]: 8/12·30/64 = 0.3125  <- best
    counts = np.array([[3, 1], [0, 4], [2, 2]], dtype=float)
    parts = subset_partitions(counts, np.arange(3))
    rows = np.array([4, 4, 4])
    assert best_partition(parts, counts, rows, get("gini"), GrowthConfig("gini")) == 1
    leaf4 = GrowthConfig("gini", min_samples_leaf=4)
    assert best_partition(parts, counts, rows, get("gini"), leaf4) == 1
    leaf5 = GrowthConfig("gini", min_samples_leaf=5)  # 4 | 8 and 8 | 4 rows: neither
    assert best_partition(parts, counts, rows, get("gini"), leaf5) == -1
    # rows of weight 0 on the right: no weight there, no partition
    zero = np.array([[3, 1], [0, 0], [0, 0]], dtype=float)
    assert best_partition(parts, zero, rows, get("gini"), GrowthConfig("gini")) == -1


def test_c45_takes_the_partition_of_most_gain_not_of_most_ratio():
    counts = np.array([[5, 1, 3], [1, 0, 4], [0, 1, 2], [2, 0, 5]], dtype=float)
    parts = subset_partitions(counts, np.arange(4))
    total, sizes = counts.sum(0), counts.sum(1)
    gains, ratios = [], []
    for left in parts:
        inside = np.isin(np.arange(4), left)
        lc, rc = counts[inside].sum(0), counts[~inside].sum(0)
        n = total.sum()
        gain = bits_by_hand(total) - (
            lc.sum() / n * bits_by_hand(lc) + rc.sum() / n * bits_by_hand(rc)
        )
        gains.append(gain)
        ratios.append(gain / bits_by_hand([lc.sum(), rc.sum()]))
    rule = get("gain_ratio")
    c45 = GrowthConfig("gain_ratio", average_gain=True)
    assert best_partition(parts, counts, sizes, rule, c45) == int(np.argmax(gains)) == 2
    plain = GrowthConfig("gain_ratio")
    assert best_partition(parts, counts, sizes, rule, plain) == int(np.argmax(ratios)) == 5


# ------------------------------------------------------------------ C4.5's average-gain filter
def test_the_average_gain_filter_is_inclusive_at_the_slack():
    assert AVERAGE_GAIN_SLACK == 1e-3
    # average of 0 and 0.002 is 0.001; less the slack: 0, which a gain of 0 reaches
    assert at_least_average_gain([1.0, 2.0], [0.0, 0.002]).tolist() == [1.0, 2.0]
    # average 0.0012, less the slack 0.0002: a gain of 0 fails
    assert at_least_average_gain([1.0, 2.0], [0.0, 0.0024]).tolist() == [-np.inf, 2.0]


def test_only_admissible_attributes_count_toward_the_average():
    scores = [-np.inf, 0.4, 0.5]
    gains = [9.0, 0.3, 0.299]  # the inadmissible 9.0 would lift the average past both
    assert at_least_average_gain(scores, gains).tolist() == [-np.inf, 0.4, 0.5]
    rows = at_least_average_gain(
        np.array([[0.9, 0.4, 0.5], [-np.inf, -np.inf, -np.inf]]),
        np.array([[0.01, 0.3, 0.2], [0.0, 0.0, 0.0]]),
    )
    assert rows.tolist() == [[-np.inf, 0.4, 0.5], [-np.inf, -np.inf, -np.inf]]


def test_only_a_ratio_criterion_with_average_gain_ranks_cuts_by_gain():
    assert ranks_by_gain(get("gain_ratio"), GrowthConfig("gain_ratio", average_gain=True))
    assert not ranks_by_gain(get("gain_ratio"), GrowthConfig("gain_ratio"))
    assert not ranks_by_gain(get("gini"), GrowthConfig("gini", average_gain=True))
    assert not ranks_by_gain(get("gain_ratio"), object())  # settings without the flag


def test_brute_force_subsets_equal_the_exhaustive_partitions():
    # every partition with category 0 on the left and something on the right, in mask order
    present = np.array([0, 1, 2, 3, 4])
    expected = [
        [0] + [c for b, c in enumerate(present[1:].tolist()) if mask >> b & 1]
        for mask in range(2**4)
        if mask != 2**4 - 1
    ]
    counts = np.ones((5, 3))
    assert [p.tolist() for p in subset_partitions(counts, present)] == expected
    assert len(expected) == 2 ** (len(present) - 1) - 1


def test_the_reference_cut_names_the_two_values_beside_it():
    # play-tennis temperatures 64 (yes) 65 (no) 68 (yes) 69 (yes): Gini is best cut after
    # 65 (left 1 no 1 yes, right 2 yes: 2/4 · 0.5 = 0.25; after 64 or 68: 3/4 · 4/9 = 0.333)
    xs = np.array([64.0, 65.0, 68.0, 69.0])
    onehot = np.array([[0, 1], [1, 0], [0, 1], [0, 1]], dtype=float)
    cut = scanners.reference_threshold_cut(xs, onehot, get("gini"), GrowthConfig())
    assert cut.index.tolist() == [1] and cut.n_cuts.tolist() == [3]
    assert cut.low.tolist() == [65.0] and cut.high.tolist() == [68.0]
    assert cut.left.tolist() == [[1.0, 1.0]] and cut.right.tolist() == [[0.0, 2.0]]
