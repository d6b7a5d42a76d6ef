"""Exports at their edges: JSON validation, J48's tolerance in Python code, paths, rules, text.

The JSON reader's checks are driven with one field at a time made wrong in the JSON of a
small CART tree (x = 1, 2, 3, 4 with classes a, a, b, b: a root at 2.5 and two pure
leaves); the Python export is compared with the tree's own ``predict``; texts with what
the tree's counts say by hand.
"""

import copy

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.exports.json_io import tree_from_dict, tree_to_dict
from dtlearn.exports.path import decision_path
from dtlearn.exports.python_code import python_source
from dtlearn.exports.rule_text import rules_text
from dtlearn.exports.text import tree_text
from dtlearn.exports.weka import weka_text

X4 = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0]})


@pytest.fixture(scope="module")
def small():
    return tree_to_dict(dt.CARTClassifier().fit(X4, ["a", "a", "b", "b"]).tree_)


def _bad(data, message):
    with pytest.raises(ValueError, match=message):
        tree_from_dict(data)


def test_json_labels_must_index_the_classes(small):
    data = copy.deepcopy(small)
    data["nodes"][1]["label"] = 1  # the last class: fine
    assert tree_from_dict(data).root.children[0].label == 1
    data["nodes"][1]["label"] = 2  # two classes: 0 or 1
    _bad(data, "tree: node 1 label must be a class index")


def test_json_root_must_hold_rows_and_depths_be_non_negative(small):
    data = copy.deepcopy(small)
    data["nodes"][0]["n_samples"] = 0.0
    _bad(data, r"tree: the root must have n_samples > 0")
    data = copy.deepcopy(small)
    data["nodes"][1]["depth"] = -1
    _bad(data, "tree: node id and depth must be non-negative integers")


def test_json_leaves_may_be_empty_but_not_negative(small):
    data = copy.deepcopy(small)
    data["nodes"][2]["n_samples"] = 0.0  # ID3's empty branch: a leaf with no row
    data["nodes"][2]["counts"] = [0.0, 0.0]
    assert tree_from_dict(data).root.children[1].n_samples == 0
    data["nodes"][2]["n_samples"] = -1.0
    _bad(data, "tree: node 2 n_samples must be a finite number >= 0")


def test_json_without_refuses_missing_answers_missing_values(small):
    data = copy.deepcopy(small)
    del data["refuses_missing"]  # written before 0.3
    tree = tree_from_dict(data)
    assert tree.refuses_missing is False
    assert list(tree.predict(pd.DataFrame({"x": [np.nan, 1.0]}))) == ["a", "a"]


def test_json_unreachable_nodes_and_wrong_branch_weights(small):
    data = copy.deepcopy(small)
    data["nodes"].append({**data["nodes"][1], "id": 7})  # nobody's child
    _bad(data, "tree: some nodes are not reachable from the root")
    data = copy.deepcopy(small)
    data["nodes"][0]["branch_weights"] = [0.5, 0.25, 0.25]  # three weights, two children
    _bad(data, "tree: node 0 branch_weights do not match its children")
    data["nodes"][0]["branch_weights"] = [0.5, 0.5]
    assert list(tree_from_dict(data).root.branch_weights) == [0.5, 0.5]


def test_python_code_sends_a_value_exactly_one_tolerance_above_right(small):
    # a tolerance of 0.25 on the threshold 2.5: 2.75 - 2.5 = 0.25 exactly (binary),
    # not below the tolerance: the tree sends it right (Weka's smOrEq), 2.7499 left
    data = copy.deepcopy(small)
    data["nodes"][0]["split"]["tolerance"] = 0.25
    tree = tree_from_dict(data)
    namespace = {}
    exec(python_source(tree), namespace)
    for x in (2.5, 2.7499, 2.75, 2.76, 3.0):
        assert namespace["predict"]({"x": x}) == tree.predict(pd.DataFrame({"x": [x]}))[0]
    assert namespace["predict"]({"x": 2.75}) == "b"
    assert namespace["predict"]({"x": 2.7499}) == "a"


def test_python_code_needs_an_identifier(small):
    with pytest.raises(ValueError, match="function_name must be a Python identifier, got '2x'"):
        python_source(tree_from_dict(small), "2x")


# ------------------------------------------------------------------ decision paths
def test_a_path_in_markdown_numbers_its_steps_from_one():
    model = dt.ID3Classifier().fit(*dt.load_play_tennis())
    path = decision_path(model.tree_, {"outlook": "sunny", "humidity": "high"})
    assert path._repr_markdown_() == (
        "1. `outlook = sunny` (14 training rows)\n"
        "2. `humidity = high` (5 training rows)\n"
        "\n**prediction: no** (leaf 4)"
    )
    stopped = decision_path(model.tree_, {"outlook": "sunny"})  # humidity unknown
    assert str(stopped) == (
        "outlook = sunny -> predict 'no' (value unknown at the last node: its majority is used)"
    )
    with pytest.raises(ValueError, match=r"x names features the tree does not know: \['wind'\]"):
        decision_path(model.tree_, {"outlook": "sunny", "wind": "weak"})


# ------------------------------------------------------------------ rules and text
def test_rules_name_a_subset_splits_unseen_values_in_category_order():
    # CART groups {a, c} against {b}: its stopping rule lists a, b, c in the schema's order
    X = pd.DataFrame({"v": ["a", "b", "c", "a", "b", "c"]})
    model = dt.CARTClassifier().fit(X, ["p", "q", "p", "p", "q", "p"])
    split = model.tree_.root.split
    assert (split.left, split.right) == ((0, 2), (1,))
    assert rules_text(model.tree_).splitlines() == [
        "IF v in {a, c} THEN class = p",
        "IF v = b THEN class = q",
        "IF v not in {a, b, c} THEN class = p",
    ]


def test_rules_of_a_tree_that_takes_missing_numbers_say_unknown(small):
    refusing = tree_from_dict(small)
    assert rules_text(refusing).splitlines() == [
        "IF x <= 2.5 THEN class = a",
        "IF x > 2.5 THEN class = b",
    ]
    data = copy.deepcopy(small)
    data["refuses_missing"] = False  # a missing x stops at the root: a 2-2 tie, class a
    assert rules_text(tree_from_dict(data)).splitlines()[-1] == "IF x unknown THEN class = a"


def test_a_median_tree_says_median_in_its_text():
    tree = dt.CARTRegressor(max_depth=1, criterion="mae").fit(X4, [1.0, 2.0, 10.0, 20.0]).tree_
    # the root: 4 rows, median of 1, 2, 10, 20 = 6
    assert tree_text(tree).splitlines()[0] == "target?  (4 rows, median 6)"


def test_weka_regression_leaves_print_weights_to_two_decimals():
    # each row weighs 0.25: the leaves hold 0.75 (three rows) and 0.25 (one row)
    model = dt.CARTRegressor(max_depth=1, criterion="mae").fit(
        X4, [1.0, 2.0, 10.0, 20.0], sample_weight=[0.25] * 4
    )
    leaves = [line.rsplit("(", 1)[1] for line in weka_text(model.tree_).splitlines()]
    assert leaves == ["0.75)", "0.25)"]


def test_dot_keeps_a_written_line_break_and_escapes_quotes():
    from dtlearn.exports.dot import dot_source, dot_string

    assert dot_string('say "hi"\\nnow') == '"say \\"hi\\"\\nnow"'
    model = dt.ID3Classifier().fit(*dt.load_play_tennis())
    # the root's box: its attribute, a DOT line break, its counts
    assert '  n0 [label="outlook\\n(14: yes 9, no 5)"];' in dot_source(model.tree_).splitlines()
