"""The homework checks' own formulas against numbers worked out by hand.

Quinlan's play-tennis outlook: values sunny (2 yes, 3 no), overcast (4, 0), rainy (3, 2);
H(9, 5) = 0.940286, the children's weighted entropy 5/14·0.970951·2 = 0.693536, gain
0.246750, split information H(5, 4, 5) = 1.577406, Gini gain 0.459184 - 0.342857.
"""

import math

import numpy as np
import pandas as pd
import pytest

from dtlearn.exercises.homework.check_formulas import (
    contingency,
    entropy_bits,
    gain_parts,
    gini_index,
)

H95 = -(9 / 14) * math.log2(9 / 14) - (5 / 14) * math.log2(5 / 14)
H23 = -(2 / 5) * math.log2(2 / 5) - (3 / 5) * math.log2(3 / 5)


def test_entropy_in_bits_nats_and_of_a_pure_node():
    assert entropy_bits([9, 5]) == pytest.approx(H95, abs=1e-15)
    assert entropy_bits([9, 5], log=math.log) == pytest.approx(H95 * math.log(2), abs=1e-15)
    assert entropy_bits([1, 1, 1, 1]) == 2.0
    assert entropy_bits([2.5, 2.5]) == 1.0
    pure = entropy_bits([5, 0])
    assert pure == 0.0 and math.copysign(1.0, pure) == 1.0  # never -0.0


def test_gini_index():
    assert gini_index([9, 5]) == pytest.approx(1 - (81 + 25) / 196, abs=1e-15)
    assert gini_index([1, 1, 1, 1]) == 0.75
    assert gini_index([3, 0]) == 0.0


def test_contingency_counts_values_by_classes_ignoring_the_index():
    feature = pd.Series(["b", "a", "b", "c", "a"], index=[10, 11, 12, 13, 14])
    labels = pd.Series(["+", "-", "-", "+", "-"], index=[0, 1, 2, 3, 4])
    # rows a, b, c (sorted), columns + and - (sorted)
    assert contingency(feature, labels).tolist() == [[0.0, 2.0], [1.0, 1.0], [1.0, 0.0]]
    assert contingency(feature, labels).dtype == np.float64


def test_the_parts_of_the_outlook_gain():
    table = np.array([[2.0, 3.0], [4.0, 0.0], [3.0, 2.0]])
    parts = gain_parts(table)
    mean = 2 * 5 / 14 * H23
    split = -2 * (5 / 14) * math.log2(5 / 14) - (4 / 14) * math.log2(4 / 14)
    gini_parent = 1 - (81 + 25) / 196
    gini_children = 2 * 5 / 14 * (1 - (4 + 9) / 25)
    want = {
        "gain": H95 - mean,
        "parent": H95,
        "mean": mean,
        "split": split,
        "ratio": (H95 - mean) / split,
        "gini": gini_parent - gini_children,
        "unweighted": H95 - (H23 + 0.0 + H23) / 3,
    }
    assert sorted(parts) == sorted(want)
    for key, value in want.items():
        assert parts[key] == pytest.approx(value, abs=1e-12), key
    assert round(parts["gain"], 6) == 0.24675 and round(parts["ratio"], 6) == 0.156428


def test_one_value_has_no_split_information_and_no_gain():
    parts = gain_parts(np.array([[3.0, 3.0]]))
    assert parts["split"] == 0.0 and parts["ratio"] == 0.0
    assert parts["gain"] == 0.0 and math.copysign(1.0, parts["gain"]) == 1.0
    assert parts["parent"] == parts["mean"] == 1.0 and parts["gini"] == 0.0
