"""The exam bank's questions word for word: titles, prompts, tables, tolerances, choices, data.

The answers are checked against independent computations in ``tests/test_exams.py``; here
every other field a student or a writer reads is compared with the text the question states,
filled in from the question's own drawn data (``q.data``) by the rules written out below:
the prompt's template, each table's header and rows, the tolerance that matches the decimals
asked, the choices, the draw's ranges (which class names, attributes and counts can come up)
and the worked solutions this file can rebuild by hand (1-R's errors, C4.5's fractional
branch counts, the cost-sensitive leaf's expected costs).
"""

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.exams import bank_measures
from dtlearn.exams.exam import QUESTION_TYPES

SEEDS = range(8)

CLASSES = [("yes", "no"), ("pos", "neg"), ("buy", "skip"), ("A", "B", "C")]
ATTRIBUTES = {
    "outlook": ("sunny", "overcast", "rain"),
    "humidity": ("high", "normal"),
    "wind": ("weak", "strong"),
    "size": ("small", "medium", "large"),
    "colour": ("red", "green", "blue"),
    "age": ("young", "old"),
}
SPLIT_WHAT = {
    "information_gain": ("Information gain", "the information gain of this split in bits"),
    "gain_ratio": ("Gain ratio", "the gain ratio (information gain / split information)"),
    "gini_split": (
        "Gini index of a split",
        "the decrease in Gini index (Gini of the node minus the weighted Gini of the children)",
    ),
}


def draw(kind, seed):
    return QUESTION_TYPES[kind](np.random.default_rng(seed))


def tables(q):
    return [t.to_dict() for t in q.tables]


def rows_table(X, y):
    """The training rows as the nominal questions show them: #, each attribute, class."""
    columns = list(X)
    rows = [[str(i + 1), *(str(X[c][i]) for c in columns), str(label)] for i, label in enumerate(y)]
    return {"caption": "", "header": ["#", *columns, "class"], "rows": rows}


def test_every_kind_has_its_title_tolerance_and_kind_of_answer():
    # a numeric answer's tolerance is half a unit of the last decimal asked (or finer)
    want = {
        "entropy": ("Entropy of a node", 0.002, True),
        "information_gain": ("Information gain", 0.002, True),
        "gain_ratio": ("Gain ratio", 0.002, True),
        "gini_split": ("Gini index of a split", 0.002, True),
        "best_attribute": ("The best attribute", 0.0, False),
        "numeric_threshold": ("A numeric threshold", 0.01, True),
        "one_r": ("1-R's rule", 0.0, False),
        "reduced_error": ("A reduced-error pruning decision", 0.0, False),
        "pessimistic": ("A pessimistic error estimate", 0.01, True),
        "weakest_link": ("The next weakest link", 0.0005, True),
        "missing_values": ("Fractional counts with missing values", 0.01, True),
        "cost_leaf": ("A cost-sensitive leaf label", 0.0, False),
    }
    assert list(QUESTION_TYPES) == list(want)  # course order
    for kind, (title, tolerance, numeric) in want.items():
        q = draw(kind, 0)
        assert (q.kind, q.title, q.tolerance, q.numeric) == (kind, title, tolerance, numeric)
    assert bank_measures.MEASURE_TOLERANCE == 0.002


@pytest.mark.parametrize("seed", SEEDS)
def test_entropy_question_word_for_word(seed):
    q = draw("entropy", seed)
    counts, classes = q.data["counts"], q.data["classes"]
    assert sorted(q.data) == ["classes", "counts"]
    assert tuple(classes) in CLASSES and len(counts) == len(classes)
    assert q.prompt == (
        "A node holds the instances counted below. Compute its entropy in bits (3 decimals)."
    )
    assert tables(q) == [
        {"caption": "", "header": ["class", *classes], "rows": [["count", *map(str, counts)]]}
    ]
    assert (q.choices, q.picture) == ((), None)
    assert q.solution == str(dt.entropy(counts=counts, classes=classes).explain())


def test_entropy_draws_reach_every_class_set_and_counts_1_to_12():
    drawn = [draw("entropy", seed).data for seed in range(60)]
    assert {tuple(d["classes"]) for d in drawn} == set(CLASSES)
    values = {c for d in drawn for c in d["counts"]}
    assert min(values) == 1 and max(values) == 12


@pytest.mark.parametrize("kind", list(SPLIT_WHAT))
@pytest.mark.parametrize("seed", SEEDS)
def test_split_questions_word_for_word(kind, seed):
    q = draw(kind, seed)
    d = q.data
    title, what = SPLIT_WHAT[kind]
    assert sorted(d) == ["attribute", "classes", "counts", "values"]
    assert q.title == title
    assert q.prompt == (
        f"Splitting a node on '{d['attribute']}' gives the class counts below (one row per "
        f"value). Compute {what} (3 decimals)."
    )
    assert tuple(d["values"]) == ATTRIBUTES[d["attribute"]]
    assert tables(q) == [
        {
            "caption": "",
            "header": [d["attribute"], *d["classes"]],
            "rows": [[v, *map(str, row)] for v, row in zip(d["values"], d["counts"])],
        }
    ]
    assert (q.choices, q.picture) == ((), None)


def test_split_draws_use_two_class_sets_and_rows_that_are_not_all_alike():
    seen_classes, seen_counts = set(), set()
    for seed in range(40):
        for kind in SPLIT_WHAT:
            d = draw(kind, seed).data
            counts = np.array(d["counts"])
            seen_classes.add(tuple(d["classes"]))
            seen_counts.update(counts.ravel().tolist())
            assert (counts.sum(axis=1) > 0).all() and (counts.sum(axis=0) > 0).all()
            # rows with the same class proportions everywhere: a split that tells nothing
            shares = {tuple(Fraction(int(c), int(row.sum())) for c in row) for row in counts}
            assert len(shares) > 1
    # three of the four class sets: the three-class one never comes up in a split question
    assert seen_classes == set(CLASSES[:3])
    assert seen_counts == set(range(8))


@pytest.mark.parametrize("seed", SEEDS)
def test_best_attribute_question_word_for_word(seed):
    q = draw("best_attribute", seed)
    X, y = q.data["X"], q.data["y"]
    assert sorted(q.data) == ["X", "y"]
    assert q.prompt == (
        "ID3 grows a tree on the 10 training rows below. On which attribute does it split the root?"
    )
    assert len(X) == 3 and len(y) == 10 and set(y) == {"yes", "no"}
    for name, values in X.items():
        assert set(values) <= set(ATTRIBUTES[name]) and len(set(values)) >= 2
    assert q.choices == tuple(X)
    assert tables(q) == [rows_table(X, y)]
    assert q.picture is None
    assert q.solution == str(dt.split_table(pd.DataFrame(X), pd.Series(y, name="class")))


@pytest.mark.parametrize("seed", SEEDS)
def test_numeric_threshold_question_word_for_word(seed):
    q = draw("numeric_threshold", seed)
    x, y = q.data["x"], q.data["y"]
    assert sorted(q.data) == ["x", "y"]
    assert q.prompt == (
        "The numeric attribute 'temperature' is split in two by a test temperature <= t. "
        "Of the thresholds half-way between neighbouring values, which one gives the "
        "largest information gain?"
    )
    assert len(x) == 8 and x == sorted(set(x)) and 10 <= x[0] and x[-1] <= 59
    assert tables(q) == [rows_table({"temperature": x}, y)]
    # the answer is a half-way point: 0.01 accepts it written to 2 decimals, not a neighbour
    assert q.answer in [(a + b) / 2 for a, b in zip(x[:-1], x[1:])]
    assert q.accepts(q.answer + 0.01) and not q.accepts(q.answer + 0.0101)
    assert (q.choices, q.picture) == ((), None)


def _one_r_errors(X, y):
    errors = {}
    for name, values in X.items():
        wrong = 0
        for v in set(values):
            labels = [c for value, c in zip(values, y) if value == v]
            wrong += len(labels) - max(labels.count(c) for c in set(labels))
        errors[name] = wrong
    return errors


@pytest.mark.parametrize("seed", SEEDS)
def test_one_r_question_word_for_word(seed):
    q = draw("one_r", seed)
    X, y = q.data["X"], q.data["y"]
    assert q.prompt == (
        "1-R makes one rule per attribute (each value predicts its majority class) and "
        "keeps the attribute whose rules make the fewest errors on the training rows "
        "below. Which attribute does it keep?"
    )
    assert q.choices == tuple(X) and tables(q) == [rows_table(X, y)]
    errors = _one_r_errors(X, y)
    fewest = min(errors.values())
    assert sorted(errors.values())[1] > fewest  # one attribute is strictly best
    assert q.answer == next(a for a, e in errors.items() if e == fewest)
    lines = q.solution.split("\n")
    assert lines[:3] == [
        "training errors of each attribute's rules: "
        + ", ".join(f"{a} {e}/10" for a, e in errors.items()),
        f"fewest errors: {q.answer}",
        "its rules:",
    ]
    assert lines[3] == f"{q.answer}:"
    assert len(lines) == 4 + len(set(X[q.answer]))


def _plain_tree(q):
    return dt.CARTClassifier(max_depth=3).fit(pd.DataFrame(q.data["X"]), q.data["y"]).tree_


def _conditions(tree, node):
    name = tree.schema.names[node.split.feature]
    t = f"{node.split.threshold:g}"
    return [f"{name} <= {t}", f"{name} > {t}"]


def _node_rows(tree):
    """Each node in depth-first order (left first): id, its last test, counts, leaf/test."""
    rows = []

    def walk(node, test):
        counts = [f"{c:g}" for c in node.counts]
        rows.append([str(node.node_id), test, *counts, "leaf" if node.is_leaf else "test"])
        if not node.is_leaf:
            for child, condition in zip(node.children, _conditions(tree, node)):
                walk(child, condition)

    walk(tree.root, "(root)")
    return rows


def _path_to(tree, node_id):
    def walk(node, path):
        if node.node_id == node_id:
            return path
        for child, condition in zip(node.children, _conditions(tree, node) if node.split else []):
            found = walk(child, [*path, condition])
            if found is not None:
                return found
        return None

    return walk(tree.root, [])


@pytest.mark.parametrize("seed", SEEDS)
def test_reduced_error_question_word_for_word(seed):
    q = draw("reduced_error", seed)
    d = q.data
    tree = _plain_tree(q)
    node_id = d["node"]
    path = " AND ".join(_path_to(tree, node_id)) or "the root"
    assert q.prompt == (
        "The tree below was grown on training rows (counts at each node in the table). "
        f"Reduced-error pruning visits node {node_id} first (reached by {path}). Using the "
        "validation rows, does it replace that node's subtree by a leaf predicting the node's "
        "training majority? (Prune when the validation errors do not increase.)"
    )
    assert len(d["y"]) == 12 and len(d["y_val"]) == 6 and tree.n_leaves >= 3
    assert tables(q) == [
        {
            "caption": "training class counts at each node",
            "header": ["node", "test on the way", "a", "b", "leaf or test"],
            "rows": _node_rows(tree),
        },
        {
            "caption": "validation rows",
            "header": ["#", "x1", "x2", "class"],
            "rows": [
                [str(i + 1), str(a), str(b), c]
                for i, (a, b, c) in enumerate(zip(d["X_val"]["x1"], d["X_val"]["x2"], d["y_val"]))
            ],
        },
    ]
    # the validation rows that reach the node: the subtree's errors against its majority's
    Xv = pd.DataFrame(d["X_val"])
    reach = np.array([node_id in path for path in _paths(tree, Xv)])
    assert reach.sum() > 0
    yv = np.array(d["y_val"], dtype=object)
    node = next(n for n in tree.nodes() if n.node_id == node_id)
    majority = tree.classes[int(np.argmax(node.counts))]
    assert d["subtree_errors"] == int((tree.predict(Xv)[reach] != yv[reach]).sum())
    assert d["leaf_errors"] == int((yv[reach] != majority).sum())
    assert q.answer == ("prune" if d["leaf_errors"] <= d["subtree_errors"] else "keep")
    assert q.choices == ("prune", "keep") and q.picture.startswith("<svg")


def _paths(tree, X):
    """The node ids each row passes, by walking the tree's thresholds by hand."""
    out = []
    for _, row in X.iterrows():
        node, ids = tree.root, []
        while True:
            ids.append(node.node_id)
            if node.is_leaf:
                break
            value = row[tree.schema.names[node.split.feature]]
            node = node.children[0 if value <= node.split.threshold else 1]
        out.append(ids)
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_pessimistic_question_word_for_word(seed):
    q = draw("pessimistic", seed)
    n, e = q.data["n"], q.data["e"]
    assert q.data == {"n": n, "e": e, "confidence": 0.25}
    assert q.prompt == (
        f"A C4.5 leaf holds N = {n} training instances, E = {e} of them misclassified. "
        "With confidence CF = 0.25 (z = 0.6745), how many errors does C4.5 predict for "
        "this leaf (N times the upper confidence limit U)? Answer to 2 decimals."
    )
    assert (q.tables, q.choices, q.picture) == ((), (), None)
    assert q.solution == str(dt.pessimistic_errors(n, e, 0.25).explain())


def test_pessimistic_draws_cover_n_6_to_40_and_e_below_a_third():
    drawn = [draw("pessimistic", seed).data for seed in range(400)]
    ns = {d["n"] for d in drawn}
    assert min(ns) == 6 and max(ns) == 40
    for d in drawn:
        assert 1 <= d["e"] < max(2, d["n"] // 3)
    # the largest e allowed for its n comes up
    assert any(d["e"] == max(2, d["n"] // 3) - 1 and d["n"] >= 9 for d in drawn)


@pytest.mark.parametrize("seed", SEEDS)
def test_weakest_link_question_word_for_word(seed):
    q = draw("weakest_link", seed)
    tree = _plain_tree(q)
    assert sorted(q.data) == ["X", "node", "y"] and len(q.data["y"]) == 10
    assert q.prompt == (
        "Cost-complexity pruning of the CART tree below (N = 10 training rows; as in "
        "scikit-learn, the risk of a node is its Gini index weighted by its share of the "
        "rows, R(t) = n_t/N · Gini(t), and R(T_t) sums it over the leaves of t's subtree). "
        "Which α does the first weakest link have, α_eff(t) = (R(t) − R(T_t)) / "
        "(|leaves of T_t| − 1), smallest over the inner nodes? Answer to 4 decimals."
    )
    assert tables(q) == [
        {
            "caption": "training class counts at each node",
            "header": ["node", "test on the way", "a", "b", "leaf or test"],
            "rows": _node_rows(tree),
        }
    ]
    assert q.choices == () and q.picture.startswith("<svg")


def test_weakest_link_trees_reach_both_ends_of_three_to_six_leaves():
    leaves = {seed: _plain_tree(draw("weakest_link", seed)).n_leaves for seed in range(12)}
    assert set(leaves.values()) <= {3, 4, 5, 6}
    assert leaves[5] == 3 and leaves[9] == 6  # both ends of the range are asked


def _fraction_counts(d):
    """C4.5's branch counts: known rows of the branch plus each unknown row times its share."""
    values, y = d["values"], d["y"]
    known = [v for v in values if v is not None]
    out = {}
    for branch in dict.fromkeys(known):  # the branches in the order the values first come
        share = Fraction(known.count(branch), len(known))
        out[branch] = {
            c: sum(1 for v, k in zip(values, y) if v == branch and k == c)
            + share * sum(1 for v, k in zip(values, y) if v is None and k == c)
            for c in ("no", "yes")
        }
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_missing_values_question_word_for_word(seed):
    q = draw("missing_values", seed)
    d = q.data
    assert sorted(d) == ["branch_value", "class", "values", "y"]
    assert len(d["values"]) == 10 and 2 <= d["values"].count(None) <= 3
    assert set(d["values"]) <= {"high", "low", None} and set(d["y"]) <= {"yes", "no"}
    assert q.prompt == (
        "C4.5 splits the rows below on 'pressure' ('?' = missing). A row whose value is "
        "missing goes down every branch with a weight equal to that branch's share of the "
        f"rows whose value is known. How many instances of class '{d['class']}' (a "
        f"fractional count) reach the branch pressure = {d['branch_value']}? Answer to 2 "
        "decimals."
    )
    assert tables(q) == [
        {
            "caption": "",
            "header": ["#", "pressure", "class"],
            "rows": [
                [str(i + 1), "?" if v is None else v, c]
                for i, (v, c) in enumerate(zip(d["values"], d["y"]))
            ],
        }
    ]
    counts = _fraction_counts(d)
    answer = counts[d["branch_value"]][d["class"]]
    assert answer.denominator > 1  # a fractional count, the point of the question
    assert q.answer == pytest.approx(float(answer), abs=1e-12)
    # the solution ends with every branch's counts (classes in sorted order, 4 places)
    branch_lines = [
        f"branch pressure = {b}: "
        + ", ".join(f"{c} {float(round(v, 4)):g}" for c, v in counts[b].items())
        for b in counts
    ]
    assert q.solution.split("\n")[-len(branch_lines) :] == branch_lines
    assert (q.choices, q.picture) == ((), None)


@pytest.mark.parametrize("seed", SEEDS)
def test_cost_leaf_question_word_for_word(seed):
    q = draw("cost_leaf", seed)
    counts, cost = q.data["counts"], q.data["cost"]
    assert q.data["classes"] == ["healthy", "ill"]
    assert q.prompt == (
        "A leaf holds the training instances counted below. Predicting 'healthy' for an ill "
        "patient and 'ill' for a healthy one cost as in the cost matrix (row: true class, "
        "column: predicted). Which label gives the least expected cost?"
    )
    assert cost[0][0] == cost[1][1] == 0 and 1 <= cost[0][1] <= 3 and 2 <= cost[1][0] <= 11
    assert all(1 <= c <= 14 for c in counts)
    n = sum(counts)
    p = [c / n for c in counts]
    costs = [p[0] * cost[0][j] + p[1] * cost[1][j] for j in range(2)]
    label = "healthy" if costs[0] < costs[1] else "ill"
    majority = "healthy" if counts[0] >= counts[1] else "ill"
    assert q.answer == label and q.choices == ("healthy", "ill")

    def g4(x):
        return f"{x:.4g}"

    assert q.solution == "\n".join(
        [
            f"class counts at the leaf: healthy {counts[0]}, ill {counts[1]} "
            f"(p = {g4(p[0])}, {g4(p[1])})",
            f"expected cost of predicting healthy = {g4(p[0])}·0 + {g4(p[1])}·{cost[1][0]} "
            f"= {g4(costs[0])}",
            f"expected cost of predicting ill = {g4(p[0])}·{cost[0][1]} + {g4(p[1])}·0 "
            f"= {g4(costs[1])}",
            f"least expected cost: {label} (dt.CARTClassifier(cost_matrix=...) predicts "
            f"{label}; the majority class is {majority})",
        ]
    )
    assert q.picture is None


def test_cost_leaf_draws_cover_the_cost_ranges():
    drawn = [draw("cost_leaf", seed).data for seed in range(200)]
    assert {d["cost"][0][1] for d in drawn} == {1, 2, 3}
    assert {d["cost"][1][0] for d in drawn} == set(range(2, 12))
    assert {c for d in drawn for c in d["counts"]} == set(range(1, 15))


def test_tree_questions_draw_x1_and_x2_from_1_to_29_and_classes_a_b():
    values = {"x1": set(), "x2": set()}
    labels = set()
    for seed in range(40):
        for kind, key in (
            ("reduced_error", "X"),
            ("reduced_error", "X_val"),
            ("weakest_link", "X"),
        ):
            d = draw(kind, seed).data
            for column in values:
                values[column].update(d[key][column])
            labels.update(d["y"])
    assert values == {"x1": set(range(1, 30)), "x2": set(range(1, 30))}
    assert labels == {"a", "b"}
