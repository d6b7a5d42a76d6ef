r"""An exam as a QTI quiz for Canvas, written through text2qti (PyPI, maintained).

text2qti reads a plain-text quiz (Markdown question text, ``=`` numerical answers with
``+-`` a margin, ``*a)`` the right choice, ``...`` feedback, ``GROUP``/``pick: 1`` question
groups) and writes the QTI zip that Canvas imports (*Settings → Import course content →
QTI .zip file*). Here each question type is a group holding every variant, one picked per
student, as the Moodle categories are (a question two variants share is written once);
trees are SVG images packed into the zip; the worked solution is the feedback. text2qti comes with the ``exams`` extra.

Examples
--------
>>> print(markdown_text("R(T_t) | 2*3"))
R(T\_t) \| 2\*3
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from .question import Question, Table

__all__ = ["markdown_text", "text2qti_source", "write_qti"]

_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|$%-])")


def markdown_text(text: str) -> str:
    """Text with Markdown's (and text2qti's) special characters escaped, on one line."""
    escaped = _SPECIAL.sub(r"\\\1", " ".join(str(text).split()))
    return escaped.replace(r"\(", "(").replace(r"\)", ")").replace(r"\-", "-")


def _table(table: Table, indent: str) -> list[str]:
    lines = []
    if table.caption:
        lines += [indent + f"*{markdown_text(table.caption)}*", ""]
    lines.append(indent + "| " + " | ".join(markdown_text(c) or " " for c in table.header) + " |")
    lines.append(indent + "|" + "---|" * len(table.header))
    lines += [
        indent + "| " + " | ".join(markdown_text(c) for c in row) + " |" for row in table.rows
    ]
    return lines + [""]


def _question(number: int, question: Question, name: str, pictures: dict[str, str]) -> str:
    start = f"{number}.".ljust(4) if number < 100 else f"{number}. "
    indent = " " * len(start)  # text2qti reads a question's paragraphs at its text's column
    lines = [f"Title: {name}", "Points: 1", start + markdown_text(question.prompt), ""]
    for table in question.tables:
        lines += _table(table, indent)
    if question.picture:
        file = re.sub(r"[^A-Za-z0-9_.-]", "-", f"{name}.svg")
        pictures[file] = question.picture
        lines += [indent + f"![the tree]({file})", ""]
    lines.append("... Worked solution:")
    lines.append("")
    lines += [indent + " " * 4 + line for line in question.solution.splitlines()]
    lines.append("")
    if question.numeric:
        lines.append(f"=   {float(question.answer)!r} +- {float(question.tolerance)!r}")
    else:
        for letter, choice in zip("abcdefghij", question.choices):
            mark = "*" if choice == question.answer else ""
            lines.append(f"{mark}{letter})".ljust(4) + markdown_text(choice))
    return "\n".join(lines) + "\n"


def text2qti_source(exam, pictures: dict[str, str]) -> str:
    """The text2qti quiz of an :class:`~dtlearn.exams.exam.Exam` (pictures added to ``pictures``).

    Examples
    --------
    >>> from dtlearn.exams import make_exam
    >>> source = text2qti_source(make_exam(["ada"], ["cost_leaf"], exam_seed="doc"), {})
    >>> source.splitlines()[0], "GROUP" in source, "pick: 1" in source
    ('Quiz title: Decision trees: exam', True, True)
    """
    parts = [
        f"Quiz title: {markdown_text(exam.title)}",
        "Quiz description: per-student variants drawn by dtlearn.exams",
        "",
    ]
    variants = exam.variants
    kinds = [q.kind for q in next(iter(variants.values()))] if variants else []
    number = 0
    for position, kind in enumerate(kinds):
        parts += ["GROUP", "pick: 1", "points per question: 1", ""]
        seen = set()  # two variants can draw the same question: text2qti wants it once
        for code, questions in variants.items():
            question = questions[position]
            if (question.prompt, question.tables, question.answer) in seen:
                continue
            seen.add((question.prompt, question.tables, question.answer))
            number += 1
            parts.append(_question(number, question, f"{kind} {code}", pictures))
        parts += ["END_GROUP", ""]
    return "\n".join(parts)


def write_qti(exam, path: str | os.PathLike) -> None:
    """Write the QTI zip of an :class:`~dtlearn.exams.exam.Exam` for Canvas.

    Examples
    --------
    >>> import os, tempfile, zipfile
    >>> from dtlearn.exams import make_exam
    >>> path = os.path.join(tempfile.mkdtemp(), "quiz.zip")
    >>> write_qti(make_exam(["ada"], ["entropy"], exam_seed="doc"), path)
    >>> any(n.endswith(".xml") for n in zipfile.ZipFile(path).namelist())
    True
    """
    from text2qti.config import Config
    from text2qti.qti import QTI
    from text2qti.quiz import Quiz

    pictures: dict[str, str] = {}
    source = text2qti_source(exam, pictures)
    with tempfile.TemporaryDirectory() as folder:
        for name, svg in pictures.items():
            Path(folder, name).write_text(svg, encoding="utf-8")
        quiz_file = Path(folder, "quiz.txt")
        quiz_file.write_text(source, encoding="utf-8")
        here = os.getcwd()
        os.chdir(folder)  # text2qti finds images relative to the working folder
        try:
            quiz = Quiz(source, config=Config(), source_name=quiz_file.as_posix())
            QTI(quiz).save(Path(here, path) if not os.path.isabs(path) else path)
        finally:
            os.chdir(here)
