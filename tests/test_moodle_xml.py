"""Moodle XML of a two-question, two-variant exam, read back with ElementTree.

Moodle's import format (docs.moodle.org, "Moodle XML format"): a category entry per
question type, then its variants; a numerical question has one answer at fraction 100
with its tolerance; a multichoice question with ``<single>true</single>`` has its right
choice at 100 and the others at 0. Everything expected here follows from that format and
from the questions written below.
"""

import base64
import xml.etree.ElementTree as ET
from types import SimpleNamespace

from dtlearn.exams.moodle import moodle_xml, question_html
from dtlearn.exams.question import Question, Table


def _exam():
    def numeric(answer):
        return Question(
            "entropy",
            "H",
            "H of 9 yes, 5 no?",
            answer=answer,
            tolerance=0.005,
            solution="H = 0.940 <bits>",
            tables=(Table(("class", "n"), (("yes", "9"), ("no", "5"))),),
        )

    def choice(answer):
        return Question(
            "root",
            "root",
            "which attribute?",
            answer=answer,
            choices=("outlook", "windy"),
            picture="<svg>t</svg>",
        )

    return SimpleNamespace(
        title="Exam 1",
        variants={"A": [numeric(0.94), choice("outlook")], "B": [numeric(0.5), choice("windy")]},
    )


def test_categories_then_variants_in_order():
    quiz = ET.fromstring(moodle_xml(_exam()))
    kinds = [
        (q.get("type"), (q.findtext("category/text") or q.findtext("name/text"))) for q in quiz
    ]
    assert kinds == [
        ("category", "$course$/top/Exam 1/01 entropy"),
        ("numerical", "entropy A"),
        ("numerical", "entropy B"),
        ("category", "$course$/top/Exam 1/02 root"),
        ("multichoice", "root A"),
        ("multichoice", "root B"),
    ]


def test_numerical_answer_and_tolerance_and_escaped_solution():
    quiz = ET.fromstring(moodle_xml(_exam()))
    first = quiz[1]
    answers = first.findall("answer")
    assert [(a.get("fraction"), a.findtext("text"), a.findtext("tolerance")) for a in answers] == [
        ("100", "0.94", "0.005")
    ]
    assert first.findtext("generalfeedback/text") == "<pre>H = 0.940 &lt;bits&gt;</pre>"
    assert quiz[2].find("answer").findtext("text") == "0.5"
    assert first.findtext("questiontext/text") == (
        '<p>H of 9 yes, 5 no?</p><table border="1" cellpadding="3" '
        'style="border-collapse:collapse"><tr><th>class</th><th>n</th></tr>'
        "<tr><td>yes</td><td>9</td></tr><tr><td>no</td><td>5</td></tr></table>"
    )


def test_multichoice_marks_the_right_choice_of_each_variant():
    quiz = ET.fromstring(moodle_xml(_exam()))
    for question, right in ((quiz[4], "outlook"), (quiz[5], "windy")):
        assert question.findtext("single") == "true"
        assert [(a.get("fraction"), a.findtext("text")) for a in question.findall("answer")] == [
            ("100" if c == right else "0", c) for c in ("outlook", "windy")
        ]


def test_the_picture_travels_as_a_file_named_after_the_question():
    quiz = ET.fromstring(moodle_xml(_exam()))
    text = quiz[4].find("questiontext")
    file = text.find("file")
    assert (file.get("name"), file.get("path"), file.get("encoding")) == (
        "root-A.svg",
        "/",
        "base64",
    )
    assert base64.b64decode(file.text).decode() == "<svg>t</svg>"
    assert '<img src="@@PLUGINFILE@@/root-A.svg" alt="the tree"' in text.findtext("text")


def test_a_table_without_caption_has_no_caption_element():
    q = Question(
        "k",
        "t",
        "p",
        answer=1.0,
        tables=(Table(("a",), (("1",),)), Table(("b",), (("2",),), "counts")),
    )
    assert question_html(q) == (
        '<p>p</p><table border="1" cellpadding="3" style="border-collapse:collapse">'
        "<tr><th>a</th></tr><tr><td>1</td></tr></table>"
        '<table border="1" cellpadding="3" style="border-collapse:collapse">'
        "<caption>counts</caption><tr><th>b</th></tr><tr><td>2</td></tr></table>"
    )
