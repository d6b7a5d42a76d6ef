"""The learners: 0-R, 1-R, ID3, CART (classification and regression), oblique trees.

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

import inspect
import sys
import warnings
from typing import Any, Iterator

import numpy as np

from .data import Schema, encode, encode_numeric_target, encode_target, infer_schema, table_shape
from . import criteria
from .grow import Grower, GrowthConfig, GrowthStep, PackedSteps, SplitTable
from .tree import Node, Tree


class NotFittedError(ValueError, AttributeError):
    """Raised when a model is used before ``fit`` (as scikit-learn's NotFittedError).

    When scikit-learn is installed, the error raised is also an instance of
    ``sklearn.exceptions.NotFittedError`` (a subclass of both is made on first use, so
    ``import dtlearn`` does not import scikit-learn), and ``except`` clauses written for
    either class catch it.

    Examples
    --------
    >>> from dtlearn import NotFittedError, ZeroR
    >>> try:
    ...     ZeroR().predict([[1]])
    ... except NotFittedError as err:
    ...     print(str(err).split(":")[0])
    This ZeroR is not fitted yet
    """


_NOT_FITTED: list = []


def _not_fitted_class() -> type:
    """The NotFittedError raised: dtlearn's, joined with scikit-learn's when installed."""
    if not _NOT_FITTED:
        try:
            from sklearn.exceptions import NotFittedError as SklearnNotFitted
        except ImportError:
            _NOT_FITTED.append(NotFittedError)
        else:
            joined = type("NotFittedError", (NotFittedError, SklearnNotFitted),
                          {"__module__": __name__, "__doc__": NotFittedError.__doc__})
            _NOT_FITTED.append(joined)
    return _NOT_FITTED[0]


def _data_conversion_warning() -> type:
    module = sys.modules.get("sklearn.exceptions")
    return module.DataConversionWarning if module is not None else UserWarning


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
            tags.classifier_tags = ClassifierTags(poor_score=self._poor_score)
        else:
            tags.regressor_tags = RegressorTags()
        tags.input_tags.allow_nan = self._handles_missing
        tags.input_tags.categorical = True
        tags.input_tags.string = True
        return tags

    _handles_missing = False
    _poor_score = False  # 0-R and 1-R are baselines: scikit-learn then skips its accuracy bar

    # ------------------------------------------------------------------ fitted use
    # ------------------------------------------------------------------ saving
    _TRAINING_ONLY = ("_train_data", "_grown_parts")  # kept in memory (re-pruning), not saved

    def __getstate__(self) -> dict:
        """What pickle and joblib save: no training rows; growth steps packed.

        The tree, the fitted attributes and the growth record (``steps_``: per node its
        counts, candidate scores and the numbers of the training rows that reached it;
        ``pruning_``) are saved. The training matrix is not: a C4.5 model kept for
        re-pruning in memory (:func:`dtlearn.pessimistic.pessimistic_prune` of the model)
        drops it when saved. :meth:`compact` drops the growth record too.
        """
        state = {k: v for k, v in self.__dict__.items() if k not in self._TRAINING_ONLY}
        steps = state.get("steps_")
        if steps:
            state["steps_"] = PackedSteps.pack(steps)
        return state

    def __setstate__(self, state: dict) -> None:
        steps = state.get("steps_")
        if isinstance(steps, PackedSteps):
            state = dict(state, steps_=steps.unpack())
        self.__dict__.update(state)

    def __deepcopy__(self, memo: dict) -> "_Estimator":
        import copy

        new = type(self).__new__(type(self))
        memo[id(self)] = new
        new.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return new

    def compact(self) -> "_Estimator":
        """Drop everything but the fitted tree: growth steps, grown tree, pruning record.

        A compact model predicts, prints and exports exactly as before, and saves to a
        file only as big as its tree; what reads the growth record (``steps_``,
        ``explain_node``, the growth views) no longer works on it. Returns ``self``.

        Examples
        --------
        >>> import pickle
        >>> from dtlearn import CARTClassifier, load_play_tennis
        >>> X, y = load_play_tennis(numeric=True)
        >>> model = CARTClassifier().fit(X, y)
        >>> full = len(pickle.dumps(model))
        >>> len(pickle.dumps(model.compact())) < full, hasattr(model, "steps_")
        (True, False)
        """
        self._check_fitted()
        for name in ("steps_", "grown_tree_", "pruning_") + self._TRAINING_ONLY:
            self.__dict__.pop(name, None)
        return self

    def __sklearn_is_fitted__(self) -> bool:
        return hasattr(self, "tree_")

    def _check_fitted(self) -> None:
        if not hasattr(self, "tree_"):
            raise _not_fitted_class()(f"This {type(self).__name__} is not fitted yet: call "
                                      f"fit(X, y) first")

    def _encode_for_predict(self, X: Any) -> np.ndarray:
        self._check_fitted()
        shape = table_shape(X, "X")
        expected = self.tree_.schema.n_features
        if shape is not None and shape[1] != expected:
            raise ValueError(f"X has {shape[1]} features, but {type(self).__name__} is expecting "
                             f"{expected} features as input (X has {shape[1]} columns but the "
                             f"model was fitted on {expected}: "
                             f"{', '.join(self.tree_.schema.names)})")
        return encode(X, self.tree_.schema, allow_missing=True)

    def _check_y(self, y: Any) -> Any:
        """scikit-learn's checks on ``y``: present, 1-D (a column vector warns), finite."""
        if y is None:
            raise ValueError(f"{type(self).__name__} requires y to be passed, but the target y "
                             f"is None")
        if not hasattr(y, "iloc") and not isinstance(y, (list, tuple, np.ndarray, str, bytes)) \
                and hasattr(y, "__array__"):
            y = np.asarray(y)
        if isinstance(y, np.ndarray) and y.ndim == 2 and y.shape[1] == 1:
            warnings.warn("A column-vector y was passed when a 1d array was expected; it is "
                          "used as y.ravel()", _data_conversion_warning(), stacklevel=3)
            y = y.ravel()
        if self._estimator_type == "classifier":
            values = np.asarray(y) if not hasattr(y, "iloc") else y.to_numpy()
            if values.dtype.kind == "f":
                known = values[~np.isnan(values)]
                if not np.isfinite(known).all():
                    raise ValueError("y holds infinite values; class labels must be finite")
                if (known != np.round(known)).any():
                    raise ValueError("Unknown label type: continuous. y holds non-integer "
                                     "numbers; a classifier needs class labels (use "
                                     "CARTRegressor for a numeric target)")
        return y

    def predict(self, X: Any) -> np.ndarray:
        """Predicted class (classifiers) or value (regressors) for every row of ``X``."""
        encoded = self._encode_for_predict(X)
        values = self.tree_.predict_values(encoded, encoded=True)
        if self._estimator_type != "classifier":
            return values
        return self.classes_[self.tree_.label_indices(values)]

    @property
    def feature_importances_(self) -> np.ndarray:
        """Impurity-based importance of every feature, as scikit-learn defines it.

        Each inner node adds ``N_t·I(t) − N_L·I(L) − N_R·I(R)`` (weighted sizes, the
        growing criterion's impurity; summed over all branches of a multiway split) to
        its feature; an oblique split shares its decrease among its features in
        proportion to their absolute weights. The totals are divided by their sum
        (all zeros for a single leaf).

        Examples
        --------
        >>> from dtlearn import CARTClassifier, load_play_tennis
        >>> model = CARTClassifier().fit(*load_play_tennis(numeric=True))
        >>> round(float(model.feature_importances_.sum()), 6)
        1.0
        """
        self._check_fitted()
        return _feature_importances(self.tree_)

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
        y = self._check_y(y)
        schema = infer_schema(X, getattr(self, "categorical", None), arg="X")
        Xe = encode(X, schema, allow_missing=self._handles_missing)
        codes, classes = encode_target(y, Xe.shape[0])
        self._label_dtype = _label_dtype(y)
        return Xe, codes, schema, classes

    def _set_fitted(self, tree: Tree, schema: Schema, classes: tuple) -> None:
        self.tree_ = tree
        self.classes_ = _classes_array(classes, self.__dict__.pop("_label_dtype", None))
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
    _poor_score = True

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
    _poor_score = True

    def __init__(self, categorical: Any = None) -> None:
        self.categorical = categorical

    def fit(self, X: Any, y: Any, sample_weight: Any = None) -> "OneR":
        """Find the best one-attribute rule; returns ``self``."""
        Xe, codes, schema, classes = self._fit_data(X, y)
        w = _weights(sample_weight, len(codes))
        k = len(classes)
        total = np.bincount(codes, weights=w, minlength=k).astype(float)
        grower = Grower(Xe, codes, schema, GrowthConfig(criterion="misclassification"),
                        classes, w, _target_name(y))
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
        y = self._check_y(y)
        schema = infer_schema(X, getattr(self, "categorical", None), arg="X")
        Xe = encode(X, schema, allow_missing=self._handles_missing)
        if self._estimator_type == "classifier":
            target, classes = encode_target(y, Xe.shape[0])
            self._label_dtype = _label_dtype(y)
        else:
            target, classes = encode_numeric_target(y, Xe.shape[0]), None
        w = _weights(sample_weight, Xe.shape[0])
        config = self._config(None if classes is None else len(classes))
        return Grower(Xe, target, schema, config, classes, w,
                      _target_name(y, "class" if classes is not None else "target"))

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
        tree.flavour = self._flavour  # which Weka learner's print layout suits the tree
        self.steps_ = tuple(grower.steps)
        tree = self._post_process(tree, grower)
        self.tree_ = tree
        self.n_features_in_ = tree.schema.n_features
        self.feature_names_in_ = np.array(tree.schema.names, dtype=object)
        if tree.classes is not None:
            self.classes_ = _classes_array(tree.classes, self.__dict__.pop("_label_dtype", None))
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
    criterion : str
        How attributes are ranked; ``"entropy"`` (information gain) is ID3's. Any
        classification criterion of the registry (``dtlearn.criteria.names("classification")``:
        ``"entropy"``, ``"gain_ratio"``, ``"gini"``, ``"misclassification"``,
        ``"hellinger"``) lets notebooks compare criteria on the same engine.
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
        _check_choice("criterion", self.criterion, criteria.names("classification"))
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
    criterion : str
        Impurity to reduce (``"gini"``), or any other classification criterion of the
        registry (``dtlearn.criteria.names("classification")``, e.g. ``"entropy"`` or
        ``"hellinger"`` for imbalanced classes). With ``cost_matrix`` the Gini impurity is
        cost-weighted.
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
        _check_choice("criterion", self.criterion, criteria.names("classification"))
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
        _check_choice("criterion", self.criterion, criteria.names("regression"))
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
        _check_choice("criterion", self.criterion, criteria.names("classification"))
        self._check_common()

    def _config(self, n_classes: int | None) -> GrowthConfig:
        return GrowthConfig(criterion=self.criterion, categorical_split="subset",
                            max_depth=self.max_depth, min_samples_split=self.min_samples_split,
                            min_samples_leaf=self.min_samples_leaf, oblique=True)


def split_table(X: Any, y: Any, criterion: str = "entropy", categorical: Any = None
                ) -> SplitTable:
    """Score every attribute of a data set at once (the root's candidate table).

    Categorical attributes are split one branch per value; numeric attributes at their
    best binary threshold. Columns: mean info, information gain, split info, gain ratio
    and Gini gain (and the criterion's own score when it is another, such as the
    Hellinger distance), the winner (by ``criterion``) marked.

    Examples
    --------
    >>> from dtlearn import load_play_tennis, split_table
    >>> print(split_table(*load_play_tennis()))  # doctest: +NORMALIZE_WHITESPACE
      attribute   | test  | mean info | information gain | split info | gain ratio | gini gain
    * outlook     | 3-way |     0.694 |            0.247 |      1.577 |      0.156 |     0.116
      temperature | 3-way |     0.911 |            0.029 |      1.557 |      0.019 |     0.019
      humidity    | 2-way |     0.788 |            0.152 |      1.000 |      0.152 |     0.092
      windy       | 2-way |     0.892 |            0.048 |      0.985 |      0.049 |     0.031
    """
    grower = ID3Classifier(criterion=criterion, categorical=categorical).make_grower(X, y)
    return SplitTable(grower.candidates(grower.root.node_id), None, "", grower.classes,
                      grower.target_name)


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


def _label_dtype(y: Any) -> Any:
    """The dtype predictions should have: that of the labels (categories of a Categorical)."""
    dtype = getattr(y, "dtype", None)
    categories = getattr(getattr(y, "cat", None), "categories", None)
    if categories is not None:
        dtype = categories.dtype
    elif dtype is None:
        try:
            dtype = np.asarray(y).dtype
        except (TypeError, ValueError):
            return None
    return dtype if isinstance(dtype, np.dtype) and dtype.kind in "biufUS" else None


def _classes_array(classes: tuple, dtype: Any) -> np.ndarray:
    """``classes_`` in the labels' own dtype (ints stay ints), else an object array."""
    if dtype is not None:
        try:
            out = np.array(classes, dtype=dtype)
            if out.tolist() == list(classes):
                return out
        except (TypeError, ValueError, OverflowError):
            pass
    out = np.empty(len(classes), dtype=object)
    out[:] = list(classes)
    return out


def _feature_importances(tree: Tree) -> np.ndarray:
    n = tree.schema.n_features
    out = np.zeros(n)
    for node in tree.nodes():
        if node.is_leaf:
            continue
        decrease = node.n_samples * node.impurity - sum(c.n_samples * c.impurity
                                                         for c in node.children)
        split = node.split
        if split.kind == "oblique":
            share = np.abs(np.asarray(split.weights, dtype=float))
            share = share / share.sum() if share.sum() > 0 else np.full(len(share), 1 / len(share))
            for column, part in zip(split.columns, share):
                out[column] += decrease * part
        else:
            out[split.features[0]] += decrease
    total = out.sum()
    return out / total if total > 0 else out


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
