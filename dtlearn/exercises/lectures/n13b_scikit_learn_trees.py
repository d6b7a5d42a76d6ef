"""Checks of the exercises in ``instructor/13b_scikit_learn_trees.ipynb``.

The check rebuilds the notebook's random forest (``random_state=0``) on the breast-cancer
data and reads the causes of one tree's steps.

Examples
--------
>>> from dtlearn.exercises.core import check
>>> print(check("13b.1", missed=None))
Exercise 13b.1 (Forest splits that missed the best attribute): not yet — put your answer in place of None: missed
"""

from __future__ import annotations

from functools import lru_cache

from ..compare import compare_number
from ..registry import register
from .n13_from_one_tree_to_many import cancer_data

TREE = 1
"""The forest tree the exercise opens: ``forest.estimators_[1]``, the second (the notebook
shows the first, whose count would give the answer away)."""


@lru_cache(maxsize=1)
def _forest_tree_causes() -> tuple[str, ...]:
    from sklearn.ensemble import RandomForestClassifier

    from ...learners.sklearn_import import from_sklearn

    X, y = cancer_data()
    forest = RandomForestClassifier(n_estimators=50, random_state=0).fit(X, y)
    return tuple(
        step.cause if step.is_split else "leaf"
        for step in from_sklearn(forest.estimators_[TREE], X, y).steps_
    )


@register("13b.1", title="Forest splits that missed the best attribute")
def check_missed(missed):
    """Check exercise 13b.1: splits of the forest's second tree whose best attribute was not drawn."""
    causes = _forest_tree_causes()
    expected = causes.count("feature subset")
    splits = len(causes) - causes.count("leaf")
    return compare_number(
        missed,
        expected,
        tol=0,
        what="the number of splits that missed the best attribute",
        wrong={
            splits - causes.count(""): "that also counts ties: keep the "
            "cause 'feature subset' only",
            causes.count(""): "that counts the splits that *are* the best candidate",
            splits: "that is every split of the tree",
        },
    )
