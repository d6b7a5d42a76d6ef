"""Which path growth takes, and what each path leaves unbuilt, pinned by counting.

The fast paths (level-wise growth, arrays, MAE levels) promise the node-by-node tree and
steps; they also promise to build no candidate for a node that clearly splits, to apply
only where they give that tree, and to say why a column cannot split in the same words.
Small data sets whose every split is clear (gains far above any limit) make each promise
a count: candidates built during the fit, calls of the level's router, applies() answers.
"""

import importlib
import pkgutil

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
import dtlearn.grow
from dtlearn.grow import scanners
from dtlearn.grow.fast import levels, median_levels
from dtlearn.grow.scoring import CandidateBuilder, CandidateList, ThresholdBlock, ThresholdScan

# x = 0..7, classes 0 0 1 1 0 0 1 1: every split takes a clear gain, every leaf is pure
X8 = np.arange(8.0).reshape(-1, 1)
Y8 = np.array([0, 0, 1, 1, 0, 0, 1, 1])


def grow_modules():
    package = dtlearn.grow
    names = [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
    return [package.__name__, *names]


@pytest.mark.parametrize("name", grow_modules())
def test_every_name_a_grow_module_exports_is_there_once(name):
    module = importlib.import_module(name)
    exported = getattr(module, "__all__", [])
    assert len(set(exported)) == len(exported)
    assert [n for n in exported if not hasattr(module, n)] == []


# ------------------------------------------------------------------ what stays unbuilt
def count_builds(monkeypatch):
    built = []
    build, scored = ThresholdBlock.build, ThresholdScan.scored

    def counted_build(self, *args, **kwargs):
        built.append("build")
        return build(self, *args, **kwargs)

    def counted_scored(self, *args, **kwargs):
        built.append("scored")
        return scored(self, *args, **kwargs)

    monkeypatch.setattr(ThresholdBlock, "build", counted_build)
    monkeypatch.setattr(ThresholdScan, "scored", counted_scored)
    return built


@pytest.mark.parametrize("flat", [0, levels.FLAT_BYTES])
def test_a_level_wise_fit_of_clear_splits_builds_no_candidate(monkeypatch, flat):
    built = count_builds(monkeypatch)
    monkeypatch.setattr(levels, "FLAT_BYTES", flat)
    model = dt.CARTClassifier().fit(X8, Y8)
    assert model.tree_.n_leaves == 4 and built == []
    _ = model.steps_[0].chosen  # reading a step builds its choice
    assert built != []


def test_a_mixed_level_wise_fit_builds_only_each_splitting_nodes_winner(monkeypatch):
    built = count_builds(monkeypatch)
    X = pd.DataFrame({"x": X8[:, 0], "colour": ["red", "blue"] * 4})
    model = dt.CARTClassifier().fit(X, Y8)
    assert model.tree_.n_leaves == 4 and built == ["build"] * 3


def test_a_regression_fit_of_clear_splits_builds_no_candidate(monkeypatch):
    built = count_builds(monkeypatch)
    y = np.array([1.0, 1.0, 5.0, 5.0, 9.0, 9.0, 20.0, 20.0])
    model = dt.CARTRegressor().fit(X8, y)
    assert model.tree_.n_leaves == 4 and built == []


def test_an_mae_level_wise_fit_of_clear_splits_builds_no_candidate(monkeypatch):
    made = []
    candidate = median_levels.candidate

    def counted(*args):
        made.append(args[2])
        return candidate(*args)

    monkeypatch.setattr(median_levels, "candidate", counted)
    y = np.array([1.0, 1.0, 5.0, 5.0, 9.0, 9.0, 20.0, 20.0])
    model = dt.CARTRegressor(criterion="mae").fit(X8, y)
    assert model.tree_.n_leaves == 4 and made == []
    # a limit that stops every node: its candidate is built and the rule read from it
    dt.CARTRegressor(criterion="mae", min_impurity_decrease=100.0).fit(X8, y)
    assert made == [0]


def test_an_mae_split_at_exactly_the_limit_is_clear_and_left_unbuilt(monkeypatch):
    made = []
    candidate = median_levels.candidate
    monkeypatch.setattr(median_levels, "candidate", lambda *a: made.append(a[2]) or candidate(*a))
    # y = 1 1 5 5 about its median 3: 2.0 apart on average; two pure halves: a decrease of
    # exactly 2.0 over the whole weight, the limit itself (scikit-learn: >= splits)
    X, y = np.arange(4.0).reshape(-1, 1), np.array([1.0, 1.0, 5.0, 5.0])
    model = dt.CARTRegressor(criterion="mae", min_impurity_decrease=2.0).fit(X, y)
    assert model.tree_.n_leaves == 2 and made == []
    model = dt.CARTRegressor(criterion="mae", min_impurity_decrease=2.0 + 1e-9).fit(X, y)
    assert model.tree_.n_leaves == 1 and made == [0]
    assert model.steps_[0].reason.startswith("weighted impurity decrease 2 < ")


def test_mae_levels_apply_only_where_they_grow_the_node_by_node_tree():
    y = np.array([1.0, 1.0, 5.0, 5.0, 9.0, 9.0, 20.0, 20.0])
    grower = dt.CARTRegressor(criterion="mae").make_grower
    assert median_levels.applies(grower(X8, y))
    assert not median_levels.applies(
        dt.CARTRegressor(criterion="mae", max_leaf_nodes=3).make_grower(X8, y)
    )
    assert not median_levels.applies(grower(X8, y, np.full(8, 2.0)))
    assert not median_levels.applies(dt.CARTRegressor().make_grower(X8, y))
    colour = pd.DataFrame({"x": X8[:, 0], "colour": ["red", "blue"] * 4})
    assert not median_levels.applies(grower(colour, y))
    stepped = grower(X8, y)
    stepped.expand(0)
    assert not median_levels.applies(stepped)


# ------------------------------------------------------------------ one reason, every path
@pytest.mark.parametrize("level_wise", [True, False])
def test_every_path_says_why_a_column_cannot_split(level_wise):
    # x0 = 1 1 1 2 (no cut leaves two rows a side), x1 = 3 3 3 3 (constant)
    X = np.array([[1.0, 3.0], [1.0, 3.0], [1.0, 3.0], [2.0, 3.0]])
    grower = dt.CARTClassifier(min_samples_leaf=2).make_grower(X, [0, 0, 1, 1])
    grower.run(level_wise=level_wise)
    step = grower.steps[0]
    assert step.reason == "no attribute can split these rows"
    assert [c.reason for c in step.candidates] == [
        "no threshold leaves min_samples_leaf=2 rows a side",
        "the attribute is constant here",
    ]


def test_a_hand_driven_node_says_why_a_column_cannot_split():
    X = np.array([[1.0, 3.0], [1.0, 3.0], [1.0, 3.0], [2.0, 3.0], [2.0, 3.0]])
    grower = dt.CARTClassifier(min_samples_leaf=2).make_grower(X, [0, 0, 1, 1, 1])
    assert [c.reason for c in grower.candidates(0)] == ["", "the attribute is constant here"]
    X[:, 0] = [1.0, 1.0, 1.0, 1.0, 2.0]
    grower = dt.CARTClassifier(min_samples_leaf=2).make_grower(X, [0, 0, 1, 1, 1])
    assert [c.reason for c in grower.candidates(0)] == [
        "no threshold leaves min_samples_leaf=2 rows a side",
        "the attribute is constant here",
    ]


# ------------------------------------------------------------------ level sums at the edges
def test_class_sums_of_a_node_without_rows_are_zero():
    grower = dt.CARTClassifier().make_grower(X8, Y8)
    counts, impurity = levels.class_sums(grower, np.array([0, 1, 2, 5, 6]), np.array([3, 0, 2]))
    assert counts.tolist() == [[2.0, 1.0], [0.0, 0.0], [1.0, 1.0]]
    assert impurity[0] == pytest.approx(1 - (2 / 3) ** 2 - (1 / 3) ** 2, abs=1e-15)
    assert impurity[2] == 0.5


def test_a_block_scored_in_exactly_one_block_is_one_call(monkeypatch):
    calls = []

    def score(part):
        calls.append((part.start, part.stop))
        return np.zeros((1, 6, 4))[:, part]

    monkeypatch.setattr(scanners, "BLOCK_CUTS", 24)  # 24 cuts: the whole (1, 6, 4) at once
    scanners.by_blocks(score, (1, 6, 4))
    monkeypatch.setattr(scanners, "BLOCK_CUTS", 23)
    scanners.by_blocks(score, (1, 6, 4))
    assert calls == [(None, None), (0, 5), (5, 10)]  # 23 · 6 // 24 = 5 positions a block


# ------------------------------------------------------------------ tables of a scan's block
def test_a_regression_blocks_table_has_no_textbook_columns():
    X = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0], "b": [4.0, 3.0, 2.0, 2.0]})
    grower = dt.CARTRegressor().make_grower(X, np.array([1.0, 2.0, 8.0, 9.0]))
    candidates = grower.candidates(0)
    assert isinstance(candidates, CandidateList)
    assert candidates.shown() == (False, ["mse", "mse"])
    table = grower.expand(0).table()
    assert table.columns == ("attribute", "test", "child impurity", "impurity decrease")
    # a: cut at 2.5, sides 1 2 | 8 9: variances 0.25 each; node mean 5, variance 12.5
    assert table.rows[0][:2] == ("a", "<= 2.5")
    assert table.rows[0][2:] == pytest.approx((0.25, 12.25), abs=1e-12)


def test_split_table_names_the_target_as_the_labels_do():
    X, y = dt.load_play_tennis()
    assert dt.split_table(X, y).target_name == y.name == "play"
    assert dt.split_table(X, y.to_numpy()).target_name == "class"
    assert dt.split_table(X, y.rename(3)).target_name == "3"


def test_a_builder_without_data_names_no_class():
    X, _ = dt.load_play_tennis()
    from dtlearn.data import infer_schema
    from dtlearn.grow import GrowthConfig

    builder = CandidateBuilder(infer_schema(X), GrowthConfig(), 14.0)
    assert builder.context is None and builder.total_weight == 14.0


def test_each_whole_tree_strategy_refuses_a_grower_it_does_not_fit():
    from dtlearn.grow.fast import level_arrays

    X, y = dt.load_play_tennis(numeric=True)
    c45 = dt.C45Classifier().make_grower(X, y)
    for module, what in (
        (levels, "level-wise growth"),
        (level_arrays, "array growth"),
        (median_levels, "level-wise MAE growth"),
    ):
        with pytest.raises(ValueError) as err:
            module.grow(c45)
        assert str(err.value) == (
            f"grower: {what} does not apply to this grower (see {module.__name__}.applies)"
        )
