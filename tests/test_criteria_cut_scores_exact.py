"""``Criterion.cut_scores`` and ``split_scores`` of three-class cuts, worked out by hand.

Without ``parent`` every cut is scored against the node of the *first* cut (its left plus
right counts): the cuts of one column split one node. Here the second cut's own node is
another on purpose, so that only the first cut's node gives the numbers below. A ratio
divides by the entropy of the two sides' sizes, in the config's base, and scores 0 when a
side is empty (split info 0); the scans score no other cut with an empty side.
"""

import math

import numpy as np
import pytest

from dtlearn import criteria
from dtlearn.grow import GrowthConfig

LEFT = np.array([[2.0, 3.0, 1.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
RIGHT = np.array([[4.0, 2.0, 0.0], [3.0, 3.0, 1.0], [6.0, 5.0, 1.0]])
NODE = (6.0, 5.0, 1.0)  # the first cut's left + right


def info(counts, base=2.0):
    n = sum(counts)
    return -sum(c / n * math.log(c / n, base) for c in counts if c) if n else 0.0


def gini_of(counts):
    n = sum(counts)
    return 1.0 - sum((c / n) ** 2 for c in counts) if n else 0.0


def error_of(counts):
    n = sum(counts)
    return 1.0 - max(counts) / n if n else 0.0


def decrease(impurity, left, right):
    nl, nr = sum(left), sum(right)
    return impurity(NODE) - (nl * impurity(left) + nr * impurity(right)) / (nl + nr)


@pytest.mark.parametrize(
    ("name", "impurity"), [("entropy", info), ("gini", gini_of), ("misclassification", error_of)]
)
def test_a_decrease_is_against_the_first_cuts_node(name, impurity):
    # (the scans never score a cut with an empty side: they leave those out)
    left, right = LEFT[:2], RIGHT[:2]
    scores = criteria.get(name).cut_scores(left, right, GrowthConfig(criterion=name))
    expected = [decrease(impurity, tuple(a), tuple(b)) for a, b in zip(left, right)]
    assert scores.tolist() == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("base", [2.0, math.e])
def test_a_ratio_divides_by_the_sides_entropy_and_is_0_for_an_empty_side(base):
    config = GrowthConfig(criterion="gain_ratio", base=base)
    scores = criteria.get("gain_ratio").cut_scores(LEFT, RIGHT, config)

    def bits(counts):
        return info(counts, base)

    expected = [
        decrease(bits, tuple(a), tuple(b)) / info((sum(a), sum(b)), base)
        for a, b in zip(LEFT[:2], RIGHT[:2])
    ]
    assert scores.tolist() == pytest.approx([*expected, 0.0], abs=1e-12)
    assert scores[2] == 0.0


def test_a_given_parent_replaces_the_first_cuts_node():
    rule = criteria.get("gini")
    config = GrowthConfig(criterion="gini")
    parent = np.array([0.5, 0.6])
    scores = rule.cut_scores(LEFT[:2], RIGHT[:2], config, parent)
    children = [
        (sum(a) * gini_of(tuple(a)) + sum(b) * gini_of(tuple(b))) / (sum(a) + sum(b))
        for a, b in zip(LEFT[:2], RIGHT[:2])
    ]
    assert scores.tolist() == pytest.approx([p - c for p, c in zip(parent, children)], abs=1e-12)


def test_split_scores_of_three_branches_by_hand():
    child = np.array([[2.0, 3.0, 1.0], [4.0, 2.0, 0.0], [0.0, 0.0, 0.0], [1.0, 0.0, 0.0]])
    sizes = [6.0, 6.0, 0.0, 1.0]
    node = (7.0, 5.0, 1.0)
    gain = info(node) - sum(s / 13 * info(tuple(row)) for s, row in zip(sizes, child))
    split_info = info([s for s in sizes if s])
    ratio = criteria.get("gain_ratio").split_scores(child, GrowthConfig(criterion="gain_ratio"))
    assert ratio == pytest.approx(
        {
            "impurity_decrease": gain,
            "information_gain": gain,
            "split_info": split_info,
            "gain_ratio": gain / split_info,
            "score": gain / split_info,
        },
        abs=1e-12,
    )
    gini = criteria.get("gini").split_scores(child, GrowthConfig(criterion="gini"))
    gini_gain = gini_of(node) - sum(s / 13 * gini_of(tuple(row)) for s, row in zip(sizes, child))
    assert gini == pytest.approx(
        {"impurity_decrease": gini_gain, "score": gini_gain, "gini_gain": gini_gain}, abs=1e-12
    )


def test_split_scores_of_one_branch_have_no_ratio():
    # one branch: split info 0, so the ratio is 0 (not 0/0)
    scores = criteria.get("gain_ratio").split_scores(
        np.array([[3.0, 1.0]]), GrowthConfig(criterion="gain_ratio")
    )
    assert scores["split_info"] == 0.0 and scores["gain_ratio"] == 0.0 and scores["score"] == 0.0


def test_a_two_branch_ratio_below_one_bit_of_split_info():
    # sizes 4 and 2: split info 0.918 bits, under 1, still divides
    child = np.array([[3.0, 1.0], [0.0, 2.0]])
    gain = info((3.0, 3.0)) - 4 / 6 * info((3.0, 1.0))
    scores = criteria.get("gain_ratio").split_scores(child, GrowthConfig(criterion="gain_ratio"))
    assert info((4.0, 2.0)) < 1.0
    assert scores["gain_ratio"] == pytest.approx(gain / info((4.0, 2.0)), abs=1e-12)
