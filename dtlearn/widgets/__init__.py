"""Jupyter widgets: the :class:`TreeView` and the teaching apps (ipywidgets 8 + anywidget).

Imported lazily by ``dtlearn.widgets`` so that ``import dtlearn`` stays light. One module
per app; :mod:`.base` holds what they share.
"""

from .boundary_explorer import BoundaryExplorer
from .cost_complexity_explorer import CostComplexityExplorer
from .criteria_explorer import CriteriaExplorer
from .id3_builder import ID3Builder
from .overfitting import OverfittingExplorer
from .pruning_stepper import PruningStepper
from .tree_view import TreeView, presenter

__all__ = [
    "BoundaryExplorer",
    "CostComplexityExplorer",
    "CriteriaExplorer",
    "ID3Builder",
    "OverfittingExplorer",
    "PruningStepper",
    "TreeView",
    "presenter",
]
