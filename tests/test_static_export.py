"""Notebooks read without a kernel (nbconvert HTML, a course site) show each widget's fallback.

A notebook with a TreeView, an app and a figure is executed headless and exported by
nbconvert's HTML exporter twice: with its widget state stripped (as the course's reference
outputs are) and with the state ``nbconvert --execute`` stores. Both pages must show the
static fallbacks in the cells' outputs, readable offline: the tree as an SVG image, the
app's figure as a PNG, each with its caption (with stored state the exporter renders the
widget view, which needs a CDN script: the picture is an output of its own).
"""

import base64
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbconvert import HTMLExporter

import dtlearn as dt

ROOT = Path(__file__).resolve().parents[1]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

CELLS = [
    "import dtlearn as dt\nfrom dtlearn.widgets import TreeView, ID3Builder\n"
    "X, y = dt.load_play_tennis()",
    "TreeView(dt.ID3Classifier().fit(X, y))",
    "app = ID3Builder(X, y)\napp.choose('outlook')\napp",
    "dt.plot.impurity_curves();",
]


def _images(html_text):
    """The (mime type, decoded payload) of every data-URL image in an HTML page."""
    found = []
    for mime, payload in re.findall(
        r'src="data:(image/[a-z+]+);base64,([A-Za-z0-9+/=]+)"', html_text
    ):
        found.append((mime, base64.b64decode(payload)))
    return found


def _strip_widget_state(nb):
    nb = nbformat.from_dict(nb)
    nb.metadata.pop("widgets", None)
    return nb


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    workdir = tmp_path_factory.mktemp("static-export")
    NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        store_widget_state=True,
        resources={"metadata": {"path": str(workdir)}},
    ).execute()
    return nb


@pytest.fixture(scope="module")
def exported(executed):
    nb = _strip_widget_state(executed)
    body, _ = HTMLExporter().from_notebook_node(nb)
    return nb, body


@pytest.fixture(scope="module")
def exported_with_state(executed):
    assert "widgets" in executed.metadata  # what nbconvert --execute stores
    body, _ = HTMLExporter().from_notebook_node(executed)
    return executed, body


def test_executed_outputs_carry_widget_views_and_fallbacks(exported):
    nb, _ = exported
    for cell, caption in (
        (1, "TreeView: tree of play: 8 nodes, 5 leaves, depth 2, classes yes, no"),
        (2, "ID3Builder: your tree: 3 leaves"),
    ):
        view, picture = nb.cells[cell].outputs
        assert WIDGET_VIEW in view["data"]  # a live kernel shows the widget
        assert view["data"]["text/plain"].startswith(caption)
        assert view["data"]["text/html"] == ""  # the picture is the next output, once
        assert "image/svg+xml" not in view["data"]
        # the picture: its own output, no inline <svg> for JupyterLab's sanitiser to strip
        assert list(picture["data"]) == ["text/html"]
        assert "<svg" not in picture["data"]["text/html"]
        assert 'class="dtlearn-static dtlearn-export-fallback"' in picture["data"]["text/html"]
        assert f"<p>{caption}" in picture["data"]["text/html"]


def _pictures_shown(body):
    images = _images(body)
    svgs = [payload.decode() for mime, payload in images if mime == "image/svg+xml"]
    pngs = [payload for mime, payload in images if mime == "image/png"]
    return svgs, pngs


def test_html_export_with_stored_widget_state_shows_every_picture(exported_with_state):
    _, body = exported_with_state
    # the exporter renders the widget views (for a CDN-loaded widget manager) ...
    assert body.count(f'<script type="{WIDGET_VIEW}">') == 2
    # ... and the pictures, with their captions, outside them: readable with no script
    svgs, pngs = _pictures_shown(body)
    assert len(svgs) >= 2 and all(svg.startswith("<svg") and "outlook" in svg for svg in svgs)
    assert len(pngs) == 1 and pngs[0].startswith(b"\x89PNG\r\n\x1a\n")
    assert '<img alt="TreeView: tree of play' in body
    assert "<p>ID3Builder: your tree: 3 leaves, 71% training" in body
    for caption in ('<img alt="TreeView: tree of play', "<p>ID3Builder: your tree"):
        at = body.index(caption)
        opened = body.rfind("<div", 0, at)
        assert "jupyter-widgets" not in body[opened:at]  # not inside a widget's area


def test_html_export_shows_the_fallbacks_not_a_widget_placeholder(exported):
    _, body = exported
    assert WIDGET_VIEW not in body  # no <script type=widget-view> left for a missing model
    assert "Error displaying widget" not in body
    images = _images(body)
    svgs = [payload.decode() for mime, payload in images if mime == "image/svg+xml"]
    pngs = [payload for mime, payload in images if mime == "image/png"]
    # the TreeView and the tree inside the app: both decode to real SVG drawings of play
    assert len(svgs) >= 2
    assert all(svg.startswith("<svg") and "outlook" in svg for svg in svgs)
    # the matplotlib figure: a real PNG file
    assert len(pngs) == 1 and pngs[0].startswith(b"\x89PNG\r\n\x1a\n")
    assert '<img alt="TreeView: tree of play' in body
    assert "<p>ID3Builder: your tree: 3 leaves, 71% training" in body


def test_html_export_keeps_order_tree_in_its_cell(exported):
    _, body = exported
    # the tree image belongs to the TreeView cell: it comes after its source, before the app's
    tree_at = body.index('<img alt="TreeView: tree of play')
    assert body.index("TreeView</span>") < tree_at < body.index("ID3Builder</span><span")


COURSE = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", [p for p in COURSE if "02_id3" in p.name], ids=lambda p: p.name)
def test_committed_student_notebook_exports_with_fallbacks(path):
    nb = nbformat.read(path, as_version=4)
    assert "widgets" not in nb.metadata  # reference outputs are stored without widget state
    views = [
        o
        for cell in nb.cells
        if cell.cell_type == "code"
        for o in cell.get("outputs", [])
        if WIDGET_VIEW in o.get("data", {})
    ]
    assert views, "the notebook should display a widget"
    body, _ = HTMLExporter().from_notebook_node(nb)
    assert WIDGET_VIEW not in body
    drawings = len(re.findall(r"<svg\b|data:image/(?:svg\+xml|png);base64,", body))
    assert drawings >= len(views)


# --- branch labels of the static SVG, checked by geometry (not pixels) -------------------


def _segment_hits_box(x1, y1, x2, y2, box):
    """Whether the segment (x1, y1)-(x2, y2) meets the closed box (Liang-Barsky clipping)."""
    x0, y0, xb, yb = box
    t0, t1 = 0.0, 1.0
    dx, dy = x2 - x1, y2 - y1
    for p, q in ((-dx, x1 - x0), (dx, xb - x1), (-dy, y1 - y0), (dy, yb - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def test_segment_box_helper_is_right():
    assert _segment_hits_box(0, 0, 10, 10, (4, 4, 6, 6))
    assert not _segment_hits_box(0, 0, 10, 10, (6, 0, 10, 3))  # beside the diagonal
    assert _segment_hits_box(0, 5, 10, 5, (4, 0, 6, 10))  # crossing it
    assert not _segment_hits_box(5, 0, 5, 10, (6, 0, 9, 10))  # right of a vertical line


def _labelled_edges(svg):
    """(edge line, label halo box, label text element) of every branch in a tree_svg drawing."""
    import xml.etree.ElementTree as ET

    ns = {"s": "http://www.w3.org/2000/svg"}
    root = ET.fromstring(svg)
    lines = [
        tuple(float(el.get(k)) for k in ("x1", "y1", "x2", "y2"))
        for el in root.findall("s:line", ns)
    ]
    labels = []
    for g in root.findall("s:g[@class='dtlearn-branch']", ns):
        r, t = g.find("s:rect", ns), g.find("s:text", ns)
        x, y = float(r.get("x")), float(r.get("y"))
        labels.append(((x, y, x + float(r.get("width")), y + float(r.get("height"))), t))
    boxes = []
    for g in root.findall("s:g[@class='dtlearn-node']", ns):
        r = g.find("s:rect", ns)
        x, y = float(r.get("x")), float(r.get("y"))
        boxes.append((x, y, x + float(r.get("width")), y + float(r.get("height"))))
    return lines, labels, boxes


def _tree(name):
    """A fitted model and the nodes to fold: multiway, binary, numeric and folded trees."""
    from dtlearn.drawing.layout import fold_to_fit

    if name == "tennis":
        return dt.ID3Classifier().fit(*dt.load_play_tennis()), ()
    if name.startswith("car"):
        car = dt.ID3Classifier().fit(*dt.load_car())
        if name == "car folded":
            return car, fold_to_fit(car)
        return car, [n.node_id for n in car.tree_.nodes() if n.depth == 3]
    X, y = dt.load_vote()
    keep = X.notna().all(axis=1)
    if name == "vote binary":
        return dt.CARTClassifier(max_depth=4).fit(X[keep], y[keep]), ()
    return dt.C45Classifier().fit(X, y), ()


@pytest.mark.parametrize(
    "name", ["tennis", "car folded", "car depth 3", "vote binary", "vote C4.5"]
)
def test_branch_labels_sit_beside_their_edges_on_a_halo(name):
    from dtlearn.drawing.layout import tree_svg, tree_view_data

    model, folded = _tree(name)
    data = tree_view_data(model, collapsed=folded, explain=False)
    lines, labels, boxes = _labelled_edges(tree_svg(data))
    assert len(lines) >= len(data["edges"]) == len(labels) > 0
    for (x1, y1, x2, y2), (box, text) in zip(lines, labels):
        # the label's halo never covers its own edge, not even touching it
        assert not _segment_hits_box(x1, y1, x2, y2, box), (name, box, text.text)
        # the halo holds its text: the anchor inside, the text no wider than the box
        tx, ty = float(text.get("x")), float(text.get("y"))
        assert box[0] <= tx <= box[2] and box[1] < ty <= box[3]
        assert len(text.text) * 6.0 <= box[2] - box[0]
        # it sits between the parent's box and the child's, on no node's box
        assert y1 <= box[1] and box[3] <= y2
        assert not any(
            b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3] for b in boxes
        ), (name, text.text)
