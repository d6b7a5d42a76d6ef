"""A growth step's words and numbers on Quinlan's play-tennis tree, worked out by hand.

ID3 on play tennis (Quinlan 1986): the root (9 yes / 5 no, H = 0.940) splits on outlook
(gain 0.247) into 5 / 4 / 5 rows; sunny (2 yes / 3 no, H = 0.971) splits on humidity into
3 high (all no) and 2 normal (all yes), a gain of all its 0.971 bits.
"""

import math

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.grow.growth_step import GrowthStep


def bits(*counts):
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c)


@pytest.fixture(scope="module")
def steps():
    return dt.ID3Classifier().fit(*dt.load_play_tennis()).steps_


def test_the_roots_step_in_words_and_numbers(steps):
    root = steps[0]
    assert str(root) == repr(root) == "node 0 [root] n=14: split on outlook"
    assert (root.action, root.is_split, root.by, root.kind) == ("split", True, "greedy", "growth")
    assert root.reason == "split on outlook (best by greedy choice)"
    assert root.before == {"n_samples": 14.0, "impurity": pytest.approx(bits(9, 5), abs=1e-12)}
    gain = bits(9, 5) - 5 / 14 * bits(2, 3) * 2
    assert root.after == {
        "branch_sizes": [5.0, 4.0, 5.0],
        "impurity_decrease": pytest.approx(gain, abs=1e-12),
    }
    assert root.table().caption == "node 0 (root): split on outlook"
    assert root.parent_id is None and root.condition is None and root.depth == 0


def test_a_split_below_the_root_and_a_pure_leaf(steps):
    sunny, high = steps[1], steps[2]
    assert str(sunny) == "node 1 [outlook = sunny] n=5: split on humidity"
    assert sunny.after["branch_sizes"] == [3.0, 2.0]
    assert sunny.after["impurity_decrease"] == pytest.approx(bits(2, 3), abs=1e-12)
    assert sunny.table().caption == "node 1 (outlook = sunny): split on humidity"
    assert (sunny.parent_id, sunny.depth) == (0, 1)
    assert str(high) == "node 4 [humidity = high] n=3: leaf (pure node)"
    assert (high.action, high.is_split, high.chosen, high.reason) == (
        "leaf",
        False,
        None,
        "pure node",
    )
    assert high.after == {} and high.before == {"n_samples": 3.0, "impurity": 0.0}
    assert high.table().caption == "node 4 (humidity = high): leaf — pure node"
    assert isinstance(high.explain(), dt.grow.SplitTable)


def test_a_steps_dict_holds_its_decision(steps):
    d = steps[1].to_dict()
    assert {k: d[k] for k in ("kind", "node_id", "parent_id", "depth", "condition")} == {
        "kind": "growth",
        "node_id": 1,
        "parent_id": 0,
        "depth": 1,
        "condition": "outlook = sunny",
    }
    assert (d["action"], d["stop_reason"], d["by"], d["target_name"]) == (
        "split",
        None,
        "greedy",
        "play",
    )
    assert d["reason"] == "split on humidity (best by greedy choice)"
    assert d["chosen"]["feature_name"] == "humidity" and d["classes"] == ["yes", "no"]
    assert d["counts"] == [2.0, 3.0] and d["rows"] == [0, 1, 7, 8, 10]
    assert [c["feature_name"] for c in d["candidates"]] == ["temperature", "humidity", "windy"]
    leaf = steps[2].to_dict()
    assert (leaf["action"], leaf["chosen"], leaf["stop_reason"], leaf["after"]) == (
        "leaf",
        None,
        "pure node",
        {},
    )


def test_steps_compare_by_content(steps):
    again = dt.ID3Classifier().fit(*dt.load_play_tennis()).steps_
    assert steps[0] == again[0] and steps[0] != again[1]
    assert (steps[0] == "node 0") is False
    with pytest.raises(TypeError):
        hash(steps[0])


def test_a_hand_driven_step_says_so_and_explains_its_choice():
    grower = dt.ID3Classifier().make_grower(*dt.load_play_tennis())
    step = grower.expand(0, "windy")
    assert step.by == "person" and step.reason == "split on windy (chosen by a person)"
    assert str(step.explain()).splitlines()[0] == "H(play) = 0.940 bits   (9 yes / 5 no)"


def test_a_regression_steps_branch_sizes_are_their_weights():
    X, _ = dt.load_play_tennis(numeric=True)
    y = np.array([1.0] * 4 + [5.0] * 10)
    step = dt.CARTRegressor().fit(X[["humidity"]], y).steps_[0]
    sizes = step.after["branch_sizes"]
    assert sum(sizes) == 14.0 and len(sizes) == 2
    assert step.counts.tolist()[0] == 14.0
    assert step.counts.tolist()[1] == pytest.approx(54 / 14, abs=1e-12)  # the mean


def test_a_step_made_by_hand_reads_its_choice_from_a_position():
    model = dt.ID3Classifier().fit(*dt.load_play_tennis())
    root = model.steps_[0]
    positional = GrowthStep(
        0,
        None,
        0,
        None,
        root.rows,
        14.0,
        root.counts,
        root.impurity,
        root.candidates,
        0,
        None,
        classes=root.classes,
        target_name=root.target_name,
    )
    assert positional.chosen.to_dict() == root.chosen.to_dict() and positional == root
    assert positional.is_split and positional.action == "split"


def test_a_records_index_bounds_and_comparisons():
    from dtlearn.grow.fast.arrays import GrowthRecord, frozen_steps

    X, y = dt.load_play_tennis(numeric=True)
    record = dt.CARTClassifier().fit(X, y).steps_
    assert isinstance(record, GrowthRecord) and len(record) == 9
    assert record[-9] is record[0]
    for bad in (9, -10):
        with pytest.raises(IndexError) as err:
            record[bad]
        assert str(err.value) == f"step {bad} out of range for 9 steps"
    assert record == record and record == list(record) and (record == "steps") is False
    assert record != tuple(record)[:-1]
    assert frozen_steps(record) is record and frozen_steps([1, 2]) == (1, 2)
    with pytest.raises(TypeError):
        hash(record)
    # depth first, first branch first; a branch's condition from its parent's split
    assert [(s.node_id, s.parent_id, s.condition) for s in record] == [
        (0, None, None),
        (1, 0, "outlook = overcast"),
        (2, 0, "outlook in {sunny, rainy}"),
        (3, 2, "humidity <= 82.5"),
        (5, 3, "temperature <= 66.5"),
        (6, 3, "temperature > 66.5"),
        (4, 2, "humidity > 82.5"),
        (7, 4, "temperature <= 70.5"),
        (8, 4, "temperature > 70.5"),
    ]


def test_a_step_shows_in_a_notebook_as_its_candidate_table(steps):
    for step in (steps[0], steps[-1]):
        assert step._repr_html_() == step.table()._repr_html_()
    assert "<table" in steps[0]._repr_html_() and "outlook" in steps[0]._repr_html_()


def test_a_candidate_list_plus_candidates_keeps_its_own_first():
    grower = dt.CARTClassifier().make_grower(*dt.load_play_tennis(numeric=True))
    candidates = grower.candidates(grower.root.node_id)
    extra = candidates[0]
    more = candidates + [extra]
    assert type(more) is type(candidates) and len(more) == len(candidates) + 1
    names = [c.feature_name for c in candidates]
    assert [c.feature_name for c in more] == [*names, names[0]]
    assert more[-1] is extra and more[0].score == candidates[0].score
    assert more.best().feature_name == candidates.best().feature_name
