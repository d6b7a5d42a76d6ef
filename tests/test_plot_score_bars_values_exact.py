"""``score_bars``' written values: where each one is anchored and how it reads.

Each value is written 3 points right of the end of its bar, so it never sits on the bar;
a negative or missing score has no bar to the right of 0 and is written just right of 0.
Mitchell's information gains of play-tennis (0.247, 0.029, 0.152, 0.048) and a small
table made here give the numbers.
"""

from types import SimpleNamespace

import matplotlib
import numpy as np
import pytest

import dtlearn as dt
from dtlearn.plot.figures import score_bars

matplotlib.use("Agg")


def test_each_value_is_written_right_of_its_bar_end():
    step = dt.ID3Classifier().fit(*dt.load_play_tennis()).steps_[0]
    ax = score_bars(step)
    gains = [t for t in ax.texts][:4]
    assert [t.get_text() for t in gains] == ["0.247", "0.029", "0.152", "0.048"]
    # two measures: the first bar of attribute i is centred at i - 0.2
    assert [t.xy[1] for t in gains] == pytest.approx([-0.2, 0.8, 1.8, 2.8])
    assert [round(t.xy[0], 3) for t in gains] == [0.247, 0.029, 0.152, 0.048]
    for t in ax.texts:
        assert (t.xycoords, t.anncoords, t.xyann, t.get_va()) == (
            "data",
            "offset points",
            (3, 0),
            "center",
        )


def test_a_negative_or_missing_score_is_written_at_zero():
    table = SimpleNamespace(
        columns=["attribute", "gain"],
        rows=[("a", 0.5), ("b", -0.25), ("c", float("nan"))],
        highlight_row=0,
    )
    ax = score_bars(table, measures=["gain"])
    assert [(t.get_text(), t.xy) for t in ax.texts] == [
        ("0.500", (0.5, pytest.approx(0.0))),
        ("-0.250", (0.0, pytest.approx(1.0))),
        ("nan", (0.0, pytest.approx(2.0))),
    ]
    # the bars: the missing score draws as 0, the negative one to the left
    assert [p.get_width() for p in ax.patches] == [0.5, -0.25, 0.0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a ◀ chosen", "b", "c"]


def test_a_table_without_a_measure_is_refused_by_name():
    table = SimpleNamespace(columns=["attribute", "gain"], rows=[("a", 0.5)])
    with pytest.raises(ValueError) as err:
        score_bars(table, measures=["gain", "gain_ratio"])
    assert str(err.value) == (
        "measures ['gain_ratio'] are not columns of the table ['attribute', 'gain']"
    )


def test_a_table_without_a_highlight_marks_no_row():
    table = SimpleNamespace(columns=["attribute", "gain"], rows=[("a", 0.5), ("b", 0.1)])
    ax = score_bars(table, measures=["gain"])
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a", "b"]
    assert np.allclose([p.get_width() for p in ax.patches], [0.5, 0.1])
