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
