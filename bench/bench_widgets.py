"""Kernel-side time per widget interaction (no browser): target <= 50 ms each.

Run: ``python bench/bench_widgets.py``. Times are medians over a few repeats; figures are
rendered to PNG as the apps do. Data: play tennis (14 rows), car (1,000 of 1,728 rows),
a 1,000-row 2-D numeric set.
"""

from __future__ import annotations

import statistics
import time

import numpy as np

import dtlearn as dt
from dtlearn.widgets import BoundaryExplorer, CriteriaExplorer, ID3Builder, TreeView


def _time(action, repeat=5, setup=None):
    times = []
    for _ in range(repeat):
        state = setup() if setup else None
        start = time.perf_counter()
        action(state)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    rows = []
    tennis = dt.load_play_tennis()
    Xc, yc = dt.load_car()
    Xc, yc = Xc.iloc[:1000], yc.iloc[:1000]
    rng = np.random.default_rng(0)
    X2 = rng.uniform(size=(1000, 2))
    y2 = np.where(X2[:, 0] + X2[:, 1] > 1, "above", "below")

    for name, (X, y) in [("play tennis (14)", tennis), ("car (1000)", (Xc, yc))]:
        rows.append((f"ID3Builder choose attribute, {name}",
                     _time(lambda app: app.choose(app.hint()),
                           setup=lambda X=X, y=y: ID3Builder(X, y))))
        def undo_setup(X=X, y=y):
            app = ID3Builder(X, y)
            app.choose(app.hint())
            app.choose(app.hint())
            return app
        rows.append((f"ID3Builder undo (replay), {name}", _time(lambda app: app.undo(),
                                                             setup=undo_setup)))
        rows.append((f"ID3Builder finish greedily, {name}",
                     _time(lambda app: app.finish(), setup=lambda X=X, y=y: ID3Builder(X, y))))
    model = dt.ID3Classifier().fit(Xc, yc)
    view = TreeView(model)
    rows.append(("TreeView select node (car tree)", _time(lambda _: view.select(1))))
    rows.append(("TreeView collapse subtree (car tree)",
                 _time(lambda _: setattr(view, "collapsed", [] if view.collapsed else [1]))))
    rows.append(("TreeView show_path (car tree)",
                 _time(lambda _: view.show_path(Xc.iloc[0]))))
    crit = CriteriaExplorer()
    values = iter(np.linspace(0.01, 0.99, 50))
    rows.append(("CriteriaExplorer p slider move", _time(lambda _: setattr(
        crit, "p", float(next(values))))))
    boundary = BoundaryExplorer(X2, y2)
    depths = iter([3, 4, 5, 6, 7, 8, 3, 4, 5, 6])
    rows.append(("BoundaryExplorer depth slider (1000 rows)", _time(lambda _: setattr(
        boundary, "depth", next(depths)))))
    try:
        from dtlearn.prune import reduced_error_prune
    except ImportError:
        rows.append(("reduced-error prune (1000 rows)", float("nan")))
    else:
        big = dt.ID3Classifier().fit(Xc.iloc[:700], yc.iloc[:700])
        rows.append(("reduced-error prune, whole run (car 700/300)", _time(
            lambda _: reduced_error_prune(big, Xc.iloc[700:], yc.iloc[700:]))))

    width = max(len(r[0]) for r in rows)
    print(f"{'interaction'.ljust(width)} | median ms | <= 50 ms")
    print(f"{'-' * width}-|-----------|---------")
    for label, ms in rows:
        ok = "yes" if ms <= 50 else ("n/a" if ms != ms else "NO")
        print(f"{label.ljust(width)} | {ms:9.1f} | {ok}")


if __name__ == "__main__":
    main()
