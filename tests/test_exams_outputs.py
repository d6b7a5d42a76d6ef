"""The exam's outputs read back: the Typst PDFs as text (pypdf) and the Moodle XML parsed.

The exam is made by the five lines of docs/EXAMS.md ("A midterm in five lines"), run as
written on a 30-student ``roster.csv``: they write two PDFs, one Moodle XML and the JSON.
30 sheets, each holding that student's own numbers and variant code
and no other's; 30 keys holding the right answers; one Moodle XML file with the documented
elements of each question type (numerical: an answer at fraction 100 with a tolerance;
multichoice: single, one right answer at 100; pictures as base64 files referred to by
@@PLUGINFILE@@) whose answers are the keys'. The keys themselves are checked against
independent computations in tests/test_exams.py.
"""

import base64
import csv
import math
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pypdf  # a test tool (the dev group)
import pytest
from test_exams import EXPECTED  # the keys' independent computations

from dtlearn import exams

ROSTER = [exams.Student(f"id{i:02d}", f"Name {i}") for i in range(30)]
EXAMS_PAGE = Path(__file__).resolve().parents[1] / "docs" / "EXAMS.md"


def five_lines():
    """The code block of docs/EXAMS.md's "A midterm in five lines"."""
    section = EXAMS_PAGE.read_text(encoding="utf-8").split("## A midterm in five lines", 1)[1]
    return re.search(r"^```python\n(.*?)^```", section, re.M | re.S).group(1)


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    folder = tmp_path_factory.mktemp("exam")
    with open(folder / "roster.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "name"])
        writer.writerows([s.id, s.name] for s in ROSTER)
    code = five_lines()
    assert len(code.strip().splitlines()) == 5
    namespace = {}
    here = os.getcwd()
    os.chdir(folder)
    try:
        exec(compile(code, str(EXAMS_PAGE), "exec"), namespace)
    finally:
        os.chdir(here)
    assert sorted(p.name for p in folder.iterdir()) == [
        "midterm-key.pdf",
        "midterm.json",
        "midterm.pdf",
        "midterm.xml",
        "roster.csv",
    ]
    return namespace["exam"], folder


@pytest.fixture(scope="module")
def sheets(made):
    """{variant: text of its sheet}, read back once (pypdf)."""
    return _by_header(_pages(made[1] / "midterm.pdf"), made[0].title)


def test_the_roster_csv_gives_thirty_sheets_whose_keys_are_independent(made):
    exam, _ = made
    assert [s.student for s in exam.sheets] == ROSTER
    assert len(exam.variants) == 30
    for questions in exam.variants.values():
        for q in questions:
            want = EXPECTED[q.kind](q.data)
            if q.numeric:
                assert q.answer == pytest.approx(want, abs=1e-9), (q.kind, q.data)
            else:
                assert q.answer == want, (q.kind, q.data)


def _squash(text):
    return "".join(text.split())


def _pages(path):
    return [page.extract_text() for page in pypdf.PdfReader(path).pages]


def _by_header(pages, marker):
    """{code: text of its pages}: a page belongs to the code its header names (the
    header itself is left out, so a prompt running over a page break reads whole)."""
    out = {}
    for text in pages:
        head, _, body = text.partition("\n")
        assert marker in head, head
        code = head.rsplit("variant", 1)[1].strip()
        out[code] = out.get(code, "") + body + "\n"
    return out


def test_one_sheet_per_student_with_their_own_numbers(made, sheets):
    exam, _ = made
    assert len(sheets) == 30 == len({s.variant for s in exam.sheets})
    for sheet in exam.sheets:
        text = _squash(sheets[sheet.variant])
        assert _squash(f"Student: {sheet.student.name} ({sheet.student.id})") in text
        for question in sheet.questions:
            assert _squash(question.prompt) in text, (sheet.student.id, question.kind)
            for table in question.tables:
                for row in table.rows:
                    assert _squash("".join(row)) in text, (question.kind, row)
        others = {s.variant for s in exam.sheets} - {sheet.variant}
        assert not any(code in text for code in others)


def test_sheets_show_no_answer(made, sheets):
    exam, _ = made
    for sheet in exam.sheets:
        text = _squash(sheets[sheet.variant])
        assert "accepted:" not in text  # the key's answer lines
        for question in sheet.questions:
            assert _squash(question.solution.splitlines()[0]) not in text


def test_one_key_per_variant_with_the_right_answers(made):
    exam, folder = made
    keys = _by_header(_pages(folder / "midterm-key.pdf"), "answer key")
    assert len(keys) == 30
    assert set(keys) == set(exam.variants)
    for code, questions in exam.variants.items():
        text = _squash(keys[code])
        for question in questions:
            assert _squash(f"Answer: {question.answer_text}") in text, (code, question.kind)
            assert _squash(question.solution.splitlines()[0]) in text


def test_answer_text_is_the_answer():
    for value in (0.25, 2.0, 1 / 3, 12.5):
        q = exams.Question("x", "X", "?", answer=value, tolerance=0.001)
        assert abs(float(q.answer_text) - value) <= 5e-5
        assert q.accepts(float(q.answer_text))


def _text(element, path):
    found = element.find(path)
    assert found is not None, path
    return found.text or ""


def test_moodle_xml_has_the_documented_elements_and_the_keys(made):
    exam, folder = made
    root = ET.parse(folder / "midterm.xml").getroot()
    assert root.tag == "quiz"
    kinds = list(exams.QUESTION_TYPES)
    categories = [q for q in root if q.get("type") == "category"]
    assert [_text(c, "category/text").rsplit("/", 1)[1] for c in categories] == [
        f"{i:02d} {k}" for i, k in enumerate(kinds, 1)
    ]
    questions = [q for q in root if q.get("type") != "category"]
    assert len(questions) == len(kinds) * 30
    keys = {f"{q.kind} {code}": q for code, qs in exam.variants.items() for q in qs}
    pictures = 0
    for element in questions:
        question = keys[_text(element, "name/text")]
        text = element.find("questiontext")
        assert text.get("format") == "html" and question.prompt[:20] in _text(text, "text")
        assert _text(element, "generalfeedback/text").startswith("<pre>")
        if question.numeric:
            assert element.get("type") == "numerical"
            answers = element.findall("answer")
            assert [a.get("fraction") for a in answers] == ["100"]
            assert float(_text(answers[0], "text")) == question.answer
            assert float(_text(answers[0], "tolerance")) == question.tolerance
        else:
            assert element.get("type") == "multichoice"
            assert _text(element, "single") == "true"
            answers = {_text(a, "text"): a.get("fraction") for a in element.findall("answer")}
            assert answers == {c: "100" if c == question.answer else "0" for c in question.choices}
        files = text.findall("file")
        if question.picture:
            pictures += 1
            assert [f.get("encoding") for f in files] == ["base64"]
            assert base64.b64decode(files[0].text).decode() == question.picture
            assert f"@@PLUGINFILE@@/{files[0].get('name')}" in _text(text, "text")
        else:
            assert files == []
    assert pictures == 2 * 30  # the reduced-error and weakest-link trees


def test_moodle_numbers_are_the_keys_to_the_last_digit(made):
    exam, folder = made
    root = ET.parse(folder / "midterm.xml").getroot()
    entropy = [
        q
        for q in root
        if q.get("type") == "numerical" and _text(q, "name/text").startswith("entropy ")
    ]
    by_code = {s.variant: s for s in exam.sheets}
    for element in entropy:
        code = _text(element, "name/text").split()[1]
        counts = np.array(
            next(q for q in by_code[code].questions if q.kind == "entropy").data["counts"],
            dtype=float,
        )
        p = counts / counts.sum()
        expected = -sum(x * math.log2(x) for x in p if x > 0)
        assert float(_text(element, "answer/text")) == pytest.approx(expected, abs=1e-12)


def _local(tag):
    return tag.rsplit("}", 1)[-1]


def test_qti_for_canvas_holds_every_variant_and_its_answer(tmp_path):
    import html
    import zipfile

    # 9 variants x 12 types: question numbers past 99 (a wider label, text2qti's columns)
    small = exams.make_exam(ROSTER[:9], exam_seed="outputs", title="Midterm")
    small.write_qti(tmp_path / "canvas.zip")
    archive = zipfile.ZipFile(tmp_path / "canvas.zip")
    names = archive.namelist()
    assert "imsmanifest.xml" in names
    keys, distinct = {}, set()  # a question two variants share is written once
    for code, questions in small.variants.items():
        for q in questions:
            keys[f"{q.kind} {code}"] = q
            if (q.kind, q.prompt, q.tables, q.answer) not in distinct:
                distinct.add((q.kind, q.prompt, q.tables, q.answer))
            else:
                del keys[f"{q.kind} {code}"]
    assert len(keys) > 99
    svgs = sum(n.startswith("images/") and n.endswith(".svg") for n in names)
    assert svgs == sum(q.picture is not None for q in keys.values())
    body = next(
        n
        for n in names
        if n.endswith(".xml") and "assessment_meta" not in n and n != "imsmanifest.xml"
    )
    root = ET.fromstring(archive.read(body))
    items = [e for e in root.iter() if _local(e.tag) == "item"]
    assert sorted(i.get("title") for i in items) == sorted(keys)
    groups = [
        e for e in root.iter() if _local(e.tag) == "section" and e.get("ident") != "root_section"
    ]
    assert len(groups) == len(exams.QUESTION_TYPES)
    for item in items:
        question = keys[item.get("title")]
        fields = {_local(f.tag): f for f in item.iter()}
        text = html.unescape(
            "".join(e.text or "" for e in item.iter() if _local(e.tag) == "mattext")
        )
        assert question.solution.splitlines()[0] in text  # the worked solution is the feedback
        if question.numeric:
            low = float(fields["vargte"].text)
            high = float(fields["varlte"].text)
            assert low <= question.answer <= high
            assert high - low == pytest.approx(2 * question.tolerance, abs=2e-4)
        else:
            labels = {
                label.get("ident"): "".join(
                    m.text or "" for m in label.iter() if _local(m.tag) == "mattext"
                )
                for label in item.iter()
                if _local(label.tag) == "response_label"
            }
            right = [
                c
                for c in item.iter()
                if _local(c.tag) == "respcondition"
                and any(_local(s.tag) == "setvar" and s.text == "100" for s in c)
            ]
            chosen = [v.text for c in right for v in c.iter() if _local(v.tag) == "varequal"]
            shown = [re.sub(r"<[^>]+>", "", html.unescape(labels[i])).strip() for i in chosen]
            assert shown == [question.answer]


def test_qti_writes_a_question_two_variants_share_once(tmp_path):
    import zipfile

    from dtlearn.exams.exam import Exam, Sheet

    question = exams.draw("entropy", "shared", "AAAAAA")
    exam = Exam(
        "Quiz",
        "shared",
        (
            Sheet(exams.Student("a"), "AAAAAA", (question,)),
            Sheet(exams.Student("b"), "BBBBBB", (question,)),
        ),
    )
    exam.write_qti(tmp_path / "quiz.zip")
    archive = zipfile.ZipFile(tmp_path / "quiz.zip")
    body = next(
        n
        for n in archive.namelist()
        if n.endswith(".xml") and "assessment_meta" not in n and n != "imsmanifest.xml"
    )
    items = [e for e in ET.fromstring(archive.read(body)).iter() if _local(e.tag) == "item"]
    assert [i.get("title") for i in items] == ["entropy AAAAAA"]
