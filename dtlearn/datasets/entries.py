"""The shipped data sets, declared once: one :class:`DatasetEntry` per data set.

The loaders (``load_car`` ...), the catalogue (:func:`dtlearn.datasets.list_datasets`,
:func:`dtlearn.datasets.load_dataset`), the apps' data-set lists and the tests are all
made from :data:`ENTRIES`. Adding a data set is one entry here plus its file in ``data/``:
an entry whose ``options`` are empty gets its ``load_<name>`` function made for it, with
``doc`` as its docstring. The entry also states what the source says of the file (its
sha256, rows, features, class counts, missing cells), typed from the source, not computed
by the loader, so that the tests check the loader against it. A file copied from elsewhere
also has its provenance in ``data/SOURCES.md``; an ``original`` one (made for dtlearn) needs
none there: its ``source`` and ``licence`` are the record.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass
from functools import partial

import pandas as pd

from .readers import read_converted, read_table

__all__ = ["ENTRIES", "MUSHROOM_WORDS", "DatasetEntry", "catalogue", "code_table", "entry"]

TASKS = ("classification", "regression")


@dataclass(frozen=True)
class DatasetEntry:
    """One shipped data set: where it is, what it predicts, where it comes from.

    Attributes
    ----------
    name : str
        Catalogue name (``"play_tennis"``), the index of :func:`list_datasets`.
    file : str
        The shipped source file in ``data/``.
        An ``.arff`` file is read from the ``.csv`` + ``.json`` pair converted from it.
    target : str
        The column returned as ``y``.
    task : {"classification", "regression"}
    description : str
        One line for the catalogue.
    source : str
        Who made the data and the copy shipped.
    licence : str
        The licence the source states.
    loader : str
        The public function that loads it.
    options : tuple of (str, value) pairs
        The loader's arguments that give this data set (``(("numeric", True),)``).
    columns : mapping, optional
        For a headerless file: column names in file order, each with its categories.
    missing : str, optional
        The value that marks a missing cell in a headerless file.
    doc : str
        Docstring of the loader made from the entry (entries without ``options``).
    sha256 : str
        The sha256 of ``file`` as shipped (keyword only, as are the facts below).
    rows, features : int
        How many rows and feature columns (the target excluded) the source states.
    classes : mapping of str to int, or None
        Classification: each class's count, in the target's category order; None for
        regression.
    missing_cells : int
        How many feature cells are missing.
    original : bool, default False
        True for data made for dtlearn, copied from nowhere: ``source`` and ``licence``
        are then the whole record, and ``data/SOURCES.md`` has no section for it.

    Examples
    --------
    >>> entry("play_tennis_numeric").call
    'load_play_tennis(numeric=True)'
    >>> entry("car").files
    ('car.data',)
    """

    name: str
    file: str
    target: str
    task: str
    description: str
    source: str
    licence: str
    loader: str
    options: tuple = ()
    columns: Mapping[str, Sequence[str]] | None = None
    missing: str | None = None
    doc: str = ""
    _: KW_ONLY
    sha256: str
    rows: int
    features: int
    classes: Mapping[str, int] | None
    missing_cells: int
    original: bool = False

    def __post_init__(self) -> None:
        if self.task not in TASKS:
            raise ValueError(f"task must be one of {TASKS}, got {self.task!r}")
        if not re.fullmatch("[0-9a-f]{64}", self.sha256):
            raise ValueError(
                f"{self.name}: sha256 must be 64 lower-case hex digits, got {self.sha256!r}"
            )
        if (self.classes is None) != (self.task == "regression"):
            raise ValueError(
                f"{self.name}: classes are the class counts of a classification "
                "data set, None for regression"
            )
        if self.classes is not None and sum(self.classes.values()) != self.rows:
            raise ValueError(f"{self.name}: the class counts must add up to rows={self.rows}")
        if (self.columns is None) != self.file.endswith(".arff"):
            raise ValueError(f"{self.name}: an ARFF file needs no columns, any other file does")

    @property
    def call(self) -> str:
        """The loader call that returns this data set, as text (runnable)."""
        args = ", ".join(f"{key}={value!r}" for key, value in self.options)
        return f"{self.loader}({args})"

    @property
    def files(self) -> tuple[str, ...]:
        """The files in ``data/`` the loader reads (the converted pair for ARFF)."""
        if self.columns is None:
            stem = self.file.removesuffix(".arff")
            return (stem + ".csv", stem + ".json")
        return (self.file,)

    @property
    def read(self) -> Callable[[], tuple[pd.DataFrame, pd.Series]]:
        """A function of no arguments that reads the file: ``(X, y)``."""
        if self.columns is None:
            return partial(read_converted, self.file)
        return partial(read_table, self.file, self.columns, self.target, self.missing)


def code_table(spec: str) -> dict[str, str]:
    """``"bell=b,conical=c"`` -> ``{"b": "bell", "c": "conical"}`` (order kept).

    Examples
    --------
    >>> code_table("edible=e,poisonous=p")
    {'e': 'edible', 'p': 'poisonous'}
    """
    return {code: word for word, code in (item.split("=") for item in spec.split(","))}


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
_CAR = {
    "buying": ("vhigh", "high", "med", "low"),
    "maint": ("vhigh", "high", "med", "low"),
    "doors": ("2", "3", "4", "5more"),
    "persons": ("2", "4", "more"),
    "lug_boot": ("small", "med", "big"),
    "safety": ("low", "med", "high"),
    "class": ("unacc", "acc", "good", "vgood"),
}
# UCI agaricus-lepiota.names, "7. Attribute Information": code -> meaning, in its order.
MUSHROOM_WORDS = {
    "class": "edible=e,poisonous=p",
    "cap-shape": "bell=b,conical=c,convex=x,flat=f,knobbed=k,sunken=s",
    "cap-surface": "fibrous=f,grooves=g,scaly=y,smooth=s",
    "cap-color": "brown=n,buff=b,cinnamon=c,gray=g,green=r,pink=p,purple=u,red=e,white=w,yellow=y",
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
    "ring-type": "cobwebby=c,evanescent=e,flaring=f,large=l,none=n,pendant=p,sheathing=s,zone=z",
    "spore-print-color": "black=k,brown=n,buff=b,chocolate=h,green=r,orange=o,purple=u,"
    "white=w,yellow=y",
    "population": "abundant=a,clustered=c,numerous=n,scattered=s,several=v,solitary=y",
    "habitat": "grasses=g,leaves=l,meadows=m,paths=p,urban=u,waste=w,woods=d",
}
_SQUARES = [
    f"{row}-{col}-square"
    for row in ("top", "middle", "bottom")
    for col in ("left", "middle", "right")
]

_WEKA = "Weka 3.8.6 wekadocs/data (Waikato/weka-3.8)"
_GPL = "GPL-3.0 (distributed with Weka)"
_UCI = "UCI ML Repository, copy from GitHub (see data/SOURCES.md)"
_UCI_LICENCE = "none stated by the copy; UCI lists CC BY 4.0 (not confirmed)"

ENTRIES: tuple[DatasetEntry, ...] = (
    DatasetEntry(
        "play_tennis",
        "weather.nominal.arff",
        "play",
        "classification",
        "Quinlan's 14 days: play tennis? All nominal (Weka weather.nominal)",
        f"Quinlan (1986); {_WEKA}",
        _GPL,
        "load_play_tennis",
        sha256="eadeb79b8a0d341e1fdc6314aded92ada89b4f6cb41fdd38fead3c82bd4f45a7",
        rows=14,
        features=4,
        classes={"yes": 9, "no": 5},
        missing_cells=0,
    ),
    DatasetEntry(
        "play_tennis_numeric",
        "weather.numeric.arff",
        "play",
        "classification",
        "the same 14 days, temperature and humidity as numbers (Weka weather.numeric)",
        f"Quinlan (1986); {_WEKA}",
        _GPL,
        "load_play_tennis",
        (("numeric", True),),
        sha256="1453f37518d1320241cb8558fa7d0b01537db9e4cb45cea277fd898c1e8b881d",
        rows=14,
        features=4,
        classes={"yes": 9, "no": 5},
        missing_cells=0,
    ),
    DatasetEntry(
        "restaurant",
        "restaurant.csv",
        "Wait",
        "classification",
        "AIMA: wait for a table? Examples X1-X12",
        "Russell & Norvig, AIMA Fig. 18.3; aimacode/aima-data (x4 Raining as the lecture)",
        "CC BY 4.0",
        "load_restaurant",
        columns=_RESTAURANT,
        sha256="6e7a4c3f1d1eda1e86c5dd556db8b3a6e3de9018bd6e7834cd3eb9677b2c3589",
        rows=12,
        features=10,
        classes={"Yes": 6, "No": 6},
        missing_cells=0,
    ),
    DatasetEntry(
        "contact_lenses",
        "contact-lenses.arff",
        "contact-lenses",
        "classification",
        "Cendrowska: which contact lenses to fit; noise-free, every combination once",
        f"Cendrowska (1987), UCI Lenses; {_WEKA}",
        _GPL,
        "load_contact_lenses",
        sha256="77d2ed4b3cc5c1b5d54464ab4776bee797953b57f3e96e3fcc91df48f69e945b",
        rows=24,
        features=4,
        classes={"soft": 5, "hard": 4, "none": 15},
        missing_cells=0,
        doc="""\
Load Cendrowska's contact-lenses data: which lenses to fit (24 rows).

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
""",
    ),
    DatasetEntry(
        "labor",
        "labor.arff",
        "class",
        "classification",
        "Canadian labour contracts, good or bad; numeric and nominal, many missing",
        f"UCI Labor Relations; {_WEKA}",
        _GPL,
        "load_labor",
        sha256="5d2733aa879fdab2c2108efeedc874e6ffee6bcc121472eda9002096dddab36f",
        rows=57,
        features=16,
        classes={"bad": 20, "good": 37},
        missing_cells=326,
        doc="""\
Load the labor-negotiations data: was the contract good or bad? (57 rows).

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
""",
    ),
    DatasetEntry(
        "vote",
        "vote.arff",
        "Class",
        "classification",
        "1984 US House votes (y/n): democrat or republican? Missing votes",
        f"UCI Congressional Voting Records; {_WEKA}",
        _GPL,
        "load_vote",
        sha256="ee647a77207729d73d02cea20646afcd274fe9de95711cbf9909c903636cd65f",
        rows=435,
        features=16,
        classes={"democrat": 267, "republican": 168},
        missing_cells=392,
        doc="""\
Load the 1984 US House of Representatives votes: democrat or republican (435 rows).

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
""",
    ),
    DatasetEntry(
        "breast_cancer_ljubljana",
        "breast-cancer.arff",
        "Class",
        "classification",
        "Ljubljana breast cancer (nominal, not sklearn's Wisconsin data): recurrence?",
        f"UCI Breast Cancer (Zwitter & Soklic, Ljubljana); {_WEKA}",
        _GPL,
        "load_breast_cancer_ljubljana",
        sha256="f37aea89243c1ea4fff82269ccd0a677afd5d88966bd927295be9f774a15e9d9",
        rows=286,
        features=9,
        classes={"no-recurrence-events": 201, "recurrence-events": 85},
        missing_cells=9,
        doc="""\
Load the Ljubljana breast-cancer data (nominal, 286 rows): recurrence or not.

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
""",
    ),
    DatasetEntry(
        "car",
        "car.data",
        "class",
        "classification",
        "car acceptability from price and comfort; every combination once",
        f"Bohanec & Rajkovic, UCI Car Evaluation; {_UCI}",
        _UCI_LICENCE,
        "load_car",
        columns=_CAR,
        sha256="b703a9ac69f11e64ce8c223c0a40de4d2e9d769f7fb20be5f8f2e8a619893d83",
        rows=1728,
        features=6,
        classes={"unacc": 1210, "acc": 384, "good": 69, "vgood": 65},
        missing_cells=0,
        doc="""\
Load the UCI car-evaluation data: how acceptable is a car? (1728 rows).

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
""",
    ),
    DatasetEntry(
        "mushroom",
        "agaricus-lepiota.data",
        "class",
        "classification",
        "Audubon mushrooms: edible or poisonous? 22 nominal attributes",
        f"Schlimmer, UCI Mushroom; {_UCI}",
        _UCI_LICENCE,
        "load_mushroom",
        columns={name: tuple(code_table(spec)) for name, spec in MUSHROOM_WORDS.items()},
        missing="?",
        sha256="e65d082030501a3ebcbcd7c9f7c71aa9d28fdfff463bf4cf4716a3fe13ac360e",
        rows=8124,
        features=22,
        classes={"e": 4208, "p": 3916},
        missing_cells=2480,
    ),
    DatasetEntry(
        "tic_tac_toe",
        "tic-tac-toe.data",
        "class",
        "classification",
        "tic-tac-toe endgame boards: has x won?",
        f"Aha, UCI Tic-Tac-Toe Endgame; {_UCI}",
        _UCI_LICENCE,
        "load_tic_tac_toe",
        columns={
            **{square: ("x", "o", "b") for square in _SQUARES},
            "class": ("positive", "negative"),
        },
        sha256="a996a756484d0cf8cbad1680d823aadbfcff8ae2d78c450e6999362d580301c5",
        rows=958,
        features=9,
        classes={"positive": 626, "negative": 332},
        missing_cells=0,
        doc="""\
Load the UCI tic-tac-toe endgame data: has x won? (958 boards).

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
""",
    ),
)

_BY_NAME = {e.name: e for e in ENTRIES}
if len(_BY_NAME) != len(ENTRIES):
    raise ValueError(f"data set names must be unique: {[e.name for e in ENTRIES]}")


def entry(name: str) -> DatasetEntry:
    """The registry entry called ``name``.

    Examples
    --------
    >>> entry("vote").target
    'Class'
    >>> entry("iris")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown data set 'iris'; shipped: play_tennis, ..., vote, ...
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError(f"unknown data set {name!r}; shipped: {', '.join(_BY_NAME)}") from None


def catalogue(task: str | None = None) -> tuple[DatasetEntry, ...]:
    """The registry's entries, in catalogue order; only those of ``task`` if given.

    Examples
    --------
    >>> [e.name for e in catalogue("classification")][:3]
    ['play_tennis', 'play_tennis_numeric', 'restaurant']
    >>> catalogue("regression")
    ()
    """
    if task is not None and task not in TASKS:
        raise ValueError(f"task must be one of {TASKS} or None, got {task!r}")
    return tuple(e for e in ENTRIES if task is None or e.task == task)
