"""C4.5 at other ``min_samples_leaf`` than 2, against Weka 3.6's J48 ``-M 1`` and ``-M 5``.

``tests/fixtures/make_weka_min_leaf.py`` writes Weka's trees (``weka_min_leaf/``) for the
example data sets and for tiny tables at the boundaries: the first cut of a node (allowed
only at ``-M 1``), a node whose rows share one value, missing values in nodes of one or two
rows. The whole tree text, with every leaf's ``(weight/errors)``, must be Weka's.
"""

from pathlib import Path

import pytest
import weka_output as wo
from fixtures import make_weka_min_leaf

from dtlearn.datasets.arffio import read_arff
from dtlearn.learners.c45 import C45Classifier

# the data sets and tables the fixture script ran J48 on, named once there
HERE = Path(__file__).parent / "fixtures"
DATASETS = list(make_weka_min_leaf.DATASETS)
TABLES = list(make_weka_min_leaf.TABLES)
RUNS = {"J48-U-M1": (False, 1), "J48-M1": (True, 1), "J48-M5": (True, 5), "J48-U-M5": (False, 5)}


def _check(arff: Path, name: str, run: str) -> None:
    prune, m = RUNS[run]
    X, y = read_arff(arff)
    weka = (make_weka_min_leaf.OUT / f"{name}.{run}.txt").read_text()
    tree = C45Classifier(prune=prune, min_samples_leaf=m).fit(X, y).tree_
    assert tree.to_text(style="weka").splitlines() == wo.tree_lines(weka, "J48")
    assert tree.n_leaves == wo.leaf_count(weka)


@pytest.mark.parametrize("run", RUNS)
@pytest.mark.parametrize("name", DATASETS)
def test_j48_trees_at_min_leaf_1_and_5_are_wekas(name, run):
    _check(HERE / "weka" / "data" / f"{name}.arff", name, run)


@pytest.mark.parametrize("run", RUNS)
@pytest.mark.parametrize("name", TABLES)
def test_j48_tiny_tables_at_min_leaf_1_and_5_are_wekas(name, run):
    _check(make_weka_min_leaf.OUT / f"{name}.arff", name, run)


def test_the_first_cut_of_a_node_is_taken_at_min_leaf_1():
    X, y = read_arff(make_weka_min_leaf.OUT / "first-cut.arff")
    weka = wo.tree_lines((make_weka_min_leaf.OUT / "first-cut.J48-U-M1.txt").read_text(), "J48")
    assert weka == ["x <= 1: a (1.0)", "x > 1: b (4.0)"]
    assert C45Classifier(prune=False, min_samples_leaf=1).fit(X, y).tree_.n_leaves == 2
