"""Rules read back from the tree's text are the identity: each covers its leaf's rows.

``Tree.to_rules(unseen=False)`` prints one rule per leaf (the rules for unseen values are
tests/test_rules_cover.py's); ``Rule.from_text`` reads each line back into
a rule that must cover exactly the rows the tree sends to that leaf (``tree.apply``) and
predict that leaf's label, on C4.5 trees (J48's tolerance, rows on a cut), CART trees with
ordered categories and oblique trees.
"""

import numpy as np
import pytest

import dtlearn as dt


def _cases():
    X, y = dt.load_play_tennis(numeric=True)
    yield "c45", X, dt.C45Classifier(min_samples_leaf=1).fit(X, y)
    yield "cart-numeric", X, dt.CARTClassifier().fit(X, y)
    car, cy = dt.load_car()
    ordinal = dt.as_ordinal(
        car, {"buying": ["low", "med", "high", "vhigh"], "safety": ["low", "med", "high"]}
    )
    yield "cart-ordinal", ordinal, dt.CARTClassifier(max_depth=4).fit(ordinal, cy)
    yield "id3", car, dt.ID3Classifier(max_depth=3).fit(car, cy)
    rng = np.random.default_rng(0)
    import pandas as pd

    Xo = pd.DataFrame(rng.normal(size=(80, 2)), columns=["a", "b"])
    yo = np.where(Xo["a"] + 2 * Xo["b"] > 0.3, "p", "q")
    yield "oblique", Xo, dt.ObliqueTreeClassifier(max_depth=2).fit(Xo, yo)


@pytest.mark.parametrize(
    "name, X, model", list(_cases()), ids=lambda v: v if isinstance(v, str) else ""
)
def test_each_rule_line_covers_exactly_its_leafs_rows(name, X, model):
    tree = model.tree_
    lines = tree.to_rules(unseen=False).splitlines()
    leaves = [leaf for leaf, _ in tree.leaf_paths()]
    assert len(lines) == len(leaves) == tree.n_leaves
    reached = tree.apply(X)
    for line, leaf in zip(lines, leaves):
        rule = dt.Rule.from_text(line, tree.schema)
        np.testing.assert_array_equal(rule.covers(X), reached == leaf.node_id, err_msg=line)
        assert str(rule.label) == str(tree.label_of(leaf)), line
        assert line.endswith(f" THEN {tree.target_name} = {tree.label_of(leaf)}")
