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

Examples
--------
>>> from dtlearn.datasets import load_play_tennis
>>> X, y = load_play_tennis()
>>> X.columns.tolist()
['outlook', 'temperature', 'humidity', 'windy']
"""

from __future__ import annotations

import csv
import io
import json
from importlib import resources

import numpy as np
import pandas as pd

from .arffio import categorical, read_arff

__all__ = [
    "list_datasets",
    "load_breast_cancer_ljubljana",
    "load_car",
    "load_contact_lenses",
    "load_labor",
    "load_mushroom",
    "load_play_tennis",
    "load_restaurant",
    "load_tic_tac_toe",
    "load_vote",
    "read_arff",
]


def _text(filename: str) -> str:
    return resources.files(__name__).joinpath("data", filename).read_text(encoding="utf-8")


def _arff(filename: str) -> tuple[pd.DataFrame, pd.Series]:
    """Load a Weka data set from its converted form: ``<stem>.csv`` + ``<stem>.json``.

    Returns what ``read_arff`` returns for the ARFF file itself (nominal columns as
    categories in declared order, numeric ones ``float64``, missing values ``NaN``, the
    last attribute as the target); ``tests/test_datasets.py`` checks that they agree.
    """
    stem = filename.removesuffix(".arff")
    schema = json.loads(_text(stem + ".json"))
    rows = list(csv.reader(io.StringIO(_text(stem + ".csv"), newline="")))
    header, rows = rows[0], rows[1:]
    attributes = schema["attributes"]
    if header != [a["name"] for a in attributes]:
        raise ValueError(f"{stem}.csv: header {header} does not match {stem}.json")
    columns = list(zip(*rows)) if rows else [()] * len(attributes)
    data = {}
    for attribute, values in zip(attributes, columns):
        name = attribute["name"]
        if attribute["type"] == "numeric":
            data[name] = np.array([float(v) if v != "" else np.nan for v in values],
                                  dtype=np.float64)
        else:
            data[name] = categorical([v if v != "" else None for v in values],
                                     attribute["categories"], name)
    frame = pd.DataFrame(data, columns=header)
    target = schema["target"]
    return frame.drop(columns=[target]), frame[target]


def _rows(filename: str, n_columns: int) -> list[list[str]]:
    """Comma-separated lines of a packaged file, each value stripped of padding."""
    rows = [[value.strip() for value in line.split(",")]
            for line in _text(filename).splitlines() if line.strip()]
    for number, row in enumerate(rows, start=1):
        if len(row) != n_columns:
            raise ValueError(f"{filename}, line {number}: {len(row)} values, "
                             f"expected {n_columns}")
    return rows


def _table(filename: str, columns: dict[str, tuple[str, ...]], target: str,
           missing: str | None = None) -> tuple[pd.DataFrame, pd.Series]:
    """Read a headerless file whose columns are all categorical, declared in ``columns``."""
    rows = _rows(filename, len(columns))
    data = {}
    for name, values in zip(columns, zip(*rows)):
        values = [None if v == missing else v for v in values]
        data[name] = categorical(values, columns[name], name)
    frame = pd.DataFrame(data, columns=list(columns))
    return frame.drop(columns=[target]), frame[target]


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
    return _arff("weather.numeric.arff" if numeric else "weather.nominal.arff")


_YES_NO = ("Yes", "No")
_RESTAURANT = {
    "Alternate": _YES_NO,
    "Bar": _YES_NO,
    "Fri/Sat": _YES_NO,
    "Hungry": _YES_NO,
    "Patrons": ("None", "Some", "Full"),
    "Price": ("$", "$$", "$$$"),
    "Raining": _YES_NO,
    "Reservation": _YES_NO,
    "Type": ("French", "Italian", "Thai", "Burger"),
    "WaitEstimate": ("0-10", "10-30", "30-60", ">60"),
    "Wait": _YES_NO,
}


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
    X, y = _table("restaurant.csv", _RESTAURANT, target="Wait")
    if variant == "aima":
        X.loc[3, "Raining"] = "No"  # the one cell where aima-data differs from the lecture
    return X, y


def load_contact_lenses() -> tuple[pd.DataFrame, pd.Series]:
    """Load Cendrowska's contact-lenses data: which lenses to fit (24 rows).

    Read from Weka's ``contact-lenses.arff``: all four attributes are nominal and the 24
    rows cover every combination of their values; the data are noise-free.

    Returns
    -------
    X : pandas.DataFrame
        24 rows: ``age`` (``young, pre-presbyopic, presbyopic``),
        ``spectacle-prescrip`` (``myope, hypermetrope``), ``astigmatism`` (``no, yes``),
        ``tear-prod-rate`` (``reduced, normal``).
    y : pandas.Series
        ``contact-lenses``, categories ``['soft', 'hard', 'none']``: 5 soft, 4 hard,
        15 none.

    Examples
    --------
    >>> X, y = load_contact_lenses()
    >>> X.shape
    (24, 4)
    >>> y.value_counts(sort=False).to_dict()
    {'soft': 5, 'hard': 4, 'none': 15}
    """
    return _arff("contact-lenses.arff")


def load_labor() -> tuple[pd.DataFrame, pd.Series]:
    """Load the labor-negotiations data: was the contract good or bad? (57 rows).

    Read from Weka's ``labor.arff`` (1987/88 Canadian labour contracts): 8 numeric and 8
    nominal attributes, with many missing values (326 cells, in 56 of the 57 rows).

    Returns
    -------
    X : pandas.DataFrame
        57 rows, 16 columns; numeric ones (``duration``, ``wage-increase-first-year``,
        ...) are ``float64``, nominal ones categorical; missing values are ``NaN``.
    y : pandas.Series
        ``class``, categories ``['bad', 'good']``: 20 bad, 37 good.

    Examples
    --------
    >>> X, y = load_labor()
    >>> X.shape, int(X.isna().sum().sum())
    ((57, 16), 326)
    >>> X["duration"].dtype, list(X["pension"].cat.categories)
    (dtype('float64'), ['none', 'ret_allw', 'empl_contr'])
    """
    return _arff("labor.arff")


def load_vote() -> tuple[pd.DataFrame, pd.Series]:
    """Load the 1984 US House of Representatives votes: democrat or republican (435 rows).

    Read from Weka's ``vote.arff``: 435 members of Congress, 16 key votes, each ``n`` or
    ``y``. A vote that was neither yea nor nay is missing (392 cells in 203 rows).

    Returns
    -------
    X : pandas.DataFrame
        435 rows, 16 categorical columns with categories ``['n', 'y']``.
    y : pandas.Series
        ``Class``, categories ``['democrat', 'republican']``: 267 democrats, 168
        republicans.

    Examples
    --------
    >>> X, y = load_vote()
    >>> X.shape, int(X.isna().sum().sum())
    ((435, 16), 392)
    >>> y.value_counts(sort=False).to_dict()
    {'democrat': 267, 'republican': 168}
    """
    return _arff("vote.arff")


def load_breast_cancer_ljubljana() -> tuple[pd.DataFrame, pd.Series]:
    """Load the Ljubljana breast-cancer data (nominal, 286 rows): recurrence or not.

    Read from Weka's ``breast-cancer.arff`` (University Medical Centre, Institute of
    Oncology, Ljubljana; thanks to M. Zwitter and M. Soklic). This is *not*
    scikit-learn's ``load_breast_cancer`` (the numeric Wisconsin data): all nine
    attributes here are nominal, even ranges such as ``age`` ``'40-49'`` and
    ``deg-malig`` ``'1', '2', '3'``.

    Returns
    -------
    X : pandas.DataFrame
        286 rows, 9 categorical columns; 9 missing cells (8 in ``node-caps``, 1 in
        ``breast-quad``).
    y : pandas.Series
        ``Class``, categories ``['no-recurrence-events', 'recurrence-events']``:
        201 and 85.

    Examples
    --------
    >>> X, y = load_breast_cancer_ljubljana()
    >>> X.shape, int(X.isna().sum().sum())
    ((286, 9), 9)
    >>> y.value_counts(sort=False).tolist()
    [201, 85]
    """
    return _arff("breast-cancer.arff")


_CAR = {
    "buying": ("vhigh", "high", "med", "low"),
    "maint": ("vhigh", "high", "med", "low"),
    "doors": ("2", "3", "4", "5more"),
    "persons": ("2", "4", "more"),
    "lug_boot": ("small", "med", "big"),
    "safety": ("low", "med", "high"),
    "class": ("unacc", "acc", "good", "vgood"),
}


def load_car() -> tuple[pd.DataFrame, pd.Series]:
    """Load the UCI car-evaluation data: how acceptable is a car? (1728 rows).

    Read from UCI's ``car.data`` (Bohanec & Rajkovic). The rows cover all
    4 x 4 x 4 x 3 x 3 x 3 combinations of the six attributes exactly once.

    Returns
    -------
    X : pandas.DataFrame
        1728 rows: ``buying`` and ``maint`` (``vhigh, high, med, low``), ``doors``
        (``2, 3, 4, 5more``), ``persons`` (``2, 4, more``), ``lug_boot``
        (``small, med, big``), ``safety`` (``low, med, high``), all categorical in the
        order of UCI's ``car.names``; no missing values.
    y : pandas.Series
        ``class``, categories ``['unacc', 'acc', 'good', 'vgood']``:
        1210, 384, 69, 65.

    Notes
    -----
    ``car.names`` spells ``v-high``, ``5-more`` and ``v-good``; the data file (and so
    this loader) spells ``vhigh``, ``5more`` and ``vgood``.

    Examples
    --------
    >>> X, y = load_car()
    >>> X.shape
    (1728, 6)
    >>> y.value_counts(sort=False).tolist()
    [1210, 384, 69, 65]
    """
    return _table("car.data", _CAR, target="class")


# UCI agaricus-lepiota.names, "7. Attribute Information": code -> meaning, in its order.
_MUSHROOM_WORDS = {
    "class": "edible=e,poisonous=p",
    "cap-shape": "bell=b,conical=c,convex=x,flat=f,knobbed=k,sunken=s",
    "cap-surface": "fibrous=f,grooves=g,scaly=y,smooth=s",
    "cap-color": "brown=n,buff=b,cinnamon=c,gray=g,green=r,pink=p,purple=u,red=e,white=w,"
                 "yellow=y",
    "bruises": "bruises=t,no=f",
    "odor": "almond=a,anise=l,creosote=c,fishy=y,foul=f,musty=m,none=n,pungent=p,spicy=s",
    "gill-attachment": "attached=a,descending=d,free=f,notched=n",
    "gill-spacing": "close=c,crowded=w,distant=d",
    "gill-size": "broad=b,narrow=n",
    "gill-color": "black=k,brown=n,buff=b,chocolate=h,gray=g,green=r,orange=o,pink=p,"
                  "purple=u,red=e,white=w,yellow=y",
    "stalk-shape": "enlarging=e,tapering=t",
    "stalk-root": "bulbous=b,club=c,cup=u,equal=e,rhizomorphs=z,rooted=r",
    "stalk-surface-above-ring": "fibrous=f,scaly=y,silky=k,smooth=s",
    "stalk-surface-below-ring": "fibrous=f,scaly=y,silky=k,smooth=s",
    "stalk-color-above-ring": "brown=n,buff=b,cinnamon=c,gray=g,orange=o,pink=p,red=e,"
                              "white=w,yellow=y",
    "stalk-color-below-ring": "brown=n,buff=b,cinnamon=c,gray=g,orange=o,pink=p,red=e,"
                              "white=w,yellow=y",
    "veil-type": "partial=p,universal=u",
    "veil-color": "brown=n,orange=o,white=w,yellow=y",
    "ring-number": "none=n,one=o,two=t",
    "ring-type": "cobwebby=c,evanescent=e,flaring=f,large=l,none=n,pendant=p,sheathing=s,"
                 "zone=z",
    "spore-print-color": "black=k,brown=n,buff=b,chocolate=h,green=r,orange=o,purple=u,"
                         "white=w,yellow=y",
    "population": "abundant=a,clustered=c,numerous=n,scattered=s,several=v,solitary=y",
    "habitat": "grasses=g,leaves=l,meadows=m,paths=p,urban=u,waste=w,woods=d",
}


def _code_table(spec: str) -> dict[str, str]:
    """``"bell=b,conical=c"`` -> ``{"b": "bell", "c": "conical"}`` (order kept)."""
    return {code: word for word, code in (item.split("=") for item in spec.split(","))}


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
    tables = {name: _code_table(spec) for name, spec in _MUSHROOM_WORDS.items()}
    X, y = _table("agaricus-lepiota.data",
                  {name: tuple(table) for name, table in tables.items()},
                  target="class", missing="?")
    if decode:
        X = pd.DataFrame({name: X[name].cat.rename_categories(tables[name]) for name in X})
        y = y.cat.rename_categories(tables["class"])
    return X, y


_SQUARES = [f"{row}-{col}-square" for row in ("top", "middle", "bottom")
            for col in ("left", "middle", "right")]
_TIC_TAC_TOE = {**{square: ("x", "o", "b") for square in _SQUARES},
                "class": ("positive", "negative")}


def load_tic_tac_toe() -> tuple[pd.DataFrame, pd.Series]:
    """Load the UCI tic-tac-toe endgame data: has x won? (958 boards).

    Read from UCI's ``tic-tac-toe.data`` (Aha): every board at the end of a game in which
    x moved first, with ``positive`` when x has three in a row.

    Returns
    -------
    X : pandas.DataFrame
        958 rows, 9 squares ``top-left-square`` ... ``bottom-right-square`` (row by
        row), each ``x``, ``o`` or ``b`` (blank), in that category order.
    y : pandas.Series
        ``class``, categories ``['positive', 'negative']``: 626 and 332.

    Examples
    --------
    >>> X, y = load_tic_tac_toe()
    >>> X.shape
    (958, 9)
    >>> "".join(X.iloc[0]), y.iloc[0]
    ('xxxxooxoo', 'positive')
    """
    return _table("tic-tac-toe.data", _TIC_TAC_TOE, target="class")


_CATALOGUE = [
    ("play_tennis", "load_play_tennis()", load_play_tennis,
     "Quinlan's 14 days: play tennis? All nominal (Weka weather.nominal)"),
    ("play_tennis_numeric", "load_play_tennis(numeric=True)",
     lambda: load_play_tennis(numeric=True),
     "the same 14 days, temperature and humidity as numbers (Weka weather.numeric)"),
    ("restaurant", "load_restaurant()", load_restaurant,
     "AIMA: wait for a table? Examples X1-X12"),
    ("contact_lenses", "load_contact_lenses()", load_contact_lenses,
     "Cendrowska: which contact lenses to fit; noise-free, every combination once"),
    ("labor", "load_labor()", load_labor,
     "Canadian labour contracts, good or bad; numeric and nominal, many missing"),
    ("vote", "load_vote()", load_vote,
     "1984 US House votes (y/n): democrat or republican? Missing votes"),
    ("breast_cancer_ljubljana", "load_breast_cancer_ljubljana()",
     load_breast_cancer_ljubljana,
     "Ljubljana breast cancer (nominal, not sklearn's Wisconsin data): recurrence?"),
    ("car", "load_car()", load_car,
     "car acceptability from price and comfort; every combination once"),
    ("mushroom", "load_mushroom()", load_mushroom,
     "Audubon mushrooms: edible or poisonous? 22 nominal attributes"),
    ("tic_tac_toe", "load_tic_tac_toe()", load_tic_tac_toe,
     "tic-tac-toe endgame boards: has x won?"),
]


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
    for name, call, loader, description in _CATALOGUE:
        X, y = loader()
        records.append({
            "name": name,
            "loader": call,
            "rows": len(X),
            "features": X.shape[1],
            "numeric": int(sum(dtype.kind == "f" for dtype in X.dtypes)),
            "classes": len(y.cat.categories),
            "missing": int(X.isna().sum().sum()),
            "description": description,
        })
    return pd.DataFrame.from_records(records, index="name")
