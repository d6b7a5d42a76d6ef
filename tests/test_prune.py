"""Reduced-error pruning invariants and cost-complexity parity with scikit-learn."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.pruning.cost_complexity import cost_complexity_path, cost_complexity_prune
from dtlearn.pruning.curves import train_validation_test_split
from dtlearn.pruning.reduced_error import reduced_error_prune

sklearn = pytest.importorskip("sklearn")
from sklearn.datasets import load_breast_cancer, load_diabetes, make_classification  # noqa: E402
from sklearn.model_selection import GridSearchCV, train_test_split  # noqa: E402
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor  # noqa: E402


# ---------------------------------------------------------------------- helpers
def _errors(tree, X, y):
    return int((tree.predict(X) != np.asarray(y, dtype=object)).sum())


def _vote():
    X, y = dt.load_vote()
    keep = X.notna().all(axis=1)
    return train_validation_test_split(X[keep], y[keep], random_state=0)


def _same_tree(ours, theirs, features=True):
    """Our CART tree equals scikit-learn's: same shape, sizes, impurities (and tests).

    With ``features=False`` only the partition is compared: on breast_cancer, node 1 can
    cut "worst radius" or "worst area" with the same rows on each side (a tie that
    scikit-learn breaks by its random feature order).
    """
    t = theirs.tree_
    nodes = list(ours.nodes())  # pre-order = scikit-learn's depth-first numbering
    assert len(nodes) == t.node_count
    for i, node in enumerate(nodes):
        assert node.n_samples == pytest.approx(t.weighted_n_node_samples[i])
        assert node.impurity == pytest.approx(t.impurity[i], rel=1e-9, abs=1e-12)
        if node.is_leaf:
            assert t.children_left[i] == -1
        elif features:
            assert node.split.feature == t.feature[i]
            assert node.split.threshold == pytest.approx(t.threshold[i], rel=1e-6)


# ---------------------------------------------------------------------- reduced-error
def test_reduced_error_on_vote_prunes_and_does_not_mutate():
    X_tr, X_va, X_te, y_tr, y_va, y_te = _vote()
    model = dt.ID3Classifier().fit(X_tr, y_tr)
    before = model.tree_.to_json()
    result = reduced_error_prune(model, X_va, y_va)
    assert model.tree_.to_json() == before
    assert isinstance(result.model, dt.ID3Classifier)
    assert result.model.tree_ is result.tree
    assert result.tree.n_nodes == 3 and result.original.n_nodes == 19
    assert result.errors_after <= result.errors_before
    assert result.errors_after == _errors(result.tree, X_va, y_va)
    assert result.model.score(X_te, y_te) > model.score(X_te, y_te)


def test_reduced_error_step_explains_itself():
    X_tr, X_va, _, y_tr, y_va, _ = _vote()
    result = reduced_error_prune(dt.ID3Classifier().fit(X_tr, y_tr), X_va, y_va)
    step = result.steps[0]
    text = str(step.explain())
    assert f"node {step.node_id}" in text and "errors of the subtree" in text
    assert "<" in step._repr_html_() and step._repr_markdown_()
    assert step.subtree_errors - step.leaf_errors == step.errors_before - step.errors_after
    table = result.table()
    assert len(table.rows) == len(result.steps)
    assert "reduced-error pruning" in repr(result)
    assert result.to_dict()["steps"][0]["decision"] in ("pruned", "kept")
    assert list(result.to_frame().columns)[:2] == ["pass", "node"]


def test_reduced_error_accepts_a_tree_and_returns_a_tree():
    X_tr, X_va, _, y_tr, y_va, _ = _vote()
    tree = dt.ID3Classifier().fit(X_tr, y_tr).tree_
    result = reduced_error_prune(tree, X_va, y_va)
    assert isinstance(result.model, dt.Tree)


def _check_rep_invariants(model, X_val, y_val):
    original = model.tree_.to_json()
    result = reduced_error_prune(model, X_val, y_val)
    assert model.tree_.to_json() == original
    # validation error never increases from step to step
    errors = [result.errors_before] + [s.errors_after for s in result.steps if s.pruned]
    assert all(b <= a for a, b in zip(errors, errors[1:]))
    assert errors[-1] == result.errors_after == _errors(result.tree, X_val, y_val)
    # in the result, pruning any remaining inner node increases validation error
    pruned = list(result.pruned_nodes)
    for node in result.tree.nodes():
        if not node.is_leaf:
            worse = result.original.with_leaves_at(pruned + [node.node_id])
            assert _errors(worse, X_val, y_val) > result.errors_after
    # the last pass prunes nothing and checks every remaining inner node
    last = (
        [s for s in result.steps if s.pass_number == result.steps[-1].pass_number]
        if result.steps
        else []
    )
    assert not any(s.pruned for s in last) or result.tree.n_nodes == 1
    return result


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(20, 80), noise=st.floats(0, 0.4))
def test_reduced_error_invariants_on_random_data(seed, n, noise):
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({f"a{j}": rng.choice(["p", "q", "r"], size=n) for j in range(4)})
    y = np.where((X["a0"] == "p") | (X["a1"] == "q"), "yes", "no")
    flip = rng.random(n) < noise
    y = np.where(flip, np.where(y == "yes", "no", "yes"), y)
    half = n // 2
    if len(set(y[:half])) < 1:
        return
    model = dt.ID3Classifier(stop_at_zero_gain=False).fit(X[:half], y[:half])
    X_val = X[half:].reset_index(drop=True)
    y_val = [v for v in y[half:] if v in set(model.classes_)]
    if len(y_val) != len(X_val):
        return
    _check_rep_invariants(model, X_val, y_val)


def test_reduced_error_invariants_on_cart_with_numbers():
    X, y = make_classification(400, n_features=5, n_informative=3, flip_y=0.15, random_state=3)
    X_tr, X_va, _, y_tr, y_va, _ = train_validation_test_split(X, y, random_state=1)
    result = _check_rep_invariants(dt.CARTClassifier().fit(X_tr, y_tr), X_va, y_va)
    assert result.tree.n_leaves < result.original.n_leaves


def test_reduced_error_bad_input():
    X_tr, X_va, _, y_tr, y_va, _ = _vote()
    model = dt.ID3Classifier().fit(X_tr, y_tr)
    with pytest.raises(ValueError, match="X_val has columns"):
        reduced_error_prune(model, X_va.rename(columns={"crime": "Crime"}), y_va)
    with pytest.raises(ValueError, match="y_val holds the label 'independent'"):
        reduced_error_prune(model, X_va, ["independent"] + list(y_va[1:]))
    with pytest.raises(ValueError, match="X_val is empty"):
        reduced_error_prune(model, X_va[:0], y_va[:0])
    with pytest.raises(ValueError, match="y_val has 3 labels"):
        reduced_error_prune(model, X_va, y_va[:3])
    with pytest.raises(ValueError, match="not fitted"):
        reduced_error_prune(dt.ID3Classifier(), X_va, y_va)
    with pytest.raises(TypeError, match="model_or_tree"):
        reduced_error_prune("tree", X_va, y_va)
    with pytest.raises(ValueError, match="classification"):
        reduced_error_prune(dt.CARTRegressor().fit([[0.0], [1.0]], [0.0, 1.0]), [[0.5]], [1.0])


def test_reduced_error_reorders_columns():
    X_tr, X_va, _, y_tr, y_va, _ = _vote()
    model = dt.ID3Classifier().fit(X_tr, y_tr)
    a = reduced_error_prune(model, X_va, y_va)
    b = reduced_error_prune(model, X_va[X_va.columns[::-1]], y_va)
    assert a.pruned_nodes == b.pruned_nodes


# ---------------------------------------------------------------------- cost-complexity
@pytest.fixture(scope="module")
def breast_cancer():
    X, y = load_breast_cancer(return_X_y=True)
    X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0)
    return X_train, X_test, y_train, y_test


def test_breast_cancer_tree_is_sklearns(breast_cancer):
    X_train, _, y_train, _ = breast_cancer
    theirs = [DecisionTreeClassifier(random_state=r).fit(X_train, y_train) for r in range(4)]
    assert {t.tree_.node_count for t in theirs} == {31}
    assert theirs[0].get_depth() == 8
    ours = dt.CARTClassifier().fit(X_train, y_train)
    assert (ours.tree_.n_nodes, ours.tree_.depth) == (31, 8)
    _same_tree(ours.tree_, theirs[0], features=False)
    paths = [t.cost_complexity_pruning_path(X_train, y_train) for t in theirs]
    for p in paths[1:]:  # the path does not depend on scikit-learn's random feature order
        np.testing.assert_array_equal(p.ccp_alphas, paths[0].ccp_alphas)
    np.testing.assert_array_equal(ours.predict(X_train).astype(int), theirs[0].predict(X_train))


def test_ccp_path_equals_sklearn_on_breast_cancer(breast_cancer):
    X_train, _, y_train, _ = breast_cancer
    expected = DecisionTreeClassifier(random_state=0).cost_complexity_pruning_path(X_train, y_train)
    path = cost_complexity_path(dt.CARTClassifier(), X_train, y_train)
    assert len(path.ccp_alphas) == 13
    assert path.ccp_alphas[-1] == pytest.approx(0.3272984419327777, abs=1e-12)
    np.testing.assert_allclose(path.ccp_alphas, expected.ccp_alphas, rtol=0, atol=1e-12)
    np.testing.assert_allclose(path.impurities, expected.impurities, rtol=0, atol=1e-12)
    assert path.n_leaves[0] == 16 and path.n_leaves[-1] == 1
    assert len(path.trees) == 13 and path.trees[-1].n_nodes == 1


@pytest.mark.parametrize("criterion", ["gini", "entropy"])
def test_ccp_path_equals_sklearn_on_synthetic_data(criterion):
    X, y = make_classification(300, n_features=6, n_informative=4, random_state=1)
    X = X.astype(np.float32).astype(float)  # scikit-learn splits on float32 values
    theirs = [
        DecisionTreeClassifier(criterion=criterion, random_state=r).fit(X, y) for r in range(3)
    ]
    ours = dt.CARTClassifier(criterion=criterion).fit(X, y)
    # ties among small nodes may order branches differently: compare the nodes as a set
    t = theirs[0].tree_
    mine = sorted((n.n_samples, round(n.impurity, 12)) for n in ours.tree_.nodes())
    assert mine == sorted(zip(t.weighted_n_node_samples, np.round(t.impurity, 12)))
    paths = [t.cost_complexity_pruning_path(X, y) for t in theirs]
    for p in paths[1:]:
        np.testing.assert_array_equal(p.ccp_alphas, paths[0].ccp_alphas)
    expected = paths[0]
    path = cost_complexity_path(ours)
    np.testing.assert_allclose(path.ccp_alphas, expected.ccp_alphas, rtol=0, atol=1e-12)
    np.testing.assert_allclose(path.impurities, expected.impurities, rtol=0, atol=1e-12)


def test_ccp_path_equals_sklearn_for_regression():
    X, y = load_diabetes(return_X_y=True)
    X, y = X[:200].astype(np.float32).astype(float), y[:200]
    theirs = DecisionTreeRegressor(random_state=0).fit(X, y)
    ours = dt.CARTRegressor().fit(X, y)
    assert ours.tree_.n_nodes == theirs.tree_.node_count
    expected = theirs.cost_complexity_pruning_path(X, y)
    path = cost_complexity_path(ours)
    np.testing.assert_allclose(path.ccp_alphas, expected.ccp_alphas, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(path.impurities, expected.impurities, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("alpha", [0.0, 0.003, 0.0047, 0.01, 0.02, 0.05, 0.4])
def test_ccp_alpha_prunes_like_sklearn(breast_cancer, alpha):
    X_train, _, y_train, _ = breast_cancer
    theirs = DecisionTreeClassifier(random_state=0, ccp_alpha=alpha).fit(X_train, y_train)
    ours = dt.CARTClassifier(ccp_alpha=alpha).fit(X_train, y_train)
    assert ours.tree_.n_nodes == theirs.tree_.node_count
    np.testing.assert_array_equal(ours.predict(X_train).astype(int), theirs.predict(X_train))
    path = cost_complexity_path(dt.CARTClassifier().fit(X_train, y_train))
    assert path.tree_at(alpha).n_nodes == theirs.tree_.node_count


def test_ccp_steps_record_every_candidate(breast_cancer):
    X_train, _, y_train, _ = breast_cancer
    path = cost_complexity_path(dt.CARTClassifier().fit(X_train, y_train))
    assert len(path.steps) == len(path.ccp_alphas) - 1
    for step in path.steps:
        assert step.alpha == path.ccp_alphas[step.index]
        assert step.alpha == min(c[4] for c in step.candidates)
        chosen = [c for c in step.candidates if c[0] == step.node_id][0]
        assert chosen[4] == pytest.approx((chosen[1] - chosen[2]) / (chosen[3] - 1))
    text = str(path.steps[0].explain())
    assert "alpha_eff" in text and "weakest link" in text
    assert "<table" in path._repr_html_() and "cost-complexity" in repr(path)
    assert path.to_frame().shape == (13, 6)
    assert path.to_dict()["ccp_alphas"][-1] == path.ccp_alphas[-1]


def test_ccp_does_not_mutate_and_accepts_tree():
    X, y = dt.load_play_tennis(numeric=True)
    model = dt.CARTClassifier().fit(X, y)
    before = model.tree_.to_json()
    path = cost_complexity_path(model.tree_)
    cost_complexity_prune(model.tree_, 0.2)
    assert model.tree_.to_json() == before
    assert path.tree is model.tree_


def test_ccp_bad_input():
    X, y = dt.load_play_tennis(numeric=True)
    model = dt.CARTClassifier().fit(X, y)
    with pytest.raises(ValueError, match="alpha must be >= 0"):
        cost_complexity_prune(model.tree_, -0.1)
    with pytest.raises(TypeError, match="alpha"):
        cost_complexity_prune(model.tree_, "big")
    with pytest.raises(ValueError, match="alpha must be >= 0"):
        cost_complexity_path(model).tree_at(-1)
    with pytest.raises(ValueError, match="ccp_alpha"):
        dt.CARTClassifier(ccp_alpha=-1).fit(X, y)
    with pytest.raises(ValueError, match="X, y"):
        cost_complexity_path(model.tree_, X, y)
    with pytest.raises(ValueError, match="X and y"):
        cost_complexity_path(model, X)


def test_grid_search_chooses_alpha(breast_cancer):
    X_train, X_test, y_train, y_test = breast_cancer
    path = cost_complexity_path(dt.CARTClassifier(), X_train, y_train)
    search = GridSearchCV(dt.CARTClassifier(), {"ccp_alpha": list(path.ccp_alphas[:-1])}, cv=5).fit(
        X_train, y_train
    )
    assert search.best_params_["ccp_alpha"] in list(path.ccp_alphas)
    assert search.best_estimator_.tree_.n_nodes <= 31
    assert search.score(X_test, y_test) > 0.9
