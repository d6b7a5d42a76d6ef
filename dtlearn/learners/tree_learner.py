"""The tree learners: ID3, CART (classification and regression), oblique trees.

0-R and 1-R live in :mod:`dtlearn.learners.baselines`, the shared protocol in
:mod:`dtlearn.learners.estimator`; both are importable from here too.

Every learner follows scikit-learn's conventions — parameters stored unchanged in
``__init__``, ``fit`` returns ``self``, fitted attributes end in ``_`` — so students can
pass them to ``cross_val_score``, ``GridSearchCV`` and ``Pipeline``. Every fitted model
has a :class:`~dtlearn.tree.Tree` in ``tree_`` and, for tree learners, the growth steps in
``steps_``. scikit-learn itself is not needed; when it is installed, its estimator checks
pass (``tests/test_estimator_checks.py``) and predictions keep the labels' dtype.

Every fitted learner pickles at any depth. A saved model holds the tree, the fitted
attributes and the growth record (counts, candidate scores, row numbers per node) but no
training values; ``model.compact()`` keeps only the tree (``docs/SAVING.md``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from .. import criteria
from ..data import encode, encode_numeric_target, encode_target, infer_schema
from ..grow import Grower, GrowthConfig, GrowthStep, split_table  # noqa: F401  (re-exported)
from ..grow.fast.arrays import frozen_steps
from ..tree import Tree
from .baselines import OneR, ZeroR
from .estimator import (
    Classifier,
    Estimator,
    NotFittedError,
    check_bool,
    check_choice,
    check_cost_matrix,
    check_float,
    check_int,
    classes_array,
    label_dtype,
    sample_weights,
    target_name_of,
)


class TreeLearner(Estimator):
    """Shared fit for learners that grow with the engine."""

    _flavour = "j48"
    _categorical_split = "subset"

    def _config(self, n_classes: int | None) -> GrowthConfig:
        raise NotImplementedError

    _task = "classification"  # which registry criteria ``criterion=`` accepts

    def _check_params(self) -> None:
        """Check every parameter the learner has, each by the one rule for its name."""
        params = self.get_params()
        check_choice("criterion", self.criterion, criteria.names(self._task))
        for name, check in _PARAMETER_CHECKS.items():
            if name in params:
                check(name, params[name])

    def make_grower(self, X: Any, y: Any, sample_weight: Any = None) -> Grower:
        """A :class:`~dtlearn.grow.Grower` set up with this learner's rules on ``(X, y)``.

        Drive it by hand (``expand(node_id, feature)``) or greedily (``run()``).
        """
        self._check_params()
        y = self._check_y(y)
        schema = infer_schema(X, getattr(self, "categorical", None), arg="X")
        Xe = encode(X, schema, allow_missing=self._handles_missing)
        if self._estimator_type == "classifier":
            target, classes = encode_target(y, Xe.shape[0])
            self._label_dtype = label_dtype(y)
        else:
            target, classes = encode_numeric_target(y, Xe.shape[0]), None
        w = sample_weights(sample_weight, Xe.shape[0])
        config = self._config(None if classes is None else len(classes))
        return Grower(
            Xe,
            target,
            schema,
            config,
            classes,
            w,
            target_name_of(y, "class" if classes is not None else "target"),
        )

    def grow_steps(self, X: Any, y: Any) -> Iterator[GrowthStep]:
        """Yield the growth steps greedy growth takes on ``(X, y)``, one node at a time.

        The estimator itself is not changed; ``fit`` keeps the same steps in ``steps_``.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> steps = ID3Classifier().grow_steps(*load_play_tennis())
        >>> str(next(steps))
        'node 0 [root] n=14: split on outlook'
        """
        grower = self.make_grower(X, y)
        while not grower.done:
            yield grower.expand(grower.frontier()[0])

    def fit(self, X: Any, y: Any, sample_weight: Any = None) -> TreeLearner:
        """Grow the tree on ``(X, y)``; returns ``self``."""
        grower = self.make_grower(X, y, sample_weight)
        tree = grower.run()
        tree.flavour = self._flavour  # which Weka learner's print layout suits the tree
        self.steps_ = frozen_steps(grower.steps)  # level-wise: arrays, steps made when read
        tree = self._post_process(tree, grower)
        tree.refuses_missing = not self._handles_missing  # predict refuses what fit refused
        self.tree_ = tree
        self.n_features_in_ = tree.schema.n_features
        self.feature_names_in_ = np.array(tree.schema.names, dtype=object)
        if tree.classes is not None:
            self.classes_ = classes_array(tree.classes, self.__dict__.pop("_label_dtype", None))
        return self

    def _post_process(self, tree: Tree, grower: Grower) -> Tree:
        alpha = getattr(self, "ccp_alpha", 0.0)
        if alpha and alpha > 0:
            from ..pruning.cost_complexity import cost_complexity_prune

            return cost_complexity_prune(tree, alpha)
        return tree


class ID3Classifier(TreeLearner, Classifier):
    """ID3 (Quinlan 1986): multiway splits, chosen by information gain.

    Parameters
    ----------
    criterion : str
        How attributes are ranked; ``"entropy"`` (information gain) is ID3's. Any
        classification criterion of the registry (``dtlearn.criteria.names("classification")``,
        e.g. ``"gain_ratio"``, ``"gini"`` or ``"hellinger"``) lets notebooks compare criteria
        on the same engine.
    max_depth, min_samples_split, min_samples_leaf : int
        Pre-pruning (``None``/2/1: grow fully).
    stop_at_zero_gain : bool
        Make a leaf when the best gain is 0, as Weka's ``Id3`` does (default). ``False``
        keeps splitting on a zero-gain attribute that still separates rows — needed to
        learn XOR, where every single attribute has gain 0.
    categorical : list or None
        Columns to treat as categorical (default: every non-numeric column). Numeric
        columns get binary ``<=`` thresholds (Weka's Id3 refuses them).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> model = ID3Classifier().fit(X, y)
    >>> model.tree_.n_leaves, model.score(X, y)
    (5, 1.0)
    >>> model.steps_[0].chosen.feature_name
    'outlook'
    """

    _flavour = "id3"

    def __init__(
        self,
        criterion: str = "entropy",
        max_depth: int | None = None,
        min_samples_split: int = 2,
        min_samples_leaf: int = 1,
        stop_at_zero_gain: bool = True,
        categorical: Any = None,
    ) -> None:
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.stop_at_zero_gain = stop_at_zero_gain
        self.categorical = categorical

    def _config(self, n_classes: int | None) -> GrowthConfig:
        return GrowthConfig(
            criterion=self.criterion,
            categorical_split="multiway",
            max_depth=self.max_depth,
            min_samples_split=self.min_samples_split,
            min_samples_leaf=self.min_samples_leaf,
            stop_at_zero_gain=self.stop_at_zero_gain,
        )


GAIN_RATIO_MIN_LEAF = 2
"""The fewest rows a branch of CART's gain-ratio split holds (J48's ``-M 2``: both branches of
a two-way split)."""


class _CARTLearner(TreeLearner):
    """What the two CART learners share: their parameters and how they become a config."""

    def __init__(
        self,
        criterion: str,
        max_depth: int | None,
        min_samples_split: int,
        min_samples_leaf: int,
        min_impurity_decrease: float,
        max_leaf_nodes: int | None,
        ccp_alpha: float,
        categorical: Any,
    ) -> None:
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.min_impurity_decrease = min_impurity_decrease
        self.max_leaf_nodes = max_leaf_nodes
        self.ccp_alpha = ccp_alpha
        self.categorical = categorical

    def _cart_config(self, criterion: str, min_samples_leaf: int, **extra: Any) -> GrowthConfig:
        """CART's binary subset splits with the pre-pruning parameters, and ``extra``."""
        return GrowthConfig(
            criterion=criterion,
            categorical_split="subset",
            max_depth=self.max_depth,
            min_samples_split=self.min_samples_split,
            min_samples_leaf=min_samples_leaf,
            min_impurity_decrease=self.min_impurity_decrease,
            max_leaf_nodes=self.max_leaf_nodes,
            **extra,
        )


class CARTClassifier(_CARTLearner, Classifier):
    """CART classification tree (Breiman et al. 1984): binary splits, Gini by default.

    Numeric attributes are cut at midpoints between consecutive distinct values
    (``x <= t`` goes left), categorical attributes are split into two subsets of their
    categories. Ties between equally good splits go to the first attribute in column order.
    With the same data this grows the same tree as scikit-learn's
    ``DecisionTreeClassifier`` wherever that one does not depend on its random order.

    Parameters
    ----------
    criterion : str
        Impurity to reduce (``"gini"``), or any other classification criterion of the
        registry (``dtlearn.criteria.names("classification")``, e.g. ``"entropy"`` or
        ``"hellinger"`` for imbalanced classes). With ``cost_matrix`` the Gini impurity is
        cost-weighted. ``"gain_ratio"`` applies C4.5's safeguards: each attribute's cut is
        the one of most information gain, only attributes with at least the average gain
        (less 0.001) compete on gain ratio, and every branch holds at least
        ``max(min_samples_leaf, 2)`` rows (J48's ``-M 2``).
    max_depth, min_samples_split, min_samples_leaf, min_impurity_decrease, max_leaf_nodes
        Pre-pruning, with scikit-learn's meaning.
    ccp_alpha : float
        Cost-complexity pruning strength (0: none); see
        :func:`dtlearn.pruning.cost_complexity.cost_complexity_path`.
    cost_matrix : array-like or None
        ``cost_matrix[i][j]``: cost of predicting class j for an instance of class i
        (k × k, zero diagonal, in ``classes_`` order). Splits reduce the cost-weighted
        Gini impurity and every node predicts the class of least expected cost.
    categorical : list or None
        Columns to treat as categorical (default: every non-numeric column).

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_play_tennis
    >>> X, y = load_play_tennis(numeric=True)
    >>> model = CARTClassifier(max_depth=1).fit(X, y)
    >>> print(model.tree_.to_rules())
    IF outlook = overcast THEN play = yes
    IF outlook in {sunny, rainy} THEN play = yes
    IF outlook not in {sunny, overcast, rainy} THEN play = yes
    """

    def __init__(
        self,
        criterion: str = "gini",
        max_depth: int | None = None,
        min_samples_split: int = 2,
        min_samples_leaf: int = 1,
        min_impurity_decrease: float = 0.0,
        max_leaf_nodes: int | None = None,
        ccp_alpha: float = 0.0,
        cost_matrix: Any = None,
        categorical: Any = None,
    ) -> None:
        super().__init__(
            criterion,
            max_depth,
            min_samples_split,
            min_samples_leaf,
            min_impurity_decrease,
            max_leaf_nodes,
            ccp_alpha,
            categorical,
        )
        self.cost_matrix = cost_matrix

    def _config(self, n_classes: int | None) -> GrowthConfig:
        criterion, cost = self.criterion, None
        if self.cost_matrix is not None:
            cost = check_cost_matrix(self.cost_matrix, n_classes)
            if criterion != "gini":
                raise ValueError("cost_matrix works with criterion='gini' (cost-weighted Gini)")
            criterion = "cost_gini"
        # gain ratio with C4.5's safeguards: the minimum branch size of J48's -M 2, the
        # average-gain filter (docs/ALGORITHMS.md)
        c45 = criterion == "gain_ratio"
        leaf = max(self.min_samples_leaf, GAIN_RATIO_MIN_LEAF) if c45 else self.min_samples_leaf
        return self._cart_config(criterion, leaf, cost_matrix=cost, average_gain=c45)


class CARTRegressor(_CARTLearner, Estimator):
    """CART regression tree: binary splits that reduce the mean squared (or absolute) error.

    Leaves predict the mean of their training targets (``criterion="mse"``) — a piecewise
    constant function. ``"mae"`` ranks splits by the mean absolute deviation around the
    median (as scikit-learn's ``absolute_error``) and is meant for small data.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn import CARTRegressor
    >>> X = np.arange(8.0).reshape(-1, 1)
    >>> y = np.array([1, 1, 1, 1, 5, 5, 5, 5.0])
    >>> CARTRegressor(max_depth=1).fit(X, y).predict([[2.0], [6.0]])
    array([1., 5.])
    """

    _estimator_type = "regressor"
    _task = "regression"

    def __init__(
        self,
        criterion: str = "mse",
        max_depth: int | None = None,
        min_samples_split: int = 2,
        min_samples_leaf: int = 1,
        min_impurity_decrease: float = 0.0,
        max_leaf_nodes: int | None = None,
        ccp_alpha: float = 0.0,
        categorical: Any = None,
    ) -> None:
        super().__init__(
            criterion,
            max_depth,
            min_samples_split,
            min_samples_leaf,
            min_impurity_decrease,
            max_leaf_nodes,
            ccp_alpha,
            categorical,
        )

    def _config(self, n_classes: int | None) -> GrowthConfig:
        return self._cart_config(self.criterion, self.min_samples_leaf)


class ObliqueTreeClassifier(TreeLearner, Classifier):
    """A CART-style tree that may also split on a line ``w·x + w0 <= 0``.

    At every node, besides the axis-aligned thresholds, one oblique candidate is scored:
    the direction of Fisher's linear discriminant (majority class against the rest, on
    standardised numeric features), cut at the best threshold of the projection. When the
    classes are separated by a diagonal, one oblique split replaces a staircase of
    axis-aligned ones.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn import ObliqueTreeClassifier
    >>> rng = np.random.default_rng(0)
    >>> X = rng.uniform(size=(200, 2))
    >>> y = np.where(X[:, 0] + X[:, 1] > 1, "above", "below")
    >>> model = ObliqueTreeClassifier(max_depth=1).fit(X, y)
    >>> model.tree_.root.split.kind, model.score(X, y) > 0.95
    ('oblique', True)
    """

    def __init__(
        self,
        criterion: str = "gini",
        max_depth: int | None = None,
        min_samples_split: int = 2,
        min_samples_leaf: int = 1,
    ) -> None:
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf

    def _config(self, n_classes: int | None) -> GrowthConfig:
        return GrowthConfig(
            criterion=self.criterion,
            categorical_split="subset",
            max_depth=self.max_depth,
            min_samples_split=self.min_samples_split,
            min_samples_leaf=self.min_samples_leaf,
            oblique=True,
        )


_PARAMETER_CHECKS = {
    "max_depth": lambda name, v: check_int(name, v, 1, allow_none=True),
    "min_samples_split": lambda name, v: check_int(name, v, 2),
    "min_samples_leaf": lambda name, v: check_int(name, v, 1),
    "min_impurity_decrease": check_float,
    "ccp_alpha": check_float,
    "max_leaf_nodes": lambda name, v: check_int(name, v, 2, allow_none=True),
    "stop_at_zero_gain": check_bool,
}
"""How each pre-pruning parameter is checked, whichever learner has it (scikit-learn's
meanings and bounds)."""


__all__ = [
    "CARTClassifier",
    "CARTRegressor",
    "ID3Classifier",
    "NotFittedError",
    "ObliqueTreeClassifier",
    "OneR",
    "ZeroR",
]
