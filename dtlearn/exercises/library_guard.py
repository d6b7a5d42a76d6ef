"""Keep dtlearn's reference implementation out of a student's function while it is checked.

A homework check compares the student's function with dtlearn's own measures, learners
and pruners. If the student's function simply *called* those (``dt.entropy``,
``dt.ID3Classifier().fit``, ``dt.reduced_error_prune``), the check would compare dtlearn
with itself. A :class:`LibraryGuard` watches every Python function call made while the
student's function runs (``sys.setprofile``) and stops the call as soon as it enters a
forbidden function — whatever name it was imported under (``dt.entropy``,
``from dtlearn.measures import entropy``, ``import dtlearn.measures as m``, a method of an
object, a call made by pandas on the student's behalf). Functions are recognised by the
file and qualified name of their code, so a reloaded module is caught too.

A :class:`Forbidden` lists what a check forbids (whole modules, single functions), what the
student should do instead, and which library calls stay allowed (loading data, ``Tree``
methods where the task is pruning). The check passes it to
:func:`dtlearn.exercises.student_call.run_student` (``forbidden=``); the student's function then
fails with one sentence, e.g. "entropy calls dt.entropy, dtlearn's own implementation of
what this homework grades: compute it yourself from the class counts".

Examples
--------
>>> import dtlearn as dt
>>> rule = Forbidden(what="the entropy", modules=("dtlearn.measures",),
...                  instead="compute it yourself from the class counts")
>>> def shortcut(counts):
...     return float(dt.entropy(counts=counts))
>>> from dtlearn.exercises.student_call import run_student
>>> print(run_student(shortcut, [9, 5], forbidden=LibraryGuard(rule)).message)
calls dt.entropy, dtlearn's own implementation of the entropy: compute it yourself from the class counts
"""

from __future__ import annotations

import importlib
import os
import sys
import threading
from dataclasses import dataclass
from typing import Any

from .student_call import ForbiddenCall

__all__ = ["Forbidden", "LibraryGuard"]


@dataclass(frozen=True)
class Forbidden:
    """What a check forbids the student's function to call.

    Parameters
    ----------
    what : str
        The graded thing, for the message ("the entropy", "an ID3 learner").
    instead : str
        What to do instead ("compute it yourself from the class counts").
    modules : tuple of str
        Modules every function of which is forbidden (``"dtlearn.measures"``); for a
        package, every function in every module below it.
    functions : tuple of str
        Single functions or methods by dotted path (``"dtlearn.tree.Tree.prune"``).
    files : tuple of str
        Ends of source file paths whose functions are forbidden, for other libraries'
        versions of the graded thing (``"scipy/stats/_entropy.py"``); nothing is imported.
    allowed : tuple of str
        Library calls that stay allowed, for the check's documentation.

    Examples
    --------
    >>> Forbidden("the pruning", modules=("dtlearn.pruning.reduced_error",)).describe()
    'forbidden: every function in dtlearn.pruning.reduced_error'
    """

    what: str
    instead: str = "write it yourself"
    modules: tuple[str, ...] = ()
    functions: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    allowed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("modules", "functions", "files", "allowed"):
            value = getattr(self, name)
            if isinstance(value, str) or not all(isinstance(v, str) for v in value):
                raise TypeError(f"{name} must be a tuple of strings, got {value!r}")
            object.__setattr__(self, name, tuple(value))

    def describe(self) -> str:
        """One line listing what is forbidden and what is allowed."""
        parts = (
            [f"every function in {m}" for m in self.modules]
            + list(self.functions)
            + [f"every function in .../{f}" for f in self.files]
        )
        text = "forbidden: " + ", ".join(parts)
        if self.allowed:
            text += "; allowed: " + ", ".join(self.allowed)
        return text

    def resolve(self) -> tuple[frozenset, frozenset]:
        """``(files, code keys)``: the module files and ``(file, qualname)`` pairs watched.

        Imports the modules (so no module body runs while the student's code is watched).
        A package stands for every source file below its folder, so splitting a module
        into a package keeps all of it forbidden.

        Examples
        --------
        >>> files, keys = Forbidden("the entropy", modules=("dtlearn.measures",)).resolve()
        >>> any(f.endswith("impurity.py") for f in files), keys
        (True, frozenset())
        """
        files = set()
        for name in self.modules:
            module = importlib.import_module(name)
            if getattr(module, "__file__", None):
                files.add(module.__file__)
            for folder in getattr(module, "__path__", ()):
                files.update(_sources_below(folder))
        keys = set()
        for path in self.functions:
            target = _import_path(path)
            target = getattr(target, "__func__", target)
            code = getattr(target, "__code__", None)
            if code is None:
                raise ValueError(f"functions: {path!r} is not a Python function")
            keys.add((code.co_filename, code.co_qualname))
        return frozenset(files), frozenset(keys)


def _sources_below(folder: str) -> set[str]:
    """The Python source files in ``folder`` and its subfolders, as their code names them."""
    return {
        os.path.join(root, name)
        for root, _, names in os.walk(folder)
        for name in names
        if name.endswith(".py")
    }


def _import_path(path: str) -> Any:
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ValueError(f"functions: cannot import {path!r}")


def _public_name(frame: Any) -> str:
    """How a student would name the function running in ``frame`` (``dt.entropy``)."""
    code = frame.f_code
    module = frame.f_globals.get("__name__", "")
    qualname = code.co_qualname
    if "." in qualname and "<" not in qualname:
        owner = frame.f_locals.get("self")
        if owner is not None and not isinstance(owner, type):
            qualname = (
                f"{type(owner).__name__}()"
                if code.co_name == "__init__"
                else f"{type(owner).__name__}.{code.co_name}"
            )
            top = sys.modules.get("dtlearn")
            if top is not None and getattr(top, type(owner).__name__, None) is type(owner):
                return f"dt.{qualname}"
            return f"{module}.{qualname}"
    top = sys.modules.get("dtlearn")
    if top is not None and "." not in qualname:
        public = top.__dict__.get(code.co_name)
        if public is None and code.co_name in getattr(top, "_OPTIONAL", {}):
            mod = sys.modules.get(top._OPTIONAL[code.co_name])
            public = getattr(mod, code.co_name, None)
        if getattr(public, "__code__", None) is code:
            return f"dt.{code.co_name}"
    return module if "<" in qualname else f"{module}.{qualname}"


class LibraryGuard:
    """A context manager that stops any call into the functions a :class:`Forbidden` lists.

    While active (in the current thread and in threads started meanwhile), a call into a
    forbidden function raises
    :class:`~dtlearn.exercises.student_call.ForbiddenCall` at its first line and records
    :attr:`violation`, a sentence for the student; if the student's code swallows that
    exception (a bare ``except:``), leaving the guard raises it again. A profile function
    installed before the guard keeps receiving its events.

    Examples
    --------
    >>> import dtlearn as dt
    >>> guard = LibraryGuard(Forbidden("the entropy", modules=("dtlearn.measures",)))
    >>> with guard:
    ...     rows = len(dt.load_play_tennis()[1])  # loading data is not forbidden
    >>> rows, guard.violation
    (14, None)
    """

    def __init__(self, forbidden: Forbidden) -> None:
        if not isinstance(forbidden, Forbidden):
            raise TypeError(f"forbidden must be a Forbidden, got {type(forbidden).__name__}")
        self.forbidden = forbidden
        self._files, self._keys = forbidden.resolve()
        self._by_name = {f for f, _ in self._keys}
        self._suffixes = tuple(os.path.normpath(f) for f in forbidden.files)
        self._verdicts: dict[str, int] = {}  # file -> 0 allowed, 1 forbidden, 2 look closer
        self.violation: str | None = None
        self._previous: Any = None

    def _message(self, frame: Any) -> str:
        name = _public_name(frame)
        whose = "dtlearn's own" if name.startswith(("dt.", "dtlearn.")) else "a library's"
        return (
            f"calls {name}, {whose} implementation of {self.forbidden.what}: "
            f"{self.forbidden.instead}"
        )

    def _verdict(self, filename: str) -> int:
        if filename in self._files or (
            self._suffixes and os.path.normpath(filename).endswith(self._suffixes)
        ):
            verdict = 1
        else:
            verdict = 2 if filename in self._by_name else 0
        self._verdicts[filename] = verdict
        return verdict

    def _profile(self, frame: Any, event: str, arg: Any) -> None:
        previous = self._previous
        if previous is not None:
            previous(frame, event, arg)
        if event != "call":
            return
        code = frame.f_code
        filename = code.co_filename
        verdict = self._verdicts.get(filename)
        if verdict is None:
            verdict = self._verdict(filename)
        if not verdict or code.co_name == "<module>":
            return
        if verdict == 1 or (filename, code.co_qualname) in self._keys:
            if self.violation is None:
                self.violation = self._message(frame)
            raise ForbiddenCall(self.violation)

    def __enter__(self) -> LibraryGuard:
        self.violation = None
        self._previous = sys.getprofile()
        # threads the student's code starts are watched too (a thread pool is no way round)
        self._previous_threads = getattr(threading, "_profile_hook", None)
        threading.setprofile(self._profile)
        sys.setprofile(self._profile)
        return self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> bool:
        if exc is None and self.violation is None and sys.getprofile() != self._profile:
            # the student's code switched the guard off (sys.setprofile, ctypes) and returned
            # a value; an error in the profile function (a RecursionError deep in the
            # student's recursion) also unsets it, but then no value comes back
            self.violation = (
                "switched the check's guard off (sys.setprofile or the C API):"
                f" {self.forbidden.instead}"
            )
        sys.setprofile(self._previous)
        threading.setprofile(self._previous_threads)
        self._previous = None
        if self.violation is not None and not isinstance(exc, ForbiddenCall):
            raise ForbiddenCall(self.violation)  # the student's code hid the first one
        return False
