"""Measure inputs: count checks' whole messages, value counts, and mean info in bits by hand.

Outlook's contingency table of play tennis, (yes, no) per value: sunny 2/3, overcast
4/0, rainy 3/2. Mean information ``5/14 H(2/5) + 4/14 · 0 + 5/14 H(3/5)`` in bits
(the default base 2) is 0.693536.
"""

import math
import re

import numpy as np
import pytest

from dtlearn.measures.information import mean_info
from dtlearn.measures.inputs import check_counts, value_counts

OUTLOOK = [[2, 3], [4, 0], [3, 2]]


def _h(*counts):
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c)


def test_mean_info_defaults_to_bits():
    want = 5 / 14 * _h(2, 3) + 4 / 14 * 0 + 5 / 14 * _h(3, 2)
    assert float(mean_info(counts=OUTLOOK)) == pytest.approx(want, abs=1e-12)
    assert float(mean_info(counts=OUTLOOK, base=2)) == float(mean_info(counts=OUTLOOK))
    nats = float(mean_info(counts=OUTLOOK, base=math.e))
    assert nats == pytest.approx(want * math.log(2), abs=1e-12)


@pytest.mark.parametrize(
    ("counts", "ndim", "text"),
    [
        ([[1, 2]], 1, "counts must be a 1-D list of class counts; got shape (1, 2)"),
        (
            [1, 2],
            2,
            "counts must be a 2-D table (one row per attribute value, one column per class); "
            "got shape (2,)",
        ),
    ],
)
def test_check_counts_shape_messages(counts, ndim, text):
    with pytest.raises(ValueError, match="^" + re.escape(text) + "$"):
        check_counts(counts, "counts", ndim=ndim)


def test_value_counts_of_a_table_are_its_row_sums():
    array, names, name = value_counts(None, OUTLOOK, None)
    assert array.tolist() == [5.0, 4.0, 5.0] and names == ("v1", "v2", "v3") and name == "A"
    array, names, _ = value_counts(None, np.array([5, 4, 5]), None)
    assert array.tolist() == [5.0, 4.0, 5.0] and names == ("v1", "v2", "v3")
    with pytest.raises(
        ValueError,
        match=re.escape(
            "counts must be 1-D (instances per value) or 2-D (a contingency table); "
            "got shape (1, 1, 1)"
        ),
    ):
        value_counts(None, [[[1]]], None)
