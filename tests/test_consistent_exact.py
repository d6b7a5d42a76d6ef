"""Consistent multiway trees of tiny tables, listed by hand; bad input named exactly."""

from collections import Counter

import pandas as pd
import pytest

from dtlearn.consistent import consistent_tree_sizes, consistent_trees, n_leaves

# a separates the classes; b alone does not (each b value holds both classes)
X = pd.DataFrame({"a": ["0", "0", "1", "1"], "b": ["0", "1", "0", "1"]})
Y = ["n", "n", "y", "y"]
A = ("a", {"0": "n", "1": "y"})
B_ON_N = ("b", {"0": "n", "1": "n"})
B_ON_Y = ("b", {"0": "y", "1": "y"})


def _listed(trees):
    return sorted(repr(t) for t in trees)


def test_only_impure_nodes_split_by_default():
    # a: 2 leaves; b then a under both b values: 4 leaves
    expected = [A, ("b", {"0": A, "1": A})]
    assert _listed(consistent_trees(X, Y)) == _listed(expected)
    assert consistent_tree_sizes(X, Y) == Counter({2: 1, 4: 1})


def test_split_pure_lets_each_pure_node_be_a_leaf_or_split():
    # a at the root: each pure branch is a leaf (1) or splits on b (2 leaves):
    # {1:1, 2:1} * {1:1, 2:1} = {2:1, 3:2, 4:1}; b at the root: each branch needs a: {4:1}
    expected = [
        A,
        ("a", {"0": B_ON_N, "1": "y"}),
        ("a", {"0": "n", "1": B_ON_Y}),
        ("a", {"0": B_ON_N, "1": B_ON_Y}),
        ("b", {"0": A, "1": A}),
    ]
    listed = list(consistent_trees(X, Y, split_pure=True))
    assert _listed(listed) == _listed(expected)
    assert consistent_tree_sizes(X, Y, split_pure=True) == Counter({2: 1, 3: 2, 4: 2})
    assert Counter(n_leaves(t) for t in listed) == Counter({2: 1, 3: 2, 4: 2})


def test_a_pure_table_is_one_leaf_unless_pure_nodes_may_split():
    assert list(consistent_trees(X, ["y"] * 4)) == ["y"]
    assert consistent_tree_sizes(X, ["y"] * 4) == Counter({1: 1})
    # split_pure: the leaf, a (2 leaves), b (2), a then b under both (4), b then a (4),
    # a with one branch split on b (3, two ways), b likewise (3, two ways)
    assert consistent_tree_sizes(X, ["y"] * 4, split_pure=True) == Counter({1: 1, 2: 2, 3: 4, 4: 2})


def test_branches_are_the_values_present_at_the_node():
    # c has three values, but under a = 1 only "r" and "s" occur: two branches there
    X3 = pd.DataFrame({"a": ["0", "1", "1"], "c": ["q", "r", "s"]})
    y3 = ["n", "n", "y"]
    trees = list(consistent_trees(X3, y3))
    assert _listed(trees) == _listed(
        [("a", {"0": "n", "1": ("c", {"r": "n", "s": "y"})}), ("c", {"q": "n", "r": "n", "s": "y"})]
    )
    assert consistent_tree_sizes(X3, y3) == Counter({3: 2})


def test_contradicting_rows_leave_no_consistent_tree():
    Xc = pd.DataFrame({"a": ["0", "0", "1"]})
    assert consistent_tree_sizes(Xc, ["n", "y", "y"]) == Counter()
    assert list(consistent_trees(Xc, ["n", "y", "y"])) == []
    assert consistent_tree_sizes(Xc, ["n", "y", "y"], split_pure=True) == Counter()


def test_column_names_are_strings_in_the_trees():
    Xn = pd.DataFrame({0: ["0", "1"]})
    assert list(consistent_trees(Xn, ["n", "y"])) == [("0", {"0": "n", "1": "y"})]


def test_n_leaves_counts_nested_leaves():
    assert n_leaves("yes") == 1
    assert n_leaves(("a", {"0": B_ON_N, "1": ("b", {"0": "y", "1": B_ON_Y})})) == 5


@pytest.mark.parametrize("fn", [consistent_tree_sizes, lambda X, y: list(consistent_trees(X, y))])
def test_bad_input_is_named(fn):
    with pytest.raises(TypeError) as info:
        fn([["0"], ["1"]], ["n", "y"])
    assert str(info.value) == "X must be a pandas DataFrame of nominal attributes, got list"
    with pytest.raises(ValueError) as info:
        fn(X, ["n", "y", "y"])
    assert str(info.value) == "y has 3 labels for 4 rows of X"
