r"""Which homework submissions look alike: a ranked similarity report after autograde.

Per-student numbers stop a copied *answer*, not a copied *function*. After ``nbgrader
autograde`` this module compares the solution cells of every submission with every other
one, with the instructor's reference solution, and with the source of every library
function the homework forbids (:func:`forbidden_sources`, from :mod:`.rules`),
and ranks the pairs by how much code they share. It is **never a verdict**: the report ranks
pairs for a person to read side by side (two students can write the same textbook formula).

How code is compared:

- **Normalised first** (:func:`normalise`): comments, docstrings and IPython magics go,
  the code is re-printed from its syntax tree (one layout for everyone), number and string
  literals become placeholders, and the top-level pieces (each function, each run of other
  statements, from every cell) are sorted, so neither cell nor function order matters.
- **Fingerprinted by copydetect** (MOSS's winnowing; Pygments' tokens, every identifier
  one symbol, so renaming hides nothing). The released template (signatures, docstrings,
  ``raise NotImplementedError()``) is boilerplate: its fingerprints are dropped.
- **Scored** by the larger of the two shares: the part of either side's code that is
  found in the other. Pairs sharing no fingerprint are never compared (an inverted index),
  which is what makes 300 submissions a matter of seconds.

Run it on an nbgrader course directory (``autograded/`` when present, else ``submitted/``)::

    python -m dtlearn.exercises.homework.similarity COURSE_DIR hw1

which writes ``COURSE_DIR/reports/similarity/hw1.html`` and ``hw1.csv``. copydetect comes
with the ``grading`` extra (``pip install "dtlearn[grading]"``).

Examples
--------
>>> cells = ["import math", "def h(c):\n    t = sum(c)  # total\n    return t * 2\n"]
>>> print(normalise(cells).text)
def h(c):
    t = sum(c)
    return t * 2
import math
>>> normalise(cells).fingerprint_text.splitlines()[2]
'    return t * 0'
"""

from __future__ import annotations

import argparse
import ast
import csv
import io
import os
import re
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .similarity_sources import (
    MARKER,
    course_documents,
    forbidden_sources,
    functions_of,
    released_template,
    shown_path,
    solution_cells,
    without_markers,
)

__all__ = [
    "Document",
    "Pair",
    "SimilarityReport",
    "compare",
    "course_documents",
    "forbidden_sources",
    "library_documents",
    "main",
    "normalise",
    "solution_cells",
]

NOISE = 25
"""copydetect's noise threshold: matches shorter than this many filtered characters are ignored."""
GUARANTEE = 30
"""copydetect's guarantee threshold: matches at least this long are always found."""
MIN_LIBRARY = 60
"""A library function shorter than this (filtered characters) is not compared: too generic."""
LIBRARY_PAIRS = 3
"""The library functions reported for each submission (its closest ones)."""

_MAGIC = re.compile(r"^\s*[%!]")


# ------------------------------------------------------------------------- normalising
class _Literals(ast.NodeTransformer):
    """Numbers and strings become placeholders (``0``, ``''``): a changed constant hides nothing."""

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if isinstance(node.value, bool) or node.value is None or node.value is Ellipsis:
            return node
        if isinstance(node.value, (int, float, complex)):
            return ast.copy_location(ast.Constant(0), node)
        if isinstance(node.value, (str, bytes)):
            return ast.copy_location(ast.Constant(""), node)
        return node


def _without_docstrings(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(getattr(body[0], "value", None), ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                node.body = body[1:] or [ast.Pass()]
    return tree


def _pieces(source: str) -> list[ast.Module]:
    """A cell's top-level pieces: each function or class alone, other statements in runs."""
    lines = [
        line for line in source.splitlines() if not _MAGIC.match(line) and not MARKER.match(line)
    ]
    try:
        tree = _without_docstrings(ast.parse("\n".join(lines)))
    except SyntaxError:
        return []
    pieces: list[list[ast.stmt]] = []
    for statement in tree.body:
        alone = isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        if alone or not pieces or _is_definition(pieces[-1][-1]):
            pieces.append([statement])
        else:
            pieces[-1].append(statement)
    return [ast.Module(body=body, type_ignores=[]) for body in pieces]


def _is_definition(statement: ast.stmt) -> bool:
    return isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))


@dataclass(frozen=True)
class Normalised:
    """Code as it is compared: ``text`` to show, ``fingerprint_text`` to fingerprint.

    Both have the same lines (the fingerprint text has literals replaced), so a match found
    in one is shown on the same lines of the other.
    """

    text: str
    fingerprint_text: str


def normalise(cells: Iterable[str]) -> Normalised:
    r"""Normalise the code of some cells for comparison.

    No comments, docstrings or magics; one layout; literals as placeholders; the
    top-level pieces of all cells sorted.

    A cell that does not parse is left out (it could not have run either).

    Parameters
    ----------
    cells : iterable of str
        Cell sources.

    Returns
    -------
    Normalised

    Examples
    --------
    >>> a = normalise(["def f(x):\n    '''doc'''\n    return x + 1  # one\n", "y = 2"])
    >>> b = normalise(["y = 3", "def f(x):\n    return x + 7"])
    >>> a.fingerprint_text == b.fingerprint_text, a.text
    (True, 'def f(x):\n    return x + 1\ny = 2')
    """
    pieces = []
    for cell in cells:
        if not isinstance(cell, str):
            raise TypeError(f"cells must be strings of code, got {type(cell).__name__}")
        pieces += _pieces(cell)
    return _normalised(pieces)


def _normalised(pieces: Iterable[ast.AST]) -> Normalised:
    pairs = []
    for piece in pieces:
        shown = ast.unparse(piece)
        hidden = ast.unparse(_Literals().visit(piece))  # changes the piece: shown first
        if shown.count("\n") != hidden.count("\n"):  # a placeholder changed the lines
            shown = hidden
        pairs.append((hidden, shown))
    pairs.sort()
    return Normalised("\n".join(s for _, s in pairs), "\n".join(h for h, _ in pairs))


# --------------------------------------------------------------------------- documents
@dataclass(frozen=True, eq=False)
class Document:
    """One side of a comparison: a submission, the reference solution or a library function.

    Attributes
    ----------
    name : str
        The student id, ``"reference solution"``, or ``file: function``.
    kind : str
        ``"submission"``, ``"reference"`` or ``"library"``.
    code : Normalised
    """

    name: str
    kind: str
    code: Normalised
    fingerprint: object = field(repr=False, default=None)


def _fingerprint(code: Normalised, boilerplate: Sequence[int] = ()):
    from copydetect import CodeFingerprint

    return CodeFingerprint(
        f"{id(code)}.py",
        NOISE,
        GUARANTEE - NOISE + 1,
        boilerplate=list(boilerplate),
        language="python",
        fp=io.StringIO(code.fingerprint_text),
    )


def _document(name: str, kind: str, code: Normalised, boilerplate: Sequence[int] = ()) -> Document:
    return Document(name, kind, code, _fingerprint(code, boilerplate))


def library_documents(files: Sequence[str]) -> list[Document]:
    """One document per function (methods and nested functions too) of some source files.

    Functions shorter than :data:`MIN_LIBRARY` filtered characters are left out.

    Parameters
    ----------
    files : sequence of str
        Python source files (e.g. ``forbidden_sources("hw1")``).

    Returns
    -------
    list of Document

    Examples
    --------
    >>> import dtlearn.exercises.homework.check_formulas as f
    >>> MIN_LIBRARY
    60
    >>> [d.name.split(": ")[1] for d in library_documents([f.__file__])]
    ['contingency', 'entropy_bits', 'gain_parts', 'gini_index']
    >>> library_documents([f.__file__])[0].name
    'dtlearn/exercises/homework/check_formulas.py: contingency'
    """
    out = []
    for path in files:
        shown = shown_path(path)
        for node in functions_of(path):
            code = _normalised([_without_docstrings(node)])
            document = _document(f"{shown}: {node.name}", "library", code)
            if len(document.fingerprint.filtered_code) >= MIN_LIBRARY:
                out.append(document)
    return sorted(out, key=lambda d: d.name)


# ------------------------------------------------------------------------------ pairs
@dataclass(frozen=True)
class Pair:
    """Two documents and what they share.

    Attributes
    ----------
    left, right : Document
        ``left`` is always a submission.
    score : float
        The larger share (0 to 1): what ranks the pair.
    left_share, right_share : float
        The part of each side's fingerprinted code found in the other.
    tokens : int
        Matched characters of filtered code.
    left_lines, right_lines : tuple of int
        The lines (from 0) of each side's normalised code that hold a match.
    """

    left: Document
    right: Document
    score: float
    left_share: float
    right_share: float
    tokens: int
    left_lines: tuple[int, ...]
    right_lines: tuple[int, ...]

    @property
    def kind(self) -> str:
        """``"student"``, ``"reference"`` or ``"library"``: what the submission is compared with."""
        return {"submission": "student"}.get(self.right.kind, self.right.kind)


def _lines(text: str, slices) -> tuple[int, ...]:
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    import bisect

    found = set()
    for start, end in zip(slices[0], slices[1]):
        first = bisect.bisect_right(starts, int(start)) - 1
        last = bisect.bisect_right(starts, max(int(end) - 1, int(start))) - 1
        found.update(range(first, last + 1))
    return tuple(sorted(found))


def _pair(left: Document, right: Document) -> Pair | None:
    from copydetect import compare_files

    tokens, (share_left, share_right), (slices_left, slices_right) = compare_files(
        left.fingerprint, right.fingerprint
    )
    if tokens == 0:
        return None
    share_left, share_right = min(float(share_left), 1.0), min(float(share_right), 1.0)
    return Pair(
        left,
        right,
        max(share_left, share_right),
        share_left,
        share_right,
        int(tokens),
        _lines(left.code.fingerprint_text, slices_left),
        _lines(right.code.fingerprint_text, slices_right),
    )


def _index(documents: Sequence[Document]) -> dict[int, list[int]]:
    index: dict[int, list[int]] = defaultdict(list)
    for i, document in enumerate(documents):
        for value in document.fingerprint.hashes:
            index[value].append(i)
    return index


@dataclass(frozen=True)
class SimilarityReport:
    """Ranked pairs, most similar first (see the module). Never a verdict.

    Attributes
    ----------
    homework : str
    pairs : tuple of Pair
    students : int
        How many submissions were compared.
    library : int
        How many library functions were compared.
    seconds : float
        How long the comparison took.
    """

    homework: str
    pairs: tuple[Pair, ...]
    students: int
    library: int
    seconds: float

    def rows(self) -> list[dict]:
        """One plain dict per pair, ranked (what the CSV holds)."""
        return [
            {
                "rank": rank,
                "kind": p.kind,
                "submission": p.left.name,
                "other": p.right.name,
                "score": round(p.score, 4),
                "submission_share": round(p.left_share, 4),
                "other_share": round(p.right_share, 4),
                "matched_tokens": p.tokens,
                "submission_lines": " ".join(str(i + 1) for i in p.left_lines),
                "other_lines": " ".join(str(i + 1) for i in p.right_lines),
            }
            for rank, p in enumerate(self.pairs, 1)
        ]

    def to_csv(self, path: str | os.PathLike) -> None:
        """Write the ranked pairs as CSV (one row per pair)."""
        rows = self.rows()
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(_CSV_FIELDS))
            writer.writeheader()
            writer.writerows(rows)

    def to_html(self, top: int = 50) -> str:
        """The report as one HTML page: the ranking, then the ``top`` pairs side by side."""
        from .similarity_html import report_html

        return report_html(self, top)


_CSV_FIELDS = (
    "rank",
    "kind",
    "submission",
    "other",
    "score",
    "submission_share",
    "other_share",
    "matched_tokens",
    "submission_lines",
    "other_lines",
)


def compare(
    submissions: Mapping[str, Sequence[str]],
    *,
    reference: Sequence[str] = (),
    library: Sequence[Document] = (),
    homework: str = "",
) -> SimilarityReport:
    r"""Compare every submission with every other, the reference solution and the library.

    Parameters
    ----------
    submissions : mapping
        ``{student: solution cell sources}``.
    reference : sequence of str, optional
        The reference solution's cells, with nbgrader's ``### BEGIN/END SOLUTION``
        markers: the solution is compared, the template around it is boilerplate.
    library : sequence of Document, optional
        Functions a copy may come from (:func:`library_documents`).
    homework : str, optional
        The assignment's name, for the report.

    Returns
    -------
    SimilarityReport

    Examples
    --------
    >>> a = "def f(xs):\n    total = 0\n    for x in xs:\n        total += x * x\n    return total\n"
    >>> b = a.replace("total", "s").replace("xs", "values")
    >>> c = "def f(xs):\n    import numpy as np\n    return float(np.dot(xs, xs))\n"
    >>> report = compare({"ann": [a], "ben": [b], "cat": [c]})
    >>> [(p.left.name, p.right.name, round(p.score, 2)) for p in report.pairs]
    [('ann', 'ben', 1.0)]
    """
    if not isinstance(submissions, Mapping):
        raise TypeError("submissions must map each student to their solution cells")
    start = time.perf_counter()
    template = released_template(list(reference))
    boilerplate = sorted(_fingerprint(normalise(template)).hashes) if reference else []
    students = [
        _document(str(name), "submission", normalise(cells), boilerplate)
        for name, cells in sorted(submissions.items())
    ]
    others: list[Document] = []
    if reference:
        others.append(
            _document(
                "reference solution",
                "reference",
                normalise(without_markers(reference)),
                boilerplate,
            )
        )
    pairs: list[Pair] = []
    index = _index(students)
    for i, student in enumerate(students):
        partners = {j for value in student.fingerprint.hashes for j in index[value] if j > i}
        pairs += filter(None, (_pair(student, students[j]) for j in sorted(partners)))
        pairs += filter(None, (_pair(student, other) for other in others))
    library = list(library)
    if library:
        library_index = _index(library)
        for student in students:
            near = {j for value in student.fingerprint.hashes for j in library_index.get(value, ())}
            found = sorted(
                filter(None, (_pair(student, library[j]) for j in near)),
                key=lambda p: (-p.score, p.right.name),
            )
            pairs += found[:LIBRARY_PAIRS]
    pairs.sort(key=lambda p: (-p.score, -p.tokens, p.left.name, p.right.name))
    return SimilarityReport(
        homework, tuple(pairs), len(students), len(library), time.perf_counter() - start
    )


# ------------------------------------------------------------------------------- command
def main(argv: Sequence[str] | None = None) -> int:
    """``python -m dtlearn.exercises.homework.similarity COURSE_DIR HOMEWORK [options]``.

    Examples
    --------
    >>> main(["/nonexistent", "hw1"])
    Traceback (most recent call last):
    ...
    SystemExit: course_dir: no submissions of 'hw1' under /nonexistent/autograded or /nonexistent/submitted
    """
    parser = argparse.ArgumentParser(
        prog="python -m dtlearn.exercises.homework.similarity",
        description="Rank the pairs of homework submissions (and the reference solution and "
        "the forbidden library functions) by shared code. Never a verdict.",
    )
    parser.add_argument("course_dir", help="the nbgrader course directory")
    parser.add_argument("homework", help="the assignment, e.g. hw1")
    parser.add_argument("--stage", choices=("autograded", "submitted"), default=None)
    parser.add_argument(
        "--out", default=None, help="output folder (default COURSE_DIR/reports/similarity)"
    )
    parser.add_argument("--top", type=int, default=50, help="pairs shown side by side")
    parser.add_argument(
        "--no-library",
        action="store_true",
        help="do not compare with the library functions the homework forbids",
    )
    args = parser.parse_args(argv)
    try:
        students, reference = course_documents(args.course_dir, args.homework, stage=args.stage)
    except ValueError as error:
        raise SystemExit(str(error)) from None
    library: list[Document] = []
    if not args.no_library:
        try:
            library = library_documents(forbidden_sources(args.homework))
        except ValueError:  # an assignment without rules: no library to compare with
            library = []
    report = compare(students, reference=reference, library=library, homework=args.homework)
    out = Path(args.out) if args.out else Path(args.course_dir) / "reports" / "similarity"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{args.homework}.html").write_text(report.to_html(args.top), encoding="utf-8")
    report.to_csv(out / f"{args.homework}.csv")
    print(
        f"{report.students} submissions, {len(report.pairs)} pairs sharing code, "
        f"{report.seconds:.1f} s: {out / (args.homework + '.html')} and .csv "
        f"(a ranking to read, never a verdict)"
    )
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
