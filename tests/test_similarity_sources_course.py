"""Where the similarity report reads its code: an nbgrader course laid out by hand.

``course_documents`` on a small course directory written here (two stages, checkpoint
copies, notebooks of another homework, a cell kept as a list of lines), the released
template of reference cells with code before, between and after the solution regions,
the markers taken out, and every name each similarity module exports.
"""

import importlib
import json

import pytest

from dtlearn.exercises.homework import similarity_sources as sources


def notebook(path, *cells):
    """Write a notebook whose cells are ``(source, is_solution)``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "source": source,
                "metadata": {"nbgrader": {"solution": True}} if solution else {},
            }
            for source, solution in cells
        ]
        + [
            {
                "cell_type": "markdown",
                "source": "x = 0",
                "metadata": {"nbgrader": {"solution": True}},
            }
        ]
    }
    path.write_text(json.dumps(nb), encoding="utf-8")


@pytest.fixture
def course(tmp_path):
    notebook(tmp_path / "submitted" / "ann" / "hw1" / "hw1.ipynb", ("a = 'submitted'", True))
    notebook(tmp_path / "submitted" / "zoe" / "hw1" / "hw1.ipynb", ("z = 1", True))
    notebook(
        tmp_path / "autograded" / "ben" / "hw1" / "b.ipynb",
        (["x = 1\n", "y = 2"], True),
        ("shown = 1", False),
    )
    notebook(tmp_path / "autograded" / "ben" / "hw1" / "a.ipynb", ("first = 1", True))
    notebook(
        tmp_path / "autograded" / "ben" / "hw1" / ".ipynb_checkpoints" / "a-checkpoint.ipynb",
        ("old = 1", True),
    )
    notebook(tmp_path / "autograded" / "cat" / "hw2" / "hw2.ipynb", ("c = 2", True))
    (tmp_path / "autograded" / "notes.txt").write_text("not a student")
    notebook(
        tmp_path / "source" / "hw1" / "hw1.ipynb",
        ("def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION", True),
    )
    return tmp_path


def test_autograded_is_read_first_notebooks_in_name_order(course):
    students, reference = sources.course_documents(course, "hw1")
    assert students == {"ben": ["first = 1", "x = 1\ny = 2"]}
    assert reference == ["def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION"]
    assert sources.course_documents(course, "hw1", stage="autograded") == (students, reference)


def test_submitted_is_read_when_asked_or_when_autograded_lacks_the_homework(course):
    submitted = {"ann": ["a = 'submitted'"], "zoe": ["z = 1"]}
    assert sources.course_documents(course, "hw1", stage="submitted")[0] == submitted
    notebook(course / "submitted" / "cat" / "hw2" / "hw2.ipynb", ("late = 1", True))
    students, reference = sources.course_documents(course, "hw2")
    assert students == {"cat": ["c = 2"]} and reference == []
    with pytest.raises(ValueError) as caught:
        sources.course_documents(course, "hw3")
    assert str(caught.value) == (
        f"course_dir: no submissions of 'hw3' under {course / 'autograded'} or "
        f"{course / 'submitted'}"
    )


def test_the_released_template_stubs_each_region_and_keeps_the_rest():
    cell = (
        "import math\n"
        "def f(x):\n"
        '    """doc"""\n'
        "    ### BEGIN SOLUTION\n"
        "    y = x + 1\n"
        "    return y\n"
        "    ### END SOLUTION\n"
        "\n"
        "def g():\n"
        "        ### BEGIN SOLUTION\n"
        "        return 2\n"
        "        ### END SOLUTION\n"
        "print(f(1))"
    )
    assert sources.released_template([cell, "plain = 1"]) == [
        "import math\n"
        "def f(x):\n"
        '    """doc"""\n'
        "    raise NotImplementedError()\n"
        "\n"
        "def g():\n"
        "        raise NotImplementedError()\n"
        "print(f(1))",
        "plain = 1",
    ]
    assert sources.without_markers([cell]) == [
        "import math\ndef f(x):\n"
        '    """doc"""\n'
        "    y = x + 1\n    return y\n\ndef g():\n        return 2\nprint(f(1))"
    ]
    # hidden-test markers are markers too; a line that only mentions one is code
    assert sources.without_markers(["### BEGIN HIDDEN TESTS\nassert 1\n### END HIDDEN TESTS"]) == [
        "assert 1"
    ]
    assert sources.without_markers(["x = 1  ### BEGIN SOLUTION"]) == ["x = 1  ### BEGIN SOLUTION"]


@pytest.mark.parametrize(
    "module",
    [
        "dtlearn.exercises.homework",
        "dtlearn.exercises.homework.check_formulas",
        "dtlearn.exercises.homework.hw1_measures",
        "dtlearn.exercises.homework.hw2_id3",
        "dtlearn.exercises.homework.hw3_prune",
        "dtlearn.exercises.homework.similarity",
        "dtlearn.exercises.homework.similarity_html",
        "dtlearn.exercises.homework.similarity_sources",
        "dtlearn.exercises.homework.trial_grading",
        "dtlearn.exports",
    ],
)
def test_every_exported_name_exists(module):
    mod = importlib.import_module(module)
    missing = [name for name in mod.__all__ if not hasattr(mod, name)]
    assert missing == [] and len(set(mod.__all__)) == len(mod.__all__)
