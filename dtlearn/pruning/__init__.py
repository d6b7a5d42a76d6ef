"""Pruning: the methods that cut a grown tree back, and the registry that lists them.

:mod:`dtlearn.pruning.methods` is the one list of pruning methods that
:func:`dtlearn.pruning.curves.pruning_curve`, :class:`dtlearn.widgets.PruningStepper` and
the tests read. The modules:

* :mod:`~dtlearn.pruning.reduced_error` -- reduced-error pruning against validation data.
* :mod:`~dtlearn.pruning.cost_complexity` -- the weakest-link path and prune (CART).
* :mod:`~dtlearn.pruning.pessimistic` -- C4.5's pessimistic error pruning, as J48 does it.
* :mod:`~dtlearn.pruning.rule_post_pruning` -- rules read off a tree and rule post-pruning,
  with :mod:`~dtlearn.pruning.rule_conditions` (a rule's preconditions and their text) and
  :mod:`~dtlearn.pruning.rule_coverage` (validation counts of a rule and its drops).
* :mod:`~dtlearn.pruning.curves` -- overfitting and pruning curves.
* :mod:`~dtlearn.pruning.tree_access` -- a model's tree and data encoded for it.
"""

# Kept empty on purpose: importing dtlearn.pruning must stay cheap; each pruner is imported
# where it is used (``dt.reduced_error_prune`` and the others load on first use).
