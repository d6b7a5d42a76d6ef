"""Reference numbers from the course texts, invariants, bad input and explanations."""

import math
import pickle

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dtlearn.explain import Derivation, Measure
from dtlearn.measures import (
    cost_gini,
    cost_gini_gain,
    entropy,
    gain_ratio,
    gini,
    gini_gain,
    information_gain,
    kl_divergence,
    kl_to_uniform,
    mae,
    mean_info,
    misclassification,
    misclassification_gain,
    mse,
    split_info,
)

# weather.nominal (Witten & Frank), typed in independently of the shipped ARFF file
WEATHER_ROWS = """\
sunny,hot,high,FALSE,no
sunny,hot,high,TRUE,no
overcast,hot,high,FALSE,yes
rainy,mild,high,FALSE,yes
rainy,cool,normal,FALSE,yes
rainy,cool,normal,TRUE,no
overcast,cool,normal,TRUE,yes
sunny,mild,high,FALSE,no
sunny,cool,normal,FALSE,yes
rainy,mild,normal,FALSE,yes
sunny,mild,normal,TRUE,yes
overcast,mild,high,TRUE,yes
overcast,hot,normal,FALSE,yes
rainy,mild,high,TRUE,no"""

# AIMA restaurant examples x1..x12 (only the attributes used here)
RESTAURANT = {
    "Alternate": "Yes Yes No Yes Yes No No No No Yes No Yes".split(),
    "Patrons": "Some Full Some Full Full Some None Some Full Full None Full".split(),
    "Type": "French Thai Burger Thai French Italian Burger Thai Burger Italian Thai Burger".split(),
    "Wait": "Yes No Yes Yes No Yes No Yes No No No Yes".split(),
}


@pytest.fixture
def weather():
    rows = [line.split(",") for line in WEATHER_ROWS.splitlines()]
    return pd.DataFrame(rows, columns=["outlook", "temperature", "humidity", "windy", "play"])


@pytest.fixture
def restaurant():
    return pd.DataFrame(RESTAURANT)


# ---------------------------------------------------------------------------- reference numbers
def test_play_tennis_entropy(weather):
    h = entropy(weather["play"])
    assert round(h, 3) == 0.940
    assert h.symbol == "H(play)"
    assert h.unit == "bits"


# attribute: mean info, info gain, split info, gain ratio (docs/DESIGN.md, from the texts; the
# texts round intermediates, so compare to within 0.001)
REFERENCE = {
    "outlook": (0.693, 0.247, 1.577, 0.156),
    "temperature": (0.911, 0.029, 1.557, 0.019),
    "humidity": (0.788, 0.152, 1.000, 0.152),
    "windy": (0.892, 0.048, 0.985, 0.049),
}


@pytest.mark.parametrize("attribute", sorted(REFERENCE))
def test_play_tennis_split_measures(weather, attribute):
    mi, ig, si, gr = REFERENCE[attribute]
    x, y = weather[attribute], weather["play"]
    assert mean_info(x, y) == pytest.approx(mi, abs=1e-3)
    assert information_gain(x, y) == pytest.approx(ig, abs=1e-3)
    assert split_info(x) == pytest.approx(si, abs=1e-3)
    assert gain_ratio(x, y) == pytest.approx(gr, abs=1e-3)
    assert information_gain(x, y) == pytest.approx(entropy(y) - mean_info(x, y))


def test_outlook_exact_rounding(weather):
    # unrounded values: the texts' 0.693 / 0.246 come from rounding intermediates
    assert round(mean_info(weather["outlook"], weather["play"]), 3) == 0.694
    assert round(information_gain(weather["outlook"], weather["play"]), 3) == 0.247


def test_contingency_counts_match_labels(weather):
    by_labels = information_gain(weather["outlook"], weather["play"])
    by_counts = information_gain(counts=[[2, 3], [4, 0], [3, 2]])
    assert float(by_labels) == pytest.approx(float(by_counts))
    assert gain_ratio(counts=[[2, 3], [4, 0], [3, 2]]) == pytest.approx(0.156, abs=1e-3)
    assert split_info(counts=[5, 4, 5]) == pytest.approx(1.577, abs=1e-3)
    assert split_info(counts=[[2, 3], [4, 0], [3, 2]]) == pytest.approx(1.577, abs=1e-3)


def test_coins():
    assert round(entropy(counts=[50, 5]), 2) == 0.44
    assert round(entropy(counts=[30, 25]), 2) == 0.99
    assert round(entropy(["h"] * 50 + ["t"] * 5), 2) == 0.44


def test_restaurant(restaurant):
    y = restaurant["Wait"]
    assert entropy(y) == pytest.approx(1.0)
    alt = information_gain(restaurant["Alternate"], y)
    assert alt == pytest.approx(0.0, abs=1e-12)
    for value in ("Yes", "No"):
        child = y[restaurant["Alternate"] == value]
        assert entropy(child) == pytest.approx(1.0)  # both children 50/50
    assert round(information_gain(restaurant["Patrons"], y), 3) == 0.541
    assert information_gain(restaurant["Type"], y) == pytest.approx(0.0, abs=1e-12)


def test_misclassification_ties_but_gini_and_entropy_prefer_pure_child():
    a = [[10, 40], [40, 10]]
    b = [[50, 20], [0, 30]]
    parent = [50, 50]
    err_a = sum(sum(r) / 100 * misclassification(counts=r) for r in a)
    err_b = sum(sum(r) / 100 * misclassification(counts=r) for r in b)
    assert err_a == pytest.approx(0.2)
    assert err_b == pytest.approx(0.2)
    assert misclassification(counts=parent) - err_a == pytest.approx(
        misclassification(counts=parent) - err_b
    )
    assert gini_gain(counts=b) > gini_gain(counts=a)
    assert information_gain(counts=b) > information_gain(counts=a)


def test_kl_to_uniform_identity():
    counts = [9, 5]
    assert kl_to_uniform(counts=counts) == pytest.approx(1.0 - entropy(counts=counts))
    assert kl_to_uniform(counts=counts) == pytest.approx(kl_divergence(counts, [1, 1]))
    assert kl_to_uniform(counts=[3, 3, 3], base=math.e) == pytest.approx(0.0, abs=1e-12)
    assert kl_to_uniform(counts=[5, 0, 0]) == pytest.approx(math.log2(3))


def test_gini_misclassification_values():
    assert gini(counts=[9, 5]) == pytest.approx(1 - (9 / 14) ** 2 - (5 / 14) ** 2)
    assert misclassification(counts=[9, 5]) == pytest.approx(5 / 14)
    assert gini(counts=[7]) == 0.0


def test_cost_gini():
    assert cost_gini(counts=[9, 5], cost_matrix=[[0, 1], [1, 0]]) == pytest.approx(
        gini(counts=[9, 5])
    )
    assert cost_gini(counts=[5, 5], cost_matrix=[[0, 2], [1, 0]]) == pytest.approx(0.75)
    y = ["a", "b", "b", "c"]
    L = np.ones((3, 3)) - np.eye(3)
    assert cost_gini(y, L) == pytest.approx(gini(y))


def test_kl_divergence():
    assert kl_divergence([0.5, 0.5], [0.25, 0.75]) == pytest.approx(
        0.5 * math.log2(2) + 0.5 * math.log2(0.5 / 0.75)
    )
    assert kl_divergence([1, 0], [1, 1]) == pytest.approx(1.0)  # p_k = 0 terms vanish
    assert kl_divergence([2, 2], [1, 1]) == 0.0


def test_regression_measures():
    values = [1, 2, 6]
    assert mse(values) == pytest.approx(np.var(values))
    assert mae(values) == pytest.approx(np.mean(np.abs(np.array(values) - np.median(values))))
    assert mae([1, 2, 3, 10]) == pytest.approx((1.5 + 0.5 + 0.5 + 7.5) / 4)  # median 2.5
    assert mse(pd.Series([3.0, 3.0], name="price")).symbol == "MSE(price)"


def test_fractional_counts():
    h = entropy(counts=[2.5, 1.5])
    assert h == pytest.approx(entropy(counts=[5, 3]))
    assert "2.50/4" in str(h.explain())
    assert information_gain(counts=[[1.5, 0.5], [0.25, 2.0]]) >= 0


def test_base_and_units():
    assert entropy(counts=[1, 1]) == pytest.approx(1.0)
    nats = entropy(counts=[1, 1], base=math.e)
    assert nats == pytest.approx(math.log(2))
    assert nats.unit == "nats"
    assert "ln" in str(nats.explain())
    assert entropy(counts=[1, 1], base=4) == pytest.approx(0.5)


def test_input_kinds_agree(weather):
    y = weather["play"]
    values = [
        entropy(y),
        entropy(list(y)),
        entropy(np.array(y)),
        entropy(tuple(y)),
        entropy(counts=[9, 5]),
        entropy(counts=np.array([5, 9])),
    ]
    assert all(v == pytest.approx(float(values[0])) for v in values)


def test_class_order_and_names(weather):
    h = entropy(weather["play"].astype(pd.CategoricalDtype(["yes", "no"])))
    assert "yes 9, no 5" in str(h.explain())
    assert "no 5, yes 9" in str(entropy(weather["play"]).explain())  # sorted classes
    assert "c1 9, c2 5" in str(entropy(counts=[9, 5]).explain())
    assert "yes 9, no 5" in str(entropy(counts=[9, 5], classes=["yes", "no"]).explain())


def test_constant_attribute():
    r = gain_ratio(["a", "a", "a"], ["x", "y", "x"])
    assert float(r) == 0.0
    assert split_info(["a", "a", "a"]) == 0.0
    text = str(r.explain())
    assert "single value" in text and "split info is 0" in text
    assert "single value" in str(split_info(["a", "a"]).explain())


def test_measure_is_a_float(weather):
    h = entropy(weather["play"])
    assert isinstance(h, float) and isinstance(h, Measure)
    assert type(h + 1) is float and type(h * 2) is float and type(-h) is float
    assert repr(h) == "H(play) = 0.940 bits"
    assert str(h) == repr(float(h))
    assert f"{h:.2f}" == "0.94"
    assert np.isclose(np.float64(h), 0.9402859586706311)
    assert np.array([h, h]).dtype == np.float64
    assert h < 1 and h == float(h)
    clone = pickle.loads(pickle.dumps(h))
    assert float(clone) == float(h) and clone.symbol == "H(play)"
    assert str(clone.explain()) == str(h.explain())


# ---------------------------------------------------------------------------- explanations
def test_entropy_explanation_text():
    text = str(entropy(counts=[9, 5], classes=["yes", "no"]).explain())
    lines = text.splitlines()
    assert lines[0].startswith("H(S) = -sum_k p_k log2 p_k")
    assert "with 14 instances: yes 9, no 5" in lines[0]
    assert "9/14" in text and "5/14" in text
    assert "= -(0.643 · -0.637 + 0.357 · -1.485)" in text
    assert "= -(-0.410 - 0.531)" in text
    assert text.endswith("0.940 bits")
    # the relation signs line up
    assert len({line.index("=") for line in lines}) == 1


def test_entropy_explanation_renders():
    d = entropy(counts=[9, 5], classes=["yes", "no"]).explain()
    assert isinstance(d, Derivation)
    md = d._repr_markdown_()
    assert r"\begin{aligned}" in md and r"\tfrac{9}{14}" in md and "#E69F00" in md
    assert "<details>" in d._repr_html_()
    assert d.to_dict()["text"] == str(d)


def test_information_gain_explanation(weather):
    d = information_gain(weather["outlook"], weather["play"]).explain()
    text = str(d)
    for value in ("sunny", "overcast", "rainy"):
        assert value in text
    assert "H(play) = 0.940 bits" in text
    assert "mean info = 5/14·0.971 + 4/14·0.000 + 5/14·0.971 = 0.694" in text
    assert "0.247" in text
    assert "0.24675" in text  # the unrounded remark
    table = d.table
    assert table is not None
    assert table.columns == ("outlook", "n", "no", "yes", "weight", "H(child)")
    assert table.rows[0][:4] == ("sunny", 5, 3, 2)
    assert table.to_frame().shape == (3, 6)


@pytest.mark.parametrize(
    "make, expected",
    [
        (lambda: gini(counts=[9, 5]), "0.459"),
        (lambda: misclassification(counts=[9, 5]), "9/14"),
        (lambda: split_info(counts=[5, 4, 5]), "1.577 bits"),
        (lambda: gain_ratio(counts=[[2, 3], [4, 0], [3, 2]]), "0.247 / 1.577 = 0.156"),
        (lambda: gini_gain(counts=[[10, 40], [40, 10]]), "Gini gain = 0.500 - 0.320 = 0.180"),
        (lambda: mean_info(counts=[[2, 3], [4, 0], [3, 2]]), "0.694 bits"),
        (lambda: kl_divergence([0.5, 0.5], [0.25, 0.75]), "0.208 bits"),
        (lambda: kl_to_uniform(counts=[9, 5]), "1.000 - 0.940"),
        (lambda: cost_gini(counts=[5, 5], cost_matrix=[[0, 2], [1, 0]]), "0.500 + 0.250"),
        (lambda: mse([1, 2, 6]), "1/3 · 14.000"),
        (lambda: mae([1, 2, 6]), "|6 - 2|"),
    ],
)
def test_every_measure_explains_itself(make, expected):
    m = make()
    d = m.explain()
    assert isinstance(m, Measure) and isinstance(d, Derivation)
    assert expected in str(d)
    assert d._repr_markdown_() and d._repr_html_() and d.to_dict()
    assert m.to_dict()["value"] == float(m)


# ---------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda: entropy(counts=[-1, 2]), ValueError, "counts must not be negative"),
        (lambda: entropy(counts=[np.nan, 2]), ValueError, "counts contains NaN"),
        (lambda: entropy(counts=[0, 0]), ValueError, "counts are all zero"),
        (lambda: entropy(counts=[]), ValueError, "counts"),
        (lambda: entropy(counts=[[1, 2]]), ValueError, "counts must be a 1-D"),
        (lambda: entropy(counts=["a", "b"]), TypeError, "counts must be numbers"),
        (lambda: entropy(counts=[1, 2], base=1), ValueError, "base"),
        (lambda: entropy(counts=[1, 2], base=0), ValueError, "base"),
        (lambda: entropy(counts=[1, 2], base=-2), ValueError, "base"),
        (lambda: entropy(counts=[1, 2], base="2"), TypeError, "base"),
        (lambda: entropy([]), ValueError, "labels"),
        (lambda: entropy([["a", "b"], ["c", "d"]]), ValueError, "labels must be 1-D"),
        (lambda: entropy(["a", None]), ValueError, "labels"),
        (lambda: entropy(), TypeError, "labels"),
        (lambda: entropy(["a"], counts=[1]), TypeError, "not both"),
        (lambda: entropy(counts=[1, 2], classes=["a"]), ValueError, "classes"),
        (lambda: information_gain(["a", "b"], ["x"]), ValueError, "feature and labels differ"),
        (lambda: information_gain(["a", None], ["x", "y"]), ValueError, "feature has missing"),
        (lambda: information_gain([["a"], ["b"]], ["x", "y"]), ValueError, "feature must be 1-D"),
        (lambda: information_gain(counts=[1, 2]), ValueError, "counts must be a 2-D"),
        (lambda: information_gain(counts=[[1, -2]]), ValueError, "counts must not be negative"),
        (lambda: information_gain(["a"]), TypeError, "labels"),
        (lambda: mean_info(counts=[[0, 0], [0, 0]]), ValueError, "all zero"),
        (lambda: gain_ratio(counts=[[1, 2]], base=1), ValueError, "base"),
        (lambda: split_info([]), ValueError, "feature is empty"),
        (lambda: split_info(counts=[-1, 3]), ValueError, "counts must not be negative"),
        (lambda: kl_divergence([0.5, 0.5], [1, 0]), ValueError, "infinite"),
        (lambda: kl_divergence([0.5, 0.5], [0.2, 0.3, 0.5]), ValueError, "same length"),
        (lambda: kl_divergence([0.5, 0.5], [-0.5, 1.5]), ValueError, "q must not be negative"),
        (lambda: kl_divergence([0, 0], [1, 1]), ValueError, "p are all zero"),
        (lambda: kl_divergence([1, 1], [np.nan, 1]), ValueError, "q contains NaN"),
        (lambda: kl_to_uniform(counts=[1, 1], base=1), ValueError, "base"),
        (
            lambda: cost_gini(counts=[1, 1], cost_matrix=[[0, 1, 1], [1, 0, 1]]),
            ValueError,
            "cost_matrix must be square",
        ),
        (
            lambda: cost_gini(counts=[1, 1], cost_matrix=[[0, -1], [1, 0]]),
            ValueError,
            "cost_matrix must not contain negative",
        ),
        (
            lambda: cost_gini(counts=[1, 1, 1], cost_matrix=[[0, 1], [1, 0]]),
            ValueError,
            "cost_matrix is 2 x 2 but there are 3 classes",
        ),
        (lambda: cost_gini(counts=[1, 1]), TypeError, "cost_matrix is required"),
        (lambda: mse([]), ValueError, "values is empty"),
        (lambda: mse([1.0, np.nan]), ValueError, "values contains NaN"),
        (lambda: mae([[1, 2], [3, 4]]), ValueError, "values must be 1-D"),
        (lambda: mae(["a", "b"]), TypeError, "values must be numbers"),
    ],
)
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()


# ---------------------------------------------------------------------------- invariants
counts_st = st.lists(st.integers(0, 50), min_size=1, max_size=6).filter(lambda c: sum(c) > 0)
positive_counts_st = st.lists(st.integers(1, 50), min_size=1, max_size=6)
tables_st = (
    st.integers(1, 4)
    .flatmap(
        lambda k: st.lists(
            st.lists(st.integers(0, 20), min_size=k, max_size=k), min_size=1, max_size=5
        )
    )
    .filter(lambda t: sum(map(sum, t)) > 0)
)


@settings(deadline=None)
@given(counts_st)
def test_entropy_bounds(counts):
    h = entropy(counts=counts)
    c = len(counts)
    assert -1e-12 <= h <= math.log2(c) + 1e-9
    assert h <= entropy(counts=[1] * c) + 1e-9  # max at uniform
    assert gini(counts=counts) <= 1 - 1 / c + 1e-9
    assert 0 <= misclassification(counts=counts) <= 1 - 1 / c + 1e-9
    assert kl_to_uniform(counts=counts) == pytest.approx(math.log2(c) - h, abs=1e-9)
    assert kl_to_uniform(counts=counts) == pytest.approx(kl_divergence(counts, [1] * c), abs=1e-9)


@settings(deadline=None)
@given(
    counts_st,
    st.randoms(use_true_random=False),
    st.floats(0.01, 1000, allow_nan=False, allow_infinity=False),
)
def test_relabelling_and_scaling_invariance(counts, rnd, factor):
    permuted = list(counts)
    rnd.shuffle(permuted)
    scaled = [c * factor for c in counts]
    for f in (entropy, gini, misclassification, kl_to_uniform):
        v = f(counts=counts)
        assert f(counts=permuted) == pytest.approx(float(v), abs=1e-9)
        assert f(counts=scaled) == pytest.approx(float(v), abs=1e-9)


@settings(deadline=None)
@given(tables_st)
def test_information_gain_bounds(table):
    parent = entropy(counts=np.sum(table, axis=0))
    ig = information_gain(counts=table)
    assert 0 <= ig <= parent + 1e-9
    gr = gain_ratio(counts=table)
    assert math.isfinite(gr) and gr >= 0
    assert gini_gain(counts=table) >= 0
    assert mean_info(counts=table) == pytest.approx(parent - ig, abs=1e-9)
    scaled = np.asarray(table, dtype=float) * 2.5
    assert information_gain(counts=scaled) == pytest.approx(float(ig), abs=1e-9)
    assert gain_ratio(counts=scaled) == pytest.approx(float(gr), abs=1e-9)


@settings(deadline=None)
@given(tables_st)
def test_labels_and_counts_agree(table):
    feature, labels = [], []
    for i, row in enumerate(table):
        for k, n in enumerate(row):
            feature += [f"v{i}"] * n
            labels += [f"c{k}"] * n
    ct = [r for r in table if sum(r) > 0]
    cols = [k for k in range(len(table[0])) if any(r[k] for r in table)]
    ct = [[r[k] for k in cols] for r in ct]
    assert information_gain(feature, labels) == pytest.approx(
        float(information_gain(counts=ct)), abs=1e-9
    )
    assert split_info(feature) == pytest.approx(float(split_info(counts=ct)), abs=1e-9)


@settings(deadline=None)
@given(st.lists(st.floats(-1e3, 1e3, allow_nan=False), min_size=1, max_size=30))
def test_regression_measures_nonnegative(values):
    assert mse(values) >= 0
    assert mae(values) >= 0
    assert mae(values) <= np.mean(np.abs(np.array(values) - np.mean(values))) + 1e-6


# ---------------------------------------------------------------- the decreases criteria rank by
def test_misclassification_gain_by_hand():
    # parent [40, 40]: error 1/2; branches [30, 10] and [10, 30]: errors 1/4 each
    g = misclassification_gain(counts=[[30, 10], [10, 30]], classes=["a", "b"])
    assert float(g) == pytest.approx(0.25)
    text = str(g.explain())
    assert "Err(S) = 0.500" in text and "error decrease = 0.500 - 0.250 = 0.250" in text
    # both branches keep the parent's majority: no decrease, though Gini drops
    assert float(misclassification_gain(counts=[[6, 2], [3, 3]])) == 0.0
    assert float(gini_gain(counts=[[6, 2], [3, 3]])) > 0


def test_cost_gini_gain_by_hand_and_its_checks():
    # L = [[0, 2], [2, 0]]: Gini_L = 2·2·p·(1-p) = 2·Gini
    g = cost_gini_gain(counts=[[10, 40], [40, 10]], cost_matrix=[[0, 2], [2, 0]])
    assert float(g) == pytest.approx(2 * float(gini_gain(counts=[[10, 40], [40, 10]])))
    with pytest.raises(TypeError, match="cost_matrix is required"):
        cost_gini_gain(counts=[[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="cost_matrix"):
        cost_gini_gain(counts=[[1, 2], [3, 4]], cost_matrix=[[0, 1, 1], [1, 0, 1], [1, 1, 0]])
    with pytest.raises(ValueError, match="negative"):
        cost_gini_gain(counts=[[1, 2], [3, 4]], cost_matrix=[[0, -1], [1, 0]])
    with pytest.raises(ValueError):
        misclassification_gain(counts=[[1, -2], [3, 4]])
