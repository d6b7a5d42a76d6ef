"""``GradeOutsideKernel`` piece by piece, with the grading itself replaced (fast, no child).

What it hands :func:`grade_submission` (the solution cells and copies, in order; the
known grade ids; the options), what it writes into each grade cell for every verdict,
and the exact words it stops the run with (no secret, no OS lock, an unknown homework).
The whole nbgrader round trip stays in ``test_nbgrader_roundtrip.py`` (slow).
"""

import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from traitlets.config import Config

from dtlearn.exercises.homework import nbgrader_preprocessor as pre
from dtlearn.exercises.homework.autograde import Verdict
from dtlearn.exercises.homework.jail_client import NotIsolated
from dtlearn.exercises.homework.nbgrader_preprocessor import (
    GradeOutsideKernel,
    NoGradingSecret,
    NoOSLock,
)


def meta(grade_id, solution=False, grade=False):
    return {"nbgrader": {"grade_id": grade_id, "solution": solution, "grade": grade}}


def notebook():
    return new_notebook(
        cells=[
            new_code_cell("def entropy(c):\n    return 1", metadata=meta("s1", solution=True)),
            new_markdown_cell("text", metadata=meta("m", solution=True)),
            new_code_cell("helper = 2", metadata={"dtlearn": {"copy_of": "s1"}}),
            new_code_cell("x = 3"),
            new_code_cell("check 1", metadata=meta("hw1_check_entropy_bits", grade=True)),
            new_code_cell("check 2", metadata=meta("hw1_check_entropy_edge", grade=True)),
            new_code_cell("check 3", metadata=meta("mine", grade=True)),
            new_code_cell("def gain(f, l):\n    return 0", metadata=meta("s2", solution=True)),
        ]
    )


RESOURCES = {"nbgrader": {"assignment": "hw1", "student": "ada"}}


@pytest.fixture
def grading(monkeypatch, tmp_path):
    calls = []

    def grade_submission(homework, cells, **options):
        calls.append((homework, cells, options))
        return [
            Verdict("hw1_check_entropy_bits", True, ""),
            Verdict("hw1_check_entropy_edge", False, "check_entropy (edge): failed\n  ✗ a: b"),
        ]

    monkeypatch.setattr(pre, "grade_submission", grade_submission)
    monkeypatch.setattr("dtlearn.exercises.homework.oslock.available", lambda: {"ok": True})
    monkeypatch.delenv("DTLEARN_GRADING_SECRET", raising=False)
    config = Config()
    config.CourseDirectory.root = str(tmp_path)
    return calls, config, tmp_path


def grade_cells(nb):
    return [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade")]


def test_the_solution_cells_and_their_copies_are_graded_in_order(grading):
    calls, config, _ = grading
    nb, _ = GradeOutsideKernel(config=config, secret="s").preprocess(notebook(), RESOURCES)
    assert calls == [
        (
            "hw1",
            ["def entropy(c):\n    return 1", "helper = 2", "def gain(f, l):\n    return 0"],
            {
                "student": "ada",
                "secret": "s",
                "grade_ids": ["hw1_check_entropy_bits", "hw1_check_entropy_edge"],
                "seconds": 120.0,
                "require_os_lock": True,
            },
        )
    ]
    passed, failed, unknown = grade_cells(nb)
    assert (passed.outputs, passed.execution_count) == ([], None)
    assert failed.outputs == [
        {
            "output_type": "error",
            "ename": "AssertionError",
            "evalue": "check_entropy (edge): failed\n  ✗ a: b",
            "traceback": ["check_entropy (edge): failed", "  ✗ a: b"],
        }
    ]
    assert unknown.outputs[0]["evalue"] == "not graded: 'mine' is not a grade cell of hw1"


def test_the_options_reach_the_grading(grading, monkeypatch):
    calls, config, tmp_path = grading
    (tmp_path / "grading_secret").write_text("from the file\n")
    monkeypatch.setattr(
        "dtlearn.exercises.homework.oslock.available",
        lambda: pytest.fail("the lock is not asked for when the instructor says so"),
    )
    GradeOutsideKernel(config=config, without_os_lock=True, submission_seconds=7.5).preprocess(
        notebook(), RESOURCES
    )
    options = calls[-1][2]
    assert (options["secret"], options["seconds"], options["require_os_lock"]) == (
        "from the file",
        7.5,
        False,
    )


def test_a_submission_that_cannot_be_graded_scores_0_with_words(grading, monkeypatch):
    _, config, _ = grading

    def broken(*args, **options):
        raise RuntimeError("boom")

    monkeypatch.setattr(pre, "grade_submission", broken)
    nb, _ = GradeOutsideKernel(config=config, secret="s").preprocess(notebook(), RESOURCES)
    assert [c.outputs[0]["evalue"] for c in grade_cells(nb)] == [
        "not graded: the grader could not grade this submission (see the autograde log)",
        "not graded: the grader could not grade this submission (see the autograde log)",
        "not graded: 'mine' is not a grade cell of hw1",
    ]


def test_a_child_that_cannot_be_locked_stops_the_run(grading, monkeypatch):
    _, config, _ = grading

    def refused(*args, **options):
        raise NotIsolated("no Landlock here")

    monkeypatch.setattr(pre, "grade_submission", refused)
    with pytest.raises(NoOSLock) as caught:
        GradeOutsideKernel(config=config, secret="s").preprocess(notebook(), RESOURCES)
    assert str(caught.value) == "dtlearn autograde: no Landlock here"


def test_a_machine_without_the_lock_stops_before_grading(grading, monkeypatch):
    calls, config, _ = grading
    monkeypatch.setattr(
        "dtlearn.exercises.homework.oslock.available", lambda: {"ok": False, "why": "old kernel"}
    )
    with pytest.raises(NoOSLock) as caught:
        GradeOutsideKernel(config=config, secret="s").preprocess(notebook(), RESOURCES)
    assert str(caught.value) == (
        "dtlearn autograde: this machine cannot lock the grading child (old kernel), nothing "
        "graded. Grade on Linux 5.13 or later with Landlock, or pass "
        "--GradeOutsideKernel.without_os_lock=True to grade with the Python-level lock alone "
        "(docs/GRADING.md)"
    )
    assert calls == []


def test_no_secret_stops_the_run_unless_it_is_a_practice_run(grading):
    calls, config, tmp_path = grading
    with pytest.raises(NoGradingSecret) as caught:
        GradeOutsideKernel(config=config).preprocess(notebook(), RESOURCES)
    assert str(caught.value) == (
        f"dtlearn autograde: no grading secret, nothing graded. Set DTLEARN_GRADING_SECRET, "
        f"or write it to {tmp_path}/grading_secret (never publish it); for a practice run "
        f"without it (hidden grade cells score 0) pass "
        f"--GradeOutsideKernel.without_secret=True"
    )
    assert isinstance(caught.value, SystemExit) and calls == []
    GradeOutsideKernel(config=config, without_secret=True).preprocess(notebook(), RESOURCES)
    assert calls[-1][2]["secret"] is None


def test_an_assignment_that_is_no_homework_is_refused(grading):
    _, config, _ = grading
    with pytest.raises(ValueError) as caught:
        GradeOutsideKernel(config=config, secret="s").preprocess(
            notebook(), {"nbgrader": {"assignment": "ps1", "student": "ada"}}
        )
    assert str(caught.value) == "GradeOutsideKernel grades ['hw1', 'hw2', 'hw3'], not 'ps1'"
    with pytest.raises(ValueError, match="not ''$"):
        GradeOutsideKernel(config=config, secret="s").preprocess(notebook(), {})


def test_the_options_an_instructor_can_set_and_their_defaults():
    names = set(GradeOutsideKernel.class_trait_names(config=True))
    assert {"secret", "without_secret", "without_os_lock", "submission_seconds"} <= names
    grader = GradeOutsideKernel()
    assert (
        grader.secret,
        grader.without_secret,
        grader.without_os_lock,
        grader.submission_seconds,
    ) == ("", False, False, 120.0)
    config = Config()
    config.GradeOutsideKernel.without_secret = True
    config.GradeOutsideKernel.submission_seconds = 30.0
    configured = GradeOutsideKernel(config=config)
    assert (configured.without_secret, configured.submission_seconds) == (True, 30.0)
    assert issubclass(NoGradingSecret, SystemExit) and issubclass(NoOSLock, SystemExit)
