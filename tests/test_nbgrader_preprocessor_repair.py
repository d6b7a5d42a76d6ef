"""``RepairCellMetadata`` on one notebook holding every case, compared cell by cell.

What each cell's metadata must be afterwards, worked out from the class's rule: the last
copy of a grade id keeps it, an earlier copy loses its nbgrader metadata (a code
solution copy is marked ``dtlearn.copy_of``, a markdown or graded copy is not), an old
schema is upgraded, metadata that does not validate is removed, a stale ``dtlearn`` mark
is dropped from every cell, and every other cell is left as it was.
"""

import logging

from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from dtlearn.exercises.homework.nbgrader_preprocessor import RepairCellMetadata


def meta(grade_id, *, solution=False, grade=False, locked=False, version=3, **extra):
    out = {
        "grade": grade,
        "grade_id": grade_id,
        "locked": locked,
        "schema_version": version,
        "solution": solution,
        "task": False,
    }
    if grade:
        out["points"] = 1
    return {**out, **extra}


def test_every_cell_s_metadata_after_the_repair(caplog):
    sol = meta("sol", solution=True)
    test = meta("test", grade=True, locked=True)
    notes = meta("notes", solution=True, grade=True)  # a written answer, graded by hand
    cells = [
        new_code_cell("a", metadata={"nbgrader": dict(sol)}),  # 0: earlier copy of sol
        new_code_cell("b", metadata={"nbgrader": dict(test)}),  # 1: earlier copy of test
        new_markdown_cell("c", metadata={"nbgrader": dict(notes)}),  # 2: earlier md copy
        new_code_cell("d", metadata={"nbgrader": dict(sol)}),  # 3: the last sol
        new_code_cell("e", metadata={"nbgrader": dict(test)}),  # 4: the last test
        new_markdown_cell("f", metadata={"nbgrader": dict(notes)}),  # 5: the last notes
        new_code_cell("g", metadata={"nbgrader": meta("old", solution=True, version=0)}),
        new_code_cell("h", metadata={"nbgrader": {"grade_id": "x", "solution": "yes"}}),
        new_code_cell("i", metadata={"dtlearn": {"copy_of": "stale"}, "tags": ["t"]}),
        new_code_cell("j", metadata={"nbgrader": meta("plain")}),  # neither: left alone
    ]
    before_plain = dict(cells[9].metadata["nbgrader"])
    with caplog.at_level(logging.WARNING):
        nb, resources = RepairCellMetadata().preprocess(new_notebook(cells=cells), {"r": 1})
    assert resources == {"r": 1}
    assert [dict(c.metadata) for c in nb.cells] == [
        {"dtlearn": {"copy_of": "sol"}},
        {},
        {},
        {"nbgrader": sol},
        {"nbgrader": test},
        {"nbgrader": notes},
        {"nbgrader": meta("old", solution=True)},
        {},
        {"tags": ["t"]},
        {"nbgrader": before_plain},
    ]
    assert [c.source for c in nb.cells] == list("abcdefghij")
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings == [
        "cell 7: nbgrader metadata that does not validate, removed",
        "cell with id 'sol' exists more than once: the last copy keeps the id",
        "cell with id 'test' exists more than once: the last copy keeps the id",
        "cell with id 'notes' exists more than once: the last copy keeps the id",
    ]
