"""The tree as text rules: one ``IF ... AND ... THEN ...`` line per leaf (and per stop).

After the leaves, one rule per node where a value the tree cannot answer stops a prediction.

For rules as values (pruned, reordered, explained) see :mod:`dtlearn.pruning.rule_post_pruning`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..formatting import exact_number, plural
from ..splits import MultiwaySplit, SubsetSplit, ThresholdSplit
from .labels import label_text

if TYPE_CHECKING:
    from ..tree import Node, Tree


def unseen_condition(tree: Tree, node: Node) -> str | None:
    """The condition under which ``predict`` stops at the inner node ``node``, or ``None``.

    With ``missing="majority"`` a row whose test value the split cannot answer stops at the
    node and gets its prediction: a category the node never saw (``outlook not in {sunny,
    overcast, rainy}``: a value unseen at fit, or one the node's subset split does not
    list) or, for a tree that accepts missing values, a missing number (``humidity
    unknown``). ``None`` when no row can stop there: a tree that distributes unknown values
    (C4.5) sends them down every branch, a tree that refuses missing values never meets one
    at a numeric test, and a linear test's unknowns are not written as one condition.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> unseen_condition(tree, tree.root)
    'outlook not in {sunny, overcast, rainy}'
    """
    split = node.split
    if tree.missing != "majority" or not isinstance(
        split, (MultiwaySplit, SubsetSplit, ThresholdSplit)
    ):
        return None
    j = split.feature
    name = tree.schema.names[j]
    if not tree.schema.is_categorical(j):
        return None if tree.refuses_missing else f"{name} unknown"
    codes = (
        sorted(split.left + split.right)
        if isinstance(split, SubsetSplit)
        else range(len(tree.schema.categories[j]))
    )
    names = ", ".join(str(tree.schema.category_name(j, c)) for c in codes)
    return f"{name} not in {{{names}}}"


def rules_text(tree: Tree, unseen: bool = True) -> str:
    """One ``IF ... AND ... THEN ...`` rule per leaf, left to right, then the stopping rules.

    A regression rule says what its number is: ``(mean of 16 training rows)``, or the
    median for an MAE tree. A one-leaf tree gives ``IF TRUE THEN ...``. Every number prints
    exactly (the shortest text that reads back as the tree's number, with J48's tolerance
    where the tree routes with it), so :meth:`dtlearn.pruning.rule_post_pruning.Rule.from_text` reads
    every line back into a rule that covers the rows the tree sends to its leaf.

    After the leaves come the nodes where ``predict`` stops a row whose value the test
    cannot answer (:func:`unseen_condition`: a category unseen at fit, or a missing value
    for a tree that accepts them), in pre-order, each with the node's prediction: every
    row ``predict`` answers from one node is covered by exactly one rule. A C4.5 tree
    shares such a row among its branches (``missing="distribute"``): no single rule
    covers it. ``unseen=False`` leaves these rules out (one rule per leaf, as a textbook
    reads a tree off).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> print(rules_text(ID3Classifier().fit(*load_play_tennis()).tree_))
    IF outlook = sunny AND humidity = high THEN play = no
    IF outlook = sunny AND humidity = normal THEN play = yes
    IF outlook = overcast THEN play = yes
    IF outlook = rainy AND windy = TRUE THEN play = no
    IF outlook = rainy AND windy = FALSE THEN play = yes
    IF outlook not in {sunny, overcast, rainy} THEN play = yes
    IF outlook = sunny AND humidity not in {high, normal} THEN play = no
    IF outlook = rainy AND windy not in {TRUE, FALSE} THEN play = yes
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> len(rules_text(tree, unseen=False).splitlines()) == tree.n_leaves
    True
    """
    # exact numbers: a row lying on a threshold is covered by the rule the tree sends it to
    conditions = {
        n.node_id: n.split.conditions(tree.schema, exact=True)
        for n in tree.nodes()
        if not n.is_leaf
    }
    rules, stops = [], []
    stack: list = [(tree.root, [])]
    while stack:  # pre-order, left to right
        node, path = stack.pop()
        conds = [conditions[parent.node_id][b] for parent, b in path]
        if node.is_leaf:
            rules.append(_rule(tree, node, conds))
            continue
        stop = unseen_condition(tree, node) if unseen else None
        if stop is not None:
            stops.append(_rule(tree, node, conds + [stop]))
        for b in reversed(range(len(node.children))):
            stack.append((node.children[b], path + [(node, b)]))
    return "\n".join(rules + stops)


def _rule(tree: Tree, node: Node, conds: list[str]) -> str:
    head = "IF " + " AND ".join(conds) if conds else "IF TRUE"
    if tree.is_classifier:
        return f"{head} THEN {tree.target_name} = {label_text(tree, node)}"
    what = f"  ({tree.leaf_statistic} of {plural(node.n_samples, 'training row')})"
    return f"{head} THEN {tree.target_name} = {exact_number(node.value[0])}{what}"
