"""The tidy layout against the paper's algorithm and against hand layouts of tiny trees.

``tests/fixtures/buchheim_reference.py`` transcribes Buchheim, Jünger and Leipert (2002)
with objects and recursion; dtlearn's :func:`_buchheim` is the array/iterative form. The two
must place every node of every tree at the same x (threads, shifts and the even spacing of
small subtrees included); the hand layouts below say why each tiny case comes out as it does.
"""

import numpy as np
import pytest
from fixtures.buchheim_reference import reference_layout
from hypothesis import given, settings
from hypothesis import strategies as st

from dtlearn.data import Schema
from dtlearn.drawing.tidy_layout import _buchheim, tree_layout
from dtlearn.splits import MultiwaySplit
from dtlearn.tree import Node, Tree


def _arrays(children):
    n = 1 + max([0] + [c for cs in children.values() for c in cs])
    kids = [list(children.get(i, [])) for i in range(n)]
    parent = [-1] * n
    for p, cs in children.items():
        for c in cs:
            parent[c] = p
    return parent, kids


def _shape_to_children(shape):
    """Node ``k`` (breadth-first) gets ``shape[k]`` children."""
    children, queue, next_id = {}, [0], 1
    for arity in shape:
        if not queue:
            break
        p = queue.pop(0)
        if arity:
            children[p] = list(range(next_id, next_id + arity))
            queue.extend(children[p])
            next_id += arity
    return children


def _tree(children):
    """A dtlearn Tree of that shape (node ids = the keys), counts dummy."""
    counts = np.array([1.0, 1.0])
    nodes = {}

    def make(i, depth):
        node = Node(i, depth, 2.0, 1.0, counts / 2, counts.copy())
        nodes[i] = node
        cs = children.get(i, [])
        if cs:
            node.split = MultiwaySplit(0, max(len(cs), 2))
            node.children = [make(c, depth + 1) for c in cs]
        return node

    root = make(0, 0)
    arity = max([2] + [len(cs) for cs in children.values()])
    return Tree(root, Schema(("x",), ("nominal",), (tuple(range(arity)),)), ("a", "b"), "y")


def _xs(children):
    parent, kids = _arrays(children)
    return _buchheim(parent, kids)


shapes = st.lists(st.sampled_from([0, 0, 0, 1, 1, 2, 2, 3, 4]), min_size=1, max_size=45)


@settings(max_examples=150, deadline=None)
@given(shapes)
def test_same_x_as_the_papers_algorithm_on_random_trees(shape):
    children = _shape_to_children(shape)
    assert _xs(children) == pytest.approx(reference_layout(children), abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(shapes, st.data())
def test_tree_layout_places_every_node_id_as_the_paper_with_folds(shape, data):
    children = _shape_to_children(shape)
    tree = _tree(children)
    inner = sorted(children)
    folded = data.draw(st.sets(st.sampled_from(inner))) if inner else set()
    # the paper's layout of the visible tree: a folded node is a leaf
    visible, todo = {}, [0]
    while todo:
        p = todo.pop()
        if p in children and p not in folded:
            visible[p] = children[p]
            todo.extend(children[p])
    ids = [0] + sorted(c for cs in visible.values() for c in cs)
    index = {v: k for k, v in enumerate(ids)}
    renumbered = {index[p]: [index[c] for c in cs] for p, cs in visible.items()}
    xs = reference_layout(renumbered)
    depth = {0: 0}
    for p in sorted(visible):  # parents have smaller ids (breadth-first numbering)
        for c in visible[p]:
            depth[c] = depth[p] + 1
    expected = {v: (xs[index[v]], float(depth[v])) for v in ids}
    got = tree_layout(tree, collapsed=folded)
    assert got.keys() == expected.keys()
    for v in ids:
        assert got[v] == pytest.approx(expected[v], abs=1e-9)


def test_a_left_contour_thread_carries_the_deeper_right_subtree():
    # 0 ─ 1 ─ (3, 4 ─ (7, 8)) and 2 ─ (5 ─ (9, 10), 6). By hand, in subtree 1: 3 at 0, 4 at 1,
    # 7, 8 at 0.5, 1.5, 1 at 0.5. Subtree 2 alone: 9, 10 at 0, 1, 5 at 0.5, 6 at 1.5, 2 at 1.
    # Against subtree 1: level 2 needs 5 >= 4 + 1 = 2 (shift 1.5); level 3 then needs
    # 9 >= 8 + 1 = 2.5 (one more), so subtree 2 moves by 2.5 and the root sits at 2.
    children = {0: [1, 2], 1: [3, 4], 2: [5, 6], 4: [7, 8], 5: [9, 10]}
    assert _xs(children) == [2.0, 0.5, 3.5, 0.0, 1.0, 3.0, 4.0, 0.5, 1.5, 2.5, 3.5]


def test_a_right_contour_thread_carries_the_deeper_left_subtree():
    # 0 ─ (1 ─ (3 ─ (5, 6), 4), 2): 5, 6 at 0, 1, 3 at 0.5, 4 at 1.5, 1 at 1; the leaf 2 at 2
    # (one unit right of 1: nothing below it to push), the root at 1.5
    children = {0: [1, 2], 1: [3, 4], 3: [5, 6]}
    assert _xs(children) == [1.5, 1.0, 2.0, 0.5, 1.5, 0.0, 1.0]
    # and a third sibling whose child must clear 4 (level 2) through 2's thread: 7 under 8
    children = {0: [1, 2, 8], 1: [3, 4], 3: [5, 6], 8: [7]}
    # 8 alone at 3 (after 2), its child 7 under it at 3 would clear 4 at 1.5: no shift
    assert _xs(children) == [2.0, 1.0, 2.0, 0.5, 1.5, 0.0, 1.0, 3.0, 3.0]


def test_a_deep_right_subtree_pushes_and_spreads_its_left_siblings():
    # 0 ─ (1 ─ (4, 5), 2, 3 ─ (6, 7)): 1 and 3 both two wide; 3 is pushed by 1's contour
    # (6 must clear 5 + 1 = 2, so 3 sits at 2.5), and the leaf 2 between them is centred
    children = {0: [1, 2, 3], 1: [4, 5], 3: [6, 7]}
    assert _xs(children) == [1.5, 0.5, 1.5, 2.5, 0.0, 1.0, 2.0, 3.0]


def test_chains_and_single_nodes():
    assert _buchheim([-1], [[]]) == [0.0]
    assert _xs({0: [1], 1: [2]}) == [0.0, 0.0, 0.0]
    assert _xs({0: [1, 2, 3]}) == [1.0, 0.0, 1.0, 2.0]
    # a parent with one child sits over it, the child over its own two
    assert _xs({0: [1], 1: [2, 3]}) == [0.5, 0.5, 0.0, 1.0]
