"""Which line of the student's cells an error is named by, at the edges of the cell's text.

``jail_child._location`` walks a traceback (built here with :class:`types.TracebackType`,
so its line numbers can be any number) and names the last frame whose file is one of the
cells: the function and the text of that line, stripped. A line number that is not a
line of the cell (0, negative, one past the end) names the function with no text; a
traceback with no frame of the cells names nothing; the gate that lets the jail read a
frame is open only while it walks.
"""

import sys
import types

import pytest

from dtlearn.exercises.homework.jail_child import _location

LINES = ["  first = 1", "last = 2  "]


def here():
    return sys._getframe(1)


def error_at(*steps):
    """An error whose traceback has one entry per ``(frame, line)``, outermost first."""
    tb = None
    for frame, line in reversed(steps):
        tb = types.TracebackType(tb, frame, 0, line)
    return ValueError("x").with_traceback(tb)


@pytest.mark.parametrize(
    "line,text", [(1, "first = 1"), (2, "last = 2"), (3, ""), (0, ""), (-1, "")]
)
def test_a_line_of_the_cell_is_named_by_its_text_any_other_by_nothing(line, text):
    frame = here()
    sources = {frame.f_code.co_filename: LINES}
    assert _location(error_at((frame, line)), [False], sources) == (frame.f_code.co_name, text)


def test_the_last_frame_of_the_cells_names_the_error():
    outer = here()

    def inner():
        return here()

    frame = inner()
    sources = {outer.f_code.co_filename: LINES}
    assert _location(error_at((outer, 1), (frame, 2)), [False], sources) == ("inner", "last = 2")
    assert _location(error_at((frame, 2), (outer, 1)), [False], sources) == (
        outer.f_code.co_name,
        "first = 1",
    )


def test_a_traceback_outside_the_cells_names_nothing_and_the_gate_is_shut_after():
    gate = [False]
    seen = []

    class Sources(dict):
        def __contains__(self, key):
            seen.append(gate[0])
            return False

    assert _location(error_at((here(), 1)), gate, Sources()) is None
    assert seen == [True] and gate == [False]
    assert _location(ValueError("no traceback"), gate, {}) is None and gate == [False]
