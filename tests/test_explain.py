"""Rendering of ResultTable, Derivation and Measure."""

import copy
import json
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from dtlearn.explain import (
    CLASS_COLOURS,
    Derivation,
    DerivationLine,
    Measure,
    ResultTable,
    class_colour,
    fmt,
    fmt_count,
    fmt_fraction,
    html_class,
    latex_class,
    latex_fraction,
    latex_text,
)


@pytest.fixture
def table():
    return ResultTable.build(
        ["attribute", "n", "gain"],
        [["outlook", 14, 0.24675], ["humidity", 14, 0.15184], ["windy", 14, 0.04813]],
        caption="split table",
        highlight_row=0,
    )


# ---------------------------------------------------------------------------- helpers
def test_formatting_helpers():
    assert fmt(0.94028) == "0.940"
    assert fmt(-1e-9) == "0.000"
    assert fmt(np.float64(1.5)) == "1.500"
    assert fmt(np.int64(7)) == "7"
    assert fmt(0.5, 1) == "0.5"
    assert fmt(float("nan")) == "nan"
    assert fmt_count(9.0) == "9" and fmt_count(2.345) == "2.35"
    assert fmt_fraction(9, 14) == "9/14"
    assert fmt_fraction(1.5, 4) == "1.50/4"
    assert latex_fraction(9, 14) == r"\tfrac{9}{14}"
    assert latex_text("a_b") == r"\text{a\_b}"


def test_class_colours():
    assert len(CLASS_COLOURS) == 8 and CLASS_COLOURS[0] == "#E69F00"
    assert class_colour(1) == "#56B4E9"
    assert class_colour(9) == CLASS_COLOURS[1]
    assert "#E69F00" in latex_class("yes", 0)
    assert "&lt;b&gt;" in html_class("<b>", 0)


# ---------------------------------------------------------------------------- ResultTable
def test_table_text(table):
    assert str(table) == repr(table)
    assert str(table) == (
        "split table\n"
        "  attribute | n  | gain\n"
        "* outlook   | 14 | 0.247\n"
        "  humidity  | 14 | 0.152\n"
        "  windy     | 14 | 0.048"
    )


def test_table_html_markdown(table):
    html = table._repr_html_()
    assert html.startswith('<table class="dtlearn-table">')
    assert "<caption>split table</caption>" in html
    assert html.count("<tr") == 4
    assert 'class="dtlearn-winner"' in html and "0.247" in html
    md = table._repr_markdown_()
    assert "| attribute | n | gain |" in md
    assert "| **outlook** | **14** | **0.247** |" in md
    assert "---:" in md


def test_table_to_dict_and_frame(table):
    d = table.to_dict()
    assert d["columns"] == ["attribute", "n", "gain"]
    assert d["rows"][0] == ["outlook", 14, 0.24675]
    assert d["highlight_row"] == 0
    json.dumps(d)
    frame = table.to_frame()
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == ["attribute", "n", "gain"]
    assert frame["gain"].iloc[0] == 0.24675


def test_table_cells_measures_and_numpy():
    m = Measure(0.5, "gini", symbol="Gini(S)")
    t = ResultTable.build(["a", "b", "c"], [[m, np.int64(3), np.float32(0.25)]], float_format=".2f")
    assert str(t).splitlines()[1] == "  0.50 | 3 | 0.25"
    assert json.dumps(t.to_dict()) == (
        '{"columns": ["a", "b", "c"], "rows": [[0.5, 3, 0.25]], "caption": "", '
        '"highlight_row": null}'
    )


def test_table_class_columns_coloured():
    t = ResultTable.build(["value", "yes", "no"], [["sunny", 2, 3]], class_columns=["yes", "no"])
    html = t._repr_html_()
    assert CLASS_COLOURS[0] in html and CLASS_COLOURS[1] in html


def test_table_checks_shape():
    with pytest.raises(ValueError, match="rows: row 0 has 1 cells"):
        ResultTable.build(["a", "b"], [[1]])
    with pytest.raises(ValueError, match="highlight_row"):
        ResultTable.build(["a"], [[1]], highlight_row=3)


def test_table_is_frozen(table):
    with pytest.raises(AttributeError):
        table.caption = "x"


# ---------------------------------------------------------------------------- Derivation
@pytest.fixture
def derivation():
    return Derivation.build(
        "Entropy",
        [
            (
                "H(S) = -sum_k p_k log2 p_k",
                r"H(S) = -\sum_k p_k \log_2 p_k",
                "with 14 instances: yes 9, no 5",
            ),
            (
                "= -(9/14 · log2(9/14) + 5/14 · log2(5/14))",
                r"= -\left(\tfrac{9}{14}\log_2\tfrac{9}{14} + \tfrac{5}{14}\log_2\tfrac{5}{14}\right)",
            ),
            "= 0.940 bits",
        ],
        note="rounded to 3 decimals",
    )


def test_derivation_text(derivation):
    assert str(derivation) == repr(derivation)
    assert str(derivation) == (
        "Entropy\n"
        "H(S) = -sum_k p_k log2 p_k   with 14 instances: yes 9, no 5\n"
        "     = -(9/14 · log2(9/14) + 5/14 · log2(5/14))\n"
        "     = 0.940 bits\n"
        "note: rounded to 3 decimals"
    )


def test_derivation_markdown_is_aligned_latex(derivation):
    md = derivation._repr_markdown_()
    assert md.startswith("**Entropy**")
    assert "$$\n\\begin{aligned}\n" in md and "\\end{aligned}\n$$" in md
    assert r"H(S) &= -\sum_k p_k \log_2 p_k && \text{with 14 instances: yes 9, no 5} \\" in md
    assert r"&= -\left(\tfrac{9}{14}" in md
    assert r"&= \text{0.940 bits}" in md  # generated from the text when no LaTeX given
    assert "*Note: rounded to 3 decimals*" in md


def test_derivation_html(derivation):
    html = derivation._repr_html_()
    assert html.startswith('<div class="dtlearn-derivation">')
    assert "\\begin{aligned}" in html and "&amp;=" in html
    assert "<details><summary>plain text</summary><pre>" in html
    assert "Note: rounded to 3 decimals" in html


def test_derivation_to_dict(derivation):
    d = derivation.to_dict()
    assert d["title"] == "Entropy"
    assert [x["type"] for x in d["lines"]] == ["line"] * 3
    assert d["lines"][0]["comment"] == "with 14 instances: yes 9, no 5"
    assert d["text"] == str(derivation)
    json.dumps(d)


def test_derivation_with_table_and_nesting(table, derivation):
    d = Derivation.build("Gain", ["gain = 0.940 - 0.694", "= 0.247 bits"], table=table)
    assert d.table is table and d.tables == (table,)
    both = Derivation.concat(derivation, d, title="Both", note="done")
    text = str(both)
    assert text.startswith("Both\n  Entropy\n  H(S) = ")
    assert "  gain = 0.940 - 0.694\n       = 0.247 bits\n  split table\n  " in text
    assert text.endswith("note: done")
    assert [x["type"] for x in both.to_dict()["lines"]] == ["derivation", "derivation"]
    md = both._repr_markdown_()
    assert "> **Entropy**" in md and "| attribute | n | gain |" in md
    html = both._repr_html_()
    assert html.count("<table") == 1 and "margin-left" in html
    assert both.to_latex().count(r"\begin{aligned}") == 2


def test_derivation_then_and_items():
    d = Derivation.build("", ["a = 1"]).then(DerivationLine("b = 2"), "= 3", note="n")
    assert str(d) == "a = 1\nb = 2\n  = 3\nnote: n"
    prose = Derivation.build("", [DerivationLine("pruned: error did not rise", prose=True)])
    assert str(prose) == "pruned: error did not rise"
    assert r"\text{pruned: error did not rise}" in prose._repr_markdown_()
    with pytest.raises(TypeError, match="lines"):
        Derivation.build("", [3.5])
    with pytest.raises(TypeError, match="parts"):
        Derivation.concat("x")


def test_line_split_and_alignment():
    assert DerivationLine("mean info = 0.694").split() == ("mean info", "= 0.694")
    assert DerivationLine("<= 3").split() == ("", "<= 3")
    assert DerivationLine("no relation here").split() == (None, "no relation here")
    d = Derivation.build("", ["mean info = 0.694", "gain = 0.247"])
    assert str(d) == "mean info = 0.694\ngain      = 0.247"
    assert DerivationLine("x = 1", r"x = 1").latex_aligned() == "x &= 1"
    assert DerivationLine("= 1", r"= 1").latex_aligned() == "&= 1"
    assert DerivationLine("x = 1", r"x &\le 1").latex_aligned() == r"x &\le 1"


def test_long_note_is_wrapped():
    d = Derivation.build("", ["x = 1"], note="word " * 40)
    lines = str(d).splitlines()
    assert len(lines) > 2 and all(len(line) <= 88 for line in lines)
    assert lines[2].startswith("      ")


# ---------------------------------------------------------------------------- Measure
def test_measure_float_behaviour():
    m = Measure(0.9402859586706311, "entropy", symbol="H(play)", unit="bits")
    assert repr(m) == "H(play) = 0.940 bits"
    assert str(m) == "0.9402859586706311" and f"{m}" == "0.9402859586706311"
    assert f"{m:.3f}" == "0.940"
    assert round(m, 3) == 0.94 and type(round(m, 3)) is float
    assert type(m + 0) is float and type(m / 2) is float and type(abs(m)) is float
    assert m == 0.9402859586706311 and hash(m) == hash(0.9402859586706311)
    assert float(np.float64(m)) == float(m)
    assert np.mean([m, m]) == pytest.approx(float(m))
    assert json.dumps(m) == "0.9402859586706311"
    assert repr(Measure(0.5, "gini")) == "0.500"
    assert repr(Measure(1 / 3, "x", unit="nats")) == "0.333 nats"


def test_measure_lazy_explanation_built_once():
    calls = []

    def build():
        calls.append(1)
        return Derivation.build("", ["x = 1"])

    m = Measure(1.0, "x", symbol="x", derivation=build)
    assert calls == []
    assert str(m.explain()) == "x = 1"
    m.explain()
    assert calls == [1]
    c = copy.deepcopy(m)
    assert float(c) == 1.0 and c.symbol == "x" and str(c.explain()) == "x = 1"
    assert m.to_dict()["derivation"]["text"] == "x = 1"


def test_measure_without_derivation():
    assert str(Measure(0.25, "rate").explain()) == "rate = 0.250"


def test_core_modules_import_no_views():
    code = (
        "import sys, dtlearn.explain, dtlearn.measures; "
        "bad = [m for m in ('matplotlib', 'ipywidgets', 'anywidget', 'IPython') "
        "if m in sys.modules]; print(bad)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "[]"
