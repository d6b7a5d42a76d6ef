"""What pessimistic pruning starts from: growth's recorded rows, or a bare tree's own counts.

Pruning a fitted C4.5 model reads the rows growth recorded, not a silent re-routing.

``C45Classifier`` keeps, per node, the rows and weights growth sent there
(``_grown_parts``); ``pessimistic_prune(model)`` must start from them (a misspelt attribute
would fall back to routing the training data again: the same tree, found the slow way).
The expectation that it is the same tree: pruning the bare grown tree with ``X`` and ``y``
(routed afresh) on vote, whose 392 missing votes go down every branch with fractions.
A bare tree from another learner (no branch fractions) is pruned from its own counts; on
play tennis J48 keeps ID3's tree, whose estimates are Weka's (5 rows, 2 errors: 3.222).
"""

import dtlearn as dt
from dtlearn.pruning import pessimistic
from dtlearn.pruning.pessimistic import pessimistic_prune


def test_a_fitted_model_is_pruned_from_its_recorded_rows(monkeypatch):
    X, y = dt.load_dataset("vote")
    assert int(X.isna().sum().sum()) == 392
    model = dt.C45Classifier(min_samples_leaf=2).fit(X, y)
    used = []
    real = pessimistic._work_tree_from_parts
    monkeypatch.setattr(
        pessimistic,
        "_work_tree_from_parts",
        lambda tree, parts: used.append(parts) or real(tree, parts),
    )
    result = pessimistic_prune(model)
    assert len(used) == 1 and used[0] is model._grown_parts
    routed = pessimistic_prune(model.grown_tree_, X=X, y=y)
    assert len(used) == 1  # a bare tree with data: routed again
    assert result.tree.to_json() == routed.tree.to_json() == model.tree_.to_json()
    assert [s.to_dict() for s in result.steps] == [s.to_dict() for s in routed.steps]
    assert (model.grown_tree_.n_leaves, result.tree.n_leaves) == (36, 6)


def test_a_bare_tree_without_branch_fractions_is_pruned_from_its_counts():
    tree = dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_
    assert all(node.branch_weights is None for node in tree.nodes())
    result = pessimistic_prune(tree, subtree_raising=False)
    assert result.summary() == (
        "C4.5 pruning (confidence 0.25): 6 decisions, none changed the tree; 5 leaves"
    )
    assert [str(s) for s in result.steps[3:]] == [
        "node 1: kept (estimated errors: leaf 3.222, subtree 2.110, largest branch —)",
        "node 3: kept (estimated errors: leaf 3.222, subtree 2.110, largest branch —)",
        "node 0: kept (estimated errors: leaf 6.761, subtree 5.392, largest branch —)",
    ]
    kept = [(n.node_id, n.counts.tolist(), n.branch_weights) for n in result.tree.nodes()]
    assert kept == [(n.node_id, n.counts.tolist(), None) for n in tree.nodes()]
    assert result.state_after(0).n_leaves == 5
