"""Keep pytest/nbval away from nbgrader's generated folders.

``pytest --nbval notebooks/`` checks the instructor versions in ``source/`` (they carry their
outputs). The student versions that ``make student-homework`` writes to ``release/`` (and
nbgrader's ``autograded/``, ``submitted/``, ``feedback/``) have no outputs and stubs that raise
``NotImplementedError``; tests/test_course.py checks those separately.
"""

collect_ignore_glob = ["release/*", "autograded/*", "submitted/*", "feedback/*"]
