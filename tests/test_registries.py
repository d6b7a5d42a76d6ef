"""The registries are the single source: what is registered reaches every list made from it.

Criteria (:mod:`dtlearn.criteria`), pruning methods (:mod:`dtlearn.pruning.methods`), data
sets (:mod:`dtlearn.datasets.entries`) and homework (the assignment folders). A criterion
or method registered here, in a test, must show up in the figures, explorers, curves and
tables without an edit anywhere else.
"""

import importlib
import pkgutil
import sys
from pathlib import Path

import numpy as np
import pytest

import dtlearn as dt
from dtlearn import criteria
from dtlearn.datasets.entries import ENTRIES
from dtlearn.pruning.methods import pruning_methods

ROOT = Path(__file__).resolve().parents[1]


def _dkm(counts, settings):
    # Kearns and Mansour's impurity 2 sqrt(p (1 - p)), for two classes
    counts = np.asarray(counts, dtype=float)
    total = counts.sum(axis=-1)
    p = np.where(total > 0, counts[..., 0] / np.where(total > 0, total, 1.0), 0.0)
    return 2.0 * np.sqrt(p * (1.0 - p))


@pytest.fixture
def with_dkm(monkeypatch):
    """A fourth drawn criterion, registered for one test."""
    monkeypatch.setattr(criteria, "_REGISTRY", dict(criteria._REGISTRY))
    return criteria.register(
        criteria.Criterion(
            "kearns_mansour",
            "Kearns-Mansour impurity",
            "classification",
            "KM",
            "decrease",
            "km_gain",
            "km_gain",
            _dkm,
            curve_label="KM",
        )
    )


def test_the_impurity_figure_draws_the_criteria_with_curves():
    from dtlearn.plot import impurity_curves, impurity_values

    drawn = [c.curve_label for c in criteria.with_curves()]
    assert drawn[:3] == ["entropy", "Gini", "misclassification"]  # the course's Figure 5
    # gain ratio and Hellinger repeat entropy's and Gini's node impurity: not drawn again
    assert not criteria.get("gain_ratio").curve_label and not criteria.get("hellinger").curve_label
    labels = [line.get_label() for line in impurity_curves().get_lines()]
    assert labels[:3] == ["entropy / 2", "Gini", "misclassification"]
    assert len(labels) == len(impurity_values(0.3)) == len(drawn)


def test_a_registered_criterion_reaches_the_figure_and_the_example_table(with_dkm):
    from dtlearn.plot import impurity_curves, impurity_values

    # 2 sqrt(0.2 * 0.8) = 0.8, drawn halved (its peak at p = 1/2 is 1)
    assert impurity_values(0.2)["KM/2"] == pytest.approx(0.4)
    labels = [line.get_label() for line in impurity_curves().get_lines()]
    assert labels[-1] == "KM / 2" and len(labels) == len(criteria.with_curves())
    pytest.importorskip("ipywidgets")
    from dtlearn.widgets.criteria_explorer import criteria_example_table, criterion_picks

    rows = {row[0]: row for row in criteria_example_table().rows}
    # (50,50): 1; A: both children 2 sqrt(0.16) = 0.8; B: 0.7 * 2 sqrt(50*20)/70 + 0
    assert rows["KM"][1:3] == pytest.approx((1.0, 0.8))
    assert rows["KM"][3] == pytest.approx(0.7 * 2 * np.sqrt(50 * 20) / 70)
    picks = criterion_picks(*dt.load_play_tennis())
    assert "kearns_mansour" in [row[0] for row in picks.rows]


def test_a_registered_criterion_reaches_the_explorer(with_dkm):
    pytest.importorskip("ipywidgets")
    from dtlearn.widgets import CriteriaExplorer

    app = CriteriaExplorer()
    app.p = 0.2
    assert app.values_text.endswith("KM/2 = 0.400")
    assert "kearns_mansour" in [row[0] for row in app.picks.rows]


def test_the_pruning_registry_loads_every_module_of_its_package():
    methods = pruning_methods()
    package = importlib.import_module("dtlearn.pruning")
    names = [info.name for info in pkgutil.iter_modules(package.__path__)]
    assert "methods" in names
    assert all(f"dtlearn.pruning.{name}" in sys.modules for name in names)
    assert len({m.name for m in methods}) == len(methods)
    # the step protocol's methods, the curve's and the stepper's come from this one list
    assert {"reduced_error", "rules", "cost_complexity", "pessimistic"} <= {m.name for m in methods}


def test_every_shipped_data_file_belongs_to_an_entry():
    folder = ROOT / "dtlearn" / "datasets" / "data"
    named = {f for e in ENTRIES for f in (e.file, *e.files)} | {"SOURCES.md"}
    assert {p.name for p in folder.iterdir() if p.is_file()} == named


def test_every_assignment_folder_is_graded():
    from dtlearn.exercises.homework.autograde import GRADE_CELLS

    folders = sorted(
        p.name for p in (ROOT / "instructor" / "homework" / "source").iterdir() if p.is_dir()
    )
    assert folders == sorted(GRADE_CELLS)
    for name in folders:
        assert (ROOT / "instructor" / "homework" / "source" / name / f"{name}.ipynb").is_file()


def test_homework_3_forbids_every_pruning_method():
    import inspect

    from dtlearn.exercises.homework.autograde import forbidden_files

    forbidden = set(forbidden_files("hw3"))
    for method in pruning_methods():
        # the entry's own code and the pruner it calls are both out of a solution's reach
        assert inspect.getsourcefile(method.run) in forbidden, method.name
        assert inspect.getsourcefile(type(method)) in forbidden
