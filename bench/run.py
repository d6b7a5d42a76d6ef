"""One command for every benchmark: ``make bench`` (or ``python bench/run.py [module ...]``).

Each module of :data:`MODULES` prints its own table (``main()``), with the load average
before and after it. A module may also offer ``target_rows()``: a list of dicts, one per
measurement that has a target, with the keys

* ``task``: what was measured (str);
* ``value``: the measured figure (float; a ratio, or seconds, ...);
* ``target``: the ceiling the issue sets on ``value`` (float; the row holds if ``value <= target``);
* ``unit`` (optional): what ``value`` is, e.g. ``"x scikit-learn"`` (str).

``target_rows()`` is called after ``main()`` and may return what ``main()`` measured (no
second run). The closing table lists every such row with its target, whether it holds, and
the load average; modules without ``target_rows`` are printed as before.
"""

import importlib
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

MODULES = [
    "bench_cart",
    "bench_regression",
    "bench_memory",
    "bench_prune",
    "bench_rules",
    "bench_c45",
    "bench_widgets",
    "bench_notebooks",
    "bench_similarity",
]


def load() -> str:
    """The 1, 5 and 15 minute load averages and the core count, as printed."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} cores)"


def summary(rows: list[tuple[str, dict]]) -> list[str]:
    """The closing table's lines: every row with a target, whether it holds.

    Examples
    --------
    >>> print("\\n".join(summary([("bench_x", {"task": "fit", "value": 1.2, "target": 1.5,
    ...                                        "unit": "x sklearn"})])))  # doctest: +NORMALIZE_WHITESPACE
    module         task                                                       value unit          target holds
    bench_x        fit                                                        1.200 x sklearn      1.500 yes
    """
    lines = [f"{'module':<14} {'task':<58} {'value':>6} {'unit':<13} {'target':>6} holds"]
    for module, row in rows:
        value, target = float(row["value"]), float(row["target"])
        holds = "yes" if value <= target else "no" if value == value else "n/a"
        lines.append(
            f"{module:<14} {row['task']:<58} {value:>6.3f} {row.get('unit', ''):<13} "
            f"{target:>6.3f} {holds}"
        )
    return lines


def main(names: list[str]) -> None:
    """Run the modules ``names`` (all of :data:`MODULES` when empty) and print the summary."""
    targets: list[tuple[str, dict]] = []
    for name in names or MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:
            print(f"== {name}: not available ({exc})")
            continue
        print(f"== {name} ({load()})")
        module.main()
        if hasattr(module, "target_rows"):
            targets.extend((name, row) for row in module.target_rows())
        print(f"-- {name} done ({load()})")
        print()
    print("== every row with a target (value <= target holds)")
    print("\n".join(summary(targets)))
    print(load())


if __name__ == "__main__":
    main(sys.argv[1:])
