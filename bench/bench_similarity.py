"""The similarity report on a class of 300: the whole command, CPU and wall seconds.

Run ``python bench/bench_similarity.py [N]`` (or :func:`main` from ``bench/run.py``). A
synthetic nbgrader course folder is written to a temporary folder: homework 1's source
(the reference solution) and N submissions. Each student picks one of four ways of writing
``entropy`` and four of ``information_gain`` (so most pairs share code, up to whole copies:
the ranking's worst case), renames every variable at random, and adds a helper function of
their own. Then ``python -m dtlearn.exercises.homework.similarity COURSE hw1`` runs as the
grader runs it (in this process: reading the notebooks, fingerprinting the library the
rules forbid, comparing, writing HTML and CSV). Issue 39 asks for 300 submissions in under
a minute. CPU time is the figure that a busy shared machine does not inflate.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "instructor" / "homework" / "source" / "hw1"

ENTROPY = [
    "def entropy(counts):\n    TOTAL = sum(counts)\n"
    "    return -sum(C / TOTAL * math.log2(C / TOTAL) for C in counts if C > 0)\n",
    "def entropy(counts):\n    P = np.asarray(counts, dtype=float)\n    P = P[P > 0] / P.sum()\n"
    "    return float(-(P * np.log2(P)).sum())\n",
    "def entropy(counts):\n    N = 0\n    for C in counts:\n        N += C\n    H = 0.0\n"
    "    for C in counts:\n        if C:\n            SHARE = C / N\n"
    "            H -= SHARE * math.log(SHARE, 2)\n    return H\n",
    "def entropy(counts):\n    S = pd.Series(list(counts), dtype=float)\n    S = S[S > 0] / S.sum()\n"
    "    return float(S.map(lambda Q: -Q * math.log2(Q)).sum())\n",
]
GAIN = [
    "def information_gain(feature, labels):\n    VALUES = feature.to_numpy()\n    REST = 0.0\n"
    "    for V in pd.unique(VALUES):\n        PART = labels[VALUES == V]\n"
    "        REST += len(PART) / len(labels) * entropy(PART.value_counts().to_numpy())\n"
    "    return entropy(labels.value_counts().to_numpy()) - REST\n",
    "def information_gain(feature, labels):\n    GROUPS = {}\n"
    "    for V, Y in zip(list(feature), list(labels)):\n"
    "        GROUPS.setdefault(V, {})\n        GROUPS[V][Y] = GROUPS[V].get(Y, 0) + 1\n"
    "    ALL = {}\n    for Y in labels:\n        ALL[Y] = ALL.get(Y, 0) + 1\n    REST = 0.0\n"
    "    for G in GROUPS.values():\n"
    "        REST += sum(G.values()) / len(labels) * entropy(list(G.values()))\n"
    "    return entropy(list(ALL.values())) - REST\n",
    "def information_gain(feature, labels):\n"
    "    T = pd.crosstab(pd.Series(list(feature)), pd.Series(list(labels)))\n"
    "    ROWS = T.sum(axis=1)\n    CHILD = T.apply(lambda R: entropy(R.tolist()), axis=1)\n"
    "    return entropy(T.sum(axis=0).tolist()) - float((ROWS / ROWS.sum() * CHILD).sum())\n",
    "def information_gain(feature, labels):\n"
    "    D = pd.DataFrame({'x': list(feature), 'y': list(labels)})\n"
    "    TOTAL = entropy(D['y'].value_counts().to_numpy())\n"
    "    return TOTAL - sum(len(G) / len(D) * entropy(G.value_counts().to_numpy())\n"
    "                       for _, G in D.groupby('x')['y'])\n",
]
NAMES = [
    "TOTAL",
    "P",
    "N",
    "H",
    "C",
    "SHARE",
    "S",
    "Q",
    "VALUES",
    "REST",
    "V",
    "PART",
    "GROUPS",
    "Y",
    "ALL",
    "G",
    "T",
    "ROWS",
    "CHILD",
    "R",
    "D",
]
OPS = ["+", "-", "*"]


def _renamed(code: str, rng: random.Random) -> str:
    for name in sorted(NAMES, key=len, reverse=True):
        code = code.replace(name, f"{rng.choice('abcdefghkmnpqrstuvwxyz')}{rng.randrange(999)}")
    return code


def _own_helper(rng: random.Random) -> str:
    """A function of the student's own: a random expression over a loop."""
    terms = [
        f"{rng.choice(['x', 'i', 'acc'])} {rng.choice(OPS)} {rng.randrange(2, 9)}"
        for _ in range(rng.randrange(3, 7))
    ]
    body = "".join(f"        acc = ({t}) % 97\n" for t in terms)
    return (
        f"def helper_{rng.randrange(10**6)}(xs):\n    acc = 0\n    for i, x in "
        f"enumerate(xs):\n{body}    return acc\n"
    )


def student_cells(index: int) -> list[str]:
    """Student ``index``'s two solution cells (deterministic).

    Examples
    --------
    >>> cells = student_cells(3)
    >>> len(cells), cells[0].startswith("def entropy"), "def information_gain" in cells[1]
    (2, True, True)
    """
    rng = random.Random(index)
    entropy = _renamed(rng.choice(ENTROPY), rng)
    gain = _renamed(rng.choice(GAIN), rng)
    return [entropy, _own_helper(rng) + "\n\n" + gain]


def make_course(folder: Path, students: int) -> Path:
    """An nbgrader course folder: ``source/hw1`` and ``submitted/sNNN/hw1/hw1.ipynb``."""
    course = folder / "course"
    shutil.copytree(SOURCE, course / "source" / "hw1")
    template = json.loads((SOURCE / "hw1.ipynb").read_text(encoding="utf-8"))
    for index in range(students):
        nb = json.loads(json.dumps(template))
        cells = iter(student_cells(index))
        for cell in nb["cells"]:
            meta = cell["metadata"].get("nbgrader", {})
            if meta.get("solution") and cell["cell_type"] == "code":
                cell["source"] = next(cells)
        target = course / "submitted" / f"s{index:03d}" / "hw1"
        target.mkdir(parents=True)
        (target / "hw1.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    return course


def run(students: int = 300) -> dict:
    """Time the command on a synthetic class; its figures."""
    from dtlearn.exercises.homework import similarity

    with tempfile.TemporaryDirectory() as tmp:
        course = make_course(Path(tmp), students)
        wall, cpu = time.perf_counter(), time.process_time()
        similarity.main([str(course), "hw1", "--out", str(Path(tmp) / "out")])
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        with open(Path(tmp) / "out" / "hw1.csv", encoding="utf-8") as handle:
            pairs = sum(1 for _ in handle) - 1
        size = (Path(tmp) / "out" / "hw1.html").stat().st_size
    return {
        "students": students,
        "cpu": cpu,
        "wall": wall,
        "pairs": pairs,
        "html": size,
        "load": os.getloadavg()[0],
    }


def main(students: int = 300) -> None:
    """Print the figures."""
    r = run(students)
    print(
        f"{r['students']} submissions of hw1: {r['cpu']:.1f} s CPU, {r['wall']:.1f} s wall "
        f"(load average {r['load']:.1f}); {r['pairs']} pairs sharing code, "
        f"HTML {r['html'] / 1e6:.1f} MB"
    )
    print("issue 39 asks: 300 submissions in under a minute")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
