"""Pruning: the methods that cut a grown tree back, and the registry that lists them.

:mod:`dtlearn.pruning.methods` is the one list of pruning methods that
:func:`dtlearn.curves.pruning_curve`, :class:`dtlearn.widgets.PruningStepper` and the tests
read.
"""

# Kept empty on purpose: importing dtlearn.pruning must stay cheap, and the pruning modules
# (prune, cost_complexity, pessimistic, rules, curves, tree_access) move in here with their
# own imports; this file only gains what that move needs.
