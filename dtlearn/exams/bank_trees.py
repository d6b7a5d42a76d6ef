"""Exam questions on grown trees: pruning decisions, error estimates, missing values, costs.

Each function takes a :class:`numpy.random.Generator` and returns a
:class:`~dtlearn.exams.question.Question` whose answer and worked solution come from the
library (``dt.reduced_error_prune(...).steps``, ``dt.pessimistic_errors(...).explain()``,
``dt.cost_complexity_path(...).steps``, ``dt.C45Classifier``'s split explanation, a
cost-sensitive ``dt.CARTClassifier``). Trees are drawn with
:func:`dtlearn.drawing.layout.tree_svg` (no matplotlib).

Examples
--------
>>> import numpy as np
>>> q = pessimistic_question(np.random.default_rng(0))
>>> q.kind, q.solution.startswith("pessimistic errors")
('pessimistic', True)
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..formatting import fmt_g
from .question import Question, Table

__all__ = [
    "cost_leaf_question",
    "missing_values_question",
    "node_table",
    "pessimistic_question",
    "reduced_error_question",
    "tree_picture",
    "weakest_link_question",
]


def tree_picture(tree) -> str:
    """A tree as an SVG picture (the static drawing of the tree views).

    Examples
    --------
    >>> import dtlearn as dt
    >>> tree_picture(dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_)[:4]
    '<svg'
    """
    from ..drawing.layout import tree_svg, tree_view_data

    return tree_svg(tree_view_data(tree, explain=False))


def node_table(tree) -> Table:
    """Every node of a tree: id, the path's last test, class counts, leaf or not.

    Examples
    --------
    >>> import dtlearn as dt
    >>> node_table(dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_).rows[0][:2]
    ('0', '(root)')
    """
    classes = [str(c) for c in tree.classes]
    rows, tests = [], {0: "(root)"}
    for node in tree.nodes():
        if node.split is not None:
            for child, condition in zip(node.children, node.split.conditions(tree.schema)):
                tests[child.node_id] = condition
        rows.append(
            (
                str(node.node_id),
                tests.get(node.node_id, ""),
                *(fmt_g(c) for c in node.counts),
                "leaf" if node.is_leaf else "test",
            )
        )
    return Table(
        ("node", "test on the way", *classes, "leaf or test"),
        tuple(rows),
        "training class counts at each node",
    )


def _random_numeric(rng: np.random.Generator, n: int) -> tuple[pd.DataFrame, pd.Series]:
    X = pd.DataFrame({"x1": rng.integers(1, 30, n), "x2": rng.integers(1, 30, n)})
    y = pd.Series(rng.choice(["a", "b"], n), name="class")
    return X, y


def reduced_error_question(rng: np.random.Generator) -> Question:
    """Whether reduced-error pruning replaces the first subtree it visits by a leaf.

    Examples
    --------
    >>> import numpy as np
    >>> q = reduced_error_question(np.random.default_rng(1))
    >>> q.answer in ("prune", "keep"), q.picture.startswith("<svg")
    (True, True)
    """
    from ..learners.tree_learner import CARTClassifier
    from ..pruning.reduced_error import reduced_error_prune

    while True:
        X, y = _random_numeric(rng, 12)
        Xv, yv = _random_numeric(rng, 6)
        tree = CARTClassifier(max_depth=3).fit(X, y).tree_
        if tree.n_leaves < 3:
            continue
        steps = reduced_error_prune(tree, Xv, yv).steps
        if steps and steps[0].n_reaching > 0:
            step = steps[0]
            break
    answer = "prune" if step.pruned else "keep"
    return Question(
        "reduced_error",
        "A reduced-error pruning decision",
        f"The tree below was grown on training rows (counts at each node in the table). "
        f"Reduced-error pruning visits node {step.node_id} first (reached by "
        f"{' AND '.join(step.path) or 'the root'}). Using the validation rows, "
        f"does it replace that node's subtree by a leaf predicting the node's training "
        f"majority? (Prune when the validation errors do not increase.)",
        (
            node_table(tree),
            Table(
                ("#", "x1", "x2", "class"),
                tuple(
                    (str(i + 1), str(a), str(b), str(c))
                    for i, (a, b, c) in enumerate(zip(Xv["x1"], Xv["x2"], yv))
                ),
                "validation rows",
            ),
        ),
        answer=answer,
        choices=("prune", "keep"),
        solution=str(step.explain()),
        picture=tree_picture(tree),
        data={
            "X": X.to_dict(orient="list"),
            "y": y.tolist(),
            "X_val": Xv.to_dict(orient="list"),
            "y_val": yv.tolist(),
            "node": int(step.node_id),
            "subtree_errors": int(step.subtree_errors),
            "leaf_errors": int(step.leaf_errors),
        },
    )


def pessimistic_question(rng: np.random.Generator) -> Question:
    """C4.5's pessimistic error estimate of a leaf (``dt.pessimistic_errors``).

    Examples
    --------
    >>> import numpy as np, dtlearn as dt
    >>> q = pessimistic_question(np.random.default_rng(2))
    >>> n, e = q.data["n"], q.data["e"]
    >>> abs(q.answer - (e + float(dt.pessimistic_errors(n, e)))) < 1e-12
    True
    """
    from ..pruning.pessimistic import pessimistic_errors

    n = int(rng.integers(6, 41))
    e = int(rng.integers(1, max(2, n // 3)))
    measure = pessimistic_errors(n, e, 0.25)
    return Question(
        "pessimistic",
        "A pessimistic error estimate",
        f"A C4.5 leaf holds N = {n} training instances, E = {e} of them misclassified. "
        f"With confidence CF = 0.25 (z = 0.6745), how many errors does C4.5 predict for "
        f"this leaf (N times the upper confidence limit U)? Answer to 2 decimals.",
        answer=float(e + measure),
        tolerance=0.01,
        solution=str(measure.explain()),
        data={"n": n, "e": e, "confidence": 0.25},
    )


def weakest_link_question(rng: np.random.Generator) -> Question:
    """The effective α of the next weakest link (``dt.cost_complexity_path``).

    Examples
    --------
    >>> import numpy as np
    >>> q = weakest_link_question(np.random.default_rng(3))
    >>> "weakest link" in q.solution
    True
    """
    from ..learners.tree_learner import CARTClassifier
    from ..pruning.cost_complexity import cost_complexity_path

    while True:
        X, y = _random_numeric(rng, 10)
        tree = CARTClassifier(max_depth=3).fit(X, y).tree_
        if not 3 <= tree.n_leaves <= 6:
            continue
        steps = cost_complexity_path(tree).steps  # the first collapse, after any at α = 0
        if steps:
            step = steps[0]
            break
    return Question(
        "weakest_link",
        "The next weakest link",
        f"Cost-complexity pruning of the CART tree below (N = {len(y)} training rows; as in "
        f"scikit-learn, the risk of a node is its Gini index weighted by its share of the "
        f"rows, R(t) = n_t/N · Gini(t), and R(T_t) sums it over the leaves of t's subtree). "
        f"Which α does the first weakest link have, α_eff(t) = (R(t) − R(T_t)) / "
        f"(|leaves of T_t| − 1), smallest over the inner nodes? Answer to 4 decimals.",
        (node_table(tree),),
        answer=float(step.alpha),
        tolerance=0.0005,
        solution=str(step.explain()),
        picture=tree_picture(tree),
        data={"X": X.to_dict(orient="list"), "y": y.tolist(), "node": int(step.node_id)},
    )


def missing_values_question(rng: np.random.Generator) -> Question:
    """Fractional counts: C4.5 sends a row with a missing value down every branch.

    Examples
    --------
    >>> import numpy as np
    >>> q = missing_values_question(np.random.default_rng(4))
    >>> q.numeric and "known fraction" in q.solution
    True
    """
    from ..learners.c45 import C45Classifier

    while True:
        n = 10
        values = rng.choice(["high", "low"], n).astype(object)
        missing = rng.choice(n, size=int(rng.integers(2, 4)), replace=False)
        values[missing] = None
        y = pd.Series(rng.choice(["yes", "no"], n), name="class")
        X = pd.DataFrame({"pressure": values})
        model = C45Classifier(min_samples_leaf=1).fit(X, y)
        tree = model.tree_
        if tree.root.split is None or y.nunique() < 2:
            continue
        branch = int(rng.integers(0, len(tree.root.children)))
        child = tree.root.children[branch]
        klass = int(rng.integers(0, len(tree.classes)))
        if float(child.counts[klass]) != int(child.counts[klass]):
            break
    condition = tree.root.split.conditions(tree.schema)[branch]
    label = str(tree.classes[klass])
    step = model.steps_[0]
    return Question(
        "missing_values",
        "Fractional counts with missing values",
        f"C4.5 splits the rows below on 'pressure' ('?' = missing). A row whose value is "
        f"missing goes down every branch with a weight equal to that branch's share of the "
        f"rows whose value is known. How many instances of class '{label}' (a fractional "
        f"count) reach the branch {condition}? Answer to 2 decimals.",
        (
            Table(
                ("#", "pressure", "class"),
                tuple(
                    (str(i + 1), "?" if v is None else str(v), str(c))
                    for i, (v, c) in enumerate(zip(values, y))
                ),
            ),
        ),
        answer=float(child.counts[klass]),
        tolerance=0.01,
        solution=str(step.chosen.explain())
        + "\n"
        + "\n".join(
            f"branch {c}: "
            + ", ".join(
                f"{k} {fmt_g(round(float(v), 4))}" for k, v in zip(tree.classes, node.counts)
            )
            for c, node in zip(tree.root.split.conditions(tree.schema), tree.root.children)
        ),
        data={
            "values": [None if v is None else str(v) for v in values],
            "y": y.tolist(),
            "branch_value": str(condition).split("=")[-1].strip(),
            "class": label,
        },
    )


def cost_leaf_question(rng: np.random.Generator) -> Question:
    """The label of least expected cost at a leaf (a cost-sensitive ``dt.CARTClassifier``).

    Examples
    --------
    >>> import numpy as np
    >>> q = cost_leaf_question(np.random.default_rng(5))
    >>> q.answer in q.choices
    True
    """
    from ..learners.tree_learner import CARTClassifier

    classes = ("healthy", "ill")
    while True:
        counts = rng.integers(1, 15, size=2)
        cost = np.array([[0, int(rng.integers(1, 4))], [int(rng.integers(2, 12)), 0]])
        expected = counts @ cost / counts.sum()
        majority = classes[int(np.argmax(counts))]
        if abs(expected[0] - expected[1]) > 1e-9 and (
            rng.random() < 0.3 or classes[int(np.argmin(expected))] != majority
        ):
            break
    y = pd.Series(np.repeat(classes, counts), name="class")
    X = pd.DataFrame({"x": np.zeros(len(y))})
    model = CARTClassifier(max_depth=1, cost_matrix=cost).fit(X, y)
    label = str(model.predict(X.iloc[:1])[0])
    lines = [
        f"class counts at the leaf: {classes[0]} {counts[0]}, {classes[1]} {counts[1]} "
        f"(p = {fmt_g(counts[0] / counts.sum(), 4)}, {fmt_g(counts[1] / counts.sum(), 4)})"
    ]
    for j, name in enumerate(classes):
        terms = " + ".join(f"{fmt_g(counts[i] / counts.sum(), 4)}·{cost[i, j]}" for i in range(2))
        lines.append(f"expected cost of predicting {name} = {terms} = {fmt_g(expected[j], 4)}")
    lines.append(
        f"least expected cost: {label} (dt.CARTClassifier(cost_matrix=...) predicts "
        f"{label}; the majority class is {majority})"
    )
    return Question(
        "cost_leaf",
        "A cost-sensitive leaf label",
        "A leaf holds the training instances counted below. Predicting 'healthy' for an ill "
        "patient and 'ill' for a healthy one cost as in the cost matrix (row: true class, "
        "column: predicted). Which label gives the least expected cost?",
        (
            Table(("class", "count"), tuple((c, str(n)) for c, n in zip(classes, counts))),
            Table(
                ("true \\ predicted", *classes),
                tuple((c, *(str(v) for v in row)) for c, row in zip(classes, cost)),
                "cost matrix",
            ),
        ),
        answer=label,
        choices=classes,
        solution="\n".join(lines),
        data={"counts": counts.tolist(), "cost": cost.tolist(), "classes": list(classes)},
    )
