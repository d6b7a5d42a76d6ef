"""The homework, end to end through nbgrader: generate the student versions, submit four
notebooks per assignment (the reference solution, a library shortcut, a wrong variant, the
untouched stubs), autograde them all in one call, export the grades and check the scores.

Expected autograded points (8 per assignment):

========= ========= ======== ======================================= =====
homework  reference shortcut wrong variant                           stubs
========= ========= ======== ======================================= =====
hw1       8         0        6 (entropy in nats: the "bits" cell)    0
hw2       8         0        5 (Gini gain: criterion + hidden cells) 0
hw3       8         0        2 (top-down pruning: "valid" cell only) 0
========= ========= ======== ======================================= =====

The hidden-test cells show that nbgrader put the hidden tests back before grading: in the
student version they hold only a comment (which would earn full points), yet the stubs and
the wrong variants score 0 there.
"""

import csv
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
HOMEWORK = ROOT / "instructor" / "homework"
ASSIGNMENTS = ("hw1", "hw2", "hw3")
STUDENTS = ("reference", "shortcut", "wrong", "stubs")

REFERENCE = object()  # the instructor's solution with the markers removed

SUBMISSIONS = {
    "hw1": {
        "reference": {},
        "shortcut": {
            "hw1_entropy": "def entropy(counts):\n    return dt.entropy(counts=counts)\n",
            "hw1_gain": "def information_gain(feature, labels):\n"
                        "    return dt.information_gain(feature, labels)\n",
        },
        "wrong": {  # natural log; the gain formula itself is right
            "hw1_entropy": "def entropy(counts):\n    total = sum(counts)\n"
                           "    return -sum(c / total * math.log(c / total) "
                           "for c in counts if c > 0)\n",
            "hw1_gain": REFERENCE,
        },
    },
    "hw2": {
        "reference": {},
        "shortcut": {
            "hw2_measures": REFERENCE,
            "hw2_id3": "from dtlearn.exercises import as_nested_dict\n\n\n"
                       "def id3(X, y, attributes):\n"
                       "    return as_nested_dict(dt.ID3Classifier().fit(X[attributes], y))\n",
        },
        "wrong": {  # a wrong-criterion ID3: Gini gain instead of information gain
            "hw2_measures": REFERENCE,
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
""",
        },
    },
    "hw3": {
        "reference": {},
        "shortcut": {
            "hw3_prune": "def reduced_error_prune(tree, X_val, y_val):\n"
                         "    return dt.reduced_error_prune(tree, X_val, y_val).tree\n",
        },
        "wrong": {  # top-down: parents tried before their children
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
""",
        },
    },
}

EXPECTED = {  # autograded points: reference, shortcut, wrong, stubs
    "hw1": (8, 0, 6, 0),
    "hw2": (8, 0, 5, 0),
    "hw3": (8, 0, 2, 0),
}
HIDDEN_CELLS = {"hw1": "hw1_check_entropy_hidden", "hw2": "hw2_check_hidden",
                "hw3": "hw3_check_hidden"}


def without_markers(source):
    keep = [line for line in source.splitlines()
            if not re.match(r"\s*### (BEGIN|END) (SOLUTION|HIDDEN TESTS)", line)]
    return "\n".join(keep) + "\n"


def submission(release, source, changes, student):
    """The released notebook with its solution cells filled in for one student."""
    nb = nbformat.read(release, as_version=4)
    if student == "stubs":
        return nb
    solutions = {c.metadata["nbgrader"]["grade_id"]: c.source
                 for c in nbformat.read(source, as_version=4).cells
                 if c.metadata.get("nbgrader", {}).get("solution")}
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if not meta.get("solution"):
            continue
        new = changes.get(meta["grade_id"], REFERENCE if student == "reference" else None)
        if new is REFERENCE:
            new = without_markers(solutions[meta["grade_id"]])
        if new is not None:
            cell.source = new.strip("\n")
    return nb


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    course = tmp_path_factory.mktemp("course")
    shutil.copy(HOMEWORK / "nbgrader_config.py", course)
    shutil.copytree(HOMEWORK / "source", course / "source")
    home = tmp_path_factory.mktemp("home")
    env = {k: v for k, v in os.environ.items() if k not in ("JUPYTERHUB_USER", "DTLEARN_SEED")}
    # nbgrader calls `alembic` (gradebook migrations) from PATH
    env.update(HOME=str(home), JUPYTER_PLATFORM_DIRS="1",
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}")

    def nbgrader(*args):
        done = subprocess.run([sys.executable, "-m", "nbgrader", *args, "--log-level=WARN"],
                              cwd=course, env=env, capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, done.stdout + done.stderr
        return done

    nbgrader("generate_assignment", "hw*")
    for name in ASSIGNMENTS:
        release = course / "release" / name / f"{name}.ipynb"
        source = course / "source" / name / f"{name}.ipynb"
        for student in STUDENTS:
            nb = submission(release, source, SUBMISSIONS[name].get(student, {}), student)
            folder = course / "submitted" / student / name
            folder.mkdir(parents=True)
            nbformat.write(nb, folder / f"{name}.ipynb")
    nbgrader("autograde", "hw*", "--create")  # one call: every student, every assignment
    nbgrader("export", "--to", str(course / "grades.csv"))
    with open(course / "grades.csv", newline="") as f:
        exported = {(row["assignment"], row["student_id"]): row for row in csv.DictReader(f)}

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        cells = {}
        for name in ASSIGNMENTS:
            for student in STUDENTS:
                sub = gb.find_submission_notebook(name, name, student)
                cells[name, student] = {g.name: g.score for g in sub.grades
                                        if g.cell.cell_type == "code"}
    return exported, cells


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_exported_scores(graded, name):
    exported, cells = graded
    for student, points in zip(STUDENTS, EXPECTED[name]):
        auto = sum(cells[name, student].values())
        assert auto == pytest.approx(points), (student, cells[name, student])
        row = exported[name, student]
        # the written answers are not graded yet: the export holds the autograded points
        assert float(row["score"]) == pytest.approx(points), (student, row)
        assert float(row["max_score"]) > 8


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_hidden_tests_ran_at_grading(graded, name):
    _, cells = graded
    hidden = HIDDEN_CELLS[name]
    assert cells[name, "reference"][hidden] > 0
    assert cells[name, "stubs"][hidden] == 0
    assert cells[name, "shortcut"][hidden] == 0
