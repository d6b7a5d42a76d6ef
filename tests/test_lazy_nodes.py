"""A level-wise tree keeps its nodes as arrays (dtlearn.grow.fast.node_arrays) until they are read.

The tree a fit of numeric columns gives holds NodeArrays where the root would be; reading
``tree.root`` makes the Node objects. Made, they must be exactly the nodes node-by-node
growth (``run(level_wise=False)``) makes; before that, prediction routes through the arrays
and must give the same floats; a pickle or deep copy taken before or after must read the
same.
"""

import copy
import pickle

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.grow.fast import level_arrays
from dtlearn.grow.fast.node_arrays import NodeArrays
from dtlearn.tree import Node


def is_lazy(tree):
    return isinstance(tree.__dict__["root"], NodeArrays)


def grown_both_ways(model, X, y, w=None):
    fast, slow = model.make_grower(X, y, w), model.make_grower(X, y, w)
    assert level_arrays.applies(fast)
    return fast.run(), slow.run(level_wise=False)


def nodes_as_tuples(tree):
    return [
        (
            n.node_id,
            n.depth,
            n.n_samples,
            n.impurity,
            n.value.tolist(),
            None if n.counts is None else n.counts.tolist(),
            None if n.split is None else n.split.to_dict(),
            [c.node_id for c in n.children],
            n.label,
        )
        for n in tree.nodes()
    ]


def data(n, d, seed, task):
    rng = np.random.default_rng(seed)
    X = pd.DataFrame(
        rng.integers(0, 6, size=(n, d)).astype(float), columns=[f"x{j}" for j in range(d)]
    )
    if task == "regression":
        y = X["x0"].to_numpy() * 1.5 + rng.normal(size=n)
    else:
        y = np.array(["a", "b", "c"])[(X["x0"].to_numpy().astype(int) + rng.integers(0, 2, n)) % 3]
    return X, y


MODELS = [
    lambda: dt.CARTRegressor(),
    lambda: dt.CARTRegressor(max_depth=3),
    lambda: dt.CARTClassifier(),
    lambda: dt.CARTClassifier(criterion="entropy", min_samples_leaf=3),
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(1, 60),
    d=st.integers(1, 3),
    seed=st.integers(0, 10**6),
    which=st.sampled_from(range(len(MODELS))),
    weighted=st.booleans(),
)
def test_made_nodes_are_the_node_by_node_nodes(n, d, seed, which, weighted):
    model = MODELS[which]()
    X, y = data(n, d, seed, "regression" if model._estimator_type == "regressor" else "c")
    w = np.random.default_rng(seed).integers(0, 3, n).astype(float) if weighted else None
    if w is not None and not (w > 0).any():
        w[0] = 1.0
    lazy, eager = grown_both_ways(model, X, y, w)
    assert is_lazy(lazy) and not is_lazy(eager)
    probe = pd.DataFrame(
        np.random.default_rng(seed + 1).integers(-1, 7, size=(30, d)).astype(float),
        columns=X.columns,
    )
    # prediction through the arrays: the very floats the nodes give, nothing made
    np.testing.assert_array_equal(lazy.predict_values(probe), eager.predict_values(probe))
    assert is_lazy(lazy)
    assert nodes_as_tuples(lazy) == nodes_as_tuples(eager)
    assert not is_lazy(lazy) and isinstance(lazy.root, Node)
    assert lazy.to_json() == eager.to_json()


def test_a_fit_keeps_the_nodes_as_arrays_until_read_and_predicts_without_them():
    X, y = data(300, 3, 0, "regression")
    model = dt.CARTRegressor().fit(X, y)
    assert is_lazy(model.tree_)
    eager = model.make_grower(X, y).run(level_wise=False)
    np.testing.assert_array_equal(model.predict(X), eager.predict(X))
    assert is_lazy(model.tree_)
    tree = model.tree_  # its size is read from the arrays: no node made
    assert (tree.n_nodes, tree.n_leaves, tree.depth) == (eager.n_nodes, eager.n_leaves, eager.depth)
    assert is_lazy(tree)
    tree.root  # noqa: B018  (reading it makes the nodes)
    assert not is_lazy(tree)
    # the made nodes keep their arrays: prediction still routes through them
    assert tree._arrays() is not None
    np.testing.assert_array_equal(model.predict(X), eager.predict(X))
    np.testing.assert_array_equal(tree.apply(X), eager.apply(X))


def test_a_missing_value_at_predict_reads_the_nodes_and_their_missing_rule():
    X, y = data(80, 2, 3, "c")
    lazy, eager = grown_both_ways(dt.CARTClassifier(), X, y)
    probe = X.head(5).copy()
    probe.iloc[0, 0] = np.nan
    np.testing.assert_array_equal(lazy.predict_values(probe), eager.predict_values(probe))
    assert not is_lazy(lazy)


def test_the_grower_tree_and_model_share_one_set_of_made_nodes():
    X, y = data(100, 2, 4, "regression")
    grower = dt.CARTRegressor().make_grower(X, y)
    tree, other = grower.run(), grower.tree()
    assert is_lazy(tree) and is_lazy(other)
    assert grower.root is tree.root is grower.tree().root
    # nodes changed through one tree: a tree sharing them predicts from them too
    tree.root.children, tree.root.split = [], None
    assert is_lazy(other)
    np.testing.assert_array_equal(other.predict(X), np.full(len(X), tree.root.value[0]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(2, 60),
    d=st.integers(1, 3),
    seed=st.integers(0, 10**6),
    which=st.sampled_from(range(len(MODELS))),
    change=st.sampled_from(
        ["none", "children", "split", "value", "append", "clear", "setitem", "label"]
    ),
)
def test_changed_nodes_decide_and_unchanged_ones_route_through_the_arrays(
    n, d, seed, which, change
):
    model = MODELS[which]()
    X, y = data(n, d, seed, "regression" if isinstance(model, dt.CARTRegressor) else "c")
    lazy, _ = grown_both_ways(model, X, y)
    nodes = list(lazy.nodes())  # made; some node changed through the Node API
    node = nodes[np.random.default_rng(seed).integers(len(nodes))]
    inner = next((m for m in nodes if m.children), None)
    if change == "children":
        node.children, node.split = [], None
    elif change == "split" and inner is not None:
        inner.split = type(inner.split)(inner.split.feature, inner.split.threshold + 1.0)
    elif change == "value":
        node.value = node.value + 1.0
    elif change == "append" and inner is not None:
        inner.children.append(inner.children[0])
        inner.children.pop()
        inner.children.reverse()
    elif change == "clear" and inner is not None:
        inner.children.clear()
        inner.split = None
    elif change == "setitem" and inner is not None:
        inner.children[0] = inner.children[1]
    elif change == "label":
        node.label = 0
    routed = lazy._arrays() is not None
    assert routed is (
        change in ("none", "label") or inner is None and change != "children" and change != "value"
    )
    probe = np.random.default_rng(seed + 1).integers(-1, 7, size=(40, d)).astype(float)
    plain = dt.Tree(copy.deepcopy(lazy.root), lazy.schema, lazy.classes)  # plain Node objects
    assert plain._arrays() is None
    np.testing.assert_array_equal(lazy.predict_values(probe), plain.predict_values(probe))
    np.testing.assert_array_equal(lazy.apply(probe), plain.apply(probe))
    np.testing.assert_array_equal(lazy.predict(probe), plain.predict(probe))
    assert (lazy.n_nodes, lazy.n_leaves) == (plain.n_nodes, plain.n_leaves)
    if change == "none":  # a made node's value is a row of the arrays: read-only
        with pytest.raises(ValueError, match="read-only"):
            lazy.root.value[0] = 1.0


@pytest.mark.parametrize("block", [7, 100, 8_192])
def test_a_deep_tree_routes_through_its_arrays_as_through_its_nodes(monkeypatch, block):
    # a fully grown tree on noisy labels is deep (rows reach leaves at many depths, so
    # rows are dropped on the way down); blocks of 7 and 100 rows leave a short last block
    from dtlearn.grow.fast import node_arrays

    monkeypatch.setattr(node_arrays, "BLOCK", block)
    rng = np.random.default_rng(block)
    X = rng.normal(size=(1_500, 3))
    y = np.where(X[:, 0] + 0.8 * rng.normal(size=1_500) > 0, "yes", "no")
    model = dt.CARTClassifier().fit(X, y)
    lazy = model.tree_
    assert is_lazy(lazy) and lazy.depth > 2 * node_arrays.SETTLE
    plain = dt.Tree(copy.deepcopy(lazy.root), lazy.schema, lazy.classes)
    assert plain._arrays() is None and lazy._arrays() is not None
    probe = np.concatenate([rng.normal(size=(503, 3)), X[:200]])
    np.testing.assert_array_equal(lazy.apply(probe), plain.apply(probe))
    np.testing.assert_array_equal(lazy.predict_values(probe), plain.predict_values(probe))
    np.testing.assert_array_equal(
        lazy.predict_label_indices(probe), plain.label_indices(plain.predict_values(probe))
    )
    np.testing.assert_array_equal(model.predict(probe), plain.predict(probe).astype(str))


@pytest.mark.parametrize("made_first", [False, True])
@pytest.mark.parametrize("task", ["regression", "c"])
def test_pickles_and_copies_before_and_after_the_nodes_are_made(made_first, task):
    X, y = data(200, 3, 5, task)
    model = (dt.CARTRegressor() if task == "regression" else dt.CARTClassifier()).fit(X, y)
    eager = model.make_grower(X, y).run(level_wise=False)
    eager.flavour = model.tree_.flavour  # fit names the learner that made the tree
    eager.refuses_missing = model.tree_.refuses_missing  # and says it refuses NaN (in JSON)
    if made_first:
        model.tree_.root  # noqa: B018  (reading it makes the nodes)
    for copied in (
        pickle.loads(pickle.dumps(model.tree_)),
        copy.deepcopy(model.tree_),
        pickle.loads(pickle.dumps(model)).tree_,
    ):
        assert is_lazy(copied) is not made_first
        np.testing.assert_array_equal(copied.predict_values(X), eager.predict_values(X))
        assert copied.to_json() == eager.to_json()
    if not made_first:  # a pickle of arrays, not of a Node per node
        assert len(pickle.dumps(model.tree_)) < len(pickle.dumps(eager))


def test_pruners_and_exports_read_a_lazy_tree_as_the_eager_one():
    X, y = data(150, 3, 6, "c")
    lazy, eager = grown_both_ways(dt.CARTClassifier(), X, y)
    assert lazy.to_rules() == eager.to_rules()
    lazy2, _ = grown_both_ways(dt.CARTClassifier(), X, y)
    assert (
        dt.cost_complexity_prune(lazy2, 0.01).to_json()
        == dt.cost_complexity_prune(eager, 0.01).to_json()
    )


def test_level_wise_growth_of_mixed_columns_keeps_node_objects():
    X, y = dt.load_play_tennis(numeric=True)
    grower = dt.CARTClassifier().make_grower(X, y)
    assert not level_arrays.applies(grower)
    assert not is_lazy(grower.run())


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(1, 60),
    d=st.integers(1, 3),
    seed=st.integers(0, 10**6),
    which=st.sampled_from(range(len(MODELS))),
)
def test_preorder_columns_read_from_the_arrays_are_those_of_the_nodes(n, d, seed, which):
    model = MODELS[which]()
    X, y = data(n, d, seed, "regression" if isinstance(model, dt.CARTRegressor) else "c")
    lazy, eager = grown_both_ways(model, X, y)
    from_arrays = lazy.preorder_columns()
    assert is_lazy(lazy)
    for got, want in zip(from_arrays, eager.preorder_columns()):
        assert got.tolist() == want.tolist()
    # and back: a linked tree's columns make the same nodes again
    again = dt.Tree(NodeArrays.from_root(eager.root), eager.schema, eager.classes)
    assert nodes_as_tuples(again) == nodes_as_tuples(eager)


def test_from_root_refuses_what_the_columns_cannot_hold():
    X, y = dt.load_play_tennis()
    with pytest.raises(ValueError, match="node 0 is not a binary threshold split"):
        NodeArrays.from_root(dt.ID3Classifier().fit(X, y).tree_.root)
    root = dt.CARTClassifier().fit(*data(60, 2, 1, "c")).tree_.root
    root.label = 1  # as a cost matrix would set it
    with pytest.raises(ValueError, match="label or branch weights"):
        NodeArrays.from_root(root)


def test_arrays_whose_nodes_were_changed_pickle_with_the_changed_nodes():
    X, y = data(120, 2, 7, "c")
    grower = dt.CARTClassifier().make_grower(X, y)
    tree, other = grower.run(), grower.tree()
    tree.root.children, tree.root.split = [], None  # other still holds the arrays
    assert is_lazy(other)
    again = pickle.loads(pickle.dumps(other))
    np.testing.assert_array_equal(again.predict_values(X), other.predict_values(X))
    assert again.n_nodes == other.n_nodes == 1
