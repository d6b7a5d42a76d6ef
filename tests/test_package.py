"""Packaging promises: a light import, Binder = pip, the two documented commands."""

import subprocess
import sys
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("matplotlib", "ipywidgets", "anywidget", "IPython")


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


def _environment_pip_requirements():
    lines = (ROOT / "environment.yml").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "- pip:")
    reqs = []
    for line in lines[start + 1:]:
        text = line.strip()
        if not text.startswith("- "):
            break
        reqs.append(text[2:])
    return reqs


def test_binder_environment_installs_what_pip_lab_installs():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = set(project["dependencies"]) | set(project["optional-dependencies"]["lab"])
    env = _environment_pip_requirements()
    assert "-e ." in env
    assert set(env) - {"-e ."} == wanted
    assert "python=3.11" in (ROOT / "environment.yml").read_text()


def test_readme_gives_the_two_commands_first():
    readme = (ROOT / "README.md").read_text()
    first_blocks = [line.strip() for line in readme.split("## ")[1].splitlines()
                    if line.strip().startswith("make ")]
    assert first_blocks[:2] == ["make lab", "make test"]


def test_ci_runs_make_test():
    script = (ROOT / ".ci" / "run").read_text()
    commands = [line for line in script.splitlines()
                if line.strip() and not line.startswith("#") and not line.startswith("set ")
                and not line.startswith("cd ")]
    assert commands == ["make test"]
