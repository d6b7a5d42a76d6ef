"""The tree lines Weka 3.6 prints for ``Id3`` and ``J48``, without its header and footer.

Two layouts: ``"id3"`` (``|  `` bars, a bare class at each leaf, ``null`` for an empty
leaf) and ``"j48"`` (``|   `` bars, ``(weight/errors)`` at each leaf). The layout is an
option of the export, not of the learner; by default a tree prints in the layout of the
learner that made it (its ``flavour``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..formatting import format_number, format_value, java_double

if TYPE_CHECKING:
    from ..tree import Node, Tree

LAYOUTS = ("id3", "j48")
"""The Weka print layouts :func:`weka_text` knows."""

_BARS = {"id3": "|  ", "j48": "|   "}


def resolve_layout(tree: Tree, layout: str | None) -> str:
    """The layout to print ``tree`` in: ``layout``, or by default the tree's own ``flavour``.

    Any flavour other than ``"id3"`` prints as J48, the layout of every learner that
    reports leaf weights.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> resolve_layout(tree, None), resolve_layout(tree, "j48")
    ('id3', 'j48')
    """
    if layout is None:
        return "id3" if tree.flavour == "id3" else "j48"
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS} or None, got {layout!r}")
    return layout


def round_double(value: float, digits: int = 2) -> float:
    """Weka's ``Utils.roundDouble``: ``Math.round(value * 10^digits) / 10^digits``.

    Java's ``Math.round`` rounds half up (towards positive infinity) the double
    ``value * 10^digits`` as that product rounds in binary, so a count of 1.625 gives 1.63
    and 0.125 gives 0.13, where round-half-even (``numpy.rint``) gives 1.62 and 0.12.

    Parameters
    ----------
    value : float
        The number (a leaf's weight or errors).
    digits : int, default 2
        Decimals kept.

    Returns
    -------
    float

    Examples
    --------
    >>> round_double(1.625), round_double(0.125), round_double(83.625), round_double(2.0)
    (1.63, 0.13, 83.63, 2.0)
    """
    mask = 10.0**digits  # Math.pow(10.0, digits): exact for the digits Weka prints
    scaled = float(value) * mask
    if not math.isfinite(scaled) or abs(scaled) >= 2.0**52:
        return float(value)  # already an integer at this scale (Math.round returns it)
    low = math.floor(scaled)
    return (low + (1.0 if scaled - low >= 0.5 else 0.0)) / mask


def weka_leaf_text(tree: Tree, node: Node, layout: str) -> str:
    """What Weka prints after a leaf's test, in ``layout`` (``"id3"`` or ``"j48"``).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> leaf = tree.leaves()[0]
    >>> weka_leaf_text(tree, leaf, "id3"), weka_leaf_text(tree, leaf, "j48")
    ('no', 'no (3.0)')
    """
    if not tree.is_classifier:
        return f"{format_value(node.value[0])} ({format_number(node.n_samples, 2)})"
    label = tree.label_of(node)
    if layout == "id3":
        return "null" if node.n_samples == 0 else str(label)
    # Weka: Utils.roundDouble(x, 2) = Math.round(x * 100) / 100; errors shown when > 1e-6
    weight = java_double(round_double(node.n_samples))
    errors = java_double(round_double(node.errors))
    return f"{label} ({weight}/{errors})" if node.errors > 1e-6 else f"{label} ({weight})"


def weka_text(tree: Tree, layout: str | None = None) -> str:
    """The tree lines Weka 3.6 prints, in the ``Id3`` or ``J48`` layout.

    Parameters
    ----------
    tree : Tree
        The tree to print.
    layout : {"id3", "j48"} or None
        ``"id3"``: Weka's ``Id3`` (``|  `` bars, bare classes). ``"j48"``: Weka's ``J48``
        (``|   `` bars, ``(weight/errors)`` at each leaf). ``None``: the layout of the
        learner that made the tree (``tree.flavour``).

    Returns
    -------
    str
        The lines, joined by newlines; a one-leaf tree prints as ``: label``.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> print(weka_text(tree, layout="j48"))
    outlook = sunny
    |   humidity = high: no (3.0)
    |   humidity = normal: yes (2.0)
    outlook = overcast: yes (4.0)
    outlook = rainy
    |   windy = TRUE: no (2.0)
    |   windy = FALSE: yes (3.0)
    """
    layout = resolve_layout(tree, layout)
    if tree.root.is_leaf:
        return f": {weka_leaf_text(tree, tree.root, layout)}"
    bar = _BARS[layout]
    lines: list[str] = []
    # (node, level, next branch to print): iterative, so any depth prints
    stack: list[tuple[Node, int, int]] = [(tree.root, 0, 0)]
    while stack:
        current, level, start = stack.pop()
        conditions = current.split.conditions(tree.schema)
        for i in range(start, len(current.children)):
            child = current.children[i]
            text = bar * level + conditions[i]
            if child.is_leaf:
                lines.append(f"{text}: {weka_leaf_text(tree, child, layout)}")
            else:
                lines.append(text)
                stack.append((current, level, i + 1))
                stack.append((child, level + 1, 0))
                break
    return "\n".join(lines)
