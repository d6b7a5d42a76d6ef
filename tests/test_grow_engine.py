"""The growth engine's parts: the criterion registry, the scanners, lazy scores, steps as data.

The fast vectorised scan and the reference scan (one cut at a time, through the
registry's plain ``split_scores``) must grow identical trees on any data; the Hellinger
distance is checked against a direct computation and against hand-worked numbers.
"""

from __future__ import annotations

import json
import math
import pickle
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn import criteria
from dtlearn.grow import GrowthConfig, Scores
from dtlearn.grow.scanners import first_best, midpoint

CLASSIFICATION = criteria.names("classification")


def grow(model, X, y, scanner):
    grower = model.make_grower(X, y)
    grower.config = replace(grower.config, scanner=scanner)
    return grower.run(), grower.steps


@st.composite
def datasets(draw):
    n = draw(st.integers(4, 40))
    n_numeric = draw(st.integers(1, 3))
    n_categorical = draw(st.integers(0, 2))
    columns = {}
    for j in range(n_numeric):  # few distinct values: many ties between cuts and columns
        columns[f"x{j}"] = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    for j in range(n_categorical):
        columns[f"c{j}"] = draw(st.lists(st.sampled_from("abcd"), min_size=n, max_size=n))
    k = draw(st.integers(2, 3))
    y = draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
    X = pd.DataFrame(
        {
            name: (np.asarray(v, dtype=float) if name.startswith("x") else v)
            for name, v in columns.items()
        }
    )
    return X, np.array([f"k{v}" for v in y])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=datasets(),
    criterion=st.sampled_from(CLASSIFICATION),
    learner=st.sampled_from(["cart", "id3"]),
    leaf=st.integers(1, 3),
)
def test_fast_and_reference_scanners_grow_identical_trees(data, criterion, learner, leaf):
    X, y = data
    model = (
        dt.CARTClassifier(criterion=criterion, min_samples_leaf=leaf)
        if learner == "cart"
        else dt.ID3Classifier(criterion=criterion, min_samples_leaf=leaf, stop_at_zero_gain=False)
    )
    fast, fast_steps = grow(model, X, y, "fast")
    reference, reference_steps = grow(model, X, y, "reference")
    assert fast.to_json() == reference.to_json()
    assert [s.chosen and s.chosen.feature for s in fast_steps] == [
        s.chosen and s.chosen.feature for s in reference_steps
    ]


def test_every_learner_accepts_exactly_the_registrys_criteria():
    for model in (dt.ID3Classifier, dt.CARTClassifier, dt.ObliqueTreeClassifier):
        for name in CLASSIFICATION:
            assert model(criterion=name).fit(*dt.load_play_tennis()).tree_.criterion == name
        with pytest.raises(ValueError, match="criterion must be one of"):
            model(criterion="mse").fit(*dt.load_play_tennis())
    X, y = np.arange(8.0).reshape(-1, 1), np.arange(8.0)
    for name in criteria.names("regression"):
        assert dt.CARTRegressor(criterion=name).fit(X, y).tree_.criterion == name


def test_unknown_criterion_names_the_known_ones():
    with pytest.raises(ValueError, match="unknown criterion 'giny'; known: .*gini"):
        GrowthConfig(criterion="giny")
    with pytest.raises(ValueError, match="needs a cost_matrix"):
        GrowthConfig(criterion="cost_gini")
    with pytest.raises(TypeError, match="criterion must be a name"):
        criteria.get(3)


def hellinger_by_hand(table):
    """Direct two-class formula, class by class against the rest, largest kept."""
    table = np.asarray(table, dtype=float)
    best = 0.0
    for k in range(table.shape[1]):
        inside, rest = table[:, k], table.sum(axis=1) - table[:, k]
        if inside.sum() == 0 or rest.sum() == 0:
            continue
        d = math.sqrt(
            sum(
                (math.sqrt(a / inside.sum()) - math.sqrt(b / rest.sum())) ** 2
                for a, b in zip(inside, rest)
            )
        )
        best = max(best, d)
    return best


def test_hellinger_on_play_tennis_by_hand():
    # outlook: sunny 2 yes/3 no, overcast 4/0, rainy 3/2 of 9 yes and 5 no:
    # (sqrt(2/9)-sqrt(3/5))² + (sqrt(4/9)-0)² + (sqrt(3/9)-sqrt(2/5))² = 0.5394
    table = dt.split_table(*dt.load_play_tennis(), criterion="hellinger")
    assert table.row("outlook").scores["hellinger_distance"] == pytest.approx(
        math.sqrt(0.09193 + 0.44444 + 0.00304), abs=1e-4
    )
    assert table.best.feature_name == "outlook"


@settings(max_examples=100, deadline=None)
@given(
    st.integers(2, 3).flatmap(
        lambda k: st.lists(
            st.lists(st.integers(0, 30), min_size=k, max_size=k), min_size=2, max_size=4
        )
    ),
    st.integers(1, 20),
)
def test_hellinger_matches_the_formula_and_ignores_class_skew(rows, factor):
    table = np.array(rows, dtype=float)
    assert float(criteria.hellinger_of_counts(table)) == pytest.approx(hellinger_by_hand(table))
    if table.shape[1] == 2:  # skew-insensitive: many more of one class, same distance
        skewed = table * np.array([factor, 1.0])
        assert float(criteria.hellinger_of_counts(skewed)) == pytest.approx(
            float(criteria.hellinger_of_counts(table))
        )


def test_hellinger_measure_explains_itself():
    measure = dt.hellinger_distance(
        counts=[[2, 3], [4, 0], [3, 2]],
        classes=["yes", "no"],
        values=["sunny", "overcast", "rainy"],
    )
    assert float(measure) == pytest.approx(0.7344, abs=1e-4)
    text = str(measure.explain())
    assert "0.734" in text and "overcast" in text
    with pytest.raises(ValueError, match="counts must be a 2-D table"):
        dt.hellinger_distance(counts=[1, 2, 3])
    with pytest.raises(ValueError, match="counts must not be negative"):
        dt.hellinger_distance(counts=[[1, -2], [3, 4]])
    three = dt.hellinger_distance(counts=[[2, 3, 1], [4, 0, 2], [3, 2, 0]])
    assert float(three) == pytest.approx(hellinger_by_hand([[2, 3, 1], [4, 0, 2], [3, 2, 0]]))
    assert "max(" in str(three.explain())


def test_hellinger_prefers_catching_the_rare_class_where_gini_prefers_a_pure_leaf():
    # 1,000 rows, 20 rare. x0 = 1 on 16 rare and 60 common rows: most of the rare class
    # on one side. x1 = 1 on 5 rare rows only: a small pure leaf.
    # Gini decrease: x0 0.0060 < x1 0.0097; Hellinger: x0 0.831 > x1 0.518.
    n = 1000
    y = np.where(np.arange(n) < 20, "rare", "common")
    x0 = np.zeros(n)
    x0[:16] = 1.0
    x0[20:80] = 1.0
    x1 = np.zeros(n)
    x1[:5] = 1.0
    X = pd.DataFrame({"x0": x0, "x1": x1})
    assert dt.CARTClassifier(criterion="gini", max_depth=1).fit(X, y).tree_.root.split.feature == 1
    model = dt.CARTClassifier(criterion="hellinger", max_depth=1).fit(X, y)
    assert model.tree_.root.split.feature == 0
    chosen = model.steps_[0].chosen
    assert chosen.score == pytest.approx(hellinger_by_hand(chosen.child_counts))
    assert chosen.score == pytest.approx(0.8311, abs=1e-4)


def test_scores_compare_by_content_before_and_after_reading():
    a = Scores({"score": 1.0}, lambda: {"gini_gain": 0.5})
    b = Scores({"score": 1.0}, lambda: {"gini_gain": 0.5})
    assert not a.computed and a == b and a.computed  # comparing works out both sides
    assert a == b  # and the answer does not change once worked out
    assert a == b and a["gini_gain"] == 0.5
    loaded = pickle.loads(pickle.dumps(Scores({"score": 1.0}, _lazy_part)))
    assert not loaded.computed and loaded["gini_gain"] == 0.5


def _lazy_part():
    return {"gini_gain": 0.5}


def test_steps_and_candidates_are_json_data():
    model = dt.CARTClassifier(max_depth=2).fit(*dt.load_play_tennis(numeric=True))
    data = [s.to_dict() for s in model.steps_]
    json.dumps(data)  # plain JSON: no numpy values, no NaN
    assert data[0]["kind"] == "growth" and data[0]["chosen"]["split"]["kind"] == "subset"
    assert data[0]["chosen"]["score"] == pytest.approx(model.steps_[0].chosen.score)


def test_one_tie_rule_first_column_then_lowest_threshold():
    assert first_best([0.1, 0.3, 0.3]) == 1
    assert first_best([0.3 - 1e-14, 0.3]) == 0  # within the tolerance: a tie
    assert midpoint(1.0, 2.0) == 1.5
    X = pd.DataFrame({"a": [0.0, 0.0, 1.0, 1.0], "b": [0.0, 0.0, 1.0, 1.0]})
    tree = dt.CARTClassifier().fit(X, ["n", "n", "y", "y"]).tree_
    assert tree.root.split.feature == 0


def test_growth_steps_follow_the_step_protocol():
    from dtlearn.steps import Step

    steps = dt.ID3Classifier().fit(*dt.load_play_tennis()).steps_
    assert all(isinstance(s, Step) for s in steps)
    root, leaf = steps[0], next(s for s in steps if not s.is_split)
    assert (root.kind, root.action, leaf.action) == ("growth", "split", "leaf")
    assert root.before["n_samples"] == 14 and root.after["branch_sizes"] == [5.0, 4.0, 5.0]
    assert root.table().columns[:2] == ("attribute", "test")
    assert [row[0] for row in root.table().rows] == ["outlook", "temperature", "humidity", "windy"]
    assert leaf.reason == "pure node" and "0.247" in str(root.explain())
