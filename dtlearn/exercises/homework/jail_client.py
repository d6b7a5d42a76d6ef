# About 410 logical lines: one idea, the grader's side of the grading child: its process, the framed channel, the budgets and the answers rebuilt, which the timeouts and messages read together.
r"""The grader's side of the grading child: start it, call the student's functions in it.

:class:`Jail` starts ``python -I -m dtlearn.exercises.homework.jail_child`` (see
:mod:`~dtlearn.exercises.homework.jail_child`) with the student's solution cells and the files
whose functions the homework forbids, and :class:`RemoteFunction` stands for one of the
student's functions: the checks call it like the function itself (through
:func:`~dtlearn.exercises.homework.trial_grading.call_student`), get an
:class:`~dtlearn.exercises.student_call.Outcome` whose value was rebuilt here from plain data,
and judge it here. A child that called a forbidden function has ended; the next call
starts a fresh one (so every grade cell starts clean).

Examples
--------
>>> cells = ["def double(x):\n    return 2 * x\n"]
>>> with Jail(cells, forbidden=()) as jail:
...     outcome = RemoteFunction(jail, "double").remote_call(21)
>>> outcome.kind, outcome.value
('value', 42.0)
"""

from __future__ import annotations

import importlib.util
import json
import os
import pickle
import secrets
import select
import struct
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from ..student_call import Outcome

__all__ = [
    "ANSWER_MAGIC",
    "CALL_SECONDS",
    "MAX_ANSWER_BYTES",
    "PART_SECONDS",
    "SUBMISSION_SECONDS",
    "Budget",
    "Jail",
    "NotIsolated",
    "RemoteFunction",
    "rebuild",
]

CALL_SECONDS = 60.0
"""Wall-clock seconds one call of the student's function may take in the grading child."""

PART_SECONDS = 240.0
"""Wall-clock seconds all the calls of one grade cell may take together (see
:meth:`Jail.budget`): a function that waits on every call does not hold up the grading."""

SUBMISSION_SECONDS = 120.0
"""Wall-clock seconds one whole submission may take (every child, every grade cell): the
default of :class:`Budget` (``c.GradeOutsideKernel.submission_seconds`` in
``nbgrader_config.py``)."""

START_SECONDS = 120.0
"""Seconds the child may take to import and run the solution cells."""

ANSWER_MAGIC = b"DTLA"
"""The first bytes of every frame the child writes: ``magic, request id (8), length (4)``."""

_HEADER = struct.Struct("<4sQI")

MAX_ANSWER_BYTES = 16 << 20
"""The longest answer the grader reads (a longer one ends the child: no value the checks
need is that large)."""

MEMORY_BYTES = 2 << 30
"""The child's address-space limit (``RLIMIT_AS``)."""

_IMPORTS = (
    "numpy",
    "pandas",
    "dtlearn",
    "dtlearn.tree",
    "dtlearn.learners",
    "dtlearn.pruning.reduced_error",
    "dtlearn.pruning.pessimistic",
    "dtlearn.pruning.rule_post_pruning",
    "dtlearn.learners.c45",
    "dtlearn.pruning.cost_complexity",
    "dtlearn.pruning.tree_access",
    "dtlearn.weka_arithmetic",
    "dtlearn.exercises",
    "dtlearn.exports.json_io",
    "collections",
    "itertools",
    "functools",
    "statistics",
    "fractions",
    "decimal",
    "operator",
    "copy",
    "random",
    "heapq",
    "numbers",
    "traceback",
    "linecache",
)


class NotIsolated(RuntimeError):
    """The grading child could not be given the OS-level lock (no Landlock or seccomp)."""


class Budget:
    """The wall-clock time one submission may take, shared by all its children.

    Parameters
    ----------
    seconds : float
        The whole submission's time (default :data:`SUBMISSION_SECONDS`).

    Examples
    --------
    >>> budget = Budget(120)
    >>> 119 < budget.left() <= 120, budget.ran_out_in
    (True, None)
    """

    def __init__(self, seconds: float = SUBMISSION_SECONDS) -> None:
        if not seconds > 0:
            raise ValueError(f"seconds must be positive, got {seconds!r}")
        self.seconds = float(seconds)
        self.deadline = time.monotonic() + self.seconds
        self.ran_out_in: str | None = None  # the call that was running when it ran out

    def left(self) -> float:
        """Seconds left (0 or less: spent)."""
        return self.deadline - time.monotonic()


def _roots() -> list[str]:
    import dtlearn

    paths = sysconfig.get_paths()
    roots = {os.path.dirname(os.path.abspath(dtlearn.__file__))}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        if paths.get(key):
            roots.add(os.path.abspath(paths[key]))
    for prefix in (sys.prefix, sys.base_prefix, sys.exec_prefix):
        roots.add(os.path.abspath(prefix))
    return sorted(r.rstrip(os.sep) + os.sep for r in roots)


def _matplotlib_dir() -> str:
    """A folder of the grader's for matplotlib's font cache, kept between children.

    matplotlib writes it when first imported (before the lock, when a cell imports
    matplotlib); a fresh folder per child would rebuild it every time.
    """
    path = os.path.join(tempfile.gettempdir(), f"dtlearn-grading-matplotlib-{os.getuid()}")
    os.makedirs(path, mode=0o700, exist_ok=True)
    return path


def _with_caches(files: Sequence[str]) -> list[str]:
    out = []
    for path in files:
        out.append(path)
        for level in ("", 1, 2):
            try:
                out.append(importlib.util.cache_from_source(path, optimization=level))
            except (NotImplementedError, ValueError):
                pass
    return out


class Jail:
    """A grading child process with the student's cells loaded (a context manager).

    Parameters
    ----------
    cells : sequence of str
        The student's solution cells, in notebook order.
    forbidden : sequence of str
        Source files whose functions end the child when they start.
    preamble : str
        Code run before the cells (the notebook's imports).
    budget : Budget, optional
        The submission's time, shared with its other children (default: a fresh
        :class:`Budget`).
    forbidden_functions : sequence of (str, str), optional
        ``(file, qualified name)`` of single functions that end the child when they start.
    require_os_lock : bool
        Refuse to grade (:class:`NotIsolated`) when the child could not apply Landlock and
        seccomp (see :mod:`~dtlearn.exercises.homework.oslock`); False only on the
        instructor's explicit word.

    The channel: the grader writes length-prefixed requests to the child's stdin (a pipe it
    made; writes wait at most until the call's deadline), the child answers on its stdout
    (another pipe; nothing else is open in the child) with frames of
    ``ANSWER_MAGIC, request id, length`` and at most :data:`MAX_ANSWER_BYTES` of JSON. An
    answer to another request, bytes waiting before a request is sent, a bad or too long
    frame or no frame by the deadline end the child.
    """

    def __init__(
        self,
        cells: Sequence[str],
        forbidden: Sequence[str],
        preamble: str = "import math\nimport numpy as np\nimport pandas as pd\n"
        "import dtlearn as dt\n",
        budget: Budget | None = None,
        forbidden_functions: Sequence[tuple[str, str]] = (),
        require_os_lock: bool = True,
    ) -> None:
        self.cells = [str(c) for c in cells]
        self.forbidden = sorted(set(forbidden))
        self.forbidden_functions = sorted({(str(f), str(q)) for f, q in forbidden_functions})
        self.preamble = preamble
        self.require_os_lock = bool(require_os_lock)
        self.whole = budget if budget is not None else Budget()
        self.process: subprocess.Popen | None = None
        self.ended: str | None = None  # why the last child ended, for the next message
        self.problems: list[str] = []
        self.sealed = False
        self.isolation: dict = {}
        self.starts = 0
        self.hung: str | None = None  # the last call that did not come back in time
        self._deadline: float | None = None

    def budget(self, seconds: float | None = PART_SECONDS) -> None:
        """Allow the calls from now on ``seconds`` together (None: no limit)."""
        self._deadline = None if seconds is None else time.monotonic() + seconds

    def _seconds(self, most: float) -> float:
        """Seconds the next wait may take: ``most``, the grade cell's and the submission's."""
        seconds = min(most, self.whole.left())
        if self._deadline is not None:
            seconds = min(seconds, self._deadline - time.monotonic())
        return seconds

    # ------------------------------------------------------------------ process
    def start(self) -> None:
        """Start a fresh child and wait until it has run the cells."""
        self.close()
        self.starts += 1
        self._dir = tempfile.TemporaryDirectory(prefix="dtlearn-grading-")
        env = {
            "PATH": "/usr/bin:/bin",
            "HOME": self._dir.name,
            "OPENBLAS_NUM_THREADS": "1",
            "OMP_NUM_THREADS": "1",
            "MKL_NUM_THREADS": "1",
            "LANG": "C.UTF-8",
            "PYTHONDONTWRITEBYTECODE": "1",
            "MPLBACKEND": "Agg",
            "MPLCONFIGDIR": _matplotlib_dir(),
        }
        self.process = subprocess.Popen(
            [sys.executable, "-I", "-m", "dtlearn.exercises.homework.jail_child"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            close_fds=True,
            cwd=self._dir.name,
            env=env,
            start_new_session=True,
            bufsize=0,
        )
        self._read = self.process.stdout.fileno()
        self._write = self.process.stdin.fileno()
        os.set_blocking(self._write, False)
        self._id = secrets.randbits(63) | 1
        seconds = self._seconds(START_SECONDS)
        self._send(
            {
                "id": self._id,
                "imports": _IMPORTS,
                "forbidden": self.forbidden,
                "forbidden_functions": self.forbidden_functions,
                "unreadable": _with_caches(self.forbidden),
                "roots": _roots(),
                "preamble": self.preamble,
                "cells": self.cells,
                "cpu_seconds": int(self.whole.seconds) + 30,
                "memory_bytes": MEMORY_BYTES,
            },
            time.monotonic() + seconds,
        )
        ready = self._answer(seconds)
        if not isinstance(ready, dict) or not ready.get("ready"):
            self._ended(ready, "while running your solution cells")
            return
        problems = ready.get("problems", [])
        self.problems = [str(p) for p in problems] if isinstance(problems, list) else []
        self.sealed = bool(ready.get("sealed"))
        isolation = ready.get("isolation", {})
        self.isolation = isolation if isinstance(isolation, dict) else {}
        if self.require_os_lock and not (
            self.isolation.get("landlock") and self.isolation.get("seccomp")
        ):
            self.close()
            raise NotIsolated(
                f"the grading child could not be isolated by the kernel "
                f"({self.isolation}): grading refused (see docs/GRADING.md)"
            )

    def _ended(self, answer: Any, when: str) -> None:
        if isinstance(answer, str) and answer.startswith("FORBIDDEN\t"):
            _, filename, qualname = answer.split("\t", 2)
            self.ended = f"forbidden\t{filename}\t{qualname}\t{when}"
        elif answer == "TIMEOUT":
            self.ended = f"timeout\t{when}"
        elif answer in ("FLOOD", "STRAY"):
            self.ended = f"channel\t{when}"
        else:
            self.ended = f"crashed\t{when}"
        self.close()

    def _send(self, message: dict, deadline: float) -> bool:
        """Write one request; False if the child did not take it by ``deadline``."""
        data = pickle.dumps(message)
        view = memoryview(struct.pack("<Q", len(data)) + data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                _, ready, _ = select.select([], [self._write], [], min(left, 1.0))
            except (OSError, ValueError):
                return False
            if not ready:
                continue
            try:
                view = view[os.write(self._write, view) :]
            except BlockingIOError:
                continue
            except OSError:
                return False
        return True

    def _read_exactly(self, size: int, deadline: float) -> bytes | str | None:
        """``size`` bytes from the child, ``"TIMEOUT"``, or None if it ended first."""
        buffer = bytearray(size)
        view, got = memoryview(buffer), 0
        while got < size:
            left = deadline - time.monotonic()
            if left <= 0:
                return "TIMEOUT"
            ready, _, _ = select.select([self._read], [], [], min(left, 1.0))
            if not ready:
                continue
            n = os.readv(self._read, [view[got:]])
            if n == 0:
                return None
            got += n
        return bytes(buffer)

    def _answer(self, seconds: float) -> Any:
        """The child's answer to the request just sent, or why there is none.

        A dict, the forbidden line (``FORBIDDEN``, file, qualified name), ``"TIMEOUT"``,
        ``"FLOOD"`` (too long or not a frame), ``"STRAY"`` (another request's id) or None
        (it ended without one).
        """
        deadline = time.monotonic() + seconds
        head = self._read_exactly(_HEADER.size, deadline)
        if not isinstance(head, bytes):
            return head
        magic, ident, size = _HEADER.unpack(head)
        if magic != ANSWER_MAGIC or size > MAX_ANSWER_BYTES:
            return "FLOOD"
        if ident not in (0, self._id):
            return "STRAY"
        body = self._read_exactly(size, deadline)
        if not isinstance(body, bytes):
            return body
        text = body.decode("utf-8", "replace")
        if ident == 0:  # the child's last word: a forbidden function started
            return text if text.startswith("FORBIDDEN\t") else "STRAY"
        return _parse(text)

    def _quiet(self) -> bool:
        """Whether nothing is waiting in the channel (the child speaks only when asked)."""
        try:
            ready, _, _ = select.select([self._read], [], [], 0)
        except (OSError, ValueError):
            return False
        return not ready

    def close(self) -> None:
        """End the child (idempotent)."""
        if self.process is not None:
            if self.process.poll() is None:
                self.process.kill()
            for stream in (self.process.stdin, self.process.stdout):
                try:
                    stream.close()
                except OSError:
                    pass
            self.process.wait()
            self._dir.cleanup()
            self.process = None

    def __enter__(self) -> Jail:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # ------------------------------------------------------------------ calls
    def call(self, name: str, args: tuple) -> dict:
        """``name(*args)`` in the child: the child's answer, or why there is none."""
        if self.whole.left() <= 0:
            return {"kind": "ended", "why": f"budget\t{self.whole.ran_out_in or name}"}
        if self._deadline is not None and self._deadline <= time.monotonic():
            return {"kind": "ended", "why": f"timeout\tover the grade cell's time\t{self.hung}"}
        if self.process is None:
            if self.ended is not None and (
                self.ended.endswith("solution cells") or self.ended.startswith("channel")
            ):
                # the cells ended the child, or it wrote to the channel: it would again
                return {"kind": "ended", "why": self.ended}
            self.ended = None
            self.start()
            if self.process is None:
                return {"kind": "ended", "why": self._why(name)}
        if not self._quiet():
            self._ended("STRAY", "before your function was called")
            return {"kind": "ended", "why": self.ended}
        self._id = secrets.randbits(63) | 1
        seconds = self._seconds(CALL_SECONDS)
        if not self._send(
            {"id": self._id, "name": name, "args": list(args)}, time.monotonic() + seconds
        ):
            self._ended("TIMEOUT", "while your function ran")
            return {"kind": "ended", "why": self._why(name)}
        answer = self._answer(self._seconds(CALL_SECONDS))
        if not isinstance(answer, dict):
            self._ended(answer, "while your function ran")
            return {"kind": "ended", "why": self._why(name)}
        return answer

    def _why(self, name: str) -> str:
        """Why the child ended; a timeout that spent the submission's budget says so."""
        why = self.ended or "crashed"
        if why.startswith("timeout"):
            self.hung = name
        if why.startswith("timeout") and self.whole.left() <= 0:
            if self.whole.ran_out_in is None:
                self.whole.ran_out_in = name
            return f"budget\t{self.whole.ran_out_in}"
        return why


def _parse(text: str) -> dict | None:
    """An answer's text as a dict, or None (the child may write anything)."""
    if not text.startswith("{"):
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


class Opaque:
    """A returned value of a type the grader does not read (only its type name travels)."""

    def __repr__(self) -> str:
        return f"<a {type(self).__name__}>"


def rebuild(data: dict) -> Any:
    """The plain value the child sent, rebuilt (numbers as float, trees as Tree).

    Examples
    --------
    >>> rebuild({"t": "dict", "v": [[{"t": "str", "v": "a"}, {"t": "number", "v": 1.0}]]})
    {'a': 1.0}
    """
    kind = data.get("t")
    if kind == "none":
        return None
    if kind == "bool":
        return bool(data["v"])
    if kind == "str":
        return str(data["v"])
    if kind == "number":  # a float, or the text of a non-finite one ("nan", "-inf")
        return float(data["v"])
    if kind == "list":
        items = [rebuild(v) for v in data["v"]]
        return tuple(items) if data.get("type") == "tuple" else items
    if kind == "dict":
        out = {}
        for k, v in data["v"]:
            key = rebuild(k)
            out[tuple(key) if isinstance(key, list) else key] = rebuild(v)
        return out
    if kind == "tree":
        from ...tree import Tree

        return Tree.from_json(data["v"])
    name = str(data.get("type", "object"))
    return type(name if name.isidentifier() else "object", (Opaque,), {})()


class RemoteFunction:
    """One of the student's functions, living in a :class:`Jail`.

    Parameters
    ----------
    jail : Jail
        The child holding the student's cells.
    name : str
        The function's name in the notebook.
    words : callable, optional
        ``(filename, qualname) -> str``: the sentence for a forbidden call.
    """

    def __init__(self, jail: Jail, name: str, words: Any = None) -> None:
        self.jail = jail
        self.__name__ = name
        self.words = words
        self.changed_inputs: tuple = ()

    def __call__(self, *args: Any) -> Any:
        """Call it like the student's function (errors raise RuntimeError)."""
        outcome = self.remote_call(*args)
        if not outcome.ok:
            raise RuntimeError(outcome.message)
        return outcome.value

    def remote_call(self, *args: Any) -> Outcome:
        """Call the function in the child: an Outcome with a rebuilt plain value."""
        answer = self.jail.call(self.__name__, args)
        kind = answer.get("kind")
        changed = answer.get("changed_inputs", ())
        self.changed_inputs = (
            tuple(i for i in changed if type(i) is int) if isinstance(changed, list) else ()
        )
        if kind == "value":
            try:
                return Outcome("value", rebuild(answer["value"]))
            except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
                return Outcome("error", message=f"returned a value that is not valid: {exc}")
        if kind == "ended":
            why = str(answer.get("why") or "crashed")
            if why.startswith("forbidden\t"):
                _, filename, qualname, when = why.split("\t", 3)
                text = (
                    self.words(filename, qualname)
                    if self.words
                    else f"calls {qualname}, which this homework forbids"
                )
                if "cells" in when:
                    text += " (in the top-level code of a solution cell)"
                return Outcome("forbidden", message=text)
            if why.endswith("solution cells") and not why.startswith("forbidden"):
                return Outcome(
                    "error",
                    message=f"your solution cells did not run to the end "
                    f"({why.split(chr(9))[0]}): run them in a "
                    f"fresh kernel (Restart & Run All)",
                )
            if why.startswith("budget\t"):
                hung = why.split("\t", 1)[1]
                if hung == self.__name__:
                    text = (
                        f"did not finish: the {self.jail.whole.seconds:g} s this "
                        f"submission may take ran out while {hung} ran — is there a "
                        f"loop that never ends?"
                    )
                else:
                    text = (
                        f"not run: the {self.jail.whole.seconds:g} s this submission may "
                        f"take ran out while {hung} ran — is there a loop that never "
                        f"ends in {hung}?"
                    )
                return Outcome("timeout", message=text)
            hung = why.split("\t")[-1] if why.count("\t") >= 2 else self.__name__
            if why.startswith("timeout") and hung not in (self.__name__, "None"):
                return Outcome(
                    "timeout",
                    message=f"not run: the grade cell's time "
                    f"({PART_SECONDS:g} s) ran out while {hung} "
                    f"ran — is there a loop that never ends in "
                    f"{hung}?",
                )
            if why.startswith("timeout"):
                return Outcome(
                    "timeout",
                    message=f"did not finish in time ({CALL_SECONDS:g} s "
                    f"a call, {PART_SECONDS:g} s a grade cell) "
                    f"— is there a loop that never ends?",
                )
            if why.startswith("channel"):
                return Outcome(
                    "error",
                    message="wrote to the grader's channel (only the "
                    "grading child's answers may go there)",
                )
            return Outcome(
                "error",
                message="the grading process stopped while your code "
                "ran (it crashed or used too much memory)",
            )
        return Outcome(
            kind if kind in ("not yet", "error", "recursion") else "error",
            message=str(answer.get("message", "")),
        )
