"""The KL divergence in its base, against scipy's ``entropy(p, q, base)`` and by hand."""

import numpy as np
import pytest
from scipy.stats import entropy

from dtlearn.measures.impurity import kl_divergence


@pytest.mark.parametrize("base, unit", [(np.e, "nats"), (10, "hartleys"), (2, "bits")])
def test_kl_divergence_uses_its_base(base, unit):
    p, q = [0.5, 0.5], [0.25, 0.75]
    d = kl_divergence(p, q, base=base)
    assert float(d) == pytest.approx(entropy(p, q, base=base), rel=1e-12)
    assert d.unit == unit
    assert f"{float(d):.3f} {unit}" in str(d.explain())


def test_kl_divergence_in_nats_by_hand():
    # 0.5 ln(0.5/0.25) + 0.5 ln(0.5/0.75) = 0.5 ln(4/3)
    d = kl_divergence([1, 1], [1, 3], base=np.e)
    assert float(d) == pytest.approx(0.5 * np.log(4 / 3), rel=1e-12)
    assert round(float(d), 4) == 0.1438


def test_kl_divergence_skips_classes_absent_from_both():
    # p_k = q_k = 0 adds 0 · log(0/0) := 0: the same divergence as without the class
    with_zero = kl_divergence([1, 1, 0], [1, 3, 0])
    assert float(with_zero) == pytest.approx(0.5 * np.log2(4 / 3), rel=1e-12)
    assert float(with_zero) == pytest.approx(entropy([1, 1, 0], [1, 3, 0], base=2), rel=1e-12)
    with pytest.raises(ValueError, match="infinite"):
        kl_divergence([1, 1], [1, 0])
