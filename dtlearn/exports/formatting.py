"""How numbers are printed, the same in every export: the exports' one formatting module.

Thresholds as Weka prints them (:func:`format_number`), exactly where they are read back
(:func:`exact_number`: rules), counts and weights (``format_number(n, 2)``, :func:`plural`),
regression values (:func:`format_value`), a node's prediction (:func:`label_text`). Every
export imports its numbers from here. This module imports nothing from the tree, so
:mod:`dtlearn.tree` can use it at import time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..splits import exact_number, format_number

if TYPE_CHECKING:
    from ..tree import Node, Tree


__all__ = ["exact_number", "format_number", "format_value", "label_text", "plural"]


def plural(n: float, word: str, words: str | None = None) -> str:
    """``n`` followed by ``word`` in the singular for exactly 1, else in the plural.

    Fractional counts (C4.5's weights) are formatted with up to 2 decimals.

    Examples
    --------
    >>> plural(1, "row"), plural(3, "leaf", "leaves"), plural(2.5, "row")
    ('1 row', '3 leaves', '2.5 rows')
    """
    shown = format_number(n, 2)
    return f"{shown} {word if shown == '1' else (words or word + 's')}"


def format_value(value: float) -> str:
    """A regression value as the course prints it: 3 decimals, 3 significant digits if tiny.

    Examples
    --------
    >>> format_value(0.5941252504116743), format_value(-12.0), format_value(0.00012345)
    ('0.594', '-12', '0.000123')
    """
    value = float(value)
    if value != 0 and abs(value) < 0.01:
        return f"{value:.3g}"
    return format_number(value, 3)


def label_text(tree: "Tree", node: "Node") -> str:
    """What ``node`` of ``tree`` predicts, as printed: a class name, or a rounded number.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn import CARTRegressor, ID3Classifier, load_play_tennis
    >>> play = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> label_text(play, play.root)
    'yes'
    >>> cart = CARTRegressor().fit(np.arange(3.0).reshape(-1, 1), [0.1, 0.2, 0.3]).tree_
    >>> label_text(cart, cart.root)
    '0.2'
    """
    return str(tree.label_of(node)) if tree.is_classifier else format_value(node.value[0])
