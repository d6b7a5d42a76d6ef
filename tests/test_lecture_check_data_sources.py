"""The data the lecture checks load, pinned against its source, not only the answers.

13.x load the Wisconsin breast-cancer data as the notebooks do: scikit-learn's table with its own
column names, and a ``diagnosis`` Series of the class names (0 is malignant in
scikit-learn's coding).
"""

import numpy as np
from sklearn.datasets import load_breast_cancer

from dtlearn.exercises.lectures import n13_from_one_tree_to_many as n13


def test_13_cancer_data_is_scikit_learns_with_named_classes():
    X, y = n13.cancer_data()
    source = load_breast_cancer()
    assert list(X.columns) == list(source.feature_names)
    np.testing.assert_array_equal(X.to_numpy(), source.data)
    assert y.name == "diagnosis"
    assert list(y) == [("malignant", "benign")[t] for t in source.target]
    assert y.value_counts().to_dict() == {"benign": 357, "malignant": 212}
