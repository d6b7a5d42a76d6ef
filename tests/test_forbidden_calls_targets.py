"""What each homework rule forbids exists, and a library's learner in ``id3`` is stopped.

A misspelt module or file in a rule forbids nothing and says nothing: so every module a
rule names must import, and every other library's file it names must be a file of that
installed library. A student's ``id3`` that fits scikit-learn's tree is told so, in the
rule's words.
"""

import importlib
import importlib.util
import os

import pytest

from dtlearn.exercises.homework import check_id3
from dtlearn.exercises.homework import forbidden_calls as fc

RULES = {
    "ENTROPY_RULE": fc.ENTROPY_RULE,
    "GAIN_RULE": fc.GAIN_RULE,
    "ID3_RULE": fc.ID3_RULE,
    "PRUNE_RULE": fc.PRUNE_RULE,
}


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_module_a_rule_forbids_imports(name):
    for module in RULES[name].modules:
        assert importlib.import_module(module).__name__ == module


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_other_library_file_a_rule_forbids_is_installed(name):
    for end in RULES[name].files:
        package = end.split("/")[0]
        folders = importlib.util.find_spec(package).submodule_search_locations
        assert any(os.path.isfile(os.path.join(f, *end.split("/")[1:])) for f in folders), end


def test_the_measure_rules_forbid_the_same_and_pruning_its_own():
    forbidden = (
        "dtlearn.measures",
        "dtlearn.criteria",
        "dtlearn.grow",
        "dtlearn.learners.tree_learner",
        "dtlearn.learners.c45",
        "dtlearn.learners.c45_grower",
        "dtlearn.pruning.pessimistic",
        "dtlearn.exercises.homework",
    )
    others = (
        "scipy/stats/_entropy.py",
        "sklearn/metrics/cluster/_supervised.py",
        "sklearn/tree/_classes.py",
    )
    for rule in (fc.ENTROPY_RULE, fc.GAIN_RULE, fc.ID3_RULE):
        assert (rule.modules, rule.files, rule.functions) == (forbidden, others, ())
    assert fc.PRUNE_RULE.modules == (
        "dtlearn.pruning.reduced_error",
        "dtlearn.pruning.cost_complexity",
        "dtlearn.pruning.pessimistic",
        "dtlearn.pruning.rule_post_pruning",
        "dtlearn.pruning.rule_conditions",
        "dtlearn.pruning.rule_coverage",
        "dtlearn.pruning.tree_access",
        "dtlearn.exercises.homework",
    )
    assert (fc.PRUNE_RULE.files, fc.PRUNE_RULE.functions) == ((), ())


def test_an_id3_that_fits_scikit_learn_s_tree_is_stopped():
    from sklearn.tree import DecisionTreeClassifier

    def id3(X, y, *args, **kwargs):
        codes = X.apply(lambda column: column.astype("category").cat.codes)
        DecisionTreeClassifier().fit(codes, y)
        return "yes"

    result = check_id3(id3, part="course")
    assert result.score == 0.0
    assert str(result).splitlines() == [
        "check_id3 (course): failed — uses a library's implementation",
        "  ✗ id3(<play-tennis: 14 rows>): id3 calls "
        "sklearn.tree._classes.DecisionTreeClassifier(), a library's implementation of ID3 "
        "(growing a tree or scoring its splits): grow the tree yourself: score each "
        "attribute with your own information gain, split on the best one and recurse",
    ]
