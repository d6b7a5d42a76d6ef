"""C4.5's subtree raising worked by hand: every estimate, the re-distribution, the records.

The tree is grown on one data set and pruned, as a bare tree, with another whose rows are
chosen so that each leaf's training counts are small and known: the estimate of a leaf
holding ``N`` instances, ``E`` of them wrong, is Weka's ``E + addErrs(N, E)``, worked out
here from its three cases (``E = 0``: ``N·(1 − CF^(1/N))``; ``E + 0.5 >= N``: ``N``; else
the normal approximation with ``z = Φ⁻¹(1 − CF)``), not read from the library. Also the
result's own defaults and records (snapshots, the state with none recorded) and the
row routing of a level whose node sees no known value.
"""

import math
from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn import C45Classifier
from dtlearn.pruning.pessimistic import (
    PessimisticPruneResult,
    PessimisticStep,
    level_parts,
    pessimistic_prune,
    route_rows,
    split_weighted,
)
from dtlearn.splits import MultiwaySplit, SubsetSplit, ThresholdSplit

CF = 0.25


def _estimate(n, e):
    """Predicted errors of a leaf (n instances, e wrong) as J48 makes them, by hand."""
    if n == 0:
        return 0.0
    if e == 0:
        return n * (1 - CF ** (1 / n))
    if e + 0.5 >= n:
        return float(n)
    z = NormalDist().inv_cdf(1 - CF)
    f = (e + 0.5) / n
    u = (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (
        1 + z * z / n
    )
    return u * n


@pytest.fixture(scope="module")
def raised():
    """a = p -> b = u / v / w (leaves), a = q -> leaf; pruned with 10 other rows.

    Pruning rows: (p, u, X) x5, (p, v, Y) x3, (q, v, Y), (q, w, X). Sent down the tree the
    leaves hold u: 5 X; v: 3 Y; w: nothing; q: 1 Y + 1 X. All ten sent down the b-subtree
    (the raised branch): u: 5 X; v: 4 Y; w: 1 X (a leaf of exactly one instance).
    """
    grow = (
        [("p", "u", "X")] * 6
        + [("p", "v", "Y")] * 6
        + [("p", "w", "X")]
        + [("q", b, "Y") for b in "uvw" for _ in range(4)]
    )
    D1 = pd.DataFrame(grow, columns=["a", "b", "c"])
    model = C45Classifier(prune=False, min_samples_leaf=1).fit(D1[["a", "b"]], D1["c"])
    tree = model.grown_tree_
    assert tree.to_text(style="weka") == (
        "a = p\n|   b = u: X (6.0)\n|   b = v: Y (6.0)\n|   b = w: X (1.0)\na = q: Y (12.0)"
    )
    prune = [("p", "u", "X")] * 5 + [("p", "v", "Y")] * 3 + [("q", "v", "Y"), ("q", "w", "X")]
    D2 = pd.DataFrame(prune, columns=["a", "b", "c"])
    return tree, pessimistic_prune(tree, X=D2[["a", "b"]], y=D2["c"])


def test_every_decision_of_the_raising_is_the_hand_computation(raised):
    _, result = raised
    assert [(s.node_id, s.phase, s.decision) for s in result.steps] == [
        (0, "collapse", "kept"),
        (1, "collapse", "kept"),
        (1, "prune", "kept"),
        (0, "prune", "raised branch 0"),
        (1, "prune", "kept"),
    ]
    c0, c1, p1, p0, again = result.steps
    assert (c0.n_samples, c0.leaf_errors_train, c0.subtree_errors_train) == (10.0, 4.0, 1.0)
    assert (c1.n_samples, c1.leaf_errors_train, c1.subtree_errors_train) == (8.0, 3.0, 0.0)
    # node 1 (a = p): 5 X, 3 Y; its leaves u (5, 0), v (3, 0), w (empty)
    assert (p1.n_samples, p1.leaf_errors_train, p1.subtree_errors_train) == (8.0, 3.0, 0.0)
    assert p1.leaf_estimate == pytest.approx(_estimate(8, 3), abs=1e-12)
    assert p1.subtree_estimate == pytest.approx(_estimate(5, 0) + _estimate(3, 0), abs=1e-12)
    assert p1.largest_branch == 0  # u, a leaf: all 8 instances there = the node as a leaf
    assert p1.branch_estimate == pytest.approx(_estimate(8, 3), abs=1e-12)
    assert p1.leaf_counts == (5.0, 3.0)
    assert [(i, n, e) for i, n, e, _ in p1.leaves] == [(3, 5.0, 0.0), (4, 3.0, 0.0), (5, 0.0, 0.0)]
    assert [est for *_, est in p1.leaves] == pytest.approx(
        [_estimate(5, 0), _estimate(3, 0), 0.0], abs=1e-12
    )
    # the root: 6 X, 4 Y; its leaves u, v, w and q (1 Y, 1 X: E + 0.5 < N, the normal case)
    assert (p0.n_samples, p0.leaf_errors_train, p0.subtree_errors_train) == (10.0, 4.0, 1.0)
    assert p0.leaf_estimate == pytest.approx(_estimate(10, 4), abs=1e-12)
    subtree = _estimate(5, 0) + _estimate(3, 0) + _estimate(2, 1)
    assert p0.subtree_estimate == pytest.approx(subtree, abs=1e-12)
    # the largest branch (a = p) with all ten rows: u 5 X, v 4 Y, w 1 X
    branch = _estimate(5, 0) + _estimate(4, 0) + _estimate(1, 0)
    assert _estimate(1, 0) == 0.75
    assert p0.branch_estimate == pytest.approx(branch, abs=1e-12)
    assert (p0.largest_branch, p0.raised_node_id, p0.action) == (0, 1, "raised")
    assert p0.reason == (
        f"estimates: largest branch {branch:.3f} <= subtree {subtree:.3f} + 0.1 "
        f"(leaf {_estimate(10, 4):.3f} is not)"
    )
    # node 1 decided again with all ten rows re-distributed into it
    assert (again.n_samples, again.leaf_errors_train) == (10.0, 4.0)
    assert again.subtree_estimate == pytest.approx(branch, abs=1e-12)
    assert again.leaf_estimate == pytest.approx(_estimate(10, 4), abs=1e-12)
    assert again.branch_estimate == pytest.approx(_estimate(10, 4), abs=1e-12)
    assert [(i, n, e) for i, n, e, _ in again.leaves] == [
        (3, 5.0, 0.0),
        (4, 4.0, 0.0),
        (5, 1.0, 0.0),
    ]


def test_the_raised_tree_holds_every_row_and_keeps_the_raised_ids(raised):
    tree, result = raised
    pruned = result.tree
    assert pruned.root.node_id == 1 and pruned.root.depth == 0
    assert [(n.node_id, n.depth, n.counts.tolist()) for n in pruned.nodes()] == [
        (1, 0, [6.0, 4.0]),
        (3, 1, [5.0, 0.0]),
        (4, 1, [0.0, 4.0]),
        (5, 1, [1.0, 0.0]),
    ]
    assert pruned.root.branch_weights.tolist() == [0.5, 0.4, 0.1]
    assert pruned.missing == "distribute" and pruned.target_name == tree.target_name
    assert result.summary() == (
        "C4.5 pruning (confidence 0.25, subtree raising): 5 decisions, 1 raised; 4 → 3 leaves"
    )


def test_the_states_are_recorded_before_the_first_step_and_after_the_raise(raised):
    tree, result = raised
    assert len(result.snapshots) == 2
    assert [k for k, _ in result.snapshots] == [0, 4]
    first = result.state_after(0)
    assert [(n.node_id, n.counts.tolist()) for n in first.nodes()] == [
        (0, [6.0, 4.0]),
        (1, [5.0, 3.0]),
        (3, [5.0, 0.0]),
        (4, [0.0, 3.0]),
        (5, [0.0, 0.0]),
        (2, [1.0, 1.0]),
    ]
    for k in (1, 2, 3):
        assert result.state_after(k).to_json() == first.to_json()
    assert result.state_after(4).to_json() == result.tree.to_json()


# ------------------------------------------------------------------ the result's own defaults
def _one_step():
    return PessimisticStep(0, "collapse", "kept", 16.0, 1.0, 0.0)


def test_a_result_made_without_its_options_says_the_j48_defaults(raised):
    tree, _ = raised
    result = PessimisticPruneResult(tree)
    assert (result.steps, result.confidence, result.subtree_raising, result.snapshots) == (
        (),
        0.25,
        True,
        (),
    )
    assert result.summary() == (
        "C4.5 pruning (confidence 0.25, subtree raising): 0 decisions, none changed the tree; "
        "4 leaves"
    )
    assert result.to_dict()["subtree_raising"] is True
    assert _one_step().confidence == 0.25


def test_a_result_without_recorded_states_has_only_its_last_one(raised):
    tree, _ = raised
    result = PessimisticPruneResult(tree, (_one_step(),))
    assert result.state_after(1) is tree
    with pytest.raises(ValueError) as info:
        result.state_after(0)
    assert str(info.value) == "state_after: this result records no intermediate trees"


def test_the_html_of_a_result_is_its_tables(raised):
    _, result = raised
    assert result._repr_html_() == result.table()._repr_html_()
    assert "raised branch 0" in result._repr_html_()


# ------------------------------------------------------------------ routing at its edges
def test_a_node_without_any_known_value_shares_its_rows_evenly():
    # node 0: three rows, all unknown; node 1: rows 3 and 4 known (branches 1 and 0)
    y = np.array([0, 1, 1, 0, 1])
    parts = level_parts(
        np.arange(5),
        np.array([1.0, 1.0, 2.0, 1.0, 3.0]),
        y,
        np.array([0, 0, 0, 1, 1]),
        np.array([-1, -1, -1, 1, 0]),
        np.array([2, 2]),
        2,
    )
    assert parts.fractions.tolist() == [0.5, 0.5, 0.75, 0.25]
    assert parts.rows.tolist() == [0, 1, 2, 0, 1, 2, 4, 3]
    assert parts.weights.tolist() == [0.5, 0.5, 1.0, 0.5, 0.5, 1.0, 3.0, 1.0]
    assert parts.starts.tolist() == [0, 3, 6, 7, 8]
    assert parts.counts.tolist() == [[0.5, 1.5], [0.5, 1.5], [0.0, 3.0], [1.0, 0.0]]
    one, fractions = split_weighted(
        SubsetSplit(0, (0,), (1,)),
        np.full((3, 1), np.nan),
        y[:3],
        2,
        np.arange(3),
        np.array([1.0, 1.0, 2.0]),
    )
    assert fractions.tolist() == [0.5, 0.5]
    assert [(r.tolist(), w.tolist()) for r, w in one] == [
        ([0, 1, 2], [0.5, 0.5, 1.0]),
        ([0, 1, 2], [0.5, 0.5, 1.0]),
    ]


def test_a_subset_split_is_routed_by_its_own_rule():
    X = np.array([[2.0], [1.0], [3.0], [np.nan], [0.0]])
    split = SubsetSplit(0, (0, 2), (1,))
    assert route_rows(split, X, np.array([4, 3, 2, 1, 0])).tolist() == [0, -1, -1, 1, 0]


def test_a_threshold_split_sends_the_threshold_itself_left_as_c45_does():
    # C4.5/Weka test ``x <= t`` for the left branch: x = t goes left, anything above right
    X = np.array([[1.5], [1.5000001], [2.0], [1.0], [np.nan]])
    rows = np.array([0, 1, 2, 3, 4])
    split = ThresholdSplit(0, 1.5)
    assert route_rows(split, X, rows).tolist() == [0, 1, 1, 0, -1]
    assert route_rows(split, X, rows).tolist() == split.route(X).tolist()
    # with J48's tolerance, x - t < 1e-6 still goes left: 1.5000001 is 1e-7 above
    tolerant = ThresholdSplit(0, 1.5, tolerance=1e-6)
    assert route_rows(tolerant, X, rows).tolist() == [0, 0, 1, 0, -1]
    # a multiway split's branch is its code, a missing value unknown
    codes = np.array([[2.0], [0.0], [np.nan], [1.0]])
    multi = MultiwaySplit(0, 3)
    assert route_rows(multi, codes, np.array([3, 2, 1, 0])).tolist() == [1, -1, 0, 2]


def test_eight_class_weights_are_summed_as_numpy_sums_eight_values():
    # numpy adds 8 values pairwise, ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)):
    # eight weights of 0.1 make exactly 0.8, one after the other 0.7999999999999999
    assert float(np.add.reduce(np.full(8, 0.1))) == 0.8 != sum([0.1] * 8)
    D = pd.DataFrame({"a": list("ppppqqqq"), "c": [f"k{i}" for i in range(8)]})
    tree = dt.ID3Classifier().fit(D[["a"]], D["c"]).tree_
    result = pessimistic_prune(tree, X=D[["a"]], y=D["c"], sample_weight=np.full(8, 0.1))
    collapse_step, prune_step = result.steps
    assert (collapse_step.n_samples, collapse_step.leaf_errors_train) == (0.8, 0.8 - 0.1)
    assert (prune_step.n_samples, prune_step.leaf_errors_train) == (0.8, 0.8 - 0.1)


def test_a_collapse_check_explains_itself_whole(raised):
    _, result = raised
    assert str(result.steps[0].explain()) == (
        "node 0: collapse check — kept\n"
        "training errors as a leaf               = 4.000\n"
        "training errors of the subtree's leaves = 1.000\n"
        "note: J48 collapses a subtree whose leaves do not make fewer training errors than the\n"
        "      node alone (subtree >= leaf − 0.001)"
    )
