"""Numbers and claims the lectures print, each recomputed here by code that shares nothing
with what the notebooks call (numpy, pandas, itertools; dtlearn only to load data and to
draw the per-student numbers under test)."""

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


# ---------------------------------------------------------------- NB02b: consistent trees
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
        branches = [
            brute_force_trees([r for r in records if r[0][a] == v], rest, split_pure)
            for v in values
        ]
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
    return [
        (dict(zip(X.columns, map(str, row))), label)
        for row, label in zip(X.itertuples(index=False), y)
    ]


@pytest.mark.parametrize(
    "load, total, histogram",
    [
        (
            dt.load_play_tennis,
            253,
            {5: 1, 7: 6, 8: 11, 9: 16, 10: 47, 11: 66, 12: 60, 13: 38, 14: 8},
        ),
        (dt.load_contact_lenses, 1408, None),
    ],
)
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
    domain = [
        dict(zip(X.columns, values))
        for values in itertools.product(*[sorted(map(str, X[c].unique())) for c in X.columns])
    ]
    functions = {tuple(answer(t, e) for e in domain) for t in listed}
    assert len(domain) == 36 and len(functions) == 161
    assert sum(consistent_tree_sizes(X, y, split_pure=True).values()) == 12744
    assert len(brute_force_trees(records, list(X.columns), split_pure=True)) == 12744


def test_contact_lenses_smallest_trees_are_three_of_nine_leaves():
    X, y = dt.load_contact_lenses()
    sizes = Counter(leaves_of(t) for t in brute_force_trees(records_of(X, y), list(X.columns)))
    assert min(sizes) == 9 and sizes[9] == 3


# ---------------------------------------------------------------- NB01: exercise 01.3's counts
def test_per_student_age_45_counts_agree_with_the_age_36_counts_for_10000_seeds():
    """Everyone aged 36 or less is also 45 or less: the <= 45 child contains the <= 36 child
    (161 churned, 231 stayed) and the > 45 child lies inside the > 36 one (113, 495)."""
    for seed in range(10_000):
        (churn_left, stay_left), (churn_right, stay_right) = dt.exercises.data("01.3", seed=seed)[
            "children"
        ]
        assert (
            churn_left + churn_right == 274
            and churn_left + stay_left + churn_right + stay_right == 1000
        )
        assert churn_left >= 161 and stay_left >= 231, seed
        assert 0 <= churn_right <= 113 and 0 <= stay_right <= 495, seed
        assert churn_left + stay_left > 392, seed  # age 45 moves somebody


def plain_weighted_gini(children):
    total = sum(map(sum, children))
    return sum(sum(c) / total * (1 - sum((k / sum(c)) ** 2 for k in c)) for c in children)


def test_the_posts_age_36_split_is_the_best_and_no_students_age_45_split_beats_it():
    """NB01 teaches that the post's scan finds the lowest weighted Gini at age <= 36
    (0.373747): every student's invented age-45 split (2,000 seeds) must score higher, also
    at the four decimals a student prints."""
    assert round(plain_weighted_gini([[161, 231], [113, 495]]), 6) == 0.373747
    scores = [
        plain_weighted_gini(dt.exercises.data("01.3", seed=seed)["children"])
        for seed in range(2_000)
    ]
    assert round(min(scores), 4) > 0.3737
    assert len({round(s, 4) for s in scores}) > 100  # still one number per student


# ---------------------------------------------------------------- NB02: the Thai branch ties
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


# ---------------------------------------------------------------- NB11b: cost matrices
def test_two_class_cost_gini_is_a_constant_times_gini_and_blind_to_direction():
    rng = np.random.default_rng(0)
    for _ in range(200):
        counts = rng.integers(0, 50, size=2) + 1
        l12, l21 = rng.uniform(0.1, 10, size=2)
        p = counts / counts.sum()
        by_hand = l12 * p[0] * p[1] + l21 * p[1] * p[0]
        for L in ([[0, l12], [l21, 0]], [[0, l21], [l12, 0]]):
            assert dt.cost_gini(counts=counts, cost_matrix=np.array(L)) == pytest.approx(by_hand)
        assert by_hand == pytest.approx((l12 + l21) / 2 * (1 - (p**2).sum()))


def test_both_depth_2_lens_trees_make_the_three_textbook_decisions():
    X, y = dt.load_contact_lenses()
    classes = list(dt.CARTClassifier().fit(X, y).classes_)
    L = 1 - np.eye(3)
    L[classes.index("soft"), classes.index("hard")] = 5
    rule = np.where(
        X["tear-prod-rate"] == "reduced", "none", np.where(X["astigmatism"] == "no", "soft", "hard")
    )
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
            index=classes, columns=classes, fill_value=0
        )
        return float((confusion * L).to_numpy().sum())

    assert (relabelled != costly.predict(X)).sum() == 192
    assert (total(relabelled), total(costly.predict(X))) == (360.0, 336.0)


# ---------------------------------------------------------------- in front of a class
INSTRUCTOR = Path(__file__).resolve().parents[1] / "instructor"


def test_notebook_09_shows_the_wisconsin_data_with_names():
    nb = nbformat.read(INSTRUCTOR / "09_cost_complexity.ipynb", as_version=4)
    shown = "\n".join(
        str(o.get("text", "")) for c in nb.cells if c.cell_type == "code" for o in c.outputs
    )
    assert "worst radius <= 17.59" in shown and "malignant" in shown
    assert not re.search(r"\bx\d+ <=", shown), "a node reads x<number>: load the data with names"


@pytest.mark.parametrize(
    "path", sorted(INSTRUCTOR.glob("[0-9][0-9]*_*.ipynb")), ids=lambda p: p.name
)
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
                assert re.search(r"\b(shows|draws|replays)\b", above[: action.start()]), (
                    f"{path.name}, cell {i}: says what to do before what the app shows"
                )


# ---------------------------------------------------------------- NB02: the post's mean info digits
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
    both = [
        name for name, f in schemes.items() if all(f(branches[a]) == printed[a] for a in printed)
    ]
    assert both == []
    assert (
        schemes["exact"](branches["outlook"]) == 0.694
        and schemes["exact"](branches["humidity"]) == 0.788
    )


# ---------------------------------------------------------------- NB12: Fisher's direction
def fisher_direction(X, labels, pooled):
    """w = S_W^-1 (m_1 - m_2) with S_W the sum of the classes' scatter matrices or, for the
    comparison, of their covariance matrices; scaled so that w_1 = 1."""
    parts = [X[labels == k] for k in ("above", "below")]
    means = [p.mean(axis=0) for p in parts]
    if pooled == "scatter":
        within = sum((p - m).T @ (p - m) for p, m in zip(parts, means))
    else:
        within = sum(np.cov(p, rowvar=False) for p in parts)
    w = np.linalg.solve(within, means[0] - means[1])
    w = w / w[0]
    z = X @ w
    cut = (z[labels == "below"].max() + z[labels == "above"].min()) / 2
    return w, cut


def test_the_oblique_tree_uses_scatter_matrices_as_notebook_12_says():
    """NB12 prints 1·x1 + 0.993·x2 - 0.998: scatter matrices give these digits, added
    covariance matrices would not; and the text names scatter matrices."""
    rng = np.random.default_rng(0)
    X = rng.uniform(size=(300, 2))
    labels = np.where(X[:, 0] + X[:, 1] > 1, "above", "below")
    w, cut = fisher_direction(X, labels, "scatter")
    assert (round(w[1], 3), round(cut, 3)) == (0.993, 0.998)
    w_cov, _ = fisher_direction(X, labels, "covariance")
    assert round(w_cov[1], 3) != 0.993
    nb = nbformat.read(INSTRUCTOR / "12_greedy_myopia_multivariate.ipynb", as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    shown = "\n".join(
        str(o.get("text", "")) for c in nb.cells if c.cell_type == "code" for o in c.outputs
    )
    assert "1·x1 + 0.993·x2 - 0.998 <= 0" in shown
    assert "scatter matrices added" in text and "covariance matrices, added" not in text


# ---------------------------------------------------------------- NB08b: exercise 08b.2's node
def test_every_students_node_survives_the_collapse_pass():
    """Exercise 08b.2 asks the prune pass's question, so the collapse pass (taught two cells
    earlier) must keep every student's node: its leaves make fewer training errors than the
    node as a leaf, which is the minority of the summed counts (2,000 seeds)."""
    for seed in range(2_000):
        node = dt.exercises.data("08b.2", seed=seed)
        leaves = node["leaves"]
        assert node["N"] == sum(n for n, _ in leaves), seed
        assert all(0 <= e <= n / 2 for n, e in leaves), seed
        assert sum(e for _, e in leaves) < node["E"] <= node["N"] / 2, seed


# ---------------------------------------------------------------- helpers: what a notebook shows
def notebook(name):
    return nbformat.read(INSTRUCTOR / name, as_version=4)


def prose(nb):
    return re.sub(r"\s+", " ", "\n".join(c.source for c in nb.cells if c.cell_type == "markdown"))


def shown_by(nb, code_fragment):
    """The text outputs of the code cell containing ``code_fragment``."""
    cell = next(c for c in nb.cells if c.cell_type == "code" and code_fragment in c.source)
    return "\n".join(
        str(o.get("text", "")) + str(o.get("data", {}).get("text/plain", "")) for o in cell.outputs
    )


# ---------------------------------------------------------------- NB02b: partial labellings
def test_only_5_of_the_161_labellings_label_every_day():
    """The 253 consistent play-tennis trees give 161 labellings of the 36 possible days; a
    multiway tree has no branch for a value its node never saw, so 156 are partial."""
    X, y = dt.load_play_tennis()
    listed = brute_force_trees(records_of(X, y), list(X.columns))
    domain = [
        dict(zip(X.columns, values))
        for values in itertools.product(*[sorted(map(str, X[c].unique())) for c in X.columns])
    ]
    functions = {tuple(answer(t, e) for e in domain) for t in listed}
    complete = [f for f in functions if None not in f]
    assert (len(functions), len(complete)) == (161, 5)
    nb = notebook("02b_how_many_trees.ipynb")
    assert "of which 5 label every day and 156 leave some days unlabelled" in shown_by(
        nb, "complete ="
    )
    assert "*partial* labellings" in prose(nb)


# ---------------------------------------------------------------- NB13: fold spreads in rows
def test_a_fold_standard_deviation_of_the_printed_size_is_two_to_four_rows():
    """569 tumours in 5 folds: about 114 rows a fold; the printed standard deviations times
    the fold size lie between 2 and 4 rows (0.032 x 114 = 3.6, not "two or three")."""
    from sklearn.datasets import load_breast_cancer

    fold = len(load_breast_cancer().target) / 5
    nb = notebook("13_from_one_tree_to_many.ipynb")
    spreads = [
        float(s)
        for s in re.findall(
            r"standard deviation over the folds (\d\.\d+)", shown_by(nb, "cross_val_score(model")
        )
    ]
    assert len(spreads) == 4
    rows = [s * fold for s in spreads]
    assert 2 <= min(rows) and max(rows) <= 4 and max(rows) > 3
    assert (
        f"standard deviation of {min(spreads):.3f} to {max(spreads):.3f} is two to four rows"
        in prose(nb)
    )


# ---------------------------------------------------------------- NB13: bias and variance
def test_bias_variance_table_of_notebook_13_recomputed_with_scikit_learn():
    """The same 100 training samples (same seed and draw order) grown with scikit-learn's
    regression tree: bias², variance and their sum, and the identity mean (f̂ − f)² =
    bias² + variance, agree with the printed table to its four decimals."""
    from sklearn.ensemble import BaggingRegressor
    from sklearn.tree import DecisionTreeRegressor

    rng = np.random.default_rng(2)
    points = np.linspace(0.1, 5.9, 30)[:, None]
    f_x0 = np.sin(points[:, 0])
    predictions = {"depth 1": [], "depth 3": [], "full depth": [], "25 bagged full trees": []}
    for s in range(100):
        x_s = rng.uniform(0, 6, 50)
        noisy = np.sin(x_s) + rng.normal(0, 0.3, 50)
        for name, depth in (("depth 1", 1), ("depth 3", 3), ("full depth", None)):
            model = DecisionTreeRegressor(max_depth=depth).fit(x_s[:, None], noisy)
            predictions[name].append(model.predict(points))
        bag = BaggingRegressor(DecisionTreeRegressor(), n_estimators=25, random_state=s)
        predictions["25 bagged full trees"].append(bag.fit(x_s[:, None], noisy).predict(points))
    shown = shown_by(notebook("13_from_one_tree_to_many.ipynb"), "bias2 =")
    for name, P in predictions.items():
        P = np.array(P)
        bias2 = np.mean((P.mean(axis=0) - f_x0) ** 2)
        variance = np.mean(P.var(axis=0))
        assert np.mean((P - f_x0) ** 2) == pytest.approx(bias2 + variance)
        row = next(line for line in shown.splitlines() if line.startswith(name))
        printed = [float(v) for v in row[len(name) :].split()]
        assert printed == pytest.approx(
            [bias2, variance, bias2 + variance, bias2 + variance], abs=6e-5
        ), name


def test_notebook_13_defines_bias_and_variance_and_the_start_page_lists_them():
    text = prose(notebook("13_from_one_tree_to_many.ipynb"))
    assert "## Bias and variance" in text and "§7.3" in text
    for part in ("**noise**", "**bias²**", "**variance**"):
        assert part in text
    start = prose(notebook("00_start_here.ipynb"))
    assert re.search(
        r"\| Bias and variance[^|]*\| [^|]+ \| \[13\]\(13_from_one_tree_to_many\.ipynb\) "
        r"\| Bias and variance \|",
        start,
    )


# ---------------------------------------------------------------- NB06: min_impurity_decrease
def test_notebook_06_says_where_the_splits_that_pass_come_from():
    """The four printed steps are the root and three splits in its persons = 2 branch; the
    other branch holds two thirds of the rows, and the stopped tree is more than a stump."""
    nb = notebook("06_overfitting.ipynb")
    shown = shown_by(nb, "min_impurity_decrease=0.005")
    sizes = [int(n) for n in re.findall(r"N_t = +(\d+)", shown)]
    assert sizes[0] > sizes[1] > sizes[2] > sizes[3]  # each inside the one before
    assert (sizes[0] - sizes[1]) / sizes[0] >= 2 / 3 - 0.01
    leaves = int(re.search(r"0\.005: (\d+) leaves", shown).group(1))
    assert leaves > 2
    text = prose(nb)
    assert "three splits down its *persons = 2* branch" in text and "two thirds of the rows" in text


# ---------------------------------------------------------------- NB13b: exercise 13b.1
def test_the_forest_exercise_asks_about_another_tree_than_the_one_shown():
    """The notebook prints the first tree's count of feature-subset misses; the exercise
    opens the second tree, whose answer is another number."""
    nb = notebook("13b_scikit_learn_trees.ipynb")
    shown_count = int(re.search(r"feature subset +(\d+)", shown_by(nb, "causes")).group(1))
    assert dt.exercises.check("13b.1", missed=shown_count).status == "failed"
    assert "`forest.estimators_[1]`" in prose(nb) and "*second* tree" in prose(nb)


# ---------------------------------------------------------------- the words the apps use
def test_app_instructions_name_what_the_apps_show():
    """NB06's slider takes the knob's name (max depth) and the noise starts at 0 %; the tree
    views of NB13b open with no node selected."""
    from dtlearn.widgets.overfitting import OverfittingExplorer

    X, y = dt.load_car()
    app = OverfittingExplorer(X[:300], y[:300], noise_levels=(0.0, 0.2))
    assert app.value_slider.description == "max depth" and app.noise == 0.0
    text = prose(notebook("06_overfitting.ipynb"))
    assert "move the **max depth** slider" in text and "**value** slider" not in text
    assert (
        "opens with **label noise** at 0 %" in text
        and "Then set **label noise** to 0 %" not in text
    )
    for name in ("13_from_one_tree_to_many.ipynb", "13b_scikit_learn_trees.ipynb"):
        assert "the root at first" not in prose(notebook(name))


# ---------------------------------------------------------------- terms at first use, sources' history
def test_weka_j48_cart_and_c45_are_introduced_where_a_lecture_first_names_them():
    """In course order, the first lecture cell naming each term says what it is."""
    lectures = sorted(
        p for p in INSTRUCTOR.glob("[0-9][0-9]*_*.ipynb") if not p.name.startswith("00")
    )
    definitions = {
        "Weka": "machine-learning workbench",
        "J48": "Java implementation",
        "CART": "Classification and Regression Trees",
        "C4.5": "Quinlan's 1993 successor of ID3",
    }
    for term, definition in definitions.items():
        first = next(
            c.source
            for p in lectures
            for c in nbformat.read(p, as_version=4).cells
            if c.cell_type == "markdown" and term in c.source
        )
        assert definition in re.sub(r"\s+", " ", first), term


def test_c45_threshold_and_average_gain_history_is_stated_correctly():
    nb05, nb03 = prose(notebook("05_cart_continuous.ipynb")), prose(notebook("03_gain_ratio.ipynb"))
    assert (
        "the device C4.5 introduced" not in nb05
        and "CART, 1984, put such thresholds at midpoints first" in nb05
    )
    assert "N counts *all* training rows (C4.5's `MaxItem + 1`), not the rows at the node" in nb03


def test_exercise_02_3s_answer_is_not_given_in_the_lecture():
    text = prose(notebook("02_id3_by_hand.ipynb"))
    assert "7 leaves there instead of 8" not in text
