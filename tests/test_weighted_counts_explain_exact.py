"""Explanations of split measures on fractional counts (C4.5's distributed weights), whole.

A contingency table with fractional counts, as C4.5 makes when it spreads a row with a
missing value over the branches: whole-number counts print as integers, fractional ones
with three decimals, weights as fractions of the total, and every impurity is the
textbook one worked out below with ``math.log2`` and ``1 - sum p²``.
"""

import math

import pytest

import dtlearn as dt

COUNTS = [[2, 3], [1.5, 0.25], [0, 4]]
NAMES = dict(values=["sunny", "rainy", "overcast"], classes=["yes", "no"])
TOTAL = 10.75  # 5 + 1.75 + 4


def entropy(row):
    n = sum(row)
    return 0.0 - sum(c / n * math.log2(c / n) for c in row if c)


def gini(row):
    n = sum(row)
    return 1 - sum((c / n) ** 2 for c in row)


TABLE = """\
  A        | n     | yes   | no    | weight     | {col}
  sunny    |     5 |     2 |     3 | 5/10.75    | {a}
  rainy    | 1.750 | 1.500 | 0.250 | 1.75/10.75 | {b}
  overcast |     4 |     0 |     4 | 4/10.75    | {c}"""


def table(col, values):
    width = len(col)
    a, b, c = (f"{v:.3f}".rjust(width) for v in values)
    return TABLE.format(col=col, a=a, b=b, c=c)


def test_hand_numbers():
    # the literals below, worked out by hand
    assert [round(entropy(r), 3) for r in COUNTS] == [0.971, 0.592, 0.0]
    assert [round(gini(r), 3) for r in COUNTS] == [0.48, 0.245, 0.0]
    assert round(entropy([3.5, 7.25]), 3) == 0.910
    assert round(gini([3.5, 7.25]), 3) == 0.439


def test_mean_info_explained():
    m = dt.mean_info(counts=COUNTS, **NAMES)
    want = sum(sum(r) / TOTAL * entropy(r) for r in COUNTS)
    assert float(m) == pytest.approx(want, rel=1e-12)
    assert str(m.explain()) == "\n".join(
        [
            table("H(child)", [entropy(r) for r in COUNTS]),
            "H(S | A) = sum_v |S_v|/|S| · H(S_v)",
            "         = 5/10.75·0.971 + 1.75/10.75·0.592 + 4/10.75·0.000",
            "         = 0.548 bits",
        ]
    )


def test_information_gain_explained():
    m = dt.information_gain(counts=COUNTS, **NAMES)
    want = entropy([3.5, 7.25]) - sum(sum(r) / TOTAL * entropy(r) for r in COUNTS)
    assert float(m) == pytest.approx(want, rel=1e-12)
    assert str(m.explain()) == "\n".join(
        [
            "H(S) = 0.910 bits   (3.50 yes / 7.25 no)",
            table("H(child)", [entropy(r) for r in COUNTS]),
            "mean info = 5/10.75·0.971 + 1.75/10.75·0.592 + 4/10.75·0.000 = 0.548",
            "gain      = 0.910 - 0.548 = 0.362 bits",
        ]
    )


def test_gini_gain_explained():
    m = dt.gini_gain(counts=COUNTS, **NAMES)
    want = gini([3.5, 7.25]) - sum(sum(r) / TOTAL * gini(r) for r in COUNTS)
    assert float(m) == pytest.approx(want, rel=1e-12)
    assert str(m.explain()) == "\n".join(
        [
            "Gini(S) = 0.439   (3.50 yes / 7.25 no)",
            table("Gini(child)", [gini(r) for r in COUNTS]),
            "mean Gini = 5/10.75·0.480 + 1.75/10.75·0.245 + 4/10.75·0.000 = 0.263",
            "Gini gain = 0.439 - 0.263 = 0.176",
        ]
    )


def test_whole_counts_print_as_integers_and_fractions_as_floats():
    m = dt.mean_info(counts=COUNTS, **NAMES)
    rows = m.explain().lines[0].rows  # the child table comes first
    assert [tuple(type(v) for v in row[1:4]) for row in rows] == [
        (int, int, int),
        (float, float, float),
        (int, int, int),
    ]
    assert [row[1:4] for row in rows] == [(5, 2, 3), (1.75, 1.5, 0.25), (4, 0, 4)]


@pytest.mark.parametrize("which", ["X", "y", "both"])
def test_reduced_error_prune_needs_both_validation_parts(which):
    X, y = dt.load_play_tennis()
    model = dt.ID3Classifier().fit(X, y)
    X_val = None if which in ("X", "both") else X
    y_val = None if which in ("y", "both") else y
    with pytest.raises(ValueError, match=r"^X_val and y_val are needed \(validation data\)$"):
        dt.reduced_error_prune(model, X_val, y_val)
