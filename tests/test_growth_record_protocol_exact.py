"""A GrowthRecord is the tuple of its steps in every way a reader can tell.

``dtlearn.grow.fast.arrays.GrowthRecord`` stands for ``tuple(steps)``: indexing at both
ends and one past them (with its message), slices, equality with any sequence and
``NotImplemented`` for what is not one, no hash (as a list: it is not a value), sums with
tuples on either side, ``repr``, IPython's pretty text, and a pickle that keeps every
column. Play tennis (numeric) grown by CART: five steps.
"""

import pickle

import numpy as np
import pytest
from IPython.lib.pretty import pretty

import dtlearn as dt
from dtlearn.grow.fast.arrays import FIELDS, GrowthRecord


@pytest.fixture(scope="module")
def record():
    X, y = dt.load_play_tennis(numeric=True)
    steps = dt.CARTClassifier().fit(X, y).steps_
    assert isinstance(steps, GrowthRecord)
    return steps


def test_indexing_reaches_both_ends_and_names_the_step_one_past_them(record):
    n = len(record)
    steps = tuple(record)
    assert n == len(steps) >= 3
    assert record[-n] is record[0] is steps[0] and record[n - 1] is record[-1]
    for i in (n, -n - 1, 10 * n):
        with pytest.raises(IndexError) as err:
            record[i]
        assert str(err.value) == f"step {i} out of range for {n} steps"
    assert record[np.int64(1)] is steps[1]  # any integer
    assert record[::-1] == steps[::-1] and record[5:1] == ()
    assert record[-2:] == steps[-2:] and isinstance(record[-2:], tuple)


def test_equality_is_with_sequences_only_and_there_is_no_hash(record):
    steps = tuple(record)
    assert record == steps and record == list(steps) and steps == record
    assert record != steps[:-1] and record != steps + steps[:1]
    assert record != steps[::-1]
    assert record == record
    for other in ("steps", b"steps", 3, None, {0: steps[0]}):
        assert record.__eq__(other) is NotImplemented
        assert record != other
    with pytest.raises(TypeError):
        hash(record)


def test_sums_repr_and_pretty_text_are_the_tuples(record):
    steps = tuple(record)
    assert record + ("x",) == steps + ("x",) and isinstance(record + (), tuple)
    assert ("x",) + record == ("x",) + steps and isinstance(() + record, tuple)
    assert repr(record) == repr(steps)
    assert pretty(record) == pretty(steps)


def test_a_pickled_record_keeps_every_column(record):
    loaded = pickle.loads(pickle.dumps(record))
    assert isinstance(loaded, GrowthRecord) and loaded == record
    for name in FIELDS:
        a, b = getattr(record, name), getattr(loaded, name)
        if isinstance(a, np.ndarray):
            assert a.dtype == b.dtype and np.array_equal(a, b), name
        elif name in ("reasons", "classes", "target_name"):
            assert a == b, name
    assert [str(s) for s in loaded] == [str(s) for s in record]
