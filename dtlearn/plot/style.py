"""A dark matplotlib style for figures shown in JupyterLab's dark theme.

A notebook's inline figures are PNGs drawn on white paper: in JupyterLab's dark theme they
stay white boxes. The apps' figures follow the theme by themselves (the widget stylesheet
inverts their paper and keeps their hues); a static figure follows it when drawn inside
:func:`dark_style`::

    from dtlearn.plot import dark_style, plot_tree
    with dark_style():
        plot_tree(model)

or for the rest of a session with
``matplotlib.rcParams.update(dtlearn.plot.style.DARK_STYLE)``. The colours
are JupyterLab Dark's (background ``#111111``, text ``#e0e0e0``); the package's figure
functions take their paper and ink colours from these settings.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DARK_STYLE", "dark_style", "ink", "paper"]

DARK_STYLE = {
    "figure.facecolor": "#111111",
    "axes.facecolor": "#111111",
    "savefig.facecolor": "#111111",
    "text.color": "#e0e0e0",
    "axes.labelcolor": "#e0e0e0",
    "axes.edgecolor": "#9e9e9e",
    "xtick.color": "#e0e0e0",
    "ytick.color": "#e0e0e0",
    "grid.color": "#555555",
    "legend.facecolor": "#1f1f1f",
    "legend.edgecolor": "#555555",
    "legend.labelcolor": "#e0e0e0",
    "patch.edgecolor": "#e0e0e0",
}
"""matplotlib settings of the dark style (JupyterLab Dark's colours)."""


def dark_style() -> Any:
    """A context in which figures are drawn in the dark style (:data:`DARK_STYLE`).

    Examples
    --------
    >>> from dtlearn.plot import impurity_curves
    >>> with dark_style():
    ...     ax = impurity_curves()
    >>> ax.get_facecolor()[:3], ax.xaxis.label.get_color()
    ((0.06666666666666667, 0.06666666666666667, 0.06666666666666667), '#e0e0e0')
    >>> import matplotlib.pyplot as plt; plt.close(ax.figure)
    """
    import matplotlib

    return matplotlib.rc_context(DARK_STYLE)


def paper() -> str:
    """The current background colour of axes (white, or the dark style's).

    Examples
    --------
    >>> paper() in ("white", "#ffffff", "w")
    True
    """
    import matplotlib

    return matplotlib.rcParams["axes.facecolor"]


def ink() -> str:
    """The current text colour (black, or the dark style's).

    Examples
    --------
    >>> with dark_style():
    ...     ink()
    '#e0e0e0'
    """
    import matplotlib

    return matplotlib.rcParams["text.color"]
