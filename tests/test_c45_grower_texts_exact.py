"""C4.5's candidate explanations and stop reasons, whole texts, numbers worked out by hand.

J48 (Weka 3.6 ``C45Split`` / ``InfoGainSplitCrit`` / ``GainRatioSplitCrit``) scores a
numeric attribute by the gain on its known values times the known fraction, minus
``log2(cuts tried)/N``; split info counts the unknowns as one more branch; the average-gain
filter keeps the attributes whose gain is at least the average minus 0.001. Every number
below is computed here from those formulas, not read back from dtlearn.
"""

import math

import numpy as np
import pandas as pd
import pytest

from dtlearn.learners.c45 import C45Classifier


def _h(*counts):
    """Entropy in bits of some class counts (a hand formula for the expectations)."""
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c)


def f3(v):
    return f"{v:.3f}"


def _unknown_table():
    # x: 1..6 known (a a a b b b) and two unknowns (a, b); c: p q p q p q p q
    X = pd.DataFrame({"x": [1, 2, 3, 4, 5, 6, np.nan, np.nan], "c": list("pqpqpqpq")})
    y = pd.Series(list("aaabbbab"))
    return X, y


def test_a_numeric_candidate_with_unknown_values_explains_every_phase():
    X, y = _unknown_table()
    x, c = C45Classifier().fit(X, y).steps_[0].candidates
    gain_x = 6 / 8 * (1.0 - 0.0) - math.log2(3) / 8  # cuts 2|3, 3|4, 4|5 have >= 2 a side
    split_info = -(2 * 3 / 8 * math.log2(3 / 8) + 2 / 8 * math.log2(2 / 8))
    gain_c = 1.0 - _h(3, 1)  # c = p: 3 a, 1 b; c = q: 1 a, 3 b
    average = (gain_x + gain_c) / 2
    assert str(x.explain()) == "\n".join(
        [
            "x (C4.5 / J48)",
            "  branch    | a    | b    | n",
            "  x <= 3    | 3.00 | 0.00 | 3.00",
            "  x > 3     | 0.00 | 3.00 | 3.00",
            "  (unknown) |      |      | 2.00",
            "H(known)       = 1.000 bits, mean info = 0.000 bits",
            "gain           = known fraction · (H(known) − mean info) = 6.00/8.00 · "
            "(1.000 − 0.000) = 0.750",
            f"corrected gain = gain − log2(cuts tried)/N = 0.750 − log2(3)/8.00 = {f3(gain_x)}",
            f"split info     = {f3(split_info)} bits (unknowns counted as an extra branch)",
            f"gain ratio     = {f3(gain_x)} / {f3(split_info)} = {f3(gain_x / split_info)}",
            "threshold: best cut at midpoint 3.5, stored as the largest training value <= it: 3",
            f"average-gain filter: gain {f3(gain_x)} vs average {f3(average)} − 0.001: passes",
        ]
    )
    assert str(c.explain(classes=["A", "B"])) == "\n".join(
        [
            "c (C4.5 / J48)",
            "  branch | A    | B    | n",
            "  c = p  | 3.00 | 1.00 | 4.00",
            "  c = q  | 1.00 | 3.00 | 4.00",
            f"H(known)   = 1.000 bits, mean info = {f3(_h(3, 1))} bits",
            "gain       = known fraction · (H(known) − mean info) = 8.00/8.00 · "
            f"(1.000 − {f3(_h(3, 1))}) = {f3(gain_c)}",
            "split info = 1.000 bits",
            f"gain ratio = {f3(gain_c)} / 1.000 = {f3(gain_c)}",
            f"average-gain filter: gain {f3(gain_c)} vs average {f3(average)} − 0.001: fails",
        ]
    )
    s = x.scores
    assert (s["n_cuts"], s["known_fraction"], s["unknown_weight"], s["total_weight"]) == (
        3,
        0.75,
        2.0,
        8.0,
    )
    assert s["mdl_correction"] == pytest.approx(math.log2(3) / 8, rel=1e-12)
    assert s["gain_known"] == pytest.approx(0.75, rel=1e-12)
    assert (s["midpoint"], s["threshold"], s["min_split"]) == (3.5, 3.0, 2)
    assert s["in_average"] and s["passes_average"] and not c.scores["passes_average"]
    assert c.scores["n_cuts"] == 0 and "midpoint" not in c.scores
    # scores of the chosen split, as the engine reads them
    assert s["score"] == s["gain_ratio"] == pytest.approx(gain_x / split_info, rel=1e-12)
    assert s["impurity_decrease"] == s["weighted_decrease"] == s["information_gain"]


def test_a_candidate_scored_alone_has_no_average_gain_line():
    X, y = _unknown_table()
    model = C45Classifier().fit(X, y)
    grower = model.make_grower(X, y)
    alone = grower._score_feature(grower._state(grower.root.node_id), 1)
    assert str(alone.explain()).splitlines()[-1] == "average-gain filter: not computed"
    assert "average_gain" not in alone.scores


def test_inadmissible_candidates_say_why_in_j48s_words():
    # c: only p has >= 2 rows; x: the one cut (1 | 2) leaves 1 row on the right;
    # z: 2 known values, fewer than 2 x M = 4; w: cut at 2 | 3 wins
    X = pd.DataFrame(
        {
            "c": list("pppppqr"),
            "x": [1, 1, 1, 1, 1, 1, 2.0],
            "z": [1, 2, np.nan, np.nan, np.nan, np.nan, np.nan],
            "w": [1, 2, 3, 4, 5, 6, 7.0],
        }
    )
    y = pd.Series(list("aababab"))
    model = C45Classifier().fit(X, y)
    c, x, z, w = model.steps_[0].candidates
    assert str(c.explain()) == (
        "c: no split\nnote: fewer than two values hold min_samples_leaf=2 instances"
    )
    assert str(x.explain()) == "x: no split\nnote: no cut leaves 2 instances on each side"
    assert str(z.explain()) == "z: no split\nnote: fewer than 2 × 2 known values"
    assert [cand.admissible for cand in (c, x, z, w)] == [False, False, False, True]
    assert c.score == x.score == z.score == -np.inf
    assert [(str(s), s.reason) for s in model.steps_] == [
        ("node 0 [root] n=7: split on w", "split on w (best by greedy choice)"),
        (
            "node 1 [w <= 2] n=2: leaf (less than 2 × min_samples_leaf=2 instances)",
            "less than 2 × min_samples_leaf=2 instances",
        ),
        (
            "node 2 [w > 2] n=5: leaf (no attribute can split these instances)",
            "no attribute can split these instances",
        ),
    ]
    capped = C45Classifier(max_depth=1).fit(X, y)
    assert capped.steps_[2].reason == "max_depth=1 reached"
    too_big = C45Classifier(min_samples_leaf=4).fit(X, y)
    assert [s.reason for s in too_big.steps_] == ["less than 2 × min_samples_leaf=4 instances"]


def test_a_cut_whose_gain_the_correction_cancels_is_refused_with_both_numbers():
    # a b a b a b a b on 1..8: cuts with >= 2 rows a side are 2|3 .. 6|7 (5 cuts);
    # the best, 3|4 (first of two ties), has left (2 a, 1 b), right (2 a, 3 b)
    X = pd.DataFrame({"w": [1, 2, 3, 4, 5, 6, 7, 8.0]})
    y = pd.Series(list("abababab"))
    model = C45Classifier().fit(X, y)
    (w,) = model.steps_[0].candidates
    gain = 1.0 - (3 / 8 * _h(2, 1) + 5 / 8 * _h(2, 3))
    assert w.reason == f"gain {f3(gain)} − log2(5)/8.00 <= 0"
    assert w.scores["gain_known"] == pytest.approx(gain, rel=1e-12)
    assert w.scores["n_cuts"] == 5
    assert w.scores["mdl_correction"] == pytest.approx(math.log2(5) / 8, rel=1e-12)
    assert [s.reason for s in model.steps_] == ["no attribute can split these instances"]


@pytest.mark.parametrize(
    "n, reason",
    [
        (3, "less than 2 × min_samples_leaf=2 instances"),  # 3 < 2 · 2
        (4, "pure node"),  # exactly 2 · M instances: scored unless pure
    ],
)
def test_the_size_check_comes_first_and_stops_below_twice_m(n, reason):
    X = pd.DataFrame({"x": [float(i) for i in range(n)]})
    model = C45Classifier().fit(X, pd.Series(["a"] * n))
    assert [s.reason for s in model.steps_] == [reason]


def test_exactly_twice_m_mixed_instances_are_split():
    X = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0]})
    model = C45Classifier().fit(X, pd.Series(list("aabb")))
    assert model.tree_.to_text(style="weka").splitlines() == ["x <= 2: a (2.0)", "x > 2: b (2.0)"]


def test_explain_node_tabulates_the_candidates_with_the_filter():
    X, y = _unknown_table()
    model = C45Classifier().fit(X, y)
    gain_x = 0.75 - math.log2(3) / 8
    split_info = -(2 * 3 / 8 * math.log2(3 / 8) + 2 / 8 * math.log2(2 / 8))
    gain_c = 1.0 - _h(3, 1)
    root = model.explain_node(0)
    assert root.title == "node 0"
    assert str(root.lines[0]).splitlines() == [
        f"node 0 (root): split on x — average gain {f3((gain_x + gain_c) / 2)}",
        "  attribute | test  | known | gain  | correction | split info | gain ratio | in avg "
        "| >= avg − 0.001",
        f"* x         | <= 3  | 0.750 | {f3(gain_x)} | {f3(math.log2(3) / 8)}      |      "
        f"{f3(split_info)} |      {f3(gain_x / split_info)} | yes    | yes",
        f"  c         | 2-way | 1.000 | {f3(gain_c)} | 0.000      |      1.000 |      "
        f"{f3(gain_c)} | yes    | no",
    ]
    assert len(root.lines) == 1 + len([p for p in model.pruning_.steps if p.node_id == 0])
    # node 1 holds 3 rows and half of each unknown: 4 instances, 3 known values of x
    leaf = model.explain_node(1)
    assert str(leaf.lines[0]).splitlines()[:1] == [
        "node 1 (x <= 3): leaf (no attribute can split these instances)"
    ]
    assert [row[:2] for row in leaf.lines[0].rows] == [
        ("x", "fewer than 2 × 2 known values"),
        ("c", "fewer than two values hold min_samples_leaf=2 instances"),
    ]
    assert leaf.lines[0].highlight_row is None and len(leaf.lines) == 1
    with pytest.raises(ValueError) as info:
        model.explain_node(3)
    assert str(info.value) == "node_id 3 is not a node of the grown tree"
