"""``make bench``'s closing table: every row issue 42 asks for is found in what the modules report.

``bench/run.py`` lists a target row as ``missing`` when no module's ``target_rows()`` task
matches its pattern (:data:`run.EXPECTED`). The patterns and the modules' task texts are
written apart, so a renamed task silently turned measured rows into "missing" (the rule
post-pruning rows, stop 50). Here each module's store is filled with rows of the sizes its
``main()`` measures, and the table must then miss nothing. The bench modules' docstring
examples run here too (``bench/`` is outside the doctest paths of ``make test``).
"""

import doctest
import importlib
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

run = importlib.import_module("run")


def measured(module: str) -> list[dict]:
    """The target rows ``module`` reports after a run of the sizes ``make bench`` measures."""
    bench = importlib.import_module(module)
    if module == "bench_rules":
        bench.MEASURED[:] = [
            {"nodes": n, "val": 10_000, "dtlearn s": 0.2, "fit s": 0.3} for n in (5_593, 52_917)
        ]
    elif module == "bench_prune":
        bench.MEASURED[:] = [
            {"nodes": n, "dtlearn s": 1.0, "scikit-learn s": 1.0}
            for n in (1_131, 1_923, 3_915, 5_593, 18_233, 52_917)
        ]
    elif module == "bench_c45":
        bench.LAST[:] = [
            {"rows": n, "dtlearn s": 0.2, "J48 s": 0.1, "same tree": True}
            for n in (500, 5_000, 50_000)
        ]
    elif module == "bench_memory":
        bench.LAST[:] = [
            {"task": f"CART fit {n // 1000}k x {d}", "data MB": 2.0, "dtlearn rss": 3.0}
            for n, d in bench.RSS_SIZES
        ]
    elif module == "bench_widgets":
        bench.LAST[:] = [
            (f"PruningStepper {what} (2559-node tree)", 4.0)
            for what in ("REP next step", "slider move", "node click")
        ]
    return bench.target_rows()


@pytest.mark.parametrize(
    "module", ["bench_rules", "bench_prune", "bench_c45", "bench_memory", "bench_widgets"]
)
def test_a_full_run_misses_no_expected_row(module):
    rows = [(module, row) for row in measured(module)]
    assert rows
    assert run.missing(rows, [module]) == []
    assert all(line.split()[-1] != "missing" for line in run.summary(rows))


def test_a_module_that_reported_nothing_is_missing_every_row():
    got = run.missing([], ["bench_rules"])
    assert [row["task"] for _, row in got] == [
        "rule_post_prune, 5k-node tree (not measured)",
        "rule_post_prune, 50k-node tree (not measured)",
        "rule post-pruning: exponent (not measured)",
    ]


def test_the_cost_complexity_rows_keep_their_two_targets():
    rows = measured("bench_prune")
    assert [(row["task"], row["target"]) for row in rows] == [
        ("cost_complexity_path, 1,131 nodes", 1.5),
        ("cost_complexity_path, 1,923 nodes", 1.5),
        ("cost_complexity_path, 3,915 nodes", 1.5),
        ("cost_complexity_path, 5,593 nodes", 1.5),
        ("cost_complexity_path, 52,917 nodes", 0.5),
    ]


@pytest.mark.parametrize("module", ["run", *run.MODULES])
def test_bench_docstring_examples(module):
    bench = importlib.import_module(module)
    result = doctest.testmod(bench, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
