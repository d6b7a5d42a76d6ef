"""Reduced-error pruning's texts and tables, whole, on a tree worked by hand.

The ID3 play-tennis tree (outlook; sunny -> humidity, rainy -> windy) is pruned on the seven
even rows. By hand: three sunny rows (high/no, normal/yes, normal/yes) are all right under
the humidity test, and a leaf "no" would get two wrong; the one rainy row (windy FALSE, yes)
is right either way, so that test goes (0 <= 0); a root leaf "yes" gets the one sunny "no"
wrong. The second pass prunes nothing. Sizes: 8 nodes and 5 leaves, then 6 and 4.
"""

import pytest

import dtlearn as dt
from dtlearn.pruning.reduced_error import reduced_error_prune


@pytest.fixture(scope="module")
def tennis_run():
    X, y = dt.load_play_tennis()
    model = dt.ID3Classifier().fit(X, y)
    return model, reduced_error_prune(model, X[::2], y[::2])


def test_every_visit_in_order_with_its_numbers(tennis_run):
    _, result = tennis_run
    assert [str(s) for s in result.steps] == [
        "pass 1, node 1 [outlook = sunny] test humidity: validation errors 0 -> 2 with leaf 'no': kept",
        "pass 1, node 3 [outlook = rainy] test windy: validation errors 0 -> 0 with leaf 'yes': pruned",
        "pass 1, node 0 [root] test outlook: validation errors 0 -> 1 with leaf 'yes': kept",
        "pass 2, node 1 [outlook = sunny] test humidity: validation errors 0 -> 2 with leaf 'no': kept",
        "pass 2, node 0 [root] test outlook: validation errors 0 -> 1 with leaf 'yes': kept",
    ]
    assert [(s.n_reaching, s.subtree_errors, s.leaf_errors) for s in result.steps] == [
        (3, 0, 2),
        (1, 0, 0),
        (7, 0, 1),
        (3, 0, 2),
        (7, 0, 1),
    ]
    assert [s.n_subtree_leaves for s in result.steps] == [2, 2, 4, 2, 4]  # after the cut
    assert result.pruned_nodes == (3,)
    assert (result.errors_before, result.errors_after, result.n_validation) == (0, 0, 7)


def test_reason_before_after_and_dict_of_a_step(tennis_run):
    _, result = tennis_run
    step = result.steps[0]
    assert step.reason == "validation errors 0 → 2 with a leaf 'no'"
    assert (step.action, step.decision, step.condition) == ("kept", "kept", "outlook = sunny")
    assert step.before == {"errors": 0, "subtree_leaves": 2}
    assert step.after == {"errors": 2, "subtree_leaves": 1}
    assert step.to_dict() == {
        "kind": "reduced-error",
        "subject": "node",
        "node_id": 1,
        "action": "kept",
        "reason": "validation errors 0 → 2 with a leaf 'no'",
        "before": {"errors": 0, "subtree_leaves": 2},
        "after": {"errors": 2, "subtree_leaves": 1},
        "pass": 1,
        "path": ["outlook = sunny"],
        "test": "humidity",
        "leaf_label": "no",
        "n_subtree_leaves": 2,
        "n_reaching": 3,
        "subtree_errors": 0,
        "leaf_errors": 2,
        "errors_before": 0,
        "errors_after": 2,
        "n_validation": 7,
        "decision": "kept",
    }
    assert result.steps[1].action == "pruned" and result.steps[2].condition == "root"


def test_explanations_of_a_kept_a_pruned_and_the_root_visit(tennis_run):
    _, result = tennis_run
    assert str(result.steps[0].explain()) == (
        "node 1 [outlook = sunny]: replace the test on humidity by a leaf 'no'?\n"
        "validation rows reaching node 1 (outlook = sunny): 3\n"
        "errors of the subtree = 0   its 2 leaves on those rows\n"
        "errors of leaf 'no'   = 2   training majority of the node\n"
        "tree errors           = 0 / 7 now\n"
        "                      = 2 / 7 with the leaf\n"
        "2 > 0: keep: pruning would add errors"
    )
    assert str(result.steps[1].explain()) == (
        "node 3 [outlook = rainy]: replace the test on windy by a leaf 'yes'?\n"
        "validation rows reaching node 3 (outlook = rainy): 1\n"
        "errors of the subtree = 0   its 2 leaves on those rows\n"
        "errors of leaf 'yes'  = 0   training majority of the node\n"
        "tree errors           = 0 / 7 now\n"
        "                      = 0 / 7 with the leaf\n"
        "0 <= 0: prune: the error does not increase"
    )
    assert str(result.steps[2].explain()).splitlines()[:3] == [
        "node 0 [root]: replace the test on outlook by a leaf 'yes'?",
        "validation rows reaching node 0 (the root): 7",
        "errors of the subtree = 0   its 4 leaves on those rows",
    ]


def test_summary_table_and_pruned_only_rows(tennis_run):
    model, result = tennis_run
    assert result.summary() == (
        "reduced-error pruning: 8 -> 6 nodes, 5 -> 4 leaves; validation errors 0 -> 0 of 7"
    )
    assert repr(result) == (
        "reduced-error pruning: 8 -> 6 nodes, 5 -> 4 leaves; validation errors 0 -> 0 of 7\n"
        "  pass | node | condition       | test     | leaf | rows | subtree err | leaf err "
        "| tree err before | tree err after | decision\n"
        "     1 |    1 | outlook = sunny | humidity | no   |    3 |           0 |        2 "
        "|               0 |              2 | kept\n"
        "     1 |    3 | outlook = rainy | windy    | yes  |    1 |           0 |        0 "
        "|               0 |              0 | pruned\n"
        "     1 |    0 | root            | outlook  | yes  |    7 |           0 |        1 "
        "|               0 |              1 | kept\n"
        "     2 |    1 | outlook = sunny | humidity | no   |    3 |           0 |        2 "
        "|               0 |              2 | kept\n"
        "     2 |    0 | root            | outlook  | yes  |    7 |           0 |        1 "
        "|               0 |              1 | kept"
    )
    only = result.table(pruned_only=True)
    assert only.rows == ((1, 3, "outlook = rainy", "windy", "yes", 1, 0, 0, 0, 0, "pruned"),)
    data = result.to_dict()
    assert data["summary"] == result.summary() and len(data["steps"]) == 5
    assert (data["errors_before"], data["errors_after"], data["n_validation"]) == (0, 0, 7)
    assert data["tree"] == result.tree.to_dict()


def test_the_pruned_model_holds_the_pruned_tree_and_the_original_is_kept(tennis_run):
    model, result = tennis_run
    assert type(result.model) is dt.ID3Classifier and result.model is not model
    assert result.model.tree_.n_leaves == 4 and result.model.tree_ is result.tree
    assert model.tree_.n_leaves == 5 and result.original is model.tree_
    assert [result.state_after(k).n_leaves for k in range(6)] == [5, 5, 4, 4, 4, 4]
    X, y = dt.load_play_tennis()
    bare = reduced_error_prune(model.tree_, X[::2], y[::2])
    assert bare.model is bare.tree and bare.tree.n_leaves == 4


def test_a_regression_tree_is_refused_by_name():
    X, y = dt.load_play_tennis(numeric=True)
    model = dt.CARTRegressor().fit(X.drop(columns="temperature"), X["temperature"])
    with pytest.raises(ValueError) as info:
        reduced_error_prune(model, X.drop(columns="temperature"), X["temperature"])
    assert str(info.value) == (
        "model_or_tree: reduced_error_prune needs a classification tree (this one predicts numbers)"
    )


@pytest.mark.parametrize("missing", ["X", "y"])
def test_validation_data_must_come_whole(tennis_run, missing):
    model, _ = tennis_run
    X, y = dt.load_play_tennis()
    args = (None, y) if missing == "X" else (X, None)
    with pytest.raises(ValueError) as info:
        reduced_error_prune(model, *args)
    assert str(info.value) == "X_val and y_val are needed (validation data)"


def test_the_pruned_model_is_a_fitted_copy_with_its_own_arrays():
    X, y = dt.load_play_tennis()
    model = dt.ID3Classifier(max_depth=5).fit(X, y)
    pruned = reduced_error_prune(model, X[::2], y[::2]).model
    assert pruned.get_params() == model.get_params() and pruned.max_depth == 5
    for name in ("classes_", "feature_names_in_"):
        assert getattr(pruned, name).tolist() == getattr(model, name).tolist()
        assert getattr(pruned, name) is not getattr(model, name)
    assert pruned.n_features_in_ == 4 and pruned.steps_ is model.steps_
    assert pruned.predict(X).tolist() == pruned.tree_.predict(X).tolist()


def test_a_distributing_c45_tree_names_each_test_as_the_id3_tree_does(tennis_run):
    _, id3_result = tennis_run
    X, y = dt.load_play_tennis()
    c45 = dt.C45Classifier(prune=False).fit(X, y)
    assert c45.tree_.missing == "distribute"
    result = reduced_error_prune(c45, X[::2], y[::2])
    assert [str(s) for s in result.steps] == [str(s) for s in id3_result.steps]
