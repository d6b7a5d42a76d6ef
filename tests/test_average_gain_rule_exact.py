"""C4.5's average-gain filter (``dtlearn.grow.average_gain``) against the rule in words.

J48 keeps an attribute when its gain is at least the average gain of the admissible
attributes less 0.001 (``averageInfoGain - 1E-3``); the others lose their score. The
reference below averages with :func:`statistics.fmean` over the finite scores only, row by
row, and the invariant "the best gain always passes" holds for any gains, negative too
(a lone attribute is its own average, whatever its gain).
"""

import statistics

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dtlearn.criteria import get
from dtlearn.grow import GrowthConfig
from dtlearn.grow.average_gain import AVERAGE_GAIN_SLACK, at_least_average_gain, ranks_by_gain


def filtered_by_hand(scores, gains):
    kept = [g for s, g in zip(scores, gains) if s != -np.inf]
    if not kept:
        return [-np.inf] * len(scores)
    average = statistics.fmean(kept)
    return [s if s != -np.inf and g >= average - 0.001 else -np.inf for s, g in zip(scores, gains)]


def test_the_slack_is_j48s_thousandth():
    assert AVERAGE_GAIN_SLACK == 0.001


@pytest.mark.parametrize("gain", [-0.5, -0.01, 0.0, 0.3])
def test_a_lone_admissible_attribute_is_its_own_average_and_passes(gain):
    out = at_least_average_gain([0.7, -np.inf], [gain, 5.0])
    assert out.tolist() == [0.7, -np.inf]


def test_no_admissible_attribute_leaves_every_score_minus_infinity():
    with np.errstate(all="raise"):  # no 0/0 on the way
        out = at_least_average_gain([-np.inf, -np.inf], [0.2, 0.4])
    assert out.tolist() == [-np.inf, -np.inf]


def test_the_average_less_the_slack_is_the_exact_boundary():
    # gains 0.25 and 0.75 average 0.5: 0.499 lies exactly at the average less 0.001
    at = at_least_average_gain([1.0, 2.0, 3.0], [0.499, 0.751, 0.25])
    assert at.tolist() == [1.0, 2.0, -np.inf]
    below = at_least_average_gain([1.0, 2.0, 3.0], [0.4985, 0.7515, 0.25])
    assert below.tolist() == [-np.inf, 2.0, -np.inf]


def test_rows_are_nodes_filtered_each_on_its_own_average():
    scores = np.array([[0.9, 0.4, 0.5], [0.2, -np.inf, 0.1]])
    gains = np.array([[0.01, 0.3, 0.2], [0.05, 9.0, 0.3]])
    assert at_least_average_gain(scores, gains).tolist() == [
        filtered_by_hand(scores[0], gains[0]),
        filtered_by_hand(scores[1], gains[1]),
    ]
    assert filtered_by_hand(scores[1], gains[1]) == [-np.inf, -np.inf, 0.1]


finite = st.floats(-2.0, 2.0, allow_nan=False)


@given(st.lists(st.tuples(st.one_of(finite, st.just(-np.inf)), finite), min_size=1, max_size=6))
def test_the_filter_is_the_rule_in_words_and_the_best_gain_passes(pairs):
    scores, gains = [s for s, _ in pairs], [g for _, g in pairs]
    out = at_least_average_gain(scores, gains).tolist()
    kept = [g for s, g in pairs if s != -np.inf]
    if kept:
        best = next(i for i, (s, g) in enumerate(pairs) if s != -np.inf and g == max(kept))
        assert out[best] == scores[best]
    # the engine adds the gains in column order: the hand average may differ in the last bit
    hand = filtered_by_hand(scores, gains)
    average = statistics.fmean(kept) if kept else 0.0
    near = [abs(g - (average - 0.001)) < 1e-12 for g in gains]
    assert [o for o, n in zip(out, near) if not n] == [h for h, n in zip(hand, near) if not n]


def test_only_a_ratio_criterion_with_average_gain_ranks_cuts_by_gain():
    assert ranks_by_gain(get("gain_ratio"), GrowthConfig("gain_ratio", average_gain=True))
    assert not ranks_by_gain(get("gain_ratio"), GrowthConfig("gain_ratio"))
    assert not ranks_by_gain(get("entropy"), GrowthConfig("entropy", average_gain=True))
    assert not ranks_by_gain(get("gain_ratio"), object())  # a config without the field
