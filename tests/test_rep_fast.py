"""Reduced-error pruning routes the validation rows once: it must decide as the textbook loop.

The reference below is the plain algorithm (Mitchell 1997, ch. 3): visit the inner nodes
of the current tree bottom up, predict the whole validation set with the node made a leaf,
prune when the errors do not increase, repeat passes until one prunes nothing.
``reduced_error_prune`` must give the same visits, numbers, decisions and tree on random
trees: binary and multiway, with unknown values, deep ones included.
"""

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.pruning.reduced_error import reduced_error_prune
from dtlearn.pruning.tree_access import inner_nodes_bottom_up, validation_arrays


def reference_prune(tree, X_val, y_val):
    """``([(pass, node id, leaves below, errors before, errors after, pruned)], tree)``."""
    Xe, codes = validation_arrays(tree, X_val, y_val)

    def errors(t):
        return int((t.label_indices(t.predict_values(Xe, encoded=True)) != codes).sum())

    cut, current, now, visits, pass_number = [], tree, errors(tree), [], 0
    while True:
        pass_number += 1
        changed = False
        for node in inner_nodes_bottom_up(current):
            candidate = tree.with_leaves_at(cut + [node.node_id])
            after = errors(candidate)
            below = current.with_leaves_at([node.node_id]).n_leaves
            visits.append(
                (pass_number, node.node_id, current.n_leaves - below + 1, now, after, after <= now)
            )
            if after <= now:
                cut.append(node.node_id)
                current, now, changed = candidate, after, True
        if not changed:
            return visits, current


def assert_same_as_reference(model, X_val, y_val):
    known = np.isin(y_val, model.classes_)
    y_val = np.where(known, y_val, model.classes_[0])  # labels the tree never saw: refused
    result = reduced_error_prune(model, X_val, y_val)
    visits, final = reference_prune(model.tree_, X_val, y_val)
    ours = [
        (s.pass_number, s.node_id, s.n_subtree_leaves, s.errors_before, s.errors_after, s.pruned)
        for s in result.steps
    ]
    assert ours == visits
    assert result.tree.to_json() == final.to_json()
    Xe, codes = validation_arrays(model.tree_, X_val, y_val)
    reach = dt.pruning.tree_access.rows_reaching(model.tree_, Xe)
    for s in result.steps:  # the counts of the rows reaching the node, from their masks
        rows = reach[s.node_id]
        node = model.tree_.node(s.node_id) if len(result.steps) < 60 else None
        assert s.n_reaching == int(rows.sum())
        if node is not None:
            assert s.leaf_errors == int((rows & (codes != node.predicted_index)).sum())
        assert s.subtree_errors - s.leaf_errors == s.errors_before - s.errors_after
    return result


def _data(seed, n, d, levels, noise):
    rng = np.random.default_rng(seed)
    X = rng.integers(0, levels, size=(n, d)).astype(float)
    y = ((X[:, 0] + X[:, 1 % d]) % 3 == 0).astype(int)
    flip = rng.random(n) < noise
    y[flip] = rng.integers(0, 3, int(flip.sum()))
    return X, y


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    n=st.integers(10, 300),
    d=st.integers(1, 5),
    levels=st.integers(2, 6),
    noise=st.floats(0, 0.6),
    n_val=st.integers(1, 200),
)
def test_cart_pruning_is_the_textbook_loop(seed, n, d, levels, noise, n_val):
    X, y = _data(seed, n + n_val, d, levels, noise)
    model = dt.CARTClassifier().fit(X[:n], y[:n])
    assert_same_as_reference(model, X[n:], y[n:])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    n=st.integers(10, 200),
    d=st.integers(1, 4),
    levels=st.integers(2, 5),
    noise=st.floats(0, 0.6),
    n_val=st.integers(1, 100),
    unseen=st.booleans(),
)
def test_multiway_pruning_with_unknown_values_is_the_textbook_loop(
    seed, n, d, levels, noise, n_val, unseen
):
    X, y = _data(seed, n + n_val, d, levels, noise)
    frame = pd.DataFrame(X.astype(int).astype(str), columns=[f"a{j}" for j in range(d)])
    if unseen:  # categories the tree never saw stop a row at the node that tests them
        frame.iloc[n::3, 0] = "new"
    model = dt.ID3Classifier().fit(frame[:n], y[:n])
    assert_same_as_reference(model, frame[n:], y[n:])


def test_deep_tree_is_the_textbook_loop():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(900, 3))
    y = (X[:, 0] + X[:, 1] * X[:, 2] + 0.5 * rng.normal(size=900) > 0).astype(int)
    model = dt.CARTClassifier().fit(X[:600], y[:600])
    assert model.tree_.depth >= 12
    result = assert_same_as_reference(model, X[600:], y[600:])
    assert result.errors_after < result.errors_before
