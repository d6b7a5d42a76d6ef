"""Homework 2's tree format and the walk that compares a student's tree with ID3's.

- :func:`as_nested_dict` leaves a branch without training rows out (the homework's format
  has a branch for every value that occurs in the node's rows).
- The walk stops at three problems, named in the order a student reads the tree (branch
  order, depth first), each word for word from the node's counts worked out by hand.
"""

import pandas as pd

import dtlearn as dt
from dtlearn.exercises.homework.hw2_id3 import _compare_id3, _count_leaves, as_nested_dict

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
