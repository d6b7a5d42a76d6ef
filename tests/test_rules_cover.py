"""Rules cover every row ``predict`` answers from one node, exactly once (issue 41, item 2).

``Tree.to_rules()`` writes one rule per leaf and one per node where ``predict`` stops a row
whose test value the node cannot answer (a category it never saw, or a missing value for a
tree that accepts them). Read back with :meth:`Rule.from_text`, the rules must cover each
such row exactly once, with the prediction ``predict`` makes, over learners and random data
with unseen categories and missing values (hypothesis). Regression values print as the
shortest text that reads back as the same float. A C4.5 tree shares a row with an unknown
tested value among its branches (``missing="distribute"``): no rule covers it, and the
others are covered once.
"""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.data import infer_schema
from dtlearn.pruning.rule_post_pruning import Rule, rules_from_tree

LEARNERS = {
    "id3": (lambda: dt.ID3Classifier(), "class", False),
    "cart": (lambda: dt.CARTClassifier(max_depth=4), "class", True),
    "cart-regressor": (lambda: dt.CARTRegressor(max_depth=4), "number", True),
    "one-r": (lambda: dt.OneR(), "class", True),
    "c45": (lambda: dt.C45Classifier(min_samples_leaf=1), "class", True),
}


@st.composite
def problems(draw):
    """A training table and a test table with unseen categories (and missing values)."""
    name = draw(st.sampled_from(sorted(LEARNERS)))
    make, task, numeric = LEARNERS[name]
    n = draw(st.integers(6, 40))
    m = draw(st.integers(1, 20))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    columns, test = {}, {}
    for j in range(draw(st.integers(1, 3))):
        k = int(rng.integers(2, 5))
        seen = [f"v{v}" for v in range(k)]
        columns[f"c{j}"] = rng.choice(seen, size=n)
        test[f"c{j}"] = rng.choice(seen + ["unseen", "other"], size=m)
    if numeric:
        for j in range(draw(st.integers(0, 2))):
            columns[f"x{j}"] = np.round(rng.normal(size=n), 1)
            test[f"x{j}"] = np.round(rng.normal(size=m), 1)
    X, X_test = pd.DataFrame(columns), pd.DataFrame(test)
    model = make()
    if model.__sklearn_tags__().input_tags.allow_nan:  # missing values too, where accepted
        for c in X_test.columns:
            hole = rng.uniform(size=m) < 0.2
            X_test[c] = X_test[c].astype(object).where(~hole, None)
            if c.startswith("x"):
                X_test[c] = pd.to_numeric(X_test[c])
    if task == "class":
        y = rng.choice(["a", "b", "c"][: int(rng.integers(2, 4))], size=n)
    else:
        y = np.round(rng.normal(size=n) * 10.0 ** int(rng.integers(-3, 4)), 3) / 7
    return name, model.fit(X, y), X, X_test


def _covering(tree, X, X_test):
    both = pd.concat([X, X_test], ignore_index=True)
    schema = infer_schema(both, [c for c in X.columns if c.startswith("c")])
    rules = [Rule.from_text(line, schema) for line in tree.to_rules().splitlines()]
    return rules, np.array([rule.covers(X_test) for rule in rules]).reshape(len(rules), -1)


@settings(max_examples=60, deadline=None)
@given(problems())
def test_every_row_predict_answers_from_one_node_is_covered_by_one_rule(problem):
    name, model, X, X_test = problem
    tree = model.tree_
    rules, covered = _covering(tree, X, X_test)
    predicted = model.predict(X_test)
    stops = tree.apply(X_test)
    single = (
        np.array([tree.node(int(s)).is_leaf for s in stops])
        if name == "c45"
        else np.ones(len(X_test), bool)
    )  # C4.5 shares a row stopped at an inner node
    assert (covered.sum(axis=0)[single] == 1).all()
    assert (covered.sum(axis=0)[~single] == 0).all()
    for row in np.flatnonzero(single):
        rule = rules[int(np.argmax(covered[:, row]))]
        assert rule.label == predicted[row]  # regression: the same float, read back


def test_an_unseen_category_gets_the_rule_of_the_node_where_prediction_stops():
    X, y = dt.load_play_tennis()
    model = dt.CARTClassifier().fit(X, y)
    foggy = X.iloc[[0]].copy()
    foggy["outlook"] = "foggy"
    line = model.tree_.to_rules().splitlines()[model.tree_.n_leaves]  # the root's, first
    assert line.startswith("IF outlook not in {")
    schema = infer_schema(pd.concat([X, foggy]))
    rule = Rule.from_text(line, schema)
    assert rule.covers(foggy)[0] and not rule.covers(X).any()
    assert rule.label == model.predict(foggy)[0] == model.tree_.label_of(model.tree_.root)


def test_regression_values_print_exactly_and_read_back_equal():
    X = pd.DataFrame({"x": [0.0, 1.0, 2.0, 3.0]})
    y = [0.0235, 0.0235, 0.1 + 0.2, 0.1 + 0.2]
    tree = dt.CARTRegressor().fit(X, y).tree_
    text = tree.to_rules()
    assert "THEN target = 0.0235  (mean of 2 training rows)" in text
    assert "THEN target = 0.30000000000000004  (mean of 2 training rows)" in text
    labels = [Rule.from_text(line, X).label for line in text.splitlines()]
    assert labels == [0.0235, 0.1 + 0.2]


def test_rule_values_read_back_the_unseen_rules_of_a_ruleset():
    X, y = dt.load_play_tennis()
    ruleset = rules_from_tree(dt.ID3Classifier().fit(X, y))
    texts = [rule.text for rule in ruleset.fallback]
    assert texts[0] == "IF outlook not in {sunny, overcast, rainy} THEN play = yes"
    foggy = X.iloc[[0]].assign(outlook="foggy")
    again = Rule.from_text(texts[0], infer_schema(pd.concat([X, foggy])))
    assert again.covers(foggy)[0]


@pytest.mark.parametrize(
    "text, message",
    [
        ("IF temperature not in {hot} THEN yes", "numeric"),
    ],
)
def test_not_in_needs_a_categorical_column(text, message):
    X, _ = dt.load_play_tennis(numeric=True)
    with pytest.raises(ValueError, match=message):
        Rule.from_text(text, X)
