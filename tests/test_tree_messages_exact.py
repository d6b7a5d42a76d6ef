"""dtlearn.tree: its messages as whole texts and the small node rules a mutant would bend.

Messages are compared whole (the text is the specification); node arithmetic against a
hand computation (a node whose children reached nothing mixes them evenly); a tree kept
as arrays (a level-wise CART fit) answers its counts and pre-order columns as scikit-learn's
same tree does, without making its Node objects.
"""

import numpy as np
import pandas as pd
import pytest
from sklearn.tree import DecisionTreeClassifier

import dtlearn as dt
from dtlearn import tree as tree_module
from dtlearn.tree import Node, Tree, register_export

REFUSAL = (
    "was fitted without missing values and does not answer them: fill them in "
    "(sklearn.impute.SimpleImputer), or fit C45Classifier, which handles them as J48 does "
    "(or set tree.refuses_missing = False: the tree then answers them at the node where "
    "they stop, missing='majority')"
)


@pytest.fixture(scope="module")
def tennis():
    return dt.load_play_tennis()


@pytest.fixture(scope="module")
def id3_tree(tennis):
    return dt.ID3Classifier().fit(*tennis).tree_


def test_with_leaves_at_messages(id3_tree):
    with pytest.raises(TypeError) as err:
        id3_tree.with_leaves_at(5)
    assert str(err.value) == "node_ids must be a list of node ids, got 5"
    with pytest.raises(ValueError) as err:
        id3_tree.with_leaves_at([99, "a", 3])
    assert str(err.value) == "node_ids: [\"'a'\", '99'] are not node ids of this tree"


def test_tree_and_registry_messages(id3_tree):
    with pytest.raises(ValueError) as err:
        Tree(id3_tree.root, id3_tree.schema, missing="vote")
    assert str(err.value) == "missing must be one of ('majority', 'distribute'), got 'vote'"
    with pytest.raises(TypeError) as err:
        register_export("to_nothing", 3)
    assert str(err.value) == "register_export: function must be callable, got 3"
    with pytest.raises(RuntimeError) as err:
        tree_module._exporter("to_nothing")
    assert str(err.value) == (
        "Tree.to_nothing has no export registered: import dtlearn.exports first "
        "(import dtlearn does)"
    )
    with pytest.raises(AttributeError) as err:
        tree_module.nothing  # noqa: B018
    assert str(err.value) == "module 'dtlearn.tree' has no attribute 'nothing'"
    with pytest.raises(ValueError) as err:
        id3_tree.node(42)
    assert str(err.value) == "node_id 42 is not in this tree"
    from dtlearn.exports.path import DecisionPath

    assert tree_module.DecisionPath is DecisionPath


def test_infinite_value_of_a_numeric_tree():
    tree = dt.CARTClassifier().fit(np.array([[1.0], [2.0]]), ["a", "b"]).tree_
    with pytest.raises(ValueError) as err:
        tree.predict(np.array([[1.0], [np.inf]]))
    assert str(err.value) == "X holds infinite values"


def test_refused_missing_value_names_column_row_and_model(tennis):
    X, y = tennis
    model = dt.CARTClassifier().fit(X, y)
    rows = pd.DataFrame(
        [
            {"outlook": "sunny", "temperature": "hot", "humidity": "high", "windy": "TRUE"},
            {"outlook": "foggy", "temperature": "hot", "humidity": "high", "windy": "TRUE"},
            {"outlook": "sunny", "temperature": None, "humidity": "high", "windy": "TRUE"},
        ]
    )
    with pytest.raises(ValueError) as err:
        model.predict(rows)
    # row 1's "foggy" is unseen, not missing: the first missing value is row 2's
    assert str(err.value) == (
        f"X: column 'temperature' has a missing value (NaN) in row 2; CARTClassifier {REFUSAL}"
    )
    with pytest.raises(ValueError) as err:
        model.tree_.predict(rows)
    assert str(err.value) == (
        f"X: column 'temperature' has a missing value (NaN) in row 2; this tree {REFUSAL}"
    )
    # the unseen category alone is answered at the root, by its distribution
    assert model.tree_.predict(rows.iloc[[1]]).tolist() == ["yes"]


def test_node_repr_errors_and_weights(id3_tree):
    root = id3_tree.root
    assert repr(root) == (
        "Node(node_id=0, depth=0, n_samples=14, "
        "split=MultiwaySplit(feature=0, n_categories=3), children=[1, 2, 3])"
    )
    assert repr(id3_tree.node(4)) == "Node(node_id=4, depth=2, n_samples=3, leaf)"
    # classes in the ARFF order (yes, no); 9 yes / 5 no: yes, and the 5 no are wrong
    assert id3_tree.classes == ("yes", "no")
    assert root.predicted_index == 0 and root.errors == 5.0
    # sunny 5, overcast 4, rainy 5 of 14
    assert root.child_weights().tolist() == [5 / 14, 4 / 14, 5 / 14]
    value = np.array([0.5, 0.5])
    empty = Node(
        0, 0, 0.0, 0.0, value, np.zeros(2), root.split,
        [Node(i, 1, 0.0, 0.0, value, np.zeros(2)) for i in (1, 2, 3, 4)],
    )  # fmt: skip
    assert empty.child_weights().tolist() == [0.25, 0.25, 0.25, 0.25]
    given = Node(0, 0, 4.0, 0.0, value, branch_weights=np.array([0.75, 0.25]))
    assert given.child_weights().tolist() == [0.75, 0.25]
    # a label set by a cost matrix wins over the most frequent class
    costly = Node(0, 0, 4.0, 0.0, np.array([0.75, 0.25]), np.array([3.0, 1.0]), label=1)
    assert costly.predicted_index == 1 and costly.errors == 3.0
    assert Node(0, 0, 2.0, 0.0, np.array([1.5])).errors == 0.0  # regression: no errors


def test_depth_first_parents_and_preorder_agree(id3_tree):
    nodes, parents = id3_tree.nodes_and_parents()
    walk = list(id3_tree.nodes_with_depth_first_parents())
    assert [n.node_id for n, _, _ in walk] == [n.node_id for n in nodes]
    assert [-1 if p is None else nodes.index(p) for _, p, _ in walk] == parents.tolist()
    assert [b for _, _, b in walk] == [-1, 0, 0, 1, 1, 2, 0, 1]


def test_a_tree_kept_as_arrays_answers_as_scikit_learn_s(tennis):
    rng = np.random.default_rng(5)
    X = rng.normal(size=(60, 2))
    y = np.where(X[:, 0] > 0.3, "a", np.where(X[:, 1] > 0, "b", "c"))
    tree = dt.CARTClassifier(max_depth=3).fit(X, y).tree_
    sk = DecisionTreeClassifier(max_depth=3, random_state=0).fit(X, y).tree_
    assert not isinstance(tree.__dict__["root"], Node)
    assert tree.n_nodes == sk.node_count
    assert tree.n_leaves == int((sk.children_left < 0).sum())
    assert tree.depth == sk.max_depth
    ids, parent, n, impurity = tree.preorder_columns()
    assert not isinstance(tree.__dict__["root"], Node)  # still arrays: no Node made
    # scikit-learn numbers its nodes in pre-order too: the same parents, sizes, Gini
    sk_parent = np.full(sk.node_count, -1)
    for p in range(sk.node_count):
        for c in (sk.children_left[p], sk.children_right[p]):
            if c >= 0:
                sk_parent[c] = p
    assert parent.tolist() == sk_parent.tolist()
    assert n.tolist() == sk.n_node_samples.astype(float).tolist()
    assert impurity == pytest.approx(sk.impurity, abs=1e-12)
    # made into nodes, the tree answers the same
    made = tree.copy()
    assert isinstance(made.__dict__["root"], Node)
    again = made.preorder_columns()
    assert [a.tolist() for a in again[1:3]] == [parent.tolist(), n.tolist()]
    assert made.n_nodes == tree.n_nodes and made.depth == tree.depth


def test_distribute_mixes_the_branches_by_their_training_shares(tennis):
    X, y = tennis
    tree = dt.ID3Classifier().fit(X, y).tree_.copy()
    tree.refuses_missing = False
    row = pd.DataFrame(
        [{"outlook": None, "temperature": "hot", "humidity": "high", "windy": "TRUE"}]
    )
    # majority: stop at the root, 9 yes / 5 no
    assert tree.predict_values(row)[0].tolist() == pytest.approx([9 / 14, 5 / 14])
    tree.missing = "distribute"
    # sunny (5 of 14) -> high -> no; overcast (4) -> yes; rainy (5) -> TRUE -> no
    assert tree.predict_values(row)[0].tolist() == pytest.approx([4 / 14, 10 / 14])
    assert tree.predict(row).tolist() == ["no"]
