"""JupyterLite readiness, tested offline (docs/JUPYTERLITE.md gives the instructor's steps).

- Every dependency dtlearn's wheel declares for Pyodide is in the recorded Pyodide
  distribution, or is a recorded pure-Python wheel whose own requirements are, in turn.
- ``tools/lite.py`` (``make lite``) makes the site from the wheel and the student notebooks
  with no network: the notebooks are in its contents, the wheel in its piplite index, and
  the widget front ends (ipywidgets, anywidget) among its extensions. The served notebooks,
  read as JupyterLite reads them (``files/<path>``, parsed as JSON), hold every output's
  text as one string (a list of lines shows with stray commas there), start with a note on
  what a student sees when Pyodide cannot be downloaded and a cell installing what the
  notebook imports; the course notebooks themselves are left as they are.
"""

import contextlib
import email
import functools
import http.server
import importlib.util
import json
import re
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "docs" / "jupyterlite"
PYODIDE_ENV = {
    "platform_system": "Emscripten",
    "sys_platform": "emscripten",
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "implementation_name": "cpython",
    "platform_machine": "wasm32",
    "extra": "",
}


def _pyodide_packages():
    files = sorted(RECORDS.glob("pyodide-*-packages.txt"))
    assert len(files) == 1
    lines = [
        line.split()
        for line in files[0].read_text().splitlines()
        if line and not line.startswith("#")
    ]
    return {canonicalize_name(name): version for name, version in lines}


def _pure_wheels():
    wheels = {}
    for line in (RECORDS / "pure-python-wheels.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            head, _, requires = line.partition("|")
            name, _version = head.split()
            wheels[canonicalize_name(name)] = [r.strip() for r in requires.split(",") if r.strip()]
    return wheels


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return next(out.glob("dtlearn-*-py3-none-any.whl"))


def test_pyodide_record_names_its_source_and_has_the_scientific_stack():
    text = next(RECORDS.glob("pyodide-*-packages.txt")).read_text()
    assert "npm package pyodide@" in text and re.search(
        r"sha256 of pyodide-lock.json: [0-9a-f]{64}", text
    )
    packages = _pyodide_packages()
    assert {"numpy", "pandas", "matplotlib", "scikit-learn", "ipython", "traitlets"} <= set(
        packages
    )
    assert "liac-arff" not in packages  # hence liac-arff is an extra (arff), not required


def test_every_dependency_exists_in_pyodide_or_as_a_pure_python_wheel(wheel):
    with zipfile.ZipFile(wheel) as zf:
        meta = email.message_from_bytes(
            zf.read(next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA")))
        )
    pyodide, pure = _pyodide_packages(), _pure_wheels()
    todo = [Requirement(text) for text in meta.get_all("Requires-Dist")]
    todo = [req for req in todo if req.marker is None or req.marker.evaluate(PYODIDE_ENV)]
    assert {canonicalize_name(r.name) for r in todo} == {
        "numpy",
        "pandas",
        "matplotlib",
        "ipywidgets",
        "anywidget",
        "pillow",
        "traitlets",
        "ipython",
    }
    # no liac-arff, no extras
    seen, missing = set(), []
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        if name in seen:
            continue
        seen.add(name)
        if name in pyodide:
            continue
        if name in pure:
            todo.extend(Requirement(text) for text in pure[name])
        else:
            missing.append(name)
    assert missing == []
    assert {"ipywidgets", "anywidget", "psygnal", "comm"} <= seen


def _lite_tool():
    spec = importlib.util.spec_from_file_location("lite", ROOT / "tools" / "lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _course_notebooks():
    source = ROOT / "notebooks"
    return sorted(source.glob("[0-9][0-9]*.ipynb")) + sorted(source.glob("homework/hw*/*.ipynb"))


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory):
    """The site as `make lite` builds it (tools/lite.py), offline; and the sources' bytes."""
    before = {path: path.read_bytes() for path in _course_notebooks()}
    tool = _lite_tool()
    folder = tmp_path_factory.mktemp("lite") / "lite"
    tool.layout(folder)
    return tool.build(folder), before


def test_jupyter_lite_build_offline(lite_site):
    out, before = lite_site
    assert (out / "index.html").exists() and (out / "lab" / "index.html").exists()
    served = sorted(p.relative_to(out / "files") for p in (out / "files").rglob("*.ipynb"))
    assert served == sorted(p.relative_to(ROOT / "notebooks") for p in before)
    index = json.loads((out / "pypi" / "all.json").read_text())
    wheels = list((out / "pypi").glob("dtlearn-*.whl"))
    assert len(wheels) == 1
    version = wheels[0].name.split("-")[1]
    assert index["dtlearn"]["releases"][version][0]["filename"] == wheels[0].name
    lite = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    extensions = {e["name"] for e in lite["federated_extensions"]}
    # ipywidgets' front end (jupyterlab_widgets), anywidget's, the Pyodide kernel, and
    # nothing else of the build environment: no nbgrader instructor UI
    assert extensions == {
        "@jupyter-widgets/jupyterlab-manager",
        "anywidget",
        "@jupyterlite/pyodide-kernel-extension",
        "jupyterlab_pygments",
    }
    assert not list((out / "extensions").glob("**/nbgrader*"))


def _served(out, source):
    # JupyterLite fetches files/<path> from the site and parses it as JSON: read it so
    return json.loads(
        (out / "files" / source.relative_to(ROOT / "notebooks")).read_text(encoding="utf-8")
    )


def test_served_outputs_are_single_strings_with_the_stored_text(lite_site):
    # JupyterLite shows an output stored as a list of lines with a comma between the lines
    out, before = lite_site
    joined = 0
    for source, raw in before.items():
        original = json.loads(raw)
        served = _served(out, source)
        added = [c for c in served["cells"] if "dtlearn-lite" in c["metadata"].get("tags", [])]
        assert served["cells"][len(added) :] != [] and len(added) == 2
        pairs = zip(
            [o for c in original["cells"] for o in c.get("outputs", [])],
            [o for c in served["cells"][2:] for o in c.get("outputs", [])],
            strict=True,
        )
        for stored, shown in pairs:
            fields = [("text", stored.get("text"), shown.get("text"))]
            fields += [
                (mime, value, shown["data"][mime]) for mime, value in stored.get("data", {}).items()
            ]
            for mime, value, text in fields:
                if value is None or mime.endswith("json"):
                    assert text == value
                    continue
                assert isinstance(text, str), (source.name, mime)
                assert text == ("".join(value) if isinstance(value, list) else value)
                joined += isinstance(value, list)
    assert joined > 50  # the course stores many outputs as lists of lines


def test_served_notebooks_say_what_happens_without_pyodide_and_install_their_needs(lite_site):
    out, before = lite_site
    tool = _lite_tool()
    needs = {}
    for source in before:
        served = _served(out, source)
        note, install = served["cells"][:2]
        assert note["cell_type"] == "markdown" and install["cell_type"] == "code"
        assert "Pyodide could not be downloaded" in note["source"]
        assert '"Unknown"' in note["source"] and "`[*]`" in note["source"]
        packages = install["source"].removeprefix("%pip install -q ").split()
        assert packages[0] == "dtlearn"
        needs[source.stem] = packages[1:]
        assert packages[1:] == tool.extra_needs(json.loads(before[source]))
    # from the notebooks' own import lines: scikit-learn for 09, 11, 11b, 13 and 13b only
    assert {stem for stem, extra in needs.items() if extra} == {
        "09_cost_complexity",
        "11_missing_values",
        "11b_misclassification_costs",
        "13_from_one_tree_to_many",
        "13b_scikit_learn_trees",
    }
    assert {tuple(extra) for extra in needs.values() if extra} == {("scikit-learn",)}


def test_the_course_notebooks_themselves_are_untouched(lite_site):
    _, before = lite_site
    assert {path: path.read_bytes() for path in before} == before


def test_docs_list_every_notebooks_extra_needs():
    tool = _lite_tool()
    by_package = {}
    for source in _course_notebooks():
        for dist in tool.extra_needs(json.loads(source.read_text(encoding="utf-8"))):
            by_package.setdefault(dist, []).append(source.name.split("_")[0])
    assert by_package  # scikit-learn, at least
    docs = (ROOT / "docs" / "JUPYTERLITE.md").read_text(encoding="utf-8")
    table = dict(re.findall(r"^\| ([\db, ]+) \| ([a-z-]+) \|$", docs, re.M))
    assert {dist: numbers.split(", ") for numbers, dist in table.items()} == by_package
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for numbers in by_package.values():
        assert f"{', '.join(numbers[:-1])} and {numbers[-1]}" in " ".join(readme.split())


CHROMIUM = "/usr/bin/chromium"


@contextlib.contextmanager
def _serve(folder):
    """The site on a loopback port (a thread; stopped on exit)."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_offline_the_site_says_pyodide_is_missing_and_shows_outputs_as_stored(lite_site):
    # JupyterLite in headless Chromium with every request off this machine refused: the
    # notebook opens, its first cell tells the student why nothing runs, stored outputs
    # read line by line (no commas), and there is no nbgrader menu
    from playwright.sync_api import sync_playwright

    out, before = lite_site
    assert Path(CHROMIUM).exists(), f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    original = json.loads(before[ROOT / "notebooks" / "01_impurity.ipynb"])
    streams = [
        "".join(o["text"])
        for c in original["cells"]
        for o in c.get("outputs", [])
        if o.get("output_type") == "stream" and isinstance(o["text"], list) and len(o["text"]) > 1
    ]
    first = streams[0].rstrip("\n")
    outside = []
    with _serve(out) as url, sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
            ],
        )
        try:
            context = browser.new_context(viewport={"width": 1300, "height": 900})

            def offline(route):
                if route.request.url.startswith(url):
                    route.continue_()
                else:
                    outside.append(route.request.url)
                    route.abort("internetdisconnected")

            context.route("**/*", offline)
            page = context.new_page()
            page.goto(f"{url}/lab/index.html?path=01_impurity.ipynb")
            panel = page.locator(".jp-NotebookPanel").first
            panel.locator(
                ".jp-MarkdownOutput", has_text="Pyodide could not be downloaded"
            ).wait_for(timeout=120_000)
            panel.locator(".jp-OutputArea-output", has_text=first.splitlines()[0]).first.wait_for()
            text = panel.inner_text()
            menus = page.locator(".lm-MenuBar-itemLabel").all_inner_texts()
            page.screenshot(path=str(out.parent / "lite_offline.png"))
        finally:
            browser.close()
    assert first in text and "," + first.splitlines()[1] not in text
    assert "Nbgrader" not in menus and "Kernel" in menus
    # nothing but Pyodide's CDN is asked for; the kernel's worker may fetch it outside the
    # page's routes (then the machine's own lack of network refuses it), so the CDN request
    # is not always seen here: the message waited for above is what proves it failed
    assert {u.split("/")[2] for u in outside} <= {"cdn.jsdelivr.net"}, outside
