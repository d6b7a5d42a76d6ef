"""Shared test set-up: the Weka fixture parser is importable as ``weka_output``."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "fixtures"))

# cell sources of cheating submissions, pasted into notebooks by the round-trip test: never
# imported as modules (--doctest-modules would run them)
collect_ignore_glob = ["homework_attacks/*"]


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    """Figure functions open pyplot figures when given no Axes; close them after each test."""
    yield
    import sys as _sys

    if "matplotlib.pyplot" in _sys.modules:
        _sys.modules["matplotlib.pyplot"].close("all")


SLOW = {
    "test_book.py": "builds the course website with Jupyter Book and renders it in Chromium",
    "test_static_export.py": "nbconvert's HTML of every app, read in Chromium",
    "test_jupyterlite.py": "builds the JupyterLite site",
    "test_student_repo.py": "builds a student repository and installs it into a fresh venv",
    "test_wheel.py": "builds the wheel and installs it into a fresh venv",
    "test_teaching.py": "the instructor's runbook end to end",
    "test_nbgrader_roundtrip.py": "nbgrader generate, collect and autograde round trips",
    "test_grading_class.py": "autograde at class size",
    "test_homework_grading.py": "every homework graded in locked child processes",
    "test_grading_isolation.py": "each attack on the grading lock in a child of its own",
    "test_homework_checks.py": "every homework check against every wrong algorithm",
    "test_course.py": "reads and checks every lecture notebook",
    "test_student_course.py": "the generated student course against the instructor's",
    "test_make_notebook.py": "executes notebooks headless",
    "test_course_truth.py": "recomputes every number the lectures state",
    "test_levelwise.py": "hypothesis: level-wise growth equals node-by-node on many data sets",
    "test_estimator_checks.py": "scikit-learn's estimator checks on every learner",
    "test_exams_outputs.py": "typesets exam sheets with Typst",
    "test_hub_config.py": "the hub's nbgrader round trip",
    "test_nbgrader_similarity.py": "nbgrader autograde of a class, then the similarity report",
}
"""Test files ``make check`` leaves to ``make test`` (marked ``slow``), each with why."""

FLOORS = {
    "test_homework_grading.py": "the graders run in locked children on the floors' numpy and pandas",
    "test_homework_checks.py": "each check's reference and wrong algorithms on the floors",
    "test_course.py": "the lecture notebooks' checks and numbers, read with the floors' nbformat",
    "test_course_truth.py": "every number a lecture states, recomputed with the floors",
    "test_make_notebook.py": "notebooks executed with the floors' ipywidgets and matplotlib",
    "test_levelwise.py": "level-wise growth equals node by node under numpy 1.25's kernels",
    "test_estimator_checks.py": "scikit-learn 1.8's estimator checks (its API changes by release)",
    "test_exams_outputs.py": "exam sheets typeset with Typst's floor, 0.15",
}
"""Slow files ``make test-floors`` runs besides the fast tier (marked ``floors``), each with why.

The others are left to ``make test``: they build wheels, sites and virtual environments
(from the current releases whatever the floors are), or run nbgrader itself, whose floor is
the release ``make test`` already installs (0.9.6), around the same graders the files above
run at the floors."""


def pytest_collection_modifyitems(config, items):
    """Mark the tests of :data:`SLOW`'s files ``slow`` and of :data:`FLOORS`' also ``floors``.

    ``-m "not slow"`` is the fast tier; ``-m "not slow or floors"`` what runs at the floors.
    """
    for item in items:
        if item.path.name in SLOW:
            item.add_marker(pytest.mark.slow)
        if item.path.name in FLOORS:
            item.add_marker(pytest.mark.floors)
