"""Lecture checks 05-09: the right answer passes, each near miss gets its own hint.

By-hand numbers are recomputed here from the textbook formulas (midpoints of distinct
values, ``k - 1`` thresholds and ``2^(k-1) - 1`` subsets, weighted Gini, J48's upper
confidence limit with ``z = Φ⁻¹(0.75)`` and the continuity correction, Breiman's
``(R(t) - R(T_t)) / (|T_t| - 1)``); the checks on fitted trees are compared with the
fitted objects' own counts.
"""

import math
from statistics import NormalDist

import numpy as np
import pytest
from lecture_hints import G, H, assert_hints, hint, hint_at_edges

from dtlearn.datasets import load_car, load_play_tennis
from dtlearn.exercises.core import data
from dtlearn.exercises.lectures import n05_cart_continuous as n05
from dtlearn.exercises.lectures import n06_overfitting as n06
from dtlearn.exercises.lectures import n07_reduced_error_pruning as n07
from dtlearn.exercises.lectures import n08_rule_post_pruning as n08
from dtlearn.exercises.lectures import n08b_pessimistic_pruning as n08b
from dtlearn.exercises.lectures import n09_cost_complexity as n09

SEEDS = [0, 1, 2, 7]
Z = NormalDist().inv_cdf(0.75)
Z_TABLE = 0.84 + (0.25 - 0.20) / (0.40 - 0.20) * (0.25 - 0.84)  # Quinlan's table, CF 0.25


def counts_of(labels):
    labels = list(labels)
    return [labels.count(c) for c in sorted(set(labels))]


def test_05_1_first_humidity_threshold_is_the_midpoint_of_65_and_70():
    X, _ = load_play_tennis(numeric=True)
    assert sorted(set(X["humidity"]))[:2] == [65, 70]
    assert n05.check_first_threshold(67.5).passed
    assert not n05.check_first_threshold(67.5 + 1e-6).passed
    assert hint_at_edges(n05.check_first_threshold, 65, 1e-09) == (
        "that is the smallest value itself: the threshold lies halfway to the next distinct value"
    )
    assert hint_at_edges(n05.check_first_threshold, 70, 1e-09) == (
        "that is the second distinct value: take the midpoint between it and the smallest"
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_05_2_threshold_and_subset_splits_of_an_ordinal(seed):
    levels = data("05.2", seed=seed)["levels"]
    k = len(levels)
    assert 5 <= k <= 9 and levels[0] == "1 star" and levels[1] == "2 stars"
    thresholds, subsets = k - 1, 2 ** (k - 1) - 1
    right = n05.check_ordinal_count(thresholds, subsets, seed=seed)
    assert right.passed and len(right.cases) == 2

    def first(value):
        return n05.check_ordinal_count(value, subsets, seed=seed)

    def second(value):
        return n05.check_ordinal_count(thresholds, value, seed=seed)

    assert hint(first(subsets)) == (
        "that counts every two-group partition, as for an unordered attribute; a threshold "
        "keeps the order, so the groups are 'everything up to a level' and 'the rest'"
    )
    assert hint(first(k)) == "a threshold sits *between* two neighbouring levels: count the gaps"
    assert hint(second(thresholds), 1) == (
        "that is the number of threshold splits; without the order any group of levels can go left"
    )
    assert hint(second(2**k - 2), 1) == (
        "each partition is counted twice (left and right swapped) and both sides must be "
        "non-empty: halve it"
    )
    assert hint(second(2**k), 1) == (
        "both sides must be non-empty, and swapping left and right gives the same split"
    )
    assert hint(second(2 ** (k - 1)), 1) == (
        "one of those is the 'split' with every level on one side"
    )
    assert (
        second(subsets + 3)
        .cases[1]
        .message.endswith(" is not the subset splits if the order is ignored")
    )


def test_05_3_best_ordinal_cut_of_buying():
    X, y = load_car()
    order = ["low", "med", "high", "vhigh"]
    rank = X["buying"].astype(str).map(order.index)
    scores = {}
    for i, level in enumerate(order[:-1]):
        left = rank <= i
        scores[level] = left.mean() * G(counts_of(y[left])) + (~left).mean() * G(
            counts_of(y[~left])
        )
    best = min(scores, key=scores.get)
    worst = max(scores, key=scores.get)
    assert n05.check_best_cut(best.upper()).passed
    assert hint(n05.check_best_cut("vhigh")) == (
        "buying <= vhigh sends every row left: that is no split"
    )
    assert hint(n05.check_best_cut(worst)) == (
        "that cut leaves the *largest* weighted Gini: the best leaves the smallest"
    )
    assert n05.ordered_buying()[0].cat.ordered


def test_05_4_gain_of_the_best_humidity_threshold():
    X, y = load_play_tennis(numeric=True)
    parent = counts_of(y)

    def best_gain(column):
        values = sorted(set(column))
        out = []
        for a, b in zip(values, values[1:]):
            left = column <= (a + b) / 2
            mean = left.mean() * H(counts_of(y[left])) + (~left).mean() * H(counts_of(y[~left]))
            gini = left.mean() * G(counts_of(y[left])) + (~left).mean() * G(counts_of(y[~left]))
            out.append((H(parent) - mean, mean, G(parent) - gini))
        return max(out)

    want, mean_info, gini_gain = best_gain(X["humidity"])
    multiway = H(parent) - sum(
        (X["humidity"] == v).mean() * H(counts_of(y[X["humidity"] == v]))
        for v in set(X["humidity"])
    )
    assert n05.check_humidity_gain(want).passed
    cases = {
        mean_info: "that is the mean information left after the split; the gain is the entropy "
        "of the node minus it",
        gini_gain: "that is the decrease in Gini impurity; the question asks for information "
        "gain (entropy, in bits)",
        best_gain(X["temperature"])[0]: "that is the best threshold of temperature, not of "
        "humidity",
        want * math.log(2): "that is in nats: use log base 2",
        multiway: "that treats every humidity value as its own branch: use the binary test "
        "humidity <= t",
    }
    assert_hints(n05.check_humidity_gain, want, cases, tol=1e-3)


@pytest.mark.parametrize("seed", SEEDS)
def test_05_5_candidate_thresholds(seed):
    n, d = data("05.5", seed=seed)["n"], data("05.5", seed=seed)["d"]
    assert n05.check_candidates(d * (n - 1), seed=seed).passed
    assert hint_at_edges(n05.check_candidates, d * n, 0, seed=seed) == (
        "n sorted values have n - 1 gaps between them, not n"
    )
    assert hint_at_edges(n05.check_candidates, n - 1, 0, seed=seed) == (
        "that is one attribute: the search scores every attribute"
    )
    assert hint_at_edges(n05.check_candidates, d * n * (n - 1), 0, seed=seed) == (
        "that counts row visits of the naive search, not candidates"
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_05_6_one_hot_tests(seed):
    v = data("05.6", seed=seed)["v"]
    assert 3 <= v <= 8
    assert n05.check_one_hot(v, seed=seed).passed
    assert v == 3 or hint_at_edges(n05.check_one_hot, 2 ** (v - 1) - 1, 0, seed=seed) == (
        "that is the number of subset splits; a 0/1 column can only separate its one category "
        "from all the others"
    )
    assert hint_at_edges(n05.check_one_hot, v - 1, 0, seed=seed) == (
        "every category has its own 0/1 column, and each gives a different test when there "
        "are more than two categories"
    )


def test_06_1_parameter_chosen_on_validation_data():
    curves = {
        "min_samples_leaf": n06._cart_curve("min_samples_leaf", (1, 2, 5, 10, 20, 40, 80)),
        "max_leaf_nodes": n06._cart_curve("max_leaf_nodes", (2, 8, 16, 32, 64, 128)),
        "min_impurity_decrease": n06._cart_curve("min_impurity_decrease", (0.0, 0.005, 0.02)),
    }
    for name, curve in curves.items():
        assert (
            len(curve.validation)
            == {
                "min_samples_leaf": 7,
                "max_leaf_nodes": 6,
                "min_impurity_decrease": 3,
            }[name]
        )
    best = {name: max(c.validation) for name, c in curves.items()}
    want = max(best, key=best.get)
    assert n06.check_best_knob(want).passed
    for name in curves:
        if name != want:
            text = n06.check_best_knob(name).cases[0].message
            by_test = max(curves, key=lambda k: curves[k].test[curves[k].best_index])
            if name == by_test:
                assert text.endswith(
                    " — that one is best on the *test* part: the test set only reports, it "
                    "does not choose"
                )
    # on the notebook's data the best on test is the right one; the best on the training
    # part at its chosen tree gets the training hint, the third the plain message
    at_best = {name: c.best_index for name, c in curves.items()}
    by_train = max(curves, key=lambda n: curves[n].train[at_best[n]])
    by_test = max(curves, key=lambda n: curves[n].test[at_best[n]])
    assert (want, by_test, by_train) == ("max_leaf_nodes", "max_leaf_nodes", "min_samples_leaf")
    assert {name: n06.check_best_knob(name).cases[0].message for name in curves} == {
        "min_samples_leaf": "'min_samples_leaf' — that one is best on the *training* part: "
        "choose on validation data",
        "max_leaf_nodes": "'max_leaf_nodes'",
        "min_impurity_decrease": "'min_impurity_decrease' is not the parameter with the best "
        "validated tree",
    }


def test_06_2_and_06_3_gaps_and_accuracies_of_the_deepest_tree():
    noisy, clean = n06._curve("max_depth", False), n06._curve("max_depth", True)
    want = noisy.train[-1] - noisy.test[-1]
    assert n06.check_gap(want).passed
    cases = {
        noisy.train[-1] - noisy.validation[-1]: "that is training minus *validation*: use the "
        "test accuracy",
        -want: "the other way round: training minus test",
        noisy.train[noisy.best_index] - noisy.test[noisy.best_index]: "that is the chosen "
        "tree: take the deepest (last) one",
    }
    assert_hints(n06.check_gap, want, cases, tol=5e-3, least=2)
    assert n06.check_clean_full(clean.test[-1]).passed
    cases = {
        noisy.test[-1]: "that is the tree grown on the noisy labels: use y_train",
        clean.train[-1]: "that is its training accuracy: use the test part",
        clean.validation[-1]: "that is its validation accuracy: use the test part",
    }
    assert_hints(n06.check_clean_full, clean.test[-1], cases, tol=5e-3, least=2)
    assert clean.train[-1] == 1.0  # a full ID3 tree fits clean car data exactly


@pytest.fixture(scope="module")
def car_pruning():
    from dtlearn.pruning.reduced_error import reduced_error_prune

    model, X_val, y_val = n07._car()
    return model, X_val, y_val, reduced_error_prune(model, X_val, y_val)


def test_07_1_nodes_removed(car_pruning):
    model, _, _, result = car_pruning
    grown, pruned = model.tree_, result.tree
    assert result.original.n_nodes == grown.n_nodes
    removed = grown.n_nodes - pruned.n_nodes
    assert removed > 0 and n07.check_removed(removed).passed
    assert hint_at_edges(n07.check_removed, grown.n_leaves - pruned.n_leaves, 0) == (
        "that is the number of leaves removed; count every node"
    )
    assert hint_at_edges(n07.check_removed, len(result.pruned_nodes), 0) == (
        "that is the number of pruning decisions; each removes a whole subtree below the node"
    )
    assert (
        hint_at_edges(n07.check_removed, pruned.n_nodes, 0) == "that is the size of the pruned tree"
    )
    assert hint_at_edges(n07.check_removed, grown.n_nodes, 0) == (
        "that is the size of the grown tree; subtract the size of the pruned one"
    )


def test_07_2_no_single_further_pruning_helps(car_pruning):
    model, X_val, y_val, result = car_pruning
    truth = np.asarray(y_val)
    counts = [
        int(
            (
                result.original.with_leaves_at([*result.pruned_nodes, n.node_id]).predict(X_val)
                != truth
            ).sum()
        )
        for n in result.tree.nodes()
        if not n.is_leaf
    ]
    assert min(counts) >= result.errors_after  # pruning stopped: nothing lowers the errors
    assert n07.check_least(min(counts)).passed
    if min(counts) != result.errors_after:
        assert hint_at_edges(n07.check_least, result.errors_after, 0) == (
            "that is the error of the pruned tree itself; make one more inner node a leaf"
        )
    assert (
        hint_at_edges(n07.check_least, result.errors_before, 0)
        == "that is the error of the full tree"
    )


def test_07_3_pruning_with_twenty_rows(car_pruning):
    from dtlearn.pruning.reduced_error import reduced_error_prune

    model, X_val, y_val, full = car_pruning
    tiny = reduced_error_prune(model, X_val[:20], y_val[:20]).tree
    assert n07.check_tiny(tiny.n_leaves).passed
    assert hint_at_edges(n07.check_tiny, full.tree.n_leaves, 0) == (
        "that is with the whole validation set; use the first 20 rows only"
    )
    if tiny.n_nodes != tiny.n_leaves:
        assert (
            hint_at_edges(n07.check_tiny, tiny.n_nodes, 0)
            == "that counts all nodes; count the leaves"
        )


@pytest.fixture(scope="module")
def vote_rules():
    return n08._vote()


def test_08_1_preconditions_left(vote_rules):
    result, _, _ = vote_rules
    left = sum(len(r.conditions) for r in result.ruleset.rules)
    before = sum(len(r.conditions) for r in result.original.rules)
    dropped = sum(s.dropped is not None for s in result.steps)
    assert n08.check_conditions(left).passed
    assert hint_at_edges(n08.check_conditions, before, 0) == "that is the number before pruning"
    assert (
        hint_at_edges(n08.check_conditions, dropped, 0)
        == "that is the number of preconditions dropped"
    )
    if before - dropped != left:
        assert hint_at_edges(n08.check_conditions, before - dropped, 0) == (
            "rules that became identical were merged; count the rules of result.ruleset"
        )


def test_08_2_the_rule_that_fires(vote_rules):
    result, _, (X_test, _) = vote_rules
    first = X_test.iloc[:1]
    fired = None
    for i, rule in enumerate(result.ruleset.rules):  # the first rule whose conditions hold
        tests = [c.text.split(" = ") for c in rule.conditions]
        if all(str(first.iloc[0][name]) == value for name, value in tests):
            fired = i
            break
    assert fired == int(result.ruleset.fired(first)[0])
    label = result.ruleset.predict(first)[0]
    assert n08.check_fired(fired, label).passed
    assert hint(n08.check_fired(fired + 1, label)) == "the index counts from 0 (rule 1 is index 0)"
    assert hint(n08.check_fired(-1, label)) == (
        "-1 means that no rule fires and the default class decides; a rule covers this member"
    )
    other = next(c for c in result.ruleset.classes if c != label)
    assert not n08.check_fired(fired, other).passed


def test_08_3_a_rule_on_the_test_rows(vote_rules):
    _, (X_train, y_train), (X_test, y_test) = vote_rules

    def counts(X, y):
        covered = X["superfund-right-to-sue"] == "n"
        return int((covered & (y == "democrat")).sum()), int(covered.sum())

    right, n = counts(X_test, y_test)
    train_right, train_n = counts(X_train, y_train)
    assert n08.check_rule_counts(right, n).passed

    def covered(value):
        return hint(n08.check_rule_counts(right, value), 0)

    def correct(value):
        return hint(n08.check_rule_counts(value, n), 1)

    assert covered(train_n) == "those are training rows; use the test rows"
    assert covered(len(y_test)) == "count only the rows where the precondition holds"
    assert covered(right) == (
        "that is the number it gets right; covered counts every row where the precondition holds"
    )
    assert correct(train_right) == "those are training rows; use the test rows"
    assert correct(n - right) == "those are the mistakes; count the rows with the rule's class"
    assert correct(n) == ("that is the number of rows it covers; count those with the rule's class")


def upper_limit(n, e, z=Z, correction=0.5):
    f = (e + correction) / n
    return (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (
        1 + z * z / n
    )


def j48_errors(n, e):
    """J48's predicted errors of a leaf (CF 0.25): N(1 - CF^(1/N)) at E = 0, else N·U."""
    return n * (1 - 0.25 ** (1 / n)) if e == 0 else n * upper_limit(n, e)


def test_08b_the_two_z_values():
    assert n08b.Z_WEKA == pytest.approx(0.6744897501960817)
    assert n08b.Z_QUINLAN == pytest.approx(0.6925)


@pytest.mark.parametrize("seed", SEEDS)
def test_08b_1_upper_limit_of_one_leaf(seed):
    leaf = data("08b.1", seed=seed)
    n, e = leaf["N"], leaf["E"]
    assert 12 <= n <= 60 and 1 <= e <= n // 3
    want = upper_limit(n, e)
    assert n08b.check_upper_limit(want, seed=seed).passed
    cases = {
        upper_limit(n, e, correction=0.0): "without the continuity correction: J48 uses "
        "f = (E + 0.5)/N",
        upper_limit(n, e, Z_TABLE): "that is z from Quinlan's table (about 0.69); J48 uses the "
        "normal quantile for 1 - CF",
        e / n: "that is the observed error rate E/N, not its upper limit",
        (e + 0.5) / n: "that is f = (E + 0.5)/N; U is the upper end of the interval around it",
        want * n: "that is U·N, the predicted number of errors; give the rate U",
        want * n - e: "that is the number of extra errors U·N − E; give the rate U",
        upper_limit(n, e, -Z): "z came out negative: use z = Φ⁻¹(1 − CF) = Φ⁻¹(0.75)",
        upper_limit(14, 5): "that is U of the 14 play-tennis days; use the N and E of your leaf",
    }
    assert_hints(n08b.check_upper_limit, want, cases, tol=1e-4, least=6, seed=seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_08b_2_prune_or_keep(seed):
    node = data("08b.2", seed=seed)
    n, e, leaves = node["N"], node["E"], node["leaves"]
    assert 2 <= len(leaves) <= 3 and n == sum(s for s, _ in leaves)
    assert sum(err for _, err in leaves) < e  # the collapse pass keeps the node
    leaf, subtree = j48_errors(n, e), sum(j48_errors(s, err) for s, err in leaves)
    decision = "prune" if leaf <= subtree + 0.1 else "keep"
    other = "keep" if decision == "prune" else "prune"
    right = n08b.check_prune_decision(leaf, subtree, decision, seed=seed)
    assert right.passed, str(right)
    assert not n08b.check_prune_decision(leaf, subtree, other, seed=seed).passed

    def first(value):
        return n08b.check_prune_decision(value, subtree, decision, seed=seed)

    def second(value):
        return n08b.check_prune_decision(leaf, value, decision, seed=seed)

    assert_hints(
        first,
        leaf,
        {
            leaf / n: "that is the rate U; multiply by N",
            leaf - e: "that is only the extra errors; add E",
            n * upper_limit(n, e, correction=0.0): "without the continuity correction: "
            "f = (E + 0.5)/N",
            n * upper_limit(n, e, Z_TABLE): "that uses z from Quinlan's table (about 0.69); J48 "
            "uses z = Φ⁻¹(0.75) = 0.6745",
        },
        tol=1e-3,
    )
    cases = {
        sum(s * upper_limit(s, err) for s, err in leaves): "a leaf with E = 0 uses "
        "N·(1 − CF^(1/N)), not the normal approximation",
        sum(
            err if err == 0 else s * upper_limit(s, err, correction=0.0) for s, err in leaves
        ): "without the continuity correction: f = (E + 0.5)/N",
        float(sum(err for _, err in leaves)): "those are the training errors; add each leaf's "
        "extra errors",
        sum(
            s * (1 - 0.25 ** (1 / s)) if err == 0 else s * upper_limit(s, err, Z_TABLE)
            for s, err in leaves
        ): "that uses z from Quinlan's table (about 0.69); J48 uses z = Φ⁻¹(0.75) = 0.6745",
    }
    told = 0
    for value, text in cases.items():
        if all(abs(value - o) > 2e-3 for o in [subtree, *(c for c in cases if c is not value)]):
            assert hint(second(value), 1) == text
            told += 1
    assert told >= 2


def test_08b_2_decision_tolerance_is_a_tenth_of_an_error():
    # over many students both decisions occur, each as "leaf <= subtree + 0.1"
    seen = set()
    for seed in range(40):
        node = data("08b.2", seed=seed)
        leaf = j48_errors(node["N"], node["E"])
        subtree = sum(j48_errors(s, err) for s, err in node["leaves"])
        decision = "prune" if leaf <= subtree + 0.1 else "keep"
        seen.add(decision)
        assert n08b.check_prune_decision(leaf, subtree, decision, seed=seed).passed, seed
    assert seen == {"prune", "keep"}


def test_09_1_leaves_at_alpha_one_hundredth():
    from dtlearn.pruning.cost_complexity import cost_complexity_prune

    path, n = n09._path()
    assert n == 426  # scikit-learn's breast cancer, 569 rows, default 75 % split
    want = cost_complexity_prune(path.tree, 0.01).n_leaves
    risks, leaves = np.asarray(path.impurities), np.asarray(path.n_leaves)
    least = leaves[np.argmin(risks + 0.01 * leaves)]
    assert least == want
    assert n09.check_leaves_at(want).passed
    assert hint_at_edges(n09.check_leaves_at, leaves[np.argmin(risks)], 0) == (
        "R(T) alone always prefers the full tree; add alpha for every leaf"
    )
    on_rows = leaves[np.argmin(risks + 0.01 * n * leaves)]
    if on_rows != want:
        assert hint_at_edges(n09.check_leaves_at, on_rows, 0) == (
            "alpha = 0.01 is on scikit-learn's scale, like path.impurities; do not multiply by N"
        )


@pytest.mark.parametrize("seed", SEEDS)
def test_09_2_effective_alpha_by_hand(seed):
    d = data("09.2", seed=seed)
    n, node, leaves = d["N"], d["node"], d["leaves"]
    assert node == [sum(c[0] for c in leaves), sum(c[1] for c in leaves)]
    k = len(leaves)

    def risk(counts, measure=G, share=None):
        return (sum(counts) / n if share is None else share) * measure(counts)

    gain = risk(node) - sum(risk(c) for c in leaves)
    want = gain / (k - 1)
    assert want >= 0.003
    assert n09.check_alpha_t(want, seed=seed).passed
    cases = {
        want * n: "that is on the slides' scale (rows); divide the risks by N",
        gain / k: "divide by |T_t| − 1, the leaves saved, not by |T_t|",
        gain: "divide by the number of leaves saved, |T_t| − 1",
        (risk(node, H) - sum(risk(c, H) for c in leaves)) / (k - 1): "that uses entropy; the "
        "path here uses Gini impurity",
        (risk(node, share=1.0) - sum(risk(c, share=1.0) for c in leaves)) / (k - 1): "weight "
        "each impurity by its share of the N rows, n_t / N",
        (risk(node, share=1.0) - sum(risk(c, share=sum(c) / sum(node)) for c in leaves))
        / (k - 1): "the shares are of all N training rows of the tree, not of the node's rows",
    }
    assert_hints(n09.check_alpha_t, want, cases, tol=6e-5, least=4, seed=seed)


def test_09_3_alpha_on_the_slides_scale():
    path, n = n09._path()
    alpha = path.steps[-1].alpha
    assert n09.check_alpha_slides(alpha * 426).passed
    # each hint up to the edge of the tolerance 1e-3 on either side of its wrong value
    assert hint_at_edges(n09.check_alpha_slides, alpha, 1e-3) == (
        "that is scikit-learn's scale (risks as shares of the rows); the slides count rows"
    )
    assert hint_at_edges(n09.check_alpha_slides, alpha / 426, 1e-3) == (
        "multiply by N, do not divide"
    )
    assert hint_at_edges(n09.check_alpha_slides, alpha * 569, 1e-3) == (
        "N is the number of *training* rows the tree was grown on, not all 569"
    )


def test_06_1_scores_the_notebooks_parameter_values(monkeypatch):
    # the notebook's tables: min_samples_leaf 1-80, max_leaf_nodes 2-128,
    # min_impurity_decrease 0, 0.005 (its example: 11 leaves) and 0.02
    asked = []
    real = n06._cart_curve

    def spy(param, values):
        asked.append((param, values))
        return real(param, values)

    monkeypatch.setattr(n06, "_cart_curve", spy)
    n06.check_best_knob("max_leaf_nodes")
    assert asked == [
        ("min_samples_leaf", (1, 2, 5, 10, 20, 40, 80)),
        ("max_leaf_nodes", (2, 8, 16, 32, 64, 128)),
        ("min_impurity_decrease", (0.0, 0.005, 0.02)),
    ]
