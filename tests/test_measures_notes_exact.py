"""The notes a measure's derivation adds at its edges: empty classes, a single value.

Each note is the sentence a student reads under the worked numbers; its words and the
edge where it appears (exactly one value present, one class empty) are pinned here.
"""

import pandas as pd

import dtlearn as dt


def test_split_info_of_a_single_value_says_it_separates_nothing():
    single = (
        "A takes a single value here, so splitting on it separates nothing: its split info is 0"
    )
    assert dt.split_info(counts=[4, 0]).explain().note == single
    assert dt.split_info(counts=[0, 0, 5]).explain().note == single
    named = dt.split_info(pd.Series(["s", "s"], name="outlook"))
    assert named.explain().note == single.replace("A takes", "outlook takes")
    # two values present: the note is about the empty one, or there is none
    assert dt.split_info(counts=[2, 2, 0]).explain().note == (
        "values with no instances (v3) contribute nothing (0 · log 0 is taken as 0)"
    )
    assert dt.split_info(counts=[1, 3]).explain().note == ""


def test_gain_ratio_of_a_single_value_is_zero_and_says_why():
    ratio = dt.gain_ratio(counts=[[3, 1], [0, 0]])
    assert float(ratio) == 0.0
    derivation = ratio.explain()
    assert derivation.note == (
        "A takes a single value here: split info is 0 (and so is the gain), so the gain "
        "ratio is taken as 0 instead of dividing by zero"
    )
    assert derivation.lines[-1].text == "GainRatio(A) = 0"
    # two values: gain / split info, no note
    ratio = dt.gain_ratio(counts=[[3, 0], [0, 1]])
    assert ratio.explain().note == ""
    assert ratio.explain().lines[-1].text == (
        "GainRatio(A) = gain / split info = 0.811 / 0.811 = 1.000"
    )


def test_an_empty_class_contributes_nothing():
    assert dt.entropy(counts=[3, 0]).explain().note == (
        "classes with no instances (c2) contribute nothing (0 · log 0 is taken as 0)"
    )
    assert dt.entropy(counts=[3, 0, 0], classes=["yes", "no", "maybe"]).explain().note == (
        "classes with no instances (no, maybe) contribute nothing (0 · log 0 is taken as 0)"
    )


def test_entropy_without_an_empty_class_has_no_note():
    assert dt.entropy(counts=[3, 1]).explain().note == ""
