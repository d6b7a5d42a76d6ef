"""Homework 1's checks: the student's ``entropy(counts)`` and ``information_gain(feature, labels)``.

Each check runs its cases through :func:`~dtlearn.exercises.homework.trial_grading.grade` and
judges a returned number against :mod:`~dtlearn.exercises.homework.check_formulas`; a wrong
number gets the hint of the mistake it matches (nats, Gini, gain ratio, unweighted
children, rounding, ...).

Examples
--------
>>> check_entropy(lambda counts: 1.0).score < 0.5
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import numpy as np
import pandas as pd

from ..library_guard import LibraryGuard
from ..results import CheckResult
from ..wording import format_number, is_close, read_number, show_exact
from .check_formulas import contingency, entropy_bits, gain_parts, gini_index
from .forbidden_calls import ENTROPY_RULE, GAIN_RULE
from .trial_grading import (
    Trial,
    calibrate,
    call_student,
    grade,
    in_unit,
    judge_number,
    near_miss,
    scaled_slip,
    sealed,
    task,
)

__all__ = ["check_entropy", "check_information_gain"]


# --------------------------------------------------------------------------- entropy
_ENTROPY_SLIPS = (
    (-1.0, "wrong sign: entropy is -Σ p·log2 p, which is never negative"),
    (math.log(2), "that is the entropy in nats: use log base 2 (math.log2) for bits"),
    (math.log10(2), "that is log base 10: use log base 2 (math.log2) for bits"),
)
_GAIN_SLIPS = (
    (-1.0, "wrong sign: gain = H(parent) - mean info"),
    (math.log(2), "that is in nats: use log base 2"),
    (math.log10(2), "that is log base 10: use log base 2"),
)


def _entropy_hint(counts: list, got: float, want: float) -> str:
    if math.isnan(got):
        if any(c == 0 for c in counts):
            return "remember 0·log 0 = 0: skip classes with count 0"
        return "nan appears when you take log(0) or divide 0 by 0"
    if math.isinf(got):
        return "an infinite value comes from log(0): skip classes with count 0"
    slip = scaled_slip(got, want, _ENTROPY_SLIPS)
    if slip:
        return slip
    k = sum(1 for c in counts if c > 0)
    for classes in sorted({len(counts), k}):
        if classes > 2 and want > 0 and is_close(got, want / math.log2(classes)):
            return (
                f"that is divided by log2({classes}) (normalised entropy): return the "
                f"entropy itself, in bits"
            )
    if not is_close(want, gini_index(counts)) and is_close(got, gini_index(counts)):
        return "that is the Gini index 1 - Σ p², not the entropy -Σ p·log2 p"
    raw = -sum(c * math.log2(c) for c in counts if c > 0)
    if is_close(got, raw) and not is_close(raw, want):
        return "use proportions p_k = count_k / total, not the raw counts"
    if (
        len(counts) > 2
        and is_close(got, entropy_bits(counts[:2]))
        and not is_close(want, entropy_bits(counts[:2]))
    ):
        return "only the first two classes were used: sum over every class"
    near = near_miss(got, want)
    if near:
        return near
    if got < 0:
        return "entropy is never negative"
    if len(counts) > 1 and got > math.log2(len(counts)) + 1e-9:
        return (
            f"with {len(counts)} classes entropy is at most log2({len(counts)}) = "
            f"{format_number(math.log2(len(counts)))}"
        )
    return "not the entropy of these counts in bits: -Σ p_k·log2 p_k with p_k = count_k / total"


_ENTROPY_BITS = [[9, 5], [7, 7], [50, 5], [30, 25], [1, 1, 1, 1], [3, 2, 1]]
_ENTROPY_EDGE = [
    [14, 0],
    [0, 6],
    [4, 0, 2],
    [5],
    [2.5, 1.5],
    [0.3, 0.2, 0.5],
    [1] * 8,
    [1_000_000, 1],
]


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
            np.random.default_rng(seed), 4, zeros=False
        )
    if part == "edge":
        return [list(c) for c in _ENTROPY_EDGE]
    rng = np.random.default_rng(seed)
    weights = [[round(float(w), 2) for w in rng.uniform(0.05, 3, size=3)]]
    return _random_counts(rng, 5, zeros=True) + weights + [[0, 0, 3], [2, 2, 2, 2, 2, 2]]


def check_entropy(
    fn: Callable,
    *,
    part: str = "all",
    seed: int | None = None,
    secret: str | None = None,
    which: str = "all",
) -> CheckResult:
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
    job = task(
        "check_entropy",
        fn,
        part,
        ("bits", "edge", "hidden"),
        seed,
        default_name="entropy",
        secret=secret,
        which=which,
    )
    guard = LibraryGuard(ENTROPY_RULE)

    def trials(group: str):
        factor, unit = (1.0, "bits")
        if group != "bits":
            factor, unit = calibrate(fn, ([7, 7],), 1.0, guard)

        def make(counts: list) -> Trial:
            want = entropy_bits(counts)
            hint = partial(_entropy_hint, list(counts), want=want)
            return Trial(
                f"{job.name}({counts})",
                (list(counts),),
                judge_number(
                    job.name,
                    want,
                    hint,
                    in_unit(want, factor, unit, "; the 'bits' part asks for bits"),
                ),
                {"error": " — remember 0·log 0 = 0: skip classes with count 0"}
                if 0 in counts
                else {},
            )

        for counts in _entropy_cases(group, job.seed_for(group)) if job.shows(group) else ():
            yield make(counts)
        if job.seals(group):
            rng = np.random.default_rng([job.fresh, len(group)])
            fresh = _random_counts(rng, 2, zeros=group == "edge")
            if group == "edge":
                fresh.append([round(float(w), 2) for w in rng.uniform(0.05, 3, size=3)])
            yield from sealed(make(c) for c in fresh)

    return grade(job, fn, guard, trials)


# --------------------------------------------------------------------------- information gain
def _gain_hint(table: np.ndarray, got: float) -> str:
    p = gain_parts(table)
    want = p["gain"]
    if math.isnan(got):
        return "nan: is there a log(0) somewhere? remember 0·log 0 = 0"
    checks = [
        (
            "mean",
            "that is the mean information (the weighted entropy of the children); "
            "gain = H(parent) - mean info",
        ),
        ("parent", "that is H(parent) alone: subtract the weighted entropy of the children"),
        ("unweighted", "weight each child's entropy by |S_v| / |S| (its share of the rows)"),
        (
            "ratio",
            "that is the gain ratio (gain / split info, C4.5's criterion): return the "
            "information gain itself",
        ),
        (
            "gini",
            "that is the Gini gain: the information gain uses the entropy "
            "-Σ p·log2 p, not the Gini index",
        ),
        (
            "split",
            "that is the split information (the entropy of the attribute's values), not the gain",
        ),
    ]
    for key, text in checks:
        if not is_close(want, p[key]) and is_close(got, p[key]):
            return text
    slip = scaled_slip(got, want, _GAIN_SLIPS)
    if slip:
        return slip
    if _misaligned(table, got, want):
        return (
            "weight each child by |S_v|/|S|, its own share of the rows: the weights were "
            "paired with the wrong values (value_counts() is sorted by count, "
            "pd.unique by first appearance)"
        )
    near = near_miss(got, want)
    if near:
        return near
    if got < -1e-9:
        return "information gain is never negative"
    return "not H(labels) - Σ |S_v|/|S|·H(S_v) in bits"


def _misaligned(table: np.ndarray, got: float, want: float) -> bool:
    """Whether ``got`` is the gain with the children's weights paired with other children."""
    from itertools import permutations

    sizes = table.sum(axis=1)
    if not 2 <= len(sizes) <= 6 or is_close(got, want):
        return False
    parent = entropy_bits(table.sum(axis=0))
    children = [entropy_bits(row) for row in table]
    weights = sizes / sizes.sum()
    for order in permutations(range(len(sizes))):
        shuffled = weights[list(order)]
        if np.allclose(shuffled, weights):
            continue
        if is_close(got, parent - float(np.dot(shuffled, children))):
            return True
    return False


def _gain_cases(part: str, seed: int) -> list[tuple[str, pd.Series, pd.Series]]:
    from ...datasets import load_car, load_contact_lenses, load_play_tennis, load_restaurant

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
        colour = pd.Series(
            pd.Categorical(
                ["red", "red", "blue", "blue", "red", "blue"], categories=["red", "green", "blue"]
            ),
            name="colour",
        )
        label = pd.Series(
            pd.Categorical(["+", "+", "-", "+", "-", "-"], categories=["+", "-", "?"]), name="label"
        )
        return [
            ('L["tear-prod-rate"], lenses  (3 classes)', L[L.columns[-1]], lenses),
            (
                'X["outlook"][high], y[high]  (index 0, 1, 2, 3, 7, 11, 13)',
                X["outlook"][high],
                y[high],
            ),
            (
                "one value: ['a'] * 6, ['+', '+', '-', '+', '-', '-']",
                pd.Series(["a"] * 6),
                pd.Series(list("++-+--")),
            ),
            ("a different value in every row: X.index, y", pd.Series(X.index), y),
            ("categoricals with unused categories: colour, label", colour, label),
            (
                "numbers and booleans: [1, 1, 2, 2, 3, 3], [True, False, True, True, False, True]",
                pd.Series([1, 1, 2, 2, 3, 3]),
                pd.Series([True, False, True, True, False, True]),
            ),
        ]
    rng = np.random.default_rng(seed)
    C, c = load_car()
    rows = np.sort(rng.choice(len(c), size=300, replace=False))
    car = [
        (f"car evaluation, 300 rows: {a}", C[a].iloc[rows], c.iloc[rows])
        for a in ("buying", "persons", "safety")
    ]
    return car + [_random_gain_case(rng, i) for i in range(3)]


def _random_gain_case(rng: np.random.Generator, i: int) -> tuple[str, pd.Series, pd.Series]:
    n = int(rng.integers(8, 30))
    feature = pd.Series(rng.choice(list("abcd")[: int(rng.integers(2, 5))], size=n), name=f"A{i}")
    labels = pd.Series(
        rng.choice(["yes", "no", "maybe"][: int(rng.integers(2, 4))], size=n), name="class"
    )
    text = f"random case {i + 1}: {''.join(feature)}, {' '.join(str(v) for v in labels)}"
    return text, feature, labels


_PROBES = ([9, 5], [4, 0, 2], [2.5, 1.5], [1, 1, 1, 1], [14, 0])


def _probes(seed: int) -> list[list]:
    """The counts the student's entropy is first asked about: fixed ones and ``seed``'s own."""
    rng = np.random.default_rng([seed, 34])
    return [list(c) for c in _PROBES] + _random_counts(rng, 3, zeros=True)


def _entropy_table(entropy: Callable, vectors: list, guard: LibraryGuard, seed: int) -> dict:
    """The student's entropy of every count vector, each asked once, in a shuffled order.

    Asked in one go, before any of the gains it serves are judged, in an order drawn from
    ``seed``: an entropy that keeps state learns nothing from the order it is asked in, so
    its answers are one function of the counts (the grader calls it in a child of its own
    that never runs ``information_gain``).
    """
    unique = list(dict.fromkeys(tuple(float(c) for c in v) for v in vectors))
    order = np.random.default_rng([seed, 35]).permutation(len(unique))
    table: dict = {}
    for i in order:
        counts = unique[int(i)]
        outcome = call_student(
            entropy, [int(c) if c == int(c) else c for c in counts], forbidden=guard
        )
        got = read_number(outcome.value, "entropy")[0] if outcome.ok else None
        table[counts] = None if got is None or not math.isfinite(got) else got
        if outcome.kind in ("timeout", "forbidden"):
            break
    return table


def _own_entropy_is_wrong(table: dict, probes: list) -> bool | None:
    """True if the student's entropy is wrong, None if it is wrong and degenerate.

    Degenerate: it gives the same number for every distribution (``return 0``), which
    would make every gain built on it 0 — no formula to give credit for.
    """
    values = [table.get(tuple(float(c) for c in counts)) for counts in probes]
    if all(v is not None and is_close(v, entropy_bits(c)) for v, c in zip(values, probes)):
        return False
    known = [v for v in values if v is not None]
    if len(known) < len(values) or max(known) - min(known) <= 1e-9:
        return None
    return True


def _vectors(feature: pd.Series, labels: pd.Series) -> list[list]:
    """The label counts the gain formula asks the entropy for: the parent's, each child's."""
    f = np.asarray(feature, dtype=object)
    y = pd.Series(np.asarray(labels, dtype=object))
    return [y.value_counts().tolist()] + [
        y[f == value].value_counts().tolist() for value in pd.unique(f)
    ]


def _gain_from(table: dict, feature: pd.Series, labels: pd.Series) -> float | None:
    """The gain the formula gives with the student's own entropy (counts as value_counts)."""
    vectors = _vectors(feature, labels)
    sizes = [sum(v) for v in vectors]
    values = [table.get(tuple(float(c) for c in v)) for v in vectors]
    if any(v is None for v in values):
        return None
    return values[0] - sum(n / sizes[0] * h for n, h in zip(sizes[1:], values[1:]))


def check_information_gain(
    fn: Callable,
    *,
    part: str = "all",
    entropy: Callable | None = None,
    seed: int | None = None,
    secret: str | None = None,
    which: str = "all",
) -> CheckResult:
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
    job = task(
        "check_information_gain",
        fn,
        part,
        ("course", "edge", "hidden"),
        seed,
        default_name="information_gain",
        secret=secret,
        which=which,
    )
    guard = LibraryGuard(GAIN_RULE)
    cases: dict = {}
    for group in job.groups:
        visible = _gain_cases(group, job.seed_for(group)) if job.shows(group) else []
        fresh = []
        if job.seals(group):
            rng = np.random.default_rng([job.fresh, len(group)])
            fresh = [_random_gain_case(rng, i) for i in range(2)]
            if group == "edge":  # a non-default index
                fresh = [
                    (t, f.set_axis(f.index * 3 + 7), y.set_axis(y.index * 3 + 7))
                    for t, f, y in fresh
                ]
        cases[group] = (visible, fresh)
    own_wrong, table = False, {}
    if entropy is not None:
        # probes and order drawn per submission (from the sealed seed when graded)
        draw = job.fresh if job.fresh is not None else job.seed
        probes = _probes(draw)
        table = _entropy_table(entropy, probes, guard, draw)
        own_wrong = bool(_own_entropy_is_wrong(table, probes))
        if own_wrong:
            vectors = [
                v
                for visible, fresh in cases.values()
                for _, f, y in visible + fresh
                for v in _vectors(f, y)
            ]
            table.update(_entropy_table(entropy, vectors, guard, draw + 1))

    def trials(group: str):
        factor, unit = (1.0, "bits")
        if group in ("edge", "hidden"):
            from ...datasets import load_play_tennis

            X, y = load_play_tennis()
            factor, unit = calibrate(
                fn, (X["outlook"], y), gain_parts(contingency(X["outlook"], y))["gain"], guard
            )

        def make(label: str, feature: pd.Series, labels: pd.Series) -> Trial:
            table_ = contingency(feature, labels)
            want = gain_parts(table_)["gain"]
            also = [in_unit(want, factor, unit)]
            if own_wrong:
                also.append(partial(_with_own_entropy, table=table, feature=feature, labels=labels))
            return Trial(
                f"{job.name}({label})",
                (feature.copy(), labels.copy()),
                judge_number(job.name, want, partial(_gain_hint, table_), *also),
            )

        visible, fresh = cases[group]
        for case in visible:
            yield make(*case)
        yield from sealed(make(*case) for case in fresh)

    return grade(job, fn, guard, trials)


def _with_own_entropy(got: float, table: dict, feature: pd.Series, labels: pd.Series) -> str:
    """Accept a gain that is the right formula applied to the student's own wrong entropy."""
    value = _gain_from(table, feature, labels)
    if value is None or abs(value) <= 1e-9 or not is_close(got, value):
        return ""  # a gain of 0 shows no formula
    return (
        f"{show_exact(got)} — the formula is right; the number is off because your "
        f"entropy is (see check_entropy)"
    )
