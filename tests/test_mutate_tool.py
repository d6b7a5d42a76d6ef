"""tools/mutate.py: its mutation copies run what the real suite runs, in the order that kills.

Checked on tiny made-up repositories, never on dtlearn's own list (that is ``make mutate``):

- the copy's venv has this environment's console scripts, each naming the venv's Python
  (nbgrader runs ``alembic`` by name: without it the class-grading test failed in every copy,
  so each grading mutant read "baseline fails");
- a mutant is killed by a test that fails on it and passes unmutated, and that test is kept
  as its killer and run first next time (``NAME.killers.json``); a survivor loses its entry;
- the first test named runs before the rest, so ``-x`` stops there.
"""

import importlib.util
import json
import queue
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_tool():
    spec = importlib.util.spec_from_file_location("mutate_tool", ROOT / "tools" / "mutate.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutate_tool"] = module
    spec.loader.exec_module(module)
    return module


TOOL = load_tool()


def test_python_console_scripts_are_copied_naming_the_venv_python(tmp_path):
    source, target = tmp_path / "bin", tmp_path / "venv" / "bin"
    source.mkdir()
    target.mkdir(parents=True)
    (source / "alembic").write_bytes(b"#!/real/venv/bin/python\nimport sys\nprint(1)\n")
    (source / "jupyter").write_bytes(b"#!/real/venv/bin/python3.11 \nimport jupyter\n")
    (source / "activate").write_bytes(b"# sourced, not run\n")
    (source / "script.sh").write_bytes(b"#!/bin/sh\necho python\n")
    (source / "ruff").write_bytes(b"\x7fELF\x02\x01python")
    (source / "python").write_bytes(b"#!/real/venv/bin/python\n")
    (target / "python").write_bytes(b"the venv's own")
    python = target / "python"

    assert TOOL.copy_scripts(source, python) == ["alembic", "jupyter"]
    assert (target / "alembic").read_text() == f"#!{python}\nimport sys\nprint(1)\n"
    assert (target / "jupyter").read_text() == f"#!{python}\nimport jupyter\n"
    assert (target / "alembic").stat().st_mode & 0o111 == 0o111
    assert (target / "python").read_bytes() == b"the venv's own"
    assert sorted(p.name for p in target.iterdir()) == ["alembic", "jupyter", "python"]


def test_the_copy_venv_runs_a_console_script_with_the_copy_imported(tmp_path):
    """What nbgrader does in the class-grading test: run ``alembic`` found on ``PATH``."""
    copy = tmp_path / "copy"
    (copy / "dtlearn").mkdir(parents=True)
    (copy / "tests").mkdir()
    (copy / "dtlearn" / "__init__.py").write_text("WHERE = 'the copy'\n")
    python = TOOL.make_venv(copy, tmp_path / "venv")
    script = python.parent / "alembic"
    assert script.read_text().splitlines()[0] == f"#!{python}"
    # a console script sharing the venv's interpreter sees the copy's dtlearn, not the checkout's
    probe = python.parent / "dtlearn-probe"
    probe.write_text(f"#!{python}\nimport dtlearn\nprint(dtlearn.WHERE)\n")
    probe.chmod(0o755)
    bin_path = f"{python.parent}:/usr/bin:/bin"
    done = subprocess.run(
        ["dtlearn-probe"], env={"PATH": bin_path}, capture_output=True, text=True, check=True
    )
    assert done.stdout == "the copy\n"
    done = subprocess.run(
        ["alembic", "--help"], env={"PATH": bin_path}, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "usage: alembic" in done.stdout


def test_killers_are_kept_beside_the_list_and_survivors_lose_theirs(tmp_path):
    mutants = tmp_path / "fresh.toml"
    path = TOOL.killers_path(mutants)
    assert path == tmp_path / "fresh.killers.json"
    assert TOOL.read_killers(path) == {}
    path.write_text(json.dumps({"a": "tests/test_a.py::old", "b": "tests/test_b.py::t", "c": "x"}))

    def mutant(name, result, killer=""):
        m = TOOL.Mutant(name, "f.py", "1", "2", [])
        m.result, m.killer = result, killer
        return m

    run = [
        mutant("a", "killed", "tests/test_a.py::new"),
        mutant("b", "SURVIVED"),
        mutant("d", "killed", "tests/test_d.py::t"),
        mutant("e", "baseline fails"),
    ]
    expected = {"a": "tests/test_a.py::new", "c": "x", "d": "tests/test_d.py::t"}
    assert TOOL.write_killers(path, run) == expected
    assert TOOL.read_killers(path) == expected
    assert list(json.loads(path.read_text())) == ["a", "c", "d"]


MODULE = (
    'def f():\n    return 1\n\n\ndef g():\n    """\n    >>> g()\n    2\n    """\n    return 2\n'
)


@pytest.fixture(scope="module")
def space(tmp_path_factory):
    """A made-up repository with a module, two test files, and its pytest server."""
    copy = tmp_path_factory.mktemp("repo")
    (copy / "mod.py").write_text(MODULE)
    (copy / "test_a.py").write_text(
        "from mod import f, g\n\n\ndef test_g():\n    assert g() in (2, 3)\n\n\n"
        "def test_f_is_positive():\n    assert f() > 0\n"
    )
    (copy / "test_b.py").write_text("from mod import f\n\n\ndef test_f():\n    assert f() == 1\n")
    # as make_venv does: hash-checked .pyc, or a mutant of the same size written within the
    # same second as the restored file would be read from the mutant's cached .pyc
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "--invalidation-mode", "checked-hash", copy],
        check=True,
    )
    workspace = TOOL.Workspace(copy, Path(sys.executable))
    preload, TOOL.PRELOAD = TOOL.PRELOAD, ("pytest",)  # what it imports first is only speed
    try:
        workspace.start()
    finally:
        TOOL.PRELOAD = preload
    yield workspace
    workspace.stop()


def test_the_tests_named_first_run_before_the_others(space):
    paths = ["test_a.py", "test_b.py"]
    outcome, _, out = TOOL.run_tests(space, paths, 120)
    assert outcome == "passed" and "3 passed" in out
    (space.copy / "mod.py").write_text(MODULE.replace("return 1", "return 5"))
    try:
        outcome, _, out = TOOL.run_tests(space, paths, 120)
        assert outcome == "failed" and "1 failed, 2 passed" in out
        outcome, _, out = TOOL.run_tests(space, paths, 120, first=("test_b.py::test_f",))
        assert outcome == "failed" and "1 failed in" in out and "passed" not in out
    finally:
        (space.copy / "mod.py").write_text(MODULE)


def test_a_killed_mutant_names_its_killer_and_a_survivor_none(space):
    free = queue.Queue()
    free.put(space)
    confirm = TOOL.Confirmations(120)
    killed = TOOL.Mutant("f off by one", "mod.py", "return 1", "return 2", ["test_a.py"])
    killed.tests.append("test_b.py")
    survivor = TOOL.Mutant("g within its test", "mod.py", "return 2", "return 3", ["test_a.py"])
    by_doctest = TOOL.Mutant("g, doctests", "mod.py", "return 2", "return 3", ["test_a.py"])
    stale = TOOL.Mutant("gone", "mod.py", "return 7", "return 8", ["test_a.py"])
    for m in (killed, by_doctest, stale):
        TOOL.judge(m, free, 120, set(), confirm)
    TOOL.judge(survivor, free, 120, set(), confirm, doctests=False)
    assert (killed.result, killed.killer) == ("killed", "test_b.py::test_f"), killed.detail
    assert (by_doctest.result, by_doctest.killer) == ("killed", "mod.py::mod.g")
    assert (survivor.result, survivor.killer) == ("SURVIVED", "")
    assert stale.result == "stale" and "found 0 times" in stale.detail
    assert (space.copy / "mod.py").read_text().count("return 1") == 1  # restored


def test_the_baseline_key_is_the_tree_s_content_caches_aside(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    for copy in (one, two):
        (copy / "pkg" / "__pycache__").mkdir(parents=True)
        (copy / "pkg" / "m.py").write_text("x = 1\n")
    (two / "pkg" / "__pycache__" / "m.cpython-311.pyc").write_bytes(b"compiled")
    assert TOOL.tree_key(one) == TOOL.tree_key(two)
    (two / "pkg" / "m.py").write_text("x = 2\n")
    assert TOOL.tree_key(one) != TOOL.tree_key(two)
    (two / "pkg" / "m.py").write_text("x = 1\n")
    (two / "pkg" / "n.py").write_text("")  # a new empty file counts too
    assert TOOL.tree_key(one) != TOOL.tree_key(two)


def test_a_kept_baseline_is_read_back_and_not_run_again(tmp_path, space):
    store = tmp_path / "baselines" / "key.json"
    first = TOOL.Confirmations(120, store)
    assert first.passes(space, "test_b.py::test_f") is True
    assert json.loads(store.read_text()) == {"test_b.py::test_f": True}
    store.write_text(json.dumps({"test_b.py::test_f": False}))  # what a later run reads
    assert TOOL.Confirmations(120, store).passes(None, "test_b.py::test_f") is False
    store.write_text('{"test_b.py::')  # half written by another run: nothing known
    assert TOOL.Confirmations(120, store).known == {}


def test_the_unit_suite_is_every_test_file_but_the_slow_ones():
    every = {f"tests/{p.name}" for p in (ROOT / "tests").glob("test_*.py")}
    suite = TOOL.unit_suite()
    assert suite == sorted(suite)
    assert set(suite) == every - TOOL.SLOW_TESTS
    assert "tests/test_mutate_tool.py" in suite and "tests/test_book.py" not in suite
