"""What a student reads when a homework check stops a forbidden call, word for word.

The sentence names the call, whose implementation it is, what the homework forbids
and what to do instead; the rule's one-line description lists what stays allowed."""

import pytest

import dtlearn as dt
from dtlearn.exercises.homework import forbidden_calls as fc
from dtlearn.exercises.library_guard import ForbiddenCall, LibraryGuard


def stopped(rule, call):
    guard = LibraryGuard(rule)
    with pytest.raises(ForbiddenCall) as info:
        with guard:
            call()
    assert guard.violation == str(info.value)
    return str(info.value)


def test_the_entropy_rule():
    assert stopped(fc.ENTROPY_RULE, lambda: dt.entropy(counts=[9, 5])) == (
        "calls dt.entropy, dtlearn's own implementation of the entropy: compute -Σ p·log2(p) "
        "yourself from the counts (math.log2 or numpy.log2)"
    )
    assert fc.ENTROPY_RULE.describe().endswith(
        "; allowed: math, numpy, pandas, loading data (dt.load_*)"
    )


def test_the_gain_rule():
    assert stopped(fc.GAIN_RULE, lambda: dt.information_gain(counts=[[1, 2], [3, 4]])) == (
        "calls dt.information_gain, dtlearn's own implementation of the information gain: "
        "compute H(labels) minus the weighted entropy of the labels within each value "
        "yourself (calling your own entropy is fine)"
    )
    assert fc.GAIN_RULE.describe().endswith(
        "; allowed: your own entropy, math, numpy, pandas, loading data (dt.load_*)"
    )


def test_the_id3_rule():
    X, y = dt.load_play_tennis()
    assert stopped(fc.ID3_RULE, lambda: dt.ID3Classifier().fit(X, y)) == (
        "calls dt.ID3Classifier(), dtlearn's own implementation of ID3 (growing a tree or "
        "scoring its splits): grow the tree yourself: score each attribute with your own "
        "information gain, split on the best one and recurse"
    )
    assert fc.ID3_RULE.describe().endswith(
        "; allowed: your own entropy and information_gain, math, numpy, pandas, "
        "loading data (dt.load_*)"
    )


def test_the_pruning_rule():
    X, y = dt.load_play_tennis()
    tree = dt.ID3Classifier().fit(X, y)
    text = stopped(fc.PRUNE_RULE, lambda: dt.reduced_error_prune(tree, X, y))
    assert text.endswith(
        "implementation of pruning: visit the inner nodes yourself, children before parents, "
        "and compare validation errors with tree.with_leaves_at([...]) and tree.predict(X_val)"
    )
    assert fc.PRUNE_RULE.describe().endswith(
        "; allowed: Tree methods (nodes, node, with_leaves_at, copy, predict, apply, "
        "decision_path), numpy, pandas, the learners and measures, loading data (dt.load_*)"
    )


def test_a_guard_needs_a_forbidden_rule():
    with pytest.raises(TypeError, match="forbidden must be a Forbidden, got str"):
        LibraryGuard("dt.entropy")
    assert LibraryGuard(fc.ENTROPY_RULE).forbidden is fc.ENTROPY_RULE


def test_the_grader_options_say_where_the_secret_comes_from():
    from dtlearn.exercises.homework.nbgrader_preprocessor import GradeOutsideKernel

    traits = GradeOutsideKernel.class_traits()
    assert traits["secret"].help == (
        "The grading secret (else DTLEARN_GRADING_SECRET, else the course directory's "
        "grading_secret file)."
    )
    assert traits["without_secret"].help == (
        "Grade without the grading secret (a practice run: the hidden grade cells score 0). "
        "Without this option, autograde stops when it finds no secret."
    )


def test_hidden_cases_without_a_secret_are_graded_later(monkeypatch):
    from dtlearn.exercises.homework.trial_grading import GRADED_LATER

    monkeypatch.delenv("DTLEARN_GRADING_SECRET", raising=False)
    result = dt.exercises.check_entropy(lambda counts: 0.0, part="hidden")
    assert result.status == "graded later" and result.summary == GRADED_LATER
    assert GRADED_LATER == (
        "the hidden cases run only when your work is graded: they are drawn from a secret "
        "that only the grading machine has, so this notebook cannot generate, show or check "
        "them (this cell checks nothing here)"
    )


def test_what_a_hidden_grade_cell_says():
    from dtlearn.exercises.homework.autograde import _hidden_text
    from dtlearn.exercises.results import CheckResult

    assert _hidden_text(CheckResult("check_id3 (hidden)", "graded later", "x")) == (
        "hidden cases: not run — the grading machine has no grading secret (set "
        "DTLEARN_GRADING_SECRET or write the course directory's grading_secret)"
    )
    assert _hidden_text(CheckResult("check_id3 (hidden)", "not yet", "write id3 first")) == (
        "check_id3 (hidden): not yet — write id3 first"
    )
    assert _hidden_text(CheckResult("check_id3 (hidden)", "failed", "2 of 3")) == (
        "check_id3 (hidden): not passed — some hidden cases are wrong (which ones, and what "
        "they are, stays hidden: the visible parts' hints point to the mistake)"
    )
