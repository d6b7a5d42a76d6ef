"""The grading child's two module tables, each against the design written out here.

- Refused modules (the audit hook's ``import`` rule): native code and foreign functions
  (``ctypes``, ``cffi``), processes (``_posixsubprocess``, ``multiprocessing``), files a
  library writes or maps (``pyarrow``, ``h5py``, ``tables``, ``sqlite3``, ``mmap``) and
  the network (``socket``, ``ssl``), each with its C half and its submodules; nothing else.
- Packages imported before the lock when a cell imports them: the scientific stack the
  course uses and the standard library's pure modules a solution may want; any other
  import is left to run (and fail or not) under the lock.
"""

import pytest

from dtlearn.exercises.homework import jail_child
from dtlearn.exercises.homework.jail_child import Refused, imported_names

REFUSED_MODULES = (
    *("ctypes", "_ctypes", "cffi", "_cffi_backend"),
    *("_posixsubprocess", "multiprocessing", "_multiprocessing"),
    *("pyarrow", "h5py", "tables", "sqlite3", "_sqlite3", "mmap"),
    *("socket", "_socket", "ssl", "_ssl"),
)

PRE_IMPORTABLE = (
    *("numpy", "pandas", "scipy", "sklearn", "matplotlib", "IPython", "seaborn", "tqdm"),
    "dtlearn",
    *("math", "cmath", "statistics", "collections", "itertools", "functools", "operator"),
    *("fractions", "decimal", "random", "heapq", "bisect", "copy", "typing", "dataclasses"),
    *("numbers", "string", "re", "json", "csv", "enum", "abc", "warnings", "time"),
    *("datetime", "pprint", "textwrap", "contextlib", "array", "queue", "io"),
)


@pytest.fixture
def rules(tmp_path):
    return jail_child._make_hook((f"{tmp_path}/",), frozenset(), (), [False])


def test_the_refused_modules_are_the_design_s(rules):
    assert jail_child._REFUSED_MODULES == frozenset(REFUSED_MODULES)
    for name in REFUSED_MODULES:
        for full in (name, f"{name}.inner"):
            with pytest.raises(Refused) as caught:
                rules("import", (full, None, [], [], []))
            assert str(caught.value) == f"importing {full} is not allowed while your work is graded"


@pytest.mark.parametrize("name", ["json", "os", "sockets", "sslx", "mmapper", "numpy.ctypes"])
def test_a_module_off_the_list_imports(rules, name):
    assert rules("import", (name, None, [], [], [])) is None


def test_the_packages_imported_before_the_lock_are_the_design_s():
    assert jail_child._PRE_IMPORTABLE == frozenset(PRE_IMPORTABLE)
    cells = [f"import {name}\nfrom {name} import part\n" for name in PRE_IMPORTABLE]
    assert imported_names(cells) == [n for name in PRE_IMPORTABLE for n in (name, f"{name}.part")]


@pytest.mark.parametrize("name", ["os", "sys", "antigravity", "requests", "numpyx", "Math"])
def test_other_imports_are_left_to_the_lock(name):
    assert imported_names([f"import {name}\nfrom {name} import part\n"]) == []
