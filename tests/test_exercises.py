"""The homework checks: right answers pass; wrong, raising, looping and wrongly typed
student functions get feedback in words (never a traceback), and "not yet" for stubs."""

import math
import threading

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn import exercises as ex
from dtlearn.exercises import core


# ---------------------------------------------------------------- student functions
def entropy_ok(counts):
    total = sum(counts)
    return -sum(c / total * math.log2(c / total) for c in counts if c > 0)


def entropy_numpy(counts):
    p = np.asarray(counts, dtype=float)
    p = p[p > 0] / p.sum()
    return -(p * np.log2(p)).sum()  # a numpy float is fine


def entropy_no_zero_rule(counts):
    total = sum(counts)
    return -sum(c / total * np.log2(c / total) if c == 0 else c / total * math.log2(c / total)
                for c in counts)


def entropy_nats(counts):
    total = sum(counts)
    return -sum(c / total * math.log(c / total) for c in counts if c > 0)


def entropy_no_minus(counts):
    total = sum(counts)
    return sum(c / total * math.log2(c / total) for c in counts if c > 0)


def entropy_terms(counts):
    total = sum(counts)
    return [-c / total * math.log2(c / total) for c in counts if c > 0]


def entropy_no_return(counts):
    total = sum(counts)
    -sum(c / total * math.log2(c / total) for c in counts if c > 0)


def entropy_raises(counts):
    return counts["yes"]  # treats the list as a dict


def entropy_loops(counts):
    while True:
        pass


def entropy_stub(counts):
    # YOUR CODE HERE
    raise NotImplementedError()


def gain_ok(feature, labels):
    total = entropy_ok(labels.value_counts().tolist())
    mean = 0.0
    for value in pd.unique(feature):
        part = labels[feature == value]
        mean += len(part) / len(labels) * entropy_ok(part.value_counts().tolist())
    return total - mean


def gain_mean_info(feature, labels):
    return entropy_ok(labels.value_counts().tolist()) - gain_ok(feature, labels)


def gain_unweighted(feature, labels):
    children = [entropy_ok(labels[feature == v].value_counts().tolist())
                for v in pd.unique(feature)]
    return entropy_ok(labels.value_counts().tolist()) - sum(children) / len(children)


def gain_stub(feature, labels):
    raise NotImplementedError()


# ---------------------------------------------------------------- entropy
def test_correct_entropy_passes():
    for fn in (entropy_ok, entropy_numpy):
        result = ex.check_entropy(fn)
        assert result.passed, str(result)
        assert result.status == "passed" and not result.failed_cases
        assert result.assert_ok() is None


def test_nan_at_zero_count_says_zero_log_zero():
    result = ex.check_entropy(entropy_no_zero_rule)
    assert not result.passed
    failed = {c.call: c.message for c in result.failed_cases}
    assert "gave nan" in failed["entropy_no_zero_rule([14, 0])"]
    assert "0·log 0 = 0" in failed["entropy_no_zero_rule([14, 0])"]
    assert "entropy_no_zero_rule([9, 5])" not in failed  # the other cases are right


@pytest.mark.parametrize("fn, words", [
    (entropy_nats, "nats"),
    (entropy_no_minus, "wrong sign"),
    (entropy_terms, "one number"),
    (entropy_no_return, "forget `return`"),
])
def test_wrong_entropy_gets_a_hint(fn, words):
    result = ex.check_entropy(fn)
    assert result.status == "failed"
    assert words in str(result)
    with pytest.raises(AssertionError, match=words):
        result.assert_ok()


def test_raising_entropy_reports_error_and_line_not_traceback():
    result = ex.check_entropy(entropy_raises)
    text = str(result)
    assert result.status == "failed"
    assert "raised TypeError" in text and "at `return counts[\"yes\"]" in text
    assert "Traceback" not in text and "File " not in text


def test_looping_entropy_is_stopped(monkeypatch):
    monkeypatch.setattr(core, "STEP_LIMIT", 100_000)
    result = ex.check_entropy(entropy_loops)
    assert result.status == "failed"
    assert "did not finish: your code ran 100,000 steps" in str(result)


def test_time_limit_outside_main_thread_uses_trace(monkeypatch):
    monkeypatch.setattr(core, "TIME_LIMIT", 0.2)
    found = {}
    thread = threading.Thread(target=lambda: found.update(r=ex.run_student(entropy_loops, [1])))
    thread.start()
    thread.join(10)
    assert found["r"].kind == "timeout"


def test_loop_does_not_leave_an_alarm_behind(monkeypatch):
    import signal

    monkeypatch.setattr(core, "TIME_LIMIT", 0.1)
    ex.check_entropy(entropy_loops)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_stub_is_not_yet():
    result = ex.check_entropy(entropy_stub)
    assert result.status == "not yet"
    assert str(result).startswith("check_entropy: not yet")
    with pytest.raises(AssertionError, match="not yet"):
        result.assert_ok()


def test_result_renders_as_html_and_dict():
    result = ex.check_entropy(entropy_nats)
    assert "<table>" in result._repr_html_() and "nats" in result._repr_html_()
    data = result.to_dict()
    assert data["status"] == "failed" and len(data["cases"]) == len(result.cases)


def test_recursion_is_reported():
    def deep(counts):
        return deep(counts)

    assert "RecursionError" in str(ex.check_entropy(deep))


# ---------------------------------------------------------------- information gain
def test_correct_gain_passes():
    assert ex.check_information_gain(gain_ok).passed
    assert ex.check_information_gain(lambda f, y: dt.information_gain(f, y)).passed


@pytest.mark.parametrize("fn, words", [
    (gain_mean_info, "mean information"),
    (gain_unweighted, "|S_v| / |S|"),
    (lambda f, y: str(gain_ok(f, y)), "not a string"),
])
def test_wrong_gain_gets_a_hint(fn, words):
    result = ex.check_information_gain(fn)
    assert result.status == "failed"
    assert words in str(result)


def test_gain_stub_is_not_yet():
    assert ex.check_information_gain(gain_stub).status == "not yet"


# ---------------------------------------------------------------- ID3
def id3_ok(X, y, attributes):
    if y.nunique() == 1:
        return y.iloc[0]
    if not attributes:
        return y.value_counts().index[0]
    best = max(attributes, key=lambda a: gain_ok(X[a], y))  # first on ties
    if gain_ok(X[best], y) <= 1e-12:
        return y.value_counts().index[0]
    rest = [a for a in attributes if a != best]
    return {best: {v: id3_ok(X[X[best] == v], y[X[best] == v], rest)
                   for v in pd.unique(X[best])}}


def id3_worst_attribute(X, y, attributes):
    if y.nunique() == 1 or not attributes:
        return y.value_counts().index[0]
    worst = min(attributes, key=lambda a: gain_ok(X[a], y))
    rest = [a for a in attributes if a != worst]
    return {worst: {v: id3_worst_attribute(X[X[worst] == v], y[X[worst] == v], rest)
                    for v in pd.unique(X[worst])}}


def id3_forgets_to_remove(X, y, attributes):
    best = max(attributes, key=lambda a: gain_ok(X[a], y))
    return {best: {v: id3_forgets_to_remove(X[X[best] == v], y[X[best] == v], attributes)
                   for v in pd.unique(X[best])}}


def test_correct_id3_passes():
    result = ex.check_id3(id3_ok)
    assert result.passed, str(result)
    assert "same tree as ID3" in str(result)


def test_reference_tree_as_nested_dict_passes():
    result = ex.check_id3(lambda X, y, a: ex.as_nested_dict(dt.ID3Classifier().fit(X, y)))
    assert result.passed, str(result)


def test_wrong_attribute_is_named():
    result = ex.check_id3(id3_worst_attribute)
    assert result.status == "failed"
    assert "has the largest gain" in str(result) and "outlook" in str(result)


def test_endless_recursion_gets_advice():
    result = ex.check_id3(id3_forgets_to_remove)
    assert "Remove the attribute you split on" in str(result)


def test_id3_wrong_types():
    assert "forget `return`" in str(ex.check_id3(lambda X, y, a: None))
    model_result = ex.check_id3(lambda X, y, a: dt.ID3Classifier().fit(X, y))
    assert "not a dtlearn model" in str(model_result)
    assert "must look like" in str(ex.check_id3(lambda X, y, a: {"outlook": "yes", "x": 1}))


def test_id3_leaf_too_early():
    result = ex.check_id3(lambda X, y, a: y.value_counts().index[0])
    assert "you made a leaf" in str(result)


def test_id3_stub_is_not_yet():
    def id3(X, y, attributes):
        raise NotImplementedError()

    assert ex.check_id3(id3).status == "not yet"


# ---------------------------------------------------------------- reduced-error pruning
def rep_ok(tree, X_val, y_val):
    def errors(t):
        return int((t.predict(X_val) != y_val.to_numpy(dtype=object)).sum())

    current, current_errors = tree, errors(tree)
    inner = [n.node_id for n in tree.nodes() if not n.is_leaf]
    for node_id in reversed(inner):  # children before parents: bottom-up
        if node_id not in {n.node_id for n in current.nodes()}:
            continue
        candidate = current.with_leaves_at([node_id])
        if errors(candidate) <= current_errors:
            current, current_errors = candidate, errors(candidate)
    return current


def test_correct_pruning_passes():
    result = ex.check_reduced_error_prune(rep_ok)
    assert result.passed, str(result)
    assert "leaves" in str(result)


def test_unpruned_tree_is_not_finished():
    result = ex.check_reduced_error_prune(lambda tree, X, y: tree)
    assert "not finished" in str(result)


def test_pruning_to_the_root_increases_errors():
    result = ex.check_reduced_error_prune(lambda t, X, y: t.with_leaves_at([t.root.node_id]))
    assert "validation errors went up" in str(result)


def test_pruning_wrong_type_and_stub():
    assert "return the pruned Tree" in str(ex.check_reduced_error_prune(lambda t, X, y: 3))

    def stub(tree, X_val, y_val):
        raise NotImplementedError()

    assert ex.check_reduced_error_prune(stub).status == "not yet"


def test_mutating_the_input_is_reported():
    def mutate(tree, X_val, y_val):
        tree.root.children[0].children.clear()
        return rep_ok(tree, X_val, y_val)

    assert "input tree was changed" in str(ex.check_reduced_error_prune(mutate))


# ---------------------------------------------------------------- hand-computed answers
def test_check_value():
    assert ex.check_value(None, 0.99, "H").status == "not yet"
    assert ex.check_value(0.99, 0.994, "H").passed
    wrong = ex.check_value(0.5, 0.994, "H", hint="count the heads")
    assert "count the heads" in str(wrong) and "0.994" not in str(wrong)
    assert "not a string" in str(ex.check_value("0.99", 0.994, "H"))
