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
        readers.read_table(
            "bad.data",
            {"x": ("a", "d", "g", "j"), "y": ("b", "e", "h", "k"), "z": ("c", "f", "l")},
            target="z",
        )


def test_csv_first_line_is_line_one(monkeypatch):
    monkeypatch.setattr(readers, "data_text", lambda name: "a,b\nd,e,f\n")
    with pytest.raises(ValueError, match=r"^bad\.data, line 1: 2 values, expected 3$"):
        readers.read_table("bad.data", {"x": ("a",), "y": ("b",), "z": ("c",)}, target="z")


HEADER = "@relation t\n@attribute a {x, y}\n@attribute b numeric\n@data\n"


@pytest.mark.parametrize(
    "text, line",
    [
        (HEADER + "x, 1\ny, 2\nz, 3\n", 7),
        ("@relation t\n\n@attribute a {x, y}\n@attribute b numeric\n@data\nx, 1\ny, 2\nz, 3\n", 8),
        (HEADER + "x, 1\n\ny, 2\nz, 3\n", 8),
        (HEADER + "x, 1\n% a comment line\ny, 2\nz, 3\n", 8),
        (HEADER + "x, 1 % after a row\n\n% two\n% comments\ny, 2\nz, 3\n", 10),
        (
            "@relation t\n@attribute a {x, y} % declared\n% more\n@attribute b numeric\n@data\n"
            "x, 1\nz, 3\n",
            7,
        ),
    ],
)
def test_arff_errors_name_the_files_line(text, line):
    assert text.splitlines()[line - 1].startswith("z")
    with pytest.raises(ValueError, match=rf"not found in nominal declaration, at line {line}\.$"):
        dt.read_arff(text)


def test_arff_bad_number_names_its_line():
    with pytest.raises(ValueError, match=r"Invalid numerical value, at line 6\.$"):
        dt.read_arff(HEADER + "x, 1\ny, abc\n")


@pytest.mark.parametrize(
    "lead",
    [
        "% a comment first\n% and another\n\n",
        "\n\n\n",
        "% only one comment\n",
        "   \n%\n% x\n\n\n",
    ],
)
def test_arff_error_line_counts_leading_comments_and_blank_lines(lead):
    # the bad value sits on the 7th line after the lead: count the lead's lines by hand
    text = lead + HEADER + "x, 1\ny, 2\nz, 3\n"
    line = lead.count("\n") + 7
    assert text.split("\n")[line - 1] == "z, 3"
    with pytest.raises(ValueError, match=rf"not found in nominal declaration, at line {line}\.$"):
        dt.read_arff(text)


def test_arff_error_line_with_windows_line_ends():
    text = ("% made on Windows\r\n\r\n" + HEADER + "x, 1\ny, abc\n").replace("\n", "\r\n")
    text = text.replace("\r\r\n", "\r\n")
    with pytest.raises(ValueError, match=r"Invalid numerical value, at line 8\.$"):
        dt.read_arff(text)


def test_arff_with_leading_comments_still_reads_every_row():
    X, y = dt.read_arff("% c\n\n% d\n" + HEADER + "x, 1\ny, 2\n")
    assert list(X["a"]) == ["x", "y"] and list(y) == [1.0, 2.0]


def test_csv_error_line_counts_blank_lines(monkeypatch):
    # line 1 "a,b,c", line 2 blank, line 3 "d,e,f", line 4 blank, line 5 the bad row
    monkeypatch.setattr(readers, "data_text", lambda name: "a,b,c\n\nd,e,f\n   \ng,h\n")
    with pytest.raises(ValueError, match=r"^bad\.data, line 5: 2 values, expected 3$"):
        readers.read_table(
            "bad.data", {"x": ("a", "d", "g"), "y": ("b", "e", "h"), "z": ("c", "f")}, target="z"
        )


def test_csv_blank_lines_are_not_rows(monkeypatch):
    monkeypatch.setattr(readers, "data_text", lambda name: "\na, b\n\n c ,d\n\n")
    X, y = readers.read_table("ok.data", {"x": ("a", "c"), "y": ("b", "d")}, target="y")
    assert list(X["x"]) == ["a", "c"] and list(y) == ["b", "d"]


def test_csv_missing_marker_becomes_a_missing_value(monkeypatch):
    monkeypatch.setattr(readers, "data_text", lambda name: "a,?\n?,d\n")
    X, y = readers.read_table("m.data", {"x": ("a",), "y": ("d",)}, target="y", missing="?")
    assert X["x"].isna().tolist() == [False, True]
    assert y.isna().tolist() == [True, False]
    with pytest.raises(ValueError, match=r"'\?'"):  # without the marker "?" is a bad value
        readers.read_table("m.data", {"x": ("a",), "y": ("d",)}, target="y")


# ------------------------------------------------------------------ read_arff, by hand
SMALL = "@relation t\n@attribute a {x, y}\n@attribute b numeric\n@attribute c {p, q}\n@data\n"


@pytest.mark.parametrize("target, name", [(-3, "a"), (-1, "c"), (0, "a"), (2, "c")])
def test_arff_target_positions_at_both_ends(target, name):
    X, y = dt.read_arff(SMALL + "x, 1, p\n", target=target)
    assert y.name == name and name not in X.columns


@pytest.mark.parametrize("target", [-4, 3])
def test_arff_target_positions_out_of_range(target):
    with pytest.raises(
        ValueError,
        match=rf"target position {target} is out of range: the "
        r"file has 3 attributes",
    ):
        dt.read_arff(SMALL + "x, 1, p\n", target=target)


def test_arff_percent_inside_quotes_is_not_a_comment():
    text = (
        "@relation t\n@attribute a {'50%', \"x%y\", z}\n@attribute b numeric\n@data\n"
        "'50%', 1 % a real comment\n\"x%y\", 2\n"
    )
    X, y = dt.read_arff(text)
    assert list(X["a"]) == ["50%", "x%y"] and list(y) == [1.0, 2.0]


def test_arff_comment_after_a_value_leaves_no_trailing_space():
    X, y = dt.read_arff(
        "@relation t\n@attribute a string\n@attribute b {u, v}\n@data\nhello, u   % note\n"
    )
    assert list(y) == ["u"] and list(X["a"]) == ["hello"]


def test_arff_gzipped_bytes_are_read():
    import gzip

    X, y = dt.read_arff(gzip.compress((SMALL + "y, 2.5, q\n").encode()))
    assert list(X["a"]) == ["y"] and list(X["b"]) == [2.5] and list(y) == ["q"]


def test_arff_missing_number_is_nan_not_zero():
    X, _ = dt.read_arff(SMALL + "x, ?, p\ny, 0, q\n")
    assert X["b"].isna().tolist() == [True, False]
