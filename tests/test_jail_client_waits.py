"""How long the grader's channel waits, and what it does when a wait or a write fails.

:meth:`Jail._send` and :meth:`Jail._read_exactly` poll the child's pipes with ``select``
for at most one second at a time, never past the call's deadline, so a deadline is noticed
within a second whatever the budget. Each poll's timeout is recorded here (no clock is
read by the test): with a far deadline every poll waits 1.0 s, with a near one the time
left. A poll that fails (a descriptor that is closed or negative) is a request not sent;
a write the pipe refuses for now (``BlockingIOError``) is tried again and the request
arrives whole; a pipe that is not ready yet is polled again.
"""

import os
import pickle
import select
import struct
import time

import pytest

from dtlearn.exercises.homework import jail_client
from dtlearn.exercises.homework.jail_child import frame
from dtlearn.exercises.homework.jail_client import Jail

MESSAGE = {"id": 3, "name": "entropy", "args": [[9, 5]]}
WIRE = struct.pack("<Q", len(pickle.dumps(MESSAGE))) + pickle.dumps(MESSAGE)


@pytest.fixture
def pipes():
    """A jail whose channel is two pipes held by the test (no child)."""
    jail = Jail([], [])
    requests, to_child = os.pipe()
    from_child, answers = os.pipe()
    os.set_blocking(to_child, False)
    jail._write, jail._read = to_child, from_child
    yield jail, requests, answers
    for fd in (requests, to_child, from_child, answers):
        try:
            os.close(fd)
        except OSError:
            pass


@pytest.fixture
def polls(monkeypatch):
    """Every ``select`` timeout the channel asks for, in order (the real select answers)."""
    seen = []
    real = select.select

    def recording(r, w, x, timeout):
        seen.append(timeout)
        return real(r, w, x, timeout)

    monkeypatch.setattr(jail_client.select, "select", recording)
    return seen


def test_a_request_is_written_after_one_poll_of_at_most_a_second(pipes, polls):
    jail, requests, _ = pipes
    assert jail._send(MESSAGE, time.monotonic() + 1000) is True
    assert os.read(requests, 1 << 16) == WIRE
    assert polls == [1.0]


def test_a_near_deadline_shortens_the_poll_to_the_time_left(pipes, polls):
    jail, requests, _ = pipes
    assert jail._send(MESSAGE, time.monotonic() + 0.5) is True
    assert len(polls) == 1 and 0 < polls[0] <= 0.5
    assert os.read(requests, 1 << 16) == WIRE


def test_an_answer_is_read_after_polls_of_at_most_a_second(pipes, polls):
    jail, _, answers = pipes
    os.write(answers, b"abcdef")
    assert jail._read_exactly(6, time.monotonic() + 1000) == b"abcdef"
    assert polls == [1.0]
    os.write(answers, b"xyz")
    assert jail._read_exactly(3, time.monotonic() + 0.5) == b"xyz"
    assert len(polls) == 2 and 0 < polls[1] <= 0.5


def test_an_answer_that_never_comes_is_a_timeout_after_polls_up_to_the_deadline(pipes, polls):
    jail, _, _ = pipes
    assert jail._read_exactly(4, time.monotonic() + 0.2) == "TIMEOUT"
    assert polls and all(0 < p <= 0.2 for p in polls)


def test_a_deadline_already_past_sends_and_reads_nothing(pipes, polls):
    jail, requests, answers = pipes
    os.write(answers, b"abcd")
    past = time.monotonic() - 1
    assert jail._send(MESSAGE, past) is False
    assert jail._read_exactly(4, past) == "TIMEOUT"
    assert polls == []
    os.set_blocking(requests, False)
    with pytest.raises(BlockingIOError):
        os.read(requests, 1)  # nothing was written


def test_a_pipe_not_ready_yet_is_polled_again(pipes, monkeypatch):
    jail, requests, answers = pipes
    real = select.select
    answered = []

    def late(r, w, x, timeout):
        if not answered:  # the first poll finds nothing ready
            answered.append(timeout)
            return [], [], []
        return real(r, w, x, timeout)

    monkeypatch.setattr(jail_client.select, "select", late)
    assert jail._send(MESSAGE, time.monotonic() + 1000) is True
    assert os.read(requests, 1 << 16) == WIRE
    answered.clear()
    os.write(answers, frame(5, "{}"))
    assert jail._read_exactly(18, time.monotonic() + 1000) == frame(5, "{}")


@pytest.mark.parametrize("fd", ["closed", -1])
def test_a_channel_that_cannot_be_polled_takes_no_request(pipes, fd):
    jail, _, _ = pipes
    if fd == "closed":
        os.close(jail._write)  # select: OSError (EBADF)
    else:
        jail._write = fd  # select: ValueError (a negative descriptor)
    assert jail._send(MESSAGE, time.monotonic() + 1000) is False


def test_a_write_the_pipe_refuses_for_now_is_tried_again(pipes, monkeypatch):
    jail, requests, _ = pipes
    real = os.write
    tries = []

    def busy_once(fd, data):
        tries.append(len(data))
        if len(tries) == 1:
            raise BlockingIOError
        return real(fd, data)

    monkeypatch.setattr(jail_client.os, "write", busy_once)
    assert jail._send(MESSAGE, time.monotonic() + 1000) is True
    assert tries == [len(WIRE), len(WIRE)]
    assert os.read(requests, 1 << 16) == WIRE


def test_a_write_that_fails_otherwise_is_a_request_not_sent(pipes, monkeypatch):
    jail, requests, _ = pipes

    def broken(fd, data):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(jail_client.os, "write", broken)
    assert jail._send(MESSAGE, time.monotonic() + 1000) is False
