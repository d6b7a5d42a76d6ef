"""Checks of the exercises in ``instructor/03_gain_ratio.ipynb``.

Examples
--------
>>> from dtlearn.exercises.core import check
>>> check("03.3", passed=["Patrons"]).status
'failed'
"""

from __future__ import annotations

import math

import numpy as np

from ...datasets import load_restaurant
from ...learners.c45 import C45Classifier
from ...measures import split_info
from ..compare import compare_number
from ..registry import register
from ..results import Case, CheckResult


def _sizes(seed: int) -> dict:
    rng = np.random.default_rng([31, seed])
    return {"sizes": [int(v) for v in rng.integers(1, 9, size=int(rng.integers(3, 5)))]}


@register("03.1", title="Split info by hand", data=_sizes)
def check_split_info(si, *, seed):
    """Check exercise 03.1: Split info by hand."""
    sizes = _sizes(seed)["sizes"]
    want = float(split_info(counts=sizes))
    return compare_number(
        si,
        want,
        what="the split info, in bits",
        wrong={
            want * math.log(2): "that is in nats: use log base 2",
            math.log2(len(sizes)): "that is log2(number of branches): weight each branch by its "
            "share N_v/N",
        },
    )


def _attribute(seed: int) -> dict:
    rng = np.random.default_rng([32, seed])
    sizes = [int(v) for v in rng.integers(2, 8, size=int(rng.integers(2, 5)))]
    return {"gain": round(float(rng.uniform(0.05, 0.6)), 3), "sizes": sizes}


@register("03.2", title="Gain ratio by hand", data=_attribute)
def check_gain_ratio(gr, *, seed):
    """Check exercise 03.2: Gain ratio by hand."""
    numbers = _attribute(seed)
    si = float(split_info(counts=numbers["sizes"]))
    gain = numbers["gain"]
    return compare_number(
        gr,
        gain / si,
        what="the gain ratio",
        wrong={
            gain * si: "multiply? gain ratio divides the gain by the split info",
            si / gain: "upside down: gain ratio is gain / split info",
            gain: "that is the gain itself: divide it by the split info",
            si: "that is the split info: divide the gain by it",
        },
    )


@register("03.3", title="C4.5's average-gain filter on the restaurant data")
def check_passed(passed):
    """Check exercise 03.3: C4.5's average-gain filter on the restaurant data."""
    what = "the attributes that pass the average-gain filter"
    X, y = load_restaurant()
    root = C45Classifier().fit(X, y).steps_[0]
    want = {c.feature_name for c in root.candidates if c.scores.get("passes_average")}
    in_average = {c.feature_name for c in root.candidates if c.scores.get("in_average")}
    if isinstance(passed, str) or not hasattr(passed, "__iter__"):
        return CheckResult(
            what,
            "failed",
            "not a list",
            (Case("your answer", False, f"{passed!r} — give a list of names"),),
        )
    mine = {str(p).strip() for p in passed}
    unknown = sorted(mine - set(X.columns))
    if unknown:
        return CheckResult(
            what,
            "failed",
            "not attribute names",
            (Case("your answer", False, f"{unknown} are not attributes of the restaurant data"),),
        )
    if mine == want:
        return CheckResult(what, "passed", "right", (Case("your answer", True, str(sorted(mine))),))
    hint = f"{len(mine & want)} right, {len(mine - want)} too many, {len(want - mine)} missing"
    if mine == want & in_average:
        hint += " — an attribute left out of the average can still pass the filter"
    elif mine == in_average:
        hint += " — that is the attributes counted in the average, not those that pass"
    return CheckResult(what, "failed", "not yet right", (Case("your answer", False, hint),))
