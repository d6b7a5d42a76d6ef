"""Static matplotlib figures: impurity curves, score bars, tree diagrams, regions, fits.

Every function takes ``ax=None`` (then a new pyplot figure is made, so a notebook cell
shows it; no style or rcParams change) and returns the Axes it drew on. Functions never fit a
model or make up data: they draw what they are given. Text matters more than pixels, so
numbers are written on the figure (tests read ``ax.texts``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import criteria
from ..drawing.layout import tree_view_data
from ..explain import CLASS_COLOURS
from ..formatting import fmt, fmt_g, plural
from ..grow import GrowthConfig
from ..tree import Tree, as_tree
from ._axes import new_axes
from .style import ink, paper

__all__ = [
    "decision_regions",
    "impurity_curves",
    "impurity_values",
    "plot_tree",
    "region_colours",
    "region_grid",
    "regression_fit",
    "score_bars",
]

_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
_LINE_STYLES = ("-", "--", ":", "-.")


def _drawn_impurities(ps: np.ndarray) -> list[tuple[str, float, np.ndarray]]:
    """``(name, divisor, impurity of (p, 1-p) / divisor)`` per drawn criterion, registry order.

    The criteria drawn are :func:`dtlearn.criteria.with_curves`. Each curve is divided by
    its value at ``p = 1/2`` over 1/2, so all peak at 0.5 as Gini and misclassification do
    (entropy, whose peak is 1, is halved: the course's Figure 5).
    """
    out = []
    for c in criteria.with_curves():
        config = GrowthConfig(criterion=c.name)
        counts = np.stack([ps, 1.0 - ps], axis=-1)
        divisor = float(c.node_impurity(np.array([0.5, 0.5]), config)) / 0.5
        divisor = 1.0 if abs(divisor - 1.0) < 1e-12 else divisor
        out.append((c.curve_label, divisor, c.node_impurity(counts, config) / divisor))
    return out


def _scaled(name: str, divisor: float, sep: str) -> str:
    return name if divisor == 1.0 else f"{name}{sep}{fmt_g(divisor)}"


def impurity_values(p: float) -> dict[str, float]:
    """The drawn node impurities of ``(p, 1-p)``, scaled as the figure draws them.

    One entry per criterion with a ``curve_label`` in the registry (entropy halved).

    Examples
    --------
    >>> values = impurity_values(0.2)
    >>> {k: round(values[k], 3) for k in ("entropy/2", "Gini", "misclassification")}
    {'entropy/2': 0.361, 'Gini': 0.32, 'misclassification': 0.2}
    """
    if not 0.0 <= float(p) <= 1.0:
        raise ValueError(f"p must be between 0 and 1, got {p}")
    return {
        _scaled(name, divisor, "/"): float(values[0])
        for name, divisor, values in _drawn_impurities(np.array([float(p)]))
    }


def impurity_curves(ax: Any = None, p: float | None = None) -> Any:
    """Node impurity of a two-class node against the proportion ``p`` of the first class.

    The course's Figure 5: one curve per criterion the registry gives a ``curve_label``
    (entropy, Gini and misclassification; gain ratio and Hellinger repeat entropy's and
    Gini's node impurity), each scaled to a maximum of 0.5 (entropy is halved). ``p``
    (optional) marks one proportion and writes the values there.

    Examples
    --------
    >>> ax = impurity_curves(p=0.2)
    >>> [line.get_label() for line in ax.get_lines()[:3]]
    ['entropy / 2', 'Gini', 'misclassification']
    """
    ax = new_axes(ax)
    ps = np.linspace(0.0, 1.0, 201)
    for i, (name, divisor, values) in enumerate(_drawn_impurities(ps)):
        ax.plot(
            ps,
            values,
            _LINE_STYLES[i % len(_LINE_STYLES)],
            color=CLASS_COLOURS[(2 + i) % len(CLASS_COLOURS)],
            label=_scaled(name, divisor, " / "),
            linewidth=2,
        )
    if p is not None:
        values = impurity_values(p)
        ax.axvline(p, color="#555", linewidth=1)
        text = "\n".join([f"p = {fmt(p, 2)}"] + [f"{k} = {fmt(v)}" for k, v in values.items()])
        ax.text(
            0.02,
            0.98,
            text,
            transform=ax.transAxes,
            va="top",
            fontsize=9,
            bbox={"facecolor": paper(), "edgecolor": "#999"},
        )
    ax.set_xlabel("p (proportion of class 1)")
    ax.set_ylabel("impurity")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 0.55)
    ax.legend(loc="upper right", fontsize=9)
    return ax


def _score_rows(step_or_table: Any, measures: Sequence[str]) -> tuple[list, np.ndarray, Any]:
    """Attribute names, score matrix (attributes × measures) and chosen row."""
    if hasattr(step_or_table, "candidates") and hasattr(step_or_table, "chosen"):
        cands = [c for c in step_or_table.candidates if c.admissible]
        names = [c.feature_name for c in cands]
        values = np.array([[float(c.scores.get(m, np.nan)) for m in measures] for c in cands])
        chosen = next((i for i, c in enumerate(cands) if c is step_or_table.chosen), None)
        return names, values.reshape(len(cands), len(measures)), chosen
    table = step_or_table
    if hasattr(table, "columns") and hasattr(table, "rows"):
        cols = list(table.columns)
        missing = [m for m in measures if m not in cols]
        if missing:
            raise ValueError(f"measures {missing} are not columns of the table {cols}")
        names = [str(r[0]) for r in table.rows]
        values = np.array([[float(r[cols.index(m)]) for m in measures] for r in table.rows])
        return names, values, getattr(table, "highlight_row", None)
    candidates = list(step_or_table)
    if not candidates or not hasattr(candidates[0], "scores"):
        raise TypeError("step_or_table must be a GrowthStep, a ResultTable or candidates")
    names = [c.feature_name for c in candidates]
    values = np.array([[float(c.scores.get(m, np.nan)) for m in measures] for c in candidates])
    return names, values, None


def score_bars(
    step_or_table: Any, measures: Sequence[str] = ("information_gain", "gain_ratio"), ax: Any = None
) -> Any:
    """Grouped horizontal bars of split scores, one group per attribute, values written.

    Parameters
    ----------
    step_or_table : GrowthStep, ResultTable or sequence of Candidate
        Where the scores come from (a step's :meth:`~dtlearn.grow.GrowthStep.table`).
    measures : sequence of str
        Score columns to draw.
    ax : matplotlib Axes, optional

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> step = ID3Classifier().fit(*load_play_tennis()).steps_[0]
    >>> ax = score_bars(step)
    >>> [t.get_text() for t in ax.texts][:2]
    ['0.247', '0.029']
    """
    names, values, chosen = _score_rows(step_or_table, measures)
    ax = new_axes(ax, (6.0, 0.6 + 0.5 * len(names) * max(1, len(measures)) ** 0.5))
    k = len(measures)
    height = 0.8 / k
    ys = np.arange(len(names))
    hatches = ("", "//", "..", "xx")
    for j, measure in enumerate(measures):
        offsets = ys - 0.4 + height * (j + 0.5)
        vals = np.nan_to_num(values[:, j])
        ax.barh(
            offsets,
            vals,
            height=height,
            color=CLASS_COLOURS[(j + 1) % 8],
            hatch=hatches[j % 4],
            edgecolor=ink(),
            label=measure.replace("_", " "),
        )
        for yy, v in zip(offsets, values[:, j]):
            # the value just right of its bar's end, never on the bar
            ax.annotate(
                f"{fmt(v)}",
                (max(float(np.nan_to_num(v)), 0.0), yy),
                textcoords="offset points",
                xytext=(3, 0),
                va="center",
                fontsize=8,
            )
    labels = [f"{n} ◀ chosen" if i == chosen else n for i, n in enumerate(names)]
    ax.set_yticks(ys, labels)
    ax.invert_yaxis()
    ax.set_xlabel("score")
    # the legend above the axes: it never covers a bar or a value
    ax.legend(
        loc="lower left",
        bbox_to_anchor=(0.0, 1.01),
        ncol=max(1, k),
        fontsize=8,
        frameon=False,
        borderaxespad=0.0,
    )
    ax.margins(x=0.18)
    return ax


def plot_tree(
    tree: Any, ax: Any = None, highlight_path: Any = None, max_depth: int | None = None
) -> Any:
    """Draw a tree: boxes with the test or prediction, counts, impurity and a class bar.

    The picture is the one :class:`~dtlearn.widgets.TreeView` and its static SVG show:
    the tidy layout of :func:`dtlearn.drawing.tidy_layout.tree_layout` (Buchheim's), boxes sized to
    their texts with long names wrapped (:func:`dtlearn.drawing.layout.tree_view_data`), branch
    labels beside their edges. Without ``ax`` the figure is as large as the layout needs
    (100 px per inch), so a big tree is never squeezed into overlapping text: it is shown
    scaled down and stays readable when enlarged.

    Parameters
    ----------
    tree : Tree or fitted model
    ax : matplotlib Axes, optional
    highlight_path : DecisionPath or iterable of int, optional
        Nodes drawn with a thick outline and a ``▶`` mark.
    max_depth : int, optional
        Draw only the nodes down to this depth (deeper subtrees shown collapsed).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> ax = plot_tree(ID3Classifier().fit(*load_play_tennis()))
    >>> texts = [t.get_text() for t in ax.texts]
    >>> "outlook" in texts and "play = yes" in texts and "= sunny" in texts
    True
    """
    model_tree = as_tree(tree, arg="tree")
    collapsed = ()
    if max_depth is not None:
        collapsed = [n.node_id for n in model_tree.nodes() if n.depth == max_depth]
    data = tree_view_data(model_tree, None, highlight_path, collapsed, explain=False)
    nodes, g = data["nodes"], data["geometry"]
    if ax is None:
        scale = min(1.0, 60000.0 / g["width"])  # matplotlib's limit is 2**16 px a side
        ax = new_axes(ax, (g["width"] / 100 * scale, g["height"] / 100 * scale))
        fs = 1.0
    else:  # the caller's axes: text shrinks with the drawing (never below 70 %)
        box = ax.get_position()
        fig_w, fig_h = ax.figure.get_size_inches()
        fs = max(
            0.7,
            min(1.0, box.width * fig_w * 100 / g["width"], box.height * fig_h * 100 / g["height"]),
        )
    where = {n["id"]: n for n in nodes}
    w, h, line = g["node_width"], g["node_height"], g["line_height"]
    from ..drawing.layout import branch_label_position

    for e in data["edges"]:
        a, b = where[e["parent"]], where[e["child"]]
        ax.plot(
            [a["px"] + w / 2, b["px"] + w / 2],
            [a["py"] + h, b["py"]],
            color="#767676",
            linewidth=1,
            zorder=1,
        )
        x, y, anchor = branch_label_position(a, b, g)
        ax.text(
            x,
            y - 4,
            e.get("branch", e["condition"]),
            ha="left" if anchor == "start" else "right",
            va="center",
            fontsize=7 * fs,
            zorder=3,
            bbox={"facecolor": paper(), "edgecolor": "none", "pad": 0.5},
        )
    from matplotlib.patches import FancyBboxPatch, Rectangle

    for n in nodes:
        x, y = n["px"], n["py"]
        lit = n["highlighted"]
        ax.add_patch(
            FancyBboxPatch(
                (x, y),
                w,
                h,
                boxstyle="round,pad=0,rounding_size=6",
                facecolor=paper(),
                edgecolor=ink() if lit else "#888",
                linewidth=2.5 if lit else 1,
                zorder=2,
                linestyle="--" if n["open"] else "-",
            )
        )
        ty = y + 11
        for text in n["label_lines"]:
            ax.text(
                x + w / 2,
                ty,
                text,
                ha="center",
                va="center",
                fontsize=7.5 * fs,
                fontweight="bold",
                zorder=3,
            )
            ty += line
        for text in n["summary_lines"]:
            ax.text(x + w / 2, ty, text, ha="center", va="center", fontsize=7 * fs, zorder=3)
            ty += line
        ax.text(
            x + w / 2,
            ty,
            n["impurity_text"],
            ha="center",
            va="center",
            fontsize=7 * fs,
            color=ink(),
            alpha=0.8,
            zorder=3,
        )
        if n["counts"]:
            total = sum(n["counts"]) or 1.0
            left = x + 8
            for k, c in enumerate(n["counts"]):
                width = (w - 16) * c / total
                ax.add_patch(
                    Rectangle(
                        (left, y + h - 13),
                        width,
                        7,
                        facecolor=data["colours"][k],
                        zorder=3,
                        edgecolor="none",
                    )
                )
                left += width
        if n.get("stub"):  # a folded subtree: how many nodes it hides
            ax.text(
                x + w / 2,
                y + h + g["stub_gap"] + g["stub_height"] / 2,
                n["stub"],
                ha="center",
                va="center",
                fontsize=7 * fs,
                zorder=3,
                bbox={"boxstyle": "round", "facecolor": "#eeeeee", "edgecolor": "#666"},
            )
    if data["classes"]:
        from matplotlib.patches import Patch

        ax.legend(
            handles=[
                Patch(color=c, label=str(k)) for k, c in zip(data["classes"], data["colours"])
            ],
            loc="upper left",
            fontsize=7,
            title=data["target_name"],
            title_fontsize=7,
        )
    ax.set_xlim(0, g["width"])
    ax.set_ylim(g["height"], 0)
    ax.set_axis_off()
    return ax


def _as_matrix(X: Any) -> tuple[np.ndarray, list[str], Any]:
    columns = getattr(X, "columns", None)
    values = np.asarray(X, dtype=float)
    if values.ndim != 2:
        raise ValueError(f"X must be 2-D, got shape {values.shape}")
    names = (
        [str(c) for c in columns]
        if columns is not None
        else [f"x{j}" for j in range(values.shape[1])]
    )
    return values, names, columns


def region_grid(model: Any, X: Any, resolution: int = 200) -> tuple[tuple, np.ndarray]:
    """The class a fitted classifier predicts on a regular grid over 2-D numeric data.

    Returns ``(extent, codes)``: ``extent = (x0, x1, y0, y1)`` of the grid (the data range
    padded by 5 %) and ``codes`` (``resolution`` × ``resolution``, row 0 at ``y0``) the
    index into ``model.classes_`` predicted at each grid point.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn import CARTClassifier
    >>> X = np.array([[0, 0], [0, 1], [1, 0], [1, 1.0]])
    >>> extent, codes = region_grid(CARTClassifier().fit(X, ["a", "a", "b", "b"]), X, 4)
    >>> codes.tolist()
    [[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 1, 1]]
    """
    values, _, columns = _as_matrix(X)
    if values.shape[1] != 2:
        raise ValueError(f"X must have 2 columns, got {values.shape[1]}")
    classes = list(getattr(model, "classes_", []))
    if not classes:
        raise TypeError("model must be a fitted classifier with classes_")
    lo, hi = values.min(axis=0), values.max(axis=0)
    pad = np.where(hi > lo, (hi - lo) * 0.05, 1.0)
    gx = np.linspace(lo[0] - pad[0], hi[0] + pad[0], resolution)
    gy = np.linspace(lo[1] - pad[1], hi[1] + pad[1], resolution)
    xx, yy = np.meshgrid(gx, gy)
    grid = np.column_stack([xx.ravel(), yy.ravel()])
    tree = getattr(model, "tree_", None)
    if (
        isinstance(tree, Tree)
        and tree.is_classifier
        and all(k == "numeric" for k in tree.schema.kinds)
    ):
        # numeric columns encode as themselves: predict on the matrix directly
        codes = tree.predict_values(grid, encoded=True).argmax(axis=1)
    else:
        if columns is not None:
            import pandas as pd

            grid = pd.DataFrame(grid, columns=columns)
        predicted = np.asarray(model.predict(grid), dtype=object)
        index = {c: i for i, c in enumerate(classes)}
        codes = np.array([index[p] for p in predicted])
    extent = (float(gx[0]), float(gx[-1]), float(gy[0]), float(gy[-1]))
    return extent, codes.reshape(xx.shape).astype(np.int64)


def region_colours(n_classes: int) -> Any:
    """The colour map of :func:`decision_regions` (class ``i`` → palette colour ``i``).

    Examples
    --------
    >>> region_colours(3).N
    3
    """
    from matplotlib.colors import ListedColormap

    return ListedColormap([CLASS_COLOURS[i % 8] for i in range(max(n_classes, 1))])


def decision_regions(
    model: Any, X: Any, y: Any, ax: Any = None, resolution: int = 200, legend_outside: bool = False
) -> Any:
    """Regions a fitted classifier assigns on 2-D numeric data, with the data on top.

    Axis-aligned trees give a staircase of rectangles; an oblique tree can cut diagonally.
    Classes get the shared colour-blind-safe palette and a distinct marker each.

    Parameters
    ----------
    model : fitted classifier with ``predict`` and ``classes_``
    X : array-like (n, 2)
    y : array-like (n,)
    ax : matplotlib Axes, optional
    resolution : int
        Grid points per axis.
    legend_outside : bool
        Put the legend to the right of the axes (never over the regions).

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn import CARTClassifier
    >>> X = np.array([[0, 0], [0, 1], [1, 0], [1, 1.0]])
    >>> y = np.array(["a", "a", "b", "b"])
    >>> ax = decision_regions(CARTClassifier().fit(X, y), X, y, resolution=20)
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('x0', 'x1')
    """
    values, names, _ = _as_matrix(X)
    extent, codes = region_grid(model, X, resolution)
    classes = list(model.classes_)
    ax = new_axes(ax, (5.0, 4.5))
    ax.imshow(
        codes,
        origin="lower",
        extent=extent,
        cmap=region_colours(len(classes)),
        vmin=-0.5,
        vmax=len(classes) - 0.5,
        alpha=0.3,
        interpolation="nearest",
        aspect="auto",
    )
    labels = np.asarray(y, dtype=object)
    for i, c in enumerate(classes):
        mask = labels == c
        ax.scatter(
            values[mask, 0],
            values[mask, 1],
            c=CLASS_COLOURS[i % 8],
            marker=_MARKERS[i % 8],
            edgecolors="black",
            linewidths=0.5,
            s=28,
            label=str(c),
        )
    ax.set_xlabel(names[0])
    ax.set_ylabel(names[1])
    if legend_outside:
        ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8)
    else:
        ax.legend(loc="upper right", fontsize=8)
    return ax


def regression_fit(model: Any, X: Any, y: Any, ax: Any = None) -> Any:
    """A regression tree's piecewise-constant fit on one numeric feature, with the data.

    The steps are exact: the fitted function is evaluated once inside every interval
    between consecutive thresholds and drawn as flat segments.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn import CARTRegressor
    >>> X = np.arange(8.0).reshape(-1, 1)
    >>> y = np.array([1, 1, 1, 1, 5, 5, 5, 5.0])
    >>> ax = regression_fit(CARTRegressor(max_depth=1).fit(X, y), X, y)
    >>> ax.get_lines()[0].get_ydata().tolist()
    [1.0, 1.0, 5.0, 5.0]
    """
    tree = getattr(model, "tree_", None)
    if not isinstance(tree, Tree) or tree.classes is not None:
        raise TypeError(
            f"model must be a fitted regression model (e.g. CARTRegressor), got "
            f"{type(model).__name__}"
        )
    values, names, columns = _as_matrix(X)
    if values.shape[1] != 1:
        raise ValueError(f"X must have one column, got {values.shape[1]}")
    thresholds = sorted(
        {
            float(n.split.threshold)
            for n in tree.nodes()
            if not n.is_leaf and n.split.kind == "threshold"
        }
    )
    lo, hi = float(values.min()), float(values.max())
    cuts = [t for t in thresholds if lo < t < hi]
    edges = [lo] + cuts + [hi]
    mids = np.array([(a + b) / 2 for a, b in zip(edges[:-1], edges[1:])] or [lo]).reshape(-1, 1)
    if columns is not None:
        import pandas as pd

        mids = pd.DataFrame(mids, columns=columns)
    levels = np.asarray(model.predict(mids), dtype=float)
    xs, ys = [], []
    for (a, b), level in zip(zip(edges[:-1], edges[1:]), levels):
        xs += [a, b]
        ys += [float(level), float(level)]
    ax = new_axes(ax, (6.0, 4.0))
    ax.plot(
        xs,
        ys,
        color=CLASS_COLOURS[3],
        linewidth=2,
        label=f"tree ({plural(tree.n_leaves, 'leaf', 'leaves')})",
    )
    ax.scatter(
        values[:, 0],
        np.asarray(y, dtype=float),
        s=14,
        color=CLASS_COLOURS[0],
        edgecolors="black",
        linewidths=0.4,
        label="data",
        zorder=3,
    )
    ax.set_xlabel(names[0])
    ax.set_ylabel(str(getattr(y, "name", None) or tree.target_name))
    ax.legend(loc="upper left", fontsize=8)
    return ax
