"""One prediction explained: the tests an instance passes, printed as text or Markdown.

This module imports nothing from the tree, so :mod:`dtlearn.tree` can use it at import time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..data import Schema, encode
from ..formatting import format_value, plural
from ..splits import UNKNOWN

if TYPE_CHECKING:
    from ..tree import Tree


@dataclass(frozen=True)
class PathStep:
    """One test passed on the way down: the node, the branch taken and its condition."""

    node_id: int
    condition: str
    n_samples: float


@dataclass(frozen=True)
class DecisionPath:
    """The tests an instance passes from the root to its leaf, and the prediction there.

    ``str()`` reads like an explanation: ``outlook = sunny -> humidity = high -> no``.

    Examples
    --------
    >>> path = DecisionPath((PathStep(0, "outlook = sunny", 14.0),), 3, "no")
    >>> print(path)
    outlook = sunny -> predict 'no'
    """

    steps: tuple[PathStep, ...]
    leaf_id: int
    prediction: Any
    stopped_early: bool = False

    def __str__(self) -> str:
        parts = [s.condition for s in self.steps]
        end = f"predict {self._shown()}"
        if self.stopped_early:
            end += " (value unknown at the last node: its majority is used)"
        return " -> ".join(parts + [end])

    __repr__ = __str__

    def _repr_markdown_(self) -> str:
        lines = [
            f"{i + 1}. `{s.condition}` ({plural(s.n_samples, 'training row')})"
            for i, s in enumerate(self.steps)
        ]
        return "\n".join(
            lines + [f"\n**prediction: {self._shown(quote=False)}** (leaf {self.leaf_id})"]
        )

    def _shown(self, quote: bool = True) -> str:
        """The prediction as printed: a number rounded (regression), a label quoted."""
        if isinstance(self.prediction, float):
            return format_value(self.prediction)
        return repr(self.prediction) if quote else str(self.prediction)


def decision_path(tree: Tree, x: Any) -> DecisionPath:
    """The tests one instance passes through ``tree``, as a :class:`DecisionPath`.

    ``x`` may be a dict of feature values, a pandas Series, a 1-D sequence in column
    order, or a one-row table. A test that cannot be answered (missing value, unseen
    category) stops the path there, with that node's prediction.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> print(decision_path(tree, {"outlook": "sunny", "temperature": "hot",
    ...                            "humidity": "high", "windy": "FALSE"}))
    outlook = sunny -> humidity = high -> predict 'no'
    """
    Xe = encode(one_row(x, tree.schema), tree.schema, arg="x")
    if Xe.shape[0] != 1:
        raise ValueError(f"x must be one instance; got {Xe.shape[0]} rows")
    node, steps = tree.root, []
    while not node.is_leaf:
        branch = int(node.split.route(Xe)[0])
        if branch == UNKNOWN:
            return DecisionPath(tuple(steps), node.node_id, tree.label_of(node), True)
        steps.append(
            PathStep(node.node_id, node.split.conditions(tree.schema)[branch], node.n_samples)
        )
        node = node.children[branch]
    return DecisionPath(tuple(steps), node.node_id, tree.label_of(node))


def one_row(x: Any, schema: Schema) -> Any:
    """One instance as a table :func:`dtlearn.data.encode` reads, features named by ``schema``.

    A dict or Series may leave features out (they are missing) but not name unknown ones.

    Examples
    --------
    >>> from dtlearn.data import Schema
    >>> one_row({"b": 2.0}, Schema(("a", "b"), ("numeric", "numeric"), (None, None)))
          a    b
    0  None  2.0
    """
    import pandas as pd

    if isinstance(x, (dict, pd.Series)):
        keys = list(x.keys())
        unknown = [k for k in keys if str(k) not in schema.names]
        if unknown:
            raise ValueError(
                f"x names features the tree does not know: {unknown}; its "
                f"features are {list(schema.names)}"
            )
        values = {str(k): v for k, v in zip(keys, (x[k] for k in keys))}
        return pd.DataFrame([{name: values.get(name) for name in schema.names}])
    if isinstance(x, pd.DataFrame):
        return x
    array = np.asarray(x, dtype=object)
    return array.reshape(1, -1) if array.ndim == 1 else array
