"""read_arff, the packaged readers and the data set registry: every refusal word for word.

Each error a teacher or student can meet reading a data file is given whole (the text is
the spec: it names the argument, the value and what to do), together with the edges of
the rules behind them: both ends of the target positions, the ``%`` comment rule with
escaped quotes, Latin-1 text, ``string`` attributes, undeclared values.
"""

import io
import re

import numpy as np
import pandas as pd
import pytest

from dtlearn.datasets import load_play_tennis, load_restaurant, read_arff, readers
from dtlearn.datasets.arffio import _strip_comments, categorical
from dtlearn.datasets.entries import catalogue, entry

TWO = "@relation t\n@attribute a numeric\n@attribute b {x, y}\n@data\n1, x\n?, y\n"


def raises(kind, text):
    return pytest.raises(kind, match="^" + re.escape(text) + "$")


def test_sources_that_are_not_arff_text():
    with raises(ValueError, "source is empty: give a path, an open file or the ARFF text"):
        read_arff(" \t ")
    with raises(
        TypeError,
        "read_arff: source must be a path, an open file, or the ARFF text; got float",
    ):
        read_arff(1.5)
    # an open text file and an open binary one read alike
    for handle in (io.StringIO(TWO), io.BytesIO(TWO.encode())):
        X, y = read_arff(handle)
        assert X["a"].tolist()[0] == 1.0 and y.tolist() == ["x", "y"]


def test_latin_1_bytes_are_decoded():
    text = "@relation t\n@attribute w {café, thé}\n@data\ncafé\nthé\n"
    frame = read_arff(text.encode("latin-1"), target=None)
    assert frame["w"].tolist() == ["café", "thé"]
    assert list(frame["w"].cat.categories) == ["café", "thé"]


@pytest.mark.parametrize(
    "declaration, kind, name",
    [
        ("@attribute when date 'yyyy-MM-dd'", "date", "when"),
        ("@ATTRIBUTE 'the day' DATE", "date", "'the day'"),
        ("  @attribute bag relational", "relational", "bag"),
    ],
)
def test_date_and_relational_attributes_are_refused_by_name(declaration, kind, name):
    text = f"@relation t\n@attribute a numeric\n{declaration}\n@data\n"
    with raises(
        ValueError,
        f"read_arff does not support {kind} attributes (attribute {name}); remove or convert "
        "that column first",
    ):
        read_arff(text)


def test_a_nominal_attribute_without_values_is_refused():
    with raises(ValueError, "not a valid ARFF file: a nominal attribute declares no values ({})"):
        read_arff("@relation t\n@attribute a {}\n@data\n")


def test_target_by_name_and_by_position_at_both_ends():
    assert read_arff(TWO, target=-2)[1].name == "a"
    assert read_arff(TWO, target=1)[1].name == "b"
    assert read_arff(TWO, target=np.int64(0))[1].name == "a"
    for position in (2, -3):
        with raises(
            ValueError, f"target position {position} is out of range: the file has 2 attributes"
        ):
            read_arff(TWO, target=position)
    with raises(
        ValueError,
        "target 'c' is not an attribute of this ARFF file; its attributes are ['a', 'b']",
    ):
        read_arff(TWO, target="c")
    # a bool is no position: True is looked up as a name
    with raises(
        ValueError,
        "target True is not an attribute of this ARFF file; its attributes are ['a', 'b']",
    ):
        read_arff(TWO, target=True)


def test_column_types_real_integer_and_string():
    text = (
        "@relation t\n@attribute r real\n@attribute i integer\n@attribute s string\n"
        "@attribute c {p, q}\n@data\n1.5, 2, hello, p\n?, ?, ?, q\n"
    )
    X, y = read_arff(text)
    assert X["r"].dtype == np.float64 and X["i"].dtype == np.float64
    assert X["i"].tolist()[0] == 2.0 and np.isnan(X["i"].tolist()[1])
    # text, in the installed pandas' default dtype for text (object before pandas 3, str
    # from 3 on), not categories
    assert X["s"].dtype == pd.Series(["text", None]).dtype and X["s"].dtype != "category"
    assert X["s"].tolist()[0] == "hello" and pd.isna(X["s"].tolist()[1])
    assert y.dtype == "category" and y.tolist() == ["p", "q"]


def test_comments_stop_at_the_first_percent_outside_quotes():
    assert _strip_comments("no comment here") == "no comment here"
    assert _strip_comments("a, b   % note\nc % d") == "a, b\nc"
    assert _strip_comments("'x % y', 1 % z") == "'x % y', 1"
    assert _strip_comments('"x % y" % z') == '"x % y"'
    # an escaped quote does not end the quoted value
    assert _strip_comments("'it\\'s % here' % gone") == "'it\\'s % here'"
    # a quote of the other kind inside quotes does not end them either
    assert _strip_comments("'say \"%\"' % gone") == "'say \"%\"'"
    assert _strip_comments("% whole line\nrow") == "\nrow"


def test_undeclared_values_are_named_sorted_and_missing_values_pass():
    with raises(
        ValueError, "column 'x': value(s) ['c', 'd'] not among the declared categories ['a', 'b']"
    ):
        categorical(["d", "a", "c", "d"], ["a", "b"], "x")
    column = categorical(["b", None, float("nan"), "a"], ["b", "a"], "x")
    assert list(column.categories) == ["b", "a"]
    assert column.isna().tolist() == [False, True, True, False]


def test_a_converted_file_whose_header_disagrees_with_its_schema(monkeypatch):
    files = {
        "t.json": '{"attributes": [{"name": "a", "type": "numeric"}, '
        '{"name": "k", "type": "nominal", "categories": ["p", "q"]}], "target": "k"}',
        "t.csv": "a,b\n1,p\n",
    }
    monkeypatch.setattr(readers, "data_text", files.__getitem__)
    with raises(ValueError, "t.csv: header ['a', 'b'] does not match t.json"):
        readers.read_converted("t.arff")
    files["t.csv"] = "a,k\n1.5,p\n,q\n2,\n"
    X, y = readers.read_converted("t.arff")
    assert X["a"].tolist()[:1] == [1.5] and np.isnan(X["a"].tolist()[1])
    assert y.tolist()[:2] == ["p", "q"] and pd.isna(y.tolist()[2])
    files["t.csv"] = "a,k\n"
    X, y = readers.read_converted("t.arff")
    assert X.shape == (0, 1) and list(y.cat.categories) == ["p", "q"]


def test_a_packaged_table_row_of_the_wrong_width(monkeypatch):
    monkeypatch.setattr(readers, "data_text", lambda name: "a, b\n\nc\n")
    with raises(ValueError, "f.data, line 3: 1 values, expected 2"):
        readers.read_table("f.data", {"u": ("a", "c"), "v": ("b",)}, target="v")


def test_registry_lookups_name_the_problem():
    with raises(TypeError, "name must be a str, not int"):
        entry(3)
    names = ", ".join(e.name for e in catalogue())
    with raises(ValueError, f"unknown data set 'iris'; shipped: {names}"):
        entry("iris")
    with raises(
        ValueError, "task must be one of ('classification', 'regression') or None, got 'x'"
    ):
        catalogue("x")
    with raises(ValueError, "variant must be 'lecture' or 'aima', got 'AIMA'"):
        load_restaurant(variant="AIMA")


def test_play_tennis_numeric_columns_are_floats_and_the_rest_categories():
    X, y = load_play_tennis(numeric=True)
    assert X.dtypes.astype(str).tolist() == ["category", "float64", "float64", "category"]
    assert X["temperature"].tolist()[:3] == [85.0, 80.0, 83.0]
    assert X["humidity"].tolist()[:3] == [85.0, 90.0, 86.0]
    assert y.tolist()[:3] == ["no", "no", "yes"]


def test_without_liac_arff_the_whole_message_names_the_extra(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "arff", None)  # as if liac-arff were not installed
    with raises(
        ImportError,
        'read_arff needs the liac-arff package, dtlearn\'s "arff" extra: '
        'pip install "dtlearn[arff]" (or pip install liac-arff); the data '
        "sets shipped with dtlearn load without it",
    ):
        read_arff(TWO)
