"""dtlearn.exports: each Tree.to_* is its export function; the Weka layout is an option.

The layout tests compare with Weka 3.6's own outputs: on weather.nominal Id3 and unpruned
J48 grow the same tree, so each of our trees printed in the other learner's layout must
be exactly the other learner's saved output.
"""

import importlib
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import dtlearn as dt
import dtlearn.exports as ex
from dtlearn.datasets import read_arff
from dtlearn.exports.dot import dot_source
from dtlearn.exports.json_io import tree_from_dict, tree_from_json, tree_to_dict, tree_to_json
from dtlearn.exports.path import decision_path
from dtlearn.exports.python_code import python_source
from dtlearn.exports.rule_text import rules_text
from dtlearn.exports.text import tree_text
from dtlearn.exports.weka import weka_text
from dtlearn.learners.c45 import C45Classifier
from dtlearn.tree import Tree

sys.path.insert(0, str(Path(__file__).resolve().parent / "fixtures"))
import weka_output as wo


def _weka(name, learner):
    return wo.tree_lines(wo.read_output(name, learner), learner.split("-")[0])


def _trees():
    """One tree of every kind of split and leaf the exports print."""
    play_X, play_y = dt.load_play_tennis()
    num_X, num_y = dt.load_play_tennis(numeric=True)
    iris_X, iris_y = read_arff(wo.data_path("iris"))
    rng = np.random.default_rng(0)
    reg_X = rng.normal(size=(40, 2))
    reg_y = reg_X[:, 0] * 3 + rng.normal(size=40)
    ordinal = dt.as_ordinal(play_X[["temperature"]], {"temperature": ["cool", "mild", "hot"]})
    id3 = dt.ID3Classifier().fit(play_X, play_y).tree_
    return {
        "id3 multiway": id3,
        "c45 thresholds": C45Classifier().fit(num_X, num_y).tree_,
        "cart subsets": dt.CARTClassifier().fit(play_X, play_y).tree_,
        "cart ordinal": dt.CARTClassifier().fit(ordinal, play_y).tree_,
        "oblique": dt.ObliqueTreeClassifier(max_depth=2).fit(iris_X, iris_y).tree_,
        "regression mean": dt.CARTRegressor(max_depth=2).fit(reg_X, reg_y).tree_,
        "regression median": dt.CARTRegressor(criterion="mae", max_depth=2).fit(reg_X, reg_y).tree_,
        "one leaf": id3.with_leaves_at([id3.root.node_id]),
    }


TREES = _trees()


@pytest.mark.parametrize("name", sorted(TREES))
def test_each_tree_method_returns_exactly_its_export(name):
    tree = TREES[name]
    assert tree.to_text() == tree_text(tree) == str(tree) == repr(tree)
    for layout in (None, "id3", "j48"):
        assert (
            tree.to_text(style="weka", layout=layout)
            == weka_text(tree, layout)
            == tree_text(tree, "weka", layout)
        )
    assert tree.to_rules() == rules_text(tree)
    assert tree.to_dot() == dot_source(tree)
    assert tree.to_python() == python_source(tree)
    assert tree.to_python("classify") == python_source(tree, "classify")
    assert tree.to_dict() == tree_to_dict(tree)
    assert tree.to_json(indent=2) == tree_to_json(tree, indent=2)
    text = tree.to_json()
    assert (
        Tree.from_json(text).to_dict()
        == tree_from_json(text).to_dict()
        == tree_from_dict(json.loads(text)).to_dict()
        == Tree.from_dict(json.loads(text)).to_dict()
    )


def test_decision_path_method_is_its_export():
    tree = TREES["id3 multiway"]
    row = {"outlook": "rainy", "windy": "TRUE"}
    assert tree.decision_path(row) == decision_path(tree, row)
    assert str(decision_path(tree, row)) == "outlook = rainy -> windy = TRUE -> predict 'no'"


def test_layout_none_follows_the_learner_that_made_the_tree():
    id3, c45 = TREES["id3 multiway"], TREES["c45 thresholds"]
    assert id3.to_text(style="weka") == id3.to_text(style="weka", layout="id3")
    assert c45.to_text(style="weka") == c45.to_text(style="weka", layout="j48")


def test_id3_tree_in_j48_layout_is_wekas_j48_output():
    X, y = read_arff(wo.data_path("weather.nominal"))
    tree = dt.ID3Classifier().fit(X, y).tree_
    assert tree.flavour == "id3"
    assert tree.to_text(style="weka", layout="j48").splitlines() == _weka(
        "weather.nominal", "J48-U"
    )
    assert tree.to_text(style="weka").splitlines() == _weka("weather.nominal", "Id3")


def test_j48_tree_in_id3_layout_is_wekas_id3_output():
    X, y = read_arff(wo.data_path("weather.nominal"))
    tree = C45Classifier(prune=False).fit(X, y).tree_
    assert tree.flavour == "j48"
    assert tree.to_text(style="weka", layout="id3").splitlines() == _weka("weather.nominal", "Id3")


def test_id3_layout_of_a_j48_tree_drops_weights_and_narrows_bars():
    # contact-lenses: J48 prunes differently from Id3, so derive the Id3 layout of Weka's
    # own J48 lines: 3-character bars and no "(weight/errors)".
    X, y = read_arff(wo.data_path("contact-lenses"))
    tree = C45Classifier(prune=False).fit(X, y).tree_
    expected = [
        line.replace("|   ", "|  ").split(" (")[0] for line in _weka("contact-lenses", "J48-U")
    ]
    assert tree.to_text(style="weka", layout="id3").splitlines() == expected


def test_one_leaf_tree_in_both_layouts():
    leaf = TREES["one leaf"]  # play tennis at the root: 9 yes, 5 no
    assert leaf.to_text(style="weka", layout="id3") == ": yes"
    assert leaf.to_text(style="weka", layout="j48") == ": yes (14.0/5.0)"


def test_regression_layouts_differ_only_in_their_bars():
    tree = TREES["regression mean"]
    id3 = tree.to_text(style="weka", layout="id3").splitlines()
    j48 = tree.to_text(style="weka", layout="j48").splitlines()
    assert [line.replace("|   ", "|  ") for line in j48] == id3
    assert sum(line.startswith("|   ") for line in j48) == 4  # depth 2: four leaves below


@pytest.mark.parametrize("layout", ["weka", "ID3", "c45", "", 3])
def test_unknown_layout_is_a_value_error_naming_layout(layout):
    with pytest.raises(ValueError, match="layout"):
        TREES["id3 multiway"].to_text(style="weka", layout=layout)
    with pytest.raises(ValueError, match="layout"):
        weka_text(TREES["c45 thresholds"], layout)


def test_layout_with_the_friendly_style_is_refused():
    with pytest.raises(ValueError, match="layout"):
        TREES["id3 multiway"].to_text(layout="j48")


def test_flavour_survives_json_and_keeps_choosing_the_layout():
    tree = TREES["c45 thresholds"]
    again = Tree.from_json(tree.to_json())
    assert json.loads(tree.to_json())["flavour"] == again.flavour == "j48"
    assert again.to_text(style="weka") == tree.to_text(style="weka")


def test_package_names_resolve_to_the_functions_not_their_modules():
    # a function named like its module would be hidden by the module once imported
    for module in ("text", "weka", "rule_text", "dot", "python_code", "json_io", "labels", "path"):
        importlib.import_module(f"dtlearn.exports.{module}")
    for name in ex.__all__:
        value = getattr(ex, name)
        assert callable(value) and not isinstance(value, type(ex)), name
        assert name in dir(ex)
    assert ex.rules_text is rules_text and ex.DecisionPath is dt.DecisionPath
    with pytest.raises(AttributeError, match="nope"):
        ex.nope  # noqa: B018


def test_exports_import_no_view_library():
    code = (
        "import sys, dtlearn.exports as ex\n"
        "[getattr(ex, n) for n in ex.__all__]\n"
        "print(sorted(m for m in ('matplotlib', 'ipywidgets', 'anywidget', 'IPython')"
        " if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_tree_module_keeps_its_old_public_names():
    from dtlearn.tree import DecisionPath, PathStep, format_value, plural

    assert DecisionPath is ex.DecisionPath and PathStep.__module__ == "dtlearn.exports.path"
    assert (format_value(2 / 3), plural(1, "leaf", "leaves")) == ("0.667", "1 leaf")


@pytest.mark.parametrize("module", ["dtlearn.exports", "dtlearn.exports.labels"])
def test_a_star_import_gives_exactly_the_listed_names(module):
    mod = importlib.import_module(module)
    namespace = {}
    exec(f"from {module} import *", namespace)  # noqa: S102 - the import is under test
    assert sorted(set(namespace) - {"__builtins__"}) == sorted(mod.__all__)
    assert len(set(mod.__all__)) == len(mod.__all__)
    assert {"format_value", "label_text", "plural"} <= set(mod.__all__)
