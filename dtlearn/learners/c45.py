"""C4.5 as Weka's J48 grows it: gain ratio, numeric thresholds, missing values, pruning.

:class:`C45Classifier` grows with the same engine as every other learner
(:class:`~dtlearn.grow.Grower`), with J48's rules plugged in (:class:`C45Grower`):

* **Attribute choice.** Among the attributes that can split the node, those whose
  information gain is at least the average gain (minus 0.001) compete on gain ratio; the
  first with the highest wins. Nominal attributes with at least 0.3·N values (N: all
  training instances) are left out of the average, unless every attribute is such.
* **Numeric attributes.** Binary ``x <= t``. Cuts lie between adjacent known values that
  differ by more than 1e-5, and each side must keep at least
  ``clamp(0.1 · known weight / #classes, min_samples_leaf, 25)``. The best cut's gain is
  reduced by ``log2(#cuts tried) / N`` (N: all weight at the node). The threshold found at
  a midpoint becomes the largest training value not above it (``humidity <= 75``).
* **Missing values.** Gain is computed on the known values and multiplied by their share;
  split info counts the unknowns as one more branch; an instance whose test value is
  unknown goes down every branch with weight proportional to the branch's known weight
  (leaf counts become fractional: ``(253.41/3.75)``); prediction mixes the branches.
* **A node stays a leaf** when it is pure, holds less than ``2 · min_samples_leaf``
  weight, or no attribute has a positive gain ratio among those with average gain.

* **The order of nominal values.** Branches are made, summed and printed in the declared
  order of a nominal attribute's values, so the tree can depend on that order, in J48 as
  here (near ties between attributes or cuts are decided by sums taken in that order). An
  ARFF file keeps its header's order; a pandas ``Categorical`` its ``categories``; a column
  of strings (a DataFrame of ``str``) gets the order in which values first appear, as
  Weka's CSV loader does. To reproduce a J48 run, give the values in its ARFF header's
  order (docs/ALGORITHMS.md, "C4.5 and the declared order of nominal values").

After growing, J48 collapses subtrees that do not reduce training error and then prunes
pessimistically (:mod:`dtlearn.pruning.pessimistic`). Every decision is recorded: growth in
``steps_``, pruning in ``pruning_``.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from ..explain import Derivation, ResultTable
from ..formatting import fmt, format_number
from ..grow import Grower, GrowthConfig, GrowthStep
from ..pruning.pessimistic import PessimisticPruneResult, collapse, pessimistic_prune
from ..splits import MultiwaySplit
from ..tree import Tree
from .c45_grower import J48_TOLERANCE, C45Candidate, C45Grower
from .estimator import (
    Classifier,
    check_bool,
    check_float,
    check_int,
    label_dtype,
    sample_weights,
    target_name_of,
)
from .tree_learner import TreeLearner

__all__ = ["C45Candidate", "C45Classifier", "C45Grower", "J48_TOLERANCE"]


class C45Classifier(TreeLearner, Classifier):
    """C4.5 decision tree with the defaults and output of Weka's J48.

    Parameters
    ----------
    confidence : float
        J48's ``-C``: confidence of the pessimistic error estimate; smaller prunes more.
    min_samples_leaf : int
        J48's ``-M``: a split needs at least two branches with this many instances; a node
        with less than twice this weight stays a leaf.
    prune : bool
        Pessimistic pruning (``False`` is J48's ``-U``; the tree is still collapsed).
    subtree_raising : bool
        Consider raising the largest branch while pruning (J48's ``-S`` turns it off).
    max_depth : int or None
        Stop growing at this depth (not in J48; for teaching).
    categorical : list or None
        Columns to treat as categorical (default: every non-numeric column).

    Attributes
    ----------
    tree_ : Tree
        The final tree (``flavour="j48"``, ``missing="distribute"``).
    grown_tree_ : Tree
        The tree as grown, before collapsing and pruning.
    steps_ : tuple of GrowthStep
        Every growth decision with its candidate table.
    pruning_ : PessimisticPruneResult
        Every collapse and pruning decision (collapse only when ``prune=False``).

    Examples
    --------
    >>> from dtlearn import C45Classifier, load_play_tennis
    >>> model = C45Classifier().fit(*load_play_tennis(numeric=True))
    >>> print(model.tree_.to_text(style="weka"))
    outlook = sunny
    |   humidity <= 75: yes (2.0)
    |   humidity > 75: no (3.0)
    outlook = overcast: yes (4.0)
    outlook = rainy
    |   windy = TRUE: no (2.0)
    |   windy = FALSE: yes (3.0)
    >>> model.steps_[0].chosen.feature_name
    'outlook'
    """

    _handles_missing = True
    _flavour = "j48"

    def __init__(
        self,
        confidence: float = 0.25,
        min_samples_leaf: int = 2,
        prune: bool = True,
        subtree_raising: bool = True,
        max_depth: int | None = None,
        categorical: Any = None,
    ) -> None:
        self.confidence = confidence
        self.min_samples_leaf = min_samples_leaf
        self.prune = prune
        self.subtree_raising = subtree_raising
        self.max_depth = max_depth
        self.categorical = categorical

    def _check_params(self) -> None:
        check_float("confidence", self.confidence)
        if not 0 < self.confidence <= 0.5:
            raise ValueError(f"confidence must be in (0, 0.5], got {self.confidence}")
        check_int("min_samples_leaf", self.min_samples_leaf, 1)
        check_int("max_depth", self.max_depth, 1, allow_none=True)
        check_bool("prune", self.prune)
        check_bool("subtree_raising", self.subtree_raising)

    def fit(self, X: Any, y: Any, sample_weight: Any = None) -> C45Classifier:
        """Grow, collapse and prune the tree on ``(X, y)``; returns ``self``.

        Python's cyclic garbage collector is paused for the fit: growing and pruning make
        many small objects and no reference cycles worth collecting, and its passes over
        them took about a fifth of a fit's time at 5,000 rows.

        Examples
        --------
        >>> from dtlearn import C45Classifier, load_play_tennis
        >>> C45Classifier().fit(*load_play_tennis()).tree_.n_leaves
        5
        """
        with _cyclic_gc_paused():
            super().fit(X, y, sample_weight)
        return self

    def _config(self, n_classes: int | None) -> GrowthConfig:
        return GrowthConfig(
            criterion="gain_ratio",
            categorical_split="multiway",
            max_depth=self.max_depth,
            min_samples_leaf=self.min_samples_leaf,
        )

    def make_grower(self, X: Any, y: Any, sample_weight: Any = None) -> C45Grower:
        """Make a :class:`C45Grower` on ``(X, y)``: drive it by hand or call ``run()``.

        Raises
        ------
        ValueError
            When ``y`` has missing labels or the sample weights are all zero.

        Examples
        --------
        >>> from dtlearn import C45Classifier, load_play_tennis
        >>> grower = C45Classifier().make_grower(*load_play_tennis())
        >>> grower.expand(0).chosen.feature_name
        'outlook'
        """
        from ..data import encode, encode_target, infer_schema

        self._check_params()
        y = self._check_y(y)
        schema = infer_schema(X, self.categorical, arg="X")
        Xe = _encode_categorical_frame(X, schema)
        if Xe is None:
            Xe = encode(X, schema, allow_missing=True)
        target = _encode_categorical_target(y, Xe.shape[0])
        codes, classes = target if target is not None else encode_target(y, Xe.shape[0])
        self._label_dtype = label_dtype(y)
        w = sample_weights(sample_weight, Xe.shape[0])
        grower = C45Grower(
            Xe,
            codes,
            schema,
            self._config(len(classes)),
            classes,
            w,
            target_name_of(y),
            missing="distribute",
        )
        # kept for re-pruning: a copy when encode lent the caller's own array
        kept = Xe if Xe.flags.owndata else Xe.copy()
        grower.train = (kept, codes, w)
        return grower

    def _post_process(self, tree: Tree, grower: Grower) -> Tree:
        self.grown_tree_ = tree  # pruning makes a new tree and leaves this one as grown
        self._train_data = grower.train  # type: ignore[attr-defined]
        self._grown_parts = grower.node_data  # type: ignore[attr-defined]
        if self.prune:
            result = pessimistic_prune(self, self.confidence, self.subtree_raising)
        else:
            result = collapse(self)
        self.pruning_: PessimisticPruneResult = result
        return result.tree

    def explain_node(self, node_id: int) -> Derivation:
        """Why the grown tree split (or did not split) node ``node_id``.

        The candidate table: information gain (corrected for numeric attributes), split
        info, gain ratio, whether the attribute counted in the average gain and passed the
        filter, the chosen attribute marked; then a pruning line if a pruning step decided
        the node.

        Examples
        --------
        >>> from dtlearn import C45Classifier, load_play_tennis
        >>> model = C45Classifier().fit(*load_play_tennis(numeric=True))
        >>> print(model.explain_node(0).lines[0])  # doctest: +NORMALIZE_WHITESPACE
        node 0 (root): split on outlook — average gain 0.147
          attribute   | test                            | known | gain  | correction | split info | gain ratio | in avg | >= avg − 0.001
        * outlook     | 3-way                           | 1.000 | 0.247 | 0.000      | 1.577      | 0.156      | yes    | yes
          temperature | gain 0.045 − log2(9)/14.00 <= 0 | —     | —     | —          | —          | —          | —      | —
          humidity    | gain 0.152 − log2(7)/14.00 <= 0 | —     | —     | —          | —          | —          | —      | —
          windy       | 2-way                           | 1.000 | 0.048 | 0.000      | 0.985      | 0.049      | yes    | no
        """
        self._check_fitted()
        step = next((s for s in self.steps_ if s.node_id == node_id), None)
        if step is None:
            raise ValueError(f"node_id {node_id} is not a node of the grown tree")
        lines: list[Any] = [c45_table(step)]
        for p in self.pruning_.steps:
            if p.node_id == node_id:
                lines.append(p.explain())
        return Derivation.build(f"node {node_id}", lines)


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector inside the block (if it was running)."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def _encode_categorical_frame(X: Any, schema: Any) -> np.ndarray | None:
    """``data.encode`` of a frame of pandas Categoricals and plain numbers, from the codes.

    ``None`` (use ``encode``) for anything else, including bad input.
    """
    import pandas as pd

    if not isinstance(X, pd.DataFrame) or X.shape[1] != schema.n_features or X.shape[0] == 0:
        return None
    out = np.empty(X.shape, dtype=float)
    for j in range(schema.n_features):
        series = X.iloc[:, j]
        if schema.is_categorical(j):
            if not isinstance(series.dtype, pd.CategoricalDtype):
                return None
            categories = tuple(series.cat.categories)
            if categories != tuple(schema.categories[j]) or len(set(categories)) != len(categories):
                return None
            codes = series.cat.codes.to_numpy()
            out[:, j] = codes
            out[codes < 0, j] = np.nan
        else:
            if not (isinstance(series.dtype, np.dtype) and series.dtype.kind in "fiu"):
                return None
            column = series.to_numpy(dtype=float)
            if np.isinf(column).any():
                return None
            out[:, j] = column
    return out


def _encode_categorical_target(y: Any, n_rows: int) -> tuple | None:
    """``data.encode_target`` of a pandas Categorical without missing labels, from the codes.

    ``None`` (use ``encode_target``) for anything else.
    """
    import pandas as pd

    from ..data import python_scalar

    if (
        not isinstance(y, pd.Series)
        or not isinstance(y.dtype, pd.CategoricalDtype)
        or len(y) != n_rows
        or len(y) == 0
    ):
        return None
    categories = tuple(y.cat.categories)
    codes = y.cat.codes.to_numpy()
    if (codes < 0).any() or len(set(categories)) != len(categories):
        return None
    return codes.astype(int), tuple(python_scalar(c) for c in categories)


def c45_table(step: GrowthStep) -> ResultTable:
    """Tabulate a growth step's J48 candidates, with the average-gain filter.

    Examples
    --------
    >>> from dtlearn import C45Classifier, load_play_tennis
    >>> model = C45Classifier().fit(*load_play_tennis())
    >>> c45_table(model.steps_[0]).rows[0][:2]
    ('outlook', '3-way')
    """
    rows, mark, average = [], None, None
    for i, c in enumerate(step.candidates):
        if not c.admissible:
            rows.append((c.feature_name, c.reason, "—", "—", "—", "—", "—", "—", "—"))
            continue
        s = c.scores
        average = s.get("average_gain", average)
        test = (
            f"{len(c.conditions)}-way"
            if isinstance(c.split, MultiwaySplit)
            else f"<= {format_number(c.split.threshold)}"
        )
        rows.append(
            (
                c.feature_name,
                test,
                fmt(s["known_fraction"]),
                fmt(s["information_gain"]),
                fmt(s.get("mdl_correction", 0.0)),
                s["split_info"],
                s["gain_ratio"],
                "yes" if s.get("in_average") else "no",
                "yes" if s.get("passes_average") else "no",
            )
        )
        if c is step.chosen:
            mark = i
    what = f"split on {step.chosen.feature_name}" if step.chosen else f"leaf ({step.stop_reason})"
    caption = f"node {step.node_id} ({step.condition or 'root'}): {what}"
    if average is not None:
        caption += f" — average gain {fmt(average)}"
    return ResultTable(
        (
            "attribute",
            "test",
            "known",
            "gain",
            "correction",
            "split info",
            "gain ratio",
            "in avg",
            ">= avg − 0.001",
        ),
        tuple(rows),
        caption=caption,
        highlight_row=mark,
    )
