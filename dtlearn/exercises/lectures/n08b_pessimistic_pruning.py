"""Checks of the exercises in ``instructor/08b_pessimistic_pruning.ipynb``."""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

from ...pruning.pessimistic import pessimistic_errors
from ..compare import combine, compare_choice, compare_number
from ..registry import register

Z_WEKA = NormalDist().inv_cdf(1 - 0.25)
"""J48's z for CF = 0.25 (about 0.6745)."""

Z_QUINLAN = 0.84 + (0.25 - 0.20) / (0.40 - 0.20) * (0.25 - 0.84)
"""The z of Quinlan's C4.5 for CF = 0.25, interpolated in its table (about 0.6925)."""


def _normal_limit(n: float, e: float, z: float, correction: float = 0.5) -> float:
    """U by the normal approximation (for E >= 1 and E + 0.5 < N)."""
    f = (e + correction) / n
    return (
        f + z * z / (2 * n) + z * math.sqrt(max(f / n - f * f / n + z * z / (4 * n * n), 0.0))
    ) / (1 + z * z / n)


def predicted_errors(n: float, e: float) -> float:
    """J48's predicted errors of a leaf, ``E + addErrs(N, E)`` with CF = 0.25."""
    return e + float(pessimistic_errors(n, e))


# ----------------------------------------------------------------------------- 08b.1
def make_leaf(seed: int) -> dict:
    """A leaf's ``N`` and ``E`` for the normal-approximation case (1 <= E, E + 0.5 < N)."""
    rng = np.random.default_rng([8, 1, int(seed)])
    n = int(rng.integers(12, 61))
    e = int(rng.integers(1, n // 3 + 1))
    return {"N": n, "E": e}


@register("08b.1", title="The upper confidence limit U of one leaf", data=make_leaf)
def check_upper_limit(U_leaf, *, seed):  # noqa: N803 - the notebook's name
    """U of the student's leaf, recomputed with :func:`dtlearn.pessimistic_errors`."""
    leaf = make_leaf(seed)
    n, e = leaf["N"], leaf["E"]
    expected = predicted_errors(n, e) / n
    z = Z_WEKA
    wrong = {
        _normal_limit(n, e, z, correction=0.0): "without the continuity correction: J48 uses "
        "f = (E + 0.5)/N",
        _normal_limit(n, e, Z_QUINLAN): "that is z from Quinlan's table (about 0.69); J48 "
        "uses the normal quantile for 1 - CF",
        e / n: "that is the observed error rate E/N, not its upper limit",
        (e + 0.5) / n: "that is f = (E + 0.5)/N; U is the upper end of the interval around it",
        expected * n: "that is U·N, the predicted number of errors; give the rate U",
        expected * n - e: "that is the number of extra errors U·N − E; give the rate U",
        _normal_limit(n, e, -z): "z came out negative: use z = Φ⁻¹(1 − CF) = Φ⁻¹(0.75)",
        _normal_limit(14, 5, z): "that is U of the 14 play-tennis days; use the N and E of "
        "your leaf",
    }
    return compare_number(
        U_leaf, expected, what="the upper limit U of the leaf's error rate", tol=1e-4, wrong=wrong
    )


# ----------------------------------------------------------------------------- 08b.2
def make_node(seed: int) -> dict:
    """An inner node with 2 or 3 leaf children (2 classes): their ``(N, E)`` and the node's.

    The leaves make fewer training errors than the node, so the collapse pass keeps it.
    """
    rng = np.random.default_rng([8, 2, int(seed)])
    while True:
        counts = []
        for _ in range(int(rng.integers(2, 4))):
            size = int(rng.integers(2, 10))
            minority = int(rng.integers(0, size // 2 + 1))
            pair = (size - minority, minority)
            counts.append(pair if rng.integers(0, 2) else pair[::-1])
        a = sum(c[0] for c in counts)
        b = sum(c[1] for c in counts)
        # the leaves must make fewer training errors than the node: otherwise J48's
        # collapse pass removes the subtree before any pessimistic estimate is made
        if min(a, b) >= 1 and sum(min(c) for c in counts) < min(a, b):
            break
    leaves = [(c[0] + c[1], min(c)) for c in counts]
    return {"N": a + b, "E": min(a, b), "leaves": leaves}


@register("08b.2", title="Prune or keep? Leaf against subtree", data=make_node)
def check_prune_decision(leaf_estimate, subtree_estimate, decision, *, seed):
    """Both estimates (recomputed with :func:`dtlearn.pessimistic_errors`) and the decision."""
    node = make_node(seed)
    z = Z_WEKA
    leaf = predicted_errors(node["N"], node["E"])
    subtree = sum(predicted_errors(n, e) for n, e in node["leaves"])
    plain_zero = sum(n * _normal_limit(n, e, z) for n, e in node["leaves"])
    no_cc = sum(
        e if e == 0 else n * _normal_limit(n, e, z, correction=0.0) for n, e in node["leaves"]
    )
    results = [
        compare_number(
            leaf_estimate,
            leaf,
            what="the predicted errors of the node as a leaf",
            tol=1e-3,
            wrong={
                leaf / node["N"]: "that is the rate U; multiply by N",
                leaf - node["E"]: "that is only the extra errors; add E",
                node["N"]
                * _normal_limit(
                    node["N"], node["E"], z, 0.0
                ): "without the continuity correction: f = (E + 0.5)/N",
                node["N"]
                * _normal_limit(
                    node["N"], node["E"], Z_QUINLAN
                ): "that uses z from Quinlan's table (about 0.69); J48 uses z = Φ⁻¹(0.75) = 0.6745",
            },
        ),
        compare_number(
            subtree_estimate,
            subtree,
            what="the predicted errors of the subtree (sum over its leaves)",
            tol=1e-3,
            wrong={
                plain_zero: "a leaf with E = 0 uses N·(1 − CF^(1/N)), not the normal approximation",
                no_cc: "without the continuity correction: f = (E + 0.5)/N",
                float(
                    sum(e for _, e in node["leaves"])
                ): "those are the training errors; add each leaf's extra errors",
                sum(
                    n * (1 - 0.25 ** (1 / n)) if e == 0 else n * _normal_limit(n, e, Z_QUINLAN)
                    for n, e in node["leaves"]
                ): "that uses z from Quinlan's table (about 0.69); J48 uses z = Φ⁻¹(0.75) = 0.6745",
            },
        ),
        compare_choice(
            decision,
            "prune" if leaf <= subtree + 0.1 else "keep",
            what="J48's decision (prune if leaf <= subtree + 0.1)",
            options=["prune", "keep"],
        ),
    ]
    return combine(results)
