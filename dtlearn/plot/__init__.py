"""Static matplotlib figures (``ax=None`` in, the Axes out; nothing global changed).

Examples
--------
>>> from dtlearn.plot import impurity_curves
>>> impurity_curves().get_xlabel()
'p (proportion of class 1)'
"""

from . import curves, figures, style  # noqa: F401 (dtlearn.plot.style.DARK_STYLE)
from .curves import *  # noqa: F403
from .figures import *  # noqa: F403
from .style import dark_style  # noqa: F401

__all__ = sorted([*figures.__all__, *curves.__all__, "dark_style"])
