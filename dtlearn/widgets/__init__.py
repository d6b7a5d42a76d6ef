"""Jupyter widgets: the :class:`TreeView` and the teaching apps (ipywidgets 8 + anywidget).

Imported lazily by ``dtlearn.widgets`` so that ``import dtlearn`` stays light.
"""

from .apps import BoundaryExplorer, CriteriaExplorer, ID3Builder
from .tree_view import TreeView

__all__ = ["BoundaryExplorer", "CriteriaExplorer", "ID3Builder", "TreeView"]

try:  # apps that need the pruning / curves modules
    from .pruning import CostComplexityExplorer, PruningStepper  # noqa: F401
except ImportError:  # pragma: no cover - core modules not there yet
    pass
else:
    __all__ += ["CostComplexityExplorer", "PruningStepper"]

try:
    from .overfitting import OverfittingExplorer  # noqa: F401
except ImportError:  # pragma: no cover
    pass
else:
    __all__ += ["OverfittingExplorer"]
