# About 460 logical lines: one idea, the TreeView widget: its traits, the pruned states it shows from one layout and the static fallbacks its outputs carry.
"""TreeView: an anywidget that draws a decision tree and explains the node you click.

The Python side owns the state (traitlets): ``data`` is the JSON of
:func:`dtlearn.drawing.layout.tree_view_data` (positions computed in Python), ``selected`` the
clicked node, ``collapsed`` the folded subtrees, ``highlight`` the nodes of a decision
path. ``static/tree_view.js`` only draws and sends clicks back. Where notebooks are read
but not run (nbviewer, GitHub), the display data also carries a static SVG.
"""

from __future__ import annotations

import base64
import html
import json
import pathlib
import re
import weakref
from typing import Any

import anywidget
import traitlets

from ..drawing.layout import describe, fold_to_fit, pruned_view, tree_svg, tree_view_data
from ..drawing.node_text import node_explanation
from ..drawing.tidy_layout import tree_and_steps
from ..exports.path import DecisionPath
from ..tree import Tree

STATIC = pathlib.Path(__file__).parent / "static"
EXPLAIN_ALL_UP_TO = 80  # nodes: bigger trees send only the selected node's explanation
# node text is drawn at 11 px (dtlearn.drawing.layout) and shown at READABLE_PX x font_scale or more
DRAWING_PX = 11
READABLE_PX = 13
PRESENTER_SCALE = 18 / 13  # presenter mode: node text 18 px
# screen px a view's tree may take before its deep levels fold (a JupyterLab cell is about
# 930 px wide at 1366 px; in presenter mode the view takes the whole cell of a 1920 screen)
VIEW_PX = 900
PRESENTER_VIEW_PX = 1150
MAX_ZOOM = 3  # the largest zoom (scale of the drawing); the smallest is the readable size
#: what the browser side needs of the above (TreeView.constants): defined here only
VIEW_CONSTANTS = {
    "drawing_px": DRAWING_PX,
    "readable_px": READABLE_PX,
    "presenter_scale": PRESENTER_SCALE,
    "max_scale": MAX_ZOOM,
}
STATIC_NOTE = "static picture — run the cell to explore"

__all__ = ["TreeView", "presenter"]

_LIVE: weakref.WeakSet[Any] = weakref.WeakSet()  # views and apps presenter() reaches
_DEFAULTS = {"font_scale": 1.0}


def presenter(on: bool = True, font_scale: float | None = None) -> float:
    """Presenter mode for the whole notebook: larger text in every view and app.

    Scales node text (18 px), tables and the apps' controls for a projector, and lets a
    :class:`TreeView` take the whole cell width (its explanation moves below the tree).
    Applies to every view and app shown so far and to those made later; ``presenter(False)``
    goes back. Each view's toolbar also has a "presenter" button for that view alone.

    Parameters
    ----------
    on : bool
        Switch presenter mode on or off.
    font_scale : float, optional
        Text scale when on (default 18/13: node text 18 px instead of 13 px).

    Returns
    -------
    float
        The font scale now in force.

    Examples
    --------
    >>> round(presenter(True), 3), round(presenter(False), 3)
    (1.385, 1.0)
    """
    if not isinstance(on, bool):
        raise TypeError(f"presenter: on must be True or False, got {on!r}")
    scale = 1.0 if not on else float(PRESENTER_SCALE if font_scale is None else font_scale)
    if not 0.5 <= scale <= 4:
        raise ValueError(f"font_scale must be between 0.5 and 4, got {font_scale!r}")
    _DEFAULTS["font_scale"] = scale
    for item in list(_LIVE):
        item.font_scale = scale
    return scale


def default_font_scale() -> float:
    """The font scale new views and apps start with (set by :func:`presenter`)."""
    return _DEFAULTS["font_scale"]


def fold_width(font_scale: float) -> float:
    """Drawing px a tree may take so that, shown with readable text, it fits a cell.

    Examples
    --------
    >>> round(fold_width(1.0)), round(fold_width(18 / 13))
    (762, 703)
    """
    view = VIEW_PX if font_scale <= 1 else PRESENTER_VIEW_PX
    return view * DRAWING_PX / (READABLE_PX * font_scale)


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
EXPORT_CLASS = "dtlearn-export-fallback"


def fallback_html(caption: str, picture_html: str) -> str:
    """The static picture of a widget, with its caption, as an output of its own.

    A widget is displayed as two outputs (:func:`display_with_fallback`): the live view,
    and this picture. JupyterLab hides the picture once a dtlearn widget has loaded the
    package's stylesheet (``tree_view.css``); a page exported without a kernel
    (nbconvert's HTML with or without stored widget state, GitHub, a course site) shows
    it, with no script and no network.

    Examples
    --------
    >>> fallback_html("TreeView: a tree", "<p>x</p>")[:60]
    '<div class="dtlearn-static dtlearn-export-fallback"><p class'
    """
    return (
        f'<div class="dtlearn-static {EXPORT_CLASS}">{static_note()}'
        f"<p>{html.escape(caption)}</p>{inline_svgs_as_images(picture_html, caption)}"
        f"</div>"
    )


def display_with_fallback(widget: Any) -> None:
    """Display ``widget`` as its live view followed by its static picture (two outputs).

    nbconvert's HTML exporter prefers the widget view whenever the notebook stores
    widget state (``nbconvert --execute`` does), and that view needs a widget manager
    from a CDN: offline it is empty. The picture in an output of its own is shown
    whatever the exporter chooses for the view; the view's output carries no picture
    (``text/html`` empty), so a page without widget state shows it once.
    """
    from IPython.display import publish_display_data

    data, metadata = widget._repr_mimebundle_()
    picture = data.pop("text/html", "")
    data["text/html"] = ""
    data.pop("image/svg+xml", None)
    publish_display_data(data, metadata)
    publish_display_data({"text/html": picture})


def static_note() -> str:
    """The line a static fallback carries: it is a picture, the kernel makes it live.

    Examples
    --------
    >>> static_note()
    '<p class="dtlearn-static-note"><em>static picture — run the cell to explore</em></p>'
    """
    return f'<p class="dtlearn-static-note"><em>{STATIC_NOTE}</em></p>'


class AppStyle(anywidget.AnyWidget):
    """An invisible widget that loads the package's stylesheet (light and dark theme).

    Every app carries one, so its tables, derivations and status lines are styled even
    when it shows no :class:`TreeView` (which loads the same stylesheet). Its script also
    gives every ipywidgets slider handle of the app an accessible name (the slider's
    description), which ipywidgets 8 leaves out, gives the app's figure its alt text
    (``figure_alt``), and keeps the keys pressed inside the app
    away from JupyterLab's notebook shortcuts.
    """

    _esm = STATIC / "app_style.js"
    _css = STATIC / "tree_view.css"
    figure_alt = traitlets.Unicode("").tag(sync=True)


def svg_img(svg: str, alt: str) -> str:
    """Wrap an SVG drawing in an ``<img>`` (a base64 ``data:`` URL).

    JupyterLab sanitises the HTML of an untrusted notebook and drops inline ``<svg>``
    elements (their text is left behind as garbled words); an ``<img>`` with a ``data:``
    source survives, as it does in nbconvert's HTML and in Jupyter Book pages.

    Examples
    --------
    >>> svg_img('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>', "a dot")[:52]
    '<img alt="a dot" src="data:image/svg+xml;base64,PHN2'
    """
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (
        f'<img alt="{html.escape(alt)}" src="data:image/svg+xml;base64,{data}" '
        f'style="max-width:100%;height:auto"/>'
    )


def inline_svgs_as_images(text: str, alt: str) -> str:
    """Replace every inline ``<svg>...</svg>`` in an HTML fragment by :func:`svg_img`.

    Examples
    --------
    >>> inline_svgs_as_images('<p>x</p><svg width="1"></svg>', "tree").startswith('<p>x</p><img')
    True
    """
    return re.sub(r"<svg\b.*?</svg>", lambda m: svg_img(m.group(0), alt), text, flags=re.S)


def view_module() -> str:
    """The TreeView's ES module, in one piece as anywidget loads one module per widget.

    Its pure maths (``tree_view_math.js``, unit-tested with ``node --test``) followed by
    the view (``tree_view.js``).

    Examples
    --------
    >>> source = view_module()
    >>> source.index("export function readableScale") < source.index("function render(")
    True
    """
    return "\n".join(
        (STATIC / name).read_text(encoding="utf-8")
        for name in ("tree_view_math.js", "tree_view.js")
    )


class TreeView(anywidget.AnyWidget):
    """Interactive tree: click a node to see its candidate table and chosen split.

    Parameters
    ----------
    tree : Tree or fitted model, optional
        What to show (a fitted dtlearn model also gives its growth steps).
    steps : iterable of GrowthStep, optional
        Growth steps whose tables explain the nodes.
    fold : bool
        Fold the deep levels of a tree too wide to read at full size
        (:func:`dtlearn.drawing.layout.fold_to_fit`) when the view first gets a tree; each folded
        subtree shows a "+ n nodes" stub that a click (or ``+`` on the node) opens.
    presenter : bool
        Presenter mode for this view (node text 18 px, the explanation below the tree);
        the toolbar's "presenter" button switches it too. Default: as set by
        :func:`presenter`.
    font_scale : float, optional
        Text scale instead of ``presenter`` (1 = node text 13 px).

    Node text is never shown below 13 px (× ``font_scale``) unless you zoom out: a tree
    too wide for that folds its deep levels, and whenever the tree changes the root (or
    the selected node) is scrolled into view.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> view = TreeView(ID3Classifier().fit(*load_play_tennis()))
    >>> view.data["n_leaves"]
    5
    >>> path = view.show_path({"outlook": "sunny", "humidity": "high"})
    >>> view.highlight
    [0, 1, 4]
    >>> repr(view)
    'TreeView: tree of play: 8 nodes, 5 leaves, depth 2, classes yes, no'
    >>> from dtlearn import load_car
    >>> car = TreeView(ID3Classifier().fit(*load_car()))
    >>> len(car.data["nodes"]), car.data["n_nodes"], car.data["geometry"]["width"] <= 960
    (4, 408, True)
    """

    _esm = view_module()
    _css = STATIC / "tree_view.css"

    #: text sizes and zoom limits the browser side uses (:data:`VIEW_CONSTANTS`)
    constants = traitlets.Dict(VIEW_CONSTANTS).tag(sync=True)
    #: sent as one JSON text (:func:`data_to_json`): ipywidgets walks a dict's every value
    data = traitlets.Dict().tag(
        sync=True,
        to_json=lambda value, _: data_to_json(value),
        from_json=lambda value, _: data_from_json(value),
    )
    selected = traitlets.Int(None, allow_none=True).tag(sync=True)
    collapsed = traitlets.List(traitlets.Int()).tag(sync=True)
    highlight = traitlets.List(traitlets.Int()).tag(sync=True)
    #: nodes of ``data`` drawn as leaves, their subtrees hidden (:meth:`show_pruned`)
    pruned = traitlets.List(traitlets.Int()).tag(sync=True)
    #: the side panel's content for the selected node: ``{"id", "html", "text"}`` (made
    #: when a node is selected, so a big tree's JSON carries no explanations)
    detail = traitlets.Dict().tag(sync=True)
    #: text scale (1: node text 13 px; presenter mode 18/13)
    font_scale = traitlets.Float(1.0).tag(sync=True)

    def __init__(
        self,
        tree: Any = None,
        steps: Any = None,
        fold: bool = True,
        presenter: bool | None = None,
        font_scale: float | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if not isinstance(fold, bool):
            raise TypeError(f"fold must be True or False, got {fold!r}")
        self.font_scale = font_scale_from(presenter, font_scale)
        follow_presenter(self)
        self._tree: Tree | None = None
        self._base: Tree | None = None  # the tree laid out when a pruned state is shown
        self._base_map: dict = {}
        self._steps: Any = None
        self._open: tuple = ()
        self._explained: dict = {}  # explanations reused across updates of a growing tree
        self._texts: dict = {}  # node texts reused across states (a stepper's, a growing tree's)
        self.observe(self._on_collapsed, names=["collapsed", "highlight"])
        self.observe(self._on_selected, names=["selected"])
        self.on_msg(self._on_message)
        if tree is not None:
            if fold:
                self.collapsed = fold_to_fit(tree, fold_width(self.font_scale))
            self.update(tree, steps)

    # ------------------------------------------------------------------ Python API
    @property
    def tree(self) -> Tree | None:
        """The tree shown."""
        return self._tree

    def update(
        self,
        tree: Any,
        steps: Any = None,
        open_leaves: Any = (),
        keep_selection: bool = True,
        highlight: Any = None,
        collapsed: Any = None,
    ) -> None:
        """Show another tree (or the same one grown further).

        ``highlight`` and ``collapsed`` (node ids of the new tree) replace the view's in
        the same change: the tree is laid out and sent once.
        """
        self._tree, self._steps = tree_and_steps(tree, steps)
        self._base = None
        self._open = tuple(open_leaves)
        ids = {n.node_id for n in self._tree.nodes()}
        inner = {n.node_id for n in self._tree.nodes() if not n.is_leaf}
        self._batch = True  # one layout for the whole change, not one per trait
        try:
            self.pruned = []
            self.collapsed = [
                i for i in (self.collapsed if collapsed is None else collapsed) if i in inner
            ]
            self.highlight = [
                i for i in (self.highlight if highlight is None else highlight) if i in ids
            ]
        finally:
            self._batch = False
        self._refresh()
        if not keep_selection or self.selected not in ids:
            self.selected = None

    def show_pruned(
        self, base: Tree, state: Tree, highlight: Any = (), selected: int | None = None
    ) -> None:
        """Show ``state``, a pruned copy of ``base``, as ``base`` laid out once.

        ``base`` is laid out (and sent) only when it is not the tree laid out already;
        then each state sends only the ids of the nodes it makes leaves (``pruned``), the
        highlight and the selection, and the browser hides the pruned subtrees
        (:func:`dtlearn.drawing.layout.pruned_view`). Nodes keep their places relative to
        one another from state to state; the picture is cropped to the nodes shown. A state that is not a pruned copy of ``base`` (a node moved, its counts
        changed: C4.5's subtree raising) is laid out on its own, as :meth:`update` does.
        """
        if self._base is not base:
            self._base_map = {
                n.node_id: (tuple(c.node_id for c in n.children), n.n_samples, n.impurity)
                for n in base.nodes()
            }
        cut = pruned_ids(self._base_map, state)
        if cut is None:
            with self.hold_sync():
                self.update(state, keep_selection=False, highlight=list(highlight))
                self.selected = selected
            return
        with self.hold_sync():
            self._batch = True
            try:
                self.selected = None
                self.pruned = cut
                self.highlight = list(highlight)
                if self._base is not base:
                    self._tree, self._steps, self._base, self._open = base, None, base, ()
                    self.collapsed = []
                    self._refresh()
            finally:
                self._batch = False
            self._tree = state
            self.selected = selected

    def _refresh(self) -> None:
        tree = self._tree if self._base is None else self._base
        if tree is not None:
            if len(self._explained) > 4 * tree.n_nodes + 64:
                self._explained.clear()
            if len(self._texts) > 4 * tree.n_nodes + 64:
                self._texts.clear()
            # small trees carry every node's explanation (cached across updates); a big
            # tree's JSON stays light and the selected node's comes in ``detail``
            small = tree.n_nodes <= EXPLAIN_ALL_UP_TO and self._base is None
            self.data = tree_view_data(
                tree,
                self._steps,
                self.highlight if self._base is None else [],
                self.collapsed,
                self._open,
                explain=small,
                cache=self._explained if small else None,
                texts=self._texts,
                leaf_overlays=self._base is not None,
            )
            self._on_selected()

    def shown_data(self) -> dict:
        """The data as the view shows it: ``data`` with the ``pruned`` nodes made leaves."""
        return pruned_view(self.data, self.pruned) if self.data else self.data

    def fold_to_fit(self, width: float | None = None) -> list[int]:
        """Fold the deep levels until the tree fits (:func:`dtlearn.drawing.layout.fold_to_fit`).

        ``width`` is in drawing px (default: a notebook cell at readable text size,
        :func:`fold_width`).
        """
        if self._tree is not None:
            width = fold_width(self.font_scale) if width is None else width
            self.collapsed = fold_to_fit(self._tree, width)
        return list(self.collapsed)

    def _on_message(self, widget: Any, content: Any, buffers: Any) -> None:
        # the toolbar's "fold to fit" and "fit" buttons: only the kernel knows the hidden
        # levels; the browser sends the width it has (drawing px at readable text size)
        if isinstance(content, dict) and content.get("fold") == "fit":
            width = content.get("width")
            ok = isinstance(width, (int, float)) and width > 0
            self.fold_to_fit(float(max(width, 200)) if ok else None)

    def _on_collapsed(self, change: dict) -> None:
        # a pruned state's highlight is drawn by the browser (the whole tree is laid out)
        if not getattr(self, "_batch", False) and not (
            self._base is not None and change["name"] == "highlight"
        ):
            self._refresh()

    def _explain(self, node_id: int | None) -> dict:
        if self._tree is None or node_id is None:
            return {}
        node = next((n for n in self._tree.nodes() if n.node_id == node_id), None)
        if node is None:
            return {}
        step = next((s for s in self._steps or () if s.node_id == node_id), None)
        made = node_explanation(self._tree, node, step, self._explained)
        return {"id": node_id, **made}

    def _on_selected(self, change: dict | None = None) -> None:
        self.detail = self._explain(self.selected)

    def show_path(self, x: Any) -> DecisionPath:
        """Highlight the decision path of one instance ``x`` and return it."""
        if self._tree is None:
            raise ValueError("show_path: the view has no tree yet")
        path = self._tree.decision_path(x)
        self.highlight = [s.node_id for s in path.steps] + [path.leaf_id]
        return path

    def select(self, node_id: int | None) -> None:
        """Select a node (as a click does)."""
        shown = self.shown_data().get("nodes", []) if self.data else []
        if node_id is not None and node_id not in {n["id"] for n in shown}:
            raise ValueError(f"node_id {node_id} is not shown in this view")
        self.selected = node_id

    def explanation(self, node_id: int | None = None) -> str:
        """Plain text the side panel shows for ``node_id`` (default: the selected node)."""
        node_id = self.selected if node_id is None else node_id
        return self._explain(node_id).get("text", "")

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        """One line: what the view shows."""
        if not self.data:
            return "TreeView: (empty)"
        return f"TreeView: {describe(self.shown_data())}"

    def static_html(self) -> str:
        """The tree as an inline SVG (the display data wrap it in an ``<img>``)."""
        if not self.data:
            return "<p>TreeView: (empty)</p>"
        if self._base is not None and self._tree is not None:  # a pruned state: laid out
            # on its own for the picture, its highlighted path marked ▶
            return tree_svg(
                tree_view_data(self._tree, None, self.highlight, explain=False, texts=self._texts)
            )
        return tree_svg(self.data)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["text/plain"] = repr(self)
        svg = self.static_html()
        data["text/html"] = fallback_html(repr(self), svg)
        if svg.startswith("<svg"):
            data["image/svg+xml"] = svg
        return data, metadata

    def _ipython_display_(self) -> None:
        display_with_fallback(self)


def pruned_ids(base: dict, state: Tree) -> list[int] | None:
    """Ids of the nodes ``state`` makes leaves, if it is a pruned copy of a tree; else None.

    ``base`` maps every node id of the tree to ``(child ids, n_samples, impurity)``. A
    pruned copy has only nodes of the tree, each with the same counts and either all its
    children or none.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> base = {n.node_id: (tuple(c.node_id for c in n.children), n.n_samples, n.impurity)
    ...         for n in tree.nodes()}
    >>> pruned_ids(base, tree.with_leaves_at([1])), pruned_ids(base, tree), pruned_ids({}, tree)
    ([1], [], None)
    """
    cut = []
    for node in state.nodes():
        known = base.get(node.node_id)
        if known is None or known[1] != node.n_samples or known[2] != node.impurity:
            return None
        if node.children:
            if known[0] != tuple(c.node_id for c in node.children):
                return None
        elif known[0]:
            cut.append(node.node_id)
    return cut


def data_to_json(value: dict) -> Any:
    """A view's ``data`` as the JSON text sent to the browser (``tree_view.js`` parses it).

    ipywidgets looks for binary buffers in every value of a synced dict: a 2,500-node
    tree's data is some 80,000 values, walked at every step. One text is one value. Data
    holding a NaN (not valid JSON) goes as the dict, as before.

    Examples
    --------
    >>> data_to_json({"nodes": [{"id": 0}]})
    '{"nodes":[{"id":0}]}'
    >>> data_to_json({"n": float("nan")})
    {'n': nan}
    """
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=False)
    except ValueError:
        return value


def data_from_json(value: Any) -> dict:
    """The inverse of :func:`data_to_json` (a text, or a dict sent as it was).

    Examples
    --------
    >>> data_from_json('{"n": 1}'), data_from_json({"n": 1})
    ({'n': 1}, {'n': 1})
    """
    return json.loads(value) if isinstance(value, str) else value


def follow_presenter(item: Any) -> None:
    """Let :func:`presenter` reach a view or app: its ``font_scale`` follows the switch.

    Examples
    --------
    >>> class View:
    ...     font_scale = 1.0
    >>> view = View()
    >>> follow_presenter(view)
    >>> round(presenter(True), 3), round(view.font_scale, 3), presenter(False)
    (1.385, 1.385, 1.0)
    """
    _LIVE.add(item)


def font_scale_from(presenter: bool | None, font_scale: float | None) -> float:
    """A view's or app's text scale from its ``presenter``/``font_scale`` arguments.

    Examples
    --------
    >>> font_scale_from(None, 1.5), round(font_scale_from(True, None), 3)
    (1.5, 1.385)
    """
    if presenter is not None and not isinstance(presenter, bool):
        raise TypeError(f"presenter must be True, False or None, got {presenter!r}")
    if font_scale is not None:
        if not isinstance(font_scale, (int, float)) or not 0.5 <= font_scale <= 4:
            raise ValueError(f"font_scale must be a number between 0.5 and 4, got {font_scale!r}")
        return float(font_scale)
    if presenter is None:
        return default_font_scale()
    return PRESENTER_SCALE if presenter else 1.0
