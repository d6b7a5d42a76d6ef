"""JSON round trips keep category and class types and predict identically."""

import json

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

import dtlearn as dt
from dtlearn.c45 import C45Classifier
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
@given(_categorical_tables(), st.sampled_from([dt.ID3Classifier, dt.CARTClassifier,
                                               C45Classifier]))
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
    X = pd.DataFrame({"windy": [True, False, True, False],
                      "rank": pd.Categorical([1, 2, 3, 1])})
    tree = dt.ID3Classifier().fit(X, ["no", "yes", "no", "yes"]).tree_
    data = json.loads(tree.to_json())
    assert data["schema"]["categories"] == [[True, False], [1, 2, 3]]
    # a True read back is the category True, not the text "True"
    back = Tree.from_json(tree.to_json())
    assert back.predict(pd.DataFrame({"windy": [True], "rank": [1]}))[0] == "no"


def test_json_written_by_older_versions_still_loads():
    X, y = dt.load_play_tennis()
    data = dt.ID3Classifier().fit(X, y).tree_.to_dict()
    data["schema"]["categories"] = [None if c is None else [str(v) for v in c]
                                    for c in data["schema"]["categories"]]
    assert Tree.from_dict(data).predict(X).tolist() == \
        dt.ID3Classifier().fit(X, y).predict(X).tolist()
