"""Exams from the library: per-student sheets, answer keys and LMS quizzes.

A question bank of twelve types across the course (entropy, information gain, gain ratio,
the Gini index of a split, the best attribute, a numeric threshold, 1-R's rule, a
reduced-error pruning decision, a pessimistic error estimate, the next weakest link's α,
fractional counts with missing values, a cost-sensitive leaf label). Each question is drawn
per student from the exam's seed and the student's id, and carries its answer, a
tolerance and the worked solution from the library's own ``explain()``.

A midterm in five lines (six with Canvas) (docs/EXAMS.md)::

    from dtlearn import exams
    exam = exams.make_exam(exams.read_roster("roster.csv"), exam_seed="midterm-2026")
    exam.write_pdf("midterm.pdf", "midterm-key.pdf")   # Typst: pip install "dtlearn[exams]"
    exam.write_moodle("midterm.xml")                   # Moodle XML: a category per type
    exam.write_qti("midterm-canvas.zip")               # QTI for Canvas (text2qti)
    exam.write_json("midterm.json")                    # every variant, for other tools

Examples
--------
>>> from dtlearn import exams
>>> len(exams.QUESTION_TYPES) >= 10
True
"""

from .exam import QUESTION_TYPES, Exam, Sheet, Student, draw, make_exam, read_roster
from .question import Question, Table

__all__ = [
    "Exam",
    "QUESTION_TYPES",
    "Question",
    "Sheet",
    "Student",
    "Table",
    "draw",
    "make_exam",
    "read_roster",
]
