"""J48's average-gain filter when no attribute counts in the average, checked against Weka.

Weka 3.6's ``C45ModelSelection`` averages the gain over the admissible attributes that
are numeric or, unless every nominal attribute has many values, have fewer than
0.3 × N values; when no admissible attribute counts (``validModels == 0``) it returns
the no-split model. Below, ``A`` (2 values of 10 rows: few) cannot split (one branch
holds 1 row, J48's ``-M 2`` wants two of 2), and ``B`` (4 values: many, 4 >= 3) splits
perfectly: with ``A`` the root stays a leaf, without it ``B`` counts and splits.
Weka 3.6 (``java weka.classifiers.trees.J48 -t data.arff``) prints ``: a (10.0/5.0)``
for the first and the four ``B = ...`` leaves ``a (3.0)``, ``b (3.0)``, ``a (2.0)``,
``b (2.0)`` for the second.
"""

import math

import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.exports.weka import weka_text

A = list("xxxxxxxxxy")
B = list("pppqqqrrss")
Y = list("aaabbbaabb")


@pytest.mark.parametrize("prune", [True, False])
def test_no_attribute_in_the_average_leaves_a_leaf(prune):
    model = dt.C45Classifier(prune=prune).fit(pd.DataFrame({"A": A, "B": B}), Y)
    assert model.tree_.n_leaves == 1
    assert model.tree_.root.counts.tolist() == [5.0, 5.0]
    assert str(model.explain_node(0).lines[0]).splitlines()[0] == (
        "node 0 (root): leaf (no attribute with at least average gain has a positive gain ratio)"
    )


def test_only_many_valued_attributes_all_count():
    model = dt.C45Classifier().fit(pd.DataFrame({"B": B}), Y)
    body = [line for line in weka_text(model.tree_).splitlines() if line.startswith("B = ")]
    assert body == ["B = p: a (3.0)", "B = q: b (3.0)", "B = r: a (2.0)", "B = s: b (2.0)"]


def _bits(*counts):
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c)


def test_root_candidate_scores_of_play_tennis_by_hand():
    # (yes, no) per branch: outlook sunny 2/3, overcast 4/0, rainy 3/2; temperature hot
    # 2/2, mild 4/2, cool 3/1; humidity high 3/4, normal 6/1; windy false 6/2, true 3/3
    bags = {
        "outlook": [(2, 3), (4, 0), (3, 2)],
        "temperature": [(2, 2), (4, 2), (3, 1)],
        "humidity": [(3, 4), (6, 1)],
        "windy": [(6, 2), (3, 3)],
    }
    parent = _bits(9, 5)
    gains = {
        name: parent - sum(sum(b) / 14 * _bits(*b) for b in branches)
        for name, branches in bags.items()
    }
    average = sum(gains.values()) / 4
    step = dt.C45Classifier().fit(*dt.load_play_tennis()).steps_[0]
    assert [c.feature_name for c in step.candidates] == list(bags)
    for c in step.candidates:
        branches = bags[c.feature_name]
        split_info = _bits(*[sum(b) for b in branches])
        want = {
            "entropy_known": parent,
            "mean_info": parent - gains[c.feature_name],
            "gain_known": gains[c.feature_name],
            "information_gain": gains[c.feature_name],
            "split_info": split_info,
            "gain_ratio": gains[c.feature_name] / split_info,
            "average_gain": average,
            "known_fraction": 1.0,
            "unknown_weight": 0.0,
            "total_weight": 14.0,
        }
        got = {key: c.scores[key] for key in want}
        assert got == pytest.approx(want, abs=1e-12), c.feature_name
        assert c.scores["in_average"] is True
        assert c.scores["passes_average"] is (gains[c.feature_name] >= average - 1e-3)
    assert step.chosen.feature_name == "outlook"
