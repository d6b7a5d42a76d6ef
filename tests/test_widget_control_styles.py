"""The apps' toggle buttons take the width of their words, their labels the width they need.

ipywidgets' ToggleButtons default to a fixed button width that cuts "min samples per
leaf" or "C4.5 pessimistic pruning"; the apps set ``button_width="auto"``. Slider
labels are ``"initial"`` (as wide as their words).
"""

import pytest

pytest.importorskip("ipywidgets")

import dtlearn as dt
from dtlearn.widgets import OverfittingExplorer, PruningStepper


def test_overfitting_explorer_styles():
    app = OverfittingExplorer(*dt.load_play_tennis(numeric=True), precompute=False)
    assert app.param_buttons.style.button_width == "auto"
    assert app.value_slider.style.description_width == "initial"
    assert app.noise_slider.style.description_width == "initial"


def test_pruning_stepper_styles():
    X, y = dt.load_play_tennis()
    app = PruningStepper(dt.ID3Classifier().fit(X, y), X[::2], y[::2])
    assert app.method_buttons.style.button_width == "auto"
    assert app.slider.style.description_width == "initial"
