import hashlib
import importlib.util
import io
import json
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from dtlearn import datasets
from dtlearn.datasets import (
    list_datasets,
    load_breast_cancer_ljubljana,
    load_car,
    load_contact_lenses,
    load_dataset,
    load_labor,
    load_mushroom,
    load_play_tennis,
    load_restaurant,
    load_tic_tac_toe,
    load_vote,
    read_arff,
)
from dtlearn.datasets.entries import ENTRIES, DatasetEntry, catalogue, entry

ROOT = Path(__file__).resolve().parents[1]

# Each entry states what its source says of the file (rows, features, class counts in
# category order, missing cells), typed from the source; the loader is checked against it.
CASES = [
    (
        lambda call=e.call: eval("datasets." + call),
        e.rows,
        e.features,
        e.target,
        e.classes,
        e.missing_cells,
    )
    for e in ENTRIES
]


@pytest.mark.parametrize(
    "loader, rows, features, target, counts, missing", CASES, ids=[e.name for e in ENTRIES]
)
def test_loader_shapes_counts_missing(loader, rows, features, target, counts, missing):
    X, y = loader()
    assert isinstance(X, pd.DataFrame) and isinstance(y, pd.Series)
    assert X.shape == (rows, features)
    assert len(y) == rows and y.name == target
    assert target not in X.columns
    assert isinstance(X.index, pd.RangeIndex) and X.index.equals(y.index)
    if counts is None:  # regression
        assert y.dtype == np.float64
    else:
        assert isinstance(y.dtype, pd.CategoricalDtype)
        assert y.value_counts(sort=False).to_dict() == counts
        assert list(y.cat.categories) == list(counts)
    assert not y.isna().any()
    assert int(X.isna().sum().sum()) == missing
    for name in X:
        assert isinstance(X[name].dtype, pd.CategoricalDtype) or X[name].dtype == np.float64


def test_loaders_return_fresh_objects():
    X1, _ = load_play_tennis()
    X1.loc[0, "outlook"] = "rainy"
    X2, _ = load_play_tennis()
    assert X2.loc[0, "outlook"] == "sunny"


def test_play_tennis_declared_orders_and_first_row():
    X, y = load_play_tennis()
    assert X.columns.tolist() == ["outlook", "temperature", "humidity", "windy"]
    assert list(X["outlook"].cat.categories) == ["sunny", "overcast", "rainy"]
    assert list(X["temperature"].cat.categories) == ["hot", "mild", "cool"]
    assert list(X["windy"].cat.categories) == ["TRUE", "FALSE"]
    assert X.iloc[0].tolist() == ["sunny", "hot", "high", "FALSE"]
    assert y.iloc[0] == "no"


def test_play_tennis_numeric():
    X, y = load_play_tennis(numeric=True)
    assert X["temperature"].dtype == np.float64 and X["humidity"].dtype == np.float64
    assert X.loc[0, "temperature"] == 85.0 and X.loc[0, "humidity"] == 85.0
    assert list(X["windy"].cat.categories) == ["TRUE", "FALSE"]
    Xn, yn = load_play_tennis()
    assert y.equals(yn)
    assert X["outlook"].equals(Xn["outlook"])


def test_restaurant_columns_orders_and_aima_rows():
    X, y = load_restaurant()
    assert X.columns.tolist() == [
        "Alternate",
        "Bar",
        "Fri/Sat",
        "Hungry",
        "Patrons",
        "Price",
        "Raining",
        "Reservation",
        "Type",
        "WaitEstimate",
    ]
    assert list(X["Patrons"].cat.categories) == ["None", "Some", "Full"]
    assert list(X["Price"].cat.categories) == ["$", "$$", "$$$"]
    assert list(X["Type"].cat.categories) == ["French", "Italian", "Thai", "Burger"]
    assert list(X["WaitEstimate"].cat.categories) == ["0-10", "10-30", "30-60", ">60"]
    for name in ["Alternate", "Bar", "Fri/Sat", "Hungry", "Raining", "Reservation"]:
        assert list(X[name].cat.categories) == ["Yes", "No"]
    # 'None' patrons is a value, not a missing cell; padding spaces are gone
    assert X["Patrons"].value_counts(sort=False).to_dict() == {"None": 2, "Some": 4, "Full": 6}
    # X1 and X12 of AIMA Fig. 18.3
    assert X.iloc[0].tolist() == [
        "Yes",
        "No",
        "No",
        "Yes",
        "Some",
        "$$$",
        "No",
        "Yes",
        "French",
        "0-10",
    ]
    assert X.iloc[11].tolist() == [
        "Yes",
        "Yes",
        "Yes",
        "Yes",
        "Full",
        "$",
        "No",
        "No",
        "Burger",
        "30-60",
    ]
    assert y.tolist() == [
        "Yes",
        "No",
        "Yes",
        "Yes",
        "No",
        "Yes",
        "No",
        "Yes",
        "No",
        "No",
        "No",
        "Yes",
    ]


def _gain(feature, labels):
    def entropy(s):
        p = s.value_counts(normalize=True).to_numpy()
        p = p[p > 0]
        return float(-(p * np.log2(p)).sum())

    n = len(labels)
    groups = labels.groupby(feature, observed=True)
    return entropy(labels) - sum(len(g) / n * entropy(g) for _, g in groups)


def test_reference_gains_from_design():
    X, y = load_play_tennis()
    gains = {name: round(_gain(X[name], y), 3) for name in X}
    assert gains == {"outlook": 0.247, "temperature": 0.029, "humidity": 0.152, "windy": 0.048}
    X, y = load_restaurant()
    assert _gain(X["Patrons"], y) == pytest.approx(0.541, abs=5e-4)
    assert _gain(X["Type"], y) == pytest.approx(0.0, abs=1e-12)
    assert _gain(X["Alternate"], y) == pytest.approx(0.0, abs=1e-12)


def test_contact_lenses_declared_orders():
    X, y = load_contact_lenses()
    assert list(X["age"].cat.categories) == ["young", "pre-presbyopic", "presbyopic"]
    assert list(y.cat.categories) == ["soft", "hard", "none"]
    assert len(X.drop_duplicates()) == 24


def test_labor_mixed_types():
    X, y = load_labor()
    numeric = [name for name in X if X[name].dtype == np.float64]
    assert len(numeric) == 8
    assert numeric[0] == "duration"
    assert list(X["vacation"].cat.categories) == ["below_average", "average", "generous"]
    assert int(X.isna().any(axis=1).sum()) == 56
    assert X.loc[0, "duration"] == 1.0 and np.isnan(X.loc[0, "wage-increase-second-year"])


def test_vote_quotes_stripped_and_missing():
    X, y = load_vote()
    assert all(list(X[name].cat.categories) == ["n", "y"] for name in X)
    assert int(X.isna().any(axis=1).sum()) == 203
    assert y.iloc[0] == "republican"


def test_breast_cancer_missing_cells():
    X, y = load_breast_cancer_ljubljana()
    assert X.isna().sum()[lambda s: s > 0].to_dict() == {"node-caps": 8, "breast-quad": 1}
    assert list(X["deg-malig"].cat.categories) == ["1", "2", "3"]
    assert not hasattr(datasets, "load_breast_cancer")


def test_car_orders_and_full_design():
    X, y = load_car()
    assert X.columns.tolist() == ["buying", "maint", "doors", "persons", "lug_boot", "safety"]
    assert list(X["buying"].cat.categories) == ["vhigh", "high", "med", "low"]
    assert list(X["maint"].cat.categories) == ["vhigh", "high", "med", "low"]
    assert list(X["doors"].cat.categories) == ["2", "3", "4", "5more"]
    assert list(X["persons"].cat.categories) == ["2", "4", "more"]
    assert list(X["lug_boot"].cat.categories) == ["small", "med", "big"]
    assert list(X["safety"].cat.categories) == ["low", "med", "high"]
    assert len(X.drop_duplicates()) == 1728


def test_mushroom_columns_and_missing():
    X, y = load_mushroom()
    assert X.columns.tolist() == [
        "cap-shape",
        "cap-surface",
        "cap-color",
        "bruises",
        "odor",
        "gill-attachment",
        "gill-spacing",
        "gill-size",
        "gill-color",
        "stalk-shape",
        "stalk-root",
        "stalk-surface-above-ring",
        "stalk-surface-below-ring",
        "stalk-color-above-ring",
        "stalk-color-below-ring",
        "veil-type",
        "veil-color",
        "ring-number",
        "ring-type",
        "spore-print-color",
        "population",
        "habitat",
    ]
    assert X.isna().sum()[lambda s: s > 0].to_dict() == {"stalk-root": 2480}
    assert list(X["veil-type"].cat.categories) == ["p", "u"]
    assert X["veil-type"].value_counts().to_dict() == {"p": 8124, "u": 0}
    assert X.iloc[0].tolist()[:5] == ["x", "s", "n", "t", "p"]
    assert y.iloc[0] == "p"


def test_mushroom_decode():
    X, y = load_mushroom(decode=True)
    codes, _ = load_mushroom()
    assert list(y.cat.categories) == ["edible", "poisonous"]
    assert y.value_counts(sort=False).to_dict() == {"edible": 4208, "poisonous": 3916}
    assert list(X["cap-shape"].cat.categories) == [
        "bell",
        "conical",
        "convex",
        "flat",
        "knobbed",
        "sunken",
    ]
    assert X.iloc[0].tolist()[:5] == ["convex", "smooth", "brown", "bruises", "pungent"]
    assert int(X["stalk-root"].isna().sum()) == 2480
    for name in X:
        assert (X[name].cat.codes == codes[name].cat.codes).all()


def test_tic_tac_toe_first_row_and_orders():
    X, y = load_tic_tac_toe()
    assert X.columns.tolist() == [
        "top-left-square",
        "top-middle-square",
        "top-right-square",
        "middle-left-square",
        "middle-middle-square",
        "middle-right-square",
        "bottom-left-square",
        "bottom-middle-square",
        "bottom-right-square",
    ]
    assert X.iloc[0].tolist() == ["x", "x", "x", "x", "o", "o", "x", "o", "o"]
    assert y.iloc[0] == "positive"
    assert all(list(X[name].cat.categories) == ["x", "o", "b"] for name in X)


def test_list_datasets_table():
    table = list_datasets()
    assert table.columns.tolist() == [
        "loader",
        "rows",
        "features",
        "numeric",
        "classes",
        "missing",
        "description",
    ]
    assert table.loc["mushroom", ["rows", "features", "classes", "missing"]].tolist() == [
        8124,
        22,
        2,
        2480,
    ]
    assert table.loc["play_tennis_numeric", "numeric"] == 2
    assert table.loc["labor", "numeric"] == 8
    assert table.loc["contact_lenses", "classes"] == 3
    assert len(table) == len(ENTRIES)
    for e in ENTRIES:  # what the catalogue computes agrees with what the entry states
        assert table.loc[e.name, ["rows", "features", "missing"]].tolist() == [
            e.rows,
            e.features,
            e.missing_cells,
        ]
        assert table.loc[e.name, "classes"] == len(e.classes or ())
    for call in table["loader"]:
        X, y = eval("datasets." + call)  # the loader column is a runnable call
        assert len(X) == table.loc[table["loader"] == call, "rows"].item()


def test_registry_is_the_catalogue_and_makes_the_loaders():
    names = [e.name for e in ENTRIES]
    assert list(list_datasets().index) == names
    assert len(names) == len(set(names))
    assert {e.loader for e in ENTRIES} | {"list_datasets", "load_dataset", "read_arff"} == set(
        datasets.__all__
    )
    data = resources.files("dtlearn.datasets").joinpath("data")
    for e in ENTRIES:
        loader = getattr(datasets, e.loader)
        assert loader.__name__ == e.loader and loader.__module__ == "dtlearn.datasets"
        assert loader.__doc__ and ">>> X, y = " + e.loader in loader.__doc__
        assert all(data.joinpath(f).is_file() for f in (e.file, *e.files)), e.name
        X, y = load_dataset(e.name)
        X2, y2 = eval("datasets." + e.call)
        pd.testing.assert_frame_equal(X, X2, check_exact=True)
        pd.testing.assert_series_equal(y, y2, check_exact=True)
        assert y.name == e.target
        assert isinstance(y.dtype, pd.CategoricalDtype) == (e.task == "classification")
    for task in ("classification", "regression"):
        assert [e.name for e in catalogue(task)] == [e.name for e in ENTRIES if e.task == task]


def test_registry_refuses_bad_entries_and_names():
    with pytest.raises(ValueError, match="'iris'"):
        load_dataset("iris")
    with pytest.raises(TypeError, match="name"):
        entry(3)
    with pytest.raises(ValueError, match="task"):
        catalogue("clustering")
    facts = {
        "sha256": "0" * 64,
        "rows": 3,
        "features": 1,
        "classes": {"a": 2, "b": 1},
        "missing_cells": 0,
    }
    with pytest.raises(ValueError, match="task"):
        DatasetEntry("x", "x.arff", "y", "ranking", "", "", "", "load_x", **facts)
    with pytest.raises(ValueError, match="columns"):
        DatasetEntry("x", "x.data", "y", "classification", "", "", "", "load_x", **facts)
    with pytest.raises(ValueError, match="sha256"):
        DatasetEntry(
            "x", "x.arff", "y", "classification", "", "", "", "load_x", **{**facts, "sha256": "ABC"}
        )
    with pytest.raises(ValueError, match="add up to rows=4"):
        DatasetEntry(
            "x", "x.arff", "y", "classification", "", "", "", "load_x", **{**facts, "rows": 4}
        )
    with pytest.raises(ValueError, match="classes"):
        DatasetEntry("x", "x.arff", "y", "regression", "", "", "", "load_x", **facts)
    with pytest.raises(TypeError, match="sha256"):
        DatasetEntry("x", "x.arff", "y", "classification", "", "", "", "load_x")


def test_packaged_files_match_the_entries_checksums():
    folder = resources.files("dtlearn.datasets").joinpath("data")
    files = {e.file for e in ENTRIES}
    assert len(files) == len(ENTRIES)  # one source file per data set
    for e in ENTRIES:
        assert hashlib.sha256(folder.joinpath(e.file).read_bytes()).hexdigest() == e.sha256, e.name


def _tool(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_sources_record_every_copied_file_and_its_table_is_the_registry_s():
    tool = _tool("sources_table")
    sources = (tool.DATA / "SOURCES.md").read_text(encoding="utf-8")
    assert tool.with_table(sources) == sources, "run python tools/sources_table.py"
    start, stop = sources.index(tool.BEGIN), sources.index(tool.END)
    checksums, prose = sources[start:stop], sources[:start] + sources[stop:]
    for e in ENTRIES:
        assert e.source and e.licence, e.name
        if e.original:  # made for dtlearn: the entry is the whole record
            assert e.file not in checksums, e.name
        else:  # copied from elsewhere: its provenance and its checksum are in SOURCES.md
            assert e.file in prose and f"| {e.file} | " in checksums, e.name
            assert e.sha256 in checksums, e.name


# --- read_arff ---------------------------------------------------------------

TINY = """% leading comment
@RELATION 'tiny one'
@attribute 'colour' {'red', 'green', 'dark blue'}
@attribute size NUMERIC
@attribute count integer
@attribute weight real
@attribute ok {yes, no}

@data
% a comment after @data
'green', 3, 1, 0.5, yes
'dark blue', ?, 2, ?, no
% another
?, 1.5, ?, 2, yes
"""


def test_read_arff_text_quotes_comments_missing():
    X, y = read_arff(TINY)
    assert X.columns.tolist() == ["colour", "size", "count", "weight"]
    assert y.name == "ok" and y.tolist() == ["yes", "no", "yes"]
    assert list(y.cat.categories) == ["yes", "no"]
    assert list(X["colour"].cat.categories) == ["red", "green", "dark blue"]
    assert X["colour"].tolist()[:2] == ["green", "dark blue"] and pd.isna(X["colour"][2])
    for name in ["size", "count", "weight"]:
        assert X[name].dtype == np.float64
    np.testing.assert_array_equal(X["size"].to_numpy(), [3.0, np.nan, 1.5])
    np.testing.assert_array_equal(X["count"].to_numpy(), [1.0, 2.0, np.nan])


def test_read_arff_sources(tmp_path):
    path = tmp_path / "tiny.arff"
    path.write_text(TINY, encoding="utf-8")
    expected_X, expected_y = read_arff(TINY)
    for source in [path, str(path), io.StringIO(TINY), io.BytesIO(TINY.encode()), TINY.encode()]:
        X, y = read_arff(source)
        pd.testing.assert_frame_equal(X, expected_X)
        pd.testing.assert_series_equal(y, expected_y)
    with open(path, "rb") as handle:
        pd.testing.assert_frame_equal(read_arff(handle)[0], expected_X)


def test_read_arff_target_choice():
    X, y = read_arff(TINY, target="colour")
    assert y.name == "colour" and "colour" not in X and X.columns[-1] == "ok"
    X, y = read_arff(TINY, target=0)
    assert y.name == "colour"
    frame = read_arff(TINY, target=None)
    assert isinstance(frame, pd.DataFrame)
    assert frame.columns.tolist() == ["colour", "size", "count", "weight", "ok"]


def test_read_arff_matches_loader_on_packaged_file():
    text = (
        resources.files("dtlearn.datasets")
        .joinpath("data", "contact-lenses.arff")
        .read_text(encoding="utf-8")
    )
    X, y = read_arff(text)
    X2, y2 = load_contact_lenses()
    pd.testing.assert_frame_equal(X, X2)
    pd.testing.assert_series_equal(y, y2)


def test_read_arff_empty_data_keeps_types():
    X, y = read_arff("@relation e\n@attribute a numeric\n@attribute c {p, q}\n@data\n")
    assert X.shape == (0, 1) and X["a"].dtype == np.float64
    assert len(y) == 0 and list(y.cat.categories) == ["p", "q"]


def test_read_arff_unknown_target_names_it():
    with pytest.raises(ValueError, match="'colur'"):
        read_arff(TINY, target="colur")
    with pytest.raises(ValueError, match="out of range"):
        read_arff(TINY, target=5)


@pytest.mark.parametrize(
    "text, message",
    [
        ("a,b,c\n1,2,3\n", "Invalid layout"),
        ("@relation x\n@attribute a {p, q}\n@data\nr\n", "not found in nominal declaration"),
        ("@relation x\n@attribute a date\n@data\n", "does not support date attributes"),
    ],
)
def test_read_arff_not_arff_raises_value_error(text, message):
    with pytest.raises(ValueError, match=message):
        read_arff(text)


def test_read_arff_bad_source_type():
    with pytest.raises(TypeError, match="path"):
        read_arff(42)


def test_categorical_refuses_undeclared_values():
    from dtlearn.datasets.arffio import categorical

    with pytest.raises(ValueError, match=r"\['c'\]"):
        categorical(["a", "c"], ["a", "b"], "x")


def test_core_imports_only():
    code = (
        "import sys, dtlearn.datasets as d; d.list_datasets(); "
        "bad = {'matplotlib', 'ipywidgets', 'anywidget', 'IPython'} & "
        "{m.split('.')[0] for m in sys.modules}; print(sorted(bad))"
    )
    root = str(Path(datasets.__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert out.stdout.strip() == "[]"


# --- converted data: the loaders read CSV + JSON schema, not ARFF --------------------

# every ARFF entry of the registry, loaded through its public call
CONVERTED = [
    (e.file, lambda call=e.call: eval("datasets." + call))
    for e in ENTRIES
    if e.file.endswith(".arff")
]


def _convert_data_tool():
    return _tool("convert_data")


@pytest.mark.parametrize("filename, loader", CONVERTED, ids=[f for f, _ in CONVERTED])
def test_loader_returns_exactly_the_arff_parse(filename, loader):
    text = (
        resources.files("dtlearn.datasets").joinpath("data", filename).read_text(encoding="utf-8")
    )
    expected_X, expected_y = read_arff(text)  # liac-arff's parse of the original file
    X, y = loader()
    pd.testing.assert_frame_equal(X, expected_X, check_exact=True)
    pd.testing.assert_series_equal(y, expected_y, check_exact=True)
    # CategoricalDtype equality ignores the order of unordered categories: check it
    for name in X:
        assert X[name].dtype == expected_X[name].dtype
        if isinstance(X[name].dtype, pd.CategoricalDtype):
            assert list(X[name].cat.categories) == list(expected_X[name].cat.categories)
    assert list(y.cat.categories) == list(expected_y.cat.categories)


def test_converted_files_are_what_the_tool_makes_from_the_arff(tmp_path):
    tool = _convert_data_tool()
    written = tool.main(tmp_path)
    assert len(written) == 2 * len(CONVERTED)
    data = resources.files("dtlearn.datasets").joinpath("data")
    for path in written:
        assert data.joinpath(path.name).read_bytes() == path.read_bytes(), path.name
    schema = json.loads(data.joinpath("labor.json").read_text(encoding="utf-8"))
    assert (
        schema["source_sha256"]
        == hashlib.sha256(data.joinpath("labor.arff").read_bytes()).hexdigest()
    )
    assert schema["attributes"][6] == {
        "name": "pension",
        "type": "nominal",
        "categories": ["none", "ret_allw", "empl_contr"],
    }


def test_convert_refuses_what_it_cannot_represent():
    tool = _convert_data_tool()
    with pytest.raises(ValueError, match="only nominal and numeric"):
        tool.convert(b"@relation r\n@attribute s string\n@data\nx\n", "r.arff")


def test_data_sets_load_without_liac_arff():
    # as in Pyodide, where liac-arff cannot be installed: block the module
    code = (
        "import sys; sys.modules['arff'] = None\n"
        "import dtlearn as dt\n"
        "table = dt.list_datasets(); print(int(table['rows'].sum()))\n"
        "try:\n    dt.read_arff('@relation r\\n@attribute a numeric\\n@data\\n1\\n')\n"
        "except ImportError as exc:\n    print(exc)\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    rows, message = out.stdout.strip().splitlines()
    assert int(rows) == sum(case[1] for case in CASES)  # the rows each source states
    assert (
        message.startswith("read_arff needs the liac-arff package")
        and 'pip install "dtlearn[arff]"' in message
    )
