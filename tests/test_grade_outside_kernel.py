"""GradeOutsideKernel's bookkeeping: which cells it sends, what each grade cell then shows.

The grader itself (a locked child per submission) is replaced by a stand-in that records
its arguments and returns chosen verdicts: these tests pin what nbgrader's notebook
receives. The real grading path runs in the slow nbgrader round-trip tests.
"""

import pytest

pytest.importorskip("nbgrader")

from nbformat import v4

from dtlearn.exercises.homework import nbgrader_preprocessor as pre
from dtlearn.exercises.homework.autograde import Verdict


def _cell(source, grade_id, *, grade=False, solution=False):
    cell = v4.new_code_cell(source)
    cell.metadata["nbgrader"] = {
        "grade": grade,
        "solution": solution,
        "locked": grade,
        "grade_id": grade_id,
        "schema_version": 3,
        **({"points": 1} if grade else {}),
    }
    return cell


def _notebook():
    return v4.new_notebook(
        cells=[
            v4.new_markdown_cell("# hw1"),
            _cell("def entropy(c):\n    return 1", "entropy_solution", solution=True),
            v4.new_code_cell("print('scratch')"),
            _cell("check_entropy('bits')", "hw1_check_entropy_bits", grade=True),
            _cell("check_entropy('edge')", "hw1_check_entropy_edge", grade=True),
            _cell("check('x')", "not_a_check", grade=True),
        ]
    )


@pytest.fixture()
def grader(monkeypatch, tmp_path):
    calls = []

    def fake(homework, cells, *, student, secret, grade_ids, seconds, require_os_lock):
        calls.append(
            dict(
                homework=homework,
                cells=cells,
                student=student,
                secret=secret,
                grade_ids=grade_ids,
                seconds=seconds,
                lock=require_os_lock,
            )
        )
        return [
            Verdict("hw1_check_entropy_bits", True, ""),
            Verdict("hw1_check_entropy_edge", False, "check_entropy: failed\n  ✗ x"),
        ]

    monkeypatch.setattr(pre, "grade_submission", fake)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DTLEARN_GRADING_SECRET", raising=False)
    return calls


def _run(nb, **options):
    kernel = pre.GradeOutsideKernel(without_os_lock=True, **options)
    return kernel.preprocess(nb, {"nbgrader": {"assignment": "hw1", "student": "ada"}})[0]


def test_each_grade_cell_shows_its_verdict(grader):
    nb = _run(_notebook(), secret="s3cret")
    assert grader == [
        dict(
            homework="hw1",
            cells=["def entropy(c):\n    return 1"],
            student="ada",
            secret="s3cret",
            grade_ids=["hw1_check_entropy_bits", "hw1_check_entropy_edge"],
            seconds=pre.GradeOutsideKernel().submission_seconds,
            lock=False,
        )
    ]
    bits, edge, other = nb.cells[3], nb.cells[4], nb.cells[5]
    assert bits.outputs == []
    assert [(o.output_type, o.ename, o.evalue, o.traceback) for o in edge.outputs] == [
        (
            "error",
            "AssertionError",
            "check_entropy: failed\n  ✗ x",
            ["check_entropy: failed", "  ✗ x"],
        )
    ]
    assert other.outputs[0].evalue == "not graded: 'not_a_check' is not a grade cell of hw1"
    assert nb.cells[2].outputs == []  # not a grade cell: untouched


def test_a_grader_that_fails_scores_every_grade_cell_zero_with_a_reason(grader, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("child died")

    monkeypatch.setattr(pre, "grade_submission", broken)
    nb = _run(_notebook(), secret="s")
    assert [c.outputs[0].evalue for c in nb.cells[3:5]] == [
        "not graded: the grader could not grade this submission (see the autograde log)"
    ] * 2


def test_no_secret_stops_the_run_unless_it_is_a_practice_run(grader, tmp_path):
    with pytest.raises(pre.NoGradingSecret, match="no grading secret, nothing graded"):
        _run(_notebook())
    assert grader == []
    _run(_notebook(), without_secret=True)
    assert grader[-1]["secret"] is None
    (tmp_path / "grading_secret").write_text("from-file\n")
    _run(_notebook())
    assert grader[-1]["secret"] == "from-file"


def test_an_unknown_homework_is_refused(grader):
    kernel = pre.GradeOutsideKernel(without_os_lock=True, secret="s")
    with pytest.raises(ValueError, match="GradeOutsideKernel grades .*not 'hw9'"):
        kernel.preprocess(_notebook(), {"nbgrader": {"assignment": "hw9", "student": "a"}})


def test_an_earlier_copy_of_a_solution_cell_is_still_sent_in_order(grader):
    nb = _notebook()
    nb.cells.insert(1, _cell("def entropy(c):\n    return 0", "entropy_solution", solution=True))
    nb, _ = pre.RepairCellMetadata().preprocess(nb, {})
    assert nb.cells[1].metadata["dtlearn"] == {"copy_of": "entropy_solution"}
    assert "nbgrader" not in nb.cells[1].metadata
    _run(nb, secret="s")
    assert grader[-1]["cells"] == ["def entropy(c):\n    return 0", "def entropy(c):\n    return 1"]
