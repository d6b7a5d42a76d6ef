"""Split families: how a node sends an instance to one of its children.

A split is a small frozen value with one job, :meth:`Split.route`: given the encoded
feature matrix (see :mod:`dtlearn.data`), return for every row the index of the branch it
takes, or ``-1`` when the split cannot tell (a missing value, a category unseen at fit
time). Splits also describe themselves for printing (``outlook = sunny``,
``humidity <= 75``) and round-trip through plain dicts for JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from .data import Schema
from .formatting import exact_number, format_number

UNKNOWN = -1


def midpoint(low: Any, high: Any) -> Any:
    """The threshold between two neighbouring values (the one midpoint rule).

    Their midpoint, or ``low`` when rounding would reach ``high`` (scikit-learn's rule;
    the test is ``x <= threshold``).

    Examples
    --------
    >>> midpoint(70.0, 75.0)
    72.5
    >>> midpoint(1.0, np.nextafter(1.0, 2.0))
    1.0
    >>> midpoint(np.array([70.0, 1.0]), np.array([75.0, 3.0])).tolist()  # elementwise
    [72.5, 2.0]
    """
    threshold = low / 2.0 + high / 2.0
    if np.ndim(threshold):
        return np.where(threshold >= high, low, threshold)
    return float(low if threshold >= high else threshold)


@dataclass(frozen=True)
class Split:
    """Base class: a test at an inner node."""

    kind: ClassVar[str] = "split"

    @property
    def n_branches(self) -> int:
        """Number of children the split makes."""
        raise NotImplementedError

    @property
    def features(self) -> tuple[int, ...]:
        """Columns the test reads."""
        raise NotImplementedError

    def route(self, X: np.ndarray) -> np.ndarray:
        """Branch index of every row of the encoded matrix ``X`` (``-1``: cannot tell)."""
        raise NotImplementedError

    def conditions(self, schema: Schema, exact: bool = False) -> list[str]:
        """One condition per branch, e.g. ``['outlook = sunny', 'outlook = overcast']``.

        Numbers print rounded as Weka prints them (``humidity <= 75``); ``exact=True``
        prints them so that they read back as the very numbers the test uses
        (:func:`exact_number`, and J48's tolerance when the test has one): what rules
        print, and :meth:`dtlearn.pruning.rule_post_pruning.Rule.from_text` reads.
        """
        raise NotImplementedError

    def to_dict(self) -> dict:
        """Plain JSON form; :func:`split_from_dict` reverses it."""
        raise NotImplementedError


@dataclass(frozen=True)
class MultiwaySplit(Split):
    """One branch per category of a categorical feature (ID3, C4.5).

    Examples
    --------
    >>> import numpy as np
    >>> MultiwaySplit(0, 3).route(np.array([[2.0], [np.nan], [0.0]]))
    array([ 2, -1,  0])
    """

    feature: int
    n_categories: int
    kind: ClassVar[str] = "multiway"

    @property
    def n_branches(self) -> int:  # noqa: D102
        return self.n_categories

    @property
    def features(self) -> tuple[int, ...]:  # noqa: D102
        return (self.feature,)

    def route(self, X: np.ndarray) -> np.ndarray:  # noqa: D102
        column = X[:, self.feature]
        known = ~np.isnan(column)
        out = np.full(column.shape, UNKNOWN, dtype=np.int64)
        out[known] = column[known].astype(np.int64)
        return out

    def conditions(self, schema: Schema, exact: bool = False) -> list[str]:  # noqa: D102
        name = schema.names[self.feature]
        return [
            f"{name} = {schema.category_name(self.feature, k)}" for k in range(self.n_categories)
        ]

    def to_dict(self) -> dict:  # noqa: D102
        return {"kind": self.kind, "feature": self.feature, "n_categories": self.n_categories}


@dataclass(frozen=True)
class ThresholdSplit(Split):
    """Binary test ``x <= threshold`` (left, branch 0) / ``x > threshold`` (right).

    On a numeric column the threshold is a number. On an ordinal column (categories with
    a declared order, :meth:`dtlearn.data.Schema.is_ordinal`) it is the code of the last
    category sent left, and the test prints with category names: ``buying <= med``.

    Examples
    --------
    >>> import numpy as np
    >>> ThresholdSplit(0, 75.0).route(np.array([[70.0], [80.0], [np.nan]]))
    array([ 0,  1, -1])
    >>> from dtlearn.data import Schema
    >>> schema = Schema(("buying",), ("categorical",), (("low", "med", "high", "vhigh"),),
    ...                 (True,))
    >>> ThresholdSplit(0, 1.0).conditions(schema)
    ['buying <= med', 'buying > med']
    """

    feature: int
    threshold: float
    tolerance: float = field(default=0.0, repr=False, kw_only=True)
    """A value at most this far above the threshold also goes left (C4.5: J48's ``1e-6``)."""
    kind: ClassVar[str] = "threshold"

    @property
    def n_branches(self) -> int:  # noqa: D102
        return 2

    @property
    def features(self) -> tuple[int, ...]:  # noqa: D102
        return (self.feature,)

    def route(self, X: np.ndarray) -> np.ndarray:  # noqa: D102
        column = X[:, self.feature]
        left = column <= self.threshold
        if self.tolerance:  # Weka's Utils.smOrEq: a - b < 1e-6 || a <= b
            left |= column - self.threshold < self.tolerance
        out = np.where(left, 0, 1).astype(np.int64)
        out[np.isnan(column)] = UNKNOWN
        return out

    def conditions(self, schema: Schema, exact: bool = False) -> list[str]:  # noqa: D102
        name = schema.names[self.feature]
        if schema.is_categorical(self.feature):  # ordinal: name the last category on the left
            t = str(schema.category_name(self.feature, int(np.floor(self.threshold))))
        elif exact:
            t = exact_number(self.threshold)
            if self.tolerance:  # J48 sends values up to the tolerance above t left
                t += f" (tolerance {exact_number(self.tolerance)})"
        else:
            t = format_number(self.threshold)
        return [f"{name} <= {t}", f"{name} > {t}"]

    def left_categories(self, schema: Schema) -> tuple:
        """Categories of an ordinal column that go left (``x <= threshold``), in order.

        Examples
        --------
        >>> from dtlearn.data import Schema
        >>> schema = Schema(("price",), ("categorical",), (("$", "$$", "$$$"),), (True,))
        >>> ThresholdSplit(0, 1.0).left_categories(schema)
        ('$', '$$')
        """
        cats = schema.categories[self.feature]
        if cats is None:
            raise ValueError(
                f"feature {schema.names[self.feature]!r} is numeric: its test is "
                f"a number, not a set of categories"
            )
        return tuple(c for k, c in enumerate(cats) if k <= self.threshold)

    def to_dict(self) -> dict:  # noqa: D102
        out = {"kind": self.kind, "feature": self.feature, "threshold": self.threshold}
        if self.tolerance:
            out["tolerance"] = self.tolerance
        return out


@dataclass(frozen=True)
class SubsetSplit(Split):
    """Binary test ``x in left`` / ``x in right`` on a categorical feature (CART).

    Categories in neither set (not seen at this node during training) and missing values
    route to ``-1``.

    Examples
    --------
    >>> import numpy as np
    >>> SubsetSplit(0, (0, 2), (1,)).route(np.array([[2.0], [1.0], [3.0]]))
    array([ 0,  1, -1])
    """

    feature: int
    left: tuple[int, ...]
    right: tuple[int, ...]
    kind: ClassVar[str] = "subset"

    @property
    def n_branches(self) -> int:  # noqa: D102
        return 2

    @property
    def features(self) -> tuple[int, ...]:  # noqa: D102
        return (self.feature,)

    def route(self, X: np.ndarray) -> np.ndarray:  # noqa: D102
        column = X[:, self.feature]
        out = np.full(column.shape, UNKNOWN, dtype=np.int64)
        out[np.isin(column, self.left)] = 0
        out[np.isin(column, self.right)] = 1
        return out

    def conditions(self, schema: Schema, exact: bool = False) -> list[str]:  # noqa: D102
        name = schema.names[self.feature]

        def show(codes: tuple[int, ...]) -> str:
            names = [str(schema.category_name(self.feature, c)) for c in codes]
            return (
                f"{name} = {names[0]}" if len(names) == 1 else f"{name} in {{{', '.join(names)}}}"
            )

        return [show(self.left), show(self.right)]

    def to_dict(self) -> dict:  # noqa: D102
        return {
            "kind": self.kind,
            "feature": self.feature,
            "left": list(self.left),
            "right": list(self.right),
        }


def linear_sum(X: np.ndarray, weights: Any) -> np.ndarray:
    """``X @ weights`` summed left to right, term by term, as the Python ``w0*x0 + w1*x1``.

    A matrix product may add in another order (and round differently), so a row on the
    line could be counted on one side while growing and sent to the other when routed or
    in ``Tree.to_python``; one fixed order keeps all three the same.

    Examples
    --------
    >>> linear_sum(np.array([[1.0, 2.0]]), [0.5, 0.25])
    array([1.])
    """
    total = X[:, 0] * float(weights[0])
    for j in range(1, X.shape[1]):
        total = total + X[:, j] * float(weights[j])
    return total


@dataclass(frozen=True)
class ObliqueSplit(Split):
    """Binary linear test ``w·x + w0 <= 0`` (left) / ``> 0`` (right) on numeric features.

    Examples
    --------
    >>> import numpy as np
    >>> ObliqueSplit((0, 1), (1.0, 1.0), -1.0).route(np.array([[0.2, 0.3], [0.9, 0.8]]))
    array([0, 1])
    """

    columns: tuple[int, ...]
    weights: tuple[float, ...]
    bias: float
    kind: ClassVar[str] = "oblique"

    @property
    def n_branches(self) -> int:  # noqa: D102
        return 2

    @property
    def features(self) -> tuple[int, ...]:  # noqa: D102
        return self.columns

    def route(self, X: np.ndarray) -> np.ndarray:  # noqa: D102
        values = linear_sum(X[:, list(self.columns)], self.weights) + self.bias
        out = np.where(values <= 0, 0, 1).astype(np.int64)
        out[np.isnan(values)] = UNKNOWN
        return out

    def conditions(self, schema: Schema, exact: bool = False) -> list[str]:  # noqa: D102
        show = exact_number if exact else (lambda v: format_number(v, 3))
        terms = " + ".join(
            f"{show(w)}·{schema.names[c]}" for c, w in zip(self.columns, self.weights)
        )
        expr = f"{terms} + {show(self.bias)}".replace("+ -", "- ")
        return [f"{expr} <= 0", f"{expr} > 0"]

    def to_dict(self) -> dict:  # noqa: D102
        return {
            "kind": self.kind,
            "columns": list(self.columns),
            "weights": list(self.weights),
            "bias": self.bias,
        }


@dataclass(frozen=True)
class CandidateSplits:
    """Every binary test a CART-style search tries on one attribute, as readable conditions.

    Attributes
    ----------
    feature : str
        The attribute's name.
    kind : {"numeric", "ordinal", "nominal"}
        How it is split: thresholds at midpoints between sorted distinct values, thresholds
        over the declared category order, or two-group partitions of the categories.
    tests : tuple of (str, str)
        ``(left condition, right condition)`` for every candidate, in search order.

    ``len()`` is the number of candidates: ``n - 1`` for ``n`` distinct numbers, ``k - 1``
    for ``k`` ordered categories, ``2**(v-1) - 1`` for ``v`` unordered ones. Shows itself
    as text (``repr``) and, in Jupyter, as an HTML table.

    Examples
    --------
    >>> tests = candidate_splits([64.0, 65.0, 65.0, 68.0], name="temperature")
    >>> len(tests), tests.kind, tests.tests[0]
    (2, 'numeric', ('temperature <= 64.5', 'temperature > 64.5'))
    """

    feature: str
    kind: str
    tests: tuple

    def __len__(self) -> int:
        return len(self.tests)

    def __iter__(self) -> Any:
        return iter(self.tests)

    def __repr__(self) -> str:
        width = max((len(left) for left, _ in self.tests), default=0)
        return "\n".join(
            [self._head()] + [f"  {left:<{width}}  |  {right}" for left, right in self.tests]
        )

    def _head(self) -> str:
        return (
            f"{len(self)} candidate {'split' if len(self) == 1 else 'splits'} of "
            f"{self.feature} ({self.kind})"
        )

    def _repr_html_(self) -> str:
        from .explain import ResultTable

        return ResultTable(
            ("left branch", "right branch"), tuple(self.tests), caption=self._head()
        )._repr_html_()


def candidate_splits(x: Any, name: str | None = None) -> CandidateSplits:
    """List the binary tests a CART-style search tries on one attribute.

    Parameters
    ----------
    x : pandas Series or sequence
        The attribute's values (missing values are left out). Numbers are split at
        midpoints between consecutive distinct values; an ordered ``Categorical`` by
        thresholds over its declared order; other categories into two non-empty groups
        (the first category stays on the left, so each partition is listed once).
    name : str, optional
        Name shown in the conditions (default: the Series name, else ``"x"``).

    Examples
    --------
    >>> import pandas as pd
    >>> buying = pd.Series(pd.Categorical(["low", "vhigh", "med", "high"],
    ...                                   categories=["low", "med", "high", "vhigh"],
    ...                                   ordered=True), name="buying")
    >>> candidate_splits(buying)
    3 candidate splits of buying (ordinal)
      buying <= low   |  buying > low
      buying <= med   |  buying > med
      buying <= high  |  buying > high
    >>> len(candidate_splits(buying.astype(str)))  # the same values, unordered
    7
    """
    import pandas as pd

    from .data import encode, infer_schema

    series = x if isinstance(x, pd.Series) else pd.Series(list(x))
    name = str(name if name is not None else (series.name if series.name is not None else "x"))
    frame = series.to_frame(name=name)
    schema = infer_schema(frame)
    codes = encode(frame, schema)[:, 0]
    present = np.unique(codes[~np.isnan(codes)])
    if not schema.is_categorical(0):
        mids = [midpoint(a, b) for a, b in zip(present[:-1], present[1:])]
        tests = tuple(tuple(ThresholdSplit(0, float(t)).conditions(schema)) for t in mids)
        return CandidateSplits(name, "numeric", tests)
    if schema.is_ordinal(0):
        tests = tuple(tuple(ThresholdSplit(0, float(c)).conditions(schema)) for c in present[:-1])
        return CandidateSplits(name, "ordinal", tests)
    first, rest = int(present[0]), [int(c) for c in present[1:]]
    tests = []
    for size in range(0, len(rest)):
        for mask in range(2 ** len(rest)):
            chosen = [c for b, c in enumerate(rest) if mask >> b & 1]
            if len(chosen) != size:
                continue
            left = tuple([first] + chosen)
            right = tuple(c for c in rest if c not in chosen)
            tests.append(tuple(SubsetSplit(0, left, right).conditions(schema)))
    return CandidateSplits(name, "nominal", tuple(tests))


SPLIT_KINDS: dict[str, type[Split]] = {
    cls.kind: cls for cls in (MultiwaySplit, ThresholdSplit, SubsetSplit, ObliqueSplit)
}


def split_from_dict(data: Any, schema: Schema) -> Split:
    """Rebuild a split from :meth:`Split.to_dict` output, validating it against ``schema``.

    Each kind has its reader (``_multiway_from_dict``, ...); a missing key or a value of
    the wrong type becomes a ``ValueError`` naming the kind.

    Examples
    --------
    >>> from dtlearn.data import Schema
    >>> schema = Schema(("humidity",), ("numeric",), (None,))
    >>> split_from_dict({"kind": "threshold", "feature": 0, "threshold": 75}, schema)
    ThresholdSplit(feature=0, threshold=75.0)
    """
    if not isinstance(data, dict) or data.get("kind") not in SPLIT_KINDS:
        raise ValueError(f"split: expected a dict with kind in {sorted(SPLIT_KINDS)}, got {data!r}")
    kind = data["kind"]
    try:
        return _SPLIT_READERS[kind](data, schema)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"split: malformed {kind} split ({exc})") from None


def _feature_index(value: Any, schema: Schema, kind: str, categorical: bool | None) -> int:
    """``value`` as a feature index of ``schema``, of the kind a ``kind`` split needs.

    ``categorical`` is ``None`` when either kind will do.
    """
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < schema.n_features:
        raise ValueError(f"split: feature index {value!r} out of range")
    if categorical is not None and schema.is_categorical(value) != categorical:
        raise ValueError(
            f"split: feature {schema.names[value]!r} has the wrong kind for "
            f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} split"
        )
    return value


def _category_codes(values: Any, schema: Schema, feature: int) -> tuple[int, ...]:
    """``values`` as distinct category codes of ``feature`` (a non-empty list)."""
    n = len(schema.categories[feature])
    if (
        not isinstance(values, list)
        or not values
        or len(set(values)) != len(values)
        or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n for v in values)
    ):
        raise ValueError(f"split: bad category codes {values!r}")
    return tuple(values)


def _multiway_from_dict(data: dict, schema: Schema) -> MultiwaySplit:
    feature = _feature_index(data["feature"], schema, "multiway", True)
    n = data["n_categories"]
    if n != len(schema.categories[feature]):
        raise ValueError("split: n_categories does not match the schema")
    return MultiwaySplit(feature, n)


def _threshold_from_dict(data: dict, schema: Schema) -> ThresholdSplit:
    threshold = float(data["threshold"])
    if not np.isfinite(threshold):
        raise ValueError("split: threshold must be finite")
    feature = _feature_index(data["feature"], schema, "threshold", None)
    if schema.is_categorical(feature) and not (
        schema.is_ordinal(feature) and 0 <= threshold < len(schema.categories[feature])
    ):
        raise ValueError(
            f"split: a threshold on {schema.names[feature]!r} needs an "
            f"ordinal feature and a category code"
        )
    tolerance = float(data.get("tolerance", 0.0))
    if not (np.isfinite(tolerance) and 0 <= tolerance < 1):
        raise ValueError("split: tolerance must be a number in [0, 1)")
    return ThresholdSplit(feature, threshold, tolerance=tolerance)


def _subset_from_dict(data: dict, schema: Schema) -> SubsetSplit:
    feature = _feature_index(data["feature"], schema, "subset", True)
    left = _category_codes(data["left"], schema, feature)
    right = _category_codes(data["right"], schema, feature)
    if set(left) & set(right):
        raise ValueError("split: a category is on both sides of a subset split")
    return SubsetSplit(feature, left, right)


def _oblique_from_dict(data: dict, schema: Schema) -> ObliqueSplit:
    columns = tuple(_feature_index(c, schema, "oblique", False) for c in data["columns"])
    weights = tuple(float(w) for w in data["weights"])
    if len(weights) != len(columns) or not columns:
        raise ValueError("split: oblique weights and columns differ in length")
    bias = float(data["bias"])
    if not np.isfinite([*weights, bias]).all():
        raise ValueError("split: oblique weights and bias must be finite")
    return ObliqueSplit(columns, weights, bias)


_SPLIT_READERS = {
    "multiway": _multiway_from_dict,
    "threshold": _threshold_from_dict,
    "subset": _subset_from_dict,
    "oblique": _oblique_from_dict,
}
"""The reader of each kind of :data:`SPLIT_KINDS`."""
