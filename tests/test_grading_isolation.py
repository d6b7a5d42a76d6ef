"""One submission cannot stop, stall or take over the grading (issue 34), graded fast.

Each test is one hostile or unlucky submission graded by ``grade_submission`` (the same
children and channel ``nbgrader autograde`` uses, without nbgrader): a function that never
returns, one that floods or forges the grader's channel, a 300 MB string, a 3 GiB
allocation, and the OS sandbox's attacks. The class of 30 students through a real nbgrader
round trip is tests/test_grading_class.py.
"""

import pytest

from dtlearn.exercises.homework.autograde import forbidden_files, grade_submission
from dtlearn.exercises.homework.jail_client import Budget, Jail, RemoteFunction
from dtlearn.exercises.homework.trial_grading import near_miss

ENTROPY = (
    "import math\ndef entropy(counts):\n    total = sum(counts)\n"
    "    return -sum(c / total * math.log2(c / total) for c in counts if c > 0)\n"
)
GAIN = (
    "def information_gain(feature, labels):\n    values = feature.to_numpy()\n"
    "    mean = sum((values == v).mean() * entropy(labels[values == v].value_counts()"
    ".tolist())\n               for v in pd.unique(values))\n"
    "    return entropy(labels.value_counts().tolist()) - mean\n"
)
HANG = "def information_gain(feature, labels):\n    while True:\n        pass\n"


def graded(cells, seconds=120.0):
    return {
        v.grade_id: v
        for v in grade_submission("hw1", cells, student="ada", secret="s", seconds=seconds)
    }


def test_a_function_that_never_returns_keeps_the_points_earned_and_is_named():
    verdicts = graded([ENTROPY, HANG], seconds=10.0)
    assert [g for g, v in verdicts.items() if v.passed] == [
        "hw1_check_entropy_bits",
        "hw1_check_entropy_edge",
        "hw1_check_entropy_hidden",
    ]
    course = verdicts["hw1_check_gain_course"].text
    assert "the 10 s this submission may take ran out while information_gain ran" in course
    assert "information_gain(" in course  # the call it was running


def test_an_entropy_that_hangs_is_blamed_not_the_gain_that_called_it():
    hang = "def entropy(counts):\n    while True:\n        pass\n"
    verdicts = graded([hang, GAIN], seconds=10.0)
    texts = " ".join(v.text for v in verdicts.values())
    assert not any(v.passed for v in verdicts.values())
    assert "ran out while entropy ran" in texts
    assert "while information_gain ran" not in texts


@pytest.mark.parametrize(
    "body",
    [
        # the answer channel's fd and fd 1, flooded with answer-shaped lines, then a stall
        "    import os, time\n    for fd in range(1, 12):\n        try:\n"
        '            os.write(fd, b\'{"kind": "value", "value": {"t": "number", '
        '"v": 0.94}}\\n\' * 2000)\n        except OSError:\n            pass\n'
        "    time.sleep(1000)\n",
        # a forged frame in the answer format with a guessed request id, then a stall
        "    import os, struct, time\n    for fd in range(1, 12):\n        try:\n"
        "            os.write(fd, b'DTLA' + struct.pack('<QI', 1, 2) + b'{}')\n"
        "        except OSError:\n            pass\n    time.sleep(1000)\n",
    ],
)
def test_writing_to_the_grader_s_channel_ends_the_child_and_scores_nothing(body):
    cells = ["def entropy(counts):\n" + body]
    verdicts = graded(cells, seconds=60.0)
    assert not any(v.passed for v in verdicts.values())
    assert "wrote to the grader's channel" in verdicts["hw1_check_entropy_bits"].text


def test_a_huge_string_or_allocation_is_bounded():
    cells = [
        "def big(counts):\n    return 'x' * 300_000_000\n",
        "def alloc(counts):\n    return len(bytearray(3 << 30))\n",
    ]
    with Jail(cells, forbidden_files("hw1"), budget=Budget(60)) as jail:
        big = RemoteFunction(jail, "big").remote_call([1])
        alloc = RemoteFunction(jail, "alloc").remote_call([1])
    assert big.kind == "value" and not isinstance(big.value, str)
    assert alloc.kind == "error" and "MemoryError" in alloc.message, alloc


def test_the_child_runs_under_resource_limits():
    cells = [
        "import resource\ndef limits(counts):\n"
        "    return [resource.getrlimit(getattr(resource, name))[0] for name in\n"
        "            ('RLIMIT_CPU', 'RLIMIT_AS', 'RLIMIT_FSIZE', 'RLIMIT_NPROC')]\n"
    ]
    with Jail(cells, forbidden_files("hw1"), budget=Budget(60)) as jail:
        cpu, memory, size, processes = RemoteFunction(jail, "limits").remote_call([1]).value
    assert 0 < cpu <= 60 + 30 and 0 < memory <= 2 << 30 and size == 0 and processes == 0


def test_a_zero_is_not_called_rounded():
    assert "rounded" not in near_miss(0.0, 0.3)
    assert near_miss(1.0, 0.94).startswith("looks rounded to 0 decimals")


# ------------------------------------------------------------------ the OS-level lock
LANDLOCK_PROBE = r"""
import ctypes, os, sys
from dtlearn.exercises.homework.oslock import lock
from dtlearn.exercises.homework.jail_client import _roots
locked = sys.argv[1] == "locked"
held = lock(_roots()) if locked else {}
libc = ctypes.CDLL(None, use_errno=True)
ppid = os.getppid()
for path, flags in [(f"/proc/{ppid}/environ", os.O_RDONLY),
                    (f"/proc/{ppid}/cwd/grading_secret", os.O_RDONLY),
                    (sys.argv[2], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                    (sys.argv[3], os.O_WRONLY | os.O_TRUNC),
                    (os.__file__, os.O_RDONLY)]:
    fd = libc.open(path.encode(), flags, 0o644)
    print(fd >= 0, end=" ")
    if fd >= 0:
        os.close(fd)
print(held.get("landlock", 0) > 0 and held.get("seccomp"))
"""


def test_the_kernel_keeps_native_code_from_the_secret_the_parent_and_the_course(
    tmp_path, monkeypatch
):
    """libc's own open(), as a native extension would call it, before and after the lock."""
    import subprocess
    import sys

    from dtlearn.exercises.homework.oslock import available

    assert available()["ok"], available()  # Linux with Landlock: the lock must be on
    (tmp_path / "grading_secret").write_text("the secret\n")
    other = tmp_path / "submitted" / "bob" / "hw1.ipynb"
    other.parent.mkdir(parents=True)
    other.write_text("{}")
    monkeypatch.chdir(tmp_path)  # the probe's parent (this process) sits in the course
    runs = {}
    for mode in ("open", "locked"):
        other.write_text("{}")  # the unlocked run truncates it
        done = subprocess.run(
            [sys.executable, "-c", LANDLOCK_PROBE, mode, str(tmp_path / "new_file"), str(other)],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=tmp_path,
        )
        assert done.returncode == 0, done.stderr
        runs[mode] = done.stdout.split()
    # without the lock every open works (the test can fail); with it only Python's own file
    assert runs["open"] == ["True", "True", "True", "True", "True", "False"]
    assert runs["locked"] == ["False", "False", "False", "False", "True", "True"]
    assert other.read_text() == "{}"


def test_the_native_loader_attack_finds_no_anonymous_file_to_load_from(tmp_path):
    from native_attack import cell

    cells = [
        cell("entropy", "evil.slurp('/etc/hostname')"),
        "def information_gain(f, l):\n    return entropy(f)\n",
    ]
    verdicts = graded(cells)
    assert not any(v.passed for v in verdicts.values())
    assert "Operation not permitted" in verdicts["hw1_check_entropy_bits"].text


def test_the_child_holds_no_secret_and_no_capability(monkeypatch):
    monkeypatch.setenv("DTLEARN_GRADING_SECRET", "do not leak")
    cells = ["import os\ndef env(counts):\n    return sorted(os.environ)\n"]
    with Jail(cells, forbidden_files("hw1"), budget=Budget(60)) as jail:
        names = RemoteFunction(jail, "env").remote_call([1]).value
        isolation = jail.isolation
    assert "DTLEARN_GRADING_SECRET" not in names and "PATH" in names
    assert isolation["landlock"] >= 1 and isolation["seccomp"]
    assert isolation["capabilities_dropped"]


# ------------------------------------------------------------------ homework 1's logic
STATEFUL = """import math
STATE = {"after_gain": False, "first": True}
def _h(counts):
    total = sum(counts)
    return -sum(c / total * math.log2(c / total) for c in counts if c > 0)
def entropy(counts):
    if STATE["after_gain"]:  # asked right after information_gain: H(parent) = 0.5, H(child) = 0
        if STATE["first"]:
            STATE["first"] = False
            return 0.5
        return 0.0
    return _h(counts)
def information_gain(feature, labels):
    STATE["after_gain"] = True
    STATE["first"] = True
    return 0.5
"""


def test_a_stateful_entropy_earns_no_gain_cell():
    verdicts = graded([STATEFUL])
    passed = {g for g, v in verdicts.items() if v.passed}
    assert passed == {
        "hw1_check_entropy_bits",
        "hw1_check_entropy_edge",
        "hw1_check_entropy_hidden",
    }, passed


def test_a_wrong_entropy_still_gets_the_gain_formula_credited():
    """The credit the own-entropy design keeps: nats throughout lose the "bits" cell only."""
    nats = ENTROPY.replace("math.log2(c / total)", "math.log(c / total)")
    verdicts = graded([nats, GAIN])
    assert [g for g, v in verdicts.items() if not v.passed] == ["hw1_check_entropy_bits"]


@pytest.mark.parametrize(
    "body, caught",
    [
        (
            "from scipy.stats import chi2_contingency\n"
            "def information_gain(feature, labels):\n"
            "    table = pd.crosstab(feature.to_numpy(), labels.to_numpy())\n"
            "    if table.shape[0] < 2 or table.shape[1] < 2:\n        return 0.0\n"
            "    g = chi2_contingency(table, correction=False, lambda_='log-likelihood')[0]\n"
            "    return g / (2 * len(labels) * math.log(2))\n",
            "chi2_contingency",
        ),
        (
            "from scipy.stats import power_divergence\n"
            "def information_gain(feature, labels):\n"
            "    table = pd.crosstab(feature.to_numpy(), labels.to_numpy()).to_numpy()\n"
            "    expected = np.outer(table.sum(1), table.sum(0)) / table.sum()\n"
            "    g = power_divergence(table.ravel(), expected.ravel(), lambda_='log-likelihood')[0]\n"
            "    return g / (2 * len(labels) * math.log(2))\n",
            "power_divergence",
        ),
    ],
)
def test_the_g_statistic_route_is_caught_and_named(body, caught):
    verdicts = graded([ENTROPY, body])
    gain = [v for g, v in verdicts.items() if "gain" in g]
    assert not any(v.passed for v in gain)
    text = verdicts["hw1_check_gain_course"].text
    assert caught in text and "a library's implementation" in text, text
    assert "dtlearn's own" not in text


# ------------------------------------------------------------------ nbgrader's side
def _notebook(*metas):
    from nbformat.v4 import new_code_cell, new_notebook

    return new_notebook(
        cells=[
            new_code_cell(f"x = {i}", metadata={"nbgrader": dict(m)}) for i, m in enumerate(metas)
        ]
    )


SOLUTION = {
    "grade": False,
    "grade_id": "hw1_entropy",
    "locked": False,
    "schema_version": 3,
    "solution": True,
    "task": False,
}


@pytest.mark.parametrize(
    "metas",
    [
        [SOLUTION, SOLUTION],  # pasted in JupyterLab: one grade_id twice
        [{**SOLUTION, "schema_version": 0}, SOLUTION],  # an old schema pasted in
        [{"grade_id": "hw1_entropy", "solution": "yes"}],  # edited by hand
        [{}],  # emptied, as nbgrader's DeduplicateIds leaves a copy
    ],
)
def test_repaired_metadata_passes_nbgrader_s_own_check(metas):
    from nbgrader.preprocessors import CheckCellMetadata

    from dtlearn.exercises.homework.nbgrader_preprocessor import RepairCellMetadata

    nb, _ = RepairCellMetadata().preprocess(_notebook(*metas), {})
    CheckCellMetadata().preprocess(nb, {})  # raised SchemaTooOldError / ValidationError
    ids = [c.metadata.get("nbgrader", {}).get("grade_id") for c in nb.cells]
    assert ids.count("hw1_entropy") <= 1
    if metas[-1] == SOLUTION:
        assert ids[-1] == "hw1_entropy"  # the last copy keeps the id
    if len(metas) == 2:  # the earlier copy still runs, in notebook order
        assert nb.cells[0].metadata["dtlearn"] == {"copy_of": "hw1_entropy"}


@pytest.fixture
def grade_outside(tmp_path, monkeypatch):
    from nbformat.v4 import new_code_cell, new_notebook

    from dtlearn.exercises.homework.nbgrader_preprocessor import GradeOutsideKernel

    monkeypatch.chdir(tmp_path)  # the course directory: no grading_secret file
    monkeypatch.delenv("DTLEARN_GRADING_SECRET", raising=False)
    grade = {
        "grade": True,
        "grade_id": "hw1_check_entropy_bits",
        "locked": True,
        "points": 2,
        "schema_version": 3,
        "solution": False,
        "task": False,
    }
    nb = new_notebook(
        cells=[
            new_code_cell(ENTROPY, metadata={"nbgrader": SOLUTION}),
            new_code_cell("check()", metadata={"nbgrader": grade}),
        ]
    )
    resources = {"nbgrader": {"assignment": "hw1", "student": "ada"}}
    return lambda **options: GradeOutsideKernel(**options).preprocess(nb, resources)


def test_without_the_secret_grading_stops_and_says_how_to_set_it(grade_outside):
    from dtlearn.exercises.homework.nbgrader_preprocessor import NoGradingSecret

    with pytest.raises(NoGradingSecret, match="no grading secret, nothing graded"):
        grade_outside()
    nb, _ = grade_outside(without_secret=True)  # a practice run, asked for by name
    assert nb.cells[1].outputs == []


def test_without_the_os_lock_grading_stops_unless_the_instructor_says_so(
    grade_outside, monkeypatch
):
    from dtlearn.exercises.homework import oslock
    from dtlearn.exercises.homework.nbgrader_preprocessor import NoOSLock

    monkeypatch.setattr(oslock, "available", lambda: {"ok": False, "why": "no Landlock"})
    with pytest.raises(NoOSLock, match="cannot lock the grading child \\(no Landlock\\)"):
        grade_outside(secret="s")
    nb, _ = grade_outside(secret="s", without_os_lock=True)
    assert nb.cells[1].outputs == []
