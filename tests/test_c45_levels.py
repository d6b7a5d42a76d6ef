"""C4.5 grown level by level equals C4.5 grown node by node (issue 42).

``C45Grower.run()`` scores a level's nodes together (``c45_scan.numeric_scan`` over stacked,
padded nodes; one ``bincount`` for the nominal attributes), then renumbers the nodes and
orders the steps as depth-first growth does. The reference is ``run(level_wise=False)``:
one node at a time, each scanned alone. Everything must be equal: the tree, every step,
every candidate (built and compared), the rows and weights kept for pruning.
"""

import numpy as np
import pandas as pd
import same_growth
from hypothesis import given, settings
from hypothesis import strategies as st

from dtlearn.learners.c45 import C45Classifier
from dtlearn.learners.c45_scan import numeric_scan


def both_ways(X, y, w=None, **params):
    """Two fresh growers, grown level by level and node by node."""
    fast = C45Classifier(**params).make_grower(X, y, w)
    slow = C45Classifier(**params).make_grower(X, y, w)
    fast.run()
    slow.run(level_wise=False)
    return fast, slow


def assert_same_growth(fast, slow):
    same_growth.assert_same_growth(fast, slow)
    assert fast.node_data.keys() == slow.node_data.keys()
    for node_id, (rows, weights) in slow.node_data.items():
        np.testing.assert_array_equal(fast.node_data[node_id][0], rows)
        np.testing.assert_array_equal(fast.node_data[node_id][1], weights)


def mixed(n, seed, missing=0.1, levels=(3, 5)):
    """Numeric and nominal columns with missing values, a class that depends on both."""
    rng = np.random.default_rng(seed)
    num = np.round(rng.normal(size=(n, 3)), 1)  # one decimal: many tied values
    nom = np.column_stack([rng.integers(0, v, n) for v in levels])
    score = num[:, 0] - num[:, 1] * (nom[:, 0] == 1) + 0.5 * nom[:, 1] + rng.normal(size=n)
    y = np.array(["a", "b", "c"])[np.digitize(score, np.quantile(score, [1 / 3, 2 / 3]))]
    X = pd.DataFrame(num, columns=["x0", "x1", "x2"])
    for j, v in enumerate(levels):
        X[f"a{j}"] = pd.Categorical([f"v{c}" for c in nom[:, j]], [f"v{c}" for c in range(v)])
    holes = rng.random((n, X.shape[1])) < missing
    for j, name in enumerate(X.columns):
        X.loc[holes[:, j], name] = np.nan
    return X, y


def test_mixed_data_with_missing_values_grows_the_same_tree_and_steps_level_by_level():
    X, y = mixed(600, 0)
    fast, slow = both_ways(X, y)
    assert len(fast.steps) > 50  # deep enough to have wide levels of small nodes
    assert_same_growth(fast, slow)


def test_fit_prunes_the_level_wise_tree_as_the_node_by_node_one():
    X, y = mixed(400, 1)
    model = C45Classifier().fit(X, y)
    slow = C45Classifier().make_grower(X, y)
    slow.run(level_wise=False)
    reference = slow.tree()
    reference.flavour = model.grown_tree_.flavour  # which print layout: set by fit
    assert model.grown_tree_.to_json() == reference.to_json()
    assert [s.to_dict() for s in model.steps_] == [s.to_dict() for s in slow.steps]


def test_a_grower_expanded_by_hand_keeps_growing_node_by_node():
    X, y = mixed(200, 2)
    grower = C45Classifier().make_grower(X, y)
    grower.expand(0)
    grower.run()
    slow = C45Classifier().make_grower(X, y)
    slow.run(level_wise=False)
    assert_same_growth(grower, slow)


def test_every_pad_of_a_short_node_is_missing_at_a_larger_min_leaf():
    """A level's shorter nodes are padded up to the longest of their batch: every pad, the
    first one too, must be a missing value. At ``-M 3`` a node with ``2 · 3 - 1`` known
    values is "too few" to cut; one pad read as a known value would make it 2 · 3 and change
    its candidates' reasons (and here the trees)."""
    X, y = mixed(60, 0, 0.3)
    fast, slow = both_ways(X, y, min_samples_leaf=3)
    assert_same_growth(fast, slow)


def test_a_batch_of_padded_nodes_scores_each_node_as_if_alone():
    rng = np.random.default_rng(3)
    nodes = []
    for n in (5, 9, 16, 2):
        xs = np.sort(np.round(rng.normal(size=(n, 2)), 1), axis=0)
        xs[-1, 1] = np.nan  # a missing value, sorted last
        nodes.append((xs, rng.random((n, 2)) + 0.5, rng.integers(0, 3, (n, 2))))
    L = max(len(xs) for xs, _, _ in nodes)
    pad = np.full((len(nodes), L, 2), np.nan)
    W, Y = np.zeros_like(pad), np.zeros(pad.shape, dtype=np.intp)
    for j, (xs, w, cls) in enumerate(nodes):
        pad[j, : len(xs)], W[j, : len(xs)], Y[j, : len(xs)] = xs, w, cls
    totals = np.array([w[:, 0].sum() for _, w, _ in nodes])
    with np.errstate(divide="ignore", invalid="ignore"):
        batch = numeric_scan(pad, W, Y, totals, 3, 1)
        for j, (xs, w, cls) in enumerate(nodes):
            alone = numeric_scan(xs[None], w[None], cls[None], totals[j : j + 1], 3, 1)
            for name in ("known", "too_few", "n_cuts", "gain_known", "gain", "admissible"):
                np.testing.assert_array_equal(getattr(batch, name)[j], getattr(alone, name)[0])
            ok = alone.admissible[0]
            for name in ("split_ent", "ratios", "lows", "highs"):
                np.testing.assert_array_equal(
                    getattr(batch, name)[j][ok], getattr(alone, name)[0][ok]
                )
            np.testing.assert_array_equal(batch.bags[:, j][:, ok], alone.bags[:, 0][:, ok])


@st.composite
def problems(draw):
    n = draw(st.integers(4, 80))
    seed = draw(st.integers(0, 2**32 - 1))
    missing = draw(st.sampled_from([0.0, 0.05, 0.3]))
    X, y = mixed(n, seed, missing)
    weighted = draw(st.booleans())
    w = np.random.default_rng(seed).integers(1, 4, n) / 2 if weighted else None
    params = {
        "min_samples_leaf": draw(st.integers(1, 3)),
        "max_depth": draw(st.sampled_from([None, 1, 3])),
    }
    return X, y, w, params


@settings(max_examples=40, deadline=None)
@given(problems())
def test_level_wise_growth_equals_node_by_node_growth(problem):
    X, y, w, params = problem
    if len(set(y)) < 2:
        return
    fast, slow = both_ways(X, y, w, **params)
    assert_same_growth(fast, slow)


@st.composite
def routed_nodes(draw):
    """A few nodes of one level: rows (with repeats across nodes), weights, a split each."""
    from dtlearn.splits import MultiwaySplit, ThresholdSplit

    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    n = draw(st.integers(5, 60))
    X = np.column_stack([np.round(rng.normal(size=n), 1), rng.integers(0, 4, n).astype(float)])
    X[rng.random((n, 2)) < draw(st.sampled_from([0.0, 0.1, 0.5, 1.0]))] = np.nan
    y = rng.integers(0, 3, n)
    nodes = []
    for _ in range(draw(st.integers(1, 4))):
        rows = np.sort(rng.choice(n, size=int(rng.integers(1, n + 1)), replace=False))
        weights = rng.integers(1, 5, len(rows)) / rng.choice([1.0, 3.0, 7.0])
        if rng.random() < 0.5:
            split = ThresholdSplit(0, float(np.round(rng.normal(), 1)), tolerance=1e-6)
        else:
            split = MultiwaySplit(1, 4)
        nodes.append((rows, weights, split))
    return X, y, nodes


@settings(max_examples=60, deadline=None)
@given(routed_nodes())
def test_a_level_routed_in_one_pass_equals_split_weighted_node_by_node(problem):
    """c45_scan.level_parts: each child's rows, weights, counts and fractions, bit for bit."""
    from dtlearn.pruning.pessimistic import level_branches, level_parts, split_weighted

    X, y, nodes = problem
    lengths = [len(rows) for rows, _, _ in nodes]
    node_of = np.repeat(np.arange(len(nodes)), lengths)
    rows = np.concatenate([rows for rows, _, _ in nodes])
    weights = np.concatenate([w for _, w, _ in nodes])
    thresholds = np.array([getattr(s, "threshold", np.nan) for _, _, s in nodes])
    features = np.array([s.feature for _, _, s in nodes])
    branch = level_branches(X, rows, node_of, features, thresholds, 1e-6)
    n_branches = np.array([s.n_branches for _, _, s in nodes])
    parts = level_parts(rows, weights, y, node_of, branch, n_branches, 3)
    c = 0
    for node_rows, node_w, split in nodes:
        expected, fractions = split_weighted(split, X, y, 3, node_rows, node_w)
        np.testing.assert_array_equal(parts.fractions[c : c + split.n_branches], fractions)
        for part_rows, part_w in expected:
            start, end = parts.starts[c], parts.starts[c + 1]
            np.testing.assert_array_equal(parts.rows[start:end], part_rows)
            np.testing.assert_array_equal(parts.weights[start:end], part_w)
            counts = np.bincount(y[part_rows], weights=part_w, minlength=3)
            np.testing.assert_array_equal(parts.counts[c], counts)
            c += 1


@settings(max_examples=60, deadline=None)
@given(routed_nodes())
def test_leaf_counts_in_one_bincount_equal_each_branch_counted_alone(problem):
    """pessimistic._leaf_counts (subtree raising's estimate) against split_weighted's parts."""
    from dtlearn.pruning.pessimistic import _Data, _leaf_counts, split_weighted

    X, y, nodes = problem
    data = _Data(X, y, np.ones(len(y)), 3)
    for rows, weights, split in nodes:
        parts, _ = split_weighted(split, X, y, 3, rows, weights)
        expected = [data.counts(r, w) for r, w in parts]
        np.testing.assert_array_equal(_leaf_counts(split, rows, weights, data), expected)
