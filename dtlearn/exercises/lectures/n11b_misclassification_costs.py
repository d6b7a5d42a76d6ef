"""Checks of the exercises in ``instructor/11b_misclassification_costs.ipynb``."""

from __future__ import annotations

import numpy as np

from ...measures import cost_gini, gini
from ..compare import compare_number
from ..registry import register


# ----------------------------------------------------------------------------- 11b.1
def make_matrices(seed: int) -> dict:
    """A 3-class confusion matrix (rows actual) and a cost matrix (rows true class)."""
    rng = np.random.default_rng([11, 2, int(seed)])
    confusion = rng.integers(0, 8, size=(3, 3))
    np.fill_diagonal(confusion, rng.integers(15, 40, size=3))
    cost = rng.integers(1, 10, size=(3, 3))
    np.fill_diagonal(cost, 0)
    while (cost == cost.T).all():
        cost[0, 1] += 1
    return {"confusion": confusion.tolist(), "cost": cost.tolist()}


@register("11b.1", title="Total cost from a confusion matrix", data=make_matrices)
def check_total_cost(total_cost, *, seed):
    """Sum of confusion times cost, cell by cell."""
    m = make_matrices(seed)
    c, L = np.array(m["confusion"], dtype=float), np.array(m["cost"], dtype=float)
    expected = float((c * L).sum())
    wrong = {
        float((c * L.T).sum()): "rows and columns swapped: row i, column j of the cost "
        "matrix is the cost of predicting j for a true i, as in "
        "the confusion matrix",
        float(c.sum() - np.trace(c)): "that counts the mistakes; weight each by its cost",
        float(c.sum() * L.sum()): "multiply cell by cell, then add up",
        float((c @ L).sum()): "a matrix product mixes cells; multiply cell by cell",
    }
    return compare_number(
        total_cost, expected, what="the total cost of the predictions", tol=1e-6, wrong=wrong
    )


# ----------------------------------------------------------------------------- 11b.2
def make_node(seed: int) -> dict:
    """Class counts of a node (3 classes) and a cost matrix."""
    rng = np.random.default_rng([11, 3, int(seed)])
    counts = rng.integers(2, 21, size=3)
    cost = rng.integers(1, 7, size=(3, 3))
    np.fill_diagonal(cost, 0)
    while (cost == 1).sum() == 6:
        cost[0, 2] += 1
    return {"counts": counts.tolist(), "cost": cost.tolist()}


@register("11b.2", title="Cost-weighted Gini of one node", data=make_node)
def check_cost_gini(impurity, *, seed):
    """Recomputed with :func:`dtlearn.cost_gini`."""
    node = make_node(seed)
    counts, L = node["counts"], np.array(node["cost"], dtype=float)
    expected = float(cost_gini(counts=counts, cost_matrix=L))
    p = np.array(counts, dtype=float) / sum(counts)
    upper = float(sum(L[i, j] * p[i] * p[j] for i in range(3) for j in range(3) if i < j))
    lower = float(sum(L[i, j] * p[i] * p[j] for i in range(3) for j in range(3) if i > j))
    symmetric = float(
        sum(max(L[i, j], L[j, i]) * p[i] * p[j] for i in range(3) for j in range(3) if i != j)
    )
    wrong = {
        float(gini(counts=counts)): "that is the plain Gini impurity; weight each pair by its cost",
        upper: "each pair counts in both orders: L[k,k'] p_k p_k' and L[k',k] p_k' p_k",
        lower: "each pair counts in both orders: L[k,k'] p_k p_k' and L[k',k] p_k' p_k",
        symmetric: "the matrix is not symmetric: use L[k,k'] for the one order and "
        "L[k',k] for the other",
        float(np.array(counts) @ L @ np.array(counts)): "use the proportions p_k, not the counts",
    }
    return compare_number(
        impurity, expected, what="the cost-weighted Gini impurity", tol=6e-4, wrong=wrong
    )
