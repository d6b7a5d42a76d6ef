"""OneR's choice between weighted attributes: fewest errors, first on ties up to rounding.

Two attributes that each misclassify one row (``a``: row 4, ``b``: row 1, by hand), so
their weighted training errors are those rows' weights. A difference far above rounding
(5e-9 of a weight of 1) decides; one at the level of rounding (1e-12) is a tie, and the
first attribute wins, as Holte's and Weka's rule says.
"""

import pandas as pd
import pytest

import dtlearn as dt

X = pd.DataFrame({"a": list("xxzzz"), "b": list("xzzzx")})
Y = ["yes", "yes", "no", "no", "yes"]


@pytest.mark.parametrize(
    "b_less, chosen",
    [(5e-9, "b"), (1e-6, "b"), (1e-12, "a"), (0.0, "a"), (-5e-9, "a")],
)
def test_weighted_errors_decide_beyond_rounding(b_less, chosen):
    w = [1.0, 1.0 - b_less, 1.0, 1.0, 1.0]
    model = dt.OneR().fit(X, Y, sample_weight=w)
    assert model.errors_ == pytest.approx({"a": 1.0, "b": 1.0 - b_less}, abs=1e-15)
    assert model.attribute_ == chosen
    # the chosen attribute's rules: x -> yes, z -> its branch's majority
    if chosen == "a":
        assert model.predict(pd.DataFrame({"a": ["x", "z"], "b": ["z", "x"]})).tolist() == [
            "yes",
            "no",
        ]
    else:
        assert model.predict(pd.DataFrame({"a": ["z", "x"], "b": ["x", "z"]})).tolist() == [
            "yes",
            "no",
        ]
