"""JupyterLab + headless Debian Chromium for the browser tests (see ../shared/JUPYTER.md).

The server runs from temporary HOME/JUPYTER dirs on 127.0.0.1 with a token and a free
port, and is stopped by its PID. Browser tests run only when selected with ``-m browser``
(so ``pytest tests/`` does not run them twice in ``make test``).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHROMIUM = os.environ.get("DTLEARN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(config, items):
    if "browser" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="browser test: run with -m browser")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """A running JupyterLab: yields (base_url, token, root_dir)."""
    if shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    root.mkdir()
    for name in ("widgets_demo.ipynb", "course_apps.ipynb"):
        shutil.copy(HERE / name, root / name)
    env = dict(os.environ)
    for name in (
        "HOME",
        "JUPYTER_CONFIG_DIR",
        "JUPYTER_DATA_DIR",
        "JUPYTER_RUNTIME_DIR",
        "IPYTHONDIR",
        "MPLCONFIGDIR",
        "JUPYTERLAB_SETTINGS_DIR",
        "JUPYTERLAB_WORKSPACES_DIR",
    ):
        path = base / name.lower()
        path.mkdir()
        env[name] = str(path)
    env.pop("MPLBACKEND", None)
    settings = base / "jupyterlab_settings_dir" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"checkForUpdates": False, "fetchNews": "false"})
    )
    token = secrets.token_hex(16)
    port = _free_port()
    log = open(base / "server.log", "w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--allow-root",
            "--ip",
            "127.0.0.1",
            "--port",
            str(port),
            f"--ServerApp.token={token}",
            f"--ServerApp.root_dir={root}",
            "--LabApp.expose_app_in_browser=True",
            "--ServerApp.port_retries=0",
        ],
        env=env,
        cwd=root,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 180  # a loaded CI machine: the server imports slowly
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.time() > deadline:
                log.flush()
                pytest.fail("JupyterLab did not start:\n" + (base / "server.log").read_text())
            time.sleep(0.3)
        yield url, token, root
    finally:
        proc.send_signal(signal.SIGTERM)
        try:  # the server waits for its kernels' shutdown; nothing here needs that
            proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture()
def page(tmp_path):
    """A fresh headless Chromium page; fails the test on any console error."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"),
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1400, "height": 1000},
        )
        pg = browser.new_page()
        # the JupyterLite kernel extension (installed for publishing the course) fails to
        # load in a server-backed JupyterLab and logs an error; it has no part in this test
        pg.on(
            "console",
            lambda m: (
                errors.append(m.text)
                if m.type == "error" and "@jupyterlite/" not in m.text
                else None
            ),
        )
        pg.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        pg.console_errors = errors
        try:
            yield pg
        finally:
            browser.close()
