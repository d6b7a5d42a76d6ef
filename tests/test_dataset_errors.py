"""Errors in data files name the line a person would look at.

The CSV reader counts lines from 1; the ARFF reader's message carries the parser's line
number, which must survive the comment stripping (stripped lines stay, empty, in place).
"""

import pytest

import dtlearn as dt
from dtlearn.datasets import readers


def test_csv_rows_with_the_wrong_number_of_values_name_their_line(monkeypatch):
    monkeypatch.setattr(readers, "data_text", lambda name: "a,b,c\nd,e,f\ng,h\nj,k,l\n")
    with pytest.raises(ValueError, match=r"^bad\.data, line 3: 2 values, expected 3$"):
        readers.read_table("bad.data", {"x": ("a", "d", "g", "j"), "y": ("b", "e", "h", "k"),
                                        "z": ("c", "f", "l")}, target="z")


def test_csv_first_line_is_line_one(monkeypatch):
    monkeypatch.setattr(readers, "data_text", lambda name: "a,b\nd,e,f\n")
    with pytest.raises(ValueError, match=r"^bad\.data, line 1: 2 values, expected 3$"):
        readers.read_table("bad.data", {"x": ("a",), "y": ("b",), "z": ("c",)}, target="z")


HEADER = "@relation t\n@attribute a {x, y}\n@attribute b numeric\n@data\n"


@pytest.mark.parametrize("text, line", [
    (HEADER + "x, 1\ny, 2\nz, 3\n", 7),
    ("@relation t\n\n@attribute a {x, y}\n@attribute b numeric\n@data\nx, 1\ny, 2\nz, 3\n", 8),
    (HEADER + "x, 1\n\ny, 2\nz, 3\n", 8),
    (HEADER + "x, 1\n% a comment line\ny, 2\nz, 3\n", 8),
    (HEADER + "x, 1 % after a row\n\n% two\n% comments\ny, 2\nz, 3\n", 10),
    ("@relation t\n@attribute a {x, y} % declared\n% more\n@attribute b numeric\n@data\n"
     "x, 1\nz, 3\n", 7),
])
def test_arff_errors_name_the_files_line(text, line):
    assert text.splitlines()[line - 1].startswith("z")
    with pytest.raises(ValueError, match=rf"not found in nominal declaration, at line {line}\.$"):
        dt.read_arff(text)


def test_arff_bad_number_names_its_line():
    with pytest.raises(ValueError, match=r"Invalid numerical value, at line 6\.$"):
        dt.read_arff(HEADER + "x, 1\ny, abc\n")
