"""Which path each criteria kernel takes, and the bits each path promises.

``dtlearn.criteria`` sums a few classes one at a time (numpy adds fewer than 8 terms in
order from +0.0, and 8 or more pairwise, which rounds otherwise: ``1e16`` plus seven ones
is ``1e16`` in order and ``1e16 + 6`` pairwise), takes the largest of a few classes with
elementwise maxima, and looks ``c log c`` of whole counts up in a table unless there are
8 classes or more or the table would hold at least ``max(cuts, WHOLE_TABLE_MIN)`` entries.
Each promise is checked at its boundary: the bits where they tell, counted calls where
both paths give the same floats.
"""

import numpy as np
import pytest

from dtlearn import criteria
from dtlearn.grow import GrowthConfig

CONFIG = GrowthConfig()


def ones_after(big, k):
    return np.array([[big] + [1.0] * (k - 1)])


def test_the_rounding_that_tells_the_two_sums_apart():
    row = ones_after(1e16, 8)
    in_order = 0.0
    for v in row[0]:
        in_order += v
    assert in_order == 1e16 and float(row.sum()) == 1e16 + 6


@pytest.mark.parametrize("k", [7, 8, 9])
def test_class_sums_are_numpys_bits_on_both_sides_of_eight_classes(k):
    row = ones_after(1e16, k)
    assert criteria._class_sum(row).tolist() == row.sum(axis=-1).tolist()
    assert criteria._class_sum(row, np.negative).tolist() == (-row).sum(axis=-1).tolist()
    column = row.T.copy()  # (k, 1): a sum along axis -2
    assert criteria._axis_sum(column, -2).tolist() == column.sum(axis=-2, keepdims=True).tolist()
    assert criteria._few_classes(row) == (k < 8)


def test_few_classes_means_two_to_seven_float_columns_of_a_table():
    assert not criteria._few_classes(np.zeros((3, 1)))
    assert criteria._few_classes(np.zeros((3, 2)))
    assert not criteria._few_classes(np.zeros(4))  # one row of counts, not a table
    assert not criteria._few_classes(np.zeros((3, 4), dtype=np.int64))


def counted(monkeypatch, name):
    calls = []
    real = getattr(criteria, name)

    def wrapper(*args, **kwargs):
        calls.append(name)
        return real(*args, **kwargs)

    monkeypatch.setattr(criteria, name, wrapper)
    return calls


@pytest.mark.parametrize(("k", "elementwise"), [(2, True), (7, True), (8, False), (9, False)])
def test_the_largest_class_is_taken_elementwise_below_eight_classes(monkeypatch, k, elementwise):
    calls = counted(monkeypatch, "_class_max")
    left = np.arange(2.0 * k).reshape(2, k)
    right = left[:, ::-1] + 1.0
    out = criteria._misclassification_children(left, right, CONFIG)
    nl, nr = left.sum(axis=1), right.sum(axis=1)
    expected = (nl - left.max(axis=1) + nr - right.max(axis=1)) / (nl + nr)
    assert out == pytest.approx(expected, abs=1e-15)
    assert len(calls) == (2 if elementwise else 0)


@pytest.mark.parametrize(("k", "table"), [(7, True), (8, False)])
def test_whole_counts_use_the_table_below_eight_classes(monkeypatch, k, table):
    left = np.ones((k, 3), dtype=np.int64)
    totals = np.full((k, 3), 2, dtype=np.int64)
    calls = counted(monkeypatch, "_entropy_children")
    out = criteria._entropy_children_of_whole(left, totals, CONFIG)
    # each side holds k classes of one row: log2(k) bits a side
    assert out == pytest.approx(np.full(3, np.log2(k)), abs=1e-12)
    assert len(calls) == (0 if table else 1)


@pytest.mark.parametrize(("offset", "table"), [(-1, True), (0, False)])
def test_whole_counts_use_the_table_below_its_least_size(monkeypatch, offset, table):
    # one cut of a node of ``top`` rows: the table would hold top + 1 entries (the test ids
    # name offsets, not sizes, so that they stay the same whatever the constant holds)
    assert criteria.WHOLE_TABLE_MIN == 2**16
    top = criteria.WHOLE_TABLE_MIN + offset
    left = np.array([[top // 2], [0]], dtype=np.int64)
    totals = np.array([[top - 1], [1]], dtype=np.int64)
    calls = counted(monkeypatch, "_entropy_children")
    out = criteria._entropy_children_of_whole(left, totals, CONFIG)
    right = (top - 1 - top // 2, 1)
    n = sum(right)
    bits = -sum(c / n * np.log2(c / n) for c in right)
    assert out == pytest.approx([n * bits / top], abs=1e-12)
    assert len(calls) == (0 if table else 1)


def test_a_table_larger_than_the_cuts_but_under_the_least_size_is_still_made(monkeypatch):
    # 5 cuts of a node of 40 rows: 41 entries > 5 cuts, but fewer than WHOLE_TABLE_MIN
    left = np.array([[1, 2, 3, 4, 5], [0, 0, 0, 0, 0]], dtype=np.int64)
    totals = np.array([[20] * 5, [20] * 5], dtype=np.int64)
    calls = counted(monkeypatch, "_entropy_children")
    criteria._entropy_children_of_whole(left, totals, CONFIG)
    assert calls == []


@pytest.mark.parametrize(("k", "elementwise"), [(7, True), (8, False)])
def test_hellinger_takes_its_largest_class_elementwise_below_eight(monkeypatch, k, elementwise):
    # two cuts, class j all on the left for j = 0 and spread evenly otherwise: class 0
    # against the rest is the largest distance, sqrt(2) (no branch holds both)
    calls = counted(monkeypatch, "_class_max")
    branches = np.zeros((2, 2, k))
    branches[:, 0, 0] = 4.0
    branches[:, :, 1:] = 1.0
    branches[:, 0, 1:] = 0.0
    out = criteria.hellinger_of_counts(branches)
    assert out.tolist() == pytest.approx([np.sqrt(2.0)] * 2, abs=1e-12)
    assert len(calls) == (1 if elementwise else 0)
