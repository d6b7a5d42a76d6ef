"""Homework 1's gain check, piece by piece: its case labels, probes and own-entropy credit.

- Every case of the course and edge parts, by its label, with the numbers it stands for
  (gains computed here by hand from the label counts).
- The probes the student's own entropy is first asked about, and the table of its answers
  (a non-finite or non-number answer is no answer; a forbidden call or a timeout stops).
- Whether the student's entropy is wrong, right, or degenerate (one number for all).
- The credit for a gain that applies the right formula to the student's wrong entropy.
"""

import math

import pandas as pd
import pytest
from homework_draws import drawn_counts

from dtlearn.exercises.homework import hw1_measures as hw1
from dtlearn.exercises.homework.forbidden_calls import GAIN_RULE
from dtlearn.exercises.library_guard import LibraryGuard

GUARD = LibraryGuard(GAIN_RULE)


def bits(counts):
    total = sum(counts)
    return -sum(c / total * math.log2(c / total) for c in counts if c)


def gain(feature, labels):
    feature, labels = list(feature), list(labels)

    def h(ys):
        return bits([ys.count(v) for v in set(ys)])

    rest = sum(
        feature.count(v) / len(feature) * h([y for x, y in zip(feature, labels) if x == v])
        for v in set(feature)
    )
    return h(labels) - rest


def test_the_course_part_is_play_tennis_the_restaurant_and_four_drawn_tables():
    cases = hw1._gain_cases("course", 0)
    labels = [label for label, _, _ in cases]
    assert labels[:7] == [
        'X["outlook"], y',
        'X["temperature"], y',
        'X["humidity"], y',
        'X["windy"], y',
        'R["Patrons"], w',
        'R["Type"], w',
        'R["Alternate"], w',
    ]
    assert [round(gain(f, y), 3) for _, f, y in cases[:7]] == [
        0.247,
        0.029,
        0.152,
        0.048,
        0.541,
        0.0,
        0.0,
    ]
    assert [label.split(":")[0] for label in labels[7:]] == [
        "random case 1",
        "random case 2",
        "random case 3",
        "random case 4",
    ]
    assert labels == [label for label, _, _ in hw1._gain_cases("course", 0)]


def test_a_random_case_is_labelled_with_its_values():
    import numpy as np

    label, feature, labels = hw1._random_gain_case(np.random.default_rng(3), 1)
    assert label == f"random case 2: {''.join(feature)}, {' '.join(labels)}"
    assert feature.name == "A1" and labels.name == "class"
    assert 8 <= len(feature) == len(labels) < 30
    assert set(feature) <= set("abcd") and set(labels) <= {"yes", "no", "maybe"}


def test_the_edge_part_names_each_trap():
    cases = hw1._gain_cases("edge", 0)
    assert [label for label, _, _ in cases] == [
        'L["tear-prod-rate"], lenses  (3 classes)',
        'X["outlook"][high], y[high]  (index 0, 1, 2, 3, 7, 11, 13)',
        "one value: ['a'] * 6, ['+', '+', '-', '+', '-', '-']",
        "a different value in every row: X.index, y",
        "categoricals with unused categories: colour, label",
        "numbers and booleans: [1, 1, 2, 2, 3, 3], [True, False, True, True, False, True]",
    ]
    # each feature has one value per label, on the same index
    assert [len(f) for _, f, _ in cases] == [24, 7, 6, 14, 6, 6]
    assert all(list(f.index) == list(y.index) for _, f, y in cases)
    by_label = {label: (f, y) for label, f, y in cases}
    f, y = by_label['X["outlook"][high], y[high]  (index 0, 1, 2, 3, 7, 11, 13)']
    assert list(f.index) == [0, 1, 2, 3, 7, 11, 13]
    f, y = by_label["categoricals with unused categories: colour, label"]
    assert list(f.cat.categories) == ["red", "green", "blue"]
    assert (f.name, y.name) == ("colour", "label")  # the names the student's code sees
    assert list(y.cat.categories) == ["+", "-", "?"]
    assert gain(f, y) == pytest.approx(bits([3, 3]) - bits([2, 1]), abs=1e-12)
    f, y = by_label["one value: ['a'] * 6, ['+', '+', '-', '+', '-', '-']"]
    assert gain(f, y) == 0.0
    f, y = by_label["a different value in every row: X.index, y"]
    assert gain(f, y) == pytest.approx(bits([9, 5]), abs=1e-12)


def test_the_hidden_part_is_three_car_columns_and_three_drawn_tables():
    cases = hw1._gain_cases("hidden", 4)
    assert [label for label, _, _ in cases][:3] == [
        "car evaluation, 300 rows: buying",
        "car evaluation, 300 rows: persons",
        "car evaluation, 300 rows: safety",
    ]
    assert all(len(f) == 300 for _, f, _ in cases[:3])
    # 300 distinct rows of the car table (no row drawn twice), in the table's order, the
    # same rows for each of the three columns, with their own labels
    import dtlearn as dt

    C, c = dt.load_car()
    rows = cases[0][1].index
    assert len(set(rows)) == 300 and list(rows) == sorted(rows)
    for (_, f, y), column in zip(cases[:3], ("buying", "persons", "safety")):
        assert list(f.index) == list(y.index) == list(rows)
        assert f.equals(C[column].loc[rows]) and y.equals(c.loc[rows])
    assert [label.split(":")[0] for label, _, _ in cases[3:]] == [
        "random case 1",
        "random case 2",
        "random case 3",
    ]


def test_the_probes_are_five_fixed_counts_and_three_drawn_ones():
    probes = hw1._probes(7)
    assert probes[:5] == [[9, 5], [4, 0, 2], [2.5, 1.5], [1, 1, 1, 1], [14, 0]]
    assert len(probes) == 8 and probes == hw1._probes(7)
    assert hw1._probes(8)[:5] == probes[:5]


def test_the_entropy_table_keeps_finite_numbers_only():
    answers = {(9.0, 5.0): 0.94, (1.0, 1.0): math.inf, (2.0, 2.0): math.nan, (3.0,): "x"}

    def entropy(counts):
        return answers[tuple(float(c) for c in counts)]

    table = hw1._entropy_table(entropy, [[9, 5], [1, 1], [2, 2], [3], [9, 5]], GUARD, 0)
    assert table == {(9.0, 5.0): 0.94, (1.0, 1.0): None, (2.0, 2.0): None, (3.0,): None}


def test_each_count_vector_is_asked_once_with_whole_counts_as_ints():
    asked = []

    def entropy(counts):
        asked.append(list(counts))
        return 1.0

    hw1._entropy_table(entropy, [[9, 5], [9.0, 5.0], [2.5, 1.5]], GUARD, 0)
    assert sorted(asked, key=str) == [[2.5, 1.5], [9, 5]]
    assert all(type(c) is int for c in asked[[str(a) for a in asked].index("[9, 5]")])


def test_a_timeout_stops_the_entropy_table():
    from dtlearn.exercises.homework.jail_client import Budget, RemoteFunction

    class Ended:
        whole = Budget(60)

        def __init__(self):
            self.calls = 0

        def call(self, name, args):
            self.calls += 1
            return {"kind": "ended", "why": "timeout\twhile your function ran"}

    jail = Ended()
    table = hw1._entropy_table(RemoteFunction(jail, "entropy"), [[1], [2], [3]], GUARD, 0)
    assert jail.calls == 1 and list(table.values()) == [None]


def test_an_entropy_is_right_wrong_or_degenerate():
    probes = [[9, 5], [4, 0, 2], [1, 1]]

    def table_of(fn):
        return {tuple(float(c) for c in p): fn(p) for p in probes}

    assert hw1._own_entropy_is_wrong(table_of(bits), probes) is False
    assert hw1._own_entropy_is_wrong(table_of(lambda p: bits(p) + 1e-7), probes) is False
    assert hw1._own_entropy_is_wrong(table_of(lambda p: 2 * bits(p)), probes) is True
    assert hw1._own_entropy_is_wrong(table_of(lambda p: 0.5), probes) is None
    # one probe unanswered: nothing to credit
    table = table_of(lambda p: 2 * bits(p))
    table[(1.0, 1.0)] = None
    assert hw1._own_entropy_is_wrong(table, probes) is None
    # spread just above 1e-9 is a function of the counts, at most 1e-9 is one number
    spread = {(9.0, 5.0): 0.5, (4.0, 0.0, 2.0): 0.5 + 2e-9, (1.0, 1.0): 0.5}
    assert hw1._own_entropy_is_wrong(spread, probes) is True
    flat = {(9.0, 5.0): 0.5, (4.0, 0.0, 2.0): 0.5 + 0.5e-9, (1.0, 1.0): 0.5}
    assert hw1._own_entropy_is_wrong(flat, probes) is None


def test_the_vectors_are_the_parent_s_label_counts_then_each_value_s():
    feature = pd.Series(["b", "a", "b", "b", "a"])
    labels = pd.Series(["+", "-", "+", "-", "-"])
    assert hw1._vectors(feature, labels) == [[3, 2], [2, 1], [2]]


def test_a_gain_on_the_student_s_own_entropy_gets_credit_with_words():
    feature = pd.Series(["b", "a", "b", "b", "a"])
    labels = pd.Series(["+", "-", "+", "-", "-"])
    table = {(3.0, 2.0): 2.0, (2.0, 1.0): 1.0, (2.0,): 0.5}
    value = 2.0 - (3 / 5 * 1.0 + 2 / 5 * 0.5)
    assert hw1._gain_from(table, feature, labels) == pytest.approx(value, abs=1e-15)
    words = hw1._with_own_entropy(value, table=table, feature=feature, labels=labels)
    assert words == (
        "1.2 — the formula is right; the number is off because your entropy is (see check_entropy)"
    )
    assert hw1._with_own_entropy(value + 2e-6, table=table, feature=feature, labels=labels) == ""
    del table[(2.0,)]
    assert hw1._gain_from(table, feature, labels) is None
    assert hw1._with_own_entropy(value, table=table, feature=feature, labels=labels) == ""
    zero = {(3.0, 2.0): 1.0, (2.0, 1.0): 1.0, (2.0,): 1.0}
    assert hw1._with_own_entropy(0.0, table=zero, feature=feature, labels=labels) == ""


def test_random_tables_have_8_to_29_rows_of_up_to_4_values_and_3_classes():
    import numpy as np

    rng = np.random.default_rng(11)
    drawn = [hw1._random_gain_case(rng, i) for i in range(300)]
    assert {len(f) for _, f, _ in drawn} == set(range(8, 30))
    assert {f.nunique() for _, f, _ in drawn} - {1} == {2, 3, 4}  # from 2, 3 or 4 values
    assert set().union(*(set(y) for _, _, y in drawn)) == {"yes", "no", "maybe"}
    assert all(set(f) <= set("abcd") for _, f, _ in drawn)


def test_the_edge_and_hidden_parts_accept_a_gain_in_nats():
    def in_nats(feature, labels):
        return gain(feature, labels) * math.log(2)

    edge = hw1.check_information_gain(in_nats, part="edge", seed=0)
    assert [c.passed for c in edge.cases] == [True] * 6
    assert all(
        c.message.endswith(" (right, in nats (natural log))") or c.message == "0"
        for c in edge.cases
    )
    course = hw1.check_information_gain(in_nats, part="course", seed=0)
    # the course part asks for bits: only the restaurant's Type and Alternate (gain 0 in
    # any unit) pass, every other case names the slip
    assert course.status == "failed"
    assert [c.passed for c in course.cases] == [False] * 5 + [True, True] + [False] * 4
    assert course.cases[0].message == "gave 0.171034 — that is in nats: use log base 2"
    assert all(
        c.message.endswith(" — that is in nats: use log base 2")
        for c in course.cases
        if not c.passed
    )


def test_the_drawn_probes_and_the_order_they_are_asked_in_come_from_the_seed():
    import numpy as np

    assert hw1._probes(7)[5:] == drawn_counts(np.random.default_rng([7, 34]), 3, low=0)
    asked = []

    def entropy(counts):
        asked.append(list(counts))
        return 1.0

    vectors = [[1, 1], [2, 1], [3, 1], [4, 1], [5, 1]]
    hw1._entropy_table(entropy, vectors, GUARD, 3)
    order = np.random.default_rng([3, 35]).permutation(5)
    assert asked == [vectors[int(i)] for i in order] and asked != vectors
