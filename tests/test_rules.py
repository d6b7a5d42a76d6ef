"""Rules from trees and rule post-pruning."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.pruning.curves import train_validation_test_split
from dtlearn.pruning.rule_post_pruning import Rule, RuleSet, rule_post_prune, rules_from_tree


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
    assert [r[1] for r in table.rows[1:]] == [
        "IF WaitEstimate = 0-10 THEN Wait = Yes",
        "IF Patrons = Full THEN Wait = Yes",
    ]
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
    X = pd.DataFrame(
        {
            "cat": pd.Series(cat, dtype=object),
            "num": pd.Series([np.nan if v is None else float(v) for v in num]),
        }
    )
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


# ---------------------------------------------------------------- rules <-> predictions (issue 26)
def _round_trip_cases():
    rng = np.random.default_rng(7)
    Xn = pd.DataFrame(np.round(rng.normal(size=(120, 3)), 2), columns=["a", "b", "c"])
    yn = np.where(Xn["a"] + 0.7 * Xn["b"] > 0.1, "up", "down")
    yr = Xn["a"] * 3.0 + rng.normal(size=120)
    Xm, ym = Xn.copy(), yn
    Xm.loc[rng.uniform(size=120) < 0.15, "a"] = np.nan
    Xm.loc[rng.uniform(size=120) < 0.15, "b"] = np.nan
    tennis, play = dt.load_play_tennis()
    weather, wplay = dt.load_play_tennis(numeric=True)
    restaurant, wait = dt.load_restaurant()
    vote, party = dt.load_vote()
    return {
        "id3": (dt.ID3Classifier(), tennis, play),
        "c45-numeric": (dt.C45Classifier(), weather, wplay),
        "c45-unpruned": (dt.C45Classifier(prune=False, min_samples_leaf=1), Xn, yn),
        "c45-missing": (dt.C45Classifier(prune=False, min_samples_leaf=1), Xm, ym),
        "c45-vote": (dt.C45Classifier(), vote, party),
        "cart-subsets": (dt.CARTClassifier(), restaurant, wait),
        "cart-numeric": (dt.CARTClassifier(), Xn, yn),
        "cart-regressor": (dt.CARTRegressor(max_depth=4), Xn, yr),
        "oblique": (dt.ObliqueTreeClassifier(max_depth=3), Xn, yn),
    }


@pytest.mark.parametrize("name", sorted(_round_trip_cases()))
def test_text_rules_read_back_cover_what_the_tree_predicts(name):
    model, X, y = _round_trip_cases()[name]
    model.fit(X, y)
    lines = model.tree_.to_rules().splitlines()
    rules = [Rule.from_text(line, X) for line in lines]
    covered = np.array([rule.covers(X) for rule in rules])  # rules x rows
    predicted = model.predict(X)
    shown = list(predicted) if name == "cart-regressor" else [str(p) for p in predicted]
    complete = ~X.isna().any(axis=1).to_numpy()
    assert (covered.sum(axis=0)[complete] == 1).all()
    assert (covered.sum(axis=0) <= 1).all()  # an unknown tested value: no rule fires
    for row in np.flatnonzero(covered.any(axis=0)):
        label = rules[int(np.argmax(covered[:, row]))].label  # a float read back exactly
        assert (label if name == "cart-regressor" else str(label)) == shown[row]
    if model.tree_.is_classifier:  # Rule values print what from_text reads back
        for rule in rules_from_tree(model).rules:
            again = Rule.from_text(rule.text, X)
            assert (again.covers(X) == rule.covers(X)).all()


def test_rules_print_thresholds_exactly_and_keep_j48s_tolerance():
    X, y = dt.load_play_tennis(numeric=True)
    model = dt.C45Classifier().fit(X, y)
    text = model.tree_.to_rules()
    assert "humidity <= 75 (tolerance 1e-06)" in text
    near = X.iloc[[0]].copy()
    near["outlook"] = "sunny"
    for value in (75.0, 75.0 + 5e-7, 75.0 + 2e-6):  # J48 sends the first two left
        near["humidity"] = value
        rule = next(
            r for r in (Rule.from_text(line, X) for line in text.splitlines()) if r.covers(near)[0]
        )
        assert rule.label == model.predict(near)[0]
    cart = dt.CARTClassifier().fit(pd.DataFrame({"x": [0.1, 0.2]}), ["a", "b"])
    t = cart.tree_.root.split.threshold
    assert t == 0.15000000000000002  # the midpoint, which 6 decimals print as 0.15
    x = pd.DataFrame({"x": [t, 0.15]})
    rules = [Rule.from_text(line, x) for line in cart.tree_.to_rules().splitlines()]
    for row in range(2):
        assert [r.label for r in rules if r.covers(x)[row]] == ["a"] == [cart.predict(x)[row]]
