"""The Tree value: structure, prediction, exports, JSON validation, very deep trees."""

import json

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.data import Schema
from dtlearn.splits import ThresholdSplit
from dtlearn.tree import Node, Tree


@pytest.fixture(scope="module")
def play():
    X, y = dt.load_play_tennis()
    return X, y, dt.ID3Classifier().fit(X, y)


def test_structure_counts(play):
    _, _, model = play
    tree = model.tree_
    assert (tree.n_nodes, tree.n_leaves, tree.depth) == (8, 5, 2)
    assert [n.node_id for n in tree.nodes()][0] == tree.root.node_id
    assert sum(leaf.n_samples for leaf in tree.leaves()) == 14


def test_friendly_text_shows_counts_at_every_node(play):
    text = play[2].tree_.to_text()
    assert text.splitlines()[0] == "play?  (14: yes 9, no 5)"
    assert "│  ├─ humidity = high → no  (3: yes 0, no 3)" in text


def test_rules_and_dot(play):
    tree = play[2].tree_
    rules = tree.to_rules().splitlines()
    assert len(rules) == 5 + 3 and rules[2] == "IF outlook = overcast THEN play = yes"
    assert rules[5] == "IF outlook not in {sunny, overcast, rainy} THEN play = yes"  # unseen
    dot = tree.to_dot()
    assert dot.count("->") == 7 and dot.startswith("digraph tree {")


def test_decision_path_and_apply(play):
    X, _, model = play
    path = model.tree_.decision_path(X.iloc[0])
    assert [s.condition for s in path.steps] == ["outlook = sunny", "humidity = high"]
    assert path.prediction == "no"
    leaf_ids = model.tree_.apply(X)
    assert leaf_ids[0] == path.leaf_id
    assert set(leaf_ids) == {leaf.node_id for leaf in model.tree_.leaves()}


def test_json_round_trip_keeps_everything(play):
    X, _, model = play
    tree = model.tree_
    again = Tree.from_json(tree.to_json(indent=1))
    assert again.to_text() == tree.to_text()
    assert again.to_text(style="weka") == tree.to_text(style="weka")
    assert list(again.predict(X)) == list(tree.predict(X))


@pytest.mark.parametrize(
    "mutate,match",
    [
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d["nodes"][0].update(children=[99, 98, 97]), "missing or reached twice"),
        (lambda d: d["nodes"][0].update(value=[1.0]), "value"),
        (lambda d: d["nodes"][1].update(n_samples=-1), "n_samples"),
        (lambda d: d["nodes"][0]["split"].update(kind="magic"), "kind"),
        (lambda d: d["nodes"][0]["split"].update(feature=17), "out of range"),
        (lambda d: d["nodes"][0].update(children=d["nodes"][0]["children"][:1]), "one child per"),
        (lambda d: d.update(root=12345), "root"),
        (lambda d: d["schema"].update(kinds=["weird"] * 4), "kind"),
        (lambda d: d["nodes"].append(dict(d["nodes"][-1], id=500)), "not reachable"),
        (lambda d: d["nodes"][0].pop("impurity"), "malformed"),
    ],
)
def test_from_json_rejects_malformed_input(play, mutate, match):
    data = play[2].tree_.to_dict()
    mutate(data)
    with pytest.raises(ValueError, match=match):
        Tree.from_json(json.dumps(data))


def test_from_json_rejects_non_json():
    with pytest.raises(ValueError, match="not valid JSON"):
        Tree.from_json("{nope")


def test_to_python_runs_and_agrees(play):
    X, _, model = play
    namespace = {}
    exec(model.tree_.to_python(), namespace)
    for _, row in X.iterrows():
        assert namespace["predict"](row.to_dict()) == model.predict(row.to_frame().T)[0]


def test_to_python_escapes_hostile_names():
    X = pd.DataFrame({'x"]) or __import__("os").system("echo hi") #\n': ["a", "b", "a", "b"]})
    y = ["it's", 'say "no"\n', "it's", 'say "no"\n']
    model = dt.ID3Classifier().fit(X, y)
    source = model.tree_.to_python()
    compile(source, "<tree>", "exec")
    namespace = {}
    exec(source, namespace)
    assert namespace["predict"]({X.columns[0]: "b"}) == 'say "no"\n'


def _chain(depth):
    """A 'staircase' data set whose tree is a chain ``depth`` levels deep."""
    X = np.arange(depth + 1, dtype=float).reshape(-1, 1)
    y = np.arange(depth + 1) % 2
    return X, y


def test_a_5000_level_tree_fits_predicts_and_exports():
    X, y = _chain(5000)
    model = dt.CARTClassifier(criterion="misclassification").fit(X, y)
    tree = model.tree_
    assert tree.depth >= 2500
    assert model.score(X, y) == 1.0
    assert len(tree.to_text().splitlines()) == tree.n_nodes
    assert len(tree.to_text(style="weka").splitlines()) == tree.n_nodes - 1
    assert len(tree.to_rules().splitlines()) == tree.n_leaves
    assert tree.to_dot().count("->") == tree.n_nodes - 1
    assert Tree.from_json(tree.to_json()).n_nodes == tree.n_nodes
    namespace = {}
    exec(tree.to_python(), namespace)
    assert namespace["predict"]({"x0": 4321.0}) == model.predict([[4321.0]])[0]
    assert tree.decision_path([4999.0]).prediction == y[4999]
    pruned = tree.with_leaves_at([tree.root.node_id])
    assert pruned.n_nodes == 1 and tree.n_nodes > 1


def test_with_leaves_at_does_not_touch_the_original(play):
    tree = play[2].tree_
    before = tree.to_json()
    cut = tree.with_leaves_at([tree.root.children[0].node_id])
    assert cut.n_leaves == 4 and tree.to_json() == before


def test_distribute_mixes_branches_for_unknown_values():
    schema = Schema(("x",), ("numeric",), (None,))
    left = Node(1, 1, 3.0, 0.0, np.array([1.0, 0.0]), np.array([3.0, 0.0]))
    right = Node(2, 1, 1.0, 0.0, np.array([0.0, 1.0]), np.array([0.0, 1.0]))
    root = Node(
        0,
        0,
        4.0,
        0.8,
        np.array([0.75, 0.25]),
        np.array([3.0, 1.0]),
        ThresholdSplit(0, 0.5),
        [left, right],
    )
    mixed = Tree(root, schema, ("a", "b"), missing="distribute")
    np.testing.assert_allclose(mixed.predict_values([[np.nan]]), [[0.75, 0.25]])
    majority = Tree(root, schema, ("a", "b"))
    np.testing.assert_allclose(
        majority.predict_values([[np.nan], [1.0]]), [[0.75, 0.25], [0.0, 1.0]]
    )


def test_weka_j48_layout_prints_weights_and_errors():
    schema = Schema(("x",), ("numeric",), (None,))
    left = Node(1, 1, 253.4117, 0.1, np.array([0.985, 0.015]), np.array([249.66, 3.7517]))
    right = Node(2, 1, 2.0, 0.0, np.array([0.0, 1.0]), np.array([0.0, 2.0]))
    root = Node(
        0,
        0,
        255.4,
        0.5,
        np.array([0.5, 0.5]),
        np.array([249.66, 5.75]),
        ThresholdSplit(0, 75.0),
        [left, right],
    )
    text = Tree(root, schema, ("democrat", "republican"), flavour="j48").to_text(style="weka")
    assert text.splitlines() == ["x <= 75: democrat (253.41/3.75)", "x > 75: republican (2.0)"]


def test_bad_style_and_function_name(play):
    with pytest.raises(ValueError, match="style"):
        play[2].tree_.to_text(style="fancy")
    with pytest.raises(ValueError, match="identifier"):
        play[2].tree_.to_python("not a name")
