"""0-R and 1-R on the play-tennis data, every number counted here by hand.

Play tennis (Quinlan 1986): 9 ``yes``, 5 ``no``; classes in the data set's
declared order (``yes`` first). Outlook: sunny 2 yes / 3 no, overcast 4 / 0, rainy 3 / 2, so its rules
(sunny -> no, overcast -> yes, rainy -> yes) err 2 + 0 + 2 = 4 times. Temperature: hot
2 / 2 (a tie: the first class, yes, errs 2), mild 4 / 2, cool 3 / 1: 2 + 2 + 1 = 5.
Humidity: high 3 / 4, normal 6 / 1: 3 + 1 = 4. Windy: false 6 / 2, true 3 / 3: 2 + 3 = 5.
Outlook and humidity tie at 4: the first attribute wins.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt


@pytest.fixture(scope="module")
def tennis():
    return dt.load_play_tennis()


def test_one_r_errors_and_rules_on_play_tennis(tennis):
    model = dt.OneR().fit(*tennis)
    assert model.errors_ == {"outlook": 4.0, "temperature": 5.0, "humidity": 4.0, "windy": 5.0}
    assert model.attribute_ == "outlook"
    assert model.rule_text() == "outlook:\n\tsunny\t-> no\n\tovercast\t-> yes\n\trainy\t-> yes"


def test_one_r_tree_nodes_by_hand(tennis):
    tree = dt.OneR().fit(*tennis).tree_
    rows = [
        (n.node_id, n.depth, n.n_samples, n.impurity, n.value.tolist(), n.counts.tolist())
        for n in tree.nodes()
    ]
    assert rows == [
        # the root's value is the prediction for a missing outlook: no '?' in training,
        # so the first class (Weka's OneR.classifyInstance returns 0)
        (0, 0, 14.0, pytest.approx(5 / 14), [1.0, 0.0], [9.0, 5.0]),
        (1, 1, 5.0, pytest.approx(2 / 5), pytest.approx([0.4, 0.6]), [2.0, 3.0]),
        (2, 1, 4.0, 0.0, [1.0, 0.0], [4.0, 0.0]),
        (3, 1, 5.0, pytest.approx(2 / 5), pytest.approx([0.6, 0.4]), [3.0, 2.0]),
    ]
    assert tree.root.split.conditions(tree.schema) == [
        "outlook = sunny",
        "outlook = overcast",
        "outlook = rainy",
    ]


def test_one_r_numeric_attributes_are_cut_once_at_fewest_errors():
    # temperature <= 83.5: 9 yes / 4 no (4 errors), > 83.5: the one 85, no (0)
    # humidity <= 80: 6 yes / 1 no (1), > 80: 3 yes / 4 no (3)
    model = dt.OneR().fit(*dt.load_play_tennis(numeric=True))
    assert model.errors_ == {"outlook": 4.0, "temperature": 4.0, "humidity": 4.0, "windy": 5.0}
    assert model.attribute_ == "outlook"


def test_one_r_missing_values_form_their_own_bucket():
    X = pd.DataFrame({"a": ["x", "x", None, None, "z", "z"], "b": ["p"] * 6})
    y = ["no", "yes", "yes", "yes", "no", "no"]
    model = dt.OneR().fit(X, y)
    # a: x 1 no / 1 yes (tie: no, 1 error), z 2 no (0), '?' 2 yes (0); b: one value, 3 errors
    assert model.errors_ == {"a": 1.0, "b": 3.0}
    assert model.attribute_ == "a"
    assert model.rule_text() == "a:\n\tx\t-> no\n\tz\t-> no"
    assert model.tree_.root.value.tolist() == [0.0, 1.0]  # '?' predicts its bucket: yes
    test = pd.DataFrame({"a": [None, "x", "z"], "b": ["p"] * 3})
    assert model.predict(test).tolist() == ["yes", "no", "no"]


def test_one_r_without_a_usable_attribute_is_one_leaf():
    X = pd.DataFrame({"a": ["x"] * 5})
    model = dt.OneR().fit(X, ["a", "b", "b", "a", "c"])
    assert model.errors_ == {"a": 3.0}
    assert model.attribute_ is None
    assert model.rule_text() == ": a"  # a tie of a and b: the first class


def test_zero_r_counts_weights_and_predicts_the_heaviest_class(tennis):
    X, y = tennis
    model = dt.ZeroR().fit(X, y)
    root = model.tree_.root
    assert (root.node_id, root.depth, root.n_samples, root.impurity) == (0, 0, 14.0, 0.0)
    assert root.counts.tolist() == [9.0, 5.0]
    assert root.value.tolist() == pytest.approx([9 / 14, 5 / 14])
    assert model.score(X, y) == pytest.approx(9 / 14)
    # weights 2.5 on the one 'c' row beat the two rows of a and of b
    small = pd.DataFrame({"a": ["x"] * 5})
    weighted = dt.ZeroR().fit(small, list("abbac"), sample_weight=[1, 1, 1, 1, 2.5])
    assert weighted.tree_.root.counts.tolist() == [2.0, 2.0, 2.5]
    assert weighted.predict(small[:1]).tolist() == ["c"]
    tie = dt.ZeroR().fit(small, list("abbac"))
    assert tie.predict(small[:1]).tolist() == ["a"]
    np.testing.assert_allclose(tie.predict_proba(small[:1]), [[0.4, 0.4, 0.2]])
