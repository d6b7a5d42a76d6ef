"""Level-wise growth's own rules, each at its boundary, against the node-by-node rules.

``dtlearn.grow.fast.levels`` and ``level_arrays`` decide a whole depth with numpy: the
early stopping codes must be the Grower's own reasons node for node (MAE's medians below
zero, squared error at a large offset), a scanned decrease "clearly" passes a limit only
past ``MARGIN`` (inclusive, as the rule it stands for), size classes pad at most
``PAD_ROWS`` rows, and a level's threshold splits are routed at once. The level's score
arrays (``fast/level_scores.py``) are the scalar forms' floats.
"""

import numpy as np
import pytest

import dtlearn as dt
from dtlearn import criteria
from dtlearn.grow import GrowthConfig
from dtlearn.grow.fast import level_arrays, levels
from dtlearn.grow.fast.arrays import _own_rows
from dtlearn.grow.fast.level_arrays import Reasons, early_codes
from dtlearn.grow.fast.level_scores import (
    TEXTBOOK,
    branch_means,
    ratio_of,
    scores_one_by_one,
    split_scores_of_cuts,
    textbook_scores_of_cuts,
)
from dtlearn.grow.loop import MEAN_ROUNDING, MEAN_ULPS, OpenLeaf
from dtlearn.grow.records import textbook_scores
from dtlearn.splits import ThresholdSplit
from dtlearn.tree import Node

EPS = np.finfo(float).eps


def regressor_grower(criterion="mse", **params):
    X, y = np.arange(12.0).reshape(-1, 1), np.arange(12.0)
    return dt.CARTRegressor(criterion=criterion, **params).make_grower(X, y)


def classifier_grower(**params):
    X, y = np.arange(12.0).reshape(-1, 1), np.arange(12) % 3
    return dt.CARTClassifier(**params).make_grower(X, y)


def grower_reason_codes(grower, depth, n_samples, impurity, value, lengths):
    """The index into early_reasons() of each node's reason_before_scoring (-1: none)."""
    texts = grower.early_reasons()
    codes = []
    for j in range(len(impurity)):
        node = Node(j, depth, float(n_samples[j]), float(impurity[j]), value[j].copy(), None)
        state = OpenLeaf(
            node, np.arange(int(lengths[j])), np.ones(int(lengths[j])), frozenset({0}), None, None
        )
        reason = grower.reason_before_scoring(state)
        codes.append(-1 if reason is None else texts.index(reason))
    return codes


# ------------------------------------------------------------------ early codes
@pytest.mark.parametrize("depth", [0, 2, 3])
@pytest.mark.parametrize(
    "make",
    [
        lambda: regressor_grower("mae", max_depth=3, min_samples_split=4, min_samples_leaf=2),
        lambda: regressor_grower("mse", max_depth=3, min_samples_split=4, min_samples_leaf=2),
        lambda: classifier_grower(max_depth=3, min_samples_split=4, min_samples_leaf=2),
        lambda: regressor_grower("mse"),
    ],
)
def test_early_codes_are_the_growers_own_reasons_node_for_node(make, depth):
    grower = make()
    # a node per case: near-zero impurities about negative and large centres, the limits
    # of min_samples_split (4) and 2 × min_samples_leaf (4) rows
    impurity = np.array([1e-11, 1e-11, 1e-14, 1e-14, 0.0, 0.5, 0.5, 0.5, 0.5, 3e-16])
    centre = np.array([-1e6, 1e6, 1e9, -1e9, 5.0, 5.0, 5.0, 5.0, 5.0, 1.0])
    lengths = np.array([9, 9, 9, 9, 9, 3, 4, 5, 9, 9])
    if grower.classes is None:
        value = centre[:, None]
    else:
        value = np.tile([0.5, 0.25, 0.25], (len(centre), 1))
    n_samples = lengths.astype(float)
    got = early_codes(grower, depth, n_samples, impurity, value, lengths).tolist()
    assert got == grower_reason_codes(grower, depth, n_samples, impurity, value, lengths)


def test_a_median_node_below_zero_is_pure_relative_to_its_size():
    grower = regressor_grower("mae")
    # |median| 1e6: an absolute deviation of 1e-11 is rounding (ε · 1e6 = 2.2e-10)
    codes = early_codes(
        grower,
        0,
        np.array([4.0, 4.0, 4.0]),
        np.array([1e-11, 1e-11, 1e-9]),
        np.array([[-1e6], [1e6], [-1e6]]),
        np.array([4, 4, 4]),
    )
    assert codes.tolist() == [0, 0, -1]


def test_a_squared_error_node_at_a_large_mean_is_pure_relative_to_its_mean_squared():
    grower = regressor_grower("mse")
    # mean 1e9: rounding leaves (64 ulps)² of it: MEAN_ROUNDING · 1e18 · ε ≈ 2e-9
    assert MEAN_ULPS == 64 and MEAN_ROUNDING == 64**2 * EPS
    codes = early_codes(
        grower,
        0,
        np.array([4.0, 4.0, 4.0]),
        np.array([1e-14, 1e-14, 1e-6]),
        np.array([[1e9], [1.0], [1e9]]),
        np.array([4, 4, 4]),
    )
    assert codes.tolist() == [0, -1, -1]


def test_a_class_nodes_purity_has_no_scale():
    grower = classifier_grower()
    codes = early_codes(
        grower,
        0,
        np.array([4.0, 4.0]),
        np.array([EPS, 2 * EPS]),
        np.array([[1.0, 0.0, 0.0], [1.0, 0.0, 0.0]]),
        np.array([4, 4]),
    )
    assert codes.tolist() == [0, -1]


def test_reasons_are_coded_by_first_place():
    reasons = Reasons(classifier_grower(max_depth=2))
    assert reasons.texts == [
        "pure node",
        "max_depth=2 reached",
        "fewer than min_samples_split=2 rows",
        "fewer than 2 × min_samples_leaf=1 rows",
    ]
    assert reasons.early.tolist() == [0, 1, 2, 3, -1]
    assert reasons.code(None) == -1 and reasons.code("pure node") == 0
    assert reasons.code("best gain is 0") == 4 and reasons.code("best gain is 0") == 4


# ------------------------------------------------------------------ clear decisions
def test_a_decrease_clearly_passes_min_impurity_decrease_from_exactly_its_margin():
    assert levels.MARGIN == 1e-9
    grower = classifier_grower(min_impurity_decrease=0.5)
    total = grower.builder.total_weight
    edge = 0.5 - EPS  # plus eps: exactly the limit (unit 0: no margin)
    assert levels.clearly_splits(grower, total, edge, 0.0)
    assert not levels.clearly_splits(grower, total, np.nextafter(edge, 0.0), 0.0)
    assert not levels.clearly_splits(grower, total, 0.5, 1.0)  # within the margin
    assert levels.clearly_splits(grower, total, 0.5 + 2e-9, 1.0)
    assert not levels.clearly_splits(grower, total / 2, 0.75, 0.0)  # half the weight
    assert not levels.clearly_splits(grower, total, np.nan, 0.0)
    got = levels.clearly_split(
        grower,
        np.array([total, total, total, total / 2, total]),
        np.array([edge, np.nextafter(edge, 0.0), 0.5 + 2e-9, 0.75, np.nan]),
        np.array([0.0, 0.0, 1.0, 0.0, 0.0]),
    )
    assert got.tolist() == [True, False, True, False, False]


def test_zero_gain_stops_clearly_only_below_its_margin():
    grower = dt.ID3Classifier().make_grower(*dt.load_play_tennis())
    assert grower.config.stop_at_zero_gain
    total = grower.builder.total_weight
    zero = 1e-6  # ZERO_GAIN; unit 0: no margin
    assert levels.clearly_splits(grower, total, zero, 0.0)
    assert not levels.clearly_splits(grower, total, np.nextafter(zero, 0.0), 0.0)
    assert not levels.clearly_splits(grower, total, zero + 5e-10, 1.0)
    got = levels.clearly_split(
        grower,
        np.full(3, total),
        np.array([zero, np.nextafter(zero, 0.0), zero + 5e-10]),
        np.array([0.0, 0.0, 1.0]),
    )
    assert got.tolist() == [True, False, False]


# ------------------------------------------------------------------ level bookkeeping
def test_size_classes_pad_at_most_pad_rows():
    assert levels.PAD_ROWS == 128
    assert levels.size_classes(np.array([2, 130])).tolist() == [0, 0]  # 128 padding rows
    assert levels.size_classes(np.array([2, 131])).tolist() == [0, 1]
    assert levels.size_classes(np.array([2, 2, 66])).tolist() == [0, 0, 0]  # 2·64
    assert levels.size_classes(np.array([2, 2, 67])).tolist() == [0, 0, 1]
    assert levels.size_classes(np.array([5, 5, 5])).tolist() == [0, 0, 0]


def test_node_groups_cut_a_class_to_the_budget():
    # one class; each node takes longest (45) x 2 classes x 8 bytes = 720 bytes
    groups = levels.node_groups(np.array([40, 2, 45, 3, 44]), 2, 1440)
    assert [g.tolist() for g in groups] == [[1, 3], [0, 4], [2]]
    groups = levels.node_groups(np.array([40, 45, 44]), 2, 1439)
    assert [g.tolist() for g in groups] == [[0], [2], [1]]
    groups = levels.node_groups(np.array([40, 45, 44]), 2, 10)  # never an empty group
    assert [g.tolist() for g in groups] == [[0], [2], [1]]


def test_the_end_to_end_scan_needs_few_classes_whole_weights_and_two_rows_a_node():
    X = np.arange(16.0).reshape(-1, 1)
    seven = dt.CARTClassifier().make_grower(X, np.arange(16) % 7)
    eight = dt.CARTClassifier().make_grower(X, np.arange(16) % 8)
    assert levels.flat_scan_applies(seven, [16])
    assert not levels.flat_scan_applies(eight, [16])
    assert levels.flat_scan_applies(seven, [2, 14]) and not levels.flat_scan_applies(seven, [1, 15])
    halves = dt.CARTClassifier().make_grower(X, np.arange(16) % 7, np.full(16, 0.5))
    assert not levels.flat_scan_applies(halves, [16])
    regression = regressor_grower()
    assert not levels.flat_scan_applies(regression, [12])


def test_own_rows_are_those_no_child_received():
    rows = np.array([1, 4, 6, 9])
    assert _own_rows(rows, []).tolist() == [1, 4, 6, 9]
    assert _own_rows(rows, [np.array([1, 9]), np.array([4, 6])]).tolist() == []
    assert _own_rows(rows, [np.array([1]), np.array([6])]).tolist() == [4, 9]
    alone = _own_rows(rows, [])
    alone[0] = -1
    assert rows[0] == 1  # a copy, not a view


def test_a_levels_threshold_splits_are_routed_at_once(monkeypatch):
    routed = []
    route = levels.route_level

    def spy(grower, splitting):
        routed.append(len(splitting))
        return route(grower, splitting)

    monkeypatch.setattr(levels, "route_level", spy)
    X, y = dt.load_play_tennis(numeric=True)  # outlook and windy are categorical
    model = dt.CARTClassifier().fit(X, y)
    threshold_nodes = [
        s
        for s in model.steps_
        if s.chosen is not None and type(s.chosen.split).__name__ == "ThresholdSplit"
    ]
    assert sum(routed) == len(threshold_nodes) > 0


def test_route_level_keeps_each_childs_rows_ascending():
    grower = classifier_grower()
    root = levels.Pending(grower.open_leaf(grower.root.node_id))
    root.split = ThresholdSplit(0, 4.5)
    ((left, lw), (right, rw)) = levels.route_level(grower, [root])[0]
    assert left.tolist() == [0, 1, 2, 3, 4] and right.tolist() == list(range(5, 12))
    assert lw.tolist() == [1.0] * 5 and rw.tolist() == [1.0] * 7
    assert levels.route_level(grower, []) == []


def test_level_statistics_are_the_growers_own():
    grower = classifier_grower()
    parts = [np.array([0, 1, 2]), np.array([3, 4, 5, 6, 7])]
    stats = levels.child_stats(grower, parts)
    for rows, (counts, impurity) in zip(parts, stats):
        own = grower._stats(rows, np.ones(len(rows)))
        assert counts.tolist() == own[0].tolist() and impurity == own[1]
    assert stats[0][0].tolist() == [1.0, 1.0, 1.0]
    assert stats[1][0].tolist() == [2.0, 2.0, 1.0]  # classes 0 1 2 0 1
    assert levels.child_stats(grower, []) == []
    weighted = dt.CARTClassifier().make_grower(
        np.arange(12.0).reshape(-1, 1), np.arange(12) % 3, np.linspace(0.5, 2.0, 12)
    )
    for rows, (counts, impurity) in zip(parts, levels.child_stats(weighted, parts)):
        own = weighted._stats(rows, weighted.open_leaf(0).weights[rows])
        assert counts.tolist() == own[0].tolist() and impurity == own[1]
    reg = regressor_grower()
    stats = levels.regression_stats(reg, [(rows, np.ones(len(rows))) for rows in parts])
    # y = row numbers: means 1 and 5, variances 2/3 and 2
    assert [s[0].tolist() for s in stats] == [[3.0, 1.0], [5.0, 5.0]]
    assert [s[1] for s in stats] == pytest.approx([2 / 3, 2.0], abs=1e-15)
    assert levels.regression_stats(reg, []) == []


def test_sorted_orders_are_stable_and_filtered_orders_keep_only_the_next_nodes_rows():
    X = np.array([[3.0, 0.0], [1.0, 0.0], [2.0, 1.0], [1.0, 1.0]])
    order = levels.sorted_orders(X, np.arange(4), np.array([0, 1]))
    assert order.dtype == np.int32 and order.tolist() == [[1, 0], [3, 1], [2, 2], [0, 3]]
    kept = levels.filter_orders_by(order.copy(), np.array([0, 3, 2]), np.array([2, 1]), 4)
    assert kept.tolist() == [[3, 0], [0, 3], [2, 2]]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(levels, "SMALL_ORDER", 0)  # column by column, in place
        again = levels.filter_orders_by(order.copy(), np.array([0, 3, 2]), np.array([2, 1]), 4)
    assert again.tolist() == kept.tolist()
    assert levels.filter_orders(order, [], 4) is None


# ------------------------------------------------------------------ a level's score arrays
def test_split_scores_of_cuts_leave_cost_and_regression_criteria_to_the_scalar_form():
    child = np.array([[[4.0, 0.0], [5.0, 5.0]]])
    cost = GrowthConfig("cost_gini", cost_matrix=[[0, 1], [4, 0]])
    assert split_scores_of_cuts(cost.rule, child, cost) is None
    mse = GrowthConfig("mse")
    assert split_scores_of_cuts(mse.rule, np.array([[[2.0, 1.0, 1.0]] * 2]), mse) is None
    gini = GrowthConfig("gini")
    got = split_scores_of_cuts(gini.rule, child, gini)
    # 90/196 - 10/14 · 1/2
    assert list(got) == ["impurity_decrease", "score", "gini_gain"]
    assert got["score"].tolist() == pytest.approx([90 / 196 - 5 / 14], abs=1e-15)
    one = scores_one_by_one(cost.rule, child, cost)
    assert {k: v.tolist() for k, v in one.items()} == {
        k: [v] for k, v in cost.rule.split_scores(child[0], cost).items()
    }
    empty = scores_one_by_one(cost.rule, np.zeros((0, 2, 2)), cost)
    assert list(empty) == ["impurity_decrease", "score", "cost_gini_gain"]
    assert all(v.tolist() == [] for v in empty.values())


def test_distance_and_ratio_scores_of_cuts_are_the_scalar_forms():
    child = np.array([[[4.0, 0.0], [5.0, 5.0]], [[2.0, 3.0], [7.0, 2.0]]])
    for name in ("hellinger", "gain_ratio", "misclassification", "entropy"):
        config = GrowthConfig(name)
        got = split_scores_of_cuts(config.rule, child, config)
        for c in range(2):
            assert {k: float(v[c]) for k, v in got.items()} == config.rule.split_scores(
                child[c], config
            )


def test_textbook_scores_of_cuts_are_textbook_scores_in_order():
    child = np.array([[[4.0, 0.0], [5.0, 5.0]], [[2.0, 3.0], [7.0, 2.0]], [[9.0, 5.0], [0, 0]]])
    got = textbook_scores_of_cuts(child, 2.0)
    assert TEXTBOOK == tuple(textbook_scores(child[0], 2.0))
    for c in range(3):
        assert got[c].tolist() == list(textbook_scores(child[c], 2.0).values())
    assert got[2, TEXTBOOK.index("gain_ratio")] == 0.0  # one branch: no split info


def test_branch_means_and_ratios_guard_against_zero():
    sums = np.array([[2.0, -1.0, 1.0], [0.0, 0.0, 0.0], [4.0, 2.0, 3.0]])
    assert branch_means(sums, 10.0).tolist() == [9.5, 0.0, 10.5]
    assert branch_means(sums).tolist() == [-0.5, 0.0, 0.5]
    assert ratio_of(np.array([0.5, 0.5, 0.3]), np.array([2.0, 0.0, -1.0])).tolist() == [
        0.25,
        0.0,
        0.0,
    ]


def test_level_arrays_apply_only_to_all_numeric_growers():
    X, y = dt.load_play_tennis(numeric=True)
    numeric = X[["temperature", "humidity"]]
    assert level_arrays.applies(dt.CARTClassifier().make_grower(numeric, y))
    assert not level_arrays.applies(dt.CARTClassifier().make_grower(X, y))
    assert not level_arrays.applies(dt.ObliqueTreeClassifier().make_grower(numeric, y))
    assert not level_arrays.applies(dt.CARTClassifier(max_leaf_nodes=3).make_grower(numeric, y))
    assert criteria.get("mse").scans_sums and not criteria.get("mae").scans_sums


def test_regression_sums_give_a_node_of_no_weight_mean_zero():
    grower = regressor_grower()  # y = row numbers
    rows, lengths = np.array([0, 1, 2, 3, 4]), np.array([2, 2, 1])
    total, mean, spread = levels.regression_sums(
        grower, rows, np.array([1.0, 1.0, 0, 0, 2.0]), lengths
    )
    assert total.tolist() == [2.0, 0.0, 2.0]
    assert mean.tolist() == [0.5, 0.0, 4.0] and spread.tolist() == [0.25, 0.0, 0.0]
    total, mean, spread = levels.regression_sums(grower, rows, None, lengths)
    assert total.tolist() == [2.0, 2.0, 1.0] and mean.tolist() == [0.5, 2.5, 4.0]
    assert spread.tolist() == [0.25, 0.25, 0.0]


def test_the_measured_settings_are_as_documented():
    # each a measured trade-off its docstring states; a change must come with new numbers
    from dtlearn.grow import medians, scanners
    from dtlearn.grow.fast import node_arrays, sums

    assert (levels.MIN_CHUNK_BYTES, levels.FLAT_BYTES, levels.SMALL_ORDER) == (
        2**18,
        2**24,
        2**15,
    )
    assert (scanners.BLOCK_CUTS, scanners.SHORT_RUN, scanners.LARGE) == (2**17, 16, 1e250)
    assert (node_arrays.BLOCK, node_arrays.SETTLE) == (32_768, 8)
    assert (sums.BLOCK, sums.UNROLL, medians.SORTED_LIST_ROWS) == (128, 8, 4096)


def test_centred_terms_of_unit_weights_and_one_centre_per_node():
    from dtlearn.grow.fast.sums import centred_terms

    # node 0 (mean 2): y 1, 4 -> d -1, 2; node 1 (mean 4): y 2, 6 -> d -2, 2
    got = centred_terms(1.0, np.array([[1.0, 4.0], [2.0, 6.0]]), np.array([[2.0], [4.0]]))
    assert got.tolist() == [
        [[1.0, -1.0, 1.0], [1.0, 2.0, 4.0]],
        [[1.0, -2.0, 4.0], [1.0, 2.0, 4.0]],
    ]
    weighted = centred_terms(np.array([3.0, 0.5]), np.array([1.0, 4.0]), 2.0)
    assert weighted.tolist() == [[3.0, -3.0, 3.0], [0.5, 1.0, 2.0]]


def test_rank_sums_refuse_slices_out_of_bit_order():
    from dtlearn.grow.fast.median_cuts import RankSums

    with pytest.raises(ValueError) as err:
        RankSums(np.array([0, 1, 5, 6, 7]), np.arange(5.0), np.arange(5.0), ends=np.array([2, 5]))
    assert str(err.value) == "ends: the slices must come by bits of their largest rank, most first"
    sums = RankSums(
        np.array([5, 6, 7, 0, 1]), np.arange(5.0), np.arange(5.0), ends=np.array([3, 5])
    )
    assert sums.slice_bits.tolist() == [3, 1] and sums.bits == 3


def scan_fields(result):
    scan, best, gain, unit = result
    fields = ("index", "score", "threshold", "n_cuts", "left", "total", "constant", "n")
    return [getattr(scan, name).tolist() for name in fields] + [
        best.tolist(),
        np.nan_to_num(gain, nan=-1.0).tolist(),
        unit.tolist(),
    ]


@pytest.mark.parametrize("flat", [True, False])
@pytest.mark.parametrize("budget", [256, 128, 1])
def test_a_level_scanned_in_column_chunks_is_the_level_scanned_whole(monkeypatch, flat, budget):
    # eight rows, two classes, three columns: 8 · 2 · 8 = 128 bytes a column, so a budget of
    # 256 bytes takes columns two at a time (0 1 | 2), 128 or less one at a time
    rng = np.random.default_rng(7)
    X = rng.integers(0, 5, size=(8, 3)).astype(float)
    y = np.array([0, 1, 1, 0, 1, 0, 0, 1])
    grower = dt.CARTClassifier().make_grower(X, y)
    numeric = np.arange(3)
    order = levels.sorted_orders(X, np.arange(8), numeric)
    if not flat:
        monkeypatch.setattr(levels, "FLAT_BYTES", 0)
    whole = scan_fields(levels.scan_arrays(grower, order, [8], numeric))
    monkeypatch.setattr(levels, "MIN_CHUNK_BYTES", budget)
    chunked = scan_fields(levels.scan_arrays(grower, order, [8], numeric))
    assert chunked == whole
    assert whole[0][0] != [-1, -1, -1]  # some column has a cut
