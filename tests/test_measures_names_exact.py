"""Every measure's name, symbol and unit, kept through ``to_dict``, pickle and copy.

A measure is a float that knows what it is: ``name`` (in words), ``symbol`` (its label,
``H(S)``), ``unit`` (``bits`` for logarithms to base 2, else none). These are what a
notebook shows and what JSON keeps; a copy must keep all three and the derivation.
"""

import copy
import math
import pickle

import pytest

import dtlearn as dt

C = [[0, 1], [1, 0]]
T = [[1, 2], [2, 1]]


def _h(*p):
    return -sum(x * math.log2(x) for x in p if x)


CASES = [
    (lambda: dt.entropy(counts=[1, 2]), "entropy", "H(S)", "bits", _h(1 / 3, 2 / 3)),
    (lambda: dt.gini(counts=[1, 2]), "gini", "Gini(S)", "", 1 - 1 / 9 - 4 / 9),
    (lambda: dt.misclassification(counts=[1, 2]), "misclassification", "Err(S)", "", 1 / 3),
    (
        lambda: dt.cost_gini(counts=[1, 2], cost_matrix=C),
        "cost-weighted gini",
        "Gini_L(S)",
        "",
        2 * (1 / 3) * (2 / 3),
    ),
    (
        lambda: dt.kl_divergence([0.5, 0.5], [0.25, 0.75]),
        "KL divergence",
        "KL(p || q)",
        "bits",
        0.5 * math.log2(2) + 0.5 * math.log2(0.5 / 0.75),
    ),
    (
        lambda: dt.kl_to_uniform(counts=[1, 2]),
        "KL to uniform",
        "KL(p_S || uniform)",
        "bits",
        1 - _h(1 / 3, 2 / 3),
    ),
    (
        lambda: dt.information_gain(counts=T),
        "information gain",
        "IG(A)",
        "bits",
        1 - _h(1 / 3, 2 / 3),
    ),
    (lambda: dt.gain_ratio(counts=T), "gain ratio", "GainRatio(A)", "", 1 - _h(1 / 3, 2 / 3)),
    (lambda: dt.gini_gain(counts=T), "gini gain", "GiniGain(A)", "", 0.5 - 4 / 9),
    (
        lambda: dt.misclassification_gain(counts=T),
        "misclassification gain",
        "ErrGain(A)",
        "",
        0.5 - 1 / 3,
    ),
    (
        lambda: dt.cost_gini_gain(counts=T, cost_matrix=C),
        "cost-weighted gini gain",
        "GiniGain_L(A)",
        "",
        0.5 - 4 / 9,
    ),
    (lambda: dt.mean_info(counts=T), "mean info", "H(S | A)", "bits", _h(1 / 3, 2 / 3)),
    (
        lambda: dt.hellinger_distance(counts=T),
        "Hellinger distance",
        "HD(A)",
        "",
        math.sqrt(2 * (math.sqrt(1 / 3) - math.sqrt(2 / 3)) ** 2),
    ),
    (lambda: dt.split_info(counts=[1, 2]), "split info", "SplitInfo(A)", "bits", _h(1 / 3, 2 / 3)),
    (lambda: dt.mse([1, 2.0]), "mse", "MSE(S)", "", 0.25),
    (lambda: dt.mae([1, 2.0]), "mae", "MAE(S)", "", 0.5),
]


@pytest.mark.parametrize("make, name, symbol, unit, value", CASES, ids=[c[1] for c in CASES])
def test_name_symbol_unit_and_value(make, name, symbol, unit, value):
    m = make()
    assert (m.name, m.symbol, m.unit) == (name, symbol, unit)
    assert float(m) == pytest.approx(value, rel=1e-12)
    data = m.to_dict()
    assert (data["name"], data["symbol"], data["unit"]) == (name, symbol, unit)
    assert data["value"] == float(m)
    assert data["derivation"] == m.explain().to_dict()
    for again in (pickle.loads(pickle.dumps(m)), copy.deepcopy(m), copy.copy(m)):
        assert (again.name, again.symbol, again.unit, float(again)) == (
            name,
            symbol,
            unit,
            float(m),
        )
        assert str(again.explain()) == str(m.explain())
