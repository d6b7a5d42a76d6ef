"""The learners: 0-R, 1-R, ID3, CART (classification and regression), oblique trees.

Every learner follows scikit-learn's conventions — parameters stored unchanged in
``__init__``, ``fit`` returns ``self``, fitted attributes end in ``_`` — so students can
pass them to ``cross_val_score``, ``GridSearchCV`` and ``Pipeline``. Every fitted model
has a :class:`~dtlearn.tree.Tree` in ``tree_`` and, for tree learners, the growth steps in
``steps_``. scikit-learn itself is not needed.
"""

from __future__ import annotations

import inspect
from typing import Any, Iterator

import numpy as np

from .data import Schema, encode, encode_numeric_target, encode_target, infer_schema
from .grow import Grower, GrowthConfig, GrowthStep
from .tree import Node, Tree


class NotFittedError(ValueError, AttributeError):
    """Raised when a model is used before ``fit`` (as scikit-learn's NotFittedError)."""


class _Estimator:
    """Parameter handling shared by every learner (scikit-learn's protocol, no dependency)."""

    _estimator_type = "classifier"

    @classmethod
    def _param_names(cls) -> list[str]:
        signature = inspect.signature(cls.__init__)
        return [p for p in signature.parameters if p != "self"]

    def get_params(self, deep: bool = True) -> dict:
        """Parameters of the estimator, as scikit-learn expects."""
        return {name: getattr(self, name) for name in self._param_names()}

    def set_params(self, **params: Any) -> "_Estimator":
        """Set parameters (checked at ``fit``); returns ``self``."""
        valid = self._param_names()
        for key, value in params.items():
            if key not in valid:
                raise ValueError(f"{type(self).__name__} has no parameter {key!r}; "
                                 f"valid parameters: {valid}")
            setattr(self, key, value)
        return self

    def __repr__(self) -> str:
        defaults = {name: p.default for name, p in
                    inspect.signature(type(self).__init__).parameters.items()}
        changed = [f"{k}={v!r}" for k, v in self.get_params().items()
                   if not _same(v, defaults.get(k))]
        return f"{type(self).__name__}({', '.join(changed)})"

    def __sklearn_tags__(self) -> Any:
        from sklearn.utils import ClassifierTags, RegressorTags, Tags, TargetTags

        tags = Tags(estimator_type=self._estimator_type,
                    target_tags=TargetTags(required=True))
        if self._estimator_type == "classifier":
            tags.classifier_tags = ClassifierTags()
        else:
            tags.regressor_tags = RegressorTags()
        tags.input_tags.allow_nan = self._handles_missing
        tags.input_tags.categorical = True
        tags.input_tags.string = True
        return tags

    _handles_missing = False

    # ------------------------------------------------------------------ fitted use
    def _check_fitted(self) -> None:
        if not hasattr(self, "tree_"):
            raise NotFittedError(f"This {type(self).__name__} is not fitted yet: call "
                                 f"fit(X, y) first")

    def _encode_for_predict(self, X: Any) -> np.ndarray:
        self._check_fitted()
        return encode(X, self.tree_.schema, allow_missing=True)

    def predict(self, X: Any) -> np.ndarray:
        """Predicted class (classifiers) or value (regressors) for every row of ``X``."""
        encoded = self._encode_for_predict(X)
        values = self.tree_.predict_values(encoded, encoded=True)
        if self._estimator_type != "classifier":
            return values
        return self.classes_[self.tree_.label_indices(values)]

    def score(self, X: Any, y: Any, sample_weight: Any = None) -> float:
        """Accuracy (classifiers) or R² (regressors) on ``(X, y)``."""
        predicted = self.predict(X)
        w = None if sample_weight is None else _weights(sample_weight, len(predicted))
        if self._estimator_type == "classifier":
            truth = np.asarray(_labels(y), dtype=object)
            if len(truth) != len(predicted):
                raise ValueError(f"y has {len(truth)} labels but X has {len(predicted)} rows")
            return float(np.average(predicted == truth, weights=w))
        truth = encode_numeric_target(y, len(predicted))
        residual = np.average((truth - predicted) ** 2, weights=w)
        spread = np.average((truth - np.average(truth, weights=w)) ** 2, weights=w)
        return float(1.0 - residual / spread) if spread > 0 else float(residual == 0)


class _Classifier(_Estimator):
    def predict_proba(self, X: Any) -> np.ndarray:
        """Class probabilities (columns in ``classes_`` order) for every row of ``X``."""
        encoded = self._encode_for_predict(X)
        return self.tree_.predict_values(encoded, encoded=True)

    def _fit_data(self, X: Any, y: Any) -> tuple[np.ndarray, np.ndarray, Schema, tuple]:
        schema = infer_schema(X, getattr(self, "categorical", None), arg="X")
        Xe = encode(X, schema, allow_missing=self._handles_missing)
        codes, classes = encode_target(y, Xe.shape[0])
        return Xe, codes, schema, classes

    def _set_fitted(self, tree: Tree, schema: Schema, classes: tuple) -> None:
        self.tree_ = tree
        self.classes_ = np.array(classes, dtype=object)
        self.n_features_in_ = schema.n_features
        self.feature_names_in_ = np.array(schema.names, dtype=object)


class ZeroR(_Classifier):
    """0-R: always predict the majority class of the training data (first class on ties).

    The baseline every tree must beat. Its ``tree_`` is a single leaf.

    Examples
    --------
    >>> from dtlearn import ZeroR, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> model = ZeroR().fit(X, y)
    >>> model.predict(X[:1])[0], round(1 - model.score(X, y), 4)  # errs 5/14
    ('yes', 0.3571)
    """

    _handles_missing = True

    def __init__(self) -> None:
        pass

    def fit(self, X: Any, y: Any, sample_weight: Any = None) -> "ZeroR":
        """Count the classes of ``y``; returns ``self``."""
        Xe, codes, schema, classes = self._fit_data(X, y)
        w = _weights(sample_weight, len(codes))
        counts = np.bincount(codes, weights=w, minlength=len(classes)).astype(float)
        root = Node(0, 0, float(counts.sum()), 0.0, counts / counts.sum(), counts)
        self._set_fitted(Tree(root, schema, classes, _target_name(y), flavour="j48"),
                         schema, classes)
        return self


class OneR(_Classifier):
    """1-R (Holte 1993): the best one-attribute rule set.

    For every attribute, each value predicts its majority class (first class on ties); the
    attribute whose rules make the fewest training errors wins (first attribute on ties),
    as in Weka's ``OneR`` on nominal data. A numeric attribute is cut once, at the
    threshold that makes the fewest errors (Weka's bucketing of numeric values with
    ``-B 6`` is not reproduced). As in Weka, missing values form a bucket of their own:
    they count in the training errors and predict that bucket's majority class.

    Attributes
    ----------
    attribute_ : str
        The chosen attribute.
    errors_ : dict
        Training errors of the best rule set of every attribute.
    tree_ : Tree
        The rule set as a one-level tree.

    Examples
    --------
    >>> from dtlearn import OneR, load_play_tennis
    >>> model = OneR().fit(*load_play_tennis())
    >>> model.attribute_, model.errors_["outlook"]  # errs 4/14
    ('outlook', 4.0)
    """

    _handles_missing = True

    def __init__(self, categorical: Any = None) -> None:
        self.categorical = categorical

    def fit(self, X: Any, y: Any, sample_weight: Any = None) -> "OneR":
        """Find the best one-attribute rule; returns ``self``."""
        Xe, codes, schema, classes = self._fit_data(X, y)
        w = _weights(sample_weight, len(codes))
        k = len(classes)
        total = np.bincount(codes, weights=w, minlength=k).astype(float)
        grower = Grower(Xe, codes, schema, GrowthConfig(criterion="misclassification"),
                        classes, w, _target_name(y), flavour="j48")
        best_tree, best_errors, errors = None, np.inf, {}
        for cand in grower.candidates(0):
            if cand.split is None:
                errors[cand.feature_name] = float(total.sum() - total.max())
                continue
            wrong = float((cand.child_counts.sum(axis=1) - cand.child_counts.max(axis=1)).sum())
            missing = total - cand.child_counts.sum(axis=0)  # Weka's bucket for '?'
            wrong += float(missing.sum() - missing.max())
            errors[cand.feature_name] = wrong
            if wrong < best_errors - 1e-9:
                best_errors, best_tree = wrong, cand
        root = Node(0, 0, float(total.sum()), float(total.sum() - total.max()) / total.sum(),
                    total / total.sum(), total)
        if best_tree is not None:
            root.split = best_tree.split
            for b, counts in enumerate(best_tree.child_counts):
                n = float(counts.sum())
                value = counts / n if n > 0 else _first_class(k)
                root.children.append(Node(b + 1, 1, n, float(n - counts.max()) / n if n else 0.0,
                                          value, counts.astype(float)))
            self.attribute_ = best_tree.feature_name
            missing = total - best_tree.child_counts.sum(axis=0)
            if missing.sum() > 0:  # Weka predicts '?' by the majority of its own bucket
                root.value = np.eye(k)[int(np.argmax(missing))]
        else:
            self.attribute_ = None
        self.errors_ = errors
        self._set_fitted(Tree(root, schema, classes, _target_name(y), flavour="j48"),
                         schema, classes)
        return self

    def rule_text(self) -> str:
        r"""The rule set as Weka prints it (``outlook:`` then ``sunny -> no`` lines).

        Examples
        --------
        >>> from dtlearn import OneR, load_play_tennis
        >>> OneR().fit(*load_play_tennis()).rule_text().splitlines()[:2]
        ['outlook:', '\tsunny\t-> no']
        """
        self._check_fitted()
        root = self.tree_.root
        if root.is_leaf:
            return f": {self.classes_[root.predicted_index]}"
        lines = [f"{self.attribute_}:"]
        for cond, child in zip(root.split.conditions(self.tree_.schema), root.children):
            value = cond.split(" = ", 1)[1] if " = " in cond else cond
            lines.append(f"\t{value}\t-> {self.classes_[child.predicted_index]}")
        return "\n".join(lines)


class _TreeLearner(_Estimator):
    """Shared fit for learners that grow with the engine."""

    _flavour = "j48"
    _categorical_split = "subset"

    def _config(self, n_classes: int | None) -> GrowthConfig:
        raise NotImplementedError

    def _check_common(self) -> None:
        _check_int("max_depth", self.max_depth, 1, allow_none=True)
        _check_int("min_samples_split", self.min_samples_split, 2)
        _check_int("min_samples_leaf", self.min_samples_leaf, 1)

    def make_grower(self, X: Any, y: Any, sample_weight: Any = None) -> Grower:
        """A :class:`~dtlearn.grow.Grower` set up with this learner's rules on ``(X, y)``.

        Drive it by hand (``expand(node_id, feature)``) or greedily (``run()``).
        """
        self._check_params()
        schema = infer_schema(X, getattr(self, "categorical", None), arg="X")
        Xe = encode(X, schema, allow_missing=self._handles_missing)
        if self._estimator_type == "classifier":
            target, classes = encode_target(y, Xe.shape[0])
        else:
            target, classes = encode_numeric_target(y, Xe.shape[0]), None
        w = _weights(sample_weight, Xe.shape[0])
        config = self._config(None if classes is None else len(classes))
        return Grower(Xe, target, schema, config, classes, w,
                      _target_name(y, "class" if classes is not None else "target"),
                      flavour=self._flavour)

    def grow_steps(self, X: Any, y: Any) -> Iterator[GrowthStep]:
        """Yield the growth steps greedy growth takes on ``(X, y)``, one node at a time.

        The estimator itself is not changed; ``fit`` keeps the same steps in ``steps_``.
        """
        grower = self.make_grower(X, y)
        while not grower.done:
            yield grower.expand(grower.frontier()[0])

    def fit(self, X: Any, y: Any, sample_weight: Any = None) -> "_TreeLearner":
        """Grow the tree on ``(X, y)``; returns ``self``."""
        grower = self.make_grower(X, y, sample_weight)
        tree = grower.run()
        self.steps_ = tuple(grower.steps)
        tree = self._post_process(tree, grower)
        self.tree_ = tree
        self.n_features_in_ = tree.schema.n_features
        self.feature_names_in_ = np.array(tree.schema.names, dtype=object)
        if tree.classes is not None:
            self.classes_ = np.array(tree.classes, dtype=object)
        return self

    def _post_process(self, tree: Tree, grower: Grower) -> Tree:
        alpha = getattr(self, "ccp_alpha", 0.0)
        if alpha and alpha > 0:
            from .prune import cost_complexity_prune

            return cost_complexity_prune(tree, alpha)
        return tree


class ID3Classifier(_TreeLearner, _Classifier):
    """ID3 (Quinlan 1986): multiway splits, chosen by information gain.

    Parameters
    ----------
    criterion : {"entropy", "gain_ratio", "gini", "misclassification"}
        How attributes are ranked; ``"entropy"`` (information gain) is ID3's. The others
        let notebooks compare criteria on the same engine.
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

    def __init__(self, criterion: str = "entropy", max_depth: int | None = None,
                 min_samples_split: int = 2, min_samples_leaf: int = 1,
                 stop_at_zero_gain: bool = True, categorical: Any = None) -> None:
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.stop_at_zero_gain = stop_at_zero_gain
        self.categorical = categorical

    def _check_params(self) -> None:
        _check_choice("criterion", self.criterion,
                      ("entropy", "gain_ratio", "gini", "misclassification"))
        self._check_common()
        _check_bool("stop_at_zero_gain", self.stop_at_zero_gain)

    def _config(self, n_classes: int | None) -> GrowthConfig:
        return GrowthConfig(criterion=self.criterion, categorical_split="multiway",
                            max_depth=self.max_depth, min_samples_split=self.min_samples_split,
                            min_samples_leaf=self.min_samples_leaf,
                            stop_at_zero_gain=self.stop_at_zero_gain)


class CARTClassifier(_TreeLearner, _Classifier):
    """CART classification tree (Breiman et al. 1984): binary splits, Gini by default.

    Numeric attributes are cut at midpoints between consecutive distinct values
    (``x <= t`` goes left), categorical attributes are split into two subsets of their
    categories. Ties between equally good splits go to the first attribute in column order.
    With the same data this grows the same tree as scikit-learn's
    ``DecisionTreeClassifier`` wherever that one does not depend on its random order.

    Parameters
    ----------
    criterion : {"gini", "entropy", "misclassification"}
        Impurity to reduce. With ``cost_matrix`` the Gini impurity is cost-weighted.
    max_depth, min_samples_split, min_samples_leaf, min_impurity_decrease, max_leaf_nodes
        Pre-pruning, with scikit-learn's meaning.
    ccp_alpha : float
        Cost-complexity pruning strength (0: none); see
        :func:`dtlearn.prune.cost_complexity_path`.
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
    """

    def __init__(self, criterion: str = "gini", max_depth: int | None = None,
                 min_samples_split: int = 2, min_samples_leaf: int = 1,
                 min_impurity_decrease: float = 0.0, max_leaf_nodes: int | None = None,
                 ccp_alpha: float = 0.0, cost_matrix: Any = None,
                 categorical: Any = None) -> None:
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.min_impurity_decrease = min_impurity_decrease
        self.max_leaf_nodes = max_leaf_nodes
        self.ccp_alpha = ccp_alpha
        self.cost_matrix = cost_matrix
        self.categorical = categorical

    def _check_params(self) -> None:
        _check_choice("criterion", self.criterion, ("gini", "entropy", "misclassification"))
        self._check_common()
        _check_float("min_impurity_decrease", self.min_impurity_decrease)
        _check_float("ccp_alpha", self.ccp_alpha)
        _check_int("max_leaf_nodes", self.max_leaf_nodes, 2, allow_none=True)

    def _config(self, n_classes: int | None) -> GrowthConfig:
        criterion, cost = self.criterion, None
        if self.cost_matrix is not None:
            cost = _check_cost_matrix(self.cost_matrix, n_classes)
            if criterion != "gini":
                raise ValueError("cost_matrix works with criterion='gini' (cost-weighted Gini)")
            criterion = "cost_gini"
        return GrowthConfig(criterion=criterion, categorical_split="subset",
                            max_depth=self.max_depth, min_samples_split=self.min_samples_split,
                            min_samples_leaf=self.min_samples_leaf,
                            min_impurity_decrease=self.min_impurity_decrease,
                            max_leaf_nodes=self.max_leaf_nodes, cost_matrix=cost)


class CARTRegressor(_TreeLearner, _Estimator):
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

    def __init__(self, criterion: str = "mse", max_depth: int | None = None,
                 min_samples_split: int = 2, min_samples_leaf: int = 1,
                 min_impurity_decrease: float = 0.0, max_leaf_nodes: int | None = None,
                 ccp_alpha: float = 0.0, categorical: Any = None) -> None:
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.min_impurity_decrease = min_impurity_decrease
        self.max_leaf_nodes = max_leaf_nodes
        self.ccp_alpha = ccp_alpha
        self.categorical = categorical

    def _check_params(self) -> None:
        _check_choice("criterion", self.criterion, ("mse", "mae"))
        self._check_common()
        _check_float("min_impurity_decrease", self.min_impurity_decrease)
        _check_float("ccp_alpha", self.ccp_alpha)
        _check_int("max_leaf_nodes", self.max_leaf_nodes, 2, allow_none=True)

    def _config(self, n_classes: int | None) -> GrowthConfig:
        return GrowthConfig(criterion=self.criterion, categorical_split="subset",
                            max_depth=self.max_depth, min_samples_split=self.min_samples_split,
                            min_samples_leaf=self.min_samples_leaf,
                            min_impurity_decrease=self.min_impurity_decrease,
                            max_leaf_nodes=self.max_leaf_nodes)


class ObliqueTreeClassifier(_TreeLearner, _Classifier):
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

    def __init__(self, criterion: str = "gini", max_depth: int | None = None,
                 min_samples_split: int = 2, min_samples_leaf: int = 1) -> None:
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf

    def _check_params(self) -> None:
        _check_choice("criterion", self.criterion, ("gini", "entropy", "misclassification"))
        self._check_common()

    def _config(self, n_classes: int | None) -> GrowthConfig:
        return GrowthConfig(criterion=self.criterion, categorical_split="subset",
                            max_depth=self.max_depth, min_samples_split=self.min_samples_split,
                            min_samples_leaf=self.min_samples_leaf, oblique=True)


# ---------------------------------------------------------------------- validation helpers
def _check_int(name: str, value: Any, minimum: int, allow_none: bool = False) -> None:
    if value is None and allow_none:
        return
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an integer >= {minimum}"
                        f"{' or None' if allow_none else ''}, got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")


def _check_float(name: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name} must be a number >= 0, got {value!r}")
    if not np.isfinite(float(value)) or value < 0:
        raise ValueError(f"{name} must be a finite number >= 0, got {value}")


def _check_bool(name: str, value: Any) -> None:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {value!r}")


def _check_choice(name: str, value: Any, choices: tuple) -> None:
    if value not in choices:
        raise ValueError(f"{name} must be one of {list(choices)}, got {value!r}")


def _check_cost_matrix(matrix: Any, n_classes: int | None) -> np.ndarray:
    try:
        L = np.asarray(matrix, dtype=float)
    except (TypeError, ValueError):
        raise TypeError("cost_matrix must be a square array of numbers") from None
    if L.ndim != 2 or L.shape[0] != L.shape[1]:
        raise ValueError(f"cost_matrix must be square (k × k); got shape {L.shape}")
    if n_classes is not None and L.shape[0] != n_classes:
        raise ValueError(f"cost_matrix is {L.shape[0]} × {L.shape[0]} but there are "
                         f"{n_classes} classes")
    if not np.isfinite(L).all() or (L < 0).any():
        raise ValueError("cost_matrix must hold finite costs >= 0")
    return L


def _weights(sample_weight: Any, n: int) -> np.ndarray:
    if sample_weight is None:
        return np.ones(n)
    if isinstance(sample_weight, (str, bytes)):
        raise TypeError("sample_weight must be numbers (one weight per row), not a string")
    try:
        w = np.asarray(sample_weight, dtype=float)
    except (TypeError, ValueError):
        raise TypeError("sample_weight must be numbers (one weight per row)") from None
    if w.shape != (n,):
        raise ValueError(f"sample_weight must have one weight per row ({n}); got shape {w.shape}")
    if not np.isfinite(w).all() or (w < 0).any() or w.sum() <= 0:
        raise ValueError("sample_weight must be finite, >= 0 and not all zero")
    return w


def _target_name(y: Any, default: str = "class") -> str:
    name = getattr(y, "name", None)
    return str(name) if name is not None else default


def _labels(y: Any) -> list:
    values = y.tolist() if hasattr(y, "tolist") else list(y)
    return [v.item() if isinstance(v, np.generic) else v for v in values]


def _first_class(k: int) -> np.ndarray:
    value = np.zeros(k)
    value[0] = 1.0
    return value


def _same(a: Any, b: Any) -> bool:
    try:
        return bool(a == b) if not isinstance(a, np.ndarray) else False
    except (TypeError, ValueError):
        return False


__all__ = ["CARTClassifier", "CARTRegressor", "ID3Classifier", "NotFittedError",
           "ObliqueTreeClassifier", "OneR", "ZeroR"]
