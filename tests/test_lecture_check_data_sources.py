"""The data the lecture checks load, pinned against its source, not only the answers.

13.x load the Wisconsin breast-cancer data as the notebooks do: scikit-learn's table with its own
column names, and a ``diagnosis`` Series of the class names (0 is malignant in
scikit-learn's coding). 06.x rebuild the notebook's 60/20/20 split of the car data and
its 20 % label noise: running the notebook's own cells gives the same frames.
"""

import contextlib
import io
from pathlib import Path

import nbformat
import numpy as np
from sklearn.datasets import load_breast_cancer

from dtlearn.exercises.lectures import n06_overfitting as n06
from dtlearn.exercises.lectures import n13_from_one_tree_to_many as n13

ROOT = Path(__file__).resolve().parents[1]


def test_13_cancer_data_is_scikit_learns_with_named_classes():
    X, y = n13.cancer_data()
    source = load_breast_cancer()
    assert list(X.columns) == list(source.feature_names)
    np.testing.assert_array_equal(X.to_numpy(), source.data)
    assert y.name == "diagnosis"
    assert list(y) == [("malignant", "benign")[t] for t in source.target]
    assert y.value_counts().to_dict() == {"benign": 357, "malignant": 212}


def notebook_namespace(name, needle):
    """Run the cells of ``instructor/<name>.ipynb`` up to the first one containing
    ``needle`` (imports and data only) and return what they define."""
    notebook = nbformat.read(ROOT / "instructor" / f"{name}.ipynb", as_version=4)
    namespace = {}
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        with contextlib.redirect_stdout(io.StringIO()):
            exec(cell.source, namespace)
        if needle in cell.source:
            return namespace
    raise AssertionError(f"no cell of {name} contains {needle!r}")


def test_06_checks_rebuild_the_notebooks_split_and_noise():
    shown = notebook_namespace("06_overfitting", "add_label_noise(y_train")
    names = ("X_train", "X_val", "X_test", "y_train", "y_val", "y_test", "y_noisy")
    for name, mine in zip(names, n06._parts()):
        assert mine.equals(shown[name]), name
    assert sum(len(shown[n]) for n in ("X_train", "X_val", "X_test")) == 1728
