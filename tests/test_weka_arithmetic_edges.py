"""J48's entropy of eight or more classes (numpy's pairwise sum) at its edges, by hand."""

import numpy as np
import pytest

from dtlearn.weka_arithmetic import entropy


@pytest.mark.parametrize("k", [7, 8, 12])
def test_an_empty_row_has_no_entropy_whatever_its_length(k):
    assert entropy(np.zeros(k)) == 0.0
    assert entropy([0.0] * k) == 0.0


@pytest.mark.parametrize("k", [7, 8, 16])
def test_a_pure_row_and_an_even_row(k):
    one = np.zeros(k)
    one[k - 1] = 5.0
    assert entropy(one) == 0.0
    assert entropy(np.full(k, 2.5)) == pytest.approx(np.log2(k), abs=1e-14)


def test_eight_classes_by_hand():
    # 4 of class 1, 2 of class 2, 1 each of classes 3 and 4, none of the other four
    counts = np.array([4.0, 2.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0])
    expected = 0.5 * 1 + 0.25 * 2 + 2 * 0.125 * 3  # -sum p log2 p = 1.75 bits
    assert entropy(counts) == pytest.approx(expected, abs=1e-15)
