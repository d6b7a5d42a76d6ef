"""How the measures read what a caller gives them: labels or counts, a feature, names.

Every measure accepts either raw data (labels, a feature) or counts by keyword; these
functions turn both into one float array plus the names the explanation prints, and raise
``ValueError``/``TypeError`` naming the argument when the input cannot be a distribution.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..data import encode_target
from ..formatting import fmt_g

__all__ = [
    "check_base",
    "check_counts",
    "class_counts",
    "contingency",
    "feature_values",
    "item_names",
    "series_name",
    "value_counts",
]


def check_base(base: Any) -> float:
    """Return the logarithm base as a float, refusing booleans, non-numbers, 1 and <= 0.

    Parameters
    ----------
    base : float
        2 for bits, ``math.e`` for nats, ...

    Returns
    -------
    float

    Examples
    --------
    >>> check_base(2)
    2.0
    >>> check_base(1)
    Traceback (most recent call last):
    ...
    ValueError: base must be positive and not 1 (2 for bits, math.e for nats); got 1
    """
    if isinstance(base, bool) or not isinstance(base, (int, float, np.integer, np.floating)):
        raise TypeError(f"base must be a number (2 for bits, math.e for nats); got {base!r}")
    value = float(base)
    if not math.isfinite(value) or value <= 0 or value == 1:
        raise ValueError(
            f"base must be positive and not 1 (2 for bits, math.e for nats); got {base!r}"
        )
    return value


def check_counts(counts: Any, arg: str = "counts", ndim: int | None = 1) -> np.ndarray:
    """Return ``counts`` as a float array of finite, non-negative numbers with a positive sum.

    Parameters
    ----------
    counts : array-like
        Instance counts or weights.
    arg : str, optional
        The argument's name, for the error message.
    ndim : int or None, optional
        Required number of dimensions (1: class counts, 2: a contingency table); ``None``
        accepts any.

    Returns
    -------
    numpy.ndarray

    Examples
    --------
    >>> check_counts([9, 5])
    array([9., 5.])
    >>> check_counts([[1, -2]], ndim=2)
    Traceback (most recent call last):
    ...
    ValueError: counts must not be negative; got -2 at position (0, 1)
    """
    if isinstance(counts, (str, bytes)):
        raise TypeError(f"{arg} must be numbers, not a string")
    try:
        array = np.asarray(counts, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{arg} must be numbers (instance counts or weights)") from None
    if ndim is not None and array.ndim != ndim:
        shape = (
            "a 1-D list of class counts"
            if ndim == 1
            else ("a 2-D table (one row per attribute value, one column per class)")
        )
        raise ValueError(f"{arg} must be {shape}; got shape {array.shape}")
    if array.size == 0:
        raise ValueError(f"{arg} is empty")
    if np.isnan(array).any():
        raise ValueError(f"{arg} contains NaN")
    if np.isinf(array).any():
        raise ValueError(f"{arg} contains infinite values")
    if (array < 0).any():
        bad = tuple(int(i) for i in np.argwhere(array < 0)[0])
        where = bad[0] if len(bad) == 1 else bad
        raise ValueError(f"{arg} must not be negative; got {fmt_g(array[bad])} at position {where}")
    with np.errstate(over="ignore"):
        total = array.sum()
    if total <= 0:
        raise ValueError(f"{arg} are all zero: there are no instances")
    if not np.isfinite(total):
        raise ValueError(f"{arg} are too large: their total overflows a float")
    return array


def item_names(given: Sequence | None, n: int, prefix: str, arg: str) -> tuple[str, ...]:
    """Names of ``n`` classes or values: the given ones, else ``prefix1, prefix2, ...``.

    Parameters
    ----------
    given : sequence or None
        Names the caller gave (``classes=``, ``values=``).
    n : int
        How many the counts have.
    prefix : str
        Prefix of the default names (``"c"`` for classes, ``"v"`` for values).
    arg : str
        The argument's name, for the error message.

    Returns
    -------
    tuple of str

    Examples
    --------
    >>> item_names(None, 3, "c", "classes")
    ('c1', 'c2', 'c3')
    >>> item_names(["yes", "no"], 2, "c", "classes")
    ('yes', 'no')
    """
    if given is None:
        return tuple(f"{prefix}{i + 1}" for i in range(n))
    if isinstance(given, (str, bytes)):
        raise TypeError(f"{arg} must be a list of names, not a string; got {given!r}")
    try:
        given = list(given)
    except TypeError:
        raise TypeError(f"{arg} must be a list of names; got {type(given).__name__}") from None
    names = tuple(str(c) for c in given)
    if len(names) != n:
        raise ValueError(f"{arg} names {len(names)} items but the counts have {n}")
    return names


def series_name(obj: Any, default: str) -> str:
    """Name of a pandas Series or Index (how a caller names the attribute or the set).

    Parameters
    ----------
    obj : object
        Anything; only a named ``pandas.Series`` or ``pandas.Index`` has a name.
    default : str
        The name otherwise (``"S"`` for the set, ``"A"`` for the attribute).

    Returns
    -------
    str

    Examples
    --------
    >>> series_name(pd.Series([1], name="outlook"), "A"), series_name([1], "A")
    ('outlook', 'A')
    """
    name = getattr(obj, "name", None)
    return str(name) if isinstance(obj, (pd.Series, pd.Index)) and name is not None else default


def class_counts(
    labels: Any, counts: Any, classes: Sequence | None
) -> tuple[np.ndarray, tuple[str, ...], str, bool]:
    """Return (counts, class names, set name, names known) from labels or counts.

    Parameters
    ----------
    labels : sequence or None
        Class labels.
    counts : sequence of float or None
        Class counts instead of labels.
    classes : sequence or None
        Class names for ``counts``, or the class order for ``labels``.

    Returns
    -------
    tuple

    Examples
    --------
    >>> class_counts(["yes", "no", "yes"], None, None)
    (array([1., 2.]), ('no', 'yes'), 'S', True)
    """
    if labels is not None and counts is not None:
        raise TypeError("give labels or counts=, not both")
    if counts is not None:
        array = check_counts(counts, "counts")
        names = item_names(classes, len(array), "c", "classes")
        return array, names, "S", classes is not None
    if labels is None:
        raise TypeError("give the labels, or class counts with counts=[...]")
    codes, found = encode_target(labels, classes=classes, arg="labels")
    array = np.bincount(codes, minlength=len(found)).astype(float)
    return array, tuple(str(c) for c in found), series_name(labels, "S"), True


def feature_values(feature: Any, arg: str = "feature") -> tuple[list, tuple, str]:
    """(values as a list, value order, name) of a 1-D feature; missing values rejected.

    Parameters
    ----------
    feature : sequence
        Attribute values (list, numpy array, pandas Series or one-column DataFrame).
    arg : str, optional
        The argument's name, for the error message.

    Returns
    -------
    tuple

    Examples
    --------
    >>> feature_values(["b", "a", "b"])
    (['b', 'a', 'b'], ('b', 'a'), 'A')
    """
    if isinstance(feature, (str, bytes)):
        raise TypeError(f"{arg} must be a sequence of values, not a string")
    name = series_name(feature, "A")
    if isinstance(feature, pd.DataFrame):
        if feature.shape[1] != 1:
            raise ValueError(f"{arg} must be 1-D; got a DataFrame with {feature.shape[1]} columns")
        feature = feature.iloc[:, 0]
        name = str(feature.name)
    if isinstance(feature, pd.Series):
        series = feature.reset_index(drop=True)
    else:
        array = np.asarray(feature, dtype=object)
        if array.ndim != 1:
            raise ValueError(f"{arg} must be 1-D; got shape {array.shape}")
        series = pd.Series(array, dtype=object)
    if len(series) == 0:
        raise ValueError(f"{arg} is empty")
    if series.isna().any():
        raise ValueError(
            f"{arg} has missing values (None/NaN); drop those rows first "
            f"(C45Classifier handles missing values with fractional counts)"
        )
    values = list(series)
    if isinstance(series.dtype, pd.CategoricalDtype):
        present = set(values)
        order = tuple(c for c in series.cat.categories if c in present)
    else:
        order = tuple(dict.fromkeys(values))
    return values, order, name


def contingency(
    feature: Any, labels: Any, counts: Any, classes: Sequence | None, values: Sequence | None
) -> tuple[np.ndarray, tuple[str, ...], tuple[str, ...], str, str, bool]:
    """(table values x classes, value names, class names, feature name, set name, known).

    Parameters
    ----------
    feature, labels : sequence or None
        Attribute values and class labels of the same rows.
    counts : 2-D array-like or None
        A contingency table instead (rows: values, columns: classes).
    classes, values : sequence or None
        Names of the columns and rows of ``counts`` (a named ``pandas.Index`` also names
        the set and the attribute).

    Returns
    -------
    tuple

    Examples
    --------
    >>> table, vnames, cnames, *_ = contingency(["x", "y", "x"], ["+", "-", "-"], None,
    ...                                         None, None)
    >>> table.tolist(), vnames, cnames
    ([[1.0, 1.0], [0.0, 1.0]], ('x', 'y'), ('+', '-'))
    """
    if counts is not None:
        if feature is not None or labels is not None:
            raise TypeError("give feature and labels, or counts=, not both")
        table = check_counts(counts, "counts", ndim=2)
        return (
            table,
            item_names(values, table.shape[0], "v", "values"),
            item_names(classes, table.shape[1], "c", "classes"),
            series_name(values, "A"),
            series_name(classes, "S"),
            classes is not None,
        )
    if feature is None or labels is None:
        raise TypeError("give both feature and labels, or a contingency table with counts=")
    items, order, fname = feature_values(feature)
    codes, found = encode_target(labels, classes=classes, arg="labels")
    if len(codes) != len(items):
        raise ValueError(
            f"feature and labels differ in length: feature has {len(items)} "
            f"values, labels has {len(codes)}"
        )
    index = {v: i for i, v in enumerate(order)}
    table = np.zeros((len(order), len(found)))
    np.add.at(table, (np.array([index[v] for v in items]), codes), 1.0)
    return (
        table,
        tuple(str(v) for v in order),
        tuple(str(c) for c in found),
        fname,
        series_name(labels, "S"),
        True,
    )


def value_counts(
    feature: Any, counts: Any, values: Sequence | None
) -> tuple[np.ndarray, tuple[str, ...], str]:
    """(instances per value, value names, attribute name) from a feature or counts.

    Parameters
    ----------
    feature : sequence or None
        Attribute values.
    counts : array-like or None
        Instances per value, or a contingency table (its rows are summed).
    values : sequence or None
        Names of the values for ``counts``.

    Returns
    -------
    tuple

    Examples
    --------
    >>> value_counts(None, [[2, 3], [4, 0]], None)
    (array([5., 4.]), ('v1', 'v2'), 'A')
    """
    if feature is not None and counts is not None:
        raise TypeError("give feature or counts=, not both")
    if counts is not None:
        array = check_counts(counts, "counts", ndim=None)
        if array.ndim == 2:
            array = array.sum(axis=1)
        elif array.ndim != 1:
            raise ValueError(
                f"counts must be 1-D (instances per value) or 2-D (a contingency "
                f"table); got shape {array.shape}"
            )
        return array, item_names(values, len(array), "v", "values"), series_name(values, "A")
    if feature is None:
        raise TypeError("give the feature values, or counts per value with counts=[...]")
    items, order, fname = feature_values(feature)
    index = {v: i for i, v in enumerate(order)}
    array = np.bincount([index[v] for v in items], minlength=len(order)).astype(float)
    return array, tuple(str(v) for v in order), fname
