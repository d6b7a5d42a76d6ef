"""Mutation testing with hand-written mutants: does some test fail when the code is wrong.

Each mutant in ``tools/mutants.toml`` is one small edit (``file``: ``old`` -> ``new``) that a
real bug could make. For each, the script edits a throw-away copy of the repository, runs
the mutant's test files and the mutated module's doctests, and records whether a test
failed (killed) or all passed (survived). The checkout itself is never touched.

Run from the repository root::

    .venv-dev/bin/python tools/mutate.py                 # every mutant, on the committed HEAD
    .venv-dev/bin/python tools/mutate.py -k J48          # mutants whose name contains "J48"
    .venv-dev/bin/python tools/mutate.py --worktree      # on the working tree (uncommitted edits)

The copy is ``git archive HEAD`` (or the tracked and untracked, not ignored, files of the
working tree) in a temporary folder; the tests import the package from it (PYTHONPATH).
Before the mutants, all the test files run once unmutated (and if that fails, each mutant's
set runs alone): a set that fails there cannot judge its mutants, which are reported
"baseline fails" and left out of the score,
as are mutants whose ``old`` text is no longer in the file ("stale") and those marked
``equivalent``. A run that exceeds ``--timeout`` is killed and counts as killed (a test
that hangs on a mutant is a test that notices it, though a slow one).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "tools" / "mutants.toml"


@dataclass
class Mutant:
    """One edit and the tests that should notice it."""

    name: str
    file: str
    old: str
    new: str
    tests: list[str]
    equivalent: bool = False
    result: str = "not run"
    seconds: float = 0.0
    detail: str = field(default="", repr=False)


def load_mutants(path: Path) -> list[Mutant]:
    """The mutants listed in a TOML file (``[[mutant]]`` tables)."""
    with open(path, "rb") as f:
        data = tomllib.load(f)
    mutants = []
    for i, entry in enumerate(data.get("mutant", [])):
        missing = {"name", "file", "old", "new", "tests"} - entry.keys()
        if missing:
            raise ValueError(f"{path}: mutant {i} lacks {sorted(missing)}")
        if entry["old"] == entry["new"]:
            raise ValueError(f"{path}: mutant {entry['name']!r} changes nothing")
        mutants.append(Mutant(entry["name"], entry["file"], entry["old"], entry["new"],
                              list(entry["tests"]), bool(entry.get("equivalent", False))))
    return mutants


def copy_repository(dest: Path, worktree: bool) -> None:
    """Put the committed HEAD (or the working tree's files) into ``dest``."""
    if not worktree:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
        return
    listing = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others",
                              "--exclude-standard"], check=True, capture_output=True).stdout
    for name in filter(None, listing.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def run_tests(copy: Path, paths: list[str], timeout: float) -> tuple[str, float, str]:
    """Run pytest on ``paths`` in ``copy``: ``("passed" | "failed" | "timeout", s, tail)``."""
    env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
    command = ["nice", "-n", "10", sys.executable, "-m", "pytest", "-x", "-q",
               "--doctest-modules", "-p", "no:cacheprovider", *paths]
    start = time.monotonic()
    process = subprocess.Popen(command, cwd=copy, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # the pytest run and whatever it started
        out, _ = process.communicate()
        return "timeout", time.monotonic() - start, out[-2000:]
    except BaseException:  # interrupted: leave no test run behind
        os.killpg(process.pid, signal.SIGKILL)
        raise
    seconds = time.monotonic() - start
    return ("passed" if process.returncode == 0 else "failed"), seconds, out[-2000:]


def main(argv: list[str] | None = None) -> int:
    """Run the selected mutants, print the table and the score; 1 if one survived."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=Path, default=MUTANTS, help="TOML list of mutants")
    parser.add_argument("-k", dest="select", default="", help="only mutants whose name has this")
    parser.add_argument("--worktree", action="store_true",
                        help="mutate a copy of the working tree, not of HEAD")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per test run")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--keep", action="store_true", help="keep the temporary copy")
    args = parser.parse_args(argv)
    # `kill` ends the script like Ctrl-C: the running tests stop, the copy is removed
    signal.signal(signal.SIGTERM, signal.default_int_handler)

    mutants = [m for m in load_mutants(args.mutants) if args.select.lower() in m.name.lower()]
    if not mutants:
        print("no mutant selected")
        return 2
    copy = Path(tempfile.mkdtemp(prefix="dtlearn-mutate-"))
    try:
        copy_repository(copy, args.worktree)
        baseline: dict[tuple, str] = {}
        union = sorted({p for m in mutants for p in [*m.tests, m.file]})
        outcome, seconds, tail = run_tests(copy, union, args.timeout * 2)
        print(f"baseline, every test file at once: {outcome} ({seconds:.0f} s)", flush=True)
        if outcome != "passed":
            print(tail, file=sys.stderr)
        if outcome == "passed":  # otherwise each mutant's own set runs unmutated first
            baseline = {tuple([*m.tests, m.file]): "passed" for m in mutants}
        for i, m in enumerate(mutants, 1):
            path = copy / m.file
            text = path.read_text(encoding="utf-8") if path.is_file() else ""
            if text.count(m.old) != 1:
                m.result = "stale"
                m.detail = f"old text found {text.count(m.old)} times in {m.file}"
            else:
                tests = [*m.tests, m.file]
                key = tuple(tests)
                if key not in baseline:
                    outcome, seconds, tail = run_tests(copy, tests, args.timeout)
                    baseline[key] = outcome
                    if outcome != "passed":
                        print(f"baseline {outcome}: {' '.join(tests)}\n{tail}", file=sys.stderr)
                if baseline[key] != "passed":
                    m.result = "baseline fails"
                else:
                    path.write_text(text.replace(m.old, m.new), encoding="utf-8")
                    try:
                        outcome, m.seconds, m.detail = run_tests(copy, tests, args.timeout)
                    finally:
                        path.write_text(text, encoding="utf-8")
                    m.result = {"passed": "SURVIVED", "failed": "killed",
                                "timeout": "killed (timeout)"}[outcome]
            print(f"[{i}/{len(mutants)}] {m.result:16} {m.seconds:6.1f}s  {m.name}", flush=True)
    finally:
        if args.keep:
            print(f"copy kept in {copy}")
        else:
            shutil.rmtree(copy, ignore_errors=True)

    print()
    print(f"{'result':16} {'secs':>6}  {'file':34} mutant")
    for m in mutants:
        result = "equivalent" if m.equivalent and m.result == "SURVIVED" else m.result
        print(f"{result:16} {m.seconds:6.1f}  {m.file:34} {m.name}")
    scored = [m for m in mutants if m.result in ("killed", "killed (timeout)", "SURVIVED")
              and not m.equivalent]
    killed = sum(m.result != "SURVIVED" for m in scored)
    left_out = len(mutants) - len(scored)
    score = 100 * killed / len(scored) if scored else float("nan")
    print(f"\nmutation score: {killed} of {len(scored)} killed = {score:.0f} %"
          f"  ({left_out} left out: stale, baseline fails or equivalent)")
    for m in mutants:
        if m.result == "SURVIVED" and not m.equivalent:
            print(f"  survived: {m.name} ({m.file})")
        if m.result == "stale":
            print(f"  stale: {m.name}: {m.detail}")
    if args.json:
        args.json.write_text(json.dumps([{k: getattr(m, k) for k in (
            "name", "file", "tests", "equivalent", "result", "seconds")} for m in mutants],
            indent=1) + "\n", encoding="utf-8")
    return 0 if all(m.result != "SURVIVED" or m.equivalent for m in mutants) else 1


if __name__ == "__main__":
    sys.exit(main())
