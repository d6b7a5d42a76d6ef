"""Run mypy over dtlearn and compare each file's error count with the committed baseline.

``python tools/type_baseline.py`` (``make types``, part of ``make check`` and ``make test``)
fails when a file has more mypy errors than ``tools/mypy-baseline.json`` allows, or errors
in a file the baseline does not list: the count may only shrink. When it shrank, it says so;
``--update`` then writes the smaller counts (it refuses to write a count that grew).
Without the file it writes a fresh one: after a formatter moves code (mypy counts errors per
line), delete it and run again, then check the total did not grow.
The configuration is ``[tool.mypy]`` in pyproject.toml.
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
BASELINE = ROOT / "tools" / "mypy-baseline.json"
ERROR = re.compile(r"^(?P<file>[^:\s]+\.py):\d+: error: ")


def error_counts(mypy_output: str) -> Counter:
    r"""Errors per file in mypy's output (notes and the summary line are not errors).

    >>> error_counts("a.py:3: error: x  [misc]\na.py:4: note: y\nb.py:1: error: z\n")
    Counter({'a.py': 1, 'b.py': 1})
    """
    return Counter(m["file"] for m in map(ERROR.match, mypy_output.splitlines()) if m)


def compare(now: Counter, allowed: dict[str, int]) -> tuple[list[str], list[str]]:
    """``(grew, shrank)``: one line per file over its allowance, one per file under it.

    >>> compare(Counter({"a.py": 3, "c.py": 1}), {"a.py": 2, "b.py": 4})
    (['a.py: 3 errors, the baseline allows 2', 'c.py: 1 errors, the baseline allows 0'], ['b.py: 0 errors, the baseline allows 4'])
    """
    grew = [
        f"{f}: {now[f]} errors, the baseline allows {allowed.get(f, 0)}"
        for f in sorted(now)
        if now[f] > allowed.get(f, 0)
    ]
    shrank = [
        f"{f}: {now.get(f, 0)} errors, the baseline allows {n}"
        for f, n in sorted(allowed.items())
        if now.get(f, 0) < n
    ]
    return grew, shrank


def main(argv: list[str] | None = None) -> int:
    """Run mypy, print the comparison; 1 when a file has more errors than allowed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--update",
        action="store_true",
        help="write the current counts (only where they did not grow)",
    )
    args = parser.parse_args(argv)
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    # mypy always ends with "Success: ..." or "Found N errors ..."; anything else (mypy not
    # installed, a crash) must not read as "no errors"
    summary = run.stdout.strip().splitlines()[-1:] or [""]
    if (
        run.returncode not in (0, 1)
        or "error: " in run.stderr
        or not summary[0].startswith(("Success:", "Found "))
    ):
        print(run.stdout + run.stderr)
        print("mypy did not run to the end: nothing was compared")
        return 2
    now = error_counts(run.stdout)
    if not BASELINE.exists():  # a fresh baseline (after a formatter moved errors between lines)
        BASELINE.write_text(json.dumps(dict(sorted(now.items())), indent=1) + "\n")
        print(
            f"mypy: {sum(now.values())} errors in {len(now)} files; "
            f"wrote {BASELINE.relative_to(ROOT)}"
        )
        return 0
    allowed = json.loads(BASELINE.read_text())
    grew, shrank = compare(now, allowed)
    print(
        f"mypy: {sum(now.values())} errors in {len(now)} files; "
        f"the baseline allows {sum(allowed.values())}"
    )
    for line in grew:
        print(f"  MORE {line}")
    for line in shrank:
        print(f"  less {line}")
    if grew and args.update:
        print("not updated: fix the new errors first (the baseline may only shrink)")
    elif args.update:
        BASELINE.write_text(json.dumps(dict(sorted(now.items())), indent=1) + "\n")
        print(f"wrote {BASELINE.relative_to(ROOT)}")
    elif shrank:
        print(
            "fewer errors than the baseline: run `python tools/type_baseline.py --update` "
            "and commit tools/mypy-baseline.json"
        )
    if grew:
        print(run.stdout)
    return 1 if grew else 0


if __name__ == "__main__":
    sys.exit(main())
