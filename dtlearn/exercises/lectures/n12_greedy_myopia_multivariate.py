"""Checks of the exercises in ``instructor/12_greedy_myopia_multivariate.ipynb``."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import compare_number, register


def _xor() -> tuple[pd.DataFrame, pd.Series]:
    """The notebook's XOR table: a, b decide the class, c is noise; every row twice."""
    X = pd.DataFrame({"a": list("0011") * 2, "b": list("0101") * 2, "c": list("00001111")})
    y = pd.Series(np.where(X["a"] != X["b"], "yes", "no"), name="xor")
    return X, y


@register("12.1", title="Information gain of the noise attribute c in XOR")
def check_gain_c(gain_c):
    """IG(c) on the XOR table."""
    from ...measures import information_gain

    X, y = _xor()
    return compare_number(gain_c, float(information_gain(X["c"], y)),
                          what="the information gain of c, in bits", tol=1e-6,
                          wrong={1.0: "that is the entropy of the class; subtract the mean "
                                      "information of c's branches"})


@register("12.2", title="Information gain of b inside the branch a = 0")
def check_gain_b(gain_b):
    """IG(b) on the rows with a = 0."""
    from ...measures import information_gain

    X, y = _xor()
    rows = X["a"] == "0"
    expected = float(information_gain(X["b"][rows], y[rows]))
    return compare_number(gain_b, expected, what="the information gain of b given a = 0, in bits",
                          tol=1e-6,
                          wrong={float(information_gain(X["b"], y)):
                                 "that is b's gain on all rows; use only the rows with a = 0",
                                 expected * np.log(2): "that is in nats: use log base 2"})


@register("12.3", title="Leaves of the depth-3 staircase")
def check_staircase(staircase_leaves):
    """Leaves of CART(max_depth=3) on the notebook's diagonal data."""
    from ...learners import CARTClassifier

    rng = np.random.default_rng(0)
    D = pd.DataFrame(rng.uniform(size=(300, 2)), columns=["x1", "x2"])
    side = np.where(D["x1"] + D["x2"] > 1, "above", "below")
    model = CARTClassifier(max_depth=3).fit(D, side)
    return compare_number(staircase_leaves, model.tree_.n_leaves,
                          what="the number of leaves", tol=0,
                          wrong={float(model.tree_.n_nodes): "that counts every node; count the "
                                                             "leaves",
                                 8.0: "a depth-3 tree has at most 8 leaves; some branches stop "
                                      "early because they are pure"})
