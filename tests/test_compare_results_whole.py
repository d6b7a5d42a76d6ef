"""Every path of compare_number, compare_choice, combine and check_value, as the student sees it.

A check's verdict is its text and its plain data together: the status, the summary, each
case with its ✓ or ✗ and message, and the partial-credit score a grader reads. Each path
(no answer yet, not an option, not a number, not finite, right, a listed mistake, the sign,
rounding, a plain miss) is written out whole here from the documented wording.
"""

import math

import pytest

from dtlearn.exercises.compare import check_value, combine, compare_choice, compare_number

OPTIONS = ["outlook", "humidity", "windy"]


def whole(result):
    return str(result), result.to_dict()


def failed(name, summary, message, call="your answer"):
    text = f"{name}: failed — {summary}\n  ✗ {call}: {message}"
    data = {
        "name": name,
        "status": "failed",
        "summary": summary,
        "score": 0.0,
        "cases": [{"call": call, "passed": False, "message": message}],
    }
    return text, data


def passed(name, message):
    text = f"{name}: passed — right\n  ✓ your answer: {message}"
    data = {
        "name": name,
        "status": "passed",
        "summary": "right",
        "score": 1.0,
        "cases": [{"call": "your answer", "passed": True, "message": message}],
    }
    return text, data


def choice(answer, expected="outlook", **kw):
    return compare_choice(answer, expected, what="the root", options=OPTIONS, **kw)


def test_a_wrong_option_is_a_failed_case_worth_nothing():
    assert whole(choice("windy")) == failed("the root", "not yet right", "'windy' is not the root")
    hinted = choice("Windy ", wrong={"WINDY": "the fewest branches is not the rule"})
    assert whole(hinted) == failed(
        "the root", "not yet right", "'Windy ' — the fewest branches is not the rule"
    )
    # a hint for another option does not reach this one
    other = choice("humidity", wrong={"windy": "the fewest branches is not the rule"})
    assert whole(other) == failed("the root", "not yet right", "'humidity' is not the root")


@pytest.mark.parametrize("answer", ["wind", ["outlook"], 3])
def test_an_answer_outside_the_options_lists_them(answer):
    assert whole(choice(answer)) == failed(
        "the root",
        "not one of the options",
        f"{answer!r} — choose one of: 'outlook', 'humidity', 'windy'",
    )


@pytest.mark.parametrize("answer", [" Outlook", "OUTLOOK"])
def test_a_right_option_ignores_case_and_spaces(answer):
    assert whole(choice(answer)) == passed("the root", repr(answer))
    assert whole(choice(answer, expected={"outlook", "windy"})) == passed("the root", repr(answer))


@pytest.mark.parametrize("answer", [None, ...])
def test_no_answer_yet_has_no_case(answer):
    want = (
        "the root: not yet — put your answer in place of None",
        {
            "name": "the root",
            "status": "not yet",
            "summary": "put your answer in place of None",
            "score": 0.0,
            "cases": [],
        },
    )
    assert whole(choice(answer)) == want
    number = compare_number(answer, 0.94, what="the root")
    assert whole(number) == want


def test_each_path_of_a_number():
    def number(answer, **kw):
        return compare_number(answer, 0.94, what="H", **kw)

    assert whole(number(0.94)) == passed("H", "0.94")
    assert whole(number(0.9449)) == passed("H", "0.9449")
    assert whole(number(0.8)) == failed("H", "not yet right", "0.8 is not H")
    assert whole(number(0.8, wrong={0.8: "that is in nats"})) == failed(
        "H", "not yet right", "0.8 — that is in nats"
    )
    assert whole(number(-0.94)) == failed("H", "not yet right", "-0.94 — the sign is wrong")
    assert whole(compare_number(0.9, 0.9403, what="H")) == failed(
        "H", "not yet right", "0.9 — close, but rounded too early: keep at least three decimals"
    )
    assert whole(number("0.94")) == failed(
        "H", "not a number", "is the text '0.94': write a number, not a string"
    )
    assert whole(number(math.inf)) == failed(
        "H", "not a finite number", "inf — a log of 0 or a division by 0 somewhere?"
    )


def test_combine_keeps_each_answers_verdict_and_gives_partial_credit():
    both = combine([compare_number(0.94, 0.94, what="H"), choice("windy")])
    assert whole(both) == (
        ": failed — 1 of 2 answers not yet right\n  ✗ the root: 'windy' is not the root",
        {
            "name": "",
            "status": "failed",
            "summary": "1 of 2 answers not yet right",
            "score": 0.5,
            "cases": [
                {"call": "H", "passed": True, "message": "0.94"},
                {"call": "the root", "passed": False, "message": "'windy' is not the root"},
            ],
        },
    )
    right = combine([compare_number(0.94, 0.94, what="H"), choice("outlook")])
    assert str(right) == (": passed — all 2 answers right\n  ✓ H: 0.94\n  ✓ the root: 'outlook'")
    assert right.score == 1.0
    waiting = combine([compare_number(0.94, 0.94, what="H"), choice(None)])
    assert (waiting.status, waiting.summary, waiting.score) == (
        "not yet",
        "put your answer in place of None: the root",
        0.0,
    )


def test_check_value_adds_its_hint_after_the_plain_miss():
    assert whole(check_value(0.5, 0.94, "H", hint="use log2")) == failed(
        "H", "not yet right", "0.5 is not H — use log2"
    )
    assert whole(check_value(0.94, 0.94, "H", hint="use log2")) == passed("H", "0.94")
