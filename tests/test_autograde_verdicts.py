"""The grader's verdicts and words, with the grading child replaced by this process.

:func:`grade_submission` is run with ``Jail`` swapped for :class:`InProcess`, which runs
the cells here and answers each call exactly as the child does (``jail_child._call`` and
``plain``), so the routing of grade cells between the three children, the extra sealed
cases, the hidden verdict's text and the problems of the cells are pinned without
starting a process. The words for a forbidden call (:func:`_public_name`), the files and
functions each homework forbids and the grading secret's sources are pinned directly.
"""

import os
import sys

import pytest
from fixtures.in_process_jail import InProcessJail

import dtlearn as dt
from dtlearn.exercises.homework import autograde
from dtlearn.exercises.homework.autograde import (
    GRADE_CELLS,
    forbidden_files,
    forbidden_functions,
    grade_submission,
    secret_from,
    seed_of,
)
from dtlearn.exercises.homework.forbidden_calls import ENTROPY_RULE, PRUNE_RULE
from dtlearn.exercises.registry import hash_seed
from dtlearn.exercises.results import Case, CheckResult

ENTROPY = (
    "import math\n"
    "def entropy(counts, /):\n"
    "    total = sum(counts)\n"
    "    return -sum(c / total * math.log2(c / total) for c in counts if c)\n"
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
    PLACE_NAME = "JAIL"
    PROBLEM_TEXT = "problem of child {}"


@pytest.fixture
def graded(monkeypatch):
    InProcess.made = []
    monkeypatch.setattr(autograde, "Jail", InProcess)

    def run(cells, grade_ids, secret="s", student="ada"):
        verdicts = grade_submission(
            "hw1", cells, student=student, secret=secret, grade_ids=grade_ids
        )
        return [(v.grade_id, v.passed, v.text) for v in verdicts]

    return run


def test_a_right_entropy_and_gain_pass_every_cell(graded):
    ids = ["hw1_check_entropy_bits", "hw1_check_gain_course", "hw1_check_gain_hidden"]
    assert graded([ENTROPY, GAIN], ids) == [(i, True, "") for i in ids]
    shown, closed, own = InProcess.made
    # the visible cases in one child, the sealed and hidden ones in another, the gain's
    # own entropy in a third that never runs information_gain
    assert set(shown.names) == {"entropy", "information_gain"}
    assert set(closed.names) == {"entropy", "information_gain"}
    assert set(own.names) <= {"entropy"}
    assert shown.options["require_os_lock"] is True
    assert shown.whole is closed.whole is own.whole and shown.whole.seconds == 120.0
    assert shown.options["forbidden_functions"] == forbidden_functions("hw1")


def test_answers_right_only_where_shown_fail_on_the_sealed_cases(graded):
    lying = (
        ENTROPY
        + "_right = entropy\ndef entropy(counts, /):\n    return 0.0 if JAIL else _right(counts)\n"
    )
    assert graded([lying], ["hw1_check_entropy_bits"]) == [
        (
            "hw1_check_entropy_bits",
            False,
            "check_entropy (bits): failed — 2 of the further cases drawn when graded are "
            "wrong (they stay hidden)",
        )
    ]


def test_without_a_secret_no_sealed_cases_and_the_hidden_cell_says_why(graded):
    lying = (
        ENTROPY
        + "_right = entropy\ndef entropy(counts, /):\n    return 0.0 if JAIL else _right(counts)\n"
    )
    got = graded([lying], ["hw1_check_entropy_bits", "hw1_check_entropy_hidden"], secret=None)
    assert got == [
        ("hw1_check_entropy_bits", True, ""),
        (
            "hw1_check_entropy_hidden",
            False,
            "hidden cases: not run — the grading machine has no grading secret (set "
            "DTLEARN_GRADING_SECRET or write the course directory's grading_secret)",
        ),
    ]


def test_a_wrong_hidden_part_stays_hidden_and_names_the_problems(graded):
    cells = ["def entropy(counts, /):\n    return 0.0\n# PROBLEM\n"]
    (got,) = graded(cells, ["hw1_check_entropy_hidden"])
    assert got == (
        "hw1_check_entropy_hidden",
        False,
        "check_entropy (hidden): not passed — some hidden cases are wrong (which ones, and "
        "what they are, stays hidden: the visible parts' hints point to the mistake)\n"
        "(when your solution cells ran: problem of child 1)",
    )


def test_a_stub_is_not_yet_in_the_hidden_cell_and_gets_no_sealed_cases(graded):
    cells = ["def entropy(counts, /):\n    raise NotImplementedError()\n"]
    got = graded(cells, ["hw1_check_entropy_edge", "hw1_check_entropy_hidden"])
    stub = (
        "entropy raises NotImplementedError: replace `raise NotImplementedError()` with your code"
    )
    assert got == [
        ("hw1_check_entropy_edge", False, f"check_entropy (edge): not yet — {stub}"),
        ("hw1_check_entropy_hidden", False, f"check_entropy (hidden): not yet — {stub}"),
    ]
    # each cell: one call to read the unit, one that says "not yet"; no sealed cases after
    assert InProcess.made[0].names == InProcess.made[1].names == ["entropy", "entropy"]


def test_the_hidden_text_for_each_status():
    assert autograde._hidden_text(CheckResult("c (hidden)", "not yet", "do it")) == (
        "c (hidden): not yet — do it"
    )
    assert autograde._hidden_text(
        CheckResult("c (hidden)", "failed", "x", (Case("a", False, "b"),))
    ) == (
        "c (hidden): not passed — some hidden cases are wrong (which ones, and what they "
        "are, stays hidden: the visible parts' hints point to the mistake)"
    )


def test_an_unknown_homework_is_refused_before_any_child():
    with pytest.raises(ValueError) as caught:
        grade_submission("hw4", [], student="ada", secret="s")
    assert str(caught.value) == "homework must be one of ['hw1', 'hw2', 'hw3'], got 'hw4'"
    with pytest.raises(ValueError) as caught:
        forbidden_files("hw4")
    assert str(caught.value) == "homework must be 'hw1', 'hw2' or 'hw3', got 'hw4'"


def test_the_grade_cells_of_each_homework():
    assert {hw: list(cells) for hw, cells in GRADE_CELLS.items()} == {
        "hw1": [
            "hw1_check_entropy_bits",
            "hw1_check_entropy_edge",
            "hw1_check_entropy_hidden",
            "hw1_check_gain_course",
            "hw1_check_gain_edge",
            "hw1_check_gain_hidden",
        ],
        "hw2": [
            "hw2_check_course",
            "hw2_check_stopping",
            "hw2_check_criterion",
            "hw2_check_hidden",
        ],
        "hw3": ["hw3_check_valid", "hw3_check_course", "hw3_check_hidden"],
    }
    gain = GRADE_CELLS["hw1"]["hw1_check_gain_edge"]
    assert (gain.check, gain.part, gain.functions) == (
        "check_information_gain",
        "edge",
        ("information_gain", "entropy"),
    )
    prune = GRADE_CELLS["hw3"]["hw3_check_hidden"]
    assert (prune.check, prune.part, prune.functions) == (
        "check_reduced_error_prune",
        "hidden",
        ("reduced_error_prune",),
    )
    assert GRADE_CELLS["hw2"]["hw2_check_stopping"].functions == ("id3",)


# ------------------------------------------------------------------- forbidden words
def source_of(obj):
    return sys.modules[obj.__module__].__file__


def test_a_forbidden_function_is_named_as_a_student_would_name_it():
    assert autograde._public_name(source_of(dt.entropy), "entropy") == "dt.entropy"
    fit = source_of(dt.ID3Classifier)
    assert autograde._public_name(fit, "ID3Classifier.fit") == "dt.ID3Classifier.fit"
    # a method whose class is not dtlearn's public name: the module's name
    module = dt.ID3Classifier.__module__
    assert autograde._public_name(fit, "_Helper.fit") == f"{module}._Helper.fit"
    assert autograde._public_name(fit, "fit") == f"{module}.fit"
    # a function named like a public one, but in another file: not that public name
    assert autograde._public_name(fit, "entropy") == f"{module}.entropy"


def test_a_file_nobody_imported_is_named_by_its_module_or_its_file(tmp_path):
    import sysconfig

    purelib = sysconfig.get_paths()["purelib"]
    path = os.path.join(purelib, "scipy", "stats", "contingency.py")
    assert autograde._public_name(path, "chi2_contingency") == (
        "scipy.stats.contingency.chi2_contingency"
    )
    assert autograde._module_of(os.path.join(purelib, "pkg", "__init__.py")) == "pkg"
    assert autograde._module_of(os.path.join(purelib, "a-b", "c.py")) is None
    assert autograde._module_of(os.path.join(purelib, "a", "c.pyc")) is None
    outside = str(tmp_path / "elsewhere.py")
    assert autograde._module_of(outside) is None
    assert autograde._public_name(outside, "C.f") == "elsewhere.py: C.f"


def test_the_sentence_for_a_forbidden_call_says_whose_and_what_instead():
    words = autograde._words(ENTROPY_RULE)
    assert words(source_of(dt.entropy), "entropy") == (
        "calls dt.entropy, dtlearn's own implementation of the entropy: compute -Σ p·log2(p) "
        "yourself from the counts (math.log2 or numpy.log2)"
    )
    import sysconfig

    path = os.path.join(sysconfig.get_paths()["purelib"], "scipy", "stats", "_entropy.py")
    assert autograde._words(PRUNE_RULE)(path, "entropy") == (
        "calls scipy.stats._entropy.entropy, a library's implementation of pruning: visit the "
        "inner nodes yourself, children before parents, and compare validation errors with "
        "tree.with_leaves_at([...]) and tree.predict(X_val)"
    )


# ------------------------------------------------------------------- forbidden files
def relative(files):
    root = os.path.dirname(dt.__file__) + os.sep
    return {f[len(root) :].replace(os.sep, "/") for f in files if f.startswith(root)}


def not_dtlearn(files):
    """The files outside dtlearn's folder (a mutation venv's path may hold "dtlearn")."""
    root = os.path.dirname(dt.__file__) + os.sep
    return [f for f in files if not f.startswith(root)]


def in_package(path):
    """``scipy/stats/_stats_py.py`` of a library file, wherever the library lies."""
    parts = path.split(os.sep)
    start = max(i for i, part in enumerate(parts) if part in ("scipy", "sklearn"))
    return "/".join(parts[start:])


def test_homework_1_and_2_forbid_every_dtlearn_file_but_data_and_the_tree():
    mine = relative(forbidden_files("hw1"))
    assert relative(forbidden_files("hw2")) == mine
    for allowed in (
        "__init__.py",
        "_moved.py",
        "data.py",
        "tree.py",
        "datasets/__init__.py",
        "exports/json_io.py",
        "exercises/homework/jail_child.py",
    ):
        assert allowed not in mine, allowed
    for forbidden in (
        "measures/impurity.py",
        "weka_arithmetic.py",
        "learners/c45.py",
        "pruning/reduced_error.py",
        "exercises/homework/autograde.py",
        "exercises/__init__.py",
    ):
        assert forbidden in mine, forbidden
    others = set(not_dtlearn(forbidden_files("hw1")))
    # where the dependencies lie differs (site-packages, a mutation venv's lib/deps)
    for module in (
        "scipy/stats/_entropy.py",
        "scipy/stats/contingency.py",
        "sklearn/metrics/cluster/_supervised.py",
        "sklearn/tree/_classes.py",
    ):
        assert any(f.endswith(os.sep + module.replace("/", os.sep)) for f in others), module


def test_homework_3_forbids_the_pruners_and_the_checks_only():
    files = forbidden_files("hw3")
    mine = relative(files)
    assert "pruning/reduced_error.py" in mine and "weka_arithmetic.py" in mine
    assert "exercises/homework/hw3_prune.py" in mine
    assert "exercises/homework/jail_child.py" not in mine
    assert "measures/impurity.py" not in mine and "learners/c45.py" not in mine
    assert all(rel.startswith(("pruning/", "weka_arithmetic.py", "exercises/")) for rel in mine)
    assert sorted(in_package(f) for f in not_dtlearn(files)) == [
        "sklearn/metrics/cluster/_supervised.py",
        "sklearn/tree/_classes.py",
    ]
    assert files == sorted(files)


def test_the_g_statistic_is_forbidden_in_homework_1_and_2_only():
    found = [(in_package(f), name) for f, name in forbidden_functions("hw1")]
    assert found == [
        ("scipy/stats/_stats_py.py", "power_divergence"),
        ("scipy/stats/_stats_py.py", "_power_divergence"),
    ]
    assert forbidden_functions("hw2") == forbidden_functions("hw1")
    assert forbidden_functions("hw3") == []


# ------------------------------------------------------------------- seed and secret
def test_the_seed_is_the_hashed_stripped_student_id():
    assert seed_of(" ada ") == seed_of("ada") == hash_seed("ada")
    assert seed_of("   ") == 0 and seed_of("") == 0


def test_the_secret_comes_from_the_environment_then_the_course_file(monkeypatch, tmp_path):
    monkeypatch.delenv("DTLEARN_GRADING_SECRET", raising=False)
    assert secret_from(str(tmp_path)) is None and secret_from(None) is None
    (tmp_path / "grading_secret").write_text("  file secret \n")
    assert secret_from(str(tmp_path)) == "file secret"
    assert secret_from(None) is None
    monkeypatch.setenv("DTLEARN_GRADING_SECRET", " env ")
    assert secret_from(str(tmp_path)) == "env"
    monkeypatch.setenv("DTLEARN_GRADING_SECRET", "  ")
    assert secret_from(str(tmp_path)) == "file secret"
    (tmp_path / "grading_secret").write_text(" \n")
    assert secret_from(str(tmp_path)) is None
    assert autograde.SECRET_FILE == "grading_secret"
