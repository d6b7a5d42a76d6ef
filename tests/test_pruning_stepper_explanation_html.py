"""The pruning stepper's explanation panel: the exact HTML of a derivation, piece by piece.

Titles and prose are paragraphs, each run of equations one ``<pre>`` of its aligned plain
text in the monospace style, nested derivations indented, tables their own HTML, the note
last; every text is HTML-escaped. Expected strings are written out from that rule.
"""

from dtlearn import ID3Classifier, load_play_tennis
from dtlearn.explain import Derivation
from dtlearn.result_table import ResultTable
from dtlearn.widgets.pruning_stepper import ancestor_ids, explanation_html

STYLE = (
    "font-family:var(--jp-code-font-family, monospace);white-space:pre-wrap;"
    "word-break:normal;overflow-wrap:break-word;margin:0.3em 0"
)


def pre(text):
    return f'<pre class="dtlearn-formula" style="{STYLE}">{text}</pre>'


def test_every_kind_of_item_in_order():
    table = ResultTable.build(["v", "n"], [["x", 1]])
    inner = Derivation.build("", ["k = 2"])
    d = Derivation.build(
        "gain & co",
        ["g = 0.9 - 0.6", "= 0.3", ("then a < b", "", "", "", True), "h = 1", inner],
        table=table,
        note="a<b",
    )
    assert explanation_html(d) == "\n".join(
        [
            '<div class="dtlearn-derivation">',
            "<p><strong>gain &amp; co</strong></p>",
            pre("g = 0.9 - 0.6\n  = 0.3"),  # one run, aligned under its "="
            "<p>then a &lt; b</p>",
            pre("h = 1"),
            '<div style="margin-left:1.5em">'
            + "\n".join(['<div class="dtlearn-derivation">', pre("k = 2"), "</div>"])
            + "</div>",
            table._repr_html_(),
            "<p><em>Note: a&lt;b</em></p>",
            "</div>",
        ]
    )


def test_no_title_no_note_and_a_plain_table():
    assert explanation_html(Derivation.build("", ["x = 1"])) == "\n".join(
        ['<div class="dtlearn-derivation">', pre("x = 1"), "</div>"]
    )
    assert explanation_html(Derivation.build("t")) == "\n".join(
        ['<div class="dtlearn-derivation">', "<p><strong>t</strong></p>", "</div>"]
    )
    table = ResultTable.build(["a"], [[1]])
    assert explanation_html(table) == table._repr_html_()


def test_ancestor_ids_walk_from_the_root():
    tree = ID3Classifier().fit(*load_play_tennis()).tree_
    parents = {c.node_id: n.node_id for n in tree.nodes() for c in n.children}
    for node in tree.nodes():
        path = [node.node_id]
        while path[0] in parents:
            path.insert(0, parents[path[0]])
        assert ancestor_ids(tree, node.node_id) == path
    assert ancestor_ids(tree, 0) == [0]
