"""Every learner finishes on any finite table; C4.5 routes with J48's 1e-6 tolerance.

J48 sends ``x`` left of a cut ``t`` when ``x - t < 1e-6`` (Weka's ``Utils.smOrEq``), in
growing and in prediction. A C4.5 that scored a split with that rule but routed rows with
an exact ``x <= t`` sent a row one way when scoring and the other when splitting, and on
``0.3`` against ``0.1 + 0.2`` repeated the same split forever. The Weka 3.6 output on that
table (``tests/fixtures/weka_near_equal``) is the oracle.

A learner that loops fails here with a message, not by hanging: every fit runs under a
budget of splits (:func:`split_budget`). Greedy growth splits a node only when the split
separates its rows, so a tree over ``n`` rows has fewer than ``n`` splits (C4.5 copies rows
with a missing value into every branch: the budget allows ten times that).
"""

import json
import re
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.datasets.arffio import read_arff
from dtlearn.grow.loop import Grower
from dtlearn.learners.c45 import C45Classifier
from dtlearn.learners.c45_grower import J48_TOLERANCE
from dtlearn.splits import ThresholdSplit
from dtlearn.tree import Tree

NEAR = Path(__file__).parent / "fixtures" / "weka_near_equal"
CUT_LOOP = Path(__file__).parent / "fixtures" / "weka_margin"
LEARNERS = [
    dt.ZeroR,
    dt.OneR,
    dt.ID3Classifier,
    C45Classifier,
    dt.CARTClassifier,
    dt.ObliqueTreeClassifier,
]


def _weka_tree_lines(text):
    body = text.split("------------------", 1)[1].split("Number of Leaves", 1)[0]
    return [line for line in body.strip().splitlines() if line.strip()]


def test_near_equal_table_grows_weka_s_tree():
    X, y = read_arff(NEAR / "near-equal.arff")
    assert X["x"].tolist()[3] == 0.1 + 0.2 != 0.3  # the two values differ, by 5.6e-17
    model = C45Classifier().fit(X, y)
    weka = _weka_tree_lines((NEAR / "near-equal.J48.txt").read_text())
    assert model.tree_.to_text(style="weka").splitlines() == weka


def test_near_threshold_predictions_follow_j48():
    X, y = read_arff(NEAR / "near-equal.arff")
    probes, _ = read_arff(NEAR / "probes.arff")
    model = C45Classifier().fit(X, y)
    lines = (NEAR / "probes.J48.pred.txt").read_text().splitlines()
    weka = [
        re.split(r"\s+", line.strip())[2].split(":")[1]
        for line in lines
        if re.match(r"\s+\d+\s", line)
    ]
    assert len(weka) == len(probes) == 6
    assert model.predict(probes).tolist() == weka
    # 0.3000005 is above the cut 0.3 but within 1e-6: J48 (and dtlearn) send it left
    assert model.predict(pd.DataFrame({"x": [0.3000005]}))[0] == "n"


def test_tolerance_survives_json_and_to_python():
    X, y = read_arff(NEAR / "near-equal.arff")
    tree = C45Classifier().fit(X, y).tree_
    assert tree.root.split.tolerance == J48_TOLERANCE
    back = Tree.from_json(tree.to_json())
    assert back.root.split == tree.root.split
    namespace = {}
    exec(tree.to_python(), namespace)
    for x in (0.3, 0.3000005, 0.3000011, 0.4):
        assert namespace["predict"]({"x": x}) == tree.predict(pd.DataFrame({"x": [x]}))[0]
    assert json.loads(tree.to_json())["nodes"][0]["split"]["tolerance"] == 1e-6


def test_c45_makes_a_leaf_where_j48_recurses_for_ever():
    # the cut between 0.000001 and 0.1 is stored as 0 (J48's scan moves only by more than
    # 1e-6) and routes 0.000001 right (0.000001 - 0 < 1e-6 is false): J48 sends both rows
    # right again and again until its stack overflows (the fixture)
    assert "java.lang.StackOverflowError" in (CUT_LOOP / "cut-loop.J48-U-M1.txt").read_text()
    X, y = read_arff(CUT_LOOP / "cut-loop.arff")
    with split_budget(len(y)):
        model = C45Classifier(prune=False, min_samples_leaf=1).fit(X, y)
    root = model.grown_tree_.root
    assert root.split.threshold == 0.0
    left, right = root.children
    assert (left.n_samples, right.n_samples) == (2.0, 2.0) and right.is_leaf
    reasons = {s.node_id: s.stop_reason for s in model.steps_}
    assert "sends every instance one way" in reasons[right.node_id]


def test_other_learners_cut_exactly():
    X = pd.DataFrame({"x": [0.1, 0.3, 0.5, 0.1 + 0.2, 0.5]})
    y = ["n", "n", "p", "n", "p"]
    split = dt.CARTClassifier().fit(X, y).tree_.root.split
    assert split.tolerance == 0.0 and split.threshold == pytest.approx(0.4)


class GrowthBudgetExceeded(AssertionError):
    """More splits than a tree over the training rows can hold: growth does not stop."""


@contextmanager
def split_budget(n_rows, per_row=10):
    """Fail (instead of hanging) when growth opens more than ``per_row * n_rows + 10`` nodes."""
    budget = per_row * n_rows + 10
    original = Grower.open_children
    splits = 0

    def counted(self, *args, **kwargs):
        nonlocal splits
        splits += 1
        if splits > budget:
            raise GrowthBudgetExceeded(
                f"more than {budget} splits on {n_rows} rows: growth does not stop"
            )
        return original(self, *args, **kwargs)

    Grower.open_children = counted
    try:
        yield
    finally:
        Grower.open_children = original


def test_split_budget_stops_a_growth_that_repeats_itself(monkeypatch):
    # a routing bug: every row goes right, so the right child is its parent again
    monkeypatch.setattr(ThresholdSplit, "route", lambda self, X: np.ones(len(X), dtype=int))
    X = pd.DataFrame({"x": [0.0, 1.0, 0.0, 1.0]})
    y = ["a", "b", "a", "b"]
    with pytest.raises(GrowthBudgetExceeded, match="more than 50 splits on 4 rows"):
        with split_budget(len(X)):
            dt.CARTClassifier().make_grower(X, y).run(level_wise=False)


NEAR_VALUES = [0.0, 0.1, 0.3, 0.1 + 0.2, 0.3 + 5e-7, 0.3 + 2e-6, 1.0, 1.0 + 1e-9, -2.5, 7.0]


@st.composite
def _tables(draw):
    n = draw(st.integers(1, 14))
    d = draw(st.integers(1, 3))
    cells = st.one_of(
        st.sampled_from(NEAR_VALUES),
        st.just(np.nan),
        st.floats(-3, 3, allow_nan=False, allow_infinity=False),
    )
    columns = {}
    for j in range(d):
        if draw(st.booleans()):  # a constant column
            columns[f"x{j}"] = [draw(st.sampled_from(NEAR_VALUES))] * n
        else:
            columns[f"x{j}"] = draw(st.lists(cells, min_size=n, max_size=n))
    X = pd.DataFrame(columns)
    y = draw(st.lists(st.sampled_from(["a", "b", "c"]), min_size=n, max_size=n))
    repeat = draw(st.integers(1, 3))  # duplicated rows
    X = pd.concat([X] * repeat, ignore_index=True)
    return X, y * repeat


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_tables())
def test_every_learner_finishes_on_awkward_tables(table):
    X, y = table
    for learner in LEARNERS:
        data = X
        if not learner._handles_missing:
            data = X.fillna(0.3)  # these learners refuse missing values by design
        with split_budget(len(y)):
            model = learner().fit(data, y)
        assert len(model.predict(data)) == len(y)
        assert model.tree_.n_nodes >= 1
    if not X.isna().any().any():
        for learner in (dt.CARTRegressor,):
            with split_budget(len(y)):
                model = learner().fit(X, np.arange(len(y), dtype=float))
            assert np.isfinite(model.predict(X)).all()


@settings(max_examples=40, deadline=None)
@given(_tables())
def test_c45_routes_training_rows_as_it_counted_them(table):
    # every leaf's training count equals the weight of the rows prediction sends there
    X, y = table
    X = X.fillna(0.0)
    with split_budget(len(y)):
        model = C45Classifier(prune=False, min_samples_leaf=1).fit(X, y)
    leaves = model.grown_tree_.apply(X)
    for leaf in model.grown_tree_.leaves():
        assert (leaves == leaf.node_id).sum() == pytest.approx(leaf.n_samples)
