"""Names and defaults a reader sees, each against the documented word.

- a measure is named for what it measures (``gini`` for the Gini index);
- a tree made without a target name calls its target "class" in its rules;
- a result table's column names are text, whatever the caller passed.
"""

import dtlearn as dt
from dtlearn.result_table import ResultTable
from dtlearn.tree import Tree


def test_the_gini_index_is_named_gini():
    measure = dt.gini(counts=[9, 5])
    assert measure.name == "gini"
    assert float(measure) == 1 - (9 / 14) ** 2 - (5 / 14) ** 2


def test_a_tree_without_a_target_name_calls_its_target_class():
    X, y = dt.load_play_tennis()
    fitted = dt.ID3Classifier().fit(X, y).tree_
    bare = Tree(root=fitted.root, schema=fitted.schema, classes=fitted.classes)
    assert bare.target_name == "class"
    assert bare.to_rules().splitlines()[2] == "IF outlook = overcast THEN class = yes"


def test_column_names_become_text():
    table = ResultTable(columns=[1, 2.5], rows=[("a", 0.5)])
    assert table.columns == ("1", "2.5")
