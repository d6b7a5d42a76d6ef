"""Every app's controls as built: labels, tooltips, ranges, defaults, widths, states.

What a student sees before touching anything: each slider's description, range, step and
starting value, each button's label, tooltip and enabled state, each chooser's options.
Ranges follow the arguments (``max_depth=10`` is the depth slider's end; the stepper's
slider has one position per decision plus the result).
"""

import numpy as np
import pytest

pytest.importorskip("anywidget")

import ipywidgets as w

import dtlearn as dt
from dtlearn.widgets import (
    BoundaryExplorer,
    CostComplexityExplorer,
    CriteriaExplorer,
    ID3Builder,
    OverfittingExplorer,
    PruningStepper,
)
from dtlearn.widgets.base import _walk_widgets

CONTROLS = (
    w.Button,
    w.ToggleButton,
    w.ToggleButtons,
    w.IntSlider,
    w.FloatSlider,
    w.SelectionSlider,
    w.Dropdown,
)
KEYS = ("description", "disabled", "tooltip", "min", "max", "step", "value", "options")


def controls(app):
    out = []
    for x in _walk_widgets(app.children):
        if isinstance(x, CONTROLS):
            spec = {k: getattr(x, k) for k in KEYS if hasattr(x, k)}
            spec["width"] = x.layout.width
            if hasattr(x, "continuous_update"):
                spec["continuous_update"] = x.continuous_update
            out.append((type(x).__name__, spec))
    return out


def test_boundary_explorer_controls():
    X = np.random.default_rng(0).uniform(size=(30, 2))
    app = BoundaryExplorer(X, np.array(["a", "b"] * 15), resolution=10, max_depth=7)
    assert controls(app) == [
        (
            "IntSlider",
            {
                "description": "max depth",
                "disabled": False,
                "tooltip": None,
                "min": 1,
                "max": 7,
                "step": 1,
                "value": 2,
                "width": None,
                "continuous_update": False,
            },
        ),
        (
            "ToggleButtons",
            {
                "description": "",
                "disabled": False,
                "tooltip": None,
                "value": False,
                "options": (("axis-aligned", False), ("oblique", True)),
                "width": None,
            },
        ),
    ]
    assert BoundaryExplorer(X, np.array(["a", "b"] * 15), resolution=10).slider.max == 10


def test_criteria_explorer_controls():
    app = CriteriaExplorer()
    [slider, chooser] = controls(app)
    assert slider == (
        "FloatSlider",
        {
            "description": "p",
            "disabled": False,
            "tooltip": None,
            "min": 0.0,
            "max": 1.0,
            "step": 0.01,
            "value": 0.3,
            "width": None,
            "continuous_update": False,
        },
    )
    assert app.p == 0.3
    name, spec = chooser
    assert name == "Dropdown" and spec["description"] == "data set"
    assert spec["value"] == "play_tennis"
    # every data set offered by its name with spaces, the package's first
    assert spec["options"][:2] == (
        ("play tennis", "play_tennis"),
        ("play tennis numeric", "play_tennis_numeric"),
    )
    assert all(label == value.replace("_", " ") for label, value in spec["options"])
    mine = CriteriaExplorer(*dt.load_play_tennis())
    assert mine.chooser.options[0] == ("your data", "your data")
    assert mine.chooser.options[1:] == spec["options"]


def test_id3_builder_controls_before_and_after_a_choice():
    app = ID3Builder(*dt.load_play_tennis())
    specs = controls(app)
    assert specs[0] == (
        "Dropdown",
        {
            "description": "attribute",
            "disabled": False,
            "tooltip": None,
            "value": None,
            "options": ("outlook", "temperature", "humidity", "windy"),
            "width": "auto",
        },
    )
    buttons = [(s["description"], s["tooltip"], s["disabled"], s["width"]) for _, s in specs[1:]]
    assert buttons == [
        ("Split", "split the selected leaf on the chosen attribute", False, "auto"),
        ("Hint", "which attribute would greedy ID3 choose?", False, "auto"),
        ("Undo", "take back the last action", False, "auto"),
        ("Finish greedily", "let ID3 grow the rest", False, "auto"),
        ("Reset", "start again from the root", False, "auto"),
    ]
    assert app.attribute.style.description_width == "initial"
    assert app.predict_first is True and app.selected_leaf == 0


def test_overfitting_explorer_controls():
    app = OverfittingExplorer(*dt.load_play_tennis(numeric=True), precompute=False)
    specs = controls(app)
    assert specs[0] == (
        "ToggleButtons",
        {
            "description": "",
            "disabled": False,
            "tooltip": None,
            "value": "max_depth",
            "options": (("max depth", "max_depth"), ("min samples per leaf", "min_samples_leaf")),
            "width": None,
        },
    )
    assert specs[2] == (
        "SelectionSlider",
        {
            "description": "label noise",
            "disabled": False,
            "tooltip": None,
            "value": 0.0,
            "options": (("0%", 0.0), ("10%", 0.1), ("20%", 0.2), ("30%", 0.3)),
            "width": "420px",
            "continuous_update": False,
        },
    )
    name, value_slider = specs[1]
    assert name == "SelectionSlider" and value_slider["description"] == "max depth"
    assert (value_slider["width"], value_slider["continuous_update"]) == ("420px", False)
    assert app.noise == 0.0 and app.param == "max_depth"


def test_pruning_stepper_controls_at_the_start():
    X, y = dt.load_play_tennis()
    app = PruningStepper(dt.ID3Classifier().fit(X, y), X[::2], y[::2])
    specs = controls(app)
    assert specs[0] == (
        "ToggleButtons",
        {
            "description": "",
            "disabled": False,
            "tooltip": None,
            "value": "reduced_error",
            "options": (
                ("reduced-error pruning", "reduced_error"),
                ("rule post-pruning", "rules"),
                ("cost-complexity path", "cost_complexity"),
                ("C4.5 pessimistic pruning", "pessimistic"),
            ),
            "width": None,
        },
    )
    buttons = [(s["description"], s["tooltip"], s["disabled"], s["width"]) for _, s in specs[1:6]]
    assert buttons == [
        ("◀◀ Start", "back to the first decision", True, "auto"),
        ("◀ Previous", "take back the last decision", True, "auto"),
        ("Next ▶", "apply this decision, look at the next", False, "auto"),
        ("End ▶▶", "jump to the result", False, "auto"),
        ("▶ Play", "play the steps one after another; press again to pause", False, "auto"),
    ]
    assert specs[5][1]["value"] is False  # not playing
    n = app.n_steps
    assert specs[6] == (
        "IntSlider",
        {
            "description": "step",
            "disabled": False,
            "tooltip": None,
            "min": 1,
            "max": n + 1,
            "step": 1,
            "value": 1,
            "width": None,
            "continuous_update": False,
        },
    )
    assert app.slider.style.description_width == "initial"
    assert (app.method, app.position, app.interval) == ("reduced_error", 0, 800)


def test_cost_complexity_explorer_slider():
    app = CostComplexityExplorer(*dt.load_play_tennis(numeric=True))
    [(name, spec)] = controls(app)
    assert name == "SelectionSlider"
    assert (spec["description"], spec["width"], spec["continuous_update"]) == (
        "α",
        "520px",
        False,
    )
    # one position per distinct alpha, starting at the unpruned tree (alpha 0)
    assert spec["value"] == 0 and spec["options"][0] == ("0", 0)
    assert [v for _, v in spec["options"]] == list(range(len(spec["options"])))
