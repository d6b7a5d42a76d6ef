"""C4.5's scan helpers against Weka's own definitions, written out plainly here.

Weka's ``C45Split`` keeps the first cut whose gain beats the running best by more than
``SMALL = 1e-6`` (starting from 0), ``logFunc(x)`` is ``x·log2(x)`` and 0 below 1e-6, and
numpy adds fewer than 8 values one after another: the vectorised helpers must agree with
these loops on every input, ties within 1e-6 included.
"""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dtlearn.learners.c45_scan import first_best_columns, sum_last, xlogx

# values a hair apart (within and beyond 1e-6 and 2e-6 of each other) and no-cut markers
NEAR = [0.0, 5e-7, 2e-6, 0.1, 0.1 + 5e-7, 0.1 + 1.5e-6, 0.1 + 3e-6, 0.3, -np.inf]


def _weka_first_best(column):
    best, index = 0.0, -1
    for i, v in enumerate(column):
        if v - best > 1e-6:
            best, index = v, i
    return index


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 6), st.integers(1, 5), st.data())
def test_first_best_columns_is_wekas_scan(rows, cols, data):
    gains = np.array([[data.draw(st.sampled_from(NEAR)) for _ in range(cols)] for _ in range(rows)])
    n_cuts = np.isfinite(gains).sum(axis=0)
    expected = [_weka_first_best(gains[:, c].tolist()) for c in range(cols)]
    assert first_best_columns(gains, n_cuts).tolist() == expected


@pytest.mark.parametrize(
    "column, index",
    [
        ([0.1, 0.1 + 5e-7, 0.05], 0),  # within 1e-6: the first stays
        ([0.1, 0.1 + 1.5e-6], 1),  # more than 1e-6 better: the later one
        ([5e-7, -np.inf], -1),  # nothing beats 0 by more than 1e-6
        ([2e-6, -np.inf], 0),
        ([1e-6, -np.inf], -1),  # exactly 1e-6 above 0 is not more than 1e-6
        ([0.5, 0.5 + 2**-20, 0.5 + 2**-19], 2),  # 2**-20 < 1e-6 < 2**-19 above 0.5
        ([-np.inf, -np.inf], -1),
        ([0.3, 0.1, 0.3 + 1.5e-6], 2),
    ],
)
def test_first_best_columns_by_hand(column, index):
    gains = np.array(column)[:, None]
    assert first_best_columns(gains, np.isfinite(gains).sum(axis=0)).tolist() == [index]


def test_xlogx_is_wekas_logfunc_with_its_cut_off():
    assert xlogx(4.0) == 8.0 and xlogx(1.0) == 0.0
    assert xlogx(0.0) == 0.0 and xlogx(9.9e-7) == 0.0  # below 1e-6: 0
    assert xlogx(1e-6) == pytest.approx(1e-6 * math.log2(1e-6), rel=1e-12)  # at 1e-6: computed
    assert xlogx(np.array([0.0, 9.9e-7, 1e-6, 2.0])).tolist() == pytest.approx(
        [0.0, 0.0, 1e-6 * math.log2(1e-6), 2.0], rel=1e-12
    )
    assert np.ndim(xlogx(0.5)) == 0 and xlogx(0.5) == pytest.approx(-0.5, rel=1e-15)


@pytest.mark.parametrize("k", [0, 1, 2, 7, 8, 11])
def test_sum_last_adds_as_numpy_does(k):
    rng = np.random.default_rng(k)
    a = rng.normal(size=(3, 2, k)) * 10.0 ** rng.integers(-8, 9, size=(3, 2, k))
    assert sum_last(a).tolist() == np.add.reduce(a, axis=-1).tolist()
    if 0 < k < 8:  # one after another, from the first
        running = a[..., 0].copy()
        for i in range(1, k):
            running = running + a[..., i]
        assert sum_last(a).tolist() == running.tolist()
