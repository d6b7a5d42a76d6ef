"""The pruning stepper's rule table at every step, with validation counts done by hand.

Each rule's "validation rows covered" and "correct" are counted here by evaluating its
``attribute = value`` lines on the validation rows with pandas; the rule under
consideration (and only it) is marked, in the HTML and in ``rules_state``.
"""

import re

import pytest

pytest.importorskip("ipywidgets")

import dtlearn as dt
from dtlearn.widgets import PruningStepper


@pytest.fixture(scope="module")
def app():
    X, y = dt.load_play_tennis()
    return PruningStepper(dt.ID3Classifier().fit(X, y), X[::2], y[::2], method="rules")


def hand_counts(text_lines, label):
    X, y = dt.load_play_tennis()
    X, y = X[::2], y[::2]
    covered = X.index == X.index
    for line in text_lines:
        attribute, value = line.split(" = ")
        covered &= (X[attribute].astype(str) == value).to_numpy()
    n = int(covered.sum())
    right = int((y[covered].astype(str) == label).sum())
    return n, right


ROW = re.compile(
    r'<tr( class="dtlearn-winner")?><td class="dtlearn-num">(\d+)</td><td>(.*?)</td>'
    r'<td>play = (\w+)</td><td class="dtlearn-num">(\d+)</td><td class="dtlearn-num">(\d+)</td>'
    r'<td class="dtlearn-num">(.*?)</td></tr>'
)


def test_defaults(app):
    assert app.interval == 800
    assert (app.method, app.position, app.n_steps) == ("rules", 0, 7)
    assert app.play.value is False and app.play.description == "▶ Play"


def test_every_step_marks_its_rule_and_counts_by_hand(app):
    for k in range(app.n_steps + 1):
        app.goto(k)
        step = app.current
        focus = None if step is None else step.node_id - 1
        rows = ROW.findall(app.rules_html.value)
        assert len(rows) == len(app.rules_state) > 0
        marked = [int(number) - 1 for mark, number, *_ in rows if mark]
        assert marked == ([] if focus is None else [focus])
        assert [r["current"] for r in app.rules_state] == [
            i == focus for i in range(len(app.rules_state))
        ]
        for i, (_, number, conds, label, n, right, accuracy) in enumerate(rows):
            assert int(number) == i + 1
            lines = conds.split("<br>")
            assert (int(n), int(right)) == hand_counts(lines, label)
            assert accuracy == (f"{round(100 * int(right) / int(n))}%" if int(n) else "–")
        heading = re.match(r"<p><b>(.*?)</b></p>", app.rules_html.value).group(1)
        if step is None:
            assert heading == f"the result: {len(rows)} rules"
        else:
            assert heading == f"the rules as step {k + 1} finds them (rule {focus + 1} marked)"


def test_final_rules_in_full(app):
    app.goto(app.n_steps)
    rows = [
        (conds, label, n, right, acc)
        for _, _, conds, label, n, right, acc in ROW.findall(app.rules_html.value)
    ]
    assert rows == [
        ("humidity = normal", "yes", "5", "5", "100%"),
        ("outlook = overcast", "yes", "3", "3", "100%"),
        ("outlook = sunny<br>humidity = high", "no", "1", "1", "100%"),
        ("outlook = rainy", "yes", "1", "1", "100%"),
        ("outlook = rainy<br>windy = TRUE", "no", "0", "0", "–"),
    ]
    assert app.status.startswith("done: ")
    assert app.view.layout.display == "none" and app.rules_html.layout.display is None
