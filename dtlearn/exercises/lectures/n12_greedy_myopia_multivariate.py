"""Checks of the exercises in ``instructor/12_greedy_myopia_multivariate.ipynb``.

Examples
--------
>>> from dtlearn.exercises.core import check
>>> check("12.1", gain_half=0).status  # the 8-row table's gain, not the 200 points'
'failed'
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..compare import compare_number
from ..registry import register


def _xor() -> tuple[pd.DataFrame, pd.Series]:
    """The notebook's XOR table: a, b decide the class, c is noise; every row twice."""
    X = pd.DataFrame({"a": list("0011") * 2, "b": list("0101") * 2, "c": list("00001111")})
    y = pd.Series(np.where(X["a"] != X["b"], "yes", "no"), name="xor")
    return X, y


def _numeric_xor() -> tuple[pd.DataFrame, pd.Series]:
    """The notebook's picture: 200 points, yes where exactly one coordinate exceeds 0.5."""
    rng = np.random.default_rng(1)
    P = pd.DataFrame(rng.uniform(size=(200, 2)), columns=["x1", "x2"])
    return P, pd.Series(np.where((P["x1"] > 0.5) != (P["x2"] > 0.5), "yes", "no"), name="xor")


@register("12.1", title="Gain of the right first cut on numeric XOR")
def check_gain_half(gain_half):
    """IG of x1 <= 0.5 at the root of the numeric XOR data."""
    from ...measures import information_gain

    P, xor = _numeric_xor()
    expected = float(information_gain(P["x1"] <= 0.5, xor))
    below = P["x2"] <= 0.5
    inside = float(information_gain(P.loc[below, "x1"] <= 0.5, xor[below]))
    return compare_number(
        gain_half,
        expected,
        what="the gain of x1 <= 0.5 at the root, in bits",
        tol=5e-5,
        wrong={
            inside: "that is inside the branch x2 <= 0.5; use all 200 points",
            0.0: "exactly 0 holds for the 8-row XOR table, where each branch "
            "is perfectly balanced; on the 200 random points each side "
            "of x1 <= 0.5 is only nearly balanced: compute it, and do "
            "not round it to 0",
            expected * np.log(2): "that is in nats: use log base 2",
        },
    )


@register("12.2", title="Information gain of b inside the branch a = 0")
def check_gain_b(gain_b):
    """IG(b) on the rows with a = 0."""
    from ...measures import information_gain

    X, y = _xor()
    rows = X["a"] == "0"
    expected = float(information_gain(X["b"][rows], y[rows]))
    return compare_number(
        gain_b,
        expected,
        what="the information gain of b given a = 0, in bits",
        tol=1e-6,
        wrong={
            float(
                information_gain(X["b"], y)
            ): "that is b's gain on all rows; use only the rows with a = 0",
            expected * np.log(2): "that is in nats: use log base 2",
        },
    )


@register("12.3", title="Leaves of the staircase with 3000 points")
def check_staircase(staircase_leaves):
    """Leaves of the unlimited CART on the notebook's 3000 diagonal points."""
    from ...learners.tree_learner import CARTClassifier

    big = pd.DataFrame(np.random.default_rng(5).uniform(size=(3000, 2)), columns=["x1", "x2"])
    side = np.where(big["x1"] + big["x2"] > 1, "above", "below")
    model = CARTClassifier().fit(big, side)
    return compare_number(
        staircase_leaves,
        model.tree_.n_leaves,
        what="the number of leaves",
        tol=0,
        wrong={
            float(model.tree_.n_nodes): "that counts every node; count the leaves",
            16.0: "that is the tree for 300 points; fit on big, big_side",
        },
    )
