# About 710 logical lines: one idea, rebuilding a fitted scikit-learn tree node by node with its steps (unwrapping, weights, float32 thresholds, the candidate notes all serve that one walk).
"""Open a fitted scikit-learn tree as a dtlearn model, with every node's decision worked out.

scikit-learn draws a tree but never says why a node split where it did. dtlearn can score
every attribute at any node from the rows that reach it, so :func:`from_sklearn` rebuilds
a fitted ``DecisionTreeClassifier`` or ``DecisionTreeRegressor`` node by node (same node
ids, tests, leaf values and predictions) and records at every node a
:class:`SklearnStep`: the rows there, dtlearn's candidate table computed with the
estimator's criterion, scikit-learn's split marked as chosen, why a leaf stopped, and, in
words, where scikit-learn's choice is not dtlearn's best candidate (a tie broken by
scikit-learn's random feature order, a random feature subset from ``max_features``, a
random threshold from ``splitter="random"``).

Two details of scikit-learn are mirrored exactly:

* it stores ``X`` as 32-bit floats, so a test ``x <= 2.45`` compares ``float32(x)`` with
  the threshold. The dtlearn tree keeps the 64-bit number ``t`` for which ``x <= t`` holds
  exactly when ``float32(x) <= threshold``, so the two models predict alike on any input;
  the candidate tables are computed from the 32-bit values scikit-learn saw.
* a tree of a random forest is grown on a bootstrap sample, given to it as row weights.
  Those weights are redrawn from the tree's ``random_state`` (as scikit-learn draws them,
  in proportion to the forest's ``sample_weight`` when one is passed) and checked against
  the tree's node sizes.

scikit-learn is an optional dependency: this module imports it only when called.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pandas as pd

from ..data import NUMERIC, Schema, python_scalar
from ..formatting import float32_text, fmt_g
from ..grow import Candidate, Grower, GrowthConfig, GrowthStep, SplitTable
from ..grow.fast.node_arrays import NodeArrays
from ..splits import ThresholdSplit
from ..tree import Node, Tree
from .estimator import NotFittedError, classes_array, label_dtype, target_name_of
from .tree_learner import CARTClassifier, CARTRegressor

__all__ = [
    "SklearnStep",
    "SklearnThresholdSplit",
    "SklearnTree",
    "float32_boundary",
    "from_sklearn",
]

CRITERIA = {
    "gini": "gini",
    "entropy": "entropy",
    "log_loss": "entropy",
    "squared_error": "mse",
    "friedman_mse": "mse",
    "absolute_error": "mae",
}
"""scikit-learn criterion -> dtlearn criterion of the candidate tables."""

UNSUPPORTED = {
    "poisson": "criterion='poisson' (half Poisson deviance) has no dtlearn counterpart: "
    "dtlearn scores regression splits by squared or absolute error only",
}

SCORE_TIE = 1e-9
"""Relative difference under which two candidate scores are called a tie in the notes
(scores are recomputed in float64 from the same 32-bit data, so true ties agree to ~1e-15)."""

EPSILON = float(np.finfo(float).eps)


@dataclass(frozen=True)
class SklearnStep(GrowthStep):
    """One node of a tree opened with :func:`from_sklearn`: the decision scikit-learn made.

    A :class:`~dtlearn.grow.GrowthStep` (``by="scikit-learn"``) with one more field:

    Attributes
    ----------
    note : str
        In words, how scikit-learn's choice relates to dtlearn's candidate table: empty
        when the chosen split is dtlearn's best candidate, else why they differ.
    cause : str
        The same as a keyword: ``""`` (the best candidate, or a leaf), ``"tie"`` (another
        split scores the same), ``"feature subset"`` (``max_features``: the best attribute
        was not among those drawn), ``"random threshold"`` (``splitter="random"``) or
        ``"rounding"`` (two splits a rounding error apart).
    """

    note: str = ""
    cause: str = ""

    @property
    def agrees(self) -> bool:
        """Whether scikit-learn's split is dtlearn's best candidate (always, at a leaf)."""
        return not self.note

    def table(self) -> SplitTable:
        """The candidate table, scikit-learn's split marked; the note in the caption."""
        table = super().table()
        return replace(
            table, caption=f"{table.caption}. {self.note}" if self.note else table.caption
        )

    def explain(self, feature: Any = None) -> Any:
        """Worked scores of ``feature`` (default: scikit-learn's split).

        Raises
        ------
        ValueError
            At a leaf closed before any attribute was scored.
        """
        if not self.candidates:
            raise ValueError(
                f"node {self.node_id} is a leaf ({self.stop_reason}): no attribute was scored here"
            )
        return self.table().explain(feature)

    def __str__(self) -> str:
        text = super().__str__()
        return f"{text} — {self.note}" if self.note else text

    __repr__ = __str__


@dataclass(frozen=True)
class SklearnThresholdSplit(ThresholdSplit):
    """A threshold test as scikit-learn makes it: ``float32(x) <= sklearn_threshold``.

    ``threshold`` is :func:`float32_boundary` of scikit-learn's threshold, so that the
    64-bit test ``x <= threshold`` routes every number as scikit-learn does. Conditions
    print the threshold to the precision of a 32-bit float, 7 significant digits
    (``petal length (cm) <= 2.45``, not ``2.450000047683716``): only numbers that a 32-bit
    float cannot tell from the threshold read differently.

    Examples
    --------
    >>> split = SklearnThresholdSplit.of(0, 2.450000047683716)
    >>> split.conditions(Schema(("x",), ("numeric",), (None,)))
    ['x <= 2.45', 'x > 2.45']
    """

    sklearn_threshold: float = float("nan")
    shown: str = ""

    @classmethod
    def of(cls, feature: int, sklearn_threshold: float) -> SklearnThresholdSplit:
        """The split for scikit-learn's ``(feature, threshold)``."""
        t = float(sklearn_threshold)
        boundary = float32_boundary(t)
        # to float32's precision (7 significant digits): 16.795, not 16.795000076293945
        shown = float32_text(t)
        return cls(feature=int(feature), threshold=boundary, sklearn_threshold=t, shown=shown)

    def conditions(self, schema: Schema, exact: bool = False) -> list[str]:  # noqa: D102
        if exact:  # the 64-bit boundary: routes every number as scikit-learn's float32 test
            return super().conditions(schema, exact=True)
        name = schema.names[self.feature]
        return [f"{name} <= {self.shown}", f"{name} > {self.shown}"]


def from_sklearn(
    estimator: Any, X: Any, y: Any, *, sample_weight: Any = None, feature_names: Any = None
) -> CARTClassifier | CARTRegressor:
    """Open a fitted scikit-learn decision tree as a fitted dtlearn model.

    Parameters
    ----------
    estimator : DecisionTreeClassifier, DecisionTreeRegressor or Pipeline
        A fitted scikit-learn tree (also ``ExtraTreeClassifier``/``Regressor`` and one
        tree of a forest, ``forest.estimators_[i]``), or a fitted ``Pipeline`` whose last
        step is one: ``X`` is then passed through the earlier steps and the features are
        named by their ``get_feature_names_out``.
    X : DataFrame or 2-D array
        The training data the estimator was fitted on (raw data for a Pipeline).
    y : array-like
        Its targets.
    sample_weight : array-like, optional
        The weights used at fit time. For a tree of a random forest (fitted on a
        bootstrap sample) they are recovered from the tree's ``random_state`` when omitted.
    feature_names : list of str, optional
        Names to use instead of the DataFrame's columns or the Pipeline's output names.

    Returns
    -------
    CARTClassifier or CARTRegressor
        Fitted: ``tree_`` mirrors scikit-learn's tree (same node ids, tests, leaf values,
        so ``predict`` and ``predict_proba`` agree on any input); ``steps_`` holds one
        :class:`SklearnStep` per node, in node-id order. For a Pipeline the model works on
        the transformed features (``pipeline[:-1].transform(X)``).

    Raises
    ------
    ImportError
        If scikit-learn is not installed.
    TypeError
        For an ensemble (pass one of its ``estimators_``) or anything that is not a tree.
    NotFittedError
        For an estimator that is not fitted.
    ValueError
        For ``X``/``y`` that are not the data the tree was fitted on (rows that do not
        reach the nodes scikit-learn counted, class counts or — for a regression tree —
        node means that are not scikit-learn's node values, as when a gradient-boosting
        stage is opened with the class labels instead of its pseudo-residuals), row
        weights that are not the fit's, missing values, a multi-output tree, or
        ``criterion="poisson"``.

    Notes
    -----
    A tree of a random forest is opened with the weights it was grown with: its bootstrap
    counts, drawn from its ``random_state`` as scikit-learn draws them, uniformly or (with
    ``class_weight="balanced"`` or a ``sample_weight``, scikit-learn 1.9) in proportion
    to the forest's row weights (pass the forest's ``sample_weight``: the counts are
    redrawn from it), times the class weights for ``class_weight="balanced"`` in
    scikit-learn 1.8 (weights of the unweighted classes there, of the weighted ones in
    1.9), and times the class weights of the bootstrap sample for
    ``class_weight="balanced_subsample"``. A tree of a forest without bootstrap
    (ExtraTrees) is opened with the forest's row weights, "balanced" class weights
    included (the same two ways). Predictions keep the labels' dtype (int64, bool, str), as scikit-learn's do.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> import dtlearn as dt
    >>> data = load_iris(as_frame=True)
    >>> X = data.data
    >>> y = data.target.map(dict(enumerate(data.target_names))).rename("species")
    >>> sk = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X, y)
    >>> model = dt.from_sklearn(sk, X, y)
    >>> print(model.tree_.to_text().splitlines()[1])
    ├─ petal width (cm) <= 0.8 → setosa  (50: setosa 50, versicolor 0, virginica 0)
    >>> print(model.tree_.to_rules().splitlines()[0])  # exact: float32(x) <= 0.8000000119
    IF petal width (cm) <= 0.8000000417232512 THEN species = setosa
    >>> bool((model.predict(X) == sk.predict(X)).all())
    True
    >>> step = model.steps_[0]
    >>> step.chosen.feature_name, step.by
    ('petal width (cm)', 'scikit-learn')
    >>> print(step.note)  # doctest: +ELLIPSIS
    petal length (cm) ties with petal width (cm) (0.3333 each): scikit-learn visits ...
    """
    _require_sklearn()
    tree_est, Xt, names = _unwrap(estimator, X, feature_names)
    sk = tree_est.tree_
    if getattr(tree_est, "n_outputs_", 1) != 1:
        raise ValueError(
            "from_sklearn opens single-output trees; this one predicts "
            f"{tree_est.n_outputs_} targets"
        )
    criterion = tree_est.criterion
    if criterion in UNSUPPORTED:
        raise ValueError(f"from_sklearn: {UNSUPPORTED[criterion]}")
    if criterion not in CRITERIA:
        raise ValueError(
            f"from_sklearn: unknown criterion {criterion!r}; supported: {sorted(CRITERIA)}"
        )
    is_classifier = hasattr(tree_est, "classes_")
    n = Xt.shape[0]
    # the learners' own default: "class" for a classifier, "target" for a regressor
    target_name = target_name_of(y, "class" if is_classifier else "target")
    if is_classifier:
        codes, classes = _encode_classes(y, tree_est, n)
        target = codes
    else:
        target, classes = _regression_target(y, n), None
    weights = _weights(tree_est, sample_weight, n, codes if is_classifier else None, y)
    X32 = Xt.astype(np.float32).astype(np.float64)  # what scikit-learn compared
    used = np.flatnonzero(weights > 0)  # scikit-learn drops rows of weight 0
    reach = _rows_per_node(tree_est.tree_, X32, used)
    _check_sizes(sk, reach, weights, tree_est)

    schema = Schema(tuple(names), (NUMERIC,) * len(names), (None,) * len(names))
    params = _learner_params(tree_est, n, is_classifier)
    config = GrowthConfig(
        criterion=CRITERIA[criterion],
        categorical_split="subset",
        max_depth=params["max_depth"],
        min_samples_split=params["min_samples_split"],
        min_samples_leaf=params["min_samples_leaf"],
        min_impurity_decrease=params["min_impurity_decrease"],
        max_leaf_nodes=params["max_leaf_nodes"],
    )
    context = _Context(
        tree_est, X32, target, weights, schema, config, classes, target_name, float(weights.sum())
    )
    root, steps = _build(sk, reach, context)
    # kept as columns, its nodes made when first read: a large tree then predicts and is
    # pruned without them (the nodes _build made sit among its steps in memory)
    tree = Tree(
        NodeArrays.from_root(root),
        schema,
        classes,
        target_name,
        "majority",
        "j48",
        refuses_missing=True,
    )  # opened without missing values: predict refuses them
    if hasattr(tree, "criterion"):  # trees that know their criterion print MAE leaves as medians
        tree.criterion = CRITERIA[criterion]
    model = (CARTClassifier if is_classifier else CARTRegressor)(**params)
    model.tree_ = tree
    model.steps_ = tuple(sorted(steps, key=lambda s: s.node_id))
    model.n_features_in_ = schema.n_features
    model.feature_names_in_ = np.array(schema.names, dtype=object)
    if is_classifier:  # scikit-learn's labels in their own dtype: int64, bool, str
        model.classes_ = classes_array(classes, label_dtype(y))
    return model


# ---------------------------------------------------------------------- input checks
def _require_sklearn() -> None:
    try:
        import sklearn  # noqa: F401
    except ImportError:
        raise ImportError(
            "from_sklearn opens scikit-learn trees, so it needs scikit-learn "
            "(pip install scikit-learn); the rest of dtlearn works without "
            "it"
        ) from None


def _unwrap(estimator: Any, X: Any, feature_names: Any) -> tuple[Any, np.ndarray, list]:
    """The tree, the matrix it was fitted on (float64) and the feature names."""
    tree_est, Xt, given_names = _tree_and_input(estimator, X)
    matrix, given_names = _fitted_matrix(Xt, tree_est, estimator, given_names)
    return tree_est, matrix, _feature_names(given_names, feature_names, tree_est, matrix)


def _tree_and_input(estimator: Any, X: Any) -> tuple[Any, Any, list | None]:
    """The fitted tree, ``X`` as the tree sees it and the names a Pipeline gives its columns."""
    from sklearn.pipeline import Pipeline
    from sklearn.tree import BaseDecisionTree

    if isinstance(estimator, BaseDecisionTree):
        _check_fitted(estimator, type(estimator).__name__)
        return estimator, X, None
    if not isinstance(estimator, Pipeline):
        if (
            hasattr(estimator, "estimators_")
            or type(estimator).__name__.endswith(("Forest", "Classifier", "Regressor", "Boosting"))
            and hasattr(estimator, "n_estimators")
        ):
            raise TypeError(_ensemble_message(estimator))
        raise TypeError(
            f"estimator must be a fitted scikit-learn DecisionTreeClassifier, "
            f"DecisionTreeRegressor or a Pipeline ending in one; got "
            f"{type(estimator).__name__}"
        )
    last = estimator.steps[-1][1]
    if not isinstance(last, BaseDecisionTree):
        raise TypeError(
            f"estimator: the last step of the Pipeline must be a decision "
            f"tree, got {type(last).__name__}"
        )
    _check_fitted(last, f"the Pipeline's tree ({type(last).__name__})")
    front = estimator[:-1]
    try:
        Xt = front.transform(X)
    except Exception as exc:  # an unfitted step, wrong columns, ...
        raise ValueError(
            f"X: the Pipeline's steps before the tree could not transform "
            f"it ({type(exc).__name__}: {exc})"
        ) from None
    try:
        given_names = [str(v) for v in front.get_feature_names_out()]
    except Exception:  # noqa: BLE001 - a step without output names: use x0, x1, ...
        given_names = None
    return last, Xt, given_names


def _fitted_matrix(
    Xt: Any, tree_est: Any, estimator: Any, given_names: list | None
) -> tuple[np.ndarray, list | None]:
    """``Xt`` as the float64 matrix the tree was fitted on (checked), and the column names."""
    from sklearn.tree import BaseDecisionTree

    if hasattr(Xt, "toarray"):  # a sparse matrix from a one-hot encoder
        Xt = Xt.toarray()
    if isinstance(Xt, pd.DataFrame):
        frame_names = [str(c) for c in Xt.columns]
        if given_names is None and isinstance(estimator, BaseDecisionTree):
            known = getattr(tree_est, "feature_names_in_", None)
            if known is not None and list(known) != frame_names:
                raise ValueError(
                    f"X has columns {frame_names} but the tree was fitted on {list(known)}"
                )
        given_names = given_names or frame_names
        non_numeric = [c for c in Xt.columns if not pd.api.types.is_numeric_dtype(Xt[c])]
        if non_numeric:
            raise ValueError(
                f"X: columns {non_numeric} are not numeric; scikit-learn trees "
                f"need numbers (encode them in a Pipeline step)"
            )
    try:
        matrix = np.asarray(Xt, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError("X must be numeric (the matrix the tree was fitted on)") from None
    if matrix.ndim != 2:
        raise ValueError(f"X must be 2-D (rows x features); got {matrix.ndim}-D input")
    if matrix.shape[1] != tree_est.n_features_in_:
        raise ValueError(
            f"X has {matrix.shape[1]} features but the tree was fitted on {tree_est.n_features_in_}"
        )
    if np.isnan(matrix).any():
        raise ValueError(
            "X has missing values; from_sklearn opens trees fitted without "
            "them (scikit-learn's missing-value routing has no dtlearn "
            "counterpart)"
        )
    if not np.isfinite(matrix).all():
        raise ValueError("X holds infinite values")
    return matrix, given_names


def _feature_names(
    given_names: list | None, feature_names: Any, tree_est: Any, matrix: np.ndarray
) -> list:
    """The features' names: ``feature_names=``, else the Pipeline's or frame's, else the tree's."""
    if feature_names is not None:
        if isinstance(feature_names, str) or len(feature_names) != matrix.shape[1]:
            raise ValueError(f"feature_names must be {matrix.shape[1]} names, one per feature")
        given_names = [str(v) for v in feature_names]
    if given_names is None:
        known = getattr(tree_est, "feature_names_in_", None)
        given_names = (
            [str(v) for v in known]
            if known is not None
            else [f"x{i}" for i in range(matrix.shape[1])]
        )
    if len(set(given_names)) != len(given_names):
        raise ValueError("feature names must be distinct; pass feature_names=")
    return given_names


def _check_fitted(tree_est: Any, what: str) -> None:
    if not hasattr(tree_est, "tree_"):
        raise NotFittedError(f"{what} is not fitted yet: call fit(X, y) on it first")


def _ensemble_message(estimator: Any) -> str:
    name = type(estimator).__name__
    if "Boosting" in name:
        return (
            f"from_sklearn opens one decision tree, and a {name} is many trees fitted "
            f"to residuals (gradients), not to y; open one with "
            f"dt.from_sklearn(model.estimators_[i, 0], X, residuals) only if you have "
            f"those residuals"
        )
    return (
        f"from_sklearn opens one decision tree; a {name} is an ensemble of them. Open "
        f"one of its trees: dt.from_sklearn(model.estimators_[0], X, y)"
    )


def _encode_classes(y: Any, tree_est: Any, n: int) -> tuple[np.ndarray, tuple]:
    labels = np.asarray(y.to_numpy() if hasattr(y, "to_numpy") else y, dtype=object)
    if labels.ndim == 2 and labels.shape[1] == 1:
        labels = labels[:, 0]
    if labels.ndim != 1 or len(labels) != n:
        raise ValueError(f"y must hold one label per row of X ({n}); got shape {labels.shape}")
    known = [python_scalar(c) for c in tree_est.classes_]
    lookup = {c: k for k, c in enumerate(known)}
    plain = [python_scalar(v) for v in labels]
    if all(v in lookup for v in plain):
        return np.array([lookup[v] for v in plain], dtype=np.int64), tuple(known)
    # a tree of a forest is fitted on class indices 0..k-1: take the labels from y
    try:
        distinct = sorted(set(plain))
    except TypeError:
        raise ValueError("y: labels of mixed types cannot be ordered") from None
    if known == list(range(len(known))) and len(distinct) == len(known):
        lookup = {c: k for k, c in enumerate(distinct)}
        return np.array([lookup[v] for v in plain], dtype=np.int64), tuple(distinct)
    raise ValueError(f"y holds labels {distinct[:10]} but the tree's classes are {known}")


def _regression_target(y: Any, n: int) -> np.ndarray:
    try:
        values = np.asarray(y, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError("y must be numeric for a regression tree") from None
    if values.ndim == 2 and values.shape[1] == 1:
        values = values[:, 0]
    if values.shape != (n,):
        raise ValueError(f"y must hold one value per row of X ({n}); got shape {values.shape}")
    return values


def _weights(tree_est: Any, sample_weight: Any, n: int, codes: Any, y: Any) -> np.ndarray:
    """The row weights the tree was grown with (class weights included)."""
    sk = tree_est.tree_
    scale = np.ones(n)
    class_weight = getattr(tree_est, "class_weight", None)
    if class_weight is not None and codes is not None:
        from sklearn.utils.class_weight import compute_sample_weight

        scale = compute_sample_weight(class_weight, np.asarray(tree_est.classes_)[codes])
    user = None
    if sample_weight is not None:
        user = np.asarray(sample_weight, dtype=np.float64)
        if user.shape != (n,) or not np.isfinite(user).all() or (user < 0).any():
            raise ValueError(f"sample_weight must be {n} finite numbers >= 0, one per row")
    base = scale if user is None else user * scale
    total = float(sk.weighted_n_node_samples[0])
    balanced = None if codes is None else _balanced(codes, user)
    # a forest's "balanced" class weights: of the weighted classes (scikit-learn 1.9) or of
    # the unweighted ones, times the user's sample_weight (1.8)
    weightings = (
        [] if codes is None else [balanced] if user is None else [balanced, _balanced(codes, None)]
    )
    if np.count_nonzero(base) == sk.n_node_samples[0]:  # no bootstrap: the weights given, or
        # times the class weights of a forest without bootstrap (ExtraTrees, "balanced")
        for w in [base] + [base * b for b in weightings]:
            if _close(float(w.sum()), total) and (codes is None or _same_root(sk, codes, w)):
                return w
        return base  # the node weights then say what does not fit
    if not isinstance(getattr(tree_est, "random_state", None), (int, np.integer)):
        return base
    from sklearn.utils.class_weight import compute_sample_weight

    # a tree of a forest: its bootstrap sample, drawn as scikit-learn draws it (n draws,
    # or max_samples: then as many as the root's weight when the rows are unweighted), in
    # proportion to the user's sample_weight (scikit-learn 1.9) when one was given
    first = None
    for draws in dict.fromkeys([int(round(total)), n]):
        for indices, per_row in _bootstrap_draws(tree_est.random_state, n, draws, balanced, user):
            counts = np.bincount(indices, minlength=n).astype(np.float64) * per_row
            first = counts * scale if first is None else first
            if np.count_nonzero(counts) != sk.n_node_samples[0]:
                continue
            if codes is None:
                return counts * scale
            # class_weight="balanced" draws the sample in proportion to the class weights
            # (scikit-learn 1.9) or weighs a uniform draw by them (1.8); "balanced_subsample"
            # reweighs the classes within the sample
            for w in (
                counts * scale,
                *(counts * b for b in weightings),
                counts * compute_sample_weight("balanced", codes, indices=indices),
            ):
                if _close(float(w.sum()), total) and _same_root(sk, codes, w):
                    return w
    return first  # the node sizes then say what does not fit


def _same_root(sk: Any, codes: np.ndarray, w: np.ndarray) -> bool:
    """Whether weights ``w`` give the class shares of scikit-learn's root."""
    value = np.asarray(sk.value[0, 0], dtype=float)
    root = np.bincount(codes, weights=w, minlength=len(value))
    return bool(root.sum() > 0 and np.allclose(root / root.sum(), value / value.sum(), atol=1e-9))


def _balanced(codes: np.ndarray, user: Any) -> np.ndarray:
    """Each row's "balanced" class weight as a forest computes it: of the weighted classes.

    ``n_weighted / (n_classes * weight of the row's class)`` (scikit-learn's
    ``compute_class_weight("balanced", ..., sample_weight=)``); unweighted without ``user``.
    """
    w = np.ones(len(codes)) if user is None else user
    per_class = np.bincount(codes, weights=w)
    present = np.unique(codes)
    return (w.sum() / (len(present) * per_class))[codes]


def _bootstrap_draws(random_state: int, n: int, draws: int, balanced: Any, user: Any = None) -> Any:
    """The row indices a forest may have drawn for a tree, each with the weight a draw carries.

    scikit-learn 1.9's ``_generate_sample_indices`` draws in proportion to the forest's
    row weights (the user's ``sample_weight`` times the class weights), uniformly without;
    scikit-learn 1.8 drew uniformly and weighed each draw by the user's ``sample_weight``.
    """
    if user is None:
        yield np.random.RandomState(random_state).randint(0, n, draws), 1.0
    else:
        yield (
            np.random.RandomState(random_state).choice(n, draws, replace=True, p=user / user.sum()),
            1.0,
        )
        yield np.random.RandomState(random_state).randint(0, n, draws), user
    if balanced is not None:
        p = balanced if user is None else balanced * user
        yield np.random.RandomState(random_state).choice(n, draws, replace=True, p=p / p.sum()), 1.0


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-7 * max(1.0, abs(a), abs(b))


def _rows_per_node(sk: Any, X32: np.ndarray, used: np.ndarray) -> list[np.ndarray]:
    """Training rows (indices into X) that reach every node, routed as scikit-learn routes."""
    reach: list[np.ndarray] = [np.empty(0, dtype=np.int64)] * sk.node_count
    stack = [(0, used)]
    while stack:
        j, rows = stack.pop()
        reach[j] = rows
        if sk.children_left[j] != -1:
            left = X32[rows, sk.feature[j]] <= sk.threshold[j]
            stack.append((int(sk.children_left[j]), rows[left]))
            stack.append((int(sk.children_right[j]), rows[~left]))
    return reach


def _check_sizes(sk: Any, reach: list, weights: np.ndarray, tree_est: Any) -> None:
    for j, rows in enumerate(reach):
        hint = (
            "X and y must be the data it was fitted on"
            if sk.n_node_samples[0] == len(weights)
            else "X and y must be the data it was fitted on, and "
            "sample_weight the weights it was fitted with"
        )
        if len(rows) != sk.n_node_samples[j]:
            raise ValueError(
                f"X, y do not fit this tree: node {j} holds "
                f"{sk.n_node_samples[j]} training rows in scikit-learn but "
                f"{len(rows)} of X reach it; {hint}"
            )
        weight = float(weights[rows].sum())
        if not np.isclose(weight, sk.weighted_n_node_samples[j], rtol=1e-7, atol=1e-9):
            raise ValueError(
                f"X, y do not fit this tree: node {j} holds the same "
                f"{len(rows)} rows in both, but weight "
                f"{fmt_g(sk.weighted_n_node_samples[j])} in scikit-learn against "
                f"{fmt_g(weight)} here; the tree was grown with other row weights "
                f"(pass sample_weight=, the weights of its fit, class "
                f"weights included)"
            )


def _learner_params(tree_est: Any, n: int, is_classifier: bool) -> dict:
    """The dtlearn learner's parameters that mean what scikit-learn's did."""
    split, leaf = tree_est.min_samples_split, tree_est.min_samples_leaf
    if isinstance(split, float):
        split = max(2, int(np.ceil(split * n)))
    if isinstance(leaf, float):
        leaf = max(1, int(np.ceil(leaf * n)))
    params = {
        "criterion": CRITERIA[tree_est.criterion],
        "max_depth": tree_est.max_depth,
        "min_samples_split": int(split),
        "min_samples_leaf": int(leaf),
        "min_impurity_decrease": float(tree_est.min_impurity_decrease),
        "max_leaf_nodes": tree_est.max_leaf_nodes,
        "ccp_alpha": float(tree_est.ccp_alpha),
    }
    return params


# ---------------------------------------------------------------------- the tree and its steps
@dataclass(frozen=True)
class _Context:
    est: Any
    X32: np.ndarray
    target: np.ndarray
    weights: np.ndarray
    schema: Schema
    config: GrowthConfig
    classes: tuple | None
    target_name: str
    total_weight: float

    @property
    def is_classifier(self) -> bool:
        return self.classes is not None


def float32_boundary(threshold: float) -> float:
    """The largest float64 ``t`` with ``x <= t`` exactly when ``float32(x) <= threshold``.

    scikit-learn casts ``X`` to 32-bit floats before comparing it with a (64-bit)
    threshold; a dtlearn tree that tests ``x <= float32_boundary(threshold)`` on the
    64-bit ``x`` routes every number the same way.

    Examples
    --------
    >>> import numpy as np
    >>> t = float32_boundary(2.450000047683716)
    >>> x = np.array([2.45, np.nextafter(t, 3.0)])
    >>> bool((x <= t)[0]), bool((x <= t)[1])
    (True, False)
    >>> bool(np.float32(x[1]) <= 2.450000047683716)
    False
    """
    f = np.float32(threshold)
    if float(f) > threshold:
        f = np.nextafter(f, np.float32(-np.inf))
    g = np.nextafter(f, np.float32(np.inf))
    if not np.isfinite(g):
        return float(np.finfo(np.float64).max)
    middle = (float(f) + float(g)) / 2.0  # exact: float32 values need 24 bits
    return middle if float(np.float32(middle)) == float(f) else float(np.nextafter(middle, -np.inf))


def _build(sk: Any, reach: list, ctx: _Context) -> tuple[Node, list[SklearnStep]]:
    left, right = sk.children_left, sk.children_right
    nodes: dict[int, Node] = {}
    steps: list[SklearnStep] = []
    n_leaves = int((left == -1).sum())
    stack: list[tuple[int, int, int | None, str | None]] = [(0, 0, None, None)]
    while stack:
        j, depth, parent, condition = stack.pop()
        node = _node(sk, j, depth, reach[j], ctx)
        nodes[j] = node
        if parent is not None:
            nodes[parent].children.append(node)
        rows = reach[j]
        if left[j] == -1:
            steps.append(_leaf_step(node, rows, parent, condition, ctx, n_leaves))
            continue
        node.split = SklearnThresholdSplit.of(int(sk.feature[j]), float(sk.threshold[j]))
        steps.append(_split_step(node, rows, parent, condition, float(sk.threshold[j]), ctx))
        conditions = node.split.conditions(ctx.schema)
        stack.append((int(right[j]), depth + 1, j, conditions[1]))
        stack.append((int(left[j]), depth + 1, j, conditions[0]))
    return nodes[0], steps


def _node(sk: Any, j: int, depth: int, rows: np.ndarray, ctx: _Context) -> Node:
    n_weighted = float(sk.weighted_n_node_samples[j])
    impurity = float(sk.impurity[j])
    if not ctx.is_classifier:
        value = float(sk.value[j, 0, 0])
        _check_regression_value(j, rows, value, ctx)
        return Node(j, depth, n_weighted, impurity, np.array([value]))
    k = len(ctx.classes)
    counts = np.bincount(ctx.target[rows], weights=ctx.weights[rows], minlength=k)
    raw = np.asarray(sk.value[j, 0, :], dtype=float)
    value = raw / raw.sum() if raw.sum() > 0 else np.full(k, 1.0 / k)
    if counts.sum() > 0 and not np.allclose(counts / counts.sum(), value, atol=1e-9):
        raise ValueError(
            f"X, y do not fit this tree: the class counts at node {j} "
            f"({counts.tolist()}) differ from scikit-learn's "
            f"({(value * n_weighted).round(6).tolist()}); y must be the labels "
            f"it was fitted on"
        )
    return Node(j, depth, n_weighted, impurity, value, counts)


def _check_regression_value(j: int, rows: np.ndarray, value: float, ctx: _Context) -> None:
    """Refuse targets whose mean (median) at node ``j`` is not scikit-learn's node value."""
    w = ctx.weights[rows]
    if len(rows) == 0 or w.sum() <= 0:
        return
    ys = ctx.target[rows]
    rule = ctx.config.rule
    ours = float(rule.centre(ys, w))
    # both are sums of the same float64 targets: they agree to rounding of the largest |y|
    if abs(ours - value) <= 1e-9 * max(float(np.abs(ys).max()), abs(value)):
        return
    hint = (
        " (a gradient-boosting stage is fitted to the ensemble's pseudo-residuals, not "
        "to y or the class labels)"
    )
    raise ValueError(
        f"X, y do not fit this tree: the {rule.leaf_statistic} of y at node {j} "
        f"is {fmt_g(ours)} but scikit-learn's node value is {fmt_g(value)}; y must be "
        f"the targets the tree was fitted on{hint}"
    )


def _node_counts(node: Node) -> np.ndarray:
    return (
        node.counts.copy()
        if node.counts is not None
        else np.array([node.n_samples, float(node.value[0])])
    )


def _candidates(rows: np.ndarray, ctx: _Context) -> tuple[Candidate, ...]:
    """The candidate table dtlearn computes for the rows at one node (a row per feature)."""
    grower = Grower(
        ctx.X32[rows],
        ctx.target[rows],
        ctx.schema,
        ctx.config,
        ctx.classes,
        ctx.weights[rows],
        ctx.target_name,
    )
    return tuple(
        _as_sklearn(_rescaled(c, ctx.weights[rows].sum(), ctx), ctx) for c in grower.candidates(0)
    )


def _as_sklearn(c: Candidate, ctx: _Context) -> Candidate:
    """The candidate with its threshold written as scikit-learn's (see SklearnThresholdSplit).

    Thresholds computed from the 32-bit values are the ones scikit-learn would compute.
    """
    if not c.admissible or not isinstance(c.split, ThresholdSplit):
        return c
    split = SklearnThresholdSplit.of(c.split.feature, c.split.threshold)
    return replace(c, split=split, conditions=tuple(split.conditions(ctx.schema)))


def _rescaled(c: Candidate, node_weight: float, ctx: _Context) -> Candidate:
    """``weighted_decrease`` relative to the whole training set (N_t / N), not the node."""
    if c.admissible:
        c.scores["weighted_decrease"] = (
            node_weight / ctx.total_weight * c.scores["impurity_decrease"]
        )
    return c


def _partition_candidate(
    rows: np.ndarray,
    feature: int,
    split: SklearnThresholdSplit,
    goes_left: np.ndarray,
    ctx: _Context,
) -> Candidate:
    """A Candidate for scikit-learn's exact partition (scored as a 0/1 attribute)."""
    name = ctx.schema.names[feature]
    schema = Schema((name,), (NUMERIC,), (None,))
    indicator = np.where(goes_left, 0.0, 1.0)[:, None]
    grower = Grower(
        indicator,
        ctx.target[rows],
        schema,
        ctx.config,
        ctx.classes,
        ctx.weights[rows],
        ctx.target_name,
    )
    scored = _rescaled(grower.candidates(0)[0], ctx.weights[rows].sum(), ctx)
    return replace(
        scored,
        feature=feature,
        feature_name=name,
        split=split,
        conditions=tuple(split.conditions(ctx.schema)),
    )


def _split_step(
    node: Node,
    rows: np.ndarray,
    parent: int | None,
    condition: str | None,
    sk_threshold: float,
    ctx: _Context,
) -> SklearnStep:
    split = node.split
    f = split.feature
    candidates = list(_candidates(rows, ctx))
    position = next(i for i, c in enumerate(candidates) if c.feature == f)
    own = candidates[position]
    goes_left = ctx.X32[rows, f] <= sk_threshold
    best = SplitTable(tuple(candidates)).best
    if own.admissible and np.array_equal(ctx.X32[rows, f] <= own.split.threshold, goes_left):
        chosen = replace(own, split=split, conditions=tuple(split.conditions(ctx.schema)))
    else:
        chosen = _partition_candidate(rows, f, split, goes_left, ctx)
    candidates[position] = chosen
    cause, note = _note(chosen, best, ctx)
    return SklearnStep(
        node.node_id,
        parent,
        node.depth,
        condition,
        rows,
        node.n_samples,
        _node_counts(node),
        node.impurity,
        tuple(candidates),
        chosen,
        None,
        "scikit-learn",
        ctx.classes,
        ctx.target_name,
        note,
        cause,
    )


def _same_partition(a: Candidate, b: Candidate | None) -> bool:
    return (
        b is not None
        and a.feature == b.feature
        and np.array_equal(np.asarray(a.child_counts), np.asarray(b.child_counts))
    )


def _note(chosen: Candidate, best: Candidate | None, ctx: _Context) -> tuple[str, str]:
    """``(cause, words)``: why scikit-learn's split is not dtlearn's best ('' when it is)."""
    if best is None or _same_partition(chosen, best):
        return "", ""
    est = ctx.est
    gap = best.score - chosen.score
    tie = abs(gap) <= SCORE_TIE * max(abs(best.score), abs(chosen.score))  # free of scale
    sk_text = chosen.conditions[0]
    best_text = best.conditions[0] if best.conditions else best.feature_name
    scores = f"({fmt_g(chosen.score, 4)} against {fmt_g(best.score, 4)})"
    n_features = ctx.schema.n_features
    drawn = int(getattr(est, "max_features_", n_features))
    if getattr(est, "splitter", "best") == "random":
        words = (
            f"scikit-learn drew each feature's threshold at random (splitter='random', "
            f"as extremely randomized trees do) and kept the best draw, {sk_text}; "
            f"dtlearn's best candidate is {best_text} {scores}"
        )
        return "random threshold", words
    if tie and best.feature == chosen.feature:
        words = (
            f"two thresholds of {chosen.feature_name} tie ({fmt_g(best.score, 4)}): "
            f"scikit-learn kept {sk_text}, dtlearn's scan finds {best_text} first"
        )
        return "tie", words
    if tie:
        order = (
            f"scored a random subset of max_features={drawn} of the {n_features} "
            f"features here, in a random order, and kept the first best split it met"
            if drawn < n_features
            else f"visits the features in a random order (random_state="
            f"{est.random_state!r}) and keeps the first best split it meets"
        )
        words = (
            f"{best.feature_name} ties with {chosen.feature_name} ({fmt_g(best.score, 4)} "
            f"each): scikit-learn {order}; dtlearn takes the first in column order"
        )
        return "tie", words
    if drawn < n_features and gap > 0:
        words = (
            f"scikit-learn scored only a random subset of max_features={drawn} of the "
            f"{n_features} features here and chose the best among them, {sk_text}; "
            f"the best of all features, {best_text}, was not drawn {scores}"
        )
        return "feature subset", words
    words = (
        f"scikit-learn's split {sk_text} scores a little below dtlearn's best candidate "
        f"{best_text} {scores}: rounding decides between nearly equal splits"
    )
    return "rounding", words


def _leaf_step(
    node: Node,
    rows: np.ndarray,
    parent: int | None,
    condition: str | None,
    ctx: _Context,
    n_leaves: int,
) -> SklearnStep:
    est, config = ctx.est, ctx.config
    n_rows = len(rows)
    reason, candidates = None, ()
    min_weight_leaf = est.min_weight_fraction_leaf * ctx.total_weight
    if node.impurity <= EPSILON:
        reason = "pure node"
    elif config.max_depth is not None and node.depth >= config.max_depth:
        reason = f"max_depth={config.max_depth} reached"
    elif n_rows < config.min_samples_split:
        reason = f"fewer than min_samples_split={config.min_samples_split} rows"
    elif n_rows < 2 * config.min_samples_leaf:
        reason = f"fewer than 2 × min_samples_leaf={config.min_samples_leaf} rows"
    elif node.n_samples < 2 * min_weight_leaf:
        reason = (
            f"weight below 2 × min_weight_fraction_leaf={est.min_weight_fraction_leaf} of the total"
        )
    else:
        candidates = _candidates(rows, ctx)
        best = SplitTable(candidates).best
        if best is None:
            reason = "no attribute can split these rows"
        elif best.scores["weighted_decrease"] + EPSILON < config.min_impurity_decrease:
            reason = (
                f"weighted impurity decrease {fmt_g(best.scores['weighted_decrease'], 4)} < "
                f"min_impurity_decrease={config.min_impurity_decrease}"
            )
        elif est.ccp_alpha > 0:
            reason = (
                f"cost-complexity pruning (ccp_alpha={fmt_g(est.ccp_alpha)}) removed the "
                f"subtree scikit-learn grew here"
            )
        elif config.max_leaf_nodes is not None and n_leaves >= config.max_leaf_nodes:
            reason = (
                f"max_leaf_nodes={config.max_leaf_nodes} reached (scikit-learn grows "
                f"best-first: it split the leaves of larger weighted decrease first)"
            )
        else:
            reason = (
                "scikit-learn made this node a leaf, though "
                + f"{best.conditions[0]} can still split it"
            )
    return SklearnStep(
        node.node_id,
        parent,
        node.depth,
        condition,
        rows,
        node.n_samples,
        _node_counts(node),
        node.impurity,
        candidates,
        None,
        reason,
        "scikit-learn",
        ctx.classes,
        ctx.target_name,
        "",
    )


class SklearnTree:
    """A scikit-learn tree learner that dtlearn's tools can refit and explain.

    ``fit`` grows a clone of ``estimator`` with scikit-learn, then opens it with
    :func:`from_sklearn`; the fitted attributes (``tree_``, ``steps_``, ``classes_``, ...)
    are those of the opened model. Tools that refit a learner — cross-validated
    cost-complexity pruning, :class:`~dtlearn.widgets.CostComplexityExplorer`, the
    overfitting curves — then work on scikit-learn's trees rather than dtlearn's own.

    Parameters
    ----------
    estimator : DecisionTreeClassifier or DecisionTreeRegressor
        The (unfitted) scikit-learn tree to grow; default
        ``DecisionTreeClassifier(random_state=0)``.

    Attributes
    ----------
    estimator_ : the fitted scikit-learn tree
    model_ : CARTClassifier or CARTRegressor
        The opened tree (:func:`from_sklearn`).

    Examples
    --------
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from dtlearn import load_play_tennis
    >>> X, y = load_play_tennis(numeric=True)
    >>> X = X[["temperature", "humidity"]]
    >>> learner = SklearnTree(DecisionTreeClassifier(max_depth=2, random_state=0))
    >>> learner.fit(X, y).tree_.n_leaves, learner.steps_[0].by
    (4, 'scikit-learn')
    """

    def __init__(self, estimator: Any = None) -> None:
        self.estimator = estimator

    def get_params(self, deep: bool = True) -> dict:
        """Parameters, as scikit-learn expects (``{"estimator": ...}``)."""
        return {"estimator": self.estimator}

    def set_params(self, **params: Any) -> SklearnTree:
        """Set ``estimator``; returns ``self``."""
        for key, value in params.items():
            if key != "estimator":
                raise ValueError(
                    f"SklearnTree has no parameter {key!r}; valid parameters: ['estimator']"
                )
            self.estimator = value
        return self

    @property
    def _estimator_type(self) -> str:
        return (
            "regressor"
            if self._blueprint().__class__.__name__.endswith("Regressor")
            else "classifier"
        )

    def _blueprint(self) -> Any:
        if self.estimator is not None:
            return self.estimator
        from sklearn.tree import DecisionTreeClassifier

        return DecisionTreeClassifier(random_state=0)

    def __sklearn_tags__(self) -> Any:
        return self._blueprint().__sklearn_tags__()

    def fit(self, X: Any, y: Any, sample_weight: Any = None) -> SklearnTree:
        """Grow the scikit-learn tree on ``(X, y)`` and open it; returns ``self``."""
        _require_sklearn()
        from sklearn.base import clone
        from sklearn.tree import BaseDecisionTree

        if not isinstance(self._blueprint(), BaseDecisionTree):
            raise TypeError(
                f"estimator must be a scikit-learn decision tree, got "
                f"{type(self.estimator).__name__}"
            )
        est = clone(self._blueprint()).fit(X, y, sample_weight=sample_weight)
        model = from_sklearn(est, X, y, sample_weight=sample_weight)
        self.estimator_, self.model_ = est, model
        for name in ("tree_", "steps_", "classes_", "n_features_in_", "feature_names_in_"):
            if hasattr(model, name):
                setattr(self, name, getattr(model, name))
        return self

    def _fitted(self) -> Any:
        if not hasattr(self, "model_"):
            raise NotFittedError("This SklearnTree is not fitted yet: call fit(X, y) first")
        return self.model_

    def predict(self, X: Any) -> np.ndarray:
        """Predictions of the opened tree (scikit-learn's)."""
        return self._fitted().predict(X)

    def predict_proba(self, X: Any) -> np.ndarray:
        """Class probabilities of the opened tree (classification)."""
        return self._fitted().predict_proba(X)

    def score(self, X: Any, y: Any, sample_weight: Any = None) -> float:
        """Accuracy (classification) or R² (regression) on ``(X, y)``."""
        return self._fitted().score(X, y, sample_weight)

    def __repr__(self) -> str:
        return f"SklearnTree({self.estimator!r})" if self.estimator is not None else "SklearnTree()"
