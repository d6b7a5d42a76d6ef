"""The words in and beside a tree view's boxes, worked out by hand.

``wrap_text`` breaks at the last space that fits (or after the last hyphen), never makes
lines longer than ``chars`` (at least 4), and ends a cut-off last line in ``…`` within
the same width.
"""

import pytest

import dtlearn as dt
from dtlearn.drawing.node_text import (
    branch_text,
    count_line,
    node_explanation,
    node_label,
    wrap_text,
)


@pytest.mark.parametrize(
    "text, chars, max_lines, lines",
    [
        ("ab cdefgh", 9, 2, ["ab cdefgh"]),  # exactly the width: one line
        ("ab cdefghij", 9, 2, ["ab", "cdefghij"]),
        ("abcdefgh", 8, 2, ["abcdefgh"]),
        ("abcdefg", 1, 2, ["abcd", "efg"]),  # never narrower than 4
        ("abcd efgh ijkl", 4, 2, ["abcd", "efg…"]),  # the ellipsis fits in the width
        ("one two three four five", 5, 2, ["one", "two…"]),
        ("adoption-of-the-budget-resolution", 12, 2, ["adoption-of-", "the-budget-…"]),
        ("n = 70: democrat 69, republican 1", 20, 2, ["n = 70: democrat 69,", "republican 1"]),
        ("a b c", 4, 1, ["a b…"]),
    ],
)
def test_wrap_text_by_hand(text, chars, max_lines, lines):
    assert wrap_text(text, chars, max_lines) == lines
    assert all(len(line) <= max(4, chars) for line in lines)


def test_branch_text_drops_only_the_whole_attribute_name():
    assert branch_text("outlook = sunny", "outlook") == "= sunny"
    assert branch_text("outlooks = x", "outlook") == "outlooks = x"
    assert branch_text("x <= 2.5", "") == "x <= 2.5"


def test_labels_count_lines_and_explanations_of_the_tennis_tree():
    X, y = dt.load_play_tennis()
    tree = dt.ID3Classifier().fit(X, y).tree_
    assert node_label(tree, tree.root) == "outlook"
    assert node_label(tree, tree.node(2)) == "play = yes"
    assert count_line(tree, tree.root) == "n = 14: yes 9, no 5"
    assert node_explanation(tree, tree.root)["text"] == (
        "node 0: n = 14: yes 9, no 5; entropy 0.940\n"
        "test: outlook = sunny | outlook = overcast | outlook = rainy"
    )
    leaf = node_explanation(tree, tree.node(2))
    assert leaf["text"] == "node 2: n = 4: yes 4, no 0; entropy 0.000\nleaf: predicts yes"
    assert leaf["html"] == (
        "<p class='dtlearn-node-head'><strong>node 2: n = 4: yes 4, no 0; "
        "entropy 0.000</strong></p>\n<p>leaf: predicts yes</p>"
    )
    root_html = node_explanation(tree, tree.root)["html"]
    assert "<p>test, 3 branches:</p>" in root_html
    assert "<li>outlook = sunny → n = 5: yes 2, no 3</li>" in root_html


def test_regression_boxes_say_approximately_and_name_their_statistic():
    import numpy as np

    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    mean = dt.CARTRegressor(max_depth=1).fit(X, [0.1, 0.15, 5.0, 5.0]).tree_
    median = dt.CARTRegressor(max_depth=1, criterion="mae").fit(X, [0.1, 0.15, 5.0, 5.0]).tree_
    assert node_label(mean, mean.node(1)) == "target ≈ 0.125"
    assert count_line(mean, mean.root) == "n = 4, mean 2.562"
    assert count_line(median, median.root) == "n = 4, median 2.575"


def test_a_cached_explanation_is_made_again_for_another_step():
    X, y = dt.load_play_tennis()
    model = dt.ID3Classifier().fit(X, y)
    tree, steps = model.tree_, model.steps_
    cache = {}
    plain = node_explanation(tree, tree.root, None, cache)
    assert node_explanation(tree, tree.root, None, cache) is plain
    with_step = node_explanation(tree, tree.root, steps[0], cache)
    assert with_step is not plain and "chosen by" in with_step["text"]


def test_tree_and_steps_takes_given_steps_before_the_models_own():
    from dtlearn.drawing.tidy_layout import tree_and_steps

    X, y = dt.load_play_tennis()
    model = dt.ID3Classifier().fit(X, y)
    assert tree_and_steps(model) == (model.tree_, model.steps_)
    assert tree_and_steps(model, ["mine"]) == (model.tree_, ["mine"])
    assert tree_and_steps(model.tree_) == (model.tree_, None)
    assert tree_and_steps(model.tree_, ["mine"]) == (model.tree_, ["mine"])
