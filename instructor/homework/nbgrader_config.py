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
