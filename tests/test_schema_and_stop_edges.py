"""Edges of schema inference and of C4.5's stop rule, against their definitions.

Categories are the distinct present values in order of first appearance (missing cells,
``None`` or NaN, are not values). J48 makes a leaf of a node holding fewer than twice
``-M`` instances before it scores any attribute (``C45ModelSelection``), and says so.
"""

import numpy as np
import pandas as pd

import dtlearn as dt
from dtlearn.data import infer_schema


def test_missing_cells_are_not_categories_and_order_is_first_seen():
    X = pd.DataFrame({"a": [None, "q", np.nan, "p", "q"]})
    assert infer_schema(X).categories == (("q", "p"),)


def test_c45_stops_below_twice_min_samples_leaf_and_names_that_reason():
    X = pd.DataFrame({"a": ["p", "q", "p"], "b": [1.0, 2.0, 3.0]})
    y = pd.Series(["A", "B", "B"])
    grower = dt.C45Classifier(min_samples_leaf=2).make_grower(X, y)  # 3 < 2 × 2
    assert grower.stop_reason(0) == "less than 2 × min_samples_leaf=2 instances"
    grower = dt.C45Classifier(min_samples_leaf=1).make_grower(X, y)  # 3 >= 2 × 1
    assert grower.stop_reason(0) != "less than 2 × min_samples_leaf=1 instances"


def test_a_boolean_column_is_categorical_not_a_number():
    schema = infer_schema(pd.DataFrame({"w": [True, False, True], "n": [1, 2, 3]}))
    assert schema.is_categorical(0) and not schema.is_categorical(1)
    assert schema.categories[0] == (True, False)
