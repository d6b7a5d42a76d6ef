"""A row whose value equals a threshold goes left (``x <= t``), at every level of the tree.

The midpoint rule (:func:`dtlearn.splits.midpoint`, scikit-learn's) keeps the lower value
as the threshold when the midpoint of two neighbouring floats rounds up to the higher one:
then a training value sits exactly on the threshold and only the ``<=`` test sends it to
the side the cut was scored for. Data with such neighbours at every depth, alternating
classes (or distinct targets) so a fully grown tree must cut between every pair of
neighbours: by hand, its thresholds are the midpoints, its leaves hold one row each and it
predicts its training targets.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.grow.fast import levels
from dtlearn.splits import midpoint

BASES = [1.0, 3.0, 1e6, -2.0, 0.5, 7.25]
#: deep enough for any tree of the 14 rows (a chain at worst): bounds a wrong routing's loop
DEPTH = 14


def neighbours():
    """Sorted values: each base and the next float above it, and two plain values."""
    vals = []
    for v in BASES:
        vals += [v, float(np.nextafter(v, np.inf))]
    return sorted(vals + [10.0, 12.0])


def test_the_data_puts_values_on_thresholds():
    vals = neighbours()
    on = [midpoint(a, b) == a for a, b in zip(vals, vals[1:])]
    assert sum(on) == len(BASES)  # one per base: the cut keeps the lower value


def thresholds(tree):
    return sorted(n.split.threshold for n in tree.nodes() if n.split is not None)


def frame(values, mixed):
    """One numeric column; ``mixed`` adds a constant categorical one (the row-list grower)."""
    X = pd.DataFrame({"x": values})
    if mixed:
        X["colour"] = pd.Categorical(["red"] * len(values))
    return X


@pytest.mark.parametrize("mixed", [False, True])
@pytest.mark.parametrize("shuffle", [False, True])
def test_classifier_cuts_every_pair_at_its_midpoint(shuffle, mixed):
    vals = neighbours()
    y = np.arange(len(vals)) % 2
    order = np.random.default_rng(3).permutation(len(vals)) if shuffle else np.arange(len(vals))
    X = frame(np.array(vals)[order], mixed)
    y = y[order]
    assert levels.applies(dt.CARTClassifier().make_grower(X, y))  # a level-wise grower
    model = dt.CARTClassifier(max_depth=DEPTH).fit(X, y)
    tree = model.tree_
    assert thresholds(tree) == [midpoint(a, b) for a, b in zip(vals, vals[1:])]
    assert tree.n_leaves == len(vals)
    assert [leaf.n_samples for leaf in tree.leaves()] == [1.0] * len(vals)
    assert model.predict(X).tolist() == y.tolist()
    assert len(set(tree.apply(X).tolist())) == len(vals)


@pytest.mark.parametrize("mixed", [False, True])
@pytest.mark.parametrize("criterion", ["mse", "mae"])
def test_regressor_cuts_every_pair_at_its_midpoint(criterion, mixed):
    vals = neighbours()
    X = frame(vals, mixed)
    y = np.arange(len(vals), dtype=float) ** 2
    model = dt.CARTRegressor(criterion=criterion, max_depth=DEPTH).fit(X, y)
    tree = model.tree_
    assert thresholds(tree) == [midpoint(a, b) for a, b in zip(vals, vals[1:])]
    assert [leaf.n_samples for leaf in tree.leaves()] == [1.0] * len(vals)
    assert model.predict(X).tolist() == y.tolist()


def test_value_on_threshold_at_predict_time_goes_left():
    # two rows 1.0 and the next float: one cut at 1.0; a new row of exactly 1.0 is "<="
    X = pd.DataFrame({"x": [1.0, float(np.nextafter(1.0, 2.0))]})
    model = dt.CARTClassifier().fit(X, ["a", "b"])
    assert thresholds(model.tree_) == [1.0]
    new = pd.DataFrame({"x": [1.0, 0.0, float(np.nextafter(1.0, 2.0)), 5.0]})
    assert model.predict(new).tolist() == ["a", "a", "b", "b"]
