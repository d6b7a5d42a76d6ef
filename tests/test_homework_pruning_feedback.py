"""Homework 3's verdict on one pruning call, word for word: what the student returned,
a changed input, a tree that is not a pruned copy, errors that went up, a pass left
unfinished, a result other than the bottom-up one, and the right result. Validation
errors are counted here from the trees' predictions."""

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.exercises.homework.hw3_prune import _pruned_tree_judge, prune_cases


def errors(tree, X, y):
    return int((np.asarray(tree.predict(X)) != np.asarray(y)).sum())


@pytest.fixture(scope="module")
def case():
    label, tree, X_val, y_val = prune_cases("course", 0)[0]
    assert label == "tic-tac-toe"
    return tree, X_val, y_val


def judge(case, group="course"):
    tree, X_val, y_val = case
    tree = tree.copy()
    return tree, _pruned_tree_judge("prune", group, tree, X_val, y_val)


def test_what_was_returned(case):
    _, verdict = judge(case)
    assert verdict(None) == (
        False,
        "prune returned None — did you forget `return`?; return the pruned Tree "
        "(tree.with_leaves_at([...]))",
    )
    assert verdict(5) == (
        False,
        "prune returned a int; return the pruned Tree (tree.with_leaves_at([...]))",
    )


def test_the_right_result_and_an_estimator_holding_it(case):
    tree, verdict = judge(case)
    _, X_val, y_val = case
    pruned = dt.reduced_error_prune(tree, X_val, y_val).tree
    text = (
        f"{tree.n_leaves} → {pruned.n_leaves} leaves, validation errors "
        f"{errors(tree, X_val, y_val)} → {errors(pruned, X_val, y_val)}"
    )
    assert verdict(pruned) == (True, text)

    class Holder:
        tree_ = pruned

    assert verdict(Holder()) == (True, text)


def test_errors_that_went_up_and_a_foreign_tree(case):
    tree, verdict = judge(case)
    _, X_val, y_val = case
    root = tree.with_leaves_at([tree.root.node_id])
    before, after = errors(tree, X_val, y_val), errors(root, X_val, y_val)
    assert after > before
    assert verdict(root) == (False, f"validation errors went up from {before} to {after}")
    other = dt.ID3Classifier().fit(X_val, y_val).tree_  # grown on other rows
    ok, text = verdict(other)
    assert not ok and text.startswith(
        "the result is not the input tree with some subtrees turned into leaves"
    )


def test_a_changed_input(case):
    tree, verdict = judge(case)
    _, X_val, y_val = case
    pruned = dt.reduced_error_prune(tree, X_val, y_val).tree
    tree.root.children[0].children.clear()
    ok, text = verdict(pruned)
    assert not ok
    assert text == "the input tree was changed — prune a copy (with_leaves_at returns one)"


def test_an_unfinished_pass_in_the_valid_part(case):
    tree, verdict = judge(case, group="valid")
    _, X_val, y_val = case
    ok, text = verdict(tree.copy())
    assert not ok
    node = int(text.split("turning node ")[1].split(" ")[0])
    assert text == (
        f"not finished: turning node {node} into a leaf would lower the validation errors "
        f"({errors(tree, X_val, y_val)})"
    )
    # that node, made a leaf, does lower the errors of the rows that reach it
    assert errors(tree.with_leaves_at([node]), X_val, y_val) < errors(tree, X_val, y_val)


def test_a_result_other_than_the_bottom_up_one(case):
    tree, verdict = judge(case)
    _, X_val, y_val = case
    ok, text = verdict(tree.copy())
    e = errors(tree, X_val, y_val)
    assert not ok and text == (
        f"{tree.n_leaves} → {tree.n_leaves} leaves, validation errors {e} → {e}, but not the "
        "bottom-up result: nothing was pruned: replace a node by a leaf whenever the errors "
        "do not go up"
    )
