"""J48's collapse and pessimistic pruning pinned at their boundaries, by hand.

Every expectation is worked out in the test from Weka's definitions (``C45Split``'s routing
with ``Utils.smOrEq``, ``ClassifierTree.collapse``'s ``>= errors - 1e-3``), not read from
dtlearn.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from dtlearn.pruning.pessimistic import split_weighted
from dtlearn.splits import ThresholdSplit


def test_pruning_routes_training_rows_as_wekas_sm_or_eq():
    # J48 sends x left when x - t < 1e-6 or x <= t (Utils.smOrEq); t = 0
    xs = np.array([-1.0, 0.0, 5e-7, 1e-6, 2e-6, 1.0, np.nan])
    left = [True, True, True, False, False, False]  # 1e-6 - 0 == 1e-6 is not < 1e-6
    split = ThresholdSplit(0, 0.0, tolerance=1e-6)
    X = xs[:, None]
    parts, fractions = split_weighted(
        split, X, np.zeros(len(xs), int), 1, np.arange(len(xs)), np.ones(len(xs))
    )
    known_left = [i for i in range(6) if left[i]]
    known_right = [i for i in range(6) if not left[i]]
    # the unknown row (6) goes down both branches, weighted by the known shares 3/6, 3/6
    assert fractions.tolist() == [0.5, 0.5]
    assert parts[0][0].tolist() == known_left + [6]
    assert parts[1][0].tolist() == known_right + [6]
    assert parts[0][1].tolist() == [1.0] * 3 + [0.5]
    # the tree's own routing agrees
    assert split.route(X).tolist() == [0, 0, 0, 1, 1, 1, -1]


# ------------------------------------------------------------------ the estimates, by hand
def add_errs(n: float, e: float, cf: float) -> float:
    """Weka 3.6 ``Stats.addErrs(N, e, CF)``, transcribed from its Java source."""
    from statistics import NormalDist

    if cf > 0.5:
        return 0.0
    if e < 1:
        base = n * (1 - cf ** (1 / n))
        return base if e == 0 else base + e * (add_errs(n, 1, cf) - base)
    if e + 0.5 >= n:
        return max(n - e, 0.0)
    z = NormalDist().inv_cdf(1 - cf)
    f = (e + 0.5) / n
    r = (f + z * z / (2 * n) + z * np.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (
        1 + z * z / n
    )
    return r * n - e


@pytest.mark.parametrize("name", ["labor", "vote", "breast_cancer_ljubljana"])
@pytest.mark.parametrize("confidence", [0.25, 0.5, 0.1])  # 0.1 is not exact in a float
def test_every_estimate_is_errors_plus_add_errs(name, confidence):
    import dtlearn as dt

    X, y = getattr(dt, f"load_{name}")()
    result = dt.C45Classifier(confidence=confidence).fit(X, y).pruning_
    cf = float(np.float32(confidence))  # J48 keeps -C in a Java float
    checked_branch = 0
    for k, s in enumerate(result.steps):
        if s.phase != "prune":
            continue
        counts = np.array(s.leaf_counts)
        wrong = counts.sum() - counts.max()
        assert s.n_samples == pytest.approx(counts.sum(), rel=1e-12)
        assert s.leaf_estimate == pytest.approx(
            wrong + add_errs(counts.sum(), wrong, cf), rel=1e-11
        )
        for _, n, e, estimate in s.leaves:
            assert estimate == pytest.approx(
                e + add_errs(n, e, cf) if n > 0 else 0.0, rel=1e-11, abs=1e-12
            )
        assert s.subtree_estimate == pytest.approx(sum(item[3] for item in s.leaves), rel=1e-12)
        assert s.subtree_errors_train == pytest.approx(sum(item[2] for item in s.leaves), rel=1e-12)
        node = result.state_after(k).node(s.node_id)
        sizes = [c.n_samples for c in node.children]
        # the largest branch: the last of the biggest (Weka: Utils.grOrEq against the best)
        assert s.largest_branch == max(i for i, m in enumerate(sizes) if m >= max(sizes) - 1e-6)
        if node.children[s.largest_branch].is_leaf:
            # raising a leaf puts all the node's instances in it: the node's own estimate
            assert s.branch_estimate == pytest.approx(s.leaf_estimate, rel=1e-9)
            checked_branch += 1
    assert checked_branch > 0


# ------------------------------------------------------------------ growth with unknown values
def test_numeric_gain_with_unknown_values_is_wekas_by_hand():
    # x = 1..6 known (a a a b b b), two unknown rows (a, b). Weka's InfoGainSplitCrit:
    # gain = known share · (H(known) - H(children)) = 6/8 · (1 - 0), then C45Split subtracts
    # log2(cuts tried)/N: the cuts with >= 2 rows a side are 2|3, 3|4, 4|5 -> log2(3)/8.
    # Split info counts the unknowns as a third bag: sizes 3, 3, 2 of 8.
    import pandas as pd

    import dtlearn as dt

    X = pd.DataFrame({"x": [1, 2, 3, 4, 5, 6, np.nan, np.nan]})
    y = pd.Series(list("aaabbbab"))
    model = dt.C45Classifier().fit(X, y)
    scores = model.steps_[0].chosen.scores
    gain = 6 / 8 * 1.0 - math.log2(3) / 8
    split_info = -(2 * 3 / 8 * math.log2(3 / 8) + 2 / 8 * math.log2(2 / 8))
    assert scores["information_gain"] == pytest.approx(gain, rel=1e-12)
    assert scores["split_info"] == pytest.approx(split_info, rel=1e-12)
    assert scores["gain_ratio"] == pytest.approx(gain / split_info, rel=1e-12)
    # each unknown row goes down both branches with weight 3/6: leaves (4.0/0.5), as Weka
    # 3.6 J48 prints for this table (java weka.classifiers.trees.J48 -t tiny.arff)
    assert model.tree_.to_text(style="weka").splitlines() == [
        "x <= 3: a (4.0/0.5)",
        "x > 3: b (4.0/0.5)",
    ]


def test_rows_all_unknown_are_spread_evenly():
    # no known weight at the split: every branch gets each row with weight 1/k (documented)
    from dtlearn.splits import MultiwaySplit

    X = np.array([[np.nan], [np.nan]])
    parts, fractions = split_weighted(
        MultiwaySplit(0, 4), X, np.zeros(2, int), 1, np.arange(2), np.array([1.0, 2.0])
    )
    assert fractions.tolist() == [0.25] * 4
    assert [p[0].tolist() for p in parts] == [[0, 1]] * 4
    assert [p[1].tolist() for p in parts] == [[0.25, 0.5]] * 4


def test_unknown_rows_skip_a_branch_without_known_weight():
    # Weka's C45Split.split adds an instance of unknown value to branch j only when
    # Utils.gr(weights[j], 0): a branch no known row took gets no copy (not a 0-weight one)
    from dtlearn.splits import MultiwaySplit

    X = np.array([[0.0], [0.0], [2.0], [np.nan]])
    parts, fractions = split_weighted(
        MultiwaySplit(0, 3), X, np.zeros(4, int), 1, np.arange(4), np.ones(4)
    )
    assert fractions.tolist() == [2 / 3, 0.0, 1 / 3]
    assert [p[0].tolist() for p in parts] == [[0, 1, 3], [], [2, 3]]
    assert parts[2][1].tolist() == [1.0, pytest.approx(1 / 3)]


def test_a_numeric_attribute_with_too_few_known_values_says_so():
    # C45Split.handleNumericAttribute returns before any cut when the known weight is below
    # 2 · minSplit: 3 known values, minSplit = max(0.1 · 3 / 2, M = 2) = 2, 3 < 4
    import pandas as pd

    import dtlearn as dt

    X = pd.DataFrame({"x": [1, 2, 3] + [np.nan] * 5, "z": [0, 0, 0, 0, 1, 1, 1, 1]})
    y = pd.Series(list("aaaabbbb"))
    step = dt.C45Classifier().fit(X, y).steps_[0]
    x = next(c for c in step.candidates if c.feature_name == "x")
    assert not x.admissible
    assert x.reason == "fewer than 2 × 2 known values"
    # with 4 known values (all class a) the one cut 1, 2 | 3, 4 is tried: no gain
    X.loc[3, "x"] = 4
    step = dt.C45Classifier().fit(X, y).steps_[0]
    x = next(c for c in step.candidates if c.feature_name == "x")
    assert not x.admissible and x.reason.startswith("gain 0.000 − log2(1)/8")
