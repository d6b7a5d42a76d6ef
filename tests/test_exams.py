"""The exam question bank (dtlearn.exams): every key answer against an independent computation.

The expected answers below are worked out from each question's drawn data (``q.data``)
with plain math/numpy formulas written here, not with the question code or the measures:
entropy, gains and Gini as sums, the best attribute and threshold by scanning, 1-R by
counting, reduced-error pruning by comparing validation errors through ``Tree`` methods,
Quinlan's pessimistic bound from its formula, the weakest link by walking the tree,
C4.5's fractional counts from the branch shares, the cost-sensitive label from p·C.
"""

import json
import math
from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest

from dtlearn import exams
from dtlearn.exams.exam import Exam

ROSTER = [exams.Student(f"s{i:02d}", f"Student {i}") for i in range(30)]


@pytest.fixture(scope="session")
def exam() -> Exam:
    return exams.make_exam(ROSTER, exam_seed="test midterm", title="Midterm")


def H(counts):
    counts = np.asarray(counts, dtype=float)
    p = counts[counts > 0] / counts.sum()
    return float(-(p * np.log2(p)).sum())


def gini(counts):
    counts = np.asarray(counts, dtype=float)
    return 1.0 - float(((counts / counts.sum()) ** 2).sum())


def weighted(table, f):
    table = np.asarray(table, dtype=float)
    sizes = table.sum(axis=1)
    return sum(s / sizes.sum() * f(row) for s, row in zip(sizes, table))


def ig_of(column, labels):
    table = pd.crosstab(pd.Series(list(column)), pd.Series(list(labels))).to_numpy()
    return H(table.sum(axis=0)) - weighted(table, H)


def expected_entropy(d):
    return H(d["counts"])


def expected_information_gain(d):
    return H(np.sum(d["counts"], axis=0)) - weighted(d["counts"], H)


def expected_gain_ratio(d):
    sizes = np.sum(d["counts"], axis=1)
    return expected_information_gain(d) / H(sizes)


def expected_gini_split(d):
    return gini(np.sum(d["counts"], axis=0)) - weighted(d["counts"], gini)


def expected_best_attribute(d):
    gains = {a: ig_of(v, d["y"]) for a, v in d["X"].items()}
    return max(gains, key=gains.get)


def expected_numeric_threshold(d):
    x = np.array(d["x"], dtype=float)
    values = np.unique(x)
    cuts = [(a + b) / 2 for a, b in zip(values[:-1], values[1:])]
    gains = [ig_of(x <= t, d["y"]) for t in cuts]
    return cuts[int(np.argmax(gains))]


def expected_one_r(d):
    errors = {}
    y = pd.Series(d["y"])
    for a, v in d["X"].items():
        table = pd.crosstab(pd.Series(v), y).to_numpy()
        errors[a] = int((table.sum(axis=1) - table.max(axis=1)).sum())
    return min(errors, key=errors.get)


def expected_reduced_error(d):
    import dtlearn as dt

    tree = dt.CARTClassifier(max_depth=3).fit(pd.DataFrame(d["X"]), pd.Series(d["y"])).tree_
    Xv, yv = pd.DataFrame(d["X_val"]), np.asarray(d["y_val"], dtype=object)
    node = next(n for n in tree.nodes() if n.node_id == d["node"])
    assert not node.is_leaf and all(c.is_leaf for c in node.children)  # visited first
    now = int((tree.predict(Xv) != yv).sum())
    with_leaf = int((tree.with_leaves_at([d["node"]]).predict(Xv) != yv).sum())
    return "prune" if with_leaf <= now else "keep"


def expected_pessimistic(d):
    n, e, cf = d["n"], d["e"], d["confidence"]
    z = NormalDist().inv_cdf(1 - cf)
    f = (e + 0.5) / n
    upper = (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (
        1 + z * z / n
    )
    return upper * n


def expected_weakest_link(d):
    import dtlearn as dt

    tree = dt.CARTClassifier(max_depth=3).fit(pd.DataFrame(d["X"]), pd.Series(d["y"])).tree_
    n = len(d["y"])

    def plain(node):
        return {
            "counts": np.asarray(node.counts, dtype=float),
            "children": [plain(c) for c in node.children],
        }

    def leaves(node):
        return [node] if not node["children"] else [x for c in node["children"] for x in leaves(c)]

    def inner(node):
        return (
            [] if not node["children"] else [node] + [x for c in node["children"] for x in inner(c)]
        )

    def risk(node):  # R(t) = n_t / N · Gini(t), scikit-learn's cost-complexity risk
        return node["counts"].sum() / n * gini(node["counts"])

    root = plain(tree.root)
    while True:
        alphas = [
            ((risk(t) - sum(risk(leaf) for leaf in leaves(t))) / (len(leaves(t)) - 1), i)
            for i, t in enumerate(inner(root))
        ]
        best, index = min(alphas)
        if best > 1e-12:
            return best
        inner(root)[index]["children"] = []  # alpha 0: pruned before the path starts


def expected_missing_values(d):
    values = np.array(d["values"], dtype=object)
    y = np.array(d["y"], dtype=object)
    known = np.array([v is not None for v in values])
    share = np.sum(values[known] == d["branch_value"]) / known.sum()
    in_branch = np.sum((values == d["branch_value"]) & (y == d["class"]))
    return in_branch + share * np.sum(~known & (y == d["class"]))


def expected_cost_leaf(d):
    counts, cost = np.array(d["counts"], dtype=float), np.array(d["cost"], dtype=float)
    return d["classes"][int(np.argmin(counts @ cost))]


EXPECTED = {
    name[len("expected_") :]: f for name, f in globals().items() if name.startswith("expected_")
}


def test_the_bank_has_at_least_ten_types_and_each_is_checked_here():
    assert len(exams.QUESTION_TYPES) >= 10
    assert set(EXPECTED) == set(exams.QUESTION_TYPES)


def test_every_key_answer_equals_an_independent_computation(exam):
    checked = 0
    for questions in exam.variants.values():
        for q in questions:
            want = EXPECTED[q.kind](q.data)
            if q.numeric:
                assert q.answer == pytest.approx(want, abs=1e-9), (q.kind, q.data)
                assert q.accepts(round(want, 3 if q.tolerance >= 0.002 else 4))
            else:
                assert q.answer == want, (q.kind, q.data)
                assert set(q.choices) >= {want}
            checked += 1
    assert checked == 30 * len(exams.QUESTION_TYPES)


def test_thirty_students_thirty_distinct_variants(exam):
    assert [s.student.id for s in exam.sheets] == [s.id for s in ROSTER]
    assert len({s.variant for s in exam.sheets}) == 30
    drawn = {json.dumps([q.data for q in s.questions], sort_keys=True) for s in exam.sheets}
    assert len(drawn) == 30
    again = exams.make_exam(ROSTER[:2], exam_seed="test midterm", title="Midterm")
    assert again.sheets == exam.sheets[:2]  # the same on every run
    other = exams.make_exam(ROSTER[:1], exam_seed="another exam")
    assert other.sheets[0].variant != exam.sheets[0].variant


def test_shared_variants():
    shared = exams.make_exam([s.id for s in ROSTER[:12]], ["entropy", "cost_leaf"], variants=3)
    assert len(shared.variants) <= 3
    assert {s.variant for s in shared.sheets} == set(shared.variants)


def test_worked_solutions_are_the_library_explanations(exam):
    import dtlearn as dt

    q = next(q for q in exam.sheets[0].questions if q.kind == "information_gain")
    values = pd.Index(q.data["values"], name=q.data["attribute"])
    measure = dt.information_gain(
        counts=np.array(q.data["counts"]), values=values, classes=q.data["classes"]
    )
    assert q.solution == str(measure.explain())
    assert f"  {q.data['attribute']} " in q.solution  # the prompt's attribute, not "A"
    q = next(q for q in exam.sheets[0].questions if q.kind == "pessimistic")
    assert q.solution == str(dt.pessimistic_errors(q.data["n"], q.data["e"]).explain())


def test_json_holds_every_variant(exam, tmp_path):
    exam.write_json(tmp_path / "exam.json")
    data = json.loads((tmp_path / "exam.json").read_text())
    assert [s["variant"] for s in data["students"]] == [s.variant for s in exam.sheets]
    first = data["variants"][exam.sheets[0].variant]
    assert [q["kind"] for q in first] == list(exams.QUESTION_TYPES)
    assert [q["answer"] for q in first] == [
        float(q.answer) if q.numeric else q.answer for q in exam.sheets[0].questions
    ]


def test_bad_input_is_named(tmp_path):
    with pytest.raises(ValueError, match="question type must be one of"):
        exams.make_exam(["a"], ["entropy", "nope"])
    with pytest.raises(ValueError, match="roster is empty"):
        exams.make_exam([])
    with pytest.raises(ValueError, match="variants must be a positive integer"):
        exams.make_exam(["a"], variants=0)
    (tmp_path / "r.csv").write_text("name\nada\n")
    with pytest.raises(ValueError, match="'id' column"):
        exams.read_roster(tmp_path / "r.csv")
    (tmp_path / "r.csv").write_text("id\nada\nada\n")
    with pytest.raises(ValueError, match="unique"):
        exams.read_roster(tmp_path / "r.csv")
    with pytest.raises(ValueError, match="not one of the choices"):
        exams.Question("x", "X", "?", answer="c", choices=("a", "b"))
    with pytest.raises(ValueError, match="rows must each have 2 cells"):
        exams.Table(("a", "b"), (("1",),))


def test_a_draw_with_a_constant_attribute_is_drawn_again():
    """Seed 382's first 10 rows give one attribute a single value (no split, no gain):
    the question redraws instead of failing, and its answer is still the independent one."""
    from dtlearn.exams.bank_measures import _nominal_data, best_attribute_question

    X, y = _nominal_data(np.random.default_rng(382), 10)
    assert X.nunique().min() == 1 and y.nunique() == 2
    q = best_attribute_question(np.random.default_rng(382))
    X = pd.DataFrame(q.data["X"])
    assert X.nunique().min() >= 2
    assert q.answer == EXPECTED["best_attribute"](q.data)
