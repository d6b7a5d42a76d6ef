"""One captioned table with a marked row and a class column, in every form, whole.

Text: the caption, a header, numbers right-aligned, the marked row starting with ``*``;
HTML: the caption escaped, the class column's header in the first class colour, the
marked row bold on a pale background; Markdown: the caption in italics, numeric columns
right-aligned, the marked row bold. The shape checks name the row and the counts.
"""

import pytest

from dtlearn.result_table import ResultTable


@pytest.fixture
def table():
    return ResultTable(
        ("attribute", "gain", "n"),
        (("outlook", 0.2467, 14), ("wind", 0.048, 8)),
        caption="gains <at> root",
        highlight_row=1,
        class_columns=("n",),
    )


def test_text_and_repr(table):
    text = (
        "gains <at> root\n"
        "  attribute | gain  | n\n"
        "  outlook   | 0.247 | 14\n"
        "* wind      | 0.048 |  8"
    )
    assert str(table) == text and repr(table) == text
    assert table.text_lines() == text.split("\n")


def test_html(table):
    assert table._repr_html_() == (
        '<table class="dtlearn-table">\n'
        "<caption>gains &lt;at&gt; root</caption>\n"
        "<thead><tr><th>attribute</th><th>gain</th><th>"
        '<span class="dtlearn-class" style="color:#E69F00;font-weight:bold">n</span>'
        "</th></tr></thead>\n"
        "<tbody>\n"
        '<tr><td style="text-align:left">outlook</td><td style="text-align:right">0.247</td>'
        '<td style="text-align:right">14</td></tr>\n'
        '<tr class="dtlearn-winner" style="font-weight:bold;background:#fff3cd">'
        '<td style="text-align:left">wind</td><td style="text-align:right">0.048</td>'
        '<td style="text-align:right">8</td></tr>\n'
        "</tbody></table>"
    )


def test_markdown(table):
    assert table._repr_markdown_() == (
        "*gains <at> root*\n"
        "\n"
        "| attribute | gain | n |\n"
        "|---|---:|---:|\n"
        "| outlook | 0.247 | 14 |\n"
        "| **wind** | **0.048** | **8** |"
    )


def test_plain_forms_keep_the_raw_values(table):
    assert table.to_dict() == {
        "columns": ["attribute", "gain", "n"],
        "rows": [["outlook", 0.2467, 14], ["wind", 0.048, 8]],
        "caption": "gains <at> root",
        "highlight_row": 1,
    }
    frame = table.to_frame()
    assert list(frame.columns) == ["attribute", "gain", "n"]
    assert frame.values.tolist() == [["outlook", 0.2467, 14], ["wind", 0.048, 8]]


@pytest.mark.parametrize(
    "rows, highlight, message",
    [
        (((1,),), None, "rows: row 0 has 1 cells but there are 2 columns"),
        (((1, 2), (3, 4, 5)), None, "rows: row 1 has 3 cells but there are 2 columns"),
        (((1, 2),), 1, "highlight_row: 1 is not a row index (the table has 1 rows)"),
        (((1, 2),), -1, "highlight_row: -1 is not a row index (the table has 1 rows)"),
    ],
)
def test_shape_checks_name_the_row_and_the_counts(rows, highlight, message):
    with pytest.raises(ValueError) as error:
        ResultTable(("a", "b"), rows, highlight_row=highlight)
    assert str(error.value) == message


def test_the_last_row_and_the_first_are_row_indices():
    assert ResultTable(("a",), ((1,), (2,)), highlight_row=1).highlight_row == 1
    assert ResultTable(("a",), ((1,), (2,)), highlight_row=0).highlight_row == 0
