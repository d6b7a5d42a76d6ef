# About 390 logical lines: one idea, the overfitting curves: the split, the label noise and the complexity and pruning curves that make one ComplexityCurve value.
"""Overfitting curves: accuracy on training, validation and test data against tree size.

* :func:`train_validation_test_split` -- a seeded, stratified three-way split (numpy only).
* :func:`add_label_noise` -- flip a given fraction of labels, seeded (noise makes
  overfitting visible).
* :func:`complexity_curve` -- refit a learner for every value of one pre-pruning parameter
  (``max_depth``, ``max_leaf_nodes``, ``min_samples_leaf``, ``min_impurity_decrease``, ...)
  and record tree size and accuracies.
* :func:`pruning_curve` -- the same numbers along a post-pruning sequence of one fully
  grown tree (any registered pruning method whose states are trees,
  :mod:`dtlearn.pruning.methods`).

Both curves are :class:`ComplexityCurve` values; :mod:`dtlearn.plot.curves` draws them
(the course's Figure 8: training accuracy keeps rising with size, test accuracy falls).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..data import python_scalar
from ..explain import ResultTable, ShowsTable
from ..tree import Tree
from .cost_complexity import collapses_at
from .methods import pruning_method, pruning_methods
from .tree_access import encode_features, encode_labels, rows_reaching, tree_and_model

__all__ = [
    "ComplexityCurve",
    "add_label_noise",
    "complexity_curve",
    "cross_validated_ccp",
    "pruning_curve",
    "train_validation_test_split",
]


def _take(data: Any, rows: np.ndarray) -> Any:
    if hasattr(data, "iloc"):
        return data.iloc[rows]
    if isinstance(data, np.ndarray):
        return data[rows]
    return [data[i] for i in rows]


def _n_rows(data: Any, arg: str) -> int:
    try:
        return len(data)
    except TypeError:
        raise TypeError(f"{arg} must be a table or sequence, got {type(data).__name__}") from None


def train_validation_test_split(
    X: Any,
    y: Any,
    sizes: Sequence[float] = (0.6, 0.2, 0.2),
    random_state: int = 0,
    stratify: bool = True,
) -> tuple:
    """Split rows into training, validation and test parts, reproducibly.

    Part sizes are ``round(share * n)`` (cumulatively, so they add up to ``n``). With
    ``stratify=True`` every part gets (up to rounding) the class mix of the whole data.
    Rows keep their original order inside each part.

    Parameters
    ----------
    X : DataFrame, array or list of rows
    y : Series, array or list
        Labels (one per row of ``X``).
    sizes : three fractions
        Shares of training, validation and test rows; positive, summing to 1.
    random_state : int
        Seed of the shuffle.
    stratify : bool
        Split every class separately.

    Returns
    -------
    X_train, X_val, X_test, y_train, y_val, y_test
        Of the same types as ``X`` and ``y`` (pandas keeps the index).

    Examples
    --------
    >>> from dtlearn import load_vote
    >>> X, y = load_vote()
    >>> parts = train_validation_test_split(X, y, random_state=0)
    >>> [len(p) for p in parts[:3]]
    [261, 87, 87]
    >>> parts[3].value_counts().to_dict() == {"democrat": 160, "republican": 101}
    True
    """
    n = _n_rows(X, "X")
    if _n_rows(y, "y") != n:
        raise ValueError(f"y has {_n_rows(y, 'y')} labels but X has {n} rows")
    try:
        shares = np.asarray(sizes, dtype=float)
    except (TypeError, ValueError):
        raise TypeError("sizes must be three numbers") from None
    if (
        shares.shape != (3,)
        or not np.isfinite(shares).all()
        or (shares <= 0).any()
        or abs(shares.sum() - 1) > 1e-9
    ):
        raise ValueError(f"sizes must be three positive fractions summing to 1, got {sizes!r}")
    rng = np.random.default_rng(random_state)
    cuts = np.floor(np.cumsum(shares) * n + 0.5).astype(int)
    if stratify:
        # every class is shuffled and spread evenly over [0, 1); cutting the rows sorted
        # by that position gives every part the class mix of the whole, and exact sizes
        labels = np.asarray(y.tolist() if hasattr(y, "tolist") else list(y), dtype=object)
        position = np.empty(n)
        for c in dict.fromkeys(labels.tolist()):
            group = rng.permutation(np.flatnonzero(labels == c))
            position[group] = (np.arange(len(group)) + 0.5) / len(group)
        order = np.lexsort((rng.permutation(n), position))
    else:
        order = rng.permutation(n)
    parts = [order[: cuts[0]], order[cuts[0] : cuts[1]], order[cuts[1] :]]
    idx = [np.sort(p) for p in parts]
    for name, p in zip(("training", "validation", "test"), idx):
        if len(p) == 0:
            raise ValueError(f"sizes: the {name} part would be empty with {n} rows")
    return tuple(_take(X, p) for p in idx) + tuple(_take(y, p) for p in idx)


def add_label_noise(y: Any, rate: float, random_state: int = 0) -> Any:
    """Return a copy of ``y`` in which ``round(rate * n)`` labels, chosen at random, are changed.

    Each chosen label becomes one of the *other* classes, uniformly. The type of ``y`` is
    kept (a pandas Series keeps its index, name and categories).

    Examples
    --------
    >>> noisy = add_label_noise(["a"] * 10, 0.3, random_state=1)
    >>> sum(v == "b" for v in noisy), len(noisy)  # only one other class... none here
    (0, 10)
    >>> noisy = add_label_noise(["a", "b"] * 5, 0.2, random_state=0)
    >>> sum(u != v for u, v in zip(noisy, ["a", "b"] * 5))
    2
    """
    if (
        isinstance(rate, bool)
        or not isinstance(rate, (int, float, np.integer, np.floating))
        or not 0 <= rate <= 1
    ):
        raise ValueError(f"rate must be a fraction between 0 and 1, got {rate!r}")
    values = y.tolist() if hasattr(y, "tolist") else list(y)
    n = len(values)
    if hasattr(y, "cat"):
        classes = list(y.cat.categories)
    else:
        classes = list(dict.fromkeys(values))
    rng = np.random.default_rng(random_state)
    chosen = rng.choice(n, size=int(round(rate * n)), replace=False) if n else []
    out = list(values)
    if len(classes) > 1:
        for i in sorted(int(c) for c in chosen):
            others = [c for c in classes if c != out[i]]
            out[i] = others[int(rng.integers(len(others)))]
    if hasattr(y, "iloc"):
        import pandas as pd

        return pd.Series(out, index=y.index, name=y.name, dtype=y.dtype)
    if isinstance(y, np.ndarray):
        return np.array(out, dtype=y.dtype)
    return out


@dataclass(frozen=True, repr=False)
class ComplexityCurve(ShowsTable):
    """Tree size and scores for a sequence of trees of growing (or shrinking) complexity.

    Attributes
    ----------
    param : str
        What varies (``"max_depth"``, ``"ccp_alpha"``, ``"pruning step"``, ...).
    values : tuple
        Its values, one per tree.
    n_nodes, n_leaves, depth : tuple of int
        Size of every tree.
    train, validation, test : tuple of float or None
        Scores (accuracy for classifiers, R² for regressors); ``None`` when not measured.
    metric : str
        ``"accuracy"`` or ``"R2"``.
    learner : str
        Which learner made the trees.
    """

    param: str
    values: tuple
    n_nodes: tuple[int, ...]
    n_leaves: tuple[int, ...]
    depth: tuple[int, ...]
    train: tuple[float, ...]
    validation: tuple[float, ...] | None
    test: tuple[float, ...] | None
    metric: str = "accuracy"
    learner: str = ""

    @property
    def best_index(self) -> int:
        """Index of the best validation score (the first on ties); training if no validation."""
        scores = self.validation if self.validation is not None else self.train
        return int(np.argmax(np.asarray(scores)))

    @property
    def best_value(self) -> Any:
        """Parameter value with the best validation score."""
        return self.values[self.best_index]

    def table(self) -> ResultTable:
        """One row per tree; the best validation score highlighted."""
        cols = [self.param, "nodes", "leaves", "depth", f"train {self.metric}"]
        series = [self.train]
        for name, s in (("validation", self.validation), ("test", self.test)):
            if s is not None:
                cols.append(f"{name} {self.metric}")
                series.append(s)
        rows = [
            tuple([_cell(v), a, b, c] + [s[i] for s in series])
            for i, (v, a, b, c) in enumerate(
                zip(self.values, self.n_nodes, self.n_leaves, self.depth)
            )
        ]
        caption = f"{self.learner}: {self.metric} against {self.param}".strip(": ")
        return ResultTable(
            tuple(cols),
            tuple(rows),
            caption=caption,
            highlight_row=self.best_index if self.validation else None,
        )

    def to_frame(self) -> Any:
        """Return the curve as a pandas DataFrame (raw numbers)."""
        import pandas as pd

        data = {
            self.param: list(self.values),
            "n_nodes": list(self.n_nodes),
            "n_leaves": list(self.n_leaves),
            "depth": list(self.depth),
            "train": list(self.train),
        }
        if self.validation is not None:
            data["validation"] = list(self.validation)
        if self.test is not None:
            data["test"] = list(self.test)
        return pd.DataFrame(data)

    def to_dict(self) -> dict:
        """Plain JSON-ready form."""
        return {
            "param": self.param,
            "values": [python_scalar(v) for v in self.values],
            "n_nodes": list(self.n_nodes),
            "n_leaves": list(self.n_leaves),
            "depth": list(self.depth),
            "train": list(self.train),
            "validation": None if self.validation is None else list(self.validation),
            "test": None if self.test is None else list(self.test),
            "metric": self.metric,
            "learner": self.learner,
        }


def _cell(value: Any) -> Any:
    return "None" if value is None else python_scalar(value)


def _scorer(tree: Tree, X: Any, y: Any, arg: str) -> tuple[np.ndarray, np.ndarray]:
    Xe = encode_features(tree, X, f"X_{arg}")
    return Xe, encode_labels(tree, y, Xe.shape[0], f"y_{arg}")


def _score(tree: Tree, data: tuple[np.ndarray, np.ndarray] | None) -> float | None:
    if data is None:
        return None
    Xe, target = data
    values = tree.predict_values(Xe, encoded=True)
    if tree.is_classifier:  # the model's own predictions (a cost matrix changes them)
        return float(np.mean(tree.label_indices(values) == target))
    spread = float(((target - target.mean()) ** 2).sum())
    residual = float(((target - values) ** 2).sum())
    return 1.0 - residual / spread if spread > 0 else float(residual == 0)


def _default_values(learner: Any, param: str, X: Any, y: Any) -> list:
    full = type(learner)(**learner.get_params()).fit(X, y).tree_
    if param == "max_depth":
        return list(range(1, max(full.depth, 1) + 1))
    if param == "max_leaf_nodes":
        return list(range(2, max(full.n_leaves, 2) + 1))
    if param == "min_samples_leaf":
        n = _n_rows(X, "X_train")
        return sorted(
            {max(1, int(round(n * f))) for f in (0.0, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3)}
        )
    raise ValueError(
        f"values: give the values of {param!r} to try (defaults exist only for "
        f"max_depth, max_leaf_nodes and min_samples_leaf)"
    )


def complexity_curve(
    learner: Any,
    X_train: Any,
    y_train: Any,
    X_val: Any = None,
    y_val: Any = None,
    X_test: Any = None,
    y_test: Any = None,
    param: str = "max_depth",
    values: Sequence | None = None,
) -> ComplexityCurve:
    """Fit ``learner`` once per value of ``param`` and record size and scores.

    Parameters
    ----------
    learner : dtlearn estimator
        A template; it is not changed (copies are made with its ``get_params()``).
    X_train, y_train : training data
    X_val, y_val, X_test, y_test : optional
        Validation and test data (scores are ``None`` when not given).
    param : str
        A parameter of the learner, e.g. ``"max_depth"``, ``"max_leaf_nodes"``,
        ``"min_samples_leaf"``, ``"min_impurity_decrease"``, ``"ccp_alpha"``.
    values : sequence, optional
        Values to try. Defaults: depths 1 .. depth of the full tree; leaf counts 2 ..
        leaves of the full tree; for ``min_samples_leaf`` 0 % to 30 % of the rows.

    Returns
    -------
    ComplexityCurve

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_vote
    >>> X, y = load_vote()
    >>> keep = X.notna().all(axis=1)  # CART here needs complete rows
    >>> X_tr, X_va, X_te, y_tr, y_va, y_te = train_validation_test_split(X[keep], y[keep])
    >>> curve = complexity_curve(CARTClassifier(), X_tr, y_tr, X_va, y_va,
    ...                          param="max_depth", values=[1, 2, 3])
    >>> curve.n_leaves, [round(a, 3) for a in curve.train]
    ((2, 4, 6), [0.957, 0.957, 0.971])
    """
    if (
        isinstance(learner, type)
        or not hasattr(learner, "get_params")
        or not hasattr(learner, "set_params")
    ):
        what = (
            f"the class {learner.__name__}; use {learner.__name__}()"
            if isinstance(learner, type)
            else type(learner).__name__
        )
        raise TypeError(f"learner must be a dtlearn estimator, got {what}")
    if param not in learner.get_params():
        raise ValueError(
            f"param: {type(learner).__name__} has no parameter {param!r}; "
            f"parameters: {sorted(learner.get_params())}"
        )
    if (X_val is None) != (y_val is None) or (X_test is None) != (y_test is None):
        raise ValueError("give X_val with y_val and X_test with y_test")
    if values is not None and (isinstance(values, (str, bytes)) or not hasattr(values, "__iter__")):
        raise TypeError(f"values must be a list of {param} values, got {values!r}")
    values = list(_default_values(learner, param, X_train, y_train) if values is None else values)
    if not values:
        raise ValueError("values: give at least one value")
    sizes: list[tuple[int, int, int]] = []
    scores: dict[str, list] = {"train": [], "validation": [], "test": []}
    encoded: dict[str, Any] = {}
    for value in values:
        model = type(learner)(**learner.get_params()).set_params(**{param: value})
        tree = model.fit(X_train, y_train).tree_
        if not encoded:
            encoded = {
                "train": _scorer(tree, X_train, y_train, "train"),
                "validation": None if X_val is None else _scorer(tree, X_val, y_val, "val"),
                "test": None if X_test is None else _scorer(tree, X_test, y_test, "test"),
            }
        sizes.append((tree.n_nodes, tree.n_leaves, tree.depth))
        for key in scores:
            scores[key].append(_score(tree, encoded[key]))
    return _curve(
        param,
        values,
        sizes,
        scores,
        type(learner).__name__,
        "accuracy" if tree.is_classifier else "R2",
    )


def _curve(
    param: str, values: list, sizes: list, scores: dict, learner: str, metric: str
) -> ComplexityCurve:
    def series(key: str) -> tuple | None:
        s = scores[key]
        return None if not s or s[0] is None else tuple(float(v) for v in s)

    return ComplexityCurve(
        param,
        tuple(python_scalar(v) for v in values),
        tuple(s[0] for s in sizes),
        tuple(s[1] for s in sizes),
        tuple(s[2] for s in sizes),
        series("train"),
        series("validation"),
        series("test"),
        metric,
        learner,
    )


def pruning_curve(
    model: Any,
    X_train: Any,
    y_train: Any,
    X_val: Any = None,
    y_val: Any = None,
    X_test: Any = None,
    y_test: Any = None,
    method: str = "cost_complexity",
) -> ComplexityCurve:
    """Scores along the post-pruning sequence of one fully grown tree.

    ``method`` names a method of :func:`dtlearn.pruning.methods.pruning_methods` whose
    states are trees; its :class:`~dtlearn.pruning.methods.PruningSequence` says which trees
    the curve scores and what ``param`` is. For example ``"cost_complexity"`` gives one entry
    per step of the cost-complexity path (``param`` ``"ccp_alpha"``), ``"reduced_error"`` one
    entry per node pruned on ``(X_val, y_val)`` (``param`` ``"pruning step"``; entry 0 is the
    full tree), and ``"pessimistic"`` one per decision of C4.5's pruning that changed the tree
    (a fitted ``C45Classifier`` is pruned from its grown tree, any other classification tree
    with ``(X_train, y_train)``).

    Parameters
    ----------
    model : fitted dtlearn model or Tree
        The full tree (not modified).
    X_train, y_train : training data (for training accuracy)
    X_val, y_val, X_test, y_test : optional
        Validation (needed by a method that ``needs_validation``) and test data.
    method : str
        The name of a registered pruning method.

    Returns
    -------
    ComplexityCurve

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_play_tennis
    >>> X, y = load_play_tennis(numeric=True)
    >>> curve = pruning_curve(CARTClassifier().fit(X, y), X, y)
    >>> curve.n_leaves, curve.train
    ((5, 4, 3, 1), (1.0, 0.9285714285714286, 0.8571428571428571, 0.6428571428571429))
    """
    tree_and_model(model, arg="model")
    entry = pruning_method(method)
    if entry.sequence is None:
        curved = [m.name for m in pruning_methods() if m.sequence is not None]
        raise ValueError(
            f"method {method!r}: {entry.label} does not pass through a sequence "
            f"of trees; choose one of {curved}"
        )
    if entry.needs_validation and (X_val is None or y_val is None):
        raise ValueError(f"X_val, y_val: {entry.label} needs validation data")
    result = entry.run(model, X_val, y_val, X_train, y_train)
    sequence = entry.sequence(result)
    tree, cuts = sequence.tree, sequence.cuts
    data = {
        "train": _scorer(tree, X_train, y_train, "train"),
        "validation": None if X_val is None else _scorer(tree, X_val, y_val, "val"),
        "test": None if X_test is None else _scorer(tree, X_test, y_test, "test"),
    }
    if cuts is not None and tree.is_classifier and tree.missing == "majority":
        sizes, scores = _sequence(tree, list(cuts), data)
    else:
        # subtree raising re-distributes rows: its trees are replayed, not cut
        trees = (
            tuple(result.state_after(k) for k in sequence.positions)
            if cuts is None
            else tuple(tree.with_leaves_at(cuts[:i]) for i in range(len(cuts) + 1))
        )
        sizes = [(t.n_nodes, t.n_leaves, t.depth) for t in trees]
        scores = {key: [_score(t, d) for t in trees] for key, d in data.items()}
    return _curve(
        sequence.param,
        list(sequence.values),
        sizes,
        scores,
        "",
        "accuracy" if tree.is_classifier else "R2",
    )


def _sequence(tree: Tree, cuts: list, data: dict) -> tuple[list, dict]:
    """Sizes and accuracies of ``tree`` after each prefix of ``cuts``, updated locally.

    Every row follows one path (``missing="majority"``), so making node ``t`` a leaf
    changes the predictions of exactly the rows that reach ``t``.
    """
    nodes = list(tree.nodes())
    index = {n.node_id: i for i, n in enumerate(nodes)}
    children = [[index[c.node_id] for c in n.children] for n in nodes]
    depth = np.array([n.depth for n in nodes])
    alive = np.ones(len(nodes), dtype=bool)
    leaf = np.array([n.is_leaf for n in nodes])
    state = {}
    for key, d in data.items():
        if d is not None:
            Xe, codes = d
            correct = tree.label_indices(tree.predict_values(Xe, encoded=True)) == codes
            state[key] = (codes, correct, rows_reaching(tree, Xe))
    sizes = [(int(alive.sum()), int(leaf.sum()), int(depth.max()))]
    scores: dict[str, list] = {key: [] for key in data}

    def record() -> None:
        for key in data:
            scores[key].append(None if key not in state else float(state[key][1].mean()))

    record()
    for nid in cuts:
        i = index[nid]
        stack = list(children[i])
        while stack:
            j = stack.pop()
            if alive[j]:
                alive[j] = False
                stack.extend(children[j])
        leaf[i] = True
        label = nodes[i].predicted_index
        for codes, correct, reach in state.values():
            correct[reach[nid]] = codes[reach[nid]] == label
        sizes.append((int(alive.sum()), int((leaf & alive).sum()), int(depth[alive].max())))
        record()
    return sizes, scores


def cross_validated_ccp(
    learner: Any, X: Any, y: Any, alphas: Any, cv: int = 5, random_state: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """Mean and standard deviation over ``cv`` folds of the accuracy at every alpha.

    Folds are stratified and seeded. In each fold the learner grows a full tree on the
    other folds; :func:`dtlearn.pruning.curves.pruning_curve` scores the held-out fold along that
    tree's own cost-complexity path, and each ``alpha`` takes the entry
    ``cost_complexity_prune(tree, alpha)`` would give.

    Examples
    --------
    >>> from dtlearn import CARTClassifier, load_vote
    >>> from dtlearn.pruning.curves import cross_validated_ccp
    >>> X, y = load_vote()
    >>> keep = X.notna().all(axis=1)
    >>> mean, std = cross_validated_ccp(CARTClassifier(), X[keep], y[keep], [0.0, 0.01, 1.0])
    >>> [round(float(m), 3) for m in mean]
    [0.944, 0.966, 0.535]
    """
    if cv < 2:
        raise ValueError(f"cv must be at least 2, got {cv}")
    labels = np.asarray(y.tolist() if hasattr(y, "tolist") else list(y), dtype=object)
    n = len(labels)
    rng = np.random.default_rng(random_state)
    fold = np.empty(n, dtype=np.int64)
    start = 0
    for c in dict.fromkeys(labels.tolist()):
        rows = rng.permutation(np.flatnonzero(labels == c))
        fold[rows] = (np.arange(len(rows)) + start) % cv
        start += len(rows)
    alphas = np.asarray(alphas, dtype=float)
    scores = np.empty((cv, len(alphas)))
    params = learner.get_params()
    if "ccp_alpha" in params:
        params["ccp_alpha"] = 0.0
    for k in range(cv):
        train, test = np.flatnonzero(fold != k), np.flatnonzero(fold == k)
        X_tr, X_te = _take(X, train), _take(X, test)
        y_tr, y_te = _take(y, train), _take(y, test)
        model = type(learner)(**params).fit(X_tr, y_tr)
        curve = pruning_curve(model, X_tr, y_tr, X_te, y_te)
        # the entry cost_complexity_prune gives: alphas equal up to ALPHA_ULPS, 0 prunes none
        scores[k] = np.asarray(curve.validation)[collapses_at(model, alphas)]
    return scores.mean(axis=0), scores.std(axis=0)
