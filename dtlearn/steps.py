"""One protocol for every recorded decision: growth, pruning and rule steps.

The growth engine records a :class:`~dtlearn.grow.GrowthStep` per node and every pruner
records its decisions (reduced-error, rule, cost-complexity, pessimistic). They all answer
the same questions, so a notebook, a grader or a widget can replay any of them without
knowing which method made it:

* ``kind`` — which method: ``"growth"``, ``"reduced-error"``, ``"rule"``,
  ``"cost-complexity"``, ``"pessimistic"``;
* ``node_id`` — the node the decision is about (for rule steps, the rule's number);
* ``subject`` — what ``node_id`` numbers: ``"node"`` or ``"rule"``;
* ``action`` — what changed: ``"split"``, ``"leaf"``, ``"pruned"``, ``"kept"``,
  ``"collapsed"``, ``"raised"``, ``"condition dropped"``, ...;
* ``reason`` — why, in words;
* ``before`` / ``after`` — small dicts of named numbers (``{"errors": 3, "leaves": 5}``);
* ``table()`` — a :class:`~dtlearn.result_table.ResultTable`; ``explain()`` — a worked
  :class:`~dtlearn.explain.Derivation` or that table; ``to_dict()`` — JSON-ready data.

:class:`StepDefaults` gives a step class the parts that are the same everywhere
(``subject``, a before/after table, ``explain``, ``summary``, ``to_dict``), so a new
method writes only its numbers and its reason.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

import numpy as np

from .data import python_scalar
from .result_table import ResultTable

__all__ = ["Step", "StepDefaults", "before_after_table", "jsonable", "step_dict", "step_summary"]


@runtime_checkable
class Step(Protocol):
    """What every recorded decision offers (see the module docstring).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> step = ID3Classifier().fit(*load_play_tennis()).steps_[0]
    >>> isinstance(step, Step), step.kind, step.action
    (True, 'growth', 'split')
    """

    @property
    def kind(self) -> str:
        """Which method recorded the step."""

    @property
    def node_id(self) -> int:
        """The node decided on (a rule's number for rule steps)."""

    @property
    def action(self) -> str:
        """What changed."""

    @property
    def reason(self) -> str:
        """Why, in words."""

    @property
    def before(self) -> Mapping[str, Any]:
        """Named numbers before the decision."""

    @property
    def after(self) -> Mapping[str, Any]:
        """Named numbers after the decision."""

    def table(self) -> ResultTable:
        """The step's numbers as a table."""

    def explain(self) -> Any:
        """The decision worked out (a Derivation or a table)."""

    def to_dict(self) -> dict:
        """JSON-ready data."""


def before_after_table(step: Any, caption: str | None = None) -> ResultTable:
    """One row per number named in ``step.before`` or ``step.after``: its value before and after.

    Parameters
    ----------
    step : Step
        Any object with ``before`` and ``after`` dicts (and ``summary()`` for the caption).
    caption : str, optional
        Defaults to :func:`step_summary` of the step.

    Returns
    -------
    ResultTable
        Columns ``quantity``, ``before``, ``after`` (blank where a side lacks the number).

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> s = SimpleNamespace(before={"errors": 3, "leaves": 5}, after={"errors": 2, "leaves": 4})
    >>> print(before_after_table(s, caption="node 3"))
    node 3
      quantity | before | after
      errors   |      3 |     2
      leaves   |      5 |     4
    """
    names = list(step.before) + [k for k in step.after if k not in step.before]
    rows = tuple((name, step.before.get(name), step.after.get(name)) for name in names)
    if caption is None:
        caption = step_summary(step)
    return ResultTable(("quantity", "before", "after"), rows, caption=caption)


def step_summary(step: Any) -> str:
    """One line: where the decision was made (with the branch condition), what it did and why.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> s = SimpleNamespace(subject="node", node_id=3, action="pruned",
    ...                     reason="validation errors 2 -> 2")
    >>> step_summary(s)
    'node 3: pruned — validation errors 2 -> 2'
    """
    subject = getattr(step, "subject", "node")
    condition = getattr(step, "condition", None)
    where = f" [{condition}]" if condition else ""
    return f"{subject} {step.node_id}{where}: {step.action} — {step.reason}"


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON data: the one converter of every ``to_dict``.

    Mappings become dicts with string keys, tuples, lists and arrays become lists, numpy
    scalars plain Python numbers; a float that JSON cannot hold (infinity, NaN) becomes
    ``None`` (``null``), at any depth.

    Examples
    --------
    >>> import numpy as np
    >>> jsonable({"a": np.float64(2.5), 1: (np.int64(3), np.array([1.0, np.inf]))})
    {'a': 2.5, '1': [3, [1.0, None]]}
    >>> jsonable(float("-inf")) is None
    True
    """
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, np.ndarray) or hasattr(value, "tolist") and not hasattr(value, "item"):
        return jsonable(value.tolist())
    value = python_scalar(value)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def step_dict(step: Any, **details: Any) -> dict:
    """The protocol's fields of ``step`` as JSON-ready data, plus the method's ``details``.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> import numpy as np
    >>> s = SimpleNamespace(kind="pessimistic", subject="node", node_id=np.int64(2),
    ...                     action="collapsed", reason="leaf estimate is lower",
    ...                     before={"errors": np.float64(2.5)}, after={"errors": 2.0})
    >>> step_dict(s, confidence=0.25)
    {'kind': 'pessimistic', 'subject': 'node', 'node_id': 2, 'action': 'collapsed', \
'reason': 'leaf estimate is lower', 'before': {'errors': 2.5}, 'after': {'errors': 2.0}, \
'confidence': 0.25}
    """
    out = {
        "kind": step.kind,
        "subject": getattr(step, "subject", "node"),
        "node_id": python_scalar(step.node_id),
        "action": step.action,
        "reason": step.reason,
        "before": jsonable(step.before),
        "after": jsonable(step.after),
    }
    out.update({k: jsonable(v) for k, v in details.items()})
    return out


class StepDefaults:
    """Defaults for a :class:`Step`: ``subject``, ``table``, ``explain``, ``summary``, ``to_dict``.

    A step class sets ``kind`` and provides ``node_id``, ``action``, ``reason``,
    ``before`` and ``after``; it overrides ``table``/``explain`` when it has a richer view
    and :meth:`details` to add its own fields to :meth:`to_dict`.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Toy(StepDefaults):
    ...     node_id: int
    ...     kind = "toy"
    ...     action = "pruned"
    ...     reason = "fewer leaves, same errors"
    ...     @property
    ...     def before(self): return {"errors": 2, "leaves": 3}
    ...     @property
    ...     def after(self): return {"errors": 2, "leaves": 1}
    >>> toy = Toy(4)
    >>> isinstance(toy, Step), toy.summary()
    (True, 'node 4: pruned — fewer leaves, same errors')
    >>> toy.to_dict()["after"]
    {'errors': 2, 'leaves': 1}
    """

    kind: str = "step"
    subject: str = "node"

    def summary(self) -> str:
        """One line: where, what and why (:func:`step_summary`)."""
        return step_summary(self)

    def table(self) -> ResultTable:
        """The numbers before and after the decision (:func:`before_after_table`)."""
        return before_after_table(self)

    def explain(self) -> Any:
        """The worked decision; by default the before/after table."""
        return self.table()

    def details(self) -> dict:
        """Fields of this kind of step added to :meth:`to_dict` (none by default)."""
        return {}

    def to_dict(self) -> dict:
        """JSON-ready data: the protocol's fields and :meth:`details`."""
        return step_dict(self, **self.details())
