"""Which tests run each line of ``dtlearn/``: the map that picks a mutant's tests exactly.

Issue 38 measures a mutant as killed when some test of ``make test``'s unit suite fails on
it. Running the whole suite for each survivor takes minutes; running only the files near
the mutated code misses the tests that reach it from afar (a fit that goes through the
mutated scanner). The map answers "which tests execute this line" from one run of the
unit suite under ``coverage`` with one context per test, so a mutant needs to run only
those tests: the same verdict as the whole suite for any edit whose effect starts on the
lines it changes.

Build it once per tree (both cores, xdist; 8.4 min on 2 idle cores for 5,785 tests)::

    .venv-dev/bin/python tools/coverage_map.py build            # -> build/coverage-map/
    .venv-dev/bin/python tools/coverage_map.py tests dtlearn/tree.py 120

then ``tools/mutate.py --unit-suite --coverage-map build/coverage-map/coverage.sqlite``
re-runs each first-pass survivor against the tests the map names.

How a line's tests are chosen (:func:`selection`):

- the line's statement (a continuation line counts as its statement's first line) is
  looked up; a test that ran it during its call is named by its node id, a test that ran it
  during setup, teardown or collection (a fixture, a module-level constant of a test file)
  by its whole file, since the value may be shared by every test of the file;
- a line that runs at import (module level, a class body, a function's signature with its
  defaults) counts as every line of the functions it can reach: for a signature, the
  function's body; otherwise every function body of the module;
- a line no test runs in this process (the grading child, ``python -I``, runs outside
  coverage) gets nothing: the caller falls back to its own choice and says so.
"""

from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
import warnings
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "coverage-map"
DATA = OUT / "coverage.sqlite"

#: the rc file of the run: line coverage of dtlearn/, paths relative to the root
RC = """\
[run]
source = dtlearn
omit = dtlearn/_moved.py
relative_files = true
parallel = true
data_file = {data}
"""

# ------------------------------------------------------------------ the pytest plugin
# Loaded with ``-p coverage_map`` in every pytest process of the run (xdist's workers too):
# with $DTLEARN_COVERAGE_MAP naming the rc file, each process measures itself (as
# pytest-cov does: ``coverage run`` would see only xdist's controller), and each test phase
# gets its own context, "<node id>|<phase>", the import of a test module "<file>|collect".
_MEASURE = None


def pytest_configure(config) -> None:
    """Start measuring this process (a hook: importing the module alone starts nothing)."""
    global _MEASURE
    rc = os.environ.get("DTLEARN_COVERAGE_MAP")
    if rc and _MEASURE is None:
        import coverage

        _MEASURE = coverage.Coverage(config_file=rc, data_suffix=True)
        _MEASURE.start()


def pytest_unconfigure(config) -> None:
    """Write this process's data (combined by :func:`build`)."""
    if _MEASURE is not None:
        with warnings.catch_warnings():  # xdist's controller runs no test: "no data"
            warnings.simplefilter("ignore")
            _MEASURE.stop()
            _MEASURE.save()


def _switch(name: str) -> None:
    if _MEASURE is not None:
        _MEASURE.switch_context(name)


def pytest_collectstart(collector) -> None:
    """Code run while a test file is imported: the file's context."""
    _switch(f"{collector.nodeid.split('::')[0]}|collect")


def pytest_runtest_setup(item) -> None:
    """Fixtures set up for ``item``."""
    _switch(f"{item.nodeid}|setup")


def pytest_runtest_call(item) -> None:
    """The test itself."""
    _switch(f"{item.nodeid}|run")


def pytest_runtest_teardown(item) -> None:
    """Fixtures torn down after ``item``."""
    _switch(f"{item.nodeid}|teardown")


# ------------------------------------------------------------------ building the map
def build(jobs: int = 2, files: list[str] | None = None) -> Path:
    """Run the unit suite (or ``files``) under coverage in ``jobs`` shards; the data file."""
    sys.path.insert(0, str(ROOT / "tools"))
    from mutate import unit_suite

    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("coverage.sqlite*"):
        old.unlink()
    rc = OUT / "coveragerc"
    rc.write_text(RC.format(data=DATA), encoding="utf-8")
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT / "tools"),
        "OPENBLAS_NUM_THREADS": "1",
        "DTLEARN_COVERAGE_MAP": str(rc),
    }
    suite = files or [*unit_suite(), "dtlearn", "README.md"]
    with open(OUT / "pytest.log", "w", encoding="utf-8") as log:
        subprocess.run(
            [
                sys.executable, "-m", "pytest", "-p", "coverage_map", "-p", "no:cacheprovider",
                "-p", "no:randomly", "-q", "-n", str(jobs), "--dist", "load",
                "--doctest-modules", "--doctest-glob=README.md", "-m", "not browser", *suite,
            ],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    subprocess.run(
        [sys.executable, "-m", "coverage", "combine", f"--rcfile={rc}"], cwd=ROOT, check=True
    )
    return DATA


# ------------------------------------------------------------------ reading it
@cache
def _data(path: str):
    import coverage

    data = coverage.CoverageData(basename=path)
    data.read()
    return data


@cache
def _contexts(path: str, rel: str) -> dict[int, frozenset[str]]:
    data = _data(path)
    for name in data.measured_files():
        if Path(name).as_posix().endswith(rel):
            return {k: frozenset(v) for k, v in data.contexts_by_lineno(name).items()}
    return {}


def _scopes(source: str) -> list[tuple[int, int, int, int]]:
    """``(first, last, body first, body last)`` lines of each function in ``source``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            out.append((node.lineno, node.end_lineno or node.lineno, node.body[0].lineno,
                        node.end_lineno or node.lineno))  # fmt: skip
    return out


def _statement_lines(source: str) -> dict[int, tuple[int, int]]:
    """Line -> (first, last) line of the innermost simple statement or header spanning it.

    The tracer may record any line of a statement that spans several (an argument on
    the third line of a call), so a statement's tests are those of all its lines.
    """
    first: dict[int, tuple[int, int]] = {}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.stmt):
            continue
        body = getattr(node, "body", None)
        # a compound statement's own lines: its header, up to its body
        end = (
            max(node.lineno, body[0].lineno - 1)
            if isinstance(body, list) and body
            else node.end_lineno
        )
        for line in range(node.lineno, (end or node.lineno) + 1):
            end = end or node.lineno
            if line not in first or first[line][1] - first[line][0] > end - node.lineno:
                first[line] = (node.lineno, end)
    return first


def selection(
    rel: str, lines: list[int], data: Path = DATA, root: Path = ROOT
) -> tuple[list[str], str]:
    """The pytest ids (node ids or files) that run any of ``lines`` of ``rel``; and how.

    ``how`` is "lines", "function body" (a signature's defaults), "module" (import-time
    code: every function of the module) or "" (no test runs these lines here).
    """
    source = (root / rel).read_text(encoding="utf-8")
    contexts = _contexts(str(data), rel)
    starts = _statement_lines(source)
    scopes = _scopes(source)
    wanted: set[int] = set()
    how = "lines"
    for line in lines:
        inside = [s for s in scopes if s[0] <= line <= s[1]]
        innermost = max(inside, default=None)
        if innermost is not None and line >= innermost[2]:
            start, end = starts.get(line, (line, line))
            wanted.update(range(start, end + 1))
        elif innermost is not None:
            wanted.update(range(innermost[2], innermost[3] + 1))
            how = "function body"
        else:
            for s in scopes:
                wanted.update(range(s[2], s[3] + 1))
            how = "module"
    ids: dict[str, None] = {}
    for line in sorted(wanted):
        for context in contexts.get(line, ()):
            test, _, phase = context.rpartition("|")
            if not test:
                continue
            ids[test if phase == "run" else test.split("::")[0]] = None
    files = {i for i in ids if "::" not in i}
    chosen = [i for i in ids if i in files or i.split("::")[0] not in files]
    return sorted(chosen), how if chosen else ""


def main(argv: list[str] | None = None) -> int:
    """``build`` the map, or list the ``tests`` of a file's lines."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="run the unit suite under coverage, one context per test")
    b.add_argument("--jobs", type=int, default=2)
    b.add_argument("files", nargs="*", help="test files (default: the unit suite)")
    t = sub.add_parser("tests", help="the tests that run these lines")
    t.add_argument("file")
    t.add_argument("lines", type=int, nargs="+")
    args = parser.parse_args(argv)
    if args.command == "build":
        print(build(args.jobs, args.files))
        return 0
    chosen, how = selection(args.file, args.lines)
    print(f"{len(chosen)} tests ({how or 'no test runs these lines'})")
    print("\n".join(chosen))
    return 0


if __name__ == "__main__":
    sys.exit(main())
