"""Reading Weka's ARFF files into pandas, through the maintained ``liac-arff`` parser.

The parsing itself (quoted values, ``%`` comments, ``?`` for missing, sparse rows) is
done by ``liac-arff``; this module only turns its result into the form every dtlearn
learner accepts: nominal attributes become :class:`pandas.Categorical` columns whose
categories keep the order of the ``@attribute`` declaration, numeric attributes become
``float64`` columns, and missing values become ``NaN``.
"""

from __future__ import annotations

import gzip
import os
import re
from collections.abc import Sequence
from typing import IO, Any, Union

import numpy as np
import pandas as pd

ArffSource = Union[str, bytes, "os.PathLike[str]", IO[str], IO[bytes]]

_NUMERIC_TYPES = ("NUMERIC", "REAL", "INTEGER")


def _decode(data: bytes) -> str:
    """Text of a file's bytes: gunzipped when gzipped, UTF-8 else Latin-1 (older Weka files)."""
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _read_text(source: Any) -> str:
    """Return the ARFF text from a path, a file object, bytes or the text itself."""
    if isinstance(source, os.PathLike):
        with open(source, "rb") as handle:
            return _decode(handle.read())
    if isinstance(source, bytes):
        return _decode(source)
    if isinstance(source, str):
        if not source.strip():
            raise ValueError("source is empty: give a path, an open file or the ARFF text")
        if "\n" in source:
            return source
        with open(source, "rb") as handle:
            return _decode(handle.read())
    if hasattr(source, "read"):
        text = source.read()
        return _decode(text) if isinstance(text, bytes) else text
    raise TypeError(
        "read_arff: source must be a path, an open file, or the ARFF text; "
        f"got {type(source).__name__}"
    )


_UNSUPPORTED = re.compile(
    r"^\s*@attribute\s+('[^']*'|\"[^\"]*\"|\S+)\s+(date|relational)\b", re.IGNORECASE | re.MULTILINE
)


def _strip_comments(text: str) -> str:
    """Cut every ``%`` comment that is not inside quotes, wherever it starts on a line.

    liac-arff reads whole-line comments only; Weka also allows one after a declaration
    (``@attribute total {low, high} % low < 100`` in Weka's ``supermarket.arff``).
    """
    if "%" not in text:
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if "%" not in line:
            continue
        quote = None
        escaped = False
        for j, ch in enumerate(line):
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif quote is not None:
                if ch == quote:
                    quote = None
            elif ch in "'\"":
                quote = ch
            elif ch == "%":
                lines[i] = line[:j].rstrip()
                break
    return "\n".join(lines)


def categorical(values: Sequence[Any], categories: Sequence[str], name: str) -> pd.Categorical:
    """Make a Categorical with declared ``categories``, refusing undeclared values.

    ``pandas.Categorical`` silently turns a value outside ``categories`` into ``NaN``;
    here such a value is an error, so a typo in a data file cannot pass as a missing value.
    ``None`` and ``NaN`` are missing values.

    Parameters
    ----------
    values : sequence
        The column's values.
    categories : sequence of str
        The declared categories, in order.
    name : str
        Column name, used in the error message.

    Returns
    -------
    pandas.Categorical
        The column, with ``categories`` in the declared order.

    Raises
    ------
    ValueError
        If a non-missing value is not one of ``categories``.

    Examples
    --------
    >>> list(categorical(["b", None, "a"], ["b", "a"], "x").categories)
    ['b', 'a']
    >>> categorical(["c"], ["a", "b"], "x")
    Traceback (most recent call last):
    ...
    ValueError: column 'x': value(s) ['c'] not among the declared categories ['a', 'b']
    """
    declared = set(categories)
    unknown = sorted({v for v in values if not _missing(v) and v not in declared}, key=str)
    if unknown:
        raise ValueError(
            f"column {name!r}: value(s) {unknown} not among the declared "
            f"categories {list(categories)}"
        )
    return pd.Categorical(values, categories=list(categories))


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and np.isnan(value))


def _column(name: str, kind: Any, values: Sequence[Any]) -> Any:
    if isinstance(kind, list):
        return categorical(values, kind, name)
    if kind in _NUMERIC_TYPES:
        return np.array([np.nan if v is None else v for v in values], dtype=np.float64)
    # STRING attributes: plain text column, missing values as NaN.
    return pd.Series([np.nan if v is None else v for v in values], dtype=object).to_numpy()


def read_arff(
    source: ArffSource, target: str | int | None = -1
) -> tuple[pd.DataFrame, pd.Series] | pd.DataFrame:
    """Read an ARFF file (Weka's format) into features ``X`` and target ``y``.

    Parsing is done by the ``liac-arff`` library, dtlearn's ``arff`` extra
    (``pip install "dtlearn[arff]"``; without it this raises ``ImportError`` saying so,
    while the packaged data sets load without it); quoted names and values (``'good'``),
    ``?`` for missing values and sparse rows (``{0 1, 3 t}``) are handled there. ``%``
    comments may stand anywhere (a whole line, after ``@data``, or after a declaration or
    a data row); gzipped files (``.arff.gz``) and Latin-1 text are read too.

    Parameters
    ----------
    source : str, path-like, bytes or file object
        A path to an ``.arff`` file, an open file (text or binary), or the ARFF text
        itself: a ``str`` that contains a line break is taken as the text, any other
        ``str`` as a path. Text is decoded as UTF-8.
    target : str, int or None, default -1
        The attribute to return as ``y``: its name, or its position (``-1``, the
        default, is the last attribute, Weka's convention for the class). ``None``
        returns all attributes as one DataFrame.

    Returns
    -------
    X : pandas.DataFrame
        One column per attribute except the target, in file order. Nominal attributes
        are ``category`` columns whose categories keep the declared order; ``numeric``,
        ``real`` and ``integer`` attributes are ``float64``; ``string`` attributes are
        text columns (pandas' default string dtype). Missing values (``?``) are ``NaN``.
    y : pandas.Series
        The target attribute, named after it, converted the same way.
        Only ``X`` (with every attribute) is returned when ``target`` is ``None``.

    Raises
    ------
    ValueError
        If the text is not valid ARFF (the message is the parser's, with its line
        number), or if ``target`` names no attribute of the file.

    Notes
    -----
    ``date`` and ``relational`` attributes are not supported: a file that declares one
    raises ``ValueError`` naming the attribute. Every file in Weka 3.6's ``examples``
    folder reads.

    Examples
    --------
    >>> text = '''% a tiny file
    ... @relation tiny
    ... @attribute colour {'red', 'green', 'blue'}
    ... @attribute size numeric
    ... @attribute ok {yes, no}
    ... @data
    ... % comments may also follow @data
    ... 'green', 3, yes
    ... blue, ?, no
    ... ?, 1.5, yes
    ... '''
    >>> X, y = read_arff(text)
    >>> X.shape, y.name
    ((3, 2), 'ok')
    >>> list(X["colour"].cat.categories)
    ['red', 'green', 'blue']
    >>> X["size"].tolist()
    [3.0, nan, 1.5]
    >>> read_arff(text, target="colour")[1].tolist()
    ['green', 'blue', nan]
    >>> read_arff(text, target=None).columns.tolist()
    ['colour', 'size', 'ok']
    """
    text = _read_text(source)
    unsupported = _UNSUPPORTED.search(text)
    if unsupported:
        raise ValueError(
            f"read_arff does not support {unsupported.group(2).lower()} "
            f"attributes (attribute {unsupported.group(1)}); remove or convert "
            f"that column first"
        )
    text = _strip_comments(text)
    try:
        import arff  # liac-arff, the `arff` extra: an sdist only, none in Pyodide
    except ModuleNotFoundError:
        raise ImportError(
            'read_arff needs the liac-arff package, dtlearn\'s "arff" extra: '
            'pip install "dtlearn[arff]" (or pip install liac-arff); the data '
            "sets shipped with dtlearn load without it"
        ) from None
    try:
        # the lines, not the text: liac-arff strips a text's leading blank lines (and the
        # comment lines emptied above) before counting, so its error line would be too small
        parsed = arff.loads(text.split("\n"))
    except arff.ArffException as exc:
        raise ValueError(f"not a valid ARFF file: {exc}") from None
    except IndexError:  # liac-arff indexes a nominal declaration without values ({})
        raise ValueError(
            "not a valid ARFF file: a nominal attribute declares no values ({})"
        ) from None
    attributes = parsed["attributes"]
    names = [name for name, _ in attributes]
    columns = list(zip(*parsed["data"])) if parsed["data"] else [()] * len(attributes)
    frame = pd.DataFrame(
        {name: _column(name, kind, values) for (name, kind), values in zip(attributes, columns)},
        columns=names,
    )
    if target is None:
        return frame
    if isinstance(target, (int, np.integer)) and not isinstance(target, bool):
        if not -len(names) <= target < len(names):
            raise ValueError(
                f"target position {target} is out of range: the file has {len(names)} attributes"
            )
        target = names[target]
    elif target not in names:
        raise ValueError(
            f"target {target!r} is not an attribute of this ARFF file; its attributes are {names}"
        )
    y = frame[target]
    X = frame.drop(columns=[target])
    return X, y
