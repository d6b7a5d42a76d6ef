"""Formatting, result tables, derivations and plots at their edges.

Each expectation is the documented rule applied by hand: where a number's format
changes, what a mixed column aligns to, how a comment column is placed, where a plot's
padding and cut points go.
"""

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.display import latex_text
from dtlearn.explain import Derivation, DerivationLine, Measure
from dtlearn.formatting import answer_number, fmt_cell, fmt_count, percent, plural
from dtlearn.result_table import ResultTable


# ------------------------------------------------------------------ formatting
def test_plural_follows_the_number_as_printed():
    # 1.001 prints as "1" (two decimals at most): singular, as the reader sees one
    assert plural(1.001, "row") == "1 row"
    assert plural(0.999, "leaf", "leaves") == "1 leaf"
    assert plural(1.01, "row") == "1.01 rows"


def test_numbers_from_a_million_on_are_written_with_an_exponent():
    assert answer_number(999999.0) == "999999"
    assert answer_number(1e6) == "1e+06"
    assert answer_number(-1e6) == "-1e+06"


def test_percent_of_nothing_is_a_dash_and_counts_keep_two_decimals():
    assert percent(0, of=0) == "–" and percent(3, of=0) == "–"
    assert percent(1, of=4) == "25%"
    assert fmt_count(0.25) == "0.25" and fmt_count(3.0) == "3"
    assert fmt_cell(np.uint8(3)) == "3" and fmt_cell(np.int64(-2)) == "-2"
    assert fmt_cell(np.float32(0.5)) == "0.500"


def test_latex_text_escapes_a_tilde_as_a_visible_accent():
    assert latex_text("a~b") == r"\text{a\~{}b}"


# ------------------------------------------------------------------ result tables
def test_highlight_row_must_be_a_row():
    ResultTable(("a",), ((1,), (2,)), highlight_row=1)
    with pytest.raises(ValueError, match=r"highlight_row: 2 is not a row index \(the table has 2"):
        ResultTable(("a",), ((1,), (2,)), highlight_row=2)


def test_a_column_mixing_text_and_numbers_is_left_aligned():
    table = ResultTable(("name", "n"), (("x", 1), (22, 333)))
    # "name" holds a string and a number: text, left-aligned; "n" all numbers: right
    assert table.text_lines() == ["  name | n", "  x    |   1", "  22   | 333"]


def test_markdown_bolds_only_cells_with_text_and_aligns_by_the_first_row():
    table = ResultTable(("a", "b"), (("", 1), (2, "x")), highlight_row=0)
    assert table._repr_markdown_() == "| a | b |\n|---|---:|\n|  | **1** |\n| 2 | x |"


# ------------------------------------------------------------------ derivations
def test_comments_start_three_spaces_after_the_longest_commented_line():
    d = Derivation.build(
        "",
        [DerivationLine("x = 1", comment="first"), DerivationLine("long = 22", comment="second")],
    )
    # "long = 22" is 9 characters: comments in column 12; "x" is padded to "long"'s width
    assert str(d) == "x    = 1    first\nlong = 22   second"


def test_a_line_with_two_equals_signs_splits_at_the_first():
    assert DerivationLine("g = 0.940 - 0.694 = 0.247").split() == ("g", "= 0.940 - 0.694 = 0.247")


def test_an_escaped_ampersand_is_not_an_alignment_mark():
    assert DerivationLine("a = b", latex=r"a = b \& c").latex_aligned() == r"a &= b \& c"
    assert DerivationLine("a = b", latex=r"a &= b").latex_aligned() == r"a &= b"


def test_a_measure_without_symbol_explains_itself_by_its_name():
    assert str(Measure(0.5, "gini").explain()) == "gini = 0.500"
    assert str(Measure(0.5).explain()) == "value = 0.500"


def test_a_long_note_wraps_under_its_first_word():
    note = "word " * 30
    lines = str(Derivation.build("t", ["x = 1"], note=note)).splitlines()
    assert lines[2].startswith("note: word") and lines[3].startswith("      word")
    assert all(len(line) <= 88 for line in lines)


def test_a_nested_derivation_is_quoted_line_by_line_in_markdown():
    outer = Derivation.concat(Derivation.build("inner", ["x = 1"]), title="outer")
    quoted = outer._repr_markdown_().split("\n")[2:]
    assert quoted[0] == "> **inner**" and quoted[1] == ">"  # a blank line stays quoted
    assert all(line == ">" or line.startswith("> ") for line in quoted)


# ------------------------------------------------------------------ plots
def test_region_grid_pads_a_constant_column_by_one():
    from dtlearn.plot.figures import region_grid

    X = np.array([[0.0, 5.0], [1.0, 5.0], [2.0, 5.0], [3.0, 5.0]])
    model = dt.CARTClassifier().fit(X, ["a", "a", "b", "b"])
    extent, codes = region_grid(model, X, resolution=4)
    # x from 0 to 3 padded by 5 % of 3; y constant at 5: padded by 1 each side
    assert extent == pytest.approx((-0.15, 3.15, 4.0, 6.0))
    assert codes.shape == (4, 4)


def test_impurity_values_at_a_pure_node():
    from dtlearn.plot.figures import impurity_values

    assert set(impurity_values(0.0).values()) == {0.0}
    assert set(impurity_values(1.0).values()) == {0.0}
    with pytest.raises(ValueError, match="p must be between 0 and 1, got -0.1"):
        impurity_values(-0.1)


def test_regression_steps_cut_only_inside_the_data():
    from matplotlib.figure import Figure

    from dtlearn.plot.figures import regression_fit

    X = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0]})
    model = dt.CARTRegressor(max_depth=1).fit(X, [1.0, 1.0, 5.0, 5.0])  # cut at 2.5
    ax = Figure().add_subplot()
    # drawn over x from 2.5 to 4: the cut sits on the edge, one step only
    regression_fit(model, pd.DataFrame({"x": [2.5, 4.0]}), [5.0, 5.0], ax=ax)
    line = ax.get_lines()[0]
    assert line.get_xdata().tolist() == [2.5, 4.0]
    assert line.get_ydata().tolist() == [5.0, 5.0]


def test_rule_bars_are_numbered_from_one():
    from dtlearn.plot.curves import plot_rule_accuracies
    from dtlearn.pruning.rule_post_pruning import rule_post_prune

    X, y = dt.load_play_tennis()
    result = rule_post_prune(dt.ID3Classifier().fit(X, y), X[::2], y[::2])
    ax = plot_rule_accuracies(result.ruleset)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels[0] == f"1. {result.ruleset.rules[0].label}"
    assert len(labels) == len(result.ruleset.rules)


def test_an_alpha_curve_is_drawn_as_steps():
    from matplotlib.figure import Figure

    from dtlearn.plot.curves import plot_complexity_curve
    from dtlearn.pruning.curves import complexity_curve

    X, y = dt.load_play_tennis()
    curve = complexity_curve(
        dt.CARTClassifier(), X, y, X, y, param="ccp_alpha", values=[0.0, 0.05, 0.2]
    )
    ax = plot_complexity_curve(curve, x="value", ax=Figure().add_subplot())
    assert {line.get_drawstyle() for line in ax.get_lines()} == {"steps-post"}
    depth = complexity_curve(dt.CARTClassifier(), X, y, X, y, param="max_depth", values=[1, 2])
    ax = plot_complexity_curve(depth, x="value", ax=Figure().add_subplot())
    assert {line.get_drawstyle() for line in ax.get_lines()} == {"default"}


def test_markdown_escapes_underscores_bars_and_stars_and_never_prints_minus_zero():
    from dtlearn.display import md_escape

    assert md_escape("n_v | *x*") == r"n\_v \| \*x\*"
    assert answer_number(-0.00001) == "0" and answer_number(-0.0) == "0"


def test_the_reduced_error_plot_shows_only_the_nodes_pruned():
    from matplotlib.figure import Figure

    from dtlearn.plot.curves import plot_prune_steps
    from dtlearn.pruning.reduced_error import reduced_error_prune

    X, y = dt.load_play_tennis()
    result = reduced_error_prune(dt.ID3Classifier().fit(X, y), X[::2], y[::2])
    pruned = [s for s in result.steps if s.pruned]
    assert 0 < len(pruned) < len(result.steps)  # some decisions keep their subtree
    ax = plot_prune_steps(result, ax=Figure().add_subplot())
    assert len(ax.get_lines()[0].get_ydata()) == len(pruned) + 1
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert labels == ["full"] + [f"node {s.node_id}" for s in pruned]
