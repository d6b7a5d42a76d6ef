"""nbgrader for the instructor and graders: the private course folder and the exchange.

Install as ``~/.jupyter/nbgrader_config.py`` of the grading account (docs/HUB.md). It points nbgrader at the private grading copy of the
course folder (``instructor/homework`` of a private clone: sources with solutions and
hidden tests, and the gradebook) and at the exchange the students' servers share.

Paths come from the environment where a deployment differs: ``DTLEARN_COURSE_DIR``
(default ``~/dtlearn-grading/instructor/homework``) and ``NBGRADER_EXCHANGE`` (default
``/srv/nbgrader/exchange``). The course folder's own ``nbgrader_config.py`` is read as well
when nbgrader runs inside it: the stubs, and how autograde computes the grade (outside the
student's kernel, docs/GRADING.md). The grading secret (hidden cases) is the course
folder's ``grading_secret`` file or ``DTLEARN_GRADING_SECRET``; it stays on this account.
After ``nbgrader autograde hwN``, ``python -m dtlearn.exercises.homework.similarity
"$DTLEARN_COURSE_DIR" hwN`` ranks the submissions that share code (docs/EXAMS.md).
"""

import os

c = get_config()  # noqa: F821 - provided by traitlets when nbgrader loads this file

c.CourseDirectory.course_id = "dtlearn"
c.CourseDirectory.root = os.environ.get(
    "DTLEARN_COURSE_DIR", os.path.expanduser("~/dtlearn-grading/instructor/homework")
)
c.Exchange.root = os.environ.get("NBGRADER_EXCHANGE", "/srv/nbgrader/exchange")
c.Exchange.path_includes_course = False


# Late submissions (docs/TEACHING.md, "Release the homework with its due date"): a
# submission after the assignment's due date (`nbgrader db assignment add hwN
# --duedate=...`) loses every point autograde gave it (nbgrader computes the penalty at
# autograde, so hand-given points count); "none" would only record the lateness.
c.LateSubmissionPlugin.penalty_method = "zero"
