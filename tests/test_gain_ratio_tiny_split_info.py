"""Gain ratio when one branch is tiny: a small split info is still a split info.

Only a constant attribute (split info 0) has gain ratio 0 by definition; a branch holding
one instance in 15,001 gives a split info of about 0.0013 bits, and the ratio is then
gain / split info, worked out here from the definitions with ``math.log2``.
"""

import math

import pytest

import dtlearn as dt


def _h(*counts):
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c)


def test_a_tiny_split_info_divides_the_gain():
    table = [[10000, 5000], [0, 1]]
    parent = _h(10000, 5001)
    mean = 15000 / 15001 * _h(10000, 5000) + 1 / 15001 * _h(0, 1)
    split = _h(15000, 1)
    assert split < 0.002
    ratio = dt.gain_ratio(counts=table)
    assert float(ratio) == pytest.approx((parent - mean) / split, rel=1e-9)
    assert 0 < float(ratio) < 1


def test_a_constant_attribute_has_gain_ratio_zero():
    assert float(dt.gain_ratio(counts=[[9, 5]])) == 0.0
