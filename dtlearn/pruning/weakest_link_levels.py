"""The weakest-link path level by level: every node's own collapse worked out with numpy.

:func:`cost_complexity_path` collapses, again and again, the inner node whose effective
alpha is the smallest (the first in pre-order on ties), and adds the collapse's change of
risk to every ancestor. The order in which a subtree's nodes collapse depends only on that
subtree (a collapse changes only its ancestors), so it can be worked out bottom-up:

* the **local run** ``L(t)`` of an inner node ``t`` lists the collapses the loop makes in
  the subtree of ``t`` up to and including ``t`` itself, were ``t`` the root;
* the runs of ``t``'s children interleave as the loop picks the smaller of their next
  alphas: ordered by each collapse's *running key* (the largest ``(alpha, position)`` of
  it and the collapses before it in its run, which for a collapse is the largest key
  among itself and the collapses of its own run), descendants before ancestors on equal
  keys;
* ``t`` collapses as soon as its own alpha, recomputed after each collapse below it with
  the loop's own float additions in the loop's order (one ``cumsum`` per row), is at most
  the alpha of the next collapse below it; what comes after in the children's runs never
  happens (it is inside ``t``).

``L(root)`` is the whole path. Every inner node of one depth is done at once (a row per
node, a column per collapse below it), so the work is one pass per level of the tree, not
one per collapse. The floats are the loop's: the same subtractions and divisions, and the
same additions in the same order (a row's ``cumsum`` adds its collapses one after the
other, as the loop's walk up the ancestors does).
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["level_path", "removed_counts"]

MAX_CELLS = 4_000_000
"""Cells of one level's table (nodes x collapses below the largest) above which the level
pass gives up (the heap loop then runs): bounded memory on degenerate trees."""


def level_path(
    parent: np.ndarray,
    leaf: np.ndarray,
    r_node: np.ndarray,
    r_branch: np.ndarray,
    n_leaves: np.ndarray,
    end: np.ndarray,
) -> tuple[list, ...] | None:
    """The weakest-link path's log, computed level by level; ``None`` if it cannot be.

    Parameters are per node in pre-order: parent position (-1 at the root), leaf mask,
    ``r(t)``, ``R(T_t)`` summed as scikit-learn does, ``|T_t|`` and the end of the subtree.
    Returns the seven columns the heap loop logs: collapsed position, alpha, ``R(T_t)``
    before, leaves of the subtree collapsed, ``R(T)`` after, inner nodes removed (the node
    included) and nodes removed (the node excluded). ``None`` (the caller runs the loop)
    when an alpha is not finite, an inner node has a single leaf below it, or a level's
    table would exceed :data:`MAX_CELLS`.

    Examples
    --------
    >>> import numpy as np
    >>> parent = np.array([-1, 0, 1, 1, 0])  # root, inner node 1 with leaves 2 and 3, leaf 4
    >>> leaf = np.array([False, False, True, True, True])
    >>> r_node = np.array([0.6, 0.3, 0.0, 0.1, 0.0])
    >>> log = level_path(parent, leaf, r_node, np.array([0.1, 0.1, 0.0, 0.1, 0.0]),
    ...                  np.array([3, 2, 1, 1, 1]), np.array([5, 4, 3, 4, 5]))
    >>> log[0], [round(a, 3) for a in log[1]]
    ([1, 0], [0.2, 0.3])
    """
    m = len(parent)
    inner = ~leaf
    if not inner.any():
        return ([], [], [], [], [], [], [])
    with np.errstate(all="ignore"):
        if not (np.isfinite(r_node).all() and np.isfinite(r_branch).all()):
            return None
    if (n_leaves[inner] < 2).any():
        return None
    # inner nodes numbered by depth (pre-order within a depth): a level is a range of
    # numbers, and a node's descendants have larger numbers than it
    position = np.arange(m)
    depth = position - np.cumsum(np.bincount(end, minlength=m)[:m])
    at = np.flatnonzero(inner)
    at = at[np.argsort(depth[at], kind="stable")]  # number -> position
    k = len(at)
    number = np.full(m, k, dtype=np.int64)
    number[at] = np.arange(k)
    bounds = np.searchsorted(depth[at], np.arange(int(depth[at[-1]]) + 2)).tolist()
    up = number[parent[at]]
    r_own, below = r_node[at], (n_leaves[at] - 1).astype(float)
    # what each collapse changes for its ancestors: R(T_t) (the loop's r_diff) and the
    # leaves pruned, as a float (exact), so one cumsum adds both
    change = np.zeros((k + 1, 2))  # number k: the padding of the tables
    key = np.full(k + 1, np.inf)  # alpha of each node's own collapse
    eff_alpha = np.full(k + 1, -np.inf)  # running key (alpha, position)
    eff_pos = np.zeros(k + 1, dtype=np.int64)
    before = np.zeros(k)
    rows = np.arange(k)
    run = np.zeros(0, dtype=np.int64)  # the runs of the level below, one after the other
    owner = run  # whose run each entry is in
    finite = True
    for d in range(len(bounds) - 2, -1, -1):
        lo, hi = bounds[d], bounds[d + 1]
        n = hi - lo
        # the children's runs merged by running key, descendants first on equal keys
        owner = up[owner]
        order = np.lexsort((-run, eff_pos[run], eff_alpha[run], owner))
        x, row = run[order], owner[order] - lo
        per_row = np.bincount(row, minlength=n)
        col = np.arange(1, len(x) + 1) - (np.cumsum(per_row) - per_row)[row]
        runs, owners = [], []
        for ids, x_, row_, col_, width in _row_groups(lo, n, x, row, col, per_row):
            if len(ids) * width > MAX_CELLS:
                return None
            # row: a node of this level; column v: after the first v collapses below it
            here = rows[: len(ids)]
            nodes = np.full((len(ids), width + 1), k)
            nodes[row_, col_] = x_
            table = change[nodes[:, :width]]
            table[:, 0, 0] = r_branch[at[ids]]
            np.cumsum(table, axis=1, out=table)  # the loop's additions, in the loop's order
            own = (r_own[ids, None] - table[:, :, 0]) / (below[ids, None] - table[:, :, 1])
            finite = finite and bool(np.isfinite(own).all())
            # the node collapses once its alpha is at most the next collapse's below it
            stop = (own <= key[nodes[:, 1:]]).argmax(axis=1)
            picked = table[here, stop]
            key[ids] = own[here, stop]
            before[ids] = picked[:, 0]
            change[ids, 0] = r_own[ids] - picked[:, 0]
            change[ids, 1] = below[ids] - picked[:, 1]
            # its running key: its own key, or the largest before it in its run
            last = nodes[here, stop]
            later = eff_alpha[last] >= key[ids]
            eff_alpha[ids] = np.where(later, eff_alpha[last], key[ids])
            eff_pos[ids] = np.where(later, eff_pos[last], at[ids])
            nodes[here, stop + 1] = ids
            runs.append(nodes[:, 1:][np.arange(width) <= stop[:, None]])
            owners.append(np.repeat(ids, stop + 1))
        run, owner = (
            (runs[0], owners[0])
            if len(runs) == 1
            else (np.concatenate(runs), np.concatenate(owners))
        )
    if not finite:
        return None
    risks = np.cumsum(np.concatenate(([r_branch[0]], change[run, 0])))[1:]
    risks[-1] = r_node[0]  # the root's collapse sets R(T) to r(root), as the loop does
    cut = at[run]
    nodes_removed, inner_removed = removed_counts(cut, end, inner)
    return (
        cut.tolist(),
        key[run].tolist(),
        before[run].tolist(),
        (change[run, 1].astype(np.int64) + 1).tolist(),
        risks.tolist(),
        inner_removed.tolist(),
        nodes_removed.tolist(),
    )


def _row_groups(lo: int, n: int, x: Any, row: Any, col: Any, per_row: Any) -> list[tuple]:
    """The rows of a level as ``(numbers, entries, rows, columns, width)`` tables to fill.

    One table when padding the rows to the longest wastes little; otherwise rows of
    similar lengths (within a factor 4) share a table, so the work follows the collapses
    below each node, not the level's longest run times its nodes.
    """
    width = int(per_row.max(initial=0)) + 1
    if n * width <= max(2048, 4 * (len(x) + n)):
        return [(np.arange(lo, lo + n), x, row, col, width)]
    bucket = np.log2(per_row + 1).astype(np.int64) // 2
    out = []
    for b in np.unique(bucket).tolist():
        members = np.flatnonzero(bucket == b)
        local = np.full(n, -1)
        local[members] = np.arange(len(members))
        entry = local[row] >= 0
        width = int(per_row[members].max()) + 1
        out.append((lo + members, x[entry], local[row[entry]], col[entry], width))
    return out


def removed_counts(cut: np.ndarray, end: np.ndarray, inner: np.ndarray) -> tuple:
    """Nodes (the collapsed node excluded) and inner nodes (included) each collapse removes.

    ``cut`` holds the collapsed positions (pre-order) in the order of the path, ``end``
    the end of every node's subtree and ``inner`` the inner-node mask. A collapse removes
    its subtree but what the collapses inside it removed before: the subtrees of its
    nearest collapsed descendants (its children among the collapsed nodes, whose ranges of
    positions nest in its own).

    Examples
    --------
    >>> import numpy as np
    >>> end = np.array([5, 4, 3, 4, 5])  # root, inner node 1 with leaves 2 and 3, leaf 4
    >>> inner = np.array([True, True, False, False, False])
    >>> [a.tolist() for a in removed_counts(np.array([1, 0]), end, inner)]
    [[2, 2], [1, 1]]
    """
    inner_count = np.concatenate(([0], np.cumsum(inner)))
    where = np.sort(cut)
    n = len(where)
    # nesting depth among the collapsed ranges: those opened before, less those closed
    opened = np.arange(n)
    closed = np.searchsorted(np.sort(end[where]), where, side="right")
    nest = opened - closed
    # the parent of a range: the last range opened before it one level up
    code = nest * (n + 1) + opened
    ordered = np.argsort(code)  # the codes are distinct (one opened count each)
    below = np.searchsorted(code[ordered], (nest - 1) * (n + 1) + opened) - 1
    parent = np.where(nest > 0, ordered[np.maximum(below, 0)], n)
    size = (end[where] - where - 1).astype(float)
    spanned = (inner_count[end[where]] - inner_count[where]).astype(float)
    nodes = size - np.bincount(parent, weights=size, minlength=n)[:n]
    inners = spanned - np.bincount(parent, weights=spanned, minlength=n)[:n]
    back = np.searchsorted(where, cut)
    return nodes[back].astype(np.int64), inners[back].astype(np.int64)
