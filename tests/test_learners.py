"""Learners against independent oracles: Weka 3.6 (saved outputs) and scikit-learn."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from weka_output import data_path, load_index, oner_rule, read_output, tree_lines

import dtlearn as dt

INDEX = load_index()["datasets"]
ID3_SETS = sorted(name for name, info in INDEX.items() if info["id3"]["available"])
NOMINAL_SETS = sorted(
    name
    for name, info in INDEX.items()
    if all(kind == "nominal" for kind in info["attributes"].values())
)


def _load(name):
    return dt.read_arff(data_path(name))


# ---------------------------------------------------------------- Weka parity
@pytest.mark.parametrize("name", [n for n in ID3_SETS if n != "restaurant"])
def test_id3_prints_the_same_tree_as_weka(name):
    X, y = _load(name)
    ours = dt.ID3Classifier().fit(X, y).tree_.to_text(style="weka").splitlines()
    assert ours == tree_lines(read_output(name, "Id3"), "Id3")


def test_id3_restaurant_differs_from_weka_only_by_its_rounding_tie():
    # Under Patrons = Full five attributes tie at 0.2516 bits; Weka's sequential
    # arithmetic makes Type 1 ulp larger, our documented rule takes the first column.
    X, y = _load("restaurant")
    model = dt.ID3Classifier().fit(X, y)
    step = next(s for s in model.steps_ if s.condition == "Patrons = Full")
    gains = {c.feature_name: c.scores["information_gain"] for c in step.candidates}
    tied = [name for name, g in gains.items() if abs(g - gains["Type"]) < 1e-12]
    assert tied[0] == step.chosen.feature_name == "Hungry"
    assert {"Hungry", "Price", "Reservation", "Type", "WaitEstimate"} <= set(tied)
    assert "Patrons = Full" in model.tree_.to_text(style="weka")
    assert tree_lines(read_output("restaurant", "Id3"), "Id3")[0].startswith("Patrons")


@pytest.mark.parametrize("name", NOMINAL_SETS)
def test_oner_matches_weka(name):
    X, y = _load(name)
    model = dt.OneR().fit(X, y)
    weka = oner_rule(read_output(name, "OneR"))
    assert model.attribute_ == weka.attribute
    errors = int(round((1 - model.score(X, y)) * len(y)))
    assert errors == weka.training_errors


def test_zero_r_and_one_r_on_play_tennis_match_the_texts():
    X, y = dt.load_play_tennis()
    assert round((1 - dt.ZeroR().fit(X, y).score(X, y)) * 14) == 5
    one_r = dt.OneR().fit(X, y)
    assert one_r.attribute_ == "outlook" and one_r.errors_["outlook"] == 4
    assert round((1 - one_r.score(X, y)) * 14) == 4


# ---------------------------------------------------------------- scikit-learn parity
def _stable_sklearn(cls, X, y, **params):
    """scikit-learn's tree, if it is the same for several random_states (else None)."""
    models = [cls(random_state=r, **params).fit(X, y) for r in range(6)]
    out = [m.predict_proba(X) if hasattr(m, "predict_proba") else m.predict(X) for m in models]
    same = all(
        np.array_equal(o, out[0]) and m.tree_.node_count == models[0].tree_.node_count
        for o, m in zip(out, models)
    )
    return models[0] if same else None


def _float32(X):
    return np.asarray(X, dtype=np.float32).astype(float)


CLASSIFICATION_CASES = [
    ("iris", "gini", {}),
    ("iris", "entropy", {"max_depth": 3}),
    ("iris", "gini", {"min_samples_leaf": 5}),
    ("iris", "gini", {"max_leaf_nodes": 6}),
    ("iris", "entropy", {"min_impurity_decrease": 0.01}),
    ("cancer", "gini", {}),
    ("cancer", "entropy", {}),
    ("cancer", "entropy", {"max_depth": 2}),
    ("wine", "gini", {}),
    ("wine", "entropy", {"max_depth": 3}),
    ("wine", "gini", {"max_leaf_nodes": 6}),
    ("wine", "gini", {"min_impurity_decrease": 0.01}),
]


@pytest.mark.parametrize("data,criterion,params", CLASSIFICATION_CASES)
def test_cart_classifier_equals_scikit_learn(data, criterion, params):
    from sklearn import datasets
    from sklearn.tree import DecisionTreeClassifier

    loader = {
        "iris": datasets.load_iris,
        "cancer": datasets.load_breast_cancer,
        "wine": datasets.load_wine,
    }[data]
    X, y = loader(return_X_y=True)
    X = _float32(X)
    sk = _stable_sklearn(DecisionTreeClassifier, X, y, criterion=criterion, **params)
    assert sk is not None, "case chosen because scikit-learn's tree is random_state-free"
    ours = dt.CARTClassifier(criterion=criterion, **params).fit(X, y)
    assert ours.tree_.n_nodes == sk.tree_.node_count
    assert ours.tree_.n_leaves == sk.get_n_leaves()
    np.testing.assert_allclose(ours.predict_proba(X), sk.predict_proba(X))
    assert list(ours.predict(X)) == list(sk.predict(X))
    # the same partitions (a tie between features may cut them at another column)
    ours_nodes = sorted((n.n_samples, round(n.impurity, 12)) for n in ours.tree_.nodes())
    sk_nodes = sorted(zip(sk.tree_.weighted_n_node_samples, np.round(sk.tree_.impurity, 12)))
    assert ours_nodes == sk_nodes


@pytest.mark.parametrize(
    "params", [{"max_depth": 3}, {"min_samples_leaf": 10}, {"max_leaf_nodes": 12}]
)
def test_cart_regressor_equals_scikit_learn(params):
    from sklearn.datasets import load_diabetes
    from sklearn.tree import DecisionTreeRegressor

    X, y = load_diabetes(return_X_y=True)
    X = _float32(X)
    sk = _stable_sklearn(DecisionTreeRegressor, X, y, **params)
    assert sk is not None
    ours = dt.CARTRegressor(**params).fit(X, y)
    assert ours.tree_.n_nodes == sk.tree_.node_count
    np.testing.assert_allclose(ours.predict(X), sk.predict(X))


def test_cart_fully_grown_chooses_scikit_learns_impurity_decrease_at_the_root():
    from sklearn.datasets import make_classification
    from sklearn.tree import DecisionTreeClassifier

    X, y = make_classification(400, 6, n_informative=4, random_state=1)
    X = _float32(X)
    ours = dt.CARTClassifier().fit(X, y)
    sk = DecisionTreeClassifier(random_state=0).fit(X, y)
    root = ours.steps_[0].chosen.scores["impurity_decrease"]
    t = sk.tree_
    left, right = t.children_left[0], t.children_right[0]
    sk_decrease = (
        t.impurity[0]
        - (
            t.weighted_n_node_samples[left] * t.impurity[left]
            + t.weighted_n_node_samples[right] * t.impurity[right]
        )
        / t.weighted_n_node_samples[0]
    )
    assert root == pytest.approx(sk_decrease, rel=1e-12)
    assert ours.score(X, y) == sk.score(X, y) == 1.0


def test_subset_split_two_classes_is_optimal_among_all_partitions():
    # Breiman: ordering categories by class share and cutting is optimal for 2 classes
    rng = np.random.default_rng(3)
    cats = list("abcdef")
    X = pd.DataFrame({"c": rng.choice(cats, 300)})
    p = dict(zip(cats, [0.1, 0.9, 0.4, 0.6, 0.2, 0.8]))
    y = np.array([rng.random() < p[c] for c in X["c"]]).astype(int)
    model = dt.CARTClassifier(max_depth=1).fit(X, y)
    best = model.steps_[0].chosen.scores["impurity_decrease"]
    from itertools import combinations

    codes = X["c"].to_numpy()
    parent = dt.gini(y)
    exhaustive = 0.0
    for r in range(1, 6):
        for left in combinations(cats, r):
            mask = np.isin(codes, left)
            w = mask.mean()
            exhaustive = max(
                exhaustive, parent - w * dt.gini(y[mask]) - (1 - w) * dt.gini(y[~mask])
            )
    assert best == pytest.approx(exhaustive, rel=1e-12)


# ---------------------------------------------------------------- behaviour
def test_xor_needs_splits_past_zero_gain():
    X = pd.DataFrame({"a": ["0", "0", "1", "1"] * 3, "b": ["0", "1", "0", "1"] * 3})
    y = np.array(["no", "yes", "yes", "no"] * 3)
    stopping = dt.ID3Classifier().fit(X, y)
    assert stopping.tree_.n_leaves == 1 and stopping.steps_[0].stop_reason == "best gain is 0"
    learning = dt.ID3Classifier(stop_at_zero_gain=False).fit(X, y)
    assert learning.score(X, y) == 1.0 and learning.tree_.n_leaves == 4


def test_oblique_split_beats_axis_aligned_staircase():
    rng = np.random.default_rng(0)
    X = rng.uniform(size=(300, 2))
    y = np.where(X[:, 0] + X[:, 1] > 1, "above", "below")
    oblique = dt.ObliqueTreeClassifier(max_depth=1).fit(X, y)
    axis = dt.CARTClassifier(max_depth=1).fit(X, y)
    assert oblique.tree_.root.split.kind == "oblique"
    assert oblique.score(X, y) > 0.97 > axis.score(X, y)


def test_criteria_compare_on_one_engine():
    X, y = dt.load_play_tennis()
    firsts = {
        c: dt.ID3Classifier(criterion=c).fit(X, y).steps_[0].chosen.feature_name
        for c in ("entropy", "gain_ratio", "gini", "misclassification")
    }
    assert firsts["entropy"] == firsts["gain_ratio"] == firsts["gini"] == "outlook"
    # misclassification ties outlook and humidity (both leave 4 errors): first column wins
    assert firsts["misclassification"] == "outlook"


def test_max_leaf_nodes_grows_best_first():
    X, y = dt.load_play_tennis(numeric=True)
    model = dt.CARTClassifier(max_leaf_nodes=3).fit(X, y)
    assert model.tree_.n_leaves == 3


def test_cost_matrix_shifts_predictions_towards_the_expensive_class():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(400, 1))
    y = np.where(X[:, 0] + rng.normal(scale=1.0, size=400) > 0.8, "sick", "well")
    cheap = dt.CARTClassifier(max_depth=1).fit(X, y)
    costly = dt.CARTClassifier(max_depth=1, cost_matrix=[[0, 10], [1, 0]]).fit(X, y)
    # missing a sick patient costs 10 times more: more patients are called sick
    assert (costly.predict(X) == "sick").sum() > (cheap.predict(X) == "sick").sum()
    assert "x0 <= 0.882024 → sick" in costly.tree_.to_text()


def test_unseen_category_falls_back_to_the_node_majority():
    X, y = dt.load_play_tennis()
    model = dt.ID3Classifier().fit(X, y)
    row = pd.DataFrame(
        [{"outlook": "foggy", "temperature": "hot", "humidity": "high", "windy": "TRUE"}]
    )
    assert model.predict(row)[0] == "yes"  # the root's majority
    assert model.tree_.decision_path(row.iloc[0]).stopped_early


def test_categorical_argument_and_branch_order():
    X = pd.DataFrame({"size": [3, 1, 2, 3, 1, 2]})
    y = ["a", "b", "c", "a", "b", "c"]
    model = dt.ID3Classifier(categorical=["size"]).fit(X, y)
    assert model.tree_.to_text(style="weka").splitlines()[0] == "size = 3: a"


def test_single_class_and_single_row_fit_one_leaf():
    X = pd.DataFrame({"a": ["x", "y", "z"]})
    for learner in (dt.ID3Classifier(), dt.CARTClassifier(), dt.ZeroR()):
        assert learner.fit(X, ["p"] * 3).tree_.n_leaves == 1
        assert learner.fit(X[:1], ["q"]).predict(X).tolist() == ["q"] * 3
    assert dt.OneR().fit(X, ["p"] * 3).predict(X).tolist() == ["p"] * 3
    assert dt.CARTRegressor().fit([[1.0]], [2.0]).predict([[5.0]]).tolist() == [2.0]


def test_grow_steps_match_fit_steps_and_do_not_fit():
    X, y = dt.load_play_tennis()
    learner = dt.ID3Classifier()
    steps = list(learner.grow_steps(X, y))
    assert not hasattr(learner, "tree_")
    fitted = learner.fit(X, y).steps_
    assert [str(s) for s in steps] == [str(s) for s in fitted]
    assert sum(s.is_split for s in steps) == 3 and len(steps) == 8


def test_a_person_can_choose_any_split():
    X, y = dt.load_play_tennis()
    grower = dt.ID3Classifier().make_grower(X, y)
    step = grower.expand(0, "windy")
    assert step.by == "person" and grower.frontier() == [1, 2]
    with pytest.raises(ValueError, match="already used"):
        grower.expand(1, "windy")
    tree = grower.run()
    assert tree.root.split.features == (X.columns.get_loc("windy"),)


# ---------------------------------------------------------------- scikit-learn protocol
def test_works_in_cross_val_score_gridsearch_and_pipeline():
    from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import FunctionTransformer

    X, y = _load("car")  # the file is sorted: shuffle the folds
    cv = StratifiedKFold(3, shuffle=True, random_state=0)
    scores = cross_val_score(dt.ID3Classifier(), X, y, cv=cv)
    assert scores.shape == (3,) and scores.min() > 0.6
    grid = GridSearchCV(dt.CARTClassifier(), {"max_depth": [1, 3, 6]}, cv=cv).fit(X, y)
    assert grid.best_params_["max_depth"] == 6
    pipe = Pipeline(
        [("same", FunctionTransformer(lambda d: d)), ("tree", dt.CARTClassifier(max_depth=2))]
    ).fit(X, y)
    assert pipe.score(X, y) > 0.7


def test_get_and_set_params_round_trip():
    model = dt.CARTClassifier(max_depth=3)
    assert model.get_params()["max_depth"] == 3
    assert model.set_params(max_depth=4).max_depth == 4
    assert repr(model) == "CARTClassifier(max_depth=4)"
    with pytest.raises(ValueError, match="no parameter 'depth'"):
        model.set_params(depth=2)


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "X,y,match",
    [
        (np.array([1.0, 2.0]), [0, 1], "2-D"),
        ([[1.0], [2.0]], [0], "1 labels but X has 2 rows"),
        (np.empty((0, 2)), [], "empty"),
        ([[1.0], [2.0]], [0, None], "missing labels"),
        ([[1.0], [np.inf]], [0, 1], "infinite"),
        ([[1.0], [np.nan]], [0, 1], "C45Classifier"),
    ],
)
def test_bad_training_data_is_named(X, y, match):
    with pytest.raises(ValueError, match=match):
        dt.CARTClassifier().fit(X, y)


@pytest.mark.parametrize(
    "params,error,match",
    [
        ({"max_depth": 0}, ValueError, "max_depth"),
        ({"max_depth": 1.5}, TypeError, "max_depth"),
        ({"min_samples_split": 1}, ValueError, "min_samples_split"),
        ({"min_samples_leaf": 0}, ValueError, "min_samples_leaf"),
        ({"min_impurity_decrease": -1}, ValueError, "min_impurity_decrease"),
        ({"max_leaf_nodes": 1}, ValueError, "max_leaf_nodes"),
        ({"ccp_alpha": -0.1}, ValueError, "ccp_alpha"),
        ({"criterion": "gain"}, ValueError, "criterion"),
        ({"cost_matrix": [[0, 1]]}, ValueError, "square"),
        ({"cost_matrix": [[0, 1, 1], [1, 0, 1], [1, 1, 0]]}, ValueError, "3 × 3"),
    ],
)
def test_bad_hyperparameters_are_named(params, error, match):
    X, y = dt.load_play_tennis(numeric=True)
    with pytest.raises(error, match=match):
        dt.CARTClassifier(**params).fit(X, y)


def test_predict_errors():
    X, y = dt.load_play_tennis()
    with pytest.raises(dt.NotFittedError, match="fit"):
        dt.ID3Classifier().predict(X)
    model = dt.ID3Classifier().fit(X, y)
    with pytest.raises(ValueError, match="3 columns but the model was fitted on 4"):
        model.predict(X.iloc[:, :3].to_numpy())
    with pytest.raises(ValueError, match="fitted on"):
        model.predict(X.rename(columns={"outlook": "view"}))


# ---------------------------------------------------------------- invariants
@settings(deadline=None, max_examples=30)
@given(st.integers(0, 10_000), st.integers(2, 60), st.integers(1, 4))
def test_fully_grown_cart_fits_distinct_rows_perfectly(seed, n, k):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 3))
    y = rng.integers(0, k, n)
    model = dt.CARTClassifier().fit(X, y)
    assert model.score(X, y) == 1.0
    proba = model.predict_proba(X)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    leaves = model.tree_.leaves()
    assert sum(leaf.n_samples for leaf in leaves) == n


@settings(deadline=None, max_examples=30)
@given(st.integers(0, 10_000), st.sampled_from(["gini", "entropy"]), st.integers(1, 6))
def test_min_samples_leaf_is_respected(seed, criterion, leaf):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(80, 2))
    y = rng.integers(0, 2, 80)
    tree = dt.CARTClassifier(criterion=criterion, min_samples_leaf=leaf).fit(X, y).tree_
    assert min(node.n_samples for node in tree.leaves()) >= leaf


def test_bootstrap_weights_grow_a_real_tree():
    from sklearn.datasets import load_breast_cancer

    X, y = load_breast_cancer(return_X_y=True)
    for seed in range(4):
        w = np.bincount(np.random.default_rng(seed).integers(0, len(y), len(y)), minlength=len(y))
        model = dt.CARTClassifier().fit(X, y, sample_weight=w)
        assert model.tree_.n_leaves > 5
        kept = w > 0
        assert model.score(X[kept], y[kept]) == 1.0


def test_mae_leaves_predict_the_median_as_scikit_learn():
    from sklearn.tree import DecisionTreeRegressor

    X = np.arange(20.0).reshape(-1, 1)
    y = np.r_[np.zeros(10), np.zeros(8), 1.0, 100.0]
    ours = dt.CARTRegressor(criterion="mae", max_depth=2).fit(X, y)
    sk = DecisionTreeRegressor(criterion="absolute_error", max_depth=2).fit(X, y)
    np.testing.assert_allclose(ours.predict(X), sk.predict(X))
