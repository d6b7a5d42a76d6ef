"""The module paths 0.3.0 moved still work for one release: same module, a DeprecationWarning.

Old paths (``dtlearn.prune``, ``dtlearn.rules``, ...) are what notebooks, scripts and pickles
saved before 0.3.0 name; each must give the very module object of its new path, warn once
with the new path in the message, and leave the new paths silent.
"""

import importlib
import pickle
import subprocess
import sys
import warnings

import numpy as np
import pytest

import dtlearn
import dtlearn as dt
from dtlearn._moved import MOVED
from dtlearn.pruning.rule_post_pruning import RuleSet, rule_post_prune


@pytest.fixture
def forget_old_paths():
    """Undo earlier imports of old paths in this process, so each test sees the first one."""

    def forget():
        for old in MOVED:
            sys.modules.pop(old, None)
            parent, _, child = old.rpartition(".")
            vars(importlib.import_module(parent)).pop(child, None)

    forget()
    yield
    forget()


@pytest.mark.parametrize("old, new", sorted(MOVED.items()))
def test_an_old_path_imports_the_new_module_with_a_warning(old, new, forget_old_paths):
    with pytest.warns(DeprecationWarning, match=f"{old} moved to {new}") as caught:
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert module.__name__ == new  # the new module is untouched, not a copy named old
    parent, _, child = old.rpartition(".")
    assert getattr(importlib.import_module(parent), child) is module
    assert len(caught) == 1


def test_from_old_path_import_and_attribute_access(forget_old_paths):
    with pytest.warns(DeprecationWarning, match="dtlearn.prune moved"):
        from dtlearn.prune import reduced_error_prune
    assert reduced_error_prune is dt.reduced_error_prune
    with pytest.warns(DeprecationWarning, match="dtlearn.curves moved") as caught:
        curves = dtlearn.curves
    assert curves is importlib.import_module("dtlearn.pruning.curves")
    assert caught[0].filename == __file__  # the warning points at the line that used it


def test_the_warning_points_at_the_importing_line(forget_old_paths):
    with pytest.warns(DeprecationWarning) as caught:
        import dtlearn.rules  # noqa: F401
    assert caught[0].filename == __file__


def test_a_pickle_naming_an_old_module_loads(forget_old_paths):
    X, y = dt.load_play_tennis()
    model = dt.ID3Classifier().fit(X, y)
    rules = rule_post_prune(model, X, y).ruleset
    # protocol 2 names a class as "module\nname\n": written under the 0.2 module path
    data = pickle.dumps(rules, protocol=2)
    assert b"dtlearn.pruning.rule_post_pruning\nRuleSet" in data
    for path in (b"dtlearn.rules", b"dtlearn.pruning.rules"):  # 0.2's, and before the split
        old = data.replace(b"cdtlearn.pruning.rule_post_pruning\n", b"c" + path + b"\n")
        assert old != data
        with pytest.warns(DeprecationWarning, match=f"{path.decode()} moved"):
            loaded = pickle.loads(old)
        assert type(loaded) is RuleSet and str(loaded) == str(rules)
        np.testing.assert_array_equal(loaded.predict(X), rules.predict(X))


def test_new_paths_and_public_names_do_not_warn():
    code = (
        "import warnings; warnings.simplefilter('error'); import dtlearn as dt; "
        "import dtlearn.pruning.reduced_error, dtlearn.learners.c45, dtlearn.drawing.layout, "
        "dtlearn.weka_arithmetic; from dtlearn.learners import ID3Classifier, TreeLearner; "
        "dt.reduced_error_prune, dt.C45Classifier, dt.from_sklearn, dt.rule_post_prune; "
        "print(sorted(m for m in __import__('sys').modules if m in "
        f"{sorted(MOVED)!r}))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"  # no old name was even touched


def test_an_old_path_still_fails_loudly_when_unknown():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module("dtlearn.no_such_module")


def test_the_split_pruning_widgets_answer_their_old_path(forget_old_paths):
    from dtlearn.widgets.cost_complexity_explorer import CostComplexityExplorer
    from dtlearn.widgets.pruning_stepper import PruningStepper

    with pytest.warns(DeprecationWarning, match="dtlearn.widgets.pruning moved"):
        from dtlearn.widgets.pruning import PruningStepper as old_stepper
    assert old_stepper is PruningStepper
    with pytest.warns(
        DeprecationWarning,
        match="CostComplexityExplorer moved to dtlearn.widgets.cost_complexity_explorer",
    ):
        from dtlearn.widgets.pruning import CostComplexityExplorer as old_explorer
    assert old_explorer is CostComplexityExplorer
