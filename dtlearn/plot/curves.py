"""Figures for overfitting and pruning: complexity curves and the cost-complexity path.

Every function takes ``ax=None`` (then a new pyplot figure is made, so a notebook cell
shows it) and returns the Axes; no style or rcParams change. They draw results computed
by :mod:`dtlearn.pruning.curves` and :mod:`dtlearn.pruning.reduced_error`; they never fit a model or make data.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._axes import new_axes

__all__ = ["plot_ccp_path", "plot_complexity_curve", "plot_prune_steps", "plot_rule_accuracies"]

_COLOURS = {"train": "#0072B2", "validation": "#E69F00", "test": "#D55E00"}
_X_LABELS = {
    "n_nodes": "size of tree (number of nodes)",
    "n_leaves": "number of leaves",
    "depth": "depth of tree",
}


def _axes(ax: Any, size: tuple[float, float] = (6.0, 4.0)) -> Any:
    return new_axes(ax, size)


def _require(obj: Any, module: str, name: str, arg: str, source: str) -> None:
    """TypeError naming ``arg`` unless ``obj`` is a ``module.name`` (made by ``source``)."""
    import importlib

    cls = getattr(importlib.import_module(module), name)
    if not isinstance(obj, cls):
        raise TypeError(f"{arg} must be a {name} (from {source}), got {type(obj).__name__}")


def plot_complexity_curve(
    curve: Any, x: str = "n_nodes", ax: Any = None, title: str | None = None
) -> Any:
    """Training, validation and test scores against tree size (as in the lecture's Figure 8).

    Parameters
    ----------
    curve : dtlearn.pruning.curves.ComplexityCurve
        From :func:`~dtlearn.pruning.curves.complexity_curve` or
        :func:`~dtlearn.pruning.curves.pruning_curve`.
    x : {"n_nodes", "n_leaves", "depth", "value"}
        What goes on the horizontal axis (``"value"``: the parameter itself).
    ax : matplotlib Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
        Lines labelled ``"train"``, ``"validation"``, ``"test"`` (those measured).

    Examples
    --------
    >>> from dtlearn.pruning.curves import ComplexityCurve
    >>> curve = ComplexityCurve("max_depth", (1, 2), (3, 7), (2, 4), (1, 2), (0.8, 0.9),
    ...                         (0.78, 0.75), None)
    >>> ax = plot_complexity_curve(curve)
    >>> [line.get_label() for line in ax.get_lines()]
    ['train', 'validation']
    """
    if x not in ("n_nodes", "n_leaves", "depth", "value"):
        raise ValueError(f"x must be 'n_nodes', 'n_leaves', 'depth' or 'value', got {x!r}")
    _require(
        curve,
        "dtlearn.pruning.curves",
        "ComplexityCurve",
        "curve",
        "complexity_curve or pruning_curve",
    )
    ax = _axes(ax)
    xs = np.asarray(curve.values if x == "value" else getattr(curve, x), dtype=float)
    order = np.argsort(xs, kind="stable")
    markers = {"train": "o", "validation": "s", "test": "^"}
    for name in ("train", "validation", "test"):
        ys = getattr(curve, name)
        if ys is None:
            continue
        ax.plot(
            xs[order],
            np.asarray(ys)[order],
            marker=markers[name],
            markersize=4,
            color=_COLOURS[name],
            label=name,
            drawstyle="steps-post" if x == "value" and curve.param == "ccp_alpha" else "default",
        )
    ax.set_xlabel(curve.param if x == "value" else _X_LABELS[x])
    ax.set_ylabel(curve.metric)
    ax.legend(loc="best")
    ax.grid(alpha=0.3)
    if title is None:
        title = f"{curve.learner} {curve.metric} against {curve.param}".strip()
    ax.set_title(title)
    return ax


def plot_ccp_path(path: Any, ax: Any = None) -> Any:
    """Total leaf impurity ``R(T)`` against effective alpha (scikit-learn's example figure).

    Each marker is one entry of the path; the number of leaves is written next to it.

    Parameters
    ----------
    path : dtlearn.pruning.reduced_error.CostComplexityPath
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_play_tennis
    >>> from dtlearn.pruning.cost_complexity import cost_complexity_path
    >>> path = cost_complexity_path(CARTClassifier().fit(*load_play_tennis(numeric=True)))
    >>> ax = plot_ccp_path(path)
    >>> [t.get_text() for t in ax.texts]
    ['5', '4', '3', '1']
    """
    _require(
        path,
        "dtlearn.pruning.cost_complexity",
        "CostComplexityPath",
        "path",
        "cost_complexity_path",
    )
    ax = _axes(ax)
    alphas, risks = np.asarray(path.ccp_alphas), np.asarray(path.impurities)
    ax.plot(
        alphas, risks, marker="o", drawstyle="steps-post", color=_COLOURS["train"], label="R(T)"
    )
    for a, r, n in zip(alphas, risks, path.n_leaves):
        ax.annotate(str(int(n)), (a, r), textcoords="offset points", xytext=(4, 4), fontsize=8)
    ax.set_xlabel("effective alpha")
    ax.set_ylabel("total impurity of leaves R(T)")
    ax.set_title("cost-complexity pruning path (numbers: leaves)")
    ax.grid(alpha=0.3)
    thin_point_labels(ax)
    return ax


def thin_point_labels(ax: Any, min_px: float = 14.0) -> list[str]:
    """Remove point labels that would print over an earlier one; return the removed texts.

    Labels (``ax.texts`` that annotate a data point) are visited in order; one whose anchor
    lies within ``min_px`` pixels of a kept label's anchor, in both directions, is removed,
    so crowded points (many alphas near zero) keep one readable number instead of a blob.
    Call it again after changing the axes' scale or limits.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure(figsize=(4, 3)).add_subplot()
    >>> _ = ax.plot([0, 0.001, 1], [0, 0, 1])
    >>> for x, y, t in [(0, 0, "a"), (0.001, 0, "b"), (1, 1, "c")]:
    ...     _ = ax.annotate(t, (x, y))
    >>> thin_point_labels(ax), [t.get_text() for t in ax.texts]
    (['b'], ['a', 'c'])
    """
    ax.autoscale_view()
    kept: list[tuple[float, float]] = []
    removed = []
    for text in list(ax.texts):
        xy = getattr(text, "xy", None)
        if xy is None:
            continue
        px, py = ax.transData.transform(xy)
        if any(abs(px - kx) < min_px and abs(py - ky) < min_px for kx, ky in kept):
            removed.append(text.get_text())
            text.remove()
        else:
            kept.append((px, py))
    return removed


def plot_prune_steps(result: Any, ax: Any = None) -> Any:
    """Plot the validation errors after every node reduced-error pruning removed.

    Parameters
    ----------
    result : dtlearn.pruning.reduced_error.ReducedErrorPruning
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> from dtlearn.pruning.reduced_error import reduced_error_prune
    >>> X, y = load_play_tennis()
    >>> result = reduced_error_prune(ID3Classifier().fit(X[:10], y[:10]), X[10:], y[10:])
    >>> plot_prune_steps(result).get_lines()[0].get_ydata().tolist()
    [1, 1, 1]
    """
    _require(
        result,
        "dtlearn.pruning.reduced_error",
        "ReducedErrorPruning",
        "result",
        "reduced_error_prune",
    )
    ax = _axes(ax)
    pruned = [s for s in result.steps if s.pruned]
    errors = [result.errors_before] + [s.errors_after for s in pruned]
    labels = ["full"] + [f"node {s.node_id}" for s in pruned]
    ax.plot(
        range(len(errors)),
        errors,
        marker="o",
        color=_COLOURS["validation"],
        label="validation errors",
    )
    ax.set_xticks(range(len(errors)), labels, rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("validation errors")
    ax.set_xlabel("after pruning")
    ax.set_title(f"reduced-error pruning: {result.original.n_nodes} -> {result.tree.n_nodes} nodes")
    ax.grid(alpha=0.3)
    return ax


def plot_rule_accuracies(ruleset: Any, ax: Any = None) -> Any:
    """Draw the validation accuracy of every rule of a pruned rule set, in firing order.

    Bars are labelled with ``correct/covered``; rules that cover no validation row get
    an empty bar marked ``0/0``.

    Parameters
    ----------
    ruleset : dtlearn.pruning.rule_post_pruning.RuleSet
        Rules with validation counts (from :func:`dtlearn.pruning.rule_post_pruning.rule_post_prune`).
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> from dtlearn.pruning.rule_post_pruning import rule_post_prune
    >>> X, y = load_play_tennis()
    >>> result = rule_post_prune(ID3Classifier().fit(X, y), X[::2], y[::2])
    >>> [t.get_text() for t in plot_rule_accuracies(result.ruleset).texts]
    ['5/5', '3/3', '1/1', '1/1', '0/0']
    """
    _require(
        ruleset,
        "dtlearn.pruning.rule_post_pruning",
        "RuleSet",
        "ruleset",
        "rule_post_prune(...).ruleset",
    )
    rules = list(ruleset.rules)
    ax = _axes(ax, (6.0, 0.5 + 0.35 * max(len(rules), 1)))
    acc = [r.val_correct / r.val_covered if r.val_covered else 0.0 for r in rules]
    ypos = np.arange(len(rules))[::-1]
    ax.barh(ypos, acc, color=_COLOURS["validation"])
    for y, r, a in zip(ypos, rules, acc):
        ax.text(a + 0.01, y, f"{r.val_correct or 0}/{r.val_covered or 0}", va="center", fontsize=8)
    ax.set_yticks(ypos, [f"{i + 1}. {r.label}" for i, r in enumerate(rules)], fontsize=8)
    ax.set_xlim(0, 1.15)
    ax.set_xlabel("validation accuracy of the rule (rows it covers)")
    ax.set_title("rules in firing order")
    return ax
