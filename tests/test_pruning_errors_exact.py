"""The pruning modules' error messages, whole: the text names the argument and the problem.

Each message is the spec (the brief: a bad input is a ValueError or TypeError naming the
argument); the expectations are written out here, not read from the code. Covers the rule
condition reader (``parse_condition``: every form it refuses), the rule builders on a
regression tree, and the cost-complexity functions whose argument is called ``tree``.
"""

import pytest

import dtlearn as dt
from dtlearn.data import Schema, infer_schema
from dtlearn.pruning.cost_complexity import (
    collapses_at,
    cost_complexity_path,
    cost_complexity_prune,
)
from dtlearn.pruning.rule_conditions import parse_condition
from dtlearn.pruning.rule_post_pruning import rule_post_prune, rules_from_tree

NAMES = "['outlook', 'temperature', 'humidity', 'windy']"
FORMS = (
    "write 'name = value', 'name <= number', 'name > number', 'name in {a, b}' or 'w·name + b <= 0'"
)


@pytest.fixture(scope="module")
def schemas():
    return infer_schema(dt.load_play_tennis()[0]), infer_schema(
        dt.load_play_tennis(numeric=True)[0]
    )


@pytest.mark.parametrize(
    "text, numeric, message",
    [
        (
            "0.5·x <= 1",
            False,
            "text: cannot read the linear condition '0.5·x <= 1'; write "
            "'w·name + ... + b <= 0' or '> 0'",
        ),
        ("0.5·nope <= 0", False, f"text: no attribute 'nope'; attributes are {NAMES}"),
        ("2 + 1 · <= 0", True, "text: no 'weight·attribute' term in '2 + 1 · <= 0'"),
        ("outlook ~ sunny", False, f"text: cannot read the condition 'outlook ~ sunny'; {FORMS}"),
        ("nope unknown", False, f"text: cannot read the condition 'nope unknown'; {FORMS}"),
        ("nope = 1", False, f"text: no attribute 'nope'; attributes are {NAMES}"),
        ("nope in {a}", False, f"text: no attribute 'nope'; attributes are {NAMES}"),
        ("nope not in {a}", False, f"text: no attribute 'nope'; attributes are {NAMES}"),
        ("temperature = 3", True, "text: 'temperature' is numeric; use <= or >"),
        (
            "outlook = foggy",
            False,
            "text: 'foggy' is not a value of 'outlook' (['sunny', 'overcast', 'rainy'])",
        ),
        ("outlook <= sunny", False, "text: 'outlook' is categorical; use ="),
        ("outlook > sunny", False, "text: 'outlook' is categorical; use ="),
        ("temperature <= abc", True, "text: 'abc' is not a number; 'temperature' is numeric"),
        (
            "temperature <= 1 (tolerance x)",
            True,
            "text: 'x' is not a number; 'temperature' is numeric",
        ),
        (
            "outlook in {sunny, foggy, misty}",
            False,
            "text: ['foggy', 'misty'] are not values of 'outlook' (['sunny', 'overcast', 'rainy'])",
        ),
        (
            "temperature in {1}",
            True,
            "text: 'temperature' is numeric; a set of values needs categories",
        ),
        (
            "temperature not in {1}",
            True,
            "text: 'temperature' is numeric; a set of values needs categories",
        ),
    ],
)
def test_parse_condition_names_what_it_cannot_read(schemas, text, numeric, message):
    with pytest.raises(ValueError) as err:
        parse_condition(text, schemas[numeric])
    assert str(err.value) == message


def test_an_ordered_categorys_threshold_must_be_one_of_its_levels():
    schema = Schema(("size",), ("categorical",), (("S", "M", "L"),), (True,))
    assert parse_condition("size <= M", schema).split.threshold == 1.0
    with pytest.raises(ValueError) as err:
        parse_condition("size > XL", schema)
    assert str(err.value) == "text: 'XL' is not a level of 'size' (['S', 'M', 'L'])"


def test_rules_need_a_classification_tree():
    X, y = dt.load_play_tennis(numeric=True)
    reg = dt.CARTRegressor().fit(X[["temperature"]], X["humidity"])
    with pytest.raises(ValueError) as err:
        rules_from_tree(reg)
    assert str(err.value) == "model_or_tree: rules need a classification tree"
    with pytest.raises(ValueError) as err:
        rule_post_prune(reg.tree_, X[["temperature"]], X["humidity"])
    assert str(err.value) == "model_or_tree: rule post-pruning needs a classification tree"
    with pytest.raises(TypeError) as err:
        rule_post_prune(3, X, y)
    assert (
        str(err.value) == "model_or_tree must be a fitted dtlearn model or a dtlearn Tree, got int"
    )


@pytest.mark.parametrize(
    "call",
    [
        lambda bad: collapses_at(bad, [0.1]),
        lambda bad: cost_complexity_prune(bad, 0.1),
    ],
    ids=["collapses_at", "cost_complexity_prune"],
)
def test_the_ccp_functions_name_their_tree_argument(call):
    with pytest.raises(TypeError) as err:
        call(3)
    assert str(err.value) == "tree must be a fitted dtlearn model or a dtlearn Tree, got int"
    with pytest.raises(ValueError) as err:
        call(dt.CARTClassifier())
    assert str(err.value) == "tree: this CARTClassifier is not fitted yet; call fit(X, y) first"


def test_cost_complexity_path_names_its_arguments():
    X, y = dt.load_play_tennis(numeric=True)
    tree = dt.CARTClassifier().fit(X, y).tree_
    with pytest.raises(ValueError) as err:
        cost_complexity_path(tree, X, y)
    assert str(err.value) == "X, y: give training data only with an estimator, not a Tree"
    with pytest.raises(ValueError) as err:
        cost_complexity_path(dt.CARTClassifier(), X)
    assert str(err.value) == "X and y: give both or neither"
    with pytest.raises(TypeError) as err:
        cost_complexity_path(3, X, y)
    assert str(err.value) == "model_or_tree must be a dtlearn estimator or a Tree, got int"
