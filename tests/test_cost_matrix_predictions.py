"""A cost-sensitive tree predicts the class of least expected cost, by hand.

``cost_matrix[i][j]`` is the cost of predicting class ``j`` for an instance of class ``i``;
the expected cost of predicting ``j`` is ``sum_i p_i · cost_matrix[i][j]`` (Elkan 2001).
A node's errors are then the weight outside the class it predicts, not outside its majority.
"""

import pytest

import dtlearn as dt

COSTS = [[0, 1], [5, 0]]  # calling a "no" day "yes" costs 5


@pytest.fixture(scope="module")
def model():
    X, y = dt.load_play_tennis(numeric=True)
    return dt.CARTClassifier(max_depth=1, cost_matrix=COSTS).fit(X, y), X


def _least_cost(p):
    costs = [sum(p[i] * COSTS[i][j] for i in range(2)) for j in range(2)]
    return min(range(2), key=lambda j: (costs[j], j))


def test_predictions_are_the_least_expected_cost_class(model):
    m, X = model
    proba = m.predict_proba(X)
    expected = [m.classes_[_least_cost(p)] for p in proba]
    assert m.predict(X).tolist() == expected
    assert "no" in expected and proba[expected.index("no")].tolist() == [0.5, 0.5]


def test_node_errors_count_the_weight_outside_the_predicted_class(model):
    m, _ = model
    for node in m.tree_.nodes():
        predicted = _least_cost(node.counts / node.counts.sum())
        assert node.predicted_index == predicted
        assert node.errors == node.counts.sum() - node.counts[predicted]
    root = m.tree_.root
    assert root.counts.tolist() == [9.0, 5.0] and root.errors == 9.0  # predicts "no"
