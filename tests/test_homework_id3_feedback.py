"""Homework 2's feedback on a student's ID3 tree (nested dicts), word for word.

Play tennis's ID3 tree is Quinlan's: outlook at the root (gain 0.2467), humidity under
sunny (2 yes, 3 no; gain 0.971), windy under rainy (3 yes, 2 no; gain 0.971). Small
tables built here give the other cases: a best gain of 0.02 (H(2, 3) - 0.4·1 - 0.6·H(2, 1)),
an attribute of gain 0 beside one of gain 1, and a leaf with three classes."""

import pandas as pd

import dtlearn as dt
from dtlearn.exercises.homework.hw2_id3 import _compare_id3

RULE = (
    "the homework's rule stops only when all rows have one class, no attribute is left, or "
    "the best gain is 0"
)
QUINLAN = {
    "outlook": {
        "sunny": {"humidity": {"high": "no", "normal": "yes"}},
        "overcast": "yes",
        "rainy": {"windy": {"FALSE": "yes", "TRUE": "no"}},
    }
}


def frame(**columns):
    return pd.DataFrame({k: pd.Series(v, dtype="category") for k, v in columns.items()})


def test_quinlans_tree_has_no_problem():
    assert _compare_id3(QUINLAN, *dt.load_play_tennis()) == []


def test_a_leaf_where_id3_splits():
    X, y = dt.load_play_tennis()
    assert _compare_id3("yes", X, y) == [
        f"at [root] (9 yes, 5 no) you made a leaf 'yes', but ID3 splits on outlook "
        f"(gain 0.2467): {RULE}"
    ]
    rainy_leaf = {"outlook": {**QUINLAN["outlook"], "rainy": "yes"}}
    assert _compare_id3(rainy_leaf, X, y) == [
        f"at [outlook = rainy] (3 yes, 2 no) you made a leaf 'yes', but ID3 splits on windy "
        f"(gain 0.971): {RULE}"
    ]


def test_a_wrong_leaf_label_and_missing_branches():
    X, y = dt.load_play_tennis()
    tree = {"outlook": {**QUINLAN["outlook"], "overcast": "no", "rainy": {"windy": {}}}}
    assert _compare_id3(tree, X, y) == [
        "at [outlook = overcast] (4 yes, 0 no) the leaf says 'no' but the majority class is 'yes'",
        "at [outlook = rainy] the split on windy has no branch for windy = FALSE (3 rows)",
        "at [outlook = rainy] the split on windy has no branch for windy = TRUE (2 rows)",
    ]


def test_a_split_on_the_wrong_attribute_and_a_malformed_node():
    X, y = dt.load_play_tennis()
    assert _compare_id3({"humidity": {"high": "no", "normal": "yes"}}, X, y) == [
        "at [root] (9 yes, 5 no) you split on humidity (gain 0.1518) but outlook has the "
        "largest gain (0.2467)"
    ]
    assert _compare_id3({"outlook": "x", "b": 1}, X, y) == [
        "at [root] a node must look like {attribute: {value: subtree}} with one attribute; "
        "got a dict with keys ['outlook', 'b']"
    ]


def test_a_small_best_gain_is_still_a_split():
    X = frame(a=list("ppqqq"))
    y = pd.Series(["yes", "no", "yes", "no", "yes"], name="c")
    assert _compare_id3("yes", X, y) == [
        f"at [root] (2 no, 3 yes) you made a leaf 'yes', but ID3 splits on a (gain 0.02): "
        f"{RULE} — a gain threshold above 0 stops too early"
    ]


def test_a_gain_of_0_elsewhere_does_not_stop_the_node():
    X = frame(a=list("ppqq"), b=list("uvuv"))
    y = pd.Series(["yes", "yes", "no", "no"], name="c")
    assert _compare_id3("yes", X, y) == [
        f"at [root] (2 no, 2 yes) you made a leaf 'yes', but ID3 splits on a (gain 1): "
        f"{RULE} — some attribute has gain 0 here, but only the best gain counts"
    ]


def test_a_leafs_label_is_its_majority():
    X = frame(a=list("ppppp"))  # no attribute to split on: one leaf
    y = pd.Series(["no", "yes", "yes", "yes", "maybe"], name="c")
    assert _compare_id3("yes", X, y) == []
    here = "at [root] (1 maybe, 1 no, 3 yes)"
    assert _compare_id3("no", X, y) == [
        f"{here} the leaf says 'no' but the majority class is 'yes' — that is the label of the "
        "node's first row (y.iloc[0]): return the majority label, y.value_counts().index[0]"
    ]
    assert _compare_id3("maybe", X, y) == [
        f"{here} the leaf says 'maybe' but the majority class is 'yes' — that is the least "
        "common label: value_counts() lists the most common first, so take .index[0]"
    ]
