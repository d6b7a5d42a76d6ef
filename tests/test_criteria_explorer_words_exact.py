"""CriteriaExplorer's example table, value box and words, against the textbook by hand.

The classic example: a (50, 50) node split as A: (10,40)+(40,10) or B: (50,20)+(0,30).
Misclassification: 0.5 before, 0.2 after either (a tie); Gini: 0.5 before, A 0.32,
B 0.7 · (1 - (5/7)² - (2/7)²) = 0.2857; entropy: 1 before, A H(0.2) = 0.7219,
B 0.7 · H(5/7) = 0.6042.
"""

import math

import pytest

pytest.importorskip("anywidget")

import traitlets
from lecture_hints import G, H

from dtlearn import criteria
from dtlearn.widgets import CriteriaExplorer
from dtlearn.widgets.criteria_explorer import _score_name, criteria_example_table


def test_example_table_by_hand():
    table = criteria_example_table()
    assert list(table.columns) == [
        "criterion",
        "parent",
        "after A",
        "after B",
        "gain A",
        "gain B",
        "prefers",
    ]
    assert table.caption == "(50, 50) split into A: (10,40)+(40,10) or B: (50,20)+(0,30)"
    gini_b = 0.7 * G([50, 20])
    entropy_a, entropy_b = H([10, 40]), 0.7 * H([50, 20])
    want = [  # the impurity that tells A and B apart least first
        ("misclassification", 0.5, 0.2, 0.2, 0.3, 0.3, "tie"),
        ("Gini", 0.5, 0.32, gini_b, 0.18, 0.5 - gini_b, "B"),
        ("entropy", 1.0, entropy_a, entropy_b, 1 - entropy_a, 1 - entropy_b, "B"),
    ]
    assert [row[0] for row in table.rows] == [row[0] for row in want]
    for got, row in zip(table.rows, want):
        assert got[1:6] == pytest.approx(row[1:6], abs=1e-12)
        assert got[6] == row[6]


def test_score_names_of_every_classification_criterion():
    names = {c.name: _score_name(c) for c in criteria.for_task("classification")}
    assert names == {
        "entropy": "information gain (decrease of entropy)",
        "gain_ratio": "gain ratio",
        "gini": "gain (decrease of Gini impurity)",
        "misclassification": "gain (decrease of misclassification rate)",
        "hellinger": "Hellinger distance",
    }


def test_value_box_and_words_at_p():
    app = CriteriaExplorer()
    app.p = 0.25
    h = -(0.25 * math.log2(0.25) + 0.75 * math.log2(0.75))
    words = f"p = 0.25: entropy/2 = {h / 2:.3f}, Gini = 0.375, misclassification = 0.250"
    assert app.values_text == words
    assert app.describe() == f"{words}; data set play tennis"
    assert repr(app) == f"CriteriaExplorer: {words}; data set play tennis"
    ax = app.figure.figure.axes[0]
    assert ax.get_position().bounds == pytest.approx((0.09, 0.14, 0.56, 0.82))
    legend = ax.get_legend()
    anchor = legend.get_bbox_to_anchor().transformed(ax.transAxes.inverted())
    assert (legend._loc, legend.get_frame_on()) == (2, False)  # upper left, no frame
    assert (anchor.x0, anchor.y0) == pytest.approx((1.03, 1.0))
    assert {t.get_fontsize() for t in legend.get_texts()} == {9.0}
    [box] = ax.texts
    assert box.get_text() == (
        f"p = 0.25\nentropy/2 = {h / 2:.3f}\nGini = 0.375\nmisclassification = 0.250"
    )
    assert (box.get_position(), box.get_fontsize(), box.get_clip_on()) == ((1.04, 0.55), 9.0, False)
    line = [ln for ln in ax.lines if ln.get_animated() and ln.get_marker() != "o"][0]
    assert list(line.get_xdata()) == [0.25, 0.25]
    assert app.image._dtlearn_alt == (
        "entropy/2, Gini and misclassification of a two-class node against p, the marked "
        "values at the chosen p"
    )


def test_an_unknown_data_set_is_refused_by_name():
    app = CriteriaExplorer()
    with pytest.raises(traitlets.TraitError) as err:
        app.dataset = "iris"
    assert str(err.value) == (
        "dataset must be one of ['play_tennis', 'play_tennis_numeric', 'restaurant', "
        "'contact_lenses', 'labor', 'vote', 'breast_cancer_ljubljana', 'car', 'mushroom', "
        "'tic_tac_toe'], got 'iris'"
    )
    assert app.dataset == "play_tennis"
