"""Tree drawing at its edges: picture size, folds, pruned views, wrapped text, the tidy layout.

Sizes are worked out from the geometry constants of :mod:`dtlearn.drawing.layout` (a box
150 px wide and 62 px high, 24 px between boxes, 52 px between levels, a 20 px margin, a
"+ n nodes" stub 10 px below its box and 18 px high); the tidy layout is checked against
the properties Walker's algorithm promises (neighbours at least one unit apart, a parent
centred over its children, small subtrees between two big ones spaced evenly).
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.drawing.layout import (
    fold_to_fit,
    label_limit,
    pruned_view,
    tree_svg,
    tree_view_data,
)
from dtlearn.drawing.node_text import (
    branch_text,
    count_line,
    node_explanation,
    node_label,
    wrap_text,
)
from dtlearn.drawing.tidy_layout import _buchheim


@pytest.fixture(scope="module")
def tennis_tree():
    return dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_


def test_picture_size_by_hand(tennis_tree):
    # 4 leaves wide at the bottom (x 0..3), depth 2
    whole = tree_view_data(tennis_tree, explain=False)["geometry"]
    assert whole["width"] == 2 * 20 + 3 * (150 + 24) + 150 == 712
    assert whole["height"] == 2 * 20 + 2 * (62 + 52) + 62 == 330
    # folding sunny (1) keeps depth 2 (rainy's leaves): its stub fits between levels
    assert tree_view_data(tennis_tree, collapsed=[1], explain=False)["geometry"]["height"] == 330
    # folding both inner nodes of level 1: the stubs hang below the last level
    folded = tree_view_data(tennis_tree, collapsed=[1, 3], explain=False)
    assert folded["geometry"]["height"] == 2 * 20 + 1 * (62 + 52) + 62 + 10 + 18 == 244
    stubs = {n["id"]: n["stub"] for n in folded["nodes"] if n["stub"]}
    assert stubs == {1: "+ 2 nodes", 3: "+ 2 nodes"}


def test_a_fourth_line_makes_the_box_one_line_taller():
    # a label too long for one line wraps: label (2 lines) + counts + impurity = 4 lines
    X = pd.DataFrame({"a_very_long_attribute_name_that_wraps": ["x", "y", "x", "y"]})
    tree = dt.ID3Classifier().fit(X, ["p", "q", "p", "q"]).tree_
    data = tree_view_data(tree, explain=False)
    root = data["nodes"][0]
    lines = len(root["label_lines"]) + len(root["summary_lines"]) + 1
    assert lines == 4
    assert data["geometry"]["node_height"] == 62 + (lines - 3) * 14


def test_pruning_the_root_hides_every_descendant(tennis_tree):
    data = tree_view_data(tennis_tree, explain=False, leaf_overlays=True)
    only_root = pruned_view(data, [0])
    assert [n["id"] for n in only_root["nodes"]] == [0]
    assert only_root["edges"] == []
    assert (only_root["n_nodes"], only_root["n_leaves"], only_root["depth"]) == (1, 1, 0)
    assert only_root["nodes"][0]["label"] == "play = yes"  # 9 yes against 5 no


def test_the_deepest_inner_level_can_be_the_fold(tennis_tree):
    car = dt.ID3Classifier().fit(*dt.load_car()).tree_
    inner = {}
    for node in car.nodes():
        if not node.is_leaf:
            inner.setdefault(node.depth, []).append(node.node_id)
    deepest = max(inner)
    width = tree_view_data(car, explain=False)["geometry"]["width"]
    folded = tree_view_data(car, collapsed=inner[deepest], explain=False)["geometry"]["width"]
    assert folded < width
    # a width between the two: the whole tree does not fit, folding the last level does
    assert sorted(fold_to_fit(car, (folded + width) / 2)) == sorted(inner[deepest])
    assert fold_to_fit(car, width) == []
    with pytest.raises(ValueError, match="width must be positive, got 0"):
        fold_to_fit(tennis_tree, 0)


def test_branch_labels_are_shortened_only_beyond_the_limit():
    geometry = {"node_width": 150}
    limit = label_limit(geometry)
    assert limit == int((150 - 8) / 6.4) == 22
    exact, over = "x" * limit, "x" * (limit + 1)
    from dtlearn.drawing.layout import _short

    assert _short(exact, limit) == exact
    assert _short(over, limit) == "x" * (limit - 1) + "…"


def test_the_svg_draws_trees_of_exactly_max_nodes(tennis_tree):
    data = tree_view_data(tennis_tree, explain=False)
    assert "too large" not in tree_svg(data, max_nodes=8)
    assert "(too large to draw statically)" in tree_svg(data, max_nodes=7)


def test_class_bars_are_drawn_for_the_classes_present_only(tennis_tree):
    data = tree_view_data(tennis_tree, explain=False)
    svg = tree_svg(data)
    nonzero = sum(1 for n in data["nodes"] for c in n["counts"] if c > 0)
    # root 2, sunny 2, rainy 2, and one class at each of the 5 pure leaves
    assert nonzero == 11
    assert svg.count('height="7"') == nonzero


def test_class_colours_cycle_after_eight_classes():
    from dtlearn.display import CLASS_COLOURS

    X = pd.DataFrame({"a": [f"v{i}" for i in range(10)]})
    tree = dt.ID3Classifier().fit(X, [f"c{i}" for i in range(10)]).tree_
    colours = tree_view_data(tree, explain=False)["colours"]
    assert colours == [CLASS_COLOURS[i % 8] for i in range(10)]
    assert colours[8] == CLASS_COLOURS[0] and colours[9] == CLASS_COLOURS[1]


# ------------------------------------------------------------------ node texts
@pytest.mark.parametrize(
    "text, chars",
    [
        ("n = 70: democrat 69, republican 1", 12),
        ("adoption-of-the-budget-resolution", 10),
        ("abcdefghijklmnopqrstuvwxyz", 1),
        ("aa bb cc dd ee ff gg hh", 5),
    ],
)
def test_wrapped_lines_never_exceed_their_width(text, chars):
    width = max(4, chars)  # fewer than 4 characters a line is never asked for
    lines = wrap_text(text, chars)
    assert 1 <= len(lines) <= 2
    assert all(len(line) <= width for line in lines), lines


def test_wrap_keeps_at_least_four_characters():
    assert wrap_text("abcdefgh", 1) == ["abcd", "efgh"]
    assert wrap_text("abcdefghij", 1) == ["abcd", "efg…"]


def test_branch_text_drops_only_the_whole_attribute_name():
    assert branch_text("x <= 2.5", "x") == "<= 2.5"
    assert branch_text("xy = 1", "x") == "xy = 1"


def test_regression_nodes_say_approximately_and_their_statistic():
    X = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0]})
    tree = dt.CARTRegressor(max_depth=1, criterion="mae").fit(X, [1.0, 2.0, 10.0, 20.0]).tree_
    # median of 1, 2, 10, 20 is 6; the best split by absolute error is {1, 2, 10} | {20}
    # (|1-2| + 0 + |10-2| = 9 against 0.5 + 0.5 + 5 + 5 = 11 for {1, 2} | {10, 20})
    assert count_line(tree, tree.root) == "n = 4, median 6.000"
    left = tree.root.children[0]
    assert node_label(tree, left) == f"{tree.target_name} ≈ 2.000"


def test_a_cached_explanation_is_remade_for_another_step():
    X, y = dt.load_play_tennis()
    first = dt.ID3Classifier().fit(X, y)
    other = dt.ID3Classifier(criterion="gini").fit(X, y)
    cache = {}
    root = first.tree_.root
    a = node_explanation(first.tree_, root, first.steps_[0], cache)
    b = node_explanation(first.tree_, root, other.steps_[0], cache)
    assert "entropy" in a["text"] or "gain" in a["text"]
    assert b["text"] == node_explanation(first.tree_, root, other.steps_[0])["text"]
    assert b["text"] != a["text"]


# ------------------------------------------------------------------ the tidy layout
def _arrays(children):
    n = 1 + max(c for cs in children.values() for c in cs)
    kids = [children.get(i, []) for i in range(n)]
    parent = [-1] * n
    for p, cs in children.items():
        for c in cs:
            parent[c] = p
    return parent, kids


def test_small_subtrees_between_two_big_ones_are_spaced_evenly():
    # root 0 with children 1 (big), 2 and 3 (leaves), 4 (big); the big subtrees are
    # deep on their inner sides, so 4 is pushed right by 1's contour and 2, 3 share the gap
    children = {0: [1, 2, 3, 4], 1: [5, 6], 6: [7, 8, 9], 4: [10, 11], 10: [12, 13, 14]}
    parent, kids = _arrays(children)
    x = _buchheim(parent, kids)
    depth = [0] * len(x)
    for v in range(1, len(x)):
        depth[v] = depth[parent[v]] + 1
    for level in set(depth):  # neighbours at least one unit apart
        xs = sorted(x[v] for v in range(len(x)) if depth[v] == level)
        assert all(b - a >= 1 - 1e-9 for a, b in zip(xs, xs[1:])), (level, xs)
    for p, cs in children.items():  # a parent centred over its first and last child
        assert x[p] == pytest.approx((x[cs[0]] + x[cs[-1]]) / 2)
    gaps = np.diff([x[c] for c in children[0]])
    assert gaps == pytest.approx([gaps[0]] * 3)
    # 9 (under 1) and 12 (under 4) are neighbours on level 3, one unit apart
    assert (x[9], x[12]) == (2.0, 3.0)
    assert min(x) == 0.0
