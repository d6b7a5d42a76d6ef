"""One call through the grading channel, end to end, with a stand-in child on two pipes.

:meth:`Jail.call` against a child played here by a thread (no process started, fast): the
request it sends (length-prefixed pickle of the id, the name and the arguments as a list),
the answer it returns, and each way a call ends without one — bytes already waiting in
the channel, a request the child never takes, an answer that never comes, an answer that
is no frame — with the reason the grader records and the child ended. Also the channel's
own pieces at their edges: a request or an answer larger than a pipe holds crosses in
pieces and arrives whole, a write to a child that has gone gives False, a channel that
cannot be polled is not quiet.
"""

import json
import os
import pickle
import struct
import tempfile
import threading
import time

import pytest

from dtlearn.exercises.homework.jail_child import frame
from dtlearn.exercises.homework.jail_client import Budget, Jail

PIPE = 1 << 16  # Linux's default pipe capacity; every large message here is far above it


class PipeChild:
    """What ``subprocess.Popen`` gives the grader, with this test holding the child's ends."""

    def __init__(self):
        self.requests, grader_writes = os.pipe()
        grader_reads, self.answers = os.pipe()
        self.stdin = os.fdopen(grader_writes, "wb", buffering=0)
        self.stdout = os.fdopen(grader_reads, "rb", buffering=0)
        self.killed = False

    def poll(self):
        return -9 if self.killed else None

    def kill(self):
        self.killed = True

    def wait(self):
        self.end("requests")
        self.end("answers")
        return -9

    def end(self, side):
        """Close one of the child's ends once (a number closed twice may be another's)."""
        fd = getattr(self, side)
        if fd is not None:
            setattr(self, side, None)
            os.close(fd)

    def read_request(self):
        def exactly(n):
            data = b""
            while len(data) < n:
                chunk = os.read(self.requests, n - len(data))
                if not chunk:
                    raise EOFError
                data += chunk
            return data

        (size,) = struct.unpack("<Q", exactly(8))
        return pickle.loads(exactly(size))


@pytest.fixture
def jail():
    jail = Jail(["def f(x):\n    return x\n"], [], budget=Budget(60))
    child = PipeChild()
    jail.process = child
    jail._read, jail._write = child.stdout.fileno(), child.stdin.fileno()
    os.set_blocking(jail._write, False)
    jail._dir = tempfile.TemporaryDirectory(prefix="dtlearn-test-")
    yield jail, child
    jail.close()


def play(child, reply):
    """The child's side in a thread: read one request, then ``reply(request)``."""
    seen = []

    def run():
        try:
            request = child.read_request()
        except (EOFError, OSError):
            return
        seen.append(request)
        reply(request)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, seen


def test_a_call_sends_its_request_and_returns_the_child_s_answer(jail):
    jail, child = jail
    answer = {"kind": "value", "value": {"t": "str", "v": "é" * 3}}
    thread, seen = play(
        child, lambda r: os.write(child.answers, frame(r["id"], json.dumps(answer)))
    )
    assert jail.call("entropy", ([9, 5], 2)) == answer
    thread.join(10)
    assert seen == [{"id": jail._id, "name": "entropy", "args": [[9, 5], 2]}]
    assert jail._id % 2 == 1 and jail.process is child and not child.killed


def test_each_call_has_a_fresh_request_id(jail):
    jail, child = jail
    ids = []
    for _ in range(3):

        def reply(r):
            os.write(child.answers, frame(r["id"], "{}"))

        thread, seen = play(child, reply)
        assert jail.call("f", (1,)) == {}
        thread.join(10)
        ids.append(seen[0]["id"])
    assert len(set(ids)) == 3 and all(i % 2 == 1 for i in ids)


def test_large_requests_and_answers_cross_in_pieces_and_arrive_whole(jail):
    jail, child = jail
    big = "x" * (5 * PIPE)
    text = json.dumps({"kind": "value", "value": {"t": "str", "v": big[::-1] + "y"}})
    thread, seen = play(child, lambda r: os.write(child.answers, frame(r["id"], text)))
    assert jail.call("f", (big,)) == json.loads(text)
    thread.join(10)
    assert seen[0]["args"] == [big]


def test_bytes_waiting_before_the_call_end_the_child(jail):
    jail, child = jail
    os.write(child.answers, b"DTLA")
    assert jail.call("f", (1,)) == {
        "kind": "ended",
        "why": "channel\tbefore your function was called",
    }
    assert child.killed and jail.process is None
    assert jail.ended == "channel\tbefore your function was called"


def test_an_answer_that_is_no_frame_ends_the_child(jail):
    jail, child = jail
    thread, _ = play(child, lambda r: os.write(child.answers, b"not a frame at all"))
    assert jail.call("f", (1,)) == {"kind": "ended", "why": "channel\twhile your function ran"}
    thread.join(10)
    assert child.killed and jail.process is None


def test_a_child_that_ends_without_answering_crashed(jail):
    jail, child = jail
    thread, _ = play(child, lambda r: child.end("answers"))
    assert jail.call("f", (1,)) == {"kind": "ended", "why": "crashed\twhile your function ran"}
    thread.join(10)


def test_a_request_the_child_never_takes_times_out_and_names_the_call(jail):
    jail, child = jail
    jail.budget(0.3)
    assert jail.call("information_gain", ("x" * (4 * PIPE),)) == {
        "kind": "ended",
        "why": "timeout\twhile your function ran",
    }
    assert jail.hung == "information_gain" and child.killed


def test_an_answer_that_never_comes_times_out_and_names_the_call(jail):
    jail, child = jail
    jail.budget(0.3)
    thread, seen = play(child, lambda r: None)
    assert jail.call("entropy", (1,)) == {
        "kind": "ended",
        "why": "timeout\twhile your function ran",
    }
    thread.join(10)
    assert seen and jail.hung == "entropy" and child.killed


def test_a_write_to_a_child_that_has_gone_is_not_sent(jail):
    jail, child = jail
    child.end("requests")
    assert not jail._send({"id": 1, "name": "f", "args": []}, time.monotonic() + 5)


def test_a_channel_that_cannot_be_polled_is_not_quiet():
    jail = Jail([], [])
    jail._read = -1
    assert jail._quiet() is False


# ---------------------------------------------------------------- what a start is given
def test_the_roots_are_dtlearn_python_s_folders_and_prefixes_each_with_a_slash():
    import sys
    import sysconfig

    import dtlearn
    from dtlearn.exercises.homework.jail_client import _roots

    paths = sysconfig.get_paths()
    want = {os.path.dirname(os.path.abspath(dtlearn.__file__))}
    want |= {os.path.abspath(paths[k]) for k in ("stdlib", "platstdlib", "purelib", "platlib")}
    want |= {os.path.abspath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    assert _roots() == sorted(p + os.sep for p in want)


def test_matplotlib_s_cache_is_one_private_folder_of_the_grader_s(tmp_path, monkeypatch):
    from dtlearn.exercises.homework.jail_client import _matplotlib_dir

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    path = _matplotlib_dir()
    assert path == str(tmp_path / f"dtlearn-grading-matplotlib-{os.getuid()}")
    assert os.path.isdir(path) and os.stat(path).st_mode & 0o777 == 0o700
    assert _matplotlib_dir() == path  # kept between children


@pytest.mark.parametrize("seconds,most", [(500.0, 120.0), (50.0, 50.0)])
def test_the_cells_may_take_120_seconds_or_what_is_left(monkeypatch, seconds, most):
    from dtlearn.exercises.homework import jail_client

    class Process(PipeChild):
        def __init__(self, command, **options):
            super().__init__()

    monkeypatch.setattr(jail_client.subprocess, "Popen", Process)
    jail = Jail([], [], budget=Budget(seconds))
    waits = []
    monkeypatch.setattr(jail, "_send", lambda message, deadline: True)
    monkeypatch.setattr(jail, "_answer", lambda s: waits.append(s) or {"ready": False})
    jail.start()
    assert jail_client.START_SECONDS == 120.0
    assert most - 1 < waits[0] <= most


def test_a_jail_keeps_its_inputs_as_text_sorted_and_once():
    jail = Jail(
        [1, "x = 2"],
        ["/b.py", "/a.py", "/b.py"],
        forbidden_functions=[("/s.py", "g"), ("/r.py", "f"), ("/s.py", "g")],
        require_os_lock=0,
    )
    assert jail.cells == ["1", "x = 2"]
    assert jail.forbidden == ["/a.py", "/b.py"]
    assert jail.forbidden_functions == [("/r.py", "f"), ("/s.py", "g")]
    assert jail.require_os_lock is False and Jail([], []).require_os_lock is True
    assert (jail.process, jail.ended, jail.hung, jail.starts, jail.sealed) == (
        None,
        None,
        None,
        0,
        False,
    )
    assert (jail.problems, jail.isolation, jail._deadline) == ([], {}, None)
    assert jail.whole.seconds == 120.0
