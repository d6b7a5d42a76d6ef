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
5. **Types**: mypy reports an error on every line of a statement the formatter split, so
   a file's count can grow with no new error. mypy runs before and after; when every
   error after is one of the same file's before (line numbers aside), the baseline
   ``tools/mypy-baseline.json`` is rewritten with the new counts, else the script stops.
6. **Checks**: ``ruff check``, ``ruff format --check``, ``tools/structure.py``,
   ``tools/test_map.py --check``; then run ``make check`` (the script says so).

It prints the figures: files changed, lines before and after, modules over the size limit.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter
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
    names = subprocess.run(
        ["git", "ls-files", "-z", "*.py"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split("\0")
    return sum(
        len((ROOT / n).read_text(encoding="utf-8").splitlines())
        for n in names
        if n and (ROOT / n).is_file()
    )


def lift_guard() -> None:
    """Delete ``"*.py"`` (and its comment) from ``[tool.ruff.format]``'s exclude list."""
    text = PYPROJECT.read_text(encoding="utf-8")
    if GUARDED not in text:
        sys.exit(f"format_tree: {PYPROJECT.name} has no `{GUARDED}`: formatted already?")
    text = text.replace(GUARD_COMMENT, "").replace(GUARDED, LIFTED)
    PYPROJECT.write_text(text, encoding="utf-8")
    print(f"guard lifted: {PYPROJECT.name} now says {LIFTED}")


MYPY_ERROR = re.compile(r"^(?P<file>[^:\s]+\.py):\d+: error: (?P<text>.*)$")


def mypy_errors() -> tuple[Counter, dict[str, set[str]]]:
    """The errors mypy reports per file: their number, and their texts without line numbers."""
    print(f"$ {BIN / 'python'} -m mypy", flush=True)
    done = subprocess.run(
        [str(BIN / "python"), "-m", "mypy"], cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode not in (0, 1) or "error: " in done.stderr:
        sys.exit(f"format_tree: mypy failed\n{done.stdout}{done.stderr}")
    counts: Counter = Counter()
    texts: dict[str, set[str]] = {}
    for match in filter(None, map(MYPY_ERROR.match, done.stdout.splitlines())):
        counts[match["file"]] += 1
        text = re.sub(r"\bline \d+", "line N", match["text"])
        texts.setdefault(match["file"], set()).add(text)
    print(f"    {sum(counts.values())} errors in {len(counts)} files")
    return counts, texts


def rebaseline_types(before: dict[str, set[str]]) -> None:
    """Write the mypy baseline from the formatted tree's counts, if no error is new."""
    counts, after = mypy_errors()
    new = {
        f"{name}: {text}"
        for name, texts in after.items()
        for text in texts - before.get(name, set())
    }
    if new:
        sys.exit(
            "format_tree: mypy errors the unformatted tree did not have:\n  "
            + "\n  ".join(sorted(new))
        )
    allowed = json.loads(MYPY_BASELINE.read_text(encoding="utf-8"))
    MYPY_BASELINE.write_text(
        json.dumps(dict(sorted(counts.items())), indent=1) + "\n", encoding="utf-8"
    )
    print(
        f"mypy baseline: {sum(allowed.values())} -> {sum(counts.values())} errors, no new "
        f"one (a statement split over lines repeats its error on each)"
    )


def main(argv: list[str] | None = None) -> int:
    """Format the tree, re-measure, check; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", action="store_true", help="commit the result")
    parser.add_argument(
        "--allow-dirty",
        action="store_true",
        help="run on a tree with uncommitted changes (not with --commit)",
    )
    parser.add_argument(
        "--no-types", action="store_true", help="skip mypy (its two runs are most of the time)"
    )
    args = parser.parse_args(argv)
    dirty = subprocess.run(
        ["git", "status", "--porcelain"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    if dirty and (args.commit or not args.allow_dirty):
        sys.exit(
            "format_tree: commit or stash your changes first (the format is a commit of its own)"
        )
    ruff, python = str(BIN / "ruff"), str(BIN / "python")
    before = python_lines()
    types_before = None
    if not args.no_types:
        counts, types_before = mypy_errors()
        allowed = json.loads(MYPY_BASELINE.read_text(encoding="utf-8"))
        grew = sorted(f for f in counts if counts[f] > allowed.get(f, 0))
        if grew:
            sys.exit(
                f"format_tree: mypy finds more errors than the baseline allows before "
                f"formatting (tools/type_baseline.py): {', '.join(grew)}"
            )

    lift_guard()
    run(ruff, "format", ".")
    run(python, "tools/structure.py", "--restate")
    run(python, "tools/mutate.py", "--generate")
    run(python, "tools/mutate.py", "--stale")
    if types_before is not None:
        rebaseline_types(types_before)
    run(ruff, "check", ".")
    run(ruff, "format", "--check", ".")
    run(python, "tools/test_map.py", "--check")

    stat = subprocess.run(
        ["git", "diff", "--shortstat"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    after = python_lines()
    print(
        f"\nformatted: {stat}\nPython lines: {before} -> {after} "
        f"({100 * (after - before) / before:+.1f} %)"
    )
    if args.commit:
        run("git", "add", "-A")
        body = (
            "One mechanical commit, made by tools/format_tree.py after every branch was\n"
            "merged: the guard in [tool.ruff.format] lifted, `ruff format .`,\n"
            "`tools/structure.py --restate` (size reasons in logical lines, which the\n"
            "formatter does not change), `tools/mutate.py --generate` (the generated\n"
            "mutants from the formatted lines), the mypy baseline rewritten where a\n"
            "split statement repeats an error on each of its lines.\n\n"
            f"{stat}; Python lines {before} -> {after}."
        )
        run("git", "commit", "-q", "-m", "Format the tree with ruff format", "-m", body)
    print("\nnext: make check (lint, format check, types, structure, fast tests)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
