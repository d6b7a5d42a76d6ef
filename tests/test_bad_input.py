"""Bad input everywhere: a sensible result or a ValueError/TypeError naming the argument.

The project rule (docs/ARCHITECTURE.md, "Errors"): never an IndexError, KeyError,
ZeroDivisionError, RecursionError, AttributeError deep inside, and never a silent wrong
answer. Each test throws one family of bad inputs at one public entry point.
"""

from __future__ import annotations

import copy
import inspect
import io
import json
import math
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn import exercises, measures
from dtlearn.pruning import curves

FAST = settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
CLEAR = (ValueError, TypeError)


class _Opaque:
    """Any object the functions cannot read; its repr names the test the same on every run
    (pytest-xdist's workers must collect identical ids)."""

    def __repr__(self) -> str:
        return "<opaque object>"


OPAQUE = _Opaque()


def clear_or_ok(fn, *names):
    """Run ``fn``; if it raises, the error is a ValueError/TypeError naming one of ``names``."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return fn()
    except CLEAR as exc:
        if names:
            text = str(exc)
            assert any(n in text for n in names), f"{exc!r} names none of {names}"
        return exc


def is_error(result):
    return isinstance(result, CLEAR)


@pytest.fixture(scope="module")
def tennis():
    return dt.load_play_tennis()


@pytest.fixture(scope="module")
def tennis_numeric():
    return dt.load_play_tennis(numeric=True)


# ---------------------------------------------------------------------------- measures
def _measures(first: tuple, *, base: bool = False) -> list:
    """The exported measures whose parameters begin with ``first`` (a cost matrix aside).

    Read from ``dtlearn.measures.__all__``, where every criterion's measure is exported
    (tests/test_registries.py checks that), so a new measure is thrown bad input here
    without an edit. ``base=True``: only those taking a logarithm's base.
    """
    out = []
    for name in sorted(measures.__all__):
        params = list(inspect.signature(getattr(measures, name)).parameters)
        if (
            tuple(params[: len(first)]) == first
            and "cost_matrix" not in params
            and (not base or "base" in params)
        ):
            out.append(getattr(measures, name))
    return out


CLASS_MEASURES = _measures(("labels", "counts"))  # entropy, gini, misclassification, ...
SPLIT_MEASURES = _measures(("feature", "labels", "counts"))  # information_gain, gini_gain, ...
REGRESSION_MEASURES = _measures(("values",))  # mse, mae
BAD_COUNTS = [
    [],
    [[]],
    "abc",
    b"x",
    [1, "a"],
    [np.nan, 1],
    [np.inf, 1],
    [-1, 2],
    [0, 0],
    5,
    [[1, 2], [3]],
    {"a": 1},
    np.zeros((2, 2, 2)),
    [None],
    OPAQUE,
]


@pytest.mark.parametrize("measure", CLASS_MEASURES)
@pytest.mark.parametrize("counts", BAD_COUNTS, ids=repr)
def test_class_measures_reject_bad_counts(measure, counts):
    with pytest.raises(CLEAR, match="counts"):
        measure(counts=counts).explain()


@pytest.mark.parametrize("measure", CLASS_MEASURES + [dt.cost_gini])
def test_counts_whose_total_overflows_are_rejected(measure):
    # used to give entropy 0.0 (silently wrong) or an OverflowError
    kwargs = {"cost_matrix": [[0, 1], [1, 0]]} if measure is dt.cost_gini else {}
    with pytest.raises(ValueError, match="counts are too large"):
        measure(counts=[1e308, 1e308], **kwargs)


@pytest.mark.parametrize("measure", SPLIT_MEASURES)
def test_tables_whose_total_overflows_are_rejected(measure):
    with pytest.raises(ValueError, match="counts are too large"):
        measure(counts=[[1e308, 1e308], [1e308, 1]])


@pytest.mark.parametrize("measure", CLASS_MEASURES)
@pytest.mark.parametrize(
    "labels",
    [[], "ab", [None, "a"], [np.nan], [1, "a"], [[1, 2], [3, 4]], 5, pd.Series([], dtype=object)],
    ids=repr,
)
def test_class_measures_reject_bad_labels(measure, labels):
    clear_or_ok(lambda: measure(labels), "labels")
    assert is_error(clear_or_ok(lambda: measure(labels), "labels"))


@pytest.mark.parametrize("measure", CLASS_MEASURES)
def test_class_measures_need_labels_or_counts(measure):
    with pytest.raises(TypeError, match="counts"):
        measure()
    with pytest.raises(TypeError, match="not both"):
        measure(["a"], counts=[1])


@pytest.mark.parametrize("classes", ["ab", 5, ["a", "a", "b"]], ids=repr)
def test_classes_must_be_a_list_of_distinct_names(classes):
    # a string used to be split into one-letter class names; duplicates mislabelled classes
    with pytest.raises(CLEAR, match="classes"):
        dt.entropy(["a", "b"], classes=classes)
    with pytest.raises(CLEAR, match="classes"):
        dt.information_gain(["u", "v"], ["a", "b"], classes=classes)
    if not isinstance(classes, list):
        with pytest.raises(TypeError, match="classes"):
            dt.entropy(counts=[1, 2], classes=classes)


def test_names_must_match_the_counts():
    with pytest.raises(ValueError, match="classes"):
        dt.entropy(counts=[1, 2], classes=["a"])
    with pytest.raises(ValueError, match="values"):
        dt.split_info(counts=[1, 2], values=["a"])
    with pytest.raises(ValueError, match="values"):
        dt.information_gain(counts=[[1, 2], [3, 4]], values=["a"])


@pytest.mark.parametrize("base", [0, 1, -2, np.nan, np.inf, "2", True, None, 1 + 1j, [2]], ids=repr)
@pytest.mark.parametrize(
    "measure",
    _measures(("labels", "counts"), base=True) + _measures(("feature", "counts"), base=True),
)
def test_bad_log_base(measure, base):
    with pytest.raises(CLEAR, match="base"):
        measure(counts=[1, 2], base=base)


@pytest.mark.parametrize("base", [0, 1, np.nan, "e"], ids=repr)
@pytest.mark.parametrize("measure", _measures(("feature", "labels", "counts"), base=True))
def test_bad_log_base_split_measures(measure, base):
    with pytest.raises(CLEAR, match="base"):
        measure(counts=[[1, 2], [3, 4]], base=base)


@pytest.mark.parametrize("measure", SPLIT_MEASURES)
@pytest.mark.parametrize(
    "feature,labels,name",
    [
        ([], [], "feature"),
        (["a", "b"], ["x"], "differ in length"),
        ([None, "a"], ["x", "y"], "feature"),
        (["a", "b"], [None, "y"], "labels"),
        ([[1, 2], [3, 4]], ["x", "y"], "feature"),
        ("ab", "xy", "feature"),
        (["a", "b"], "xy", "labels"),
        (pd.DataFrame({"a": [1, 2], "b": [3, 4]}), [1, 2], "feature"),
        ([1, 2], None, "labels"),
        (None, [1, 2], "feature"),
    ],
    ids=repr,
)
def test_split_measures_reject_bad_feature_and_labels(measure, feature, labels, name):
    with pytest.raises(CLEAR, match=name):
        measure(feature, labels)


@pytest.mark.parametrize("measure", SPLIT_MEASURES)
@pytest.mark.parametrize("counts", BAD_COUNTS + [[1, 2]], ids=repr)
def test_split_measures_reject_bad_tables(measure, counts):
    with pytest.raises(CLEAR, match="counts"):
        measure(counts=counts)


def test_one_class_and_one_value_are_sensible():
    assert dt.entropy(counts=[5]) == 0
    assert dt.gini(["a"] * 3) == 0
    assert dt.information_gain(["u"] * 4, ["a", "b", "a", "b"]) == 0
    assert dt.gain_ratio(counts=[[2, 3]]) == 0
    assert dt.gini_gain(counts=[[0, 3], [2, 0]]) == pytest.approx(0.48)


@pytest.mark.parametrize(
    "p,q,name",
    [
        ([1, 1], [1], "same length"),
        ([1, 1], [0, 1], "q"),
        ([-1, 1], [1, 1], "p"),
        ("ab", [1, 1], "p"),
        ([1, 1], [np.nan, 1], "q"),
    ],
    ids=repr,
)
def test_kl_divergence_bad_input(p, q, name):
    with pytest.raises(CLEAR, match=name):
        dt.kl_divergence(p, q)


@pytest.mark.parametrize(
    "matrix",
    [
        None,
        [[0, 1]],
        [[0, 1], [1, 0], [1, 1]],
        [[0, -1], [1, 0]],
        [[0, np.nan], [1, 0]],
        [["a", "b"], ["c", "d"]],
        [[0, 1, 1], [1, 0, 1], [1, 1, 0]],
    ],
    ids=repr,
)
def test_cost_gini_bad_cost_matrix(matrix):
    with pytest.raises(CLEAR, match="cost_matrix"):
        dt.cost_gini(["a", "b"], matrix)


@pytest.mark.parametrize("measure", REGRESSION_MEASURES)
@pytest.mark.parametrize(
    "values",
    [[], "abc", [np.nan, 1], [np.inf], [[1, 2]], ["a", "b"], None, [1e308, -1e308]],
    ids=repr,
)
def test_regression_measures_bad_values(measure, values):
    # [1e308, -1e308] used to give inf silently
    with pytest.raises(CLEAR, match="values"):
        measure(values)


@FAST
@given(st.lists(st.floats(min_value=0, max_value=1e6, allow_nan=False), min_size=1, max_size=6))
def test_entropy_and_gini_on_any_counts_are_in_range_or_refused(counts):
    result = clear_or_ok(
        lambda: (float(dt.entropy(counts=counts)), float(dt.gini(counts=counts))), "counts"
    )
    if not is_error(result):
        h, g = result
        assert 0 <= h <= math.log2(len(counts)) + 1e-9
        assert 0 <= g <= 1


@FAST
@given(st.lists(st.lists(st.integers(0, 50), min_size=2, max_size=2), min_size=1, max_size=4))
def test_split_measures_on_any_table_are_in_range_or_refused(table):
    for measure in SPLIT_MEASURES:
        value = clear_or_ok(lambda: float(measure(counts=table)), "counts")
        if not is_error(value):
            assert math.isfinite(value) and value >= -1e-12


def test_split_table_bad_input(tennis):
    X, y = tennis
    with pytest.raises(ValueError, match="criterion"):
        dt.split_table(X, y, criterion="nope")
    with pytest.raises(ValueError, match="y"):
        dt.split_table(X, y[:3])
    with pytest.raises(ValueError, match="X"):
        dt.split_table(pd.DataFrame(), [])


# ---------------------------------------------------------------------------- learners
CLASSIFIERS = [
    dt.ZeroR,
    dt.OneR,
    dt.ID3Classifier,
    dt.C45Classifier,
    dt.CARTClassifier,
    dt.ObliqueTreeClassifier,
]
LEARNERS = CLASSIFIERS + [dt.CARTRegressor]

BAD_DATA = {
    "empty frame": (pd.DataFrame(), [], "X"),
    "no rows": (pd.DataFrame({"a": []}), [], "empty"),
    "1-D X": (np.array([1.0, 3, 2]), [0, 1, 0], "2-D"),
    "3-D X": (np.zeros((3, 2, 2)), [0, 1, 0], "2-D"),
    "string X": ("abc", [0, 1, 0], "X"),
    "None X": (None, [0], "X"),
    "infinite X": (np.array([[1.0], [np.inf], [2]]), [0, 1, 0], "infinite"),
    "fewer labels": (np.array([[1.0], [3], [2]]), [0, 1], "y"),
    "2-D y": (np.array([[1.0], [3], [2]]), [[0, 1]] * 3, "y"),
    "string y": (np.array([[1.0], [3], [2]]), "xyx", "y"),
    "missing label": (np.array([[1.0], [3], [2]]), [1.0, np.nan, 2.0], "y"),
    "duplicate columns": (
        pd.DataFrame([[1, 2], [3, 4], [5, 6]], columns=["a", "a"]),
        [0, 1, 0],
        "duplicate column names",
    ),
    "columns 0 and '0'": (
        pd.DataFrame([[1, 2], [3, 4], [5, 6]], columns=[0, "0"]),
        [0, 1, 0],
        "duplicate column names",
    ),
    "complex X": (np.array([[1 + 1j], [2], [3]]), [0, 1, 0], "complex"),
}


@pytest.mark.parametrize("case", list(BAD_DATA), ids=str)
@pytest.mark.parametrize("learner", LEARNERS, ids=lambda c: c.__name__)
def test_fit_rejects_bad_data(learner, case):
    X, y, name = BAD_DATA[case]
    with pytest.raises(CLEAR, match=name):
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # e.g. no ComplexWarning: the error comes first
            learner().fit(X, y)


GOOD_ODD_DATA = {
    "one row": (pd.DataFrame({"a": [1.0]}), [1]),
    "one class": (pd.DataFrame({"a": [1.0, 2, 3], "b": ["u", "v", "u"]}), [1, 1, 1]),
    "constant X": (np.ones((5, 2)), [0, 1, 0, 1, 0]),
    "int column names": (pd.DataFrame([[1, 2], [3, 4], [5, 6]], columns=[0, 1]), [0, 1, 0]),
    "bool column": (pd.DataFrame({"a": [True, False, True, False]}), [0, 1, 0, 1]),
    "unused categories": (
        pd.DataFrame({"a": pd.Categorical(["u", "u"], categories=["u", "v", "w"])}),
        [0, 1],
    ),
    "huge values": (np.array([[1e308], [1.7e308], [1e308], [1.7e308]]), [0, 1, 0, 1]),
    "tiny values": (np.array([[5e-324], [0], [1e-320]]), [0, 1, 0]),
    "many categories": (
        pd.DataFrame({"a": [f"c{i}" for i in range(400)]}),
        [i % 2 for i in range(400)],
    ),
    "y with another index": (
        pd.DataFrame({"a": [1.0, 2, 3]}, index=[5, 6, 7]),
        pd.Series([0, 1, 0], index=[0, 1, 2]),
    ),
}


@pytest.mark.parametrize("case", list(GOOD_ODD_DATA), ids=str)
@pytest.mark.parametrize("learner", LEARNERS, ids=lambda c: c.__name__)
def test_fit_on_odd_but_valid_data_gives_a_sensible_model(learner, case):
    X, y = GOOD_ODD_DATA[case]
    model = learner(min_samples_leaf=1) if learner is dt.C45Classifier else learner()
    model.fit(X, y)
    predicted = model.predict(X)
    assert len(predicted) == len(y)
    if learner is not dt.CARTRegressor:
        assert set(np.asarray(predicted).tolist()) <= set(np.asarray(y).tolist())
        if case in ("huge values", "tiny values") and learner not in (dt.ZeroR,):
            # separable with one cut: near-overflow midpoints must not break the split
            # (C4.5 used to grow forever at 1e308: the midpoint overflowed to inf)
            if learner is not dt.C45Classifier or case == "huge values":
                assert model.score(X, y) == 1.0
    else:
        assert np.isfinite(predicted).all()


@pytest.mark.parametrize("learner", [dt.ZeroR, dt.OneR, dt.C45Classifier])
def test_missing_values_are_handled_by_learners_that_can(learner):
    X = pd.DataFrame({"a": [np.nan] * 4, "b": [None] * 4, "c": [1.0, 2, 3, 4]})
    model = learner().fit(X, ["x", "y", "x", "y"])
    assert len(model.predict(X)) == 4


@pytest.mark.parametrize(
    "learner", [dt.ID3Classifier, dt.CARTClassifier, dt.CARTRegressor, dt.ObliqueTreeClassifier]
)
def test_missing_values_are_refused_by_learners_that_cannot(learner):
    X = pd.DataFrame({"a": [np.nan] * 4})
    with pytest.raises(ValueError, match="missing values"):
        learner().fit(X, [0.0, 1.0, 0.0, 1.0])


@pytest.mark.parametrize("learner", LEARNERS, ids=lambda c: c.__name__)
def test_unfitted_use_is_a_clear_error(learner, tennis_numeric):
    X, y = tennis_numeric
    model = learner()
    for call in (lambda: model.predict(X), lambda: model.score(X, y)):
        with pytest.raises(dt.NotFittedError, match="fit"):
            call()
    if learner is not dt.CARTRegressor:
        with pytest.raises(dt.NotFittedError):
            model.predict_proba(X)


BAD_PREDICT = {
    "empty": (pd.DataFrame(), "X"),
    "1-D": ([1, 2], "X"),
    "wrong width": (np.zeros((2, 7)), "columns"),
    "None": (None, "X"),
    "string": ("x", "X"),
    "renamed columns": (pd.DataFrame(np.zeros((2, 4)), columns=list("abcd")), "columns"),
    "infinite": (np.full((2, 4), np.inf), "infinite"),
}


@pytest.mark.parametrize("case", list(BAD_PREDICT), ids=str)
@pytest.mark.parametrize("learner", LEARNERS, ids=lambda c: c.__name__)
def test_predict_rejects_bad_X(learner, case, tennis_numeric):
    X, y = tennis_numeric
    if learner is dt.CARTRegressor:
        X, y = X.drop(columns="outlook").assign(o=0.0), X["temperature"]
    model = learner().fit(X, y)
    bad, name = BAD_PREDICT[case]
    methods = [model.predict] + ([model.predict_proba] if hasattr(model, "predict_proba") else [])
    for method in methods:
        with pytest.raises(CLEAR, match=name):
            method(bad)


@pytest.mark.parametrize("learner", LEARNERS, ids=lambda c: c.__name__)
@pytest.mark.parametrize(
    "weights", [[0] * 14, [1], "abc", [np.nan] * 14, [-1] * 14, [["a"]] * 14], ids=repr
)
def test_sample_weight_in_fit_and_score(learner, weights, tennis_numeric):
    # score(sample_weight=zeros) used to raise ZeroDivisionError
    X, y = tennis_numeric
    if learner is dt.CARTRegressor:
        X, y = X.drop(columns="temperature"), X["temperature"]
    with pytest.raises(CLEAR, match="sample_weight"):
        learner().fit(X, y, sample_weight=weights)
    model = learner().fit(X, y)
    with pytest.raises(CLEAR, match="sample_weight"):
        model.score(X, y, sample_weight=weights)


@pytest.mark.parametrize("learner", LEARNERS, ids=lambda c: c.__name__)
def test_score_with_mismatched_labels(learner, tennis_numeric):
    X, y = tennis_numeric
    if learner is dt.CARTRegressor:
        X, y = X.drop(columns="temperature"), X["temperature"]
    model = learner().fit(X, y)
    with pytest.raises(CLEAR, match="y"):
        model.score(X, y[:3])


BAD_VALUES = [
    None,
    True,
    "3",
    0,
    -1,
    1.5,
    np.nan,
    np.inf,
    -np.inf,
    [1],
    {},
    np.bool_(True),
    10**30,
    OPAQUE,
]
PARAMS = {
    dt.ID3Classifier: [
        "criterion",
        "max_depth",
        "min_samples_split",
        "min_samples_leaf",
        "stop_at_zero_gain",
    ],
    dt.CARTClassifier: [
        "criterion",
        "max_depth",
        "min_samples_split",
        "min_samples_leaf",
        "min_impurity_decrease",
        "max_leaf_nodes",
        "ccp_alpha",
    ],
    dt.CARTRegressor: [
        "criterion",
        "max_depth",
        "min_samples_split",
        "min_samples_leaf",
        "min_impurity_decrease",
        "max_leaf_nodes",
        "ccp_alpha",
    ],
    dt.ObliqueTreeClassifier: ["criterion", "max_depth", "min_samples_split", "min_samples_leaf"],
    dt.C45Classifier: ["confidence", "min_samples_leaf", "prune", "subtree_raising", "max_depth"],
}
CASES = [(cls, p) for cls, ps in PARAMS.items() for p in ps]


@pytest.mark.parametrize("learner,param", CASES, ids=lambda v: getattr(v, "__name__", v))
def test_bad_hyperparameters_name_the_parameter(learner, param, tennis_numeric):
    X, y = tennis_numeric
    if learner is dt.CARTRegressor:
        X, y = X.drop(columns="temperature"), X["temperature"]
    for value in BAD_VALUES:
        result = clear_or_ok(lambda: learner(**{param: value}).fit(X, y), param)
        if not is_error(result):
            # accepted: must be a value the parameter really allows
            default = learner().get_params()[param]
            assert (
                value is None and default is None or isinstance(value, (int, float, bool, np.bool_))
            ), f"{param}={value!r} accepted"
            assert len(result.predict(X)) == len(y)


@pytest.mark.parametrize(
    "categorical", [1.5, np.float64(0.2), OPAQUE, "nope", 99, [True]], ids=repr
)
def test_bad_categorical_argument(categorical, tennis_numeric):
    X, y = tennis_numeric
    with pytest.raises(CLEAR, match="categorical"):
        dt.CARTClassifier(categorical=categorical).fit(X, y)


def test_categorical_list_missing_a_text_column_says_so(tennis_numeric):
    # used to fail later with "column 'windy' is numeric but holds non-numeric values"
    X, y = tennis_numeric
    with pytest.raises(ValueError, match="categorical: column 'windy'"):
        dt.CARTClassifier(categorical=["outlook"]).fit(X, y)
    model = dt.CARTClassifier(categorical=np.int64(0)).fit(X.drop(columns="windy"), y)
    assert model.tree_.schema.kinds[0] == "categorical"


@pytest.mark.parametrize(
    "matrix",
    [
        [[0, 1], [1]],
        [[0, -1], [1, 0]],
        [[0, np.nan], [1, 0]],
        [["a", "b"], ["c", "d"]],
        np.eye(3),
        [0, 1],
    ],
    ids=repr,
)
def test_bad_cost_matrix(matrix, tennis_numeric):
    with pytest.raises(CLEAR, match="cost_matrix"):
        dt.CARTClassifier(cost_matrix=matrix).fit(*tennis_numeric)


def test_regression_target_must_be_real():
    X = np.arange(3.0).reshape(-1, 1)
    for y in (["a", "b", "c"], [1, np.inf, 2], [1j, 2, 3], np.array([1j, 2, 3])):
        with pytest.raises(ValueError, match="y"):
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                dt.CARTRegressor().fit(X, y)


def test_regression_on_many_categories_finishes():
    # subset splits of a regression tree were cubic in the number of categories
    X = pd.DataFrame({"a": [f"c{i}" for i in range(600)]})
    model = dt.CARTRegressor(max_depth=1).fit(X, [float(i % 2) for i in range(600)])
    assert model.score(X, [float(i % 2) for i in range(600)]) == 1.0


def test_set_params_unknown_name():
    with pytest.raises(ValueError, match="nope"):
        dt.CARTClassifier().set_params(nope=1)


# ---------------------------------------------------------------------------- Tree
@pytest.fixture(scope="module")
def trees(tennis, tennis_numeric):
    X, y = tennis_numeric
    return [
        dt.C45Classifier().fit(X, y).tree_,
        dt.CARTClassifier(cost_matrix=[[0, 1], [2, 0]]).fit(X, y).tree_,
        dt.CARTRegressor().fit(X.drop(columns="temperature"), X["temperature"]).tree_,
        dt.ObliqueTreeClassifier().fit(X[["temperature", "humidity"]], y).tree_,
        dt.ID3Classifier().fit(*tennis).tree_,
    ]


JUNK = [
    None,
    True,
    False,
    0,
    -1,
    2,
    99,
    1.5,
    1e308,
    float("nan"),
    float("inf"),
    "",
    "x",
    "numeric",
    "categorical",
    [],
    [0],
    [1, 2],
    {},
    {"a": 1},
    [[1]],
    "subset",
    2**70,
]


def _paths(obj, path=()):
    if path:
        yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, path + (i,))


def _mutate(data, path, value):
    for key in path[:-1]:
        data = data[key]
    if value is KeyError:
        data.pop(path[-1])
    else:
        data[path[-1]] = value


@settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_from_json_on_mutated_trees(trees, data):
    """Any one or two mutations: a ValueError, or a tree whose every export works."""
    tree = data.draw(st.sampled_from(trees))
    doc = json.loads(tree.to_json())
    for _ in range(data.draw(st.integers(1, 2))):
        path = data.draw(st.sampled_from(list(_paths(doc))))
        _mutate(doc, path, copy.deepcopy(data.draw(st.sampled_from(JUNK + [KeyError]))))
    try:
        loaded = dt.Tree.from_json(json.dumps(doc))
    except ValueError:
        return
    loaded.to_text()
    loaded.to_text(style="weka")
    loaded.to_rules()
    loaded.to_dot()
    compile(loaded.to_python(), "<tree>", "exec")
    dt.Tree.from_json(loaded.to_json())
    assert loaded.n_nodes >= loaded.n_leaves >= 1
    dt.cost_complexity_path(loaded) if loaded.classes is not None else None


@pytest.mark.parametrize(
    "text",
    ["", "{", "[]", "null", "1", '"x"', "{}", '{"format": "dtlearn.tree/1"}', None, 5, b"\xff"],
    ids=repr,
)
def test_from_json_garbage(text):
    with pytest.raises(ValueError):
        dt.Tree.from_json(text)


@pytest.mark.parametrize(
    "field,value",
    [
        (("nodes", 1, "counts", 0), float("inf")),
        (("nodes", 1, "counts", 0), -1.0),
        (("nodes", 1, "impurity"), float("nan")),
        (("nodes", 0, "label"), True),
        (("nodes", 0, "id"), True),
        (("schema", "categories", 0), [["a"], ["b"]]),
        (("schema", "categories", 0), ["a", "a"]),
        (("schema", "names", 1), "outlook"),
    ],
)
def test_from_json_checks_counts_labels_and_schema(trees, field, value):
    # each of these used to load, then fail in plot_tree / to_python / to_text / predict
    doc = json.loads(trees[-1].to_json())
    if field[0] == "schema" and field[1] == "categories":
        doc["schema"]["categories"][0] = value
    else:
        _mutate(doc, field, value)
    with pytest.raises(ValueError, match="tree|schema"):
        dt.Tree.from_json(json.dumps(doc))


def test_from_json_checks_subset_and_oblique_splits(trees):
    cart, oblique = trees[1], trees[3]
    doc = cart.to_dict()
    subset = next(n for n in doc["nodes"] if n["split"] and n["split"]["kind"] == "subset")
    for left, right in (
        ([], subset["split"]["right"]),
        (subset["split"]["left"], subset["split"]["left"]),
    ):
        changed = json.loads(json.dumps(doc))
        node = next(n for n in changed["nodes"] if n["id"] == subset["id"])
        node["split"]["left"], node["split"]["right"] = left, right
        with pytest.raises(ValueError, match="split"):
            dt.Tree.from_dict(changed)
    doc = json.loads(oblique.to_json())
    node = next(n for n in doc["nodes"] if n["split"] and n["split"]["kind"] == "oblique")
    node["split"]["bias"] = float("nan")
    with pytest.raises(ValueError, match="finite"):
        dt.Tree.from_json(json.dumps(doc))


def test_to_text_style(trees):
    for style in ("nope", None, 1):
        with pytest.raises(ValueError, match="style"):
            trees[0].to_text(style=style)


@pytest.mark.parametrize(
    "x,name",
    [
        ({"outlok": "sunny"}, "outlok"),
        (pd.Series({"zz": 1}), "zz"),
        ({0: "sunny"}, "x"),
        (["sunny"], "columns"),
        ([], "columns"),
        (None, "x"),
        ("sunny", "x"),
        (np.zeros((2, 4)), "one instance"),
    ],
    ids=repr,
)
def test_decision_path_wrong_shapes_and_unknown_names(tennis, x, name):
    # unknown names in a dict used to be ignored: the path silently stopped at the root
    tree = dt.ID3Classifier().fit(*tennis).tree_
    with pytest.raises(ValueError, match=name):
        tree.decision_path(x)


def test_decision_path_partial_dict_is_fine(tennis):
    tree = dt.ID3Classifier().fit(*tennis).tree_
    path = tree.decision_path({"outlook": "rainy"})
    assert path.stopped_early if hasattr(path, "stopped_early") else True


def test_with_leaves_at_and_node_bad_ids(trees):
    tree = trees[0]
    for bad in (999, "a", None, -1):
        assert is_error(clear_or_ok(lambda: tree.node(bad), "node"))
        assert is_error(clear_or_ok(lambda: tree.with_leaves_at([bad]), "node"))


# ---------------------------------------------------------------------------- pruning
@pytest.fixture(scope="module")
def fitted(tennis_numeric):
    X, y = tennis_numeric
    return {
        "cart": dt.CARTClassifier().fit(X, y),
        "c45": dt.C45Classifier().fit(X, y),
        "reg": dt.CARTRegressor().fit(X.drop(columns="temperature"), X["temperature"]),
    }


NOT_MODELS = [None, 5, "x", [1, 2], pd.DataFrame({"a": [1]}), dt.CARTClassifier()]


@pytest.mark.parametrize("obj", NOT_MODELS, ids=repr)
def test_pruners_reject_non_models(obj, tennis_numeric):
    X, y = tennis_numeric
    for call in (
        lambda: dt.reduced_error_prune(obj, X, y),
        lambda: dt.cost_complexity_path(obj),
        lambda: dt.cost_complexity_prune(obj, 0.1),
        lambda: dt.rule_post_prune(obj, X, y),
        lambda: dt.pessimistic_prune(obj),
    ):
        assert is_error(clear_or_ok(call, "model_or_tree", "tree"))


@pytest.mark.parametrize(
    "case",
    [
        "empty",
        "short y",
        "missing column",
        "unknown label",
        "missing label",
        "None X",
        "infinite",
        "text in numbers",
        "renamed",
    ],
)
def test_pruners_reject_bad_validation_data(case, fitted, tennis_numeric):
    X, y = tennis_numeric
    Xv, yv = {
        "empty": (X[:0], y[:0]),
        "short y": (X, y[:3]),
        "missing column": (X.iloc[:, :2], y),
        "unknown label": (X, ["zz"] * 14),
        "missing label": (X, [np.nan] * 14),
        "None X": (None, y),
        "infinite": (X.assign(humidity=np.inf), y),
        "text in numbers": (X.assign(humidity="a"), y),
        "renamed": (X.rename(columns={"humidity": "h"}), y),
    }[case]
    for call in (
        lambda: dt.reduced_error_prune(fitted["cart"], Xv, yv),
        lambda: dt.rule_post_prune(fitted["cart"], Xv, yv),
        lambda: dt.cost_complexity_path(fitted["cart"].tree_, Xv, yv),
    ):
        assert is_error(clear_or_ok(call, "X", "y"))


@pytest.mark.parametrize("alpha", [-1, np.nan, "0.1", None, True, [0.1], 10**30], ids=repr)
def test_cost_complexity_alpha(alpha, fitted):
    result = clear_or_ok(lambda: dt.cost_complexity_prune(fitted["cart"], alpha), "alpha")
    assert is_error(result) or (alpha == 10**30 and result.n_leaves == 1)
    with pytest.raises(CLEAR, match="ccp_alpha"):
        if alpha != 10**30:
            dt.CARTClassifier(ccp_alpha=alpha).fit(*dt.load_play_tennis(numeric=True))
        else:
            raise ValueError("ccp_alpha fine")


@pytest.mark.parametrize("confidence", [0, -1, 1.5, np.nan, np.inf, "0.25", None, True], ids=repr)
def test_pessimistic_confidence(confidence, fitted):
    with pytest.raises(CLEAR, match="confidence"):
        dt.pessimistic_prune(fitted["c45"], confidence=confidence)
    with pytest.raises(CLEAR, match="confidence"):
        dt.pessimistic_errors(10, 2, confidence=confidence)


@pytest.mark.parametrize(
    "n,e",
    [(0, 0), (2, 5), (-1, 0), (np.nan, 1), ("10", 1), (10, None), (np.inf, 1), (True, 0)],
    ids=repr,
)
def test_pessimistic_errors_bad_counts(n, e):
    assert is_error(clear_or_ok(lambda: dt.pessimistic_errors(n, e), "n", "e"))


# ---------------------------------------------------------------------------- curves
@pytest.mark.parametrize(
    "sizes",
    [
        (0.5, 0.5),
        (0.6, 0.2, 0.2, 0),
        (1, 0, 0),
        (-0.2, 0.6, 0.6),
        (np.nan, 0.5, 0.5),
        "abc",
        None,
        (0.6, 0.2, "x"),
        (0.98, 0.01, 0.01),
        5,
    ],
    ids=repr,
)
def test_split_sizes(sizes, tennis):
    with pytest.raises(CLEAR, match="sizes"):
        curves.train_validation_test_split(*tennis, sizes=sizes)


def test_split_data(tennis):
    X, y = tennis
    for Xa, ya in ((X, y[:3]), (X[:0], y[:0]), (None, y), (X, None), (5, 5)):
        assert is_error(
            clear_or_ok(lambda: curves.train_validation_test_split(Xa, ya), "X", "y", "sizes")
        )


@pytest.mark.parametrize("rate", [-0.1, 1.1, np.nan, np.inf, "0.1", None, True, [0.1]], ids=repr)
def test_label_noise_rate(rate, tennis):
    with pytest.raises(CLEAR, match="rate"):
        curves.add_label_noise(tennis[1], rate)


@FAST
@given(st.floats(0, 1), st.integers(0, 2**32 - 1))
def test_label_noise_changes_exactly_round_rate_n(rate, seed):
    y = ["a", "b", "c"] * 7
    noisy = curves.add_label_noise(y, rate, random_state=seed)
    assert sum(u != v for u, v in zip(noisy, y)) == int(round(rate * len(y)))


@pytest.mark.parametrize(
    "param,values",
    [
        ("nope", [1]),
        ("max_depth", []),
        ("max_depth", [0]),
        ("max_depth", ["a"]),
        ("max_depth", 3),
        ("max_depth", "abc"),
        ("ccp_alpha", [-1]),
        (5, [1]),
        ("max_depth", [np.nan]),
    ],
    ids=repr,
)
def test_complexity_curve_param_and_values(param, values, tennis_numeric):
    X, y = tennis_numeric
    assert is_error(
        clear_or_ok(
            lambda: curves.complexity_curve(
                dt.CARTClassifier(), X, y, X, y, param=param, values=values
            ),
            "param",
            "values",
            str(param),
        )
    )


@pytest.mark.parametrize("learner", [None, "cart", dt.CARTClassifier], ids=repr)
def test_complexity_curve_learner(learner, tennis_numeric):
    with pytest.raises(CLEAR, match="learner"):
        curves.complexity_curve(learner, *tennis_numeric)


def test_complexity_curve_validation_data_pairs(tennis_numeric):
    X, y = tennis_numeric
    with pytest.raises(CLEAR, match="val"):
        curves.complexity_curve(dt.CARTClassifier(), X, y, X_val=X, values=[1, 2])
    with pytest.raises(CLEAR, match="y"):
        curves.complexity_curve(dt.CARTClassifier(), X, y, X, y[:3], values=[1, 2])


# ---------------------------------------------------------------------------- read_arff
ARFF_BAD = [
    "",
    "garbage\n",
    "@relation x\n@attribute a {u,v}\n@attribute c {y,n}\n@data\nu,y,1\n",
    "@relation x\n@attribute a {u,v}\n@attribute c {y,n}\n@data\nw,n\n",
    "@relation x\n@attribute a numeric\n@attribute c {y,n}\n@data\nabc,y\n",
    "@relation x\n@attribute a numeric\n@attribute a numeric\n@data\n1,2\n",
    "@relation x\n@attribute a {}\n@data\n\n",  # used to raise IndexError
    "\x00\x01\x02\n",
]


@pytest.mark.parametrize("text", ARFF_BAD, ids=repr)
def test_read_arff_garbage(text):
    with pytest.raises(ValueError, match="ARFF"):
        dt.read_arff(text)


@FAST
@given(st.text(max_size=200))
def test_read_arff_any_text(text):
    clear_or_ok(lambda: dt.read_arff(io.StringIO(text)))


@pytest.mark.parametrize("target", [5, -5, "zz", 1.5, [0]], ids=repr)
def test_read_arff_wrong_target(target):
    text = "@relation x\n@attribute a {u,v}\n@attribute c {y,n}\n@data\nu,y\n"
    with pytest.raises(CLEAR, match="target"):
        dt.read_arff(text, target=target)


@pytest.mark.parametrize("source", [None, 5, [1]], ids=repr)
def test_read_arff_bad_source(source):
    with pytest.raises(CLEAR, match="source"):
        dt.read_arff(source)


def test_read_arff_missing_file_is_an_os_error():
    with pytest.raises(OSError):
        dt.read_arff("/nonexistent/file.arff")


# ---------------------------------------------------------------------------- exercises
def _loop(*args, **kwargs):
    while True:
        pass


def _recurse(*args, **kwargs):
    return _recurse(*args, **kwargs)


def _exit(*args, **kwargs):
    raise SystemExit(1)


STUDENT_FUNCTIONS = {
    "raises": lambda *a, **k: 1 / 0,
    "returns None": lambda *a, **k: None,
    "returns text": lambda *a, **k: "0.9",
    "returns nan": lambda *a, **k: float("nan"),
    "returns a list": lambda *a, **k: [1],
    "recurses": _recurse,
    "returns a huge int": lambda *a, **k: 10**400,  # used to raise OverflowError
    "returns complex": lambda *a, **k: 1j,
    "calls exit()": _exit,  # SystemExit escaped
    "returns a dict": lambda *a, **k: {"a": {"b": 1}},
}


@pytest.mark.parametrize("check", ["check_entropy", "check_information_gain", "check_id3"])
@pytest.mark.parametrize("student", list(STUDENT_FUNCTIONS), ids=str)
def test_checks_turn_any_student_failure_into_feedback(check, student):
    result = getattr(exercises, check)(STUDENT_FUNCTIONS[student])
    assert not result.passed
    assert repr(result)


def test_check_reports_a_loop_as_a_timeout(monkeypatch):
    monkeypatch.setattr(exercises, "TIME_LIMIT", 0.2)
    outcome = exercises.run_student(_loop, time_limit=0.2)
    assert outcome.kind == "timeout" if hasattr(outcome, "kind") else not outcome.ok


@pytest.mark.parametrize("answer", [None, "x", float("nan"), [1], 1j, 10**400, True], ids=repr)
def test_check_value_answers(answer):
    assert not exercises.check_value(answer, 0.5, "answer").passed


@pytest.mark.parametrize(
    "kwargs,name",
    [
        ({"tol": -1}, "tol"),
        ({"tol": "x"}, "tol"),
        ({"tol": float("nan")}, "tol"),
        ({"expected": float("nan")}, "expected"),
        ({"expected": "x"}, "expected"),
    ],
    ids=repr,
)
def test_check_value_teacher_arguments(kwargs, name):
    # used to fail every answer silently (nan) or raise a message without the name
    args = {"answer": 0.5, "expected": 0.5, "what": "a", **kwargs}
    with pytest.raises(CLEAR, match=name):
        exercises.check_value(**args)


# ---------------------------------------------------------------------------- plot
@pytest.fixture()
def plot():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    yield dt.plot
    plt.close("all")


@pytest.mark.parametrize(
    "obj",
    [None, 5, "x", [1, 2], pd.DataFrame({"a": [1]}), dt.CARTClassifier(), "tree", "model"],
    ids=repr,
)
@pytest.mark.parametrize(
    "function,arg",
    [
        ("plot_tree", "tree"),
        ("plot_complexity_curve", "curve"),
        ("plot_ccp_path", "path"),
        ("plot_prune_steps", "result"),
        ("plot_rule_accuracies", "ruleset"),
        ("score_bars", "step_or_table"),
    ],
)
def test_plot_functions_reject_wrong_objects(plot, fitted, function, arg, obj):
    # the curve plots used to raise AttributeError deep inside
    if isinstance(obj, str) and obj in ("tree", "model"):
        if function == "plot_tree":
            return  # the right objects for plot_tree
        obj = fitted["cart"].tree_ if obj == "tree" else fitted["cart"]
    with pytest.raises(CLEAR):
        getattr(plot, function)(obj)


@pytest.mark.parametrize("model", [None, "x", "classifier", "unfitted", "tree"], ids=repr)
def test_regression_fit_needs_a_fitted_regressor(plot, fitted, tennis_numeric, model):
    X, _ = tennis_numeric
    model = {
        "classifier": fitted["cart"],
        "unfitted": dt.CARTRegressor(),
        "tree": fitted["reg"].tree_,
    }.get(model, model)
    with pytest.raises(TypeError, match="model"):
        plot.regression_fit(model, X[["humidity"]], X["temperature"])


@pytest.mark.parametrize("model", [None, "x", "unfitted", "regressor"], ids=repr)
def test_decision_regions_needs_a_fitted_classifier(plot, fitted, tennis_numeric, model):
    X, y = tennis_numeric
    model = {"unfitted": dt.CARTClassifier(), "regressor": fitted["reg"]}.get(model, model)
    with pytest.raises(CLEAR, match="model"):
        plot.decision_regions(model, X[["temperature", "humidity"]], y)
