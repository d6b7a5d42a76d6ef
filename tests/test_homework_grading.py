"""The grade outside the kernel: the locked child, the secret, sealed cases, the new hints.

The full nbgrader round trip (every attack through ``nbgrader autograde``) is
tests/test_nbgrader_roundtrip.py; these are the same mechanisms one at a time, fast.
"""

import math
import re
from pathlib import Path

import pandas as pd
import pytest
from attack_cells import attack_cells

import dtlearn as dt
from dtlearn import exercises as ex
from dtlearn.exercises.homework.autograde import forbidden_files, grade_submission, seed_of
from dtlearn.exercises.homework.hw1_measures import _entropy_cases
from dtlearn.exercises.homework.hw3_prune import PruningSimulator, prune_cases
from dtlearn.exercises.homework.jail_client import Jail, RemoteFunction

ENTROPY = (
    "def entropy(counts):\n    total = sum(counts)\n"
    "    return -sum(c / total * math.log2(c / total) for c in counts if c > 0)\n"
)
GAIN = (
    "def information_gain(feature, labels):\n    values = feature.to_numpy()\n"
    "    mean = sum((values == v).mean() * entropy(labels[values == v].value_counts()"
    ".tolist())\n               for v in pd.unique(values))\n"
    "    return entropy(labels.value_counts().tolist()) - mean\n"
)


def entropy_ok(counts):
    total = sum(counts)
    return -sum(c / total * math.log2(c / total) for c in counts if c > 0)


# ------------------------------------------------------------------ the student's machine
def test_without_the_secret_the_hidden_part_generates_and_shows_nothing(monkeypatch):
    monkeypatch.delenv("DTLEARN_GRADING_SECRET", raising=False)
    seen = []

    def entropy(counts):
        seen.append(list(counts))
        return entropy_ok(counts)

    result = ex.check_entropy(entropy, part="hidden")
    assert result.status == "graded later" and not result.passed
    assert "secret" in str(result) and not re.search(r"\d", str(result))
    assert len(seen) <= 2  # called once or twice, to tell a stub, and never shown
    result.assert_ok()  # a student's Run All goes on

    def stub(counts):
        raise NotImplementedError()

    assert ex.check_entropy(stub, part="hidden").status == "not yet"
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(AssertionError):  # a kernel nbgrader autogrades in gets no points
        result.assert_ok()


def test_hidden_cases_depend_on_the_secret_and_the_seed(monkeypatch):
    def calls(secret, seed):
        monkeypatch.setenv("DTLEARN_GRADING_SECRET", secret)
        return [c.call for c in ex.check_entropy(entropy_ok, part="hidden", seed=seed).cases]

    assert calls("a", 1) == calls("a", 1)
    assert calls("a", 1) != calls("b", 1) and calls("a", 1) != calls("a", 2)


# ------------------------------------------------------------------ the grading child
def run(cells, name, *args, homework="hw1"):
    with Jail(cells, forbidden_files(homework)) as jail:
        fn = RemoteFunction(jail, name)
        return fn.remote_call(*args), jail


@pytest.mark.parametrize(
    "body, refused",
    [
        ("import sys\n    sys.setprofile(None)\n    return 0.0", "sys.setprofile"),
        ("import sys\n    return sys._getframe(1).f_locals", "sys._getframe"),
        (
            "import ctypes\n    ctypes.pythonapi.PyEval_SetProfile(None, None)\n    return 0.0",
            "ctypes",
        ),
        ("import subprocess\n    return subprocess.run(['true']).returncode", "subprocess"),
        ("import threading\n    threading.Thread(target=print).start()\n    return 0.0", "thread"),
        ("open('/tmp/dtlearn-copy.py', 'w')\n    return 0.0", "writing files"),
        ("return len(open(dt.measures.impurity.__file__).read())", "the source of what you"),
        ("return dt.entropy.__code__.replace(co_filename='x')", "code.__new__"),
    ],
)
def test_the_lock_refuses_each_way_round(body, refused):
    outcome, _ = run([f"def f(counts):\n    {body}\n"], "f", [9, 5])
    assert outcome.kind == "error" and refused in outcome.message, outcome


@pytest.mark.parametrize(
    "body",
    [
        "return dt.entropy(counts=counts)",
        "import dtlearn.weka_arithmetic as w\n    return w.entropy(counts)",
        "from dtlearn.exercises.homework.check_formulas import entropy_bits\n"
        "    return entropy_bits(counts)",
        "class F(float):\n        def __float__(self):\n            return dt.entropy(counts=[1, 1])"
        "\n    return F(0.5)",
    ],
)
def test_a_forbidden_function_ends_the_child_with_its_name(body):
    outcome, jail = run([f"def f(counts):\n    {body}\n"], "f", [9, 5])
    assert outcome.kind == "forbidden", outcome
    assert jail.process is None  # the child has ended


def test_values_come_back_as_plain_data_read_under_the_lock():
    cells = [
        "def f(x):\n    class D(dict):\n        def __iter__(self):\n"
        "            return iter(['forged'])\n    return D(a=np.float64(1.5))\n"
    ]
    outcome, _ = run(cells, "f", 1)
    assert outcome.value == {"a": 1.5} and type(outcome.value["a"]) is float


def test_a_tree_is_checked_by_exact_type_and_changes_to_the_input_are_seen():
    label, tree, X_val, y_val = prune_cases("course", 0)[0]
    cells = ["def f(tree, X, y):\n    tree.root.children = ()\n    return tree\n"]
    with Jail(cells, forbidden_files("hw3")) as jail:
        fn = RemoteFunction(jail, "f")
        outcome = fn.remote_call(tree, X_val, y_val)
    assert fn.changed_inputs == (0,)
    assert outcome.kind == "error" and "not valid" in outcome.message  # a broken Tree
    cells = ["def f(tree, X, y):\n    return tree.copy()\n"]
    with Jail(cells, forbidden_files("hw3")) as jail:
        fn = RemoteFunction(jail, "f")
        outcome = fn.remote_call(tree, X_val, y_val)
    assert type(outcome.value) is dt.Tree and fn.changed_inputs == ()
    assert outcome.value.to_json() == tree.to_json()


def test_the_seed_is_the_student_id_and_the_notebook_cannot_change_it():
    cells = ["import os\nos.environ['DTLEARN_SEED'] = '0'\n" + ENTROPY, GAIN]
    assert seed_of("ada") != 0
    verdicts = grade_submission("hw1", cells, student="ada", secret="s")
    assert all(v.passed for v in verdicts)


def test_without_a_secret_the_grader_fails_the_hidden_cells_and_says_why():
    verdicts = {
        v.grade_id: v for v in grade_submission("hw1", [ENTROPY, GAIN], student="ada", secret=None)
    }
    assert verdicts["hw1_check_entropy_bits"].passed
    assert not verdicts["hw1_check_entropy_hidden"].passed
    assert "no grading secret" in verdicts["hw1_check_entropy_hidden"].text


def test_a_lookup_table_of_the_visible_cases_earns_no_grade_cell():
    seed = seed_of("eve")
    table = {
        repr(c): entropy_ok(c) for part in ("bits", "edge") for c in _entropy_cases(part, seed)
    }
    cells = [
        f"TABLE = {table!r}\ndef entropy(counts):\n    return TABLE[repr(list(counts))]\n",
        GAIN,
    ]
    verdicts = {
        v.grade_id: v
        for v in grade_submission(
            "hw1",
            cells,
            student="eve",
            secret="s",
            grade_ids=["hw1_check_entropy_bits", "hw1_check_entropy_edge"],
        )
    }
    for verdict in verdicts.values():
        # every visible case is in the table: only the sealed cases fail, unseen
        assert not verdict.passed and "✗" not in verdict.text
        assert (
            "of the further cases drawn when graded are wrong (they stay hidden)" in verdict.text
            and not re.search(r"\[\d", verdict.text)
        )


# ------------------------------------------------------------------ partial credit, hints
@pytest.fixture
def grading_machine(monkeypatch):
    monkeypatch.setenv("DTLEARN_GRADING_SECRET", "tests")


def test_constant_functions_score_nothing_in_any_part(grading_machine):
    def zero(*args):
        return 0

    for part in ("bits", "edge", "hidden"):
        assert not ex.check_entropy(zero, part=part).passed
    for part in ("course", "edge", "hidden"):
        assert not ex.check_information_gain(zero, entropy=zero, part=part).passed


def test_a_gain_with_misaligned_weights_is_told_to_weight_each_child(grading_machine):
    def gain(feature, labels):
        weights = feature.value_counts(normalize=True).to_numpy()  # sorted by count
        values = pd.unique(feature.to_numpy())  # by first appearance
        mean = sum(
            w * entropy_ok(labels[feature.to_numpy() == v].value_counts().tolist())
            for w, v in zip(weights, values)
        )
        return entropy_ok(labels.value_counts().tolist()) - mean

    text = str(ex.check_information_gain(gain, part="course"))
    assert "weight each child by |S_v|/|S|" in text and "small constant" not in text


def test_a_leaf_of_the_first_rows_label_is_named_as_such():
    from dtlearn.exercises.homework.hw2_id3 import _compare_id3

    X = pd.DataFrame({"A": ["x"] * 5})  # one value: gain 0, ID3 stops at the root
    y = pd.Series(["-", "+", "+", "-", "+"], name="class")
    problems = _compare_id3(y.iloc[0], X, y)
    assert problems and "the label of the node's first row (y.iloc[0])" in problems[0]
    assert _compare_id3("+", X, y) == []


def test_pruning_judged_against_the_unpruned_subtree_is_not_called_top_down_alone():
    from dtlearn.exercises.homework.hw3_prune import _variant_hint

    label, tree, X_val, y_val = prune_cases("course", 0)[1]
    assert label == "car"
    sim = PruningSimulator(tree, X_val, y_val)
    mine = sim.against_unpruned()
    assert mine != sim.bottom_up()
    # judging each node against its unpruned subtree gives the tree top-down pruning gives:
    # the hint names both instead of calling it top-down
    hint = _variant_hint(sim, mine, sim.bottom_up())
    assert hint.startswith(
        "two mistakes give this tree: each node was compared with its unpruned subtree"
    ), hint
    assert "top-down" in hint


def test_magics_and_display_in_solution_cells_do_not_cost_points():
    cells = [
        "%matplotlib inline\nimport math\n"
        + ENTROPY.replace(
            "    total = sum(counts)\n", "    total = sum(counts)\n    display(total)\n"
        ),
        GAIN,
    ]
    verdicts = grade_submission(
        "hw1",
        cells,
        student="ada",
        secret="s",
        grade_ids=["hw1_check_entropy_bits", "hw1_check_gain_course"],
    )
    assert all(v.passed for v in verdicts), [v.text for v in verdicts]


def test_the_notebook_guard_notices_being_switched_off(grading_machine):
    import sys

    def entropy(counts):
        sys.setprofile(None)
        return dt.entropy(counts=counts)

    result = ex.check_entropy(entropy, part="bits")
    assert result.score == 0.0 and "switched the check's guard off" in str(result)


def test_common_library_idioms_still_work_in_the_grading_child():
    cells = [
        "from collections import Counter, namedtuple\nfrom dataclasses import dataclass\n"
        "import enum\nimport statistics\nP = namedtuple('P', 'a b', defaults=(1,))\n"
        "@dataclass\nclass D:\n    x: int = 1\nclass E(enum.Enum):\n    A = 1\n"
        "def f(counts):\n    return float(P(1).b + D().x + E.A.value\n"
        "                 + statistics.mean([1, 2]) + Counter('aab')['a'])\n"
    ]
    outcome, jail = run(cells, "f", [9, 5])
    assert outcome.value == 6.5 and jail.problems == []


def test_the_lock_cannot_be_rewired_through_the_profile_function():
    cells = [
        "import sys\ndef f(counts):\n    p = sys.getprofile()\n"
        "    p.__defaults__ = (frozenset(), 1, print, print)\n"
        "    return dt.entropy(counts=counts)\n"
    ]
    outcome, _ = run(cells, "f", [9, 5])
    assert outcome.kind == "error" and "grading lock" in outcome.message


@pytest.mark.parametrize(
    "body, refused",
    [
        (
            "try:\n        1 / 0\n    except ZeroDivisionError as e:\n"
            "        return e.__traceback__.tb_frame.f_back.f_code.co_name",
            ".tb_frame",
        ),
        ("import os\n    return os.listdir('/tmp')", "listing a folder"),
        ("import os\n    return [e.name for e in os.scandir('/')]", "listing a folder"),
        (
            "class S(str):\n        def split(self, *a):\n            return ['numpy']\n"
            "    return str(__import__(S('no_such_module_x')))",
            "not a str",
        ),
    ],
)
def test_the_lock_refuses_frames_folders_and_str_subclasses(body, refused):
    outcome, _ = run([f"def f(counts):\n    {body}\n"], "f", [9, 5])
    assert outcome.kind == "error" and refused in outcome.message, outcome


def test_listing_python_s_own_folders_still_works():
    outcome, _ = run(
        [
            "import os\ndef f(counts):\n"
            "    return float(len(os.listdir(os.path.dirname(os.__file__))) > 10)\n"
        ],
        "f",
        [9, 5],
    )
    assert outcome.value == 1.0, outcome


def test_a_new_audit_hook_is_not_added():
    cells = [
        "import sys\nseen = []\nsys.addaudithook(lambda e, a: seen.append(e))\n"
        "def f(counts):\n    sys.audit('mine')\n    return float(len(seen))\n"
    ]
    outcome, _ = run(cells, "f", [9, 5])
    assert outcome.value == 0.0, outcome


def test_no_signal_handler_or_timer_when_sealed():
    import platform
    import sys

    cells = [
        "import signal\ndef f(counts):\n"
        "    signal.signal(signal.SIGALRM, lambda *a: None)\n    return 0.0\n",
        "def g(counts):\n    signal.setitimer(signal.ITIMER_REAL, 1.0)\n    return 0.0\n",
    ]
    with Jail(cells, forbidden_files("hw1")) as jail:
        handler = RemoteFunction(jail, "f").remote_call([9, 5])
        timer = RemoteFunction(jail, "g").remote_call([9, 5])
        sealed = jail.sealed
    if sys.platform.startswith("linux") and platform.machine() in ("x86_64", "aarch64"):
        assert sealed
    if sealed:
        for outcome in (handler, timer):
            assert outcome.kind == "error" and "Operation not permitted" in outcome.message, outcome


def test_the_reference_code_in_the_child_is_a_stub_that_ends_it():
    from dtlearn.exercises.homework.jail_child import frame

    cells = [
        "def f(counts):\n    return [c.decode() for c in dt.entropy.__code__.co_consts\n"
        "            if isinstance(c, bytes)]\n"
    ]
    outcome, _ = run(cells, "f", [9, 5])
    impurity = dt.entropy.__code__.co_filename
    # the stub's one constant: the child's last word, a frame the grader reads at any time
    assert outcome.value == [frame(0, f"FORBIDDEN\t{impurity}\tentropy").decode()], outcome


@pytest.mark.parametrize(
    "head, call",
    [
        ("import scipy.stats", "scipy.stats.entropy(counts, base=2)"),
        (
            "from sklearn.tree import DecisionTreeClassifier",
            "DecisionTreeClassifier(criterion='entropy')",
        ),
    ],
)
def test_imports_before_the_lock_keep_other_libraries_forbidden(head, call):
    pytest.importorskip(head.split()[1].split(".")[0])
    outcome, jail = run([f"{head}\ndef f(counts):\n    return {call}\n"], "f", [9, 5])
    assert outcome.kind == "forbidden" and jail.problems == [], (outcome, jail.problems)


def test_a_failing_statement_costs_only_itself():
    cells = ["import no_such_module_here\n" + ENTROPY]
    outcome, jail = run(cells, "entropy", [9, 5])
    assert outcome.value == pytest.approx(entropy_ok([9, 5]))
    assert len(jail.problems) == 1 and "ModuleNotFoundError" in jail.problems[0]


MORE_ATTACKS = sorted((Path(__file__).parent / "homework_attacks" / "more").glob("hw*_*.py"))


@pytest.mark.parametrize("path", MORE_ATTACKS, ids=[p.stem for p in MORE_ATTACKS])
def test_more_attacks_score_nothing(path):
    """The hw2/hw3 versions of attack classes the nbgrader round trip runs on hw1."""
    import nbformat

    homework = path.stem.split("_")[0]
    cells = attack_cells(path)
    source = Path(__file__).parents[1] / "instructor" / "homework" / "source" / homework
    nb = nbformat.read(source / f"{homework}.ipynb", as_version=4)
    sources = []
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("solution") and cell.cell_type == "code":
            reference = "\n".join(
                line
                for line in cell.source.splitlines()
                if not re.match(r"\s*### (BEGIN|END) SOLUTION", line)
            )
            sources.append(cells.get(meta["grade_id"], reference))
    verdicts = grade_submission(homework, sources, student="mallory", secret="s")
    assert not any(v.passed for v in verdicts), [(v.grade_id, v.text[:200]) for v in verdicts]


def test_the_cells_own_future_imports_hold_and_the_jails_do_not():
    cells = [
        "def f(counts) -> 'x':\n    return str(f.__annotations__['return'])\n",
        "from __future__ import annotations\n"
        "def g(counts) -> undefined_name:\n    return str(g.__annotations__['return'])\n",
    ]
    with Jail(cells, forbidden_files("hw1")) as jail:
        assert RemoteFunction(jail, "f").remote_call([1]).value == "x"
        assert RemoteFunction(jail, "g").remote_call([1]).value == "undefined_name"
        assert jail.problems == []


def test_the_jails_own_functions_cannot_be_rewired():
    cells = [
        "import __main__\ndef f(counts):\n"
        "    __main__._call.__code__ = (lambda *a: None).__code__\n    return 0.0\n"
    ]
    outcome, _ = run(cells, "f", [9, 5])
    assert outcome.kind == "error" and "grading lock" in outcome.message, outcome


def test_an_error_still_names_its_line():
    cells = ["def f(counts):\n    x = 1\n    return counts[99]\n"]
    outcome, _ = run(cells, "f", [9, 5])
    assert (
        outcome.message == "raised IndexError: list index out of range "
        "(in f, at `return counts[99]`)"
    ), outcome


def test_a_forged_audit_event_runs_nothing_of_the_students_inside_the_hook():
    cells = [
        "import sys\nran = []\nclass S(str):\n"
        "    def __hash__(self):\n        ran.append(1)\n        return 0\n"
        "    def __eq__(self, other):\n        ran.append(1)\n        return False\n"
        "def f(counts):\n    for event in ('object.__getattr__', 'open', 'import',\n"
        "                  'os.listdir'):\n"
        "        try:\n            sys.audit(event, S('x'), S('tb_frame'), 0)\n"
        "        except Exception:\n            pass\n    return float(len(ran))\n"
    ]
    outcome, _ = run(cells, "f", [9, 5])
    assert outcome.value == 0.0, outcome


def test_a_tree_only_one_mistake_gives_gets_that_hint_alone():
    from dtlearn.exercises.homework.hw3_prune import _variant_hint

    # on tic-tac-toe only the strict rule (< instead of <=) gives this tree: its hint is
    # the whole message, not one of "two mistakes"
    label, tree, X_val, y_val = prune_cases("course", 0)[0]
    assert label == "tic-tac-toe"
    sim = PruningSimulator(tree, X_val, y_val)
    hint = _variant_hint(sim, sim.bottom_up(strict=True), sim.bottom_up())
    assert hint == (
        "nodes where the leaf makes exactly as many validation errors as the subtree were "
        "kept: the rule is 'does not increase' (<=), so a tie prunes and the smaller tree wins"
    )


def test_a_package_file_is_named_by_its_package():
    import os
    import sysconfig

    from dtlearn.exercises.homework.autograde import _module_of

    # how the grader names a forbidden function's home: import names, as a student writes them
    purelib = sysconfig.get_paths()["purelib"]
    assert _module_of(os.path.join(purelib, "scipy", "stats", "__init__.py")) == "scipy.stats"
    assert _module_of(os.path.join(purelib, "sklearn", "tree", "_classes.py")) == (
        "sklearn.tree._classes"
    )
    assert _module_of(os.path.join(purelib, "not-a-name", "x.py")) is None
