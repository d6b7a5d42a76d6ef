"""A complexity curve is, value by value, the fits made one at a time, also for one value.

:func:`dtlearn.pruning.curves.complexity_curve` fits a copy of the learner per value: each
entry's sizes are that fit's tree and each score is scikit-learn's ``accuracy_score`` (or
``r2_score``) of its predictions; a set not given gives ``None``, not a tuple of Nones.
"""

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, r2_score

import dtlearn as dt
from dtlearn.pruning.curves import complexity_curve


def halves():
    X, y = dt.load_play_tennis(numeric=True)
    return X.iloc[:9], y.iloc[:9], X.iloc[9:], y.iloc[9:]


@pytest.mark.parametrize("values", [[2], [1, 2, 3], [3, 1]])
@pytest.mark.parametrize("with_val", [True, False])
def test_curve_is_the_fits_one_by_one(values, with_val):
    X_tr, y_tr, X_va, y_va = halves()
    curve = complexity_curve(
        dt.CARTClassifier(),
        X_tr,
        y_tr,
        X_va if with_val else None,
        y_va if with_val else None,
        param="max_depth",
        values=values,
    )
    fits = [dt.CARTClassifier(max_depth=v).fit(X_tr, y_tr) for v in values]
    assert curve.param == "max_depth" and curve.values == tuple(values)
    assert curve.n_nodes == tuple(m.tree_.n_nodes for m in fits)
    assert curve.n_leaves == tuple(m.tree_.n_leaves for m in fits)
    assert curve.depth == tuple(m.tree_.depth for m in fits)
    assert curve.train == tuple(accuracy_score(y_tr, m.predict(X_tr)) for m in fits)
    if with_val:
        assert curve.validation == tuple(accuracy_score(y_va, m.predict(X_va)) for m in fits)
    else:
        assert curve.validation is None
    assert curve.test is None


def test_regression_curve_scores_r2():
    rng = np.random.default_rng(5)
    X = rng.uniform(0, 10, size=(40, 2))
    y = X[:, 0] ** 2 + rng.normal(size=40)
    curve = complexity_curve(
        dt.CARTRegressor(),
        X[:30],
        y[:30],
        X_test=X[30:],
        y_test=y[30:],
        param="max_depth",
        values=[1],
    )
    model = dt.CARTRegressor(max_depth=1).fit(X[:30], y[:30])
    assert curve.train == (pytest.approx(r2_score(y[:30], model.predict(X[:30])), rel=1e-12),)
    assert curve.test == (pytest.approx(r2_score(y[30:], model.predict(X[30:])), rel=1e-12),)
    assert curve.validation is None
