"""Checks of the exercises in ``instructor/09_cost_complexity.ipynb``.

Examples
--------
>>> from dtlearn.exercises.core import check
>>> check("09.3", alpha_slides=0.327298).status  # scikit-learn's scale, not the slides'
'failed'
"""

from __future__ import annotations

from functools import lru_cache

from ..compare import compare_number
from ..registry import register


@lru_cache(maxsize=1)
def _path():
    """The notebook's path: scikit-learn's breast-cancer data, its default split, full CART."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.model_selection import train_test_split

    from ...learners.tree_learner import CARTClassifier
    from ...pruning.cost_complexity import cost_complexity_path

    X, y = load_breast_cancer(return_X_y=True)
    X_train, _, y_train, _ = train_test_split(X, y, random_state=0)
    return cost_complexity_path(CARTClassifier().fit(X_train, y_train)), len(y_train)


@register("09.1", title="The tree of least R_alpha at alpha = 0.01")
def check_leaves_at(leaves_at):
    """Leaves of the path tree minimising R(T) + 0.01 |T| (= cost_complexity_prune at 0.01)."""
    import numpy as np

    from ...pruning.cost_complexity import cost_complexity_prune

    path, n = _path()
    expected = cost_complexity_prune(path.tree, 0.01).n_leaves
    risks, leaves = np.asarray(path.impurities), np.asarray(path.n_leaves)
    wrong = {
        float(leaves[np.argmin(risks)]): "R(T) alone always prefers the full tree; add "
        "alpha for every leaf",
        float(
            leaves[np.argmin(risks + 0.01 * n * leaves)]
        ): "alpha = 0.01 is on scikit-learn's scale, like path.impurities; do not multiply by N",
    }
    return compare_number(
        leaves_at, expected, what="the number of leaves at alpha = 0.01", tol=0, wrong=wrong
    )


def make_subtree(seed: int) -> dict:
    """N training rows; a node's class counts and those of its 2 or 3 leaves (2 classes)."""
    import numpy as np

    def risk(counts, n):
        counts = np.asarray(counts, dtype=float)
        return counts.sum() / n * (1 - ((counts / counts.sum()) ** 2).sum())

    rng = np.random.default_rng([9, 2, int(seed)])
    while True:  # redraw the rare nodes whose split is worth almost nothing (alpha near 0)
        leaves = []
        for _ in range(int(rng.integers(2, 4))):
            size = int(rng.integers(4, 30))
            minority = int(rng.integers(0, size // 3 + 1))
            pair = [size - minority, minority]
            leaves.append(pair if rng.integers(0, 2) else pair[::-1])
        node = [sum(c[0] for c in leaves), sum(c[1] for c in leaves)]
        n = int(rng.integers(200, 600))
        alpha = (risk(node, n) - sum(risk(c, n) for c in leaves)) / (len(leaves) - 1)
        if alpha >= 0.003:
            return {"N": n, "node": node, "leaves": leaves}


@register("09.2", title="The effective alpha of one node, by hand", data=make_subtree)
def check_alpha_t(alpha_t, *, seed):
    """(r(t) - R(T_t)) / (|T_t| - 1) with r = n_t / N * Gini, from :func:`dtlearn.gini`."""
    from ...measures import entropy, gini

    data = make_subtree(seed)
    n = data["N"]

    def risk(counts, measure=gini, scale=None):
        size = float(sum(counts))
        return (scale if scale is not None else size / n) * float(measure(counts=counts))

    k = len(data["leaves"])
    gain = risk(data["node"]) - sum(risk(c) for c in data["leaves"])
    expected = gain / (k - 1)
    wrong = {
        expected * n: "that is on the slides' scale (rows); divide the risks by N",
        gain / k: "divide by |T_t| − 1, the leaves saved, not by |T_t|",
        gain: "divide by the number of leaves saved, |T_t| − 1",
        (risk(data["node"], entropy) - sum(risk(c, entropy) for c in data["leaves"]))
        / (k - 1): "that uses entropy; the path here uses Gini impurity",
        (risk(data["node"], scale=1.0) - sum(risk(c, scale=1.0) for c in data["leaves"]))
        / (k - 1): "weight each impurity by its share of the N rows, n_t / N",
        (
            risk(data["node"], scale=1.0)
            - sum(risk(c, scale=float(sum(c)) / sum(data["node"])) for c in data["leaves"])
        )
        / (k - 1): "the shares are of all N training rows of the tree, not of the node's rows",
    }
    return compare_number(
        alpha_t, expected, what="the effective alpha of the node", tol=6e-5, wrong=wrong
    )


@register("09.3", title="Alpha on the HSE slides' scale")
def check_alpha_slides(alpha_slides):
    """The last step's α times the number of training rows."""
    path, n = _path()
    expected = path.steps[-1].alpha * n
    wrong = {
        path.steps[-1].alpha: "that is scikit-learn's scale (risks as shares of the rows); "
        "the slides count rows",
        path.steps[-1].alpha / n: "multiply by N, do not divide",
        path.steps[-1].alpha * 569: "N is the number of *training* rows the tree was grown "
        "on, not all 569",
    }
    return compare_number(
        alpha_slides, expected, what="the root's alpha on the slides' scale", tol=1e-3, wrong=wrong
    )
