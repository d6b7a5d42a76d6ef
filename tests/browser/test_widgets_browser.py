"""Real browser: run the demo notebook in JupyterLab and drive the widgets."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


@pytest.mark.browser
def test_widgets_in_jupyterlab(lab, page):
    try:
        _drive(lab, page)
    except Exception:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "failure.png"))
        raise


def _accept_kernel_dialog(page):
    """JupyterLab may ask which kernel to start: accept the preselected one."""
    accept = page.locator(".jp-Dialog .jp-mod-accept")
    try:
        accept.wait_for(timeout=4000)
    except Exception:  # no dialog: fine
        return
    accept.click()


def _drive(lab, page):
    url, token, _ = lab
    page.set_default_timeout(20000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    workspace = f"t{uuid.uuid4().hex[:10]}"
    page.goto(f"{url}/lab/workspaces/{workspace}/tree/widgets_demo.ipynb?token={token}")
    page.wait_for_function("window.jupyterapp !== undefined", timeout=30000)
    nb = page.locator(".jp-NotebookPanel:visible")
    nb.locator(".jp-Notebook").wait_for(timeout=30000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=30000)
    _accept_kernel_dialog(page)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    _accept_kernel_dialog(page)

    # 1. TreeView: the decision path is highlighted; clicking a node explains it
    view = nb.locator(".demo-view")
    view.locator(".dtlearn-tv-node").first.wait_for(timeout=30000)
    assert view.locator(".dtlearn-tv-node").count() == 8
    assert view.locator(".dtlearn-tv-node.is-highlighted").count() == 3
    view.locator(".dtlearn-tv-node[data-node-id='0']").click()
    explanation = view.locator(".dtlearn-tv-explanation[data-node-id='0']")
    explanation.wait_for(timeout=10000)
    text = explanation.inner_text()
    assert "outlook" in text and "chosen by greedy" in text
    assert "0.247" in text  # information gain of outlook in the candidate table
    # keyboard: Tab-reachable node, Enter selects it
    view.locator(".dtlearn-tv-node[data-node-id='4']").focus()
    page.keyboard.press("Enter")
    view.locator(".dtlearn-tv-explanation[data-node-id='4']").wait_for(timeout=10000)
    # collapse the root's first subtree with its toggle, then expand again
    view.locator("[data-toggle='1']").click()
    page.wait_for_function(
        "document.querySelectorAll('.demo-view .dtlearn-tv-node').length === 6", timeout=10000)
    view.locator("[data-toggle='1']").click()
    page.wait_for_function(
        "document.querySelectorAll('.demo-view .dtlearn-tv-node').length === 8", timeout=10000)
    view.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "treeview.png"))

    # 2. ID3Builder: choose an attribute, split, the tree grows in the DOM
    builder = nb.locator(".dtlearn-id3-builder")
    builder.locator(".dtlearn-tv-node").first.wait_for(timeout=30000)
    assert builder.locator(".dtlearn-tv-node").count() == 1
    builder.locator("select").select_option("outlook")
    builder.get_by_role("button", name="Split").click()
    page.wait_for_function(
        "document.querySelectorAll('.dtlearn-id3-builder .dtlearn-tv-node').length === 4",
        timeout=10000)
    status = builder.locator(".dtlearn-app-status").inner_text()
    assert status.startswith("your tree: 3 leaves")
    builder.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "id3builder.png"))

    # 3. BoundaryExplorer: move the depth slider by keyboard, the figure changes
    boundary = nb.locator(".dtlearn-boundary-explorer")
    image = boundary.locator("img")
    image.wait_for(timeout=30000)
    before = image.get_attribute("src")
    summary_before = boundary.locator(".widget-html-content").first.inner_text()
    boundary.locator(".noUi-handle, .slider-handle, [role='slider']").first.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "(prev) => { const i = document.querySelector('.dtlearn-boundary-explorer img');"
        " return i && i.getAttribute('src') !== prev; }", arg=before, timeout=15000)
    assert boundary.locator(".widget-html-content").first.inner_text() != summary_before
    boundary.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "boundary.png"))

    # 4. OverfittingExplorer: move the tree-size slider by keyboard; the marked point on
    #    the curve figure and the status line change, and the image is shown sharp
    over = nb.locator(".dtlearn-overfitting-explorer")
    over_image = over.locator("img")
    over_image.wait_for(timeout=30000)
    assert over_image.get_attribute("width") == over_image.evaluate("i => String(i.naturalWidth)")
    before = over_image.get_attribute("src")
    status_before = over.locator(".dtlearn-app-status").inner_text()
    over.locator(".noUi-handle, .slider-handle, [role='slider']").first.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "(prev) => { const i = document.querySelector('.dtlearn-overfitting-explorer img');"
        " return i && i.getAttribute('src') !== prev; }", arg=before, timeout=15000)
    status_after = over.locator(".dtlearn-app-status").inner_text()
    assert status_after != status_before and status_after.startswith("max depth = ")
    over.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "overfitting.png"))

    # 5. PruningStepper: "Next" applies the decision; the highlighted node moves
    stepper = nb.locator(".dtlearn-pruning-stepper")
    stepper.locator(".dtlearn-tv-node.is-selected").wait_for(timeout=30000)
    first = stepper.locator(".dtlearn-tv-node.is-selected").get_attribute("data-node-id")
    stepper.get_by_role("button", name="Next ▶").click()
    page.wait_for_function(
        "(prev) => { const n = document.querySelector("
        "'.dtlearn-pruning-stepper .dtlearn-tv-node.is-selected');"
        " return n && n.getAttribute('data-node-id') !== prev; }", arg=first, timeout=15000)
    assert "step 2 of" in stepper.locator(".dtlearn-app-status").inner_text()
    assert stepper.locator(".MathJax, mjx-container").count() > 0  # worked comparison typeset
    stepper.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "pruning_stepper.png"))

    # 6. CostComplexityExplorer: moving alpha prunes the tree shown
    ccp = nb.locator(".dtlearn-ccp-explorer")
    ccp.locator(".dtlearn-tv-node").first.wait_for(timeout=30000)
    nodes_before = ccp.locator(".dtlearn-tv-node").count()
    ccp.locator(".noUi-handle, .slider-handle, [role='slider']").first.focus()
    page.keyboard.press("End")
    page.wait_for_function(
        "() => document.querySelectorAll('.dtlearn-ccp-explorer .dtlearn-tv-node').length"
        " === 1", timeout=15000)
    assert nodes_before > 1
    assert "1 leaves" in ccp.locator(".dtlearn-app-status").inner_text()

    assert page.console_errors == [], page.console_errors
