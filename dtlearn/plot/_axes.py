"""Where a figure function draws when it is given no Axes."""

from __future__ import annotations

from typing import Any


def new_axes(ax: Any, size: tuple[float, float] = (6.0, 4.0)) -> Any:
    """Return ``ax``, or the Axes of a new pyplot figure (so a notebook cell shows it).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> ax = new_axes(None, (3, 2))
    >>> ax.figure.get_size_inches().tolist()
    [3.0, 2.0]
    >>> plt.close(ax.figure)
    """
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=size, layout="constrained")
    return ax
