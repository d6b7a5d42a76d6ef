"""dtlearn.cycle_collector.paused: a fit or a pruning run leaves the collector as it found it."""

import gc

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.cycle_collector import paused


def test_the_collector_is_back_on_after_an_exception_inside_the_block():
    with pytest.raises(RuntimeError), paused():
        assert not gc.isenabled()
        raise RuntimeError("inside")
    assert gc.isenabled()


def test_a_collector_switched_off_by_the_caller_stays_off():
    gc.disable()
    try:
        with paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize("model", [dt.CARTClassifier(), dt.CARTRegressor()])
def test_a_refused_fit_and_a_full_fit_leave_collection_on(model):
    X = np.arange(12.0).reshape(-1, 2)
    bad = np.array([0, 1, 0, 1, 0, np.nan])  # NaN in the target is refused
    with pytest.raises(ValueError):
        model.fit(X, bad)
    assert gc.isenabled()
    model.fit(X, np.array([0, 1, 0, 1, 0, 1.0]))
    assert gc.isenabled()
