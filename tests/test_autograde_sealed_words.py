"""How a visible grade cell's verdict grows with the sealed cases and the cells' problems.

:func:`grade_submission` with the children replaced by this process (each child knows
its place: 0 shows, 1 holds the sealed and hidden cases, 2 the gain's own entropy):

- a wrong visible answer keeps its feedback and gains one line counting the further
  cases that are wrong; a sealed part that fails with no case wrong says "some";
- a passed cell says nothing, even when the cells ran into problems; a failed one names
  the problems of the child that graded it (the visible child's for a visible cell).
"""

import pytest
from fixtures.in_process_jail import InProcessJail

from dtlearn.exercises import check_entropy
from dtlearn.exercises.homework import autograde
from dtlearn.exercises.homework.autograde import grade_submission, seed_of

ENTROPY = (
    "import math\n"
    "def _right(counts):\n"
    "    total = sum(counts)\n"
    "    return -sum(c / total * math.log2(c / total) for c in counts if c)\n"
)


class Child(InProcessJail):
    made: list = []


@pytest.fixture
def graded(monkeypatch):
    Child.made = []
    monkeypatch.setattr(autograde, "Jail", Child)

    def run(body, grade_id="hw1_check_entropy_bits"):
        cells = [ENTROPY + "def entropy(counts):\n" + body]
        (verdict,) = grade_submission("hw1", cells, student="ada", secret="s", grade_ids=[grade_id])
        return verdict

    return run


SEALED = "of the further cases drawn when graded are wrong (they stay hidden)"


def test_a_wrong_visible_answer_keeps_its_feedback_and_counts_the_wrong_sealed_cases(graded):
    verdict = graded("    return 0.5\n")

    def entropy(counts):
        return 0.5

    shown = check_entropy(entropy, part="bits", seed=seed_of("ada"), which="visible")
    assert not shown.passed
    assert verdict.text == f"{shown}\n2 {SEALED}"
    assert not verdict.passed


def test_a_sealed_part_that_fails_with_no_case_wrong_says_some(graded):
    verdict = graded(
        "    if PLACE == 1:\n        raise NotImplementedError()\n    return _right(counts)\n"
    )
    assert (verdict.passed, verdict.text) == (
        False,
        f"check_entropy (bits): failed — some {SEALED}",
    )


def test_a_passed_cell_says_nothing_of_the_cells_problems(graded):
    verdict = graded("    return _right(counts)\n# PROBLEM\n")
    assert (verdict.passed, verdict.text) == (True, "")


def test_a_failed_visible_cell_names_the_visible_child_s_problems(graded):
    verdict = graded(
        "    return 0.0 if PLACE == 1 else _right(counts)\n# PROBLEM\n", "hw1_check_entropy_edge"
    )
    assert not verdict.passed
    assert verdict.text.endswith("\n(when your solution cells ran: problem in child 0)")
