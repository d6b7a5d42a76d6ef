"""dtlearn.formatting is the package's one number-formatting module (issue 26, item 7).

The single-source rule is checked on the source: no other module defines a number formatter
or calls numpy's float printer. The formatters are checked against independent expectations
(Weka's and Java's printing rules, Python's own round trip) and the merged ones against each
other.
"""

from __future__ import annotations

import ast
import math
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dtlearn.formatting as F

PACKAGE = Path(F.__file__).parent
HOME = Path(F.__file__)

FORMATTER_NAME = re.compile(
    r"^_?(fmt\w*|format_number\w*|format_value|format_float\w*|exact_number|java_double|"
    r"percent|plural|show_exact|answer_number|plain_literal|python_literal|float32_text|"
    r"_num|_g)$"
)
"""Names of number formatters: one defined anywhere but dtlearn/formatting.py is a duplicate."""


def _functions(tree: ast.AST):
    """Every function defined in a module, at any depth, except methods of classes."""

    class Visitor(ast.NodeVisitor):
        def __init__(self):
            self.found: list[ast.FunctionDef] = []

        def visit_ClassDef(self, node):  # methods (e.g. ResultTable.format_cell) may delegate
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    for inner in item.body:
                        self.visit(inner)
                else:
                    self.visit(item)

        def visit_FunctionDef(self, node):
            self.found.append(node)
            self.generic_visit(node)

        visit_AsyncFunctionDef = visit_FunctionDef

    visitor = Visitor()
    visitor.visit(tree)
    return visitor.found


def _modules():
    return [p for p in sorted(PACKAGE.rglob("*.py")) if p != HOME]


def test_no_module_but_formatting_defines_a_number_formatter():
    offenders = []
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += [
            f"{path.relative_to(PACKAGE)}:{f.lineno} {f.name}"
            for f in _functions(tree)
            if FORMATTER_NAME.match(f.name)
        ]
    assert offenders == []


def test_the_scan_sees_a_formatter_defined_elsewhere():
    tree = ast.parse(
        "def fmt_thing(x):\n    return f'{x:.3f}'\n"
        "def outer():\n    def _num(x):\n        return str(x)\n"
        "class C:\n    def method(self):\n        def _g(x):\n            return x\n"
    )
    assert [f.name for f in _functions(tree) if FORMATTER_NAME.match(f.name)] == [
        "fmt_thing",
        "_num",
        "_g",
    ]


def test_only_formatting_calls_numpys_float_printer():
    users = [
        str(p.relative_to(PACKAGE))
        for p in _modules()
        if re.search(r"format_float_(positional|scientific)", p.read_text(encoding="utf-8"))
    ]
    assert users == []


FLOAT_SPEC = re.compile(r"^[+\- ]?[,_]?(\.\d+)?[fFgGeE%]$")

SPEC_ALLOWED = {
    "drawing/layout.py": "SVG geometry (coordinates and widths), not numbers a reader sees",
    "exercises/student_call.py": "time limits and sizes in the sandbox's own messages",
    "exercises/homework": "the grading's time limits and logs",
}


def _float_specs(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            parts = node.format_spec.values
            if (
                len(parts) == 1
                and isinstance(parts[0], ast.Constant)
                and FLOAT_SPEC.match(str(parts[0].value))
            ):
                yield node.lineno, parts[0].value


def test_numbers_shown_to_readers_are_formatted_by_the_formatting_module():
    offenders = []
    for path in _modules():
        where = str(path.relative_to(PACKAGE))
        if any(where == key or where.startswith(key + "/") for key in SPEC_ALLOWED):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += [f"{where}:{line} {{:{spec}}}" for line, spec in _float_specs(tree)]
    assert offenders == []


def test_the_spec_scan_sees_an_inline_float_format():
    tree = ast.parse("x = 1.5\ntext = f'{x:.3f} and {x:g} and {x:>5} and {x:,}'\n")
    assert [spec for _, spec in _float_specs(tree)] == [".3f", "g"]


RE_EXPORTS = {"display", "explain", "tree", "labels", "base", "splits", "weka"}
"""Modules that keep formatters importable (old import paths); no module imports one there.

(``exercises/wording.py`` names ``answer_number`` ``format_number`` for the checks' words.)"""


def test_the_package_imports_every_formatter_from_formatting_only():
    formatters = {name for name in vars(F) if FORMATTER_NAME.match(name)}
    offenders = []
    for path in _modules():
        here = str(path.relative_to(PACKAGE))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or node.module is None:
                continue
            if node.module.split(".")[-1] not in RE_EXPORTS:
                continue
            offenders += [
                f"{here}:{node.lineno} {alias.name} from {node.module}"
                for alias in node.names
                if alias.name in formatters
            ]
    assert offenders == []


@pytest.mark.parametrize(
    "module, names",
    [
        ("dtlearn.display", ["fmt", "fmt_count", "fmt_fraction"]),
        ("dtlearn.explain", ["fmt"]),
        ("dtlearn.splits", ["format_number", "exact_number"]),
        ("dtlearn.exports.labels", ["format_number", "exact_number", "format_value", "plural"]),
        ("dtlearn.exports.weka", ["java_double"]),
        ("dtlearn.tree", ["format_value", "plural"]),
        ("dtlearn.widgets.base", ["percent"]),
    ],
)
def test_old_import_paths_are_the_same_functions(module, names):
    imported = __import__(module, fromlist=names)
    for name in names:
        assert getattr(imported, name) is getattr(F, name)


def test_old_names_of_renamed_formatters():
    from dtlearn.exercises import wording
    from dtlearn.exports import python_code

    assert wording.format_number is F.answer_number
    assert wording.show_exact is F.show_exact
    assert python_code.plain_literal is F.python_literal


def test_weka_rounds_half_away_from_zero():
    # Weka's Utils.doubleToString(0.125, 2) prints 0.13; Python's own rounding of the binary
    # value (0.125 is exact, ties go to even) prints 0.12: the two formatters differ on purpose
    assert F.format_number(0.125, 2) == "0.13"
    assert F.format_number(-0.125, 2) == "-0.13"
    assert F.answer_number(0.125, 2) == "0.12"
    assert F.format_number(75.0) == "75"
    assert F.format_number(-1e-9) == "0"
    assert F.format_number(1 / 3) == "0.333333"


def test_java_double_keeps_the_decimal_point_exact_number_drops_it():
    # Java's Double.toString(2.0) is "2.0" and J48 prints leaves as "(2.0/1.0)"
    assert F.java_double(2) == "2.0"
    assert F.java_double(np.float64(14.0)) == "14.0"
    assert F.exact_number(2.0) == "2"


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_exact_number_and_python_literal_read_back_exactly(x):
    assert float(F.exact_number(x)) == x
    back = eval(F.python_literal(np.float64(x)))  # noqa: S307 (the text of a float literal)
    assert type(back) is float and back == x


def test_python_literal_keeps_the_type():
    assert F.python_literal(np.int64(3)) == "3"
    assert F.python_literal(np.str_("a")) == "'a'"
    assert F.python_literal(75.0) == "75.0"
    assert F.python_literal(np.bool_(True)) == "True"


@given(st.floats(allow_nan=False), st.integers(0, 8))
def test_fmt_and_fmt_cell_agree_on_floats(x, decimals):
    assert F.fmt(x, decimals) == F.fmt_cell(x, f".{decimals}f")
    assert F.fmt(np.float64(x), decimals) == F.fmt(x, decimals)


@given(
    st.floats(allow_nan=False, allow_infinity=False, min_value=-1e12, max_value=1e12),
    st.integers(0, 6),
)
def test_fmt_is_the_rounded_number_never_minus_zero(x, decimals):
    text = F.fmt(x, decimals)
    assert not re.fullmatch(r"-0\.?0*", text)
    assert abs(float(text) - x) <= 0.5 * 10.0**-decimals * (1 + 1e-9) + abs(x) * 1e-15
    assert len(text.partition(".")[2]) == decimals


def test_fmt_family_on_textbook_numbers():
    # H(9 yes, 5 no) = 0.940286 bits (Quinlan 1986; Mitchell 1997, p. 59)
    h = -(9 / 14) * math.log2(9 / 14) - (5 / 14) * math.log2(5 / 14)
    assert F.fmt(h) == "0.940"
    assert F.fmt(-0.0001) == "0.000"
    assert F.fmt(float("-inf")) == "-inf" and F.fmt(float("nan")) == "nan"
    assert F.fmt(np.int64(14)) == "14" and F.fmt("sunny") == "sunny"
    assert F.fmt_count(9.0) == "9" and F.fmt_count(13.6) == "13.60"
    assert F.fmt_fraction(9, 14) == "9/14"
    assert F.fmt_cell(None) == "" and F.fmt_cell(-0.0004, ".3f") == "0.000"
    assert F.fmt_cell(-1e-9, ".2e") == "-1.00e-09"


def test_significant_digits_and_percent():
    assert F.fmt_g(2 / 3) == "0.666667"
    assert F.fmt_g(0.000123456, 3) == "0.000123"
    assert F.fmt_g(-0.0, 3) == "0"
    assert F.fmt_whole_or_g(14.0) == "14" and F.fmt_whole_or_g(0.274648) == "0.2746"
    assert F.percent(0.5) == "50%" and F.percent(1.0) == "100%" and F.percent(None) == "–"
    # 23 of 40 is exactly 57.5 %, which rounds to the even 58; the float 23 / 40 lies below it
    assert F.percent(23, 40) == "58%" and F.percent(23 / 40) == "57%"
    assert F.percent(0, 0) == "–"
    assert F.plural(1, "leaf", "leaves") == "1 leaf" and F.plural(2.5, "row") == "2.5 rows"


def test_answer_number_and_show_exact():
    assert F.answer_number(-0.00001) == "0"
    assert F.answer_number(1234567.891) == "1.235e+06"
    assert F.show_exact(0.9402859) == "0.940286"


def test_regression_values_and_float32_thresholds():
    assert F.format_value(0.5941252504116743) == "0.594"
    assert F.format_value(0.00012345) == "0.000123"
    # scikit-learn stores the float32 midpoint (2.4 + 2.5) / 2 as 2.450000047683716
    t = float(np.float32(2.45))
    assert F.float32_text(t) == "2.45"
    assert np.float32(float(F.float32_text(t))) == np.float32(t)
