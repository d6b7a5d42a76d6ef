"""Reduced-error pruning's passes and per-visit error counts, by brute force.

The counts of each visit are recomputed here by predicting with the tree as it stood
(the original with the nodes cut so far made leaves): the rows reaching the node, the
errors of its subtree and of the replacing leaf on them, the whole tree's errors before
and after. Passes repeat until one prunes nothing.
"""

from __future__ import annotations

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.data import encode


def _cases():
    X, y = dt.load_vote()
    train = np.arange(len(y)) % 3 != 1
    c45 = dt.C45Classifier(prune=False, min_samples_leaf=1).fit(X[train], y[train])
    yield "distribute", c45, X[~train], y[~train]
    X, y = dt.load_tic_tac_toe()
    yield "majority", dt.ID3Classifier().fit(X[::2], y[::2]), X[1::2], y[1::2]


CASES = list(_cases())


@pytest.mark.parametrize("missing, model, X_val, y_val", CASES, ids=[c[0] for c in CASES])
def test_passes_repeat_until_one_prunes_nothing(missing, model, X_val, y_val):
    assert model.tree_.missing == missing
    result = dt.reduced_error_prune(model, X_val, y_val)
    passes = sorted({s.pass_number for s in result.steps})
    assert passes == list(range(1, len(passes) + 1)) and len(passes) >= 2
    pruned_in = {p: sum(s.pruned for s in result.steps if s.pass_number == p) for p in passes}
    assert pruned_in[passes[-1]] == 0
    assert all(pruned_in[p] > 0 for p in passes[:-1])
    # the result is a fixed point: pruning it again cuts nothing
    again = dt.reduced_error_prune(result.tree, X_val, y_val)
    assert not any(s.pruned for s in again.steps)
    assert again.tree.n_nodes == result.tree.n_nodes


@pytest.mark.parametrize("missing, model, X_val, y_val", CASES, ids=[c[0] for c in CASES])
def test_each_visit_counts_errors_as_the_tree_predicts(missing, model, X_val, y_val):
    result = dt.reduced_error_prune(model, X_val, y_val)
    original = result.original
    truth = np.asarray(y_val.tolist() if hasattr(y_val, "tolist") else y_val, dtype=object)
    Xe = encode(X_val, original.schema, allow_missing=True)
    cut: list[int] = []
    for step in result.steps:
        current = original.with_leaves_at(cut)
        candidate = original.with_leaves_at(cut + [step.node_id])
        before = int((current.predict(X_val) != truth).sum())
        after = int((candidate.predict(X_val) != truth).sum())
        assert (step.errors_before, step.errors_after) == (before, after), step
        # the subtree's errors are what making it a leaf trades for the leaf's errors
        assert step.errors_after == step.errors_before - step.subtree_errors + step.leaf_errors
        assert step.n_subtree_leaves == sum(1 for _ in _leaves_under(current, step.node_id))
        assert step.pruned == (after <= before)
        reach = _reaching(current, Xe, step.node_id)  # rows reaching it, even in part
        assert step.n_reaching == int(reach.sum())
        assert step.leaf_errors == int((reach & (truth != step.leaf_label)).sum())
        if missing == "majority":  # every row stops at one node: the subtree's errors too
            node = current.node(step.node_id)
            stops = np.isin(current.apply(X_val), [n.node_id for n in _subtree(node)])
            wrong = current.predict(X_val) != truth
            assert step.subtree_errors == int((stops & wrong).sum())
        if step.pruned:
            cut.append(step.node_id)
    assert any(s.pruned for s in result.steps) and any(not s.pruned for s in result.steps)


def _subtree(node):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.children)


def _leaves_under(tree, node_id):
    return (n for n in _subtree(tree.node(node_id)) if n.is_leaf)


def _reaching(tree, Xe, node_id):
    """Rows that reach ``node_id``: down their branch, or down every branch when unknown."""
    out = np.zeros(len(Xe), dtype=bool)
    for i in range(len(Xe)):
        stack = [tree.root]
        while stack:
            node = stack.pop()
            if node.node_id == node_id:
                out[i] = True
                break
            if node.is_leaf:
                continue
            branch = int(node.split.route(Xe[i : i + 1])[0])
            if branch < 0:  # unknown: C4.5 follows every branch, majority trees stop
                if tree.missing == "distribute":
                    stack.extend(node.children)
            else:
                stack.append(node.children[branch])
    return out
