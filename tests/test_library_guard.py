"""The grading guard's verdicts and sentences, each call made the way a student would.

Fast, in-process companions of the slow homework checks: one forbidden call per rule, the
sentence the student reads written out in full, and the ways round the guard (a thread, a
swallowed exception, another library's copy) closed.
"""

import importlib
import threading

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.exercises.homework.forbidden_calls import (
    ENTROPY_RULE,
    ID3_RULE,
    PRUNE_RULE,
)
from dtlearn.exercises.library_guard import Forbidden, LibraryGuard
from dtlearn.exercises.student_call import run_student

ENTROPY_INSTEAD = "compute -Σ p·log2(p) yourself from the counts (math.log2 or numpy.log2)"
ID3_WHAT = (
    "ID3 (growing a tree or scoring its splits): grow the tree yourself: score each "
    "attribute with your own information gain, split on the best one and recurse"
)


def _run(fn, rule):
    return run_student(fn, forbidden=LibraryGuard(rule))


def test_describe_lists_modules_functions_files_and_what_stays_allowed():
    rule = Forbidden(
        what="x",
        modules=("dtlearn.measures",),
        functions=("dtlearn.tree.Tree.copy",),
        files=("a/b.py",),
        allowed=("loading data", "numpy"),
    )
    assert rule.describe() == (
        "forbidden: every function in dtlearn.measures, "
        "dtlearn.tree.Tree.copy, every function in .../a/b.py; "
        "allowed: loading data, numpy"
    )
    assert Forbidden(what="x", modules=("m",)).describe() == "forbidden: every function in m"


def test_dtlearns_entropy_is_named_as_the_student_wrote_it():
    out = _run(lambda: dt.entropy([9, 5]), ENTROPY_RULE)
    assert (out.kind, out.message) == (
        "forbidden",
        f"calls dt.entropy, dtlearn's own implementation of the entropy: {ENTROPY_INSTEAD}",
    )


def test_a_function_not_exported_at_the_top_is_still_dtlearns_own():
    from dtlearn import criteria

    out = _run(lambda: criteria.entropy_of_counts(np.array([9.0, 5.0])), ENTROPY_RULE)
    assert out.kind == "forbidden"
    assert out.message == (
        f"calls dtlearn.criteria.entropy_of_counts, dtlearn's own "
        f"implementation of the entropy: {ENTROPY_INSTEAD}"
    )


def test_another_librarys_entropy_is_caught_by_its_file():
    import scipy.stats

    out = _run(lambda: scipy.stats.entropy([9, 5], base=2), ENTROPY_RULE)
    assert out.kind == "forbidden"
    assert out.message == (
        f"calls scipy.stats._entropy, a library's implementation of the entropy: {ENTROPY_INSTEAD}"
    )


def test_every_learner_is_forbidden_in_the_id3_homework_from_its_constructor_on():
    from sklearn.tree import DecisionTreeClassifier

    X, y = dt.load_play_tennis()
    out = _run(lambda: dt.C45Classifier(min_samples_leaf=1).fit(X, y), ID3_RULE)
    assert (out.kind, out.message) == (
        "forbidden",
        f"calls dt.C45Classifier(), dtlearn's own implementation of {ID3_WHAT}",
    )
    out = _run(lambda: DecisionTreeClassifier().fit(np.eye(3), [0, 1, 1]), ID3_RULE)
    assert (out.kind, out.message) == (
        "forbidden",
        f"calls sklearn.tree._classes.DecisionTreeClassifier(), a library's "
        f"implementation of {ID3_WHAT}",
    )


@pytest.mark.parametrize("prune", ["pessimistic_prune", "reduced_error_prune"])
def test_every_pruner_is_forbidden_in_the_pruning_homework(prune):
    X, y = dt.load_play_tennis()
    model = dt.ID3Classifier().fit(X, y)
    args = (model,) if prune == "pessimistic_prune" else (model, X[::2], y[::2])
    out = _run(lambda: getattr(dt, prune)(*args), PRUNE_RULE)
    assert out.kind == "forbidden"
    assert out.message.startswith(
        f"calls dt.{prune}, dtlearn's own implementation of pruning: visit the inner nodes yourself"
    )


def test_tree_methods_and_learners_stay_allowed_in_the_pruning_homework():
    X, y = dt.load_play_tennis()

    def student():
        tree = dt.ID3Classifier().fit(X, y).tree_
        return tree.with_leaves_at([0]).n_leaves

    assert _run(student, PRUNE_RULE).value == 1


def test_a_call_from_a_thread_the_student_starts_is_caught():
    def student():
        def work():
            try:
                dt.entropy([1, 1])
            except BaseException:  # noqa: BLE001 - the student hides it in the thread
                pass

        thread = threading.Thread(target=work)
        thread.start()
        thread.join()
        return 1.0

    out = _run(student, ENTROPY_RULE)
    assert out.kind == "forbidden" and out.message.startswith("calls dt.entropy, ")


def test_a_swallowed_forbidden_call_is_reported_even_when_another_error_follows():
    def student():
        try:
            dt.entropy([1, 1])
        except BaseException:  # noqa: BLE001 - the student hides the guard's exception
            pass
        raise ValueError("something else")

    out = _run(student, ENTROPY_RULE)
    assert out.kind == "forbidden" and out.message.startswith("calls dt.entropy, ")


def test_reloading_a_forbidden_module_runs_its_body_without_a_verdict():
    import dtlearn.exercises.homework.check_formulas as module

    out = _run(lambda: importlib.reload(module).__name__, ENTROPY_RULE)
    assert (out.kind, out.value) == ("value", "dtlearn.exercises.homework.check_formulas")
