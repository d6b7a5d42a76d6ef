"""Values on a split's boundary: the midpoint rule, x == threshold and points on the line.

Checked against float arithmetic and a plain ``x <= t`` (or ``w·x + b <= 0``), in the
one-node-at-a-time and the level-wise growth alike.
"""

import numpy as np
import pandas as pd

import dtlearn as dt
from dtlearn.grow.fast import levels
from dtlearn.splits import ObliqueSplit, ThresholdSplit, midpoint

UP = np.nextafter(1.0, 2.0)  # midpoint(1.0, UP) == 1.0: the cut equals the lower value


def test_midpoint_rounding_up_to_high_returns_low():
    low, high = np.nextafter(1.0, 0.0), 1.0
    assert low / 2 + high / 2 == high  # halfway between neighbours rounds to the even one
    assert midpoint(low, high) == low < high
    out = midpoint(np.array([low, 70.0]), np.array([high, 75.0]))
    assert out.tolist() == [low, 72.5]


def test_midpoint_is_strictly_below_high_for_neighbours():
    for low in (np.nextafter(1.0, 0.0), 1.0, 0.3, 1e300, -2.0, 5e-324):
        high = np.nextafter(low, np.inf)
        t = midpoint(low, high)
        assert low <= t < high  # x <= t still separates the two values


def test_threshold_split_sends_values_equal_to_the_cut_left():
    split = ThresholdSplit(0, 1.0)
    X = np.array([[0.5], [1.0], [UP], [np.nan]])
    assert split.route(X).tolist() == [0, 0, 1, -1]
    # a grown tree predicts the training row that equals its cut as it counted it
    data = pd.DataFrame({"x": [1.0, UP, 1.0, UP]})
    model = dt.CARTClassifier().fit(data, ["a", "b", "a", "b"])
    assert model.tree_.root.split.threshold == 1.0
    assert model.predict(pd.DataFrame({"x": [1.0, UP]})).tolist() == ["a", "b"]


def test_oblique_split_sends_points_on_the_line_left():
    split = ObliqueSplit((0, 1), (1.0, 1.0), -1.0)
    X = np.array([[0.5, 0.5], [0.25, 0.75], [0.5, 0.5 + 1e-9], [0.0, 0.0]])
    by_hand = [0 if x0 + x1 - 1.0 <= 0 else 1 for x0, x1 in X]
    assert by_hand == [0, 0, 1, 0]  # the first two lie exactly on x0 + x1 = 1
    assert split.route(X).tolist() == by_hand


def test_level_wise_routes_rows_equal_to_the_threshold_left():
    X = pd.DataFrame({"x": [1.0, UP, 1.0, UP, 0.0]})
    y = ["a", "b", "a", "b", "a"]
    grower = dt.CARTClassifier(max_depth=3).make_grower(X, y)
    assert levels.applies(grower)
    tree = grower.run()
    root = tree.root
    assert root.split.threshold == 1.0
    left, right = root.children
    assert (left.n_samples, right.n_samples) == (3.0, 2.0)
    assert left.is_leaf and right.is_leaf
    assert tree.n_leaves == 2
    # the rows each step holds are the ones a plain x <= t sends there
    x = X["x"].to_numpy()
    for step in grower.steps[1:]:
        side = x[step.rows] <= 1.0
        assert side.all() if step.node_id == left.node_id else not side.any()


def test_level_wise_routing_matches_a_plain_comparison_on_ties():
    # columns made of neighbouring doubles, so many cuts land exactly on a value
    rng = np.random.default_rng(7)
    base = np.array([0.0, 1.0, UP, np.nextafter(UP, 2.0), 2.0])
    X = pd.DataFrame({"x0": rng.choice(base, 80), "x1": rng.choice(base, 80)})
    y = rng.choice(["a", "b", "c"], 80)
    grower = dt.CARTClassifier(max_depth=6).make_grower(X, y)
    assert levels.applies(grower)
    tree = grower.run()
    Xa = X.to_numpy()
    parent_rows = {0: np.arange(len(X))}
    for node in tree.nodes():
        rows = parent_rows[node.node_id]
        assert node.n_samples == len(rows)
        if not node.is_leaf:
            left = Xa[rows, node.split.feature] <= node.split.threshold
            parent_rows[node.children[0].node_id] = rows[left]
            parent_rows[node.children[1].node_id] = rows[~left]
            assert left.any() and not left.all()  # every split separates something
