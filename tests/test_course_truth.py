"""The library side of the course's truth (issue 10).

What the course prints must agree with its sources: the lecture's restaurant table, what
an MAE regression tree predicts (medians), how a regression target is named, how numbers
and counts read, and ordinal attributes split by thresholds over their declared order.
Every expectation here comes from the source texts, a hand computation, Weka 3.6 or
scikit-learn, not from dtlearn itself.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.drawing import layout
from dtlearn.tree import Tree, format_value, plural

# Figure 1 of the decision-tree lecture (source 003), typed in by hand from the lecture (the
# lecture's text is not shipped with the repository):
# Alt Bar Fri Hun Pat Price Rain Res Type Est WillWait
LECTURE_TABLE = """
Yes No  No  Yes Some $$$ No  Yes French  0-10  Yes
Yes No  No  Yes Full $   No  No  Thai    30-60 No
No  Yes No  No  Some $   No  No  Burger  0-10  Yes
Yes No  Yes Yes Full $   Yes No  Thai    10-30 Yes
Yes No  Yes No  Full $$$ No  Yes French  >60   No
No  Yes No  Yes Some $$  Yes Yes Italian 0-10  Yes
No  Yes No  No  None $   Yes No  Burger  0-10  No
No  No  No  Yes Some $$  Yes Yes Thai    0-10  Yes
No  Yes Yes No  Full $   Yes No  Burger  >60   No
Yes Yes Yes Yes Full $$$ No  Yes Italian 10-30 No
No  No  No  No  None $   No  No  Thai    0-10  No
Yes Yes Yes Yes Full $   No  No  Burger  30-60 Yes
"""


def _lecture_rows():
    return [line.split() for line in LECTURE_TABLE.strip().splitlines()]


# ---------------------------------------------------------------- restaurant
def test_load_restaurant_is_the_lectures_figure_1_cell_by_cell():
    X, y = dt.load_restaurant()
    got = [list(map(str, row)) + [label] for row, label in zip(X.to_numpy(), y)]
    assert got == _lecture_rows()
    assert X.loc[3, "Raining"] == "Yes"  # x4: the one cell aima-data has as No


def test_aima_variant_differs_in_exactly_one_cell():
    X, y = dt.load_restaurant()
    Xa, ya = dt.load_restaurant(variant="aima")
    assert y.equals(ya)
    differ = X.astype(str) != Xa.astype(str)
    assert differ.to_numpy().sum() == 1 and differ.loc[3, "Raining"]
    assert Xa.loc[3, "Raining"] == "No"
    assert list(Xa["Raining"].cat.categories) == ["Yes", "No"]
    with pytest.raises(ValueError, match="variant"):
        dt.load_restaurant(variant="book")


def test_restaurant_numbers_the_lecture_states():
    X, y = dt.load_restaurant()
    # Figure 3: Alternate leaves both children 50/50; Bar too (section 2.4.1)
    for name in ("Alternate", "Bar"):
        for value in ("Yes", "No"):
            assert (y[X[name] == value] == "Yes").mean() == 0.5
    # Raining = Yes holds x4, x6, x7, x8, x9: 3 Yes, 2 No (aima-data has x4 on the other side)
    assert pd.crosstab(X["Raining"], y).loc["Yes"].tolist() == [3, 2]

    def h(p):
        return -(p * np.log2(p) + (1 - p) * np.log2(1 - p))

    by_hand = 1 - (5 / 12 * h(3 / 5) + 7 / 12 * h(3 / 7))  # = 0.0207 bits
    assert float(dt.information_gain(X["Raining"], y)) == pytest.approx(by_hand, abs=1e-12)
    Xa, ya = dt.load_restaurant(variant="aima")  # 4 rows 2/2 and 8 rows 4/4: no gain at all
    assert float(dt.information_gain(Xa["Raining"], ya)) == pytest.approx(0.0, abs=1e-12)


def test_weka_fixture_is_the_lecture_table():
    from weka_output import data_path, load_index

    meta = load_index()["datasets"]["restaurant"]
    assert "x4 Raining = Yes" in meta["note"]
    Xw, yw = dt.read_arff(data_path("restaurant"))
    X, y = dt.load_restaurant()
    assert (Xw.astype(str).to_numpy() == X.astype(str).to_numpy()).all()
    assert yw.astype(str).tolist() == y.astype(str).tolist()


# ---------------------------------------------------------------- regression text
@pytest.fixture
def outlier_curve():
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(0, 6, size=40))
    y = np.sin(x) + rng.normal(0, 0.2, size=40)
    y[5] = 8.0
    return pd.DataFrame({"x": x}), pd.Series(y, name="y")


def test_mae_tree_says_median_and_its_leaves_are_medians(outlier_curve):
    X, y = outlier_curve
    model = dt.CARTRegressor(criterion="mae", max_depth=1).fit(X, y)
    tree = model.tree_
    assert tree.leaf_statistic == "median"
    left = X["x"] <= tree.root.split.threshold
    medians = [np.median(y[left]), np.median(y[~left])]
    assert [leaf.value[0] for leaf in tree.leaves()] == pytest.approx(medians)
    text = tree.to_text()
    assert "median" in text and "mean" not in text
    # rules print the threshold and the leaf value exactly (they are read back)
    rule = re.fullmatch(
        r"IF x <= (\S+) THEN y = (\S+)  \(median of (\d+) training rows\)",
        tree.to_rules().splitlines()[0],
    )
    assert float(rule[1]) == tree.root.split.threshold
    assert (float(rule[2]), int(rule[3])) == (tree.leaves()[0].value[0], int(left.sum()))
    assert f"median {format_value(np.median(y))}" in text.splitlines()[0]
    derivation = str(model.steps_[0].chosen.explain())
    assert "median" in derivation and "MAE" in derivation and "mean" not in derivation
    # the panel and the plot boxes read the same words
    data = layout.tree_view_data(model)
    assert all("median" in n["summary"] for n in data["nodes"])
    assert data["nodes"][0]["impurity_text"].startswith("MAE ")


def test_mae_leaves_equal_scikit_learns_absolute_error(outlier_curve):
    sklearn_tree = pytest.importorskip("sklearn.tree")
    X, y = outlier_curve
    ours = dt.CARTRegressor(criterion="mae", max_depth=2).fit(X, y)
    theirs = sklearn_tree.DecisionTreeRegressor(
        criterion="absolute_error", max_depth=2, random_state=0
    ).fit(X, y)
    assert ours.predict(X) == pytest.approx(theirs.predict(X))


def test_mse_tree_says_mean(outlier_curve):
    X, y = outlier_curve
    tree = dt.CARTRegressor(max_depth=1).fit(X, y).tree_
    assert tree.leaf_statistic == "mean"
    assert "mean" in tree.to_text() and "median" not in tree.to_text()
    assert tree.root.value[0] == pytest.approx(y.mean())


def test_regression_target_is_never_a_class():
    X = np.arange(10.0).reshape(-1, 1)
    y = np.r_[np.zeros(5), np.ones(5) * 3]  # no name
    model = dt.CARTRegressor(max_depth=1).fit(X, y)
    tree = model.tree_
    texts = [
        tree.to_text(),
        tree.to_rules(),
        tree.to_dot(),
        tree.to_text(style="weka"),
        str(model.steps_[0].chosen.explain()),
        str(model.steps_[0].table()),
        *(
            n["label"] + n["summary"] + n["explanation"]["text"]
            for n in layout.tree_view_data(model)["nodes"]
        ),
    ]
    assert tree.target_name == "target"
    for text in texts:
        assert not re.search(r"\bclass(es)?\b", text), text
    # a classifier with an unnamed target still calls it the class
    assert dt.CARTClassifier().fit(X, ["a"] * 5 + ["b"] * 5).tree_.target_name == "class"


def test_leaf_values_print_with_three_decimals(outlier_curve):
    X, y = outlier_curve
    tree = dt.CARTRegressor(max_depth=2).fit(X, y).tree_
    numbers = re.findall(r"-?\d+\.\d+", tree.to_text() + tree.to_dot())
    decimals = [len(n.split(".")[1]) for n in numbers]
    # thresholds keep Weka's up to 6 decimals; every leaf value has at most 3; rules print
    # both exactly (they are read back)
    values = [leaf.value[0] for leaf in tree.leaves()]
    assert [float(v) for v in re.findall(r"THEN y = (\S+)", tree.to_rules())] == values
    for leaf in tree.leaves():
        assert f"→ {format_value(leaf.value[0])} " in tree.to_text()
        assert len(format_value(leaf.value[0]).split(".")[-1]) <= 3
    assert max(decimals) <= 6
    assert format_value(0.5941252504116743) == "0.594"
    assert format_value(2.0) == "2" and format_value(-0.0004567) == "-0.000457"


def test_mae_json_round_trip_keeps_the_median_label(outlier_curve):
    X, y = outlier_curve
    tree = dt.CARTRegressor(criterion="mae", max_depth=1).fit(X, y).tree_
    again = Tree.from_json(tree.to_json())
    assert again.criterion == "mae" and again.to_text() == tree.to_text()
    pruned = tree.with_leaves_at([tree.root.node_id])
    assert "median" in pruned.to_text()


# ---------------------------------------------------------------- counts and ties
def test_one_row_one_leaf_singular():
    assert plural(1, "row") == "1 row" and plural(1.0, "leaf", "leaves") == "1 leaf"
    assert plural(0, "row") == "0 rows" and plural(2, "leaf", "leaves") == "2 leaves"
    X = np.array([[0.0], [1.0], [2.0]])
    tree = dt.CARTRegressor().fit(X, [0.0, 1.0, 5.0]).tree_
    text = tree.to_text()
    assert "(1 row," in text and "1 rows" not in text
    data = layout.tree_view_data(tree.with_leaves_at([tree.root.node_id]))
    assert layout.describe(data).startswith("tree of target: 1 node, 1 leaf")


def test_misclassification_never_claims_a_majority_on_a_tie():
    note = str(dt.misclassification(counts=[5, 5]).explain())
    assert "majority class is" not in note
    assert "tie" in note and "c1" in note
    assert "the majority class is yes" in str(
        dt.misclassification(counts=[9, 5], classes=["yes", "no"]).explain()
    )


def test_tree_boxes_name_their_impurity():
    X, y = dt.load_play_tennis()
    data = layout.tree_view_data(dt.CARTClassifier().fit(X, y))
    assert data["nodes"][0]["impurity_text"] == "Gini 0.459"  # 1 - (9/14)² - (5/14)²
    data = layout.tree_view_data(dt.ID3Classifier().fit(X, y))
    assert data["nodes"][0]["impurity_text"] == "entropy 0.940"


# ---------------------------------------------------------------- ordinal attributes
CAR_ORDERS = {
    "buying": ["low", "med", "high", "vhigh"],
    "maint": ["low", "med", "high", "vhigh"],
    "doors": ["2", "3", "4", "5more"],
    "persons": ["2", "4", "more"],
    "lug_boot": ["small", "med", "big"],
    "safety": ["low", "med", "high"],
}
LEVELS = {
    "size": ["XS", "S", "M", "L", "XL"],
    "grade": ["D", "C", "B", "A"],
    "risk": ["low", "mid", "high"],
}


def _ordinal_car():
    X, y = dt.load_car()
    X = X.copy()
    for name, order in CAR_ORDERS.items():
        X[name] = X[name].cat.reorder_categories(order, ordered=True)
    return X, y


def _ordinal_data(seed=0, n=400, regression=False):
    rng = np.random.default_rng(seed)
    codes = {k: rng.integers(0, len(v), n) for k, v in LEVELS.items()}
    score = 0.9 * codes["size"] - 1.3 * codes["grade"] + 0.7 * codes["risk"] + rng.normal(0, 1, n)
    X = pd.DataFrame(
        {k: pd.Categorical.from_codes(c, LEVELS[k], ordered=True) for k, c in codes.items()}
    )
    codes_frame = pd.DataFrame(codes).astype(float)
    y = pd.Series(score if regression else np.where(score > 0.5, "yes", "no"), name="y")
    return X, codes_frame, y


def _walk_pairs(ours, theirs):
    """Pairs (our node, scikit-learn node id) in pre-order; both trees must have one shape."""
    stack = [(ours.tree_.root, 0)]
    t = theirs.tree_
    while stack:
        node, k = stack.pop()
        yield node, k
        if node.is_leaf:
            assert t.children_left[k] == -1
            continue
        stack.append((node.children[1], t.children_right[k]))
        stack.append((node.children[0], t.children_left[k]))


@pytest.mark.parametrize("regression", [False, True])
def test_cart_ordinal_splits_are_scikit_learns_thresholds_on_the_codes(regression):
    sklearn_tree = pytest.importorskip("sklearn.tree")
    X, codes, y = _ordinal_data(regression=regression)
    if regression:
        ours = dt.CARTRegressor(max_depth=4).fit(X, y)
        make = sklearn_tree.DecisionTreeRegressor
    else:
        ours = dt.CARTClassifier(max_depth=4).fit(X, y)
        make = sklearn_tree.DecisionTreeClassifier
    fits = [make(max_depth=4, random_state=r).fit(codes, y) for r in range(4)]
    # only where scikit-learn's random feature order does not matter
    assert all((f.tree_.threshold == fits[0].tree_.threshold).all() for f in fits)
    theirs = fits[0]
    names = list(LEVELS)
    for node, k in _walk_pairs(ours, theirs):
        assert node.n_samples == theirs.tree_.n_node_samples[k]
        if node.is_leaf:
            continue
        feature = names[theirs.tree_.feature[k]]
        cut = theirs.tree_.threshold[k]  # a midpoint k + 0.5 between two codes
        assert node.split.kind == "threshold"
        assert ours.tree_.schema.names[node.split.feature] == feature
        left = node.split.left_categories(ours.tree_.schema)
        assert left == tuple(c for i, c in enumerate(LEVELS[feature]) if i <= cut)
        assert node.split.conditions(ours.tree_.schema)[0] == f"{feature} <= {left[-1]}"
    assert (
        ours.predict(X) == pytest.approx(theirs.predict(codes))
        if regression
        else (ours.predict(X) == theirs.predict(codes)).all()
    )


def test_ordinal_attribute_offers_k_minus_1_cuts_and_car_buying_3_not_7():
    X, y = _ordinal_car()
    assert len(dt.candidate_splits(X["buying"])) == 3
    assert [left for left, _ in dt.candidate_splits(X["buying"])] == [
        "buying <= low",
        "buying <= med",
        "buying <= high",
    ]
    assert len(dt.candidate_splits(X["buying"].cat.as_unordered())) == 2**3 - 1
    # the grower scores exactly those: k - 1 cuts for every ordinal attribute
    root = dt.CARTClassifier().make_grower(X, y).candidates(0)
    assert {c.feature_name: c.scores["n_cuts"] for c in root} == {
        name: len(order) - 1 for name, order in CAR_ORDERS.items()
    }
    nominal = dt.CARTClassifier().make_grower(dt.load_car()[0], y).candidates(0)
    assert nominal[0].scores["n_cuts"] == 7  # four classes: all 2^(4-1) - 1 partitions
    # ID3 stays multiway
    step = dt.ID3Classifier().fit(X, y).steps_[0]
    assert step.chosen.split.kind == "multiway"


def test_c45_on_ordinal_car_is_j48_on_its_ranks():
    from weka_output import tree_lines

    folder = Path(__file__).parent / "fixtures" / "weka_ordinal"
    X, y = _ordinal_car()

    def named(line):
        return re.sub(
            r"(\w+) (<=|>) (\d+)", lambda m: f"{m[1]} {m[2]} {CAR_ORDERS[m[1]][int(m[3])]}", line
        )

    for run, prune in (("J48", True), ("J48-U", False)):
        weka = [
            named(line)
            for line in tree_lines(
                (folder / f"car-ranks.{run}.txt").read_text(encoding="utf-8"), "J48"
            )
        ]
        ours = dt.C45Classifier(prune=prune).fit(X, y).tree_.to_text(style="weka").splitlines()
        assert ours == weka
    # and the ranks file is the car data re-coded in that order
    Xr, yr = dt.read_arff(folder / "car-ranks.arff")
    assert (Xr.to_numpy() == np.column_stack([X[c].cat.codes for c in CAR_ORDERS])).all()


def test_ordinal_trees_predict_export_and_explain():
    X, y = _ordinal_car()
    model = dt.CARTClassifier(max_depth=3).fit(X, y)
    tree = model.tree_
    assert tree.to_text().splitlines()[1].startswith("├─ persons <= 2")
    assert "IF persons > 2 AND safety <= low THEN class = unacc" in tree.to_rules()
    namespace = {}
    exec(tree.to_python(), namespace)
    rows = X.astype(str).to_dict("records")
    assert [namespace["predict"](r) for r in rows] == model.predict(X).tolist()
    again = Tree.from_json(tree.to_json())
    assert again.schema.is_ordinal(0) and again.to_text() == tree.to_text()
    assert (again.predict(X) == model.predict(X)).all()
    path = str(tree.decision_path(X.iloc[100]))
    assert path.startswith("persons > 2 -> safety > low")
    assert "persons <= 2" in str(model.steps_[0].chosen.explain(model.classes_, "class"))
    # a category unknown to the order is a missing value, not a crash
    unseen = X.iloc[:1].astype(object).assign(buying="free")
    assert model.predict(unseen).shape == (1,)


def test_split_from_dict_rejects_a_threshold_on_a_nominal_column():
    from dtlearn.data import Schema
    from dtlearn.splits import split_from_dict

    nominal = Schema(("colour",), ("categorical",), (("red", "blue"),))
    with pytest.raises(ValueError, match="ordinal"):
        split_from_dict({"kind": "threshold", "feature": 0, "threshold": 0}, nominal)
    ordinal = Schema(("size",), ("categorical",), (("S", "M", "L"),), (True,))
    assert split_from_dict({"kind": "threshold", "feature": 0, "threshold": 1}, ordinal).conditions(
        ordinal
    ) == ["size <= M", "size > M"]
    with pytest.raises(ValueError, match="ordinal"):
        split_from_dict({"kind": "threshold", "feature": 0, "threshold": 7}, ordinal)


def test_numeric_search_scores_one_cut_per_gap_between_distinct_values():
    X, y = dt.load_play_tennis(numeric=True)
    root = dt.CARTClassifier().make_grower(X, y).candidates(0)
    cuts = {c.feature_name: c.scores["n_cuts"] for c in root}
    distinct = X.nunique()
    assert cuts["temperature"] == distinct["temperature"] - 1 == 11
    assert cuts["humidity"] == distinct["humidity"] - 1 == 9
    assert cuts["outlook"] == 2  # two classes: Breiman's v - 1 ordered cuts, not 2^(3-1) - 1
    assert len(dt.candidate_splits(X["temperature"])) == 11


def test_one_instance_and_one_training_row_are_singular():
    assert "with 1 instance:" in str(dt.entropy(counts=[1, 0]).explain())
    assert "with 2 instances:" in str(dt.entropy(counts=[1, 1]).explain())
    X, y = dt.load_play_tennis(numeric=True)
    path = dt.CARTClassifier().fit(X, y).tree_.decision_path(X.iloc[6])
    assert "(14 training rows)" in path._repr_markdown_()
    X = np.array([[0.0], [1.0], [2.0]])
    path = dt.CARTClassifier().fit(X, ["a", "b", "b"]).tree_.decision_path([0.0])
    assert "(3 training rows)" in path._repr_markdown_()


def test_tree_view_panel_prints_regression_leaves_rounded(outlier_curve):
    X, y = outlier_curve
    data = layout.tree_view_data(dt.CARTRegressor(max_depth=1).fit(X, y))
    for node in data["nodes"][1:]:
        text = node["explanation"]["text"]
        shown = re.search(r"leaf: predicts (\S+)", text).group(1)
        assert shown == format_value(node["prediction"]) and len(shown.split(".")[-1]) <= 3


def test_as_ordinal_orders_columns_for_threshold_splits():
    X, y = dt.load_car()
    Xo = dt.as_ordinal(X, CAR_ORDERS)
    assert all(Xo[c].dtype.ordered for c in CAR_ORDERS) and not X["buying"].dtype.ordered
    assert list(Xo["buying"].cat.categories) == CAR_ORDERS["buying"]
    assert (Xo.astype(str) == X.astype(str)).all().all()  # same values, now ordered
    expected = _ordinal_car()[0]
    assert (
        dt.CARTClassifier(max_depth=3).fit(Xo, y).tree_.to_text()
        == dt.CARTClassifier(max_depth=3).fit(expected, y).tree_.to_text()
    )
    Xr, _ = dt.load_restaurant()
    kept = dt.as_ordinal(Xr, ["Price"])  # the declared order $ < $$ < $$$
    assert kept["Price"].dtype.ordered and list(kept["Price"].cat.categories) == ["$", "$$", "$$$"]
    with pytest.raises(ValueError, match="missing from it"):
        dt.as_ordinal(X, {"buying": ["low", "med"]})
    with pytest.raises(ValueError, match="no column named"):
        dt.as_ordinal(X, ["colour"])
    with pytest.raises(ValueError, match="no declared category order"):
        dt.as_ordinal(pd.DataFrame({"s": ["a", "b"]}), ["s"])
    with pytest.raises(TypeError, match="DataFrame"):
        dt.as_ordinal([[1]], ["s"])


def test_rules_and_pruning_read_ordinal_tests():
    from dtlearn.pruning.rule_post_pruning import Rule

    X, y = _ordinal_car()
    rule = Rule.from_text("IF buying <= med AND safety > low THEN acc", X)
    covered = rule.covers(X)
    assert covered.sum() == ((X["buying"].isin(["low", "med"])) & (X["safety"] != "low")).sum()
    with pytest.raises(ValueError, match="not a level"):
        Rule.from_text("IF buying <= cheap THEN acc", X)
    rng = np.random.default_rng(0)
    rows = rng.permutation(len(y))
    train, val = rows[:1200], rows[1200:]
    model = dt.CARTClassifier().fit(X.iloc[train], y.iloc[train])
    pruned = dt.reduced_error_prune(model, X.iloc[val], y.iloc[val])
    assert pruned.tree.n_leaves <= model.tree_.n_leaves
    rules = dt.rule_post_prune(model, X.iloc[val], y.iloc[val])
    assert "<=" in str(rules) or ">" in str(rules)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 6),
    st.lists(st.tuples(st.integers(0, 5), st.integers(0, 2)), min_size=4, max_size=40),
)
def test_root_cut_of_an_ordinal_column_is_the_best_prefix_by_brute_force(k, rows):
    codes = np.array([c % k for c, _ in rows])
    labels = np.array(["abc"[lab] for _, lab in rows])
    levels = [f"L{i}" for i in range(k)]
    X = pd.DataFrame({"level": pd.Categorical.from_codes(codes, levels, ordered=True)})
    y = pd.Series(labels, name="y")
    present = sorted(set(codes))

    def child_gini(cut):
        left = codes <= cut
        return sum(side.mean() * float(dt.gini(y[side])) for side in (left, ~left) if side.any())

    cuts = present[:-1]
    grower = dt.CARTClassifier().make_grower(X, y)
    candidate = grower.candidates(0)[0]
    if not cuts:
        assert not candidate.admissible
        return
    assert candidate.scores["n_cuts"] == len(cuts)
    best = min(child_gini(c) for c in cuts)
    chosen = int(candidate.split.threshold)
    assert chosen in cuts and child_gini(chosen) == pytest.approx(best, abs=1e-12)
    assert candidate.split.left_categories(grower.schema) == tuple(levels[: chosen + 1])


def test_decision_path_of_a_regression_tree_prints_a_rounded_value():
    X = np.arange(6.0).reshape(-1, 1)
    tree = dt.CARTRegressor(max_depth=1).fit(X, [1, 1, 1.2, 5, 5, 6.1]).tree_
    path = tree.decision_path([4.0])
    assert str(path) == "x0 > 2.5 -> predict 5.367"  # (5 + 5 + 6.1) / 3 = 5.3667
    assert path.prediction == pytest.approx(16.1 / 3)  # the value itself stays exact
    assert "**prediction: 5.367**" in path._repr_markdown_()


def test_regression_fit_legend_says_1_leaf():
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    X = pd.DataFrame({"x": np.arange(5.0)})
    y = pd.Series(np.ones(5))
    ax = dt.plot.regression_fit(dt.CARTRegressor().fit(X, y), X, y)
    assert [line.get_label() for line in ax.get_lines()] == ["tree (1 leaf)"]
    plt.close(ax.figure)
