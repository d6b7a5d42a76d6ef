# About 440 logical lines: one idea, turning the X and y a learner is given into one encoded form (the Schema and every input kind it accepts).
"""Turning what a student passes in (DataFrame, array, list of rows or dicts) into numbers.

Every learner works on one encoded form: a float64 matrix in which numeric columns hold
their values and categorical columns hold category codes ``0, 1, ...``; ``NaN`` marks a
missing value in either kind. A :class:`Schema` remembers names, kinds and category order
so that prediction data are encoded the same way and trees can print category names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

NUMERIC = "numeric"
CATEGORICAL = "categorical"


@dataclass(frozen=True)
class Schema:
    """Names, kinds and category orders of the feature columns.

    Parameters
    ----------
    names : tuple of str
        Column names, in column order.
    kinds : tuple of str
        ``"numeric"`` or ``"categorical"`` for every column.
    categories : tuple
        For a categorical column the tuple of its categories (their codes are their
        positions); ``None`` for a numeric column.
    ordered : tuple of bool
        For every column, whether it is an *ordinal* categorical column: its categories
        have a meaningful order (a pandas ``Categorical`` with ``ordered=True``), so binary
        learners split it by a threshold over that order (``buying <= med``) instead of by
        subsets. Empty (the default): no column is ordinal.

    Examples
    --------
    >>> schema = Schema(("outlook", "humidity"), ("categorical", "numeric"),
    ...                 (("sunny", "rainy"), None))
    >>> schema.is_categorical(0), schema.category_name(0, 1), schema.is_ordinal(0)
    (True, 'rainy', False)
    """

    names: tuple[str, ...]
    kinds: tuple[str, ...]
    categories: tuple[tuple[Any, ...] | None, ...]
    ordered: tuple[bool, ...] = ()

    @property
    def n_features(self) -> int:
        """Number of feature columns."""
        return len(self.names)

    def is_categorical(self, feature: int) -> bool:
        """Whether column ``feature`` is categorical."""
        return self.kinds[feature] == CATEGORICAL

    def is_ordinal(self, feature: int) -> bool:
        """Whether column ``feature`` is categorical with ordered categories."""
        return (
            bool(self.ordered)
            and bool(self.ordered[feature])
            and self.kinds[feature] == CATEGORICAL
        )

    def category_name(self, feature: int, code: int) -> Any:
        """Category of column ``feature`` whose code is ``code``."""
        cats = self.categories[feature]
        if cats is None:
            raise ValueError(f"feature {self.names[feature]!r} is numeric and has no categories")
        return cats[int(code)]

    def to_dict(self) -> dict:
        """Plain JSON-ready form: categories keep their type (bool, int, float, str).

        Any other category (a date, a tuple) is written as its text.
        """
        return {
            "names": list(self.names),
            "kinds": list(self.kinds),
            "categories": [
                None if c is None else [_json_category(v) for v in c] for c in self.categories
            ],
            "ordered": [self.is_ordinal(j) for j in range(self.n_features)],
        }

    @classmethod
    def from_dict(cls, data: dict) -> Schema:
        """Inverse of :meth:`to_dict`, checking the shape of ``data``."""
        try:
            names = tuple(str(n) for n in data["names"])
            kinds = tuple(str(k) for k in data["kinds"])
            cats = tuple(None if c is None else tuple(c) for c in data["categories"])
            ordered = tuple(data.get("ordered") or ())
        except (KeyError, TypeError) as exc:
            raise ValueError(f"schema: malformed data ({exc})") from None
        if not (len(names) == len(kinds) == len(cats)):
            raise ValueError("schema: names, kinds and categories differ in length")
        if len(set(names)) != len(names):
            raise ValueError("schema: feature names must be distinct")
        for cat in cats:
            if cat is not None and (
                not all(isinstance(v, (str, int, float, bool)) for v in cat)
                or len(set(cat)) != len(cat)
            ):
                raise ValueError("schema: categories must be distinct strings or numbers")
        for kind, cat in zip(kinds, cats):
            if kind not in (NUMERIC, CATEGORICAL):
                raise ValueError(f"schema: unknown feature kind {kind!r}")
            if (kind == CATEGORICAL) != (cat is not None):
                raise ValueError(
                    "schema: categories must be given exactly for categorical features"
                )
        if ordered and (
            len(ordered) != len(names) or not all(isinstance(o, bool) for o in ordered)
        ):
            raise ValueError("schema: ordered must be one true/false per feature")
        return cls(names, kinds, cats, ordered if any(ordered) else ())


def _json_category(value: Any) -> Any:
    value = value.item() if isinstance(value, np.generic) else value
    if isinstance(value, (bool, int, str)) or (isinstance(value, float) and np.isfinite(value)):
        return value
    return str(value)


def _is_missing(value: Any) -> bool:
    if value is None or value is pd.NA or value is pd.NaT:
        return True
    return isinstance(value, (float, np.floating)) and np.isnan(value)


def _has_missing(series: pd.Series) -> bool:
    if series.dtype.kind in "iub" and isinstance(series.dtype, np.dtype):
        return False  # numpy integers and booleans cannot hold a missing value (Int64 can)
    if series.dtype.kind == "f":
        return bool(series.isna().any())
    return any(_is_missing(v) for v in series)


def _is_sparse(X: Any) -> bool:
    module = type(X).__module__ or ""
    return module.startswith("scipy.sparse") or (hasattr(X, "nnz") and hasattr(X, "toarray"))


def _as_table(X: Any, arg: str) -> Any:
    """Refuse sparse and complex input, turn array-likes into arrays, name a 1-D mistake."""
    if _is_sparse(X):
        raise TypeError(
            f"{arg}: sparse input is not supported; pass a dense array "
            f"({arg}.toarray()) or a DataFrame"
        )
    if not isinstance(
        X, (pd.DataFrame, pd.Series, np.ndarray, list, tuple, str, bytes, dict)
    ) and hasattr(X, "__array__"):
        X = np.asarray(X)
    if isinstance(X, np.ndarray):
        if X.dtype.kind == "c":
            raise ValueError(
                f"{arg}: Complex data not supported ({arg} holds complex numbers); "
                f"features must be real numbers or categories"
            )
        if X.ndim != 2:
            raise ValueError(
                f"{arg} must be 2-D (rows x features); got {X.ndim}-D input. "
                f"Reshape your data: .reshape(-1, 1) for a single feature, "
                f".reshape(1, -1) for a single row"
            )
    return X


def table_shape(X: Any, arg: str = "X") -> tuple[int, int] | None:
    """``(rows, columns)`` of a table passed in, or ``None`` when it names its columns per row.

    Examples
    --------
    >>> table_shape([[1, 2, 3], [4, 5, 6]])
    (2, 3)
    """
    X = _as_table(X, arg)
    if isinstance(X, (pd.DataFrame, np.ndarray)):
        return X.shape[0], X.shape[1]
    if isinstance(X, (list, tuple)) and X and not any(isinstance(r, dict) for r in X):
        try:
            array = np.asarray(X, dtype=object)
        except ValueError:
            return None
        if array.ndim == 2:
            return array.shape[0], array.shape[1]
    return None


def _to_frame(X: Any, feature_names: Sequence[str] | None, arg: str) -> pd.DataFrame:
    X = _as_table(X, arg)
    if isinstance(X, pd.DataFrame):
        frame = X
    elif isinstance(X, pd.Series):
        raise ValueError(
            f"{arg} must be 2-D (rows x features); got a pandas Series. "
            f"Use a DataFrame, e.g. {arg}.to_frame() for a single feature"
        )
    else:
        if isinstance(X, (str, bytes)):
            raise TypeError(f"{arg} must be a table of rows, not a string")
        try:  # an array is not listed: a view object per row costs more than the data
            rows = X if isinstance(X, np.ndarray) else list(X)
        except TypeError:
            raise TypeError(
                f"{arg} must be a DataFrame, 2-D array or list of rows; got {type(X).__name__}"
            ) from None
        if not isinstance(rows, np.ndarray) and rows and all(isinstance(r, dict) for r in rows):
            frame = pd.DataFrame(rows)
        else:
            array = np.asarray(X, dtype=object) if not isinstance(X, np.ndarray) else X
            if array.ndim != 2:
                raise ValueError(
                    f"{arg} must be 2-D (rows x features); got {array.ndim}-D "
                    f"input. Reshape a single feature with .reshape(-1, 1)"
                )
            frame = pd.DataFrame(array, copy=False)  # read only: no copy of the data
            if feature_names is None:
                frame.columns = [f"x{i}" for i in range(array.shape[1])]
    if feature_names is not None:
        if len(feature_names) != frame.shape[1]:
            raise ValueError(
                f"feature_names has {len(feature_names)} names but {arg} has "
                f"{frame.shape[1]} columns"
            )
        frame = frame.set_axis(list(feature_names), axis=1)
    if frame.shape[1] == 0:
        raise ValueError(
            f"{arg} has 0 feature(s) (shape={frame.shape}) while a minimum of 1 is "
            f"required (it has no columns)."
        )
    names = [str(c) for c in frame.columns]
    if len(set(names)) != len(names):
        repeated = sorted({n for n in names if names.count(n) > 1})
        raise ValueError(
            f"{arg} has duplicate column names {repeated}; every column needs its own name"
        )
    return frame


def _numeric_column(series: pd.Series) -> bool:
    if isinstance(series.dtype, pd.CategoricalDtype):
        return False
    if pd.api.types.is_bool_dtype(series.dtype):
        return False
    if pd.api.types.is_numeric_dtype(series.dtype):
        return True
    if series.dtype == object:
        values = [v for v in series if not _is_missing(v)]
        return bool(values) and all(
            isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool)
            for v in values
        )
    return False


def _category_order(series: pd.Series) -> tuple:
    if isinstance(series.dtype, pd.CategoricalDtype):
        return tuple(series.cat.categories)
    seen: dict = {}
    for value in series:
        if not _is_missing(value) and value not in seen:
            seen[value] = None
    return tuple(seen)


def infer_schema(
    X: Any,
    categorical: Sequence | None = None,
    feature_names: Sequence[str] | None = None,
    arg: str = "X",
) -> Schema:
    """Decide names, kinds and category orders of the columns of ``X``.

    Numeric columns are continuous, every other column is categorical, unless
    ``categorical`` lists the columns (by name or position) that are categorical.
    Categories keep the order of a pandas ``Categorical`` (an ARFF file's declared order),
    else the order of first appearance. A ``Categorical`` with ``ordered=True`` makes the
    column ordinal (:meth:`Schema.is_ordinal`).

    Examples
    --------
    >>> infer_schema([["sunny", 85], ["rainy", 70]]).kinds
    ('categorical', 'numeric')
    """
    if (
        categorical is None
        and feature_names is None
        and isinstance(X, np.ndarray)
        and X.ndim == 2
        and X.shape[1]
        and X.dtype.kind in "fiu"
    ):
        # numbers in an array: numeric columns x0, x1, ... (what the frame would say)
        return Schema(
            tuple(f"x{i}" for i in range(X.shape[1])), (NUMERIC,) * X.shape[1], (None,) * X.shape[1]
        )
    frame = _to_frame(X, feature_names, arg)
    names = tuple(str(c) for c in frame.columns)
    if categorical is not None:
        if isinstance(categorical, (str, int, np.integer)):
            categorical = [categorical]
        try:
            categorical = list(categorical)
        except TypeError:
            raise TypeError(
                f"categorical must be a list of column names or positions; got {categorical!r}"
            ) from None
        chosen = set()
        for c in categorical:
            if isinstance(c, (int, np.integer)) and not isinstance(c, bool):
                if not 0 <= c < len(names):
                    raise ValueError(
                        f"categorical: column index {c} out of range for {len(names)} columns"
                    )
                chosen.add(int(c))
            elif str(c) in names:
                chosen.add(names.index(str(c)))
            else:
                raise ValueError(f"categorical: no column named {c!r}; columns are {list(names)}")
    kinds, cats, ordered = [], [], []
    for i, column in enumerate(frame.columns):
        series = frame[column]
        is_cat = (i in chosen) if categorical is not None else not _numeric_column(series)
        if not is_cat and categorical is not None and not _numeric_column(series):
            try:
                pd.to_numeric(series, errors="raise")
            except (ValueError, TypeError):
                raise ValueError(
                    f"categorical: column {names[i]!r} holds non-numeric values "
                    f"but is not listed; list every categorical column "
                    f"(listed: {sorted(names[j] for j in chosen)})"
                ) from None
        kinds.append(CATEGORICAL if is_cat else NUMERIC)
        cats.append(_category_order(series) if is_cat else None)
        ordered.append(
            bool(is_cat and isinstance(series.dtype, pd.CategoricalDtype) and series.dtype.ordered)
        )
    return Schema(names, tuple(kinds), tuple(cats), tuple(ordered) if any(ordered) else ())


def encode(X: Any, schema: Schema, arg: str = "X", allow_missing: bool = True) -> np.ndarray:
    """Encode ``X`` as the float matrix every learner uses, following ``schema``.

    Categorical values become their category code; a value the schema does not know
    (unseen at fit time) and a missing value both become ``NaN``.

    Raises
    ------
    ValueError
        For a wrong number of columns, an empty table, infinite values, non-numbers in a
        numeric column, or missing values when ``allow_missing`` is false.

    Examples
    --------
    >>> schema = infer_schema([["sunny", 85], ["rainy", 70]])
    >>> encode([["rainy", 64], ["cloudy", None]], schema)
    array([[ 1., 64.],
           [nan, nan]])

    A float64 array of numeric columns is used as it is (a read-only view, no copy):

    >>> X = np.array([[1.0, 2.0], [3.0, 4.0]])
    >>> Xe = encode(X, infer_schema(X))
    >>> np.shares_memory(Xe, X), Xe.flags.writeable
    (True, False)
    """
    X = _as_table(X, arg)
    if (
        isinstance(X, np.ndarray)
        and X.dtype == np.float64
        and X.size
        and X.shape[1] == schema.n_features
        and not any(schema.is_categorical(j) for j in range(schema.n_features))
    ):
        # the caller's numbers as they are: no copy (the largest array of a fit), read-only
        # so that nothing downstream can write into the caller's array
        view = np.ascontiguousarray(X).view()
        view.flags.writeable = False
        return checked_numbers(view, schema, arg, allow_missing)
    frame = _to_frame(X, None, arg)
    named = isinstance(X, pd.DataFrame) or (
        isinstance(X, (list, tuple)) and len(X) > 0 and all(isinstance(r, dict) for r in X)
    )
    if named:
        frame = _align_columns(frame, schema, arg)
    if frame.shape[0] == 0:
        raise ValueError(f"{arg} is empty: it needs at least one row")
    if frame.shape[1] != schema.n_features:
        raise ValueError(
            f"{arg} has {frame.shape[1]} columns but the model was fitted on "
            f"{schema.n_features} ({', '.join(schema.names)})"
        )
    out = np.empty(frame.shape, dtype=float)
    for j in range(schema.n_features):
        series = frame.iloc[:, j]
        if schema.is_categorical(j):
            lookup = {v: k for k, v in enumerate(schema.categories[j])}
            out[:, j] = [lookup.get(v, np.nan) if not _is_missing(v) else np.nan for v in series]
        else:
            if pd.api.types.is_complex_dtype(series.dtype):
                raise ValueError(
                    f"{arg}: column {schema.names[j]!r} holds complex numbers "
                    f"(Complex data not supported); features must be real "
                    f"numbers or categories"
                )
            try:
                out[:, j] = pd.to_numeric(series, errors="raise").to_numpy(
                    dtype=float, na_value=np.nan
                )
            except (ValueError, TypeError):
                raise ValueError(
                    f"{arg}: column {schema.names[j]!r} is numeric but holds non-numeric values"
                ) from None
    return checked_numbers(out, schema, arg, allow_missing)


def checked_numbers(
    out: np.ndarray, schema: Schema, arg: str = "X", allow_missing: bool = True
) -> np.ndarray:
    """``out`` (an encoded matrix) itself, once no numeric column holds an infinite value.

    Raises
    ------
    ValueError
        For an infinite value in a numeric column, or a missing value when
        ``allow_missing`` is false, naming the column.

    Examples
    --------
    >>> schema = infer_schema([[1.0, 2.0]])
    >>> checked_numbers(np.array([[1.0, np.inf]]), schema)
    Traceback (most recent call last):
    ...
    ValueError: X: column 'x1' holds infinite values
    """
    with np.errstate(over="ignore", invalid="ignore"):
        if np.isfinite(np.add.reduce(out, axis=None)):  # one pass: no inf, no NaN anywhere
            return out
    for j in range(schema.n_features):  # a column at a time: no temporary as big as X
        column = out[:, j]
        if not schema.is_categorical(j) and np.isinf(column).any():
            raise ValueError(f"{arg}: column {schema.names[j]!r} holds infinite values")
        if not allow_missing and np.isnan(column).any():
            raise ValueError(
                f"{arg}: column {schema.names[j]!r} has missing values (NaN); "
                f"this learner does not handle them (C45Classifier does)"
            )
    return out


def _align_columns(frame: pd.DataFrame, schema: Schema, arg: str) -> pd.DataFrame:
    """Put named columns in the schema's order; reject names the schema does not know."""
    names = [str(c) for c in frame.columns]
    if names == list(schema.names) or all(isinstance(c, (int, np.integer)) for c in frame.columns):
        return frame
    if sorted(names) == sorted(schema.names):
        return frame[[c for n in schema.names for c in frame.columns if str(c) == n]]
    raise ValueError(f"{arg} has columns {names} but the model was fitted on {list(schema.names)}")


def as_ordinal(X: pd.DataFrame, columns: Any) -> pd.DataFrame:
    """A copy of ``X`` in which the named categorical columns are ordinal (ordered).

    Binary learners (CART, C4.5) then split those columns by a threshold over the order
    (``buying <= med``, ``k - 1`` candidate cuts) instead of by subsets of categories.

    Parameters
    ----------
    X : pandas.DataFrame
        The data.
    columns : list of str or dict
        A list of column names keeps each column's declared category order (a
        ``Categorical``'s order, e.g. an ARFF file's ``@attribute`` line); a dict maps a
        column name to its categories from lowest to highest.

    Examples
    --------
    >>> import pandas as pd
    >>> X = pd.DataFrame({"size": ["M", "S", "L"]})
    >>> as_ordinal(X, {"size": ["S", "M", "L"]})["size"].cat.categories.tolist()
    ['S', 'M', 'L']
    """
    if not isinstance(X, pd.DataFrame):
        raise TypeError(f"X must be a pandas DataFrame, got {type(X).__name__}")
    if isinstance(columns, str):
        columns = [columns]
    orders = dict(columns) if isinstance(columns, dict) else {c: None for c in columns}
    out = X.copy()
    for name, order in orders.items():
        if name not in out.columns:
            raise ValueError(
                f"columns: no column named {name!r}; columns are {[str(c) for c in out.columns]}"
            )
        series = out[name]
        if order is None:
            if not isinstance(series.dtype, pd.CategoricalDtype):
                raise ValueError(
                    f"columns: {name!r} has no declared category order; give its "
                    f"categories from lowest to highest, e.g. {{{name!r}: [...]}}"
                )
            out[name] = series.cat.as_ordered()
            continue
        order = list(order)
        seen = {v for v in series if not _is_missing(v)}
        unknown = sorted(map(str, seen - set(order)))
        if unknown or len(set(order)) != len(order):
            raise ValueError(
                f"columns: the order of {name!r} must list each of its values "
                f"once; missing from it: {unknown}"
            )
        out[name] = pd.Categorical(series.astype(object), categories=order, ordered=True)
    return out


def encode_target(
    y: Any, n_rows: int | None = None, classes: Sequence | None = None, arg: str = "y"
) -> tuple[np.ndarray, tuple]:
    """Encode class labels as codes ``0..k-1`` with the class order.

    The order is the ``Categorical`` order when ``y`` has one (an ARFF file's declared
    order), else the sorted distinct labels, as scikit-learn's ``classes_``.

    Examples
    --------
    >>> encode_target(["no", "yes", "no"])
    (array([0, 1, 0]), ('no', 'yes'))
    """
    if (
        classes is None
        and isinstance(y, np.ndarray)
        and y.ndim == 1
        and y.dtype.kind in "iu"
        and len(y)
        and (n_rows is None or len(y) == n_rows)
    ):
        # whole numbers in an array: the sorted distinct labels and codes in one numpy call
        found, codes = np.unique(y, return_inverse=True)
        return codes.astype(int), tuple(python_scalar(c) for c in found)
    series = _to_series(y, arg)
    if n_rows is not None and len(series) != n_rows:
        raise ValueError(f"{arg} has {len(series)} labels but X has {n_rows} rows")
    if len(series) == 0:
        raise ValueError(f"{arg} is empty: it needs at least one label")
    if _has_missing(series):
        raise ValueError(f"{arg} has missing labels; drop those rows first")
    if classes is None:
        if isinstance(series.dtype, pd.CategoricalDtype):
            classes = tuple(series.cat.categories)
        elif series.dtype.kind in "iu":  # whole numbers: sorted(set(...)) in numpy
            classes = tuple(np.unique(series.to_numpy()))
        else:
            try:
                classes = tuple(sorted(set(series)))
            except TypeError:
                raise TypeError(f"{arg}: labels of mixed types cannot be ordered") from None
    else:
        if isinstance(classes, (str, bytes)):
            raise TypeError(f"classes must be a list of class names, not a string; got {classes!r}")
        try:
            classes = tuple(classes)
            repeated = len(set(classes)) != len(classes)
        except TypeError:
            raise TypeError(
                f"classes must be a list of class names; got {type(classes).__name__}"
            ) from None
        if repeated:
            raise ValueError(f"classes names a class more than once: {list(classes)}")
    if series.dtype.kind in "iuf" and all(type(python_scalar(c)) in (int, float) for c in classes):
        # numbers: one hash lookup in numpy instead of one Python dict lookup per row
        codes = pd.Index(classes).get_indexer(series.to_numpy())
        if (codes >= 0).all():
            return codes.astype(int), tuple(python_scalar(c) for c in classes)
    lookup = {c: k for k, c in enumerate(classes)}
    try:
        codes = np.array([lookup[v] for v in series], dtype=int)
    except KeyError as exc:
        raise ValueError(
            f"{arg} holds the label {exc.args[0]!r}, which is not one of the "
            f"classes {list(classes)}"
        ) from None
    return codes, tuple(python_scalar(c) for c in classes)


def encode_numeric_target(y: Any, n_rows: int | None = None, arg: str = "y") -> np.ndarray:
    """Check and convert a regression target to float64.

    Examples
    --------
    >>> encode_numeric_target([1, 2.5])
    array([1. , 2.5])
    """
    series = _to_series(y, arg)
    if n_rows is not None and len(series) != n_rows:
        raise ValueError(f"{arg} has {len(series)} values but X has {n_rows} rows")
    if len(series) == 0:
        raise ValueError(f"{arg} is empty: it needs at least one value")
    if pd.api.types.is_complex_dtype(series.dtype) or (
        series.dtype == object and any(isinstance(v, complex) for v in series)
    ):
        raise ValueError(f"{arg} holds complex numbers; a regression target must be real")
    try:
        values = pd.to_numeric(series, errors="raise").to_numpy(dtype=float, na_value=np.nan)
    except (ValueError, TypeError):
        raise ValueError(f"{arg} must be numeric for a regression tree") from None
    if not np.isfinite(values).all():
        raise ValueError(f"{arg} has NaN or infinite values")
    return values


def _to_series(y: Any, arg: str) -> pd.Series:
    if isinstance(y, pd.Series):
        return y.reset_index(drop=True)
    if isinstance(y, pd.DataFrame):
        if y.shape[1] != 1:
            raise ValueError(f"{arg} must be 1-D; got a DataFrame with {y.shape[1]} columns")
        return y.iloc[:, 0].reset_index(drop=True)
    if isinstance(y, (str, bytes)):
        raise TypeError(f"{arg} must be a sequence of labels, not a string")
    numeric = isinstance(y, np.ndarray) and y.dtype.kind in "iuf"
    array = y if numeric else np.asarray(y, dtype=object)  # numbers stay numbers: fast checks
    if array.ndim == 2 and array.shape[1] == 1:
        array = array[:, 0]
    if array.ndim != 1:
        raise ValueError(f"{arg} must be 1-D; got shape {array.shape}")
    return pd.Series(array)


def python_scalar(value: Any) -> Any:
    """A numpy scalar as the Python scalar it holds; any other value unchanged.

    Printing and JSON stay clean (``1`` rather than ``np.int64(1)``).

    Examples
    --------
    >>> python_scalar(np.int64(3)), python_scalar("sunny")
    (3, 'sunny')
    """
    return value.item() if isinstance(value, np.generic) else value
