"""Buchheim's tidy layout of a tree: where each node sits, in layout units.

The layout of Walker (1990) in the linear-time form of Buchheim, Jünger and Leipert (2002),
iterative so a chain thousands of levels deep lays out without recursion.
:mod:`dtlearn.drawing.layout` turns these positions into pixels and the JSON every tree view draws;
:func:`tree_and_steps` is where every view accepts a tree or a fitted model.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..tree import Node, Tree, as_tree

__all__ = ["tree_and_steps", "tree_layout"]


def tree_and_steps(obj: Any, steps: Any = None) -> tuple[Tree, Any]:
    """A tree and its growth steps from a Tree or a fitted model (its ``tree_`` and ``steps_``).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree, steps = tree_and_steps(ID3Classifier().fit(*load_play_tennis()))
    >>> tree.n_leaves, len(steps) > 0
    (5, True)
    >>> tree_and_steps("outlook")
    Traceback (most recent call last):
    ...
    TypeError: tree must be a fitted dtlearn model or a dtlearn Tree, got str
    """
    tree = as_tree(obj, arg="tree")
    if tree is obj:
        return tree, steps
    return tree, getattr(obj, "steps_", None) if steps is None else steps


def tree_layout(tree: Any, collapsed: Iterable[int] = ()) -> dict[int, tuple[float, float]]:
    """Positions ``{node_id: (x, y)}`` of the visible nodes of a tree (Buchheim's tidy layout).

    The layout of Walker (1990) in the linear-time form of Buchheim, Jünger and Leipert
    (2002): every subtree is drawn as compactly as its contours allow, with neighbouring
    nodes on a level at least one unit apart; a parent sits at the midpoint of its first
    and last child; identical subtrees are drawn identically; small subtrees between two
    big ones are spaced evenly. ``y`` is the depth, and the leftmost node has ``x = 0``.
    Collapsed nodes are laid out as leaves. The passes are iterative, so a chain thousands
    of levels deep lays out without recursion.

    Parameters
    ----------
    tree : Tree or fitted model
        The tree to lay out.
    collapsed : iterable of int
        Ids of nodes drawn without their subtrees.

    Returns
    -------
    dict
        Node id to ``(x, y)`` in layout units (multiply by a spacing to get pixels).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> pos = tree_layout(tree)
    >>> pos[tree.root.node_id]
    (1.5, 0.0)
    >>> sorted(x for x, y in pos.values() if y == 1)
    [0.5, 1.5, 2.5]
    >>> sorted(x for x, y in pos.values() if y == 2)
    [0.0, 1.0, 2.0, 3.0]
    """
    tree, _ = tree_and_steps(tree, None)
    folded = set(collapsed)
    # the visible tree as arrays: index 0 is the root, children in order
    ids: list[int] = []
    depth: list[int] = []
    parent: list[int] = []
    kids: list[list[int]] = []
    stack: list[tuple[Node, int, int]] = [(tree.root, -1, 0)]
    while stack:
        node, up, d = stack.pop()
        i = len(ids)
        ids.append(node.node_id)
        depth.append(d)
        parent.append(up)
        kids.append([])
        if up >= 0:
            kids[up].append(i)
        if node.node_id not in folded:
            stack.extend((child, i, d + 1) for child in reversed(node.children))
    return {ids[i]: (x, float(depth[i])) for i, x in enumerate(_buchheim(parent, kids))}


def _buchheim(parent: list[int], kids: list[list[int]]) -> list[float]:
    """The x of every node of a tree given by parent index and ordered child lists (root 0)."""
    n = len(parent)
    prelim = [0.0] * n
    mod = [0.0] * n
    shift = [0.0] * n
    change = [0.0] * n
    thread = [-1] * n
    ancestor = list(range(n))
    number = [0] * n  # position among siblings
    left_sib = [-1] * n
    for c in kids:
        for k, child in enumerate(c):
            number[child] = k
            if k:
                left_sib[child] = c[k - 1]
    default = [c[0] if c else -1 for c in kids]

    def next_left(v: int) -> int:
        return kids[v][0] if kids[v] else thread[v]

    def next_right(v: int) -> int:
        return kids[v][-1] if kids[v] else thread[v]

    def apportion(v: int, default_ancestor: int) -> int:
        w = left_sib[v]
        if w < 0:
            return default_ancestor
        vir = vor = v
        vil = w
        vol = kids[parent[v]][0]
        sir, sor, sil, sol = mod[vir], mod[vor], mod[vil], mod[vol]
        while next_right(vil) >= 0 and next_left(vir) >= 0:
            vil, vir = next_right(vil), next_left(vir)
            vol, vor = next_left(vol), next_right(vor)
            ancestor[vor] = v
            gap = (prelim[vil] + sil) - (prelim[vir] + sir) + 1.0
            if gap > 0:
                a = ancestor[vil] if parent[ancestor[vil]] == parent[v] else default_ancestor
                subtrees = number[v] - number[a]
                change[v] -= gap / subtrees
                shift[v] += gap
                change[a] += gap / subtrees
                prelim[v] += gap
                mod[v] += gap
                sir += gap
                sor += gap
            sil += mod[vil]
            sir += mod[vir]
            sol += mod[vol]
            sor += mod[vor]
        if next_right(vil) >= 0 and next_right(vor) < 0:
            thread[vor] = next_right(vil)
            mod[vor] += sil - sor
        if next_left(vir) >= 0 and next_left(vol) < 0:
            thread[vol] = next_left(vir)
            mod[vol] += sir - sol
            default_ancestor = v
        return default_ancestor

    # first walk, post-order: a node is finished after its children, left to right
    order: list[int] = []
    todo = [0]
    while todo:
        v = todo.pop()
        order.append(v)
        todo.extend(kids[v])
    for v in reversed(order):  # reversed pre-order (children pushed left first) = post-order
        c = kids[v]
        w = left_sib[v]
        if c:
            moved = change_sum = 0.0
            for child in reversed(c):  # execute the shifts of the children
                prelim[child] += moved
                mod[child] += moved
                change_sum += change[child]
                moved += shift[child] + change_sum
            mid = (prelim[c[0]] + prelim[c[-1]]) / 2.0
            if w >= 0:
                prelim[v] = prelim[w] + 1.0
                mod[v] = prelim[v] - mid
            else:
                prelim[v] = mid
        else:
            prelim[v] = prelim[w] + 1.0 if w >= 0 else 0.0
        if parent[v] >= 0:
            default[parent[v]] = apportion(v, default[parent[v]])
    # second walk, pre-order: add up the modifiers of the ancestors
    x = [0.0] * n
    todo2 = [(0, 0.0)]
    while todo2:
        v, m = todo2.pop()
        x[v] = prelim[v] + m
        todo2.extend((child, m + mod[v]) for child in kids[v])
    left = min(x)
    return [round(value - left, 9) + 0.0 for value in x]
