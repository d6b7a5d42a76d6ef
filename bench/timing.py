"""What the benchmarks share: CPU time of two rivals run alternately, and a scaling exponent."""

from __future__ import annotations

import statistics
import time

import numpy as np


def cpu_interleaved(ours, theirs, repeat: int) -> tuple[float, float]:
    """Median CPU seconds of ``ours`` and ``theirs``, run alternately ``repeat`` times each.

    Both run single-threaded; CPU time moves less than wall time when other processes share
    the cores, and alternating makes a busy spell slow both alike.

    Examples
    --------
    >>> a, b = cpu_interleaved(lambda: sum(range(10_000)), lambda: None, 3)
    >>> a >= 0 and b >= 0
    True
    """
    a, b = [], []
    for _ in range(repeat):
        for fn, out in ((ours, a), (theirs, b)):
            start = time.process_time()
            fn()
            out.append(time.process_time() - start)
    return statistics.median(a), statistics.median(b)


def slope(sizes, times) -> float:
    """Least-squares exponent ``b`` of ``time ~ size^b``.

    Examples
    --------
    >>> round(slope([10, 100, 1000], [1.0, 100.0, 10000.0]), 6)
    2.0
    """
    return float(np.polyfit(np.log(sizes), np.log(times), 1)[0])
