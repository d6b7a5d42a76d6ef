"""Homework 1's entropy cases and the checks' own textbook formulas, by hand."""

import math

import pytest
from homework_draws import drawn_counts

from dtlearn.exercises.homework import check_formulas
from dtlearn.exercises.homework.hw1_measures import _entropy_cases


@pytest.mark.parametrize("seed", [0, 1, 5])
def test_the_bits_part_is_six_textbook_counts_and_four_drawn_ones(seed):
    cases = _entropy_cases("bits", seed)
    assert cases[:6] == [[9, 5], [7, 7], [50, 5], [30, 25], [1, 1, 1, 1], [3, 2, 1]]
    drawn = cases[6:]
    assert len(drawn) == 4
    for counts in drawn:  # no zero count: zeros belong to the edge part
        assert 2 <= len(counts) <= 6 and all(1 <= c <= 25 for c in counts)
    assert _entropy_cases("bits", seed) == cases  # the seed decides
    # zeros, one class, fractional counts, eight classes, a very skewed vector
    assert _entropy_cases("edge", seed) == [
        [14, 0],
        [0, 6],
        [4, 0, 2],
        [5],
        [2.5, 1.5],
        [0.3, 0.2, 0.5],
        [1, 1, 1, 1, 1, 1, 1, 1],
        [1_000_000, 1],
    ]


@pytest.mark.parametrize("seed", [0, 3])
def test_the_hidden_part_is_five_draws_with_zeros_weights_and_two_fixed_counts(seed):
    cases = _entropy_cases("hidden", seed)
    assert len(cases) == 8
    assert cases[-2:] == [[0, 0, 3], [2, 2, 2, 2, 2, 2]]
    assert len(cases[5]) == 3 and all(0.05 <= w <= 3 for w in cases[5])
    # fractional weights with two decimals, as a student types them
    assert all(w == round(w, 2) for w in cases[5])
    # the five draws may hold zero counts (seeds 0 and 3 both draw one)
    drawn = cases[:5]
    assert any(0 in counts for counts in drawn)
    for counts in drawn:
        assert 2 <= len(counts) <= 6 and all(0 <= c <= 25 for c in counts)
        assert all(isinstance(c, int) for c in counts) and sum(counts) > 0


def test_entropy_of_counts_holding_ones():
    assert check_formulas.entropy_bits([1, 1]) == 1.0
    assert check_formulas.entropy_bits([1, 3]) == pytest.approx(
        -(0.25 * math.log2(0.25) + 0.75 * math.log2(0.75)), abs=1e-12
    )
    assert check_formulas.entropy_bits([1, 0, 1, 2]) == pytest.approx(1.5, abs=1e-12)
    assert check_formulas.entropy_bits([1, 1], log=math.log) == pytest.approx(math.log(2))
    assert check_formulas.gini_index([1, 3]) == pytest.approx(1 - 0.0625 - 0.5625)


def _scores(X, y):
    """Per attribute: information gain, Gini gain, gain ratio, unweighted gain (by hand)."""

    def H(labels):
        labels = list(labels)
        n = len(labels)
        return -sum(labels.count(c) / n * math.log2(labels.count(c) / n) for c in set(labels))

    def G(labels):
        labels = list(labels)
        return 1 - sum((labels.count(c) / len(labels)) ** 2 for c in set(labels))

    out = {}
    for name in X.columns:
        groups = [y[X[name] == v] for v in X[name].unique()]
        shares = [len(g) / len(y) for g in groups]
        gain = H(y) - sum(s * H(g) for s, g in zip(shares, groups))
        split = -sum(s * math.log2(s) for s in shares)
        out[name] = {
            "gain": gain,
            "gini": G(y) - sum(s * G(g) for s, g in zip(shares, groups)),
            "ratio": gain / split if split else 0.0,
            "unweighted": H(y) - sum(H(g) for g in groups) / len(groups),
        }
    return out


def test_each_part_of_homework_2_has_its_own_tables():
    from dtlearn.exercises.homework.hw2_id3 import _id3_cases

    assert [c[0] for c in _id3_cases("course", 0)] == [
        "play-tennis",
        "restaurant",
        "contact lenses",
    ]
    assert [c[0] for c in _id3_cases("stopping", 0)] == [
        "zero gain inside C = c0",
        "a weak first split",
        "no attribute left",
    ]
    criterion = _id3_cases("criterion", 0)
    assert [c[0] for c in criterion] == [
        "Gini picks another root",
        "gain ratio picks another root",
        "unweighted gain picks another root",
    ]
    for (label, X, y), key in zip(criterion, ["gini", "ratio", "unweighted"]):
        scores = _scores(X, y)
        by_gain = max(scores, key=lambda a: scores[a]["gain"])
        by_other = max(scores, key=lambda a: scores[a][key])
        assert by_gain != by_other, label
    hidden = [c[0] for c in _id3_cases("hidden", 0)]
    assert len(hidden) == 3 and not set(hidden) & {c[0] for c in criterion}


def test_similarity_takes_only_code_strings():
    from dtlearn.exercises.homework.similarity import normalise

    with pytest.raises(TypeError, match="cells must be strings of code, got int"):
        normalise(["x = 1", 2])
    assert normalise(["y = 2", "x = 1"]).text == "x = 1\ny = 2"


@pytest.mark.parametrize("seed", [0, 2])
def test_the_drawn_entropy_cases_come_from_numpy_s_generator_as_documented(seed):
    import numpy as np

    bits = _entropy_cases("bits", seed)
    assert bits[6:] == drawn_counts(np.random.default_rng(seed), 4, low=1)
    rng = np.random.default_rng(seed)  # the weights first, then five vectors with zeros
    weights = [round(float(w), 2) for w in rng.uniform(0.05, 3, size=3)]
    counts = drawn_counts(rng, 5, low=0)
    assert _entropy_cases("hidden", seed) == counts + [weights, [0, 0, 3], [2] * 6]
