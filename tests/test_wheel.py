"""The built wheel and sdist: what they contain, and the wheel at work outside the checkout.

The wheel is built with hatchling (no network), installed with ``--no-deps --no-index`` into
a fresh venv in a temporary folder; that venv sees the test environment's packages through
a ``.pth`` line (so numpy & co. need no download) but not the editable checkout, and a smoke
script there loads every data set, fits every learner, builds every app and draws a figure.
"""

import email
import json
import os
import re
import subprocess
import sys
import sysconfig
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from dtlearn import list_datasets
from dtlearn.datasets.entries import ENTRIES

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-d", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    wheels, sdists = sorted(out.glob("*.whl")), sorted(out.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1
    return wheels[0], sdists[0]


def test_wheel_is_pure_python_with_licence_data_and_static_files(dist):
    wheel, _ = dist
    assert wheel.name.endswith("-py3-none-any.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
    assert f"{info}/licenses/LICENSE" in names
    data = "dtlearn/datasets/data/"
    # every data set's source file and the files its loader reads, as the registry says
    shipped = {f"{data}{f}" for e in ENTRIES for f in (e.file, *e.files)}
    assert shipped | {f"{data}SOURCES.md"} <= names
    assert {f"{data}car.data", f"{data}vote.arff", f"{data}vote.csv"} <= shipped
    assert {"dtlearn/widgets/static/tree_view.js", "dtlearn/widgets/static/tree_view.css"} <= names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    meta = email.message_from_bytes(zipfile.ZipFile(wheel).read(f"{info}/METADATA"))
    assert meta["License-Expression"] == "GPL-3.0-or-later"
    requires = [Requirement(text) for text in meta.get_all("Requires-Dist")]
    required = {req.name for req in requires if req.marker is None}
    assert required == {
        "numpy",
        "pandas",
        "matplotlib",
        "ipywidgets",
        "anywidget",
        "pillow",
        "traitlets",
        "ipython",
    }
    # liac-arff (no wheel) only through the `arff` extra; no test tool is published
    extras = {
        req.name: [e for e in meta.get_all("Provides-Extra") if req.marker.evaluate({"extra": e})]
        for req in requires
        if req.marker
    }
    assert extras == {
        "liac-arff": ["arff"],
        "jupyterlab": ["lab"],
        "scikit-learn": ["lab"],
        "nbgrader": ["grading"],
        "nbformat": ["grading"],
        "copydetect": ["grading"],
        "typst": ["exams"],
        "text2qti": ["exams"],
    }
    # the version the build read from dtlearn/__init__.py, in the metadata and the file name
    version = re.search(
        r'^__version__ = "(.+)"$', (ROOT / "dtlearn" / "__init__.py").read_text(), re.M
    ).group(1)
    assert meta["Version"] == version and wheel.name.startswith(f"dtlearn-{version}-")
    assert {url.split(",")[0] for url in meta.get_all("Project-URL")} >= {"Source", "Changelog"}


def test_sdist_holds_only_anchored_paths(dist):
    _, sdist = dist
    with tarfile.open(sdist) as tar:
        names = [n.split("/", 1)[1] for n in tar.getnames() if "/" in n]
    top = {n.split("/")[0] for n in names}
    # hatchling adds .gitignore itself (it reads it to leave ignored files out)
    assert top == {
        "dtlearn",
        "tests",
        "README.md",
        "CHANGELOG.md",
        "LICENSE",
        "pyproject.toml",
        "PKG-INFO",
        ".gitignore",
    }
    assert "dtlearn/datasets/data/vote.csv" in names
    # the tests with their fixtures, and nothing npm installed for the browser test
    assert {"tests/conftest.py", "tests/test_measures.py", "tests/fixtures/README.md"} <= set(names)
    assert not [n for n in names if "node_modules" in n or "__pycache__" in n]


def test_unit_tests_run_from_the_unpacked_sdist(dist, tmp_path):
    # a packager's check: the sdist's own package, tests and fixtures, not the checkout's
    # (the tests of the course, the tools and the docs need the repository)
    _, sdist = dist
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path, filter="data")
    unpacked = next(tmp_path.iterdir())
    env = {**os.environ, "PYTHONPATH": str(unpacked)}
    where = subprocess.run(
        [sys.executable, "-c", "import dtlearn; print(dtlearn.__file__)"],
        cwd=unpacked,
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(unpacked)
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "tests/test_measures.py",
            "tests/test_weka_fixtures.py",
        ],
        cwd=unpacked,
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout.splitlines()[-1]


def test_wheel_resolves_with_wheels_only(dist):
    # every dependency has a wheel (liac-arff, an sdist only, is an extra): the resolver
    # answers from the package index without installing anything
    wheel, _ = dist
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--dry-run",
            "--quiet",
            "--ignore-installed",
            "--only-binary=:all:",
            "--report",
            "-",
            str(wheel),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(run.stdout)
    names = {item["metadata"]["name"].lower() for item in report["install"]}
    assert {"dtlearn", "numpy", "pandas", "matplotlib", "pillow", "anywidget"} <= names
    assert "liac-arff" not in names


SMOKE = textwrap.dedent("""
    import matplotlib
    matplotlib.use("Agg")
    import sys
    from pathlib import Path

    import numpy as np
    import dtlearn as dt
    from dtlearn import widgets
    from dtlearn.pruning.curves import train_validation_test_split

    where = Path(dt.__file__).resolve()
    assert Path(sys.prefix).resolve() in where.parents, where   # the wheel, not the checkout

    table = dt.list_datasets()
    sets = {name: eval("dt." + call) for name, call in table["loader"].items()}
    print("datasets", len(sets), sum(len(X) for X, _ in sets.values()))

    X, y = sets["play_tennis"]
    Xn, yn = sets["play_tennis_numeric"]
    Xv, yv = sets["vote"]
    keep = Xv.notna().all(axis=1)
    Xv, yv = Xv[keep], yv[keep]
    rng = np.random.default_rng(0)
    Xr = rng.uniform(size=(60, 2)); yr = Xr[:, 0] * 3 + (Xr[:, 1] > 0.5)
    yo = np.where(Xr[:, 0] + Xr[:, 1] > 1, "a", "b")
    fitted = [dt.ZeroR().fit(X, y), dt.OneR().fit(X, y), dt.ID3Classifier().fit(X, y),
              dt.C45Classifier().fit(Xn, yn), dt.CARTClassifier().fit(Xn, yn),
              dt.CARTRegressor().fit(Xr, yr), dt.ObliqueTreeClassifier().fit(Xr, yo)]
    assert list(fitted[2].predict(X)) == list(y)
    print("learners", len(fitted))

    X_tr, X_va, _, y_tr, y_va, _ = train_validation_test_split(Xv, yv, random_state=0)
    apps = [widgets.TreeView(fitted[2]), widgets.ID3Builder(X, y), widgets.CriteriaExplorer(),
            widgets.BoundaryExplorer(Xr, yo),
            widgets.OverfittingExplorer(Xv, yv, noise_levels=(0.0,), random_state=0),
            widgets.PruningStepper(dt.ID3Classifier().fit(X_tr, y_tr), X_va, y_va),
            widgets.CostComplexityExplorer(Xv, yv, cv=3)]
    for app in apps:
        data, _ = app._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in data and data["text/html"]
    assert "export default" in apps[0]._esm
    print("apps", len(apps))

    ax = dt.plot.plot_tree(fitted[2])
    ax.figure.savefig("tree.png")
    assert Path("tree.png").read_bytes().startswith(bytes([137, 80, 78, 71]))
    print("figure ok")
""")


def test_wheel_installs_outside_the_checkout_and_runs(dist, tmp_path):
    wheel, _ = dist
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    # the test environment's packages (numpy, pandas, ...) behind the venv's own: a path
    # added by a .pth line has its own .pth files ignored, so the editable dtlearn stays out
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(site, "zz_test_environment.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    (tmp_path / "smoke.py").write_text(SMOKE)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MPLBACKEND")}
    out = subprocess.run(
        [str(python), "smoke.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    # the checkout's registry and files: the wheel must load the same data sets and rows
    checkout = list_datasets()
    datasets = f"datasets {len(ENTRIES)} {int(checkout['rows'].sum())}"
    assert out.stdout.splitlines() == [datasets, "learners 7", "apps 7", "figure ok"]


def test_installing_a_newer_tag_upgrades(tmp_path):
    # the README's upgrade path: pip keeps an installed version it considers current (a new
    # commit with the same version stays uninstalled), so a release is a new version + tag
    repo = tmp_path / "repo"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(repo)], check=True)
    init = repo / "dtlearn" / "__init__.py"
    old = re.search(r'^__version__ = "(.+)"$', init.read_text(), re.M).group(1)
    major, minor, patch = map(int, old.split("."))
    new = f"{major}.{minor}.{patch + 1}"
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "tag", f"v{old}"], check=True)
    init.write_text(init.read_text().replace(f'__version__ = "{old}"', f'__version__ = "{new}"'))
    subprocess.run([*git, "commit", "--quiet", "-am", "release"], check=True)
    subprocess.run([*git, "tag", f"v{new}"], check=True)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = str(venv / "bin" / "python")

    def install(tag, *options):
        # as a user would: pip builds the tag's source with hatchling fetched from PyPI
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "--python",
                python,
                "install",
                "--quiet",
                "--no-deps",
                *options,
                f"dtlearn @ git+file://{repo}@{tag}",
            ],
            capture_output=True,
            text=True,
        )
        assert run.returncode == 0, run.stderr[-2000:]
        code = (
            "import importlib.metadata as m, pathlib, re; "
            "print(m.version('dtlearn'), re.search(r'__version__ = \"(.+)\"', pathlib.Path("
            "m.distribution('dtlearn').locate_file('dtlearn/__init__.py')).read_text())[1])"
        )
        out = subprocess.run([python, "-c", code], check=True, capture_output=True, text=True)
        return out.stdout.split()

    assert install(f"v{old}") == [old, old]
    assert install(f"v{new}", "--upgrade") == [new, new]


# --- no solution ships: the instructor's regions, the homework's own functions --------------

REGION = re.compile(
    r"^[ \t]*### BEGIN (SOLUTION|HIDDEN TESTS)[^\n]*\n(.*?)^[ \t]*### END \1", re.M | re.S
)


def _lines(text):
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


def _instructor_answers():
    """Every marked region of the lectures and homework sources, and the homework's
    solution signatures (the def lines of their cells), read from instructor/."""
    import nbformat

    regions, signatures = [], set()
    for path in sorted(
        [*ROOT.glob("instructor/*.ipynb"), *ROOT.glob("instructor/homework/source/*/*.ipynb")]
    ):
        for cell in nbformat.read(path, as_version=4).cells:
            for _, body in REGION.findall(cell.source):
                if _lines(body):
                    regions.append(_lines(body))
            if "homework" in path.parts and cell.metadata.get("nbgrader", {}).get("solution"):
                signatures |= set(re.findall(r"^def \w+\([^)]*\):", cell.source, re.M))
    return regions, signatures


def _members(archive):
    if archive.suffix == ".whl":
        with zipfile.ZipFile(archive) as zf:
            return {name: zf.read(name) for name in zf.namelist()}
    with tarfile.open(archive) as tar:
        return {
            m.name.split("/", 1)[1]: tar.extractfile(m).read()
            for m in tar.getmembers()
            if m.isfile()
        }


def test_neither_wheel_nor_sdist_holds_a_solution(dist):
    regions, signatures = _instructor_answers()
    assert len(regions) > 60 and len(signatures) >= 4  # every lecture and homework read
    assert {s.split("(")[0][4:] for s in signatures} >= {"entropy", "id3", "reduced_error_prune"}
    for archive in dist:
        members = _members(archive)
        names = list(members)
        assert not [
            n
            for n in names
            if n.startswith(("instructor/", "notebooks/"))
            or n.endswith(".ipynb")
            or "homework_attacks" in n
        ], archive.name
        for name, data in members.items():
            text = data.decode("utf-8", errors="replace")
            flat = _lines(text)
            assert not [r for r in regions if r in flat], (archive.name, name)
            if not name.startswith("dtlearn/"):  # the library itself implements entropy
                assert not [s for s in signatures if s[:-1] in text], (archive.name, name)


def test_the_solution_check_sees_the_grading_tests_the_sdist_leaves_out():
    # the check above is not vacuous: the files pyproject excludes would fail it
    regions, signatures = _instructor_answers()
    attacks = (ROOT / "tests" / "homework_attacks" / "hw1_honest_imports.py").read_text()
    assert [r for r in regions if r in _lines(attacks)]
    checks = (ROOT / "tests" / "test_nbgrader_roundtrip.py").read_text()
    assert [s for s in signatures if s[:-1] in checks]


# --- make release, in a scratch copy of this work tree (nothing pushed) ---------------------


def test_make_release_bumps_dates_builds_checks_and_tags(tmp_path):
    repo = tmp_path / "repo"
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, (f.decode() for f in files)):
        source = ROOT / name
        if source.is_file() and not name.startswith(
            ("instructor/", "notebooks/", "docs/", "tests/fixtures/")
        ):
            target = repo / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "--quiet", "-b", "main", str(repo)], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "--quiet", "-m", "scratch"], check=True)
    changelog = (repo / "CHANGELOG.md").read_text()
    top = re.search(r"^## (.+)$", changelog, re.M)
    (repo / "CHANGELOG.md").write_text(
        changelog[: top.start()] + "## Unreleased\n\n- a fix\n\n" + changelog[top.start() :]
    )
    subprocess.run([*git, "commit", "--quiet", "-am", "a fix"], check=True)
    bindir = Path(sys.executable).parent

    def release(version, date="2031-02-03"):
        # the Makefile's own target; .venv-dev taken as made, its tools from this environment
        return subprocess.run(
            [
                "make",
                "-s",
                "-o",
                ".venv-dev/.installed",
                f"DBIN={bindir}",
                "release",
                f"VERSION={version}",
                f"RELEASE_ARGS=--no-isolation --date {date}",
            ],
            cwd=repo,
            capture_output=True,
            text=True,
            timeout=600,
        )

    old = re.search(r'^__version__ = "(.+)"$', (repo / "dtlearn/__init__.py").read_text(), re.M)[1]
    refused = release("0.0.1")
    assert refused.returncode != 0 and "not newer" in refused.stderr
    done = release("99.1.0")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "PASSED" in done.stdout and "git push origin main v99.1.0" in done.stdout
    assert '__version__ = "99.1.0"' in (repo / "dtlearn/__init__.py").read_text()
    assert old != "99.1.0"
    tagged = subprocess.run([*git, "cat-file", "-t", "v99.1.0"], capture_output=True, text=True)
    assert tagged.stdout.strip() == "tag"  # annotated
    at_tag = subprocess.run(
        [*git, "show", "v99.1.0:CHANGELOG.md"], capture_output=True, text=True, check=True
    ).stdout
    assert re.search(r"^## (.+)$", at_tag, re.M)[1] == "99.1.0 (2031-02-03)"
    now = (repo / "CHANGELOG.md").read_text()
    assert re.findall(r"^## (.+)$", now, re.M)[:2] == ["Unreleased", "99.1.0 (2031-02-03)"]
    built = sorted(p.name for p in (repo / "dist").iterdir())
    assert built == ["dtlearn-99.1.0-py3-none-any.whl", "dtlearn-99.1.0.tar.gz"]
    status = subprocess.run([*git, "status", "--porcelain"], capture_output=True, text=True)
    assert status.stdout == ""  # dist/ is ignored, both commits made
    again = release("99.1.0")
    assert again.returncode != 0 and "not newer" in again.stderr
