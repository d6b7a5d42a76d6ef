"""Where each node of a tree is drawn, and the plain JSON every tree view shows.

Positions are computed here, in Python, where they can be tested; figures
(:func:`dtlearn.plot.plot_tree`) and the browser widget (:class:`dtlearn.widgets.TreeView`)
only draw what they are given. The layout is the tidy one of Walker in Buchheim's
linear-time form: subtrees packed as closely as their contours allow, every parent centred
over its first and last child, depth downwards. Everything is iterative, so a chain
thousands of levels deep lays out without recursion.

:func:`tree_view_data` turns a tree (and, optionally, the growth steps that made it) into
plain JSON: nodes with their text, counts and colours, edges with their conditions, and per
node the explanation (candidate table and chosen split) a student sees on clicking it.
:func:`tree_svg` renders that JSON as a static SVG picture (the fallback shown where
notebooks are read, not run).
"""

from __future__ import annotations

import html
from typing import Any, Iterable

import numpy as np

from .explain import CLASS_COLOURS, fmt, fmt_count
from .tree import Node, Tree, plural

__all__ = ["tree_layout", "tree_svg", "tree_view_data"]

FORMAT = "dtlearn.treeview/1"

# pixel geometry shared by the static SVG and the browser widget (the JS reads it from JSON)
NODE_WIDTH = 150
NODE_HEIGHT = 62
X_SPACING = 170
Y_SPACING = 110
MARGIN = 20


def _tree_and_steps(obj: Any, steps: Any) -> tuple[Tree, Any]:
    """Accept a Tree or a fitted model (its ``tree_`` and ``steps_``)."""
    if isinstance(obj, Tree):
        return obj, steps
    tree = getattr(obj, "tree_", None)
    if not isinstance(tree, Tree):
        raise TypeError(f"tree must be a dtlearn Tree or a fitted dtlearn model, "
                        f"got {type(obj).__name__}")
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
    tree, _ = _tree_and_steps(tree, None)
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


def _plain(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def _node_label(tree: Tree, node: Node) -> str:
    if node.is_leaf:
        if tree.is_classifier:
            return f"{tree.target_name} = {tree.classes[node.predicted_index]}"
        return f"{tree.target_name} ≈ {fmt(float(node.value[0]))}"
    features = node.split.features
    if node.split.kind == "oblique":
        return "linear test"
    return tree.schema.names[features[0]]


def _impurity_name(tree: Tree) -> str:
    return getattr(tree, "impurity_name", "impurity")


def _summary(tree: Tree, node: Node) -> str:
    n = fmt_count(node.n_samples)
    if not tree.is_classifier:
        return f"n = {n}, {getattr(tree, 'leaf_statistic', None) or 'mean'} " \
            f"{fmt(float(node.value[0]))}"
    counts = ", ".join(f"{c} {fmt_count(v)}" for c, v in zip(tree.classes, node.counts))
    return f"n = {n}: {counts}"


def _explanation(tree: Tree, node: Node, step: Any) -> dict:
    """Text and HTML a view shows when a node is clicked."""
    head = f"node {node.node_id}: {_summary(tree, node)}; {_impurity_name(tree)} " \
        f"{fmt(node.impurity)}"
    parts = [f"<p class='dtlearn-node-head'><strong>{html.escape(head)}</strong></p>"]
    text = [head]
    if node.is_leaf:
        what = f"leaf: predicts {tree._label_text(node)}"
    else:
        conds = node.split.conditions(tree.schema)
        what = "test: " + " | ".join(conds)
    parts.append(f"<p>{html.escape(what)}</p>")
    text.append(what)
    if step is not None:
        if step.chosen is None and step.stop_reason:
            why = f"growth stopped here: {step.stop_reason}"
            parts.append(f"<p>{html.escape(why)}</p>")
            text.append(why)
        elif step.chosen is not None:
            chosen = f"chosen by {step.by}: {step.chosen.feature_name}"
            parts.append(f"<p>{html.escape(chosen)}</p>")
            text.append(chosen)
        if step.candidates:
            try:
                table = step.table()
                parts.append(table._repr_html_())
                text.append(str(table))
            except Exception as exc:  # a view must not fail on one node's table
                parts.append(f"<p>(candidate table unavailable: {html.escape(str(exc))})</p>")
        if step.chosen is not None:
            try:
                derivation = str(step.chosen.explain(step.classes, step.target_name or "S"))
            except Exception:  # noqa: BLE001 - explanation is a bonus, not a requirement
                derivation = ""
            if derivation:
                parts.append("<pre class='dtlearn-derivation-text'>"
                             f"{html.escape(derivation)}</pre>")
                text.append(derivation)
    return {"html": "\n".join(parts), "text": "\n".join(text)}


def tree_view_data(tree: Any, steps: Any = None, highlight_path: Any = None,
                   collapsed: Iterable[int] = (), open_leaves: Iterable[int] = (),
                   explain: bool = True) -> dict:
    """The plain JSON a tree view draws: nodes, edges, colours and explanations.

    Parameters
    ----------
    tree : Tree or fitted model
        The tree (a fitted dtlearn model gives its ``tree_`` and ``steps_``).
    steps : iterable of GrowthStep, optional
        The growth steps that made the tree; the step of a node gives its explanation
        (candidate table, chosen split and its worked formula).
    highlight_path : DecisionPath or iterable of int, optional
        Nodes to highlight: a :class:`~dtlearn.tree.DecisionPath` (its tests and leaf) or
        node ids.
    collapsed : iterable of int
        Nodes shown without their subtrees.
    open_leaves : iterable of int
        Leaves still open for growth (the ID3 builder marks them).
    explain : bool
        Include the per-node explanation payload (``False`` keeps huge trees light).

    Returns
    -------
    dict
        JSON-ready: ``nodes`` (id, x, y, px, py, label, summary, counts, n, impurity,
        is_leaf, prediction, collapsed, hidden_nodes, explanation, ...), ``edges`` (parent,
        child, condition), ``classes``, ``colours``, ``highlight``, sizes.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> data = tree_view_data(ID3Classifier().fit(*load_play_tennis()))
    >>> data["n_leaves"], data["depth"], data["nodes"][0]["label"]
    (5, 2, 'outlook')
    >>> data["edges"][0]["condition"]
    'outlook = sunny'
    """
    tree, steps = _tree_and_steps(tree, steps)
    folded = set(int(i) for i in collapsed)
    opened = set(int(i) for i in open_leaves)
    by_node = {}
    for step in steps or ():
        by_node[step.node_id] = step
    if highlight_path is None:
        highlight: list[int] = []
    elif hasattr(highlight_path, "steps") and hasattr(highlight_path, "leaf_id"):
        highlight = [s.node_id for s in highlight_path.steps] + [highlight_path.leaf_id]
    else:
        highlight = [int(i) for i in highlight_path]
    pos = tree_layout(tree, folded)
    classes = [_plain(c) for c in tree.classes] if tree.is_classifier else []
    nodes, edges = [], []
    for node, parent, branch in tree.nodes_with_depth_first_parents():
        if node.node_id not in pos:
            continue
        x, y = pos[node.node_id]
        is_folded = node.node_id in folded and not node.is_leaf
        hidden = sum(1 for _ in _subtree(node)) - 1 if is_folded else 0
        counts = None if node.counts is None else [float(c) for c in node.counts]
        entry = {
            "id": node.node_id, "x": x, "y": y,
            "px": MARGIN + x * X_SPACING, "py": MARGIN + y * Y_SPACING,
            "depth": node.depth, "label": _node_label(tree, node),
            "summary": _summary(tree, node), "counts": counts,
            "n": float(node.n_samples), "impurity": float(node.impurity),
            "impurity_text": f"{_impurity_name(tree)} {fmt(node.impurity)}",
            "is_leaf": node.is_leaf, "prediction": _plain(tree._label(node)),
            "prediction_index": node.predicted_index if tree.is_classifier else None,
            "collapsed": is_folded, "hidden_nodes": hidden,
            "open": node.node_id in opened, "highlighted": node.node_id in highlight,
            "explanation": _explanation(tree, node, by_node.get(node.node_id))
            if explain else None,
        }
        nodes.append(entry)
        if parent is not None:
            edges.append({"parent": parent.node_id, "child": node.node_id,
                          "condition": parent.split.conditions(tree.schema)[branch]})
    width = max(x for x, _ in pos.values()) + 1
    height = max(y for _, y in pos.values()) + 1
    return {
        "format": FORMAT, "target_name": str(tree.target_name),
        "is_classifier": tree.is_classifier, "classes": classes,
        "colours": [CLASS_COLOURS[i % len(CLASS_COLOURS)] for i in range(len(classes))],
        "n_nodes": tree.n_nodes, "n_leaves": tree.n_leaves, "depth": tree.depth,
        "nodes": nodes, "edges": edges, "highlight": highlight,
        "geometry": {"node_width": NODE_WIDTH, "node_height": NODE_HEIGHT,
                     "x_spacing": X_SPACING, "y_spacing": Y_SPACING, "margin": MARGIN,
                     "width": int(2 * MARGIN + (width - 1) * X_SPACING + NODE_WIDTH),
                     "height": int(2 * MARGIN + (height - 1) * Y_SPACING + NODE_HEIGHT)},
    }


def _subtree(node: Node):
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(current.children)


def describe(data: dict) -> str:
    """One line saying what a tree view shows (its ``text/plain``).

    Examples
    --------
    >>> describe({"n_leaves": 5, "depth": 2, "n_nodes": 8, "classes": ["yes", "no"],
    ...           "target_name": "play"})
    'tree of play: 8 nodes, 5 leaves, depth 2, classes yes, no'
    """
    what = f"tree of {data['target_name']}: {plural(data['n_nodes'], 'node')}, " \
           f"{plural(data['n_leaves'], 'leaf', 'leaves')}, depth {data['depth']}"
    if data.get("classes"):
        what += ", classes " + ", ".join(str(c) for c in data["classes"])
    return what


def _short(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def tree_svg(data: dict, max_nodes: int = 400) -> str:
    """A static SVG picture of :func:`tree_view_data` output (for nbviewer, GitHub, HTML).

    Nodes show their label, counts (as text and as a bar of class colours) and impurity;
    edges carry their condition; highlighted nodes get a thick outline and a ``▶`` mark, so
    meaning never depends on colour alone. Trees with more than ``max_nodes`` visible
    nodes are summarised in one line of text instead.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> svg = tree_svg(tree_view_data(ID3Classifier().fit(*load_play_tennis())))
    >>> svg.startswith("<svg") and "outlook = sunny" in svg
    True
    """
    g = data["geometry"]
    if len(data["nodes"]) > max_nodes:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="480" height="30">'
                f'<text x="4" y="20" font-family="sans-serif" font-size="13">'
                f'{html.escape(describe(data))} (too large to draw statically)</text></svg>')
    w, h = g["node_width"], g["node_height"]
    where = {n["id"]: n for n in data["nodes"]}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="dtlearn-tree-svg" '
           f'width="{g["width"]}" height="{g["height"]}" font-family="sans-serif" '
           f'font-size="11" role="img" aria-label="{html.escape(describe(data))}">']
    for e in data["edges"]:
        a, b = where[e["parent"]], where[e["child"]]
        x1, y1 = a["px"] + w / 2, a["py"] + h
        x2, y2 = b["px"] + w / 2, b["py"]
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                   f'stroke="#888"/>')
        out.append(f'<text x="{x2:.1f}" y="{y2 - 6:.1f}" '
                   f'text-anchor="middle" fill="#333" paint-order="stroke" stroke="white" '
                   f'stroke-width="3">{html.escape(_short(e["condition"], 26))}</text>')
    colours = data["colours"]
    for n in data["nodes"]:
        x, y = n["px"], n["py"]
        lit = n["highlighted"]
        out.append(f'<g class="dtlearn-node" data-node-id="{n["id"]}">')
        dash = ' stroke-dasharray="4 3"' if n["open"] else ""
        out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="white" '
                   f'stroke="{"#000" if lit else "#666"}" stroke-width="{3 if lit else 1}"'
                   f'{dash}/>')
        mark = "▶ " if lit else ""
        label = n["label"] + (f" (+{n['hidden_nodes']} hidden)" if n["collapsed"] else "")
        out.append(f'<text x="{x + w / 2}" y="{y + 15}" text-anchor="middle" '
                   f'font-weight="bold">{html.escape(_short(mark + label))}</text>')
        out.append(f'<text x="{x + w / 2}" y="{y + 29}" text-anchor="middle">'
                   f'{html.escape(_short(n["summary"], 28))}</text>')
        out.append(f'<text x="{x + w / 2}" y="{y + 43}" text-anchor="middle" fill="#444">'
                   f'{html.escape(n["impurity_text"])}</text>')
        if n["counts"]:
            total = sum(n["counts"]) or 1.0
            left = x + 8
            for k, c in enumerate(n["counts"]):
                width = (w - 16) * c / total
                if width > 0:
                    out.append(f'<rect x="{left:.1f}" y="{y + 49}" width="{width:.1f}" '
                               f'height="7" fill="{colours[k]}"><title>'
                               f'{html.escape(str(data["classes"][k]))}: {fmt_count(c)}'
                               f'</title></rect>')
                left += width
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)
