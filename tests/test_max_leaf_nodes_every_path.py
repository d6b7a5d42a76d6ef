"""``max_leaf_nodes=k`` stops growth at exactly ``k`` leaves, on every growth path.

scikit-learn grows best-first and stops when the tree has ``k`` leaves; the fitted
learner, and the node-by-node grower with either scanner (the one the stepper and the
explanations use), must stop there too.
"""

from dataclasses import replace

import pytest

import dtlearn as dt

sklearn = pytest.importorskip("sklearn")
from sklearn.tree import DecisionTreeClassifier  # noqa: E402


@pytest.mark.parametrize("k", [2, 3, 5])
@pytest.mark.parametrize("scanner", ["fast", "reference"])
def test_growth_stops_at_k_leaves_like_sklearn(k, scanner):
    X, y = dt.load_play_tennis(numeric=True)
    Xn = X.assign(outlook=X["outlook"].cat.codes, windy=X["windy"].cat.codes)
    assert DecisionTreeClassifier(max_leaf_nodes=k, random_state=0).fit(Xn, y).get_n_leaves() == k
    model = dt.CARTClassifier(max_leaf_nodes=k)
    assert model.fit(Xn, y).tree_.n_leaves == k
    grower = model.make_grower(Xn, y)
    grower.config = replace(grower.config, scanner=scanner)
    assert grower.run().n_leaves == k
