"""Packaging promises: a light import, Binder = pip, the course runs where it is served."""

import ast
import json
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("matplotlib", "ipywidgets", "anywidget", "IPython")
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_import_dtlearn_does_not_pull_in_views():
    code = ("import sys, dtlearn, dtlearn.prune, dtlearn.rules, dtlearn.curves, dtlearn.c45, "
            "dtlearn.pessimistic, dtlearn.layout, dtlearn.exercises; "
            f"print([m for m in {HEAVY!r} if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_views_are_reached_lazily():
    code = ("import dtlearn; ax = dtlearn.plot.impurity_curves(); "
            "print(type(ax).__module__.startswith('matplotlib'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


# --- Binder: environment.yml = dependencies + lab extra, from conda-forge --------------

# pip name -> conda-forge name where they differ (matplotlib-base: no Qt/Tk backends)
CONDA_NAMES = {"matplotlib": "matplotlib-base"}


def _environment_dependencies():
    lines = (ROOT / "environment.yml").read_text().splitlines()
    start = lines.index("dependencies:")
    deps = []
    for line in lines[start + 1:]:
        text = line.strip()
        if not text.startswith("- "):
            break
        deps.append(text[2:])
    return deps


def test_binder_environment_installs_what_pip_lab_installs():
    wanted = {}
    for text in PROJECT["dependencies"] + PROJECT["optional-dependencies"]["lab"]:
        req = Requirement(text)
        wanted[CONDA_NAMES.get(req.name, req.name)] = str(req.specifier)
    deps = _environment_dependencies()
    assert "python=3.11" in deps and "pip" in deps
    conda = {}
    for text in deps:
        if text not in ("python=3.11", "pip"):
            name, spec = re.fullmatch(r"([A-Za-z0-9_.-]+)(.*)", text).groups()
            conda[name] = spec
    assert conda == wanted
    # nothing through pip: the environment is built (and cached) before the repository
    # is copied; the package itself comes from postBuild
    assert "pip:" not in (ROOT / "environment.yml").read_text()


def test_postbuild_installs_only_the_package():
    script = (ROOT / "postBuild").read_text()
    commands = [line.strip() for line in script.splitlines()
                if line.strip() and not line.startswith("#") and not line.startswith("set ")]
    assert commands == ["python -m pip install --no-deps --no-cache-dir ."]
    assert (ROOT / "postBuild").stat().st_mode & 0o111
    # repo2docker ignores root config files when a binder/ folder exists
    assert not (ROOT / "binder").exists()


# --- the course runs in the lab environment --------------------------------------------

def _course_imports():
    """Top-level modules imported by the code cells of every lecture and homework notebook."""
    notebooks = sorted(ROOT.glob("instructor/**/*.ipynb")) + sorted(ROOT.glob("notebooks/**/*.ipynb"))
    notebooks = [p for p in notebooks if ".ipynb_checkpoints" not in p.parts]
    assert len(notebooks) >= 14
    found = {}
    for path in notebooks:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            # IPython magics and shell escapes are not Python
            source = "\n".join(line for line in source.splitlines()
                               if not line.lstrip().startswith(("%", "!")))
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    found.setdefault(name.split(".")[0], path.name)
    return found


def _closure(requirements, extras=()):
    """Distribution names installed by ``requirements`` (with ``extras``), transitively."""
    seen = set()
    todo = [(Requirement(text), set(extras)) for text in requirements]
    while todo:
        req, active = todo.pop()
        environments = [{"extra": extra} for extra in active] or [{"extra": ""}]
        if req.marker and not any(req.marker.evaluate(env) for env in environments):
            continue
        name = canonicalize_name(req.name)
        key = (name, frozenset(req.extras))
        if key in seen:
            continue
        seen.add(key)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        todo.extend((Requirement(text), set(req.extras)) for text in requires)
    return {name for name, _ in seen}


def test_closure_follows_extras_and_markers():
    # the helper itself: jupyterlab brings ipykernel; scikit-learn only through its own name
    names = _closure(["jupyterlab>=4"])
    assert {"jupyterlab", "ipykernel", "jupyter-server"} <= names
    assert "scikit-learn" not in names
    assert "nbgrader" not in _closure(PROJECT["dependencies"] + PROJECT["optional-dependencies"]["lab"])


def test_every_notebook_import_is_installed_by_the_lab_extra():
    lab = _closure(PROJECT["dependencies"] + PROJECT["optional-dependencies"]["lab"]) | {"dtlearn"}
    providers = metadata.packages_distributions()
    missing = {}
    for module, notebook in _course_imports().items():
        if module in sys.stdlib_module_names:
            continue
        dists = {canonicalize_name(d) for d in providers.get(module, [])}
        if module == "dtlearn":
            dists = {"dtlearn"}
        if not dists & lab:
            missing[module] = (notebook, sorted(dists))
    assert missing == {}, f"imported by the course but not installed by .[lab]: {missing}"
    assert "sklearn" in _course_imports()  # notebooks 09 and 13 compare with scikit-learn


# --- licence, python, README, CI -----------------------------------------------------

def test_licence_is_the_gpl3_text_and_declared():
    text = (ROOT / "LICENSE").read_text()
    assert text.lstrip().startswith("GNU GENERAL PUBLIC LICENSE")
    assert "Version 3, 29 June 2007" in text and "END OF TERMS AND CONDITIONS" in text
    assert PROJECT["license"] == "GPL-3.0-or-later"
    assert PROJECT["license-files"] == ["LICENSE"]


def test_requires_python_covers_what_the_tests_use():
    # the tests import tomllib (3.11+); CI and make test-floors run 3.11
    assert PROJECT["requires-python"] == ">=3.11"


def test_readme_gives_the_two_commands_first():
    readme = (ROOT / "README.md").read_text()
    first_blocks = [line.strip() for line in readme.split("## ")[1].splitlines()
                    if line.strip().startswith("make ")]
    assert first_blocks[:2] == ["make lab", "make test"]


def test_ci_runs_make_test_then_the_floors():
    script = (ROOT / ".ci" / "run").read_text()
    commands = [line for line in script.splitlines()
                if line.strip() and not line.startswith("#") and not line.startswith("set ")
                and not line.startswith("cd ")]
    assert commands == ["make test", "make test-floors"]


def test_make_lab_opens_the_student_course():
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\nlab:", 1)[1].split("\n\n", 1)[0]
    assert "jupyter lab notebooks/" in recipe
