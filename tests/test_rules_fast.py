"""Rule post-pruning keeps counts per precondition: it must decide as the plain algorithm.

The reference below is the textbook loop (score the rule and every single drop by
re-evaluating all their preconditions on every validation row, drop the best if it is at
least as accurate, repeat). ``rule_post_prune`` must give the same steps, candidate tables
and rule set on random trees and validation sets, deep ones included.
"""

import importlib.util
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.pruning.rule_post_pruning import DropCounts, rule_post_prune, rules_from_tree
from dtlearn.pruning.tree_access import encode_features

_BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_rules.py"
_spec = importlib.util.spec_from_file_location("bench_rules", _BENCH)
bench_rules = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_rules)  # the benchmark's deep tree, checked here for truth


def reference_prune(model, X_val, y_val):
    """``[(rule number, rule text, dropped index or None, table rows)]`` and final rules."""
    tree = model.tree_
    Xe = encode_features(tree, X_val, "X_val")
    truth = np.array(list(y_val), dtype=object)
    decisions, final = [], []
    routes = {}

    def holds(condition):  # each test routed once: the reference stays cubic, not slower
        if id(condition.split) not in routes:
            routes[id(condition.split)] = (condition.split, condition.split.route(Xe))
        return routes[id(condition.split)][1] == condition.branch

    for number, rule in enumerate(rules_from_tree(tree).rules, start=1):
        while True:
            rows = []
            for _dropped, candidate in [(None, rule)] + [
                (i, rule.without(i)) for i in range(len(rule.conditions))
            ]:
                covered = np.ones(len(Xe), dtype=bool)
                for condition in candidate.conditions:
                    covered &= holds(condition)
                n = int(covered.sum())
                correct = int((truth[covered] == rule.label).sum())
                rows.append((candidate.text, n, correct, correct / n if n else float("nan")))
            best, best_acc = None, -1.0
            for i, (_, _, _, acc) in enumerate(rows[1:]):
                if not np.isnan(acc) and acc > best_acc:
                    best, best_acc = i, acc
            drop = best if rows[0][1] and best is not None and best_acc >= rows[0][3] else None
            decisions.append((number, rule.text, drop, rows))
            if drop is None:
                final.append((number, rule, rows[0][1], rows[0][2]))
                break
            rule = rule.without(drop)
    return decisions, final


def assert_same_as_reference(model, X_val, y_val, tables_every=1):
    result = rule_post_prune(model, X_val, y_val)
    decisions, final = reference_prune(model, X_val, y_val)
    assert len(result.steps) == len(decisions)
    for s, (step, (number, text, drop, rows)) in enumerate(zip(result.steps, decisions)):
        assert (step.rule_number, step.rule.text, step.dropped_index) == (number, text, drop)
        assert step.drops.covered.tolist() == [r[1] for r in rows]
        assert step.drops.correct.tolist() == [r[2] for r in rows]
        if s % tables_every:
            continue
        table = step.table()
        ours = [(r[1], r[2], r[3], r[4]) for r in table.rows]
        for (t1, n1, c1, a1), (t2, n2, c2, a2) in zip(ours, rows):
            assert (t1, n1, c1) == (t2, n2, c2)
            assert (np.isnan(a1) and np.isnan(a2)) or a1 == a2  # bit for bit
        assert table.highlight_row == (None if drop is None else drop + 1)
        assert (step.covered_before, step.correct_before) == (rows[0][1], rows[0][2])
    # the textbook's last stage: one copy of equal rules (the first), then sorted by
    # validation accuracy, then rows covered (both descending), then tree order; rules
    # covering no validation row last, in tree order
    first = {}
    for number, rule, n, correct in final:
        first.setdefault(
            (frozenset(c.text for c in rule.conditions), rule.label), (number, rule, n, correct)
        )
    ordered = sorted(
        first.values(),
        key=lambda f: (f[2] == 0, -(f[3] / f[2]) if f[2] else 0, -f[2], f[0]),
    )
    assert [r.text for r in result.ruleset.rules] == [f[1].text for f in ordered]
    assert [(r.val_covered, r.val_correct) for r in result.ruleset.rules] == [
        (f[2], f[3]) for f in ordered
    ]


@st.composite
def problems(draw):
    n = draw(st.integers(5, 60))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    k = draw(st.integers(2, 3))
    X = pd.DataFrame(
        {
            "a": rng.integers(0, draw(st.sampled_from([3, 20])), n).astype(float),
            "b": rng.normal(size=n).round(1),
            "c": rng.choice(["red", "green", "blue"], size=n),
        }
    )
    y = rng.choice([f"k{j}" for j in range(k)], size=n)
    m = draw(st.integers(1, 80))
    X_val = pd.DataFrame(
        {
            "a": rng.integers(0, 20, m).astype(float),
            "b": rng.normal(size=m).round(1),
            "c": rng.choice(["red", "green", "blue"], size=m),
        }
    )
    y_val = rng.choice([f"k{j}" for j in range(k)], size=m)
    return X, y, X_val, y_val


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=problems(), learner=st.sampled_from(["id3", "cart", "c45"]))
def test_rule_post_pruning_decides_as_the_textbook_loop(problem, learner):
    X, y, X_val, y_val = problem
    if learner == "id3":
        X, X_val = X.astype({"a": str, "b": str}), X_val.astype({"a": str, "b": str})
        model = dt.ID3Classifier()
    else:
        model = dt.CARTClassifier() if learner == "cart" else dt.C45Classifier()
    try:
        model.fit(X, y)
        rule_post_prune(model, X_val, y_val)
    except ValueError:  # unseen categories in the validation set: refused alike
        return
    assert_same_as_reference(model, X_val, y_val)


def test_a_deep_tree_is_pruned_as_the_textbook_loop_prunes_it():
    X, y, X_val, y_val = bench_rules.deep_chain(150, 150)
    model = dt.CARTClassifier().fit(X, y)
    assert model.tree_.depth >= 100
    assert_same_as_reference(model, X_val, y_val, tables_every=25)


def test_drop_counts_choose_the_first_best_and_only_if_no_worse():
    counts = DropCounts(np.array([4, 6, 6, 0]), np.array([3, 5, 5, 0]))
    assert counts.best_drop() == 0  # 5/6 twice: the first
    assert counts.should_drop() == 0  # 5/6 >= 3/4
    worse = DropCounts(np.array([4, 6]), np.array([4, 5]))
    assert worse.best_drop() == 0 and worse.should_drop() is None
    nothing = DropCounts(np.array([0, 0]), np.array([0, 0]))
    assert nothing.best_drop() is None and nothing.should_drop() is None
    assert DropCounts(np.array([2]), np.array([1])).best_drop() is None  # no precondition


@pytest.mark.parametrize("k", [0, 1, 3])
def test_steps_compare_and_show_the_same_after_the_table_is_read(k):
    X, y = dt.load_play_tennis()
    a = rule_post_prune(dt.ID3Classifier().fit(X, y), X[::2], y[::2])
    b = rule_post_prune(dt.ID3Classifier().fit(X, y), X[::2], y[::2])
    step = a.steps[k]
    before = str(step)
    step.table()
    assert str(step) == before and step == b.steps[k]
    assert json.dumps(a.to_dict()) == json.dumps(b.to_dict())  # NaN accuracies: as text


def one_rule_at_a_time(model, X_val, y_val):
    """The previous implementation, kept as a reference: each rule's ``Coverage`` alone."""
    from dtlearn.pruning.rule_coverage import coverage_of

    tree = model.tree_
    Xe = encode_features(tree, X_val, "X_val")
    truth = np.array(list(y_val), dtype=object)
    out, packed = [], {}
    for number, rule in enumerate(rules_from_tree(tree).rules, start=1):
        coverage = coverage_of(rule, Xe, truth, packed)
        while True:
            counts = coverage.counts()
            best = counts.should_drop()
            out.append((number, rule.text, best, counts.covered.tolist(), counts.correct.tolist()))
            if best is None:
                break
            rule = rule.without(best)
            coverage.drop(best)
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    problem=problems(),
    learner=st.sampled_from(["cart", "c45"]),
    block=st.sampled_from([1, 200, 1 << 23]),
)
def test_rules_stepped_in_blocks_decide_as_one_rule_at_a_time(problem, learner, block):
    from dtlearn.pruning import rule_coverage

    X, y, X_val, y_val = problem
    model = dt.CARTClassifier() if learner == "cart" else dt.C45Classifier()
    try:
        model.fit(X, y)
        rule_post_prune(model, X_val, y_val)
    except ValueError:  # unseen labels or categories in the validation set: refused alike
        return
    expected = one_rule_at_a_time(model, X_val, y_val)
    with pytest.MonkeyPatch.context() as patch:  # one rule a block, a few, or all
        patch.setattr(rule_coverage, "BLOCK_BYTES", block)
        steps = rule_post_prune(model, X_val, y_val).steps
    assert [
        (
            s.rule_number,
            s.rule.text,
            s.dropped_index,
            s.drops.covered.tolist(),
            s.drops.correct.tolist(),
        )
        for s in steps
    ] == expected


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(1, 150),
    holes=st.booleans(),
    tolerance=st.sampled_from([0.0, 0.05]),
)
def test_failing_bits_are_each_conditions_own_route(seed, n, holes, tolerance):
    """The packed failing rows (thresholds compared once per split) against ``route``."""
    from dtlearn.pruning.rule_conditions import Condition
    from dtlearn.pruning.rule_coverage import _pack, failing_rows
    from dtlearn.splits import UNKNOWN, MultiwaySplit, ThresholdSplit

    rng = np.random.default_rng(seed)
    Xe = np.column_stack([rng.normal(size=n).round(1), rng.integers(0, 3, n).astype(float)])
    if holes:
        Xe[rng.uniform(size=(n, 2)) < 0.2] = np.nan
    thresholds = rng.normal(size=4).round(1)
    splits = [
        ThresholdSplit(0, float(t), tolerance=tolerance if i % 2 else 0.0)
        for i, t in enumerate(thresholds)
    ] + [
        ThresholdSplit(0, float(thresholds[0])),  # the same test twice: two splits
        ThresholdSplit(1, 1.0),  # a second feature, on its values
        ThresholdSplit(1, np.inf),
        ThresholdSplit(0, -np.inf),
        ThresholdSplit(1, np.nan),
    ]
    conditions = [
        Condition(s, b, f"c{i}{b}") for i, s in enumerate(splits) for b in (0, 1, UNKNOWN)
    ]
    conditions += [Condition(MultiwaySplit(1, 3), b, f"m{b}") for b in (0, 1, 2)]

    class Rules:  # rules of two and one preconditions, sharing them
        conditions: tuple

    rules = []
    for i in range(0, len(conditions), 2):
        rule = Rules()
        rule.conditions = tuple(conditions[i : i + 2])
        rules.append(rule)
    failing, index = failing_rows(rules, Xe)
    assert not failing[-1].any()  # the padding row
    for rule, rows in zip(rules, index):
        for condition, row in zip(rule.conditions, rows.tolist()):
            expected = _pack(condition.split.route(Xe) != condition.branch)
            assert failing[row].tolist() == expected.tolist(), condition


@st.composite
def bit_problems(draw):
    """Random failing rows per test, rules of random tests, classes with empty ones."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    n = draw(st.integers(0, 200))
    tests = draw(st.integers(1, 12))
    density = draw(st.sampled_from([0.02, 0.2, 0.6]))
    failing = rng.uniform(size=(tests, n)) < density
    n_classes = draw(st.integers(1, 4))
    codes = rng.integers(0, n_classes + 1, n)  # n_classes: a row of no rule's class
    rules = [
        rng.integers(0, tests, draw(st.integers(0, 14))) for _ in range(draw(st.integers(1, 30)))
    ]
    labels = rng.integers(0, n_classes, len(rules))
    return failing, codes, n_classes, rules, labels


@settings(max_examples=120, deadline=None)
@given(problem=bit_problems(), block=st.sampled_from([1, 3000, 1 << 23]))
def test_blocks_of_tallied_bits_step_as_each_rules_own_coverage(problem, block):
    """``drop_sequences`` (rows grouped by class, counts kept in binary digits per row)
    against :class:`Coverage`, which recounts each rule alone from its failing rows."""
    from dtlearn.pruning import rule_coverage
    from dtlearn.pruning.rule_coverage import Coverage, _pack, class_layout, drop_sequences

    failing, codes, n_classes, rules, labels = problem
    n = failing.shape[1]
    expected = []
    for tests, label in zip(rules, labels.tolist()):
        coverage = Coverage(
            _pack(failing[tests]).reshape(len(tests), max(1, -(-n // 64))),
            _pack(codes == label),
            _pack(np.ones(n, dtype=bool)),
        )
        steps = []
        while True:
            counts = coverage.counts()
            drop = counts.should_drop()
            steps.append((counts.covered.tolist(), counts.correct.tolist(), drop))
            if drop is None:
                break
            coverage.drop(drop)
        expected.append(steps)
    rows, starts, valid = class_layout(codes, n_classes)
    grouped = np.ones((len(failing) + 1, len(rows)), dtype=bool)  # padding bits: all fail
    grouped[:-1, rows >= 0] = failing[:, rows[rows >= 0]]
    grouped[-1] = False  # the row a short rule's missing places read
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rule_coverage, "BLOCK_BYTES", block)
        got = drop_sequences(_pack(grouped), rules, labels, starts, valid)
    assert [
        [(c.covered.tolist(), c.correct.tolist(), drop) for c, drop in steps] for steps in got
    ] == expected


@settings(max_examples=60, deadline=None)
@given(codes=st.lists(st.integers(0, 3), max_size=300), n_classes=st.integers(3, 5))
def test_class_layout_puts_each_row_once_in_its_class_words(codes, n_classes):
    from dtlearn.pruning.rule_coverage import _pack, class_layout

    codes = np.array(codes, dtype=np.int64)
    rows, starts, valid = class_layout(codes, n_classes)
    assert sorted(rows[rows >= 0].tolist()) == list(range(len(codes)))
    assert valid.tolist() == _pack(rows >= 0).tolist()
    ends = np.append(starts[1:], len(rows) // 64)
    assert (ends > starts).all()  # every class has a word, empty or not
    for c, (lo, hi) in enumerate(zip(starts.tolist(), ends.tolist())):
        inside = rows[lo * 64 : hi * 64]
        assert sorted(inside[inside >= 0].tolist()) == np.flatnonzero(codes == c).tolist()


@st.composite
def weighted_problems(draw):
    """Numeric and nominal attributes, two or three classes, weights; holes for C4.5."""
    learner = draw(st.sampled_from(["id3", "cart", "c45"]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    n, m = draw(st.integers(5, 80)), draw(st.integers(1, 80))
    k = draw(st.integers(2, 3))

    def table(rows):
        X = pd.DataFrame(
            {
                "a": rng.integers(0, 12, rows).astype(float),
                "b": rng.normal(size=rows).round(1),
                "c": rng.choice(["red", "green", "blue"], size=rows),
                "d": rng.choice(["s", "m", "l", "xl"], size=rows),
            }
        )
        if learner == "c45" and draw(st.booleans()):  # C4.5 sends a missing value down every branch
            X.loc[rng.uniform(size=rows) < 0.15, "b"] = np.nan
            X.loc[rng.uniform(size=rows) < 0.15, "c"] = None
        if learner == "id3":
            X = X.astype({"a": str, "b": str})
        return X, rng.choice([f"k{j}" for j in range(k)], size=rows)

    X, y = table(n)
    X_val, y_val = table(m)
    weights = rng.uniform(0.25, 3.0, n).round(2) if draw(st.booleans()) else None
    return learner, X, y, weights, X_val, y_val


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=weighted_problems(), reads=st.randoms(use_true_random=False))
def test_steps_written_when_read_are_the_steps_made_one_by_one(problem, reads):
    """``rule_post_prune`` keeps its steps as arrays (``RuleSteps``) and makes only the
    final rules; ``generalise_rules``, the reference, makes every step as it is taken.
    Rules, their order, counts, steps and every view of them must be the same values."""
    import pickle

    from dtlearn.pruning.rule_post_pruning import RuleSteps, _prune

    learner, X, y, weights, X_val, y_val = problem
    model = {"id3": dt.ID3Classifier, "cart": dt.CARTClassifier, "c45": dt.C45Classifier}[learner]()
    try:
        model.fit(X, y, sample_weight=weights)
        fast = rule_post_prune(model, X_val, y_val)
    except ValueError:  # unseen labels or categories in the validation set: refused alike
        with pytest.raises(ValueError):
            _prune(model, X_val, y_val, eager=True)
        return
    reference = _prune(model, X_val, y_val, eager=True)
    assert isinstance(fast.steps, RuleSteps) and isinstance(reference.steps, tuple)
    assert fast.ruleset == reference.ruleset and fast.original == reference.original
    for ours, theirs in zip(fast.ruleset.rules, reference.ruleset.rules):  # the same types too
        assert [type(v) for v in vars(ours).values()] == [type(v) for v in vars(theirs).values()]
    for result in (fast, reference):  # the tree's own conditions, not copies
        own = {id(c) for rule in result.original.rules for c in rule.conditions}
        assert all(id(c) in own for rule in result.ruleset.rules for c in rule.conditions)
    assert len(fast.steps) == len(reference.steps)
    order = list(range(-len(reference.steps), len(reference.steps)))
    reads.shuffle(order)  # any order: forwards, backwards, jumping between rules
    for k in order:
        assert fast.steps[k] == reference.steps[k]
    assert fast.steps == reference.steps and reference.steps == tuple(fast.steps)
    assert fast.steps[1:-1:2] == reference.steps[1:-1:2]
    assert fast == reference and str(fast) == str(reference)
    assert fast.to_dict() == reference.to_dict() and fast.summary() == reference.summary()
    for k in {0, len(reference.steps) // 2, len(reference.steps)}:
        assert fast.state_after(k) == reference.state_after(k)
    again = pickle.loads(pickle.dumps(fast))
    assert again == reference and again.steps == fast.steps
    with pytest.raises(IndexError):
        fast.steps[len(reference.steps)]
