"""Teaching apps: thin ipywidgets 8 front ends whose actions call the dtlearn core.

Each app is one class (an ``ipywidgets.VBox``): its state lives in traitlets or plain
attributes, every button or slider calls a method you can also call from Python (so the
apps are tested without a browser), and figures are rendered to PNG with matplotlib's
object API (no pyplot, nothing global). Each app has a one-line ``text/plain`` and a static
HTML fallback for readers without a kernel.
"""

from __future__ import annotations

import base64
import html
import io
from typing import Any, Callable

import ipywidgets as w
import numpy as np
import traitlets

from ..data import encode
from ..explain import ResultTable, fmt
from ..learners import CARTClassifier, ID3Classifier, ObliqueTreeClassifier
from ..tree import plural
from .tree_view import AppStyle, TreeView, inline_svgs_as_images

__all__ = ["BoundaryExplorer", "CriteriaExplorer", "ID3Builder", "LiveFigure"]


# ---------------------------------------------------------------------------- helpers
DPI = 100  # pixels per inch of app figures; images are shown at exactly that many pixels


def figure_png(draw: Callable[[Any], Any], size: tuple[float, float] = (5.0, 3.5),
               dpi: int = DPI) -> bytes:
    """PNG bytes of a figure drawn by ``draw(ax)`` (object API: no pyplot, no globals)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=size, dpi=dpi, layout="constrained")
    draw(fig.add_subplot())
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


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

    def has_page(self, key: Any) -> bool:
        """Whether page ``key`` was built."""
        return key in self._pages

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
        image = w.Image(format="png", width=str(self.width_px),
                        layout=w.Layout(width=f"{self.width_px}px",
                                        min_width=f"{self.width_px}px", height="auto"))
        image._dtlearn_alt = alt  # the app's AppStyle puts it on the <img> as alt text
        return image


def _encode_png(canvas: Any) -> bytes:
    from PIL import Image

    rgba = np.asarray(canvas.buffer_rgba())
    buffer = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(rgba[..., :3])).save(buffer, format="png",
                                                               compress_level=1)
    return buffer.getvalue()


def _img_html(png: bytes, alt: str, width: int | None = None) -> str:
    size = "" if width is None else f' width="{int(width)}"'
    return (f'<img alt="{html.escape(alt)}"{size} src="data:image/png;base64,'
            f'{base64.b64encode(png).decode()}"/>')


def _percent(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.0f}%"


class _App(w.VBox):
    """Display plumbing shared by the apps: text/plain, a static HTML fallback, the style.

    Every app gets the CSS class ``dtlearn-app`` and an invisible :class:`AppStyle` child
    that loads the package's stylesheet (JupyterLab theme colours, tables, derivations).
    """

    def __init__(self, children: Any = (), **kwargs: Any) -> None:
        alt = next((text for text in map(_alt_text, _walk_widgets(children)) if text), "")
        super().__init__(children=[*children, AppStyle(figure_alt=alt)], **kwargs)
        self.add_class("dtlearn-app")

    def describe(self) -> str:  # pragma: no cover - overridden
        """One line saying what the app shows."""
        return type(self).__name__

    def static_html(self) -> str:  # pragma: no cover - overridden
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
        data["text/html"] = (f'<div class="dtlearn-static"><p>{html.escape(repr(self))}</p>'
                             f"{inline_svgs_as_images(self.static_html(), repr(self))}</div>")
        return data, metadata


def _alt_text(widget: Any) -> str:
    return getattr(widget, "_dtlearn_alt", "")


def _walk_widgets(children: Any):
    stack = list(children)[::-1]
    while stack:
        widget = stack.pop()
        yield widget
        stack.extend(list(getattr(widget, "children", ()))[::-1])


def _best(candidates: Any) -> Any:
    admissible = [c for c in candidates if c.admissible]
    if not admissible:
        return None
    top = max(c.score for c in admissible)
    return next(c for c in admissible if c.score >= top - 1e-12 * max(1.0, abs(top)))


def _candidate_table(candidates: Any, caption: str) -> ResultTable:
    names = ("information_gain", "split_info", "gain_ratio", "gini_gain")
    rows = []
    for c in candidates:
        if c.admissible:
            test = ", ".join(c.conditions) if len(c.conditions) <= 3 else \
                f"{len(c.conditions)}-way"
            rows.append((c.feature_name, test) + tuple(float(c.scores.get(s, np.nan))
                                                       for s in names))
        else:
            rows.append((c.feature_name, c.reason or "no split") + (float("nan"),) * 4)
    return ResultTable.build(["attribute", "test", "info gain", "split info", "gain ratio",
                              "Gini gain"], rows, caption=caption)


# ---------------------------------------------------------------------------- ID3Builder
class ID3Builder(_App):
    """Build an ID3 tree by hand: pick the attribute at each open leaf.

    Parameters
    ----------
    X, y : training data (any form dtlearn learners accept)
    X_test, y_test : optional held-out data for the accuracy line
    criterion : str
        Ranking used for the hint and for "finish greedily" (ID3's ``"entropy"``).

    Attributes
    ----------
    history : list
        One entry per action: the ``[node_id, attribute]`` expansions it made
        (``attribute`` is ``None`` where greedy growth closed a leaf).

    Examples
    --------
    >>> from dtlearn import load_play_tennis
    >>> app = ID3Builder(*load_play_tennis())
    >>> app.hint()
    'outlook'
    >>> _ = app.choose("outlook")
    >>> app.tree.n_leaves, app.selected_leaf
    (3, 1)
    >>> app.undo(); app.tree.n_leaves
    1
    >>> app.finish(); app.status
    'your tree: 5 leaves, 100% training — greedy ID3: 5 leaves, 100%'
    """

    selected_leaf = traitlets.Int(None, allow_none=True)
    history = traitlets.List()
    status = traitlets.Unicode("")
    message = traitlets.Unicode("")

    def __init__(self, X: Any, y: Any, X_test: Any = None, y_test: Any = None,
                 criterion: str = "entropy") -> None:
        self._X, self._y, self._X_test, self._y_test = X, y, X_test, y_test
        self._learner = ID3Classifier(criterion=criterion)
        greedy = ID3Classifier(criterion=criterion).fit(X, y)
        self._greedy = (greedy.tree_.n_leaves, greedy.score(X, y),
                        None if X_test is None else greedy.score(X_test, y_test))
        self.view = TreeView()
        self.attribute = w.Dropdown(description="attribute", value=None,
                                    style={"description_width": "initial"},
                                    layout=w.Layout(width="auto", min_width="260px"))
        self.buttons = {name: w.Button(description=label, tooltip=tip)
                        for name, label, tip in [
                            ("split", "Split", "split the selected leaf on the chosen attribute"),
                            ("hint", "Hint", "which attribute would greedy ID3 choose?"),
                            ("undo", "Undo", "take back the last action"),
                            ("finish", "Finish greedily", "let ID3 grow the rest"),
                            ("reset", "Reset", "start again from the root")]}
        self.buttons["split"].on_click(lambda _: self._safely(self.choose, self.attribute.value))
        self.buttons["hint"].on_click(lambda _: self._safely(self._show_hint))
        self.buttons["undo"].on_click(lambda _: self._safely(self.undo))
        self.buttons["finish"].on_click(lambda _: self._safely(self.finish))
        self.buttons["reset"].on_click(lambda _: self._safely(self.reset))
        self.table_html = w.HTML()
        self.rows_html = w.HTML()
        self.status_html = w.HTML()
        self.message_html = w.HTML()
        super().__init__(children=[
            w.HBox([self.attribute] + list(self.buttons.values())),
            self.message_html, self.status_html, self.view,
            w.HTML("<b>Candidate splits at the selected leaf</b>"), self.table_html,
            w.HTML("<b>Its training rows</b>"), self.rows_html,
        ])
        self.add_class("dtlearn-id3-builder")
        self.view.observe(self._on_view_select, names="selected")
        self._replay([])

    # ------------------------------------------------------------------ actions
    @property
    def grower(self) -> Any:
        """The :class:`~dtlearn.grow.Grower` being driven."""
        return self._grower

    @property
    def tree(self) -> Any:
        """The tree built so far (a copy: predict, prune or export it freely)."""
        return self._grower.tree().copy()

    def open_leaves(self) -> list[int]:
        """Ids of the leaves still open."""
        return self._grower.frontier()

    def choose(self, feature: Any, node_id: int | None = None) -> Any:
        """Split ``node_id`` (default: the selected leaf) on ``feature``; return the step."""
        node_id = self.selected_leaf if node_id is None else node_id
        if node_id is None:
            raise ValueError("choose: select an open leaf first (inner nodes are split "
                             "already)" if self._grower.frontier() else
                             "choose: no open leaf is left")
        if feature is None:
            raise ValueError("choose: pick an attribute first")
        step = self._grower.expand(node_id, feature)
        self.history = self.history + [[[node_id, step.chosen.feature_name]]]
        self.message = f"split node {node_id} on {step.chosen.feature_name}"
        self._after_change(prefer=node_id)
        return step

    def hint(self, node_id: int | None = None) -> str | None:
        """The attribute greedy growth would choose at ``node_id`` (``None``: it would stop)."""
        node_id = self.selected_leaf if node_id is None else node_id
        if node_id is None or self._grower.stop_reason(node_id) is not None:
            return None
        best = _best(self._grower.candidates(node_id))
        return None if best is None else best.feature_name

    def _show_hint(self) -> None:
        node = self.selected_leaf
        name = self.hint()
        if name is None:
            reason = "no open leaf" if node is None else self._grower.stop_reason(node)
            self.message = f"hint: greedy ID3 would stop here ({reason})"
        else:
            best = _best(self._grower.candidates(node))
            self.message = (f"hint: greedy ID3 would split node {node} on {name} "
                            f"(score {fmt(best.score)})")

    def undo(self) -> None:
        """Take back the last action (rebuilds from the start and replays the rest)."""
        if not self.history:
            self.message = "nothing to undo"
            return
        self._replay(self.history[:-1])
        self.message = "undone"

    def finish(self) -> None:
        """Let greedy ID3 decide every open leaf."""
        group = []
        while not self._grower.done:
            node_id = self._grower.frontier()[0]
            step = self._grower.expand(node_id)
            group.append([node_id, None if step.chosen is None else step.chosen.feature_name])
        if group:
            self.history = self.history + [group]
        self.message = "finished greedily"
        self._after_change()

    def reset(self) -> None:
        """Start again from the root."""
        self._replay([])
        self.message = "reset"

    def _replay(self, history: list) -> None:
        self._grower = self._learner.make_grower(self._X, self._y)
        for group in history:
            for node_id, feature in group:
                if feature is None:
                    self._grower.expand(node_id)
                else:
                    self._grower.expand(node_id, feature)
        self.history = [list(g) for g in history]
        if self._X_test is not None:
            self._X_test_enc = encode(self._X_test, self._grower.schema, allow_missing=True)
            self._y_test_arr = np.asarray(self._y_test, dtype=object)
        self._after_change()

    def _safely(self, action: Callable, *args: Any) -> None:
        try:
            action(*args)
        except ValueError as exc:
            self.message = f"cannot do that: {exc}"

    # ------------------------------------------------------------------ display
    def _accuracy(self, tree: Any) -> tuple[float, float | None]:
        g = self._grower
        train = float((tree.predict_values(g.X, encoded=True).argmax(axis=1) == g.y).mean())
        test = None
        if self._X_test is not None:
            pred = tree.predict_values(self._X_test_enc, encoded=True).argmax(axis=1)
            labels = np.array([tree.classes[i] for i in pred], dtype=object)
            test = float((labels == self._y_test_arr).mean())
        return train, test

    def _after_change(self, prefer: int | None = None) -> None:
        tree = self._grower.tree()
        frontier = self._grower.frontier()
        splittable = [i for i in frontier if self._grower.stop_reason(i) is None]
        if self.selected_leaf in frontier:
            pass
        elif splittable:
            self.selected_leaf = splittable[0]
        else:
            self.selected_leaf = frontier[0] if frontier else None
        train, test = self._accuracy(tree)
        mine = f"your tree: {plural(tree.n_leaves, 'leaf', 'leaves')}, {_percent(train)} training"
        theirs = f"greedy ID3: {plural(self._greedy[0], 'leaf', 'leaves')}, " \
            f"{_percent(self._greedy[1])}"
        if test is not None:
            mine += f", {_percent(test)} test"
            theirs += f", {_percent(self._greedy[2])}"
        self.status = f"{mine} — {theirs}"
        self.view.update(tree, self._grower.steps, open_leaves=frontier)
        self._show_leaf()

    @traitlets.observe("selected_leaf")
    def _on_selected_leaf(self, change: dict) -> None:
        if hasattr(self, "_grower"):
            self._show_leaf()

    @traitlets.observe("status", "message")
    def _on_text(self, change: dict) -> None:
        if hasattr(self, "status_html"):
            self.status_html.value = (f'<span class="dtlearn-app-status">'
                                      f"{html.escape(self.status)}</span>")
            self.message_html.value = f"<i>{html.escape(self.message)}</i>"

    def _on_view_select(self, change: dict) -> None:
        node = change["new"]
        if node is None or node == self.selected_leaf:
            return
        if node in self._grower.frontier():
            self.selected_leaf = node
            self.message = f"leaf {node} selected"
        else:  # the clicked node stays visibly selected; Split has nothing to act on
            self.selected_leaf = None
            tree = self._grower.tree()
            name = next((n.split and tree.schema.names[n.split.features[0]]
                         for n in tree.nodes() if n.node_id == node), "")
            self.message = (f"node {node} is an inner node (split on {name}): it cannot be "
                            f"split again; click an open (dashed) leaf to split it")
            self.view.selected = node

    def _show_leaf(self) -> None:
        node = self.selected_leaf
        self.buttons["split"].disabled = node is None
        if node is None:
            self.attribute.options = []
            self.attribute.value = None
            finished = not self._grower.frontier()
            self.table_html.value = ("<p>No open leaf: the tree is finished.</p>" if finished
                                     else "<p>Select an open (dashed) leaf to split it.</p>")
            self.rows_html.value = ""
            return
        self.view.selected = node
        candidates = self._grower.candidates(node)
        # only the attributes that can split this leaf; none is chosen for the student
        self.attribute.options = [c.feature_name for c in candidates if c.admissible]
        self.attribute.value = None
        reason = self._grower.stop_reason(node)
        caption = f"leaf {node}" + (f" (greedy would stop: {reason})" if reason else "")
        self.table_html.value = _candidate_table(candidates, caption)._repr_html_()
        self.rows_html.value = self._rows_html(node)

    def _rows_html(self, node: int) -> str:
        import pandas as pd

        tree = self._grower.tree()
        where = _leaf_of(tree, self._grower.X) == node
        frame = pd.DataFrame(self._X).reset_index(drop=True)
        labels = pd.Series(np.asarray(self._y, dtype=object), name=tree.target_name)
        shown = pd.concat([frame, labels], axis=1)[where]
        more = f"<p>… {len(shown) - 12} more rows</p>" if len(shown) > 12 else ""
        return shown.head(12).to_html(classes="dtlearn-table", border=0) + more

    def describe(self) -> str:
        """The status line."""
        return self.status

    def static_html(self) -> str:
        """The tree so far as an inline SVG."""
        return self.view.static_html()


def _leaf_of(tree: Any, Xe: np.ndarray) -> np.ndarray:
    """Leaf id of every encoded row (open leaves included)."""
    out = np.full(Xe.shape[0], -1, dtype=np.int64)
    stack = [(tree.root, np.arange(Xe.shape[0]))]
    while stack:
        node, rows = stack.pop()
        if node.is_leaf:
            out[rows] = node.node_id
            continue
        branch = node.split.route(Xe[rows])
        out[rows[branch < 0]] = node.node_id
        for b, child in enumerate(node.children):
            stack.append((child, rows[branch == b]))
    return out


# ---------------------------------------------------------------------------- CriteriaExplorer
_EXAMPLE = {"A: (10,40) + (40,10)": [[10, 40], [40, 10]],
            "B: (50,20) + (0,30)": [[50, 20], [0, 30]]}


def criteria_example_table() -> ResultTable:
    """The (50,50) node split two ways: equal misclassification, Gini and entropy differ.

    Examples
    --------
    >>> print(criteria_example_table())
    (50, 50) split into A: (10,40)+(40,10) or B: (50,20)+(0,30)
      criterion         | parent | after A | after B | gain A | gain B | prefers
      misclassification |  0.500 |   0.200 |   0.200 |  0.300 |  0.300 | tie
      Gini              |  0.500 |   0.320 |   0.286 |  0.180 |  0.214 | B
      entropy           |  1.000 |   0.722 |   0.604 |  0.278 |  0.396 | B
    """
    from ..criteria import entropy_of_counts, gini_of_counts, misclassification_of_counts

    parent = np.array([[50.0, 50.0]])
    rows = []
    for name, kernel in [("misclassification", misclassification_of_counts),
                         ("Gini", gini_of_counts), ("entropy", entropy_of_counts)]:
        before = float(kernel(parent)[0])
        after = []
        for children in _EXAMPLE.values():
            c = np.asarray(children, dtype=float)
            sizes = c.sum(axis=1)
            after.append(float((sizes / sizes.sum() * kernel(c)).sum()))
        gains = [before - a for a in after]
        prefers = "tie" if abs(gains[0] - gains[1]) < 1e-12 else "AB"[int(gains[1] > gains[0])]
        rows.append((name, before, after[0], after[1], gains[0], gains[1], prefers))
    return ResultTable.build(["criterion", "parent", "after A", "after B", "gain A", "gain B",
                              "prefers"], rows,
                             caption="(50, 50) split into A: (10,40)+(40,10) or "
                                     "B: (50,20)+(0,30)")


def _datasets() -> dict[str, Callable]:
    from .. import datasets

    return {"play tennis": datasets.load_play_tennis, "restaurant": datasets.load_restaurant,
            "contact lenses": datasets.load_contact_lenses, "car": datasets.load_car}


CRITERIA = ("entropy", "gain_ratio", "gini", "misclassification")


def criterion_picks(X: Any, y: Any) -> ResultTable:
    """Which attribute each criterion splits the root on (ID3's engine, multiway splits).

    Examples
    --------
    >>> from dtlearn import load_play_tennis
    >>> [row[1] for row in criterion_picks(*load_play_tennis()).rows]
    ['outlook', 'outlook', 'outlook', 'outlook']
    """
    rows = []
    for criterion in CRITERIA:
        candidates = ID3Classifier(criterion=criterion).make_grower(X, y).candidates(0)
        best = _best(candidates)
        rows.append((criterion, "—" if best is None else best.feature_name,
                     float("nan") if best is None else float(best.score)))
    return ResultTable.build(["criterion", "root split", "score"], rows,
                             caption="attribute chosen at the root by each criterion")


class CriteriaExplorer(_App):
    """Impurity curves for two classes, the classic split example, and criteria compared.

    Examples
    --------
    >>> app = CriteriaExplorer()
    >>> app.p = 0.2
    >>> app.values_text
    'p = 0.20: entropy/2 = 0.361, Gini = 0.320, misclassification = 0.200'
    >>> app.dataset = "restaurant"
    >>> app.picks.rows[0][:2]
    ('entropy', 'Patrons')
    """

    p = traitlets.Float(0.3)
    dataset = traitlets.Unicode("play tennis")
    values_text = traitlets.Unicode("")

    def __init__(self, X: Any = None, y: Any = None) -> None:
        self._data = _datasets()
        if X is not None:
            self._data = {"your data": lambda: (X, y), **self._data}
        self.slider = w.FloatSlider(value=self.p, min=0.0, max=1.0, step=0.01,
                                    description="p", continuous_update=False)
        self.chooser = w.Dropdown(options=list(self._data), description="data set")
        self.figure = LiveFigure((6.6, 3.5))
        self.image = self.figure.image("entropy, Gini and misclassification of a two-class "
                                       "node against p, the marked values at the chosen p")
        self.values_html = w.HTML()
        self.example_html = w.HTML(criteria_example_table()._repr_html_())
        self.picks_html = w.HTML()
        super().__init__(children=[self.slider, self.values_html, self.image,
                                   self.example_html, self.chooser, self.picks_html])
        self.add_class("dtlearn-criteria-explorer")
        w.link((self.slider, "value"), (self, "p"))
        w.link((self.chooser, "value"), (self, "dataset"))
        self.dataset = next(iter(self._data))
        self._draw()
        self._pick()

    @traitlets.observe("p")
    def _on_p(self, change: dict) -> None:
        if hasattr(self, "image"):
            self._draw()

    @traitlets.observe("dataset")
    def _on_dataset(self, change: dict) -> None:
        if hasattr(self, "picks_html"):
            self._pick()

    def _artists(self, fig: Any) -> dict:
        """Static curves (drawn once) and the animated marker of ``p``."""
        from ..plot import impurity_curves

        # legend and value box beside the axes: nothing is drawn over the curves' markers
        ax = fig.add_axes((0.09, 0.14, 0.56, 0.82))
        impurity_curves(ax)
        ax.legend(loc="upper left", bbox_to_anchor=(1.03, 1.0), fontsize=9, frameon=False)
        return {"line": ax.axvline(0.0, color="#555", linewidth=1, animated=True),
                "points": ax.plot([0.0] * 3, [0.0] * 3, "o", color="black", markersize=4,
                                  animated=True)[0],
                "text": ax.text(1.04, 0.55, "", transform=ax.transAxes, va="top", fontsize=9,
                                bbox={"facecolor": "white", "edgecolor": "#999"},
                                animated=True, clip_on=False)}

    def _draw(self) -> None:
        from ..criteria import entropy_of_counts, gini_of_counts, misclassification_of_counts

        pt = np.array([[self.p, 1 - self.p]])
        values = [float(entropy_of_counts(pt)[0]) / 2, float(gini_of_counts(pt)[0]),
                  float(misclassification_of_counts(pt)[0])]
        self.values_text = (f"p = {self.p:.2f}: entropy/2 = {fmt(values[0])}, Gini = "
                            f"{fmt(values[1])}, misclassification = {fmt(values[2])}")
        self.values_html.value = html.escape(self.values_text)
        art = self.figure.page("curves", self._artists)
        art["line"].set_xdata([self.p, self.p])
        art["points"].set_data([self.p] * 3, values)
        art["text"].set_text(f"p = {fmt(self.p, 2)}\nentropy/2 = {fmt(values[0])}\n"
                             f"Gini = {fmt(values[1])}\nmisclassification = {fmt(values[2])}")
        self.image.value = self.figure.render("curves", art.values())

    def _pick(self) -> None:
        X, y = self._data[self.dataset]()
        self.picks = criterion_picks(X, y)
        self.picks_html.value = self.picks._repr_html_()

    def describe(self) -> str:
        """Current proportion and data set."""
        return f"{self.values_text}; data set {self.dataset}"

    def static_html(self) -> str:
        """Figure, example table and picks."""
        return (_img_html(self.image.value, "impurity curves", self.figure.width_px)
                + self.example_html.value
                + self.picks_html.value)


# ---------------------------------------------------------------------------- BoundaryExplorer
class BoundaryExplorer(_App):
    """Decision regions of a tree on 2-D numeric data as its depth grows.

    Each (learner, depth) is fitted once, on first visit, and kept: moving the slider
    back is a look-up. The axes, data points and legend are drawn once; a move only
    redraws the region image and the points over it.

    Parameters
    ----------
    X : array-like (n, 2) of numbers
    y : labels
    oblique : bool
        Start with the oblique learner instead of the axis-aligned one.
    max_depth : int
        Largest depth on the slider.
    resolution : int
        Grid points per axis of the region image.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> X = rng.uniform(size=(80, 2)); y = np.where(X.sum(axis=1) > 1, "a", "b")
    >>> app = BoundaryExplorer(X, y)
    >>> app.depth = 1; app.summary
    'axis-aligned, max depth 1: 2 leaves, training accuracy 78%'
    """

    depth = traitlets.Int(2)
    oblique = traitlets.Bool(False)
    summary = traitlets.Unicode("")

    def __init__(self, X: Any, y: Any, oblique: bool = False, max_depth: int = 10,
                 resolution: int = 100) -> None:
        self._X, self._y = X, y
        self._resolution = resolution
        self._fits: dict[tuple[bool, int], tuple] = {}
        self.slider = w.IntSlider(value=2, min=1, max=max_depth, description="max depth",
                                  continuous_update=False)
        self.kind = w.ToggleButtons(options=[("axis-aligned", False), ("oblique", True)],
                                    value=oblique)
        self.figure = LiveFigure((5.6, 4.0))
        self.image = self.figure.image("the training points and the class regions the tree "
                                       "predicts over the plane")
        self.summary_html = w.HTML()
        super().__init__(children=[w.HBox([self.slider, self.kind]), self.summary_html,
                                   self.image])
        self.oblique = oblique
        self.add_class("dtlearn-boundary-explorer")
        w.link((self.slider, "value"), (self, "depth"))
        w.link((self.kind, "value"), (self, "oblique"))
        self._draw()

    @traitlets.observe("depth", "oblique")
    def _on_change(self, change: dict) -> None:
        if hasattr(self, "image"):
            self._draw()

    def _fit(self) -> tuple:
        key = (self.oblique, self.depth)
        if key not in self._fits:
            from ..plot.figures import region_grid

            learner = ObliqueTreeClassifier if self.oblique else CARTClassifier
            model = learner(max_depth=self.depth).fit(self._X, self._y)
            kind = "oblique" if self.oblique else "axis-aligned"
            summary = (f"{kind}, max depth {self.depth}: {model.tree_.n_leaves} leaves, "
                       f"training accuracy {_percent(model.score(self._X, self._y))}")
            self._fits[key] = (model, summary, region_grid(model, self._X, self._resolution))
        return self._fits[key]

    def _artists(self, fig: Any) -> dict:
        from ..plot.figures import decision_regions, region_colours

        ax = fig.add_axes((0.11, 0.12, 0.66, 0.84))
        model, _, (extent, codes) = self._fit()
        decision_regions(model, self._X, self._y, ax=ax, resolution=2, legend_outside=True)
        ax.images[0].remove()  # replaced by an animated image of the current depth
        points = list(ax.collections)
        n = len(model.classes_)
        image = ax.imshow(codes, origin="lower", extent=extent, cmap=region_colours(n),
                          vmin=-0.5, vmax=n - 0.5, alpha=0.3, interpolation="nearest",
                          aspect="auto", animated=True, zorder=0)
        ax.set_xlim(extent[0], extent[1])
        ax.set_ylim(extent[2], extent[3])
        for artist in points:
            artist.set_animated(True)
        return {"image": image, "points": points, "spines": list(ax.spines.values())}

    def _draw(self) -> None:
        self.model, self.summary, (extent, codes) = self._fit()
        self.summary_html.value = html.escape(self.summary)
        art = self.figure.page("regions", self._artists)
        art["image"].set_data(codes)
        self.image.value = self.figure.render(
            "regions", [art["image"], *art["points"], *art["spines"]])

    def describe(self) -> str:
        """Learner, depth, leaves and accuracy."""
        return self.summary

    def static_html(self) -> str:
        """The current figure."""
        return _img_html(self.image.value, self.summary, self.figure.width_px)
