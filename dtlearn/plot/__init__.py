"""Static matplotlib figures (``ax=None`` in, the Axes out; nothing global changed).

Examples
--------
>>> from dtlearn.plot import impurity_curves
>>> impurity_curves().get_xlabel()
'p (proportion of class 1)'
"""

from .figures import decision_regions, impurity_curves, plot_tree, regression_fit, score_bars

__all__ = ["decision_regions", "impurity_curves", "plot_tree", "regression_fit", "score_bars"]

try:  # curve figures are written alongside (pruning / overfitting)
    from . import curves as _curves
except ImportError:  # pragma: no cover - not there yet
    _curves = None
else:
    for _name in getattr(_curves, "__all__", [n for n in dir(_curves)
                                               if not n.startswith("_") and callable(
                                                   getattr(_curves, n))]):
        globals()[_name] = getattr(_curves, _name)
        __all__.append(_name)
