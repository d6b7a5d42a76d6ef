"""The similarity report (dtlearn.exercises.homework.similarity) on a course with planted copies.

An nbgrader course directory is built from the real homework 1 source: six students hand in
honest work written separately (six genuinely different ways to compute entropy and
information gain), and three plant a copy each: one renames a classmate's code (new names,
comments, changed constants, cells swapped), one pastes a library function the homework
forbids (``dtlearn.exercises.homework.check_formulas``), one copies the reference solution with
its names changed. Every planted pair must rank above every honest pair.
"""

import csv
import inspect
import json
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from dtlearn.exercises.homework import check_formulas as formulas
from dtlearn.exercises.homework import similarity as sim

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "instructor" / "homework" / "source" / "hw1" / "hw1.ipynb"

HONEST = {
    "hana": [
        """
import numpy as np

def entropy(counts):
    p = np.asarray(counts, dtype=float)
    p = p[p > 0] / p.sum()
    return float(-(p * np.log2(p)).sum()) + 0.0
""",
        """
def information_gain(feature, labels):
    f = np.asarray(feature, dtype=object)
    y = np.asarray(labels, dtype=object)
    classes = list(dict.fromkeys(y))
    before = entropy([np.sum(y == c) for c in classes])
    after = 0.0
    for v in dict.fromkeys(f):
        mask = f == v
        after += mask.mean() * entropy([np.sum(y[mask] == c) for c in classes])
    return before - after
""",
    ],
    "ivan": [
        """
import math

def entropy(counts):
    n = 0
    for c in counts:
        n += c
    h = 0.0
    for c in counts:
        if c:
            share = c / n
            h -= share * (math.log(share) / math.log(2))
    return h
""",
        """
def information_gain(feature, labels):
    groups = {}
    for value, label in zip(list(feature), list(labels)):
        groups.setdefault(value, {})
        groups[value][label] = groups[value].get(label, 0) + 1
    everything = {}
    for label in labels:
        everything[label] = everything.get(label, 0) + 1
    remainder = 0.0
    for counter in groups.values():
        size = sum(counter.values())
        remainder = remainder + size / len(labels) * entropy(list(counter.values()))
    return entropy(list(everything.values())) - remainder
""",
    ],
    "jun": [
        """
from collections import Counter
from math import log2

def entropy(counts):
    whole = float(sum(counts))
    terms = [k / whole for k in counts if k > 0]
    return max(0.0, sum(t * log2(1 / t) for t in terms))
""",
        """
def information_gain(feature, labels):
    pairs = Counter(zip(feature, labels))
    values = Counter(feature)
    gain = entropy(list(Counter(labels).values()))
    for v, n in values.items():
        inside = [pairs[(v, c)] for c in set(labels) if pairs[(v, c)]]
        gain -= n / len(feature) * entropy(inside)
    return gain
""",
    ],
    "kira": [
        """
import pandas as pd

def entropy(counts):
    s = pd.Series(list(counts), dtype=float)
    s = s[s > 0]
    probabilities = s / s.sum()
    return float((probabilities.map(lambda q: -q * math.log2(q))).sum())
""",
        """
def information_gain(feature, labels):
    table = pd.crosstab(pd.Series(list(feature)), pd.Series(list(labels)))
    rows = table.sum(axis=1)
    child = table.apply(lambda row: entropy(row.tolist()), axis=1)
    return entropy(table.sum(axis=0).tolist()) - float((rows / rows.sum() * child).sum())
""",
    ],
    "liam": [
        """
def entropy(counts):
    import numpy
    weights = numpy.array([c for c in counts if c != 0], dtype=float)
    if weights.size <= 1:
        return 0.0
    fractions = weights / weights.sum()
    return float(numpy.dot(fractions, -numpy.log2(fractions)))
""",
        """
def information_gain(feature, labels):
    data = pd.DataFrame({"x": list(feature), "y": list(labels)})
    total = entropy(data["y"].value_counts().to_numpy())
    parts = data.groupby("x")["y"]
    expected = sum(len(g) / len(data) * entropy(g.value_counts().to_numpy()) for _, g in parts)
    return total - expected
""",
    ],
    # the textbook formula, as the lecture writes it: close to the reference's entropy
    "mona": [
        """
def entropy(counts):
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c > 0)
""",
        """
def information_gain(feature, labels):
    n = len(labels)
    children = 0.0
    for value in set(feature):
        chosen = [y for x, y in zip(feature, labels) if x == value]
        kinds = {y: chosen.count(y) for y in chosen}
        children += len(chosen) / n * entropy(list(kinds.values()))
    return entropy([list(labels).count(y) for y in set(labels)]) - children
""",
    ],
}

# hana's work renamed, commented, a constant changed, the two cells handed in swapped
RENAMED = [
    HONEST["hana"][1]
    .replace("information_gain(feature, labels)", "information_gain(attr, target)")
    .replace("f = ", "column = ")
    .replace("(f ", "(column ")
    .replace("feature", "attr")
    .replace("labels", "target")
    .replace("classes", "kinds")
    .replace("before", "h0")
    .replace("after", "rest")
    .replace("mask", "rows")
    .replace("0.0", "0")
    + "\n# my own gain\n",
    HONEST["hana"][0]
    .replace("p = ", "probs = ")
    .replace("(p ", "(probs ")
    .replace("p[p", "probs[probs")
    .replace("p.sum", "probs.sum")
    .replace("np.log2(p)", "np.log2(probs)")
    .replace("counts", "cnt"),
]

PASTED = [
    inspect.getsource(formulas.entropy_bits)
    + """

def entropy(counts):
    return entropy_bits(counts)
""",
    inspect.getsource(formulas.contingency)
    + "\n\n"
    + inspect.getsource(formulas.gain_parts)
    + """

def information_gain(feature, labels):
    return float(gain_parts(contingency(feature, labels))["gain"])
""",
]

PLANTED = {("copier", "hana"), ("paster", "library"), ("refcopy", "reference solution")}


def _reference_cells():
    return sim.solution_cells(SOURCE)


def refcopy_cells(source=SOURCE):
    """The reference solution of ``source`` with its names changed (a planted copy)."""
    cells = [c for c in sim.solution_cells(source) if "def " in c]
    out = []
    for cell in cells:
        lines = [line for line in cell.splitlines() if "###" not in line]
        text = "\n".join(lines).replace("total", "n_all").replace("mean_info", "expected")
        out.append(text.replace("part", "subset").replace("value", "v"))
    return out


def _submission(folder: Path, student: str, cells: list[str]) -> None:
    nb = json.loads(SOURCE.read_text())
    code = iter(cells)
    for cell in nb["cells"]:
        meta = cell["metadata"].get("nbgrader", {})
        if meta.get("solution") and cell["cell_type"] == "code":
            cell["source"] = next(code, "raise NotImplementedError()")
    target = folder / "submitted" / student / "hw1"
    target.mkdir(parents=True)
    (target / "hw1.ipynb").write_text(json.dumps(nb))


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    root = tmp_path_factory.mktemp("course")
    shutil.copytree(SOURCE.parent, root / "source" / "hw1")
    for student, cells in HONEST.items():
        _submission(root, student, cells)
    _submission(root, "copier", RENAMED)
    _submission(root, "paster", PASTED)
    _submission(root, "refcopy", refcopy_cells())
    return root


@pytest.fixture(scope="module")
def report(course):
    students, reference = sim.course_documents(course, "hw1")
    library = sim.library_documents([formulas.__file__, *_measure_files()])
    return sim.compare(students, reference=reference, library=library, homework="hw1")


def _measure_files():
    from dtlearn.measures import impurity, information

    return [impurity.__file__, information.__file__]


def _key(pair):
    other = "library" if pair.kind == "library" else pair.right.name
    return pair.left.name, other


def _planted(pair):
    left, other = _key(pair)
    return (left, other) in PLANTED or (other, left) in PLANTED


def test_every_planted_pair_ranks_above_every_honest_pair(report):
    honest = set(HONEST) | {"reference solution", "library"}
    planted = [p for p in report.pairs if _planted(p)]
    honest_pairs = [p for p in report.pairs if p.left.name in honest and _key(p)[1] in honest]
    assert {frozenset(_key(p)) for p in planted} == {frozenset(k) for k in PLANTED}
    # mona wrote the textbook entropy as the reference does: listed, below every copy
    assert "reference solution" in {_key(p)[1] for p in honest_pairs if p.left.name == "mona"}
    assert min(p.score for p in planted) > max(p.score for p in honest_pairs)
    # the three planted pairs are the top three of the whole ranking
    assert {frozenset(_key(p)) for p in report.pairs[:3]} == {frozenset(k) for k in PLANTED}


def test_the_pasted_library_function_is_named(report):
    pasted = [p for p in report.pairs if p.left.name == "paster" and p.kind == "library"]
    names = {p.right.name for p in pasted}
    assert "dtlearn/exercises/homework/check_formulas.py: entropy_bits" in names
    top = pasted[0]
    assert top.right_share > 0.9
    assert all(
        0 <= p.score <= 1 and p.score == max(p.left_share, p.right_share) for p in report.pairs
    )


def test_the_renamed_copy_is_matched_line_for_line(report):
    pair = next(p for p in report.pairs if {p.left.name, p.right.name} == {"copier", "hana"})
    assert pair.score > 0.9
    # the lines marked in each side are the code of both functions, not the template
    left = pair.left.code.text.splitlines()
    assert any("log2" in left[i] for i in pair.left_lines)
    assert any("entropy(" in left[i] for i in pair.left_lines)


def test_the_released_template_is_boilerplate(course):
    """Two stubs that only keep the template share nothing."""
    stub = [
        'def entropy(counts):\n    """Entropy in bits of a list of class counts."""\n'
        "    raise NotImplementedError()\n"
    ]
    students = {"a": stub, "b": stub}
    report = sim.compare(students, reference=_reference_cells())
    assert [p for p in report.pairs if p.kind == "student"] == []
    without = sim.compare(students)  # no reference: no boilerplate
    assert [(p.left.name, p.right.name) for p in without.pairs] == [("a", "b")]


def test_normalise_hides_names_literals_comments_and_order():
    a = [
        "def f(xs):\n    # sum of squares\n    t = 0\n    for x in xs:\n        t += x * x\n"
        "    return t\n",
        "y = 'a'",
    ]
    b = [
        "z = 'other'",
        "def g(values):\n    acc = 10\n    for v in values:\n        acc += v * v\n    return acc",
    ]
    report = sim.compare({"a": a, "b": b})
    assert [round(p.score, 6) for p in report.pairs] == [1.0]
    assert "# sum" not in sim.normalise(a).text
    with pytest.raises(TypeError, match="cells must be strings"):
        sim.normalise([3])
    with pytest.raises(TypeError, match="submissions must map"):
        sim.compare([["x = 1"]])


def test_a_cell_that_does_not_parse_is_left_out():
    assert sim.normalise(["def f(:\n", "%matplotlib inline\nx = 1"]).text == "x = 1"


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts = []
        self.hits = 0

    def handle_starttag(self, tag, attrs):
        self.hits += tag == "span" and ("class", "hit") in attrs

    def handle_data(self, data):
        self.parts.append(data)


def test_command_writes_html_and_csv(course, tmp_path):
    assert sim.main([str(course), "hw1", "--no-library", "--out", str(tmp_path)]) == 0
    with open(tmp_path / "hw1.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [int(r["rank"]) for r in rows] == list(range(1, len(rows) + 1))
    scores = [float(r["score"]) for r in rows]
    assert scores == sorted(scores, reverse=True)
    top = {frozenset((rows[i]["submission"], rows[i]["other"])) for i in range(2)}
    assert top == {frozenset(("copier", "hana")), frozenset(("refcopy", "reference solution"))}
    page = _Text()
    page.feed((tmp_path / "hw1.html").read_text())
    text = " ".join(page.parts)
    assert "Never a verdict." in text and "9 submissions" in text
    assert page.hits > 0
    with pytest.raises(SystemExit, match="no submissions of 'hw9'"):
        sim.main([str(course), "hw9", "--no-library"])


def test_the_library_is_what_the_rules_forbid():
    hw1 = [Path(f).as_posix() for f in sim.forbidden_sources("hw1")]
    assert any(f.endswith("dtlearn/measures/impurity.py") for f in hw1)
    assert any(f.endswith("dtlearn/exercises/homework/check_formulas.py") for f in hw1)
    assert not any(f.endswith(("similarity.py", "similarity_sources.py")) for f in hw1)
    assert not any(f.endswith("dtlearn/pruning/reduced_error.py") for f in hw1)
    hw3 = [Path(f).as_posix() for f in sim.forbidden_sources("hw3")]
    assert any(f.endswith("dtlearn/pruning/reduced_error.py") for f in hw3)
    assert not any(f.endswith("dtlearn/measures/impurity.py") for f in hw3)
