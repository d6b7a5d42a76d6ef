"""Every cost-complexity step's candidate table, worked out again from the tree it starts from.

``CCPStep.candidates`` replays the collapses before a step (a whole subtree leaves the
candidates at once); the independent expectation reads the pruned tree of that step
(``path.trees[k - 1]``) node by node: ``r(t) = w_t · I(t) / w_root``, ``R(T_t)`` the sum of
``r`` over the leaves below, ``|T_t|`` their count and ``alpha_eff = (r(t) - R(T_t)) /
(|T_t| - 1)`` (Breiman et al. 1984), on weighted and class-weighted fits whose path collapses
nodes with inner nodes below them.
"""

import numpy as np
import pytest
from sklearn.tree import DecisionTreeClassifier

import dtlearn as dt
from dtlearn.pruning.cost_complexity import cost_complexity_path


def _leaf_nodes(node):
    if not node.children:
        return [node]
    return [leaf for child in node.children for leaf in _leaf_nodes(child)]


def _candidate_rows(tree):
    w_root = tree.root.n_samples
    rows = []
    for node in tree.nodes():
        if node.children:
            r = node.n_samples * node.impurity / w_root
            leaves = _leaf_nodes(node)
            branch = sum(leaf.n_samples * leaf.impurity / w_root for leaf in leaves)
            rows.append((node.node_id, r, branch, len(leaves), (r - branch) / (len(leaves) - 1)))
    return rows


def _noisy(seed, n=120):
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 6, size=(n, 3)).astype(float)
    y = np.where(rng.random(n) < 0.3, rng.integers(0, 3, n), (X[:, 0] + X[:, 1]) % 3)
    return X, y.astype(int), rng.integers(1, 4, n).astype(float)


def _class_weighted(X, y, w):
    sk = DecisionTreeClassifier(class_weight="balanced", random_state=0).fit(X, y, w)
    model = dt.from_sklearn(sk, X, y, sample_weight=w)
    # scikit-learn's own path of the same (class- and sample-weighted) tree, exactly
    expected = sk.cost_complexity_pruning_path(X, y, sample_weight=w)
    path = cost_complexity_path(model)
    assert path.ccp_alphas.tolist() == expected.ccp_alphas.tolist()
    assert path.impurities.tolist() == expected.impurities.tolist()
    return model


@pytest.mark.parametrize(
    "fit",
    [
        lambda X, y, w: dt.CARTClassifier().fit(X, y, sample_weight=w),
        lambda X, y, w: dt.CARTClassifier(criterion="entropy").fit(X, y, sample_weight=w),
        _class_weighted,
    ],
    ids=["gini-weighted", "entropy-weighted", "sklearn-class-weighted"],
)
def test_each_steps_candidates_are_its_trees_inner_nodes(fit):
    X, y, w = _noisy(3)
    path = cost_complexity_path(fit(X, y, w))
    sizes = [len(s.candidates) for s in path.steps]
    # some collapse takes inner nodes with it: the candidates then shrink by more than one
    assert any(a - b > 1 for a, b in zip(sizes, sizes[1:]))
    for step in path.steps:
        rows = _candidate_rows(path.trees[step.index - 1])
        got = step.candidates
        assert [c[0] for c in got] == [r[0] for r in rows]
        assert [c[3] for c in got] == [r[3] for r in rows]
        assert [c[1:3] + c[4:] for c in got] == [
            pytest.approx(r[1:3] + r[4:], rel=1e-9, abs=1e-12) for r in rows
        ]
        assert step.n_candidates == len(rows)
        # the weakest link: the smallest alpha, the first in node order on (rounded) ties
        smallest = min(r[4] for r in rows)
        first = next(r for r in rows if r[4] <= smallest + 1e-12)
        assert step.node_id == first[0]
        assert step.alpha == pytest.approx(first[4], rel=1e-9, abs=1e-12)


def test_reading_the_steps_backwards_replays_from_the_start():
    X, y, w = _noisy(5)
    path = cost_complexity_path(dt.CARTClassifier().fit(X, y, sample_weight=w))
    forwards = [s.candidates for s in path.steps]
    assert [s.candidates for s in reversed(path.steps)] == forwards[::-1]
    assert path.steps[0].candidates == forwards[0]
