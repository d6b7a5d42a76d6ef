"""What a graded run of each homework check calls the student's function with.

When graded (a secret given), every visible part gets sealed cases of its own kind drawn
from the secret, and the hidden part is drawn from it without sealed ones. These tests
record the arguments the function receives and compare them with the kind each part's
docstring promises: the gain's edge cases on a non-default index (7, 10, 13, ...), ID3's
fresh course table (40 rows of X0..X3), a disguised stopping or criterion table (the
same rows, shuffled and renamed), a further tic-tac-toe split for pruning, complete rows
for breast cancer and vote. A check that is handed a function without a ``__name__``
names it as the homework does.
"""

import hashlib
import math
from collections import Counter

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn import exercises as ex
from dtlearn.exercises.homework.hw2_id3 import _criterion_tables, _stopping_tables
from dtlearn.exercises.homework.hw3_prune import prune_cases
from dtlearn.exercises.homework.trial_grading import SEALED_CALL, hidden_seed, task


def bits(counts):
    total = sum(counts)
    return -sum(c / total * math.log2(c / total) for c in counts if c > 0)


def gain(feature, labels):
    f = np.asarray(feature, dtype=object)
    y = pd.Series(np.asarray(labels, dtype=object))
    return bits(y.value_counts().tolist()) - sum(
        (f == v).mean() * bits(y[f == v].value_counts().tolist()) for v in pd.unique(f)
    )


class Recorder:
    """A student's function that notes every call (and has no ``__name__``)."""

    def __init__(self, answer):
        self.answer, self.calls = answer, []

    def __call__(self, *args):
        self.calls.append(args)
        return self.answer(*args)


def test_the_hidden_seed_is_a_hash_of_the_secret_and_the_seed():
    for seed, secret in [(0, "s"), (7, "fresh\0s"), (123, "another")]:
        digest = hashlib.sha256(f"dtlearn hidden cases\0{secret}\0{seed}".encode()).digest()
        assert hidden_seed(seed, secret) == int.from_bytes(digest[:4], "big") % 2**31


def test_only_a_given_secret_draws_sealed_cases(monkeypatch):
    monkeypatch.setenv("DTLEARN_GRADING_SECRET", "env")
    groups = ("bits", "edge", "hidden")
    from_env = task("c", len, "hidden", groups, 4, default_name="f")
    assert (from_env.hidden, from_env.fresh) == (hidden_seed(4, "env"), None)
    given = task("c", len, "all", groups, 4, default_name="f", secret="s")
    assert (given.hidden, given.fresh) == (None, hidden_seed(4, "fresh\0s"))


@pytest.mark.parametrize("secret", ["s", "t"])
def test_the_gain_s_sealed_edge_cases_have_a_non_default_index(secret):
    fn = Recorder(gain)
    result = ex.check_information_gain(fn, part="edge", secret=secret, which="sealed")
    assert [c.call for c in result.cases] == [SEALED_CALL, SEALED_CALL] and result.passed
    calibration, *sealed = fn.calls  # first the log base, on play-tennis' outlook
    assert list(calibration[0].index) == list(range(14))
    for feature, labels in sealed:
        n = len(feature)
        assert list(feature.index) == list(labels.index) == [3 * i + 7 for i in range(n)]
    fn = Recorder(gain)
    ex.check_information_gain(fn, part="course", secret=secret, which="sealed")
    assert [list(f.index) for f, _ in fn.calls] == [list(range(len(f))) for f, _ in fn.calls]


def test_the_hidden_parts_are_visible_cases_and_nothing_sealed():
    fn = Recorder(gain)
    result = ex.check_information_gain(fn, part="hidden", secret="s")
    assert [c.call.split("(")[1].split(":")[0] for c in result.cases] == [
        "car evaluation, 300 rows",
        "car evaluation, 300 rows",
        "car evaluation, 300 rows",
        "random case 1",
        "random case 2",
        "random case 3",
    ]
    result = ex.check_entropy(Recorder(bits), part="hidden", secret="s")
    assert len(result.cases) == 8 and SEALED_CALL not in [c.call for c in result.cases]
    assert [c.call for c in result.cases][-2:] == [
        "entropy([0, 0, 3])",
        "entropy([2, 2, 2, 2, 2, 2])",
    ]


def test_a_visible_part_graded_gets_its_sealed_cases_after_the_visible_ones():
    result = ex.check_entropy(Recorder(bits), part="bits", secret="s")
    calls = [c.call for c in result.cases]
    assert calls[:6] == [
        "entropy([9, 5])",
        "entropy([7, 7])",
        "entropy([50, 5])",
        "entropy([30, 25])",
        "entropy([1, 1, 1, 1])",
        "entropy([3, 2, 1])",
    ]
    assert calls[10:] == [SEALED_CALL, SEALED_CALL] and len(calls) == 12
    assert [c.message for c in result.cases[10:]] == ["right", "right"]


def _rows(X, y):
    """The multiset of row patterns up to renaming: how many rows share each row."""
    return sorted(Counter(zip(*[X[c].astype(str) for c in X.columns], y.astype(str))).values())


def _sealed_id3(part, secret):
    fn = Recorder(lambda X, y, attributes: "yes")
    result = ex.check_id3(fn, part=part, secret=secret, which="sealed")
    assert [c.call for c in result.cases] == [SEALED_CALL]
    ((X, y, attributes),) = fn.calls
    assert attributes == list(X.columns)
    return X, y


@pytest.mark.parametrize("secret", ["s", "t", "u"])
def test_id3_s_sealed_cases_are_of_their_part_s_kind(secret):
    X, y = _sealed_id3("course", secret)
    assert X.shape == (40, 4) and list(X.columns) == ["X0", "X1", "X2", "X3"]
    assert set(y) <= {"yes", "no"} and y.name == "y"
    assert [set(X[c]) <= set("pqr"[: 2 + j % 2]) for j, c in enumerate(X.columns)] == [True] * 4
    # the class follows X1 = p or X3 = q, a tenth of the labels flipped on average
    rule = np.where((X["X1"] == "p") | (X["X3"] == "q"), "yes", "no")
    assert (rule == y.to_numpy()).mean() >= 0.75
    for part, tables in (("stopping", _stopping_tables()), ("criterion", _criterion_tables())):
        X, y = _sealed_id3(part, secret)
        # one of the part's own tables, rows shuffled, values and labels renamed
        same = [
            label
            for label, X0, y0 in tables
            if list(X0.columns) == list(X.columns) and _rows(X0, y0) == _rows(X, y)
        ]
        assert same, (part, list(X.columns), len(X))
        for column in X.columns:
            assert all(v.startswith(column.lower()) for v in X[column])


def test_pruning_s_sealed_case_is_a_further_tic_tac_toe_split():
    fn = Recorder(lambda tree, X, y: tree)
    result = ex.check_reduced_error_prune(fn, part="course", secret="s", which="sealed")
    assert [c.call for c in result.cases] == [SEALED_CALL]
    ((tree, X_val, y_val),) = fn.calls
    tic_tac_toe = prune_cases("course", 0)[0]
    assert list(X_val.columns) == list(tic_tac_toe[2].columns)
    assert len(X_val) == len(tic_tac_toe[2]) == int(0.25 * len(dt.load_tic_tac_toe()[1]))


def test_pruning_s_hidden_cases_keep_the_complete_rows():
    cases = prune_cases("hidden", 5)
    assert [label for label, *_ in cases] == ["breast cancer", "car", "vote"]
    loaders = [dt.load_breast_cancer_ljubljana, dt.load_car, dt.load_vote]
    for (label, _, X_val, y_val), load, complete in zip(cases, loaders, [True, False, True]):
        X, _ = load()
        n = int(X.notna().all(axis=1).sum()) if complete else len(X)
        assert len(X_val) == len(y_val) == int(0.25 * n), label
        assert not X_val.isna().any().any(), label
    assert int(dt.load_vote()[0].isna().any(axis=1).sum()) > 0  # vote does have gaps


@pytest.mark.parametrize(
    "check, part, first",
    [
        (ex.check_entropy, "bits", "entropy([9, 5])"),
        (ex.check_information_gain, "course", 'information_gain(X["outlook"], y)'),
        (ex.check_id3, "course", "id3(<play-tennis: 14 rows>)"),
    ],
)
def test_a_function_without_a_name_is_named_as_the_homework_names_it(check, part, first):
    result = check(Recorder(lambda *args: None), part=part)
    assert result.cases[0].call == first


def test_pruning_names_a_nameless_function_and_its_cases():
    tree = prune_cases("course", 0)[0][1]
    result = ex.check_reduced_error_prune(Recorder(lambda t, X, y: None), part="course")
    assert [c.call for c in result.cases] == [
        f"reduced_error_prune(<ID3 tree on tic-tac-toe: {tree.n_nodes} nodes>, X_val, y_val)",
        f"reduced_error_prune(<ID3 tree on car: {prune_cases('course', 0)[1][1].n_nodes} "
        "nodes>, X_val, y_val)",
    ]
    assert result.cases[0].message == (
        "reduced_error_prune returned None — did you forget `return`?; return the pruned "
        "Tree (tree.with_leaves_at([...]))"
    )


@pytest.mark.parametrize(
    "check, title",
    [
        (ex.check_entropy, "check_entropy (hidden)"),
        (ex.check_id3, "check_id3 (hidden)"),
    ],
)
def test_without_a_secret_the_hidden_part_says_so_in_these_words(check, title, monkeypatch):
    monkeypatch.delenv("DTLEARN_GRADING_SECRET", raising=False)
    result = check(Recorder(lambda *args: 1.0), part="hidden")
    assert str(result) == (
        f"{title}: graded later — the hidden cases run only when your work is graded: they "
        "are drawn from a secret that only the grading machine has, so this notebook cannot "
        "generate, show or check them (this cell checks nothing here)"
    )
