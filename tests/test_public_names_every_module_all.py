"""Every module's ``__all__`` names only what the module has: a misspelt name fails.

``from module import *`` raises ``AttributeError`` on a name in ``__all__`` that the
module lacks, and the documentation's API pages list ``__all__``: a typo there breaks
both, though every test that imports the name directly still passes. Each module of
the package is imported (found by walking it, not listed by hand) and each of its
``__all__`` names looked up.
"""

import importlib
import pkgutil
import warnings

import dtlearn


def _modules():
    return [info.name for info in pkgutil.walk_packages(dtlearn.__path__, "dtlearn.")]


def test_the_walk_finds_the_package_modules():
    names = _modules()
    assert {
        "dtlearn.tree",
        "dtlearn.data",
        "dtlearn.widgets.cost_complexity_explorer",
        "dtlearn.widgets.criteria_explorer",
    } <= set(names)
    assert len(names) > 100


def test_every_name_in_every_all_exists():
    missing = {}
    for name in _modules():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            module = importlib.import_module(name)
            lacking = [n for n in getattr(module, "__all__", ()) if not hasattr(module, n)]
        if lacking:
            missing[name] = lacking
    assert missing == {}


def test_every_all_is_a_list_of_distinct_strings():
    repeated = {}
    for name in _modules():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            listed = getattr(importlib.import_module(name), "__all__", [])
        assert all(isinstance(n, str) for n in listed), name
        if len(set(listed)) != len(listed):
            repeated[name] = sorted(n for n in set(listed) if listed.count(n) > 1)
    assert repeated == {}
