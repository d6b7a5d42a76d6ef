"""nbgrader configuration: this folder is the course directory of the dtlearn homework.

Instructor versions live in ``source/hwN/hwN.ipynb``; ``make student-homework`` (from the
repository root) runs ``nbgrader generate_assignment`` and writes the student versions to
``release/hwN/hwN.ipynb`` (git-ignored, as is the gradebook ``gradebook.db``).
"""

import os

c = get_config()  # noqa: F821 - provided by traitlets when nbgrader loads this file

c.CourseDirectory.course_id = "dtlearn"
c.CourseDirectory.root = os.path.dirname(os.path.abspath(__file__)) if "__file__" in globals() \
    else os.getcwd()
# The stub students see in place of every solution region (nbgrader's default, stated here).
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"

# Autograde computes the grade outside the student's kernel: GradeOutsideKernel takes the
# place of nbgrader's Execute, runs the solution cells in a locked child process per
# submission (seed = the nbgrader student id = the hub user name) and writes each grade
# cell's verdict. The hidden cases need the grading secret: DTLEARN_GRADING_SECRET, or the
# file `grading_secret` next to this one (git-ignored; never publish it). See docs/GRADING.md.
# Without the secret autograde stops; --GradeOutsideKernel.without_secret=True is a practice run.
from nbconvert.preprocessors import ClearMetadataPreprocessor  # noqa: E402
from nbgrader.preprocessors import (  # noqa: E402
    AssignLatePenalties,
    CheckCellMetadata,
    ClearOutput,
    IgnorePattern,
    LimitOutput,
    OverwriteCells,
    OverwriteKernelspec,
    SaveAutoGrades,
)

from dtlearn.exercises.homework.nbgrader_preprocessor import (  # noqa: E402
    GradeOutsideKernel,
    RepairCellMetadata,
)

# Each submission may take this many seconds in all (every grade cell together); when they
# run out it keeps the points earned so far and its feedback names the call that hung.
c.GradeOutsideKernel.submission_seconds = 120.0
# A copy-pasted solution cell (same grade_id) or hand-edited metadata must not stop the
# whole run: RepairCellMetadata takes the place of nbgrader's DeduplicateIds.
c.Autograde.sanitize_preprocessors = [
    ClearOutput, RepairCellMetadata, OverwriteKernelspec, OverwriteCells, CheckCellMetadata]

c.Autograde.autograde_preprocessors = [
    GradeOutsideKernel, IgnorePattern, ClearMetadataPreprocessor, LimitOutput,
    SaveAutoGrades, AssignLatePenalties, CheckCellMetadata]
