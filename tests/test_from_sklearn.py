"""from_sklearn: a scikit-learn tree opened in dtlearn, node by node, with every decision.

The expectations come from scikit-learn itself: its ``tree_`` arrays (node ids, features,
thresholds, sizes, impurities, values), its predictions, its routing of 32-bit floats and
its own cost-complexity path. The candidate scores are checked against the impurity
decrease computed from scikit-learn's node impurities.
"""

import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.datasets import load_breast_cancer, load_diabetes, load_iris, load_wine
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.tree import (
    DecisionTreeClassifier,
    DecisionTreeRegressor,
    ExtraTreeClassifier,
)

import dtlearn as dt
from dtlearn.grow.fast.node_arrays import NodeArrays
from dtlearn.learners.sklearn_import import SklearnStep, SklearnThresholdSplit, float32_boundary
from dtlearn.tree import Node


def _frame(loader, labels=True):
    data = loader(as_frame=True)
    y = data.target
    if labels and hasattr(data, "target_names") and loader is not load_diabetes:
        y = y.map(dict(enumerate(data.target_names)))
    return data.data, y.rename("target")


CASES = {
    "iris-gini": (load_iris, lambda: DecisionTreeClassifier(random_state=0)),
    "breast-cancer-gini": (load_breast_cancer, lambda: DecisionTreeClassifier(random_state=1)),
    "wine-entropy": (
        load_wine,
        lambda: DecisionTreeClassifier(criterion="entropy", random_state=0),
    ),
    "wine-log-loss-depth-3": (
        load_wine,
        lambda: DecisionTreeClassifier(
            criterion="log_loss", max_depth=3, min_samples_leaf=3, random_state=2
        ),
    ),
    "diabetes-squared-error": (
        load_diabetes,
        lambda: DecisionTreeRegressor(max_depth=6, min_samples_leaf=2, random_state=0),
    ),
    "diabetes-absolute-error": (
        load_diabetes,
        lambda: DecisionTreeRegressor(criterion="absolute_error", max_depth=3, random_state=0),
    ),
}


@pytest.fixture(scope="module", params=sorted(CASES))
def case(request):
    loader, make = CASES[request.param]
    X, y = _frame(loader)
    sk = make().fit(X, y)
    return X, y, sk, dt.from_sklearn(sk, X, y)


def _pipeline_case():
    X, y = _frame(load_breast_cancer)
    pipe = make_pipeline(StandardScaler(), DecisionTreeClassifier(max_depth=4, random_state=0))
    return X, y, pipe.fit(X, y)


# ---------------------------------------------------------------------- node by node
def test_node_by_node(case):
    X, y, sk, model = case
    t = sk.tree_
    tree = model.tree_
    assert tree.n_nodes == t.node_count
    assert tree.n_leaves == sk.get_n_leaves()
    assert tree.depth == sk.get_depth()
    assert tuple(tree.schema.names) == tuple(X.columns)
    for node in tree.nodes():
        j = node.node_id
        assert node.n_samples == pytest.approx(t.weighted_n_node_samples[j])
        assert node.impurity == pytest.approx(t.impurity[j], abs=1e-12)
        if t.children_left[j] == -1:
            assert node.is_leaf
            expected = (
                t.value[j, 0] / t.value[j, 0].sum() if sk.tree_.n_classes[0] > 1 else t.value[j, 0]
            )
            np.testing.assert_allclose(node.value, expected, rtol=0, atol=1e-12)
            continue
        assert [c.node_id for c in node.children] == [t.children_left[j], t.children_right[j]]
        assert isinstance(node.split, SklearnThresholdSplit)
        assert node.split.feature == t.feature[j]
        assert node.split.sklearn_threshold == t.threshold[j]
        # the 64-bit threshold is within one 32-bit step of scikit-learn's
        assert abs(node.split.threshold - t.threshold[j]) <= abs(
            np.spacing(np.float32(t.threshold[j]))
        )


def test_classes_and_target_name(case):
    X, y, sk, model = case
    assert model.tree_.target_name == "target"
    if hasattr(sk, "classes_"):
        assert list(model.classes_) == list(sk.classes_)
        assert model.tree_.classes == tuple(sk.classes_)
    else:
        assert not model.tree_.is_classifier


def _probes(sk, X):
    """Rows whose tested value sits on, and one 32- or 64-bit step around, every threshold."""
    t = sk.tree_
    base = X.to_numpy(dtype=float)
    rows = [base]
    for j in np.flatnonzero(t.children_left != -1):
        f, thr = t.feature[j], t.threshold[j]
        f32 = np.float32(thr)
        values = [
            thr,
            np.nextafter(thr, np.inf),
            np.nextafter(thr, -np.inf),
            float(f32),
            float(np.nextafter(f32, np.float32(np.inf))),
            float(np.nextafter(f32, np.float32(-np.inf))),
            float32_boundary(thr),
            np.nextafter(float32_boundary(thr), np.inf),
            round(thr, 3),
            round(thr, 2),
        ]
        block = np.repeat(base[:1], len(values), axis=0)
        block[:, f] = values
        rows.append(block)
    return pd.DataFrame(np.vstack(rows), columns=X.columns)


@pytest.mark.parametrize("nodes_made", [False, True])
def test_predictions_equal_on_any_input(case, nodes_made):
    X, y, sk, _ = case
    # an opened tree keeps its nodes as columns until they are read, and routes through them
    model = dt.from_sklearn(sk, X, y)
    assert isinstance(model.tree_.__dict__["root"], NodeArrays)
    if nodes_made:
        model.tree_.root  # noqa: B018  (reading it makes the nodes)
    probes = _probes(sk, X)
    ours, theirs = model.predict(probes), sk.predict(probes)
    if hasattr(sk, "classes_"):
        assert (ours == theirs).all()
        np.testing.assert_array_equal(model.predict_proba(probes), sk.predict_proba(probes))
    else:
        np.testing.assert_array_equal(ours, theirs)
    assert isinstance(model.tree_.__dict__["root"], Node) is nodes_made
    np.testing.assert_array_equal(model.tree_.apply(probes), sk.apply(probes))


def test_float32_boundary_routes_as_float32():
    rng = np.random.default_rng(0)
    for thr in np.concatenate(
        [
            rng.normal(size=200) * 10.0 ** rng.integers(-5, 5, 200),
            [0.0, 2.450000047683716, 16.795000076293945],
        ]
    ):
        b = float32_boundary(float(thr))
        assert np.float32(b) <= thr
        assert not np.float32(np.nextafter(b, np.inf)) <= thr


def test_conditions_print_the_threshold_to_float32_precision():
    X, y = _frame(load_breast_cancer)
    sk = DecisionTreeClassifier(max_depth=3, random_state=0).fit(X, y)
    model = dt.from_sklearn(sk, X, y)
    root = model.tree_.root
    assert sk.tree_.threshold[0] == pytest.approx(16.795000076293945, abs=0)
    assert root.split.conditions(model.tree_.schema)[0] == "worst radius <= 16.795"


# ---------------------------------------------------------------------- steps
def _reach(sk, X):
    indicator = sk.decision_path(X).toarray().astype(bool)
    return {j: np.flatnonzero(indicator[:, j]) for j in range(indicator.shape[1])}


def test_every_inner_node_has_a_step_with_every_feature(case):
    X, y, sk, model = case
    t = sk.tree_
    reach = _reach(sk, X)
    steps = {s.node_id: s for s in model.steps_}
    assert sorted(steps) == list(range(t.node_count))
    for j, step in steps.items():
        assert isinstance(step, SklearnStep)
        assert step.by == "scikit-learn"
        np.testing.assert_array_equal(np.sort(step.rows), reach[j])
        if t.children_left[j] == -1:
            assert step.chosen is None and step.stop_reason
            continue
        assert [c.feature for c in step.candidates] == list(range(X.shape[1]))
        assert any(c is step.chosen for c in step.candidates)
        assert step.chosen.feature == t.feature[j]
        assert step.table().best is step.chosen
        # the chosen candidate's decrease is scikit-learn's own, from its node impurities
        left, right = t.children_left[j], t.children_right[j]
        w = t.weighted_n_node_samples
        decrease = (
            t.impurity[j] - (w[left] * t.impurity[left] + w[right] * t.impurity[right]) / w[j]
        )
        assert step.chosen.scores["impurity_decrease"] == pytest.approx(
            decrease, rel=1e-9, abs=1e-9
        )
        assert step.chosen.scores["weighted_decrease"] == pytest.approx(
            w[j] / w[0] * decrease, rel=1e-9, abs=1e-9
        )
        text = str(step.explain())
        assert step.chosen.feature_name in text


def test_agreeing_steps_choose_the_best_candidate_and_others_say_why(case):
    X, y, sk, model = case
    for step in model.steps_:
        if not step.is_split:
            continue
        top = max(c.score for c in step.candidates if c.admissible)
        if step.agrees:
            assert step.chosen.score == pytest.approx(top, rel=1e-12)
        else:
            # scikit-learn (no max_features, splitter="best") only ever differs on a tie
            assert step.cause == "tie" and "tie" in step.note
            assert step.chosen.score == pytest.approx(top, rel=1e-9)
            assert step.note in step.table().caption


def test_iris_root_tie_is_explained():
    X, y = _frame(load_iris)
    model = dt.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y), X, y)
    root = model.steps_[0]
    assert root.chosen.feature_name == "petal width (cm)"
    assert root.table().row("petal length (cm)").score == pytest.approx(root.chosen.score)
    assert root.note.startswith("petal length (cm) ties with petal width (cm)")
    assert "random order" in root.note


def test_leaf_stop_reasons():
    X, y = _frame(load_wine)
    sk = DecisionTreeClassifier(max_depth=2, min_samples_split=30, random_state=0).fit(X, y)
    model = dt.from_sklearn(sk, X, y)
    reasons = {s.stop_reason for s in model.steps_ if not s.is_split}
    assert reasons <= {"pure node", "max_depth=2 reached", "fewer than min_samples_split=30 rows"}
    assert "max_depth=2 reached" in reasons
    for s in model.steps_:
        if s.stop_reason == "pure node":
            assert np.count_nonzero(s.counts) == 1
        if s.stop_reason == "max_depth=2 reached":
            assert s.depth == 2 and not s.candidates
    with pytest.raises(ValueError, match="no attribute was scored"):
        next(s for s in model.steps_ if not s.is_split).explain()


def test_min_impurity_decrease_and_ccp_leaves_are_named():
    X, y = _frame(load_breast_cancer)
    sk = DecisionTreeClassifier(min_impurity_decrease=0.01, random_state=0).fit(X, y)
    reasons = [s.stop_reason for s in dt.from_sklearn(sk, X, y).steps_ if not s.is_split]
    assert any(r.startswith("weighted impurity decrease") for r in reasons)
    sk = DecisionTreeClassifier(ccp_alpha=0.01, random_state=0).fit(X, y)
    reasons = [s.stop_reason for s in dt.from_sklearn(sk, X, y).steps_ if not s.is_split]
    assert any("ccp_alpha=0.01" in r for r in reasons)


# ---------------------------------------------------------------------- random forests
@pytest.fixture(scope="module")
def forest():
    X, y = _frame(load_breast_cancer)
    return X, y, RandomForestClassifier(n_estimators=4, random_state=0).fit(X, y)


def test_one_tree_of_a_forest(forest):
    X, y, rf = forest
    for est in rf.estimators_:
        model = dt.from_sklearn(est, X, y)
        Xn = X.to_numpy()
        np.testing.assert_array_equal(model.predict_proba(X), est.predict_proba(Xn))
        assert list(model.classes_) == list(rf.classes_)
        root = model.steps_[0]
        # the bootstrap sample: distinct rows and their multiplicities
        assert len(root.rows) == est.tree_.n_node_samples[0]
        assert root.n_samples == pytest.approx(len(X))


def test_forest_steps_name_the_random_feature_subset(forest):
    X, y, rf = forest
    model = dt.from_sklearn(rf.estimators_[0], X, y)
    notes = [s for s in model.steps_ if s.is_split and not s.agrees]
    assert notes, "with max_features='sqrt' some node must miss the best feature"
    assert {s.cause for s in notes} <= {"tie", "feature subset"}
    subset = [s for s in notes if s.cause == "feature subset"]
    assert subset
    for s in subset:
        assert "max_features=5 of the 30" in s.note and "was not drawn" in s.note
        assert len(s.table().to_frame()) == 30  # the table still shows every feature
        assert s.chosen.score < max(c.score for c in s.candidates if c.admissible)


def test_extra_tree_threshold_is_called_random():
    X, y = _frame(load_iris)
    model = dt.from_sklearn(ExtraTreeClassifier(random_state=0).fit(X, y), X, y)
    assert any(
        "splitter='random'" in s.note and s.cause == "random threshold" for s in model.steps_
    )


# ---------------------------------------------------------------------- pipelines
def test_pipeline_transforms_X_and_names_features():
    X, y, pipe = _pipeline_case()
    model = dt.from_sklearn(pipe, X, y)
    Xt = pipe[:-1].transform(X)
    assert list(model.tree_.schema.names) == list(pipe[:-1].get_feature_names_out())
    assert (model.predict(Xt) == pipe.predict(X)).all()
    np.testing.assert_array_equal(model.predict_proba(Xt), pipe.predict_proba(X))
    assert model.tree_.n_nodes == pipe[-1].tree_.node_count
    for step in model.steps_:
        if step.is_split:
            assert len(step.candidates) == X.shape[1]
            assert step.explain() is not None


def test_pipeline_with_one_hot_encoding():
    X, y = dt.load_play_tennis(numeric=True)
    encode = ColumnTransformer(
        [("cat", OneHotEncoder(), ["outlook", "windy"])], remainder="passthrough"
    )
    pipe = make_pipeline(encode, DecisionTreeClassifier(random_state=0)).fit(X, y)
    model = dt.from_sklearn(pipe, X, y)
    names = list(model.tree_.schema.names)
    assert "cat__outlook_sunny" in names and "remainder__humidity" in names
    Xt = pipe[:-1].transform(X)
    assert (model.predict(Xt) == pipe.predict(X)).all()


def test_numpy_X_gets_names_from_the_estimator_or_x0():
    X, y = load_iris(return_X_y=True)
    sk = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X, y)
    model = dt.from_sklearn(sk, X, y)
    assert model.tree_.schema.names == ("x0", "x1", "x2", "x3")
    assert (model.predict(X) == sk.predict(X)).all()
    named = dt.from_sklearn(sk, X, y, feature_names=["a", "b", "c", "d"])
    assert named.tree_.root.split.conditions(named.tree_.schema)[0] == "d <= 0.8"


# ---------------------------------------------------------------------- errors
def test_unfitted_estimator():
    X, y = _frame(load_iris)
    with pytest.raises(dt.NotFittedError, match="not fitted"):
        dt.from_sklearn(DecisionTreeClassifier(), X, y)
    with pytest.raises(dt.NotFittedError, match="not fitted"):
        dt.from_sklearn(make_pipeline(StandardScaler(), DecisionTreeClassifier()), X, y)


def test_ensembles_point_to_one_tree(forest):
    X, y, rf = forest
    with pytest.raises(TypeError, match=r"estimators_\[0\]"):
        dt.from_sklearn(rf, X, y)
    gb = GradientBoostingClassifier(n_estimators=2, random_state=0).fit(X, y)
    with pytest.raises(TypeError, match="residuals"):
        dt.from_sklearn(gb, X, y)


def test_not_a_tree():
    X, y = _frame(load_iris)
    with pytest.raises(TypeError, match="DecisionTreeClassifier"):
        dt.from_sklearn(LogisticRegression(max_iter=500).fit(X, y), X, y)
    pipe = make_pipeline(StandardScaler(), LogisticRegression(max_iter=500)).fit(X, y)
    with pytest.raises(TypeError, match="last step"):
        dt.from_sklearn(pipe, X, y)


def test_mismatched_data():
    X, y = _frame(load_breast_cancer)
    sk = DecisionTreeClassifier(random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="do not fit this tree"):
        dt.from_sklearn(sk, X.iloc[:300], y.iloc[:300])
    with pytest.raises(ValueError, match="do not fit this tree"):
        dt.from_sklearn(sk, X, y.sample(frac=1, random_state=0).reset_index(drop=True))
    with pytest.raises(ValueError, match="fitted on"):
        dt.from_sklearn(sk, X.iloc[:, :5], y)
    with pytest.raises(ValueError, match="5 features but the tree was fitted on 30"):
        dt.from_sklearn(sk, X.iloc[:, :5].to_numpy(), y)
    with pytest.raises(ValueError, match="columns"):
        dt.from_sklearn(sk, X[X.columns[::-1]], y)
    with pytest.raises(ValueError, match="labels"):
        dt.from_sklearn(sk, X, y.map({"benign": "b", "malignant": "m"}))
    holed = X.copy()
    holed.iloc[0, 0] = np.nan
    with pytest.raises(ValueError, match="missing values"):
        dt.from_sklearn(sk, holed, y)


def test_unsupported_criterion():
    X, y = _frame(load_diabetes)
    sk = DecisionTreeRegressor(criterion="poisson", max_depth=2, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="poisson"):
        dt.from_sklearn(sk, X, y)


def test_import_error_without_sklearn(monkeypatch):
    X, y = load_iris(return_X_y=True)
    sk = DecisionTreeClassifier(max_depth=1).fit(X, y)
    monkeypatch.setitem(sys.modules, "sklearn", None)
    with pytest.raises(ImportError, match="pip install scikit-learn"):
        dt.from_sklearn(sk, X, y)


def test_import_dtlearn_does_not_import_sklearn():
    code = "import sys, dtlearn; dtlearn.from_sklearn; print('sklearn' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ---------------------------------------------------------------------- downstream
@pytest.fixture(scope="module")
def split_cancer():
    X, y = _frame(load_breast_cancer)
    rng = np.random.default_rng(0)
    val = rng.permutation(len(X))[:170]
    train = np.setdiff1d(np.arange(len(X)), val)
    Xtr, ytr = X.iloc[train].reset_index(drop=True), y.iloc[train].reset_index(drop=True)
    Xva, yva = X.iloc[val].reset_index(drop=True), y.iloc[val].reset_index(drop=True)
    sk = DecisionTreeClassifier(random_state=0).fit(Xtr, ytr)
    return Xtr, ytr, Xva, yva, sk, dt.from_sklearn(sk, Xtr, ytr)


def test_text_exports(split_cancer):
    Xtr, ytr, Xva, yva, sk, model = split_cancer
    text = model.tree_.to_text()
    assert text.count("\n") + 1 >= model.tree_.n_nodes - 1
    assert "worst" in text
    rules = model.tree_.to_rules().splitlines()
    assert len(rules) == sk.get_n_leaves()
    namespace = {}
    exec(model.tree_.to_python(), namespace)
    predicted = [namespace["predict"](row) for row in Xva.to_dict("records")]
    assert predicted == list(sk.predict(Xva))


def test_cost_complexity_path_is_scikit_learns(split_cancer):
    Xtr, ytr, Xva, yva, sk, model = split_cancer
    ours = dt.cost_complexity_path(model)
    theirs = sk.cost_complexity_pruning_path(Xtr, ytr)
    np.testing.assert_allclose(ours.ccp_alphas, theirs.ccp_alphas, rtol=1e-9, atol=1e-15)
    np.testing.assert_allclose(ours.impurities, theirs.impurities, rtol=1e-9, atol=1e-15)
    for alpha in theirs.ccp_alphas[1:-1]:
        pruned = DecisionTreeClassifier(random_state=0, ccp_alpha=alpha).fit(Xtr, ytr)
        tree = ours.tree_at(alpha)
        assert tree.n_leaves == pruned.get_n_leaves()
        assert (tree.predict(Xva) == pruned.predict(Xva)).all()


def test_regression_cost_complexity_path():
    X, y = _frame(load_diabetes)
    sk = DecisionTreeRegressor(max_depth=5, random_state=0).fit(X, y)
    ours = dt.cost_complexity_path(dt.from_sklearn(sk, X, y))
    theirs = sk.cost_complexity_pruning_path(X, y)
    np.testing.assert_allclose(ours.ccp_alphas, theirs.ccp_alphas, rtol=1e-7, atol=1e-9)


def test_pruning_on_an_opened_tree(split_cancer):
    Xtr, ytr, Xva, yva, sk, model = split_cancer
    result = dt.reduced_error_prune(model, Xva, yva)
    errors_before = int((sk.predict(Xva) != yva).sum())
    assert result.errors_before == errors_before
    assert result.errors_after <= errors_before
    assert result.tree.n_leaves <= model.tree_.n_leaves
    assert int((result.tree.predict(Xva) != yva.to_numpy()).sum()) == result.errors_after
    rules = dt.rule_post_prune(model, Xva, yva)
    assert len(rules.original) == sk.get_n_leaves()
    assert rules.score(Xva, yva) >= 0.8


def test_views(split_cancer):
    pytest.importorskip("anywidget")
    Xtr, ytr, Xva, yva, sk, model = split_cancer
    view = dt.widgets.TreeView(model)
    assert view.data["n_nodes"] == sk.tree_.node_count
    feature = model.steps_[0].chosen.feature_name
    assert f"chosen by scikit-learn: {feature}" in view.explanation(0)
    tied = next(s for s in model.steps_ if s.note)
    assert tied.note in view.explanation(tied.node_id)
    ax = dt.plot.plot_tree(model)
    assert any(feature in t.get_text() for t in ax.texts)
    import matplotlib.pyplot as plt

    plt.close("all")
    stepper = dt.widgets.PruningStepper(model, Xva, yva)
    result = dt.reduced_error_prune(model, Xva, yva)
    assert stepper.n_steps == len(result.steps)
    stepper.goto(stepper.n_steps)
    assert stepper.status.startswith("done:")
    assert f"validation errors {result.errors_before} -> {result.errors_after}" in stepper.status


def test_cost_complexity_explorer_on_scikit_learn_trees():
    pytest.importorskip("anywidget")
    X, y = _frame(load_breast_cancer)
    learner = dt.SklearnTree(DecisionTreeClassifier(random_state=0))
    app = dt.widgets.CostComplexityExplorer(X, y, learner=learner)
    theirs = DecisionTreeClassifier(random_state=0).fit(X, y).cost_complexity_pruning_path(X, y)
    np.testing.assert_allclose(app.path.ccp_alphas, theirs.ccp_alphas, rtol=1e-9, atol=1e-15)
    assert app.path.tree.root.split.conditions(app.path.tree.schema)[0] == "worst radius <= 16.795"
    import matplotlib.pyplot as plt

    plt.close("all")


def test_sklearn_tree_learner_refits_with_scikit_learn():
    X, y = _frame(load_iris)
    learner = dt.SklearnTree(DecisionTreeClassifier(max_depth=3, random_state=0))
    assert learner.get_params() == {"estimator": learner.estimator}
    fitted = learner.fit(X, y)
    assert fitted.tree_.n_nodes == fitted.estimator_.tree_.node_count
    assert (fitted.predict(X) == fitted.estimator_.predict(X)).all()
    assert fitted.score(X, y) == pytest.approx(fitted.estimator_.score(X, y))
    with pytest.raises(dt.NotFittedError):
        dt.SklearnTree().predict(X)
    with pytest.raises(TypeError, match="decision tree"):
        dt.SklearnTree(LogisticRegression()).fit(X, y)


def _weighted_diabetes():
    X, y = _frame(load_diabetes)
    w = np.random.default_rng(0).integers(0, 3, len(X)).astype(float)
    sk = DecisionTreeRegressor(max_depth=4, random_state=0).fit(X, y, sample_weight=w)
    return X, y, sk, {"sample_weight": w}


def _best_first_cancer():
    X, y = _frame(load_breast_cancer)
    return X, y, DecisionTreeClassifier(max_leaf_nodes=8, random_state=0).fit(X, y), {}


def _class_weighted_wine():
    X, y = _frame(load_wine)
    sk = DecisionTreeClassifier(
        class_weight={"class_0": 1.0, "class_1": 3.0, "class_2": 0.5}, max_depth=4, random_state=0
    ).fit(X, y)
    return X, y, sk, {}


@pytest.mark.parametrize("make", [_weighted_diabetes, _best_first_cancer, _class_weighted_wine])
def test_weights_and_best_first_growth(make):
    X, y, sk, kwargs = make()
    model = dt.from_sklearn(sk, X, y, **kwargs)
    t = sk.tree_
    for node in model.tree_.nodes():
        assert node.n_samples == pytest.approx(t.weighted_n_node_samples[node.node_id])
    probes = _probes(sk, X)
    np.testing.assert_array_equal(model.tree_.apply(probes), sk.apply(probes))
    if hasattr(sk, "classes_"):
        np.testing.assert_allclose(
            model.predict_proba(probes), sk.predict_proba(probes), rtol=0, atol=1e-12
        )
    else:
        np.testing.assert_array_equal(model.predict(probes), sk.predict(probes))
    assert {s.cause for s in model.steps_} <= {"", "tie"}
    np.testing.assert_allclose(
        dt.cost_complexity_path(model).ccp_alphas,
        sk.cost_complexity_pruning_path(X, y, **kwargs).ccp_alphas,
        rtol=1e-9,
        atol=1e-12,
    )
    if sk.max_leaf_nodes:
        reasons = {s.stop_reason for s in model.steps_ if not s.is_split}
        assert any(r.startswith("max_leaf_nodes=8 reached") for r in reasons)


def test_weighted_tree_needs_its_weights():
    X, y, sk, kwargs = _weighted_diabetes()
    with pytest.raises(ValueError, match="sample_weight the weights it was fitted with"):
        dt.from_sklearn(sk, X, y)


# ---------------------------------------------------------------------- issue 26: what it cannot mirror
def _regression_data():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(120, 3))
    return X, X[:, 0] + 0.5 * X[:, 1] + rng.normal(scale=0.3, size=120)


def test_regression_targets_that_do_not_give_the_node_values_are_refused():
    X, y = _regression_data()
    sk = DecisionTreeRegressor(max_depth=3, random_state=0).fit(X, y)
    assert dt.from_sklearn(sk, X, y).tree_.n_nodes == sk.tree_.node_count
    with pytest.raises(ValueError, match="node value"):
        dt.from_sklearn(sk, X, y + 1.0)  # same rows reach every node, other values
    with pytest.raises(ValueError, match="node value"):
        dt.from_sklearn(sk, X, y[::-1].copy())


def test_a_gradient_boosting_stage_opened_with_the_class_labels_is_refused():
    X, y = _frame(load_breast_cancer, labels=False)
    gb = GradientBoostingClassifier(n_estimators=2, max_depth=2, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="pseudo-residuals"):
        dt.from_sklearn(gb.estimators_[0, 0], X, y)


@pytest.mark.parametrize("kind", ["int", "bool", "str", "object"])
def test_predictions_keep_scikit_learns_label_dtype(kind):
    X, y = _frame(load_breast_cancer, labels=False)
    labels = {
        "int": y.to_numpy(),
        "bool": y.to_numpy().astype(bool),
        "str": np.where(y == 1, "benign", "malignant"),
        "object": np.where(y == 1, "benign", "malignant").astype(object),
    }[kind]
    sk = DecisionTreeClassifier(max_depth=3, random_state=0).fit(X, labels)
    model = dt.from_sklearn(sk, X, labels)
    ours, theirs = model.predict(X), sk.predict(X)
    assert ours.dtype == theirs.dtype
    np.testing.assert_array_equal(ours, theirs)


@pytest.mark.parametrize("class_weight", [None, "balanced", "balanced_subsample"])
def test_random_forest_trees_with_class_weights_open(class_weight):
    X, y = _frame(load_breast_cancer)
    forest = RandomForestClassifier(
        n_estimators=3, max_depth=4, class_weight=class_weight, random_state=0
    ).fit(X, y)
    for tree in forest.estimators_:
        model = dt.from_sklearn(tree, X, y)
        np.testing.assert_allclose(
            model.predict_proba(X), tree.predict_proba(X.to_numpy()), atol=1e-12
        )
        for node in model.tree_.nodes():
            assert node.n_samples == pytest.approx(tree.tree_.weighted_n_node_samples[node.node_id])


def test_wrong_weights_are_named_as_the_cause():
    X, y = _frame(load_iris)
    w = np.linspace(0.5, 2.0, len(y))
    sk = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X, y, sample_weight=w)
    with pytest.raises(ValueError, match=r"same \d+ rows in both, but weight"):
        dt.from_sklearn(sk, X, y, sample_weight=w[::-1].copy())


@pytest.mark.parametrize("regression", [False, True])
def test_an_unnamed_target_gets_the_learners_default_name(regression):
    from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

    X = np.arange(8.0).reshape(-1, 1)
    y = X[:, 0] ** 2 if regression else (X[:, 0] > 3).astype(int)
    sk = (DecisionTreeRegressor if regression else DecisionTreeClassifier)(max_depth=2)
    opened = dt.from_sklearn(sk.fit(X, y), X, y)
    grown = (dt.CARTRegressor if regression else dt.CARTClassifier)(max_depth=2).fit(X, y)
    assert opened.tree_.target_name == grown.tree_.target_name
    assert opened.tree_.target_name == ("target" if regression else "class")
