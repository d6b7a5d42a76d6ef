"""Write the student repository: what Binder, nbgitpuller and a hub serve, without solutions.

Usage (from the repository root)::

    python tools/student_repo.py DEST [--published {git,pypi}] [--package-url URL]
                                      [--course-url URL]

``DEST`` receives, from the committed student course in ``notebooks/``:

- the lectures ``NN_topic.ipynb`` (with their stored outputs) and the released homework
  ``homework/hwN/hwN.ipynb``, at the top of the repository, so every link of the start
  page resolves;
- ``wheels/dtlearn-VERSION-py3-none-any.whl``, the wheel of this checkout (built here,
  dated by the last commit so a rebuild of the same commit gives the same bytes), and a
  ``requirements.txt`` that installs it with its ``lab`` extra
  (``./wheels/dtlearn-VERSION-py3-none-any.whl[lab]``): Binder, repo2docker, a hub image
  and nbgitpuller then need no PyPI release, no tag and no public package repository;
- with ``--published git`` or ``--published pypi`` instead, no wheel: the requirement names
  the published release, ``dtlearn[lab] @ git+PACKAGE_URL@vVERSION`` or
  ``dtlearn[lab]==VERSION``; refused unless this checkout carries that release (its tag
  ``vVERSION`` exists and the package and pyproject.toml are the tag's);
- Binder files: ``environment.yml`` (the conda-forge packages of the main repository's
  ``environment.yml``, kept equal to pyproject's dependencies + ``lab`` extra by
  tests/test_package.py) and ``postBuild`` installing the same dtlearn with ``--no-deps``
  (repo2docker builds and caches the environment before it copies the repository);
- a student ``README.md`` (open, work, submit; ``tools/student_repo/README.md``) and
  ``LICENSE``.

Nothing of ``instructor/``, of nbgrader's course folder or of dtlearn's sources (the wheel
holds the package only) is written;
before writing, every notebook is checked for solution and hidden-test markers. ``DEST`` may
be a clone of the student repository: everything in it except ``.git`` is replaced, so a
commit there shows what changed since the last release. A non-empty ``DEST`` that this tool
did not write is refused.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import nbformat

try:
    import hatchling
except ImportError:  # pragma: no cover - pip builds the wheel, fetching hatchling
    hatchling = None

ROOT = Path(__file__).resolve().parents[1]
STUDENT = ROOT / "notebooks"
TEMPLATE = ROOT / "tools" / "student_repo"
STAMP = ".student-repo"
WHEELS = "wheels"  # the folder of the student repository that holds dtlearn's wheel
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


def requirement(url: str, release: str, published: str = "git") -> str:
    """The pip requirement of a published release, with the ``lab`` extra.

    >>> requirement("https://github.com/org/dtlearn", "0.2.0")
    'dtlearn[lab] @ git+https://github.com/org/dtlearn@v0.2.0'
    >>> requirement("https://github.com/org/dtlearn", "0.2.0", "pypi")
    'dtlearn[lab]==0.2.0'
    """
    if published == "pypi":
        return f"dtlearn[lab]=={release}"
    if published == "git":
        return f"dtlearn[lab] @ git+{url}@v{release}"
    raise ValueError(f"published: 'git' or 'pypi', got {published!r}")


def wheel_requirement(wheel_name: str) -> str:
    """The requirement of the shipped wheel, a path from the repository's top.

    pip and uv read it relative to the folder they run in (the repository, for Binder, a
    hub image and a student's own venv).

    >>> wheel_requirement("dtlearn-0.3.0-py3-none-any.whl")
    './wheels/dtlearn-0.3.0-py3-none-any.whl[lab]'
    """
    return f"./{WHEELS}/{wheel_name}[lab]"


def _git(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)


def check_published(release: str) -> None:
    """Refuse to pin a release this checkout does not carry.

    The tag ``v{release}`` must exist here, and the package (``dtlearn/``) and
    ``pyproject.toml`` must be the tag's: the notebooks written are this checkout's, so the
    release they install must be its code.
    """
    tag = f"v{release}"
    if _git("rev-parse", "-q", "--verify", f"refs/tags/{tag}").returncode != 0:
        raise ValueError(
            f"published: this checkout has no tag {tag} (dtlearn {release} is "
            "not released from it: run make release, or ship the wheel)"
        )
    if _git("diff", "--quiet", tag, "--", "dtlearn", "pyproject.toml").returncode != 0:
        raise ValueError(
            f"published: dtlearn/ or pyproject.toml differ from the tag {tag}; "
            f"the notebooks here would not run on dtlearn {release} as "
            "published: ship the wheel instead"
        )


def build_wheel(out: Path) -> Path:
    """Build this checkout's wheel into ``out``; its path.

    Dated by the last commit (``SOURCE_DATE_EPOCH``), so the same commit gives the same
    bytes and a student repository changes only when dtlearn does.
    """
    out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    stamp = _git("log", "-1", "--format=%ct").stdout.strip()
    if stamp:
        env["SOURCE_DATE_EPOCH"] = stamp
    if hatchling is not None:
        cmd = [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)]
    else:
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(out),
            str(ROOT),
        ]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"building the wheel failed: {done.stderr[-2000:]}")
    wheels = sorted(out.glob(f"dtlearn-{version()}-*.whl"))
    if len(wheels) != 1:
        raise RuntimeError(f"building the wheel left {[w.name for w in wheels]} in {out}")
    return wheels[0]


def binder_url(course_url: str) -> str:
    """The mybinder.org link that opens the start page of a GitHub-hosted student repository.

    >>> binder_url("https://github.com/org/dtlearn-course")
    'https://mybinder.org/v2/gh/org/dtlearn-course/HEAD?urlpath=lab/tree/00_start_here.ipynb'
    """
    match = re.fullmatch(r"https://github\.com/([^/]+)/([^/]+?)(?:\.git)?/?", course_url)
    if match is None:
        raise ValueError(f"course_url: a https://github.com/OWNER/NAME address, got {course_url!r}")
    return (
        f"https://mybinder.org/v2/gh/{match[1]}/{match[2]}/HEAD"
        f"?urlpath=lab/tree/00_start_here.ipynb"
    )


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
    head = (
        f"# Binder (repo2docker): the dependencies of dtlearn {release} and its `lab` extra,\n"
        "# from conda-forge. repo2docker builds (and caches) this environment before it\n"
        "# copies the repository; postBuild then installs dtlearn itself.\n"
        "name: dtlearn-course\nchannels:\n  - conda-forge\ndependencies:\n"
    )
    return head + "".join(f"  - {dep}\n" for dep in conda_dependencies())


NEWS_OFF = ROOT / "hub" / "overrides.json"  # JupyterLab's news pop-up off (docs/HUB.md)


def postbuild(spec: str, where: str) -> str:
    """Binder's postBuild: dtlearn itself, its dependencies already in the environment.

    It also turns off JupyterLab's "news" question for every student
    (``hub/overrides.json``, in the environment's ``share/jupyter/lab/settings``).

    >>> print(postbuild("./wheels/dtlearn-0.3.0-py3-none-any.whl", "this repository's wheel"))
    #!/usr/bin/env bash
    # Binder (repo2docker) runs this after building environment.yml: dtlearn itself,
    # this repository's wheel (the dependencies come from environment.yml).
    set -euo pipefail
    python -m pip install --no-deps --no-cache-dir "./wheels/dtlearn-0.3.0-py3-none-any.whl"
    # JupyterLab's news pop-up off for students (docs/HUB.md)
    settings="$(python -c 'import sys; print(sys.prefix)')/share/jupyter/lab/settings"
    mkdir -p "$settings"
    cat > "$settings/overrides.json" <<'JSON'
    {
      "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": false
      }
    }
    JSON
    <BLANKLINE>
    """
    return (
        "#!/usr/bin/env bash\n"
        "# Binder (repo2docker) runs this after building environment.yml: dtlearn itself,\n"
        f"# {where} (the dependencies come from environment.yml).\n"
        "set -euo pipefail\n"
        f'python -m pip install --no-deps --no-cache-dir "{spec}"\n'
        "# JupyterLab's news pop-up off for students (docs/HUB.md)\n"
        "settings=\"$(python -c 'import sys; print(sys.prefix)')/share/jupyter/lab/settings\"\n"
        'mkdir -p "$settings"\n'
        "cat > \"$settings/overrides.json\" <<'JSON'\n"
        f"{NEWS_OFF.read_text()}"
        "JSON\n"
    )


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
    done = subprocess.run(
        ["git", "describe", "--always", "--dirty", "--abbrev=7"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip() if done.returncode == 0 else "unknown"


def _clear(dest: Path) -> None:
    """Empty a previous output (keeping ``.git``); refuse a folder this tool did not write."""
    if not dest.exists():
        dest.mkdir(parents=True)
        return
    entries = [p for p in dest.iterdir() if p.name != ".git"]
    if entries and not (dest / STAMP).exists():
        raise FileExistsError(
            f"{dest} is not empty and was not written by "
            f"tools/student_repo.py (no {STAMP}): choose an empty folder"
        )
    for entry in entries:
        shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()


def build(
    dest: Path,
    package: str | None = None,
    course: str | None = None,
    source: Path = STUDENT,
    published: str | None = None,
) -> list[Path]:
    """Write the student repository into ``dest``; return the files written.

    ``published`` is ``None`` (ship this checkout's wheel), ``"git"`` or ``"pypi"`` (name
    the published release; :func:`check_published` first).
    """
    dest = Path(dest).resolve()
    if dest == ROOT or ROOT in dest.parents and dest.parts[len(ROOT.parts)] != "build":
        raise ValueError(f"dest: outside the checkout (or under build/), got {dest}")
    package = (package or package_url()).rstrip("/")
    course = (course or f"{package}-course").rstrip("/")
    release = version()
    if published is not None:
        requirement(package, release, published)  # a bad value fails before anything
        check_published(release)
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
    if published is None:
        wheel = build_wheel(dest / WHEELS)
        written.append(wheel)
        req = wheel_requirement(wheel.name)
        where = "this repository's wheel"
        origin = f"from {WHEELS}/{wheel.name} in this repository"
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        shipped = f"; {WHEELS}/{wheel.name} sha256 {digest}"
    else:
        req = requirement(package, release, published)
        where = {"git": "from its release tag", "pypi": "from PyPI"}[published]
        origin = where
        shipped = ""
    name = re.sub(r"\.git$", "", course.rsplit("/", 1)[-1])
    readme = (
        (TEMPLATE / "README.md")
        .read_text()
        .format(version=release, name=name, binder_url=binder_url(course), course_id=COURSE_ID)
    )
    files = {
        "README.md": readme,
        "requirements.txt": (
            f"# dtlearn {release} with JupyterLab and scikit-learn "
            f"(its `lab` extra), {origin}\n{req}\n"
        ),
        "environment.yml": environment_yml(release),
        "postBuild": postbuild(req.replace("[lab]", ""), where),
        "LICENSE": (ROOT / "LICENSE").read_text(),
        STAMP: (
            f"Written by tools/student_repo.py from dtlearn {release} "
            f"(commit {_commit()}{shipped}); regenerate rather than edit.\n"
        ),
    }
    for filename, text in files.items():
        (dest / filename).write_text(text)
        written.append(dest / filename)
    (dest / "postBuild").chmod(0o755)
    return written


def main(argv: list[str] | None = None) -> None:
    """Command line: ``DEST [--published {git,pypi}] [--package-url URL] [--course-url URL]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dest", type=Path, help="folder to write (empty, or a previous output)")
    parser.add_argument(
        "--published",
        choices=["git", "pypi"],
        help="name the published release (git tag or PyPI) instead of "
        "shipping this checkout's wheel; refused unless the checkout carries it",
    )
    parser.add_argument(
        "--package-url",
        help="GitHub address of dtlearn (default: pyproject's "
        f"Project-URLs, else {DEFAULT_PACKAGE_URL}); for --published git",
    )
    parser.add_argument(
        "--course-url",
        help="GitHub address of the student repository "
        "(default: the package address + '-course'); for the Binder link",
    )
    args = parser.parse_args(argv)
    try:
        written = build(args.dest, args.package_url, args.course_url, published=args.published)
    except (FileExistsError, FileNotFoundError, RuntimeError, ValueError) as exc:
        raise SystemExit(f"error: {exc}") from None
    req = (args.dest / "requirements.txt").read_text().splitlines()[-1]
    print(f"wrote {len(written)} files to {args.dest} (dtlearn {version()}: {req})")


if __name__ == "__main__":
    sys.exit(main())
