"""The words every pruning method's steps use, and the split's rounding at 0.4 of a row.

A step's ``kind`` and ``action`` are what the stepper, the graders and ``to_dict`` show:
``"cost-complexity"`` steps are all ``"collapsed"``; reduced-error visits are ``"pruned"``
or ``"kept"``; rule steps ``"condition dropped"`` or ``"final"``; C4.5's decisions
``"kept"`` when nothing changes. Read here on one CART tree of the numeric play-tennis
data, every method as the registry runs it (validation rows: every other row).

``train_validation_test_split`` cuts at the cumulative shares times ``n``, rounded half
up: 0.44 of 10 rows is 4.4, which rounds down to 4.
"""

import numpy as np
import pytest

import dtlearn as dt
from dtlearn.pruning.curves import train_validation_test_split
from dtlearn.pruning.methods import pruning_methods


@pytest.fixture(scope="module")
def runs():
    X, y = dt.load_play_tennis(numeric=True)
    model = dt.CARTClassifier().fit(X, y)
    return {m.name: m.run(model, X[::2], y[::2], X, y) for m in pruning_methods()}


def test_each_methods_steps_say_their_kind_and_action(runs):
    words = {
        name: [(s.kind, s.action, s.to_dict()["kind"], s.to_dict()["action"]) for s in r.steps]
        for name, r in runs.items()
    }

    def same(kind, *actions):
        return [(kind, a, kind, a) for a in actions]

    assert words == {
        "reduced_error": same("reduced-error", "pruned", "pruned", "kept", "kept", "kept", "kept"),
        "rules": same(
            "rule",
            "final",
            "final",
            "condition dropped",
            "condition dropped",
            "final",
            "final",
            "condition dropped",
            "final",
        ),
        "cost_complexity": same("cost-complexity", "collapsed", "collapsed", "collapsed"),
        "pessimistic": same("pessimistic", *["kept"] * 8),
    }


def test_a_cumulative_share_of_four_tenths_of_a_row_rounds_down():
    X, y = np.arange(10), np.array(["a", "b"] * 5)
    parts = train_validation_test_split(X, y, (0.44, 0.36, 0.2), stratify=False)
    assert [len(p) for p in parts[:3]] == [4, 4, 2]
    assert [len(p) for p in parts[3:]] == [4, 4, 2]
    assert sorted(np.concatenate(parts[:3]).tolist()) == list(range(10))
