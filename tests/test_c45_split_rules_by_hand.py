"""J48's split rules at their edges, each worked out by hand from Weka's source.

* ``C45Split``/``BinC45Split``: a numeric cut needs ``minSplit = 0.1 · known / classes``
  rows on each side, clamped to ``[-M, 25]``; two neighbouring values make a cut only when
  they are more than ``1e-5`` apart; a nominal split needs two bags of ``-M`` rows or more.
* ``C45ModelSelection``: only attributes whose gain is at least the average gain less
  ``1e-3`` compete, on gain ratio; the first of equal ratios wins (``Utils.gr``).

The gains of the hand-made data sets are worked out here with :mod:`dtlearn.measures`
(textbook formulas, not the grower's scans), and the rule applied to them in the test.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt


def _root(X, y, **params):
    return dt.C45Classifier(prune=False, **params).fit(X, y).tree_.root


def _chosen(X, y):
    """The root's attribute as grown (J48 collapses a split that mends no training error)."""
    chosen = dt.C45Classifier(prune=False).fit(X, y).steps_[0].chosen
    return None if chosen is None else chosen.feature


def test_a_cut_needs_a_tenth_of_the_rows_per_class_on_each_side():
    x = np.arange(60.0)  # minSplit = 0.1 · 60 / 2 = 3 rows (above -M 2)
    X = pd.DataFrame({"x": x})
    root = _root(X, np.where(x < 3, "A", "B"))  # 3 rows on the left: allowed, pure
    assert root.split.threshold == 2.0
    assert [c.counts.tolist() for c in root.children] == [[3, 0], [0, 57]]
    root = _root(X, np.where(x < 2, "A", "B"))  # 2 pure rows are too few: 3 the fewest
    assert root.split.threshold == 2.0
    assert [c.counts.tolist() for c in root.children] == [[2, 1], [0, 57]]


def test_the_least_side_of_a_cut_is_capped_at_25_rows():
    x = np.arange(600.0)  # 0.1 · 600 / 2 = 30, capped at 25
    root = _root(pd.DataFrame({"x": x}), np.where(x < 22, "A", "B"))
    assert root.split.threshold == 24.0
    assert [c.n_samples for c in root.children] == [25.0, 575.0]
    assert root.children[0].counts.tolist() == [22, 3]


def test_values_closer_than_1e5_are_never_cut_apart():
    y = ["A"] * 10 + ["B"] * 10
    close = pd.DataFrame({"x": np.r_[np.ones(10), np.ones(10) + 5e-6]})
    assert _root(close, y).is_leaf
    far = pd.DataFrame({"x": np.r_[np.ones(10), np.ones(10) + 2e-5]})
    assert [c.counts.tolist() for c in _root(far, y).children] == [[10, 0], [0, 10]]


def test_a_nominal_split_needs_two_bags_of_at_least_min_samples_leaf():
    # u: 10 rows (A 5, B 5); v, w: one row each. One bag of 2 or more: no split.
    X = pd.DataFrame({"a": ["u"] * 10 + ["v", "w"]})
    y = ["A", "B"] * 5 + ["A", "B"]
    assert _chosen(X, y) is None
    X2 = pd.DataFrame({"a": ["u"] * 10 + ["v", "v", "w", "w"]})  # v: A A, w: B B: a split
    assert _chosen(X2, y[:10] + ["A", "A", "B", "B"]) == 0


def test_equal_gain_ratios_go_to_the_first_attribute():
    X, y = dt.load_play_tennis()
    twin = X.assign(outlook2=X["outlook"])[["outlook2", *X.columns]]
    assert _chosen(twin, y) == 0  # outlook2 first, outlook the same
    assert _chosen(X.assign(outlook2=X["outlook"]), y) == 0  # outlook first


def _weka_choice(X, y, slack=1e-3):
    """C45ModelSelection's rule on textbook gains: first of the best ratios above the filter."""
    gains = [float(dt.information_gain(X[c], y)) for c in X.columns]
    ratios = [float(dt.gain_ratio(X[c], y)) for c in X.columns]
    average = sum(gains) / len(gains)
    best, index = 0.0, None
    for i, (g, r) in enumerate(zip(gains, ratios)):
        if g >= average - slack and r - best > 1e-6:
            best, index = r, i
    return index, gains, ratios


def test_a_gain_just_below_the_average_still_competes():
    X = pd.DataFrame(
        {
            "p": list("bbbaabaabbaababa"),
            "q": list("aaababacccccabbb"),
        }
    )
    y = pd.Series(list("ABAABAAAABABBABA"), name="y")
    choice, gains, ratios = _weka_choice(X, y)
    average = sum(gains) / 2
    # p's gain is below the average by less than 1e-3 and its ratio is the better one
    assert average - 1e-3 < gains[0] < average and ratios[0] > ratios[1]
    assert choice == 0
    assert _chosen(X, y) == 0


def test_a_gain_below_the_average_by_more_than_1e3_does_not_compete():
    X = pd.DataFrame({"p": list("bbbbbbbbbbaa"), "q": list("babaaabaaabb")})
    y = pd.Series(list("ABAAAABAAABA"), name="y")
    choice, gains, ratios = _weka_choice(X, y)
    average = sum(gains) / 2
    # p has the better ratio, but its gain is 0.009 under the average: q is chosen
    assert average - 1e-2 < gains[0] < average - 1e-3 and ratios[0] > ratios[1]
    assert choice == 1
    assert _chosen(X, y) == 1
    cart = dt.CARTClassifier(criterion="gain_ratio", max_depth=1).fit(X, y).steps_[0]
    assert cart.chosen.feature == 1  # the same filter in CART's gain ratio


@pytest.mark.parametrize("seed", range(6))
def test_the_root_is_c45s_choice_on_random_nominal_data(seed):
    rng = np.random.default_rng(seed)
    n = 30
    X = pd.DataFrame({c: rng.choice(list("abc"), n) for c in "pqrs"})
    y = pd.Series(rng.choice(["A", "B"], n, p=[0.6, 0.4]), name="y")
    assert all((X[c].value_counts() >= 2).sum() >= 2 for c in X)  # every column may split
    choice, gains, _ = _weka_choice(X, y)
    average = sum(gains) / len(gains)
    assert all(abs(g - (average - 1e-3)) > 1e-6 for g in gains)  # no knife edge
    assert _chosen(X, y) == choice
