"""J48 at its boundaries, against Weka 3.6 on tables made to reach them.

``tests/fixtures/make_weka_margin.py`` writes the tables and Weka's output: a node pruned
to a leaf within J48's 0.1 margin of its largest branch, the smallest branch capped at 25
instances, a many-valued attribute left out of the average gain.
"""

from pathlib import Path

import numpy as np
import weka_output as wo

from dtlearn.datasets.arffio import read_arff
from dtlearn.learners.c45 import C45Classifier

MARGIN = Path(__file__).parent / "fixtures" / "weka_margin"


def test_j48_prunes_to_leaf_within_the_branch_margin():
    X, y = read_arff(MARGIN / "margin.arff")
    model = C45Classifier().fit(X, y)
    near = [
        s
        for s in model.pruning_.steps
        if s.phase == "prune" and s.branch_estimate < s.leaf_estimate <= s.branch_estimate + 0.1
    ]
    # the fixture still has the node (a2 = p: leaf 5.618, branch 5.525, subtree 6.286)
    assert [s.decision for s in near if s.leaf_estimate <= s.subtree_estimate + 0.1] == [
        "pruned to leaf"
    ]
    weka = (MARGIN / "margin.J48.txt").read_text()
    assert model.tree_.to_text(style="weka").splitlines() == wo.tree_lines(weka, "J48")
    assert model.tree_.n_leaves == wo.leaf_count(weka) == 5


def test_j48_margin_table_predictions_match_weka():
    X, y = read_arff(MARGIN / "margin.arff")
    model = C45Classifier().fit(X, y)
    classes = list(model.classes_)
    weka = wo.predictions((MARGIN / "margin.J48.pred.txt").read_text(), classes)
    assert model.predict(X).tolist() == [p.predicted for p in weka]
    np.testing.assert_allclose(model.predict_proba(X), [p.distribution for p in weka], atol=5e-4)


def test_j48_smallest_branch_is_capped_at_25_instances():
    # 0.1 · 500 / 2 = 25: the pure cut at 21.5 (22 instances left) is refused, J48 cuts at 24
    X, y = read_arff(MARGIN / "min-split.arff")
    model = C45Classifier().fit(X, y)
    weka = (MARGIN / "min-split.J48.txt").read_text()
    lines = wo.tree_lines(weka, "J48")
    assert lines[0] == "x <= 24"
    assert model.tree_.to_text(style="weka").splitlines() == lines


def test_j48_leaves_a_many_valued_attribute_out_of_the_average_gain():
    # 10 values on 28 rows (>= 0.3 · 28): J48 does not count `many` in the average gain
    X, y = read_arff(MARGIN / "multi-valued.arff")
    assert len(X) == 28 and X["many"].cat.categories.size == 10
    model = C45Classifier().fit(X, y)
    weka = (MARGIN / "multi-valued.J48.txt").read_text()
    assert model.tree_.to_text(style="weka").splitlines() == wo.tree_lines(weka, "J48")


CUTS = Path(__file__).parent / "fixtures" / "weka_c05"  # tests/fixtures/make_weka_c05.py


def test_j48_smallest_branch_is_a_tenth_of_the_rows_per_class():
    # 0.1 · 100 / 2 = 5 instances: the pure cut x <= 6 (7 instances left) is allowed
    X, y = read_arff(CUTS / "min-split-100.arff")
    weka = wo.tree_lines((CUTS / "min-split-100.J48.txt").read_text(), "J48")
    assert weka == ["x <= 6: b (7.0)", "x > 6: a (93.0)"]
    assert C45Classifier().fit(X, y).tree_.to_text(style="weka").splitlines() == weka


def test_j48_cuts_only_between_values_more_than_1e_5_apart():
    X, y = read_arff(CUTS / "close-values.arff")
    weka = (CUTS / "close-values.J48.txt").read_text()
    tree = C45Classifier(prune=False).fit(X, y).tree_
    assert tree.n_leaves == wo.leaf_count(weka) == 1
    assert tree.to_text(style="weka").splitlines() == wo.tree_lines(weka, "J48")
