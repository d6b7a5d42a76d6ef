"""Packaging promises: a light import, Binder = pip, the course runs where it is served."""

import ast
import importlib.util
import json
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("matplotlib", "ipywidgets", "anywidget", "IPython")
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_import_dtlearn_does_not_pull_in_views():
    code = (
        "import sys, dtlearn, dtlearn.pruning.reduced_error, dtlearn.pruning.rule_post_pruning, dtlearn.pruning.curves, dtlearn.learners.c45, "
        "dtlearn.pruning.pessimistic, dtlearn.drawing.layout, dtlearn.exercises; "
        f"print([m for m in {HEAVY!r} if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_views_are_reached_lazily():
    code = (
        "import dtlearn; ax = dtlearn.plot.impurity_curves(); "
        "print(type(ax).__module__.startswith('matplotlib'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


# --- Binder: environment.yml = dependencies + lab extra, from conda-forge --------------

# pip name -> conda-forge name where they differ (matplotlib-base: no Qt/Tk backends)
CONDA_NAMES = {"matplotlib": "matplotlib-base"}


def _environment_dependencies():
    lines = (ROOT / "environment.yml").read_text().splitlines()
    start = lines.index("dependencies:")
    deps = []
    for line in lines[start + 1 :]:
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
    commands = [
        line.strip()
        for line in script.splitlines()
        if line.strip() and not line.startswith("#") and not line.startswith("set ")
    ]
    assert commands == ["python -m pip install --no-deps --no-cache-dir ."]
    assert (ROOT / "postBuild").stat().st_mode & 0o111
    # repo2docker ignores root config files when a binder/ folder exists
    assert not (ROOT / "binder").exists()


# --- the course runs in the lab environment --------------------------------------------


def _lite():
    """tools/lite.py, whose ``notebook_imports`` also decides what JupyterLite installs."""
    spec = importlib.util.spec_from_file_location("lite", ROOT / "tools" / "lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _course_imports():
    """Top-level modules imported by the code cells of every lecture and homework notebook."""
    notebooks = sorted(ROOT.glob("instructor/**/*.ipynb")) + sorted(
        ROOT.glob("notebooks/**/*.ipynb")
    )
    notebooks = [p for p in notebooks if ".ipynb_checkpoints" not in p.parts]
    assert len(notebooks) >= 14
    found = {}
    for path in notebooks:
        for name in sorted(_lite().notebook_imports(json.loads(path.read_text(encoding="utf-8")))):
            found.setdefault(name, path.name)
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
    assert "nbgrader" not in _closure(
        PROJECT["dependencies"] + PROJECT["optional-dependencies"]["lab"]
    )


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
    first_blocks = [
        line.strip()
        for line in readme.split("## ")[1].splitlines()
        if line.strip().startswith("make ")
    ]
    assert first_blocks[:2] == ["make lab", "make test"]


def test_ci_runs_make_test_then_the_floors():
    script = (ROOT / ".ci" / "run").read_text()
    commands = [
        line
        for line in script.splitlines()
        if line.strip()
        and not line.startswith("#")
        and not line.startswith("set ")
        and not line.startswith("cd ")
    ]
    assert commands == ["make test", "make test-floors"]


def test_make_lab_opens_the_student_course():
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\nlab:", 1)[1].split("\n\n", 1)[0]
    assert "jupyter lab notebooks/" in recipe


# --- releases: one version, named by the changelog and the README -----------------------


def _version():
    text = (ROOT / "dtlearn" / "__init__.py").read_text()
    found = re.findall(r"^__version__ = \"([^\"]+)\"$", text, re.M)
    assert len(found) == 1
    return found[0]


def test_version_is_written_once_and_read_by_the_build():
    # pyproject takes it from dtlearn/__init__.py (hatch), so a release is one edit there
    assert "version" not in PROJECT and "version" in PROJECT["dynamic"]
    tool = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]
    assert tool["hatch"]["version"]["path"] == "dtlearn/__init__.py"
    version = _version()
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    # no second copy of the version string anywhere in the package or the build files
    copies = [
        str(path.relative_to(ROOT))
        for path in [
            *ROOT.glob("dtlearn/**/*.py"),
            ROOT / "pyproject.toml",
            ROOT / "environment.yml",
            ROOT / "postBuild",
            ROOT / "Makefile",
        ]
        if f'"{version}"' in path.read_text(encoding="utf-8")
    ]
    assert copies == ["dtlearn/__init__.py"]
    # the installed distribution (make test's editable install) reports the same version
    import dtlearn

    assert dtlearn.__version__ == version == metadata.version("dtlearn")


def test_version_equals_the_newest_version_the_changelog_names():
    # the newest heading with a number: a dated release "## 0.3.0 (2026-11-28)", or the
    # planned one "## Unreleased (0.3.0)"; a bare "## Unreleased" on top is skipped
    version = _version()
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", changelog, re.M)
    numbered = [
        re.fullmatch(r"(?:Unreleased \()?(\d+\.\d+\.\d+)(?:\)| \(\d{4}-\d\d-\d\d\))?", h.strip())
        for h in headings
    ]
    versions = [m[1] for m in numbered if m]
    assert versions[0] == version and "0.1.0" in versions  # newest first
    assert all(m or h.strip() == "Unreleased" for h, m in zip(headings, numbered)), headings
    assert len(set(versions)) == len(versions)
    # tools/release.py reads the changelog the same way
    spec = importlib.util.spec_from_file_location("release_tool", ROOT / "tools" / "release.py")
    release = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(release)
    assert release.newest_version(changelog) == version


def test_the_readme_claims_no_pypi_install():
    # dtlearn is not on PyPI: every pip line installs a file, a folder or a git address
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = re.findall(r"pip install [^`\n]+", readme)  # in code blocks and inline
    assert lines
    for line in lines:
        targets = [t.strip("\"'") for t in line.split()[2:] if not t.startswith("-")]
        assert all(
            " @ " in line
            or t.startswith((".", "/", "git+"))
            or t.endswith(".whl")
            or not t.startswith("dtlearn")
            for t in targets
        ), line
    assert "not on PyPI" in readme


STUDENT_DATA = [
    "submitted/alice/hw1/hw1.ipynb",
    "autograded/alice/hw1/hw1.ipynb",
    "feedback/alice/hw1/hw1.html",
    "release/hw1/hw1.ipynb",
    "gradebook.db",
    "exchange/dtlearn/inbound/x.ipynb",
    "grades.csv",
    "grading_secret",
    "reports/similarity/hw1.csv",
]


@pytest.mark.parametrize("where", ["", "instructor/homework/", "course/"])
def test_student_work_and_grades_are_git_ignored(where):
    paths = [where + path for path in STUDENT_DATA]
    done = subprocess.run(
        ["git", "check-ignore", "--no-index", "--stdin", "-v"],
        cwd=ROOT,
        input="\n".join(paths),
        capture_output=True,
        text=True,
    )
    ignored = [line.split("\t")[1] for line in done.stdout.splitlines()]
    assert ignored == paths
    # and the course's own sources are not
    kept = subprocess.run(
        [
            "git",
            "check-ignore",
            "--no-index",
            "instructor/homework/source/hw1/hw1.ipynb",
            "dtlearn/datasets/data/vote.csv",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert kept.returncode == 1 and kept.stdout == ""


# --- dependencies: what dtlearn imports is declared, dev tools are not published ---------


def _package_imports():
    found = {}
    for path in sorted((ROOT / "dtlearn").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "dtlearn":
                    found.setdefault(top, path.relative_to(ROOT).as_posix())
    return found


def test_every_module_dtlearn_imports_is_declared():
    declared = {
        canonicalize_name(Requirement(text).name): "required" for text in PROJECT["dependencies"]
    }
    for extra, texts in PROJECT["optional-dependencies"].items():
        for text in texts:
            declared.setdefault(canonicalize_name(Requirement(text).name), extra)
    providers = metadata.packages_distributions()
    where = {}
    for module, path in _package_imports().items():
        dists = {canonicalize_name(d) for d in providers.get(module, [])}
        assert dists & declared.keys(), f"{path} imports {module}, which pyproject does not declare"
        where[module] = declared[min(dists & declared.keys())]
    # the widgets' own imports are required; liac-arff and scikit-learn are extras
    assert where["PIL"] == where["traitlets"] == where["anywidget"] == "required"
    assert where["arff"] == "arff" and where["sklearn"] == "lab"
    assert where.get("nbgrader", "grading") == where.get("nbformat", "grading") == "grading"


def test_liac_arff_is_an_extra_and_dev_tools_are_a_dependency_group():
    required = {canonicalize_name(Requirement(text).name) for text in PROJECT["dependencies"]}
    assert "liac-arff" not in required
    assert [Requirement(t).name for t in PROJECT["optional-dependencies"]["arff"]] == ["liac-arff"]
    assert set(PROJECT["optional-dependencies"]) == {"lab", "arff", "grading", "exams"}
    groups = tomllib.loads((ROOT / "pyproject.toml").read_text())["dependency-groups"]
    tools = {canonicalize_name(Requirement(t).name) for t in groups["test"]}
    assert {"pytest", "nbval", "nbgrader", "ruff", "playwright"} <= tools
    published = set(required)
    for extra, texts in PROJECT["optional-dependencies"].items():
        if extra != "grading":  # nbgrader: the instructor's grading machine runs it
            published |= {canonicalize_name(Requirement(t).name) for t in texts}
    assert not tools & published
    assert not {"pytest", "nbval", "hypothesis", "ruff", "playwright", "hatchling"} & {
        canonicalize_name(Requirement(t).name) for t in PROJECT["optional-dependencies"]["grading"]
    }


def test_read_arff_without_liac_arff_names_the_extra(monkeypatch):
    import dtlearn as dt

    monkeypatch.setitem(sys.modules, "arff", None)  # as if liac-arff were not installed
    text = "@relation r\n@attribute a {x, y}\n@data\nx\n"
    with pytest.raises(ImportError, match=re.escape('pip install "dtlearn[arff]"')):
        dt.read_arff(text)
    X, y = dt.load_play_tennis()  # the packaged data read from CSV + schema, no parser
    assert X.shape == (14, 4) and y.name == "play"


def test_project_urls_and_python_classifiers():
    urls = PROJECT["urls"]
    assert {"Source", "Changelog", "Issues"} <= set(urls)
    assert all(url.startswith("https://") for url in urls.values())
    pythons = sorted(
        c.rsplit(" ", 1)[1]
        for c in PROJECT["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    )
    assert pythons and pythons[0] == PROJECT["requires-python"].removeprefix(">=")


# --- two environments: the students' (make lab) and the developers' (make test, book, lite) --


def _rule(makefile, target):
    """The prerequisites and recipe of ``target`` in the Makefile."""
    match = re.search(rf"^{re.escape(target)}:([^\n]*)\n((?:\t[^\n]*\n)*)", makefile, re.M)
    assert match, target
    return match.group(1), match.group(2)


def test_make_lab_installs_only_what_students_need():
    makefile = (ROOT / "Makefile").read_text()
    prerequisites, recipe = _rule(makefile, "$(VENV)/.lab-installed")
    assert 'install,$(VENV),-e ".[lab]")' in recipe and "--group" not in recipe
    assert "$(VENV)/.lab-installed" in _rule(makefile, "lab")[0]
    # the lab extra brings neither the grading UI nor the JupyterLite kernel extension
    lab = _closure(PROJECT["dependencies"] + PROJECT["optional-dependencies"]["lab"])
    assert not lab & {"nbgrader", "jupyterlite-core", "jupyterlite-pyodide-kernel", "pytest"}


def test_developer_targets_use_their_own_environment():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^DEV +:= \.venv-dev$", makefile, re.M)
    _, recipe = _rule(makefile, "$(DEV)/.installed")
    assert "--group dev" in makefile and "install,$(DEV),$(DEV_INSTALL))" in recipe
    for target in (
        "test-unit",
        "test-notebooks",
        "test-browser",
        "book",
        "lite",
        "bench",
        "execute-notebooks",
        "student-course",
        "student-homework",
        "test-wheel",
    ):
        prerequisites, recipe = _rule(makefile, target)
        assert "$(DEV)/.installed" in prerequisites, target
        assert "$(BIN)/" not in recipe, target  # never the students' .venv
