"""Small classic data sets for learning decision trees, shipped with the package.

Every loader returns ``(X, y)``: ``X`` a :class:`pandas.DataFrame` of features and ``y``
a :class:`pandas.Series` named after the target. Categorical columns are
``category`` columns whose categories keep the order the source declares (the ARFF
``@attribute`` line, or the order documented with the UCI / AIMA data); numeric columns
are ``float64``; missing values are ``NaN``. Files are read from the installed package
(no network, nothing written to disk). Where each file comes from, its licence and how it
was changed are listed in ``dtlearn/datasets/data/SOURCES.md``.

Weka's ARFF files are shipped, and also converted once (``tools/convert_data.py``) to a CSV
file plus a JSON schema of attribute types and declared category orders; the loaders read
those with the standard library, so they need no ARFF parser and work in Pyodide
(JupyterLite). :func:`read_arff`, for your own ARFF files, uses ``liac-arff``.

Every data set is one entry of :data:`dtlearn.datasets.entries.ENTRIES`, from which the
loaders, :func:`list_datasets` and :func:`load_dataset` are made.

Examples
--------
>>> from dtlearn.datasets import load_play_tennis
>>> X, y = load_play_tennis()
>>> X.columns.tolist()
['outlook', 'temperature', 'humidity', 'windy']
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from .arffio import read_arff  # noqa: F401 - public, in __all__ (made below)
from .entries import ENTRIES, MUSHROOM_WORDS, DatasetEntry, code_table, entry


def load_dataset(name: str) -> tuple[pd.DataFrame, pd.Series]:
    """Load a shipped data set by its catalogue name (the index of :func:`list_datasets`).

    Parameters
    ----------
    name : str
        ``"play_tennis"``, ``"play_tennis_numeric"``, ``"car"``, ...

    Returns
    -------
    X : pandas.DataFrame
    y : pandas.Series
        What the data set's loader returns (``list_datasets()["loader"]`` names the call).

    Examples
    --------
    >>> X, y = load_dataset("play_tennis_numeric")
    >>> X.equals(load_play_tennis(numeric=True)[0])
    True
    """
    return entry(name).read()


def load_play_tennis(numeric: bool = False) -> tuple[pd.DataFrame, pd.Series]:
    """Load Quinlan's play-tennis ("weather") data: 14 days, play or not.

    Read from Weka's ``weather.nominal.arff`` or, with ``numeric=True``,
    ``weather.numeric.arff``.

    Parameters
    ----------
    numeric : bool, default False
        If True, ``temperature`` and ``humidity`` are numbers (``float64``, e.g. 85.0)
        instead of the categories ``hot/mild/cool`` and ``high/normal``.

    Returns
    -------
    X : pandas.DataFrame
        14 rows; ``outlook`` (``sunny, overcast, rainy``), ``temperature``, ``humidity``,
        ``windy``. ``windy`` keeps Weka's strings and order: categories
        ``['TRUE', 'FALSE']``.
    y : pandas.Series
        ``play``, categories ``['yes', 'no']``: 9 yes, 5 no.

    Examples
    --------
    >>> X, y = load_play_tennis()
    >>> X.shape
    (14, 4)
    >>> int(y.value_counts()["yes"])
    9
    >>> list(X["windy"].cat.categories)
    ['TRUE', 'FALSE']
    >>> X, y = load_play_tennis(numeric=True)
    >>> X["temperature"].dtype, X["humidity"].iloc[0]
    (dtype('float64'), np.float64(85.0))
    """
    return load_dataset("play_tennis_numeric" if numeric else "play_tennis")


def load_restaurant(variant: str = "lecture") -> tuple[pd.DataFrame, pd.Series]:
    """Load the restaurant data: will we wait for a table? (12 examples).

    The rows are examples x1 to x12 of the wait-for-a-table problem of Russell & Norvig,
    *Artificial Intelligence: A Modern Approach*, as the course's decision-tree lecture
    prints them (its Figure 1); column names are those of aima-python's
    ``RestaurantDataSet``.

    Parameters
    ----------
    variant : {"lecture", "aima"}
        ``"lecture"`` (default): the lecture's table. ``"aima"``: the table of the
        ``aima-data`` repository, which differs in one cell: x4 has ``Raining = No``
        there, ``Yes`` in the lecture.

    Returns
    -------
    X : pandas.DataFrame
        12 rows, 10 categorical columns: ``Alternate``, ``Bar``, ``Fri/Sat``,
        ``Hungry``, ``Patrons`` (``None, Some, Full``), ``Price`` (``$, $$, $$$``),
        ``Raining``, ``Reservation``, ``Type`` (``French, Italian, Thai, Burger``),
        ``WaitEstimate`` (``0-10, 10-30, 30-60, >60``), minutes.
    y : pandas.Series
        ``Wait``: 6 Yes, 6 No.

    Notes
    -----
    Every yes/no column, the target included, has the categories ``['Yes', 'No']`` in
    that order (the positive answer first, as ``play`` is ``yes, no``). ``None`` in
    ``Patrons`` is a category ("no patrons"), not a missing value. ``Patrons``,
    ``Price`` and ``WaitEstimate`` are ordinal in the lecture; they are loaded as plain
    (unordered) categories, so every learner treats them as nominal unless you make them
    ordered (``X["Price"].cat.as_ordered()``). The file pads values with spaces; they
    are stripped.

    Examples
    --------
    >>> X, y = load_restaurant()
    >>> X.shape
    (12, 10)
    >>> y.value_counts().tolist()
    [6, 6]
    >>> X["Patrons"].value_counts(sort=False).to_dict()
    {'None': 2, 'Some': 4, 'Full': 6}
    >>> X.loc[3, "Raining"], load_restaurant(variant="aima")[0].loc[3, "Raining"]
    ('Yes', 'No')
    """
    if variant not in ("lecture", "aima"):
        raise ValueError(f"variant must be 'lecture' or 'aima', got {variant!r}")
    X, y = load_dataset("restaurant")
    if variant == "aima":
        X.loc[3, "Raining"] = "No"  # the one cell where aima-data differs from the lecture
    return X, y


def load_mushroom(decode: bool = False) -> tuple[pd.DataFrame, pd.Series]:
    """Load the UCI mushroom data: edible or poisonous? (8124 rows, 22 attributes).

    Read from UCI's ``agaricus-lepiota.data`` (Schlimmer; descriptions from The Audubon
    Society Field Guide to North American Mushrooms). The class is the first column of
    the file; here it is returned as ``y``.

    Parameters
    ----------
    decode : bool, default False
        By default values keep the file's one-letter codes (``'x'`` for a convex cap,
        ``'e'``/``'p'`` for the class), as Weka's ``mushroom.arff`` does. With
        ``decode=True`` they are replaced by the words of UCI's
        ``agaricus-lepiota.names`` (``'convex'``, ``'edible'``/``'poisonous'``).

    Returns
    -------
    X : pandas.DataFrame
        8124 rows, 22 categorical columns named as in UCI's ``agaricus-lepiota.names``
        (``cap-shape``, ..., ``habitat``; ``bruises?`` is named ``bruises``). Categories
        are every value the ``.names`` file lists, in its order, even those that never
        occur (``veil-type`` declares ``p, u`` but only ``p`` occurs), as in Weka's
        ``mushroom.arff``. ``stalk-root`` is missing (``?``) in 2480 rows.
    y : pandas.Series
        ``class``, categories ``['e', 'p']`` (``['edible', 'poisonous']`` with
        ``decode=True``): 4208 edible, 3916 poisonous.

    Examples
    --------
    >>> X, y = load_mushroom()
    >>> X.shape, int(X["stalk-root"].isna().sum())
    ((8124, 22), 2480)
    >>> y.value_counts(sort=False).to_dict()
    {'e': 4208, 'p': 3916}
    >>> X, y = load_mushroom(decode=True)
    >>> y.iloc[0], X["odor"].iloc[0]
    ('poisonous', 'pungent')
    """
    X, y = load_dataset("mushroom")
    if decode:
        tables = {name: code_table(spec) for name, spec in MUSHROOM_WORDS.items()}
        X = pd.DataFrame({name: X[name].cat.rename_categories(tables[name]) for name in X})
        y = y.cat.rename_categories(tables["class"])
    return X, y


def list_datasets() -> pd.DataFrame:
    """List the shipped data sets, with their sizes, as a table.

    The numbers are computed by loading every data set (well under a second).

    Returns
    -------
    pandas.DataFrame
        One row per data set, indexed by ``name``, with columns ``loader`` (the call that
        loads it), ``rows``, ``features``, ``numeric`` (how many features are numeric),
        ``classes``, ``missing`` (missing feature cells) and ``description``.

    Examples
    --------
    >>> table = list_datasets()
    >>> table.loc["play_tennis", ["rows", "features", "classes", "missing"]].tolist()
    [14, 4, 2, 0]
    >>> table.loc["labor", "loader"]
    'load_labor()'
    """
    records = []
    for e in ENTRIES:
        X, y = load_dataset(e.name)
        records.append(
            {
                "name": e.name,
                "loader": e.call,
                "rows": len(X),
                "features": X.shape[1],
                "numeric": int(sum(dtype.kind == "f" for dtype in X.dtypes)),
                "classes": len(y.cat.categories),
                "missing": int(X.isna().sum().sum()),
                "description": e.description,
            }
        )
    return pd.DataFrame.from_records(records, index="name")


def _made_loader(e: DatasetEntry) -> Callable[[], tuple[pd.DataFrame, pd.Series]]:
    """The ``load_<name>()`` of an entry without options: its file, ``doc`` as docstring."""

    def load() -> tuple[pd.DataFrame, pd.Series]:
        return load_dataset(e.name)

    load.__name__ = load.__qualname__ = e.loader
    load.__doc__ = e.doc
    return load


for _entry in ENTRIES:
    if _entry.loader not in globals():
        if _entry.options:
            raise ValueError(f"{_entry.name}: a loader with options is written by hand")
        globals()[_entry.loader] = _made_loader(_entry)

__all__ = sorted({"list_datasets", "load_dataset", "read_arff"} | {e.loader for e in ENTRIES})
