"""The tree as indented text: the friendly box drawing, or Weka's layout."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..formatting import format_number, format_value, plural
from .labels import label_text
from .weka import weka_text

if TYPE_CHECKING:
    from ..tree import Node, Tree


def node_summary(tree: Tree, node: Node) -> str:
    """A node's training rows in parentheses: class counts, or the regression value.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> node_summary(tree, tree.root)
    '(14: yes 9, no 5)'
    """
    if not tree.is_classifier:
        return (
            f"({plural(node.n_samples, 'row')}, {tree.leaf_statistic} "
            f"{format_value(node.value[0])})"
        )
    counts = ", ".join(f"{c} {format_number(v, 2)}" for c, v in zip(tree.classes, node.counts))
    return f"({format_number(node.n_samples, 2)}: {counts})"


def friendly_text(tree: Tree) -> str:
    """Box-drawing lines, one per node, with the training counts at every node.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> print(friendly_text(ID3Classifier().fit(*load_play_tennis()).tree_))
    play?  (14: yes 9, no 5)
    ├─ outlook = sunny  (5: yes 2, no 3)
    │  ├─ humidity = high → no  (3: yes 0, no 3)
    │  └─ humidity = normal → yes  (2: yes 2, no 0)
    ├─ outlook = overcast → yes  (4: yes 4, no 0)
    └─ outlook = rainy  (5: yes 3, no 2)
       ├─ windy = TRUE → no  (2: yes 0, no 2)
       └─ windy = FALSE → yes  (3: yes 3, no 0)
    """
    lines = [f"{tree.target_name}?  {node_summary(tree, tree.root)}"]
    # (node, its condition, indentation so far, its branch glyph); iterative for any depth
    stack: list[tuple[Node, str, str, str]] = []

    def push_children(node: Node, prefix: str) -> None:
        conditions = node.split.conditions(tree.schema)
        last = len(node.children) - 1
        for i in reversed(range(len(node.children))):
            stack.append((node.children[i], conditions[i], prefix, "└─ " if i == last else "├─ "))

    if not tree.root.is_leaf:
        push_children(tree.root, "")
    while stack:
        node, cond, prefix, branch = stack.pop()
        outcome = f" → {label_text(tree, node)}" if node.is_leaf else ""
        lines.append(f"{prefix}{branch}{cond}{outcome}  {node_summary(tree, node)}")
        if not node.is_leaf:
            push_children(node, prefix + ("   " if branch == "└─ " else "│  "))
    return "\n".join(lines)


def tree_text(tree: Tree, style: str = "friendly", layout: str | None = None) -> str:
    """The tree as indented text.

    Parameters
    ----------
    tree : Tree
        The tree to print.
    style : {"friendly", "weka"}
        ``"friendly"``: box-drawing lines with the class counts at every node.
        ``"weka"``: exactly the tree lines Weka 3.6 prints, without Weka's header and
        footer (see :func:`dtlearn.exports.weka.weka_text`).
    layout : {"id3", "j48"} or None
        Weka layout for ``style="weka"``: ``"id3"`` (``|  ``) or ``"j48"`` (``|   `` and
        ``(weight/errors)``); ``None``: the layout of the learner that made the tree.
        Only ``None`` is accepted with ``style="friendly"``.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> print(tree_text(tree, style="weka"))
    outlook = sunny
    |  humidity = high: no
    |  humidity = normal: yes
    outlook = overcast: yes
    outlook = rainy
    |  windy = TRUE: no
    |  windy = FALSE: yes
    """
    if style == "weka":
        return weka_text(tree, layout)
    if style != "friendly":
        raise ValueError(f"style must be 'friendly' or 'weka', got {style!r}")
    if layout is not None:
        raise ValueError(
            f"layout applies to style='weka' only, got layout={layout!r} with style='friendly'"
        )
    return friendly_text(tree)
