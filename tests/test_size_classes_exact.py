"""Node size classes of the level-wise scan: at most PAD_ROWS padding rows per class, greedily.

:func:`dtlearn.grow.fast.levels.size_classes` groups a level's nodes by size (ascending):
the next size joins the current class while padding the class's nodes up to it costs at
most :data:`PAD_ROWS` rows in all. That rule fixes the classes uniquely: labels grow with
size, each class pads to its largest size within the allowance, and the smallest size of
the next class would have cost more. Checked on the exact edge (padding ``PAD_ROWS`` joins,
``PAD_ROWS + 1`` does not) and on random levels.
"""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dtlearn.grow.fast.levels import PAD_ROWS, size_classes


def test_padding_of_exactly_pad_rows_joins():
    assert size_classes(np.array([2, 2 + PAD_ROWS])).tolist() == [0, 0]
    assert size_classes(np.array([2, 3 + PAD_ROWS])).tolist() == [0, 1]
    # two nodes of 2: padding both to 2 + PAD_ROWS // 2 costs PAD_ROWS
    assert size_classes(np.array([2, 2, 2 + PAD_ROWS // 2])).tolist() == [0, 0, 0]
    assert size_classes(np.array([2, 2, 3 + PAD_ROWS // 2])).tolist() == [0, 0, 1]


def test_same_sizes_share_a_class_whatever_their_order():
    lengths = np.array([500, 7, 500, 7, 3000])
    assert size_classes(lengths).tolist() == [1, 0, 1, 0, 2]


def padding(sizes):
    return sum(max(sizes) - s for s in sizes)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 600), min_size=1, max_size=30))
def test_classes_are_the_greedy_ones(lengths):
    labels = size_classes(np.array(lengths)).tolist()
    assert len(labels) == len(lengths)
    by_size = sorted(zip(lengths, labels))
    assert [lab for _, lab in by_size] == sorted(lab for _, lab in by_size)  # grow with size
    assert sorted(set(labels)) == list(range(max(labels) + 1))  # numbered 0, 1, ...
    classes = [[s for s, lab in by_size if lab == c] for c in range(max(labels) + 1)]
    for c, members in enumerate(classes):
        assert padding(members) <= PAD_ROWS
        if c + 1 < len(classes):
            assert padding(members + [classes[c + 1][0]]) > PAD_ROWS
