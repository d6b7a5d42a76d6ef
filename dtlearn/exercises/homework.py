"""Homework checks that answer in words a student understands.

A check calls the student's function on textbook cases and on random cases, compares
each answer with dtlearn's own result, and returns a :class:`CheckResult`: which cases
passed, which failed and *why* ("entropy([14, 0]) gave nan — remember 0·log 0 = 0").
It never shows a traceback wall:

- a function that still raises ``NotImplementedError`` gets "not yet: ...";
- a function that raises another error gets the error, the line of the student's code
  where it happened, and a hint;
- a function that never returns (an endless loop) is stopped after a budget of executed
  lines (:data:`dtlearn.exercises.core.STEP_LIMIT`, independent of the machine's load) and
  reported; runaway recursion gets advice of its own;
- a function that returns the wrong kind of value (``None``, a list, a string) is told what
  it should return.

In an nbgrader grade cell, call ``check_entropy(entropy).assert_ok()``: it shows the
report and raises ``AssertionError`` (with the same text) unless every case passed.

The student's function is called through :func:`dtlearn.exercises.core.run_student`.

Only numpy and pandas are needed; the references are :mod:`dtlearn.measures` and
:mod:`dtlearn.learners`.

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

import math
from typing import Any, Callable, Sequence

import numpy as np
import pandas as pd

from .core import (
    _ROUNDING_TOL,
    _STOPPING,
    Case,
    CheckResult,
    _close,
    _f,
    _not_yet,
    _number,
    _result,
    run_student,
)

__all__ = [
    "as_nested_dict",
    "check_entropy",
    "check_id3",
    "check_information_gain",
    "check_reduced_error_prune",
]


# --------------------------------------------------------------------------- entropy
def _h(counts: Sequence[float], log: Callable[[float], float] = math.log2) -> float:
    total = float(sum(counts))
    return -sum(c / total * log(c / total) for c in counts if c > 0) + 0.0


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
    raw = -sum(c * math.log2(c) for c in counts if c > 0)
    if _close(got, raw) and not _close(raw, want):
        return "use proportions p_k = count_k / total, not the raw counts"
    if len(counts) > 2 and _close(got, _h(counts[:2])):
        return "only the first two classes were used: sum over every class"
    if abs(got - want) <= _ROUNDING_TOL:
        return "close — do not round inside the function"
    if got < 0:
        return "entropy is never negative"
    if got > math.log2(len(counts)) + 1e-9:
        return f"with {len(counts)} classes entropy is at most log2({len(counts)}) = " \
               f"{_f(math.log2(len(counts)))}"
    return ""


def _entropy_cases(seed: int) -> list[list]:
    rng = np.random.default_rng(seed)
    cases: list[list] = [[9, 5], [14, 0], [7, 7], [50, 5], [30, 25], [1, 1, 1, 1],
                         [4, 0, 2], [5], [2.5, 1.5]]
    for _ in range(5):
        k = int(rng.integers(2, 6))
        row = rng.integers(0, 20, size=k)
        row[0] += 1
        cases.append([int(c) for c in row])
    return cases


def check_entropy(fn: Callable, *, seed: int = 0) -> CheckResult:
    """Check a student's ``entropy(counts)`` (class counts in, bits out).

    Cases: the course's play-tennis root ``[9, 5]`` (0.940), a pure node ``[14, 0]``,
    ``[7, 7]``, the coins ``[50, 5]`` and ``[30, 25]``, more than two classes, a single
    class, fractional counts, and random count vectors.

    Examples
    --------
    >>> import math
    >>> def entropy(counts):  # forgets that 0·log 0 = 0
    ...     total = sum(counts)
    ...     return -sum(c / total * math.log2(c / total) for c in counts)
    >>> print(check_entropy(entropy).failed_cases[0])
    ✗ entropy([14, 0]): raised ValueError: math domain error (in entropy, at `return -sum(c / total * math.log2(c / total) for c in counts)`) — remember 0·log 0 = 0: skip classes with count 0
    """
    from ..measures import entropy as reference

    name = getattr(fn, "__name__", "entropy")
    cases = []
    for counts in _entropy_cases(seed):
        call = f"{name}({counts})"
        want = float(reference(counts=counts))
        outcome = run_student(fn, list(counts))
        if outcome.kind == "not yet":
            return _not_yet("check_entropy", outcome.message)
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
            cases.append(Case(call, True, f"{_f(got)}"))
        else:
            hint = _entropy_hint(list(counts), got, want)
            cases.append(Case(call, False, f"gave {_f(got)}, expected {_f(want)}"
                                           + (f" — {hint}" if hint else "")))
    return _result("check_entropy", cases)


# --------------------------------------------------------------------------- information gain
def _gain_cases(seed: int) -> list[tuple[str, pd.Series, pd.Series]]:
    from ..datasets import load_play_tennis, load_restaurant

    X, y = load_play_tennis()
    cases = [(f'X["{c}"], y', X[c], y) for c in X.columns]
    R, w = load_restaurant()
    cases += [(f'R["{c}"], w', R[c], w) for c in ("Patrons", "Type", "Alternate")]
    rng = np.random.default_rng(seed)
    for i in range(4):
        n = int(rng.integers(6, 30))
        feature = pd.Series(rng.choice(list("abcd")[: int(rng.integers(2, 5))], size=n),
                            name=f"A{i}")
        labels = pd.Series(rng.choice(["yes", "no", "maybe"][: int(rng.integers(2, 4))],
                                      size=n), name="class")
        cases.append((f"random case {i + 1} ({n} rows)", feature, labels))
    return cases


def _gain_hint(feature: pd.Series, labels: pd.Series, got: float, want: float) -> str:
    table = pd.crosstab(feature, labels).to_numpy(dtype=float)
    parent = _h(table.sum(axis=0))
    sizes = table.sum(axis=1)
    children = [_h(row) for row in table]
    mean = float(np.dot(sizes / sizes.sum(), children))
    if math.isnan(got):
        return "nan: is there a log(0) somewhere? remember 0·log 0 = 0"
    if not _close(want, mean) and _close(got, mean):
        return ("that is the mean information (the weighted entropy of the children); "
                "gain = H(parent) - mean info")
    if not _close(want, parent) and _close(got, parent):
        return "that is H(parent) alone: subtract the weighted entropy of the children"
    unweighted = parent - float(np.mean(children))
    if not _close(want, unweighted) and _close(got, unweighted):
        return "weight each child's entropy by |S_v| / |S| (its share of the rows)"
    if want > 0 and _close(got, -want):
        return "wrong sign: gain = H(parent) - mean info"
    if want > 0 and _close(got, want * math.log(2)):
        return "that is in nats: use log base 2"
    if abs(got - want) <= _ROUNDING_TOL:
        return "close — do not round inside the function"
    return ""


def check_information_gain(fn: Callable, *, seed: int = 0) -> CheckResult:
    """Check a student's ``information_gain(feature, labels)`` (two pandas Series, bits out).

    Cases: every play-tennis attribute (outlook 0.247, temperature 0.029, humidity 0.152,
    windy 0.048), the restaurant's Patrons (0.541), Type and Alternate (0), and random
    data with two or three classes.

    Examples
    --------
    >>> from dtlearn import information_gain
    >>> check_information_gain(lambda f, l: float(information_gain(f, l))).passed
    True
    """
    from ..measures import information_gain as reference

    name = getattr(fn, "__name__", "information_gain")
    cases = []
    for label, feature, labels in _gain_cases(seed):
        call = f"{name}({label})"
        want = float(reference(feature, labels))
        outcome = run_student(fn, feature.copy(), labels.copy())
        if outcome.kind == "not yet":
            return _not_yet("check_information_gain", outcome.message)
        if not outcome.ok:
            cases.append(Case(call, False, outcome.message))
            if outcome.kind in _STOPPING:
                break
            continue
        got, problem = _number(outcome.value, name)
        if got is None:
            cases.append(Case(call, False, problem))
        elif _close(got, want):
            cases.append(Case(call, True, _f(got)))
        else:
            hint = _gain_hint(feature, labels, got, want)
            cases.append(Case(call, False, f"gave {_f(got)}, expected {_f(want)}"
                                           + (f" — {hint}" if hint else "")))
    return _result("check_information_gain", cases)


# --------------------------------------------------------------------------- ID3
def as_nested_dict(tree: Any) -> Any:
    """A fitted tree (or model) as nested dicts ``{attribute: {value: subtree}}``.

    Leaves are class labels; empty branches (no training rows) are left out. This is
    the format homework 2 asks students to build.

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


def _compare_id3(student: Any, X: pd.DataFrame, y: pd.Series) -> list[str]:
    """Walk the student's nested dict alongside dtlearn's grower; return the problems."""
    from ..learners import ID3Classifier

    grower = ID3Classifier().make_grower(X, y)
    classes = grower.classes
    schema = grower.schema
    problems: list[str] = []
    stack = [(grower.root.node_id, student, "root")]
    while stack and len(problems) < 3:
        node_id, sub, where = stack.pop()
        candidates = grower.candidates(node_id)
        reason = grower.stop_reason(node_id)
        if not isinstance(sub, dict):
            step = grower.expand(node_id)
            here = _describe_node(where, step.counts, classes)
            if step.chosen is not None:
                problems.append(f"{here} you made a leaf '{sub}', but ID3 splits on "
                                f"{step.chosen.feature_name} (gain "
                                f"{_f(step.chosen.scores['information_gain'])})")
                continue
            best = step.counts.max()
            allowed = {str(c) for c, n in zip(classes, step.counts) if n == best}
            if str(sub) not in allowed:
                problems.append(f"{here} the leaf says '{sub}' but the majority class is "
                                f"'{' or '.join(sorted(allowed))}'")
            continue
        if len(sub) != 1 or not isinstance(next(iter(sub.values())), dict):
            problems.append(f"at [{where}] a node must look like {{attribute: {{value: subtree}}}}"
                            f" with one attribute; got a dict with keys {list(sub)[:4]}")
            continue
        attribute, branches = next(iter(sub.items()))
        by_name = {c.feature_name: c for c in candidates}
        if reason is not None:
            step = grower.expand(node_id)
            problems.append(f"{_describe_node(where, step.counts, classes)} you split on "
                            f"{attribute}, but ID3 stops here ({reason})")
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
            problems.append(f"{_describe_node(where, step_counts, classes)} you split on "
                            f"{attribute} (gain {_f(gain)}) but {' / '.join(winners)} has the "
                            f"largest gain ({_f(best)})")
            continue
        grower.expand(node_id, feature=attribute)
        node = grower.tree().node(node_id)
        values = schema.categories[mine.feature]
        keys = {str(k): k for k in branches}
        for value, child in reversed(list(zip(values, node.children))):
            if child.n_samples == 0:
                continue
            if str(value) not in keys:
                problems.append(f"at [{where}] the split on {attribute} has no branch for "
                                f"{attribute} = {value} ({_f(child.n_samples)} rows)")
                continue
            stack.append((child.node_id, branches[keys[str(value)]],
                          f"{attribute} = {value}"))
    return problems


def _id3_cases() -> list[tuple[str, pd.DataFrame, pd.Series]]:
    from ..datasets import load_contact_lenses, load_play_tennis, load_restaurant

    return [("play-tennis", *load_play_tennis()), ("restaurant", *load_restaurant()),
            ("contact lenses", *load_contact_lenses())]


def check_id3(fn: Callable) -> CheckResult:
    """Check a student's ``id3(X, y, attributes)`` returning nested dicts.

    The tree format: a leaf is a class label; an inner node is
    ``{attribute: {value: subtree, ...}}`` with a branch for every value that occurs in
    the node's rows. The student's tree is walked alongside dtlearn's growth engine on
    play-tennis, the restaurant and contact lenses: at every node the chosen attribute
    must have the largest information gain (ties: any of the tied attributes is
    accepted, and growth continues with the student's choice), leaves must hold the
    majority class, and growth stops exactly where ID3 stops.

    Examples
    --------
    >>> from dtlearn import ID3Classifier
    >>> check_id3(lambda X, y, a: as_nested_dict(ID3Classifier().fit(X[a], y))).passed
    True
    """
    name = getattr(fn, "__name__", "id3")
    cases = []
    for label, X, y in _id3_cases():
        call = f"{name}(<{label}: {X.shape[0]} rows>)"
        outcome = run_student(fn, X.copy(), y.copy(), list(X.columns))
        if outcome.kind == "not yet":
            return _not_yet("check_id3", outcome.message)
        if not outcome.ok:
            message = outcome.message
            if outcome.kind == "recursion":
                message += (" Remove the attribute you split on before recursing, and stop "
                            "when the rows are pure or no attribute is left.")
            cases.append(Case(call, False, message))
            if outcome.kind in _STOPPING:
                break
            continue
        value = outcome.value
        if value is None:
            cases.append(Case(call, False, f"{name} returned None — did you forget `return`?"))
            continue
        if hasattr(value, "tree_") or hasattr(value, "root"):
            cases.append(Case(call, False, "return nested dicts {attribute: {value: subtree}}, "
                                           "not a dtlearn model or Tree"))
            continue
        problems = _compare_id3(value, X, y)
        if problems:
            cases.append(Case(call, False, "; ".join(problems)))
        else:
            n_leaves = _count_leaves(value)
            cases.append(Case(call, True, f"same tree as ID3 ({n_leaves} leaves)"))
    return _result("check_id3", cases)


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


def _prune_cases(seed: int) -> list[tuple[str, Any, pd.DataFrame, pd.Series]]:
    from ..datasets import load_car, load_tic_tac_toe
    from ..learners import ID3Classifier

    out = []
    for label, loader in (("tic-tac-toe", load_tic_tac_toe), ("car", load_car)):
        X, y = loader()
        rng = np.random.default_rng(seed)
        order = rng.permutation(len(y))
        n_train = int(0.5 * len(y))
        n_val = int(0.25 * len(y))
        train, val = order[:n_train], order[n_train:n_train + n_val]
        model = ID3Classifier().fit(X.iloc[train], y.iloc[train])
        out.append((label, model.tree_, X.iloc[val].reset_index(drop=True),
                    y.iloc[val].reset_index(drop=True)))
    return out


def check_reduced_error_prune(fn: Callable, *, seed: int = 0) -> CheckResult:
    """Check a student's ``reduced_error_prune(tree, X_val, y_val)`` returning a pruned Tree.

    Checked on ID3 trees grown on half of tic-tac-toe and of car evaluation, pruned with
    another quarter: the result must be a :class:`dtlearn.tree.Tree` obtained from the
    input by turning inner nodes into leaves (``tree.with_leaves_at``), make no more
    validation errors than the input, leave the input unchanged, and be finished —
    turning any remaining inner node into a leaf would increase the validation errors.

    Examples
    --------
    >>> check_reduced_error_prune(lambda tree, X, y: tree).passed  # not pruned at all
    False
    """
    from ..tree import Tree

    name = getattr(fn, "__name__", "reduced_error_prune")
    cases = []
    for label, tree, X_val, y_val in _prune_cases(seed):
        call = f"{name}(<ID3 tree on {label}: {tree.n_nodes} nodes>, X_val, y_val)"
        before_json = tree.to_json()
        before = _errors(tree, X_val, y_val)
        outcome = run_student(fn, tree, X_val.copy(), y_val.copy())
        if outcome.kind == "not yet":
            return _not_yet("check_reduced_error_prune", outcome.message)
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
            cases.append(Case(call, False, f"{name} returned {kind}; return the pruned Tree "
                                           f"(tree.with_leaves_at([...]))"))
            continue
        problems = []
        if tree.to_json() != before_json:
            problems.append("the input tree was changed — prune a copy "
                            "(with_leaves_at returns one)")
        original = {n.node_id: n for n in tree.nodes()}
        kept = list(result.nodes())
        if any(n.node_id not in original or
               (not n.is_leaf and original[n.node_id].is_leaf) for n in kept):
            problems.append("the result is not the input tree with some subtrees turned into "
                            "leaves")
        after = _errors(result, X_val, y_val)
        if after > before:
            problems.append(f"validation errors went up from {before} to {after}")
        if not problems:
            inner = [n.node_id for n in kept if not n.is_leaf]
            prunable = [i for i in inner
                        if _errors(result.with_leaves_at([i]), X_val, y_val) <= after]
            if prunable:
                problems.append(f"not finished: turning node {prunable[0]} into a leaf would "
                                f"not increase the validation errors ({after}); "
                                f"{len(prunable)} such node(s) remain")
        if problems:
            cases.append(Case(call, False, "; ".join(problems)))
        else:
            cases.append(Case(call, True, f"{tree.n_leaves} → {result.n_leaves} leaves, "
                                          f"validation errors {before} → {after}"))
    return _result("check_reduced_error_prune", cases)
