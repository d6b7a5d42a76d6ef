"""The homework, end to end through nbgrader: generate the student versions, submit
notebooks (honest students on their own seeds, attacks, wrong variants, stubs), autograde
them all in one call with the course's configuration (the grade is computed outside the
kernel by ``GradeOutsideKernel``), export the grades and check every score.

Autograded points (8 per assignment), the table of ``EXPECTED`` below:

- ``ada``, ``bob``, ``cyd``: the reference solution; each is graded on the numbers of their
  own student id (three seeds) and gets 8.
- ``stubs``: the untouched student version: 0.
- ``wrong``: hw1 entropy in nats (6: only the "bits" cell is lost), hw2 ID3 with the Gini
  gain, hw3 top-down pruning (the "valid" cell only).
- every file of ``tests/homework_attacks`` (issue 22's attack classes, and the red team's
  untraced contexts: audit hooks, signal handlers, ``str`` subclasses in the lock's own
  hook and profile function, marshal copies): 0; ``hw*_honest_*`` files there: 8 (honest
  work whose cells import scipy, matplotlib, IPython, sklearn). The hw2/hw3 versions of
  classes run here on hw1 are in ``homework_attacks/more``, graded without nbgrader by
  tests/test_homework_grading.py.
- ``eve``: answers looked up in a table of her own visible cases, made with dtlearn from
  the package's case generators; ``dan``: the same table, copied; ``frank``: a table made
  for seed 0 plus ``os.environ["DTLEARN_SEED"] = "0"`` in a cell. Each passes the cases
  that do not depend on the seed and no grade cell: every part also holds sealed cases
  drawn from the grading secret.
"""

import csv
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from attack_cells import attack_cells

ROOT = Path(__file__).resolve().parents[1]
HOMEWORK = ROOT / "instructor" / "homework"
ATTACKS = ROOT / "tests" / "homework_attacks"
# the course's assignments, as tools/course.py finds them (a folder each)
ASSIGNMENTS = tuple(sorted(p.name for p in (HOMEWORK / "source").iterdir() if p.is_dir()))
SECRET = "round trip grading secret"
HONEST = ("ada", "bob", "cyd")

REFERENCE = object()  # the instructor's solution with the markers removed
STUB = object()

WRONG = {
    "hw1": {
        "hw1_entropy": "def entropy(counts):\n    total = sum(counts)\n"
        "    return -sum(c / total * math.log(c / total) "
        "for c in counts if c > 0)\n"
    },
    "hw2": {
        "hw2_id3": """
def gini_gain(feature, labels):
    def gini(part):
        p = part.value_counts(normalize=True)
        return 1 - (p ** 2).sum()
    values = feature.to_numpy()
    return gini(labels) - sum((values == v).mean() * gini(labels[values == v])
                              for v in pd.unique(values))


def id3(X, y, attributes):
    if y.nunique() == 1:
        return y.iloc[0]
    majority = y.value_counts().index[0]
    if not attributes:
        return majority
    best = max(attributes, key=lambda a: gini_gain(X[a], y))
    if gini_gain(X[best], y) <= 1e-12:
        return majority
    rest = [a for a in attributes if a != best]
    column = X[best].to_numpy()
    return {best: {v: id3(X[column == v], y[column == v], rest) for v in pd.unique(column)}}
"""
    },
    "hw3": {
        "hw3_prune": """
def reduced_error_prune(tree, X_val, y_val):
    truth = y_val.to_numpy(dtype=object)

    def errors(t):
        return int((t.predict(X_val) != truth).sum())

    current, current_errors = tree, errors(tree)
    for node_id in [n.node_id for n in tree.nodes() if not n.is_leaf]:
        if node_id not in {n.node_id for n in current.nodes()}:
            continue
        candidate = current.with_leaves_at([node_id])
        if errors(candidate) <= current_errors:
            current, current_errors = candidate, errors(candidate)
    return current
"""
    },
}

EXPECTED_WRONG = {"hw1": 6, "hw2": 5, "hw3": 2}
TABLE_STUDENTS = {"eve": "eve", "dan": "eve", "frank": None}  # whose seed the table is for


def attack_files():
    """``{homework: {student: {solution grade_id: source}}}`` from tests/homework_attacks."""
    out = {name: {} for name in ASSIGNMENTS}
    for path in sorted(ATTACKS.glob("hw*_*.py")):
        name, student = path.stem.split("_", 1)
        out[name][student.replace("_", "-")] = attack_cells(path)
    return out


def lookup_table(seed):
    """Every visible hw1 case for ``seed``, answered with dtlearn (what a student can do)."""
    import dtlearn as dt
    from dtlearn.exercises.homework.hw1_measures import _entropy_cases, _gain_cases

    table = {}
    for part in ("bits", "edge"):
        for counts in _entropy_cases(part, seed):
            table[repr(list(counts))] = float(dt.entropy(counts=counts))
    for part in ("course", "edge"):
        for _, feature, labels in _gain_cases(part, seed):
            key = repr((list(map(str, feature)), list(map(str, labels))))
            table[key] = float(dt.information_gain(feature, labels))
    return table


def table_submission(seed):
    template = (ATTACKS / "hw1_choose_seed.py").read_text()
    cells = attack_files()["hw1"]["choose-seed"]
    return (
        {
            grade_id: source.replace("# TABLE", f"TABLE = {lookup_table(seed)!r}")
            for grade_id, source in cells.items()
        }
        if "# TABLE" in template
        else cells
    )


def without_markers(source):
    keep = [
        line
        for line in source.splitlines()
        if not re.match(r"\s*### (BEGIN|END) (SOLUTION|HIDDEN TESTS)", line)
    ]
    return "\n".join(keep) + "\n"


def submission(release, source, changes):
    """The released notebook with its solution cells filled in for one student."""
    nb = nbformat.read(release, as_version=4)
    solutions = {
        c.metadata["nbgrader"]["grade_id"]: c.source
        for c in nbformat.read(source, as_version=4).cells
        if c.metadata.get("nbgrader", {}).get("solution")
    }
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if not meta.get("solution") or cell.cell_type != "code":
            continue
        new = changes.get(meta["grade_id"], REFERENCE)
        if new is STUB:
            continue
        if new is REFERENCE:
            new = without_markers(solutions[meta["grade_id"]])
        cell.source = new.strip("\n")
    return nb


def plan():
    """``{homework: {student: (changes, expected points)}}``."""
    from dtlearn.exercises.homework.autograde import seed_of

    out = {}
    attacks = attack_files()
    for name in ASSIGNMENTS:
        students = {s: ({}, 8) for s in HONEST}
        students["stubs"] = ({"*": STUB}, 0)
        students["wrong"] = (WRONG[name], EXPECTED_WRONG[name])
        for student, cells in attacks[name].items():
            if student.startswith("honest"):  # honest work written another way: full marks
                students[student] = (cells, 8)
            elif student != "choose-seed":
                students[f"attack-{student}"] = (cells, 0)
        out[name] = students
    for student, whose in TABLE_STUDENTS.items():
        seed = 0 if whose is None else seed_of(whose)
        out["hw1"][student] = (table_submission(seed), 0)
    return out


def stub_all(changes, release):
    if changes.get("*") is not STUB:
        return changes
    nb = nbformat.read(release, as_version=4)
    return {
        c.metadata["nbgrader"]["grade_id"]: STUB
        for c in nb.cells
        if c.metadata.get("nbgrader", {}).get("solution")
    }


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    course = tmp_path_factory.mktemp("course")
    shutil.copy(HOMEWORK / "nbgrader_config.py", course)
    shutil.copytree(HOMEWORK / "source", course / "source")
    (course / "grading_secret").write_text(SECRET + "\n")
    home = tmp_path_factory.mktemp("home")
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("JUPYTERHUB_USER", "DTLEARN_SEED", "DTLEARN_GRADING_SECRET")
    }
    # nbgrader calls `alembic` (gradebook migrations) from PATH
    env.update(
        HOME=str(home),
        JUPYTER_PLATFORM_DIRS="1",
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
    )

    def nbgrader(*args):
        done = subprocess.run(
            [sys.executable, "-m", "nbgrader", *args, "--log-level=WARN"],
            cwd=course,
            env=env,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done

    nbgrader("generate_assignment", "hw*")
    students = plan()
    for name in ASSIGNMENTS:
        release = course / "release" / name / f"{name}.ipynb"
        source = course / "source" / name / f"{name}.ipynb"
        for student, (changes, _) in students[name].items():
            nb = submission(release, source, stub_all(changes, release))
            folder = course / "submitted" / student / name
            folder.mkdir(parents=True)
            nbformat.write(nb, folder / f"{name}.ipynb")
    start = time.monotonic()
    log = nbgrader("autograde", "hw*", "--create")  # one call: every student, every assignment
    seconds = time.monotonic() - start
    count = sum(len(s) for s in students.values())
    print(
        f"\nautograde: {count} submissions in {seconds:.0f} s "
        f"({seconds / count:.1f} s per submission)"
    )
    nbgrader("export", "--to", str(course / "grades.csv"))
    with open(course / "grades.csv", newline="") as f:
        exported = {(row["assignment"], row["student_id"]): row for row in csv.DictReader(f)}

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        cells = {}
        for name in ASSIGNMENTS:
            for student in students[name]:
                sub = gb.find_submission_notebook(name, name, student)
                cells[name, student] = {
                    g.name: g.score for g in sub.grades if g.cell.cell_type == "code"
                }
    everyone = sorted({s for name in ASSIGNMENTS for s in students[name]})
    print("student              " + "  ".join(ASSIGNMENTS))
    for student in everyone:
        print(
            f"{student:20} "
            + "  ".join(
                f"{sum(cells[name, student].values()):3g}" if (name, student) in cells else "  -"
                for name in ASSIGNMENTS
            )
        )
    return {
        "exported": exported,
        "cells": cells,
        "plan": students,
        "course": course,
        "log": log.stdout + log.stderr,
    }


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_every_submission_gets_its_expected_points(graded, name):
    wrong = []
    for student, (_, points) in graded["plan"][name].items():
        auto = sum(graded["cells"][name, student].values())
        row = graded["exported"][name, student]
        # the written answers are not graded yet: the export holds the autograded points
        if auto != pytest.approx(points) or float(row["score"]) != pytest.approx(points):
            wrong.append((student, points, graded["cells"][name, student]))
        assert float(row["max_score"]) > 8
    assert not wrong, wrong


def test_three_students_are_graded_on_three_seeds(graded):
    from dtlearn.exercises.homework.autograde import seed_of

    assert len({seed_of(s) for s in HONEST}) == 3
    for student in HONEST:
        nb = nbformat.read(
            graded["course"] / "autograded" / student / "hw1" / "hw1.ipynb", as_version=4
        )
        grade_cells = [
            c
            for c in nb.cells
            if c.metadata.get("nbgrader", {}).get("grade") and c.cell_type == "code"
        ]
        assert grade_cells and all(c.outputs == [] for c in grade_cells)


def test_a_copied_table_passes_only_the_cases_that_do_not_depend_on_the_seed(graded):
    nb = nbformat.read(graded["course"] / "autograded" / "dan" / "hw1" / "hw1.ipynb", as_version=4)
    outputs = {
        c.metadata["nbgrader"]["grade_id"]: c.outputs
        for c in nb.cells
        if c.metadata.get("nbgrader", {}).get("grade") and c.cell_type == "code"
    }
    edge = outputs["hw1_check_entropy_edge"][0]["evalue"]
    bits = outputs["hw1_check_entropy_bits"][0]["evalue"]
    # the fixed edge cases are answered; only the sealed ones fail, unseen
    assert "✗" not in edge and "further cases drawn when graded are wrong" in edge
    # the seed's own random counts are not in eve's table
    assert any("KeyError" in line for line in bits.splitlines())


def test_the_hidden_cells_give_nothing_away(graded):
    for student in ("wrong", "attack-constant"):
        nb = nbformat.read(
            graded["course"] / "autograded" / student / "hw1" / "hw1.ipynb", as_version=4
        )
        for cell in nb.cells:
            if cell.metadata.get("nbgrader", {}).get("grade_id", "").endswith("hidden"):
                text = "".join(o.get("evalue", "") for o in cell.outputs)
                assert not re.search(r"\d", text.replace("hw1", "")), text


def test_no_checksum_warning(graded):
    assert "checksum" not in graded["log"].lower(), graded["log"]


def test_the_student_version_holds_no_solution_or_secret(graded):
    for name in ASSIGNMENTS:
        text = (graded["course"] / "release" / name / f"{name}.ipynb").read_text()
        assert "BEGIN SOLUTION" not in text and SECRET not in text
        assert "BEGIN HIDDEN TESTS" not in text
