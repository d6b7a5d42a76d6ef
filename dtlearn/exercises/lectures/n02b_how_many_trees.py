"""Checks of the exercises in ``instructor/02b_how_many_trees.ipynb``.

Examples
--------
>>> from dtlearn.exercises.core import check
>>> check("02b.1", n_functions=1).status
'failed'
"""

from __future__ import annotations

import numpy as np

from ...consistent import consistent_tree_sizes
from ...datasets import load_contact_lenses
from ..compare import compare_number
from ..registry import register


def _m(seed: int) -> dict:
    m, v = [(2, 3), (3, 3), (2, 4), (2, 5)][int(np.random.default_rng([22, seed]).integers(4))]
    return {"m": m, "v": v}


@register("02b.1", title="How many functions?", data=_m)
def check_functions(n_functions, *, seed):
    """Check exercise 02b.1: the number of functions of m attributes with v values."""
    m, v = _m(seed)["m"], _m(seed)["v"]
    want = 2 ** (v**m)
    return compare_number(
        n_functions,
        want,
        what=f"the number of functions of {m} attributes with {v} values each",
        tol=0.5,
        wrong={
            v**m: "that is the number of possible examples; each can be labelled yes or no "
            "independently",
            2 ** (2**m): "that is for yes/no attributes: here each attribute has v values",
            2 ** (v * m): "not v·m: the number of examples is v^m",
            v ** (2**m): "the class has 2 values, so it is 2 to the power (number of examples)",
        },
    )


@register("02b.2", title="The smallest consistent trees of the contact-lens data")
def check_smallest(n_smallest):
    """Check exercise 02b.2: The smallest consistent trees of the contact-lens data."""
    X, y = load_contact_lenses()
    sizes = consistent_tree_sizes(X, y)
    want = sizes[min(sizes)]
    return compare_number(
        n_smallest,
        want,
        what="the number of smallest consistent trees",
        tol=0,
        wrong={
            min(sizes): "that is the number of leaves of the smallest trees: count the trees of "
            "that size",
            sum(sizes.values()): "that is every consistent tree: count only the smallest ones",
        },
    )
