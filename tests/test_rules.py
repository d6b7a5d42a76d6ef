"""Rules from trees and rule post-pruning."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.curves import train_validation_test_split
from dtlearn.rules import Rule, RuleSet, rule_post_prune, rules_from_tree


def _vote():
    X, y = dt.load_vote()
    keep = X.notna().all(axis=1)
    return train_validation_test_split(X[keep], y[keep], random_state=0)


def test_restaurant_rule_and_its_two_simplifications():
    X, y = dt.load_restaurant()
    rule = Rule.from_text("IF Patrons = Full AND WaitEstimate = 0-10 THEN Yes", X, "Wait")
    assert rule.text == "IF Patrons = Full AND WaitEstimate = 0-10 THEN Wait = Yes"
    table = rule.simplifications(X, y)
    assert [r[0] for r in table.rows] == ["(nothing)", "Patrons = Full", "WaitEstimate = 0-10"]
    assert [r[1] for r in table.rows[1:]] == ["IF WaitEstimate = 0-10 THEN Wait = Yes",
                                              "IF Patrons = Full THEN Wait = Yes"]
    assert [(r[3], r[2]) for r in table.rows] == [(0, 0), (4, 6), (2, 6)]
    assert rule.accuracy(X, y) == (0, 0)


def test_rule_parsing_numbers_and_errors():
    X, y = dt.load_play_tennis(numeric=True)
    rule = Rule.from_text("IF outlook = sunny AND humidity > 75 THEN play = no", X)
    assert rule.target_name == "play" and rule.label == "no"
    assert rule.accuracy(X, y) == (3, 3)
    assert Rule.from_text("IF TRUE THEN yes", X).covers(X).all()
    with pytest.raises(ValueError, match="no attribute 'colour'"):
        Rule.from_text("IF colour = red THEN yes", X)
    with pytest.raises(ValueError, match="not a value"):
        Rule.from_text("IF outlook = foggy THEN yes", X)
    with pytest.raises(ValueError, match="IF ... THEN"):
        Rule.from_text("outlook = sunny", X)


def test_rules_from_tree_classify_like_the_tree():
    X_tr, X_va, X_te, y_tr, y_va, y_te = _vote()
    model = dt.ID3Classifier().fit(X_tr, y_tr)
    rules = rules_from_tree(model)
    assert len(rules) == model.tree_.n_leaves
    np.testing.assert_array_equal(rules.predict(X_te), model.predict(X_te))
    assert rules.default == "democrat"
    assert str(rules).splitlines()[-1].strip() == "ELSE Class = democrat"


def test_rule_post_prune_on_vote():
    X_tr, X_va, X_te, y_tr, y_va, y_te = _vote()
    model = dt.ID3Classifier().fit(X_tr, y_tr)
    before = model.tree_.to_json()
    result = rule_post_prune(model, X_va, y_va)
    assert model.tree_.to_json() == before
    assert isinstance(result.ruleset, RuleSet)
    assert len(result.ruleset) < len(result.original)  # duplicates merged
    assert result.score(X_te, y_te) >= model.score(X_te, y_te)
    accuracies = [r.val_accuracy for r in result.ruleset.rules if r.val_covered]
    assert accuracies == sorted(accuracies, reverse=True)
    assert "ELSE" in str(result) and "<table" in result._repr_html_()
    assert result.to_dict()["ruleset"]["default"] == "democrat"


def _check_steps(result):
    for step in result.steps:
        if step.dropped is not None:
            assert step.covered_before > 0
            assert step.accuracy_after >= step.accuracy_before
            assert step.candidates.highlight_row is not None
        assert str(step) and step._repr_html_()
    # every final rule: no single drop keeps (or raises) its accuracy
    finals = [s for s in result.steps if s.dropped is None]
    for step in finals:
        if step.covered_before:
            accs = [r[4] for r in step.candidates.rows[1:]]
            assert all(np.isnan(a) or a < step.accuracy_before for a in accs)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(20, 60))
def test_rule_post_prune_invariants_on_random_data(seed, n):
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({f"a{j}": rng.choice(["p", "q", "r"], size=n) for j in range(3)})
    y = np.where((X["a0"] == "p") ^ (rng.random(n) < 0.2), "yes", "no")
    half = n // 2
    model = dt.ID3Classifier(stop_at_zero_gain=False).fit(X[:half], y[:half])
    keep = np.isin(y[half:], model.classes_)
    result = rule_post_prune(model, X[half:][keep], y[half:][keep])
    _check_steps(result)
    assert result.ruleset.predict(X).shape == (n,)


def test_rule_post_prune_bad_input():
    X_tr, X_va, _, y_tr, y_va, _ = _vote()
    model = dt.ID3Classifier().fit(X_tr, y_tr)
    with pytest.raises(ValueError, match="X_val has columns"):
        rule_post_prune(model, X_va.iloc[:, :3], y_va)
    with pytest.raises(ValueError, match="y_val holds the label"):
        rule_post_prune(model, X_va, ["green"] * len(X_va))
    with pytest.raises(ValueError, match="X_val is empty"):
        rule_post_prune(model, X_va[:0], y_va[:0])
    with pytest.raises(ValueError, match="classification"):
        rule_post_prune(dt.CARTRegressor().fit([[0.0], [1.0]], [0.0, 1.0]), [[0.5]], [1.0])


@st.composite
def tables_with_missing_values(draw):
    n = draw(st.integers(6, 40))
    cat = draw(st.lists(st.sampled_from(["a", "b", "c", None]), min_size=n, max_size=n))
    num = draw(st.lists(st.one_of(st.none(), st.integers(0, 6)), min_size=n, max_size=n))
    y = draw(st.lists(st.sampled_from(["p", "q", "r"]), min_size=n, max_size=n))
    X = pd.DataFrame({"cat": pd.Series(cat, dtype=object),
                      "num": pd.Series([np.nan if v is None else float(v) for v in num])})
    return X, np.array(y)


@settings(max_examples=60, deadline=None)
@given(tables_with_missing_values(), st.booleans())
def test_rules_of_a_c45_tree_agree_with_it_on_rows_with_missing_values(data, prune):
    # C4.5 sends a row with an unknown test value down every branch; its rules must too
    X, y = data
    model = dt.C45Classifier(prune=prune, min_samples_leaf=1).fit(X, y)
    rules = rules_from_tree(model)
    unseen = pd.DataFrame({"cat": ["z", None], "num": [np.nan, 3.0]})  # new category, missing
    for rows in (X, unseen):
        assert list(rules.predict(rows)) == list(model.predict(rows))


def test_rules_of_the_vote_c45_tree_agree_with_it_on_its_203_rows_with_missing_votes():
    X, y = dt.load_vote()
    model = dt.C45Classifier().fit(X, y)
    missing = X.isna().any(axis=1)
    assert missing.sum() == 203
    assert list(rules_from_tree(model).predict(X[missing])) == list(model.predict(X[missing]))
