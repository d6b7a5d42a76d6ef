"""Lecture checks 10-13b: the right answer passes, each near miss gets its own hint.

Regression numbers are recomputed with numpy (the population MSE, the median), tree
sizes with scikit-learn's trees, C4.5's fractional weight with Quinlan's rule (the
unknown rows go down each branch with the share of the known rows), costs cell by
cell, bootstrap shares from ``1 - (1 - 1/n)^n``.
"""

import math

import numpy as np
import pandas as pd
import pytest
from lecture_hints import H, assert_hints, hint, hint_at_edges

from dtlearn.datasets import load_vote
from dtlearn.exercises.core import data
from dtlearn.exercises.lectures import n10_regression_trees as n10
from dtlearn.exercises.lectures import n11_missing_values as n11
from dtlearn.exercises.lectures import n11b_misclassification_costs as n11b
from dtlearn.exercises.lectures import n12_greedy_myopia_multivariate as n12
from dtlearn.exercises.lectures import n13_from_one_tree_to_many as n13
from dtlearn.exercises.lectures import n13b_scikit_learn_trees as n13b

SEEDS = [0, 1, 2, 7]


def gain(test, y):
    y = list(y)
    parent = H([y.count(c) for c in set(y)])
    after = 0.0
    for side in (True, False):
        part = [label for label, t in zip(y, test) if bool(t) == side]
        if part:
            after += len(part) / len(y) * H([part.count(c) for c in set(part)])
    return parent - after


def mse(values):
    values = list(values)
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / len(values)


@pytest.mark.parametrize("seed", SEEDS)
def test_10_1_mse_of_a_node(seed):
    y = data("10.1", seed=seed)["targets"]
    n, want = len(y), mse(y)
    assert 3 <= n <= 5 and n10.check_mse(want, seed=seed).passed
    median = float(np.median(y))
    cases = {
        want * n: "that is the sum of squared errors (SSE): divide by the number of targets",
        want * n / (n - 1): "that divides by n - 1 (the sample variance): the node's MSE "
        "divides by n",
        math.sqrt(want): "that is the square root (a standard deviation): do not take it",
        sum(abs(v - median) for v in y) / n: "that is the mean absolute error around the median",
    }
    assert_hints(n10.check_mse, want, cases, tol=5e-3, least=3, seed=seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_10_2_weighted_mse_of_the_children(seed):
    parts = data("10.2", seed=seed)
    left, right = parts["left"], parts["right"]
    assert left + right == sorted(left + right) and len(left) >= 2 and len(right) >= 2
    n = len(left) + len(right)
    want = len(left) / n * mse(left) + len(right) / n * mse(right)
    assert n10.check_children(want, seed=seed).passed
    cases = {
        (mse(left) + mse(right)) / 2: "weight each child by its share of the rows, not 1/2 each",
        mse(left) + mse(right): "weight each child by its share of the rows",
        want * n: "that is the children's total squared error (SSE): divide by n",
        mse(left + right) - want: "that is the decrease; the question asks for the children's "
        "weighted MSE",
    }
    assert_hints(n10.check_children, want, cases, tol=1e-3, least=3, seed=seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_10_3_drop_in_squared_error(seed):
    d = data("10.3", seed=seed)
    assert d["n_left"] + d["n_right"] == d["n"] and d["mse"] > max(d["mse_left"], d["mse_right"])
    before = d["n"] * d["mse"]
    after = d["n_left"] * d["mse_left"] + d["n_right"] * d["mse_right"]
    want = before - after
    assert n10.check_sse_drop(want, seed=seed).passed
    assert not n10.check_sse_drop(want + 1, seed=seed).passed
    cases = {
        want / d["n"]: "that is the drop per row (in MSE units): the question asks for the sum "
        "of squared errors",
        after: "that is the SSE after the split: subtract it from the SSE before",
        before: "that is the SSE before the split: subtract the children's SSE",
        d["mse"] - (d["mse_left"] + d["mse_right"]) / 2: "multiply each MSE by its number of "
        "rows to get squared errors",
    }
    assert_hints(n10.check_sse_drop, want, cases, tol=0.5, seed=seed)


def test_10_4_leaves_with_five_rows_each_agree_with_scikit_learn():
    from sklearn.tree import DecisionTreeRegressor

    X, y = n10.noisy_sine()
    assert X.shape == (40, 1) and list(X["x"]) == sorted(X["x"])
    want = DecisionTreeRegressor(min_samples_leaf=5, random_state=0).fit(X, y).get_n_leaves()
    full = DecisionTreeRegressor(random_state=0).fit(X, y).get_n_leaves()
    assert n10.check_leaves(want).passed
    assert not n10.check_leaves(want + 1).passed
    assert hint_at_edges(n10.check_leaves, full, 0) == (
        "that is the fully grown tree: set min_samples_leaf=5"
    )
    if want != 8:
        assert hint_at_edges(n10.check_leaves, 8, 0) == (
            "40 / 5 is an upper bound: leaves may hold more than 5 rows"
        )
    assert (
        hint_at_edges(n10.check_leaves, want - 1, 0) == "that is the number of splits (inner nodes)"
    )
    assert (
        hint_at_edges(n10.check_leaves, 2 * want - 1, 0)
        == "that counts every node, inner nodes too"
    )
    _, with_outlier = n10.noisy_sine(outlier=True)
    assert with_outlier[5] == 8.0 and (with_outlier.drop(5) == y.drop(5)).all()


@pytest.mark.parametrize("seed", SEEDS + [3, 4, 5])
def test_10_5_an_mae_leaf_predicts_the_median(seed):
    values = sorted(data("10.5", seed=seed)["targets"])
    assert max(values) >= 60  # the outlier
    n = len(values)
    median = (values[(n - 1) // 2] + values[n // 2]) / 2
    assert n10.check_mae_leaf(median, seed=seed).passed
    assert hint_at_edges(n10.check_mae_leaf, sum(values) / n, 0.005, seed=seed) == (
        "that is the mean of the targets (what an MSE leaf predicts): an MAE leaf predicts "
        "their median"
    )
    if n % 2 == 0 and abs(values[n // 2] - values[n // 2 - 1]) > 0.02:
        for middle in (values[n // 2 - 1], values[n // 2]):
            assert hint_at_edges(n10.check_mae_leaf, middle, 0.005, seed=seed) == (
                "with an even number of targets the median is halfway between the two middle values"
            )
    elif n % 2 == 1 and abs(values[n // 2] - values[n // 2 - 1]) > 0.02:
        # odd: the value below the median is a plain miss, not the even-count hint
        below = n10.check_mae_leaf(values[n // 2 - 1], seed=seed)
        assert not below.passed and "even number" not in str(below)


def test_11_1_fractional_weight_down_the_y_branch():
    X, _ = load_vote()
    column = X["physician-fee-freeze"]
    known_y = int((column == "y").sum())
    known_n = int((column == "n").sum())
    unknown = int(column.isna().sum())
    known = known_y + known_n
    assert unknown > 0
    want = known_y + unknown * known_y / known  # Quinlan: the unknown rows split by share
    assert n11.check_weight_y(want).passed
    assert hint_at_edges(n11.check_weight_y, known_y, 0.005) == (
        "those are only the members who voted y; the unknown ones go down this branch too, "
        "with a fraction of their weight"
    )
    assert hint_at_edges(n11.check_weight_y, known_y + unknown, 0.005) == (
        "the unknown members go down both branches, each with a fraction of their weight, "
        "not all of it"
    )
    assert (
        hint_at_edges(n11.check_weight_y, known_n + unknown * known_n / known, 0.005)
        == "that is the n branch"
    )
    assert hint_at_edges(n11.check_weight_y, known_y + unknown * known_y / len(column), 0.005) == (
        f"the share is taken of the known votes ({known}), not of all members"
    )


def test_11_2_best_surrogate_counts_opposite_votes_too():
    X, _ = load_vote()
    target = X["adoption-of-the-budget-resolution"]
    agreement, same_only = {}, {}
    for name in X.columns:
        if name == target.name:
            continue
        both = target.notna() & X[name].notna()
        same = (X.loc[both, name].astype(str) == target[both].astype(str)).sum() / both.sum()
        agreement[name], same_only[name] = max(same, 1 - same), same
    want = max(agreement, key=agreement.get)
    assert n11.check_best_surrogate(want).passed
    naive = max(same_only, key=same_only.get)
    if naive != want:
        assert hint(n11.check_best_surrogate(naive)) == (
            "an attribute that votes the opposite way is just as good a surrogate: count "
            "agreement with the opposite vote too"
        )
    assert not n11.check_best_surrogate(target.name).passed  # not an option


@pytest.mark.parametrize("seed", SEEDS)
def test_11b_1_total_cost(seed):
    m = data("11b.1", seed=seed)
    c, L = m["confusion"], m["cost"]
    assert all(L[i][i] == 0 for i in range(3)) and L != [list(r) for r in zip(*L)]
    cell = sum(c[i][j] * L[i][j] for i in range(3) for j in range(3))
    assert n11b.check_total_cost(cell, seed=seed).passed
    cases = {
        sum(c[i][j] * L[j][i] for i in range(3) for j in range(3)): "rows and columns swapped: "
        "row i, column j of the cost matrix is the cost of predicting j for a true i, as in the "
        "confusion matrix",
        sum(c[i][j] for i in range(3) for j in range(3) if i != j): "that counts the mistakes; "
        "weight each by its cost",
        sum(map(sum, c)) * sum(map(sum, L)): "multiply cell by cell, then add up",
        sum(c[i][k] * L[k][j] for i in range(3) for j in range(3) for k in range(3)): "a matrix "
        "product mixes cells; multiply cell by cell",
    }
    assert_hints(n11b.check_total_cost, cell, cases, tol=1e-6, least=3, seed=seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_11b_2_cost_weighted_gini(seed):
    node = data("11b.2", seed=seed)
    counts, L = node["counts"], node["cost"]
    p = [k / sum(counts) for k in counts]
    pairs = [(i, j) for i in range(3) for j in range(3) if i != j]
    want = sum(L[i][j] * p[i] * p[j] for i, j in pairs)
    assert n11b.check_cost_gini(want, seed=seed).passed
    cases = {
        1 - sum(q * q for q in p): "that is the plain Gini impurity; weight each pair by its cost",
        sum(L[i][j] * p[i] * p[j] for i, j in pairs if i < j): "each pair counts in both "
        "orders: L[k,k'] p_k p_k' and L[k',k] p_k' p_k",
        sum(max(L[i][j], L[j][i]) * p[i] * p[j] for i, j in pairs): "the matrix is not "
        "symmetric: use L[k,k'] for the one order and L[k',k] for the other",
        sum(L[i][j] * counts[i] * counts[j] for i, j in pairs): "use the proportions p_k, not "
        "the counts",
    }
    assert_hints(n11b.check_cost_gini, want, cases, tol=6e-4, least=3, seed=seed)
    lower = sum(L[i][j] * p[i] * p[j] for i, j in pairs if i > j)
    if all(abs(lower - v) > 2e-3 for v in [want, *cases]):
        assert hint_at_edges(n11b.check_cost_gini, lower, 0.0006, seed=seed) == (
            "each pair counts in both orders: L[k,k'] p_k p_k' and L[k',k] p_k' p_k"
        )


def test_12_1_gain_of_x1_at_one_half_on_the_numeric_xor():
    rng = np.random.default_rng(1)
    P = pd.DataFrame(rng.uniform(size=(200, 2)), columns=["x1", "x2"])
    xor = np.where((P["x1"] > 0.5) != (P["x2"] > 0.5), "yes", "no")
    want = gain(P["x1"] <= 0.5, xor)
    assert 0 < want < 0.05
    assert n12.check_gain_half(want).passed
    below = P["x2"] <= 0.5
    assert hint_at_edges(n12.check_gain_half, gain(P["x1"][below] <= 0.5, xor[below]), 5e-05) == (
        "that is inside the branch x2 <= 0.5; use all 200 points"
    )
    if want > 1e-4:
        assert hint_at_edges(n12.check_gain_half, 0.0, 5e-05) == (
            "exactly 0 holds for the 8-row XOR table, where each branch is perfectly balanced; "
            "on the 200 random points each side of x1 <= 0.5 is only nearly balanced: compute "
            "it, and do not round it to 0"
        )
    if want * (1 - math.log(2)) > 1e-4:
        assert (
            hint_at_edges(n12.check_gain_half, want * math.log(2), 5e-05)
            == "that is in nats: use log base 2"
        )


def test_12_2_gain_of_b_given_a_is_one_bit():
    assert n12.check_gain_b(1.0).passed  # a = 0: the class is b itself
    assert hint_at_edges(n12.check_gain_b, 0.0, 1e-06) == (
        "that is b's gain on all rows; use only the rows with a = 0"
    )
    assert hint_at_edges(n12.check_gain_b, math.log(2), 1e-06) == "that is in nats: use log base 2"


def test_12_3_staircase_leaves():
    from dtlearn import CARTClassifier

    big = pd.DataFrame(np.random.default_rng(5).uniform(size=(3000, 2)), columns=["x1", "x2"])
    side = np.where(big["x1"] + big["x2"] > 1, "above", "below")
    tree = CARTClassifier().fit(big, side).tree_
    assert tree.n_nodes == 2 * tree.n_leaves - 1 and tree.n_leaves > 16
    assert n12.check_staircase(tree.n_leaves).passed
    assert (
        hint_at_edges(n12.check_staircase, tree.n_nodes, 0)
        == "that counts every node; count the leaves"
    )
    assert (
        hint_at_edges(n12.check_staircase, 16, 0)
        == "that is the tree for 300 points; fit on big, big_side"
    )


def test_13_1_distinct_rows_in_a_bootstrap_sample():
    missed = (1 - 1 / 569) ** 569
    assert n13.check_distinct(1 - missed).passed
    assert not n13.check_distinct(1 - missed + 1e-4).passed
    assert hint_at_edges(n13.check_distinct, missed, 5e-05) == (
        "that is the fraction a bootstrap sample leaves out"
    )
    assert hint_at_edges(n13.check_distinct, 1 - math.exp(-1), 5e-05) == (
        "that is the limit for large n: use n = 569"
    )


def test_13_2_mistakes_every_tree_makes():
    votes, truth = n13._votes()
    assert votes.shape == (25, 171)
    wrong = votes != truth
    agree = (votes == votes[0]).all(axis=0)
    want = wrong[:, agree].sum() / wrong.sum()
    assert n13.check_unanimous(want).passed
    cases = {
        1 - want: "that is the share on rows where the trees disagree",
        agree.mean(): "that is the share of test rows on which the trees agree: count mistakes",
        wrong[:, agree].any(axis=0).sum() / wrong.any(axis=0).sum(): "that counts rows, not "
        "mistakes: a row wrong in 25 trees is 25 mistakes",
    }
    assert_hints(n13.check_unanimous, want, cases, tol=5e-3, least=2)


def test_13_3_boosting_with_a_smaller_rate():
    from sklearn.ensemble import GradientBoostingRegressor

    rng = np.random.default_rng(1)
    x = np.sort(rng.uniform(0, 6, 200))
    target = np.sin(x) + rng.normal(0, 0.3, size=200)

    def training_mse(rate):
        model = GradientBoostingRegressor(n_estimators=50, learning_rate=rate, max_depth=2)
        return float(np.mean((target - model.fit(x[:, None], target).predict(x[:, None])) ** 2))

    want = training_mse(0.1)
    assert n13.check_slow_mse(want).passed
    assert (
        hint_at_edges(n13.check_slow_mse, training_mse(0.3), 0.0001)
        == "that is with learning rate 0.3"
    )
    assert (
        hint_at_edges(n13.check_slow_mse, math.sqrt(want), 0.0001) == "that is the root of the MSE"
    )
    assert hint_at_edges(n13.check_slow_mse, float(np.var(target)), 0.0001) == (
        "that is the error of F_0, the mean alone: add the trees"
    )


def test_13b_1_splits_that_missed_the_best_attribute():
    from sklearn.ensemble import RandomForestClassifier

    from dtlearn import from_sklearn

    X, y = n13.cancer_data()
    assert X.shape == (569, 30) and set(y) == {"benign", "malignant"}
    forest = RandomForestClassifier(n_estimators=50, random_state=0).fit(X, y)
    steps = from_sklearn(forest.estimators_[1], X, y).steps_
    causes = [s.cause for s in steps if s.is_split]
    want = causes.count("feature subset")
    assert 0 < want < len(causes)
    assert n13b.check_missed(want).passed
    assert hint_at_edges(n13b.check_missed, len(causes), 0) == "that is every split of the tree"
    best = causes.count("")
    if best not in (want, len(causes)):
        assert hint_at_edges(n13b.check_missed, best, 0) == (
            "that counts the splits that *are* the best candidate"
        )
    ties = len(causes) - best
    if ties not in (want, len(causes), best):
        assert hint_at_edges(n13b.check_missed, ties, 0) == (
            "that also counts ties: keep the cause 'feature subset' only"
        )
