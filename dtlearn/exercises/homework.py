"""Homework checks that grade honestly and answer in words a student understands.

A check calls the student's function on cases (textbook cases, hand-made tables chosen so
that each plausible wrong algorithm gives a different answer, random cases from the
student's seed), compares each answer with dtlearn's own result, and returns a
:class:`~dtlearn.exercises.core.CheckResult`: which cases passed, which failed and *why*.

- **No shortcut through the library.** While the student's function runs, a
  :class:`~dtlearn.exercises.guard.LibraryGuard` stops any call into dtlearn's reference
  implementation of what is graded (``dt.entropy``, ``dt.information_gain``,
  ``dt.ID3Classifier().fit``, ``dt.reduced_error_prune``, ... whatever name they were
  imported under); the check then fails with a sentence saying what to write instead.
  Each check's docstring lists what it forbids and what stays allowed.
- **Hints that match the mistake.** A wrong number is shown with the case's input and a hint
  naming the mistake the answer matches (natural log, Gini instead of entropy, gain ratio
  instead of gain, unweighted children, rounding, a minority-class leaf, a gain threshold,
  top-down pruning, ``<`` instead of ``<=``, ...). The expected value is never shown.
- **Partial credit for nbgrader.** ``part=`` runs one group of cases, so an assignment
  spreads its points over several grade cells (``check_entropy(entropy,
  part="edge").assert_ok()``); ``part="hidden"`` runs cases on data the student never
  saw, for nbgrader's hidden tests. The "edge" and "hidden" parts of the measures accept a
  consistent log-base slip (the whole function in nats), which the "bits" part alone
  penalises — one slip does not cost every point.
- **Per-student data.** Random cases come from ``seed`` (default
  :func:`~dtlearn.exercises.core.student_seed`, 0 unless ``JUPYTERHUB_USER`` or
  ``DTLEARN_SEED`` is set); the check recomputes the expected values for that seed.

A stub that still raises ``NotImplementedError`` gets "not yet"; an error gets the line of
the student's code where it happened; an endless loop is stopped by the step budget of
:func:`~dtlearn.exercises.core.run_student`.

Examples
--------
>>> import math
>>> from dtlearn import exercises
>>> def entropy(counts):
...     total = sum(counts)
...     return -sum(c / total * math.log2(c / total) for c in counts if c > 0)
>>> exercises.check_entropy(entropy).passed
True
>>> def entropy(counts):
...     raise NotImplementedError()
>>> print(exercises.check_entropy(entropy))
check_entropy: not yet — entropy raises NotImplementedError: replace `raise NotImplementedError()` with your code
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable, Sequence

import numpy as np
import pandas as pd

from .core import (
    _STOPPING,
    Case,
    CheckResult,
    _close,
    _f,
    _not_yet,
    _number,
    _result,
    run_student,
    student_seed,
)
from .guard import Forbidden, LibraryGuard

__all__ = [
    "ENTROPY_RULE",
    "GAIN_RULE",
    "ID3_RULE",
    "PRUNE_RULE",
    "as_nested_dict",
    "check_entropy",
    "check_id3",
    "check_information_gain",
    "check_reduced_error_prune",
]

_HIDDEN = 7919
"""Offset added to the seed for the hidden cases (data the student never saw)."""

# --------------------------------------------------------------------------- what is forbidden
_REFERENCE = ("dtlearn.measures", "dtlearn.criteria", "dtlearn.grow", "dtlearn.learners",
              "dtlearn.c45", "dtlearn.pessimistic", "dtlearn.exercises.homework")
_PRUNERS = ("dtlearn.prune", "dtlearn.pessimistic", "dtlearn.rules",
            "dtlearn.exercises.homework")
_DATA = "loading data (dt.load_*)"
_OTHERS = ("scipy/stats/_entropy.py", "sklearn/metrics/cluster/_supervised.py",
           "sklearn/tree/_classes.py")
"""Other libraries' entropy, mutual information (= information gain) and tree learners."""

ENTROPY_RULE = Forbidden(
    what="the entropy",
    instead="compute -Σ p·log2(p) yourself from the counts (math.log2 or numpy.log2)",
    modules=_REFERENCE,
    files=_OTHERS,
    allowed=("math, numpy, pandas", _DATA))
"""``check_entropy``: every dtlearn measure, split table, grower and learner is forbidden."""

GAIN_RULE = Forbidden(
    what="the information gain",
    instead="compute H(labels) minus the weighted entropy of the labels within each value "
            "yourself (calling your own entropy is fine)",
    modules=_REFERENCE,
    files=_OTHERS,
    allowed=("your own entropy", "math, numpy, pandas", _DATA))
"""``check_information_gain``: as :data:`ENTROPY_RULE`."""

ID3_RULE = Forbidden(
    what="ID3 (growing a tree or scoring its splits)",
    instead="grow the tree yourself: score each attribute with your own information gain, "
            "split on the best one and recurse",
    modules=_REFERENCE,
    files=_OTHERS,
    allowed=("your own entropy and information_gain", "math, numpy, pandas", _DATA))
"""``check_id3``: every learner's ``fit``, ``make_grower``, :class:`~dtlearn.grow.Grower`,
``split_table`` and every measure are forbidden."""

PRUNE_RULE = Forbidden(
    what="pruning",
    instead="visit the inner nodes yourself, children before parents, and compare "
            "validation errors with tree.with_leaves_at([...]) and tree.predict(X_val)",
    modules=_PRUNERS,
    allowed=("Tree methods (nodes, node, with_leaves_at, copy, predict, apply, "
             "decision_path)", "numpy, pandas", "the learners and measures", _DATA))
"""``check_reduced_error_prune``: ``dt.reduced_error_prune``, ``dt.cost_complexity_prune``,
``dt.pessimistic_prune``, ``dt.rule_post_prune`` and their helpers are forbidden."""


# --------------------------------------------------------------------------- shared helpers
def _show(x: float) -> str:
    """The student's number with six decimals (enough to see a rounding), never ``-0``."""
    if not math.isfinite(x):
        return _f(x)
    text = f"{x:.6f}".rstrip("0").rstrip(".") if abs(x) < 1e6 else f"{x:.6g}"
    return "0" if text in ("-0", "") else text


def _seed(seed: Any) -> int:
    if seed is None:
        return student_seed()
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an int or None, got {seed!r}")
    return int(seed)


def _parts(part: Any, allowed: Sequence[str], check: str) -> tuple[str, ...]:
    """The case groups a ``part`` stands for (``"all"`` = every visible group)."""
    names = tuple(allowed)
    if part == "all":
        return tuple(p for p in names if p != "hidden")
    if part not in names:
        raise ValueError(f"part must be 'all' or one of {list(names)} for {check}, got "
                         f"{part!r}")
    return (part,)


def _title(check: str, part: str) -> str:
    return check if part == "all" else f"{check} ({part})"


def _forbidden(title: str, call: str, name: str, message: str) -> CheckResult:
    return CheckResult(title, "failed", "uses dtlearn's own implementation",
                       (Case(call, False, f"{name} {message}"),))


def _rounded(got: float, want: float) -> int | None:
    """The number of decimals ``want`` was rounded to if ``got`` is that rounding."""
    for digits in range(0, 5):
        if abs(got - round(want, digits)) < 1e-12 and not _close(got, want):
            return digits
    return None


def _near_miss(got: float, want: float) -> str:
    """The hint for a number near the right one: rounding, or an inexact computation."""
    digits = _rounded(got, want)
    if digits is not None:
        return (f"looks rounded to {digits} decimal{'s' if digits != 1 else ''}: do not round "
                f"inside the function (round only when you print)")
    if abs(got - want) <= 5e-3:
        return ("close, but not exact: compute it exactly — no small constant added to "
                "avoid log(0), no approximation")
    return ""


_UNITS = ((1.0, "bits"), (math.log(2), "nats (natural log)"),
          (math.log10(2), "log10 units"))


def _unit_of(ratio: float) -> tuple[float, str]:
    """The log base a student's answer is in, from its ratio to the answer in bits."""
    for factor, name in _UNITS:
        if _close(ratio, factor, 1e-6):
            return factor, name
    return 1.0, "bits"


# --------------------------------------------------------------------------- entropy
def _h(counts: Sequence[float], log: Callable[[float], float] = math.log2) -> float:
    total = float(sum(counts))
    return -sum(c / total * log(c / total) for c in counts if c > 0) + 0.0


def _gini(counts: Sequence[float]) -> float:
    total = float(sum(counts))
    return 1.0 - sum((c / total) ** 2 for c in counts)


def _entropy_hint(counts: list, got: float, want: float) -> str:
    if math.isnan(got):
        if any(c == 0 for c in counts):
            return "remember 0·log 0 = 0: skip classes with count 0"
        return "nan appears when you take log(0) or divide 0 by 0"
    if math.isinf(got):
        return "an infinite value comes from log(0): skip classes with count 0"
    if want > 0 and _close(got, -want):
        return "wrong sign: entropy is -Σ p·log2 p, which is never negative"
    if want > 0 and _close(got, want * math.log(2)):
        return "that is the entropy in nats: use log base 2 (math.log2) for bits"
    if want > 0 and _close(got, want * math.log10(2)):
        return "that is log base 10: use log base 2 (math.log2) for bits"
    k = sum(1 for c in counts if c > 0)
    for classes in sorted({len(counts), k}):
        if classes > 2 and want > 0 and _close(got, want / math.log2(classes)):
            return (f"that is divided by log2({classes}) (normalised entropy): return the "
                    f"entropy itself, in bits")
    if not _close(want, _gini(counts)) and _close(got, _gini(counts)):
        return "that is the Gini index 1 - Σ p², not the entropy -Σ p·log2 p"
    raw = -sum(c * math.log2(c) for c in counts if c > 0)
    if _close(got, raw) and not _close(raw, want):
        return "use proportions p_k = count_k / total, not the raw counts"
    if len(counts) > 2 and _close(got, _h(counts[:2])) and not _close(want, _h(counts[:2])):
        return "only the first two classes were used: sum over every class"
    near = _near_miss(got, want)
    if near:
        return near
    if got < 0:
        return "entropy is never negative"
    if len(counts) > 1 and got > math.log2(len(counts)) + 1e-9:
        return (f"with {len(counts)} classes entropy is at most log2({len(counts)}) = "
                f"{_f(math.log2(len(counts)))}")
    return "not the entropy of these counts in bits: -Σ p_k·log2 p_k with p_k = count_k / total"


_ENTROPY_BITS = [[9, 5], [7, 7], [50, 5], [30, 25], [1, 1, 1, 1], [3, 2, 1]]
_ENTROPY_EDGE = [[14, 0], [0, 6], [4, 0, 2], [5], [2.5, 1.5], [0.3, 0.2, 0.5],
                 [1] * 8, [1_000_000, 1]]


def _random_counts(rng: np.random.Generator, n: int, zeros: bool) -> list[list]:
    out = []
    for _ in range(n):
        k = int(rng.integers(2, 7))
        row = rng.integers(0 if zeros else 1, 25, size=k)
        row[int(rng.integers(k))] += 1
        out.append([int(c) for c in row])
    return out


def _entropy_cases(part: str, seed: int) -> list[list]:
    if part == "bits":
        return [list(c) for c in _ENTROPY_BITS] + _random_counts(
            np.random.default_rng(seed), 4, zeros=False)
    if part == "edge":
        return [list(c) for c in _ENTROPY_EDGE]
    rng = np.random.default_rng(seed + _HIDDEN)
    weights = [[round(float(w), 2) for w in rng.uniform(0.05, 3, size=3)]]
    return _random_counts(rng, 5, zeros=True) + weights + [[0, 0, 3], [2, 2, 2, 2, 2, 2]]


def _calibrate(fn: Callable, args: tuple, want: float, guard: LibraryGuard) -> tuple[float, str]:
    outcome = run_student(fn, *args, forbidden=guard)
    if not outcome.ok:
        return 1.0, "bits"
    got, _ = _number(outcome.value, "f")
    return (1.0, "bits") if got is None or want == 0 else _unit_of(got / want)


def check_entropy(fn: Callable, *, part: str = "all", seed: int | None = None) -> CheckResult:
    """Check a student's ``entropy(counts)`` (class counts in, bits out).

    Parts (``part=``): ``"bits"`` — the course's cases ``[9, 5]`` (0.940 bits), ``[7, 7]``,
    the coins ``[50, 5]`` and ``[30, 25]``, four and three classes, and four random count
    vectors from ``seed``; ``"edge"`` — classes with count 0 (0·log 0 = 0), a single
    class, fractional counts, eight classes, a very skewed vector; ``"hidden"`` — random
    vectors (with zeros, fractions, six classes) the student never saw. ``"all"`` runs
    "bits" and "edge". "edge" and "hidden" accept an entropy consistently in another log
    base (nats, log10), so that slip costs the "bits" part only.

    Forbidden while the function runs (see :data:`ENTROPY_RULE`): every function of
    ``dtlearn.measures``, ``dtlearn.criteria``, ``dtlearn.grow``, the learners.
    Allowed: math, numpy, pandas, loading data.

    Examples
    --------
    >>> import math
    >>> def entropy(counts):  # forgets that 0·log 0 = 0
    ...     total = sum(counts)
    ...     return -sum(c / total * math.log2(c / total) for c in counts)
    >>> print(check_entropy(entropy, part="edge").failed_cases[0])
    ✗ entropy([14, 0]): raised ValueError: math domain error (in entropy, at `return -sum(c / total * math.log2(c / total) for c in counts)`) — remember 0·log 0 = 0: skip classes with count 0
    >>> def entropy(counts):
    ...     import dtlearn as dt
    ...     return dt.entropy(counts=counts)
    >>> print(check_entropy(entropy))
    check_entropy: failed — uses dtlearn's own implementation
      ✗ entropy([9, 5]): entropy calls dt.entropy, dtlearn's own implementation of the entropy: compute -Σ p·log2(p) yourself from the counts (math.log2 or numpy.log2)
    """
    parts = _parts(part, ("bits", "edge", "hidden"), "check_entropy")
    seed = _seed(seed)
    title = _title("check_entropy", part)
    name = getattr(fn, "__name__", "entropy")
    guard = LibraryGuard(ENTROPY_RULE)
    cases: list[Case] = []
    for group in parts:
        factor, unit = (1.0, "bits")
        if group != "bits":
            factor, unit = _calibrate(fn, ([7, 7],), 1.0, guard)
        for counts in _entropy_cases(group, seed):
            call = f"{name}({counts})"
            want = _h(counts)
            outcome = run_student(fn, list(counts), forbidden=guard)
            if outcome.kind == "not yet":
                return _not_yet(title, outcome.message)
            if outcome.kind == "forbidden":
                return _forbidden(title, call, name, outcome.message)
            if not outcome.ok:
                message = outcome.message
                if outcome.kind == "error" and 0 in counts:
                    message += " — remember 0·log 0 = 0: skip classes with count 0"
                cases.append(Case(call, False, message))
                if outcome.kind in _STOPPING:
                    break
                continue
            got, problem = _number(outcome.value, name)
            if got is None:
                cases.append(Case(call, False, problem))
            elif _close(got, want):
                cases.append(Case(call, True, _show(got)))
            elif factor != 1.0 and _close(got, want * factor):
                cases.append(Case(call, True, f"{_f(got)} (right, in {unit}; the 'bits' "
                                              f"part asks for bits)"))
            else:
                hint = _entropy_hint(list(counts), got, want)
                cases.append(Case(call, False, f"gave {_show(got)} — {hint}"))
    return _result(title, cases)


# --------------------------------------------------------------------------- information gain
def _table(feature: pd.Series, labels: pd.Series) -> np.ndarray:
    """Contingency counts: one row per value that occurs, one column per class that occurs."""
    f = pd.Series(np.asarray(feature, dtype=object))
    y = pd.Series(np.asarray(labels, dtype=object))
    return pd.crosstab(f, y).to_numpy(dtype=float)


def _gain_parts(table: np.ndarray) -> dict[str, float]:
    """Information gain and the numbers a wrong gain is usually made of."""
    parent = _h(table.sum(axis=0))
    sizes = table.sum(axis=1)
    weights = sizes / sizes.sum()
    children = [_h(row) for row in table]
    mean = float(np.dot(weights, children))
    gain = parent - mean
    split = _h(sizes)
    gini = _gini(table.sum(axis=0)) - float(np.dot(weights, [_gini(r) for r in table]))
    return {"gain": gain + 0.0, "parent": parent, "mean": mean, "split": split,
            "ratio": gain / split if split > 0 else 0.0, "gini": gini,
            "unweighted": parent - float(np.mean(children))}


def _gain_hint(table: np.ndarray, got: float) -> str:
    p = _gain_parts(table)
    want = p["gain"]
    if math.isnan(got):
        return "nan: is there a log(0) somewhere? remember 0·log 0 = 0"
    checks = [
        ("mean", "that is the mean information (the weighted entropy of the children); "
                 "gain = H(parent) - mean info"),
        ("parent", "that is H(parent) alone: subtract the weighted entropy of the children"),
        ("unweighted", "weight each child's entropy by |S_v| / |S| (its share of the rows)"),
        ("ratio", "that is the gain ratio (gain / split info, C4.5's criterion): return the "
                  "information gain itself"),
        ("gini", "that is the Gini gain: the information gain uses the entropy "
                 "-Σ p·log2 p, not the Gini index"),
        ("split", "that is the split information (the entropy of the attribute's values), "
                  "not the gain"),
    ]
    for key, text in checks:
        if not _close(want, p[key]) and _close(got, p[key]):
            return text
    if want > 0 and _close(got, -want):
        return "wrong sign: gain = H(parent) - mean info"
    if want > 0 and _close(got, want * math.log(2)):
        return "that is in nats: use log base 2"
    if want > 0 and _close(got, want * math.log10(2)):
        return "that is log base 10: use log base 2"
    near = _near_miss(got, want)
    if near:
        return near
    if got < -1e-9:
        return "information gain is never negative"
    return "not H(labels) - Σ |S_v|/|S|·H(S_v) in bits"


def _gain_cases(part: str, seed: int) -> list[tuple[str, pd.Series, pd.Series]]:
    from ..datasets import load_car, load_contact_lenses, load_play_tennis, load_restaurant

    if part == "course":
        X, y = load_play_tennis()
        cases = [(f'X["{c}"], y', X[c], y) for c in X.columns]
        R, w = load_restaurant()
        cases += [(f'R["{c}"], w', R[c], w) for c in ("Patrons", "Type", "Alternate")]
        rng = np.random.default_rng(seed)
        return cases + [_random_gain_case(rng, i) for i in range(4)]
    if part == "edge":
        X, y = load_play_tennis()
        L, lenses = load_contact_lenses()
        high = (X["humidity"] == "high").to_numpy()
        colour = pd.Series(pd.Categorical(["red", "red", "blue", "blue", "red", "blue"],
                                          categories=["red", "green", "blue"]), name="colour")
        label = pd.Series(pd.Categorical(["+", "+", "-", "+", "-", "-"],
                                         categories=["+", "-", "?"]), name="label")
        return [
            ('L["tear-prod-rate"], lenses  (3 classes)', L[L.columns[-1]], lenses),
            ('X["outlook"][high], y[high]  (index 0, 1, 2, 3, 7, 11, 13)', X["outlook"][high],
             y[high]),
            ("one value: ['a'] * 6, ['+', '+', '-', '+', '-', '-']",
             pd.Series(["a"] * 6), pd.Series(list("++-+--"))),
            ("a different value in every row: X.index, y", pd.Series(X.index), y),
            ("categoricals with unused categories: colour, label", colour, label),
            ("numbers and booleans: [1, 1, 2, 2, 3, 3], [True, False, True, True, False, True]",
             pd.Series([1, 1, 2, 2, 3, 3]),
             pd.Series([True, False, True, True, False, True])),
        ]
    rng = np.random.default_rng(seed + _HIDDEN)
    C, c = load_car()
    rows = np.sort(rng.choice(len(c), size=300, replace=False))
    car = [(f"car evaluation, 300 rows: {a}", C[a].iloc[rows], c.iloc[rows])
           for a in ("buying", "persons", "safety")]
    return car + [_random_gain_case(rng, i) for i in range(3)]


def _random_gain_case(rng: np.random.Generator, i: int) -> tuple[str, pd.Series, pd.Series]:
    n = int(rng.integers(8, 30))
    feature = pd.Series(rng.choice(list("abcd")[: int(rng.integers(2, 5))], size=n), name=f"A{i}")
    labels = pd.Series(rng.choice(["yes", "no", "maybe"][: int(rng.integers(2, 4))], size=n),
                       name="class")
    text = (f"random case {i + 1}: {''.join(feature)}, "
            f"{' '.join(str(v) for v in labels)}")
    return text, feature, labels


def _own_entropy_is_wrong(entropy: Callable, guard: LibraryGuard) -> bool:
    for counts in ([9, 5], [4, 0, 2], [2.5, 1.5], [1, 1, 1, 1]):
        outcome = run_student(entropy, list(counts), forbidden=guard)
        got = _number(outcome.value, "entropy")[0] if outcome.ok else None
        if got is None or not _close(got, _h(counts)):
            return True
    return False


def _gain_from(entropy: Callable, feature: pd.Series, labels: pd.Series,
               guard: LibraryGuard) -> float | None:
    """The gain the formula gives with the student's own entropy (counts as value_counts)."""
    f = np.asarray(feature, dtype=object)
    y = pd.Series(np.asarray(labels, dtype=object))
    outcome = run_student(entropy, y.value_counts().tolist(), forbidden=guard)
    total = _number(outcome.value, "entropy")[0] if outcome.ok else None
    if total is None:
        return None
    mean = 0.0
    for value in pd.unique(f):
        part = y[f == value]
        outcome = run_student(entropy, part.value_counts().tolist(), forbidden=guard)
        h = _number(outcome.value, "entropy")[0] if outcome.ok else None
        if h is None:
            return None
        mean += len(part) / len(y) * h
    return total - mean


def check_information_gain(fn: Callable, *, part: str = "all", entropy: Callable | None = None,
                           seed: int | None = None) -> CheckResult:
    """Check a student's ``information_gain(feature, labels)`` (two pandas Series, bits out).

    Parts (``part=``): ``"course"`` — every play-tennis attribute (outlook 0.247,
    temperature 0.029, humidity 0.152, windy 0.048), the restaurant's Patrons (0.541),
    Type and Alternate (0), and four random tables from ``seed``; ``"edge"`` — three
    classes, rows with a non-default index, a feature with one value, a different value in
    every row, categoricals with unused categories, numbers and booleans; ``"hidden"`` —
    car evaluation columns (four classes) and random tables the student never saw.
    ``"all"`` runs course and edge. The course data separate the
    information gain from the gain ratio, the Gini gain, unweighted children, the mean
    information, nats and rounding, and the hint names the one the answer matches. "edge"
    and "hidden" accept a gain consistently in another log base.

    ``entropy=`` the student's own entropy: if it is wrong, a gain that applies the right
    formula to it passes (the mistake is graded once, in ``check_entropy``).

    Forbidden while the function runs (see :data:`GAIN_RULE`): every dtlearn measure,
    split table, grower and learner. Allowed: the student's own entropy, math, numpy,
    pandas, loading data.

    Examples
    --------
    >>> from dtlearn import gain_ratio
    >>> result = check_information_gain(lambda f, l: 0.0)
    >>> result.status, result.score < 0.5
    ('failed', True)
    """
    parts = _parts(part, ("course", "edge", "hidden"), "check_information_gain")
    seed = _seed(seed)
    title = _title("check_information_gain", part)
    name = getattr(fn, "__name__", "information_gain")
    guard = LibraryGuard(GAIN_RULE)
    own_wrong = entropy is not None and _own_entropy_is_wrong(entropy, guard)
    cases: list[Case] = []
    for group in parts:
        factor, unit = (1.0, "bits")
        if group in ("edge", "hidden"):
            from ..datasets import load_play_tennis

            X, y = load_play_tennis()
            factor, unit = _calibrate(fn, (X["outlook"], y),
                                      _gain_parts(_table(X["outlook"], y))["gain"], guard)
        for label, feature, labels in _gain_cases(group, seed):
            call = f"{name}({label})"
            table = _table(feature, labels)
            want = _gain_parts(table)["gain"]
            outcome = run_student(fn, feature.copy(), labels.copy(), forbidden=guard)
            if outcome.kind == "not yet":
                return _not_yet(title, outcome.message)
            if outcome.kind == "forbidden":
                return _forbidden(title, call, name, outcome.message)
            if not outcome.ok:
                cases.append(Case(call, False, outcome.message))
                if outcome.kind in _STOPPING:
                    break
                continue
            got, problem = _number(outcome.value, name)
            if got is None:
                cases.append(Case(call, False, problem))
            elif _close(got, want):
                cases.append(Case(call, True, _show(got)))
            elif factor != 1.0 and _close(got, want * factor):
                cases.append(Case(call, True, f"{_f(got)} (right, in {unit})"))
            elif own_wrong and _close_or_none(got, _gain_from(entropy, feature, labels, guard)):
                cases.append(Case(call, True, f"{_show(got)} — the formula is right; the number "
                                              f"is off because your entropy is (see "
                                              f"check_entropy)"))
            else:
                cases.append(Case(call, False, f"gave {_show(got)} — {_gain_hint(table, got)}"))
    return _result(title, cases)


def _close_or_none(got: float, value: float | None) -> bool:
    return value is not None and _close(got, value)


# --------------------------------------------------------------------------- ID3
def as_nested_dict(tree: Any) -> Any:
    """A fitted tree (or model) as nested dicts ``{attribute: {value: subtree}}``.

    Leaves are class labels; empty branches (no training rows) are left out. This is
    the format homework 2 asks students to build (the check forbids calling it).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> as_nested_dict(ID3Classifier().fit(*load_play_tennis()))["outlook"]["overcast"]
    'yes'
    """
    tree = getattr(tree, "tree_", tree)
    schema = tree.schema

    def label(node: Any) -> Any:
        return tree.classes[node.predicted_index]

    out: list = [None]
    stack: list = [(tree.root, out, 0)]
    while stack:
        node, holder, key = stack.pop()
        if node.is_leaf:
            holder[key] = label(node)
            continue
        split = node.split
        name = schema.names[split.feature]
        values = schema.categories[split.feature]
        branches: dict = {}
        holder[key] = {name: branches}
        for value, child in zip(values, node.children):
            if child.n_samples > 0:
                branches[value] = None
                stack.append((child, branches, value))
    return out[0]


def _describe_node(where: str, counts: np.ndarray, classes: Sequence) -> str:
    summary = ", ".join(f"{int(c) if float(c).is_integer() else c} {k}"
                        for k, c in zip(classes, counts))
    return f"at [{where}] ({summary})"


def _criteria(X: pd.DataFrame, y: pd.Series, names: Sequence[str]) -> dict[str, dict]:
    """Per attribute: gain, gain ratio, Gini gain, unweighted gain on these rows."""
    return {a: _gain_parts(_table(X[a], y)) for a in names}


def _unique_best(scores: dict[str, float], low: bool = False) -> str | None:
    values = sorted(scores.values(), reverse=not low)
    if len(values) > 1 and abs(values[0] - values[1]) <= 1e-9:
        return None
    return min(scores, key=scores.get) if low else max(scores, key=scores.get)


def _wrong_choice_hint(attribute: str, X: pd.DataFrame, y: pd.Series,
                       names: Sequence[str]) -> str:
    scores = _criteria(X, y, names)
    if len(scores) < 2:
        return ""
    names = (("gini", "the largest Gini gain"), ("ratio", "the largest gain ratio (C4.5)"),
             ("unweighted", "the largest gain with unweighted children"),
             ("split", "the largest split information"))
    matches = [text for key, text in names
               if _unique_best({a: sc[key] for a, sc in scores.items()}) == attribute]
    if not matches:
        if _unique_best({a: sc["gain"] for a, sc in scores.items()}, low=True) == attribute:
            return f" — {attribute} has the smallest gain: ID3 takes the largest"
        return ""
    advice = {"the largest Gini gain": "use the entropy (log2), not the Gini index",
              "the largest gain ratio (C4.5)": "do not divide by the split information",
              "the largest gain with unweighted children":
                  "weight each child's entropy by its share of the rows |S_v| / |S|",
              "the largest split information": "score by the gain, not by how the values "
                                               "spread"}
    return (f" — {attribute} has {' and '.join(matches)}: ID3 chooses by the information "
            f"gain itself ({'; '.join(advice[m] for m in matches)})")

def _compare_id3(student: Any, X: pd.DataFrame, y: pd.Series) -> list[str]:
    """Walk the student's nested dict alongside dtlearn's grower; return the problems."""
    from ..learners import ID3Classifier

    grower = ID3Classifier().make_grower(X, y)
    classes = grower.classes
    schema = grower.schema
    problems: list[str] = []
    everything = np.ones(len(y), dtype=bool)
    stack = [(grower.root.node_id, student, "root", everything)]
    while stack and len(problems) < 3:
        node_id, sub, where, rows = stack.pop()
        candidates = grower.candidates(node_id)
        reason = grower.stop_reason(node_id)
        if not isinstance(sub, dict):
            step = grower.expand(node_id)
            here = _describe_node(where, step.counts, classes)
            if step.chosen is not None:
                gain = step.chosen.scores["information_gain"]
                text = (f"{here} you made a leaf '{sub}', but ID3 splits on "
                        f"{step.chosen.feature_name} (gain {_f(gain)}): the homework's rule "
                        f"stops only when all rows have one class, no attribute is left, or "
                        f"the best gain is 0")
                if gain < 0.1:
                    text += " — a gain threshold above 0 stops too early"
                elif any(c.admissible and c.scores["information_gain"] < 1e-9
                         for c in candidates):
                    text += (" — some attribute has gain 0 here, but only the best gain "
                             "counts")
                problems.append(text)
                continue
            best = step.counts.max()
            allowed = {str(c) for c, n in zip(classes, step.counts) if n == best}
            if str(sub) not in allowed:
                text = (f"{here} the leaf says '{sub}' but the majority class is "
                        f"'{' or '.join(sorted(allowed))}'")
                least = step.counts[step.counts > 0].min()
                if any(str(c) == str(sub) and n == least for c, n in zip(classes, step.counts)):
                    text += (" — that is the least common label: value_counts() lists the "
                             "most common first, so take .index[0]")
                problems.append(text)
            continue
        if len(sub) != 1 or not isinstance(next(iter(sub.values())), dict):
            problems.append(f"at [{where}] a node must look like {{attribute: {{value: subtree}}}}"
                            f" with one attribute; got a dict with keys {list(sub)[:4]}")
            continue
        attribute, branches = next(iter(sub.items()))
        by_name = {c.feature_name: c for c in candidates}
        if reason is not None:
            step = grower.expand(node_id)
            text = (f"{_describe_node(where, step.counts, classes)} you split on "
                    f"{attribute}, but ID3 stops here ({reason})")
            gains = [c.scores["information_gain"] for c in candidates if c.admissible]
            if (np.asarray(step.counts) > 0).sum() == 1:
                text += ": all rows here have one class, so return that label"
            elif candidates and max(gains, default=0.0) < 1e-6:
                text += (": every attribute has information gain 0 here, and the homework's "
                         "rule is to stop and return the majority label")
            problems.append(text)
            continue
        if attribute not in by_name:
            used = attribute in schema.names
            problems.append(f"at [{where}] you split on {attribute!r}, which "
                            + ("is already used on this path" if used else
                               f"is not an attribute (attributes: {list(schema.names)})"))
            continue
        admissible = [c for c in candidates if c.admissible]
        best = max(c.scores["information_gain"] for c in admissible)
        mine = by_name[attribute]
        gain = mine.scores["information_gain"] if mine.admissible else 0.0
        if not mine.admissible or gain < best - 1e-9:
            winners = [c.feature_name for c in admissible
                       if c.scores["information_gain"] >= best - 1e-9]
            step_counts = grower.tree().node(node_id).counts
            hint = _wrong_choice_hint(attribute, X[rows], y[rows],
                                      [c.feature_name for c in candidates])
            problems.append(f"{_describe_node(where, step_counts, classes)} you split on "
                            f"{attribute} (gain {_f(gain)}) but {' / '.join(winners)} has the "
                            f"largest gain ({_f(best)}){hint}")
            continue
        grower.expand(node_id, feature=attribute)
        node = grower.tree().node(node_id)
        values = schema.categories[mine.feature]
        keys = {str(k): k for k in branches}
        column = X[attribute].astype(str).to_numpy()
        for value, child in reversed(list(zip(values, node.children))):
            if child.n_samples == 0:
                continue
            if str(value) not in keys:
                problems.append(f"at [{where}] the split on {attribute} has no branch for "
                                f"{attribute} = {value} ({_f(child.n_samples)} rows)")
                continue
            stack.append((child.node_id, branches[keys[str(value)]],
                          f"{attribute} = {value}", rows & (column == str(value))))
    return problems


def _frame(columns: dict, target: str) -> tuple[pd.DataFrame, pd.Series]:
    y = pd.Series(columns.pop(target), name=target)
    return pd.DataFrame(columns), y


def _stopping_tables() -> list[tuple[str, pd.DataFrame, pd.Series]]:
    # zero gain: inside C = c0 the classes are (A xor B), 4 + against 2 -, so A and B both
    # have gain 0 there; C = c1 is pure
    zero = _frame({
        "C": ["c0"] * 6 + ["c1"] * 3,
        "A": ["a0", "a0", "a1", "a1", "a0", "a1", "a0", "a1", "a0"],
        "B": ["b0", "b0", "b1", "b1", "b1", "b0", "b0", "b1", "b1"],
        "class": ["+", "+", "+", "+", "-", "-", "-", "-", "-"]}, "class")
    # weak gain: A has gain 0.0072 at the root, B gain 0 there; after A, B is perfect
    rows = ([("a0", "b0", "+")] * 11 + [("a0", "b1", "-")] * 9
            + [("a1", "b0", "-")] * 11 + [("a1", "b1", "+")] * 9)
    weak = _frame({"A": [r[0] for r in rows], "B": [r[1] for r in rows],
                   "class": [r[2] for r in rows]}, "class")
    # no attribute left: after splitting on the only attribute the rows are still mixed 2:1
    left = _frame({"A": ["x", "x", "x", "y", "y", "y", "y"],
                   "class": ["+", "+", "-", "-", "-", "+", "-"]}, "class")
    return [("zero gain inside C = c0", *zero), ("a weak first split", *weak),
            ("no attribute left", *left)]


def _criterion_tables() -> list[tuple[str, pd.DataFrame, pd.Series]]:
    # in each table exactly one of Gini gain / gain ratio / unweighted gain has its largest
    # value at the root on another attribute than the information gain (found by search)
    def table(A: list, B: list, C: list, y: list) -> tuple[pd.DataFrame, pd.Series]:
        X = pd.DataFrame({"A": [f"a{v}" for v in A], "B": [f"b{v}" for v in B],
                          "C": [f"c{v}" for v in C]})
        return X, pd.Series(["+" if v else "-" for v in y], name="class")

    gini = table([1, 1, 2, 2, 0, 0, 0, 1, 1], [1, 1, 1, 1, 1, 1, 1, 1, 2],
                 [1, 0, 0, 1, 0, 1, 0, 1, 1], [1, 0, 0, 1, 1, 0, 0, 1, 0])
    ratio = table([1, 2, 2, 1, 2, 2, 1, 2], [1, 1, 0, 1, 0, 0, 0, 1],
                  [2, 2, 1, 2, 1, 0, 1, 1], [1, 1, 1, 0, 1, 0, 0, 1])
    unweighted = table([1, 0, 1, 1, 0, 1, 1, 0], [0, 0, 0, 0, 0, 1, 1, 0],
                       [0, 1, 0, 1, 1, 1, 1, 0], [0, 0, 1, 0, 0, 0, 0, 0])
    return [("Gini picks another root", *gini), ("gain ratio picks another root", *ratio),
            ("unweighted gain picks another root", *unweighted)]


def _hidden_id3_tables(seed: int) -> list[tuple[str, pd.DataFrame, pd.Series]]:
    from ..datasets import load_car, load_mushroom

    rng = np.random.default_rng(seed + _HIDDEN)
    C, c = load_car()
    rows = np.sort(rng.choice(len(c), size=200, replace=False))
    M, m = load_mushroom()
    keep = ["odor", "spore-print-color", "habitat", "population", "cap-color"]
    mrows = np.sort(rng.choice(len(m), size=150, replace=False))
    # noisy synthetic data: the class follows two attributes, 15% of labels flipped
    n = 60
    data = {f"X{j}": rng.choice(["p", "q", "r"][: 2 + j % 2], size=n) for j in range(4)}
    truth = np.where((data["X0"] == "p") | (data["X2"] == "q"), "yes", "no")
    flip = rng.random(n) < 0.15
    labels = np.where(flip, np.where(truth == "yes", "no", "yes"), truth)
    return [("car evaluation, 200 rows", C.iloc[rows].reset_index(drop=True),
             c.iloc[rows].reset_index(drop=True)),
            ("mushrooms, 150 rows, 5 attributes", M[keep].iloc[mrows].reset_index(drop=True),
             m.iloc[mrows].reset_index(drop=True)),
            ("noisy synthetic data, 60 rows", pd.DataFrame(data), pd.Series(labels, name="y"))]


def _id3_cases(part: str, seed: int) -> list[tuple[str, pd.DataFrame, pd.Series]]:
    from ..datasets import load_contact_lenses, load_play_tennis, load_restaurant

    if part == "course":
        return [("play-tennis", *load_play_tennis()), ("restaurant", *load_restaurant()),
                ("contact lenses", *load_contact_lenses())]
    if part == "stopping":
        return _stopping_tables()
    if part == "criterion":
        return _criterion_tables()
    return _hidden_id3_tables(seed)


def check_id3(fn: Callable, *, part: str = "all", seed: int | None = None) -> CheckResult:
    """Check a student's ``id3(X, y, attributes)`` returning nested dicts.

    The tree format: a leaf is a class label; an inner node is
    ``{attribute: {value: subtree, ...}}`` with a branch for every value that occurs in
    the node's rows. The rule (stated in homework 2): return a leaf when all labels are
    equal, when no attribute is left, or when the best information gain is 0 (the
    majority label; any of tied labels); otherwise split on the attribute with the largest
    gain (any of tied attributes) and recurse without it.

    The student's tree is walked alongside dtlearn's growth engine; at the first nodes
    where they disagree the check says which node and why. Parts (``part=``):
    ``"course"`` — play-tennis, the restaurant, contact lenses; ``"stopping"`` — small
    tables with an impure node where every gain is 0 (a missing zero-gain stop, a
    minority-class leaf), a first split with gain 0.007 (a gain threshold, a stop on
    another attribute's zero gain) and mixed rows with no attribute left;
    ``"criterion"`` — tables where Gini gain, gain ratio and unweighted gain choose
    another root than the information gain (the hint names the criterion used);
    ``"hidden"`` — car evaluation, mushrooms and noisy synthetic data sampled with the
    hidden seed. ``"all"`` runs every part but "hidden".

    Forbidden while the function runs (see :data:`ID3_RULE`): every learner's ``fit`` and
    ``make_grower``, ``Grower``, ``split_table``, every measure (``dt.information_gain``
    too: use your own). Allowed: the student's own functions, math, numpy, pandas, loading
    data.

    Examples
    --------
    >>> import dtlearn as dt
    >>> result = check_id3(lambda X, y, a: as_nested_dict(dt.ID3Classifier().fit(X[a], y)))
    >>> print(result.cases[0].message)
    <lambda> calls dt.ID3Classifier(), dtlearn's own implementation of ID3 (growing a tree or scoring its splits): grow the tree yourself: score each attribute with your own information gain, split on the best one and recurse
    """
    parts = _parts(part, ("course", "stopping", "criterion", "hidden"), "check_id3")
    seed = _seed(seed)
    title = _title("check_id3", part)
    name = getattr(fn, "__name__", "id3")
    guard = LibraryGuard(ID3_RULE)
    cases: list[Case] = []
    for group in parts:
        for label, X, y in _id3_cases(group, seed):
            call = f"{name}(<{label}: {X.shape[0]} rows>)"
            outcome = run_student(fn, X.copy(), y.copy(), list(X.columns), forbidden=guard)
            if outcome.kind == "not yet":
                return _not_yet(title, outcome.message)
            if outcome.kind == "forbidden":
                return _forbidden(title, call, name, outcome.message)
            if not outcome.ok:
                message = outcome.message
                if outcome.kind == "recursion":
                    message += (" Remove the attribute you split on before recursing, and "
                                "stop when the rows are pure or no attribute is left.")
                cases.append(Case(call, False, message))
                if outcome.kind in _STOPPING:
                    break
                continue
            value = outcome.value
            if value is None:
                cases.append(Case(call, False, f"{name} returned None — did you forget "
                                               f"`return`?"))
                continue
            if hasattr(value, "tree_") or hasattr(value, "root"):
                cases.append(Case(call, False, "return nested dicts {attribute: {value: "
                                               "subtree}}, not a dtlearn model or Tree"))
                continue
            problems = _compare_id3(value, X, y)
            if problems:
                cases.append(Case(call, False, "; ".join(problems)))
            else:
                n_leaves = _count_leaves(value)
                cases.append(Case(call, True, f"same tree as ID3 ({n_leaves} leaves)"))
    return _result(title, cases)


def _count_leaves(tree: Any) -> int:
    count, stack = 0, [tree]
    while stack:
        sub = stack.pop()
        if isinstance(sub, dict):
            for branches in sub.values():
                stack.extend(branches.values())
        else:
            count += 1
    return count


# --------------------------------------------------------------------------- pruning
def _errors(tree: Any, X: pd.DataFrame, y: pd.Series) -> int:
    predicted = tree.predict(X)
    return int((np.asarray(predicted, dtype=object) != np.asarray(y, dtype=object)).sum())


def _split(label: str, loader: Callable, seed: int, complete: bool = False
           ) -> tuple[str, Any, pd.DataFrame, pd.Series]:
    from ..learners import ID3Classifier

    X, y = loader()
    if complete:
        keep = X.notna().all(axis=1).to_numpy()
        X, y = X[keep].reset_index(drop=True), y[keep].reset_index(drop=True)
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(y))
    n_train, n_val = int(0.5 * len(y)), int(0.25 * len(y))
    train, val = order[:n_train], order[n_train:n_train + n_val]
    model = ID3Classifier().fit(X.iloc[train], y.iloc[train])
    return (label, model.tree_, X.iloc[val].reset_index(drop=True),
            y.iloc[val].reset_index(drop=True))


def _prune_cases(part: str, seed: int) -> list[tuple[str, Any, pd.DataFrame, pd.Series]]:
    """The trees to prune (fresh copies: a student's function may change its input)."""
    return [(label, tree.copy(), X, y) for label, tree, X, y in _grown(part, seed)]


@functools.lru_cache(maxsize=8)
def _grown(part: str, seed: int) -> tuple[tuple[str, Any, pd.DataFrame, pd.Series], ...]:
    from ..datasets import load_breast_cancer_ljubljana, load_car, load_tic_tac_toe, load_vote

    if part in ("valid", "course"):
        return (_split("tic-tac-toe", load_tic_tac_toe, seed), _split("car", load_car, seed))
    hidden = seed + _HIDDEN
    return (_split("breast cancer", load_breast_cancer_ljubljana, hidden, complete=True),
            _split("car", load_car, hidden), _split("vote", load_vote, hidden, complete=True))


class _Pruning:
    """Validation errors of every node as a leaf, for simulating pruning variants fast."""

    def __init__(self, tree: Any, X_val: pd.DataFrame, y_val: pd.Series) -> None:
        from ..prune import _reach, _validation

        Xe, codes = _validation(tree, X_val, y_val)
        reach = _reach(tree, Xe)
        self.tree = tree
        self.nodes = {n.node_id: n for n in tree.nodes()}
        self.leaf = {i: int((reach[i] & (codes != n.predicted_index)).sum())
                     for i, n in self.nodes.items()}
        self.stopped = {}
        for i, n in self.nodes.items():
            below = np.zeros_like(reach[i])
            for c in n.children:
                below |= reach[c.node_id]
            self.stopped[i] = int((reach[i] & ~below & (codes != n.predicted_index)).sum())
        self.train = {i: float(n.errors) for i, n in self.nodes.items()}
        self.preorder = [n.node_id for n in tree.nodes() if not n.is_leaf]
        from ..prune import _postorder_inner

        self.postorder = [n.node_id for n in _postorder_inner(tree)]

    def subtree(self, i: int, cut: set, leaf: dict | None = None) -> float:
        leaf = self.leaf if leaf is None else leaf
        node = self.nodes[i]
        if node.is_leaf or i in cut:
            return leaf[i]
        extra = self.stopped[i] if leaf is self.leaf else 0
        return extra + sum(self.subtree(c.node_id, cut, leaf) for c in node.children)

    def kept(self, cut: set) -> frozenset:
        out, stack = set(), [self.tree.root]
        while stack:
            node = stack.pop()
            out.add(node.node_id)
            if node.node_id not in cut:
                stack.extend(node.children)
        return frozenset(out)

    def bottom_up(self, strict: bool = False, leaf: dict | None = None) -> frozenset:
        leaf = self.leaf if leaf is None else leaf
        cut: set = set()
        for i in self.postorder:
            a, b = leaf[i], self.subtree(i, cut, leaf)
            if a < b or (not strict and a == b):
                cut.add(i)
        return self.kept(cut)

    def top_down(self) -> frozenset:
        cut: set = set()
        changed = True
        while changed:
            changed = False
            kept = self.kept(cut)
            for i in self.preorder:
                if i in kept and i not in cut and self.leaf[i] <= self.subtree(i, cut):
                    cut.add(i)
                    kept = self.kept(cut)
                    changed = True
        return self.kept(cut)

    def best_first(self) -> frozenset:
        cut: set = set()
        while True:
            kept = self.kept(cut)
            gains = [(self.subtree(i, cut) - self.leaf[i], -k) for k, i in
                     enumerate(self.preorder) if i in kept and i not in cut]
            gains = [g for g in gains if g[0] >= 0]
            if not gains:
                return kept
            cut.add(self.preorder[-max(gains)[1]])


def _variant_hint(sim: _Pruning, mine: frozenset, reference: frozenset) -> str:
    if mine == frozenset(sim.nodes):
        return "nothing was pruned: replace a node by a leaf whenever the errors do not go up"
    variants = (
        (sim.bottom_up(strict=True), "nodes where the leaf makes exactly as many validation "
         "errors as the subtree were kept: the rule is 'does not increase' (<=), so a tie "
         "prunes and the smaller tree wins"),
        (sim.top_down(), "that is top-down pruning (parents tried before their children): "
         "visit the inner nodes bottom-up, children before parents"),
        (sim.best_first(), "that is best-first pruning (Mitchell: prune the best node, "
         "repeat); the homework asks for one bottom-up pass, children before parents"),
        (sim.bottom_up(leaf=sim.train), "the decisions were judged on the training counts: "
         "count errors on (X_val, y_val)"),
    )
    for result, text in variants:
        if result == mine and result != reference:
            return text
    for i in sim.postorder:  # the first node (bottom-up) decided differently
        if (i in reference) != (i in mine) or (
                i in mine and _is_cut(sim, i, mine) != _is_cut(sim, i, reference)):
            node = sim.nodes[i]
            pruned_here = _is_cut(sim, i, reference)
            return (f"node {i} (depth {node.depth}) is {'a leaf' if pruned_here else 'kept'} "
                    f"in the bottom-up result but {'kept' if pruned_here else 'a leaf'} in "
                    f"yours: as a leaf it makes {sim.leaf[i]} validation errors")
    return "not the bottom-up result"


def _is_cut(sim: _Pruning, i: int, kept: frozenset) -> bool:
    node = sim.nodes[i]
    return i in kept and not node.is_leaf and not any(c.node_id in kept for c in node.children)


def check_reduced_error_prune(fn: Callable, *, part: str = "all", seed: int | None = None
                              ) -> CheckResult:
    """Check a student's ``reduced_error_prune(tree, X_val, y_val)`` returning a pruned Tree.

    The rule (stated in homework 3): visit the inner nodes bottom-up (children before
    parents) and replace a node by a leaf whenever that does not increase the validation
    errors (``<=``). Cases: ID3 trees grown on half of tic-tac-toe and of car evaluation
    (split with ``seed``), pruned with another quarter. Parts (``part=``):

    - ``"valid"``: the result is a :class:`dtlearn.tree.Tree` obtained from the input by
      turning inner nodes into leaves (``tree.with_leaves_at``), the input is unchanged,
      the validation errors did not go up, and no remaining inner node would lower them as
      a leaf (top-down pruning or ``<`` pass this part; no pruning at all does not);
    - ``"course"``: the result is exactly the bottom-up one (node for node); otherwise the
      hint names the variant it matches (``<`` instead of ``<=``, top-down, best-first,
      training counts) or the first node decided differently;
    - ``"hidden"``: as "course" on breast cancer, car and vote split with the hidden seed.

    ``"all"`` runs "course".

    Forbidden while the function runs (see :data:`PRUNE_RULE`): ``dt.reduced_error_prune``
    and every pruner (``dtlearn.prune``, ``dtlearn.pessimistic``, ``dtlearn.rules``).
    Allowed: the ``Tree`` methods (``nodes``, ``node``, ``with_leaves_at``, ``copy``,
    ``predict``, ``apply``, ``decision_path``), learners and measures, numpy, pandas.

    Examples
    --------
    >>> check_reduced_error_prune(lambda tree, X, y: tree).passed  # not pruned at all
    False
    """
    from ..prune import reduced_error_prune
    from ..tree import Tree

    parts = _parts(part, ("valid", "course", "hidden"), "check_reduced_error_prune")
    if part == "all":
        parts = ("course",)
    seed = _seed(seed)
    title = _title("check_reduced_error_prune", part)
    name = getattr(fn, "__name__", "reduced_error_prune")
    guard = LibraryGuard(PRUNE_RULE)
    cases: list[Case] = []
    for group in parts:
        for label, tree, X_val, y_val in _prune_cases(group, seed):
            call = f"{name}(<ID3 tree on {label}: {tree.n_nodes} nodes>, X_val, y_val)"
            before_json = tree.to_json()
            pristine = tree.copy()
            before = _errors(tree, X_val, y_val)
            outcome = run_student(fn, tree, X_val.copy(), y_val.copy(), forbidden=guard)
            if outcome.kind == "not yet":
                return _not_yet(title, outcome.message)
            if outcome.kind == "forbidden":
                return _forbidden(title, call, name, outcome.message)
            if not outcome.ok:
                cases.append(Case(call, False, outcome.message))
                if outcome.kind in _STOPPING:
                    break
                continue
            result = outcome.value
            if hasattr(result, "tree_"):
                result = result.tree_
            if not isinstance(result, Tree):
                kind = "None — did you forget `return`?" if result is None else \
                    f"a {type(result).__name__}"
                cases.append(Case(call, False, f"{name} returned {kind}; return the pruned "
                                               f"Tree (tree.with_leaves_at([...]))"))
                continue
            problems = []
            if tree.to_json() != before_json:
                problems.append("the input tree was changed — prune a copy "
                                "(with_leaves_at returns one)")
                tree = pristine
            original = {n.node_id: n for n in tree.nodes()}
            kept = list(result.nodes())
            if any(n.node_id not in original or
                   (not n.is_leaf and original[n.node_id].is_leaf) for n in kept):
                problems.append("the result is not the input tree with some subtrees turned "
                                "into leaves")
            after = _errors(result, X_val, y_val)
            if after > before:
                problems.append(f"validation errors went up from {before} to {after}")
            if not problems and group == "valid":
                sim = _Pruning(tree, X_val, y_val)
                cut = {n.node_id for n in kept if n.is_leaf and not original[n.node_id].is_leaf}
                better = next((n.node_id for n in kept if not n.is_leaf and
                               sim.leaf[n.node_id] < sim.subtree(n.node_id, cut)), None)
                if better is not None:
                    problems.append(f"not finished: turning node {better} into a leaf would "
                                    f"lower the validation errors ({after})")
            if not problems and group != "valid":
                reference = reduced_error_prune(tree, X_val, y_val).tree
                want = frozenset(n.node_id for n in reference.nodes())
                mine = frozenset(n.node_id for n in kept)
                if mine != want:
                    sim = _Pruning(tree, X_val, y_val)
                    problems.append(f"{tree.n_leaves} → {result.n_leaves} leaves, validation "
                                    f"errors {before} → {after}, but not the bottom-up "
                                    f"result: {_variant_hint(sim, mine, want)}")
            if problems:
                cases.append(Case(call, False, "; ".join(problems)))
            else:
                cases.append(Case(call, True, f"{tree.n_leaves} → {result.n_leaves} leaves, "
                                              f"validation errors {before} → {after}"))
    return _result(title, cases)

