"""Impurity and split measures that explain themselves.

Every function returns a :class:`~dtlearn.explain.Measure`: a float whose ``.explain()``
gives the worked derivation, as in a textbook. Class distributions are given either as
labels (a list, numpy array or pandas Series) or as class counts by keyword
(``entropy(counts=[9, 5])``); counts may be fractional weights (C4.5 splits instances with
missing values into fractions). Split measures take a feature and the labels, or a
contingency table by keyword (``information_gain(counts=[[2, 3], [4, 0], [3, 2]])``: one
row per attribute value, one column per class).

Names come from pandas Series names (``H(play)``, ``IG(outlook)``); otherwise the class
set is ``S``, the attribute ``A``, classes ``c1, c2, ...`` and values ``v1, v2, ...``
unless ``classes=`` / ``values=`` name them. Class order is the pandas ``Categorical``
order when there is one, else the sorted labels (as :func:`dtlearn.data.encode_target`);
attribute values keep their ``Categorical`` order, else the order of first appearance.

Missing values (``None``/``NaN``) in a feature or in the labels raise ``ValueError``:
C4.5's handling of missing values lives in the learner, which calls these functions with
fractional counts.

The arithmetic is done by the vectorised kernels of :mod:`dtlearn.criteria`. By idea:
:mod:`.impurity` (one distribution), :mod:`.information` (a split), :mod:`.regression`
(a numeric target); :mod:`.inputs` and :mod:`.formulas` hold what they share.
"""

from __future__ import annotations

from . import impurity, information, regression
from .impurity import *  # noqa: F403
from .information import *  # noqa: F403
from .regression import *  # noqa: F403

# each module's own __all__: a measure is exported (and reaches dt.*) where it is written
__all__ = sorted([*impurity.__all__, *information.__all__, *regression.__all__])
