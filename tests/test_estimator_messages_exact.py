"""The shared estimator's messages in full, its target names, classes and importances.

Messages follow scikit-learn's wording where it has one (not fitted, feature count,
``y`` is None, a column-vector ``y``, continuous labels) and name the argument and the
problem elsewhere (cost matrix, sample weights). Importances of a one-split tree are
worked out by hand: the root's whole decrease goes to the columns it reads, an oblique
test sharing it in proportion to ``|weight|`` (equally when every weight is 0).
"""

import re
import warnings

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.learners.estimator import feature_importances, sample_weights, target_name_of
from dtlearn.splits import ObliqueSplit


@pytest.fixture(scope="module")
def tennis():
    return dt.load_play_tennis(numeric=True)


def _raises(error, text, call):
    with pytest.raises(error, match="^" + re.escape(text) + "$"):
        call()


def test_not_fitted_and_feature_count_messages(tennis):
    X, y = tennis
    _raises(
        dt.NotFittedError,
        "This CARTClassifier is not fitted yet: call fit(X, y) first",
        lambda: dt.CARTClassifier().predict(X),
    )
    model = dt.CARTClassifier().fit(X, y)
    _raises(
        ValueError,
        "X has 3 features, but CARTClassifier is expecting 4 features as input (X has 3 "
        "columns but the model was fitted on 4: outlook, temperature, humidity, windy)",
        lambda: model.predict(X.iloc[:, :3]),
    )


def test_target_messages(tennis):
    X, y = tennis
    _raises(
        ValueError,
        "ID3Classifier requires y to be passed, but the target y is None",
        lambda: dt.ID3Classifier().fit(X, None),
    )
    _raises(
        ValueError,
        "Unknown label type: continuous. y holds non-integer numbers; a classifier needs "
        "class labels (use CARTRegressor for a numeric target)",
        lambda: dt.CARTClassifier().fit(X, np.where(y == "yes", 1.5, 0.0)),
    )
    _raises(
        ValueError,
        "y holds infinite values; class labels must be finite",
        lambda: dt.CARTClassifier().fit(X, np.where(y == "yes", np.inf, 0.0)),
    )
    # whole-number floats are labels (sorted, as scikit-learn's classes_)
    floats = dt.CARTClassifier().fit(X, np.where(y == "yes", 1.0, 0.0))
    assert floats.classes_.tolist() == [0.0, 1.0] and floats.classes_.dtype == np.float64
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        dt.CARTClassifier().fit(X, np.asarray(y).reshape(-1, 1))
    assert [(w.category.__name__, str(w.message)) for w in caught] == [
        (
            "DataConversionWarning",
            "A column-vector y was passed when a 1d array was expected; it is used as y.ravel()",
        )
    ]


@pytest.mark.parametrize(
    ("matrix", "error", "text"),
    [
        (
            [[0, 1, 2], [1, 0, 2]],
            ValueError,
            "cost_matrix must be square (k × k); got shape (2, 3)",
        ),
        ([[0, 1], [-1, 0]], ValueError, "cost_matrix must hold finite costs >= 0"),
        ([[0, 1], [np.nan, 0]], ValueError, "cost_matrix must hold finite costs >= 0"),
        (
            [[1, 1], [1, 0]],
            ValueError,
            "cost_matrix must have a zero diagonal (a right prediction costs nothing); "
            "its diagonal is [1.0, 0.0]",
        ),
        (np.ones((3, 3)) - np.eye(3), ValueError, "cost_matrix is 3 × 3 but there are 2 classes"),
        ([["a", "b"], [1, 0]], TypeError, "cost_matrix must be a square array of numbers"),
    ],
)
def test_cost_matrix_messages(tennis, matrix, error, text):
    X, y = tennis
    _raises(error, text, lambda: dt.CARTClassifier(cost_matrix=matrix).fit(X, y))


def test_a_zero_cost_matrix_is_valid(tennis):
    X, y = tennis
    model = dt.CARTClassifier(cost_matrix=[[0, 0], [0, 0]]).fit(X, y)
    assert model.tree_.n_leaves == 1  # nothing costs anything: no split improves


@pytest.mark.parametrize(
    ("weights", "error", "text"),
    [
        ("abc", TypeError, "sample_weight must be numbers (one weight per row), not a string"),
        (["a"] * 14, TypeError, "sample_weight must be numbers (one weight per row)"),
        ([1] * 13, ValueError, "sample_weight must have one weight per row (14); got shape (13,)"),
        ([0] * 14, ValueError, "sample_weight must be finite, >= 0 and not all zero"),
        ([1] * 13 + [-1e-9], ValueError, "sample_weight must be finite, >= 0 and not all zero"),
        ([1] * 13 + [np.inf], ValueError, "sample_weight must be finite, >= 0 and not all zero"),
    ],
)
def test_sample_weight_messages(tennis, weights, error, text):
    X, y = tennis
    _raises(error, text, lambda: dt.CARTClassifier().fit(X, y, sample_weight=weights))


def test_weights_of_any_positive_total_are_accepted_as_given(tennis):
    """The check refuses a zero total, not a small one: weights summing to 1 or less are
    weights (a tree is invariant to their scale), one nonzero weight among zeros too."""
    assert sample_weights([0.0, 0.5, 0.25], 3).tolist() == [0.0, 0.5, 0.25]
    assert sample_weights([0.0, 1e-300], 2).tolist() == [0.0, 1e-300]
    X, y = tennis
    plain = dt.CARTClassifier().fit(X, y)
    tiny = dt.CARTClassifier().fit(X, y, sample_weight=[1 / 16] * 14)
    splits = [[n.split and n.split.to_dict() for n in m.tree_.nodes()] for m in (tiny, plain)]
    assert splits[0] == splits[1] and plain.tree_.n_leaves > 1
    assert tiny.tree_.root.n_samples == 14 / 16


def test_target_names_and_classes(tennis):
    X, y = tennis
    assert target_name_of(pd.Series(["yes"], name="play")) == "play"
    assert target_name_of(pd.Series(["yes"], name=0)) == "0"
    assert target_name_of(["yes"]) == "class"
    assert target_name_of(np.array([1.0]), "target") == "target"
    assert target_name_of(pd.DataFrame({"play": ["yes"]})) == "play"  # a one-column frame
    assert target_name_of(pd.DataFrame({"a": [1], "b": [2]}), "target") == "target"
    assert dt.CARTClassifier().fit(X, y).tree_.target_name == "play"
    assert dt.ID3Classifier().fit(X, y.to_frame()).tree_.target_name == "play"
    assert dt.CARTClassifier().fit(X, list(y)).tree_.target_name == "class"
    assert dt.ZeroR().fit(X, list(y)).tree_.target_name == "class"
    regressor = dt.CARTRegressor().fit(X, np.arange(14.0))
    assert regressor.tree_.target_name == "target"
    assert not hasattr(regressor, "classes_")
    labelled = dt.ID3Classifier().fit(X, y)
    # the data set's declared order (a Categorical: yes, no); else sorted, in y's dtype
    assert labelled.classes_.tolist() == ["yes", "no"] and labelled.classes_.dtype == object
    ints = dt.ID3Classifier().fit(X, np.where(y == "yes", 1, 0))
    assert ints.classes_.tolist() == [0, 1] and ints.classes_.dtype == np.int64
    strings = dt.ID3Classifier().fit(X, list(np.where(y == "yes", "b", "a")))
    assert strings.classes_.tolist() == ["a", "b"]


def test_oblique_importances_share_the_decrease_by_weight():
    # 3 a and 3 b split into pure halves: the root's decrease 6 × 0.5 is all there is
    X = np.array([[0.0, 0], [1, 0], [0, 1], [3, 3], [4, 3], [3, 4]])
    tree = dt.ObliqueTreeClassifier().fit(X, list("aaabbb")).tree_
    assert [n.impurity for n in tree.nodes()] == [0.5, 0.0, 0.0]
    tree.root.split = ObliqueSplit((0, 1), (3.0, -1.0), 0.0)
    assert feature_importances(tree).tolist() == [0.75, 0.25]
    tree.root.split = ObliqueSplit((0, 1), (0.0, 0.0), 0.0)
    assert feature_importances(tree).tolist() == [0.5, 0.5]
    tree.root.split = ObliqueSplit((1,), (2.0,), 0.0)
    assert feature_importances(tree).tolist() == [0.0, 1.0]


def test_zero_weight_oblique_shares_half_among_other_splits():
    # a | b c, then b | c on x0: Gini 2/3 of 9 rows, 1/2 of 6; decreases 6 - 3 = 3 and 3.
    # The root made oblique with zero weights gives x0 and x1 1.5 each: x0 4.5 / 6, x1 1.5 / 6
    X = np.array([[0.0, 0], [1, 0], [0, 1], [5, 0], [6, 0], [5, 1], [10, 0], [11, 0], [10, 1]])
    tree = dt.ObliqueTreeClassifier().fit(X, list("aaabbbccc")).tree_
    assert [n.n_samples * n.impurity for n in tree.nodes()] == pytest.approx([6, 0, 3, 0, 0])
    tree.root.split = ObliqueSplit((0, 1), (0.0, 0.0), 0.0)
    # 1.5 / 6 in floats: the shares are summed, so the last bit may differ from 0.25
    assert feature_importances(tree).tolist() == pytest.approx([0.75, 0.25], rel=1e-12)
