"""Homework 2's tree format and the walk that compares a student's tree with ID3's.

- :func:`as_nested_dict` leaves a branch without training rows out (the homework's format
  has a branch for every value that occurs in the node's rows).
- The walk stops at three problems, named in the order a student reads the tree (branch
  order, depth first), each word for word from the node's counts worked out by hand.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.exercises.homework.hw2_id3 import (
    _compare_id3,
    _count_leaves,
    _criterion_tables,
    _fresh_id3_cases,
    _hidden_id3_tables,
    _stopping_tables,
    as_nested_dict,
)

# under A = x the rows hold B = p (+, +) and B = q (-): ID3 splits on B there, and the
# branch B = r (a value seen only under A = y) gets no rows
X = pd.DataFrame({"A": ["x", "x", "x", "y", "y", "y"], "B": ["p", "q", "p", "r", "p", "q"]})
y = pd.Series(["+", "-", "+", "-", "-", "-"], name="c")


def test_a_branch_without_rows_is_left_out():
    model = dt.ID3Classifier().fit(X, y)
    (empty,) = [n for n in model.tree_.nodes() if n.n_samples == 0]
    assert empty.depth == 2
    assert as_nested_dict(model) == {"A": {"x": {"B": {"p": "+", "q": "-"}}, "y": "-"}}
    # on B alone every branch has rows: r's one row is '-'
    assert as_nested_dict(dt.ID3Classifier().fit(X[["B"]], y)) == {
        "B": {"p": "+", "q": "-", "r": "-"}
    }
    assert _compare_id3(as_nested_dict(model), X, y) == []
    assert _count_leaves(as_nested_dict(model)) == 3


def test_the_walk_names_three_problems_at_most_in_reading_order():
    Xp, yp = dt.load_play_tennis()
    # five wrong leaves: sunny's two, overcast, rainy's two (each says the other class)
    student = {
        "outlook": {
            "sunny": {"humidity": {"high": "yes", "normal": "no"}},
            "overcast": "no",
            "rainy": {"windy": {"TRUE": "yes", "FALSE": "no"}},
        }
    }
    assert _compare_id3(student, Xp, yp) == [
        "at [humidity = high] (0 yes, 3 no) the leaf says 'yes' but the majority class is 'no'",
        "at [humidity = normal] (2 yes, 0 no) the leaf says 'no' but the majority class is 'yes'",
        "at [outlook = overcast] (4 yes, 0 no) the leaf says 'no' but the majority class is 'yes'",
    ]
    # two wrong leaves only: both are named, and nothing else
    student["outlook"]["sunny"] = {"humidity": {"high": "no", "normal": "yes"}}
    student["outlook"]["overcast"] = "yes"
    assert _compare_id3(student, Xp, yp) == [
        "at [windy = TRUE] (0 yes, 2 no) the leaf says 'yes' but the majority class is 'no'",
        "at [windy = FALSE] (3 yes, 0 no) the leaf says 'no' but the majority class is 'yes'",
    ]


def gain(feature, labels):
    """Information gain in bits, by the textbook formula (independent of dtlearn)."""

    def h(values):
        p = pd.Series(values).value_counts(normalize=True).to_numpy()
        p = p[p > 0]  # a categorical's unused categories count 0 rows
        return float(-(p * np.log2(p)).sum()) + 0.0

    f = np.asarray(feature, dtype=object)
    return h(labels) - sum((f == v).mean() * h(labels[f == v]) for v in pd.unique(f))


def root_split(X, attribute, label):
    """A student's tree that splits the root on ``attribute``, every branch a leaf."""
    return {attribute: {v: label for v in X[attribute].unique()}}


def test_a_wrong_root_choice_names_the_criterion_it_matches():
    Xp, yp = dt.load_play_tennis()
    assert [round(gain(Xp[a], yp), 4) for a in Xp.columns] == [0.2467, 0.0292, 0.1518, 0.0481]
    assert _compare_id3(root_split(Xp, "temperature", "yes"), Xp, yp) == [
        "at [root] (9 yes, 5 no) you split on temperature (gain 0.0292) but outlook has the "
        "largest gain (0.2467) — temperature has the smallest gain: ID3 takes the largest"
    ]
    # humidity is neither the smallest gain nor any other criterion's best: no hint
    assert _compare_id3(root_split(Xp, "humidity", "yes"), Xp, yp) == [
        "at [root] (9 yes, 5 no) you split on humidity (gain 0.1518) but outlook has the "
        "largest gain (0.2467)"
    ]
    (_, G, gy), (_, R, ry), (_, U, uy) = _criterion_tables()
    assert [round(gain(G[a], gy), 4) for a in "ABC"] == [0.0183, 0.1022, 0.0911]
    assert _compare_id3(root_split(G, "C", "+"), G, gy) == [
        "at [root] (4 +, 5 -) you split on C (gain 0.0911) but B has the largest gain "
        "(0.1022) — C has the largest Gini gain: ID3 chooses by the information gain itself "
        "(use the entropy (log2), not the Gini index)"
    ]
    assert _compare_id3(root_split(G, "A", "+"), G, gy) == [
        "at [root] (4 +, 5 -) you split on A (gain 0.0183) but B has the largest gain "
        "(0.1022) — A has the largest split information: ID3 chooses by the information "
        "gain itself (score by the gain, not by how the values spread)"
    ]
    assert [round(gain(R[a], ry), 4) for a in "ABC"] == [0.1589, 0.0488, 0.2044]
    assert _compare_id3(root_split(R, "A", "+"), R, ry) == [
        "at [root] (5 +, 3 -) you split on A (gain 0.1589) but C has the largest gain "
        "(0.2044) — A has the largest gain ratio (C4.5): ID3 chooses by the information gain "
        "itself (do not divide by the split information)"
    ]
    assert [round(gain(U[a], uy), 4) for a in "ABC"] == [0.0924, 0.056, 0.1992]
    assert _compare_id3(root_split(U, "B", "+"), U, uy) == [
        "at [root] (1 +, 7 -) you split on B (gain 0.056) but C has the largest gain "
        "(0.1992) — B has the largest gain with unweighted children: ID3 chooses by the "
        "information gain itself (weight each child's entropy by its share of the rows "
        "|S_v| / |S|)"
    ]


def test_a_split_where_id3_stops_says_why():
    Xp, yp = dt.load_play_tennis()
    student = {
        "outlook": {
            "sunny": {"humidity": {"high": "no", "normal": "yes"}},
            "overcast": {"humidity": {"high": "yes", "normal": "yes"}},
            "rainy": {"windy": {"TRUE": "no", "FALSE": "yes"}},
        }
    }
    assert _compare_id3(student, Xp, yp) == [
        "at [outlook = overcast] (4 yes, 0 no) you split on humidity, but ID3 stops here "
        "(pure node): all rows here have one class, so return that label"
    ]
    (_, Z, zy), (_, W, wy), (_, L, ly) = _stopping_tables()
    inside = Z["C"] == "c0"
    assert [gain(Z[a][inside], zy[inside]) for a in "AB"] == [0.0, 0.0]
    assert _compare_id3({"C": {"c0": {"A": {"a0": "+", "a1": "+"}}, "c1": "-"}}, Z, zy) == [
        "at [C = c0] (4 +, 2 -) you split on A, but ID3 stops here (best gain is 0): every "
        "attribute has information gain 0 here, and the homework's rule is to stop and "
        "return the majority label"
    ]
    assert _compare_id3({"A": {"x": {"A": {"x": "+"}}, "y": "-"}}, L, ly) == [
        "at [A = x] (2 +, 1 -) you split on A, but ID3 stops here (no attribute left)"
    ]
    assert _compare_id3({"A": {"a0": {"A": {"a0": "+"}}, "a1": {"Q": {}}}}, W, wy) == [
        "at [A = a0] you split on 'A', which is already used on this path",
        "at [A = a1] you split on 'Q', which is not an attribute (attributes: ['A', 'B'])",
    ]
    assert _compare_id3({"A": {"a0": {"B": {"b0": "+"}}}}, W, wy) == [
        "at [root] the split on A has no branch for A = a1 (20 rows)",
        "at [A = a0] the split on B has no branch for B = b1 (9 rows)",
    ]


STOPS_ONLY = (
    "the homework's rule stops only when all rows have one class, no attribute is left, "
    "or the best gain is 0"
)


def test_a_leaf_where_id3_splits_names_the_gain_and_the_likely_stop():
    (_, Z, zy), (_, W, wy), _ = _stopping_tables()
    # the weak table: A's gain at the root is 0.0072, below any threshold a student picks
    assert round(gain(W["A"], wy), 4) == 0.0072
    assert _compare_id3("+", W, wy) == [
        f"at [root] (20 +, 20 -) you made a leaf '+', but ID3 splits on A (gain 0.0072): "
        f"{STOPS_ONLY} — a gain threshold above 0 stops too early"
    ]
    # A decides the class, B has gain 0: a stop on B's zero gain
    X = pd.DataFrame({"A": ["a0", "a0", "a1", "a1"], "B": ["b0", "b1", "b0", "b1"]})
    y4 = pd.Series(list("++--"), name="c")
    assert (gain(X["A"], y4), gain(X["B"], y4)) == (1.0, 0.0)
    assert _compare_id3("+", X, y4) == [
        f"at [root] (2 +, 2 -) you made a leaf '+', but ID3 splits on A (gain 1): "
        f"{STOPS_ONLY} — some attribute has gain 0 here, but only the best gain counts"
    ]
    # a gain of 0.379 (>= 0.1) and no attribute of gain 0: no guess
    assert round(gain(Z["C"], zy), 4) == 0.3789
    assert _compare_id3("-", Z, zy) == [
        f"at [root] (4 +, 5 -) you made a leaf '-', but ID3 splits on C (gain 0.3789): {STOPS_ONLY}"
    ]


def test_a_wrong_leaf_label_names_the_majority_and_the_likely_slip():
    (_, Z, zy), _, _ = _stopping_tables()
    # inside C = c0: 4 +, 2 -; '-' is the least common label (the first row is '+')
    assert _compare_id3({"C": {"c0": "-", "c1": "-"}}, Z, zy) == [
        "at [C = c0] (4 +, 2 -) the leaf says '-' but the majority class is '+' — that is "
        "the least common label: value_counts() lists the most common first, so take "
        ".index[0]"
    ]
    # at A = x the rows are -, +, +: '-' is the first row's label (and the least common)
    X = pd.DataFrame({"A": ["x", "x", "x", "y"]})
    y4 = pd.Series(["-", "+", "+", "-"], name="c")
    assert _compare_id3({"A": {"x": "-", "y": "-"}}, X, y4) == [
        "at [A = x] (2 +, 1 -) the leaf says '-' but the majority class is '+' — that is "
        "the label of the node's first row (y.iloc[0]): return the majority label, "
        "y.value_counts().index[0]"
    ]
    # a tie: either label is right, anything else is named against both
    X = pd.DataFrame({"A": ["x", "x", "x", "x", "y"]})
    y5 = pd.Series(["-", "+", "+", "-", "-"], name="c")
    assert _compare_id3({"A": {"x": "+", "y": "-"}}, X, y5) == []
    assert _compare_id3({"A": {"x": "-", "y": "-"}}, X, y5) == []
    assert _compare_id3({"A": {"x": "maybe", "y": "-"}}, X, y5) == [
        "at [A = x] (2 +, 2 -) the leaf says 'maybe' but the majority class is '+ or -'"
    ]


def test_the_hidden_tables_are_the_documented_samples():
    Xc, _ = dt.load_car()
    tables = _hidden_id3_tables(3)
    assert [(label, X.shape) for label, X, _ in tables] == [
        ("car evaluation, 200 rows", (200, 6)),
        ("mushrooms, 150 rows, 5 attributes", (150, 5)),
        ("noisy synthetic data, 60 rows", (60, 4)),
    ]
    (_, C, c), (_, M, m), (_, S, s) = tables
    assert list(C.columns) == list(Xc.columns)
    assert list(M.columns) == ["odor", "spore-print-color", "habitat", "population", "cap-color"]
    assert list(S.columns) == ["X0", "X1", "X2", "X3"]
    for X, labels, name in ((C, c, "class"), (M, m, "class"), (S, s, "y")):
        assert isinstance(labels, pd.Series) and labels.name == name and len(labels) == len(X)
        assert list(X.index) == list(labels.index) == list(range(len(X)))
    assert [set(S[f"X{j}"]) <= set("pqr"[: 2 + j % 2]) for j in range(4)] == [True] * 4
    # the class follows X0 = p or X2 = q, with some labels flipped
    rule = np.where((S["X0"] == "p") | (S["X2"] == "q"), "yes", "no")
    agree = float((rule == s.to_numpy()).mean())
    assert 0.6 < agree < 1.0


def test_the_stopping_tables_hold_what_their_comments_say():
    (l0, Z, z), (l1, W, w), (l2, L, lab) = _stopping_tables()
    assert (l0, l1, l2) == ("zero gain inside C = c0", "a weak first split", "no attribute left")
    # zero gain: under C = c0 (six rows, 4 + and 2 -) every value of A and of B holds
    # + + -, so both gains are 0 there; C = c1 is three '-' rows
    inside = (Z["C"] == "c0").to_numpy()
    assert list(z[inside]) == ["+", "+", "+", "+", "-", "-"]
    assert list(z[~inside]) == ["-", "-", "-"]
    for name in ("A", "B"):
        for v in pd.unique(Z[name][inside]):
            assert sorted(z[inside & (Z[name] == v).to_numpy()]) == ["+", "+", "-"]
        assert abs(gain(Z[name][inside], z[inside])) < 1e-12
    # weak: 40 rows, 20 of each class; A = a0 holds 11 + and 9 -, A = a1 the reverse, B's
    # values hold as many of each class (gain 0); under each value of A, B is perfect
    assert W.shape == (40, 2) and list(W.columns) == ["A", "B"]
    table = pd.crosstab([W["A"], W["B"]], w)
    assert table.to_dict("index") == {
        ("a0", "b0"): {"+": 11, "-": 0},
        ("a0", "b1"): {"+": 0, "-": 9},
        ("a1", "b0"): {"+": 0, "-": 11},
        ("a1", "b1"): {"+": 9, "-": 0},
    }
    p = 11 / 20
    by_hand = 1.0 + p * np.log2(p) + (1 - p) * np.log2(1 - p)
    assert gain(W["A"], w) == pytest.approx(by_hand, abs=1e-12)
    assert round(by_hand, 4) == 0.0072 and abs(gain(W["B"], w)) < 1e-12
    # no attribute left: A = x holds + + -, A = y holds - - + -
    assert list(L.columns) == ["A"] and lab.name == "class"
    assert [list(lab[(L["A"] == v).to_numpy()]) for v in ("x", "y")] == [
        ["+", "+", "-"],
        ["-", "-", "+", "-"],
    ]


def test_attributes_tied_for_the_largest_gain_are_each_right_and_named_together():
    # A and B both split the rows into pure halves (gain 1); C holds + - under each value
    Xt = pd.DataFrame({"A": list("xxyyxy"), "B": list("ppqqpq"), "C": list("uvuvuu")})
    yt = pd.Series(list("++--+-"), name="c")
    assert [gain(Xt[a], yt) for a in "ABC"] == [1.0, 1.0, 0.0]
    assert _compare_id3({"A": {"x": "+", "y": "-"}}, Xt, yt) == []
    assert _compare_id3({"B": {"p": "+", "q": "-"}}, Xt, yt) == []
    assert _compare_id3({"C": {"u": "+", "v": "-"}}, Xt, yt) == [
        "at [root] (3 +, 3 -) you split on C (gain 0) but A / B has the largest gain (1) — "
        "C has the smallest gain: ID3 takes the largest"
    ]


def test_the_fresh_course_case_is_the_rule_with_a_tenth_of_its_labels_flipped():
    """The sealed "course" case: yes when X1 = p or X3 = q, about one label in ten flipped."""
    flipped = rows = 0
    for fresh in range(20):
        (name, X, labels), *more = _fresh_id3_cases("course", fresh)
        assert (name, more, list(X.columns), labels.name) == (
            "fresh",
            [],
            ["X0", "X1", "X2", "X3"],
            "y",
        )
        rule = np.where((X["X1"] == "p") | (X["X3"] == "q"), "yes", "no")
        assert set(labels) <= {"yes", "no"}
        flipped += int((labels.to_numpy() != rule).sum())
        rows += len(labels)
    assert rows == 800
    assert 40 <= flipped <= 120  # 10 % of 800 is 80; a flip-free draw would give 0
