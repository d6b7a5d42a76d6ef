"""``make notebook NB=...`` (tools/course.py ``notebook``): one notebook, both versions.

Which instructor notebook a number, name or path names is checked against the real course;
the build itself runs on a one-notebook course in a temporary folder (a real kernel), so
the course's stored outputs are not touched.
"""

import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
# the module the other tests import: the course's process pool pickles its functions by name,
# so a second copy of tools/course.py in one test process would not be the one it finds
import course  # noqa: E402


@pytest.mark.parametrize(
    "spec, name",
    [
        ("09", "09_cost_complexity.ipynb"),
        ("9", "09_cost_complexity.ipynb"),
        ("08", "08_rule_post_pruning.ipynb"),
        ("8b", "08b_pessimistic_pruning.ipynb"),
        ("00_start_here", "00_start_here.ipynb"),
        ("instructor/10_regression_trees.ipynb", "10_regression_trees.ipynb"),
        ("notebooks/03_gain_ratio.ipynb", "03_gain_ratio.ipynb"),
        (str(ROOT / "instructor" / "01_impurity.ipynb"), "01_impurity.ipynb"),
    ],
)
def test_nb_names_one_instructor_lecture(spec, name):
    assert course.find_notebook(spec) == ROOT / "instructor" / name


@pytest.mark.parametrize("spec", ["hw2", "notebooks/homework/hw2/hw2.ipynb"])
def test_nb_names_an_assignment_by_name_or_released_path(spec):
    assert course.find_notebook(spec) == ROOT / "instructor/homework/source/hw2/hw2.ipynb"


@pytest.mark.parametrize("spec", ["99", "impurity", "notebooks/nope.ipynb", ""])
def test_nb_that_names_no_notebook_lists_the_choices(spec):
    with pytest.raises(FileNotFoundError, match=r"one of: 00, 01, .*08b.*hw1"):
        course.find_notebook(spec)


def test_one_notebook_executes_it_and_regenerates_its_student_version(tmp_path, monkeypatch):
    instructor, student = tmp_path / "instructor", tmp_path / "notebooks"
    (instructor / "homework" / "source").mkdir(parents=True)
    (instructor / "data").mkdir()
    (instructor / "data" / "numbers.txt").write_text("21\n")
    nb = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell(
                "x = int(open('data/numbers.txt').read())\n"
                "### BEGIN SOLUTION\nanswer = 2 * x\n### END SOLUTION"
            ),
            nbformat.v4.new_code_cell("print(answer)"),
        ]
    )
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, instructor / "01_tiny.ipynb")
    nbformat.write(nb, instructor / "02_other.ipynb")
    for name, value in [
        ("ROOT", tmp_path),
        ("INSTRUCTOR", instructor),
        ("STUDENT", student),
        ("HOMEWORK", instructor / "homework"),
    ]:
        monkeypatch.setattr(course, name, value)

    written = course.one_notebook("1")

    assert written == [instructor / "01_tiny.ipynb", student / "01_tiny.ipynb"]
    done = nbformat.read(instructor / "01_tiny.ipynb", as_version=4)
    assert done.cells[1].outputs[0]["text"] == "42\n"
    mine = nbformat.read(student / "01_tiny.ipynb", as_version=4)
    assert "2 * x" not in mine.cells[0].source and "YOUR ANSWER HERE" in mine.cells[0].source
    assert mine.cells[1].outputs[0]["text"] == "None\n"  # run, with the stub in place
    assert (student / "data" / "numbers.txt").exists()
    assert not (student / "02_other.ipynb").exists()  # only the notebook asked for
