"""The homework checks grade honestly: reference solutions pass; each plausible wrong
algorithm is rejected with a hint naming its mistake (never the expected value); calling
dtlearn's own implementation is rejected with the guard's sentence, whatever the import
path; stubs say "not yet"; parts give partial credit; random cases follow the seed."""

import math
import sys
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
import dtlearn.criteria as criteria_module
import dtlearn.measures as measures_alias
from dtlearn import exercises as ex
from dtlearn.exercises import homework as hw
from dtlearn.exercises.homework.hw3_prune import PruningSimulator, prune_cases
from dtlearn.exercises.library_guard import Forbidden, LibraryGuard
from dtlearn.exercises.wording import show_exact
from dtlearn.measures import entropy as imported_entropy
from dtlearn.measures import information_gain as imported_gain


@pytest.fixture(autouse=True)
def grading_machine(monkeypatch):
    """These tests run the checks as the grading machine does: with a grading secret."""
    monkeypatch.setenv("DTLEARN_GRADING_SECRET", "tests of the homework checks")


def named(name, fn):
    fn.__name__ = name
    return fn


# ================================================================= homework 1: entropy
def H(counts, log=math.log2):
    total = sum(counts)
    return -sum(c / total * log(c / total) for c in counts if c > 0)


def entropy_ok(counts):
    total = sum(counts)
    return -sum(c / total * math.log2(c / total) for c in counts if c > 0)


def entropy_numpy(counts):
    p = np.asarray(counts, dtype=float)
    p = p[p > 0] / p.sum()
    return -(p * np.log2(p)).sum()  # a numpy float


def entropy_stub(counts):
    # YOUR CODE HERE
    raise NotImplementedError()


def entropy_dt(counts):
    return dt.entropy(counts=counts)


def entropy_imported(counts):
    return float(imported_entropy(counts=counts))


def entropy_alias(counts):
    return float(measures_alias.entropy(counts=counts))


def entropy_kernel(counts):
    return float(criteria_module.entropy_of_counts(np.array([counts], dtype=float))[0])


def entropy_hidden_shortcut(counts):
    try:  # a bare except cannot hide the call from the guard
        return float(dt.entropy(counts=counts))
    except:  # noqa: E722
        return entropy_ok(counts)


WRONG_ENTROPY = {
    "natural log": (lambda c: H(c, math.log), "in nats: use log base 2"),
    "log base 10": (lambda c: H(c, math.log10), "log base 10"),
    "rounding": (lambda c: round(H(c), 3), "do not round inside the function"),
    "Gini index": (lambda c: 1 - sum((x / sum(c)) ** 2 for x in c), "Gini index"),
    "normalised": (lambda c: H(c) / math.log2(len(c)) if len(c) > 1 else 0.0, "normalised entropy"),
    "epsilon": (
        lambda c: -sum(x / sum(c) * math.log2(x / sum(c) + 1e-3) for x in c),
        "no small constant",
    ),
    "first two classes": (lambda c: H(c[:2]), "only the first two classes"),
    "raw counts": (lambda c: -sum(x * math.log2(x) for x in c if x > 0), "proportions"),
    "sign": (lambda c: sum(x / sum(c) * math.log2(x / sum(c)) for x in c if x > 0), "wrong sign"),
    "0 log 0": (lambda c: -sum(x / sum(c) * np.log2(x / sum(c)) for x in c), "0·log 0 = 0"),
    "terms": (lambda c: [-x / sum(c) * math.log2(x / sum(c)) for x in c if x > 0], "one number"),
    "no return": (lambda c: None, "forget `return`"),
}


def test_reference_entropy_passes_every_part():
    for fn in (entropy_ok, entropy_numpy):
        for part in ("all", "bits", "edge", "hidden"):
            result = ex.check_entropy(fn, part=part)
            assert result.passed, str(result)
            assert result.assert_ok() is None and result.score == 1.0


def test_numpy_scalars_and_fractions_are_accepted():
    assert ex.check_entropy(lambda c: np.float32(entropy_ok(c))).passed
    assert ex.check_entropy(lambda c: np.array(entropy_ok(c))).passed
    exact = {(1, 1, 1, 1): Fraction(2), (7, 7): Fraction(1), (5,): Fraction(0)}
    result = ex.check_entropy(lambda c: exact.get(tuple(c), entropy_ok(c)), part="bits")
    assert result.passed, str(result)


@pytest.mark.parametrize("variant", sorted(WRONG_ENTROPY))
def test_wrong_entropy_is_rejected_with_its_hint(variant):
    fn, gist = WRONG_ENTROPY[variant]
    fn = named("entropy", fn)
    results = [ex.check_entropy(fn, part=p) for p in ("bits", "edge", "hidden")]
    assert any(r.status == "failed" for r in results)
    text = "\n".join(str(r) for r in results)
    assert gist in text, text
    if variant != "rounding":  # the rounding hint only when rounding happened
        assert "round" not in text, text
    with pytest.raises(AssertionError, match="entropy"):
        next(r for r in results if not r.passed).assert_ok()


@pytest.mark.parametrize("variant", ["natural log", "Gini index", "rounding", "epsilon"])
def test_wrong_entropy_feedback_never_shows_the_expected_value(variant):
    fn = named("entropy", WRONG_ENTROPY[variant][0])
    text = str(ex.check_entropy(fn, part="bits"))
    assert "entropy([9, 5]): gave" in text  # the input and the student's own number
    assert "0.9403" not in text and "0.940286" not in text and "expected" not in text


def test_a_log_base_slip_costs_the_bits_part_only():
    nats = named("entropy", WRONG_ENTROPY["natural log"][0])
    assert ex.check_entropy(nats, part="bits").score == pytest.approx(0.0)
    for part in ("edge", "hidden"):
        result = ex.check_entropy(nats, part=part)
        assert result.passed, str(result)
        assert "in nats" in str(result)


def test_no_minus_zero_in_feedback():
    result = ex.check_entropy(lambda c: -0.0, part="bits")
    assert "gave 0 " in str(result) and "-0" not in str(result)
    assert show_exact(-0.0) == "0" and show_exact(-1e-12) == "0"


@pytest.mark.parametrize(
    "shortcut, name",
    [
        (entropy_dt, "dt.entropy"),
        (entropy_imported, "dt.entropy"),
        (entropy_alias, "dt.entropy"),
        (entropy_kernel, "dtlearn.criteria.entropy_of_counts"),
        (entropy_hidden_shortcut, "dt.entropy"),
    ],
)
def test_entropy_shortcuts_are_rejected_by_the_guard(shortcut, name):
    for part in ("bits", "edge", "hidden"):
        result = ex.check_entropy(shortcut, part=part)
        assert result.status == "failed" and result.score == 0.0
        assert result.summary == "uses dtlearn's own implementation"
        text = str(result)
        assert f"calls {name}, dtlearn's own implementation of the entropy" in text
        assert "compute -Σ p·log2(p) yourself" in text


def test_other_libraries_entropy_and_mutual_information_are_rejected_too():
    stats = pytest.importorskip("scipy.stats")
    metrics = pytest.importorskip("sklearn.metrics")
    result = ex.check_entropy(named("entropy", lambda c: stats.entropy(c, base=2)))
    assert result.score == 0.0
    assert "entropy calls scipy.stats._entropy, a library's implementation of the entropy" in str(
        result
    )
    mutual = named("information_gain", lambda f, y: metrics.mutual_info_score(y, f) / math.log(2))
    result = ex.check_information_gain(mutual)
    assert result.score == 0.0 and "mutual_info_score, a library's implementation" in str(result)


def test_loading_data_stays_allowed():
    def entropy(counts):
        dt.load_play_tennis()  # allowed (and pointless)
        return entropy_ok(counts)

    assert ex.check_entropy(entropy).passed


def test_stub_says_not_yet_in_words_in_every_part():
    for part in ("all", "bits", "edge", "hidden"):
        result = ex.check_entropy(entropy_stub, part=part)
        assert result.status == "not yet" and result.score == 0.0
        text = str(result)
        assert "replace `raise NotImplementedError()` with your code" in text
        assert "Traceback" not in text


def test_random_cases_follow_the_students_seed(monkeypatch):
    def calls(result):
        return [c.call for c in result.cases]

    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.delenv("DTLEARN_SEED", raising=False)
    default = calls(ex.check_entropy(entropy_ok, part="bits"))
    assert default == calls(ex.check_entropy(entropy_ok, part="bits", seed=0))
    assert default != calls(ex.check_entropy(entropy_ok, part="bits", seed=1))
    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    mine = calls(ex.check_entropy(entropy_ok, part="bits"))
    assert mine != default
    assert mine == calls(ex.check_entropy(entropy_ok, part="bits", seed=ex.student_seed()))
    hidden = calls(ex.check_entropy(entropy_ok, part="hidden"))
    assert not set(hidden) & set(mine)


def test_part_and_seed_are_validated():
    with pytest.raises(ValueError, match="part must be"):
        ex.check_entropy(entropy_ok, part="textbook")
    with pytest.raises(TypeError, match="seed must be an int"):
        ex.check_entropy(entropy_ok, seed="0")


# ================================================================= homework 1: information gain
def split_parts(feature, labels, h=H):
    values = feature.to_numpy()
    parent = h(labels.value_counts().tolist())
    children, weights = [], []
    for value in pd.unique(values):
        part = labels[values == value]
        children.append(h(part.value_counts().tolist()))
        weights.append(len(part) / len(labels))
    return parent, children, weights


def gain_ok(feature, labels):
    parent, children, weights = split_parts(feature, labels)
    return parent - sum(w * c for w, c in zip(weights, children))


def gini_of(counts):
    return 1 - sum((c / sum(counts)) ** 2 for c in counts)


def gain_in_nats(feature, labels):
    parent, children, weights = split_parts(feature, labels, lambda c: H(c, math.log))
    return parent - sum(w * c for w, c in zip(weights, children))


WRONG_GAIN = {
    "gain ratio": (
        lambda f, y: gain_ok(f, y) / H(f.value_counts().tolist()) if f.nunique() > 1 else 0.0,
        "gain ratio",
    ),
    "Gini gain": (
        lambda f, y: (lambda p, c, w: p - sum(a * b for a, b in zip(w, c)))(
            *split_parts(f, y, gini_of)
        ),
        "Gini gain",
    ),
    "unweighted": (
        lambda f, y: (lambda p, c, w: p - sum(c) / len(c))(*split_parts(f, y)),
        "|S_v| / |S|",
    ),
    "natural log": (gain_in_nats, "in nats"),
    "rounding": (lambda f, y: round(gain_ok(f, y), 3), "do not round inside the function"),
    "mean information": (
        lambda f, y: H(y.value_counts().tolist()) - gain_ok(f, y),
        "mean information",
    ),
    "parent only": (lambda f, y: H(y.value_counts().tolist()), "H(parent) alone"),
    "sign": (lambda f, y: -gain_ok(f, y), "wrong sign"),
    "text": (lambda f, y: str(gain_ok(f, y)), "not a string"),
}


def test_reference_gain_passes_every_part():
    for part in ("all", "course", "edge", "hidden"):
        result = ex.check_information_gain(gain_ok, part=part)
        assert result.passed, str(result)


@pytest.mark.parametrize("variant", sorted(WRONG_GAIN))
def test_wrong_gain_is_rejected_with_its_hint(variant):
    fn, gist = WRONG_GAIN[variant]
    result = ex.check_information_gain(named("information_gain", fn), part="course")
    assert result.status == "failed"
    text = str(result)
    assert gist in text, text
    assert 'information_gain(X["outlook"], y): gave' in text or variant == "text"
    assert "expected" not in text
    if variant not in ("sign", "text"):  # the student's own -0.24675 or '0.2467...'
        assert "0.2467" not in text
    if variant != "rounding":
        assert "round" not in text, text


def test_gain_log_base_slip_costs_the_course_part_only():
    assert ex.check_information_gain(gain_in_nats, part="course").status == "failed"
    for part in ("edge", "hidden"):
        assert ex.check_information_gain(gain_in_nats, part=part).passed


def test_gain_built_on_a_wrong_entropy_is_graded_once():
    def nats(counts):
        return H(counts, math.log)

    def information_gain(feature, labels):  # the right formula on the student's entropy
        values = feature.to_numpy()
        mean = sum(
            len(labels[values == v])
            / len(labels)
            * nats(labels[values == v].value_counts().tolist())
            for v in pd.unique(values)
        )
        return nats(labels.value_counts().tolist()) - mean

    assert ex.check_information_gain(information_gain, part="course").status == "failed"
    result = ex.check_information_gain(information_gain, entropy=nats, part="course")
    assert result.passed, str(result)
    assert "the formula is right; the number is off because your entropy is" in str(result)
    # a right entropy does not excuse a wrong gain
    unweighted = named("information_gain", WRONG_GAIN["unweighted"][0])
    assert not ex.check_information_gain(unweighted, entropy=entropy_ok, part="course").passed


@pytest.mark.parametrize(
    "shortcut, name",
    [
        (lambda f, y: dt.information_gain(f, y), "dt.information_gain"),
        (lambda f, y: float(imported_gain(f, y)), "dt.information_gain"),
        (lambda f, y: dt.entropy(y) - dt.mean_info(f, y), "dt.entropy"),
        (
            lambda f, y: (
                dt.split_table(pd.DataFrame({"a": f}), y).row("a").scores["information_gain"]
            ),
            "dt.split_table",
        ),
    ],
)
def test_gain_shortcuts_are_rejected_by_the_guard(shortcut, name):
    result = ex.check_information_gain(named("information_gain", shortcut))
    assert result.score == 0.0
    text = str(result)
    assert f"information_gain calls {name}, dtlearn's own implementation" in text
    assert "weighted entropy of the labels within each value yourself" in text


def test_gain_stub_is_not_yet():
    def information_gain(feature, labels):
        raise NotImplementedError()

    for part in ("course", "edge", "hidden"):
        assert ex.check_information_gain(information_gain, part=part).status == "not yet"


# ================================================================= homework 2: ID3
def make_id3(
    score=gain_ok,
    leaf=lambda y: y.value_counts().index[0],
    stop=lambda best, gains: best <= 1e-12,
    pick=max,
):
    def id3(X, y, attributes):
        if y.nunique() == 1:
            return y.iloc[0]
        if not attributes:
            return leaf(y)
        scores = {a: score(X[a], y) for a in attributes}
        best = pick(attributes, key=lambda a: scores[a])
        if stop(gain_ok(X[best], y), [gain_ok(X[a], y) for a in attributes]):
            return leaf(y)
        rest = [a for a in attributes if a != best]
        column = X[best].to_numpy()
        return {best: {v: id3(X[column == v], y[column == v], rest) for v in pd.unique(column)}}

    return id3


def gain_ratio_of(feature, labels):
    split = H(feature.value_counts().tolist())
    return gain_ok(feature, labels) / split if split > 0 else 0.0


id3_ok = make_id3()

WRONG_ID3 = {
    "Gini gain": (
        make_id3(
            score=lambda f, y: (lambda p, c, w: p - sum(a * b for a, b in zip(w, c)))(
                *split_parts(f, y, gini_of)
            )
        ),
        "criterion",
        "has the largest Gini gain",
    ),
    "gain ratio": (make_id3(score=gain_ratio_of), "criterion", "has the largest gain ratio"),
    "unweighted": (
        make_id3(score=lambda f, y: (lambda p, c, w: p - sum(c) / len(c))(*split_parts(f, y))),
        "criterion",
        "the largest gain with unweighted children",
    ),
    "minority leaves": (
        make_id3(leaf=lambda y: y.value_counts().index[-1]),
        "stopping",
        "that is the least common label",
    ),
    "gain threshold": (
        make_id3(stop=lambda best, gains: best < 0.05),
        "stopping",
        "a gain threshold above 0 stops too early",
    ),
    "no zero-gain stop": (
        make_id3(stop=lambda best, gains: False),
        "stopping",
        "every attribute has information gain 0 here",
    ),
    "extra zero-gain stop": (
        make_id3(stop=lambda best, gains: min(gains) <= 1e-12),
        "course",
        "some attribute has gain 0 here, but only the best gain counts",
    ),
    "smallest gain": (make_id3(pick=min), "course", "has the smallest gain"),
}


def test_reference_id3_passes_every_part():
    for part in ("all", "hidden"):
        result = ex.check_id3(id3_ok, part=part)
        assert result.passed, str(result)
        assert "same tree as ID3" in str(result)


def test_id3_in_nats_is_not_a_mistake():
    assert ex.check_id3(make_id3(score=gain_in_nats), part="all").passed


@pytest.mark.parametrize("variant", sorted(WRONG_ID3))
def test_wrong_id3_is_rejected_with_its_hint(variant):
    fn, part, gist = WRONG_ID3[variant]
    result = ex.check_id3(named("id3", fn), part=part)
    assert result.status == "failed"
    assert gist in str(result), str(result)


def test_each_criterion_table_catches_exactly_one_criterion():
    failed = {}
    for variant in ("Gini gain", "gain ratio", "unweighted"):
        result = ex.check_id3(named("id3", WRONG_ID3[variant][0]), part="criterion")
        failed[variant] = [c.call for c in result.failed_cases]
    assert failed == {
        "Gini gain": ["id3(<Gini picks another root: 9 rows>)"],
        "gain ratio": ["id3(<gain ratio picks another root: 8 rows>)"],
        "unweighted": ["id3(<unweighted gain picks another root: 8 rows>)"],
    }


def test_forgetting_to_remove_the_attribute_gets_recursion_advice():
    def id3(X, y, attributes):
        best = max(attributes, key=lambda a: gain_ok(X[a], y))
        column = X[best].to_numpy()
        return {
            best: {v: id3(X[column == v], y[column == v], attributes) for v in pd.unique(column)}
        }

    assert "Remove the attribute you split on" in str(ex.check_id3(id3, part="course"))


@pytest.mark.parametrize(
    "shortcut, name",
    [
        (lambda X, y, a: ex.as_nested_dict(dt.ID3Classifier().fit(X[a], y)), "dt.ID3Classifier()"),
        (
            lambda X, y, a: ex.as_nested_dict(dt.CARTClassifier().fit(X[a], y)),
            "dt.CARTClassifier()",
        ),
        (make_id3(score=lambda f, y: dt.information_gain(f, y)), "dt.information_gain"),
        (lambda X, y, a: {dt.split_table(X[a], y).best.feature_name: {}}, "dt.split_table"),
    ],
)
def test_id3_shortcuts_are_rejected_by_the_guard(shortcut, name):
    for part in ("course", "hidden"):
        result = ex.check_id3(named("id3", shortcut), part=part)
        assert result.score == 0.0
        text = str(result)
        assert f"id3 calls {name}, dtlearn's own implementation of ID3" in text
        assert "grow the tree yourself" in text


def test_id3_wrong_types_and_stub():
    assert "forget `return`" in str(ex.check_id3(lambda X, y, a: None, part="course"))
    fitted = dt.ID3Classifier().fit(*dt.load_play_tennis())  # made outside the check
    assert "not a dtlearn model" in str(ex.check_id3(lambda X, y, a: fitted, part="course"))
    assert "must look like" in str(
        ex.check_id3(lambda X, y, a: {"outlook": "yes", "x": 1}, part="course")
    )

    def id3(X, y, attributes):
        raise NotImplementedError()

    for part in ("course", "stopping", "criterion", "hidden"):
        assert ex.check_id3(id3, part=part).status == "not yet"


# ================================================================= homework 3: pruning
def errors_of(tree, X, y):
    return int((tree.predict(X) != y.to_numpy(dtype=object)).sum())


def make_rep(strict=False, top_down=False):
    def reduced_error_prune(tree, X_val, y_val):
        current, current_errors = tree, errors_of(tree, X_val, y_val)
        order = [n.node_id for n in tree.nodes() if not n.is_leaf]  # parents first
        changed = True
        while changed:
            changed = False
            for node_id in order if top_down else reversed(order):
                if (
                    node_id not in {n.node_id for n in current.nodes()}
                    or current.node(node_id).is_leaf
                ):
                    continue
                candidate = current.with_leaves_at([node_id])
                errors = errors_of(candidate, X_val, y_val)
                if errors < current_errors or (not strict and errors == current_errors):
                    current, current_errors, changed = candidate, errors, True
            changed = changed and top_down  # one bottom-up pass is enough
        return current

    return reduced_error_prune


rep_ok = make_rep()


@pytest.fixture(scope="module")
def rep_results():
    """One run per variant and part (the pruning checks take a few seconds each)."""
    variants = {
        "ok": rep_ok,
        "strict": make_rep(strict=True),
        "top-down": make_rep(top_down=True),
        "nothing": lambda tree, X_val, y_val: tree.copy(),
    }
    return {
        (k, part): ex.check_reduced_error_prune(named("reduced_error_prune", fn), part=part)
        for k, fn in variants.items()
        for part in ("valid", "course")
    }


def test_reference_pruning_passes_every_part(rep_results):
    assert rep_results["ok", "valid"].passed and rep_results["ok", "course"].passed
    hidden = ex.check_reduced_error_prune(rep_ok, part="hidden")
    assert hidden.passed, str(hidden)


@pytest.mark.parametrize(
    "variant, gist",
    [
        ("strict", "the rule is 'does not increase' (<=), so a tie prunes"),
        ("top-down", "that is top-down pruning (parents tried before their children)"),
        ("nothing", "nothing was pruned"),
    ],
)
def test_wrong_pruning_is_rejected_with_its_hint(rep_results, variant, gist):
    result = rep_results[variant, "course"]
    assert result.status == "failed"
    assert gist in str(result), str(result)


@pytest.mark.parametrize("part", ["course", "hidden"])
def test_pruning_simulation_agrees_with_dtlearn(part):
    # the variants the hints name are simulated; bottom-up must be dtlearn's own result
    for label, tree, X_val, y_val in prune_cases(part, 0):
        sim = PruningSimulator(tree, X_val, y_val)
        reference = dt.reduced_error_prune(tree, X_val, y_val).tree
        assert sim.bottom_up() == {n.node_id for n in reference.nodes()}, label
        assert sim.top_down() != sim.bottom_up() or label != "car"


def test_top_down_and_strict_pruning_still_earn_the_valid_part(rep_results):
    assert rep_results["strict", "valid"].passed
    assert rep_results["top-down", "valid"].passed
    nothing = rep_results["nothing", "valid"]
    assert not nothing.passed and "not finished" in str(nothing)


def test_pruning_to_the_root_and_mutating_the_input_are_reported():
    result = ex.check_reduced_error_prune(
        lambda t, X, y: t.with_leaves_at([t.root.node_id]), part="valid"
    )
    assert "validation errors went up" in str(result)

    def mutate(tree, X_val, y_val):
        tree.root.children[0].children.clear()
        return rep_ok(tree, X_val, y_val)

    assert "input tree was changed" in str(ex.check_reduced_error_prune(mutate, part="valid"))


@pytest.mark.parametrize(
    "shortcut, name",
    [
        (lambda t, X, y: dt.reduced_error_prune(t, X, y).tree, "dt.reduced_error_prune"),
        (lambda t, X, y: dt.cost_complexity_prune(t, 0.01), "dt.cost_complexity_prune"),
        (lambda t, X, y: dt.pessimistic_prune(t).tree, "dt.pessimistic_prune"),
    ],
)
def test_pruning_shortcuts_are_rejected_by_the_guard(shortcut, name):
    for part in ("valid", "course", "hidden"):
        result = ex.check_reduced_error_prune(named("reduced_error_prune", shortcut), part=part)
        assert result.score == 0.0
        text = str(result)
        assert f"reduced_error_prune calls {name}, dtlearn's own implementation of pruning" in text
        assert "tree.with_leaves_at" in text


def test_pruning_wrong_type_and_stub():
    assert "return the pruned Tree" in str(
        ex.check_reduced_error_prune(lambda t, X, y: 3, part="valid")
    )

    def stub(tree, X_val, y_val):
        raise NotImplementedError()

    for part in ("valid", "course", "hidden"):
        assert ex.check_reduced_error_prune(stub, part=part).status == "not yet"


# ================================================================= the guard itself
def test_guard_chains_an_existing_profile_function_and_restores_it():
    seen = []

    def profiler(frame, event, arg):
        seen.append(event)

    sys.setprofile(profiler)
    try:
        with LibraryGuard(hw.ENTROPY_RULE):
            entropy_ok([1, 2])
        assert sys.getprofile() is profiler
    finally:
        sys.setprofile(None)
    assert "call" in seen


def test_guard_reports_a_swallowed_call_on_exit():
    outcome = ex.run_student(
        entropy_hidden_shortcut, [9, 5], forbidden=LibraryGuard(hw.ENTROPY_RULE)
    )
    assert outcome.kind == "forbidden"
    assert outcome.message.startswith("calls dt.entropy, dtlearn's own implementation")


def test_guard_watches_threads_the_student_starts():
    from concurrent.futures import ThreadPoolExecutor

    def entropy(counts):
        with ThreadPoolExecutor(1) as pool:
            return float(pool.submit(dt.entropy, counts=counts).result())

    result = ex.check_entropy(entropy, part="bits")
    assert result.score == 0.0 and "calls dt.entropy" in str(result)

    def own_entropy_in_a_thread(counts):
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(entropy_ok, counts).result()

    assert ex.check_entropy(own_entropy_in_a_thread).passed


def test_forbidden_is_validated_and_describes_itself():
    with pytest.raises(TypeError, match="modules must be a tuple of strings"):
        Forbidden("x", modules="dtlearn.measures")
    with pytest.raises(ValueError, match="not a Python function"):
        Forbidden("x", functions=("math.log2",)).resolve()
    with pytest.raises(TypeError, match="forbidden must be a Forbidden"):
        LibraryGuard("dtlearn.measures")
    text = hw.PRUNE_RULE.describe()
    assert "every function in dtlearn.pruning.reduced_error" in text and "with_leaves_at" in text


def test_single_functions_can_be_forbidden():
    rule = Forbidden(
        "the prediction", functions=("dtlearn.tree.Tree.predict",), instead="walk the tree yourself"
    )
    tree = dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_
    X, _ = dt.load_play_tennis()
    outcome = ex.run_student(lambda: tree.predict(X), forbidden=LibraryGuard(rule))
    assert outcome.kind == "forbidden" and "calls dt.Tree.predict" in outcome.message
    assert ex.run_student(lambda: tree.n_leaves, forbidden=LibraryGuard(rule)).ok
