"""Sample weights as scikit-learn takes them: weight 0 drops a row, weight k repeats it."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.criteria import weighted_median as _weighted_median
from dtlearn.learners.c45 import C45Classifier

sklearn = pytest.importorskip("sklearn")
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor  # noqa: E402

LEARNERS = [
    dt.ZeroR,
    dt.OneR,
    dt.ID3Classifier,
    C45Classifier,
    dt.CARTClassifier,
    dt.ObliqueTreeClassifier,
]


def test_a_zero_weight_row_places_no_threshold():
    # without the zero-weight row at 10, the cut between 1 and 20 lies at 10.5
    X = np.array([[0.0], [1.0], [10.0], [20.0], [21.0]])
    y = [0, 0, 1, 1, 1]
    w = [1, 1, 0, 1, 1]
    ours = dt.CARTClassifier().fit(X, y, sample_weight=w).tree_.root.split.threshold
    theirs = DecisionTreeClassifier().fit(X, y, sample_weight=w).tree_.threshold[0]
    assert ours == pytest.approx(theirs) == pytest.approx(10.5)


def test_zero_weight_rows_do_not_count_toward_min_samples_leaf():
    X = np.arange(8.0).reshape(-1, 1)
    y = [0, 0, 0, 0, 1, 1, 1, 1]
    w = [1, 1, 0, 0, 0, 0, 1, 1]  # two weighted rows a side
    for leaf in (2, 3):
        ours = dt.CARTClassifier(min_samples_leaf=leaf).fit(X, y, sample_weight=w)
        theirs = DecisionTreeClassifier(min_samples_leaf=leaf).fit(X, y, sample_weight=w)
        assert ours.tree_.n_leaves == theirs.get_n_leaves() == (2 if leaf == 2 else 1)
    ours = dt.CARTClassifier(min_samples_split=5).fit(X, y, sample_weight=w)
    assert ours.tree_.n_leaves == 1  # four weighted rows: too few to split


@pytest.mark.parametrize("learner", LEARNERS, ids=lambda c: c.__name__)
def test_zero_weight_equals_dropping_and_integer_weight_equals_repeating(learner):
    rng = np.random.default_rng(1)
    X = pd.DataFrame(
        {
            "a": rng.normal(size=40).round(2),
            "b": rng.integers(0, 3, 40),
            "c": rng.choice(["u", "v", "w"], 40),
        }
    )
    y = np.where(X["a"] + rng.normal(scale=0.5, size=40) > 0, "yes", "no")
    w = rng.integers(0, 4, 40)
    weighted = learner().fit(X, y, sample_weight=w)
    repeated = learner().fit(X.loc[X.index.repeat(w)].reset_index(drop=True), np.repeat(y, w))
    np.testing.assert_allclose(weighted.predict_proba(X), repeated.predict_proba(X))
    assert weighted.tree_.to_text() == repeated.tree_.to_text()


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(-5, 5), st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.0])),
        min_size=1,
        max_size=12,
    )
)
def test_weighted_median_is_sklearns(pairs):
    values = np.array([p[0] for p in pairs], dtype=float)
    weights = np.array([p[1] for p in pairs])
    if weights.sum() == 0:
        return
    leaf = DecisionTreeRegressor(
        criterion="absolute_error", max_depth=0 or None, min_samples_split=10_000
    )
    leaf.fit(np.zeros((len(values), 1)), values, sample_weight=weights)
    assert _weighted_median(values, weights) == pytest.approx(leaf.tree_.value[0, 0, 0])


def test_weighted_median_at_exactly_half():
    # cumulative weights 1, 2, 4 of 4: half is reached exactly at 2 -> mean of 2 and 3
    assert _weighted_median(np.array([1.0, 2.0, 3.0]), np.array([1.0, 1.0, 2.0])) == 2.5
    assert _weighted_median(np.array([1.0, 2.0, 3.0]), np.array([1.0, 2.0, 1.0])) == 2.0
    assert _weighted_median(np.array([1.0, 2.0, 9.0]), np.array([1.0, 1.0, 0.0])) == 1.5
