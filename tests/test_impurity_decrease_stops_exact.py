"""``min_impurity_decrease`` truncates the fully grown tree exactly where the textbook rule says.

scikit-learn's rule: a node ``t`` splits only if ``N_t/N · (i(t) - N_L/N_t · i(L) - N_R/N_t ·
i(R)) >= min_impurity_decrease``. The threshold does not change which split a node would
choose, so the tree grown with a threshold is the fully grown tree cut back, top down, at
the first node whose weighted decrease (worked out from the full tree's node sizes and
impurities) is below it. Checked for every grower (squared and absolute error, Gini,
entropy) at thresholds just below and just above each node's own decrease. Each split
step's ``after`` gives its branches' sizes (rows, also for regression, whose child rows
are ``[n, centre, impurity]``) and its unweighted decrease; the root's by hand from the data.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt

N = 60


def data(task):
    rng = np.random.default_rng(7)
    X = pd.DataFrame(
        {"a": rng.integers(0, 20, N).astype(float), "b": np.round(rng.normal(size=N), 2)}
    )
    if task == "regression":
        y = np.round(X["a"] * 0.5 + rng.normal(size=N) * 3)
    else:
        y = np.where(X["a"] + 5 * X["b"] + rng.normal(size=N) * 4 > 9, "yes", "no")
    return X, y


def make(criterion, **params):
    if criterion in ("mse", "mae"):
        return dt.CARTRegressor(criterion=criterion, **params)
    return dt.CARTClassifier(criterion=criterion, **params)


def decrease(node):
    left, right = node.children
    n = node.n_samples
    return node.impurity - left.n_samples / n * left.impurity - right.n_samples / n * right.impurity


def truncated(node, threshold, total):
    """Leaves of the full tree cut back where the weighted decrease is below ``threshold``."""
    if node.is_leaf or node.n_samples / total * decrease(node) < threshold:
        return [(node.depth, node.n_samples)]
    return [leaf for child in node.children for leaf in truncated(child, threshold, total)]


def leaves(tree):
    return [(leaf.depth, leaf.n_samples) for leaf in tree.leaves()]


CRITERIA = ["mse", "mae", "gini", "entropy"]


@pytest.mark.parametrize("criterion", CRITERIA)
def test_threshold_cuts_the_full_tree_back(criterion):
    X, y = data("regression" if criterion in ("mse", "mae") else "classification")
    full = make(criterion).fit(X, y).tree_
    inner = [n for n in full.nodes() if not n.is_leaf]
    weighted = sorted({n.n_samples / N * decrease(n) for n in inner})
    assert len(weighted) >= 5
    tried = 0
    for w in weighted[:: max(1, len(weighted) // 8)] + weighted[-2:]:
        if w <= 1e-9:
            continue
        for threshold in (w * (1 - 1e-7), w * (1 + 1e-7)):
            got = make(criterion, min_impurity_decrease=threshold).fit(X, y).tree_
            assert leaves(got) == truncated(full.root, threshold, N), threshold
            tried += 1
    assert tried >= 8


@pytest.mark.parametrize("criterion", CRITERIA)
def test_each_split_step_reports_branch_sizes_and_decrease(criterion):
    X, y = data("regression" if criterion in ("mse", "mae") else "classification")
    model = make(criterion).fit(X, y)
    nodes = {n.node_id: n for n in model.tree_.nodes()}
    splits = [s for s in model.steps_ if s.is_split]
    assert len(splits) == model.tree_.n_nodes - model.tree_.n_leaves
    for s in splits:
        node = nodes[s.node_id]
        assert s.after["branch_sizes"] == [c.n_samples for c in node.children]
        assert s.after["impurity_decrease"] == pytest.approx(decrease(node), abs=1e-12)
    # the root's, by hand from the rows
    root = model.tree_.root
    column = X.iloc[:, root.split.feature].to_numpy()
    left = column <= root.split.threshold
    assert splits[0].after["branch_sizes"] == [float(left.sum()), float((~left).sum())]
    if criterion in ("mse", "mae"):
        y = np.asarray(y, dtype=float)

        def imp(v):
            if criterion == "mse":
                return float(np.mean((v - v.mean()) ** 2))
            return float(np.mean(np.abs(v - np.median(v))))

        want = imp(y) - left.mean() * imp(y[left]) - (~left).mean() * imp(y[~left])
        assert splits[0].after["impurity_decrease"] == pytest.approx(want, rel=1e-9)
