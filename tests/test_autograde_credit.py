"""A gain right only with the student's own (wrong) entropy: credited once, not twice.

A student whose entropy is in nats and whose gain applies the right formula to it: the
gain earns its grade cell when the entropy lost points of its own (its ``bits`` cell
failed, or no entropy cell was graded in this run), and not when every entropy cell
graded passed (the ``edge`` cell forgives a consistent log base, so the slip would
otherwise cost nothing anywhere). The student's own entropy is then asked in the third
child only, which never runs ``information_gain``. ``grade_submission`` runs with the
children replaced by this process (see ``fixtures/in_process_jail.py``).
"""

import pytest
from fixtures.in_process_jail import InProcessJail

from dtlearn.exercises.homework import autograde
from dtlearn.exercises.homework.autograde import grade_submission

NATS = (
    "import math\n"
    "def entropy(counts, /):\n"
    "    total = sum(counts)\n"
    "    return -sum(c / total * math.log(c / total) for c in counts if c)\n"
)
GAIN = (
    "def information_gain(feature, labels, /):\n"
    "    feature, labels = list(feature), list(labels)\n"
    "    def h(ys):\n"
    "        return entropy([ys.count(v) for v in set(ys)])\n"
    "    rest = 0.0\n"
    "    for v in set(feature):\n"
    "        ys = [y for x, y in zip(feature, labels) if x == v]\n"
    "        rest += len(ys) / len(labels) * h(ys)\n"
    "    return h(labels) - rest\n"
)


class InProcess(InProcessJail):
    made: list = []


@pytest.fixture
def graded(monkeypatch):
    InProcess.made = []
    monkeypatch.setattr(autograde, "Jail", InProcess)

    def run(ids):
        verdicts = grade_submission("hw1", [NATS, GAIN], student="ada", secret="s", grade_ids=ids)
        return [(v.grade_id, v.passed) for v in verdicts]

    return run


def test_a_gain_graded_alone_is_credited_with_the_student_s_entropy(graded):
    assert graded(["hw1_check_gain_course"]) == [("hw1_check_gain_course", True)]
    shown, closed, own = InProcess.made
    assert set(shown.names) == set(closed.names) == {"information_gain"}
    assert own.names and set(own.names) == {"entropy"}


def test_a_gain_is_credited_when_an_entropy_cell_failed(graded):
    assert graded(["hw1_check_entropy_bits", "hw1_check_gain_course"]) == [
        ("hw1_check_entropy_bits", False),
        ("hw1_check_gain_course", True),
    ]
    assert InProcess.made[2].names and set(InProcess.made[2].names) == {"entropy"}


def test_a_gain_is_not_credited_when_every_entropy_cell_passed(graded):
    assert graded(["hw1_check_entropy_edge", "hw1_check_gain_course"]) == [
        ("hw1_check_entropy_edge", True),
        ("hw1_check_gain_course", False),
    ]
    assert InProcess.made[2].names == []  # the own entropy is never asked
