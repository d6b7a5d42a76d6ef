"""The cost-complexity path's texts, tables and edge links, against hand computations.

Independent expectations: Gini risks worked by hand with fractions on the numeric play-tennis
tree (``r(t) = w_t · Gini(t) / w_root``, ``alpha_eff = (r(t) − R(T_t)) / (|T_t| − 1)``,
Breiman et al. 1984), scikit-learn's ``cost_complexity_pruning_path`` on a tree with a
zero-gain link, and the rounding tolerance ``cost_complexity_prune`` documents (64 units in
the last place of the link's risk scale) on a median (MAE) tree with shifted targets.
"""

from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.tree import DecisionTreeClassifier

import dtlearn as dt
from dtlearn.pruning.cost_complexity import (
    collapses_at,
    cost_complexity_path,
    cost_complexity_prune,
)


def _gini(*counts):
    n = sum(counts)
    return 1 - sum(F(c, n) ** 2 for c in counts)


@pytest.fixture(scope="module")
def tennis_path():
    X, y = dt.load_play_tennis(numeric=True)
    return cost_complexity_path(dt.CARTClassifier().fit(X, y))


# the tree: root (9 yes, 5 no) -> overcast leaf (4, 0) | node 2 (5, 5) -> node 3 (4, 1), node 4
# (1, 4), each cut into two pure leaves
R_ROOT = F(14, 14) * _gini(9, 5)  # 45/98
R_2 = F(10, 14) * _gini(5, 5)  # 5/14
R_3 = F(5, 14) * _gini(4, 1)  # 4/35
R_4 = F(5, 14) * _gini(1, 4)


def test_the_path_is_the_hand_computed_weakest_links(tennis_path):
    alphas = [0, R_3, R_4, (R_ROOT - (R_3 + R_4)) / 2]
    risks = [0, R_3, R_3 + R_4, R_ROOT]
    np.testing.assert_allclose(tennis_path.ccp_alphas, [float(a) for a in alphas], rtol=1e-12)
    np.testing.assert_allclose(tennis_path.impurities, [float(r) for r in risks], rtol=1e-12)
    assert tennis_path.n_leaves.tolist() == [5, 4, 3, 1]
    assert tennis_path.n_nodes.tolist() == [9, 7, 5, 1]
    assert tennis_path.cuts == (3, 4, 0)
    assert [t.n_leaves for t in tennis_path.trees] == [5, 4, 3, 1]


def test_the_path_table_starts_with_the_full_tree_at_step_zero(tennis_path):
    assert repr(tennis_path) == (
        "cost-complexity pruning path\n"
        "  step | alpha    | node collapsed | R(T)     | leaves | nodes\n"
        "     0 |        0 | (full tree)    |        0 |      5 |     9\n"
        "     1 | 0.114286 | 3              | 0.114286 |      4 |     7\n"
        "     2 | 0.114286 | 4              | 0.228571 |      3 |     5\n"
        "     3 | 0.115306 | 0              | 0.459184 |      1 |     1"
    )
    frame = tennis_path.to_frame()
    assert frame["step"].tolist() == [0, 1, 2, 3]
    assert frame["node collapsed"].tolist() == ["(full tree)", "3", "4", "0"]
    assert tennis_path.summary() == "cost-complexity path: 3 collapses, 5 -> 1 leaf"
    data = tennis_path.to_dict()
    assert data["n_leaves"] == [5, 4, 3, 1] and data["n_nodes"] == [9, 7, 5, 1]
    assert [s["node_id"] for s in data["steps"]] == [3, 4, 0]


def test_each_step_says_where_and_why(tennis_path):
    first, second, last = tennis_path.steps
    assert first.path == ("outlook in {sunny, rainy}", "humidity <= 82.5")
    assert second.path == ("outlook in {sunny, rainy}", "humidity > 82.5")
    assert last.path == () and last.condition == "root"
    assert first.condition == "humidity <= 82.5"
    assert str(first) == "step 1: collapse node 3 at alpha 0.114286 -> R(T) = 0.114286, 4 leaves"
    assert str(last) == "step 3: collapse node 0 at alpha 0.115306 -> R(T) = 0.459184, 1 leaf"
    assert first.reason == "weakest link: alpha_eff = 0.1143, the smallest of 4 inner nodes"
    assert second.reason == "weakest link: alpha_eff = 0.1143, the smallest of 3 inner nodes"
    assert last.reason == "weakest link: alpha_eff = 0.1153, the smallest of 2 inner nodes"
    assert first.before == {"R(T)": 0.0, "leaves": 5}
    assert first.after == {"R(T)": pytest.approx(float(R_3), rel=1e-12), "leaves": 4}
    assert last.before == {"R(T)": pytest.approx(float(R_3 + R_4), rel=1e-12), "leaves": 3}
    assert (first.index, first.n_leaves, first.n_leaves_after, first.n_candidates) == (1, 2, 4, 4)


def test_a_steps_candidates_are_every_inner_node_with_its_alpha(tennis_path):
    first, second, last = tennis_path.steps
    expected = [
        (0, R_ROOT, 0, 5, R_ROOT / 4),
        (2, R_2, 0, 4, R_2 / 3),
        (3, R_3, 0, 2, R_3),
        (4, R_4, 0, 2, R_4),
    ]
    got = first.candidates
    assert [(c[0], c[3]) for c in got] == [(c[0], c[3]) for c in expected]
    np.testing.assert_allclose(
        [c[1:3] + c[4:] for c in got],
        [[float(c[1]), float(c[2]), float(c[4])] for c in expected],
        rtol=1e-12,
    )
    assert [(c[0], c[3]) for c in last.candidates] == [(0, 3), (2, 2)]
    assert last.candidates[1][4] == pytest.approx(float(R_2 - (R_3 + R_4)), rel=1e-12)
    assert repr(second.table()) == (
        "step 2: candidates (weakest link marked)\n"
        "  node | r(t)   | R(T_t) | |T_t| | alpha_eff\n"
        "     0 | 0.4592 | 0.1143 |     4 |     0.115\n"
        "     2 | 0.3571 | 0.1143 |     3 |    0.1214\n"
        "*    4 | 0.1143 |      0 |     2 |    0.1143"
    )


def test_a_step_explains_itself_whole(tennis_path):
    assert str(tennis_path.steps[-1].explain()) == (
        "step 3: collapse node 0 (root)\n"
        "alpha_eff(node 0)     = (r(t) - R(T_t)) / (|T_t| - 1)\n"
        "                      = (0.459184 - 0.228571) / (3 - 1)\n"
        "                      = 0.115306   the smallest: this node is the weakest link\n"
        "R(T) after collapsing = 0.459184   1 leaf left\n"
        "step 3: candidates (weakest link marked)\n"
        "  node | r(t)   | R(T_t) | |T_t| | alpha_eff\n"
        "*    0 | 0.4592 | 0.2286 |     3 |    0.1153\n"
        "     2 | 0.3571 | 0.2286 |     2 |    0.1286"
    )
    first = tennis_path.steps[0]
    assert str(first.explain()).splitlines()[0] == (
        "step 1: collapse node 3 (outlook in {sunny, rainy} AND humidity <= 82.5)"
    )
    assert first.to_dict()["path"] == ["outlook in {sunny, rainy}", "humidity <= 82.5"]
    assert first._repr_markdown_().startswith(
        "**step 1: collapse node 3 (outlook in {sunny, rainy} AND humidity <= 82.5)**"
    )


# ------------------------------------------------------------------ a link of alpha 0
def _xor_under_a_pure_split():
    X = np.array([[1, 0, 0]] * 4 + [[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 1, 1]], dtype=float)
    y = ["c"] * 4 + ["a", "b", "b", "a"]
    return X, y


def test_a_zero_gain_link_is_collapsed_first_as_scikit_learn_does():
    X, y = _xor_under_a_pure_split()
    tree = dt.CARTClassifier(max_depth=2).fit(X, y).tree_
    reference = DecisionTreeClassifier(max_depth=2, random_state=0).cost_complexity_pruning_path(
        X, y
    )
    path = cost_complexity_path(tree)
    np.testing.assert_allclose(path.ccp_alphas, reference.ccp_alphas, atol=1e-15)
    np.testing.assert_allclose(path.impurities, reference.impurities, atol=1e-15)
    assert path.ccp_alphas.tolist()[:2] == [0.0, 0.0]  # the XOR cut: Gini 1/2 before and after
    assert path.cuts == (1, 0)
    assert path.steps[0].path == ("x0 <= 0.5",)
    assert collapses_at(tree, [0.0, 0.375]).tolist() == [0, 2]
    assert collapses_at(tree, [0.0], zero_gain=True).tolist() == [1]


# ------------------------------------------------------------------ the rounding tolerance
def test_median_trees_on_shifted_targets_round_relative_to_the_targets_size():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 2))
    y = 1e6 + np.round(rng.normal(size=30) * 5)
    tree = dt.CARTRegressor(criterion="mae", max_depth=3).fit(X, y).tree_
    assert tree.leaf_statistic == "median"
    path = cost_complexity_path(tree)
    for k in range(1, len(path.ccp_alphas)):
        alpha = float(path.ccp_alphas[k])
        assert cost_complexity_prune(tree, alpha).n_leaves == path.n_leaves[k]
        # 1e-7 of an alpha near 0.2 .. 0.8 is far above 64 ulps of |median| ~ 1e6 (1.4e-8) but
        # far below 64 ulps of a squared median (1.4e-2): the link above alpha stays
        assert cost_complexity_prune(tree, alpha * (1 - 1e-7)).n_leaves == path.n_leaves[k - 1]


# ------------------------------------------------------------------ arguments
@pytest.mark.parametrize(
    "alpha, error, message",
    [
        ("0.1", TypeError, "alpha must be a number >= 0, got '0.1'"),
        (True, TypeError, "alpha must be a number >= 0, got True"),
        (-0.5, ValueError, "alpha must be >= 0, got -0.5"),
        (float("nan"), ValueError, "alpha must be >= 0, got nan"),
    ],
)
def test_bad_alphas_are_named_exactly(tennis_path, alpha, error, message):
    with pytest.raises(error) as info:
        cost_complexity_prune(tennis_path.tree, alpha)
    assert str(info.value) == message


def test_path_arguments_are_checked_with_their_names(tennis_path):
    X, y = dt.load_play_tennis(numeric=True)
    with pytest.raises(ValueError) as info:
        cost_complexity_path(tennis_path.tree, X, y)
    assert str(info.value) == "X, y: give training data only with an estimator, not a Tree"
    with pytest.raises(ValueError) as info:
        cost_complexity_path(dt.CARTClassifier(), X)
    assert str(info.value) == "X and y: give both or neither"
    with pytest.raises(TypeError) as info:
        cost_complexity_path(object(), X, y)
    assert str(info.value) == "model_or_tree must be a dtlearn estimator or a Tree, got object"
    with pytest.raises(TypeError) as info:
        cost_complexity_prune(tennis_path.tree, 0.1, zero_gain=1)
    assert str(info.value) == "zero_gain must be True or False, got 1"


def test_a_path_from_an_estimator_with_alpha_grows_the_full_tree_first():
    X, y = dt.load_play_tennis(numeric=True)
    path = cost_complexity_path(dt.CARTClassifier(ccp_alpha=0.2), X, y)
    assert path.n_leaves.tolist() == [5, 4, 3, 1]
    assert cost_complexity_prune(path.tree, 0.0).n_leaves == 5
    assert [cost_complexity_prune(path.tree, a).n_leaves for a in (0.1142, 0.1153, 0.116)] == [
        5,
        3,
        1,
    ]


# ------------------------------------------------------------------ a C4.5 tree, weighted
def _entropy_bits(counts):
    p = np.asarray(counts, dtype=float) / float(np.sum(counts))
    p = p[p > 0]
    return float(-(p * np.log2(p)).sum())


def _weakest_links_by_hand(tree):
    """Breiman's weakest-link loop over Node objects: alphas and collapsed ids."""
    total = float(tree.root.counts.sum())

    def risk(node):
        return float(node.counts.sum()) * _entropy_bits(node.counts) / total

    cut, alphas = set(), [0.0]

    def leaves(node):
        if node.is_leaf or node.node_id in cut:
            return [node]
        return [leaf for c in node.children for leaf in leaves(c)]

    def inner(node):
        if node.is_leaf or node.node_id in cut:
            return []
        return [node] + [n for c in node.children for n in inner(c)]

    order = []
    while tree.root.node_id not in cut:
        best = None
        for node in inner(tree.root):  # pre-order: the first smallest wins
            below = leaves(node)
            alpha = (risk(node) - sum(risk(leaf) for leaf in below)) / (len(below) - 1)
            if best is None or alpha < best[0] - 1e-12:
                best = (alpha, node.node_id)
        alphas.append(best[0])
        order.append(best[1])
        cut.add(best[1])
    return alphas, order


@pytest.mark.parametrize("weighted", [False, True])
def test_the_path_of_a_c45_tree_with_missing_values_is_the_weakest_link_loop(weighted):
    X, y = dt.load_vote()
    w = np.random.default_rng(2).integers(1, 4, len(y))[::3] if weighted else None
    tree = dt.C45Classifier(prune=False).fit(X[::3], y[::3], sample_weight=w).tree_
    assert any(n.counts.sum() % 1 for n in tree.nodes())  # fractional weights: distributed
    alphas, order = _weakest_links_by_hand(tree)
    path = cost_complexity_path(tree)
    np.testing.assert_allclose(path.ccp_alphas, alphas, rtol=1e-9, atol=1e-12)
    assert list(path.cuts) == order
    assert path.n_leaves.tolist() == [t.n_leaves for t in path.trees]
    assert path.n_leaves[-1] == 1


def test_a_link_counts_as_reached_within_64_ulps_of_its_risk_scale_per_leaf_saved(tennis_path):
    tree = tennis_path.tree
    ulps = 64 * np.finfo(float).eps
    # two classes: the scale of a node's risk is w_t / w_root (log2 2 = 1)
    node_3, root = tennis_path.steps[0], tennis_path.steps[-1]
    tol_3 = ulps * (5 / 14) / (node_3.n_leaves - 1)  # |T_t| = 2
    tol_root = ulps * 1.0 / (root.n_leaves - 1)  # |T_t| = 3 once nodes 3 and 4 are leaves
    assert collapses_at(tree, [node_3.alpha - 0.75 * tol_3, node_3.alpha - 2 * tol_3]).tolist() == [
        2,
        0,
    ]
    assert collapses_at(
        tree, [root.alpha - 0.75 * tol_root, root.alpha - 2 * tol_root]
    ).tolist() == [
        3,
        2,
    ]


@settings(max_examples=80, deadline=None)
@given(
    a=st.floats(allow_nan=False),
    b=st.floats(allow_nan=False),
    p=st.integers(0, 2**32 - 1),
    q=st.integers(0, 2**32 - 1),
)
def test_heap_codes_order_as_alpha_then_position(a, b, p, q):
    from dtlearn.pruning.cost_complexity import _heap_code

    assert (_heap_code(a, p) < _heap_code(b, q)) == ((a + 0.0, p) < (b + 0.0, q))
    assert (_heap_code(a, p) == _heap_code(b, q)) == (a == b and p == q)


def test_heap_codes_put_zero_between_the_signs_and_nan_last():
    from dtlearn.pruning.cost_complexity import _heap_code

    codes = [_heap_code(x, 0) for x in (-np.inf, -1.0, -0.0, 0.0, 5e-324, 1.0, np.inf, np.nan)]
    assert codes[2] == codes[3]  # -0.0 counts as 0.0
    assert codes == sorted(codes) and len(set(codes)) == 7
