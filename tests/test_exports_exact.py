"""Every export compared whole with an independent expectation.

The play-tennis tree is the textbook's (Mitchell 1997, Quinlan 1986): its DOT source and
decision paths are written out here by hand. C4.5 trees with missing values carry
fractional counts; their text is compared number by number with the node's counts. JSON
must be the identity (the same dict again, the same probabilities, the missing-value
strategy kept); the generated Python must predict what the tree predicts on every row.
"""

import json
import re

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.splits import ObliqueSplit


@pytest.fixture(scope="module")
def tennis():
    X, y = dt.load_play_tennis()
    return X, y, dt.ID3Classifier().fit(X, y).tree_


@pytest.fixture(scope="module")
def vote_c45():
    X, y = dt.load_vote()
    return X, y, dt.C45Classifier().fit(X, y)


# ------------------------------------------------------------------ DOT
def test_dot_of_the_tennis_tree_by_hand(tennis):
    _, _, tree = tennis
    assert tree.to_dot() == "\n".join(
        [
            "digraph tree {",
            '  node [shape=box, style="rounded", fontname="Helvetica"];',
            '  n0 [label="outlook\\n(14: yes 9, no 5)"];',
            '  n1 [label="humidity\\n(5: yes 2, no 3)"];',
            '  n0 -> n1 [label="outlook = sunny"];',
            '  n4 [label="play = no\\n(3: yes 0, no 3)"];',
            '  n1 -> n4 [label="humidity = high"];',
            '  n5 [label="play = yes\\n(2: yes 2, no 0)"];',
            '  n1 -> n5 [label="humidity = normal"];',
            '  n2 [label="play = yes\\n(4: yes 4, no 0)"];',
            '  n0 -> n2 [label="outlook = overcast"];',
            '  n3 [label="windy\\n(5: yes 3, no 2)"];',
            '  n0 -> n3 [label="outlook = rainy"];',
            '  n6 [label="play = no\\n(2: yes 0, no 2)"];',
            '  n3 -> n6 [label="windy = TRUE"];',
            '  n7 [label="play = yes\\n(3: yes 3, no 0)"];',
            '  n3 -> n7 [label="windy = FALSE"];',
            "}",
        ]
    )


def test_dot_names_an_oblique_split_a_linear_test():
    X, y = dt.load_play_tennis(numeric=True)
    tree = dt.ObliqueTreeClassifier(max_depth=1).fit(X, y).tree_
    assert isinstance(tree.root.split, ObliqueSplit)
    lines = tree.to_dot().splitlines()
    counts = ", ".join(f"{c} {int(n)}" for c, n in zip(tree.classes, tree.root.counts))
    assert lines[2] == f'  n0 [label="linear test\\n({tree.root.n_samples:g}: {counts})"];'
    left, right = tree.root.split.conditions(tree.schema)
    assert f'  n0 -> n1 [label="{left}"];' in lines
    assert f'  n0 -> n2 [label="{right}"];' in lines
    assert left.endswith("<= 0") and right.endswith("> 0")


def test_dot_quotes_names_with_quotes_and_backslashes():
    import pandas as pd

    X = pd.DataFrame({'say "x"': ["a", "b", "a", "b"]})
    tree = dt.ID3Classifier().fit(X, pd.Series(["p", "q", "p", "q"], name="c\\d")).tree_
    dot = tree.to_dot()
    assert '  n0 [label="say \\"x\\"\\n(4: p 2, q 2)"];' in dot.splitlines()
    assert '"c\\\\d = p\\n(2: p 2, q 0)"' in dot


# ------------------------------------------------------------------ text
_COUNT = re.compile(r"\((\d+(?:\.\d+)?): (.*)\)$")


def _printed_counts(line):
    total, rest = _COUNT.search(line).groups()
    return float(total), [float(part.rsplit(" ", 1)[1]) for part in rest.split(", ")]


def test_c45_text_prints_fractional_counts_to_two_decimals(vote_c45):
    _, _, model = vote_c45
    tree = model.tree_
    lines = tree.to_text().splitlines()
    nodes = list(tree.nodes())
    # the friendly text lists the nodes in pre-order, one line each
    preorder, stack = [], [tree.root]
    while stack:
        node = stack.pop()
        preorder.append(node)
        stack.extend(reversed(node.children))
    assert len(lines) == len(nodes) == len(preorder)
    fractional = 0
    for line, node in zip(lines, preorder):
        total, counts = _printed_counts(line)
        assert abs(total - node.n_samples) <= 0.005 + 1e-9, line
        for printed, count in zip(counts, node.counts):
            assert abs(printed - count) <= 0.005 + 1e-9, (line, count)
            fractional += not float(count).is_integer()
    assert fractional > 5  # missing values spread over branches: weights like 249.66


def test_friendly_text_indents_under_last_and_inner_branches():
    X, y = dt.load_play_tennis()
    text = dt.ID3Classifier().fit(X, y).tree_.to_text()
    # Mitchell's tree: under the last branch (rainy) three spaces, under sunny a bar
    assert text.splitlines()[2] == "│  ├─ humidity = high → no  (3: yes 0, no 3)"
    assert text.splitlines()[6] == "   ├─ windy = TRUE → no  (2: yes 0, no 2)"


def test_regression_text_summaries_use_the_course_format():
    X = np.arange(8.0).reshape(-1, 1)
    y = np.array([0.001, 0.002, 0.003, 0.004, 7.0, 7.0, 7.0, 7.0])
    tree = dt.CARTRegressor(max_depth=1).fit(X, y).tree_
    lines = tree.to_text().splitlines()
    # mean of the left four: 0.0025, shown with 3 significant digits (below 0.01)
    assert lines[1].endswith("(4 rows, mean 0.0025)")
    assert lines[2].endswith("(4 rows, mean 7)")
    assert lines[0].endswith("(8 rows, mean 3.501)")  # 3.50125 to 3 decimals


# ------------------------------------------------------------------ JSON
def test_json_round_trip_is_the_identity_on_a_c45_tree_with_missing_values(vote_c45):
    X, _, model = vote_c45
    tree = model.tree_
    data = tree.to_dict()
    again = dt.Tree.from_json(tree.to_json())
    assert again.to_dict() == data
    assert again.missing == tree.missing == "distribute"
    assert json.loads(again.to_json()) == json.loads(tree.to_json())
    rows = X[X.isna().any(axis=1)]
    assert len(rows) > 100
    np.testing.assert_array_equal(again.predict_values(rows), tree.predict_values(rows))
    for a, b in zip(again.nodes(), tree.nodes()):
        if b.branch_weights is None:
            assert a.branch_weights is None
        else:
            np.testing.assert_array_equal(a.branch_weights, b.branch_weights)


def test_json_keeps_the_missing_strategy_of_either_kind():
    X, y = dt.load_vote()
    for missing in ("distribute", "majority"):
        tree = dt.C45Classifier().fit(X, y).tree_
        data = tree.to_dict()
        data["missing"] = missing
        assert dt.Tree.from_dict(data).missing == missing
        assert dt.Tree.from_dict(json.loads(json.dumps(data))).to_dict()["missing"] == missing


@pytest.mark.parametrize("label", [2, -1, True, 1.0, "0"])
def test_json_refuses_a_label_that_is_not_a_class_index(tennis, label):
    _, _, tree = tennis
    data = tree.to_dict()
    data["nodes"][-1]["label"] = label
    with pytest.raises(ValueError, match="label must be a class index"):
        dt.Tree.from_dict(data)


def test_json_accepts_every_class_index_as_label(tennis):
    _, _, tree = tennis
    for label in (0, 1):
        data = tree.to_dict()
        data["nodes"][-1]["label"] = label
        assert dt.Tree.from_dict(data).to_dict()["nodes"][-1]["label"] == label


@pytest.mark.parametrize("shape", [(2, 3), (3, 2), (1, 2), (2,)])
def test_json_refuses_a_cost_matrix_of_the_wrong_shape(tennis, shape):
    _, _, tree = tennis
    data = tree.to_dict()
    data["cost_matrix"] = np.ones(shape).tolist()
    with pytest.raises(ValueError, match="cost_matrix"):
        dt.Tree.from_dict(data)


# ------------------------------------------------------------------ Python
def _compiled(tree):
    namespace = {}
    exec(tree.to_python(), namespace)  # noqa: S102 - the export is the thing under test
    return namespace["predict"]


def test_python_source_predicts_as_the_tree_on_ordered_categories():
    X, y = dt.load_car()
    Xo = dt.as_ordinal(
        X,
        {
            "buying": ["low", "med", "high", "vhigh"],
            "safety": ["low", "med", "high"],
            "persons": ["2", "4", "more"],
        },
    )
    tree = dt.CARTClassifier(max_depth=4).fit(Xo, y).tree_
    kinds = {n.split.kind for n in tree.nodes() if not n.is_leaf}
    ordinal = [
        n
        for n in tree.nodes()
        if not n.is_leaf
        and n.split.kind == "threshold"
        and tree.schema.categories[n.split.features[0]] is not None
    ]
    assert ordinal, kinds
    predict = _compiled(tree)
    rows = Xo.astype(object).to_dict("records")
    assert [predict(r) for r in rows] == list(tree.predict(Xo))


def test_python_source_predicts_as_the_tree_with_j48_tolerance_and_missing(vote_c45):
    X, y = dt.load_play_tennis(numeric=True)
    model = dt.C45Classifier(min_samples_leaf=1).fit(X, y)
    predict = _compiled(model.tree_)
    assert [predict(r) for r in X.to_dict("records")] == list(model.predict(X))


# ------------------------------------------------------------------ paths and rules
def test_decision_path_markdown_numbers_the_tests_from_one(tennis):
    _, _, tree = tennis
    path = tree.decision_path(
        {"outlook": "sunny", "temperature": "hot", "humidity": "high", "windy": "FALSE"}
    )
    assert str(path) == "outlook = sunny -> humidity = high -> predict 'no'"
    assert path._repr_markdown_() == (
        "1. `outlook = sunny` (14 training rows)\n"
        "2. `humidity = high` (5 training rows)\n"
        "\n**prediction: no** (leaf 4)"
    )


def test_decision_path_stops_at_a_missing_value(tennis):
    _, _, tree = tennis
    path = tree.decision_path({"outlook": "rainy", "temperature": "hot", "humidity": "high"})
    assert str(path) == (
        "outlook = rainy -> predict 'yes' (value unknown at the last node: its majority is used)"
    )
    assert path.leaf_id == 3 and path.stopped_early


def test_regression_rules_name_each_leafs_own_row_count():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(40, 2))
    y = np.where(X[:, 0] > 0, 5.0, -3.0) + np.where(X[:, 1] > 0.5, 1.0, 0.0)
    tree = dt.CARTRegressor(max_depth=2).fit(X, y).tree_
    counts = np.bincount(tree.apply(X))
    lines = tree.to_rules().splitlines()
    assert len(lines) == tree.n_leaves
    for line, (leaf, _) in zip(lines, tree.leaf_paths()):
        n = int(counts[leaf.node_id])
        assert line.endswith(f"  (mean of {n} training rows)"), line


# ------------------------------------------------------------------ hand-built trees
def _leaf(node_id, depth, counts):
    counts = [float(c) for c in counts]
    n = sum(counts)
    return {
        "id": node_id,
        "depth": depth,
        "n_samples": n,
        "impurity": 0.0,
        "value": [c / n if n else 0.0 for c in counts],
        "counts": counts,
        "split": None,
        "children": [],
        "branch_weights": None,
        "label": None,
    }


def _inner(node_id, depth, counts, split, children):
    node = _leaf(node_id, depth, counts)
    node.update(split=split, children=children)
    return node


def _doc(nodes, names=("x",), flavour="j48", **extra):
    return {
        "format": "dtlearn.tree/1",
        "schema": {
            "names": list(names),
            "kinds": ["numeric"] * len(names),
            "categories": [None] * len(names),
            "ordered": [False] * len(names),
        },
        "classes": ["a", "b"],
        "target_name": "class",
        "missing": "majority",
        "flavour": flavour,
        "criterion": "gain_ratio",
        "root": 0,
        "nodes": nodes,
        "cost_matrix": None,
        **extra,
    }


def _stump(split, left=(3, 1), right=(0, 2)):
    return _doc(
        [_inner(0, 0, np.add(left, right), split, [1, 2]), _leaf(1, 1, left), _leaf(2, 1, right)]
    )


def test_j48_tolerance_boundary_in_the_tree_and_its_python_source():
    # left: x <= 0.5 or x - 0.5 < 0.25; right: x > 0.5 and x - 0.5 >= 0.25 (binary-exact)
    tree = dt.Tree.from_dict(
        _stump({"kind": "threshold", "feature": 0, "threshold": 0.5, "tolerance": 0.25})
    )
    X = np.array([[0.5], [0.625], [0.75], [1.0]])
    assert list(tree.predict(X)) == ["a", "a", "b", "b"]
    assert [_compiled(tree)({"x": v}) for v in X[:, 0]] == ["a", "a", "b", "b"]


def test_oblique_test_equal_to_zero_goes_left_in_python_source_too():
    # x + y - 1 <= 0 is the left branch; exactly 0 on the line
    tree = dt.Tree.from_dict(
        _stump({"kind": "oblique", "columns": [0, 1], "weights": [1.0, 1.0], "bias": -1.0})
        | {"schema": _doc([], names=("x", "y"))["schema"]}
    )
    rows = [(0.5, 0.5), (0.25, 0.5), (0.5, 0.75)]
    assert list(tree.predict(np.array(rows))) == ["a", "a", "b"]
    assert [_compiled(tree)({"x": x, "y": y}) for x, y in rows] == ["a", "a", "b"]
    assert tree.to_dot().splitlines()[2] == '  n0 [label="linear test\\n(6: a 3, b 3)"];'


def test_python_source_falls_back_to_the_nodes_majority_on_a_missing_value():
    tree = dt.Tree.from_dict(
        _stump({"kind": "threshold", "feature": 0, "threshold": 0.5}, left=(1, 0), right=(0, 3))
    )
    # no test holds for a missing x: the node's majority (b, 3 of 4) is returned
    assert _compiled(tree)({"x": None}) == "b"
    assert _compiled(tree)({"x": 0.0}) == "a"


def _chain(depth):
    """A tree of the given depth: x <= k + 0.5 ends in a leaf, else one level deeper."""
    nodes, here = [], 0
    for k in range(depth):
        left, right = here + 1, here + 2
        nodes.append(
            _inner(
                here,
                k,
                [depth - k, 1],
                {"kind": "threshold", "feature": 0, "threshold": k + 0.5},
                [left, right],
            )
        )
        nodes.append(_leaf(left, k + 1, [1, 0]))
        here = right
    nodes.append(_leaf(here, depth, [0, 1]))
    return dt.Tree.from_dict(_doc(nodes))


@pytest.mark.parametrize("depth, table", [(80, False), (81, True)])
def test_python_source_nests_ifs_up_to_depth_80(depth, table):
    tree = _chain(depth)
    assert tree.depth == depth
    source = tree.to_python()
    assert source.startswith("_NODES = {") is table
    assert source.count("if row.get('x') is not None and row.get('x') <= ") == (
        0 if table else depth
    )
    predict = _compiled(tree)
    assert [predict({"x": float(v)}) for v in (0, depth - 1, depth)] == ["a", "a", "b"]


def test_json_refuses_a_root_without_rows_and_unreachable_nodes():
    doc = _stump({"kind": "threshold", "feature": 0, "threshold": 0.5})
    zero = json.loads(json.dumps(doc))
    zero["nodes"][0]["n_samples"] = 0.0
    with pytest.raises(ValueError, match=r"^tree: the root must have n_samples > 0$"):
        dt.Tree.from_dict(zero)
    extra = json.loads(json.dumps(doc))
    extra["nodes"].append(_leaf(7, 1, [1, 1]))
    with pytest.raises(ValueError, match="not reachable from the root"):
        dt.Tree.from_dict(extra)


@pytest.mark.parametrize("depth", [-1, -2, 1.0, True])
def test_json_refuses_a_depth_that_is_not_a_non_negative_int(depth):
    doc = _stump({"kind": "threshold", "feature": 0, "threshold": 0.5})
    doc["nodes"][1]["depth"] = depth
    with pytest.raises(ValueError, match="non-negative integers"):
        dt.Tree.from_dict(doc)


@pytest.mark.parametrize("bad", [float("nan"), float("inf")])
def test_json_refuses_a_cost_matrix_that_is_not_finite(bad):
    doc = _stump(
        {"kind": "threshold", "feature": 0, "threshold": 0.5},
    ) | {"cost_matrix": [[0.0, 1.0], [bad, 0.0]]}
    with pytest.raises(ValueError, match="cost_matrix must be k × k finite numbers"):
        dt.Tree.from_dict(doc)


def test_json_without_flavour_or_missing_reads_the_documented_defaults():
    doc = _stump({"kind": "threshold", "feature": 0, "threshold": 0.5})
    del doc["flavour"], doc["missing"]
    tree = dt.Tree.from_dict(doc)
    assert (tree.flavour, tree.missing) == ("id3", "majority")
    assert tree.to_text(style="weka") == "x <= 0.5: a\nx > 0.5: b"


# ------------------------------------------------------------------ Weka layouts
@pytest.mark.parametrize(
    "flavour, text",
    [
        ("cart", "x <= 0.5: a (4.0/1.0)\nx > 0.5: b (2.0)"),
        ("j48", "x <= 0.5: a (4.0/1.0)\nx > 0.5: b (2.0)"),
        ("id3", "x <= 0.5: a\nx > 0.5: b"),
    ],
)
def test_weka_layout_follows_the_flavour_any_other_than_id3_is_j48(flavour, text):
    doc = _stump({"kind": "threshold", "feature": 0, "threshold": 0.5}) | {"flavour": flavour}
    assert dt.Tree.from_dict(doc).to_text(style="weka") == text


def test_weka_leaf_weights_and_small_errors_to_two_decimals():
    # hand-set counts: 0.75 + 0.004 errors print; 0.0000005 errors do not (Weka: > 1e-6)
    doc = _doc(
        [
            _inner(
                0, 0, [3.25, 0.004], {"kind": "threshold", "feature": 0, "threshold": 0.5}, [1, 2]
            ),
            _leaf(1, 1, [2.5, 0.004]),
            _leaf(2, 1, [0.75, 0.0000005]),
        ]
    )
    tree = dt.Tree.from_dict(doc)
    assert tree.to_text(style="weka", layout="j48") == "x <= 0.5: a (2.5/0.0)\nx > 0.5: a (0.75)"
    doc["nodes"][1].update(counts=[2.5, 0.125], n_samples=2.625)
    assert (
        dt.Tree.from_dict(doc).to_text(style="weka", layout="j48").splitlines()[0]
        == "x <= 0.5: a (2.63/0.13)"
    )  # Weka rounds half up: 2.625 -> 2.63, 0.125 -> 0.13


def test_id3_layout_prints_null_only_for_an_empty_leaf():
    doc = _doc(
        [
            _inner(
                0, 0, [0.5, 0.25], {"kind": "threshold", "feature": 0, "threshold": 0.5}, [1, 2]
            ),
            _leaf(1, 1, [0.5, 0.25]),
            _leaf(2, 1, [0, 0]),
        ],
        flavour="id3",
    )
    assert dt.Tree.from_dict(doc).to_text(style="weka") == "x <= 0.5: a\nx > 0.5: null"


def test_weka_regression_leaf_prints_its_weight_to_two_decimals():
    X = np.array([[0.0], [0.0], [1.0], [1.0]])
    y = np.array([1.0, 3.0, 10.0, 20.0])
    w = np.array([0.125, 0.5, 1.0, 0.25])
    tree = dt.CARTRegressor(max_depth=1).fit(X, y, sample_weight=w).tree_
    # left mean (0.125 * 1 + 0.5 * 3) / 0.625 = 2.6; right (10 + 5) / 1.25 = 12
    assert tree.to_text(style="weka", layout="j48") == "x0 <= 0.5: 2.6 (0.63)\nx0 > 0.5: 12 (1.25)"


def test_rules_unseen_value_lists_the_categories_in_schema_order(tennis):
    X, y, _ = tennis
    tree = dt.CARTClassifier(max_depth=1).fit(X, y).tree_
    assert tree.root.split.left == (1,)  # overcast alone, the rest (codes 0 and 2) right
    # sunny and rainy: 5 yes, 5 no; a tie goes to the first class in class order, yes
    assert tree.to_rules().splitlines() == [
        "IF outlook = overcast THEN play = yes",
        "IF outlook in {sunny, rainy} THEN play = yes",
        "IF outlook not in {sunny, overcast, rainy} THEN play = yes",
    ]
    assert tree.to_rules(unseen=False).splitlines() == tree.to_rules().splitlines()[:2]


def test_json_refuses_empty_classes_and_a_child_reached_twice():
    doc = _stump({"kind": "threshold", "feature": 0, "threshold": 0.5})
    with pytest.raises(ValueError, match=r"^tree: classes must be a non-empty list or null$"):
        dt.Tree.from_dict(doc | {"classes": []})
    twice = json.loads(json.dumps(doc))
    twice["nodes"][0]["children"] = [1, 1]
    with pytest.raises(ValueError, match=r"child id 1 is missing or reached twice"):
        dt.Tree.from_dict(twice)
