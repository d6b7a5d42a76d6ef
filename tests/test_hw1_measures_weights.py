"""Homework 1: a gain whose child weights were paired with the wrong children, and the
sealed cases an entropy's graded edge part adds.

The misaligned gains are computed by hand in the test: the parent's entropy minus each
child's entropy weighted by *another* child's share of the rows, as a student who pairs
``value_counts()`` (sorted by count) with ``pd.unique`` (first appearance) gets.
"""

import math
from itertools import permutations

import numpy as np
import pytest

from dtlearn import exercises as ex
from dtlearn.exercises.homework.hw1_measures import _entropy_hint, _gain_hint, _misaligned
from dtlearn.exercises.homework.trial_grading import SEALED_CALL

MISALIGNED = (
    "weight each child by |S_v|/|S|, its own share of the rows: the weights were paired "
    "with the wrong values (value_counts() is sorted by count, pd.unique by first "
    "appearance)"
)


def H(counts):
    total = sum(counts)
    return -sum(c / total * math.log2(c / total) for c in counts if c > 0)


def swapped_gain(table, order):
    """The gain with child i weighted by the share of child ``order[i]``."""
    sizes = table.sum(axis=1)
    return H(table.sum(axis=0)) - sum(
        sizes[j] / sizes.sum() * H(row) for j, row in zip(order, table)
    )


def test_weights_paired_with_the_wrong_values_get_their_hint():
    # value a: 3 '+'; value b: 1 '+', 1 '-': gain = H(4, 1) - 2/5 = 0.3219; with the
    # weights swapped H(4, 1) - 3/5 = 0.1219
    table = np.array([[3.0, 0.0], [1.0, 1.0]])
    got = swapped_gain(table, [1, 0])
    assert got == pytest.approx(H([4, 1]) - 0.6)
    assert _misaligned(table, got, H([4, 1]) - 0.4)
    assert _gain_hint(table, got) == MISALIGNED
    assert not _misaligned(table, H([4, 1]) - 0.4, H([4, 1]) - 0.4)  # the right gain


def test_only_two_to_six_values_are_tried():
    # six values of sizes 1..6: the last two swapped is found; seven values are not tried
    for n, found in ((6, True), (7, False)):
        table = np.array([[k, 1.0] for k in range(1, n + 1)])
        table[0] = [1.0, 0.0]
        order = list(range(n))
        order[-2], order[-1] = order[-1], order[-2]
        got = swapped_gain(table, order)
        want = swapped_gain(table, list(range(n)))
        assert abs(got - want) > 1e-3
        assert _misaligned(table, got, want) is found, n
    one = np.array([[3.0, 2.0]])
    assert not _misaligned(one, 0.5, 0.0)


def test_children_of_equal_size_cannot_be_misaligned():
    # every permutation of equal weights is the same weights: nothing to find
    table = np.array([[2.0, 0.0], [1.0, 1.0], [0.0, 2.0]])
    want = swapped_gain(table, [0, 1, 2])
    for order in permutations(range(3)):
        assert swapped_gain(table, list(order)) == pytest.approx(want)
    assert not _misaligned(table, want + 0.1, want)


def test_the_graded_edge_part_adds_two_draws_and_a_weighted_vector():
    seen = []

    def entropy(counts):
        seen.append(list(counts))
        return H(counts)

    result = ex.check_entropy(entropy, part="edge", secret="s", which="sealed")
    assert [c.call for c in result.cases] == [SEALED_CALL] * 3 and result.passed
    calibration, first, second, weights = seen
    assert calibration == [7, 7]
    for counts in (first, second):
        assert 2 <= len(counts) <= 6 and all(type(c) is int and 0 <= c <= 25 for c in counts)
        assert sum(counts) > 0
    assert len(weights) == 3 and all(0.05 <= w <= 3 and round(w, 2) == w for w in weights)
    assert not all(float(w).is_integer() for w in weights)
    seen.clear()
    result = ex.check_entropy(entropy, part="bits", secret="s", which="sealed")
    # the bits part is not calibrated, and its two sealed draws have no zero count
    assert len(seen) == 2 and all(0 not in counts for counts in seen)


def test_raw_counts_below_one_are_recognised_too():
    # weights 2.5 and 0.5: -Σ c·log2 c = -(2.5·log2 2.5 + 0.5·log2 0.5) = -2.8048; the
    # 0.5 term (+0.5) counts, as the 1s of [4, 1, 1] count nothing
    raw = -(2.5 * math.log2(2.5) + 0.5 * math.log2(0.5))
    assert raw == pytest.approx(-2.804820237, abs=1e-9)
    hint = "use proportions p_k = count_k / total, not the raw counts"
    assert _entropy_hint([2.5, 0.5], raw, H([2.5, 0.5])) == hint
    assert _entropy_hint([4, 1, 1], -8.0, H([4, 1, 1])) == hint
