"""Checks of the exercises in ``instructor/05_cart_continuous.ipynb``.

Examples
--------
>>> from dtlearn.exercises.core import check
>>> check("05.2", n_thresholds=7, n_subsets=3).status
'failed'
>>> print(check("05.4", gain=0.092).cases[0].message)  # the Gini gain of the same cut
0.092 — that is the decrease in Gini impurity; the question asks for information gain (entropy, in bits)
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...datasets import load_car, load_play_tennis
from ...measures import entropy, gini, information_gain
from ...splits import candidate_splits
from ..compare import combine, compare_choice, compare_number
from ..registry import register

BUYING_ORDER = ["low", "med", "high", "vhigh"]
"""The order of the car attribute *buying* from cheapest to dearest."""


def ordered_buying() -> tuple[pd.Series, pd.Series]:
    """The car data's ``buying`` as an ordered Categorical (low < med < high < vhigh), and y.

    Examples
    --------
    >>> buying, y = ordered_buying()
    >>> buying.cat.ordered, list(buying.cat.categories)
    (True, ['low', 'med', 'high', 'vhigh'])
    """
    X, y = load_car()
    return X["buying"].cat.reorder_categories(BUYING_ORDER, ordered=True), y


@register("05.1", title="The first candidate threshold of humidity")
def check_first_threshold(threshold):
    """Check exercise 05.1: the midpoint between the two smallest humidity values."""
    X, _ = load_play_tennis(numeric=True)
    values = np.unique(X["humidity"])
    want = float(values[0] / 2 + values[1] / 2)
    return compare_number(
        threshold,
        want,
        what="the first candidate threshold of humidity",
        tol=1e-9,
        wrong={
            float(values[0]): "that is the smallest value itself: the threshold lies halfway to "
            "the next distinct value",
            float(values[1]): "that is the second distinct value: take the midpoint between it "
            "and the smallest",
        },
    )


def _ordinal(seed: int) -> dict:
    """An ordered attribute of 5 to 9 levels: a star rating."""
    k = int(np.random.default_rng([52, seed]).integers(5, 10))
    return {
        "attribute": "rating",
        "levels": [f"{i} star" + ("s" if i > 1 else "") for i in range(1, k + 1)],
    }


@register("05.2", title="Threshold and subset splits of an ordinal attribute", data=_ordinal)
def check_ordinal_count(n_thresholds, n_subsets, *, seed):
    """Check exercise 05.2: ``k - 1`` thresholds in order, ``2**(k-1) - 1`` subsets without it."""
    levels = _ordinal(seed)["levels"]
    column = pd.Series(pd.Categorical(levels, categories=levels, ordered=True), name="rating")
    k = len(levels)
    thresholds = len(candidate_splits(column))
    subsets = len(candidate_splits(column.cat.as_unordered()))
    return combine(
        [
            compare_number(
                n_thresholds,
                thresholds,
                what="the threshold splits of the ordered attribute",
                tol=0,
                wrong={
                    float(subsets): "that counts every two-group partition, as for an unordered "
                    "attribute; a threshold keeps the order, so the groups are "
                    "'everything up to a level' and 'the rest'",
                    float(k): "a threshold sits *between* two neighbouring levels: count the gaps",
                },
            ),
            compare_number(
                n_subsets,
                subsets,
                what="the subset splits if the order is ignored",
                tol=0,
                wrong={
                    float(
                        thresholds
                    ): "that is the number of threshold splits; without the order any "
                    "group of levels can go left",
                    float(2**k - 2): "each partition is counted twice (left and right swapped) and "
                    "both sides must be non-empty: halve it",
                    float(2**k): "both sides must be non-empty, and swapping left and right gives "
                    "the same split",
                    float(2 ** (k - 1)): "one of those is the 'split' with every level on one side",
                },
            ),
        ]
    )


def _ordinal_cut_scores(buying: pd.Series, y: pd.Series) -> dict:
    """Weighted Gini of the children for every cut ``buying <= level``."""
    n = len(y)
    out = {}
    for level in BUYING_ORDER[:-1]:
        left = buying <= level
        out[level] = left.sum() / n * float(gini(y[left])) + (~left).sum() / n * float(
            gini(y[~left])
        )
    return out


@register("05.3", title="The best ordinal cut of buying")
def check_best_cut(best_cut):
    """Check exercise 05.3: which cut ``buying <= level`` leaves the least weighted Gini."""
    buying, y = ordered_buying()
    scores = _ordinal_cut_scores(buying, y)
    best = min(scores.values())
    want = {level for level, s in scores.items() if abs(s - best) < 1e-12}
    worst = max(scores, key=scores.get)
    return compare_choice(
        best_cut,
        want,
        what="the last level on the left of the best cut",
        options=BUYING_ORDER,
        wrong={
            "vhigh": "buying <= vhigh sends every row left: that is no split",
            worst: "that cut leaves the *largest* weighted Gini: the best leaves the smallest",
        },
    )


@register("05.4", title="Information gain of the best humidity threshold")
def check_humidity_gain(gain):
    """Check exercise 05.4: the information gain of humidity at its best threshold."""
    X, y = load_play_tennis(numeric=True)
    values = np.unique(X["humidity"])
    gains = [
        float(information_gain(X["humidity"] <= (a + b) / 2, y))
        for a, b in zip(values[:-1], values[1:])
    ]
    want = max(gains)
    best = X["humidity"] <= float(
        values[int(np.argmax(gains))] / 2 + values[int(np.argmax(gains)) + 1] / 2
    )
    temperatures = np.unique(X["temperature"])
    temperature_best = max(
        float(information_gain(X["temperature"] <= (a + b) / 2, y))
        for a, b in zip(temperatures[:-1], temperatures[1:])
    )
    n = len(y)
    mean_info = (
        float(entropy(y[best])) * best.sum() / n + float(entropy(y[~best])) * (~best).sum() / n
    )
    gini_gain = float(gini(y)) - (
        float(gini(y[best])) * best.sum() / n + float(gini(y[~best])) * (~best).sum() / n
    )
    return compare_number(
        gain,
        want,
        what="the information gain of the best humidity threshold, in bits",
        tol=1e-3,
        wrong={
            mean_info: "that is the mean information left after the split; the gain is the "
            "entropy of the node minus it",
            gini_gain: "that is the decrease in Gini impurity; the question asks for information "
            "gain (entropy, in bits)",
            temperature_best: "that is the best threshold of temperature, not of humidity",
            want * np.log(2): "that is in nats: use log base 2",
            float(information_gain(X["humidity"], y)): "that treats every humidity value as its "
            "own branch: use the binary test "
            "humidity <= t",
        },
    )


def _node(seed: int) -> dict:
    rng = np.random.default_rng([51, seed])
    return {"n": int(rng.integers(200, 2000)), "d": int(rng.integers(3, 12))}


@register("05.5", title="Candidate thresholds at one node", data=_node)
def check_candidates(n_candidates, *, seed):
    """Check exercise 05.5: ``d · (n - 1)`` thresholds for d numeric attributes, n distinct."""
    node = _node(seed)
    n, d = node["n"], node["d"]
    return compare_number(
        n_candidates,
        d * (n - 1),
        what="the number of candidate thresholds",
        tol=0,
        wrong={
            d * n: "n sorted values have n - 1 gaps between them, not n",
            n - 1: "that is one attribute: the search scores every attribute",
            d * n * (n - 1): "that counts row visits of the naive search, not candidates",
        },
    )


def _categories(seed: int) -> dict:
    return {"v": int(np.random.default_rng([56, seed]).integers(3, 9))}


@register("05.6", title="One-hot tests against subset splits", data=_categories)
def check_one_hot(n_one_hot, *, seed):
    """Check exercise 05.6: a one-hot encoding of v > 2 categories offers v different tests."""
    v = _categories(seed)["v"]
    return compare_number(
        n_one_hot,
        v,
        what=f"the number of different tests the one-hot columns of {v} categories offer",
        tol=0,
        wrong={
            2 ** (v - 1) - 1: "that is the number of subset splits; a 0/1 column can only "
            "separate its one category from all the others",
            v - 1: "every category has its own 0/1 column, and each gives a different test "
            "when there are more than two categories",
        },
    )
