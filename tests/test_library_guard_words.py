"""The grading guard's own refusals and the sentence for a guard switched off, word for word.

Companions of ``tests/test_library_guard.py``: a student's function that unsets the guard
(``sys.setprofile(None)``) and returns a value is told so in one sentence; a profile
function installed before the guard keeps its events and is back afterwards; a method
is named the way a student calls it; a teacher's rule that cannot work is refused with the
argument named.
"""

import re
import sys

import pytest

import dtlearn as dt
from dtlearn.exercises.library_guard import Forbidden, LibraryGuard
from dtlearn.exercises.student_call import run_student

RULE = Forbidden(
    what="the entropy", modules=("dtlearn.measures",), instead="count the classes yourself"
)


def raises(kind, text):
    return pytest.raises(kind, match="^" + re.escape(text) + "$")


def test_switching_the_guard_off_is_named_and_stops_the_call():
    def student():
        sys.setprofile(None)
        return 0.94

    out = run_student(student, forbidden=LibraryGuard(RULE))
    assert (out.kind, out.value, out.message) == (
        "forbidden",
        None,
        "switched the check's guard off (sys.setprofile or the C API): count the classes yourself",
    )
    assert sys.getprofile() is None


def test_a_student_who_leaves_the_guard_on_gets_the_value():
    out = run_student(lambda: len(dt.load_play_tennis()[1]), forbidden=LibraryGuard(RULE))
    assert (out.kind, out.value, out.message) == ("value", 14, "")


def test_an_earlier_profile_function_keeps_its_events_and_comes_back():
    seen = []

    def earlier(frame, event, arg):
        if event == "call":
            seen.append(frame.f_code.co_name)

    def student_function():
        return 1

    sys.setprofile(earlier)
    try:
        guard = LibraryGuard(RULE)
        with guard:
            student_function()
        assert sys.getprofile() is earlier
    finally:
        sys.setprofile(None)
    assert "student_function" in seen and guard.violation is None


def test_a_method_is_named_as_the_student_calls_it():
    rule = Forbidden(what="a tree", functions=("dtlearn.tree.Tree.copy",), instead="copy it")
    tree = dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_
    out = run_student(lambda: tree.copy(), forbidden=LibraryGuard(rule))
    assert (out.kind, out.message) == (
        "forbidden",
        "calls dt.Tree.copy, dtlearn's own implementation of a tree: copy it",
    )

    # an allowed method of the same class runs (the ID3 tree of the 14 days: 5 leaves)
    assert run_student(lambda: tree.n_leaves, forbidden=LibraryGuard(rule)).value == 5


def test_a_rule_that_cannot_work_is_refused_naming_the_argument():
    with raises(TypeError, "modules must be a tuple of strings, got 'dtlearn.measures'"):
        Forbidden(what="x", modules="dtlearn.measures")
    with raises(TypeError, "functions must be a tuple of strings, got (1,)"):
        Forbidden(what="x", functions=(1,))
    assert Forbidden(what="x", files=["a.py"]).files == ("a.py",)  # a list becomes a tuple
    with raises(ValueError, "functions: 'dtlearn.datasets.ENTRIES' is not a Python function"):
        Forbidden(what="x", functions=("dtlearn.datasets.ENTRIES",)).resolve()
    with raises(ValueError, "functions: cannot import 'nowhere_at_all.f'"):
        Forbidden(what="x", functions=("nowhere_at_all.f",)).resolve()
    with raises(TypeError, "forbidden must be a Forbidden, got str"):
        LibraryGuard("dtlearn.measures")
    assert Forbidden(what="x").instead == "write it yourself"
