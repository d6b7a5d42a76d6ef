"""The tree as text rules: one ``IF ... AND ... THEN ...`` line per leaf.

For rules as values (pruned, reordered, explained) see :mod:`dtlearn.pruning.rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .formatting import label_text, plural

if TYPE_CHECKING:
    from ..tree import Tree


def rules_text(tree: "Tree") -> str:
    """One ``IF ... AND ... THEN ...`` rule per leaf, left to right.

    A regression rule says what its number is: ``(mean of 16 training rows)``, or the
    median for an MAE tree. A one-leaf tree gives ``IF TRUE THEN ...``. Thresholds print
    exactly (the shortest text that reads back as the tree's number, with J48's tolerance
    where the tree routes with it), so :meth:`dtlearn.pruning.rules.Rule.from_text` reads every
    line back into a rule that covers the rows the tree sends to its leaf.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> print(rules_text(ID3Classifier().fit(*load_play_tennis()).tree_))
    IF outlook = sunny AND humidity = high THEN play = no
    IF outlook = sunny AND humidity = normal THEN play = yes
    IF outlook = overcast THEN play = yes
    IF outlook = rainy AND windy = TRUE THEN play = no
    IF outlook = rainy AND windy = FALSE THEN play = yes
    """
    # exact numbers: a row lying on a threshold is covered by the rule the tree sends it to
    conditions = {n.node_id: n.split.conditions(tree.schema, exact=True)
                  for n in tree.nodes() if not n.is_leaf}
    rules = []
    for leaf, path in tree.leaf_paths():
        conds = [conditions[node.node_id][b] for node, b in path]
        head = "IF " + " AND ".join(conds) if conds else "IF TRUE"
        what = "" if tree.is_classifier else \
            f"  ({tree.leaf_statistic} of {plural(leaf.n_samples, 'training row')})"
        rules.append(f"{head} THEN {tree.target_name} = {label_text(tree, leaf)}{what}")
    return "\n".join(rules)
