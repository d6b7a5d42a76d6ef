"""Every learner's parameter checks, tried at their boundary, with the whole error text.

The bounds are scikit-learn's (``max_depth >= 1``, ``min_samples_split >= 2``,
``min_samples_leaf >= 1``, ``max_leaf_nodes >= 2``, the float limits ``>= 0``) and J48's
confidence range ``(0, 0.5]``. The smallest accepted value must fit; one below it must be
refused with a message naming the argument, the rule and the value given.
"""

import re

import numpy as np
import pytest

import dtlearn as dt
from dtlearn import criteria

LEARNERS = [
    dt.ID3Classifier,
    dt.CARTClassifier,
    dt.CARTRegressor,
    dt.ObliqueTreeClassifier,
    dt.C45Classifier,
]

X = np.array([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]])
Y_CLASS = np.array(["a", "a", "b", "b", "a", "b"])
Y_VALUE = np.array([1.0, 1.0, 3.0, 3.0, 1.0, 3.0])

INT_RULES = {  # name: (smallest accepted, may be None)
    "max_depth": (1, True),
    "min_samples_split": (2, False),
    "min_samples_leaf": (1, False),
    "max_leaf_nodes": (2, True),
}


def _fit(learner, **params):
    y = Y_VALUE if learner is dt.CARTRegressor else Y_CLASS
    return learner(**params).fit(X, y)


def _refused(error, text, learner, **params):
    with pytest.raises(error, match="^" + re.escape(text) + "$"):
        _fit(learner, **params)


def _cases(names):
    return [
        (learner, name) for learner in LEARNERS for name in names if name in learner().get_params()
    ]


def test_defaults_are_the_documented_ones():
    assert dt.ID3Classifier().get_params() == {
        "criterion": "entropy",
        "max_depth": None,
        "min_samples_split": 2,
        "min_samples_leaf": 1,
        "stop_at_zero_gain": True,
        "categorical": None,
    }
    cart = {
        "criterion": "gini",
        "max_depth": None,
        "min_samples_split": 2,
        "min_samples_leaf": 1,
        "min_impurity_decrease": 0.0,
        "max_leaf_nodes": None,
        "ccp_alpha": 0.0,
        "categorical": None,
    }
    assert dt.CARTClassifier().get_params() == {**cart, "cost_matrix": None}
    assert dt.CARTRegressor().get_params() == {**cart, "criterion": "mse"}
    assert dt.ObliqueTreeClassifier().get_params() == {
        "criterion": "gini",
        "max_depth": None,
        "min_samples_split": 2,
        "min_samples_leaf": 1,
    }
    assert dt.C45Classifier().get_params() == {
        "confidence": 0.25,
        "min_samples_leaf": 2,
        "prune": True,
        "subtree_raising": True,
        "max_depth": None,
        "categorical": None,
    }


@pytest.mark.parametrize(("learner", "name"), _cases(INT_RULES))
def test_integer_parameters_at_their_minimum(learner, name):
    least, may_be_none = INT_RULES[name]
    assert _fit(learner, **{name: least}).get_params()[name] == least
    assert _fit(learner, **{name: np.int64(least)}).tree_ is not None
    _refused(
        ValueError, f"{name} must be >= {least}, got {least - 1}", learner, **{name: least - 1}
    )
    none = " or None" if may_be_none else ""
    for bad in (float(least), True, "3"):
        _refused(
            TypeError,
            f"{name} must be an integer >= {least}{none}, got {bad!r}",
            learner,
            **{name: bad},
        )
    if may_be_none:
        assert _fit(learner, **{name: None}).get_params()[name] is None
    else:
        _refused(
            TypeError, f"{name} must be an integer >= {least}, got None", learner, **{name: None}
        )


@pytest.mark.parametrize(
    ("learner", "name"), _cases(["min_impurity_decrease", "ccp_alpha", "confidence"])
)
def test_float_parameters_refuse_negatives_infinities_and_non_numbers(learner, name):
    for bad in (-1e-12, float("inf"), float("nan")):
        _refused(
            ValueError, f"{name} must be a finite number >= 0, got {bad}", learner, **{name: bad}
        )
    for bad in ("0.1", None, False):
        _refused(TypeError, f"{name} must be a number >= 0, got {bad!r}", learner, **{name: bad})


@pytest.mark.parametrize("learner", [dt.CARTClassifier, dt.CARTRegressor])
@pytest.mark.parametrize("name", ["min_impurity_decrease", "ccp_alpha"])
def test_zero_is_a_valid_float_parameter(learner, name):
    assert _fit(learner, **{name: 0}).tree_.n_leaves == 4  # a a | b b | a | b


def test_c45_confidence_is_in_zero_to_one_half():
    assert _fit(dt.C45Classifier, confidence=0.5).confidence == 0.5
    assert _fit(dt.C45Classifier, confidence=1e-9).confidence == 1e-9
    for bad in (0, 0.0, 0.5000001, 1):
        _refused(
            ValueError,
            f"confidence must be in (0, 0.5], got {bad}",
            dt.C45Classifier,
            confidence=bad,
        )


@pytest.mark.parametrize(
    ("learner", "name"),
    _cases(["stop_at_zero_gain", "prune", "subtree_raising"]),
)
def test_switches_must_be_booleans(learner, name):
    assert _fit(learner, **{name: np.bool_(False)}).tree_ is not None
    for bad in (1, 0, "yes", None):
        _refused(TypeError, f"{name} must be True or False, got {bad!r}", learner, **{name: bad})


@pytest.mark.parametrize("learner", [c for c in LEARNERS if c is not dt.C45Classifier])
def test_criterion_must_be_one_of_the_registry(learner):
    task = "regression" if learner is dt.CARTRegressor else "classification"
    choices = list(criteria.names(task))
    wrong = "entropy" if task == "regression" else "mse"
    _refused(
        ValueError, f"criterion must be one of {choices}, got {wrong!r}", learner, criterion=wrong
    )


def test_cost_matrix_needs_gini():
    _refused(
        ValueError,
        "cost_matrix works with criterion='gini' (cost-weighted Gini)",
        dt.CARTClassifier,
        criterion="entropy",
        cost_matrix=[[0, 1], [2, 0]],
    )
