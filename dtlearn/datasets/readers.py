"""Reading the packaged data files with the standard library (no ARFF parser at run time).

Two layouts are shipped: a Weka ARFF file converted once (``tools/convert_data.py``) to
``<stem>.csv`` plus a ``<stem>.json`` schema, read by :func:`read_converted`; and a
headerless comma-separated file whose columns are all categorical and declared in the
registry, read by :func:`read_table`. Both give what every loader returns: ``(X, y)``,
categorical columns in declared order, numeric ones ``float64``, missing values ``NaN``.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from importlib import resources

import numpy as np
import pandas as pd

from .arffio import categorical

__all__ = ["data_text", "read_converted", "read_table"]


def data_text(filename: str) -> str:
    """The text of a file in the package's ``data`` folder.

    Examples
    --------
    >>> data_text("restaurant.csv").splitlines()[0][:12]
    'Yes, No,  No'
    """
    return resources.files(__package__).joinpath("data", filename).read_text(encoding="utf-8")


def read_converted(filename: str) -> tuple[pd.DataFrame, pd.Series]:
    """Load a Weka data set from its converted form: ``<stem>.csv`` + ``<stem>.json``.

    Returns what ``read_arff`` returns for the ARFF file itself (nominal columns as
    categories in declared order, numeric ones ``float64``, missing values ``NaN``, the
    last attribute as the target); ``tests/test_datasets.py`` checks that they agree.

    Examples
    --------
    >>> X, y = read_converted("weather.nominal.arff")
    >>> X.shape, y.name
    ((14, 4), 'play')
    """
    stem = filename.removesuffix(".arff")
    schema = json.loads(data_text(stem + ".json"))
    rows = list(csv.reader(io.StringIO(data_text(stem + ".csv"), newline="")))
    header, rows = rows[0], rows[1:]
    attributes = schema["attributes"]
    if header != [a["name"] for a in attributes]:
        raise ValueError(f"{stem}.csv: header {header} does not match {stem}.json")
    columns = list(zip(*rows)) if rows else [()] * len(attributes)
    data = {}
    for attribute, values in zip(attributes, columns):
        name = attribute["name"]
        if attribute["type"] == "numeric":
            data[name] = np.array(
                [float(v) if v != "" else np.nan for v in values], dtype=np.float64
            )
        else:
            data[name] = categorical(
                [v if v != "" else None for v in values], attribute["categories"], name
            )
    frame = pd.DataFrame(data, columns=header)
    target = schema["target"]
    return frame.drop(columns=[target]), frame[target]


def _rows(filename: str, n_columns: int) -> list[list[str]]:
    """Comma-separated lines of a packaged file, each value stripped of padding.

    Blank lines are skipped; an error names the line's number in the file (from 1).
    """
    rows = []
    for number, line in enumerate(data_text(filename).splitlines(), start=1):
        if not line.strip():
            continue
        row = [value.strip() for value in line.split(",")]
        if len(row) != n_columns:
            raise ValueError(f"{filename}, line {number}: {len(row)} values, expected {n_columns}")
        rows.append(row)
    return rows


def read_table(
    filename: str, columns: Mapping[str, Sequence[str]], target: str, missing: str | None = None
) -> tuple[pd.DataFrame, pd.Series]:
    """Read a headerless file whose columns are all categorical, declared in ``columns``.

    Parameters
    ----------
    filename : str
        A file of the package's ``data`` folder, one comma-separated row per line
        (values may be padded with spaces).
    columns : mapping of str to sequence of str
        Column names in file order, each with its categories in declared order.
    target : str
        The column returned as ``y``.
    missing : str, optional
        The value that marks a missing cell (``"?"`` in UCI files).

    Examples
    --------
    >>> X, y = read_table("car.data", {"buying": ("vhigh", "high", "med", "low"),
    ...     "maint": ("vhigh", "high", "med", "low"), "doors": ("2", "3", "4", "5more"),
    ...     "persons": ("2", "4", "more"), "lug_boot": ("small", "med", "big"),
    ...     "safety": ("low", "med", "high"), "class": ("unacc", "acc", "good", "vgood")},
    ...     target="class")
    >>> X.shape, list(y.cat.categories)
    ((1728, 6), ['unacc', 'acc', 'good', 'vgood'])
    """
    rows = _rows(filename, len(columns))
    data = {}
    for name, values in zip(columns, zip(*rows)):
        values = [None if v == missing else v for v in values]
        data[name] = categorical(values, columns[name], name)
    frame = pd.DataFrame(data, columns=list(columns))
    return frame.drop(columns=[target]), frame[target]
