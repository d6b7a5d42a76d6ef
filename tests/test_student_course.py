"""The student course in notebooks/: generated from instructor/ by tools/course.py, up to
date, and holding no solution, no model answer, no stored widget state and no output that
reveals an expected value. Plus the stub rules of the generator themselves."""

import copy
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import course  # noqa: E402

STUDENT = ROOT / "notebooks"
LECTURES = course.lecture_notebooks()
SERVED = sorted(p for p in STUDENT.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
HOMEWORK_SOURCES = sorted((course.HOMEWORK / "source").glob("*/*.ipynb"))


def read(path):
    return nbformat.read(path, as_version=4)


def rel(path):
    return str(path.relative_to(ROOT))


def output_texts(cell):
    """Every text a student sees in a cell's stored outputs (no images)."""
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            yield output.get("text", "")
        elif output.get("output_type") == "error":
            yield f"{output.get('ename')}: {output.get('evalue')}"
        for mime, value in output.get("data", {}).items():
            if mime.startswith("text/") or mime.endswith("json"):
                yield value if isinstance(value, str) else str(value)


def visible_lines(nb):
    """Stripped source lines outside solution regions (what the instructor shows anyway)."""
    lines = set()
    for cell in nb.cells:
        source = course.stub_source(cell.source, cell.cell_type)
        lines.update(line.strip() for line in source.split("\n"))
    return lines


# ---------------------------------------------------------------- the stub rules
def test_top_level_region_becomes_one_none_per_name_used_later():
    source = "### BEGIN SOLUTION\nn = sum(c)\nh, g = 1 - n, 2\nh += 1\n### END SOLUTION"
    assert course.stub_source(source, "code") == (
        "n = None  # YOUR ANSWER HERE\nh = None  # YOUR ANSWER HERE\ng = None  # YOUR ANSWER HERE"
    )
    later = 'dt.exercises.check("01.1", h=h)'
    assert course.stub_source(source, "code", used_later=later) == "h = None  # YOUR ANSWER HERE"


def test_region_inside_a_function_raises_not_implemented_at_its_indent():
    source = (
        "def f(x):\n    y = 2\n    ### BEGIN SOLUTION\n    return x * y\n    ### END SOLUTION\n"
    )
    assert course.stub_source(source, "code") == (
        "def f(x):\n    y = 2\n    # YOUR CODE HERE\n    raise NotImplementedError()\n"
    )


def test_markdown_model_answer_and_hidden_tests():
    md = "Why?\n\n### BEGIN SOLUTION\nBecause the gain is 0.25.\n### END SOLUTION"
    assert course.stub_source(md, "markdown") == "Why?\n\nYOUR ANSWER HERE"
    code = "check(f)\n### BEGIN HIDDEN TESTS\ncheck_hidden(f)\n### END HIDDEN TESTS\nx = 1"
    assert course.stub_source(code, "code") == "check(f)\nx = 1"


@pytest.mark.parametrize(
    "source, words",
    [
        ("### BEGIN SOLUTION\nx = 1", "never closed"),
        ("x = 1\n### END SOLUTION", "without"),
        ("### BEGIN SOLUTION\n### BEGIN SOLUTION\nx = 1\n### END SOLUTION", "inside"),
        ("x = 1  ### BEGIN SOLUTION\n### END SOLUTION", "alone on its line"),
        ("### BEGIN SOLUTION\nx = (\n### END SOLUTION", "not valid Python"),
        ("### BEGIN HIDDEN TESTS\nx = 1\n### END SOLUTION", "without"),
    ],
    ids=["unclosed", "stray end", "nested", "not alone", "syntax", "mismatched"],
)
def test_malformed_markers_fail_loudly(source, words):
    with pytest.raises(course.MarkerError, match=words):
        course.stub_source(source, "code", where="nb, cell 3")


def test_student_notebook_drops_outputs_widget_state_and_rewrites_homework_links():
    nb = nbformat.v4.new_notebook()
    nb.metadata["widgets"] = {"state": {}}
    nb.cells = [
        nbformat.v4.new_markdown_cell("[hw1](homework/source/hw1/hw1.ipynb)"),
        nbformat.v4.new_code_cell(
            "### BEGIN SOLUTION\ngap = 0.25\n### END SOLUTION",
            outputs=[nbformat.v4.new_output("stream", text="x")],
            execution_count=3,
        ),
    ]
    out = course.student_notebook(nb)
    assert "widgets" not in out.metadata and "widgets" in nb.metadata  # input untouched
    assert out.cells[0].source == "[hw1](homework/hw1/hw1.ipynb)"
    assert out.cells[1].source == "gap = None  # YOUR ANSWER HERE"
    assert out.cells[1].outputs == [] and out.cells[1].execution_count is None


# ---------------------------------------------------------------- the committed course
def test_every_lecture_and_assignment_is_served():
    assert LECTURES, "no instructor notebooks"
    for path in LECTURES:
        assert (STUDENT / path.name).exists(), f"notebooks/{path.name} missing: make student-course"
    for path in HOMEWORK_SOURCES:
        name = path.parent.name
        assert (STUDENT / "homework" / name / path.name).exists(), f"homework {name} not released"
    extra = {p.name for p in STUDENT.glob("*.ipynb")} - {p.name for p in LECTURES}
    assert not extra, f"notebooks/ has notebooks with no instructor version: {sorted(extra)}"


@pytest.mark.parametrize("path", SERVED, ids=rel)
def test_served_notebook_holds_no_marker_and_no_widget_state(path):
    nb = read(path)
    assert "widgets" not in nb.metadata, "stored widget state: run tools/course.py"
    for index, cell in enumerate(nb.cells):
        for text in [cell.source, *output_texts(cell)]:
            for marker in ("BEGIN SOLUTION", "END SOLUTION", "HIDDEN TESTS"):
                assert marker not in text, f"cell {index} holds {marker!r}"


def _pairs():
    pairs = [(p, STUDENT / p.name) for p in LECTURES]
    pairs += [(p, STUDENT / "homework" / p.parent.name / p.name) for p in HOMEWORK_SOURCES]
    return pairs


@pytest.mark.parametrize("instructor, served", _pairs(), ids=lambda p: rel(p))
def test_no_model_answer_reaches_the_student(instructor, served):
    """No line of a solution or hidden-test region (that the instructor does not show
    anyway) is served."""
    if not served.exists():
        pytest.fail(f"{rel(served)} missing: make student-course")
    source = read(instructor)
    shown_anyway = visible_lines(source)
    secret = {
        line
        for line in course.solution_lines(source, ("SOLUTION", "HIDDEN TESTS"))
        if line not in shown_anyway and len(line) > 3
    }
    served_lines = {line.strip() for cell in read(served).cells for line in cell.source.split("\n")}
    leaked = sorted(secret & served_lines)
    assert not leaked, f"{rel(served)} shows solution lines: {leaked[:3]}"


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.name)
def test_student_notebook_is_up_to_date(path):
    served = STUDENT / path.name
    if not served.exists():
        pytest.fail(f"{rel(served)} missing: make student-course")
    want = course.student_notebook(read(path), path.name)
    have = read(served)
    assert [(c.cell_type, c.source) for c in have.cells] == [
        (c.cell_type, c.source) for c in want.cells
    ], f"{rel(served)} is out of date with {rel(path)}: make student-course"


@pytest.fixture(scope="module")
def released(tmp_path_factory):
    target = tmp_path_factory.mktemp("release")
    course.release_homework(target)
    return target


@pytest.mark.parametrize("path", HOMEWORK_SOURCES, ids=lambda p: p.parent.name)
def test_released_homework_is_up_to_date(released, path):
    name = path.parent.name
    want, have = read(released / name / path.name), read(STUDENT / "homework" / name / path.name)
    assert [(c.cell_type, c.source) for c in have.cells] == [
        (c.cell_type, c.source) for c in want.cells
    ], f"notebooks/homework/{name} is out of date: make student-course"


CHECK_CALL = re.compile(r"\bexercises\.check\(\s*[\"']([\w.]+)[\"']")
ANSWER = re.compile(r"✓ your answer: (-?\d+\.\d+)")
NUMBER = re.compile(r"(?<![\w.])-?\d+\.(\d+)")


def _expected_values(instructor):
    """The numbers the instructor's passing checks show: the expected values (to tolerance)."""
    values = set()
    for cell in instructor.cells:
        if cell.cell_type == "code" and CHECK_CALL.search(cell.source):
            for text in output_texts(cell):
                values.update(float(v) for v in ANSWER.findall(text) if len(v.split(".")[1]) >= 3)
    return values


def _in_exercises(nb):
    """For each cell, whether it comes after the notebook's "## Exercises" heading."""
    flags, inside = [], False
    for cell in nb.cells:
        if cell.cell_type == "markdown" and re.search(r"^#+\s*Exercises", cell.source, re.M):
            inside = True
        flags.append(inside)
    return flags


def revealed(instructor, student):
    """What a student notebook's outputs give away, as a list of complaints.

    The numbers the instructor's checks accept may appear nowhere in the student's outputs:
    matched to 3 decimals in the exercise section and to 4 decimals anywhere (at 3 decimals
    the hundreds of table entries of a notebook coincide with some answer by chance); values
    that round to 0 are not matched. No output may show "expected <number>", no check may
    say anything but "not yet", and no cell may fail (unless tagged raises-exception).
    """
    problems = []
    expected = {v for v in _expected_values(instructor) if abs(v) >= 0.01}
    exercises = _in_exercises(student)
    for index, cell in enumerate(student.cells):
        tags = cell.metadata.get("tags", [])
        for text in output_texts(cell):
            if re.search(r"expected:? -?\d", text):
                problems.append(f"cell {index} shows 'expected <n>'")
            for match in NUMBER.finditer(text):
                digits = len(match.group(1))
                if digits < (3 if exercises[index] else 4):
                    continue
                shown = float(match.group(0))
                if any(abs(v - shown) <= 0.5 * 10**-digits + 1e-12 for v in expected):
                    problems.append(f"cell {index} shows {match.group(0)}, an expected answer")
        if cell.cell_type != "code":
            continue
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        if errors and "raises-exception" not in tags:
            problems.append(f"cell {index} raises {errors[0].get('ename')}")
        if CHECK_CALL.search(cell.source):
            said = " ".join(output_texts(cell))
            if "not yet" not in said:
                problems.append(
                    f"cell {index}: a check that does not say 'not yet' before the "
                    f"student answered: {said[:120]!r}"
                )
    return problems


def _pair(check_output, later_output, exercises=True):
    """A tiny instructor/student pair for testing :func:`revealed`."""
    cells = [
        nbformat.v4.new_markdown_cell("## Exercises" if exercises else "## Intro"),
        nbformat.v4.new_code_cell(
            "print(table)", outputs=[nbformat.v4.new_output("stream", text=later_output)]
        ),
        nbformat.v4.new_code_cell(
            'dt.exercises.check("06.2", gap=gap)',
            outputs=[nbformat.v4.new_output("execute_result", data={"text/plain": check_output})],
        ),
    ]
    instructor = nbformat.v4.new_notebook(cells=cells)
    student = nbformat.from_dict(copy.deepcopy(instructor))
    return instructor, student


def test_revealed_catches_an_answer_in_view():
    passed = "Exercise 06.2 (Gap): passed — right\n  ✓ your answer: 0.2417"
    problems = revealed(*_pair(passed, "gap 0.242"))
    assert problems[0] == "cell 1 shows 0.242, an expected answer"
    assert "cell 2: a check that does not say 'not yet'" in problems[-1]
    before = revealed(*_pair(passed, "gap 0.242", exercises=False))  # 3 decimals: chance
    assert not any(p.startswith("cell 1") for p in before)
    assert (
        revealed(*_pair(passed, "gap 0.2417", exercises=False))[0]
        == "cell 1 shows 0.2417, an expected answer"
    )
    assert revealed(*_pair(passed, "expected 0.24"))[0] == "cell 1 shows 'expected <n>'"
    instructor, student = _pair(passed, "gap 0.5")
    student.cells[2].outputs[0]["data"]["text/plain"] = "Exercise 06.2: not yet — put ..."
    assert revealed(instructor, student) == []


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.name)
def test_student_outputs_reveal_no_expected_value(path):
    served = STUDENT / path.name
    if not served.exists():
        pytest.fail(f"{rel(served)} missing: make student-course")
    nb = read(served)
    code = [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    assert all(c.execution_count is not None for c in code), (
        f"{rel(served)} was not executed to the end: make student-course (see its errors)"
    )
    problems = revealed(read(path), nb)
    assert not problems, f"{rel(served)}: " + "; ".join(problems[:5])


def test_start_page_links_only_student_paths():
    nb = read(STUDENT / "00_start_here.ipynb")
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "instructor/" not in text and "source/" not in text
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    local = [link for link in links if not re.match(r"[a-z]+://|mailto:|#", link)]
    assert local, "the start page links no notebook"
    for link in local:
        assert (STUDENT / link.split("#")[0]).exists(), f"start page links missing {link}"
    for path in HOMEWORK_SOURCES:
        assert f"](homework/{path.parent.name}/{path.name})" in text


# ---------------------------------------------------------------- executing
def test_execute_runs_in_the_notebooks_folder_and_stores_no_widget_state(tmp_path):
    (tmp_path / "data.txt").write_text("42")
    nb = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell("print(open('data.txt').read())"),
            nbformat.v4.new_code_cell("import ipywidgets\nipywidgets.IntSlider(value=3)"),
            nbformat.v4.new_code_cell("import os\nprint(os.environ.get('DTLEARN_SEED', 'unset'))"),
        ]
    )
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    path = tmp_path / "demo.ipynb"
    nbformat.write(nb, path)
    import os

    saved = os.environ.get("DTLEARN_SEED")
    os.environ["DTLEARN_SEED"] = "5"  # a per-student seed must not reach the kernel
    try:
        course.execute_file(path)
    finally:
        if saved is None:
            os.environ.pop("DTLEARN_SEED", None)
        else:
            os.environ["DTLEARN_SEED"] = saved
    out = read(path)
    assert "widgets" not in out.metadata
    assert out.cells[0].outputs[0]["text"] == "42\n"
    assert "application/vnd.jupyter.widget-view+json" in out.cells[1].outputs[0]["data"]
    assert out.cells[2].outputs[0]["text"] == "unset\n"
    assert all("execution" not in c.metadata for c in out.cells)
    assert [c.execution_count for c in out.cells] == [1, 2, 3]


def test_normalise_makes_reruns_identical():
    view = "application/vnd.jupyter.widget-view+json"

    def run(model_id, chunks):
        nb = nbformat.v4.new_notebook(
            cells=[
                nbformat.v4.new_code_cell(
                    "x",
                    outputs=[
                        *[nbformat.v4.new_output("stream", text=c) for c in chunks],
                        nbformat.v4.new_output(
                            "display_data",
                            data={
                                view: {
                                    "model_id": model_id,
                                    "version_major": 2,
                                    "version_minor": 0,
                                },
                                "text/plain": f"Slider(model_id='{model_id}')",
                            },
                        ),
                    ],
                )
            ]
        )
        nb.cells[0].id = "cell-1"  # ids come from the file in real runs
        nb.cells[0].metadata["execution"] = {"iopub.status.busy": "2026-11-23T19:00:00Z"}
        return nbformat.writes(course.normalise(nb))

    first, second = (
        run("c9a27229", ["Gini left", " = 0.34\n"]),
        run("5eef1dd8", ["Gini left = 0.34\n"]),
    )
    assert first == second
    out = nbformat.reads(first, as_version=4).cells[0]
    assert out.outputs[0]["text"] == "Gini left = 0.34\n" and "execution" not in out.metadata
    assert out.outputs[1]["data"][view]["model_id"] == f"{1:032x}"
    assert out.outputs[1]["data"]["text/plain"] == f"Slider(model_id='{1:032x}')"


def test_execute_reports_the_failing_cell(tmp_path):
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell("x = 1"), nbformat.v4.new_code_cell("1 / 0")]
    )
    path = tmp_path / "broken.ipynb"
    nbformat.write(nb, path)
    with pytest.raises(RuntimeError, match="cell 1: ZeroDivisionError"):
        course.execute_file(path)
