"""The course as a whole: numbered notebooks with learning goals, a start page that links
them all, homework in valid nbgrader format, and student versions that run to the end with
every check saying "not yet"."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "instructor"
HOMEWORK = NOTEBOOKS / "homework"
ASSIGNMENTS = sorted(p.name for p in (HOMEWORK / "source").iterdir() if p.is_dir())
NUMBERED = sorted(NOTEBOOKS.glob("[0-9][0-9]*_*.ipynb"))


def read(path):
    return nbformat.read(path, as_version=4)


def markdown(nb):
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


# ---------------------------------------------------------------- course notebooks
START = NOTEBOOKS / "00_start_here.ipynb"
LECTURES = [p for p in NUMBERED if p.name != START.name]


def headings(nb):
    """Section headings of a notebook (any level), without the leading #s."""
    return {
        line.lstrip("#").strip()
        for cell in nb.cells
        if cell.cell_type == "markdown"
        for line in cell.source.splitlines()
        if line.startswith("#")
    }


def test_at_least_thirteen_numbered_course_notebooks():
    numbers = {int(p.name[:2]) for p in NUMBERED}
    assert set(range(1, 14)) <= numbers, f"missing: {sorted(set(range(1, 14)) - numbers)}"
    assert START.exists()


def test_start_page_links_every_notebook_and_the_homework_in_both_versions():
    """The instructor start page links the nbgrader sources, which exist beside it; its student
    version (tools/course.py) links the released homework, never the sources or instructor/."""
    sys.path.insert(0, str(ROOT / "tools"))
    import course

    nb = read(START)
    text = markdown(nb)
    for path in LECTURES:
        assert f"]({path.name})" in text, f"start page does not link {path.name}"
    for name in ASSIGNMENTS:
        link = f"homework/source/{name}/{name}.ipynb"
        assert f"]({link})" in text and (NOTEBOOKS / link).exists(), f"start page: {link}"
    student = markdown(course.student_notebook(nb))
    for name in ASSIGNMENTS:
        assert f"](homework/{name}/{name}.ipynb)" in student, (
            f"student start page does not link {name}"
        )
    assert "homework/source" not in student and "instructor/" not in student


def test_start_page_outline_lists_the_notebooks_in_order():
    text = markdown(read(START))
    outline = text[text.index("## The course") : text.index("## Homework")]
    linked = re.findall(r"^\d+\. \[(\d\d\w*_[\w]+\.ipynb)\]", outline, re.M)
    assert linked == [p.name for p in LECTURES]


# ---------------------------------------------------------------- one authoring style
@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.name)
def test_notebook_opens_with_title_and_what_you_can_do_after_it(path):
    nb = read(path)
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# ")
    assert any(
        c.cell_type == "markdown" and "After this notebook you can" in c.source
        for c in nb.cells[:3]
    ), f"{path.name}: no 'After this notebook you can ...'"


@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.name)
def test_no_visible_nbval_markers(path):
    """nbval options live in cell tags, not in comments students read."""
    for cell in read(path).cells:
        assert "NBVAL_" not in cell.source, f"{path.name}: visible nbval marker"


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.name)
def test_exercises_come_last(path):
    sections = [
        line
        for cell in read(path).cells
        if cell.cell_type == "markdown"
        for line in cell.source.splitlines()
        if line.startswith("## ")
    ]
    assert "## Exercises" in sections, f"{path.name}: no '## Exercises' section"
    assert sections[-1] == "## Exercises", f"{path.name}: {sections[-1]!r} after the exercises"


CHECK_CALL = re.compile(r"dt\.exercises\.(?:check|data)\(\s*[\"']([^\"']+)[\"']")


@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.name)
def test_exercises_follow_the_convention(path):
    """Solutions sit between nbgrader markers and display nothing after them; answers are
    checked by a registered check of this notebook; no bare asserts, no expected values
    computed in view (the legacy ``check_value``)."""
    from dtlearn.exercises import registered

    known = registered()
    number = path.name.split("_")[0]
    checks = 0
    for cell in read(path).cells:
        if cell.cell_type != "code":
            continue
        source = cell.source
        assert not re.search(r"^\s*assert\b", source, re.M), f"{path.name}: bare assert"
        assert "check_value(" not in source, f"{path.name}: check_value shows its expected value"
        if "### BEGIN SOLUTION" in source:
            assert "### END SOLUTION" in source
            after = source.split("### END SOLUTION", 1)[1].strip()
            assert not after, f"{path.name}: a solution cell displays {after!r}"
        for exercise_id in CHECK_CALL.findall(source):
            assert exercise_id in known, f"{path.name}: exercise {exercise_id} is not registered"
            assert exercise_id.rsplit(".", 1)[0] == number, (
                f"{path.name}: exercise {exercise_id} belongs to another notebook"
            )
            checks += "check(" in source
    assert checks >= 1, f"{path.name}: no exercise is checked"


# ---------------------------------------------------------------- one lecture, one class meeting
MAX_PROSE_WORDS, MAX_CELLS = 1_800, 60


def prose_words(nb):
    """Words a student reads in the markdown cells: fenced code, display formulas
    ($$...$$) and table rows are not prose and are not counted."""
    words = 0
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        text = re.sub(r"```.*?```", " ", cell.source, flags=re.S)
        text = re.sub(r"\$\$.*?\$\$", " ", text, flags=re.S)
        words += sum(
            len(line.split()) for line in text.splitlines() if not line.lstrip().startswith("|")
        )
    return words


def test_prose_words_skip_code_formulas_and_tables():
    nb = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_markdown_cell("One two three.\n\n$$a + b$$\n\n| x | y |\n|---|---|"),
            nbformat.v4.new_markdown_cell("```python\nprint(1)\n```\nfour $x$ five"),
            nbformat.v4.new_code_cell("not counted at all"),
        ]
    )
    assert prose_words(nb) == 6


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.name)
def test_lecture_fits_one_class_meeting(path):
    """docs/ARCHITECTURE.md, "Adding a lecture": at most 1,800 words of prose and 60 cells;
    a longer lecture is split (NN and NNb) or trimmed."""
    nb = read(path)
    assert prose_words(nb) <= MAX_PROSE_WORDS, f"{path.name}: {prose_words(nb)} words of prose"
    assert len(nb.cells) <= MAX_CELLS, f"{path.name}: {len(nb.cells)} cells"


@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.name)
def test_notebook_links_name_existing_notebooks(path):
    """After a split or a rename, every `[...](NN_topic.ipynb)` link still resolves."""
    for link in re.findall(r"\]\(([\w./-]+\.ipynb)\)", markdown(read(path))):
        assert (path.parent / link).exists(), f"{path.name} links {link}"


# ---------------------------------------------------------------- the coverage table
def coverage_rows():
    """Rows of the start page's coverage table: dicts keyed by the header's column names."""
    text = markdown(read(START))
    section = text[text.index("## What the course covers, and where") :]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    assert header == ["concept", "sources", "notebook", "section", "picture", "exercises"]
    rows = []
    for line in lines[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == len(header), f"malformed coverage row: {line}"
        rows.append(dict(zip(header, cells)))
    return rows


def test_coverage_table_names_an_existing_notebook_and_section_in_every_row():
    rows = coverage_rows()
    assert len(rows) >= 30
    for row in rows:
        links = re.findall(r"\]\(([^)]+\.ipynb)\)", row["notebook"])
        assert len(links) == 1, f"{row['concept']}: names no notebook"
        path = NOTEBOOKS / links[0]
        assert path.exists(), f"{row['concept']}: {links[0]} does not exist"
        assert row["section"] in headings(read(path)), (
            f"{row['concept']}: {links[0]} has no section {row['section']!r}"
        )
        assert row["sources"], f"{row['concept']}: no source named"


def test_coverage_table_exercises_exist_in_the_named_notebook():
    from dtlearn.exercises import registered

    known = registered()
    for row in coverage_rows():
        if row["exercises"] in ("—", ""):
            continue
        number = re.search(r"\((\d\d\w*?)_", row["notebook"]).group(1)
        for exercise in (e.strip() for e in row["exercises"].split(",")):
            assert exercise in known, f"{row['concept']}: exercise {exercise} is not registered"
            assert exercise.rsplit(".", 1)[0] == number, (
                f"{row['concept']}: exercise {exercise} is not in notebook {number}"
            )


@pytest.mark.parametrize(
    "concept",
    [
        "NP-completeness",
        "Occam",
        "2^(2^m)",
        "split search",
        "Ordinal",
        "one-hot",
        "Bar",
        "Figure 4",
        "Missing-value strategies",
        "Confusion matrix",
        "Gini identity",
        "SSE",
        "Telco",
        "XOR",
        "pessimistic pruning",
        "KL",
        "Breiman",
        "Gradient boosting",
        "Cost matrices",
        "Overfitting",
        "Reduced-error",
        "Rule post-pruning",
        "Cost-complexity",
        "MAE",
        "gain ratio",
        "0-R",
        # the last source ideas and where a source differs from the literature
        "Self-information",
        "symmetric",
        "Parametric vs non-parametric",
        "well-populated",
        "Gini isolates the largest class",
        "Regression stopping rule",
        "is AdaBoost",
        "class weights",
        "Bias and variance",
        "Opening scikit-learn trees",
    ],
)
def test_coverage_table_lists_the_source_concepts(concept):
    """The concepts the five sources teach, the ideas they leave out that the course adds, and
    where a source differs from the literature: each has a row."""
    assert any(concept.lower() in row["concept"].lower() for row in coverage_rows()), concept


# ---------------------------------------------------------------- homework format
def test_at_least_three_assignments():
    assert len(ASSIGNMENTS) >= 3
    assert (HOMEWORK / "nbgrader_config.py").exists()


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_homework_nbgrader_metadata(name):
    nb = read(HOMEWORK / "source" / name / f"{name}.ipynb")
    ids = []
    graded = 0
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader")
        if meta is None:
            continue
        assert meta["schema_version"] == 3
        assert meta["grade_id"] and meta["grade_id"] not in ids, f"duplicate {meta['grade_id']}"
        ids.append(meta["grade_id"])
        if meta.get("solution"):
            assert "### BEGIN SOLUTION" in cell.source and "### END SOLUTION" in cell.source
            assert not meta.get("locked")
        if meta.get("grade"):
            assert meta.get("points", 0) > 0
        if meta.get("grade") and not meta.get("solution"):
            graded += 1
            assert cell.cell_type == "code" and meta["locked"] is True
            assert ".assert_ok()" in cell.source, "grade cells call a dtlearn.exercises check"
        if cell.cell_type == "code" and not meta.get("solution"):
            assert "BEGIN SOLUTION" not in cell.source
    assert graded >= 1


def test_release_folder_is_ignored_by_git_and_pytest():
    assert "instructor/homework/release/" in (ROOT / ".gitignore").read_text()
    conftest = (HOMEWORK / "conftest.py").read_text()
    assert '"release/*"' in conftest


# ---------------------------------------------------------------- student versions
@pytest.fixture(scope="module")
def student_versions(tmp_path_factory):
    """Generate the student versions with nbgrader's own tooling, in a temporary course."""
    course = tmp_path_factory.mktemp("course")
    shutil.copy(HOMEWORK / "nbgrader_config.py", course)
    shutil.copytree(HOMEWORK / "source", course / "source")
    home = tmp_path_factory.mktemp("home")
    env = dict(
        os.environ,
        HOME=str(home),
        JUPYTER_PLATFORM_DIRS="1",
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    )
    nbgrader = [sys.executable, "-m", "nbgrader"]
    for name in ASSIGNMENTS:
        done = subprocess.run(
            nbgrader + ["generate_assignment", name, "--force"],
            cwd=course,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stdout + done.stderr
    return course / "release", env


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_student_version_has_stubs_not_solutions(student_versions, name):
    release, _ = student_versions
    text = (release / name / f"{name}.ipynb").read_text()
    assert "BEGIN SOLUTION" not in text and "raise NotImplementedError()" in text
    assert "YOUR ANSWER HERE" in text


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_student_version_runs_to_the_end_and_every_check_says_not_yet(
    student_versions, name, monkeypatch
):
    """Executed with allow_errors=True: a grade cell of an unfinished function raises
    CheckFailed("... not yet ...") (an AssertionError), as nbgrader needs to withhold the points; every other
    cell must run without error."""
    from nbclient import NotebookClient

    release, env = student_versions
    for key in ("HOME", "JUPYTER_PLATFORM_DIRS"):
        monkeypatch.setenv(key, env[key])
    path = release / name / f"{name}.ipynb"
    nb = read(path)
    NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    checks = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        meta = cell.metadata.get("nbgrader", {})
        errors = [o for o in cell.get("outputs", []) if o.output_type == "error"]
        code = [
            line
            for line in cell.source.splitlines()
            if line.strip() and not line.lstrip().startswith("#")
        ]
        if meta.get("grade") and not meta.get("solution") and not code:
            assert not errors  # only hidden tests, removed from the student version
        elif meta.get("grade") and not meta.get("solution"):
            checks += 1
            assert len(errors) == 1, f"{meta['grade_id']}: expected the check to fail"
            # the check's words alone: no red traceback with dtlearn's source lines
            assert errors[0].ename == "CheckFailed", errors[0].ename
            assert "not yet" in errors[0].evalue, errors[0].evalue
            assert errors[0].traceback == [f"CheckFailed: {errors[0].evalue}"], errors[0].traceback
        else:
            assert not errors, (
                f"{meta.get('grade_id', 'cell')}: {errors[0].ename}: {errors[0].evalue}"
            )
    assert checks >= 1
