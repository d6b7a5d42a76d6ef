"""C4.5's smallest branch (J48's minSplit) on one numeric column, against Weka 3.6's J48.

J48 allows a cut only if both sides weigh at least ``min(25, max(2, 0.1 · W / k))`` (W the
known weight, k classes). Rows ``0 .. n-1``, the first ``n_a`` of class ``a``, optionally
one row of weight 0.5 (an ARFF instance weight ``{0.5}``): the cut after the ``a`` rows is
allowed, or the tree must take a larger left side, exactly at the edges of that rule
(24.475 and the cap 25 among them). The expected texts are ``java -cp
/usr/share/java/weka.jar weka.classifiers.trees.J48 -t data.arff`` (Debian's Weka 3.6) on
the same data.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt

WEKA = {
    (490, 25, 24): "x <= 24: a (24.5)\nx > 24: b (465.0)",  # min split 24.475
    (600, 25, None): "x <= 24: a (25.0)\nx > 24: b (575.0)",  # 30, capped at 25
    (600, 24, None): "x <= 24: a (25.0/1.0)\nx > 24: b (575.0)",
    (300, 15, None): "x <= 14: a (15.0)\nx > 14: b (285.0)",  # 15
    (300, 14, None): "x <= 14: a (15.0/1.0)\nx > 14: b (285.0)",
    (100, 2, None): "x <= 4\n|   x <= 1: a (2.0)\n|   x > 1: b (3.0)\nx > 4: b (95.0)",  # 5
    (100, 1, None): ": b (100.0/1.0)",
    (251, 24, 3): "x <= 23: a (23.5)\nx > 23: b (227.0)",  # 12.525
}


@pytest.mark.parametrize("n, n_a, half", list(WEKA))
def test_smallest_branch_as_weka(n, n_a, half):
    x = np.arange(n, dtype=float)
    y = np.where(x < n_a, "a", "b")
    w = np.ones(n)
    if half is not None:
        w[half] = 0.5
    model = dt.C45Classifier().fit(pd.DataFrame({"x": x}), y, sample_weight=w)
    assert model.tree_.to_text(style="weka") == WEKA[(n, n_a, half)]


def test_branch_within_weka_tolerance_of_min_split_counts_as_enough():
    # 200 rows of weight 1 and one of 1e-6: min split 0.1 · 200.000001 / 2 = 10.00000005;
    # Weka's smOrEq (a - b < 1e-6) lets the 10 rows of class a make a branch
    n = 201
    x = np.arange(n, dtype=float)
    w = np.ones(n)
    w[-1] = 1e-6
    model = dt.C45Classifier().fit(
        pd.DataFrame({"x": x}), np.where(x < 10, "a", "b"), sample_weight=w
    )
    assert model.tree_.to_text(style="weka") == "x <= 9: a (10.0)\nx > 9: b (190.0)"  # Weka 3.6
