"""What every teaching app shares: the app base class, a live figure, an inline image.

Apps are thin ipywidgets 8 front ends: their state lives in traitlets or plain attributes,
every button or slider calls a method you can also call from Python (so the apps are
tested without a browser), and figures are rendered to PNG with matplotlib's object API
(no pyplot, nothing global). Each app has a one-line ``text/plain`` and a static HTML
fallback for readers without a kernel.
"""

from __future__ import annotations

import base64
import contextlib
import html
import io
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as w
import numpy as np
import traitlets

from ..formatting import percent  # re-exported: its old import path
from .tree_view import (
    AppStyle,
    TreeView,
    display_with_fallback,
    fallback_html,
    follow_presenter,
    font_scale_from,
)

__all__ = ["DPI", "App", "LiveFigure", "img_html", "percent"]

DPI = 100  # pixels per inch of app figures; images are shown at exactly that many pixels


class LiveFigure:
    """One matplotlib Figure kept for the life of an app, re-rendered cheaply (blitting).

    A figure has *pages* (one set of axes each, e.g. one per data set or noise level);
    only one page is visible at a time. The static part of a page (curves, axes, legend)
    is rendered once and its pixels kept; every later :meth:`render` restores those
    pixels and draws only the *animated* artists (markers, value boxes, region images)
    on top, then encodes the PNG: a few milliseconds instead of a full render.

    Examples
    --------
    >>> fig = LiveFigure((3.0, 2.0))
    >>> ax = fig.page("curve", lambda f: f.add_axes((0.15, 0.2, 0.8, 0.7)))
    >>> _ = ax.plot([0, 1], [0, 1])
    >>> marker, = ax.plot([0.5], [0.5], "o", animated=True)
    >>> fig.render("curve", [marker])[1:4], (fig.width_px, fig.height_px)
    (b'PNG', (300, 200))
    """

    def __init__(self, size: tuple[float, float] = (5.0, 3.5), dpi: int = DPI) -> None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        self.figure = Figure(figsize=size, dpi=dpi)
        self.canvas = FigureCanvasAgg(self.figure)
        self.width_px, self.height_px = (int(round(v * dpi)) for v in size)
        self._pages: dict[Any, tuple[Any, list]] = {}
        self._backgrounds: dict[Any, Any] = {}

    def page(self, key: Any, build: Callable[[Any], Any]) -> Any:
        """What ``build(figure)`` returned for page ``key`` (built on first use only)."""
        if key not in self._pages:
            before = set(self.figure.axes)
            made = build(self.figure)
            self._pages[key] = (made, [a for a in self.figure.axes if a not in before])
        return self._pages[key][0]

    def render(self, key: Any, animated: Any = ()) -> bytes:
        """PNG of page ``key`` with the ``animated`` artists drawn over its static part."""
        if key not in self._pages:
            raise KeyError(f"no page {key!r}: build it with page()")
        background = self._backgrounds.get(key)
        if background is None:
            for k, (_, axes) in self._pages.items():
                for ax in axes:
                    ax.set_visible(k == key)
            self.canvas.draw()  # animated artists are left out
            background = self._backgrounds[key] = self.canvas.copy_from_bbox(self.figure.bbox)
        else:
            self.canvas.restore_region(background)
        for artist in animated:
            self.figure.draw_artist(artist)
        return _encode_png(self.canvas)

    def image(self, alt: str = "figure") -> Any:
        """An ``ipywidgets.Image`` shown at the figure's pixel size (sharp, not stretched).

        ``alt`` names the figure for screen readers (the image's ``title``; the numbers it
        shows are in the app's status line).
        """
        # its pixel size, narrower only when the cell is (max-width): never stretched
        image = w.Image(
            format="png",
            width=str(self.width_px),
            layout=w.Layout(width=f"{self.width_px}px", max_width="100%", height="auto"),
        )
        image._dtlearn_alt = alt  # the app's AppStyle puts it on the <img> as alt text
        image.add_class("dtlearn-figure")  # follows the dark theme (tree_view.css)
        return image


def _encode_png(canvas: Any) -> bytes:
    from PIL import Image

    rgba = np.asarray(canvas.buffer_rgba())
    buffer = io.BytesIO()
    # fastest zlib level: the PNG is re-made on every slider move
    Image.fromarray(np.ascontiguousarray(rgba[..., :3])).save(
        buffer, format="png", compress_level=1
    )
    return buffer.getvalue()


def img_html(png: bytes, alt: str, width: int | None = None) -> str:
    """An ``<img>`` tag carrying ``png`` inline, for an app's static HTML fallback.

    Parameters
    ----------
    png : bytes
        The image (an app's ``image.value``).
    alt : str
        Alternative text (escaped).
    width : int, optional
        Width in pixels the image is shown at.

    Examples
    --------
    >>> img_html(b"PNG", "a <curve>", 300)
    '<img alt="a &lt;curve&gt;" width="300" src="data:image/png;base64,UE5H"/>'
    """
    size = "" if width is None else f' width="{int(width)}"'
    return (
        f'<img alt="{html.escape(alt)}"{size} src="data:image/png;base64,'
        f'{base64.b64encode(png).decode()}"/>'
    )


class App(w.VBox):
    """Display plumbing shared by the apps: text/plain, a static HTML fallback, the style.

    Every app gets the CSS class ``dtlearn-app`` and an invisible :class:`AppStyle` child
    that loads the package's stylesheet (JupyterLab theme colours, tables, derivations);
    the alt text of the first figure image among ``children`` is handed to it. A subclass
    overrides :meth:`describe` (its one-line ``text/plain``) and :meth:`static_html`.

    Examples
    --------
    >>> class Hello(App):
    ...     def describe(self):
    ...         return "hello"
    >>> app = Hello([w.HTML("hi")])
    >>> repr(app)
    'Hello: hello'
    >>> app.font_scale = 18 / 13; "dtlearn-presenter" in app._dom_classes
    True
    >>> with app.working(): "dtlearn-busy" in app._dom_classes
    True
    >>> "dtlearn-busy" in app._dom_classes
    False
    """

    #: text scale of the app (1; presenter mode 18/13): scales its controls, tables and
    #: tree views (:func:`dtlearn.widgets.presenter` sets it for every app)
    font_scale = traitlets.Float(1.0)

    def __init__(
        self,
        children: Any = (),
        presenter: bool | None = None,
        font_scale: float | None = None,
        **kwargs: Any,
    ) -> None:
        alt = next((text for text in map(_alt_text, _walk_widgets(children)) if text), "")
        self.busy_note = w.HTML("working\u2026")
        self.busy_note.add_class("dtlearn-busy-note")
        super().__init__(children=[self.busy_note, *children, AppStyle(figure_alt=alt)], **kwargs)
        self.add_class("dtlearn-app")
        # a view's own "presenter" button switches the whole app
        self._views = [v for v in _walk_widgets(children) if isinstance(v, TreeView)]
        for view in self._views:
            view.observe(self._on_view_scale, names="font_scale")
        self.font_scale = font_scale_from(presenter, font_scale)
        self._apply_scale()
        follow_presenter(self)

    @traitlets.observe("font_scale")
    def _on_font_scale(self, change: dict) -> None:
        if hasattr(self, "_views"):
            self._apply_scale()

    def _apply_scale(self) -> None:
        if self.font_scale > 1:
            self.add_class("dtlearn-presenter")
        else:
            self.remove_class("dtlearn-presenter")
        for view in self._views:
            view.font_scale = self.font_scale

    def _on_view_scale(self, change: dict) -> None:
        self.font_scale = change["new"]

    @contextlib.contextmanager
    def working(self) -> Iterator[None]:
        """Mark the app busy while the kernel computes an answer.

        The browser shows "working…" and stops the controls taking input when the answer
        takes longer than 0.3 s (a CSS delay: quick answers show nothing).
        """
        self.add_class("dtlearn-busy")
        try:
            yield
        finally:
            self.remove_class("dtlearn-busy")

    def describe(self) -> str:
        """One line saying what the app shows."""
        return type(self).__name__

    def static_html(self) -> str:
        """HTML shown where the notebook is read without a kernel."""
        return f"<p>{html.escape(self.describe())}</p>"

    def __repr__(self) -> str:
        """Return the one-line description."""
        return f"{type(self).__name__}: {self.describe()}"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle or {}, {})
        data = dict(data)
        data["text/plain"] = repr(self)
        data["text/html"] = fallback_html(repr(self), self.static_html())
        return data, metadata

    def _ipython_display_(self) -> None:
        display_with_fallback(self)


def _alt_text(widget: Any) -> str:
    return getattr(widget, "_dtlearn_alt", "")


def _walk_widgets(children: Any) -> Iterator[Any]:
    stack = list(children)[::-1]
    while stack:
        widget = stack.pop()
        yield widget
        stack.extend(list(getattr(widget, "children", ()))[::-1])
