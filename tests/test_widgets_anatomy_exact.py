"""Every app's anatomy: its CSS classes, figure size, busy note and status line, exactly.

The classes are the stylesheet's and the browser tests' hooks (``tree_view.css`` lays
out ``dtlearn-app-body``, ``-main``, ``-side``, ``-controls``; ``dtlearn-busy-note`` is
what shows "working…"); the figure's pixel size is what the image is shown at; the
status line is the span the stylesheet styles, holding the app's status escaped.
"""

import html
import re
from importlib import resources

import numpy as np
import pytest

pytest.importorskip("anywidget")

import ipywidgets as w

import dtlearn as dt
from dtlearn.widgets import (
    BoundaryExplorer,
    CostComplexityExplorer,
    CriteriaExplorer,
    ID3Builder,
    OverfittingExplorer,
    PruningStepper,
)
from dtlearn.widgets.base import _walk_widgets


def _tennis():
    return dt.load_play_tennis()


def _numeric():
    return dt.load_play_tennis(numeric=True)


APPS = {
    "boundary": (
        lambda: BoundaryExplorer(
            np.random.default_rng(0).uniform(size=(30, 2)), np.array(["a", "b"] * 15), resolution=10
        ),
        "dtlearn-boundary-explorer",
        [("HBox", ("dtlearn-app-controls",)), ("Image", ("dtlearn-figure",))],
        (560, 400),  # 5.6 x 4.0 inches at 100 dpi
    ),
    "ccp": (
        lambda: CostComplexityExplorer(*_numeric()),
        "dtlearn-ccp-explorer",
        [
            ("HBox", ("dtlearn-app-body",)),
            ("Image", ("dtlearn-figure", "dtlearn-app-main")),
            ("TreeView", ("dtlearn-app-side",)),
            ("HTML", ("dtlearn-detail",)),
        ],
        (700, 280),
    ),
    "criteria": (
        lambda: CriteriaExplorer(),
        "dtlearn-criteria-explorer",
        [("Image", ("dtlearn-figure",)), ("VBox", ("dtlearn-app-group",))],
        (660, 350),
    ),
    "id3": (
        lambda: ID3Builder(*_tennis()),
        "dtlearn-id3-builder",
        [
            ("HBox", ("dtlearn-app-controls",)),
            ("HBox", ("dtlearn-app-body",)),
            ("TreeView", ("dtlearn-app-main",)),
            ("VBox", ("dtlearn-app-side",)),
        ],
        None,
    ),
    "overfitting": (
        lambda: OverfittingExplorer(*_numeric(), precompute=False),
        "dtlearn-overfitting-explorer",
        [
            ("HBox", ("dtlearn-app-controls",)),
            ("HBox", ("dtlearn-app-body",)),
            ("Image", ("dtlearn-figure", "dtlearn-app-main")),
            ("TreeView", ("dtlearn-app-side",)),
        ],
        (540, 310),
    ),
    "stepper": (
        lambda: PruningStepper(dt.ID3Classifier().fit(*_tennis()), method="pessimistic"),
        "dtlearn-pruning-stepper",
        [
            ("HBox", ("dtlearn-app-controls",)),
            ("HBox", ("dtlearn-app-body",)),
            ("VBox", ("dtlearn-app-main",)),
            ("HTML", ("dtlearn-detail", "dtlearn-app-side")),
        ],
        None,
    ),
}


@pytest.fixture(scope="module")
def apps():
    return {}


def _app(apps, name):
    if name not in apps:
        apps[name] = APPS[name][0]()
    return apps[name]


@pytest.mark.parametrize("name", list(APPS))
def test_app_classes_and_figure_size(apps, name):
    _, own, inner, size = APPS[name]
    app = _app(apps, name)
    assert tuple(app._dom_classes) == ("dtlearn-app", own)
    note = app.children[0]
    assert note is app.busy_note
    assert (note.value, tuple(note._dom_classes)) == ("working\u2026", ("dtlearn-busy-note",))
    styled = [
        (type(x).__name__, tuple(x._dom_classes))
        for x in _walk_widgets(app.children[1:])
        if x._dom_classes
    ]
    assert styled == inner
    figure = getattr(app, "figure", None)
    assert (None if figure is None else (figure.width_px, figure.height_px)) == size
    if figure is not None:
        assert app.image.width == str(size[0])
        assert app.image.layout.width == f"{size[0]}px"
        assert (app.image.layout.max_width, app.image.layout.height) == ("100%", "auto")
        inches = figure.figure.get_size_inches()
        assert inches.tolist() == [size[0] / 100, size[1] / 100]


def _stylesheet_words():
    static = resources.files("dtlearn.widgets") / "static"
    return "".join(
        (static / f).read_text() for f in ("tree_view.css", "tree_view.js", "app_style.js")
    )


def _styled(cls, words):
    """A CSS selector ``.cls`` or a script's ``"cls"`` (a class it looks for)."""
    return re.search(rf"(\.{cls}|\"{cls}\"|'{cls}')(?![\w-])", words) is not None


@pytest.mark.parametrize("name", ["ccp", "id3", "overfitting", "stepper"])
def test_status_line_is_the_styled_span(apps, name):
    app = _app(apps, name)
    status = app.status if hasattr(app, "status") else app.summary
    holder = app.status_html if hasattr(app, "status_html") else app.summary_html
    span = f'<span class="dtlearn-app-status">{html.escape(status)}</span>'
    assert status and holder.value.startswith(span)
    assert ".dtlearn-app-status" in _stylesheet_words()


def test_layout_classes_are_styled():
    """The classes that lay an app out are the stylesheet's (a misspelt one is unstyled)."""
    words = _stylesheet_words()
    for cls in [
        "dtlearn-app",
        "dtlearn-app-body",
        "dtlearn-app-main",
        "dtlearn-app-side",
        "dtlearn-app-controls",
        "dtlearn-busy",
        "dtlearn-busy-note",
        "dtlearn-figure",
        "dtlearn-detail",
        "dtlearn-presenter",
        "dtlearn-pruning-stepper",
        "dtlearn-key",
        "dtlearn-key-list",
        "dtlearn-num",
        "dtlearn-winner",
        "dtlearn-rules",
        "dtlearn-rules-box",
    ]:
        assert _styled(cls, words), cls


def test_html_classes_of_the_apps_are_known(apps):
    """Every class an app's HTML names is styled or one of the hooks the tests look for."""
    hooks = {
        "dataframe",  # pandas' own table class
        "dtlearn-table",
        "dtlearn-unscored",
        "dtlearn-predict-note",
        "dtlearn-formula",
        "dtlearn-derivation",
        "dtlearn-comparison",
    }
    words = _stylesheet_words()
    for name in ("ccp", "id3", "overfitting", "stepper"):
        app = _app(apps, name)
        for x in _walk_widgets(app.children):
            if isinstance(x, w.HTML):
                for group in re.findall(r'class="([^"]*)"', x.value):
                    for cls in group.split():
                        assert cls in hooks or _styled(cls, words), cls


ALT = {
    "boundary": "the training points and the class regions the tree predicts over the plane",
    "ccp": "R(T) along the cost-complexity path and accuracy against alpha, the chosen alpha "
    "marked",
    "criteria": "entropy/2, Gini and misclassification of a two-class node against p, the "
    "marked values at the chosen p",
    "overfitting": "training and test accuracy against tree size, the chosen size marked",
}


@pytest.mark.parametrize("name", list(ALT))
def test_figure_alt_text_reaches_the_stylesheet_child(apps, name):
    """Screen readers get the figure's words: the image's alt, handed to the app's style."""
    app = _app(apps, name)
    assert app.image._dtlearn_alt == ALT[name]
    style = app.children[-1]
    assert type(style).__name__ == "AppStyle"
    assert style.figure_alt == ALT[name]
