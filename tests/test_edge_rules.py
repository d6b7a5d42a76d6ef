"""Edge rules against scikit-learn: cost matrices checked, MAE free of scale (issue 41).

A cost matrix must be square, one row per class, non-negative and zero on its diagonal
(a right prediction costs nothing), as ``CARTClassifier``'s docstring says. dtlearn's MAE
splits follow one rule at every scale of the target; scikit-learn's depend on the scale
through its absolute ``EPSILON`` (docs/ALGORITHMS.md, "MAE at scale").
"""

import numpy as np
import pytest

import dtlearn as dt

X2, Y2 = np.array([[0.0], [1.0], [2.0], [3.0]]), [0, 0, 1, 1]


@pytest.mark.parametrize(
    "matrix, message",
    [
        ([[1, 1], [1, 0]], r"zero diagonal .*\[1\.0, 0\.0\]"),
        ([[0, 1, 1], [1, 0, 1]], "square"),
        ([[0, 1, 1], [1, 0, 1], [1, 1, 0]], "3 × 3 but there are 2 classes"),
        ([[0, -1], [1, 0]], ">= 0"),
        ([[0, np.inf], [1, 0]], "finite"),
    ],
)
def test_cost_matrix_is_checked(matrix, message):
    with pytest.raises(ValueError, match=message):
        dt.CARTClassifier(cost_matrix=matrix).fit(X2, Y2)


def test_a_valid_cost_matrix_still_fits():
    model = dt.CARTClassifier(cost_matrix=[[0, 5], [1, 0]]).fit(X2, Y2)
    assert model.tree_.n_leaves == 2


def test_mae_trees_do_not_depend_on_the_targets_scale_unlike_scikit_learns():
    sklearn_tree = pytest.importorskip("sklearn.tree")
    X = np.arange(6.0).reshape(-1, 1)
    y = np.array([-0.1, -0.1, -1.7, 0.7, -0.1, 1.7])
    ours = [dt.CARTRegressor(criterion="mae").fit(X, y * s).tree_.n_leaves for s in (1, 1e6)]
    theirs = [
        sklearn_tree.DecisionTreeRegressor(criterion="absolute_error", random_state=0)
        .fit(X, y * s)
        .get_n_leaves()
        for s in (1, 1e6)
    ]
    assert ours[0] == ours[1] == theirs[1]  # one rule at every scale
    assert theirs[0] != theirs[1]  # scikit-learn's absolute EPSILON decides at y x 1
