"""The tree as Graphviz DOT source."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .labels import label_text
from .text import node_summary

if TYPE_CHECKING:
    from ..tree import Tree


def dot_string(text: str) -> str:
    r"""``text`` as a quoted DOT string; a literal ``\n`` stays DOT's line break.

    Examples
    --------
    >>> print(dot_string('say "hi"\\nnow'))
    "say \"hi\"\nnow"
    """
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\\\\n", "\\n") + '"'


def dot_source(tree: Tree) -> str:
    """Graphviz DOT source: node boxes with counts, edges labelled with the test.

    Node ``n<id>`` is the node with that ``node_id``; render with ``dot -Tsvg``.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> lines = dot_source(ID3Classifier().fit(*load_play_tennis()).tree_).splitlines()
    >>> lines[0], lines[-1]
    ('digraph tree {', '}')
    """
    out = ["digraph tree {", '  node [shape=box, style="rounded", fontname="Helvetica"];']
    for node, parent, branch in tree.nodes_with_depth_first_parents():
        if node.is_leaf:
            head = f"{tree.target_name} = {label_text(tree, node)}"
        else:
            head = (
                tree.schema.names[node.split.features[0]]
                if len(node.split.features) == 1
                else "linear test"
            )
        label = f"{head}\\n{node_summary(tree, node)}"
        out.append(f"  n{node.node_id} [label={dot_string(label)}];")
        if parent is not None:
            cond = parent.split.conditions(tree.schema)[branch]
            out.append(f"  n{parent.node_id} -> n{node.node_id} [label={dot_string(cond)}];")
    out.append("}")
    return "\n".join(out)
