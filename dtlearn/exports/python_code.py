"""The tree as the source of a plain-Python function ``predict(row)``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..formatting import python_literal

plain_literal = python_literal  # the old name

if TYPE_CHECKING:
    from ..tree import Node, Tree

MAX_NESTED_DEPTH = 80
"""Deeper trees are written as a node table: Python's parser limits ``if`` nesting."""


def python_tests(tree: Tree, node: Node) -> list[str]:
    """One Python boolean expression over ``row`` per branch of ``node``'s split.

    A missing feature (``row.get(name)`` is ``None``) passes no test, so the function
    falls back to the node's own prediction.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> python_tests(tree, tree.root)
    ["row.get('outlook') == 'sunny'", "row.get('outlook') == 'overcast'", "row.get('outlook') == 'rainy'"]
    """
    split: Any = node.split  # every kind of split: each branch reads its own fields
    schema = tree.schema
    if split.kind == "oblique":
        names = [schema.names[c] for c in split.columns]
        terms = " + ".join(
            f"{python_literal(float(w))} * row[{n!r}]" for n, w in zip(names, split.weights)
        )
        known = " and ".join(f"row.get({n!r}) is not None" for n in names)
        expr = f"{terms} + {python_literal(float(split.bias))}"
        return [f"{known} and {expr} <= 0", f"{known} and {expr} > 0"]
    name = schema.names[split.features[0]]
    value = f"row.get({name!r})"
    cats = schema.categories[split.features[0]]
    if split.kind == "threshold" and cats is not None:  # ordinal: list each side's categories
        left = split.left_categories(schema)
        right = tuple(c for c in cats if c not in left)
        return [
            f"{value} in ({''.join(python_literal(c) + ', ' for c in side)})"
            for side in (left, right)
        ]
    if split.kind == "threshold":
        t = python_literal(float(split.threshold))
        if split.tolerance:  # C4.5: within the tolerance above t still goes left (J48)
            tol = python_literal(float(split.tolerance))
            return [
                f"{value} is not None and ({value} <= {t} or {value} - {t} < {tol})",
                f"{value} is not None and {value} > {t} and {value} - {t} >= {tol}",
            ]
        return [f"{value} is not None and {value} <= {t}", f"{value} is not None and {value} > {t}"]
    if split.kind == "multiway":
        return [f"{value} == {python_literal(cats[k])}" for k in range(split.n_branches)]
    return [
        f"{value} in ({', '.join(python_literal(cats[k]) for k in codes)},)"
        for codes in (split.left, split.right)
    ]


def python_source(tree: Tree, function_name: str = "predict") -> str:
    """Source of a plain-Python function ``predict(row)`` reproducing the tree.

    Parameters
    ----------
    tree : Tree
        The tree to write out.
    function_name : str
        Name of the function defined (a Python identifier).

    Returns
    -------
    str
        Source text. ``row`` is a mapping from feature name to value. Names and labels
        are written as Python literals, so no name can break or inject code. Trees deeper
        than 80 levels are written as a loop over a node table instead of nested ``if``
        statements.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> source = python_source(ID3Classifier().fit(*load_play_tennis()).tree_)
    >>> namespace = {}
    >>> exec(source, namespace)
    >>> namespace["predict"]({"outlook": "overcast"})
    'yes'
    """
    if not isinstance(function_name, str) or not function_name.isidentifier():
        raise ValueError(f"function_name must be a Python identifier, got {function_name!r}")
    if tree.depth > MAX_NESTED_DEPTH:
        return _table_source(tree, function_name)
    lines = [f"def {function_name}(row):"]
    # items are nodes still to write or lines already rendered, with their indentation
    stack: list[tuple[Any, int]] = [(tree.root, 1)]
    while stack:
        item, indent = stack.pop()
        pad = "    " * indent
        if isinstance(item, str):
            lines.append(pad + item)
        elif item.is_leaf:
            lines.append(f"{pad}return {tree.label_of(item)!r}")
        else:
            block: list[tuple[Any, int]] = []
            for i, (test, child) in enumerate(zip(python_tests(tree, item), item.children)):
                block.append((f"{'if' if i == 0 else 'elif'} {test}:", indent))
                block.append((child, indent + 1))
            block.append((f"return {tree.label_of(item)!r}", indent))
            stack.extend(reversed(block))
    return "\n".join(lines) + "\n"


def _table_source(tree: Tree, function_name: str) -> str:
    entries = []
    for node in tree.nodes():
        tests = (
            [
                f"(lambda row: {t}, {c.node_id})"
                for t, c in zip(python_tests(tree, node), node.children)
            ]
            if not node.is_leaf
            else []
        )
        entries.append(f"    {node.node_id}: ({tree.label_of(node)!r}, [{', '.join(tests)}]),")
    return (
        "\n".join(
            [
                "_NODES = {",
                *entries,
                "}",
                "",
                "",
                f"def {function_name}(row):",
                f"    node = {tree.root.node_id}",
                "    while True:",
                "        label, tests = _NODES[node]",
                "        for test, child in tests:",
                "            if test(row):",
                "                node = child",
                "                break",
                "        else:",
                "            return label",
            ]
        )
        + "\n"
    )
