"""The lectures' prose names the apps' controls by their labels and states as they start.

The labels are read from the widgets themselves (every slider's and button's description,
made by the apps on small data), the prose from the markdown cells of the lectures in
``instructor/`` (the student course is generated from them). A sentence that tells the
reader to move "the **value** slider" fails when no app has a slider of that name; one that
says to set a control to the value it starts at, or that a view shows "the root at first"
while a view starts with nothing selected, fails too.
"""

import json
import re
from pathlib import Path

import ipywidgets as w
import pytest

import dtlearn as dt
from dtlearn.widgets import (
    BoundaryExplorer,
    CostComplexityExplorer,
    CriteriaExplorer,
    ID3Builder,
    OverfittingExplorer,
    PruningStepper,
    TreeView,
)

ROOT = Path(__file__).resolve().parents[1]
LECTURES = sorted((ROOT / "instructor").glob("[0-9]*.ipynb"))


def _controls(app):
    """(kind, label) of every slider, button and toggle option an app shows."""
    found = set()
    stack = [app]
    while stack:
        widget = stack.pop()
        stack.extend(getattr(widget, "children", ()))
        if isinstance(widget, (w.IntSlider, w.FloatSlider, w.SelectionSlider)):
            found.add(("slider", widget.description))
        elif isinstance(widget, (w.Button, w.ToggleButton)):
            found.add(("button", widget.description))
        elif isinstance(widget, w.ToggleButtons):
            found.update(("button", str(label)) for label in widget._options_labels)
        elif isinstance(widget, w.Dropdown):
            found.add(("menu", widget.description))
    return found


@pytest.fixture(scope="module")
def apps():
    X, y = dt.load_play_tennis()
    Xn, yn = dt.load_play_tennis(numeric=True)
    Xn = Xn[["temperature", "humidity"]]
    model = dt.ID3Classifier().fit(X, y)
    over = OverfittingExplorer(X, y, noise_levels=(0.0, 0.2), precompute=False)
    made = {
        "CriteriaExplorer": CriteriaExplorer(),
        "ID3Builder": ID3Builder(X, y),
        "BoundaryExplorer": BoundaryExplorer(Xn, yn, max_depth=3),
        "OverfittingExplorer": over,
        "PruningStepper": PruningStepper(model, X[::2], y[::2]),
        "CostComplexityExplorer": CostComplexityExplorer(Xn, yn, cv=2),
    }
    labels = {name: _controls(app) for name, app in made.items()}
    # every parameter tab of the overfitting app names its slider after the parameter
    for p in ("max_depth", "min_samples_leaf"):
        over.param = p
        labels["OverfittingExplorer"].add(("slider", over.value_slider.description))
    return made, labels


def _markdown(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [
        ("".join(c["source"]), i) for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown"
    ]


def _apps_in(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    return {
        name
        for name in (
            "CriteriaExplorer",
            "ID3Builder",
            "BoundaryExplorer",
            "OverfittingExplorer",
            "PruningStepper",
            "CostComplexityExplorer",
            "TreeView",
        )
        if re.search(rf"\b{name}\(", code)
    }


NAMED = r"(?:\*\*|\*|`|\"|“)([^*`\"”\n]{1,40})(?:\*\*|\*|`|\"|”)"


def test_the_control_finder_reads_every_kind(apps):
    _, labels = apps
    assert {
        ("slider", "max depth"),
        ("slider", "label noise"),
        ("slider", "min samples per leaf"),
        ("button", "min samples per leaf"),
    } <= labels["OverfittingExplorer"]
    assert {("slider", "p"), ("menu", "data set")} <= labels["CriteriaExplorer"]
    assert {("button", "Split"), ("button", "Hint"), ("menu", "attribute")} <= labels["ID3Builder"]
    assert ("slider", "α") in labels["CostComplexityExplorer"]
    assert ("slider", "step") in labels["PruningStepper"]


@pytest.mark.parametrize(
    "path", [p for p in LECTURES if _apps_in(p) - {"TreeView"}], ids=lambda p: p.name
)
def test_prose_names_sliders_and_buttons_by_their_labels(apps, path):
    _, labels = apps
    shown = set().union(*(labels[name] for name in _apps_in(path) - {"TreeView"}))
    wrong = []
    for text, cell in _markdown(path):
        for kind in ("slider", "button"):
            for name in re.findall(NAMED + rf"\s+{kind}\b", text):
                if (kind, name.strip()) not in shown:
                    wrong.append(f"cell {cell}: the {name!r} {kind}")
    assert not wrong, f"{path.name}: no app here has {wrong}; its controls: {sorted(shown)}"


def test_prose_does_not_ask_to_set_a_control_where_it_starts(apps):
    made, _ = apps
    over = made["OverfittingExplorer"]
    slider = over.noise_slider
    start = slider.options[slider.index][0]  # the first noise level: "0%" (.label syncs late)
    assert start == "0%" and over.noise == 0.0
    for path in LECTURES:
        if "OverfittingExplorer" not in _apps_in(path):
            continue
        for text, cell in _markdown(path):
            found = re.search(r"set\s+" + NAMED + r"\s+to\s+0\s?%", text)
            assert not (found and found.group(1).strip() == over.noise_slider.description), (
                f"{path.name} cell {cell}: {over.noise_slider.description} starts at {start}"
            )


def test_prose_does_not_say_a_view_starts_on_the_root():
    view = TreeView(dt.ID3Classifier().fit(*dt.load_play_tennis()))
    assert view.selected is None  # a view starts with nothing selected
    said = [
        (p.name, cell)
        for p in LECTURES
        if "TreeView" in _apps_in(p)
        for text, cell in _markdown(p)
        if re.search(r"root at first", text)
    ]
    assert not said, f"'the root at first', but nothing is selected at first: {said}"
