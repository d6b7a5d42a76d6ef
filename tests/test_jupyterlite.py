"""JupyterLite readiness, tested offline (docs/JUPYTERLITE.md gives the instructor's steps).

- Every dependency dtlearn's wheel declares for Pyodide is in the recorded Pyodide
  distribution, or is a recorded pure-Python wheel whose own requirements are, in turn.
- ``jupyter lite build`` makes the site from the wheel and the student notebooks with no
  network: the notebooks are in its contents, the wheel in its piplite index, and the
  widget front ends (ipywidgets, anywidget) among its extensions.
"""

import email
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "docs" / "jupyterlite"
PYODIDE_ENV = {"platform_system": "Emscripten", "sys_platform": "emscripten",
               "python_version": "3.14", "python_full_version": "3.14.2",
               "implementation_name": "cpython", "platform_machine": "wasm32", "extra": ""}


def _pyodide_packages():
    files = sorted(RECORDS.glob("pyodide-*-packages.txt"))
    assert len(files) == 1
    lines = [line.split() for line in files[0].read_text().splitlines()
             if line and not line.startswith("#")]
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
    subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
                   cwd=ROOT, check=True, capture_output=True)
    return next(out.glob("dtlearn-*-py3-none-any.whl"))


def test_pyodide_record_names_its_source_and_has_the_scientific_stack():
    text = next(RECORDS.glob("pyodide-*-packages.txt")).read_text()
    assert "npm package pyodide@" in text and re.search(r"sha256 of pyodide-lock.json: [0-9a-f]{64}", text)
    packages = _pyodide_packages()
    assert {"numpy", "pandas", "matplotlib", "scikit-learn", "ipython", "traitlets"} <= set(packages)
    assert "liac-arff" not in packages  # hence liac-arff is an extra (arff), not required


def test_every_dependency_exists_in_pyodide_or_as_a_pure_python_wheel(wheel):
    with zipfile.ZipFile(wheel) as zf:
        meta = email.message_from_bytes(zf.read(next(n for n in zf.namelist()
                                                     if n.endswith(".dist-info/METADATA"))))
    pyodide, pure = _pyodide_packages(), _pure_wheels()
    todo = [Requirement(text) for text in meta.get_all("Requires-Dist")]
    todo = [req for req in todo if req.marker is None or req.marker.evaluate(PYODIDE_ENV)]
    assert {canonicalize_name(r.name) for r in todo} == {
        "numpy", "pandas", "matplotlib", "ipywidgets", "anywidget", "pillow", "traitlets"}
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


def test_jupyter_lite_build_offline(wheel, tmp_path):
    jupyter = Path(sys.executable).parent / "jupyter"
    site = tmp_path / "lite"
    (site / "pypi").mkdir(parents=True)
    shutil.copy2(wheel, site / "pypi")
    contents = site / "content"
    contents.mkdir()
    notebooks = sorted((ROOT / "notebooks").glob("0[0-2]_*.ipynb"))
    for nb in notebooks:
        shutil.copy2(nb, contents)
    run = subprocess.run([str(jupyter), "lite", "build", "--contents", "content",
                          "--output-dir", "_output"], cwd=site, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    out = site / "_output"
    assert (out / "index.html").exists() and (out / "lab" / "index.html").exists()
    assert sorted(p.name for p in (out / "files").glob("*.ipynb")) == [nb.name for nb in notebooks]
    index = json.loads((out / "pypi" / "all.json").read_text())
    version = wheel.name.split("-")[1]
    release = index["dtlearn"]["releases"][version][0]
    assert release["filename"] == wheel.name and (out / "pypi" / wheel.name).exists()
    extensions = {p.parent.name for p in (out / "extensions").glob("**/package.json")}
    # ipywidgets' front end (jupyterlab_widgets), anywidget's, and the Pyodide kernel
    assert {"jupyterlab-manager", "pyodide-kernel-extension"} <= extensions
    assert "anywidget" in extensions
