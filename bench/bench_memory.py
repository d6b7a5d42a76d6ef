"""Memory of a CART fit against the data it reads, beside scikit-learn's (issue 27).

Two measures per fit:

* ``tracemalloc peak``: Python's traced peak during one fit in this process (the measure
  of ``bench_cart.peak_mb``). Every dtlearn allocation is a Python object or a numpy
  buffer, so it sees all of dtlearn's; scikit-learn builds its tree in C (``malloc``),
  which tracemalloc does not see, so its figure is a lower bound.
* ``RSS peak delta``: in a fresh process, the peak resident set during the fit (Linux's
  ``VmHWM``, reset just before) minus the resident set before it (data made, libraries
  imported, one small fit run first). It sees C allocations too, so it is the fair
  comparison; it is coarser (pages, allocator caches). NaN where ``/proc`` lacks it.

Data size is ``X.nbytes + y.nbytes``; issue 27 asks for a fit peak of at most 3 times it.
The last line is what an unfolded :class:`~dtlearn.widgets.TreeView` sends per node (the
JSON of its ``data`` trait), on a tree of 999 nodes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SIZES = ((30_000, 10), (10_000, 20), (300_000, 10))
"""The fits issues 27 and 42 name (rows, columns)."""

RSS_TARGET = 2.0
"""Issue 42's ceiling on a fit's peak RSS growth over the data (30k x 10 and 300k x 10)."""

_RSS = r"""
import sys
sys.path.insert(0, {bench!r})
from bench_cart import make_data

def status(key):
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith(key + ":"))

X, y = make_data({n}, {d})
if {ours}:
    import dtlearn as dt
    fit = lambda X, y: dt.CARTClassifier().fit(X, y)
else:
    from sklearn.tree import DecisionTreeClassifier
    fit = lambda X, y: DecisionTreeClassifier(random_state=0).fit(X, y)
fit(X[:200], y[:200])  # imports and first-call caches are not the fit's
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # resets the high-water mark (VmHWM) to the current resident set
before = status("VmRSS")
model = fit(X, y)
print((status("VmHWM") - before) / 1024)
"""


def rss_delta_mb(n: int, d: int, ours: bool) -> float:
    """Peak resident-set growth of one fit in a fresh process, in MB (Linux ``/proc``)."""
    code = _RSS.format(bench=str(Path(__file__).resolve().parent), n=n, d=d, ours=ours)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return float(out.stdout.strip()) if out.returncode == 0 else float("nan")


def fit_rows() -> list[dict]:
    """One row per size of :data:`SIZES`: data size, both peaks of both libraries."""
    from bench_cart import make_data, peak_mb
    from sklearn.tree import DecisionTreeClassifier

    import dtlearn as dt

    rows = []
    for n, d in SIZES:
        X, y = make_data(n, d)
        data = (X.nbytes + y.nbytes) / 2**20
        rows.append(
            {
                "task": f"CART fit {n // 1000}k x {d}",
                "data MB": data,
                "dtlearn traced": peak_mb(lambda: dt.CARTClassifier().fit(X, y)),
                "sklearn traced": peak_mb(lambda: DecisionTreeClassifier(random_state=0).fit(X, y)),
                "dtlearn rss": rss_delta_mb(n, d, True),
                "sklearn rss": rss_delta_mb(n, d, False),
            }
        )
    return rows


def tree_view_bytes_per_node() -> tuple[int, float]:
    """Nodes and JSON bytes per node of an unfolded TreeView of a 999-node tree."""
    from bench_cart import make_data

    import dtlearn as dt
    from dtlearn.widgets import TreeView

    X, y = make_data(30_000, 10)
    model = dt.CARTClassifier(max_leaf_nodes=500).fit(X, y)
    view = TreeView(model, fold=False)
    size = len(json.dumps(view.data, separators=(",", ":")))
    nodes = model.tree_.n_nodes
    return nodes, size / nodes


LAST: list[dict] = []
"""The rows :func:`main` printed last (:func:`target_rows` reads them)."""

RSS_SIZES = ((30_000, 10), (300_000, 10))
"""The fits whose RSS growth issue 42 caps at :data:`RSS_TARGET` times the data."""


def target_rows() -> list[dict]:
    """The fits of :func:`main`'s last table that have a target (``bench/run.py``'s summary).

    Examples
    --------
    >>> LAST[:] = [{"task": "CART fit 30k x 10", "data MB": 2.0, "dtlearn rss": 3.0}]
    >>> target_rows()
    [{'task': 'CART fit 30k x 10: peak RSS growth', 'value': 1.5, 'target': 2.0, 'unit': 'x data'}]
    """
    names = {f"CART fit {n // 1000}k x {d}" for n, d in RSS_SIZES}
    return [
        {
            "task": f"{r['task']}: peak RSS growth",
            "value": r["dtlearn rss"] / r["data MB"],
            "target": RSS_TARGET,
            "unit": "x data",
        }
        for r in LAST
        if r["task"] in names
    ]


def main() -> None:
    """Print the table."""
    load = os.getloadavg()[0]
    LAST.clear()
    print(
        f"{'task':<22} {'data MB':>8} {'traced MB':>10} {'x data':>7} {'sklearn':>8} "
        f"{'x data':>7} {'RSS MB':>7} {'x data':>7} {'target':>7} {'sklearn':>8} "
        f"{'x data':>7}"
    )
    for r in fit_rows():
        LAST.append(r)
        data = r["data MB"]
        print(
            f"{r['task']:<22} {data:>8.2f} {r['dtlearn traced']:>10.2f} "
            f"{r['dtlearn traced'] / data:>7.2f} {r['sklearn traced']:>8.2f} "
            f"{r['sklearn traced'] / data:>7.2f} {r['dtlearn rss']:>7.2f} "
            f"{r['dtlearn rss'] / data:>7.2f} {RSS_TARGET:>7.2f} {r['sklearn rss']:>8.2f} "
            f"{r['sklearn rss'] / data:>7.2f}"
        )
    print(
        "traced: tracemalloc peak of one fit (scikit-learn's C tree unseen: a lower bound); "
        "RSS: peak resident set growth of one fit in a fresh process; x data: / (X.nbytes + "
        "y.nbytes), issue 27 asks <= 3 (dtlearn traced), issue 42 <= 2 (dtlearn RSS, target)"
    )
    try:
        nodes, per_node = tree_view_bytes_per_node()
    except ImportError as exc:  # the widgets' extra is not installed
        print(f"TreeView bytes per node: not measured ({exc})")
    else:
        print(f"TreeView (unfolded, {nodes} nodes) sends {per_node:.0f} bytes of JSON per node")
    print(f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after, {os.cpu_count()} cores")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
