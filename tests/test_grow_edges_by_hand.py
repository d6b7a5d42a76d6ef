"""Growth at its edges: rows of weight 0, branches no row reaches, tiny gains, big numbers.

Expectations come from scikit-learn (rows of weight 0 take no part), Weka (``J48`` gives a
branch without rows its parent's class distribution, ``Distribution.prob``; ``Id3`` splits
on any gain above ``Utils.SMALL = 1e-6``), or counts done by hand in the comments.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.data import encode, infer_schema
from dtlearn.grow import Grower, GrowthConfig, split_table
from dtlearn.grow.packing import small_ints
from dtlearn.grow.scanners import whole_weights


# ------------------------------------------------------------------ rows of weight 0
def test_rows_of_weight_zero_place_no_threshold_as_in_scikit_learn():
    sklearn_tree = pytest.importorskip("sklearn.tree")
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = ["A", "A", "B", "B"]
    w = [1.0, 1.0, 0.0, 1.0]  # the row at 2 is not there: the cut lies between 1 and 3
    sk = sklearn_tree.DecisionTreeClassifier().fit(X, y, sample_weight=w).tree_
    root = dt.CARTClassifier().fit(X, y, sample_weight=w).tree_.root
    assert root.split.threshold == sk.threshold[0] == 2.0
    assert [c.n_samples for c in root.children] == [2.0, 1.0]


def test_rows_of_weight_zero_do_not_count_toward_min_samples_split():
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = ["A", "B", "B", "B"]
    w = [1.0, 1.0, 0.0, 0.0]  # two rows really there: min_samples_split=3 stops at the root
    assert dt.CARTClassifier(min_samples_split=3).fit(X, y, sample_weight=w).tree_.n_leaves == 1
    assert dt.CARTClassifier(min_samples_split=2).fit(X, y, sample_weight=w).tree_.n_leaves == 2


# ------------------------------------------------------------------ branches without rows
def _with_unused_values():
    cats = pd.CategoricalDtype(["s", "r", "t"])
    X = pd.DataFrame(
        {
            "a": pd.Categorical(list("xxxxyyy"), categories=["x", "y", "z"]),
            "o": pd.Series(list("ssrrssr"), dtype=cats),
        }
    )
    y = pd.Series(list("AABABBB"), name="c")
    return X, y, cats


def test_an_empty_branch_predicts_its_parents_distribution_as_j48():
    X, y, cats = _with_unused_values()
    # root: A 3, B 4 -> a: x (A 3, B 1), y (B 3), z (no row). Under x: o = s (A 2),
    # r (A 1, B 1), t (no row).
    model = dt.ID3Classifier().fit(X, y)
    new = pd.DataFrame(
        {
            "a": pd.Categorical(["z", "x"], categories=["x", "y", "z"]),
            "o": pd.Series(["s", "t"], dtype=cats),
        }
    )
    np.testing.assert_allclose(model.predict_proba(new), [[3 / 7, 4 / 7], [3 / 4, 1 / 4]])
    empty = [n for n in model.tree_.nodes() if n.n_samples == 0]
    assert len(empty) == 2 and all(n.counts.tolist() == [0, 0] for n in empty)


def test_an_empty_branch_of_a_regression_tree_predicts_its_parents_mean():
    X = pd.DataFrame({"a": pd.Categorical(list("xxyy"), categories=["x", "y", "z"])})
    y = np.array([1.0, 3.0, 10.0, 20.0])
    schema = infer_schema(X)
    config = GrowthConfig(criterion="mse", categorical_split="multiway")
    tree = Grower(encode(X, schema), y, schema, config, None, np.ones(4), "t").run()
    means = [float(c.value[0]) for c in tree.root.children]
    assert means == [2.0, 15.0, 8.5]  # x: (1+3)/2, y: (10+20)/2, z: the parent's 34/4
    assert tree.root.children[2].n_samples == 0.0


# ------------------------------------------------------------------ tiny gains
def test_id3_splits_on_a_gain_far_below_a_thousandth():
    # 200 rows, 100 A / 100 B; a = u: 51 A 49 B, a = v: 49 A 51 B.
    # gain = 1 - H(0.51) = 1 - 0.999711 = 2.9e-4 > 1e-6: Weka's Id3 splits.
    a = ["u"] * 100 + ["v"] * 100
    y = ["A"] * 51 + ["B"] * 49 + ["A"] * 49 + ["B"] * 51
    gain = float(dt.information_gain(pd.Series(a), pd.Series(y)))
    assert 1e-6 < gain < 1e-3 and gain == pytest.approx(1 - 0.9997114417, abs=1e-9)
    model = dt.ID3Classifier().fit(pd.DataFrame({"a": a}), y)
    assert model.tree_.n_leaves == 2
    even = ["A", "B"] * 50 + ["A", "B"] * 50  # gain exactly 0: a leaf
    assert dt.ID3Classifier().fit(pd.DataFrame({"a": a}), even).tree_.n_leaves == 1


# ------------------------------------------------------------------ tables and helpers
def test_a_split_table_row_is_found_by_name_and_by_column_index():
    X, y = dt.load_play_tennis()
    table = split_table(X, y)
    assert table.row(0).feature_name == "outlook"
    assert table.row(2) is table.row("humidity")
    with pytest.raises(ValueError, match="'colour' is not in this table"):
        table.row("colour")


def test_row_numbers_shrink_to_32_bits_only_when_they_fit():
    assert small_ints(np.array([0, 2**31 - 1])).dtype == np.int32
    big = small_ints(np.array([0, 2**31]))
    assert big.dtype == np.int64 and big.tolist() == [0, 2**31]
    assert small_ints(np.array([], dtype=np.int64)).dtype == np.int32


def test_whole_weights_need_an_exact_sum():
    assert whole_weights(np.array([[1.0, 2.0]]))
    assert not whole_weights(np.array([[2.0**53, 1.0]]))  # 2**53 + 1 is not a float
    assert not whole_weights(np.array([[0.5, 1.0]]))
