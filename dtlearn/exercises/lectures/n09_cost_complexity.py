"""Checks of the exercises in ``instructor/09_cost_complexity.ipynb``."""

from __future__ import annotations

from functools import lru_cache

from ..core import Case, CheckResult, compare_number, register


@lru_cache(maxsize=1)
def _path():
    """The notebook's path: scikit-learn's breast-cancer data, its default split, full CART."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.model_selection import train_test_split

    from ...learners import CARTClassifier
    from ...prune import cost_complexity_path

    X, y = load_breast_cancer(return_X_y=True)
    X_train, _, y_train, _ = train_test_split(X, y, random_state=0)
    return cost_complexity_path(CARTClassifier().fit(X_train, y_train)), len(y_train)


def _combine(results: list[CheckResult]) -> CheckResult:
    """One result from several answers: one case per answer, named by what it is."""
    cases = tuple(Case(r.name, c.passed, c.message) for r in results for c in r.cases)
    wrong = sum(not r.passed for r in results)
    if not wrong:
        return CheckResult("", "passed", f"all {len(results)} answers right", cases)
    return CheckResult("", "failed", f"{wrong} of {len(results)} answers not yet right", cases)


@register("09.1", title="The last collapse before the root")
def check_last_collapse(node, alpha):
    """Node and α of the second-to-last step of the path."""
    path, n = _path()
    step, last = path.steps[-2], path.steps[-1]
    return _combine([
        compare_number(node, step.node_id, what="the node collapsed", tol=0,
                       wrong={float(last.node_id): "the root is collapsed last; the question "
                                                   "asks for the collapse before it"}),
        compare_number(alpha, step.alpha, what="its alpha", tol=1e-6,
                       wrong={last.alpha: "that is the root's alpha, the last collapse",
                              step.alpha * n: "that is on the slides' scale; give scikit-learn's"}),
    ])


@register("09.2", title="The effective alpha of the root at step 1")
def check_alpha_root(alpha_root):
    """(r(t) - R(T_t)) / (|T_t| - 1) of the root, from step 1's candidates."""
    path, _ = _path()
    row = [c for c in path.steps[0].candidates if c[0] == 0][0]
    expected = (row[1] - row[2]) / (row[3] - 1)
    wrong = {(row[1] - row[2]) / row[3]: "divide by |T_t| − 1, the leaves saved, not by |T_t|",
             row[1] - row[2]: "divide by the number of leaves saved, |T_t| − 1",
             path.steps[-1].alpha: "that is the root's alpha at the end of the path, when it has "
                                   "2 leaves; use step 1's table"}
    return compare_number(alpha_root, expected, what="the effective alpha of the root",
                          tol=1e-6, wrong=wrong)


@register("09.3", title="Alpha on the HSE slides' scale")
def check_alpha_slides(alpha_slides):
    """The last step's α times the number of training rows."""
    path, n = _path()
    expected = path.steps[-1].alpha * n
    wrong = {path.steps[-1].alpha: "that is scikit-learn's scale (risks as shares of the rows); "
                                   "the slides count rows",
             path.steps[-1].alpha / n: "multiply by N, do not divide"}
    return compare_number(alpha_slides, expected, what="the root's alpha on the slides' scale",
                          tol=1e-3, wrong=wrong)
