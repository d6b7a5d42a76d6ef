"""Homework 3's pruning simulator and its hints, on trees small enough to prune by hand.

The tree is ID3's play-tennis tree (root 0 on outlook: sunny -> 1, overcast -> leaf 2,
rainy -> 3; node 1 on humidity: high -> leaf 4 'no', normal -> leaf 5 'yes'; node 3 on
windy: TRUE -> leaf 6 'no', FALSE -> leaf 7 'yes'; node 1 predicts 'no', nodes 0 and 3
'yes'). Each scenario is a handful of validation rows, and every number and every kept
set below is worked out by hand from those rows in the comments: the errors of each node
as a leaf, the bottom-up pass (``<=`` and ``<``), the node judged against its unpruned
subtree, top-down pruning, Mitchell's best-first pruning and the pass on training counts.
The hints are pinned word for word: they are what a student reads.
"""

import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.exercises.homework.hw3_prune import PruningSimulator, _is_cut, _variant_hint

ALL = frozenset(range(8))

TIE = (
    "nodes where the leaf makes exactly as many validation errors as the subtree were "
    "kept: the rule is 'does not increase' (<=), so a tie prunes and the smaller tree wins"
)
UNPRUNED = (
    "each node was compared with its unpruned subtree: compare it with the subtree as "
    "already pruned below it (children first, then the parent judged on the pruned tree)"
)
TOP_DOWN = (
    "that is top-down pruning (parents tried before their children): visit the inner "
    "nodes bottom-up, children before parents"
)
BEST_FIRST = (
    "that is best-first pruning (Mitchell: prune the best node, repeat); the homework asks "
    "for one bottom-up pass, children before parents"
)
TRAINING = "the decisions were judged on the training counts: count errors on (X_val, y_val)"
NOTHING = "nothing was pruned: replace a node by a leaf whenever the errors do not go up"


@pytest.fixture(scope="module")
def play():
    return dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_


def rows(*spec):
    """Validation rows from ``(outlook, humidity, windy, label, how many)``."""
    out = [(o, "mild", h, w, label) for o, h, w, label, n in spec for _ in range(n)]
    X = pd.DataFrame([r[:4] for r in out], columns=["outlook", "temperature", "humidity", "windy"])
    return X, pd.Series([r[4] for r in out], name="play")


# A: sunny-high yes, sunny-high no, sunny-normal no, rainy-TRUE yes, rainy-FALSE yes,
# overcast yes.
#   leaf errors: 0 (says yes): the 2 'no' rows; 1 (says no): 1 'yes'; 3 (says yes): 0;
#   leaves 4 (no): 1, 5 (yes): 1, 6 (no): 1, 7 (yes): 0, 2 (yes): 0.
#   unpruned subtrees: 1 -> 4 + 5 = 2, 3 -> 6 + 7 = 1, 0 -> 2 + 0 + 1 = 3.
#   bottom-up: 1 (1 <= 2) cut, 3 (0 <= 1) cut, then 0: 2 <= 1 + 0 + 0? no -> {0, 1, 2, 3}
#   against the unpruned subtree and top-down: 0 (2 <= 3) cut -> {0}
#   best-first: every gain is 1 (0: 3-2, 1: 2-1, 3: 1-0): the first in pre-order, 0, is cut.
A = rows(
    ("sunny", "high", "TRUE", "yes", 1),
    ("sunny", "high", "TRUE", "no", 1),
    ("sunny", "normal", "TRUE", "no", 1),
    ("rainy", "high", "TRUE", "yes", 1),
    ("rainy", "high", "FALSE", "yes", 1),
    ("overcast", "high", "TRUE", "yes", 1),
)

# B: sunny-high yes, 2 x sunny-normal no, rainy-FALSE yes, overcast yes, and one rainy
# row with windy unseen ('calm') labelled no: it stops at node 3 (which says yes).
#   leaf errors: 0: 3 'no' rows; 1: 1; 3: 1 ('calm' row); 4: 1; 5: 2; 2, 6, 7: 0.
#   stopped: node 3 stops the 'calm' row and gets it wrong: 1; no other inner node stops one.
#   unpruned subtrees: 1 -> 1 + 2 = 3, 3 -> 1 (stopped) + 0 + 0 = 1, 0 -> 3 + 0 + 1 = 4.
#   bottom-up: 1 (1 <= 3) cut, 3 (1 <= 1, a tie) cut, 0: 3 <= 1 + 0 + 1? no -> {0, 1, 2, 3}
#   strict: 1 cut, 3 (1 < 1) kept, 0: 3 < 1 + 0 + 1? no -> {0, 1, 2, 3, 6, 7}
#   against the unpruned subtree, top-down: 0 (3 <= 4) cut -> {0}
#   best-first: gains 0: 1, 1: 2, 3: 0 -> cut 1; then 0: (1 + 0 + 1) - 3 < 0, 3: 0 -> cut 3
#   -> {0, 1, 2, 3}
B = rows(
    ("sunny", "high", "TRUE", "yes", 1),
    ("sunny", "normal", "FALSE", "no", 2),
    ("rainy", "normal", "FALSE", "yes", 1),
    ("overcast", "normal", "FALSE", "yes", 1),
    ("rainy", "normal", "calm", "no", 1),
)


@pytest.fixture(scope="module")
def sim_a(play):
    return PruningSimulator(play, *A)


@pytest.fixture(scope="module")
def sim_b(play):
    return PruningSimulator(play, *B)


def test_the_errors_of_every_node_as_a_leaf_and_the_visit_orders(sim_a, sim_b):
    assert sim_a.leaf == {0: 2, 1: 1, 2: 0, 3: 0, 4: 1, 5: 1, 6: 1, 7: 0}
    # stopped: rows a node answers itself (all of a leaf's, an inner node's unseen values)
    assert sim_a.stopped == {0: 0, 1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 1, 7: 0}
    assert sim_b.leaf == {0: 3, 1: 1, 2: 0, 3: 1, 4: 1, 5: 2, 6: 0, 7: 0}
    assert sim_b.stopped == {0: 0, 1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 0, 7: 0}
    # training errors: the leaves are pure; node 1 holds 2 yes of 5, node 3 2 no of 5
    assert sim_a.train == {0: 5.0, 1: 2.0, 2: 0.0, 3: 2.0, 4: 0.0, 5: 0.0, 6: 0.0, 7: 0.0}
    assert sim_a.preorder == [0, 1, 3] and sim_a.postorder == [1, 3, 0]
    assert set(sim_a.nodes) == set(ALL)


def test_subtree_errors_with_and_without_cuts(sim_a, sim_b):
    assert [sim_a.subtree(i, set()) for i in (0, 1, 3)] == [3, 2, 1]
    assert sim_a.subtree(0, {1}) == 1 + 0 + 1
    assert sim_a.subtree(0, {1, 3}) == 1
    assert sim_a.subtree(0, {0}) == 2 and sim_a.subtree(4, set()) == 1
    # a row stopped at node 3 counts in its subtree, but not with training counts
    assert [sim_b.subtree(i, set()) for i in (0, 1, 3)] == [4, 3, 1]
    assert sim_b.subtree(3, set(), sim_b.train) == 0.0
    assert sim_b.subtree(0, set(), sim_b.train) == 0.0
    assert sim_b.subtree(1, {1}, sim_b.train) == 2.0


def test_kept_nodes_once_some_become_leaves(sim_a):
    assert sim_a.kept(set()) == ALL
    assert sim_a.kept({1}) == {0, 1, 2, 3, 6, 7}
    assert sim_a.kept({1, 3}) == {0, 1, 2, 3}
    assert sim_a.kept({0, 1}) == {0}


def test_every_variant_of_scenario_a(sim_a):
    assert sim_a.bottom_up() == {0, 1, 2, 3}
    assert sim_a.bottom_up(strict=True) == {0, 1, 2, 3}
    assert sim_a.against_unpruned() == {0}
    assert sim_a.top_down() == {0}
    assert sim_a.best_first() == {0}
    assert sim_a.bottom_up(leaf=sim_a.train) == ALL  # pure leaves: nothing is cut
    assert sim_a.bottom_up() == {
        n.node_id for n in dt.reduced_error_prune(sim_a.tree, *A).tree.nodes()
    }


def test_every_variant_of_scenario_b(sim_b):
    assert sim_b.bottom_up() == {0, 1, 2, 3}
    assert sim_b.bottom_up(strict=True) == {0, 1, 2, 3, 6, 7}
    assert sim_b.against_unpruned() == {0}
    assert sim_b.top_down() == {0}
    assert sim_b.best_first() == {0, 1, 2, 3}
    assert sim_b.bottom_up() == {
        n.node_id for n in dt.reduced_error_prune(sim_b.tree, *B).tree.nodes()
    }


def test_best_first_takes_the_largest_gain_and_repeats(play):
    # C: 2 x sunny-normal no, 2 x rainy-TRUE yes, overcast yes, sunny-high no.
    #   leaf errors: 0: 3; 1: 0; 3: 0; 4: 0; 5: 2; 6: 2; 7: 0; 2: 0.
    #   gains: 1: 2 - 0 = 2, 3: 2 - 0 = 2, 0: (2 + 0 + 2) - 3 = 1 -> cut 1 (first of the
    #   two best in pre-order); then 0: (0 + 0 + 2) - 3 < 0, 3: 2 -> cut 3 -> {0, 1, 2, 3}.
    X, y = rows(
        ("sunny", "normal", "TRUE", "no", 2),
        ("rainy", "high", "TRUE", "yes", 2),
        ("overcast", "high", "TRUE", "yes", 1),
        ("sunny", "high", "TRUE", "no", 1),
    )
    sim = PruningSimulator(play, X, y)
    assert sim.leaf == {0: 3, 1: 0, 2: 0, 3: 0, 4: 0, 5: 2, 6: 2, 7: 0}
    assert sim.best_first() == {0, 1, 2, 3}
    # against the unpruned subtree the root's gain 1 >= 0 cuts it
    assert sim.against_unpruned() == {0} == sim.top_down()
    # D: nothing helps: each leaf as good as can be, every inner node worse as a leaf
    X, y = rows(
        ("sunny", "high", "TRUE", "no", 1),
        ("sunny", "normal", "TRUE", "yes", 1),
        ("rainy", "high", "TRUE", "no", 1),
        ("rainy", "high", "FALSE", "yes", 1),
        ("overcast", "high", "TRUE", "yes", 3),
    )
    sim = PruningSimulator(play, X, y)
    assert sim.leaf == {0: 2, 1: 1, 2: 0, 3: 1, 4: 0, 5: 0, 6: 0, 7: 0}
    assert sim.best_first() == ALL == sim.bottom_up() == sim.top_down()
    assert sim.against_unpruned() == ALL == sim.bottom_up(strict=True)


def test_a_tree_three_mistakes_give_names_each(sim_a):
    assert _variant_hint(sim_a, frozenset({0}), sim_a.bottom_up()) == (
        "two mistakes give this tree: " + "; or ".join([UNPRUNED, TOP_DOWN, BEST_FIRST])
    )


def test_a_tree_only_the_strict_rule_gives(sim_b):
    assert _variant_hint(sim_b, frozenset({0, 1, 2, 3, 6, 7}), sim_b.bottom_up()) == TIE


def test_nothing_pruned_wins_over_every_variant(sim_a, sim_b):
    assert _variant_hint(sim_a, ALL, sim_a.bottom_up()) == NOTHING
    assert _variant_hint(sim_b, ALL, sim_b.bottom_up()) == NOTHING


def test_the_first_node_decided_differently_is_named(sim_a, sim_b):
    # node 1 kept below (leaves 4, 5 still there) where the bottom-up pass cuts it
    assert _variant_hint(sim_b, frozenset({0, 1, 2, 3, 4, 5}), sim_b.bottom_up()) == (
        "node 1 (depth 1) is a leaf in the bottom-up result but kept in yours: as a leaf "
        "it makes 1 validation error"
    )
    # against a reference that keeps everything, a tree that cuts node 3: node 1 agrees,
    # node 3 is the first (bottom-up) to differ
    assert _variant_hint(sim_a, frozenset({0, 1, 2, 3, 4, 5}), ALL) == (
        "node 3 (depth 1) is kept in the bottom-up result but a leaf in yours: as a leaf "
        "it makes 0 validation errors"
    )


def test_a_node_the_reference_pruned_away_is_not_named_but_its_pruned_ancestor():
    # scenario A's nodes, a reference that cuts the root ({0}): a student who kept the root
    # (cutting node 3, or node 1) is told about the root, the one node both trees have
    # and decide differently; nodes 1 and 3 are not in the reference at all
    sim = PruningSimulator(dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_, *A)
    root = (
        "node 0 (depth 0) is a leaf in the bottom-up result but kept in yours: as a leaf "
        "it makes 2 validation errors"
    )
    assert _variant_hint(sim, frozenset({0, 1, 2, 3, 4, 5}), frozenset({0})) == root
    assert _variant_hint(sim, frozenset({0, 1, 2, 3, 6, 7}), frozenset({0})) == root


def test_a_set_no_node_tells_apart_gets_the_plain_sentence(sim_b):
    assert (
        _variant_hint(sim_b, frozenset({0, 1, 2, 3, 99}), sim_b.bottom_up())
        == "not the bottom-up result"
    )


def test_is_cut_reads_a_kept_set(sim_b):
    assert _is_cut(sim_b, 1, frozenset({0, 1, 2, 3}))
    assert not _is_cut(sim_b, 1, frozenset({0, 1, 2, 3, 4, 5}))
    assert not _is_cut(sim_b, 1, frozenset({0}))  # not kept at all
    assert not _is_cut(sim_b, 4, frozenset(ALL))  # a leaf of the tree is never "cut"


def test_the_pass_on_training_counts_gets_its_own_hint(play):
    # the same tree with impure leaves: leaf 4 holds 1 yes and 3 no, leaf 5 1 and 1 (a
    # tie: it still says yes), so node 1 (2 yes, 4 no) makes 2 training errors, as many as
    # its leaves (1 + 1): on training counts the tie cuts node 1 and nothing else (node 3:
    # 2 > 0 + 0, the root: 6 > 2 + 0 + 0).
    data = play.to_dict()
    counts = {0: [8, 6], 1: [2, 4], 4: [1, 3], 5: [1, 1], 3: [3, 2], 6: [0, 2], 7: [3, 0]}
    counts[2] = [3, 0]
    for node in data["nodes"]:
        c = counts[node["id"]]
        node["counts"] = [float(v) for v in c]
        node["n_samples"] = float(sum(c))
        node["value"] = [v / sum(c) for v in c]
    tree = dt.Tree.from_dict(data)
    sim = PruningSimulator(tree, *A)
    assert sim.train == {0: 6.0, 1: 2.0, 2: 0.0, 3: 2.0, 4: 1.0, 5: 1.0, 6: 0.0, 7: 0.0}
    assert sim.leaf == PruningSimulator(play, *A).leaf  # the same predictions everywhere
    assert sim.bottom_up(leaf=sim.train) == {0, 1, 2, 3, 6, 7}
    assert _variant_hint(sim, frozenset({0, 1, 2, 3, 6, 7}), sim.bottom_up()) == TRAINING


def test_the_cases_split_half_for_training_a_quarter_for_validation():
    from dtlearn.exercises.homework.hw3_prune import prune_cases

    # rows in each data set (breast cancer and vote keep their complete rows only):
    # tic-tac-toe 958, car 1728, breast cancer 286 - 9 = 277, vote 232
    sizes = {"tic-tac-toe": 958, "car": 1728, "breast cancer": 277, "vote": 232}
    loaders = {
        "tic-tac-toe": dt.load_tic_tac_toe,
        "car": dt.load_car,
        "breast cancer": dt.load_breast_cancer_ljubljana,
        "vote": dt.load_vote,
    }
    seen = []
    for part in ("course", "hidden", "fresh"):
        for label, tree, X_val, y_val in prune_cases(part, 4):
            seen.append((part, label))
            n = sizes[label]
            assert tree.root.n_samples == n // 2 and len(X_val) == len(y_val) == n // 4
            X_all, y_all = loaders[label]()
            assert tree.schema.names == tuple(X_all.columns)
            assert list(X_val.columns) == list(X_all.columns) and y_val.name == y_all.name
            assert list(X_val.index) == list(y_val.index) == list(range(n // 4))
            assert not X_val.isna().any().any()
            # training and validation rows are distinct rows of the data set
            full = y_all.value_counts()
            val = y_val.value_counts()
            for k, c in zip(tree.classes, tree.root.counts):
                assert c + val.get(k, 0) <= full[k]
    assert seen == [
        ("course", "tic-tac-toe"),
        ("course", "car"),
        ("hidden", "breast cancer"),
        ("hidden", "car"),
        ("hidden", "vote"),
        ("fresh", "tic-tac-toe"),
    ]
    # each call hands out its own copy of the cached tree
    first, again = prune_cases("course", 4)[0][1], prune_cases("course", 4)[0][1]
    assert first is not again and first.to_json() == again.to_json()


def test_the_valid_part_takes_a_tie_left_unpruned(play):
    from dtlearn.exercises.homework.hw3_prune import _pruned_tree_judge

    # B with only node 1 cut (the strict '<' pass): node 3 ties (1 error as a leaf, 1 as
    # its subtree), which lowers nothing, so the valid part passes; errors 4 -> 1 + 0 + 1
    judge = _pruned_tree_judge("prune", "valid", play, *B)
    assert judge(play.with_leaves_at([1])) == (True, "5 → 4 leaves, validation errors 4 → 2")
    # unpruned, the first node in pre-order that lowers the errors as a leaf is the root
    # (3 errors against its subtree's 4): not finished
    assert judge(play.copy()) == (
        False,
        "not finished: turning node 0 into a leaf would lower the validation errors (4)",
    )


def test_all_runs_the_course_part_on_tic_tac_toe_and_car():
    from dtlearn.exercises.homework.hw3_prune import check_reduced_error_prune, prune_cases

    result = check_reduced_error_prune(lambda tree, X, y: tree, seed=0)
    sizes = [tree.n_nodes for _, tree, _, _ in prune_cases("course", 0)]
    assert result.name == "check_reduced_error_prune"
    assert [c.call for c in result.cases] == [
        f"<lambda>(<ID3 tree on tic-tac-toe: {sizes[0]} nodes>, X_val, y_val)",
        f"<lambda>(<ID3 tree on car: {sizes[1]} nodes>, X_val, y_val)",
    ]
