"""One command for every benchmark: ``make bench`` (or ``python bench/run.py``)."""

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

MODULES = ["bench_cart", "bench_regression", "bench_memory", "bench_prune", "bench_rules", "bench_c45", "bench_widgets", "bench_notebooks", "bench_similarity"]

for name in MODULES:
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        print(f"== {name}: not available ({exc})")
        continue
    print(f"== {name}")
    module.main()
    print()
