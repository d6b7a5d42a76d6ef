"""dtlearn: decision trees for teaching, with every number worked out.

The core (measures, learners, pruning, exports) needs only numpy and pandas. Views
(:mod:`dtlearn.plot`, :mod:`dtlearn.widgets`) import matplotlib, ipywidgets and anywidget
and are loaded only when used, so ``import dtlearn`` stays fast.

Examples
--------
>>> import dtlearn as dt
>>> round(dt.entropy(counts=[9, 5]), 3)
0.94
"""

from __future__ import annotations

import importlib
from typing import Any

from . import _moved
from .data import Schema, as_ordinal
from .datasets import *  # noqa: F403
from .datasets import __all__ as _dataset_names
from .exports import DecisionPath  # and Tree.to_* now work: the exports register themselves
from .grow import Candidate, Grower, GrowthConfig, GrowthStep, SplitTable, split_table
from .learners.baselines import OneR, ZeroR
from .learners.estimator import NotFittedError
from .learners.tree_learner import (
    CARTClassifier,
    CARTRegressor,
    ID3Classifier,
    ObliqueTreeClassifier,
)
from .measures import *  # noqa: F403
from .measures import __all__ as _measure_names
from .splits import CandidateSplits, candidate_splits
from .tree import Node, Tree

__version__ = "0.3.0"

_moved.install()

_OPTIONAL = {
    # name -> module, imported on first use (C4.5, pruning, rules, views)
    "C45Classifier": "dtlearn.learners.c45",
    "reduced_error_prune": "dtlearn.pruning.reduced_error",
    "pessimistic_prune": "dtlearn.pruning.pessimistic",
    "pessimistic_errors": "dtlearn.pruning.pessimistic",
    "cost_complexity_path": "dtlearn.pruning.cost_complexity",
    "cost_complexity_prune": "dtlearn.pruning.cost_complexity",
    "rule_post_prune": "dtlearn.pruning.rule_post_pruning",
    "Rule": "dtlearn.pruning.rule_post_pruning",
    "RuleSet": "dtlearn.pruning.rule_post_pruning",
    "plot": "dtlearn.plot",
    "widgets": "dtlearn.widgets",
    "exercises": "dtlearn.exercises",
    "from_sklearn": "dtlearn.learners.sklearn_import",
    "SklearnTree": "dtlearn.learners.sklearn_import",
}


def __getattr__(name: str) -> Any:
    module_name = _OPTIONAL.get(name)
    if module_name is None and f"{__name__}.{name}" in _moved.MOVED:
        return _moved.old_module(f"{__name__}.{name}", stacklevel=2)
    if module_name is None:
        raise AttributeError(f"module 'dtlearn' has no attribute {name!r}")
    module = importlib.import_module(module_name)
    return module if module_name == f"{__name__}.{name}" else getattr(module, name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_OPTIONAL))


__all__ = sorted(
    [
        "CARTClassifier",
        "CARTRegressor",
        "Candidate",
        "CandidateSplits",
        "DecisionPath",
        "GrowthConfig",
        "as_ordinal",
        "candidate_splits",
        "GrowthStep",
        "Grower",
        "ID3Classifier",
        "Node",
        "NotFittedError",
        "ObliqueTreeClassifier",
        "OneR",
        "Schema",
        "SplitTable",
        "Tree",
        "ZeroR",
        "split_table",
    ]
    + list(_measure_names)
    + list(_dataset_names)
    + list(_OPTIONAL)
)
