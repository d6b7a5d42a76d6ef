"""The student repository (``make student-repo DEST=DIR``, tools/student_repo.py): the student
course and Binder files, and nothing a student must not see.

Built once per module into a temporary folder; the slow test builds a venv from the
repository's own ``requirements.txt``, as it is (it installs the wheel the repository ships,
and the dependencies from PyPI), and runs every notebook in it.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
import test_package
import test_student_course as served
from nbgrader.utils import compute_checksum
from packaging.requirements import Requirement

import dtlearn

ROOT = Path(__file__).resolve().parents[1]
course = served.course  # tools/course.py, imported by test_student_course
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
PACKAGE_URL = "https://github.com/example-org/dtlearn"
COURSE_URL = "https://github.com/example-org/dtlearn-course"
MARKERS = ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS")
LECTURES = [p.name for p in course.lecture_notebooks()]  # named by instructor/, not notebooks/
ASSIGNMENTS = sorted(p.name for p in (course.HOMEWORK / "source").iterdir() if p.is_dir())
HOMEWORK = [f"homework/{name}/{name}.ipynb" for name in ASSIGNMENTS]
WHEEL = f"wheels/dtlearn-{dtlearn.__version__}-py3-none-any.whl"
BINDER = [
    "README.md",
    "LICENSE",
    "requirements.txt",
    "environment.yml",
    "postBuild",
    ".student-repo",
    WHEEL,
]


def make_repo(dest, *extra):
    return subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "student_repo.py"),
            str(dest),
            "--package-url",
            PACKAGE_URL,
            "--course-url",
            COURSE_URL,
            *extra,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    dest = tmp_path_factory.mktemp("student") / "dtlearn-course"
    done = make_repo(dest)
    assert done.returncode == 0, done.stdout + done.stderr
    return dest


def files(repo):
    return sorted(str(p.relative_to(repo)) for p in repo.rglob("*") if p.is_file())


def text_files(repo):
    return [name for name in files(repo) if not name.endswith(".whl")]


def notebooks(repo):
    return sorted(repo.rglob("*.ipynb"))


# ---------------------------------------------------------------- nothing of the instructor's
def test_holds_the_student_course_and_nothing_else(repo):
    assert files(repo) == sorted(LECTURES + HOMEWORK + BINDER)


def test_no_instructor_file_by_name_or_content(repo):
    instructor = {
        hashlib.sha256(p.read_bytes()).hexdigest(): p
        for p in (ROOT / "instructor").rglob("*")
        if p.is_file()
    }
    for name in files(repo):
        parts = set(Path(name).parts)
        assert not parts & {
            "instructor",
            "source",
            "release",
            "submitted",
            "autograded",
            "feedback",
        }, name
        assert not name.endswith((".py", ".db")), name
        digest = hashlib.sha256((repo / name).read_bytes()).hexdigest()
        assert digest not in instructor, f"{name} is {instructor.get(digest)}"


def test_no_solution_or_hidden_test_marker_anywhere(repo):
    # (the wheel: tests/test_wheel.py reads it for every solution)
    for name in text_files(repo):
        text = (repo / name).read_text(encoding="utf-8")
        for marker in MARKERS:
            assert marker not in text, f"{name} holds {marker!r}"
    for path in notebooks(repo):
        for cell in served.read(path).cells:
            for text in [cell.source, *served.output_texts(cell)]:
                assert "HIDDEN TESTS" not in text and "SOLUTION" not in text, path.name


def test_nbgrader_metadata_describes_the_released_cells_only(repo):
    """Lectures carry no nbgrader metadata; in the homework each cell's checksum is that of the
    cell as served (the source version's checksums, with hidden tests, stay with the
    instructor) and every solution cell holds the stub, not a solution."""
    for name in LECTURES:
        assert not any("nbgrader" in c.metadata for c in served.read(repo / name).cells), name
    for name in HOMEWORK:
        solutions = 0
        for cell in served.read(repo / name).cells:
            meta = cell.metadata.get("nbgrader")
            if meta is None:
                continue
            assert meta["checksum"] == compute_checksum(cell), (name, meta["grade_id"])
            if meta.get("solution"):
                solutions += 1
                stub = course.TEXT_STUB if cell.cell_type == "markdown" else course.CODE_STUB[1]
                assert stub in cell.source, (name, meta["grade_id"])
        assert solutions, name


def _pairs(repo):
    pairs = [(ROOT / "instructor" / name, repo / name) for name in LECTURES]
    pairs += [
        (
            course.HOMEWORK / "source" / name / f"{name}.ipynb",
            repo / "homework" / name / f"{name}.ipynb",
        )
        for name in ASSIGNMENTS
    ]
    return pairs


def test_no_model_answer_or_hidden_test_line(repo):
    """No line of an instructor's solution, model answer or hidden test (that no instructor
    notebook shows outside its solutions anyway) is in the repository, in any file."""
    everything = set()
    for name in text_files(repo):
        everything |= {line.strip() for line in (repo / name).read_text().split("\n")}
    for path in notebooks(repo):
        for cell in served.read(path).cells:
            everything |= {line.strip() for line in cell.source.split("\n")}
    sources = [served.read(instructor) for instructor, _ in _pairs(repo)]
    shown_anyway = set().union(*map(served.visible_lines, sources))
    for (instructor, _), source in zip(_pairs(repo), sources):
        secret = {
            line
            for line in course.solution_lines(source, ("SOLUTION", "HIDDEN TESTS"))
            if line not in shown_anyway and len(line) > 3
        }
        assert secret, f"{instructor.name}: no solution lines found (markers changed?)"
        leaked = sorted(secret & everything)
        assert not leaked, f"{instructor.name}: {leaked[:3]}"


# ---------------------------------------------------------------- self-contained
LINK = re.compile(r"\]\(([^)\s]+)\)")


def local_links(text):
    return [link.split("#")[0] for link in LINK.findall(text) if not re.match(r"[a-z]+:|#", link)]


def test_links_resolve_inside_the_repository(repo):
    checked = 0
    sources = [(repo / "README.md", (repo / "README.md").read_text())]
    sources += [
        (path, "\n".join(c.source for c in served.read(path).cells if c.cell_type == "markdown"))
        for path in notebooks(repo)
    ]
    for path, text in sources:
        for link in local_links(text):
            target = (path.parent / link).resolve()
            assert target.is_relative_to(repo) and target.exists(), f"{path.name}: {link}"
            checked += 1
    readme = local_links(sources[0][1])
    assert {"00_start_here.ipynb", "LICENSE", "requirements.txt", *HOMEWORK} <= set(readme)
    assert checked > len(LECTURES)


def test_readme_tells_how_to_open_work_and_submit(repo):
    text = (repo / "README.md").read_text()
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[:3] == ["Open the course", "Work", "Submit"]
    assert (
        "https://mybinder.org/v2/gh/example-org/dtlearn-course/HEAD"
        "?urlpath=lab/tree/00_start_here.ipynb"
    ) in text
    assert "nbgrader submit homework/hw1 --course dtlearn" in text
    assert "{" not in text.replace("```", ""), "an unfilled template field"


# ---------------------------------------------------------------- Binder files
def test_binder_files_install_the_wheel_the_repository_ships(repo):
    lines = [
        line
        for line in (repo / "requirements.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert lines == [f"./{WHEEL}[lab]"]
    assert "lab" in PROJECT["optional-dependencies"]
    with zipfile.ZipFile(repo / WHEEL) as wheel:
        names = wheel.namelist()
        meta = wheel.read(f"dtlearn-{dtlearn.__version__}.dist-info/METADATA").decode()
    assert f"Version: {dtlearn.__version__}" in meta
    assert {n.split("/")[0] for n in names} == {
        "dtlearn",
        f"dtlearn-{dtlearn.__version__}.dist-info",
    }
    # this checkout's package, file for file
    package = {
        str(p.relative_to(ROOT))
        for p in (ROOT / "dtlearn").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert {n for n in names if n.startswith("dtlearn/")} == package
    stamp = (repo / ".student-repo").read_text()
    assert hashlib.sha256((repo / WHEEL).read_bytes()).hexdigest() in stamp

    environment = (repo / "environment.yml").read_text()
    deps = re.findall(r"^  - (\S+)$", environment.split("dependencies:")[1], re.M)
    wanted = {
        test_package.CONDA_NAMES.get(r.name, r.name): str(r.specifier)
        for r in map(Requirement, PROJECT["dependencies"] + PROJECT["optional-dependencies"]["lab"])
    }
    conda = dict(
        re.fullmatch(r"([A-Za-z0-9_.-]+)(.*)", d).groups()
        for d in deps
        if d not in ("python=3.11", "pip")
    )
    assert conda == wanted
    assert {"python=3.11", "pip"} <= set(deps) and "pip:" not in environment
    assert Requirement(f"x{PROJECT['requires-python']}").specifier.contains("3.11")

    script = (repo / "postBuild").read_text()
    commands = [
        line for line in script.splitlines() if line.strip() and not line.startswith(("#", "set "))
    ]
    assert commands[0] == f'python -m pip install --no-deps --no-cache-dir "./{WHEEL}"'
    assert (repo / "postBuild").stat().st_mode & 0o111


def test_post_build_turns_the_jupyterlab_news_question_off(repo, tmp_path):
    # the script with a stand-in `python` that answers tmp_path as its sys.prefix
    script = (repo / "postBuild").read_text().replace("python -m pip install", "true")
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "python").write_text(f"#!/bin/sh\necho {tmp_path}\n")
    (fake / "python").chmod(0o755)
    runner = tmp_path / "postBuild"
    runner.write_text(script)
    env = {**os.environ, "PATH": f"{fake}{os.pathsep}{os.environ['PATH']}"}
    subprocess.run(["bash", str(runner)], cwd=repo, check=True, env=env)
    written = tmp_path / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert json.loads(written.read_text()) == json.loads(
        (ROOT / "hub" / "overrides.json").read_text()
    )
    assert (
        json.loads(written.read_text())["@jupyterlab/apputils-extension:notification"]["fetchNews"]
        == "false"
    )


def test_the_wheel_is_the_same_bytes_when_the_same_commit_is_shipped_again(repo, tmp_path):
    again = tmp_path / "again"
    assert make_repo(again).returncode == 0
    assert (again / WHEEL).read_bytes() == (repo / WHEEL).read_bytes()


def _scratch_checkout(where):
    """This work tree's package, tools and student course as a git repository of its own."""
    listed = subprocess.run(
        [
            "git",
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
            "dtlearn",
            "tools",
            "notebooks",
            "pyproject.toml",
            "README.md",
            "LICENSE",
            "environment.yml",
            "hub/overrides.json",
        ],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, (f.decode() for f in listed)):
        if (ROOT / name).is_file():
            (where / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, where / name)
    git = ["git", "-C", str(where), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", "-b", "main", str(where)], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "scratch"], check=True)
    return git


@pytest.mark.parametrize("published", ["git", "pypi"])
def test_a_published_form_is_refused_unless_the_checkout_carries_that_release(tmp_path, published):
    checkout = tmp_path / "checkout"
    git = _scratch_checkout(checkout)
    tool = [sys.executable, str(checkout / "tools" / "student_repo.py")]

    def make(dest):
        return subprocess.run(
            [*tool, str(tmp_path / dest), "--published", published, "--package-url", PACKAGE_URL],
            capture_output=True,
            text=True,
            cwd=checkout,
        )

    version = dtlearn.__version__
    untagged = make("a")
    assert untagged.returncode != 0 and f"no tag v{version}" in untagged.stderr
    assert not (tmp_path / "a").exists()
    subprocess.run([*git, "tag", "-a", f"v{version}", "-m", "release"], check=True)
    done = make("b")
    assert done.returncode == 0, done.stderr
    wanted = {
        "git": f"dtlearn[lab] @ git+{PACKAGE_URL}@v{version}",
        "pypi": f"dtlearn[lab]=={version}",
    }[published]
    assert (tmp_path / "b" / "requirements.txt").read_text().splitlines()[-1] == wanted
    assert not (tmp_path / "b" / "wheels").exists()
    assert f'"{wanted.replace("[lab]", "")}"' in (tmp_path / "b" / "postBuild").read_text()
    # the package moved on after the tag: the tag no longer carries what the notebooks need
    init = checkout / "dtlearn" / "__init__.py"
    init.write_text(init.read_text() + "\n# changed after the release\n")
    subprocess.run([*git, "commit", "-q", "-am", "later"], check=True)
    moved = make("c")
    assert moved.returncode != 0 and "differ from the tag" in moved.stderr


# ---------------------------------------------------------------- the tool itself
def test_rebuild_keeps_git_and_refuses_a_folder_it_did_not_write(repo, tmp_path):
    dest = tmp_path / "clone"
    (dest / ".git").mkdir(parents=True)
    (dest / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    assert make_repo(dest).returncode == 0
    (dest / "old_notebook.ipynb").write_text("{}")
    assert make_repo(dest).returncode == 0
    assert (dest / ".git" / "HEAD").exists() and not (dest / "old_notebook.ipynb").exists()
    assert files(dest) == sorted(files(repo) + [".git/HEAD"])
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine")
    done = make_repo(foreign)
    assert done.returncode != 0 and "was not written by" in done.stderr
    assert (foreign / "notes.txt").read_text() == "mine"


# ---------------------------------------------------------------- it runs from its own files
def _installer():
    uv = shutil.which("uv") or shutil.which("uv", path=str(Path(sys.executable).parent))
    return uv


def test_every_notebook_runs_in_a_venv_made_from_its_own_files(repo, tmp_path):
    """A venv from the repository's requirements.txt as it is (the shipped wheel; network:
    PyPI for the dependencies) runs every notebook:
    lectures without an error (except cells tagged raises-exception), homework with only its
    grade cells failing, each with "not yet"."""
    venv, home = tmp_path / "venv", tmp_path / "home"
    home.mkdir()
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in (
            "PYTHONPATH",
            "VIRTUAL_ENV",
            "JUPYTER_PATH",
            "JUPYTER_CONFIG_DIR",
            "JUPYTER_DATA_DIR",
            "JUPYTERHUB_USER",
            "DTLEARN_SEED",
        )
    }
    env.update(HOME=str(home), JUPYTER_PLATFORM_DIRS="1")
    python = venv / "bin" / "python"
    uv = _installer()
    if uv:
        steps = [
            [uv, "venv", "-q", "--python", sys.executable, str(venv)],
            [uv, "pip", "install", "-q", "--python", str(python), "-r", "requirements.txt"],
        ]
    else:
        steps = [
            [sys.executable, "-m", "venv", str(venv)],
            [str(python), "-m", "pip", "install", "-q", "-r", "requirements.txt"],
        ]
    for step in steps:  # in the repository, as Binder, a hub image or a student would
        done = subprocess.run(step, env=env, capture_output=True, text=True, cwd=repo)
        assert done.returncode == 0, done.stdout + done.stderr
    where = subprocess.run(
        [str(python), "-c", "import dtlearn; print(dtlearn.__file__)"],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(venv)
    record = next((venv / "lib").glob("python3*/site-packages/dtlearn-*.dist-info/RECORD"))
    with zipfile.ZipFile(repo / WHEEL) as wheel:  # what was installed is the shipped wheel
        shipped = wheel.read(f"{record.parent.name}/RECORD").decode()

    def package_files(text):  # path -> hash of the package's files (the installer adds its own)
        rows = [line.split(",") for line in text.splitlines()]
        return {row[0]: row[1] for row in rows if row[0].startswith("dtlearn/")}

    assert package_files(record.read_text()) == package_files(shipped)
    assert len(package_files(shipped)) > 100

    done = subprocess.run(
        [str(python), str(ROOT / "hub" / "run_notebooks.py"), *map(str, notebooks(repo))],
        env=env,
        capture_output=True,
        text=True,
        cwd=repo,
        timeout=1500,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    reports = {str(Path(r["path"]).relative_to(repo.resolve())): r for r in json.loads(done.stdout)}
    assert sorted(reports) == sorted(LECTURES + HOMEWORK)
    for name in LECTURES:
        errors = [e for e in reports[name]["errors"] if "raises-exception" not in e["tags"]]
        assert not errors, f"{name}: {errors[0]['ename']}: {errors[0]['evalue']}"
    for name in HOMEWORK:
        errors = reports[name]["errors"]
        assert errors, f"{name}: no grade cell said 'not yet'"
        for error in errors:
            grade = error["nbgrader"].get("grade") and not error["nbgrader"].get("solution")
            assert grade and "not yet" in error["evalue"], f"{name}: {error}"
