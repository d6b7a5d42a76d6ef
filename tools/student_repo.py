"""Write the student repository: what Binder, nbgitpuller and a hub serve, without solutions.

Usage (from the repository root)::

    python tools/student_repo.py DEST [--package-url URL] [--course-url URL]

``DEST`` receives, from the committed student course in ``notebooks/``:

- the lectures ``NN_topic.ipynb`` (with their stored outputs) and the released homework
  ``homework/hwN/hwN.ipynb``, at the top of the repository, so every link of the start
  page resolves;
- ``requirements.txt``: ``dtlearn[lab] @ git+PACKAGE_URL@vVERSION``, the release of the
  package this checkout is (its version read from the package, never written here);
- Binder files: ``environment.yml`` (the conda-forge packages of the main repository's
  ``environment.yml``, kept equal to pyproject's dependencies + ``lab`` extra by
  tests/test_package.py) and ``postBuild`` installing the same release with ``--no-deps``
  (repo2docker builds and caches the environment before it copies the repository);
- a student ``README.md`` (open, work, submit; ``tools/student_repo/README.md``) and
  ``LICENSE``.

Nothing of ``instructor/``, of nbgrader's course folder or of dtlearn's sources is written;
before writing, every notebook is checked for solution and hidden-test markers. ``DEST`` may
be a clone of the student repository: everything in it except ``.git`` is replaced, so a
commit there shows what changed since the last release. A non-empty ``DEST`` that this tool
did not write is refused.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
STUDENT = ROOT / "notebooks"
TEMPLATE = ROOT / "tools" / "student_repo"
STAMP = ".student-repo"
COURSE_ID = "dtlearn"  # nbgrader's course id, as in instructor/homework/nbgrader_config.py
DEFAULT_PACKAGE_URL = "https://github.com/dtlearn/dtlearn"
MARKERS = ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS")


def project() -> dict:
    """The ``[project]`` table of pyproject.toml (with ``tool`` under ``"_tool"``)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return {**data["project"], "_tool": data.get("tool", {})}


def version() -> str:
    """The package's version, from where the package declares it.

    A static ``version`` in pyproject, else hatch's version source file
    (``[tool.hatch.version] path``), else ``dtlearn.__version__`` of this checkout.
    """
    meta = project()
    if "version" in meta:
        return meta["version"]
    path = meta["_tool"].get("hatch", {}).get("version", {}).get("path", "dtlearn/__init__.py")
    match = re.search(r"^__version__\s*=\s*[\"']([^\"']+)[\"']", (ROOT / path).read_text(), re.M)
    if match is None:
        raise RuntimeError(f"no __version__ in {path}")
    return match.group(1)


def package_url() -> str:
    """The package's repository: pyproject's Project-URLs (Source/Repository), else a default."""
    urls = {k.lower(): v for k, v in project().get("urls", {}).items()}
    for key in ("source", "repository", "source code", "homepage"):
        if urls.get(key, "").startswith("https://github.com/"):
            return urls[key].rstrip("/").removesuffix(".git")
    return DEFAULT_PACKAGE_URL


def requirement(url: str, release: str) -> str:
    """The pip requirement of the release: the package with its ``lab`` extra, from its tag.

    >>> requirement("https://github.com/org/dtlearn", "0.2.0")
    'dtlearn[lab] @ git+https://github.com/org/dtlearn@v0.2.0'
    """
    return f"dtlearn[lab] @ git+{url}@v{release}"


def binder_url(course_url: str) -> str:
    """The mybinder.org link that opens the start page of a GitHub-hosted student repository.

    >>> binder_url("https://github.com/org/dtlearn-course")
    'https://mybinder.org/v2/gh/org/dtlearn-course/HEAD?urlpath=lab/tree/00_start_here.ipynb'
    """
    match = re.fullmatch(r"https://github\.com/([^/]+)/([^/]+?)(?:\.git)?/?", course_url)
    if match is None:
        raise ValueError(f"course_url: a https://github.com/OWNER/NAME address, got {course_url!r}")
    return (f"https://mybinder.org/v2/gh/{match[1]}/{match[2]}/HEAD"
            f"?urlpath=lab/tree/00_start_here.ipynb")


def conda_dependencies() -> list[str]:
    """The dependency lines of the main repository's ``environment.yml`` (conda-forge)."""
    lines = (ROOT / "environment.yml").read_text().splitlines()
    deps, inside = [], False
    for line in lines:
        if line.strip() == "dependencies:":
            inside = True
        elif inside and line.strip().startswith("- "):
            deps.append(line.strip()[2:])
        elif inside and line.strip() and not line.startswith("#"):
            break
    return deps


def environment_yml(release: str) -> str:
    """Binder's conda environment: the package's dependencies, the package comes from postBuild."""
    head = (f"# Binder (repo2docker): the dependencies of dtlearn {release} and its `lab` extra,\n"
            "# from conda-forge. repo2docker builds (and caches) this environment before it\n"
            "# copies the repository; postBuild then installs dtlearn itself.\n"
            "name: dtlearn-course\nchannels:\n  - conda-forge\ndependencies:\n")
    return head + "".join(f"  - {dep}\n" for dep in conda_dependencies())


def postbuild(url: str, release: str) -> str:
    """Binder's postBuild: the release itself, its dependencies already in the environment."""
    spec = requirement(url, release).replace("[lab]", "")
    return ("#!/usr/bin/env bash\n"
            "# Binder (repo2docker) runs this after building environment.yml: dtlearn itself,\n"
            "# from its release tag (the dependencies come from environment.yml).\n"
            "set -euo pipefail\n"
            f'python -m pip install --no-deps --no-cache-dir "{spec}"\n')


def notebook_files(source: Path = STUDENT) -> list[Path]:
    """The student notebooks to publish: lectures and released homework, no checkpoints."""
    lectures = sorted(source.glob("[0-9][0-9]*_*.ipynb"))
    homework = sorted((source / "homework").glob("*/*.ipynb"))
    return [p for p in lectures + homework if ".ipynb_checkpoints" not in p.parts]


def markers_in(path: Path) -> list[str]:
    """Solution or hidden-test markers anywhere in a notebook (sources, outputs, metadata)."""
    text = path.read_text(encoding="utf-8")
    return [marker for marker in MARKERS if marker in text]


def _commit() -> str:
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                          capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else "unknown"


def _clear(dest: Path) -> None:
    """Empty a previous output (keeping ``.git``); refuse a folder this tool did not write."""
    if not dest.exists():
        dest.mkdir(parents=True)
        return
    entries = [p for p in dest.iterdir() if p.name != ".git"]
    if entries and not (dest / STAMP).exists():
        raise FileExistsError(f"{dest} is not empty and was not written by "
                              f"tools/student_repo.py (no {STAMP}): choose an empty folder")
    for entry in entries:
        shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()


def build(dest: Path, package: str | None = None, course: str | None = None,
          source: Path = STUDENT) -> list[Path]:
    """Write the student repository into ``dest``; return the files written."""
    dest = Path(dest).resolve()
    if dest == ROOT or ROOT in dest.parents and dest.parts[len(ROOT.parts)] != "build":
        raise ValueError(f"dest: outside the checkout (or under build/), got {dest}")
    package = (package or package_url()).rstrip("/")
    course = (course or f"{package}-course").rstrip("/")
    release = version()
    notebooks = notebook_files(source)
    if not notebooks:
        raise FileNotFoundError(f"no student notebooks in {source}: run make student-course")
    leaking = {str(p.relative_to(source)): m for p in notebooks if (m := markers_in(p))}
    if leaking:
        raise RuntimeError(f"student notebooks hold solution markers: {leaking}")
    _clear(dest)
    written = []
    for path in notebooks:
        target = dest / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        nb = nbformat.read(path, as_version=4)
        nbformat.write(nb, target)
        written.append(target)
    name = re.sub(r"\.git$", "", course.rsplit("/", 1)[-1])
    readme = (TEMPLATE / "README.md").read_text().format(
        version=release, name=name, binder_url=binder_url(course), course_id=COURSE_ID)
    files = {
        "README.md": readme,
        "requirements.txt": (f"# dtlearn {release} with JupyterLab and scikit-learn "
                             f"(its `lab` extra), from the release tag\n"
                             f"{requirement(package, release)}\n"),
        "environment.yml": environment_yml(release),
        "postBuild": postbuild(package, release),
        "LICENSE": (ROOT / "LICENSE").read_text(),
        STAMP: (f"Written by tools/student_repo.py from dtlearn {release} "
                f"(commit {_commit()}); regenerate rather than edit.\n"),
    }
    for filename, text in files.items():
        (dest / filename).write_text(text)
        written.append(dest / filename)
    (dest / "postBuild").chmod(0o755)
    return written


def main(argv: list[str] | None = None) -> None:
    """Command line: ``DEST [--package-url URL] [--course-url URL]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dest", type=Path, help="folder to write (empty, or a previous output)")
    parser.add_argument("--package-url", help="GitHub address of dtlearn (default: pyproject's "
                        f"Project-URLs, else {DEFAULT_PACKAGE_URL})")
    parser.add_argument("--course-url", help="GitHub address of the student repository "
                        "(default: the package address + '-course'); for the Binder link")
    args = parser.parse_args(argv)
    try:
        written = build(args.dest, args.package_url, args.course_url)
    except (FileExistsError, FileNotFoundError, RuntimeError, ValueError) as exc:
        raise SystemExit(f"error: {exc}") from None
    print(f"wrote {len(written)} files to {args.dest} (dtlearn {version()}, "
          f"{requirement(args.package_url or package_url(), version())})")


if __name__ == "__main__":
    sys.exit(main())
