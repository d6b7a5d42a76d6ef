"""Result tables at their edges: no rows, class-coloured headers, cells of other types.

Written out by hand from the documented layout: text headers are left-aligned and a column
is right-aligned only when every cell is a number; Markdown's alignment row follows each
column's first cell; JSON cells are plain Python values, anything else becomes its text.
"""

from fractions import Fraction

import numpy as np

from dtlearn.result_table import ResultTable


def test_a_table_without_rows_shows_its_header_in_every_form():
    t = ResultTable(("a", "b"), ())
    assert str(t) == "  a | b"
    assert t._repr_markdown_() == "| a | b |\n|---|---|"
    assert t._repr_html_() == (
        '<table class="dtlearn-table">\n'
        "<thead><tr><th>a</th><th>b</th></tr></thead>\n"
        "<tbody>\n"
        "</tbody></table>"
    )
    assert t.to_dict() == {"columns": ["a", "b"], "rows": [], "caption": "", "highlight_row": None}
    assert t.to_frame().shape == (0, 2)


def test_class_columns_get_the_class_colours_in_class_order():
    t = ResultTable(("v", "yes", "no"), (("s", 2, 3),), class_columns=("yes", "no"))
    assert t._repr_html_().splitlines()[1] == (
        "<thead><tr><th>v</th>"
        '<th><span class="dtlearn-class" style="color:#E69F00;font-weight:bold">yes</span></th>'
        '<th><span class="dtlearn-class" style="color:#56B4E9;font-weight:bold">no</span></th>'
        "</tr></thead>"
    )
    assert str(t) == "  v | yes | no\n  s |   2 |  3"


def test_cells_of_other_types_show_as_text_and_blanks():
    t = ResultTable(
        ("x", "y", "z"),
        ((Fraction(1, 2), None, np.float64(0.25)), (Fraction(1, 3), "a", np.int64(2))),
    )
    assert str(t) == "  x   | y | z\n  1/2 |   | 0.250\n  1/3 | a |     2"
    assert t.to_dict()["rows"] == [["1/2", None, 0.25], ["1/3", "a", 2]]
    assert t._repr_markdown_() == (
        "| x | y | z |\n|---|---|---:|\n| 1/2 |  | 0.250 |\n| 1/3 | a | 2 |"
    )


def test_a_caption_comes_first_and_a_wide_header_sets_the_width():
    t = ResultTable(("long header",), ((1,),), caption="cap")
    assert str(t) == "cap\n  long header\n            1"
    assert t.format_cell(1.0) == "1.000" and t.format_cell(True) == "True"
    assert ResultTable(("x",), (), float_format=".1%").format_cell(0.25) == "25.0%"
