"""Run notebooks headless, one fresh kernel each; report errors, time and kernel memory.

Usage, with the Python of the environment to test (its own ``python3`` kernel runs them)::

    python hub/run_notebooks.py NOTEBOOK ... > report.json

Each notebook runs in its own folder, every cell even after an error (a homework's grade
cells fail with "not yet" by design); the outputs are not written back. The report is one
JSON object per notebook: ``path``, ``seconds``, ``errors`` (``cell``, ``ename``,
``evalue``, ``tags``, ``nbgrader``: the cell's nbgrader metadata) and ``peak_rss_mb``, the
kernel process's peak resident memory (Linux ``VmHWM``) after the last cell — what a
student's kernel holds once the notebook has run, the number docs/HUB.md sizes a hub with.
It needs only nbclient and ipykernel, which JupyterLab installs, so it runs in a student
environment as is.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path


def peak_rss_mb(pid: int) -> float | None:
    """Peak resident set size of a process in MB (Linux), None elsewhere."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return None


def run(path: Path, timeout: int = 600) -> dict:
    """Execute one notebook; its report (see the module docstring)."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        allow_errors=True,
        store_widget_state=False,
        extra_arguments=["--IPKernelApp.log_level=ERROR"],
        resources={"metadata": {"path": str(path.parent)}},
    )
    start = time.perf_counter()
    with client.setup_kernel():
        client.reset_execution_trackers()
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index, execution_count=client.code_cells_executed + 1)
        seconds = time.perf_counter() - start
        process = getattr(client.km.provisioner, "process", None)
        peak = peak_rss_mb(process.pid) if process is not None else None
    errors = [
        {
            "cell": index,
            "ename": out.get("ename"),
            "evalue": out.get("evalue"),
            "tags": cell.metadata.get("tags", []),
            "nbgrader": cell.metadata.get("nbgrader", {}),
        }
        for index, cell in enumerate(nb.cells)
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "error"
    ]
    return {
        "path": str(path),
        "seconds": round(seconds, 2),
        "errors": errors,
        "peak_rss_mb": None if peak is None else round(peak, 1),
    }


def main(argv: list[str]) -> None:
    """Run every notebook named on the command line; print the JSON list of reports."""
    for key in ("JUPYTERHUB_USER", "DTLEARN_SEED"):  # the default seed, as in the tests
        os.environ.pop(key, None)
    reports = []
    for name in argv:
        report = run(Path(name).resolve())
        print(
            f"{report['path']}: {report['seconds']} s, {len(report['errors'])} errors, "
            f"kernel peak {report['peak_rss_mb']} MB",
            file=sys.stderr,
            flush=True,
        )
        reports.append(report)
    print(json.dumps(reports, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
