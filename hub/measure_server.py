"""Memory of one student's server, and whether idle kernels are culled (docs/HUB.md).

Usage, with the Python of a student environment (JupyterLab installed; Voila for ``voila``)::

    python hub/measure_server.py lab NOTEBOOK [NOTEBOOK ...]
    python hub/measure_server.py voila NOTEBOOK

``lab`` starts ``jupyter lab`` (headless, a scratch home) with hub/jupyter_server_config.py and
the culling times shortened to ``--idle`` seconds (default 20, checked every 5 s), loads the
JupyterLab page, then for each notebook opens a session as a browser tab does (REST + the
kernel's websocket), runs every code cell through that websocket and records the server's and
the kernels' resident memory; then closes the websockets (the tabs) and waits for the culler.
``voila`` starts Voila on one notebook with the same culling settings, requests the page twice
(two page views, browser closed after each) and reports the kernels left and whether they
were culled. Prints one JSON object (MB, seconds).
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

import nbformat
import psutil

HUB = Path(__file__).resolve().parent


def free_port() -> int:
    """A free local TCP port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(process: psutil.Process) -> float:
    """Resident memory of a process, MB."""
    return round(process.memory_info().rss / 2**20, 1)


def kernels_of(server: psutil.Process) -> list[psutil.Process]:
    """The kernel processes a server started (its children running ipykernel)."""
    return [p for p in server.children(recursive=True) if "ipykernel" in " ".join(p.cmdline())]


def get(url: str, token: str, data: dict | None = None, method: str | None = None):
    """One authenticated request to the server; the JSON (or text) it answers."""
    body = None if data is None else json.dumps(data).encode()
    request = urllib.request.Request(
        url,
        data=body,
        method=method,
        headers={"Authorization": f"token {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=600) as response:
        text = response.read().decode()
    return json.loads(text) if text.startswith(("{", "[")) else text


def wait_up(url: str, token: str, seconds: float = 120) -> None:
    """Wait until the server answers."""
    end = time.time() + seconds
    while time.time() < end:
        try:
            get(url, token)
            return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"server at {url} did not start")


def start(command: list[str], home: Path) -> subprocess.Popen:
    """Start a server in a scratch home (its own Jupyter config folder, no per-user seed)."""
    env = {k: v for k, v in os.environ.items() if k not in ("JUPYTERHUB_USER", "DTLEARN_SEED")}
    env.update(HOME=str(home), JUPYTER_PLATFORM_DIRS="1", JUPYTER_CONFIG_DIR=str(home / ".jupyter"))
    return subprocess.Popen(
        command, env=env, cwd=home, stdout=subprocess.DEVNULL, stderr=open(home / "server.log", "w")
    )


async def run_in_tab(base: str, token: str, kernel_id: str, nb) -> list:
    """Run a notebook's code cells through the kernel's websocket, as JupyterLab does.

    Returns the open websocket (the tab) and the names of the errors raised.
    """
    from tornado.websocket import websocket_connect

    ws = await websocket_connect(f"ws{base[4:]}/api/kernels/{kernel_id}/channels?token={token}")
    session, errors = uuid.uuid4().hex, []
    for cell in nb.cells:
        if cell.cell_type != "code" or not cell.source.strip():
            continue
        msg_id = uuid.uuid4().hex
        await ws.write_message(
            json.dumps(
                {
                    "header": {
                        "msg_id": msg_id,
                        "username": "student",
                        "session": session,
                        "msg_type": "execute_request",
                        "version": "5.3",
                    },
                    "parent_header": {},
                    "metadata": {},
                    "channel": "shell",
                    "content": {
                        "code": cell.source,
                        "silent": False,
                        "store_history": True,
                        "user_expressions": {},
                        "allow_stdin": False,
                        "stop_on_error": False,
                    },
                }
            )
        )
        while True:
            raw = await ws.read_message()
            if isinstance(raw, bytes):  # a message with binary buffers (widget comms)
                continue
            reply = json.loads(raw)
            if reply.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            if reply["msg_type"] == "error":
                errors.append(reply["content"]["ename"])
            if reply["channel"] == "shell" and reply["msg_type"] == "execute_reply":
                break
    return ws, errors


def measure_lab(notebooks: list[Path], idle: int) -> dict:
    """JupyterLab with the notebooks open one after another, then closed (see module doc)."""
    home = Path(tempfile.mkdtemp(prefix="lab-home-"))
    (home / ".jupyter").mkdir()
    shutil.copy(HUB / "jupyter_server_config.py", home / ".jupyter" / "jupyter_server_config.py")
    for path in notebooks:
        shutil.copy(path, home / path.name)
    token, port = secrets.token_hex(16), free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            f"--port={port}",
            f"--IdentityProvider.token={token}",
            "--ServerApp.allow_root=True",
            f"--MappingKernelManager.cull_idle_timeout={idle}",
            "--MappingKernelManager.cull_interval=5",
        ],
        home,
    )
    report: dict = {"notebooks": [], "cull_idle_timeout_s": idle}
    try:
        wait_up(f"{base}/api/status", token)
        server = psutil.Process(proc.pid)
        report["server_started_mb"] = rss_mb(server)
        get(f"{base}/lab", token)  # the page and its settings, as a browser loads them
        for path in ("/lab/api/settings", "/lab/api/workspaces", "/api/contents"):
            get(base + path, token)
        report["server_lab_loaded_mb"] = rss_mb(server)
        tabs = []

        async def open_all():
            for path in notebooks:
                session = get(
                    f"{base}/api/sessions",
                    token,
                    {
                        "path": path.name,
                        "type": "notebook",
                        "name": path.name,
                        "kernel": {"name": "python3"},
                    },
                    "POST",
                )
                ws, errors = await run_in_tab(
                    base, token, session["kernel"]["id"], nbformat.read(path, as_version=4)
                )
                tabs.append(ws)
                kernels = kernels_of(server)
                report["notebooks"].append(
                    {
                        "notebook": path.name,
                        "errors": errors,
                        "kernels_mb": [rss_mb(k) for k in kernels],
                        "server_mb": rss_mb(server),
                        "total_mb": round(rss_mb(server) + sum(rss_mb(k) for k in kernels), 1),
                    }
                )
            # the tabs close (browser gone): the kernels stay until the culler stops them
            for ws in tabs:
                ws.close()
            start_wait = time.time()
            while kernels_of(server) and time.time() - start_wait < idle + 60:
                await asyncio.sleep(1)
            report["kernels_left_after_close"] = len(get(f"{base}/api/kernels", token))
            report["culled_after_s"] = round(time.time() - start_wait, 1)
            report["server_after_cull_mb"] = rss_mb(server)

        asyncio.run(open_all())
    finally:
        proc.terminate()
        proc.wait(30)
    return report


def measure_voila(notebook: Path, idle: int) -> dict:
    """Two Voila page views of a notebook, then the culler (see the module docstring)."""
    home = Path(tempfile.mkdtemp(prefix="voila-home-"))
    (home / ".jupyter").mkdir()
    shutil.copy(notebook, home / notebook.name)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(
        [
            sys.executable,
            "-m",
            "voila",
            notebook.name,
            "--no-browser",
            f"--port={port}",
            f"--MappingKernelManager.cull_idle_timeout={idle}",
            "--MappingKernelManager.cull_interval=5",
        ],
        home,
    )
    report: dict = {"notebook": notebook.name, "cull_idle_timeout_s": idle, "views": []}
    try:
        end = time.time() + 120
        while socket.socket().connect_ex(("127.0.0.1", port)) != 0:  # no page view yet
            if time.time() > end:
                raise RuntimeError("voila did not start")
            time.sleep(0.5)
        server = psutil.Process(proc.pid)
        report["server_started_mb"] = rss_mb(server)
        for _ in range(2):
            start_view = time.time()
            with urllib.request.urlopen(base, timeout=600) as page:
                page.read()
            kernels = kernels_of(server)
            report["views"].append(
                {
                    "seconds": round(time.time() - start_view, 1),
                    "kernels_mb": [rss_mb(k) for k in kernels],
                    "server_mb": rss_mb(server),
                }
            )
        start_wait = time.time()
        while kernels_of(server) and time.time() - start_wait < idle + 60:
            time.sleep(1)
        report["kernels_left"] = len(kernels_of(server))
        report["culled_after_s"] = round(time.time() - start_wait, 1)
    finally:
        proc.terminate()
        proc.wait(30)
    return report


def main(argv: list[str]) -> None:
    """Command line: ``lab NOTEBOOK ...`` or ``voila NOTEBOOK`` [``--idle`` SECONDS]."""
    idle = 20
    if "--idle" in argv:
        at = argv.index("--idle")
        idle = int(argv[at + 1])
        argv = argv[:at] + argv[at + 2 :]
    mode, paths = argv[0], [Path(p).resolve() for p in argv[1:]]
    report = measure_lab(paths, idle) if mode == "lab" else measure_voila(paths[0], idle)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
