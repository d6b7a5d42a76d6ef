"""A grower stepped by hand, then run to the end: the hand's steps stay first, tree unchanged.

A student expands some nodes in an order of their own (the stepper), then asks for the
rest. The finished tree is the one a fresh fit grows (its text: node ids follow the order
of the splits), and the growth record keeps the hand's steps first, in the order they were
made, then every other node once. On rows 0..99 with classes a, a, b, ...: J48 cuts at 4
(node 0: children 1 = {0..4}, 2 = {5..99}); by hand, node 2 (pure) becomes a leaf; the one
node left open, 1, is cut at 1 into leaves 3 and 4: steps 0, 2, 1, 3, 4.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt


def two_then_many():
    x = np.arange(100.0)
    return pd.DataFrame({"x": x}), np.where(x < 2, "a", "b")


CASES = [
    ("c45", two_then_many, [0, 2]),  # root, then its pure right child: one node left open
    ("c45", lambda: dt.load_play_tennis(numeric=True), [0, 3]),
    ("c45", lambda: dt.load_play_tennis(numeric=True), [0]),
    ("cart", lambda: dt.load_play_tennis(numeric=True), [0, 2]),
    ("id3", dt.load_play_tennis, [0, 3, 2]),
]


def learner(kind):
    return {"c45": dt.C45Classifier, "cart": dt.CARTClassifier, "id3": dt.ID3Classifier}[kind]()


@pytest.mark.parametrize("kind, data, by_hand", CASES)
def test_run_after_steps_by_hand(kind, data, by_hand):
    X, y = data()
    fresh = learner(kind).make_grower(X, y)
    tree = fresh.run()
    assert set(by_hand) <= {s.node_id for s in fresh.steps}
    grower = learner(kind).make_grower(X, y)
    for node_id in by_hand:
        grower.expand(node_id)
    resumed = grower.run()
    assert resumed.to_text() == tree.to_text()
    steps = [s.node_id for s in grower.steps]
    assert steps[: len(by_hand)] == by_hand
    assert sorted(steps) == sorted(n.node_id for n in resumed.nodes())


def test_the_one_open_node_left_is_grown_after_the_hands_steps():
    X, y = two_then_many()
    grower = dt.C45Classifier().make_grower(X, y)
    grower.expand(0)
    grower.expand(2)
    tree = grower.run()
    assert [s.node_id for s in grower.steps] == [0, 2, 1, 3, 4]
    assert [s.is_split for s in grower.steps] == [True, False, True, False, False]
    assert [(leaf.n_samples, tree.label_of(leaf)) for leaf in tree.leaves()] == [
        (2.0, "a"),
        (3.0, "b"),
        (95.0, "b"),
    ]
