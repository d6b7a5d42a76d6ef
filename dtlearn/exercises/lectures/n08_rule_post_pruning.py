"""Checks of the exercises in ``instructor/08_rule_post_pruning.ipynb``."""

from __future__ import annotations

from functools import lru_cache

from ..compare import combine, compare_choice, compare_number
from ..registry import register


@lru_cache(maxsize=1)
def _vote():
    """The notebook's example: complete rows, split, ID3 tree, rule post-pruning."""
    from ...datasets import load_vote
    from ...learners.tree_learner import ID3Classifier
    from ...pruning.curves import train_validation_test_split
    from ...pruning.rule_post_pruning import rule_post_prune

    X, y = load_vote()
    keep = X.notna().all(axis=1)
    X_train, X_val, X_test, y_train, y_val, y_test = train_validation_test_split(
        X[keep], y[keep], random_state=0
    )
    model = ID3Classifier().fit(X_train, y_train)
    return rule_post_prune(model, X_val, y_val), (X_train, y_train), (X_test, y_test)


@register("08.1", title="Preconditions left in the pruned rules")
def check_conditions(n_conditions):
    """Preconditions of all rules of the pruned, merged rule set."""
    result, _, _ = _vote()
    expected = sum(len(r.conditions) for r in result.ruleset.rules)
    before = sum(len(r.conditions) for r in result.original.rules)
    dropped = sum(1 for s in result.steps if s.dropped is not None)
    wrong = {
        float(before): "that is the number before pruning",
        float(dropped): "that is the number of preconditions dropped",
        float(before - dropped): "rules that became identical were merged; count the "
        "rules of result.ruleset",
    }
    return compare_number(
        n_conditions, expected, what="the number of preconditions left", tol=0, wrong=wrong
    )


@register("08.2", title="The rule that fires for the first test member")
def check_fired(index, prediction):
    """Index of the first rule that fires on the first test row, and the prediction."""
    result, _, (X_test, _) = _vote()
    first = X_test.iloc[:1]
    want = int(result.ruleset.fired(first)[0])
    label = result.ruleset.predict(first)[0]
    wrong = {float(want + 1): "the index counts from 0 (rule 1 is index 0)"}
    if want != -1:
        wrong[-1.0] = (
            "-1 means that no rule fires and the default class decides; a rule covers this member"
        )
    return combine(
        [
            compare_number(
                index, want, what="the index of the rule that fires", tol=0, wrong=wrong
            ),
            compare_choice(
                prediction, label, what="the predicted class", options=list(result.ruleset.classes)
            ),
        ]
    )


@register("08.3", title="A rule on the test rows")
def check_rule_counts(correct, covered):
    """Counts of IF superfund-right-to-sue = n THEN democrat on the test rows."""
    from ...pruning.rule_post_pruning import Rule

    _, (X_train, y_train), (X_test, y_test) = _vote()
    rule = Rule.from_text("IF superfund-right-to-sue = n THEN democrat", X_train, "Class")
    right, n = rule.accuracy(X_test, y_test)
    train_right, train_n = rule.accuracy(X_train, y_train)
    return combine(
        [
            compare_number(
                covered,
                n,
                what="the test rows the rule covers",
                tol=0,
                wrong={
                    float(train_n): "those are training rows; use the test rows",
                    float(len(y_test)): "count only the rows where the precondition holds",
                    float(right): "that is the number it gets right; covered counts "
                    "every row where the precondition holds",
                },
            ),
            compare_number(
                correct,
                right,
                what="the covered test rows it gets right",
                tol=0,
                wrong={
                    float(train_right): "those are training rows; use the test rows",
                    float(n - right): "those are the mistakes; count the rows with "
                    "the rule's class",
                    float(n): "that is the number of rows it covers; count those "
                    "with the rule's class",
                },
            ),
        ]
    )
