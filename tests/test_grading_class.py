"""A whole class through a real nbgrader round trip, six of its students hostile (issue 34).

Slow (a few minutes: one ``nbgrader autograde`` of 30 homework-1 submissions, each in its
own locked children, six of which spend their whole budget). The course's own
``nbgrader_config.py`` is used, with the per-submission budget lowered to
:data:`BUDGET` seconds. The class:

- 24 honest students: the reference solution (two of them written another way: numpy,
  ``collections.Counter``): every one gets the 8 autograded points;
- ``pasted``: an honest student whose entropy cell was copied and pasted in JupyterLab (two
  cells with one ``grade_id``; nbgrader's own ``DeduplicateIds`` stopped the whole run on
  it): graded as the notebook ran, 8 points, and every student after it is graded;
- five hostile ``information_gain`` functions, each beside an honest ``entropy``: one floods
  the grader's channel with answer-shaped lines and sleeps, one never returns, one returns
  a 300 MB string, one allocates 3 GiB, one loads native code from ``memfd_create`` to read
  the grading secret and overwrite another student's submission. Each loses the 4 points
  of the gain cells (what it attacks) and keeps the 4 of its entropy.

The run must finish with every student graded, each hostile submission within its budget
(so the run takes at most the honest time plus six budgets), every other score as above,
and nothing in the course directory changed but nbgrader's grading outputs (checksums
before and after). Without the grading secret, autograde stops before grading anyone.
"""

import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
HOMEWORK = ROOT / "instructor" / "homework"
SECRET = "class grading secret"
BUDGET = 30.0
OUTPUTS = ("autograded", "feedback", "gradebook.db")  # what autograde may write

ENTROPY_POINTS, GAIN_POINTS = 4, 4
HOSTILE_GAIN = {
    "flood": "import os, time\n"
    "def information_gain(feature, labels):\n"
    '    line = b\'{"kind": "value", "value": {"t": "number", "v": 0.25}}\\n\'\n'
    "    for fd in range(1, 16):\n"
    "        try:\n            os.write(fd, line * 5000)\n"
    "        except OSError:\n            pass\n"
    "    time.sleep(10_000)\n",
    "never-returns": "def information_gain(feature, labels):\n    while True:\n        pass\n",
    "huge-string": "def information_gain(feature, labels):\n    return 'x' * 300_000_000\n",
    "three-gib": "def information_gain(feature, labels):\n"
    "    block = bytearray(3 << 30)\n    return float(len(block))\n",
}


def without_markers(source):
    return "\n".join(
        line
        for line in source.splitlines()
        if not re.match(r"\s*### (BEGIN|END) (SOLUTION|HIDDEN TESTS)", line)
    )


def reference(source_nb):
    return {
        c.metadata["nbgrader"]["grade_id"]: without_markers(c.source)
        for c in source_nb.cells
        if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code"
    }


STYLES = [
    {
        "hw1_entropy": "def entropy(counts):\n    p = np.asarray(counts, dtype=float)\n"
        "    p = p[p > 0] / p.sum()\n    return float(-(p * np.log2(p)).sum())\n"
    },
    {
        "hw1_gain": "from collections import Counter\n\n\n"
        "def information_gain(feature, labels):\n"
        "    rows = list(zip(feature, labels))\n"
        "    children = {}\n    for value, label in rows:\n"
        "        children.setdefault(value, Counter())[label] += 1\n"
        "    mean = sum(sum(c.values()) / len(rows) * entropy(list(c.values()))\n"
        "               for c in children.values())\n"
        "    return entropy(list(Counter(labels).values())) - mean\n"
    },
]
"""Two honest students write it another way (numpy; Counter): the same marks. (The styles
that import scipy, scikit-learn and matplotlib are graded by test_nbgrader_roundtrip.py,
whose budget is the course's own: here their imports would cost a loaded machine much of
the small budget.)"""


def filled(release_nb, cells, paste=None):
    """The released notebook with ``cells`` ({grade_id: source}) in its solution cells;
    ``paste``: the grade_id of a cell pasted a second time right below itself."""
    nb = nbformat.from_dict(release_nb)
    out = []
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("solution") and cell.cell_type == "code" and meta["grade_id"] in cells:
            cell.source = cells[meta["grade_id"]].strip("\n")
        out.append(cell)
        if paste and meta.get("grade_id") == paste:
            copy = nbformat.from_dict(cell)
            copy["id"] = f"{cell.get('id', 'cell')}-pasted"  # JupyterLab gives a new id
            out.append(copy)
    nb.cells = out
    return nb


def checksums(course):
    """sha256 of every file in the course directory outside the grading outputs."""
    found = {}
    for path in sorted(course.rglob("*")):
        rel = path.relative_to(course)
        if path.is_file() and not rel.parts[0].startswith(OUTPUTS):
            found[str(rel)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    from native_attack import cell as native_cell

    course = tmp_path_factory.mktemp("class")
    shutil.copy(HOMEWORK / "nbgrader_config.py", course)
    with open(course / "nbgrader_config.py", "a") as config:
        config.write(f"\nc.GradeOutsideKernel.submission_seconds = {BUDGET}\n")
    shutil.copytree(HOMEWORK / "source" / "hw1", course / "source" / "hw1")
    (course / "grading_secret").write_text(SECRET + "\n")
    home = tmp_path_factory.mktemp("home")
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("JUPYTERHUB_USER", "DTLEARN_SEED", "DTLEARN_GRADING_SECRET")
    }
    env.update(
        HOME=str(home),
        JUPYTER_PLATFORM_DIRS="1",
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
    )

    def nbgrader(*args, check=True):
        done = subprocess.run(
            [sys.executable, "-m", "nbgrader", *args, "--log-level=INFO"],
            cwd=course,
            env=env,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        assert not check or done.returncode == 0, done.stdout + done.stderr[-5000:]
        return done

    nbgrader("generate_assignment", "hw1")
    release = nbformat.read(course / "release" / "hw1" / "hw1.ipynb", as_version=4)
    solution = reference(nbformat.read(course / "source" / "hw1" / "hw1.ipynb", as_version=4))
    students = {}  # name: (cells, paste, expected points)
    for i in range(24):
        cells = STYLES[i % 2] if i in (5, 17) else {}
        students[f"student{i:02d}"] = ({**solution, **cells}, None, 8)
    students["pasted"] = (solution, "hw1_entropy", 8)
    victim = course / "submitted" / "student07" / "hw1" / "hw1.ipynb"
    native = native_cell(
        "information_gain",
        f"(evil.slurp('{course}/grading_secret'), evil.spit('{victim}', '{{}}'))[0]",
    )
    hostile = {**HOSTILE_GAIN, "native-loader": native}
    for name, source in hostile.items():
        students[f"hostile-{name}"] = ({**solution, "hw1_gain": source}, None, ENTROPY_POINTS)
    assert len(students) == 30 and len(hostile) == 5  # + the pasted cell: six
    for name, (cells, paste, _) in students.items():
        folder = course / "submitted" / name / "hw1"
        folder.mkdir(parents=True)
        nbformat.write(filled(release, cells, paste), folder / "hw1.ipynb")
    before = checksums(course)
    start = time.monotonic()
    log = nbgrader("autograde", "hw1", "--create")
    seconds = time.monotonic() - start
    after = checksums(course)

    from nbgrader.api import Gradebook

    scores = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for name in students:
            sub = gb.find_submission_notebook("hw1", "hw1", name)
            scores[name] = {g.name: g.score for g in sub.grades if g.cell.cell_type == "code"}
    times = {
        m.group(1): float(m.group(2))
        for m in re.finditer(
            r"graded hw1 of (\S+) outside the kernel in ([\d.]+) s", log.stdout + log.stderr
        )
    }
    print(
        f"\nautograde of {len(students)} students: {seconds:.0f} s; per student: "
        + ", ".join(f"{k} {v:.1f}" for k, v in sorted(times.items()))
    )

    # without the secret: nothing graded, and it says how to set it
    (course / "grading_secret").unlink()
    late = course / "submitted" / "late" / "hw1"
    late.mkdir(parents=True)
    nbgrader_cells = filled(release, solution)
    nbformat.write(nbgrader_cells, late / "hw1.ipynb")
    no_secret = nbgrader("autograde", "hw1", "--student", "late", check=False)
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        try:
            sub = gb.find_submission_notebook("hw1", "hw1", "late")
            late_graded = any(g.auto_score is not None for g in sub.grades)
        except Exception:  # noqa: BLE001 - no submission at all: not graded either
            late_graded = False
    return {
        "students": students,
        "scores": scores,
        "times": times,
        "seconds": seconds,
        "before": before,
        "after": after,
        "course": course,
        "no_secret": no_secret,
        "late_graded": late_graded,
    }


def test_every_student_is_graded_and_gets_the_expected_points(graded):
    wrong = {
        name: (points, graded["scores"][name])
        for name, (_, _, points) in graded["students"].items()
        if sum(graded["scores"][name].values()) != pytest.approx(points)
    }
    assert not wrong, wrong


def test_each_hostile_submission_loses_exactly_the_cells_it_attacks(graded):
    for name in graded["students"]:
        if name.startswith("hostile-"):
            cells = graded["scores"][name]
            assert all(v == 0 for k, v in cells.items() if "gain" in k), (name, cells)
            assert all(v > 0 for k, v in cells.items() if "entropy" in k), (name, cells)


def test_no_submission_takes_more_than_its_budget(graded):
    times = graded["times"]
    assert set(times) == set(graded["students"]), sorted(times)
    slow = {k: v for k, v in times.items() if v > BUDGET + 5}
    assert not slow, slow
    # so the whole run is the honest students' time plus at most six budgets
    honest = sum(v for k, v in times.items() if not k.startswith("hostile-"))
    assert sum(times.values()) <= honest + 6 * (BUDGET + 5)


def test_nothing_outside_the_grading_outputs_changes(graded):
    assert graded["after"] == graded["before"]


def test_without_the_secret_autograde_stops_before_grading_anyone(graded):
    done = graded["no_secret"]
    assert done.returncode != 0
    text = done.stdout + done.stderr
    assert "no grading secret, nothing graded" in text
    assert "DTLEARN_GRADING_SECRET" in text and "without_secret=True" in text
    assert not graded["late_graded"]
