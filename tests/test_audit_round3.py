"""Numbers of the second course audit (COURSE-AUDIT.md, round 2), each recomputed here by
code that shares nothing with what the notebooks call."""

import itertools
import re
from collections import Counter
from pathlib import Path

import nbformat
import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.consistent import consistent_tree_sizes, consistent_trees, n_leaves


# ---------------------------------------------------------------- R1, R8: consistent trees
def brute_force_trees(records, attributes, split_pure=False):
    """Every consistent multiway tree, listed: records are (dict of values, class) pairs."""
    classes = {label for _, label in records}
    found = []
    if len(classes) == 1:
        found.append(("leaf", next(iter(classes))))
        if not split_pure:
            return found
    for a in attributes:
        values = sorted({row[a] for row, _ in records})
        if len(values) < 2:
            continue
        rest = [b for b in attributes if b != a]
        branches = [brute_force_trees([r for r in records if r[0][a] == v], rest, split_pure)
                    for v in values]
        for choice in itertools.product(*branches):
            found.append(("split", a, tuple(zip(values, choice))))
    return found


def leaves_of(tree):
    return 1 if tree[0] == "leaf" else sum(leaves_of(sub) for _, sub in tree[2])


def answer(tree, example):
    while tree[0] == "split":
        tree = dict(tree[2]).get(example[tree[1]], ("leaf", None))
    return tree[1]


def records_of(X, y):
    return [(dict(zip(X.columns, map(str, row))), label)
            for row, label in zip(X.itertuples(index=False), y)]


@pytest.mark.parametrize("load, total, histogram", [
    (dt.load_play_tennis, 253, {5: 1, 7: 6, 8: 11, 9: 16, 10: 47, 11: 66, 12: 60, 13: 38, 14: 8}),
    (dt.load_contact_lenses, 1408, None),
])
def test_consistent_tree_counts_equal_a_brute_force_listing(load, total, histogram):
    X, y = load()
    listed = brute_force_trees(records_of(X, y), list(X.columns))
    by_leaves = Counter(leaves_of(t) for t in listed)
    assert len(listed) == len(set(listed)) == total
    assert consistent_tree_sizes(X, y) == by_leaves
    assert Counter(n_leaves(t) for t in consistent_trees(X, y)) == by_leaves
    if histogram:
        assert dict(by_leaves) == histogram


def test_play_tennis_trees_are_161_functions_and_12744_trees_when_pure_nodes_may_split():
    X, y = dt.load_play_tennis()
    records = records_of(X, y)
    listed = brute_force_trees(records, list(X.columns))
    domain = [dict(zip(X.columns, values)) for values in
              itertools.product(*[sorted(map(str, X[c].unique())) for c in X.columns])]
    functions = {tuple(answer(t, e) for e in domain) for t in listed}
    assert len(domain) == 36 and len(functions) == 161
    assert sum(consistent_tree_sizes(X, y, split_pure=True).values()) == 12744
    assert len(brute_force_trees(records, list(X.columns), split_pure=True)) == 12744


def test_contact_lenses_smallest_trees_are_three_of_nine_leaves():
    X, y = dt.load_contact_lenses()
    sizes = Counter(leaves_of(t) for t in brute_force_trees(records_of(X, y), list(X.columns)))
    assert min(sizes) == 9 and sizes[9] == 3


# ---------------------------------------------------------------- R6: exercise 01.3's counts
def test_per_student_age_45_counts_agree_with_the_age_36_counts_for_10000_seeds():
    """Everyone aged 36 or less is also 45 or less: the <= 45 child contains the <= 36 child
    (161 churned, 231 stayed) and the > 45 child lies inside the > 36 one (113, 495)."""
    for seed in range(10_000):
        (churn_left, stay_left), (churn_right, stay_right) = dt.exercises.data("01.3", seed=seed)["children"]
        assert churn_left + churn_right == 274 and churn_left + stay_left + churn_right + stay_right == 1000
        assert churn_left >= 161 and stay_left >= 231, seed
        assert 0 <= churn_right <= 113 and 0 <= stay_right <= 495, seed
        assert churn_left + stay_left > 392, seed  # age 45 moves somebody


# ---------------------------------------------------------------- R2: the Thai branch ties
def test_thai_branch_ties_fri_sat_raining_and_wait_estimate_at_one_bit():
    """The two Thai rows under Patrons = Full, Hungry = Yes, by hand: an attribute gains the
    full bit exactly when it gives the two rows (one Yes, one No) different values."""
    R, wait = dt.load_restaurant()
    rows = R[(R["Patrons"] == "Full") & (R["Hungry"] == "Yes") & (R["Type"] == "Thai")]
    assert sorted(wait[rows.index]) == ["No", "Yes"]
    separating = [a for a in R.columns if rows[a].nunique() == 2]
    assert separating == ["Fri/Sat", "Raining", "WaitEstimate"]
    model = dt.ID3Classifier().fit(R, wait)
    thai = next(s for s in model.steps_ if s.condition == "Type = Thai")
    gains = {c.feature_name: c.scores["information_gain"] for c in thai.candidates if c.admissible}
    assert [a for a, g in gains.items() if g == 1.0] == separating


# ---------------------------------------------------------------- R3, R4: cost matrices
def test_two_class_cost_gini_is_a_constant_times_gini_and_blind_to_direction():
    rng = np.random.default_rng(0)
    for _ in range(200):
        counts = rng.integers(0, 50, size=2) + 1
        l12, l21 = rng.uniform(0.1, 10, size=2)
        p = counts / counts.sum()
        by_hand = l12 * p[0] * p[1] + l21 * p[1] * p[0]
        for L in ([[0, l12], [l21, 0]], [[0, l21], [l12, 0]]):
            assert dt.cost_gini(counts=counts, cost_matrix=np.array(L)) == pytest.approx(by_hand)
        assert by_hand == pytest.approx((l12 + l21) / 2 * (1 - (p ** 2).sum()))


def test_both_depth_2_lens_trees_make_the_three_textbook_decisions():
    X, y = dt.load_contact_lenses()
    classes = list(dt.CARTClassifier().fit(X, y).classes_)
    L = 1 - np.eye(3)
    L[classes.index("soft"), classes.index("hard")] = 5
    rule = np.where(X["tear-prod-rate"] == "reduced", "none",
                    np.where(X["astigmatism"] == "no", "soft", "hard"))
    for cost in (None, L):
        model = dt.CARTClassifier(max_depth=2, cost_matrix=cost).fit(X, y)
        assert (model.predict(X) == rule).all()


def test_cost_weighted_splits_change_car_predictions_and_lower_training_cost():
    """The plain depth-3 tree relabelled by least expected cost against the cost-weighted tree:
    totals from confusion matrices (pandas crosstab), not from dtlearn's leaves."""
    X, y = dt.load_car()
    plain = dt.CARTClassifier(max_depth=3).fit(X, y)
    classes = list(plain.classes_)
    L = pd.DataFrame(1 - np.eye(4), index=classes, columns=classes)
    L.loc["good", "vgood"] = 5
    costly = dt.CARTClassifier(max_depth=3, cost_matrix=L.values).fit(X, y)
    leaf_ids = plain.tree_.apply(X)
    table = pd.crosstab(leaf_ids, y).reindex(columns=classes, fill_value=0)
    label = {leaf: (row.to_numpy() @ L.to_numpy()).argmin() for leaf, row in table.iterrows()}
    relabelled = np.array([classes[label[i]] for i in leaf_ids])

    def total(predicted):
        confusion = pd.crosstab(y, pd.Series(predicted, index=y.index)).reindex(
            index=classes, columns=classes, fill_value=0)
        return float((confusion * L).to_numpy().sum())

    assert (relabelled != costly.predict(X)).sum() == 192
    assert (total(relabelled), total(costly.predict(X))) == (360.0, 336.0)


# ---------------------------------------------------------------- R22, R23: in front of a class
INSTRUCTOR = Path(__file__).resolve().parents[1] / "instructor"


def test_notebook_09_shows_the_wisconsin_data_with_names():
    nb = nbformat.read(INSTRUCTOR / "09_cost_complexity.ipynb", as_version=4)
    shown = "\n".join(str(o.get("text", "")) for c in nb.cells if c.cell_type == "code"
                      for o in c.outputs)
    assert "worst radius <= 17.59" in shown and "malignant" in shown
    assert not re.search(r"\bx\d+ <=", shown), "a node reads x<number>: load the data with names"


@pytest.mark.parametrize("path", sorted(INSTRUCTOR.glob("[0-9][0-9]*_*.ipynb")), ids=lambda p: p.name)
def test_every_app_is_described_and_says_to_run_the_cell(path):
    """The markdown above an app: what it shows first, then what to do; and that the static
    picture (website, untrusted notebook) needs the cell run."""
    nb = nbformat.read(path, as_version=4)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and re.search(r"dt\.widgets\.\w+\(", cell.source):
            above = next(c.source for c in reversed(nb.cells[:i]) if c.cell_type == "markdown")
            above = "\n".join(line for line in above.splitlines() if not line.startswith("#"))
            assert "run the cell" in above, f"{path.name}, cell {i}: no run-the-cell line"
            action = re.search(r"\b([Cc]lick|[Pp]ress|[Mm]ove|[Pp]ick|[Ss]witch)\b", above)
            if action:
                assert re.search(r"\b(shows|draws|replays)\b", above[:action.start()]), \
                    f"{path.name}, cell {i}: says what to do before what the app shows"


# ---------------------------------------------------------------- R16: the post's mean info digits
def test_no_single_rounding_scheme_gives_both_of_the_posts_mean_infos():
    """The post prints 0.693 (outlook) and 0.787 (humidity); exact 0.69354 and 0.78845."""
    import math

    def h(counts):
        return -sum(c / sum(counts) * math.log2(c / sum(counts)) for c in counts if c)

    branches = {"outlook": [[2, 3], [4, 0], [3, 2]], "humidity": [[3, 4], [6, 1]]}
    cut = lambda v: math.floor(v * 1000) / 1000  # noqa: E731
    schemes = {
        "exact": lambda b: round(sum(sum(c) / 14 * h(c) for c in b), 3),
        "entropies rounded": lambda b: round(sum(sum(c) / 14 * round(h(c), 3) for c in b), 3),
        "entropies cut": lambda b: round(sum(sum(c) / 14 * cut(h(c)) for c in b), 3),
        "terms rounded": lambda b: round(sum(round(sum(c) / 14 * h(c), 3) for c in b), 3),
        "terms cut": lambda b: round(sum(cut(sum(c) / 14 * h(c)) for c in b), 3),
    }
    printed = {"outlook": 0.693, "humidity": 0.787}
    both = [name for name, f in schemes.items()
            if all(f(branches[a]) == printed[a] for a in printed)]
    assert both == []
    assert schemes["exact"](branches["outlook"]) == 0.694 and schemes["exact"](branches["humidity"]) == 0.788
