r"""The authoritative homework grade, computed outside the student's kernel.

``nbgrader autograde`` normally runs the submitted notebook in a kernel and gives a grade
cell its points when it shows no error, so code in a solution cell can rebind anything the
grade cells use. Here the grade is computed by the grader's own process instead:
:func:`grade_submission` takes the solution cells (text), runs them in a fresh, locked
interpreter (:mod:`~dtlearn.exercises.homework.jail_child`), calls the student's functions there
on the cases the checks choose, and judges the plain values that come back with the same
checks the notebook shows (:mod:`~dtlearn.exercises.homework.hw1_measures`, ...). The
nbgrader preprocessor :class:`~dtlearn.exercises.homework.nbgrader_preprocessor.GradeOutsideKernel`
takes the place of nbgrader's ``Execute`` and writes each verdict into its grade cell.

- **Seed.** The student's numbers come from their nbgrader student id (the hub user name),
  hashed as :func:`~dtlearn.exercises.registry.student_seed` hashes ``JUPYTERHUB_USER``:
  the numbers they saw on the hub are the numbers they are graded on.
- **Hidden cases** come from the grading secret and the seed
  (:func:`~dtlearn.exercises.homework.trial_grading.hidden_seed`); their verdict says passed or
  not, nothing more.

Examples
--------
>>> cells = ["def entropy(counts):\n    return 0.0\n", "def information_gain(f, l):\n"
...          "    return 0.0\n"]
>>> verdicts = grade_submission("hw1", cells, student="ada", secret="s")
>>> [(v.grade_id, v.passed) for v in verdicts][:2]
[('hw1_check_entropy_bits', False), ('hw1_check_entropy_edge', False)]
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..library_guard import Forbidden
from ..registry import hash_seed
from ..results import CheckResult
from .forbidden_calls import ENTROPY_RULE, GAIN_RULE, ID3_RULE, PRUNE_RULE
from .jail_client import SUBMISSION_SECONDS, Budget, Jail, RemoteFunction

__all__ = [
    "GRADE_CELLS",
    "SECRET_FILE",
    "Verdict",
    "forbidden_files",
    "forbidden_functions",
    "grade_submission",
    "seed_of",
    "secret_from",
]

SECRET_FILE = "grading_secret"
"""The file in the nbgrader course directory that holds the grading secret (git-ignored)."""


@dataclass(frozen=True)
class GradeCell:
    """What one grade cell runs: a check, a part, the student's functions it needs."""

    check: str
    part: str
    functions: tuple[str, ...]


GRADE_CELLS: dict[str, dict[str, GradeCell]] = {
    "hw1": {
        "hw1_check_entropy_bits": GradeCell("check_entropy", "bits", ("entropy",)),
        "hw1_check_entropy_edge": GradeCell("check_entropy", "edge", ("entropy",)),
        "hw1_check_entropy_hidden": GradeCell("check_entropy", "hidden", ("entropy",)),
        "hw1_check_gain_course": GradeCell(
            "check_information_gain", "course", ("information_gain", "entropy")
        ),
        "hw1_check_gain_edge": GradeCell(
            "check_information_gain", "edge", ("information_gain", "entropy")
        ),
        "hw1_check_gain_hidden": GradeCell(
            "check_information_gain", "hidden", ("information_gain", "entropy")
        ),
    },
    "hw2": {
        f"hw2_check_{part}": GradeCell("check_id3", part, ("id3",))
        for part in ("course", "stopping", "criterion", "hidden")
    },
    "hw3": {
        f"hw3_check_{part}": GradeCell("check_reduced_error_prune", part, ("reduced_error_prune",))
        for part in ("valid", "course", "hidden")
    },
}
"""Per homework, each grade cell's ``grade_id`` and what it grades."""

_RULES = {
    "check_entropy": ENTROPY_RULE,
    "check_information_gain": GAIN_RULE,
    "check_id3": ID3_RULE,
    "check_reduced_error_prune": PRUNE_RULE,
}

_ALLOWED = (
    "__init__.py",
    "_moved.py",
    "data.py",
    "tree.py",
    "datasets/",
    "exports/",
    "exercises/homework/jail_child.py",
)
"""dtlearn files a solution may run in every homework: loading data, the Tree class, the
finder of old module paths (it runs on every import that finds nothing else)."""

_PRUNING = ("pruning/", "weka_arithmetic.py", "exercises/")
"""dtlearn files homework 3 forbids (it allows the learners, measures and Tree methods)."""

_OTHERS = {
    "scipy": ("stats/_entropy.py", "stats/contingency.py"),
    "sklearn": ("metrics/cluster/_supervised.py", "tree/_classes.py"),
}

_OTHER_FUNCTIONS = {
    "scipy": (
        ("stats/_stats_py.py", "power_divergence"),
        ("stats/_stats_py.py", "_power_divergence"),
    )
}
"""Single functions of files homework 1 and 2 otherwise allow: the G statistic
(``power_divergence(..., lambda_="log-likelihood")``, ``chi2_contingency`` with it) is
2·N·ln 2 times the information gain."""


@dataclass(frozen=True)
class Verdict:
    """One grade cell's verdict.

    Attributes
    ----------
    grade_id : str
    passed : bool
    text : str
        What the grade cell shows (empty when it passed).
    """

    grade_id: str
    passed: bool
    text: str


def seed_of(student: str) -> int:
    """The seed of a student's numbers from their nbgrader id (= hub user name).

    Examples
    --------
    >>> import os
    >>> from dtlearn.exercises.registry import hash_seed
    >>> seed_of("ada") == hash_seed("ada")
    True
    """
    return hash_seed(str(student).strip()) if str(student).strip() else 0


def secret_from(course_dir: str | None = None) -> str | None:
    """The grading secret: ``DTLEARN_GRADING_SECRET``, else the course directory's file.

    Examples
    --------
    >>> secret_from("/nonexistent") == (os.environ.get("DTLEARN_GRADING_SECRET") or None)
    True
    """
    value = os.environ.get("DTLEARN_GRADING_SECRET", "").strip()
    if value:
        return value
    if course_dir:
        path = os.path.join(course_dir, SECRET_FILE)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as handle:
                return handle.read().strip() or None
    return None


def _dtlearn_sources() -> dict[str, str]:
    import dtlearn

    root = os.path.dirname(os.path.abspath(dtlearn.__file__))
    out = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                out[os.path.relpath(path, root).replace(os.sep, "/")] = path
    return out


def _others(wanted: Sequence[str]) -> list[str]:
    import importlib.util

    out = []
    for package, files in _OTHERS.items():
        if package not in wanted:
            continue
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            continue
        for folder in spec.submodule_search_locations:
            out += [os.path.join(folder, f) for f in files]
    return out


def forbidden_files(homework: str) -> list[str]:
    """The source files whose functions a homework's solution may not run.

    Homework 1 and 2: every dtlearn file but loading data and the ``Tree`` class (so a
    measure under another name, ``dtlearn.weka_arithmetic`` included, is out), and other
    libraries' entropy, mutual information and tree learners. Homework 3: dtlearn's pruners
    and the checks.

    Examples
    --------
    >>> any(f.endswith("measures/impurity.py") for f in forbidden_files("hw1"))
    True
    >>> any(f.endswith("measures/impurity.py") for f in forbidden_files("hw3"))
    False
    """
    sources = _dtlearn_sources()
    if homework == "hw3":
        files = [
            p
            for rel, p in sources.items()
            if rel.startswith(_PRUNING) and rel != "exercises/homework/jail_child.py"
        ]
        return sorted(files + _others(("sklearn",)))
    if homework not in ("hw1", "hw2"):
        raise ValueError(f"homework must be 'hw1', 'hw2' or 'hw3', got {homework!r}")
    files = [p for rel, p in sources.items() if not rel.startswith(_ALLOWED)]
    return sorted(files + _others(("scipy", "sklearn")))


def forbidden_functions(homework: str) -> list[tuple[str, str]]:
    """``(file, qualified name)`` of single library functions a homework's solution may not run.

    Examples
    --------
    >>> [name for _, name in forbidden_functions("hw1")][:1]
    ['power_divergence']
    >>> forbidden_functions("hw3")
    []
    """
    import importlib.util

    if homework == "hw3":
        return []
    out = []
    for package, functions in _OTHER_FUNCTIONS.items():
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            continue
        for folder in spec.submodule_search_locations:
            out += [(os.path.join(folder, f), name) for f, name in functions]
    return out


def _public_name(filename: str, qualname: str) -> str:
    """How a student would name a function: ``dt.entropy``, ``dt.ID3Classifier.fit``."""
    import dtlearn

    module = next(
        (
            name
            for name, mod in list(sys.modules.items())
            if getattr(mod, "__file__", None) == filename
        ),
        None,
    )
    head = qualname.split(".")[0]
    public = getattr(dtlearn, head, None) if head.isidentifier() else None
    if (
        public is not None
        and getattr(sys.modules.get(getattr(public, "__module__", "")), "__file__", None)
        == filename
    ):
        return f"dt.{qualname}"
    if module is None:
        module = _module_of(filename)
    return f"{module}.{qualname}" if module else f"{os.path.basename(filename)}: {qualname}"


def _module_of(filename: str) -> str | None:
    """The dotted module name of a file below an entry of ``sys.path`` (not imported here).

    Examples
    --------
    >>> import os, sysconfig
    >>> _module_of(os.path.join(sysconfig.get_paths()["purelib"], "scipy", "stats", "contingency.py"))
    'scipy.stats.contingency'
    """
    path = os.path.abspath(filename)
    for root in sorted((os.path.abspath(p) for p in sys.path if p), key=len, reverse=True):
        if path.startswith(root + os.sep) and path.endswith(".py"):
            parts = os.path.relpath(path, root)[:-3].split(os.sep)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            if parts and all(p.isidentifier() for p in parts):
                return ".".join(parts)
    return None


def _words(rule: Forbidden) -> Callable[[str, str], str]:
    def words(filename: str, qualname: str) -> str:
        name = _public_name(filename, qualname)
        whose = "dtlearn's own" if name.startswith(("dt.", "dtlearn.")) else "a library's"
        return f"calls {name}, {whose} implementation of {rule.what}: {rule.instead}"

    return words


def _run(
    cell: GradeCell,
    jail: Jail,
    seed: int,
    secret: str | None,
    which: str = "all",
    own: Jail | None = None,
    credit_own: bool = True,
) -> CheckResult:
    from . import (
        check_entropy,
        check_id3,
        check_information_gain,
        check_reduced_error_prune,
    )

    words = _words(_RULES[cell.check])
    # the student's own entropy, for the gain check, comes from a child of its own that
    # never runs information_gain (a stateful entropy cannot tell whom it answers)
    fns = [
        RemoteFunction(own if own is not None and i > 0 else jail, name, words)
        for i, name in enumerate(cell.functions)
    ]
    common: dict[str, Any] = {
        "part": cell.part,
        "seed": seed,
        "secret": secret or "",
        "which": which,
    }
    if cell.check == "check_entropy":
        return check_entropy(fns[0], **common)
    if cell.check == "check_information_gain":
        return check_information_gain(fns[0], entropy=fns[1] if credit_own else None, **common)
    if cell.check == "check_id3":
        return check_id3(fns[0], **common)
    return check_reduced_error_prune(fns[0], **common)


def _hidden_text(result: CheckResult) -> str:
    if result.status == "graded later":
        return (
            "hidden cases: not run — the grading machine has no grading secret "
            "(set DTLEARN_GRADING_SECRET or write the course directory's grading_secret)"
        )
    if result.status == "not yet":
        return f"{result.name}: not yet — {result.summary}"
    return (
        f"{result.name}: not passed — some hidden cases are wrong (which ones, and what "
        f"they are, stays hidden: the visible parts' hints point to the mistake)"
    )


def grade_submission(
    homework: str,
    cells: Sequence[str],
    *,
    student: str,
    secret: str | None,
    grade_ids: Sequence[str] | None = None,
    seconds: float = SUBMISSION_SECONDS,
    require_os_lock: bool = True,
) -> list[Verdict]:
    r"""Grade one submission's solution cells: one :class:`Verdict` per grade cell.

    Parameters
    ----------
    homework : str
        ``"hw1"``, ``"hw2"`` or ``"hw3"``.
    cells : sequence of str
        The source of the submission's solution cells, in notebook order.
    student : str
        The nbgrader student id (the hub user name): it sets the seed.
    secret : str or None
        The grading secret (hidden cases); without it the hidden cells fail and say why.
    grade_ids : sequence of str, optional
        The grade cells to grade (default: all of the homework's).
    seconds : float
        The wall-clock time the whole submission may take, every child and grade cell
        together: when it runs out, the cells graded so far keep their verdicts and the
        rest fail, naming the call that was running.
    require_os_lock : bool
        Raise :class:`~dtlearn.exercises.homework.jail_client.NotIsolated` rather than grade in
        a child the kernel could not lock (no Landlock or seccomp here).

    Returns
    -------
    list of Verdict

    Examples
    --------
    >>> cells = ["import dtlearn as dt\ndef entropy(counts):\n"
    ...          "    return dt.entropy(counts=counts)\n"]
    >>> verdict = grade_submission("hw1", cells, student="ada", secret="s",
    ...                            grade_ids=["hw1_check_entropy_edge"])[0]
    >>> verdict.passed, "calls dt.entropy" in verdict.text
    (False, True)
    """
    if homework not in GRADE_CELLS:
        raise ValueError(f"homework must be one of {sorted(GRADE_CELLS)}, got {homework!r}")
    spec = GRADE_CELLS[homework]
    ids = list(spec) if grade_ids is None else list(grade_ids)
    seed = seed_of(student)
    verdicts: list[Verdict] = []
    files = forbidden_files(homework)
    functions = forbidden_functions(homework)
    # two children: the visible cases (whose feedback the student reads) in one, the sealed
    # and hidden cases (right or wrong only) in the other, so the student's code never
    # holds a hidden input while the answers it gives are shown
    budget = Budget(seconds)
    options: dict[str, Any] = {
        "budget": budget,
        "require_os_lock": require_os_lock,
        "forbidden_functions": functions,
    }
    with (
        Jail(cells, files, **options) as shown,
        Jail(cells, files, **options) as closed,
        Jail(cells, files, **options) as own,
    ):
        for grade_id in ids:
            cell = spec[grade_id]
            # a gain that is right only with the student's own entropy earns its credit
            # only when that entropy lost points of its own (its mistake is graded there)
            entropy_cells = [
                v.passed for v in verdicts if v.grade_id.startswith("hw1_check_entropy")
            ]
            credit = not (entropy_cells and all(entropy_cells))
            if cell.part == "hidden":
                closed.budget()
                result = _run(cell, closed, seed, secret, own=own, credit_own=credit)
                passed, text = result.passed, "" if result.passed else _hidden_text(result)
                problems = closed.problems
            else:
                shown.budget()
                result = _run(cell, shown, seed, secret, "visible", own=own, credit_own=credit)
                passed, text = result.passed, "" if result.passed else str(result)
                problems = shown.problems
                if secret and result.status not in ("not yet",):
                    closed.budget()
                    more = _run(cell, closed, seed, secret, "sealed", own=own, credit_own=credit)
                    if not more.passed:
                        wrong = len(more.failed_cases) or "some"
                        text = (text + "\n" if text else f"{result.name}: failed — ") + (
                            f"{wrong} of the further cases drawn when graded are wrong "
                            f"(they stay hidden)"
                        )
                        passed = False
            if not passed and problems:
                text += "\n(when your solution cells ran: " + "; ".join(problems) + ")"
            verdicts.append(Verdict(grade_id, passed, text))
    return verdicts
