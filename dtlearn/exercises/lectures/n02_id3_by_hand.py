"""Checks of the exercises in ``instructor/02_id3_by_hand.ipynb``.

Examples
--------
>>> from dtlearn.exercises.core import check
>>> check("02.3", empty_leaves=100).status
'failed'
"""

from __future__ import annotations

import math

import numpy as np

from ...datasets import load_restaurant
from ...learners.tree_learner import ID3Classifier
from ...measures import entropy, gain_ratio, gini_gain, information_gain
from ..compare import compare_choice, compare_number
from ..registry import register

FIGURE_4 = (
    "Patrons",
    {
        "None": "No",
        "Some": "Yes",
        "Full": (
            "WaitEstimate",
            {
                ">60": "No",
                "30-60": (
                    "Alternate",
                    {
                        "No": (
                            "Reservation",
                            {"No": ("Bar", {"No": "No", "Yes": "Yes"}), "Yes": "Yes"},
                        ),
                        "Yes": ("Fri/Sat", {"No": "No", "Yes": "Yes"}),
                    },
                ),
                "10-30": (
                    "Hungry",
                    {
                        "No": "Yes",
                        "Yes": (
                            "Alternate",
                            {"No": "Yes", "Yes": ("Raining", {"No": "No", "Yes": "Yes"})},
                        ),
                    },
                ),
                "0-10": "Yes",
            },
        ),
    },
)
"""The lecture's Figure 4 (Russell and Norvig's hand-made tree), as nested questions."""


def follow(tree, example):
    """The decision of a nested-question tree for one example (a dict)."""
    while not isinstance(tree, str):
        attribute, branches = tree
        tree = branches[example[attribute]]
    return tree


def _branches(seed: int) -> dict:
    rng = np.random.default_rng([21, seed])
    k = int(rng.integers(2, 4))
    rows = [[int(a), int(b)] for a, b in rng.integers(0, 7, size=(k, 2))]
    rows = [[a + 1, b] if a + b == 0 else [a, b] for a, b in rows]
    if all(b == 0 for _, b in rows):
        rows[0][1] += 2
    if all(a == 0 for a, _ in rows):
        rows[-1][0] += 2
    return {"branches": rows}


@register("02.1", title="Information gain by hand", data=_branches)
def check_gain(gain, *, seed):
    """Check exercise 02.1: Information gain by hand."""
    rows = _branches(seed)["branches"]
    want = float(information_gain(counts=rows))
    parent = [sum(col) for col in zip(*rows)]
    h_parent = float(entropy(counts=parent))
    mean_info = h_parent - want
    unweighted = h_parent - sum(float(entropy(counts=r)) for r in rows) / len(rows)
    return compare_number(
        gain,
        want,
        what="the information gain, in bits",
        wrong={
            mean_info: "that is the mean information of the children: subtract it from the "
            "parent's entropy",
            want * math.log(2): "that is in nats: use log base 2",
            unweighted: "the children must be weighted by their share of the examples",
            float(gini_gain(counts=rows)): "that is the Gini gain: use entropy",
            float(gain_ratio(counts=rows)): "that is the gain ratio: do not divide by split info",
        },
    )


def _situation(seed: int) -> dict:
    rng = np.random.default_rng([23, seed])
    X, _ = load_restaurant()
    values = {c: [str(v) for v in X[c].cat.categories] for c in X.columns}
    example = {c: vs[int(rng.integers(len(vs)))] for c, vs in values.items()}
    example["Patrons"] = "Full"  # the interesting part of Figure 4
    return {"example": example}


@register("02.2", title="Predict with the lecture's Figure 4", data=_situation)
def check_decision(decision, *, seed):
    """Check exercise 02.2: Predict with the lecture's Figure 4."""
    example = _situation(seed)["example"]
    want = follow(FIGURE_4, example)
    return compare_choice(
        decision, want, what="Figure 4's decision for this situation", options=["Yes", "No"]
    )


@register("02.3", title="Empty leaves of the restaurant tree")
def check_empty_leaves(empty_leaves):
    """Check exercise 02.3: Empty leaves of the restaurant tree."""
    tree = ID3Classifier().fit(*load_restaurant()).tree_
    want = sum(leaf.n_samples == 0 for leaf in tree.leaves())
    return compare_number(
        empty_leaves,
        want,
        what="the number of leaves no training example reaches",
        tol=0,
        wrong={
            tree.n_leaves: "that is every leaf: count only those with 0 examples",
            tree.n_leaves - want: "that is the leaves that *do* hold examples",
        },
    )
