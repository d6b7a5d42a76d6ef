"""Checks of the exercises in ``instructor/06_overfitting.ipynb``.

The checks rebuild the notebook's split of the car data (60/20/20, seed 0) and its 20 %
label noise (seed 0), so they recompute exactly the curves the notebook shows.

Examples
--------
>>> from dtlearn.exercises.core import check
>>> print(check("06.2", gap=None))
Exercise 06.2 (Train-test gap of the deepest tree): not yet — put your answer in place of None: gap
"""

from __future__ import annotations

from functools import lru_cache

from ...datasets import load_car
from ...learners.tree_learner import CARTClassifier, ID3Classifier
from ...pruning.curves import add_label_noise, complexity_curve, train_validation_test_split
from ..compare import compare_choice, compare_number
from ..registry import register


@lru_cache(maxsize=1)
def _parts() -> tuple:
    X, y = load_car()
    X_train, X_val, X_test, y_train, y_val, y_test = train_validation_test_split(
        X, y, sizes=(0.6, 0.2, 0.2), random_state=0
    )
    y_noisy = add_label_noise(y_train, 0.2, random_state=0)
    return X_train, X_val, X_test, y_train, y_val, y_test, y_noisy


@lru_cache(maxsize=4)
def _curve(param: str, clean: bool, values: tuple | None = None):
    X_train, X_val, X_test, y_train, y_val, y_test, y_noisy = _parts()
    kwargs = {} if values is None else {"values": list(values)}
    return complexity_curve(
        ID3Classifier(),
        X_train,
        y_train if clean else y_noisy,
        X_val,
        y_val,
        X_test,
        y_test,
        param=param,
        **kwargs,
    )


@register("06.1", title="The best stopping parameter, chosen on validation data")
def check_best_knob(best_knob):
    """Check exercise 06.1: The best stopping parameter, chosen on validation data."""
    curves = {
        "min_samples_leaf": _cart_curve("min_samples_leaf", (1, 2, 5, 10, 20, 40, 80)),
        "max_leaf_nodes": _cart_curve("max_leaf_nodes", (2, 8, 16, 32, 64, 128)),
        "min_impurity_decrease": _cart_curve("min_impurity_decrease", (0.0, 0.005, 0.02)),
    }
    want = max(curves, key=lambda name: max(curves[name].validation))
    wrong = {}
    by_test = max(curves, key=lambda name: curves[name].test[curves[name].best_index])
    by_train = max(curves, key=lambda name: curves[name].train[curves[name].best_index])
    if by_test != want:
        wrong[by_test] = (
            "that one is best on the *test* part: the test set only reports, it does not choose"
        )
    if by_train != want and by_train not in wrong:
        wrong[by_train] = "that one is best on the *training* part: choose on validation data"
    return compare_choice(
        best_knob,
        want,
        what="the parameter with the best validated tree",
        options=list(curves),
        wrong=wrong,
    )


@lru_cache(maxsize=3)
def _cart_curve(param: str, values: tuple):
    X_train, X_val, X_test, y_train, y_val, y_test, y_noisy = _parts()
    return complexity_curve(
        CARTClassifier(),
        X_train,
        y_noisy,
        X_val,
        y_val,
        X_test,
        y_test,
        param=param,
        values=list(values),
    )


@register("06.2", title="Train-test gap of the deepest tree")
def check_gap(gap):
    """Check exercise 06.2: Train-test gap of the deepest tree."""
    curve = _curve("max_depth", False)
    want = curve.train[-1] - curve.test[-1]
    return compare_number(
        gap,
        want,
        what="the gap between training and test accuracy",
        wrong={
            curve.train[-1] - curve.validation[-1]: "that is training minus *validation*: use the "
            "test accuracy",
            -want: "the other way round: training minus test",
            curve.train[curve.best_index]
            - curve.test[curve.best_index]: "that is the chosen tree: take the deepest (last) one",
        },
    )


@register("06.3", title="Test accuracy of the full tree on clean labels")
def check_clean_full(clean_full):
    """Check exercise 06.3: Test accuracy of the full tree on clean labels."""
    clean = _curve("max_depth", True)
    noisy = _curve("max_depth", False)
    return compare_number(
        clean_full,
        clean.test[-1],
        what="the test accuracy of the deepest tree grown on clean labels",
        wrong={
            noisy.test[-1]: "that is the tree grown on the noisy labels: use y_train",
            clean.train[-1]: "that is its training accuracy: use the test part",
            clean.validation[-1]: "that is its validation accuracy: use the test part",
        },
    )
