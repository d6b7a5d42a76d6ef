"""The engine's values and candidate lists, each against numbers worked out by hand.

``dtlearn.grow.records`` (GrowthConfig's checks and defaults, Scores, the textbook scores,
a candidate's derivation and dict), ``dtlearn.grow.scoring`` (what a builder refuses and
why, a scan block's candidates, a candidate list's choice, gains, rows and saving) and
``dtlearn.grow.table`` (a table's test column, rows, scale and errors). Play tennis
(Quinlan) gives the counts: outlook splits 9 yes / 5 no into 2/3, 4/0 and 3/2.
"""

import math
import pickle

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.data import infer_schema
from dtlearn.grow.records import (
    ZERO_GAIN,
    Candidate,
    ExplainContext,
    GrowthConfig,
    Scores,
    inadmissible,
    textbook_scores,
)
from dtlearn.grow.scoring import CandidateBuilder, CandidateList, ThresholdBlock, ThresholdScan
from dtlearn.grow.table import (
    DEFAULT_SETTINGS,
    TABLE_SCORES,
    SplitTable,
    best_candidate,
    branch_test,
    candidate_row,
    node_scale,
    score_columns,
)
from dtlearn.splits import MultiwaySplit, ThresholdSplit

OUTLOOK = np.array([[2.0, 3.0], [4.0, 0.0], [3.0, 2.0]])


def bits(*counts):
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c)


def tennis_builder(numeric=False, context=None, **config):
    X, _ = dt.load_play_tennis(numeric=numeric)
    return CandidateBuilder(infer_schema(X), GrowthConfig(**config), 14.0, context)


# ------------------------------------------------------------------ GrowthConfig
def test_growth_config_defaults_are_id3s():
    c = GrowthConfig()
    assert (
        c.criterion,
        c.categorical_split,
        c.max_depth,
        c.min_samples_split,
        c.min_samples_leaf,
        c.min_impurity_decrease,
        c.max_leaf_nodes,
        c.stop_at_zero_gain,
        c.oblique,
        c.cost_matrix,
        c.base,
        c.scanner,
        c.average_gain,
    ) == ("entropy", "multiway", None, 2, 1, 0.0, None, False, False, None, 2.0, "fast", False)
    assert not c.is_regression and GrowthConfig("mse").is_regression
    assert ZERO_GAIN == 1e-6


def test_growth_config_says_what_is_wrong():
    with pytest.raises(ValueError) as err:
        GrowthConfig("cost_gini")
    assert str(err.value) == "criterion='cost_gini' needs a cost_matrix"
    with pytest.raises(ValueError) as err:
        GrowthConfig(scanner="slow")
    assert str(err.value) == "scanner must be 'fast' or 'reference', not 'slow'"
    assert GrowthConfig("cost_gini", cost_matrix=[[0, 1], [1, 0]]).rule.needs_cost_matrix
    assert GrowthConfig(scanner="reference").scanner == "reference"


# ------------------------------------------------------------------ Scores
def test_scores_work_out_their_lazy_part_once_and_act_as_a_mapping():
    calls = []

    def lazy():
        calls.append(1)
        return {"gini_gain": 0.25, "score": 9.0}  # an eager key wins over the lazy one

    s = Scores({"score": 0.5}, lazy)
    assert s["score"] == 0.5 and not s.computed and calls == []
    assert "gini_gain" in s and s.computed and calls == [1]
    assert "nothing" not in s
    assert len(s) == 2 and list(s) == ["score", "gini_gain"] and s["score"] == 0.5
    s["n_cuts"] = 3
    del s["gini_gain"]
    assert dict(s) == {"score": 0.5, "n_cuts": 3} and calls == [1]
    assert repr(s) == "{'score': 0.5, 'n_cuts': 3}"
    assert s == Scores({"score": 0.5, "n_cuts": 3}) and s != {"score": 0.5}
    assert (s == 3) is False


def test_saved_scores_stay_lazy():
    s = Scores({"score": 0.5}, dict)  # dict() -> {}: a picklable lazy part
    loaded = pickle.loads(pickle.dumps(s))
    assert not loaded.computed and loaded == {"score": 0.5} and loaded.computed


# ------------------------------------------------------------------ textbook scores
def test_textbook_scores_of_outlook_by_hand():
    s = textbook_scores(OUTLOOK, 2.0)
    h = bits(9, 5)
    mean_info = 5 / 14 * bits(2, 3) + 4 / 14 * 0.0 + 5 / 14 * bits(3, 2)
    split_info = bits(5, 4, 5)
    gini = 1 - (9 / 14) ** 2 - (5 / 14) ** 2
    gini_children = 5 / 14 * (1 - 0.4**2 - 0.6**2) * 2
    assert list(s) == [
        "entropy",
        "mean_info",
        "information_gain",
        "split_info",
        "gain_ratio",
        "gini_gain",
        "misclassification_gain",
    ]
    expected = [
        h,
        mean_info,
        h - mean_info,
        split_info,
        (h - mean_info) / split_info,
        gini - gini_children,
        5 / 14 - (5 / 14 * 2 / 5 + 5 / 14 * 2 / 5),  # errors 5 of 14, then 2 + 0 + 2
    ]
    assert list(s.values()) == pytest.approx(expected, abs=1e-12)


def test_a_single_branch_has_no_split_info_and_a_gain_ratio_of_zero():
    s = textbook_scores(np.array([[3.0, 2.0]]), 2.0)
    assert s["split_info"] == 0.0 and s["gain_ratio"] == 0.0 and s["information_gain"] == 0.0


def test_textbook_entropies_take_the_base():
    s = textbook_scores(OUTLOOK, 10.0)
    assert s["entropy"] == pytest.approx(bits(9, 5) / math.log2(10), abs=1e-12)
    assert s["split_info"] == pytest.approx(bits(5, 4, 5) / math.log2(10), abs=1e-12)


# ------------------------------------------------------------------ candidates
def test_a_candidates_derivation_names_the_target_the_caller_gives_else_the_growers():
    context = ExplainContext(("no", "yes"), "play", 2.0, None)
    c = tennis_builder(context=context).classification(
        0, MultiwaySplit(0, 3), OUTLOOK, np.array([5, 4, 5])
    )
    assert str(c.explain()).splitlines()[0] == "H(play) = 0.940 bits   (9 no / 5 yes)"
    first = str(c.explain(target_name="outcome")).splitlines()[0]
    assert first == "H(outcome) = 0.940 bits   (9 no / 5 yes)"
    first = str(c.explain(classes=("n", "y"))).splitlines()[0]
    assert first == "H(play) = 0.940 bits   (9 n / 5 y)"
    bare = tennis_builder().classification(0, MultiwaySplit(0, 3), OUTLOOK, np.array([5, 4, 5]))
    assert str(bare.explain(classes=("no", "yes"))).splitlines()[0] == (
        "H(S) = 0.940 bits   (9 no / 5 yes)"
    )
    assert ExplainContext() == ExplainContext(None, "S", 2.0, None)


REGRESSION_DERIVATION = """split on temperature
MSE after = 2/4·0.250 + 2/4·1.000 = 0.625
decrease  = 3.688 - 0.625 = 3.062
  branch              | n | mean  | MSE
  temperature <= 70.5 | 2 | 1.500 | 0.250
  temperature > 70.5  | 2 | 5.000 | 1.000"""


def test_a_regression_candidate_by_hand():
    # y = 1 2 | 4 6: means 1.5 and 5, variances 0.25 and 1; the node's: mean 3.25,
    # (2.25² + 1.25² + 0.75² + 2.75²) / 4 = 3.6875; children 0.625; decrease 3.0625
    builder = tennis_builder(numeric=True, criterion="mse")
    c = builder.regression(
        1,
        ThresholdSplit(1, 70.5),
        np.array([1.0, 2.0, 4.0, 6.0]),
        np.ones(4),
        np.array([0, 0, 1, 1]),
        3.6875,
        5,
    )
    assert c.child_counts.tolist() == [[2.0, 1.5, 0.25], [2.0, 5.0, 1.0]]
    assert dict(c.scores) == {
        "impurity_decrease": 3.0625,
        "child_impurity": 0.625,
        "weighted_decrease": pytest.approx(4 / 14 * 3.0625, abs=1e-15),
        "score": 3.0625,
        "n_cuts": 5,
    }
    assert c.score == 3.0625 and c.statistic == "mean" and c.criterion == "mse"
    assert str(c.explain()) == REGRESSION_DERIVATION
    d = c.to_dict()
    assert d["child_counts"] == [[2.0, 1.5, 0.25], [2.0, 5.0, 1.0]]
    assert d["conditions"] == ["temperature <= 70.5", "temperature > 70.5"]
    assert (d["reason"], d["statistic"], d["criterion"], d["score"]) == ("", "mean", "mse", 3.0625)
    assert d["split"] == {"kind": "threshold", "feature": 1, "threshold": 70.5}


def test_regression_scores_from_centred_sums_add_the_centre_back():
    # sums [Σw, Σwd, Σwd²] about 3.25: left d = -2.25, -1.25 (-3.5? no: two rows, Σd = -3,
    # Σd² = 5), right Σd = 3, Σd² = 5; means 3.25 ∓ 1.5, variances 5/2 - 1.5² = 0.25
    builder = tennis_builder(numeric=True, criterion="mse")
    sums = np.array([[2.0, -3.0, 5.0], [2.0, 3.0, 5.0]])
    c = builder.regression_of_sums(1, ThresholdSplit(1, 70.5), sums, np.array([2, 2]), 3, 3.25)
    assert c.child_counts.tolist() == [[2.0, 1.75, 0.25], [2.0, 4.75, 0.25]]
    # the node: 10/4 = 2.5 about its own mean
    assert c.scores["impurity_decrease"] == 2.25 and c.scores["n_cuts"] == 3
    assert c.scores["weighted_decrease"] == pytest.approx(4 / 14 * 2.25, abs=1e-15)


def test_an_mae_candidate_shows_its_medians():
    builder = tennis_builder(numeric=True, criterion="mae")
    c = builder.regression(
        1,
        ThresholdSplit(1, 70.5),
        np.array([1.0, 2.0, 3.0, 10.0]),
        np.ones(4),
        np.array([0, 0, 0, 1]),
        3.0,
    )
    assert c.statistic == "median"
    header = str(c.explain()).splitlines()[3]
    assert header.split("|")[2].strip() == "median"


def test_an_inadmissible_candidate_says_why():
    c = inadmissible(2, "humidity", "the attribute is constant here")
    assert (c.admissible, c.split, c.scores, c.score, c.criterion) == (
        False,
        None,
        {},
        -np.inf,
        "entropy",
    )
    assert c.child_counts.tolist() == [[0.0]] and c.conditions == ()
    assert str(c.explain()) == "humidity: no split\nnote: the attribute is constant here"
    assert c.to_dict()["split"] is None


def test_a_builder_refuses_a_split_of_one_branch_or_a_thin_branch():
    builder = tennis_builder(min_samples_leaf=4)
    one = builder.classification(
        0, MultiwaySplit(0, 3), np.array([[9.0, 5.0], [0, 0], [0, 0]]), np.array([14, 0, 0])
    )
    assert one.reason == "all rows take the same branch" and not one.admissible
    thin = builder.classification(0, MultiwaySplit(0, 3), OUTLOOK, np.array([5, 3, 6]))
    assert thin.reason == "a branch would hold fewer than min_samples_leaf=4 rows"
    assert thin.conditions == ("outlook = sunny", "outlook = overcast", "outlook = rainy")
    at_the_limit = builder.classification(0, MultiwaySplit(0, 3), OUTLOOK, np.array([5, 4, 5]))
    assert at_the_limit.admissible  # four rows in the smallest branch: allowed
    assert at_the_limit.scores["weighted_decrease"] == pytest.approx(
        bits(9, 5) - (5 / 14 * bits(2, 3) * 2), abs=1e-12
    )
    assert "n_cuts" not in at_the_limit.scores


def test_the_weighted_decrease_is_the_nodes_share_of_the_whole_weight():
    builder = tennis_builder()  # the whole data weighs 14; this node 7
    c = builder.classification(
        3, MultiwaySplit(3, 2), np.array([[3.0, 1.0], [0.0, 3.0]]), np.array([4, 3]), n_cuts=1
    )
    gain = bits(3, 4) - 4 / 7 * bits(3, 1)
    assert c.scores["impurity_decrease"] == pytest.approx(gain, abs=1e-12)
    assert c.scores["weighted_decrease"] == pytest.approx(7 / 14 * gain, abs=1e-12)
    assert c.scores["n_cuts"] == 1 and type(c.scores["n_cuts"]) is int


def test_the_oblique_column_is_the_linear_combination():
    builder = tennis_builder(numeric=True)
    assert builder.feature_name(3) == "windy"
    assert builder.feature_name(4) == "linear combination"


# ------------------------------------------------------------------ a scan's block
def scan_of_two_columns(constant):
    # temperature cut after its 4th value at 70.5: [4, 0] left of 9 yes / 5 no; humidity
    # has no admissible cut
    return ThresholdScan(
        np.array([1, 2]),
        np.array([[3, -1]]),
        np.array([[0.1, 0.0]]),
        np.array([[70.5, 0.0]]),
        np.array([[7, 0]]),
        np.array([[[4.0, 0.0], [0.0, 0.0]]]),
        np.array([[9.0, 5.0]]),
        np.array([[False, constant]]),
        np.array([14]),
    )


def test_a_block_column_without_a_cut_says_why():
    builder = tennis_builder(numeric=True, criterion="gini", min_samples_leaf=3)
    block = ThresholdBlock(scan_of_two_columns(True), 0)
    assert block.build(1, builder).reason == "the attribute is constant here"
    block = ThresholdBlock(scan_of_two_columns(False), 0)
    assert block.build(1, builder).reason == "no threshold leaves min_samples_leaf=3 rows a side"
    assert block.score_of(0) == 0.1 and block.score_of(1) == -np.inf
    assert block.features.tolist() == [1, 2]
    assert block.split(0) == ThresholdSplit(1, 70.5)


def test_a_block_candidate_by_hand():
    # gini of [9,5]: 90/196; right [5,5]: 1/2 over 10 of 14 rows; left pure
    builder = tennis_builder(numeric=True, criterion="gini")
    block = ThresholdBlock(scan_of_two_columns(True), 0)
    c = block.build(0, builder)
    assert c.conditions == ("temperature <= 70.5", "temperature > 70.5")
    assert c.child_counts.tolist() == [[4.0, 0.0], [5.0, 5.0]]
    assert c.scores["gini_gain"] == pytest.approx(90 / 196 - 10 / 14 * 0.5, abs=1e-15)
    assert c.scores["n_cuts"] == 7
    items = CandidateList([0, 1], builder, block)
    assert items.plain_block(builder) is block
    assert items.plain_block(tennis_builder(numeric=True, criterion="gini")) is None
    assert items.table_rows(("gini_gain", "n_cuts")) == [
        ("temperature", "<= 70.5", pytest.approx(90 / 196 - 5 / 14, abs=1e-15), 7.0),
        ("humidity", "the attribute is constant here", "—", "—"),
    ]
    assert items.shown() == (True, ["gini"])
    assert items.best().feature_name == "temperature"
    assert items.gain_of(0) == pytest.approx(90 / 196 - 5 / 14, abs=1e-15)
    assert items.gain_of(1) == 0.0  # no cut: nothing taken from either side


def test_a_list_is_a_plain_block_only_while_every_item_is_its_column_in_order():
    builder = tennis_builder(numeric=True, criterion="gini")
    block = ThresholdBlock(scan_of_two_columns(True), 0)
    assert CandidateList([1, 0], builder, block).plain_block(builder) is None
    assert CandidateList([0], builder, block).plain_block(builder) is None
    assert CandidateList([0, True], builder, block).plain_block(builder) is None
    built = CandidateList([0, 1], builder, block)
    built[0]
    assert built.plain_block(builder) is None  # a built item is no column any more
    assert CandidateList([0, 1], builder, None).plain_block(builder) is None


def test_a_list_reads_lazy_items_once_and_saves_its_block_columns():
    builder = tennis_builder(numeric=True, criterion="gini")
    block = ThresholdBlock(scan_of_two_columns(True), 0)
    made = []
    windy = builder.classification(
        3, MultiwaySplit(3, 2), np.array([[6.0, 2.0], [3.0, 3.0]]), np.array([8, 6])
    )

    def make():
        made.append(1)
        return windy

    items = CandidateList([0, 1, (0.05, make)], builder, block)
    assert items.score_of(2) == 0.05 and made == []
    assert items[2] is windy and items[2] is windy and made == [1]
    assert items.position_of(windy) == 2 and items.position_of(object()) is None
    loaded = pickle.loads(pickle.dumps(items))
    assert [c.feature_name for c in loaded] == ["temperature", "humidity", "windy"]
    assert [c.to_dict() for c in loaded] == [c.to_dict() for c in items]
    assert len(loaded + [windy]) == 4
    assert [c.feature for c in items[0:2]] == [1, 2]


def test_the_best_of_a_list_breaks_ties_by_column_order():
    builder = tennis_builder(criterion="gini")
    same = builder.classification(0, MultiwaySplit(0, 3), OUTLOOK, np.array([5, 4, 5]))
    twin = builder.classification(1, MultiwaySplit(1, 3), OUTLOOK, np.array([5, 4, 5]))
    assert CandidateList([same, twin], builder).best() is same
    assert CandidateList([twin, same], builder).best() is twin
    assert CandidateList([], builder).best() is None
    refused = inadmissible(1, "temperature", "the attribute is constant here")
    assert CandidateList([refused], builder).best() is None


def test_c45s_filter_keeps_a_high_ratio_of_a_low_gain_out_of_a_list():
    # a peels one row off: gain 0.113, split info 0.371, ratio 0.305; b halves the node:
    # gain 0.152, ratio 0.152. The average gain less 0.001 (0.1315) leaves a out.
    a_counts, a_rows = np.array([[9.0, 4.0], [0.0, 1.0], [0.0, 0.0]]), np.array([13, 1, 0])
    b_counts, b_rows = np.array([[6.0, 1.0], [3.0, 4.0]]), np.array([7, 7])
    gain_a = bits(9, 5) - 13 / 14 * bits(9, 4)
    gain_b = bits(9, 5) - 0.5 * bits(6, 1) - 0.5 * bits(3, 4)
    assert gain_a < (gain_a + gain_b) / 2 - 0.001 and gain_a / bits(13, 1) > gain_b
    for average_gain, winner in ((True, 1), (False, 0)):
        builder = tennis_builder(criterion="gain_ratio", average_gain=average_gain)
        a = builder.classification(0, MultiwaySplit(0, 3), a_counts, a_rows)
        b = builder.classification(3, MultiwaySplit(3, 2), b_counts, b_rows)
        assert a.scores["gain_ratio"] == pytest.approx(gain_a / bits(13, 1), abs=1e-12)
        assert CandidateList([a, b], builder).best() is (a, b)[winner]
        assert CandidateList([a, b], builder).gain_of(0) == pytest.approx(gain_a, abs=1e-12)
    refused = inadmissible(1, "temperature", "the attribute is constant here")
    assert CandidateList([refused, b], builder).gain_of(0) == 0.0


# ------------------------------------------------------------------ tables
def test_the_test_column_counts_present_values_and_drops_the_attribute_name():
    builder = tennis_builder()
    absent = builder.classification(
        0, MultiwaySplit(0, 3), np.array([[2.0, 3.0], [0.0, 0.0], [3.0, 2.0]]), np.array([5, 0, 5])
    )
    assert branch_test(absent) == "2-way (2 of 3 values present)"
    full = builder.classification(0, MultiwaySplit(0, 3), OUTLOOK, np.array([5, 4, 5]))
    assert branch_test(full) == "3-way"
    assert branch_test(inadmissible(1, "x", "")) == "no split"
    assert branch_test(inadmissible(1, "x", "why")) == "why"
    spaced = Candidate(
        0,
        "wind speed",
        ThresholdSplit(0, 3.5),
        ("wind speed <= 3.5", "wind speed > 3.5"),
        np.zeros((2, 2)),
        {},
        0.0,
    )
    assert branch_test(spaced) == "<= 3.5"
    other = Candidate(
        0,
        "wind",
        ThresholdSplit(0, 3.5),
        ("speed <= 3.5", "speed > 3.5"),
        np.zeros((2, 2)),
        {},
        0.0,
    )
    assert branch_test(other) == "speed <= 3.5"


def test_a_regression_multiway_test_counts_branches_with_rows():
    counts = np.array([[2.0, 1.5, 0.25], [0.0, 0.0, 0.0], [3.0, 2.0, 1.0]])
    c = Candidate(
        0, "outlook", MultiwaySplit(0, 3), ("a", "b", "c"), counts, {}, 0.0, criterion="mse"
    )
    assert branch_test(c) == "2-way (2 of 3 values present)"


def test_table_rows_and_columns():
    assert TABLE_SCORES == {
        "classification": (
            "mean_info",
            "information_gain",
            "split_info",
            "gain_ratio",
            "gini_gain",
        ),
        "regression": ("child_impurity", "impurity_decrease"),
    }
    assert score_columns("classification", ["gini", "entropy", "hellinger", "hellinger"]) == (
        TABLE_SCORES["classification"] + ("hellinger_distance",)
    )
    c = inadmissible(1, "temperature", "the attribute is constant here")
    assert candidate_row(c, ("gini_gain",)) == (
        "temperature",
        "the attribute is constant here",
        "—",
    )
    assert DEFAULT_SETTINGS.base == 2.0 and DEFAULT_SETTINGS.cost_matrix is None


def test_node_scale_is_the_first_admissible_candidates_node_impurity():
    builder = tennis_builder()
    c = builder.classification(0, MultiwaySplit(0, 3), OUTLOOK, np.array([5, 4, 5]))
    refused = inadmissible(1, "temperature", "constant")
    assert node_scale([refused, c]) == pytest.approx(bits(9, 5), abs=1e-15)
    assert node_scale([refused]) == 0.0 and node_scale([]) == 0.0
    gini = GrowthConfig("gini")
    assert node_scale([c], gini) == pytest.approx(90 / 196, abs=1e-15)
    assert node_scale([c], GrowthConfig(base=10.0)) == pytest.approx(
        bits(9, 5) / math.log2(10), abs=1e-15
    )
    cost = Candidate(0, "outlook", MultiwaySplit(0, 3), (), OUTLOOK, {}, 0.1, criterion="cost_gini")
    assert node_scale([cost]) == 0.0  # no cost matrix to weigh the classes by


def test_node_scale_of_regression_is_the_mean_square_about_the_nodes_centre():
    # branches of 2 rows, means 1 and 3, variances 0.5 and 1.5: node mean 2,
    # mean square about it: (2·(0.5 + 1) + 2·(1.5 + 1)) / 4 = 2
    counts = np.array([[2.0, 1.0, 0.5], [2.0, 3.0, 1.5]])
    mean = Candidate(0, "x", ThresholdSplit(0, 1.0), (), counts, {}, 0.0, criterion="mse")
    assert node_scale([mean]) == 2.0
    # median: the absolute deviations plus each branch's |centre|: (2·(0.5+1) + 2·(1.5+3))/4
    medians = np.array([[2.0, -1.0, 0.5], [2.0, 3.0, 1.5]])
    median = Candidate(0, "x", ThresholdSplit(0, 1.0), (), medians, {}, 0.0, criterion="mae")
    assert node_scale([median]) == 3.0


def test_best_candidate_of_plain_candidates():
    builder = tennis_builder()
    c = builder.classification(0, MultiwaySplit(0, 3), OUTLOOK, np.array([5, 4, 5]))
    refused = inadmissible(1, "temperature", "constant")
    assert best_candidate((refused, c)) is c
    assert best_candidate((refused,)) is None and best_candidate(()) is None


def test_a_split_tables_errors_name_the_feature_and_the_attributes():
    table = dt.split_table(*dt.load_play_tennis())
    with pytest.raises(ValueError) as err:
        table.row("colour")
    assert str(err.value) == (
        "feature 'colour' is not in this table; "
        "attributes: ['outlook', 'temperature', 'humidity', 'windy']"
    )
    empty = SplitTable((inadmissible(0, "outlook", "only one category occurs at this node"),))
    with pytest.raises(ValueError, match="^no attribute can split this node$"):
        empty.explain()
    assert empty.best is None and empty.to_table().highlight_row is None
    assert table.to_table().highlight_row == 0 and table.columns[:2] == ("attribute", "test")
    assert table.rows[2][:2] == ("humidity", "2-way")
    assert list(table.to_frame().columns) == list(table.columns)
    assert "outlook" in table._repr_html_() and "outlook" in table._repr_markdown_()


def test_a_chosen_candidate_is_marked_though_another_scores_higher():
    table = dt.split_table(*dt.load_play_tennis())
    windy = table.row("windy")
    chosen = SplitTable(table.candidates, windy, "by hand", ("no", "yes"), "play")
    assert chosen.best is windy and chosen.to_table().highlight_row == 3
    assert chosen.to_table().caption == "by hand"
    assert str(chosen.explain()).splitlines()[0].startswith("H(play) = 0.940 bits")


def test_split_table_refuses_a_regression_criterion():
    X, y = dt.load_play_tennis()
    with pytest.raises(ValueError) as err:
        dt.split_table(X, y, criterion="mse")
    assert str(err.value).startswith("criterion must be a classification criterion [")
    assert str(err.value).endswith("], got 'mse'")
    named = dt.split_table(X, y.rename(None) if hasattr(y, "rename") else y)
    assert named.target_name in ("class", y.name)


def test_an_unbuilt_block_columns_gain_is_the_scans_own():
    builder = tennis_builder(numeric=True, criterion="gini")
    block = ThresholdBlock(scan_of_two_columns(True), 0)
    items = CandidateList([0, 1], builder, block)
    assert items.gain_of(0) == pytest.approx(90 / 196 - 5 / 14, abs=1e-15)
    assert items._items == [0, 1]  # read from the scan, nothing built
    assert items.gain_of(0) == items[0].scores["impurity_decrease"]


def test_a_list_compares_and_prints_as_the_tuple_of_its_candidates():
    builder = tennis_builder(numeric=True, criterion="gini")
    block = ThresholdBlock(scan_of_two_columns(True), 0)
    items = CandidateList([0, 1], builder, block)
    assert repr(items) == repr(tuple(items))
    other = CandidateList([0, 1], builder, block)
    assert [c.to_dict() for c in other] == [c.to_dict() for c in items]


def test_a_block_candidate_for_another_builder_is_built_alone():
    scan = scan_of_two_columns(True)
    block = ThresholdBlock(scan, 0)
    gini = tennis_builder(numeric=True, criterion="gini")
    scan.scored(gini)  # the level scored for one builder
    entropy = tennis_builder(numeric=True)
    c = block.candidate(0, entropy)
    assert c.criterion == "entropy"
    assert c.score == pytest.approx(bits(9, 5) - 10 / 14 * 1.0, abs=1e-12)
    assert block.candidate(0, gini).criterion == "gini"
    assert block.candidate(1, gini).reason == "the attribute is constant here"


def test_a_saved_level_candidate_works_out_its_own_textbook_scores():
    builder = tennis_builder(numeric=True, criterion="gini")
    block = ThresholdBlock(scan_of_two_columns(True), 0)
    c = block.build(0, builder, from_level=True)
    assert not c.scores.computed
    loaded = pickle.loads(pickle.dumps(c))
    assert not loaded.scores.computed
    expected = textbook_scores(np.array([[4.0, 0.0], [5.0, 5.0]]), 2.0)
    assert {k: loaded.scores[k] for k in expected} == pytest.approx(expected, abs=1e-15)
    assert {k: c.scores[k] for k in expected} == pytest.approx(expected, abs=1e-15)


def test_a_candidate_and_an_inadmissible_one_default_to_an_entropy_mean_and_no_reason():
    c = Candidate(0, "a", None, (), np.zeros((1, 1)), {}, -np.inf)
    assert (c.reason, c.statistic, c.criterion, c.context) == ("", "mean", "entropy", None)
    assert (c.to_dict()["reason"], c.to_dict()["statistic"]) == ("", "mean")
    bare = inadmissible(3, "windy", "one class only here")
    assert (bare.feature, bare.feature_name, bare.split, bare.conditions) == (3, "windy", None, ())
    assert bare.child_counts.tolist() == [[0.0]] and bare.scores == {}
    assert (bare.score, bare.reason, bare.statistic, bare.criterion) == (
        -np.inf,
        "one class only here",
        "mean",
        "entropy",
    )
