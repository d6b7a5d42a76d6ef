"""The grading child's ``main`` as the grader meets it: one real child, shared by the tests.

``jail_child.main`` runs only in the child (``python -I``), so each line of it is judged
here through the channel, against what the module's text promises:

- the ready answer: the problems the cells ran into, word for word and in order (a failing
  statement costs only itself, a syntax error its whole cell), and what the kernel's lock
  held;
- where the student's output goes (prints and fd 1 reach nowhere, not the channel), the
  namespace the cells run in (``__main__``, a ``display`` that shows nothing), no bytecode
  written, no thread started;
- the limits set from the grader's setup (CPU = the submission's seconds + 30, the address
  space, no file growth, no process, no core file) and the longest answer sent
  (``4 << 20`` characters of JSON: exactly that long travels, one more is refused);
- the audit hook's rules wired to the setup's roots and forbidden files: a forbidden
  file's source cannot be read although it lies below dtlearn, a file outside the roots
  cannot be read, no file can be written, no folder outside the roots listed;
- the child ends with status 0 when the grader closes its requests.

Two pieces main relies on are judged in this process: ``_limit``'s defaults and its
tolerance of a limit the kernel refuses, and the traceback reader leaving the garbage
collector as it found it.
"""

import json
import os
import resource

import pytest

import dtlearn
from dtlearn.exercises.homework import oslock
from dtlearn.exercises.homework.autograde import forbidden_files
from dtlearn.exercises.homework.jail_child import plain
from dtlearn.exercises.homework.jail_client import Budget, Jail, RemoteFunction

# the first statement the cells run: a traceback's frame is closed to them from the start
GATE = """try:
    raise ValueError
except ValueError as error:
    try:
        error.__traceback__.tb_frame
        GATE_AT_START = 'open'
    except Exception as refused:
        GATE_AT_START = f'{type(refused).__name__}: {refused}'
"""
FAILING = GATE + (
    "import no_such_module_for_dtlearn\nx = 1 / 0\nKEPT = 'after'\ndef kept():\n    return KEPT\n"
    "def gate_at_start():\n    return GATE_AT_START\n"
)
BROKEN = "y = 1\nz = = 2\n"
PROBES = """%matplotlib inline
!echo shell lines are not run
import os, sys, resource

def main_name():
    return __name__

def shown():
    return display('x')

def loud():
    print('x' * 100)
    os.write(1, b'DTLA' * 10)
    os.write(2, b'DTLA' * 10)
    return 2

def flags():
    return [sys.dont_write_bytecode, sys.stdout is sys.stderr, sys.stdout.name]

def limits():
    names = ('RLIMIT_CPU', 'RLIMIT_AS', 'RLIMIT_FSIZE', 'RLIMIT_NPROC', 'RLIMIT_CORE')
    return [list(resource.getrlimit(getattr(resource, n))) for n in names]

def sized(n):
    return ['x' * (1 << 20)] * 3 + ['x' * n]

def bad():
    return 1 / 0

def thread():
    import threading
    threading.Thread(target=len, args=('',)).start()

def low_thread():
    import _thread
    _thread.start_new_thread(len, ('',))

def size_of(path):
    with open(path, encoding='utf-8') as f:
        return len(f.read())

def write(path):
    open(path, 'w')

def listing(path):
    return len(os.listdir(path))
"""


@pytest.fixture(scope="module")
def child():
    jail = Jail([FAILING, BROKEN, PROBES], forbidden_files("hw1"), budget=Budget(60))
    jail.start()
    assert jail.process is not None, jail.ended
    yield jail
    jail.close()


def run(jail, name, *args):
    return RemoteFunction(jail, name).remote_call(*args)


def test_the_ready_answer_lists_each_problem_of_the_cells_in_words(child):
    try:
        compile(BROKEN, "<cell 2>", "exec")
    except SyntaxError as exc:
        msg, line = exc.msg, exc.lineno
    assert line == 2
    assert child.problems == [
        "solution cell 1: raised ModuleNotFoundError: No module named "
        "'no_such_module_for_dtlearn' (at `import no_such_module_for_dtlearn`)",
        "solution cell 1: raised ZeroDivisionError: division by zero (at `x = 1 / 0`)",
        f"solution cell 2 has a syntax error: {msg} (line 2)",
    ]
    # the statements after a failing one ran; the magic and shell lines became ``pass``
    assert run(child, "kept").value == "after"
    assert run(child, "main_name").value == "__main__"
    assert run(child, "gate_at_start").value == (
        "Refused: reading .tb_frame is not allowed while your work is graded"
    )


def test_the_ready_answer_says_what_the_kernel_s_lock_held(child):
    assert child.sealed is True
    assert child.isolation == {
        "capabilities_dropped": True,
        "landlock": oslock.landlock_abi(),
        "seccomp": True,
    }
    assert child.starts == 1


def test_the_student_s_output_goes_nowhere(child):
    assert run(child, "shown").kind == "value" and run(child, "shown").value is None
    got = run(child, "loud")
    assert (got.kind, got.value) == ("value", 2.0)
    assert run(child, "flags").value == [True, True, os.devnull]
    assert child.ended is None and child.starts == 1  # the channel was never written to


def test_an_error_names_the_function_and_line_it_came_from(child):
    got = run(child, "bad")
    assert (got.kind, got.message) == (
        "error",
        "raised ZeroDivisionError: division by zero (in bad, at `return 1 / 0`)",
    )


@pytest.mark.parametrize("name", ["thread", "low_thread"])
def test_no_thread_starts(child, name):
    got = run(child, name)
    assert (got.kind, got.message) == (
        "error",
        "raised Refused: starting a thread is not allowed while your work is graded",
    )


def test_the_limits_come_from_the_grader_s_setup(child):
    seconds = int(child.whole.seconds) + 30
    assert run(child, "limits").value == [
        [seconds, seconds],
        [2 << 30, 2 << 30],
        [0, 0],
        [0, 0],
        [0, 0],
    ]


def test_the_longest_answer_is_four_mebibytes_of_json(child):
    def length(n):
        value = ["x" * (1 << 20)] * 3 + ["x" * n]
        return len(json.dumps({"kind": "value", "value": plain(value)}))

    n = (4 << 20) - length(0)
    assert length(n) == 4 << 20
    got = run(child, "sized", n)
    assert got.kind == "value" and [len(s) for s in got.value] == [1 << 20] * 3 + [n]
    got = run(child, "sized", n + 1)
    assert (got.kind, got.message) == ("error", "returned a value too large to grade")


def test_a_forbidden_file_s_source_is_unreadable_though_below_dtlearn(child):
    impurity = next(f for f in forbidden_files("hw1") if f.endswith("measures/impurity.py"))
    got = run(child, "size_of", impurity)
    assert (got.kind, got.message) == (
        "error",
        "raised Refused: reading the source of what you implement is not allowed while your "
        "work is graded",
    )
    tree = os.path.join(os.path.dirname(dtlearn.__file__), "tree.py")
    with open(tree, encoding="utf-8") as f:
        assert run(child, "size_of", tree).value == len(f.read())


def test_outside_the_roots_nothing_is_read_listed_or_written(child, tmp_path):
    (tmp_path / "notes.txt").write_text("secret")
    got = run(child, "size_of", str(tmp_path / "notes.txt"))
    assert got.message == (
        "raised Refused: reading a file outside Python's and dtlearn's folders is not "
        "allowed while your work is graded"
    )
    got = run(child, "listing", str(tmp_path))
    assert got.message == (
        "raised Refused: listing a folder outside Python's and dtlearn's is not allowed "
        "while your work is graded"
    )
    for target in (tmp_path / "new.txt", tmp_path / "notes.txt"):
        got = run(child, "write", str(target))
        assert got.message == (
            "raised Refused: writing files is not allowed while your work is graded"
        )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    assert (tmp_path / "notes.txt").read_text() == "secret"


def test_the_child_ends_with_status_0_when_the_requests_end():
    jail = Jail(["def f(x):\n    return x\n"], (), budget=Budget(60))
    try:
        jail.start()
        assert RemoteFunction(jail, "f").remote_call(3).value == 3.0
        jail.process.stdin.close()
        assert jail.process.wait(timeout=30) == 0
    finally:
        jail.close()


def test_the_limits_without_a_setup_are_150_cpu_seconds_and_2_gib(monkeypatch):
    from dtlearn.exercises.homework.jail_child import _limit

    set_ = []
    monkeypatch.setattr(resource, "setrlimit", lambda which, values: set_.append((which, values)))
    _limit({})
    assert set_ == [
        (resource.RLIMIT_CPU, (150, 150)),
        (resource.RLIMIT_AS, (2 << 30, 2 << 30)),
        (resource.RLIMIT_FSIZE, (0, 0)),
        (resource.RLIMIT_NPROC, (0, 0)),
        (resource.RLIMIT_CORE, (0, 0)),
    ]
    set_.clear()
    _limit({"cpu_seconds": 7.9, "memory_bytes": "12"})  # whole numbers, as the kernel takes
    assert set_[:2] == [(resource.RLIMIT_CPU, (7, 7)), (resource.RLIMIT_AS, (12, 12))]


def test_a_limit_the_kernel_refuses_is_skipped_not_fatal(monkeypatch):
    from dtlearn.exercises.homework.jail_child import _limit

    set_ = []

    def setrlimit(which, values):
        set_.append(which)
        raise (ValueError if which == resource.RLIMIT_CPU else OSError)("refused")

    monkeypatch.setattr(resource, "setrlimit", setrlimit)
    _limit({"cpu_seconds": 1, "memory_bytes": 1})
    assert len(set_) == 5


@pytest.mark.parametrize("collecting", [True, False])
def test_reading_the_traceback_leaves_the_collector_as_it_found_it(collecting):
    import gc

    from dtlearn.exercises.homework.jail_child import _location

    source = "def f():\n    return 1 / 0\n"
    namespace = {}
    exec(compile(source, "<cell 1>", "exec"), namespace)
    gate = [False]
    was = gc.isenabled()
    try:
        (gc.enable if collecting else gc.disable)()
        try:
            namespace["f"]()
        except ZeroDivisionError as exc:
            assert _location(exc, gate, {"<cell 1>": source.splitlines()}) == (
                "f",
                "return 1 / 0",
            )
        assert gc.isenabled() is collecting and gate == [False]
    finally:
        (gc.enable if was else gc.disable)()
