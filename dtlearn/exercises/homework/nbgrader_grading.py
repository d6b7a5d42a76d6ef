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
else the file ``grading_secret`` in the course directory.

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
from traitlets import Unicode

from .autograde import GRADE_CELLS, grade_submission, secret_from

__all__ = ["GradeOutsideKernel"]


class GradeOutsideKernel(NbGraderPreprocessor):
    """Grade a submission's code cells outside its kernel (see the module)."""

    secret = Unicode("", help="The grading secret (else DTLEARN_GRADING_SECRET, else the "
                              "course directory's grading_secret file).").tag(config=True)

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        """Write every grade cell's verdict into its outputs."""
        info = resources.get("nbgrader", {})
        homework = info.get("assignment", "")
        student = info.get("student", "")
        spec = GRADE_CELLS.get(homework)
        grade_cells = [c for c in nb.cells if c.cell_type == "code"
                       and c.metadata.get("nbgrader", {}).get("grade")]
        if spec is None:
            raise ValueError(f"GradeOutsideKernel grades {sorted(GRADE_CELLS)}, not "
                             f"{homework!r}")
        unknown = [c.metadata["nbgrader"].get("grade_id") for c in grade_cells
                   if c.metadata["nbgrader"].get("grade_id") not in spec]
        if unknown:
            raise ValueError(f"{homework}: grade cells {unknown} are not known to "
                             f"dtlearn.exercises.homework.autograde.GRADE_CELLS")
        cells = [c.source for c in nb.cells if c.cell_type == "code"
                 and c.metadata.get("nbgrader", {}).get("solution")]
        root = CourseDirectory(config=self.config).root
        secret = self.secret or secret_from(root)
        if secret is None:
            self.log.warning("no grading secret: the hidden grade cells of %s score 0 "
                             "(set DTLEARN_GRADING_SECRET or write %s/grading_secret)",
                             homework, root)
        start = time.monotonic()
        verdicts = {v.grade_id: v for v in grade_submission(
            homework, cells, student=student, secret=secret,
            grade_ids=[c.metadata["nbgrader"]["grade_id"] for c in grade_cells])}
        self.log.info("graded %s of %s outside the kernel in %.1f s", homework, student,
                      time.monotonic() - start)
        for cell in grade_cells:
            verdict = verdicts[cell.metadata["nbgrader"]["grade_id"]]
            cell.execution_count = None
            cell.outputs = [] if verdict.passed else [NotebookNode(
                output_type="error", ename="AssertionError", evalue=verdict.text,
                traceback=verdict.text.splitlines())]
        return nb, resources
