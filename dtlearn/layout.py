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

# pixel geometry shared by the static SVG and the browser widget (the JS reads it from JSON):
# boxes are as wide as their longest text needs (within MIN/MAX_NODE_WIDTH); longer text
# wraps onto at most two lines per field, the full text is in a tooltip and the side panel
NODE_WIDTH = 150  # the width of a box when no text is wider
MIN_NODE_WIDTH = 110
MAX_NODE_WIDTH = 190
NODE_HEIGHT = 62  # one line of label, summary and impurity, and the class bar
X_GAP = 24  # between neighbouring boxes
Y_GAP = 52  # between a box and its children (room for the branch labels)
X_SPACING = NODE_WIDTH + X_GAP
Y_SPACING = NODE_HEIGHT + Y_GAP
MARGIN = 20
CHAR_WIDTH = 6.4  # mean advance of an 11 px sans-serif character
BOLD_CHAR_WIDTH = 7.0
LINE_HEIGHT = 14
TOGGLE_ROOM = 22  # each side of the label line: the fold toggle sits at the right


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


def _wrap(text: str, chars: int, max_lines: int = 2) -> list[str]:
    """Break ``text`` at spaces into lines of at most ``chars`` characters (``…`` at the end).

    Examples
    --------
    >>> _wrap("n = 70: democrat 69, republican 1", 20)
    ['n = 70: democrat 69,', 'republican 1']
    >>> _wrap("adoption-of-the-budget-resolution", 12)
    ['adoption-of-', 'the-budget-…']
    >>> _wrap("synfuels-corporation-cutback", 26)
    ['synfuels-corporation-', 'cutback']
    """
    chars = max(4, int(chars))
    lines: list[str] = []
    rest = text
    while rest and len(lines) < max_lines:
        if len(rest) <= chars:
            lines.append(rest)
            rest = ""
            break
        window = rest[:chars + 1]
        cut = max(window.rfind(" "), window[:chars].rfind("-") + 1 if "-" in window[:chars]
                  else -1)
        if cut <= 0:
            cut = chars
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        lines[-1] = lines[-1][:chars - 1].rstrip() + "…"
    return lines


def _label_text(node: dict) -> str:
    label = ("▶ " if node["highlighted"] else "") + node["label"]
    if node["collapsed"]:
        label += f" (+{node['hidden_nodes']})"
    if node["open"]:
        label += " (open)"
    return label


def _box_geometry(nodes: list[dict], x_span: float, depth: float) -> dict:
    """Box size from the texts, the lines each box shows, and the picture's size."""
    need = NODE_WIDTH
    for n in nodes:
        need = max(need, len(_label_text(n)) * BOLD_CHAR_WIDTH + 2 * TOGGLE_ROOM,
                   len(n["summary"]) * CHAR_WIDTH + 16, len(n["impurity_text"]) * CHAR_WIDTH + 16)
    width = int(min(MAX_NODE_WIDTH, max(MIN_NODE_WIDTH, need)))
    label_chars = (width - 2 * TOGGLE_ROOM) / BOLD_CHAR_WIDTH
    text_chars = (width - 16) / CHAR_WIDTH
    n_lines = 1
    for n in nodes:
        n["label_lines"] = _wrap(_label_text(n), label_chars)
        n["summary_lines"] = _wrap(n["summary"], text_chars)
        n_lines = max(n_lines, len(n["label_lines"]) + len(n["summary_lines"]) + 1)
    height = NODE_HEIGHT + (n_lines - 3) * LINE_HEIGHT
    x_spacing, y_spacing = width + X_GAP, height + Y_GAP
    for n in nodes:
        n["px"] = MARGIN + n["x"] * x_spacing
        n["py"] = MARGIN + n["y"] * y_spacing
    return {"node_width": width, "node_height": height, "x_spacing": x_spacing,
            "y_spacing": y_spacing, "margin": MARGIN, "line_height": LINE_HEIGHT,
            "width": int(2 * MARGIN + x_span * x_spacing + width),
            "height": int(2 * MARGIN + depth * y_spacing + height)}


def _branch_text(condition: str, attribute: str) -> str:
    """The condition without the attribute the parent box already names.

    Examples
    --------
    >>> _branch_text("outlook = sunny", "outlook"), _branch_text("x <= 2.5", "y")
    ('= sunny', 'x <= 2.5')
    """
    if attribute and condition.startswith(attribute + " "):
        return condition[len(attribute) + 1:]
    return condition


def _cached_explanation(tree: Tree, node: Node, step: Any, cache: dict | None) -> dict:
    """:func:`_explanation`, reused while the node's step (the same object) and text hold."""
    if cache is None:
        return _explanation(tree, node, step)
    key = (node.node_id, node.is_leaf, _summary(tree, node), fmt(node.impurity))
    hit = cache.get(key)
    if hit is not None and hit[0] is step:  # the cache keeps the step alive: ids stay unique
        return hit[1]
    made = _explanation(tree, node, step)
    cache[key] = (step, made)
    return made


def tree_view_data(tree: Any, steps: Any = None, highlight_path: Any = None,
                   collapsed: Iterable[int] = (), open_leaves: Iterable[int] = (),
                   explain: bool = True, cache: dict | None = None) -> dict:
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
    cache : dict, optional
        Explanations made by an earlier call (a view showing a growing tree passes the
        same dict each time): a node whose step and counts are unchanged is not explained
        again.

    Returns
    -------
    dict
        JSON-ready: ``nodes`` (id, x, y, px, py, label, summary, counts, n, impurity,
        is_leaf, prediction, collapsed, hidden_nodes, explanation, label_lines and
        summary_lines as wrapped in the box, ...), ``edges`` (parent, child, condition and
        ``branch``, the condition without the parent's attribute), ``classes``,
        ``colours``, ``highlight``, ``geometry`` (box size, spacing and picture size in px;
        boxes are as wide as their texts need, within 110-190 px).

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
            "depth": node.depth, "label": _node_label(tree, node),
            "summary": _summary(tree, node), "counts": counts,
            "n": float(node.n_samples), "impurity": float(node.impurity),
            "impurity_text": f"{_impurity_name(tree)} {fmt(node.impurity)}",
            "is_leaf": node.is_leaf, "prediction": _plain(tree._label(node)),
            "prediction_index": node.predicted_index if tree.is_classifier else None,
            "collapsed": is_folded, "hidden_nodes": hidden,
            "open": node.node_id in opened, "highlighted": node.node_id in highlight,
            "explanation": _cached_explanation(tree, node, by_node.get(node.node_id), cache)
            if explain else None,
        }
        nodes.append(entry)
        if parent is not None:
            condition = parent.split.conditions(tree.schema)[branch]
            edges.append({"parent": parent.node_id, "child": node.node_id,
                          "condition": condition,
                          "branch": _branch_text(condition, _node_label(tree, parent))})
    geometry = _box_geometry(nodes, max(x for x, _ in pos.values()),
                             max(y for _, y in pos.values()))
    return {
        "format": FORMAT, "target_name": str(tree.target_name),
        "is_classifier": tree.is_classifier, "classes": classes,
        "colours": [CLASS_COLOURS[i % len(CLASS_COLOURS)] for i in range(len(classes))],
        "n_nodes": tree.n_nodes, "n_leaves": tree.n_leaves, "depth": tree.depth,
        "nodes": nodes, "edges": edges, "highlight": highlight,
        "geometry": geometry,
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


def branch_label_position(parent: dict, child: dict, geometry: dict) -> tuple[float, float, str]:
    """Where a branch label goes: beside its edge, 70 % of the way down, on the outer side.

    Returns ``(x, y, anchor)`` with ``anchor`` the SVG ``text-anchor`` (``"start"``: the text
    runs to the right of the edge, ``"end"``: to its left).

    Examples
    --------
    >>> g = {"node_width": 100, "node_height": 60}
    >>> branch_label_position({"px": 100, "py": 0}, {"px": 0, "py": 110}, g)
    (75.0, 99.0, 'end')
    """
    w, h = geometry["node_width"], geometry["node_height"]
    x1, y1 = parent["px"] + w / 2, parent["py"] + h
    x2, y2 = child["px"] + w / 2, child["py"]
    t = 0.7
    x, y = x1 + t * (x2 - x1), y1 + t * (y2 - y1)
    if x2 < x1 - 1e-6:
        return round(x - 5, 1), round(y + 4, 1), "end"
    return round(x + 5, 1), round(y + 4, 1), "start"


def tree_svg(data: dict, max_nodes: int = 400) -> str:
    """A static SVG picture of :func:`tree_view_data` output (for nbviewer, GitHub, HTML).

    Nodes show their label, counts (as text and as a bar of class colours) and impurity,
    wrapped as in the browser widget, with the full texts as tooltips; branch labels sit
    beside their edges; highlighted nodes get a thick outline and a ``▶`` mark, so meaning
    never depends on colour alone. The picture carries a ``viewBox``, so it scales down to
    the width it is shown in instead of being clipped. Trees with more than ``max_nodes``
    visible nodes are summarised in one line of text instead.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> svg = tree_svg(tree_view_data(ID3Classifier().fit(*load_play_tennis())))
    >>> svg.startswith("<svg") and "outlook = sunny" in svg and "viewBox" in svg
    True
    """
    g = data["geometry"]
    if len(data["nodes"]) > max_nodes:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="480" height="30">'
                f'<text x="4" y="20" font-family="sans-serif" font-size="13">'
                f'{html.escape(describe(data))} (too large to draw statically)</text></svg>')
    w, h = g["node_width"], g["node_height"]
    line = g.get("line_height", LINE_HEIGHT)
    where = {n["id"]: n for n in data["nodes"]}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="dtlearn-tree-svg" '
           f'width="{g["width"]}" height="{g["height"]}" '
           f'viewBox="0 0 {g["width"]} {g["height"]}" font-family="sans-serif" '
           f'font-size="11" role="img" aria-label="{html.escape(describe(data))}">'
           f'<rect width="100%" height="100%" fill="white"/>']
    for e in data["edges"]:
        a, b = where[e["parent"]], where[e["child"]]
        x1, y1 = a["px"] + w / 2, a["py"] + h
        x2, y2 = b["px"] + w / 2, b["py"]
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                   f'stroke="#767676"/>')
        tx, ty, anchor = branch_label_position(a, b, g)
        out.append(f'<text x="{tx}" y="{ty}" text-anchor="{anchor}" fill="#222" '
                   f'paint-order="stroke" stroke="white" stroke-width="3">'
                   f'<title>{html.escape(e["condition"])}</title>'
                   f'{html.escape(_short(e.get("branch", e["condition"]), 28))}</text>')
    colours = data["colours"]
    for n in data["nodes"]:
        x, y = n["px"], n["py"]
        lit = n["highlighted"]
        out.append(f'<g class="dtlearn-node" data-node-id="{n["id"]}">'
                   f'<title>{html.escape(n["label"])}; {html.escape(n["summary"])}; '
                   f'{html.escape(n["impurity_text"])}</title>')
        dash = ' stroke-dasharray="4 3"' if n["open"] else ""
        out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="white" '
                   f'stroke="{"#000" if lit else "#666"}" stroke-width="{3 if lit else 1}"'
                   f'{dash}/>')
        label_lines = n.get("label_lines") or [_label_text(n)]
        summary_lines = n.get("summary_lines") or [n["summary"]]
        ty = y + 15
        for text in label_lines:
            out.append(f'<text x="{x + w / 2}" y="{ty}" text-anchor="middle" '
                       f'font-weight="bold">{html.escape(text)}</text>')
            ty += line
        for text in summary_lines:
            out.append(f'<text x="{x + w / 2}" y="{ty}" text-anchor="middle">'
                       f'{html.escape(text)}</text>')
            ty += line
        out.append(f'<text x="{x + w / 2}" y="{ty}" text-anchor="middle" fill="#444">'
                   f'{html.escape(n["impurity_text"])}</text>')
        if n["counts"]:
            total = sum(n["counts"]) or 1.0
            left = x + 8
            for k, c in enumerate(n["counts"]):
                width = (w - 16) * c / total
                if width > 0:
                    out.append(f'<rect x="{left:.1f}" y="{y + h - 13}" width="{width:.1f}" '
                               f'height="7" fill="{colours[k]}"><title>'
                               f'{html.escape(str(data["classes"][k]))}: {fmt_count(c)}'
                               f'</title></rect>')
                left += width
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)
