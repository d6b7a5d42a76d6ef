"""Where the code a similarity report compares comes from.

An nbgrader course directory gives each student's solution cells (``autograded/`` or
``submitted/``) and the reference solution (``source/``, whose template around the
``### BEGIN/END SOLUTION`` regions is what every student was given); the homework rules
(:mod:`.rules`) name the library source a solution may not call, read here function by
function. :mod:`.similarity` compares them.

Examples
--------
>>> any(f.endswith("exercises/homework/check_formulas.py") for f in forbidden_sources("hw1"))
True
"""

from __future__ import annotations

import ast
import json
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

__all__ = [
    "MARKER",
    "course_documents",
    "forbidden_sources",
    "functions_of",
    "released_template",
    "shown_path",
    "solution_cells",
    "without_markers",
]

MARKER = re.compile(r"^\s*### (BEGIN|END) (SOLUTION|HIDDEN TESTS)\s*$")
"""nbgrader's solution and hidden-test markers."""


def solution_cells(notebook: str | os.PathLike) -> list[str]:
    """The sources of a notebook's nbgrader solution code cells, in notebook order.

    Parameters
    ----------
    notebook : str or path
        An ``.ipynb`` file.

    Returns
    -------
    list of str

    Examples
    --------
    >>> import json, tempfile, os
    >>> nb = {"cells": [{"cell_type": "code", "source": ["x = 1"],
    ...                  "metadata": {"nbgrader": {"solution": True}}},
    ...                 {"cell_type": "code", "source": "y = 2", "metadata": {}}]}
    >>> path = os.path.join(tempfile.mkdtemp(), "a.ipynb")
    >>> with open(path, "w") as handle:
    ...     _ = handle.write(json.dumps(nb))
    >>> solution_cells(path)
    ['x = 1']
    """
    with open(notebook, encoding="utf-8") as handle:
        nb = json.load(handle)
    out = []
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code" and cell.get("metadata", {}).get("nbgrader", {}).get(
            "solution"
        ):
            source = cell.get("source", "")
            out.append("".join(source) if isinstance(source, list) else source)
    return out


def released_template(cells: Sequence[str]) -> list[str]:
    r"""The released version of reference cells: each solution region a stub (nbgrader's).

    Examples
    --------
    >>> print(released_template(["def f():\n    ### BEGIN SOLUTION\n    return 1\n"
    ...                          "    ### END SOLUTION"])[0])
    def f():
        raise NotImplementedError()
    """
    out = []
    for cell in cells:
        lines, inside = [], False
        for line in cell.splitlines():
            match = MARKER.match(line)
            if match and match.group(1) == "BEGIN":
                inside = True
                lines.append(line[: len(line) - len(line.lstrip())] + "raise NotImplementedError()")
            elif match:
                inside = False
            elif not inside:
                lines.append(line)
        out.append("\n".join(lines))
    return out


def _notebooks(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def course_documents(
    course_dir: str | os.PathLike, homework: str, *, stage: str | None = None
) -> tuple[dict[str, list[str]], list[str]]:
    """Every student's solution cells, and the reference solution's, from an nbgrader course.

    Parameters
    ----------
    course_dir : str or path
        The nbgrader course directory (``source/``, ``submitted/``, ``autograded/``).
    homework : str
        The assignment (``"hw1"``).
    stage : {"autograded", "submitted"}, optional
        Where submissions are read; default ``autograded`` when it holds the assignment,
        else ``submitted``.

    Returns
    -------
    (dict, list)
        ``{student: solution cells}`` and the reference solution's cells (empty when the
        course has no ``source/<homework>``).

    Examples
    --------
    >>> course_documents("/nonexistent", "hw1")
    Traceback (most recent call last):
    ...
    ValueError: course_dir: no submissions of 'hw1' under /nonexistent/autograded or /nonexistent/submitted
    """
    root = Path(course_dir)
    stages = [stage] if stage else ["autograded", "submitted"]
    if stage not in (None, "autograded", "submitted"):
        raise ValueError(f"stage must be 'autograded' or 'submitted', got {stage!r}")
    students: dict[str, list[str]] = {}
    for name in stages:
        base = root / name
        if base.is_dir():
            for student in sorted(p for p in base.iterdir() if p.is_dir()):
                notebooks = _notebooks(student / homework)
                if notebooks:
                    students[student.name] = [c for nb in notebooks for c in solution_cells(nb)]
        if students:
            break
    if not students:
        where = " or ".join(str(root / s) for s in stages)
        raise ValueError(f"course_dir: no submissions of {homework!r} under {where}")
    reference = [c for nb in _notebooks(root / "source" / homework) for c in solution_cells(nb)]
    return students, reference


def functions_of(path: str) -> Iterable[ast.AST]:
    """The functions of a file and the methods of its classes (nested ones: in their outer).

    Examples
    --------
    >>> import dtlearn.exercises.homework.check_formulas as f
    >>> [node.name for node in functions_of(f.__file__)]
    ['entropy_bits', 'gini_index', 'contingency', 'gain_parts']
    """
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return
    todo = list(tree.body)
    while todo:
        node = todo.pop(0)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node
        elif isinstance(node, ast.ClassDef):
            todo += node.body
        elif isinstance(node, (ast.If, ast.Try)):  # definitions under a version test
            todo += node.body + node.orelse


def forbidden_sources(homework: str) -> list[str]:
    """The source files of what a homework's checks forbid (:mod:`.rules`).

    Every module of the packages the rules name, and the other libraries' files they name,
    where installed.

    Parameters
    ----------
    homework : str
        ``"hw1"``, ``"hw2"`` or ``"hw3"``.

    Returns
    -------
    list of str

    Examples
    --------
    >>> files = forbidden_sources("hw1")
    >>> any(f.endswith("measures/impurity.py") for f in files)
    True
    >>> any(f.endswith("pruning/reduced_error.py") for f in forbidden_sources("hw3"))
    True
    >>> forbidden_sources("hw7")
    Traceback (most recent call last):
    ...
    ValueError: homework must be 'hw1', 'hw2' or 'hw3', got 'hw7'
    """
    import importlib.util

    from .forbidden_calls import ENTROPY_RULE, GAIN_RULE, ID3_RULE, PRUNE_RULE

    rules = {"hw1": (ENTROPY_RULE, GAIN_RULE), "hw2": (ID3_RULE,), "hw3": (PRUNE_RULE,)}
    if homework not in rules:
        raise ValueError(f"homework must be 'hw1', 'hw2' or 'hw3', got {homework!r}")
    found: set[str] = set()
    for rule in rules[homework]:
        for name in rule.modules:
            spec = importlib.util.find_spec(name)
            if spec is None:
                continue
            if spec.submodule_search_locations:
                for folder in spec.submodule_search_locations:
                    found.update(str(p) for p in Path(folder).rglob("*.py"))
            elif spec.origin:
                found.add(spec.origin)
        for end in rule.files:
            top, _, rest = end.partition("/")
            spec = importlib.util.find_spec(top)
            for folder in (spec.submodule_search_locations or []) if spec else []:
                if (Path(folder) / rest).is_file():
                    found.add(str(Path(folder) / rest))
    here = Path(__file__).parent
    for own in ("similarity.py", "similarity_html.py", "similarity_sources.py"):
        found.discard(str(here / own))
    return sorted(found)


def shown_path(path: str) -> str:
    """A source file's path from its package on (``dtlearn/measures/impurity.py``).

    Examples
    --------
    >>> shown_path("/venv/lib/python3.12/site-packages/sklearn/tree/_classes.py")
    'sklearn/tree/_classes.py'
    """
    parts = Path(path).parts
    for anchor in ("site-packages", "dist-packages"):
        if anchor in parts:
            return "/".join(parts[len(parts) - parts[::-1].index(anchor) :])
    if "dtlearn" in parts:
        return "/".join(parts[len(parts) - 1 - parts[::-1].index("dtlearn") :])
    return parts[-1] if parts else str(path)


def without_markers(cells: Sequence[str]) -> list[str]:
    r"""Cells without nbgrader's ``### BEGIN/END SOLUTION`` lines.

    Examples
    --------
    >>> without_markers(["def f():\n    ### BEGIN SOLUTION\n    return 1"])
    ['def f():\n    return 1']
    """
    return [
        "\n".join(line for line in cell.splitlines() if not MARKER.match(line)) for cell in cells
    ]
