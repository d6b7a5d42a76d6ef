"""Homework 1's entropy cases and the checks' own textbook formulas, by hand."""

import math

import pytest

from dtlearn.exercises.homework import check_formulas
from dtlearn.exercises.homework.hw1_measures import _entropy_cases


@pytest.mark.parametrize("seed", [0, 1, 5])
def test_the_bits_part_is_six_textbook_counts_and_four_drawn_ones(seed):
    cases = _entropy_cases("bits", seed)
    assert cases[:6] == [[9, 5], [7, 7], [50, 5], [30, 25], [1, 1, 1, 1], [3, 2, 1]]
    drawn = cases[6:]
    assert len(drawn) == 4
    for counts in drawn:  # no zero count: zeros belong to the edge part
        assert 2 <= len(counts) <= 6 and all(1 <= c <= 25 for c in counts)
    assert _entropy_cases("bits", seed) == cases  # the seed decides
    assert _entropy_cases("edge", seed)[:4] == [[14, 0], [0, 6], [4, 0, 2], [5]]


@pytest.mark.parametrize("seed", [0, 3])
def test_the_hidden_part_is_five_draws_with_zeros_weights_and_two_fixed_counts(seed):
    cases = _entropy_cases("hidden", seed)
    assert len(cases) == 8
    assert cases[-2:] == [[0, 0, 3], [2, 2, 2, 2, 2, 2]]
    assert len(cases[5]) == 3 and all(0.05 <= w <= 3 for w in cases[5])


def test_entropy_of_counts_holding_ones():
    assert check_formulas.entropy_bits([1, 1]) == 1.0
    assert check_formulas.entropy_bits([1, 3]) == pytest.approx(
        -(0.25 * math.log2(0.25) + 0.75 * math.log2(0.75)), abs=1e-12
    )
    assert check_formulas.entropy_bits([1, 0, 1, 2]) == pytest.approx(1.5, abs=1e-12)
    assert check_formulas.entropy_bits([1, 1], log=math.log) == pytest.approx(math.log(2))
    assert check_formulas.gini_index([1, 3]) == pytest.approx(1 - 0.0625 - 0.5625)
