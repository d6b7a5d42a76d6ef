"""Edges of the pruned-view crop and of ``score_bars``' legend, each at the value that tells.

A pruned view of data with no pixel positions (the counts-only form, or no geometry)
is cut but not cropped; ``score_bars`` puts its legend right on the axes' top edge
(no pad), so it never covers a bar and never floats off.
"""

import matplotlib
import pytest

import dtlearn as dt
from dtlearn.drawing.layout import pruned_view, tree_view_data
from dtlearn.plot.figures import score_bars

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def tree():
    return dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_


@pytest.fixture(scope="module")
def data(tree):
    return tree_view_data(tree, leaf_overlays=True)


def kept(tree, cut):
    """Ids left when ``cut`` becomes a leaf: all but the nodes below it (pre-order)."""
    below = {n.node_id for n in _subtree(tree.node(cut))} - {cut}
    return [n.node_id for n in tree.nodes() if n.node_id not in below]


def _subtree(node):
    yield node
    for child in node.children:
        yield from _subtree(child)


def test_a_view_without_pixel_positions_is_cut_but_not_cropped(tree, data):
    bare = {
        **data,
        "nodes": [{k: v for k, v in n.items() if k not in ("px", "py")} for n in data["nodes"]],
    }
    shown = pruned_view(bare, [1])
    ids = kept(tree, 1)
    assert [n["id"] for n in shown["nodes"]] == ids and len(ids) == 6
    assert shown["geometry"] == data["geometry"]  # not cropped: nothing to crop by
    assert all("px" not in n for n in shown["nodes"])
    assert (shown["n_nodes"], shown["n_leaves"], shown["depth"]) == (6, 4, 2)
    no_geometry = pruned_view({**data, "geometry": None}, [1])
    assert no_geometry["geometry"] is None
    assert [n["px"] for n in no_geometry["nodes"]] == [
        n["px"] for n in data["nodes"] if n["id"] in ids
    ]


def test_a_cropped_view_shifts_every_node_alike(data):
    shown = pruned_view(data, [1])
    before = {n["id"]: n["px"] for n in data["nodes"]}
    after = {n["id"]: n["px"] for n in shown["nodes"]}
    shifts = {before[i] - after[i] for i in after}
    assert len(shifts) == 1 and shifts.pop() >= 0


def test_a_crop_that_keeps_the_leftmost_node_moves_nothing(tree, data):
    last = tree.root.children[-1].node_id  # the rightmost subtree: the left edge stays
    shown = pruned_view(data, [last])
    before = {n["id"]: n["px"] for n in data["nodes"]}
    assert min(before.values()) == data["geometry"]["margin"]
    assert {n["id"]: n["px"] for n in shown["nodes"]} == {i: before[i] for i in kept(tree, last)}
    kept_edges = {e["child"]: e for e in shown["edges"]}
    assert all(
        kept_edges[e["child"]]["tx"] == e["tx"] for e in data["edges"] if e["child"] in kept_edges
    )
    assert shown["geometry"]["width"] < data["geometry"]["width"]


def test_score_bars_legend_sits_on_the_axes_top_without_a_pad():
    import matplotlib.pyplot as plt

    ax = score_bars(dt.ID3Classifier().fit(*dt.load_play_tennis()).steps_[0])
    legend = ax.get_legend()
    assert legend.borderaxespad == 0.0
    assert legend.get_frame_on() is False
    plt.close(ax.figure)
