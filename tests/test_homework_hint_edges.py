"""Homework 1's hints at their edges, each worked out by hand.

- An entropy of 0 for ``[9, 5]`` is wrong but not negative: the generic hint, not "never
  negative" (which a negative answer gets).
- With two classes the entropy is at most log2(2) = 1 bit: 1.2 says so.
- A gain of exactly 0 is never negative either (true gain 0.1887 for ``[[3, 1], [1, 3]]``:
  H([4, 4]) = 1 minus the mean of H([3, 1]) = 0.8113).
- A gain built on the student's own entropy is credited as "the formula is right" only when
  it is not 0: a constant entropy gives every split gain 0, which shows no formula.
"""

import numpy as np
import pandas as pd

from dtlearn.exercises.homework.hw1_measures import (
    _entropy_hint,
    _gain_hint,
    _with_own_entropy,
)

H_9_5 = -(9 / 14) * np.log2(9 / 14) - (5 / 14) * np.log2(5 / 14)  # 0.9403
GENERIC_ENTROPY = (
    "not the entropy of these counts in bits: -Σ p_k·log2 p_k with p_k = count_k / total"
)
GENERIC_GAIN = "not H(labels) - Σ |S_v|/|S|·H(S_v) in bits"


def test_an_entropy_of_zero_is_wrong_but_not_negative():
    assert _entropy_hint([9, 5], 0.0, want=H_9_5) == GENERIC_ENTROPY
    assert _entropy_hint([9, 5], -0.5, want=H_9_5) == "entropy is never negative"


def test_two_classes_have_at_most_one_bit():
    hint = _entropy_hint([9, 5], 1.2, want=H_9_5)
    assert hint.startswith("with 2 classes entropy is at most log2(2) = 1")
    assert _entropy_hint([9, 5], 0.99, want=H_9_5) == GENERIC_ENTROPY  # below the bound
    # the bound allows 1e-9 of float noise: 5e-10 above it is no claim, 2e-9 is
    assert _entropy_hint([9, 5], 1.0 + 5e-10, want=H_9_5) == GENERIC_ENTROPY
    assert _entropy_hint([9, 5], 1.0 + 2e-9, want=H_9_5) == (
        "with 2 classes entropy is at most log2(2) = 1"
    )


def test_a_gain_of_zero_is_not_called_negative():
    table = np.array([[3.0, 1.0], [1.0, 3.0]])
    assert _gain_hint(table, 0.0) == GENERIC_GAIN
    assert _gain_hint(table, -0.1) == "information gain is never negative"


def test_a_zero_gain_from_a_constant_entropy_is_not_credited_as_the_formula():
    feature, labels = pd.Series(list("aabb")), pd.Series(list("++--"))
    constant = {(2.0, 2.0): 0.5, (2.0,): 0.5}  # 0.5 - (0.5·0.5 + 0.5·0.5) = 0
    assert _with_own_entropy(0.0, constant, feature, labels) == ""
    doubled = {(2.0, 2.0): 2.0, (2.0,): 0.0}  # twice the entropy: gain 2 - 0 = 2
    assert "the formula is right" in _with_own_entropy(2.0, doubled, feature, labels)


def test_a_best_attribute_is_unique_unless_two_tie_within_rounding_noise():
    from dtlearn.exercises.homework.hw2_id3 import _unique_best

    assert _unique_best({"a": 0.5, "b": 0.495, "c": 0.1}) == "a"  # 0.005 apart: no tie
    assert _unique_best({"a": 0.1, "b": 0.105}, low=True) == "a"
    assert _unique_best({"a": 0.5, "b": 0.5 + 1e-12}) is None  # float noise: a tie
    assert _unique_best({"a": 0.5}) == "a"


def test_the_bits_part_takes_bits_only_not_a_multiple():
    import math

    from dtlearn.exercises.homework.hw1_measures import check_entropy

    def entropy(counts):  # 1.1 times the entropy: no log base gives that
        total = sum(counts)
        return -1.1 * sum(c / total * math.log2(c / total) for c in counts if c > 0)

    result = check_entropy(entropy, part="bits", seed=0)
    assert result.status == "failed"
    assert [case.passed for case in result.cases] == [False] * 10
    assert not any("right, in" in case.message for case in result.cases)
    # in nats the edge part is right and says so (that part calibrates the unit)
    nats = check_entropy(lambda counts: entropy(counts) / 1.1 * math.log(2), part="edge", seed=0)
    assert all(case.passed for case in nats.cases)
    in_nats = " (right, in nats (natural log); the 'bits' part asks for bits)"
    # [14, 0], [0, 6], [5] have entropy 0 in any unit
    assert [case.message for case in nats.cases] == [
        "0",
        "0",
        "0.6365" + in_nats,  # [4, 0, 2]: H = 0.9183 bits
        "0",
        "0.6616" + in_nats,  # [2.5, 1.5]: H = 0.9544 bits
        "1.0297" + in_nats,  # [0.3, 0.2, 0.5]: H = 1.4855 bits
        "2.0794" + in_nats,  # eight classes: 3 bits = ln 8
        "0" + in_nats,  # [1_000_000, 1]: 2.1e-5 bits, 1.5e-5 nats, shown to 4 places
    ]
