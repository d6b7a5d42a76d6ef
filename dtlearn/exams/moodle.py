"""An exam as one Moodle XML file: a question category per type, a question per variant.

The layout is Moodle's documented XML import format: ``<quiz>`` holding ``<question
type="category">`` entries (``$course$/top/<exam>/<type>``; a quiz's "random question from
category" then gives each student a variant) and, per variant, a ``numerical`` question
(one ``<answer fraction="100">`` with its ``<tolerance>``) or a ``multichoice`` one
(``<single>true</single>``, one right answer at 100, the others at 0). The question text
is HTML; a tree is embedded as a file, ``<file name="..." path="/" encoding="base64">``
inside ``<questiontext>``, referred to as ``@@PLUGINFILE@@/name``; the worked solution is
the ``<generalfeedback>``.

Examples
--------
>>> from dtlearn.exams import make_exam
>>> xml = moodle_xml(make_exam(["ada"], ["entropy"], exam_seed="doc"))
>>> xml.startswith('<?xml version="1.0" encoding="UTF-8"?>'), '<question type="numerical">' in xml
(True, True)
"""

from __future__ import annotations

import base64
import html
import re
from xml.sax.saxutils import escape

from .question import Question, Table

__all__ = ["moodle_xml", "question_html"]


def _text(tag: str, content: str, html_format: bool = False, extra: str = "") -> str:
    fmt = ' format="html"' if html_format else ""
    body = f"<![CDATA[{content}]]>" if html_format else escape(content)
    return f"<{tag}{fmt}><text>{body}</text>{extra}</{tag}>"


def _table_html(table: Table) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in table.header)
    rows = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in table.rows
    )
    caption = f"<caption>{html.escape(table.caption)}</caption>" if table.caption else ""
    return (
        f'<table border="1" cellpadding="3" style="border-collapse:collapse">{caption}'
        f"<tr>{head}</tr>{rows}</table>"
    )


def question_html(question: Question, picture: str | None = None) -> str:
    """The question text as HTML: the prompt, its tables, the picture (by file name).

    Examples
    --------
    >>> q = Question("x", "X", "a < b?", (Table(("k",), (("1",),)),), answer=1.0)
    >>> question_html(q)
    '<p>a &lt; b?</p><table border="1" cellpadding="3" style="border-collapse:collapse"><tr><th>k</th></tr><tr><td>1</td></tr></table>'
    """
    parts = [f"<p>{html.escape(question.prompt)}</p>"]
    parts += [_table_html(t) for t in question.tables]
    if picture:
        parts.append(
            f'<p><img src="@@PLUGINFILE@@/{picture}" alt="the tree" style="max-width:100%"></p>'
        )
    return "".join(parts)


def _number(value: float) -> str:
    return repr(float(value))


def _question_xml(question: Question, name: str) -> str:
    picture = None
    files = ""
    if question.picture:
        picture = re.sub(r"[^A-Za-z0-9_.-]", "-", f"{name}.svg")
        data = base64.b64encode(question.picture.encode("utf-8")).decode("ascii")
        files = f'<file name="{picture}" path="/" encoding="base64">{data}</file>'
    text = _text("questiontext", question_html(question, picture), True, files)
    feedback = _text("generalfeedback", f"<pre>{html.escape(question.solution)}</pre>", True)
    common = (
        f"<name><text>{escape(name)}</text></name>{text}{feedback}"
        "<defaultgrade>1.0000000</defaultgrade><penalty>0.3333333</penalty>"
        "<hidden>0</hidden>"
    )
    if question.numeric:
        answer = (
            f'<answer fraction="100" format="moodle_auto_format">'
            f"<text>{_number(question.answer)}</text>"
            f'<feedback format="html"><text></text></feedback>'
            f"<tolerance>{_number(question.tolerance)}</tolerance></answer>"
        )
        return (
            f'<question type="numerical">{common}{answer}'
            "<unitgradingtype>0</unitgradingtype><unitpenalty>0.1000000</unitpenalty>"
            "<showunits>3</showunits><unitsleft>0</unitsleft></question>"
        )
    answers = "".join(
        f'<answer fraction="{100 if choice == question.answer else 0}" format="html">'
        f"<text><![CDATA[{html.escape(choice)}]]></text>"
        f'<feedback format="html"><text></text></feedback></answer>'
        for choice in question.choices
    )
    return (
        f'<question type="multichoice">{common}<single>true</single>'
        "<shuffleanswers>true</shuffleanswers><answernumbering>abc</answernumbering>"
        + _text("correctfeedback", "", True)
        + _text("partiallycorrectfeedback", "", True)
        + _text("incorrectfeedback", "", True)
        + answers
        + "</question>"
    )


def moodle_xml(exam) -> str:
    """The Moodle XML of an :class:`~dtlearn.exams.exam.Exam` (see the module)."""
    parts = ['<?xml version="1.0" encoding="UTF-8"?>', "<quiz>"]
    variants = exam.variants
    kinds = [q.kind for q in next(iter(variants.values()))] if variants else []
    for position, kind in enumerate(kinds):
        path = f"$course$/top/{exam.title}/{position + 1:02d} {kind}"
        parts.append(
            f'<question type="category"><category><text>{escape(path)}</text></category></question>'
        )
        for code, questions in variants.items():
            parts.append(_question_xml(questions[position], f"{kind} {code}"))
    parts.append("</quiz>")
    return "\n".join(parts) + "\n"
