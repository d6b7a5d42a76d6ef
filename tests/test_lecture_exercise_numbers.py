"""The numbers each student's by-hand exercise hands out, pinned for seed 0.

Seed 0 is what the released notebooks run with (no ``DTLEARN_SEED``, no hub user), what
nbval replays and what the instructor's answer key was written against: a changed draw
(its rng's key, a range, a redraw rule) changes every student's exercise silently. Ranges
that only many seeds show are checked as properties."""

import pytest

from dtlearn.exercises.core import data
from dtlearn.exercises.registry import registered

SEED_0 = {
    "01.1": {"counts": [39, 23]},
    "01.2": {"counts": [25, 9, 5]},
    "01.3": {"children": [[191, 461], [83, 265]]},
    "01.5": {"attribute": "Reservation"},
    "02.1": {"branches": [[5, 2], [4, 3]]},
    "02.2": {
        "example": {
            "Alternate": "Yes",
            "Bar": "No",
            "Fri/Sat": "Yes",
            "Hungry": "No",
            "Patrons": "Full",
            "Price": "$",
            "Raining": "No",
            "Reservation": "Yes",
            "Type": "French",
            "WaitEstimate": "30-60",
        }
    },
    "02b.1": {"m": 2, "v": 5},
    "03.1": {"sizes": [8, 4, 1, 5]},
    "03.2": {"gain": 0.228, "sizes": [2, 7, 5, 4]},
    "04.2": {"parent": [50, 11], "children": [[31, 0], [19, 11]]},
    "04.3": {"parent": [50, 11], "children": [[31, 0], [19, 11]]},
    "04.4": {"parent": [50, 11], "children": [[31, 0], [19, 11]]},
    "05.2": {
        "attribute": "rating",
        "levels": [
            "1 star",
            "2 stars",
            "3 stars",
            "4 stars",
            "5 stars",
            "6 stars",
            "7 stars",
            "8 stars",
            "9 stars",
        ],
    },
    "05.5": {"n": 892, "d": 11},
    "05.6": {"v": 5},
    "08b.1": {"N": 53, "E": 3},
    "08b.2": {"N": 19, "E": 9, "leaves": [(2, 1), (8, 3), (9, 3)]},
    "09.2": {"N": 489, "node": [20, 23], "leaves": [[4, 16], [16, 7]]},
    "10.1": {"targets": [18, 13, 7]},
    "10.2": {"left": [4, 7], "right": [8, 16, 17, 24]},
    "10.3": {
        "n": 1284,
        "mse": 407,
        "n_left": 521,
        "mse_left": 68,
        "n_right": 763,
        "mse_right": 106,
    },
    "10.5": {"targets": [12.5, 14.0, 9.9, 113.0, 12.1]},
    "11b.1": {
        "confusion": [[39, 7, 5], [3, 30, 4], [2, 2, 19]],
        "cost": [[0, 4, 7], [8, 0, 1], [4, 4, 0]],
    },
    "11b.2": {"counts": [2, 20, 6], "cost": [[0, 1, 1], [5, 0, 6], [1, 4, 0]]},
}


def test_every_exercise_with_numbers_is_pinned():
    with_data = {k for k, e in registered().items() if e.make_data and not k.startswith("99")}
    assert with_data == set(SEED_0)


@pytest.mark.parametrize("key", sorted(SEED_0))
def test_the_numbers_of_seed_0(key):
    assert data(key, seed=0) == SEED_0[key]


def test_pessimistic_pruning_leaves_reach_half_minority():
    # a leaf of size s draws its minority from 0 to s // 2, both ends reached
    halves = zeros = 0
    for seed in range(200):
        for n, e in data("08b.2", seed=seed)["leaves"]:
            assert 2 <= n <= 9 and 0 <= e <= n // 2
            halves += n >= 4 and e == n // 2
            zeros += e == 0
        leaf = data("08b.1", seed=seed)
        assert 12 <= leaf["N"] <= 60 and 1 <= leaf["E"] <= leaf["N"] // 3
    assert halves and zeros


def test_cost_complexity_leaves_keep_a_third_at_most_as_minority():
    for seed in range(100):
        node = data("09.2", seed=seed)
        assert 200 <= node["N"] < 600
        for leaf in node["leaves"]:
            assert 4 <= sum(leaf) < 30 and min(leaf) <= sum(leaf) // 3
