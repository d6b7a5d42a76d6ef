"""One command for every benchmark: ``make bench`` (or ``python bench/run.py [module ...]``).

Each module of :data:`MODULES` prints its own table (``main()``), with the load average
before and after it. A module may also offer ``target_rows()``: a list of dicts, one per
measurement that has a target, with the keys

* ``task``: what was measured (str);
* ``value``: the measured figure (float; a ratio, or seconds, ...);
* ``target``: the ceiling the issue sets on ``value`` (float; the row holds if ``value <= target``);
* ``unit`` (optional): what ``value`` is, e.g. ``"x scikit-learn"`` (str).

``target_rows()`` is called after ``main()`` and returns what ``main()`` measured (no
second run). The closing table lists every such row with its target, whether it holds, and
the load average when its module finished; every row issue 42 asks for (:data:`EXPECTED`)
that no module gave is listed as ``missing``, so the table is complete whichever modules ran
or could run (J48 needs Java and Weka).

A clean-clone run: ``git clone <repository> dtlearn && cd dtlearn && make bench`` (builds
``.venv-dev`` first). The C4.5 rows need Debian's
``/usr/share/java/weka.jar`` and ``java`` (``apt-get install weka``).
"""

import importlib
import os
import re
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

EXPECTED = {
    "bench_cart": (
        (r"CART fit 1k x 10\b", "CART fit 1k x 10"),
        (r"CART fit 10k x 20\b", "CART fit 10k x 20"),
        (r"CART fit 30k x 10\b", "CART fit 30k x 10"),
        (r"CART fit 100k x 20\b", "CART fit 100k x 20"),
        (r"CART fit 300k x 10\b", "CART fit 300k x 10"),
        (r"CART predict 100k rows, nothing read", "CART predict 100k rows, nothing read"),
        (r"CART predict 100k rows, n_nodes", "CART predict 100k rows, size read"),
        (r"CART predict 100k rows, nodes made", "CART predict 100k rows, nodes made"),
        (r"CART 30k x 10 gain_ratio", "CART 30k x 10 gain_ratio over gini"),
        (r"pickle a fully grown CART .* \(size\)", "fitted model size over the data"),
    ),
    "bench_regression": (
        (r"absolute error \(MAE\), 2k x 10", "MAE regression 2k x 10"),
        (r"absolute error \(MAE\), 10k x 10", "MAE regression 10k x 10"),
    ),
    "bench_memory": (
        (r"CART fit 30k x 10: peak RSS", "CART fit 30k x 10: peak RSS growth"),
        (r"CART fit 300k x 10: peak RSS", "CART fit 300k x 10: peak RSS growth"),
    ),
    "bench_prune": (
        (r"cost_complexity_path, [1-4],\d{3} nodes", "cost_complexity_path, 1k-5k nodes"),
        (r"cost_complexity_path, [4-9]\d,\d{3} nodes", "cost_complexity_path, about 50k nodes"),
    ),
    "bench_rules": (
        (r"rule_post_prune, [1-9],\d{3} nodes", "rule_post_prune, 5k-node tree"),
        (r"rule_post_prune, [1-9]\d,\d{3} nodes", "rule_post_prune, 50k-node tree"),
        (r"rule_post_prune exponent", "rule post-pruning: exponent"),
    ),
    "bench_c45": (
        (r"warm J48 build, 5000 rows", "C4.5 fit / warm J48 build, 5000 rows"),
        (r"warm J48 build, 50000 rows", "C4.5 fit / warm J48 build, 50000 rows"),
    ),
    "bench_widgets": (
        (r"PruningStepper REP next step \(\d[\d,]*-node", "PruningStepper step, 2,500 nodes"),
        (r"PruningStepper slider move \(\d[\d,]*-node", "PruningStepper slider, 2,500 nodes"),
        (r"PruningStepper node click \(\d[\d,]*-node", "PruningStepper click, 2,500 nodes"),
    ),
}
"""Every row with a target issue 42 asks ``make bench`` to print: per module, a pattern
(:func:`re.search`) one of its rows' ``task`` matches, and the row's name if none does."""


def load() -> str:
    """The 1, 5 and 15 minute load averages and the core count, as printed."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} cores)"


def missing(rows: list[tuple[str, dict]], ran: list[str]) -> list[tuple[str, dict]]:
    """The :data:`EXPECTED` rows of no collected row, as rows of value NaN (``missing``).

    Only the modules named in ``ran`` are checked (``python bench/run.py bench_cart`` checks
    bench_cart's rows).

    Examples
    --------
    >>> got = missing([("bench_memory", {"task": "CART fit 30k x 10: peak RSS growth"})],
    ...               ["bench_memory"])
    >>> [(m, r["task"]) for m, r in got]
    [('bench_memory', 'CART fit 300k x 10: peak RSS growth (not measured)')]
    """
    out = []
    for module in ran:
        tasks = [r["task"] for m, r in rows if m == module]
        for pattern, label in EXPECTED.get(module, ()):
            if not any(re.search(pattern, task) for task in tasks):
                nan = float("nan")
                out.append(
                    (module, {"task": f"{label} (not measured)", "value": nan, "target": nan})
                )
    return out


def summary(rows: list[tuple[str, dict]]) -> list[str]:
    """The closing table's lines: every row with a target, whether it holds, the load.

    A row's ``load`` (if any) is the 1-minute load average when its module finished.

    Examples
    --------
    >>> print("\\n".join(summary([("bench_x", {"task": "fit", "value": 1.2, "target": 1.5,
    ...                                        "unit": "x sklearn", "load": 3.0}),
    ...                          ("bench_y", {"task": "gone", "value": float("nan"),
    ...                                       "target": float("nan")})])))
    ... # doctest: +NORMALIZE_WHITESPACE
    module         task                                                       value unit          target holds   load
    bench_x        fit                                                        1.200 x sklearn      1.500 yes      3.0
    bench_y        gone                                                         nan                  nan missing
    """
    lines = [
        f"{'module':<14} {'task':<58} {'value':>6} {'unit':<13} {'target':>6} {'holds':<7} "
        f"{'load':>4}"
    ]
    for module, row in rows:
        value, target = float(row["value"]), float(row["target"])
        holds = (
            "missing"
            if value != value and target != target
            else "yes"
            if value <= target
            else "no"
            if value == value
            else "n/a"
        )
        where = f"{row['load']:>4.1f}" if "load" in row else ""
        lines.append(
            f"{module:<14} {row['task']:<58} {value:>6.3f} {row.get('unit', ''):<13} "
            f"{target:>6.3f} {holds:<7} {where}".rstrip()
        )
    return lines


def main(names: list[str]) -> None:
    """Run the modules ``names`` (all of :data:`MODULES` when empty) and print the summary."""
    targets: list[tuple[str, dict]] = []
    ran = []
    for name in names or MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:
            print(f"== {name}: not available ({exc})")
            continue
        ran.append(name)
        print(f"== {name} ({load()})")
        module.main()
        rows = module.target_rows() if hasattr(module, "target_rows") else []
        finished = os.getloadavg()[0]
        targets.extend((name, {**row, "load": finished}) for row in rows)
        print(f"-- {name} done ({load()})")
        print()
    print("== every row with a target (value <= target holds; load: 1-minute load average)")
    print("\n".join(summary(targets + missing(targets, ran))))
    print(load())
    print(
        "clean-clone run: git clone <repository> dtlearn && cd dtlearn && make bench "
        "(C4.5 rows: apt-get install weka)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
