import json
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.data import Schema
from dtlearn.drawing.layout import NODE_WIDTH, X_SPACING, tree_svg, tree_view_data
from dtlearn.drawing.tidy_layout import tree_layout
from dtlearn.explain import CLASS_COLOURS
from dtlearn.splits import MultiwaySplit, ThresholdSplit
from dtlearn.tree import Node, Tree


@pytest.fixture(scope="module")
def tennis():
    X, y = dt.load_play_tennis()
    return dt.ID3Classifier().fit(X, y)


def _chain(depth):
    """A right-leaning chain: every inner node has a leaf on the left."""
    counts = np.array([1.0, 1.0])
    root = Node(0, 0, 2.0, 1.0, counts / 2, counts.copy())
    node, next_id = root, 1
    for d in range(depth):
        node.split = ThresholdSplit(0, float(d))
        left = Node(next_id, d + 1, 1.0, 0.0, np.array([1.0, 0.0]), np.array([1.0, 0.0]))
        right = Node(next_id + 1, d + 1, 1.0, 0.0, np.array([0.0, 1.0]), np.array([0.0, 1.0]))
        node.children = [left, right]
        node, next_id = right, next_id + 2
    return Tree(root, Schema(("x",), ("numeric",), (None,)), ("a", "b"), "y")


def _check_tidy(tree, pos):
    for node in tree.nodes():
        if node.node_id not in pos:
            continue
        x, y = pos[node.node_id]
        assert y == node.depth
        shown = [c for c in node.children if c.node_id in pos]
        if shown:
            xs = [pos[c.node_id][0] for c in shown]
            assert x == pytest.approx((xs[0] + xs[-1]) / 2)  # parent centred
            assert xs == sorted(xs) and len(set(xs)) == len(xs)  # children left to right
    by_level = {}
    for x, y in pos.values():
        by_level.setdefault(y, []).append(x)
    for xs in by_level.values():  # no two boxes overlap on a level
        xs = sorted(xs)
        assert all(b - a >= 1.0 - 1e-9 for a, b in zip(xs, xs[1:]))


def test_layout_tidy_and_deterministic(tennis):
    tree = tennis.tree_
    pos = tree_layout(tree)
    assert len(pos) == tree.n_nodes
    _check_tidy(tree, pos)
    # hand layout: leaves of sunny (humidity) at 0, 1, overcast at 1.5 between the two tests,
    # the leaves of rainy (windy) packed right after those of sunny, at 2 and 3
    assert pos[tree.root.node_id] == (1.5, 0.0)
    assert sorted(x for x, y in pos.values() if y == 1) == [0.5, 1.5, 2.5]
    assert sorted(x for x, y in pos.values() if y == 2) == [0.0, 1.0, 2.0, 3.0]
    assert tree_layout(tree) == pos
    assert tree_layout(tennis) == pos  # a fitted model is accepted


@pytest.mark.parametrize(
    "loader, width, old_width", [(dt.load_car, 203.0, 295.0), (dt.load_tic_tac_toe, 151.0, 250.0)]
)
def test_layout_on_bigger_tree_is_compact_without_overlaps(loader, width, old_width):
    tree = dt.ID3Classifier().fit(*loader()).tree_
    pos = tree_layout(tree)
    _check_tidy(tree, pos)
    xs = [x for x, _ in pos.values()]
    assert min(xs) == 0.0
    # the leaves-in-a-row layout needs n_leaves - 1 slots; Buchheim's 31-40 % fewer
    assert tree.n_leaves - 1 == old_width
    assert max(xs) == width
    _check_level_order(tree, pos)


def _check_level_order(tree, pos):
    """On every level, nodes appear in breadth-first (left-to-right) order, >= 1 apart."""
    level = [tree.root]
    while level:
        xs = [pos[n.node_id][0] for n in level]
        assert all(b - a >= 1.0 - 1e-9 for a, b in zip(xs, xs[1:]))
        level = [c for n in level for c in n.children if c.node_id in pos]


def _random_tree(shape):
    """A tree whose node ``i`` has ``shape[i]`` children (breadth-first), counts dummy."""
    counts = np.array([1.0, 1.0])
    root = Node(0, 0, 2.0, 1.0, counts / 2, counts.copy())
    queue, next_id, k = [root], 1, 0
    while queue and k < len(shape):
        node = queue.pop(0)
        n_children = shape[k]
        k += 1
        if n_children < 2:
            continue
        node.split = MultiwaySplit(0, n_children)
        node.children = [
            Node(next_id + j, node.depth + 1, 1.0, 0.0, counts / 2, counts.copy())
            for j in range(n_children)
        ]
        next_id += n_children
        queue.extend(node.children)
    cats = tuple(range(max(shape + [2])))
    return Tree(root, Schema(("x",), ("nominal",), (cats,)), ("a", "b"), "y")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([0, 0, 0, 2, 2, 3, 4]), min_size=1, max_size=40))
def test_layout_invariants_on_random_trees(shape):
    tree = _random_tree(shape)
    pos = tree_layout(tree)
    assert len(pos) == tree.n_nodes
    _check_tidy(tree, pos)
    assert min(x for x, _ in pos.values()) == 0.0
    # never wider than leaves in a row, never narrower than the busiest level
    width = max(x for x, _ in pos.values())
    per_level = {}
    for _, y in pos.values():
        per_level[y] = per_level.get(y, 0) + 1
    assert max(per_level.values()) - 1 <= width <= tree.n_leaves - 1
    _check_level_order(tree, pos)


def test_identical_subtrees_drawn_alike():
    tree = _random_tree([2, 3, 3])
    pos = tree_layout(tree)
    left, right = tree.root.children
    shape = [pos[c.node_id][0] - pos[left.node_id][0] for c in left.children]
    assert shape == [pos[c.node_id][0] - pos[right.node_id][0] for c in right.children]
    assert shape == [-1.0, 0.0, 1.0]
    assert pos[right.node_id][0] - pos[left.node_id][0] == 3.0  # contours one unit apart


def test_layout_5000_deep_chain():
    tree = _chain(5000)
    pos = tree_layout(tree)
    assert len(pos) == 10001
    assert pos[tree.root.node_id] == (0.5 * (0 + pos[2][0]), 0.0)
    _check_tidy(tree, pos)
    data = tree_view_data(tree, explain=False)
    assert data["depth"] == 5000 and len(data["edges"]) == 10000
    assert "too large" in tree_svg(data)


def test_collapsed_subtree_is_hidden(tennis):
    tree = tennis.tree_
    first = tree.root.children[0]
    pos = tree_layout(tree, collapsed=[first.node_id])
    assert all(c.node_id not in pos for c in first.children)
    _check_tidy(tree, pos)
    data = tree_view_data(tree, collapsed=[first.node_id])
    node = next(n for n in data["nodes"] if n["id"] == first.node_id)
    assert node["collapsed"] and node["hidden_nodes"] == 2
    assert data["n_leaves"] == 5  # the tree itself is unchanged


def test_view_data_json(tennis):
    data = tree_view_data(tennis)
    json.dumps(data)  # plain JSON
    assert data["classes"] == ["yes", "no"]
    assert data["colours"] == list(CLASS_COLOURS[:2])
    root = data["nodes"][0]
    assert root["label"] == "outlook" and root["counts"] == [9.0, 5.0]
    assert root["summary"] == "n = 14: yes 9, no 5"
    assert root["impurity_text"] == "entropy 0.940"  # the measure is named
    assert not root["is_leaf"] and root["prediction"] == "yes"
    assert "outlook" in root["explanation"]["html"] and "0.247" in root["explanation"]["text"]
    assert "chosen by greedy: outlook" in root["explanation"]["text"]
    leaves = [n for n in data["nodes"] if n["is_leaf"]]
    assert {n["label"] for n in leaves} == {"play = yes", "play = no"}
    assert "pure node" in leaves[0]["explanation"]["text"]
    assert [e["condition"] for e in data["edges"][:2]] == ["outlook = sunny", "humidity = high"]
    assert data["geometry"]["width"] == 2 * 20 + 3 * X_SPACING + NODE_WIDTH  # 4 slots
    assert tree_view_data(tennis) == data  # deterministic


def test_highlight_path(tennis):
    path = tennis.tree_.decision_path({"outlook": "rainy", "windy": "TRUE"})
    data = tree_view_data(tennis, highlight_path=path)
    assert data["highlight"] == [0, 3, 6]
    assert [n["id"] for n in data["nodes"] if n["highlighted"]] == [0, 3, 6]
    svg = tree_svg(data)
    assert svg.count("▶") == 3 and "windy = TRUE" in svg


def test_regression_tree_view():
    X = np.arange(10.0).reshape(-1, 1)
    y = np.r_[np.zeros(5), np.ones(5) * 3]
    data = tree_view_data(dt.CARTRegressor(max_depth=1).fit(X, y))
    assert data["classes"] == [] and data["nodes"][1]["counts"] is None
    assert data["nodes"][1]["label"] == "target ≈ 0.000"  # a regression target is no class
    tree_svg(data)


def test_rejects_non_tree():
    with pytest.raises(TypeError, match="tree"):
        tree_layout("not a tree")


def test_core_imports_stay_light():
    code = (
        "import sys, dtlearn, dtlearn.drawing.layout; "
        "bad = [m for m in ('matplotlib', 'ipywidgets', 'anywidget', 'IPython') "
        "if m in sys.modules]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_node_explanation_lists_branches_and_candidate_conditions(tennis):
    from dtlearn.drawing.node_text import node_explanation

    tree, step = tennis.tree_, tennis.steps_[0]
    made = node_explanation(tree, tree.root, step)
    # each branch of the chosen test with the instances it takes (Quinlan's counts)
    assert "outlook = sunny → n = 5: yes 2, no 3" in made["html"]
    assert "outlook = overcast → n = 4: yes 4, no 0" in made["html"]
    # every multiway candidate of the table with its conditions (the table says "3-way")
    assert made["conditions"]["temperature"] == ["= hot", "= mild", "= cool"]
    assert sorted(made["conditions"]["windy"]) == ["= FALSE", "= TRUE"]
    cache = {}
    assert node_explanation(tree, tree.root, step, cache) is node_explanation(
        tree, tree.root, step, cache
    )  # a growing tree's view does not explain twice


def test_inner_nodes_carry_their_branch_texts(tennis):
    data = tree_view_data(tennis, explain=False)
    root = data["nodes"][0]
    assert root["branches"] == ["= sunny", "= overcast", "= rainy"]
    assert all(n["branches"] == [] for n in data["nodes"] if n["is_leaf"])
    assert "branches: = sunny | = overcast | = rainy" in tree_svg(data)


def _subtree_size(node):
    return 1 + sum(_subtree_size(c) for c in node.children)


def test_fold_to_fit_folds_a_wide_tree_to_readable_width():
    from dtlearn.drawing.layout import FOLD_WIDTH, fold_to_fit

    tree = dt.ID3Classifier().fit(*dt.load_car()).tree_
    full = tree_view_data(tree, explain=False)["geometry"]["width"]
    assert full > 40 * FOLD_WIDTH  # unfolded, 11 px text would need 40 screens
    folded = fold_to_fit(tree)
    data = tree_view_data(tree, collapsed=folded, explain=False)
    assert data["geometry"]["width"] <= FOLD_WIDTH
    by_id = {n.node_id: n for n in tree.nodes()}
    stubs = [n for n in data["nodes"] if n["stub"]]
    assert {n["id"] for n in stubs} == set(folded)
    for n in stubs:  # "+ n nodes" counts what the fold hides
        assert n["stub"] == f"+ {_subtree_size(by_id[n['id']]) - 1} nodes"
    # one level deeper no longer fits: the fold is as shallow as it must be, no more
    deeper = [n.node_id for n in tree.nodes() if n.depth == 2 and not n.is_leaf]
    assert tree_view_data(tree, collapsed=deeper, explain=False)["geometry"]["width"] > FOLD_WIDTH
    assert fold_to_fit(dt.ID3Classifier().fit(*dt.load_play_tennis())) == []
    with pytest.raises(ValueError, match="width"):
        fold_to_fit(tree, width=0)


def test_stub_of_deepest_folded_node_is_inside_the_picture():
    tree = dt.ID3Classifier().fit(*dt.load_car()).tree_
    from dtlearn.drawing.layout import fold_to_fit

    data = tree_view_data(tree, collapsed=fold_to_fit(tree), explain=False)
    g = data["geometry"]
    lowest = max(n["py"] for n in data["nodes"] if n["stub"])
    assert lowest + g["node_height"] + g["stub_gap"] + g["stub_height"] <= g["height"]
