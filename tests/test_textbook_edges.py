"""Edge cases whose right answer comes from a textbook fact or Weka's rule, not from dtlearn.

Each test names the fact it checks: KL divergence to the uniform distribution is never
negative and is 0 (up to rounding, never below) for uniform counts; Weka's 1-R gives an empty bucket the first
class; C4.5 refuses rows without a label; a complexity curve tries every sensible size; a
node whose children saw no rows sends an unknown value to each child equally; and in an
ARFF file a ``%`` inside a quoted value (even after an escaped quote) is data, not a comment.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.pruning.curves import complexity_curve
from dtlearn.tree import Node


@pytest.mark.parametrize("k", range(2, 21))
@pytest.mark.parametrize("count", [1, 2, 3, 7])
def test_kl_to_uniform_of_uniform_counts_is_zero_never_below(k, count):
    # KL(p || uniform) = log k - H(p) >= 0 with equality iff p is uniform; floats may put
    # H a hair above log k (k = 5: 4.4e-16), which must not show as a negative divergence
    value = float(dt.kl_to_uniform(counts=[count] * k))
    assert 0.0 <= value < 1e-12


def test_one_r_gives_an_empty_bucket_the_first_class():
    # Weka's OneR: a value never seen in training gets Utils.maxIndex of an all-zero
    # bucket, the first class ("no" here), not the majority class ("yes", 3 of 5)
    categories = ["x", "y", "z"]
    X = pd.DataFrame({"a": pd.Categorical(["x", "x", "x", "y", "y"], categories=categories)})
    y = pd.Series(["no", "no", "yes", "yes", "yes"], name="play")
    model = dt.OneR().fit(X, y)
    assert model.rule_text() == "a:\n\tx\t-> no\n\ty\t-> yes\n\tz\t-> no"
    unseen = pd.DataFrame({"a": pd.Categorical(["z"], categories=categories)})
    assert model.predict(unseen).tolist() == ["no"]


def test_c45_refuses_a_categorical_target_with_missing_labels():
    X = pd.DataFrame({"a": pd.Categorical(["x", "y", "x", "y", "x"])})
    y = pd.Series(pd.Categorical(["p", "q", None, "q", "p"]), name="label")
    with pytest.raises(ValueError, match="missing labels"):
        dt.C45Classifier().fit(X, y)


def test_complexity_curve_default_values_span_every_size():
    X, y = dt.load_play_tennis(numeric=True)
    full = dt.CARTClassifier().fit(X, y).tree_
    leaves = complexity_curve(dt.CARTClassifier(), X, y, param="max_leaf_nodes")
    depths = complexity_curve(dt.CARTClassifier(), X, y, param="max_depth")
    # a tree needs 2 leaves to split at all; the largest setting is the full tree's size
    assert list(leaves.values) == list(range(2, full.n_leaves + 1))
    assert list(depths.values) == list(range(1, full.depth + 1))


def test_children_that_saw_no_rows_share_an_unknown_value_equally():
    counts = np.array([0.0, 0.0])
    node = Node(0, 0, 0.0, 0.0, np.array([0.5, 0.5]), counts)
    node.children = [Node(i, 1, 0.0, 0.0, np.array([0.5, 0.5]), counts) for i in (1, 2, 3)]
    assert node.child_weights().tolist() == [1 / 3, 1 / 3, 1 / 3]


def test_arff_percent_inside_quotes_after_an_escaped_quote_is_data():
    text = (
        "@relation shop\n"
        "@attribute note string\n"
        "@attribute sold {yes,no}\n"
        "@data\n"
        "'it\\'s 50% off',yes % a real comment\n"
        "'plain',no\n"
    )
    frame = dt.read_arff(text, target=None)
    assert frame["note"].tolist() == ["it's 50% off", "plain"]
    assert frame["sold"].tolist() == ["yes", "no"]
