"""Pruning at its edges: cost-sensitive leaves, and each visit's numbers against predictions.

The expectations are the pruned trees' own predictions: a step's errors before and after
are what the tree with and without that cut predicts wrong on the validation rows, and a
node made a leaf predicts the class of least expected cost (``sum_i p_i cost[i, j]``, the
rule of a cost-sensitive CART), not the most frequent one.
"""

import numpy as np
import pytest

import dtlearn as dt


@pytest.fixture(scope="module")
def cost_case():
    X, y = dt.load_tic_tac_toe()
    cost = np.array([[0.0, 1.0], [4.0, 0.0]])  # calling a "positive" negative costs 4
    model = dt.CARTClassifier(cost_matrix=cost, max_depth=6).fit(X[::2], y[::2])
    return model, cost, X[1::2], np.asarray(y[1::2].tolist(), dtype=object)


def test_reduced_error_leaves_predict_the_class_of_least_cost(cost_case):
    model, cost, X_val, truth = cost_case
    tree = model.tree_
    result = dt.reduced_error_prune(model, X_val, truth)
    # the cost label differs from the most frequent class at some visited node: not vacuous
    nodes = {n.node_id: n for n in tree.nodes()}
    differs = 0
    for step in result.steps:
        node = nodes[step.node_id]
        least_cost = tree.classes[int(np.argmin(node.value @ cost))]
        assert step.leaf_label == least_cost
        differs += least_cost != tree.classes[int(np.argmax(node.value))]
    assert differs > 0


def test_reduced_error_visits_count_what_the_trees_predict(cost_case):
    model, _, X_val, truth = cost_case
    result = dt.reduced_error_prune(model, X_val, truth)
    original, cut = result.original, []
    for step in result.steps:
        current = original.with_leaves_at(cut)
        candidate = original.with_leaves_at(cut + [step.node_id])
        before = int((current.predict(X_val) != truth).sum())
        after = int((candidate.predict(X_val) != truth).sum())
        assert (step.errors_before, step.errors_after) == (before, after), step
        below = {n.node_id for n in _subtree(current.node(step.node_id))}
        reach = np.isin(current.apply(X_val), list(below))
        assert step.n_reaching == int(reach.sum())
        assert step.leaf_errors == int((reach & (truth != step.leaf_label)).sum())
        if step.pruned:
            cut.append(step.node_id)
    assert any(s.pruned for s in result.steps) and any(not s.pruned for s in result.steps)


def _subtree(node):
    stack, out = [node], []
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(n.children)
    return out


# ------------------------------------------------------------------ the method registry
def test_pessimistic_pruning_of_a_bare_tree_needs_no_training_rows():
    from dtlearn.pruning.methods import pruning_method

    X, y = dt.load_tic_tac_toe()
    id3 = dt.ID3Classifier().fit(X[::2], y[::2])  # not C4.5: pruned on its own counts
    result = pruning_method("pessimistic").run(id3)
    assert {s.decision for s in result.steps} <= {"kept", "pruned to leaf"}
    assert result.tree.n_leaves < id3.tree_.n_leaves


def test_each_tree_of_the_pessimistic_sequence_follows_a_change():
    from dtlearn.pruning.methods import pruning_method

    X, y = dt.load_tic_tac_toe()
    method = pruning_method("pessimistic")
    result = method.run(dt.C45Classifier(prune=False).fit(X[::2], y[::2]))
    sequence = method.sequence(result)
    leaves = [result.state_after(p).n_leaves for p in sequence.positions]
    assert sequence.positions[0] == 0
    assert all(a > b for a, b in zip(leaves, leaves[1:]))  # every entry after a change
    assert leaves[-1] == result.tree.n_leaves
    changed = [k for k, s in enumerate(result.steps) if s.decision != "kept"]
    assert len(sequence.positions) == len(changed) + 1


# ------------------------------------------------------------------ rows reaching a node
def test_a_missing_value_reaches_every_branch_only_when_distributed():
    from dtlearn.data import encode
    from dtlearn.pruning.tree_access import rows_reaching

    X, y = dt.load_play_tennis()
    hole = X.iloc[[0]].copy()
    hole["outlook"] = None  # both trees test outlook at the root
    for model, everywhere in ((dt.C45Classifier(), True), (dt.ID3Classifier(), False)):
        tree = model.fit(X, y).tree_
        reach = rows_reaching(tree, encode(hole, tree.schema, allow_missing=True))
        assert reach[tree.root.node_id].tolist() == [True]
        assert [bool(reach[c.node_id][0]) for c in tree.root.children] == [everywhere] * 3


# ------------------------------------------------------------------ cost complexity
def test_zero_gain_links_go_only_when_asked():
    from dtlearn.pruning.cost_complexity import cost_complexity_prune

    X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
    tree = dt.CARTClassifier(max_depth=1).fit(X, ["a", "b", "b", "a"]).tree_
    # XOR cut once: both halves still a/b 50/50, Gini 0.5 before and after: alpha_eff = 0
    assert tree.n_leaves == 2
    assert cost_complexity_prune(tree, 0.0).n_leaves == 2  # as scikit-learn's ccp_alpha=0
    assert cost_complexity_prune(tree, 0.0, zero_gain=True).n_leaves == 1
