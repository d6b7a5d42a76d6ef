"""The static SVG of a tree view, element by element, against the geometry it is drawn from.

:func:`dtlearn.drawing.layout.tree_svg` draws the JSON of
:func:`~dtlearn.drawing.layout.tree_view_data`. Every drawn number is worked out here from
that JSON's positions and the rules the module states: a node's text lines start 15 px below
its top, one ``line_height`` apart; its class bar is 7 px high, 13 px above its bottom and
8 px in from each side; a "+ n nodes" stub hangs ``stub_gap`` below its box, 18 px high and
as wide as its text at 6.4 px a character plus 16 px. The picture is read as XML, not as
pixels.
"""

import xml.etree.ElementTree as ET

import pytest

import dtlearn as dt
from dtlearn.drawing.layout import (
    branch_label_box,
    branch_label_position,
    describe,
    tree_svg,
    tree_view_data,
)

SVG = "{http://www.w3.org/2000/svg}"
ORANGE, SKY = "#E69F00", "#56B4E9"  # the palette's first two class colours (display.py)


@pytest.fixture(scope="module")
def data():
    # sunny (1) folded, overcast's leaf (2) open, the root and rainy (3) highlighted
    model = dt.ID3Classifier().fit(*dt.load_play_tennis())
    return tree_view_data(model, collapsed=[1], open_leaves=[2], highlight_path=[0, 3])


@pytest.fixture(scope="module")
def svg(data):
    return ET.fromstring(tree_svg(data))


def node_group(svg, node_id):
    (group,) = [g for g in svg.iter(f"{SVG}g") if g.get("data-node-id") == str(node_id)]
    return group


def test_the_picture_carries_its_size_and_says_what_it_shows(data, svg):
    g = data["geometry"]
    assert svg.get("width") == str(g["width"]) and svg.get("height") == str(g["height"])
    assert svg.get("viewBox") == f"0 0 {g['width']} {g['height']}"
    assert svg.get("font-size") == "11" and svg.get("font-family") == "sans-serif"
    assert svg.get("role") == "img" and svg.get("class") == "dtlearn-tree-svg"
    assert svg.get("aria-label") == "tree of play: 8 nodes, 5 leaves, depth 2, classes yes, no"
    paper = svg.find(f"{SVG}rect")
    assert paper.attrib == {"width": "100%", "height": "100%", "fill": "white"}


def test_edges_run_from_the_parents_bottom_middle_to_the_childs_top_middle(data, svg):
    w, h = data["geometry"]["node_width"], data["geometry"]["node_height"]
    at = {n["id"]: n for n in data["nodes"]}
    lines = svg.findall(f"{SVG}line")  # the edges: direct children of the picture
    assert len(lines) == len(data["edges"]) == 5
    for line, e in zip(lines, data["edges"]):
        a, b = at[e["parent"]], at[e["child"]]
        assert line.attrib == {
            "x1": f"{a['px'] + w / 2:.1f}",
            "y1": f"{a['py'] + h:.1f}",
            "x2": f"{b['px'] + w / 2:.1f}",
            "y2": f"{b['py']:.1f}",
            "stroke": "#767676",
        }


def test_branch_labels_sit_on_their_halo_with_the_full_condition_as_tooltip(data, svg):
    groups = [g for g in svg.iter(f"{SVG}g") if g.get("class") == "dtlearn-branch"]
    assert [g.find(f"{SVG}title").text for g in groups] == [
        "outlook = sunny",
        "outlook = overcast",
        "outlook = rainy",
        "windy = TRUE",
        "windy = FALSE",
    ]
    for group, e in zip(groups, data["edges"]):
        x0, y0, x1, y1 = e["box"]
        halo = group.find(f"{SVG}rect")
        assert halo.attrib == {
            "x": str(x0),
            "y": str(y0),
            "width": f"{x1 - x0:.1f}",
            "height": f"{y1 - y0:.1f}",
            "rx": "3",
            "fill": "white",
            "fill-opacity": "0.92",
        }
        text = group.find(f"{SVG}text")
        assert text.text == e["label"]
        assert text.attrib == {
            "x": str(e["tx"]),
            "y": str(e["ty"]),
            "text-anchor": e["anchor"],
            "fill": "#222",
        }
    # halos are 15 px high, their text's baseline 4 px above their bottom
    assert {e["box"][3] - e["box"][1] for e in data["edges"]} == {15.0}
    assert all(e["ty"] == e["box"][3] - 4 for e in data["edges"])


def test_labels_are_drawn_after_every_edge(svg):
    kinds = [child.tag.removeprefix(SVG) for child in svg]
    last_line = max(i for i, k in enumerate(kinds) if k == "line")
    first_group = min(i for i, k in enumerate(kinds) if k == "g")
    assert last_line < first_group


def test_a_node_box_its_outline_and_its_text_lines(data, svg):
    w, h = data["geometry"]["node_width"], data["geometry"]["node_height"]
    line = data["geometry"]["line_height"]
    for n in data["nodes"]:
        group = node_group(svg, n["id"])
        box = group.find(f"{SVG}rect")
        lit = n["id"] in (0, 3)
        want = {
            "x": str(n["px"]),
            "y": str(n["py"]),
            "width": str(w),
            "height": str(h),
            "rx": "6",
            "fill": "white",
            "stroke": "#000" if lit else "#666",
            "stroke-width": "3" if lit else "1",
        }
        if n["id"] == 2:  # a leaf still open for growth: dashed
            want["stroke-dasharray"] = "4 3"
        assert box.attrib == want
        texts = group.findall(f"{SVG}text")
        lines = n["label_lines"] + n["summary_lines"] + [n["impurity_text"]]
        if n["stub"]:
            lines.append(n["stub"])
        assert [t.text for t in texts] == lines
        for k, t in enumerate(texts[: len(lines) - bool(n["stub"])]):
            assert t.get("x") == str(n["px"] + w / 2)
            assert t.get("y") == str(n["py"] + 15 + k * line)
            assert t.get("text-anchor") == "middle"
        bold = [t.text for t in texts if t.get("font-weight") == "bold"]
        assert bold == n["label_lines"]
        assert [t.text for t in texts if t.get("fill") == "#444"] == [n["impurity_text"]]


def test_the_marks_of_a_highlighted_an_open_and_a_folded_node(data, svg):
    texts = {
        n["id"]: [t.text for t in node_group(svg, n["id"]).findall(f"{SVG}text")]
        for n in data["nodes"]
    }
    assert texts[0][0] == "▶ outlook" and texts[3][0] == "▶ windy"
    assert texts[2][0] == "play = yes (open)"
    assert texts[1] == ["humidity", "n = 5: yes 2, no 3", "entropy 0.971", "+ 2 nodes"]
    assert node_group(svg, 0).find(f"{SVG}title").text == (
        "outlook; n = 14: yes 9, no 5; entropy 0.940; branches: = sunny | = overcast | = rainy"
    )
    assert node_group(svg, 2).find(f"{SVG}title").text == (
        "play = yes; n = 4: yes 4, no 0; entropy 0.000"
    )


def test_class_bars_split_the_inner_width_by_the_counts(data, svg):
    w, h = data["geometry"]["node_width"], data["geometry"]["node_height"]
    root = node_group(svg, 0)
    bars = root.findall(f"{SVG}rect")[1:]
    inner = w - 16
    x, y = data["nodes"][0]["px"], data["nodes"][0]["py"]
    assert [b.attrib for b in bars] == [
        {
            "x": f"{x + 8:.1f}",
            "y": str(y + h - 13),
            "width": f"{inner * 9 / 14:.1f}",
            "height": "7",
            "fill": ORANGE,
        },
        {
            "x": f"{x + 8 + inner * 9 / 14:.1f}",
            "y": str(y + h - 13),
            "width": f"{inner * 5 / 14:.1f}",
            "height": "7",
            "fill": SKY,
        },
    ]
    assert [b.find(f"{SVG}title").text for b in bars] == ["yes: 9", "no: 5"]
    # a pure leaf: one bar over the whole inner width, in its class's colour
    (only,) = node_group(svg, 6).findall(f"{SVG}rect")[1:]
    assert only.get("width") == f"{inner:.1f}" and only.get("fill") == SKY
    assert only.find(f"{SVG}title").text == "no: 2"


def test_a_folded_node_hangs_its_stub_below_its_box(data, svg):
    g = data["geometry"]
    w, h = g["node_width"], g["node_height"]
    n = next(n for n in data["nodes"] if n["id"] == 1)
    x, y = n["px"], n["py"]
    group = node_group(svg, 1)
    stub_width = len("+ 2 nodes") * 6.4 + 16
    top = y + h + 10
    (line,) = group.findall(f"{SVG}line")
    assert line.attrib == {
        "x1": str(x + w / 2),
        "y1": str(y + h),
        "x2": str(x + w / 2),
        "y2": str(top),
        "stroke": "#666",
        "stroke-dasharray": "2 2",
    }
    stub = group.findall(f"{SVG}rect")[-1]
    assert stub.attrib == {
        "x": f"{x + (w - stub_width) / 2:.1f}",
        "y": str(top),
        "width": f"{stub_width:.1f}",
        "height": "18",
        "rx": "9",
        "fill": "#eeeeee",
        "stroke": "#666",
        "stroke-dasharray": "2 2",
    }
    text = group.findall(f"{SVG}text")[-1]
    assert text.attrib == {"x": str(x + w / 2), "y": str(top + 13), "text-anchor": "middle"}
    assert text.text == "+ 2 nodes"
    # the geometry's own stub gap is what the picture uses
    wider = {**data, "geometry": {**g, "stub_gap": 30}}
    moved = node_group(ET.fromstring(tree_svg(wider)), 1).findall(f"{SVG}rect")[-1]
    assert moved.get("y") == str(y + h + 30)


def test_json_without_stub_gap_or_line_height_falls_back_to_the_module_constants(data):
    g = {k: v for k, v in data["geometry"].items() if k not in ("stub_gap", "line_height")}
    old = ET.fromstring(tree_svg({**data, "geometry": g}))
    group = node_group(old, 1)
    y, h = data["nodes"][1]["py"], g["node_height"]
    assert group.findall(f"{SVG}rect")[-1].get("y") == str(y + h + 10)
    assert [t.get("y") for t in group.findall(f"{SVG}text")[:3]] == [
        str(y + 15),
        str(y + 15 + 14),
        str(y + 15 + 28),
    ]


def test_json_without_wrapped_lines_or_boxes_still_draws(data):
    nodes = [
        {k: v for k, v in n.items() if k not in ("label_lines", "summary_lines")}
        for n in data["nodes"]
    ]
    edges = [{k: v for k, v in e.items() if k != "box"} for e in data["edges"]]
    old = ET.fromstring(tree_svg({**data, "nodes": nodes, "edges": edges}))
    assert not [g for g in old.iter(f"{SVG}g") if g.get("class") == "dtlearn-branch"]
    assert len(old.findall(f"{SVG}line")) == 5
    texts = [t.text for t in node_group(old, 0).findall(f"{SVG}text")]
    assert texts == ["▶ outlook", "n = 14: yes 9, no 5", "entropy 0.940"]
    assert [t.text for t in node_group(old, 2).findall(f"{SVG}text")][0] == "play = yes (open)"


def test_too_many_nodes_give_one_line_of_text(data):
    assert tree_svg(data, max_nodes=5) == (
        '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="30">'
        '<text x="4" y="20" font-family="sans-serif" font-size="13">'
        f"{describe(data)} (too large to draw statically)</text></svg>"
    )
    assert tree_svg(data, max_nodes=6).startswith('<svg xmlns="http://www.w3.org/2000/svg" class=')


def test_a_label_keeps_clear_of_where_its_edge_crosses_its_bottom_line():
    # boxes 100 x 60; the child's top (y 50) lies above the parent's bottom (y 60), so the
    # edge from (150, 60) to (50, 50), extended, crosses the label's bottom line (y 47) at
    # t = (47 - 60) / (50 - 60) = 1.3: x = 150 + 1.3 * (50 - 150) = 20, left of the child's
    # middle; the label ends 4 px before that crossing, its text 7 * 6.4 + 2 * 3 px wide
    g = {"node_width": 100, "node_height": 60}
    parent, child = {"px": 100, "py": 0}, {"px": 0, "py": 50}
    width = 7 * 6.4 + 6
    assert branch_label_box(parent, child, g, "= sunny") == (
        round(16 - width, 1),
        32.0,
        16.0,
        47.0,
    )
    assert branch_label_position(parent, child, g, "= sunny") == (13.0, 43.0, "end")
    # mirrored: an edge running right starts 4 px after its crossing at x = 280
    parent, child = {"px": 100, "py": 0}, {"px": 200, "py": 50}
    assert branch_label_box(parent, child, g, "= sunny") == (
        284.0,
        32.0,
        round(284 + width, 1),
        47.0,
    )
    assert branch_label_position(parent, child, g, "= sunny") == (287.0, 43.0, "start")


def test_a_child_level_with_its_parent_keeps_its_label_beside_its_own_middle():
    # y2 == y1: no crossing to compute (t = 1): the label starts 4 px right of x2 = 250
    g = {"node_width": 100, "node_height": 60}
    parent, child = {"px": 0, "py": 0}, {"px": 200, "py": 60}
    assert branch_label_box(parent, child, g, "ab") == (
        254.0,
        42.0,
        round(254 + 2 * 6.4 + 6, 1),
        57.0,
    )
    # straight down: an edge that does not run left gets its label on the right
    below = {"px": 0, "py": 110}
    assert branch_label_box(parent, below, g, "ab") == (54.0, 92.0, 72.8, 107.0)
    assert branch_label_position(parent, below, g, "ab") == (57.0, 103.0, "start")
