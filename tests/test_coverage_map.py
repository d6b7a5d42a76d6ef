"""tools/coverage_map.py: a mutated line's tests are exactly those that run it.

Checked on a made-up module and hand-written coverage data (one context per test phase, as
the build's pytest plugin names them), never on dtlearn's own map (that takes the suite).
"""

import importlib.util
import sys
from pathlib import Path

import coverage
import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location(
    "coverage_map_tool", ROOT / "tools" / "coverage_map.py"
)
TOOL = importlib.util.module_from_spec(spec)
sys.modules["coverage_map_tool"] = TOOL
spec.loader.exec_module(TOOL)

SOURCE = """\
LIMIT = 3


def small(x, scale=2):
    y = x * scale
    return (y +
            LIMIT)


class Box:
    size = 4

    def grow(self):
        return self.size + 1

    def unused(self):
        return 0
"""

RUNS = {
    "tests/test_a.py::test_small|run": [5, 6],
    "tests/test_a.py::test_box_fixture|setup": [14],
    "tests/test_b.py::test_other[2-3]|run": [7],
    "tests/test_c.py|collect": [1, 4, 10, 11, 13, 16],
}


@pytest.fixture
def mapped(tmp_path):
    module = tmp_path / "pkg" / "mod.py"
    module.parent.mkdir()
    module.write_text(SOURCE, encoding="utf-8")
    data = coverage.CoverageData(basename=str(tmp_path / "coverage.sqlite"))
    for context, lines in RUNS.items():
        data.set_context(context)
        data.add_lines({str(module): lines})
    data.write()
    return lambda *lines: TOOL.selection(
        "pkg/mod.py", list(lines), tmp_path / "coverage.sqlite", tmp_path
    )


def test_a_line_in_a_body_names_the_tests_whose_call_ran_it(mapped):
    assert mapped(5) == (["tests/test_a.py::test_small"], "lines")


def test_a_statement_over_two_lines_counts_the_tests_of_both(mapped):
    # line 7 is the continuation of line 6's return: the tracer saw it in another test
    both = ["tests/test_a.py::test_small", "tests/test_b.py::test_other[2-3]"]
    assert mapped(7) == (both, "lines")
    assert mapped(6) == (both, "lines")


def test_a_fixture_that_ran_the_line_brings_its_whole_file(mapped):
    assert mapped(14) == (["tests/test_a.py"], "lines")


def test_a_signature_default_counts_as_the_function_body(mapped):
    both = ["tests/test_a.py::test_small", "tests/test_b.py::test_other[2-3]"]
    assert mapped(4) == (both, "function body")


def test_import_time_lines_count_as_every_function_of_the_module(mapped):
    # test_a.py's whole file (a fixture ran grow) absorbs its node ids
    every = ["tests/test_a.py", "tests/test_b.py::test_other[2-3]"]
    assert mapped(1) == (every, "module")
    assert mapped(11) == (every, "module")


def test_a_line_no_test_runs_names_nothing(mapped):
    assert mapped(17) == ([], "")


def test_statement_lines_span_a_whole_simple_statement_and_a_header_alone():
    lines = TOOL._statement_lines("if (a and\n        b):\n    x = (1 +\n         2)\n")
    assert lines == {1: (1, 2), 2: (1, 2), 3: (3, 4), 4: (3, 4)}
