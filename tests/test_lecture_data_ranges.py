"""Every by-hand exercise's numbers over many students: each range reached at both ends.

A lecture states the numbers a student gets ("a coin thrown 20 to 60 times heads", "a leaf
of 12 to 60 instances"); seed 0 alone (``tests/test_lecture_exercise_numbers.py``) cannot
tell a range that lost its end from one that did not. Here each drawn quantity is read
back from many seeds and its smallest and largest values are compared with the range the
data maker draws from (numpy's ``integers(low, high)`` excludes ``high``), along with the
shapes and fix-up rules that hold for every student.
"""

from functools import cache

import numpy as np
import pytest

from dtlearn.datasets import load_restaurant
from dtlearn.exercises.core import data

MANY = 4000


@cache
def draws(key, n=MANY):
    return [data(key, seed=seed) for seed in range(n)]


def span(values):
    values = list(values)
    return min(values), max(values)


def test_01_1_heads_20_to_60_and_tails_5_to_40():
    assert span(d["counts"][0] for d in draws("01.1")) == (20, 60)
    assert span(d["counts"][1] for d in draws("01.1")) == (5, 40)


def test_01_2_three_counts_of_2_to_29():
    assert {len(d["counts"]) for d in draws("01.2")} == {3}
    assert span(c for d in draws("01.2") for c in d["counts"]) == (2, 29)


def test_01_3_the_moved_customers_and_the_churners_among_them():
    moved, churned = [], []
    for d in draws("01.3"):
        (cl, nl), (cr, nr) = d["children"]
        assert cl + nl + cr + nr == 1000 and cl + cr == 274
        m = cl + nl - 392
        moved.append(m)
        churned.append(cl - 161)
        assert int(0.1 * m) <= cl - 161 <= int(0.3 * m)
    assert span(moved) == (58, 307)
    # the churners among the moved reach both ends of 10 % to 30 % of them
    low = [c == int(0.1 * m) for m, c in zip(moved, churned)]
    high = [c == int(0.3 * m) for m, c in zip(moved, churned)]
    assert any(low) and any(high)


def test_01_5_every_listed_restaurant_attribute_comes_up():
    assert {d["attribute"] for d in draws("01.5", 400)} == {
        "Alternate",
        "Fri/Sat",
        "Hungry",
        "Price",
        "Reservation",
        "Type",
        "WaitEstimate",
    }


def test_02_1_two_or_three_branches_of_counts_0_to_6_with_the_fix_ups():
    ks, values = set(), []
    for d in draws("02.1"):
        rows = d["branches"]
        ks.add(len(rows))
        assert all(a + b > 0 for a, b in rows)  # no empty branch
        assert any(b for _, b in rows) and any(a for a, _ in rows)  # both classes occur
        values += [v for row in rows for v in row]
    assert ks == {2, 3}
    assert span(values) == (0, 6)  # a fix-up only ever raises a 0 (to 1 or 2)


def test_02_2_every_value_of_every_attribute_comes_up_and_patrons_is_full():
    X, _ = load_restaurant()
    seen = {c: set() for c in X.columns}
    for d in draws("02.2", 150):
        assert set(d["example"]) == set(X.columns)
        for c, v in d["example"].items():
            seen[c].add(v)
    assert seen.pop("Patrons") == {"Full"}
    for c, values in seen.items():
        assert values == {str(v) for v in X[c].cat.categories}, c


def test_02b_1_the_four_attribute_and_value_counts():
    assert {(d["m"], d["v"]) for d in draws("02b.1")} == {(2, 3), (3, 3), (2, 4), (2, 5)}


def test_03_1_three_or_four_branches_of_1_to_8():
    assert {len(d["sizes"]) for d in draws("03.1")} == {3, 4}
    assert span(s for d in draws("03.1") for s in d["sizes"]) == (1, 8)


def test_03_2_two_to_four_branches_of_2_to_7_and_a_gain_of_0_05_to_0_6():
    assert {len(d["sizes"]) for d in draws("03.2")} == {2, 3, 4}
    assert span(s for d in draws("03.2") for s in d["sizes"]) == (2, 7)
    gains = [d["gain"] for d in draws("03.2")]
    assert all(g == round(g, 3) for g in gains)
    low, high = span(gains)
    assert 0.05 <= low < 0.051 and 0.599 < high <= 0.6


def test_04_a_minority_of_10_to_29_and_a_majority_3_to_5_times_it():
    bs, a_low, a_high, pure_low, pure_high = [], [], [], [], []
    for d in draws("04.2"):
        a, b = d["parent"]
        (pure, zero), (rest, b2) = d["children"]
        assert zero == 0 and b2 == b and pure + rest == a
        bs.append(b)
        a_low.append(a - 3 * b)
        a_high.append(5 * b - 1 - a)
        pure_low.append(pure - a // 3)
        pure_high.append(a - b - 1 - pure)
    assert span(bs) == (10, 29)
    assert min(a_low) == min(a_high) == min(pure_low) == min(pure_high) == 0
    assert [data(k, seed=5) for k in ("04.3", "04.4")] == [data("04.2", seed=5)] * 2


def test_05_2_five_to_nine_star_levels():
    levels = [d["levels"] for d in draws("05.2")]
    assert {len(v) for v in levels} == {5, 6, 7, 8, 9}
    assert max(levels, key=len) == ["1 star"] + [f"{i} stars" for i in range(2, 10)]
    assert {d["attribute"] for d in draws("05.2")} == {"rating"}


def test_05_5_200_to_1999_rows_and_3_to_11_attributes():
    assert span(d["n"] for d in draws("05.5", 6000)) == (200, 1999)
    assert span(d["d"] for d in draws("05.5")) == (3, 11)


def test_05_6_three_to_eight_categories():
    assert span(d["v"] for d in draws("05.6")) == (3, 8)


def test_08b_1_a_leaf_of_12_to_60_with_1_to_a_third_errors():
    leaves = draws("08b.1")
    assert span(d["N"] for d in leaves) == (12, 60)
    assert min(d["E"] for d in leaves) == 1
    assert all(d["E"] <= d["N"] // 3 for d in leaves)
    assert any(d["E"] == d["N"] // 3 for d in leaves)


def test_08b_2_two_or_three_leaves_of_2_to_9_that_err_less_than_the_node():
    sizes, counts = set(), set()
    for d in draws("08b.2"):
        leaves = d["leaves"]
        counts.add(len(leaves))
        sizes.update(n for n, _ in leaves)
        assert sum(n for n, _ in leaves) == d["N"]
        assert sum(e for _, e in leaves) < d["E"] <= d["N"] // 2  # the leaves err less
    assert counts == {2, 3} and sizes == set(range(2, 10))


def test_09_2_n_200_to_599_and_leaves_of_4_to_29_with_at_most_a_third_minority():
    nodes = draws("09.2")
    assert span(d["N"] for d in nodes) == (200, 599)
    sizes, counts, first_minor, second_minor, thirds = set(), set(), False, False, False
    for d in nodes:
        counts.add(len(d["leaves"]))
        for a, b in d["leaves"]:
            sizes.add(a + b)
            first_minor |= a < b
            second_minor |= b < a
            thirds |= min(a, b) == (a + b) // 3
        assert d["node"] == [sum(c[0] for c in d["leaves"]), sum(c[1] for c in d["leaves"])]
    assert counts == {2, 3} and sizes == set(range(4, 30))
    assert first_minor and second_minor and thirds


def test_10_1_three_to_five_targets_of_0_to_19():
    assert {len(d["targets"]) for d in draws("10.1")} == {3, 4, 5}
    assert span(t for d in draws("10.1") for t in d["targets"]) == (0, 19)


def test_10_2_five_to_seven_sorted_values_cut_with_two_on_each_side():
    lengths, lefts, values = set(), set(), []
    for d in draws("10.2"):
        left, right = d["left"], d["right"]
        whole = left + right
        assert whole == sorted(whole)
        lengths.add(len(whole))
        lefts.add((len(whole), len(left)))
        values += whole
    assert lengths == {5, 6, 7}
    # the cut leaves 2 to n - 2 values on the left
    assert lefts == {(n, k) for n in (5, 6, 7) for k in range(2, n - 1)}
    assert span(values) == (0, 29)


def test_10_3_the_node_and_its_children():
    nodes = draws("10.3", 6000)
    assert span(d["n"] for d in nodes) == (400, 1999)
    assert all(d["n_left"] + d["n_right"] == d["n"] for d in nodes)
    assert min(d["n_left"] - d["n"] // 4 for d in nodes) == 0
    assert min(3 * d["n"] // 4 - 1 - d["n_left"] for d in nodes) == 0
    assert span(d["mse_left"] for d in nodes) == (50, 299)
    assert span(d["mse_right"] for d in nodes) == (50, 299)
    assert span(d["mse"] - max(d["mse_left"], d["mse_right"]) for d in nodes) == (50, 399)


def test_10_5_four_to_seven_targets_one_of_them_an_outlier_of_60_to_120():
    lengths, outliers = set(), []
    for d in draws("10.5"):
        t = d["targets"]
        lengths.add(len(t))
        assert all(v == round(v, 1) for v in t)
        big = [v for v in t if v >= 60]
        assert len(big) == 1
        outliers.append(big[0])
    assert lengths == {4, 5, 6, 7}
    low, high = span(outliers)
    assert 60 <= low < 60.5 and 119.5 < high <= 120


def test_11b_1_confusion_and_cost_matrices():
    off, diagonal, costs = [], [], []
    for d in draws("11b.1"):
        c, L = np.array(d["confusion"]), np.array(d["cost"])
        eye = np.eye(3, dtype=bool)
        off += c[~eye].tolist()
        diagonal += c[eye].tolist()
        assert (L[eye] == 0).all() and not (L == L.T).all()
        costs += L[~eye].tolist()
    assert span(off) == (0, 7) and span(diagonal) == (15, 39)
    assert min(costs) == 1 and max(costs) in (9, 10)
    assert costs.count(9) > costs.count(10)  # 10 only where a symmetric draw was fixed


def test_11b_2_counts_2_to_20_and_costs_1_to_6_never_all_one():
    counts, costs = [], []
    for d in draws("11b.2"):
        L = np.array(d["cost"])
        eye = np.eye(3, dtype=bool)
        assert (L[eye] == 0).all() and (L[~eye] == 1).sum() < 6
        counts += d["counts"]
        costs += L[~eye].tolist()
        assert len(d["counts"]) == 3
    assert span(counts) == (2, 20)
    assert min(costs) == 1 and 6 <= max(costs) <= 7


@pytest.mark.parametrize("key", ["01.1", "08b.1", "10.3"])
def test_the_same_seed_gives_the_same_numbers(key):
    assert data(key, seed=12345) == data(key, seed=12345)
    assert data(key, seed=1) != data(key, seed=2)
