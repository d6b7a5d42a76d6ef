"""Homework 1's hints for a wrong entropy or information gain, each mistake computed by
hand here (nats, log base 10, the sign, Gini, raw counts, normalised entropy, two classes
only, the mean information, unweighted children, the gain ratio, the split info)."""

import math

import numpy as np
import pytest

from dtlearn.exercises.homework.hw1_measures import _entropy_hint, _gain_hint


def H(counts):
    total = sum(counts)
    return -sum(c / total * math.log2(c / total) for c in counts if c > 0)


def G(counts):
    total = sum(counts)
    return 1 - sum((c / total) ** 2 for c in counts)


COUNTS = [9, 5, 4]  # three classes: every hint can be told apart


@pytest.mark.parametrize(
    "got, text",
    [
        (-H(COUNTS), "wrong sign: entropy is -Σ p·log2 p, which is never negative"),
        (
            H(COUNTS) * math.log(2),
            "that is the entropy in nats: use log base 2 (math.log2) for bits",
        ),
        (H(COUNTS) * math.log10(2), "that is log base 10: use log base 2 (math.log2) for bits"),
        (
            H(COUNTS) / math.log2(3),
            "that is divided by log2(3) (normalised entropy): return the entropy itself, in bits",
        ),
        (G(COUNTS), "that is the Gini index 1 - Σ p², not the entropy -Σ p·log2 p"),
        (
            -sum(c * math.log2(c) for c in COUNTS),
            "use proportions p_k = count_k / total, not the raw counts",
        ),
        (H(COUNTS[:2]), "only the first two classes were used: sum over every class"),
        (
            round(H(COUNTS), 1),  # 1.4955 -> 1.5
            "looks rounded to 1 decimal: do not round inside the function (round only when "
            "you print)",
        ),
        (
            H(COUNTS) + 1e-4,
            "close, but not exact: compute it exactly — no small constant added to avoid "
            "log(0), no approximation",
        ),
        (float("inf"), "an infinite value comes from log(0): skip classes with count 0"),
        (2.0, "with 3 classes entropy is at most log2(3) = 1.585"),
        (
            0.2,
            "not the entropy of these counts in bits: -Σ p_k·log2 p_k with p_k = count_k / total",
        ),
    ],
)
def test_entropy_hints(got, text):
    assert _entropy_hint(COUNTS, got, H(COUNTS)) == text


def test_entropy_nan_and_negative_hints():
    assert _entropy_hint([4, 0, 2], float("nan"), H([4, 2])) == (
        "remember 0·log 0 = 0: skip classes with count 0"
    )
    assert _entropy_hint([4, 2], float("nan"), H([4, 2])) == (
        "nan appears when you take log(0) or divide 0 by 0"
    )
    assert _entropy_hint([4, 2], -0.3, H([4, 2])) == "entropy is never negative"
    # with a zero count the classes that occur decide the normalisation too
    counts = [4, 0, 2, 3]
    assert _entropy_hint(counts, H(counts) / math.log2(4), H(counts)) == (
        "that is divided by log2(4) (normalised entropy): return the entropy itself, in bits"
    )
    assert _entropy_hint(counts, H(counts) / math.log2(3), H(counts)) == (
        "that is divided by log2(3) (normalised entropy): return the entropy itself, in bits"
    )
    # two classes: normalising by log2(2) changes nothing, Gini of a pure node is its entropy
    assert (
        _entropy_hint([5, 0], 0.0, 0.0)
        != "that is the Gini index 1 - Σ p², not the entropy -Σ p·log2 p"
    )


TABLE = np.array([[2, 3], [4, 0], [3, 2]], dtype=float)  # outlook x play, Quinlan's 14 days


def parts():
    parent = H(TABLE.sum(axis=0))
    sizes = TABLE.sum(axis=1)
    children = [H(r) for r in TABLE]
    mean = sum(s / sizes.sum() * h for s, h in zip(sizes, children))
    split = H(sizes)
    gini = G(TABLE.sum(axis=0)) - sum(s / sizes.sum() * G(r) for s, r in zip(sizes, TABLE))
    return parent, mean, parent - mean, split, gini, parent - sum(children) / 3


@pytest.mark.parametrize(
    "index, text",
    [
        (1, "that is the mean information (the weighted entropy of the children); "
            "gain = H(parent) - mean info"),
        (0, "that is H(parent) alone: subtract the weighted entropy of the children"),
        (5, "weight each child's entropy by |S_v| / |S| (its share of the rows)"),
        (4, "that is the Gini gain: the information gain uses the entropy -Σ p·log2 p, "
            "not the Gini index"),
        (3, "that is the split information (the entropy of the attribute's values), not the gain"),
    ],
)  # fmt: skip
def test_gain_hints_for_the_parts_of_the_formula(index, text):
    assert _gain_hint(TABLE, parts()[index]) == text


def test_gain_hints_for_slips():
    gain, split = parts()[2], parts()[3]
    assert gain == pytest.approx(0.2467, abs=1e-4)  # Quinlan's outlook
    assert _gain_hint(TABLE, gain / split) == (
        "that is the gain ratio (gain / split info, C4.5's criterion): return the information "
        "gain itself"
    )
    assert _gain_hint(TABLE, -gain) == "wrong sign: gain = H(parent) - mean info"
    assert _gain_hint(TABLE, gain * math.log(2)) == "that is in nats: use log base 2"
    assert _gain_hint(TABLE, gain * math.log10(2)) == "that is log base 10: use log base 2"
    assert _gain_hint(TABLE, float("nan")) == (
        "nan: is there a log(0) somewhere? remember 0·log 0 = 0"
    )
    assert _gain_hint(TABLE, -0.7) == "information gain is never negative"
    assert _gain_hint(TABLE, 0.9) == "not H(labels) - Σ |S_v|/|S|·H(S_v) in bits"
    assert _gain_hint(TABLE, round(gain, 3)).startswith("looks rounded to 3 decimals")


def test_the_students_entropy_table_keeps_only_finite_numbers():
    from dtlearn.exercises.homework.forbidden_calls import ENTROPY_RULE
    from dtlearn.exercises.homework.hw1_measures import _entropy_table
    from dtlearn.exercises.library_guard import LibraryGuard

    seen = []

    def entropy(counts):
        seen.append(list(counts))
        if 0 in counts:
            raise ValueError("log of 0")
        if counts == [2, 2]:
            return float("nan")
        if counts == [3, 1]:
            return float("inf")
        if counts == [2.5, 1.5]:
            return "text"
        return H(counts)

    vectors = [[9, 5], [4, 0, 2], [2, 2], [3, 1], [9, 5], [2.5, 1.5]]
    table = _entropy_table(entropy, vectors, LibraryGuard(ENTROPY_RULE), seed=0)
    assert table == {
        (9.0, 5.0): pytest.approx(H([9, 5])),
        (4.0, 0.0, 2.0): None,
        (2.0, 2.0): None,
        (3.0, 1.0): None,
        (2.5, 1.5): None,
    }
    # each vector asked once, whole counts as ints
    assert sorted(map(tuple, seen)) == [(2, 2), (2.5, 1.5), (3, 1), (4, 0, 2), (9, 5)]
    assert all(type(c) is int for v in seen if v != [2.5, 1.5] for c in v)
