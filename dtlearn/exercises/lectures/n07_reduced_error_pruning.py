"""Checks of the exercises in ``instructor/07_reduced_error_pruning.ipynb``."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..compare import compare_number
from ..registry import register


@lru_cache(maxsize=1)
def _car():
    """The notebook's car example: 20% label noise, ID3 tree, validation data."""
    from ...datasets import load_car
    from ...learners.tree_learner import ID3Classifier
    from ...pruning.curves import add_label_noise, train_validation_test_split

    X, y = load_car()
    X_train, X_val, _, y_train, y_val, _ = train_validation_test_split(X, y, random_state=0)
    noisy = add_label_noise(y_train, 0.2, random_state=0)
    return ID3Classifier().fit(X_train, noisy), X_val, y_val


@register("07.1", title="Nodes removed from the car tree")
def check_removed(removed):
    """Nodes of the grown car tree minus nodes of the pruned one."""
    from ...pruning.reduced_error import reduced_error_prune

    model, X_val, y_val = _car()
    result = reduced_error_prune(model, X_val, y_val)
    expected = result.original.n_nodes - result.tree.n_nodes
    wrong = {
        float(
            result.original.n_leaves - result.tree.n_leaves
        ): "that is the number of leaves removed; count every node",
        float(len(result.pruned_nodes)): "that is the number of pruning decisions; each "
        "removes a whole subtree below the node",
        float(result.tree.n_nodes): "that is the size of the pruned tree",
        float(result.original.n_nodes): "that is the size of the grown tree; subtract "
        "the size of the pruned one",
    }
    return compare_number(removed, expected, what="the number of nodes removed", tol=0, wrong=wrong)


@register("07.2", title="No single further pruning helps")
def check_least(least):
    """Smallest validation error over one more pruned inner node of the pruned car tree."""
    from ...pruning.reduced_error import reduced_error_prune

    model, X_val, y_val = _car()
    result = reduced_error_prune(model, X_val, y_val)
    pruned = list(result.pruned_nodes)
    truth = np.asarray(y_val)
    counts = [
        int((result.original.with_leaves_at(pruned + [node.node_id]).predict(X_val) != truth).sum())
        for node in result.tree.nodes()
        if not node.is_leaf
    ]
    wrong = {
        float(result.errors_after): "that is the error of the pruned tree itself; make "
        "one more inner node a leaf",
        float(result.errors_before): "that is the error of the full tree",
    }
    return compare_number(
        least, min(counts), what="the smallest validation error count", tol=0, wrong=wrong
    )


@register("07.3", title="Pruning with 20 validation rows")
def check_tiny(tiny_leaves):
    """Leaves left when the car tree is pruned with the first 20 validation rows."""
    from ...pruning.reduced_error import reduced_error_prune

    model, X_val, y_val = _car()
    full = reduced_error_prune(model, X_val, y_val)
    tiny = reduced_error_prune(model, X_val[:20], y_val[:20])
    wrong = {
        float(full.tree.n_leaves): "that is with the whole validation set; use the first "
        "20 rows only",
        float(tiny.tree.n_nodes): "that counts all nodes; count the leaves",
    }
    return compare_number(
        tiny_leaves, tiny.tree.n_leaves, what="the number of leaves left", tol=0, wrong=wrong
    )
