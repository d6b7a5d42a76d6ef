"""What a homework forbids when scipy or scikit-learn is not installed (or is a module).

:func:`forbidden_files` and :func:`forbidden_functions` name other libraries' files only
where those libraries are packages that can be found: with none installed, dtlearn's own
files alone are forbidden and no single function is.
"""

import importlib.util
import os

import dtlearn
from dtlearn.exercises.homework import autograde
from dtlearn.exercises.homework.autograde import forbidden_files, forbidden_functions


def test_without_scipy_and_sklearn_only_dtlearn_s_files_are_forbidden(monkeypatch):
    real = importlib.util.find_spec
    with_libraries = forbidden_files("hw1")
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name in ("scipy", "sklearn") else real(name, *a),
    )
    assert forbidden_functions("hw1") == []
    assert autograde._others(("scipy", "sklearn")) == []
    mine = forbidden_files("hw1")
    root = os.path.dirname(dtlearn.__file__) + os.sep
    assert mine == [f for f in with_libraries if f.startswith(root)]
    assert len(mine) < len(with_libraries)


def test_a_library_that_is_a_single_module_has_no_files_to_forbid(monkeypatch):
    class Spec:
        submodule_search_locations = None

    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: Spec())
    assert forbidden_functions("hw2") == []
    assert autograde._others(("scipy", "sklearn")) == []
