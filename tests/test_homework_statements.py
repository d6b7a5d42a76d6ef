"""Each homework states every rule its checks rely on: a student must be able to read,
in the statement, what the check in ``dtlearn/exercises/homework/`` will hold them to."""

import re
from pathlib import Path

import nbformat
import pytest

SOURCE = Path(__file__).resolve().parents[1] / "instructor" / "homework" / "source"


def statement(name):
    """The markdown of an assignment, without its model answers."""
    nb = nbformat.read(SOURCE / name / f"{name}.ipynb", as_version=4)
    text = "\n".join(
        c.source for c in nb.cells if c.cell_type == "markdown" and "BEGIN SOLUTION" not in c.source
    )
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize(
    "name, rule, pattern",
    [
        # hw1: entropy of counts that are all 0 (an unused category), and an empty value's weight
        ("hw1", "entropy of all-zero counts", r"\*\*all 0\*\*.{0,60}return 0"),
        ("hw1", "a value no row has contributes 0", r"value that no row has contributes \*\*0\*\*"),
        (
            "hw1",
            "unused categories may come as empty groups",
            r"unused categories.{0,200}pandas version",
        ),
        ("hw1", "0 log 0 = 0", r"0 \\cdot \\log 0 = 0"),
        # hw2: the stopping rule's zero, the tie tolerance and which tied attribute
        ("hw2", "a gain below 1e-12 is 0", r"gain below `1e-12` as 0"),
        (
            "hw2",
            "gains within 1e-12 are ties",
            r"Gains within `1e-12` of each other are \*\*ties\*\*",
        ),
        (
            "hw2",
            "the first tied attribute wins",
            r"take the \*\*first\*\* tied attribute in the order of `attributes`",
        ),
        (
            "hw2",
            "the majority label on a stop",
            r"majority label \(`y\.value_counts\(\)\.index\[0\]`",
        ),
        (
            "hw2",
            "one branch per value present",
            r"one branch for every value that occurs in `X\[best\]`",
        ),
        # hw3: order, tie and the replacing leaf's label
        ("hw3", "bottom-up order", r"\*\*bottom-up\*\*: children before parents"),
        ("hw3", "a tie prunes", r"\*\*not increase\*\*.{0,80}a tie prunes"),
        (
            "hw3",
            "the replacing leaf's label",
            r"replacing leaf predicts the node's \*\*training majority\*\*",
        ),
    ],
)
def test_homework_statement_states_the_rule_its_check_uses(name, rule, pattern):
    assert re.search(pattern, statement(name)), f"{name} does not state: {rule}"


def test_hw2_model_answer_breaks_ties_with_the_stated_tolerance():
    """The model answer follows the statement: the first attribute within 1e-12 of the best."""
    nb = nbformat.read(SOURCE / "hw2" / "hw2.ipynb", as_version=4)
    code = next(c.source for c in nb.cells if "def id3(" in c.source)
    assert "best_gain - 1e-12" in code and "best_gain <= 1e-12" in code
