"""Pruning and complexity curves: each data argument named in its own error, and defaults.

The texts are the specification a student reads when a curve is called with a part of the
data that does not fit: the argument named is the one given (``y_train``, ``y_val``,
``y_test``, ``X_train``), for both curves. A curve made by hand keeps the documented
defaults (accuracy, no learner) and its caption and columns say them; the three-way split
names the part it would leave empty.
"""

import pytest

import dtlearn as dt
from dtlearn.pruning.curves import (
    ComplexityCurve,
    complexity_curve,
    pruning_curve,
    train_validation_test_split,
)


@pytest.fixture(scope="module")
def tennis():
    X, y = dt.load_play_tennis(numeric=True)
    return X, y, dt.CARTClassifier().fit(X, y)


def _parts(X, y, bad):
    data = {"X_train": X, "y_train": y, "X_val": X, "y_val": y, "X_test": X, "y_test": y}
    data.update(bad)
    return data


CASES = [
    ({"y_train": "short"}, "y_train has 3 labels but X has 14 rows"),
    ({"y_val": "short"}, "y_val has 3 labels but X has 14 rows"),
    ({"y_test": "short"}, "y_test has 3 labels but X has 14 rows"),
    (
        {"X_train": "narrow"},
        "X_train has columns ['outlook', 'temperature'] but the model was fitted on "
        "['outlook', 'temperature', 'humidity', 'windy']",
    ),
    (
        {"X_val": "narrow"},
        "X_val has columns ['outlook', 'temperature'] but the model was fitted on "
        "['outlook', 'temperature', 'humidity', 'windy']",
    ),
    (
        {"X_test": "narrow"},
        "X_test has columns ['outlook', 'temperature'] but the model was fitted on "
        "['outlook', 'temperature', 'humidity', 'windy']",
    ),
]


def _bad(X, y, spec):
    ((arg, how),) = spec.items()
    return {arg: y[:3] if how == "short" else X.iloc[:, :2]}


@pytest.mark.parametrize(("spec", "message"), CASES)
def test_the_pruning_curve_names_the_part_that_does_not_fit(tennis, spec, message):
    X, y, model = tennis
    with pytest.raises(ValueError) as info:
        pruning_curve(model, **_parts(X, y, _bad(X, y, spec)), method="cost_complexity")
    assert str(info.value) == message


# a bad training part fails in the learner's own fit, before the curve reads it
HELD_OUT = [
    (spec, message) for spec, message in CASES if "X_train" not in spec and "y_train" not in spec
]


@pytest.mark.parametrize(("spec", "message"), HELD_OUT)
def test_the_complexity_curve_names_the_part_that_does_not_fit(tennis, spec, message):
    X, y, _ = tennis
    data = _parts(X, y, _bad(X, y, spec))
    with pytest.raises(ValueError) as info:
        complexity_curve(dt.CARTClassifier(), **data, param="max_depth", values=[1, 2])
    assert str(info.value) == message


def test_a_curve_made_by_hand_measures_accuracy_for_no_named_learner():
    curve = ComplexityCurve("max_depth", (1, 2), (3, 5), (2, 3), (1, 2), (0.5, 0.75), None, None)
    assert (curve.metric, curve.learner) == ("accuracy", "")
    table = curve.table()
    assert table.caption == "accuracy against max_depth"
    assert table.columns == ("max_depth", "nodes", "leaves", "depth", "train accuracy")
    assert table.rows == ((1, 3, 2, 1, 0.5), (2, 5, 3, 2, 0.75))
    assert curve.to_dict()["metric"] == "accuracy" and curve.to_dict()["learner"] == ""
    named = ComplexityCurve(
        "ccp_alpha", (0.0,), (1,), (1,), (0,), (0.2,), (0.1,), None, "R2", "CARTRegressor"
    )
    assert named.table().caption == "CARTRegressor: R2 against ccp_alpha"
    assert named.table().columns == (
        "ccp_alpha",
        "nodes",
        "leaves",
        "depth",
        "train R2",
        "validation R2",
    )


@pytest.mark.parametrize(
    ("sizes", "part"),
    [((0.01, 0.5, 0.49), "training"), ((0.5, 0.01, 0.49), "validation")],
)
def test_the_split_names_the_part_it_would_leave_empty(sizes, part):
    X, y = list(range(14)), ["a"] * 7 + ["b"] * 7
    with pytest.raises(ValueError) as info:
        train_validation_test_split(X, y, sizes=sizes)
    assert str(info.value) == f"sizes: the {part} part would be empty with 14 rows"
