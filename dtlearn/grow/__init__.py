"""The greedy growth engine: one loop for every learner, one step value per node.

Split by idea:

- :mod:`~dtlearn.grow.records` — the values: :class:`GrowthConfig` (what a learner asks),
  :class:`Candidate` (what one attribute offers at a node, with its :class:`Scores`);
- :mod:`~dtlearn.grow.growth_step` — :class:`GrowthStep` (what was decided at a node);
- :mod:`~dtlearn.grow.scanners` — pure functions that find the best cut of a column, with
  the one tie rule (:func:`~dtlearn.grow.scanners.first_best`) and the one midpoint rule;
- :mod:`~dtlearn.grow.scoring` — from a cut to a Candidate, built only when read;
- :mod:`~dtlearn.grow.fast.level_scores` — a level's cuts scored at once, as a table reads them;
- :mod:`~dtlearn.grow.loop` — :class:`Grower`: the frontier, expand, stop rules, partition;
- :mod:`~dtlearn.grow.table` — :class:`SplitTable`, the candidate table views show;
- :mod:`~dtlearn.grow.root_table` — :func:`split_table`, a data set's table at the root;
- :mod:`~dtlearn.grow.packing` — :class:`PackedSteps`, steps as saved;
- :mod:`~dtlearn.grow.fast.arrays` — level-wise growth's steps kept as arrays, made when read;
- :mod:`~dtlearn.grow.fast.level_arrays` — level-wise growth of numeric columns as arrays, its
  tree's nodes kept as :mod:`~dtlearn.grow.fast.node_arrays` (Node objects made when read).

Criteria come from the registry in :mod:`dtlearn.criteria`; nothing here dispatches on a
criterion's name.
"""

from .fast import level_arrays, levels, median_levels  # register level-wise growth
from .growth_step import GrowthStep
from .loop import Grower, OpenLeaf
from .packing import PackedSteps
from .records import ZERO_GAIN, Candidate, GrowthConfig, Scores
from .root_table import split_table
from .scanners import MAX_EXHAUSTIVE_CATEGORIES, TIE_TOLERANCE
from .scoring import CandidateList, best_candidate
from .table import SplitTable

del (
    level_arrays,
    levels,
    median_levels,
)  # their home is dtlearn.grow.fast (the old paths warn: _moved.py)

__all__ = [
    "Candidate",
    "CandidateList",
    "GrowthConfig",
    "GrowthStep",
    "Grower",
    "MAX_EXHAUSTIVE_CATEGORIES",
    "OpenLeaf",
    "PackedSteps",
    "Scores",
    "SplitTable",
    "TIE_TOLERANCE",
    "ZERO_GAIN",
    "best_candidate",
    "split_table",
]
