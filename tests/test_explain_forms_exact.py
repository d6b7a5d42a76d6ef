"""Every form a derivation shows itself in, whole: text, Markdown, HTML, LaTeX and JSON.

The expectations are written out by hand from the documented layout (a title, runs of
aligned equation lines, tables, indented sub-derivations, a closing note): what a notebook,
an exported page or a grader receives must not change unseen, so each form is compared whole.
"""

import pickle

import pytest

from dtlearn.explain import Derivation, DerivationLine, Measure, ResultTable


@pytest.fixture
def mixed():
    """A line with a comment, prose, a continuation, a table, a sub-derivation, a line."""
    table = ResultTable(("a", "n"), (("x<y", 1),), caption="c&d")
    inner = Derivation.build("sub", ["y = 2"], note="in")
    return Derivation.build(
        "T<1>",
        [
            ("x = 1", "x = 1", "why", r"\text{why}"),
            DerivationLine("a & b said", prose=True),
            {"text": "= 2"},
            table,
            inner,
            "z = 3",
        ],
        note="n&m",
    )


TEXT = (
    "T<1>\n"
    "x = 1   why\n"
    "a & b said\n"
    "  = 2\n"
    "c&d\n"
    "  a   | n\n"
    "  x<y | 1\n"
    "  sub\n"
    "  y = 2\n"
    "  note: in\n"
    "z = 3\n"
    "note: n&m"
)


def test_text_of_every_kind_of_item(mixed):
    assert str(mixed) == repr(mixed) == TEXT


def test_markdown_whole(mixed):
    assert mixed._repr_markdown_() == (
        "**T<1>**\n\n"
        "$$\n\\begin{aligned}\n"
        "x &= 1 && \\text{why} \\\\\n"
        "&\\text{a \\& b said} \\\\\n"
        "&= \\text{2}\n"
        "\\end{aligned}\n$$\n\n"
        "*c&d*\n\n"
        "| a | n |\n"
        "|---|---:|\n"
        "| x<y | 1 |\n\n"
        "> **sub**\n>\n"
        "> $$\n> \\begin{aligned}\n> \\text{y} &= \\text{2}\n> \\end{aligned}\n> $$\n>\n"
        "> *Note: in*\n\n"
        "$$\n\\begin{aligned}\n\\text{z} &= \\text{3}\n\\end{aligned}\n$$\n\n"
        "*Note: n&m*"
    )


def test_html_whole(mixed):
    assert mixed._repr_html_() == (
        '<div class="dtlearn-derivation">\n'
        "<p><strong>T&lt;1&gt;</strong></p>\n"
        '<div class="dtlearn-math">$$\n\\begin{aligned}\n'
        "x &amp;= 1 &amp;&amp; \\text{why} \\\\\n"
        "&amp;\\text{a \\&amp; b said} \\\\\n"
        "&amp;= \\text{2}\n"
        "\\end{aligned}\n$$</div>\n"
        '<table class="dtlearn-table">\n'
        "<caption>c&amp;d</caption>\n"
        "<thead><tr><th>a</th><th>n</th></tr></thead>\n"
        "<tbody>\n"
        '<tr><td style="text-align:left">x&lt;y</td><td style="text-align:right">1</td></tr>\n'
        "</tbody></table>\n"
        '<div style="margin-left:1.5em"><div class="dtlearn-derivation">\n'
        "<p><strong>sub</strong></p>\n"
        '<div class="dtlearn-math">$$\n\\begin{aligned}\n'
        "\\text{y} &amp;= \\text{2}\n"
        "\\end{aligned}\n$$</div>\n"
        "<p><em>Note: in</em></p>\n"
        "</div></div>\n"
        '<div class="dtlearn-math">$$\n\\begin{aligned}\n'
        "\\text{z} &amp;= \\text{3}\n"
        "\\end{aligned}\n$$</div>\n"
        "<p><em>Note: n&amp;m</em></p>\n"
        "</div>\n"
        "<details><summary>plain text</summary><pre>"
        "T&lt;1&gt;\nx = 1   why\na &amp; b said\n  = 2\nc&amp;d\n  a   | n\n  x&lt;y | 1\n"
        "  sub\n  y = 2\n  note: in\nz = 3\nnote: n&amp;m"
        "</pre></details>"
    )


def test_latex_has_the_equations_of_every_level_and_no_table(mixed):
    assert mixed.to_latex() == (
        "$$\n\\begin{aligned}\n"
        "x &= 1 && \\text{why} \\\\\n"
        "&\\text{a \\& b said} \\\\\n"
        "&= \\text{2}\n"
        "\\end{aligned}\n$$\n"
        "$$\n\\begin{aligned}\n\\text{y} &= \\text{2}\n\\end{aligned}\n$$\n"
        "$$\n\\begin{aligned}\n\\text{z} &= \\text{3}\n\\end{aligned}\n$$"
    )


def test_to_dict_whole(mixed):
    def line(text, latex="", comment="", prose=False):
        return {"type": "line", "text": text, "latex": latex, "comment": comment, "prose": prose}

    assert mixed.to_dict() == {
        "title": "T<1>",
        "lines": [
            line("x = 1", "x = 1", "why"),
            line("a & b said", prose=True),
            line("= 2"),
            {
                "type": "table",
                "columns": ["a", "n"],
                "rows": [["x<y", 1]],
                "caption": "c&d",
                "highlight_row": None,
            },
            {
                "type": "derivation",
                "title": "sub",
                "lines": [line("y = 2")],
                "note": "in",
                "text": "sub\ny = 2\nnote: in",
            },
            line("z = 3"),
        ],
        "note": "n&m",
        "text": TEXT,
    }


@pytest.mark.parametrize(
    "line, latex",
    [
        (DerivationLine("x = 1"), r"\text{x} &= \text{1}"),
        (DerivationLine("= 1"), r"&= \text{1}"),
        (DerivationLine("<= 1"), r"& \text{<= 1}"),
        (DerivationLine("plain text"), r"&\text{plain text}"),
        (DerivationLine("p = q", prose=True), r"&\text{p = q}"),
        (DerivationLine("x = 1", r"x \le 1"), r"&x \le 1"),
        (DerivationLine("no relation", r"\alpha"), r"&\alpha"),
        (DerivationLine("= 2", r"= 2"), "&= 2"),
        (DerivationLine("x = 1", r"x = 1 \& 2"), r"x &= 1 \& 2"),
        (DerivationLine("x = 1", r"x & = 1"), "x & = 1"),
    ],
)
def test_latex_alignment_of_each_kind_of_line(line, latex):
    assert line.latex_aligned() == latex


def test_items_from_tuples_dicts_and_the_errors_that_name_them():
    (line,) = Derivation.build("", [("a = 1", "a = 1", "c", "cl", True)]).lines
    assert line == DerivationLine("a = 1", "a = 1", "c", "cl", True)
    (line,) = Derivation.build("", [{"text": "b = 2", "comment": "k"}]).lines
    assert line == DerivationLine("b = 2", comment="k")
    with pytest.raises(TypeError) as info:
        Derivation.build("", [3.5])
    assert str(info.value) == (
        "lines: cannot make a derivation line from float; use a str, a (text, latex[, "
        "comment[, comment_latex]]) tuple, a DerivationLine, a ResultTable or a Derivation"
    )
    with pytest.raises(TypeError) as info:
        Derivation.concat(Derivation(), "x")
    assert str(info.value) == "parts: expected Derivation values, got str"


def test_then_keeps_or_replaces_the_note_and_tables_skip_sub_derivations():
    table = ResultTable(("a",), ((1,),))
    d = Derivation.build("t", ["x = 1"], table=table, note="old")
    assert d.then("y = 2").note == "old" and d.then("y = 2", note="").note == ""
    outer = Derivation.concat(d, title="o")
    assert outer.table is None and outer.tables == ()
    assert d.then(table).tables == (table, table)
    assert str(Derivation(note="x")) == "note: x" and str(Derivation()) == ""


def test_measure_to_dict_and_pickle_keep_the_explanation():
    m = Measure(0.25, "gini", symbol="G", derivation=Derivation.build("", ["G = 0.25"]))
    assert m.to_dict() == {
        "name": "gini",
        "symbol": "G",
        "value": 0.25,
        "unit": "",
        "derivation": {
            "title": "",
            "lines": [
                {"type": "line", "text": "G = 0.25", "latex": "", "comment": "", "prose": False}
            ],
            "note": "",
            "text": "G = 0.25",
        },
    }
    back = pickle.loads(pickle.dumps(Measure(1.5, "n", symbol="N", unit="bits")))
    assert type(back) is Measure and float(back) == 1.5
    assert (back.name, back.symbol, back.unit, repr(back)) == ("n", "N", "bits", "N = 1.500 bits")
    assert str(back.explain()) == "N = 1.500 bits"
    assert str(Measure(2.0, "").explain()) == "value = 2.000"


def test_a_nested_note_wraps_under_itself_without_breaking_words_at_hyphens():
    inner = Derivation.build("sub", ["y = 2"], note="alpha-beta " * 10)
    assert str(Derivation.concat(inner, title="o")) == (
        "o\n"
        "  sub\n"
        "  y = 2\n"
        "  note: alpha-beta alpha-beta alpha-beta alpha-beta alpha-beta alpha-beta alpha-beta\n"
        "        alpha-beta alpha-beta alpha-beta"
    )


def test_comments_line_up_three_spaces_after_the_longest_commented_line():
    d = Derivation.build("", ["mean info = 1", ("= 2", "", "c1"), ("gain = 0.5", "", "longer")])
    assert str(d) == "mean info = 1\n          = 2     c1\ngain      = 0.5   longer"
