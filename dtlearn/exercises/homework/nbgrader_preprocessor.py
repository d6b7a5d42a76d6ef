"""nbgrader's side of the homework grade: a preprocessor in place of ``Execute``.

The course's ``nbgrader_config.py`` puts :class:`GradeOutsideKernel` where nbgrader's
``autograde`` would execute the submission in a kernel. It reads the submission's solution
cells (the text nbgrader has already checked against the release: locked cells restored),
grades them with :func:`~dtlearn.exercises.homework.autograde.grade_submission` (a locked
child process per submission, the student's seed from the nbgrader student id, hidden
cases from the grading secret), and writes each grade cell's verdict as its output: none
when it passed, an ``AssertionError`` with the check's words when it did not. nbgrader's
``SaveAutoGrades`` then scores the cells as usual. The student's code never runs in the
kernel, so nothing it rebinds there can reach a grade.

The grading secret: the preprocessor's ``secret`` option, else ``DTLEARN_GRADING_SECRET``,
else the file ``grading_secret`` in the course directory. Without one, autograde stops
before grading anything (:class:`NoGradingSecret`), unless the instructor asks for a
practice run with ``--GradeOutsideKernel.without_secret=True`` (the hidden cells then score 0).

Examples
--------
>>> GradeOutsideKernel().secret
''
"""

from __future__ import annotations

import time

from nbformat import NotebookNode
from nbgrader.coursedir import CourseDirectory
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Bool, Float, Unicode

from .autograde import GRADE_CELLS, grade_submission, secret_from
from .jail_client import SUBMISSION_SECONDS, NotIsolated

__all__ = ["GradeOutsideKernel", "NoGradingSecret", "NoOSLock", "RepairCellMetadata"]


class RepairCellMetadata(NbGraderPreprocessor):
    """nbgrader's ``DeduplicateIds``, made safe for one student's edited notebook.

    In the course's ``sanitize_preprocessors`` in its place. nbgrader's empties the
    metadata of every earlier copy of a cell (a solution cell copied and pasted in
    JupyterLab keeps its ``grade_id``), and ``CheckCellMetadata`` then stops the whole
    autograde run on that empty metadata (``SchemaTooOldError``): every later student is
    left ungraded. Here an earlier copy loses its nbgrader metadata altogether (it becomes an
    ordinary cell; the last copy keeps the ``grade_id``, as nbgrader chooses), and an earlier
    copy of a *solution* cell is marked ``metadata.dtlearn.copy_of`` so that
    :class:`GradeOutsideKernel` still runs it in notebook order, as the student's kernel did.
    Metadata that does not validate (edited by hand) is upgraded if nbgrader can, else
    removed; nbgrader then restores locked and grade cells from its gradebook as usual.

    Examples
    --------
    >>> from nbformat.v4 import new_code_cell, new_notebook
    >>> meta = {"nbgrader": {"grade": False, "grade_id": "a", "locked": False,
    ...                      "schema_version": 3, "solution": True, "task": False}}
    >>> nb = new_notebook(cells=[new_code_cell("x = 1", metadata=meta),
    ...                          new_code_cell("x = 2", metadata=meta)])
    >>> nb, _ = RepairCellMetadata().preprocess(nb, {})
    >>> [c.metadata.get("dtlearn") for c in nb.cells], "nbgrader" in nb.cells[1].metadata
    ([{'copy_of': 'a'}, None], True)
    """

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        """Remove duplicated and invalid nbgrader metadata (see the class)."""
        from copy import deepcopy

        from nbgrader import utils
        from nbgrader.nbgraderformat import MetadataValidator

        validator = MetadataValidator()
        last: dict = {}
        for index, cell in enumerate(nb.cells):
            cell.metadata.pop("dtlearn", None)  # only this preprocessor writes it
            if "nbgrader" not in cell.metadata:
                continue
            try:
                validator.validate_cell(cell)
            except Exception:  # noqa: BLE001 - any invalid metadata: repair or remove
                try:
                    fixed = validator.upgrade_cell_metadata(deepcopy(cell))
                    validator.validate_cell(fixed)
                    cell.metadata = fixed.metadata
                except Exception:  # noqa: BLE001
                    self.log.warning(
                        "cell %d: nbgrader metadata that does not validate, removed", index
                    )
                    del cell.metadata["nbgrader"]
                    continue
            if utils.is_grade(cell) or utils.is_solution(cell) or utils.is_locked(cell):
                last[cell.metadata["nbgrader"]["grade_id"]] = index
        for index, cell in enumerate(nb.cells):
            meta = cell.metadata.get("nbgrader")
            if not meta or not (
                utils.is_grade(cell) or utils.is_solution(cell) or utils.is_locked(cell)
            ):
                continue
            grade_id = meta["grade_id"]
            if last[grade_id] != index:
                self.log.warning(
                    "cell with id %r exists more than once: the last copy keeps the id", grade_id
                )
                if utils.is_solution(cell) and cell.cell_type == "code":
                    cell.metadata["dtlearn"] = {"copy_of": grade_id}
                del cell.metadata["nbgrader"]
        return nb, resources


class NoGradingSecret(SystemExit):
    """Autograde was started without the grading secret (it stops the whole run).

    A ``SystemExit``: nbgrader goes on to the next submission after an ordinary exception,
    and would grade the whole class with 0 on every hidden cell.
    """


class NoOSLock(SystemExit):
    """The grading child cannot get the OS-level lock on this machine (it stops the run)."""


class GradeOutsideKernel(NbGraderPreprocessor):
    """Grade a submission's code cells outside its kernel (see the module)."""

    secret = Unicode(
        "",
        help="The grading secret (else DTLEARN_GRADING_SECRET, else the "
        "course directory's grading_secret file).",
    ).tag(config=True)
    without_secret = Bool(
        False,
        help="Grade without the grading secret (a practice run: "
        "the hidden grade cells score 0). Without this "
        "option, autograde stops when it finds no secret.",
    ).tag(config=True)
    without_os_lock = Bool(
        False,
        help="Grade even where the kernel cannot lock the grading "
        "child (no Landlock or seccomp: not Linux, an old "
        "kernel): the Python-level lock alone then stands "
        "between a hostile submission and the course "
        "directory. Without this option autograde stops "
        "there.",
    ).tag(config=True)
    submission_seconds = Float(
        SUBMISSION_SECONDS,
        help="Wall-clock seconds one submission "
        "may take; when they run out, the grade cells graded so far "
        "keep their points and the rest score 0, their feedback "
        "naming the call that ran out of time.",
    ).tag(config=True)

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        """Write every grade cell's verdict into its outputs."""
        info = resources.get("nbgrader", {})
        homework = info.get("assignment", "")
        student = info.get("student", "")
        spec = GRADE_CELLS.get(homework)
        grade_cells = [
            c
            for c in nb.cells
            if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("grade")
        ]
        if spec is None:
            raise ValueError(f"GradeOutsideKernel grades {sorted(GRADE_CELLS)}, not {homework!r}")
        cells = [
            c.source
            for c in nb.cells
            if c.cell_type == "code"
            and (
                c.metadata.get("nbgrader", {}).get("solution")
                or "copy_of" in c.metadata.get("dtlearn", {})
            )
        ]
        root = CourseDirectory(config=self.config).root
        secret = self.secret or secret_from(root)
        if secret is None and not self.without_secret:
            raise NoGradingSecret(
                f"dtlearn autograde: no grading secret, nothing graded. Set "
                f"DTLEARN_GRADING_SECRET, or write it to {root}/grading_secret (never "
                f"publish it); for a practice run without it (hidden grade cells score 0) "
                f"pass --GradeOutsideKernel.without_secret=True"
            )
        if not self.without_os_lock:
            from .oslock import available

            found = available()
            if not found["ok"]:
                raise NoOSLock(
                    f"dtlearn autograde: this machine cannot lock the grading "
                    f"child ({found['why']}), nothing graded. Grade on Linux "
                    f"5.13 or later with Landlock, or pass "
                    f"--GradeOutsideKernel.without_os_lock=True to grade with "
                    f"the Python-level lock alone (docs/GRADING.md)"
                )
        if secret is None:
            self.log.warning(
                "practice run without the grading secret: the hidden grade cells of %s score 0",
                homework,
            )
        start = time.monotonic()
        ids = [c.metadata["nbgrader"].get("grade_id") for c in grade_cells]
        known = [i for i in ids if i in spec]
        verdicts: dict = {}
        try:
            verdicts = {
                v.grade_id: v
                for v in grade_submission(
                    homework,
                    cells,
                    student=student,
                    secret=secret,
                    grade_ids=known,
                    seconds=self.submission_seconds,
                    require_os_lock=not self.without_os_lock,
                )
            }
        except NotIsolated as exc:
            raise NoOSLock(f"dtlearn autograde: {exc}") from exc
        except Exception:  # noqa: BLE001 - one submission never stops the class
            self.log.exception(
                "could not grade %s of %s: its grade cells score 0", homework, student
            )
        self.log.info(
            "graded %s of %s outside the kernel in %.1f s",
            homework,
            student,
            time.monotonic() - start,
        )
        for cell, grade_id in zip(grade_cells, ids):
            verdict = verdicts.get(grade_id)
            if verdict is None:
                text = (
                    "not graded: the grader could not grade this submission (see the autograde log)"
                    if grade_id in spec
                    else f"not graded: {grade_id!r} is not a grade cell of {homework}"
                )
            else:
                text = "" if verdict.passed else verdict.text
            cell.execution_count = None
            cell.outputs = (
                []
                if verdict is not None and verdict.passed
                else [
                    NotebookNode(
                        output_type="error",
                        ename="AssertionError",
                        evalue=text,
                        traceback=text.splitlines(),
                    )
                ]
            )
        return nb, resources
