"""Every exported name exists, and edge behaviours of a few modules, pinned exactly.

Each test states its expectation independently of the code: every name a module exports
exists; a broken lecture module is imported once; a guard that refuses before the call
leaves tracing as it was; a step without a reason holds -1 (the documented "none"); a
1-R rule keeps a value holding " = " whole.
"""

import importlib
import pkgutil
import sys

import pandas as pd

import dtlearn as dt
from dtlearn.exercises import registry
from dtlearn.exercises.student_call import ForbiddenCall, run_student


def _modules():
    """Every dtlearn module but the deprecated aliases (importing them warns)."""
    for info in pkgutil.walk_packages(dt.__path__, "dtlearn."):
        if info.name == "dtlearn._moved" or ".lectures." in info.name:
            continue
        yield info.name


def test_every_name_in_every_all_exists():
    missing = []
    checked = 0
    for name in _modules():
        module = importlib.import_module(name)
        exported = getattr(module, "__all__", None)
        if exported is None:
            continue
        checked += 1
        missing += [f"{name}.{n}" for n in exported if not hasattr(module, n)]
    assert missing == []
    assert checked > 50  # the walk really reached the package's modules


def test_every_all_is_a_list_of_distinct_strings():
    """A repeated or non-string entry breaks ``import *`` and the API pages as a typo does."""
    repeated = {}
    for name in _modules():
        exported = list(getattr(importlib.import_module(name), "__all__", []))
        assert all(isinstance(n, str) for n in exported), name
        if len(set(exported)) != len(exported):
            repeated[name] = sorted(n for n in set(exported) if exported.count(n) > 1)
    assert repeated == {}


def test_exported_names_of_the_homework_guards():
    from dtlearn.exercises.homework import nbgrader_preprocessor, oslock

    assert set(nbgrader_preprocessor.__all__) == {
        "GradeOutsideKernel",
        "NoGradingSecret",
        "NoOSLock",
        "RepairCellMetadata",
    }
    assert set(oslock.__all__) == {
        "DENIED",
        "SYSCALLS",
        "available",
        "drop_capabilities",
        "landlock",
        "lock",
        "seccomp",
    }


def test_a_broken_lecture_module_is_imported_once(monkeypatch):
    name = "dtlearn.exercises.lectures.n99_broken_for_test"
    tried = []

    def fake_iter_modules(path, prefix=""):
        return [pkgutil.ModuleInfo(None, name, False)]

    def fake_import(module_name):
        tried.append(module_name)
        raise RuntimeError(f"attempt {len(tried)}")

    monkeypatch.setattr(registry.pkgutil, "iter_modules", fake_iter_modules)
    monkeypatch.setattr(registry.importlib, "import_module", fake_import)
    monkeypatch.setattr(registry, "_LOAD_ERRORS", {})
    assert name not in sys.modules
    registry._discover()
    registry._discover()
    assert tried == [name]
    assert registry._LOAD_ERRORS == {name: "RuntimeError: attempt 1"}


def test_a_module_already_imported_is_not_imported_again(monkeypatch):
    name = "dtlearn.exercises.lectures.n98_loaded_for_test"
    tried = []
    monkeypatch.setitem(sys.modules, name, object())
    monkeypatch.setattr(
        registry.pkgutil,
        "iter_modules",
        lambda path, prefix="": [pkgutil.ModuleInfo(None, name, False)],
    )
    monkeypatch.setattr(registry.importlib, "import_module", tried.append)
    monkeypatch.setattr(registry, "_LOAD_ERRORS", {})
    registry._discover()
    assert tried == []
    assert registry._LOAD_ERRORS == {}


class _Refuse:
    """A guard that refuses before the student's function is even called."""

    def __enter__(self):
        raise ForbiddenCall("no calls today")

    def __exit__(self, *exc):
        return False


def test_a_guard_refusing_on_entry_gives_forbidden_and_leaves_tracing_alone():
    called = []
    before = sys.gettrace()
    outcome = run_student(called.append, 1, forbidden=_Refuse())
    assert sys.gettrace() is before
    assert called == []
    assert (outcome.kind, outcome.message, outcome.steps) == ("forbidden", "no calls today", 0)


def test_steps_without_a_reason_hold_minus_one():
    steps = dt.CARTClassifier().fit(*dt.load_play_tennis(numeric=True)).steps_
    codes = [int(r) for r in steps.reason]
    # a node that splits was given no stop reason: its code is -1 ("none", as documented)
    split = [step.reason.startswith("split on ") for step in steps]
    assert split == [True, False, True, True, False, False, True, False, False]
    assert steps.reasons == ["pure node"]
    assert codes == [-1 if s else 0 for s in split]


def test_one_r_rule_keeps_a_value_holding_an_equals_sign():
    X = pd.DataFrame({"sign": pd.Categorical(["a = b", "a = b", "c", "c"])})
    y = pd.Series(["yes", "yes", "no", "no"], name="play")
    model = dt.OneR().fit(X, y)
    assert model.rule_text() == "sign:\n\ta = b\t-> yes\n\tc\t-> no"
