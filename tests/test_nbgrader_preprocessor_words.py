"""What the nbgrader preprocessors tell the instructor, word for word, and what they repair.

- ``RepairCellMetadata`` on one notebook holding every case: an earlier copy of a code
  solution cell (kept as ``dtlearn.copy_of``), of a markdown answer, a grade cell and a
  locked cell (their nbgrader metadata removed), a cell whose metadata nbgrader cannot
  repair, an old schema it can, an nbgrader cell that is none of these (left alone,
  however often it appears) and a ``dtlearn`` mark this preprocessor did not write; each
  warning in the log as written.
- ``GradeOutsideKernel``'s log lines (a practice run, a submission that could not be
  graded, the time grading took) and the help of every option an instructor can set.
"""

import logging
import types

import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from traitlets.config import Config

from dtlearn.exercises.homework import nbgrader_preprocessor as pre
from dtlearn.exercises.homework.autograde import Verdict
from dtlearn.exercises.homework.nbgrader_preprocessor import (
    GradeOutsideKernel,
    RepairCellMetadata,
)


def nbgrader(grade_id, grade=False, solution=False, locked=False, **more):
    meta = {
        "grade": grade,
        "grade_id": grade_id,
        "locked": locked,
        "schema_version": 3,
        "solution": solution,
        "task": False,
    }
    if grade:
        meta["points"] = 1
    return {"nbgrader": {**meta, **more}}


def logged(caplog):
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]


@pytest.fixture
def repaired(caplog):
    nb = new_notebook(
        cells=[
            new_code_cell("x", metadata={"dtlearn": {"copy_of": "forged"}}),
            new_code_cell("a1", metadata=nbgrader("a", solution=True)),
            new_markdown_cell("m1", metadata=nbgrader("m", grade=True, solution=True)),
            new_code_cell("L1", metadata=nbgrader("L", locked=True)),
            new_code_cell("g1", metadata=nbgrader("g", grade=True)),
            new_code_cell("a2", metadata=nbgrader("a", solution=True)),
            new_markdown_cell("m2", metadata=nbgrader("m", grade=True, solution=True)),
            new_code_cell("L2", metadata=nbgrader("L", locked=True)),
            new_code_cell("g2", metadata=nbgrader("g", grade=True)),
            new_code_cell("bad", metadata={"nbgrader": {"grade_id": "b", "solution": "yes"}}),
            new_code_cell("p1", metadata=nbgrader("p")),
            new_code_cell("p2", metadata=nbgrader("p")),
            new_code_cell("old", metadata=nbgrader("o", solution=True, schema_version=1)),
        ]
    )
    with caplog.at_level(logging.INFO):
        nb, _ = RepairCellMetadata().preprocess(nb, {})
    return {c.source: dict(c.metadata) for c in nb.cells}, logged(caplog)


def test_earlier_copies_lose_their_id_and_a_code_solution_stays_a_copy(repaired):
    cells, _ = repaired
    assert cells["a1"] == {"dtlearn": {"copy_of": "a"}}
    assert cells["m1"] == {} and cells["L1"] == {} and cells["g1"] == {}
    assert cells["a2"] == nbgrader("a", solution=True)
    assert cells["m2"] == nbgrader("m", grade=True, solution=True)
    assert cells["L2"] == nbgrader("L", locked=True)
    assert cells["g2"] == nbgrader("g", grade=True)


def test_other_cells_are_left_alone_and_a_forged_mark_is_removed(repaired):
    cells, _ = repaired
    assert cells["x"] == {}
    assert cells["p1"] == cells["p2"] == nbgrader("p")
    assert cells["bad"] == {}
    assert cells["old"] == nbgrader("o", solution=True)  # upgraded to schema 3


def test_each_repair_is_logged_in_words(repaired):
    _, lines = repaired
    assert lines == [
        "cell 9: nbgrader metadata that does not validate, removed",
        "cell with id 'a' exists more than once: the last copy keeps the id",
        "cell with id 'm' exists more than once: the last copy keeps the id",
        "cell with id 'L' exists more than once: the last copy keeps the id",
        "cell with id 'g' exists more than once: the last copy keeps the id",
    ]


# ---------------------------------------------------------------- GradeOutsideKernel
def notebook():
    return new_notebook(
        cells=[
            new_code_cell("def entropy(c):\n    return 1", metadata=nbgrader("s", solution=True)),
            new_code_cell("check()", metadata=nbgrader("hw1_check_entropy_bits", grade=True)),
        ]
    )


RESOURCES = {"nbgrader": {"assignment": "hw1", "student": "ada"}}


@pytest.fixture
def grader(monkeypatch, tmp_path):
    monkeypatch.setattr("dtlearn.exercises.homework.oslock.available", lambda: {"ok": True})
    monkeypatch.delenv("DTLEARN_GRADING_SECRET", raising=False)
    clock = iter([100.0, 102.34])
    monkeypatch.setattr(pre, "time", types.SimpleNamespace(monotonic=lambda: next(clock)))
    config = Config()
    config.CourseDirectory.root = str(tmp_path)
    return config


def test_a_practice_run_and_the_time_grading_took_are_logged(grader, monkeypatch, caplog):
    monkeypatch.setattr(
        pre,
        "grade_submission",
        lambda *args, **options: [Verdict("hw1_check_entropy_bits", True, "")],
    )
    with caplog.at_level(logging.INFO):
        GradeOutsideKernel(config=grader, without_secret=True).preprocess(notebook(), RESOURCES)
    assert logged(caplog) == [
        "practice run without the grading secret: the hidden grade cells of hw1 score 0",
        "graded hw1 of ada outside the kernel in 2.3 s",
    ]


def test_a_submission_that_could_not_be_graded_is_logged_with_its_error(
    grader, monkeypatch, caplog
):
    def broken(*args, **options):
        raise RuntimeError("boom")

    monkeypatch.setattr(pre, "grade_submission", broken)
    with caplog.at_level(logging.INFO):
        GradeOutsideKernel(config=grader, secret="s").preprocess(notebook(), RESOURCES)
    assert logged(caplog) == [
        "could not grade hw1 of ada: its grade cells score 0",
        "graded hw1 of ada outside the kernel in 2.3 s",
    ]
    failed = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(failed) == 1 and "RuntimeError: boom" in caplog.text  # its traceback


def test_every_option_s_help_as_the_instructor_reads_it():
    traits = GradeOutsideKernel.class_traits(config=True)
    assert traits["without_os_lock"].help == (
        "Grade even where the kernel cannot lock the grading child (no Landlock or seccomp: "
        "not Linux, an old kernel): the Python-level lock alone then stands between a "
        "hostile submission and the course directory. Without this option autograde stops "
        "there."
    )
    assert traits["submission_seconds"].help == (
        "Wall-clock seconds one submission may take; when they run out, the grade cells "
        "graded so far keep their points and the rest score 0, their feedback naming the "
        "call that ran out of time."
    )
    assert traits["secret"].help == (
        "The grading secret (else DTLEARN_GRADING_SECRET, else the course directory's "
        "grading_secret file)."
    )
    assert traits["without_secret"].help == (
        "Grade without the grading secret (a practice run: the hidden grade cells score 0). "
        "Without this option, autograde stops when it finds no secret."
    )
