"""How numbers are printed, the same in every export.

Thresholds as Weka prints them (:func:`format_number`), exactly where they are read back
(:func:`exact_number`: rules), counts and weights (``format_number(n, 2)``, :func:`plural`),
regression values (:func:`format_value`): these live in :mod:`dtlearn.formatting`, the
package's one number-formatting module, and are re-exported here next to a node's
prediction (:func:`label_text`). This module imports nothing from the tree, so
:mod:`dtlearn.tree` can use it at import time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..formatting import exact_number, format_number, format_value, plural

if TYPE_CHECKING:
    from ..tree import Node, Tree


__all__ = ["exact_number", "format_number", "format_value", "label_text", "plural"]


def label_text(tree: Tree, node: Node) -> str:
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
