"""Checks of the exercises in ``instructor/11_missing_values.ipynb``."""

from __future__ import annotations

from ...datasets import load_vote
from ..compare import compare_choice, compare_number
from ..registry import register


# ----------------------------------------------------------------------------- 11.1
@register("11.1", title="Weight reaching the physician-fee-freeze = y branch")
def check_weight_y(weight_y):
    """The C4.5 root's y branch weight, refitted on the vote data."""
    from ...learners.c45 import C45Classifier

    X, y = load_vote()
    root = C45Classifier().fit(X, y).tree_.root
    expected = float(root.children[1].n_samples)
    column = X["physician-fee-freeze"]
    known_y, known = int((column == "y").sum()), int(column.notna().sum())
    unknown = int(column.isna().sum())
    wrong = {
        float(known_y): "those are only the members who voted y; the unknown ones go down this "
        "branch too, with a fraction of their weight",
        float(known_y + unknown): "the unknown members go down both branches, each with a "
        "fraction of their weight, not all of it",
        float(root.children[0].n_samples): "that is the n branch",
        known_y + unknown * known_y / len(column): "the share is taken of the known votes "
        f"({known}), not of all members",
    }
    return compare_number(
        weight_y, expected, what="the weight at physician-fee-freeze = y", tol=5e-3, wrong=wrong
    )


# ----------------------------------------------------------------------------- 11.2
@register("11.2", title="Best surrogate for adoption-of-the-budget-resolution")
def check_best_surrogate(best_surrogate):
    """Highest agreement (same or opposite) over the members with both votes."""
    X, _ = load_vote()
    target_name = "adoption-of-the-budget-resolution"
    target = X[target_name]
    both_ways, same_only = {}, {}
    for name in X.columns.drop(target_name):
        both = target.notna() & X[name].notna()
        same = float((X.loc[both, name] == target[both]).mean())
        both_ways[name], same_only[name] = max(same, 1 - same), same
    expected = max(both_ways, key=both_ways.get)
    wrong = {}
    naive = max(same_only, key=same_only.get)
    if naive != expected:
        wrong[naive] = (
            "an attribute that votes the opposite way is just as good a surrogate: "
            "count agreement with the opposite vote too"
        )
    return compare_choice(
        best_surrogate,
        expected,
        what="the best surrogate",
        options=list(X.columns.drop(target_name)),
        wrong=wrong,
    )
