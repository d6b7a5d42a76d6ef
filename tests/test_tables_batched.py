"""A node's numeric candidates are scored together when read: the same Candidates as one by one.

``CandidateList`` builds the block columns of a node at once (``ThresholdBlock.build_all``,
the criterion's scores of every cut in one pass). Every table of every step must equal the
columns built one at a time (``ThresholdBlock.build``), scores float for float, on random
data, weights and criteria.
"""

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.grow.scoring import CandidateList


def _one_by_one(candidates: CandidateList) -> list:
    items, block, builder = candidates._items, candidates._block, candidates._builder
    return [block.build(item, builder) if isinstance(item, int) else None for item in items]


def _same(a, b) -> None:
    assert (a.feature, a.feature_name, a.conditions, a.admissible) == \
        (b.feature, b.feature_name, b.conditions, b.admissible)
    assert a.score == b.score or (np.isnan(a.score) and np.isnan(b.score))
    assert np.array_equal(a.child_counts, b.child_counts)
    assert list(a.scores.items()) == list(b.scores.items())  # same keys, order, floats


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(5, 300), d=st.integers(1, 5),
       k=st.integers(2, 4), weights=st.booleans(),
       criterion=st.sampled_from(["gini", "entropy", "misclassification", "gain_ratio"]),
       leaf=st.integers(1, 4))
def test_tables_built_together_equal_one_by_one(seed, n, d, k, weights, criterion, leaf):
    rng = np.random.default_rng(seed)
    X = np.round(rng.normal(size=(n, d)), 1)  # repeated values: ties, constant columns
    y = rng.integers(0, k, n)
    w = rng.integers(1, 4, n).astype(float) if weights else None
    model = dt.CARTClassifier(criterion=criterion, min_samples_leaf=leaf).fit(
        X, y, sample_weight=w)
    lists = [s.candidates for s in model.steps_ if isinstance(s.candidates, CandidateList)]
    assert lists or model.tree_.n_nodes == 1
    compared = 0
    for candidates in lists:
        expected = _one_by_one(candidates)
        for got, want in zip(candidates, expected):
            if want is not None:
                _same(got, want)
                compared += 1
    assert compared or model.tree_.n_nodes == 1
