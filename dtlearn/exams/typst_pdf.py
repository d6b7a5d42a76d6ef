r"""Printable exam sheets and answer keys, typeset by Typst (its PyPI package; no LaTeX).

Each student's sheet starts on a new page whose header names the student, the exam and the
variant code; the key has one section per variant with each answer, its tolerance and the
worked solution (the library's ``explain()`` text, monospaced as the library prints it).
Trees are the library's static SVG drawings. ``typst`` comes with the ``exams`` extra
(``pip install "dtlearn[exams]"``).

Examples
--------
>>> print(typst_string('say "hi"\n'))
"say \"hi\"\n"
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from ..formatting import fmt_g
from .question import Question, Table

__all__ = ["key_source", "sheets_source", "typst_string", "write_pdf"]

_PREAMBLE = """#set document(title: {title})
#set text(size: 10pt, font: ("Libertinus Serif", "New Computer Modern"))
#show raw: set text(size: 8pt, font: "DejaVu Sans Mono")
#set par(justify: false)
"""


def typst_string(text: Any) -> str:
    """A Typst string literal holding ``text`` exactly."""
    escaped = str(text).replace("\\", "\\\\").replace('"', '\\"')
    escaped = escaped.replace("\n", "\\n").replace("\t", "\\t").replace("\r", "")
    return f'"{escaped}"'


def _table(table: Table) -> str:
    cells = ", ".join(typst_string(c) for c in table.header)
    body = ", ".join(typst_string(c) for row in table.rows for c in row)
    caption = f'#text(style: "italic", {typst_string(table.caption)})\n' if table.caption else ""
    return (
        f"{caption}#table(columns: {len(table.header)}, inset: 4pt, align: left, "
        f"table.header({cells}), {body})\n"
    )


def _question(number: int, question: Question, pictures: dict[str, str], key: str) -> str:
    out = [
        f"=== {number}. #{typst_string(question.title)}\n",
        f"#{typst_string(question.prompt)}\n\n",
    ]
    for table in question.tables:
        out.append(_table(table))
    if question.picture:
        name = f"tree-{key}-{number}.svg"
        pictures[name] = question.picture
        out.append(f'#image("{name}", width: 75%)\n')
    if question.choices:
        out.append(
            "#list(" + ", ".join(f"[☐ #{typst_string(c)}]" for c in question.choices) + ")\n"
        )
    else:
        out.append("#v(4pt)\nAnswer: #box(width: 5cm, stroke: (bottom: 0.5pt))\n")
    return "".join(out) + "#v(8pt)\n"


def sheets_source(exam, pictures: dict[str, str]) -> str:
    """The Typst source of every student's sheet (pictures are added to ``pictures``)."""
    parts = [_PREAMBLE.format(title=typst_string(exam.title))]
    for index, sheet in enumerate(exam.sheets):
        who = sheet.student.name or sheet.student.id
        header = f"{exam.title} — {who} ({sheet.student.id}) — variant {sheet.variant}"
        parts.append(
            f'#set page(paper: "a4", margin: 1.8cm, header: align(right, '
            f"text(size: 8pt, {typst_string(header)})))\n"
        )
        if index:
            parts.append("#pagebreak(weak: true)\n")
        parts.append(
            f"= #{typst_string(exam.title)}\n"
            f"#{typst_string(f'Student: {who} ({sheet.student.id})')} #h(1fr) "
            f"#{typst_string(f'Variant {sheet.variant}')}\n\n"
            "Give numbers to the decimals asked; show your working on the sheet.\n\n"
        )
        for number, question in enumerate(sheet.questions, 1):
            parts.append(_question(number, question, pictures, sheet.variant))
    return "".join(parts)


def _answer_line(question: Question) -> str:
    if question.numeric:
        return f"Answer: {question.answer_text}  (accepted: ± {fmt_g(question.tolerance)})"
    return f"Answer: {question.answer}  (choices: {', '.join(question.choices)})"


def key_source(exam, pictures: dict[str, str]) -> str:
    """The Typst source of the answer keys, one per variant, with worked solutions."""
    parts = [_PREAMBLE.format(title=typst_string(exam.title + " — answer key"))]
    students: dict[str, list[str]] = {}
    for sheet in exam.sheets:
        students.setdefault(sheet.variant, []).append(sheet.student.id)
    for index, (code, questions) in enumerate(exam.variants.items()):
        header = f"{exam.title} — answer key — variant {code}"
        parts.append(
            f'#set page(paper: "a4", margin: 1.8cm, header: align(right, '
            f"text(size: 8pt, {typst_string(header)})))\n"
        )
        if index:
            parts.append("#pagebreak(weak: true)\n")
        parts.append(
            f"= #{typst_string(f'Answer key, variant {code}')}\n"
            f"#{typst_string('Students: ' + ', '.join(students[code]))}\n\n"
        )
        for number, question in enumerate(questions, 1):
            parts.append(
                f"=== {number}. #{typst_string(question.title)}\n"
                f"*#{typst_string(_answer_line(question))}*\n\n"
                f"#raw(block: true, {typst_string(question.solution)})\n"
            )
    return "".join(parts)


def _compile(source: str, pictures: dict[str, str], path: str | os.PathLike) -> None:
    import typst

    with tempfile.TemporaryDirectory() as folder:
        for name, svg in pictures.items():
            Path(folder, name).write_text(svg, encoding="utf-8")
        main = Path(folder, "main.typ")
        main.write_text(source, encoding="utf-8")
        typst.compile(str(main), output=os.fspath(path), root=folder)


def write_pdf(exam, sheets_path: str | os.PathLike, key_path: str | os.PathLike) -> None:
    """Typeset the sheets and the keys of an :class:`~dtlearn.exams.exam.Exam` as two PDFs.

    Examples
    --------
    >>> import os, tempfile
    >>> from dtlearn.exams import make_exam
    >>> folder = tempfile.mkdtemp()
    >>> exam = make_exam(["ada"], ["entropy"], exam_seed="doc")
    >>> write_pdf(exam, os.path.join(folder, "s.pdf"), os.path.join(folder, "k.pdf"))
    >>> with open(os.path.join(folder, "k.pdf"), "rb") as handle:
    ...     handle.read(5)
    b'%PDF-'
    """
    pictures: dict[str, str] = {}
    _compile(sheets_source(exam, pictures), pictures, sheets_path)
    pictures = {}
    _compile(key_source(exam, pictures), pictures, key_path)
