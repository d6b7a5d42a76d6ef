"""``from_sklearn`` turns fractional ``min_samples_*`` into counts as scikit-learn does.

scikit-learn documents ``ceil(min_samples_leaf * n_samples)`` and
``max(2, ceil(min_samples_split * n_samples))`` for float values; the imported learner must
carry those counts (rounding down or to nearest would grow a different tree).
"""

import math

import pytest

import dtlearn as dt

sklearn = pytest.importorskip("sklearn")
from sklearn.datasets import load_iris  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402


def test_fractions_become_the_ceiling_of_their_share_of_the_rows():
    X, y = load_iris(return_X_y=True, as_frame=True)
    n = len(y)  # 150: 0.015 * 150 = 2.25, 0.05 * 150 = 7.5
    est = DecisionTreeClassifier(
        min_samples_leaf=0.015, min_samples_split=0.05, random_state=0
    ).fit(X, y)
    params = dt.from_sklearn(est, X, y).get_params()
    assert params["min_samples_leaf"] == math.ceil(0.015 * n) == 3
    assert params["min_samples_split"] == max(2, math.ceil(0.05 * n)) == 8
    # and the tree the learner grows from those counts is scikit-learn's
    refit = dt.CARTClassifier(min_samples_leaf=3, min_samples_split=8).fit(X, y)
    assert refit.tree_.n_leaves == est.get_n_leaves()
