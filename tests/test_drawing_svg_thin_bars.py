"""The static SVG's class bar keeps a class of a sliver of the node (under one pixel).

A node of 200 rows with one "no": the box is as wide as its longest text line,
``len("n = 200: no 1, yes 199") * 6.4 + 16 = 156.8``, cut to 156 px; its bar is 16 px
narrower (140 px), so the "no" segment is ``140 / 200 = 0.7`` px wide, yet it is drawn:
a class present in a node never disappears from its bar. A class with no rows has none.
"""

import re

import numpy as np

import dtlearn as dt
from dtlearn.drawing.layout import tree_svg, tree_view_data

BAR = re.compile(
    r'<rect x="([^"]*)" y="[^"]*" width="([^"]*)" height="7" fill="([^"]*)"><title>([^<]*)'
)


def test_a_class_under_one_pixel_keeps_its_segment():
    X = np.array([["a"]] * 150 + [["b"]] * 50, dtype=object)
    y = np.array(["no"] + ["yes"] * 199)
    data = tree_view_data(dt.ID3Classifier().fit(X, y))
    assert data["geometry"]["node_width"] == 156
    bars = [(float(x), float(w), fill, title) for x, w, fill, title in BAR.findall(tree_svg(data))]
    root_x = data["nodes"][0]["px"] + 8
    left_x = data["nodes"][1]["px"] + 8
    right_x = data["nodes"][2]["px"] + 8
    assert bars == [
        (root_x, 0.7, "#E69F00", "no: 1"),
        (round(root_x + 0.7, 1), 139.3, "#56B4E9", "yes: 199"),
        (left_x, 0.9, "#E69F00", "no: 1"),  # 140 / 150 = 0.93
        (round(left_x + 140 / 150, 1), 139.1, "#56B4E9", "yes: 149"),
        (right_x, 140.0, "#56B4E9", "yes: 50"),  # no "no" here: one segment
    ]
