"""Each lecture check's wording: its title, its answer names and what each answer is.

The notebooks show these words with every result; they are the exercise's statement in
short, so a changed or dropped word is a changed exercise. Each check is run with a far
wrong answer (1e9) and the names of its cases are compared."""

import inspect

import pytest

from dtlearn.exercises.registry import registered

TITLES = {
    "00.1": ("Days with play = yes", ("n_yes",)),
    "01.1": ("Entropy of a coin", ("h_coin",)),
    "01.2": ("Gini as a sum over pairs", ("gini_pairs",)),
    "01.3": ("Weighted Gini of a split", ("weighted_gini",)),
    "01.4": ("Your own entropy function", ("entropy",)),
    "01.5": ("Misclassification error after a split", ("error_after",)),
    "02.1": ("Information gain by hand", ("gain",)),
    "02.2": ("Predict with the lecture's Figure 4", ("decision",)),
    "02.3": ("Empty leaves of the restaurant tree", ("empty_leaves",)),
    "02b.1": ("How many functions?", ("n_functions",)),
    "02b.2": ("The smallest consistent trees of the contact-lens data", ("n_smallest",)),
    "03.1": ("Split info by hand", ("si",)),
    "03.2": ("Gain ratio by hand", ("gr",)),
    "03.3": ("C4.5's average-gain filter on the restaurant data", ("passed",)),
    "04.1": ("The smallest fully grown tree on breast cancer", ("smallest",)),
    "04.2": ("Misclassification decrease of a split", ("error_decrease",)),
    "04.3": ("Information gain of the same split", ("gain",)),
    "04.4": ("Hellinger distance of the same split", ("distance",)),
    "05.1": ("The first candidate threshold of humidity", ("threshold",)),
    "05.2": ("Threshold and subset splits of an ordinal attribute", ("n_thresholds", "n_subsets")),
    "05.3": ("The best ordinal cut of buying", ("best_cut",)),
    "05.4": ("Information gain of the best humidity threshold", ("gain",)),
    "05.5": ("Candidate thresholds at one node", ("n_candidates",)),
    "05.6": ("One-hot tests against subset splits", ("n_one_hot",)),
    "06.1": ("The best stopping parameter, chosen on validation data", ("best_knob",)),
    "06.2": ("Train-test gap of the deepest tree", ("gap",)),
    "06.3": ("Test accuracy of the full tree on clean labels", ("clean_full",)),
    "07.1": ("Nodes removed from the car tree", ("removed",)),
    "07.2": ("No single further pruning helps", ("least",)),
    "07.3": ("Pruning with 20 validation rows", ("tiny_leaves",)),
    "08.1": ("Preconditions left in the pruned rules", ("n_conditions",)),
    "08.2": ("The rule that fires for the first test member", ("index", "prediction")),
    "08.3": ("A rule on the test rows", ("correct", "covered")),
    "08b.1": ("The upper confidence limit U of one leaf", ("U_leaf",)),
    "08b.2": (
        "Prune or keep? Leaf against subtree",
        ("leaf_estimate", "subtree_estimate", "decision"),
    ),
    "09.1": ("The tree of least R_alpha at alpha = 0.01", ("leaves_at",)),
    "09.2": ("The effective alpha of one node, by hand", ("alpha_t",)),
    "09.3": ("Alpha on the HSE slides' scale", ("alpha_slides",)),
    "10.1": ("MSE of a node by hand", ("node_mse",)),
    "10.2": ("Weighted MSE of the children", ("children_mse",)),
    "10.3": ("The drop in squared error of a split", ("sse_drop",)),
    "10.4": ("Leaves of a tree with at least 5 rows per leaf", ("n_leaves",)),
    "10.5": ("What an MAE leaf predicts", ("prediction",)),
    "11.1": ("Weight reaching the physician-fee-freeze = y branch", ("weight_y",)),
    "11.2": ("Best surrogate for adoption-of-the-budget-resolution", ("best_surrogate",)),
    "11b.1": ("Total cost from a confusion matrix", ("total_cost",)),
    "11b.2": ("Cost-weighted Gini of one node", ("impurity",)),
    "12.1": ("Gain of the right first cut on numeric XOR", ("gain_half",)),
    "12.2": ("Information gain of b inside the branch a = 0", ("gain_b",)),
    "12.3": ("Leaves of the staircase with 3000 points", ("staircase_leaves",)),
    "13.1": ("Distinct rows in a bootstrap sample", ("distinct",)),
    "13.2": ("Mistakes every tree makes", ("unanimous_share",)),
    "13.3": ("Boosting with a smaller learning rate", ("slow_mse",)),
    "13b.1": ("Forest splits that missed the best attribute", ("missed",)),
}

WHAT = {
    "00.1": ("the number of days with play = yes",),
    "01.1": ("the entropy of the coin, in bits",),
    "01.2": ("the Gini impurity of the node",),
    "01.3": ("the weighted Gini of the two children",),
    "01.5": ("the misclassification error after splitting on Reservation",),
    "02.1": ("the information gain, in bits",),
    "02.2": ("Figure 4's decision for this situation",),
    "02.3": ("the number of leaves no training example reaches",),
    "02b.1": ("the number of functions of 2 attributes with 5 values each",),
    "02b.2": ("the number of smallest consistent trees",),
    "03.1": ("the split info, in bits",),
    "03.2": ("the gain ratio",),
    "03.3": ("the attributes that pass the average-gain filter",),
    "04.1": ("the criterion with the fewest leaves",),
    "04.2": ("the decrease of the misclassification error",),
    "04.3": ("the information gain, in bits",),
    "04.4": ("the Hellinger distance",),
    "05.1": ("the first candidate threshold of humidity",),
    "05.2": (
        "the threshold splits of the ordered attribute",
        "the subset splits if the order is ignored",
    ),
    "05.3": ("the last level on the left of the best cut",),
    "05.4": ("the information gain of the best humidity threshold, in bits",),
    "05.5": ("the number of candidate thresholds",),
    "05.6": ("the number of different tests the one-hot columns of 5 categories offer",),
    "06.1": ("the parameter with the best validated tree",),
    "06.2": ("the gap between training and test accuracy",),
    "06.3": ("the test accuracy of the deepest tree grown on clean labels",),
    "07.1": ("the number of nodes removed",),
    "07.2": ("the smallest validation error count",),
    "07.3": ("the number of leaves left",),
    "08.1": ("the number of preconditions left",),
    "08.2": (
        "the index of the rule that fires",
        "the predicted class",
    ),
    "08.3": (
        "the test rows the rule covers",
        "the covered test rows it gets right",
    ),
    "08b.1": ("the upper limit U of the leaf's error rate",),
    "08b.2": (
        "the predicted errors of the node as a leaf",
        "the predicted errors of the subtree (sum over its leaves)",
        "J48's decision (prune if leaf <= subtree + 0.1)",
    ),
    "09.1": ("the number of leaves at alpha = 0.01",),
    "09.2": ("the effective alpha of the node",),
    "09.3": ("the root's alpha on the slides' scale",),
    "10.1": ("the MSE of the node",),
    "10.2": ("the weighted MSE of the two children",),
    "10.3": ("the drop in the sum of squared errors",),
    "10.4": ("the number of leaves",),
    "10.5": ("the prediction of the MAE leaf",),
    "11.1": ("the weight at physician-fee-freeze = y",),
    "11.2": ("the best surrogate",),
    "11b.1": ("the total cost of the predictions",),
    "11b.2": ("the cost-weighted Gini impurity",),
    "12.1": ("the gain of x1 <= 0.5 at the root, in bits",),
    "12.2": ("the information gain of b given a = 0, in bits",),
    "12.3": ("the number of leaves",),
    "13.1": ("the expected fraction of the 569 rows in a bootstrap sample",),
    "13.2": ("the share of the trees' mistakes on rows where all 25 agree",),
    "13.3": ("the training MSE after 50 trees with learning rate 0.1",),
    "13b.1": ("the number of splits that missed the best attribute",),
}


def test_every_lecture_check_is_listed():
    assert {k for k in registered() if not k.startswith("99")} == set(TITLES)


@pytest.mark.parametrize("key", sorted(TITLES))
def test_title_and_answer_names(key):
    exercise = registered()[key]
    assert (exercise.title, exercise.answers) == TITLES[key]


@pytest.mark.parametrize("key", sorted(WHAT))
def test_what_each_answer_is(key):
    exercise = registered()[key]
    answers = {name: 1e9 for name in exercise.answers}
    if "seed" in inspect.signature(exercise.function).parameters:
        answers["seed"] = 0
    result = exercise.function(**answers)
    assert not result.passed
    names = [c.call for c in result.cases] if len(result.cases) > 1 else [result.name]
    assert tuple(names) == WHAT[key]
