"""ID3Builder's training rows of the selected leaf: the data's columns and the target,
the rows that reach the leaf (Mitchell's table 3.2: sunny days are D1, D2, D8, D9, D11)."""

import re

import pytest

pytest.importorskip("ipywidgets")

import dtlearn as dt
from dtlearn.widgets import ID3Builder


def test_rows_of_the_sunny_leaf():
    X, y = dt.load_play_tennis()
    app = ID3Builder(X, y)
    app.choose("outlook")
    root = app.tree.root
    conditions = root.split.conditions(app.tree.schema)
    [sunny] = [c.node_id for c, t in zip(root.children, conditions) if t == "outlook = sunny"]
    app.selected_leaf = sunny
    page = app.rows_html.value
    assert "its training rows (5)" in page
    head = re.search(r"<thead>(.*?)</thead>", page, re.S).group(1)
    assert re.findall(r"<th>(.*?)</th>", head) == [
        "",
        "outlook",
        "temperature",
        "humidity",
        "windy",
        "play",
    ]
    body = re.search(r"<tbody>(.*?)</tbody>", page, re.S).group(1)
    assert re.findall(r"<th>(\d+)</th>", body) == ["0", "1", "7", "8", "10"]
    cells = [re.findall(r"<td>(.*?)</td>", row) for row in body.split("</tr>")[:-1]]
    assert [c[0] for c in cells] == ["sunny"] * 5
    assert [c[-1] for c in cells] == ["no", "no", "no", "yes", "yes"]
    assert [c[2] for c in cells] == ["high", "high", "high", "normal", "normal"]
