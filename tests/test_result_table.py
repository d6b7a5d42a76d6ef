"""ResultTable's text, Markdown, HTML and dict forms, written out by hand.

Every expected string below is typed from the rules in the class's docstring: numbers
right-aligned under a left-aligned header, the highlighted row marked ``*`` (text) or bold
(Markdown, HTML), floats with the table's ``float_format``.
"""

import numpy as np
import pytest

from dtlearn.result_table import ResultTable, ShowsTable


@pytest.fixture
def gains():
    return ResultTable.build(
        ["attribute", "gain"],
        [["outlook", 0.2467], ["windy", 0.0481]],
        caption="gains",
        highlight_row=1,
    )


def test_text_aligns_numbers_right_and_headers_left(gains):
    assert str(gains).splitlines() == [
        "gains",
        "  attribute | gain",
        "  outlook   | 0.247",
        "* windy     | 0.048",
    ]


def test_text_header_of_a_wide_number_column_stays_left():
    t = ResultTable.build(["n", "name"], [[1234, "a"], [5, "bb"]])
    assert str(t).splitlines() == [
        "  n    | name",
        "  1234 | a",
        "     5 | bb",
    ]


def test_text_column_with_any_text_cell_is_left_aligned():
    t = ResultTable.build(["v"], [[10], ["x"]])
    assert str(t).splitlines() == ["  v", "  10", "  x"]


def test_markdown_bolds_the_highlighted_row_but_not_its_empty_cells():
    t = ResultTable.build(["a", "b", "c"], [["x", None, 1.5], ["y", "", 2.0]], highlight_row=0)
    assert t._repr_markdown_().splitlines() == [
        "| a | b | c |",
        "|---|---|---:|",
        "| **x** |  | **1.500** |",
        "| y |  | 2.000 |",
    ]


def test_markdown_alignment_row_follows_each_columns_first_cell():
    t = ResultTable.build(["name", "n", "share"], [["a", 3, 0.5]], caption="a_b")
    assert t._repr_markdown_().splitlines() == [
        r"*a\_b*",
        "",
        "| name | n | share |",
        "|---|---:|---:|",
        "| a | 3 | 0.500 |",
    ]


def test_html_marks_the_winner_and_aligns_each_cell():
    t = ResultTable.build(
        ["k", "x"], [["<a>", 1], ["b", 2.25]], highlight_row=1, float_format=".1f"
    )
    assert t._repr_html_().splitlines() == [
        '<table class="dtlearn-table">',
        "<thead><tr><th>k</th><th>x</th></tr></thead>",
        "<tbody>",
        '<tr><td style="text-align:left">&lt;a&gt;</td><td style="text-align:right">1</td></tr>',
        '<tr class="dtlearn-winner" style="font-weight:bold;background:#fff3cd">'
        '<td style="text-align:left">b</td><td style="text-align:right">2.2</td></tr>',
        "</tbody></table>",
    ]


def test_highlight_row_must_be_a_row_index():
    ResultTable.build(["a"], [[1], [2]], highlight_row=1)  # the last row is fine
    for bad in (2, -1):
        with pytest.raises(
            ValueError,
            match=rf"highlight_row: {bad} is not a row index "
            r"\(the table has 2 rows\)",
        ):
            ResultTable.build(["a"], [[1], [2]], highlight_row=bad)


def test_to_dict_gives_plain_python_values():
    t = ResultTable.build(
        ["a", "b", "c", "d"],
        [[np.int64(3), np.float32(0.5), True, "s"]],
        caption="c",
        highlight_row=0,
    )
    d = t.to_dict()
    assert d == {
        "columns": ["a", "b", "c", "d"],
        "rows": [[3, 0.5, True, "s"]],
        "caption": "c",
        "highlight_row": 0,
    }
    assert [type(v) for v in d["rows"][0]] == [int, float, bool, str]


def test_to_frame_has_the_columns_and_rows():
    frame = ResultTable.build(["a", "b"], [[1, "x"], [2, "y"]]).to_frame()
    assert list(frame.columns) == ["a", "b"]
    assert frame.values.tolist() == [[1, "x"], [2, "y"]]


def test_shows_table_delegates_every_form():
    class Shown(ShowsTable):
        def table(self):
            return ResultTable.build(["a"], [[1]])

    s, t = Shown(), ResultTable.build(["a"], [[1]])
    assert (str(s), repr(s), s._repr_html_(), s._repr_markdown_()) == (
        str(t),
        str(t),
        t._repr_html_(),
        t._repr_markdown_(),
    )
