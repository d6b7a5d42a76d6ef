"""TreeView's display plumbing and the browser's "fold to fit" message, exactly.

The play-tennis tree is 712 px wide at full size: the browser's width decides whether
its second level folds (a width above 712 px folds nothing, one below folds sunny and
rainy). The display publishes the live view with an empty ``text/html`` and no SVG, then
the static picture as an output of its own.
"""

import pytest

pytest.importorskip("anywidget")

import dtlearn as dt
from dtlearn.widgets import TreeView
from dtlearn.widgets.tree_view import display_with_fallback, svg_img


@pytest.fixture
def view():
    return TreeView(dt.ID3Classifier().fit(*dt.load_play_tennis()), fold=False)


@pytest.mark.parametrize(
    "width, folded",
    [(800, []), (712, []), (711, [1, 3]), (600.5, [1, 3]), (150, [1, 3])],
)
def test_the_browser_s_width_decides_the_fold(view, width, folded):
    assert view.data["geometry"]["width"] == 712
    view._on_message(view, {"fold": "fit", "width": width}, [])
    assert view.collapsed == folded


def test_other_messages_change_nothing(view):
    view.collapsed = [1]
    view._on_message(view, {"fold": "all", "width": 100}, [])
    view._on_message(view, "fit", [])
    assert view.collapsed == [1]
    view._on_message(view, {"fold": "fit", "width": "wide"}, [])  # not a number: default
    assert view.collapsed == []  # 712 px fits the default 762 px


def test_an_empty_view_says_so():
    empty = TreeView()
    assert repr(empty) == "TreeView: (empty)"
    assert empty.static_html() == "<p>TreeView: (empty)</p>"
    data, _ = empty._repr_mimebundle_()
    assert data["text/plain"] == "TreeView: (empty)"
    assert "image/svg+xml" not in data
    with pytest.raises(ValueError) as err:
        empty.show_path({"outlook": "sunny"})
    assert str(err.value) == "show_path: the view has no tree yet"
    with pytest.raises(ValueError) as err:
        empty.select(0)
    assert str(err.value) == "node_id 0 is not shown in this view"


def test_display_publishes_the_view_then_the_picture(view, monkeypatch):
    import IPython.display

    published = []
    monkeypatch.setattr(
        IPython.display, "publish_display_data", lambda data, metadata=None: published.append(data)
    )
    display_with_fallback(view)
    bundle, _ = view._repr_mimebundle_()
    [live, picture] = published
    assert live["text/html"] == ""
    assert "image/svg+xml" not in live
    assert live["text/plain"] == repr(view) == bundle["text/plain"]
    assert live["application/vnd.jupyter.widget-view+json"]["model_id"] == view.model_id
    assert picture == {"text/html": bundle["text/html"]}
    assert bundle["image/svg+xml"] == view.static_html()
    assert repr(view) == "TreeView: tree of play: 8 nodes, 5 leaves, depth 2, classes yes, no"


def test_svg_img_is_a_scaled_base64_image_exactly():
    # base64 of the 6 bytes "<svg/>" by hand: 3c7376 672f3e -> PHN2 Zy8+
    assert svg_img("<svg/>", 'a "dot" & <more>') == (
        '<img alt="a &quot;dot&quot; &amp; &lt;more&gt;" '
        'src="data:image/svg+xml;base64,PHN2Zy8+" style="max-width:100%;height:auto"/>'
    )
    # 4 bytes "<g/>" -> PGcv Pg== (padding)
    assert svg_img("<g/>", "") == (
        '<img alt="" src="data:image/svg+xml;base64,PGcvPg==" style="max-width:100%;height:auto"/>'
    )
