"""ID3Builder's side-by-side comparison, the whole table, from Mitchell's counts by hand.

At the root (9 yes, 5 no): temperature splits into hot 2/2, mild 4/2, cool 3/1 and
outlook into sunny 2/3, overcast 4/0, rainy 3/2 (sizes 4, 6, 4 and 5, 4, 5 of 14).
Each column of the table is a textbook formula of those counts.
"""

import math

import pytest

pytest.importorskip("anywidget")

from lecture_hints import G, H

import dtlearn as dt
from dtlearn.widgets import ID3Builder

ROOT = [9, 5]
BRANCHES = {"temperature": [[2, 2], [4, 2], [3, 1]], "outlook": [[2, 3], [4, 0], [3, 2]]}


def column_values(branches):
    n = sum(map(sum, branches))
    mean_info = sum(sum(b) / n * H(b) for b in branches)
    gain = H(ROOT) - mean_info
    split_info = -sum(sum(b) / n * math.log2(sum(b) / n) for b in branches)
    gini_gain = G(ROOT) - sum(sum(b) / n * G(b) for b in branches)
    return {
        "test": "3-way",
        "mean info": f"{mean_info:.3f}",
        "information gain": f"{gain:.3f}",
        "split info": f"{split_info:.3f}",
        "gain ratio": f"{gain / split_info:.3f}",
        "gini gain": f"{gini_gain:.3f}",
    }


def table(heads, names):
    cols = column_values(BRANCHES[names[0]])
    other = [column_values(BRANCHES[n]) for n in names[1:]]
    body = "".join(
        f'<tr><th scope="row">{col}</th><td class="dtlearn-num">{value}</td>'
        + "".join(f'<td class="dtlearn-num">{o[col]}</td>' for o in other)
        + "</tr>"
        for col, value in cols.items()
    )
    return (
        '<table class="dtlearn-table dtlearn-comparison"><thead><tr><th></th>'
        + "".join(f"<th>{h}</th>" for h in heads)
        + f"</tr></thead><tbody>{body}</tbody></table>"
    )


@pytest.fixture
def app():
    return ID3Builder(*dt.load_play_tennis())


def test_a_choice_other_than_greedy_s(app):
    app.choose("temperature")
    html = app.comparison_html.value
    head, rest = html.split('<details class="dtlearn-key">')
    assert head == (
        "<b>Leaf 0: your choice and greedy's</b> <i>(greedy ID3 would split on outlook)</i>"
        + table(["your choice: temperature", "greedy ID3: outlook"], ["temperature", "outlook"])
    )
    assert rest.startswith("<summary>every candidate at leaf 0</summary>")
    assert app.comparison["node"] == 0
    assert (app.comparison["yours"], app.comparison["greedy"]) == ("temperature", "outlook")
    assert app.comparison["columns"] == list(column_values(BRANCHES["outlook"]))
    assert app.message == "split node 0 on temperature"
    assert app.message_html.value == "<i>split node 0 on temperature</i>"


def test_greedy_s_own_choice_is_one_column(app):
    app.choose("outlook")
    head = app.comparison_html.value.split("<details")[0]
    assert head == (
        "<b>Leaf 0: your choice and greedy's</b> <i>(you chose as greedy ID3 does)</i>"
        + table(["your choice = greedy ID3: outlook"], ["outlook"])
    )
