"""Round trips: JSON keeps category and class types; rules and Python code agree with the
tree; reduced-error pruning counts the model's own errors; ARFF files read as Weka reads them.
"""

import gzip
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.datasets.arffio import read_arff
from dtlearn.learners.c45 import C45Classifier
from dtlearn.tree import Tree

KINDS = {
    "bool": st.booleans(),
    "int": st.integers(-5, 5),
    "float": st.sampled_from([0.5, -1.25, 2.0, 3.75]),
    "str": st.sampled_from(["a", "b", "1", "True", "2.0"]),  # strings that look like others
}


@st.composite
def _categorical_tables(draw):
    n = draw(st.integers(2, 25))
    kinds = draw(st.lists(st.sampled_from(sorted(KINDS)), min_size=1, max_size=4))
    columns = {}
    for j, kind in enumerate(kinds):
        values = draw(st.lists(KINDS[kind], min_size=n, max_size=n))
        columns[f"{kind}{j}"] = pd.Series(values, dtype=object).astype("category")
    X = pd.DataFrame(columns)
    label_kind = draw(st.sampled_from(["bool", "int", "str"]))  # 0.5 is no class label
    y = draw(st.lists(KINDS[label_kind], min_size=n, max_size=n))
    return X, y


@settings(max_examples=60, deadline=None)
@given(_categorical_tables(), st.sampled_from([dt.ID3Classifier, dt.CARTClassifier, C45Classifier]))
def test_json_round_trip_keeps_types_and_predictions(table, learner):
    X, y = table
    model = learner().fit(X, y)
    tree = model.tree_
    back = Tree.from_json(tree.to_json())
    for before, after in zip(tree.schema.categories, back.schema.categories):
        assert after == before
        assert [type(v) for v in after] == [type(v) for v in before]
    assert list(back.classes) == list(tree.classes)
    assert [type(c) for c in back.classes] == [type(c) for c in tree.classes]
    np.testing.assert_array_equal(back.predict_values(X), tree.predict_values(X))
    assert back.predict(X).tolist() == tree.predict(X).tolist()
    assert back.to_text() == tree.to_text()


def test_bool_and_int_categories_are_json_values_not_text():
    X = pd.DataFrame({"windy": [True, False, True, False], "rank": pd.Categorical([1, 2, 3, 1])})
    tree = dt.ID3Classifier().fit(X, ["no", "yes", "no", "yes"]).tree_
    data = json.loads(tree.to_json())
    assert data["schema"]["categories"] == [[True, False], [1, 2, 3]]
    # a True read back is the category True, not the text "True"
    back = Tree.from_json(tree.to_json())
    assert back.predict(pd.DataFrame({"windy": [True], "rank": [1]}))[0] == "no"


def test_json_written_by_older_versions_still_loads():
    X, y = dt.load_play_tennis()
    data = dt.ID3Classifier().fit(X, y).tree_.to_dict()
    data["schema"]["categories"] = [
        None if c is None else [str(v) for v in c] for c in data["schema"]["categories"]
    ]
    assert (
        Tree.from_dict(data).predict(X).tolist() == dt.ID3Classifier().fit(X, y).predict(X).tolist()
    )


# ---------------------------------------------------------------------- tree -> rules, python
@st.composite
def _tables_with_gaps(draw):
    n = draw(st.integers(4, 30))
    X = pd.DataFrame(
        {
            "c": draw(st.lists(st.sampled_from(["r", "g", "b", "y"]), min_size=n, max_size=n)),
            "x": draw(st.lists(st.sampled_from([0.0, 1.0, 2.5, 3.0]), min_size=n, max_size=n)),
            "z": draw(st.lists(st.floats(-2, 2, allow_nan=False), min_size=n, max_size=n)),
        }
    )
    y = draw(st.lists(st.sampled_from(["p", "q", "s"]), min_size=n, max_size=n))
    probe = pd.DataFrame(
        {
            "c": draw(
                st.lists(
                    st.sampled_from(["r", "g", "b", "y", "violet", None]), min_size=10, max_size=10
                )
            ),
            "x": draw(
                st.lists(
                    st.sampled_from([0.0, 1.0, 2.5, 3.0, 0.5, np.nan]), min_size=10, max_size=10
                )
            ),
            "z": draw(st.lists(st.floats(-3, 3, allow_nan=False), min_size=10, max_size=10)),
        }
    )
    return X, y, probe


@settings(max_examples=60, deadline=None)
@given(
    _tables_with_gaps(),
    st.sampled_from([dt.ID3Classifier, dt.CARTClassifier, dt.ObliqueTreeClassifier]),
)
def test_rules_and_python_agree_with_the_tree_on_every_row(table, learner):
    from dtlearn.pruning.rule_post_pruning import rules_from_tree

    X, y, probe = table
    model = learner().fit(X, y)
    rows = pd.concat([X, probe], ignore_index=True)  # unseen categories, missing values
    missing = rows.isna().any(axis=1).to_numpy()
    if missing.any():  # refused at fit, so refused at predict (issue 41)
        with pytest.raises(ValueError, match="missing value"):
            model.tree_.predict(rows)
    rows = rows[~missing].reset_index(drop=True)
    expected = model.tree_.predict(rows).tolist()
    assert rules_from_tree(model).predict(rows).tolist() == expected
    namespace = {}
    exec(model.tree_.to_python(), namespace)
    known = [i for i in range(len(rows)) if not rows.iloc[i].isna().any()]
    for i in known:
        row = {k: v for k, v in rows.iloc[i].items()}
        assert namespace["predict"](row) == expected[i]


def test_rules_follow_a_category_unseen_at_a_node():
    # CART splits colour {r} | {g} at the root's child; "b" never reached that node
    X = pd.DataFrame({"colour": ["r", "g", "r", "g", "b", "b"], "size": [1, 1, 2, 2, 9, 9]})
    y = ["yes", "no", "yes", "no", "maybe", "maybe"]
    model = dt.CARTClassifier().fit(X, y)
    from dtlearn.pruning.rule_post_pruning import rules_from_tree

    probe = pd.DataFrame({"colour": ["b", "violet"], "size": [1, 1]})
    assert rules_from_tree(model).predict(probe).tolist() == model.predict(probe).tolist()


def test_reduced_error_pruning_counts_the_model_s_cost_aware_errors():
    from dtlearn.pruning.reduced_error import reduced_error_prune

    rng = np.random.default_rng(3)
    X = pd.DataFrame(rng.normal(size=(300, 3)), columns=["a", "b", "c"])
    y = np.where(X["a"] + rng.normal(scale=1.0, size=300) > 0.8, "sick", "well")
    cost = [[0, 10], [1, 0]]  # missing a sick patient costs 10
    model = dt.CARTClassifier(cost_matrix=cost, max_depth=6).fit(X[:200], y[:200])
    result = reduced_error_prune(model, X[200:], y[200:])
    before = int((model.predict(X[200:]) != y[200:]).sum())
    assert result.errors_before == before  # the model's own predictions, not the argmax
    after = int((result.tree.predict(X[200:]) != y[200:]).sum())
    assert result.errors_after == after <= before  # pruning never makes validation worse


# ---------------------------------------------------------------------- ARFF files -> frames
FIXTURES = Path(__file__).parent / "fixtures" / "weka"
# Every file of Weka 3.6's examples folder: the ones the oracle runs use, and the rest gzipped
WEKA_EXAMPLE_NAMES = (
    "ReutersCorn-test",
    "ReutersCorn-train",
    "ReutersGrain-test",
    "ReutersGrain-train",
    "breast-cancer",
    "contact-lenses",
    "cpu",
    "cpu.with.vendor",
    "credit-g",
    "diabetes",
    "glass",
    "ionosphere",
    "iris.2D",
    "iris",
    "labor",
    "segment-challenge",
    "segment-test",
    "soybean",
    "supermarket",
    "unbalanced",
    "vote",
    "weather.nominal",
    "weather.numeric",
)


def _weka_example(name):
    plain = FIXTURES / "data" / f"{name}.arff"
    return plain if plain.exists() else FIXTURES / "examples" / f"{name}.arff.gz"


def test_every_arff_weka_was_run_on_reads_as_weka_counted_it():
    index = json.loads((FIXTURES / "index.json").read_text())["datasets"]
    for name, entry in index.items():
        X, y = read_arff(FIXTURES / entry["file"])
        assert len(X) == entry["n_instances"], name
        assert list(X.columns) == list(entry["attributes"]), name
        assert y.name == entry["class"]
        assert list(y.cat.categories) == entry["class_values"], name


def test_supermarket_style_header_comments_quoted_names_sparse_rows_and_gzip():
    text = """% Weka's supermarket.arff ends a declaration with a comment
@relation 'market basket'
@attribute 'department 1' { t}
@attribute "dept 2" {t}
@attribute 'total' { low, high} % low < 100
@attribute price numeric % in euros, '%' inside a comment
@attribute label {'50% off', full}
@data
t,?,low,1.5,'50% off' % a comment after a row
?,t,high,?,full
"""
    X = read_arff(text, target=None)
    assert list(X.columns) == ["department 1", "dept 2", "total", "price", "label"]
    assert list(X["total"].cat.categories) == ["low", "high"]
    assert X["label"].tolist() == ["50% off", "full"]  # a quoted % is data, not a comment
    assert X["price"].tolist()[0] == 1.5 and np.isnan(X["price"].tolist()[1])
    zipped = read_arff(gzip.compress(text.encode("utf-8")), target=None)
    pd.testing.assert_frame_equal(zipped, X)
    sparse = read_arff(
        "@relation s\n@attribute a numeric\n@attribute b numeric\n"
        "@attribute c {x, y}\n@data\n{1 2.5, 2 y}\n{0 1}\n",
        target=None,
    )
    assert sparse.to_dict("list") == {"a": [0.0, 1.0], "b": [2.5, 0.0], "c": ["y", "x"]}


def test_unsupported_attribute_kinds_are_named():
    text = (
        "@relation r\n@attribute when date 'yyyy-MM-dd'\n@attribute c {a,b}\n@data\n"
        "'2020-01-01',a\n"
    )
    with pytest.raises(ValueError, match="does not support date attributes.*when"):
        read_arff(text)


def test_every_file_in_weka_s_examples_folder_reads():
    files = [_weka_example(name) for name in WEKA_EXAMPLE_NAMES]
    for path in files:
        frame = read_arff(path, target=None)
        declared = sum(
            1 for line in _open_text(path).splitlines() if line.lower().startswith("@attribute")
        )
        assert frame.shape[1] == declared and len(frame) > 0, path.name


def _open_text(path):
    data = path.read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode("latin-1")


def test_pruning_curves_score_the_model_s_own_cost_aware_predictions():
    from dtlearn.pruning.curves import pruning_curve

    rng = np.random.default_rng(5)
    X = pd.DataFrame(rng.normal(size=(300, 3)), columns=["a", "b", "c"])
    y = np.where(X["a"] + rng.normal(scale=1.0, size=300) > 0.8, "sick", "well")
    model = dt.CARTClassifier(cost_matrix=[[0, 10], [1, 0]], max_depth=5).fit(X[:200], y[:200])
    for method in ("cost_complexity", "reduced_error"):
        curve = pruning_curve(model, X[:200], y[:200], X[200:], y[200:], method=method)
        # entry 0 is the full tree: its accuracies are the model's own
        assert curve.train[0] == pytest.approx(model.score(X[:200], y[:200]))
        assert curve.validation[0] == pytest.approx(model.score(X[200:], y[200:]))
    # the last cost-complexity step is the root alone, predicting the cheapest class
    curve = pruning_curve(model, X[:200], y[:200], X[200:], y[200:])
    root = model.tree_.with_leaves_at([model.tree_.root.node_id])
    assert curve.n_leaves[-1] == 1
    assert curve.validation[-1] == pytest.approx(np.mean(root.predict(X[200:]) == y[200:]))
    assert set(root.predict(X[200:])) == {"sick"}  # the cheapest, not the most frequent


def test_oblique_python_code_adds_in_the_tree_s_order():
    # found by hypothesis: a row on the line (z = 1.4e-45) went one way in the tree (a
    # matrix product) and the other in the generated Python (a left-to-right sum)
    x = (
        [0.0] * 5
        + [3.0, 2.5, 2.5]
        + [0.0] * 5
        + [2.5]
        + [0.0] * 11
        + [3.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0]
    )
    x = x[:28]
    z = (
        [0.0] * 6
        + [1.0, 1.0, 2.0]
        + [0.0] * 8
        + [1.75, 0.0, 0.0, 0.375, 1.401298e-45]
        + [0.0] * 3
        + [0.25, 0.0, 0.0]
    )
    y = list("ppppppppsppp") + [
        "q",
        "s",
        "p",
        "p",
        "p",
        "s",
        "p",
        "p",
        "p",
        "s",
        "p",
        "p",
        "p",
        "s",
        "p",
        "s",
    ]
    X = pd.DataFrame({"c": ["r"] * 28, "x": x, "z": z})
    model = dt.ObliqueTreeClassifier().fit(X, y)
    namespace = {}
    exec(model.tree_.to_python(), namespace)
    expected = model.predict(X).tolist()
    assert [namespace["predict"](dict(row)) for _, row in X.iterrows()] == expected
