# About 710 logical lines: one idea, rules read off a tree and their post-pruning, whose steps hold Rule values (written out from arrays when read); splitting it would cut Rule from its pruning.
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

A rule's preconditions and the reader of their text are in
:mod:`~dtlearn.pruning.rule_conditions`; the validation counts of a rule and of its
single drops, kept as bitsets, in :mod:`~dtlearn.pruning.rule_coverage`. (The three were
one module, ``dtlearn.pruning.rules``, until this split; that path imports until 0.4.0.)

**Steps written when read.** A tree of thousands of leaves takes tens of thousands of
steps. :func:`rule_post_prune` makes only the final rules and keeps the steps as the
arrays of a :class:`~dtlearn.pruning.rule_coverage.DropRecord`: its :class:`RuleSteps`
writes a rule's :class:`RuleStep` values out when one is read. They equal, value for
value, the steps :func:`generalise_rules` makes one by one, the reference it is tested
against.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, cast, overload

import numpy as np

from .. import cycle_collector
from ..data import Schema, infer_schema
from ..explain import ResultTable
from ..exports.rule_text import unseen_condition
from ..formatting import fmt
from ..splits import UNKNOWN
from ..steps import StepDefaults
from .rule_conditions import Condition, exact_text, parse_condition, parse_number
from .rule_coverage import (
    DropCounts,
    DropRecord,
    class_layout,
    drop_counts,
    drop_record,
    failing_rows,
)
from .tree_access import encode_features, encode_labels, tree_and_model

# Condition and DropCounts are imported from here by code written before the split
__all__ = [
    "Condition",
    "DropCounts",
    "Rule",
    "RulePostPruning",
    "RuleSet",
    "RuleStep",
    "RuleSteps",
    "generalise_rules",
    "rule_drops",
    "rule_post_prune",
    "rules_from_tree",
]


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
    def from_text(cls, text: str, X_or_schema: Any, target_name: str | None = None) -> Rule:
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
        conditions = tuple(parse_condition(p, schema) for p in parts)
        if " = " in head and target_name is None:
            target_name, head = (s.strip() for s in head.split(" = ", 1))
        elif " = " in head:
            head = head.split(" = ", 1)[1].strip()
        number = re.fullmatch(r"(.+?)\s+\((?:mean|median) of .*\)", head)
        label = head if number is None else parse_number(number.group(1), "the target")
        return cls(conditions, label, schema, target_name or "class")

    # ------------------------------------------------------------------ text
    @property
    def text(self) -> str:
        """The rule as ``IF ... THEN target = label``, numbers exact (:meth:`from_text`)."""
        body = (
            " AND ".join(exact_text(c, self.schema) for c in self.conditions)
            if self.conditions
            else "TRUE"
        )
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

    def without(self, index: int) -> Rule:
        """Return the rule with precondition ``index`` dropped (validation counts cleared)."""
        conds = self.conditions[:index] + self.conditions[index + 1 :]
        return type(self)(
            conds, self.label, self.schema, self.target_name, self.train_covered, self.train_correct
        )

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
        counts = drop_counts(self, Xe, truth)
        drop = counts.should_drop()
        return counts.table(
            self, f"candidate simplifications of {self.text}", None if drop is None else drop + 1
        )


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
        return self.drops.table(self.rule, f"rule {self.rule_number}: {self.rule.text}", highlight)

    kind = "rule"
    subject = "rule"

    @property
    def node_id(self) -> int:
        """The rule's number (rule steps are about rules, not nodes)."""
        return self.rule_number

    @property
    def dropped(self) -> str | None:
        """Text of the precondition dropped (``None``: the rule is final)."""
        return None if self.dropped_index is None else self.rule.conditions[self.dropped_index].text

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
            return (
                f"no drop keeps the accuracy ({acc})"
                if self.covered_before
                else "covers no validation row"
            )
        return (
            f"drop '{self.dropped}': {acc} → {self.correct_after}/{self.covered_after} "
            f"correct, the accuracy does not fall"
        )

    @property
    def before(self) -> dict:
        """Validation rows the rule covers, gets right and gets wrong, before the step."""
        return {
            "covered": self.covered_before,
            "correct": self.correct_before,
            "errors": self.errors_before,
        }

    @property
    def after(self) -> dict:
        """The same numbers for the rule after the step."""
        return {
            "covered": self.covered_after,
            "correct": self.correct_after,
            "errors": self.errors_after,
        }

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
            why = (
                "covers no validation row"
                if not self.covered_before
                else "no drop keeps the accuracy"
            )
            return f"rule {self.rule_number}: {self.rule.text}  [{acc}] final ({why})"
        return (
            f"rule {self.rule_number}: drop '{self.dropped}' from {self.rule.text}: "
            f"{acc} = {fmt(self.accuracy_before)} -> {self.correct_after}/"
            f"{self.covered_after} = {fmt(self.accuracy_after)}"
        )

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
        return {
            "rule_number": self.rule_number,
            "rule_before": self.rule.text,
            "rule_after": self.rule_after.text,
            "dropped": self.dropped,
            "candidates": self.candidates.to_dict(),
        }


def _step(number: int, rule: Rule, at: int | None, counts: Any) -> RuleStep:
    """The step that drops precondition ``at`` of ``rule`` (``None``: keeps every one)."""
    correct, covered = counts.correct[0], counts.covered[0]
    if at is None:
        return RuleStep(number, rule, None, correct, covered, correct, covered, counts)
    after = (counts.correct[at + 1], counts.covered[at + 1])
    return RuleStep(number, rule, at, correct, covered, *after, counts)


class RuleSteps(Sequence):
    """The steps of a rule post-pruning run, each :class:`RuleStep` written out when read.

    A tree of thousands of leaves takes tens of thousands of steps; they are kept as the
    arrays of a :class:`~dtlearn.pruning.rule_coverage.DropRecord`, and reading a step
    writes out its rule's steps (the rule before each drop, its candidate counts). It is a
    sequence of the same :class:`RuleStep` values :func:`generalise_rules` makes one by
    one, and equals their tuple.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> steps = rule_post_prune(ID3Classifier().fit(X, y), X[::2], y[::2]).steps
    >>> len(steps), steps[1].dropped, steps[-1].action
    (7, 'outlook = sunny', 'final')
    """

    def __init__(self, rules: tuple[Rule, ...], record: DropRecord):
        self.rules = rules
        self.record = record
        self._first = record.first.tolist()
        self._last: tuple[int, list[RuleStep]] = (-1, [])  # the rule read last, its steps

    def __len__(self) -> int:
        """Return the number of steps."""
        return self._first[-1]

    @overload
    def __getitem__(self, k: int) -> RuleStep: ...

    @overload
    def __getitem__(self, k: slice) -> tuple[RuleStep, ...]: ...

    def __getitem__(self, k: int | slice) -> RuleStep | tuple[RuleStep, ...]:
        """Return step ``k`` (a slice: a tuple of steps)."""
        if isinstance(k, slice):
            return tuple(self[i] for i in range(*k.indices(len(self))))
        n = len(self)
        if not -n <= k < n:
            raise IndexError(f"step {k} of {n}")
        k = k % n
        r = bisect_right(self._first, k) - 1
        if self._last[0] != r:
            self._last = (r, self.rule_steps(r))
        return self._last[1][k - self._first[r]]

    def __iter__(self) -> Iterator[RuleStep]:
        """Every step, rule after rule."""
        for r in range(len(self.rules)):
            yield from self.rule_steps(r)

    def rule_steps(self, r: int) -> list[RuleStep]:
        """The steps of rule ``r`` (0-based), written out from the record.

        Examples
        --------
        >>> from dtlearn import ID3Classifier, load_play_tennis
        >>> X, y = load_play_tennis()
        >>> steps = rule_post_prune(ID3Classifier().fit(X, y), X[::2], y[::2]).steps
        >>> [str(s.rule_after) for s in steps.rule_steps(1)]
        ['IF humidity = normal THEN play = yes', 'IF humidity = normal THEN play = yes']
        """
        rule, out = self.rules[r], []
        places = self.record.dropped[self._first[r] : self._first[r + 1]].tolist()
        for k, at in enumerate(places, start=self._first[r]):
            out.append(_step(r + 1, rule, None if at < 0 else at, self.record.counts(k)))
            if at >= 0:
                rule = rule.without(at)
        return out

    def __eq__(self, other: object) -> bool:
        """Equal to the steps in the same order (another run's, or a tuple of them)."""
        if not isinstance(other, (RuleSteps, tuple)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """The steps as a tuple would show them."""
        return repr(tuple(self))

    def __reduce__(self) -> tuple:
        return (type(self), (self.rules, self.record))


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
                weight *= np.where(
                    branch == condition.branch, 1.0, np.where(branch == UNKNOWN, share, 0.0)
                )
            out += weight[:, None] * np.asarray(value)
        return out

    def score(self, X: Any, y: Any) -> float:
        """Accuracy on ``(X, y)``."""
        predicted = self.predict(X)
        return float(np.mean(predicted == _labels(y, len(predicted), "y")))

    def _stats(self, rule: Rule) -> str:
        parts = []
        if rule.train_covered is not None:
            parts.append(
                f"leaf {fmt(rule.train_correct, 2).removesuffix('.00')}/"
                f"{fmt(rule.train_covered, 2).removesuffix('.00')}"
            )
        if rule.val_covered is not None:
            parts.append(f"validation {rule.val_correct}/{rule.val_covered}")
        return f"  [{', '.join(parts)}]" if parts else ""

    def __str__(self) -> str:
        """Plain text (what notebooks show as ``text/plain``)."""
        width = len(str(len(self.rules)))
        lines = [
            f"{i + 1:>{width + 1}}. {r.text}{self._stats(r)}" for i, r in enumerate(self.rules)
        ]
        lines.append(" " * (width + 3) + f"ELSE {self.target_name} = {self.default}")
        return "\n".join(lines)

    __repr__ = __str__

    def table(self, highlight: int | None = None) -> ResultTable:
        """Return the rules as a table (number, rule, validation counts and accuracy).

        ``highlight`` marks rule ``highlight`` (0-based), e.g. the one being pruned.
        """
        rows = [
            (
                i + 1,
                r.text,
                r.val_covered if r.val_covered is not None else "",
                r.val_correct if r.val_correct is not None else "",
                r.val_accuracy if r.val_covered else "",
            )
            for i, r in enumerate(self.rules)
        ]
        rows.append(("", f"ELSE {self.target_name} = {self.default}", "", "", ""))
        return ResultTable(
            ("#", "rule", "val covered", "val correct", "val accuracy"),
            tuple(rows),
            highlight_row=highlight,
        )

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def _repr_markdown_(self) -> str:
        return self.table()._repr_markdown_()

    def to_dict(self) -> dict:
        """Plain JSON-ready form."""
        return {
            "rules": [r.text for r in self.rules],
            "default": str(self.default),
            "table": self.table().to_dict(),
        }


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
    rules, shares, fallback = [], [], []
    majority = tree.missing == "majority"  # the tree stops where a test cannot be answered
    distribute = tree.missing == "distribute"
    classes, schema, target = tree.classes, tree.schema, tree.target_name
    # one walk, left to right: each branch's Condition made once, shared by the rules below
    stack: list = [(tree.root, (), ())]
    while stack:
        node, conds, path = stack.pop()
        if node.is_leaf:
            counts, k = node.counts, node.predicted_index
            rules.append(
                Rule(conds, classes[k], schema, target, float(counts.sum()), float(counts[k]))
            )
            if distribute:
                shares.append(
                    (
                        tuple(node.value.tolist()),
                        tuple(float(up.child_weights()[b]) for up, b in path),
                    )
                )
            continue
        texts = node.split.conditions(schema)
        if majority:
            unknown = Condition(
                node.split,
                UNKNOWN,
                unseen_condition(tree, node) or f"{_tested(tree, node)} unknown",
            )
            fallback.append(Rule(conds + (unknown,), classes[node.predicted_index], schema, target))
        for b in reversed(range(len(node.children))):
            stack.append(
                (
                    node.children[b],
                    conds + (Condition(node.split, b, texts[b]),),
                    path + ((node, b),) if distribute else (),
                )
            )
    return RuleSet(
        tuple(rules),
        tree.classes[tree.root.predicted_index],
        tree.schema,
        tree.target_name,
        tree.classes,
        tuple(fallback),
        tuple(shares),
    )


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
    steps : sequence of RuleStep
        Every drop and, for every rule, the final "stop" decision (a :class:`RuleSteps`:
        each step is written out when read; a tuple from :func:`generalise_rules`).
    """

    ruleset: RuleSet
    original: RuleSet
    steps: Sequence[RuleStep]

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
        return (
            f"{len(self.original)} rules, "
            f"{sum(1 for s in self.steps if s.dropped_index is not None)} preconditions "
            f"dropped; rules sorted by validation accuracy"
        )

    def predict(self, X: Any) -> np.ndarray:
        """Predictions of the pruned rule set."""
        return self.ruleset.predict(X)

    def score(self, X: Any, y: Any) -> float:
        """Accuracy of the pruned rule set."""
        return self.ruleset.score(X, y)

    def table(self) -> ResultTable:
        """Return the steps as one table."""
        rows = [
            (
                s.rule_number,
                s.rule.text,
                s.dropped or "(stop)",
                f"{s.correct_before}/{s.covered_before}",
                f"{s.correct_after}/{s.covered_after}",
            )
            for s in self.steps
        ]
        return ResultTable(
            ("rule", "before", "dropped", "val correct before", "val correct after"),
            tuple(rows),
            caption=f"rule post-pruning: {len(self.original)} rules, "
            f"{sum(1 for s in self.steps if s.dropped)} preconditions "
            f"dropped",
        )

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
    return _prune(model_or_tree, X_val, y_val, eager=False)


def _prune(model_or_tree: Any, X_val: Any, y_val: Any, eager: bool) -> RulePostPruning:
    """:func:`rule_post_prune`; ``eager``: every step made as it is taken (the reference)."""
    tree, _ = tree_and_model(model_or_tree)
    if tree.classes is None:
        raise ValueError("model_or_tree: rule post-pruning needs a classification tree")
    Xe = encode_features(tree, X_val, "X_val")
    encode_labels(tree, y_val, Xe.shape[0], "y_val")  # unseen labels -> ValueError
    truth = _labels(y_val, Xe.shape[0], "y_val")
    with cycle_collector.paused():
        original = rules_from_tree(tree)
        # every test reads a whole column: columns contiguous
        record = rule_drops(original, np.asfortranarray(Xe), truth)
        pruned, steps = (generalise_rules if eager else _generalise_lazily)(original, record)
        pruned = _merge_duplicates(pruned)
        pruned.sort(key=lambda item: _sort_key(item[1], item[0]))
        ruleset = RuleSet(
            tuple(r for _, r in pruned),
            original.default,
            tree.schema,
            tree.target_name,
            tree.classes,
        )
        return RulePostPruning(ruleset, original, steps)


def rule_drops(original: RuleSet, Xe: np.ndarray, truth: np.ndarray) -> DropRecord:
    """Every drop of every rule of ``original`` on encoded validation rows, as arrays.

    Parameters
    ----------
    original : RuleSet
        The rules read off a tree (:func:`rules_from_tree`).
    Xe : ndarray
        Encoded validation rows (:func:`~dtlearn.pruning.tree_access.encode_features`).
    truth : ndarray of object
        Their classes.

    Returns
    -------
    DropRecord
        Per rule, its steps: the place dropped and the candidates' counts.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> tree = ID3Classifier().fit(X, y).tree_
    >>> record = rule_drops(rules_from_tree(tree), encode_features(tree, X[::2], "X"),
    ...                     np.asarray(y[::2], dtype=object))
    >>> record.first.tolist(), record.dropped.tolist()
    ([0, 1, 3, 4, 5, 7], [-1, 0, -1, -1, -1, 1, -1])
    """
    labels: dict = {}
    for rule in original.rules:
        labels.setdefault(rule.label, len(labels))
    codes = np.full(Xe.shape[0], len(labels), dtype=np.int64)
    for label, k in labels.items():
        codes[truth == label] = k
    rows, starts, valid = class_layout(codes, len(labels))
    padded = np.vstack([Xe, np.zeros((1, Xe.shape[1]))])  # row -1: padding, never counted
    failing, conditions = failing_rows(original.rules, np.asfortranarray(padded[rows]))
    return drop_record(
        failing,
        conditions,
        np.array([labels[r.label] for r in original.rules], dtype=np.int64),
        starts,
        valid,
    )


def generalise_rules(original: RuleSet, record: DropRecord) -> tuple[list, tuple]:
    """Every rule's steps and final form, one :class:`RuleStep` made per decision.

    The reference :func:`rule_post_prune` is checked against: it keeps
    :class:`RuleSteps`, which writes the same steps out when they are read, and makes only
    the final rules.

    Returns
    -------
    tuple
        ``([(rule number, final rule)], steps)``.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> tree = ID3Classifier().fit(X, y).tree_
    >>> original = rules_from_tree(tree)
    >>> record = rule_drops(original, encode_features(tree, X[::2], "X"),
    ...                     np.asarray(y[::2], dtype=object))
    >>> pruned, steps = generalise_rules(original, record)
    >>> print(pruned[1][1]); print(steps[1])
    IF humidity = normal THEN play = yes
    rule 2: drop 'outlook = sunny' from IF outlook = sunny AND humidity = normal THEN play = yes: 2/2 = 1.000 -> 5/5 = 1.000
    """
    pruned, steps = [], []
    for number, (rule, sequence) in enumerate(zip(original.rules, record.sequences()), start=1):
        for counts, best in sequence:
            correct, covered = counts.correct[0], counts.covered[0]
            steps.append(_step(number, rule, best, counts))
            if best is not None:
                rule = rule.without(best)
                continue
            # a shortened rule covers more than its leaf: the leaf's counts would mislead
            leaf = (
                {}
                if len(rule.conditions) == len(original.rules[number - 1].conditions)
                else {"train_covered": None, "train_correct": None}
            )
            pruned.append((number, replace(rule, val_covered=covered, val_correct=correct, **leaf)))
    return pruned, tuple(steps)


def _generalise_lazily(original: RuleSet, record: DropRecord) -> tuple[list, RuleSteps]:
    """:func:`generalise_rules` making only the final rules; the steps kept as the record."""
    first, places = record.first.tolist(), record.dropped.tolist()
    ends = record.bounds[record.first[1:] - 1]  # each rule's final step's counts
    covered, correct = list(record.covered[ends]), list(record.correct[ends])
    pruned = []
    for r, rule in enumerate(original.rules):
        if first[r + 1] - first[r] == 1:  # nothing dropped: the leaf's counts hold
            final = type(rule)(
                rule.conditions,
                rule.label,
                rule.schema,
                rule.target_name,
                rule.train_covered,
                rule.train_correct,
                covered[r],
                correct[r],
            )
        else:
            conditions = list(rule.conditions)
            for at in places[first[r] : first[r + 1] - 1]:
                del conditions[at]
            final = type(rule)(
                tuple(conditions),
                rule.label,
                rule.schema,
                rule.target_name,
                None,
                None,
                covered[r],
                correct[r],
            )
        pruned.append((r + 1, final))
    return pruned, RuleSteps(original.rules, record)


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
            first = replace(
                first,
                train_covered=first.train_covered + rule.train_covered,
                train_correct=first.train_correct + rule.train_correct,
            )
        kept[key] = (first_number, first)
    return list(kept.values())


def _sort_key(rule: Rule, number: int) -> tuple:
    """Validation accuracy, then rows covered (both descending), then tree order.

    A rule covering no validation row counts as accuracy 0 over 0 rows: after every rule
    that covers one (a covered rule of accuracy 0 still has more rows).
    """
    covered, correct = cast(int, rule.val_covered), cast(int, rule.val_correct)  # both counted
    return (-correct / max(covered, 1), -covered, number)
