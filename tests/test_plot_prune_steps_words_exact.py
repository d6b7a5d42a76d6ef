"""``plot_prune_steps``' words and marks, and which point labels ``thin_point_labels`` reads.

Play-tennis, every second row for validation: reduced-error pruning tries five cuts and
keeps one (node 3, rainy → windy, 0 validation errors before and after); the cuts it
rejects (validation errors 2 and 1) are not points of the figure.
"""

import matplotlib
import pytest
from matplotlib.colors import to_hex

import dtlearn as dt
from dtlearn.plot.curves import plot_prune_steps, thin_point_labels

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def result():
    X, y = dt.load_play_tennis()
    return dt.reduced_error_prune(dt.ID3Classifier().fit(X, y), X[::2], y[::2])


def test_only_the_cuts_made_are_points(result):
    assert [(s.node_id, s.pruned) for s in result.steps] == [
        (1, False),
        (3, True),
        (0, False),
        (1, False),
        (0, False),
    ]
    ax = plot_prune_steps(result)
    [line] = ax.get_lines()
    assert line.get_xdata().tolist() == [0, 1]
    assert line.get_ydata().tolist() == [0, 0]


def test_the_line_its_axes_and_its_ticks(result):
    ax = plot_prune_steps(result)
    [line] = ax.get_lines()
    assert (line.get_label(), line.get_marker(), to_hex(line.get_color())) == (
        "validation errors",
        "o",
        "#e69f00",
    )
    assert ax.get_ylabel() == "validation errors"
    assert ax.get_xlabel() == "after pruning"
    assert ax.get_title() == "reduced-error pruning: 8 -> 6 nodes"
    ticks = ax.get_xticklabels()
    assert [t.get_text() for t in ticks] == ["full", "node 3"]
    assert {(t.get_rotation(), t.get_ha(), t.get_fontsize()) for t in ticks} == {
        (60.0, "right", 8.0)
    }
    grid = ax.xaxis.get_gridlines()[0]
    assert grid.get_visible() and grid.get_alpha() == 0.3
    assert ax.figure.get_size_inches().tolist() == [6.0, 4.0]


def test_plain_texts_are_not_point_labels_and_stay():
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(4, 4))
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.text(0.5, 0.5, "note")  # no anchored point: never thinned, never a neighbour
    ax.annotate("a", (0.5, 0.5))
    ax.annotate("b", (0.5005, 0.5005))
    assert thin_point_labels(ax) == ["b"]
    assert [t.get_text() for t in ax.texts] == ["note", "a"]


def test_the_distance_that_counts_as_crowded_is_a_parameter():
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(4, 4))
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.annotate("a", (0.5, 0.5))
    ax.annotate("b", (0.5, 0.5))
    ax.annotate("c", (0.52, 0.52))
    far, near = ax.transData.transform((0.52, 0.52)), ax.transData.transform((0.5, 0.5))
    gap = abs(far[0] - near[0])  # the same both ways: a square figure, square limits
    assert thin_point_labels(ax, min_px=gap + 1) == ["b", "c"]
    ax.annotate("d", (0.52, 0.52))
    assert thin_point_labels(ax, min_px=gap - 1) == []
    assert [t.get_text() for t in ax.texts] == ["a", "d"]
