"""The grading child: a fresh interpreter that runs a student's solution cells under a lock.

Started by :mod:`~dtlearn.exercises.homework.remote` (the grader, never the student) as
``python -I -m dtlearn.exercises.homework.jail <fd>``. It reads its setup from stdin
(the solution cells, the files whose functions are forbidden), then, in this order:

1. imports what the homework needs (numpy, pandas, dtlearn and its reference modules);
2. forbids new processes and threads in the kernel (a seccomp filter on Linux x86-64:
   ``clone``, ``fork``, ``execve`` fail) and in Python (``_thread.start_new_thread``);
3. installs a profile function that ends the process, after writing one line naming the
   function, as soon as a forbidden function starts (whatever name or object reached it);
   its state lives in default arguments, which cannot be replaced without an audit event;
4. installs an audit hook (:func:`sys.addaudithook`, which cannot be removed) that refuses
   ``sys.setprofile`` / ``sys.settrace``, ``sys._getframe``, ``gc`` walks, ctypes, new
   code objects (a copy of a reference function under another file name), replacing a
   function's ``__code__`` or a dtlearn class's attributes, processes, sockets, file
   writes, and reading any file outside the Python installation and dtlearn (the grading
   secret, the gradebook, the instructor's solutions) or the source of a forbidden module;
5. runs the solution cells, then answers calls from the grader: ``fn(*args)`` → the value
   turned into plain data (numbers, strings, lists, dicts, a ``Tree`` of exactly that type
   as JSON) *while the lock is still on*, written as one JSON line to the grader's pipe.

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
import json
import math
import os
import pickle
import struct
import sys

__all__ = ["main", "plain"]

_MAX_ITEMS = 200_000


class Refused(RuntimeError, ValueError):
    """An operation the grading lock does not allow while a student's code is graded.

    Also a ``ValueError``: the standard library's ``sys._getframe`` callers (namedtuple,
    enum, typing) expect that when no frame can be had, and carry on without one.
    """


def _number(value: object, kind: str) -> dict:
    f = float(value)
    if type(f) is not float:  # noqa: E721 - exact type on purpose
        raise TypeError("float() did not give a float")
    text = repr(f) if (math.isnan(f) or math.isinf(f)) else f
    return {"t": "number", "v": text, "type": kind}


def plain(value: object, _budget: list | None = None) -> dict:
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
        return {"t": "str", "v": str.__str__(value)}
    if kind is int:
        if abs(value) > 2 ** 1000:
            return {"t": "other", "type": "int (too large)"}
        return _number(value, name)
    if np.ndarray in mro:
        if value.ndim == 0 and value.dtype.kind in "iuf":
            return _number(value[()], name)
        return {"t": "list", "type": name,
                "v": [plain(v, budget) for v in np.asarray(value, dtype=object).ravel()]}
    if (numbers.Real in mro or float in mro or Decimal in mro or np.integer in mro
            or np.floating in mro or isinstance(value, numbers.Real)):
        return _number(value, name)
    if dict in mro:
        return {"t": "dict", "type": name,
                "v": [[plain(k, budget), plain(v, budget)] for k, v in dict.items(value)]}
    if list in mro:
        return {"t": "list", "type": name, "v": [plain(v, budget) for v in list.copy(value)]}
    if tuple in mro:
        return {"t": "list", "type": name,
                "v": [plain(v, budget) for v in tuple.__iter__(value)]}
    from ...tree import Tree

    if kind is Tree:
        return {"t": "tree", "v": Tree.to_json(value)}
    import pandas as pd

    if pd.Series in mro:
        return {"t": "list", "type": name,
                "v": [plain(v, budget) for v in pd.Series.tolist(value)]}
    inner = getattr(value, "tree_", None)
    if type(inner) is Tree:  # noqa: E721
        return {"t": "tree", "v": Tree.to_json(inner)}
    return {"t": "other", "type": name}


# --------------------------------------------------------------------------- the lock
_SYSCALLS = {  # audit arch, then the calls that start processes or threads, or trace one
    "x86_64": (0xC000003E, (56, 57, 58, 59, 322, 435, 101, 310, 311)),
    "aarch64": (0xC00000B7, (220, 435, 221, 281, 117, 270, 271)),
}


def _seccomp() -> bool:
    """Make clone/fork/execve/ptrace fail with EPERM in this process (Linux only)."""
    import ctypes
    import platform

    arch = _SYSCALLS.get(platform.machine())
    if arch is None or not sys.platform.startswith("linux"):
        return False
    audit, calls = arch
    allow, deny = 0x7FFF0000, 0x00050000 | 1  # SECCOMP_RET_ALLOW, RET_ERRNO | EPERM
    n = len(calls)
    # another arch (i386 through int 0x80) or an x32 call number is refused outright
    prog = [(0x20, 0, 0, 4), (0x15, 0, n + 3, audit), (0x20, 0, 0, 0),
            (0x35, n + 1, 0, 0x40000000)]
    for i, nr in enumerate(calls):
        prog.append((0x15, n - i, 0, nr))
    prog += [(0x06, 0, 0, allow), (0x06, 0, 0, deny)]
    raw = b"".join(struct.pack("HBBI", *ins) for ins in prog)
    buf = ctypes.create_string_buffer(raw)

    class Fprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
        return False
    fprog = Fprog(len(prog), ctypes.addressof(buf))
    return libc.prctl(22, 2, ctypes.byref(fprog), 0, 0) == 0  # PR_SET_SECCOMP, FILTER


def _make_profile(forbidden: frozenset, fd: int):
    def profile(frame, event, arg, _forbidden=forbidden, _fd=fd, _write=os.write,
                _exit=os._exit):
        if event == "call":
            code = frame.f_code
            if code.co_filename in _forbidden and code.co_name != "<module>":
                _write(_fd, ("FORBIDDEN\t" + code.co_filename + "\t" + code.co_qualname
                             + "\n").encode("utf-8", "replace"))
                _exit(3)
    return profile


_REFUSED_EVENTS = frozenset({
    "sys.setprofile", "sys.settrace", "sys._getframe", "sys._current_frames",
    "sys._current_exceptions", "gc.get_objects", "gc.get_referrers", "gc.get_referents",
    "code.__new__", "marshal.dumps", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
    "os.forkpty", "pty.spawn", "subprocess.Popen", "os.kill", "os.killpg",
    "signal.pthread_kill", "os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.symlink",
    "os.link", "os.truncate", "os.chmod", "os.chown", "os.chdir", "os.chroot",
    "os.utime", "os.chflags", "os.lchflags", "os.lchmod",
    "os.lchown", "os.mkfifo", "os.mknod", "shutil.copyfile", "shutil.copymode",
    "shutil.copystat", "shutil.copytree", "shutil.move", "shutil.rmtree",
    "shutil.make_archive", "shutil.unpack_archive", "socket.__new__", "socket.connect",
    "socket.bind", "socket.getaddrinfo", "socket.sendto", "urllib.Request",
    "sqlite3.connect", "resource.setrlimit", "resource.prlimit", "mmap.__new__",
    "_winapi.CreateProcess", "webbrowser.open", "ftplib.connect", "smtplib.connect",
    "http.client.connect", "telnetlib.Telnet.open", "imaplib.open", "poplib.connect",
    "nntplib.connect", "syslog.openlog", "os.startfile",
    "fcntl.ioctl", "sys.monitoring.register_callback",
})
_REFUSED_MODULES = frozenset({"ctypes", "_ctypes", "cffi", "_cffi_backend",
                              "_posixsubprocess", "multiprocessing", "_multiprocessing",
                              "pyarrow", "h5py", "tables", "sqlite3", "_sqlite3", "socket",
                              "_socket", "ssl", "_ssl", "mmap"})
_FRAME_ATTRS = frozenset({"gi_frame", "cr_frame", "ag_frame"})


def _make_hook(roots: tuple, secret_inodes: frozenset, profile: object):
    refused, modules, frame_attrs = _REFUSED_EVENTS, _REFUSED_MODULES, _FRAME_ATTRS

    def hook(event, args, _refused=refused, _modules=modules, _frame=frame_attrs,
             _roots=roots, _inodes=secret_inodes, _isinstance=isinstance, _str=str,
             _bytes=bytes, _int=int, _type=type, _stat=os.stat, _getcwd=os.getcwd,
             _fsdecode=os.fsdecode, _Refused=Refused, _flags=os.O_WRONLY | os.O_RDWR
             | os.O_CREAT | os.O_TRUNC | os.O_APPEND, _profile=profile):
        if event == "object.__getattr__":
            if args[1] in _frame:
                raise _Refused(f"reading .{args[1]} is not allowed while your work is graded")
            return
        if event in _refused or event.startswith("ctypes."):
            raise _Refused(f"{event} is not allowed while your work is graded")
        if event == "import":
            name = args[0]
            if _isinstance(name, _str) and name.split(".")[0] in _modules:
                raise _Refused(f"importing {name} is not allowed while your work is graded")
            return
        if event == "object.__setattr__":
            if args[0] is _profile:  # the lock's own state lives in its defaults
                raise _Refused(f"setting {args[1]} of the grading lock is not allowed")
            return
        if event == "open":
            path, mode, flags = args[0], args[1], args[2]
            if mode is not None and _isinstance(mode, _str):
                if "w" in mode or "a" in mode or "x" in mode or "+" in mode:
                    raise _Refused("writing files is not allowed while your work is graded")
            elif _isinstance(flags, _int) and flags & _flags:
                raise _Refused("writing files is not allowed while your work is graded")
            if _isinstance(path, _int):
                return
            text = _fsdecode(path) if _isinstance(path, _bytes) else _str(path)
            full = text if text.startswith("/") else _getcwd() + "/" + text
            if "/../" in full + "/" or "/./" in full + "/" or not full.startswith(_roots):
                raise _Refused(f"reading {text} is not allowed while your work is graded")
            try:
                st = _stat(full)
            except OSError:
                return
            if (st.st_dev, st.st_ino) in _inodes:
                raise _Refused(f"reading {text} (the source of what you implement) is not "
                               f"allowed while your work is graded")
    return hook


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


def _read_frame(stream) -> object:
    head = stream.read(8)
    if len(head) < 8:
        raise EOFError
    (size,) = struct.unpack("<Q", head)
    return pickle.loads(stream.read(size))


def _describe(exc: BaseException, fn: object) -> dict:
    """The error in words, with the line of the student's code it came from."""
    import traceback

    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    detail = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    where = ""
    try:
        frames = traceback.extract_tb(exc.__traceback__)
        mine = [f for f in frames if f.filename.startswith("<cell")]
        if mine:
            last = mine[-1]
            name = last.name if not last.name.startswith("<") else getattr(fn, "__name__", "")
            parts = ([f"in {name}"] if name else []) + (
                [f"at `{last.line.strip()}`"] if last.line else [])
            where = f" ({', '.join(parts)})" if parts else ""
    except Exception:  # noqa: BLE001 - the location is a courtesy
        where = ""
    return {"kind": "error", "message": f"raised {detail}{where}", "error": type(exc).__name__}


def _call(namespace: dict, name: str, args: tuple) -> dict:
    from ...tree import Tree

    fn = namespace.get(name)
    if fn is None:
        return {"kind": "error", "message": f"there is no function `{name}`: run the cell "
                                            f"that defines it (did you rename it?)"}
    if not callable(fn):
        return {"kind": "error", "message": f"`{name}` is not a function"}
    before = [Tree.to_json(a) if type(a) is Tree else None for a in args]  # noqa: E721
    try:
        value = fn(*args)
    except NotImplementedError:
        return {"kind": "not yet", "message": f"{name} raises NotImplementedError: replace "
                                              f"`raise NotImplementedError()` with your code"}
    except RecursionError:
        return {"kind": "recursion",
                "message": "called itself too many times (RecursionError) — does every "
                           "call get closer to a stopping case?"}
    except SystemExit:
        return {"kind": "error", "message": "called exit() (SystemExit): return a value "
                                            "instead"}
    except Refused as exc:
        return {"kind": "error", "message": f"raised Refused: {exc}"}
    except Exception as exc:  # noqa: BLE001 - any error is reported in words
        return _describe(exc, fn)
    try:
        answer = {"kind": "value", "value": plain(value)}
    except Exception as exc:  # noqa: BLE001
        return {"kind": "error", "message": f"returned a value that cannot be read "
                                            f"({type(exc).__name__}: {exc})"}
    changed = [i for i, (a, b) in enumerate(zip(args, before))
               if b is not None and Tree.to_json(a) != b]
    if changed:
        answer["changed_inputs"] = changed
    return answer


def main(argv: list[str] | None = None) -> None:
    """Run as ``python -I -m dtlearn.exercises.homework.jail <fd>`` (see the module)."""
    import importlib

    argv = sys.argv[1:] if argv is None else argv
    fd = int(argv[0])
    stdin = sys.stdin.buffer
    setup = _read_frame(stdin)
    for name in setup["imports"]:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - an optional module may be missing
            pass
    import linecache

    linecache.clearcache()
    inodes = set()
    for path in setup["unreadable"]:
        try:
            st = os.stat(path)
        except OSError:
            continue
        inodes.add((st.st_dev, st.st_ino))
    write = os.write
    sys.dont_write_bytecode = True  # no marshal.dumps from the import system from now on
    sealed = _seccomp() if setup.get("seccomp", True) else False
    _block_threads()
    devnull = open(os.devnull, "w")  # noqa: SIM115 - the student's prints go nowhere
    sys.stdout = sys.stderr = devnull
    codes = []
    for i, source in enumerate([setup["preamble"], *setup["cells"]]):
        source = _without_magics(source)
        filename = f"<cell {i}>"
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        try:
            codes.append((i, compile(source, filename, "exec")))
        except SyntaxError as exc:
            codes.append((i, exc))
    namespace = {"__name__": "__main__", "__builtins__": builtins,
                 "display": lambda *args, **kwargs: None}  # as in Jupyter, shown nowhere
    profile = _make_profile(frozenset(setup["forbidden"]), fd)
    sys.setprofile(profile)
    sys.addaudithook(_make_hook(tuple(setup["roots"]), frozenset(inodes), profile))
    del profile
    problems = []
    for i, code in codes:
        if isinstance(code, SyntaxError):
            problems.append(f"solution cell {i} has a syntax error: {code.msg} "
                            f"(line {code.lineno})")
            continue
        try:
            exec(code, namespace)  # noqa: S102 - this process exists to run it
        except BaseException as exc:  # noqa: BLE001 - keep going, like nbgrader does
            problems.append(f"solution cell {i}: " + _describe(exc, None)["message"])
    write(fd, (json.dumps({"ready": True, "sealed": sealed, "problems": problems})
               + "\n").encode())
    while True:
        try:
            request = _read_frame(stdin)
        except EOFError:
            os._exit(0)
        answer = _call(namespace, request["name"], tuple(request["args"]))
        write(fd, (json.dumps(answer) + "\n").encode())


if __name__ == "__main__":
    main()
