"""Homework 2's calls as the student reads them, on a stand-in grading child (no process).

Each course case is named ``id3(<table: N rows>)`` with its row count (play-tennis 14,
restaurant 12, contact lenses 24); a call that recursed without end gets the advice to
drop the attribute split on, and stops the part; ``None`` and a dtlearn model get their
own sentences.
"""

import dtlearn as dt
from dtlearn.exercises.homework.hw2_id3 import check_id3
from dtlearn.exercises.homework.jail_client import Budget, RemoteFunction
from dtlearn.exercises.results import Case

CALLS = [
    "id3(<play-tennis: 14 rows>)",
    "id3(<restaurant: 12 rows>)",
    "id3(<contact lenses: 24 rows>)",
]


class StandIn:
    def __init__(self, answer):
        self.answer = answer
        self.whole = Budget(60)
        self.args = []

    def call(self, name, args):
        self.args.append(args)
        return self.answer


def run(answer):
    jail = StandIn(answer)
    return check_id3(RemoteFunction(jail, "id3"), part="course", seed=0), jail


def test_an_endless_recursion_gets_the_advice_and_stops_the_part():
    result, jail = run({"kind": "recursion", "message": "called itself too many times"})
    assert result.cases == (
        Case(
            CALLS[0],
            False,
            "called itself too many times Remove the attribute you split on before "
            "recursing, and stop when the rows are pure or no attribute is left.",
        ),
    )
    X, y, attributes = jail.args[0]
    assert (len(X), len(y), attributes) == (14, 14, list(X.columns))


def test_none_is_named_in_every_case():
    result, _ = run({"kind": "value", "value": {"t": "none"}})
    assert result.cases == tuple(
        Case(call, False, "id3 returned None — did you forget `return`?") for call in CALLS
    )


def test_a_tree_or_a_model_is_not_the_nested_dicts_asked_for():
    tree = dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_
    result, _ = run({"kind": "value", "value": {"t": "tree", "v": tree.to_json()}})
    assert {c.message for c in result.cases} == {
        "return nested dicts {attribute: {value: subtree}}, not a dtlearn model or Tree"
    }
    assert [c.call for c in result.cases] == CALLS


def test_other_answers_of_the_child_reach_the_student_as_they_are():
    result, jail = run({"kind": "error", "message": "raised KeyError: 'outlook'"})
    assert [c.message for c in result.cases] == ["raised KeyError: 'outlook'"] * 3
    assert len(jail.args) == 3  # an error does not stop the part


#: Quinlan's ID3 tree of play-tennis (Machine Learning 1, 1986, figure 2)
TENNIS = {
    "outlook": {
        "sunny": {"humidity": {"high": "no", "normal": "yes"}},
        "overcast": "yes",
        "rainy": {"windy": {"TRUE": "no", "FALSE": "yes"}},
    }
}


def test_the_nested_dicts_of_id3_on_play_tennis_are_quinlans_tree():
    from dtlearn.exercises.homework.hw2_id3 import as_nested_dict

    assert as_nested_dict(dt.ID3Classifier().fit(*dt.load_play_tennis())) == TENNIS
    # one level: each outlook's majority (sunny 3 no 2 yes, rainy 3 yes 2 no)
    stump = dt.ID3Classifier(max_depth=1).fit(*dt.load_play_tennis())
    assert as_nested_dict(stump) == {"outlook": {"sunny": "no", "overcast": "yes", "rainy": "yes"}}


def test_the_right_tree_is_named_with_its_leaf_count():
    from dtlearn.exercises.homework.jail_child import plain

    result, _ = run({"kind": "value", "value": plain(TENNIS)})
    assert result.cases[0] == Case(CALLS[0], True, "same tree as ID3 (5 leaves)")
    assert [c.passed for c in result.cases] == [True, False, False]


def test_a_node_is_described_by_its_path_and_counts():
    import numpy as np

    from dtlearn.exercises.homework.hw2_id3 import _count_leaves, _describe_node

    assert _describe_node("outlook=sunny", np.array([3.0, 2.0]), ["no", "yes"]) == (
        "at [outlook=sunny] (3 no, 2 yes)"
    )
    assert _describe_node("root", np.array([2.5, 0.0]), ["a", "b"]) == "at [root] (2.5 a, 0 b)"
    assert _count_leaves(TENNIS) == 5 and _count_leaves("yes") == 1
