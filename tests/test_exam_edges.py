"""Exams at their edges: answers on the tolerance, the writers' fields, rosters, the bank's draws.

The QTI source is read back by text2qti itself (what Canvas's zip is made from), the Moodle
XML with ElementTree against Moodle's documented import format, the Typst source by its
structure (one page per sheet, the student named); the bank's draws are checked against
the rules the questions state (a score well above its tolerance, a tolerance finer than
the decimals asked).
"""

import html
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import numpy as np
import pytest

from dtlearn.exams import bank_trees
from dtlearn.exams.exam import Student, make_exam, read_roster
from dtlearn.exams.moodle import moodle_xml
from dtlearn.exams.question import Question, Table


def _numeric(answer=0.94, prompt="H of 9-yes?"):
    return Question(
        "entropy",
        "H",
        prompt,
        answer=answer,
        tolerance=0.005,
        solution="H = 0.940\n= x",
        tables=(Table(("class", "n"), (("yes", "9"), ("no", "5")), "counts"),),
    )


def _choice(answer="b-x", prompt="which?"):
    return Question("root", "root", prompt, answer=answer, choices=("a", "b-x"))


def _exam():
    return SimpleNamespace(
        title="Exam 1",
        variants={
            "A": [_numeric(), _choice()],
            "B": [_numeric(0.5, "H of 7-yes?"), _choice("a", "which one?")],
        },
    )


# ------------------------------------------------------------------ Question
def test_an_answer_exactly_on_the_tolerance_is_right():
    q = Question("t", "t", "p", answer=0.25, tolerance=0.25)  # both exact in binary
    assert q.accepts(0.5) and q.accepts(0.0) and not q.accepts(0.5000001)
    # 0.502 - 0.5 is 0.0020000000000000018 in binary: still on the tolerance
    assert Question("t", "t", "p", answer=0.5, tolerance=0.002).accepts(0.502)


def test_a_choice_answer_must_be_one_of_the_choices():
    with pytest.raises(ValueError, match=r"answer 'c' is not one of the choices \('a', 'b'\)"):
        Question("t", "t", "p", answer="c", choices=("a", "b"))
    with pytest.raises(ValueError, match="tolerance must be >= 0, got -0.1"):
        Question("t", "t", "p", answer=1.0, tolerance=-0.1)


# ------------------------------------------------------------------ QTI (text2qti reads it back)
def test_text2qti_reads_the_answers_tables_and_choices_back():
    pytest.importorskip("text2qti")
    from text2qti.config import Config
    from text2qti.quiz import Quiz

    from dtlearn.exams.qti import text2qti_source

    pictures = {}
    quiz = Quiz(text2qti_source(_exam(), pictures), config=Config(), source_name="q.txt")
    questions = [x for x in quiz.questions_and_delims if type(x).__name__ == "Question"]
    # variant B's numeric question differs (0.5), its choice question too (answer a)
    assert [q.title_raw for q in questions] == ["entropy A", "entropy B", "root A", "root B"]
    a, b = questions[0], questions[1]
    assert a.type == "numerical_question"
    assert (a.numerical_exact, a.numerical_min, a.numerical_max) == pytest.approx(
        (0.94, 0.935, 0.945)
    )
    assert (b.numerical_exact, b.numerical_min, b.numerical_max) == pytest.approx(
        (0.5, 0.495, 0.505)
    )
    text = html.unescape(a.question_html_xml)
    assert "<p>H of 9-yes?</p>" in text
    assert "<em>counts</em>" in text
    assert "<th>class</th>" in text and "<th>n</th>" in text
    assert "<td>yes</td>" in text and "<td>5</td>" in text
    assert "H = 0.940\n= x" in html.unescape(a.feedback_html_xml)
    root_a, root_b = questions[2], questions[3]
    assert [(html.unescape(c.choice_html_xml), c.correct) for c in root_a.choices] == [
        ("<p>a</p>", False),
        ("<p>b-x</p>", True),
    ]
    assert [c.correct for c in root_b.choices] == [True, False]
    assert pictures == {}


def test_the_question_text_starts_at_a_fixed_column():
    from dtlearn.exams.qti import text2qti_source

    source = text2qti_source(_exam(), {})
    assert "\n1.  H of 9-yes?\n" in source
    assert "\n    | class | n |\n    |---|---|\n" in source
    assert "\n=   0.94 +- 0.005\n" in source and "\n*b) b-x\n" in source


# ------------------------------------------------------------------ Moodle XML
def test_moodle_fields_of_the_documented_format():
    root = ET.fromstring(moodle_xml(_exam()))
    categories = [q.find("category/text").text for q in root.findall("question[@type='category']")]
    assert categories == ["$course$/top/Exam 1/01 entropy", "$course$/top/Exam 1/02 root"]
    numeric = root.findall("question[@type='numerical']")
    assert [q.find("penalty").text for q in numeric] == ["0.3333333"] * 2
    assert [q.find("defaultgrade").text for q in numeric] == ["1.0000000"] * 2
    assert [q.find("answer/tolerance").text for q in numeric] == ["0.005"] * 2
    choice = root.findall("question[@type='multichoice']")
    assert [q.find("single").text for q in choice] == ["true", "true"]
    assert [q.find("shuffleanswers").text for q in choice] == ["true", "true"]
    fractions = [[a.get("fraction") for a in q.findall("answer")] for q in choice]
    assert fractions == [["0", "100"], ["100", "0"]]
    text = numeric[0].find("questiontext/text").text
    assert "<caption>counts</caption>" in text
    assert "<tr><th>class</th><th>n</th></tr><tr><td>yes</td><td>9</td></tr>" in text


# ------------------------------------------------------------------ rosters and variants
def test_variants_must_be_a_positive_integer():
    with pytest.raises(ValueError, match="variants must be a positive integer, got 0"):
        make_exam(["ada"], ["entropy"], variants=0)
    assert len(make_exam(["ada", "bob"], ["entropy"], variants=1).variants) == 1


def test_a_roster_with_an_empty_id_is_refused(tmp_path):
    path = tmp_path / "roster.csv"
    path.write_text("id,name\nada,Ada\n  ,Nobody\n", encoding="utf-8")
    with pytest.raises(ValueError, match="roster ids must be non-empty and unique"):
        read_roster(path)
    path.write_text("id,name\n ada ,Ada L.\n", encoding="utf-8")
    (student,) = read_roster(path)
    assert (student.id, student.name) == ("ada", "Ada L.")


def test_variant_codes_are_six_hex_digits():
    exam = make_exam(["ada", "bob", "cy"], ["entropy"], exam_seed="s")
    codes = [sheet.variant for sheet in exam.sheets]
    assert all(len(c) == 6 and set(c) <= set("0123456789ABCDEF") for c in codes)
    assert len(set(codes)) == 3


# ------------------------------------------------------------------ Typst
def test_every_sheet_after_the_first_starts_a_new_page():
    from dtlearn.exams.typst_pdf import key_source, sheets_source, typst_string

    exam = make_exam([Student("ada", "Ada L."), "bob", "cy"], ["entropy"], exam_seed="s")
    source = sheets_source(exam, {})
    assert source.count("#pagebreak(weak: true)") == 2  # three sheets
    assert typst_string("Student: Ada L. (ada)") in source
    assert typst_string("Student: bob (bob)") in source
    assert key_source(exam, {}).count("#pagebreak(weak: true)") == 2
    assert typst_string("a\tb\r\nc") == '"a\\tb\\nc"'


# ------------------------------------------------------------------ the bank's draws
@pytest.mark.parametrize("kind", ["information_gain", "gain_ratio", "gini_split"])
def test_split_scores_are_well_above_their_tolerance(kind):
    from dtlearn.exams.exam import QUESTION_TYPES

    answers = [QUESTION_TYPES[kind](np.random.default_rng(seed)).answer for seed in range(40)]
    assert min(answers) >= 0.03  # 15 times the 0.002 tolerance: 0 is never accepted


def test_two_decimal_and_four_decimal_answers_reject_a_slip_in_the_last_digits():
    for seed in range(5):
        q = bank_trees.pessimistic_question(np.random.default_rng(seed))
        assert q.accepts(round(q.answer, 2)) and not q.accepts(q.answer + 0.02)
        w = bank_trees.weakest_link_question(np.random.default_rng(seed))
        assert w.accepts(round(w.answer, 4)) and not w.accepts(w.answer + 0.001)


def test_weakest_link_trees_have_three_to_six_leaves():
    import pandas as pd

    from dtlearn import CARTClassifier

    for seed in range(30):
        q = bank_trees.weakest_link_question(np.random.default_rng(seed))
        X = pd.DataFrame(q.data["X"])
        tree = CARTClassifier(max_depth=3).fit(X, q.data["y"]).tree_
        assert 3 <= tree.n_leaves <= 6, seed


def test_a_cost_leaf_question_never_has_two_equally_cheap_labels():
    for seed in range(60):
        q = bank_trees.cost_leaf_question(np.random.default_rng(seed))
        counts, cost = np.array(q.data["counts"]), np.array(q.data["cost"])
        expected = counts @ cost / counts.sum()  # row: true class, column: predicted
        assert expected[0] != pytest.approx(expected[1]), seed
        assert q.answer == q.choices[int(np.argmin(expected))]


def test_question_numbers_from_100_on_take_one_space_and_a_wider_indent():
    from dtlearn.exams.qti import text2qti_source

    # 101 distinct questions and one shared by every variant (written once): numbers 1..102
    exam = SimpleNamespace(
        title="Many",
        variants={f"V{i:03d}": [_numeric(0.5, f"q{i}"), _choice()] for i in range(101)},
    )
    lines = text2qti_source(exam, {}).splitlines()
    starts = [line for line in lines if line[:1].isdigit()]
    assert starts[:9] == [f"{n}.  q{n - 1}" for n in range(1, 10)]
    assert starts[9:99] == [f"{n}. q{n - 1}" for n in range(10, 100)]
    assert starts[99:] == ["100. q99", "101. q100", "102. which?"]
    at = lines.index("99. q98")  # up to 99 the text starts at column 4 ...
    assert lines[at + 2 : at + 5] == ["    *counts*", "", "    | class | n |"]
    assert lines[at + 11 : at + 13] == [" " * 8 + "H = 0.940", " " * 8 + "= x"]
    at = lines.index("100. q99")  # ... from 100 on at column 5, and so do its paragraphs
    assert lines[at + 2 : at + 5] == ["     *counts*", "", "     | class | n |"]
    assert lines[at + 11 : at + 13] == [" " * 9 + "H = 0.940", " " * 9 + "= x"]
