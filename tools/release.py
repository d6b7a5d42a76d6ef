"""Make a release: version, dated changelog, sdist and wheel checked by twine, annotated tag.

Usage (from the repository root; ``make release VERSION=X.Y.Z`` runs it)::

    python tools/release.py X.Y.Z [--date YYYY-MM-DD] [--no-isolation]

In order, stopping at the first problem with the files as they were:

1. refuses a dirty work tree, a version that is not ``X.Y.Z``, not newer than the newest
   dated release of ``CHANGELOG.md``, or whose tag ``vX.Y.Z`` exists;
2. writes ``__version__ = "X.Y.Z"`` in ``dtlearn/__init__.py`` (the one place it is
   written) and turns the changelog's top section, ``## Unreleased`` or ``## Unreleased
   (X.Y.Z)``, into ``## X.Y.Z (YYYY-MM-DD)`` (today, UTC, unless ``--date``);
3. builds the sdist and the wheel into ``dist/`` (``python -m build``; ``--no-isolation``
   uses this environment's hatchling instead of downloading one) and runs ``twine check``
   on both; a failure puts the two files back;
4. commits the two files ("Release X.Y.Z"), makes the annotated tag ``vX.Y.Z`` and adds an
   empty ``## Unreleased`` section on top of the changelog for what comes next (a second
   commit, so the tag names the dated changelog).

Nothing is pushed or uploaded: the script prints the commands that publish (README,
"Publishing a release").
"""

from __future__ import annotations

import argparse
import datetime as _dt
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INIT = ROOT / "dtlearn" / "__init__.py"
CHANGELOG = ROOT / "CHANGELOG.md"
VERSION_LINE = re.compile(r'^__version__ = "([^"]+)"$', re.M)
HEADING = re.compile(r"^## (?P<title>.+)$", re.M)
RELEASED = re.compile(r"^(\d+\.\d+\.\d+)(?: \((\d{4}-\d{2}-\d{2})\))?$")
UNRELEASED = re.compile(r"^Unreleased(?: \((\d+\.\d+\.\d+)\))?$")


def parse(version: str) -> tuple[int, int, int]:
    """``"X.Y.Z"`` as three numbers.

    >>> parse("0.10.2")
    (0, 10, 2)
    """
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        raise ValueError(f"version: X.Y.Z (three numbers), got {version!r}")
    major, minor, patch = (int(part) for part in version.split("."))
    return major, minor, patch


def newest_version(changelog: str) -> str:
    r"""The newest version the changelog names: a release, or the unreleased one it plans.

    The top ``## Unreleased`` section without a version is skipped; ``dtlearn.__version__``
    equals this (tests/test_package.py).

    >>> newest_version("# Changelog\n\n## Unreleased\n\n## 0.3.0 (2026-11-28)\n\n## 0.2.0\n")
    '0.3.0'
    >>> newest_version("## Unreleased (0.3.0)\n\n## 0.2.0\n")
    '0.3.0'
    """
    for match in HEADING.finditer(changelog):
        title = match["title"].strip()
        found = RELEASED.match(title) or UNRELEASED.match(title)
        if found and found[1]:
            return found[1]
    raise ValueError("CHANGELOG.md names no version (## X.Y.Z or ## Unreleased (X.Y.Z))")


def released(changelog: str) -> list[str]:
    r"""The versions already released (headings ``## X.Y.Z``), newest first.

    >>> released("## Unreleased (0.3.0)\n\n## 0.2.0\n\n## 0.1.0 (2026-01-01)\n")
    ['0.2.0', '0.1.0']
    """
    return [m[1] for h in HEADING.finditer(changelog) if (m := RELEASED.match(h["title"].strip()))]


def dated_changelog(changelog: str, version: str, date: str) -> str:
    r"""The changelog with its top ``Unreleased`` section headed ``## version (date)``.

    >>> print(dated_changelog("# C\n\n## Unreleased (0.3.0)\n\n- x\n", "0.3.0", "2026-11-28"))
    # C
    <BLANKLINE>
    ## 0.3.0 (2026-11-28)
    <BLANKLINE>
    - x
    <BLANKLINE>
    """
    top = next(HEADING.finditer(changelog), None)
    found = top and UNRELEASED.match(top["title"].strip())
    if not found:
        raise ValueError(
            "CHANGELOG.md: the top section must be '## Unreleased' (what this "
            "release brings); write its entries first"
        )
    if found[1] and found[1] != version:
        raise ValueError(
            f"version: CHANGELOG.md plans {found[1]} ('## {top['title']}'), got {version}"
        )
    body = changelog[top.end() :].split("\n## ", 1)[0]
    if not body.strip():
        raise ValueError("CHANGELOG.md: the Unreleased section is empty; nothing to release")
    return changelog[: top.start()] + f"## {version} ({date})" + changelog[top.end() :]


def with_unreleased(changelog: str) -> str:
    r"""The changelog with an empty ``## Unreleased`` section above the newest release.

    >>> print(with_unreleased("# C\n\n## 0.3.0 (2026-11-28)\n"))
    # C
    <BLANKLINE>
    ## Unreleased
    <BLANKLINE>
    ## 0.3.0 (2026-11-28)
    <BLANKLINE>
    """
    top = next(HEADING.finditer(changelog))
    return changelog[: top.start()] + "## Unreleased\n\n" + changelog[top.start() :]


def _run(*cmd: str, capture: bool = False) -> str:
    print("+", " ".join(cmd), flush=True)
    done = subprocess.run(cmd, cwd=ROOT, check=True, text=True, capture_output=capture)
    return done.stdout if capture else ""


def check(version: str) -> str:
    """Refuse a dirty tree, a bad or old version, or an existing tag; the changelog text."""
    new = parse(version)
    status = _run("git", "status", "--porcelain", "--untracked-files=no", capture=True)
    if status.strip():
        raise ValueError(f"the work tree has uncommitted changes:\n{status}")
    changelog = CHANGELOG.read_text(encoding="utf-8")
    done = released(changelog)
    if done and new <= parse(done[0]):
        raise ValueError(f"version: {version} is not newer than the last release {done[0]}")
    tags = _run("git", "tag", "--list", f"v{version}", capture=True)
    if tags.strip():
        raise ValueError(f"version: the tag v{version} exists already")
    return changelog


def release(version: str, date: str, isolation: bool = True) -> list[Path]:
    """Steps 2-4 of the module docstring; the sdist and wheel built."""
    changelog = check(version)
    init = INIT.read_text(encoding="utf-8")
    new_init, count = VERSION_LINE.subn(f'__version__ = "{version}"', init)
    if count != 1:
        raise ValueError(f"{INIT}: one __version__ line expected, found {count}")
    dated = dated_changelog(changelog, version, date)
    INIT.write_text(new_init, encoding="utf-8")
    CHANGELOG.write_text(dated, encoding="utf-8")
    dist = ROOT / "dist"
    built = [dist / f"dtlearn-{version}.tar.gz", dist / f"dtlearn-{version}-py3-none-any.whl"]
    try:
        for path in built:
            path.unlink(missing_ok=True)
        _run(
            sys.executable,
            "-m",
            "build",
            "--sdist",
            "--wheel",
            "--outdir",
            str(dist),
            *([] if isolation else ["--no-isolation"]),
            ".",
        )
        _run(sys.executable, "-m", "twine", "check", "--strict", *map(str, built))
    except (subprocess.CalledProcessError, OSError):
        INIT.write_text(init, encoding="utf-8")
        CHANGELOG.write_text(changelog, encoding="utf-8")
        raise
    _run(
        "git",
        "commit",
        "--quiet",
        "-m",
        f"Release {version}",
        "-m",
        f"dtlearn {version}, dated {date} in CHANGELOG.md (tools/release.py).",
        "--",
        str(INIT.relative_to(ROOT)),
        str(CHANGELOG.relative_to(ROOT)),
    )
    _run("git", "tag", "-a", f"v{version}", "-m", f"dtlearn {version} ({date})")
    CHANGELOG.write_text(with_unreleased(dated), encoding="utf-8")
    _run(
        "git",
        "commit",
        "--quiet",
        "-m",
        f"CHANGELOG: an Unreleased section after {version}",
        "--",
        str(CHANGELOG.relative_to(ROOT)),
    )
    return built


def main(argv: list[str] | None = None) -> None:
    """Command line: ``X.Y.Z [--date YYYY-MM-DD] [--no-isolation]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("version", help="the new version, X.Y.Z")
    parser.add_argument(
        "--date",
        default=_dt.datetime.now(_dt.UTC).date().isoformat(),
        help="the release date written in CHANGELOG.md (default: today, UTC)",
    )
    parser.add_argument(
        "--no-isolation",
        action="store_true",
        help="build with this environment's hatchling (no download)",
    )
    args = parser.parse_args(argv)
    try:
        built = release(args.version, args.date, isolation=not args.no_isolation)
    except ValueError as exc:
        raise SystemExit(f"error: {exc}") from None
    except subprocess.CalledProcessError as exc:
        raise SystemExit(
            f"error: {' '.join(exc.cmd)} failed ({exc.returncode}); "
            "dtlearn/__init__.py and CHANGELOG.md are as they were"
        ) from None
    names = " ".join(str(p.relative_to(ROOT)) for p in built)
    print(
        f"\nReleased dtlearn {args.version}: {names}, tag v{args.version} (not pushed).\n"
        "Publish (README, 'Publishing a release'):\n"
        f"  git push origin main v{args.version}\n"
        f"  make student-repo DEST=../dtlearn-course   # the wheel goes with the course\n"
        f"  python -m twine upload {names}   # only once the name is yours on PyPI"
    )


if __name__ == "__main__":
    sys.exit(main())
