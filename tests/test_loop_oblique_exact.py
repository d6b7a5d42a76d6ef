"""The Grower's oblique candidate and its memory, against a hand computation.

``Grower._score_oblique``: Fisher's discriminant of the majority class against the rest on
the weighted, standardised numeric columns (``(S_in + S_out + 1e-6 I) d = m_in - m_out``),
back to the columns' units, scaled so that the largest absolute weight is 1, then the usual
threshold scan of the projection (the bias is minus the midpoint cut). Worked out here with
numpy's plain formulas on seven weighted rows. And the grower does not keep the rows x
classes one-hot it used to sum the root's counts (``Grower.__init__`` drops it).
"""

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.splits import ObliqueSplit

X = np.array([[0, 0], [1, 0], [0, 1], [1, 1.5], [3, 3], [4, 3], [3, 4.5]], dtype=float)
Y = np.array(["a", "a", "a", "a", "b", "b", "b"])
W = np.array([1.0, 2, 1, 1, 1, 1, 0.5])


def fisher_weights(X, inside, w):
    """Fisher's direction by the textbook formulas, in the columns' units, largest |w| = 1."""
    mean = (X * w[:, None]).sum(axis=0) / w.sum()
    scale = np.sqrt((((X - mean) ** 2) * w[:, None]).sum(axis=0) / w.sum())
    Z = X / scale

    def scatter(part):
        centre = (Z[part] * w[part, None]).sum(axis=0) / w[part].sum()
        d = Z[part] - centre
        return (d.T * w[part]) @ d, centre

    (s_in, m_in), (s_out, m_out) = scatter(inside), scatter(~inside)
    direction = np.linalg.solve(s_in + s_out + 1e-6 * np.eye(X.shape[1]), m_in - m_out)
    weights = direction / scale
    return weights / np.abs(weights).max()


def oblique_candidate(X, y, w=None):
    grower = dt.ObliqueTreeClassifier(max_depth=1).make_grower(X, y, w)
    return grower.candidates(grower.root.node_id)[-1]


@pytest.mark.parametrize("weighted", [False, True])
def test_the_oblique_candidate_is_fishers_direction_and_the_midpoint_cut(weighted):
    w = W if weighted else np.ones(len(Y))
    candidate = oblique_candidate(X, Y, W if weighted else None)
    split = candidate.split
    assert isinstance(split, ObliqueSplit) and split.columns == (0, 1)
    expected = fisher_weights(X, Y == "a", w)  # "a" holds the most weight: it is "inside"
    np.testing.assert_allclose(split.weights, expected, rtol=1e-12)
    assert max(abs(v) for v in split.weights) == 1.0  # the largest weight is exactly 1
    assert split.weights[0] == -1.0  # x0 weighs most, "a" lies low: a negative direction
    # the projection separates the classes: the cut is midway between b's top and a's bottom
    projection = X[:, 0] * split.weights[0] + X[:, 1] * split.weights[1]
    low, high = projection[Y == "b"].max(), projection[Y == "a"].min()
    assert split.bias == pytest.approx(-(low + high) / 2, rel=1e-12)
    assert candidate.feature_name == "linear combination"
    # a perfect split: the gini decrease is the root's gini
    p = w[Y == "a"].sum() / w.sum()
    assert candidate.score == pytest.approx(1 - p**2 - (1 - p) ** 2, rel=1e-12)


def test_the_oblique_candidate_needs_two_numeric_columns_and_two_classes():
    one_column = oblique_candidate(X[:, :1], Y)
    assert not one_column.admissible
    assert one_column.reason == "needs two numeric features and a class target"
    same_means = np.array([[0.0, 0], [1, 1], [0, 0], [1, 1]])
    flat = oblique_candidate(same_means, np.array(["a", "b", "b", "a"]))
    assert not flat.admissible
    assert flat.reason == "the classes have the same mean: no oblique direction"


def test_the_grower_lets_the_one_hot_of_the_root_go():
    # weighted rows: the root's class counts are summed through the one-hot rows x classes
    grower = dt.CARTClassifier().make_grower(X, Y, W)
    assert "_onehot" not in vars(grower)
    np.testing.assert_array_equal(grower.root.counts, [5.0, 2.5])
    np.testing.assert_array_equal(grower._onehot, [[1, 0]] * 4 + [[0, 1]] * 3)  # made again
