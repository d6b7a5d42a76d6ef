"""Static matplotlib figures (``ax=None`` in, the Axes out; nothing global changed).

Examples
--------
>>> from dtlearn.plot import impurity_curves
>>> impurity_curves().get_xlabel()
'p (proportion of class 1)'
"""

from . import curves, figures
from .curves import *  # noqa: F401,F403
from .figures import *  # noqa: F401,F403

__all__ = sorted([*figures.__all__, *curves.__all__])
