"""The root split table of Play Tennis explains each attribute with Mitchell's numbers, whole.

Mitchell (1997, ch. 3): H(S) = 0.940 for 9 yes / 5 no; Outlook leaves 5/14·0.971 +
4/14·0 + 5/14·0.971 = 0.694, a gain of 0.247 (0.246 when the rounded values are
subtracted, as the book does: the note says so). The explanation names the data's target
(``play``) and classes (``yes``, ``no``); the Gini version's numbers are ``1 - sum p²``.
"""

import math

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.grow.records import Candidate
from dtlearn.grow.table import branch_test
from dtlearn.splits import MultiwaySplit


def h(*counts):
    n = sum(counts)
    return 0.0 - sum(c / n * math.log2(c / n) for c in counts if c)


def gini(*counts):
    n = sum(counts)
    return 1 - sum((c / n) ** 2 for c in counts)


def test_hand_numbers():
    assert round(h(9, 5), 3) == 0.940 and round(h(2, 3), 3) == 0.971
    assert round(5 / 14 * h(2, 3) * 2, 3) == 0.694
    assert round(h(9, 5) - 10 / 14 * h(2, 3), 5) == 0.24675
    assert round(gini(9, 5), 3) == 0.459 and gini(3, 3) == 0.5 and gini(6, 2) == 0.375


OUTLOOK = """\
H(play) = 0.940 bits   (9 yes / 5 no)
  outlook  | n | yes | no | weight | H(child)
  sunny    | 5 |   2 |  3 | 5/14   |    0.971
  overcast | 4 |   4 |  0 | 4/14   |    0.000
  rainy    | 5 |   3 |  2 | 5/14   |    0.971
mean info = 5/14·0.971 + 4/14·0.000 + 5/14·0.971 = 0.694
gain      = 0.940 - 0.694 = 0.247 bits
note: values are shown rounded; unrounded 0.94029 - 0.69354 = 0.24675. Subtracting the
      rounded values gives 0.246, which is why texts that round intermediate results can
      differ in the last digit"""

WINDY_GINI = """\
Gini(play) = 0.459   (9 yes / 5 no)
  windy | n | yes | no | weight | Gini(child)
  TRUE  | 6 |   3 |  3 | 6/14   |       0.500
  FALSE | 8 |   6 |  2 | 8/14   |       0.375
mean Gini = 6/14·0.500 + 8/14·0.375 = 0.429
Gini gain = 0.459 - 0.429 = 0.031
note: values are shown rounded; unrounded 0.45918 - 0.42857 = 0.03061. Subtracting the
      rounded values gives 0.030, which is why texts that round intermediate results can
      differ in the last digit"""


def test_outlook_explained_whole():
    table = dt.split_table(*dt.load_play_tennis())
    assert str(table.explain("outlook")) == OUTLOOK
    assert str(table.explain()) == OUTLOOK  # the best attribute by information gain


def test_windy_gini_explained_whole():
    table = dt.split_table(*dt.load_play_tennis(), criterion="gini")
    assert str(table.explain("windy")) == WINDY_GINI


@pytest.mark.parametrize(
    "name, gain",
    [("outlook", 0.247), ("temperature", 0.029), ("humidity", 0.152), ("windy", 0.048)],
)
def test_each_attribute_gain(name, gain):
    table = dt.split_table(*dt.load_play_tennis())
    text = str(table.explain(name))
    assert text.startswith("H(play) = 0.940 bits   (9 yes / 5 no)\n")
    assert f"= {gain:.3f} bits" in text


def test_explain_of_unknown_attribute_is_refused():
    table = dt.split_table(*dt.load_play_tennis())
    with pytest.raises((KeyError, ValueError), match="wind"):
        table.explain("wind")


@pytest.mark.parametrize(
    "counts",
    [
        np.zeros((1, 1)),  # inadmissible()'s placeholder: one row, not one per branch
        np.array([[0.0, 0.0], [4.0, 1.0]]),  # two rows for three branches
        np.array([5.0, 0.0, 4.0]),  # one number per branch, not a row of class counts
    ],
)
def test_counts_that_are_not_one_row_per_branch_leave_the_test_n_way(counts):
    # Only counts with one row per branch tell which values are present; any other
    # shape says nothing about them, so the test column is the plain branch count.
    c = Candidate(0, "outlook", MultiwaySplit(0, 3), ("a", "b", "c"), counts, {}, 0.0)
    assert branch_test(c) == "3-way"
