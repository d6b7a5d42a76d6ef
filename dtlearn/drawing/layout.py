# About 410 logical lines: one idea, the JSON a tree view draws (positions, boxes, branch labels, folds, pruned states) and the static SVG that reads the same geometry.
"""Where each node of a tree is drawn, and the plain JSON every tree view shows.

Positions are computed here, in Python, where they can be tested; figures
(:func:`dtlearn.plot.plot_tree`) and the browser widget (:class:`dtlearn.widgets.TreeView`)
only draw what they are given. Node positions come from the tidy layout of
:mod:`dtlearn.drawing.tidy_layout` (Buchheim's), the texts from
:mod:`dtlearn.drawing.node_text`; here they become boxes sized to their texts, branch labels
placed beside their edges, and "+ n nodes" stubs for folded subtrees (:func:`fold_to_fit`
folds a wide tree's deep levels).

:func:`tree_view_data` turns a tree (and, optionally, the growth steps that made it) into
plain JSON: nodes with their text, counts and colours, edges with their conditions, and per
node the explanation (candidate table and chosen split) a student sees on clicking it.
:func:`tree_svg` renders that JSON as a static SVG picture (the fallback shown where
notebooks are read, not run).
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from ..display import CLASS_COLOURS
from ..formatting import fmt, fmt_count, plural
from ..tree import Node
from .node_text import (
    branch_text,
    count_line,
    impurity_name,
    node_explanation,
    node_label,
    wrap_text,
)
from .tidy_layout import tree_and_steps, tree_layout

__all__ = [
    "branch_label_box",
    "branch_label_position",
    "describe",
    "fold_to_fit",
    "label_limit",
    "pruned_view",
    "tree_and_steps",
    "tree_layout",
    "tree_svg",
    "tree_view_data",
]

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
MARGIN = 20
CHAR_WIDTH = 6.4  # mean advance of an 11 px sans-serif character
BOLD_CHAR_WIDTH = 7.0
LINE_HEIGHT = 14
TOGGLE_ROOM = 22  # each side of the label line: the fold toggle sits at the right
# a branch label: its halo box is LABEL_HEIGHT high, LABEL_PAD wider than the text each side,
# its bottom LABEL_LIFT above the child's box and its near side LABEL_CLEAR from the edge
LABEL_HEIGHT = 15
LABEL_PAD = 3
LABEL_LIFT = 3
LABEL_CLEAR = 4
# a folded subtree's "+ n nodes" stub: below its node's box
STUB_GAP = 10
STUB_HEIGHT = 18
FOLD_WIDTH = 960  # px: a view folds deep levels until its tree is this narrow at full size


def _plain(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def _label_text(node: dict) -> str:
    label = ("▶ " if node["highlighted"] else "") + node["label"]
    if node["open"]:
        label += " (open)"
    return label


def _box_geometry(nodes: list[dict], x_span: float, depth: float) -> dict:
    """Box size from the texts, the lines each box shows, and the picture's size."""
    need = NODE_WIDTH
    # a node drawn as a leaf in a pruned state (``as_leaf``) fits the same box
    boxes = nodes + [n["as_leaf"] for n in nodes if n.get("as_leaf")]
    for n in boxes:
        need = max(
            need,
            len(_label_text(n)) * BOLD_CHAR_WIDTH + 2 * TOGGLE_ROOM,
            len(n["summary"]) * CHAR_WIDTH + 16,
            len(n["impurity_text"]) * CHAR_WIDTH + 16,
        )
    width = int(min(MAX_NODE_WIDTH, max(MIN_NODE_WIDTH, need)))
    label_chars = (width - 2 * TOGGLE_ROOM) / BOLD_CHAR_WIDTH
    text_chars = (width - 16) / CHAR_WIDTH
    n_lines = 1
    for n in boxes:
        n["label_lines"] = wrap_text(_label_text(n), label_chars)
        n["summary_lines"] = wrap_text(n["summary"], text_chars)
        n_lines = max(n_lines, len(n["label_lines"]) + len(n["summary_lines"]) + 1)
    height = NODE_HEIGHT + (n_lines - 3) * LINE_HEIGHT
    x_spacing, y_spacing = width + X_GAP, height + Y_GAP
    for n in nodes:
        n["px"] = MARGIN + n["x"] * x_spacing
        n["py"] = MARGIN + n["y"] * y_spacing
    # a stub under a folded node of the deepest level needs room below the picture
    below = STUB_GAP + STUB_HEIGHT if any(n["stub"] and n["y"] == depth for n in nodes) else 0
    return {
        "node_width": width,
        "node_height": height,
        "x_spacing": x_spacing,
        "y_spacing": y_spacing,
        "margin": MARGIN,
        "line_height": LINE_HEIGHT,
        "stub_gap": STUB_GAP,
        "stub_height": STUB_HEIGHT,
        "label_height": LABEL_HEIGHT,
        "width": int(2 * MARGIN + x_span * x_spacing + width),
        "height": int(2 * MARGIN + depth * y_spacing + height + below),
    }


def tree_view_data(
    tree: Any,
    steps: Any = None,
    highlight_path: Any = None,
    collapsed: Iterable[int] = (),
    open_leaves: Iterable[int] = (),
    explain: bool = True,
    cache: dict | None = None,
    texts: dict | None = None,
    leaf_overlays: bool = False,
) -> dict:
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
    texts : dict, optional
        Node texts made by an earlier call, kept the same way (a pruning stepper's states
        share most of their nodes): a node whose split, counts and leafness are unchanged
        is not written out again.
    leaf_overlays : bool
        Give every inner node an ``as_leaf`` entry: the fields that change when a pruned
        state shows it as a leaf (see :func:`pruned_view`). A view stepping through the
        pruned states of one tree lays that tree out once and then sends only the ids it
        prunes.

    Returns
    -------
    dict
        JSON-ready: ``nodes`` (id, x, y, px, py, label, summary, counts, n, impurity,
        is_leaf, prediction, collapsed, hidden_nodes, ``stub`` ("+ n nodes" under a folded
        node, else ""), ``branches`` (an inner node's branch texts), explanation,
        label_lines and summary_lines as wrapped in the box, ...), ``edges`` (parent, child,
        condition, ``branch``: the condition without the parent's attribute, ``label``: the
        branch as shown, ``box``: its halo :func:`branch_label_box`, and ``tx``, ``ty``,
        ``anchor``: its text :func:`branch_label_position`), ``classes``,
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
    tree, steps = tree_and_steps(tree, steps)
    folded = set(int(i) for i in collapsed)
    opened = set(int(i) for i in open_leaves)
    by_node = {step.node_id: step for step in steps or ()}
    highlight = highlight_ids(highlight_path)
    pos = tree_layout(tree, folded)
    texts = {} if texts is None else texts
    state = {"folded": folded, "opened": opened, "lit": set(highlight)}
    nodes, edges = [], []
    for node, parent, branch in tree.nodes_with_depth_first_parents():
        if node.node_id not in pos:
            continue
        entry = _node_entry(tree, node, pos[node.node_id], state, texts)
        entry["explanation"] = (
            node_explanation(tree, node, by_node.get(node.node_id), cache) if explain else None
        )
        if leaf_overlays and not node.is_leaf:
            entry["as_leaf"] = _leaf_overlay(tree, node, state, texts)
        nodes.append(entry)
        if parent is not None:
            edges.append(_edge(tree, parent, node, branch, texts))
    geometry = _box_geometry(
        nodes, max(x for x, _ in pos.values()), max(y for _, y in pos.values())
    )
    _place_branch_labels(nodes, edges, geometry)
    classes = [_plain(c) for c in tree.classes] if tree.is_classifier else []
    return {
        "format": FORMAT,
        "target_name": str(tree.target_name),
        "is_classifier": tree.is_classifier,
        "classes": classes,
        "colours": [CLASS_COLOURS[i % len(CLASS_COLOURS)] for i in range(len(classes))],
        "n_nodes": tree.n_nodes,
        "n_leaves": tree.n_leaves,
        "depth": tree.depth,
        "nodes": nodes,
        "edges": edges,
        "highlight": highlight,
        "geometry": geometry,
    }


def _leaf_overlay(tree: Any, node: Node, state: dict, texts: dict) -> dict:
    """The fields of an inner node's entry that differ when a pruned state makes it a leaf."""
    leaf = Node(
        node.node_id,
        node.depth,
        node.n_samples,
        node.impurity,
        node.value,
        node.counts,
        None,
        [],
        None,
        node.label,
    )
    made, _ = _node_texts(tree, leaf, texts)
    return {
        "label": made["label"],
        "summary": made["summary"],
        "impurity_text": made["impurity_text"],
        "is_leaf": True,
        "prediction": made["prediction"],
        "prediction_index": made["prediction_index"],
        "branches": [],
        "collapsed": False,
        "hidden_nodes": 0,
        "stub": "",
        "open": False,
        "highlighted": False,
    }


def pruned_view(data: dict, pruned: Iterable[int]) -> dict:
    """The data a view shows once the nodes ``pruned`` are made leaves (their subtrees hidden).

    ``data`` comes from :func:`tree_view_data` with ``leaf_overlays=True``: a pruned node
    takes the fields of its ``as_leaf`` entry, everything below it goes, and the counts
    (``n_nodes``, ``n_leaves``, ``depth``) are those of the pruned tree. Nodes keep the
    places the whole tree gave them relative to one another, so stepping through pruned
    states moves no node against its neighbours; the picture is cropped to what is left
    (``geometry`` width and height, every ``px`` and branch label shifted alike), so a
    tree pruned to a few nodes is not drawn in a corner of the whole tree's canvas. The
    browser does the same (``prunedView`` in ``tree_view_math.js``).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> data = tree_view_data(ID3Classifier().fit(*load_play_tennis()), leaf_overlays=True)
    >>> shown = pruned_view(data, [1])
    >>> shown["n_nodes"], shown["n_leaves"], shown["nodes"][1]["is_leaf"]
    (6, 4, True)
    >>> root_only = pruned_view(data, [0])
    >>> g = root_only["geometry"]
    >>> root_only["nodes"][0]["px"] == g["margin"], g["width"] == g["node_width"] + 2 * g["margin"]
    (True, True)
    """
    cut = {int(i) for i in pruned}
    if not cut:
        return data
    gone: set[int] = set()
    for e in data["edges"]:  # edges are listed parent before child (pre-order)
        if e["parent"] in cut or e["parent"] in gone:
            gone.add(e["child"])
    nodes = [
        {**n, **n["as_leaf"]} if n["id"] in cut and n.get("as_leaf") else n
        for n in data["nodes"]
        if n["id"] not in gone
    ]
    edges = [e for e in data["edges"] if e["child"] not in gone]
    return {
        **data,
        **_cropped(data.get("geometry"), nodes, edges),
        "n_nodes": len(nodes),
        "n_leaves": sum(1 for n in nodes if n["is_leaf"]),
        "depth": max(n["depth"] for n in nodes),
    }


def _cropped(geometry: dict | None, nodes: list[dict], edges: list[dict]) -> dict:
    """Nodes, edges and geometry shifted and cut to the box the shown nodes need."""
    if not geometry or not nodes or "px" not in nodes[0]:
        return {"nodes": nodes, "edges": edges}
    g, margin = geometry, geometry["margin"]
    boxes = [e["box"] for e in edges if e.get("box")]
    left = min([n["px"] for n in nodes] + [b[0] for b in boxes]) - margin
    right = max([n["px"] + g["node_width"] for n in nodes] + [b[2] for b in boxes]) + margin
    stub = g["stub_gap"] + g["stub_height"]
    bottom = max(n["py"] + g["node_height"] + (stub if n.get("stub") else 0) for n in nodes)
    dx = max(0.0, left)
    shifted_edges = [
        {
            **e,
            "box": [e["box"][0] - dx, e["box"][1], e["box"][2] - dx, e["box"][3]],
            "tx": e["tx"] - dx,
        }
        if e.get("box")
        else e
        for e in edges
    ]
    return {
        "nodes": [{**n, "px": n["px"] - dx} for n in nodes],
        "edges": shifted_edges,
        "geometry": {
            **g,
            "width": int(math.ceil(right - dx)),
            "height": int(math.ceil(bottom + margin)),
        },
    }


def highlight_ids(highlight_path: Any) -> list[int]:
    """Node ids to highlight: a :class:`~dtlearn.tree.DecisionPath`'s, or the ids given.

    Examples
    --------
    >>> highlight_ids(None), highlight_ids((0, 2))
    ([], [0, 2])
    """
    if highlight_path is None:
        return []
    if hasattr(highlight_path, "steps") and hasattr(highlight_path, "leaf_id"):
        return [s.node_id for s in highlight_path.steps] + [highlight_path.leaf_id]
    return [int(i) for i in highlight_path]


def _node_texts(tree: Any, node: Node, texts: dict) -> tuple:
    """``(texts, conditions)`` of a node: the same for every state showing that node.

    ``texts`` keeps them between calls (a stepper's states, or a growing tree's, share
    most nodes); the value also holds the split and schema the key names by id, so those
    ids stay theirs.
    """
    key = (
        node.node_id,
        node.is_leaf,
        id(node.split),
        id(tree.schema),
        node.n_samples,
        float(node.impurity),
        None if node.counts is None else tuple(node.counts.tolist()),
    )
    if key not in texts:
        label = node_label(tree, node)
        conditions = [] if node.is_leaf else node.split.conditions(tree.schema)
        texts[key] = (
            {
                "label": label,
                "summary": count_line(tree, node),
                "counts": None if node.counts is None else [float(c) for c in node.counts],
                "n": float(node.n_samples),
                "impurity": float(node.impurity),
                "impurity_text": f"{impurity_name(tree)} {fmt(node.impurity)}",
                "is_leaf": node.is_leaf,
                "prediction": _plain(tree.label_of(node)),
                "prediction_index": node.predicted_index if tree.is_classifier else None,
                "branches": [branch_text(c, label) for c in conditions],
            },
            conditions,
            node.split,
            tree.schema,
        )
    return texts[key][:2]


def _node_entry(tree: Any, node: Node, position: tuple, state: dict, texts: dict) -> dict:
    """A node as the view draws it: position, texts and what the view marks on it."""
    made, _ = _node_texts(tree, node, texts)
    is_folded = node.node_id in state["folded"] and not node.is_leaf
    hidden = sum(1 for _ in _subtree(node)) - 1 if is_folded else 0
    return {
        "id": node.node_id,
        "x": position[0],
        "y": position[1],
        "depth": node.depth,
        "label": made["label"],
        "summary": made["summary"],
        "counts": made["counts"],
        "n": made["n"],
        "impurity": made["impurity"],
        "impurity_text": made["impurity_text"],
        "is_leaf": made["is_leaf"],
        "prediction": made["prediction"],
        "prediction_index": made["prediction_index"],
        "collapsed": is_folded,
        "hidden_nodes": hidden,
        "stub": f"+ {plural(hidden, 'node')}" if hidden else "",
        "branches": made["branches"],
        "open": node.node_id in state["opened"],
        "highlighted": node.node_id in state["lit"],
    }


def _edge(tree: Any, parent: Node, node: Node, branch: int, texts: dict) -> dict:
    """The edge from ``parent`` to its child ``node``: its condition and branch text."""
    made, conditions = _node_texts(tree, parent, texts)
    return {
        "parent": parent.node_id,
        "child": node.node_id,
        "condition": conditions[branch],
        "branch": made["branches"][branch],
    }


def _place_branch_labels(nodes: list[dict], edges: list[dict], geometry: dict) -> None:
    """Each edge's label as shown (shortened), its halo box and its text position."""
    where = {n["id"]: n for n in nodes}
    limit = label_limit(geometry)
    for e in edges:
        a, b = where[e["parent"]], where[e["child"]]
        e["label"] = _short(e["branch"], limit)
        e["box"] = list(branch_label_box(a, b, geometry, e["label"]))
        e["tx"], e["ty"], e["anchor"] = branch_label_position(a, b, geometry, e["label"])


def fold_to_fit(tree: Any, width: float = FOLD_WIDTH) -> list[int]:
    """The nodes to fold so that a tree's picture is at most ``width`` px wide at full size.

    Levels are unfolded from the top while the picture still fits: the result folds every
    inner node of the first level that would not (at least the root's children stay
    shown). A tree that fits as a whole folds nothing. Shown at full size, the text of a
    folded tree stays at its 11 px; each folded subtree shows a "+ n nodes" stub.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_car, load_play_tennis
    >>> fold_to_fit(ID3Classifier().fit(*load_play_tennis()))
    []
    >>> car = ID3Classifier().fit(*load_car()).tree_
    >>> folded = fold_to_fit(car)
    >>> sorted({n.depth for n in car.nodes() if n.node_id in folded})
    [1]
    >>> tree_view_data(car, collapsed=folded, explain=False)["geometry"]["width"] <= 960
    True
    """
    tree, _ = tree_and_steps(tree)
    if width <= 0:
        raise ValueError(f"width must be positive, got {width}")
    inner_at: dict[int, list[int]] = {}
    for node in tree.nodes():
        if not node.is_leaf:
            inner_at.setdefault(node.depth, []).append(node.node_id)

    def wide(folded: list[int]) -> float:
        return tree_view_data(tree, collapsed=folded, explain=False)["geometry"]["width"]

    if not inner_at or wide([]) <= width:  # a lone leaf has no level to fold
        return []
    chosen = inner_at.get(1, [])
    for depth in range(2, max(inner_at) + 1):
        if wide(inner_at[depth]) > width:
            break
        chosen = inner_at[depth]
    return list(chosen)


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
    what = (
        f"tree of {data['target_name']}: {plural(data['n_nodes'], 'node')}, "
        f"{plural(data['n_leaves'], 'leaf', 'leaves')}, depth {data['depth']}"
    )
    if data.get("classes"):
        what += ", classes " + ", ".join(str(c) for c in data["classes"])
    return what


def _short(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def branch_label_box(
    parent: dict, child: dict, geometry: dict, text: str
) -> tuple[float, float, float, float]:
    """The box ``(x0, y0, x1, y1)`` a branch label and its background halo take.

    The label sits just above the child's box on the outer side of its edge: left of an
    edge that runs down to the left, right of one that runs down or to the right. The edge
    moves away from the box as it rises, so the label never covers its own edge.

    Examples
    --------
    >>> g = {"node_width": 100, "node_height": 60}
    >>> branch_label_box({"px": 100, "py": 0}, {"px": 0, "py": 110}, g, "= sunny")
    (-4.8, 92.0, 46.0, 107.0)
    """
    w, h = geometry["node_width"], geometry["node_height"]
    x1, y1 = parent["px"] + w / 2, parent["py"] + h
    x2, y2 = child["px"] + w / 2, child["py"]
    bottom = y2 - LABEL_LIFT
    # where the edge crosses the label's bottom line: the label keeps clear of that point
    t = (bottom - y1) / (y2 - y1) if y2 != y1 else 1.0
    cross = x1 + t * (x2 - x1)
    width = len(text) * CHAR_WIDTH + 2 * LABEL_PAD
    if x2 < x1 - 1e-6:
        right = min(x2, cross) - LABEL_CLEAR
        return (
            round(right - width, 1),
            float(bottom - LABEL_HEIGHT),
            round(right, 1),
            float(bottom),
        )
    left = max(x2, cross) + LABEL_CLEAR
    return (round(left, 1), float(bottom - LABEL_HEIGHT), round(left + width, 1), float(bottom))


def branch_label_position(
    parent: dict, child: dict, geometry: dict, text: str = ""
) -> tuple[float, float, str]:
    """Where a branch label's text goes: ``(x, y, anchor)`` inside :func:`branch_label_box`.

    ``y`` is the text's baseline and ``anchor`` the SVG ``text-anchor`` (``"start"``: the
    text runs to the right of the edge, ``"end"``: to its left).

    Examples
    --------
    >>> g = {"node_width": 100, "node_height": 60}
    >>> branch_label_position({"px": 100, "py": 0}, {"px": 0, "py": 110}, g)
    (43.0, 103.0, 'end')
    """
    x0, _, x1, y1 = branch_label_box(parent, child, geometry, text)
    if child["px"] < parent["px"] - 1e-6:
        return round(x1 - LABEL_PAD, 1), y1 - 4, "end"
    return round(x0 + LABEL_PAD, 1), y1 - 4, "start"


def label_limit(geometry: dict) -> int:
    """How many characters a branch label shows (its full text is in its tooltip).

    Examples
    --------
    >>> label_limit({"node_width": 150})
    22
    """
    return max(12, int((geometry["node_width"] - 8) / CHAR_WIDTH))


def _branch_note(node: dict) -> str:
    branches = node.get("branches") or []
    return html.escape("; branches: " + " | ".join(branches)) if branches else ""


def tree_svg(data: dict, max_nodes: int = 400) -> str:
    """A static SVG picture of :func:`tree_view_data` output (for nbviewer, GitHub, HTML).

    Nodes show their label, counts (as text and as a bar of class colours) and impurity,
    wrapped as in the browser widget, with the full texts as tooltips; branch labels sit
    beside their edges on a white halo (:func:`branch_label_box`); a folded subtree shows a
    "+ n nodes" stub; highlighted nodes get a thick outline and a ``▶`` mark, so meaning
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
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="480" height="30">'
            f'<text x="4" y="20" font-family="sans-serif" font-size="13">'
            f"{html.escape(describe(data))} (too large to draw statically)</text></svg>"
        )
    w, h = g["node_width"], g["node_height"]
    line = g.get("line_height", LINE_HEIGHT)
    where = {n["id"]: n for n in data["nodes"]}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="dtlearn-tree-svg" '
        f'width="{g["width"]}" height="{g["height"]}" '
        f'viewBox="0 0 {g["width"]} {g["height"]}" font-family="sans-serif" '
        f'font-size="11" role="img" aria-label="{html.escape(describe(data))}">'
        f'<rect width="100%" height="100%" fill="white"/>'
    ]
    labels = []  # drawn after every edge: no later edge crosses an earlier label's halo
    for e in data["edges"]:
        a, b = where[e["parent"]], where[e["child"]]
        x1, y1 = a["px"] + w / 2, a["py"] + h
        x2, y2 = b["px"] + w / 2, b["py"]
        out.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#767676"/>'
        )
        if "box" not in e:  # JSON made before branch labels had boxes
            continue
        x0, y0, x1b, y1b = e["box"]
        labels.append(
            f'<g class="dtlearn-branch"><title>{html.escape(e["condition"])}</title>'
            f'<rect x="{x0}" y="{y0}" width="{x1b - x0:.1f}" height="{y1b - y0:.1f}" '
            f'rx="3" fill="white" fill-opacity="0.92"/>'
            f'<text x="{e["tx"]}" y="{e["ty"]}" text-anchor="{e["anchor"]}" '
            f'fill="#222">{html.escape(e["label"])}</text></g>'
        )
    out.extend(labels)
    colours = data["colours"]
    for n in data["nodes"]:
        x, y = n["px"], n["py"]
        lit = n["highlighted"]
        out.append(
            f'<g class="dtlearn-node" data-node-id="{n["id"]}">'
            f"<title>{html.escape(n['label'])}; {html.escape(n['summary'])}; "
            f"{html.escape(n['impurity_text'])}{_branch_note(n)}</title>"
        )
        dash = ' stroke-dasharray="4 3"' if n["open"] else ""
        out.append(
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="white" '
            f'stroke="{"#000" if lit else "#666"}" stroke-width="{3 if lit else 1}"'
            f"{dash}/>"
        )
        label_lines = n.get("label_lines") or [_label_text(n)]
        summary_lines = n.get("summary_lines") or [n["summary"]]
        ty = y + 15
        for text in label_lines:
            out.append(
                f'<text x="{x + w / 2}" y="{ty}" text-anchor="middle" '
                f'font-weight="bold">{html.escape(text)}</text>'
            )
            ty += line
        for text in summary_lines:
            out.append(
                f'<text x="{x + w / 2}" y="{ty}" text-anchor="middle">{html.escape(text)}</text>'
            )
            ty += line
        out.append(
            f'<text x="{x + w / 2}" y="{ty}" text-anchor="middle" fill="#444">'
            f"{html.escape(n['impurity_text'])}</text>"
        )
        if n["counts"]:
            total = sum(n["counts"]) or 1.0
            left = x + 8
            for k, c in enumerate(n["counts"]):
                width = (w - 16) * c / total
                if width > 0:
                    out.append(
                        f'<rect x="{left:.1f}" y="{y + h - 13}" width="{width:.1f}" '
                        f'height="7" fill="{colours[k]}"><title>'
                        f"{html.escape(str(data['classes'][k]))}: {fmt_count(c)}"
                        f"</title></rect>"
                    )
                left += width
        if n.get("stub"):
            sw = len(n["stub"]) * CHAR_WIDTH + 16
            sx, sy = x + (w - sw) / 2, y + h + g.get("stub_gap", STUB_GAP)
            out.append(
                f'<line x1="{x + w / 2}" y1="{y + h}" x2="{x + w / 2}" y2="{sy}" '
                f'stroke="#666" stroke-dasharray="2 2"/>'
                f'<rect x="{sx:.1f}" y="{sy}" width="{sw:.1f}" height="{STUB_HEIGHT}" '
                f'rx="9" fill="#eeeeee" stroke="#666" stroke-dasharray="2 2"/>'
                f'<text x="{x + w / 2}" y="{sy + 13}" text-anchor="middle">'
                f"{html.escape(n['stub'])}</text>"
            )
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)
