"""Reduced-error pruning of a tree whose subset tests meet categories they never saw.

A CART subset split sends a category left, right, or -- when no training row at that node
had it -- nowhere: a "majority" tree then predicts at that node. Every pruning step must
count the errors of the tree it talks about, found by predicting with it (not the routine's
own bookkeeping).
"""

import numpy as np

import dtlearn as dt
from dtlearn.data import encode
from dtlearn.splits import UNKNOWN


def _errors(tree, X, y):
    return int((np.asarray(tree.predict(X), dtype=object) != np.asarray(y, dtype=object)).sum())


def test_each_step_counts_the_errors_of_its_tree_when_tests_cannot_be_answered():
    X, y = dt.load_tic_tac_toe()
    model = dt.CARTClassifier().fit(X[::5], y[::5])
    X_val, y_val = X[1::6], y[1::6]
    tree = model.tree_
    assert tree.missing == "majority"
    # each row walked down by hand: it stops where its test cannot be answered
    expected = []
    for row in encode(X_val, tree.schema):
        node = tree.root
        while not node.is_leaf:
            branch = int(node.split.route(row[None, :])[0])
            if branch == UNKNOWN:
                break
            node = node.children[branch]
        expected.append(node.node_id)
    np.testing.assert_array_equal(tree.apply(X_val), expected)
    inner = [n.node_id for n in tree.nodes() if not n.is_leaf]
    assert np.isin(expected, inner).sum() > 0  # some rows stop above a leaf
    result = dt.reduced_error_prune(model, X_val, y_val)
    assert result.errors_before == _errors(tree, X_val, y_val)
    assert any(s.pruned for s in result.steps)
    for k, step in enumerate(result.steps):
        state = result.state_after(k)
        assert step.errors_before == _errors(state, X_val, y_val), (k, step)
        assert step.errors_after == _errors(state.with_leaves_at([step.node_id]), X_val, y_val), (
            k,
            step,
        )
    assert result.errors_after == _errors(result.tree, X_val, y_val)
