"""Preconditions of rules: the :class:`Condition` value and the reader of its text.

A condition is one branch of a split (``outlook = sunny`` is branch 0 of the multiway
split on ``outlook``); :func:`parse_condition` reads every condition the exports of
:mod:`dtlearn.exports.rule_text` write, so a rule printed by a tree reads back as the same
tests (:meth:`dtlearn.pruning.rule_post_pruning.Rule.from_text`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ..data import Schema
from ..splits import UNKNOWN, MultiwaySplit, ObliqueSplit, Split, SubsetSplit, ThresholdSplit

__all__ = ["Condition", "exact_text", "parse_condition", "parse_number"]


@dataclass(frozen=True)
class Condition:
    """One precondition: the instance takes branch ``branch`` of ``split``.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn.splits import ThresholdSplit
    >>> c = Condition(ThresholdSplit(0, 75.0), 0, "humidity <= 75")
    >>> c.holds(np.array([[70.0], [80.0], [np.nan]]))
    array([ True, False, False])
    """

    split: Split
    branch: int
    text: str

    def holds(self, Xe: np.ndarray) -> np.ndarray:
        """Whether each row of the encoded matrix satisfies the condition (missing: no)."""
        return self.split.route(Xe) == self.branch

    def __str__(self) -> str:
        """Plain text (what notebooks show as ``text/plain``)."""
        return self.text


def _column(name: str, schema: Schema) -> int:
    if name not in schema.names:
        raise ValueError(f"text: no attribute {name!r}; attributes are {list(schema.names)}")
    return schema.names.index(name)


def parse_number(value: str, name: str) -> float:
    """``float(value)``, or a ValueError saying ``name`` is numeric.

    Examples
    --------
    >>> parse_number("2.5", "humidity")
    2.5
    """
    try:
        return float(value)
    except ValueError:
        raise ValueError(f"text: {value!r} is not a number; {name!r} is numeric") from None


_NUMBER = r"(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf"


def _parse_oblique(text: str, schema: Schema) -> Condition:
    """``0.5·x0 - 0.25·x1 + 3 <= 0`` (what :class:`~dtlearn.splits.ObliqueSplit` prints)."""
    match = re.fullmatch(r"\s*(.+?)\s*(<=|>)\s*0\s*", text)
    if match is None:
        raise ValueError(
            f"text: cannot read the linear condition {text!r}; write "
            f"'w·name + ... + b <= 0' or '> 0'"
        )
    expr, op = match.groups()
    tokens = re.findall(rf"([+-]?)\s*({_NUMBER})(?:·(.+?))?\s*(?=\s[+-]\s|$)", expr.strip())
    columns, weights, bias = [], [], 0.0
    for sign, number, name in tokens:
        value = -float(number) if sign == "-" else float(number)
        if name:
            columns.append(_column(name.strip(), schema))
            weights.append(value)
        else:
            bias = value
    if not columns:
        raise ValueError(f"text: no 'weight·attribute' term in {text!r}")
    return Condition(
        ObliqueSplit(tuple(columns), tuple(weights), bias), 0 if op == "<=" else 1, text.strip()
    )


def parse_condition(text: str, schema: Schema) -> Condition:
    """Read one precondition as the exports write it (see :meth:`Rule.from_text`).

    Parameters
    ----------
    text : str
        ``a = v``, ``b <= 3`` / ``b > 3`` (also ``b <= 3 (tolerance 1e-06)``), an ordered
        category's ``size <= med``, ``a in {u, v}``, ``0.5·b - 2·c + 1 <= 0``,
        ``a unknown`` or ``a not in {u, v}``.
    schema : Schema
        The attributes the condition names.

    Raises
    ------
    ValueError
        When the text names no attribute of ``schema``, a value it lacks, or has no form
        above.

    Examples
    --------
    >>> from dtlearn import load_play_tennis
    >>> from dtlearn.data import infer_schema
    >>> schema = infer_schema(load_play_tennis()[0])
    >>> c = parse_condition("humidity = high", schema)
    >>> c.split.features, c.branch, str(c)
    ((2,), 0, 'humidity = high')
    """
    unknown = re.fullmatch(r"\s*(.+?)\s+unknown\s*", text)
    if unknown is not None and unknown.group(1) in schema.names:
        j = _column(unknown.group(1), schema)
        return Condition(
            ThresholdSplit(j, 0.0)
            if not schema.is_categorical(j)
            else MultiwaySplit(j, len(schema.categories[j])),
            UNKNOWN,
            text.strip(),
        )
    if "·" in text:
        return _parse_oblique(text, schema)
    unseen = re.fullmatch(r"\s*(.+?)\s+not\s+in\s+\{(.*)\}\s*", text)
    if unseen is not None:  # none of the values a node saw: predict stops there
        name, body = unseen.groups()
        j = _column(name, schema)
        if not schema.is_categorical(j):
            raise ValueError(f"text: {name!r} is numeric; a set of values needs categories")
        cats = [str(c) for c in schema.categories[j]]
        values = [v.strip() for v in body.split(",")]
        seen = tuple(cats.index(v) for v in values if v in cats)  # others cannot occur
        return Condition(SubsetSplit(j, seen, ()), UNKNOWN, text.strip())
    subset = re.fullmatch(r"\s*(.+?)\s+in\s+\{(.*)\}\s*", text)
    if subset is not None:  # CART's subset of categories: one side of a SubsetSplit
        name, body = subset.groups()
        j = _column(name, schema)
        if not schema.is_categorical(j):
            raise ValueError(f"text: {name!r} is numeric; a set of values needs categories")
        cats = [str(c) for c in schema.categories[j]]
        values = [v.strip() for v in body.split(",")]
        wrong = [v for v in values if v not in cats]
        if wrong:
            raise ValueError(f"text: {wrong} are not values of {name!r} ({cats})")
        left = tuple(cats.index(v) for v in values)
        rest = tuple(k for k in range(len(cats)) if k not in left)
        return Condition(SubsetSplit(j, left, rest), 0, f"{name} in {{{', '.join(values)}}}")
    match = re.fullmatch(r"\s*(.+?)\s*(<=|>|=)\s*(.+?)\s*", text)
    if match is None:
        raise ValueError(
            f"text: cannot read the condition {text!r}; write 'name = value', "
            f"'name <= number', 'name > number', 'name in {{a, b}}' or "
            f"'w·name + b <= 0'"
        )
    name, op, value = match.groups()
    if name not in schema.names:
        raise ValueError(f"text: no attribute {name!r}; attributes are {list(schema.names)}")
    j = schema.names.index(name)
    if op == "=":
        if not schema.is_categorical(j):
            raise ValueError(f"text: {name!r} is numeric; use <= or >")
        cats = [str(c) for c in schema.categories[j]]
        if value not in cats:
            raise ValueError(f"text: {value!r} is not a value of {name!r} ({cats})")
        return Condition(MultiwaySplit(j, len(cats)), cats.index(value), f"{name} = {value}")
    if schema.is_ordinal(j):  # an ordered category: the threshold is a level's name
        cats = [str(c) for c in schema.categories[j]]
        if value not in cats:
            raise ValueError(f"text: {value!r} is not a level of {name!r} ({cats})")
        return Condition(
            ThresholdSplit(j, float(cats.index(value))),
            0 if op == "<=" else 1,
            f"{name} {op} {value}",
        )
    if schema.is_categorical(j):
        raise ValueError(f"text: {name!r} is categorical; use =")
    tolerance = re.fullmatch(r"(.+?)\s*\(tolerance\s+(.+)\)", value)
    tol = 0.0
    if tolerance is not None:  # J48: within the tolerance above the threshold goes left
        value, tol = tolerance.group(1), parse_number(tolerance.group(2), name)
    threshold = parse_number(value, name)
    return Condition(
        ThresholdSplit(j, threshold, tolerance=tol), 0 if op == "<=" else 1, f"{name} {op} {value}"
    )


def exact_text(condition: Condition, schema: Schema) -> str:
    """A condition with its numbers exact, as :meth:`Rule.from_text` reads it back.

    Examples
    --------
    >>> from dtlearn.data import Schema
    >>> schema = Schema(("x",), ("numeric",), (None,))
    >>> exact_text(parse_condition("x <= 0.1", schema), schema)
    'x <= 0.1'
    """
    if condition.branch == UNKNOWN:
        return condition.text
    return condition.split.conditions(schema, exact=True)[condition.branch]
