"""Runtime and kernel peak memory (VmHWM) of every course and homework notebook."""

from __future__ import annotations

import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def measure(path: Path) -> tuple[float, float]:
    """Seconds to run ``path`` top to bottom in a fresh kernel, and the kernel's peak RSS."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    start = time.perf_counter()
    with client.setup_kernel():
        pid = client.km.provisioner.process.pid
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
        peak = _peak_rss_mb(pid)
    return time.perf_counter() - start, peak


def main() -> None:
    """Print one row per notebook and the total."""
    paths = sorted((ROOT / "instructor").glob("*.ipynb")) + sorted(
        (ROOT / "instructor" / "homework" / "source").glob("*/*.ipynb")
    )
    total = 0.0
    print(f"{'notebook':<48} {'seconds':>8} {'kernel peak MB':>15}")
    for path in paths:
        seconds, peak = measure(path)
        total += seconds
        print(f"{str(path.relative_to(ROOT / 'instructor')):<48} {seconds:>8.1f} {peak:>15.0f}")
    print(f"{'all notebooks (one after another)':<48} {total:>8.1f}")


if __name__ == "__main__":
    main()
