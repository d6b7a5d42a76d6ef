"""The growth record kept as arrays (dtlearn.grow.fast.arrays) reads as the steps it stands for.

Level-wise growth keeps ``steps_`` as a GrowthRecord whose GrowthSteps are made when read;
node-by-node growth (``run(level_wise=False)``) makes the same steps as objects, one at a
time. The two must agree step by step, whatever the data: categorical columns (whose
candidates are kept as objects), multiway splits with empty branches, zero weights (rows
that take no part), regression, and after pickling.
"""

import copy
import pickle
import tracemalloc

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.grow.fast import levels
from dtlearn.grow.fast.arrays import GrowthRecord


def grown_both_ways(model, X, y, w=None):
    fast, slow = model.make_grower(X, y, w), model.make_grower(X, y, w)
    assert levels.applies(fast)
    fast.run()
    slow.run(level_wise=False)
    assert isinstance(fast.steps, GrowthRecord) and isinstance(slow.steps, list)
    return fast.steps, slow.steps


def assert_same_steps(record, steps):
    assert len(record) == len(steps)
    for a, b in zip(record, steps):
        assert str(a) == str(b)
        assert (a.node_id, a.parent_id, a.depth, a.condition, a.stop_reason, a.by) == (
            b.node_id,
            b.parent_id,
            b.depth,
            b.condition,
            b.stop_reason,
            b.by,
        )
        assert a.rows.dtype == b.rows.dtype
        np.testing.assert_array_equal(a.rows, b.rows)
        np.testing.assert_array_equal(a.counts, b.counts)
        assert (a.n_samples, a.impurity) == (b.n_samples, b.impurity)
        assert a.to_dict() == b.to_dict()  # every candidate built and compared


@st.composite
def mixed_problems(draw):
    n = draw(st.integers(2, 40))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({"x": rng.integers(0, draw(st.sampled_from([2, 5, 40])), n).astype(float)})
    if draw(st.booleans()):
        X["colour"] = rng.choice(["red", "green", "blue"], size=n)
    y = rng.integers(0, draw(st.integers(2, 3)), size=n)
    w = None
    if draw(st.booleans()):
        w = rng.integers(0, 3, size=n).astype(float)
        w[0] = 1.0
    return X, y, w


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    problem=mixed_problems(),
    learner=st.sampled_from(["gini", "entropy", "id3"]),
    depth=st.sampled_from([None, 2]),
)
def test_the_record_reads_as_the_node_by_node_steps(problem, learner, depth):
    X, y, w = problem
    model = (
        dt.ID3Classifier(max_depth=depth)
        if learner == "id3"
        else dt.CARTClassifier(criterion=learner, max_depth=depth)
    )
    record, steps = grown_both_ways(model, X, y, w)
    assert_same_steps(record, steps)
    assert record == steps and record == tuple(steps)
    # each training row that takes part is kept once, however deep the tree
    assert len(record.perm) == len(record[0].rows)
    for how, again in (
        ("pickle", pickle.loads(pickle.dumps(record))),
        ("deepcopy", copy.deepcopy(record)),
    ):
        assert isinstance(again, GrowthRecord), how
        assert_same_steps(again, steps)


def test_multiway_splits_with_empty_branches_read_as_node_by_node():
    X, y = dt.load_play_tennis()
    X = X[X["outlook"] != "overcast"]  # outlook keeps its three values, one now empty
    y = y[X.index]
    record, steps = grown_both_ways(dt.ID3Classifier(stop_at_zero_gain=False), X, y)
    assert_same_steps(record, steps)
    assert any(len(s.rows) == 0 for s in record)  # the case is reached


def test_a_regression_record_reads_as_the_node_by_node_steps():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(300, 3))
    y = X[:, 0] * X[:, 1] + rng.normal(size=300)
    assert_same_steps(*grown_both_ways(dt.CARTRegressor(min_samples_leaf=3), X, y))


def test_the_record_behaves_as_the_tuple_of_its_steps():
    X, y = dt.load_play_tennis(numeric=True)
    model = dt.CARTClassifier().fit(X, y)
    record = model.steps_
    assert isinstance(record, GrowthRecord)
    steps = tuple(record)
    assert record[0] is record[0] is steps[0]  # made once, then kept
    assert record[-1] is steps[-1] and record[len(record) - 1] is steps[-1]
    assert record[1:3] == steps[1:3] and isinstance(record[1:3], tuple)
    assert repr(record) == repr(steps)
    assert record + () == steps and () + record == steps
    assert record.index(steps[2]) == 2 and steps[2] in record
    with pytest.raises(IndexError):
        record[len(record)]
    # a saved model loads with a record, and its candidate tables read as before
    loaded = pickle.loads(pickle.dumps(model))
    assert isinstance(loaded.steps_, GrowthRecord)
    assert [repr(s.table()) for s in loaded.steps_] == [repr(s.table()) for s in record]


def test_a_fit_holds_less_than_three_times_its_data_at_its_peak():
    # tracemalloc is deterministic: the same fit allocates the same; the record as
    # objects (Node, GrowthStep, row lists) peaked at 4.9 times the data here (3.2 now)
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20_000, 10)).astype(np.float32).astype(float)
    y = (X[:, 0] + X[:, 1] * X[:, 2] + 0.5 * rng.normal(size=len(X)) > 0).astype(int)
    dt.CARTClassifier().fit(X[:100], y[:100])  # first-call caches are not the fit's
    tracemalloc.start()
    try:
        model = dt.CARTClassifier().fit(X, y)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert model.tree_.n_nodes > 3000
    assert peak < 4 * (X.nbytes + y.nbytes)
