"""Every guard of ``tree_from_dict`` at its edge, and what an absent optional key means.

The base is a stump written by hand (x <= 2.5: class a, else b; 2 rows each side), not
produced by ``tree_to_dict``, so these tests hold the reader to the documented format
``dtlearn.tree/1`` rather than to whatever the writer emits today.
"""

import copy

import numpy as np
import pytest

from dtlearn.exports.json_io import tree_from_dict

BASE = {
    "format": "dtlearn.tree/1",
    "schema": {"names": ["x"], "kinds": ["numeric"], "categories": [None], "ordered": [False]},
    "classes": ["a", "b"],
    "target_name": "label",
    "missing": "majority",
    "flavour": "cart",
    "criterion": "gini",
    "refuses_missing": True,
    "root": 0,
    "nodes": [
        {
            "id": 0,
            "depth": 0,
            "n_samples": 4.0,
            "impurity": 0.5,
            "value": [0.5, 0.5],
            "counts": [2.0, 2.0],
            "split": {"kind": "threshold", "feature": 0, "threshold": 2.5},
            "children": [1, 2],
            "branch_weights": None,
            "label": None,
        },
        {
            "id": 1,
            "depth": 1,
            "n_samples": 2.0,
            "impurity": 0.0,
            "value": [1.0, 0.0],
            "counts": [2.0, 0.0],
            "split": None,
            "children": [],
            "branch_weights": None,
            "label": None,
        },
        {
            "id": 2,
            "depth": 1,
            "n_samples": 2.0,
            "impurity": 0.0,
            "value": [0.0, 1.0],
            "counts": [0.0, 2.0],
            "split": None,
            "children": [],
            "branch_weights": None,
            "label": None,
        },
    ],
    "cost_matrix": None,
}

X = np.array([[1.0], [2.5], [2.6], [np.nan]])


def changed(*edits):
    """BASE with each (path, value) set; a value of ``...`` deletes the key."""
    data = copy.deepcopy(BASE)
    for path, value in edits:
        *head, last = path
        where = data
        for key in head:
            where = where[key]
        if value is ...:
            del where[last]
        else:
            where[last] = value
    return data


def test_the_hand_written_stump_reads_as_written():
    tree = tree_from_dict(BASE)
    assert list(tree.predict(X[:3])) == ["a", "a", "b"]
    assert tree.classes == ("a", "b") and tree.target_name == "label"
    assert tree.refuses_missing is True and tree.criterion == "gini"
    with pytest.raises(ValueError):
        tree.predict(X[3:])


def test_absent_optional_keys_take_their_documented_defaults():
    tree = tree_from_dict(
        changed(
            (("target_name",), ...),
            (("missing",), ...),
            (("refuses_missing",), ...),
            (("criterion",), ...),
            (("cost_matrix",), ...),
            (("nodes", 0, "branch_weights"), ...),
            (("nodes", 0, "label"), ...),
        )
    )
    assert tree.target_name == "class" and tree.missing == "majority"
    # a file written before 0.3 has no refuses_missing: its tree answers a missing value
    # (majority: the bigger branch, here a tie of 2 and 2 broken to the first branch)
    assert tree.refuses_missing is False
    assert list(tree.predict(X)) == ["a", "a", "b", "a"]
    assert tree.criterion is None and tree.cost_matrix is None


@pytest.mark.parametrize(
    "edits",
    [
        # a leaf may have seen no rows; a label may be any class index 0 .. k-1
        [(("nodes", 1, "n_samples"), 0.0), (("nodes", 1, "counts"), [0.0, 0.0])],
        [(("nodes", 1, "label"), 0)],
        [(("nodes", 1, "label"), 1)],
        # impurity may be any finite number, counts any finite numbers >= 0
        [(("nodes", 2, "impurity"), -0.25)],
        [(("nodes", 2, "counts"), [0.0, 0.5])],
        # branch weights: one per child
        [(("nodes", 0, "branch_weights"), [0.5, 0.5])],
        [(("cost_matrix",), [[0, 1], [5, 0]])],
    ],
)
def test_the_edge_values_each_guard_accepts(edits):
    tree_from_dict(changed(*edits))


@pytest.mark.parametrize(
    ("edits", "message"),
    [
        ([(("format",), "dtlearn.tree/2")], "expected a dict with format"),
        ([(("classes",), [])], "classes must be a non-empty list or null"),
        ([(("classes",), "ab")], "classes must be a non-empty list or null"),
        ([(("nodes",), [])], "nodes must be a non-empty list"),
        ([(("root",), 3)], "root id is not among the nodes"),
        ([(("root",), True)], "root id is not among the nodes"),
        (
            [(("nodes", 0, "n_samples"), 0.0), (("nodes", 0, "counts"), [0.0, 0.0])],
            "root must have n_samples > 0",
        ),
        ([(("nodes", 2, "id"), 1)], "duplicate node id 1"),
        ([(("nodes", 1, "depth"), -1)], "id and depth must be non-negative integers"),
        ([(("nodes", 1, "depth"), True)], "id and depth must be non-negative integers"),
        ([(("nodes", 1, "id"), 1.0)], "id and depth must be non-negative integers"),
        ([(("nodes", 1, "label"), 2)], "node 1 label must be a class index"),
        ([(("nodes", 1, "label"), -1)], "node 1 label must be a class index"),
        ([(("nodes", 1, "label"), True)], "node 1 label must be a class index"),
        ([(("nodes", 1, "value"), [1.0])], "node 1 value must be 2 finite numbers"),
        ([(("nodes", 1, "value"), [np.inf, 0.0])], "node 1 value must be 2 finite numbers"),
        ([(("nodes", 1, "counts"), [2.0])], "node 1 counts do not match the classes"),
        ([(("nodes", 1, "counts"), None)], "node 1 counts do not match the classes"),
        ([(("nodes", 1, "counts"), [2.0, -1e-9])], "node 1 counts must be finite numbers >= 0"),
        ([(("nodes", 1, "counts"), [np.nan, 0.0])], "node 1 counts must be finite numbers >= 0"),
        ([(("nodes", 1, "n_samples"), -1e-9)], "node 1 n_samples must be a finite number >= 0"),
        ([(("nodes", 1, "n_samples"), np.inf)], "node 1 n_samples must be a finite number >= 0"),
        ([(("nodes", 1, "impurity"), np.nan)], "node 1 impurity must be a finite number"),
        ([(("nodes", 0, "children"), [1, True])], "node 0 children must be a list of ids"),
        ([(("nodes", 0, "children"), (1, 2))], "node 0 children must be a list of ids"),
        ([(("nodes", 0, "children"), [1])], "node 0 needs one child per branch"),
        ([(("nodes", 1, "children"), [2])], "node 1 needs one child per branch"),
        ([(("nodes", 0, "branch_weights"), [1.0])], "node 0 branch_weights do not match"),
        ([(("nodes", 0, "children"), [1, 1])], "child id 1 is missing or reached twice"),
        ([(("nodes", 0, "children"), [1, 7])], "child id 7 is missing or reached twice"),
        (
            [
                (("nodes", 0, "split"), None),
                (("nodes", 0, "children"), []),
            ],
            "some nodes are not reachable from the root",
        ),
        ([(("cost_matrix",), [[0, 1]])], "cost_matrix must be k × k finite numbers"),
        ([(("cost_matrix",), [[0, np.inf], [1, 0]])], "cost_matrix must be k × k finite"),
        ([(("criterion",), "purity")], "purity"),
        ([(("refuses_missing",), 1)], "refuses_missing must be true or false, not 1"),
        ([(("nodes", 1, "impurity"), ...)], "malformed node"),
        ([(("nodes", 1), "leaf")], "node must be a dict, got str"),
    ],
)
def test_the_first_values_each_guard_refuses(edits, message):
    with pytest.raises(ValueError, match="tree: |refuses_missing|cost_matrix") as info:
        tree_from_dict(changed(*edits))
    assert message in str(info.value)
