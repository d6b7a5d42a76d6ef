"""What each homework check forbids the student's function to call, and what stays allowed.

One :class:`~dtlearn.exercises.library_guard.Forbidden` per check; the check enters a
:class:`~dtlearn.exercises.library_guard.LibraryGuard` built from it around every call of the
student's function. A package named here (``dtlearn.measures``, ``dtlearn.grow``, this
homework package) is forbidden with every module below it.

Examples
--------
>>> ENTROPY_RULE.what, "dtlearn.measures" in ENTROPY_RULE.modules
('the entropy', True)
"""

from __future__ import annotations

from ..library_guard import Forbidden

__all__ = ["ENTROPY_RULE", "GAIN_RULE", "ID3_RULE", "PRUNE_RULE"]

# "dtlearn.learners" was one module before 0.3.0: its file, not the whole package
_REFERENCE = (
    "dtlearn.measures",
    "dtlearn.criteria",
    "dtlearn.grow",
    "dtlearn.learners.tree_learner",
    "dtlearn.learners.c45",
    "dtlearn.learners.c45_grower",
    "dtlearn.pruning.pessimistic",
    "dtlearn.exercises.homework",
)
_PRUNERS = (
    "dtlearn.pruning.reduced_error",
    "dtlearn.pruning.cost_complexity",
    "dtlearn.pruning.pessimistic",
    "dtlearn.pruning.rule_post_pruning",
    "dtlearn.pruning.rule_conditions",
    "dtlearn.pruning.rule_coverage",
    "dtlearn.pruning.tree_access",
    "dtlearn.exercises.homework",
)
_DATA = "loading data (dt.load_*)"
_OTHERS = (
    "scipy/stats/_entropy.py",
    "sklearn/metrics/cluster/_supervised.py",
    "sklearn/tree/_classes.py",
)
"""Other libraries' entropy, mutual information (= information gain) and tree learners."""

ENTROPY_RULE = Forbidden(
    what="the entropy",
    instead="compute -Σ p·log2(p) yourself from the counts (math.log2 or numpy.log2)",
    modules=_REFERENCE,
    files=_OTHERS,
    allowed=("math, numpy, pandas", _DATA),
)
"""``check_entropy``: every dtlearn measure, split table, grower and learner is forbidden."""

GAIN_RULE = Forbidden(
    what="the information gain",
    instead="compute H(labels) minus the weighted entropy of the labels within each value "
    "yourself (calling your own entropy is fine)",
    modules=_REFERENCE,
    files=_OTHERS,
    allowed=("your own entropy", "math, numpy, pandas", _DATA),
)
"""``check_information_gain``: as :data:`ENTROPY_RULE`."""

ID3_RULE = Forbidden(
    what="ID3 (growing a tree or scoring its splits)",
    instead="grow the tree yourself: score each attribute with your own information gain, "
    "split on the best one and recurse",
    modules=_REFERENCE,
    files=_OTHERS,
    allowed=("your own entropy and information_gain", "math, numpy, pandas", _DATA),
)
"""``check_id3``: every learner's ``fit``, ``make_grower``, :class:`~dtlearn.grow.Grower`,
``split_table`` and every measure are forbidden."""

PRUNE_RULE = Forbidden(
    what="pruning",
    instead="visit the inner nodes yourself, children before parents, and compare "
    "validation errors with tree.with_leaves_at([...]) and tree.predict(X_val)",
    modules=_PRUNERS,
    allowed=(
        "Tree methods (nodes, node, with_leaves_at, copy, predict, apply, decision_path)",
        "numpy, pandas",
        "the learners and measures",
        _DATA,
    ),
)
"""``check_reduced_error_prune``: ``dt.reduced_error_prune``, ``dt.cost_complexity_prune``,
``dt.pessimistic_prune``, ``dt.rule_post_prune`` and their helpers are forbidden."""
