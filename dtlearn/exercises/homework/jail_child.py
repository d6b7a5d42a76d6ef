# About 520 logical lines: one idea, the grading child's lock; stubs, seccomp, profile, audit hook and statement runner are safe only in the order main() installs them, so they are read together.
"""The grading child: a fresh interpreter that runs a student's solution cells under a lock.

Started by :mod:`~dtlearn.exercises.homework.jail_client` (the grader, never the student) as
``python -I -m dtlearn.exercises.homework.jail_child`` with two pipes of the grader's as stdin
(requests) and stdout (answers, in frames: see :func:`frame`). It reads its setup from stdin
(the solution cells, the files whose functions are forbidden), then, in this order:

1. imports what the homework needs (numpy, pandas, dtlearn and its reference modules) and
   the allow-listed packages the cells import (:func:`imported_names`);
2. gives every function defined in a forbidden file a stub's code that writes one line
   naming the function and ends the process (:func:`_neuter`): no context, traced or not
   (an audit hook, a signal handler, a finalizer), can run a reference implementation;
3. sets its resource limits (:func:`_limit`: CPU, address space, file size, processes),
   forbids new threads in Python (``_thread.start_new_thread``) and locks itself in the
   kernel (:func:`~dtlearn.exercises.homework.oslock.lock`: no capabilities; Landlock, so
   it reads only the Python installation and dtlearn and writes nothing; a seccomp filter:
   ``clone``, ``fork``, ``execve``, ``memfd_create``, signal handlers, timers and ``kill``
   fail);
4. installs a profile function that ends the process, after writing the same line, as soon
   as a forbidden function starts (whatever name or object reached it); its state lives in
   default arguments, which cannot be replaced without an audit event;
5. installs an audit hook (:func:`sys.addaudithook`, which cannot be removed; adding
   another is refused) that refuses ``sys.setprofile`` / ``sys.settrace``,
   ``sys._getframe``, traceback, generator and coroutine frames, ``gc`` walks, ctypes, new
   code objects (a copy of a reference function under another file name), processes,
   sockets, file writes, and reading a file or listing a folder outside the Python
   installation and dtlearn (the grading secret, the gradebook, the instructor's solutions,
   the other submissions) or the source of a forbidden module; it and the profile function
   check exact types before calling any method of a value (a ``str`` subclass's methods
   would run the student's code inside them);
6. runs the solution cells, one top-level statement at a time (a failing import costs only
   itself), then answers calls from the grader: ``fn(*args)`` → the value turned into plain
   data (numbers, strings, lists, dicts, a ``Tree`` of exactly that type as JSON) *while the
   lock is still on*, written as one frame (:func:`frame`) to the grader's pipe.

The child never sees an expected value or the grading secret: the grader computes those
and judges the plain values itself, so nothing the student's code does in here can write
a verdict. Everything the hook and the profile function use is bound when they are made
(default arguments, closures the student cannot reach), never looked up in a module the
student's code could change.

Examples
--------
>>> plain(3) == {"t": "number", "v": 3.0, "type": "int"}
True
>>> plain({"a": ["x", 1.5]})["t"]
'dict'
"""

from __future__ import annotations

import builtins
import gc
import json
import math
import os
import pickle
import struct
import sys
import types
from types import MappingProxyType
from typing import Any

__all__ = ["frame", "main", "plain"]

_MAX_ITEMS = 200_000
_MAX_CHARS = 1 << 20
"""The longest string an answer carries (a longer one travels as its type's name)."""

ANSWER_MAGIC = b"DTLA"
_HEADER = struct.Struct("<4sQI")


def frame(ident: int, text: str) -> bytes:
    r"""One answer as the grader reads it: magic, the request's id, length, UTF-8 text.

    Id 0 is the child's last word (a forbidden function started), read after any request.

    Examples
    --------
    >>> frame(7, "{}")
    b'DTLA\x07\x00\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00{}'
    """
    data = text.encode("utf-8", "replace")
    return _HEADER.pack(ANSWER_MAGIC, ident, len(data)) + data


class Refused(RuntimeError, ValueError):
    """An operation the grading lock does not allow while a student's code is graded.

    Also a ``ValueError``: the standard library's ``sys._getframe`` callers (namedtuple,
    enum, typing) expect that when no frame can be had, and carry on without one.
    """


def _number(value: Any, kind: str) -> dict:
    f = float(value)
    if type(f) is not float:
        raise TypeError("float() did not give a float")
    text = repr(f) if (math.isnan(f) or math.isinf(f)) else f
    return {"t": "number", "v": text, "type": kind}


def plain(value: Any, _budget: list | None = None) -> dict:
    """``value`` as plain JSON-ready data, read with the types' own methods.

    Containers are read through the built-in types' methods (``dict.items(d)``), never
    the value's own, so a dict that fills itself when iterated shows what it holds.
    A :class:`dtlearn.tree.Tree` of exactly that type becomes its JSON; a fitted model
    its ``tree_``; anything else its type's name.

    Parameters
    ----------
    value : object
        What the student's function returned.

    Returns
    -------
    dict
        ``{"t": kind, "v": ...}``.

    Examples
    --------
    >>> plain(None), plain("yes")
    ({'t': 'none'}, {'t': 'str', 'v': 'yes'})
    """
    import numbers
    from decimal import Decimal

    import numpy as np

    budget = [_MAX_ITEMS] if _budget is None else _budget
    budget[0] -= 1
    if budget[0] < 0:
        raise ValueError("the value is too large")
    kind = type(value)
    name = kind.__name__
    mro = kind.__mro__
    if value is None:
        return {"t": "none"}
    if kind is bool or kind is np.bool_:
        return {"t": "bool", "v": bool(value), "type": name}
    if str in mro:
        if str.__len__(value) > _MAX_CHARS:
            return {"t": "other", "type": "str (too long)"}
        return {"t": "str", "v": str.__str__(value)}
    if kind is int:
        if abs(value) > 2**1000:
            return {"t": "other", "type": "int (too large)"}
        return _number(value, name)
    if np.ndarray in mro:
        if value.ndim == 0 and value.dtype.kind in "iuf":
            return _number(value[()], name)
        return {
            "t": "list",
            "type": name,
            "v": [plain(v, budget) for v in np.asarray(value, dtype=object).ravel()],
        }
    if (
        numbers.Real in mro
        or float in mro
        or Decimal in mro
        or np.integer in mro
        or np.floating in mro
        or isinstance(value, numbers.Real)
    ):
        return _number(value, name)
    if dict in mro:
        return {
            "t": "dict",
            "type": name,
            "v": [[plain(k, budget), plain(v, budget)] for k, v in dict.items(value)],
        }
    if list in mro:
        return {"t": "list", "type": name, "v": [plain(v, budget) for v in list.copy(value)]}
    if tuple in mro:
        return {"t": "list", "type": name, "v": [plain(v, budget) for v in tuple.__iter__(value)]}
    from ...tree import Tree

    if kind is Tree:
        return {"t": "tree", "v": Tree.to_json(value)}
    import pandas as pd

    if pd.Series in mro:
        return {"t": "list", "type": name, "v": [plain(v, budget) for v in pd.Series.tolist(value)]}
    inner = getattr(value, "tree_", None)
    if type(inner) is Tree:
        return {"t": "tree", "v": Tree.to_json(inner)}
    return {"t": "other", "type": name}


# --------------------------------------------------------------------------- the lock
def _make_profile(forbidden: frozenset, fd: int, functions: frozenset = frozenset()):
    def profile(
        frame,
        event,
        arg,
        _forbidden=forbidden,
        _fd=fd,
        _write=os.write,
        _exit=os._exit,
        _functions=functions,
        _frame=globals()["frame"],  # noqa: B008 - the lock's state lives in defaults
    ):
        if event == "call":
            code = frame.f_code
            filename = code.co_filename
            if type(filename) is not str:
                _exit(4)
            if (filename in _forbidden and code.co_name != "<module>") or (
                filename,
                code.co_qualname,
            ) in _functions:
                _write(_fd, _frame(0, "FORBIDDEN\t" + code.co_filename + "\t" + code.co_qualname))
                _exit(3)

    return profile


_REFUSED_EVENTS = frozenset(
    {
        "sys.setprofile",
        "sys.settrace",
        "sys._getframe",
        "sys._current_frames",
        "sys._current_exceptions",
        "gc.get_objects",
        "gc.get_referrers",
        "gc.get_referents",
        "code.__new__",
        "marshal.dumps",
        "os.system",
        "os.exec",
        "os.posix_spawn",
        "os.spawn",
        "os.fork",
        "os.forkpty",
        "pty.spawn",
        "subprocess.Popen",
        "os.kill",
        "os.killpg",
        "signal.pthread_kill",
        "os.remove",
        "os.rename",
        "os.rmdir",
        "os.mkdir",
        "os.symlink",
        "os.link",
        "os.truncate",
        "os.chmod",
        "os.chown",
        "os.chdir",
        "os.chroot",
        "os.utime",
        "os.chflags",
        "os.lchflags",
        "os.lchmod",
        "os.lchown",
        "os.mkfifo",
        "os.mknod",
        "shutil.copyfile",
        "shutil.copymode",
        "shutil.copystat",
        "shutil.copytree",
        "shutil.move",
        "shutil.rmtree",
        "shutil.make_archive",
        "shutil.unpack_archive",
        "socket.__new__",
        "socket.connect",
        "socket.bind",
        "socket.getaddrinfo",
        "socket.sendto",
        "urllib.Request",
        "sqlite3.connect",
        "resource.setrlimit",
        "resource.prlimit",
        "mmap.__new__",
        "_winapi.CreateProcess",
        "webbrowser.open",
        "ftplib.connect",
        "smtplib.connect",
        "http.client.connect",
        "telnetlib.Telnet.open",
        "imaplib.open",
        "poplib.connect",
        "nntplib.connect",
        "syslog.openlog",
        "os.startfile",
        "fcntl.ioctl",
        "sys.monitoring.register_callback",
        "sys.addaudithook",
    }
)
_REFUSED_MODULES = frozenset(
    {
        "ctypes",
        "_ctypes",
        "cffi",
        "_cffi_backend",
        "_posixsubprocess",
        "multiprocessing",
        "_multiprocessing",
        "pyarrow",
        "h5py",
        "tables",
        "sqlite3",
        "_sqlite3",
        "socket",
        "_socket",
        "ssl",
        "_ssl",
        "mmap",
    }
)
_FRAME_ATTRS = frozenset({"gi_frame", "cr_frame", "ag_frame"})


def _make_hook(roots: tuple, secret_inodes: frozenset, protected: tuple, gate: list):
    """The audit hook: a table from audit event to the rule that judges it.

    ``gate[0]`` is True only while the jail itself reads a traceback. ``protected``: the
    profile function and the jail's functions that hold the gate after the lock; their
    attributes (``__code__``, ``__defaults__``) cannot be set.

    ==========================================  =========================================
    event                                       rule
    ==========================================  =========================================
    ``object.__getattr__``                      no generator, coroutine or (outside the
                                                jail's own traceback) traceback frame
    ``import``                                  no module of :data:`_REFUSED_MODULES`
    ``object.__setattr__``                      the lock's own functions stay as they are
    ``os.listdir``, ``os.scandir``              only folders under the roots
    ``open``                                    read only, only under the roots, never
                                                the source of what is graded
    :data:`_REFUSED_EVENTS`, ``ctypes.*``       always refused
    anything else                               allowed
    ==========================================  =========================================

    Every value a rule looks at is checked by exact type before any method is called on
    it: a ``str`` subclass's ``split`` or ``__contains__`` would otherwise run the
    student's code inside the hook, where nothing is traced. The rules' state lives in
    their default arguments and the table is read-only, reachable only from the hook.
    """
    refused, modules, frame_attrs = _REFUSED_EVENTS, _REFUSED_MODULES, _FRAME_ATTRS

    def inside(
        path,
        _str=str,
        _bytes=bytes,
        _type=type,
        _getcwd=os.getcwd,
        _fsdecode=os.fsdecode,
        _roots=roots,
    ):
        """The path as text if it is under one of the roots, else None."""
        if _type(path) is _bytes:
            path = _fsdecode(path)
        elif _type(path) is not _str:
            return None
        full = path if path.startswith("/") else _getcwd() + "/" + path
        if "/../" in full + "/" or "/./" in full + "/" or not (full + "/").startswith(_roots):
            return None
        return full

    def refuse(event, args, _Refused=Refused):
        raise _Refused(f"{event} is not allowed while your work is graded")

    def read_attribute(
        event, args, _str=str, _type=type, _Refused=Refused, _frame=frame_attrs, _gate=gate
    ):
        name = args[1]
        if _type(name) is not _str:  # only sys.audit() from the student's code sends that
            raise _Refused("an audit event with a name that is not a str")
        if name in _frame or (name == "tb_frame" and not _gate[0]):
            raise _Refused(f"reading .{name} is not allowed while your work is graded")

    def import_module(event, args, _str=str, _type=type, _Refused=Refused, _modules=modules):
        name = args[0]
        if _type(name) is not _str:
            raise _Refused(
                "importing by a name that is not a str is not allowed while your work is graded"
            )
        if _str.split(name, ".")[0] in _modules:
            raise _Refused(f"importing {name} is not allowed while your work is graded")

    def set_attribute(event, args, _Refused=Refused, _protected=protected):
        target = args[0]
        for kept in _protected:  # the lock's own state lives in their defaults
            if target is kept:
                raise _Refused("changing the grading lock is not allowed")

    def list_folder(event, args, _int=int, _type=type, _Refused=Refused, _inside=inside):
        path = args[0]
        if _type(path) is _int:  # a folder opened with os.open: the "open" event saw it
            return
        if _inside("." if path is None else path) is None:
            raise _Refused(
                "listing a folder outside Python's and dtlearn's is not "
                "allowed while your work is graded"
            )

    def open_file(
        event,
        args,
        _str=str,
        _int=int,
        _type=type,
        _stat=os.stat,
        _Refused=Refused,
        _inodes=secret_inodes,
        _inside=inside,
        _flags=os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND,
    ):
        path, mode, flags = args[0], args[1], args[2]
        if _type(mode) is _str:
            if "w" in mode or "a" in mode or "x" in mode or "+" in mode:
                raise _Refused("writing files is not allowed while your work is graded")
        elif mode is not None or _type(flags) is not _int or flags & _flags:
            raise _Refused("writing files is not allowed while your work is graded")
        if _type(path) is _int:
            return
        full = _inside(path)
        if full is None:
            raise _Refused(
                "reading a file outside Python's and dtlearn's folders is "
                "not allowed while your work is graded"
            )
        try:
            st = _stat(full)
        except OSError:
            return
        if (st.st_dev, st.st_ino) in _inodes:
            raise _Refused(
                "reading the source of what you implement is not allowed while your work is graded"
            )

    rules = MappingProxyType(
        {
            **dict.fromkeys(refused, refuse),
            "object.__getattr__": read_attribute,
            "import": import_module,
            "object.__setattr__": set_attribute,
            "os.listdir": list_folder,
            "os.scandir": list_folder,
            "open": open_file,
        }
    )

    def hook(event, args, _rule=rules.get, _refuse=refuse):
        # ``event`` is always an exact str: CPython makes it from the C string it audits
        rule = _rule(event)
        if rule is not None:
            rule(event, args)
        elif event.startswith("ctypes."):
            _refuse(event, args)

    return hook


_STUB_MESSAGE = b"\0forbidden message\0"


def _stub_template(freevars: tuple, fd: int, cache: dict):
    """A code object that writes a FORBIDDEN line and ends the process (``freevars`` kept)."""
    if freevars not in cache:
        body = "        (" + ", ".join(freevars) + ")\n" if freevars else ""
        source = (
            "def outer():\n"
            + "".join(f"    {v} = None\n" for v in freevars)
            + "    def f(*args, **kwargs):\n"
            + body
            + f"        __import__('os').write({fd}, {_STUB_MESSAGE!r})\n"
            + "        __import__('os')._exit(3)\n"
            + "        raise SystemExit(3)\n    return f\n"
        )
        namespace: dict = {}
        exec(compile(source, "<forbidden>", "exec"), namespace)  # noqa: S102
        code = namespace["outer"]().__code__
        if code.co_freevars != freevars:
            raise RuntimeError(f"stub free variables {code.co_freevars} != {freevars}")
        cache[freevars] = code
    return cache[freevars]


def _neuter(forbidden: frozenset, fd: int, functions: frozenset = frozenset()) -> int:
    """Give every function defined in a forbidden file a stub's code (before the lock).

    The profile function sees only calls made while tracing is on; audit hooks, signal
    handlers, finalizers and a ``str`` subclass's methods called from inside the profile
    function or a hook run untraced. With the code itself replaced, no context reaches
    dtlearn's (or another library's) reference implementation, and a copy of its code is a
    copy of the stub. The stub keeps the file name and qualified name, so the profile still
    names the function first when tracing is on; where it is off, the stub writes the same
    line itself. Returns how many functions were changed.
    """
    import gc
    import types

    cache: dict = {}
    count = 0
    for obj in gc.get_objects():
        if type(obj) is not types.FunctionType:
            continue
        code = obj.__code__
        if (
            code.co_filename not in forbidden
            and (code.co_filename, code.co_qualname) not in functions
        ):
            continue
        message = frame(0, "FORBIDDEN\t" + code.co_filename + "\t" + code.co_qualname)
        template = _stub_template(code.co_freevars, fd, cache)
        obj.__code__ = template.replace(
            co_filename=code.co_filename,
            co_name=code.co_name,
            co_qualname=code.co_qualname,
            co_consts=tuple(message if c == _STUB_MESSAGE else c for c in template.co_consts),
        )
        count += 1
    return count


def _block_threads() -> None:
    import _thread
    import threading

    def refuse(*args, **kwargs):
        raise Refused("starting a thread is not allowed while your work is graded")

    _thread.start_new_thread = refuse
    _thread.start_new = refuse
    threading._start_new_thread = refuse
    if hasattr(_thread, "start_joinable_thread"):  # Python 3.13
        _thread.start_joinable_thread = refuse
        threading._start_joinable_thread = refuse


def _without_magics(source: str) -> str:
    """IPython's ``%magic`` and ``!shell`` lines become ``pass`` (same indentation)."""
    lines = []
    for line in source.splitlines():
        stripped = line.lstrip()
        if stripped.startswith(("%", "!")):
            line = line[: len(line) - len(stripped)] + "pass"
        lines.append(line)
    return "\n".join(lines) + "\n"


_MAX_ANSWER_CHARS = 4 << 20
"""The longest answer sent (the grader reads at most 16 MiB; a value that long is no answer)."""


def _limit(setup: dict) -> None:
    """CPU time, address space, file size and process count limits (before any student code).

    ``RLIMIT_NPROC`` 0: no new process or thread (counted per user; 0 refuses every one
    whatever the user runs elsewhere). ``RLIMIT_FSIZE`` 0: no file grows. The audit hook
    refuses ``resource.setrlimit`` afterwards; the kernel refuses raising a hard limit.
    """
    import resource

    cpu = int(setup.get("cpu_seconds", 150))
    memory = int(setup.get("memory_bytes", 2 << 30))
    for which, value in (
        (resource.RLIMIT_CPU, cpu),
        (resource.RLIMIT_AS, memory),
        (resource.RLIMIT_FSIZE, 0),
        (resource.RLIMIT_NPROC, 0),
        (resource.RLIMIT_CORE, 0),
    ):
        try:
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):
            pass


def _read_frame(stream) -> object:
    head = stream.read(8)
    if len(head) < 8:
        raise EOFError
    (size,) = struct.unpack("<Q", head)
    return pickle.loads(stream.read(size))


def _location(
    exc: BaseException,
    gate: list,
    sources: dict,
    _traceback=BaseException.__traceback__.__get__,
    _tb=types.TracebackType,
    _isenabled=gc.isenabled,
    _disable=gc.disable,
    _enable=gc.enable,
    _str=str,
    _int=int,
    _type=type,
) -> tuple | None:
    """``(function name, line)`` of the last frame of the student's cells in the traceback.

    Reading ``tb_frame`` is refused to the student's code (a frame leads to every other);
    the hook lets it through only while ``gate[0]`` is set, here, with the collector off
    (a finalizer cannot run while the gate is open) and no method of the student's called.
    """
    tb = _traceback(exc)  # the slot itself, not an exception class's own property
    found = None
    collecting = _isenabled()
    _disable()
    gate[0] = True
    try:
        for _ in range(10_000):
            if _type(tb) is not _tb:
                break
            code = tb.tb_frame.f_code
            filename, name, line = code.co_filename, code.co_name, tb.tb_lineno
            if (
                _type(filename) is _str
                and filename in sources
                and _type(name) is _str
                and _type(line) is _int
            ):
                found = (filename, name, line)
            tb = tb.tb_next
    finally:
        gate[0] = False
        if collecting:
            _enable()
    if found is None:
        return None
    filename, name, line = found
    lines = sources[filename]
    return name, (lines[line - 1].strip() if 0 < line <= len(lines) else "")


def _describe(
    exc: BaseException,
    fn: object,
    gate: list | None = None,
    sources: dict | None = None,
    location=_location,
) -> dict:
    """The error in words, with the line of the student's code it came from."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    detail = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    where = ""
    try:
        found = location(exc, gate, sources) if gate is not None else None
        if found:
            name, line = found
            name = name if not name.startswith("<") else getattr(fn, "__name__", "")
            parts = ([f"in {name}"] if name else []) + ([f"at `{line}`"] if line else [])
            where = f" ({', '.join(parts)})" if parts else ""
    except Exception:  # noqa: BLE001 - the location is a courtesy
        where = ""
    return {"kind": "error", "message": f"raised {detail}{where}", "error": type(exc).__name__}


def _call(namespace: dict, name: str, args: tuple, describe=_describe) -> dict:
    from ...tree import Tree

    fn = namespace.get(name)
    if fn is None:
        return {
            "kind": "error",
            "message": f"there is no function `{name}`: run the cell "
            f"that defines it (did you rename it?)",
        }
    if not callable(fn):
        return {"kind": "error", "message": f"`{name}` is not a function"}
    before = [Tree.to_json(a) if type(a) is Tree else None for a in args]
    try:
        value = fn(*args)
    except NotImplementedError:
        return {
            "kind": "not yet",
            "message": f"{name} raises NotImplementedError: replace "
            f"`raise NotImplementedError()` with your code",
        }
    except RecursionError:
        return {
            "kind": "recursion",
            "message": "called itself too many times (RecursionError) — does every "
            "call get closer to a stopping case?",
        }
    except SystemExit:
        return {"kind": "error", "message": "called exit() (SystemExit): return a value instead"}
    except Refused as exc:
        return {"kind": "error", "message": f"raised Refused: {exc}"}
    except Exception as exc:  # noqa: BLE001 - any error is reported in words
        return describe(exc, fn)
    try:
        answer = {"kind": "value", "value": plain(value)}
    except Exception as exc:  # noqa: BLE001
        return {
            "kind": "error",
            "message": f"returned a value that cannot be read ({type(exc).__name__}: {exc})",
        }
    changed = [
        i for i, (a, b) in enumerate(zip(args, before)) if b is not None and Tree.to_json(a) != b
    ]
    if changed:
        answer["changed_inputs"] = changed
    return answer


_PRE_IMPORTABLE = frozenset(
    {
        "numpy",
        "pandas",
        "scipy",
        "sklearn",
        "matplotlib",
        "IPython",
        "seaborn",
        "tqdm",
        "dtlearn",
        "math",
        "cmath",
        "statistics",
        "collections",
        "itertools",
        "functools",
        "operator",
        "fractions",
        "decimal",
        "random",
        "heapq",
        "bisect",
        "copy",
        "typing",
        "dataclasses",
        "numbers",
        "string",
        "re",
        "json",
        "csv",
        "enum",
        "abc",
        "warnings",
        "time",
        "datetime",
        "pprint",
        "textwrap",
        "contextlib",
        "array",
        "queue",
        "io",
    }
)
"""Packages whose modules the cells import are imported before the lock (a module that
writes a cache or reads its data files when first imported would fail under it)."""


def imported_names(sources: list) -> list:
    r"""Modules the cells import, in order (of :data:`_PRE_IMPORTABLE` packages only).

    ``import a.b`` gives ``a.b``; ``from a import b`` gives ``a`` and ``a.b`` (``b`` may
    be a submodule, or not: then importing it fails and is skipped).

    Examples
    --------
    >>> imported_names(["import scipy.stats\nfrom IPython.display import display\n"
    ...                 "import antigravity\n"])
    ['scipy.stats', 'IPython.display', 'IPython.display.display']
    """
    import ast

    names: list = []
    for source in sources:
        try:
            tree = ast.parse(_without_magics(source))
        except (SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found = [node.module] + [
                    f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*"
                ]
            else:
                continue
            names += [n for n in found if n.split(".")[0] in _PRE_IMPORTABLE and n not in names]
    return names


def _statements(source: str, filename: str) -> list:
    """One code object per top-level statement of a cell.

    A failing import costs that statement only: in a notebook it would stop the cell, but
    the student's kernel had the module, so the functions below it must still be graded.
    """
    import __future__

    import ast

    tree = ast.parse(source, filename)
    # the cell's own __future__ imports hold for all its statements, the jail's do not
    futures = compile(tree, filename, "exec", dont_inherit=True).co_flags & sum(
        getattr(__future__, name).compiler_flag for name in __future__.all_feature_names
    )
    return [
        compile(ast.Module([statement], []), filename, "exec", flags=futures, dont_inherit=True)
        for statement in tree.body
    ]


def main(argv: list[str] | None = None) -> None:
    """Run as ``python -I -m dtlearn.exercises.homework.jail_child`` (see the module)."""
    import functools
    import importlib

    # the answers go to a copy of stdout; fd 1 itself becomes /dev/null, so what a
    # library prints from C does not land in the grader's channel
    fd = os.dup(1)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.close(null)
    stdin = sys.stdin.buffer
    setup: Any = _read_frame(stdin)
    for name in [*setup["imports"], *imported_names([setup["preamble"], *setup["cells"]])]:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - an optional module may be missing
            pass
    _limit(setup)
    import linecache

    linecache.clearcache()
    inodes = set()
    for path in setup["unreadable"]:
        try:
            st = os.stat(path)
        except OSError:
            continue
        inodes.add((st.st_dev, st.st_ino))
    write, call, gate, sources = os.write, _call, [False], {}
    describe = functools.partial(_describe, gate=gate, sources=sources, location=_location)
    sys.dont_write_bytecode = True  # no marshal.dumps from the import system from now on
    codes = []
    for i, source in enumerate([setup["preamble"], *setup["cells"]]):
        source = _without_magics(source)
        filename = f"<cell {i}>"
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        sources[filename] = source.splitlines()
        try:
            codes.append((i, _statements(source, filename)))
        except SyntaxError as exc:
            codes.append((i, exc))
    namespace = {
        "__name__": "__main__",
        "__builtins__": builtins,
        "display": lambda *args, **kwargs: None,
    }  # as in Jupyter, shown nowhere
    functions = frozenset(tuple(f) for f in setup.get("forbidden_functions", ()))
    _neuter(frozenset(setup["forbidden"]), fd, functions)
    _block_threads()
    devnull = open(os.devnull, "w")  # noqa: SIM115 - the student's prints go nowhere
    sys.stdout = sys.stderr = devnull
    from .oslock import lock

    isolation = lock(list(setup["roots"])) if setup.get("seccomp", True) else {}
    sealed = bool(isolation.get("seccomp"))
    profile = _make_profile(frozenset(setup["forbidden"]), fd, functions)
    sys.setprofile(profile)
    sys.addaudithook(
        _make_hook(
            tuple(setup["roots"]), frozenset(inodes), (profile, call, _describe, _location), gate
        )
    )
    del profile
    problems = []
    for i, code in codes:
        if isinstance(code, SyntaxError):
            problems.append(
                f"solution cell {i} has a syntax error: {code.msg} (line {code.lineno})"
            )
            continue
        for statement in code:
            try:
                exec(statement, namespace)  # noqa: S102 - this process exists to run it
            except BaseException as exc:  # noqa: BLE001 - keep going, like nbgrader does
                problems.append(f"solution cell {i}: " + describe(exc, None)["message"])
    ident = setup["id"]
    del setup
    write(
        fd,
        frame(
            ident,
            json.dumps(
                {"ready": True, "sealed": sealed, "isolation": isolation, "problems": problems}
            ),
        ),
    )
    while True:
        try:
            request = _read_frame(stdin)
        except EOFError:
            os._exit(0)
        ident = request["id"]
        answer = call(namespace, request["name"], tuple(request["args"]), describe)
        del request
        text = json.dumps(answer)
        if len(text) > _MAX_ANSWER_CHARS:
            text = json.dumps({"kind": "error", "message": "returned a value too large to grade"})
        write(fd, frame(ident, text))


if __name__ == "__main__":
    main()
