r"""The grader's side of the grading child: start it, call the student's functions in it.

:class:`Jail` starts ``python -I -m dtlearn.exercises.homework.jail`` (see
:mod:`~dtlearn.exercises.homework.jail`) with the student's solution cells and the files
whose functions the homework forbids, and :class:`RemoteFunction` stands for one of the
student's functions: the checks call it like the function itself (through
:func:`~dtlearn.exercises.homework.grading.call_student`), get an
:class:`~dtlearn.exercises.sandbox.Outcome` whose value was rebuilt here from plain data,
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
import select
import struct
import subprocess
import sys
import sysconfig
import tempfile
import time
from typing import Any, Sequence

from ..sandbox import Outcome

__all__ = ["CALL_SECONDS", "PART_SECONDS", "Jail", "RemoteFunction", "rebuild"]

CALL_SECONDS = 60.0
"""Wall-clock seconds one call of the student's function may take in the grading child."""

PART_SECONDS = 240.0
"""Wall-clock seconds all the calls of one grade cell may take together (see
:meth:`Jail.budget`): a function that waits on every call does not hold up the grading."""

START_SECONDS = 120.0
"""Seconds the child may take to import and run the solution cells."""

_IMPORTS = ("numpy", "pandas", "dtlearn", "dtlearn.tree", "dtlearn.learners",
            "dtlearn.pruning.reduced_error", "dtlearn.pruning.pessimistic", "dtlearn.pruning.rules", "dtlearn.learners.c45",
            "dtlearn.pruning.cost_complexity", "dtlearn.pruning.tree_access", "dtlearn.weka_arithmetic",
            "dtlearn.exercises", "dtlearn.exports.json_io", "collections", "itertools",
            "functools", "statistics", "fractions", "decimal", "operator", "copy", "random",
            "heapq", "numbers", "traceback", "linecache")


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
    """

    def __init__(self, cells: Sequence[str], forbidden: Sequence[str],
                 preamble: str = "import math\nimport numpy as np\nimport pandas as pd\n"
                                 "import dtlearn as dt\n") -> None:
        self.cells = [str(c) for c in cells]
        self.forbidden = sorted(set(forbidden))
        self.preamble = preamble
        self.process: subprocess.Popen | None = None
        self.ended: str | None = None  # why the last child ended, for the next message
        self.problems: list[str] = []
        self.sealed = False
        self.starts = 0
        self._buffer = b""
        self._deadline: float | None = None

    def budget(self, seconds: float | None = PART_SECONDS) -> None:
        """Allow the calls from now on ``seconds`` together (None: no limit)."""
        self._deadline = None if seconds is None else time.monotonic() + seconds

    # ------------------------------------------------------------------ process
    def start(self) -> None:
        """Start a fresh child and wait until it has run the cells."""
        self.close()
        self.starts += 1
        read, write = os.pipe()
        self._dir = tempfile.TemporaryDirectory(prefix="dtlearn-grading-")
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self._dir.name,
               "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
               "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1", "MPLBACKEND": "Agg",
               "MPLCONFIGDIR": _matplotlib_dir()}
        self.process = subprocess.Popen(
            [sys.executable, "-I", "-m", "dtlearn.exercises.homework.jail", str(write)],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(write,), cwd=self._dir.name, env=env, start_new_session=True)
        os.close(write)
        self._read = read
        self._buffer = b""
        self._send({"imports": _IMPORTS, "forbidden": self.forbidden,
                    "unreadable": _with_caches(self.forbidden), "roots": _roots(),
                    "preamble": self.preamble, "cells": self.cells})
        line = self._line(START_SECONDS)
        ready = _parse(line)
        if ready is None:
            self._ended(line, "while running your solution cells")
            return
        problems = ready.get("problems", [])
        self.problems = [str(p) for p in problems] if isinstance(problems, list) else []
        self.sealed = bool(ready.get("sealed"))

    def _ended(self, line: str | None, when: str) -> None:
        if line is not None and line.startswith("FORBIDDEN\t"):
            _, filename, qualname = line.split("\t", 2)
            self.ended = f"forbidden\t{filename}\t{qualname}\t{when}"
        elif line == "TIMEOUT":
            self.ended = f"timeout\t{when}"
        else:
            self.ended = f"crashed\t{when}"
        self.close()

    def _send(self, message: dict) -> None:
        data = pickle.dumps(message)
        try:
            self.process.stdin.write(struct.pack("<Q", len(data)) + data)
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def _line(self, seconds: float) -> str | None:
        """The child's next line, ``"TIMEOUT"``, or None if it ended without one."""
        deadline = time.monotonic() + seconds
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                return "TIMEOUT"
            ready, _, _ = select.select([self._read], [], [], min(left, 1.0))
            if not ready:
                continue
            chunk = os.read(self._read, 1 << 20)
            if not chunk:
                if not self._buffer:
                    return None
                break
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", "replace")

    def close(self) -> None:
        """End the child (idempotent)."""
        if self.process is not None:
            try:
                self.process.stdin.close()
            except OSError:
                pass
            if self.process.poll() is None:
                self.process.kill()
            self.process.wait()
            os.close(self._read)
            self._dir.cleanup()
            self.process = None

    def __enter__(self) -> "Jail":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # ------------------------------------------------------------------ calls
    def call(self, name: str, args: tuple) -> dict:
        """``name(*args)`` in the child: the child's answer, or why there is none."""
        seconds = CALL_SECONDS
        if self._deadline is not None:
            seconds = min(seconds, self._deadline - time.monotonic())
            if seconds <= 0:
                return {"kind": "ended", "why": "timeout\tover the grade cell's time"}
        if self.process is None:
            if self.ended is not None and self.ended.endswith("solution cells"):
                # the cells themselves ended the child: they would again, every time
                return {"kind": "ended", "why": self.ended}
            self.ended = None
            self.start()
            if self.process is None:
                return {"kind": "ended", "why": self.ended}
        self._send({"name": name, "args": list(args)})
        line = self._line(seconds)
        answer = _parse(line)
        if answer is None:
            self._ended(line, "while your function ran")
            return {"kind": "ended", "why": self.ended}
        return answer


def _parse(line: str | None) -> dict | None:
    """A line from the child as a dict, or None (the child may write anything)."""
    if line is None or not line.startswith("{"):
        return None
    try:
        value = json.loads(line)
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
    if kind == "number":
        value = data["v"]
        return float(value) if isinstance(value, str) else float(value)
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
        self.changed_inputs = tuple(i for i in changed if type(i) is int) if isinstance(
            changed, list) else ()
        if kind == "value":
            try:
                return Outcome("value", rebuild(answer["value"]))
            except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
                return Outcome("error", message=f"returned a value that is not valid: {exc}")
        if kind == "ended":
            why = str(answer.get("why") or "crashed")
            if why.startswith("forbidden\t"):
                _, filename, qualname, when = why.split("\t", 3)
                text = (self.words(filename, qualname) if self.words else
                        f"calls {qualname}, which this homework forbids")
                if "cells" in when:
                    text += " (in the top-level code of a solution cell)"
                return Outcome("forbidden", message=text)
            if why.endswith("solution cells") and not why.startswith("forbidden"):
                return Outcome("error", message=f"your solution cells did not run to the end "
                                                f"({why.split(chr(9))[0]}): run them in a "
                                                f"fresh kernel (Restart & Run All)")
            if why.startswith("timeout"):
                return Outcome("timeout", message=f"did not finish in time ({CALL_SECONDS:g} s "
                                                  f"a call, {PART_SECONDS:g} s a grade cell) "
                                                  f"— is there a loop that never ends?")
            return Outcome("error", message="the grading process stopped while your code "
                                            "ran (it crashed or used too much memory)")
        return Outcome(kind if kind in ("not yet", "error", "recursion") else "error",
                       message=str(answer.get("message", "")))
