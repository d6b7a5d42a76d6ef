"""The learners: the estimator protocol and everything that fits a tree.

* :mod:`~dtlearn.learners.estimator` -- scikit-learn's conventions without the dependency
  (``Estimator``, ``Classifier``, ``NotFittedError``, the argument checks).
* :mod:`~dtlearn.learners.baselines` -- 0-R and 1-R, the baselines every tree must beat.
* :mod:`~dtlearn.learners.tree_learner` -- ``TreeLearner`` and the learners that are a
  growth configuration of the engine: ID3, CART (classification, regression), oblique trees.
* :mod:`~dtlearn.learners.c45` on :mod:`~dtlearn.learners.c45_grower` -- C4.5 as Weka's J48.
* :mod:`~dtlearn.learners.sklearn_import` -- a fitted scikit-learn tree opened as a model.

The names of the old module ``dtlearn.learners`` (before 0.3.0 a single file) are importable
from here unchanged.

Examples
--------
>>> from dtlearn.learners import ID3Classifier, ZeroR
>>> ID3Classifier().fit([["a"], ["b"]], ["x", "y"]).predict([["a"]]).tolist()
['x']
"""

from .baselines import OneR, ZeroR
from .estimator import NotFittedError
from .tree_learner import (  # noqa: F401  (TreeLearner, split_table: old import paths)
    CARTClassifier,
    CARTRegressor,
    ID3Classifier,
    ObliqueTreeClassifier,
    TreeLearner,
    split_table,
)

__all__ = [
    "CARTClassifier",
    "CARTRegressor",
    "ID3Classifier",
    "NotFittedError",
    "ObliqueTreeClassifier",
    "OneR",
    "ZeroR",
]
