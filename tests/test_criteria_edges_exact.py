"""The criterion kernels at their edges, against hand computations written in the test."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dtlearn.criteria import (
    absolute_error_about,
    gini_of_counts,
    hellinger_of_counts,
    misclassification_of_counts,
    squared_error_of_sums,
    weighted_median,
)
from dtlearn.measures import gain_ratio


def test_hellinger_of_a_node_with_one_class_is_zero():
    # "class a against the rest" needs the rest: with no b anywhere nothing is compared
    assert float(hellinger_of_counts([[3.0, 0.0], [5.0, 0.0]])) == 0.0


def test_hellinger_of_three_classes_is_the_largest_one_against_the_rest():
    counts = np.array([[4.0, 1.0, 0.0], [0.0, 3.0, 2.0]])

    def one_vs_rest(k):
        inside = counts[:, k] / counts[:, k].sum()
        rest = (counts.sum(axis=1) - counts[:, k]) / (counts.sum() - counts[:, k].sum())
        return math.sqrt(sum((math.sqrt(a) - math.sqrt(b)) ** 2 for a, b in zip(inside, rest)))

    # a: 4/4 | 0 against rest 1/6, 5/6 ; the other classes give less
    expected = max(one_vs_rest(k) for k in range(3))
    assert expected == pytest.approx(one_vs_rest(0))
    assert float(hellinger_of_counts(counts)) == pytest.approx(expected, rel=1e-12)


def test_gini_and_misclassification_by_hand():
    counts = np.array([[1.0, 2.0, 5.0], [0.0, 0.0, 0.0]])
    assert gini_of_counts(counts)[0] == pytest.approx(1 - (1 + 4 + 25) / 64)
    assert misclassification_of_counts(counts).tolist() == [pytest.approx(3 / 8), 0.0]


def test_gain_ratio_without_split_info_is_zero():
    # one value only: split info 0, so the ratio is 0 (not a division by zero)
    assert float(gain_ratio(["v"] * 5, list("aaabb"))) == 0.0
    assert float(gain_ratio(counts=np.array([[3, 2]]))) == 0.0


def test_weighted_median_at_exactly_half_the_weight():
    # cumulative weights 1, 2 | 3, 4: exactly half after the second value -> midpoint of 2, 3
    assert weighted_median(np.array([1.0, 2.0, 3.0, 4.0]), np.ones(4)) == 2.5
    # weights 1, 1, 2: half (2) is reached at the second value exactly -> (2 + 3) / 2
    assert weighted_median(np.array([1.0, 2.0, 3.0]), np.array([1.0, 1.0, 2.0])) == 2.5
    # weights 1, 2, 1: the second value passes half on its own
    assert weighted_median(np.array([1.0, 2.0, 3.0]), np.array([1.0, 2.0, 1.0])) == 2.0
    # an even count of equal weights, unsorted input: the mean of the two middle values
    assert weighted_median(np.array([9.0, 1.0, 7.0, 3.0]), np.full(4, 2.0)) == 5.0


def test_weighted_absolute_error_about_the_median():
    values, weights = np.array([1.0, 2.0, 6.0]), np.array([1.0, 3.0, 1.0])
    # median 2: (1·1 + 3·0 + 1·4) / 5 = 1
    assert absolute_error_about(values, weights, None) == pytest.approx(1.0)


def test_weighted_squared_error_from_sums():
    values, weights = np.array([1.0, 2.0, 6.0]), np.array([1.0, 3.0, 1.0])
    sums = np.array([weights.sum(), (weights * values).sum(), (weights * values**2).sum()])
    mean = 13 / 5
    expected = (1 * (1 - mean) ** 2 + 3 * (2 - mean) ** 2 + 1 * (6 - mean) ** 2) / 5
    assert float(squared_error_of_sums(sums)) == pytest.approx(expected, rel=1e-12)
