"""Grading at its boundaries: a budget spent to exactly 0, the hidden seed only with a
secret and the hidden group, the similarity page's code lines, and reduced-error pruning
variants on ties (a node whose leaf errors equal its unpruned subtree's)."""

import numpy as np
import pytest

from dtlearn.exercises.homework.hw3_prune import PruningSimulator, _variant_hint, prune_cases
from dtlearn.exercises.homework.jail_client import Budget, Jail
from dtlearn.exercises.homework.similarity_html import _code_html
from dtlearn.exercises.homework.trial_grading import hidden_seed, task


class SpentBudget(Budget):
    """A budget with exactly 0 seconds left: spent, not yet overdrawn."""

    def left(self) -> float:
        return 0.0


def test_a_budget_with_exactly_zero_seconds_left_starts_no_child(monkeypatch):
    jail = Jail(["def f(x):\n    return x\n"], [], budget=SpentBudget(10))

    def refuse():
        raise AssertionError("a spent budget must not start a child")

    monkeypatch.setattr(jail, "start", refuse)
    assert jail.call("f", (1,)) == {"kind": "ended", "why": "budget\tf"}
    jail.whole.ran_out_in = "g"
    assert jail.call("f", (1,)) == {"kind": "ended", "why": "budget\tg"}
    assert jail.starts == 0


def test_a_grade_cells_time_that_ends_now_is_over(monkeypatch):
    import time

    jail = Jail(["def f(x):\n    return x\n"], [], budget=Budget(60))
    monkeypatch.setattr(jail, "start", lambda: pytest.fail("no child after the cell's time"))
    now = time.monotonic()
    monkeypatch.setattr(time, "monotonic", lambda: now)
    jail._deadline = now
    jail.hung = "g"
    assert jail.call("f", (1,)) == {
        "kind": "ended",
        "why": "timeout\tover the grade cell's time\tg",
    }


def test_the_hidden_seed_needs_a_secret_and_the_hidden_group(monkeypatch):
    monkeypatch.delenv("DTLEARN_GRADING_SECRET", raising=False)
    groups = ("bits", "hidden")
    # no secret anywhere: the hidden group is "graded later", no seed is drawn
    assert task("c", len, "hidden", groups, 3, default_name="f").hidden is None
    # a secret, but the hidden group is not run: still no hidden seed
    assert task("c", len, "bits", groups, 3, default_name="f", secret="s").hidden is None
    assert task("c", len, "all", groups, 3, default_name="f", secret="s").hidden is None
    job = task("c", len, "hidden", groups, 3, default_name="f", secret="s")
    assert job.hidden == hidden_seed(3, "s") and job.groups == ("hidden",)
    import hashlib

    digest = hashlib.sha256(b"dtlearn hidden cases\0s\x003").digest()
    assert job.hidden == int.from_bytes(digest[:4], "big") % 2**31
    # the secret from the environment counts as well (a grader's machine)
    monkeypatch.setenv("DTLEARN_GRADING_SECRET", " t ")
    job = task("c", len, "hidden", groups, 5, default_name="f")
    assert job.hidden == hidden_seed(5, "t") and job.fresh is None
    graded = task("c", len, "bits", groups, 5, default_name="f", secret="t")
    assert graded.fresh == hidden_seed(5, "fresh\0t") and graded.hidden is None


def test_code_lines_in_the_similarity_page():
    text = "a = 1\n\nif a < 2:\n    b = a & 1\n"
    assert _code_html(text, [0, 3]) == (
        '<span class="hit">a = 1</span> \nif a &lt; 2:\n<span class="hit">    b = a &amp; 1</span>'
    )
    # an empty line keeps its place with one space, highlighted or not
    assert _code_html("x\n\ny", [1]) == 'x\n<span class="hit"> </span>y\n'
    assert _code_html("", []) == ""


def test_the_similarity_page_shows_each_pairs_code():
    from dtlearn.exercises.homework.similarity import compare
    from dtlearn.exercises.homework.similarity_html import NEVER_A_VERDICT, report_html

    code = "def f(counts):\n    total = sum(counts)\n    return total * 2\n"
    page = report_html(compare({"ann": [code], "bob": [code]}))
    assert page.index(NEVER_A_VERDICT) < page.index("<table class='rank'>")
    assert "total = sum(counts)" in page and "return total * 2" in page
    assert page.count("<div class='pair'") == 1
    assert NEVER_A_VERDICT.startswith("This report ranks pairs of code by how much they share")
    assert "and a copy can be rewritten until it shares little." in NEVER_A_VERDICT


# ---------------------------------------------------------------- pruning on ties
def _errors(tree, X, y):
    if len(X) == 0:
        return 0
    return int((np.asarray(tree.predict(X)) != np.asarray(y)).sum())


def _reaching(tree, X, node_id):
    """The rows of X whose path passes through node_id (a leaf there catches them)."""
    return tree.with_leaves_at([node_id]).apply(X) == node_id


@pytest.fixture(scope="module")
def tic_tac_toe():
    label, tree, X_val, y_val = prune_cases("course", 0)[0]
    assert label == "tic-tac-toe"
    return tree, X_val, y_val, PruningSimulator(tree, X_val, y_val)


def test_leaf_and_unpruned_subtree_errors_agree_with_predictions(tic_tac_toe):
    tree, X_val, y_val, sim = tic_tac_toe
    ties = 0
    for i in sim.postorder:
        rows = _reaching(tree, X_val, i)
        as_leaf = _errors(tree.with_leaves_at([i]), X_val[rows], y_val[rows])
        unpruned = _errors(tree, X_val[rows], y_val[rows])
        assert sim.leaf[i] == as_leaf and sim.subtree(i, set()) == unpruned, i
        ties += as_leaf == unpruned
    assert ties > 0


def _bottom_up(tree, X, y, sim, strict):
    """One pass children first, each node judged on the tree as pruned so far."""
    cut = []
    for i in sim.postorder:
        current = tree.with_leaves_at(cut) if cut else tree
        if i not in {n.node_id for n in current.nodes()}:
            continue
        rows = _reaching(current, X, i)
        leaf = _errors(current.with_leaves_at([i]), X[rows], y[rows])
        kept = _errors(current, X[rows], y[rows])
        if leaf < kept or (not strict and leaf == kept):
            cut.append(i)
    pruned = tree.with_leaves_at(cut) if cut else tree
    return frozenset(n.node_id for n in pruned.nodes())


def test_a_tie_prunes_and_the_strict_rule_keeps_it(tic_tac_toe):
    tree, X_val, y_val, sim = tic_tac_toe
    assert sim.bottom_up() == _bottom_up(tree, X_val, y_val, sim, strict=False)
    strict = sim.bottom_up(strict=True)
    assert strict == _bottom_up(tree, X_val, y_val, sim, strict=True)
    assert strict != sim.bottom_up() and len(strict) > len(sim.bottom_up())


def test_against_the_unpruned_subtree_a_tie_prunes(tic_tac_toe):
    tree, X_val, y_val, sim = tic_tac_toe
    cut = []
    for i in sim.postorder:
        rows = _reaching(tree, X_val, i)
        if _errors(tree.with_leaves_at([i]), X_val[rows], y_val[rows]) <= _errors(
            tree, X_val[rows], y_val[rows]
        ):
            cut.append(i)
    want = frozenset(n.node_id for n in tree.with_leaves_at(cut).nodes())
    assert sim.against_unpruned() == want


def test_an_answer_left_as_the_unpruned_tree_is_told_nothing_was_pruned(tic_tac_toe):
    tree, _, _, sim = tic_tac_toe
    assert _variant_hint(sim, frozenset(sim.nodes), sim.bottom_up()) == (
        "nothing was pruned: replace a node by a leaf whenever the errors do not go up"
    )


def test_training_count_subtrees_sum_their_leaves_training_errors(tic_tac_toe):
    tree, _, _, sim = tic_tac_toe

    def leaf_errors(node):
        if node.is_leaf:
            return float(node.errors)
        return sum(leaf_errors(c) for c in node.children)

    for i in sim.postorder:
        assert sim.train[i] == float(sim.nodes[i].errors)
        assert sim.subtree(i, set(), sim.train) == pytest.approx(leaf_errors(sim.nodes[i])), i
    # one bottom-up pass judged on training counts: a node is cut when its own training
    # errors do not exceed those of its leaves as pruned so far
    cut = set()

    def current(node):
        if node.is_leaf or node.node_id in cut:
            return float(node.errors)
        return sum(current(c) for c in node.children)

    for i in sim.postorder:
        if float(sim.nodes[i].errors) <= current(sim.nodes[i]):
            cut.add(i)
    assert sim.bottom_up(leaf=sim.train) == sim.kept(cut)
    assert sim.kept(cut) == frozenset(n.node_id for n in tree.with_leaves_at(sorted(cut)).nodes())
