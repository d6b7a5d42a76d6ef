"""Format the whole tree with ``ruff format``, once, and bring every check along.

Run it once, from the repository root, after everybody's work is merged and the tree is
clean (it refuses a dirty tree: the format is a commit of its own)::

    .venv-dev/bin/python tools/format_tree.py            # format, re-measure, check
    .venv-dev/bin/python tools/format_tree.py --commit   # ... and commit the result

Steps, each deterministic (the same tree in gives the same tree out):

1. **Lift the guard.** pyproject.toml's ``[tool.ruff.format]`` excludes ``*.py`` until now,
   so that ``ruff format --check`` in ``make check`` and pre-commit passes on the
   unformatted tree; the script deletes ``"*.py"`` from that list and the comment above it.
2. **Format**: ``ruff format .`` with the settings of ``[tool.ruff.format]``.
3. **Size reasons**: ``tools/structure.py --restate`` rewrites each module's ``# About N
   lines:`` into logical lines, a measure the formatter does not change (physical lines
   grow by about 14 %, which would make several reasons stale).
4. **Mutants**: the hand-written ones are found by their tokens when the formatter
   re-wrapped their text (``tools/mutate.py``'s :func:`apply_mutant`); the generated part
   is rewritten from the formatted code (``tools/mutate.py --generate``), then
   ``tools/mutate.py --stale`` must find every mutant.
5. **Types**: mypy counts errors per line, so a re-wrapped statement can move a count
   between files; when ``tools/type_baseline.py`` fails, the baseline is rewritten
   (``--types``) only if the total did not grow.
6. **Checks**: ``ruff check``, ``ruff format --check``, ``tools/structure.py``,
   ``tools/test_map.py --check``; then run ``make check`` (the script says so).

It prints the figures: files changed, lines before and after, modules over the size limit.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
GUARDED = 'exclude = ["*.md", "*.ipynb", "*.py"]'
LIFTED = 'exclude = ["*.md", "*.ipynb"]'
GUARD_COMMENT = (
    '# FORMAT GUARD: "*.py" stays excluded until the lead\'s one-shot `tools/format_tree.py`,\n'
    "# run once everybody's work is merged, deletes it from this list and formats the tree.\n"
)
BIN = Path(sys.executable).parent
MYPY_BASELINE = ROOT / "tools" / "mypy-baseline.json"


def run(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Run a command in the repository root, print it and its output's last lines."""
    print(f"$ {' '.join(args)}", flush=True)
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    tail = (done.stdout + done.stderr).strip().splitlines()[-6:]
    for line in tail:
        print(f"    {line}")
    if check and done.returncode != 0:
        sys.exit(f"format_tree: `{' '.join(args)}` failed (exit {done.returncode})")
    return done


def python_lines() -> int:
    """Physical lines of every tracked ``.py`` file."""
    names = subprocess.run(["git", "ls-files", "-z", "*.py"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split("\0")
    return sum(len((ROOT / n).read_text(encoding="utf-8").splitlines())
               for n in names if n and (ROOT / n).is_file())


def lift_guard() -> None:
    """Delete ``"*.py"`` (and its comment) from ``[tool.ruff.format]``'s exclude list."""
    text = PYPROJECT.read_text(encoding="utf-8")
    if GUARDED not in text:
        sys.exit(f"format_tree: {PYPROJECT.name} has no `{GUARDED}`: formatted already?")
    text = text.replace(GUARD_COMMENT, "").replace(GUARDED, LIFTED)
    PYPROJECT.write_text(text, encoding="utf-8")
    print(f"guard lifted: {PYPROJECT.name} now says {LIFTED}")


def total_errors() -> int:
    """The error total the committed mypy baseline allows."""
    return sum(json.loads(MYPY_BASELINE.read_text(encoding="utf-8")).values())


def rebaseline_types() -> None:
    """Rewrite the mypy baseline when the formatter moved a count; never let the total grow."""
    if run(str(BIN / "python"), "tools/type_baseline.py", check=False).returncode == 0:
        return
    before, saved = total_errors(), MYPY_BASELINE.read_text(encoding="utf-8")
    MYPY_BASELINE.unlink()
    run(str(BIN / "python"), "tools/type_baseline.py", check=False)
    after = total_errors() if MYPY_BASELINE.is_file() else before + 1
    if after > before:
        MYPY_BASELINE.write_text(saved, encoding="utf-8")
        sys.exit(f"format_tree: mypy reports {after} errors after formatting, {before} before")
    print(f"mypy baseline rewritten: {before} -> {after} errors")


def main(argv: list[str] | None = None) -> int:
    """Format the tree, re-measure, check; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", action="store_true", help="commit the result")
    parser.add_argument("--allow-dirty", action="store_true",
                        help="run on a tree with uncommitted changes (not with --commit)")
    parser.add_argument("--types", action="store_true",
                        help="also run mypy and rewrite its baseline if counts moved (minutes)")
    args = parser.parse_args(argv)
    dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.strip()
    if dirty and (args.commit or not args.allow_dirty):
        sys.exit("format_tree: commit or stash your changes first (the format is a commit "
                 "of its own)")
    ruff, python = str(BIN / "ruff"), str(BIN / "python")
    before = python_lines()

    lift_guard()
    run(ruff, "format", ".")
    run(python, "tools/structure.py", "--restate")
    run(python, "tools/mutate.py", "--generate")
    run(python, "tools/mutate.py", "--stale")
    if args.types:
        rebaseline_types()
    run(ruff, "check", ".")
    run(ruff, "format", "--check", ".")
    run(python, "tools/test_map.py", "--check")

    stat = subprocess.run(["git", "diff", "--shortstat"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    after = python_lines()
    print(f"\nformatted: {stat}\nPython lines: {before} -> {after} "
          f"({100 * (after - before) / before:+.1f} %)")
    if args.commit:
        run("git", "add", "-A")
        body = ("One mechanical commit, made by tools/format_tree.py after every branch was\n"
                "merged: the guard in [tool.ruff.format] lifted, `ruff format .`,\n"
                "`tools/structure.py --restate` (size reasons in logical lines, which the\n"
                "formatter does not change), `tools/mutate.py --generate` (the generated\n"
                f"mutants from the formatted lines).\n\n{stat}; Python lines {before} -> {after}.")
        run("git", "commit", "-q", "-m", "Format the tree with ruff format", "-m", body)
    print("\nnext: make check (lint, format check, types, structure, fast tests)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
