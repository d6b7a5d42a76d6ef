"""What a pruning curve is handed and what a pickle keeps, on trees small enough to read.

* The pessimistic method's sequence starts at the tree before any decision: on a tree
  whose root J48 collapses at once (its two leaves make 1 + 3 training errors, the root
  alone 4), the curve's first tree still has both leaves.
* A cost-complexity path whose conditions were read before pickling reads them again
  after: the copy's steps name the same paths (a pickle keeps the tree, not the Node
  objects listed from it, which would no longer be the copied tree's own).
* The registry's first look-up imports every module of the package (a method module
  needs no import line elsewhere).
"""

import pickle
import subprocess
import sys

import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.pruning.cost_complexity import cost_complexity_path
from dtlearn.pruning.curves import pruning_curve
from dtlearn.pruning.methods import pruning_method


@pytest.fixture(scope="module")
def useless_split():
    """a = p: 3 X, 1 Y; a = q: 3 X, 3 Y. Both leaves say X: 4 errors, as the root alone."""
    D = pd.DataFrame({"a": ["p"] * 4 + ["q"] * 6, "c": list("XXXY") + list("XXXYYY")})
    return D[["a"]], D["c"], dt.ID3Classifier().fit(D[["a"]], D["c"])


def test_the_pessimistic_sequence_starts_before_the_first_collapse(useless_split):
    X, y, model = useless_split
    entry = pruning_method("pessimistic")
    result = entry.run(model)
    assert [str(s) for s in result.steps] == [
        "node 0: collapsed (collapse check: training errors leaf 4.000, subtree 4.000)"
    ]
    sequence = entry.sequence(result)
    assert (sequence.param, sequence.values, sequence.positions) == ("pruning step", (0, 1), (0, 1))
    assert sequence.cuts is None
    assert sequence.tree.n_leaves == 2
    assert sequence.tree.to_text() == model.tree_.to_text()
    curve = pruning_curve(model, X, y, method="pessimistic")
    assert (curve.values, curve.n_leaves, curve.train) == ((0, 1), (2, 1), (0.6, 0.6))


def test_a_path_read_before_pickling_reads_the_same_after():
    X, y = dt.load_play_tennis(numeric=True)
    path = cost_complexity_path(dt.CARTClassifier().fit(X, y))
    assert path.steps[0].path == ("outlook in {sunny, rainy}", "humidity <= 82.5")
    copy = pickle.loads(pickle.dumps(path))
    assert [s.path for s in copy.steps] == [
        ("outlook in {sunny, rainy}", "humidity <= 82.5"),
        ("outlook in {sunny, rainy}", "humidity > 82.5"),
        (),
    ]
    assert [s.condition for s in copy.steps] == ["humidity <= 82.5", "humidity > 82.5", "root"]
    assert [s.path for s in path.steps] == [s.path for s in copy.steps]


def test_the_registry_imports_every_pruning_module_on_its_first_look_up():
    # a fresh interpreter: the registry's module alone does not import the curves, which
    # register nothing but must be loaded for a method defined there to be found
    code = (
        "import pkgutil, sys\n"
        "import dtlearn.pruning as package\n"
        "import dtlearn.pruning.methods as methods\n"
        "names = ['dtlearn.pruning.' + m.name for m in pkgutil.iter_modules(package.__path__)]\n"
        "print([n for n in names if n not in sys.modules])\n"
        "methods.pruning_methods()\n"
        "print([n for n in names if n not in sys.modules])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    before, after = out.splitlines()
    assert "'dtlearn.pruning.curves'" in before and after == "[]"
