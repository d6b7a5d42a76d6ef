"""Array growth keeps the very record columns that level-wise growth with objects keeps.

Two implementations of one growth: ``dtlearn.grow.fast.levels.grow`` decides each level
with ``Pending`` objects and notes it in a ``StepLog``; ``dtlearn.grow.fast.level_arrays.grow``
holds the levels as arrays and numbers them at the end. Both give a ``GrowthRecord``
whose columns say, per step in pre-order, where its rows lie (``perm``, ``start``,
``end``), which scan row stands for its candidates (``scan_at``, ``scan_row``: ``EMPTY``
when none was scored, ``KEPT`` when the candidates were built), the position of its choice
and its reason. Steps read the same either way even where these columns differ (a kept
object for a scan row), so the columns themselves are compared where they must agree, on numeric data drawn by hypothesis, weighted or not, near and far from the
stopping rules' limits. And on play tennis's two numeric columns, by hand.
"""

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.grow.fast import level_arrays, levels
from dtlearn.grow.fast.arrays import EMPTY, KEPT

COLUMNS = (
    "node_id",
    "parent",
    "branch",
    "depth",
    "n_samples",
    "impurity",
    "counts",
    "perm",
    "start",
    "end",
)


def both(make):
    a, b = make(), make()
    assert level_arrays.applies(a) and levels.applies(b)
    level_arrays.grow(a)
    levels.grow(b)
    return a.steps, b.steps


def assert_same_columns(arrays, objects):
    for name in COLUMNS:
        a, b = getattr(arrays, name), getattr(objects, name)
        assert np.array_equal(a, b), (name, a, b)
    texts = [None if r < 0 else arrays.reasons[r] for r in arrays.reason.tolist()]
    assert texts == [None if r < 0 else objects.reasons[r] for r in objects.reason.tolist()]
    # a node split by its scan, unbuilt (choice: a position), is a scan row both ways; a
    # node closed unscored is EMPTY both ways
    unbuilt = arrays.choice >= 0
    for name in ("scan_row", "choice"):
        a, b = getattr(arrays, name), getattr(objects, name)
        assert np.array_equal(a[unbuilt], b[unbuilt]), (name, a, b)
    # each record numbers the scans of its own table, and array growth may number a scan
    # whose nodes all built their candidates (KEPT) where objects number none: the same
    # nodes share a scan, in the same order, but the numbers may leave gaps
    a, b = arrays.scan_at[unbuilt], objects.scan_at[unbuilt]
    same_order = np.unique(a, return_inverse=True)[1], np.unique(b, return_inverse=True)[1]
    assert np.array_equal(*same_order), ("scan_at", arrays.scan_at, objects.scan_at)
    assert np.array_equal(arrays.scan_at == EMPTY, objects.scan_at == EMPTY)
    # a node that built its candidates keeps them both ways (objects keeps more: a node
    # scanned but not split keeps its list, the arrays its scan row)
    assert set(arrays.objects) <= set(objects.objects)
    assert set(objects.objects) == set(np.flatnonzero(objects.scan_at == KEPT).tolist())


@st.composite
def numeric_problems(draw):
    n = draw(st.integers(2, 40))
    d = draw(st.integers(1, 3))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    values = draw(st.sampled_from([2, 5, 40]))
    X = pd.DataFrame(rng.integers(0, values, size=(n, d)).astype(float))
    X.columns = [f"x{j}" for j in range(d)]
    y = rng.integers(0, draw(st.integers(2, 3)), size=n)
    w = None
    if draw(st.booleans()):
        w = rng.integers(1, 4, size=n).astype(float)
    return X, y, w


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    problem=numeric_problems(),
    criterion=st.sampled_from(["gini", "entropy"]),
    leaf=st.integers(1, 3),
    depth=st.sampled_from([None, 1, 3]),
    decrease=st.sampled_from([0.0, 0.02, 0.1]),
)
def test_array_growth_keeps_level_wise_growths_record_columns(
    problem, criterion, leaf, depth, decrease
):
    X, y, w = problem
    model = dt.CARTClassifier(
        criterion=criterion, min_samples_leaf=leaf, max_depth=depth, min_impurity_decrease=decrease
    )
    assert_same_columns(*both(lambda: model.make_grower(X, y, w)))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=numeric_problems(), leaf=st.integers(1, 3), offset=st.sampled_from([0.0, 1e6]))
def test_regression_array_growth_keeps_the_same_record_columns(problem, leaf, offset):
    X, codes, w = problem
    y = offset + codes * 1.5
    model = dt.CARTRegressor(min_samples_leaf=leaf)
    assert_same_columns(*both(lambda: model.make_grower(X, y, w)))


def test_a_limit_at_a_splits_own_decrease_keeps_the_same_objects():
    # the root's decrease as the limit: the root builds its candidate (kept as an object)
    X, y = dt.load_play_tennis(numeric=True)
    X = X[["temperature", "humidity"]]
    first = dt.CARTClassifier().make_grower(X, y)
    first.run(level_wise=False)
    limit = first.steps[0].chosen.scores["weighted_decrease"]
    arrays, objects = both(lambda: dt.CARTClassifier(min_impurity_decrease=limit).make_grower(X, y))
    assert_same_columns(arrays, objects)
    assert arrays.scan_at[0] == arrays.choice[0] == KEPT and list(arrays.objects) == [0]


def test_play_tennis_numeric_record_by_hand():
    # temperature and humidity only: the root splits on humidity <= 82.5, then every
    # inner node on one of the two. Level d is scan d; a scanned node's row is its place
    # among the level's scanned nodes, left to right (breadth first); its choice is the
    # column it splits on; a node closed unscored (all pure here) is EMPTY
    X, y = dt.load_play_tennis(numeric=True)
    X = X[["temperature", "humidity"]]
    arrays, objects = both(lambda: dt.CARTClassifier().make_grower(X, y))
    assert_same_columns(arrays, objects)
    record = arrays
    n = len(record)
    assert record[0].chosen.conditions[0] == "humidity <= 82.5"
    paths = {record[0].node_id: ()}
    for i in range(1, n):
        paths[record[i].node_id] = paths[record[i].parent_id] + (int(record.branch[i]),)
    inner = [i for i in range(n) if record[i].chosen is not None]
    leaves = [i for i in range(n) if record[i].chosen is None]
    assert record.scan_at[leaves].tolist() == [EMPTY] * len(leaves)
    assert {record[i].reason for i in leaves} == {"pure node"}
    for i in inner:
        d = int(record.depth[i])
        level = sorted(paths[record[j].node_id] for j in inner if record.depth[j] == d)
        assert record.scan_at[i] == d
        assert record.scan_row[i] == level.index(paths[record[i].node_id])
        assert record.choice[i] == ["temperature", "humidity"].index(record[i].chosen.feature_name)
    assert record.scan_at.tolist() == [0, 1, 2, -2, -2, -2, 1, -2, 2, 3, -2, 4, -2, 5, -2, -2, -2]
    assert record.scan_row.tolist() == [0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    assert record.choice.tolist() == [1, 0, 0, -1, -1, -1, 0, -1, 1, 0, -1, 0, -1, 0, -1, -1, -1]
    # a node's rows, ascending, are perm[start:end]; its children's ranges nest in it
    for i in range(n):
        rows = record.perm[record.start[i] : record.end[i]]
        assert sorted(rows.tolist()) == record[i].rows.tolist()
        if i:
            up = list(record.node_id).index(record[i].parent_id)
            assert record.start[up] <= record.start[i] <= record.end[i] <= record.end[up]
    assert record.perm[record.start[1] : record.end[1]].tolist() == [6, 5, 4, 8, 9, 10, 12]
