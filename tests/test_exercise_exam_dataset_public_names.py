"""The public names of the exercise core, the exams and the data sets: each listed once, each there.

A misspelt entry of a module's ``__all__`` (``"smumarize"``) breaks ``from module import *``
on first use only; these tests read every ``__all__`` of the three packages and compare it
with what the module defines: every listed name resolves, none repeats, and every public
function or class the module defines (``hash_seed`` aside, a helper the registry shares) is
listed.
"""

import importlib
import inspect

import pytest

MODULES = (
    "dtlearn.exercises",
    "dtlearn.exercises.compare",
    "dtlearn.exercises.core",
    "dtlearn.exercises.library_guard",
    "dtlearn.exercises.registry",
    "dtlearn.exercises.results",
    "dtlearn.exercises.student_call",
    "dtlearn.exercises.wording",
    "dtlearn.exams",
    "dtlearn.exams.bank_measures",
    "dtlearn.exams.bank_trees",
    "dtlearn.exams.exam",
    "dtlearn.exams.moodle",
    "dtlearn.exams.qti",
    "dtlearn.exams.question",
    "dtlearn.exams.typst_pdf",
    "dtlearn.datasets",
    "dtlearn.datasets.entries",
    "dtlearn.datasets.readers",
)

# Public functions a module defines on purpose without listing them.
UNLISTED = {"dtlearn.exercises.registry": {"hash_seed"}}


def defined_here(module) -> set[str]:
    """The public functions and classes whose home is ``module``."""
    return {
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and (inspect.isfunction(value) or inspect.isclass(value))
        and value.__module__ == module.__name__
    }


@pytest.mark.parametrize("name", MODULES)
def test_every_listed_name_is_there_once(name):
    module = importlib.import_module(name)
    listed = module.__all__
    assert [n for n in listed if not hasattr(module, n)] == []
    assert len(set(listed)) == len(listed)
    namespace: dict = {}
    exec(f"from {name} import *", namespace)
    assert set(listed) <= set(namespace)


@pytest.mark.parametrize("name", MODULES)
def test_every_public_definition_is_listed(name):
    module = importlib.import_module(name)
    missing = defined_here(module) - set(module.__all__) - UNLISTED.get(name, set())
    assert missing == set()


def test_the_listed_names_by_hand():
    """A few lists written out, so that dropping a name (not only misspelling it) fails."""
    from dtlearn.datasets import entries, readers
    from dtlearn.exercises import library_guard, registry, results, student_call, wording

    assert results.__all__ == ["Case", "CheckFailed", "CheckResult", "not_yet", "summarize"]
    assert entries.__all__ == [
        "ENTRIES",
        "MUSHROOM_WORDS",
        "DatasetEntry",
        "catalogue",
        "code_table",
        "entry",
    ]
    assert readers.__all__ == ["data_text", "read_converted", "read_table"]
    assert library_guard.__all__ == ["Forbidden", "LibraryGuard"]
    assert registry.__all__ == [
        "Exercise",
        "check",
        "data",
        "register",
        "registered",
        "student_seed",
    ]
    assert student_call.__all__ == [
        "STEP_LIMIT",
        "TIME_LIMIT",
        "ForbiddenCall",
        "Outcome",
        "run_student",
    ]
    assert wording.__all__ == ["ABS_TOL", "format_number", "is_close", "read_number", "show_exact"]
