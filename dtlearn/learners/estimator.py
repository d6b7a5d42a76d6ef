"""The estimator protocol every learner shares: scikit-learn's conventions, no dependency.

Parameters are stored unchanged in ``__init__`` and checked at ``fit``; fitted attributes
end in ``_``; ``get_params``/``set_params``/``__repr__`` follow scikit-learn; saving keeps
the tree and the growth record but no training rows. The ``check_*`` functions give the
argument-naming errors every learner raises.
"""

from __future__ import annotations

import inspect
import sys
import warnings
from typing import Any

import numpy as np

from ..data import Schema, encode, encode_numeric_target, encode_target, infer_schema, table_shape
from ..grow import PackedSteps
from ..tree import Tree, refuse_missing


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
            joined = type(
                "NotFittedError",
                (NotFittedError, SklearnNotFitted),
                {"__module__": __name__, "__doc__": NotFittedError.__doc__},
            )
            _NOT_FITTED.append(joined)
    return _NOT_FITTED[0]


def _data_conversion_warning() -> type:
    module = sys.modules.get("sklearn.exceptions")
    return module.DataConversionWarning if module is not None else UserWarning


_PARAM_NAMES: dict[tuple, tuple[str, ...]] = {}
"""Each estimator class's parameter names (its ``__init__``'s), worked out when first asked."""


class Estimator:
    """Parameter handling shared by every learner (scikit-learn's protocol, no dependency)."""

    _estimator_type = "classifier"

    @classmethod
    def _param_names(cls) -> list[str]:
        # inspect.signature costs more than a small fit's level: worked out once per class
        # (and __init__: a class whose __init__ is replaced gets its names afresh)
        key = (cls, cls.__init__)
        names = _PARAM_NAMES.get(key)
        if names is None:
            signature = inspect.signature(cls.__init__)
            names = _PARAM_NAMES[key] = tuple(p for p in signature.parameters if p != "self")
        return list(names)

    def get_params(self, deep: bool = True) -> dict:
        """Parameters of the estimator, as scikit-learn expects."""
        return {name: getattr(self, name) for name in self._param_names()}

    def set_params(self, **params: Any) -> Estimator:
        """Set parameters (checked at ``fit``); returns ``self``."""
        valid = self._param_names()
        for key, value in params.items():
            if key not in valid:
                raise ValueError(
                    f"{type(self).__name__} has no parameter {key!r}; valid parameters: {valid}"
                )
            setattr(self, key, value)
        return self

    def __repr__(self) -> str:
        defaults = {
            name: p.default for name, p in inspect.signature(type(self).__init__).parameters.items()
        }
        changed = [
            f"{k}={v!r}" for k, v in self.get_params().items() if not _same(v, defaults.get(k))
        ]
        return f"{type(self).__name__}({', '.join(changed)})"

    def __sklearn_tags__(self) -> Any:
        from sklearn.utils import ClassifierTags, RegressorTags, Tags, TargetTags

        tags = Tags(estimator_type=self._estimator_type, target_tags=TargetTags(required=True))
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
        re-pruning in memory (:func:`dtlearn.pruning.pessimistic.pessimistic_prune` of the model)
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

    def __deepcopy__(self, memo: dict) -> Estimator:
        import copy

        new = type(self).__new__(type(self))
        memo[id(self)] = new
        new.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return new

    def compact(self) -> Estimator:
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
            raise _not_fitted_class()(
                f"This {type(self).__name__} is not fitted yet: call fit(X, y) first"
            )

    def _encode_for_predict(self, X: Any) -> np.ndarray:
        self._check_fitted()
        shape = table_shape(X, "X")
        expected = self.tree_.schema.n_features
        if shape is not None and shape[1] != expected:
            raise ValueError(
                f"X has {shape[1]} features, but {type(self).__name__} is expecting "
                f"{expected} features as input (X has {shape[1]} columns but the "
                f"model was fitted on {expected}: "
                f"{', '.join(self.tree_.schema.names)})"
            )
        Xe = encode(X, self.tree_.schema, allow_missing=True)
        if not self._handles_missing:  # refused at fit, so refused here (scikit-learn's rule)
            refuse_missing(X, Xe, self.tree_.schema, type(self).__name__)
        return Xe

    def _check_y(self, y: Any) -> Any:
        """scikit-learn's checks on ``y``: present, 1-D (a column vector warns), finite."""
        if y is None:
            raise ValueError(
                f"{type(self).__name__} requires y to be passed, but the target y is None"
            )
        if (
            not hasattr(y, "iloc")
            and not isinstance(y, (list, tuple, np.ndarray, str, bytes))
            and hasattr(y, "__array__")
        ):
            y = np.asarray(y)
        if isinstance(y, np.ndarray) and y.ndim == 2 and y.shape[1] == 1:
            warnings.warn(
                "A column-vector y was passed when a 1d array was expected; it is "
                "used as y.ravel()",
                _data_conversion_warning(),
                stacklevel=3,
            )
            y = y.ravel()
        if self._estimator_type == "classifier":
            values = np.asarray(y) if not hasattr(y, "iloc") else y.to_numpy()
            if values.dtype.kind == "f":
                known = values[~np.isnan(values)]
                if not np.isfinite(known).all():
                    raise ValueError("y holds infinite values; class labels must be finite")
                if (known != np.round(known)).any():
                    raise ValueError(
                        "Unknown label type: continuous. y holds non-integer "
                        "numbers; a classifier needs class labels (use "
                        "CARTRegressor for a numeric target)"
                    )
        return y

    def predict(self, X: Any) -> np.ndarray:
        """Predicted class (classifiers) or value (regressors) for every row of ``X``."""
        encoded = self._encode_for_predict(X)
        if self._estimator_type != "classifier":
            return self.tree_.predict_values(encoded, encoded=True)
        return self.classes_[self.tree_.predict_label_indices(encoded, encoded=True)]

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
        return feature_importances(self.tree_)

    def score(self, X: Any, y: Any, sample_weight: Any = None) -> float:
        """Accuracy (classifiers) or R² (regressors) on ``(X, y)``."""
        predicted = self.predict(X)
        w = None if sample_weight is None else sample_weights(sample_weight, len(predicted))
        if self._estimator_type == "classifier":
            truth = np.asarray(label_list(y), dtype=object)
            if len(truth) != len(predicted):
                raise ValueError(f"y has {len(truth)} labels but X has {len(predicted)} rows")
            return float(np.average(predicted == truth, weights=w))
        truth = encode_numeric_target(y, len(predicted))
        residual = np.average((truth - predicted) ** 2, weights=w)
        spread = np.average((truth - np.average(truth, weights=w)) ** 2, weights=w)
        return float(1.0 - residual / spread) if spread > 0 else float(residual == 0)


class Classifier(Estimator):
    """What classifiers add: ``predict_proba`` and the encoding of class labels."""

    def predict_proba(self, X: Any) -> np.ndarray:
        """Class probabilities (columns in ``classes_`` order) for every row of ``X``."""
        encoded = self._encode_for_predict(X)
        return self.tree_.predict_values(encoded, encoded=True)

    def _fit_data(self, X: Any, y: Any) -> tuple[np.ndarray, np.ndarray, Schema, tuple]:
        y = self._check_y(y)
        schema = infer_schema(X, getattr(self, "categorical", None), arg="X")
        Xe = encode(X, schema, allow_missing=self._handles_missing)
        codes, classes = encode_target(y, Xe.shape[0])
        self._label_dtype = label_dtype(y)
        return Xe, codes, schema, classes

    def _set_fitted(self, tree: Tree, schema: Schema, classes: tuple) -> None:
        self.tree_ = tree
        self.classes_ = classes_array(classes, self.__dict__.pop("_label_dtype", None))
        self.n_features_in_ = schema.n_features
        self.feature_names_in_ = np.array(schema.names, dtype=object)


# ---------------------------------------------------------------------- validation helpers
def check_int(name: str, value: Any, minimum: int, allow_none: bool = False) -> None:
    """Check an integer parameter: ``TypeError`` if not an integer, ``ValueError`` if too small.

    Examples
    --------
    >>> check_int("max_depth", 3, 1)
    >>> check_int("max_depth", 0, 1)
    Traceback (most recent call last):
    ...
    ValueError: max_depth must be >= 1, got 0
    """
    if value is None and allow_none:
        return
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(
            f"{name} must be an integer >= {minimum}"
            f"{' or None' if allow_none else ''}, got {value!r}"
        )
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")


def check_float(name: str, value: Any) -> None:
    """Check a parameter that must be a finite number >= 0.

    Examples
    --------
    >>> check_float("ccp_alpha", -1.0)
    Traceback (most recent call last):
    ...
    ValueError: ccp_alpha must be a finite number >= 0, got -1.0
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name} must be a number >= 0, got {value!r}")
    if not np.isfinite(float(value)) or value < 0:
        raise ValueError(f"{name} must be a finite number >= 0, got {value}")


def check_bool(name: str, value: Any) -> None:
    """Check a parameter that must be ``True`` or ``False``.

    Examples
    --------
    >>> check_bool("prune", "yes")
    Traceback (most recent call last):
    ...
    TypeError: prune must be True or False, got 'yes'
    """
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {value!r}")


def check_choice(name: str, value: Any, choices: tuple) -> None:
    """Check a parameter that must be one of ``choices``.

    Examples
    --------
    >>> check_choice("criterion", "giny", ("gini", "entropy"))
    Traceback (most recent call last):
    ...
    ValueError: criterion must be one of ['gini', 'entropy'], got 'giny'
    """
    if value not in choices:
        raise ValueError(f"{name} must be one of {list(choices)}, got {value!r}")


def check_cost_matrix(matrix: Any, n_classes: int | None) -> np.ndarray:
    """The cost matrix as a k × k float array, checked (square, k classes, >= 0, zero diagonal).

    Examples
    --------
    >>> check_cost_matrix([[0, 1], [5, 0]], 2).tolist()
    [[0.0, 1.0], [5.0, 0.0]]
    """
    try:
        L = np.asarray(matrix, dtype=float)
    except (TypeError, ValueError):
        raise TypeError("cost_matrix must be a square array of numbers") from None
    if L.ndim != 2 or L.shape[0] != L.shape[1]:
        raise ValueError(f"cost_matrix must be square (k × k); got shape {L.shape}")
    if n_classes is not None and L.shape[0] != n_classes:
        raise ValueError(
            f"cost_matrix is {L.shape[0]} × {L.shape[0]} but there are {n_classes} classes"
        )
    if not np.isfinite(L).all() or (L < 0).any():
        raise ValueError("cost_matrix must hold finite costs >= 0")
    if np.diag(L).any():
        raise ValueError(
            f"cost_matrix must have a zero diagonal (a right prediction costs "
            f"nothing); its diagonal is {np.diag(L).tolist()}"
        )
    return L


def sample_weights(sample_weight: Any, n: int) -> np.ndarray:
    """``sample_weight`` as ``n`` finite non-negative floats (ones when ``None``).

    Examples
    --------
    >>> sample_weights(None, 3).tolist()
    [1.0, 1.0, 1.0]
    >>> sample_weights([1, -1], 2)
    Traceback (most recent call last):
    ...
    ValueError: sample_weight must be finite, >= 0 and not all zero
    """
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


def target_name_of(y: Any, default: str = "class") -> str:
    """The name of the target (a Series' name, a one-column frame's column), else ``default``.

    Examples
    --------
    >>> import pandas as pd
    >>> target_name_of(pd.Series(["yes"], name="play")), target_name_of(["yes"])
    ('play', 'class')
    >>> target_name_of(pd.DataFrame({"play": ["yes"]}))
    'play'
    """
    columns = getattr(y, "columns", None)
    if columns is not None and len(columns) == 1:
        return str(columns[0])
    name = getattr(y, "name", None)
    return str(name) if name is not None else default


def label_dtype(y: Any) -> Any:
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


def classes_array(classes: tuple, dtype: Any) -> np.ndarray:
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


def feature_importances(tree: Tree) -> np.ndarray:
    """Impurity-based importance of every feature of ``tree`` (see ``feature_importances_``).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> feature_importances(ID3Classifier().fit(*load_play_tennis()).tree_).round(3).tolist()
    [0.262, 0.0, 0.369, 0.369]
    """
    n = tree.schema.n_features
    out = np.zeros(n)
    for node in tree.nodes():
        if node.is_leaf:
            continue
        decrease = node.n_samples * node.impurity - sum(
            c.n_samples * c.impurity for c in node.children
        )
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


def label_list(y: Any) -> list:
    """Labels as a list of Python values (numpy scalars unwrapped).

    Examples
    --------
    >>> label_list(np.array([1, 2]))
    [1, 2]
    """
    values = y.tolist() if hasattr(y, "tolist") else list(y)
    return [v.item() if isinstance(v, np.generic) else v for v in values]


def _same(a: Any, b: Any) -> bool:
    try:
        return bool(a == b) if not isinstance(a, np.ndarray) else False
    except (TypeError, ValueError):
        return False


__all__ = [
    "Classifier",
    "Estimator",
    "NotFittedError",
    "check_bool",
    "check_choice",
    "check_cost_matrix",
    "check_float",
    "check_int",
    "classes_array",
    "feature_importances",
    "label_dtype",
    "label_list",
    "sample_weights",
    "target_name_of",
]
