"""The criteria's fast kernels give the plain numpy formulas' floats, to the bit.

The scans add a few classes one at a time instead of reducing over a short axis, take a
split's info from its two side sizes without stacking them, score misclassification with
one division a side, and take a median from one sort. Each is checked here against the
textbook numpy form it replaced (the trees and steps the tests compare depend on it).
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dtlearn import criteria
from dtlearn.grow import GrowthConfig

VALUES = [0.0, 1.0, 2.0, 3.0, 0.5, 3.7, 1e-9, 1e8, 12.25]


def plain_proportions(counts):
    totals = counts.sum(axis=-1, keepdims=True)
    p = np.where(totals > 0, counts / np.where(totals > 0, totals, 1.0), 0.0)
    return p, totals[..., 0]


def plain_entropy(counts, base):
    p, _ = plain_proportions(counts)
    with np.errstate(divide="ignore", invalid="ignore"):
        logs = np.where(p > 0, np.log(np.where(p > 0, p, 1.0)), 0.0)
    return np.maximum(-(p * logs).sum(axis=-1) / np.log(base), 0.0)


def plain_gini(counts):
    p, _ = plain_proportions(counts)
    return np.maximum(1.0 - (p * p).sum(axis=-1), 0.0)


def plain_misclassification(counts):
    p, totals = plain_proportions(counts)
    return np.where(totals > 0, 1.0 - p.max(axis=-1), 0.0)


@st.composite
def sides(draw):
    """Left and right class counts of cuts, ``(m, L, f, k)``, in either memory layout."""
    k = draw(st.integers(1, 9))
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=3, max_size=3)))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    left = rng.choice(VALUES, size=(k,) + shape)
    right = rng.choice(VALUES, size=(k,) + shape)
    if draw(st.booleans()):  # class-major, as the level scan hands them over
        return np.moveaxis(left, 0, -1), np.moveaxis(right, 0, -1)
    return (
        np.ascontiguousarray(np.moveaxis(left, 0, -1)),
        np.ascontiguousarray(np.moveaxis(right, 0, -1)),
    )


def same_bits(a, b) -> bool:
    return (
        np.asarray(a).dtype == np.asarray(b).dtype
        and np.asarray(a).tobytes() == np.asarray(b).tobytes()
    )


@settings(max_examples=200, deadline=None)
@given(cuts=sides(), base=st.sampled_from([2.0, np.e, 10.0]))
def test_node_kernels_and_side_weights_give_the_plain_formulas_bits(cuts, base):
    left, _ = cuts
    assert same_bits(criteria.entropy_of_counts(left, base), plain_entropy(left, base))
    assert same_bits(criteria.gini_of_counts(left), plain_gini(left))
    assert same_bits(criteria.misclassification_of_counts(left), plain_misclassification(left))
    assert same_bits(criteria.get("gini").side_weight(left), left.sum(axis=-1))


@settings(max_examples=200, deadline=None)
@given(cuts=sides())
def test_gain_ratio_scores_are_gain_over_the_stacked_split_info(cuts):
    left, right = cuts
    config = GrowthConfig(criterion="gain_ratio")
    rule = criteria.get("gain_ratio")
    parent = np.linspace(0.1, 1.0, left.shape[0])[:, None, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        gain = parent - rule.children_impurity(left, right, config)
        info = plain_entropy(
            np.stack([left.sum(axis=-1), right.sum(axis=-1)], axis=-1), config.base
        )
        expected = np.where(info > 0, gain / info, 0.0)
        assert same_bits(rule.cut_scores(left, right, config, parent), expected)


@settings(max_examples=200, deadline=None)
@given(cuts=sides())
def test_gini_children_are_n_less_the_sum_of_squares_over_n_a_side(cuts):
    # the in-place kernel, a class at a time, against the plain formula (whole-axis sums)
    left, right = cuts
    nl, nr = left.sum(axis=-1), right.sum(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        total = (nl - (left * left).sum(axis=-1) / nl) + (nr - (right * right).sum(axis=-1) / nr)
        expected = np.maximum(total, 0.0) / (nl + nr)
        got = criteria.get("gini").children_impurity(left, right, None)
    assert same_bits(got, expected)


@settings(max_examples=200, deadline=None)
@given(cuts=sides())
def test_misclassification_children_are_the_size_weighted_node_errors(cuts):
    left, right = cuts
    nl, nr = left.sum(axis=-1), right.sum(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        expected = (nl * plain_misclassification(left) + nr * plain_misclassification(right)) / (
            nl + nr
        )
        got = criteria.get("misclassification").children_impurity(left, right, None)
    assert same_bits(got, expected)


@settings(max_examples=300, deadline=None)
@given(
    values=st.lists(
        st.sampled_from([-0.0, 0.0, 1.0, -1.0, 2.5, 1e300, -3.25, 7.0]), min_size=1, max_size=20
    ),
    weight=st.sampled_from([1.0, 0.3, 4.0]),
)
def test_weighted_median_of_equal_weights_is_numpys_median(values, weight):
    values = np.array(values)
    weights = np.full(len(values), weight)
    median = criteria.weighted_median(values, weights)
    assert type(median) is float and same_bits(median, float(np.median(values)))
    centre, error = criteria.get("mae").centre_and_impurity(values, weights)
    assert same_bits(centre, median)
    assert same_bits(error, criteria.absolute_error_of(values, weights))
    assert same_bits(
        error, float((weights * np.abs(values - np.median(values))).sum() / weights.sum())
    )


def plain_weighted_median(values, weights):
    positive = weights > 0
    values, weights = values[positive], weights[positive]
    if np.all(weights == weights[0]):
        return float(np.median(values))
    order = np.argsort(values, kind="stable")
    ordered, cw = values[order], np.cumsum(weights[order])
    i = int(np.searchsorted(cw, cw[-1] / 2.0))
    if cw[i] == cw[-1] / 2.0 and i + 1 < len(ordered):
        return float((ordered[i] + ordered[i + 1]) / 2.0)
    return float(ordered[i])


@settings(max_examples=300, deadline=None)
@given(
    pairs=st.lists(
        st.tuples(
            st.sampled_from([-0.0, 0.0, 1.0, -1.0, 2.5, 1e300, -3.25, 0.1]),
            st.sampled_from([0.0, 0.5, 1.0, 2.0, 0.3]),
        ),
        min_size=1,
        max_size=15,
    )
)
def test_weighted_median_and_error_are_the_plain_formulas_short_or_long(pairs):
    values = np.array([v for v, _ in pairs])
    weights = np.array([w for _, w in pairs])
    if not (weights > 0).any():
        weights[0] = 1.0
    median = plain_weighted_median(values, weights)
    assert same_bits(criteria.weighted_median(values, weights), median)
    error = float((weights * np.abs(values - median)).sum() / weights.sum())
    assert same_bits(criteria.absolute_error_of(values, weights), error)


def plain_hellinger(branch_counts):
    counts = np.maximum(branch_counts, 0.0)
    per_class = counts.sum(axis=-2, keepdims=True)
    rest_counts = counts.sum(axis=-1, keepdims=True) - counts
    rest_totals = rest_counts.sum(axis=-2, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        p_in = np.where(per_class > 0, counts / np.where(per_class > 0, per_class, 1), 0.0)
        p_out = np.where(
            rest_totals > 0, rest_counts / np.where(rest_totals > 0, rest_totals, 1), 0.0
        )
    usable = (per_class > 0) & (rest_totals > 0)
    squares = np.where(usable, (np.sqrt(p_in) - np.sqrt(p_out)) ** 2, 0.0).sum(axis=-2)
    return np.sqrt(squares.max(axis=-1))


@settings(max_examples=200, deadline=None)
@given(cuts=sides(), branches=st.integers(2, 9))
def test_hellinger_distances_are_the_plain_formulas(cuts, branches):
    left, right = cuts
    assert same_bits(
        criteria.get("hellinger").cut_scores(left, right, None),
        plain_hellinger(np.stack([left, right], axis=-2)),
    )
    many = np.stack([left] * (branches - 1) + [right], axis=-2)  # a multiway split
    assert same_bits(criteria.hellinger_of_counts(many), plain_hellinger(many))


@settings(max_examples=200, deadline=None)
@given(
    k=st.integers(1, 9),
    shape=st.lists(st.integers(1, 5), min_size=1, max_size=3),
    counts=st.sampled_from([[0, 1, 2, 3, 7, 40], [0, 1, 5, 70_000], [1, 2**40]]),
    seed=st.integers(0, 2**32 - 1),
    base=st.sampled_from([2.0, np.e]),
)
def test_entropy_children_of_whole_counts_are_the_float_kernels_bits(k, shape, counts, seed, base):
    # integers, class-major, as the flat scan holds them, with each cut's node counts (the
    # right side is their difference); a table of c log c below 2**16 counts (or the cuts'
    # number), the float kernel past it or from 8 classes on
    rng = np.random.default_rng(seed)
    left = rng.choice(counts, size=(k, *shape)).astype(np.int64)
    right = rng.choice(counts, size=(k, *shape)).astype(np.int64)
    config = GrowthConfig(criterion="entropy", base=base)
    rule = criteria.get("entropy")
    assert criteria.get("gain_ratio").whole_children is rule.whole_children
    with np.errstate(divide="ignore", invalid="ignore"):
        expected = rule.children_impurity(
            np.moveaxis(left, 0, -1).astype(float), np.moveaxis(right, 0, -1).astype(float), config
        )
        got = rule.whole_children(left, left + right, config)
    assert same_bits(got, expected)
