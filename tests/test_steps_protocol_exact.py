"""The step protocol's shared parts, whole: summary line, before/after table, JSON data.

Expectations written out by hand from the protocol's documented rules: the summary is
``"<subject> <id> [<condition>]: <action> — <reason>"`` (no brackets without a condition),
the table lists the names of ``before`` then the new names of ``after`` (blank where a side
lacks one), and JSON data has plain Python values with ``None`` for non-finite floats.
"""

import json
import math
from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np

from dtlearn.steps import StepDefaults, before_after_table, jsonable, step_dict, step_summary


def _step(**kw):
    fields = dict(
        kind="toy",
        subject="rule",
        node_id=np.int64(2),
        action="kept",
        reason="why",
        condition="a = b",
        before={"errors": 3, "x": 1.5},
        after={"errors": 2, "leaves": 4},
    )
    return SimpleNamespace(**(fields | kw))


def test_summary_names_subject_branch_action_and_reason():
    assert step_summary(_step()) == "rule 2 [a = b]: kept — why"
    assert step_summary(_step(condition="")) == "rule 2: kept — why"
    assert step_summary(_step(condition=None)) == "rule 2: kept — why"
    plain = SimpleNamespace(node_id=5, action="pruned", reason="r")
    assert step_summary(plain) == "node 5: pruned — r"


def test_before_after_table_lists_before_names_then_new_after_names():
    table = before_after_table(_step())
    assert table.columns == ("quantity", "before", "after")
    assert table.rows == (("errors", 3, 2), ("x", 1.5, None), ("leaves", None, 4))
    assert repr(table) == (
        "rule 2 [a = b]: kept — why\n"
        "  quantity | before | after\n"
        "  errors   | 3      | 2\n"
        "  x        | 1.500  |\n"
        "  leaves   |        | 4"
    )
    assert before_after_table(_step(), caption="").caption == ""
    assert before_after_table(_step(), caption="c").caption == "c"


def test_jsonable_makes_plain_values_and_nulls_at_any_depth():
    value = {
        "a": [np.nan, np.float32(1.5), np.bool_(True), (1, np.int64(2))],
        2: float("inf"),
        "m": np.array([[1, 2]]),
        "s": "x",
        "n": None,
    }
    out = jsonable(value)
    assert out == {"a": [None, 1.5, True, [1, 2]], "2": None, "m": [[1, 2]], "s": "x", "n": None}
    assert type(out["a"][1]) is float and type(out["a"][2]) is bool and type(out["a"][3][1]) is int
    assert jsonable(np.float64("nan")) is None and jsonable(-math.inf) is None
    assert jsonable(np.float64(2.0)) == 2.0 and type(jsonable(np.float64(2.0))) is float
    json.dumps(out, allow_nan=False)


def test_step_dict_puts_the_protocol_fields_first_then_the_details():
    data = step_dict(_step(before={"e": np.float64(np.inf)}), extra=(np.int64(1),))
    assert data == {
        "kind": "toy",
        "subject": "rule",
        "node_id": 2,
        "action": "kept",
        "reason": "why",
        "before": {"e": None},
        "after": {"errors": 2, "leaves": 4},
        "extra": [1],
    }
    assert list(data) == [
        "kind",
        "subject",
        "node_id",
        "action",
        "reason",
        "before",
        "after",
        "extra",
    ]
    assert (
        step_dict(SimpleNamespace(**{k: v for k, v in vars(_step()).items() if k != "subject"}))[
            "subject"
        ]
        == "node"
    )


@dataclass(frozen=True)
class _Toy(StepDefaults):
    node_id: int
    kind = "toy"
    action = "pruned"
    reason = "fewer leaves"

    @property
    def before(self):
        return {"errors": 2, "leaves": 3}

    @property
    def after(self):
        return {"errors": 2, "leaves": 1}


def test_defaults_give_summary_table_explain_and_dict():
    toy = _Toy(4)
    assert (toy.subject, toy.summary()) == ("node", "node 4: pruned — fewer leaves")
    assert toy.explain() == toy.table()
    assert repr(toy.table()) == (
        "node 4: pruned — fewer leaves\n"
        "  quantity | before | after\n"
        "  errors   |      2 |     2\n"
        "  leaves   |      3 |     1"
    )
    assert toy.details() == {}
    assert toy.to_dict() == {
        "kind": "toy",
        "subject": "node",
        "node_id": 4,
        "action": "pruned",
        "reason": "fewer leaves",
        "before": {"errors": 2, "leaves": 3},
        "after": {"errors": 2, "leaves": 1},
    }
    assert StepDefaults.kind == "step" and StepDefaults.subject == "node"
