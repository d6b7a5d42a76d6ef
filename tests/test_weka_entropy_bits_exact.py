"""J48's entropy of a count row, to the last bit, as its documentation states it.

:func:`dtlearn.weka_arithmetic.entropy` works in plain Python floats below 8 classes
(``math.log``, the counts added one after another) and in numpy at 8 or more (numpy's
pairwise sums and ``np.log``). The two differ in the last bit for some rows (``math.log``
and ``np.log`` round a few arguments differently), so each side is checked bit for bit
against that side's formula written out here, on rows where the other side differs.
"""

import math

import numpy as np
import pytest

from dtlearn.weka_arithmetic import entropy

LN2 = math.log(2)


def python_floats(row):
    total = 0.0
    for c in row:
        total += c
    if not total > 0:
        return 0.0
    acc = 0.0
    for c in row:
        p = c / total
        if p > 0:
            acc += p * math.log(p)
    value = -acc / LN2
    return value if value > 0.0 else 0.0


def numpy_sums(row):
    counts = np.asarray(row, dtype=float)
    total = counts.sum()
    if not total > 0:
        return 0.0
    p = counts / total
    logs = np.log(np.where(p > 0, p, 1.0))
    value = float(-(p * logs).sum() / LN2)
    return value if value > 0.0 else 0.0


def rows_where_they_differ(k, want=3, seed=0):
    rng = np.random.default_rng(seed)
    found = []
    for _ in range(20_000):
        row = rng.integers(0, 50, k) * rng.uniform(0.1, 1.0)
        if python_floats(row) != numpy_sums(row):
            found.append(row)
            if len(found) == want:
                return found
    raise AssertionError(f"no {want} rows of {k} classes where the two sides differ")


@pytest.mark.parametrize("k", [2, 3, 5, 6, 7])
def test_fewer_than_8_classes_use_python_floats(k):
    for row in rows_where_they_differ(k):
        assert entropy(row) == python_floats(row)
        assert entropy(row.tolist()) == python_floats(row)


@pytest.mark.parametrize("k", [8, 9, 12])
def test_8_or_more_classes_use_numpy(k):
    for row in rows_where_they_differ(k):
        assert entropy(row) == numpy_sums(row)


def test_textbook_values():
    assert entropy(np.array([9.0, 5.0])) == pytest.approx(0.9402859586706311, abs=1e-15)
    assert entropy(np.zeros(3)) == 0.0 and entropy(np.array([4.0, 0.0])) == 0.0
    assert entropy(np.ones(8)) == pytest.approx(3.0, abs=1e-15)
