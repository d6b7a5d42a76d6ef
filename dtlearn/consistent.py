"""Every consistent multiway tree of a small nominal data set, counted by its leaves.

The trees counted are the ones ID3 could grow if it were allowed any attribute at any node:
a node is split on an attribute not yet used on its path, with one branch per value *present*
at the node; a split needs at least two such values; a pure node is a leaf (unless
``split_pure=True``, where it may also be split); a tree is *consistent* when every leaf is
pure. Two trees differ when some node tests another attribute.

Branches are chosen independently, so the number of trees with ``k`` leaves is a
convolution of the branches' counts, computed without listing the trees. The counts grow
fast: use this on data sets of a few dozen rows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import pandas as pd

__all__ = ["consistent_tree_sizes", "consistent_trees", "n_leaves"]


def _prepare(X: Any, y: Any) -> tuple[list[tuple], list[Any], list[str]]:
    if not isinstance(X, pd.DataFrame):
        raise TypeError(
            f"X must be a pandas DataFrame of nominal attributes, got {type(X).__name__}"
        )
    labels = list(pd.Series(y))
    if len(labels) != len(X):
        raise ValueError(f"y has {len(labels)} labels for {len(X)} rows of X")
    rows = [tuple(row) for row in X.itertuples(index=False)]
    return rows, labels, [str(c) for c in X.columns]


def _groups(rows: list[tuple], members: tuple[int, ...], column: int) -> dict[Any, tuple[int, ...]]:
    groups: dict[Any, list[int]] = {}
    for i in members:
        groups.setdefault(rows[i][column], []).append(i)
    return {value: tuple(group) for value, group in groups.items()}


def consistent_tree_sizes(X: Any, y: Any, *, split_pure: bool = False) -> Counter:
    """Count the consistent multiway trees of ``(X, y)`` by their number of leaves.

    Parameters
    ----------
    X : pandas.DataFrame
        Nominal attributes.
    y : array-like
        The class of every row.
    split_pure : bool, default False
        Also count trees that split pure nodes (each such node is then a leaf *or* a split).

    Returns
    -------
    collections.Counter
        ``{number of leaves: number of distinct trees}``; empty if no tree is consistent
        (two identical rows with different classes).

    Examples
    --------
    >>> from dtlearn import load_play_tennis
    >>> sizes = consistent_tree_sizes(*load_play_tennis())
    >>> sum(sizes.values()), min(sizes), sizes[min(sizes)]
    (253, 5, 1)
    """
    rows, labels, columns = _prepare(X, y)

    @cache
    def count(members: tuple[int, ...], unused: frozenset[int]) -> tuple[tuple[int, int], ...]:
        pure = len({labels[i] for i in members}) == 1
        sizes: Counter = Counter({1: 1}) if pure else Counter()
        if pure and not split_pure:
            return tuple(sizes.items())
        for column in sorted(unused):
            groups = _groups(rows, members, column)
            if len(groups) < 2:
                continue  # the attribute does not split these rows
            combined: Counter = Counter({0: 1})
            for group in groups.values():
                below = count(group, unused - {column})
                step: Counter = Counter()
                for leaves, n in combined.items():  # trees of two branches: add, never overwrite
                    for more, m in below:
                        step[leaves + more] += n * m
                combined = step
            sizes.update(combined)
        return tuple(sorted(sizes.items()))

    return Counter(dict(count(tuple(range(len(rows))), frozenset(range(len(columns))))))


def consistent_trees(X: Any, y: Any, *, split_pure: bool = False) -> Iterator[Any]:
    """Yield every consistent multiway tree of ``(X, y)`` as nested tuples.

    A leaf is its class; a split is ``(attribute, {value: subtree})`` with a branch for
    every value present at the node. Use :func:`consistent_tree_sizes` to count them.

    Examples
    --------
    >>> from dtlearn import load_play_tennis
    >>> trees = list(consistent_trees(*load_play_tennis()))
    >>> len(trees), min(n_leaves(t) for t in trees)
    (253, 5)
    """
    rows, labels, columns = _prepare(X, y)

    def grow(members: tuple[int, ...], unused: frozenset[int]) -> Iterator[Any]:
        classes = {labels[i] for i in members}
        if len(classes) == 1:
            yield next(iter(classes))
            if not split_pure:
                return
        for column in sorted(unused):
            groups = _groups(rows, members, column)
            if len(groups) < 2:
                continue
            values = list(groups)
            options = [list(grow(groups[v], unused - {column})) for v in values]
            yield from _products(columns[column], values, options)

    yield from grow(tuple(range(len(rows))), frozenset(range(len(columns))))


def _products(attribute: str, values: list, options: list[list]) -> Iterator[Any]:
    if not options:
        yield (attribute, {})
        return
    for first in options[0]:
        for rest in _products(attribute, values[1:], options[1:]):
            yield (attribute, {values[0]: first, **rest[1]})


def n_leaves(tree: Any) -> int:
    """The number of leaves of a nested-tuple tree.

    Examples
    --------
    >>> n_leaves(("outlook", {"sunny": "no", "rainy": ("windy", {"yes": "no", "no": "yes"})}))
    3
    """
    if isinstance(tree, tuple):
        return sum(n_leaves(below) for below in tree[1].values())
    return 1
