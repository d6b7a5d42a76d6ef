"""An exam: a roster, one variant per student drawn from a seed, the sheets and the keys.

Each student's variant code comes from the exam's seed and their id (or, with
``variants=n``, one of ``n`` shared variants); each question of a variant is drawn from the
seed, the variant and the question type, so a sheet is the same on every machine and a
neighbour's numbers differ. The writers: :func:`dtlearn.exams.typst_pdf.write_pdf`
(sheets and keys), :func:`dtlearn.exams.moodle.moodle_xml`, :func:`dtlearn.exams.qti.write_qti`
(Canvas) and :meth:`Exam.to_dict` (JSON).

Examples
--------
>>> exam = make_exam([Student("ada"), Student("bob")], ["entropy", "pessimistic"],
...                  exam_seed="spring")
>>> [s.student.id for s in exam.sheets], len(exam.sheets[0].questions)
(['ada', 'bob'], 2)
>>> exam.sheets[0].variant != exam.sheets[1].variant
True
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .bank_measures import (
    best_attribute_question,
    entropy_question,
    gain_ratio_question,
    gini_split_question,
    information_gain_question,
    numeric_threshold_question,
    one_r_question,
)
from .bank_trees import (
    cost_leaf_question,
    missing_values_question,
    pessimistic_question,
    reduced_error_question,
    weakest_link_question,
)
from .question import Question

__all__ = ["Exam", "QUESTION_TYPES", "Sheet", "Student", "draw", "make_exam", "read_roster"]

QUESTION_TYPES: dict[str, Callable[[np.random.Generator], Question]] = {
    "entropy": entropy_question,
    "information_gain": information_gain_question,
    "gain_ratio": gain_ratio_question,
    "gini_split": gini_split_question,
    "best_attribute": best_attribute_question,
    "numeric_threshold": numeric_threshold_question,
    "one_r": one_r_question,
    "reduced_error": reduced_error_question,
    "pessimistic": pessimistic_question,
    "weakest_link": weakest_link_question,
    "missing_values": missing_values_question,
    "cost_leaf": cost_leaf_question,
}
"""Every question type of the bank, in course order: name -> function of a random generator."""


@dataclass(frozen=True)
class Student:
    """A roster entry: the id (what seeds the variant) and a name to print."""

    id: str
    name: str = ""


@dataclass(frozen=True)
class Sheet:
    """One student's exam: their variant code and questions."""

    student: Student
    variant: str
    questions: tuple[Question, ...]


def _digest(*parts: str) -> bytes:
    return hashlib.sha256("\x1f".join(parts).encode()).digest()


def draw(kind: str, exam_seed: str, variant: str) -> Question:
    """Draw one question of a type for a variant (the same on every machine).

    Examples
    --------
    >>> draw("entropy", "s", "AB12").answer == draw("entropy", "s", "AB12").answer
    True
    >>> draw("nope", "s", "AB12")
    Traceback (most recent call last):
    ...
    ValueError: question type must be one of ['best_attribute', 'cost_leaf', 'entropy', 'gain_ratio', 'gini_split', 'information_gain', 'missing_values', 'numeric_threshold', 'one_r', 'pessimistic', 'reduced_error', 'weakest_link'], got 'nope'
    """
    if kind not in QUESTION_TYPES:
        raise ValueError(f"question type must be one of {sorted(QUESTION_TYPES)}, got {kind!r}")
    seed = int.from_bytes(_digest(exam_seed, variant, kind)[:8], "big")
    return QUESTION_TYPES[kind](np.random.default_rng(seed))


def read_roster(path: str | os.PathLike) -> list[Student]:
    r"""Students from a CSV file with an ``id`` column (and optionally ``name``).

    Examples
    --------
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "roster.csv")
    >>> with open(path, "w") as handle:
    ...     _ = handle.write("id,name\nada,Ada L.\nbob,Bob\n")
    >>> read_roster(path)[0]
    Student(id='ada', name='Ada L.')
    """
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    if not rows or "id" not in rows[0]:
        raise ValueError(f"roster {os.fspath(path)!r} needs a header row with an 'id' column")
    students = [Student(row["id"].strip(), (row.get("name") or "").strip()) for row in rows]
    ids = [s.id for s in students]
    if "" in ids or len(set(ids)) != len(ids):
        raise ValueError("roster ids must be non-empty and unique")
    return students


@dataclass(frozen=True)
class Exam:
    """Every student's sheet; write it with :meth:`write_pdf`, :meth:`write_moodle`, ..."""

    title: str
    exam_seed: str
    sheets: tuple[Sheet, ...]

    @property
    def variants(self) -> dict[str, tuple[Question, ...]]:
        """Each variant code's questions (one answer key each), in roster order."""
        out: dict[str, tuple[Question, ...]] = {}
        for sheet in self.sheets:
            out.setdefault(sheet.variant, sheet.questions)
        return out

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form: the students with their variants, and every variant."""
        return {
            "title": self.title,
            "exam_seed": self.exam_seed,
            "students": [
                {"id": s.student.id, "name": s.student.name, "variant": s.variant}
                for s in self.sheets
            ],
            "variants": {
                code: [q.to_dict() for q in questions] for code, questions in self.variants.items()
            },
        }

    def write_json(self, path: str | os.PathLike) -> None:
        """Write :meth:`to_dict` as JSON."""
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(self.to_dict(), handle, indent=1, ensure_ascii=False)

    def write_pdf(self, sheets_path: str | os.PathLike, key_path: str | os.PathLike) -> None:
        """The printable sheets (one per student) and the answer keys (one per variant)."""
        from .typst_pdf import write_pdf

        write_pdf(self, sheets_path, key_path)

    def write_qti(self, path: str | os.PathLike) -> None:
        """A QTI zip for Canvas (text2qti): a question group per type, one variant picked."""
        from .qti import write_qti

        write_qti(self, path)

    def write_moodle(self, path: str | os.PathLike) -> None:
        """One Moodle XML file: a category per question type, a question per variant."""
        from .moodle import moodle_xml

        with open(path, "w", encoding="utf-8") as handle:
            handle.write(moodle_xml(self))


def make_exam(
    roster: Iterable[Student | str],
    questions: Sequence[str] = tuple(QUESTION_TYPES),
    *,
    title: str = "Decision trees: exam",
    exam_seed: str = "",
    variants: int | None = None,
) -> Exam:
    """Draw every student's sheet.

    Parameters
    ----------
    roster : iterable of Student or str
        The students (:func:`read_roster`), or plain ids.
    questions : sequence of str, default every type
        Question types (keys of :data:`QUESTION_TYPES`), in sheet order.
    title : str
    exam_seed : str
        Changes every draw (a new exam, same roster).
    variants : int, optional
        Share this many variants among the students (default: one per student).

    Returns
    -------
    Exam

    Examples
    --------
    >>> exam = make_exam(["a", "b", "c"], ["entropy"], variants=1)
    >>> len(exam.variants)
    1
    """
    students = [s if isinstance(s, Student) else Student(str(s)) for s in roster]
    if not students:
        raise ValueError("roster is empty")
    if variants is not None and (not isinstance(variants, int) or variants < 1):
        raise ValueError(f"variants must be a positive integer, got {variants!r}")
    kinds = list(questions)
    for kind in kinds:
        if kind not in QUESTION_TYPES:
            raise ValueError(f"question type must be one of {sorted(QUESTION_TYPES)}, got {kind!r}")
    drawn: dict[str, tuple[Question, ...]] = {}
    sheets = []
    for student in students:
        if variants is None:
            code = _digest(exam_seed, "student", student.id).hex()[:6].upper()
        else:
            index = int.from_bytes(_digest(exam_seed, student.id)[:8], "big") % variants
            code = _digest(exam_seed, "variant", str(index)).hex()[:6].upper()
        if code not in drawn:
            drawn[code] = tuple(draw(kind, exam_seed, code) for kind in kinds)
        sheets.append(Sheet(student, code, drawn[code]))
    return Exam(title, exam_seed, tuple(sheets))
