"""What a click on a node shows, whole, for a stopped leaf, a split node and a broken step.

Play-tennis grown to depth 1 (Mitchell's counts): the root (9 yes, 5 no, entropy 0.940)
splits on outlook into sunny 2/3, overcast 4/0, rainy 3/2; sunny stops at the depth limit.
"""

import dataclasses

import pytest

import dtlearn as dt
from dtlearn.drawing.node_text import node_explanation


@pytest.fixture(scope="module")
def shallow():
    model = dt.ID3Classifier(max_depth=1).fit(*dt.load_play_tennis())
    return model.tree_, {s.node_id: s for s in model.steps_}


def test_a_leaf_stopped_by_the_depth_limit(shallow):
    tree, steps = shallow
    made = node_explanation(tree, tree.node(1), steps[1])
    assert made["text"] == (
        "node 1: n = 5: yes 2, no 3; entropy 0.971\n"
        "leaf: predicts no\n"
        "growth stopped here: max_depth=1 reached"
    )
    assert made["html"] == (
        "<p class='dtlearn-node-head'><strong>node 1: n = 5: yes 2, no 3; entropy 0.971"
        "</strong></p>\n<p>leaf: predicts no</p>\n"
        "<p>growth stopped here: max_depth=1 reached</p>"
    )
    assert made["conditions"] == {}


def test_the_split_root_with_its_step(shallow):
    tree, steps = shallow
    step = steps[0]
    made = node_explanation(tree, tree.root, step)
    derivation = str(step.chosen.explain(step.classes, step.target_name))
    assert made["text"] == "\n".join(
        [
            "node 0: n = 14: yes 9, no 5; entropy 0.940",
            "test: outlook = sunny | outlook = overcast | outlook = rainy",
            "chosen by greedy: outlook",
            str(step.table()),
            derivation,
        ]
    )
    assert made["html"].split("\n") == [
        "<p class='dtlearn-node-head'><strong>node 0: n = 14: yes 9, no 5; entropy 0.940"
        "</strong></p>",
        "<p>test, 3 branches:</p><ul class='dtlearn-tv-branches'>"
        "<li>outlook = sunny → n = 5: yes 2, no 3</li>"
        "<li>outlook = overcast → n = 4: yes 4, no 0</li>"
        "<li>outlook = rainy → n = 5: yes 3, no 2</li></ul>",
        "<p>chosen by greedy: outlook</p>",
        *step.table()._repr_html_().split("\n"),
        *f"<pre class='dtlearn-derivation-text'>{derivation}</pre>".split("\n"),
    ]
    assert made["conditions"]["outlook"] == ["= sunny", "= overcast", "= rainy"]
    assert made["conditions"]["windy"] == ["= TRUE", "= FALSE"]


class _BrokenTable:
    def __init__(self, step):
        self._step = step

    def __getattr__(self, name):
        return getattr(self._step, name)

    def table(self):
        raise RuntimeError("no <table> today")


def test_a_step_whose_table_fails_still_explains(shallow):
    tree, steps = shallow
    made = node_explanation(tree, tree.root, _BrokenTable(steps[0]))
    assert "<p>(candidate table unavailable: no &lt;table&gt; today)</p>" in made["html"]
    step = steps[0]
    derivation = str(step.chosen.explain(step.classes, step.target_name))
    # the text leaves the table out and keeps everything else
    assert made["text"] == "\n".join(
        [
            "node 0: n = 14: yes 9, no 5; entropy 0.940",
            "test: outlook = sunny | outlook = overcast | outlook = rainy",
            "chosen by greedy: outlook",
            derivation,
        ]
    )
    assert "<pre class='dtlearn-derivation-text'>" in made["html"]


def test_a_stopped_step_without_a_reason_says_nothing_of_stopping(shallow):
    tree, steps = shallow
    quiet = dataclasses.replace(steps[1], stop_reason="")
    made = node_explanation(tree, tree.node(1), quiet)
    assert made["text"] == "node 1: n = 5: yes 2, no 3; entropy 0.971\nleaf: predicts no"
