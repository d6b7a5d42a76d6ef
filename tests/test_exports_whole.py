"""Whole exports of small trees whose every number is worked out by hand.

A regression stump on four rows (targets 0.1, 0.15, 5, 5: the cut at 1.5 leaves means
0.125 and 5, the root's mean 10.25 / 4 = 2.5625, printed 2.563 by Weka's half-away-from-zero
rounding) is printed by every export and compared whole; the MAE stump says "median"
(2.501 = (0.002 + 5) / 2) and prints a value under 0.01 with three significant digits.
Hand-built trees pin what the fitted ones cannot reach: an oblique test exactly on its
line, a node table whose root id is not 0.
"""

import numpy as np
import pytest

import dtlearn as dt

X4 = np.array([[0.0], [1.0], [2.0], [3.0]])


@pytest.fixture(scope="module")
def mean_stump():
    return dt.CARTRegressor(max_depth=1).fit(X4, [0.1, 0.15, 5.0, 5.0]).tree_


@pytest.fixture(scope="module")
def median_stump():
    return dt.CARTRegressor(max_depth=1, criterion="mae").fit(X4, [0.001, 0.002, 5.0, 5.0]).tree_


def _compiled(tree):
    namespace = {}
    exec(tree.to_python(), namespace)  # noqa: S102 - the export is the thing under test
    return namespace["predict"]


def test_regression_stump_friendly_text(mean_stump):
    assert mean_stump.to_text() == (
        "target?  (4 rows, mean 2.563)\n"
        "├─ x0 <= 1.5 → 0.125  (2 rows, mean 0.125)\n"
        "└─ x0 > 1.5 → 5  (2 rows, mean 5)"
    )


def test_regression_stump_weka_text_dot_and_rules(mean_stump):
    assert mean_stump.to_text(style="weka") == "x0 <= 1.5: 0.125 (2)\nx0 > 1.5: 5 (2)"
    assert mean_stump.to_dot() == "\n".join(
        [
            "digraph tree {",
            '  node [shape=box, style="rounded", fontname="Helvetica"];',
            '  n0 [label="x0\\n(4 rows, mean 2.563)"];',
            '  n1 [label="target = 0.125\\n(2 rows, mean 0.125)"];',
            '  n0 -> n1 [label="x0 <= 1.5"];',
            '  n2 [label="target = 5\\n(2 rows, mean 5)"];',
            '  n0 -> n2 [label="x0 > 1.5"];',
            "}",
        ]
    )
    assert mean_stump.to_rules() == (
        "IF x0 <= 1.5 THEN target = 0.125  (mean of 2 training rows)\n"
        "IF x0 > 1.5 THEN target = 5  (mean of 2 training rows)"
    )


def test_regression_stump_python_source_whole_and_its_fallback(mean_stump):
    assert mean_stump.to_python() == (
        "def predict(row):\n"
        "    if row.get('x0') is not None and row.get('x0') <= 1.5:\n"
        "        return 0.125\n"
        "    elif row.get('x0') is not None and row.get('x0') > 1.5:\n"
        "        return 5.0\n"
        "    return 2.5625\n"
    )
    predict = _compiled(mean_stump)
    assert [predict({"x0": v}) for v in (1.5, 1.75, None)] == [0.125, 5.0, 2.5625]


def test_regression_stump_decision_path(mean_stump):
    path = mean_stump.decision_path([0.0])
    assert str(path) == "x0 <= 1.5 -> predict 0.125"
    assert path._repr_markdown_() == (
        "1. `x0 <= 1.5` (4 training rows)\n\n**prediction: 0.125** (leaf 1)"
    )


def test_mae_stump_says_median_and_keeps_small_values_to_three_digits(median_stump):
    assert median_stump.to_text() == (
        "target?  (4 rows, median 2.501)\n"
        "├─ x0 <= 1.5 → 0.0015  (2 rows, median 0.0015)\n"
        "└─ x0 > 1.5 → 5  (2 rows, median 5)"
    )
    assert median_stump.to_text(style="weka") == "x0 <= 1.5: 0.0015 (2)\nx0 > 1.5: 5 (2)"
    assert median_stump.to_rules() == (
        "IF x0 <= 1.5 THEN target = 0.0015  (median of 2 training rows)\n"
        "IF x0 > 1.5 THEN target = 5  (median of 2 training rows)"
    )
    assert median_stump.to_dot().splitlines()[2:4] == [
        '  n0 [label="x0\\n(4 rows, median 2.501)"];',
        '  n1 [label="target = 0.0015\\n(2 rows, median 0.0015)"];',
    ]


def test_one_training_row_is_singular_everywhere():
    tree = dt.CARTRegressor(max_depth=1).fit(X4[:3], [0.1, 5.0, 5.5]).tree_
    assert tree.to_text() == (
        "target?  (3 rows, mean 3.533)\n"
        "├─ x0 <= 0.5 → 0.1  (1 row, mean 0.1)\n"
        "└─ x0 > 0.5 → 5.25  (2 rows, mean 5.25)"
    )
    assert tree.to_rules() == (
        "IF x0 <= 0.5 THEN target = 0.1  (mean of 1 training row)\n"
        "IF x0 > 0.5 THEN target = 5.25  (mean of 2 training rows)"
    )


# ------------------------------------------------------------------ hand-built trees
def _leaf(node_id, depth, counts):
    counts = [float(c) for c in counts]
    n = sum(counts)
    return {
        "id": node_id,
        "depth": depth,
        "n_samples": n,
        "impurity": 0.0,
        "value": [c / n for c in counts],
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


def _doc(nodes, names=("x",), root=0):
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
        "flavour": "cart",
        "criterion": "gini",
        "root": root,
        "nodes": nodes,
        "cost_matrix": None,
    }


def test_a_row_on_an_oblique_line_goes_left_not_to_the_nodes_majority():
    # x + y - 1 <= 0 goes left (a); the node's majority is b (4 a, 5 b), so a row that
    # passed no test would read b
    split = {"kind": "oblique", "columns": [0, 1], "weights": [1.0, 1.0], "bias": -1.0}
    tree = dt.Tree.from_dict(
        _doc(
            [_inner(0, 0, [4, 5], split, [1, 2]), _leaf(1, 1, [3, 0]), _leaf(2, 1, [1, 5])],
            names=("x", "y"),
        )
    )
    rows = [(0.5, 0.5), (0.25, 0.25), (0.5, 0.75)]
    assert list(tree.predict(np.array(rows))) == ["a", "a", "b"]
    predict = _compiled(tree)
    assert [predict({"x": x, "y": y}) for x, y in rows] == ["a", "a", "b"]
    assert predict({"x": 0.5}) == "b"  # y missing: no test holds, the node's majority


def test_node_table_starts_at_the_root_whatever_its_id():
    # a chain 81 deep (deeper than nested ifs allow) whose ids start at 1000
    depth, nodes, here = 81, [], 1000
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
    tree = dt.Tree.from_dict(_doc(nodes, root=1000))
    source = tree.to_python()
    assert source.startswith("_NODES = {") and "    node = 1000\n" in source
    predict = _compiled(tree)
    xs = [0.0, 40.0, 80.0, 81.0]
    assert [predict({"x": v}) for v in xs] == list(tree.predict(np.array(xs)[:, None]))
    assert [predict({"x": v}) for v in xs] == ["a", "a", "a", "b"]


# ------------------------------------------------------------------ rules and text options
def test_c45_rules_have_no_stopping_rule_unknown_values_go_down_every_branch():
    X, y = dt.load_play_tennis()
    tree = dt.C45Classifier().fit(X, y).tree_
    assert tree.missing == "distribute"
    assert (
        tree.to_rules()
        == tree.to_rules(unseen=False)
        == "\n".join(
            [
                "IF outlook = sunny AND humidity = high THEN play = no",
                "IF outlook = sunny AND humidity = normal THEN play = yes",
                "IF outlook = overcast THEN play = yes",
                "IF outlook = rainy AND windy = TRUE THEN play = no",
                "IF outlook = rainy AND windy = FALSE THEN play = yes",
            ]
        )
    )


def test_cart_subset_rules_list_every_category_in_the_stopping_rule():
    X, y = dt.load_play_tennis()
    tree = dt.CARTClassifier(max_depth=1).fit(X, y).tree_
    assert tree.to_rules() == (
        "IF outlook = overcast THEN play = yes\n"
        "IF outlook in {sunny, rainy} THEN play = yes\n"
        "IF outlook not in {sunny, overcast, rainy} THEN play = yes"
    )


def test_a_one_leaf_tree_prints_as_one_rule_and_one_line():
    X, y = dt.load_play_tennis()
    tree = dt.ID3Classifier().fit(X.iloc[[2, 3]], y[[2, 3]]).tree_
    assert tree.n_leaves == 1
    assert tree.to_rules() == "IF TRUE THEN play = yes"
    assert tree.to_text() == "play?  (2: yes 2, no 0)"
    assert tree.to_text(style="weka") == ": yes"
    assert tree.to_text(style="weka", layout="j48") == ": yes (2.0)"


def test_rules_print_thresholds_exactly_and_read_back_covering_the_same_rows():
    from dtlearn.pruning.rule_post_pruning import Rule

    t = 0.1 + 0.2  # 0.30000000000000004: printed 0.3, the row x = t would read as right
    tree = dt.Tree.from_dict(
        _doc(
            [
                _inner(0, 0, [3, 3], {"kind": "threshold", "feature": 0, "threshold": t}, [1, 2]),
                _leaf(1, 1, [3, 0]),
                _leaf(2, 1, [0, 3]),
            ]
        )
    )
    lines = tree.to_rules(unseen=False).splitlines()
    assert lines == [
        "IF x <= 0.30000000000000004 THEN class = a",
        "IF x > 0.30000000000000004 THEN class = b",
    ]
    assert tree.to_text() == (
        "class?  (6: a 3, b 3)\n├─ x <= 0.3 → a  (3: a 3, b 0)\n└─ x > 0.3 → b  (3: a 0, b 3)"
    )
    X = np.array([[0.3], [t], [0.31]])
    assert list(tree.predict(X)) == ["a", "a", "b"]
    left, right = (Rule.from_text(line, tree.schema) for line in lines)
    assert list(left.covers(X)) == [True, True, False]
    assert list(right.covers(X)) == [False, False, True]


@pytest.mark.parametrize("layout", ["id3", "j48"])
def test_friendly_text_takes_no_weka_layout(mean_stump, layout):
    with pytest.raises(ValueError, match="layout applies to style='weka' only"):
        mean_stump.to_text(layout=layout)
    with pytest.raises(ValueError, match="style must be 'friendly' or 'weka'"):
        mean_stump.to_text(style="plain")
    with pytest.raises(ValueError, match="layout must be one of"):
        mean_stump.to_text(style="weka", layout="c45")


# ------------------------------------------------------------------ decision paths
@pytest.mark.parametrize(
    "row",
    [
        ["sunny", "hot", "high", "FALSE"],
        ("sunny", "hot", "high", "FALSE"),
        {"outlook": "sunny", "humidity": "high"},
        "series",
        "frame",
    ],
)
def test_decision_path_reads_one_instance_in_every_form(row):
    import pandas as pd

    X, y = dt.load_play_tennis()
    tree = dt.ID3Classifier().fit(X, y).tree_
    if row == "series":
        row = X.iloc[0]
    elif row == "frame":
        row = pd.DataFrame([X.iloc[0]])
    path = tree.decision_path(row)
    assert str(path) == "outlook = sunny -> humidity = high -> predict 'no'"
    assert [s.node_id for s in path.steps] == [0, 1] and path.leaf_id == 4
    assert [s.n_samples for s in path.steps] == [14.0, 5.0]


@pytest.mark.parametrize("key", ["", 0, "Outlook"])
def test_decision_path_refuses_a_feature_the_tree_does_not_know(key):
    X, y = dt.load_play_tennis()
    tree = dt.ID3Classifier().fit(X, y).tree_
    with pytest.raises(ValueError) as info:
        tree.decision_path({key: "sunny", "windy": "TRUE"})
    assert str(info.value) == (
        f"x names features the tree does not know: [{key!r}]; its "
        f"features are ['outlook', 'temperature', 'humidity', 'windy']"
    )
    with pytest.raises(ValueError, match="^x must be one instance; got 2 rows$"):
        tree.decision_path(X.iloc[:2])


# ------------------------------------------------------------------ JSON
def _stump_doc(**node0):
    doc = _doc(
        [
            _inner(0, 0, [3, 3], {"kind": "threshold", "feature": 0, "threshold": 0.5}, [1, 2]),
            _leaf(1, 1, [3, 0]),
            _leaf(2, 1, [0, 3]),
        ]
    )
    doc["nodes"][0].update(node0)
    return doc


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("counts", [-0.5, 6.5], "tree: node 0 counts must be finite numbers >= 0"),
        ("branch_weights", [0.5], "tree: node 0 branch_weights do not match its children"),
        (
            "branch_weights",
            [0.5, 0.25, 0.25],
            "tree: node 0 branch_weights do not match its children",
        ),
        ("n_samples", -1.0, "tree: node 0 n_samples must be a finite number >= 0"),
        ("children", [1], "tree: node 0 needs one child per branch of its split"),
    ],
)
def test_json_refuses_each_malformed_field_with_its_sentence(field, value, message):
    with pytest.raises(ValueError) as info:
        dt.Tree.from_dict(_stump_doc(**{field: value}))
    assert str(info.value) == message


def test_json_keeps_branch_weights_of_the_right_length():
    tree = dt.Tree.from_dict(_stump_doc(branch_weights=[0.5, 0.5]))
    assert list(tree.root.branch_weights) == [0.5, 0.5]
    assert dt.Tree.from_json(tree.to_json()).to_dict() == tree.to_dict()


@pytest.mark.parametrize("learner", [dt.CARTClassifier, dt.ID3Classifier, dt.C45Classifier])
def test_json_keeps_whether_the_tree_refuses_missing_values(learner):
    X, y = dt.load_play_tennis(numeric=True)
    tree = (
        learner(max_depth=2).fit(X, y).tree_
        if learner is not dt.C45Classifier
        else learner().fit(X, y).tree_
    )
    back = dt.Tree.from_json(tree.to_json())
    assert back.to_dict()["refuses_missing"] is tree.refuses_missing
    assert back.refuses_missing is tree.refuses_missing
    assert back.missing == tree.missing and back.flavour == tree.flavour
    assert back.to_dict() == tree.to_dict()


def test_a_tree_that_answers_missing_numbers_has_a_rule_for_them():
    doc = _stump_doc()
    answers = dt.Tree.from_dict(doc | {"refuses_missing": False})
    refuses = dt.Tree.from_dict(doc | {"refuses_missing": True})
    two = "IF x <= 0.5 THEN class = a\nIF x > 0.5 THEN class = b"
    assert answers.to_rules() == two + "\nIF x unknown THEN class = a"  # 3 a, 3 b: first class
    assert refuses.to_rules() == answers.to_rules(unseen=False) == two
