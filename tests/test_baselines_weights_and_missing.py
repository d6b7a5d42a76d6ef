"""0-R and 1-R with sample weights and missing values, against hand counts and Weka's rules.

Weka's OneR gives a missing value a bucket of its own: its errors count, and a row with the
value missing is predicted by that bucket's majority class. ZeroR predicts the weighted
majority.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt


def test_zero_r_predicts_the_weighted_majority_and_its_proportions():
    X, y = dt.load_play_tennis()  # 9 yes, 5 no; each "no" weighs 3: yes 9, no 15
    model = dt.ZeroR().fit(X, y, sample_weight=np.where(y == "no", 3, 1))
    assert list(model.classes_) == ["yes", "no"]
    np.testing.assert_allclose(model.predict_proba(X[:2]), [[9 / 24, 15 / 24]] * 2)
    assert model.predict(X[:1]).tolist() == ["no"]
    np.testing.assert_allclose(model.tree_.root.counts, [9.0, 15.0])


@pytest.fixture
def with_missing():
    # a: x -> A A, y -> B B B B, missing -> A A B; overall A 4, B 5 (B the majority)
    X = pd.DataFrame(
        {
            "a": ["x", "x", "y", "y", "y", "y", None, None, None],
            "b": ["u", "v", "u", "v", "u", "v", "u", "v", "u"],
        }
    )
    y = pd.Series(list("AABBBBAAB"), name="c")
    return X, y


def test_one_r_counts_the_errors_of_the_missing_bucket(with_missing):
    X, y = with_missing
    model = dt.OneR().fit(X, y)
    # a: x 0 wrong, y 0 wrong, '?' (A 2, B 1) 1 wrong = 1; b: u (A 2, B 3) 2, v (A 2, B 2) 2 = 4
    assert model.errors_ == {"a": 1.0, "b": 4.0}
    assert model.attribute_ == "a"


def test_one_r_predicts_a_missing_value_by_its_buckets_majority(with_missing):
    X, y = with_missing
    model = dt.OneR().fit(X, y)
    new = pd.DataFrame({"a": [None, "x", "y"], "b": ["u", "u", "u"]})
    assert model.predict(new).tolist() == ["A", "A", "B"]  # not the overall majority B


def test_one_r_prefers_the_first_of_two_equally_good_attributes():
    X = pd.DataFrame({"p": ["s", "s", "t", "t"], "q": ["m", "m", "n", "n"]})
    y = pd.Series(["A", "A", "B", "B"], name="c")
    model = dt.OneR().fit(X, y)
    assert model.errors_ == {"p": 0.0, "q": 0.0} and model.attribute_ == "p"
    assert dt.OneR().fit(X[["q", "p"]], y).attribute_ == "q"


def test_one_r_answers_a_value_never_missing_in_training_with_the_first_class():
    # Weka 3.6: OneR -t train.arff -T test.arff -p 0 on these five rows predicts "p" (class
    # index 0) for a test row whose attribute is '?', though the majority class is "q":
    # OneR.classifyInstance returns 0 when training held no missing value
    X = pd.DataFrame({"a": pd.Categorical(list("xxyyx"), categories=["x", "y"])})
    y = pd.Series(pd.Categorical(list("qqqpq"), categories=["p", "q"]))
    model = dt.OneR().fit(X, y)
    test = pd.DataFrame({"a": pd.Categorical([None, "x"], categories=["x", "y"])})
    assert list(model.predict(test)) == ["p", "q"]
