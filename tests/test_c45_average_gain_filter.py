"""J48's average-gain filter when no attribute counts in the average, checked against Weka.

Weka 3.6's ``C45ModelSelection`` averages the gain over the admissible attributes that
are numeric or, unless every nominal attribute has many values, have fewer than
0.3 × N values; when no admissible attribute counts (``validModels == 0``) it returns
the no-split model. Below, ``A`` (2 values of 10 rows: few) cannot split (one branch
holds 1 row, J48's ``-M 2`` wants two of 2), and ``B`` (4 values: many, 4 >= 3) splits
perfectly: with ``A`` the root stays a leaf, without it ``B`` counts and splits.
Weka 3.6 (``java weka.classifiers.trees.J48 -t data.arff``) prints ``: a (10.0/5.0)``
for the first and the four ``B = ...`` leaves ``a (3.0)``, ``b (3.0)``, ``a (2.0)``,
``b (2.0)`` for the second.
"""

import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.exports.weka import weka_text

A = list("xxxxxxxxxy")
B = list("pppqqqrrss")
Y = list("aaabbbaabb")


@pytest.mark.parametrize("prune", [True, False])
def test_no_attribute_in_the_average_leaves_a_leaf(prune):
    model = dt.C45Classifier(prune=prune).fit(pd.DataFrame({"A": A, "B": B}), Y)
    assert model.tree_.n_leaves == 1
    assert model.tree_.root.counts.tolist() == [5.0, 5.0]
    assert str(model.explain_node(0).lines[0]).splitlines()[0] == (
        "node 0 (root): leaf (no attribute with at least average gain has a positive gain ratio)"
    )


def test_only_many_valued_attributes_all_count():
    model = dt.C45Classifier().fit(pd.DataFrame({"B": B}), Y)
    body = [line for line in weka_text(model.tree_).splitlines() if line.startswith("B = ")]
    assert body == ["B = p: a (3.0)", "B = q: b (3.0)", "B = r: a (2.0)", "B = s: b (2.0)"]
