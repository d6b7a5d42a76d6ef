"""C4.5's pruning with sample weights and at its exact boundaries.

Independent expectations: an integer sample weight must act as that many copies of the row
(scikit-learn's and Weka's meaning of a weight), and J48's collapse rule
``subtree errors >= leaf errors - 0.001`` includes its tie (Weka's
``C45PruneableClassifierTree.collapse``).
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.pruning.pessimistic import collapse, pessimistic_prune


@pytest.fixture(scope="module")
def vote_weighted():
    X, y = dt.load_vote()
    w = np.random.default_rng(0).integers(0, 4, len(y))
    rows = np.repeat(np.arange(len(y)), w)
    copies = X.iloc[rows].reset_index(drop=True), y.iloc[rows].reset_index(drop=True)
    return X, y, w, copies


def test_pessimistic_prune_of_a_bare_tree_weighs_rows_as_copies(vote_weighted):
    X, y, w, (Xc, yc) = vote_weighted
    grown = dt.C45Classifier(prune=False).fit(Xc, yc).grown_tree_
    weighted = pessimistic_prune(grown, X=X, y=y, sample_weight=w)
    copied = pessimistic_prune(grown, X=Xc, y=yc)
    assert weighted.tree.to_text() == copied.tree.to_text()
    assert [(s.node_id, s.decision) for s in weighted.steps] == [
        (s.node_id, s.decision) for s in copied.steps
    ]
    np.testing.assert_allclose(
        [s.leaf_estimate for s in weighted.steps],
        [s.leaf_estimate for s in copied.steps],
        rtol=1e-12,
    )
    # and the weights matter: unweighted rows prune this tree differently
    assert pessimistic_prune(grown, X=X, y=y).tree.to_text() != weighted.tree.to_text()


def test_c45_fit_with_integer_weights_is_the_fit_on_copies(vote_weighted):
    X, y, w, (Xc, yc) = vote_weighted
    weighted = dt.C45Classifier().fit(X, y, sample_weight=w)
    copied = dt.C45Classifier().fit(Xc, yc)
    assert weighted.tree_.to_text() == copied.tree_.to_text()
    np.testing.assert_allclose(weighted.predict_proba(X), copied.predict_proba(X))


def _two_leaves():
    X = pd.DataFrame({"a": ["p", "p", "p", "q"]})
    y = pd.Series(["A", "A", "B", "B"], name="c")
    return dt.C45Classifier(min_samples_leaf=1, prune=False).fit(X, y).grown_tree_, X, y


def test_collapse_includes_the_tie_at_leaf_errors_minus_one_thousandth():
    tree, X, y = _two_leaves()
    # root A 0.002, B 0.002: 0.002 errors as a leaf; leaves: p (A 0.002, B 0.001) 0.001, q 0
    result = collapse(tree, X, y, sample_weight=[0.001] * 4)
    (step,) = result.steps
    assert (step.leaf_errors_train, step.subtree_errors_train) == (0.002, 0.001)
    assert step.subtree_errors_train == step.leaf_errors_train - 1e-3  # the exact tie
    assert step.decision == "collapsed" and result.tree.n_leaves == 1


def test_collapse_keeps_a_subtree_just_below_the_tie():
    tree, X, y = _two_leaves()
    result = collapse(tree, X, y, sample_weight=[0.001, 0.001, 0.0005, 0.002])
    (step,) = result.steps
    # root A 0.002, B 0.0025 -> 0.002 wrong; leaves: p (A 0.002, B 0.0005) 0.0005, q 0
    assert step.subtree_errors_train < step.leaf_errors_train - 1e-3
    assert step.decision == "kept" and result.tree.n_leaves == 2
