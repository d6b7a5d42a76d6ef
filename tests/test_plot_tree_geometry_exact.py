"""``plot_tree``'s artists where the layout says, computed by hand from the tidy layout.

A node at layout ``(x, depth)`` has its box at ``(20 + 174 x, 20 + 114 depth)`` (margin 20,
spacings 174 and 114), 150 × 62; an edge runs from the middle of the parent's bottom to the
middle of the child's top; the class bar is 7 high, 13 above the box's bottom, 8 in from
each side, split in proportion to the counts; text shrinks with small caller axes, to 70 %.
"""

import matplotlib
import pytest
from matplotlib.colors import to_hex
from matplotlib.patches import FancyBboxPatch, Rectangle

import dtlearn as dt
from dtlearn.drawing.layout import branch_label_position
from dtlearn.drawing.tidy_layout import tree_layout
from dtlearn.plot.figures import plot_tree

matplotlib.use("Agg")
W, H, LINE = 150, 62, 14


@pytest.fixture(scope="module")
def tree():
    return dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_


def corner(pos, node_id):
    x, depth = pos[node_id]
    return 20 + 174 * x, 20 + 114 * depth


def test_boxes_edges_and_bars_sit_where_the_layout_says(tree):
    import matplotlib.pyplot as plt

    ax = plot_tree(tree)
    pos = tree_layout(tree)
    nodes = list(tree.nodes())
    boxes = [p for p in ax.patches if isinstance(p, FancyBboxPatch)]
    assert [(b.get_x(), b.get_y(), b.get_width(), b.get_height()) for b in boxes] == [
        (*corner(pos, n.node_id), W, H) for n in nodes
    ]
    edges = [(n, c) for n in nodes for c in n.children]
    got = [(list(ln.get_xdata()), list(ln.get_ydata())) for ln in ax.lines]
    want = []
    for parent, child in edges:
        (ax_, ay), (bx, by) = corner(pos, parent.node_id), corner(pos, child.node_id)
        want.append(([ax_ + W / 2, bx + W / 2], [ay + H, by]))
    assert sorted(got) == sorted(want)
    # the bars: yes (orange) then no (blue), 134 wide in all, at y + 62 - 13
    bars = [p for p in ax.patches if isinstance(p, Rectangle) and p.get_height() == 7]
    x0, y0 = corner(pos, 0)
    root_bars = [b for b in bars if b.get_y() == y0 + H - 13 and x0 < b.get_x() < x0 + W]
    assert [(b.get_x(), b.get_width()) for b in root_bars] == [
        (x0 + 8, 134 * 9 / 14),
        (x0 + 8 + 134 * 9 / 14, 134 * 5 / 14),
    ]
    assert [to_hex(b.get_facecolor()) for b in root_bars] == ["#e69f00", "#56b4e9"]
    assert len(bars) == 2 * tree.n_nodes  # one a class a node; a pure leaf's other is empty
    assert sorted(b.get_width() for b in bars)[:5] == [0.0] * 5
    assert sorted(b.get_width() for b in bars)[5] > 0
    assert ax.get_xlim() == (0.0, 20 + 174 * 3 + 150 + 20)
    assert ax.get_ylim() == (20 + 114 * 2 + 62 + 20, 0.0)
    plt.close(ax.figure)


def test_node_texts_and_branch_labels(tree):
    import matplotlib.pyplot as plt

    ax = plot_tree(tree)
    pos = tree_layout(tree)
    texts = {(t.get_text(), t.get_position()) for t in ax.texts}
    x, y = corner(pos, 0)
    # the root's three lines, one line height apart from y + 11
    assert ("outlook", (x + W / 2, y + 11)) in texts
    assert ("n = 14: yes 9, no 5", (x + W / 2, y + 11 + LINE)) in texts
    assert ("entropy 0.940", (x + W / 2, y + 11 + 2 * LINE)) in texts
    root = tree.root
    for child, branch in zip(root.children, ["= sunny", "= overcast", "= rainy"]):
        a = {"px": x, "py": y}
        cx, cy = corner(pos, child.node_id)
        lx, ly, anchor = branch_label_position(
            a, {"px": cx, "py": cy}, {"node_width": W, "node_height": H}
        )
        [label] = [t for t in ax.texts if t.get_text() == branch]
        assert label.get_position() == (lx, ly - 4)
        assert label.get_ha() == ("left" if anchor == "start" else "right")
    plt.close(ax.figure)


@pytest.mark.parametrize("size, scale", [((2.0, 1.0), 0.7), ((40.0, 20.0), 1.0)])
def test_text_on_the_callers_axes_shrinks_to_at_most_70_percent(tree, size, scale):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=size)
    plot_tree(tree, ax=ax)
    bold = {t.get_fontsize() for t in ax.texts if t.get_fontweight() == "bold"}
    plain = {t.get_fontsize() for t in ax.texts if t.get_fontweight() != "bold"}
    assert sorted(bold) == pytest.approx([7.5 * scale])
    assert sorted(plain) == pytest.approx([7 * scale])
    plt.close(fig)


def test_text_on_middle_sized_axes_shrinks_with_the_drawing(tree):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8.0, 8.0))
    plot_tree(tree, ax=ax)
    box = ax.get_position()
    # the drawing is 712 px wide at 100 px an inch; the axes are narrower than that
    scale = box.width * 8.0 * 100 / 712
    assert 0.7 < scale < 1.0
    bold = {t.get_fontsize() for t in ax.texts if t.get_fontweight() == "bold"}
    assert sorted(bold) == pytest.approx([7.5 * scale])
    plt.close(fig)


def test_text_on_low_axes_shrinks_with_the_drawings_height(tree):
    import matplotlib.pyplot as plt

    from dtlearn.drawing.layout import tree_view_data

    height = tree_view_data(tree, explain=False)["geometry"]["height"]
    fig = plt.figure(figsize=(40.0, 0.85 * height / 100))  # wide: the height decides
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    plot_tree(tree, ax=ax)
    bold = {t.get_fontsize() for t in ax.texts if t.get_fontweight() == "bold"}
    plain = {t.get_fontsize() for t in ax.texts if t.get_fontweight() != "bold"}
    assert sorted(bold) == pytest.approx([7.5 * 0.85], abs=1e-9)
    assert sorted(plain) == pytest.approx([7 * 0.85], abs=1e-9)
    plt.close(fig)
