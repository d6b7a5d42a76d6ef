"""The teaching apps, one module each; this module keeps their old import path.

``ID3Builder`` is in :mod:`.id3_builder`, ``CriteriaExplorer`` in :mod:`.criteria_explorer`,
``BoundaryExplorer`` in :mod:`.boundary_explorer`, and what every app shares (``App``,
``LiveFigure``, ``img_html``) in :mod:`.base`.
"""

from __future__ import annotations

from .base import LiveFigure
from .boundary_explorer import BoundaryExplorer
from .criteria_explorer import CriteriaExplorer, criteria_example_table, criterion_picks
from .id3_builder import ID3Builder

__all__ = [
    "BoundaryExplorer",
    "CriteriaExplorer",
    "ID3Builder",
    "LiveFigure",
    "criteria_example_table",
    "criterion_picks",
]
