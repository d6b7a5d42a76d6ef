"""Write tests/README.md: for every module of dtlearn, the test files that exercise it.

Run ``python tools/test_map.py`` (in the dev virtualenv) after moving a module or adding a
test file; ``--check`` only says whether tests/README.md is up to date. A test file
exercises a module when it imports the module or a name defined there, reads such a name
as an attribute (``dt.plot.tree`` is ``dtlearn.plot.trees``'s), or names the module in a
string that is nothing but a dotted name (``monkeypatch.setattr("dtlearn.grow.loop....")``;
code in a string, e.g. a fake package's, does not count). Names are followed at run time
to the module that defines them, so ``from dtlearn import ID3Classifier`` counts for the
learner's module, not for ``dtlearn/__init__.py``. A test file named after the module
(``test_tree.py`` for ``tree.py``) comes first, then the files that refer to the module
most. Modules whose docstring examples run in ``make test`` are marked "doctests".
tests/test_test_map.py checks that every module has a row and every file named exists.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import re
import sys
import warnings
from collections import Counter
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "dtlearn"
TESTS = ROOT / "tests"
OUTPUT = TESTS / "README.md"
SHOWN = 6  # test files listed per module; the rest are counted
DOTTED = re.compile(r"dtlearn(\.[A-Za-z_]\w*)+")


def module_name(path: Path) -> str:
    """``dtlearn/grow/loop.py`` → ``dtlearn.grow.loop`` (a package's ``__init__`` is the package)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_modules() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    files = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)
    return {module_name(p): p for p in files}


def test_files() -> list[Path]:
    """Every pytest file under tests/ (``test_*.py``), sorted."""
    return sorted(
        p
        for p in TESTS.rglob("test_*.py")
        if "node_modules" not in p.parts and "__pycache__" not in p.parts
    )


@cache
def defining_module(dotted: str) -> str | None:
    """The dtlearn module a dotted name ends in: the module itself, or where its object is defined."""
    parts = dotted.split(".")
    try:
        current: object = importlib.import_module(parts[0])
    except ImportError:
        return None
    holder = parts[0]
    for part in parts[1:]:
        if not isinstance(current, ModuleType):
            break  # an attribute of a class or function: the module that defines that
        attr = getattr(current, part, None)
        if attr is None:
            try:
                attr = importlib.import_module(f"{current.__name__}.{part}")
            except ImportError:
                return None  # no such name: not a reference to dtlearn
        current = attr
        holder = current.__name__ if isinstance(current, ModuleType) else holder
    if isinstance(current, ModuleType):
        return current.__name__
    owner = getattr(current, "__module__", None)  # a value without one: where it was read
    return owner if isinstance(owner, str) and owner.startswith("dtlearn") else holder


def _dotted(node: ast.AST) -> list[str] | None:
    """``a.b.c`` as ``["a", "b", "c"]`` for a chain of attributes on a name."""
    names = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return [node.id, *reversed(names)]
    return None


def references(path: Path) -> Counter:
    """How often a test file refers to each dtlearn module (imports, attributes, strings)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bound: dict[str, str] = {}  # local name -> dotted dtlearn path
    found: Counter = Counter()

    def count(dotted: str) -> None:
        module = defining_module(dotted)
        if module is not None and module.startswith("dtlearn"):
            found[module] += 1

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "dtlearn":
                    count(alias.name)
                    bound[alias.asname or "dtlearn"] = alias.name if alias.asname else "dtlearn"
        elif (
            isinstance(node, ast.ImportFrom)
            and node.level == 0
            and node.module
            and node.module.split(".")[0] == "dtlearn"
        ):
            count(node.module)
            for alias in node.names:
                if alias.name != "*":
                    target = f"{node.module}.{alias.name}"
                    count(target)
                    bound[alias.asname or alias.name] = target
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if DOTTED.fullmatch(node.value.strip()):
                count(node.value.strip())
    inner = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and id(node) not in inner:  # whole chains only
            chain = _dotted(node)
            if chain and chain[0] in bound:
                count(".".join([bound[chain[0]], *chain[1:]]))
    return found


def build_map() -> dict[str, list[tuple[Path, int]]]:
    """Each module's test files with their reference counts, the same-named file first."""
    modules = package_modules()
    table: dict[str, list[tuple[Path, int]]] = {name: [] for name in modules}
    with warnings.catch_warnings():
        # an old module path kept for a release warns when imported; it is still a module
        warnings.simplefilter("ignore", DeprecationWarning)
        found = [(path, references(path)) for path in test_files()]
    for path, counts in found:
        for module, n in counts.items():
            if module in table:
                table[module].append((path, n))
    for name, rows in table.items():
        stem = name.rsplit(".", 1)[-1]
        rows.sort(
            key=lambda row: (
                row[0].stem not in (f"test_{stem}", f"test_{stem}s"),
                -row[1],
                str(row[0]),
            )
        )
    return table


def has_doctests(path: Path) -> bool:
    """Whether the module holds docstring examples (``make test`` runs them)."""
    return ">>> " in path.read_text(encoding="utf-8")


def render() -> str:
    """The text of tests/README.md."""
    modules = package_modules()
    table = build_map()
    lines = [
        "# Which test exercises which module",
        "",
        "Generated by `python tools/test_map.py` from the tests' imports, attribute reads and",
        "module names in strings (each name followed to the module that defines it); do not",
        "edit by hand, re-run it after moving a module or adding a test file.",
        "`tests/test_test_map.py` fails when a module of `dtlearn/` has no row here or a file",
        "named here does not exist. A test file named after the module comes first, then the",
        f'files that refer to it most (at most {SHOWN}; the rest are counted). "doctests": the',
        "module's docstring examples run in `make test` too. A module no test file names is",
        "reached through the modules that import it (and the lecture checks `lectures/nNN_*.py`",
        "through the exercise registry and nbval over the notebooks, which also runs the views).",
        "",
        "| module | test files | |",
        "|---|---|---|",
    ]
    untested = []
    for name, path in modules.items():
        rows = table[name]
        shown = ", ".join(
            f"[{p.relative_to(TESTS).as_posix()}]({p.relative_to(TESTS).as_posix()})"
            for p, _ in rows[:SHOWN]
        )
        if len(rows) > SHOWN:
            shown += f" and {len(rows) - SHOWN} more"
        if not rows:
            shown = "no test file names it"
            untested.append(name)
        note = "doctests" if has_doctests(path) else ""
        lines.append(f"| `{path.relative_to(ROOT).as_posix()}` | {shown} | {note} |")
    lines += [
        "",
        f"{len(modules)} modules; {len(modules) - len(untested)} named by a test "
        f"file, {len(untested)} reached only through others.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Write tests/README.md, or with ``--check`` report whether it is up to date."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit 1 if tests/README.md differs from what would be written",
    )
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    text = render()
    if args.check:
        same = OUTPUT.exists() and OUTPUT.read_text(encoding="utf-8") == text
        print(f"{OUTPUT.relative_to(ROOT)} is {'up to date' if same else 'out of date'}")
        return 0 if same else 1
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
