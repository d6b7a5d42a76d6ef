"""The answers :meth:`Jail.call` gives without asking a child, and the jail's own upkeep.

- A submission whose budget is spent answers every call ``budget`` naming the call that
  ran out (or, before any ran out, this call); a grade cell whose time is up answers
  ``timeout`` naming the call that hung; neither starts a child or sends a request.
- Both are judged at their edge: a budget with time left and a grade cell's deadline
  still ahead go on to the child.
- ``with Jail(...) as jail`` is the jail itself and ends its child on the way out;
  :meth:`Jail.close` ends a child whose pipes fail to close and is idempotent.
- Without a compiled-cache tag (``sys.implementation.cache_tag`` None) a forbidden file
  is unreadable alone.
"""

import sys
import time

import pytest

from dtlearn.exercises.homework import jail_client
from dtlearn.exercises.homework.jail_client import Budget, Jail


class NoChild(Jail):
    """A jail that must not start a child or send anything."""

    def start(self):
        pytest.fail("a child was started")

    def _send(self, message, deadline):
        pytest.fail("a request was sent")


def test_a_spent_budget_names_this_call_when_none_ran_out_before():
    jail = NoChild([], [], budget=Budget(1))
    jail.whole.deadline = time.monotonic() - 0.01
    assert jail.call("entropy", (1,)) == {"kind": "ended", "why": "budget\tentropy"}


def test_a_spent_budget_names_the_call_that_ran_out():
    jail = NoChild([], [], budget=Budget(1))
    jail.whole.deadline = time.monotonic() - 0.01
    jail.whole.ran_out_in = "information_gain"
    assert jail.call("entropy", (1,)) == {"kind": "ended", "why": "budget\tinformation_gain"}


def test_a_grade_cell_out_of_time_names_the_call_that_hung():
    jail = NoChild([], [], budget=Budget(100))
    jail.hung = "id3"
    jail._deadline = time.monotonic() - 0.01
    assert jail.call("id3", ()) == {
        "kind": "ended",
        "why": "timeout\tover the grade cell's time\tid3",
    }
    jail.hung = None
    assert jail.call("id3", ())["why"] == "timeout\tover the grade cell's time\tNone"


def test_time_left_in_both_goes_on_to_the_child():
    calls = []

    class Started(NoChild):
        def start(self):
            calls.append("start")  # no child: process stays None

    jail = Started([], [], budget=Budget(100))
    jail.budget(50)
    jail.ended = "crashed\twhile your function ran"
    assert jail.call("f", ()) == {"kind": "ended", "why": "crashed"}
    assert calls == ["start"] and jail.ended is None


def test_with_gives_the_jail_and_ends_its_child():
    closed = []

    class Closing(Jail):
        def close(self):
            closed.append(self)

    jail = Closing([], [])
    with jail as inside:
        assert inside is jail and closed == []
    assert closed == [jail]


class Stream:
    def __init__(self, log, name):
        self.log, self.name = log, name

    def close(self):
        self.log.append(self.name)
        raise OSError(9, "Bad file descriptor")


class Process:
    def __init__(self, log, running):
        self.log, self.running = log, running
        self.stdin, self.stdout = Stream(log, "stdin"), Stream(log, "stdout")

    def poll(self):
        return None if self.running else 0

    def kill(self):
        self.log.append("kill")

    def wait(self):
        self.log.append("wait")


@pytest.mark.parametrize("running,killed", [(True, ["kill"]), (False, [])])
def test_close_ends_the_child_even_when_its_pipes_fail_to_close(running, killed):
    import tempfile

    log = []
    jail = Jail([], [])
    jail.process = Process(log, running)
    jail._dir = tempfile.TemporaryDirectory(prefix="dtlearn-test-")
    folder = jail._dir.name
    jail.close()
    assert log == killed + ["stdin", "stdout", "wait"]
    assert jail.process is None
    import os

    assert not os.path.exists(folder)
    jail.close()  # nothing left to end
    assert log == killed + ["stdin", "stdout", "wait"]


def test_without_a_cache_tag_a_forbidden_file_is_unreadable_alone(monkeypatch):
    monkeypatch.setattr(sys.implementation, "cache_tag", None)
    assert jail_client._with_caches(["/x/a.py", "/x/b.py"]) == ["/x/a.py", "/x/b.py"]
