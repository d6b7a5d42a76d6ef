"""Regression impurity: squared error around the mean, absolute error around the median.

As scikit-learn's ``squared_error`` and ``absolute_error`` criteria; each returns a
:class:`~dtlearn.explain.Measure` whose ``.explain()`` shows the sum.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..explain import Derivation, DerivationLine, Measure, latex_text
from ..formatting import fmt, fmt_g
from .formulas import sym
from .inputs import series_name

__all__ = ["mae", "mse"]


def _numeric_values(values: Any) -> tuple[np.ndarray, str]:
    if isinstance(values, (str, bytes)):
        raise TypeError("values must be a sequence of numbers, not a string")
    name = series_name(values, "S")
    try:
        array = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise TypeError("values must be numbers (a regression target)") from None
    if array.ndim != 1:
        raise ValueError(f"values must be 1-D; got shape {array.shape}")
    if array.size == 0:
        raise ValueError("values is empty")
    if not np.isfinite(array).all():
        raise ValueError("values contains NaN or infinite values")
    with np.errstate(over="ignore", invalid="ignore"):
        spread = np.sum((array - array.mean()) ** 2)
    if not np.isfinite(spread):
        raise ValueError("values are too large: their squared deviations overflow a float")
    return array, name


def _listing(terms: list[str], limit: int = 8) -> str:
    if len(terms) <= limit:
        return " + ".join(terms)
    return " + ".join(terms[: limit - 2]) + " + ... + " + terms[-1]


def mse(values: Any) -> Measure:
    """Mean squared error around the mean (the variance ``1/n sum (y_i - mean)^2``).

    This is the impurity of a regression node (CART's squared-error criterion).

    Parameters
    ----------
    values : sequence of float
        Target values at the node.

    Returns
    -------
    Measure
        The (population) variance; ``.explain()`` shows the sum.

    Examples
    --------
    >>> print(mse([1, 2, 6]).explain())
    mean   = (1 + 2 + 6)/3 = 3.000
    MSE(S) = 1/n sum_i (y_i - mean)^2
           = 1/3 · ((1 - 3)^2 + (2 - 3)^2 + (6 - 3)^2)
           = 1/3 · 14.000
           = 4.667
    """
    array, name = _numeric_values(values)
    n = len(array)
    mean = float(array.mean())
    value = float(np.mean((array - mean) ** 2))
    symbol = sym("MSE", name)

    def explain() -> Derivation:
        ss = float(np.sum((array - mean) ** 2))
        return Derivation.build(
            "",
            [
                DerivationLine(
                    f"mean = ({_listing([fmt_g(x) for x in array])})/{n} = {fmt(mean)}",
                    rf"\bar y = \frac{{1}}{{{n}}}\sum_i y_i = {fmt(mean)}",
                ),
                DerivationLine(
                    f"{symbol} = 1/n sum_i (y_i - mean)^2",
                    rf"\mathrm{{MSE}}({latex_text(name)}) = \frac{{1}}{{n}}\sum_i "
                    r"(y_i - \bar y)^2",
                ),
                DerivationLine(
                    f"= 1/{n} · ("
                    + _listing([f"({fmt_g(x)} - {fmt_g(mean)})^2" for x in array])
                    + ")"
                ),
                DerivationLine(f"= 1/{n} · {fmt(ss)}", rf"= \frac{{1}}{{{n}}}\cdot {fmt(ss)}"),
                DerivationLine(f"= {fmt(value)}"),
            ],
        )

    return Measure(value, "mse", symbol=symbol, derivation=explain)


def mae(values: Any) -> Measure:
    """Mean absolute deviation around the median, ``1/n sum |y_i - median|``.

    As in scikit-learn's ``absolute_error`` criterion, the deviations are taken from the
    median (the constant that minimises the absolute error), not from the mean.

    Parameters
    ----------
    values : sequence of float
        Target values at the node.

    Returns
    -------
    Measure
        The mean absolute deviation; ``.explain()`` shows the sum.

    Examples
    --------
    >>> print(mae([1, 2, 6]).explain())
    median = 2   (middle of the sorted values)
    MAE(S) = 1/n sum_i |y_i - median|
           = 1/3 · (|1 - 2| + |2 - 2| + |6 - 2|)
           = 1/3 · 5.000
           = 1.667
    """
    array, name = _numeric_values(values)
    n = len(array)
    median = float(np.median(array))
    value = float(np.mean(np.abs(array - median)))
    symbol = sym("MAE", name)

    def explain() -> Derivation:
        sa = float(np.sum(np.abs(array - median)))
        return Derivation.build(
            "",
            [
                DerivationLine(
                    f"median = {fmt_g(median)}",
                    rf"\tilde y = {fmt_g(median)}",
                    ""
                    if n < 2
                    else "(middle of the sorted values)"
                    if n % 2
                    else "(mean of the two middle values)",
                ),
                DerivationLine(
                    f"{symbol} = 1/n sum_i |y_i - median|",
                    rf"\mathrm{{MAE}}({latex_text(name)}) = \frac{{1}}{{n}}\sum_i "
                    r"|y_i - \tilde y|",
                ),
                DerivationLine(
                    f"= 1/{n} · ("
                    + _listing([f"|{fmt_g(x)} - {fmt_g(median)}|" for x in array])
                    + ")"
                ),
                DerivationLine(f"= 1/{n} · {fmt(sa)}", rf"= \frac{{1}}{{{n}}}\cdot {fmt(sa)}"),
                DerivationLine(f"= {fmt(value)}"),
            ],
        )

    return Measure(value, "mae", symbol=symbol, derivation=explain)
