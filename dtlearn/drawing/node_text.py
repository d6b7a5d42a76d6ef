"""What a tree view writes in and beside each node, and the explanation behind a click.

Labels, counts, branch texts, and the explanation (candidate table, chosen split, worked
formula) a student sees on clicking a node.

:mod:`dtlearn.drawing.layout` places these texts; :class:`dtlearn.widgets.TreeView`,
:func:`dtlearn.drawing.layout.tree_svg` and :func:`dtlearn.plot.plot_tree` show them.
"""

from __future__ import annotations

import html
from typing import Any

from ..exports.labels import label_text
from ..formatting import fmt, fmt_count
from ..tree import Node, Tree

__all__ = [
    "branch_conditions",
    "branch_text",
    "count_line",
    "impurity_name",
    "node_explanation",
    "node_label",
    "wrap_text",
]


def node_label(tree: Tree, node: Node) -> str:
    """The bold first line of a node's box: the tested attribute, or the prediction.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> node_label(tree, tree.root), node_label(tree, tree.leaves()[0])
    ('outlook', 'play = no')
    """
    if node.is_leaf:
        if tree.is_classifier:
            return f"{tree.target_name} = {tree.classes[node.predicted_index]}"
        return f"{tree.target_name} ≈ {fmt(float(node.value[0]))}"
    if node.split.kind == "oblique":
        return "linear test"
    return tree.schema.names[node.split.features[0]]


def impurity_name(tree: Tree) -> str:
    """The name of the tree's impurity measure ("entropy", "gini", ...).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> impurity_name(ID3Classifier().fit(*load_play_tennis()).tree_)
    'entropy'
    """
    return getattr(tree, "impurity_name", "impurity")


def count_line(tree: Tree, node: Node) -> str:
    """The count line of a node's box: instances reaching it per class (or their mean).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> count_line(tree, tree.root)
    'n = 14: yes 9, no 5'
    """
    n = fmt_count(node.n_samples)
    if not tree.is_classifier:
        return (
            f"n = {n}, {getattr(tree, 'leaf_statistic', None) or 'mean'} "
            f"{fmt(float(node.value[0]))}"
        )
    counts = ", ".join(f"{c} {fmt_count(v)}" for c, v in zip(tree.classes, node.counts))
    return f"n = {n}: {counts}"


def branch_text(condition: str, attribute: str) -> str:
    """The condition without the attribute the parent box already names.

    Examples
    --------
    >>> branch_text("outlook = sunny", "outlook"), branch_text("x <= 2.5", "y")
    ('= sunny', 'x <= 2.5')
    """
    if attribute and condition.startswith(attribute + " "):
        return condition[len(attribute) + 1 :]
    return condition


def branch_conditions(steps: Any) -> dict:
    """Every candidate's branch conditions, by attribute, for the steps' candidate tables.

    A table shows a multiway test as "3-way"; the view adds these texts to that cell (as a
    tooltip and a line below), so the conditions are read, not guessed.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> step = ID3Classifier().fit(*load_play_tennis()).steps_[0]
    >>> branch_conditions([step])["outlook"]
    ['= sunny', '= overcast', '= rainy']
    """
    found: dict = {}
    for step in steps or ():
        for c in getattr(step, "candidates", None) or ():
            if c.split is not None and c.conditions:
                found[str(c.feature_name)] = [
                    branch_text(t, str(c.feature_name)) for t in c.conditions
                ]
    return found


def wrap_text(text: str, chars: float, max_lines: int = 2) -> list[str]:
    """Break ``text`` at spaces (or after hyphens) into lines of at most ``chars`` characters.

    Text that does not fit in ``max_lines`` lines ends in ``…`` (the full text is in the
    node's tooltip and the side panel).

    Examples
    --------
    >>> wrap_text("n = 70: democrat 69, republican 1", 20)
    ['n = 70: democrat 69,', 'republican 1']
    >>> wrap_text("adoption-of-the-budget-resolution", 12)
    ['adoption-of-', 'the-budget-…']
    >>> wrap_text("synfuels-corporation-cutback", 26)
    ['synfuels-corporation-', 'cutback']
    """
    chars = max(4, int(chars))
    lines: list[str] = []
    rest = text
    while rest and len(lines) < max_lines:
        if len(rest) <= chars:
            lines.append(rest)
            rest = ""
            break
        window = rest[: chars + 1]
        cut = max(window.rfind(" "), window[:chars].rfind("-") + 1 if "-" in window[:chars] else -1)
        if cut <= 0:
            cut = chars
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        lines[-1] = lines[-1][: chars - 1].rstrip() + "…"
    return lines


def _explanation(tree: Tree, node: Node, step: Any) -> dict:
    head = (
        f"node {node.node_id}: {count_line(tree, node)}; {impurity_name(tree)} {fmt(node.impurity)}"
    )
    parts = [f"<p class='dtlearn-node-head'><strong>{html.escape(head)}</strong></p>"]
    text = [head]
    if node.is_leaf:
        what = f"leaf: predicts {label_text(tree, node)}"
        parts.append(f"<p>{html.escape(what)}</p>")
    else:
        # each branch on its own line with the instances it takes: text, not a colour
        conds = node.split.conditions(tree.schema)
        what = "test: " + " | ".join(conds)
        items = "".join(
            f"<li>{html.escape(c)} → {html.escape(count_line(tree, child))}</li>"
            for c, child in zip(conds, node.children)
        )
        parts.append(
            f"<p>test, {len(conds)} branches:</p><ul class='dtlearn-tv-branches'>{items}</ul>"
        )
    text.append(what)
    if step is not None:
        if step.chosen is None and step.stop_reason:
            why = f"growth stopped here: {step.stop_reason}"
            parts.append(f"<p>{html.escape(why)}</p>")
            text.append(why)
        elif step.chosen is not None:
            chosen = f"chosen by {step.by}: {step.chosen.feature_name}"
            parts.append(f"<p>{html.escape(chosen)}</p>")
            text.append(chosen)
        if step.candidates:
            try:
                table = step.table()
                parts.append(table._repr_html_())
                text.append(str(table))
            except Exception as exc:  # a view must not fail on one node's table
                parts.append(f"<p>(candidate table unavailable: {html.escape(str(exc))})</p>")
        if step.chosen is not None:
            try:
                derivation = str(step.chosen.explain(step.classes, step.target_name or "S"))
            except Exception:  # noqa: BLE001 - explanation is a bonus, not a requirement
                derivation = ""
            if derivation:
                parts.append(
                    f"<pre class='dtlearn-derivation-text'>{html.escape(derivation)}</pre>"
                )
                text.append(derivation)
    return {
        "html": "\n".join(parts),
        "text": "\n".join(text),
        "conditions": branch_conditions([step] if step is not None else ()),
    }


def node_explanation(tree: Tree, node: Node, step: Any = None, cache: dict | None = None) -> dict:
    """Text and HTML a view shows when ``node`` is clicked.

    Parameters
    ----------
    tree : Tree
    node : Node
        A node of ``tree``.
    step : GrowthStep, optional
        The growth step that expanded (or stopped at) the node: adds its candidate table,
        the chosen split and its worked formula.
    cache : dict, optional
        Explanations made before (a view showing a growing tree passes the same dict each
        time): reused while the node's step (the same object), counts and impurity hold.

    Returns
    -------
    dict
        ``html`` and ``text`` of the explanation, and ``conditions``: every candidate's
        branch conditions by attribute (:func:`branch_conditions`).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> model = ID3Classifier().fit(*load_play_tennis())
    >>> made = node_explanation(model.tree_, model.tree_.root, model.steps_[0])
    >>> print(made["text"].splitlines()[1])
    test: outlook = sunny | outlook = overcast | outlook = rainy
    """
    if cache is None:
        return _explanation(tree, node, step)
    key = (node.node_id, node.is_leaf, count_line(tree, node), fmt(node.impurity))
    hit = cache.get(key)
    if hit is not None and hit[0] is step:  # the cache keeps the step alive: ids stay unique
        return hit[1]
    made = _explanation(tree, node, step)
    cache[key] = (step, made)
    return made
