"""Pruning pinned by what it must mean, on C4.5 trees with missing values and weighted fits.

Every reduced-error step is checked against the tree it talks about: the leaves it counts
are the leaves of that tree under the node, the errors before and after are what that tree
and its pruned copy get wrong on the validation rows (predicting, not the routine's own
bookkeeping). Pessimistic estimates at confidence 0.5 are worked out by hand (z = 0) and the
C4.5 trees they prune compared with Weka's J48 -C 0.5. The cost-complexity path of an
estimator fitted with ``ccp_alpha > 0`` is scikit-learn's ``cost_complexity_pruning_path``.
"""

from pathlib import Path

import numpy as np
import pytest
from weka_output import data_path, leaf_count, predictions, tree_size

import dtlearn as dt
from dtlearn.pruning.pessimistic import pessimistic_errors

sklearn = pytest.importorskip("sklearn")
from sklearn.tree import DecisionTreeClassifier  # noqa: E402


def _node(tree, node_id):
    return next(n for n in tree.nodes() if n.node_id == node_id)


def _leaves_under(node):
    return sum(1 for n in _walk(node) if n.is_leaf)


def _walk(node):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.children)


def _errors(tree, X, y):
    return int((np.asarray(tree.predict(X), dtype=object) != np.asarray(y, dtype=object)).sum())


def _check_steps_against_states(result, X_val, y_val):
    """Each step's numbers are those of the tree it visits, found by predicting."""
    assert result.errors_before == _errors(result.original, X_val, y_val)
    for k, step in enumerate(result.steps):
        state = result.state_after(k)
        node = _node(state, step.node_id)
        assert not node.is_leaf
        assert step.n_subtree_leaves == _leaves_under(node), (k, step)
        assert step.errors_before == _errors(state, X_val, y_val), (k, step)
        cut = state.with_leaves_at([step.node_id])
        assert step.errors_after == _errors(cut, X_val, y_val), (k, step)
        assert step.pruned == (step.errors_after <= step.errors_before)
        assert step.n_validation == len(y_val)
    assert result.tree.n_leaves == result.state_after(len(result.steps)).n_leaves
    assert result.errors_after == _errors(result.tree, X_val, y_val)


@pytest.fixture(scope="module")
def vote():
    return dt.load_vote()


def test_reduced_error_on_c45_with_missing_values_distribute(vote):
    X, y = vote
    assert X.isna().any().any()
    model = dt.C45Classifier(prune=False).fit(X[::2], y[::2])
    assert model.tree_.missing == "distribute"
    result = dt.reduced_error_prune(model, X[1::2], y[1::2])
    assert any(s.pruned for s in result.steps) and any(not s.pruned for s in result.steps)
    _check_steps_against_states(result, X[1::2], y[1::2])
    # the root, visited after cuts below it, counts the leaves left (2), not the 6 grown
    root_steps = [s for s in result.steps if s.node_id == result.original.root.node_id]
    assert root_steps and all(
        s.n_subtree_leaves == result.state_after(result.steps.index(s)).n_leaves for s in root_steps
    )
    assert result.original.n_leaves > root_steps[0].n_subtree_leaves


@pytest.mark.parametrize("start", [0, 1, 2])
def test_reduced_error_on_c45_with_missing_values_other_halves(vote, start):
    X, y = vote
    train = np.arange(len(y)) % 3 != start
    model = dt.C45Classifier(prune=False, min_samples_leaf=1).fit(X[train], y[train])
    result = dt.reduced_error_prune(model, X[~train], y[~train])
    _check_steps_against_states(result, X[~train], y[~train])


def test_reduced_error_on_majority_trees_counts_leaves_after_cuts():
    X, y = dt.load_tic_tac_toe()
    model = dt.ID3Classifier().fit(X[::2], y[::2])
    assert model.tree_.missing == "majority"
    result = dt.reduced_error_prune(model, X[1::2], y[1::2])
    assert sum(s.pruned for s in result.steps) >= 2
    _check_steps_against_states(result, X[1::2], y[1::2])


def test_reduced_error_on_weighted_and_class_weighted_fits():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(240, 3))
    y = np.where(X[:, 0] + 0.6 * rng.normal(size=240) > 0.4, "a", "b")
    w = rng.integers(1, 4, size=240).astype(float)
    weighted = dt.CARTClassifier(max_depth=5).fit(X[:160], y[:160], sample_weight=w[:160])
    _check_steps_against_states(
        dt.reduced_error_prune(weighted, X[160:], y[160:]), X[160:], y[160:]
    )
    est = DecisionTreeClassifier(
        class_weight={"a": 3.0, "b": 1.0}, max_depth=5, random_state=0
    ).fit(X[:160], y[:160], sample_weight=w[:160])
    imported = dt.from_sklearn(est, X[:160], y[:160], sample_weight=w[:160])
    result = dt.reduced_error_prune(imported, X[160:], y[160:])
    _check_steps_against_states(result, X[160:], y[160:])


def test_reduced_error_pruning_with_unknown_values_prunes_on_ties():
    # a C4.5 tree sends unknown values down every branch, so each candidate tree is scored
    # whole; a node whose leaf makes no more validation errors is pruned (ties included)
    X, y = dt.read_arff(data_path("vote").read_text(encoding="utf-8"))
    model = dt.C45Classifier(prune=False).fit(X.iloc[:300], y.iloc[:300])
    X_val, y_val = X.iloc[300:], y.iloc[300:]
    assert model.tree_.missing == "distribute" and X_val.isna().any().any()
    result = dt.reduced_error_prune(model, X_val, y_val)
    steps = result.steps
    assert any(s.errors_after == s.errors_before for s in steps)  # the data has ties
    assert all(s.pruned == (s.errors_after <= s.errors_before) for s in steps)
    # the pruned tree's validation errors, counted by predicting with it
    wrong = int((result.tree.predict(X_val) != y_val.to_numpy()).sum())
    final = steps[-1].errors_after if steps[-1].pruned else steps[-1].errors_before
    assert wrong == final


# ------------------------------------------------------------------ pessimistic at 0.5
@pytest.mark.parametrize("n, e", [(14, 5), (10, 1), (6, 2.5), (20, 3)])
def test_pessimistic_errors_at_confidence_one_half_by_hand(n, e):
    # CF = 0.5: z = Phi^-1(0.5) = 0, the upper limit is f = (E + 0.5)/N, the extra 0.5
    assert float(pessimistic_errors(n, e, 0.5)) == pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("n", [1, 2, 7, 30])
def test_pessimistic_errors_at_one_half_without_errors(n):
    assert float(pessimistic_errors(n, 0, 0.5)) == pytest.approx(n * (1 - 0.5 ** (1 / n)))


@pytest.mark.parametrize(
    "n, confidence", [(3, 0.5), (3, 0.25), (10, 0.25), (14, 0.25), (25.5, 0.4), (4, 0.1)]
)
def test_pessimistic_errors_when_all_but_half_an_instance_is_wrong(n, confidence):
    # E + 0.5 >= N: Weka's addErrs returns N - E exactly (not the formula, which at f = 1
    # gives the same number only up to rounding)
    assert float(pessimistic_errors(n, n - 0.5, confidence)) == 0.5


def test_confidence_one_half_is_accepted_and_prunes_less_than_one_quarter(vote):
    X, y = vote
    half = dt.C45Classifier(confidence=0.5).fit(X, y).tree_
    quarter = dt.C45Classifier(confidence=0.25).fit(X, y).tree_
    unpruned = dt.C45Classifier(prune=False).fit(X, y).tree_
    assert quarter.n_leaves <= half.n_leaves <= unpruned.n_leaves
    with pytest.raises(ValueError, match="confidence"):
        dt.C45Classifier(confidence=0.51).fit(X, y)


C05 = Path(__file__).resolve().parent / "fixtures" / "weka_c05"


@pytest.mark.parametrize("dataset", ["vote", "labor", "breast-cancer", "credit-g", "soybean"])
def test_j48_at_confidence_one_half_is_wekas(dataset):
    # tests/fixtures/make_weka_c05.py: J48 -C 0.5 (z = 0 in every estimate)
    text = (C05 / f"{dataset}.J48-C0.5.txt").read_text(encoding="utf-8")
    X, y = dt.read_arff(data_path(dataset).read_text(encoding="utf-8"))
    model = dt.C45Classifier(confidence=0.5).fit(X, y)
    tree = model.tree_
    assert (tree.n_leaves, tree.n_nodes) == (leaf_count(text), tree_size(text))
    classes = [str(c) for c in y.cat.categories]
    weka = predictions((C05 / f"{dataset}.J48-C0.5.pred.txt").read_text(encoding="utf-8"), classes)
    assert [str(p) for p in model.predict(X)] == [p.predicted for p in weka]
    np.testing.assert_allclose(
        model.predict_proba(X), [p.distribution for p in weka], atol=5e-4 + 1e-9
    )


# ------------------------------------------------------------------ cost-complexity
def test_ccp_path_of_an_estimator_fitted_with_alpha_is_the_full_trees_path():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(150, 4))
    y = (X[:, 0] + X[:, 1] * X[:, 2] + 0.5 * rng.normal(size=150) > 0).astype(int)
    reference = DecisionTreeClassifier(random_state=0).cost_complexity_pruning_path(X, y)
    for alpha in (0.0, 0.01, 0.05):
        path = dt.cost_complexity_path(dt.CARTClassifier(ccp_alpha=alpha), X, y)
        np.testing.assert_allclose(path.ccp_alphas, reference.ccp_alphas, rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(path.impurities, reference.impurities, rtol=1e-12, atol=1e-15)


def test_ccp_tree_at_each_step_alpha_is_the_last_tree_of_that_alpha():
    rng = np.random.default_rng(8)
    X = rng.normal(size=(120, 3))
    y = (X[:, 0] - X[:, 1] + 0.7 * rng.normal(size=120) > 0).astype(int)
    path = dt.cost_complexity_path(dt.CARTClassifier(), X, y)
    alphas = [float(a) for a in path.ccp_alphas]
    assert len(set(alphas)) >= 4
    for i, alpha in enumerate(alphas):
        # scikit-learn's meaning: ccp_alpha = alphas[i] keeps the tree of the last entry
        # with that alpha (the collapses at exactly alpha are made)
        last = max(j for j, a in enumerate(alphas) if a == alpha)
        assert path.tree_at(alpha).n_leaves == path.n_leaves[last], (i, alpha)
        assert path.tree_at(alpha).n_leaves == dt.cost_complexity_prune(path.tree, alpha).n_leaves
    distinct = sorted(set(alphas))
    for low, high in zip(distinct, distinct[1:]):  # between two alphas: scikit-learn's tree
        alpha = (low + high) / 2
        theirs = DecisionTreeClassifier(ccp_alpha=alpha, random_state=0).fit(X, y)
        assert path.tree_at(alpha).n_leaves == theirs.get_n_leaves(), alpha


def test_ccp_path_of_a_class_weighted_import_is_sklearns():
    rng = np.random.default_rng(11)
    X = rng.normal(size=(160, 3))
    y = np.where(X[:, 0] + 0.8 * rng.normal(size=160) > 0.5, "a", "b")
    w = rng.integers(1, 4, size=160).astype(float)
    est = DecisionTreeClassifier(class_weight="balanced", random_state=0)
    est.fit(X, y, sample_weight=w)
    tree = dt.from_sklearn(est, X, y, sample_weight=w).tree_
    reference = DecisionTreeClassifier(
        class_weight="balanced", random_state=0
    ).cost_complexity_pruning_path(X, y, sample_weight=w)
    path = dt.cost_complexity_path(tree)
    np.testing.assert_allclose(path.ccp_alphas, reference.ccp_alphas, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(path.impurities, reference.impurities, rtol=1e-9, atol=1e-12)


def test_complexity_curve_default_depths_reach_the_full_depth():
    from dtlearn.pruning.curves import complexity_curve

    X, y = dt.load_play_tennis()
    full = dt.ID3Classifier().fit(X, y).tree_
    curve = complexity_curve(dt.ID3Classifier(), X, y, X, y, param="max_depth")
    assert list(curve.values) == list(range(1, full.depth + 1))
    assert curve.n_leaves[-1] == full.n_leaves and curve.validation[-1] == 1.0


# ------------------------------------------------------------------ J48's pruning rule
@pytest.mark.parametrize("loader", [dt.load_labor, dt.load_vote, dt.load_breast_cancer_ljubljana])
@pytest.mark.parametrize("confidence", [0.25, 0.5])
def test_each_pessimistic_decision_follows_j48s_rule(loader, confidence):
    # J48 (C45PruneableClassifierTree.prune): a leaf if its estimate is within 0.1 of the
    # subtree's and of the largest branch's; else the largest branch raised if within 0.1
    # of the subtree's; else kept. The collapse phase keeps a subtree that makes fewer
    # training errors than the leaf by more than 0.001.
    X, y = loader()
    steps = dt.C45Classifier(confidence=confidence).fit(X, y).pruning_.steps
    assert {s.phase for s in steps} == {"collapse", "prune"}
    for s in steps:
        if s.phase == "collapse":
            collapsed = s.subtree_errors_train >= s.leaf_errors_train - 1e-3
            assert s.action == ("collapsed" if collapsed else "kept"), s
            continue
        leaf, sub, branch = s.leaf_estimate, s.subtree_estimate, s.branch_estimate
        if leaf <= sub + 0.1 + 1e-6 and (not np.isfinite(branch) or leaf <= branch + 0.1 + 1e-6):
            expected = "pruned"
        elif np.isfinite(branch) and branch <= sub + 0.1 + 1e-6:
            expected = "raised"
        else:
            expected = "kept"
        assert s.action == expected, (s.decision, leaf, sub, branch)
