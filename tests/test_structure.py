"""tools/structure.py: the package keeps its three structure rules, and the checker sees breaks.

The first test is the convention check itself (``make test`` runs it): every module over
500 lines says why on its first line, no private name crosses modules, no import circle.
The others build a small fake ``dtlearn`` package in a temporary folder and check that each
rule fails where it should (a circle through a deferred import, ``from . import x``, a
stale reason) and passes where Python never runs the import (``if TYPE_CHECKING:``).
"""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tools" / "structure.py"


def load_structure():
    spec = importlib.util.spec_from_file_location("structure", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["structure"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_package_keeps_the_structure_rules():
    run = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.rstrip().endswith("clean")
    assert "0 import circles" in run.stdout and "0 private names cross modules" in run.stdout


@pytest.fixture
def fake(tmp_path, monkeypatch):
    """A writer of modules of a fake ``dtlearn`` package; returns the loaded checker."""
    package = tmp_path / "dtlearn"
    package.mkdir()
    (package / "__init__.py").write_text("")
    structure = load_structure()
    monkeypatch.setattr(structure, "PACKAGE", package)

    def write(files: dict) -> None:
        for name, text in files.items():
            path = package / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)

    structure.write = write
    return structure


def circles_of(structure):
    return structure.circles(structure.import_graph(structure.package_files()))


def test_a_deferred_import_closes_a_circle(fake):
    fake.write({"a.py": "from .b import g\n",
                "b.py": "def g():\n    from .a import f\n    return f\n"})
    assert circles_of(fake) == [["dtlearn.a", "dtlearn.b"]]
    edges = fake.shortest_circle(["dtlearn.a", "dtlearn.b"],
                                 fake.import_graph(fake.package_files()))
    assert [(e.source, e.target, e.deferred) for e in edges] == [
        ("dtlearn.a", "dtlearn.b", False), ("dtlearn.b", "dtlearn.a", True)]


def test_an_import_for_type_hints_only_is_no_circle(fake):
    fake.write({"a.py": "from .b import g\n",
                "b.py": ("from typing import TYPE_CHECKING\n"
                         "if TYPE_CHECKING:\n    from .a import f\n")})
    assert circles_of(fake) == []


def test_from_package_import_submodule_is_an_edge_to_the_submodule(fake):
    fake.write({"engine/__init__.py": "",
                "engine/run.py": "from . import steps\n",
                "engine/steps.py": "import dtlearn.engine.run as run\n",
                "engine/other.py": "from . import run\n"})
    assert circles_of(fake) == [["dtlearn.engine.run", "dtlearn.engine.steps"]]


def test_a_longer_circle_is_one_group(fake):
    fake.write({"a.py": "from . import b\n", "b.py": "from . import c\n",
                "c.py": "def f():\n    import dtlearn.a\n", "d.py": "from . import a\n"})
    assert circles_of(fake) == [["dtlearn.a", "dtlearn.b", "dtlearn.c"]]


def test_private_names_taken_from_another_module(fake):
    fake.write({"a.py": "def _h():\n    pass\n",
                "b.py": "from .a import _h\nfrom . import a\nx = a._y\n",
                "c.py": "import dtlearn.a as alias\nz = alias._w\n",
                "d.py": "def _own():\n    pass\nq = _own\n"})
    found = {p.name: fake.private_crossings(p) for p in fake.package_files()}
    assert found["b.py"] == [("dtlearn.a", "_h"), ("dtlearn.a", "_y")]
    assert found["c.py"] == [("dtlearn.a", "_w")]
    assert found["d.py"] == found["a.py"] == []


@pytest.mark.parametrize("first_line, ok", [
    (None, False),
    ("# About 600 lines: one idea, kept whole.", True),
    ("# About 450 lines: one idea, kept whole.", False),  # grew past its reason
    ("# Long: one idea, kept whole.", False),  # no size: the reason cannot go stale
])
def test_a_long_module_needs_a_true_reason(fake, first_line, ok):
    body = '"""Doc."""\n' + "x = 1\n" * 598
    fake.write({"long.py": (first_line + "\n" if first_line else "") + body})
    finding = fake.size_finding(fake.PACKAGE / "long.py")
    assert finding.ok is ok
    assert fake.size_finding(fake.PACKAGE / "__init__.py") is None


def test_the_checker_exits_1_on_a_broken_package(fake, capsys):
    fake.write({"a.py": "from .b import g\n", "b.py": "def g():\n    from .a import f\n"})
    assert fake.main([]) == 1
    out = capsys.readouterr().out
    assert "1 import circles" in out and "FAILED: circles" in out
    fake.write({"b.py": "def g():\n    pass\n"})
    assert fake.main([]) == 0
    assert capsys.readouterr().out.rstrip().endswith("clean")
