"""C4.5 build time against Weka J48's own "Time taken to build model".

Run ``python bench/bench_c45.py [repeat]`` (or call :func:`main` from ``bench/run.py``).
J48's times come from ``tests/fixtures/weka/j48_build_times.json`` (Weka 3.6.14, 0.01 s
resolution, a single JVM run per file, so JIT warm-up is included on Weka's side); ours are
the best of ``repeat`` fits (default 3) of ``C45Classifier()`` (encoding, growing,
collapsing and pruning) on the same data. The machine's load moves the numbers: on a
shared machine run it a few times and keep the best.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"


def _time(fit, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fit()
        best = min(best, time.perf_counter() - start)
    return best


def rows(repeat: int = 3, datasets: list[str] | None = None) -> list[tuple[str, int, float, float]]:
    """``(data set, n rows, dtlearn seconds, J48 seconds)`` for every benchmarked set."""
    import numpy as np

    sys.path.insert(0, str(FIXTURES))
    import make_weka_fixtures
    import weka_output as wo

    from dtlearn.datasets import read_arff
    from dtlearn.learners.c45 import C45Classifier

    times = json.loads((FIXTURES / "weka" / "j48_build_times.json").read_text())
    out = []
    for name in datasets or sorted(k for k in times if k != "synthetic-20k"):
        X, y = read_arff(wo.data_path(name))
        ours = _time(lambda: C45Classifier().fit(X, y), repeat)
        out.append((name, len(y), ours, times[name]))
    if datasets is None or "synthetic-20k" in datasets:
        _, X, y = make_weka_fixtures.make_synthetic()
        y = np.asarray(y)
        ours = _time(lambda: C45Classifier().fit(X, y), max(1, repeat - 2))
        out.append(("synthetic-20k", len(y), ours, times["synthetic-20k"]))
    return out


def main(repeat: int = 3) -> str:
    """Print and return the table."""
    lines = [f"{'data set':32} {'rows':>6} {'dtlearn s':>10} {'J48 s':>7} {'ratio':>6}"]
    for name, n, ours, weka in rows(repeat):
        ratio = ours / weka if weka > 0 else float("inf")
        lines.append(f"{name:32} {n:6d} {ours:10.3f} {weka:7.2f} {ratio:6.2f}")
    text = "\n".join(lines)
    print(text)
    return text


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
