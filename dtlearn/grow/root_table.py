"""The candidate table of a whole data set: every attribute scored at the root.

Apart from :mod:`~dtlearn.grow.table` because it grows: it makes a
:class:`~dtlearn.grow.loop.Grower` for the data, and the table module stays below the
loop (a step's table is read without the engine).
"""

from __future__ import annotations

from typing import Any

from .. import criteria
from ..data import encode, encode_target, infer_schema
from .loop import Grower
from .records import GrowthConfig
from .table import SplitTable


def split_table(X: Any, y: Any, criterion: str = "entropy", categorical: Any = None) -> SplitTable:
    """Score every attribute of a data set at once (the root's candidate table).

    Categorical attributes are split one branch per value (as ID3 does); numeric
    attributes at their best binary threshold. Columns: mean info, information gain, split info, gain ratio
    and Gini gain (and the criterion's own score when it is another, such as the
    Hellinger distance), the winner (by ``criterion``) marked.

    Examples
    --------
    >>> from dtlearn import load_play_tennis, split_table
    >>> print(split_table(*load_play_tennis()))  # doctest: +NORMALIZE_WHITESPACE
      attribute   | test  | mean info | information gain | split info | gain ratio | gini gain
    * outlook     | 3-way |     0.694 |            0.247 |      1.577 |      0.156 |     0.116
      temperature | 3-way |     0.911 |            0.029 |      1.557 |      0.019 |     0.019
      humidity    | 2-way |     0.788 |            0.152 |      1.000 |      0.152 |     0.092
      windy       | 2-way |     0.892 |            0.048 |      0.985 |      0.049 |     0.031
    """
    rule = criteria.get(criterion)
    if rule.is_regression:
        raise ValueError(
            f"criterion must be a classification criterion "
            f"{list(criteria.names('classification'))}, got {criterion!r}"
        )
    schema = infer_schema(X, categorical, arg="X")
    Xe = encode(X, schema, allow_missing=False)
    codes, classes = encode_target(y, Xe.shape[0])
    name = getattr(y, "name", None)
    grower = Grower(
        Xe,
        codes,
        schema,
        GrowthConfig(criterion=rule.name),
        classes,
        target_name="class" if name is None else str(name),
    )
    return SplitTable(
        grower.candidates(grower.root.node_id), None, "", grower.classes, grower.target_name
    )


__all__ = ["split_table"]
