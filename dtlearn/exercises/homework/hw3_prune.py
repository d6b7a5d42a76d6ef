"""Homework 3's check: the student's ``reduced_error_prune(tree, X_val, y_val)``.

The rule: visit the inner nodes bottom-up (children before parents) and replace a node by
a leaf whenever that does not increase the validation errors. A :class:`PruningSimulator`
replays the plausible wrong variants (``<`` instead of ``<=``, top-down, best-first,
training counts) so that a wrong tree gets the hint of the variant it matches.

Examples
--------
>>> check_reduced_error_prune(lambda tree, X, y: tree).passed  # not pruned at all
False
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from ...formatting import plural
from ..library_guard import LibraryGuard
from ..results import CheckResult
from .forbidden_calls import PRUNE_RULE
from .trial_grading import Trial, grade, sealed, task

__all__ = ["PruningSimulator", "check_reduced_error_prune", "prune_cases"]


def _errors(tree: Any, X: pd.DataFrame, y: pd.Series) -> int:
    predicted = tree.predict(X)
    return int((np.asarray(predicted, dtype=object) != np.asarray(y, dtype=object)).sum())


def _split(
    label: str, loader: Callable, seed: int, complete: bool = False
) -> tuple[str, Any, pd.DataFrame, pd.Series]:
    from ...learners.tree_learner import ID3Classifier

    X, y = loader()
    if complete:
        keep = X.notna().all(axis=1).to_numpy()
        X, y = X[keep].reset_index(drop=True), y[keep].reset_index(drop=True)
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(y))
    n_train, n_val = int(0.5 * len(y)), int(0.25 * len(y))
    train, val = order[:n_train], order[n_train : n_train + n_val]
    model = ID3Classifier().fit(X.iloc[train], y.iloc[train])
    return (
        label,
        model.tree_,
        X.iloc[val].reset_index(drop=True),
        y.iloc[val].reset_index(drop=True),
    )


def prune_cases(part: str, seed: int) -> list[tuple[str, Any, pd.DataFrame, pd.Series]]:
    """The cases of one part: ``(label, ID3 tree, X_val, y_val)``, grown once per seed.

    Parameters
    ----------
    part : str
        ``"valid"`` or ``"course"`` (tic-tac-toe and car), ``"hidden"`` (breast cancer,
        car and vote, split with the hidden seed).
    seed : int
        The seed of the train / validation split.

    Returns
    -------
    list of tuple
        Fresh copies of the trees: a student's function may change its input.

    Examples
    --------
    >>> [label for label, *_ in prune_cases("course", 0)]
    ['tic-tac-toe', 'car']
    """
    return [(label, tree.copy(), X, y) for label, tree, X, y in _grown(part, seed)]


@functools.lru_cache(maxsize=8)
def _grown(part: str, seed: int) -> tuple[tuple[str, Any, pd.DataFrame, pd.Series], ...]:
    from ...datasets import load_breast_cancer_ljubljana, load_car, load_tic_tac_toe, load_vote

    if part in ("valid", "course"):
        return (_split("tic-tac-toe", load_tic_tac_toe, seed), _split("car", load_car, seed))
    if part == "fresh":  # a further split, drawn when graded (sealed)
        return (_split("tic-tac-toe", load_tic_tac_toe, seed),)
    hidden = seed
    return (
        _split("breast cancer", load_breast_cancer_ljubljana, hidden, complete=True),
        _split("car", load_car, hidden),
        _split("vote", load_vote, hidden, complete=True),
    )


class PruningSimulator:
    """Validation errors of every node as a leaf, for simulating pruning variants fast.

    Each variant returns the ids of the nodes it keeps, so a student's pruned tree can be
    matched with the variant it follows.

    Parameters
    ----------
    tree : Tree
        The unpruned tree.
    X_val, y_val : pandas.DataFrame, pandas.Series
        The validation data.

    Attributes
    ----------
    leaf : dict
        Node id to the validation errors the node makes as a leaf.
    postorder : list of int
        The inner nodes, children before parents (the order the homework visits them).

    Examples
    --------
    >>> label, tree, X_val, y_val = prune_cases("course", 0)[0]
    >>> sim = PruningSimulator(tree, X_val, y_val)
    >>> sim.bottom_up() <= frozenset(sim.nodes)
    True
    """

    def __init__(self, tree: Any, X_val: pd.DataFrame, y_val: pd.Series) -> None:
        from ...pruning.tree_access import rows_reaching, validation_arrays

        Xe, codes = validation_arrays(tree, X_val, y_val)
        reach = rows_reaching(tree, Xe)
        self.tree = tree
        self.nodes = {n.node_id: n for n in tree.nodes()}
        self.leaf = {
            i: int((reach[i] & (codes != n.predicted_index)).sum()) for i, n in self.nodes.items()
        }
        self.stopped = {}
        for i, n in self.nodes.items():
            below = np.zeros_like(reach[i])
            for c in n.children:
                below |= reach[c.node_id]
            self.stopped[i] = int((reach[i] & ~below & (codes != n.predicted_index)).sum())
        self.train = {i: float(n.errors) for i, n in self.nodes.items()}
        self.preorder = [n.node_id for n in tree.nodes() if not n.is_leaf]
        from ...pruning.tree_access import inner_nodes_bottom_up

        self.postorder = [n.node_id for n in inner_nodes_bottom_up(tree)]

    def subtree(self, i: int, cut: set, leaf: dict | None = None) -> float:
        """The errors of node ``i``'s subtree once the nodes in ``cut`` are leaves."""
        leaf = self.leaf if leaf is None else leaf
        node = self.nodes[i]
        if node.is_leaf or i in cut:
            return leaf[i]
        extra = self.stopped[i] if leaf is self.leaf else 0
        return extra + sum(self.subtree(c.node_id, cut, leaf) for c in node.children)

    def kept(self, cut: set) -> frozenset:
        """The ids of the nodes left when the nodes in ``cut`` become leaves."""
        out, stack = set(), [self.tree.root]
        while stack:
            node = stack.pop()
            out.add(node.node_id)
            if node.node_id not in cut:
                stack.extend(node.children)
        return frozenset(out)

    def bottom_up(self, strict: bool = False, leaf: dict | None = None) -> frozenset:
        """One pass children before parents; ``strict`` prunes only when errors drop."""
        leaf = self.leaf if leaf is None else leaf
        cut: set = set()
        for i in self.postorder:
            a, b = leaf[i], self.subtree(i, cut, leaf)
            if a < b or (not strict and a == b):
                cut.add(i)
        return self.kept(cut)

    def against_unpruned(self) -> frozenset:
        """Each node judged against its *unpruned* subtree (not the one pruned below it)."""
        return self.kept({i for i in self.postorder if self.leaf[i] <= self.subtree(i, set())})

    def top_down(self) -> frozenset:
        """Parents tried before their children, repeated until nothing changes."""
        cut: set = set()
        changed = True
        while changed:
            changed = False
            kept = self.kept(cut)
            for i in self.preorder:
                if i in kept and i not in cut and self.leaf[i] <= self.subtree(i, cut):
                    cut.add(i)
                    kept = self.kept(cut)
                    changed = True
        return self.kept(cut)

    def best_first(self) -> frozenset:
        """Mitchell's variant: prune the node that helps most, repeat."""
        cut: set = set()
        while True:
            kept = self.kept(cut)
            gains = [
                (self.subtree(i, cut) - self.leaf[i], -k)
                for k, i in enumerate(self.preorder)
                if i in kept and i not in cut
            ]
            gains = [g for g in gains if g[0] >= 0]
            if not gains:
                return kept
            cut.add(self.preorder[-max(gains)[1]])


def _variant_hint(sim: PruningSimulator, mine: frozenset, reference: frozenset) -> str:
    if mine == frozenset(sim.nodes):
        return "nothing was pruned: replace a node by a leaf whenever the errors do not go up"
    variants = (
        (
            sim.bottom_up(strict=True),
            "nodes where the leaf makes exactly as many validation "
            "errors as the subtree were kept: the rule is 'does not increase' (<=), so a tie "
            "prunes and the smaller tree wins",
        ),
        (
            sim.against_unpruned(),
            "each node was compared with its unpruned subtree: "
            "compare it with the subtree as already pruned below it (children first, then the "
            "parent judged on the pruned tree)",
        ),
        (
            sim.top_down(),
            "that is top-down pruning (parents tried before their children): "
            "visit the inner nodes bottom-up, children before parents",
        ),
        (
            sim.best_first(),
            "that is best-first pruning (Mitchell: prune the best node, "
            "repeat); the homework asks for one bottom-up pass, children before parents",
        ),
        (
            sim.bottom_up(leaf=sim.train),
            "the decisions were judged on the training counts: count errors on (X_val, y_val)",
        ),
    )
    matches = [text for result, text in variants if result == mine and result != reference]
    if len(matches) > 1:  # the variants agree on this tree: name each, do not guess
        return "two mistakes give this tree: " + "; or ".join(matches)
    if matches:
        return matches[0]
    # the first node (bottom-up) of both trees that is a leaf in one and kept in the other;
    # a node only one tree has lies below such a node (the root is in both), so it is skipped
    for i in sim.postorder:
        if i in mine and i in reference and _is_cut(sim, i, mine) != _is_cut(sim, i, reference):
            node = sim.nodes[i]
            pruned_here = _is_cut(sim, i, reference)
            return (
                f"node {i} (depth {node.depth}) is {'a leaf' if pruned_here else 'kept'} "
                f"in the bottom-up result but {'kept' if pruned_here else 'a leaf'} in "
                f"yours: as a leaf it makes {plural(sim.leaf[i], 'validation error')}"
            )
    return "not the bottom-up result"


def _is_cut(sim: PruningSimulator, i: int, kept: frozenset) -> bool:
    node = sim.nodes[i]
    return i in kept and not node.is_leaf and not any(c.node_id in kept for c in node.children)


def check_reduced_error_prune(
    fn: Callable,
    *,
    part: str = "all",
    seed: int | None = None,
    secret: str | None = None,
    which: str = "all",
) -> CheckResult:
    """Check a student's ``reduced_error_prune(tree, X_val, y_val)`` returning a pruned Tree.

    The rule (stated in homework 3): visit the inner nodes bottom-up (children before
    parents) and replace a node by a leaf whenever that does not increase the validation
    errors (``<=``). Cases: ID3 trees grown on half of tic-tac-toe and of car evaluation
    (split with ``seed``), pruned with another quarter. Parts (``part=``):

    - ``"valid"``: the result is a :class:`dtlearn.tree.Tree` obtained from the input by
      turning inner nodes into leaves (``tree.with_leaves_at``), the input is unchanged,
      the validation errors did not go up, and no remaining inner node would lower them as
      a leaf (top-down pruning or ``<`` pass this part; no pruning at all does not);
    - ``"course"``: the result is exactly the bottom-up one (node for node); otherwise the
      hint names the variant it matches (``<`` instead of ``<=``, top-down, best-first,
      training counts) or the first node decided differently;
    - ``"hidden"``: as "course" on breast cancer, car and vote split with the hidden seed.

    ``"all"`` runs "course".

    Forbidden while the function runs (see :data:`PRUNE_RULE`): ``dt.reduced_error_prune``
    and every pruner (``dtlearn.pruning.reduced_error``, ``dtlearn.pruning.pessimistic``, ``dtlearn.pruning.rule_post_pruning``).
    Allowed: the ``Tree`` methods (``nodes``, ``node``, ``with_leaves_at``, ``copy``,
    ``predict``, ``apply``, ``decision_path``), learners and measures, numpy, pandas.

    Examples
    --------
    >>> check_reduced_error_prune(lambda tree, X, y: tree).passed  # not pruned at all
    False
    """
    job = task(
        "check_reduced_error_prune",
        fn,
        part,
        ("valid", "course", "hidden"),
        seed,
        default_name="reduced_error_prune",
        everything=("course",),
        secret=secret,
        which=which,
    )

    def trials(group: str):
        def make(label: str, tree: Any, X_val: pd.DataFrame, y_val: pd.Series) -> Trial:
            return Trial(
                f"{job.name}(<ID3 tree on {label}: {tree.n_nodes} nodes>, X_val, y_val)",
                (tree, X_val.copy(), y_val.copy()),
                _pruned_tree_judge(job.name, group, tree, X_val, y_val),
            )

        for case in prune_cases(group, job.seed_for(group)) if job.shows(group) else ():
            yield make(*case)
        if job.seals(group):
            yield from sealed(make(*case) for case in prune_cases("fresh", job.fresh))

    return grade(job, fn, LibraryGuard(PRUNE_RULE), trials)


def _pruned_tree_judge(
    name: str, group: str, tree: Any, X_val: pd.DataFrame, y_val: pd.Series
) -> Callable[[Any], tuple[bool, str]]:
    """The judge of one pruning call; it notes the tree before the student's code runs."""
    from ...pruning.reduced_error import reduced_error_prune
    from ...tree import Tree

    before_json = tree.to_json()
    pristine = tree.copy()
    before = _errors(tree, X_val, y_val)

    def judge(result: Any) -> tuple[bool, str]:
        original_tree = tree
        if hasattr(result, "tree_"):
            result = result.tree_
        if not isinstance(result, Tree):
            kind = (
                "None — did you forget `return`?"
                if result is None
                else f"a {type(result).__name__}"
            )
            return False, (
                f"{name} returned {kind}; return the pruned Tree (tree.with_leaves_at([...]))"
            )
        problems = []
        if original_tree.to_json() != before_json or result.__dict__.get("_dtlearn_input_changed"):
            problems.append(
                "the input tree was changed — prune a copy (with_leaves_at returns one)"
            )
            original_tree = pristine
        original = {n.node_id: n for n in original_tree.nodes()}
        kept = list(result.nodes())
        if any(
            n.node_id not in original or (not n.is_leaf and original[n.node_id].is_leaf)
            for n in kept
        ):
            problems.append(
                "the result is not the input tree with some subtrees turned into leaves"
            )
        after = _errors(result, X_val, y_val)
        if after > before:
            problems.append(f"validation errors went up from {before} to {after}")
        if not problems and group == "valid":
            sim = PruningSimulator(original_tree, X_val, y_val)
            cut = {n.node_id for n in kept if n.is_leaf and not original[n.node_id].is_leaf}
            better = next(
                (
                    n.node_id
                    for n in kept
                    if not n.is_leaf and sim.leaf[n.node_id] < sim.subtree(n.node_id, cut)
                ),
                None,
            )
            if better is not None:
                problems.append(
                    f"not finished: turning node {better} into a leaf would "
                    f"lower the validation errors ({after})"
                )
        if not problems and group != "valid":
            reference = reduced_error_prune(original_tree, X_val, y_val).tree
            want = frozenset(n.node_id for n in reference.nodes())
            mine = frozenset(n.node_id for n in kept)
            if mine != want:
                sim = PruningSimulator(original_tree, X_val, y_val)
                problems.append(
                    f"{original_tree.n_leaves} → {result.n_leaves} leaves, "
                    f"validation errors {before} → {after}, but not the "
                    f"bottom-up result: {_variant_hint(sim, mine, want)}"
                )
        if problems:
            return False, "; ".join(problems)
        return True, (
            f"{original_tree.n_leaves} → {result.n_leaves} leaves, validation "
            f"errors {before} → {after}"
        )

    return judge
