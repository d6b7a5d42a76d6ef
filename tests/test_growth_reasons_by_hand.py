"""Why growth splits or stops, in words, at the bounds of each pre-pruning rule.

scikit-learn's meanings: a node of ``min_samples_split`` rows may still split, a node of
fewer than ``2 × min_samples_leaf`` rows cannot (each side needs ``min_samples_leaf``),
and ``max_leaf_nodes`` is the number of leaves reached exactly. Quinlan's play-tennis
tree fixes which nodes of ID3 split and which are pure.
"""

import numpy as np
import pytest

import dtlearn as dt


def test_id3_on_play_tennis_gives_quinlans_steps_in_depth_first_order():
    model = dt.ID3Classifier().fit(*dt.load_play_tennis())
    greedy = "(best by greedy choice)"
    assert [s.reason for s in model.steps_] == [
        f"split on outlook {greedy}",
        f"split on humidity {greedy}",  # sunny
        "pure node",  # sunny, high: no
        "pure node",  # sunny, normal: yes
        "pure node",  # overcast: yes
        f"split on windy {greedy}",  # rainy
        "pure node",
        "pure node",
    ]


def test_a_split_chosen_by_hand_says_so():
    X, y = dt.load_play_tennis()
    grower = dt.ID3Classifier().make_grower(X, y)
    assert grower.expand(0, "windy").reason == "split on windy (chosen by a person)"


@pytest.mark.parametrize(
    ("least", "reason"), [(6, None), (7, "fewer than min_samples_split=7 rows")]
)
def test_a_node_of_exactly_min_samples_split_rows_may_split(least, reason):
    X = np.arange(6.0).reshape(-1, 1)
    step = dt.CARTClassifier(min_samples_split=least).fit(X, list("ababbb")).steps_[0]
    assert step.reason == (reason or "split on x0 (best by greedy choice)")


def test_fewer_than_twice_min_samples_leaf_rows_stop_before_scoring():
    five = np.arange(5.0).reshape(-1, 1)
    step = dt.CARTClassifier(min_samples_leaf=3).fit(five, list("aabbb")).steps_[0]
    assert step.reason == "fewer than 2 × min_samples_leaf=3 rows"
    six = np.arange(6.0).reshape(-1, 1)  # 3 + 3: allowed
    model = dt.CARTClassifier(min_samples_leaf=3).fit(six, list("aaabbb"))
    assert model.steps_[0].reason == "split on x0 (best by greedy choice)"
    assert [c.n_samples for c in model.tree_.root.children] == [3.0, 3.0]


@pytest.mark.parametrize("leaves", [2, 3, 4])
def test_max_leaf_nodes_is_reached_exactly_as_in_scikit_learn(leaves):
    tree_module = pytest.importorskip("sklearn.tree")
    X, y = _iris()
    ours = dt.CARTClassifier(max_leaf_nodes=leaves).fit(X, y).tree_.n_leaves
    sk = tree_module.DecisionTreeClassifier(max_leaf_nodes=leaves, random_state=0).fit(X, y)
    assert ours == sk.get_n_leaves() == leaves


def _iris():
    datasets = pytest.importorskip("sklearn.datasets")
    data = datasets.load_iris()
    return data.data, data.target
