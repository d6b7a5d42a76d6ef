"""C4.5 build time against Weka J48: a warm JVM on mixed data, and the fixtures' files.

Run ``python bench/bench_c45.py [repeat]`` (or call :func:`main` from ``bench/run.py``).

**Warm J48** (issue 42: C4.5 <= 3x a warm J48 build at 5k and 50k rows): mixed data of
:func:`make_mixed` (6 numeric and 4 nominal attributes, 3 classes, 5 % missing values in 4
columns) written as ARFF with the nominal values declared ``v0, v1, ...``; J48 (Debian's
``/usr/share/java/weka.jar``, default options) builds it in one JVM (``J48Warm.java``):
a few untimed builds, then the CPU seconds of each later build. Ours: CPU seconds of
``C45Classifier().fit`` on the same file read with ``read_arff`` (encoding, growing,
collapsing, pruning), medians of ``repeat`` fits, run before and after the JVM. The trees
must print J48's lines (checked). The table prints the load average.

**Fixtures**: J48's times from ``tests/fixtures/weka/j48_build_times.json`` (Weka 3.6.14,
0.01 s resolution, a single cold JVM run per file) against the best of ``repeat`` fits.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
WEKA_JAR = Path("/usr/share/java/weka.jar")
WARM_ROWS = (500, 5_000, 50_000)
"""Rows of the warm-J48 comparison; the target holds at 5k and 50k."""
WARM_TARGET = 3.0
"""Issue 42's ceiling on C4.5's fit as a ratio to a warm J48 build."""
LAST: list[dict] = []
"""The warm rows :func:`main` measured last (read by :func:`target_rows`)."""


def make_mixed(n: int, seed: int = 0) -> tuple[list, list, list]:
    """``(attributes, rows, classes)`` of the mixed data set, ARFF-ready (``None``: missing).

    Examples
    --------
    >>> attributes, rows, classes = make_mixed(50)
    >>> len(attributes), len(rows), len(rows[0]), classes
    (11, 50, 11, ['c0', 'c1', 'c2'])
    """
    rng = np.random.default_rng(seed)
    num = np.round(rng.normal(size=(n, 6)), 2)
    levels = (3, 4, 5, 6)
    nom = np.column_stack([rng.integers(0, v, n) for v in levels])
    score = (
        num[:, 0]
        + num[:, 1] * (nom[:, 0] == 1)
        - 0.7 * num[:, 2]
        + 0.4 * nom[:, 1]
        + 0.8 * rng.normal(size=n)
    )
    cls = np.digitize(score, np.quantile(score, [1 / 3, 2 / 3]))
    classes = ["c0", "c1", "c2"]
    missing = rng.random((n, 4)) < 0.05  # in numeric 0 and 3, nominal 0 and 2
    rows = []
    for i in range(n):
        row = [float(v) for v in num[i]] + [f"v{int(v)}" for v in nom[i]] + [classes[cls[i]]]
        for m, col in zip(missing[i], (0, 3, 6, 8)):
            if m:
                row[col] = None
        rows.append(row)
    attributes = (
        [(f"x{j}", "numeric") for j in range(6)]
        + [(f"a{j}", [f"v{k}" for k in range(v)]) for j, v in enumerate(levels)]
        + [("class", classes)]
    )
    return attributes, rows, classes


def warm_j48(path: Path, builds: int, warmup: int = 5) -> tuple[float, list[str]]:
    """Median CPU seconds of J48's later builds of ``path`` in one JVM, and its tree lines."""
    out = subprocess.run(
        [
            "java",
            "-cp",
            str(WEKA_JAR),
            str(Path(__file__).with_name("J48Warm.java")),
            str(path),
            str(warmup),
            str(builds),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    times = [float(line.split()[1]) for line in out.splitlines() if line.startswith("cpu ")]
    sys.path.insert(0, str(FIXTURES))
    import weka_output as wo

    return statistics.median(times), wo.tree_lines(out, "J48")


def cpu_fits(fit, repeat: int) -> list[float]:
    """CPU seconds of ``repeat`` calls of ``fit``."""
    out = []
    for _ in range(repeat):
        start = time.process_time()
        fit()
        out.append(time.process_time() - start)
    return out


def warm_rows(repeat: int = 3) -> list[dict]:
    """One row per size of :data:`WARM_ROWS`: our fit, J48's warm build, the trees equal?"""
    sys.path.insert(0, str(FIXTURES))
    import make_weka_fixtures

    from dtlearn.datasets import read_arff
    from dtlearn.learners.c45 import C45Classifier

    out = []
    folder = Path(tempfile.mkdtemp(prefix="bench_c45_"))
    try:
        for n in WARM_ROWS:
            attributes, rows, _ = make_mixed(n)
            path = folder / f"mixed-{n}.arff"
            make_weka_fixtures.write_arff(path, f"mixed-{n}", attributes, rows)
            X, y = read_arff(path)
            ours = cpu_fits(lambda: C45Classifier().fit(X, y), repeat)
            weka, lines = warm_j48(path, max(5, repeat))
            ours += cpu_fits(lambda: C45Classifier().fit(X, y), repeat)
            model = C45Classifier().fit(X, y)
            same = model.tree_.to_text(style="weka").splitlines() == lines
            out.append(
                {
                    "rows": n,
                    "dtlearn s": statistics.median(ours),
                    "J48 s": weka,
                    "nodes": model.tree_.n_nodes,
                    "same tree": same,
                }
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return out


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


def target_rows() -> list[dict]:
    """The warm-J48 rows of :func:`main` that have a target (``bench/run.py``'s summary).

    A tree that does not print J48's lines counts as infinitely slow.

    Examples
    --------
    >>> LAST[:] = [{"rows": 500, "dtlearn s": 0.02, "J48 s": 0.01, "same tree": True},
    ...            {"rows": 5000, "dtlearn s": 0.2, "J48 s": 0.1, "same tree": True}]
    >>> target_rows()
    [{'task': 'C4.5 fit / warm J48 build, 5000 rows, same tree', 'value': 2.0, 'target': 3.0, 'unit': 'x J48'}]
    """
    out = []
    for r in LAST:
        if r["rows"] >= 5_000:
            same = r["same tree"]
            out.append(
                {
                    "task": f"C4.5 fit / warm J48 build, {r['rows']} rows, "
                    f"{'same tree' if same else 'OTHER TREE'}",
                    "value": r["dtlearn s"] / r["J48 s"] if same else float("inf"),
                    "target": WARM_TARGET,
                    "unit": "x J48",
                }
            )
    return out


def main(repeat: int = 3) -> str:
    """Print and return the tables."""
    load = os.getloadavg()[0]
    lines = [
        f"{'mixed data (warm J48)':32} {'rows':>6} {'dtlearn s':>10} {'J48 s':>7} "
        f"{'ratio':>6} {'target':>6} {'nodes':>6} same tree"
    ]
    LAST.clear()
    if WEKA_JAR.exists() and shutil.which("java"):
        LAST.extend(warm_rows(repeat))
        for r in LAST:
            target = WARM_TARGET if r["rows"] >= 5_000 else float("nan")
            lines.append(
                f"{'mixed, 6 numeric 4 nominal':32} {r['rows']:6d} "
                f"{r['dtlearn s']:10.3f} {r['J48 s']:7.3f} "
                f"{r['dtlearn s'] / r['J48 s']:6.2f} {target:6.1f} {r['nodes']:6d} "
                f"{'yes' if r['same tree'] else 'NO'}"
            )
    else:
        lines.append(f"(no {WEKA_JAR} or java: the warm J48 rows are left out)")
    lines.append(
        f"ratio: medians of CPU seconds, dtlearn C45Classifier().fit / J48 build in a "
        f"warm JVM; load average {load:.2f} before, {os.getloadavg()[0]:.2f} after"
    )
    lines.append("")
    lines.append(
        f"{'data set (cold J48, fixtures)':32} {'rows':>6} {'dtlearn s':>10} "
        f"{'J48 s':>7} {'ratio':>6}"
    )
    for name, n, ours, weka in rows(repeat):
        ratio = ours / weka if weka > 0 else float("inf")
        lines.append(f"{name:32} {n:6d} {ours:10.3f} {weka:7.2f} {ratio:6.2f}")
    text = "\n".join(lines)
    print(text)
    return text


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
