"""Every refusal of :func:`dtlearn.exports.json_io.tree_from_dict`, each sentence whole.

The document is a hand-written stump (root 0 on ``x <= 0.5`` with 3 + 3 rows, leaves 1 and
2 pure); each case changes one field and names the sentence the reader must get. Booleans
are refused where an integer is asked (``True == 1`` would otherwise pass as id 1), and a
change that keeps the document valid is read back as written.
"""

import json
import math

import pytest

from dtlearn.exports.json_io import tree_from_dict, tree_from_json, tree_to_dict


def _node(node_id, depth, counts, split=None, children=()):
    n = float(sum(counts))
    return {
        "id": node_id,
        "depth": depth,
        "n_samples": n,
        "impurity": 0.0,
        "value": [c / n for c in counts],
        "counts": [float(c) for c in counts],
        "split": split,
        "children": list(children),
        "branch_weights": None,
        "label": None,
    }


def stump():
    split = {"kind": "threshold", "feature": 0, "threshold": 0.5}
    return {
        "format": "dtlearn.tree/1",
        "schema": {
            "names": ["x"],
            "kinds": ["numeric"],
            "categories": [None],
            "ordered": [False],
        },
        "classes": ["a", "b"],
        "target_name": "class",
        "missing": "majority",
        "flavour": "cart",
        "criterion": "gini",
        "refuses_missing": False,
        "root": 0,
        "nodes": [_node(0, 0, [3, 3], split, [1, 2]), _node(1, 1, [3, 0]), _node(2, 1, [0, 3])],
        "cost_matrix": None,
    }


def _top(**fields):
    doc = stump()
    doc.update(fields)
    return doc


def _at(index, **fields):
    doc = stump()
    doc["nodes"][index].update(fields)
    return doc


def _without(index, key):
    doc = stump()
    del doc["nodes"][index][key]
    return doc


def _extra_node(node):
    doc = stump()
    doc["nodes"].append(node)
    return doc


NAN, INF = math.nan, math.inf
IDS = "tree: node id and depth must be non-negative integers"

CASES = [
    ([], "tree: expected a dict with format 'dtlearn.tree/1'"),
    (_top(format="dtlearn.tree/2"), "tree: expected a dict with format 'dtlearn.tree/1'"),
    (_top(classes=[]), "tree: classes must be a non-empty list or null"),
    (_top(classes="ab"), "tree: classes must be a non-empty list or null"),
    (_top(nodes=[]), "tree: nodes must be a non-empty list"),
    (_top(nodes={"0": 1}), "tree: nodes must be a non-empty list"),
    (_at(2, id=1), "tree: duplicate node id 1"),
    (_top(root=5), "tree: root id is not among the nodes"),
    (_top(root=True), "tree: root id is not among the nodes"),
    (_top(root="0"), "tree: root id is not among the nodes"),
    (_top(refuses_missing="yes"), "tree: refuses_missing must be true or false, not 'yes'"),
    (_top(refuses_missing=1), "tree: refuses_missing must be true or false, not 1"),
    (_top(cost_matrix=[[0, 1], [1, 0], [1, 1]]), "tree: cost_matrix must be k × k finite numbers"),
    (_top(cost_matrix=[[0, INF], [1, 0]]), "tree: cost_matrix must be k × k finite numbers"),
    (_extra_node(3), "tree: node must be a dict, got int"),
    (_without(1, "impurity"), "tree: malformed node ('impurity')"),
    (_without(0, "children"), "tree: malformed node ('children')"),
    (_at(0, id=True), IDS),
    (_at(1, id="1"), IDS),
    (_at(1, depth=-1), IDS),
    (_at(1, depth=True), IDS),
    (_at(1, depth=1.0), IDS),
    (_at(0, label=2), "tree: node 0 label must be a class index"),
    (_at(0, label=-1), "tree: node 0 label must be a class index"),
    (_at(0, label=True), "tree: node 0 label must be a class index"),
    (_at(0, label="a"), "tree: node 0 label must be a class index"),
    (_at(1, value=[1.0]), "tree: node 1 value must be 2 finite numbers"),
    (_at(1, value=[NAN, 0.0]), "tree: node 1 value must be 2 finite numbers"),
    (_at(1, counts=[3.0, 0.0, 0.0]), "tree: node 1 counts do not match the classes"),
    (_at(1, counts=None), "tree: node 1 counts do not match the classes"),
    (_at(1, counts=[INF, 0.0]), "tree: node 1 counts must be finite numbers >= 0"),
    (_at(1, counts=[3.5, -0.5]), "tree: node 1 counts must be finite numbers >= 0"),
    (_at(1, n_samples=INF), "tree: node 1 n_samples must be a finite number >= 0"),
    (_at(1, n_samples=NAN), "tree: node 1 n_samples must be a finite number >= 0"),
    (_at(1, impurity=NAN), "tree: node 1 impurity must be a finite number"),
    (_at(1, impurity=-INF), "tree: node 1 impurity must be a finite number"),
    (_at(0, children="12"), "tree: node 0 children must be a list of ids"),
    (_at(0, children=[1, True]), "tree: node 0 children must be a list of ids"),
    (_at(1, children=[2]), "tree: node 1 needs one child per branch of its split"),
    (_at(0, children=[1, 2, 2]), "tree: node 0 needs one child per branch of its split"),
    (_at(0, children=[1, 7]), "tree: child id 7 is missing or reached twice"),
    (_at(0, children=[1, 1]), "tree: child id 1 is missing or reached twice"),
    (_at(0, children=[1, 0]), "tree: child id 0 is missing or reached twice"),
    (_extra_node(_node(3, 1, [1, 1])), "tree: some nodes are not reachable from the root"),
    (_at(0, n_samples=0.0), "tree: the root must have n_samples > 0"),
]


@pytest.mark.parametrize("doc, message", CASES)
def test_each_malformed_document_gets_its_own_sentence(doc, message):
    with pytest.raises(ValueError) as info:
        tree_from_dict(doc)
    assert str(info.value) == message


def test_the_criterion_must_be_one_the_library_knows():
    with pytest.raises(ValueError) as info:
        tree_from_dict(_top(criterion="nope"))
    assert str(info.value).startswith("tree: ") and "'nope'" in str(info.value)
    assert "gini" in str(info.value) and "entropy" in str(info.value)


def test_json_text_that_is_not_json_or_not_text():
    with pytest.raises(ValueError) as info:
        tree_from_json("[1,")
    assert str(info.value) == (
        "from_json: not valid JSON (Expecting value: line 1 column 4 (char 3))"
    )
    with pytest.raises(ValueError) as info:
        tree_from_json(None)
    assert str(info.value) == (
        "from_json: not valid JSON (the JSON object must be str, bytes or bytearray, not NoneType)"
    )


def test_the_valid_stump_reads_back_field_for_field():
    doc = stump()
    tree = tree_from_dict(json.loads(json.dumps(doc)))
    assert tree_to_dict(tree) == doc
    assert [n.node_id for n in tree.nodes()] == [0, 1, 2]
    # every class index is a label; a leaf may hold no rows
    for label in (0, 1):
        assert tree_from_dict(_at(1, label=label)).root.children[0].label == label
    empty = _at(2, n_samples=0.0, counts=[0.0, 0.0], value=[0.5, 0.5])
    assert tree_from_dict(empty).root.children[1].n_samples == 0.0
    # a document without the optional fields reads their documented defaults
    bare = stump()
    for key in ("target_name", "missing", "flavour", "criterion", "refuses_missing"):
        del bare[key]
    for node in bare["nodes"]:
        del node["branch_weights"], node["label"]
    tree = tree_from_dict(bare)
    assert (tree.target_name, tree.missing, tree.flavour, tree.criterion) == (
        "class",
        "majority",
        "id3",
        None,
    )
    assert tree.refuses_missing is False and tree.root.label is None
