"""Checks of the exercises in ``instructor/13_from_one_tree_to_many.ipynb``.

The checks rebuild what the notebook builds (the breast-cancer split with seed 0 and its 25
bootstrap trees, the noisy sine wave with seed 1)
and recompute each answer; the boosting answer comes from scikit-learn's
``GradientBoostingRegressor``, an implementation independent of the by-hand loop.

Examples
--------
>>> from dtlearn.exercises.core import check
>>> print(check("13.1", distinct=None))
Exercise 13.1 (Distinct rows in a bootstrap sample): not yet — put your answer in place of None: distinct
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..compare import compare_number
from ..registry import register


@lru_cache(maxsize=1)
def cancer_data() -> tuple:
    """The breast-cancer data as the notebooks load it: 30 named columns, class names.

    Examples
    --------
    >>> X, y = cancer_data()
    >>> X.shape, sorted(map(str, y.unique()))
    ((569, 30), ['benign', 'malignant'])
    """
    from sklearn.datasets import load_breast_cancer

    data = load_breast_cancer(as_frame=True)
    X = data.data
    y = data.target.map(dict(enumerate(data.target_names))).rename("diagnosis")
    return X, y


@lru_cache(maxsize=1)
def _votes() -> tuple[np.ndarray, np.ndarray]:
    from sklearn.model_selection import train_test_split

    from ...learners.tree_learner import CARTClassifier

    X, y = cancer_data()
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.3, stratify=y, random_state=0
    )
    rng = np.random.default_rng(0)
    votes = []
    for _ in range(25):
        rows = rng.integers(0, len(y_train), size=len(y_train))
        votes.append(CARTClassifier().fit(X_train.iloc[rows], y_train.iloc[rows]).predict(X_test))
    return np.array(votes), y_test.to_numpy()


def _wave() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(1)
    x = np.sort(rng.uniform(0, 6, 200))
    target = np.sin(x) + rng.normal(0, 0.3, size=200)
    return x, target


def _boosted_mse(rate: float, rounds: int) -> float:
    from sklearn.ensemble import GradientBoostingRegressor

    x, target = _wave()
    model = GradientBoostingRegressor(n_estimators=rounds, learning_rate=rate, max_depth=2)
    predicted = model.fit(x[:, None], target).predict(x[:, None])
    return float(np.mean((target - predicted) ** 2))


@register("13.1", title="Distinct rows in a bootstrap sample")
def check_distinct(distinct):
    """Check exercise 13.1: the expected fraction of distinct rows, for n = 569."""
    n = len(cancer_data()[0])
    missed = (1 - 1 / n) ** n
    return compare_number(
        distinct,
        1 - missed,
        tol=5e-5,
        what=f"the expected fraction of the {n} rows in a bootstrap sample",
        wrong={
            missed: "that is the fraction a bootstrap sample leaves out",
            1 - np.exp(-1): f"that is the limit for large n: use n = {n}",
        },
    )


@register("13.2", title="Mistakes every tree makes")
def check_unanimous(unanimous_share):
    """Check exercise 13.2: the share of single-tree mistakes on rows all trees agree on."""
    votes, truth = _votes()
    share = (votes == "malignant").mean(axis=0)
    unanimous = (share == 0) | (share == 1)
    mistakes = votes != truth
    expected = mistakes[:, unanimous].sum() / mistakes.sum()
    return compare_number(
        unanimous_share,
        expected,
        what="the share of the trees' mistakes on rows where all 25 agree",
        wrong={
            1 - expected: "that is the share on rows where the trees disagree",
            unanimous.mean(): "that is the share of test rows on which "
            "the trees agree: count mistakes",
            mistakes[:, unanimous].any(axis=0).sum()
            / mistakes.any(axis=0).sum(): "that counts rows, not mistakes: a row "
            "wrong in 25 trees is 25 mistakes",
        },
    )


@register("13.3", title="Boosting with a smaller learning rate")
def check_slow_mse(slow_mse):
    """Check exercise 13.3: training MSE of 50 depth-2 trees boosted with rate 0.1."""
    expected = _boosted_mse(0.1, 50)
    x, target = _wave()
    return compare_number(
        slow_mse,
        expected,
        tol=1e-4,
        what="the training MSE after 50 trees with learning rate 0.1",
        wrong={
            _boosted_mse(0.3, 50): "that is with learning rate 0.3",
            float(np.sqrt(expected)): "that is the root of the MSE",
            float(np.var(target)): "that is the error of F_0, the mean alone: add the trees",
        },
    )
