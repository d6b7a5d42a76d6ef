"""Homework 2's check: the student's ``id3(X, y, attributes)`` returning nested dicts.

The student's tree is walked alongside dtlearn's growth engine; at the first nodes where
they disagree the check says which node and why (a missing stop, a minority-class leaf, a
gain threshold, another criterion's choice). :func:`as_nested_dict` turns a fitted tree
into the format the homework asks for.

Examples
--------
>>> check_id3(lambda X, y, attributes: "yes").passed
False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import numpy as np
import pandas as pd

from ...tree import as_tree
from ..library_guard import LibraryGuard
from ..results import CheckResult
from ..wording import format_number
from .check_formulas import contingency, gain_parts
from .forbidden_calls import ID3_RULE
from .trial_grading import Trial, grade, sealed, task

__all__ = ["as_nested_dict", "check_id3"]


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
    tree = as_tree(tree, arg="tree")
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
    summary = ", ".join(
        f"{int(c) if float(c).is_integer() else c} {k}" for k, c in zip(classes, counts)
    )
    return f"at [{where}] ({summary})"


def _criteria(X: pd.DataFrame, y: pd.Series, names: Sequence[str]) -> dict[str, dict]:
    """Per attribute: gain, gain ratio, Gini gain, unweighted gain on these rows."""
    return {a: gain_parts(contingency(X[a], y)) for a in names}


def _unique_best(scores: dict[str, float], low: bool = False) -> str | None:
    values = sorted(scores.values(), reverse=not low)
    if len(values) > 1 and abs(values[0] - values[1]) <= 1e-9:
        return None
    return min(scores, key=scores.get) if low else max(scores, key=scores.get)


def _wrong_choice_hint(attribute: str, X: pd.DataFrame, y: pd.Series, names: Sequence[str]) -> str:
    scores = _criteria(X, y, names)
    if len(scores) < 2:
        return ""
    names = (
        ("gini", "the largest Gini gain"),
        ("ratio", "the largest gain ratio (C4.5)"),
        ("unweighted", "the largest gain with unweighted children"),
        ("split", "the largest split information"),
    )
    matches = [
        text
        for key, text in names
        if _unique_best({a: sc[key] for a, sc in scores.items()}) == attribute
    ]
    if not matches:
        if _unique_best({a: sc["gain"] for a, sc in scores.items()}, low=True) == attribute:
            return f" — {attribute} has the smallest gain: ID3 takes the largest"
        return ""
    advice = {
        "the largest Gini gain": "use the entropy (log2), not the Gini index",
        "the largest gain ratio (C4.5)": "do not divide by the split information",
        "the largest gain with unweighted children": "weight each child's entropy by its share of the rows |S_v| / |S|",
        "the largest split information": "score by the gain, not by how the values spread",
    }
    return (
        f" — {attribute} has {' and '.join(matches)}: ID3 chooses by the information "
        f"gain itself ({'; '.join(advice[m] for m in matches)})"
    )


def _compare_id3(student: Any, X: pd.DataFrame, y: pd.Series) -> list[str]:
    """Walk the student's nested dict alongside dtlearn's grower; return the problems."""
    from ...learners.tree_learner import ID3Classifier

    grower = ID3Classifier().make_grower(X, y)
    problems: list[str] = []
    stack = [(grower.root.node_id, student, "root", np.ones(len(y), dtype=bool))]
    while stack and len(problems) < 3:
        node_id, sub, where, rows = stack.pop()
        if not isinstance(sub, dict):
            problem = _leaf_problem(grower, node_id, sub, where, y[rows])
        else:
            problem = _split_problem(grower, node_id, sub, where, X[rows], y[rows])
            if problem is None:
                work, missing = _children(grower, node_id, sub, where, X, rows)
                stack.extend(work)
                problems.extend(missing)
        if problem is not None:
            problems.append(problem)
    return problems


def _leaf_problem(grower: Any, node_id: int, leaf: Any, where: str, y: pd.Series) -> str | None:
    """What is wrong with the student's leaf ``leaf`` at a node (``y``: its rows), if anything."""
    candidates = grower.candidates(node_id)
    classes = grower.classes
    step = grower.expand(node_id)
    here = _describe_node(where, step.counts, classes)
    if step.chosen is not None:
        gain = step.chosen.scores["information_gain"]
        text = (
            f"{here} you made a leaf '{leaf}', but ID3 splits on "
            f"{step.chosen.feature_name} (gain {format_number(gain)}): the homework's rule "
            f"stops only when all rows have one class, no attribute is left, or "
            f"the best gain is 0"
        )
        if gain < 0.1:
            text += " — a gain threshold above 0 stops too early"
        elif any(c.admissible and c.scores["information_gain"] < 1e-9 for c in candidates):
            text += " — some attribute has gain 0 here, but only the best gain counts"
        return text
    best = step.counts.max()
    allowed = {str(c) for c, n in zip(classes, step.counts) if n == best}
    if str(leaf) in allowed:
        return None
    text = (
        f"{here} the leaf says '{leaf}' but the majority class is '{' or '.join(sorted(allowed))}'"
    )
    least = step.counts[step.counts > 0].min()
    first = y.iloc[0] if len(y) else None
    if first is not None and str(first) == str(leaf):
        text += (
            " — that is the label of the node's first row (y.iloc[0]): "
            "return the majority label, y.value_counts().index[0]"
        )
    elif any(str(c) == str(leaf) and n == least for c, n in zip(classes, step.counts)):
        text += (
            " — that is the least common label: value_counts() lists the "
            "most common first, so take .index[0]"
        )
    return text


def _split_problem(
    grower: Any, node_id: int, sub: dict, where: str, X: pd.DataFrame, y: pd.Series
) -> str | None:
    """What is wrong with the student's split ``sub`` at a node (``X``, ``y``: its rows).

    ``None`` when the split is ID3's; the node is then still open (the caller expands it).
    """
    if len(sub) != 1 or not isinstance(next(iter(sub.values())), dict):
        return (
            f"at [{where}] a node must look like {{attribute: {{value: subtree}}}}"
            f" with one attribute; got a dict with keys {list(sub)[:4]}"
        )
    candidates = grower.candidates(node_id)
    reason = grower.stop_reason(node_id)
    classes, schema = grower.classes, grower.schema
    attribute = next(iter(sub))
    by_name = {c.feature_name: c for c in candidates}
    if reason is not None:
        step = grower.expand(node_id)
        text = (
            f"{_describe_node(where, step.counts, classes)} you split on "
            f"{attribute}, but ID3 stops here ({reason})"
        )
        gains = [c.scores["information_gain"] for c in candidates if c.admissible]
        if (np.asarray(step.counts) > 0).sum() == 1:
            text += ": all rows here have one class, so return that label"
        elif candidates and max(gains, default=0.0) < 1e-6:
            text += (
                ": every attribute has information gain 0 here, and the homework's "
                "rule is to stop and return the majority label"
            )
        return text
    if attribute not in by_name:
        used = attribute in schema.names
        return f"at [{where}] you split on {attribute!r}, which " + (
            "is already used on this path"
            if used
            else f"is not an attribute (attributes: {list(schema.names)})"
        )
    admissible = [c for c in candidates if c.admissible]
    best = max(c.scores["information_gain"] for c in admissible)
    mine = by_name[attribute]
    gain = mine.scores["information_gain"] if mine.admissible else 0.0
    if mine.admissible and gain >= best - 1e-9:
        return None
    winners = [c.feature_name for c in admissible if c.scores["information_gain"] >= best - 1e-9]
    step_counts = grower.tree().node(node_id).counts
    hint = _wrong_choice_hint(attribute, X, y, [c.feature_name for c in candidates])
    return (
        f"{_describe_node(where, step_counts, classes)} you split on "
        f"{attribute} (gain {format_number(gain)}) but {' / '.join(winners)} has the "
        f"largest gain ({format_number(best)}){hint}"
    )


def _children(
    grower: Any, node_id: int, sub: dict, where: str, X: pd.DataFrame, rows: np.ndarray
) -> tuple[list[tuple], list[str]]:
    """Split the node as the student did: the children left to walk, and missing branches.

    The children are ``(node id, the student's subtree, where, rows)``, last branch first
    (the walk pops them in branch order); a branch with rows that the student's dict does
    not have is a problem.
    """
    attribute, branches = next(iter(sub.items()))
    grower.expand(node_id, feature=attribute)
    node = grower.tree().node(node_id)
    values = grower.schema.categories[grower.schema.names.index(attribute)]
    keys = {str(k): k for k in branches}
    column = X[attribute].astype(str).to_numpy()
    work, missing = [], []
    for value, child in reversed(list(zip(values, node.children))):
        if child.n_samples == 0:
            continue
        if str(value) not in keys:
            missing.append(
                f"at [{where}] the split on {attribute} has no branch for "
                f"{attribute} = {value} ({format_number(child.n_samples)} rows)"
            )
            continue
        work.append(
            (
                child.node_id,
                branches[keys[str(value)]],
                f"{attribute} = {value}",
                rows & (column == str(value)),
            )
        )
    return work, missing


def _frame(columns: dict, target: str) -> tuple[pd.DataFrame, pd.Series]:
    y = pd.Series(columns.pop(target), name=target)
    return pd.DataFrame(columns), y


def _stopping_tables() -> list[tuple[str, pd.DataFrame, pd.Series]]:
    # zero gain: inside C = c0 the classes are (A xor B), 4 + against 2 -, so A and B both
    # have gain 0 there; C = c1 is pure
    zero = _frame(
        {
            "C": ["c0"] * 6 + ["c1"] * 3,
            "A": ["a0", "a0", "a1", "a1", "a0", "a1", "a0", "a1", "a0"],
            "B": ["b0", "b0", "b1", "b1", "b1", "b0", "b0", "b1", "b1"],
            "class": ["+", "+", "+", "+", "-", "-", "-", "-", "-"],
        },
        "class",
    )
    # weak gain: A has gain 0.0072 at the root, B gain 0 there; after A, B is perfect
    rows = (
        [("a0", "b0", "+")] * 11
        + [("a0", "b1", "-")] * 9
        + [("a1", "b0", "-")] * 11
        + [("a1", "b1", "+")] * 9
    )
    weak = _frame(
        {"A": [r[0] for r in rows], "B": [r[1] for r in rows], "class": [r[2] for r in rows]},
        "class",
    )
    # no attribute left: after splitting on the only attribute the rows are still mixed 2:1
    left = _frame(
        {"A": ["x", "x", "x", "y", "y", "y", "y"], "class": ["+", "+", "-", "-", "-", "+", "-"]},
        "class",
    )
    return [
        ("zero gain inside C = c0", *zero),
        ("a weak first split", *weak),
        ("no attribute left", *left),
    ]


def _criterion_tables() -> list[tuple[str, pd.DataFrame, pd.Series]]:
    # in each table exactly one of Gini gain / gain ratio / unweighted gain has its largest
    # value at the root on another attribute than the information gain (found by search)
    def table(A: list, B: list, C: list, y: list) -> tuple[pd.DataFrame, pd.Series]:
        X = pd.DataFrame(
            {"A": [f"a{v}" for v in A], "B": [f"b{v}" for v in B], "C": [f"c{v}" for v in C]}
        )
        return X, pd.Series(["+" if v else "-" for v in y], name="class")

    gini = table(
        [1, 1, 2, 2, 0, 0, 0, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 1, 2],
        [1, 0, 0, 1, 0, 1, 0, 1, 1],
        [1, 0, 0, 1, 1, 0, 0, 1, 0],
    )
    ratio = table(
        [1, 2, 2, 1, 2, 2, 1, 2],
        [1, 1, 0, 1, 0, 0, 0, 1],
        [2, 2, 1, 2, 1, 0, 1, 1],
        [1, 1, 1, 0, 1, 0, 0, 1],
    )
    unweighted = table(
        [1, 0, 1, 1, 0, 1, 1, 0],
        [0, 0, 0, 0, 0, 1, 1, 0],
        [0, 1, 0, 1, 1, 1, 1, 0],
        [0, 0, 1, 0, 0, 0, 0, 0],
    )
    return [
        ("Gini picks another root", *gini),
        ("gain ratio picks another root", *ratio),
        ("unweighted gain picks another root", *unweighted),
    ]


def _hidden_id3_tables(seed: int) -> list[tuple[str, pd.DataFrame, pd.Series]]:
    from ...datasets import load_car, load_mushroom

    rng = np.random.default_rng(seed)
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
    return [
        (
            "car evaluation, 200 rows",
            C.iloc[rows].reset_index(drop=True),
            c.iloc[rows].reset_index(drop=True),
        ),
        (
            "mushrooms, 150 rows, 5 attributes",
            M[keep].iloc[mrows].reset_index(drop=True),
            m.iloc[mrows].reset_index(drop=True),
        ),
        ("noisy synthetic data, 60 rows", pd.DataFrame(data), pd.Series(labels, name="y")),
    ]


def _disguise(
    X: pd.DataFrame, y: pd.Series, rng: np.random.Generator
) -> tuple[pd.DataFrame, pd.Series]:
    """The same table with its rows shuffled and its values and labels renamed."""
    order = rng.permutation(len(y))
    columns = {}
    for name in X.columns:
        values = sorted(X[name].astype(str).unique())
        codes = rng.permutation(len(values))
        rename = {v: f"{name.lower()}{k}" for v, k in zip(values, codes)}
        columns[name] = [rename[v] for v in X[name].astype(str).to_numpy()[order]]
    labels = sorted(y.astype(str).unique())
    names = rng.permutation(["yes", "no", "maybe", "unsure", "other"][: max(len(labels), 2)])
    rename = dict(zip(labels, names))
    return (
        pd.DataFrame(columns),
        pd.Series([rename[v] for v in y.astype(str).to_numpy()[order]], name=y.name),
    )


def _fresh_id3_cases(part: str, fresh: int) -> list[tuple[str, pd.DataFrame, pd.Series]]:
    """Cases of the same kind as a visible part's, drawn when graded (sealed)."""
    rng = np.random.default_rng([fresh, len(part)])
    if part == "course":
        n = 40
        data = {f"X{j}": rng.choice(["p", "q", "r"][: 2 + j % 2], size=n) for j in range(4)}
        truth = np.where((data["X1"] == "p") | (data["X3"] == "q"), "yes", "no")
        flip = rng.random(n) < 0.1
        labels = np.where(flip, np.where(truth == "yes", "no", "yes"), truth)
        return [("fresh", pd.DataFrame(data), pd.Series(labels, name="y"))]
    tables = _stopping_tables() if part == "stopping" else _criterion_tables()
    label, X, y = tables[int(rng.integers(len(tables)))]
    return [(label, *_disguise(X, y, rng))]


def _id3_cases(part: str, seed: int) -> list[tuple[str, pd.DataFrame, pd.Series]]:
    from ...datasets import load_contact_lenses, load_play_tennis, load_restaurant

    if part == "course":
        return [
            ("play-tennis", *load_play_tennis()),
            ("restaurant", *load_restaurant()),
            ("contact lenses", *load_contact_lenses()),
        ]
    if part == "stopping":
        return _stopping_tables()
    if part == "criterion":
        return _criterion_tables()
    return _hidden_id3_tables(seed)


def check_id3(
    fn: Callable,
    *,
    part: str = "all",
    seed: int | None = None,
    secret: str | None = None,
    which: str = "all",
) -> CheckResult:
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
    job = task(
        "check_id3",
        fn,
        part,
        ("course", "stopping", "criterion", "hidden"),
        seed,
        default_name="id3",
        secret=secret,
        which=which,
    )

    def trials(group: str):
        def make(label: str, X: pd.DataFrame, y: pd.Series) -> Trial:
            return Trial(
                f"{job.name}(<{label}: {X.shape[0]} rows>)",
                (X.copy(), y.copy(), list(X.columns)),
                partial(_judge_tree, name=job.name, X=X, y=y),
                {
                    "recursion": " Remove the attribute you split on before "
                    "recursing, and stop when the rows are pure or no "
                    "attribute is left."
                },
            )

        for case in _id3_cases(group, job.seed_for(group)) if job.shows(group) else ():
            yield make(*case)
        if job.seals(group):
            yield from sealed(make(*case) for case in _fresh_id3_cases(group, job.fresh))

    return grade(job, fn, LibraryGuard(ID3_RULE), trials)


def _judge_tree(value: Any, *, name: str, X: pd.DataFrame, y: pd.Series) -> tuple[bool, str]:
    if value is None:
        return False, f"{name} returned None — did you forget `return`?"
    if hasattr(value, "tree_") or hasattr(value, "root"):
        return (
            False,
            "return nested dicts {attribute: {value: subtree}}, not a dtlearn model or Tree",
        )
    problems = _compare_id3(value, X, y)
    if problems:
        return False, "; ".join(problems)
    return True, f"same tree as ID3 ({_count_leaves(value)} leaves)"


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
