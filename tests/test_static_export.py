"""Notebooks read without a kernel (nbconvert HTML, a course site) show each widget's fallback.

A notebook with a TreeView, an app and a figure is executed headless, its widget state is
stripped (as the course's reference outputs are), and nbconvert's HTML export must show the
static fallbacks in the cells' outputs: the tree as an SVG image, the app's figure as a PNG,
with no empty widget placeholder.
"""

import base64
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbconvert import HTMLExporter

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
    for mime, payload in re.findall(r'src="data:(image/[a-z+]+);base64,([A-Za-z0-9+/=]+)"',
                                    html_text):
        found.append((mime, base64.b64decode(payload)))
    return found


def _strip_widget_state(nb):
    nb.metadata.pop("widgets", None)
    return nb


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    workdir = tmp_path_factory.mktemp("static-export")
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(workdir)}}).execute()
    nb = _strip_widget_state(nb)
    body, _ = HTMLExporter().from_notebook_node(nb)
    return nb, body


def test_executed_outputs_carry_widget_views_and_fallbacks(exported):
    nb, _ = exported
    tree, app = nb.cells[1].outputs[0]["data"], nb.cells[2].outputs[0]["data"]
    for data in (tree, app):
        assert WIDGET_VIEW in data  # a live kernel shows the widget
        assert "<svg" not in data["text/html"]  # nothing for JupyterLab's sanitiser to strip
    assert tree["text/plain"] == "TreeView: tree of play: 8 nodes, 5 leaves, depth 2, classes yes, no"
    assert tree["image/svg+xml"].startswith("<svg")
    assert app["text/plain"].startswith("ID3Builder: your tree: 3 leaves")


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
    views = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])
             if WIDGET_VIEW in o.get("data", {})]
    assert views, "the notebook should display a widget"
    body, _ = HTMLExporter().from_notebook_node(nb)
    assert WIDGET_VIEW not in body
    drawings = len(re.findall(r"<svg\b|data:image/(?:svg\+xml|png);base64,", body))
    assert drawings >= len(views)
