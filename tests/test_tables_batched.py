"""Candidate tables read from a level's arrays: the same values as candidates built one by one.

A level-wise scan keeps every node's numeric candidates as arrays (``ThresholdScan``);
reading a table scores the whole level at once (``ScanScores``: the criterion's scores, the
textbook columns, the tests' text) and builds no Candidate, and a Candidate read from
``steps_`` takes its scores from the same arrays. Every table of every step, and every
candidate, must equal what the columns built one at a time (``ThresholdBlock.build``, the
scalar ``Criterion.split_scores`` and ``textbook_scores``) give: same rows, floats and
types, same marked row, on random data, weights, class counts, criteria and leaf sizes —
regression trees and trees grown node by node (``max_leaf_nodes``) included. The batched
kernels of ``dtlearn.grow.fast.level_scores`` are also checked bit for bit against the scalar
forms on random (weighted) counts.
"""

import pickle

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn import criteria
from dtlearn.grow import GrowthConfig
from dtlearn.grow.fast.level_scores import TEXTBOOK, split_scores_of_cuts, textbook_scores_of_cuts
from dtlearn.grow.records import textbook_scores
from dtlearn.grow.scoring import CandidateList
from dtlearn.grow.table import DEFAULT_SETTINGS, candidate_row, score_columns

CRITERIA = ["gini", "entropy", "misclassification", "gain_ratio", "hellinger", "cost_gini"]


def _one_by_one(candidates: CandidateList) -> list:
    """Each block column built alone (None for an item that is not one)."""
    items, block, builder = candidates._items, candidates._block, candidates._builder
    return [block.build(item, builder) if isinstance(item, int) else None for item in items]


def _same(a, b) -> None:
    assert (
        a.feature,
        a.feature_name,
        a.conditions,
        a.admissible,
        a.reason,
        a.statistic,
        a.criterion,
    ) == (b.feature, b.feature_name, b.conditions, b.admissible, b.reason, b.statistic, b.criterion)
    assert a.score == b.score or (np.isnan(a.score) and np.isnan(b.score))
    assert type(a.score) is type(b.score)
    assert np.array_equal(a.child_counts, b.child_counts)
    assert list(a.scores.items()) == list(b.scores.items())  # same keys, order, floats
    assert [type(v) for v in a.scores.values()] == [type(v) for v in b.scores.values()]


def _reference_table(candidates: list) -> tuple:
    """Columns and rows as the table showed them before: from built candidates, one by one."""
    textbook = any("information_gain" in c.scores for c in candidates)
    keys = score_columns(
        "classification" if textbook else "regression",
        [c.criterion for c in candidates if c.admissible],
    )
    return keys, [candidate_row(c, keys) for c in candidates]


def _same_rows(got: tuple, want: list) -> None:
    assert len(got) == len(want)
    for a, b in zip(got, want):
        assert a == b or all(x == y or (x != x and y != y) for x, y in zip(a, b))  # NaN cells
        assert [type(x) for x in a] == [type(x) for x in b]


def _compare(model) -> int:
    """Check every table and candidate of ``model``'s steps; how many block columns."""
    compared = 0
    for step in model.steps_:
        candidates = step.candidates
        if not isinstance(candidates, CandidateList) or candidates._block is None:
            continue
        alone = _one_by_one(candidates)
        table = step.table()  # read first: its rows come from the arrays, nothing built
        got = table.to_table()
        built = [a if a is not None else candidates[k] for k, a in enumerate(alone)]
        keys, rows = _reference_table(built)
        assert got.columns == ("attribute", "test") + tuple(k.replace("_", " ") for k in keys)
        _same_rows(got.rows, rows)
        best = table.best
        assert got.highlight_row == next((k for k, c in enumerate(candidates) if c is best), None)
        for got_c, want in zip(candidates, alone):  # built from the level's arrays now
            if want is not None:
                _same(got_c, want)
                compared += 1
    return compared


def _data(seed, n, d, k):
    rng = np.random.default_rng(seed)
    X = np.round(rng.normal(size=(n, d)), 1)  # repeated values: ties, constant columns
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)[:n]  # every class present (a cost matrix names them all)
    return X, y, rng


def _classifier(criterion, k, **kw):
    if criterion == "cost_gini":  # CART's Gini with a loss matrix
        cost = 1.0 - np.eye(k) + np.arange(k)[:, None] * (1.0 - np.eye(k)) * 0.5
        return dt.CARTClassifier(criterion="gini", cost_matrix=cost, **kw)
    return dt.CARTClassifier(criterion=criterion, **kw)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    n=st.integers(5, 300),
    d=st.integers(1, 5),
    k=st.sampled_from([2, 3, 4, 9]),
    weights=st.booleans(),
    criterion=st.sampled_from(CRITERIA),
    leaf=st.integers(1, 4),
    leaves=st.sampled_from([None, 12]),
)
def test_tables_from_arrays_equal_one_by_one(seed, n, d, k, weights, criterion, leaf, leaves):
    # a small tree may hold no block column at all (hypothesis found n=5 with
    # min_samples_leaf=2): that the comparison is not empty is the last tests' job.
    # Nine classes: sums of 2 x 9 counts take numpy's pairwise path, not a plain loop.
    X, y, rng = _data(seed, n, d, k)
    w = rng.integers(1, 4, n).astype(float) if weights else None
    _compare(
        _classifier(criterion, len(set(y)), min_samples_leaf=leaf, max_leaf_nodes=leaves).fit(
            X, y, sample_weight=w
        )
    )


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    n=st.integers(5, 200),
    d=st.integers(1, 4),
    weights=st.booleans(),
    leaf=st.integers(1, 4),
)
def test_regression_tables_from_arrays_equal_one_by_one(seed, n, d, weights, leaf):
    X, _, rng = _data(seed, n, d, 2)
    y = np.round(X[:, 0] * 3 + rng.normal(size=n), 1)
    w = rng.integers(1, 4, n).astype(float) if weights else None
    _compare(dt.CARTRegressor(min_samples_leaf=leaf).fit(X, y, sample_weight=w))


def test_the_comparison_reaches_block_columns_of_every_criterion():
    X, y, _ = _data(0, 300, 4, 3)
    for criterion in CRITERIA:
        assert _compare(_classifier(criterion, 3).fit(X, y)) > 100, criterion
    assert _compare(dt.CARTRegressor().fit(X, X[:, 0] + y)) > 100
    X, y, _ = _data(3, 300, 4, 9)  # 2 x 9 counts: numpy's pairwise sums
    assert _compare(dt.CARTClassifier(criterion="gain_ratio").fit(X, y)) > 100


def test_tables_mixing_built_and_array_rows():
    # categorical attributes are scored as Candidates beside the numeric block's columns
    X, y, rng = _data(4, 300, 3, 3)
    frame = pd.DataFrame(X, columns=["a", "b", "c"])
    frame.insert(1, "colour", rng.choice(["red", "green", "blue"], 300))
    frame["size"] = rng.choice(["S", "M", "L", "XL"], 300)
    for model in (
        dt.CARTClassifier().fit(frame, y),
        dt.ID3Classifier().fit(frame, y),
        dt.CARTClassifier(criterion="entropy").fit(*dt.load_play_tennis(numeric=True)),
    ):
        assert _compare(model) > 0
        tests = {r[1].split()[0] for s in model.steps_ for r in s.table().rows}
        assert "<=" in tests and tests & {"in", "=", "3-way", "4-way"}  # both kinds of row


def test_a_table_is_read_without_building_its_candidates():
    X, y, _ = _data(1, 300, 4, 3)
    step = dt.CARTClassifier().fit(X, y).steps_[0]
    rows = step.table().rows
    built = [k for k, item in enumerate(step.candidates._items) if not isinstance(item, int)]
    assert built == [step.choice] and len(rows) == 4  # only the chosen one (its caption)


def test_a_candidate_read_alone_saves_as_its_own():
    # read before its level is scored (a step's choice): its textbook scores, when read,
    # are the level's; saved, it keeps its own counts, not the level
    X, y, _ = _data(2, 200, 3, 2)
    model = dt.CARTClassifier(criterion="entropy").fit(X, y)
    step = model.steps_[1]
    alone = _one_by_one(step.candidates)
    chosen = step.chosen
    assert not chosen.scores.computed
    loaded = pickle.loads(pickle.dumps(chosen))
    assert "ScanScores" not in repr(loaded.scores._lazy)  # the level stays behind
    _same(loaded, alone[step.choice])
    _same(chosen, alone[step.choice])  # worked out from the level
    scan = step.candidates._block.scan
    assert "_scored" in vars(scan) and "_scored" not in vars(pickle.loads(pickle.dumps(scan)))


def test_a_table_without_settings_reads_a_growth_configs_defaults():
    # the table module stays below the engine's records, so it keeps its own copy
    config = GrowthConfig()
    assert (DEFAULT_SETTINGS.base, DEFAULT_SETTINGS.cost_matrix) == (
        config.base,
        config.cost_matrix,
    )


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    n=st.integers(1, 40),
    k=st.sampled_from([2, 3, 5, 9]),
    zeros=st.booleans(),
    whole=st.booleans(),
)
def test_the_batched_kernels_give_the_scalar_forms_floats(seed, n, k, zeros, whole):
    # every row of a level's (cuts x 2 x classes) counts, scored at once, against the
    # scalar functions a candidate scored alone uses: same keys, order and bits
    rng = np.random.default_rng(seed)
    child = rng.integers(0, 6, (n, 2, k)).astype(float)
    if not whole:
        child = child * rng.uniform(0.1, 3.0, (n, 2, k))  # weighted counts
    if zeros:
        child[:, :, 0] = 0.0  # a class absent from the node
    child[:, 0, 0] += 1.0
    child[:, 1, -1] += 1.0  # both branches hold weight
    for name in ("entropy", "gini", "misclassification", "gain_ratio", "hellinger"):
        rule = criteria.get(name)
        config = GrowthConfig(criterion=name, base=float(rng.choice([2.0, np.e, 10.0])))
        batched = split_scores_of_cuts(rule, child, config)
        for c in range(n):
            want = rule.split_scores(child[c], config)
            got = {key: float(values[c]) for key, values in batched.items()}
            assert list(got) == list(want) and _bits(got.values()) == _bits(want.values())
    table = textbook_scores_of_cuts(child, 2.0)
    for c in range(n):
        want = textbook_scores(child[c], 2.0)
        assert tuple(want) == TEXTBOOK and _bits(table[c].tolist()) == _bits(want.values())


def _bits(values) -> list:
    return [np.float64(v).tobytes() for v in values]
