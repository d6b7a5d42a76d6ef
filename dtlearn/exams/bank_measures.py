"""Exam questions on the measures and on choosing a split, drawn from a seed.

Each function takes a :class:`numpy.random.Generator` and returns a
:class:`~dtlearn.exams.question.Question` whose answer and worked solution are the
library's own (``dt.entropy(...).explain()``, ``dt.split_table``, ``dt.OneR``, ...).

Examples
--------
>>> import numpy as np
>>> q = entropy_question(np.random.default_rng(0))
>>> q.kind, q.numeric, q.solution.startswith("H(S)")
('entropy', True, True)
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..formatting import fmt_g
from .question import Question, Table

__all__ = [
    "MEASURE_TOLERANCE",
    "best_attribute_question",
    "entropy_question",
    "gain_ratio_question",
    "gini_split_question",
    "information_gain_question",
    "numeric_threshold_question",
    "one_r_question",
]

MEASURE_TOLERANCE = 0.002
"""Accepted error of a measure in bits (answers to 3 decimals, rounded either way)."""

_CLASSES = (("yes", "no"), ("pos", "neg"), ("buy", "skip"), ("A", "B", "C"))
_ATTRIBUTES = {
    "outlook": ("sunny", "overcast", "rain"),
    "humidity": ("high", "normal"),
    "wind": ("weak", "strong"),
    "size": ("small", "medium", "large"),
    "colour": ("red", "green", "blue"),
    "age": ("young", "old"),
}


def _counts_table(counts: np.ndarray, values, classes, first: str = "value") -> Table:
    header = (first, *classes)
    return Table(
        header, tuple((str(v), *(fmt_g(c) for c in row)) for v, row in zip(values, counts))
    )


def _split_counts(rng: np.random.Generator) -> tuple[np.ndarray, tuple, tuple, str]:
    attribute = str(rng.choice(list(_ATTRIBUTES)))
    values = _ATTRIBUTES[attribute]
    classes = _CLASSES[int(rng.integers(0, 3))]
    while True:
        counts = rng.integers(0, 8, size=(len(values), len(classes)))
        sums = counts.sum(axis=0)
        if (
            counts.sum(axis=1).min() > 0
            and (sums > 0).all()
            and len({tuple(r / r.sum()) for r in counts}) > 1
        ):
            return counts, values, classes, attribute


def entropy_question(rng: np.random.Generator) -> Question:
    """The entropy of a node's class counts (``dt.entropy``).

    Examples
    --------
    >>> import numpy as np, dtlearn as dt
    >>> q = entropy_question(np.random.default_rng(1))
    >>> abs(q.answer - float(dt.entropy(counts=q.data["counts"]))) < 1e-12
    True
    """
    from ..measures import entropy

    classes = _CLASSES[int(rng.integers(0, len(_CLASSES)))]
    counts = rng.integers(1, 13, size=len(classes))
    measure = entropy(counts=counts, classes=classes)
    return Question(
        "entropy",
        "Entropy of a node",
        "A node holds the instances counted below. Compute its entropy in bits (3 decimals).",
        (_counts_table(counts[None, :], ["count"], classes, "class"),),
        answer=float(measure),
        tolerance=MEASURE_TOLERANCE,
        solution=str(measure.explain()),
        data={"counts": counts.tolist(), "classes": list(classes)},
    )


def _split_question(rng: np.random.Generator, kind: str, title: str, what: str) -> Question:
    from ..measures import gain_ratio, gini_gain, information_gain

    function = {
        "information_gain": information_gain,
        "gain_ratio": gain_ratio,
        "gini_split": gini_gain,
    }[kind]
    while True:  # a score near 0 would be inside its own tolerance
        counts, values, classes, attribute = _split_counts(rng)
        # a named index names the attribute in the worked solution, as in the prompt
        measure = function(
            counts=counts, values=pd.Index(list(values), name=attribute), classes=classes
        )
        if float(measure) >= 0.03:
            break
    return Question(
        kind,
        title,
        f"Splitting a node on '{attribute}' gives the class counts below (one row per "
        f"value). Compute {what} (3 decimals).",
        (_counts_table(counts, values, classes, attribute),),
        answer=float(measure),
        tolerance=MEASURE_TOLERANCE,
        solution=str(measure.explain()),
        data={
            "counts": counts.tolist(),
            "values": list(values),
            "classes": list(classes),
            "attribute": attribute,
        },
    )


def information_gain_question(rng: np.random.Generator) -> Question:
    """The information gain of a split given as a count table (``dt.information_gain``).

    Examples
    --------
    >>> import numpy as np
    >>> information_gain_question(np.random.default_rng(2)).solution.splitlines()[0][:4]
    'H(S)'
    """
    return _split_question(
        rng, "information_gain", "Information gain", "the information gain of this split in bits"
    )


def gain_ratio_question(rng: np.random.Generator) -> Question:
    """C4.5's gain ratio of a split (``dt.gain_ratio``).

    Examples
    --------
    >>> import numpy as np
    >>> "GainRatio" in gain_ratio_question(np.random.default_rng(3)).solution
    True
    """
    return _split_question(
        rng, "gain_ratio", "Gain ratio", "the gain ratio (information gain / split information)"
    )


def gini_split_question(rng: np.random.Generator) -> Question:
    """The Gini gain of a split (``dt.gini_gain``).

    Examples
    --------
    >>> import numpy as np
    >>> "Gini gain" in gini_split_question(np.random.default_rng(4)).solution
    True
    """
    return _split_question(
        rng,
        "gini_split",
        "Gini index of a split",
        "the decrease in Gini index (Gini of the node minus the weighted Gini of the children)",
    )


def _nominal_data(rng: np.random.Generator, n_rows: int) -> tuple[pd.DataFrame, pd.Series]:
    names = [str(a) for a in rng.choice(list(_ATTRIBUTES), size=3, replace=False)]
    X = pd.DataFrame({a: rng.choice(_ATTRIBUTES[a], size=n_rows) for a in names})
    y = pd.Series(rng.choice(["yes", "no"], size=n_rows), name="class")
    return X, y


def _rows_table(X: pd.DataFrame, y: pd.Series) -> Table:
    return Table(
        ("#", *X.columns, str(y.name)),
        tuple(
            (
                str(i + 1),
                *(fmt_g(v) if isinstance(v, (int, float, np.number)) else str(v) for v in row),
                str(label),
            )
            for i, (row, label) in enumerate(zip(X.itertuples(index=False), y))
        ),
    )


def best_attribute_question(rng: np.random.Generator) -> Question:
    """Which attribute ID3 splits on first (``dt.split_table``); a multiple choice.

    Examples
    --------
    >>> import numpy as np
    >>> q = best_attribute_question(np.random.default_rng(5))
    >>> q.answer in q.choices, len(q.choices)
    (True, 3)
    """
    from ..grow import split_table

    while True:
        X, y = _nominal_data(rng, 10)
        if y.nunique() < 2 or X.nunique().min() < 2:  # a constant attribute: no split
            continue
        table = split_table(X, y)
        gains = sorted(
            (float(c.scores["information_gain"]), c.feature_name) for c in table.candidates
        )
        if gains[-1][0] - gains[-2][0] > 0.01:
            break
    best = gains[-1][1]
    return Question(
        "best_attribute",
        "The best attribute",
        "ID3 grows a tree on the 10 training rows below. On which attribute does it split "
        "the root?",
        (_rows_table(X, y),),
        answer=best,
        choices=tuple(X.columns),
        solution=str(table),
        data={"X": X.to_dict(orient="list"), "y": y.tolist()},
    )


def numeric_threshold_question(rng: np.random.Generator) -> Question:
    """The best threshold of a numeric attribute by information gain (``dt.split_table``).

    Examples
    --------
    >>> import numpy as np
    >>> q = numeric_threshold_question(np.random.default_rng(6))
    >>> q.numeric and "<=" in q.solution
    True
    """
    from ..grow import split_table

    while True:
        x = np.sort(rng.choice(np.arange(10, 60), size=8, replace=False))
        y = pd.Series(rng.choice(["yes", "no"], size=8), name="class")
        if y.nunique() < 2:
            continue
        X = pd.DataFrame({"temperature": x})
        table = split_table(X, y)
        best = table.candidates[0]
        cut = best.split.threshold
        others = _threshold_gains(x, y.to_numpy())
        top = sorted(others.values())
        if len(top) > 1 and top[-1] - top[-2] > 1e-9:
            break
    return Question(
        "numeric_threshold",
        "A numeric threshold",
        "The numeric attribute 'temperature' is split in two by a test temperature <= t. "
        "Of the thresholds half-way between neighbouring values, which one gives the "
        "largest information gain?",
        (_rows_table(X, y),),
        answer=float(cut),
        tolerance=0.01,
        solution=str(best.explain()),
        data={"x": x.tolist(), "y": y.tolist()},
    )


def _threshold_gains(x: np.ndarray, y: np.ndarray) -> dict[float, float]:
    from ..measures import information_gain

    out = {}
    for low, high in zip(x[:-1], x[1:]):
        t = (low + high) / 2
        out[t] = float(information_gain(np.where(x <= t, "le", "gt"), y))
    return out


def one_r_question(rng: np.random.Generator) -> Question:
    """The attribute 1-R chooses (``dt.OneR``); a multiple choice.

    Examples
    --------
    >>> import numpy as np
    >>> q = one_r_question(np.random.default_rng(7))
    >>> q.answer in q.choices and "errors" in q.solution
    True
    """
    from ..learners.baselines import OneR

    while True:
        X, y = _nominal_data(rng, 10)
        model = OneR().fit(X, y)
        errors = sorted(model.errors_.values())
        if y.nunique() == 2 and errors[1] > errors[0]:
            break
    lines = [
        "training errors of each attribute's rules: "
        + ", ".join(f"{a} {fmt_g(e)}/{len(y)}" for a, e in model.errors_.items()),
        f"fewest errors: {model.attribute_}",
        "its rules:",
        model.rule_text(),
    ]
    return Question(
        "one_r",
        "1-R's rule",
        "1-R makes one rule per attribute (each value predicts its majority class) and "
        "keeps the attribute whose rules make the fewest errors on the training rows "
        "below. Which attribute does it keep?",
        (_rows_table(X, y),),
        answer=model.attribute_,
        choices=tuple(X.columns),
        solution="\n".join(lines),
        data={"X": X.to_dict(orient="list"), "y": y.tolist()},
    )
