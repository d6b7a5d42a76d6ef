"""from_sklearn's notes where scikit-learn's split is not dtlearn's first best, whole.

Each note names its cause and says why in words; the scores in them are worked out by
hand. Iris' root: Gini 2/3 (three classes of 50); ``petal length <= 2.45`` and
``petal width <= 0.8`` both cut off setosa, leaving Gini 1/2 on 100 of 150 rows, so both
remove ``2/3 - (100/150)·(1/2) = 1/3``: a tie scikit-learn breaks by its random order.
"""

import pandas as pd
import pytest
from sklearn.datasets import load_iris
from sklearn.tree import DecisionTreeClassifier, ExtraTreeClassifier

import dtlearn as dt
from dtlearn.formatting import fmt_g


@pytest.fixture(scope="module")
def iris():
    data = load_iris(as_frame=True)
    return data.data, data.target


def test_a_tie_between_features_names_the_random_order(iris):
    X, y = iris
    root = dt.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y), X, y).steps_[0]
    assert root.chosen.score == pytest.approx(1 / 3, rel=1e-12)
    assert (root.cause, root.note) == (
        "tie",
        "petal length (cm) ties with petal width (cm) (0.3333 each): scikit-learn visits the "
        "features in a random order (random_state=0) and keeps the first best split it "
        "meets; dtlearn takes the first in column order",
    )


def test_a_tie_within_a_drawn_subset_of_features_says_so():
    # a and b are the same column: both cut 3 | 3 purely (Gini 1/2 removed); c is noise
    X = pd.DataFrame({"a": [1, 2, 3, 4, 5, 6.0], "b": [1, 2, 3, 4, 5, 6.0], "c": [0, 1] * 3})
    y = [0, 0, 0, 1, 1, 1]
    sk = DecisionTreeClassifier(max_features=2, random_state=0, max_depth=1).fit(X, y)
    root = dt.from_sklearn(sk, X, y).steps_[0]
    assert root.chosen.feature_name == "b" and root.chosen.score == 0.5
    assert (root.cause, root.note) == (
        "tie",
        "a ties with b (0.5 each): scikit-learn scored a random subset of max_features=2 of "
        "the 3 features here, in a random order, and kept the first best split it met; "
        "dtlearn takes the first in column order",
    )


def test_a_random_threshold_is_called_random(iris):
    X, y = iris
    model = dt.from_sklearn(ExtraTreeClassifier(random_state=0).fit(X, y), X, y)
    root = model.steps_[0]
    drawn = root.chosen.conditions[0]
    assert root.cause == "random threshold"
    assert root.note == (
        "scikit-learn drew each feature's threshold at random (splitter='random', as "
        f"extremely randomized trees do) and kept the best draw, {drawn}; dtlearn's best "
        f"candidate is petal length (cm) <= 2.45 ({fmt_g(root.chosen.score, 4)} against "
        "0.3333)"
    )


def test_a_split_dtlearn_also_finds_first_has_no_note():
    """Numeric play tennis, grown whole: every split but one is the one dtlearn's scan finds
    first (the same feature and the same children), and those carry no cause and no note."""
    X, y = dt.load_play_tennis(numeric=True)
    X = X[["temperature", "humidity"]]
    model = dt.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y), X, y)
    splits = [s for s in model.steps_ if s.chosen is not None]
    assert len(splits) == 8
    noted = [(s.node_id, s.cause) for s in splits if s.note]
    assert noted == [(9, "tie")]
    for step in splits:
        best = max(c.score for c in step.candidates if c.admissible)
        assert step.chosen.score == pytest.approx(best, rel=1e-12)
        if step.node_id != 9:
            assert (step.cause, step.note) == ("", "")
            first = next(c for c in step.candidates if c.admissible and c.score == best)
            assert first.conditions == step.chosen.conditions


def test_two_tied_thresholds_of_one_feature_name_both_and_the_step_prints_its_note():
    # x0 of 10 rows, class 1 at 1, 1 | 2: 0, 1, 1 | 3: 0 | 4: 0 | 5: 0, 1, 1; Gini 0.48.
    # x0 <= 1.5 leaves 2 pure | 8 at 4-4 (0.5): 0.48 - 0.8·0.5 = 0.08; x0 <= 2.5 leaves
    # 5 at 1-4 (0.32) | 5 at 3-2 (0.48): 0.48 - 0.5·0.32 - 0.5·0.48 = 0.08, the same
    X = pd.DataFrame({"x0": [2.0, 1.0, 5.0, 5.0, 3.0, 2.0, 4.0, 2.0, 1.0, 5.0]})
    y = [0, 1, 0, 1, 0, 1, 0, 1, 1, 1]
    steps = dt.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y), X, y).steps_
    root = steps[0]
    assert root.chosen.score == pytest.approx(0.08, rel=1e-12)
    note = (
        "two thresholds of x0 tie (0.08): scikit-learn kept x0 <= 2.5, dtlearn's scan "
        "finds x0 <= 1.5 first"
    )
    assert (root.cause, root.note) == ("tie", note)
    assert str(root) == f"node 0 [root] n=10: split on x0 — {note}"
    assert repr(root) == str(root)
    assert str(steps[1]) == "node 1 [x0 <= 2.5] n=5: split on x0" and steps[1].note == ""
