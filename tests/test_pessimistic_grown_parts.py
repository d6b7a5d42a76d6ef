"""Pruning a fitted C4.5 model reads the rows growth recorded, not a silent re-routing.

``C45Classifier`` keeps, per node, the rows and weights growth sent there
(``_grown_parts``); ``pessimistic_prune(model)`` must start from them (a misspelt attribute
would fall back to routing the training data again: the same tree, found the slow way).
The expectation that it is the same tree: pruning the bare grown tree with ``X`` and ``y``
(routed afresh) on vote, whose 392 missing votes go down every branch with fractions.
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
