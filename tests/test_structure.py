"""tools/structure.py: the package keeps its structure rules, and the checker sees breaks.

The first test is the convention check itself (``make test`` runs it): every module over
500 lines says why on its first line, no private name or private attribute crosses modules,
no two modules of different ideas share a file name, no import circle.
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
    run = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.rstrip().endswith("clean")
    assert "0 import circles" in run.stdout and "0 private names cross modules" in run.stdout
    assert "0 private attributes cross modules" in run.stdout
    assert "0 file names shared by modules of different ideas" in run.stdout


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
    fake.write(
        {"a.py": "from .b import g\n", "b.py": "def g():\n    from .a import f\n    return f\n"}
    )
    assert circles_of(fake) == [["dtlearn.a", "dtlearn.b"]]
    edges = fake.shortest_circle(
        ["dtlearn.a", "dtlearn.b"], fake.import_graph(fake.package_files())
    )
    assert [(e.source, e.target, e.deferred) for e in edges] == [
        ("dtlearn.a", "dtlearn.b", False),
        ("dtlearn.b", "dtlearn.a", True),
    ]


def test_an_import_for_type_hints_only_is_no_circle(fake):
    fake.write(
        {
            "a.py": "from .b import g\n",
            "b.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import f\n"),
        }
    )
    assert circles_of(fake) == []


def test_from_package_import_submodule_is_an_edge_to_the_submodule(fake):
    fake.write(
        {
            "engine/__init__.py": "",
            "engine/run.py": "from . import steps\n",
            "engine/steps.py": "import dtlearn.engine.run as run\n",
            "engine/other.py": "from . import run\n",
        }
    )
    assert circles_of(fake) == [["dtlearn.engine.run", "dtlearn.engine.steps"]]


def test_a_longer_circle_is_one_group(fake):
    fake.write(
        {
            "a.py": "from . import b\n",
            "b.py": "from . import c\n",
            "c.py": "def f():\n    import dtlearn.a\n",
            "d.py": "from . import a\n",
        }
    )
    assert circles_of(fake) == [["dtlearn.a", "dtlearn.b", "dtlearn.c"]]


def test_private_names_taken_from_another_module(fake):
    fake.write(
        {
            "a.py": "def _h():\n    pass\n",
            "b.py": "from .a import _h\nfrom . import a\nx = a._y\n",
            "c.py": "import dtlearn.a as alias\nz = alias._w\n",
            "d.py": "def _own():\n    pass\nq = _own\n",
        }
    )
    found = {p.name: fake.private_crossings(p) for p in fake.package_files()}
    assert found["b.py"] == [("dtlearn.a", "_h"), ("dtlearn.a", "_y")]
    assert found["c.py"] == [("dtlearn.a", "_w")]
    assert found["d.py"] == found["a.py"] == []


@pytest.mark.parametrize(
    "first_line, ok",
    [
        (None, False),
        ("# About 600 lines: one idea, kept whole.", True),
        ("# About 450 lines: one idea, kept whole.", False),  # grew past its reason
        ("# Long: one idea, kept whole.", False),  # no size: the reason cannot go stale
    ],
)
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


def test_private_attributes_of_another_modules_objects(fake):
    fake.write(
        {
            "engine.py": (
                "class Grower:\n    _limit = 3\n"
                "    def __init__(self):\n        self._state = {}\n"
                "    def _best(self):\n        return self._state\n"
                "    def _repr_html_(self):\n        return ''\n"
            ),
            "levels.py": (
                "def run(grower):\n    grower._state['x'] = grower._best()\n"
                "    grower._fresh = 1\n    return grower._repr_html_(), grower.__dict__\n"
            ),
            "child.py": (
                "from .engine import Grower\nclass C45(Grower):\n"
                "    def _best(self):\n        return super()._best(), self._state\n"
            ),
            "reader.py": "def read(c):\n    return c._best(), c._limit\n",
        }
    )
    found = [
        (f.path.name, f.line, f.expression, f.owners)
        for f in fake.attribute_crossings(fake.package_files())
    ]
    # child.py overrides _best and reads its own self._state: not counted; _fresh is set on
    # the object but defined by no class, _repr_html_ is a protocol, __dict__ a dunder
    engine = ("dtlearn.child", "dtlearn.engine")
    assert found == [
        ("levels.py", 2, "grower._best", engine),
        ("levels.py", 2, "grower._state", ("dtlearn.engine",)),
        ("reader.py", 2, "c._best", engine),
        ("reader.py", 2, "c._limit", ("dtlearn.engine",)),
    ]


def test_two_modules_of_one_name_need_a_parallel_reason(fake, capsys):
    fake.write(
        {
            "pruning/__init__.py": "",
            "pruning/rules.py": "",
            "exports/__init__.py": "",
            "exports/rules.py": "",
            "pruning/curves.py": "",
            "plot/curves.py": "",
        }
    )
    shared = fake.shared_file_names(fake.package_files())
    assert sorted(shared) == ["curves.py", "rules.py"]
    assert fake.main([]) == 1
    out = capsys.readouterr().out
    assert "1 file names shared by modules of different ideas" in out
    assert "FAIL rules.py: dtlearn/exports/rules.py, dtlearn/pruning/rules.py" in out
    assert "ok   curves.py" in out


def test_logical_lines_do_not_change_when_a_formatter_rewraps(fake):
    one = 'def f(a, b):\n    """Add.\n\n    Two lines."""\n    return g(a, b)  # why\n'
    wrapped = (
        'def f(\n    a,\n    b,\n):\n    """Add.\n\n    Two lines."""\n\n\n'
        "    return g(\n        a,\n        b,\n    )  # why\n"
    )
    # def, the docstring (a statement, and one more non-blank line), return, the comment
    assert fake.logical_lines(one) == fake.logical_lines(wrapped) == 5
    assert fake.logical_lines("a = 1; b = 2\n") == 2


@pytest.mark.parametrize(
    "first_line, ok",
    [
        ("# About 420 logical lines: one idea, kept whole.", True),
        ("# About 300 logical lines: one idea, kept whole.", False),  # 420 > 300 * 1.25
    ],
)
def test_a_reason_in_logical_lines_is_read_in_logical_lines(fake, first_line, ok):
    # 420 statements on 840 physical lines: a physical count would call the reason stale
    fake.write({"long.py": first_line + "\n" + "x = f(1,\n      2)\n" * 420})
    finding = fake.size_finding(fake.PACKAGE / "long.py")
    assert (finding.lines, finding.unit, finding.ok) == (421, "logical lines", ok)


def test_restate_turns_a_reason_in_lines_into_logical_lines(fake):
    fake.write(
        {
            "long.py": "# About 900 lines: one idea.\n" + "x = f(1,\n      2)\n" * 450,
            "short.py": "x = 1\n",
        }
    )
    assert fake.restate_reason(fake.PACKAGE / "long.py")
    assert not fake.restate_reason(fake.PACKAGE / "short.py")  # no reason to restate
    text = (fake.PACKAGE / "long.py").read_text()
    assert text.splitlines()[0] == "# About 450 logical lines: one idea."
    assert not fake.restate_reason(fake.PACKAGE / "long.py")  # once only
    assert fake.size_finding(fake.PACKAGE / "long.py").ok
