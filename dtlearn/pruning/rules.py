# About 880 lines: one idea, rules read off a tree and their post-pruning, whose steps hold Rule values; splitting it would cut Rule from its pruning.
"""Rules from a tree, and rule post-pruning (Quinlan's C4.5rules; Mitchell 1997, ch. 3.7.1.2).

A tree becomes one :class:`Rule` per root-to-leaf path (``IF outlook = sunny AND humidity
= high THEN play = no``). Rule post-pruning then generalises every rule on its own: it
drops the precondition whose removal gives the best validation accuracy, as long as that
accuracy is at least the rule's current one, and repeats. The pruned rules are sorted by
validation accuracy and used in that order: the first rule that fires classifies; when
none fires, the default class (the training majority) is predicted. A
:class:`RuleSet` is that classifier.

**The measure.** A rule's *validation accuracy* is the fraction of the validation rows it
covers (all its preconditions hold) that have its class. A rule that covers no validation
row has no accuracy (``nan``): it is left as it is and sorted last. Ties when choosing a
precondition to drop go to the first one in the rule; ties when sorting go to the rule
that covers more validation rows, then to the tree's left-to-right order.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from .. import cycle_collector
from ..data import Schema, infer_schema
from ..explain import ResultTable
from ..exports.rule_text import unseen_condition
from ..formatting import fmt
from ..splits import UNKNOWN, MultiwaySplit, ObliqueSplit, Split, SubsetSplit, ThresholdSplit
from ..steps import StepDefaults
from .tree_access import encode_features, encode_labels, tree_and_model

__all__ = ["Condition", "DropCounts", "Rule", "RulePostPruning", "RuleSet", "RuleStep", "rule_post_prune",
           "rules_from_tree"]


@dataclass(frozen=True)
class Condition:
    """One precondition: the instance takes branch ``branch`` of ``split``.

    Examples
    --------
    >>> import numpy as np
    >>> from dtlearn.splits import ThresholdSplit
    >>> c = Condition(ThresholdSplit(0, 75.0), 0, "humidity <= 75")
    >>> c.holds(np.array([[70.0], [80.0], [np.nan]]))
    array([ True, False, False])
    """

    split: Split
    branch: int
    text: str

    def holds(self, Xe: np.ndarray) -> np.ndarray:
        """Whether each row of the encoded matrix satisfies the condition (missing: no)."""
        return self.split.route(Xe) == self.branch

    def __str__(self) -> str:
        """Plain text (what notebooks show as ``text/plain``)."""
        return self.text


def _column(name: str, schema: Schema) -> int:
    if name not in schema.names:
        raise ValueError(f"text: no attribute {name!r}; attributes are {list(schema.names)}")
    return schema.names.index(name)


def _parse_number(value: str, name: str) -> float:
    try:
        return float(value)
    except ValueError:
        raise ValueError(f"text: {value!r} is not a number; {name!r} is numeric") from None


_NUMBER = r"(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf"


def _parse_oblique(text: str, schema: Schema) -> Condition:
    """``0.5·x0 - 0.25·x1 + 3 <= 0`` (what :class:`~dtlearn.splits.ObliqueSplit` prints)."""
    match = re.fullmatch(r"\s*(.+?)\s*(<=|>)\s*0\s*", text)
    if match is None:
        raise ValueError(f"text: cannot read the linear condition {text!r}; write "
                         f"'w·name + ... + b <= 0' or '> 0'")
    expr, op = match.groups()
    tokens = re.findall(rf"([+-]?)\s*({_NUMBER})(?:·(.+?))?\s*(?=\s[+-]\s|$)", expr.strip())
    columns, weights, bias = [], [], 0.0
    for sign, number, name in tokens:
        value = -float(number) if sign == "-" else float(number)
        if name:
            columns.append(_column(name.strip(), schema))
            weights.append(value)
        else:
            bias = value
    if not columns:
        raise ValueError(f"text: no 'weight·attribute' term in {text!r}")
    return Condition(ObliqueSplit(tuple(columns), tuple(weights), bias),
                     0 if op == "<=" else 1, text.strip())


def _parse_condition(text: str, schema: Schema) -> Condition:
    unknown = re.fullmatch(r"\s*(.+?)\s+unknown\s*", text)
    if unknown is not None and unknown.group(1) in schema.names:
        j = _column(unknown.group(1), schema)
        return Condition(ThresholdSplit(j, 0.0) if not schema.is_categorical(j) else
                         MultiwaySplit(j, len(schema.categories[j])), UNKNOWN, text.strip())
    if "·" in text:
        return _parse_oblique(text, schema)
    unseen = re.fullmatch(r"\s*(.+?)\s+not\s+in\s+\{(.*)\}\s*", text)
    if unseen is not None:  # none of the values a node saw: predict stops there
        name, body = unseen.groups()
        j = _column(name, schema)
        if not schema.is_categorical(j):
            raise ValueError(f"text: {name!r} is numeric; a set of values needs categories")
        cats = [str(c) for c in schema.categories[j]]
        values = [v.strip() for v in body.split(",")]
        seen = tuple(cats.index(v) for v in values if v in cats)  # others cannot occur
        return Condition(SubsetSplit(j, seen, ()), UNKNOWN, text.strip())
    subset = re.fullmatch(r"\s*(.+?)\s+in\s+\{(.*)\}\s*", text)
    if subset is not None:  # CART's subset of categories: one side of a SubsetSplit
        name, body = subset.groups()
        j = _column(name, schema)
        if not schema.is_categorical(j):
            raise ValueError(f"text: {name!r} is numeric; a set of values needs categories")
        cats = [str(c) for c in schema.categories[j]]
        values = [v.strip() for v in body.split(",")]
        wrong = [v for v in values if v not in cats]
        if wrong:
            raise ValueError(f"text: {wrong} are not values of {name!r} ({cats})")
        left = tuple(cats.index(v) for v in values)
        rest = tuple(k for k in range(len(cats)) if k not in left)
        return Condition(SubsetSplit(j, left, rest), 0, f"{name} in {{{', '.join(values)}}}")
    match = re.fullmatch(r"\s*(.+?)\s*(<=|>|=)\s*(.+?)\s*", text)
    if match is None:
        raise ValueError(f"text: cannot read the condition {text!r}; write 'name = value', "
                         f"'name <= number', 'name > number', 'name in {{a, b}}' or "
                         f"'w·name + b <= 0'")
    name, op, value = match.groups()
    if name not in schema.names:
        raise ValueError(f"text: no attribute {name!r}; attributes are {list(schema.names)}")
    j = schema.names.index(name)
    if op == "=":
        if not schema.is_categorical(j):
            raise ValueError(f"text: {name!r} is numeric; use <= or >")
        cats = [str(c) for c in schema.categories[j]]
        if value not in cats:
            raise ValueError(f"text: {value!r} is not a value of {name!r} ({cats})")
        return Condition(MultiwaySplit(j, len(cats)), cats.index(value), f"{name} = {value}")
    if schema.is_ordinal(j):  # an ordered category: the threshold is a level's name
        cats = [str(c) for c in schema.categories[j]]
        if value not in cats:
            raise ValueError(f"text: {value!r} is not a level of {name!r} ({cats})")
        return Condition(ThresholdSplit(j, float(cats.index(value))), 0 if op == "<=" else 1,
                         f"{name} {op} {value}")
    if schema.is_categorical(j):
        raise ValueError(f"text: {name!r} is categorical; use =")
    tolerance = re.fullmatch(r"(.+?)\s*\(tolerance\s+(.+)\)", value)
    tol = 0.0
    if tolerance is not None:  # J48: within the tolerance above the threshold goes left
        value, tol = tolerance.group(1), _parse_number(tolerance.group(2), name)
    threshold = _parse_number(value, name)
    return Condition(ThresholdSplit(j, threshold, tolerance=tol), 0 if op == "<=" else 1,
                     f"{name} {op} {value}")


@dataclass(frozen=True)
class Rule:
    """``IF condition AND ... THEN target = label``, with its training and validation counts.

    Parameters
    ----------
    conditions : tuple of Condition
        Preconditions (all must hold); empty: the rule always fires.
    label : object
        The class the rule predicts.
    schema : Schema
        Feature names and categories (used to encode data).
    target_name : str
        Name of the class attribute.
    train_covered, train_correct : float or None
        Training rows of the leaf the rule came from, and how many have its class
        (``None`` for a rule written by hand, and for a rule :func:`rule_post_prune`
        shortened: the leaf's counts do not describe the shorter rule).
    val_covered, val_correct : int or None
        Validation rows covered and correctly classified (set by :func:`rule_post_prune`).

    Examples
    --------
    >>> from dtlearn import load_restaurant
    >>> X, y = load_restaurant()
    >>> rule = Rule.from_text("IF Patrons = Full AND WaitEstimate = 0-10 THEN Yes", X, "Wait")
    >>> print(rule)
    IF Patrons = Full AND WaitEstimate = 0-10 THEN Wait = Yes
    >>> rule.accuracy(X, y)  # (correct, covered): no example has both values
    (0, 0)
    """

    conditions: tuple[Condition, ...]
    label: Any
    schema: Schema
    target_name: str = "class"
    train_covered: float | None = None
    train_correct: float | None = None
    val_covered: int | None = None
    val_correct: int | None = None

    @classmethod
    def from_text(cls, text: str, X_or_schema: Any, target_name: str | None = None) -> "Rule":
        """Read ``IF a = v AND b <= 3 THEN label`` (or ``THEN target = label``).

        ``X_or_schema`` is the data the rule talks about (its columns and categories) or a
        :class:`~dtlearn.data.Schema`. Every condition the exports write is read: ``a = v``,
        ``b <= 3`` / ``b > 3`` (also ``b <= 3 (tolerance 1e-06)``, J48's routing), an
        ordered category's ``size <= med``, a subset ``a in {u, v}``, a linear test
        ``0.5·b - 2·c + 1 <= 0``, ``a unknown`` and ``a not in {u, v}`` (none of the values
        a node saw: a category unseen there, or missing). A regression rule's value, followed
        by its note ``(mean of 16 training rows)``, is read as the number it prints exactly.

        Examples
        --------
        >>> from dtlearn import CARTClassifier, load_play_tennis
        >>> X, y = load_play_tennis()
        >>> model = CARTClassifier(max_depth=1).fit(X, y)
        >>> line = model.tree_.to_rules().splitlines()[0]
        >>> line
        'IF outlook = overcast THEN play = yes'
        >>> Rule.from_text("IF outlook in {sunny, rainy} THEN no", X).covers(X).sum()
        np.int64(10)
        """
        schema = X_or_schema if isinstance(X_or_schema, Schema) else infer_schema(X_or_schema)
        match = re.fullmatch(r"\s*IF\s+(.*?)\s+THEN\s+(.+?)\s*", text, flags=re.S)
        if match is None:
            raise ValueError(f"text: expected 'IF ... THEN label', got {text!r}")
        body, head = match.groups()
        parts = [] if body.strip().upper() == "TRUE" else re.split(r"\s+AND\s+", body)
        conditions = tuple(_parse_condition(p, schema) for p in parts)
        if " = " in head and target_name is None:
            target_name, head = (s.strip() for s in head.split(" = ", 1))
        elif " = " in head:
            head = head.split(" = ", 1)[1].strip()
        number = re.fullmatch(r"(.+?)\s+\((?:mean|median) of .*\)", head)
        label = head if number is None else _parse_number(number.group(1), "the target")
        return cls(conditions, label, schema, target_name or "class")

    # ------------------------------------------------------------------ text
    @property
    def text(self) -> str:
        """The rule as ``IF ... THEN target = label``, numbers exact (:meth:`from_text`)."""
        body = " AND ".join(_exact_text(c, self.schema) for c in self.conditions) \
            if self.conditions else "TRUE"
        return f"IF {body} THEN {self.target_name} = {self.label}"

    def __str__(self) -> str:
        """Plain text (what notebooks show as ``text/plain``)."""
        return self.text

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return f"<code>{html.escape(self.text)}</code>"

    @property
    def val_accuracy(self) -> float:
        """Validation accuracy (``nan`` when no validation row is covered or unknown)."""
        if not self.val_covered:
            return float("nan")
        return self.val_correct / self.val_covered

    # ------------------------------------------------------------------ evaluation
    def _encode(self, X: Any, arg: str) -> np.ndarray:
        return encode_features(_SchemaHolder(self.schema), X, arg)

    def covers(self, X: Any, encoded: bool = False) -> np.ndarray:
        """Whether each row of ``X`` satisfies every precondition."""
        Xe = X if encoded else self._encode(X, "X")
        out = np.ones(Xe.shape[0], dtype=bool)
        for c in self.conditions:
            out &= c.holds(Xe)
        return out

    def accuracy(self, X: Any, y: Any) -> tuple[int, int]:
        """``(correct, covered)``: covered rows of ``(X, y)`` that have the rule's class."""
        Xe = self._encode(X, "X")
        truth = _labels(y, Xe.shape[0], "y")
        covered = self.covers(Xe, encoded=True)
        return int((truth[covered] == self.label).sum()), int(covered.sum())

    def without(self, index: int) -> "Rule":
        """Return the rule with precondition ``index`` dropped (validation counts cleared)."""
        conds = self.conditions[:index] + self.conditions[index + 1:]
        return type(self)(conds, self.label, self.schema, self.target_name,
                          self.train_covered, self.train_correct)

    def simplifications(self, X_val: Any, y_val: Any) -> ResultTable:
        """Tabulate the rule and every rule with one precondition dropped, with accuracies.

        The first row is the rule itself; the best candidate (highest accuracy, first on
        ties) is highlighted when it is at least as accurate as the rule — the drop
        :func:`rule_post_prune` would make.

        Examples
        --------
        >>> from dtlearn import load_restaurant
        >>> X, y = load_restaurant()
        >>> rule = Rule.from_text("IF Patrons = Full AND WaitEstimate = 0-10 THEN Yes", X)
        >>> print(rule.simplifications(X, y))
        candidate simplifications of IF Patrons = Full AND WaitEstimate = 0-10 THEN class = Yes
          drop                | rule                                                       | covered | correct | accuracy
          (nothing)           | IF Patrons = Full AND WaitEstimate = 0-10 THEN class = Yes |       0 |       0 |      nan
          Patrons = Full      | IF WaitEstimate = 0-10 THEN class = Yes                    |       6 |       4 |    0.667
          WaitEstimate = 0-10 | IF Patrons = Full THEN class = Yes                         |       6 |       2 |    0.333
        """
        Xe = self._encode(X_val, "X_val")
        truth = _labels(y_val, Xe.shape[0], "y_val")
        counts = _candidates(self, Xe, truth)
        drop = counts.should_drop()
        return counts.table(self, f"candidate simplifications of {self.text}",
                            None if drop is None else drop + 1)


def _exact_text(condition: Condition, schema: Schema) -> str:
    """A condition with its numbers exact, as :meth:`Rule.from_text` reads it back."""
    if condition.branch == UNKNOWN:
        return condition.text
    return condition.split.conditions(schema, exact=True)[condition.branch]


@dataclass(frozen=True)
class _SchemaHolder:
    """Lets :func:`~dtlearn.pruning.tree_access.encode_features` encode a rule's data.

    It reads only ``.schema``.
    """

    schema: Schema


def _labels(y: Any, n: int, arg: str) -> np.ndarray:
    values = y.tolist() if hasattr(y, "tolist") else list(y)
    if len(values) != n:
        raise ValueError(f"{arg} has {len(values)} labels but there are {n} rows")
    out = np.empty(len(values), dtype=object)
    out[:] = [v.item() if isinstance(v, np.generic) else v for v in values]
    return out


@dataclass(frozen=True, eq=False)
class DropCounts:
    """Validation counts of a rule and of every rule with one precondition dropped.

    Position 0 is the rule itself, position ``i + 1`` the rule without precondition ``i``:
    ``covered`` rows it covers and ``correct`` of them that have its class.

    Examples
    --------
    >>> counts = DropCounts(np.array([2, 5, 3]), np.array([2, 5, 1]))
    >>> counts.accuracy(0), counts.best_drop(), counts.should_drop()
    (1.0, 0, 0)
    """

    covered: np.ndarray
    correct: np.ndarray

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, DropCounts):
            return NotImplemented
        return bool(np.array_equal(self.covered, other.covered)
                    and np.array_equal(self.correct, other.correct))

    __hash__ = None  # type: ignore[assignment]

    def accuracy(self, position: int) -> float:
        """``correct / covered`` at ``position`` (``nan`` when it covers nothing)."""
        n = int(self.covered[position])
        return int(self.correct[position]) / n if n else float("nan")

    def best_drop(self) -> int | None:
        """The precondition whose drop is most accurate (the first on ties), or None."""
        # a few numbers per rule: a Python loop costs less than numpy calls
        best, most = None, -1.0  # below any accuracy
        for i, (n, right) in enumerate(zip(self.covered[1:].tolist(),
                                           self.correct[1:].tolist())):
            if n and right / n > most:
                best, most = i, right / n
        return best

    def should_drop(self) -> int | None:
        """The drop rule post-pruning makes: the best, if it is at least as accurate."""
        best = self.best_drop()
        if not self.covered[0] or best is None or self.accuracy(best + 1) < self.accuracy(0):
            return None
        return best

    def table(self, rule: Rule, caption: str, highlight: int | None = None) -> ResultTable:
        """The candidate table: drop, rule, covered, correct, accuracy (rule first)."""
        rows = [("(nothing)", rule.text, int(self.covered[0]), int(self.correct[0]),
                 self.accuracy(0))]
        rows += [(cond.text, rule.without(i).text, int(self.covered[i + 1]),
                  int(self.correct[i + 1]), self.accuracy(i + 1))
                 for i, cond in enumerate(rule.conditions)]
        return ResultTable(("drop", "rule", "covered", "correct", "accuracy"), tuple(rows),
                           caption=caption, highlight_row=highlight)


class _Coverage:
    """Validation counts of a rule and of its single drops, kept as preconditions go.

    ``failing[k]`` holds, one bit per validation row (64 rows to a word), the rows that
    fail precondition ``k`` of the rule as it was first. A row is covered by the rule
    with one precondition dropped when it fails none, or only that one: one pass over the
    preconditions still there marks the rows failing at least one (``ones``) and at least
    two (``twos``), and the rows failing ``k`` outside ``twos`` are those it alone stops.
    Counting is a population count over a few hundred words per precondition, so every
    step recounts from the preconditions left.
    """

    def __init__(self, failing: np.ndarray, right: np.ndarray, valid: np.ndarray):
        self.failing = failing
        self.right = right
        self.valid = valid
        self.active = list(range(failing.shape[0]))  # original numbers still there

    def counts(self) -> DropCounts:
        """The current rule's counts and each single drop's."""
        f = self.failing if len(self.active) == len(self.failing) else \
            self.failing[self.active]
        d = len(f)
        rows = np.empty((2, d + 1, f.shape[1]), dtype=np.uint64)  # the rule, then drops
        if d:
            seen = np.bitwise_or.accumulate(f, axis=0)
            np.bitwise_and(self.valid, ~seen[-1], out=rows[0, 0])
            np.bitwise_and(f, ~np.bitwise_or.reduce(f[1:] & seen[:-1], axis=0), out=rows[0, 1:])
        else:
            rows[0, 0] = self.valid
        np.bitwise_and(rows[0], self.right, out=rows[1])
        n = _popcount(rows).sum(axis=2, dtype=np.int64)  # (covered, correct) x positions
        n[:, 1:] += n[:, :1]
        return DropCounts(n[0], n[1])

    def drop(self, i: int) -> None:
        """Drop the rule's precondition ``i`` (its place in the current rule)."""
        self.active.pop(i)


def _pack(rows: np.ndarray) -> np.ndarray:
    """Boolean rows as 64-bit words, one bit per column, zero padded."""
    rows = np.asarray(rows, dtype=bool)
    width = -(-rows.shape[-1] // 64) * 64
    padded = np.zeros(rows.shape[:-1] + (max(width, 64),), dtype=bool)
    padded[..., :rows.shape[-1]] = rows
    return np.packbits(padded, axis=-1, bitorder="little").view(np.uint64)


if hasattr(np, "bitwise_count"):  # numpy >= 2.0
    _popcount = np.bitwise_count
else:  # pragma: no cover - numpy 1.x
    _BITS = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)

    def _popcount(words: np.ndarray) -> np.ndarray:
        return _BITS[words.view(np.uint8)].reshape(words.shape + (8,)).sum(axis=-1)


def _rule_failing(rule: Rule, Xe: np.ndarray, packed: dict) -> np.ndarray:
    """``(preconditions, words)``: the rows failing each precondition of ``rule``, packed.

    ``packed`` caches each (split, branch): rules of one tree share their tests.
    """
    out = []
    for cond in rule.conditions:
        key = (id(cond.split), cond.branch)
        if key not in packed:  # the split kept in the values keeps its id alive
            if id(cond.split) not in packed:
                packed[id(cond.split)] = (cond.split, cond.split.route(Xe))
            packed[key] = (cond.split, _pack(packed[id(cond.split)][1] != cond.branch))
        out.append(packed[key][1])
    width = max(1, -(-Xe.shape[0] // 64))
    return np.concatenate(out).reshape(-1, width) if out else np.empty((0, width), np.uint64)


def _coverage(rule: Rule, Xe: np.ndarray, truth: np.ndarray, packed: dict) -> _Coverage:
    """The counts of ``rule``; ``packed`` also keeps the rows of each class and all rows."""
    if ("class", rule.label) not in packed:
        packed["class", rule.label] = _pack(truth == rule.label)
    if "rows" not in packed:
        packed["rows"] = _pack(np.ones(Xe.shape[0], dtype=bool))
    return _Coverage(_rule_failing(rule, Xe, packed), packed["class", rule.label],
                     packed["rows"])


def _candidates(rule: Rule, Xe: np.ndarray, truth: np.ndarray) -> DropCounts:
    """The rule's and every single drop's validation counts."""
    return _coverage(rule, Xe, truth, {}).counts()


@dataclass(frozen=True)
class RuleStep(StepDefaults):
    """One decision of rule post-pruning on one rule: drop a precondition, or stop (a Step).

    Attributes
    ----------
    rule_number : int
        Position of the rule in tree order (1-based); also the step's ``node_id``.
    rule : Rule
        The rule before this step.
    dropped_index : int or None
        Index in ``rule.conditions`` of the precondition dropped (``None``: the rule is final).
    correct_before, covered_before, correct_after, covered_after : int
        Validation counts of the rule before and after the step.
    drops : DropCounts
        The validation counts of every candidate drop; :attr:`candidates` is their table
        (see :meth:`Rule.simplifications`), written out when read.
    """

    rule_number: int
    rule: Rule
    dropped_index: int | None
    correct_before: int
    covered_before: int
    correct_after: int
    covered_after: int
    drops: DropCounts

    @property
    def candidates(self) -> ResultTable:
        """Every candidate drop with its accuracy, the one made highlighted."""
        highlight = None if self.dropped_index is None else self.dropped_index + 1
        return self.drops.table(self.rule, f"rule {self.rule_number}: {self.rule.text}",
                                highlight)

    kind = "rule"
    subject = "rule"

    @property
    def node_id(self) -> int:
        """The rule's number (rule steps are about rules, not nodes)."""
        return self.rule_number

    @property
    def dropped(self) -> str | None:
        """Text of the precondition dropped (``None``: the rule is final)."""
        return None if self.dropped_index is None else \
            self.rule.conditions[self.dropped_index].text

    @property
    def rule_after(self) -> Rule:
        """The rule after this step: a new :class:`Rule` value without the dropped precondition.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> X, y = load_play_tennis()
        >>> step = rule_post_prune(ID3Classifier().fit(X, y), X[::2], y[::2]).steps[1]
        >>> print(step.rule); print(step.rule_after)
        IF outlook = sunny AND humidity = normal THEN play = yes
        IF humidity = normal THEN play = yes
        """
        return self.rule if self.dropped_index is None else self.rule.without(self.dropped_index)

    @property
    def action(self) -> str:
        """``"condition dropped"`` or ``"final"``."""
        return "final" if self.dropped_index is None else "condition dropped"

    @property
    def reason(self) -> str:
        """Why, in words: the accuracies compared."""
        acc = f"{self.correct_before}/{self.covered_before} correct"
        if self.dropped_index is None:
            return f"no drop keeps the accuracy ({acc})" if self.covered_before \
                else "covers no validation row"
        return (f"drop '{self.dropped}': {acc} → {self.correct_after}/{self.covered_after} "
                f"correct, the accuracy does not fall")

    @property
    def before(self) -> dict:
        """Validation rows the rule covers, gets right and gets wrong, before the step."""
        return {"covered": self.covered_before, "correct": self.correct_before,
                "errors": self.errors_before}

    @property
    def after(self) -> dict:
        """The same numbers for the rule after the step."""
        return {"covered": self.covered_after, "correct": self.correct_after,
                "errors": self.errors_after}

    @property
    def accuracy_before(self) -> float:
        """Validation accuracy before the step (``nan`` if nothing covered)."""
        return self.correct_before / self.covered_before if self.covered_before else float("nan")

    @property
    def accuracy_after(self) -> float:
        """Validation accuracy after the step (``nan`` if nothing covered)."""
        return self.correct_after / self.covered_after if self.covered_after else float("nan")

    @property
    def errors_before(self) -> int:
        """Validation errors of the rule before the step (on the rows it covers)."""
        return self.covered_before - self.correct_before

    @property
    def errors_after(self) -> int:
        """Validation errors of the rule after the step (on the rows it covers)."""
        return self.covered_after - self.correct_after

    def __str__(self) -> str:
        """Plain text (what notebooks show as ``text/plain``)."""
        acc = f"{self.correct_before}/{self.covered_before}"
        if self.dropped_index is None:
            why = "covers no validation row" if not self.covered_before else \
                "no drop keeps the accuracy"
            return f"rule {self.rule_number}: {self.rule.text}  [{acc}] final ({why})"
        return (f"rule {self.rule_number}: drop '{self.dropped}' from {self.rule.text}: "
                f"{acc} = {fmt(self.accuracy_before)} -> {self.correct_after}/"
                f"{self.covered_after} = {fmt(self.accuracy_after)}")

    __repr__ = __str__

    def table(self) -> ResultTable:
        """Every candidate drop with its accuracy, the one made highlighted."""
        return self.candidates

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(str(self))}</p>" + self.candidates._repr_html_()

    def _repr_markdown_(self) -> str:
        return f"{str(self)}\n\n" + self.candidates._repr_markdown_()

    def details(self) -> dict:
        """The rule before and after, the precondition dropped and the candidate table."""
        return {"rule_number": self.rule_number, "rule_before": self.rule.text,
                "rule_after": self.rule_after.text, "dropped": self.dropped,
                "candidates": self.candidates.to_dict()}


@dataclass(frozen=True)
class RuleSet:
    """An ordered list of rules and a default class: the first rule that fires classifies.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> rules = rules_from_tree(ID3Classifier().fit(X, y))
    >>> print(rules)
     1. IF outlook = sunny AND humidity = high THEN play = no  [leaf 3/3]
     2. IF outlook = sunny AND humidity = normal THEN play = yes  [leaf 2/2]
     3. IF outlook = overcast THEN play = yes  [leaf 4/4]
     4. IF outlook = rainy AND windy = TRUE THEN play = no  [leaf 2/2]
     5. IF outlook = rainy AND windy = FALSE THEN play = yes  [leaf 3/3]
        ELSE play = yes
    >>> rules.score(X, y)
    1.0
    """

    rules: tuple[Rule, ...]
    default: Any
    schema: Schema
    target_name: str = "class"
    classes: tuple | None = None
    fallback: tuple[Rule, ...] = ()
    """Rules read off a tree for a row whose test value the tree cannot answer (a missing
    value, or a category no training row at that node had): ``IF path AND test unknown
    THEN the node's class``, as the tree predicts there. Not listed; tried after the rules,
    before the default class."""
    shares: tuple = ()
    """For rules read off a tree that sends a row with an unknown test value down every
    branch (C4.5, ``missing="distribute"``): per rule, the leaf's class distribution and,
    per condition, the share of the node's training weight that took that branch. A row
    no rule covers then gets what the tree gives it: the sum over rules of the leaf
    distribution times the shares of the conditions its value cannot answer (a rule with
    a condition the row fails counts 0)."""

    def __len__(self) -> int:
        """Return the number of rules."""
        return len(self.rules)

    def __getitem__(self, i: int) -> Rule:
        """Return rule ``i``."""
        return self.rules[i]

    def fired(self, X: Any) -> np.ndarray:
        """Index of the first rule that fires on each row (``-1``: the default class)."""
        Xe = encode_features(_SchemaHolder(self.schema), X, "X")
        out = np.full(Xe.shape[0], -1)
        for i in reversed(range(len(self.rules))):
            out[self.rules[i].covers(Xe, encoded=True)] = i
        return out

    def predict(self, X: Any) -> np.ndarray:
        """Predict the class of the first rule that fires, else the default class.

        For rules read off a tree, a row the tree stops early (an unknown test value)
        gets the class the tree predicts at that node (:attr:`fallback`).
        """
        fired = self.fired(X)
        labels = [self.rules[i].label if i >= 0 else self.default for i in fired]
        if self.shares and (fired < 0).any():
            Xe = encode_features(_SchemaHolder(self.schema), X, "X")
            rows = np.flatnonzero(fired < 0)
            proba = self._distributed(Xe[rows])
            for i, k in zip(rows, proba.argmax(axis=1)):
                labels[i] = self.classes[k]
        if self.fallback and (fired < 0).any():
            Xe = encode_features(_SchemaHolder(self.schema), X, "X")
            for rule in self.fallback:
                for i in np.flatnonzero(rule.covers(Xe, encoded=True) & (fired < 0)):
                    labels[i] = rule.label
        out = np.empty(len(fired), dtype=object)
        out[:] = labels
        return out

    def _distributed(self, Xe: np.ndarray) -> np.ndarray:
        """Class distributions of rows sent down every branch they cannot answer."""
        out = np.zeros((Xe.shape[0], len(self.classes)))
        # right to left, the order Tree.predict_values adds the leaves in: the same sums to
        # the last bit, so exact ties go the same way
        for rule, (value, shares) in reversed(list(zip(self.rules, self.shares))):
            weight = np.ones(Xe.shape[0])
            for condition, share in zip(rule.conditions, shares):
                branch = condition.split.route(Xe)
                weight *= np.where(branch == condition.branch, 1.0,
                                   np.where(branch == UNKNOWN, share, 0.0))
            out += weight[:, None] * np.asarray(value)
        return out

    def score(self, X: Any, y: Any) -> float:
        """Accuracy on ``(X, y)``."""
        predicted = self.predict(X)
        return float(np.mean(predicted == _labels(y, len(predicted), "y")))

    def _stats(self, rule: Rule) -> str:
        parts = []
        if rule.train_covered is not None:
            parts.append(f"leaf {fmt(rule.train_correct, 2).removesuffix('.00')}/"
                         f"{fmt(rule.train_covered, 2).removesuffix('.00')}")
        if rule.val_covered is not None:
            parts.append(f"validation {rule.val_correct}/{rule.val_covered}")
        return f"  [{', '.join(parts)}]" if parts else ""

    def __str__(self) -> str:
        """Plain text (what notebooks show as ``text/plain``)."""
        width = len(str(len(self.rules)))
        lines = [f"{i + 1:>{width + 1}}. {r.text}{self._stats(r)}"
                 for i, r in enumerate(self.rules)]
        lines.append(" " * (width + 3) + f"ELSE {self.target_name} = {self.default}")
        return "\n".join(lines)

    __repr__ = __str__

    def table(self, highlight: int | None = None) -> ResultTable:
        """Return the rules as a table (number, rule, validation counts and accuracy).

        ``highlight`` marks rule ``highlight`` (0-based), e.g. the one being pruned.
        """
        rows = [(i + 1, r.text, r.val_covered if r.val_covered is not None else "",
                 r.val_correct if r.val_correct is not None else "",
                 r.val_accuracy if r.val_covered else "")
                for i, r in enumerate(self.rules)]
        rows.append(("", f"ELSE {self.target_name} = {self.default}", "", "", ""))
        return ResultTable(("#", "rule", "val covered", "val correct", "val accuracy"),
                           tuple(rows), highlight_row=highlight)

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def _repr_markdown_(self) -> str:
        return self.table()._repr_markdown_()

    def to_dict(self) -> dict:
        """Plain JSON-ready form."""
        return {"rules": [r.text for r in self.rules], "default": str(self.default),
                "table": self.table().to_dict()}


def rules_from_tree(model_or_tree: Any) -> RuleSet:
    """One rule per root-to-leaf path, left to right, with the leaves' training counts.

    The default class is the training majority (the root's prediction).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> rules = rules_from_tree(ID3Classifier().fit(*load_play_tennis()))
    >>> len(rules), rules.default
    (5, 'yes')
    """
    tree, _ = tree_and_model(model_or_tree)
    if tree.classes is None:
        raise ValueError("model_or_tree: rules need a classification tree")
    rules, shares = [], []
    made: dict = {}  # one Condition per branch, shared by the rules below it

    def condition(node: Any, b: int) -> Condition:
        if id(node) not in made:
            texts = node.split.conditions(tree.schema)
            made[id(node)] = [Condition(node.split, k, t) for k, t in enumerate(texts)]
        return made[id(node)][b]

    for leaf, path in tree.leaf_paths():
        conds = tuple(condition(node, b) for node, b in path)
        counts = leaf.counts
        rules.append(Rule(conds, tree.classes[leaf.predicted_index], tree.schema,
                          tree.target_name, float(counts.sum()),
                          float(counts[leaf.predicted_index])))
        if tree.missing == "distribute":
            shares.append((tuple(leaf.value.tolist()),
                           tuple(float(node.child_weights()[b]) for node, b in path)))
    fallback = []
    if tree.missing == "majority":  # the tree stops where a test cannot be answered
        stack: list = [(tree.root, ())]
        while stack:
            node, conds = stack.pop()
            if node.is_leaf:
                continue
            unknown = Condition(node.split, UNKNOWN, unseen_condition(tree, node) or
                                f"{_tested(tree, node)} unknown")
            fallback.append(Rule(conds + (unknown,), tree.classes[node.predicted_index],
                                 tree.schema, tree.target_name))
            texts = node.split.conditions(tree.schema)
            for b in reversed(range(len(node.children))):
                stack.append((node.children[b], conds + (Condition(node.split, b, texts[b]),)))
    return RuleSet(tuple(rules), tree.classes[tree.root.predicted_index], tree.schema,
                   tree.target_name, tree.classes, tuple(fallback), tuple(shares))


def _tested(tree: Any, node: Any) -> str:
    names = [tree.schema.names[j] for j in node.split.features]
    return names[0] if len(names) == 1 else "linear test"


@dataclass(frozen=True)
class RulePostPruning:
    """Result of :func:`rule_post_prune`.

    Attributes
    ----------
    ruleset : RuleSet
        The pruned rules, sorted by validation accuracy, with the default class.
    original : RuleSet
        The rules read off the tree, before pruning.
    steps : tuple of RuleStep
        Every drop and, for every rule, the final "stop" decision.
    """

    ruleset: RuleSet
    original: RuleSet
    steps: tuple[RuleStep, ...]

    def state_after(self, k: int) -> RuleSet:
        """The rules after the first ``k`` steps, in tree order; all steps: :attr:`ruleset`.

        Every rule is a :class:`Rule` value: a dropped precondition gives a new rule.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> X, y = load_play_tennis()
        >>> result = rule_post_prune(ID3Classifier().fit(X, y), X[::2], y[::2])
        >>> print(result.state_after(2)[1])
        IF humidity = normal THEN play = yes
        """
        if k >= len(self.steps):
            return self.ruleset
        rules = list(self.original.rules)
        for step in self.steps[:k]:
            rules[step.rule_number - 1] = step.rule_after
        return replace(self.original, rules=tuple(rules))

    def summary(self) -> str:
        """One line: rules and preconditions dropped."""
        return (f"{len(self.original)} rules, "
                f"{sum(1 for s in self.steps if s.dropped_index is not None)} preconditions "
                f"dropped; rules sorted by validation accuracy")

    def predict(self, X: Any) -> np.ndarray:
        """Predictions of the pruned rule set."""
        return self.ruleset.predict(X)

    def score(self, X: Any, y: Any) -> float:
        """Accuracy of the pruned rule set."""
        return self.ruleset.score(X, y)

    def table(self) -> ResultTable:
        """Return the steps as one table."""
        rows = [(s.rule_number, s.rule.text, s.dropped or "(stop)",
                 f"{s.correct_before}/{s.covered_before}",
                 f"{s.correct_after}/{s.covered_after}") for s in self.steps]
        return ResultTable(("rule", "before", "dropped", "val correct before",
                            "val correct after"), tuple(rows),
                           caption=f"rule post-pruning: {len(self.original)} rules, "
                                   f"{sum(1 for s in self.steps if s.dropped)} preconditions "
                                   f"dropped")

    def __str__(self) -> str:
        """Plain text (what notebooks show as ``text/plain``)."""
        return str(self.table()) + "\n\n" + str(self.ruleset)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return self.table()._repr_html_() + "<pre>" + html.escape(str(self.ruleset)) + "</pre>"

    def to_dict(self) -> dict:
        """Plain JSON-ready form."""
        return {"ruleset": self.ruleset.to_dict(), "steps": [s.to_dict() for s in self.steps]}


def rule_post_prune(model_or_tree: Any, X_val: Any, y_val: Any) -> RulePostPruning:
    """Rule post-pruning: tree -> rules -> generalise each rule on validation data -> sort.

    For every rule (one per leaf), repeat: score every rule obtained by dropping one
    precondition by its validation accuracy (correct / covered among the validation rows
    it covers); if the best of them (the first on ties) is at least as accurate as the
    rule, drop that precondition. A rule that covers no validation row is kept as it is.
    Then sort the rules by validation accuracy (higher first; ties: more rows covered
    first, then tree order; uncovered rules last) and use the training majority as
    default class.

    Parameters
    ----------
    model_or_tree : fitted classifier or Tree
        The tree whose rules are pruned (not modified).
    X_val, y_val : table, sequence
        Validation data (same columns as the training data, known classes).

    Returns
    -------
    RulePostPruning
        ``.ruleset`` (a classifier), ``.steps``.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> result = rule_post_prune(ID3Classifier().fit(X, y), X[::2], y[::2])
    >>> print(result.ruleset)
     1. IF humidity = normal THEN play = yes  [validation 5/5]
     2. IF outlook = overcast THEN play = yes  [leaf 4/4, validation 3/3]
     3. IF outlook = sunny AND humidity = high THEN play = no  [leaf 3/3, validation 1/1]
     4. IF outlook = rainy THEN play = yes  [validation 1/1]
     5. IF outlook = rainy AND windy = TRUE THEN play = no  [leaf 2/2, validation 0/0]
        ELSE play = yes
    >>> print(result.steps[1])
    rule 2: drop 'outlook = sunny' from IF outlook = sunny AND humidity = normal THEN play = yes: 2/2 = 1.000 -> 5/5 = 1.000
    """
    tree, _ = tree_and_model(model_or_tree)
    if tree.classes is None:
        raise ValueError("model_or_tree: rule post-pruning needs a classification tree")
    Xe = encode_features(tree, X_val, "X_val")
    encode_labels(tree, y_val, Xe.shape[0], "y_val")  # unseen labels -> ValueError
    truth = _labels(y_val, Xe.shape[0], "y_val")
    with cycle_collector.paused():
        original = rules_from_tree(tree)
        # every test reads a whole column: columns contiguous
        pruned, steps = _generalise(original, np.asfortranarray(Xe), truth)
        pruned = _merge_duplicates(pruned)
        pruned.sort(key=lambda item: _sort_key(item[1], item[0]))
        ruleset = RuleSet(tuple(r for _, r in pruned), original.default, tree.schema,
                          tree.target_name, tree.classes)
        return RulePostPruning(ruleset, original, tuple(steps))


def _generalise(original: RuleSet, Xe: np.ndarray, truth: np.ndarray) -> tuple[list, list]:
    """Drop preconditions from every rule; ``([(number, rule)], steps)``."""
    pruned, steps = [], []
    packed: dict = {}
    for number, rule in enumerate(original.rules, start=1):
        coverage = _coverage(rule, Xe, truth, packed)
        while True:
            counts = coverage.counts()
            correct, covered = counts.correct[0], counts.covered[0]
            best = counts.should_drop()
            if best is not None:
                steps.append(RuleStep(number, rule, best, correct, covered,
                                      counts.correct[best + 1], counts.covered[best + 1], counts))
                rule = rule.without(best)
                coverage.drop(best)
                continue
            steps.append(RuleStep(number, rule, None, correct, covered, correct, covered, counts))
            # a shortened rule covers more than its leaf: the leaf's counts would mislead
            leaf = {} if len(rule.conditions) == len(original.rules[number - 1].conditions) \
                else {"train_covered": None, "train_correct": None}
            pruned.append((number, replace(rule, val_covered=covered, val_correct=correct,
                                           **leaf)))
            break
    return pruned, steps


def _merge_duplicates(pruned: list) -> list:
    """Keep one copy of rules that became identical (same preconditions and class).

    The copy kept is the first in tree order; its leaf counts become the sums.
    """
    kept: dict = {}
    for number, rule in pruned:
        key = (frozenset(c.text for c in rule.conditions), rule.label)
        if key not in kept:
            kept[key] = (number, rule)
            continue
        first_number, first = kept[key]
        if first.train_covered is not None and rule.train_covered is not None:
            first = replace(first, train_covered=first.train_covered + rule.train_covered,
                            train_correct=first.train_correct + rule.train_correct)
        kept[key] = (first_number, first)
    return list(kept.values())


def _sort_key(rule: Rule, number: int) -> tuple:
    if not rule.val_covered:
        return (1, 0.0, 0, number)
    return (0, -rule.val_accuracy, -rule.val_covered, number)

