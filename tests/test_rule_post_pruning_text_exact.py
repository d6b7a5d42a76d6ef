"""Rule post-pruning's texts and tables, whole, on rules worked by hand.

The ID3 play-tennis tree's five rules are pruned on the seven odd rows (sunny/high/no,
rainy/yes, rainy/TRUE/no, sunny/high/no, rainy/FALSE/yes, overcast/yes, rainy/TRUE/no). By
hand: rule 1 (sunny AND humidity high -> no) covers the two sunny rows, both right; without
"outlook = sunny" it covers the five high-humidity rows, three "no" (0.600, worse); without
"humidity = high" it covers the same two sunny rows (1.000, no worse): that precondition goes.
Rules are then sorted by validation accuracy, then coverage, then tree order; a rule that
covers no validation row goes last.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.pruning.rule_post_pruning import Rule, rule_post_prune, rules_from_tree


@pytest.fixture(scope="module")
def tennis_rules():
    X, y = dt.load_play_tennis()
    return rule_post_prune(dt.ID3Classifier().fit(X, y), X[1::2], y[1::2])


STEPS_TABLE = (
    "rule post-pruning: 5 rules, 1 preconditions dropped\n"
    "  rule | before                                                   | dropped         "
    "| val correct before | val correct after\n"
    "     1 | IF outlook = sunny AND humidity = high THEN play = no    | humidity = high "
    "| 2/2                | 2/2\n"
    "     1 | IF outlook = sunny THEN play = no                        | (stop)          "
    "| 2/2                | 2/2\n"
    "     2 | IF outlook = sunny AND humidity = normal THEN play = yes | (stop)          "
    "| 0/0                | 0/0\n"
    "     3 | IF outlook = overcast THEN play = yes                    | (stop)          "
    "| 1/1                | 1/1\n"
    "     4 | IF outlook = rainy AND windy = TRUE THEN play = no       | (stop)          "
    "| 2/2                | 2/2\n"
    "     5 | IF outlook = rainy AND windy = FALSE THEN play = yes     | (stop)          "
    "| 2/2                | 2/2"
)

RULES = (
    " 1. IF outlook = sunny THEN play = no  [validation 2/2]\n"
    " 2. IF outlook = rainy AND windy = TRUE THEN play = no  [leaf 2/2, validation 2/2]\n"
    " 3. IF outlook = rainy AND windy = FALSE THEN play = yes  [leaf 3/3, validation 2/2]\n"
    " 4. IF outlook = overcast THEN play = yes  [leaf 4/4, validation 1/1]\n"
    " 5. IF outlook = sunny AND humidity = normal THEN play = yes  [leaf 2/2, validation 0/0]\n"
    "    ELSE play = yes"
)


def test_the_result_prints_its_steps_then_its_sorted_rules(tennis_rules):
    assert str(tennis_rules) == STEPS_TABLE + "\n\n" + RULES
    assert repr(tennis_rules.table()) == STEPS_TABLE
    assert str(tennis_rules.ruleset) == RULES
    assert tennis_rules.summary() == (
        "5 rules, 1 preconditions dropped; rules sorted by validation accuracy"
    )


def test_each_step_says_what_it_dropped_and_why(tennis_rules):
    steps = list(tennis_rules.steps)
    assert [str(s) for s in steps] == [
        "rule 1: drop 'humidity = high' from IF outlook = sunny AND humidity = high THEN "
        "play = no: 2/2 = 1.000 -> 2/2 = 1.000",
        "rule 1: IF outlook = sunny THEN play = no  [2/2] final (no drop keeps the accuracy)",
        "rule 2: IF outlook = sunny AND humidity = normal THEN play = yes  [0/0] final "
        "(covers no validation row)",
        "rule 3: IF outlook = overcast THEN play = yes  [1/1] final (no drop keeps the accuracy)",
        "rule 4: IF outlook = rainy AND windy = TRUE THEN play = no  [2/2] final "
        "(no drop keeps the accuracy)",
        "rule 5: IF outlook = rainy AND windy = FALSE THEN play = yes  [2/2] final "
        "(no drop keeps the accuracy)",
    ]
    assert [s.reason for s in steps[:3]] == [
        "drop 'humidity = high': 2/2 correct → 2/2 correct, the accuracy does not fall",
        "no drop keeps the accuracy (2/2 correct)",
        "covers no validation row",
    ]
    assert [(s.node_id, s.action, s.dropped) for s in steps[:3]] == [
        (1, "condition dropped", "humidity = high"),
        (1, "final", None),
        (2, "final", None),
    ]
    assert steps[0].before == steps[0].after == {"covered": 2, "correct": 2, "errors": 0}
    assert steps[2].before == {"covered": 0, "correct": 0, "errors": 0}


def test_a_steps_candidates_are_the_hand_counted_drops(tennis_rules):
    first = tennis_rules.steps[0]
    assert repr(first.candidates) == (
        "rule 1: IF outlook = sunny AND humidity = high THEN play = no\n"
        "  drop            | rule                                                  "
        "| covered | correct | accuracy\n"
        "  (nothing)       | IF outlook = sunny AND humidity = high THEN play = no "
        "|       2 |       2 |    1.000\n"
        "  outlook = sunny | IF humidity = high THEN play = no                     "
        "|       5 |       3 |    0.600\n"
        "* humidity = high | IF outlook = sunny THEN play = no                     "
        "|       2 |       2 |    1.000"
    )
    data = first.to_dict()
    assert (data["kind"], data["subject"], data["rule_number"]) == ("rule", "rule", 1)
    assert data["rule_before"] == "IF outlook = sunny AND humidity = high THEN play = no"
    assert data["rule_after"] == "IF outlook = sunny THEN play = no"
    assert data["candidates"]["highlight_row"] == 2
    assert data["candidates"]["rows"][1] == [
        "outlook = sunny",
        "IF humidity = high THEN play = no",
        5,
        3,
        0.6,
    ]


def test_the_ruleset_table_leaves_blank_what_was_not_measured(tennis_rules):
    assert repr(tennis_rules.ruleset.table(highlight=0)) == (
        "  # | rule                                                     | val covered "
        "| val correct | val accuracy\n"
        "* 1 | IF outlook = sunny THEN play = no                        | 2           "
        "| 2           | 1.000\n"
        "  2 | IF outlook = rainy AND windy = TRUE THEN play = no       | 2           "
        "| 2           | 1.000\n"
        "  3 | IF outlook = rainy AND windy = FALSE THEN play = yes     | 2           "
        "| 2           | 1.000\n"
        "  4 | IF outlook = overcast THEN play = yes                    | 1           "
        "| 1           | 1.000\n"
        "  5 | IF outlook = sunny AND humidity = normal THEN play = yes | 0           "
        "| 0           |\n"
        "    | ELSE play = yes                                          |             "
        "|             |"
    )
    data = tennis_rules.ruleset.to_dict()
    assert data["default"] == "yes"
    assert data["rules"][0] == "IF outlook = sunny THEN play = no"


def test_the_pruned_rules_predict_as_read_by_hand(tennis_rules):
    X, y = dt.load_play_tennis()
    # sunny -> no, rainy TRUE -> no, rainy FALSE -> yes, overcast -> yes
    expected = np.where(
        X["outlook"] == "sunny",
        "no",
        np.where((X["outlook"] == "rainy") & (X["windy"] == "TRUE"), "no", "yes"),
    )
    assert tennis_rules.predict(X).tolist() == expected.tolist()
    assert tennis_rules.score(X, y) == pytest.approx(np.mean(expected == np.asarray(y)))


# ------------------------------------------------------------------ rules of unseen values
def test_fallback_rules_say_which_test_cannot_be_answered():
    X, y = dt.load_play_tennis(numeric=True)
    rules = rules_from_tree(dt.CARTClassifier(max_depth=2).fit(X, y))
    assert [r.text for r in rules.fallback] == [
        "IF outlook not in {sunny, overcast, rainy} THEN play = yes",
        "IF outlook in {sunny, rainy} AND humidity unknown THEN play = yes",
    ]
    X = np.array([[0, 0], [1, 1], [2, 0], [0, 2], [3, 3], [1, 0]], dtype=float)
    oblique = dt.ObliqueTreeClassifier(max_depth=1).fit(X, ["a", "b", "b", "b", "b", "a"])
    assert oblique.tree_.root.split.kind == "oblique"
    assert [r.text for r in rules_from_tree(oblique).fallback] == [
        "IF linear test unknown THEN class = b"
    ]


def test_a_distributing_tree_has_no_fallback_rules():
    X, y = dt.load_vote()
    rules = rules_from_tree(dt.C45Classifier().fit(X, y))
    assert rules.fallback == ()


# ------------------------------------------------------------------ one rule by hand
def test_a_rule_read_from_text_counts_and_simplifies_as_by_hand():
    X, y = dt.load_play_tennis()
    rule = Rule.from_text("IF outlook = sunny AND humidity = high THEN play = no", X, "decision")
    assert (rule.text, rule.target_name, rule.label) == (
        "IF outlook = sunny AND humidity = high THEN decision = no",
        "decision",
        "no",
    )
    assert rule._repr_html_() == (
        "<code>IF outlook = sunny AND humidity = high THEN decision = no</code>"
    )
    assert np.isnan(rule.val_accuracy)
    # sunny and high: rows 1, 2 and 8, all "no"; high: 7 rows, 4 "no"; sunny: 5 rows, 3 "no"
    assert rule.accuracy(X, y) == (3, 3)
    assert repr(rule.simplifications(X, y)) == (
        "candidate simplifications of IF outlook = sunny AND humidity = high THEN decision = no\n"
        "  drop            | rule                                                      "
        "| covered | correct | accuracy\n"
        "  (nothing)       | IF outlook = sunny AND humidity = high THEN decision = no "
        "|       3 |       3 |    1.000\n"
        "  outlook = sunny | IF humidity = high THEN decision = no                     "
        "|       7 |       4 |    0.571\n"
        "  humidity = high | IF outlook = sunny THEN decision = no                     "
        "|       5 |       3 |    0.600"
    )
    always = Rule.from_text("IF TRUE THEN yes", X)
    assert always.text == "IF TRUE THEN class = yes" and always.accuracy(X, y) == (9, 14)
    counted = Rule(rule.conditions, "no", rule.schema, "play", 3.0, 3.0, 2, 2)
    shorter = counted.without(0)
    assert shorter.text == "IF humidity = high THEN play = no"
    assert (shorter.train_covered, shorter.train_correct) == (3.0, 3.0)
    assert (shorter.val_covered, shorter.val_correct) == (None, None)
    assert counted.val_accuracy == 1.0


def test_rule_inputs_are_checked_with_their_names():
    X, y = dt.load_play_tennis()
    rule = Rule.from_text("IF outlook = sunny THEN no", X)
    with pytest.raises(ValueError) as info:
        rule.accuracy(X, y[:3])
    assert str(info.value) == "y has 3 labels but there are 14 rows"
    with pytest.raises(ValueError) as info:
        Rule.from_text("outlook = sunny", X)
    assert str(info.value) == "text: expected 'IF ... THEN label', got 'outlook = sunny'"
    regression = Rule.from_text(
        "IF x <= 1 THEN target = 2.5  (mean of 3 training rows)", pd.DataFrame({"x": [0.0, 2.0]})
    )
    assert regression.label == 2.5 and regression.target_name == "target"


def test_steps_read_like_a_tuple_and_states_replay_the_drops(tennis_rules):
    steps = tennis_rules.steps
    assert len(steps) == 6
    assert (steps[-1].rule_number, steps[-6].rule_number) == (5, 1)
    assert [s.rule_number for s in steps[1:3]] == [1, 2]
    for k in (6, -7):
        with pytest.raises(IndexError) as info:
            steps[k]
        assert str(info.value) == f"step {k} of 6"
    assert steps == tuple(steps) and steps != list(steps)
    assert repr(steps) == repr(tuple(steps))
    assert [r.text for r in tennis_rules.state_after(0)] == [r.text for r in tennis_rules.original]
    assert [r.text for r in tennis_rules.state_after(1)][:2] == [
        "IF outlook = sunny THEN play = no",
        "IF outlook = sunny AND humidity = normal THEN play = yes",
    ]
    assert tennis_rules.state_after(6) is tennis_rules.ruleset
    assert tennis_rules._repr_html_().endswith("<pre>" + RULES + "</pre>")
