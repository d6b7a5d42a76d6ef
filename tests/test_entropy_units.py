"""Entropy's unit follows the logarithm's base: bits (2), nats (e), hartleys (10)."""

import math

import pytest

import dtlearn as dt


@pytest.mark.parametrize(("base", "unit"), [(2, "bits"), (math.e, "nats"), (10, "hartleys")])
def test_the_unit_names_the_base(base, unit):
    h = dt.entropy(counts=[1, 1], base=base)
    assert h.unit == unit
    assert float(h) == pytest.approx(math.log(2) / math.log(base), rel=1e-12)
