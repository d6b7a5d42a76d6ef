"""The tree questions' draws over many seeds: every branch, class and count can be asked.

A question bank that can only ever ask about the second branch, or never shows three
missing values, is a narrower exam than its prompt promises. Each quantity a tree
question draws is read back from many seeds (``QUESTION_TYPES[kind](default_rng(seed))``)
and compared with the whole range the prompt allows.
"""

import numpy as np
import pandas as pd

import dtlearn as dt
from dtlearn.exams.exam import QUESTION_TYPES


def drawn(kind, seeds):
    return [QUESTION_TYPES[kind](np.random.default_rng(seed)) for seed in seeds]


def test_missing_values_questions_ask_every_branch_and_class():
    questions = drawn("missing_values", range(8))
    assert {q.data["branch_value"] for q in questions} == {"high", "low"}
    assert {q.data["class"] for q in questions} == {"yes", "no"}
    assert {q.data["values"].count(None) for q in questions} == {2, 3}
    asked = set()
    for q in questions:  # the branch asked is the one the prompt names
        assert q.prompt.split("reach the branch ")[1].startswith(
            f"pressure = {q.data['branch_value']}? "
        )
        X = pd.DataFrame({"pressure": np.array(q.data["values"], dtype=object)})
        tree = dt.C45Classifier(min_samples_leaf=1).fit(X, pd.Series(q.data["y"])).tree_
        conditions = [str(c) for c in tree.root.split.conditions(tree.schema)]
        asked.add(conditions.index(f"pressure = {q.data['branch_value']}"))
    assert asked == {0, 1}  # the first branch of the root is asked as well as the second


def test_pessimistic_leaves_hold_6_to_40_rows_with_1_to_a_third_errors():
    data = [q.data for q in drawn("pessimistic", range(300))]
    assert min(d["n"] for d in data) == 6 and max(d["n"] for d in data) == 40
    assert min(d["e"] for d in data) == 1
    assert all(1 <= d["e"] < max(2, d["n"] // 3) for d in data)
    # the largest error count reaches the top of its range for some leaf
    assert any(d["e"] == max(2, d["n"] // 3) - 1 and d["n"] >= 9 for d in data)
    assert {d["confidence"] for d in data} == {0.25}
