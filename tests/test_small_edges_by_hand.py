"""Small edges pinned by hand: a step's summary line, 1-R's leaves, a cross-validated path
with a learner that already prunes, the test text of a reduced-error step, a lecture check's
expected threshold, the hidden seed of a graded task, what a C4.5 pruning step's node became
and SklearnTree's one parameter."""

from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.exercises.homework.trial_grading import Task
from dtlearn.exercises.lectures.n05_cart_continuous import check_first_threshold
from dtlearn.pruning.curves import cross_validated_ccp
from dtlearn.pruning.reduced_error import reduced_error_prune
from dtlearn.steps import step_summary


def test_a_step_summary_names_its_branch_condition_in_brackets():
    step = SimpleNamespace(
        subject="rule", node_id=2, condition="outlook = sunny", action="dropped", reason="0 < 1"
    )
    assert step_summary(step) == "rule 2 [outlook = sunny]: dropped — 0 < 1"


def test_one_r_leaves_carry_their_error_rate():
    # Witten & Frank's 1-R on play tennis: outlook, sunny 2 wrong of 5 (3 no, 2 yes),
    # overcast 0 of 4, rainy 2 of 5 (3 yes, 2 no)
    model = dt.OneR().fit(*dt.load_play_tennis())
    assert model.attribute_ == "outlook"
    leaves = {
        cond.split(" = ")[1]: (child.n_samples, child.impurity)
        for cond, child in zip(
            model.tree_.root.split.conditions(model.tree_.schema), model.tree_.root.children
        )
    }
    assert leaves == {"sunny": (5.0, 0.4), "overcast": (4.0, 0.0), "rainy": (5.0, 0.4)}


def test_cross_validated_path_ignores_the_learners_own_alpha():
    # the path is cut from a fully grown tree in every fold: a learner that already prunes
    # (ccp_alpha=0.05) must give the same curve as the same learner with ccp_alpha=0
    X, y = dt.load_car()
    alphas = [0.0, 0.005, 0.02]
    plain = cross_validated_ccp(dt.CARTClassifier(), X, y, alphas, cv=3)
    pruned = cross_validated_ccp(dt.CARTClassifier(ccp_alpha=0.05), X, y, alphas, cv=3)
    np.testing.assert_array_equal(plain[0], pruned[0])
    np.testing.assert_array_equal(plain[1], pruned[1])


def test_a_reduced_error_step_on_a_binary_split_names_the_left_test():
    # a stump x <= 2.5: its step's test is the left branch's condition, as the tree prints it
    X = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0]})
    y = ["a", "a", "b", "b"]
    model = dt.CARTClassifier().fit(X, y)
    result = reduced_error_prune(model, X, y)
    assert [s.test for s in result.steps] == ["x <= 2.5"]


def test_lecture_check_0501_wants_the_midpoint_of_the_two_smallest_humidities():
    # play tennis (numeric): the smallest humidities are 65 and 70, so the first candidate
    # threshold is 67.5; the next midpoint (70 and 75) is wrong
    assert check_first_threshold(67.5).status == "passed"
    assert check_first_threshold(72.5).status != "passed"


@pytest.mark.parametrize(("group", "want"), [("hidden", 99), ("easy", 7)])
def test_a_graded_task_draws_its_hidden_cases_from_the_hidden_seed(group, want):
    task = Task("check_entropy", ("easy", "hidden"), 7, "entropy", hidden=99)
    assert task.seed_for(group) == want
    assert Task("check_entropy", ("easy", "hidden"), 7, "entropy").seed_for("hidden") == 7


def test_a_pruned_or_raised_steps_after_says_what_the_node_became():
    # labor, J48's defaults: some nodes are pruned to a leaf (their training errors are the
    # leaf's), one branch is raised (its training errors are not a single leaf's: unknown)
    steps = dt.C45Classifier().fit(*dt.load_labor()).pruning_.steps
    pruned = [s for s in steps if s.action == "pruned"]
    raised = [s for s in steps if s.action == "raised"]
    assert pruned and raised
    for s in pruned:
        assert s.after["training_errors"] == s.leaf_errors_train
        assert s.after["estimated_errors"] == s.leaf_estimate
    for s in raised:
        assert np.isnan(s.after["training_errors"])
        assert s.after["estimated_errors"] == s.branch_estimate


def test_sklearn_tree_takes_only_its_estimator_as_a_parameter():
    from sklearn.base import clone
    from sklearn.tree import DecisionTreeClassifier

    learner = dt.SklearnTree()
    inner = DecisionTreeClassifier(max_depth=2)
    assert learner.set_params(estimator=inner) is learner and learner.estimator is inner
    assert clone(learner).get_params()["estimator"].max_depth == 2
    with pytest.raises(ValueError, match="no parameter 'max_depth'"):
        learner.set_params(max_depth=3)
