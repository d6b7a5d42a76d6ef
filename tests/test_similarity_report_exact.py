"""The similarity report's contents, exactly, on reports small enough to write by hand.

- :func:`normalise`: which literals become placeholders (numbers ``0``, strings ``''``)
  and which stay (``True``, ``None``, ``...``); docstrings, magics and markers removed.
- The lines a match covers, the CSV rows and the HTML page's sentences for a report whose
  pairs are written here (no fingerprinting needed).
- The command (``main``): where it writes, what it prints, ``--top`` and ``--no-library``.
- Where a source file is shown from, and the similarity modules left out of the library.
"""

import csv
from pathlib import Path

import pytest

from dtlearn.exercises.homework import similarity as sim
from dtlearn.exercises.homework import similarity_sources as sources
from dtlearn.exercises.homework.similarity import Document, Normalised, Pair, SimilarityReport
from dtlearn.exercises.homework.similarity_html import NEVER_A_VERDICT, report_html


def test_numbers_and_strings_become_placeholders_constants_stay():
    code = sim.normalise(
        ["a = True\nb = None\nc = ...\nd = 3.5\ne = 'x'\nf = b'y'\ng = 2j\nh = -7\ni = False\n"]
    )
    assert code.fingerprint_text == (
        "a = True\nb = None\nc = ...\nd = 0\ne = ''\nf = ''\ng = 0\nh = -0\ni = False"
    )
    assert (
        code.text
        == "a = True\nb = None\nc = ...\nd = 3.5\ne = 'x'\nf = b'y'\ng = 2j\nh = -7\ni = False"
    )


def test_docstrings_go_and_an_empty_body_becomes_pass():
    code = sim.normalise(
        ['"""module doc"""\nclass C:\n    """doc"""\n    def f(self):\n        """doc"""\n']
    )
    assert code.text == "class C:\n\n    def f(self):\n        pass"
    assert sim.normalise(["def g():\n    'only a doc'\n    return 1\n"]).text == (
        "def g():\n    return 1"
    )


def test_magics_and_solution_markers_are_not_code():
    cell = "%time x = 1\n!ls\ny = 2\n### BEGIN SOLUTION\nz = 3\n### END SOLUTION\n"
    assert sim.normalise([cell]).text == "y = 2\nz = 3"


def test_pieces_are_sorted_and_a_run_of_statements_is_one_piece():
    code = sim.normalise(["b = 1\na = 2\ndef f():\n    return 1\nc = 3\n"])
    assert code.text == "b = 1\na = 2\nc = 3\ndef f():\n    return 1"


def test_an_f_string_s_text_is_a_placeholder_too():
    code = sim.normalise(['x = f"""a\n{y}"""\n'])
    assert (code.text, code.fingerprint_text) == ("x = f'a\\n{y}'", "x = f'{y}'")


def test_the_lines_a_match_covers():
    text = "ab\ncd\nef\n"
    assert sim._lines(text, ([0], [2])) == (0,)
    assert sim._lines(text, ([0], [3])) == (0,)  # the newline ends line 0
    assert sim._lines(text, ([0], [4])) == (0, 1)
    assert sim._lines(text, ([3, 7], [5, 8])) == (1, 2)
    assert sim._lines(text, ([4], [4])) == (1,)  # empty: the line it starts on
    assert sim._lines(text, ([], [])) == ()


def document(name, kind, text):
    return Document(name, kind, Normalised(text, text))


@pytest.fixture
def report():
    ann = document("ann", "submission", "def f(x):\n    return x < 1\nz = 2")
    ben = document("ben", "submission", "def g(y):\n    return y < 1")
    lib = document("dtlearn/measures/impurity.py: entropy", "library", "def entropy(c):\n    pass")
    ref = document("reference solution", "reference", "def f(x):\n    return x")
    pairs = (
        Pair(ann, ben, 0.91234, 0.66666, 0.91234, 40, (0, 1), (0, 1)),
        Pair(ann, ref, 0.5, 0.5, 0.25, 12, (1,), (0,)),
        Pair(ben, lib, 0.33333, 0.33333, 0.1, 7, (), (1,)),
    )
    return SimilarityReport("hw1", pairs, 2, 5, 1.26)


def test_each_pair_is_a_row_ranked_with_lines_counted_from_one(report):
    assert report.rows() == [
        {
            "rank": 1,
            "kind": "student",
            "submission": "ann",
            "other": "ben",
            "score": 0.9123,
            "submission_share": 0.6667,
            "other_share": 0.9123,
            "matched_tokens": 40,
            "submission_lines": "1 2",
            "other_lines": "1 2",
        },
        {
            "rank": 2,
            "kind": "reference",
            "submission": "ann",
            "other": "reference solution",
            "score": 0.5,
            "submission_share": 0.5,
            "other_share": 0.25,
            "matched_tokens": 12,
            "submission_lines": "2",
            "other_lines": "1",
        },
        {
            "rank": 3,
            "kind": "library",
            "submission": "ben",
            "other": "dtlearn/measures/impurity.py: entropy",
            "score": 0.3333,
            "submission_share": 0.3333,
            "other_share": 0.1,
            "matched_tokens": 7,
            "submission_lines": "",
            "other_lines": "2",
        },
    ]


def test_the_csv_holds_the_rows_under_their_header(report, tmp_path):
    report.to_csv(tmp_path / "r.csv")
    lines = (tmp_path / "r.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == (
        "rank,kind,submission,other,score,submission_share,other_share,matched_tokens,"
        "submission_lines,other_lines"
    )
    assert lines[1:] == [
        "1,student,ann,ben,0.9123,0.6667,0.9123,40,1 2,1 2",
        "2,reference,ann,reference solution,0.5,0.5,0.25,12,2,1",
        "3,library,ben,dtlearn/measures/impurity.py: entropy,0.3333,0.3333,0.1,7,,2",
    ]


def test_the_page_says_what_it_compared_and_shows_the_top_pairs(report):
    page = report_html(report, top=2)
    assert page.startswith(
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        "<title>Similarity report — hw1</title><style>"
    )
    assert "<h1>Similarity report — hw1</h1>" in page
    assert f"<p class='note'><b>Never a verdict.</b> {NEVER_A_VERDICT}</p>" in page
    assert (
        "<p>2 submissions compared with each other, the reference solution and 5 library "
        "functions the homework forbids, in 1.3 s. Code is shown normalised (no comments or "
        "docstrings, one layout, the pieces of all cells sorted); highlighted lines hold "
        "matched code (copydetect, winnowing). 3 pairs share code; the top 2 are shown.</p>"
    ) in page
    assert (
        "<tr><td>1</td><td><a href='#pair1'>ann</a></td><td>ben</td><td>student</td>"
        "<td>91%</td><td>67%</td><td>91%</td><td>40</td></tr>"
        "<tr><td>2</td><td><a href='#pair2'>ann</a></td><td>reference solution</td>"
        "<td>reference</td><td>50%</td><td>50%</td><td>25%</td><td>12</td></tr></table>"
    ) in page
    assert (
        "<div class='pair' id='pair2'><h3>2. ann — reference solution (reference): 50% "
        "shared</h3><div class='sides'><div class='side'><b>ann</b> (50% of it matched)<pre>"
        'def f(x):\n<span class="hit">    return x &lt; 1</span>z = 2\n</pre></div>'
        "<div class='side'><b>reference solution</b> (25% of it matched)<pre>"
        '<span class="hit">def f(x):</span>    return x\n</pre></div></div></div>'
    ) in page
    assert "pair3" not in page and page.endswith("</div></div></div></body></html>")
    assert "the top 3 are shown" in report_html(report)
    assert report.to_html(1).count("<div class='pair'") == 1


def test_a_report_without_a_homework_or_pairs():
    empty = SimilarityReport("", (), 0, 0, 0.04)
    page = report_html(empty)
    assert "<title>Similarity report</title>" in page
    assert "in 0.0 s." in page and "0 pairs share code; the top 0 are shown." in page


@pytest.fixture
def command(monkeypatch, tmp_path):
    f = "def f(xs):\n    t = 0\n    for x in xs:\n        t += x * x\n    return t\n"
    asked = {}

    def course_documents(course_dir, homework, stage=None):
        asked.update(course=course_dir, homework=homework, stage=stage)
        if homework == "hw9":
            raise ValueError("course_dir: no submissions of 'hw9'")
        renamed = "def g(vs):\n    s = 0\n    for v in vs:\n        s += v * v\n    return s\n"
        return {"ann": [f], "ben": [renamed], "cat": ["y = 1"]}, []

    def library_documents(files):
        asked["library"] = files
        return []

    monkeypatch.setattr(sim, "course_documents", course_documents)
    monkeypatch.setattr(sim, "library_documents", library_documents)
    monkeypatch.setattr(sim, "forbidden_sources", lambda homework: [f"<{homework} files>"])
    clock = iter([10.0, 12.26])
    monkeypatch.setattr(sim.time, "perf_counter", lambda: next(clock))
    monkeypatch.chdir(tmp_path)
    return tmp_path, asked


def test_the_command_writes_below_the_course_by_default_and_says_where(command, capsys):
    tmp_path, asked = command
    course = tmp_path / "course"
    assert sim.main([str(course), "hw1"]) == 0
    out = course / "reports" / "similarity"
    assert sorted(p.name for p in out.iterdir()) == ["hw1.csv", "hw1.html"]
    assert capsys.readouterr().out == (
        f"3 submissions, 1 pairs sharing code, 2.3 s: {out / 'hw1.html'} and .csv (a ranking "
        f"to read, never a verdict)\n"
    )
    assert asked == {
        "course": str(course),
        "homework": "hw1",
        "stage": None,
        "library": ["<hw1 files>"],
    }
    with open(out / "hw1.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["submission"], r["other"], r["score"]) for r in rows] == [("ann", "ben", "1.0")]
    assert not (tmp_path / "reports").exists()


def test_the_command_s_options(command, capsys):
    tmp_path, asked = command
    assert (
        sim.main(["c", "hw2", "--stage", "submitted", "--no-library", "--out", "o", "--top", "0"])
        == 0
    )
    assert asked["stage"] == "submitted" and "library" not in asked
    page = (tmp_path / "o" / "hw2.html").read_text(encoding="utf-8")
    assert "the top 0 are shown" in page and "<div class='pair'" not in page
    with pytest.raises(SystemExit) as caught:
        sim.main(["c", "hw9", "--no-library"])
    assert str(caught.value) == "course_dir: no submissions of 'hw9'"
    with pytest.raises(SystemExit):
        sim.main(["c", "hw1", "--stage", "graded"])


def test_the_top_shown_is_fifty_by_default(command, monkeypatch):
    tops = []
    monkeypatch.setattr(SimilarityReport, "to_html", lambda self, top=50: tops.append(top) or "")
    sim.main(["c", "hw1", "--no-library"])
    assert tops == [50]


def test_a_source_file_is_shown_from_its_package_on():
    assert sources.shown_path("/v/lib/site-packages/scipy/stats/_entropy.py") == (
        "scipy/stats/_entropy.py"
    )
    assert sources.shown_path("/usr/lib/python3/dist-packages/a/site-packages/b.py") == "b.py"
    assert sources.shown_path("/home/me/dtlearn/dtlearn/measures/impurity.py") == (
        "dtlearn/measures/impurity.py"
    )
    assert sources.shown_path("/home/me/work/x.py") == "x.py"
    assert sources.shown_path("") == ""


def test_the_similarity_modules_are_not_library_functions_to_compare_with():
    here = Path(sources.__file__).parent
    for homework in ("hw1", "hw2", "hw3"):
        files = sources.forbidden_sources(homework)
        for own in ("similarity.py", "similarity_html.py", "similarity_sources.py"):
            assert str(here / own) not in files, (homework, own)
        assert str(here / "autograde.py") in files
        assert files == sorted(files)


def test_the_functions_of_a_file_include_methods_and_guarded_definitions(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(
        "import sys\n"
        "def a():\n    def inner():\n        pass\n"
        "class B:\n    def m(self):\n        pass\n    async def n(self):\n        pass\n"
        "if sys.version_info > (3,):\n    def c():\n        pass\nelse:\n    def d():\n        pass\n"
        "try:\n    def e():\n        pass\nexcept ImportError:\n    pass\n"
    )
    assert [node.name for node in sources.functions_of(str(path))] == [
        "a",
        "m",
        "n",
        "c",
        "d",
        "e",
    ]
    (tmp_path / "bad.py").write_text("def (:\n")
    assert list(sources.functions_of(str(tmp_path / "bad.py"))) == []
    assert list(sources.functions_of(str(tmp_path / "missing.py"))) == []


def test_a_stage_that_is_no_nbgrader_folder_is_refused(tmp_path):
    with pytest.raises(ValueError) as caught:
        sources.course_documents(str(tmp_path), "hw1", stage="graded")
    assert str(caught.value) == "stage must be 'autograded' or 'submitted', got 'graded'"
    with pytest.raises(ValueError) as caught:
        sources.course_documents(str(tmp_path), "hw1", stage="submitted")
    assert str(caught.value) == (
        f"course_dir: no submissions of 'hw1' under {tmp_path / 'submitted'}"
    )


def test_the_command_s_help_names_each_option(capsys, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # Python 3.14's argparse colours when asked to
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    with pytest.raises(SystemExit) as caught:
        sim.main(["--help"])
    assert caught.value.code == 0
    text = " ".join(capsys.readouterr().out.split())  # argparse wraps to the terminal width
    assert text.startswith(
        "usage: python -m dtlearn.exercises.homework.similarity [-h] "
        "[--stage {autograded,submitted}] [--out OUT] [--top TOP] [--no-library] "
        "course_dir homework"
    )
    for sentence in (
        "Rank the pairs of homework submissions (and the reference solution and the "
        "forbidden library functions) by shared code. Never a verdict.",
        "course_dir the nbgrader course directory",
        "homework the assignment, e.g. hw1",
        "--out OUT output folder (default COURSE_DIR/reports/similarity)",
        "--top TOP pairs shown side by side",
        "--no-library do not compare with the library functions the homework forbids",
    ):
        assert sentence in text, sentence


def test_the_module_runs_as_a_command(monkeypatch, tmp_path):
    import runpy
    import sys
    import warnings

    missing = tmp_path / "nowhere"
    monkeypatch.setattr(sys, "argv", ["similarity", str(missing), "hw1"])
    with warnings.catch_warnings():  # runpy: the module is imported already
        warnings.simplefilter("ignore", RuntimeWarning)
        with pytest.raises(SystemExit) as caught:
            runpy.run_module("dtlearn.exercises.homework.similarity", run_name="__main__")
    assert str(caught.value) == (
        f"course_dir: no submissions of 'hw1' under {missing / 'autograded'} or "
        f"{missing / 'submitted'}"
    )


def _library_file(tmp_path, functions):
    path = tmp_path / "lib.py"
    path.write_text("\n\n".join(functions), encoding="utf-8")
    return str(path)


def test_a_library_function_of_sixty_filtered_characters_is_compared_one_less_is_not(tmp_path):
    body = "def {}(xs, ys):\n    out = []\n    for x, y in zip(xs, ys):\n        out.append(x * y + 1)\n"
    # filtered: 'defF(V,V):V=[]forV,Vinzip(V,V):V.V(V*V+0)' (41) + the extra lines + 'returnV' (7)
    short = (
        body.format("short") + "    a = 0\n    b = -1\n    c = -1\n    return out\n"
    )  # + 3 + 4 + 4
    full = (
        body.format("full") + "    a = 0\n    b = 0\n    c = 0\n    d = 0\n    return out\n"
    )  # + 12
    path = _library_file(tmp_path, [short, full])
    kept = sim.library_documents([path])
    assert [d.name for d in kept] == ["lib.py: full"]
    assert len(kept[0].fingerprint.filtered_code) == sim.MIN_LIBRARY == 60
    assert kept[0].fingerprint.filtered_code == (
        "defF(V,V):V=[]forV,Vinzip(V,V):V.V(V*V+0)V=0V=0V=0V=0returnV"
    )


LIBRARY = [
    "def alpha(xs, ys):\n    out = []\n    for x, y in zip(xs, ys):\n        if x > y:\n"
    "            out.append(x * y + 1)\n        else:\n            out.append(x - y)\n"
    "    return out\n",
    "def beta(table):\n    rows = {}\n    for key, value in table.items():\n"
    "        rows.setdefault(key, []).append(value)\n        rows[key].sort(reverse=True)\n"
    "    return rows\n",
    "def gamma(n):\n    if n < 2:\n        return n\n    a, b = 0, 1\n    while n > 0:\n"
    "        a, b = b, a + b\n        n -= 1\n    return a\n",
    "def delta(text):\n    words = text.split()\n"
    "    counts = {w: words.count(w) for w in set(words)}\n"
    "    return sorted(counts.items(), key=lambda kv: -kv[1])\n",
]


def test_each_submission_is_paired_with_its_three_closest_library_functions(tmp_path):
    library = sim.library_documents([_library_file(tmp_path, LIBRARY)])
    assert [d.name for d in library] == [
        "lib.py: alpha",
        "lib.py: beta",
        "lib.py: delta",
        "lib.py: gamma",
    ]
    pasted = {"ann": ["\n\n".join(LIBRARY)], "ben": ["x = 1"]}
    alone = {}
    for document in library:  # each function compared on its own
        (pair,) = sim.compare(pasted, library=[document]).pairs
        alone[document.name] = (pair.score, pair.tokens)
    # the closest three by score (then name), ranked as every pair is: score, then the
    # matched tokens, then the names
    closest = sorted(alone, key=lambda name: (-alone[name][0], name))[: sim.LIBRARY_PAIRS]
    closest.sort(key=lambda name: (-alone[name][0], -alone[name][1], name))
    report = sim.compare(pasted, library=library, homework="hw1")
    assert sim.LIBRARY_PAIRS == 3 and (report.students, report.library) == (2, 4)
    assert [(p.left.name, p.right.name, p.kind) for p in report.pairs] == [
        ("ann", name, "library") for name in closest
    ]
    assert [(p.score, p.tokens) for p in report.pairs] == [alone[name] for name in closest]
