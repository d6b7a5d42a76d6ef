"""Reduced-error pruning of a C4.5 tree (``missing="distribute"``): each visit's own words.

A C4.5 tree sends a row with an unknown value down every branch, so its candidates are
scored by predicting with each one; the visits still name their node as the other path
does: the attribute of a multiway test, the condition of a numeric cut's left branch, the
path from the root and the class the node would predict as a leaf. The expected texts are
read off the tree J48 grows on the numeric play-tennis data (Quinlan's Table 1.1).
"""

import dtlearn as dt


def test_a_distribute_trees_visits_name_their_tests_paths_and_labels():
    X, y = dt.load_play_tennis(numeric=True)
    model = dt.C45Classifier(prune=False).fit(X, y)
    assert model.tree_.missing == "distribute"
    result = dt.reduced_error_prune(model, X, y)
    assert [(s.node_id, s.test, s.path, s.leaf_label, s.pruned) for s in result.steps] == [
        (1, "humidity <= 75", ("outlook = sunny",), "no", False),
        (3, "windy", ("outlook = rainy",), "yes", False),
        (0, "outlook", (), "yes", False),
    ]
    assert [(s.errors_before, s.errors_after) for s in result.steps] == [(0, 2), (0, 2), (0, 5)]
