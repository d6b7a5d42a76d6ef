"""The similarity report after a real nbgrader round trip with planted copies (issue 39).

Slow (an ``nbgrader generate_assignment`` and one ``nbgrader autograde`` of nine homework-1
submissions, about two minutes on a loaded machine). The course folder, the grader's
environment, the nbgrader calls and the similarity step are hub/roundtrip.py's
(``grading_course``, ``grader_env``, ``nbgrader``, ``similarity``): the same commands a
grader runs after autograde, in a course folder made like the hub's.

The class, from tests/test_similarity.py: six honest students whose code was written
separately (numpy, loops, ``Counter``, pandas ``crosstab``, ``groupby``, the lecture's
formula), and three planted copies: ``copier`` renamed ``hana``'s code (names, constants,
comments changed, the two cells swapped), ``paster`` pasted dtlearn's own source (the
checks' ``formulas.py``), ``refcopy`` copied the reference solution with names changed.
After autograde, the command reads ``autograded/`` and must rank every planted pair above
every honest pair in its CSV; its HTML page must say it ranks pairs for a person, never a
verdict.
"""

import csv
import sys
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest
from test_similarity import HONEST, PASTED, PLANTED, RENAMED, refcopy_cells

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "hub"))
try:
    import roundtrip  # hub/roundtrip.py: the grader's course folder and nbgrader steps
finally:
    sys.path.pop(0)

SOLUTION_CELLS = ("hw1_entropy", "hw1_gain")  # hw1's code solution cells, in notebook order


def filled(release, cells):
    """The released notebook with ``cells`` (in order) in its code solution cells."""
    nb = nbformat.read(release, as_version=4)
    code = iter(cells)
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("solution") and cell.cell_type == "code":
            assert meta["grade_id"] in SOLUTION_CELLS
            cell.source = next(code).strip("\n")
    return nb


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    work = tmp_path_factory.mktemp("similarity") / "work"
    course = roundtrip.grading_course(work)
    env = roundtrip.grader_env(work)
    times = {}
    roundtrip.nbgrader(["generate_assignment", "hw1", "--force"], course, env, times, "generate")
    release = course / "release" / "hw1" / "hw1.ipynb"
    students = {
        **HONEST,
        "copier": RENAMED,
        "paster": PASTED,
        "refcopy": refcopy_cells(course / "source" / "hw1" / "hw1.ipynb"),
    }
    for student, cells in students.items():
        folder = course / "submitted" / student / "hw1"
        folder.mkdir(parents=True)
        nbformat.write(filled(release, cells), folder / "hw1.ipynb")
    roundtrip.nbgrader(["autograde", "hw1", "--create"], course, env, times, "autograde")
    report = roundtrip.similarity(course, "hw1", env, times)
    with open(report, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    print(
        f"\nautograde of {len(students)}: {times['autograde']} s; similarity: "
        f"{times['similarity']} s ({times['similarity_cpu']} s CPU)"
    )
    return {
        "course": course,
        "students": students,
        "rows": rows,
        "html": report.with_suffix(".html").read_text(encoding="utf-8"),
    }


def _key(row):
    other = "library" if row["kind"] == "library" else row["other"]
    return frozenset((row["submission"], other))


def test_autograde_graded_every_submission_the_report_reads(graded):
    autograded = graded["course"] / "autograded"
    assert sorted(p.name for p in autograded.iterdir()) == sorted(graded["students"])
    # the report compares what autograde left: each student's own code, cell for cell
    copier = nbformat.read(autograded / "copier" / "hw1" / "hw1.ipynb", as_version=4)
    sources = [
        c.source
        for c in copier.cells
        if c.metadata.get("nbgrader", {}).get("grade_id") in SOLUTION_CELLS
    ]
    assert sources == [cell.strip("\n") for cell in RENAMED]


def test_every_planted_pair_ranks_above_every_honest_pair(graded):
    rows = graded["rows"]
    assert [int(r["rank"]) for r in rows] == list(range(1, len(rows) + 1))
    planted = {frozenset(pair) for pair in PLANTED}
    honest = set(HONEST) | {"reference solution", "library"}
    planted_rows = [r for r in rows if _key(r) in planted]
    honest_rows = [r for r in rows if _key(r) <= honest]
    assert {_key(r) for r in planted_rows} == planted
    assert honest_rows  # honest work shares some code (the same textbook formula)
    worst_planted = max(int(r["rank"]) for r in planted_rows)
    best_honest = min(int(r["rank"]) for r in honest_rows)
    assert worst_planted < best_honest
    assert min(float(r["score"]) for r in planted_rows) > max(
        float(r["score"]) for r in honest_rows
    )
    # the pasted library function is named: the checks' own entropy
    assert any(
        r["submission"] == "paster" and r["other"].endswith("formulas.py: entropy_bits")
        for r in planted_rows
    )


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts = []

    def handle_data(self, data):
        self.parts.append(data)


def test_the_page_ranks_pairs_for_a_person_and_gives_no_verdict(graded):
    page = _Text()
    page.feed(graded["html"])
    text = " ".join(" ".join(page.parts).split())
    assert "Never a verdict." in text
    assert "ranks pairs of code by how much they share, for a person to read" in text
    assert f"{len(graded['students'])} submissions" in text
    for word in ("guilty", "plagiarised", "cheated"):
        assert word not in text.lower()
