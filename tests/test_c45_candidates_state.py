"""C4.5's lazy candidate list: its choice, its scores, slicing, and a pickle round trip.

A node's candidates are built only when read; the list knows J48's choice
(``best_index``, -1 for none) and every score without building them. A pickled list
must come back with the same choice, scores and explanations (candidates built first).
"""

import math
import pickle

import numpy as np
import pandas as pd
import pytest

from dtlearn.grow import CandidateList
from dtlearn.learners.c45 import C45Classifier
from dtlearn.splits import MultiwaySplit, ThresholdSplit


def _fit():
    # x: 1..6 known (a a a b b b) and two unknowns; c: p q p q ...; k: one value only
    X = pd.DataFrame(
        {
            "c": list("pqpqpqpq"),
            "x": [1, 2, 3, 4, 5, 6, np.nan, np.nan],
            "k": ["u"] * 8,
        }
    )
    y = pd.Series(list("aaabbbab"))
    model = C45Classifier().fit(X, y)
    return model, X, y


def test_the_list_knows_j48s_choice_and_scores_before_building():
    model, X, y = _fit()
    grower = model.make_grower(X, y)
    cands = grower.candidates(grower.root.node_id)
    assert (len(cands), cands.best_index, cands.any_admissible) == (3, 1, True)
    # split_of does not need the candidate: x's stored cut is the training value 3
    assert cands.split_of(0) == MultiwaySplit(0, 2)
    assert cands.split_of(1).feature == 1 and cands.split_of(1).threshold == 3.0
    gain_c = 1.0 - (-(0.75 * math.log2(0.75) + 0.25 * math.log2(0.25)))
    assert cands.score_of(0) == pytest.approx(gain_c, rel=1e-12)  # split info of 4 | 4: 1 bit
    assert cands.score_of(2) == -math.inf  # k: one value, no split
    # reading builds the same split
    assert cands[1].split == cands.split_of(1) == ThresholdSplit(1, 3.0, tolerance=1e-6)
    assert [c.feature_name for c in cands[0:2]] == ["c", "x"]
    assert [c.feature_name for c in cands[-2:]] == ["x", "k"]
    assert cands[-1].reason == "fewer than two values hold min_samples_leaf=2 instances"
    both = cands + cands[:1]
    assert isinstance(both, CandidateList) and [c.feature_name for c in both] == [
        "c",
        "x",
        "k",
        "c",
    ]


def test_a_pickled_list_keeps_its_choice_scores_and_explanations():
    model, X, y = _fit()
    cands = model.steps_[0].candidates
    copy_ = pickle.loads(pickle.dumps(cands))
    assert (copy_.best_index, copy_.any_admissible) == (cands.best_index, cands.any_admissible)
    assert [copy_.score_of(i) for i in range(3)] == [cands.score_of(i) for i in range(3)]
    assert [str(c.explain()) for c in copy_] == [str(c.explain()) for c in cands]
    assert [copy_.split_of(i) for i in range(2)] == [cands.split_of(i) for i in range(2)]
    loaded = pickle.loads(pickle.dumps(model))
    assert str(loaded.steps_[0].chosen.explain()) == str(model.steps_[0].chosen.explain())
    assert loaded.steps_[0].candidates.best_index == 1


def test_a_node_without_an_admissible_split_has_no_choice():
    X = pd.DataFrame({"k": ["u"] * 6, "c": list("pppppq")})
    model = C45Classifier().fit(X, pd.Series(list("ababab")))
    cands = model.steps_[0].candidates
    assert (cands.best_index, cands.any_admissible) == (-1, False)
    assert [cands.score_of(i) for i in range(2)] == [-math.inf, -math.inf]
    assert model.steps_[0].reason == "no attribute can split these instances"
