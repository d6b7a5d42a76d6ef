"""Weka's ``Utils`` comparisons at their boundaries, against Weka's own definitions.

``weka.core.Utils`` (3.6): ``gr(a, b) = a - b > SMALL``, ``sm(a, b) = b - a > SMALL``,
``eq(a, b) = a == b || (a - b < SMALL && b - a < SMALL)``, ``grOrEq(a, b) = b - a < SMALL || a >= b``,
``smOrEq(a, b) = a - b < SMALL || a <= b``, with ``SMALL = 1e-6``. A difference of exactly
``SMALL`` (``1e-6 - 0.0``) is neither greater nor smaller, and is not equal either.
"""

from __future__ import annotations

import numpy as np
import pytest

from dtlearn.weka_arithmetic import (
    SMALL,
    entropy,
    eq,
    gr,
    gr_or_eq,
    max_class,
    num_incorrect,
    sm,
    sm_or_eq,
)


def test_small_is_wekas():
    assert SMALL == 1e-6


@pytest.mark.parametrize("a, b", [(1e-6, 0.0), (0.0, 1e-6), (2e-6, 1e-6), (0.5, 0.5)])
def test_comparisons_follow_weka_definitions(a, b):
    assert gr(a, b) == (a - b > 1e-6)
    assert sm(a, b) == (b - a > 1e-6)
    assert eq(a, b) == (a == b or (a - b < 1e-6 and b - a < 1e-6))
    assert gr_or_eq(a, b) == (b - a < 1e-6 or a >= b)
    assert sm_or_eq(a, b) == (a - b < 1e-6 or a <= b)


def test_a_difference_of_exactly_small():
    # 1e-6 - 0.0 == SMALL exactly: not greater, not smaller, not equal (strict < SMALL)
    assert (gr(1e-6, 0.0), sm(0.0, 1e-6), eq(1e-6, 0.0)) == (False, False, False)
    # ... and the "or equal" forms fall back on the plain comparison
    assert (gr_or_eq(1e-6, 0.0), gr_or_eq(0.0, 1e-6)) == (True, False)
    assert (sm_or_eq(0.0, 1e-6), sm_or_eq(1e-6, 0.0)) == (True, False)


def test_max_class_needs_a_lead_of_more_than_small():
    # the first class stays the best unless another beats it by more than 1e-6
    assert max_class(np.array([1.0, 1.0 + 1e-6])) == 0
    assert max_class(np.array([1.0, 1.0 + 3e-6])) == 1
    # a class of weight <= SMALL never beats the start value 0
    assert max_class(np.array([0.0, 1e-6])) == 0
    # class 1 does not beat class 0 by more than SMALL: the errors are classes 1 and 2
    assert num_incorrect(np.array([1.0, 1.0 + 1e-6, 0.5])) == pytest.approx(1.5 + 1e-6, abs=1e-12)


def test_entropy_hand_values():
    # [3, 1]: -(3/4 log2 3/4 + 1/4 log2 1/4) = 0.811278...
    expected = -(0.75 * np.log2(0.75) + 0.25 * np.log2(0.25))
    assert entropy(np.array([3.0, 1.0])) == pytest.approx(expected, abs=1e-15)
    assert entropy(np.array([0.0, 4.0])) == 0.0
    assert entropy(np.array([2.5, 2.5])) == pytest.approx(1.0, abs=1e-15)
