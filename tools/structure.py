"""Print the package's structure facts: file sizes and private names that cross modules.

Run ``python tools/structure.py`` (add ``--over 500`` to list only long files). A private
name (``_x``) imported from, or read as an attribute of, another dtlearn module is a
coupling the module's author did not publish; the architecture notes count them.
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "dtlearn"


def module_name(path: Path) -> str:
    """The dotted module name of a file of the package (``dtlearn/grow/loop.py`` → ``dtlearn.grow.loop``)."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def resolve(current: str, is_package: bool, level: int, module: str | None) -> str:
    """The absolute module a (possibly relative) ``from ... import`` in ``current`` names."""
    if level == 0:
        return module or ""
    base = current.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def private_crossings(path: Path) -> list[tuple[str, str]]:
    """``(module, name)`` of each private name this file takes from another dtlearn module."""
    tree = ast.parse(path.read_text())
    current = module_name(path)
    found = []
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = resolve(current, path.name == "__init__.py", node.level, node.module)
            if not source.startswith("dtlearn") or source == current:
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append((source, alias.name))
                else:
                    aliases[alias.asname or alias.name] = f"{source}.{alias.name}"
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.attr.startswith("_") and not node.attr.startswith("__")
                and node.value.id in aliases):
            target = aliases[node.value.id]
            if target != current:
                found.append((target, node.attr))
    return sorted(set(found))


def main() -> None:
    """Print the long files and every private name that crosses modules."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--over", type=int, default=0, help="list files longer than this")
    args = parser.parse_args()
    files = sorted(PACKAGE.rglob("*.py"))
    print("lines  file")
    for path in sorted(files, key=lambda p: -len(p.read_text().splitlines())):
        n = len(path.read_text().splitlines())
        if n > args.over:
            print(f"{n:5d}  {path.relative_to(PACKAGE.parent)}")
    crossings = [(path, c) for path in files for c in private_crossings(path)]
    print(f"\n{len(crossings)} private names cross modules")
    for path, (source, name) in crossings:
        print(f"  {path.relative_to(PACKAGE.parent)}: {source}.{name}")


if __name__ == "__main__":
    main()
