"""The grader's side of the grading channel, without a child: every answer and every text.

- :meth:`Jail._answer` reads frames from a pipe written here by hand (the frame format of
  ``jail_child.frame``: magic, request id, length): a dict, ``"TIMEOUT"``, ``"FLOOD"``,
  ``"STRAY"``, the forbidden line, or None, each from the one frame that must give it.
- :meth:`Jail._ended` and :meth:`Jail._why` turn those into the reason a child ended.
- :meth:`RemoteFunction.remote_call` turns each reason into the exact sentence the
  student reads (the text is the spec), on a stand-in jail that answers what it is told.
- :meth:`Jail.start` with a stand-in process: the command, the environment, the setup it
  sends and the refusal when the kernel could not lock the child.
"""

import os
import pickle
import struct
import sys

import pytest

from dtlearn.exercises.homework import jail_client
from dtlearn.exercises.homework.jail_child import frame
from dtlearn.exercises.homework.jail_client import (
    MAX_ANSWER_BYTES,
    Budget,
    Jail,
    NotIsolated,
    RemoteFunction,
)

HEADER = struct.Struct("<4sQI")


@pytest.fixture
def channel():
    """A jail whose answers come from a pipe this test writes; request id 5."""
    read, write = os.pipe()
    jail = Jail([], [])
    jail._read, jail._id = read, 5
    yield jail, write
    os.close(read)
    try:
        os.close(write)
    except OSError:
        pass


def test_a_frame_with_the_request_s_id_gives_its_json_dict(channel):
    jail, write = channel
    os.write(write, frame(5, '{"kind": "value", "value": {"t": "none"}}'))
    assert jail._answer(5.0) == {"kind": "value", "value": {"t": "none"}}


@pytest.mark.parametrize("text", ["[1, 2]", "{not json", "x{}", '"a"', ""])
def test_a_body_that_is_not_a_json_object_gives_none(channel, text):
    jail, write = channel
    os.write(write, frame(5, text))
    assert jail._answer(5.0) is None


def test_another_request_s_id_is_stray(channel):
    jail, write = channel
    os.write(write, frame(7, "{}"))
    assert jail._answer(5.0) == "STRAY"


def test_the_last_word_is_the_forbidden_line_or_stray(channel):
    jail, write = channel
    os.write(write, frame(0, "FORBIDDEN\t/x/impurity.py\tentropy"))
    assert jail._answer(5.0) == "FORBIDDEN\t/x/impurity.py\tentropy"
    os.write(write, frame(0, '{"kind": "value"}'))
    assert jail._answer(5.0) == "STRAY"


def test_a_wrong_magic_or_a_too_long_frame_is_a_flood(channel):
    jail, write = channel
    os.write(write, HEADER.pack(b"DTLB", 5, 2) + b"{}")
    assert jail._answer(5.0) == "FLOOD"
    os.write(write, HEADER.pack(b"DTLA", 5, MAX_ANSWER_BYTES + 1))
    assert jail._answer(5.0) == "FLOOD"


def test_a_frame_of_exactly_the_longest_length_is_read(channel):
    jail, write = channel
    # not a flood: the body is waited for, and the child ending before it gives None
    os.write(write, HEADER.pack(b"DTLA", 5, MAX_ANSWER_BYTES))
    os.close(write)
    assert jail._answer(5.0) is None
    assert MAX_ANSWER_BYTES == 16 * 1024 * 1024


def test_a_child_that_ends_mid_header_gives_none_and_silence_times_out(channel):
    jail, write = channel
    assert jail._answer(0.0) == "TIMEOUT"  # nothing written, no time left
    os.write(write, b"DTLA\x05")
    os.close(write)
    assert jail._answer(5.0) is None


def test_quiet_is_whether_nothing_waits_in_the_channel(channel):
    jail, write = channel
    assert jail._quiet()
    os.write(write, b"x")
    assert not jail._quiet()


@pytest.mark.parametrize(
    "answer,ended",
    [
        ("FORBIDDEN\t/x/a.py\tC.f\tmore", "forbidden\t/x/a.py\tC.f\tmore\tWHEN"),
        ("TIMEOUT", "timeout\tWHEN"),
        ("FLOOD", "channel\tWHEN"),
        ("STRAY", "channel\tWHEN"),
        (None, "crashed\tWHEN"),
        ("TIME", "crashed\tWHEN"),
        ({"ready": False}, "crashed\tWHEN"),
    ],
)
def test_why_a_child_ended_from_its_last_answer(answer, ended):
    jail = Jail([], [])
    jail._ended(answer, "WHEN")
    assert jail.ended == ended


def test_why_names_a_timeout_s_call_and_the_spent_budget():
    jail = Jail([], [])
    assert jail._why("f") == "crashed" and jail.hung is None
    jail.ended = "timeout\twhile your function ran"
    assert jail._why("f") == "timeout\twhile your function ran" and jail.hung == "f"
    jail.ended = "crashed\twhile your function ran"
    assert jail._why("g") == "crashed\twhile your function ran" and jail.hung == "f"
    spent = Jail([], [], budget=Budget(1))
    spent.whole.deadline -= 10
    spent.ended = "timeout\twhile your function ran"
    assert spent._why("f") == "budget\tf" and spent.whole.ran_out_in == "f"
    assert spent._why("g") == "budget\tf"  # the first call that ran out is the one named


def test_a_child_the_cells_or_the_channel_ended_is_not_started_again(monkeypatch):
    jail = Jail([], [])
    monkeypatch.setattr(jail, "start", lambda: pytest.fail("must not start a child"))
    for ended in ("crashed\twhile running your solution cells", "channel\tbefore your call"):
        jail.ended = ended
        assert jail.call("f", (1,)) == {"kind": "ended", "why": ended}


def test_a_child_that_ended_in_a_call_is_started_again(monkeypatch):
    jail = Jail([], [])
    started = []

    def start():
        started.append(jail.ended)
        jail.ended = "crashed\twhile running your solution cells"

    monkeypatch.setattr(jail, "start", start)
    jail.ended = "timeout\twhile your function ran"
    answer = jail.call("f", (1,))
    assert started == [None]  # the old reason is forgotten before the fresh start
    assert answer == {"kind": "ended", "why": "crashed\twhile running your solution cells"}


def test_a_grade_cell_s_budget_and_the_submission_s_bound_each_wait():
    jail = Jail([], [], budget=Budget(100))
    assert 99 < jail._seconds(1000) <= 100
    assert jail._seconds(5) == 5
    jail.budget(3)
    assert 2 < jail._seconds(60) <= 3
    jail.budget(None)
    assert jail._deadline is None and jail._seconds(60) == 60
    jail.budget()
    assert 99 < jail._seconds(1000) <= 100 and jail._deadline is not None
    assert jail_client.PART_SECONDS == 240.0 and jail_client.CALL_SECONDS == 60.0
    assert jail_client.SUBMISSION_SECONDS == 120.0 and Budget().seconds == 120.0


class StandIn:
    """A jail that answers every call with the answer it is given."""

    def __init__(self, answer, seconds=120):
        self.answer = answer
        self.whole = Budget(seconds)
        self.calls = []

    def call(self, name, args):
        self.calls.append((name, args))
        return self.answer


def outcome(answer, name="f", words=None, seconds=120):
    return RemoteFunction(StandIn(answer, seconds), name, words).remote_call(1, 2)


NOT_IN_TIME = (
    "did not finish in time (60 s a call, 240 s a grade cell) — is there a loop that never ends?"
)


@pytest.mark.parametrize(
    "why,kind,message",
    [
        (
            "forbidden\t/x/impurity.py\tentropy\twhile your function ran",
            "forbidden",
            "calls entropy, which this homework forbids",
        ),
        (
            "forbidden\t/x/impurity.py\tC.f\twhile running your solution cells",
            "forbidden",
            "calls C.f, which this homework forbids (in the top-level code of a solution cell)",
        ),
        (
            "crashed\twhile running your solution cells",
            "error",
            "your solution cells did not run to the end (crashed): run them in a fresh kernel "
            "(Restart & Run All)",
        ),
        (
            "timeout\twhile running your solution cells",
            "error",
            "your solution cells did not run to the end (timeout): run them in a fresh kernel "
            "(Restart & Run All)",
        ),
        (
            "budget\tf",
            "timeout",
            "did not finish: the 90 s this submission may take ran out while f ran — is there "
            "a loop that never ends?",
        ),
        (
            "budget\tentropy",
            "timeout",
            "not run: the 90 s this submission may take ran out while entropy ran — is there "
            "a loop that never ends in entropy?",
        ),
        (
            "timeout\tover the grade cell's time\tentropy",
            "timeout",
            "not run: the grade cell's time (240 s) ran out while entropy ran — is there a "
            "loop that never ends in entropy?",
        ),
        ("timeout\tover the grade cell's time\tf", "timeout", NOT_IN_TIME),
        ("timeout\tover the grade cell's time\tNone", "timeout", NOT_IN_TIME),
        ("timeout\twhile your function ran", "timeout", NOT_IN_TIME),
        (
            "channel\twhile your function ran",
            "error",
            "wrote to the grader's channel (only the grading child's answers may go there)",
        ),
        (
            "crashed\twhile your function ran",
            "error",
            "the grading process stopped while your code ran (it crashed or used too much memory)",
        ),
        (
            None,
            "error",
            "the grading process stopped while your code ran (it crashed or used too much memory)",
        ),
    ],
)
def test_every_reason_a_child_ended_in_the_student_s_words(why, kind, message):
    got = outcome({"kind": "ended", "why": why}, seconds=90)
    assert (got.kind, got.message, got.value) == (kind, message, None)


def test_a_forbidden_call_is_worded_by_the_homework_s_words():
    def words(filename, qualname):
        return f"calls {qualname} of {filename}"

    got = outcome({"kind": "ended", "why": "forbidden\t/x/a.py\tg\tin cells"}, words=words)
    assert got.message == "calls g of /x/a.py (in the top-level code of a solution cell)"


def test_a_value_is_rebuilt_and_a_broken_one_is_an_error():
    got = outcome({"kind": "value", "value": {"t": "number", "v": 3, "type": "int"}})
    assert (got.kind, got.value, got.message) == ("value", 3.0, "")
    assert type(got.value) is float
    got = outcome({"kind": "value", "value": {"t": "bool"}})
    assert (got.kind, got.message) == ("error", "returned a value that is not valid: 'v'")
    got = outcome({"kind": "value", "value": {"t": "number", "v": "abc"}})
    assert got.message == (
        "returned a value that is not valid: could not convert string to float: 'abc'"
    )


@pytest.mark.parametrize("kind", ["not yet", "error", "recursion"])
def test_the_child_s_own_verdicts_pass_through(kind):
    got = outcome({"kind": kind, "message": "said so"})
    assert (got.kind, got.message) == (kind, "said so")


def test_an_unknown_kind_is_an_error_and_a_missing_message_is_empty():
    assert outcome({"kind": "timeout", "message": "m"}).kind == "error"
    assert outcome({"kind": "value!"}).kind == "error"
    assert outcome({}).message == "" and outcome({}).kind == "error"


def test_the_changed_inputs_are_the_int_positions_only():
    fn = RemoteFunction(StandIn({"kind": "error", "changed_inputs": [0, True, "1", 2.0, 3]}), "f")
    fn.remote_call()
    assert fn.changed_inputs == (0, 3)
    fn.jail.answer = {"kind": "error", "changed_inputs": "01"}
    fn.remote_call()
    assert fn.changed_inputs == ()
    fn.jail.answer = {"kind": "error"}
    fn.remote_call()
    assert fn.changed_inputs == ()


def test_calling_it_like_the_function_returns_the_value_or_raises_the_message():
    jail = StandIn({"kind": "value", "value": {"t": "str", "v": "yes"}})
    fn = RemoteFunction(jail, "entropy")
    assert fn([9, 5], 2) == "yes" and jail.calls == [("entropy", ([9, 5], 2))]
    assert fn.__name__ == "entropy"
    jail.answer = {"kind": "error", "message": "raised ValueError: no"}
    with pytest.raises(RuntimeError, match="^raised ValueError: no$"):
        fn([9, 5])


# ---------------------------------------------------------------- start, with a stand-in child
class FakeProcess:
    """What ``subprocess.Popen`` gives, on two pipes nobody reads or writes."""

    made: list = []

    def __init__(self, command, **options):
        self.command, self.options = command, options
        r1, self.w1 = os.pipe()
        self.r2, w2 = os.pipe()
        self.stdin = os.fdopen(self.w1, "wb", buffering=0)
        self.stdout = os.fdopen(self.r2, "rb", buffering=0)
        self._others = (r1, w2)
        self.killed = False
        FakeProcess.made.append(self)

    def poll(self):
        return None if not self.killed else -9

    def kill(self):
        self.killed = True

    def wait(self):
        for fd in self._others:
            os.close(fd)
        self._others = ()
        return -9


@pytest.fixture
def started(monkeypatch):
    """Start a jail whose child is FakeProcess and whose ready answer is the test's."""
    FakeProcess.made = []
    monkeypatch.setattr(jail_client.subprocess, "Popen", FakeProcess)

    def start(ready, **options):
        jail = Jail(["def f(x):\n    return x\n"], ["/x/b.py", "/x/a.py", "/x/a.py"], **options)
        sent = []
        monkeypatch.setattr(jail, "_send", lambda message, deadline: sent.append(message) or True)
        monkeypatch.setattr(jail, "_answer", lambda seconds: ready)
        return jail, sent

    return start


LOCKED = {"landlock": True, "seccomp": True}


def test_start_runs_the_child_isolated_with_a_clean_environment(started):
    jail, sent = started(
        {"ready": True, "sealed": True, "isolation": LOCKED, "problems": ["p", 3]},
        budget=Budget(50),
    )
    jail.start()
    process = FakeProcess.made[-1]
    assert process.command == [sys.executable, "-I", "-m", "dtlearn.exercises.homework.jail_child"]
    env = process.options["env"]
    assert env["PATH"] == "/usr/bin:/bin" and env["HOME"] == process.options["cwd"]
    assert {k: env[k] for k in env if k not in ("HOME", "MPLCONFIGDIR")} == {
        "PATH": "/usr/bin:/bin",
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "MPLBACKEND": "Agg",
    }
    assert process.options["start_new_session"] and process.options["close_fds"]
    (setup,) = sent
    assert setup["id"] == jail._id and setup["id"] % 2 == 1
    assert setup["forbidden"] == ["/x/a.py", "/x/b.py"]
    assert setup["cells"] == ["def f(x):\n    return x\n"]
    assert setup["cpu_seconds"] == 80 and setup["memory_bytes"] == 2 * 1024**3
    assert setup["unreadable"][0] == "/x/a.py" and "/x/b.py" in setup["unreadable"]
    # what the homework needs, imported before the lock (after it, no file may be opened
    # outside the roots, and a module that writes a cache when imported would fail)
    assert setup["imports"] == (
        *("numpy", "pandas", "dtlearn", "dtlearn.tree", "dtlearn.learners"),
        *("dtlearn.pruning.reduced_error", "dtlearn.pruning.pessimistic"),
        *("dtlearn.pruning.rule_post_pruning", "dtlearn.learners.c45"),
        *("dtlearn.pruning.cost_complexity", "dtlearn.pruning.tree_access"),
        *("dtlearn.weka_arithmetic", "dtlearn.exercises", "dtlearn.exports.json_io"),
        *("collections", "itertools", "functools", "statistics", "fractions", "decimal"),
        *("operator", "copy", "random", "heapq", "numbers", "traceback", "linecache"),
    )
    assert setup["preamble"] == (
        "import math\nimport numpy as np\nimport pandas as pd\nimport dtlearn as dt\n"
    )
    assert setup["forbidden_functions"] == []
    assert all(r.endswith(os.sep) for r in setup["roots"])
    assert (jail.problems, jail.sealed, jail.isolation, jail.starts) == (
        ["p", "3"],
        True,
        LOCKED,
        1,
    )
    jail.close()
    assert process.killed and jail.process is None


@pytest.mark.parametrize(
    "isolation", [{}, {"landlock": True}, {"seccomp": True}, {"landlock": 0, "seccomp": True}]
)
def test_a_child_the_kernel_could_not_lock_is_refused(started, isolation):
    jail, _ = started({"ready": True, "isolation": isolation})
    with pytest.raises(NotIsolated) as caught:
        jail.start()
    assert str(caught.value) == (
        f"the grading child could not be isolated by the kernel ({isolation}): grading "
        f"refused (see docs/GRADING.md)"
    )
    assert jail.process is None and FakeProcess.made[-1].killed


def test_without_the_lock_required_an_unlocked_child_grades(started):
    jail, _ = started({"ready": True, "isolation": "no", "problems": "no"}, require_os_lock=False)
    jail.start()
    assert (jail.isolation, jail.problems, jail.sealed) == ({}, [], False)
    jail.close()


@pytest.mark.parametrize("ready", [None, "TIMEOUT", {"ready": False}, {"sealed": True}])
def test_a_child_that_is_not_ready_ended_while_running_the_cells(started, ready):
    jail, _ = started(ready)
    jail.start()
    want = "timeout" if ready == "TIMEOUT" else "crashed"
    assert jail.ended == f"{want}\twhile running your solution cells"
    assert jail.process is None


def test_the_compiled_caches_of_a_forbidden_file_are_unreadable_too():
    import importlib.util

    files = jail_client._with_caches(["/x/a.py"])
    assert files == [
        "/x/a.py",
        importlib.util.cache_from_source("/x/a.py", optimization=""),
        importlib.util.cache_from_source("/x/a.py", optimization=1),
        importlib.util.cache_from_source("/x/a.py", optimization=2),
    ]
    assert len(set(files)) == 4


def test_the_pickled_request_is_length_prefixed():
    read, write = os.pipe()
    try:
        jail = Jail([], [])
        jail._write = write
        import time

        assert jail._send({"id": 3, "name": "f", "args": [1]}, time.monotonic() + 5)
        data = pickle.dumps({"id": 3, "name": "f", "args": [1]})
        got = os.read(read, 1 << 16)
        assert got == struct.pack("<Q", len(data)) + data
        assert not jail._send({"id": 3}, time.monotonic() - 1)  # no time left: not sent
    finally:
        os.close(read)
        os.close(write)
