"""Checks of the exercises in ``instructor/10_regression_trees.ipynb``.

Examples
--------
>>> from dtlearn.exercises.core import check
>>> check("10.4", n_leaves=2).status
'failed'
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...learners.tree_learner import CARTRegressor
from ...measures import mae, mse
from ..compare import compare_number
from ..registry import register


def noisy_sine(outlier: bool = False) -> tuple[pd.DataFrame, pd.Series]:
    """The notebook's 40 noisy points of a sine (seed 0); ``outlier`` sets y[5] = 8.

    Examples
    --------
    >>> X, y = noisy_sine(outlier=True)
    >>> X.shape, float(y[5])
    ((40, 1), 8.0)
    """
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(0, 6, size=40))
    target = np.sin(x) + rng.normal(0, 0.2, size=40)
    if outlier:
        target[5] = 8.0
    return pd.DataFrame({"x": x}), pd.Series(target, name="y")


def _targets(seed: int) -> dict:
    rng = np.random.default_rng([101, seed])
    return {"targets": [int(v) for v in rng.integers(0, 20, size=int(rng.integers(3, 6)))]}


@register("10.1", title="MSE of a node by hand", data=_targets)
def check_mse(node_mse, *, seed):
    """Check exercise 10.1: the mean squared error of the targets around their mean."""
    y = np.array(_targets(seed)["targets"], dtype=float)
    want = float(mse(y))
    n = len(y)
    return compare_number(
        node_mse,
        want,
        what="the MSE of the node",
        wrong={
            want * n: "that is the sum of squared errors (SSE): divide by the number of targets",
            want * n / (n - 1) if n > 1 else want: "that divides by n - 1 (the sample variance): "
            "the node's MSE divides by n",
            float(np.sqrt(want)): "that is the square root (a standard deviation): do not take it",
            float(mae(y)): "that is the mean absolute error around the median",
        },
    )


def _split(seed: int) -> dict:
    rng = np.random.default_rng([102, seed])
    values = sorted(int(v) for v in rng.integers(0, 30, size=int(rng.integers(5, 8))))
    cut = int(rng.integers(2, len(values) - 1))
    return {"left": values[:cut], "right": values[cut:]}


@register("10.2", title="Weighted MSE of the children", data=_split)
def check_children(children_mse, *, seed):
    """Check exercise 10.2: ``|L|/n MSE(L) + |R|/n MSE(R)``."""
    parts = _split(seed)
    left, right = np.array(parts["left"], float), np.array(parts["right"], float)
    n = len(left) + len(right)
    want = len(left) / n * float(mse(left)) + len(right) / n * float(mse(right))
    return compare_number(
        children_mse,
        want,
        what="the weighted MSE of the two children",
        tol=1e-3,
        wrong={
            (float(mse(left)) + float(mse(right))) / 2: "weight each child by its share of the "
            "rows, not 1/2 each",
            float(mse(left)) + float(mse(right)): "weight each child by its share of the rows",
            want * n: "that is the children's total squared error (SSE): divide by n",
            float(mse(np.concatenate([left, right]))) - want: "that is the decrease; the question "
            "asks for the children's weighted MSE",
        },
    )


def _node(seed: int) -> dict:
    rng = np.random.default_rng([103, seed])
    n = int(rng.integers(400, 2000))
    n_left = int(rng.integers(n // 4, 3 * n // 4))
    left, right = int(rng.integers(50, 300)), int(rng.integers(50, 300))
    root = max(left, right) + int(rng.integers(50, 400))
    return {
        "n": n,
        "mse": root,
        "n_left": n_left,
        "mse_left": left,
        "n_right": n - n_left,
        "mse_right": right,
    }


@register("10.3", title="The drop in squared error of a split", data=_node)
def check_sse_drop(sse_drop, *, seed):
    """Check exercise 10.3: ``n MSE - (n_L MSE_L + n_R MSE_R)``, in squared-error units."""
    d = _node(seed)
    before = d["n"] * d["mse"]
    after = d["n_left"] * d["mse_left"] + d["n_right"] * d["mse_right"]
    want = before - after
    return compare_number(
        sse_drop,
        want,
        what="the drop in the sum of squared errors",
        tol=0.5,
        wrong={
            want / d["n"]: "that is the drop per row (in MSE units): the question asks for the "
            "sum of squared errors",
            after: "that is the SSE after the split: subtract it from the SSE before",
            before: "that is the SSE before the split: subtract the children's SSE",
            d["mse"] - (d["mse_left"] + d["mse_right"]) / 2: "multiply each MSE by its number of "
            "rows to get squared errors",
        },
    )


@register("10.4", title="Leaves of a tree with at least 5 rows per leaf")
def check_leaves(n_leaves):
    """Check exercise 10.4: the tree on the 40 points grown with ``min_samples_leaf=5``."""
    X, y = noisy_sine()
    want = CARTRegressor(min_samples_leaf=5).fit(X, y).tree_.n_leaves
    return compare_number(
        n_leaves,
        want,
        what="the number of leaves",
        tol=0,
        wrong={
            CARTRegressor().fit(X, y).tree_.n_leaves: "that is the fully grown tree: set "
            "min_samples_leaf=5",
            40 // 5: "40 / 5 is an upper bound: leaves may hold more than 5 rows",
            want - 1: "that is the number of splits (inner nodes)",
            2 * want - 1: "that counts every node, inner nodes too",
        },
    )


def _leaf(seed: int) -> dict:
    rng = np.random.default_rng([105, seed])
    values = [round(float(v), 1) for v in rng.normal(10, 2, size=int(rng.integers(4, 8)))]
    values[int(rng.integers(len(values)))] = round(float(rng.uniform(60, 120)), 1)  # an outlier
    return {"targets": values}


@register("10.5", title="What an MAE leaf predicts", data=_leaf)
def check_mae_leaf(prediction, *, seed):
    """Check exercise 10.5: a leaf of an MAE tree predicts the median of its targets."""
    values = np.array(_leaf(seed)["targets"])
    want = float(np.median(values))
    lower, upper = np.sort(values)[(len(values) - 1) // 2], np.sort(values)[len(values) // 2]
    wrong = {
        float(values.mean()): "that is the mean of the targets (what an MSE leaf "
        "predicts): an MAE leaf predicts their median"
    }
    if lower != upper:
        wrong[float(lower)] = (
            "with an even number of targets the median is halfway between the two middle values"
        )
        wrong[float(upper)] = wrong[float(lower)]
    return compare_number(prediction, want, what="the prediction of the MAE leaf", wrong=wrong)
