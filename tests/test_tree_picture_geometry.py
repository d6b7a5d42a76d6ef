"""The static tree pictures (SVG and matplotlib) draw exactly the layout's geometry.

Every element of :func:`dtlearn.drawing.layout.tree_svg` and every artist of
:func:`dtlearn.plot.figures.plot_tree` is recomputed here from the plain view data
(:func:`tree_view_data`: the boxes' corners ``px``/``py``, box size, line height) and
compared one by one: texts centred on their box, lines stacked from the box's top, the
class bar split in proportion to the counts, edges from the parent's bottom centre to the
child's top centre, a folded node's stub below its box.
"""

import xml.etree.ElementTree as ET

import matplotlib
import numpy as np
import pytest

from dtlearn import ID3Classifier, load_play_tennis
from dtlearn.drawing.layout import tree_svg, tree_view_data
from dtlearn.plot.figures import plot_tree

matplotlib.use("Agg")

SVG = "{http://www.w3.org/2000/svg}"


def tiny():
    X = np.array([["a"], ["a"], ["b"]], dtype=object)
    return ID3Classifier().fit(X, np.array(["yes", "yes", "no"]))


def test_tiny_tree_svg_by_hand():
    """Three nodes: every coordinate worked out from the 150 x 62 boxes at a 20 px margin."""
    svg = ET.fromstring(tree_svg(tree_view_data(tiny())))
    assert (svg.get("width"), svg.get("height"), svg.get("viewBox")) == (
        "364",
        "216",
        "0 0 364 216",
    )
    lines = [tuple(e.get(k) for k in ("x1", "y1", "x2", "y2")) for e in svg.findall(f"{SVG}line")]
    # root box at (107, 20): bottom centre (182, 82); leaves at (20, 134) and (194, 134)
    assert lines == [("182.0", "82.0", "95.0", "134.0"), ("182.0", "82.0", "269.0", "134.0")]
    # branch labels: "= a" is 3 x 6.4 px + 2 x 3 px of padding wide, 15 px high, its
    # bottom 3 px above the child's box, 4 px clear of the edge on the outer side
    halos = [
        (
            [b.find(f"{SVG}rect").get(k) for k in ("x", "y", "width", "height")],
            [b.find(f"{SVG}text").get(k) for k in ("x", "y", "text-anchor")],
            b.find(f"{SVG}text").text,
        )
        for b in svg.findall(f"{SVG}g[@class='dtlearn-branch']")
    ]
    assert halos == [
        (["65.8", "116.0", "25.2", "15.0"], ["88.0", "127.0", "end"], "= a"),
        (["273.0", "116.0", "25.2", "15.0"], ["276.0", "127.0", "start"], "= b"),
    ]
    groups = svg.findall(f"{SVG}g[@class='dtlearn-node']")
    assert [g.get("data-node-id") for g in groups] == ["0", "1", "2"]
    root = groups[0]
    assert (
        root.find(f"{SVG}title").text
        == "x0; n = 3: no 1, yes 2; entropy 0.918; branches: = a | = b"
    )
    texts = [(t.get("x"), t.get("y"), t.text) for t in root.findall(f"{SVG}text")]
    assert texts == [
        ("182.0", "35.0", "x0"),
        ("182.0", "49.0", "n = 3: no 1, yes 2"),
        ("182.0", "63.0", "entropy 0.918"),
    ]
    # class bar: 134 px wide from x = 115, one third "no", two thirds "yes"
    bars = [
        (r.get("x"), r.get("y"), r.get("width"), r.get("fill"), r.find(f"{SVG}title").text)
        for r in root.findall(f"{SVG}rect")[1:]
    ]
    assert bars == [
        ("115.0", "69.0", "44.7", "#E69F00", "no: 1"),
        ("159.7", "69.0", "89.3", "#56B4E9", "yes: 2"),
    ]
    leaf = groups[1]
    # a pure leaf draws one bar only (the zero-width one is left out)
    assert [r.get("width") for r in leaf.findall(f"{SVG}rect")] == ["150", "134.0"]
    assert [t.text for t in leaf.findall(f"{SVG}text")] == [
        "class = yes",
        "n = 2: no 0, yes 2",
        "entropy 0.000",
    ]
    box = leaf.find(f"{SVG}rect")
    assert (box.get("x"), box.get("y"), box.get("stroke"), box.get("stroke-width")) == (
        "20.0",
        "134.0",
        "#666",
        "1",
    )


def tennis_view():
    X, y = load_play_tennis()
    tree = ID3Classifier().fit(X, y).tree_
    overcast = [c.node_id for c in tree.root.children if c.is_leaf][0]
    deep = [c.node_id for c in tree.root.children if not c.is_leaf]
    return tree_view_data(tree, None, [0, deep[0]], collapsed=[deep[1]]), overcast, deep


def test_svg_elements_follow_the_view_data():
    data, _, deep = tennis_view()
    g = data["geometry"]
    w, h, line = g["node_width"], g["node_height"], g["line_height"]
    where = {n["id"]: n for n in data["nodes"]}
    svg = ET.fromstring(tree_svg(data))
    edges = [
        tuple(float(e.get(k)) for k in ("x1", "y1", "x2", "y2")) for e in svg.findall(f"{SVG}line")
    ]
    assert edges == [
        (
            round(where[e["parent"]]["px"] + w / 2, 1),
            round(where[e["parent"]]["py"] + h, 1),
            round(where[e["child"]]["px"] + w / 2, 1),
            round(where[e["child"]]["py"], 1),
        )
        for e in data["edges"]
    ]
    branches = svg.findall(f"{SVG}g[@class='dtlearn-branch']")
    assert [b.find(f"{SVG}text").text for b in branches] == [e["label"] for e in data["edges"]]
    for b, e in zip(branches, data["edges"]):
        r = b.find(f"{SVG}rect")
        x0, y0, x1, y1 = e["box"]
        assert (float(r.get("x")), float(r.get("y"))) == (x0, y0)
        assert float(r.get("width")) == pytest.approx(x1 - x0, abs=0.05)
        assert float(r.get("height")) == pytest.approx(y1 - y0, abs=0.05)
        t = b.find(f"{SVG}text")
        assert (float(t.get("x")), float(t.get("y")), t.get("text-anchor")) == (
            e["tx"],
            e["ty"],
            e["anchor"],
        )
    for grp in svg.findall(f"{SVG}g[@class='dtlearn-node']"):
        n = where[int(grp.get("data-node-id"))]
        box = grp.find(f"{SVG}rect")
        assert (float(box.get("x")), float(box.get("y"))) == (n["px"], n["py"])
        assert box.get("stroke") == ("#000" if n["highlighted"] else "#666")
        assert box.get("stroke-width") == ("3" if n["highlighted"] else "1")
        texts = [t for t in grp.findall(f"{SVG}text")]
        wanted = n["label_lines"] + n["summary_lines"] + [n["impurity_text"]]
        if n["stub"]:
            wanted.append(n["stub"])
        assert [t.text for t in texts] == wanted
        for i, t in enumerate(texts[: len(wanted) - bool(n["stub"])]):
            assert float(t.get("x")) == n["px"] + w / 2
            assert float(t.get("y")) == n["py"] + 15 + i * line
        bars = [r for r in grp.findall(f"{SVG}rect") if r.get("height") == "7"]
        total = sum(n["counts"])
        shown = [(k, c) for k, c in enumerate(n["counts"]) if c > 0]
        assert [r.get("fill") for r in bars] == [data["colours"][k] for k, _ in shown]
        left = n["px"] + 8
        for r, (k, c) in zip(bars, shown):
            before = sum(n["counts"][:k])
            assert float(r.get("x")) == pytest.approx(left + (w - 16) * before / total, abs=0.05)
            assert float(r.get("width")) == pytest.approx((w - 16) * c / total, abs=0.05)
            assert float(r.get("y")) == n["py"] + h - 13
        if n["stub"]:
            stub_rect = [r for r in grp.findall(f"{SVG}rect") if r.get("rx") == "9"][0]
            sw = len(n["stub"]) * 6.4 + 16
            sy = n["py"] + h + g["stub_gap"]
            assert float(stub_rect.get("x")) == pytest.approx(n["px"] + (w - sw) / 2, abs=0.05)
            assert float(stub_rect.get("y")) == sy
            assert float(stub_rect.get("width")) == pytest.approx(sw, abs=0.05)
            assert (float(texts[-1].get("x")), float(texts[-1].get("y"))) == (
                n["px"] + w / 2,
                sy + 13,
            )
    # the highlighted path [0, deep[0]]: exactly those two boxes are thick, with a ▶ mark
    thick = [
        int(grp.get("data-node-id"))
        for grp in svg.findall(f"{SVG}g[@class='dtlearn-node']")
        if grp.find(f"{SVG}rect").get("stroke-width") == "3"
    ]
    assert thick == [0, deep[0]]
    assert where[0]["label_lines"][0].startswith("▶ ")
    assert where[deep[1]]["stub"] == "+ 2 nodes"


def test_svg_of_a_large_view_is_one_line_of_text():
    data = tree_view_data(tiny())
    svg = tree_svg(data, max_nodes=2)
    assert svg == (
        '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="30">'
        '<text x="4" y="20" font-family="sans-serif" font-size="13">'
        "tree of class: 3 nodes, 2 leaves, depth 1, classes no, yes "
        "(too large to draw statically)</text></svg>"
    )
    assert tree_svg(data, max_nodes=3).startswith('<svg xmlns="http://www.w3.org/2000/svg" class=')


def test_plot_tree_artists_follow_the_view_data():
    from matplotlib.patches import FancyBboxPatch, Rectangle

    X, y = load_play_tennis()
    model = ID3Classifier().fit(X, y)
    ax = plot_tree(model, highlight_path=[0])
    data = tree_view_data(model.tree_, None, [0], explain=False)
    g = data["geometry"]
    w, h, line = g["node_width"], g["node_height"], g["line_height"]
    where = {n["id"]: n for n in data["nodes"]}
    drawn = [(list(ln.get_xdata()), list(ln.get_ydata())) for ln in ax.lines]
    assert drawn == [
        (
            [where[e["parent"]]["px"] + w / 2, where[e["child"]]["px"] + w / 2],
            [where[e["parent"]]["py"] + h, where[e["child"]]["py"]],
        )
        for e in data["edges"]
    ]
    boxes = [p for p in ax.patches if isinstance(p, FancyBboxPatch)]
    assert [(p.get_x(), p.get_y(), p.get_width(), p.get_height()) for p in boxes] == [
        (n["px"], n["py"], w, h) for n in data["nodes"]
    ]
    assert [p.get_linewidth() for p in boxes] == [
        2.5 if n["highlighted"] else 1 for n in data["nodes"]
    ]
    texts = {
        (round(t.get_position()[0], 6), round(t.get_position()[1], 6), t.get_text())
        for t in ax.texts
    }
    for n in data["nodes"]:
        ty = n["py"] + 11
        for text in n["label_lines"] + n["summary_lines"] + [n["impurity_text"]]:
            assert (round(n["px"] + w / 2, 6), round(ty, 6), text) in texts
            ty += line
    bars = [p for p in ax.patches if isinstance(p, Rectangle) and p.get_height() == 7]
    expected = []
    for n in data["nodes"]:
        total = sum(n["counts"])
        left = n["px"] + 8
        for c in n["counts"]:
            expected.append(
                (pytest.approx(left), n["py"] + h - 13, pytest.approx((w - 16) * c / total))
            )
            left += (w - 16) * c / total
    assert [(p.get_x(), p.get_y(), p.get_width()) for p in bars] == expected
    assert ax.get_xlim() == (0, g["width"]) and ax.get_ylim() == (g["height"], 0)


def test_plot_tree_max_depth_draws_stubs_below_the_folded_boxes():
    X, y = load_play_tennis()
    model = ID3Classifier().fit(X, y)
    ax = plot_tree(model, max_depth=1)
    data = tree_view_data(model.tree_, None, None, [1, 2, 3], explain=False)
    g = data["geometry"]
    stubs = [n for n in data["nodes"] if n["stub"]]
    assert [n["stub"] for n in stubs] == ["+ 2 nodes", "+ 2 nodes"]
    drawn = {(t.get_position(), t.get_text()) for t in ax.texts if t.get_text().startswith("+ ")}
    assert drawn == {
        (
            (n["px"] + g["node_width"] / 2, n["py"] + g["node_height"] + 10 + 18 / 2),
            n["stub"],
        )
        for n in stubs
    }
