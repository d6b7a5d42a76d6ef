"""Each grade cell of homework 2 and 3 reaches its own check, part and function.

:func:`grade_submission` runs with ``Jail`` swapped for an in-process stand-in (the
answers are the child's ``_call``), on the instructor's reference solution (every cell
passes: so each cell's check, part and student function are the right ones) and on a
solution that does nothing useful (every cell fails, each naming its own check and part;
the hidden cell in the hidden cell's words). homework 1's routing is pinned in
``test_autograde_verdicts.py``.
"""

import re
from pathlib import Path

import nbformat
import pytest
from fixtures.in_process_jail import InProcessJail

from dtlearn.exercises.homework import autograde
from dtlearn.exercises.homework.autograde import GRADE_CELLS, grade_submission

PREAMBLE = "import math\nimport numpy as np\nimport pandas as pd\nimport dtlearn as dt\n"
HIDDEN = (
    "not passed — some hidden cases are wrong (which ones, and what they are, stays "
    "hidden: the visible parts' hints point to the mistake)"
)


class InProcess(InProcessJail):
    made: list = []


@pytest.fixture
def graded(monkeypatch):
    InProcess.made = []
    monkeypatch.setattr(autograde, "Jail", InProcess)


def reference_cells(homework):
    """The source notebook's solution cells without the solution markers, after the imports."""
    source = Path(__file__).parents[1] / "instructor" / "homework" / "source" / homework
    nb = nbformat.read(source / f"{homework}.ipynb", as_version=4)
    return [PREAMBLE] + [
        "\n".join(
            line
            for line in cell.source.splitlines()
            if not re.match(r"\s*### (BEGIN|END) SOLUTION", line)
        )
        for cell in nb.cells
        if cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("solution")
    ]


def test_the_reference_id3_passes_every_grade_cell_of_homework_2(graded):
    verdicts = grade_submission("hw2", reference_cells("hw2"), student="ada", secret="s")
    ids = ["hw2_check_course", "hw2_check_stopping", "hw2_check_criterion", "hw2_check_hidden"]
    assert [(v.grade_id, v.passed, v.text) for v in verdicts] == [(i, True, "") for i in ids]
    shown, closed, own = InProcess.made
    assert set(shown.names) == set(closed.names) == {"id3"} and own.names == []


def test_an_id3_of_one_leaf_fails_each_cell_in_its_own_words(graded):
    leaf = "def id3(X, y, attributes=None, **kwargs):\n    return 'yes'\n"
    verdicts = grade_submission("hw2", [PREAMBLE, leaf], student="ada", secret=None)
    assert [v.grade_id for v in verdicts] == list(GRADE_CELLS["hw2"])
    for verdict, part in zip(verdicts[:3], ("course", "stopping", "criterion")):
        assert not verdict.passed
        assert verdict.text.startswith(f"check_id3 ({part}): failed — ")
    assert verdicts[3].text == (
        "hidden cases: not run — the grading machine has no grading secret (set "
        "DTLEARN_GRADING_SECRET or write the course directory's grading_secret)"
    )


def test_the_reference_pruning_passes_the_hidden_cell_and_a_no_op_does_not(graded):
    cells = reference_cells("hw3")
    (verdict,) = grade_submission(
        "hw3", cells, student="ada", secret="s", grade_ids=["hw3_check_hidden"]
    )
    assert (verdict.grade_id, verdict.passed, verdict.text) == ("hw3_check_hidden", True, "")
    shown, closed, own = InProcess.made
    assert (shown.names, own.names) == ([], []) and set(closed.names) == {"reduced_error_prune"}
    no_op = "def reduced_error_prune(tree, X_val, y_val):\n    return tree\n"
    (verdict,) = grade_submission(
        "hw3", [PREAMBLE, no_op], student="ada", secret="s", grade_ids=["hw3_check_hidden"]
    )
    assert (verdict.passed, verdict.text) == (
        False,
        f"check_reduced_error_prune (hidden): {HIDDEN}",
    )
