"""CART and ID3 fit time against scikit-learn, step-recording overhead, peak memory."""

from __future__ import annotations

import time
import tracemalloc

import numpy as np


def _data(n: int, d: int = 20, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)).astype(np.float32).astype(float)
    y = (X[:, 0] + X[:, 1] * X[:, 2] + 0.5 * rng.normal(size=n) > 0).astype(int)
    return X, y


def _time(fn, repeat: int = 1) -> float:
    best = np.inf
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def _peak_mb(fn) -> float:
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def rows() -> list[dict]:
    """One dict per measurement."""
    import dtlearn as dt

    out = []
    try:
        from sklearn.tree import DecisionTreeClassifier
    except ImportError:  # pragma: no cover - scikit-learn is a test dependency
        DecisionTreeClassifier = None
    for n in (10_000, 100_000):
        X, y = _data(n)
        ours = _time(lambda: dt.CARTClassifier().fit(X, y), repeat=1 if n > 50_000 else 2)
        theirs = _time(lambda: DecisionTreeClassifier(random_state=0).fit(X, y),
                       repeat=3) if DecisionTreeClassifier else float("nan")
        model = dt.CARTClassifier().fit(X, y)
        out.append({"task": f"CART fit {n // 1000}k x 20 (fully grown)", "dtlearn s": ours,
                    "scikit-learn s": theirs, "ratio": ours / theirs,
                    "nodes": model.tree_.n_nodes,
                    "peak MB": _peak_mb(lambda: dt.CARTClassifier().fit(X, y))})
    X, y = dt.load_mushroom()
    X = X.drop(columns="stalk-root")  # its '?' values are for C4.5; Weka's Id3 refuses them
    ours = _time(lambda: dt.ID3Classifier().fit(X, y), repeat=2)
    out.append({"task": "ID3 fit mushroom (8124 x 21)", "dtlearn s": ours,
                "scikit-learn s": float("nan"), "ratio": float("nan"),
                "nodes": dt.ID3Classifier().fit(X, y).tree_.n_nodes,
                "peak MB": _peak_mb(lambda: dt.ID3Classifier().fit(X, y))})
    X, y = _data(10_000)
    fitted = dt.CARTClassifier().fit(X, y)
    full = _time(lambda: [tuple(step.candidates) for step in
                          dt.CARTClassifier().fit(X, y).steps_])
    out.append({"task": "CART 10k: fit + build every step's candidate table",
                "dtlearn s": full, "scikit-learn s": float("nan"),
                "ratio": full / _time(lambda: dt.CARTClassifier().fit(X, y)),
                "nodes": fitted.tree_.n_nodes, "peak MB": float("nan")})
    return out


def main() -> None:
    """Print the table."""
    table = rows()
    print(f"{'task':<52} {'dtlearn s':>10} {'sklearn s':>10} {'ratio':>7} {'nodes':>7} "
          f"{'peak MB':>8}")
    for r in table:
        print(f"{r['task']:<52} {r['dtlearn s']:>10.3f} {r['scikit-learn s']:>10.3f} "
              f"{r['ratio']:>7.2f} {r['nodes']:>7} {r['peak MB']:>8.1f}")
    print("ratio: dtlearn / scikit-learn (last row: with every candidate table built / plain "
          "fit — the cost of recording steps in full)")


if __name__ == "__main__":
    main()
