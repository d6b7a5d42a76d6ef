"""Checks of the exercises in ``instructor/04_comparing_criteria.ipynb``.

Examples
--------
>>> from dtlearn.exercises.core import check, data
>>> sorted(data("04.2", seed=0))
['children', 'parent']
"""

from __future__ import annotations

import math

import numpy as np

from ...datasets import load_breast_cancer_ljubljana
from ...learners.tree_learner import ID3Classifier
from ...measures import gini_gain, information_gain, misclassification
from ..compare import compare_choice, compare_number
from ..registry import register


@register("04.1", title="The smallest fully grown tree on breast cancer")
def check_smallest(smallest):
    """Check exercise 04.1: The smallest fully grown tree on breast cancer."""
    X, y = load_breast_cancer_ljubljana()
    X = X.dropna(axis=1)
    leaves = {
        c: ID3Classifier(criterion=c).fit(X, y).tree_.n_leaves
        for c in ("entropy", "gini", "gain_ratio")
    }
    fewest = min(leaves.values())
    want = {c for c, n in leaves.items() if n == fewest}
    largest = max(leaves, key=leaves.get)
    return compare_choice(
        smallest,
        want,
        what="the criterion with the fewest leaves",
        options=list(leaves),
        wrong={largest: "that one grows the *largest* tree"},
    )


def _split(seed: int) -> dict:
    rng = np.random.default_rng([42, seed])
    b = int(rng.integers(10, 30))
    a = int(rng.integers(3 * b, 5 * b))
    pure = int(rng.integers(a // 3, a - b))  # the second child keeps a majority of a
    return {"parent": [a, b], "children": [[pure, 0], [a - pure, b]]}


@register("04.2", title="Misclassification decrease of a split", data=_split)
def check_error_decrease(error_decrease, *, seed):
    """Check exercise 04.2: Misclassification decrease of a split."""
    numbers = _split(seed)
    parent, children = numbers["parent"], numbers["children"]
    n = sum(parent)
    after = sum(sum(c) / n * float(misclassification(counts=c)) for c in children)
    want = float(misclassification(counts=parent)) - after
    unweighted = float(misclassification(counts=parent)) - sum(
        float(misclassification(counts=c)) for c in children
    ) / len(children)
    return compare_number(
        error_decrease,
        want,
        what="the decrease of the misclassification error",
        wrong={
            float(information_gain(counts=children)): "that is the information gain: count errors",
            float(gini_gain(counts=children)): "that is the Gini gain: count errors",
            unweighted: "weight each child's error by its share of the examples",
            after: "that is the error after the split: subtract it from the error before",
        },
    )


@register("04.3", title="Information gain of the same split", data=_split)
def check_gain(gain, *, seed):
    """Check exercise 04.3: Information gain of the same split."""
    children = _split(seed)["children"]
    want = float(information_gain(counts=children))
    return compare_number(
        gain,
        want,
        what="the information gain, in bits",
        wrong={
            want * math.log(2): "that is in nats: use log base 2",
            float(gini_gain(counts=children)): "that is the Gini gain: use entropy",
        },
    )


@register("04.4", title="Hellinger distance of the same split", data=_split)
def check_hellinger(distance, *, seed):
    """Check exercise 04.4: Hellinger distance of the same split."""
    children = np.array(_split(seed)["children"], dtype=float)
    where = children / children.sum(axis=0)  # each class's shares over the two children
    want = math.sqrt(((np.sqrt(where[:, 0]) - np.sqrt(where[:, 1])) ** 2).sum())
    mixes = children / children.sum(axis=1, keepdims=True)  # each child's class mix
    swapped = math.sqrt(((np.sqrt(mixes[0]) - np.sqrt(mixes[1])) ** 2).sum())
    return compare_number(
        distance,
        want,
        what="the Hellinger distance",
        wrong={
            want**2: "that is the sum of squares: take its square root",
            want / math.sqrt(2): "that is d/√2, the normalised form; the Hellinger tree criterion "
            "leaves out the 1/√2",
            swapped: "you compared the two children's class mixes; compare where each class "
            "goes: p(b) = share of the first class's rows in child b, q(b) the same "
            "for the second class",
        },
    )
