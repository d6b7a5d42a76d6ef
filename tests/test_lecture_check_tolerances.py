"""How close each lecture check's answer must be, and which options a choice offers.

A check's tolerance is part of the exercise (``tol=0`` for a count, 1e-4 for "give U to
four decimals", 0.5 for a number of thousands): a changed tolerance passes answers the
exercise calls wrong or fails answers it calls right. Each check is run once (seed 0, a far
wrong answer) with ``compare_number`` and ``compare_choice`` watched in its module; the
tolerance of each comparison (the default, :data:`ROUNDING_TOL`, where the check gives
none), the options offered and the hints of the wrong options are compared with the
exercises' statements below. The comparison itself then runs as usual.
"""

import inspect
import sys

import pytest

from dtlearn.exercises import compare
from dtlearn.exercises.registry import registered

TOLERANCES = {
    "00.1": [("the number of days with play = yes", 0)],
    "01.1": [("the entropy of the coin, in bits", 0.005)],
    "01.2": [("the Gini impurity of the node", 0.005)],
    "01.3": [("the weighted Gini of the two children", 0.0003)],
    "01.5": [("the misclassification error after splitting on Reservation", 0.005)],
    "02.1": [("the information gain, in bits", 0.005)],
    "02.3": [("the number of leaves no training example reaches", 0)],
    "02b.1": [("the number of functions of 2 attributes with 5 values each", 0.5)],
    "02b.2": [("the number of smallest consistent trees", 0)],
    "03.1": [("the split info, in bits", 0.005)],
    "03.2": [("the gain ratio", 0.005)],
    "04.2": [("the decrease of the misclassification error", 0.005)],
    "04.3": [("the information gain, in bits", 0.005)],
    "04.4": [("the Hellinger distance", 0.005)],
    "05.1": [("the first candidate threshold of humidity", 1e-09)],
    "05.2": [
        ("the threshold splits of the ordered attribute", 0),
        ("the subset splits if the order is ignored", 0),
    ],
    "05.4": [("the information gain of the best humidity threshold, in bits", 0.001)],
    "05.5": [("the number of candidate thresholds", 0)],
    "05.6": [("the number of different tests the one-hot columns of 5 categories offer", 0)],
    "06.2": [("the gap between training and test accuracy", 0.005)],
    "06.3": [("the test accuracy of the deepest tree grown on clean labels", 0.005)],
    "07.1": [("the number of nodes removed", 0)],
    "07.2": [("the smallest validation error count", 0)],
    "07.3": [("the number of leaves left", 0)],
    "08.1": [("the number of preconditions left", 0)],
    "08.2": [("the index of the rule that fires", 0)],
    "08.3": [("the test rows the rule covers", 0), ("the covered test rows it gets right", 0)],
    "08b.1": [("the upper limit U of the leaf's error rate", 0.0001)],
    "08b.2": [
        ("the predicted errors of the node as a leaf", 0.001),
        ("the predicted errors of the subtree (sum over its leaves)", 0.001),
    ],
    "09.1": [("the number of leaves at alpha = 0.01", 0)],
    "09.2": [("the effective alpha of the node", 6e-05)],
    "09.3": [("the root's alpha on the slides' scale", 0.001)],
    "10.1": [("the MSE of the node", 0.005)],
    "10.2": [("the weighted MSE of the two children", 0.001)],
    "10.3": [("the drop in the sum of squared errors", 0.5)],
    "10.4": [("the number of leaves", 0)],
    "10.5": [("the prediction of the MAE leaf", 0.005)],
    "11.1": [("the weight at physician-fee-freeze = y", 0.005)],
    "11b.1": [("the total cost of the predictions", 1e-06)],
    "11b.2": [("the cost-weighted Gini impurity", 0.0006)],
    "12.1": [("the gain of x1 <= 0.5 at the root, in bits", 5e-05)],
    "12.2": [("the information gain of b given a = 0, in bits", 1e-06)],
    "12.3": [("the number of leaves", 0)],
    "13.1": [("the expected fraction of the 569 rows in a bootstrap sample", 5e-05)],
    "13.2": [("the share of the trees' mistakes on rows where all 25 agree", 0.005)],
    "13.3": [("the training MSE after 50 trees with learning rate 0.1", 0.0001)],
    "13b.1": [("the number of splits that missed the best attribute", 0)],
}
"""Each numeric check's comparisons: what the answer is, and the largest accepted error."""

VOTES = [
    "handicapped-infants",
    "water-project-cost-sharing",
    "physician-fee-freeze",
    "el-salvador-aid",
    "religious-groups-in-schools",
    "anti-satellite-test-ban",
    "aid-to-nicaraguan-contras",
    "mx-missile",
    "immigration",
    "synfuels-corporation-cutback",
    "education-spending",
    "superfund-right-to-sue",
    "crime",
    "duty-free-exports",
    "export-administration-act-south-africa",
]

CHOICES = {
    "02.2": [("Figure 4's decision for this situation", ["Yes", "No"], {})],
    "04.1": [
        (
            "the criterion with the fewest leaves",
            ["entropy", "gini", "gain_ratio"],
            {"gini": "that one grows the *largest* tree"},
        )
    ],
    "05.3": [
        (
            "the last level on the left of the best cut",
            ["low", "med", "high", "vhigh"],
            {
                "vhigh": "buying <= vhigh sends every row left: that is no split",
                "low": "that cut leaves the *largest* weighted Gini: the best leaves the smallest",
            },
        )
    ],
    "06.1": [
        (
            "the parameter with the best validated tree",
            ["min_samples_leaf", "max_leaf_nodes", "min_impurity_decrease"],
            {
                "min_samples_leaf": "that one is best on the *training* part: choose on "
                "validation data"
            },
        )
    ],
    "08.2": [("the predicted class", ["democrat", "republican"], {})],
    "08b.2": [("J48's decision (prune if leaf <= subtree + 0.1)", ["prune", "keep"], {})],
    "11.2": [
        (
            "the best surrogate",
            VOTES,
            {
                "aid-to-nicaraguan-contras": "an attribute that votes the opposite way is just "
                "as good a surrogate: count agreement with the opposite vote too"
            },
        )
    ],
}
"""Each choice check's comparisons: what is asked, the options in order, the wrong options' hints."""


def watched(key, monkeypatch):
    """Run check ``key`` for seed 0 with a far wrong answer; what its comparisons were given."""
    exercise = registered()[key]
    module = sys.modules[exercise.function.__module__]
    numbers, choices = [], []
    number_sig = inspect.signature(compare.compare_number)

    def number(*args, **kwargs):
        bound = number_sig.bind(*args, **kwargs)
        bound.apply_defaults()
        numbers.append((bound.arguments["what"], bound.arguments["tol"]))
        return compare.compare_number(*args, **kwargs)

    def choice(answer, expected, *, what, options, wrong=None):
        choices.append((what, list(options), dict(wrong or {})))
        return compare.compare_choice(answer, expected, what=what, options=options, wrong=wrong)

    if hasattr(module, "compare_number"):
        monkeypatch.setattr(module, "compare_number", number)
    if hasattr(module, "compare_choice"):
        monkeypatch.setattr(module, "compare_choice", choice)
    answers = {name: 1e9 for name in exercise.answers}
    if exercise.takes_seed:
        answers["seed"] = 0
    result = exercise.function(**answers)
    assert not result.passed
    return numbers, choices


def test_every_check_is_listed_once():
    keys = {k for k in registered() if not k.startswith("99")}
    # 01.4 runs the homework's entropy cases and 03.3 compares sets of names itself (its
    # words are pinned in tests/test_lecture_checks_impurity_and_gain.py)
    assert set(TOLERANCES) | set(CHOICES) == keys - {"01.4", "03.3"}
    assert compare.ROUNDING_TOL == 0.005


@pytest.mark.parametrize("key", sorted(set(TOLERANCES) | set(CHOICES)))
def test_tolerances_and_options(key, monkeypatch):
    numbers, choices = watched(key, monkeypatch)
    assert numbers == TOLERANCES.get(key, [])
    assert choices == CHOICES.get(key, [])
